//! Greffier's desktop shell: a Tauri window over the `greffier` core. It owns the window, the
//! managed state (history + rules catalogue), the preferences file and the typed commands; every
//! rule and every query lives in the core.

pub mod commands;
pub mod error;
pub mod prefs;
pub mod state;

use std::path::PathBuf;

use tauri::{Manager, Runtime};

use crate::state::AppState;

/// Overrides the data directory (tests, E2E, portable use); otherwise the platform's app data
/// directory for our identifier.
pub const DATA_DIR_ENV: &str = "GREFFIER_DATA_DIR";

/// The commands shared with the UI, for runtime `$r` (the real one, or the mock one in tests).
/// Also what generates `bindings.ts`.
#[macro_export]
macro_rules! specta_builder {
    ($r:ty) => {{
        use $crate::commands::*;
        tauri_specta::Builder::<$r>::new().commands(tauri_specta::collect_commands![
            app::app_info,
            app::get_preferences::<$r>,
            app::set_preferences::<$r>,
            app::close_window::<$r>,
            games::list_games,
            games::citadelles_catalogue,
            citadelles::citadelles_draft_plan,
            citadelles::citadelles_draw_draft,
            citadelles::citadelles_start_round,
            citadelles::citadelles_round_apply,
            citadelles::citadelles_round_view,
            citadelles::citadelles_destruction_quote,
            valencia::valencia_missions,
            valencia::valencia_auction,
            valencia::valencia_council,
            valencia::valencia_count_council,
            valencia::valencia_apply_auction,
            valencia::valencia_round,
            orleans::orleans_scenarios,
            orleans::orleans_events,
            orleans::orleans_characters,
            orleans::orleans_setup,
            orleans::orleans_build_deck,
            plays::card_values,
            plays::set_card_value,
            history::unfinished_plays,
            history::list_other_plays,
            history::edit_play,
            history::delete_play,
            history::restore_play,
            history::rename_player,
            history::set_player_colour,
            history::set_player_archived,
            history::merge_players,
            history::game_stats,
            history::player_stats,
            history::player_play_counts,
            history::scenario_stats,
            history::activity,
            history::history_progress,
            history::import_file,
            history::export_file,
            history::list_backups,
            history::backup_now,
            history::restore_backup,
            games::splendor_catalogue,
            games::setup_checklist,
            plays::list_players,
            plays::create_player,
            plays::start_play,
            plays::save_table_state,
            plays::preview_table_state,
            plays::undo_table_state,
            plays::finish_play,
            plays::abandon_play,
            plays::list_plays,
            plays::get_play,
            plays::log_round_event,
            rules::search_rules,
            rules::list_rules,
            rules::get_rule,
        ])
    }};
}

/// Opens the history and the catalogue in `data_dir` and hands them to the app.
pub fn init_state<R: Runtime, M: Manager<R>>(
    app: &M,
    data_dir: PathBuf,
    exports_dir: Option<PathBuf>,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut state = AppState::open(&data_dir)?;
    if let Some(dir) = exports_dir {
        state.exports_dir = dir;
    }
    app.manage(prefs::PrefsPath(prefs::path(&data_dir)));
    app.manage(state);
    Ok(())
}

/// Plugins, commands and start-up, for the real runtime and the mock one alike.
pub fn configure<R: Runtime>(
    builder: tauri::Builder<R>,
    specta: &tauri_specta::Builder<R>,
) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .invoke_handler(specta.invoke_handler())
        .on_window_event(ask_the_page_before_closing)
        .setup(|app| {
            // With GREFFIER_DATA_DIR (tests, a portable copy) everything stays in that folder;
            // otherwise exports go to the user's documents, where they will look for them.
            let (dir, exports) = match std::env::var_os(DATA_DIR_ENV) {
                Some(dir) if !dir.is_empty() => (PathBuf::from(dir), None),
                _ => (app.path().app_data_dir()?, app.path().document_dir().ok().map(|d| d.join("Greffier"))),
            };
            init_state(app.handle(), dir, exports)?;
            Ok(())
        })
}

/// How long a closing window waits for the page to save what it holds.
const CLOSE_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Closing the window first lets the page save the change its sheet still holds (the autosave
/// waits a moment after a keystroke): the page saves, then calls `close_window`. A page that
/// does not answer is closed after [`CLOSE_GRACE`] anyway.
fn ask_the_page_before_closing<R: Runtime>(window: &tauri::Window<R>, event: &tauri::WindowEvent) {
    if let tauri::WindowEvent::CloseRequested { api, .. } = event
        && let Some(webview) = window.app_handle().get_webview_window(window.label())
    {
        api.prevent_close();
        if webview.eval("window.__greffierBeforeClose ? window.__greffierBeforeClose() : window.__TAURI_INTERNALS__.invoke('close_window')").is_err() {
            let _ = window.destroy();
            return;
        }
        let window = window.clone();
        std::thread::spawn(move || {
            std::thread::sleep(CLOSE_GRACE);
            let _ = window.destroy();
        });
    }
}

/// Starts the desktop app.
pub fn run() {
    let specta = specta_builder!(tauri::Wry);
    let result = configure(tauri::Builder::default(), &specta).run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("Greffier could not start: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests;
