//! The play log after the fact: filters, editing (rescored), delete with undo, the roster.

use chrono::{TimeZone, Utc};
use greffier::history::{OutcomeKind, PlayEdit, PlayFilter, PlayStatus, Store, StoreError};

use crate::support::{seed_plays, start_valencia, valencia_sheet};

fn ids(store: &Store, filter: PlayFilter) -> Vec<u32> {
    store.list_plays(&filter).expect("list").plays.iter().map(|p| p.id).collect()
}

#[test]
fn the_log_filters_by_player_variant_outcome_and_date_range() {
    let mut store = Store::open_in_memory().expect("store");
    seed_plays(&mut store, 2); // Ani, Dirk, Lilli
    let patty_play = start_valencia(&mut store, &["Ani", "Patty"]);
    store.finish_play(patty_play.id, &valencia_sheet(&[("Ani", 3, 0), ("Patty", 9, 1)])).expect("finish");
    let patty = store.list_players().expect("roster").into_iter().find(|p| p.name == "Patty").expect("Patty");

    assert_eq!(
        ids(&store, PlayFilter { player_id: Some(patty.id), ..Default::default() }),
        vec![patty_play.id]
    );
    assert_eq!(
        store
            .list_plays(&PlayFilter { variant: Some("base".into()), ..Default::default() })
            .expect("v")
            .total,
        3
    );
    assert_eq!(
        store.list_plays(&PlayFilter { variant: Some("x".into()), ..Default::default() }).expect("v").total,
        0
    );
    assert_eq!(
        store
            .list_plays(&PlayFilter { outcome: Some(OutcomeKind::Points), ..Default::default() })
            .expect("o")
            .total,
        3
    );
    assert_eq!(
        store
            .list_plays(&PlayFilter { outcome: Some(OutcomeKind::Coop), ..Default::default() })
            .expect("o")
            .total,
        0
    );

    // Move the first two plays into 2025; the date range then splits them from the third.
    let edit = |start| PlayEdit { started_at: Some(start), ..Default::default() };
    let all = ids(&store, PlayFilter::default());
    let (third, second, first) = (all[0], all[1], all[2]);
    store
        .edit_play(first, &edit(Utc.with_ymd_and_hms(2025, 3, 1, 20, 0, 0).single().expect("date")))
        .expect("e");
    store
        .edit_play(second, &edit(Utc.with_ymd_and_hms(2025, 4, 1, 20, 0, 0).single().expect("date")))
        .expect("e");
    let in_2025 = PlayFilter {
        from: Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).single(),
        to: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).single(),
        ..Default::default()
    };
    assert_eq!(ids(&store, in_2025), vec![second, first], "newest first");
    assert_eq!(ids(&store, PlayFilter::default())[0], third);
}

#[test]
fn editing_a_finished_play_rescores_it_from_the_table_state() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    store.finish_play(play.id, &valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)])).expect("finish");

    // A typo: Ani had 9 city points, not 5. She now wins 9 + 3 = 12 to 11.
    let fixed = store
        .edit_play(
            play.id,
            &PlayEdit {
                location: Some("Grenoble".into()),
                notes: Some("Revanche".into()),
                duration_minutes: Some(75),
                started_at: None,
                table_state: Some(valencia_sheet(&[("Ani", 9, 3), ("Dirk", 7, 4)])),
            },
        )
        .expect("edit");
    let board = fixed.scoreboard.expect("scoreboard");
    assert_eq!((board.players[0].total, board.players[0].winner), (Some(12), true));
    assert_eq!((board.players[1].total, board.players[1].winner), (Some(11), false));
    assert_eq!(
        (fixed.location.as_deref(), fixed.notes.as_deref(), fixed.duration_minutes),
        (Some("Grenoble"), Some("Revanche"), Some(75))
    );
    let winners: String = store
        .connection()
        .query_row(
            "SELECT group_concat(seat) FROM results WHERE play_id = ?1 AND winner = 1",
            [play.id],
            |r| r.get(0),
        )
        .expect("winners");
    assert_eq!(winners, "0", "the statistics tables follow the new scores");

    // An invalid correction changes nothing.
    let bad = PlayEdit {
        table_state: Some(valencia_sheet(&[("Dirk", 1, 1), ("Ani", 1, 1)])),
        ..Default::default()
    };
    assert!(matches!(store.edit_play(play.id, &bad), Err(StoreError::Invalid(_))));
    let still = store.play(play.id).expect("play");
    assert_eq!(still.scoreboard.and_then(|b| b.players[0].total), Some(12));
    assert_eq!(still.location.as_deref(), Some("Grenoble"));

    let rescored = store.rescore_play(play.id).expect("rescore");
    assert_eq!(rescored.scoreboard.and_then(|b| b.players[0].total), Some(12));
}

#[test]
fn finishing_measures_the_duration_and_an_overlong_one_is_refused() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    let done = store.finish_play(play.id, &valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)])).expect("finish");
    assert_eq!(done.duration_minutes, Some(0), "started and finished within the test");
    let err = store
        .edit_play(play.id, &PlayEdit { duration_minutes: Some(100_001), ..Default::default() })
        .expect_err("too long");
    assert!(matches!(err, StoreError::Invalid(p) if p.0[0].field == "duration_minutes"));
}

#[test]
fn a_deleted_play_leaves_the_log_and_undo_brings_it_back() {
    let mut store = Store::open_in_memory().expect("store");
    seed_plays(&mut store, 3);
    let victim = ids(&store, PlayFilter::default())[1];
    let deleted = store.delete_play(victim).expect("delete");
    assert!(deleted.deleted_at.is_some());
    assert_eq!(store.list_plays(&PlayFilter::default()).expect("log").total, 2);
    assert_eq!(ids(&store, PlayFilter { deleted: true, ..Default::default() }), vec![victim], "in the bin");
    assert!(matches!(store.delete_play(victim), Err(StoreError::NotFound { .. })), "already in the bin");

    let back = store.restore_play(victim).expect("undo");
    assert!(back.deleted_at.is_none());
    assert_eq!(store.list_plays(&PlayFilter::default()).expect("log").total, 3);
    assert!(store.restore_play(victim).is_err(), "nothing to undo");

    store.delete_play(victim).expect("delete again");
    let later = Utc::now() + chrono::Duration::minutes(1);
    assert_eq!(store.purge_deleted_plays(later).expect("purge"), 1);
    assert!(matches!(store.play(victim), Err(StoreError::NotFound { .. })));
    let seats: i64 = store
        .connection()
        .query_row("SELECT COUNT(*) FROM seats WHERE play_id = ?1", [victim], |r| r.get(0))
        .expect("seats");
    assert_eq!(seats, 0, "its rows went with it");
}

#[test]
fn unfinished_plays_are_listed_for_home() {
    let mut store = Store::open_in_memory().expect("store");
    seed_plays(&mut store, 2);
    let open = start_valencia(&mut store, &["Ani", "Dirk"]);
    let gone = start_valencia(&mut store, &["Ani", "Lilli"]);
    store.abandon_play(gone.id).expect("abandon");
    let home = store.unfinished_plays().expect("home");
    assert_eq!(home.iter().map(|p| p.id).collect::<Vec<_>>(), vec![open.id]);
    assert_eq!(home[0].status, PlayStatus::InProgress);
}

#[test]
fn renaming_a_player_renames_them_in_every_stored_play_so_rescoring_still_works() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    store.finish_play(play.id, &valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)])).expect("finish");
    let ani = store.list_players().expect("roster").into_iter().find(|p| p.name == "Ani").expect("Ani");

    let renamed = store.rename_player(ani.id, "  Annie ").expect("rename");
    assert_eq!(renamed.name, "Annie");
    let detail = store.rescore_play(play.id).expect("rescore with the stored state");
    assert_eq!(detail.seats[0].player_name, "Annie");
    assert_eq!(detail.scoreboard.map(|b| b.players[0].name.clone()).as_deref(), Some("Annie"));
    assert_eq!(
        detail.table_state.and_then(|s| s["players"][0]["name"].as_str().map(str::to_owned)).as_deref(),
        Some("Annie")
    );

    let taken = store.rename_player(ani.id, "dirk").expect_err("taken");
    assert!(matches!(taken, StoreError::Invalid(p) if p.0[0].code == "duplicate_name"));
    let empty = store.rename_player(ani.id, " ").expect_err("empty");
    assert!(matches!(empty, StoreError::Invalid(p) if p.0[0].code == "empty_name"));
}

#[test]
fn colour_and_archive_are_kept_on_the_roster() {
    let store = Store::open_in_memory().expect("store");
    let ani = store.create_player("Ani", None).expect("Ani");
    assert_eq!(
        store.set_player_colour(ani.id, Some(" #c0392b ")).expect("colour").colour.as_deref(),
        Some("#c0392b")
    );
    assert_eq!(store.set_player_colour(ani.id, None).expect("clear").colour, None);
    assert!(store.set_player_colour(ani.id, Some(&"x".repeat(31))).is_err());
    assert!(store.set_player_archived(ani.id, true).expect("archive").archived);
    assert!(store.list_players().expect("roster")[0].archived);
    assert!(!store.set_player_archived(ani.id, false).expect("back").archived);
    assert!(matches!(store.set_player_archived(999, true), Err(StoreError::NotFound { .. })));
}

#[test]
fn merging_two_players_moves_every_play_and_refuses_two_people_at_one_table() {
    let mut store = Store::open_in_memory().expect("store");
    let one = start_valencia(&mut store, &["Ani", "Dirk"]);
    store.finish_play(one.id, &valencia_sheet(&[("Ani", 5, 0), ("Dirk", 7, 4)])).expect("finish");
    let two = start_valencia(&mut store, &["Anni", "Lilli"]);
    store.finish_play(two.id, &valencia_sheet(&[("Anni", 9, 0), ("Lilli", 2, 0)])).expect("finish");
    let roster = store.list_players().expect("roster");
    let id = |n: &str| roster.iter().find(|p| p.name == n).map(|p| p.id).expect("player");

    let refused = store.merge_players(id("Ani"), id("Dirk")).expect_err("sat together");
    assert!(matches!(refused, StoreError::Invalid(p) if p.0[0].code == "played_together"));

    let kept = store.merge_players(id("Ani"), id("Anni")).expect("merge");
    assert_eq!(kept.name, "Ani");
    let names: Vec<String> = store.list_players().expect("roster").into_iter().map(|p| p.name).collect();
    assert_eq!(names, vec!["Ani", "Dirk", "Lilli"]);
    assert_eq!(
        ids(&store, PlayFilter { player_id: Some(kept.id), ..Default::default() }),
        vec![two.id, one.id]
    );
    let rescored = store.rescore_play(two.id).expect("the stored state follows the merge");
    assert_eq!(rescored.scoreboard.map(|b| b.players[0].name.clone()).as_deref(), Some("Ani"));
}
