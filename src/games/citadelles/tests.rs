//! Unit tests of validation details; the rules themselves are tested through the public API in
//! `tests/it/citadelles.rs`.

use serde_json::json;

use super::*;

fn codes(raw: serde_json::Value) -> Vec<(String, String)> {
    match check(&raw) {
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
        &json!({"sheet": "generic", "players": [{"name": "Ani", "points": {"districts": 3}}]})
    ));
    assert!(!sheet::is_generic(&json!({"players": [{"name": "Ani", "points": {"districts": 3}}]})));
    assert!(!sheet::is_generic(&json!({"players": [{"name": "Ani", "districts": ["temple"]}]})));
    assert!(!sheet::is_generic(&json!([1, 2])));
    // A table with a stray `points` on one player is a table: the stray key is refused.
    let stray =
        json!({"players": [{"name": "Ani", "districts": ["temple"], "points": {}}, {"name": "Dirk"}]});
    assert!(codes(stray).contains(&("players[0].points".to_owned(), "unknown_field".to_owned())));
    let mut legacy = json!({"players": [{"name": "Ani", "points": {"districts": 3}}]});
    assert!(sheet::mark_legacy(crate::games::GameId::Citadelles, &mut legacy));
    assert!(sheet::is_generic(&legacy));
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

#[test]
fn the_characters_in_play_are_one_per_rank_from_the_profile() {
    let table = |variant: &str, chars: serde_json::Value| {
        serde_json::json!({
            "variant": variant,
            "ninth_character": variant == "deuxieme_edition",
            "players": [{ "name": "Ani" }, { "name": "Dirk" }, { "name": "Lilli" }, { "name": "Frank" }],
            "characters_in_play": chars,
        })
    };
    let base = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"];
    assert_eq!(codes(table("classique", serde_json::json!(base))), Vec::new());
    // The Witch is a 2016 alternate: not in the classic rules.
    assert_eq!(
        codes(table("classique", serde_json::json!(["witch"]))),
        vec![("characters_in_play[0]".to_owned(), "unknown_character".to_owned())]
    );
    // Two rank-1 characters; the Queen (a ninth character) needs 5 players.
    assert_eq!(
        codes(table("deuxieme_edition", serde_json::json!(["assassin", "witch", "queen"]))),
        vec![
            ("characters_in_play[1]".to_owned(), "duplicate_rank".to_owned()),
            ("characters_in_play[2]".to_owned(), "too_few_players".to_owned()),
        ]
    );
}

/// « Le joueur qui a posé en premier son 8ème quartier reçoit un bonus de 4 points »: a single
/// complete city with no order typed is the first; two need the table to say which came first.
#[test]
fn the_first_complete_city_starts_the_completion_order() {
    let seven = json!(["temple", "church", "monastery", "cathedral", "manor", "castle", "palace"]);
    let table = |dirk: serde_json::Value| {
        json!({"players": [{"name": "Ani", "districts": seven}, {"name": "Dirk", "districts": dirk},
            {"name": "Lilli"}, {"name": "Patty"}]})
    };
    let one = check(&table(json!([]))).expect("valid");
    assert_eq!(one.completion_order, vec![0]);
    assert_eq!(
        codes(table(seven.clone())),
        vec![
            ("completion_order".to_owned(), "complete_city_not_listed".to_owned()),
            ("completion_order".to_owned(), "complete_city_not_listed".to_owned()),
        ]
    );
}

/// « Le joueur qui a posé en premier son 8ème quartier reçoit un bonus de 4 points »: while two
/// complete cities wait for the table to say which came first, the live help still gives the
/// threshold, each city's count and the cities to place (the screen does not count
/// them itself).
#[test]
fn the_help_names_the_complete_cities_to_place_while_the_order_is_missing() {
    let seven = json!(["temple", "church", "monastery", "cathedral", "manor", "castle", "palace"]);
    let table = json!({"players": [{"name": "Ani", "districts": seven}, {"name": "Dirk", "districts": seven},
        {"name": "Lilli", "districts": ["tavern", "nowhere"]}, {"name": "Patty"}]});
    assert!(score(&table).is_err(), "the order is needed to score");
    let help = help(&table).expect("the help of a table being entered");
    assert_eq!(help.threshold, 7);
    assert_eq!(help.unplaced_complete, vec![0, 1]);
    let counts: Vec<u8> = help.seats.iter().map(|s| s.district_count).collect();
    assert_eq!(counts, vec![7, 7, 1, 0], "an unknown district is not counted");

    let placed = json!({"players": [{"name": "Ani", "districts": seven}, {"name": "Dirk", "districts": seven},
        {"name": "Lilli"}, {"name": "Patty"}], "completion_order": [1]});
    let help = super::help(&placed).expect("help");
    assert_eq!(help.unplaced_complete, vec![0], "Dirk placed first, Ani still to place");
    assert_eq!(help.completed, vec![1]);
}

/// CIT2 §Les personnages: one character card per rank; a ninth character (rank 9) with 8 players
/// or by choice; FACT-CIT-B4: the Queen only with 5 players or more. The characters the table
/// shows until the players pick others: as chosen, else the base card of each rank, and the
/// first rank-9 card this table may play.
#[test]
fn the_characters_in_play_default_to_the_base_cards_and_a_playable_ninth() {
    let ids = |variant: &str, players: usize, ninth: bool, chosen: serde_json::Value| -> Vec<String> {
        let seats: Vec<_> = (0..players).map(|i| json!({ "name": format!("P{i}") })).collect();
        let table = json!({ "variant": variant, "players": seats, "ninth_character": ninth, "characters_in_play": chosen });
        help(&table).expect("help").characters_in_play
    };
    let base = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"];
    assert_eq!(ids("classique", 4, false, json!([])), base);
    // 4 players: the Queen needs 5, so the Artist is offered.
    let four = ids("deuxieme_edition", 4, true, json!([]));
    assert_eq!(four.len(), 9);
    assert_eq!(four[8], "artist");
    assert_eq!(ids("deuxieme_edition", 5, true, json!([]))[8], "queen");
    // A chosen alternate keeps its rank; the others stay the base cards.
    let chosen = ids("deuxieme_edition", 5, false, json!(["witch", "emperor"]));
    assert_eq!(chosen[0], "witch");
    assert_eq!(chosen[3], "emperor");
    assert_eq!(chosen[1], "thief");
}
