//! Unit tests of validation details; the rules themselves are tested through the public API in
//! `tests/it/citadelles.rs`.

use serde_json::json;

use super::*;

fn codes(raw: serde_json::Value) -> Vec<(String, String)> {
    match validate(&parse(&raw).expect("shape")) {
        Ok(_) => Vec::new(),
        Err(p) => p.iter().map(|p| (p.field.clone(), p.code.clone())).collect(),
    }
}

#[test]
fn a_legacy_sheet_is_recognised_by_its_points() {
    assert!(sheet::is_generic(&json!({"players": [{"name": "Ani", "points": {"districts": 3}}]})));
    assert!(!sheet::is_generic(&json!({"players": [{"name": "Ani", "districts": ["temple"]}]})));
    assert!(!sheet::is_generic(&json!([1, 2])));
}

#[test]
fn counts_and_custom_wonders_report_type_and_range_on_their_field() {
    let got = codes(json!({"players": [
        {"name": "Ani", "gold": -1, "cards_in_hand": 2.5, "museum_cards": "x",
         "custom_wonders": [{"name": "", "cost": 21, "extra_points": 100, "colour": "purple"}]},
        {"name": "Dirk", "gold": null}]}));
    assert_eq!(
        got,
        vec![
            ("players[0].custom_wonders[0].colour".to_owned(), "unknown_field".to_owned()),
            ("players[0].custom_wonders[0].name".to_owned(), "empty_name".to_owned()),
            ("players[0].custom_wonders[0].cost".to_owned(), "out_of_range".to_owned()),
            ("players[0].custom_wonders[0].extra_points".to_owned(), "out_of_range".to_owned()),
            ("players[0].gold".to_owned(), "out_of_range".to_owned()),
            ("players[0].cards_in_hand".to_owned(), "not_an_integer".to_owned()),
            ("players[0].museum_cards".to_owned(), "not_an_integer".to_owned()),
        ]
    );
}

#[test]
fn an_unknown_variant_still_checks_the_players_against_both_catalogues() {
    let got = codes(json!({"variant": "3e", "players": [
        {"name": "Ani", "districts": ["statue", "university", "nowhere"]}]}));
    assert_eq!(
        got,
        vec![
            ("variant".to_owned(), "unknown_variant".to_owned()),
            ("players".to_owned(), "player_count".to_owned()),
            ("players[0].districts[2]".to_owned(), "unknown_district".to_owned()),
            ("crown".to_owned(), "missing".to_owned()),
        ]
    );
}

#[test]
fn a_city_with_unknown_districts_is_not_checked_against_the_completion_order() {
    // Ani's count is unreliable (one id unknown): no cascade of completion problems.
    let got = codes(json!({"players": [
        {"name": "Ani", "districts": ["temple", "church", "monastery", "cathedral", "manor", "castle", "oops"]},
        {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}],
        "completion_order": [0]}));
    assert_eq!(got, vec![("players[0].districts[6]".to_owned(), "unknown_district".to_owned())]);
}
