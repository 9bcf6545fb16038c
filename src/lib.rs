//! Greffier's core: the four games' rules and scoring, the rules catalogue and its search, and
//! the play history. It knows nothing of Tauri; the desktop shell (`src-tauri/`) and the
//! `greffier` CLI (`src/cli/`) are two thin front doors onto it.

pub mod api;
pub mod citation;
pub mod collation;
// A rule hides in a long function: each check or step is its own function, beside its
// citation (threshold in `clippy.toml`). Only declarative tables are exempt, by name.
#[warn(clippy::too_many_lines)]
pub mod games;
#[warn(clippy::too_many_lines)]
pub mod history;
pub mod rules;
pub mod text;

mod allocator;

/// The memory allocator of every Greffier program: the app, the CLI, the benchmarks (which then
/// measure what the programs do). Each declares
/// `#[global_allocator] static ALLOCATOR: greffier::Allocator = greffier::Allocator;`.
///
/// Why not the system's: scoring a table, which runs on every keystroke and for every phone at
/// the table, makes some 130 small allocations (the raw table's strings and lists, the checked
/// table, the scoreboard), and glibc's malloc and free were a third of its instructions
/// (callgrind); mimalloc's are a few dozen instructions each: 91 k → 64 k
/// instructions to score the 5-player Valencia benchmark table. It gives freed memory back to
/// the system lazily: in `benches/history.rs`'s 100k-play round trip, 275 MiB its setup freed
/// were still resident when the export began (glibc kept 133 MiB), and gone by the import
/// (peak 27 MiB; glibc 133 MiB; 38 MiB since an import holds the first 16 MiB of its file); the
/// export and the import add almost nothing to either. How it asks mimalloc: `allocator.rs`.
pub use allocator::Allocator;

/// The app's identifier, also the name of its data directory.
pub const APP_IDENTIFIER: &str = "fr.greffier.desktop";

/// This build's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
