//! Checks shared by every game's table state: player names, counts, unknown fields. Each
//! reports into `Problems` with the field it concerns and says nothing when the value is fine.

use std::borrow::Cow;

use serde_json::Value;

use super::Problems;
use crate::text::Text;

/// Longest player name accepted.
pub const MAX_NAME_CHARS: usize = 60;

/// What is wrong with a player name, if anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    TooLong,
    /// Control, zero-width or bidirectional-override characters: invisible, or they make a
    /// name look like another.
    Invisible,
}

/// A name as Greffier keeps it: Unicode NFC (so "é" typed two ways is one name), trimmed; or
/// why it cannot be a name.
pub fn clean_name(raw: &str) -> Result<String, NameProblem> {
    clean_name_borrowed(raw).map(Cow::into_owned)
}

/// [`clean_name`], borrowing the name when it was typed in NFC already (almost always: the
/// names of every seat are checked on every keystroke).
fn clean_name_borrowed(raw: &str) -> Result<Cow<'_, str>, NameProblem> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    // ASCII, as most names are, is NFC already.
    if raw.is_ascii() || is_nfc_quick(raw.chars()) == IsNormalized::Yes {
        checked_name(raw.trim()).map(Cow::Borrowed)
    } else {
        let nfc: String = raw.nfc().collect();
        checked_name(nfc.trim()).map(|name| Cow::Owned(name.to_owned()))
    }
}

/// `name` (NFC, trimmed) if it can be a name.
fn checked_name(name: &str) -> Result<&str, NameProblem> {
    // An ASCII name, as most are, is checked by its bytes: every keystroke checks every seat's
    // name.
    let (has_invisible, chars) = if name.is_ascii() { by_bytes(name) } else { by_characters(name) };
    if has_invisible {
        Err(NameProblem::Invisible)
    } else if name.is_empty() {
        Err(NameProblem::Empty)
    } else if chars > MAX_NAME_CHARS {
        Err(NameProblem::TooLong)
    } else {
        Ok(name)
    }
}

/// [`by_characters`] for an ASCII name: its only invisible characters are the C0 controls and
/// DEL, and each character is one byte.
fn by_bytes(ascii: &str) -> (bool, usize) {
    (ascii.bytes().any(|b| b.is_ascii_control()), ascii.len())
}

/// Whether `name` holds an invisible or direction-changing character (C0/C1 controls,
/// zero-width spaces and joiners, the word joiner, the byte-order mark, the bidi marks,
/// embeddings, overrides and isolates, the soft hyphen), and its length in characters.
fn by_characters(name: &str) -> (bool, usize) {
    let invisible = |c: char| {
        c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}' | '\u{061C}' | '\u{00AD}')
    };
    (name.chars().any(invisible), name.chars().count())
}

/// The message for a name problem of player `who` (1-based), or of "the name" when `None`.
pub fn name_problem_text(problem: NameProblem, who: Option<usize>) -> Text {
    let (fr, en) = match who {
        Some(n) => (format!("Le nom du joueur {n}"), format!("Player {n}'s name")),
        None => ("Le nom".to_owned(), "The name".to_owned()),
    };
    match problem {
        NameProblem::Empty => Text::new(format!("{fr} est vide."), format!("{en} is empty.")),
        NameProblem::TooLong => Text::new(
            format!("{fr} dépasse {MAX_NAME_CHARS} caractères."),
            format!("{en} is longer than {MAX_NAME_CHARS} characters."),
        ),
        NameProblem::Invisible => Text::new(
            format!(
                "{fr} contient des caractères invisibles ou de contrôle (espace de largeur nulle, inversion de sens…)."
            ),
            format!("{en} holds invisible or control characters (zero-width space, direction override…)."),
        ),
    }
}

pub fn name_problem_code(problem: NameProblem) -> &'static str {
    match problem {
        NameProblem::Empty => "empty_name",
        NameProblem::TooLong => "name_too_long",
        NameProblem::Invisible => "invisible_characters",
    }
}

/// Every seat's name at once: not empty, not too long, no invisible characters, not seated
/// twice (ignoring case, after NFC). A name is compared with the names before it: the seats
/// are few (a table is refused before this beyond [`MAX_SEATS_READ`]), and an ASCII name needs
/// no lowercase copy to be compared.
pub(crate) fn player_names<S: AsRef<str>>(p: &mut Problems, names: &[S]) {
    let mut seen: Vec<Caseless<'_>> = Vec::with_capacity(names.len());
    for (i, raw) in names.iter().enumerate() {
        let field = || format!("players[{i}].name");
        match clean_name_borrowed(raw.as_ref()) {
            Err(problem) => {
                p.push(field(), name_problem_code(problem), name_problem_text(problem, Some(i + 1)));
            }
            Ok(name) => {
                let key = Caseless::of(&name);
                if seen.iter().any(|k| k.same(&key)) {
                    p.push(
                        field(),
                        "duplicate_name",
                        Text::new(
                            format!("« {name} » figure deux fois à la table."),
                            format!("“{name}” is seated twice."),
                        ),
                    );
                } else {
                    seen.push(key);
                }
            }
        }
    }
}

/// A name as compared for duplicates: `str::to_lowercase`, which for an ASCII name is its
/// ASCII lowercase, compared without a copy.
enum Caseless<'a> {
    Ascii(Cow<'a, str>),
    Lower(String),
}

impl<'a> Caseless<'a> {
    fn of(name: &Cow<'a, str>) -> Caseless<'a> {
        if name.is_ascii() { Caseless::Ascii(name.clone()) } else { Caseless::Lower(name.to_lowercase()) }
    }

    fn same(&self, other: &Caseless<'_>) -> bool {
        // `lower` is a lowercase name, `ascii` an ASCII one in any case.
        let ascii_eq = |lower: &str, ascii: &str| {
            lower.len() == ascii.len()
                && lower.bytes().zip(ascii.bytes()).all(|(l, a)| l == a.to_ascii_lowercase())
        };
        match (self, other) {
            (Caseless::Ascii(a), Caseless::Ascii(b)) => a.eq_ignore_ascii_case(b),
            (Caseless::Lower(l), Caseless::Ascii(a)) | (Caseless::Ascii(a), Caseless::Lower(l)) => {
                ascii_eq(l, a)
            }
            (Caseless::Lower(a), Caseless::Lower(b)) => a == b,
        }
    }
}

/// Seats beyond which a table is not read seat by seat: a little over the most any game has,
/// so a table one or two seats too many still gets every problem reported.
pub const MAX_SEATS_READ: usize = 16;

/// Reads a table state as the game's raw type: a wrong shape is one problem naming its field
/// path; a table with far more seats than the game has is refused before anything is read per
/// seat.
pub(crate) fn from_table<T: serde::de::DeserializeOwned>(
    raw: &Value,
    max_seats: usize,
    game: &str,
) -> Result<T, Problems> {
    if let Some(seats) = raw.get("players").and_then(Value::as_array)
        && seats.len() > MAX_SEATS_READ
    {
        let mut p = Problems::new();
        seats_readable(&mut p, seats.len(), max_seats, game);
        return Err(p);
    }
    // The plain deserializer first: tracking the path costs a quarter of scoring a table on
    // every keystroke, and is only needed to name the field of a wrong shape.
    if let Ok(table) = T::deserialize(raw) {
        return Ok(table);
    }
    serde_path_to_error::deserialize(raw).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { String::new() } else { path };
        let inner = e.into_inner();
        let mut p = Problems::new();
        p.push(
            field.clone(),
            "malformed",
            Text::new(
                format!(
                    "Donnée illisible{} : {inner}",
                    if field.is_empty() { String::new() } else { format!(" ({field})") }
                ),
                format!(
                    "Unreadable data{}: {inner}",
                    if field.is_empty() { String::new() } else { format!(" ({field})") }
                ),
            ),
        );
        p
    })
}

/// Checks the number of seats before anything per seat: a table with far too many players is
/// refused at once with one problem, and no per-seat work is done (a 1 MiB table of 58 870
/// players must not keep the scorer busy). Returns false when the seats should not be read.
pub(crate) fn seats_readable(p: &mut Problems, n: usize, max: usize, game: &str) -> bool {
    if n <= max {
        return true;
    }
    p.push(
        "players",
        "player_count",
        Text::new(
            format!("{game} se joue à {max} joueurs au plus, pas {n}."),
            format!("{} is played by {max} players at most, not {n}.", super::english_box_name(game)),
        ),
    );
    false
}

/// Who a player-count message says is played: a game, a variant of it (« Citadelles
/// (Classique) »), a scenario (« Invasion »). `fr_plural` for a French name that takes a plural
/// verb (a name in « Les … »: « … se jouent »).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayedBy {
    pub fr: String,
    pub en: String,
    pub fr_plural: bool,
}

impl PlayedBy {
    pub fn new(fr: impl Into<String>, en: impl Into<String>) -> PlayedBy {
        PlayedBy { fr: fr.into(), en: en.into(), fr_plural: false }
    }

    /// The game by its box names, French and English.
    pub fn game(info: &super::GameInfo) -> PlayedBy {
        PlayedBy::new(info.name, info.name_en)
    }

    /// A variant of the game: « Valencia (Jeu de base) ».
    pub fn of_variant(info: &super::GameInfo, v: &super::VariantInfo) -> PlayedBy {
        PlayedBy::new(format!("{} ({})", info.name, v.label.fr), format!("{} ({})", info.name_en, v.label.en))
    }

    pub fn plural(self) -> PlayedBy {
        PlayedBy { fr_plural: true, ..self }
    }
}

/// The one player-count check every game, helper and the history use: `n` seats for what is
/// played from `min` to `max` players, or a `player_count` problem on `field` saying the range.
/// Returns whether the count is in it.
pub(crate) fn player_count(
    p: &mut Problems,
    field: &str,
    who: &PlayedBy,
    min: u8,
    max: u8,
    n: usize,
) -> bool {
    if (usize::from(min)..=usize::from(max)).contains(&n) {
        return true;
    }
    let verb = if who.fr_plural { "se jouent" } else { "se joue" };
    p.push(
        field,
        "player_count",
        Text::new(
            format!("{} {verb} de {min} à {max} joueurs, pas {n}.", who.fr),
            format!("{} is played by {min} to {max} players, not {n}.", who.en),
        ),
    );
    false
}

/// How a game calls its variants in an `unknown_variant` message: « Module inconnu »,
/// « Variante inconnue », "Unknown scenario"…
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct VariantWord {
    pub fr: &'static str,
    pub en: &'static str,
    pub fr_feminine: bool,
}

impl VariantWord {
    pub const VARIANT: VariantWord = VariantWord { fr: "Variante", en: "variant", fr_feminine: true };
    pub const MODULE: VariantWord = VariantWord { fr: "Module", en: "module", fr_feminine: false };
    pub const SCENARIO: VariantWord = VariantWord { fr: "Scénario", en: "scenario", fr_feminine: false };
    pub const RULES: VariantWord = VariantWord { fr: "Règle", en: "rules", fr_feminine: true };
}

/// The one `unknown_variant` problem: `id` names no variant (module, scenario, rules) of
/// `game` (named when `Some`); `known` lists the ids there are, when the message gives them.
pub(crate) fn unknown_variant(
    p: &mut Problems,
    field: &str,
    word: VariantWord,
    id: &str,
    game: Option<&str>,
    known: &[&str],
) {
    let e = if word.fr_feminine { "e" } else { "" };
    let (mut fr, mut en) =
        (format!("{} inconnu{e} « {id} »", word.fr), format!("Unknown {} “{id}”", word.en));
    if let Some(game) = game {
        fr.push_str(&format!(" pour {game}"));
        en.push_str(&format!(" for {game}"));
    }
    if !known.is_empty() {
        let known = known.join(", ");
        fr.push_str(&format!(" (connu{e}s : {known})"));
        en.push_str(&format!(" (known: {known})"));
    }
    p.push(field, "unknown_variant", Text::new(format!("{fr}."), format!("{en}.")));
}

/// A count: absent or null is 0; `None` (problem reported) when it is not a whole number from
/// 0 to `max`. `what` names the count in the message.
pub(crate) fn count(
    p: &mut Problems,
    field: String,
    value: Option<&Value>,
    max: u32,
    what: &Text,
) -> Option<u32> {
    count_with(p, || field, value, max, || what.clone())
}

/// A count from `min` to `max` (absent or null is 0, left to the caller); one problem, saying
/// the range accepted, when it is out of it.
pub(crate) fn count_in(
    p: &mut Problems,
    field: String,
    value: Option<&Value>,
    min: u32,
    max: u32,
    what: &Text,
) -> Option<u32> {
    let mut found = Problems::new();
    let n = count_with(&mut found, || field.clone(), value, max, || what.clone());
    let out_of_range = found.iter().any(|q| q.code == "out_of_range") || n.is_some_and(|n| n < min);
    if !out_of_range {
        p.0.extend(found.0);
        return n;
    }
    let message = match value {
        None | Some(Value::Null) => Text::new(
            format!("{} : une valeur de {min} à {max} est attendue.", what.fr),
            format!("{}: a value from {min} to {max} is expected.", what.en),
        ),
        Some(v) => Text::new(
            format!("{} : {v} est hors limites (de {min} à {max}).", what.fr),
            format!("{}: {v} is out of range ({min} to {max}).", what.en),
        ),
    };
    p.push(field, "out_of_range", message);
    None
}

/// [`count`], naming its field and what it counts only when there is a problem to report: a
/// table is read on every keystroke, and building those strings for every count of every seat
/// was most of the time spent validating one.
pub(crate) fn count_with(
    p: &mut Problems,
    field: impl FnOnce() -> String,
    value: Option<&Value>,
    max: u32,
    what: impl FnOnce() -> Text,
) -> Option<u32> {
    let value = match value {
        None | Some(Value::Null) => return Some(0),
        Some(v) => v,
    };
    if let Some(n) = value.as_u64() {
        if let Ok(n) = u32::try_from(n)
            && n <= max
        {
            return Some(n);
        }
    } else if value.as_i64().is_none() {
        let (what, (fr, en)) = (heading(&what()), typed(value));
        p.push(
            field(),
            "not_an_integer",
            Text::new(
                format!("{} : un nombre entier est attendu, pas {fr}.", what.fr),
                format!("{}: a whole number is expected, not {en}.", what.en),
            ),
        );
        return None;
    }
    let (what, (fr, en)) = (heading(&what()), typed(value));
    p.push(
        field(),
        "out_of_range",
        Text::new(
            format!("{} : {fr} est hors limites (de 0 à {max}).", what.fr),
            format!("{}: {en} is out of range (0 to {max}).", what.en),
        ),
    );
    None
}

/// What a message opens with, as a sentence starts: « Membres dans la ville : … » (the names
/// of what is counted are written for the middle of a sentence).
pub(crate) fn heading(what: &Text) -> Text {
    Text::new(crate::text::capitalised(&what.fr), crate::text::capitalised(&what.en))
}

/// What was typed, quoted back as a player reads it: a text in quotation marks (« abc »,
/// “abc”), a negative number with the minus sign, anything else as it came.
pub(crate) fn typed(value: &Value) -> (String, String) {
    match value {
        Value::String(s) => (format!("« {s} »"), format!("“{s}”")),
        Value::Number(n) => {
            let shown = n.as_i64().map_or_else(|| n.to_string(), crate::text::number);
            (shown.clone(), shown)
        }
        other => (other.to_string(), other.to_string()),
    }
}

/// A seat of the table, sent as its index (0 for the first of `players` seats); `None`
/// (problem reported) when it is not one. A player reads seats counted from 1, so the message
/// names the seat and the table's seats that way, not the index sent.
pub(crate) fn seat(
    p: &mut Problems,
    field: String,
    value: Option<&Value>,
    players: usize,
    what: &Text,
) -> Option<u32> {
    let value = match value {
        None | Some(Value::Null) => return Some(0),
        Some(v) => v,
    };
    if let Some(n) = value.as_u64() {
        if let Ok(n) = u32::try_from(n)
            && (n as usize) < players
        {
            return Some(n);
        }
    } else if value.as_i64().is_none() {
        let (what, (fr, en)) = (heading(what), typed(value));
        p.push(
            field,
            "not_an_integer",
            Text::new(
                format!("{} : un numéro de siège est attendu, pas {fr}.", what.fr),
                format!("{}: a seat number is expected, not {en}.", what.en),
            ),
        );
        return None;
    }
    let what = heading(what);
    let (typed_fr, typed_en) = typed(value);
    let named = value.as_u64().map(|n| n.saturating_add(1));
    let (fr, en) = match named {
        Some(n) => (
            format!("{} : il n'y a pas de siège {n} à cette table (sièges 1 à {players}).", what.fr),
            format!("{}: this table has no seat {n} (seats 1 to {players}).", what.en),
        ),
        None => (
            format!("{} : {typed_fr} n'est pas un siège de cette table (sièges 1 à {players}).", what.fr),
            format!("{}: {typed_en} is not a seat of this table (seats 1 to {players}).", what.en),
        ),
    };
    p.push(field, "out_of_range", Text::new(fr, en));
    None
}

/// A field the game does not know.
pub(crate) fn unknown_field(p: &mut Problems, field: String, key: &str, game: &str) {
    p.push(
        field,
        "unknown_field",
        Text::new(
            format!("Champ inconnu « {key} » pour {game}."),
            format!("Unknown field “{key}” for {}.", super::english_box_name(game)),
        ),
    );
}

/// Reads JSON text the way every door that receives text must: a key given twice in one object
/// is refused, naming it and where it is (serde_json would keep the last one silently: a city
/// typed 5 then 999 would score 999); any other error names its line, column and field.
pub fn parse_json(text: &str) -> Result<Value, Problems> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_str(text);
    let value = strict::Strict { path: String::new() }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| {
            let mut p = Problems::new();
            let text = e.to_string();
            match text.split_once(strict::DUPLICATE) {
                Some((_, rest)) => {
                    let (path, key) = rest.split_once('\u{1f}').unwrap_or((rest, ""));
                    let key = key.split(" at line").next().unwrap_or(key);
                    let field = if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") };
                    p.push(
                        field.clone(),
                        "duplicate_key",
                        Text::new(
                            format!("La clé « {key} » apparaît deux fois ({field}) : laquelle garder ? Gardez-en une seule."),
                            format!("The key “{key}” appears twice ({field}): which one counts? Keep only one."),
                        ),
                    );
                }
                None => p = Problems::malformed(&e),
            }
            p
        })?;
    Ok(value)
}

mod strict {
    //! A `serde_json::Value` built while refusing duplicate keys (with the path they are at).
    use std::fmt;

    use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
    use serde_json::{Map, Value};

    /// Marks the error message of a duplicate key (followed by path, 0x1f, key).
    pub(super) const DUPLICATE: &str = "\u{1e}duplicate-key\u{1e}";

    pub(super) struct Strict {
        pub(super) path: String,
    }

    impl<'de> DeserializeSeed<'de> for Strict {
        type Value = Value;
        fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Strict {
        type Value = Value;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("JSON")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_owned()))
        }
        fn visit_string<E>(self, v: String) -> Result<Value, E> {
            Ok(Value::String(v))
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_none<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
            Strict { path: self.path }.deserialize(d)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
            let mut out = Vec::new();
            while let Some(v) =
                seq.next_element_seed(Strict { path: format!("{}[{}]", self.path, out.len()) })?
            {
                out.push(v);
            }
            Ok(Value::Array(out))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
            let mut out = Map::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    return Err(de::Error::custom(format!("{DUPLICATE}{}\u{1f}{key}", self.path)));
                }
                let path = if self.path.is_empty() { key.clone() } else { format!("{}.{key}", self.path) };
                let v = map.next_value_seed(Strict { path })?;
                out.insert(key, v);
            }
            Ok(Value::Object(out))
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The byte check an ASCII name gets finds what the character check finds.
        #[test]
        fn an_ascii_name_is_checked_by_its_bytes_as_by_its_characters(name in "[\\x00-\\x7f]{0,70}") {
            prop_assert_eq!(by_bytes(&name), by_characters(&name));
        }
    }
}
