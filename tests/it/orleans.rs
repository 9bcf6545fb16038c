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
        Some(TableHelp::Orleans(h)) => {
            assert_eq!(h.rounds, 15);
            assert_eq!(h.events[0].resolutions[0].options[0].coins, 2);
        }
        other => panic!("no Orléans help: {other:?}"),
    }
}

#[test]
fn solo_and_coop_outcomes_come_from_the_table() {
    let won = score_json(
        GameId::Orleans,
        r#"{"variant":"dignitaire","round":12,"players":[{"name":"Ani","citizens":8}]}"#,
    )
    .expect("valid");
    assert_eq!(won.outcome, Outcome::Solo { won: true, round_reached: 12 });
    assert_eq!(won.winners(), vec![0]);

    let lost = score_json(
        GameId::Orleans,
        r#"{"variant":"invasion","round":10,"players":[{"name":"Ani"},{"name":"Dirk"}],
            "log":[{"round":9,"event":"voyage","seat":1,"paid":false}]}"#,
    )
    .expect("valid");
    assert_eq!(lost.outcome, Outcome::Coop { won: false, round_reached: Some(9) });
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
        r#"{"variant":"prosperite","players":[{"name":"Ani","points":{"coins":10,"depot":5}},{"name":"Dirk","points":{"goods":12}}]}"#,
    )
    .expect("v1 sheet");
    assert_eq!(board.players[0].total, 15);
    assert!(
        orleans::help(&json!({"variant": "prosperite", "players": [{"name": "Ani", "points": {}}]})).is_err()
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
