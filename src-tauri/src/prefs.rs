//! Preferences (language, theme, default player count) in `settings.json` through
//! tauri-plugin-store. Preferences only: the history lives in SQLite.
//!
//! A missing file means defaults. A file that cannot be read as preferences (zeroed, truncated,
//! hand-edited) also gives defaults, never a crash, with a notice the UI shows; the bad file is
//! kept beside as `settings.json.unreadable-<time>` so nothing is silently destroyed (each one
//! kept, the newest few only).

use std::path::{Path, PathBuf};

use greffier::text::Lang;
use serde::{Deserialize, Serialize};
use tauri::{Manager, Runtime};
use tauri_plugin_store::StoreExt;

use greffier::api::{ApiError, ErrorKind};

const FILE_NAME: &str = "settings.json";
const KEY: &str = "preferences";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type, Default)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type, Default)]
pub struct Preferences {
    /// `None`: follow the system's language.
    pub language: Option<Lang>,
    pub theme: Theme,
    pub default_player_count: Option<u8>,
}

/// Preferences and, when the file was unreadable, why defaults are in use.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct LoadedPreferences {
    pub preferences: Preferences,
    /// `"reset"` when the stored preferences could not be read and defaults were used.
    pub notice: Option<String>,
}

pub struct PrefsPath(pub PathBuf);

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// Unreadable preference files kept beside the good one.
pub const UNREADABLE_KEPT: usize = 5;

/// Moves an unreadable file aside under a timestamped name (a second bad file never replaces
/// the first), keeping the newest [`UNREADABLE_KEPT`].
fn keep_unreadable(file: &Path) {
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ");
    let mut aside = file.with_extension(format!("json.unreadable-{stamp}"));
    let mut n = 1;
    while aside.exists() {
        aside = file.with_extension(format!("json.unreadable-{stamp}-{n}"));
        n += 1;
    }
    let _ = std::fs::rename(file, &aside);
    let (Some(dir), Some(name)) = (file.parent(), file.file_name()) else { return };
    let prefix = format!("{}.unreadable-", name.to_string_lossy());
    let mut kept: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
                .map(|e| e.path())
                .collect()
        })
        .unwrap_or_default();
    // The timestamp sorts by name: newest last.
    kept.sort();
    let extra = kept.len().saturating_sub(UNREADABLE_KEPT);
    for old in kept.into_iter().take(extra) {
        let _ = std::fs::remove_file(old);
    }
}

/// Reads the preferences; never fails on a bad file.
pub fn load<R: Runtime, M: Manager<R>>(app: &M, file: &Path) -> LoadedPreferences {
    let mut unreadable = false;
    if let Ok(bytes) = std::fs::read(file) {
        // The store plugin silently starts empty on a bad file; check it ourselves to say so.
        let parsed: Option<serde_json::Map<String, serde_json::Value>> = serde_json::from_slice(&bytes).ok();
        let prefs_ok = parsed
            .as_ref()
            .map(|m| m.get(KEY).is_none_or(|v| serde_json::from_value::<Preferences>(v.clone()).is_ok()));
        if prefs_ok != Some(true) {
            unreadable = true;
            keep_unreadable(file);
        }
    }
    let stored = app
        .store(file)
        .ok()
        .and_then(|s| {
            if unreadable {
                s.clear();
                None
            } else {
                s.get(KEY)
            }
        })
        .and_then(|v| serde_json::from_value::<Preferences>(v).ok());
    LoadedPreferences {
        preferences: stored.unwrap_or_default(),
        notice: unreadable.then(|| "reset".to_owned()),
    }
}

/// Saves the preferences, checking them first.
pub fn save<R: Runtime, M: Manager<R>>(
    app: &M,
    file: &Path,
    prefs: &Preferences,
) -> Result<Preferences, ApiError> {
    if prefs.default_player_count.is_some_and(|n| !(1..=8).contains(&n)) {
        let mut problems = greffier::games::Problems::new();
        problems.push(
            "default_player_count",
            "out_of_range",
            greffier::text::Text::new("Entre 1 et 8 joueurs.", "Between 1 and 8 players."),
        );
        return Err(problems.into());
    }
    let store = app.store(file).map_err(|e| ApiError::new(ErrorKind::Io, e.to_string()))?;
    store.set(KEY, serde_json::to_value(prefs).map_err(ApiError::internal)?);
    store.save().map_err(|e| ApiError::new(ErrorKind::Io, e.to_string()))?;
    Ok(prefs.clone())
}
