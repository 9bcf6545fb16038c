//! Citadelles' table helpers: the character draft and the calling of one round. The round is a
//! value the UI holds and sends back with each action; the core checks every action.

use greffier::games::citadelles::{
    self, CitadellesDestroyTarget, CitadellesDestructionQuote, CitadellesDraftDraw, CitadellesDraftPlan,
    CitadellesRound, CitadellesRoundAction, CitadellesRoundSetup, CitadellesRoundView, CitadellesVariant,
};

use crate::error::CmdResult;

/// Which characters go face up / face down, and the steps of the draft, at this player count.
#[tauri::command]
#[specta::specta]
pub async fn citadelles_draft_plan(
    variant: CitadellesVariant,
    players: u8,
    ninth_character: bool,
) -> CmdResult<CitadellesDraftPlan> {
    Ok(citadelles::draft_plan(variant, players, ninth_character)?)
}

/// Draws the set-aside characters with a seeded generator (the same seed draws the same cards;
/// the King is never face up). The seed is 32-bit so it stays exact in JavaScript.
#[tauri::command]
#[specta::specta]
pub async fn citadelles_draw_draft(
    plan: CitadellesDraftPlan,
    characters: Vec<String>,
    seed: u32,
) -> CmdResult<CitadellesDraftDraw> {
    Ok(citadelles::draw_draft(&plan, &characters, u64::from(seed))?)
}

#[tauri::command]
#[specta::specta]
pub async fn citadelles_start_round(setup: CitadellesRoundSetup) -> CmdResult<CitadellesRoundView> {
    Ok(citadelles::start_round(&setup)?.view())
}

/// What the caller shows for a round kept in the table state (after a restart or an undo).
#[tauri::command]
#[specta::specta]
pub async fn citadelles_round_view(round: CitadellesRound) -> CmdResult<CitadellesRoundView> {
    Ok(round.view())
}

/// Applies one action (reveal, murder, rob, destroy, give the crown, end the round) to a round.
#[tauri::command]
#[specta::specta]
pub async fn citadelles_round_apply(
    round: CitadellesRound,
    action: CitadellesRoundAction,
) -> CmdResult<CitadellesRoundView> {
    Ok(round.apply(&action)?.view())
}

/// What the Warlord would pay to destroy a district, every protection checked.
#[tauri::command]
#[specta::specta]
pub async fn citadelles_destruction_quote(
    round: CitadellesRound,
    target: CitadellesDestroyTarget,
) -> CmdResult<CitadellesDestructionQuote> {
    Ok(round.destruction_quote(&target)?)
}
