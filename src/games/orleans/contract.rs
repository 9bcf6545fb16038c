//! Orléans: Invasion as the app sees it: [`Game`].

use serde_json::Value;

use super::{INFO, OrleansScenario};
use crate::games::input::{self, VariantWord};
use crate::games::seat::SeatRules;
use crate::games::{BoardGameGeek, Game, GameInfo, Problems, Scoreboard, SetupStep, TableHelp};
use crate::text::Text;

/// Orléans: Invasion's [`Game`].
pub struct Orleans;

impl Game for Orleans {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn score(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        super::score(raw)
    }

    fn finish(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        super::finish(raw)
    }

    fn table_help(&self, raw: &Value) -> Result<TableHelp, Problems> {
        super::help(raw).map(TableHelp::Orleans)
    }

    /// Its help validates the table as its scorer does: one pass.
    fn checked_help(&self, raw: &Value) -> Result<TableHelp, Problems> {
        self.table_help(raw)
    }

    fn setup(&self, variant: &str, players: u8, _ninth_character: bool) -> Result<Vec<SetupStep>, Problems> {
        let Some(s) = OrleansScenario::from_id(variant) else {
            let mut p = Problems::new();
            input::unknown_variant(&mut p, "variant", VariantWord::VARIANT, variant, Some(INFO.name), &[]);
            return Err(p);
        };
        super::setup_steps(s, players)
    }

    fn seat_rules(&self) -> &'static SeatRules {
        &super::SEAT
    }

    fn round_event_words(&self, kind: &str, payload: &Value, _names: &[String]) -> Option<Text> {
        super::log::round_event_words(kind, payload)
    }

    fn search_words(&self) -> &'static [&'static str] {
        &["orleans"]
    }

    fn board_game_geek(&self) -> &'static BoardGameGeek {
        // Orléans (164928, seen in public data) is not Orléans: Invasion, its expansion (id not
        // confirmed here, so it is also recognised by its title).
        &BoardGameGeek { ids: &[181279], base: Some(164928), titles: &["orleans invasion", "invasion"] }
    }

    fn rule_entries(&self) -> &'static str {
        include_str!("../../rules/entries/orleans.toml")
    }

    /// An event's entry is about the scenarios whose tracks (or Invasion deck) hold it, as the
    /// event catalogue says; base-game events that no track names stay about every scenario.
    fn rule_entry_variants(&self) -> Vec<(String, Vec<&'static str>)> {
        super::event_catalogue()
            .into_iter()
            .map(|event| (event.rule, event.appears_in.iter().map(|spot| spot.scenario.id()).collect()))
            .collect()
    }

    fn limits(&self) -> Value {
        serde_json::to_value(super::limits()).unwrap_or_default()
    }

    #[cfg(feature = "specta")]
    fn register_ui_types(&self, types: &mut specta::Types) {
        types.register_mut::<super::OrleansLimits>().register_mut::<super::OrleansRawTable>();
    }
}
