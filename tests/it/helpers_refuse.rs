//! Every helper judges the table as the scorer does: for each of the four games, a
//! table `score` refuses is refused by the live help (`table_help`, `greffier help <game>`) with
//! the same problems, field by field; for Orléans also by every helper that takes a table —
//! closing a round, and this round's events, goals, status and forecast, which the operations
//! and the CLI read from the live help. The tables are valid ones mutated: a value of the wrong
//! type, a count out of range, an unknown key or variant, a field or a seat removed, a seat
//! added…

use greffier::api::{Access, Api};
use greffier::games::{GameId, Problems, help_value, score_value};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Valid tables of `game` to mutate: the score fixtures, and a few of each module or scenario.
fn valid_tables(game: GameId) -> Vec<Value> {
    let mut tables: Vec<Value> = Vec::new();
    let dir = crate::support::checkout().join("tests/fixtures/scores");
    let mut paths: Vec<_> =
        std::fs::read_dir(dir).expect("fixtures").map(|e| e.expect("entry").path()).collect();
    paths.sort();
    for path in paths.iter().filter(|p| p.to_string_lossy().ends_with(".table.json")) {
        let input: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json");
        // The fixtures with problems are not starting points.
        if input["game"] == game.as_str() && score_value(game, &input["table"]).is_ok() {
            tables.push(input["table"].clone());
        }
    }
    tables.extend(match game {
        GameId::Splendor => vec![
            json!({"variant": "trading_posts", "players": [
                {"name": "Rouge", "bonuses": {"green": 5, "red": 3, "black": 3}, "card_prestige": 5, "nobles": 1},
                {"name": "Bleu", "bonuses": {"blue": 2}, "card_prestige": 2}]}),
            json!({"variant": "cities", "cities_in_play": ["c13_r4k3", "c15_same5", "c14_g4same4"], "players": [
                {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 13, "cities": ["c13_r4k3"]},
                {"name": "Dirk", "bonuses": {"white": 2}, "card_prestige": 18}]}),
            json!({"variant": "orient", "players": [
                {"name": "Ani", "bonuses": {"red": 6}, "card_prestige": 15},
                {"name": "Dirk", "bonuses": {"red": 5}, "card_prestige": 15, "orient": [{"card": "o1_gold_red"}, {"card": "o1_gold_blue"}]}]}),
            json!({"variant": "strongholds", "players": [
                {"name": "Ani", "bonuses": {"red": 6}, "card_prestige": 15},
                {"name": "Dirk", "bonuses": {"blue": 6}, "card_prestige": 15}]}),
        ],
        GameId::Orleans => orleans_tables(),
        GameId::Valencia | GameId::Citadelles => Vec::new(),
    });
    for t in &tables {
        if let Err(p) = score_value(game, t) {
            panic!("{game}: a valid table to start from: {t}\n{p}");
        }
    }
    assert!(!tables.is_empty(), "{game}: tables to mutate");
    tables
}

/// One table of each Orléans scenario, with what each reads: goods, tracks, buildings, the
/// Invasion team board and deck, characters, objectives, a log.
fn orleans_tables() -> Vec<Value> {
    let deck = greffier::games::orleans::build_deck(
        &greffier::games::orleans::OrleansDeckPlan { players: 2, ..Default::default() },
        4,
    )
    .expect("deck")
    .order;
    vec![
        json!({"variant": "prosperite", "round": 5, "players": [
            {"name": "Ani", "coins": 12, "goods": {"grain": 2, "wine": 1}, "trading_posts": 3, "development_points": 10,
             "citizens": 2, "buildings": [{"points": 4, "name": "Moulin"}, 3], "depot": true, "place_tiles": 4, "technology": 2},
            {"name": "Dirk", "coins": 7, "development_level": 2, "monks": 2, "knights": 1}],
            "log": [{"round": 4, "event": "taxes_3", "seat": 0, "paid": true, "note": ""}]}),
        json!({"variant": "invasion", "round": 4, "deck": {"order": deck, "set_aside": []},
            "players": [
                {"name": "Ani", "character": "administrateur_terrien", "coins": 9, "dues": [2, 3, 2], "books": 2, "fortifications": 1},
                {"name": "Dirk", "character": "general", "knights": 3, "technology": 2, "objectives": {"chevaliers_fin": 2}}],
            "team": {"ramparts": 3, "citizens": 2, "treasury": 10, "warehouse": {"grain": 2}, "fortifications": 2}}),
        json!({"variant": "duel", "round": 9, "players": [
            {"name": "Ani", "coins": 5, "goods": {"wool": 2, "brocade": 1}, "objectives": {"comptabilite": 3}, "trading_posts": 2},
            {"name": "Dirk", "coins": 3, "development_points": 9}]}),
        json!({"variant": "dignitaire", "round": 7, "options": {"easy": true},
            "players": [{"name": "Ani", "coins": 4, "citizens": 5, "technology": 2, "place_tiles": 3}]}),
        json!({"variant": "vierzon", "round": 6, "options": {"one_per_round": true},
            "players": [{"name": "Ani", "coins": 11, "goods": {"cheese": 2}, "trading_posts": 1, "objectives": {"batisseur": 3}}]}),
        json!({"variant": "marchand", "round": 3, "players": [{"name": "Ani", "coins": 6, "goods": {"grain": 3, "wool": 3}}]}),
    ]
}

/// Every place a value sits in `v`: a path of keys and indexes (the root excluded).
fn paths(v: &Value, at: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                at.push(Seg::Key(k.clone()));
                out.push(at.clone());
                paths(x, at, out);
                at.pop();
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                at.push(Seg::Index(i));
                out.push(at.clone());
                paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

#[derive(Debug, Clone)]
enum Seg {
    Key(String),
    Index(usize),
}

fn at_mut<'a>(v: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Seg::Key(k) => v.get_mut(k.as_str()),
        Seg::Index(i) => v.get_mut(*i),
    })
}

/// Mutates `table` at the `pick`-th place, the `kind`-th way.
fn mutate(table: &mut Value, pick: usize, kind: u8) {
    let mut all = Vec::new();
    paths(table, &mut Vec::new(), &mut all);
    let Some(path) = all.get(pick % all.len().max(1)).cloned() else { return };
    let (last, parent) = path.split_last().expect("a path is never empty");
    match kind {
        // Removes the value: a key from its object, an item from its list.
        0 => match (at_mut(table, parent), last) {
            (Some(Value::Object(map)), Seg::Key(k)) => {
                map.remove(k);
            }
            (Some(Value::Array(items)), Seg::Index(i)) => {
                items.remove(*i);
            }
            _ => {}
        },
        // An unknown key beside it.
        1 => {
            if let Some(Value::Object(map)) = at_mut(table, parent) {
                map.insert("surprise".into(), json!(1));
            }
        }
        // The item repeated (a seat, a card, a log line twice).
        2 => {
            if let (Some(Value::Array(items)), Seg::Index(i)) = (at_mut(table, parent), last) {
                let copy = items[*i].clone();
                items.push(copy);
            }
        }
        _ => {
            let Some(slot) = at_mut(table, &path) else { return };
            *slot = match (kind, &*slot) {
                (3, _) => json!("x"),
                (4, _) => json!(-1),
                (5, _) => json!(1_000_000),
                (6, _) => Value::Null,
                (7, _) => json!(true),
                (8, _) => json!([]),
                (9, _) => json!({}),
                (10, _) => json!(2.5),
                // A number a little or much larger; a text that names nothing.
                (11, Value::Number(n)) => json!(n.as_u64().unwrap_or(0) + 7),
                (12, Value::Number(n)) => json!(n.as_u64().unwrap_or(0) * 3 + 1),
                (_, Value::String(_)) => json!("nope"),
                (_, other) => other.clone(),
            };
        }
    }
}

/// The fields and codes of a refusal, in order.
fn fields(p: &Problems) -> Vec<(String, String)> {
    p.iter().map(|x| (x.field.clone(), x.code.clone())).collect()
}

/// An operation's refusal as the doors answer it (`invalid_input` and its problems).
fn refused_by_operation(api: &Api, name: &str, request: Value) -> Result<Vec<(String, String)>, String> {
    match api.call_json_as(Access::Guest, name, request) {
        Ok(answer) => Err(format!("{name} answered {answer}")),
        Err(e) if e.kind == greffier::api::ErrorKind::InvalidInput => {
            Ok(e.problems.iter().map(|x| (x.field.clone(), x.code.clone())).collect())
        }
        Err(e) => Err(format!("{name} failed otherwise: {e:?}")),
    }
}

/// Checks the property on one mutated table of `game`.
fn helpers_refuse_as_the_scorer(api: &Api, game: GameId, table: &Value) -> Result<bool, TestCaseError> {
    let Err(scored) = score_value(game, table) else { return Ok(false) };
    let expected = fields(&scored);
    let helped = help_value(game, table).map(|_| ()).map_err(|p| fields(&p));
    prop_assert_eq!(helped, Err(expected.clone()), "{} help on {}", game, table);
    let by_op = refused_by_operation(api, "table_help", json!({"game": game, "table": table}));
    prop_assert_eq!(by_op, Ok(expected.clone()), "table_help on {}", table);
    if game == GameId::Orleans {
        let closed =
            greffier::games::orleans::close_round(table, &[], true).map(|_| ()).map_err(|p| fields(&p));
        prop_assert_eq!(closed, Err(expected.clone()), "close_round on {}", table);
        let request = json!({"table": table, "decisions": [], "apply": false});
        prop_assert_eq!(refused_by_operation(api, "orleans_close_round", request), Ok(expected), "{}", table);
    }
    Ok(true)
}

fn config_cases() -> u32 {
    300
}

fn run(game: GameId) {
    let tables = valid_tables(game);
    let n = tables.len();
    let api = Api::without_history().expect("a guest api");
    let refused = std::cell::Cell::new(0u32);
    let config =
        ProptestConfig { cases: config_cases(), failure_persistence: None, ..ProptestConfig::default() };
    let strategy = (0..n, proptest::collection::vec((any::<usize>(), 0u8..14), 1..4));
    proptest::test_runner::TestRunner::new(config)
        .run(&strategy, |(which, mutations)| {
            let mut t = tables[which].clone();
            for (pick, kind) in mutations {
                mutate(&mut t, pick, kind);
            }
            let was = helpers_refuse_as_the_scorer(&api, game, &t)?;
            refused.set(refused.get() + u32::from(was));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    // The mutations reach the scorer's refusals often enough for the property to say something.
    assert!(refused.get() >= config_cases() / 4, "{game}: only {} tables refused", refused.get());
}

#[test]
fn valencia_helpers_refuse_what_the_scorer_refuses_with_its_fields() {
    run(GameId::Valencia);
}

#[test]
fn citadelles_helpers_refuse_what_the_scorer_refuses_with_its_fields() {
    run(GameId::Citadelles);
}

#[test]
fn orleans_helpers_refuse_what_the_scorer_refuses_with_its_fields() {
    run(GameId::Orleans);
}

#[test]
fn splendor_helpers_refuse_what_the_scorer_refuses_with_its_fields() {
    run(GameId::Splendor);
}
