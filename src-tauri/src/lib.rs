//! Greffier's desktop shell: a Tauri window over the `greffier` core. It owns the window, the
//! managed state (history + rules catalogue), the preferences file and the typed commands; every
//! rule and every query lives in the core.

pub mod commands;
pub mod keystroke;
pub mod paired;
pub mod prefs;
#[cfg(target_os = "linux")]
pub mod rendering;
pub mod sharing;
pub mod table;

use std::path::PathBuf;
use std::sync::Arc;

use tauri::{Manager, Runtime};

use greffier::api::Api;

/// Overrides the data directory (tests, E2E, portable use); otherwise the platform's app data
/// directory for our identifier.
pub const DATA_DIR_ENV: &str = "GREFFIER_DATA_DIR";

/// The commands shared with the UI, for runtime `$r` (the real one, or the mock one in tests):
/// the window's own, then one per operation of the core's table. Also what generates
/// `bindings.ts`, with the games' limits as constants and the raw table-state types.
#[macro_export]
macro_rules! specta_builder {
    ($r:ty) => {
        greffier::for_each_operation!(specta_builder_with_operations!($r))
    };
}

/// [`specta_builder!`]'s second half, given the core's table.
#[doc(hidden)]
#[macro_export]
macro_rules! specta_builder_with_operations {
    ($r:ty; $( $(#[doc = $doc:literal])* $cap:ident fn $name:ident($api:ident $(, $field:ident: $ty:ty)*) -> $resp:ty $body:block )*) => {{
        use $crate::commands::*;
        $crate::with_games(tauri_specta::Builder::<$r>::new()
            .commands(tauri_specta::collect_commands![
                app::get_preferences::<$r>,
                app::set_preferences::<$r>,
                app::close_window::<$r>,
                phones::open_table_to_phones::<$r>,
                phones::table_door,
                phones::open_paired_door::<$r>,
                $(operations::$name,)*
            ]))
            // What the play screens must know at build time comes from the core: each game's
            // (`with_games`), and the history's limits.
            .constant("HISTORY_LIMITS", greffier::history::limits())
            .typ::<greffier::history::HistoryLimits>()
            // Table mode: the window event told each change to a play whose table is open.
            .constant("TABLE_CHANGED_EVENT", $crate::table::TABLE_CHANGED_EVENT)
            // The operations the page may ask synchronously, on the `greffier:` scheme.
            .constant("INSTANT_OPERATIONS", $crate::keystroke::INSTANT_OPERATIONS)
            .typ::<greffier::api::TableChange>()
            // How the UI's Backend calls each operation (`ui/src/lib/backend/operations.ts`):
            // its method and its request's fields in order.
            .constant("OPERATION_FIELDS", $crate::operation_fields(&[$((stringify!($name), &[$(stringify!($field)),*])),*]))
            // The shared history: the window event told the plays a pass wrote.
            .constant("HISTORY_CHANGED_EVENT", $crate::sharing::HISTORY_CHANGED_EVENT)
            .typ::<greffier::api::HistoryChange>()
    }};
}

/// What each game's play screen must know at build time, from its contract: its limits and
/// fixed lists as the constant `<GAME>_LIMITS`, and the types of those limits and of the raw
/// table state the screen builds.
#[doc(hidden)]
pub fn with_games<R: Runtime>(mut builder: tauri_specta::Builder<R>) -> tauri_specta::Builder<R> {
    let mut types = specta::Types::default();
    for game in greffier::games::GameId::ALL {
        let contract = game.game();
        builder =
            builder.constant(format!("{}_LIMITS", game.as_str().to_ascii_uppercase()), contract.limits());
        contract.register_ui_types(&mut types);
    }
    builder.types(&types)
}

/// Each operation of the table's rows `(name, fields)` as the UI's Backend method
/// (`save_table_state` → `saveTableState`) with its request's fields in order.
#[doc(hidden)]
pub fn operation_fields(rows: &[(&str, &[&str])]) -> std::collections::BTreeMap<String, Vec<String>> {
    let camel = |name: &str| {
        let mut words = name.split('_');
        let first = words.next().unwrap_or_default().to_owned();
        words.fold(first, |mut method, word| {
            let mut chars = word.chars();
            method.extend(chars.next().map(|c| c.to_ascii_uppercase()));
            method.push_str(chars.as_str());
            method
        })
    };
    rows.iter()
        .map(|(name, fields)| (camel(name), fields.iter().map(|f| (*f).to_owned()).collect()))
        .collect()
}

/// Opens the history in `data_dir` and hands it to the app; the day's backup is made on a
/// thread of its own (returned, for tests to wait on).
pub fn init_state<R: Runtime, M: Manager<R>>(
    app: &M,
    data_dir: PathBuf,
    exports_dir: Option<PathBuf>,
) -> Result<std::thread::JoinHandle<()>, Box<dyn std::error::Error>> {
    std::fs::create_dir_all(&data_dir)?;
    let db_path = data_dir.join(greffier::history::DB_FILE_NAME);
    let mut api = Api::open(&db_path)?;
    if let Some(dir) = exports_dir {
        api = api.with_exports_dir(dir);
    }
    app.manage(prefs::PrefsPath(prefs::path(&data_dir)));
    // One core for the window and, once the host opens a table, for the phones' server.
    table::watch_tables(app.app_handle(), &api);
    app.manage(table::TableDoors::new(&data_dir));
    app.manage(paired::PairedDoor::default());
    app.manage(Arc::new(api));
    Ok(std::thread::spawn(move || daily_backup(&db_path)))
}

/// Once a day, a copy of the history (kept: the newest few). Copying a large history takes a
/// while, so it runs off the window's thread, over its own connection (WAL: the screens keep
/// reading and saving meanwhile), instead of delaying the first paint. A failed copy must not
/// stop the app: it is only logged.
fn daily_backup(db_path: &std::path::Path) {
    let made = greffier::history::Store::open(db_path)
        .and_then(|store| store.daily_backup(greffier::history::DEFAULT_BACKUPS_KEPT));
    if let Err(e) = made {
        eprintln!("greffier: daily backup failed: {e}");
    }
}

/// Plugins, commands and start-up, for the real runtime and the mock one alike.
pub fn configure<R: Runtime>(
    builder: tauri::Builder<R>,
    specta: &tauri_specta::Builder<R>,
) -> tauri::Builder<R> {
    let (typed, raw) = (specta.invoke_handler(), raw_commands::<R>());
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .invoke_handler(move |invoke| match invoke.message.command() {
            "upload_chunk" => raw(invoke),
            _ => typed(invoke),
        })
        .register_uri_scheme_protocol(keystroke::SCHEME, |ctx, request| {
            keystroke::answer(ctx.app_handle(), &request)
        })
        .on_window_event(ask_the_page_before_closing)
        .setup(|app| {
            // With GREFFIER_DATA_DIR (tests, a portable copy) everything stays in that folder;
            // otherwise exports go to the user's documents, where they will look for them.
            let (dir, exports) = match std::env::var_os(DATA_DIR_ENV) {
                Some(dir) if !dir.is_empty() => (PathBuf::from(dir), None),
                _ => (app.path().app_data_dir()?, app.path().document_dir().ok().map(|d| d.join("Greffier"))),
            };
            #[cfg(target_os = "linux")]
            if let Some(window) = app.get_webview_window("main") {
                rendering::draw_with_the_cpu_without_a_gpu(&window);
            }
            init_state(app.handle(), dir, exports)?;
            // The devices paired before find the app again (off the window's thread).
            let handle = app.handle().clone();
            std::thread::spawn(move || {
                if let (Some(door), Some(api)) =
                    (handle.try_state::<paired::PairedDoor>(), handle.try_state::<Arc<Api>>())
                {
                    door.open_if_paired(&handle, api.inner());
                }
            });
            // The shared history's passes (not in tests: the mock app never runs this).
            sharing::start(app.handle());
            Ok(())
        })
}

/// The commands whose body is raw bytes, which no typed command takes: a file's blocks
/// (`commands/upload.rs`).
fn raw_commands<R: Runtime>() -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
    tauri::generate_handler![commands::upload::upload_chunk]
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

/// Starts the desktop app. Quitting stops the tables it serves (their calls under way finish).
pub fn run() {
    let specta = specta_builder!(tauri::Wry);
    let app = match configure(tauri::Builder::default(), &specta).build(tauri::generate_context!()) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("Greffier could not start: {e}");
            std::process::exit(1);
        }
    };
    app.run(|app, event| {
        if let tauri::RunEvent::Exit = event {
            if let Some(doors) = app.try_state::<table::TableDoors>() {
                doors.stop_all();
            }
            if let Some(door) = app.try_state::<paired::PairedDoor>() {
                door.stop();
            }
            if let Some(sharing) = app.try_state::<sharing::SharingThread>() {
                sharing.stop();
            }
        }
    });
}

#[cfg(test)]
mod tests;
