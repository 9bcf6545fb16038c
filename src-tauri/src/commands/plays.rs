//! Players and plays.

use greffier::games::GameId;
use greffier::history::{
    CardValue, Id, NewPlay, PlayDetail, PlayFilter, PlayPage, Player, ScorePreview, UndoneState,
};
use tauri::State;

use crate::error::CmdResult;
use crate::state::AppState;

#[tauri::command]
#[specta::specta]
pub async fn list_players(state: State<'_, AppState>) -> CmdResult<Vec<Player>> {
    Ok(state.store()?.list_players()?)
}

#[tauri::command]
#[specta::specta]
pub async fn create_player(
    state: State<'_, AppState>,
    name: String,
    colour: Option<String>,
) -> CmdResult<Player> {
    Ok(state.store()?.create_player(&name, colour.as_deref())?)
}

#[tauri::command]
#[specta::specta]
pub async fn start_play(state: State<'_, AppState>, new_play: NewPlay) -> CmdResult<PlayDetail> {
    Ok(state.store()?.start_play(&new_play)?)
}

/// Autosave: the state is stored even when invalid; the answer carries the live score or the
/// problems.
#[tauri::command]
#[specta::specta]
pub async fn save_table_state(
    state: State<'_, AppState>,
    play_id: Id,
    table: serde_json::Value,
) -> CmdResult<ScorePreview> {
    Ok(state.store()?.save_table_state(play_id, &table)?)
}

/// Scores a state without storing it: the answer on every keystroke, before the autosave.
#[tauri::command]
#[specta::specta]
pub async fn preview_table_state(
    state: State<'_, AppState>,
    play_id: Id,
    table: serde_json::Value,
) -> CmdResult<ScorePreview> {
    Ok(state.store()?.preview_table_state(play_id, &table)?)
}

/// Takes the play back to its previous saved state (kept by the core, so across restarts).
#[tauri::command]
#[specta::specta]
pub async fn undo_table_state(state: State<'_, AppState>, play_id: Id) -> CmdResult<UndoneState> {
    Ok(state.store()?.undo_table_state(play_id)?)
}

#[tauri::command]
#[specta::specta]
pub async fn finish_play(
    state: State<'_, AppState>,
    play_id: Id,
    table: serde_json::Value,
) -> CmdResult<PlayDetail> {
    Ok(state.store()?.finish_play(play_id, &table)?)
}

#[tauri::command]
#[specta::specta]
pub async fn abandon_play(state: State<'_, AppState>, play_id: Id) -> CmdResult<PlayDetail> {
    Ok(state.store()?.abandon_play(play_id)?)
}

#[tauri::command]
#[specta::specta]
pub async fn list_plays(state: State<'_, AppState>, filter: PlayFilter) -> CmdResult<PlayPage> {
    Ok(state.store()?.list_plays(&filter)?)
}

#[tauri::command]
#[specta::specta]
pub async fn get_play(state: State<'_, AppState>, play_id: Id) -> CmdResult<PlayDetail> {
    Ok(state.store()?.play(play_id)?)
}

/// Adds an entry to a play's round log (a Citadelles round record, an Orléans event…).
#[tauri::command]
#[specta::specta]
pub async fn log_round_event(
    state: State<'_, AppState>,
    play_id: Id,
    round: u8,
    kind: String,
    payload: serde_json::Value,
) -> CmdResult<greffier::history::RoundEvent> {
    Ok(state.store()?.append_round_event(play_id, round, &kind, &payload)?)
}

/// The printed values the user typed for a game's cards (mission points, fountain values…),
/// remembered for the next plays.
#[tauri::command]
#[specta::specta]
pub async fn card_values(state: State<'_, AppState>, game: GameId) -> CmdResult<Vec<CardValue>> {
    Ok(state.store()?.card_values(game)?)
}

/// Remembers a card's printed value (replacing the one typed before).
#[tauri::command]
#[specta::specta]
pub async fn set_card_value(
    state: State<'_, AppState>,
    game: GameId,
    card: String,
    value: i32,
) -> CmdResult<CardValue> {
    Ok(state.store()?.set_card_value(game, &card, value)?)
}
