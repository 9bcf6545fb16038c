//! Valencia benchmarks (divan): the paths the play sheet runs on every keystroke — scoring and
//! the live help of a full 5-player table — and one auction with special cards.

use divan::{Bencher, black_box};
use greffier::games::GameId;
use greffier::games::valencia::{self, ValenciaRawAuction};
use serde_json::{Value, json};

fn main() {
    divan::main();
}

/// A finished 5-player table: fountains, council, resources and three missions per player.
fn five_players() -> Value {
    let names = ["Ani", "Dirk", "Lilli", "Patty", "Frank"];
    let seats = ["nobility", "church", "wine", "oranges", "merchants"];
    let resources = ["oranges", "dried_fruit", "wine", "clothing", "porcelain"];
    let missions = [
        ["mission_palms", "mission_square", "mission_ten_minus_coins"],
        ["mission_most_city", "mission_cost_2", "mission_longest_route"],
        ["mission_council", "mission_guild_wine", "mission_isolated"],
        ["mission_neighbour_coins", "mission_every_fountain", "mission_stefan_feld"],
        ["mission_most_coins", "mission_three_resource_types", "mission_ten_minus_resources"],
    ];
    let players: Vec<Value> = (0..5)
        .map(|i| {
            let held: Vec<Value> = missions[i]
                .iter()
                .map(|id| {
                    let formula = valencia::mission(id)
                        .is_some_and(|m| m.judging() == valencia::ValenciaJudging::Formula);
                    if formula { json!({ "id": id }) } else { json!({ "id": id, "points": 3 + i }) }
                })
                .collect();
            json!({
                "name": names[i], "city_members": 6 + i, "palm_members": 2 + i % 3,
                "fountain_members": [i % 2, (i + 1) % 2, 0, i / 4, (i + 1) % 2, 1],
                "privileges": i % 3, "coins": 3 * i, "resources": { resources[i]: 2 },
                "council": [seats[i]], "council_points": 10 + i, "stefan_feld": i == 2,
                "longest_route": 3, "isolated": 1, "missions": held,
            })
        })
        .collect();
    json!({ "fountains": [{ "value": 6 }, { "value": 2 }, { "value": 4 }, { "value": 3 }, { "value": 5 },
                          { "value": 4, "central": true }],
            "players": players })
}

/// Where the time goes (callgrind, 2026-11-25; instructions per call): reading the JSON with a
/// path tracker and building every field name and label of every count before knowing of any
/// problem were half of it (62 → 51 µs once both became lazy). Then the bilingual explanation
/// of each category and mission, formatted on every call (about 40 % of ~330 k instructions):
/// the five number categories now keep their numbers (`valencia::Why`, written when the
/// scoreboard is serialized: see `score_and_serialize_a_five_player_table`), 330 k → 283 k.
/// What remains (283 k): malloc/free about 40 % (the raw serde structs and their strings, the
/// names' NFC, the scoreboard's Vecs and owned category keys, the mission sentences), the
/// mission explanations still formatted in both languages (`missions::judge` and the two mission
/// lists, ~30 k of `fmt`), `serde_json::Value` deserialization (~15 k), a SipHash map in
/// validation (~12 k). Next: mission verdicts as numbers too (`Verdict::Judged { why }` a
/// `Why`), `CategoryScore.key` a `&'static str`, and validation without the map.
#[divan::bench]
fn score_a_five_player_table(bencher: Bencher) {
    let table = five_players();
    bencher.bench_local(|| black_box(valencia::score(black_box(&table)).expect("valid")));
}

/// The help scores the table (for each seat's total and rank) and shows each mission's verdict:
/// 382 k → 296 k instructions per call once its missions are judged once instead of twice and
/// the categories keep their numbers. What remains is the score's (see above) and the
/// missions' sentences, built as `Text` for the help.
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
