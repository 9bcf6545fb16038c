//! The shared history for the door that stays open on this device (the app's window): a pass
//! on start, after each write (once the writes pause), and when the folder changes (a device's
//! new file brought by the sync engine). Each pass runs over a connection of its own, on a
//! thread of its own, so the screens never wait on it; what it applied is told to the
//! listeners ([`Api::on_history_change`]: the window reads a play on screen again).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

use serde::Serialize;

use super::{Api, ApiError};
use crate::history::{Id, Store, SyncReport};

/// Plays of this history written by a pass (another device's changes applied here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct HistoryChange {
    pub play_ids: Vec<Id>,
}

pub type HistoryListener = Box<dyn Fn(&HistoryChange) + Send + Sync>;

/// How long writes must pause before a pass (an autosave every keystroke is not a pass each).
const QUIET: Duration = Duration::from_secs(3);
/// A pass at the latest this long after a write, however busy the screens are.
const AT_MOST: Duration = Duration::from_secs(30);
/// How often the folder is looked at for a new file.
const LOOK: Duration = Duration::from_secs(2);

/// What tells the sharing thread that the history may have changed.
#[derive(Default)]
pub(super) struct Nudges {
    /// Host operations done since the thread last looked.
    pending: Mutex<Option<Instant>>,
    /// The latest one.
    last: Mutex<Option<Instant>>,
    wake: Condvar,
}

impl Nudges {
    pub(super) fn nudge(&self) {
        let now = Instant::now();
        if let Ok(mut first) = self.pending.lock() {
            first.get_or_insert(now);
        }
        if let Ok(mut last) = self.last.lock() {
            *last = Some(now);
        }
        self.wake.notify_all();
    }
}

/// The sharing thread; stopped when dropped.
pub struct Sharing {
    stop: Arc<AtomicBool>,
    api: Arc<Api>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Sharing {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.api.nudges.wake.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Api {
    /// Tells `listener` what each pass of the sharing thread applied.
    pub fn on_history_change(&self, listener: impl Fn(&HistoryChange) + Send + Sync + 'static) {
        if let Ok(mut listeners) = self.history_listeners.lock() {
            listeners.push(Box::new(listener));
        }
    }

    fn tell_history_change(&self, change: &HistoryChange) {
        if let Ok(listeners) = self.history_listeners.lock() {
            for listener in listeners.iter() {
                listener(change);
            }
        }
    }

    /// One pass through the shared folder, over the history the operations use.
    pub(crate) fn sync_pass(&self, folder: Option<String>) -> Result<SyncReport, ApiError> {
        let report = self.store()?.sync_now(folder.as_deref().map(Path::new))?;
        if !report.changed_plays.is_empty() {
            self.tell_history_change(&HistoryChange { play_ids: report.changed_plays.clone() });
        }
        Ok(report)
    }

    /// Starts the sharing thread (nothing happens while the history is not shared). A history
    /// in memory has none.
    pub fn start_sharing(self: &Arc<Self>) -> Option<Sharing> {
        if self.db_path.as_os_str().is_empty() {
            return None;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (api, stop) = (Arc::clone(self), Arc::clone(&stop));
            std::thread::Builder::new()
                .name("greffier-sharing".into())
                .spawn(move || share(&api, &stop))
                .ok()?
        };
        Some(Sharing { stop, api: Arc::clone(self), thread: Some(thread) })
    }
}

/// What the shared folder holds, enough to see a new file come: each entry's name, size and
/// time.
fn folder_print(folder: &Path) -> Vec<(PathBuf, u64, Option<SystemTime>)> {
    let root = folder.join(crate::history::sync::folder::DIR_NAME);
    let mut print = Vec::new();
    let Ok(devices) = std::fs::read_dir(&root) else { return print };
    for device in devices.flatten() {
        let Ok(files) = std::fs::read_dir(device.path()) else { continue };
        for file in files.flatten() {
            if let Ok(meta) = file.metadata() {
                print.push((file.path(), meta.len(), meta.modified().ok()));
            }
        }
    }
    print.sort();
    print
}

fn share(api: &Api, stop: &AtomicBool) {
    let mut store: Option<Store> = None;
    let mut seen: Option<Vec<(PathBuf, u64, Option<SystemTime>)>> = None;
    while !stop.load(Ordering::SeqCst) {
        // Wait for a write, or look at the folder again.
        let written = {
            let Ok(pending) = api.nudges.pending.lock() else { return };
            let (mut pending, _) = api
                .nudges
                .wake
                .wait_timeout(pending, LOOK)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let last = api.nudges.last.lock().map(|l| *l).unwrap_or(None);
            match (*pending, last) {
                (Some(first), Some(last)) if last.elapsed() >= QUIET || first.elapsed() >= AT_MOST => {
                    *pending = None;
                    true
                }
                _ => false,
            }
        };
        if stop.load(Ordering::SeqCst) {
            return;
        }
        if store.is_none() {
            store = Store::open(&api.db_path).ok();
        }
        let Some(history) = store.as_mut() else { continue };
        let folder = history.sync_status().ok().and_then(|s| s.folder);
        let Some(folder) = folder else {
            seen = None;
            continue;
        };
        let print = folder_print(Path::new(&folder));
        let first = seen.is_none();
        let moved = seen.as_ref() != Some(&print);
        if !(first || written || moved) {
            continue;
        }
        match history.sync_now(None) {
            Ok(report) => {
                if !report.changed_plays.is_empty() {
                    api.tell_history_change(&HistoryChange { play_ids: report.changed_plays });
                }
            }
            Err(e) => eprintln!("greffier: sharing the history: {e}"),
        }
        seen = Some(folder_print(Path::new(&folder)));
    }
}
