//! Tests read the checkout they run in.

use crate::support::source_lines;

/// A test that reads a file of the repository finds it through the `CARGO_MANIFEST_DIR` that
/// cargo gives the running test, never through the one written into the binary at compile time:
/// cargo reuses a test binary compiled by another checkout of the same sources when the two
/// share a target dir (CI's, the stop check's), and the compiled-in folder is then the other
/// checkout's, perhaps gone. `every_sql_file_in_migrations_is_applied_in_order` failed so.
#[test]
fn tests_find_files_in_the_checkout_they_run_in() {
    // Spelled in two halves, so that this file does not find itself.
    let compiled_in = ["env!(", "\"CARGO_MANIFEST_DIR\")"].concat();
    let mut found = Vec::new();
    for dir in ["src", "src-tauri/src", "tests", "benches", "examples"] {
        source_lines(dir, false, |path, n, line| {
            if line.contains(&compiled_in) {
                found.push(format!("{}:{n}: {}", path.display(), line.trim()));
            }
        });
    }
    assert!(found.is_empty(), "the compile-time CARGO_MANIFEST_DIR, read by a test:\n{}", found.join("\n"));
}
