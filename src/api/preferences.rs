//! Preferences (language, theme, default player count) in `settings.json` beside the history,
//! as `{"preferences": {…}}` (the shape the app's earlier store plugin wrote, so a file it left
//! is read as is). Preferences only: the history lives in SQLite.
//!
//! A missing file means defaults. A file that cannot be read as preferences (zeroed, truncated,
//! hand-edited) also gives defaults, never a crash, with a notice the UI shows; the bad file is
//! kept beside as `settings.json.unreadable-<time>` so nothing is silently destroyed (each one
//! kept, the newest few only). Saving writes a new file and renames it into place.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{Api, ApiError, ErrorKind};
use crate::text::{Lang, Text};

/// The file's name, beside the history.
pub const FILE_NAME: &str = "settings.json";
const KEY: &str = "preferences";
/// Unreadable preference files kept beside the good one.
pub const UNREADABLE_KEPT: usize = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Preferences {
    /// `None`: follow the system's language.
    pub language: Option<Lang>,
    pub theme: Theme,
    pub default_player_count: Option<u8>,
}

/// Preferences and, when the file was unreadable, why defaults are in use.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LoadedPreferences {
    pub preferences: Preferences,
    /// `"reset"` when the stored preferences could not be read and defaults were used.
    pub notice: Option<String>,
}

impl Api {
    fn preferences_file(&self) -> PathBuf {
        self.db_path.with_file_name(FILE_NAME)
    }

    /// Reads the preferences; never fails on a bad file.
    pub(super) fn load_preferences(&self) -> LoadedPreferences {
        let file = self.preferences_file();
        let Ok(bytes) = std::fs::read(&file) else {
            return LoadedPreferences { preferences: Preferences::default(), notice: None };
        };
        let parsed: Option<serde_json::Map<String, serde_json::Value>> = serde_json::from_slice(&bytes).ok();
        let stored = parsed.map(|mut m| match m.remove(KEY) {
            None => Some(Preferences::default()),
            Some(v) => serde_json::from_value::<Preferences>(v).ok(),
        });
        match stored {
            Some(Some(preferences)) => LoadedPreferences { preferences, notice: None },
            _ => {
                keep_unreadable(&file);
                LoadedPreferences { preferences: Preferences::default(), notice: Some("reset".to_owned()) }
            }
        }
    }

    /// Saves the preferences, checking them first.
    pub(super) fn save_preferences(&self, prefs: Preferences) -> Result<Preferences, ApiError> {
        if prefs.default_player_count.is_some_and(|n| !(1..=8).contains(&n)) {
            let mut problems = crate::games::Problems::new();
            problems.push(
                "default_player_count",
                "out_of_range",
                Text::new("Entre 1 et 8 joueurs.", "Between 1 and 8 players."),
            );
            return Err(problems.into());
        }
        let text =
            serde_json::to_vec_pretty(&serde_json::json!({ KEY: prefs })).map_err(ApiError::internal)?;
        let file = self.preferences_file();
        crate::history::write_atomically(&file, |w| {
            w.write_all(&text).map_err(|source| crate::history::StoreError::Io { path: file.clone(), source })
        })
        .map_err(|e| ApiError::new(ErrorKind::Io, e.to_string()))?;
        Ok(prefs)
    }
}

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
