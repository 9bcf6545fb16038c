//! The core's sentences read as a person would write them: a counted noun takes the form its
//! count asks for, in French and in English, never « pièce(s) ».

use greffier::games::{GameId, setup_checklist};
use greffier::rules::Catalogue;
use greffier::text::{en_noun, fr_noun};
use serde_json::Value;

use crate::support::source_lines;

/// French keeps the singular for 0 and 1 (« 0 pièce », « 1 pièce »); English only for 1.
#[test]
fn a_counted_noun_takes_the_form_of_its_count() {
    let fr: Vec<&str> = [0u32, 1, 2, 10].iter().map(|&n| fr_noun(n, "pièce", "pièces")).collect();
    assert_eq!(fr, ["pièce", "pièce", "pièces", "pièces"]);
    let en: Vec<&str> = [0usize, 1, 2, 10].iter().map(|&n| en_noun(n, "coin", "coins")).collect();
    assert_eq!(en, ["coins", "coin", "coins", "coins"]);
}

/// No sentence the core writes hedges a plural with « (s) », « (e) » or « (es) »: every
/// string literal under `src/` is read (comments aside).
#[test]
fn no_core_sentence_hedges_its_plural() {
    let mut found = Vec::new();
    source_lines("src", true, |path, n, line| {
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('#') {
            return;
        }
        // Only what stands inside a string literal: the parts between quotes.
        let quoted = line.split('"').skip(1).step_by(2);
        for part in quoted {
            let hedged = ["(s)", "(e)", "(es)", "(x)"].iter().any(|h| {
                part.match_indices(h)
                    .any(|(at, _)| part[..at].chars().last().is_some_and(char::is_alphabetic))
            });
            if hedged {
                found.push(format!("{}:{n}: {part}", path.display()));
            }
        }
    });
    assert!(found.is_empty(), "hedged plurals:\n{}", found.join("\n"));
}

/// French typography is set in one place, `greffier::text::french`, which every `Text` passes
/// its French through when built (`Text::new`) or read back: so no core text is built from its
/// fields or has its French written to afterwards, and none spells the narrow no-break space by
/// hand (a plain space before « : ; ? ! » and inside « » is what the sources write).
#[test]
fn french_typography_is_set_in_one_place() {
    let mut found = Vec::new();
    source_lines("src", true, |path, n, line| {
        // Test code asserts what the core sends, narrow spaces included.
        if path.ends_with("src/text.rs") || path.ends_with("tests.rs") || line.trim_start().starts_with("//")
        {
            return;
        }
        let built_by_fields = line.match_indices("Text {").any(|(at, _)| {
            !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                && !line[..at].ends_with("-> ")
                && !line[..at].ends_with("for ")
        });
        let french_written = [".fr.push", ".fr.insert", ".fr =", ".fr +=", ".fr.clear", ".fr.truncate"]
            .iter()
            .any(|w| line.contains(w));
        let by_hand = line.contains("\\u{202f}") || line.contains('\u{202f}');
        if built_by_fields || french_written || by_hand {
            found.push(format!("{}:{n}: {}", path.display(), line.trim()));
        }
    });
    assert!(found.is_empty(), "French typography set outside `text::french`:\n{}", found.join("\n"));
}

/// Every French string of a JSON answer: the `fr` of each text, with where it was found.
fn french_strings(at: &str, value: &Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match v {
                    Value::String(s) if k == "fr" || k.ends_with("_fr") => {
                        out.push((format!("{at}.{k}"), s.clone()))
                    }
                    _ => french_strings(&format!("{at}.{k}"), v, out),
                }
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                french_strings(&format!("{at}[{i}]"), v, out);
            }
        }
        _ => {}
    }
}

/// The core's French writes the typographic apostrophe, as the UI's French messages do
/// (« l’or », never « l'or »): every rule entry (title, body, source), every setup checklist
/// of every game, variant and player count, every answer of the operation script (catalogues,
/// scoreboards and their explanations, problems, help, history answers) and every answer of
/// the score snapshots' tables.
#[test]
fn every_french_text_of_the_core_writes_the_typographic_apostrophe() {
    let mut texts: Vec<(String, String)> = Vec::new();
    let catalogue = Catalogue::load().expect("the catalogue loads");
    assert!(catalogue.entries().len() > 100);
    for e in catalogue.entries() {
        texts.push((format!("{}.title", e.id), e.title.fr.clone()));
        texts.push((format!("{}.body", e.id), e.body.fr.clone()));
        texts.push((format!("{}.source", e.id), e.source.clone()));
    }
    let mut checklists = 0;
    for game in GameId::ALL {
        for v in game.info().variants {
            for players in v.min_players..=v.max_players {
                for ninth in [false, true] {
                    let at = format!("setup {game} {} {players} {ninth}", v.id);
                    match setup_checklist(game, v.id, players, ninth) {
                        Ok(steps) => {
                            checklists += 1;
                            texts.extend(steps.into_iter().map(|s| (format!("{at}: {}", s.id), s.text.fr)));
                        }
                        // A ninth character some counts refuse: its problem is a French text too.
                        Err(problems) => {
                            texts.extend(problems.0.into_iter().map(|p| (at.clone(), p.message.fr)))
                        }
                    }
                }
            }
        }
    }
    assert!(checklists > 20);
    let dir = tempfile::tempdir().expect("temp dir");
    for (op, answer) in crate::doors::through_core(dir.path()) {
        let answer = answer.unwrap_or_else(|e| e);
        french_strings(&op, &answer, &mut texts);
    }
    let fixtures = crate::support::checkout().join("tests/fixtures/scores");
    for entry in std::fs::read_dir(fixtures).expect("fixtures").flatten() {
        let path = entry.path();
        if path.to_string_lossy().ends_with(".expected.json") {
            let answers: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
            french_strings(&path.display().to_string(), &answers, &mut texts);
        }
    }
    assert!(texts.len() > 3000, "{}", texts.len());
    assert!(texts.iter().any(|(_, t)| t.contains("l’or")), "the entries speak of « l’or »");
    let straight: Vec<String> =
        texts.iter().filter(|(_, t)| t.contains('\'')).map(|(at, t)| format!("{at}: {t}")).collect();
    assert!(
        straight.is_empty(),
        "{} French texts with a straight apostrophe:\n{}",
        straight.len(),
        straight.join("\n")
    );
}

/// Every `problems` list in a JSON answer, as (where, French, English).
fn problem_messages(at: &str, value: &Value, out: &mut Vec<(String, String, String)>) {
    match value {
        Value::Object(map) => {
            if let (Some(Value::String(code)), Some(message)) = (map.get("code"), map.get("message"))
                && let (Some(fr), Some(en)) = (message["fr"].as_str(), message["en"].as_str())
            {
                out.push((format!("{at} ({code})"), fr.to_owned(), en.to_owned()));
            }
            for (k, v) in map {
                problem_messages(&format!("{at}.{k}"), v, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                problem_messages(&format!("{at}[{i}]"), v, out);
            }
        }
        _ => {}
    }
}

/// A message shown on its own starts as a sentence does (« membres dans la ville :
/// 99999 est hors limites » started in lower case): every problem of the operation script, of
/// the score snapshots' tables, and of counts typed wrong in each game (too big, a decimal,
/// letters, negative), in French and in English. A quotation mark or a digit may open it (a
/// name quoted, a count).
#[test]
fn every_problem_message_starts_with_a_capital() {
    let mut problems = Vec::new();
    let dir = tempfile::tempdir().expect("temp dir");
    for (op, answer) in crate::doors::through_core(dir.path()) {
        problem_messages(&op, &answer.unwrap_or_else(|e| e), &mut problems);
    }
    let fixtures = crate::support::checkout().join("tests/fixtures/scores");
    for entry in std::fs::read_dir(fixtures).expect("fixtures").flatten() {
        let path = entry.path();
        if path.to_string_lossy().ends_with(".expected.json") {
            let answers: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
            problem_messages(&path.display().to_string(), &answers, &mut problems);
        }
    }
    let typed = |v: Value| {
        [
            (
                GameId::Valencia,
                serde_json::json!({"variant": "base", "fountains": [{"value": v}],
                "players": [{"name": "Ani", "city_members": v, "coins": v, "fountain_members": [v]}, {"name": "Dirk"}]}),
            ),
            (
                GameId::Splendor,
                serde_json::json!({"variant": "trading_posts",
                "players": [{"name": "Ani", "card_prestige": v, "nobles": v}, {"name": "Dirk"}]}),
            ),
            (
                GameId::Orleans,
                serde_json::json!({"variant": "prosperite", "round": v,
                "players": [{"name": "Ani", "coins": v, "citizens": v}, {"name": "Dirk"}]}),
            ),
            (
                GameId::Citadelles,
                serde_json::json!({"variant": "classique",
                "players": [{"name": "Ani", "districts": ["temple"], "characters_last_round": [v]}, {"name": "Dirk"}]}),
            ),
        ]
    };
    for v in
        [serde_json::json!(99999), serde_json::json!(3.5), serde_json::json!("abc"), serde_json::json!(-1)]
    {
        for (game, table) in typed(v.clone()) {
            if let Err(p) = greffier::games::score_json(game, &table.to_string()) {
                let answer = serde_json::to_value(p).expect("problems as JSON");
                problem_messages(&format!("{game} with {v}"), &answer, &mut problems);
            }
        }
    }
    assert!(problems.len() > 40, "{}", problems.len());
    let opens = |s: &str| s.chars().next().is_some_and(|c| !c.is_lowercase());
    let lower: Vec<String> = problems
        .iter()
        .filter(|(_, fr, en)| !opens(fr) || !opens(en))
        .map(|(at, fr, en)| format!("{at}: {fr} | {en}"))
        .collect();
    assert!(lower.is_empty(), "{} problems start in lower case:\n{}", lower.len(), lower.join("\n"));
}
