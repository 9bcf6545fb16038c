//! `unsafe` code lives in `src/allocator.rs`, and in one call of the shell's start-up.

use crate::support::{checkout, source_lines};

/// `unsafe` is denied everywhere in the workspace (`Cargo.toml`'s lints), and no file but
/// `src/allocator.rs` (a `GlobalAlloc`) lifts the lint, except for the one call that sets GTK's
/// environment before any thread starts (`src-tauri/src/rendering.rs`, `before_gtk_starts`):
/// every line of code under `src/` and `src-tauri/src/`, its string literals and comments aside,
/// is read.
#[test]
fn unsafe_code_lives_only_in_the_allocator_and_one_start_up_call() {
    // The start-up's lines, exactly: the lint lifted for one block that sets one variable.
    let start_up = ["#[allow(unsafe_code)]", "unsafe {", "std::env::set_var(GTK_GL_ENV, value)"];
    let mut start_up_seen = Vec::new();
    let mut found = Vec::new();
    for dir in ["src", "src-tauri/src"] {
        source_lines(dir, false, |path, n, line| {
            if path.ends_with("src/allocator.rs") {
                return;
            }
            if path.ends_with("src-tauri/src/rendering.rs") && start_up.contains(&line.trim()) {
                start_up_seen.push(line.trim().to_owned());
                return;
            }
            let code = line.split("//").next().unwrap_or_default();
            // What stands outside string literals: the parts between quotes go.
            let outside: String = code.split('"').step_by(2).collect();
            let mut words = outside.split(|c: char| !(c.is_alphanumeric() || c == '_'));
            if words.any(|w| w == "unsafe" || w == "unsafe_code") {
                found.push(format!("{}:{n}: {}", path.display(), line.trim()));
            }
        });
    }
    assert!(found.is_empty(), "unsafe code outside src/allocator.rs:\n{}", found.join("\n"));
    assert_eq!(start_up_seen, start_up, "the start-up's one unsafe block, once");
    let manifest = std::fs::read_to_string(checkout().join("Cargo.toml")).expect("the workspace manifest");
    assert!(manifest.contains("unsafe_code = \"deny\""), "the workspace denies unsafe code");
}
