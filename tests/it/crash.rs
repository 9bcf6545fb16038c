//! A process killed (SIGKILL) in the middle of saving leaves a database that opens, passes
//! `PRAGMA integrity_check`, and holds every play whose save returned.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use greffier::history::{PlayFilter, Store};

use crate::support::{seed_plays, valencia_sheet};

const GREFFIER: &str = env!("CARGO_BIN_EXE_greffier");

/// A small deterministic generator, so a failing run can be replayed.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

fn plays_in(db: &std::path::Path) -> u32 {
    let store = Store::open(db).expect("the database opens after a kill");
    assert_eq!(store.integrity_check().expect("check"), "ok");
    let fk_problems: i64 = store
        .connection()
        .query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0))
        .expect("foreign key check");
    assert_eq!(fk_problems, 0, "no orphan rows");
    store.list_plays(&PlayFilter::default()).expect("list").total
}

#[test]
fn killing_a_saving_process_never_loses_a_returned_save_or_half_writes_one() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("history.sqlite3");

    // A backup of 60 plays: importing it is one long transaction worth interrupting.
    let backup = {
        let mut source = Store::open_in_memory().expect("source");
        seed_plays(&mut source, 60);
        dir.path().join("backup.json").tap_write(&source.export().expect("export").to_json())
    };
    let sheet = dir
        .path()
        .join("sheet.json")
        .tap_write(&valencia_sheet(&[("Ani", 5, 1), ("Dirk", 7, 0)]).to_string());

    let mut rng = Lcg(0x6772_6566);
    let mut expected = 0u32; // plays whose save returned
    let mut killed = 0;
    for round in 0..24 {
        let before = plays_in(&db);
        assert!(before >= expected, "round {round}: a returned save was lost ({before} < {expected})");
        let importing = round % 2 == 0;
        let mut cmd = Command::new(GREFFIER);
        cmd.arg("history").arg("--db").arg(&db);
        if importing {
            // Each import must add plays, so give the backup fresh uuids.
            let text = std::fs::read_to_string(&backup).expect("read");
            // Backups are compact JSON (no space after the colon); the check keeps this
            // rewrite from silently doing nothing, which made later imports add no play.
            let fresh = text.replace("\"uuid\":\"", &format!("\"uuid\":\"r{round}-"));
            assert_ne!(fresh, text, "every play got a fresh uuid");
            let file = dir.path().join(format!("backup-{round}.json")).tap_write(&fresh);
            cmd.arg("import").arg(file);
        } else {
            cmd.arg("add").arg("valencia").arg(&sheet);
        }
        let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("spawn greffier");
        let delay = Duration::from_millis(rng.next(60));
        let start = Instant::now();
        let finished = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break Some(status);
            }
            if start.elapsed() >= delay {
                break None;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        match finished {
            Some(status) => {
                assert!(status.success(), "round {round}: greffier failed on its own");
                expected = before + if importing { 60 } else { 1 };
            }
            None => {
                child.kill().expect("SIGKILL");
                let _ = child.wait();
                killed += 1;
                let after = plays_in(&db);
                let whole = if importing { 60 } else { 1 };
                assert!(
                    after == before || after == before + whole,
                    "round {round}: a partial save ({before} → {after})"
                );
                expected = after;
            }
        }
        assert_eq!(plays_in(&db), expected, "round {round}");
    }
    assert!(killed > 0, "the test must actually kill some saves");
}

/// Backups and restores killed (SIGKILL) at random: the history still opens whole, and every
/// backup listed as usable really is one (integrity check, our schema); killed backups never
/// count as good ones, and at most the newest usable backups are pruned.
#[test]
fn killing_backups_and_restores_never_leaves_an_unusable_backup_counted_as_good() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("history.sqlite3");
    {
        let mut store = Store::open(&db).expect("store");
        seed_plays(&mut store, 400);
        store.backup_now(greffier::history::BackupKind::Manual, 7).expect("a first good backup");
    }
    let mut rng = Lcg(0x6261_636b);
    let mut killed = 0;
    for round in 0..20 {
        let restoring = round % 3 == 2;
        let mut cmd = Command::new(GREFFIER);
        cmd.arg("history").arg("--db").arg(&db);
        if restoring {
            let newest = Store::open(&db)
                .expect("opens")
                .list_backups()
                .expect("list")
                .into_iter()
                .find(|b| b.usable())
                .expect("a usable backup is always there");
            cmd.arg("restore-backup").arg(newest.file_name);
        } else {
            cmd.arg("backup");
        }
        let mut child = cmd.stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("spawn greffier");
        let delay = Duration::from_millis(rng.next(40));
        let start = Instant::now();
        let finished = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break Some(status);
            }
            if start.elapsed() >= delay {
                break None;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        if finished.is_none() {
            child.kill().expect("SIGKILL");
            let _ = child.wait();
            killed += 1;
        }
        assert_eq!(plays_in(&db), 400, "round {round}: the history is whole");
        let store = Store::open(&db).expect("opens");
        let listed = store.list_backups().expect("list");
        assert!(listed.iter().any(|b| b.usable()), "round {round}: a good backup remains");
        for b in listed.iter().filter(|b| b.usable()) {
            let path = dir.path().join("backups").join(&b.file_name);
            let conn =
                rusqlite::Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
                    .expect("a usable backup opens");
            let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).expect("check");
            assert_eq!(check, "ok", "round {round}: {} is listed usable", b.file_name);
            let n: u32 = conn.query_row("SELECT COUNT(*) FROM plays", [], |r| r.get(0)).expect("plays");
            assert_eq!(n, 400, "round {round}: {} holds the whole history", b.file_name);
        }
    }
    assert!(killed > 0, "the test must actually kill some backups or restores");
}

/// The shared history's passes killed (SIGKILL) while applying another device's files, 50
/// times: the history still opens whole (integrity, foreign keys), every file is applied whole
/// or not at all (the plays here are exactly those of the files it counts as applied, and their
/// statistics equal a recomputation), and a later pass applies what was cut.
#[test]
fn killing_a_pass_while_it_applies_never_half_applies_a_file() {
    let dir = tempfile::tempdir().expect("dir");
    let folder = dir.path().join("shared");
    std::fs::create_dir_all(&folder).expect("folder");
    // The laptop's history: four files of 100 plays each.
    let mut laptop = Store::open_in_memory().expect("laptop");
    laptop.share_history(Some(&folder), Some("Laptop")).expect("share");
    for _ in 0..4 {
        seed_plays(&mut laptop, 100);
        laptop.sync_now(None).expect("pass");
    }
    let laptop_id = laptop.sync_status().expect("status").device.expect("device");
    // The tablet's history, shared and empty: copied fresh each time it has applied everything.
    let template = dir.path().join("template.sqlite3");
    Store::open(&template).expect("tablet").share_history(Some(&folder), Some("Tablet")).expect("share");
    let db = dir.path().join("tablet.sqlite3");
    let fresh = || {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
        std::fs::copy(&template, &db).expect("a fresh tablet");
    };
    fresh();
    // How long a whole pass takes here: the kills land anywhere inside one.
    let start = Instant::now();
    let status =
        Command::new(GREFFIER).args(["sync", "--db"]).arg(&db).stdout(Stdio::null()).status().expect("run");
    assert!(status.success());
    // Measured again on each pass that ends before its kill: a machine busier at first than
    // later (other tests, other builds) must not leave most kills landing after the end.
    let mut whole = start.elapsed().as_millis().max(20) as u64;
    fresh();

    let applied_here = |db: &std::path::Path| -> (u32, u32) {
        let mut store = Store::open(db).expect("the history opens after a kill");
        assert_eq!(store.integrity_check().expect("check"), "ok");
        let fk: i64 = store
            .connection()
            .query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0))
            .expect("foreign key check");
        assert_eq!(fk, 0, "no orphan rows");
        let applied = store
            .sync_status()
            .expect("status")
            .devices
            .into_iter()
            .find(|d| d.device == laptop_id)
            .map_or(0, |d| d.applied_seq);
        let kept = store.statistics_summaries().expect("summaries");
        store.rebuild_statistics().expect("rebuild");
        assert_eq!(kept, store.statistics_summaries().expect("summaries"), "statistics whole");
        (applied, store.list_plays(&PlayFilter::default()).expect("list").total)
    };
    let mut rng = Lcg(0x7379_6e63);
    let mut killed = 0;
    // Kills that landed between the first file applied and the last: inside the applying.
    let mut midway = 0;
    let mut before = 0;
    for round in 0..50 {
        let mut child = Command::new(GREFFIER)
            .args(["sync", "--db"])
            .arg(&db)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn greffier");
        let delay = Duration::from_millis(rng.next(whole));
        let start = Instant::now();
        let finished = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break Some(status);
            }
            if start.elapsed() >= delay {
                break None;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        match finished {
            Some(status) => {
                assert!(status.success(), "round {round}: the pass failed on its own");
                whole = whole.min(start.elapsed().as_millis().max(20) as u64);
            }
            None => {
                child.kill().expect("SIGKILL");
                let _ = child.wait();
                killed += 1;
            }
        }
        let (applied, plays) = applied_here(&db);
        assert_eq!(plays, 100 * applied, "round {round}: {applied} files applied, whole");
        if finished.is_none() && applied < 4 && applied > before {
            midway += 1;
        }
        before = applied;
        if applied == 4 {
            fresh();
            before = 0;
        }
    }
    assert!(killed >= 25, "the test must kill most passes ({killed} of 50)");
    assert!(midway >= 5, "kills must land while files are applied ({midway} of {killed})");
    // What was cut is applied by the next pass.
    let status =
        Command::new(GREFFIER).args(["sync", "--db"]).arg(&db).stdout(Stdio::null()).status().expect("run");
    assert!(status.success());
    assert_eq!(applied_here(&db), (4, 400));
}

trait TapWrite {
    fn tap_write(self, text: &str) -> Self;
}
impl TapWrite for std::path::PathBuf {
    fn tap_write(self, text: &str) -> Self {
        std::fs::write(&self, text).expect("write fixture");
        self
    }
}
