//! Full-text search over the rule entries: SQLite FTS5 with `unicode61 remove_diacritics 2`
//! (so `egalite` finds `égalité`), every word of the query matched as a prefix, titles weighted
//! ten times the body.

use std::sync::Mutex;

use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use super::{RuleEntry, RuleKind};
use crate::games::GameId;
use crate::text::Lang;

/// Marks the start and end of a matched term in FTS5 snippets; control characters never occur
/// in entry texts.
const HIT_START: char = '\u{2}';
const HIT_END: char = '\u{3}';

/// Longest query text considered; the rest is ignored.
const MAX_QUERY_CHARS: usize = 200;

/// Narrows a search.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SearchFilter {
    /// Only this game's entries (general entries are always included).
    pub game: Option<GameId>,
    pub kind: Option<RuleKind>,
    /// Language of the titles and snippets returned (the search matches both).
    pub lang: Lang,
    /// At most this many hits (0 means 20).
    pub limit: u32,
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

/// The connection sits behind a mutex so the catalogue can be shared between threads (the
/// desktop app serves searches from several workers).
pub(super) struct Index {
    conn: Mutex<Connection>,
}

impl Index {
    pub(super) fn build(entries: &[RuleEntry]) -> rusqlite::Result<Index> {
        let mut conn = Connection::open_in_memory()?;
        conn.execute_batch(
            "CREATE VIRTUAL TABLE rule_fts USING fts5(
                 title, body, entry UNINDEXED, lang UNINDEXED,
                 tokenize = 'unicode61 remove_diacritics 2');",
        )?;
        let tx = conn.transaction()?;
        {
            let mut insert =
                tx.prepare("INSERT INTO rule_fts (title, body, entry, lang) VALUES (?1, ?2, ?3, ?4)")?;
            for (i, e) in entries.iter().enumerate() {
                let i = i64::try_from(i).unwrap_or(i64::MAX);
                insert.execute(params![e.title.fr, e.body.fr, i, "fr"])?;
                insert.execute(params![e.title.en, e.body.en, i, "en"])?;
            }
        }
        tx.commit()?;
        Ok(Index { conn: Mutex::new(conn) })
    }

    pub(super) fn search(
        &self,
        entries: &[RuleEntry],
        query: &str,
        filter: &SearchFilter,
    ) -> rusqlite::Result<Vec<RuleHit>> {
        let Some(fts_query) = to_fts_query(query) else {
            return Ok(Vec::new());
        };
        let limit = if filter.limit == 0 { 20 } else { filter.limit as usize };
        // A poisoned lock only means another search panicked; the index itself is read-only.
        let conn = self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut stmt = conn.prepare_cached(
            "SELECT entry, lang, snippet(rule_fts, 1, char(2), char(3), '…', 14)
               FROM rule_fts WHERE rule_fts MATCH ?1
              ORDER BY bm25(rule_fts, 10.0, 1.0)",
        )?;
        let rows = stmt.query_map([&fts_query], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?))
        })?;
        let mut hits: Vec<RuleHit> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for row in rows {
            let (i, row_lang, snippet) = row?;
            let Some(entry) = usize::try_from(i).ok().and_then(|i| entries.get(i)) else {
                continue;
            };
            if !seen.insert(i) || !matches_filter(entry, filter) {
                continue;
            }
            let snippet = if row_lang == filter.lang.code() {
                snippet
            } else {
                snippet_in(&conn, i, filter.lang, &fts_query)?
                    .unwrap_or_else(|| opening(entry.body.get(filter.lang)))
            };
            hits.push(RuleHit {
                id: entry.id.clone(),
                game: entry.game,
                kind: entry.kind,
                title: entry.title.get(filter.lang).to_owned(),
                snippet: split_snippet(&snippet),
            });
            if hits.len() >= limit {
                break;
            }
        }
        Ok(hits)
    }
}

/// The snippet of entry `i` in `lang`, if that language's text matches too.
fn snippet_in(conn: &Connection, i: i64, lang: Lang, fts_query: &str) -> rusqlite::Result<Option<String>> {
    let mut stmt = conn.prepare_cached(
        "SELECT snippet(rule_fts, 1, char(2), char(3), '…', 14)
           FROM rule_fts WHERE rule_fts MATCH ?1 AND entry = ?2 AND lang = ?3",
    )?;
    let mut rows = stmt.query(params![fts_query, i, lang.code()])?;
    Ok(match rows.next()? {
        Some(r) => Some(r.get(0)?),
        None => None,
    })
}

fn matches_filter(entry: &RuleEntry, filter: &SearchFilter) -> bool {
    let game_ok = match filter.game {
        None => true,
        Some(g) => entry.game.is_none() || entry.game == Some(g),
    };
    game_ok && filter.kind.is_none_or(|k| entry.kind == k)
}

/// Turns what the user typed into a safe FTS5 query: each run of letters and digits becomes a
/// quoted prefix term (`"egli"*`), all required. Quotes, operators (`AND`, `-`, `:`…) and
/// other punctuation cannot reach the FTS5 parser. `None` when nothing searchable is left.
pub fn to_fts_query(query: &str) -> Option<String> {
    let terms: Vec<String> = query
        .chars()
        .take(MAX_QUERY_CHARS)
        .collect::<String>()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .take(16)
        .map(|t| format!("\"{t}\"*"))
        .collect();
    if terms.is_empty() { None } else { Some(terms.join(" ")) }
}

/// The first words of a text, when no passage matches in the wanted language.
fn opening(body: &str) -> String {
    let words: Vec<&str> = body.split_whitespace().collect();
    if words.len() <= 14 { words.join(" ") } else { format!("{}…", words[..14].join(" ")) }
}

fn split_snippet(snippet: &str) -> Vec<SnippetPart> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut hit = false;
    for c in snippet.chars() {
        if c == HIT_START || c == HIT_END {
            if !current.is_empty() {
                parts.push(SnippetPart { text: std::mem::take(&mut current), hit });
            }
            hit = c == HIT_START;
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        parts.push(SnippetPart { text: current, hit });
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_text_becomes_quoted_prefix_terms() {
        assert_eq!(to_fts_query("égal").as_deref(), Some("\"égal\"*"));
        assert_eq!(to_fts_query("fin de partie").as_deref(), Some("\"fin\"* \"de\"* \"partie\"*"));
        assert_eq!(to_fts_query("\"NOT\" -x: OR (").as_deref(), Some("\"NOT\"* \"x\"* \"OR\"*"));
        assert_eq!(to_fts_query(" ,;:!? "), None);
    }

    #[test]
    fn snippet_markers_become_parts() {
        let parts = split_snippet("a \u{2}b\u{3} c");
        assert_eq!(
            parts,
            vec![
                SnippetPart { text: "a ".into(), hit: false },
                SnippetPart { text: "b".into(), hit: true },
                SnippetPart { text: " c".into(), hit: false },
            ]
        );
    }
}
