//! Export / import: round trips exactly, refuses bad files whole.

use greffier::history::{Backup, PlayFilter, Store, StoreError};

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
    text = text.replacen("\"manifest\": {", "\"surprise\": 1, \"manifest\": {", 1);
    assert_eq!(Backup::from_json(&text).expect_err("unknown field").0[0].code, "malformed");
}
