//! The window's own command: closing it. Not an operation of the core: it belongs to this
//! window, not to the history.

use greffier::api::ApiError;

/// Closes the window the page asked from, once it saved what it held (see `lib.rs`: closing
/// first asks the page).
#[tauri::command]
#[specta::specta]
pub async fn close_window<R: tauri::Runtime>(window: tauri::Window<R>) -> Result<(), ApiError> {
    window.destroy().map_err(ApiError::internal)
}
