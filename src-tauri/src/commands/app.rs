//! The window's own commands: preferences (tauri-plugin-store) and closing. Not operations of
//! the core: they belong to this window, not to the history.

use greffier::api::ApiError;
use tauri::{AppHandle, Runtime, State};

use crate::prefs::{self, LoadedPreferences, Preferences, PrefsPath};

#[tauri::command]
#[specta::specta]
pub async fn get_preferences<R: Runtime>(
    app: AppHandle<R>,
    file: State<'_, PrefsPath>,
) -> Result<LoadedPreferences, ApiError> {
    Ok(prefs::load(&app, &file.0))
}

#[tauri::command]
#[specta::specta]
pub async fn set_preferences<R: Runtime>(
    app: AppHandle<R>,
    file: State<'_, PrefsPath>,
    preferences: Preferences,
) -> Result<Preferences, ApiError> {
    prefs::save(&app, &file.0, &preferences)
}

/// Closes the window the page asked from, once it saved what it held (see `lib.rs`: closing
/// first asks the page).
#[tauri::command]
#[specta::specta]
pub async fn close_window<R: tauri::Runtime>(window: tauri::Window<R>) -> Result<(), ApiError> {
    window.destroy().map_err(ApiError::internal)
}
