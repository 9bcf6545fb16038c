//! Reading a game's raw table straight from its JSON value, field by field, the way its serde
//! derive would, borrowing instead of copying: the play sheet scores its table on every
//! keystroke, and serde's `Deserializer` for `&Value` (a visitor per field, each count cloned
//! through `Value`'s own visitor, the unknown keys buffered for `#[serde(flatten)]`) was a
//! quarter (Citadelles) to two fifths (Valencia) of scoring a table; copying the strings and
//! counts out of the value into the raw structs was then still a fifth to two fifths of it.
//!
//! A game's raw structs and their serde derive stay the definition of its format. Its reader
//! (`valencia/read.rs`, `citadelles/read.rs`) gives a borrowed view of those structs, and
//! answers `None` for anything it is not sure serde would read the same way (a wrong type
//! anywhere, too many seats); the game then goes through serde, which names the problem, and
//! checks the view of serde's struct. Each reader has a property test checking that whenever
//! it answers, serde reads a struct with the same view.
//!
//! The helpers are `#[inline]`: the readers call them for every field, from other codegen
//! units.

use std::collections::BTreeMap;

use serde_json::Value;

use super::input::MAX_SEATS_READ;

/// An `Option<Value>` field, borrowed: serde reads `null` as absent.
#[inline]
pub(crate) fn present(v: &Value) -> Option<&Value> {
    (!v.is_null()).then_some(v)
}

/// An `Option<T>` field: `Some(None)` for `null`, `None` when `read` does not take the value.
#[inline]
pub(crate) fn optional<'a, T>(v: &'a Value, read: impl FnOnce(&'a Value) -> Option<T>) -> Option<Option<T>> {
    if v.is_null() { Some(None) } else { read(v).map(Some) }
}

/// A `Vec<T>` field: an array (serde refuses `null` for it), each item read by `read`. A loop
/// rather than `collect::<Option<Vec<_>>>()`, which cannot reserve the length and grows.
#[inline]
pub(crate) fn list<'a, T>(v: &'a Value, read: impl Fn(&'a Value) -> Option<T>) -> Option<Vec<T>> {
    let items = v.as_array()?;
    let mut list = Vec::with_capacity(items.len());
    for item in items {
        list.push(read(item)?);
    }
    Some(list)
}

/// The `players` list: `None` past [`MAX_SEATS_READ`], which serde's reader refuses before
/// anything is read per seat.
#[inline]
pub(crate) fn seats<'a, T>(v: &'a Value, read: impl Fn(&'a Value) -> Option<T>) -> Option<Vec<T>> {
    if v.as_array().is_some_and(|seats| seats.len() > MAX_SEATS_READ) {
        return None;
    }
    list(v, read)
}

/// The unknown keys of a raw struct (its flattened map), borrowed for its view.
#[inline]
pub(crate) fn keys(other: &BTreeMap<String, Value>) -> Vec<&str> {
    other.keys().map(String::as_str).collect()
}

/// A list of ids of a raw struct, borrowed for its view.
#[inline]
pub(crate) fn strs(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

/// What both readers' tests check, and the property tests' inputs: tables whose fields are
/// mostly well typed, sometimes anything.
#[cfg(test)]
pub(crate) mod testing {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::MAX_SEATS_READ;

    /// The fast reader (`answers`: whether it reads a value) leaves each of `raws` to serde,
    /// and a table with too many seats.
    pub(crate) fn left_to_serde(answers: impl Fn(&Value) -> bool, raws: &[Value]) {
        let too_many_seats = json!({ "players": vec![json!({}); MAX_SEATS_READ + 1] });
        for raw in raws.iter().chain([&too_many_seats]) {
            assert!(!answers(raw), "{raw}");
        }
    }

    /// Any small JSON value: what a field may hold when it is sent wrong.
    pub(crate) fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            (0u64..30).prop_map(Value::from),
            (-5i64..0).prop_map(Value::from),
            Just(json!(2.5)),
            prop_oneof![Just("oranges"), Just("church"), Just("temple"), Just("Ani"), Just("")]
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

    /// An object with some of `fields`, each either well typed (its strategy) or anything, and
    /// sometimes a key the game does not know.
    pub(crate) fn object(fields: Vec<(&'static str, BoxedStrategy<Value>)>) -> BoxedStrategy<Value> {
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
        (entries, prop::option::weighted(0.1, any_value()))
            .prop_map(|(entries, unknown)| {
                let mut object = serde_json::Map::new();
                for (key, v) in entries.into_iter().flatten() {
                    object.insert(key.to_owned(), v);
                }
                if let Some(v) = unknown {
                    object.insert("colour".to_owned(), v);
                }
                Value::Object(object)
            })
            .boxed()
    }

    /// A count, or `null`.
    pub(crate) fn count() -> BoxedStrategy<Value> {
        prop_oneof![(0u64..20).prop_map(Value::from), Just(Value::Null)].boxed()
    }

    /// A boolean, or `null`.
    pub(crate) fn flag() -> BoxedStrategy<Value> {
        prop_oneof![any::<bool>().prop_map(Value::from), Just(Value::Null)].boxed()
    }

    /// One of `texts`.
    pub(crate) fn text(texts: &'static [&'static str]) -> BoxedStrategy<Value> {
        prop::sample::select(texts).prop_map(Value::from).boxed()
    }

    /// An array of up to 3 items.
    pub(crate) fn array(item: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
        prop::collection::vec(item, 0..4).prop_map(Value::from).boxed()
    }
}
