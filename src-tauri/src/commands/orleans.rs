//! Orléans: Invasion's catalogues (scenarios, events, characters), the setup checklist and the
//! Invasion deck builder.

use greffier::games::orleans::{
    self, OrleansCharacterInfo, OrleansDeck, OrleansDeckPlan, OrleansEventInfo, OrleansScenario,
    OrleansScenarioInfo,
};
use greffier::text::Text;

use crate::error::CmdResult;

/// The six scenarios: players, rounds, event tracks, objectives, win and loss rules.
#[tauri::command]
#[specta::specta]
pub async fn orleans_scenarios() -> CmdResult<Vec<OrleansScenarioInfo>> {
    Ok(orleans::scenario_catalogue())
}

/// Every event: its moment in the round, its effect, where it appears.
#[tauri::command]
#[specta::specta]
pub async fn orleans_events() -> CmdResult<Vec<OrleansEventInfo>> {
    Ok(orleans::event_catalogue())
}

/// Invasion's nine characters and their personal objectives.
#[tauri::command]
#[specta::specta]
pub async fn orleans_characters() -> CmdResult<Vec<OrleansCharacterInfo>> {
    Ok(orleans::character_catalogue())
}

/// What to put on the table for a scenario at this player count.
#[tauri::command]
#[specta::specta]
pub async fn orleans_setup(scenario: OrleansScenario, players: u8) -> CmdResult<Vec<Text>> {
    Ok(orleans::setup_steps(scenario, players)?)
}

/// Invasion's hourglass tiles drawn with a seeded generator (same seed, same order).
#[tauri::command]
#[specta::specta]
pub async fn orleans_build_deck(plan: OrleansDeckPlan, seed: u32) -> CmdResult<OrleansDeck> {
    Ok(orleans::build_deck(&plan, seed)?)
}
