//! Two devices editing one play (table mode): the host's sheet and the phones. A phone sends only
//! its seat's fields; the host's sheet sends its whole table. So that a phone's save reaching the
//! core while the host's is on its way is not overwritten by the host's older copy of it, the host
//! also sends the state its edit started from, and the store merges three ways in the same
//! transaction as the write.

use serde_json::Value;

/// `ours` (the host's new table) over `theirs` (what the store holds now), both grown from `base`
/// (what the host last knew), field by field: what `ours` changed from `base` is kept, what only
/// `theirs` changed is taken, and a field both changed keeps `ours`, the later writer (the
/// issue's "last writer wins", the earlier value staying in the undo history). Lists of the same
/// length merge item by item (the seats); otherwise a changed list is taken whole (a city's
/// districts, a player's missions).
pub(super) fn three_way(base: &Value, ours: &Value, theirs: &Value) -> Value {
    merge(Some(base), Some(ours), Some(theirs)).unwrap_or(Value::Null)
}

/// One value of the merge, an absent object field being a value of its own (`None`): a field
/// `ours` never had is no change of `ours`, and a field that merges to absent is left out.
fn merge(base: Option<&Value>, ours: Option<&Value>, theirs: Option<&Value>) -> Option<Value> {
    if ours == base {
        return theirs.cloned();
    }
    if theirs == base || theirs == ours {
        return ours.cloned();
    }
    match (base, ours, theirs) {
        (Some(Value::Array(b)), Some(Value::Array(o)), Some(Value::Array(t)))
            if b.len() == o.len() && b.len() == t.len() =>
        {
            let items = b.iter().zip(o).zip(t).map(|((b, o), t)| three_way(b, o, t));
            Some(Value::Array(items.collect()))
        }
        (Some(Value::Object(b)), Some(Value::Object(o)), Some(Value::Object(t))) => {
            let keys = o.keys().chain(t.keys().filter(|k| !o.contains_key(*k)));
            let keys = keys.chain(b.keys().filter(|k| !o.contains_key(*k) && !t.contains_key(*k)));
            let merged =
                keys.filter_map(|key| Some((key.clone(), merge(b.get(key), o.get(key), t.get(key))?)));
            Some(Value::Object(merged.collect()))
        }
        _ => ours.cloned(),
    }
}

#[cfg(test)]
mod tests {
    use super::three_way;
    use serde_json::json;

    #[test]
    fn what_ours_changed_is_kept_and_what_only_theirs_changed_comes_in() {
        let base = json!({ "a": 1, "b": { "c": 1, "d": [1, 2] }, "e": [1] });
        let ours = json!({ "a": 2, "b": { "c": 1, "d": [1, 2] }, "e": [1, 2] });
        let theirs = json!({ "a": 1, "b": { "c": 5, "d": [1, 3] }, "e": [9] });
        // `e` changed length in ours: taken whole; `d` changed only in theirs, item by item.
        assert_eq!(
            three_way(&base, &ours, &theirs),
            json!({ "a": 2, "b": { "c": 5, "d": [1, 3] }, "e": [1, 2] })
        );
    }

    #[test]
    fn a_field_only_theirs_added_comes_in_and_one_only_they_removed_goes() {
        assert_eq!(
            three_way(&json!({ "x": 1 }), &json!({ "x": 1 }), &json!({ "x": 1, "y": 2 })),
            json!({ "x": 1, "y": 2 })
        );
        assert_eq!(
            three_way(&json!({ "x": 1, "y": 2 }), &json!({ "x": 1, "y": 2 }), &json!({ "x": 1 })),
            json!({ "x": 1 })
        );
        // Ours added one, theirs another: both are there.
        assert_eq!(
            three_way(&json!({ "x": 1 }), &json!({ "x": 1, "o": 1 }), &json!({ "x": 1, "t": 2 })),
            json!({ "x": 1, "o": 1, "t": 2 })
        );
        // Ours removed one theirs did not touch: it stays removed.
        assert_eq!(
            three_way(&json!({ "x": 1, "y": 2 }), &json!({ "x": 1 }), &json!({ "x": 1, "y": 2, "z": 3 })),
            json!({ "x": 1, "z": 3 })
        );
    }

    #[test]
    fn a_field_both_changed_keeps_ours_the_later_writer() {
        assert_eq!(three_way(&json!({ "x": 1 }), &json!({ "x": 2 }), &json!({ "x": 3 })), json!({ "x": 2 }));
        // Both added it: ours too.
        assert_eq!(three_way(&json!({}), &json!({ "x": 2 }), &json!({ "x": 3 })), json!({ "x": 2 }));
        // The seats merge one by one: the host's edit of one player, a phone's of another.
        let base = json!({ "players": [{ "name": "Ani", "coins": 3 }, { "name": "Dirk", "coins": 5 }] });
        let ours = json!({ "players": [{ "name": "Ani", "coins": 4 }, { "name": "Dirk", "coins": 5 }] });
        let theirs = json!({ "players": [{ "name": "Ani", "coins": 3 }, { "name": "Dirk", "coins": 11, "palms": 2 }] });
        assert_eq!(
            three_way(&base, &ours, &theirs),
            json!({ "players": [{ "name": "Ani", "coins": 4 }, { "name": "Dirk", "coins": 11, "palms": 2 }] })
        );
    }

    #[test]
    fn nothing_stored_yet_takes_ours() {
        assert_eq!(
            three_way(&json!({ "players": [] }), &json!({ "players": [{ "name": "Ani" }] }), &json!(null)),
            json!({ "players": [{ "name": "Ani" }] })
        );
    }
}
