//! The Citadelles raw table read straight from its JSON value ([`crate::games::fast_read`]):
//! serde reads it whenever this reader answers `None`, and the property test below holds the
//! two equal.

use serde::Deserialize;
use serde_json::Value;

use super::round::CitadellesRound;
use super::table::{CitadellesRawCustomWonder, CitadellesRawPlayer, CitadellesRawTable};
use crate::games::fast_read::{list, optional, present, seats, string};

/// The table, or `None` where serde must read it (its answer is then the one that counts).
pub(super) fn table(raw: &Value) -> Option<CitadellesRawTable> {
    let mut table = CitadellesRawTable::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "variant" => table.variant = optional(v, string)?,
            "longer_game" => table.longer_game = optional(v, Value::as_bool)?,
            "ninth_character" => table.ninth_character = optional(v, Value::as_bool)?,
            "players" => table.players = seats(v, player)?,
            "completion_order" => table.completion_order = optional(v, |v| v.as_array().cloned())?,
            "crown" => table.crown = present(v),
            "characters_in_play" => table.characters_in_play = optional(v, |v| list(v, string))?,
            // The round being called has many nested shapes of its own: serde reads it.
            "round_in_progress" => {
                table.round_in_progress = optional(v, |v| CitadellesRound::deserialize(v).ok())?;
            }
            _ => _ = table.other.insert(key.clone(), v.clone()),
        }
    }
    Some(table)
}

fn player(raw: &Value) -> Option<CitadellesRawPlayer> {
    let mut player = CitadellesRawPlayer::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "name" => player.name = string(v)?,
            "districts" => player.districts = optional(v, |v| list(v, string))?,
            "custom_wonders" => player.custom_wonders = optional(v, |v| list(v, custom_wonder))?,
            "gold" => player.gold = present(v),
            "cards_in_hand" => player.cards_in_hand = present(v),
            "characters_last_round" => player.characters_last_round = optional(v, |v| v.as_array().cloned())?,
            "haunted_city_built_last_round" => {
                player.haunted_city_built_last_round = optional(v, Value::as_bool)?;
            }
            "museum_cards" => player.museum_cards = present(v),
            "secret_vault" => player.secret_vault = optional(v, Value::as_bool)?,
            "beautified" => player.beautified = optional(v, |v| list(v, string))?,
            _ => _ = player.other.insert(key.clone(), v.clone()),
        }
    }
    Some(player)
}

fn custom_wonder(raw: &Value) -> Option<CitadellesRawCustomWonder> {
    let mut wonder = CitadellesRawCustomWonder::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "name" => wonder.name = string(v)?,
            "cost" => wonder.cost = present(v),
            "extra_points" => wonder.extra_points = present(v),
            _ => _ = wonder.other.insert(key.clone(), v.clone()),
        }
    }
    Some(wonder)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;
    use crate::games::fast_read::testing::{
        array, count, flag, left_to_serde, object, reads_as_serde, reads_back, text,
    };

    const TEXTS: &[&str] = &["Ani", "temple", "university", "thief", ""];

    fn raw_table() -> BoxedStrategy<Value> {
        let wonder = object(vec![("name", text(TEXTS)), ("cost", count()), ("extra_points", count())]);
        let player = object(vec![
            ("name", text(TEXTS)),
            ("districts", array(text(TEXTS))),
            ("custom_wonders", array(wonder)),
            ("gold", count()),
            ("cards_in_hand", count()),
            ("characters_last_round", array(count())),
            ("haunted_city_built_last_round", flag()),
            ("museum_cards", count()),
            ("secret_vault", flag()),
            ("beautified", array(text(TEXTS))),
        ]);
        let round = prop_oneof![Just(json!({ "step": "nonsense" })), Just(Value::Null)].boxed();
        object(vec![
            ("variant", text(&["classique", "deuxieme_edition"])),
            ("longer_game", flag()),
            ("ninth_character", flag()),
            ("players", array(player)),
            ("completion_order", array(count())),
            ("crown", count()),
            ("characters_in_play", array(text(TEXTS))),
            ("round_in_progress", round),
        ])
    }

    proptest! {
        /// Whenever the fast reader answers, serde reads the very same table; and a table
        /// serde reads is always read by the fast reader too (none of these has too many seats).
        #[test]
        fn the_fast_reader_reads_what_serde_reads(raw in raw_table()) {
            reads_as_serde(&raw, table)?;
        }
    }

    /// Every field of the raw structs, written out without `..Default::default()`: a field
    /// added to a struct stops this test from compiling until it is added here, and this test
    /// fails until this reader reads it (it would land among the unknown keys).
    #[test]
    fn every_field_of_the_raw_structs_is_read() {
        let full = CitadellesRawTable {
            variant: Some("deuxieme_edition".to_owned()),
            longer_game: Some(true),
            ninth_character: Some(false),
            players: vec![CitadellesRawPlayer {
                name: "Ani".to_owned(),
                districts: Some(vec!["temple".to_owned()]),
                custom_wonders: Some(vec![CitadellesRawCustomWonder {
                    name: "Tour".to_owned(),
                    cost: Some(json!(5)),
                    extra_points: Some(json!(2)),
                    other: [("note".to_owned(), json!(1))].into(),
                }]),
                gold: Some(json!(3)),
                cards_in_hand: Some(json!(2)),
                characters_last_round: Some(vec![json!(4)]),
                haunted_city_built_last_round: Some(true),
                museum_cards: Some(json!(1)),
                secret_vault: Some(false),
                beautified: Some(vec!["temple".to_owned()]),
                other: [("colour".to_owned(), json!("red"))].into(),
            }],
            completion_order: Some(vec![json!(0)]),
            crown: Some(json!(0)),
            characters_in_play: Some(vec!["thief".to_owned()]),
            round_in_progress: None,
            other: [("house_rules".to_owned(), json!(true))].into(),
        };
        reads_back(full, table);
    }

    #[test]
    fn a_wrong_type_or_too_many_seats_is_left_to_serde() {
        left_to_serde(
            table,
            &[
                json!("table"),
                json!({ "players": null }),
                json!({ "players": [{ "name": 3 }] }),
                json!({ "players": [{ "districts": ["temple", 2] }] }),
                json!({ "players": [{ "custom_wonders": [{ "name": null }] }] }),
                json!({ "longer_game": "yes" }),
            ],
        );
    }
}
