//! Statistics on a small hand-checked history. The expected numbers are worked out by hand in
//! the comments from the plays `history()` records.

use chrono::{TimeZone, Utc};
use greffier::games::GameId;
use greffier::history::{
    Id, MonthCount, NewPlay, NewSeat, OutcomeKind, PlayEdit, ScoreBucket, Store, UsageCount,
};
use serde_json::{Value, json};

/// Starts a play of `game` for the named players (created if needed), logs `events`
/// (round, event id), finishes it with `sheet` and dates it to `date` (y, m, d).
fn play(
    store: &mut Store,
    game: GameId,
    variant: &str,
    names: &[&str],
    events: &[(u8, &str)],
    sheet: Value,
    date: (i32, u32, u32),
) -> Id {
    let roster = store.list_players().expect("roster");
    let seats = names
        .iter()
        .map(|n| {
            let id = match roster.iter().find(|p| p.name == *n) {
                Some(p) => p.id,
                None => store.create_player(n, None).expect("player").id,
            };
            NewSeat { player_id: id, colour: None }
        })
        .collect();
    let started = store
        .start_play(&NewPlay {
            game,
            variant: variant.into(),
            location: None,
            notes: None,
            seats,
            first_seat: 0,
        })
        .expect("start");
    for (round, id) in events {
        store.append_round_event(started.id, *round, "event", &json!({ "id": id })).expect("event");
    }
    store.finish_play(started.id, &sheet).expect("finish");
    let at = Utc.with_ymd_and_hms(date.0, date.1, date.2, 20, 0, 0).single().expect("date");
    store.edit_play(started.id, &PlayEdit { started_at: Some(at), ..Default::default() }).expect("date it");
    started.id
}

fn valencia(players: &[(&str, i64, i64, Value)]) -> Value {
    json!({ "variant": "base", "players": players.iter().map(|(name, city, fountains, missions)| json!({
        "name": name, "points": { "city": city, "fountains": fountains }, "missions": missions
    })).collect::<Vec<_>>() })
}

fn orleans(variant: &str, won: bool, round: u8, difficulty: Option<&str>, coins: &[(&str, i64)]) -> Value {
    json!({ "variant": variant, "difficulty": difficulty, "result": { "won": won, "round_reached": round },
        "players": coins.iter().map(|(name, c)| json!({ "name": name, "points": { "coins": c } })).collect::<Vec<_>>() })
}

/// The history:
/// - V1 2026-01-10 Valencia: Ani 10+2 = 12 (wins), Dirk 5+0 = 5. Missions: Ani m1 met, m2 not; Dirk m1 not.
/// - V2 2026-01-20 Valencia: Ani 8, Dirk 7+3 = 10, Lilli 20+1 = 21 (wins). Dirk m2 met.
/// - C1 2026-02-01 Citadelles: Ani 20, Dirk 25 (wins). Ani revealed the King, built tavern and
///   library; Dirk revealed rank 4, built library.
/// - V3 2026-03-05 Valencia: Ani 15, Lilli 15: shared win.
/// - V4 2026-03-06 Valencia: Ani 30 (wins), Dirk 3.
/// - O1 2026-03-10 Orléans Invasion (co-op) Ani, Dirk, "normal": lost in round 12 (events: famine
///   round 11, plague round 12). Coins Ani 5, Dirk 6.
/// - O2 2026-03-20 Orléans Invasion Ani, Dirk, Lilli, "hard": won in round 18. Ani 7.
/// - O3 2026-04-02 Orléans Dignitaire (solo) Ani: lost in round 9 (plague). Ani 4.
/// - A fifth Valencia play (99 points) deleted, and one still in progress: neither counts.
fn history() -> Store {
    let mut s = Store::open_in_memory().expect("store");
    let v = GameId::Valencia;
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk"],
        &[],
        valencia(&[
            ("Ani", 10, 2, json!([{ "id": "m1", "met": true }, { "id": "m2", "met": false }])),
            ("Dirk", 5, 0, json!([{ "id": "m1", "met": false }])),
        ]),
        (2026, 1, 10),
    );
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk", "Lilli"],
        &[],
        valencia(&[
            ("Ani", 8, 0, json!([])),
            ("Dirk", 7, 3, json!([{ "id": "m2", "met": true }])),
            ("Lilli", 20, 1, json!("not a list")),
        ]),
        (2026, 1, 20),
    );
    play(
        &mut s,
        GameId::Citadelles,
        "classique",
        &["Ani", "Dirk"],
        &[],
        json!({ "variant": "classique", "players": [
        { "name": "Ani", "points": { "districts": 20 }, "characters_last_round": ["king"], "districts": ["tavern", "library"] },
        { "name": "Dirk", "points": { "districts": 25 }, "characters_last_round": [4], "districts": ["library", { "odd": 1 }] },
    ] }),
        (2026, 2, 1),
    );
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Lilli"],
        &[],
        valencia(&[("Ani", 15, 0, json!(null)), ("Lilli", 15, 0, json!(null))]),
        (2026, 3, 5),
    );
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk"],
        &[],
        valencia(&[("Ani", 30, 0, json!(null)), ("Dirk", 3, 0, json!(null))]),
        (2026, 3, 6),
    );
    play(
        &mut s,
        GameId::Orleans,
        "invasion",
        &["Ani", "Dirk"],
        &[(11, "famine"), (12, "peste")],
        orleans("invasion", false, 12, Some("normal"), &[("Ani", 5), ("Dirk", 6)]),
        (2026, 3, 10),
    );
    play(
        &mut s,
        GameId::Orleans,
        "invasion",
        &["Ani", "Dirk", "Lilli"],
        &[(18, "famine")],
        orleans("invasion", true, 18, Some("hard"), &[("Ani", 7), ("Dirk", 1), ("Lilli", 2)]),
        (2026, 3, 20),
    );
    play(
        &mut s,
        GameId::Orleans,
        "dignitaire",
        &["Ani"],
        &[(9, "peste")],
        orleans("dignitaire", false, 9, None, &[("Ani", 4)]),
        (2026, 4, 2),
    );
    let gone = play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk"],
        &[],
        valencia(&[("Ani", 99, 0, json!(null)), ("Dirk", 0, 0, json!(null))]),
        (2026, 5, 1),
    );
    s.delete_play(gone).expect("delete");
    crate::support::start_valencia(&mut s, &["Ani", "Dirk"]);
    s
}

fn id_of(store: &Store, name: &str) -> Id {
    store.list_players().expect("roster").into_iter().find(|p| p.name == name).map(|p| p.id).expect("player")
}

fn usage(pairs: &[(&str, u32)]) -> Vec<UsageCount> {
    pairs.iter().map(|(k, c)| UsageCount { key: (*k).to_owned(), count: *c }).collect()
}

#[test]
fn valencia_game_statistics_match_the_hand_count() {
    let store = history();
    let stats = store.game_stats(GameId::Valencia, 10).expect("stats");
    assert_eq!((stats.plays, stats.scores), (4, 9));
    // 12 + 5 + 8 + 10 + 21 + 15 + 15 + 30 + 3 = 119 over 9 scores.
    assert!((stats.average_score.expect("avg") - 119.0 / 9.0).abs() < 1e-9);
    let high = stats.high.expect("high");
    assert_eq!((high.player_name.as_str(), high.total), ("Ani", 30), "the deleted 99 does not count");
    let low = stats.low.expect("low");
    assert_eq!((low.player_name.as_str(), low.total), ("Dirk", 3));
    let buckets =
        |v: &[(i32, u32)]| v.iter().map(|&(from, count)| ScoreBucket { from, count }).collect::<Vec<_>>();
    // 0–9: 5, 8, 3; 10–19: 12, 10, 15, 15; 20–29: 21; 30–39: 30.
    assert_eq!(stats.distribution, buckets(&[(0, 3), (10, 4), (20, 1), (30, 1)]));
    let fountains = stats.categories.iter().find(|c| c.category == "fountains").expect("fountains");
    // 2 + 0 + 0 + 3 + 1 + 0 + 0 + 0 + 0 = 6 over 9 player-plays.
    assert_eq!(fountains.samples, 9);
    assert!((fountains.average - 6.0 / 9.0).abs() < 1e-9);
    assert_eq!(stats.variants, usage(&[("base", 4)]));
    assert_eq!(stats.player_counts, usage(&[("2", 3), ("3", 1)]));
    // m1: Ani met, Dirk not; m2: Ani not, Dirk met. Lilli's "not a list" is skipped.
    let missions: Vec<(&str, u32, u32)> =
        stats.missions.iter().map(|m| (m.mission.as_str(), m.success.plays, m.success.wins)).collect();
    assert_eq!(missions, vec![("m1", 2, 1), ("m2", 2, 1)]);
    assert!((stats.missions[0].success.rate - 0.5).abs() < 1e-9);
    assert!(stats.districts.is_empty() && stats.characters.is_empty());
}

#[test]
fn citadelles_statistics_count_districts_and_characters_from_the_table_state() {
    let store = history();
    let stats = store.game_stats(GameId::Citadelles, 5).expect("stats");
    assert_eq!(stats.plays, 1);
    assert_eq!(
        stats.distribution,
        vec![ScoreBucket { from: 20, count: 1 }, ScoreBucket { from: 25, count: 1 }]
    );
    assert_eq!(stats.districts, usage(&[("library", 2), ("tavern", 1)]), "the odd object is skipped");
    assert_eq!(stats.characters, usage(&[("4", 1), ("king", 1)]));
}

#[test]
fn a_game_without_plays_has_empty_statistics() {
    let stats = history().game_stats(GameId::Splendor, 0).expect("stats");
    assert_eq!((stats.plays, stats.scores, stats.bucket_width), (0, 0, 10));
    assert!(stats.average_score.is_none() && stats.high.is_none() && stats.distribution.is_empty());
}

#[test]
fn ani_s_statistics_keep_competitive_co_op_and_solo_apart() {
    let store = history();
    let ani = store.player_stats(id_of(&store, "Ani")).expect("stats");
    assert_eq!(ani.plays, 8);
    // Competitive: V1 won, V2 lost, C1 lost, V3 shared win, V4 won.
    assert_eq!((ani.competitive.plays, ani.competitive.wins), (5, 3));
    assert!((ani.competitive.rate - 0.6).abs() < 1e-9);
    assert_eq!((ani.coop.plays, ani.coop.wins), (2, 1));
    assert_eq!((ani.solo.plays, ani.solo.wins), (1, 0));
    assert_eq!((ani.longest_win_streak, ani.current_win_streak), (2, 2));
    // Against Dirk: V1 won, V2 lost (3rd vs 2nd), C1 lost, V4 won. Against Lilli: V2 lost, V3 tied.
    let h2h: Vec<(&str, u32, u32, u32, u32)> = ani
        .head_to_head
        .iter()
        .map(|h| (h.opponent_name.as_str(), h.plays, h.wins, h.losses, h.ties))
        .collect();
    assert_eq!(h2h, vec![("Dirk", 4, 2, 2, 0), ("Lilli", 2, 0, 1, 1)]);
    let fav = ani.favourite_game.expect("game");
    assert_eq!((fav.game, fav.key.as_str(), fav.plays), (GameId::Valencia, "valencia", 4));
    let fav = ani.favourite_variant.expect("variant");
    assert_eq!((fav.game, fav.key.as_str(), fav.plays), (GameId::Valencia, "base", 4));
    let fav = ani.favourite_character.expect("character");
    assert_eq!((fav.key.as_str(), fav.plays), ("king", 1));
    // Plays per game: Valencia 4, Orléans 3, Citadelles 1: two games at least twice, not three thrice.
    assert_eq!(ani.h_index, 2);
    let records: Vec<(GameId, u32, i32, i32)> =
        ani.records.iter().map(|r| (r.game, r.plays, r.best, r.worst)).collect();
    assert_eq!(
        records,
        vec![(GameId::Citadelles, 1, 20, 20), (GameId::Orleans, 3, 7, 4), (GameId::Valencia, 4, 30, 8)]
    );
    // (12 + 8 + 15 + 30) / 4
    assert!((ani.records[2].average - 16.25).abs() < 1e-9);
}

#[test]
fn dirk_s_streaks_end_with_his_last_loss() {
    let store = history();
    let dirk = store.player_stats(id_of(&store, "Dirk")).expect("stats");
    // V1 lost, V2 lost, C1 won, V4 lost.
    assert_eq!((dirk.competitive.plays, dirk.competitive.wins), (4, 1));
    assert_eq!((dirk.longest_win_streak, dirk.current_win_streak), (1, 0));
    assert_eq!(dirk.favourite_character.map(|f| f.key).as_deref(), Some("4"));
    let lilli = store.player_stats(id_of(&store, "Lilli")).expect("stats");
    // V2 won, V3 shared win.
    assert_eq!((lilli.longest_win_streak, lilli.current_win_streak), (2, 2));
    assert_eq!(lilli.h_index, 1);
    assert!(lilli.favourite_character.is_none());
}

#[test]
fn orleans_scenarios_report_success_by_player_count_difficulty_and_fatal_event() {
    let store = history();
    let scenarios = store.scenario_stats(GameId::Orleans).expect("scenarios");
    assert_eq!(
        scenarios.iter().map(|s| s.variant.as_str()).collect::<Vec<_>>(),
        vec!["dignitaire", "invasion"]
    );
    let solo = &scenarios[0];
    assert_eq!((solo.outcome, solo.success.plays, solo.success.wins), (OutcomeKind::Solo, 1, 0));
    assert_eq!(solo.average_round_reached, Some(9.0));
    assert!(solo.by_difficulty.is_empty(), "no difficulty recorded");
    assert_eq!(solo.lost_at_events, usage(&[("peste", 1)]));

    let invasion = &scenarios[1];
    assert_eq!((invasion.outcome, invasion.success.plays, invasion.success.wins), (OutcomeKind::Coop, 2, 1));
    let rows = |b: &[greffier::history::ScenarioBreakdown]| {
        b.iter().map(|r| (r.key.clone(), r.success.plays, r.success.wins)).collect::<Vec<_>>()
    };
    assert_eq!(rows(&invasion.by_player_count), vec![("2".to_owned(), 1, 0), ("3".to_owned(), 1, 1)]);
    assert_eq!(rows(&invasion.by_difficulty), vec![("hard".to_owned(), 1, 1), ("normal".to_owned(), 1, 0)]);
    // (12 + 18) / 2; lost in round 12 to the plague (the famine of round 11 did not end it).
    assert_eq!(invasion.average_round_reached, Some(15.0));
    assert_eq!(invasion.lost_at_events, usage(&[("peste", 1)]));
    assert!(store.scenario_stats(GameId::Valencia).expect("none").is_empty());
}

#[test]
fn activity_counts_plays_per_month_with_empty_months_shown() {
    let store = history();
    let months = |v: &[(&str, u32)]| {
        v.iter().map(|(m, n)| MonthCount { month: (*m).to_owned(), plays: *n }).collect::<Vec<_>>()
    };
    assert_eq!(
        store.activity(None, None).expect("all"),
        months(&[("2026-01", 2), ("2026-02", 1), ("2026-03", 4), ("2026-04", 1)])
    );
    let lilli = id_of(&store, "Lilli");
    assert_eq!(
        store.activity(None, Some(lilli)).expect("Lilli"),
        months(&[("2026-01", 1), ("2026-02", 0), ("2026-03", 2)])
    );
    assert_eq!(store.activity(Some(GameId::Citadelles), None).expect("one game"), months(&[("2026-02", 1)]));
    assert!(store.activity(Some(GameId::Splendor), None).expect("none").is_empty());
}
