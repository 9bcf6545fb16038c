//! Typos: how far a typed word is from a word of the entries, and whether that distance is
//! surely a slip of the fingers (`fontane` → `fontaine`) or may be another word altogether
//! (`conteur` → `couleur`, `abbaye` → `abbe`), which must not decide an answer alone.

use super::search::folded_words;

/// How many letters of each kind a word holds (folded into 32 buckets): two words whose counts
/// differ by `k` letters on one side are at least `k` edits apart, which rules out most of a
/// vocabulary before any edit distance is computed.
pub(super) struct Letters([i16; 32]);

impl Letters {
    pub(super) fn of(word: &str) -> Letters {
        let mut n = [0i16; 32];
        for c in word.chars() {
            if let Some(slot) = n.get_mut(c as usize % 32) {
                *slot = slot.saturating_add(1);
            }
        }
        Letters(n)
    }

    /// A lower bound of the edits between the word counted and `other`.
    pub(super) fn min_edits(&self, other: &str) -> usize {
        let mut n = self.0;
        for c in other.chars() {
            if let Some(slot) = n.get_mut(c as usize % 32) {
                *slot = slot.saturating_sub(1);
            }
        }
        let extra: i32 = n.iter().filter(|x| **x > 0).map(|x| i32::from(*x)).sum();
        let missing: i32 = n.iter().filter(|x| **x < 0).map(|x| -i32::from(*x)).sum();
        usize::try_from(extra.max(missing)).unwrap_or(usize::MAX)
    }
}

/// How many typos a word of `len` letters may hold: none under 4 letters, 1 up to 5, 2 from 6.
pub(super) fn allowed_typos(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=5 => 1,
        _ => 2,
    }
}

/// A word of the entries close to a typed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Typo {
    /// Edits from the typed word to the candidate, or to its start plus one when the candidate
    /// is longer (a word still being typed): what ranks the candidates.
    pub distance: usize,
    /// Whether it is surely the same word mistyped (see [`surely_a_typo`]).
    pub sure: bool,
}

/// What one edit between two words did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OneEdit {
    /// Two neighbouring letters swapped (`warlrod`): a slip, whatever the length.
    Swap,
    /// A letter left out or typed twice (`fontane`).
    LengthChange,
    /// A letter for another (`emperer`): in a short word, often another word (`poker` →
    /// `power`, `mille` → `ville`).
    Substitution,
}

/// Whether `edits` in a typed word of `len` letters (`one`: what the edit did, when there is
/// one) are surely typos of the word meant rather than another word: a swap; a letter left
/// out or doubled from 5 letters; a letter for another from 7; two edits from 9. Two edits in a
/// shorter word often make another word (`conteur` → `couleur`, `abbaye` → `abbe`).
fn surely_a_typo(len: usize, edits: usize, one: OneEdit) -> bool {
    match (edits, one) {
        (0, _) | (1, OneEdit::Swap) => true,
        (1, OneEdit::LengthChange) => len >= 5,
        (1, OneEdit::Substitution) => len >= 7,
        (2, _) => len >= 9,
        _ => false,
    }
}

/// What one edit from a word to a candidate did, given their lengths and whether they hold
/// the same letters.
fn one_edit(len: usize, candidate_len: usize, same_letters: bool) -> OneEdit {
    match (len == candidate_len, same_letters) {
        (false, _) => OneEdit::LengthChange,
        (true, true) => OneEdit::Swap,
        (true, false) => OneEdit::Substitution,
    }
}

/// The edits from `word` (`len` letters, counted in `letters`) to `candidate`, or to its start
/// when `candidate` is longer (a word still being typed: one edit more), if at most `allowed`.
pub(super) fn typo_distance(
    word: &str,
    len: usize,
    letters: &Letters,
    candidate: &str,
    allowed: usize,
) -> Option<Typo> {
    let clen = candidate.chars().count();
    if clen + allowed < len || candidate.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut found: Option<Typo> = None;
    if clen <= len + allowed {
        let bound = letters.min_edits(candidate);
        if bound <= allowed {
            let d = strsim::osa_distance(word, candidate);
            let sure = surely_a_typo(len, d, one_edit(len, clen, bound == 0));
            found = Some(Typo { distance: d, sure });
        }
    }
    if clen > len {
        let start = candidate.char_indices().nth(len).map_or(candidate, |(i, _)| &candidate[..i]);
        let bound = letters.min_edits(start);
        if bound < allowed {
            let d = strsim::osa_distance(word, start);
            let typo = Typo { distance: d + 1, sure: surely_a_typo(len, d, one_edit(len, len, bound == 0)) };
            if found.is_none_or(|f| typo.distance < f.distance || (typo.distance == f.distance && typo.sure))
            {
                found = Some(typo);
            }
        }
    }
    found.filter(|t| t.distance <= allowed)
}

/// Close terms for a query that found nothing: each word that starts no word of the entries is
/// replaced by the nearest ones (edit distance with transpositions, at most 1 for short words and 2
/// from 6 letters), most frequent first. Whole queries are returned, ready to search, each with
/// the word it puts in.
pub(super) fn suggest(vocabulary: &[(String, u32)], query: &str, max: usize) -> Vec<(String, String)> {
    // Only what the search itself reads: a pasted page is not compared with every word.
    let head: String = query.chars().take(super::search::MAX_QUERY_CHARS).collect();
    let words: Vec<String> = folded_words(&head).into_iter().take(8).collect();
    let known = |w: &str| vocabulary.iter().any(|(v, _)| v.starts_with(w));
    let Some(bad) = words.iter().position(|w| w.chars().count() >= 3 && !known(w)) else {
        return Vec::new();
    };
    let word = &words[bad];
    let len = word.chars().count();
    let allowed = allowed_typos(len).max(1);
    let letters = Letters::of(word);
    let mut close: Vec<(usize, u32, &str)> = vocabulary
        .iter()
        .filter_map(|(v, n)| {
            // Compared with the word's length too, so a prefix typed with a typo still matches.
            typo_distance(word, len, &letters, v, allowed).map(|t| (t.distance, *n, v.as_str()))
        })
        .collect();
    close.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    close
        .into_iter()
        .take(max)
        .map(|(_, _, v)| {
            let mut q = words.clone();
            if let Some(slot) = q.get_mut(bad) {
                *slot = v.to_owned();
            }
            (q.join(" "), v.to_owned())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_page_gets_no_close_term() {
        let vocabulary = vec![("fontaine".to_owned(), 3), ("condottiere".to_owned(), 2)];
        assert_eq!(suggest(&vocabulary, "fontane", 5).first().map(|s| s.1.as_str()), Some("fontaine"));
        assert!(suggest(&vocabulary, &"fontane".repeat(15_000), 5).is_empty());
        assert!(suggest(&vocabulary, &format!("fontaine {}", "x".repeat(100_000)), 5).is_empty());
    }

    #[test]
    fn letter_counts_bound_the_edit_distance_from_below() {
        for (a, b) in [
            ("fontane", "fontaine"),
            ("warlrod", "warlord"),
            ("condotiere", "condottiere"),
            ("jumaux", "jumeaux"),
            ("abc", "xyz"),
            ("sassin", "assassin"),
        ] {
            let bound = Letters::of(a).min_edits(b);
            assert!(bound <= strsim::osa_distance(a, b), "{a} {b}");
        }
        assert_eq!(Letters::of("warlrod").min_edits("warlord"), 0, "a swap changes no count");
        assert!(Letters::of("zorglub").min_edits("fontaine") > 2);
        // A word being typed compares with the start of a longer one, one edit more.
        let typo =
            |w: &str, candidate: &str| typo_distance(w, w.chars().count(), &Letters::of(w), candidate, 2);
        assert_eq!(typo("condoti", "condottiere").map(|t| t.distance), Some(2));
        assert_eq!(typo("fontane", "fontaine").map(|t| t.distance), Some(1));
        assert_eq!(typo("zorglub", "fontaine"), None);
    }

    /// « dixit conteur » was answered as « couleur » without a word said. Two swapped
    /// letters, or one left out in a long word, is a typo; a letter for another in a short word,
    /// or two edits in a 6- to 8-letter word, often make another word, which may be offered but
    /// must not answer alone.
    #[test]
    fn a_typo_is_sure_only_when_it_cannot_well_be_another_word() {
        let typo = |w: &str, candidate: &str| {
            let len = w.chars().count();
            typo_distance(w, len, &Letters::of(w), candidate, allowed_typos(len))
        };
        for (typed, meant) in [
            ("fontane", "fontaine"),
            ("condotiere", "condottiere"),
            ("voluer", "voleur"),
            ("warlrod", "warlord"),
            ("plam", "palm"),
            ("donjn", "donjon"),
            ("architecet", "architecte"),
            ("emperer", "emperor"),
            ("condotierre", "condottiere"),
            // A word being typed with a slip: one edit to the start of the word meant.
            ("condoti", "condottiere"),
        ] {
            assert_eq!(typo(typed, meant).map(|t| t.sure), Some(true), "{typed} → {meant}");
        }
        for (typed, meant) in [
            ("conteur", "couleur"),
            ("abbaye", "abbe"),
            ("dame", "date"),
            ("pion", "lion"),
            ("poker", "power"),
            ("mille", "ville"),
            ("banquier", "banque"),
        ] {
            assert_eq!(typo(typed, meant).map(|t| t.sure), Some(false), "{typed} → {meant}");
        }
    }
}
