//! Benchmarks for the paths a user waits on: opening (and migrating) the history, saving a
//! finished play, and a rules search as you type. `cargo bench` runs them; `make test` only
//! compiles them.

use std::sync::LazyLock;

use divan::{Bencher, black_box};
use greffier::games::GameId;
use greffier::history::{NewPlay, NewSeat, Store};
use greffier::rules::{Catalogue, SearchFilter};
use greffier::text::Lang;

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    divan::main();
}

#[divan::bench]
fn open_and_migrate_a_new_database(bencher: Bencher) {
    bencher.with_inputs(|| tempfile::tempdir().expect("dir")).bench_values(|dir| {
        let store = Store::open(&dir.path().join("h.sqlite3")).expect("open");
        black_box(store.schema_version().expect("version"));
        dir
    });
}

#[divan::bench]
fn insert_a_finished_play(bencher: Bencher) {
    let dir = tempfile::tempdir().expect("dir");
    let mut store = Store::open(&dir.path().join("h.sqlite3")).expect("open");
    let seats: Vec<NewSeat> = ["Ani", "Dirk", "Lilli", "Patty"]
        .iter()
        .map(|n| NewSeat { player_id: store.create_player(n, None).expect("player").id, colour: None })
        .collect();
    let sheet = serde_json::json!({ "sheet": "generic", "variant": "base", "players": [
        { "name": "Ani", "points": { "city": 6, "palms": 5, "fountains": 22, "privileges": 2 } },
        { "name": "Dirk", "points": { "city": 7, "palms": 3, "fountains": 14 } },
        { "name": "Lilli", "points": { "city": 5, "fountains": 18, "missions_completed": 12 } },
        { "name": "Patty", "points": { "city": 8, "missions_failed": -3 } } ] });
    bencher.bench_local(|| {
        let play = store
            .start_play(&NewPlay {
                game: GameId::Valencia,
                variant: "base".into(),
                location: None,
                notes: None,
                seats: seats.clone(),
                first_seat: 0,
            })
            .expect("start");
        black_box(store.finish_play(play.id, &sheet).expect("finish"));
    });
}

/// A search as you type over the whole corpus (every game's entries, the glossary, the
/// clarifications): a first letter, word starts, a part of a word, typos, a question.
/// The budget: ≤ 2 ms median each.
///
/// Where the time went before the in-memory index (perf on this benchmark, FTS5 search): first
/// `fts5MergePrefixLists`, FTS5 merging the doclists of every word a short prefix expands to
/// (`f`: 10–18 ms; `fin de partie` pays it for `de` and `fin`), with the `bm25()` ranking of up
/// to 400 rows and one snippet statement per hit in the VDBE; then
/// `strsim::damerau_levenshtein` for a typo (`fontane`: both indexes empty, then the edit
/// distance to the whole vocabulary, twice per word, and one probe search per suggestion).
/// The in-memory index that replaced it expands a prefix by binary search on the sorted
/// vocabulary, scores postings into one array and cuts snippets from tokens made at load:
/// `f` ~70 µs, `fin de partie` ~50 µs. A typo (`fontane`, `condotiere`, `sassin`) ~0.1 ms: its
/// edit distances were most of it (perf: `strsim::osa_distance`) until letter counts ruled out
/// most words first. Six words that match nothing at all, the worst case (each one scanned as
/// a typo and as a part of a word, then the close terms): ~0.6 ms.
///
/// Also measured: the questions of other games (`prison monopoly`, `dixit conteur`: each word
/// no game knows is also compared with every word of the entries and the stop words, to tell a
/// typo from another word) and the everyday phrases (`qui commence a citadelles`: every phrase
/// compared with the query's stems).
#[divan::bench(args = [
    "f", "fontaine", "egalite", "fin de partie", "victoire equipe", "sassin", "fontane",
    "condotiere", "que fait le voleur", "qui gagne en cas d'egalite valencia",
    "zorglub plouf wxyzk tagada quoicoubeh brrrzt", "prison monopoly", "dixit conteur",
    "qui commence a citadelles", "points de victoire splendor",
])]
fn rules_search(bencher: Bencher, query: &str) {
    let catalogue = LazyLock::force(&CATALOGUE);
    let filter = SearchFilter { lang: Lang::Fr, prefer: Some(GameId::Citadelles), ..Default::default() };
    bencher.bench_local(|| black_box(catalogue.lookup(query, &filter).expect("search")));
}

/// One catalogue for every search, as a running app holds one (`Api` builds it on first use).
/// Loading and dropping one per query left the allocator's heap as no running app has it: the
/// Citadelles score measured next took 10–12 µs instead of 7–8 µs (2026-11-27, same binary,
/// run with and without the searches before it).
static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| Catalogue::load().expect("catalogue"));

/// Loading the rules catalogue (parse the entries, build the search index), once per start of
/// the app or the CLI.
#[divan::bench]
fn load_the_rules_catalogue() {
    black_box(Catalogue::load().expect("catalogue"));
}

/// A 7-player classique Citadelles table: validate and score every city. Where the time goes
/// (callgrind, 2026-11-25): the breakdown's bilingual sentences (`format!`, about half of ~485 k
/// instructions per call, ~400 k after the lazy district fields) and validation (a third).
///
/// 2026-11-27 (callgrind on `examples/score_profile.rs`): 390 k → 83 k instructions
/// per call, 67.6 → ~9–15 µs on the loaded shared machine. What went: the districts, five types
/// and completion sentences (`breakdown` 233 k → 17 k: `citadelles::Why` keeps the city, the
/// counts and the places, written only when serialized; a district's name is borrowed, no
/// `Text` per card), the fixed sentences (`Detail::fixed`), one `Vec` per comparison in `rank`,
/// SipHash maps in validation (copies and revealed ranks in short lists), the names' NFC and
/// lowercase copies, a field name built per character revealed, the names cloned for the
/// ranking, the category key `String`s. What remains (83 k): malloc/free ~34 k, mostly the raw
/// serde structs (`from_table` 24 k: one `String` per district id, and their drop 9 k),
/// validation 27 k, scoring 17 k (each city cloned into its `Why`, the scoreboard's Vecs).
/// Later that day: 83 k → 56 k instructions, 9.6 → ~6.5 µs on the quiet machine, with
/// mimalloc as every program's allocator (`greffier::Allocator`) and the copies of each card
/// counted by its catalogue address instead of comparing ids as strings.
/// Later still: 55.7 k → 51.6 k, the raw table read straight from the `Value`
/// (`citadelles::read`, 13.3 k → 9.6 k: most of what is left there is one `String` per
/// district id). What remains: validation 21 k, scoring 15 k, dropping the raw table 3.2 k.
/// Then 51.6 k → 50.8 k: the check's vectors reserved (13 reallocations per call).
/// Later that night: 50.8 k → 38.4 k instructions, 9.0–9.6 → 7.4–8.1 µs in a slow phase of the
/// host (before and after run alternately): the checks read a borrowed view of the raw table
/// (`citadelles/read.rs`: no `String` per district id, 48.1 k → 41.0 k), mimalloc asked for
/// plain blocks (`src/allocator.rs`, 50.8 k → 48.1 k), a district already in the city found by
/// its catalogue address (41.0 k → 39.5 k), a completion order seat's field name built only for
/// a problem. In a full run of this file the score took 10–12 µs until `rules_search` kept one
/// catalogue (it loaded and dropped eleven before this ran). Next in line: each city cloned into
/// its `Why::Districts` (1.8 k), validation's per-seat lists.
#[divan::bench]
fn score_a_7_player_citadelles_table(bencher: Bencher) {
    let table = citadelles_table();
    assert!(greffier::games::score_value(GameId::Citadelles, &table).is_ok(), "the benchmark table is valid");
    bencher
        .bench_local(|| black_box(greffier::games::score_value(GameId::Citadelles, &table).expect("score")));
}

/// The same table while a round is being called (its `round_in_progress` kept with it, 7 calls
/// answered, a murder and a theft): the score also replays the round's steps to check it
/// (`CitadellesRound::checked`), on every keystroke of a round.
#[divan::bench]
fn score_a_7_player_citadelles_table_mid_round(bencher: Bencher) {
    use greffier::games::citadelles::{
        CitadellesRoundAction, CitadellesRoundSetup, CitadellesVariant, start_round,
    };
    let mut table = citadelles_table();
    let names = table["players"].as_array().expect("players").iter();
    let names = names.map(|p| p["name"].as_str().unwrap_or_default().to_owned()).collect();
    let setup = CitadellesRoundSetup {
        variant: CitadellesVariant::Classique,
        players: 7,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names,
        face_up: Vec::new(),
    };
    let mut round = start_round(&setup).expect("round");
    let steps = [
        CitadellesRoundAction::Reveal { seat: Some(3) },
        CitadellesRoundAction::Murder { rank: 5 },
        CitadellesRoundAction::Reveal { seat: Some(4) },
        CitadellesRoundAction::Rob { rank: 7 },
        CitadellesRoundAction::Reveal { seat: Some(0) },
        CitadellesRoundAction::Reveal { seat: Some(1) },
        CitadellesRoundAction::Reveal { seat: Some(2) },
        CitadellesRoundAction::Reveal { seat: Some(5) },
    ];
    for step in &steps {
        round = round.apply(step).expect("step");
    }
    table["round_in_progress"] = serde_json::to_value(&round).expect("round");
    assert!(greffier::games::score_value(GameId::Citadelles, &table).is_ok(), "the benchmark table is valid");
    bencher
        .bench_local(|| black_box(greffier::games::score_value(GameId::Citadelles, &table).expect("score")));
}

/// The same table scored and written as JSON: what a door really pays.
#[divan::bench]
fn score_and_serialize_a_7_player_citadelles_table(bencher: Bencher) {
    let table = citadelles_table();
    bencher.bench_local(|| {
        let board = greffier::games::score_value(GameId::Citadelles, black_box(&table)).expect("score");
        black_box(serde_json::to_vec(&board).expect("json"))
    });
}

/// A 7-player classique table: every city with its districts, gold and characters.
fn citadelles_table() -> serde_json::Value {
    // The table the score snapshots hold (`tests/it/score_snapshots.rs`).
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("../tests/fixtures/scores/citadelles-bench.table.json"))
            .expect("fixture");
    fixture["table"].clone()
}

/// Table mode: a phone's change to its seat as the core handles it — the token
/// checked against the history, the part merged into a 5-player Valencia table, the autosave
/// (a revision kept, `synchronous=FULL`), the table's revision counted and told to listeners,
/// and the seat's view answered. The budget is ≤ 250 ms from a phone's change to the
/// host's screen on loopback; this is the core's share.
#[divan::bench]
fn a_phone_saves_its_seat(bencher: Bencher) {
    use greffier::api::{Access, Api};
    let dir = tempfile::tempdir().expect("dir");
    let api = Api::open(&dir.path().join("h.sqlite3")).expect("open");
    let names = ["Ani", "Dirk", "Lilli", "Patty", "Eve"];
    let seats: Vec<NewSeat> = names
        .iter()
        .map(|n| NewSeat {
            player_id: api.create_player((*n).into(), None).expect("player").id,
            colour: None,
        })
        .collect();
    let play = api
        .start_play(NewPlay {
            game: GameId::Valencia,
            variant: "base".into(),
            location: None,
            notes: None,
            seats,
            first_seat: 0,
        })
        .expect("start");
    let players: Vec<_> = names
        .iter()
        .map(|n| serde_json::json!({ "name": n, "city_members": 4, "palm_members": 2, "fountain_members": [1, 0, 1, 0, 1],
            "privileges": 1, "coins": 3, "missions": [{ "id": "mission_palms", "points": 4 }] }))
        .collect();
    let table = serde_json::json!({ "variant": "base",
        "fountains": [{ "value": 2 }, { "value": 3 }, { "value": 4 }, { "value": 5 }, { "value": 6, "central": true }],
        "players": players });
    api.save_table_state(play.id, table, None).expect("host's save");
    let ticket = api.table_open(play.id, None, None).expect("open the table");
    let join = api.table_access(&ticket.join_token).expect("join token");
    let joined = api
        .call_json_as(Access::Seat(join), "table_join", serde_json::json!({ "claim": 2, "take_over": false }))
        .expect("join");
    let token = joined["token"].as_str().expect("token").to_owned();
    let mut coins = 0;
    bencher.bench_local(|| {
        coins = (coins + 1) % 40;
        let phone = api.table_access(&token).expect("phone");
        black_box(
            api.call_json_as(
                Access::Seat(phone),
                "table_save_seat",
                serde_json::json!({ "part": { "coins": coins } }),
            )
            .expect("save"),
        );
    });
}
