//! Valencia benchmarks (divan): the paths the play sheet runs on every keystroke — scoring and
//! the live help of a full 5-player table — and one auction with special cards.

use divan::{Bencher, black_box};
use greffier::games::GameId;
use greffier::games::valencia::{self, ValenciaRawAuction};
use serde_json::{Value, json};

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    divan::main();
}

/// A finished 5-player table: fountains, council, resources and three missions per player.
fn five_players() -> Value {
    // The table the score snapshots hold (`tests/it/score_snapshots.rs`): what is measured is
    // what those tests prove unchanged.
    let fixture: Value =
        serde_json::from_str(include_str!("../tests/fixtures/scores/valencia-bench.table.json"))
            .expect("fixture");
    fixture["table"].clone()
}

/// Where the time goes (callgrind, 2026-11-25; instructions per call): reading the JSON with a
/// path tracker and building every field name and label of every count before knowing of any
/// problem were half of it (62 → 51 µs once both became lazy). Then the bilingual explanation
/// of each category and mission, formatted on every call (about 40 % of ~330 k instructions):
/// the five number categories now keep their numbers (`valencia::Why`, written when the
/// scoreboard is serialized: see `score_and_serialize_a_five_player_table`), 330 k → 283 k.
///
/// 2026-11-27 (callgrind on `examples/score_profile.rs`, which runs this path in a
/// loop: divan's own calibration swamps a profile of this binary): 280 k → 90 k instructions
/// per call, 30 → ~17–22 µs on the loaded shared machine. What went: the mission categories'
/// sentences (`categories` 91 k: each verdict now a `missions::Because` of numbers, the lists a
/// `Why::Missions`, both written only when serialized), the verdicts' own sentences in
/// `judge` (24 k), one `Vec` per comparison in `rank` (18 k → 2 k, keys computed once), the
/// SipHash maps and the names' NFC and lowercase copies in validation (names borrowed when
/// already NFC, compared without copies; cards held by their place in the deck), the
/// tie-break labels (`StaticText`) and the 35 category key `String`s (`Cow<'static, str>`).
/// What remained (90 k): malloc/free ~34 k of it, from the raw serde structs (`from_table`
/// 31 k: every `Option<Value>`, name, seat and mission id copied out of the `Value`, and their
/// drop, 10 k), validation 21 k, scoring 19 k (names, the scoreboard's Vecs, the mission ids of
/// `PlayFacts`).
///
/// Later on 2026-11-27: 90 k → 62 k instructions, 11.7 → ~8.5–9 µs on the quiet machine. Some
/// 130 allocations per call were a third of the time in glibc's malloc and free; every program
/// now allocates with mimalloc (`greffier::Allocator`), a few dozen instructions each, and the
/// 15 mission ids of `PlayFacts` are borrowed. Tried and dropped: reading the raw structs
/// without `#[serde(flatten)]` (a reader noting unknown keys itself) — no faster, since serde
/// buffers only the keys a struct does not know. What remains (62 k): reading the `Value`
/// into the raw structs 24 k (serde's visitors and the `Value` clones), validation 18 k,
/// scoring 13 k, the allocator ~9 k.
///
/// Later still (2026-11-27, evening): 60.2 k → 51.5 k instructions, about 8.6 → 6.4 µs on the
/// quiet machine (before and after run alternately). `valencia::read` takes the raw structs
/// straight from the `Value`, with vectors reserved at their length (serde's reader: 24 k, this
/// one: 15 k, a third of it the allocations and copies of the owned strings and counts); serde
/// still reads any table this reader is unsure of, and a property test holds the two equal.
/// What remains: validation 17 k, scoring 11 k, dropping the raw table 5.7 k. Then 51.5 k →
/// 51.1 k: the check's vectors reserved (council seats, missions, fountain parts).
///
/// Later (2026-11-27, night): 51.1 k → 37.4 k instructions, about 10.5–11.7 → 8.0–8.8 µs in
/// a slow phase of the host (before and after binaries run alternately). Three causes: the
/// raw structs' copies (reading 14 k and dropping 5.7 k: every name, count, mission id, council
/// key, resource map and unknown-key map copied out of the `Value`): the checks now read a
/// borrowed view (`valencia/read.rs`), 49.0 k → 38.5 k; mimalloc's aligned call
/// over-allocating non-power-of-two sizes when a page has no free block at hand
/// (`src/allocator.rs`), 51.1 k → 49.0 k; then the mission outcomes' list growing twice and
/// each held card looked up twice (a binary search over the ids, tried, cost more than the
/// scan). What remains: validation 15 k (5 players × 7 counts, 5 resources, council, 6
/// fountains, 3 missions), reading the view 8 k (walking the `Value`'s maps), scoring 11 k.
#[divan::bench]
fn score_a_five_player_table(bencher: Bencher) {
    let table = five_players();
    bencher.bench_local(|| black_box(valencia::score(black_box(&table)).expect("valid")));
}

/// The help scores the table (for each seat's total and rank) and shows each mission's verdict:
/// 382 k → 296 k instructions per call once its missions are judged once instead of twice and
/// the categories keep their numbers; 296 k → 104 k (33 → ~20 µs loaded) once the
/// verdicts' sentences and the cards' names became `Detail`s written when serialized. What
/// remains is the score's (see above): 104 k → 68 k with mimalloc (2026-11-27), ~10 µs; 57.1 k
/// → 43.0 k with the score's changes of that night (see above).
#[divan::bench]
fn help_for_a_five_player_table(bencher: Bencher) {
    let table = five_players();
    bencher.bench_local(|| black_box(valencia::help(black_box(&table)).expect("valid")));
}

/// What a door really pays for a score: the scoreboard and its JSON (the bilingual details
/// are written out here, whatever the scoring did ahead of it).
#[divan::bench]
fn score_and_serialize_a_five_player_table(bencher: Bencher) {
    let table = five_players();
    bencher.bench_local(|| {
        let board = valencia::score(black_box(&table)).expect("valid");
        black_box(serde_json::to_vec(&board).expect("json"))
    });
}

/// What the preview answers on every keystroke, minus the history's reads: the score and the
/// live help of the table (parsed, validated and scored once for both), as JSON.
#[divan::bench]
fn preview_a_five_player_table(bencher: Bencher) {
    let table = five_players();
    bencher.bench_local(|| {
        let (board, help) = greffier::games::score_and_help_value(GameId::Valencia, black_box(&table));
        let board = board.expect("valid");
        black_box(serde_json::to_vec(&(board, help)).expect("json"))
    });
}

#[divan::bench]
fn resolve_a_five_player_auction(bencher: Bencher) {
    let raw: ValenciaRawAuction =
        serde_json::from_value(json!({ "variant": "special_influence", "step": "B", "first_player": 3,
        "players": [
            { "name": "Ani", "stack": [{ "card": "joker" }, { "card": 3 }] },
            { "name": "Dirk", "stack": [{ "card": 6 }, { "card": "twins" }] },
            { "name": "Lilli", "stack": [{ "card": "twins" }, { "card": "economies" }] },
            { "name": "Patty" , "privileges_spent": 1 },
            { "name": "Frank", "stack": [{ "card": "central" }] } ] }))
        .expect("shape");
    bencher.bench_local(|| black_box(valencia::resolve_auction(black_box(&raw)).expect("valid")));
}
