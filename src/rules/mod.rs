//! The rules catalogue: every rule entry in the project's own words, French and English, each
//! citing the rulebook section it summarises, and a search over them that ignores case and
//! accents, matches word prefixes as the user types, word forms, typos, questions and the
//! players' everyday words, and says when a query is not about these rules at all.
//!
//! Entries are data (`entries/*.toml`), compiled into the binary. The search index is built in
//! memory when the catalogue loads (`search.rs`, with `everyday.rs` and `typo.rs`): it never
//! touches the user's history database.

mod everyday;
mod search;
mod typo;

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

pub use search::{CLOSEST, RuleHit, RuleSearch, SearchFilter, SnippetPart, StopWords, WordCorrection};

use crate::games::GameId;
use crate::text::Text;

/// The files of entries shared by the games (about the app or all games, or each entry names
/// its own `game`); each game's own come from its contract ([`crate::games::Game::rule_entries`]).
const SHARED_ENTRY_FILES: [(&str, &str); 3] = [
    ("general.toml", include_str!("entries/general.toml")),
    ("glossary.toml", include_str!("entries/glossary.toml")),
    ("clarifications.toml", include_str!("entries/clarifications.toml")),
];

/// Every file of entries: its name, the game it belongs to (`None`: a shared file) and its
/// text; the shared files first, then each game's in the order of [`GameId::ALL`].
fn entry_files() -> impl Iterator<Item = (String, Option<GameId>, &'static str)> {
    let shared = SHARED_ENTRY_FILES.into_iter().map(|(file, text)| (file.to_owned(), None, text));
    let games =
        GameId::ALL.into_iter().map(|g| (format!("{}.toml", g.as_str()), Some(g), g.game().rule_entries()));
    shared.chain(games)
}

/// What a rule entry is about; used to filter searches and to pick an icon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    Setup,
    Phase,
    Event,
    Card,
    Mission,
    Character,
    Wonder,
    Fountain,
    PlaceTile,
    Scoring,
    Faq,
    Errata,
    Overview,
    App,
    /// A game term in French and English (Condottiere / Warlord…).
    Glossary,
}

impl RuleKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RuleKind::Setup => "setup",
            RuleKind::Phase => "phase",
            RuleKind::Event => "event",
            RuleKind::Card => "card",
            RuleKind::Mission => "mission",
            RuleKind::Character => "character",
            RuleKind::Wonder => "wonder",
            RuleKind::Fountain => "fountain",
            RuleKind::PlaceTile => "place_tile",
            RuleKind::Scoring => "scoring",
            RuleKind::Faq => "faq",
            RuleKind::Errata => "errata",
            RuleKind::Overview => "overview",
            RuleKind::App => "app",
            RuleKind::Glossary => "glossary",
        }
    }
}

/// One rule entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RuleEntry {
    pub id: String,
    pub game: Option<GameId>,
    pub kind: RuleKind,
    pub title: Text,
    pub body: Text,
    /// Where it comes from, as a player reads it: the rulebook's name and section (the entry
    /// file holds the keys of `docs/sources.md`, e.g. `VAL p.10`, read by [`crate::citation`]).
    pub source: String,
    pub related: Vec<String>,
    /// The rule profiles / modules / scenarios it is about (empty: all of them).
    pub variants: Vec<String>,
    /// Other names a player may type for it, in either language: the rulebook's own spellings
    /// (`appairer`), short names. Searched like a title.
    pub aliases: Vec<String>,
    /// What players say at the table for it when the rulebook says otherwise (`premier joueur`
    /// for the Crown, `argent` for the gold), in either language: a query holding all of one's
    /// content words finds the entry as if its title held them.
    pub everyday: Vec<String>,
}

/// An entry as written in a TOML file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryRecord {
    id: String,
    kind: RuleKind,
    title_fr: String,
    title_en: String,
    body_fr: String,
    body_en: String,
    source: String,
    #[serde(default)]
    related: Vec<String>,
    /// Only in the files shared by the games (glossary, clarifications): the game it is about.
    #[serde(default)]
    game: Option<GameId>,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    everyday: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryFile {
    #[serde(default)]
    entry: Vec<EntryRecord>,
}

/// Why the catalogue could not load (only a broken build can cause it; a test loads it).
#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error("rule file {file}: {source}")]
    Parse { file: String, source: toml::de::Error },
    #[error("rule entry `{id}`: {problem}")]
    Entry { id: String, problem: String },
}

/// All rule entries and their search index.
pub struct Catalogue {
    entries: Vec<RuleEntry>,
    by_id: HashMap<String, usize>,
    index: search::Index,
    /// Words of the entries, for suggestions when a search finds nothing.
    vocabulary: Vec<(String, u32)>,
    stop_words: StopWords,
}

impl Catalogue {
    /// Loads the entries compiled into the binary and builds the search index.
    pub fn load() -> Result<Catalogue, CatalogueError> {
        let mut entries = Vec::new();
        for (file, game, text) in entry_files() {
            let parsed: EntryFile = toml::from_str(text)
                .map_err(|source| CatalogueError::Parse { file: file.clone(), source })?;
            for r in parsed.entry {
                if game.is_some() && r.game.is_some() {
                    return Err(CatalogueError::Entry {
                        id: r.id,
                        problem: format!("`game` is only for shared files, and {file} is one game's"),
                    });
                }
                entries.push(RuleEntry {
                    id: r.id,
                    game: game.or(r.game),
                    kind: r.kind,
                    title: Text::new(r.title_fr.trim(), r.title_en.trim()),
                    body: Text::new(r.body_fr.trim(), r.body_en.trim()),
                    source: crate::citation::readable(&r.source).fr,
                    related: r.related,
                    variants: r.variants,
                    aliases: r.aliases,
                    everyday: r.everyday,
                });
            }
        }
        tag_entry_variants(&mut entries);
        Catalogue::from_entries(entries)
    }

    /// Builds a catalogue from entries, checking ids are unique, texts and sources present and
    /// related ids resolve.
    pub fn from_entries(entries: Vec<RuleEntry>) -> Result<Catalogue, CatalogueError> {
        let mut by_id = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            let bad = |problem: &str| CatalogueError::Entry { id: e.id.clone(), problem: problem.to_owned() };
            if by_id.insert(e.id.clone(), i).is_some() {
                return Err(bad("id used twice"));
            }
            let texts = [&e.title.fr, &e.title.en, &e.body.fr, &e.body.en, &e.source];
            if texts.iter().any(|t| t.trim().is_empty()) {
                return Err(bad("a title, body or source is empty"));
            }
            if e.aliases.iter().chain(&e.everyday).any(|a| a.trim().is_empty()) {
                return Err(bad("an alias or everyday phrase is empty"));
            }
        }
        for e in &entries {
            if let Some(missing) = e.related.iter().find(|r| !by_id.contains_key(*r)) {
                return Err(CatalogueError::Entry {
                    id: e.id.clone(),
                    problem: format!("related `{missing}` does not exist"),
                });
            }
        }
        for e in &entries {
            let known = |v: &String| e.game.is_some_and(|g| g.info().variant(v).is_some());
            if let Some(unknown) = e.variants.iter().find(|v| !known(v)) {
                return Err(CatalogueError::Entry {
                    id: e.id.clone(),
                    problem: format!("variant `{unknown}` is not one of its game's"),
                });
            }
        }
        let stop_words = StopWords::load();
        for e in &entries {
            if let Some(phrase) = e.everyday.iter().find(|p| !search::has_content_word(p, &stop_words)) {
                return Err(CatalogueError::Entry {
                    id: e.id.clone(),
                    problem: format!(
                        "everyday phrase `{phrase}` holds only stop words, numbers or game names"
                    ),
                });
            }
        }
        let index = search::Index::build(&entries, &stop_words);
        let vocabulary = search::vocabulary(&entries);
        Ok(Catalogue { entries, by_id, index, vocabulary, stop_words })
    }

    pub fn entries(&self) -> &[RuleEntry] {
        &self.entries
    }

    pub fn get(&self, id: &str) -> Option<&RuleEntry> {
        self.by_id.get(id).map(|&i| &self.entries[i])
    }

    /// Entries answering `query`, best first (see `search.rs`): the words of a question without
    /// its stop words, each as typed, as a word form (same stem), as a prefix, or failing
    /// those corrected for a typo or found inside a word, and the everyday phrases it holds;
    /// more matched words first, then more of them in a title, alias or everyday phrase, then
    /// the preferred game (or the one the query names), then an entry the query names, titles
    /// weighing more than bodies. An empty or punctuation-only query finds nothing, and so does
    /// a query that is not about these rules (see [`Catalogue::lookup`]).
    ///
    /// Never fails today (the index is in memory); the `Result` keeps the callers' shape.
    pub fn search(&self, query: &str, filter: &SearchFilter) -> Result<Vec<RuleHit>, rusqlite::Error> {
        Ok(self.index.search(&self.entries, query, filter).hits)
    }

    /// What the search box shows: the hits; or, for a query that is not about these rules,
    /// its words no game here knows and the closest entries apart; every word corrected; and
    /// when a query about these rules finds nothing, close queries that do find something.
    pub fn lookup(&self, query: &str, filter: &SearchFilter) -> Result<RuleSearch, rusqlite::Error> {
        let found = self.index.search(&self.entries, query, filter);
        let suggestions = if found.hits.is_empty() && found.not_in_rules.is_empty() {
            self.suggest(query, filter)?
        } else {
            Vec::new()
        };
        Ok(RuleSearch {
            hits: found.hits,
            not_in_rules: found.not_in_rules,
            closest: found.closest,
            corrections: found.corrections,
            suggestions,
            corrected: found.corrected,
        })
    }

    /// The words the search drops from a query (`que`, `combien`, `what`…).
    pub fn stop_words(&self) -> &StopWords {
        &self.stop_words
    }

    /// Every entry passing `filter` (no query), in catalogue order, each with the opening of its
    /// body: the glossary, a game's clarifications, a kind's list.
    pub fn list(&self, filter: &SearchFilter) -> Vec<RuleHit> {
        let all = self.entries.iter().filter(|e| search::matches_filter(e, filter)).map(|e| RuleHit {
            id: e.id.clone(),
            game: e.game,
            kind: e.kind,
            title: e.title.get(filter.lang).to_owned(),
            snippet: vec![SnippetPart { text: search::opening(e.body.get(filter.lang)), hit: false }],
        });
        if filter.limit == 0 { all.collect() } else { all.take(filter.limit as usize).collect() }
    }

    /// Queries close to `query` that do find entries with `filter` (a word typed with a typo
    /// replaced by the nearest words of the entries), for a search that found nothing.
    pub fn suggest(&self, query: &str, filter: &SearchFilter) -> Result<Vec<String>, rusqlite::Error> {
        let mut out = Vec::new();
        let probe = SearchFilter { limit: 1, prefer: None, ..filter.clone() };
        for (q, word) in typo::suggest(&self.vocabulary, query, 12) {
            // Any one word matching is enough for a hit, so the word put in is what to try.
            if !out.contains(&q) && !self.search(&word, &probe)?.is_empty() {
                out.push(q);
            }
            if out.len() >= 5 {
                break;
            }
        }
        Ok(out)
    }

    /// Number of entries per game (`None`: general), for the CLI and the coverage tests.
    pub fn counts(&self) -> BTreeMap<String, usize> {
        let mut counts = BTreeMap::new();
        for e in &self.entries {
            *counts.entry(e.game.map_or("general".to_owned(), |g| g.as_str().to_owned())).or_insert(0) += 1;
        }
        counts
    }
}

/// Each game's entries about some of its variants only, as its catalogues know them
/// ([`crate::games::Game::rule_entry_variants`]: Orléans' events, by the scenarios whose tracks
/// hold them): the variant filter then shows them only with those. An entry that names its own
/// variants keeps them.
fn tag_entry_variants(entries: &mut [RuleEntry]) {
    for game in GameId::ALL {
        for (rule, variants) in game.game().rule_entry_variants() {
            let Some(entry) = entries.iter_mut().find(|e| e.id == rule) else { continue };
            if !entry.variants.is_empty() {
                continue;
            }
            for id in variants {
                if !entry.variants.iter().any(|v| v == id) {
                    entry.variants.push(id.to_owned());
                }
            }
        }
    }
}

/// Lowercases and strips accents (é → e, œ → oe), the same folding the search applies, so
/// that `Orléans`, `ORLEANS` and `orleans` compare equal.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().flat_map(char::to_lowercase) {
        match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => out.push('a'),
            'ç' => out.push('c'),
            'è' | 'é' | 'ê' | 'ë' => out.push('e'),
            'ì' | 'í' | 'î' | 'ï' => out.push('i'),
            'ñ' => out.push('n'),
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => out.push('o'),
            'ù' | 'ú' | 'û' | 'ü' => out.push('u'),
            'ý' | 'ÿ' => out.push('y'),
            'œ' => out.push_str("oe"),
            'æ' => out.push_str("ae"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_removes_case_and_french_accents() {
        assert_eq!(fold("Orléans: Invasion"), "orleans: invasion");
        assert_eq!(fold("ÉGALITÉ"), "egalite");
        assert_eq!(fold("Cœur"), "coeur");
    }
}
