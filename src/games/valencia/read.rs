//! The Valencia raw table borrowed, not copied: [`TableView`] holds what the checks read, as
//! references into either the table's JSON value ([`table`], the fast path every keystroke
//! takes) or a [`ValenciaRawTable`] serde read ([`ValenciaRawTable::view`], for any table the
//! fast path is unsure of). Copying the strings, counts and maps out of the value into the raw
//! structs, then dropping them, was two fifths of scoring a table.
//!
//! The raw structs and their serde derive stay the definition of the format; the property test
//! below holds that whenever [`table`] answers, serde reads a table whose view is the same.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::Value;

use super::phases::ValenciaProgress;
use super::table::{ValenciaRawFountain, ValenciaRawMission, ValenciaRawPlayer, ValenciaRawTable};
use crate::games::fast_read::{keys, list, optional, present, seats, strs};

/// [`ValenciaRawTable`], borrowed. `other` lists the unknown keys (sorted, as the raw struct's
/// map and the JSON object both keep them).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct TableView<'a> {
    pub variant: Option<&'a str>,
    pub special_cards: Option<Vec<&'a str>>,
    pub fountains: Vec<FountainView<'a>>,
    pub players: Vec<PlayerView<'a>>,
    pub progress: Option<Cow<'a, ValenciaProgress>>,
    pub other: Vec<&'a str>,
}

/// [`ValenciaRawFountain`], borrowed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct FountainView<'a> {
    pub value: Option<&'a Value>,
    pub central: Option<bool>,
    pub other: Vec<&'a str>,
}

/// [`ValenciaRawPlayer`], borrowed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct PlayerView<'a> {
    pub name: &'a str,
    pub city_members: Option<&'a Value>,
    pub palm_members: Option<&'a Value>,
    pub fountain_members: Option<&'a [Value]>,
    pub privileges: Option<&'a Value>,
    pub coins: Option<&'a Value>,
    pub resources: Option<Vec<(&'a str, &'a Value)>>,
    pub council: Option<Vec<&'a str>>,
    pub council_points: Option<&'a Value>,
    pub stefan_feld: Option<bool>,
    pub longest_route: Option<&'a Value>,
    pub isolated: Option<&'a Value>,
    pub missions: Option<Vec<MissionView<'a>>>,
    pub other: Vec<&'a str>,
}

/// [`ValenciaRawMission`], borrowed.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct MissionView<'a> {
    pub id: &'a str,
    pub points: Option<&'a Value>,
    pub done: Option<bool>,
    pub other: Vec<&'a str>,
}

impl ValenciaRawTable {
    /// This table, borrowed as the checks read it.
    pub(crate) fn view(&self) -> TableView<'_> {
        TableView {
            variant: self.variant.as_deref(),
            special_cards: self.special_cards.as_deref().map(strs),
            fountains: self
                .fountains
                .iter()
                .map(|f: &ValenciaRawFountain| FountainView {
                    value: f.value.as_ref(),
                    central: f.central,
                    other: keys(&f.other),
                })
                .collect(),
            players: self.players.iter().map(ValenciaRawPlayer::view).collect(),
            progress: self.progress.as_ref().map(Cow::Borrowed),
            other: keys(&self.other),
        }
    }
}

impl ValenciaRawPlayer {
    fn view(&self) -> PlayerView<'_> {
        PlayerView {
            name: &self.name,
            city_members: self.city_members.as_ref(),
            palm_members: self.palm_members.as_ref(),
            fountain_members: self.fountain_members.as_deref(),
            privileges: self.privileges.as_ref(),
            coins: self.coins.as_ref(),
            resources: self.resources.as_ref().map(|r| r.iter().map(|(k, v)| (k.as_str(), v)).collect()),
            council: self.council.as_deref().map(strs),
            council_points: self.council_points.as_ref(),
            stefan_feld: self.stefan_feld,
            longest_route: self.longest_route.as_ref(),
            isolated: self.isolated.as_ref(),
            missions: self.missions.as_ref().map(|m| {
                m.iter()
                    .map(|m: &ValenciaRawMission| MissionView {
                        id: &m.id,
                        points: m.points.as_ref(),
                        done: m.done,
                        other: keys(&m.other),
                    })
                    .collect()
            }),
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
            "special_cards" => table.special_cards = optional(v, |v| list(v, Value::as_str))?,
            "fountains" => table.fountains = list(v, fountain)?,
            "players" => table.players = seats(v, player)?,
            // The helpers' state (round, auction entered) has many nested shapes of its own:
            // serde reads it, here too.
            "progress" => {
                table.progress = optional(v, |v| ValenciaProgress::deserialize(v).ok())?.map(Cow::Owned);
            }
            _ => table.other.push(key),
        }
    }
    Some(table)
}

fn fountain(raw: &Value) -> Option<FountainView<'_>> {
    let mut fountain = FountainView::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "value" => fountain.value = present(v),
            "central" => fountain.central = optional(v, Value::as_bool)?,
            _ => fountain.other.push(key),
        }
    }
    Some(fountain)
}

fn player(raw: &Value) -> Option<PlayerView<'_>> {
    let mut player = PlayerView::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "name" => player.name = v.as_str()?,
            "city_members" => player.city_members = present(v),
            "palm_members" => player.palm_members = present(v),
            "fountain_members" => player.fountain_members = optional(v, Value::as_array)?.map(Vec::as_slice),
            "privileges" => player.privileges = present(v),
            "coins" => player.coins = present(v),
            "resources" => {
                player.resources =
                    optional(v, |v| Some(v.as_object()?.iter().map(|(k, v)| (k.as_str(), v)).collect()))?;
            }
            "council" => player.council = optional(v, |v| list(v, Value::as_str))?,
            "council_points" => player.council_points = present(v),
            "stefan_feld" => player.stefan_feld = optional(v, Value::as_bool)?,
            "longest_route" => player.longest_route = present(v),
            "isolated" => player.isolated = present(v),
            "missions" => player.missions = optional(v, |v| list(v, mission))?,
            _ => player.other.push(key),
        }
    }
    Some(player)
}

fn mission(raw: &Value) -> Option<MissionView<'_>> {
    let mut mission = MissionView::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "id" => mission.id = v.as_str()?,
            "points" => mission.points = present(v),
            "done" => mission.done = optional(v, Value::as_bool)?,
            _ => mission.other.push(key),
        }
    }
    Some(mission)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;
    use crate::games::fast_read::testing::{array, count, flag, left_to_serde, object, text};

    const TEXTS: &[&str] = &["Ani", "nobility", "mission_palms", ""];

    fn raw_table() -> BoxedStrategy<Value> {
        let mission = object(vec![("id", text(TEXTS)), ("points", count()), ("done", flag())]);
        let resources = prop::collection::btree_map(
            prop_oneof![Just("oranges".to_owned()), Just("wine".to_owned()), Just("gold".to_owned())],
            count(),
            0..3,
        )
        .prop_map(|m| Value::Object(m.into_iter().collect()))
        .boxed();
        let player = object(vec![
            ("name", text(TEXTS)),
            ("city_members", count()),
            ("palm_members", count()),
            ("fountain_members", array(count())),
            ("privileges", count()),
            ("coins", count()),
            ("resources", resources),
            ("council", array(text(TEXTS))),
            ("council_points", count()),
            ("stefan_feld", flag()),
            ("longest_route", count()),
            ("isolated", count()),
            ("missions", array(mission)),
        ]);
        let fountain = object(vec![("value", count()), ("central", flag())]);
        let progress = prop_oneof![
            Just(json!({ "round": 2, "step": "C", "councils_counted": [1] })),
            Just(json!({ "round": "two" })),
            Just(Value::Null),
        ]
        .boxed();
        object(vec![
            ("variant", text(&["base", "special_influence"])),
            ("special_cards", array(text(&["joker", "support", "gold"]))),
            ("fountains", array(fountain)),
            ("players", array(player)),
            ("progress", progress),
        ])
    }

    proptest! {
        /// Whenever the fast reader answers, serde reads a table whose view is the very same;
        /// and a table serde reads is always read by the fast reader too (none of these has
        /// too many seats).
        #[test]
        fn the_fast_reader_reads_what_serde_reads(raw in raw_table()) {
            let by_serde = ValenciaRawTable::deserialize(&raw).ok();
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
        let full = ValenciaRawTable {
            variant: Some("special_influence".to_owned()),
            special_cards: Some(vec!["joker".to_owned()]),
            fountains: vec![ValenciaRawFountain {
                value: Some(json!(4)),
                central: Some(true),
                other: [("colour".to_owned(), json!("blue"))].into(),
            }],
            players: vec![ValenciaRawPlayer {
                name: "Ani".to_owned(),
                city_members: Some(json!(6)),
                palm_members: Some(json!(2)),
                fountain_members: Some(vec![json!(1)]),
                privileges: Some(json!(1)),
                coins: Some(json!(3)),
                resources: Some([("wine".to_owned(), json!(2))].into()),
                council: Some(vec!["church".to_owned()]),
                council_points: Some(json!(10)),
                stefan_feld: Some(true),
                longest_route: Some(json!(3)),
                isolated: Some(json!(1)),
                missions: Some(vec![ValenciaRawMission {
                    id: "mission_palms".to_owned(),
                    points: Some(json!(3)),
                    done: Some(true),
                    other: [("note".to_owned(), json!(1))].into(),
                }]),
                other: [("colour".to_owned(), json!("red"))].into(),
            }],
            progress: Some(ValenciaProgress { round: Some(2), ..ValenciaProgress::default() }),
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
                json!([]),
                json!({ "players": null }),
                json!({ "players": [{ "name": 3 }] }),
                json!({ "players": [{ "missions": [{ "id": null }] }] }),
                json!({ "players": [{ "council": ["church", 2] }] }),
                json!({ "fountains": [{ "central": "yes" }] }),
            ],
        );
    }
}
