//! App information and preferences.

use serde::Serialize;
use tauri::{AppHandle, Runtime, State};

use crate::error::{CmdResult, CommandError};
use crate::prefs::{self, LoadedPreferences, Preferences, PrefsPath};
use crate::state::AppState;

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct AppInfo {
    pub version: String,
    pub db_path: String,
    pub schema_version: u32,
}

#[tauri::command]
#[specta::specta]
pub async fn app_info(state: State<'_, AppState>) -> CmdResult<AppInfo> {
    Ok(AppInfo {
        version: greffier::VERSION.to_owned(),
        db_path: state.db_path.display().to_string(),
        schema_version: state.store()?.schema_version()?,
    })
}

#[tauri::command]
#[specta::specta]
pub async fn get_preferences<R: Runtime>(
    app: AppHandle<R>,
    file: State<'_, PrefsPath>,
) -> CmdResult<LoadedPreferences> {
    Ok(prefs::load(&app, &file.0))
}

#[tauri::command]
#[specta::specta]
pub async fn set_preferences<R: Runtime>(
    app: AppHandle<R>,
    file: State<'_, PrefsPath>,
    preferences: Preferences,
) -> CmdResult<Preferences> {
    prefs::save(&app, &file.0, &preferences)
}

/// Closes the window the page asked from, once it saved what it held (see `lib.rs`: closing
/// first asks the page).
#[tauri::command]
#[specta::specta]
pub async fn close_window<R: tauri::Runtime>(window: tauri::Window<R>) -> CmdResult<()> {
    window.destroy().map_err(CommandError::internal)
}
