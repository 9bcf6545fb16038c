//! Orléans: Invasion through the public API, as the shell calls it: JSON table states scored
//! and helped, the deck builder, the catalogues, the rule entries.

use greffier::games::orleans::{
    self, EVENTS, OrleansDeckPlan, OrleansResolutionStatus, OrleansScenario, OrleansState, build_deck,
    event_catalogue, scenario_catalogue,
};
use greffier::games::{GameId, Outcome, TableHelp, help_value, score_json};
use greffier::rules::Catalogue;
use serde_json::json;

fn help(v: serde_json::Value) -> orleans::OrleansHelp {
    orleans::help(&v).expect("valid table")
}

/// The path the UI test takes: three rounds of Le dignitaire, coins from the resolver.
#[test]
fn three_rounds_of_le_dignitaire() {
    // Round 5, Revenus: twice the development level (2) → +4.
    let r5 = help(json!({"variant": "dignitaire", "round": 5,
        "players": [{"name": "Ani", "coins": 1, "development_level": 2, "trading_posts": 2}]}));
    let res = &r5.events[0].resolutions[0];
    assert_eq!((r5.events[0].event.id.as_str(), res.coins_gained, res.coins_after), ("revenus_2", 4, 5));
    // Round 6, Jour de commerce: 3 per trading post → +6.
    let r6 = help(json!({"variant": "dignitaire", "round": 6,
        "players": [{"name": "Ani", "coins": 5, "development_level": 2, "trading_posts": 2}],
        "log": [{"round": 5, "event": "revenus_2", "note": "+4"}]}));
    let res = &r6.events[0].resolutions[0];
    assert_eq!((res.coins_gained, res.coins_after), (6, 11));
    // Round 7, Cotisation: 5 coins due → 6 left.
    let r7 = help(json!({"variant": "dignitaire", "round": 7,
        "players": [{"name": "Ani", "coins": 11, "development_level": 2, "trading_posts": 2}]}));
    let res = &r7.events[0].resolutions[0];
    assert_eq!((res.status, res.coins_owed, res.coins_after), (OrleansResolutionStatus::Payable, 5, 6));
    assert_eq!(r7.status.state, OrleansState::InProgress);
    // The forecast from round 7 on, with only the events' income: 11 − 5 = 6, +4 (r9) = 10,
    // +2 (r10) = 12, −10 (r11) = 2, +4 (r12) = 6, +2 (r15) = 8: round 16's 15 coins fail.
    let f = &r7.forecast[0];
    assert_eq!(f.rounds[0].round, 7);
    assert_eq!(f.rounds.iter().map(|r| r.coins_after).collect::<Vec<_>>(), [6, 6, 10, 12, 2, 6, 6, 6, 8, 0]);
    assert_eq!(f.first_failure, Some(16));
    assert_eq!(f.coins_short, 7);
}

#[test]
fn the_shell_gets_the_help_through_help_value() {
    let raw = json!({"variant": "marchand", "round": 1, "players": [{"name": "Ani", "coins": 10}]});
    match help_value(GameId::Orleans, &raw) {
        Ok(TableHelp::Orleans(h)) => {
            assert_eq!(h.rounds, 15);
            assert_eq!(h.events[0].resolutions[0].options[0].coins, 2);
        }
        other => panic!("no Orléans help: {other:?}"),
    }
}

/// A 2-player Invasion deck as the book builds it: 9 A, 8 B, Invasion; Voyage comes up in round 9.
const INVASION_DECK_2P: [&str; 18] = [
    "reunion_du_conseil",
    "demolition",
    "don",
    "secheresse",
    "tremblement_de_terre",
    "fuite",
    "bonne_affaire",
    "vents_favorables",
    "voyage",
    "incendie_criminel",
    "bon_voyage",
    "famine",
    "zones_de_peche",
    "moisson",
    "revenus",
    "pirates",
    "peste",
    "invasion",
];

#[test]
fn solo_and_coop_outcomes_come_from_the_table() {
    let won = score_json(
        GameId::Orleans,
        r#"{"variant":"dignitaire","round":12,"players":[{"name":"Ani","citizens":8}]}"#,
    )
    .expect("valid");
    assert_eq!(won.outcome, Outcome::Solo { won: true, in_progress: false, round_reached: 12 });
    assert_eq!(won.winners(), vec![0]);

    // Round 9's tile is Voyage (the ninth A tile at 2 players); Dirk could not pay it.
    let lost = score_json(
        GameId::Orleans,
        &json!({"variant": "invasion", "round": 10, "players": [{"name": "Ani"}, {"name": "Dirk"}],
            "deck": {"order": INVASION_DECK_2P},
            "log": [{"round": 9, "event": "voyage", "seat": 1, "paid": false}]})
        .to_string(),
    )
    .expect("valid");
    assert_eq!(lost.outcome, Outcome::Coop { won: false, in_progress: false, round_reached: Some(9) });
    assert!(lost.winners().is_empty());
}

#[test]
fn duel_scoreboard_ranks_by_finish_then_goods_then_coins() {
    let all = r#"{"comptabilite":3,"filiales":6,"vin_chatellerault":8,"habiller_sa_dame":10}"#;
    let board = score_json(
        GameId::Orleans,
        &format!(
            r#"{{"variant":"duel","round":10,"players":[
                {{"name":"Ani","objectives":{all},"goods":{{"brocade":1}},"coins":1}},
                {{"name":"Dirk","objectives":{all},"goods":{{"wool":1}},"coins":9}}]}}"#
        ),
    )
    .expect("valid");
    assert_eq!(board.outcome, Outcome::ObjectiveRace { round_reached: 10 });
    assert_eq!(board.winners(), vec![0], "brocade 5 beats wool 4, coins do not matter");
    assert_eq!(board.tie_breaks[0].criteria, vec!["finish_round", "goods"]);
}

#[test]
fn every_problem_is_reported_at_once_with_its_field() {
    let problems = score_json(
        GameId::Orleans,
        r#"{"variant":"vierzon","round":20,"colour":"red","players":[
            {"name":"","coins":-1,"goods":{"silk":1},"development_level":9,"objectives":{"nope":1},"character":"maire"}],
            "log":[{"round":2,"event":"meteor"}]}"#,
    )
    .expect_err("invalid");
    let fields: Vec<(&str, &str)> = problems.iter().map(|p| (p.field.as_str(), p.code.as_str())).collect();
    assert_eq!(
        fields,
        vec![
            ("colour", "unknown_field"),
            ("round", "out_of_range"),
            ("players[0].name", "empty_name"),
            ("players[0].coins", "out_of_range"),
            ("players[0].development_level", "out_of_range"),
            ("players[0].goods.silk", "unknown_good"),
            ("players[0].character", "not_in_scenario"),
            ("players[0].objectives.nope", "unknown_objective"),
            ("log[0].event", "unknown_event"),
        ]
    );
}

#[test]
fn the_generic_sheet_still_scores() {
    let board = score_json(
        GameId::Orleans,
        r#"{"sheet":"generic","variant":"prosperite","players":[{"name":"Ani","points":{"coins":10,"depot":5}},{"name":"Dirk","points":{"goods":12}}]}"#,
    )
    .expect("v1 sheet");
    assert_eq!(board.players[0].total, Some(15));
    assert!(
        orleans::help(
            &json!({"sheet": "generic", "variant": "prosperite", "players": [{"name": "Ani", "points": {}}]})
        )
        .is_err()
    );
}

#[test]
fn invasion_deck_stored_with_the_play_reveals_round_by_round() {
    let deck =
        build_deck(&OrleansDeckPlan { players: 4, set_aside: vec![], hard_mode: true }, 77).expect("deck");
    assert_eq!(deck.order.len(), 16);
    assert_eq!(deck.order.last().map(String::as_str), Some("invasion"));
    let h = help(json!({"variant": "invasion", "round": 3,
        "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}],
        "deck": {"seed": 77, "hard_mode": true, "order": deck.order}}));
    assert_eq!(h.rounds, 16);
    assert_eq!(h.events[0].event.id, deck.order[2]);
    assert_eq!(h.upcoming.len(), 13);
    assert!(h.upcoming.iter().all(|u| u.event.is_none()), "tiles stay hidden until revealed");
}

#[test]
fn invasion_is_won_when_every_goal_is_met() {
    let v = json!({"variant": "invasion", "round": 12,
        "players": [
            {"name": "Ani", "character": "maire", "coins": 10, "citizens": 2},
            {"name": "Dirk", "character": "conseiller_municipal", "objectives": {"salle_pleine": 11}}],
        "team": {"ramparts": 5, "citizens": 7, "treasury": 30, "warehouse": {"grain": 6, "cheese": 3, "wine": 3}, "fortifications": 6}});
    let h = help(v.clone());
    assert_eq!((h.status.state, h.status.round), (OrleansState::Won, 12));
    let mut short = v;
    short["team"]["treasury"] = json!(29);
    assert_eq!(help(short).status.state, OrleansState::InProgress);
}

#[test]
fn catalogues_cover_every_scenario_and_event() {
    let scenarios = scenario_catalogue();
    assert_eq!(scenarios.len(), 6);
    let invasion = scenarios.iter().find(|s| s.id == OrleansScenario::Invasion).expect("invasion");
    assert_eq!(invasion.rounds, vec![18, 18, 16, 16]);
    let events = event_catalogue();
    assert_eq!(events.len(), EVENTS.len());
    assert!(events.iter().all(|e| !e.appears_in.is_empty()), "every event appears somewhere");
}

#[test]
fn every_event_and_character_has_a_rule_entry() {
    let c = Catalogue::load().expect("entries");
    let mut missing: Vec<String> = EVENTS
        .iter()
        .map(|e| format!("orleans.event.{}", e.id))
        .chain(orleans::CHARACTERS.iter().map(|ch| format!("orleans.character.{}", ch.id)))
        .filter(|id| c.get(id).is_none())
        .collect();
    missing.sort();
    assert!(missing.is_empty(), "missing rule entries: {missing:?}");
}

fn problem_codes(v: &serde_json::Value) -> Vec<(String, String)> {
    match score_json(GameId::Orleans, &v.to_string()) {
        Ok(b) => panic!("expected problems, got {b:?}"),
        Err(p) => p.iter().map(|x| (x.field.clone(), x.code.clone())).collect(),
    }
}

fn invasion_2p(deck: serde_json::Value) -> serde_json::Value {
    json!({"variant": "invasion", "round": 2, "players": [{"name": "Ani"}, {"name": "Dirk"}], "deck": deck})
}

/// Invasion, Mise en place: « piochez 9 tuiles de la pile A et 8 de la pile B » at 2–3 players
/// (8 and 7 at 4–5), stacked A over B over the Invasion tile; the tiles set aside and, in hard
/// mode, Soutien and Entraînement never come up; each tile exists once.
#[test]
fn an_invasion_deck_must_follow_the_book() {
    let good: Vec<&str> = INVASION_DECK_2P.to_vec();
    assert!(score_json(GameId::Orleans, &invasion_2p(json!({"order": good})).to_string()).is_ok());
    // Renfort twice (it would raise the ramparts goal twice).
    let mut twice = good.clone();
    twice[0] = "renfort";
    twice[1] = "renfort";
    assert!(
        problem_codes(&invasion_2p(json!({"order": twice})))
            .contains(&("deck.order[1]".into(), "duplicate_tile".into()))
    );
    // An early Invasion tile (it would end nothing).
    let mut early = good.clone();
    early.swap(4, 17);
    let codes = problem_codes(&invasion_2p(json!({"order": early})));
    assert!(codes.contains(&("deck.order[4]".into(), "wrong_stack".into())), "{codes:?}");
    // Ten A tiles at 2 players: the tenth sits where a B tile belongs.
    let mut ten_a = good.clone();
    ten_a[9] = "avancee";
    assert!(
        problem_codes(&invasion_2p(json!({"order": ten_a})))
            .contains(&("deck.order[9]".into(), "wrong_stack".into()))
    );
    // A tile set aside before the draw cannot come up.
    assert!(
        problem_codes(&invasion_2p(json!({"order": good, "set_aside": ["don"]})))
            .contains(&("deck.order[2]".into(), "set_aside_tile".into()))
    );
    // Hard mode removes Soutien and Entraînement.
    let mut soft = good.clone();
    soft[0] = "soutien";
    assert!(
        problem_codes(&invasion_2p(json!({"order": soft, "hard_mode": true})))
            .contains(&("deck.order[0]".into(), "hard_mode_tile".into()))
    );
    // Too long a deck.
    let mut long = good.clone();
    long.push("rats");
    assert!(
        problem_codes(&invasion_2p(json!({"order": long})))
            .contains(&("deck.order".into(), "deck_size".into()))
    );
    // The tiles entered so far, as they come up, are accepted.
    assert!(score_json(GameId::Orleans, &invasion_2p(json!({"order": &good[..2]})).to_string()).is_ok());
    // Every deck the app draws, at every player count and in both modes, follows the book.
    for players in 2..=5u8 {
        for hard_mode in [false, true] {
            for seed in 0..20 {
                let deck = build_deck(&OrleansDeckPlan { players, set_aside: vec![], hard_mode }, seed)
                    .expect("deck");
                let names: Vec<serde_json::Value> =
                    (0..players).map(|i| json!({"name": format!("P{i}")})).collect();
                let t = json!({"variant": "invasion", "round": 1, "players": names,
                    "deck": {"seed": seed, "hard_mode": hard_mode, "order": deck.order}});
                assert!(
                    score_json(GameId::Orleans, &t.to_string()).is_ok(),
                    "{players} players, seed {seed}"
                );
            }
        }
    }
}

/// Every scenario has its own events by round (the tracks; Invasion: the tile revealed), and the
/// Administrateur terrien's dues exist only with that character at the table: a log entry must
/// name what this play had in that round, or a stray entry would decide the game.
#[test]
fn round_log_entries_must_name_the_rounds_event() {
    // Le duel, round 2 is Moisson; an unpaid "cotisation_7pv" logged there is refused.
    let stray = json!({"variant": "duel", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 2, "event": "cotisation_7pv", "seat": 0, "paid": false}]});
    assert_eq!(problem_codes(&stray), vec![("log[0].event".to_owned(), "event_not_in_round".to_owned())]);
    let right = json!({"variant": "duel", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 2, "event": "moisson", "seat": 0, "paid": true}]});
    assert!(score_json(GameId::Orleans, &right.to_string()).is_ok());
    // The steward's dues without the steward.
    let dues = json!({"variant": "invasion", "round": 2, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 1, "event": "administrateur_terrien", "seat": 0, "paid": false}]});
    assert_eq!(problem_codes(&dues), vec![("log[0].event".to_owned(), "no_administrator".to_owned())]);
    let mut with = dues.clone();
    with["players"][0]["character"] = json!("administrateur_terrien");
    assert!(score_json(GameId::Orleans, &with.to_string()).is_ok());
    // Unknown fields of a log entry and of the options are named, not ignored.
    let typo = json!({"variant": "duel", "round": 3, "options": {"esay": true},
        "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 2, "event": "moisson", "sead": 0}]});
    assert_eq!(
        problem_codes(&typo),
        vec![
            ("options.esay".to_owned(), "unknown_field".to_owned()),
            ("log[0].sead".to_owned(), "unknown_field".to_owned())
        ]
    );
}

const DUEL_ALL: [&str; 4] = ["comptabilite", "filiales", "vin_chatellerault", "habiller_sa_dame"];

fn duel(ani_done: u8, log: serde_json::Value) -> serde_json::Value {
    let objectives: serde_json::Map<String, serde_json::Value> =
        DUEL_ALL.iter().map(|id| ((*id).to_owned(), json!(ani_done))).collect();
    json!({"variant": "duel", "round": 14, "players": [
        {"name": "Ani", "objectives": objectives}, {"name": "Dirk", "objectives": {"comptabilite": 2}}],
        "log": log})
}

/// Le duel, Fin de la partie: « Le premier joueur à avoir complété ses 4 objectifs gagne ». A
/// payment missed afterwards (or in the events phase of that same round) does not take the win
/// away; one missed before does, and the ranking then agrees with the winner.
#[test]
fn a_duel_won_stays_won_and_the_ranking_agrees_with_the_winner() {
    // Ani completes her 4 objectives in round 10; she misses Cotisation in round 14.
    let later = score_json(
        GameId::Orleans,
        &duel(10, json!([{"round": 14, "event": "cotisation_7pv", "seat": 0, "paid": false}])).to_string(),
    )
    .expect("valid");
    assert_eq!(later.winners(), vec![0], "the race was already won");
    // Round 10's own event (phase 6) comes after her actions (phase 5).
    let same = score_json(
        GameId::Orleans,
        &duel(10, json!([{"round": 10, "event": "cotisation_7pv", "seat": 0, "paid": false}])).to_string(),
    )
    .expect("valid");
    assert_eq!(same.winners(), vec![0]);
    // Missed in round 9, before she finished: Dirk wins, and is ranked first although he has
    // fewer objectives.
    let before = score_json(
        GameId::Orleans,
        &duel(10, json!([{"round": 9, "event": "taxe_sur_les_marchandises", "seat": 0, "paid": false}]))
            .to_string(),
    )
    .expect("valid");
    assert_eq!(before.winners(), vec![1]);
    assert_eq!(before.players.iter().map(|p| p.rank).collect::<Vec<_>>(), vec![2, 1]);
    assert!(before.players[0].total > before.players[1].total, "Ani has more objectives, still second");
}

/// Marchand itinérant: deliveries are actions (phase 5), the event is phase 6 — « Le Marchand
/// itinérant » wins with the 5th delivery, even if that round's Nourriture then cannot be paid.
#[test]
fn the_fifth_delivery_wins_before_that_rounds_food_is_due() {
    let v = |unpaid_round: u8| {
        json!({"variant": "marchand", "round": 7, "players": [{"name": "Ani",
            "objectives": {"laines_bourges": 2, "lot_chartres": 3, "fromages_vins_vendome": 4, "cereales_tours": 5, "brocart_argenton": 6}}],
            "log": [{"round": unpaid_round, "event": "nourriture", "paid": false}]})
    };
    let won = score_json(GameId::Orleans, &v(6).to_string()).expect("valid");
    assert_eq!(won.outcome, Outcome::Solo { won: true, in_progress: false, round_reached: 6 });
    let lost = score_json(GameId::Orleans, &v(5).to_string()).expect("valid");
    assert_eq!(lost.outcome, Outcome::Solo { won: false, in_progress: false, round_reached: 5 });
}

/// Invasion, But du jeu: « chaque joueur doit réussir son objectif personnel, décrit sur sa
/// carte Personnage ». A seat without a character card cannot meet it: not won, and the goals
/// say why.
#[test]
fn invasion_is_not_won_while_a_player_has_no_character() {
    let v = json!({"variant": "invasion", "round": 12,
        "players": [{"name": "Ani", "character": "maire", "coins": 10, "citizens": 2}, {"name": "Dirk"}],
        "team": {"ramparts": 5, "citizens": 7, "treasury": 30, "warehouse": {"grain": 6, "cheese": 3, "wine": 3}, "fortifications": 6}});
    let h = help(v);
    assert_eq!(h.status.state, OrleansState::InProgress);
    let missing = h.goals.iter().find(|g| g.id == "personnage").expect("a goal for the missing card");
    assert_eq!(missing.seat, Some(1));
    assert!(!missing.done);
    assert!(missing.refused.as_ref().is_some_and(|t| t.en.contains("cannot be won")));
}

/// Prospérité, Mise en place: « Ne placez aucun jeton Citoyen sur la piste de développement ou
/// sur la carte » — no citizen for the most trading posts; and ties follow the base game: the
/// player further on the development track wins (FACT-ORL-D3).
#[test]
fn prosperite_gives_no_citizen_for_trading_posts_and_breaks_ties_on_the_track() {
    let b = score_json(
        GameId::Orleans,
        &json!({"variant": "prosperite", "round": 17, "players": [
            {"name": "Ani", "trading_posts": 6, "citizens": 1, "development_level": 2, "development_points": 5},
            {"name": "Dirk", "trading_posts": 2, "citizens": 1, "development_level": 2, "coins": 8, "development_points": 7}]})
        .to_string(),
    )
    .expect("valid");
    let dev =
        |seat: usize| b.players[seat].categories.iter().find(|c| c.key == "development").map(|c| c.points);
    assert_eq!(dev(0), Some(14), "(1 + 6) × 2, no bonus citizen");
    assert_eq!((b.players[0].total, b.players[1].total), (Some(14), Some(14)));
    assert_eq!(b.winners(), vec![1], "Dirk is further on the development track");
    assert_eq!(b.tie_breaks[0].criteria, vec!["development_points"]);
}

/// The development level is read on the development track (FACT-ORL-D4: level 2 from space
/// 4, 3 from 9, 4 from 15, 5 from 22, 6 at 30): the space is the one fact, its level follows
/// (the sheet asked both, and a mismatch listed 4 lines twice). A table of an
/// older play holding both still scores when they agree; when they do not, one problem says so,
/// on the level the space overrules. A level typed alone (older plays) is read as it is.
#[test]
fn development_level_and_points_must_agree() {
    let t = |level: serde_json::Value, points: serde_json::Value| {
        json!({"variant": "dignitaire", "round": 5, "players": [
            {"name": "Ani", "development_level": level, "development_points": points}]})
    };
    assert_eq!(
        problem_codes(&t(json!(3), json!(0))),
        vec![("players[0].development_level".to_owned(), "development_mismatch".to_owned())]
    );
    assert!(score_json(GameId::Orleans, &t(json!(3), json!(9)).to_string()).is_ok());
    assert!(score_json(GameId::Orleans, &t(json!(3), json!(14)).to_string()).is_ok());
    assert!(score_json(GameId::Orleans, &t(json!(3), json!(15)).to_string()).is_err());
    // Only the level typed: accepted as is; only the space: its level counts (Revenus pays it).
    assert!(score_json(GameId::Orleans, &t(json!(3), serde_json::Value::Null).to_string()).is_ok());
    let h = help(t(serde_json::Value::Null, json!(22)));
    assert_eq!(h.events[0].resolutions[0].coins_gained, 5 * 2, "Revenus: 2 × level 5");
    assert_eq!(h.development_levels, [5], "the level the core reads, for the sheet to show");
}

/// The development track runs from level 1 to 6: a level out of it is refused once, saying
/// the range it accepts (« 0 to 6 », while 0 was refused too); a round likewise
/// runs from 1.
#[test]
fn a_level_or_a_round_out_of_range_says_the_range_accepted() {
    let level = |n: u32| json!({"variant": "dignitaire", "round": 5, "players": [{"name": "Ani", "development_level": n}]});
    for n in [0, 7] {
        let p = score_json(GameId::Orleans, &level(n).to_string()).expect_err("out of range");
        assert_eq!(p.0.len(), 1, "{n}: {p:?}");
        assert_eq!(p.0[0].message.en, format!("Development level: {n} is out of range (1 to 6)."));
        assert_eq!(
            p.0[0].message.fr,
            format!("Niveau de développement\u{202f}: {n} est hors limites (de 1 à 6).")
        );
    }
    let round = |n: u32| json!({"variant": "dignitaire", "round": n, "players": [{"name": "Ani"}]});
    for n in [0, 18] {
        let p = score_json(GameId::Orleans, &round(n).to_string()).expect_err("out of range");
        assert_eq!(p.0.len(), 1, "{n}: {p:?}");
        assert_eq!(p.0[0].message.en, format!("Round: {n} is out of range (1 to 17)."));
    }
}

/// Le duel: « payez 3 marchandises de tissus (incluant au minimum un jeton Brocart) »;
/// Marchand itinérant: « payez 2 Fromages et 2 Vins ». The "ready" hints read both parts.
#[test]
fn ready_hints_read_every_part_of_a_delivery() {
    let duel_goal = |goods: serde_json::Value| {
        let h = help(
            json!({"variant": "duel", "round": 3, "players": [{"name": "Ani", "goods": goods}, {"name": "Dirk"}]}),
        );
        h.goals.into_iter().find(|g| g.id == "habiller_sa_dame" && g.seat == Some(0)).expect("goal")
    };
    assert!(!duel_goal(json!({"brocade": 1})).ready, "one brocade alone is not 3 cloth");
    assert!(!duel_goal(json!({"wool": 3})).ready, "no brocade");
    assert_eq!(duel_goal(json!({"wool": 3})).current, 2, "only 2 wool can serve without a brocade");
    assert!(duel_goal(json!({"wool": 2, "brocade": 1})).ready);
    let vendome = |goods: serde_json::Value| {
        let h =
            help(json!({"variant": "marchand", "round": 3, "players": [{"name": "Ani", "goods": goods}]}));
        h.goals.into_iter().find(|g| g.id == "fromages_vins_vendome").expect("goal")
    };
    assert!(!vendome(json!({"cheese": 2})).ready, "the wine too");
    assert!(vendome(json!({"cheese": 2, "wine": 2})).ready);
    assert_eq!(vendome(json!({"cheese": 5, "wine": 1})).current, 3);
}

/// Texts the audit found wrong: the Taverne keeps one trading post per town; the Invasion tile
/// demands no payment and Invasion makes no forecast (its tiles stay hidden); Rencontre en ville
/// and Voyage express are offers.
#[test]
fn orleans_entries_say_what_the_book_says() {
    let c = Catalogue::load().expect("catalogue");
    let body = |id: &str| c.get(id).expect(id).body.clone();
    assert!(body("orleans.place.taverne").en.contains("one trading post per town"));
    assert!(!body("orleans.place.taverne").en.contains("two at most"));
    assert!(body("orleans.event.invasion").en.contains("demands no payment"));
    assert!(body("orleans.variant.invasion").en.contains("forecasts no coming round"));
    for id in ["orleans.event.rencontre_en_ville", "orleans.event.voyage_express"] {
        assert!(body(id).en.contains("turning it down costs nothing"), "{id}");
        assert!(body(id).fr.contains("la refuser ne coûte rien"), "{id}");
    }
    assert!(body("orleans.event.appel_de_rome").en.contains("a single uncollected citizen"));
    assert!(body("orleans.scoring.development").en.contains("nobody receives the base game's citizen"));
}

/// Invasion, Mise en place: « piochez 9 tuiles de la pile A et 8 de la pile B » (2–3 players),
/// A over B over the Invasion tile. The group turns the physical tiles; the app asks which one
/// came up, offering only the tiles possible at that point (the box drives, the
/// app's own draw is only an offer).
#[test]
fn invasion_asks_for_the_tile_the_stack_showed_among_those_possible() {
    let choice = |round: u8, deck: serde_json::Value| {
        let mut t =
            json!({"variant": "invasion", "round": round, "players": [{"name": "Ani"}, {"name": "Dirk"}]});
        if !deck.is_null() {
            t["deck"] = deck;
        }
        help(t).tile_choice
    };
    let ids = |c: &orleans::OrleansTileChoice| c.tiles.iter().map(|t| t.id.clone()).collect::<Vec<_>>();

    let first = choice(1, serde_json::Value::Null).expect("round 1's tile is asked for");
    assert_eq!((first.round, first.stack.as_str(), first.tiles.len()), (1, "A", 16), "any tile of stack A");

    let hard = choice(1, json!({"set_aside": ["don"], "hard_mode": true})).expect("asked");
    assert_eq!(hard.tiles.len(), 13, "16 A tiles minus one set aside and the two hard mode removes");
    assert!(!ids(&hard).iter().any(|id| ["don", "soutien", "entrainement"].contains(&id.as_str())));

    let second = choice(2, json!({"order": ["don"]})).expect("round 2 asked");
    assert_eq!((second.round, second.tiles.len()), (2, 15), "each tile exists once");
    assert!(choice(1, json!({"order": ["don"]})).is_none(), "round 1's tile is entered");

    let nine_a: Vec<&str> = INVASION_DECK_2P[..9].to_vec();
    let tenth = choice(10, json!({"order": nine_a})).expect("round 10 asked");
    assert_eq!((tenth.stack.as_str(), tenth.tiles.len()), ("B", 14), "after 9 A tiles come the B tiles");
    let seventeen: Vec<&str> = INVASION_DECK_2P[..17].to_vec();
    let last = choice(18, json!({"order": seventeen})).expect("round 18 asked");
    assert_eq!(ids(&last), ["invasion"], "the Invasion tile comes last");
}

/// Le dignitaire, « Mise en place » : « Vous commencez la partie sans argent. » Vierzon
/// likewise (« Vous démarrez la partie sans argent »); the Marchand itinérant takes 10 coins;
/// the others keep the base game's 5. The scenario list carries it, so a new sheet starts
/// where the table does.
#[test]
fn each_scenario_starts_with_the_coins_its_setup_gives() {
    use greffier::games::orleans::{OrleansScenario, start_coins};
    assert_eq!(start_coins(OrleansScenario::Dignitaire), 0);
    assert_eq!(start_coins(OrleansScenario::Vierzon), 0);
    assert_eq!(start_coins(OrleansScenario::Marchand), 10);
    assert_eq!(start_coins(OrleansScenario::Duel), 5);
    let scenarios = greffier::games::orleans::scenario_catalogue();
    let dignitaire = scenarios.iter().find(|s| s.id == OrleansScenario::Dignitaire).expect("dignitaire");
    assert_eq!(dignitaire.start_coins, 0);
}

/// The town the rulebook prints as « S.-Amand-Montrand » (Invasion, « Mise en place » at two
/// players, and Vierzon's citizens) is Saint-Amand-Montrond: the checklists spell it in full
/// and right, in both languages.
#[test]
fn setup_checklists_spell_saint_amand_montrond_in_full() {
    use greffier::games::orleans::{OrleansScenario, setup_steps};
    let mut named = 0;
    for scenario in OrleansScenario::ALL {
        for players in 1..=5 {
            let Ok(steps) = setup_steps(scenario, players) else { continue };
            for step in steps {
                for text in [&step.text.fr, &step.text.en] {
                    assert!(!text.contains("Montrand") && !text.contains("S.-Amand"), "{scenario:?}: {text}");
                    named += usize::from(text.contains("Saint-Amand-Montrond"));
                }
            }
        }
    }
    assert!(named >= 4, "the town is named at two players and in Vierzon, in both languages ({named})");
}

/// Each scenario scores what its own « Fin de la partie » / « But du jeu » counts — Prospérité
/// the base game's points and the Dépôt, Le dignitaire its citizens, the others their
/// objectives — and the scenario list says so, so a finished solo play is not shown with
/// Prospérité's empty rows.
#[test]
fn each_scenario_names_the_categories_its_scoreboard_has() {
    let tables = [
        json!({"variant": "prosperite", "round": 17, "players": [{"name": "Ani"}, {"name": "Dirk"}]}),
        json!({"variant": "invasion", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}],
               "deck": {"order": INVASION_DECK_2P}}),
        json!({"variant": "duel", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}]}),
        json!({"variant": "dignitaire", "round": 3, "players": [{"name": "Ani", "citizens": 2}]}),
        json!({"variant": "vierzon", "round": 3, "players": [{"name": "Ani"}]}),
        json!({"variant": "marchand", "round": 3, "players": [{"name": "Ani"}]}),
    ];
    let info = GameId::Orleans.info();
    for table in tables {
        let id = table["variant"].as_str().expect("variant").to_owned();
        let board = score_json(GameId::Orleans, &table.to_string()).unwrap_or_else(|p| panic!("{id}: {p:?}"));
        let variant = info.variant(&id).expect("listed");
        for player in &board.players {
            let keys: Vec<&str> = player.categories.iter().map(|c| c.key.as_ref()).collect();
            assert_eq!(keys, variant.categories, "{id}");
        }
    }
}

/// A round's log line keeps the coins a player received as a number (`gained`), not as words
/// in the language of the day, so History reads it in either language; a count out of range is
/// refused on its field. Older lines, with only their `note`, are still read.
#[test]
fn a_log_line_keeps_the_coins_received_as_a_number() {
    let table = |gained: serde_json::Value| {
        json!({"variant": "duel", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}],
            "log": [{"round": 2, "event": "moisson", "seat": 0, "paid": true, "gained": gained}]})
    };
    assert!(score_json(GameId::Orleans, &table(json!(4)).to_string()).is_ok());
    assert_eq!(
        problem_codes(&table(json!(-1))),
        vec![("log[0].gained".to_owned(), "out_of_range".to_owned())]
    );
    assert_eq!(
        problem_codes(&table(json!("4"))),
        vec![("log[0].gained".to_owned(), "not_an_integer".to_owned())]
    );
    let old = json!({"variant": "duel", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 2, "event": "moisson", "seat": 0, "paid": true, "note": "reçu 4 pièces"}]});
    assert!(score_json(GameId::Orleans, &old.to_string()).is_ok());
}

/// A 2-player Invasion deck with Chasse aux sorcières revealed in round 10 (the first B tile).
const WITCH_HUNT_DECK_2P: [&str; 18] = [
    "reunion_du_conseil",
    "demolition",
    "don",
    "secheresse",
    "tremblement_de_terre",
    "fuite",
    "bonne_affaire",
    "vents_favorables",
    "voyage",
    "chasse_aux_sorcieres",
    "bon_voyage",
    "famine",
    "zones_de_peche",
    "moisson",
    "revenus",
    "pirates",
    "rats",
    "invasion",
];

fn witch_hunt(ani: serde_json::Value, dirk: serde_json::Value) -> orleans::OrleansHelp {
    let mut ani = ani;
    let mut dirk = dirk;
    ani["name"] = json!("Ani");
    ani["character"] = json!("bibliothecaire");
    dirk["name"] = json!("Dirk");
    dirk["character"] = json!("general");
    help(json!({"variant": "invasion", "round": 10, "players": [ani, dirk],
        "deck": {"order": WITCH_HUNT_DECK_2P}}))
}

/// Invasion, pile B, Chasse aux sorcières: « L'équipe perd 6 points de développement … Si vous
/// ne possédez pas suffisamment de points de développement et de jetons Moine, la partie est
/// immédiatement perdue. » A player whose level alone is typed stands at least on that level's
/// first space (FACT-ORL-D4: level 2 from space 4, 3 from 9, 4 from 15, 5 from 22, 6 at 30):
/// level 5 and level 4 hold 22 + 15 points, far more than 6 — payable, and the help says which
/// spaces it assumed.
#[test]
fn witch_hunt_counts_the_first_space_of_a_level_typed_alone() {
    let h = witch_hunt(json!({"development_level": 5}), json!({"development_level": 4}));
    assert_eq!(h.events[0].event.id, "chasse_aux_sorcieres");
    let r = &h.events[0].resolutions[0];
    assert_eq!((r.status, r.shortfall, r.consequence), (OrleansResolutionStatus::Payable, 0, None));
    assert_eq!((r.options[0].development, r.options[0].monks), (6, 0));
    assert!(r.explanation.fr.contains("case 22"), "{}", r.explanation.fr);
    assert!(r.explanation.en.contains("space 15"), "{}", r.explanation.en);
    // Level 1 alone is space 0: nothing to give, no monk — lost, 6 missing.
    let h = witch_hunt(json!({}), json!({}));
    let r = &h.events[0].resolutions[0];
    assert_eq!((r.shortfall, r.consequence), (6, Some(orleans::OrleansFailure::Loss)));
    // A space typed counts as typed: 2 + 1 points and 3 monks pay exactly.
    let h = witch_hunt(
        json!({"development_points": 2, "monks": 1}),
        json!({"development_points": 1, "monks": 2}),
    );
    let r = &h.events[0].resolutions[0];
    assert_eq!(
        (r.status, r.options[0].development, r.options[0].monks),
        (OrleansResolutionStatus::Payable, 3, 3)
    );
    assert!(!r.explanation.en.contains("not entered"), "{}", r.explanation.en);
}

fn duel_both_unpaid(first: u8, second: u8) -> serde_json::Value {
    json!({"variant": "duel", "round": 6, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 5, "event": "jour_du_fromage", "seat": first, "paid": false},
                {"round": 5, "event": "jour_du_fromage", "seat": second, "paid": false}]})
}

/// Le duel, Tour de jeu: « si vous ne pouvez pas payer ce qu'un événement demande …, vous
/// perdez immédiatement. » Both players failing the same round have both lost: nobody wins,
/// whichever line was typed first.
#[test]
fn duel_both_failing_the_same_round_leaves_no_winner_in_any_log_order() {
    for (a, b) in [(0, 1), (1, 0)] {
        let t = duel_both_unpaid(a, b);
        let h = help(t.clone());
        assert_eq!(h.status.state, OrleansState::Over, "log order {a}, {b}");
        assert_eq!((h.status.round, h.status.winners.clone()), (5, vec![]));
        let board = score_json(GameId::Orleans, &t.to_string()).expect("valid");
        assert!(board.winners().is_empty(), "log order {a}, {b}");
        assert_eq!(board.outcome, Outcome::ObjectiveRace { round_reached: 5 });
    }
    // One failing alone still loses alone.
    let one = json!({"variant": "duel", "round": 6, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 5, "event": "jour_du_fromage", "seat": 1, "paid": false}]});
    assert_eq!(help(one).status.winners, vec![0]);
}

/// Invasion: Voyage (« sinon défaite ») and the Administrateur terrien's dues, both unpaid at
/// the end of round 9: the event that lost the game is the same whatever the log's order
/// (round, then the moment in the round, then the event's id).
#[test]
fn the_event_that_lost_invasion_does_not_depend_on_the_log_order() {
    let t = |log: serde_json::Value| {
        json!({"variant": "invasion", "round": 10,
            "players": [{"name": "Ani", "character": "administrateur_terrien"}, {"name": "Dirk", "in_orleans": true}],
            "deck": {"order": INVASION_DECK_2P}, "log": log})
    };
    let voyage = json!({"round": 9, "event": "voyage", "seat": 1, "paid": false});
    let dues = json!({"round": 9, "event": "administrateur_terrien", "seat": 0, "paid": false});
    let lost_at = |log: serde_json::Value| {
        score_json(GameId::Orleans, &t(log).to_string()).expect("valid").facts.lost_at.expect("lost")
    };
    let one = lost_at(json!([voyage.clone(), dues.clone()]));
    let other = lost_at(json!([dues, voyage]));
    assert_eq!(one, other);
    assert_eq!((one.round, one.event.as_deref()), (9, Some("administrateur_terrien")));
}

/// Prospérité ties follow the base game: the player further on the development track wins
/// (FACT-ORL-D3). A level typed without its space still places the player: level 5 is
/// further than level 2.
#[test]
fn prosperite_tie_break_reads_the_level_when_the_space_is_not_typed() {
    let b = score_json(
        GameId::Orleans,
        &json!({"variant": "prosperite", "round": 17, "players": [
            {"name": "Ani", "coins": 10, "development_level": 5},
            {"name": "Dirk", "coins": 8, "development_level": 2, "citizens": 1}]})
        .to_string(),
    )
    .expect("valid");
    assert_eq!((b.players[0].total, b.players[1].total), (Some(10), Some(10)));
    assert_eq!(b.winners(), vec![0], "level 5 is further than level 2");
    // Same level, one space unknown: nobody can say who is further — shared.
    let same = score_json(
        GameId::Orleans,
        &json!({"variant": "prosperite", "round": 17, "players": [
            {"name": "Ani", "coins": 10, "development_level": 3},
            {"name": "Dirk", "coins": 10, "development_level": 3, "development_points": 12}]})
        .to_string(),
    )
    .expect("valid");
    assert_eq!(same.winners(), vec![0, 1]);
}

/// Prospérité: « La partie se termine après 16 manches. » Nobody wins a points race before
/// then; the leader wins once the 16 rounds are over (round 17).
#[test]
fn prosperite_names_a_winner_only_after_the_sixteenth_round() {
    let t = |round: u8| {
        json!({"variant": "prosperite", "round": round, "players": [
            {"name": "Ani", "coins": 10}, {"name": "Dirk", "coins": 3}]})
    };
    for round in [3, 16] {
        let b = score_json(GameId::Orleans, &t(round).to_string()).expect("valid");
        assert!(b.winners().is_empty(), "round {round}");
        assert_eq!(b.players[0].rank, 1, "the leader still leads");
    }
    assert_eq!(score_json(GameId::Orleans, &t(17).to_string()).expect("valid").winners(), vec![0]);
}

/// Appendice, Nouvelles tuiles Lieu: the box holds one Dépôt (« 7 tuiles Lieu », one of each),
/// so two players cannot both own it; and only Prospérité's setup lists it among the place tiles
/// in play (Invasion's list leaves it out, Le dignitaire removes it, Le duel, Vierzon and Marchand
/// itinérant bring no new place tile but the Étal de marché).
#[test]
fn the_depot_has_one_owner_and_exists_only_in_prosperite() {
    let three = json!({"variant": "prosperite", "round": 17, "players": [
        {"name": "Ani", "depot": true}, {"name": "Dirk"}, {"name": "Carl", "depot": true}]});
    assert_eq!(
        problem_codes(&three),
        vec![
            ("players[0].depot".to_owned(), "duplicate_depot".to_owned()),
            ("players[2].depot".to_owned(), "duplicate_depot".to_owned()),
        ]
    );
    let one = json!({"variant": "prosperite", "round": 17, "players": [
        {"name": "Ani"}, {"name": "Dirk"}, {"name": "Carl", "depot": true}]});
    assert!(score_json(GameId::Orleans, &one.to_string()).is_ok());
    for variant in ["invasion", "duel"] {
        let t = json!({"variant": variant, "round": 2, "players": [{"name": "Ani", "depot": true}, {"name": "Dirk"}]});
        assert_eq!(
            problem_codes(&t),
            vec![("players[0].depot".to_owned(), "not_in_scenario".to_owned())],
            "{variant}"
        );
    }
    for variant in ["dignitaire", "vierzon", "marchand"] {
        let t = json!({"variant": variant, "round": 2, "players": [{"name": "Ani", "depot": true}]});
        assert_eq!(
            problem_codes(&t),
            vec![("players[0].depot".to_owned(), "not_in_scenario".to_owned())],
            "{variant}"
        );
    }
}

/// Invasion: one hourglass tile is revealed each round (« La partie se termine à la fin de la
/// manche où la tuile Sablier « Invasion » est révélée »): in round 3, three tiles at most.
/// More would let a Renfort not yet come up raise the ramparts goal.
#[test]
fn invasion_refuses_more_tiles_revealed_than_rounds_begun() {
    let t = |round: u8, revealed: u8| {
        json!({"variant": "invasion", "round": round, "players": [{"name": "Ani"}, {"name": "Dirk"}],
            "deck": {"order": INVASION_DECK_2P, "revealed": revealed}})
    };
    assert!(score_json(GameId::Orleans, &t(3, 3).to_string()).is_ok());
    assert!(score_json(GameId::Orleans, &t(3, 2).to_string()).is_ok());
    assert_eq!(problem_codes(&t(3, 4)), vec![("deck.revealed".to_owned(), "revealed_ahead".to_owned())]);
    // Once the 18 rounds are over (round 19), all 18 tiles have been revealed, no more.
    assert!(score_json(GameId::Orleans, &t(19, 18).to_string()).is_ok());
    assert_eq!(problem_codes(&t(19, 19)), vec![("deck.revealed".to_owned(), "out_of_range".to_owned())]);
}

fn close_codes(r: Result<orleans::OrleansClosedRound, greffier::games::Problems>) -> Vec<(String, String)> {
    r.expect_err("refused").iter().map(|x| (x.field.clone(), x.code.clone())).collect()
}

fn share(option: Option<u32>, c: Vec<u32>) -> orleans::OrleansDecision {
    orleans::OrleansDecision { option, contributions: Some(c), shares: None }
}

/// Invasion, Démolition (round 2 of this deck): « Si vous ne pouvez, ou ne voulez pas, rendre un
/// jeton Technologie, payez 3 pièces par jeton manquant. Si l'équipe ne parvient pas à
/// s'acquitter du paiement dans son intégralité, la partie est immédiatement perdue. » A share
/// is paid from its seat's own coins, and the shares must reach the coins of the way chosen.
#[test]
fn team_shares_come_from_each_seats_coins_and_meet_the_way_chosen() {
    let table = json!({"variant": "invasion", "round": 2, "players": [
        {"name": "Ani", "coins": 6, "technology": 1}, {"name": "Dirk", "coins": 4}],
        "deck": {"order": INVASION_DECK_2P}});
    let rs = help(table.clone()).events.remove(0).resolutions;
    assert_eq!(rs[0].event, "demolition");
    // One tile and 3 coins, or no tile and 6 coins.
    assert_eq!(
        rs[0].options.iter().map(|o| (o.technology, o.coins)).collect::<Vec<_>>(),
        vec![(1, 3), (0, 6)]
    );
    // Dirk has 4 coins, not 5: refused, naming his share.
    assert_eq!(
        close_codes(orleans::close_round(&table, &[share(Some(1), vec![1, 5])], true)),
        vec![("decisions[0].contributions[1]".to_owned(), "share_above_coins".to_owned())]
    );
    // Keeping the tile: 3 coins put in for a 6-coin way is not met.
    let short = orleans::close_round(&table, &[share(Some(1), vec![2, 1])], true).expect("ok");
    assert!(!short.lines[0].paid);
    let full = orleans::close_round(&table, &[share(Some(1), vec![3, 3])], true).expect("ok");
    assert!(full.lines[0].paid);
    assert_eq!(
        (full.table["players"][0]["coins"].clone(), full.table["players"][1]["coins"].clone()),
        (json!(3), json!(1))
    );
    let tile = orleans::close_round(&table, &[share(Some(0), vec![0, 3])], true).expect("ok");
    assert!(tile.lines[0].paid);
}

/// The deck above with `tile` revealed in `round` instead (same stack).
fn deck_with(round: usize, tile: &str) -> Vec<&str> {
    let mut d = INVASION_DECK_2P.to_vec();
    d[round - 1] = tile;
    d
}

fn team_after(table: &serde_json::Value, decisions: &[orleans::OrleansDecision]) -> serde_json::Value {
    let closed = orleans::close_round(table, decisions, true).expect("closed");
    // The table written back is valid.
    assert!(score_json(GameId::Orleans, &closed.table.to_string()).is_ok(), "{}", closed.table);
    closed.table
}

/// Invasion, Rats: « L'équipe retire 2 jetons Fromage et 1 jeton Céréales de l'Entrepôt … S'il
/// n'y a pas suffisamment de jetons, elle en retire le maximum possible. » Closing the round
/// takes them off the warehouse.
#[test]
fn closing_rats_takes_cheese_and_grain_off_the_warehouse() {
    let t = |warehouse: serde_json::Value| {
        json!({"variant": "invasion", "round": 17, "players": [{"name": "Ani"}, {"name": "Dirk"}],
            "team": {"warehouse": warehouse}, "deck": {"order": deck_with(17, "rats")}})
    };
    let after = team_after(&t(json!({"grain": 4, "cheese": 3, "wine": 2})), &[]);
    assert_eq!(after["team"]["warehouse"], json!({"grain": 3, "cheese": 1, "wine": 2}));
    let after = team_after(&t(json!({"cheese": 1})), &[]);
    assert_eq!(after["team"]["warehouse"], json!({}));
}

/// Invasion, Bonne affaire: « L'équipe peut choisir de payer 8 pièces … La répartition du
/// paiement entre les joueurs est libre. Si vous payez, prenez 3 jetons Céréales de la réserve
/// et placez-les sur l'Entrepôt. »
#[test]
fn closing_bonne_affaire_taken_puts_three_grain_on_the_warehouse() {
    let t = json!({"variant": "invasion", "round": 7, "players": [{"name": "Ani", "coins": 5}, {"name": "Dirk", "coins": 4}],
        "deck": {"order": INVASION_DECK_2P}});
    let after = team_after(&t, &[share(Some(0), vec![5, 3])]);
    assert_eq!(after["team"]["warehouse"]["grain"], json!(3));
    assert_eq!(
        (after["players"][0]["coins"].clone(), after["players"][1]["coins"].clone()),
        (json!(0), json!(1))
    );
    // Shares short of the 8 coins of a deal taken: a decision that cannot be, refused.
    assert_eq!(
        close_codes(orleans::close_round(&t, &[share(Some(0), vec![5, 2])], true)),
        vec![("decisions[0].contributions".to_owned(), "shares_short".to_owned())]
    );
    // Taken with nobody's share typed: the coins would come from no one, refused the same way.
    assert_eq!(
        close_codes(orleans::close_round(
            &t,
            &[orleans::OrleansDecision { option: Some(0), contributions: None, shares: None }],
            true
        )),
        vec![("decisions[0].contributions".to_owned(), "shares_short".to_owned())]
    );
    // Declined: nothing changes.
    let after = team_after(&t, &[orleans::OrleansDecision::default()]);
    assert!(after.get("team").is_none());
    assert_eq!(after["players"], t["players"]);
}

/// Invasion, Avancée: « Chaque joueur peut payer 4 pièces pour immédiatement bâtir une
/// fortification ou un comptoir à l'emplacement de son marchand. » A fortification is built on a
/// border town's special-building token (Objectifs communs, Fortifications): the team's count
/// rises with the player's.
#[test]
fn closing_avancee_with_a_fortification_adds_it_to_the_city_board() {
    let t = json!({"variant": "invasion", "round": 1, "players": [
        {"name": "Ani", "coins": 4, "fortifications": 1}, {"name": "Dirk", "coins": 5}],
        "team": {"fortifications": 2}, "deck": {"order": deck_with(1, "avancee")}});
    let rs = help(t.clone()).events.remove(0).resolutions;
    let fort = |r: &orleans::OrleansResolution| {
        u32::try_from(r.options.iter().position(|o| o.gained.fortifications == 1).expect("a fortification"))
            .expect("small")
    };
    let trading_post = |r: &orleans::OrleansResolution| {
        u32::try_from(r.options.iter().position(|o| o.gained.trading_posts == 1).expect("a trading post"))
            .expect("small")
    };
    let decide = |o: u32| orleans::OrleansDecision { option: Some(o), contributions: None, shares: None };
    let after = team_after(&t, &[decide(fort(&rs[0])), decide(fort(&rs[1]))]);
    assert_eq!(after["team"]["fortifications"], json!(4));
    assert_eq!(
        (after["players"][0]["fortifications"].clone(), after["players"][1]["fortifications"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(
        (after["players"][0]["coins"].clone(), after["players"][1]["coins"].clone()),
        (json!(0), json!(1))
    );
    // A trading post is no fortification.
    let after = team_after(&t, &[decide(trading_post(&rs[0]))]);
    assert_eq!(after["team"]["fortifications"], json!(2));
}

/// Invasion, Braquage: « Chaque joueur doit replacer dans la réserve des Marchandises ayant une
/// valeur totale de 5 PV, ou détruire une fortification qu'il a construite. » A fortification
/// destroyed leaves the city board too.
#[test]
fn closing_braquage_with_a_fortification_takes_it_off_the_city_board() {
    let t = json!({"variant": "invasion", "round": 10, "players": [
        {"name": "Ani", "goods": {"wine": 2}}, {"name": "Dirk", "fortifications": 1}],
        "team": {"fortifications": 3}, "deck": {"order": deck_with(10, "braquage")}});
    let rs = help(t.clone()).events.remove(0).resolutions;
    assert_eq!(rs[1].options.iter().map(|o| o.fortifications).collect::<Vec<_>>(), vec![1]);
    let after = team_after(&t, &[]);
    assert_eq!(after["team"]["fortifications"], json!(2));
    assert_eq!(after["players"][1]["fortifications"], json!(0));
    // Ani pays in goods: no fortification moves for her.
    assert_eq!(after["players"][0]["goods"], json!({}));
    assert_eq!(after["players"][0].get("fortifications"), None);
}

fn shares(s: Vec<orleans::OrleansShare>) -> orleans::OrleansDecision {
    orleans::OrleansDecision { shares: Some(s), ..Default::default() }
}

fn dev(development: u32, monks: u32) -> orleans::OrleansShare {
    orleans::OrleansShare { development, monks, ..Default::default() }
}

/// Invasion, Don: « l'équipe reçoit 3 points de développement, 1 jeton Vin et 3 pièces.
/// Choisissez comment répartir ces gains entre les joueurs. » The players say who receives
/// what; the core never picks, and the whole gift is shared out.
#[test]
fn closing_don_gives_each_seat_the_share_the_players_chose() {
    let table = json!({"variant": "invasion", "round": 3, "players": [
        {"name": "Ani", "coins": 2, "development_points": 3},
        {"name": "Dirk", "development_level": 3, "development_points": 10}],
        "deck": {"order": INVASION_DECK_2P}});
    let r = help(table.clone()).events.remove(0).resolutions.remove(0);
    assert_eq!(r.event, "don");
    let split = r.split.expect("a split to enter");
    assert!(split.gain);
    assert_eq!(
        split.total,
        orleans::OrleansShare { development: 3, wine: 1, coins: 3, ..Default::default() }
    );
    assert_eq!(split.forced, None);
    // Nothing said: the core asks who receives what.
    assert_eq!(
        close_codes(orleans::close_round(&table, &[], true)),
        vec![("decisions[0].shares".to_owned(), "shares_needed".to_owned())]
    );
    let ani = orleans::OrleansShare { development: 1, coins: 1, ..Default::default() };
    let dirk = orleans::OrleansShare { development: 2, wine: 1, coins: 2, ..Default::default() };
    let closed = orleans::close_round(&table, &[shares(vec![ani, dirk])], true).expect("ok");
    let p = &closed.table["players"];
    assert_eq!((p[0]["coins"].clone(), p[0]["development_points"].clone()), (json!(3), json!(4)));
    // Space 4 begins level 2: the level follows the marker (the space is the one fact kept).
    assert_eq!(p[0].get("development_level"), None);
    assert_eq!((p[1]["coins"].clone(), p[1]["development_points"].clone()), (json!(2), json!(12)));
    assert_eq!(p[1]["goods"], json!({"wine": 1}));
    assert_eq!(help(closed.table.clone()).development_levels, [2, 3]);
    assert_eq!(
        closed.lines.iter().map(|l| (l.seat, l.received, l.paid)).collect::<Vec<_>>(),
        vec![(Some(0), Some(ani), true), (Some(1), Some(dirk), true)]
    );
    assert!(score_json(GameId::Orleans, &closed.table.to_string()).is_ok(), "{}", closed.table);
    // The whole gift, no more and no less; nothing the gift does not hold.
    let wrong = orleans::OrleansShare { development: 1, wine: 2, coins: 3, monks: 1 };
    assert_eq!(
        close_codes(orleans::close_round(&table, &[shares(vec![wrong, dev(1, 0)])], true)),
        vec![
            ("decisions[0].shares[0].monks".to_owned(), "not_in_event".to_owned()),
            ("decisions[0].shares".to_owned(), "shares_short".to_owned()),
            ("decisions[0].shares".to_owned(), "shares_above_total".to_owned()),
        ]
    );
    // Only logged: the sheet is untouched, one line for the team.
    let logged = orleans::close_round(&table, &[], false).expect("ok");
    assert_eq!(logged.table["players"], table["players"]);
    assert_eq!(logged.lines.iter().map(|l| l.seat).collect::<Vec<_>>(), vec![None]);
}

/// Invasion, Chasse aux sorcières: « L'équipe perd 6 points de développement. Choisissez
/// ensemble la contribution de chacun […] Pour chaque point de développement que vous ne pouvez,
/// ou ne voulez pas, payer, vous devez replacer un jeton Moine dans la réserve. »
#[test]
fn closing_the_witch_hunt_takes_each_seat_its_share_of_points_and_monks() {
    let t = |ani: serde_json::Value, dirk: serde_json::Value| {
        json!({"variant": "invasion", "round": 16, "players": [ani, dirk],
            "deck": {"order": deck_with(16, "chasse_aux_sorcieres")}})
    };
    let table = t(
        json!({"name": "Ani", "development_points": 5, "monks": 1}),
        json!({"name": "Dirk", "development_points": 2, "monks": 3}),
    );
    let r = help(table.clone()).events.remove(0).resolutions.remove(0);
    assert_eq!(r.event, "chasse_aux_sorcieres");
    let split = r.split.expect("a split to enter");
    assert_eq!((split.gain, split.owed, split.forced.clone()), (false, 6, None));
    assert_eq!(split.most, vec![dev(5, 1), dev(2, 3)]);
    assert_eq!(
        close_codes(orleans::close_round(&table, &[], true)),
        vec![("decisions[0].shares".to_owned(), "shares_needed".to_owned())]
    );
    let closed = orleans::close_round(&table, &[shares(vec![dev(4, 1), dev(1, 0)])], true).expect("ok");
    let p = &closed.table["players"];
    assert_eq!(
        (p[0]["development_points"].clone(), p[0].get("development_level"), p[0]["monks"].clone()),
        (json!(1), None, json!(0))
    );
    assert_eq!(help(closed.table.clone()).development_levels[0], 1);
    assert_eq!((p[1]["development_points"].clone(), p[1]["monks"].clone()), (json!(1), json!(3)));
    assert_eq!(
        closed
            .lines
            .iter()
            .map(|l| (l.seat, l.payment.map(|x| (x.development, x.monks)), l.paid))
            .collect::<Vec<_>>(),
        vec![(Some(0), Some((4, 1)), true), (Some(1), Some((1, 0)), true)]
    );
    assert!(score_json(GameId::Orleans, &closed.table.to_string()).is_ok(), "{}", closed.table);
    let refused =
        |s: Vec<orleans::OrleansShare>| close_codes(orleans::close_round(&table, &[shares(s)], true));
    // More than a seat holds.
    assert_eq!(
        refused(vec![dev(3, 2), dev(1, 0)]),
        vec![("decisions[0].shares[0].monks".to_owned(), "share_above_holding".to_owned())]
    );
    assert_eq!(
        refused(vec![dev(6, 0), dev(0, 0)]),
        vec![("decisions[0].shares[0].development".to_owned(), "share_above_holding".to_owned())]
    );
    // Short of the 6 while the team holds them; more than the 6.
    assert_eq!(
        refused(vec![dev(2, 0), dev(1, 0)]),
        vec![("decisions[0].shares".to_owned(), "shares_short".to_owned())]
    );
    assert_eq!(
        refused(vec![dev(5, 0), dev(2, 0)]),
        vec![("decisions[0].shares".to_owned(), "shares_above_due".to_owned())]
    );
    // Coins are no part of it.
    let coins = orleans::OrleansShare { coins: 1, ..dev(5, 1) };
    assert_eq!(
        refused(vec![coins, dev(0, 0)]),
        vec![("decisions[0].shares[0].coins".to_owned(), "not_in_event".to_owned())]
    );
    assert_eq!(
        close_codes(orleans::close_round(&table, &[share(None, vec![3, 3])], true)),
        vec![
            ("decisions[0].contributions".to_owned(), "coins_not_asked".to_owned()),
            ("decisions[0].shares".to_owned(), "shares_needed".to_owned()),
        ]
    );
    // A marker moved back from a space nobody typed would land on a guess: asked for.
    let untyped =
        t(json!({"name": "Ani", "development_level": 3, "monks": 1}), json!({"name": "Dirk", "monks": 3}));
    assert_eq!(
        close_codes(orleans::close_round(&untyped, &[shares(vec![dev(2, 1), dev(0, 3)])], true)),
        vec![("decisions[0].shares[0].development".to_owned(), "development_space_unknown".to_owned())]
    );
    // « Si vous ne possédez pas suffisamment de points de développement et de jetons Moine, la
    // partie est immédiatement perdue »: what they hold is given, the game is lost.
    let poor = t(
        json!({"name": "Ani", "development_points": 2}),
        json!({"name": "Dirk", "development_points": 1, "monks": 1}),
    );
    let lost = orleans::close_round(&poor, &[shares(vec![dev(2, 0), dev(1, 1)])], true).expect("ok");
    assert!(lost.lines.iter().all(|l| !l.paid));
    assert_eq!(help(lost.table).status.state, orleans::OrleansState::Lost);
}

/// Chasse aux sorcières with one seat holding every point and monk the team has: the split is
/// forced, and that seat pays the cheapest way (points first, then monks), as a seat's own
/// demand is paid when nothing is chosen.
#[test]
fn a_witch_hunt_only_one_seat_can_pay_is_paid_by_that_seat() {
    let table = json!({"variant": "invasion", "round": 16, "players": [
        {"name": "Ani", "development_points": 4, "monks": 3}, {"name": "Dirk"}],
        "deck": {"order": deck_with(16, "chasse_aux_sorcieres")}});
    let split = help(table.clone()).events.remove(0).resolutions.remove(0).split.expect("split");
    assert_eq!(split.forced, Some(vec![dev(4, 2), dev(0, 0)]));
    let closed = orleans::close_round(&table, &[], true).expect("ok");
    assert_eq!(
        (
            closed.table["players"][0]["development_points"].clone(),
            closed.table["players"][0]["monks"].clone()
        ),
        (json!(0), json!(1))
    );
    assert!(closed.lines.iter().all(|l| l.paid));
}

/// Difficulty options belong to their scenario (Le dignitaire: « version facile »; Vierzon and
/// Marchand itinérant: « Pour corser le jeu »). One the scenario does not read is named in the
/// help, on its field; the table still scores, as plays saved with one did before.
#[test]
fn options_the_scenario_does_not_use_are_named_not_ignored() {
    let notices = |t: serde_json::Value| {
        assert!(score_json(GameId::Orleans, &t.to_string()).is_ok(), "an old play still scores");
        help(t).notices.into_iter().map(|p| (p.field, p.code)).collect::<Vec<_>>()
    };
    let duel = json!({"variant": "duel", "round": 2, "options": {"easy": true, "in_order": false},
        "players": [{"name": "Ani"}, {"name": "Dirk"}]});
    assert_eq!(notices(duel), vec![("options.easy".to_owned(), "not_in_scenario".to_owned())]);
    let dignitaire = json!({"variant": "dignitaire", "round": 2, "options": {"easy": true, "one_per_round": true},
        "players": [{"name": "Ani"}]});
    assert_eq!(notices(dignitaire), vec![("options.one_per_round".to_owned(), "not_in_scenario".to_owned())]);
    let vierzon = json!({"variant": "vierzon", "round": 2, "options": {"one_per_round": true, "in_order": true},
        "players": [{"name": "Ani"}]});
    assert_eq!(notices(vierzon), vec![]);
    let invasion = json!({"variant": "invasion", "round": 1, "options": {"in_order": true},
        "players": [{"name": "Ani"}, {"name": "Dirk"}], "deck": {"order": INVASION_DECK_2P}});
    assert_eq!(notices(invasion), vec![("options.in_order".to_owned(), "not_in_scenario".to_owned())]);
}

/// A game already decided has no coming rounds to plan for. Le dignitaire, « Fin de la partie » :
/// « Dès que vous avez récupéré votre 8e jeton Citoyen, vous gagnez ! » So the forecast of the
/// events to come, and its first demand that cannot be met, is left out once the game is decided.
#[test]
fn a_decided_game_has_no_forecast_of_the_coming_events() {
    let playing =
        help(json!({"variant": "dignitaire", "round": 8, "players": [{"name": "Ani", "citizens": 7}]}));
    assert_eq!(playing.status.state, orleans::OrleansState::InProgress);
    assert_eq!(playing.forecast.len(), 1, "one seat's forecast while the game goes on");
    assert_eq!(playing.forecast[0].rounds.first().map(|r| r.round), Some(8));

    let won = help(json!({"variant": "dignitaire", "round": 8, "players": [{"name": "Ani", "citizens": 8}]}));
    assert_eq!(won.status.state, orleans::OrleansState::Won);
    assert_eq!(won.forecast, Vec::new());
}

/// Le duel, Fin de la partie: « Si les deux joueurs complètent tous les objectifs lors de la
/// même manche, vérifiez qui possède le plus de points de victoire en comptant uniquement les
/// Marchandises […] Dans le cas où les deux joueurs n'ont pas complété les 4 objectifs à la fin
/// de la 16e manche, il n'y a pas de vainqueur. » Goods and coins part only two players who
/// finished in the same round: with the same number of objectives and nobody finished (over
/// after round 16, or still under way), they share the rank.
#[test]
fn duel_goods_and_coins_part_only_players_who_finished_the_same_round() {
    let three = json!({"comptabilite": 3, "filiales": 5, "vin_chatellerault": 9});
    for round in [17, 12] {
        let b = score_json(
            GameId::Orleans,
            &json!({"variant": "duel", "round": round, "players": [
                {"name": "Ani", "coins": 3, "goods": {"wine": 2}, "objectives": three},
                {"name": "Dirk", "coins": 9, "goods": {"grain": 1}, "objectives": three}]})
            .to_string(),
        )
        .expect("valid");
        assert!(b.winners().is_empty(), "round {round}: nobody has won");
        assert_eq!(b.players.iter().map(|p| p.rank).collect::<Vec<_>>(), vec![1, 1], "round {round}");
        assert!(b.tie_breaks[0].shared, "round {round}");
        assert!(b.tie_breaks[0].criteria.is_empty(), "round {round}: no tie-break applies");
    }
}

/// A log line's seat a two-player duel lacks is named as the players count seats, from 1
/// (« places 1 à 2 »), as Valencia's and Citadelles' messages do: index 2 is the third seat,
/// not « la place 2 », which is Dirk's.
#[test]
fn a_log_seat_the_table_lacks_is_named_counting_from_one() {
    let v = json!({"variant": "duel", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 2, "event": "moisson", "seat": 2, "paid": false}]});
    let p = orleans::help(&v).expect_err("no third seat");
    let seat = p.0.iter().find(|x| x.field == "log[0].seat").expect("the seat's problem");
    assert_eq!(seat.code, "unknown_seat");
    assert_eq!(seat.message.fr, "Pas de joueur à la place 3 (places 1 à 2).");
    assert_eq!(seat.message.en, "No player in seat 3 (seats 1 to 2).");
}

/// Invasion, Administrateur terrien: « vous devez fournir la réserve générale à la fin de
/// chaque manche […] Si vous ne pouvez pas payer votre dû, l'équipe perd immédiatement la
/// partie. » His personal objective is paying every round's dues: when the round log holds
/// his dues paid for every round closed, it is met without a tick, and a team that met every
/// other goal wins instead of losing at the Invasion for an unticked box.
#[test]
fn the_steward_has_met_his_objective_when_every_rounds_dues_are_logged_paid() {
    let order = json!([
        "soutien",
        "renfort",
        "fuite",
        "don",
        "pelerinage",
        "entrainement",
        "marche_de_la_laine",
        "avancee",
        "rats",
        "famine",
        "appel_de_rome",
        "pirates",
        "bon_voyage",
        "zones_de_peche",
        "peste",
        "invasion"
    ]);
    let table = |round: u8, paid_rounds: &[u8]| {
        let log: Vec<serde_json::Value> = paid_rounds
            .iter()
            .map(|r| json!({"round": r, "event": "administrateur_terrien", "seat": 0, "paid": true}))
            .collect();
        json!({"variant": "invasion", "round": round, "players": [
            {"name": "Ani", "character": "administrateur_terrien", "coins": 3},
            {"name": "Bea", "character": "maire", "coins": 10, "citizens": 2},
            {"name": "Cid", "character": "erudit", "development_level": 6, "trading_posts": 4},
            {"name": "Dan", "character": "marchand", "coins": 50}],
            "team": {"ramparts": 11, "citizens": 9, "treasury": 50,
                "warehouse": {"grain": 12, "cheese": 6, "wine": 6}, "fortifications": 13},
            "deck": {"order": order}, "log": log})
    };
    let rounds = |first: u8, last: u8| (first..=last).collect::<Vec<u8>>();
    let steward = |h: &orleans::OrleansHelp| {
        h.goals.iter().find(|g| g.id == "administrateur_terrien.dus_payes").expect("his goal").done
    };
    // The 16 rounds of a 4-player game are over, every due logged paid: won.
    let over = help(table(17, &rounds(1, 16)));
    assert!(steward(&over));
    assert_eq!(over.status.state, OrleansState::Won);
    let b = score_json(GameId::Orleans, &table(17, &rounds(1, 16)).to_string()).expect("valid");
    assert_eq!(b.outcome, Outcome::Coop { won: true, in_progress: false, round_reached: Some(16) });
    // During round 12, rounds 1 to 11 paid and every other goal met: won now.
    assert_eq!(help(table(12, &rounds(1, 11))).status.state, OrleansState::Won);
    // A closed round without his dues logged: not known to be paid, the box is still to tick.
    let gap = help(table(12, &rounds(2, 11)));
    assert!(!steward(&gap));
    assert_eq!(gap.status.state, OrleansState::InProgress);
    // Round 1: nothing closed, nothing paid yet.
    assert!(!steward(&help(table(1, &[]))));
}

/// Prospérité, Contenu additionnel: « 22 cartes Bâtiment » — the players' completed buildings
/// together are at most the box's 22 cards; more is refused on every owner's field.
#[test]
fn completed_buildings_are_at_most_the_22_building_cards() {
    let t = |a: usize, b: usize| {
        json!({"variant": "prosperite", "round": 17, "players": [
            {"name": "Ani", "buildings": vec![3; a]}, {"name": "Dirk", "buildings": vec![4; b]}]})
    };
    assert_eq!(
        problem_codes(&t(12, 11)),
        vec![
            ("players[0].buildings".to_owned(), "too_many_buildings".to_owned()),
            ("players[1].buildings".to_owned(), "too_many_buildings".to_owned()),
        ]
    );
    let b = score_json(GameId::Orleans, &t(11, 11).to_string()).expect("22 cards");
    assert_eq!((b.players[0].total, b.players[1].total), (Some(33), Some(44)));
}

/// Le dignitaire, Mise en place: six citizens on the towns, « Placez les 7 jetons Citoyen
/// restants sur les autres emplacements […] Il n'y a cependant pas suffisamment de jetons »:
/// 13 in play. Vierzon, Mise en place: « Placez 7 jetons Citoyen sur les emplacements
/// indiqués ». A solo player holds no more than that.
#[test]
fn a_solo_player_holds_no_more_citizens_than_the_scenario_puts_in_play() {
    let t = |variant: &str, citizens: u32| json!({"variant": variant, "round": 5, "players": [{"name": "Ani", "citizens": citizens}]});
    assert_eq!(
        problem_codes(&t("dignitaire", 14)),
        vec![("players[0].citizens".to_owned(), "too_many_citizens".to_owned())]
    );
    let won = score_json(GameId::Orleans, &t("dignitaire", 13).to_string()).expect("13 in play");
    assert_eq!(won.outcome, Outcome::Solo { won: true, in_progress: false, round_reached: 5 });
    assert_eq!(
        problem_codes(&t("vierzon", 8)),
        vec![("players[0].citizens".to_owned(), "too_many_citizens".to_owned())]
    );
    assert!(score_json(GameId::Orleans, &t("vierzon", 7).to_string()).is_ok());
}

/// Le duel, Moisson (manche 11): « Vous devez payer 2 jetons Nourriture » — coins cannot pay
/// food. With 1 grain and 7 coins, the forecast takes nothing at round 11 (the demand fails:
/// food is missing, not coins) instead of emptying the purse and counting the missing food as
/// coins to earn; the coins kept then pay the later demands.
#[test]
fn the_forecast_pays_no_coins_for_food_it_cannot_hand_in() {
    let h = help(json!({"variant": "duel", "round": 11, "players": [
        {"name": "Ani", "coins": 7, "goods": {"grain": 1}}, {"name": "Dirk", "coins": 9, "goods": {"grain": 2}}]}));
    let ani = &h.forecast[0];
    let r11 = &ani.rounds[0];
    assert_eq!((r11.round, r11.coins_paid, r11.coins_after), (11, 0, 7));
    assert_eq!(r11.status, OrleansResolutionStatus::Partial);
    assert_eq!(ani.first_failure, Some(11));
    // 13: goods tax, 1 coin for the grain kept (6 left); 14: 7 VP, the grain and 6 coins;
    // 15: 4 VP with nothing left: 4 coins short, the only coins to earn.
    assert_eq!(ani.rounds.iter().map(|r| r.coins_after).collect::<Vec<_>>(), [7, 7, 6, 0, 0, 0]);
    assert_eq!(ani.coins_short, 4);
}

/// Le dignitaire, Taxe technologique (manche 8): « Vous devez payer 2 pièces pour chaque jeton
/// Technologie […] Chaque jeton qui ne peut pas être payé doit être retiré ». With 3 tiles and 2
/// coins, one tile is paid and two are removed: the coins still to earn so that none is removed
/// are 4, not the 2 tiles.
#[test]
fn the_forecast_counts_the_coins_a_removed_technology_tile_lacked() {
    let h = help(json!({"variant": "dignitaire", "round": 8,
        "players": [{"name": "Ani", "coins": 2, "technology": 3}]}));
    assert_eq!(h.events[0].resolutions[0].shortfall, 2, "the help still says 2 tiles are removed");
    let f = &h.forecast[0];
    assert_eq!((f.rounds[0].round, f.rounds[0].coins_paid, f.rounds[0].coins_after), (8, 2, 0));
    assert_eq!(f.first_failure, Some(8));
    // Round 10's income (level 1) brings 1, paid at round 11 (10 due: 9 short); round 16 asks
    // 15 of nothing: 4 + 9 + 15.
    assert_eq!(f.coins_short, 28);
}

/// Invasion, Pêcheur: « vous devez avoir avancé votre marqueur sur la dernière case de la piste
/// des bateliers ». The sheet holds the seat's boatmen track (0–5, the one Zones de pêche
/// reads): on its last space the condition is met without a tick; below it, a tick still
/// counts (the track may not have been typed).
#[test]
fn the_fisherman_on_the_last_boatmen_space_has_met_that_condition() {
    let seat = |track: Option<u32>, ticked: bool| {
        let mut p = json!({"name": "Ani", "character": "pecheur", "monks": 4, "goods": {"wool": 2}});
        if let Some(t) = track {
            p["boatmen_track"] = json!(t);
        }
        if ticked {
            p["objectives"] = json!({"bateliers_fin": 3});
        }
        let h = help(
            json!({"variant": "invasion", "round": 5, "players": [p, {"name": "Dirk", "character": "maire"}]}),
        );
        let g = h.goals.iter().find(|g| g.id == "pecheur.bateliers_fin").expect("his goal").clone();
        (g.current, g.target, g.ready, g.done)
    };
    assert_eq!(seat(Some(5), false), (5, 5, true, true));
    assert_eq!(seat(Some(3), false), (3, 5, false, false));
    assert_eq!(seat(None, true), (0, 5, false, true), "a tick still counts");
}

/// Invasion, Mise en place: the hourglass tiles are drawn face down and revealed one a round,
/// so the live help forecasts no coming round for Invasion; its rule entry must not promise one
/// (it said both « Greffier ne prévoit donc pas les manches à venir » and « les manches à venir
/// sont prévues »).
#[test]
fn the_invasion_entry_promises_no_forecast_the_help_does_not_give() {
    let h = help(json!({"variant": "invasion", "round": 2, "players": [{"name": "Ani"}, {"name": "Dirk"}]}));
    assert!(h.forecast.is_empty());
    let c = Catalogue::load().expect("entries");
    let e = c.get("orleans.variant.invasion").expect("entry");
    assert!(!e.body.fr.contains("sont prévues"), "{}", e.body.fr);
    assert!(!e.body.en.contains("are forecast"), "{}", e.body.en);
}

/// Invasion, Convocation: « Renvoyez tous les pions Marchand à Orléans. Votre marchand peut
/// refuser la convocation et rester sur place en payant 5 pièces. » A merchant already in
/// Orléans has nowhere to stay away from: nothing to pay, no offer of 5 coins.
#[test]
fn the_summons_offers_nothing_to_a_merchant_already_in_orleans() {
    let h = help(json!({"variant": "invasion", "round": 10,
        "players": [{"name": "Ani", "coins": 7, "in_orleans": true}, {"name": "Dirk", "coins": 7}],
        "deck": {"order": ["reunion_du_conseil", "demolition", "don", "secheresse", "tremblement_de_terre",
            "fuite", "bonne_affaire", "vents_favorables", "bandits", "convocation"]}}));
    let res = &h.events[0].resolutions;
    assert_eq!(h.events[0].event.id, "convocation");
    assert_eq!((res[0].status, res[0].options.len()), (OrleansResolutionStatus::NoEffect, 0));
    assert_eq!((res[1].status, res[1].options.len()), (OrleansResolutionStatus::Offer, 1));
    assert_eq!(res[1].options[0].coins, 5);
}

/// Marchand itinérant and Vierzon, harder steps: « Vous pouvez toujours compléter un objectif à
/// n'importe quel moment, mais uniquement un par manche. » With more objectives left than
/// rounds to play, they can no longer all be met: the game is lost at the end of the round
/// after which too few rounds were left, not shown as under way until the last round.
#[test]
fn one_objective_a_round_loses_once_too_few_rounds_are_left() {
    let marchand = |round: u8, one_per_round: bool| {
        score_json(
            GameId::Orleans,
            &json!({"variant": "marchand", "round": round, "options": {"one_per_round": one_per_round},
                "players": [{"name": "Ani", "coins": 10,
                    "objectives": {"laines_bourges": 2, "lot_chartres": 3}}]})
            .to_string(),
        )
        .expect("valid")
        .outcome
    };
    // Round 13 of 15: three deliveries left, rounds 13, 14 and 15 to make them.
    assert_eq!(
        help(json!({"variant": "marchand", "round": 13, "options": {"one_per_round": true},
        "players": [{"name": "Ani", "objectives": {"laines_bourges": 2, "lot_chartres": 3}}]}))
        .status
        .state,
        OrleansState::InProgress
    );
    // Round 14: three left for two rounds: lost when round 13 ended.
    assert_eq!(marchand(14, true), Outcome::Solo { won: false, in_progress: false, round_reached: 13 });
    let h = help(json!({"variant": "marchand", "round": 14, "options": {"one_per_round": true},
        "players": [{"name": "Ani", "objectives": {"laines_bourges": 2, "lot_chartres": 3}}]}));
    assert_eq!((h.status.state, h.status.round), (OrleansState::Lost, 13));
    // Without the harder step, several deliveries may be made in one round.
    assert_eq!(
        help(json!({"variant": "marchand", "round": 14,
        "players": [{"name": "Ani", "objectives": {"laines_bourges": 2, "lot_chartres": 3}}]}))
        .status
        .state,
        OrleansState::InProgress
    );
    // Vierzon in order, round 12 of 14 with only the builder hired (round 8): four left for
    // three rounds, lost when round 11 ended.
    let v = help(json!({"variant": "vierzon", "round": 12, "options": {"in_order": true},
        "players": [{"name": "Ani", "objectives": {"batisseur": 8}}]}));
    assert_eq!((v.status.state, v.status.round), (OrleansState::Lost, 11));
}

/// Invasion, Mise en place: « Pour une partie à 3 joueurs, placez un comptoir d'une couleur non
/// utilisée dans les villes suivantes […] : La Châtre, Briare, Tours. Ces comptoirs représentent
/// des fortifications. Pour une partie à 2 joueurs, procédez comme pour une partie à 3 joueurs et
/// ajoutez des fortifications à Étampes, Montargis, S.-Amond-Montrand, Chinon. » Of the 13 border
/// towns, the team can fortify only those left: 6 at 2 players, 10 at 3, 13 from 4.
#[test]
fn the_team_fortifies_only_the_border_towns_the_setup_left_free() {
    let table = |players: usize, fortifications: u32| {
        let seats: Vec<_> = (0..players).map(|i| json!({"name": format!("P{i}")})).collect();
        json!({"variant": "invasion", "round": 3, "players": seats, "team": {"fortifications": fortifications}})
    };
    let codes = |t: serde_json::Value| -> Vec<(String, String)> {
        match orleans::help(&t) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|x| (x.field.clone(), x.code.clone())).collect(),
        }
    };
    let too_many = vec![("team.fortifications".to_owned(), "too_many_fortifications".to_owned())];
    for (players, free) in [(2, 6), (3, 10), (4, 13)] {
        assert_eq!(codes(table(players, free)), Vec::new(), "{players} players, {free} fortifications");
        let goal =
            help(table(players, free)).goals.into_iter().find(|g| g.id == "fortifications").expect("goal");
        assert_eq!((goal.current, goal.target, goal.done), (13, 13, true), "{players} players");
    }
    assert_eq!(codes(table(2, 7)), too_many);
    assert_eq!(codes(table(3, 11)), too_many);
}

/// Invasion, Convocation: « Renvoyez tous les pions Marchand à Orléans. Votre marchand peut
/// refuser la convocation et rester sur place en payant 5 pièces. » Closing the round puts every
/// merchant whose player did not pay in Orléans on the sheet; one who paid stays where it was.
#[test]
fn closing_convocation_sends_every_merchant_not_paid_for_to_orleans() {
    let t = json!({"variant": "invasion", "round": 10, "players": [
        {"name": "Ani", "coins": 6}, {"name": "Dirk", "coins": 2}],
        "deck": {"order": deck_with(10, "convocation")}});
    let rs = help(t.clone()).events.remove(0).resolutions;
    assert_eq!(rs[0].options.iter().map(|o| o.coins).collect::<Vec<_>>(), vec![5]);
    assert!(rs[1].options.is_empty(), "Dirk cannot pay 5");
    let stay = orleans::OrleansDecision { option: Some(0), ..Default::default() };
    let after = team_after(&t, &[stay, orleans::OrleansDecision::default()]);
    assert_eq!(after["players"][0]["coins"], json!(1));
    assert_eq!(after["players"][0].get("in_orleans"), None, "Ani paid: her merchant stays");
    assert_eq!(after["players"][1]["in_orleans"], json!(true));

    let nobody_pays = team_after(&t, &[]);
    assert_eq!(nobody_pays["players"][0]["in_orleans"], json!(true));
    assert_eq!(nobody_pays["players"][0]["coins"], json!(6));
}

/// What a scenario's setup leaves in the box cannot be on a seat. Marchand itinérant, Mise en
/// place: « Rangez les tuiles Sablier, les comptoirs ainsi que les jetons Citoyen. Vous n'en
/// aurez pas besoin. » Le dignitaire, Mise en place: « Remettez les tuiles Sablier du jeu de
/// base et les jetons Marchandise dans la boîte. » Invasion alone brings the « Bâtiment spécial »
/// tokens a seat fortifies. Each is refused on its field, like a Dépôt outside Prospérité; the
/// limits name them so the sheet offers no stepper for them.
#[test]
fn a_seat_cannot_hold_what_its_scenario_leaves_in_the_box() {
    let marchand = json!({"variant": "marchand", "round": 2, "players": [
        {"name": "Ani", "coins": 8, "citizens": 1, "trading_posts": 2}]});
    assert_eq!(
        problem_codes(&marchand),
        vec![
            ("players[0].trading_posts".to_owned(), "not_in_scenario".to_owned()),
            ("players[0].citizens".to_owned(), "not_in_scenario".to_owned()),
        ]
    );
    let dignitaire = json!({"variant": "dignitaire", "round": 2, "players": [
        {"name": "Ani", "goods": {"grain": 1, "wool": 2, "cheese": 0}}]});
    assert_eq!(
        problem_codes(&dignitaire),
        vec![
            ("players[0].goods.grain".to_owned(), "not_in_scenario".to_owned()),
            ("players[0].goods.wool".to_owned(), "not_in_scenario".to_owned()),
        ]
    );
    let duel = json!({"variant": "duel", "round": 2, "players": [
        {"name": "Ani", "fortifications": 1}, {"name": "Dirk"}]});
    assert_eq!(
        problem_codes(&duel),
        vec![("players[0].fortifications".to_owned(), "not_in_scenario".to_owned())]
    );
    // Zero is what the sheet sends for a count left alone: never refused.
    let zeros = json!({"variant": "marchand", "round": 2, "players": [
        {"name": "Ani", "citizens": 0, "trading_posts": 0, "fortifications": 0, "goods": {"grain": 1}}]});
    assert!(score_json(GameId::Orleans, &zeros.to_string()).is_ok());
    // (A seat's fortification is one the city board shows.)
    let invasion = json!({"variant": "invasion", "round": 2, "players": [
        {"name": "Ani", "fortifications": 1, "citizens": 1, "goods": {"grain": 1}}, {"name": "Dirk"}],
        "team": {"fortifications": 1}});
    assert!(score_json(GameId::Orleans, &invasion.to_string()).is_ok());
    // The limits the sheet reads say the same, scenario by scenario.
    let limits = orleans::limits();
    let of =
        |s: OrleansScenario| limits.not_in_play.iter().find(|n| n.scenario == s).expect("every scenario");
    assert_eq!(
        of(OrleansScenario::Marchand).counts,
        ["trading_posts", "citizens", "fortifications", "books"]
    );
    assert!(!of(OrleansScenario::Marchand).goods);
    assert_eq!(of(OrleansScenario::Dignitaire).counts, ["fortifications", "books"]);
    assert!(of(OrleansScenario::Dignitaire).goods);
    assert_eq!(of(OrleansScenario::Invasion).counts, Vec::<&str>::new());
    for s in [OrleansScenario::Prosperite, OrleansScenario::Duel, OrleansScenario::Vierzon] {
        assert_eq!(
            (of(s).counts.as_slice(), of(s).goods),
            (["fortifications", "books"].as_slice(), false),
            "{s:?}"
        );
    }
}

/// Completed buildings belong to Prospérité alone: « chacun prend un marqueur neutre, sous lequel
/// seront placés les bâtiments complétés » (Prospérité, Mise en place), and its scoring adds
/// « les points de victoire de vos bâtiments entièrement complétés ». The books and the dues are
/// the Administrateur terrien's card (Invasion, Personnages: « vous devez fournir la réserve
/// générale à la fin de chaque manche », « le nombre de livres figurant sur la carte »), a
/// character of Invasion only, and his alone. Each is refused on its field elsewhere, and the
/// limits name them so the sheet offers nothing to type them.
#[test]
fn buildings_books_and_dues_are_refused_outside_their_scenario() {
    for variant in ["invasion", "duel", "vierzon"] {
        let t = json!({"variant": variant, "round": 2, "players": [
            {"name": "Ani", "buildings": [{"points": 4, "name": "Moulin"}]}, {"name": "Dirk"}]});
        let t = if variant == "vierzon" {
            json!({"variant": variant, "round": 2, "players": [{"name": "Ani", "buildings": [4]}]})
        } else {
            t
        };
        assert_eq!(
            problem_codes(&t),
            vec![("players[0].buildings".to_owned(), "not_in_scenario".to_owned())],
            "{variant}"
        );
    }
    let prosperite = json!({"variant": "prosperite", "round": 2, "players": [
        {"name": "Ani", "books": 2, "dues": [2, 3], "buildings": [4]}, {"name": "Dirk"}]});
    assert_eq!(
        problem_codes(&prosperite),
        vec![
            ("players[0].books".to_owned(), "not_in_scenario".to_owned()),
            ("players[0].dues".to_owned(), "not_in_scenario".to_owned()),
        ]
    );
    // In Invasion they are the Administrateur terrien's alone.
    let invasion = json!({"variant": "invasion", "round": 2, "players": [
        {"name": "Ani", "character": "general", "books": 2, "dues": [2]},
        {"name": "Dirk", "character": "administrateur_terrien", "books": 3, "dues": [2]}]});
    assert_eq!(
        problem_codes(&invasion),
        vec![
            ("players[0].books".to_owned(), "not_administrator".to_owned()),
            ("players[0].dues".to_owned(), "not_administrator".to_owned()),
        ]
    );
    // Empty is what the sheet sends: never refused.
    let empty = json!({"variant": "duel", "round": 2, "players": [
        {"name": "Ani", "books": 0, "dues": [], "buildings": []}, {"name": "Dirk"}]});
    assert!(score_json(GameId::Orleans, &empty.to_string()).is_ok());
    let limits = orleans::limits();
    let of =
        |s: OrleansScenario| limits.not_in_play.iter().find(|n| n.scenario == s).expect("every scenario");
    assert_eq!(of(OrleansScenario::Prosperite).counts, ["fortifications", "books"]);
    assert_eq!(of(OrleansScenario::Prosperite).fields, ["dues"]);
    assert_eq!(of(OrleansScenario::Invasion).counts, Vec::<&str>::new());
    assert_eq!(of(OrleansScenario::Invasion).fields, ["buildings", "depot"]);
    for s in [
        OrleansScenario::Duel,
        OrleansScenario::Dignitaire,
        OrleansScenario::Vierzon,
        OrleansScenario::Marchand,
    ] {
        assert!(of(s).counts.contains(&"books"), "{s:?}");
        assert_eq!(of(s).fields, ["buildings", "depot", "dues"], "{s:?}");
    }
}

/// Vierzon, la capitale, Mise en place: « Placez ensuite un jeton Marchandise face visible sur
/// chaque route et voie navigable menant à Orléans, Blois, […] (ne placez aucun jeton sur les
/// emplacements marqués d'un « 3 » ou d'un « 4 ») » and « Rangez le plateau des Actes de
/// bienfaisance du jeu de base ainsi que les tuiles Sablier. Vous n'en aurez pas besoin. » The
/// checklist says both, as the other scenarios' do.
#[test]
fn the_vierzon_checklist_leaves_the_base_deeds_the_hourglass_and_the_3_4_spaces_out() {
    use greffier::games::orleans::{OrleansScenario, setup_steps};
    let steps = setup_steps(OrleansScenario::Vierzon, 1).expect("solo");
    let fr: Vec<&str> = steps.iter().map(|s| s.text.fr.as_str()).collect();
    let en: Vec<&str> = steps.iter().map(|s| s.text.en.as_str()).collect();
    assert!(
        fr.iter()
            .any(|s| s.contains("Bourges et Sancerre")
                && s.contains("«\u{202f}3\u{202f}» ou «\u{202f}4\u{202f}»")),
        "{fr:?}"
    );
    assert!(
        en.iter().any(|s| s.contains("Vierzon, Bourges and Sancerre") && s.contains("“3” or “4”")),
        "{en:?}"
    );
    assert!(fr.iter().any(|s| s.contains("tuiles Sablier ni d’actes de base")), "{fr:?}");
    assert!(en.iter().any(|s| s.contains("hourglass tiles or base deeds")), "{en:?}");
}

/// Prospérité from round 5 (QA, 3 players): the forecast's coins to pay are what the events
/// demand, not only what the seat can pay; the poorer seat's lack is told beside it
/// (`coins_short`), not taken off the demand (it showed −2). With 17 coins and no food: Émeutes
/// 5, Moisson 5 (no food), Taxe de développement 1 = 11. With 2 coins: Émeutes 5 (2 paid, 3
/// short) and the tax 1 (short) = 6; its Moisson asks the food it lacks, counted in food, not
/// again in coins.
#[test]
fn the_forecast_tells_the_coins_demanded_not_only_what_can_be_paid() {
    let h = help(json!({"variant": "prosperite", "round": 5, "players": [
        {"name": "Ani", "coins": 17}, {"name": "Dirk", "coins": 2}, {"name": "Lilli", "coins": 2}]}));
    let (ani, dirk) = (&h.forecast[0], &h.forecast[1]);
    assert_eq!((ani.coins_needed, ani.coins_demanded, ani.coins_short), (11, 11, 0));
    assert_eq!((dirk.coins_needed, dirk.coins_demanded, dirk.coins_short), (2, 6, 4));
    assert_eq!((ani.food_needed, dirk.food_needed), (0, 1));
}

/// Invasion, Fin de la partie: « Si vous avez réussi tous les objectifs […] vous avez réussi à
/// repousser l'invasion et à gagner le jeu ! […] l'invasion survient et vous avez tous perdu. »
/// The team wins or loses together: the scoreboard ranks nobody against anybody (every seat
/// first) and tells no tie broken or shared (QA: « Place partagée » under a co-op game).
#[test]
fn the_invasion_scoreboard_ranks_nobody_against_the_others() {
    let raw = json!({"variant": "invasion", "round": 3, "players": [
        {"name": "Ani", "character": "maire", "coins": 12}, {"name": "Dirk", "character": "pecheur"},
        {"name": "Lilli", "character": "general", "coins": 1}]});
    let board = score_json(GameId::Orleans, &raw.to_string()).expect("valid");
    assert_eq!(board.outcome, Outcome::Coop { won: false, in_progress: true, round_reached: Some(3) });
    assert_eq!(board.players.iter().map(|p| p.rank).collect::<Vec<_>>(), [1, 1, 1]);
    assert_eq!(board.tie_breaks, Vec::new());
    assert!(board.players.iter().all(|p| !p.winner));
}

/// The fields and codes the scorer refuses a table on.
fn refusals(v: serde_json::Value) -> Vec<(String, String)> {
    match score_json(GameId::Orleans, &v.to_string()) {
        Ok(_) => Vec::new(),
        Err(p) => p.iter().map(|x| (x.field.clone(), x.code.clone())).collect(),
    }
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(f, c)| ((*f).to_owned(), (*c).to_owned())).collect()
}

/// Le duel, Mise en place: « ainsi que 8 jetons Technologie »; Le dignitaire: « Placez
/// également 6 jetons Technologie »; Vierzon: « Placez également 4 jetons Technologie »;
/// Marchand itinérant: « Placez 8 jetons Technologie » — the table holds no more, every
/// holder's field named (60 were accepted in every scenario).
#[test]
fn technology_tiles_are_those_the_scenarios_setup_places() {
    let duel = |a: u32, b: u32| json!({"variant": "duel", "round": 3, "players": [{"name": "Ani", "technology": a}, {"name": "Dirk", "technology": b}]});
    assert_eq!(refusals(duel(4, 4)), pairs(&[]));
    assert_eq!(
        refusals(duel(5, 4)),
        pairs(&[
            ("players[0].technology", "too_many_technology"),
            ("players[1].technology", "too_many_technology")
        ])
    );
    let solo = |variant: &str, n: u32| json!({"variant": variant, "round": 3, "players": [{"name": "Ani", "technology": n}]});
    for (variant, most) in [("dignitaire", 6), ("vierzon", 4), ("marchand", 8)] {
        assert_eq!(refusals(solo(variant, most)), pairs(&[]), "{variant}");
        assert_eq!(
            refusals(solo(variant, most + 1)),
            pairs(&[("players[0].technology", "too_many_technology")]),
            "{variant}"
        );
    }
}

/// Each scenario's place tiles: Prospérité and Invasion « Utilisez uniquement les tuiles Lieu
/// suivantes » (24 and 21 named), Le duel « Choisissez 20 tuiles Lieu », the solo scenarios 10
/// and the one they start with (Diligence, Étal de marché).
#[test]
fn place_tiles_are_those_the_scenarios_setup_puts_in_play() {
    let two = |variant: &str, a: u32, b: u32| json!({"variant": variant, "round": 3, "players": [{"name": "Ani", "place_tiles": a}, {"name": "Dirk", "place_tiles": b}]});
    for (variant, most) in [("prosperite", 24), ("duel", 20)] {
        assert_eq!(refusals(two(variant, most - 5, 5)), pairs(&[]), "{variant}");
        assert_eq!(refusals(two(variant, most - 4, 5)).len(), 2, "{variant}");
    }
    let solo = |variant: &str, n: u32| json!({"variant": variant, "round": 3, "players": [{"name": "Ani", "place_tiles": n}]});
    for variant in ["dignitaire", "vierzon", "marchand"] {
        assert_eq!(refusals(solo(variant, 11)), pairs(&[]), "{variant}");
        assert_eq!(refusals(solo(variant, 12)), pairs(&[("players[0].place_tiles", "too_many_place_tiles")]));
    }
}

/// The box's goods (24 grain, 21 cheese, 18 wine, 15 wool, 12 brocade) and Vierzon's « Vous
/// n'avez besoin que de 40 jetons Marchandise »: the seats and Invasion's warehouse together
/// hold no more; the box's 16 citizens (14 and « 2 jetons Citoyen supplémentaires ») likewise.
#[test]
fn goods_and_citizens_are_bounded_by_the_box() {
    let order = greffier::games::orleans::build_deck(
        &orleans::OrleansDeckPlan { players: 2, ..Default::default() },
        1,
    )
    .expect("deck")
    .order;
    let invasion = |seat: u32, warehouse: u32| {
        json!({"variant": "invasion", "round": 3, "deck": {"order": order},
            "players": [{"name": "Ani", "goods": {"grain": seat}}, {"name": "Dirk"}],
            "team": {"warehouse": {"grain": warehouse}}})
    };
    assert_eq!(refusals(invasion(12, 12)), pairs(&[]));
    assert_eq!(
        refusals(invasion(13, 12)),
        pairs(&[("players[0].goods.grain", "too_many_goods"), ("team.warehouse.grain", "too_many_goods")])
    );
    let vierzon = |wool: u32, brocade: u32, grain: u32| json!({"variant": "vierzon", "round": 3, "players": [{"name": "Ani", "goods": {"wool": wool, "brocade": brocade, "grain": grain}}]});
    assert_eq!(refusals(vierzon(15, 12, 13)), pairs(&[]));
    assert_eq!(refusals(vierzon(15, 12, 14)), pairs(&[("players[0].goods", "too_many_goods")]));
    let prosperite = |a: u32, b: u32| json!({"variant": "prosperite", "round": 3, "players": [{"name": "Ani", "citizens": a}, {"name": "Dirk", "citizens": b}]});
    assert_eq!(refusals(prosperite(10, 6)), pairs(&[]));
    assert_eq!(refusals(prosperite(10, 7)).len(), 2);
}

/// Invasion, Objectifs communs: « placez un comptoir sur le jeton « Bâtiment spécial » » — a
/// fortification a player built is one the city board shows; Braquage (« détruire une
/// fortification qu'il a construite ») then offers only those that are there.
#[test]
fn a_seat_holds_no_fortification_the_city_board_does_not_show() {
    let table = |seat: u32, team: u32| {
        json!({"variant": "invasion", "round": 3, "players": [{"name": "Ani", "fortifications": seat}, {"name": "Dirk"}],
            "team": {"fortifications": team}})
    };
    assert_eq!(refusals(table(2, 2)), pairs(&[]));
    assert_eq!(refusals(table(2, 1)), pairs(&[("players[0].fortifications", "fortification_not_on_board")]));
}

/// Invasion, Avancée: « bâtir une fortification ou un comptoir à l'emplacement de son
/// marchand » — a fortification stands on a border town's special-building token: with every
/// town the setup left free fortified (13 at 4 players), only the trading post is offered; and
/// closing a round never writes a table the box cannot hold (Bonne affaire's 3 grain when the
/// seats and the warehouse hold the box's 24 already).
#[test]
fn avancee_offers_no_fortification_once_every_border_town_is_fortified() {
    let mut order = orleans::build_deck(&orleans::OrleansDeckPlan { players: 4, ..Default::default() }, 5)
        .expect("deck")
        .order;
    order.retain(|t| t != "avancee");
    order.insert(0, "avancee".into());
    let table = |fortified: u32| {
        json!({"variant": "invasion", "round": 1, "deck": {"order": order},
            "players": [{"name": "Ani", "coins": 9}, {"name": "Dirk"}, {"name": "Carl"}, {"name": "Lise"}],
            "team": {"fortifications": fortified}})
    };
    let gains = |fortified: u32| {
        help(table(fortified)).events[0].resolutions[0]
            .options
            .iter()
            .map(|o| (o.gained.fortifications, o.gained.trading_posts))
            .collect::<Vec<_>>()
    };
    assert_eq!(gains(12), [(1, 0), (0, 1)]);
    assert_eq!(gains(13), [(0, 1)]);
    let r = &help(table(13)).events[0].resolutions[0];
    assert_eq!(r.coins_after_each, [5], "one way, one balance");

    let mut bargain = orleans::build_deck(&orleans::OrleansDeckPlan { players: 2, ..Default::default() }, 5)
        .expect("deck")
        .order;
    bargain.retain(|t| t != "bonne_affaire");
    bargain.insert(0, "bonne_affaire".into());
    let full = json!({"variant": "invasion", "round": 1, "deck": {"order": bargain},
        "players": [{"name": "Ani", "coins": 9, "goods": {"grain": 20}}, {"name": "Dirk"}],
        "team": {"warehouse": {"grain": 4}}});
    let take = orleans::OrleansDecision { option: Some(0), contributions: Some(vec![8]), shares: None };
    let refused = orleans::close_round(&full, &[take], true).expect_err("27 grain");
    assert_eq!(refused.0[0].code, "too_many_goods");
}

/// Invasion: « Les joueurs font équipe pour sauver la ville ». An event that asks nothing of a seat
/// in particular — Bandits: « Les déplacements le long des routes ne sont pas autorisés durant
/// cette manche » — is the team's: shown and logged once, not once per player. In the other
/// scenarios a seat's rule stays the seat's.
#[test]
fn an_invasion_rule_for_the_whole_team_is_shown_and_logged_once() {
    let mut order = orleans::build_deck(&orleans::OrleansDeckPlan { players: 3, ..Default::default() }, 8)
        .expect("deck")
        .order;
    order.retain(|t| t != "bandits");
    order.insert(0, "bandits".into());
    let table = json!({"variant": "invasion", "round": 1, "deck": {"order": order},
        "players": [{"name": "Ani"}, {"name": "Dirk"}, {"name": "Carl"}]});
    let rs = &help(table.clone()).events[0].resolutions;
    assert_eq!(rs.iter().map(|r| (r.event.as_str(), r.seat)).collect::<Vec<_>>(), [("bandits", None)]);
    let closed = orleans::close_round(&table, &[], true).expect("closed");
    assert_eq!(closed.lines.len(), 1);
    assert_eq!((closed.lines[0].seat, closed.lines[0].paid), (None, true));
    // Prospérité, round 3 (Pèlerinage, a seat's rule): one line per seat still.
    let p =
        help(json!({"variant": "prosperite", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}]}));
    assert_eq!(p.events[0].resolutions.len(), 2);
}
