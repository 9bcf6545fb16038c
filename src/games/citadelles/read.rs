//! The Citadelles raw table borrowed, not copied: [`TableView`] holds what the checks read,
//! as references into either the table's JSON value ([`table`], the fast path every keystroke
//! takes) or a [`CitadellesRawTable`] serde read ([`CitadellesRawTable::view`], for any table
//! the fast path is unsure of). Copying one `String` per district id out of the value, then
//! dropping them, was a fifth of scoring a table.
//!
//! The raw structs and their serde derive stay the definition of the format; the property test
//! below holds that whenever [`table`] answers, serde reads a table whose view is the same.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::Value;

use super::round::CitadellesRound;
use super::table::{CitadellesRawCustomWonder, CitadellesRawPlayer, CitadellesRawTable};
use crate::games::fast_read::{keys, list, optional, present, seats, strs};

/// [`CitadellesRawTable`], borrowed. `other` lists the unknown keys (sorted, as the raw
/// struct's map and the JSON object both keep them).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct TableView<'a> {
    pub variant: Option<&'a str>,
    pub longer_game: Option<bool>,
    pub ninth_character: Option<bool>,
    pub players: Vec<PlayerView<'a>>,
    pub completion_order: Option<&'a [Value]>,
    pub crown: Option<&'a Value>,
    pub characters_in_play: Option<Vec<&'a str>>,
    pub round_in_progress: Option<Cow<'a, CitadellesRound>>,
    pub game_over: Option<bool>,
    pub rounds: Option<&'a [Value]>,
    pub other: Vec<&'a str>,
}

/// [`CitadellesRawPlayer`], borrowed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct PlayerView<'a> {
    pub name: &'a str,
    pub districts: Option<Vec<&'a str>>,
    pub custom_wonders: Option<Vec<CustomWonderView<'a>>>,
    pub gold: Option<&'a Value>,
    pub cards_in_hand: Option<&'a Value>,
    pub characters_last_round: Option<&'a [Value]>,
    pub haunted_city_built_last_round: Option<bool>,
    pub museum_cards: Option<&'a Value>,
    pub secret_vault: Option<bool>,
    pub beautified: Option<Vec<&'a str>>,
    pub other: Vec<&'a str>,
}

/// [`CitadellesRawCustomWonder`], borrowed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct CustomWonderView<'a> {
    pub name: &'a str,
    pub cost: Option<&'a Value>,
    pub extra_points: Option<&'a Value>,
    pub other: Vec<&'a str>,
}

impl CitadellesRawTable {
    /// This table, borrowed as the checks read it.
    pub(crate) fn view(&self) -> TableView<'_> {
        TableView {
            variant: self.variant.as_deref(),
            longer_game: self.longer_game,
            ninth_character: self.ninth_character,
            players: self.players.iter().map(CitadellesRawPlayer::view).collect(),
            completion_order: self.completion_order.as_deref(),
            crown: self.crown.as_ref(),
            characters_in_play: self.characters_in_play.as_deref().map(strs),
            round_in_progress: self.round_in_progress.as_ref().map(Cow::Borrowed),
            game_over: self.game_over,
            rounds: self.rounds.as_deref(),
            other: keys(&self.other),
        }
    }
}

impl CitadellesRawPlayer {
    fn view(&self) -> PlayerView<'_> {
        PlayerView {
            name: &self.name,
            districts: self.districts.as_deref().map(strs),
            custom_wonders: self.custom_wonders.as_ref().map(|list| {
                list.iter()
                    .map(|w: &CitadellesRawCustomWonder| CustomWonderView {
                        name: &w.name,
                        cost: w.cost.as_ref(),
                        extra_points: w.extra_points.as_ref(),
                        other: keys(&w.other),
                    })
                    .collect()
            }),
            gold: self.gold.as_ref(),
            cards_in_hand: self.cards_in_hand.as_ref(),
            characters_last_round: self.characters_last_round.as_deref(),
            haunted_city_built_last_round: self.haunted_city_built_last_round,
            museum_cards: self.museum_cards.as_ref(),
            secret_vault: self.secret_vault,
            beautified: self.beautified.as_deref().map(strs),
            other: keys(&self.other),
        }
    }
}

/// The table read from its JSON value, or `None` where serde must read it (its answer is then
/// the one that counts).
pub(super) fn table(raw: &Value) -> Option<TableView<'_>> {
    let mut table = TableView::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "variant" => table.variant = optional(v, Value::as_str)?,
            "longer_game" => table.longer_game = optional(v, Value::as_bool)?,
            "ninth_character" => table.ninth_character = optional(v, Value::as_bool)?,
            "players" => table.players = seats(v, player)?,
            "completion_order" => table.completion_order = optional(v, Value::as_array)?.map(Vec::as_slice),
            "crown" => table.crown = present(v),
            "characters_in_play" => table.characters_in_play = optional(v, |v| list(v, Value::as_str))?,
            // The round being called has many nested shapes of its own: serde reads it.
            "round_in_progress" => {
                table.round_in_progress =
                    optional(v, |v| CitadellesRound::deserialize(v).ok())?.map(Cow::Owned);
            }
            "game_over" => table.game_over = optional(v, Value::as_bool)?,
            "rounds" => table.rounds = optional(v, Value::as_array)?.map(Vec::as_slice),
            _ => table.other.push(key),
        }
    }
    Some(table)
}

fn player(raw: &Value) -> Option<PlayerView<'_>> {
    let mut player = PlayerView::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "name" => player.name = v.as_str()?,
            "districts" => player.districts = optional(v, |v| list(v, Value::as_str))?,
            "custom_wonders" => player.custom_wonders = optional(v, |v| list(v, custom_wonder))?,
            "gold" => player.gold = present(v),
            "cards_in_hand" => player.cards_in_hand = present(v),
            "characters_last_round" => {
                player.characters_last_round = optional(v, Value::as_array)?.map(Vec::as_slice);
            }
            "haunted_city_built_last_round" => {
                player.haunted_city_built_last_round = optional(v, Value::as_bool)?;
            }
            "museum_cards" => player.museum_cards = present(v),
            "secret_vault" => player.secret_vault = optional(v, Value::as_bool)?,
            "beautified" => player.beautified = optional(v, |v| list(v, Value::as_str))?,
            _ => player.other.push(key),
        }
    }
    Some(player)
}

fn custom_wonder(raw: &Value) -> Option<CustomWonderView<'_>> {
    let mut wonder = CustomWonderView::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "name" => wonder.name = v.as_str()?,
            "cost" => wonder.cost = present(v),
            "extra_points" => wonder.extra_points = present(v),
            _ => wonder.other.push(key),
        }
    }
    Some(wonder)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;
    use crate::games::fast_read::testing::{array, count, flag, left_to_serde, object, text};

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
            ("game_over", flag()),
            ("rounds", array(count())),
        ])
    }

    proptest! {
        /// Whenever the fast reader answers, serde reads a table whose view is the very same;
        /// and a table serde reads is always read by the fast reader too (none of these has
        /// too many seats).
        #[test]
        fn the_fast_reader_reads_what_serde_reads(raw in raw_table()) {
            let by_serde = CitadellesRawTable::deserialize(&raw).ok();
            match (table(&raw), &by_serde) {
                (Some(read), Some(by_serde)) => prop_assert_eq!(read, by_serde.view()),
                (read, _) => prop_assert!(read.is_none() && by_serde.is_none(), "{raw}: {read:?}, serde {by_serde:?}"),
            }
        }
    }

    /// Every field of the raw structs, written out without `..Default::default()`: a field
    /// added to a struct stops this test from compiling until it is added here, and to the
    /// view, and this test fails until this reader reads it (it would land among the unknown
    /// keys).
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
            game_over: Some(true),
            rounds: Some(vec![json!({ "crown_before": 0 })]),
            other: [("house_rules".to_owned(), json!(true))].into(),
        };
        let sent = serde_json::to_value(&full).expect("json");
        assert_eq!(table(&sent), Some(full.view()));
    }

    #[test]
    fn a_wrong_type_or_too_many_seats_is_left_to_serde() {
        left_to_serde(
            |raw| table(raw).is_some(),
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
