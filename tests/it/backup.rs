//! Export / import: round trips exactly, refuses bad files whole.

use greffier::history::{
    Backup, BackupOtherPlay, BackupOtherSeat, PlayFilter, PlayStatus, Store, StoreError, no_progress,
};

use crate::support::{seed_plays, start_valencia, valencia_sheet};

fn populated() -> Store {
    let mut store = Store::open_in_memory().expect("store");
    seed_plays(&mut store, 4);
    let open = start_valencia(&mut store, &["Ani", "Patty"]);
    store.save_table_state(open.id, &valencia_sheet(&[("Ani", 1, 0), ("Patty", 2, 0)])).expect("autosave");
    store.append_round_event(open.id, 1, "note", &serde_json::json!({ "text": "Renfort" })).expect("event");
    let gone = start_valencia(&mut store, &["Dirk", "Lilli"]);
    store.abandon_play(gone.id).expect("abandon");
    store.set_card_value(greffier::games::GameId::Valencia, "Fontaine 3", 3).expect("card");
    store
}

#[test]
fn export_then_import_into_an_empty_history_round_trips_every_play_exactly() {
    let original = populated();
    let first = original.export().expect("export");
    assert_eq!(first.manifest.counts.plays, 6);

    let mut copy = Store::open_in_memory().expect("empty");
    let report = copy.import(&Backup::from_json(&first.to_json()).expect("parse")).expect("import");
    assert_eq!((report.plays_added, report.players_added, report.card_values_added), (6, 4, 1));

    let mut second = copy.export().expect("export again");
    second.manifest.exported_at = first.manifest.exported_at;
    assert_eq!(second, first, "the second export equals the first");

    let again = copy.import(&first).expect("re-import");
    assert_eq!((again.plays_added, again.plays_skipped), (0, 6), "importing twice adds nothing");

    // Statistics tables are rebuilt from the scoreboards.
    let winners: i64 = copy
        .connection()
        .query_row("SELECT COUNT(*) FROM results WHERE winner = 1", [], |r| r.get(0))
        .expect("count");
    let original_winners: i64 = original
        .connection()
        .query_row("SELECT COUNT(*) FROM results WHERE winner = 1", [], |r| r.get(0))
        .expect("count");
    assert_eq!(winners, original_winners);
}

/// The history tells players apart as SQLite's `NOCASE` does, ASCII letters only: "ÉLODIE" and
/// "élodie" are two players there. Its own backup must then import again, and not as one.
#[test]
fn players_whose_names_differ_only_in_an_accented_capital_round_trip() {
    let mut original = Store::open_in_memory().expect("store");
    start_valencia(&mut original, &["ÉLODIE", "Dirk"]);
    start_valencia(&mut original, &["élodie", "Dirk"]);
    let names: Vec<String> = original.list_players().expect("players").into_iter().map(|p| p.name).collect();
    assert_eq!(names.len(), 3, "{names:?}");

    let backup = original.export().expect("export");
    let mut copy = Store::open_in_memory().expect("empty");
    let report = copy.import(&Backup::from_json(&backup.to_json()).expect("parse")).expect("import");
    assert_eq!((report.plays_added, report.players_added), (2, 3));
    let seats = |store: &Store| -> Vec<Vec<String>> {
        let plays = store.list_plays(&PlayFilter::default()).expect("plays").plays;
        let mut seated: Vec<Vec<String>> =
            plays.iter().map(|p| p.players.iter().map(|s| s.name.clone()).collect()).collect();
        seated.sort();
        seated
    };
    assert_eq!(seats(&copy), seats(&original));
}

/// A backup written elsewhere may spell "Zoë" with a combining diaeresis (NFD): the history keeps
/// names in NFC, and the seats find their player either way.
#[test]
fn a_name_spelled_decomposed_in_a_backup_finds_its_player() {
    let mut original = Store::open_in_memory().expect("store");
    start_valencia(&mut original, &["Zoë", "Dirk"]);
    let json = original.export().expect("export").to_json().replace("Zoë", "Zoe\u{308}");
    assert!(json.contains("Zoe\u{308}"));
    let mut copy = Store::open_in_memory().expect("empty");
    let report = copy.import(&Backup::from_json(&json).expect("parse")).expect("import");
    assert_eq!((report.plays_added, report.players_added), (1, 2));
    let names: Vec<String> = copy.list_players().expect("players").into_iter().map(|p| p.name).collect();
    assert!(names.contains(&"Zoë".to_owned()), "{names:?}");
}

#[test]
fn a_bad_backup_reports_every_problem_and_imports_nothing() {
    let mut backup = populated().export().expect("export");
    backup.players[0].name = String::new();
    backup.plays[1].seats[0].player = "Nobody".into();
    backup.plays[2].variant = "turbo".into();
    backup.plays[3].notes = Some("n".repeat(20_000));
    let mut target = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(problems)) = target.import(&backup) else { panic!("must be refused") };
    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
    for expected in ["players[0].name", "plays[1].seats[0].player", "plays[2].variant", "plays[3].notes"] {
        assert!(fields.contains(&expected), "{expected} not reported in {fields:?}");
    }
    assert_eq!(target.list_plays(&PlayFilter::default()).expect("list").total, 0);
    assert!(target.list_players().expect("players").is_empty());
}

/// Issue: a backup could carry a forged scoreboard (total 2147483647, two winners, names not
/// matching the seats) and it entered the statistics. Every result is computed again from its
/// table state, by the same code as finishing a play; a backup from this very version whose
/// stored result disagrees is refused, naming the play.
#[test]
fn a_forged_scoreboard_is_refused() {
    let honest = populated().export().expect("export");
    let finished = honest.plays.iter().position(|p| p.scoreboard.is_some()).expect("a finished play");
    let forge = |f: &dyn Fn(&mut greffier::games::Scoreboard)| {
        let mut b = honest.clone();
        f(b.plays[finished].scoreboard.as_mut().expect("board"));
        b
    };
    for (why, forged) in [
        ("a huge total", forge(&|s| s.players[0].total = Some(i32::MAX))),
        ("two winners", forge(&|s| s.players.iter_mut().for_each(|p| p.winner = true))),
    ] {
        let mut target = Store::open_in_memory().expect("empty");
        let Err(StoreError::Invalid(p)) = target.import(&forged) else { panic!("{why}: must be refused") };
        assert!(
            p.iter()
                .any(|x| x.field == format!("plays[{finished}].scoreboard") && x.code == "result_mismatch"),
            "{why}: {p}"
        );
        assert_eq!(
            target.list_plays(&PlayFilter::default()).expect("list").total,
            0,
            "{why}: nothing imported"
        );
    }
    // A table state whose players are not the seats.
    let mut swapped = honest.clone();
    let state = &mut swapped.plays[finished].table_state.as_mut().expect("state").state;
    state["players"][0]["name"] = serde_json::json!("Mallory");
    let mut target = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(p)) = target.import(&swapped) else { panic!("must be refused") };
    assert!(p.iter().any(|x| x.code == "seat_mismatch"), "{p}");
    // From an older Greffier (a rule fixed since), the result is computed again and reported.
    let mut older = forge(&|s| s.players[0].total = s.players[0].total.map(|t| t + 5));
    older.manifest.app_version = "0.0.1".into();
    let mut target = Store::open_in_memory().expect("empty");
    let report = target.import(&older).expect("imported, rescored");
    assert_eq!(report.plays_rescored, 1);
    let again = target.export().expect("export");
    let board =
        again.plays.iter().find(|p| p.uuid == honest.plays[finished].uuid).and_then(|p| p.scoreboard.clone());
    assert_eq!(board, honest.plays[finished].scoreboard, "the computed result, not the stored one");
    // A result recorded without its table (BG Stats) must at least be consistent.
    let mut bare = forge(&|s| s.players[0].total = Some(2_147_483_647));
    bare.plays[finished].table_state = None;
    let mut target = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(p)) = target.import(&bare) else { panic!("must be refused") };
    assert!(p.iter().any(|x| x.code == "inconsistent_result"), "{p}");
}

#[test]
fn hostile_files_are_refused_with_a_clear_error() {
    for (text, why) in [
        ("", "empty"),
        ("{}", "no manifest"),
        ("[]", "wrong type"),
        (r#"{"manifest":{"format":"greffier-backup"}}"#, "incomplete manifest"),
    ] {
        let problems = Backup::from_json(text).expect_err(why);
        assert_eq!(problems.0[0].code, "malformed", "{why}");
    }
    let mut backup = populated().export().expect("export");
    backup.manifest.format = "bgstats".into();
    backup.manifest.schema_version = 99;
    let problems = backup.check().expect_err("not ours, and newer");
    let codes: Vec<&str> = problems.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(codes, vec!["not_a_backup", "newer_schema"]);

    let mut text = populated().export().expect("export").to_json();
    text = text.replacen("\"manifest\":{", "\"surprise\":1,\"manifest\":{", 1);
    assert_eq!(Backup::from_json(&text).expect_err("unknown field").0[0].code, "malformed");
}

/// A file is read and checked in a thread of its own while the import writes: a
/// file cut short still reports what was wrong before the cut, and keeps nothing.
#[test]
fn a_backup_cut_short_reports_every_problem_before_the_cut_and_imports_nothing() {
    let mut backup = populated().export().expect("export");
    backup.plays[0].seats[0].player = "Nobody".into();
    let text = backup.to_json();
    let cut = &text[..text.len() * 3 / 4];
    let mut target = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(problems)) = target.import_from(cut.as_bytes(), &mut no_progress) else {
        panic!("must be refused")
    };
    let found: Vec<(&str, &str)> = problems.iter().map(|p| (p.code.as_str(), p.field.as_str())).collect();
    assert_eq!(found[0].0, "malformed", "{found:?}");
    assert!(found.contains(&("unknown_player", "plays[0].seats[0].player")), "{found:?}");
    assert_eq!(target.list_plays(&PlayFilter::default()).expect("list").total, 0);
    assert!(target.list_players().expect("players").is_empty());
}

#[test]
fn a_backup_giving_its_plays_before_its_players_is_refused_naming_each_play() {
    let backup = populated().export().expect("export");
    let text = format!(
        r#"{{"manifest":{},"plays":{},"players":{}}}"#,
        json(&backup.manifest),
        json(&backup.plays),
        json(&backup.players)
    );
    let mut target = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(problems)) = target.import_from(text.as_bytes(), &mut no_progress) else {
        panic!("must be refused")
    };
    let out_of_order: Vec<&str> =
        problems.iter().filter(|p| p.code == "out_of_order").map(|p| p.field.as_str()).collect();
    let expected: Vec<String> = (0..backup.plays.len()).map(|i| format!("plays[{i}]")).collect();
    assert_eq!(out_of_order, expected);
    assert!(target.list_players().expect("players").is_empty());
}

/// The writer fails on the 100th play of 400, long after the checking thread has filled the
/// channel between them: the import returns the database's error (it does not wait for a
/// thread that waits for it) and keeps nothing.
#[test]
fn a_database_error_in_the_middle_of_an_import_is_reported_and_nothing_is_kept() {
    let mut backup = populated().export().expect("export");
    let model = backup.plays[0].clone();
    backup.plays = (0..400)
        .map(|i| greffier::history::BackupPlay { uuid: format!("copy-{i}"), ..model.clone() })
        .collect();
    backup.plays[99].uuid = "refused-by-the-database".into();
    backup.manifest.counts.plays = 400;
    let mut target = Store::open_in_memory().expect("empty");
    target
        .connection()
        .execute_batch(
            "CREATE TRIGGER refuse BEFORE INSERT ON plays WHEN NEW.uuid = 'refused-by-the-database'
             BEGIN SELECT RAISE(ABORT, 'refused'); END",
        )
        .expect("trigger");
    let err = target.import_from(backup.to_json().as_bytes(), &mut no_progress).expect_err("refused");
    assert!(matches!(err, StoreError::Sqlite(_)), "{err}");
    assert!(err.to_string().contains("refused"), "{err}");
    assert_eq!(target.list_plays(&PlayFilter::default()).expect("list").total, 0);
    assert!(target.list_players().expect("players").is_empty());
}

/// A year outside 0000–9999 cannot be stored as the history's dates are (RFC 3339 text, which
/// every read parses back): a backup holding one is refused whole, each such date named.
#[test]
fn a_date_outside_years_0000_to_9999_is_refused_naming_its_field() {
    let far =
        chrono::NaiveDate::from_ymd_opt(10_000, 1, 1).and_then(|d| d.and_hms_opt(20, 0, 0)).expect("date");
    let far = far.and_utc();
    let before =
        chrono::NaiveDate::from_ymd_opt(-1, 6, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("date");
    let before = before.and_utc();
    let mut backup = populated().export().expect("export");
    let with_events = backup.plays.iter().position(|p| !p.events.is_empty()).expect("a play with events");
    let finished: Vec<usize> = (0..backup.plays.len()).filter(|&i| i != with_events).collect();
    backup.players[0].created_at = far;
    backup.card_values[0].updated_at = before;
    backup.plays[finished[0]].started_at = far;
    backup.plays[finished[1]].ended_at = Some(before);
    backup.plays[finished[2]].updated_at = far;
    backup.plays[finished[3]].deleted_at = Some(far);
    backup.plays[with_events].events[0].recorded_at = before;
    backup.plays[with_events].table_state.as_mut().expect("autosaved").saved_at = far;
    backup.other_plays.push(BackupOtherPlay {
        uuid: "other-1".into(),
        game_name: "Catan".into(),
        bgg_id: None,
        played_at: far,
        duration_minutes: None,
        location: None,
        notes: None,
        cooperative: false,
        imported_at: before,
        seats: vec![BackupOtherSeat {
            player: backup.players[1].name.clone(),
            score: Some(3),
            winner: true,
            first_player: false,
            score_text: None,
            team: None,
            role: None,
        }],
        expansions: Vec::new(),
    });
    backup.manifest.counts.other_plays = 1;
    let mut target = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(problems)) = target.import(&backup) else { panic!("must be refused") };
    let mut fields: Vec<(String, &str)> =
        problems.iter().map(|p| (p.field.clone(), p.code.as_str())).collect();
    fields.sort();
    let mut expected: Vec<(String, &str)> = vec![
        ("players[0].created_at".into(), "date_out_of_range"),
        ("card_values[0].updated_at".into(), "date_out_of_range"),
        (format!("plays[{}].started_at", finished[0]), "date_out_of_range"),
        (format!("plays[{}].ended_at", finished[1]), "date_out_of_range"),
        (format!("plays[{}].updated_at", finished[2]), "date_out_of_range"),
        (format!("plays[{}].deleted_at", finished[3]), "date_out_of_range"),
        (format!("plays[{with_events}].events[0].recorded_at"), "date_out_of_range"),
        (format!("plays[{with_events}].table_state.saved_at"), "date_out_of_range"),
        ("other_plays[0].played_at".into(), "date_out_of_range"),
        ("other_plays[0].imported_at".into(), "date_out_of_range"),
    ];
    expected.sort();
    assert_eq!(fields, expected);
    assert!(problems.iter().all(|p| p.message.en == "Date out of range (years 0000 to 9999)."), "{problems}");
    assert_eq!(target.list_plays(&PlayFilter::default()).expect("list").total, 0, "nothing written");
    assert!(target.list_players().expect("players").is_empty());
}

/// Two round events of a play at the same (round, seq) would break the history's key: the
/// backup is refused with a problem naming the second one, not SQLite's UNIQUE error.
#[test]
fn two_round_events_at_the_same_round_and_seq_are_refused_naming_the_event() {
    let mut backup = populated().export().expect("export");
    let with_events = backup.plays.iter().position(|p| !p.events.is_empty()).expect("a play with events");
    let mut twin = backup.plays[with_events].events[0].clone();
    twin.kind = "note".into();
    backup.plays[with_events].events.push(twin);
    let mut target = Store::open_in_memory().expect("empty");
    let err = target.import(&backup).expect_err("refused");
    let StoreError::Invalid(problems) = err else { panic!("a problem naming the field, not {err}") };
    let found: Vec<(&str, &str)> = problems.iter().map(|p| (p.field.as_str(), p.code.as_str())).collect();
    let field = format!("plays[{with_events}].events[1].seq");
    assert_eq!(found, vec![(field.as_str(), "duplicate_event")]);
    assert!(problems.iter().all(|p| !p.message.fr.is_empty() && !p.message.en.is_empty()));
    assert_eq!(target.list_plays(&PlayFilter::default()).expect("list").total, 0);
}

/// Any part of a backup as JSON (a test writing a file in an order exports never write).
fn json(part: &impl serde::Serialize) -> String {
    serde_json::to_string(part).expect("json")
}

mod automatic {
    use greffier::history::{BackupKind, PlayFilter, Store, StoreError};

    use crate::support::{seed_plays, start_valencia, valencia_sheet};

    fn plays(store: &Store) -> u32 {
        store.list_plays(&PlayFilter::default()).expect("list").total
    }

    #[test]
    fn a_database_is_backed_up_before_its_schema_is_migrated() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("greffier.sqlite3");
        {
            let conn = rusqlite::Connection::open(&path).expect("create");
            conn.execute_batch(include_str!("../../migrations/0001_initial.sql")).expect("schema 1");
            conn.execute_batch(
                "INSERT INTO players (name, created_at) VALUES ('Ani', '2025-01-01T00:00:00.000Z');
                 PRAGMA user_version = 1;",
            )
            .expect("a schema-1 history");
        }
        let store = Store::open(&path).expect("migrates");
        let backups = store.list_backups().expect("backups");
        assert_eq!(backups.len(), 1);
        assert_eq!(backups[0].kind, BackupKind::BeforeMigration);
        let old =
            rusqlite::Connection::open(dir.path().join("backups").join(&backups[0].file_name)).expect("open");
        let version: u32 = old.query_row("PRAGMA user_version", [], |r| r.get(0)).expect("version");
        let name: String = old.query_row("SELECT name FROM players", [], |r| r.get(0)).expect("player");
        assert_eq!((version, name.as_str()), (1, "Ani"), "the backup is the history as it was");

        drop(store);
        let again = Store::open(&path).expect("reopen");
        assert_eq!(again.list_backups().expect("backups").len(), 1, "no migration, no new backup");
    }

    /// Issue: a backup killed mid-way left an empty or non-SQLite file that was listed and
    /// counted toward the keep-7 retention (7 good, 6 killed, 1 good → 2 usable of 7). Broken
    /// files are listed as unusable, never counted or pruned, and never restored.
    #[test]
    fn broken_backup_files_never_push_out_good_ones_and_are_never_restored() {
        let dir = tempfile::tempdir().expect("dir");
        let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        seed_plays(&mut store, 2);
        for _ in 0..7 {
            store.backup_now(BackupKind::Daily, 7).expect("good backup");
        }
        let backups = dir.path().join("backups");
        // Six files a killed process (of an older Greffier) could have left under backup names.
        for k in 0..6 {
            let name = format!("greffier-daily-20991231T0000{k:02}.000Z.sqlite3");
            let body: &[u8] = if k % 2 == 0 { b"" } else { b"half a page of garbage, not SQLite" };
            std::fs::write(backups.join(name), body).expect("broken file");
        }
        store.backup_now(BackupKind::Daily, 7).expect("one more good backup");
        let listed = store.list_backups().expect("list");
        let usable = listed.iter().filter(|b| b.usable()).count();
        let broken: Vec<_> = listed.iter().filter(|b| !b.usable()).collect();
        assert_eq!(usable, 7, "seven good backups kept");
        assert_eq!(broken.len(), 6, "the broken files are listed, as unusable");
        assert!(broken.iter().all(|b| b.unusable.as_ref().is_some_and(|t| !t.en.is_empty())));
        let err = store.restore_backup(&broken[0].file_name).expect_err("never restored");
        assert!(
            err.to_string().contains("Greffier database") || err.to_string().contains("truncated"),
            "{err}"
        );
        let StoreError::Invalid(p) = &err else { panic!("in words: {err}") };
        assert!(!p.iter().any(|x| x.message.en.contains("readonly")), "{p}");
        assert_eq!(plays(&store), 2, "the history is unchanged");
        // No temporary file is left behind by the good backups.
        let partial = std::fs::read_dir(&backups)
            .expect("dir")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".partial"))
            .count();
        assert_eq!(partial, 0);
    }

    /// A backup whose header is intact but whose body was cut short or zeroed was
    /// listed as usable and pushed good backups out of retention. The whole file is checked
    /// against the checksum written with it before it counts: each is listed as damaged, none
    /// is counted or pruned, and none is restored, even one whose damage SQLite's own check
    /// cannot see (a few bytes of a text zeroed).
    #[test]
    fn a_backup_damaged_past_its_header_is_listed_as_damaged_and_never_pushes_out_a_good_one() {
        let dir = tempfile::tempdir().expect("dir");
        let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        seed_plays(&mut store, 40);
        let oldest = store.backup_now(BackupKind::Daily, 4).expect("backup").file_name;
        let damaged: Vec<String> =
            (0..3).map(|_| store.backup_now(BackupKind::Daily, 4).expect("backup").file_name).collect();
        let folder = dir.path().join("backups");
        let path = |name: &str| folder.join(name);
        // Cut to half its length: the 100-byte header still says "a Greffier database".
        let cut = std::fs::OpenOptions::new().write(true).open(path(&damaged[0])).expect("open");
        let len = cut.metadata().expect("len").len();
        cut.set_len(len / 2).expect("truncate");
        // A page in the middle zeroed.
        let mut bytes = std::fs::read(path(&damaged[1])).expect("read");
        let middle = bytes.len() / 2 / 4096 * 4096;
        bytes[middle..middle + 4096].fill(0);
        std::fs::write(path(&damaged[1]), &bytes).expect("zeroed page");
        // The bytes of one text zeroed: every page still reads, only the data is wrong.
        let mut bytes = std::fs::read(path(&damaged[2])).expect("read");
        let at = bytes.windows(4).position(|w| w == b"Lyon").expect("a play's location in the file");
        bytes[at..at + 4].fill(0);
        std::fs::write(path(&damaged[2]), &bytes).expect("zeroed text");
        assert_eq!(
            rusqlite::Connection::open(path(&damaged[2]))
                .and_then(|c| c.query_row("PRAGMA integrity_check", [], |r| r.get::<_, String>(0)))
                .expect("check"),
            "ok",
            "SQLite's own check sees nothing wrong with the third"
        );
        // Listing keeps each file's verdict while its size and time stay: the damage is dated a
        // minute on, as damage found later is (within one tick of a coarse file system clock,
        // a rewrite would keep the time of the listing before it).
        for name in &damaged {
            let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
            std::fs::File::options()
                .write(true)
                .open(path(name))
                .and_then(|f| f.set_modified(later))
                .expect("time");
        }

        let listed = store.list_backups().expect("list");
        for name in &damaged {
            let b = listed.iter().find(|b| &b.file_name == name).expect("listed");
            let why = b.unusable.as_ref().map(|t| t.en.as_str()).unwrap_or_default();
            assert!(why.contains("damaged"), "{name} is listed as damaged: {why:?}");
            assert!(b.unusable.as_ref().is_some_and(|t| t.fr.contains("abîmée")), "{b:?}");
        }
        assert!(listed.iter().any(|b| b.file_name == oldest && b.usable()), "the good one is usable");

        // Four kept: the new one and the one good one count; the damaged ones neither count
        // nor go.
        let newest = store.backup_now(BackupKind::Daily, 4).expect("one more backup").file_name;
        let after = store.list_backups().expect("list");
        let names: Vec<&str> = after.iter().map(|b| b.file_name.as_str()).collect();
        for name in damaged.iter().chain([&oldest, &newest]) {
            assert!(names.contains(&name.as_str()), "{name} kept: {names:?}");
        }
        assert_eq!(after.iter().filter(|b| b.usable()).count(), 2, "{after:?}");

        for name in &damaged {
            let err = store.restore_backup(name).expect_err("a damaged backup is never restored");
            let StoreError::Invalid(p) = &err else { panic!("in words: {err}") };
            assert!(p.iter().any(|x| x.message.en.contains("damaged")), "{p}");
        }
        assert_eq!(plays(&store), 40, "the history is unchanged");
        store.restore_backup(&oldest).expect("the good one restores");
        assert_eq!(plays(&store), 40);
    }

    /// A backup made by an older Greffier has no checksum beside it: SQLite's integrity check
    /// reads it whole instead, so one cut short is listed as damaged too.
    #[test]
    fn a_backup_from_before_checksums_is_checked_whole_by_sqlite() {
        let dir = tempfile::tempdir().expect("dir");
        let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        seed_plays(&mut store, 40);
        let folder = dir.path().join("backups");
        let made: Vec<String> =
            (0..2).map(|_| store.backup_now(BackupKind::Manual, 5).expect("backup").file_name).collect();
        for name in &made {
            std::fs::remove_file(folder.join(format!("{name}.sha256")))
                .expect("as an older Greffier left it");
        }
        let cut = std::fs::OpenOptions::new().write(true).open(folder.join(&made[0])).expect("open");
        let len = cut.metadata().expect("len").len();
        cut.set_len(len / 2).expect("truncate");
        let listed = store.list_backups().expect("list");
        let state = |name: &str| listed.iter().find(|b| b.file_name == name).map(|b| b.unusable.clone());
        assert!(state(&made[0]).flatten().is_some_and(|t| t.en.contains("damaged")), "{listed:?}");
        assert_eq!(state(&made[1]), Some(None), "the intact one stays usable");
        store.restore_backup(&made[1]).expect("and restores");
    }

    /// A restore that fails says why in words: another program's database is "not a Greffier
    /// database", not SQLite's "readonly database".
    #[test]
    fn restoring_another_programs_database_says_why_in_words() {
        let dir = tempfile::tempdir().expect("dir");
        let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        seed_plays(&mut store, 1);
        std::fs::create_dir_all(dir.path().join("backups")).expect("dir");
        let name = "greffier-manual-20260101T000000.000Z.sqlite3";
        rusqlite::Connection::open(dir.path().join("backups").join(name))
            .and_then(|c| c.execute_batch("CREATE TABLE notes (x); PRAGMA user_version = 7;"))
            .expect("other db");
        let listed = store.list_backups().expect("list");
        assert!(!listed[0].usable(), "listed as unusable");
        let err = store.restore_backup(name).expect_err("refused");
        assert!(err.to_string().contains("not a Greffier database"), "{err}");
        assert_eq!(plays(&store), 1);
    }

    /// Issue: a backup that passes the file checks (SQLite, intact, a `plays` table) but cannot
    /// be brought to the current schema was copied over the live history before its migration
    /// failed: no command could open the history again, and every open then made a
    /// before-migration backup of the broken file, pushing out good ones. The backup is now
    /// migrated aside first: a failed restore leaves the history as it was.
    #[test]
    fn a_backup_that_cannot_be_migrated_leaves_the_history_untouched() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("greffier.sqlite3");
        let mut store = Store::open(&path).expect("store");
        seed_plays(&mut store, 2);
        let backups = dir.path().join("backups");
        std::fs::create_dir_all(&backups).expect("dir");
        let name = "greffier-manual-20200101T000000.004Z.sqlite3";
        rusqlite::Connection::open(backups.join(name))
            .and_then(|c| {
                c.execute_batch(&format!(
                    "CREATE TABLE plays (x); PRAGMA user_version = 5; PRAGMA application_id = {};",
                    greffier::history::APPLICATION_ID
                ))
            })
            .expect("a file that passes the checks but not the migration");
        assert!(store.list_backups().expect("list").iter().any(|b| b.file_name == name && b.usable()));
        let err = store.restore_backup(name).expect_err("refused");
        let StoreError::Invalid(p) = &err else { panic!("in words: {err}") };
        assert_eq!(p.iter().map(|x| x.field.as_str()).collect::<Vec<_>>(), vec!["file_name"], "{p}");
        assert_eq!(plays(&store), 2, "the history is unchanged");
        assert_eq!(store.integrity_check().expect("check"), "ok");
        seed_plays(&mut store, 1);
        assert_eq!(plays(&store), 3, "and still written to");
        let before: Vec<String> =
            store.list_backups().expect("list").into_iter().map(|b| b.file_name).collect();
        drop(store);
        let again = Store::open(&path).expect("reopens");
        assert_eq!(plays(&again), 3);
        let after: Vec<String> =
            again.list_backups().expect("list").into_iter().map(|b| b.file_name).collect();
        assert_eq!(after, before, "no backup made or pruned by reopening");
        let leftovers: Vec<String> = std::fs::read_dir(&backups)
            .expect("dir")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(leftovers.is_empty(), "no temporary copy left: {leftovers:?}");
    }

    /// Issue: every backup left `.greffier-<kind>-<time>.sqlite3.partial-wal` and `-shm`
    /// files behind (the copy kept the history's WAL mode and the check opened it). After a
    /// backup and a restore, the folder holds the backups, each with its checksum, and nothing
    /// else.
    #[test]
    fn a_backup_leaves_nothing_but_its_file_in_the_folder() {
        let dir = tempfile::tempdir().expect("dir");
        let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        seed_plays(&mut store, 2);
        let made = store.backup_now(BackupKind::Manual, 5).expect("backup");
        let listing = || {
            let mut names: Vec<String> = std::fs::read_dir(dir.path().join("backups"))
                .expect("dir")
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        let with_checksums = |names: &[&str]| {
            let mut all: Vec<String> =
                names.iter().flat_map(|n| [(*n).to_owned(), format!("{n}.sha256")]).collect();
            all.sort();
            all
        };
        assert_eq!(listing(), with_checksums(&[&made.file_name]));
        let checksum =
            std::fs::read_to_string(dir.path().join("backups").join(format!("{}.sha256", made.file_name)))
                .expect("checksum");
        assert!(checksum.ends_with(&format!("  {}\n", made.file_name)), "sha256sum's format: {checksum}");
        let safety = store.restore_backup(&made.file_name).expect("restore");
        let expected = with_checksums(&[&made.file_name, &safety.file_name]);
        assert_eq!(listing(), expected);
        assert_eq!(plays(&store), 2);
        let mode: String =
            store.connection().query_row("PRAGMA journal_mode", [], |r| r.get(0)).expect("mode");
        assert_eq!(mode, "wal", "the restored history keeps its own journal");
        let backup =
            rusqlite::Connection::open(dir.path().join("backups").join(&made.file_name)).expect("open");
        let mode: String = backup.query_row("PRAGMA journal_mode", [], |r| r.get(0)).expect("mode");
        assert_eq!(mode, "delete", "a backup is one file");
    }

    #[test]
    fn the_daily_backup_is_made_once_a_day_and_old_backups_rotate() {
        let dir = tempfile::tempdir().expect("dir");
        let store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        let first = store.daily_backup(3).expect("daily").expect("made");
        assert_eq!(first.kind, BackupKind::Daily);
        assert!(store.daily_backup(3).expect("daily").is_none(), "already made today");
        for _ in 0..4 {
            store.backup_now(BackupKind::Manual, 2).expect("manual");
        }
        let kinds: Vec<BackupKind> = store.list_backups().expect("list").iter().map(|b| b.kind).collect();
        assert_eq!(kinds.iter().filter(|k| **k == BackupKind::Manual).count(), 2, "only the newest 2 kept");
        assert_eq!(kinds.iter().filter(|k| **k == BackupKind::Daily).count(), 1);
        assert!(Store::open_in_memory().expect("memory").daily_backup(3).is_err(), "nowhere to write");
    }

    /// A backup file is the whole database: a restore brings a play's undo steps back with it,
    /// and Undo walks them as it would have before.
    #[test]
    fn undo_after_a_restore_walks_back_through_the_states_saved_before_the_backup() {
        let dir = tempfile::tempdir().expect("dir");
        let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        let play = start_valencia(&mut store, &["Ani", "Patty"]);
        let states: Vec<serde_json::Value> =
            (1..=3).map(|city| valencia_sheet(&[("Ani", city, 0), ("Patty", 2, 0)])).collect();
        for state in &states {
            store.save_table_state(play.id, state).expect("autosave");
        }
        let made = store.backup_now(BackupKind::Manual, 5).expect("backup");
        store.undo_table_state(play.id).expect("undo");
        store
            .save_table_state(play.id, &valencia_sheet(&[("Ani", 9, 9), ("Patty", 9, 9)]))
            .expect("autosave");

        store.restore_backup(&made.file_name).expect("restore");
        let mut walked = Vec::new();
        while let Ok(step) = store.undo_table_state(play.id) {
            walked.push(step.state);
        }
        let mut expected: Vec<serde_json::Value> = states[..2].iter().rev().cloned().collect();
        expected.push(crate::support::valencia_start(&["Ani", "Patty"]));
        assert_eq!(walked, expected);
    }

    #[test]
    fn restoring_a_backup_brings_the_history_back_and_keeps_the_current_one_aside() {
        let dir = tempfile::tempdir().expect("dir");
        let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
        seed_plays(&mut store, 3);
        let three = store.backup_now(BackupKind::Manual, 5).expect("backup");
        seed_plays(&mut store, 2);
        assert_eq!(plays(&store), 5);

        let safety = store.restore_backup(&three.file_name).expect("restore");
        assert_eq!(plays(&store), 3);
        assert_eq!(safety.kind, BackupKind::BeforeRestore);
        assert_eq!(store.integrity_check().expect("check"), "ok");

        store.restore_backup(&safety.file_name).expect("undo the restore");
        assert_eq!(plays(&store), 5);

        assert!(matches!(store.restore_backup("../greffier.sqlite3"), Err(StoreError::NotFound { .. })));
        let junk = dir.path().join("backups").join("greffier-manual-20200101T000000.000Z.sqlite3");
        std::fs::write(&junk, b"not a database at all, just text").expect("junk");
        assert!(store.restore_backup("greffier-manual-20200101T000000.000Z.sqlite3").is_err());
        assert_eq!(plays(&store), 5, "a bad backup changes nothing");
    }
}

/// The states Undo walks back through, newest first, each with its live answer, until nothing
/// is left to undo. Walking them uses them up.
fn undo_all(store: &mut Store, play: greffier::history::Id) -> Vec<greffier::history::UndoneState> {
    let mut steps = Vec::new();
    loop {
        match store.undo_table_state(play) {
            Ok(step) => steps.push(step),
            Err(StoreError::NothingToUndo) => return steps,
            Err(e) => panic!("undo step {}: {e}", steps.len() + 1),
        }
    }
}

fn play_id(store: &Store, uuid: &str) -> greffier::history::Id {
    let id: i64 = store
        .connection()
        .query_row("SELECT id FROM plays WHERE uuid = ?1", [uuid], |r| r.get(0))
        .expect("the play is in the history");
    greffier::history::Id::try_from(id).expect("id")
}

/// Issue (history audit): the backup did not carry a play's undo steps (`table_state_revisions`):
/// after export → import, Undo on a play in progress, or on a corrected finished play, had
/// nothing to take back. Every step now comes back, in order, with the same live answer.
#[test]
fn undo_after_an_import_walks_back_through_every_state_saved_before_the_export() {
    let mut original = Store::open_in_memory().expect("store");
    let open = start_valencia(&mut original, &["Ani", "Patty"]);
    let states = [
        valencia_sheet(&[("Ani", 1, 0), ("Patty", 0, 0)]),
        valencia_sheet(&[("Ani", 1, 0), ("Patty", 2, 0)]),
        // Autosave keeps what was typed, valid or not: its undo step too.
        serde_json::json!({ "sheet": "generic", "variant": "base", "players": "half typed" }),
        valencia_sheet(&[("Ani", 4, 1), ("Patty", 2, 3)]),
    ];
    for state in &states {
        original.save_table_state(open.id, state).expect("autosave");
    }
    let finished = start_valencia(&mut original, &["Dirk", "Lilli"]);
    original.finish_play(finished.id, &valencia_sheet(&[("Dirk", 5, 0), ("Lilli", 7, 4)])).expect("finish");
    for correction in [
        valencia_sheet(&[("Dirk", 15, 0), ("Lilli", 7, 4)]),
        valencia_sheet(&[("Dirk", 15, 0), ("Lilli", 17, 4)]),
    ] {
        let edit = greffier::history::PlayEdit { table_state: Some(correction), ..Default::default() };
        original.edit_play(finished.id, &edit).expect("correction");
    }

    let mut file = Vec::new();
    original.export_to(&mut file, &mut no_progress).expect("export");
    let mut copy = Store::open_in_memory().expect("empty");
    let report = copy.import_from(file.as_slice(), &mut no_progress).expect("import");
    assert_eq!(report.plays_added, 2);

    for play in [&open, &finished] {
        let copied = play_id(&copy, &play.uuid);
        let before = undo_all(&mut original, play.id);
        let after = undo_all(&mut copy, copied);
        assert_eq!(after, before, "every undo step of {:?}, in order", play.status);
        assert_eq!(
            copy.play(copied).expect("play").table_state,
            original.play(play.id).expect("play").table_state
        );
        assert_eq!(
            copy.play(copied).expect("play").scoreboard,
            original.play(play.id).expect("play").scoreboard
        );
    }
    let open_steps: Vec<serde_json::Value> = {
        // The walk above, as values: the play in progress went back through every state saved,
        // down to the table it started from (the rulebook's setup).
        let mut again = Store::open_in_memory().expect("empty");
        again.import_from(file.as_slice(), &mut no_progress).expect("import");
        let id = play_id(&again, &open.uuid);
        undo_all(&mut again, id).into_iter().map(|s| s.state).collect()
    };
    let mut expected: Vec<serde_json::Value> = states[..3].iter().rev().cloned().collect();
    expected.push(crate::support::valencia_start(&["Ani", "Patty"]));
    assert_eq!(open_steps, expected);
}

/// A history whose play in progress has undo steps, and its backup.
fn with_undo_steps() -> (Store, Backup, usize) {
    let mut store = populated();
    let open = store
        .list_plays(&PlayFilter::default())
        .expect("plays")
        .plays
        .into_iter()
        .find(|p| p.status == PlayStatus::InProgress)
        .expect("a play in progress");
    store.save_table_state(open.id, &valencia_sheet(&[("Ani", 3, 0), ("Patty", 2, 0)])).expect("autosave");
    let backup = store.export().expect("export");
    let at = backup.plays.iter().position(|p| p.status == PlayStatus::InProgress).expect("in the backup");
    assert_eq!(backup.plays[at].revisions.len(), 2, "the starting table, then the first state");
    (store, backup, at)
}

/// A revision list no history can hold is refused whole, each problem naming the play and the
/// field, never SQLite's UNIQUE or CHECK error: nothing is written.
#[test]
fn undo_steps_no_history_can_hold_are_refused_naming_the_play_and_field() {
    let (_, honest, open) = with_undo_steps();
    let abandoned = honest.plays.iter().position(|p| p.status == PlayStatus::Abandoned).expect("abandoned");
    let far =
        chrono::NaiveDate::from_ymd_opt(10_000, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("date");
    let huge = serde_json::json!({ "notes": "x".repeat(1 << 20) });
    // Why, what spoils the backup, and the problems (field, code) it must report.
    type Case<'a> = (&'a str, Box<dyn Fn(&mut Backup) + 'a>, Vec<(String, &'a str)>);
    let cases: Vec<Case<'_>> = vec![
        (
            "the same number twice",
            Box::new(|b| {
                let twin = b.plays[open].revisions[0].clone();
                b.plays[open].revisions.push(twin);
            }),
            vec![(format!("plays[{open}].revisions[2].revision"), "duplicate_revision")],
        ),
        (
            "numbers out of range",
            Box::new(|b| {
                b.plays[open].revisions[0].revision = 0;
                b.plays[open].revisions[1].revision = i64::MAX;
            }),
            vec![
                (format!("plays[{open}].revisions[0].revision"), "out_of_range"),
                (format!("plays[{open}].revisions[1].revision"), "out_of_range"),
            ],
        ),
        (
            "a date the history cannot store",
            Box::new(move |b| b.plays[open].revisions[1].saved_at = far.and_utc()),
            vec![(format!("plays[{open}].revisions[1].saved_at"), "date_out_of_range")],
        ),
        (
            "a state larger than autosave takes",
            Box::new(move |b| b.plays[open].revisions[0].state = huge.clone()),
            vec![(format!("plays[{open}].revisions[0].state"), "too_large")],
        ),
        (
            "more steps than a play keeps",
            Box::new(|b| {
                let model = b.plays[open].revisions[1].clone();
                b.plays[open].revisions = (1..=201)
                    .map(|n| greffier::history::BackupRevision { revision: n, ..model.clone() })
                    .collect();
            }),
            vec![(format!("plays[{open}].revisions"), "too_many")],
        ),
        (
            "undo steps on an abandoned play",
            Box::new(|b| b.plays[abandoned].revisions = b.plays[open].revisions.clone()),
            vec![(format!("plays[{abandoned}].revisions"), "not_undoable")],
        ),
    ];
    for (why, spoil, expected) in cases {
        let mut backup = honest.clone();
        spoil(&mut backup);
        let mut target = Store::open_in_memory().expect("empty");
        let err = target.import(&backup).expect_err(why);
        let StoreError::Invalid(problems) = err else {
            panic!("{why}: a problem naming the field, not {err}")
        };
        let found: Vec<(String, &str)> =
            problems.iter().map(|p| (p.field.clone(), p.code.as_str())).collect();
        assert_eq!(found, expected, "{why}");
        assert!(problems.iter().all(|p| !p.message.fr.is_empty() && !p.message.en.is_empty()), "{why}");
        assert_eq!(
            target.list_plays(&PlayFilter::default()).expect("list").total,
            0,
            "{why}: nothing written"
        );
        assert!(target.list_players().expect("players").is_empty(), "{why}");
        let revisions: i64 = target
            .connection()
            .query_row("SELECT count(*) FROM table_state_revisions", [], |r| r.get(0))
            .expect("count");
        assert_eq!(revisions, 0, "{why}");
    }
}

/// A revision serde cannot read (a number written as a word, a state that is not JSON) makes
/// the file unreadable at that place: the problem names the play, and nothing is written.
#[test]
fn an_unreadable_undo_step_is_refused_naming_its_play() {
    let (_, backup, open) = with_undo_steps();
    let text = backup.to_json();
    // The play's oldest undo step: the table it started from, numbered 1.
    let steps = "\"revisions\":[{\"revision\":1,";
    let at = text.find(steps).expect("the play's undo steps");
    let (before, after) = text.split_at(at);
    let state = after.find("\"state\":{").expect("its state");
    for (why, spoilt, said) in [
        (
            "a number as a word",
            format!("{before}{}", after.replacen(steps, "\"revisions\":[{\"revision\":\"one\",", 1)),
            "invalid type: string \"one\", expected i64",
        ),
        (
            "a state that is not JSON",
            format!("{before}{}\"state\":{{null{}", &after[..state], &after[state + "\"state\":{".len()..]),
            "key must be a string",
        ),
    ] {
        assert_ne!(spoilt, text, "{why}: the file is spoilt");
        let mut target = Store::open_in_memory().expect("empty");
        let Err(StoreError::Invalid(problems)) = target.import_from(spoilt.as_bytes(), &mut no_progress)
        else {
            panic!("{why}: must be refused")
        };
        let first = &problems.0[0];
        assert_eq!(
            (first.field.as_str(), first.code.as_str()),
            (format!("plays[{open}]").as_str(), "malformed"),
            "{why}: {problems}"
        );
        assert!(first.message.en.contains(said), "{why}: {problems}");
        assert_eq!(target.list_plays(&PlayFilter::default()).expect("list").total, 0, "{why}");
        assert!(target.list_players().expect("players").is_empty(), "{why}");
    }
}

/// A backup from before undo steps were kept has none: it imports as it always did, its play
/// in progress with nothing to undo, and the next save is the first step. A history without
/// undo steps still writes no `revisions` key, so such a backup is what it was.
#[test]
fn a_backup_without_undo_steps_imports_as_before() {
    let (_, mut backup, open) = with_undo_steps();
    for play in &mut backup.plays {
        play.revisions.clear();
    }
    let text = backup.to_json();
    assert!(!text.contains("revisions"), "no key when there is nothing to undo");
    let mut target = Store::open_in_memory().expect("empty");
    let report = target.import_from(text.as_bytes(), &mut no_progress).expect("import");
    assert_eq!(report.plays_added, 6);
    let id = play_id(&target, &backup.plays[open].uuid);
    assert!(matches!(target.undo_table_state(id), Err(StoreError::NothingToUndo)));
    let kept = backup.plays[open].table_state.clone().expect("autosaved").state;
    let saved =
        target.save_table_state(id, &valencia_sheet(&[("Ani", 9, 0), ("Patty", 2, 0)])).expect("save");
    assert_eq!(saved.undo_steps, 1);
    assert_eq!(target.undo_table_state(id).expect("undo").state, kept);
}

/// After an import, a save numbers its undo step after the imported ones: Undo takes the new
/// step back first, then the imported ones, in order.
#[test]
fn a_save_after_an_import_is_undone_before_the_imported_steps() {
    let (mut original, backup, open) = with_undo_steps();
    let mut copy = Store::open_in_memory().expect("empty");
    copy.import(&backup).expect("import");
    let newer = valencia_sheet(&[("Ani", 8, 8), ("Patty", 2, 0)]);
    let before_save = backup.plays[open].table_state.clone().expect("autosaved").state;
    let copied = play_id(&copy, &backup.plays[open].uuid);
    let original_id = play_id(&original, &backup.plays[open].uuid);
    copy.save_table_state(copied, &newer).expect("save");
    original.save_table_state(original_id, &newer).expect("save");
    let steps = undo_all(&mut copy, copied);
    assert_eq!(steps[0].state, before_save);
    assert_eq!(steps, undo_all(&mut original, original_id));
}

/// The CLI importing `file` into a new history in `dir`, its address space limited to `limit`
/// bytes (util-linux's `prlimit`): a program that tried to hold much more fails.
fn import_with_memory_limit(
    dir: &std::path::Path,
    file: &std::path::Path,
    limit: u64,
) -> std::process::Output {
    std::process::Command::new("prlimit")
        .arg(format!("--as={limit}"))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_greffier"))
        .args(["history", "import", "--lang", "en"])
        .arg(file)
        .arg("--db")
        .arg(dir.join("history.sqlite3"))
        .output()
        .expect("prlimit runs the CLI")
}

/// Writes `text` gzipped to `path`, with `[0,0,…]` (`zeros` of them) in place of the string
/// `"HUGE"`: hundreds of megabytes of JSON in a small file.
fn write_gzip_with_huge_state(path: &std::path::Path, text: &str, zeros: usize) {
    use std::io::Write as _;
    let (before, after) = text.split_once("\"HUGE\"").expect("the place of the huge value");
    let file = std::fs::File::create(path).expect("create");
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
    gz.write_all(before.as_bytes()).expect("write");
    gz.write_all(b"[0").expect("write");
    let chunk = ",0".repeat(4096);
    for _ in 0..zeros / 4096 {
        gz.write_all(chunk.as_bytes()).expect("write");
    }
    gz.write_all(b"]").expect("write");
    gz.write_all(after.as_bytes()).expect("write");
    gz.finish().expect("gzip");
}

/// A hostile backup whose undo step, or whose play in progress's table state, is 16 MiB of
/// JSON (beyond what an import reads whole, a few KiB gzipped) is refused, the problem naming the
/// field, without the import ever holding it: the CLI does it within 192 MiB of address space,
/// where holding the state as parsed would take over 256 MiB. Nothing is written.
#[test]
fn a_huge_undo_step_or_table_state_is_refused_without_being_held() {
    let (_, honest, open) = with_undo_steps();
    type Case = (&'static str, fn(&mut Backup, usize), String);
    let cases: [Case; 2] = [
        (
            "an undo step",
            |b, open| b.plays[open].revisions[0].state = "HUGE".into(),
            format!("plays[{open}].revisions[0].state"),
        ),
        (
            "a table state",
            |b, open| b.plays[open].table_state.as_mut().expect("autosaved").state = "HUGE".into(),
            format!("plays[{open}].table_state"),
        ),
    ];
    for (why, spoil, field) in cases {
        let mut backup = honest.clone();
        spoil(&mut backup, open);
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("hostile.json.gz");
        write_gzip_with_huge_state(&file, &backup.to_json(), 8 << 20);
        assert!(std::fs::metadata(&file).expect("written").len() < 4 << 20, "{why}");
        let out = import_with_memory_limit(dir.path(), &file, 192 << 20);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{why}: refused as invalid input: {stdout} {stderr}");
        let said = format!("{stdout}{stderr}");
        assert_eq!(said.trim(), format!("error: {field}: Table state too large (over 1024 KiB)."), "{why}");
        let store = Store::open(&dir.path().join("history.sqlite3")).expect("the history");
        assert!(store.list_players().expect("players").is_empty(), "{why}: nothing written");
    }
}

/// A backup's table states, undo steps and other games' scores are held to what a page reads
/// exactly: a whole number beyond ±(2^53 − 1) is refused, naming its field, and nothing is
/// written.
#[test]
fn whole_numbers_a_page_would_round_are_refused_in_a_backup() {
    let (_, mut backup, open) = with_undo_steps();
    let big = serde_json::json!(9_007_199_254_740_993_i64);
    backup.plays[open].table_state.as_mut().expect("autosaved").state["players"][0]["points"]["city"] =
        big.clone();
    backup.plays[open].revisions[1].state["players"][1]["points"]["city"] = big;
    backup.other_plays.push(BackupOtherPlay {
        uuid: "bgstats-play-1".to_owned(),
        game_name: "Azul".to_owned(),
        bgg_id: Some(230_802),
        played_at: chrono::Utc::now(),
        duration_minutes: None,
        location: None,
        notes: None,
        cooperative: false,
        imported_at: chrono::Utc::now(),
        seats: vec![BackupOtherSeat {
            player: "Ani".to_owned(),
            score: Some(-9_007_199_254_740_992),
            winner: true,
            first_player: false,
            score_text: None,
            team: None,
            role: None,
        }],
        expansions: Vec::new(),
    });
    let mut target = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(problems)) = target.import(&backup) else { panic!("must be refused") };
    let fields: Vec<(&str, &str)> = problems.0.iter().map(|p| (p.field.as_str(), p.code.as_str())).collect();
    assert_eq!(
        fields,
        vec![
            (format!("plays[{open}].table_state.players[0].points.city").as_str(), "unsafe_integer"),
            (format!("plays[{open}].revisions[1].state.players[1].points.city").as_str(), "unsafe_integer"),
            ("other_plays[0].seats[0].score", "unsafe_integer"),
        ]
    );
    assert!(target.list_players().expect("players").is_empty(), "nothing written");
}

/// A backup saved again by an editor that starts it with a UTF-8 byte order mark imports as
/// the backup it was.
#[test]
fn a_backup_starting_with_a_byte_order_mark_imports_as_without_it() {
    let original = populated();
    let text = original.export().expect("export").to_json();
    let with_bom = format!("\u{feff}{text}");
    let mut copy = Store::open_in_memory().expect("empty");
    let report = copy.import_from(with_bom.as_bytes(), &mut no_progress).expect("imported");
    assert_eq!((report.plays_added, report.players_added), (6, 4));
}

/// An empty file (0 bytes, or only blanks: a failed download) is refused saying so, by both
/// imports, rather than as JSON that ends at line 1 column 0.
#[test]
fn an_empty_file_is_refused_as_empty() {
    for text in ["", " \r\n"] {
        let mut store = Store::open_in_memory().expect("empty");
        let Err(StoreError::Invalid(problems)) = store.import_from(text.as_bytes(), &mut no_progress) else {
            panic!("{text:?}: must be refused")
        };
        let said: Vec<(&str, &str, &str)> =
            problems.0.iter().map(|p| (p.field.as_str(), p.code.as_str(), p.message.en.as_str())).collect();
        assert_eq!(said, vec![("", "empty_file", "The file is empty.")], "{text:?}");
        let problems = greffier::history::BgStats::from_reader(text.as_bytes()).expect_err("refused");
        let said: Vec<(&str, &str, &str)> =
            problems.0.iter().map(|p| (p.field.as_str(), p.code.as_str(), p.message.fr.as_str())).collect();
        assert_eq!(said, vec![("", "empty_file", "Le fichier est vide.")], "{text:?}");
    }
}

/// A play deleted after the backup was made sits in the bin: importing the backup again neither
/// restores it nor adds it a second time, and the report counts it apart from the plays already
/// in the log, so nobody takes it for back in the history.
#[test]
fn a_play_in_the_bin_imported_again_is_counted_as_in_the_bin_and_stays_there() {
    let mut store = populated();
    let backup = store.export().expect("export");
    let finished = store.list_plays(&PlayFilter::default()).expect("log").plays;
    let finished = finished.iter().find(|p| p.status == PlayStatus::Finished).expect("a finished play").id;
    store.delete_play(finished).expect("delete");

    let report = store.import(&backup).expect("import again");
    assert_eq!((report.plays_added, report.plays_skipped, report.plays_in_bin), (0, 5, 1));
    let bin = store.list_plays(&PlayFilter { deleted: true, ..PlayFilter::default() }).expect("bin");
    assert_eq!(bin.plays.iter().map(|p| p.id).collect::<Vec<_>>(), vec![finished], "still in the bin");
    assert_eq!(store.list_plays(&PlayFilter::default()).expect("log").total, 5);
}

/// Writes `text` gzipped to `path`, with what `fill` writes in place of the string `"HUGE"`.
fn write_gzip_with(path: &std::path::Path, text: &str, fill: impl Fn(&mut dyn std::io::Write)) {
    use std::io::Write as _;
    let (before, after) = text.split_once("\"HUGE\"").expect("the place of the huge value");
    let file = std::fs::File::create(path).expect("create");
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
    gz.write_all(before.as_bytes()).expect("write");
    fill(&mut gz);
    gz.write_all(after.as_bytes()).expect("write");
    gz.finish().expect("gzip");
}

/// The first play of a backup (as JSON) with a stored scoreboard.
fn scored(b: &serde_json::Value) -> usize {
    b["plays"]
        .as_array()
        .and_then(|p| p.iter().position(|p| !p["scoreboard"].is_null()))
        .expect("a finished play")
}

/// A hostile backup's lists and texts far beyond what the history keeps — two million players,
/// round events, seats, a stored scoreboard's score categories or mission cards, a note of
/// 200 MiB — in a file of a few MiB (gzip): each is refused,
/// the problem naming its field, without the import holding them (the CLI within 192 MiB of
/// address space, where holding them would take more). Nothing is written.
#[test]
fn a_backup_with_endless_lists_or_texts_is_refused_without_being_held() {
    let (_, honest, open) = with_undo_steps();
    let players = serde_json::to_string(&honest.players).expect("json");
    let players_but_the_bracket = players.strip_suffix(']').expect("a list").to_owned();
    let finished = scored(&serde_json::to_value(&honest).expect("json"));
    let lots = 2_000_000;
    type Fill = Box<dyn Fn(&mut dyn std::io::Write)>;
    type Case = (&'static str, fn(&mut serde_json::Value, usize), Fill, String);
    let cases: Vec<Case> = vec![
        (
            "two million players",
            |b, _| b["players"] = "HUGE".into(),
            Box::new(move |w| {
                w.write_all(players_but_the_bracket.as_bytes()).expect("write");
                for n in 0..lots {
                    write!(w, r#",{{"name":"P{n}","colour":null,"archived":false,"created_at":"2025-01-01T00:00:00Z"}}"#)
                        .expect("write");
                }
                w.write_all(b"]").expect("write");
            }),
            format!("players: At most 100000 items ({})", lots + honest.players.len()),
        ),
        (
            "two million round events",
            |b, open| b["plays"][open]["events"] = "HUGE".into(),
            Box::new(move |w| {
                w.write_all(b"[").expect("write");
                for n in 0..lots {
                    let comma = if n == 0 { "" } else { "," };
                    write!(w, r#"{comma}{{"round":1,"seq":{n},"kind":"note","payload":{{}},"recorded_at":"2025-01-01T00:00:00Z"}}"#)
                        .expect("write");
                }
                w.write_all(b"]").expect("write");
            }),
            format!("plays[{open}].events: At most 2000 items ({lots})"),
        ),
        (
            "two million seats",
            |b, open| b["plays"][open]["seats"] = "HUGE".into(),
            Box::new(move |w| {
                w.write_all(b"[").expect("write");
                for n in 0..lots {
                    let comma = if n == 0 { "" } else { "," };
                    write!(w, r#"{comma}{{"player":"Ani","colour":null,"first_player":false}}"#)
                        .expect("write");
                }
                w.write_all(b"]").expect("write");
            }),
            format!("plays[{open}].seats: At most 16 items ({lots})"),
        ),
        (
            "two million score categories in a stored scoreboard",
            |b, _| {
                let f = scored(b);
                b["plays"][f]["scoreboard"]["players"][0]["categories"] = "HUGE".into();
            },
            Box::new(move |w| {
                w.write_all(b"[").expect("write");
                for n in 0..lots {
                    let comma = if n == 0 { "" } else { "," };
                    write!(w, r#"{comma}{{"key":"c{n}","points":1,"detail":{{"fr":"x","en":"x"}}}}"#)
                        .expect("write");
                }
                w.write_all(b"]").expect("write");
            }),
            format!("plays[{finished}].scoreboard.players[0].categories: At most 64 items ({lots})"),
        ),
        (
            "two million mission cards in a stored scoreboard",
            |b, _| {
                let f = scored(b);
                b["plays"][f]["scoreboard"]["facts"]["missions"] = "HUGE".into();
            },
            Box::new(move |w| {
                w.write_all(b"[").expect("write");
                for n in 0..lots {
                    let comma = if n == 0 { "" } else { "," };
                    write!(w, r#"{comma}{{"seat":0,"mission":"m{n}","met":true,"points":1}}"#)
                        .expect("write");
                }
                w.write_all(b"]").expect("write");
            }),
            format!("plays[{finished}].scoreboard.facts.missions: At most 200 items ({lots})"),
        ),
        (
            "a note of 200 MiB",
            |b, open| b["plays"][open]["notes"] = "HUGE".into(),
            Box::new(|w| {
                w.write_all(b"\"").expect("write");
                let chunk = "a".repeat(1 << 20);
                for _ in 0..200 {
                    w.write_all(chunk.as_bytes()).expect("write");
                }
                w.write_all(b"\"").expect("write");
            }),
            format!("plays[{open}]: Text over 1024 KiB: no field of a backup keeps that much."),
        ),
    ];
    for (why, spoil, fill, said_part) in cases {
        let mut backup = serde_json::to_value(&honest).expect("json");
        spoil(&mut backup, open);
        let dir = tempfile::tempdir().expect("dir");
        let file = dir.path().join("hostile.json.gz");
        write_gzip_with(&file, &backup.to_string(), fill);
        assert!(std::fs::metadata(&file).expect("written").len() < 16 << 20, "{why}");
        let out = import_with_memory_limit(dir.path(), &file, 192 << 20);
        let said =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{why}: refused as invalid input: {said}");
        assert!(said.contains(&format!("error: {said_part}")), "{why}: {said}");
        let store = Store::open(&dir.path().join("history.sqlite3")).expect("the history");
        assert!(store.list_players().expect("players").is_empty(), "{why}: nothing written");
    }
}

/// Read whole (a small file), a backup's texts and lists beyond the history's limits are each
/// refused naming the field: a player's name, a seat's colour, a round event's data, the seats.
#[test]
fn a_backup_with_texts_or_lists_past_their_limits_names_each_field() {
    let (_, honest, open) = with_undo_steps();
    let mut backup = serde_json::to_value(&honest).expect("json");
    backup["players"][0]["name"] = "N".repeat(5_000).into();
    backup["plays"][open]["seats"][0]["colour"] = "c".repeat(5_000).into();
    backup["plays"][open]["events"][0]["payload"] = serde_json::json!({ "text": "x".repeat(100_000) });
    let seats = backup["plays"][0]["seats"].as_array().expect("seats").clone();
    backup["plays"][0]["seats"] = seats.iter().cycle().take(40).cloned().collect::<Vec<_>>().into();
    let mut store = Store::open_in_memory().expect("empty");
    let Err(StoreError::Invalid(problems)) =
        store.import_from(backup.to_string().as_bytes(), &mut no_progress)
    else {
        panic!("refused");
    };
    let found: Vec<(String, String)> = problems.iter().map(|p| (p.field.clone(), p.code.clone())).collect();
    for (field, code) in [
        ("players[0].name".to_owned(), "name_too_long"),
        (format!("plays[{open}].seats[0].colour"), "too_long"),
        (format!("plays[{open}].events[0].payload"), "too_large"),
        ("plays[0].seats".to_owned(), "too_many"),
    ] {
        assert!(found.contains(&(field.clone(), code.to_owned())), "{field} {code}: {found:?}");
    }
    assert!(store.list_players().expect("players").is_empty(), "nothing written");
}

/// The exported file is named in the language of the screen that asks for it: an English
/// window suggested « greffier-sauvegarde-….json » for a backup. Without a language, French (the
/// app's default).
#[test]
fn an_export_is_named_in_the_language_asked() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join(greffier::history::DB_FILE_NAME);
    let api = greffier::api::Api::open(&db).expect("open").with_exports_dir(dir.path().join("exports"));
    let name = |request: serde_json::Value| {
        let answer = api.call_json("export_file", request).expect("export");
        let path = answer["path"].as_str().expect("path").to_owned();
        std::path::Path::new(&path).file_name().and_then(|n| n.to_str()).map(str::to_owned).expect("name")
    };
    assert!(name(serde_json::json!({"kind": "backup", "lang": "en"})).starts_with("greffier-backup-"));
    assert!(name(serde_json::json!({"kind": "backup", "lang": "fr"})).starts_with("greffier-sauvegarde-"));
    assert!(name(serde_json::json!({"kind": "backup"})).starts_with("greffier-sauvegarde-"));
    assert!(name(serde_json::json!({"kind": "csv_plays", "lang": "en"})).starts_with("greffier-plays-"));
    assert!(name(serde_json::json!({"kind": "csv_plays", "lang": "fr"})).starts_with("greffier-parties-"));
}
