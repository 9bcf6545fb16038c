//! Statistics on a small hand-checked history. The expected numbers are worked out by hand in
//! the comments from the plays `history()` records.

use chrono::{TimeZone, Utc};
use greffier::games::GameId;
use greffier::history::{
    Id, MonthCount, NewPlay, NewSeat, OutcomeKind, PlayEdit, ScoreBucket, Store, UsageCount,
};
use serde_json::{Value, json};

/// Starts a play of `game` for the named players (created if needed), finishes it with the
/// table state `table` — the same path the play screens take — and dates it to `date` (y, m, d).
fn play(
    store: &mut Store,
    game: GameId,
    variant: &str,
    names: &[&str],
    table: Value,
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
    store.save_table_state(started.id, &table).expect("autosave");
    store.finish_play(started.id, &table).expect("finish");
    let at = Utc.with_ymd_and_hms(date.0, date.1, date.2, 20, 0, 0).single().expect("date");
    store.edit_play(started.id, &PlayEdit { started_at: Some(at), ..Default::default() }).expect("date it");
    started.id
}

/// A 2-player Invasion deck as the book builds it (9 A, 8 B, Invasion); round 12 is Incendie
/// criminel, whose unpaid demand loses the game.
const INVASION_2P: [&str; 18] = [
    "reunion_du_conseil",
    "demolition",
    "don",
    "secheresse",
    "tremblement_de_terre",
    "fuite",
    "bonne_affaire",
    "vents_favorables",
    "voyage",
    "bon_voyage",
    "famine",
    "incendie_criminel",
    "zones_de_peche",
    "moisson",
    "revenus",
    "pirates",
    "peste",
    "invasion",
];

/// A 3-player hard-mode deck (no Soutien, no Entraînement).
const INVASION_3P_HARD: [&str; 18] = [
    "reunion_du_conseil",
    "demolition",
    "don",
    "secheresse",
    "tremblement_de_terre",
    "fuite",
    "bonne_affaire",
    "vents_favorables",
    "voyage",
    "bon_voyage",
    "famine",
    "incendie_criminel",
    "zones_de_peche",
    "moisson",
    "revenus",
    "pirates",
    "peste",
    "invasion",
];

/// The history, from the real table states of each game (totals worked out by hand):
/// - V1 2026-01-10 Valencia: Ani 10 city + Stefan Feld card 2 (she holds the pawn) + "10 minus
///   coins" with 1 coin 9 = 21 (wins); Dirk 5 city − palms card 3 (no palm) = 2.
/// - V2 2026-01-20 Valencia: Ani 8; Dirk 7 + fountain 3 + "10 minus coins" with 10 coins 0 = 10;
///   Lilli 15 + 5 privileges + 1 council point = 21 (wins).
/// - C1 2026-02-01 Citadelles: Ani tavern 1 + temple 1 + library 6 = 8, revealed the King; Dirk
///   tavern 1 + manor 3 + palace 5 = 9 (wins), revealed rank 7.
/// - V3 2026-03-05 Valencia: Ani 15, Lilli 15, level on members and coins: shared win.
/// - V4 2026-03-06 Valencia: Ani 15 + 5 privileges + 10 council points = 30 (wins), Dirk 3.
/// - O1 2026-03-10 Orléans Invasion (co-op) Ani, Dirk: round 11's Famine paid, round 12's
///   Incendie criminel unpaid: lost in round 12.
/// - O2 2026-03-20 Orléans Invasion Ani, Dirk, Lilli, hard mode: every goal met after round 18: won.
/// - O3 2026-04-02 Orléans Le dignitaire (solo, beginners' version) Ani: 4 citizens after the 16
///   rounds: lost in round 16 (Cotisation).
/// - A fifth Valencia play (Ani 34) deleted, and one still in progress: neither counts.
fn history() -> Store {
    let mut s = Store::open_in_memory().expect("store");
    let v = GameId::Valencia;
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk"],
        json!({ "players": [
            { "name": "Ani", "city_members": 10, "coins": 1, "stefan_feld": true,
              "missions": [{ "id": "mission_stefan_feld", "points": 2 }, { "id": "mission_ten_minus_coins" }] },
            { "name": "Dirk", "city_members": 5, "missions": [{ "id": "mission_palms", "points": 3 }] } ] }),
        (2026, 1, 10),
    );
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk", "Lilli"],
        json!({ "fountains": [{ "value": 3 }], "players": [
            { "name": "Ani", "city_members": 8 },
            { "name": "Dirk", "city_members": 7, "fountain_members": [1], "coins": 10,
              "missions": [{ "id": "mission_ten_minus_coins" }] },
            { "name": "Lilli", "city_members": 15, "privileges": 5, "council_points": 1 } ] }),
        (2026, 1, 20),
    );
    play(
        &mut s,
        GameId::Citadelles,
        "classique",
        &["Ani", "Dirk"],
        json!({ "variant": "classique", "crown": 0, "players": [
            { "name": "Ani", "districts": ["tavern", "temple", "library"], "characters_last_round": ["king"] },
            { "name": "Dirk", "districts": ["tavern", "manor", "palace"], "characters_last_round": [7] } ] }),
        (2026, 2, 1),
    );
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Lilli"],
        json!({ "players": [{ "name": "Ani", "city_members": 15 }, { "name": "Lilli", "city_members": 15 }] }),
        (2026, 3, 5),
    );
    play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk"],
        json!({ "players": [{ "name": "Ani", "city_members": 15, "privileges": 5, "council_points": 10 }, { "name": "Dirk", "city_members": 3 }] }),
        (2026, 3, 6),
    );
    play(
        &mut s,
        GameId::Orleans,
        "invasion",
        &["Ani", "Dirk"],
        json!({ "variant": "invasion", "round": 13, "deck": { "order": INVASION_2P },
            "players": [{ "name": "Ani", "character": "maire", "coins": 5 }, { "name": "Dirk", "character": "erudit", "coins": 6 }],
            "log": [{ "round": 11, "event": "famine" }, { "round": 12, "event": "incendie_criminel", "paid": false }] }),
        (2026, 3, 10),
    );
    play(
        &mut s,
        GameId::Orleans,
        "invasion",
        &["Ani", "Dirk", "Lilli"],
        json!({ "variant": "invasion", "round": 19, "deck": { "hard_mode": true, "order": INVASION_3P_HARD },
            "players": [
                { "name": "Ani", "character": "maire", "coins": 10, "citizens": 2 },
                { "name": "Dirk", "character": "conseiller_municipal", "objectives": { "salle_pleine": 17 } },
                { "name": "Lilli", "character": "erudit", "development_level": 6, "trading_posts": 4 } ],
            "team": { "ramparts": 8, "citizens": 8, "treasury": 40,
                      "warehouse": { "grain": 10, "cheese": 5, "wine": 5 }, "fortifications": 10 } }),
        (2026, 3, 20),
    );
    play(
        &mut s,
        GameId::Orleans,
        "dignitaire",
        &["Ani"],
        json!({ "variant": "dignitaire", "round": 17, "options": { "easy": true },
            "players": [{ "name": "Ani", "citizens": 4, "coins": 4 }] }),
        (2026, 4, 2),
    );
    let gone = play(
        &mut s,
        v,
        "base",
        &["Ani", "Dirk"],
        json!({ "players": [{ "name": "Ani", "city_members": 15, "privileges": 5, "council_points": 14 }, { "name": "Dirk" }] }),
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
    // 21 + 2 + 8 + 10 + 21 + 15 + 15 + 30 + 3 = 125 over 9 scores.
    assert!((stats.average_score.expect("avg") - 125.0 / 9.0).abs() < 1e-9);
    let high = stats.high.expect("high");
    assert_eq!(
        (high.holders[0].player_name.as_str(), high.total),
        ("Ani", 30),
        "the deleted 34 does not count"
    );
    let low = stats.low.expect("low");
    assert_eq!((low.holders[0].player_name.as_str(), low.total), ("Dirk", 2));
    let buckets =
        |v: &[(i32, u32)]| v.iter().map(|&(from, count)| ScoreBucket { from, count }).collect::<Vec<_>>();
    // 0–9: 2, 8, 3; 10–19: 10, 15, 15; 20–29: 21, 21; 30–39: 30.
    assert_eq!(stats.distribution, buckets(&[(0, 3), (10, 3), (20, 2), (30, 1)]));
    let fountains = stats.categories.iter().find(|c| c.category == "fountains").expect("fountains");
    // Only Dirk's 3 in V2, over 9 player-plays.
    assert_eq!(fountains.samples, 9);
    assert!((fountains.average - 3.0 / 9.0).abs() < 1e-9);
    let failed = stats.categories.iter().find(|c| c.category == "missions_failed").expect("failed");
    assert!((failed.average - (-3.0 / 9.0)).abs() < 1e-9, "Dirk's palms card, −3");
    assert_eq!(stats.variants, usage(&[("base", 4)]));
    assert_eq!(stats.player_counts, usage(&[("2", 3), ("3", 1)]));
    assert!(stats.districts.is_empty() && stats.characters.is_empty());
}

/// A histogram without gaps: a bucket no score falls in, between the lowest and the
/// highest, is drawn as an empty bar, not left out (the chart would close up 20–24 and 30–34).
#[test]
fn the_score_distribution_keeps_its_empty_buckets() {
    let stats = history().game_stats(GameId::Valencia, 5).expect("stats");
    let buckets: Vec<(i32, u32)> = stats.distribution.iter().map(|b| (b.from, b.count)).collect();
    // 2, 3 | 8 | 10 | 15, 15 | 21, 21 | — | 30.
    assert_eq!(buckets, vec![(0, 2), (5, 1), (10, 1), (15, 2), (20, 2), (25, 0), (30, 1)]);
}

/// Valencia, p.11: a completed card scores its printed points, a failed one loses them; a
/// formula card ("10 minus coins") counts as met when it scores. The statistics read the
/// scorer's own verdicts: "10 minus coins" scored +9 for Ani (met) and 0 for Dirk (not met).
#[test]
fn valencia_mission_success_reads_what_the_scorer_judged() {
    let store = history();
    let stats = store.game_stats(GameId::Valencia, 10).expect("stats");
    let missions: Vec<(&str, u32, u32)> =
        stats.missions.iter().map(|m| (m.mission.as_str(), m.success.plays, m.success.wins)).collect();
    assert_eq!(
        missions,
        vec![("mission_palms", 1, 0), ("mission_stefan_feld", 1, 1), ("mission_ten_minus_coins", 2, 1)]
    );
    assert!((stats.missions[2].success.rate - 0.5).abs() < 1e-9);
}

#[test]
fn citadelles_statistics_count_districts_and_characters_from_the_table_state() {
    let store = history();
    let stats = store.game_stats(GameId::Citadelles, 5).expect("stats");
    assert_eq!(stats.plays, 1);
    assert_eq!(stats.distribution, vec![ScoreBucket { from: 5, count: 2 }]);
    assert_eq!(
        stats.districts,
        usage(&[("tavern", 2), ("library", 1), ("manor", 1), ("palace", 1), ("temple", 1)])
    );
    assert_eq!(stats.characters, usage(&[("7", 1), ("king", 1)]));
}

#[test]
fn a_game_without_plays_has_empty_statistics() {
    let stats = history().game_stats(GameId::Splendor, 0).expect("stats");
    assert_eq!((stats.plays, stats.scores), (0, 0));
    assert!(stats.average_score.is_none() && stats.high.is_none() && stats.distribution.is_empty());
}

/// Asked for no width, every door gets the game's own (the statistics page and the CLI used to
/// differ for Splendor: 2 and 10).
#[test]
fn a_game_s_scores_are_bucketed_by_its_own_width_unless_asked() {
    let store = history();
    let width = |game, asked| store.game_stats(game, asked).expect("stats").bucket_width;
    assert_eq!(width(GameId::Splendor, 0), 2);
    assert_eq!(width(GameId::Valencia, 0), 10);
    assert_eq!(width(GameId::Citadelles, 0), 10);
    assert_eq!(width(GameId::Splendor, 5), 5);
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
    let named = |fs: &[greffier::history::Favourite]| {
        fs.iter().map(|f| (f.game, f.key.clone(), f.plays)).collect::<Vec<_>>()
    };
    assert_eq!(named(&ani.favourite_games), [(GameId::Valencia, "valencia".to_owned(), 4)]);
    assert_eq!(named(&ani.favourite_variants), [(GameId::Valencia, "base".to_owned(), 4)]);
    assert_eq!(named(&ani.favourite_characters), [(GameId::Citadelles, "king".to_owned(), 1)]);
    // Plays per game: Valencia 4, Orléans 3, Citadelles 1: two games at least twice, not three thrice.
    assert_eq!(ani.h_index, 2);
    // Points games only: Orléans co-op and solo "totals" are goal counts, not points.
    let records: Vec<(GameId, u32, i32, i32)> =
        ani.records.iter().map(|r| (r.game, r.plays, r.best, r.worst)).collect();
    assert_eq!(records, vec![(GameId::Citadelles, 1, 8, 8), (GameId::Valencia, 4, 30, 8)]);
    // (21 + 8 + 15 + 30) / 4
    assert!((ani.records[1].average - 18.5).abs() < 1e-9);
}

#[test]
fn dirk_s_streaks_end_with_his_last_loss() {
    let store = history();
    let dirk = store.player_stats(id_of(&store, "Dirk")).expect("stats");
    // V1 lost, V2 lost, C1 won, V4 lost.
    assert_eq!((dirk.competitive.plays, dirk.competitive.wins), (4, 1));
    assert_eq!((dirk.longest_win_streak, dirk.current_win_streak), (1, 0));
    assert_eq!(dirk.favourite_characters.iter().map(|f| f.key.as_str()).collect::<Vec<_>>(), ["7"]);
    let lilli = store.player_stats(id_of(&store, "Lilli")).expect("stats");
    // V2 won, V3 shared win.
    assert_eq!((lilli.longest_win_streak, lilli.current_win_streak), (2, 2));
    assert_eq!(lilli.h_index, 1);
    assert!(lilli.favourite_characters.is_empty());
}

/// The difficulty is what the game recorded (Le dignitaire's beginners' version, Invasion's hard
/// mode), and a lost game's event is the one the scenario lost it to — from the play's own round
/// log (Invasion: Incendie criminel unpaid in round 12; the Famine of round 11 was paid), or the
/// last round's event when time ran out (Le dignitaire: round 16, Cotisation).
#[test]
fn orleans_scenarios_report_success_by_player_count_difficulty_and_fatal_event() {
    let store = history();
    let scenarios = store.scenario_stats(GameId::Orleans).expect("scenarios");
    assert_eq!(
        scenarios.iter().map(|s| s.variant.as_str()).collect::<Vec<_>>(),
        vec!["dignitaire", "invasion"]
    );
    let rows = |b: &[greffier::history::ScenarioBreakdown]| {
        b.iter().map(|r| (r.key.clone(), r.success.plays, r.success.wins)).collect::<Vec<_>>()
    };
    let solo = &scenarios[0];
    assert_eq!((solo.outcome, solo.success.plays, solo.success.wins), (OutcomeKind::Solo, 1, 0));
    assert_eq!(solo.average_round_reached, Some(16.0));
    assert_eq!(rows(&solo.by_difficulty), vec![("easy".to_owned(), 1, 0)]);
    assert_eq!(solo.lost_at_events, usage(&[("cotisation_15", 1)]));
    assert_eq!(solo.fastest_win, None);

    let invasion = &scenarios[1];
    assert_eq!((invasion.outcome, invasion.success.plays, invasion.success.wins), (OutcomeKind::Coop, 2, 1));
    assert_eq!(rows(&invasion.by_player_count), vec![("2".to_owned(), 1, 0), ("3".to_owned(), 1, 1)]);
    assert_eq!(rows(&invasion.by_difficulty), vec![("hard".to_owned(), 1, 1), ("normal".to_owned(), 1, 0)]);
    // (12 + 18) / 2.
    assert_eq!(invasion.average_round_reached, Some(15.0));
    assert_eq!(invasion.lost_at_events, usage(&[("incendie_criminel", 1)]));
    assert_eq!(invasion.fastest_win, Some(18));
    assert!(store.scenario_stats(GameId::Valencia).expect("none").is_empty());
}

/// A co-op or solo play's "total" is a count of goals: score statistics count points plays only
/// (here one Prospérité play), so no "lowest score 0" comes from a lost Invasion.
#[test]
fn orleans_points_statistics_count_points_plays_only() {
    let mut store = history();
    play(
        &mut store,
        GameId::Orleans,
        "prosperite",
        &["Ani", "Dirk"],
        json!({ "variant": "prosperite", "round": 17, "players": [
            { "name": "Ani", "coins": 54 }, { "name": "Dirk", "coins": 40 } ] }),
        (2026, 4, 10),
    );
    let stats = store.game_stats(GameId::Orleans, 10).expect("stats");
    assert_eq!((stats.plays, stats.scores), (4, 2));
    assert_eq!(stats.average_score, Some(47.0));
    assert_eq!(stats.low.map(|l| l.total), Some(40));
    assert!(stats.categories.iter().all(|c| c.category != "objectives" && c.category != "citizens"));
    let ani = store.player_stats(id_of(&store, "Ani")).expect("Ani");
    let orleans = ani.records.iter().find(|r| r.game == GameId::Orleans).expect("a points record");
    assert_eq!((orleans.plays, orleans.best, orleans.worst), (1, 54, 54));
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

#[test]
fn the_roster_counts_each_players_finished_plays_ours_and_other_games() {
    let mut store = Store::open_in_memory().expect("store");
    let file = greffier::history::BgStats::from_json(include_str!("../fixtures/bgstats-sample.json"))
        .expect("parse");
    store.import_bgstats(&file, &mut greffier::history::no_progress).expect("import");
    // One play left unfinished does not count.
    crate::support::start_valencia(&mut store, &["Ani", "Dirk"]);
    let counts = store.player_play_counts().expect("counts");
    let roster = store.list_players().expect("roster");
    let of = |name: &str| {
        let id = roster.iter().find(|p| p.name == name).expect("player").id;
        let c = counts.iter().find(|c| c.player_id == id).expect("count");
        (c.plays, c.other_plays)
    };
    // The sample: Ani sits at all five plays (3 of ours, Catan and Pandemic), Lilli at the
    // Citadels play and Catan.
    assert_eq!(of("Ani"), (3, 2));
    assert_eq!(of("Lilli"), (1, 1));
    assert_eq!(counts.len(), roster.len());
}

/// A high or low score several seats share names every one of them, earliest play first, each
/// with its play; past [`MAX_RECORD_HOLDERS`] the rest are counted.
#[test]
fn a_shared_high_or_low_score_names_everyone_who_scored_it() {
    let mut store = Store::open_in_memory().expect("store");
    // Ani 7 8 9 7, Dirk 7 8 9 10, Lilli 10 10 10 10 (city + fountains).
    crate::support::seed_plays(&mut store, 4);
    let stats = store.game_stats(GameId::Valencia, 10).expect("stats");
    let named = |r: &greffier::history::ScoreRecord| {
        r.holders.iter().map(|h| (h.player_name.clone(), h.play_id)).collect::<Vec<_>>()
    };
    let plays: Vec<Id> = {
        let mut ids: Vec<Id> =
            store.list_plays(&Default::default()).expect("plays").plays.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        ids
    };
    let high = stats.high.expect("high");
    assert_eq!((high.total, high.holders_count), (10, 5));
    let lilli = |i: usize| ("Lilli".to_owned(), plays[i]);
    assert_eq!(named(&high), vec![lilli(0), lilli(1), lilli(2), ("Dirk".to_owned(), plays[3]), lilli(3)]);
    let low = stats.low.expect("low");
    assert_eq!((low.total, low.holders_count), (7, 3));
    assert_eq!(
        named(&low),
        vec![("Ani".to_owned(), plays[0]), ("Dirk".to_owned(), plays[0]), ("Ani".to_owned(), plays[3])]
    );

    // 26 plays more: nine 7s of Ani and six of Dirk beside the first four plays' 3: the first ten
    // named, all 18 counted.
    crate::support::seed_plays(&mut store, 26);
    let low = store.game_stats(GameId::Valencia, 10).expect("stats").low.expect("low");
    assert_eq!(low.holders.len(), greffier::history::MAX_RECORD_HOLDERS);
    assert_eq!((low.total, low.holders_count), (7, 3 + 9 + 6));
}

/// Names sort as a French reader expects, accents and case aside (« Émilie » before « Eve »,
/// « Œdipe » read « Oedipe »): the roster, and a player's opponents.
#[test]
fn names_sort_in_french_order_in_the_roster_and_among_opponents() {
    let mut store = Store::open_in_memory().expect("store");
    let names = ["Lilli", "Zoé", "Émilie", "ani", "Œdipe", "Eve", "Oscar"];
    crate::support::start_valencia(&mut store, &names[..4]);
    crate::support::start_valencia(&mut store, &["ani", "Œdipe", "Eve", "Oscar"]);
    let roster: Vec<String> = store.list_players().expect("roster").into_iter().map(|p| p.name).collect();
    assert_eq!(roster, ["ani", "Émilie", "Eve", "Lilli", "Œdipe", "Oscar", "Zoé"]);
    for (n, play) in store.list_plays(&Default::default()).expect("plays").plays.iter().enumerate() {
        let seats = store.play(play.id).expect("play").seats;
        let board: Vec<(&str, i64, i64)> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| (s.player_name.as_str(), i64::try_from(i + n).unwrap_or(0), 0))
            .collect();
        store.finish_play(play.id, &crate::support::valencia_sheet(&board)).expect("finish");
    }
    let ani = store.player_stats(id_of(&store, "ani")).expect("ani");
    let opponents: Vec<&str> = ani.head_to_head.iter().map(|h| h.opponent_name.as_str()).collect();
    assert_eq!(opponents, ["Émilie", "Eve", "Lilli", "Œdipe", "Oscar", "Zoé"]);
}

/// A favourite tied for the most plays is never picked among its equals: every game, variant and
/// Citadelles character sharing the highest count is named (in the order of their ids), as a
/// record names all its holders. Bea played Valencia once and Citadelles once, and revealed the
/// Thief (2) and the King in the Citadelles play's last round.
#[test]
fn favourites_tied_for_the_most_plays_are_all_named() {
    let mut s = Store::open_in_memory().expect("store");
    play(
        &mut s,
        GameId::Valencia,
        "base",
        &["Bea", "Cid"],
        json!({ "players": [{ "name": "Bea", "city_members": 4 }, { "name": "Cid", "city_members": 2 }] }),
        (2026, 1, 10),
    );
    play(
        &mut s,
        GameId::Citadelles,
        "classique",
        &["Bea", "Cid"],
        json!({ "variant": "classique", "crown": 0, "players": [
            { "name": "Bea", "districts": ["tavern"], "characters_last_round": ["king", 2] },
            { "name": "Cid", "districts": ["manor"], "characters_last_round": [7, 5] } ] }),
        (2026, 1, 11),
    );
    let bea = serde_json::to_value(s.player_stats(id_of(&s, "Bea")).expect("stats")).expect("json");
    assert_eq!(
        bea["favourite_games"],
        json!([{ "game": "citadelles", "key": "citadelles", "plays": 1 }, { "game": "valencia", "key": "valencia", "plays": 1 }])
    );
    assert_eq!(
        bea["favourite_variants"],
        json!([{ "game": "citadelles", "key": "classique", "plays": 1 }, { "game": "valencia", "key": "base", "plays": 1 }])
    );
    assert_eq!(
        bea["favourite_characters"],
        json!([{ "game": "citadelles", "key": "2", "plays": 1 }, { "game": "citadelles", "key": "king", "plays": 1 }])
    );
    // One most played: that one alone.
    play(
        &mut s,
        GameId::Valencia,
        "base",
        &["Bea", "Cid"],
        json!({ "players": [{ "name": "Bea", "city_members": 5 }, { "name": "Cid", "city_members": 2 }] }),
        (2026, 1, 12),
    );
    let bea = serde_json::to_value(s.player_stats(id_of(&s, "Bea")).expect("stats")).expect("json");
    assert_eq!(bea["favourite_games"], json!([{ "game": "valencia", "key": "valencia", "plays": 2 }]));
    let nobody = s.create_player("Dee", None).expect("player").id;
    let dee = serde_json::to_value(s.player_stats(nobody).expect("stats")).expect("json");
    assert_eq!((&dee["favourite_games"], &dee["favourite_characters"]), (&json!([]), &json!([])));
}
