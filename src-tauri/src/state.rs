//! What the app keeps while it runs: the open history, the rules catalogue, and where its files
//! live.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

use greffier::history::{DB_FILE_NAME, DEFAULT_BACKUPS_KEPT, Progress, Store};
use greffier::rules::Catalogue;

use crate::error::{CmdResult, CommandError};

pub struct AppState {
    store: Mutex<Store>,
    /// Built on the first rules look-up, not at start: the window opens sooner and an app that
    /// is only scoring does not hold the search indexes.
    catalogue: OnceLock<Catalogue>,
    pub data_dir: PathBuf,
    pub db_path: PathBuf,
    /// Where exports are written (the user's documents folder, or the data dir's `exports/`).
    pub exports_dir: PathBuf,
    /// The import or export under way, for the progress bar.
    progress: Mutex<Option<Progress>>,
}

impl AppState {
    /// Opens (or creates) the history in `data_dir` and loads the rules catalogue.
    pub fn open(data_dir: &Path) -> Result<AppState, Box<dyn std::error::Error>> {
        std::fs::create_dir_all(data_dir)?;
        let db_path = data_dir.join(DB_FILE_NAME);
        let store = Store::open(&db_path)?;
        // Once a day, a copy of the history (kept: the newest few). A failed copy must not stop
        // the app from opening: it is only logged.
        if let Err(e) = store.daily_backup(DEFAULT_BACKUPS_KEPT) {
            eprintln!("greffier: daily backup failed: {e}");
        }
        Ok(AppState {
            store: Mutex::new(store),
            catalogue: OnceLock::new(),
            data_dir: data_dir.to_owned(),
            db_path,
            exports_dir: data_dir.join("exports"),
            progress: Mutex::new(None),
        })
    }

    /// The rules catalogue, loaded on first use.
    pub fn catalogue(&self) -> CmdResult<&Catalogue> {
        if let Some(c) = self.catalogue.get() {
            return Ok(c);
        }
        let loaded = Catalogue::load().map_err(|e| {
            CommandError::new(crate::error::ErrorKind::Internal, format!("rules catalogue: {e}"))
        })?;
        // Two first look-ups at once both load; the first stored wins, the other is dropped.
        Ok(self.catalogue.get_or_init(|| loaded))
    }

    pub fn progress(&self) -> Option<Progress> {
        self.progress.lock().map(|p| *p).unwrap_or(None)
    }

    pub fn set_progress(&self, progress: Option<Progress>) {
        if let Ok(mut p) = self.progress.lock() {
            *p = progress;
        }
    }

    /// Writes an export as `<stem>-<date>.<ext>` in the exports folder, streamed by `write`
    /// with the history at hand (through the core: never over the history, flushed to disk,
    /// renamed into place, so a crash never leaves half a file under the final name).
    pub fn write_export<T>(
        &self,
        stem: &str,
        ext: &str,
        write: impl FnOnce(&Store, &mut dyn std::io::Write) -> greffier::history::Result<T>,
    ) -> CmdResult<(PathBuf, T)> {
        let io = |e: std::io::Error| CommandError::new(crate::error::ErrorKind::Io, e.to_string());
        std::fs::create_dir_all(&self.exports_dir).map_err(io)?;
        let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M%S");
        let path = self.exports_dir.join(format!("{stem}-{stamp}.{ext}"));
        let store = self.store()?;
        let mut value = None;
        store.write_export(&path, |w| {
            value = Some(write(&store, w)?);
            Ok(())
        })?;
        let value = value.ok_or_else(|| CommandError::internal("the export wrote nothing"))?;
        Ok((path, value))
    }

    /// The history, for one command's work. Never held across an `.await`.
    pub fn store(&self) -> CmdResult<MutexGuard<'_, Store>> {
        self.store
            .lock()
            .map_err(|_| CommandError::internal("the history is unavailable after an earlier failure"))
    }
}
