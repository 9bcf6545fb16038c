//! The rules catalogue: every rule entry in the project's own words, French and English, each
//! citing the rulebook section it summarises, and a search over them that ignores case and
//! accents and matches word prefixes as the user types.
//!
//! Entries are data (`entries/*.toml`), compiled into the binary. The search index is an
//! in-memory SQLite FTS5 table built when the catalogue loads: it never touches the user's
//! history database.

mod search;

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

pub use search::{RuleHit, SearchFilter, SnippetPart};

use crate::games::GameId;
use crate::text::Text;

/// The entry files, with the game each one belongs to (`None`: about the app or all games).
const ENTRY_FILES: &[(&str, Option<GameId>, &str)] = &[
    ("general.toml", None, include_str!("entries/general.toml")),
    ("valencia.toml", Some(GameId::Valencia), include_str!("entries/valencia.toml")),
    ("citadelles.toml", Some(GameId::Citadelles), include_str!("entries/citadelles.toml")),
    ("orleans.toml", Some(GameId::Orleans), include_str!("entries/orleans.toml")),
    ("splendor.toml", Some(GameId::Splendor), include_str!("entries/splendor.toml")),
];

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
    /// Rulebook file and section, e.g. `000_88d49a4ead267029.txt, p.10`.
    pub source: String,
    pub related: Vec<String>,
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
    Parse { file: &'static str, source: toml::de::Error },
    #[error("rule entry `{id}`: {problem}")]
    Entry { id: String, problem: String },
    #[error("rule search index: {0}")]
    Index(#[from] rusqlite::Error),
}

/// All rule entries and their search index.
pub struct Catalogue {
    entries: Vec<RuleEntry>,
    by_id: HashMap<String, usize>,
    index: search::Index,
}

impl Catalogue {
    /// Loads the entries compiled into the binary and builds the search index.
    pub fn load() -> Result<Catalogue, CatalogueError> {
        let mut entries = Vec::new();
        for &(file, game, text) in ENTRY_FILES {
            let parsed: EntryFile =
                toml::from_str(text).map_err(|source| CatalogueError::Parse { file, source })?;
            for r in parsed.entry {
                entries.push(RuleEntry {
                    id: r.id,
                    game,
                    kind: r.kind,
                    title: Text::new(r.title_fr.trim(), r.title_en.trim()),
                    body: Text::new(r.body_fr.trim(), r.body_en.trim()),
                    source: r.source,
                    related: r.related,
                });
            }
        }
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
        }
        for e in &entries {
            if let Some(missing) = e.related.iter().find(|r| !by_id.contains_key(*r)) {
                return Err(CatalogueError::Entry {
                    id: e.id.clone(),
                    problem: format!("related `{missing}` does not exist"),
                });
            }
        }
        let index = search::Index::build(&entries)?;
        Ok(Catalogue { entries, by_id, index })
    }

    pub fn entries(&self) -> &[RuleEntry] {
        &self.entries
    }

    pub fn get(&self, id: &str) -> Option<&RuleEntry> {
        self.by_id.get(id).map(|&i| &self.entries[i])
    }

    /// Entries matching `query` (every word, as a prefix, ignoring case and accents), best
    /// first, titles weighing more than bodies. An empty or punctuation-only query finds
    /// nothing.
    pub fn search(&self, query: &str, filter: &SearchFilter) -> Result<Vec<RuleHit>, rusqlite::Error> {
        self.index.search(&self.entries, query, filter)
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
