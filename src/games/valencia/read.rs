//! Reads a [`ValenciaRawTable`] out of a JSON value without serde's visitors: the play sheet
//! scores its table on every keystroke, and going through serde's `Deserializer` for `&Value`
//! (a visitor per field, each count cloned through `Value`'s own visitor, the unknown keys
//! buffered for `#[serde(flatten)]`) was two fifths of scoring a 5-player table.
//!
//! The struct and its serde derive stay the definition of the format. This reader answers
//! `None` for anything it is not sure serde would read the same way (a wrong type anywhere, too
//! many seats), and the caller then goes through serde, which names the problem. The property
//! test below checks that whenever this reader answers, serde answers the same struct.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::phases::ValenciaProgress;
use super::table::{ValenciaRawFountain, ValenciaRawMission, ValenciaRawPlayer, ValenciaRawTable};
use crate::games::input::MAX_SEATS_READ;

/// The table, or `None` where serde must read it (its answer is then the one that counts).
pub(super) fn table(raw: &Value) -> Option<ValenciaRawTable> {
    let mut table = ValenciaRawTable::default();
    for (key, v) in raw.as_object()? {
        match key.as_str() {
            "variant" => table.variant = optional(v, |v| v.as_str().map(str::to_owned))?,
            "fountains" => table.fountains = list(v, fountain)?,
            "players" => {
                // A table with far more seats than the game has is refused by serde's reader
                // before anything is read per seat.
                if v.as_array().is_some_and(|seats| seats.len() > MAX_SEATS_READ) {
                    return None;
                }
                table.players = list(v, player)?;
            }
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
            "name" => player.name = v.as_str()?.to_owned(),
            "city_members" => player.city_members = present(v),
            "palm_members" => player.palm_members = present(v),
            "fountain_members" => player.fountain_members = optional(v, |v| v.as_array().cloned())?,
            "privileges" => player.privileges = present(v),
            "coins" => player.coins = present(v),
            "resources" => player.resources = optional(v, |v| v.as_object().map(to_btree))?,
            "council" => {
                player.council = optional(v, |v| list(v, |seat| seat.as_str().map(str::to_owned)))?;
            }
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
            "id" => mission.id = v.as_str()?.to_owned(),
            "points" => mission.points = present(v),
            "done" => mission.done = optional(v, Value::as_bool)?,
            _ => _ = mission.other.insert(key.clone(), v.clone()),
        }
    }
    Some(mission)
}

/// An `Option<Value>` field: serde reads `null` as absent.
fn present(v: &Value) -> Option<Value> {
    (!v.is_null()).then(|| v.clone())
}

/// An `Option<T>` field: `Some(None)` for `null`, `None` when `read` does not take the value.
fn optional<T>(v: &Value, read: impl FnOnce(&Value) -> Option<T>) -> Option<Option<T>> {
    if v.is_null() { Some(None) } else { read(v).map(Some) }
}

/// A `Vec<T>` field: an array (serde refuses `null` for it), each item read by `read`. A loop
/// rather than `collect::<Option<Vec<_>>>()`, which cannot reserve the length and grows.
fn list<T>(v: &Value, read: impl Fn(&Value) -> Option<T>) -> Option<Vec<T>> {
    let items = v.as_array()?;
    let mut list = Vec::with_capacity(items.len());
    for item in items {
        list.push(read(item)?);
    }
    Some(list)
}

/// Inserted one by one: `BTreeMap`'s `collect` sorts a vector first, a lot for one resource.
fn to_btree(map: &Map<String, Value>) -> BTreeMap<String, Value> {
    let mut btree = BTreeMap::new();
    for (k, v) in map {
        btree.insert(k.clone(), v.clone());
    }
    btree
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::*;

    /// Any JSON value, small: what a field may hold when it is sent wrong.
    fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            (0u64..30).prop_map(Value::from),
            (-5i64..0).prop_map(Value::from),
            Just(json!(2.5)),
            prop_oneof![Just("oranges"), Just("church"), Just("mission_palms"), Just("Ani"), Just("")]
                .prop_map(Value::from),
        ];
        leaf.prop_recursive(2, 8, 3, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(Value::from),
                prop::collection::btree_map(
                    prop_oneof![Just("wine".to_owned()), Just("x".to_owned())],
                    inner,
                    0..2
                )
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// An object with some of `fields`, each either well typed (`typed`) or anything, and
    /// sometimes a key the game does not know.
    fn object(fields: Vec<(&'static str, BoxedStrategy<Value>)>) -> impl Strategy<Value = Value> {
        let entries: Vec<_> = fields
            .into_iter()
            .map(|(key, typed)| {
                prop_oneof![
                    3 => Just(None),
                    6 => typed.prop_map(Some),
                    1 => any_value().prop_map(Some),
                ]
                .prop_map(move |v| v.map(|v| (key, v)))
            })
            .collect();
        (entries, prop::option::weighted(0.1, any_value())).prop_map(|(entries, unknown)| {
            let mut object = serde_json::Map::new();
            for (key, v) in entries.into_iter().flatten() {
                object.insert(key.to_owned(), v);
            }
            if let Some(v) = unknown {
                object.insert("colour".to_owned(), v);
            }
            Value::Object(object)
        })
    }

    fn count() -> BoxedStrategy<Value> {
        prop_oneof![(0u64..20).prop_map(Value::from), Just(Value::Null)].boxed()
    }

    fn flag() -> BoxedStrategy<Value> {
        prop_oneof![any::<bool>().prop_map(Value::from), Just(Value::Null)].boxed()
    }

    fn text() -> BoxedStrategy<Value> {
        prop_oneof![Just("Ani"), Just("nobility"), Just("mission_palms"), Just("")]
            .prop_map(Value::from)
            .boxed()
    }

    fn array(item: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
        prop::collection::vec(item, 0..4).prop_map(Value::from).boxed()
    }

    fn raw_table() -> impl Strategy<Value = Value> {
        let mission = object(vec![("id", text()), ("points", count()), ("done", flag())]).boxed();
        let resources = prop::collection::btree_map(
            prop_oneof![Just("oranges".to_owned()), Just("wine".to_owned()), Just("gold".to_owned())],
            count(),
            0..3,
        )
        .prop_map(|m| Value::Object(m.into_iter().collect()))
        .boxed();
        let player = object(vec![
            ("name", text()),
            ("city_members", count()),
            ("palm_members", count()),
            ("fountain_members", array(count())),
            ("privileges", count()),
            ("coins", count()),
            ("resources", resources),
            ("council", array(text())),
            ("council_points", count()),
            ("stefan_feld", flag()),
            ("longest_route", count()),
            ("isolated", count()),
            ("missions", array(mission)),
        ])
        .boxed();
        let fountain = object(vec![("value", count()), ("central", flag())]).boxed();
        let progress = prop_oneof![
            Just(json!({ "round": 2, "step": "C", "councils_counted": [1] })),
            Just(json!({ "round": "two" })),
            Just(Value::Null),
        ]
        .boxed();
        object(vec![
            ("variant", prop_oneof![Just("base"), Just("special_influence")].prop_map(Value::from).boxed()),
            ("fountains", array(fountain)),
            ("players", array(player)),
            ("progress", progress),
        ])
    }

    proptest! {
        /// Whenever the fast reader answers, serde reads the very same table; and a table
        /// whose every field has its type is always read by the fast reader.
        #[test]
        fn the_fast_reader_reads_what_serde_reads(raw in raw_table()) {
            let by_serde = ValenciaRawTable::deserialize(&raw).ok();
            match table(&raw) {
                Some(fast) => prop_assert_eq!(Some(fast), by_serde),
                None => prop_assert!(by_serde.is_none(), "serde read {raw} and the fast reader did not"),
            }
        }
    }

    #[test]
    fn a_wrong_type_or_too_many_seats_is_left_to_serde() {
        for raw in [
            json!([]),
            json!({ "players": null }),
            json!({ "players": [{ "name": 3 }] }),
            json!({ "players": [{ "missions": [{ "id": null }] }] }),
            json!({ "players": [{ "council": ["church", 2] }] }),
            json!({ "fountains": [{ "central": "yes" }] }),
            json!({ "players": vec![json!({}); MAX_SEATS_READ + 1] }),
        ] {
            assert!(table(&raw).is_none(), "{raw}");
        }
    }
}
