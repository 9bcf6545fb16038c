//! `unsafe` code lives in `src/allocator.rs` alone.

use crate::support::{checkout, source_lines};

/// `unsafe` is denied everywhere in the workspace (`Cargo.toml`'s lints), and no file but
/// `src/allocator.rs` (a `GlobalAlloc`) lifts the lint: every line of code under `src/` and
/// `src-tauri/src/`, its string literals and comments aside, is read.
#[test]
fn unsafe_code_lives_only_in_src_allocator() {
    let mut found = Vec::new();
    for dir in ["src", "src-tauri/src"] {
        source_lines(dir, false, |path, n, line| {
            if path.ends_with("src/allocator.rs") {
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
    let manifest = std::fs::read_to_string(checkout().join("Cargo.toml")).expect("the workspace manifest");
    assert!(manifest.contains("unsafe_code = \"deny\""), "the workspace denies unsafe code");
}
