//! Shared fixtures.

use greffier::history::{NewPlay, NewSeat, PlayDetail, Store};
use serde_json::{Value, json};

/// A generic sheet for Valencia with the given (name, city, fountains) per player.
pub fn valencia_sheet(players: &[(&str, i64, i64)]) -> Value {
    json!({
        "sheet": "generic",
        "variant": "base",
        "players": players.iter().map(|(name, city, fountains)| json!({
            "name": name, "points": { "city": city, "fountains": fountains }
        })).collect::<Vec<_>>()
    })
}

/// The table a Valencia play of the base game starts from, `names[0]` first (the rulebook's
/// setup: coins, pawn, Noblesse and Église seats), as the history writes it at its start.
pub fn valencia_start(names: &[&str]) -> Value {
    let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
    greffier::games::valencia::initial_table("base", &names, 0)
}

/// Starts a Valencia play for the named players (created if needed).
pub fn start_valencia(store: &mut Store, names: &[&str]) -> PlayDetail {
    start_play(store, greffier::games::GameId::Valencia, "base", names)
}

/// Starts a play of `game` (`variant`) for the named players (created if needed).
pub fn start_play(
    store: &mut Store,
    game: greffier::games::GameId,
    variant: &str,
    names: &[&str],
) -> PlayDetail {
    let roster = store.list_players().expect("roster");
    let seats = names
        .iter()
        .map(|n| {
            let id = match roster.iter().find(|p| p.name == *n) {
                Some(p) => p.id,
                None => store.create_player(n, None).expect("player").id,
            };
            NewSeat { player_id: id, colour: None }
        })
        .collect();
    store
        .start_play(&NewPlay {
            game,
            variant: variant.into(),
            location: Some("Lyon".into()),
            notes: None,
            seats,
            first_seat: 0,
        })
        .expect("start play")
}

/// Records `n` finished Valencia plays.
pub fn seed_plays(store: &mut Store, n: usize) {
    for i in 0..n {
        let i = i64::try_from(i).unwrap_or(0);
        let play = start_valencia(store, &["Ani", "Dirk", "Lilli"]);
        let sheet = valencia_sheet(&[("Ani", 5 + i % 3, 2), ("Dirk", 7, i % 5), ("Lilli", 4, 6)]);
        store.finish_play(play.id, &sheet).expect("finish");
    }
}

/// The checkout under test, as cargo gives it to the running test. Not the compile-time
/// `CARGO_MANIFEST_DIR`: that is the folder of the checkout that compiled the binary, and cargo
/// reuses a binary compiled in another checkout sharing the target dir (`checkout.rs`).
pub fn checkout() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .expect("cargo sets CARGO_MANIFEST_DIR for the tests it runs")
        .into()
}

/// Every line of every `.rs` (and, with `toml`, `.toml`) file under `dir`, relative to the
/// workspace root, with its path and line number: for the checks that read the source as text.
pub fn source_lines(dir: &str, toml: bool, mut each: impl FnMut(&std::path::Path, usize, &str)) {
    fn walk(dir: &std::path::Path, toml: bool, each: &mut dyn FnMut(&std::path::Path, usize, &str)) {
        for entry in std::fs::read_dir(dir).expect("a readable source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, toml, each);
            } else if path.extension().is_some_and(|e| e == "rs" || (toml && e == "toml")) {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for (i, line) in text.lines().enumerate() {
                    each(&path, i + 1, line);
                }
            }
        }
    }
    walk(&checkout().join(dir), toml, &mut each);
}

/// A backup as the app's own export writes it: `finished` plays (full Valencia and Citadelles
/// tables, scored with their explanations) and `in_progress` Valencia plays just started, each
/// with notes as long as a play's may be; copies of a few real plays under new uuids (`tag`
/// sets files apart, so that two of them add their plays side by side).
pub fn backup_with_plays(finished: usize, in_progress: usize, tag: u16) -> Vec<u8> {
    use greffier::games::GameId;
    let fixture = |name: &str| -> Value {
        let path = checkout().join(format!("tests/fixtures/scores/{name}.table.json"));
        let file: Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("json");
        file["table"].clone()
    };
    let mut store = Store::open_in_memory().expect("store");
    for (game, name) in [(GameId::Valencia, "valencia-bench"), (GameId::Citadelles, "citadelles-bench")] {
        store.record_finished_play(game, &fixture(name)).expect("a finished play");
    }
    let play = start_valencia(&mut store, &["Ani", "Dirk", "Lilli"]);
    let notes = "Partie du mardi au club, on reprend la semaine prochaine. ".repeat(170);
    let edit = greffier::history::PlayEdit { notes: Some(notes), ..Default::default() };
    store.edit_play(play.id, &edit).expect("notes");
    let mut bytes = Vec::new();
    store.export_to(&mut bytes, &mut greffier::history::no_progress).expect("export");
    let mut backup: Value = serde_json::from_slice(&bytes).expect("the export");
    let models = backup["plays"].as_array().expect("plays").clone();
    let (done, typing): (Vec<Value>, Vec<Value>) =
        models.into_iter().partition(|p| p["status"] == "finished");
    let copies = |models: &[Value], n: usize, kind: usize| -> Vec<Value> {
        (0..n)
            .map(|i| {
                let mut play = models[i % models.len()].clone();
                play["uuid"] = json!(format!("{tag:08x}-000{kind}-4000-8000-{i:012x}"));
                play
            })
            .collect()
    };
    let plays: Vec<Value> =
        copies(&done, finished, 0).into_iter().chain(copies(&typing, in_progress, 1)).collect();
    backup["manifest"]["counts"]["plays"] = json!(plays.len());
    backup["plays"] = Value::Array(plays);
    serde_json::to_vec(&backup).expect("json")
}

/// `bytes` gzip-compressed, as the app writes a `.gz` export.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).expect("gzip");
    gz.finish().expect("gzip")
}
