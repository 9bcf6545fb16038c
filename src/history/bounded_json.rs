//! Reading a backup without holding more of it than the history keeps, so that a hostile file
//! cannot make an import allocate without bound:
//! - a table state longer than [`MAX_STATE_BYTES`] (as compact JSON) is counted while it is read
//!   and let go as soon as it passes the limit; the rest of it is skipped without being kept
//!   ([`ReadState`]);
//! - a list is held up to its count limit, the rest only counted ([`Capped`]);
//! - a text is held up to its length limit, a longer one only measured ([`Short`]);
//! - a streamed file never makes the parser buffer a string longer than [`MAX_STRING_BYTES`]
//!   ([`CappedStrings`]): serde_json copies a string of a stream whole before a visitor sees it.
//!
//! Each is one pass over what the parser reads anyway; the checks then name every field beyond
//! its limit.

use std::fmt;
use std::io::{Read, Write};
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::plays::{MAX_STATE_BYTES, MAX_STRING_BYTES};

/// A JSON value as read from a file: the value, or only the fact that it was longer than
/// `MAX_BYTES` as compact JSON (skipped, never held).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum ReadJson<const MAX_BYTES: usize> {
    Json(Value),
    TooLarge,
}

/// A table state as read from a file.
pub(super) type ReadState = ReadJson<MAX_STATE_BYTES>;

impl<'de, const MAX_BYTES: usize> Deserialize<'de> for ReadJson<MAX_BYTES> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut left = MAX_BYTES;
        Ok(match (Bounded { left: &mut left }).deserialize(d)? {
            Some(value) => ReadJson::Json(value),
            None => ReadJson::TooLarge,
        })
    }
}

/// A list read from a file: its first `MAX` elements, and how many it has (the rest are
/// skipped without being kept).
#[derive(Debug)]
pub(super) struct Capped<T, const MAX: usize> {
    pub kept: Vec<T>,
    pub count: usize,
}

impl<T, const MAX: usize> Default for Capped<T, MAX> {
    fn default() -> Self {
        Capped { kept: Vec::new(), count: 0 }
    }
}

impl<T, const MAX: usize> Capped<T, MAX> {
    /// Whether the file listed more than `MAX`.
    pub fn too_many(&self) -> bool {
        self.count > MAX
    }
}

impl<'de, T: Deserialize<'de>, const MAX: usize> Deserialize<'de> for Capped<T, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct List<T, const MAX: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for List<T, MAX> {
            type Value = Capped<T, MAX>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list")
            }
            fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Capped<T, MAX>, S::Error> {
                let mut read = Capped {
                    kept: Vec::with_capacity(seq.size_hint().unwrap_or(0).min(MAX).min(16)),
                    count: 0,
                };
                while read.kept.len() < MAX {
                    match seq.next_element()? {
                        Some(item) => read.kept.push(item),
                        None => break,
                    }
                }
                read.count = read.kept.len();
                while seq.next_element::<IgnoredAny>()?.is_some() {
                    read.count += 1;
                }
                Ok(read)
            }
        }
        d.deserialize_seq(List::<T, MAX>(PhantomData))
    }
}

/// A text read from a file whose field keeps at most `MAX_CHARS` characters: held whole up to
/// one character past that (enough for the checks to find it too long), cut there beyond.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Short<const MAX_CHARS: usize> {
    pub text: String,
    /// The file's text went on past `text`.
    pub cut: bool,
}

impl<'de, const MAX_CHARS: usize> Deserialize<'de> for Short<MAX_CHARS> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text<const MAX_CHARS: usize>;
        impl<const MAX_CHARS: usize> Visitor<'_> for Text<MAX_CHARS> {
            type Value = Short<MAX_CHARS>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Short<MAX_CHARS>, E> {
                // Up to MAX_CHARS bytes it has at most as many characters: no count.
                if v.len() <= MAX_CHARS {
                    return Ok(Short { text: v.to_owned(), cut: false });
                }
                let end = v.char_indices().nth(MAX_CHARS.saturating_add(1)).map_or(v.len(), |(at, _)| at);
                Ok(Short { text: v.get(..end).unwrap_or_default().to_owned(), cut: end < v.len() })
            }
        }
        d.deserialize_str(Text::<MAX_CHARS>)
    }
}

/// A reader of JSON text that fails (`FileTooLarge`) as soon as a string in it runs past
/// [`MAX_STRING_BYTES`] (escapes counted as written): under serde_json's stream reader, which copies a string whole
/// before anything sees it. Put a `BufReader` over it: it looks at each chunk read once.
pub(super) struct CappedStrings<R> {
    inner: R,
    in_string: bool,
    escaped: bool,
    run: usize,
}

impl<R> CappedStrings<R> {
    pub fn new(inner: R) -> Self {
        CappedStrings { inner, in_string: false, escaped: false, run: 0 }
    }
}

impl<R: Read> Read for CappedStrings<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in buf.get(..n).unwrap_or_default() {
            if !self.in_string {
                if b == b'"' {
                    self.in_string = true;
                    self.run = 0;
                }
                continue;
            }
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                continue;
            }
            self.run += 1;
            if self.run > MAX_STRING_BYTES {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::FileTooLarge,
                    format!("a string longer than {} KiB", MAX_STRING_BYTES / 1024),
                ));
            }
        }
        Ok(n)
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

    /// A streamed string may be as long as the longest the history keeps, escapes counted as
    /// written; one byte more and the read fails, whichever chunk the string ends in.
    #[test]
    fn a_streamed_string_fails_one_byte_past_the_limit() {
        let read = |body: &str| {
            let text = format!(r#"{{"a":"{body}","b":"x"}}"#);
            let mut out = Vec::new();
            let mut r = std::io::BufReader::with_capacity(7, CappedStrings::new(text.as_bytes()));
            std::io::Read::read_to_end(&mut r, &mut out).map(|_| out.len())
        };
        let at_limit = format!("{}\\\"", "a".repeat(MAX_STRING_BYTES - 2));
        assert_eq!(at_limit.len(), MAX_STRING_BYTES);
        assert!(read(&at_limit).is_ok());
        let err = read(&format!("{at_limit}a")).expect_err("one byte too many");
        assert_eq!(err.kind(), std::io::ErrorKind::FileTooLarge);
    }

    /// A list is held up to its limit and counted beyond; a text is held up to one character
    /// past its limit, and marked cut when it went on.
    #[test]
    fn lists_and_texts_are_held_up_to_their_limits() {
        let list: Capped<u8, 3> = serde_json::from_str("[1, 2, 3, 4, 5]").expect("list");
        assert_eq!((list.kept, list.count), (vec![1, 2, 3], 5));
        let text: Short<3> = serde_json::from_str(r#""ééé""#).expect("text");
        assert_eq!((text.text.as_str(), text.cut), ("ééé", false));
        let text: Short<3> = serde_json::from_str(r#""éééé""#).expect("text");
        assert_eq!((text.text.as_str(), text.cut), ("éééé", false), "one past: the check says too long");
        let text: Short<3> = serde_json::from_str(r#""ééééé""#).expect("text");
        assert_eq!((text.text.as_str(), text.cut), ("éééé", true));
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
