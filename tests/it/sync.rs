//! One history shared between devices through a folder: what one device records
//! reaches the others, concurrent changes lose nothing, and damaged or newer files are never
//! half applied.

use std::path::Path;

use greffier::history::{PlayEdit, PlayFilter, Store};
use serde_json::json;

use crate::support::{start_valencia, valencia_sheet};

/// A history on its own device, sharing `folder`.
pub struct Device {
    pub store: Store,
}

impl Device {
    pub fn new(folder: &Path, name: &str) -> Device {
        let mut store = Store::open_in_memory().expect("store");
        store.share_history(Some(folder), Some(name)).expect("share");
        Device { store }
    }

    pub fn sync(&mut self) -> greffier::history::SyncReport {
        self.store.sync_now(None).expect("sync")
    }

    /// The plays as the others must see them too: uuid, status, bin, scores by player name.
    pub fn plays(&self) -> Vec<String> {
        let mut out = Vec::new();
        for deleted in [false, true] {
            let page = self
                .store
                .list_plays(&PlayFilter { deleted, limit: 200, ..PlayFilter::default() })
                .expect("list");
            for p in page.plays {
                let detail = self.store.play(p.id).expect("play");
                let players: Vec<String> = p
                    .players
                    .iter()
                    .map(|s| format!("{}={:?}{}", s.name, s.total, if s.winner { "*" } else { "" }))
                    .collect();
                out.push(format!(
                    "{} {:?} bin={} {} {:?} {:?} [{}] state={}",
                    detail.uuid,
                    p.status,
                    deleted,
                    detail.started_at,
                    detail.location,
                    detail.notes,
                    players.join(" "),
                    detail.table_state.map(|s| s.to_string()).unwrap_or_default(),
                ));
            }
        }
        out.sort();
        out
    }
}

/// A statistic's text without this history's own ids (`play_id: 3` → `play_id: #`).
pub fn mask_ids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("_id: ") {
        out.push_str(&rest[..at + 5]);
        rest = rest[at + 5..].trim_start_matches(|c: char| c.is_ascii_digit());
        out.push('#');
    }
    out.push_str(rest);
    out
}

fn finished_play(store: &mut Store, names: &[&str], cities: &[i64]) -> u32 {
    let play = start_valencia(store, names);
    let rows: Vec<(&str, i64, i64)> = names.iter().zip(cities).map(|(n, c)| (*n, *c, 1)).collect();
    store.finish_play(play.id, &valencia_sheet(&rows)).expect("finish").id
}

fn play_id(store: &Store, uuid: &str) -> u32 {
    for deleted in [false, true] {
        let page =
            store.list_plays(&PlayFilter { deleted, limit: 200, ..PlayFilter::default() }).expect("list");
        for p in page.plays {
            if store.play(p.id).expect("play").uuid == uuid {
                return p.id;
            }
        }
    }
    panic!("no play {uuid}")
}

#[test]
fn plays_entered_on_two_devices_meet_and_a_correction_crosses() {
    let dir = tempfile::tempdir().expect("dir");
    let mut laptop = Device::new(dir.path(), "Laptop");
    let mut tablet = Device::new(dir.path(), "Tablet");
    let a = finished_play(&mut laptop.store, &["Ani", "Dirk"], &[5, 7]);
    finished_play(&mut tablet.store, &["Lilli", "Max"], &[3, 2]);
    let first = laptop.sync();
    assert_eq!(first.written, 1, "{first:?}");
    let on_tablet = tablet.sync();
    assert_eq!(on_tablet.applied.len(), 1, "{on_tablet:?}");
    assert_eq!(on_tablet.applied[0].device_name.as_deref(), Some("Laptop"));
    laptop.sync();
    assert_eq!(laptop.plays(), tablet.plays());
    assert_eq!(laptop.plays().len(), 2);

    // A correction on the tablet of the laptop's play.
    let uuid = laptop.store.play(a).expect("play").uuid;
    let there = play_id(&tablet.store, &uuid);
    let edit = PlayEdit {
        location: Some("Nantes".into()),
        table_state: Some(valencia_sheet(&[("Ani", 9, 1), ("Dirk", 7, 1)])),
        ..PlayEdit::default()
    };
    tablet.store.edit_play(there, &edit).expect("correct");
    tablet.sync();
    let report = laptop.sync();
    assert_eq!(report.conflicts, 0);
    assert!(report.changed_plays.contains(&a), "{report:?}");
    let corrected = laptop.store.play(a).expect("play");
    assert_eq!(corrected.location.as_deref(), Some("Nantes"));
    assert_eq!(corrected.scoreboard.expect("scored").players[0].total, Some(10));
    assert_eq!(laptop.plays(), tablet.plays());
    // Statistics agree, and equal a recomputation on each side.
    for d in [&mut laptop, &mut tablet] {
        let kept = d.store.statistics_summaries().expect("summaries");
        d.store.rebuild_statistics().expect("rebuild");
        assert_eq!(kept, d.store.statistics_summaries().expect("summaries"));
    }
    let stats = |d: &Device| {
        mask_ids(&format!("{:?}", d.store.game_stats(greffier::games::GameId::Valencia, 5).expect("stats")))
    };
    assert_eq!(stats(&laptop), stats(&tablet));
    // Nothing new: a pass writes and applies nothing.
    let idle = tablet.sync();
    assert_eq!((idle.written, idle.applied.len()), (0, 0), "{idle:?}");
}

#[test]
fn a_play_edited_on_two_devices_shows_the_later_edit_and_keeps_the_other() {
    let dir = tempfile::tempdir().expect("dir");
    let mut laptop = Device::new(dir.path(), "Laptop");
    let mut tablet = Device::new(dir.path(), "Tablet");
    let a = finished_play(&mut laptop.store, &["Ani", "Dirk"], &[5, 7]);
    laptop.sync();
    tablet.sync();
    let uuid = laptop.store.play(a).expect("play").uuid;
    let there = play_id(&tablet.store, &uuid);
    let note = |text: &str| PlayEdit { notes: Some(text.into()), ..PlayEdit::default() };
    laptop.store.edit_play(a, &note("from the laptop")).expect("edit");
    tablet.store.edit_play(there, &note("from the tablet")).expect("edit");
    tablet.store.edit_play(there, &note("from the tablet, again")).expect("edit");
    laptop.sync();
    tablet.sync();
    laptop.sync();
    assert_eq!(laptop.plays(), tablet.plays(), "both show the same version");
    let conflicts = laptop.store.sync_conflicts().expect("conflicts");
    assert_eq!(conflicts.len(), 1, "{conflicts:?}");
    let versions = |d: &Device| -> Vec<(String, bool)> {
        d.store.sync_conflicts().expect("conflicts")[0]
            .versions
            .iter()
            .map(|v| (v.version.clone(), v.shown))
            .collect()
    };
    assert_eq!(versions(&laptop), versions(&tablet), "the same version shown, the same kept aside");
    let notes: Vec<Option<String>> =
        conflicts[0].versions.iter().map(|v| v.play.as_ref().and_then(|p| p.notes.clone())).collect();
    assert!(
        notes.contains(&Some("from the laptop".into()))
            && notes.contains(&Some("from the tablet, again".into())),
        "{notes:?}"
    );
    // Keep the one not shown, on the tablet: every device shows it, and the conflict is gone.
    let other = conflicts[0].versions.iter().find(|v| !v.shown).expect("kept aside").clone();
    let left = tablet.store.resolve_sync_conflict(&uuid, &other.version).expect("keep");
    assert!(left.is_empty());
    tablet.sync();
    laptop.sync();
    assert!(laptop.store.sync_conflicts().expect("conflicts").is_empty());
    assert_eq!(laptop.store.play(a).expect("play").notes, other.play.expect("play").notes);
    assert_eq!(laptop.plays(), tablet.plays());
}

#[test]
fn a_delete_meeting_an_edit_keeps_the_edit_and_offers_the_delete_again() {
    let dir = tempfile::tempdir().expect("dir");
    let mut laptop = Device::new(dir.path(), "Laptop");
    let mut tablet = Device::new(dir.path(), "Tablet");
    let a = finished_play(&mut laptop.store, &["Ani", "Dirk"], &[5, 7]);
    laptop.sync();
    tablet.sync();
    let uuid = laptop.store.play(a).expect("play").uuid;
    let there = play_id(&tablet.store, &uuid);
    tablet
        .store
        .edit_play(there, &PlayEdit { notes: Some("kept".into()), ..PlayEdit::default() })
        .expect("edit");
    tablet.sync();
    // The laptop deletes later (a later clock), without having seen the edit.
    laptop.store.delete_play(a).expect("delete");
    laptop.store.delete_play(a).ok();
    laptop.sync();
    tablet.sync();
    for d in [&laptop, &tablet] {
        let id = play_id(&d.store, &uuid);
        let play = d.store.play(id).expect("play");
        assert_eq!(play.deleted_at, None, "the edit survives");
        assert_eq!(play.notes.as_deref(), Some("kept"));
        let conflicts = d.store.sync_conflicts().expect("conflicts");
        assert_eq!(conflicts.len(), 1);
        let delete = conflicts[0].versions.iter().find(|v| !v.shown).expect("the delete, offered again");
        assert!(delete.play.as_ref().is_some_and(|p| p.deleted));
    }
    assert_eq!(laptop.plays(), tablet.plays());
    // Deleting again, from the list: in the bin everywhere.
    let delete = laptop.store.sync_conflicts().expect("c")[0]
        .versions
        .iter()
        .find(|v| !v.shown)
        .expect("d")
        .version
        .clone();
    laptop.store.resolve_sync_conflict(&uuid, &delete).expect("delete again");
    laptop.sync();
    tablet.sync();
    assert!(tablet.store.play(play_id(&tablet.store, &uuid)).expect("play").deleted_at.is_some());
    assert_eq!(laptop.plays(), tablet.plays());
}

#[test]
fn a_play_for_a_player_merged_elsewhere_follows_the_merge() {
    let dir = tempfile::tempdir().expect("dir");
    let mut laptop = Device::new(dir.path(), "Laptop");
    let mut tablet = Device::new(dir.path(), "Tablet");
    finished_play(&mut laptop.store, &["Ani", "Dirk"], &[5, 7]);
    finished_play(&mut laptop.store, &["Anni", "Lilli"], &[5, 7]);
    laptop.sync();
    tablet.sync();
    let id = |s: &Store, n: &str| {
        s.list_players().expect("roster").into_iter().find(|p| p.name == n).map(|p| p.id)
    };
    // The tablet records a play for Anni while the laptop merges Anni into Ani.
    let new = finished_play(&mut tablet.store, &["Anni", "Max"], &[4, 6]);
    let uuid = tablet.store.play(new).expect("play").uuid;
    let (ani, anni) = (id(&laptop.store, "Ani").expect("Ani"), id(&laptop.store, "Anni").expect("Anni"));
    laptop.store.merge_players(ani, anni).expect("merge");
    tablet.sync();
    laptop.sync();
    tablet.sync();
    for d in [&laptop, &tablet] {
        assert_eq!(id(&d.store, "Anni"), None, "Anni left the roster");
        let play = d.store.play(play_id(&d.store, &uuid)).expect("play");
        assert_eq!(play.seats[0].player_name, "Ani", "the play follows the merge");
        assert_eq!(play.table_state.expect("state")["players"][0]["name"], json!("Ani"));
        let ani = id(&d.store, "Ani").expect("Ani");
        assert_eq!(d.store.player_stats(ani).expect("stats").plays, 3);
    }
    assert_eq!(laptop.plays(), tablet.plays());
    assert!(laptop.store.sync_conflicts().expect("conflicts").is_empty());
}

#[test]
fn a_folder_holding_the_history_itself_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let mut store = Store::open(&dir.path().join("history.sqlite3")).expect("store");
    let refused = store.share_history(Some(dir.path()), None).expect_err("refused");
    assert_eq!(refused.kind(), "invalid_input");
    let shared = tempfile::tempdir().expect("shared");
    let status = store.share_history(Some(shared.path()), Some("Laptop")).expect("another folder");
    assert_eq!(status.device_name.as_deref(), Some("Laptop"));
    assert!(status.folder.is_some());
}

/// The folder of a device as another sees it: the files a sync engine brought.
fn deliver(from: &Path, to: &Path, device: &str, cut: Option<usize>) {
    let source = from.join(greffier::history::sync::folder::DIR_NAME).join(device);
    let target = to.join(greffier::history::sync::folder::DIR_NAME).join(device);
    std::fs::create_dir_all(&target).expect("dir");
    for entry in std::fs::read_dir(source).expect("read").flatten() {
        let bytes = std::fs::read(entry.path()).expect("file");
        let bytes = match cut {
            Some(n) if entry.file_name() != "device.json" => bytes[..bytes.len().min(n)].to_vec(),
            _ => bytes,
        };
        std::fs::write(target.join(entry.file_name()), bytes).expect("write");
    }
}

#[test]
fn a_truncated_or_foreign_file_is_skipped_and_said_then_applied_once_whole() {
    let (one, two) = (tempfile::tempdir().expect("dir"), tempfile::tempdir().expect("dir"));
    let mut laptop = Device::new(one.path(), "Laptop");
    let mut tablet = Device::new(two.path(), "Tablet");
    finished_play(&mut laptop.store, &["Ani", "Dirk"], &[5, 7]);
    laptop.sync();
    let id = laptop.store.sync_status().expect("status").device.expect("device");
    deliver(one.path(), two.path(), &id, Some(200));
    let foreign = two.path().join(greffier::history::sync::folder::DIR_NAME).join("notes.txt");
    std::fs::write(&foreign, "not ours").expect("write");
    let report = tablet.sync();
    assert!(report.applied.is_empty(), "{report:?}");
    assert_eq!(report.skipped.len(), 2, "{report:?}");
    assert!(report.skipped.iter().any(|s| s.file.ends_with("notes.txt")));
    assert!(
        report
            .skipped
            .iter()
            .any(|s| s.file.ends_with("0000000001.changes") && s.reason.en.contains("cut short"))
    );
    assert!(tablet.plays().is_empty(), "nothing half applied");
    assert_eq!(tablet.store.integrity_check().expect("check"), "ok");
    deliver(one.path(), two.path(), &id, None);
    let report = tablet.sync();
    assert_eq!(report.applied.len(), 1, "{report:?}");
    assert_eq!(laptop.plays(), tablet.plays());
}

#[test]
fn a_file_from_a_newer_greffier_waits_and_says_so() {
    let (one, two) = (tempfile::tempdir().expect("dir"), tempfile::tempdir().expect("dir"));
    let mut laptop = Device::new(one.path(), "Laptop");
    let mut tablet = Device::new(two.path(), "Tablet");
    finished_play(&mut laptop.store, &["Ani", "Dirk"], &[5, 7]);
    laptop.sync();
    finished_play(&mut laptop.store, &["Ani", "Lilli"], &[2, 3]);
    laptop.sync();
    let id = laptop.store.sync_status().expect("status").device.expect("device");
    deliver(one.path(), two.path(), &id, None);
    // The laptop's first file as a build one schema ahead would have written it.
    let first =
        two.path().join(greffier::history::sync::folder::DIR_NAME).join(&id).join("0000000001.changes");
    let newer =
        greffier::history::sync::folder::rewrite_schema_for_tests(&std::fs::read(&first).expect("read"), 1);
    std::fs::write(&first, newer).expect("write");
    let report = tablet.sync();
    assert!(report.applied.is_empty(), "{report:?}");
    assert_eq!(report.waiting.len(), 1, "{report:?}");
    let waiting = &report.waiting[0];
    assert_eq!(waiting.kind, greffier::history::SyncWaitKind::NewerSchema);
    assert_eq!((waiting.seq, waiting.files), (1, 2), "its later files wait behind it");
    assert!(waiting.reason.en.contains("newer Greffier"), "{:?}", waiting.reason);
    let status = tablet.store.sync_status().expect("status");
    assert_eq!(status.waiting, report.waiting);
    assert!(tablet.plays().is_empty());
}

mod convergence {
    use std::collections::{BTreeMap, HashMap, HashSet};
    use std::path::PathBuf;

    use greffier::history::sync::{folder::DIR_NAME, versions_in_file};
    use greffier::history::{PlayFilter, Store};
    use proptest::prelude::*;

    use super::{deliver, mask_ids};
    use crate::stats_summaries::{Op, op, run};

    #[derive(Debug, Clone)]
    enum Step {
        /// A write on a device (the statistics test's: plays, corrections, undo, deletes,
        /// restores, merges, imports).
        Write(usize, Op),
        /// A device's pass through its own copy of the folder.
        Pass(usize),
        /// The sync engine brings device `.1`'s files to device `.0`'s folder, from device
        /// `.2`'s copy (a relay), cut to `.3` bytes when given.
        Deliver(usize, usize, usize, Option<usize>),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            4 => (0..5usize, op()).prop_map(|(d, o)| Step::Write(d, o)),
            3 => (0..5usize).prop_map(Step::Pass),
            3 => (0..5usize, 0..5usize, 0..5usize, proptest::option::weighted(0.2, 0..400usize))
                .prop_map(|(to, of, via, cut)| Step::Deliver(to, of, via, cut)),
        ]
    }

    struct Group {
        stores: Vec<Store>,
        folders: Vec<PathBuf>,
        ids: Vec<String>,
        _dir: tempfile::TempDir,
    }

    impl Group {
        fn new(n: usize) -> Group {
            let dir = tempfile::tempdir().expect("dir");
            let mut stores = Vec::new();
            let mut folders = Vec::new();
            let mut ids = Vec::new();
            for i in 0..n {
                let folder = dir.path().join(format!("device-{i}"));
                std::fs::create_dir_all(&folder).expect("folder");
                let mut store = Store::open_in_memory().expect("store");
                let status = store.share_history(Some(&folder), Some(&format!("Device {i}"))).expect("share");
                ids.push(status.device.expect("device"));
                stores.push(store);
                folders.push(folder);
            }
            Group { stores, folders, ids, _dir: dir }
        }

        fn deliver(&self, to: usize, of: usize, via: usize, cut: Option<usize>) {
            let (to, of, via) = (to % self.stores.len(), of % self.stores.len(), via % self.stores.len());
            // A device's own folder is its own: the engine brings only the others'.
            if to == of || to == via {
                return;
            }
            let id = &self.ids[of];
            if self.folders[via].join(DIR_NAME).join(id).is_dir() {
                deliver(&self.folders[via], &self.folders[to], id, cut);
            }
        }

        fn play_ids(store: &Store) -> Vec<u32> {
            let mut ids = Vec::new();
            for deleted in [false, true] {
                let mut offset = 0;
                loop {
                    let page = store
                        .list_plays(&PlayFilter { deleted, limit: 200, offset, ..PlayFilter::default() })
                        .expect("list");
                    ids.extend(page.plays.iter().map(|p| p.id));
                    if page.plays.len() < 200 {
                        break;
                    }
                    offset += 200;
                }
            }
            ids.sort_unstable();
            ids
        }

        /// Every file brought everywhere, whole, and passes until nothing moves.
        fn settle(&mut self) {
            for _ in 0..12 {
                let mut moved = false;
                for store in &mut self.stores {
                    let report = store.sync_now(None).expect("pass");
                    moved |= report.written > 0 || !report.applied.is_empty();
                }
                for to in 0..self.stores.len() {
                    for of in 0..self.stores.len() {
                        self.deliver(to, of, of, None);
                    }
                }
                for store in &mut self.stores {
                    let report = store.sync_now(None).expect("pass");
                    moved |= report.written > 0 || !report.applied.is_empty();
                }
                if !moved {
                    return;
                }
            }
            panic!("the histories never settled");
        }

        /// What every history must agree on: plays (with their players' names, scores, states,
        /// the bin), the roster, the versions kept aside, the statistics.
        fn view(store: &mut Store) -> BTreeMap<&'static str, Vec<String>> {
            let mut plays = Vec::new();
            for id in Self::play_ids(store) {
                let mut p = store.play(id).expect("play");
                p.id = 0;
                p.seats.iter_mut().for_each(|s| s.player_id = 0);
                plays.push(format!("{p:?}"));
            }
            plays.sort();
            let mut roster: Vec<String> = store
                .list_players()
                .expect("roster")
                .into_iter()
                .map(|p| format!("{} {:?} {}", p.name, p.colour, p.archived))
                .collect();
            roster.sort();
            let mut conflicts: Vec<String> = store
                .sync_conflicts()
                .expect("conflicts")
                .into_iter()
                .map(|c| {
                    let versions: Vec<String> =
                        c.versions.iter().map(|v| format!("{} {}", v.version, v.shown)).collect();
                    format!("{} {} {}", c.kind, c.uuid, versions.join(","))
                })
                .collect();
            conflicts.sort();
            let mut stats: Vec<String> = crate::stats_summaries::every_statistic(store)
                .lines()
                .filter(|l| !l.starts_with("[PlayerPlayCount") && !l.starts_with("PlayerStats"))
                .map(mask_ids)
                .collect();
            // Each player's count, by name (the list is in this history's id order).
            let names: HashMap<u32, String> =
                store.list_players().expect("roster").into_iter().map(|p| (p.id, p.name)).collect();
            stats.extend(store.player_play_counts().expect("counts").into_iter().map(|c| {
                let name = names.get(&c.player_id).cloned().unwrap_or_default();
                format!("{name} plays {} other {}", c.plays, c.other_plays)
            }));
            // Each player's statistics, their head-to-head lines in an order of no id (two players
            // of one name, made on two devices, are two opponents).
            for p in store.list_players().expect("roster") {
                let mut player = store.player_stats(p.id).expect("player");
                player
                    .head_to_head
                    .sort_by_key(|h| format!("{h:?}").split_once(", ").map(|(_, r)| r.to_owned()));
                stats.push(mask_ids(&format!("{player:?}")));
            }
            stats.sort();
            let kept = store.statistics_summaries().expect("summaries");
            store.rebuild_statistics().expect("rebuild");
            assert_eq!(
                kept,
                store.statistics_summaries().expect("summaries"),
                "maintained statistics equal a recomputation"
            );
            BTreeMap::from([
                ("plays", plays),
                ("roster", roster),
                ("conflicts", conflicts),
                ("statistics", stats),
            ])
        }

        /// Every version any device wrote is shown, kept aside, or replaced by a version
        /// written over it (or naming it as replaced): nothing written is lost silently.
        fn nothing_lost(&self) {
            let mut written: Vec<greffier::history::sync::WrittenVersion> = Vec::new();
            for (i, id) in self.ids.iter().enumerate() {
                let dir = self.folders[i].join(DIR_NAME).join(id);
                for entry in std::fs::read_dir(dir).expect("own folder").flatten() {
                    if entry.file_name() == "device.json" {
                        continue;
                    }
                    let bytes = std::fs::read(entry.path()).expect("file");
                    written.extend(versions_in_file(&bytes).expect("a device's own files are whole"));
                }
            }
            let replaced: HashSet<(&str, &str, &str)> = written
                .iter()
                .flat_map(|w| {
                    w.base.iter().chain(&w.supersedes).map(move |b| (w.kind, w.uuid.as_str(), b.as_str()))
                })
                .collect();
            let store = &self.stores[0];
            let mut heads: HashMap<(String, String), HashSet<String>> = HashMap::new();
            for c in store.sync_conflicts().expect("conflicts") {
                heads.insert(
                    (c.kind.clone(), c.uuid.clone()),
                    c.versions.iter().map(|v| v.version.clone()).collect(),
                );
            }
            for w in &written {
                if replaced.contains(&(w.kind, w.uuid.as_str(), w.version.as_str())) {
                    continue;
                }
                let table = format!("shared_{}s", w.kind);
                let shown: String = store
                    .connection()
                    .query_row(&format!("SELECT version FROM {table} WHERE uuid = ?1"), [&w.uuid], |r| {
                        r.get(0)
                    })
                    .expect("every record written is known everywhere");
                let aside =
                    heads.get(&(w.kind.to_owned(), w.uuid.clone())).is_some_and(|h| h.contains(&w.version));
                assert!(
                    shown == w.version || aside,
                    "{w:?} is neither shown ({shown}), kept aside, nor replaced"
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        /// Three to five histories, each written to and passing through its own copy of the
        /// folder, the files brought from copy to copy in any order, twice, or cut short: once
        /// every file has reached every copy whole, every history shows the same plays, roster,
        /// conflicts and statistics, and every version written is shown, kept aside, or replaced
        /// by a later one made over it.
        #[test]
        fn every_history_converges_and_loses_no_acknowledged_write(
            n in 3usize..=5,
            steps in proptest::collection::vec(step(), 1..40),
        ) {
            let mut group = Group::new(n);
            for (i, s) in steps.iter().enumerate() {
                match s {
                    Step::Write(d, o) => {
                        let store = &mut group.stores[d % n];
                        let mut plays = Group::play_ids(store);
                        run(store, &mut plays, i % 7, o);
                    }
                    Step::Pass(d) => {
                        group.stores[d % n].sync_now(None).expect("pass");
                    }
                    Step::Deliver(to, of, via, cut) => group.deliver(*to, *of, *via, *cut),
                }
            }
            group.settle();
            let first = Group::view(&mut group.stores[0]);
            for d in 1..n {
                let other = Group::view(&mut group.stores[d]);
                for (key, value) in &first {
                    let only_first: Vec<&String> = value.iter().filter(|v| !other[key].contains(v)).collect();
                    let only_other: Vec<&String> = other[key].iter().filter(|v| !value.contains(v)).collect();
                    prop_assert!(
                        only_first.is_empty() && only_other.is_empty(),
                        "device {} differs in {}:\n device 0 only: {:#?}\n device {} only: {:#?}",
                        d, key, only_first, d, only_other
                    );
                }
            }
            group.nothing_lost();
        }
    }
}

/// `greffier sync --db FILE --folder DIR`: one pass, said for people or as JSON.
#[test]
fn the_cli_does_one_pass_and_says_what_it_applied() {
    let dir = tempfile::tempdir().expect("dir");
    let folder = dir.path().join("shared");
    let (a, b) = (dir.path().join("a.sqlite3"), dir.path().join("b.sqlite3"));
    {
        let mut store = Store::open(&a).expect("a");
        finished_play(&mut store, &["Ani", "Dirk"], &[5, 7]);
    }
    let run = |db: &Path, args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_greffier"))
            .arg("sync")
            .arg("--db")
            .arg(db)
            .arg("--folder")
            .arg(&folder)
            .args(args)
            .output()
            .expect("run greffier");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let said = run(&a, &["--lang", "en"]);
    assert!(said.contains("Written: 1 file of this history"), "{said}");
    let json: serde_json::Value = serde_json::from_str(&run(&b, &["--json"])).expect("json");
    assert_eq!(json["applied"].as_array().map(Vec::len), Some(1), "{json}");
    assert_eq!(json["applied"][0]["plays"], 1);
    assert_eq!(json["conflicts"], 0);
    let said = run(&b, &["--lang", "fr"]);
    assert!(said.contains("Conflits à trancher (dans Historique)\u{202f}: 0"), "{said}");
    let store = Store::open(&b).expect("b");
    assert_eq!(store.list_plays(&PlayFilter::default()).expect("list").total, 1);
}

/// A history restored from an older backup finds files of its device it did not write (the
/// ones written after the backup): it becomes a new device, applies those as another's, and
/// nothing is lost or doubled, here or on the other devices.
#[test]
fn a_history_restored_from_a_backup_becomes_a_new_device_and_catches_up() {
    let dir = tempfile::tempdir().expect("dir");
    let folder = dir.path().join("shared");
    std::fs::create_dir_all(&folder).expect("folder");
    let mut laptop = Store::open(&dir.path().join("laptop").join("h.sqlite3")).expect("laptop");
    laptop.share_history(Some(&folder), Some("Laptop")).expect("share");
    finished_play(&mut laptop, &["Ani", "Dirk"], &[5, 7]);
    laptop.sync_now(None).expect("pass");
    let backup = laptop.backup_now(greffier::history::BackupKind::Manual, 5).expect("backup");
    finished_play(&mut laptop, &["Ani", "Lilli"], &[2, 3]);
    laptop.sync_now(None).expect("pass");
    let before = laptop.sync_status().expect("status").device;
    laptop.restore_backup(&backup.file_name).expect("restore");
    assert_eq!(laptop.list_plays(&PlayFilter::default()).expect("list").total, 1, "the backup's plays");
    let report = laptop.sync_now(None).expect("pass");
    assert_eq!(report.applied.len(), 1, "its own later file, as another device's: {report:?}");
    let after = laptop.sync_status().expect("status").device;
    assert_ne!(before, after, "a new device");
    finished_play(&mut laptop, &["Max", "Dirk"], &[1, 1]);
    laptop.sync_now(None).expect("pass");
    let mut tablet = Device::new(&folder, "Tablet");
    tablet.sync();
    let laptop = Device { store: laptop };
    assert_eq!(laptop.plays().len(), 3);
    assert_eq!(laptop.plays(), tablet.plays());
    assert!(tablet.store.sync_conflicts().expect("conflicts").is_empty());
}

/// The app's sharing thread (`Api::start_sharing`): a file another device writes into the
/// folder is applied without anyone asking, and the play it changes is told to the screens
/// (the window reads that play again); a write here is shared once the writes pause.
#[test]
fn the_sharing_thread_applies_what_arrives_and_tells_the_play_on_screen() {
    use std::sync::{Arc, Mutex, mpsc};
    use std::time::Duration;

    let dir = tempfile::tempdir().expect("dir");
    let folder = dir.path().join("shared");
    std::fs::create_dir_all(&folder).expect("folder");
    let db = dir.path().join("laptop.sqlite3");
    let (on_screen, uuid) = {
        let mut laptop = Store::open(&db).expect("laptop");
        laptop.share_history(Some(&folder), Some("Laptop")).expect("share");
        let id = finished_play(&mut laptop, &["Ani", "Dirk"], &[5, 7]);
        laptop.sync_now(None).expect("pass");
        (id, laptop.play(id).expect("play").uuid)
    };
    let mut tablet = Device::new(&folder, "Tablet");
    tablet.sync();
    let there = play_id(&tablet.store, &uuid);

    let api = Arc::new(greffier::api::Api::open(&db).expect("api"));
    let (told, heard) = mpsc::channel();
    let told = Mutex::new(told);
    api.on_history_change(move |change| {
        let _ = told.lock().expect("sender").send(change.clone());
    });
    let sharing = api.start_sharing().expect("a history on disk shares");

    // The tablet corrects the play on screen here, and its engine brings the file.
    let edit = PlayEdit { location: Some("Nantes".into()), ..PlayEdit::default() };
    tablet.store.edit_play(there, &edit).expect("correct");
    assert_eq!(tablet.sync().written, 1);
    let change = heard.recv_timeout(Duration::from_secs(30)).expect("the screens are told");
    assert_eq!(change.play_ids, vec![on_screen]);
    assert_eq!(api.get_play(on_screen).expect("play").location.as_deref(), Some("Nantes"));

    // A write here reaches the tablet once the writes pause, with nobody asking for a pass.
    let edit = PlayEdit { notes: Some("Revanche jeudi".into()), ..PlayEdit::default() };
    api.edit_play(on_screen, edit).expect("note");
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while tablet.store.play(there).expect("play").notes.as_deref() != Some("Revanche jeudi") {
        assert!(std::time::Instant::now() < deadline, "the note never reached the tablet");
        std::thread::sleep(Duration::from_millis(200));
        tablet.sync();
    }
    drop(sharing);
}

/// `greffier serve` (the app in a browser) keeps a shared history as the window does: a play
/// another device shares reaches it with nobody asking for a pass.
#[test]
fn greffier_serve_applies_what_arrives_in_the_shared_folder() {
    use std::time::{Duration, Instant};

    let dir = tempfile::tempdir().expect("dir");
    let folder = dir.path().join("shared");
    std::fs::create_dir_all(&folder).expect("folder");
    let db = dir.path().join("home.sqlite3");
    {
        let mut home = Store::open(&db).expect("home");
        home.share_history(Some(&folder), Some("Home server")).expect("share");
    }
    let served = crate::serve::Served::start(&db, None);
    let mut tablet = Device::new(&folder, "Tablet");
    let uuid = {
        let id = finished_play(&mut tablet.store, &["Lilli", "Max"], &[3, 2]);
        tablet.store.play(id).expect("play").uuid
    };
    assert_eq!(tablet.sync().written, 1);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, page) = served.call("list_plays", &json!({ "filter": { "limit": 50 } }));
        assert_eq!(status, 200, "{page}");
        let plays = page["plays"].as_array().map(Vec::len).unwrap_or(0);
        if plays == 1 {
            let id = page["plays"][0]["id"].clone();
            let (_, play) = served.call("get_play", &json!({ "play_id": id }));
            assert_eq!(play["uuid"], json!(uuid));
            break;
        }
        assert!(Instant::now() < deadline, "the tablet's play never reached the served history");
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(served.stop().success());
}
