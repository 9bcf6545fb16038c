//! The history beyond one play: the log's edits and bin, the roster, statistics, files in and
//! out (backups, BG Stats, CSV) and automatic backups. Long imports and exports report their
//! progress in `AppState::progress`, which `history_progress` reads while they run.

use greffier::games::GameId;
use greffier::history::{
    BackupFile, BackupKind, BgStats, BgStatsReport, CsvOptions, DEFAULT_BACKUPS_KEPT, GameStats, Id,
    ImportReport, MonthCount, OtherPlayFilter, OtherPlayPage, PlayDetail, PlayEdit, PlaySummary, Player,
    PlayerPlayCount, PlayerStats, Progress, ScenarioStats,
};
use serde::Serialize;
use tauri::State;

use crate::error::{CmdResult, CommandError, ErrorKind};
use crate::state::AppState;

/// Largest file the webview may hand over for an import (the core has its own limits too).
const MAX_IMPORT_BYTES: usize = 1024 * 1024 * 1024;

/// A file written for the user.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct ExportedFile {
    /// Where it was written.
    pub path: String,
    /// Plays (or rows) in it.
    pub count: u32,
}

/// What to export.
#[derive(Debug, Clone, Copy, serde::Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ExportKind {
    /// Greffier's full backup (JSON with a manifest).
    Backup,
    /// BG Stats JSON.
    Bgstats,
    /// One line per play.
    CsvPlays,
    /// One line per player and play.
    CsvScores,
}

/// What to import.
#[derive(Debug, Clone, Copy, serde::Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ImportKind {
    Backup,
    Bgstats,
}

/// What an import added.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ImportSummary {
    Backup(ImportReport),
    Bgstats(BgStatsReport),
}

/// Plays of games Greffier does not know (BG Stats imports), newest first, read-only.
#[tauri::command]
#[specta::specta]
pub async fn list_other_plays(
    state: State<'_, AppState>,
    filter: OtherPlayFilter,
) -> CmdResult<OtherPlayPage> {
    Ok(state.store()?.list_other_plays(&filter)?)
}

#[tauri::command]
#[specta::specta]
pub async fn unfinished_plays(state: State<'_, AppState>) -> CmdResult<Vec<PlaySummary>> {
    Ok(state.store()?.unfinished_plays()?)
}

/// Changes a play's details; a finished play given a new table state is scored again.
#[tauri::command]
#[specta::specta]
pub async fn edit_play(state: State<'_, AppState>, play_id: Id, edit: PlayEdit) -> CmdResult<PlayDetail> {
    Ok(state.store()?.edit_play(play_id, &edit)?)
}

/// Moves a play to the bin (undone by `restore_play`).
#[tauri::command]
#[specta::specta]
pub async fn delete_play(state: State<'_, AppState>, play_id: Id) -> CmdResult<PlayDetail> {
    Ok(state.store()?.delete_play(play_id)?)
}

#[tauri::command]
#[specta::specta]
pub async fn restore_play(state: State<'_, AppState>, play_id: Id) -> CmdResult<PlayDetail> {
    Ok(state.store()?.restore_play(play_id)?)
}

#[tauri::command]
#[specta::specta]
pub async fn rename_player(state: State<'_, AppState>, player_id: Id, name: String) -> CmdResult<Player> {
    Ok(state.store()?.rename_player(player_id, &name)?)
}

#[tauri::command]
#[specta::specta]
pub async fn set_player_colour(
    state: State<'_, AppState>,
    player_id: Id,
    colour: Option<String>,
) -> CmdResult<Player> {
    Ok(state.store()?.set_player_colour(player_id, colour.as_deref())?)
}

#[tauri::command]
#[specta::specta]
pub async fn set_player_archived(
    state: State<'_, AppState>,
    player_id: Id,
    archived: bool,
) -> CmdResult<Player> {
    Ok(state.store()?.set_player_archived(player_id, archived)?)
}

/// Merges `absorbed` into `kept`: every play of the one follows to the other.
#[tauri::command]
#[specta::specta]
pub async fn merge_players(state: State<'_, AppState>, kept: Id, absorbed: Id) -> CmdResult<Player> {
    Ok(state.store()?.merge_players(kept, absorbed)?)
}

#[tauri::command]
#[specta::specta]
pub async fn game_stats(state: State<'_, AppState>, game: GameId, bucket_width: u32) -> CmdResult<GameStats> {
    Ok(state.store()?.game_stats(game, bucket_width)?)
}

/// How many finished plays each player sat at (the roster shows it).
#[tauri::command]
#[specta::specta]
pub async fn player_play_counts(state: State<'_, AppState>) -> CmdResult<Vec<PlayerPlayCount>> {
    Ok(state.store()?.player_play_counts()?)
}

#[tauri::command]
#[specta::specta]
pub async fn player_stats(state: State<'_, AppState>, player_id: Id) -> CmdResult<PlayerStats> {
    Ok(state.store()?.player_stats(player_id)?)
}

#[tauri::command]
#[specta::specta]
pub async fn scenario_stats(state: State<'_, AppState>, game: GameId) -> CmdResult<Vec<ScenarioStats>> {
    Ok(state.store()?.scenario_stats(game)?)
}

/// Plays per month (empty months included), for one game and/or one player or all.
#[tauri::command]
#[specta::specta]
pub async fn activity(
    state: State<'_, AppState>,
    game: Option<GameId>,
    player_id: Option<Id>,
) -> CmdResult<Vec<MonthCount>> {
    Ok(state.store()?.activity(game, player_id)?)
}

/// The progress of the import or export under way (`None` when there is none).
#[tauri::command]
#[specta::specta]
pub async fn history_progress(state: State<'_, AppState>) -> CmdResult<Option<Progress>> {
    Ok(state.progress())
}

/// Imports a file's text (read by the webview): all or nothing, with what it added.
#[tauri::command]
#[specta::specta]
pub async fn import_file(
    state: State<'_, AppState>,
    kind: ImportKind,
    text: String,
) -> CmdResult<ImportSummary> {
    if text.len() > MAX_IMPORT_BYTES {
        let message = format!("the file is larger than {} MiB", MAX_IMPORT_BYTES >> 20);
        return Err(CommandError::new(ErrorKind::InvalidInput, message));
    }
    let mut report = |p: Progress| state.set_progress(Some(p));
    let result = match kind {
        // Streamed from the text, one play at a time (the text is the only copy in memory).
        ImportKind::Backup => {
            state.store()?.import_from(text.as_bytes(), &mut report).map(ImportSummary::Backup)
        }
        ImportKind::Bgstats => {
            let file = BgStats::from_json(&text)?;
            state.store()?.import_bgstats(&file, &mut report).map(ImportSummary::Bgstats)
        }
    };
    state.set_progress(None);
    Ok(result?)
}

/// Writes an export into the exports folder and says where.
#[tauri::command]
#[specta::specta]
pub async fn export_file(
    state: State<'_, AppState>,
    kind: ExportKind,
    csv: Option<CsvOptions>,
) -> CmdResult<ExportedFile> {
    let mut report = |p: Progress| state.set_progress(Some(p));
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    // Streamed into the file: memory stays bounded whatever the history's size.
    let written = state.write_export(kind.file_stem(), kind.extension(), |store, out| {
        Ok(match kind {
            ExportKind::Backup => {
                let c = store.export_to(out, &mut report)?;
                count(c.plays + c.other_plays)
            }
            ExportKind::Bgstats => {
                let file = store.export_bgstats(&mut report)?;
                out.write_all(file.to_json().as_bytes()).map_err(greffier::history::StoreError::Write)?;
                count(file.plays.len())
            }
            ExportKind::CsvPlays => store.export_plays_csv(&csv.unwrap_or_default(), out, &mut report)?,
            ExportKind::CsvScores => store.export_scores_csv(&csv.unwrap_or_default(), out, &mut report)?,
        })
    });
    state.set_progress(None);
    let (path, count) = written?;
    Ok(ExportedFile { path: path.display().to_string(), count })
}

impl ExportKind {
    fn file_stem(self) -> &'static str {
        match self {
            ExportKind::Backup => "greffier-sauvegarde",
            ExportKind::Bgstats => "greffier-bgstats",
            ExportKind::CsvPlays => "greffier-parties",
            ExportKind::CsvScores => "greffier-scores",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            ExportKind::Backup | ExportKind::Bgstats => "json",
            ExportKind::CsvPlays | ExportKind::CsvScores => "csv",
        }
    }
}

#[tauri::command]
#[specta::specta]
pub async fn list_backups(state: State<'_, AppState>) -> CmdResult<Vec<BackupFile>> {
    Ok(state.store()?.list_backups()?)
}

#[tauri::command]
#[specta::specta]
pub async fn backup_now(state: State<'_, AppState>) -> CmdResult<BackupFile> {
    Ok(state.store()?.backup_now(BackupKind::Manual, DEFAULT_BACKUPS_KEPT)?)
}

/// Replaces the history with a backup (the current one is kept aside first, and returned).
#[tauri::command]
#[specta::specta]
pub async fn restore_backup(state: State<'_, AppState>, file_name: String) -> CmdResult<BackupFile> {
    Ok(state.store()?.restore_backup(&file_name)?)
}
