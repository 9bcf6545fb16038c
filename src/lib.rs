//! Greffier's core: the four games' rules and scoring, the rules catalogue and its search, and
//! the play history. It knows nothing of Tauri; the desktop shell (`src-tauri/`) and the
//! `greffier` CLI (`src/main.rs`) are two thin front doors onto it.

pub mod api;
pub mod games;
pub mod history;
pub mod rules;
pub mod text;

/// The app's identifier, also the name of its data directory.
pub const APP_IDENTIFIER: &str = "fr.greffier.desktop";

/// This build's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
