//! Unit tests of validation details; the rules themselves are tested through the public API in
//! `tests/it/splendor.rs`.

use serde_json::json;

use super::*;

fn codes(raw: serde_json::Value) -> Vec<(String, String)> {
    match validate(&parse(&raw).expect("shape")) {
        Ok(_) => Vec::new(),
        Err(p) => p.iter().map(|p| (p.field.clone(), p.code.clone())).collect(),
    }
}

/// A generic sheet says so; a table is never taken for one because of a stray key (issue:
/// a stray `"points": {}` on one player made every real field ignored). A state stored before
/// the marker existed gets it by its old shape.
#[test]
fn a_generic_sheet_is_named_never_guessed_from_a_key() {
    assert!(sheet::is_generic(
        &json!({"sheet": "generic", "players": [{"name": "Ani", "points": {"cards": 3}}]})
    ));
    assert!(!sheet::is_generic(&json!({"players": [{"name": "Ani", "points": {"cards": 3}}]})));
    assert!(!sheet::is_generic(&json!({"players": [{"name": "Ani", "card_prestige": 3}]})));
    assert!(!sheet::is_generic(&json!([1, 2])));
    // A table with a stray `points` on one player is a table: the stray key is refused.
    let stray = json!({"players": [{"name": "Ani", "card_prestige": 3, "points": {}}, {"name": "Dirk"}]});
    assert!(codes(stray).contains(&("players[0].points".to_owned(), "unknown_field".to_owned())));
    let mut legacy = json!({"players": [{"name": "Ani", "points": {"cards": 3}}]});
    assert!(sheet::mark_legacy(crate::games::GameId::Splendor, &mut legacy));
    assert!(sheet::is_generic(&legacy));
}

#[test]
fn counts_report_type_and_range_on_their_field() {
    let got = codes(json!({"variant": "strongholds", "players": [
        {"name": "Ani", "bonuses": {"red": -1, "blue": 2.5, "gold": 1}, "card_prestige": "x"},
        {"name": "Dirk", "nobles": null, "development_cards": null}]}));
    assert_eq!(
        got,
        vec![
            ("players[0].bonuses.blue".to_owned(), "not_an_integer".to_owned()),
            ("players[0].bonuses.gold".to_owned(), "unknown_colour".to_owned()),
            ("players[0].bonuses.red".to_owned(), "out_of_range".to_owned()),
            ("players[0].card_prestige".to_owned(), "not_an_integer".to_owned()),
        ]
    );
}

#[test]
fn an_unknown_variant_still_checks_the_players() {
    let got = codes(json!({"variant": "base", "players": [{"name": "Ani"}]}));
    assert_eq!(
        got,
        vec![
            ("variant".to_owned(), "unknown_variant".to_owned()),
            ("players".to_owned(), "player_count".to_owned())
        ]
    );
}

#[test]
fn empty_module_fields_of_another_module_are_ignored() {
    let got = codes(json!({"variant": "strongholds", "cities_in_play": [], "players": [
        {"name": "Ani", "cities": [], "orient": [], "reserved_nobles": 0},
        {"name": "Dirk"}]}));
    assert!(got.is_empty(), "{got:?}");
}

/// Les Cités, Mise en place: « N'utilisez pas les tuiles de Nobles. » The other modules keep them.
#[test]
fn the_cities_module_plays_without_nobles() {
    assert!(!Module::Cities.uses_nobles());
    assert_eq!(limits().noble_modules, [Module::TradingPosts, Module::Orient, Module::Strongholds]);
}

/// English counts take the plural for 0 ("0 nobles"); the English side once used the French
/// rule (« 0 noble »).
#[test]
fn english_noble_counts_are_plural_from_zero() {
    let raw = json!({"variant": "strongholds", "players": [
        {"name": "Ani", "nobles": 0}, {"name": "Dirk", "bonuses": {"red": 4, "black": 4}, "nobles": 1}]});
    let b = score(&raw).expect("valid");
    let nobles = |seat: usize| {
        let c = b.players[seat].categories.iter().find(|c| c.key == "nobles").expect("category");
        (c.detail.fr().to_string(), c.detail.en().to_string())
    };
    assert_eq!(nobles(0).1, "0 nobles × 3 = 0.");
    assert_eq!(nobles(0).0, "0 noble × 3 = 0.");
    assert_eq!(nobles(1).1, "1 noble × 3 = 3.");
}
