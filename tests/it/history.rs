//! The history store: plays from start to finish, atomic writes, schema guard.

use greffier::games::{GameId, TableHelp, valencia};
use greffier::history::{NewPlay, NewSeat, PlayFilter, PlayStatus, Store, StoreError, latest_schema_version};
use serde_json::json;

use crate::support::{seed_plays, start_valencia, valencia_sheet};

#[test]
fn a_play_is_started_autosaved_finished_and_listed_with_its_winner() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    assert_eq!(play.status, PlayStatus::InProgress);
    assert_eq!(play.seats.len(), 2);
    assert!(play.seats[0].first_player);

    let preview =
        store.save_table_state(play.id, &valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)])).expect("save");
    assert_eq!(preview.scoreboard.as_ref().and_then(|b| b.players[1].total), Some(11));

    let done = store.finish_play(play.id, &valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)])).expect("finish");
    assert_eq!(done.status, PlayStatus::Finished);
    assert!(done.ended_at.is_some());

    let page = store.list_plays(&PlayFilter::default()).expect("list");
    assert_eq!(page.total, 1);
    let dirk = &page.plays[0].players[1];
    assert_eq!((dirk.name.as_str(), dirk.total, dirk.rank, dirk.winner), ("Dirk", Some(11), Some(1), true));

    // Category points are queryable for statistics.
    let fountains: i64 = store
        .connection()
        .query_row("SELECT SUM(points) FROM category_points WHERE category = 'fountains'", [], |r| r.get(0))
        .expect("sum");
    assert_eq!(fountains, 4);
}

#[test]
fn autosave_keeps_an_invalid_state_and_finishing_it_changes_nothing() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let bad = json!({ "sheet": "generic", "players": [ { "name": "Ani", "points": { "city": "lots" } }, { "name": "Dirk" } ] });
    let preview = store.save_table_state(play.id, &bad).expect("autosave stores anything");
    assert!(preview.scoreboard.is_none());
    assert_eq!(preview.problems[0].field, "players[0].points.city");

    let err = store.finish_play(play.id, &bad).expect_err("invalid");
    assert!(matches!(err, StoreError::Invalid(_)));
    let detail = store.play(play.id).expect("play");
    assert_eq!(detail.status, PlayStatus::InProgress);
    assert_eq!(detail.table_state, Some(bad), "what was typed is still there");
    assert!(detail.scoreboard.is_none());
}

#[test]
fn the_sheet_must_seat_the_play_s_players_in_order() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let swapped = valencia_sheet(&[("Dirk", 5, 0), ("Ani", 7, 4)]);
    let StoreError::Invalid(problems) = store.finish_play(play.id, &swapped).expect_err("swapped") else {
        panic!("expected invalid input");
    };
    assert_eq!(problems.0[0].field, "players[0].name");
    assert_eq!(problems.0[0].code, "seat_mismatch");
}

#[test]
fn a_finished_or_abandoned_play_cannot_be_changed() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    store.abandon_play(play.id).expect("abandon");
    let err = store.save_table_state(play.id, &json!({})).expect_err("abandoned");
    assert!(matches!(err, StoreError::NotInProgress { status: "abandoned" }));
    assert!(matches!(store.play(4242), Err(StoreError::NotFound { .. })));
}

#[test]
fn new_plays_are_checked_field_by_field() {
    let mut store = Store::open_in_memory().expect("store");
    let ani = store.create_player("Ani", None).expect("Ani");
    let err = store
        .start_play(&NewPlay {
            game: GameId::Valencia,
            variant: "base".into(),
            location: Some("x".repeat(500)),
            notes: None,
            seats: vec![NewSeat { player_id: ani.id, colour: None }, NewSeat { player_id: 77, colour: None }],
            first_seat: 5,
        })
        .expect_err("invalid");
    let StoreError::Invalid(problems) = err else { panic!("expected invalid input") };
    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, vec!["first_seat", "location", "seats[1].player_id"]);
    assert_eq!(store.list_plays(&PlayFilter::default()).expect("list").total, 0, "nothing half-written");

    let dup = store.create_player(" ani ", None).expect_err("same name, other case");
    assert!(matches!(dup, StoreError::Invalid(p) if p.0[0].code == "duplicate_name"));
}

#[test]
fn lists_filter_and_paginate_newest_first() {
    let mut store = Store::open_in_memory().expect("store");
    seed_plays(&mut store, 25);
    let open = start_valencia(&mut store, &["Ani", "Dirk"]);
    let first = store.list_plays(&PlayFilter { limit: 10, ..Default::default() }).expect("page 1");
    assert_eq!((first.total, first.plays.len()), (26, 10));
    assert_eq!(first.plays[0].id, open.id, "newest first");
    let last = store.list_plays(&PlayFilter { limit: 10, offset: 20, ..Default::default() }).expect("page 3");
    assert_eq!(last.plays.len(), 6);
    let unfinished = store
        .list_plays(&PlayFilter { status: Some(PlayStatus::InProgress), ..Default::default() })
        .expect("open");
    assert_eq!(unfinished.total, 1);
    let other_game =
        store.list_plays(&PlayFilter { game: Some(GameId::Splendor), ..Default::default() }).expect("none");
    assert_eq!(other_game.total, 0);
}

#[test]
fn a_database_from_a_newer_greffier_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("future.sqlite3");
    {
        let conn = rusqlite::Connection::open(&path).expect("create");
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;").expect("future schema");
        conn.pragma_update(None, "application_id", greffier::history::APPLICATION_ID).expect("ours");
    }
    let err = Store::open(&path).err().expect("refused");
    assert!(
        matches!(err, StoreError::NewerSchema { found: 99, supported } if supported == latest_schema_version())
    );
    assert!(err.to_string().contains("newer Greffier"));
    let conn = rusqlite::Connection::open(&path).expect("reopen");
    let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).expect("version");
    let tables: i64 = conn
        .query_row("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'", [], |r| r.get(0))
        .expect("tables");
    assert_eq!((version, tables), (99, 1), "nothing was migrated or added");
}

/// Issue: `--db some-other.sqlite3` added our 11 tables to another program's database, bumped
/// its `user_version` or switched it to WAL. A non-empty file without our `application_id` is
/// refused untouched: no table, no version, no WAL, no backup beside it.
#[test]
fn another_programs_database_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    for (name, setup) in [
        (
            "notes.sqlite3",
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('x');",
        ),
        ("versioned.sqlite3", "CREATE TABLE t (x); PRAGMA user_version = 2;"),
        ("empty-but-versioned.sqlite3", "PRAGMA user_version = 1;"),
    ] {
        let path = dir.path().join(name);
        rusqlite::Connection::open(&path).and_then(|c| c.execute_batch(setup)).expect("other db");
        let before = std::fs::read(&path).expect("bytes");
        let err = Store::open(&path).err().expect("refused");
        assert!(matches!(err, StoreError::NotGreffier), "{name}: {err}");
        assert_eq!(err.kind(), "not_greffier");
        assert!(err.to_string().contains("not a Greffier database"));
        assert_eq!(std::fs::read(&path).expect("bytes"), before, "{name}: not one byte changed");
        assert!(!dir.path().join(format!("{name}-wal")).exists(), "{name}: no WAL switch");
        assert!(!dir.path().join("backups").exists(), "{name}: no backup beside it");
    }
    // A text file is not a database either, and says so in words.
    let text = dir.path().join("readme.sqlite3");
    std::fs::write(&text, "hello, this is not SQLite at all, just some text to fill a page").expect("text");
    let err = Store::open(&text).err().expect("refused");
    assert!(matches!(err, StoreError::NotGreffier), "{err}");
    // A history written before the id existed (schema 3, our tables) is still ours, and gets it.
    let old = dir.path().join("old.sqlite3");
    {
        let conn = rusqlite::Connection::open(&old).expect("old");
        for file in ["0001_initial.sql", "0002_play_log_and_statistics.sql", "0003_other_games.sql"] {
            let sql = std::fs::read_to_string(crate::support::checkout().join("migrations").join(file))
                .expect("sql");
            conn.execute_batch(&sql).expect("old schema");
        }
        conn.pragma_update(None, "user_version", 3).expect("version");
    }
    let store = Store::open(&old).expect("an older Greffier history opens");
    let id: i32 = store.connection().query_row("PRAGMA application_id", [], |r| r.get(0)).expect("id");
    assert_eq!(id, greffier::history::APPLICATION_ID);
}

/// Issue: 30 simultaneous first opens of a new database failed half the time ("table players
/// already exists"), and imports failed within 0.05 s while another process wrote. Migrations
/// and every write run under an IMMEDIATE transaction that waits for the busy timeout.
#[test]
fn thirty_simultaneous_first_opens_all_succeed() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("new.sqlite3");
    let threads: Vec<_> = (0..30)
        .map(|_| {
            let path = path.clone();
            std::thread::spawn(move || {
                Store::open(&path).map(|s| s.schema_version().ok()).map_err(|e| e.to_string())
            })
        })
        .collect();
    for t in threads {
        let opened = t.join().expect("thread");
        assert_eq!(opened, Ok(Some(latest_schema_version())));
    }
}

/// A first open waits for another process's migration of the same file however long it takes
/// (a loaded machine, a large history), not the 5 s a write waits: here the other holds the
/// write lock of a new file for 6 s, then the open migrates it. The cause of
/// `thirty_simultaneous_first_opens_all_succeed` failing once under load.
#[test]
fn a_first_open_waits_for_another_migration_longer_than_the_busy_timeout() {
    for wal in [false, true] {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("new.sqlite3");
        let other = rusqlite::Connection::open(&path).expect("other");
        if wal {
            // Past the switch to WAL, marked as ours: the open waits at the migration itself.
            other.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0)).expect("wal");
            other.pragma_update(None, "application_id", greffier::history::APPLICATION_ID).expect("ours");
        }
        other.execute_batch("BEGIN IMMEDIATE").expect("the write lock");
        let opening = std::thread::spawn(move || {
            Store::open(&path).map(|s| s.schema_version().ok()).map_err(|e| e.to_string())
        });
        std::thread::sleep(std::time::Duration::from_secs(6));
        other.execute_batch("ROLLBACK").expect("released");
        assert_eq!(opening.join().expect("thread"), Ok(Some(latest_schema_version())), "wal: {wal}");
    }
}

/// A write waits for another writer (the busy timeout) instead of failing at once.
#[test]
fn a_write_waits_for_another_process_writing() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("busy.sqlite3");
    let mut store = Store::open(&path).expect("store");
    let other = rusqlite::Connection::open(&path).expect("other");
    other.execute_batch("BEGIN IMMEDIATE; INSERT INTO card_values (game, card, value, updated_at) VALUES ('valencia', 'x', 1, 't');").expect("lock");
    let release = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        other.execute_batch("COMMIT;").expect("commit");
    });
    let mut source = Store::open_in_memory().expect("source");
    seed_plays(&mut source, 3);
    let backup = source.export().expect("export");
    let report = store.import(&backup).expect("the import waited for the lock");
    assert_eq!(report.plays_added, 3);
    release.join().expect("thread");
}

#[test]
fn a_file_database_reopens_with_everything_and_uses_wal() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("nested/dir/greffier.sqlite3");
    {
        let mut store = Store::open(&path).expect("create with its folders");
        seed_plays(&mut store, 3);
        store.set_card_value(GameId::Valencia, "Mission: Les marchands", 4).expect("card");
    }
    let store = Store::open(&path).expect("reopen");
    assert_eq!(store.list_plays(&PlayFilter::default()).expect("list").total, 3);
    assert_eq!(store.card_values(GameId::Valencia).expect("cards")[0].value, 4);
    let mode: String = store.connection().query_row("PRAGMA journal_mode", [], |r| r.get(0)).expect("mode");
    assert_eq!(mode, "wal");
    let fk: i64 = store.connection().query_row("PRAGMA foreign_keys", [], |r| r.get(0)).expect("fk");
    assert_eq!(fk, 1);
    assert_eq!(store.integrity_check().expect("check"), "ok");
}

#[test]
fn round_events_are_logged_in_order() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    store.append_round_event(play.id, 1, "event", &json!({ "id": "peste" })).expect("1");
    store.append_round_event(play.id, 1, "payment", &json!({ "coins": 3 })).expect("2");
    store.append_round_event(play.id, 2, "event", &json!({ "id": "moisson" })).expect("3");
    let events = store.play(play.id).expect("play").events;
    let order: Vec<(u8, u32, &str)> = events.iter().map(|e| (e.round, e.seq, e.kind.as_str())).collect();
    assert_eq!(order, vec![(1, 1, "event"), (1, 2, "payment"), (2, 1, "event")]);
}

/// A play's round log keeps what its backup may hold (an import refuses more): at most 2 000
/// events, each with at most 64 KiB of data and a kind of at most 100 bytes; past that the
/// entry is refused naming the field, and the log is as it was.
#[test]
fn a_round_log_keeps_no_more_than_a_backup_may_hold() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let fields = |e: StoreError| match e {
        StoreError::Invalid(p) => p.iter().map(|p| p.field.clone()).collect::<Vec<_>>(),
        other => panic!("{other}"),
    };
    let big = json!({ "text": "x".repeat(64 << 10) });
    assert_eq!(
        fields(store.append_round_event(play.id, 1, "note", &big).expect_err("too large")),
        ["payload"]
    );
    let long = "k".repeat(101);
    assert_eq!(
        fields(store.append_round_event(play.id, 1, &long, &json!({})).expect_err("too long")),
        ["kind"]
    );
    for n in 0..2_000 {
        store
            .append_round_event(play.id, 1 + u8::try_from(n / 100).unwrap_or(0), "note", &json!({}))
            .expect("kept");
    }
    assert_eq!(
        fields(store.append_round_event(play.id, 30, "note", &json!({})).expect_err("too many")),
        ["round"]
    );
    assert_eq!(store.play(play.id).expect("play").events.len(), 2_000);
}

/// Undo is the core's: every autosave keeps the state it replaces, so undo survives a restart
/// and takes back a helper's mark (a council phase counted) with the values it changed.
#[test]
fn undo_goes_back_one_saved_state_at_a_time_and_survives_a_reopen() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("h.sqlite3");
    let play = {
        let mut store = Store::open(&path).expect("store");
        let play = start_valencia(&mut store, &["Ani", "Dirk"]);
        let first = valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)]);
        assert_eq!(
            store.save_table_state(play.id, &first).expect("save").undo_steps,
            1,
            "back to the table it started from"
        );
        let same = store.save_table_state(play.id, &first).expect("same again");
        assert_eq!(same.undo_steps, 1, "saving the same state records nothing");
        let second = valencia_sheet(&[("Ani", 9, 0), ("Dirk", 7, 4)]);
        assert_eq!(store.save_table_state(play.id, &second).expect("save").undo_steps, 2);
        play
    };
    let mut store = Store::open(&path).expect("reopen");
    let undone = store.undo_table_state(play.id).expect("undo after a restart");
    assert_eq!(undone.state, valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)]));
    assert_eq!(undone.preview.undo_steps, 1);
    assert_eq!(undone.preview.scoreboard.and_then(|b| b.players[0].total), Some(5));
    assert_eq!(store.play(play.id).expect("play").table_state, Some(undone.state));
    // The first change undone, the play is back at the table it started from (the setup).
    let start = store.undo_table_state(play.id).expect("undo the first change");
    assert_eq!(start.state, crate::support::valencia_start(&["Ani", "Dirk"]));
    assert_eq!(store.play(play.id).expect("play").table_state, Some(start.state));
    assert!(matches!(store.undo_table_state(play.id), Err(StoreError::NothingToUndo)));

    // Finishing clears the revisions: a finished play is corrected through edits.
    store.save_table_state(play.id, &valencia_sheet(&[("Ani", 6, 0), ("Dirk", 7, 4)])).expect("save");
    store.finish_play(play.id, &valencia_sheet(&[("Ani", 6, 0), ("Dirk", 7, 4)])).expect("finish");
    let left: i64 = store
        .connection()
        .query_row("SELECT count(*) FROM table_state_revisions", [], |r| r.get(0))
        .expect("count");
    assert_eq!(left, 0);
}

#[test]
fn a_preview_scores_without_storing() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let preview = store
        .preview_table_state(play.id, &valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)]))
        .expect("preview");
    assert_eq!(preview.scoreboard.and_then(|b| b.players[1].total), Some(11));
    let start = crate::support::valencia_start(&["Ani", "Dirk"]);
    assert_eq!(store.play(play.id).expect("play").table_state, Some(start), "still the starting table");
}

/// Reported: « Adding a Valencia mission before typing its printed points sets all totals to 0
/// and hides the ranking. » The preview keeps the totals of what is valid, the problem on its
/// field, and nobody wins until it is fixed.
#[test]
fn one_incomplete_field_leaves_partial_totals_with_its_problem() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let table = json!({ "variant": "base", "players": [
        { "name": "Ani", "city_members": 6, "coins": 5, "missions": [{ "id": "mission_palms" }] },
        { "name": "Dirk", "city_members": 4, "council_points": 3 } ] });
    let preview = store.preview_table_state(play.id, &table).expect("preview");
    assert!(preview.scoreboard.is_none(), "the play cannot end like this");
    assert!(
        preview.problems.iter().any(|p| p.field.starts_with("players[0].missions[0]")),
        "{:?}",
        preview.problems
    );
    let partial = preview.partial.expect("partial totals");
    let complete = valencia::score(&json!({ "variant": "base", "players": [
        { "name": "Ani", "city_members": 6, "coins": 5 },
        { "name": "Dirk", "city_members": 4, "council_points": 3 } ] }))
    .expect("the same table without the mission");
    let totals = |b: &greffier::games::Scoreboard| b.players.iter().map(|p| p.total).collect::<Vec<_>>();
    assert_eq!(totals(&partial), totals(&complete), "what is valid still counts");
    assert!(partial.players.iter().all(|p| !p.winner), "nobody wins partial totals");

    // A problem about the whole table (an unknown variant) leaves no partial totals.
    let whole = json!({ "variant": "nope", "players": [{ "name": "Ani" }, { "name": "Dirk" }] });
    assert!(store.preview_table_state(play.id, &whole).expect("preview").partial.is_none());
}

/// The screen works out no figure itself while the core has not answered: one wrong
/// field keeps the live help's per-seat figures, from the table without that field (here a
/// mission typed without its printed points), instead of blanking the panel.
#[test]
fn the_live_help_stays_while_a_field_is_wrong() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let table = json!({ "variant": "base",
        "fountains": [{ "value": 3 }, { "value": 2 }],
        "players": [
            { "name": "Ani", "city_members": 6, "fountain_members": [2, 1], "missions": [{ "id": "mission_palms" }] },
            { "name": "Dirk", "city_members": 4, "fountain_members": [1, 0] } ] });
    let preview = store.preview_table_state(play.id, &table).expect("preview");
    assert!(
        preview.problems.iter().any(|p| p.field.starts_with("players[0].missions[0]")),
        "{:?}",
        preview.problems
    );
    let Some(TableHelp::Valencia(help)) = preview.help else { panic!("help: {:?}", preview.help) };
    assert_eq!(help.seats[0].fountain_points, [6, 2], "2 members × 3, 1 member × 2");
    assert_eq!(help.seats[1].fountain_points, [3, 0], "1 member × 3, none at the second");

    // The variant is never dropped: a wrong one leaves no help.
    let whole = json!({ "variant": "nope", "players": [{ "name": "Ani" }, { "name": "Dirk" }] });
    assert!(store.preview_table_state(play.id, &whole).expect("preview").help.is_none());
}

/// Reported: « Round logs are shown as readable text in the current UI language, never as raw
/// JSON ». The core describes what the helpers stored, in both languages, with the players'
/// names; the face-down draft card stays hidden.
#[test]
fn a_play_s_round_log_reads_as_sentences_in_both_languages() {
    use greffier::games::citadelles::{
        CitadellesRoundAction, CitadellesRoundSetup, CitadellesVariant, start_round,
    };
    let mut store = Store::open_in_memory().expect("store");
    let ids: Vec<_> = ["Ani", "Dirk", "Lilli", "Patty"]
        .iter()
        .map(|n| store.create_player(n, None).expect("player").id)
        .collect();
    let play = store
        .start_play(&NewPlay {
            game: GameId::Citadelles,
            variant: "classique".into(),
            location: None,
            notes: None,
            seats: ids.iter().map(|&player_id| NewSeat { player_id, colour: None }).collect(),
            first_seat: 0,
        })
        .expect("start");
    let mut round = start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::Classique,
        players: 4,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names: Vec::new(),
        face_up: Vec::new(),
    })
    .expect("round");
    // Assassin: Lilli, who murders the Merchant (6); then 2, 3 nobody; the King: Dirk.
    for action in [
        CitadellesRoundAction::Reveal { seat: Some(2) },
        CitadellesRoundAction::Murder { rank: 6 },
        CitadellesRoundAction::Reveal { seat: None },
        CitadellesRoundAction::Reveal { seat: None },
        CitadellesRoundAction::Reveal { seat: Some(1) },
        CitadellesRoundAction::Reveal { seat: None },
        CitadellesRoundAction::Reveal { seat: Some(0) },
        // Ani (the Bishop) completes her city in her turn.
        CitadellesRoundAction::CompleteCity,
        CitadellesRoundAction::Reveal { seat: Some(3) },
        CitadellesRoundAction::EndRound,
    ] {
        round = round.apply(&action).unwrap_or_else(|p| panic!("{action:?}: {p}"));
    }
    let record = serde_json::to_value(round.record().expect("finished")).expect("json");
    store.append_round_event(play.id, 1, "citadelles_draft", &json!({"seed": 7, "face_up": ["merchant", "bishop"], "face_down": ["architect"], "king_put_back": 0})).expect("draft");
    store.append_round_event(play.id, 1, "citadelles_round", &record).expect("round");
    store.append_round_event(play.id, 1, "unknown_kind", &json!({"x": 1})).expect("other");

    let events = store.play(play.id).expect("play").events;
    let draft = events[0].text.as_ref().expect("draft in words");
    assert_eq!(draft.fr, "Tirage\u{202f}: Marchand, Évêque face visible, 1 face cachée.");
    assert!(!draft.en.contains("Architect"), "the face-down card stays hidden: {}", draft.en);
    let told = events[1].text.as_ref().expect("round in words");
    assert!(told.fr.contains("Lilli\u{202f}: Assassin (1)"), "{}", told.fr);
    assert!(told.fr.contains("Marchand (6) assassiné"), "{}", told.fr);
    assert!(told.en.contains("the crown goes from Ani to Dirk"), "{}", told.en);
    assert!(told.fr.contains("Ani complète sa cité"), "the completions the round recorded: {}", told.fr);
    assert!(told.en.contains("Ani completes their city"), "{}", told.en);
    assert_eq!(events[2].text, None, "an unknown kind is kept, not described");
}

/// Reported: « on an empty sheet nobody is "vainqueur" yet ». The live ranking names a winner
/// once something is scored.
#[test]
fn an_empty_sheet_names_no_winner_until_something_is_scored() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let empty = store
        .preview_table_state(play.id, &valencia_sheet(&[("Ani", 0, 0), ("Dirk", 0, 0)]))
        .expect("preview");
    assert!(empty.scoreboard.expect("valid").players.iter().all(|p| !p.winner));
    let one = store
        .preview_table_state(play.id, &valencia_sheet(&[("Ani", 0, 0), ("Dirk", 1, 0)]))
        .expect("preview");
    assert_eq!(
        one.scoreboard.expect("valid").players.iter().map(|p| p.winner).collect::<Vec<_>>(),
        [false, true]
    );
}

/// A finished play is corrected in its own sheet: the sheet asks the core for live totals as
/// it is typed into (nothing stored), saving rescores it as an edit, and Undo takes the
/// correction back, winner included.
#[test]
fn a_finished_play_is_corrected_live_saved_as_an_edit_and_the_correction_undone() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let before = valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)]);
    store.finish_play(play.id, &before).expect("finish");
    let winner = |store: &Store| {
        let board = store.play(play.id).expect("play").scoreboard.expect("board");
        board.players.iter().filter(|p| p.winner).map(|p| p.name.clone()).collect::<Vec<_>>()
    };
    assert_eq!(winner(&store), vec!["Dirk"]);

    // Typing the correction: live totals, nothing written.
    let corrected = valencia_sheet(&[("Ani", 15, 0), ("Dirk", 7, 4)]);
    let live = store.preview_table_state(play.id, &corrected).expect("preview of a finished play");
    assert_eq!(live.scoreboard.expect("scored").players[0].total, Some(15));
    assert_eq!(store.play(play.id).expect("play").table_state, Some(before.clone()), "nothing stored yet");

    // Saving: an edit, rescored; the state it replaced is kept for Undo.
    let edit = greffier::history::PlayEdit { table_state: Some(corrected.clone()), ..Default::default() };
    store.edit_play(play.id, &edit).expect("saved");
    assert_eq!(winner(&store), vec!["Ani"]);
    let undone = store.undo_table_state(play.id).expect("undo the correction");
    assert_eq!(undone.state, before);
    assert_eq!(winner(&store), vec!["Dirk"], "the result as it was");
    assert_eq!(store.play(play.id).expect("play").status, PlayStatus::Finished);
    assert!(matches!(store.undo_table_state(play.id), Err(StoreError::NothingToUndo)));
}

/// A history written by a Greffier that accepted a year beyond 9999 (stored as `+10000-…`, which
/// RFC 3339 cannot read) or before 0000 still lists, shows, deletes and exports; and no door
/// takes such a date any more.
#[test]
fn a_date_outside_years_0000_to_9999_already_stored_does_not_stop_any_read() {
    let dir = tempfile::tempdir().expect("dir");
    let mut store = Store::open(&dir.path().join("greffier.sqlite3")).expect("store");
    seed_plays(&mut store, 3);
    let ids: Vec<u32> =
        store.list_plays(&PlayFilter::default()).expect("list").plays.iter().map(|p| p.id).collect();
    let (far, before) = (ids[0], ids[1]);
    store
        .connection()
        .execute_batch(&format!(
            "UPDATE plays SET started_at = '+10000-01-01T20:00:00.000Z', ended_at = '+10000-01-01T21:00:00.000Z' WHERE id = {far};
             UPDATE plays SET started_at = '-0001-01-01T20:00:00.000Z', updated_at = '-0001-01-01T20:00:00.000Z' WHERE id = {before};
             UPDATE players SET created_at = '+10000-01-01T20:00:00.000Z';"
        ))
        .expect("values an older Greffier wrote");
    let page = store.list_plays(&PlayFilter::default()).expect("list");
    assert_eq!(page.total, 3);
    let shown = store.play(far).expect("show");
    assert_eq!(shown.started_at.format("%Y-%m-%d").to_string(), "+10000-01-01");
    assert_eq!(store.play(before).expect("show").started_at.format("%Y").to_string(), "-0001");
    assert_eq!(store.export().expect("backup").plays.len(), 3);
    assert_eq!(store.export_bgstats(&mut greffier::history::no_progress).expect("bg").plays.len(), 3);
    let ani = store.list_players().expect("roster")[0].id;
    store.player_stats(ani).expect("stats");
    let deleted = store.delete_play(far).expect("delete");
    assert!(deleted.deleted_at.is_some());
    store.restore_play(far).expect("restore");

    // The date can be corrected; an out-of-range one is refused, naming the field.
    let year = |y: i32| {
        chrono::NaiveDate::from_ymd_opt(y, 1, 1)
            .and_then(|d| d.and_hms_opt(20, 0, 0))
            .expect("date")
            .and_utc()
    };
    for y in [10_000, -1] {
        let edit = greffier::history::PlayEdit { started_at: Some(year(y)), ..Default::default() };
        let Err(StoreError::Invalid(p)) = store.edit_play(far, &edit) else {
            panic!("year {y} must be refused")
        };
        assert_eq!(
            p.iter().map(|x| (x.field.as_str(), x.code.as_str())).collect::<Vec<_>>(),
            vec![("started_at", "date_out_of_range")]
        );
    }
    let edit = greffier::history::PlayEdit { started_at: Some(year(2026)), ..Default::default() };
    assert_eq!(store.edit_play(far, &edit).expect("corrected").started_at, year(2026));
}

/// The fields (and codes) of an `Invalid` error.
fn problem_fields(result: Result<impl std::fmt::Debug, StoreError>) -> Vec<(String, String)> {
    match result {
        Err(StoreError::Invalid(p)) => p.0.iter().map(|p| (p.field.clone(), p.code.clone())).collect(),
        other => panic!("expected invalid input, got {other:?}"),
    }
}

/// A page reads numbers as JavaScript does: a whole number beyond ±(2^53 − 1) comes back
/// rounded, and its next save would store a value nobody typed. Such a number is refused where a
/// table state enters the history (autosave, finish, an edit), naming its field; up to the
/// bound, numbers are kept exactly.
#[test]
fn whole_numbers_a_page_would_round_are_refused_naming_their_field() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let mut sheet = valencia_sheet(&[("Ani", 3, 1), ("Dirk", 2, 0)]);
    sheet["players"][0]["points"]["city"] = json!(9_007_199_254_740_993_i64);
    sheet["players"][1]["points"]["fountains"] = json!(-9_007_199_254_740_992_i64);
    sheet["extra"] = json!([1, { "big": u64::MAX }]);
    let expected = vec![
        ("extra[1].big".to_owned(), "unsafe_integer".to_owned()),
        ("players[0].points.city".to_owned(), "unsafe_integer".to_owned()),
        ("players[1].points.fountains".to_owned(), "unsafe_integer".to_owned()),
    ];
    assert_eq!(problem_fields(store.save_table_state(play.id, &sheet)), expected);
    assert_eq!(problem_fields(store.finish_play(play.id, &sheet)), expected);
    let start = crate::support::valencia_start(&["Ani", "Dirk"]);
    assert_eq!(store.play(play.id).expect("play").table_state, Some(start), "nothing saved");
    let mut exact = valencia_sheet(&[("Ani", 3, 1), ("Dirk", 2, 0)]);
    exact["extra"] = json!([9_007_199_254_740_991_i64, -9_007_199_254_740_991_i64, 1.5e300]);
    store.save_table_state(play.id, &exact).expect("the largest exact numbers are kept");
    assert_eq!(store.play(play.id).expect("play").table_state, Some(exact));
}

/// The printed values a sheet remembers come in the order a French reader expects (accents and
/// case aside first, `collation::compare`): the Orléans sheet lists its building cards as the
/// core gives them, never sorting them itself.
#[test]
fn remembered_card_values_come_in_french_order() {
    let store = Store::open_in_memory().expect("store");
    for (card, value) in
        [("building:Zoo", 1), ("building:Étable", 2), ("building:atelier", 3), ("building:Écurie", 4)]
    {
        store.set_card_value(GameId::Orleans, card, value).expect("remember");
    }
    let cards: Vec<String> =
        store.card_values(GameId::Orleans).expect("values").into_iter().map(|c| c.card).collect();
    assert_eq!(cards, ["building:atelier", "building:Écurie", "building:Étable", "building:Zoo"]);
}
