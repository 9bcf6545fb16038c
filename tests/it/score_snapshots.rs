//! What the doors send for a table, byte for byte: the scoreboard (or the problems), the live
//! help, the preview's score and help computed together, and the partial totals and help of a
//! table with problems. The speed-up changes how the explanations are produced (numbers kept,
//! sentences written when serialized); these snapshots were recorded before that work began,
//! so any change to a sentence, a key's order or a number shows here.
//!
//! The tables are `tests/fixtures/scores/<name>.table.json` (`{ "game", "table" }`): the
//! benchmarks' tables and tables that reach the other sentences (ticks, stand-ins, formulas
//! below zero, shared places, every wonder, the Haunted City, the Artist, problems of every
//! kind). The expected answers are `<name>.expected.json`, pretty-printed from the answers' own
//! `Serialize` (never through `serde_json::Value`, which would sort keys): equal pretty text
//! means an equal serialization. A new table gets its file with `GREFFIER_BLESS_SNAPSHOTS=1`;
//! an existing snapshot is rewritten that way only when a text changes on purpose.

use std::path::PathBuf;

use greffier::games::{
    GameId, Problems, Scoreboard, TableHelp, help_partial, help_value, score_and_help_value, score_partial,
    score_value,
};
use serde::Serialize;
use serde_json::Value;

#[derive(Serialize)]
struct Answers {
    score: Result<Scoreboard, Problems>,
    help: Option<TableHelp>,
    preview: (Result<Scoreboard, Problems>, Option<TableHelp>),
    partial_score: Option<Scoreboard>,
    partial_help: Option<TableHelp>,
}

fn answers(game: GameId, table: &Value) -> Answers {
    let score = score_value(game, table);
    let (partial_score, partial_help) = match &score {
        Ok(_) => (None, None),
        Err(p) => (score_partial(game, table, &p.0), help_partial(game, table, &p.0)),
    };
    Answers {
        help: help_value(game, table).ok(),
        preview: score_and_help_value(game, table),
        score,
        partial_score,
        partial_help,
    }
}

fn dir() -> PathBuf {
    crate::support::checkout().join("tests/fixtures/scores")
}

#[test]
fn every_table_answers_as_recorded() {
    let bless = std::env::var_os("GREFFIER_BLESS_SNAPSHOTS").is_some();
    let mut tables: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".table.json"))
        .collect();
    tables.sort();
    assert!(tables.len() >= 10, "the fixtures are there: {tables:?}");
    let mut differ = Vec::new();
    for path in &tables {
        let input: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json");
        let game: GameId = input["game"].as_str().expect("game").parse().expect("a game");
        let got = serde_json::to_string_pretty(&answers(game, &input["table"])).expect("serialize") + "\n";
        let expected_path = PathBuf::from(path.to_string_lossy().replace(".table.json", ".expected.json"));
        match std::fs::read_to_string(&expected_path) {
            Ok(expected) if expected == got => {}
            Err(_) if bless => std::fs::write(&expected_path, &got).expect("write the snapshot"),
            Ok(_) if bless => std::fs::write(&expected_path, &got).expect("rewrite the snapshot"),
            Ok(expected) => {
                let line = expected.lines().zip(got.lines()).position(|(a, b)| a != b);
                differ.push(format!(
                    "{}: first different line {:?}\n  expected: {:?}\n  got:      {:?}",
                    expected_path.display(),
                    line.map(|l| l + 1),
                    line.and_then(|l| expected.lines().nth(l)),
                    line.and_then(|l| got.lines().nth(l)),
                ));
            }
            Err(e) => differ.push(format!("{}: {e}", expected_path.display())),
        }
    }
    assert!(differ.is_empty(), "answers differ from the snapshots:\n{}", differ.join("\n"));
}

/// The snapshots hold what the benchmarks measure, and reach the sentences they should: a
/// fixture that silently became a table with problems would snapshot nothing useful.
#[test]
fn the_fixtures_are_the_tables_they_say() {
    let read = |name: &str| -> (GameId, Value) {
        let text = std::fs::read_to_string(dir().join(format!("{name}.table.json"))).expect("read");
        let input: Value = serde_json::from_str(&text).expect("json");
        (input["game"].as_str().expect("game").parse().expect("a game"), input["table"].clone())
    };
    for name in [
        "valencia-bench",
        "valencia-ticks",
        "valencia-shared",
        "valencia-two",
        "valencia-sheet",
        "citadelles-bench",
        "citadelles-wonders",
        "citadelles-tie",
        "citadelles-haunted",
        "citadelles-second",
    ] {
        let (game, table) = read(name);
        if let Err(p) = score_value(game, &table) {
            panic!("{name} is refused: {p}");
        }
    }
    for name in ["valencia-problems", "citadelles-problems"] {
        let (game, table) = read(name);
        let problems = score_value(game, &table).expect_err("refused");
        assert!(problems.0.len() >= 15, "{name}: {} problems", problems.0.len());
    }
}
