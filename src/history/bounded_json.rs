//! Reading a JSON value from a file without holding more of it than the history keeps: a
//! table state longer than [`MAX_STATE_BYTES`] (as compact JSON) is counted while it is read and
//! let go as soon as it passes the limit; the rest of it is skipped without being kept, so a
//! hostile backup cannot make an import allocate without bound.

use std::fmt;
use std::io::Write;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::plays::MAX_STATE_BYTES;

/// A table state as read from a file: the value, or only the fact that it was too large.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum ReadState {
    Json(Value),
    /// Longer than [`MAX_STATE_BYTES`] as compact JSON: skipped, never held.
    TooLarge,
}

impl<'de> Deserialize<'de> for ReadState {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ReadState, D::Error> {
        let mut left = MAX_STATE_BYTES;
        Ok(match (Bounded { left: &mut left }).deserialize(d)? {
            Some(value) => ReadState::Json(value),
            None => ReadState::TooLarge,
        })
    }
}

/// The length of `value` as compact JSON, counted without writing it anywhere.
pub(super) fn json_len<T: serde::Serialize + ?Sized>(value: &T) -> usize {
    struct Counter(usize);
    impl Write for Counter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 = self.0.saturating_add(buf.len());
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter(0);
    // Writing to a counter cannot fail, and a `Value` or a string always serializes.
    let _ = serde_json::to_writer(&mut counter, value);
    counter.0
}

/// Reads one JSON value while its compact length fits in `left` bytes (and takes it from
/// `left`); past that, skips the rest of it and answers `None`.
struct Bounded<'a> {
    left: &'a mut usize,
}

impl Bounded<'_> {
    /// Takes `bytes` from what is left: false when they do not fit.
    fn spend(&mut self, bytes: usize) -> bool {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                *self.left = left;
                true
            }
            None => false,
        }
    }

    fn scalar(mut self, value: Value) -> Option<Value> {
        let bytes = json_len(&value);
        self.spend(bytes).then_some(value)
    }

    fn string(mut self, s: &str) -> Option<Value> {
        let bytes = json_len(s);
        self.spend(bytes).then(|| Value::String(s.to_owned()))
    }
}

impl<'de> DeserializeSeed<'de> for Bounded<'_> {
    type Value = Option<Value>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<Value>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Bounded<'_> {
    type Value = Option<Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Option<Value>, E> {
        Ok(self.scalar(Value::Bool(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Option<Value>, E> {
        Ok(self.scalar(Value::from(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Option<Value>, E> {
        Ok(self.scalar(Value::from(v)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Option<Value>, E> {
        Ok(self.scalar(Value::from(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<Value>, E> {
        Ok(self.string(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<Value>, E> {
        Ok(self.scalar(Value::Null))
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<Value>, E> {
        Ok(self.scalar(Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Option<Value>, A::Error> {
        let mut items = Vec::new();
        // The brackets, then a comma before every item but the first (taken before reading
        // the item, and given back when there was none).
        let mut fits = self.spend(2);
        while fits {
            let comma = usize::from(!items.is_empty());
            if !self.spend(comma) {
                // No room for a comma: the value fits only if it ends here.
                return Ok(match seq.next_element::<IgnoredAny>()? {
                    None => Some(Value::Array(items)),
                    Some(_) => {
                        drop(items);
                        while seq.next_element::<IgnoredAny>()?.is_some() {}
                        None
                    }
                });
            }
            match seq.next_element_seed(Bounded { left: &mut *self.left })? {
                Some(Some(item)) => items.push(item),
                Some(None) => fits = false,
                None => {
                    *self.left += comma;
                    return Ok(Some(Value::Array(items)));
                }
            }
        }
        drop(items);
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Option<Value>, A::Error> {
        let mut entries = Map::new();
        let mut first = true;
        let mut fits = self.spend(2);
        while fits {
            let Some(key) = map.next_key::<String>()? else {
                return Ok(Some(Value::Object(entries)));
            };
            // The key, its colon, and the comma before every entry but the first.
            let bytes = json_len(key.as_str()) + 1 + usize::from(!first);
            first = false;
            if !self.spend(bytes) {
                map.next_value::<IgnoredAny>()?;
                break;
            }
            match map.next_value_seed(Bounded { left: &mut *self.left })? {
                Some(value) => {
                    entries.insert(key, value);
                }
                None => fits = false,
            }
        }
        drop(entries);
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, limit: usize) -> Option<Value> {
        let mut left = limit;
        let mut de = serde_json::Deserializer::from_str(text);
        let value = Bounded { left: &mut left }.deserialize(&mut de).expect("JSON");
        de.end().expect("the whole value was read");
        value
    }

    /// Below or at the limit, the value read is the value; its compact length is exactly what
    /// the limit counts, so the largest value kept is the one `to_string` fits in the limit.
    #[test]
    fn a_value_is_kept_up_to_exactly_its_compact_length() {
        let text = r#" { "players" : [ { "name" : "Ani \"la\" \n é", "coins" : -3, "x" : 1.5e3 }, null, true, false, [] , {} ] } "#;
        let value: Value = serde_json::from_str(text).expect("JSON");
        let compact = value.to_string().len();
        assert_eq!(read(text, compact), Some(value));
        assert_eq!(read(text, compact - 1), None);
    }

    /// Past the limit, the rest of the value is skipped and the reader is just after it.
    #[test]
    fn a_value_past_the_limit_is_skipped_to_its_end() {
        for text in
            [r#"[1, [2, 3], {"a": [4, 5, 6]}]"#, r#"{"a": "bcdefgh", "i": {"j": [1, 2]}}"#, r#""abcdefghij""#]
        {
            let mut left = 6;
            let mut de = serde_json::Deserializer::from_str(text);
            assert_eq!(Bounded { left: &mut left }.deserialize(&mut de).expect("JSON"), None, "{text}");
            de.end().expect("nothing left");
        }
    }
}
