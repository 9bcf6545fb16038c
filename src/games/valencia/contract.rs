//! Valencia as the app sees it: [`Game`].

use serde_json::Value;

use super::INFO;
use crate::games::seat::SeatRules;
use crate::games::{BoardGameGeek, Game, GameInfo, Problems, Scoreboard, SetupStep, TableHelp, sheet};
use crate::text::Text;

/// Valencia's [`Game`].
pub struct Valencia;

impl Game for Valencia {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn score(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        super::score(raw)
    }

    fn table_help(&self, raw: &Value) -> Result<TableHelp, Problems> {
        super::help(raw).map(TableHelp::Valencia)
    }

    fn checked_help(&self, raw: &Value) -> Result<TableHelp, Problems> {
        // One pass: the help is built from the table its score was.
        let (board, help) = super::score_and_help(raw);
        board?;
        help.map(TableHelp::Valencia).ok_or_else(|| sheet::no_live_help(&INFO))
    }

    fn score_and_help(&self, raw: &Value) -> (Result<Scoreboard, Problems>, Option<TableHelp>) {
        let (board, help) = super::score_and_help(raw);
        (board, help.map(TableHelp::Valencia))
    }

    fn setup(&self, variant: &str, players: u8, _ninth_character: bool) -> Result<Vec<SetupStep>, Problems> {
        super::setup(variant, players)
    }

    fn initial_table(&self, variant: &str, names: &[String], first: usize) -> Option<Value> {
        Some(super::initial_table(variant, names, first))
    }

    fn seat_rules(&self) -> &'static SeatRules {
        &super::SEAT
    }

    fn table_round_log(&self, table: &Value, names: &[String]) -> Vec<(u8, Text)> {
        super::round_log(table, names)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["valencia"]
    }

    fn board_game_geek(&self) -> &'static BoardGameGeek {
        // Valencia has no id on BoardGameGeek.
        &BoardGameGeek { ids: &[], base: None, titles: &["valencia"] }
    }

    fn rule_entries(&self) -> &'static str {
        include_str!("../../rules/entries/valencia.toml")
    }

    fn limits(&self) -> Value {
        serde_json::to_value(super::limits()).unwrap_or_default()
    }

    #[cfg(feature = "specta")]
    fn register_ui_types(&self, types: &mut specta::Types) {
        types.register_mut::<super::ValenciaLimits>().register_mut::<super::ValenciaRawTable>();
    }
}
