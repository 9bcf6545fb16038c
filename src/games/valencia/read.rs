//! The Valencia raw table read straight from its JSON value ([`crate::games::fast_read`]):
//! serde reads it whenever this reader answers `None`, and the property test below holds the
//! two equal.

use serde::Deserialize;
use serde_json::Value;

use super::phases::ValenciaProgress;
use super::table::{ValenciaRawFountain, ValenciaRawMission, ValenciaRawPlayer, ValenciaRawTable};
use crate::games::fast_read::{list, map, optional, present, seats, string};

/// The table, or `None` where serde must read it (its answer is then the one that counts).
pub(super) fn table(raw: &Value) -> Option<ValenciaRawTable> {
    let mut table = ValenciaRawTable::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "variant" => table.variant = optional(v, string)?,
            "fountains" => table.fountains = list(v, fountain)?,
            "players" => table.players = seats(v, player)?,
            // The helpers' state (round, auction entered) has many nested shapes of its own:
            // serde reads it, here too.
            "progress" => table.progress = optional(v, |v| ValenciaProgress::deserialize(v).ok())?,
            _ => _ = table.other.insert(key.clone(), v.clone()),
        }
    }
    Some(table)
}

fn fountain(raw: &Value) -> Option<ValenciaRawFountain> {
    let mut fountain = ValenciaRawFountain::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "value" => fountain.value = present(v),
            "central" => fountain.central = optional(v, Value::as_bool)?,
            _ => _ = fountain.other.insert(key.clone(), v.clone()),
        }
    }
    Some(fountain)
}

fn player(raw: &Value) -> Option<ValenciaRawPlayer> {
    let mut player = ValenciaRawPlayer::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "name" => player.name = string(v)?,
            "city_members" => player.city_members = present(v),
            "palm_members" => player.palm_members = present(v),
            "fountain_members" => player.fountain_members = optional(v, |v| v.as_array().cloned())?,
            "privileges" => player.privileges = present(v),
            "coins" => player.coins = present(v),
            "resources" => player.resources = optional(v, |v| v.as_object().map(map))?,
            "council" => player.council = optional(v, |v| list(v, string))?,
            "council_points" => player.council_points = present(v),
            "stefan_feld" => player.stefan_feld = optional(v, Value::as_bool)?,
            "longest_route" => player.longest_route = present(v),
            "isolated" => player.isolated = present(v),
            "missions" => player.missions = optional(v, |v| list(v, mission))?,
            _ => _ = player.other.insert(key.clone(), v.clone()),
        }
    }
    Some(player)
}

fn mission(raw: &Value) -> Option<ValenciaRawMission> {
    let mut mission = ValenciaRawMission::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "id" => mission.id = string(v)?,
            "points" => mission.points = present(v),
            "done" => mission.done = optional(v, Value::as_bool)?,
            _ => _ = mission.other.insert(key.clone(), v.clone()),
        }
    }
    Some(mission)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;
    use crate::games::fast_read::testing::{
        array, count, flag, left_to_serde, object, reads_as_serde, reads_back, text,
    };

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
            ("fountains", array(fountain)),
            ("players", array(player)),
            ("progress", progress),
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
        let full = ValenciaRawTable {
            variant: Some("special_influence".to_owned()),
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
        reads_back(full, table);
    }

    #[test]
    fn a_wrong_type_or_too_many_seats_is_left_to_serde() {
        left_to_serde(
            table,
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
