//! Search over the rule entries as a player types it mid-game: an in-memory inverted index of
//! the folded words (lowercase, no accents: `egalite` finds `égalité`) of every entry's titles,
//! aliases and bodies in both languages, built once when the catalogue loads.
//!
//! A query is cut into words; the catalogue's stop and question words and phrases (`que`,
//! `combien`, `what`, `se passe`…, [`StopWords`]) are dropped unless nothing else is left, and
//! so are stop words mistyped (`pourqoui`). Each remaining word finds the index words that
//! 1. are it (strength 1), share its Snowball stem in French or English (`violets` →
//!    `violet`, 0.9), or start with it (a word being typed, 0.75); a number written out is also
//!    its digits (`huit` → `8`);
//! 2. failing that, are one or two typos away from it (edit distance scaled to its length, on
//!    the words of titles and aliases only: `condotiere` → `condottiere`), then searched as if
//!    typed (× 0.6) when the typo is sure (`typo.rs`); or contain it (`sassin` in `assassin`,
//!    0.45).
//!
//! The everyday words players use for an entry (`premier joueur`, `argent`: `everyday.rs`)
//! match as whole phrases, as if the entry's title held them.
//!
//! An entry's score for a word is its best match: strength × field weight (title 10, alias 8,
//! body 1 + ln tf) × idf; a game's name (`valencia`) matches every entry of that game. Entries
//! are ranked by how many query words they match, then by how many of those their titles,
//! aliases or everyday phrases hold, then with the game being played first (or the game the
//! query names), then an entry whose title, alias or everyday phrase *is* the query (same
//! content words, same stems; the rule before its glossary line), then by the summed score. The
//! game being played is not first outright: its entries whose bodies only mention the words
//! would bury another game's entry named so.
//!
//! A query is about these rules only if every content word is the four games' vocabulary: a
//! word of an entry (as typed, a word form, the start of one, inside one from 5 letters), an
//! everyday word, a game's name, or one of those surely mistyped (`typo.rs`). Otherwise
//! (`prison monopoly`, `dixit conteur`) it answers nothing: the words no game here knows are
//! said, with at most [`CLOSEST`] entries whose names hold its other words, apart; a
//! correction that may be another word (`conteur` → `couleur`) is offered, never answered.
//!
//! Speed (≤ 2 ms a query): prefixes are a binary search on the sorted vocabulary,
//! snippets are cut from token lists made at load, and letter counts rule out most words before
//! any edit distance; `benches/core.rs` (`rules_search`) says where the time went and goes.

use std::collections::{HashMap, HashSet};

use rust_stemmers::{Algorithm, Stemmer};
use serde::{Deserialize, Serialize};

use super::everyday::{Everyday, QueryStems};
use super::typo::{Letters, allowed_typos, typo_distance};
use super::{RuleEntry, RuleKind, fold};
use crate::games::GameId;
use crate::text::Lang;

/// Longest query text considered; the rest is ignored.
pub(super) const MAX_QUERY_CHARS: usize = 200;
/// Most words of a query considered.
const MAX_QUERY_WORDS: usize = 16;
/// Words of a snippet.
const SNIPPET_WORDS: usize = 14;
/// Most entries offered as the closest to a query that is not about these rules.
pub const CLOSEST: usize = 3;
/// Shortest word found inside a longer one that counts as the games' vocabulary (`sassin`);
/// shorter ones are inside too many words to say anything (`uno` in `unordered`).
const INSIDE_KNOWN: usize = 5;

/// Narrows a search.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SearchFilter {
    /// Only this game's entries (general entries are always included).
    #[serde(default)]
    pub game: Option<GameId>,
    /// Only entries about this rule profile / module / scenario of `game` (and those about
    /// every variant).
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub kind: Option<RuleKind>,
    /// The game being played: its entries come first among those matching as many words, as
    /// many of them in a title or alias; the others still follow.
    #[serde(default)]
    pub prefer: Option<GameId>,
    /// Language of the titles and snippets returned (the search matches both).
    pub lang: Lang,
    /// At most this many hits (0 means 20).
    #[serde(default)]
    pub limit: u32,
}

/// What a search answers: the hits, best first; or, when the query is not about these rules,
/// the words no game here knows and the closest entries apart; every word corrected; and when
/// nothing matched a query about these rules, close queries that do find entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RuleSearch {
    /// The entries answering the query. Empty when it is not about these rules.
    pub hits: Vec<RuleHit>,
    /// The query's words that are none of the four games' vocabulary, even mistyped
    /// (`monopoly`, or `conteur` only close to `couleur`). Any: the query is not about these
    /// rules, and nothing answers it.
    pub not_in_rules: Vec<String>,
    /// When the query is not about these rules, at most three entries (`CLOSEST`) whose names
    /// hold its other words, to show apart: never an answer.
    pub closest: Vec<RuleHit>,
    /// Each word searched as another (`fontane` → `fontaine`), said whether sure or not.
    pub corrections: Vec<WordCorrection>,
    /// Close queries that do find entries, when a query about these rules found none.
    pub suggestions: Vec<String>,
    /// The query with its typos corrected (`condotiere cout` → `condottiere cout`), when the
    /// hits come from a correction; the corrected words are the `hit` parts of the snippets.
    pub corrected: Option<String>,
}

/// A typed word searched as a word of the entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct WordCorrection {
    pub typed: String,
    pub meant: String,
    /// Surely the same word mistyped (`fontane` → `fontaine`). If not (`conteur` → `couleur`),
    /// it is only offered: the query is then not about these rules.
    pub sure: bool,
}

/// One search result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RuleHit {
    pub id: String,
    pub game: Option<GameId>,
    pub kind: RuleKind,
    pub title: String,
    /// A passage of the body around the matches; `hit` parts are the matched words.
    pub snippet: Vec<SnippetPart>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SnippetPart {
    pub text: String,
    pub hit: bool,
}

/// The words a search drops from a query, in both languages (`search_words.toml`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StopWords {
    pub fr: Vec<String>,
    pub en: Vec<String>,
    /// The stop words players may type with their accent (`à`, `où`). Any other word typed
    /// with accents that folds to a stop word is another word (`dés`, dice, is not `des`).
    pub accented: Vec<String>,
    /// What a question is built on whose words are also the games' (`se passe`, `ca marche`):
    /// dropped when typed together.
    pub phrases: Vec<String>,
    /// Numbers written out, in either language: the n-th list holds the words for n.
    pub numbers: Vec<Vec<String>>,
    /// What players abbreviate (`pts`), and the word it stands for (`points`).
    pub short: HashMap<String, String>,
}

impl StopWords {
    pub fn load() -> StopWords {
        // The file is compiled in and a test loads it: a broken file cannot ship.
        toml::from_str(include_str!("search_words.toml")).unwrap_or(StopWords {
            fr: Vec::new(),
            en: Vec::new(),
            accented: Vec::new(),
            phrases: Vec::new(),
            numbers: Vec::new(),
            short: HashMap::new(),
        })
    }

    pub fn contains(&self, word: &str) -> bool {
        self.fr.iter().chain(&self.en).any(|w| w == word)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Field {
    Title,
    Alias,
    Body,
}

impl Field {
    fn weight(self) -> f32 {
        match self {
            Field::Title => 10.0,
            Field::Alias => 8.0,
            Field::Body => 1.0,
        }
    }
}

/// Where a word occurs: an entry, a field, how many times (both languages together).
#[derive(Debug, Clone, Copy)]
struct Posting {
    entry: u32,
    field: Field,
    tf: u16,
}

#[derive(Debug)]
struct Word {
    text: String,
    /// Its length in characters.
    chars: usize,
    /// As first written in the entries, lowercase (`abbé`): what a correction shows.
    spelling: String,
    postings: Vec<Posting>,
    /// ln(1 + entries / entries holding the word).
    idf: f32,
    /// Entries holding it, to pick the most common of equally close corrections.
    df: u32,
}

/// A word of a body: its byte range in the original text and its index word.
#[derive(Debug, Clone, Copy)]
struct Token {
    start: u32,
    end: u32,
    word: u32,
}

/// How sure a match is.
const EXACT: f32 = 1.0;
const SAME_STEM: f32 = 0.9;
const PREFIX: f32 = 0.75;
const TYPO: f32 = 0.6;
const INSIDE: f32 = 0.45;

/// What an everyday phrase held whole by a query scores for each of its words: an alias word
/// held by few entries (weight 8 × idf 4).
const EVERYDAY: f32 = 32.0;

/// The index is read-only once built, so the catalogue is shared between threads as is.
pub(super) struct Index {
    /// Sorted by text: a prefix is a range.
    words: Vec<Word>,
    /// `f:<French stem>` / `e:<English stem>` → the words with that stem.
    by_stem: HashMap<String, Vec<u32>>,
    /// Words of titles and aliases: what a typo may be corrected to.
    name_words: Vec<u32>,
    /// Per entry, the content words (stemmed, sorted) of each of its titles, aliases and
    /// everyday phrases.
    names: Vec<Vec<Vec<String>>>,
    everyday: Everyday,
    /// Per entry, the tokens of its French and English bodies, for snippets.
    bodies: Vec<[Vec<Token>; 2]>,
    stop: HashSet<String>,
    accented_stop: HashSet<String>,
    /// Question phrases, word by word (`se passe`).
    stop_phrases: Vec<Vec<String>>,
    /// A number written out (`huit`) → its digits (`8`).
    numbers: HashMap<String, String>,
    /// An abbreviation (`pts`) → the word it stands for (`points`).
    short: HashMap<String, String>,
    fr: Stemmer,
    en: Stemmer,
}

/// Runs of letters and digits, with their byte ranges.
fn tokens(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len(), &text[s..]));
    }
    out.into_iter()
}

/// The folded words of a text.
pub(super) fn folded_words(text: &str) -> Vec<String> {
    tokens(text).map(|(_, _, t)| fold(t)).collect()
}

/// The game a word names, if it is one's name ([`crate::games::Game::search_words`]: game
/// names a title may carry, `Départage à Valencia`, and a query may add, as players write them
/// in either language; not part of what makes a title equal to a query).
fn game_named(word: &str) -> Option<GameId> {
    GameId::ALL.into_iter().find(|g| g.game().search_words().contains(&word))
}
/// The score a game's name gives each entry of that game: a body mention's worth.
const GAME_NAMED: f32 = 2.0;

/// Folded word → (entry, field) → how many times the word is there.
type WordCounts = HashMap<String, HashMap<(u32, Field), u16>>;
/// Folded word → whether it came from French text, from English text, and its first spelling.
type WordLangs = HashMap<String, (bool, bool, String)>;

/// Every word of the entries' titles, aliases and bodies, counted per entry and field, with
/// the language(s) it came from (for its stems) and its first spelling.
fn count_words(entries: &[RuleEntry]) -> (WordCounts, WordLangs) {
    let mut counts = WordCounts::new();
    let mut langs = WordLangs::new();
    for (i, e) in entries.iter().enumerate() {
        let entry = u32::try_from(i).unwrap_or(u32::MAX);
        let mut add = |text: &str, field: Field, is_fr: bool, is_en: bool| {
            for (_, _, t) in tokens(text) {
                let w = fold(t);
                let l = langs.entry(w.clone()).or_insert_with(|| (false, false, t.to_lowercase()));
                l.0 |= is_fr;
                l.1 |= is_en;
                let n = counts.entry(w).or_default().entry((entry, field)).or_insert(0);
                *n = n.saturating_add(1);
            }
        };
        add(&e.title.fr, Field::Title, true, false);
        add(&e.title.en, Field::Title, false, true);
        for a in &e.aliases {
            add(a, Field::Alias, true, true);
        }
        add(&e.body.fr, Field::Body, true, false);
        add(&e.body.en, Field::Body, false, true);
    }
    (counts, langs)
}

/// The content words of an entry's titles, aliases and everyday phrases (stemmed in each
/// language), the empty ones left out.
fn entry_names(e: &RuleEntry, stop: &HashSet<String>, fr: &Stemmer, en: &Stemmer) -> Vec<Vec<String>> {
    let mut own = vec![
        content_key(&without_brackets(&e.title.fr), stop, fr),
        content_key(&without_brackets(&e.title.en), stop, en),
    ];
    for a in e.aliases.iter().chain(&e.everyday) {
        own.push(content_key(a, stop, fr));
        own.push(content_key(a, stop, en));
    }
    own.retain(|k| !k.is_empty());
    own
}

/// Each word with its postings (by entry, then field) and its idf, sorted by text.
fn postings_of(counts: WordCounts, langs: &WordLangs, entries: usize) -> Vec<Word> {
    let n_entries = entries.max(1) as f32;
    let mut words: Vec<Word> = counts
        .into_iter()
        .map(|(text, by)| {
            let mut postings: Vec<Posting> =
                by.into_iter().map(|((entry, field), tf)| Posting { entry, field, tf }).collect();
            postings.sort_by_key(|p| (p.entry, p.field as u8));
            let df = postings.iter().map(|p| p.entry).collect::<HashSet<_>>().len();
            let df = u32::try_from(df).unwrap_or(u32::MAX);
            let spelling = langs.get(&text).map_or_else(|| text.clone(), |l| l.2.clone());
            let chars = text.chars().count();
            Word { text, chars, spelling, postings, idf: (1.0 + n_entries / df.max(1) as f32).ln(), df }
        })
        .collect();
    words.sort_by(|a, b| a.text.cmp(&b.text));
    words
}

/// The words under each stem (`f:`/`e:` and the stem, in the language(s) a word came from),
/// and the words of titles and aliases (what a typo may be corrected to).
fn stems_and_name_words(
    words: &[Word],
    langs: &WordLangs,
    fr: &Stemmer,
    en: &Stemmer,
) -> (HashMap<String, Vec<u32>>, Vec<u32>) {
    let mut by_stem: HashMap<String, Vec<u32>> = HashMap::new();
    let mut name_words = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let id = u32::try_from(i).unwrap_or(u32::MAX);
        let (is_fr, is_en) = langs.get(&w.text).map_or((true, true), |l| (l.0, l.1));
        if is_fr {
            by_stem.entry(format!("f:{}", fr.stem(&w.text))).or_default().push(id);
        }
        if is_en {
            by_stem.entry(format!("e:{}", en.stem(&w.text))).or_default().push(id);
        }
        if w.postings.iter().any(|p| p.field != Field::Body) {
            name_words.push(id);
        }
    }
    (by_stem, name_words)
}

/// A body's tokens with their byte ranges and words, for snippets.
fn body_tokens(text: &str, by_text: &HashMap<String, u32>) -> Vec<Token> {
    tokens(text)
        .filter_map(|(s, t, w)| {
            let word = *by_text.get(&fold(w))?;
            Some(Token { start: u32::try_from(s).ok()?, end: u32::try_from(t).ok()?, word })
        })
        .collect()
}

impl Index {
    pub(super) fn build(entries: &[RuleEntry], stop_words: &StopWords) -> Index {
        let fr = Stemmer::create(Algorithm::French);
        let en = Stemmer::create(Algorithm::English);
        let stop: HashSet<String> = stop_words.fr.iter().chain(&stop_words.en).cloned().collect();
        let (counts, langs) = count_words(entries);
        let names = entries.iter().map(|e| entry_names(e, &stop, &fr, &en)).collect();
        let words = postings_of(counts, &langs, entries.len());
        let by_text: HashMap<String, u32> = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.text.clone(), u32::try_from(i).unwrap_or(u32::MAX)))
            .collect();
        let (by_stem, name_words) = stems_and_name_words(&words, &langs, &fr, &en);
        let bodies = entries
            .iter()
            .map(|e| [body_tokens(&e.body.fr, &by_text), body_tokens(&e.body.en, &by_text)])
            .collect();
        let everyday = Everyday::build(entries, &stop, [&fr, &en]);
        let accented_stop = stop_words.accented.iter().cloned().collect();
        let numbers = (1..)
            .zip(&stop_words.numbers)
            .flat_map(|(n, words)| words.iter().map(move |w| (w.clone(), n.to_string())))
            .collect();
        let stop_phrases = stop_words.phrases.iter().map(|p| folded_words(p)).collect();
        Index {
            words,
            by_stem,
            name_words,
            names,
            everyday,
            bodies,
            stop,
            accented_stop,
            stop_phrases,
            numbers,
            short: stop_words.short.clone(),
            fr,
            en,
        }
    }

    pub(super) fn search(&self, entries: &[RuleEntry], query: &str, filter: &SearchFilter) -> Found {
        let words = self.understand(query);
        if words.is_empty() {
            return Found::default();
        }
        let (scores, prefer) = self.score(entries, &words, filter.prefer);
        // The query's own content words, as corrected, to recognise an entry named so.
        let understood: Vec<&str> = words.iter().map(Resolved::meant).collect();
        let keys = [self.key_of(&understood, &self.fr), self.key_of(&understood, &self.en)];
        let mut ranked = self.rank(entries, &scores, &keys, prefer, filter);
        let not_in_rules: Vec<String> = words.iter().filter(|w| !w.known).map(|w| w.shown.clone()).collect();
        if not_in_rules.is_empty() {
            ranked.truncate(if filter.limit == 0 { 20 } else { filter.limit as usize });
        } else {
            // Not an answer: only entries whose names hold the query's other words.
            ranked.retain(|r| r.in_name > 0);
            ranked.truncate(CLOSEST);
        }
        let matched_words: HashSet<u32> = words.iter().flat_map(|w| w.matches.iter().map(|m| m.0)).collect();
        let found = ranked
            .iter()
            .filter_map(|r| {
                let e = entries.get(r.entry)?;
                Some(RuleHit {
                    id: e.id.clone(),
                    game: e.game,
                    kind: e.kind,
                    title: e.title.get(filter.lang).to_owned(),
                    snippet: self.snippet(r.entry, e, filter.lang, &matched_words),
                })
            })
            .collect::<Vec<_>>();
        let corrections: Vec<WordCorrection> = words
            .iter()
            .filter_map(|w| {
                let (meant, sure) = w.corrected.clone()?;
                let meant = self.spelling(&meant).unwrap_or(meant);
                Some(WordCorrection { typed: w.shown.clone(), meant, sure })
            })
            .collect();
        let (hits, closest) = if not_in_rules.is_empty() { (found, Vec::new()) } else { (Vec::new(), found) };
        let corrected =
            (!hits.is_empty() && corrections.iter().any(|c| c.sure)).then(|| understood.join(" "));
        Found { hits, closest, not_in_rules, corrections, corrected }
    }

    /// The words of a query to search, each resolved: question and stop words go, unless
    /// nothing else is left, and so does a word nothing knows that is one of them mistyped
    /// (`pourqoui`, `combein`).
    fn understand(&self, query: &str) -> Vec<Resolved> {
        let typed = self.typed_words(query);
        // Typed without accents (`a`, `qd`), or with a stop word's own (`à`).
        let is_stop = |(shown, folded): &(String, String)| {
            self.stop.contains(folded) && (fold(shown) == *shown || self.accented_stop.contains(shown))
        };
        let content: Vec<(String, String)> = typed.iter().filter(|w| !is_stop(w)).cloned().collect();
        let only_stop_words = content.is_empty();
        let words = if only_stop_words { typed } else { content };
        let resolved: Vec<Resolved> = words
            .into_iter()
            .map(|(shown, folded)| {
                // Folded, `dés` is `des`: the index cannot tell them apart, and no game here
                // has dice.
                let other = !only_stop_words && self.stop.contains(&folded);
                let mut r = if other { Resolved::unknown(folded) } else { self.resolve(&folded) };
                r.shown = shown;
                r
            })
            .collect();
        let kept: Vec<Resolved> =
            resolved.iter().filter(|r| r.known || !self.is_mistyped_stop_word(&r.typed)).cloned().collect();
        if kept.is_empty() { resolved } else { kept }
    }

    /// The distinct words of a query (at most [`MAX_QUERY_WORDS`]), each lowercase as typed and
    /// folded (an abbreviation as the word it stands for), without the question phrases (`se
    /// passe`).
    fn typed_words(&self, query: &str) -> Vec<(String, String)> {
        let head: String = query.chars().take(MAX_QUERY_CHARS).collect();
        let mut all: Vec<(String, String)> = tokens(&head)
            .map(|(_, _, t)| {
                let folded = fold(t);
                let folded = self.short.get(&folded).cloned().unwrap_or(folded);
                (t.to_lowercase(), folded)
            })
            .collect();
        for phrase in &self.stop_phrases {
            let n = phrase.len();
            let mut at = 0;
            while n > 0 && at + n <= all.len() {
                if all[at..at + n].iter().map(|w| &w.1).eq(phrase) {
                    all.drain(at..at + n);
                } else {
                    at += 1;
                }
            }
        }
        let mut typed: Vec<(String, String)> = Vec::new();
        for w in all {
            if !typed.iter().any(|t| t.1 == w.1) {
                typed.push(w);
            }
            if typed.len() == MAX_QUERY_WORDS {
                break;
            }
        }
        typed
    }

    /// Each entry's score for each query word (`best[entry * n + word]`), the query words its
    /// titles, aliases or everyday phrases hold (bits), and the game to prefer: the one the
    /// query names, else the one being played.
    fn score(
        &self,
        entries: &[RuleEntry],
        words: &[Resolved],
        prefer: Option<GameId>,
    ) -> (Scores, Option<GameId>) {
        let n = words.len();
        let mut s = Scores { n, best: vec![0f32; entries.len() * n], in_name: vec![0u32; entries.len()] };
        for (qi, r) in words.iter().enumerate() {
            for &(w, strength) in &r.matches {
                let Some(word) = self.words.get(w as usize) else { continue };
                for p in &word.postings {
                    let tf = if p.field == Field::Body { 1.0 + f32::from(p.tf).ln() } else { 1.0 };
                    s.add(
                        p.entry as usize,
                        qi,
                        strength * p.field.weight() * tf * word.idf,
                        p.field != Field::Body,
                    );
                }
            }
        }
        // A game's name matches every entry of that game ("mise en place valencia"), and the
        // game named is the one preferred.
        let mut prefer = prefer;
        for (qi, w) in words.iter().enumerate() {
            let Some(game) = game_named(&w.typed) else { continue };
            prefer = Some(game);
            for (i, e) in entries.iter().enumerate() {
                if e.game == Some(game) {
                    s.add(i, qi, GAME_NAMED, false);
                }
            }
        }
        let last = n - 1;
        let stems: Vec<QueryStems> = words
            .iter()
            .enumerate()
            .map(|(qi, w)| QueryStems {
                stems: self.stems(w.meant()),
                typing: (qi == last).then(|| w.typed.clone()),
            })
            .collect();
        for (entry, covered) in self.everyday.found_in(&stems) {
            for qi in (0..n).filter(|qi| covered & (1 << qi) != 0) {
                s.add(entry, qi, EVERYDAY, true);
            }
        }
        (s, prefer)
    }

    /// The entries matching a query word and `filter`, best first (see the module's comment).
    fn rank(
        &self,
        entries: &[RuleEntry],
        s: &Scores,
        keys: &[Vec<String>; 2],
        prefer: Option<GameId>,
        filter: &SearchFilter,
    ) -> Vec<Ranked> {
        let n = s.n;
        let mut ranked: Vec<Ranked> = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            let scores = &s.best[i * n..(i + 1) * n];
            let matched = scores.iter().filter(|s| **s > 0.0).count();
            if matched == 0 || !matches_filter(e, filter) {
                continue;
            }
            let named = matched == n
                && self.names.get(i).is_some_and(|ks| ks.iter().any(|k| *k == keys[0] || *k == keys[1]));
            let kind_rank = match e.kind {
                RuleKind::Faq | RuleKind::Errata => 1,
                RuleKind::Glossary => 2,
                _ => 0,
            };
            // A glossary line or a clarification mentioning a word is less likely what is
            // sought than the rule itself; an entry named by the query is first anyway.
            let weight = match kind_rank {
                0 => 1.0,
                1 => 0.9,
                _ => 0.8,
            };
            ranked.push(Ranked {
                entry: i,
                matched,
                in_name: s.in_name.get(i).map_or(0, |b| b.count_ones()),
                other_game: prefer.is_some_and(|g| e.game != Some(g)),
                named,
                kind_rank: if named { kind_rank } else { 0 },
                score: scores.iter().sum::<f32>() * weight,
            });
        }
        // Relevance before the game being played: an entry of another game whose title holds
        // the words beats one of the played game whose body only mentions them (« fin de
        // partie » in Splendor's bodies is not Citadelles' « Fin de partie »).
        ranked.sort_by(|a, b| {
            b.matched
                .cmp(&a.matched)
                .then(b.in_name.cmp(&a.in_name))
                .then(a.other_game.cmp(&b.other_game))
                .then(b.named.cmp(&a.named))
                .then(a.kind_rank.cmp(&b.kind_rank))
                .then(b.score.total_cmp(&a.score))
                .then(a.entry.cmp(&b.entry))
        });
        ranked
    }

    /// The index words a query word stands for, each with how sure the match is, and whether
    /// the word is the games' vocabulary.
    fn resolve(&self, word: &str) -> Resolved {
        let mut r =
            Resolved { matches: self.direct(word, 1.0), known: true, ..Resolved::unknown(word.to_owned()) };
        // A number written out is also its digits (`huit` → `8`).
        if let Some(digits) = self.numbers.get(word) {
            r.matches.extend(self.direct(digits, 1.0));
            return r;
        }
        // A game's name or an everyday word is known as typed, never corrected to another.
        if !r.matches.is_empty() || game_named(word).is_some() || self.everyday.knows(&self.stems(word)) {
            return r;
        }
        r.known = false;
        // What a correction that may be another word finds is only ever the closest entries.
        let mut offered = Vec::new();
        if let Some((fixes, sure)) = self.corrections(word) {
            r.corrected = fixes.first().map(|f| (f.clone(), sure));
            r.known = sure;
            let found = if sure { &mut r.matches } else { &mut offered };
            for fix in &fixes {
                found.extend(self.direct(fix, TYPO));
            }
        }
        let len = word.chars().count();
        if len >= 3 {
            let before = r.matches.len();
            for (i, w) in self.words.iter().enumerate() {
                if w.text.contains(word) {
                    r.matches.push((u32::try_from(i).unwrap_or(u32::MAX), INSIDE));
                }
            }
            r.known |= len >= INSIDE_KNOWN && r.matches.len() > before;
        }
        // Surely a typo of a whole word of the bodies (`chatteau`): known, though only suggested.
        // A word's length rules most out before any letter is compared.
        let near = |w: &&Word| w.chars.abs_diff(len) <= allowed_typos(len);
        r.known = r.known || self.is_mistyped(word, self.words.iter().filter(near).map(|w| w.text.as_str()));
        if !r.known {
            r.matches.append(&mut offered);
        }
        r.matches.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
        r.matches.dedup_by_key(|m| m.0);
        r
    }

    /// The index word that is `word`.
    fn find(&self, word: &str) -> Option<u32> {
        let at = self.words.binary_search_by(|w| w.text.as_str().cmp(word)).ok()?;
        u32::try_from(at).ok()
    }

    /// How the entries write a word of the index (`abbe` → `abbé`).
    fn spelling(&self, word: &str) -> Option<String> {
        self.words.get(self.find(word)? as usize).map(|w| w.spelling.clone())
    }

    /// The French and English stems of a word.
    fn stems(&self, word: &str) -> [String; 2] {
        [self.fr.stem(word).into_owned(), self.en.stem(word).into_owned()]
    }

    /// Whether `word` is surely one of `words` mistyped.
    fn is_mistyped<'a>(&self, word: &str, words: impl Iterator<Item = &'a str>) -> bool {
        let len = word.chars().count();
        let allowed = allowed_typos(len);
        if allowed == 0 {
            return false;
        }
        let letters = Letters::of(word);
        words.into_iter().any(|w| typo_distance(word, len, &letters, w, allowed).is_some_and(|t| t.sure))
    }

    /// Whether `word` is a question or stop word mistyped (`pourqoui`, `combein`).
    fn is_mistyped_stop_word(&self, word: &str) -> bool {
        self.is_mistyped(word, self.stop.iter().filter(|s| s.chars().count() >= 4).map(String::as_str))
    }

    /// The words that are `word`, share its stem, or start with it, at `scale` strength.
    fn direct(&self, word: &str, scale: f32) -> Vec<(u32, f32)> {
        let mut out: Vec<(u32, f32)> = Vec::new();
        let from = self.words.partition_point(|w| w.text.as_str() < word);
        for (i, w) in self.words.iter().enumerate().skip(from) {
            if !w.text.starts_with(word) {
                break;
            }
            let strength = if w.text == word { EXACT } else { PREFIX };
            out.push((u32::try_from(i).unwrap_or(u32::MAX), strength * scale));
        }
        for key in [format!("f:{}", self.fr.stem(word)), format!("e:{}", self.en.stem(word))] {
            for &id in self.by_stem.get(&key).into_iter().flatten() {
                match out.iter_mut().find(|m| m.0 == id) {
                    Some(m) => m.1 = m.1.max(SAME_STEM * scale),
                    None => out.push((id, SAME_STEM * scale)),
                }
            }
        }
        out
    }

    /// The title, alias and everyday words nearest to a word that matches nothing (1 typo from 4
    /// letters, 2 from 6; a word being typed is compared with their start too), a sure typo
    /// first, then the most common; and whether the first is surely the word mistyped. `None`
    /// when none is close enough.
    fn corrections(&self, word: &str) -> Option<(Vec<String>, bool)> {
        let len = word.chars().count();
        let allowed = allowed_typos(len);
        if allowed == 0 {
            return None;
        }
        let mut close: Vec<(usize, bool, u32, &str)> = Vec::new();
        let letters = Letters::of(word);
        let names =
            self.name_words.iter().filter_map(|&id| self.words.get(id as usize)).map(|w| (&w.text, w.df));
        for (text, df) in names.chain(self.everyday.words().map(|w| (w, 0))) {
            if let Some(t) = typo_distance(word, len, &letters, text, allowed) {
                close.push((t.distance, t.sure, df, text));
            }
        }
        let nearest = close.iter().map(|c| c.0).min()?;
        close.retain(|c| c.0 == nearest);
        close.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.3.cmp(b.3)));
        let sure = close.first().is_some_and(|c| c.1);
        Some((close.into_iter().map(|c| c.3.to_owned()).collect(), sure))
    }

    /// Sorted stems of the content words of `words`, as an entry's name is keyed.
    fn key_of(&self, words: &[&str], stemmer: &Stemmer) -> Vec<String> {
        content_key(&words.join(" "), &self.stop, stemmer)
    }

    /// A passage of `entry`'s body in `lang` with the most matched words, those marked.
    fn snippet(&self, i: usize, e: &RuleEntry, lang: Lang, matched: &HashSet<u32>) -> Vec<SnippetPart> {
        let body = e.body.get(lang);
        let toks = match self.bodies.get(i) {
            Some([fr, en]) => match lang {
                Lang::Fr => fr,
                Lang::En => en,
            },
            None => return vec![SnippetPart { text: opening(body), hit: false }],
        };
        let hit: Vec<bool> = toks.iter().map(|t| matched.contains(&t.word)).collect();
        if !hit.contains(&true) {
            return vec![SnippetPart { text: opening(body), hit: false }];
        }
        // The first window of SNIPPET_WORDS words holding the most hits.
        let width = SNIPPET_WORDS.min(toks.len());
        let mut count = hit[..width].iter().filter(|h| **h).count();
        let (mut best_start, mut best_count) = (0usize, count);
        for start in 1..=(toks.len() - width) {
            count = count + usize::from(hit[start + width - 1]) - usize::from(hit[start - 1]);
            if count > best_count {
                (best_start, best_count) = (start, count);
            }
        }
        // A little context before the first hit, keeping every hit of the window.
        if let Some(first) = hit[best_start..best_start + width].iter().position(|h| *h) {
            best_start = (best_start + first).saturating_sub(3).min(toks.len() - width).max(best_start);
        }
        let window = &toks[best_start..best_start + width];
        let mut parts = Vec::new();
        let mut push = |text: &str, hit: bool| {
            if text.is_empty() {
                return;
            }
            match parts.last_mut() {
                Some(SnippetPart { text: last, hit: h }) if *h == hit => last.push_str(text),
                _ => parts.push(SnippetPart { text: text.to_owned(), hit }),
            }
        };
        if best_start > 0 {
            push("…", false);
        }
        let mut at = window.first().map_or(0, |t| t.start as usize);
        for (t, is_hit) in window.iter().zip(&hit[best_start..]) {
            let (s, end) = (t.start as usize, t.end as usize);
            push(body.get(at..s).unwrap_or(""), false);
            push(body.get(s..end).unwrap_or(""), *is_hit);
            at = end;
        }
        if best_start + width < toks.len() {
            push("…", false);
        } else {
            // The end of the body: keep its closing punctuation.
            push(body.get(at..).unwrap_or("").trim_end(), false);
        }
        parts
    }
}

/// What [`Index::search`] found (see [`RuleSearch`]).
#[derive(Debug, Default)]
pub(super) struct Found {
    pub hits: Vec<RuleHit>,
    pub closest: Vec<RuleHit>,
    pub not_in_rules: Vec<String>,
    pub corrections: Vec<WordCorrection>,
    pub corrected: Option<String>,
}

/// A query word, resolved.
#[derive(Debug, Clone)]
struct Resolved {
    /// As typed, lowercase: what the screen says.
    shown: String,
    /// As typed, folded.
    typed: String,
    /// Index words it matches, with the strength of each.
    matches: Vec<(u32, f32)>,
    /// The word it was corrected to, when it matched nothing as typed, and whether that is
    /// surely it mistyped.
    corrected: Option<(String, bool)>,
    /// Whether it is the games' vocabulary (see the module's comment).
    known: bool,
}

impl Resolved {
    /// A word that matches nothing.
    fn unknown(typed: String) -> Resolved {
        Resolved { shown: typed.clone(), typed, matches: Vec::new(), corrected: None, known: false }
    }

    /// The word as the search understood it: surely corrected, or as typed.
    fn meant(&self) -> &str {
        match &self.corrected {
            Some((meant, true)) => meant,
            _ => &self.typed,
        }
    }
}

/// Each entry's score for each query word, and the query words its names hold.
struct Scores {
    n: usize,
    /// `best[entry * n + word]`: the entry's best score for that query word.
    best: Vec<f32>,
    /// The query words (bits) found in one of the entry's titles, aliases or everyday phrases.
    in_name: Vec<u32>,
}

impl Scores {
    fn add(&mut self, entry: usize, word: usize, score: f32, in_name: bool) {
        if let Some(slot) = self.best.get_mut(entry * self.n + word) {
            *slot = slot.max(score);
        }
        if in_name && let Some(bits) = self.in_name.get_mut(entry) {
            *bits |= 1 << word;
        }
    }
}

struct Ranked {
    entry: usize,
    matched: usize,
    /// How many query words its titles, aliases or everyday phrases hold.
    in_name: u32,
    other_game: bool,
    named: bool,
    kind_rank: u8,
    score: f32,
}

/// A title without its bracketed parts (`Soutien (4)` → `Soutien`).
fn without_brackets(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    let mut depth = 0u32;
    for c in title.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether a folded word counts in a name: not a stop word, a number or a game's name.
fn is_content_word(word: &str, is_stop: impl Fn(&str) -> bool) -> bool {
    !is_stop(word) && !word.chars().all(|c| c.is_ascii_digit()) && game_named(word).is_none()
}

/// Whether a text holds a word that counts in a name: an everyday phrase without one (`qui
/// commence a`) could never be found.
pub(super) fn has_content_word(text: &str, stop_words: &StopWords) -> bool {
    folded_words(text).iter().any(|w| is_content_word(w, |w| stop_words.contains(w)))
}

/// The sorted, distinct stems of a text's content words: no stop words, numbers or game names.
pub(super) fn content_key(text: &str, stop: &HashSet<String>, stemmer: &Stemmer) -> Vec<String> {
    let mut key: Vec<String> = folded_words(text)
        .into_iter()
        .filter(|w| is_content_word(w, |w| stop.contains(w)))
        .map(|w| stemmer.stem(&w).into_owned())
        .collect();
    key.sort();
    key.dedup();
    key
}

pub(super) fn matches_filter(entry: &RuleEntry, filter: &SearchFilter) -> bool {
    let game_ok = match filter.game {
        None => true,
        Some(g) => entry.game.is_none() || entry.game == Some(g),
    };
    let variant_ok = match filter.variant.as_deref() {
        None | Some("") => true,
        Some(v) => entry.variants.is_empty() || entry.variants.iter().any(|x| x == v),
    };
    game_ok && variant_ok && filter.kind.is_none_or(|k| entry.kind == k)
}

/// Every distinct word of the entries (folded, 4 letters or more) with how often it occurs.
pub(super) fn vocabulary(entries: &[RuleEntry]) -> Vec<(String, u32)> {
    let mut counts: HashMap<String, u32> = HashMap::new();
    for e in entries {
        for text in [&e.title.fr, &e.title.en, &e.body.fr, &e.body.en] {
            for w in folded_words(text) {
                if w.chars().count() >= 4 {
                    *counts.entry(w).or_insert(0) += 1;
                }
            }
        }
    }
    let mut words: Vec<_> = counts.into_iter().collect();
    words.sort();
    words
}

/// The first words of a text, when no passage matches in the wanted language. A no-break space
/// (the narrow one French puts before « : » and inside « ») holds its words together.
pub(super) fn opening(body: &str) -> String {
    let words: Vec<&str> = body
        .split(|c: char| c.is_whitespace() && !matches!(c, '\u{a0}' | crate::text::NARROW_NBSP))
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() <= SNIPPET_WORDS {
        words.join(" ")
    } else {
        format!("{}…", words[..SNIPPET_WORDS].join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_runs_of_letters_and_digits_with_their_place() {
        let t: Vec<_> = tokens("Cité 13 : l'Or").collect();
        assert_eq!(t, vec![(0, 5, "Cité"), (6, 8, "13"), (11, 12, "l"), (13, 15, "Or")]);
        assert_eq!(folded_words("\"NOT\" -x: OR ("), vec!["not", "x", "or"]);
        assert!(folded_words(" ,;:!? ").is_empty());
    }

    #[test]
    fn a_name_key_drops_brackets_stop_words_numbers_and_game_names() {
        let stop: HashSet<String> = StopWords::load().fr.into_iter().collect();
        let fr = Stemmer::create(Algorithm::French);
        assert_eq!(content_key(&without_brackets("Soutien (4)"), &stop, &fr), vec!["soutien"]);
        assert_eq!(
            content_key("Départage à Valencia", &stop, &fr),
            content_key("départages", &stop, &fr),
            "a plural and a game name do not make another name"
        );
        assert_eq!(content_key("Quartiers violets", &stop, &fr), content_key("quartier violet", &stop, &fr));
    }

    #[test]
    fn the_stop_words_load_and_hold_the_question_words() {
        let stop = StopWords::load();
        for w in ["que", "de", "si", "combien", "qui", "quel"] {
            assert!(stop.fr.iter().any(|s| s == w), "{w}");
        }
        for w in ["what", "how", "the", "does"] {
            assert!(stop.en.iter().any(|s| s == w), "{w}");
        }
        // Folded, so that a typed word compares equal.
        for w in stop.fr.iter().chain(&stop.en) {
            assert_eq!(&fold(w), w);
        }
        // The accented spellings are of stop words, and the numbers are in order.
        for w in &stop.accented {
            assert!(stop.contains(&fold(w)) && fold(w) != *w, "{w}");
        }
        assert_eq!(stop.numbers.get(7).map(|n| n.contains(&"huit".to_owned())), Some(true));
        assert_eq!(stop.numbers.get(15).map(|n| n.contains(&"sixteen".to_owned())), Some(true));
        assert_eq!(stop.short.get("pts").map(String::as_str), Some("points"));
    }
}
