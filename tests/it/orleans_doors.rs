//! Orléans' helpers through the doors a player uses — the `greffier` CLI and `greffier serve` —
//! against the scorer: a table `score` refuses is refused by every helper with the
//! same problems, and a step taken out of the course of play is refused with its reason and
//! field.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const GREFFIER: &str = env!("CARGO_BIN_EXE_greffier");

fn greffier(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(GREFFIER)
        .args(args)
        .env_remove("GREFFIER_DB")
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn greffier");
    if let Some(text) = stdin {
        let _ = child.stdin.take().expect("stdin").write_all(text.as_bytes());
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("run greffier")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Le dignitaire with a development level the track does not have (1 to 6).
const LEVEL_NINE: &str =
    r#"{"variant": "dignitaire", "round": 5, "players": [{"name": "Ani", "development_level": 9}]}"#;

#[test]
fn every_orleans_helper_on_the_cli_refuses_what_the_scorer_refuses_with_its_field() {
    let score = greffier(&["score", "orleans", "-"], Some(LEVEL_NINE));
    assert_eq!(score.status.code(), Some(1));
    assert!(stderr(&score).contains("players[0].development_level"), "{}", stderr(&score));
    for args in [
        &["orleans", "resolve", "-"][..],
        &["orleans", "goals", "-"],
        &["orleans", "forecast", "-"],
        &["orleans", "status", "-"],
        &["help", "orleans", "-"],
    ] {
        let out = greffier(args, Some(LEVEL_NINE));
        assert_eq!(out.status.code(), Some(1), "{args:?} answered: {}", stdout(&out));
        assert_eq!(stderr(&out), stderr(&score), "{args:?}: the scorer's problems");
        assert_eq!(stdout(&out), "", "{args:?}: no answer printed");
    }
    // Asked as JSON: the error with the problems, as every door returns it.
    let json = greffier(&["orleans", "goals", "-", "--json"], Some(LEVEL_NINE));
    assert_eq!(json.status.code(), Some(1));
    let error: Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(error["kind"], "invalid_input");
    assert_eq!(error["problems"][0]["field"], "players[0].development_level");
}

/// Prospérité has 16 rounds (« La partie se termine après 16 manches »): round 17 is the game
/// over, round 18 is no round of it.
#[test]
fn resolving_a_round_the_scenario_does_not_have_is_refused_with_its_field() {
    let table = r#"{"variant": "prosperite", "round": 3, "players": [{"name": "Ani"}, {"name": "Dirk"}]}"#;
    let out = greffier(&["orleans", "resolve", "-", "--round", "18"], Some(table));
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).starts_with("error: round: "), "{}", stderr(&out));
    let ok = greffier(&["orleans", "resolve", "-", "--round", "16", "--json"], Some(table));
    assert!(ok.status.success(), "{}", stderr(&ok));
    let events: Value = serde_json::from_slice(&ok.stdout).expect("json");
    assert_eq!(events[0]["event"]["id"], "taxe_de_developpement");
}

#[test]
fn the_table_help_over_http_refuses_with_the_scorers_problems() {
    let dir = tempfile::tempdir().expect("temp dir");
    let served = crate::serve::Served::start(&dir.path().join("h.sqlite3"), None);
    let table: Value = serde_json::from_str(LEVEL_NINE).expect("json");
    let request = json!({ "game": "orleans", "table": table });
    let (status, scored) = served.call("score_table", &request);
    assert_eq!((status, scored["kind"].as_str()), (400, Some("invalid_input")));
    let (status, helped) = served.call("table_help", &request);
    assert_eq!((status, helped["kind"].as_str()), (400, Some("invalid_input")), "{helped}");
    assert_eq!(helped["problems"], scored["problems"]);
    let (status, closed) =
        served.call("orleans_close_round", &json!({ "table": table, "decisions": [], "apply": true }));
    assert_eq!((status, closed["kind"].as_str()), (400, Some("invalid_input")));
    assert_eq!(closed["problems"], scored["problems"]);
}

fn codes(e: &greffier::history::StoreError) -> Vec<(String, String)> {
    match e {
        greffier::history::StoreError::Invalid(p) => {
            p.iter().map(|p| (p.field.clone(), p.code.clone())).collect()
        }
        other => panic!("not a refusal: {other}"),
    }
}

/// A Prospérité play finished at round 16 without closing it was stored with
/// nobody winning (71 beats 69). Prospérité: « La partie se termine après 16 manches » — the
/// play is finished once round 16 is closed, and then has its winner.
#[test]
fn an_orleans_play_is_finished_only_once_its_last_round_is_closed() {
    use greffier::games::{GameId, orleans};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut store = greffier::history::Store::open(&dir.path().join("h.sqlite3")).expect("open");
    let play = crate::support::start_play(&mut store, GameId::Orleans, "prosperite", &["Ani", "Dirk"]);
    let at_16 = json!({"variant": "prosperite", "round": 16, "players": [
        {"name": "Ani", "coins": 71}, {"name": "Dirk", "coins": 69}]});
    let refused = store.finish_play(play.id, &at_16).expect_err("round 16 is not closed");
    assert_eq!(codes(&refused), [("round".to_owned(), "game_not_over".to_owned())]);
    assert_eq!(store.play(play.id).expect("play").status.as_str(), "in_progress");
    // The history's other door to a finished play (`history add`) says the same.
    assert_eq!(
        codes(&store.record_finished_play(GameId::Orleans, &at_16).expect_err("not over")),
        [("round".to_owned(), "game_not_over".to_owned())]
    );

    // Round 16 closed: Taxe de développement, « un nombre de pièces égal à votre niveau de
    // développement » (level 1 each), then the play finishes with its winner.
    let closed = orleans::close_round(&at_16, &[], true).expect("closed").table;
    assert_eq!(closed["round"], 17);
    let done = store.finish_play(play.id, &closed).expect("finished");
    let board = done.scoreboard.expect("its scoreboard");
    assert_eq!(board.winners(), vec![0]);
    assert_eq!((board.players[0].total, board.players[1].total), (Some(70), Some(68)));
}

/// Every scenario ends on its own terms (« in every scenario »): Le dignitaire is won
/// « Dès que vous avez récupéré votre 8e jeton Citoyen » — finished then, whatever the round;
/// not before, until its 16th round is closed; Invasion ends « à la fin de la manche où la
/// tuile Sablier « Invasion » est révélée ».
#[test]
fn each_scenario_may_be_finished_once_decided_and_not_before() {
    use greffier::games::{GameId, finish_value};
    let dignitaire = |round: u8, citizens: u8| json!({"variant": "dignitaire", "round": round, "players": [{"name": "Ani", "citizens": citizens}]});
    let code = |v: &Value| finish_value(GameId::Orleans, v).map(|_| ()).map_err(|p| p.0[0].code.clone());
    assert_eq!(code(&dignitaire(8, 8)), Ok(()), "won at once");
    assert_eq!(code(&dignitaire(8, 5)), Err("game_not_over".into()));
    assert_eq!(code(&dignitaire(16, 5)), Err("game_not_over".into()), "its last round not closed");
    assert_eq!(code(&dignitaire(17, 5)), Ok(()), "lost after round 16");
    let order = orleans_deck(2);
    let invasion = |round: u8| {
        json!({"variant": "invasion", "round": round, "players": [
            {"name": "Ani", "character": "maire"}, {"name": "Dirk", "character": "general"}],
            "deck": {"order": order}})
    };
    assert_eq!(code(&invasion(18)), Err("game_not_over".into()));
    assert_eq!(code(&invasion(19)), Ok(()), "lost: the goals were not met");
}

/// A 2-player Invasion deck drawn as the book builds it (9 A, 8 B, Invasion).
fn orleans_deck(players: u8) -> Vec<String> {
    greffier::games::orleans::build_deck(
        &greffier::games::orleans::OrleansDeckPlan { players, ..Default::default() },
        3,
    )
    .expect("deck")
    .order
}

/// Invasion: « Piochez ensuite face cachée » — the round's tile comes from the physical stack
/// and the group enters it; a round whose tile is not entered has no event to resolve or close
/// (it answered `[]` and closed the round with nothing). The answer names the round
/// and the tiles still possible (stack A at round 1: all 16 but those set aside).
#[test]
fn a_round_whose_tile_is_not_entered_asks_for_it_and_cannot_be_closed() {
    let table = json!({"variant": "invasion", "round": 1, "players": [
        {"name": "Ani", "character": "maire"}, {"name": "Dirk", "character": "general"}],
        "deck": {"set_aside": ["demolition"], "order": []}});
    let out = greffier(&["--lang", "en", "orleans", "resolve", "-"], Some(&table.to_string()));
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let said = stderr(&out);
    assert!(
        said.starts_with("error: deck.order: Enter the tile drawn for round 1 (stack A); possible: "),
        "{said}"
    );
    assert!(said.contains("Council meeting") && !said.contains("Demolition"), "{said}");
    let closed = greffier::games::orleans::close_round(&table, &[], true).expect_err("no tile");
    assert_eq!(
        closed.0.iter().map(|p| (p.field.as_str(), p.code.as_str())).collect::<Vec<_>>(),
        [("deck.order", "tile_not_entered")]
    );
    // The help says it too, and still answers the goals.
    let help = greffier::games::orleans::help(&table).expect("help");
    assert_eq!(help.course.resolve_refused[0].code, "tile_not_entered");
    assert_eq!(help.tile_choice.map(|c| c.tiles.len()), Some(15));
    assert!(!help.goals.is_empty());
}

/// Closing a round writes its lines in the log and moves the marker (« avancé d'une case à la
/// fin de chaque manche »): a round whose lines are in the log was closed already, and closing
/// it again would count its event twice; a game decided (Le dignitaire: « Dès que vous avez
/// récupéré votre 8e jeton Citoyen, vous gagnez ! ») has no next round to close.
#[test]
fn a_round_is_closed_once_and_not_after_the_game_is_decided() {
    use greffier::games::orleans::close_round;
    let codes = |r: Result<greffier::games::orleans::OrleansClosedRound, greffier::games::Problems>| {
        r.expect_err("refused").0.into_iter().map(|p| (p.field, p.code)).collect::<Vec<_>>()
    };
    let r5 =
        json!({"variant": "dignitaire", "round": 5, "players": [{"name": "Ani", "development_level": 2}]});
    let closed = close_round(&r5, &[], true).expect("closed").table;
    assert_eq!(
        (closed["round"].clone(), closed["players"][0]["coins"].clone()),
        (json!(6), json!(4)),
        "Revenus: twice level 2"
    );
    let mut back = closed.clone();
    back["round"] = json!(5);
    assert_eq!(codes(close_round(&back, &[], true)), [("round".to_owned(), "round_closed".to_owned())]);
    let won = json!({"variant": "dignitaire", "round": 9, "players": [{"name": "Ani", "citizens": 8}]});
    assert_eq!(codes(close_round(&won, &[], true)), [("round".to_owned(), "game_decided".to_owned())]);
    let over = json!({"variant": "dignitaire", "round": 17, "players": [{"name": "Ani"}]});
    assert_eq!(codes(close_round(&over, &[], true)), [("round".to_owned(), "game_over".to_owned())]);
}

/// Invasion, Mise en place (Remarque): « Les tuiles Événement présentant le symbole ⚡ sont
/// extrêmement agressives. Si vous préférez les éviter, remettez-les dans la boîte avant de
/// procéder au tirage » — the CLI's draw sets them aside too.
#[test]
fn the_cli_draws_the_invasion_deck_without_the_tiles_set_aside() {
    let args =
        ["orleans", "deck", "--players", "2", "--seed", "11", "--set-aside", "demolition,braquage", "--json"];
    let out = greffier(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let deck: Value = serde_json::from_slice(&out.stdout).expect("json");
    let order: Vec<&str> =
        deck["order"].as_array().expect("order").iter().filter_map(Value::as_str).collect();
    assert_eq!(order.len(), 18);
    assert!(!order.contains(&"demolition") && !order.contains(&"braquage"), "{order:?}");
    let unknown = greffier(&["orleans", "deck", "--players", "2", "--set-aside", "dragon"], None);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(stderr(&unknown).contains("set_aside[0]"), "{}", stderr(&unknown));
}
