//! Citations: where a rule, a number or a choice of the code comes from, written so that a
//! newcomer can look it up in the repository.
//!
//! - A rulebook: its key and a page or a section as printed, `VAL p.11`, `CIT §Fin de partie`
//!   (the keys, each book's edition and where each cited section is: `docs/sources.md`).
//! - A fact from outside the rulebooks, `FACT-ORL-D4` (`docs/facts.md`).
//! - A decision of the project on an ambiguous rule, `DEC-CIT-2` (`docs/decisions.md`).
//!
//! Comments cite this way; so does data (a rule entry's `source`, a score category's, an
//! Orléans event's). [`readable`] turns such a source into the words a player reads: the
//! book's name as on its cover, then the section.

use crate::text::Text;

/// A rulebook: its key and its name as a player finds it in the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Book {
    pub key: &'static str,
    pub fr: &'static str,
    pub en: &'static str,
}

/// The five rulebooks (`docs/sources.md`), a key that begins another one after it (`CIT2`,
/// then `CIT`).
pub const BOOKS: [Book; 5] = [
    Book { key: "CIT2", fr: "Citadelles, règles 2e édition", en: "Citadelles, 2nd edition rules" },
    Book { key: "CIT", fr: "Citadelles, règles classiques", en: "Citadelles, classic rules" },
    Book { key: "VAL", fr: "Valencia, livret de règles", en: "Valencia, rulebook" },
    Book { key: "ORL", fr: "Orléans: Invasion, livret de règles", en: "Orléans: Invasion, rulebook" },
    Book {
        key: "SPL",
        fr: "Les Cités de Splendor, livret des extensions",
        en: "Cities of Splendor, expansions booklet",
    },
];

/// What a player reads for `FACT-…` and `DEC-…`.
const FACTS: (&str, &str) = ("données des cartes", "card data");
const DECISIONS: (&str, &str) = ("décisions de Greffier", "Greffier's decisions");

/// The book of a key.
pub fn book(key: &str) -> Option<&'static Book> {
    BOOKS.iter().find(|b| b.key == key)
}

/// A source as a person reads it: `VAL p.11` reads `Valencia, livret de règles — p.11`,
/// `CIT §Fin de partie; CIT2 §Fin de la partie` reads `Citadelles, règles classiques — Fin de
/// partie; Citadelles, règles 2e édition — Fin de la partie`, a book cited again right after
/// itself is not named twice, `FACT-CIT-B2, FACT-CIT-B3` reads `données des cartes B2, B3`
/// and a decision `décisions de Greffier`. French typeset as a [`Text`]'s French is.
pub fn readable(source: &str) -> Text {
    readable_within(None, source)
}

/// As [`readable`], in a sentence about `book`'s game, where its name goes without saying:
/// `ORL §Le duel, Mise en place` reads `Le duel, Mise en place` within `ORL`.
pub fn readable_within(book: Option<&str>, source: &str) -> Text {
    let mut reading = Reading { french: String::new(), english: String::new(), book, fact_named: false };
    let mut rest = source;
    while let Some(c) = rest.chars().next() {
        // A citation starts the source or follows a space or an opening sign.
        let at_word = reading.french.chars().last().is_none_or(|p| p.is_whitespace() || "(;,/+«".contains(p));
        let taken = if at_word { reading.citation(rest) } else { 0 };
        if taken > 0 {
            rest = &rest[taken..];
            continue;
        }
        if c == ';' {
            reading.fact_named = false;
        }
        reading.french.push(c);
        reading.english.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Text::new(reading.french, reading.english)
}

/// A source being read, left to right.
struct Reading<'a> {
    /// What is read so far; typeset once whole, by [`Text::new`].
    french: String,
    english: String,
    /// The book named last (or the one the sentence is about).
    book: Option<&'a str>,
    /// A fact was named since the last `;`: the next one is only its id (`B2, B3`).
    fact_named: bool,
}

impl<'a> Reading<'a> {
    /// Reads the citation `rest` starts with, if any; the bytes it took.
    fn citation(&mut self, rest: &'a str) -> usize {
        if let Some(b) = BOOKS.iter().find(|b| rest.starts_with(b.key)) {
            let after = &rest[b.key.len()..];
            let (taken, named) = if after.starts_with(" §") {
                (b.key.len() + " §".len(), self.book != Some(b.key))
            } else if after.starts_with(" p.") {
                (b.key.len() + 1, self.book != Some(b.key))
            } else if after.is_empty() || after.starts_with([';', ',', ')']) {
                self.push(b.fr, b.en);
                self.book = Some(b.key);
                return b.key.len();
            } else {
                return 0;
            };
            if named {
                self.push(b.fr, b.en);
                self.push(" — ", " — ");
            }
            self.book = Some(b.key);
            return taken;
        }
        if let Some(len) = id_len(rest, "FACT-") {
            let id = &rest[..len];
            let suffix = id.rsplit('-').next().unwrap_or(id);
            if !self.fact_named {
                self.push(FACTS.0, FACTS.1);
                self.push(" ", " ");
            }
            self.push(suffix, suffix);
            self.fact_named = true;
            return len;
        }
        if let Some(len) = id_len(rest, "DEC-") {
            self.push(DECISIONS.0, DECISIONS.1);
            return len;
        }
        0
    }

    fn push(&mut self, french: &str, english: &str) {
        self.french.push_str(french);
        self.english.push_str(english);
    }
}

/// The length of the fact or decision id `rest` starts with: `prefix` (`FACT-`, `DEC-`), then
/// two runs of capitals and digits joined by `-`.
fn id_len(rest: &str, prefix: &str) -> Option<usize> {
    let body = rest.strip_prefix(prefix)?;
    let run = |s: &str| s.find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit())).unwrap_or(s.len());
    let game = run(body);
    let id = body.get(game..)?.strip_prefix('-').map(run)?;
    (game > 0 && id > 0).then_some(prefix.len() + game + 1 + id)
}

#[cfg(test)]
mod tests;
