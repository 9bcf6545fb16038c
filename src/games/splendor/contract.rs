//! Les Cités de Splendor as the app sees it: [`Game`].

use serde_json::Value;

use super::INFO;
use crate::games::seat::SeatRules;
use crate::games::{BoardGameGeek, Game, GameInfo, Problems, Scoreboard, SetupStep, TableHelp};

/// Les Cités de Splendor's [`Game`].
pub struct Splendor;

impl Game for Splendor {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn score(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        super::score(raw)
    }

    /// The checked help still waits for the score, which checks more than the table (the
    /// cities left on the table).
    fn table_help(&self, raw: &Value) -> Result<TableHelp, Problems> {
        super::help(raw).map(TableHelp::Splendor)
    }

    fn setup(&self, variant: &str, players: u8, _ninth_character: bool) -> Result<Vec<SetupStep>, Problems> {
        super::setup(variant, players)
    }

    fn seat_rules(&self) -> &'static SeatRules {
        &super::SEAT
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["splendor", "splendour"]
    }

    fn board_game_geek(&self) -> &'static BoardGameGeek {
        // Splendor (148228, seen in public data) is not Les Cités de Splendor, its expansion (id
        // not confirmed here, so it is also recognised by its title).
        &BoardGameGeek {
            ids: &[220653],
            base: Some(148228),
            titles: &[
                "les cites de splendor",
                "cites de splendor",
                "the cities of splendor",
                "cities of splendor",
                "splendor cities of splendor",
                "splendor the cities of splendor",
                "splendor les cites de splendor",
            ],
        }
    }

    fn rule_entries(&self) -> &'static str {
        include_str!("../../rules/entries/splendor.toml")
    }

    /// A game is won from 15 prestige points (fewer with some cities): its totals spread over a
    /// few points, not tens.
    fn score_bucket_width(&self) -> u32 {
        2
    }

    fn limits(&self) -> Value {
        serde_json::to_value(super::limits()).unwrap_or_default()
    }

    #[cfg(feature = "specta")]
    fn register_ui_types(&self, types: &mut specta::Types) {
        types.register_mut::<super::SplendorLimits>().register_mut::<super::RawTable>();
    }
}
