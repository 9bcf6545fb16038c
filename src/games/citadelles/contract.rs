//! Citadelles as the app sees it: [`Game`].

use serde_json::Value;

use super::{CitadellesVariant, INFO};
use crate::games::contract::TableStats;
use crate::games::input::{self, VariantWord};
use crate::games::seat::SeatRules;
use crate::games::{BoardGameGeek, Game, GameInfo, Problems, Scoreboard, SetupStep, TableHelp};
use crate::text::Text;

/// Citadelles' [`Game`].
pub struct Citadelles;

impl Game for Citadelles {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn score(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        super::score(raw)
    }

    fn score_totals(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        super::score_totals(raw)
    }

    /// Read as far as the table can be (each city's count and the cities to place are what the
    /// players need to fix it); the checked help still waits for the score, which checks more
    /// than the table (a tie its characters cannot settle).
    fn table_help(&self, raw: &Value) -> Result<TableHelp, Problems> {
        super::help(raw).map(TableHelp::Citadelles)
    }

    fn setup(&self, variant: &str, players: u8, ninth_character: bool) -> Result<Vec<SetupStep>, Problems> {
        let Some(v) = CitadellesVariant::from_id(variant) else {
            let mut p = Problems::new();
            input::unknown_variant(&mut p, "variant", VariantWord::VARIANT, variant, Some(INFO.name), &[]);
            return Err(p);
        };
        super::setup(v, players, ninth_character)
    }

    fn seat_rules(&self) -> &'static SeatRules {
        &super::SEAT
    }

    fn round_event_words(&self, kind: &str, payload: &Value, names: &[String]) -> Option<Text> {
        super::log::round_event_words(kind, payload, names)
    }

    fn table_round_log(&self, table: &Value, names: &[String]) -> Vec<(u8, Text)> {
        super::log::citadelles_rounds(table, names)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["citadelles", "citadelle", "citadels", "citadel"]
    }

    fn board_game_geek(&self) -> &'static BoardGameGeek {
        // Citadels (2000) and its 2016 edition, seen in public data: both are Citadelles.
        &BoardGameGeek { ids: &[478, 205398], base: None, titles: &["citadelles", "citadels"] }
    }

    fn rule_entries(&self) -> &'static str {
        include_str!("../../rules/entries/citadelles.toml")
    }

    /// The districts in each final city (its custom wonders by name with them) and the
    /// characters each player revealed in the last round, as `table.rs` keeps them.
    fn table_stats(&self) -> &'static TableStats {
        &TableStats {
            built: &[("districts", None), ("custom_wonders", Some("name"))],
            last_round_characters: Some("characters_last_round"),
        }
    }

    fn limits(&self) -> Value {
        serde_json::to_value(super::limits()).unwrap_or_default()
    }

    #[cfg(feature = "specta")]
    fn register_ui_types(&self, types: &mut specta::Types) {
        types.register_mut::<super::CitadellesLimits>().register_mut::<super::CitadellesRawTable>();
    }
}
