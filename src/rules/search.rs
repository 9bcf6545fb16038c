//! Search over the rule entries as a player types it mid-game: an in-memory inverted index of
//! the folded words (lowercase, no accents: `egalite` finds `égalité`) of every entry's titles,
//! aliases and bodies in both languages, built once when the catalogue loads.
//!
//! A query is cut into words; the catalogue's stop and question words (`que`, `combien`,
//! `what`…, [`StopWords`]) are dropped unless nothing else is left. Each remaining word finds
//! the index words that
//! 1. are it (strength 1), share its Snowball stem in French or English (`violets` →
//!    `violet`, 0.9), or start with it (a word being typed, 0.75);
//! 2. failing that, are one or two typos away from it (edit distance scaled to its length, on
//!    the words of titles and aliases only: `condotiere` → `condottiere`), then searched as if
//!    typed (× 0.6); or contain it (`sassin` in `assassin`, 0.45).
//!
//! An entry's score for a word is its best match: strength × field weight (title 10, alias 8,
//! body 1 + ln tf) × idf; a game's name (`valencia`) matches every entry of that game. Entries
//! are ranked by how many query words they match, then by how many of those their titles or
//! aliases hold, then with the game being played first (or the game the query names), then an
//! entry whose title or alias *is* the query (same content words, same stems; the rule before
//! its glossary line), then by the summed score. The game being played is not first outright:
//! its entries whose bodies only mention the words would bury another game's entry named so.
//!
//! Speed (issue #15, ≤ 2 ms a query): prefixes are a binary search on the sorted vocabulary,
//! snippets are cut from token lists made at load, and letter counts rule out most words before
//! any edit distance; `benches/core.rs` (`rules_search`) says where the time went and goes.

use std::collections::{HashMap, HashSet};

use rust_stemmers::{Algorithm, Stemmer};
use serde::{Deserialize, Serialize};

use super::{RuleEntry, RuleKind, fold};
use crate::games::GameId;
use crate::text::Lang;

/// Longest query text considered; the rest is ignored.
const MAX_QUERY_CHARS: usize = 200;
/// Most words of a query considered.
const MAX_QUERY_WORDS: usize = 16;
/// Words of a snippet.
const SNIPPET_WORDS: usize = 14;

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

/// What a search answers: the hits, best first; when a typed word was corrected to find them,
/// the query as corrected; and when nothing matched, close queries that do find entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RuleSearch {
    pub hits: Vec<RuleHit>,
    pub suggestions: Vec<String>,
    /// The query with its typos corrected (`condotiere cout` → `condottiere cout`), when the
    /// hits come from a correction; the corrected words are the `hit` parts of the snippets.
    pub corrected: Option<String>,
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
}

impl StopWords {
    pub fn load() -> StopWords {
        // The file is compiled in and a test loads it: a broken file cannot ship.
        toml::from_str(include_str!("search_words.toml"))
            .unwrap_or(StopWords { fr: Vec::new(), en: Vec::new() })
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

/// The index is read-only once built, so the catalogue is shared between threads as is.
pub(super) struct Index {
    /// Sorted by text: a prefix is a range.
    words: Vec<Word>,
    /// `f:<French stem>` / `e:<English stem>` → the words with that stem.
    by_stem: HashMap<String, Vec<u32>>,
    /// Words of titles and aliases: what a typo may be corrected to.
    name_words: Vec<u32>,
    /// Per entry, the content words (stemmed, sorted) of each of its titles and aliases.
    names: Vec<Vec<Vec<String>>>,
    /// Per entry, the tokens of its French and English bodies, for snippets.
    bodies: Vec<[Vec<Token>; 2]>,
    stop: HashSet<String>,
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
fn folded_words(text: &str) -> Vec<String> {
    tokens(text).map(|(_, _, t)| fold(t)).collect()
}

/// Game names a title may carry (`Départage à Valencia`) and a query may add: not part of what
/// makes a title equal to a query.
const GAME_WORDS: [&str; 4] = ["valencia", "citadelles", "orleans", "splendor"];
const GAMES: [GameId; 4] = [GameId::Valencia, GameId::Citadelles, GameId::Orleans, GameId::Splendor];
/// The score a game's name gives each entry of that game: a body mention's worth.
const GAME_NAMED: f32 = 2.0;

impl Index {
    pub(super) fn build(entries: &[RuleEntry], stop_words: &StopWords) -> Index {
        let fr = Stemmer::create(Algorithm::French);
        let en = Stemmer::create(Algorithm::English);
        let stop: HashSet<String> = stop_words.fr.iter().chain(&stop_words.en).cloned().collect();
        // word → (entry, field) → count; and which language(s) it came from, for its stems.
        let mut counts: HashMap<String, HashMap<(u32, Field), u16>> = HashMap::new();
        let mut langs: HashMap<String, (bool, bool)> = HashMap::new();
        let mut names = Vec::with_capacity(entries.len());
        for (i, e) in entries.iter().enumerate() {
            let entry = u32::try_from(i).unwrap_or(u32::MAX);
            let mut add = |text: &str, field: Field, is_fr: bool, is_en: bool| {
                for w in folded_words(text) {
                    let l = langs.entry(w.clone()).or_insert((false, false));
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
            let mut own = vec![
                content_key(&without_brackets(&e.title.fr), &stop, &fr),
                content_key(&without_brackets(&e.title.en), &stop, &en),
            ];
            for a in &e.aliases {
                own.push(content_key(a, &stop, &fr));
                own.push(content_key(a, &stop, &en));
            }
            own.retain(|k| !k.is_empty());
            names.push(own);
        }
        let n_entries = entries.len().max(1) as f32;
        let mut words: Vec<Word> = counts
            .into_iter()
            .map(|(text, by)| {
                let mut postings: Vec<Posting> =
                    by.into_iter().map(|((entry, field), tf)| Posting { entry, field, tf }).collect();
                postings.sort_by_key(|p| (p.entry, p.field as u8));
                let df = postings.iter().map(|p| p.entry).collect::<HashSet<_>>().len();
                let df = u32::try_from(df).unwrap_or(u32::MAX);
                Word { text, postings, idf: (1.0 + n_entries / df.max(1) as f32).ln(), df }
            })
            .collect();
        words.sort_by(|a, b| a.text.cmp(&b.text));
        let by_text: HashMap<String, u32> = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.text.clone(), u32::try_from(i).unwrap_or(u32::MAX)))
            .collect();
        let mut by_stem: HashMap<String, Vec<u32>> = HashMap::new();
        let mut name_words = Vec::new();
        for (i, w) in words.iter().enumerate() {
            let id = u32::try_from(i).unwrap_or(u32::MAX);
            let (is_fr, is_en) = langs.get(&w.text).copied().unwrap_or((true, true));
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
        let bodies = entries
            .iter()
            .map(|e| {
                let toks = |text: &str| -> Vec<Token> {
                    tokens(text)
                        .filter_map(|(s, t, w)| {
                            let word = *by_text.get(&fold(w))?;
                            Some(Token { start: u32::try_from(s).ok()?, end: u32::try_from(t).ok()?, word })
                        })
                        .collect()
                };
                [toks(&e.body.fr), toks(&e.body.en)]
            })
            .collect();
        Index { words, by_stem, name_words, names, bodies, stop, fr, en }
    }

    pub(super) fn search(&self, entries: &[RuleEntry], query: &str, filter: &SearchFilter) -> Found {
        let limit = if filter.limit == 0 { 20 } else { filter.limit as usize };
        let head: String = query.chars().take(MAX_QUERY_CHARS).collect();
        let mut typed: Vec<String> = Vec::new();
        for w in folded_words(&head) {
            if !typed.contains(&w) {
                typed.push(w);
            }
            if typed.len() == MAX_QUERY_WORDS {
                break;
            }
        }
        // Question and stop words go, unless nothing else is left.
        let content: Vec<&String> = typed.iter().filter(|w| !self.stop.contains(*w)).collect();
        let words: Vec<&String> = if content.is_empty() { typed.iter().collect() } else { content };
        if words.is_empty() {
            return Found::default();
        }
        let resolved: Vec<Resolved> = words.iter().map(|w| self.resolve(w)).collect();
        let n = resolved.len();
        // best[entry * n + word]: the entry's best score for that query word.
        let mut best = vec![0f32; entries.len() * n];
        // in_name[entry]: the query words (bits) found in one of its titles or aliases.
        let mut in_name = vec![0u32; entries.len()];
        for (qi, r) in resolved.iter().enumerate() {
            for &(w, strength) in &r.matches {
                let Some(word) = self.words.get(w as usize) else { continue };
                for p in &word.postings {
                    let tf = if p.field == Field::Body { 1.0 + f32::from(p.tf).ln() } else { 1.0 };
                    let score = strength * p.field.weight() * tf * word.idf;
                    if let Some(slot) = best.get_mut(p.entry as usize * n + qi) {
                        *slot = slot.max(score);
                    }
                    if p.field != Field::Body
                        && let Some(bits) = in_name.get_mut(p.entry as usize)
                    {
                        *bits |= 1 << qi;
                    }
                }
            }
        }
        // A game's name matches every entry of that game ("mise en place valencia"), and the
        // game named is the one preferred.
        let mut prefer = filter.prefer;
        for (qi, w) in words.iter().enumerate() {
            let Some(game) = GAME_WORDS.iter().position(|g| g == w).and_then(|at| GAMES.get(at)) else {
                continue;
            };
            prefer = Some(*game);
            for (i, e) in entries.iter().enumerate() {
                if e.game == Some(*game)
                    && let Some(slot) = best.get_mut(i * n + qi)
                {
                    *slot = slot.max(GAME_NAMED);
                }
            }
        }
        // The query's own content words, as corrected, to recognise an entry named so.
        let understood: Vec<&str> =
            resolved.iter().zip(&words).map(|(r, w)| r.corrected.as_deref().unwrap_or(w.as_str())).collect();
        let key_fr = self.key_of(&understood, &self.fr);
        let key_en = self.key_of(&understood, &self.en);
        let mut ranked: Vec<Ranked> = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            let scores = &best[i * n..(i + 1) * n];
            let matched = scores.iter().filter(|s| **s > 0.0).count();
            if matched == 0 || !matches_filter(e, filter) {
                continue;
            }
            let named = matched == n
                && self.names.get(i).is_some_and(|ks| ks.iter().any(|k| *k == key_fr || *k == key_en));
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
                in_name: in_name.get(i).map_or(0, |b| b.count_ones()),
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
        ranked.truncate(limit);
        let matched_words: HashSet<u32> =
            resolved.iter().flat_map(|r| r.matches.iter().map(|m| m.0)).collect();
        let hits = ranked
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
        let corrected = (!hits.is_empty() && resolved.iter().any(|r| r.corrected.is_some()))
            .then(|| understood.join(" "));
        Found { hits, corrected }
    }

    /// The index words a query word stands for, each with how sure the match is.
    fn resolve(&self, word: &str) -> Resolved {
        let mut matches = self.direct(word, 1.0);
        let mut corrected = None;
        if matches.is_empty() {
            if let Some(fixes) = self.corrections(word) {
                corrected = fixes.first().cloned();
                for fix in &fixes {
                    matches.extend(self.direct(fix, TYPO));
                }
            }
            if word.chars().count() >= 3 {
                for (i, w) in self.words.iter().enumerate() {
                    if w.text.contains(word) {
                        matches.push((u32::try_from(i).unwrap_or(u32::MAX), INSIDE));
                    }
                }
            }
            matches.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
            matches.dedup_by_key(|m| m.0);
        }
        Resolved { matches, corrected }
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

    /// The title and alias words nearest to a word that matches nothing (1 typo from 4
    /// letters, 2 from 6; a word being typed is compared with their start too), most common
    /// first. `None` when none is close enough.
    fn corrections(&self, word: &str) -> Option<Vec<String>> {
        let len = word.chars().count();
        let allowed = match len {
            0..=3 => return None,
            4..=5 => 1,
            _ => 2,
        };
        let mut close: Vec<(usize, u32, &str)> = Vec::new();
        let letters = Letters::of(word);
        for &id in &self.name_words {
            let Some(w) = self.words.get(id as usize) else { continue };
            if let Some(d) = typo_distance(word, len, &letters, &w.text, allowed) {
                close.push((d, w.df, &w.text));
            }
        }
        let nearest = close.iter().map(|c| c.0).min()?;
        close.retain(|c| c.0 == nearest);
        close.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(b.2)));
        Some(close.into_iter().map(|c| c.2.to_owned()).collect())
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

/// How many letters of each kind a word holds (folded into 32 buckets): two words whose counts
/// differ by `k` letters on one side are at least `k` edits apart, which rules out most of a
/// vocabulary before any edit distance is computed.
struct Letters([i16; 32]);

impl Letters {
    fn of(word: &str) -> Letters {
        let mut n = [0i16; 32];
        for c in word.chars() {
            if let Some(slot) = n.get_mut(c as usize % 32) {
                *slot = slot.saturating_add(1);
            }
        }
        Letters(n)
    }

    /// A lower bound of the edits between the word counted and `other`.
    fn min_edits(&self, other: &str) -> usize {
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

/// The edits from `word` (`len` letters, counted in `letters`) to `candidate`, or to its start
/// when `candidate` is longer (a word still being typed: one edit more), if at most `allowed`.
fn typo_distance(
    word: &str,
    len: usize,
    letters: &Letters,
    candidate: &str,
    allowed: usize,
) -> Option<usize> {
    let clen = candidate.chars().count();
    if clen + allowed < len || candidate.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut d = usize::MAX;
    if clen <= len + allowed && letters.min_edits(candidate) <= allowed {
        d = strsim::osa_distance(word, candidate);
    }
    if clen > len {
        let start = candidate.char_indices().nth(len).map_or(candidate, |(i, _)| &candidate[..i]);
        if letters.min_edits(start) < allowed {
            d = d.min(strsim::osa_distance(word, start) + 1);
        }
    }
    (d <= allowed).then_some(d)
}

/// What [`Index::search`] found.
#[derive(Debug, Default)]
pub(super) struct Found {
    pub hits: Vec<RuleHit>,
    pub corrected: Option<String>,
}

/// A query word, resolved.
struct Resolved {
    /// Index words it matches, with the strength of each.
    matches: Vec<(u32, f32)>,
    /// The word it was corrected to, when it matched nothing as typed.
    corrected: Option<String>,
}

struct Ranked {
    entry: usize,
    matched: usize,
    /// How many query words its titles or aliases hold.
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

/// The sorted, distinct stems of a text's content words: no stop words, numbers or game names.
fn content_key(text: &str, stop: &HashSet<String>, stemmer: &Stemmer) -> Vec<String> {
    let mut key: Vec<String> = folded_words(text)
        .into_iter()
        .filter(|w| {
            !stop.contains(w) && !w.chars().all(|c| c.is_ascii_digit()) && !GAME_WORDS.contains(&w.as_str())
        })
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

/// Close terms for a query that found nothing: each word that starts no word of the entries is
/// replaced by the nearest ones (edit distance with transpositions, at most 1 for short words and 2
/// from 6 letters), most frequent first. Whole queries are returned, ready to search, each with
/// the word it puts in.
pub(super) fn suggest(vocabulary: &[(String, u32)], query: &str, max: usize) -> Vec<(String, String)> {
    // Only what the search itself reads: a pasted page is not compared with every word.
    let head: String = query.chars().take(MAX_QUERY_CHARS).collect();
    let words: Vec<String> = folded_words(&head).into_iter().take(8).collect();
    let known = |w: &str| vocabulary.iter().any(|(v, _)| v.starts_with(w));
    let Some(bad) = words.iter().position(|w| w.chars().count() >= 3 && !known(w)) else {
        return Vec::new();
    };
    let word = &words[bad];
    let len = word.chars().count();
    let allowed = if len >= 6 { 2 } else { 1 };
    let letters = Letters::of(word);
    let mut close: Vec<(usize, u32, &str)> = vocabulary
        .iter()
        .filter_map(|(v, n)| {
            // Compared with the word's length too, so a prefix typed with a typo still matches.
            typo_distance(word, len, &letters, v, allowed).map(|d| (d, *n, v.as_str()))
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
    fn a_pasted_page_gets_no_close_term() {
        let vocabulary = vec![("fontaine".to_owned(), 3), ("condottiere".to_owned(), 2)];
        assert_eq!(suggest(&vocabulary, "fontane", 5).first().map(|s| s.1.as_str()), Some("fontaine"));
        assert!(suggest(&vocabulary, &"fontane".repeat(15_000), 5).is_empty());
        assert!(suggest(&vocabulary, &format!("fontaine {}", "x".repeat(100_000)), 5).is_empty());
    }

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
        let w = "condoti";
        assert_eq!(typo_distance(w, 7, &Letters::of(w), "condottiere", 2), Some(2));
        assert_eq!(typo_distance("fontane", 7, &Letters::of("fontane"), "fontaine", 2), Some(1));
        assert_eq!(typo_distance("zorglub", 7, &Letters::of("zorglub"), "fontaine", 2), None);
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
    }
}
