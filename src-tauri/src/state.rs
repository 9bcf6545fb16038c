//! What the app keeps while it runs: the open history, the rules catalogue, and where its files
//! live.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use greffier::history::{DB_FILE_NAME, Store};
use greffier::rules::Catalogue;

use crate::error::{CmdResult, CommandError};

pub struct AppState {
    store: Mutex<Store>,
    pub catalogue: Catalogue,
    pub data_dir: PathBuf,
    pub db_path: PathBuf,
}

impl AppState {
    /// Opens (or creates) the history in `data_dir` and loads the rules catalogue.
    pub fn open(data_dir: &Path) -> Result<AppState, Box<dyn std::error::Error>> {
        std::fs::create_dir_all(data_dir)?;
        let db_path = data_dir.join(DB_FILE_NAME);
        let store = Store::open(&db_path)?;
        Ok(AppState {
            store: Mutex::new(store),
            catalogue: Catalogue::load()?,
            data_dir: data_dir.to_owned(),
            db_path,
        })
    }

    /// The history, for one command's work. Never held across an `.await`.
    pub fn store(&self) -> CmdResult<MutexGuard<'_, Store>> {
        self.store
            .lock()
            .map_err(|_| CommandError::internal("the history is unavailable after an earlier failure"))
    }
}
