//! What players say at the table for what the rulebooks name otherwise: « premier joueur » for
//! Citadelles' Crown, « argent » or « sous » for the gold, « victory points » for Splendor's
//! prestige. Each entry lists its own (`everyday` in `entries/*.toml`); a query holding all the
//! content words of one of them (same stems, in either language) finds the entry as if its
//! title held them.

use std::collections::HashSet;

use rust_stemmers::Stemmer;

use super::RuleEntry;
use super::search::{content_key, folded_words};

/// One everyday phrase of an entry, as the stems of its content words.
struct Phrase {
    entry: u32,
    /// French and English stems (the phrase may be in either language).
    keys: [Vec<String>; 2],
}

/// Every entry's everyday phrases.
pub(super) struct Everyday {
    phrases: Vec<Phrase>,
    /// Every stem of every phrase: the everyday words the search understands.
    stems: HashSet<String>,
    /// Every content word of every phrase (folded, sorted, distinct): what a typo may be
    /// corrected to (`premeir` → `premier`).
    words: Vec<String>,
}

/// A query word as the phrases compare it: its French and English stems, and the word itself
/// when it may still be being typed (the last word of the query).
pub(super) struct QueryStems {
    pub stems: [String; 2],
    pub typing: Option<String>,
}

impl Everyday {
    pub(super) fn build(entries: &[RuleEntry], stop: &HashSet<String>, stemmers: [&Stemmer; 2]) -> Everyday {
        let mut phrases = Vec::new();
        let mut stems = HashSet::new();
        let mut words = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            let entry = u32::try_from(i).unwrap_or(u32::MAX);
            for text in &e.everyday {
                let keys = stemmers.map(|s| content_key(text, stop, s));
                stems.extend(keys.iter().flatten().cloned());
                phrases.push(Phrase { entry, keys });
                words.extend(folded_words(text).into_iter().filter(|w| !stop.contains(w)));
            }
        }
        words.sort();
        words.dedup();
        Everyday { phrases, stems, words }
    }

    /// The content words of the phrases.
    pub(super) fn words(&self) -> impl Iterator<Item = &String> {
        self.words.iter()
    }

    /// Whether a word's stem (French or English) is an everyday word of some entry.
    pub(super) fn knows(&self, stems: &[String; 2]) -> bool {
        stems.iter().any(|s| self.stems.contains(s))
    }

    /// Each phrase the query holds whole: its entry and the query words (bits) it covers.
    pub(super) fn found_in<'a>(&'a self, query: &'a [QueryStems]) -> impl Iterator<Item = (usize, u32)> + 'a {
        self.phrases.iter().filter_map(move |p| {
            let covered = covered_by(&p.keys[0], 0, query) | covered_by(&p.keys[1], 1, query);
            (covered != 0).then_some((p.entry as usize, covered))
        })
    }
}

/// The query words (bits) that make up `key`, or 0 when one of its stems is missing.
fn covered_by(key: &[String], lang: usize, query: &[QueryStems]) -> u32 {
    if key.is_empty() {
        return 0;
    }
    let mut bits = 0u32;
    for stem in key {
        let at = query.iter().position(|q| {
            q.stems[lang] == *stem
                || q.typing.as_deref().is_some_and(|t| t.chars().count() >= 3 && stem.starts_with(t))
        });
        match at {
            Some(i) => bits |= 1 << i,
            None => return 0,
        }
    }
    bits
}
