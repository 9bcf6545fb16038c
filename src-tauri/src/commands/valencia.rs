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

/// Where the game stands: round, step, who acts, cards left per player, privileges left.
#[tauri::command]
#[specta::specta]
pub async fn valencia_round(round: ValenciaRawRound) -> CmdResult<ValenciaRound> {
    Ok(valencia::round_tracker(&round)?)
}
