//! The shared history in the app: the core's sharing thread (`Api::start_sharing`:
//! a pass on start, after each write once the writes pause, and when the shared folder
//! changes) runs for as long as the app does, and what a pass applied is told to the window
//! (`history-changed`, the core's `HistoryChange`): a play on screen is read again, the lists
//! and statistics too.

use std::sync::{Arc, Mutex};

use greffier::api::{Api, HistoryChange, Sharing};
use tauri::{AppHandle, Emitter, Manager, Runtime};

/// The window event told the plays a pass wrote (payload: the core's `HistoryChange`).
pub const HISTORY_CHANGED_EVENT: &str = "history-changed";

/// The sharing thread, stopped when the app quits.
pub struct SharingThread(Mutex<Option<Sharing>>);

impl SharingThread {
    pub fn stop(&self) {
        if let Ok(mut sharing) = self.0.lock() {
            sharing.take();
        }
    }
}

/// Starts sharing for the app's history (nothing happens while it is not shared).
pub fn start<R: Runtime>(app: &AppHandle<R>) {
    let Some(api) = app.try_state::<Arc<Api>>().map(|a| Arc::clone(&a)) else { return };
    let window = app.clone();
    api.on_history_change(move |change: &HistoryChange| {
        let _ = window.emit(HISTORY_CHANGED_EVENT, change);
    });
    app.manage(SharingThread(Mutex::new(api.start_sharing())));
}
