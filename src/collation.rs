//! The order a French reader expects for names and titles (the roster, opponents, other
//! games): letters first without accents or case (« Émilie » between « Eve » and « Lilli »,
//! « Œdipe » as « Oedipe »), then, between names equal that way, the unaccented before the
//! accented, then the bytes, so that two different names never compare equal.
//!
//! The one function for it, [`compare`], sorts in Rust and, registered on every connection of
//! the history as the SQLite collation [`FRENCH`], in SQL (`ORDER BY name COLLATE french`).
//! Letters are folded through Unicode's canonical decomposition (the accent is a mark of its
//! own, dropped), plus the ligatures and letters it does not decompose.

use std::cmp::Ordering;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The SQLite collation's name (`COLLATE french`).
pub const FRENCH: &str = "french";

/// The order of `a` and `b` for a French reader (see the module).
pub fn compare(a: &str, b: &str) -> Ordering {
    base_letters(a)
        .cmp(base_letters(b))
        .then_with(|| a.chars().flat_map(char::to_lowercase).cmp(b.chars().flat_map(char::to_lowercase)))
        .then_with(|| a.cmp(b))
}

/// `s` without accents or case: its decomposed letters, lower case, marks left out, the
/// letters Unicode does not decompose spelt as a French reader reads them.
fn base_letters(s: &str) -> impl Iterator<Item = char> + '_ {
    s.nfd().filter(|c| !is_combining_mark(*c)).flat_map(char::to_lowercase).flat_map(|c| {
        let spelt: (char, Option<char>) = match c {
            'œ' => ('o', Some('e')),
            'æ' => ('a', Some('e')),
            'ß' => ('s', Some('s')),
            'ø' => ('o', None),
            'ł' => ('l', None),
            'đ' => ('d', None),
            c => (c, None),
        };
        std::iter::once(spelt.0).chain(spelt.1)
    })
}

/// Registers [`compare`] as the collation [`FRENCH`] on `conn`.
pub fn register(conn: &rusqlite::Connection) -> rusqlite::Result<()> {
    conn.create_collation(FRENCH, compare)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(names: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
        v.sort_by(|a, b| compare(a, b));
        v
    }

    /// Accents and case count only between names otherwise equal; ligatures read as their
    /// letters.
    #[test]
    fn names_sort_as_a_french_reader_expects() {
        assert_eq!(
            sorted(&["Lilli", "Zoé", "Émilie", "ani", "Œdipe", "Eve", "Oscar", "Ødegaard"]),
            ["ani", "Émilie", "Eve", "Lilli", "Ødegaard", "Œdipe", "Oscar", "Zoé"]
        );
        assert_eq!(
            sorted(&["élodie", "Elodie", "ÉLODIE", "elodie"]),
            ["Elodie", "elodie", "ÉLODIE", "élodie"]
        );
        assert_eq!(sorted(&["Cote", "Côté", "Coté", "Côte"]), ["Cote", "Coté", "Côte", "Côté"]);
    }

    /// Two different names never compare equal (a total order: the bytes decide last).
    #[test]
    fn different_names_never_compare_equal() {
        for (a, b) in [("Oe", "Œ"), ("e\u{301}", "é"), ("ANI", "ani"), ("ß", "ss")] {
            assert_ne!(compare(a, b), Ordering::Equal, "{a} {b}");
            assert_eq!(compare(a, b), compare(b, a).reverse(), "{a} {b}");
        }
        assert_eq!(compare("Ani", "Ani"), Ordering::Equal);
    }
}
