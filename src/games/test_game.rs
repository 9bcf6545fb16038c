//! A fifth game, for tests only: it plugs into the app through [`Game`] alone, with no edit
//! outside this file but its registration (its `mod` line, its [`GameId`] and the line of
//! [`GameId::game`] that gives its contract), and proves what a new game gets from the contract:
//! it scores (on the generic sheet, as every game starts), its input is checked by the shared
//! checks (`input::player_count`, `input::unknown_variant`), a phone saves its seats by its
//! [`SeatRules`], and its round log reads in words. CONTRIBUTING.md's "Adding a game" follows
//! these steps.

use serde_json::{Value, json};

use super::input::{self, PlayedBy, VariantWord};
use super::seat::{self, SeatRules};
use super::{
    BoardGameGeek, CategoryInfo, Game, GameId, GameInfo, PlayMode, Problems, Scoreboard, SetupStep,
    StaticText, VariantInfo, sheet,
};
use crate::text::Text;

static INFO: GameInfo = GameInfo {
    id: GameId::Test,
    name: "Les Tours de Test",
    name_en: "Towers of Test",
    variant_label: StaticText { fr: "Module", en: "Module" },
    variants: &[
        VariantInfo {
            id: "base",
            label: StaticText { fr: "Jeu de base", en: "Base game" },
            min_players: 2,
            max_players: 4,
            mode: PlayMode::Competitive,
            categories: &[],
        },
        VariantInfo {
            id: "duel",
            label: StaticText { fr: "Duel", en: "Duel" },
            min_players: 2,
            max_players: 2,
            mode: PlayMode::Competitive,
            categories: &["towers"],
        },
    ],
    categories: &[
        CategoryInfo {
            key: "towers",
            label: StaticText { fr: "Tours", en: "Towers" },
            source: "test_game.rs",
            negative: false,
        },
        CategoryInfo {
            key: "debts",
            label: StaticText { fr: "Dettes", en: "Debts" },
            source: "test_game.rs",
            negative: true,
        },
    ],
    table_schema_version: 1,
};

/// Its round helper logs each tower raised.
const TOWER_EVENT: &str = "test_tower";

pub(super) struct TestGame;

impl Game for TestGame {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn score(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        sheet::score_raw(&INFO, raw)
    }

    fn setup(&self, variant: &str, players: u8, _ninth_character: bool) -> Result<Vec<SetupStep>, Problems> {
        let mut p = Problems::new();
        let Some(v) = INFO.variant(variant) else {
            input::unknown_variant(&mut p, "variant", VariantWord::MODULE, variant, None, &[]);
            return Err(p);
        };
        input::player_count(
            &mut p,
            "players",
            &PlayedBy::game(&INFO),
            v.min_players,
            v.max_players,
            players.into(),
        );
        p.into_result(vec![SetupStep::new(
            "towers",
            format!("Donner {} tours à chacun.", 10 - players),
            format!("Give everyone {} towers.", 10 - players),
            None,
        )])
    }

    fn seat_rules(&self) -> &'static SeatRules {
        &SeatRules { private: &["points"], locked: &["name"], unknown_ids: &[] }
    }

    fn round_event_words(&self, kind: &str, payload: &Value, names: &[String]) -> Option<Text> {
        let seat = u8::try_from(payload.get("seat")?.as_u64()?).ok()?;
        let who = super::round_log::seat_name(names, seat);
        (kind == TOWER_EVENT)
            .then(|| Text::new(format!("{who} élève une tour."), format!("{who} raises a tower.")))
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["tours", "towers"]
    }

    fn board_game_geek(&self) -> &'static BoardGameGeek {
        &BoardGameGeek { ids: &[], base: None, titles: &["les tours de test", "towers of test"] }
    }

    /// Its rules are in no catalogue.
    fn rule_entries(&self) -> &'static str {
        ""
    }

    /// Its screen is the generic sheet, built without limits of its own.
    fn limits(&self) -> Value {
        json!({})
    }
}

fn table(variant: &str, players: &[(&str, i64, i64)]) -> Value {
    let players: Vec<Value> = players
        .iter()
        .map(|(name, towers, debts)| json!({ "name": name, "points": { "towers": towers, "debts": debts } }))
        .collect();
    json!({ "sheet": "generic", "variant": variant, "players": players })
}

fn fields_and_codes(p: &Problems) -> Vec<(String, String)> {
    p.iter().map(|p| (p.field.clone(), p.code.clone())).collect()
}

#[test]
fn the_test_game_scores_through_the_contract() {
    let board =
        TestGame.score(&table("base", &[("Ani", 9, -2), ("Dirk", 5, 0), ("Eve", 6, -1)])).expect("scores");
    let totals: Vec<(&str, Option<i32>)> = board.players.iter().map(|p| (p.name.as_str(), p.total)).collect();
    assert_eq!(totals, [("Ani", Some(7)), ("Dirk", Some(5)), ("Eve", Some(5))]);
    assert_eq!(board.players[0].rank, 1);
    // What a game does not define has the contract's default.
    assert_eq!(
        TestGame.finish(&table("duel", &[("Ani", 1, 0), ("Dirk", 2, 0)])),
        TestGame.score(&table("duel", &[("Ani", 1, 0), ("Dirk", 2, 0)]))
    );
    assert_eq!(TestGame.initial_table("base", &[], 0), None);
    let help = TestGame.checked_help(&table("base", &[("Ani", 1, 0), ("Dirk", 2, 0)])).expect_err("no help");
    assert_eq!(fields_and_codes(&help), [("sheet".to_owned(), "legacy_sheet".to_owned())]);
}

#[test]
fn the_test_game_s_input_is_checked_by_the_shared_checks() {
    let too_many = TestGame
        .score(&table("duel", &[("Ani", 1, 0), ("Dirk", 2, 0), ("Eve", 3, 0)]))
        .expect_err("3 in a duel");
    assert_eq!(
        too_many.0[0].message,
        Text::new(
            "Les Tours de Test (Duel) se joue de 2 à 2 joueurs, pas 3.",
            "Towers of Test (Duel) is played by 2 to 2 players, not 3."
        )
    );
    let unknown = TestGame.score(&table("siege", &[("Ani", 1, 0), ("Dirk", 2, 0)])).expect_err("no siege");
    assert_eq!(fields_and_codes(&unknown), [("variant".to_owned(), "unknown_variant".to_owned())]);
    assert_eq!(unknown.0[0].message.en, "Unknown variant “siege” for Les Tours de Test (known: base, duel).");
    let setup = TestGame.setup("base", 5, false).expect_err("5 at a 4-player game");
    assert_eq!(setup.0[0].message.en, "Towers of Test is played by 2 to 4 players, not 5.");
    let setup = TestGame.setup("siege", 2, false).expect_err("no siege");
    assert_eq!(setup.0[0].message.en, "Unknown module “siege”.");
    let steps = TestGame.setup("base", 3, false).expect("a checklist");
    assert_eq!(steps[0].text.en, "Give everyone 7 towers.");
}

#[test]
fn a_phone_saves_the_test_game_s_seats_by_its_seat_rules() {
    let state = table("base", &[("Ani", 1, 0), ("Dirk", 2, 0)]);
    let view = seat::public_view_in(&TestGame, &state, Some(0));
    assert_eq!(view["players"][1], json!({ "name": "Dirk" }), "Dirk's points are his");
    assert_eq!(view["players"][0]["points"]["towers"], 1);
    let merged =
        seat::merge_seat_in(&TestGame, &state, 1, &json!({ "points": { "towers": 4 } })).expect("saved");
    assert_eq!(merged["players"][1]["points"], json!({ "towers": 4 }));
    let locked = seat::merge_seat_in(&TestGame, &state, 1, &json!({ "name": "Eve" })).expect_err("locked");
    assert_eq!(fields_and_codes(&locked), [("players[1].name".to_owned(), "locked".to_owned())]);
    let unknown =
        seat::merge_seat_in(&TestGame, &state, 1, &json!({ "dice": 3 })).expect_err("no such field");
    assert_eq!(fields_and_codes(&unknown), [("players[1].dice".to_owned(), "unknown_field".to_owned())]);
}

#[test]
fn the_test_game_s_round_log_reads_in_words() {
    let names = ["Ani".to_owned(), "Dirk".to_owned()];
    let words = TestGame.round_event_words(TOWER_EVENT, &json!({ "seat": 1 }), &names);
    assert_eq!(words, Some(Text::new("Dirk élève une tour.", "Dirk raises a tower.")));
    assert_eq!(TestGame.round_event_words("other", &json!({ "seat": 1 }), &names), None);
    assert!(TestGame.table_round_log(&json!({}), &names).is_empty());
}
