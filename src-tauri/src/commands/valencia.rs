//! Valencia's table helpers: the mission catalogue, the auction resolver (steps A–G), the
//! council phase and the round tracker. Each takes what the table typed; the core checks it.

use greffier::games::valencia::{
    self, ValenciaAuction, ValenciaCouncil, ValenciaMissionInfo, ValenciaRawAuction, ValenciaRawCouncil,
    ValenciaRawRound, ValenciaRound,
};

use crate::error::CmdResult;

/// The 35 mission cards (24 kinds): what each asks and how it is judged.
#[tauri::command]
#[specta::specta]
pub async fn valencia_missions() -> CmdResult<Vec<ValenciaMissionInfo>> {
    Ok(valencia::missions())
}

/// One auction: totals after the special cards, ranks with the tie rule, what each rank may do.
#[tauri::command]
#[specta::specta]
pub async fn valencia_auction(auction: ValenciaRawAuction) -> CmdResult<ValenciaAuction> {
    Ok(valencia::resolve_auction(&auction)?)
}

/// The council phase: points per player and who takes a privilege.
#[tauri::command]
#[specta::specta]
pub async fn valencia_council(council: ValenciaRawCouncil) -> CmdResult<ValenciaCouncil> {
    Ok(valencia::council_phase(&council)?)
}

/// Counts the tracker's council phase into the table (points, privileges, the round marked
/// counted) and returns the new table; a phase counted already is refused.
#[tauri::command]
#[specta::specta]
pub async fn valencia_count_council(table: serde_json::Value) -> CmdResult<serde_json::Value> {
    Ok(valencia::count_council(&table)?)
}

/// Applies the auction being entered to the table (pawn, coins, resources, privileges spent)
/// and returns the new table; an auction applied already is refused.
#[tauri::command]
#[specta::specta]
pub async fn valencia_apply_auction(table: serde_json::Value) -> CmdResult<serde_json::Value> {
    Ok(valencia::apply_auction(&table)?)
}

/// Where the game stands: round, step, who acts, cards left per player, privileges left.
#[tauri::command]
#[specta::specta]
pub async fn valencia_round(round: ValenciaRawRound) -> CmdResult<ValenciaRound> {
    Ok(valencia::round_tracker(&round)?)
}
