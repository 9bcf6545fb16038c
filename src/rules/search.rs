//! Full-text search over the rule entries: SQLite FTS5 with `unicode61 remove_diacritics 2`
//! (so `egalite` finds `égalité`), every word of the query matched as a prefix, titles weighted
//! ten times the body. When words match nothing as prefixes, a second FTS5 table with the
//! `trigram` tokenizer finds them inside words (`tresor` in `Trésor impérial`, `quart` in
//! `Hôtel des quartiers`); when even that finds nothing, [`suggest`] offers close terms.

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
/// Longest word a close term is looked for (French and English rule words are far shorter).
const MAX_SUGGESTED_WORD_CHARS: usize = 40;

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
    /// The game being played: its entries come first, the others still follow.
    #[serde(default)]
    pub prefer: Option<GameId>,
    /// Language of the titles and snippets returned (the search matches both).
    pub lang: Lang,
    /// At most this many hits (0 means 20).
    #[serde(default)]
    pub limit: u32,
}

/// Candidate rows read before the filters and the preferred game reorder them.
const CANDIDATES: usize = 400;

/// What a search answers: the hits, best first, and when nothing matched, close queries that
/// do find entries (`fontane` → `fontaine`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RuleSearch {
    pub hits: Vec<RuleHit>,
    pub suggestions: Vec<String>,
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
                 tokenize = 'unicode61 remove_diacritics 2');
             CREATE VIRTUAL TABLE rule_tri USING fts5(
                 title, body, entry UNINDEXED, lang UNINDEXED,
                 tokenize = 'trigram remove_diacritics 1');",
        )?;
        let tx = conn.transaction()?;
        {
            for table in ["rule_fts", "rule_tri"] {
                let mut insert = tx.prepare(&format!(
                    "INSERT INTO {table} (title, body, entry, lang) VALUES (?1, ?2, ?3, ?4)"
                ))?;
                for (i, e) in entries.iter().enumerate() {
                    let i = i64::try_from(i).unwrap_or(i64::MAX);
                    insert.execute(params![e.title.fr, e.body.fr, i, "fr"])?;
                    insert.execute(params![e.title.en, e.body.en, i, "en"])?;
                }
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
        let limit = if filter.limit == 0 { 20 } else { filter.limit as usize };
        // A poisoned lock only means another search panicked; the index itself is read-only.
        let conn = self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Which entries match, best first: ids only (snippets are costly, made for the kept few).
        let mut found: Vec<Match> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let prefix = to_fts_query(query);
        if let Some(q) = &prefix {
            collect(&conn, "rule_fts", q, entries, filter, &mut seen, &mut found)?;
        }
        // Words typed inside other words (or a query the prefixes miss): the trigram index.
        let trigram = to_trigram_query(query);
        if found.len() < limit
            && let Some(q) = &trigram
        {
            collect(&conn, "rule_tri", q, entries, filter, &mut seen, &mut found)?;
        }
        // The game being played first; within it the rules themselves, then clarifications,
        // then glossary terms; relevance order inside each group (the sort is stable).
        found.sort_by_key(|m| {
            let e = entries.get(m.entry);
            let other_game = filter.prefer.is_some_and(|g| e.and_then(|e| e.game) != Some(g));
            let kind_rank = match e.map(|e| e.kind) {
                Some(RuleKind::Faq | RuleKind::Errata) => 1,
                Some(RuleKind::Glossary) => 2,
                _ => 0,
            };
            (other_game, kind_rank)
        });
        found.truncate(limit);
        let mut hits = Vec::with_capacity(found.len());
        for m in found {
            let Some(entry) = entries.get(m.entry) else { continue };
            let (table, q) = if m.trigram { ("rule_tri", &trigram) } else { ("rule_fts", &prefix) };
            let snippet = match q {
                Some(q) => snippet_in(&conn, table, m.row_entry, filter.lang, q)?,
                None => None,
            };
            hits.push(RuleHit {
                id: entry.id.clone(),
                game: entry.game,
                kind: entry.kind,
                title: entry.title.get(filter.lang).to_owned(),
                snippet: split_snippet(&snippet.unwrap_or_else(|| opening(entry.body.get(filter.lang)))),
            });
        }
        Ok(hits)
    }

    /// Every distinct word of the entries (folded, 4 letters or more) with how often it occurs.
    pub(super) fn vocabulary(entries: &[RuleEntry]) -> Vec<(String, u32)> {
        let mut counts: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
        for e in entries {
            for text in [&e.title.fr, &e.title.en, &e.body.fr, &e.body.en] {
                for w in super::fold(text).split(|c: char| !c.is_alphanumeric()) {
                    if w.chars().count() >= 4 {
                        *counts.entry(w.to_owned()).or_insert(0) += 1;
                    }
                }
            }
        }
        let mut words: Vec<_> = counts.into_iter().collect();
        words.sort();
        words
    }
}

/// An entry a query matched.
struct Match {
    /// Index in the entries.
    entry: usize,
    /// The same, as stored in the index.
    row_entry: i64,
    /// Found by the trigram fallback (its snippet comes from that index).
    trigram: bool,
}

/// Reads the entries of `table` matching `fts_query`, best first, into `found` (each once).
fn collect(
    conn: &Connection,
    table: &str,
    fts_query: &str,
    entries: &[RuleEntry],
    filter: &SearchFilter,
    seen: &mut std::collections::HashSet<i64>,
    found: &mut Vec<Match>,
) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT entry FROM {table} WHERE {table} MATCH ?1 ORDER BY bm25({table}, 10.0, 1.0) LIMIT {CANDIDATES}"
    ))?;
    let rows = stmt.query_map([fts_query], |r| r.get::<_, i64>(0))?;
    for row in rows {
        let i = row?;
        let Some((at, entry)) = usize::try_from(i).ok().and_then(|at| entries.get(at).map(|e| (at, e)))
        else {
            continue;
        };
        if seen.contains(&i) || !matches_filter(entry, filter) {
            continue;
        }
        seen.insert(i);
        found.push(Match { entry: at, row_entry: i, trigram: table == "rule_tri" });
    }
    Ok(())
}

/// Close terms for a query that found nothing: each word that starts no word of the entries is
/// replaced by the nearest ones (Damerau–Levenshtein distance, at most 1 for short words and 2
/// from 6 letters), most frequent first. Whole queries are returned, ready to search.
pub(super) fn suggest(vocabulary: &[(String, u32)], query: &str, max: usize) -> Vec<String> {
    // Only what the search itself reads: a pasted page is not compared letter by letter with
    // every word of the rules (the comparison grows with the product of the lengths).
    let head: String = query.chars().take(MAX_QUERY_CHARS).collect();
    let words: Vec<String> = super::fold(&head)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(str::to_owned)
        .collect();
    let known = |w: &str| vocabulary.iter().any(|(v, _)| v.starts_with(w));
    let Some(bad) = words.iter().position(|w| w.chars().count() >= 3 && !known(w)) else {
        return Vec::new();
    };
    let word = &words[bad];
    // No word of the rules is longer than this: a longer one is no typo of any of them.
    if word.chars().count() > MAX_SUGGESTED_WORD_CHARS {
        return Vec::new();
    }
    let allowed = if word.chars().count() >= 6 { 2 } else { 1 };
    let mut close: Vec<(usize, u32, &str)> = vocabulary
        .iter()
        .filter_map(|(v, n)| {
            // Compare with the word's length too, so a prefix typed with a typo still matches.
            let prefix: String = v.chars().take(word.chars().count()).collect();
            let d = strsim::damerau_levenshtein(word, v).min(strsim::damerau_levenshtein(word, &prefix) + 1);
            (d <= allowed).then_some((d, *n, v.as_str()))
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
            q.join(" ")
        })
        .collect()
}

/// The snippet of entry `i` in `lang`, if that language's text matches too.
fn snippet_in(
    conn: &Connection,
    table: &str,
    i: i64,
    lang: Lang,
    fts_query: &str,
) -> rusqlite::Result<Option<String>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT snippet({table}, 1, char(2), char(3), '…', 14)
           FROM {table} WHERE {table} MATCH ?1 AND entry = ?2 AND lang = ?3"
    ))?;
    let mut rows = stmt.query(params![fts_query, i, lang.code()])?;
    Ok(match rows.next()? {
        Some(r) => Some(r.get(0)?),
        None => None,
    })
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

/// Turns what the user typed into a safe FTS5 query: each run of letters and digits becomes a
/// quoted prefix term (`"egli"*`), all required. Quotes, operators (`AND`, `-`, `:`…) and
/// other punctuation cannot reach the FTS5 parser. `None` when nothing searchable is left.
pub fn to_fts_query(query: &str) -> Option<String> {
    let terms: Vec<String> = query_words(query).iter().map(|t| format!("\"{t}\"*")).collect();
    if terms.is_empty() { None } else { Some(terms.join(" ")) }
}

/// The runs of letters and digits of what the user typed (at most 16, from the first
/// `MAX_QUERY_CHARS` characters): the only part of a query that reaches FTS5.
fn query_words(query: &str) -> Vec<String> {
    let head: String = query.chars().take(MAX_QUERY_CHARS).collect();
    head.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).take(16).map(str::to_owned).collect()
}

/// The trigram fallback's query: each word of 3 letters or more as a quoted substring (the
/// trigram tokenizer cannot match shorter ones), all required. `None` when none is left.
pub fn to_trigram_query(query: &str) -> Option<String> {
    let terms: Vec<String> =
        query_words(query).iter().filter(|t| t.chars().count() >= 3).map(|t| format!("\"{t}\"")).collect();
    if terms.is_empty() { None } else { Some(terms.join(" ")) }
}

/// The first words of a text, when no passage matches in the wanted language.
pub(super) fn opening(body: &str) -> String {
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
    fn a_pasted_page_gets_no_close_term_and_is_not_compared_whole() {
        let vocabulary = vec![("fontaine".to_owned(), 3), ("condottiere".to_owned(), 2)];
        assert_eq!(suggest(&vocabulary, "fontane", 5), vec!["fontaine".to_owned()]);
        // One 100 000-letter word: refused by length before any comparison (it took 56 s).
        assert!(suggest(&vocabulary, &"fontane".repeat(15_000), 5).is_empty());
        // A known word, then a huge one: only the first MAX_QUERY_CHARS characters are read.
        let long = format!("fontaine {}", "x".repeat(100_000));
        assert!(suggest(&vocabulary, &long, 5).is_empty());
    }

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
