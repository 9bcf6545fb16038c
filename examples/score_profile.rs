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
use serde_json::{Value, json};

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

/// The table of `benches/valencia.rs`.
fn valencia_table() -> Value {
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

/// The table of `benches/core.rs`.
fn citadelles_table() -> Value {
    let cities: [&[&str]; 7] = [
        &["temple", "church", "manor", "tavern", "market", "watchtower", "castle"],
        &["temple", "prison", "manor", "tavern", "castle", "docks"],
        &["temple", "monastery", "manor", "tavern", "market", "barracks"],
        &["church", "prison", "manor", "tavern", "castle", "harbor"],
        &["church", "watchtower", "manor", "tavern", "market", "trading_post"],
        &["monastery", "barracks", "castle", "market", "cathedral", "fortress"],
        &["watchtower", "prison", "palace", "trading_post", "docks", "harbor"],
    ];
    let names = ["Ani", "Dirk", "Lilli", "Patty", "Frank", "Nina", "Stefan"];
    let players: Vec<Value> = cities
        .iter()
        .zip(names)
        .enumerate()
        .map(|(i, (districts, name))| {
            json!({ "name": name, "districts": districts, "gold": i, "characters_last_round": [i + 1] })
        })
        .collect();
    json!({ "variant": "classique", "players": players, "completion_order": [0], "crown": 0 })
}
