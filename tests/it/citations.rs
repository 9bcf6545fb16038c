//! Every citation a newcomer meets resolves inside the repository (`src/citation`): a rulebook
//! key with a page or a section listed in `docs/sources.md`, an outside fact `FACT-…` of
//! `docs/facts.md`, a decision `DEC-…` of `docs/decisions.md` — in the code, the tests, the UI,
//! the rule entries and the docs themselves.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::support::checkout;

/// Where citations are written.
const SCANNED: &[&str] =
    &["src", "tests", "src-tauri/src", "ui/src", "ui/e2e", "benches", "examples", "docs"];
const EXTENSIONS: &[&str] = &["rs", "ts", "js", "mjs", "svelte", "toml", "md", "css", "html", "sql", "json"];
/// This file names citations that do not resolve, to show the check fails on them.
const THIS_FILE: &str = "tests/it/citations.rs";
/// The rulebook keys, a key that begins another one after it.
const KEYS: [&str; 5] = ["CIT2", "CIT", "VAL", "ORL", "SPL"];

/// A rulebook as `docs/sources.md` lists it.
#[derive(Debug, Default)]
struct Book {
    /// Its printed pages, first and last (`None`: not numbered, cited by section only).
    pages: Option<(u32, u32)>,
    /// The sections cited, as cited (`Fin de partie`, `Le duel`).
    sections: Vec<String>,
}

/// What the three documents define.
struct Docs {
    books: BTreeMap<String, Book>,
    facts: BTreeSet<String>,
    decisions: BTreeSet<String>,
}

fn read(path: &str) -> String {
    std::fs::read_to_string(checkout().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The cells of a Markdown table row (`None` for other lines).
fn cells(line: &str) -> Option<Vec<&str>> {
    let row = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    Some(row.split('|').map(str::trim).collect())
}

/// `2–16` or `11` → (2, 16), (11, 11).
fn page_range(cell: &str) -> Option<(u32, u32)> {
    let (from, to) = cell.split_once(['–', '-']).unwrap_or((cell, cell));
    Some((from.trim().parse().ok()?, to.trim().parse().ok()?))
}

fn docs() -> Docs {
    let sources = read("docs/sources.md");
    let mut books = BTreeMap::<String, Book>::new();
    let mut section_of: Option<String> = None;
    for line in sources.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            // `## `VAL` — Valencia`: the rows below are VAL's sections.
            section_of = heading.strip_prefix('`').and_then(|h| h.split('`').next()).map(str::to_owned);
            continue;
        }
        let Some(cells) = cells(line) else { continue };
        let Some(first) = cells.first().and_then(|c| c.strip_prefix('`')).and_then(|c| c.strip_suffix('`'))
        else {
            continue;
        };
        match &section_of {
            // The books' table: key, book, edition, pages.
            None if KEYS.contains(&first) => {
                let pages = cells.last().and_then(|c| page_range(c));
                books.entry(first.to_owned()).or_default().pages = pages;
            }
            Some(key) => {
                if let Some(section) = first.strip_prefix('§') {
                    books.entry(key.clone()).or_default().sections.push(section.to_owned());
                }
            }
            None => {}
        }
    }
    let ids = |path: &str, prefix: &str| -> BTreeSet<String> {
        let text = read(path);
        let headings: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix("### "))
            .filter_map(|h| h.split_whitespace().next())
            .filter(|id| id.starts_with(prefix))
            .map(str::to_owned)
            .collect();
        let unique: BTreeSet<String> = headings.iter().cloned().collect();
        assert_eq!(unique.len(), headings.len(), "{path}: an id is defined twice");
        unique
    };
    Docs { books, facts: ids("docs/facts.md", "FACT-"), decisions: ids("docs/decisions.md", "DEC-") }
}

/// One citation found in a text.
#[derive(Debug, PartialEq)]
enum Cite<'a> {
    Page {
        book: &'a str,
        from: u32,
        to: u32,
    },
    /// The section and whatever follows it in the text (a detail, the rest of the sentence).
    Section {
        book: &'a str,
        rest: &'a str,
    },
    Fact(&'a str),
    Decision(&'a str),
}

/// The length of the `FACT-GAME-ID` / `DEC-GAME-N` id `s` starts with.
fn id_len(s: &str, prefix: &str) -> Option<usize> {
    let body = s.strip_prefix(prefix)?;
    let run = |s: &str| s.find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit())).unwrap_or(s.len());
    let game = run(body);
    let id = body.get(game..)?.strip_prefix('-').map(run)?;
    let len = prefix.len() + game + 1 + id;
    let next = s[len..].chars().next();
    (game > 0 && id > 0 && !next.is_some_and(|c| c.is_alphanumeric() || c == '-')).then_some(len)
}

/// The page range `p.11` or `p.10-11` / `p.10–11` starts.
fn pages(s: &str) -> Option<(u32, u32)> {
    let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n = digits(s);
    let from = s[..n].parse().ok()?;
    let rest = &s[n..];
    let to = rest.strip_prefix(['-', '–']).and_then(|r| r[..digits(r)].parse().ok()).unwrap_or(from);
    Some((from, to))
}

/// The citations of `text`, where comment lines are joined (a section may wrap).
fn citations(text: &str) -> Vec<Cite<'_>> {
    let mut out = Vec::new();
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        let starts = prev.is_none_or(|p| p.is_whitespace() || "(;,/+«`\"'[".contains(p));
        prev = Some(c);
        if !starts {
            continue;
        }
        let s = &text[i..];
        if let Some(book) = KEYS.iter().find(|k| s.starts_with(**k)) {
            let after = &s[book.len()..];
            if let Some(rest) = after.strip_prefix(" §") {
                out.push(Cite::Section { book, rest });
            } else if let Some((from, to)) = after.strip_prefix(" p.").and_then(pages) {
                out.push(Cite::Page { book, from, to });
            }
        } else if let Some(len) = id_len(s, "FACT-") {
            out.push(Cite::Fact(&s[..len]));
        } else if let Some(len) = id_len(s, "DEC-") {
            out.push(Cite::Decision(&s[..len]));
        }
    }
    out
}

/// Why a citation does not resolve (`None`: it does).
fn unresolved(docs: &Docs, cite: &Cite<'_>) -> Option<String> {
    match cite {
        Cite::Page { book, from, to } => {
            let known = docs.books.get(*book).and_then(|b| b.pages);
            match known {
                Some((first, last)) if first <= *from && from <= to && to <= &last => None,
                Some((first, last)) => {
                    Some(format!("{book} p.{from}-{to}: the book's pages are {first}–{last}"))
                }
                None => Some(format!("{book} p.{from}: the book prints no page numbers, cite a section (§)")),
            }
        }
        Cite::Section { book, rest } => {
            let listed = docs.books.get(*book).is_some_and(|b| {
                b.sections.iter().any(|name| {
                    rest.strip_prefix(name.as_str())
                        .is_some_and(|after| !after.starts_with(char::is_alphanumeric))
                })
            });
            let shown: String = rest.chars().take(50).collect();
            (!listed).then(|| format!("{book} §{shown}…: no such section of {book} in docs/sources.md"))
        }
        Cite::Fact(id) => (!docs.facts.contains(*id)).then(|| format!("{id}: not in docs/facts.md")),
        Cite::Decision(id) => {
            (!docs.decisions.contains(*id)).then(|| format!("{id}: not in docs/decisions.md"))
        }
    }
}

/// Every scanned file, relative path and text, its comment lines joined into one.
fn scanned_files() -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                if !["node_modules", "target", "gen"].contains(&name.to_string_lossy().as_ref()) {
                    walk(root, &path, out);
                }
                continue;
            }
            let rel = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            let ext = path.extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
            if rel == THIS_FILE || !EXTENSIONS.contains(&ext.as_str()) {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.push((rel, joined(&text)));
            }
        }
    }
    let root = checkout();
    let mut out = Vec::new();
    for dir in SCANNED {
        walk(&root, &root.join(dir), &mut out);
    }
    out.sort();
    assert!(out.len() > 300, "the source folders were read ({} files)", out.len());
    out
}

/// Line breaks, with the next line's comment mark, become one space: a citation wrapped in a
/// comment reads as one.
fn joined(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let trimmed = line.trim_start();
        let content = ["///", "//!", "//", "--", "#", "*"]
            .iter()
            .find_map(|mark| trimmed.strip_prefix(mark))
            .unwrap_or(trimmed)
            .trim_start();
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(content);
    }
    out
}

#[test]
fn every_cited_book_section_page_fact_and_decision_resolves() {
    let docs = docs();
    assert_eq!(docs.books.keys().map(String::as_str).collect::<BTreeSet<_>>(), KEYS.into_iter().collect());
    for (key, book) in &docs.books {
        assert!(!book.sections.is_empty(), "docs/sources.md lists no section of {key}");
    }
    let mut problems = Vec::new();
    let mut cited = 0;
    for (path, text) in scanned_files() {
        for cite in citations(&text) {
            cited += 1;
            if let Some(why) = unresolved(&docs, &cite) {
                problems.push(format!("{path}: {why}"));
            }
        }
    }
    assert!(cited > 0, "no citation found: the scan reads nothing");
    assert!(problems.is_empty(), "{} citations do not resolve:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn every_fact_says_how_sure_it_is() {
    let facts = read("docs/facts.md");
    for part in facts.split("\n### ").skip(1) {
        let id = part.split_whitespace().next().unwrap_or_default();
        assert!(
            ["**V2**", "**V1**", "**U**"].iter().any(|mark| part.contains(mark)),
            "{id} gives no confidence mark"
        );
    }
}

/// The check finds what does not resolve: a page past the book, a page of a book without page
/// numbers, a section the book does not have, unknown ids; and accepts the forms the code uses.
#[test]
fn a_citation_that_does_not_resolve_is_reported() {
    let docs = docs();
    let report =
        |text: &str| -> Vec<String> { citations(text).iter().filter_map(|c| unresolved(&docs, c)).collect() };
    let bad = report("VAL p.17; CIT p.3; CIT §Fin du monde; ORL p.6-30; FACT-CIT-B9; DEC-VAL-99; SPL §Citie");
    assert_eq!(bad.len(), 7, "{bad:?}");
    let good = "VAL p.11; VAL p.10–11 (Fin de partie); CIT §Fin de partie: « … »; (CIT2 §Le Roi); \
                ORL §Le duel, Événements; FACT-ORL-D4, FACT-CIT-B2; DEC-CIT-2";
    assert_eq!(report(good), Vec::<String>::new());
    assert_eq!(citations(good).len(), 8);
    // Words that only look like keys are not citations.
    assert_eq!(citations("CITADELLES_LIMITS, VALENCIA p.1, DEC-CIT, FACT-, st-game-facts"), Vec::new());
    // A section wrapped over two comment lines is read whole.
    let wrapped = joined("/// the rule (CIT §Pouvoirs des\n/// personnages): …");
    assert_eq!(report(&wrapped), Vec::<String>::new());
}

/// Where the old forms could hide besides the scanned folders.
const ALSO_SCANNED: &[&str] =
    &["migrations", "scripts", "ARCHITECTURE.md", "CONTRIBUTING.md", "README.md", "ui/README.md"];

/// An old form of citation in `text`: a file name of the rulebooks' texts (`00N_` and 16 hex
/// digits), the outside facts file, a file outside the repository, an issue number.
fn old_form(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices('_') {
        let file = i >= 3 && bytes[i - 3..i].starts_with(b"00") && (b'0'..=b'4').contains(&bytes[i - 1]);
        let hex = bytes.get(i + 1..i + 17).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        if file && hex {
            return Some(text[i - 3..i + 17].to_owned());
        }
    }
    let facts = concat!("game", "-facts");
    for (i, _) in text.match_indices(facts) {
        let after = &text[i + facts.len()..];
        if after.starts_with(".md")
            || after.starts_with(" §")
            || after.starts_with(' ') && after[1..].starts_with(['A', 'B', 'C', 'D'])
        {
            return Some(format!("{facts}{}", after.chars().take(3).collect::<String>()));
        }
    }
    for outside in ["shared/games", "shared/reference", "shared/seeds"] {
        if text.contains(outside) {
            return Some(outside.to_owned());
        }
    }
    let lower = text.to_lowercase();
    for (i, _) in lower.match_indices("issue") {
        let after = lower[i + 5..].trim_start_matches('s');
        let number = after.strip_prefix(' ').map(|a| a.trim_start_matches('#'));
        if number.is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit())) {
            return Some(text[i..].chars().take(12).collect());
        }
    }
    for (i, _) in text.match_indices("(#") {
        let digits = text[i + 2..].chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && text[i + 2 + digits..].starts_with(')') {
            return Some(text[i..i + 3 + digits].to_owned());
        }
    }
    None
}

/// A source's items: split at the `;` outside parentheses (a detail may hold one).
fn items(source: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in source.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ';' if depth == 0 => {
                out.push(source[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(source[start..].trim());
    out
}

/// No citation in an old form is left: a newcomer could not follow it. And every rule entry's
/// source is made of citations (a key, a fact, a decision, or the app itself).
#[test]
fn no_old_citation_form_remains() {
    let root = checkout();
    let mut files = scanned_files();
    for path in ALSO_SCANNED {
        let full = root.join(path);
        if full.is_file() {
            files.push(((*path).to_owned(), read(path)));
        } else if let Ok(entries) = std::fs::read_dir(&full) {
            for entry in entries.flatten() {
                let rel = format!("{path}/{}", entry.file_name().to_string_lossy());
                files.push((rel.clone(), read(&rel)));
            }
        }
    }
    let mut found: Vec<String> =
        files.iter().filter_map(|(path, text)| old_form(text).map(|old| format!("{path}: {old}"))).collect();
    for (path, text) in
        files.iter().filter(|(p, _)| p.starts_with("src/rules/entries/") && p.ends_with(".toml"))
    {
        for source in text.split("source = \"").skip(1).filter_map(|s| s.split('"').next()) {
            for item in items(source) {
                let cited = KEYS.iter().any(|k| {
                    item == *k || item.starts_with(&format!("{k} §")) || item.starts_with(&format!("{k} p."))
                }) || item.starts_with("FACT-")
                    || item.starts_with("DEC-")
                    || item == "Greffier";
                if !cited {
                    found.push(format!("{path}: source item `{item}` is not a citation"));
                }
            }
        }
    }
    assert!(found.is_empty(), "old citation forms:\n{}", found.join("\n"));
    assert_eq!(old_form("see 004_0cbb91c0cafc3902.txt"), Some("004_0cbb91c0cafc3902".to_owned()));
    assert_eq!(old_form(concat!("(game", "-facts D4)")), Some(concat!("game", "-facts D4").to_owned()));
    assert!(old_form("(issue #15)").is_some() && old_form("(#18)").is_some());
    assert_eq!(old_form("st-game-facts, 10 000 plays, Player #99, VAL p.11, issues they had"), None);
}
