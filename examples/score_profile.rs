//! The scoring paths of `benches/valencia.rs` and `benches/core.rs` in a plain loop, for
//! callgrind (divan's own timing runs dominate a profile of the benchmark binary):
//!
//! ```sh
//! cargo build --profile bench --example score_profile
//! valgrind --tool=callgrind target/release/examples/score_profile valencia_score 1000
//! ```
//!
//! Instructions per call: the run's total for N calls minus the run's total for 0, over N.
//! Paths: `valencia_score`, `valencia_help`, `valencia_preview`, `citadelles_score`.

use std::hint::black_box;

use greffier::games::{GameId, valencia};
use serde_json::Value;

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_default();
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let valencia_table = valencia_table();
    let citadelles_table = citadelles_table();
    for _ in 0..n {
        match path.as_str() {
            "valencia_score" => {
                black_box(valencia::score(black_box(&valencia_table)).is_ok());
            }
            "valencia_help" => {
                black_box(valencia::help(black_box(&valencia_table)).is_ok());
            }
            "valencia_preview" => {
                let (board, help) =
                    greffier::games::score_and_help_value(GameId::Valencia, black_box(&valencia_table));
                black_box(serde_json::to_vec(&(board.ok(), help)).map(|v| v.len()).unwrap_or(0));
            }
            "citadelles_score" => {
                black_box(
                    greffier::games::score_value(GameId::Citadelles, black_box(&citadelles_table)).is_ok(),
                );
            }
            other => {
                eprintln!("unknown path {other:?}");
                std::process::exit(2);
            }
        }
    }
}

/// The table of `benches/valencia.rs` (a score snapshot fixture).
fn valencia_table() -> Value {
    // The table the score snapshots hold (`tests/it/score_snapshots.rs`): what is measured is
    // what those tests prove unchanged.
    let fixture: Value =
        serde_json::from_str(include_str!("../tests/fixtures/scores/valencia-bench.table.json"))
            .expect("fixture");
    fixture["table"].clone()
}

/// The table of `benches/core.rs` (a score snapshot fixture).
fn citadelles_table() -> serde_json::Value {
    // The table the score snapshots hold (`tests/it/score_snapshots.rs`).
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("../tests/fixtures/scores/citadelles-bench.table.json"))
            .expect("fixture");
    fixture["table"].clone()
}
