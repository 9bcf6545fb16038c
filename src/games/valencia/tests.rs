//! The rulebook's worked examples, one test each.

use serde_json::{Value, json};

use super::*;

fn board(raw: Value) -> crate::games::Scoreboard {
    match score(&raw) {
        Ok(b) => b,
        Err(p) => panic!("{p}"),
    }
}

fn points(b: &crate::games::Scoreboard, seat: usize, key: &str) -> i32 {
    b.players[seat].categories.iter().find(|c| c.key == key).map(|c| c.points).expect("category")
}

fn auction(raw: Value) -> ValenciaAuction {
    let raw: ValenciaRawAuction = serde_json::from_value(raw).expect("shape");
    match resolve_auction(&raw) {
        Ok(a) => a,
        Err(p) => panic!("{p}"),
    }
}

fn value_of(a: &ValenciaAuction, seat: usize, card: &str) -> u32 {
    a.bids[seat].cards.iter().find(|c| c.card == card).map(|c| c.value).expect("card")
}

#[test]
fn lilli_scores_22_fountain_points_2_2_6_6_6() {
    // VAL p.10: two members by a 2-fountain, three by a 6-fountain.
    let b = board(json!({
        "fountains": [{ "value": 2 }, { "value": 6 }, { "value": 4, "central": true }],
        "players": [
            { "name": "Lilli", "city_members": 6, "fountain_members": [2, 3, 0] },
            { "name": "Frank", "city_members": 1 } ] }));
    assert_eq!(points(&b, 0, "fountains"), 22);
    let detail = &b.players[0].categories[3].detail.en();
    assert!(detail.contains("2 × 2 + 3 × 6 = 22"), "{detail}");
}

#[test]
fn ani_scores_5_for_5_members_next_to_palms() {
    let b = board(json!({ "players": [
        { "name": "Ani", "city_members": 8, "palm_members": 5 },
        { "name": "Dirk" } ] }));
    assert_eq!(points(&b, 0, "palms"), 5);
}

#[test]
fn dirk_scores_6_for_6_members_in_the_city() {
    let b = board(json!({ "players": [{ "name": "Dirk", "city_members": 6 }, { "name": "Ani" }] }));
    assert_eq!(points(&b, 0, "city"), 6);
    assert_eq!(b.players[0].total, Some(6));
}

#[test]
fn frank_completes_4_plus_10_minus_2_and_loses_3() {
    // VAL p.11: a completed card (4), "10 − resources" with 2 resources (8), and a failed
    // Nobility-or-Church card (−3).
    let b = board(json!({ "players": [
        { "name": "Frank", "city_members": 2, "palm_members": 0, "stefan_feld": true,
          "resources": { "wine": 1, "oranges": 1 },
          "missions": [ { "id": "mission_stefan_feld", "points": 4 },
                        { "id": "mission_ten_minus_resources" },
                        { "id": "mission_nobility_or_church", "points": 3 } ] },
        { "name": "Lilli", "council": ["nobility", "church"] } ] }));
    assert_eq!(points(&b, 0, "missions_completed"), 12);
    assert_eq!(points(&b, 0, "missions_failed"), -3);
    assert_eq!(b.players[0].total, Some(2 + 12 - 3));
}

#[test]
fn auction_example_tie_at_2_goes_to_dirk_nearer_patty() {
    // VAL p.6: Patty (first) passes; Frank 4, Ani 1, Dirk 2, Lilli 2.
    let a = auction(json!({ "step": "B", "first_player": 0, "players": [
        { "name": "Patty" },
        { "name": "Frank", "stack": [{ "card": 4 }] },
        { "name": "Ani", "stack": [{ "card": 1 }] },
        { "name": "Dirk", "stack": [{ "card": 2 }] },
        { "name": "Lilli", "stack": [{ "card": 1 }, { "card": 1 }] } ] }));
    let ranks: Vec<Option<u8>> = a.bids.iter().map(|b| b.rank).collect();
    assert_eq!(ranks, vec![None, Some(1), Some(4), Some(2), Some(3)]);
    assert_eq!(a.pawn_holder, 1);
    assert_eq!(a.places, 3);
    assert!(a.bids[4].acts, "3rd place acts at 5 players");
    // Ani got no action: one card may go back under her deck.
    assert!(a.bids[2].may_return_card);
    assert!(!a.bids[2].acts);
    assert!(!a.bids[0].may_return_card, "Patty passed");
    assert_eq!(a.ties.len(), 1);
    assert!(a.ties[0].en.contains("Dirk, Lilli"), "{}", a.ties[0].en);
}

#[test]
fn step_a_example_lilli_nobility_dirk_church() {
    let a = auction(json!({ "step": "A", "first_player": 0, "players": [
        { "name": "Patty", "stack": [{ "card": 1 }] },
        { "name": "Lilli", "stack": [{ "card": 6 }] },
        { "name": "Dirk", "stack": [{ "card": 5 }] } ] }));
    assert_eq!(a.bids[1].rank, Some(1));
    assert!(a.bids[1].action.en.contains("Nobility"));
    assert!(a.bids[2].action.en.contains("Church"));
    assert!(!a.bids[0].acts);
}

#[test]
fn council_example_3_2_1_1_1_and_lilli_takes_the_privilege() {
    let raw: ValenciaRawCouncil = serde_json::from_value(json!({ "privileges_supply": 14, "players": [
        { "name": "Lilli", "council": ["nobility", "wine", "oranges"] },
        { "name": "Frank", "council": ["church", "merchants"] },
        { "name": "Dirk", "council": ["dried_fruit"] },
        { "name": "Ani", "council": ["clothing"] },
        { "name": "Patty", "council": ["porcelain"] } ] }))
    .expect("shape");
    let c = council_phase(&raw).expect("valid");
    let pts: Vec<u32> = c.players.iter().map(|s| s.points).collect();
    assert_eq!(pts, vec![3, 2, 1, 1, 1]);
    let takers: Vec<bool> = c.players.iter().map(|s| s.gets_privilege).collect();
    assert_eq!(takers, vec![true, false, false, false, false]);
    assert_eq!(c.privileges_supply_after, 13);
}

fn special(players: Value) -> ValenciaAuction {
    auction(json!({ "variant": "special_influence", "step": "C", "players": players }))
}

#[test]
fn joker_stays_0_without_sixes_from_others() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "joker" }, { "card": 3 }] },
        { "name": "Frank", "stack": [{ "card": 5 }] } ]));
    assert_eq!(value_of(&a, 0, "joker"), 0);
    assert_eq!(a.bids[0].total, Some(3));
}

#[test]
fn joker_becomes_4_with_two_sixes_from_others() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "joker" }, { "card": 3 }] },
        { "name": "Frank", "stack": [{ "card": 6 }] },
        { "name": "Dirk", "stack": [{ "card": 6 }, { "card": 1 }] } ]));
    assert_eq!(value_of(&a, 0, "joker"), 4);
    assert_eq!(a.bids[0].total, Some(7));
}

#[test]
fn a_joker_worth_0_still_ranks() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "joker" }] },
        { "name": "Frank" } ]));
    assert_eq!(a.bids[0].rank, Some(1));
    assert_eq!(a.pawn_holder, 0);
}

#[test]
fn twins_together_are_6_plus_3_is_9() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "twins" }, { "card": "twins" }, { "card": 3 }] },
        { "name": "Frank", "stack": [{ "card": 5 }] } ]));
    assert_eq!(a.bids[0].total, Some(9));
}

#[test]
fn one_twin_alone_is_2() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "twins" }, { "card": 1 }] },
        { "name": "Frank", "stack": [{ "card": 5 }] } ]));
    assert_eq!(a.bids[0].total, Some(3));
}

#[test]
fn twins_of_two_players_lift_each_other() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "twins" }] },
        { "name": "Frank", "stack": [{ "card": "twins" }] } ]));
    assert_eq!(a.bids[0].total, Some(3));
    assert_eq!(a.bids[1].total, Some(3));
}

#[test]
fn central_keeps_7_without_a_zero_and_drops_to_5_with_one() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "central" }] },
        { "name": "Frank", "stack": [{ "card": 4 }] } ]));
    assert_eq!(a.bids[0].total, Some(7));
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "central" }] },
        { "name": "Frank", "stack": [{ "card": "joker" }, { "card": 2 }] } ]));
    assert_eq!(a.bids[0].total, Some(5));
}

#[test]
fn own_joker_does_not_lower_own_central() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": "central" }, { "card": "joker" }] },
        { "name": "Frank", "stack": [{ "card": 4 }] } ]));
    assert_eq!(a.bids[0].total, Some(7));
}

#[test]
fn economies_gives_2_coins_whatever_the_rank() {
    // VAL p.12: Lilli reveals 10 in all and takes 2 coins.
    let a = special(json!([
        { "name": "Frank", "stack": [{ "card": 6 }, { "card": 6 }] },
        { "name": "Lilli", "stack": [{ "card": "economies" }, { "card": 4 }, { "card": 5 }] } ]));
    assert_eq!(a.bids[1].total, Some(10));
    assert_eq!(a.bids[1].rank, Some(2));
    assert_eq!(a.bids[1].coins_gained, 2);
}

#[test]
fn warehouse_gives_one_wine_whatever_the_rank() {
    // VAL p.13: Lilli reveals 9 in all and takes one wine.
    let a = special(json!([
        { "name": "Frank", "stack": [{ "card": 6 }, { "card": 5 }] },
        { "name": "Lilli", "stack": [{ "card": "warehouse", "resource": "wine" }, { "card": 6 }] } ]));
    assert_eq!(a.bids[1].total, Some(9));
    assert!(!a.bids[1].acts);
    assert_eq!(a.bids[1].resources_gained.wine, 1);
}

#[test]
fn privilege_example_order_ani_lilli_patty_dirk() {
    // VAL p.10: Ani reveals, Dirk waits, Lilli reveals, Patty waits, Dirk waits again,
    // Patty reveals, Dirk plays last.
    assert_eq!(reveal_order(0, &[0, 2, 0, 1]), vec![0, 2, 3, 1]);
}

#[test]
fn the_module_doc_example_scores_52_for_lilli() {
    let b = board(json!({ "variant": "base",
      "fountains": [ { "value": 6 }, { "value": 2 }, { "value": 4, "central": true } ],
      "players": [
        { "name": "Lilli", "city_members": 7, "palm_members": 3,
          "fountain_members": [3, 2, 0], "privileges": 1, "coins": 4,
          "resources": { "wine": 1, "porcelain": 2 },
          "council": ["nobility", "wine"], "council_points": 14, "stefan_feld": true,
          "longest_route": 4, "isolated": 1,
          "missions": [ { "id": "mission_palms", "points": 4 },
                        { "id": "mission_square", "points": 3, "done": true },
                        { "id": "mission_ten_minus_coins" } ] },
        { "name": "Frank", "city_members": 5 } ] }));
    let got: Vec<i32> = b.players[0].categories.iter().map(|c| c.points).collect();
    // council, city, palms, fountains (3 × 6 + 2 × 2), privileges, missions (3 + 6), failed (palms).
    assert_eq!(got, vec![14, 7, 3, 22, 1, 9, -4]);
    assert_eq!(b.players[0].total, Some(52));
    assert_eq!(b.winners(), vec![0]);
}

#[test]
fn printed_0_and_7_read_as_joker_and_central() {
    let a = special(json!([
        { "name": "Lilli", "stack": [{ "card": 0 }, { "card": "7" }] },
        { "name": "Frank", "stack": [{ "card": 6 }] } ]));
    assert_eq!(value_of(&a, 0, "joker"), 2);
    assert_eq!(value_of(&a, 0, "central"), 7, "her own 0 does not lower it");
}

/// English counts take the plural for 0 ("0 members"), French the singular (« 0 membre »):
/// the English side once used the French rule.
#[test]
fn english_counts_are_plural_from_zero_french_from_two() {
    let b = board(json!({ "players": [
        { "name": "Ani", "city_members": 0, "privileges": 0 },
        { "name": "Dirk", "city_members": 2, "palm_members": 1, "privileges": 1 } ] }));
    let detail = |seat: usize, key: &str| {
        let c = b.players[seat].categories.iter().find(|c| c.key == key).expect("category");
        (c.detail.fr().to_string(), c.detail.en().to_string())
    };
    assert_eq!(detail(0, "city").1, "0 members in the city × 1.");
    assert_eq!(detail(0, "city").0, "0 membre dans la ville × 1.");
    assert_eq!(detail(1, "city").1, "2 members in the city × 1.");
    assert_eq!(detail(1, "palms").1, "1 member next to at least one palm × 1.");
    assert_eq!(detail(0, "palms").1, "0 members next to at least one palm × 1.");
    assert_eq!(detail(0, "privileges").1, "0 unused privileges × 1.");
    assert_eq!(detail(1, "privileges").1, "1 unused privilege × 1.");
    assert_eq!(detail(1, "privileges").0, "1 privilège inutilisé × 1.");
}

/// The preview's one pass gives what the score and the help give on their own: for a table,
/// a generic sheet (no help) and an invalid state (its problems, no help).
#[test]
fn score_and_help_together_equal_each_alone() {
    let table = json!({ "fountains": [{ "value": 2 }, { "value": 4, "central": true }], "players": [
        { "name": "Ani", "city_members": 6, "fountain_members": [1, 1], "coins": 4,
          "missions": [{ "id": "mission_most_coins", "points": 4 }, { "id": "mission_ten_minus_coins" }] },
        { "name": "Dirk", "city_members": 6, "coins": 4 } ] });
    let sheet = json!({ "sheet": "generic", "players": [
        { "name": "Ani", "points": { "city": 6 } }, { "name": "Dirk", "points": { "city": 7 } }] });
    let invalid = json!({ "players": [{ "name": "Ani", "city_members": -1 }, { "name": "" }] });
    for raw in [table, sheet, invalid] {
        let (board, help_now) = score_and_help(&raw);
        assert_eq!(board, score(&raw), "{raw}");
        assert_eq!(help_now, help(&raw).ok(), "{raw}");
    }
}

/// A category's explanation, kept as numbers while scoring, is written as the `{fr, en}` pair
/// the doors always sent, and read back equal.
#[test]
fn explanations_are_written_as_text_and_read_back_equal() {
    let b = board(json!({ "fountains": [{ "value": 2 }, { "value": 6 }, { "value": 4, "central": true }],
        "players": [
            { "name": "Lilli", "city_members": 6, "fountain_members": [1, 3, 0], "council_points": 4 },
            { "name": "Frank", "city_members": 1 } ] }));
    let json = serde_json::to_value(&b).expect("json");
    assert_eq!(
        json["players"][0]["categories"][3]["detail"],
        json!({ "fr": "Membres voisins des fontaines, valeur de chaque fontaine touchée\u{202f}: 2 + 3 × 6 = 20.",
                "en": "Members next to fountains, value of each fountain touched: 2 + 3 × 6 = 20." })
    );
    assert_eq!(
        json["players"][1]["categories"][0]["detail"],
        json!({ "fr": "Prestige gagné aux phases du Conseil pendant la partie\u{202f}: 0.",
                "en": "Prestige gained in the council phases during the game: 0." })
    );
    assert_eq!(
        json["players"][1]["categories"][3]["detail"]["en"],
        json!("Members next to fountains, value of each fountain touched: 0 = 0.")
    );
    let back: crate::games::Scoreboard = serde_json::from_value(json.clone()).expect("read back");
    assert_eq!(back, b);
    assert_eq!(serde_json::to_value(&back).expect("json"), json);
}
