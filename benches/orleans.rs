//! Orléans: Invasion benchmarks (divan): resolving every event of a full 16-round track for a
//! table, the forecast over it, the whole help, and an Invasion deck draw.

use divan::{Bencher, black_box};
use greffier::games::orleans::{self, OrleansDeckPlan, OrleansScenario};
use serde_json::json;

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    divan::main();
}

fn table(variant: &str, round: u32) -> orleans::OrleansTable {
    let raw = json!({"variant": variant, "round": round, "players": [
        {"name": "Ani", "coins": 14, "goods": {"grain": 2, "cheese": 2, "wine": 1, "wool": 2, "brocade": 1},
         "trading_posts": 3, "technology": 2, "development_level": 3, "knights": 1, "monks_in_market": 1},
        {"name": "Dirk", "coins": 6, "goods": {"wine": 3, "wool": 1}, "trading_posts": 1, "technology": 3,
         "development_level": 2}]});
    orleans::validate(&orleans::parse(&raw).expect("shape")).expect("valid")
}

/// Every event of the duel's 16-round track resolved for both players, round by round.
#[divan::bench]
fn resolve_a_full_16_round_track(bencher: Bencher) {
    let t = table("duel", 1);
    bencher.bench_local(|| {
        for id in OrleansScenario::Duel.track() {
            if let Some(e) = orleans::event(id) {
                black_box(orleans::resolve(e, t.scenario, &t.players, &t.team));
            }
        }
    });
}

#[divan::bench]
fn forecast_a_full_16_round_track(bencher: Bencher) {
    // The forecast reads no table, only the players: the duel table's seats will do.
    let t = table("duel", 1);
    bencher.bench_local(|| black_box(orleans::forecast(OrleansScenario::Dignitaire, &t.players, 1)));
}

#[divan::bench]
fn help_for_a_duel_table(bencher: Bencher) {
    let t = table("duel", 10);
    bencher.bench_local(|| black_box(orleans::help_table(&t)));
}

#[divan::bench]
fn draw_an_invasion_deck(bencher: Bencher) {
    let plan = OrleansDeckPlan { players: 3, set_aside: vec!["braquage".into()], hard_mode: false };
    bencher.bench_local(|| black_box(orleans::build_deck(&plan, 2024)));
}
