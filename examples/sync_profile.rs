//! A fresh device applying a shared history of N generated plays (`benches/history.rs`'s
//! `sharing` path in a plain run), for perf:
//!
//! ```sh
//! cargo build --profile bench --example sync_profile
//! perf record -g target/release/examples/sync_profile 10000
//! ```

use std::time::{Duration, Instant};

/// This thread's time on a CPU so far (Linux): on a busy machine, the wall time says little.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    Duration::from_nanos(stat.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0))
}

use greffier::history::{NewPlay, NewSeat, Store};

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let dir = std::env::temp_dir().join(format!("greffier-sync-profile-{}", std::process::id()));
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).expect("folder");
    let mut source = Store::open_in_memory().expect("source");
    let names = ["Ani", "Dirk", "Lilli", "Patty", "Max"];
    let ids: Vec<u32> = names.iter().map(|n| source.create_player(n, None).expect("player").id).collect();
    for i in 0..n {
        let seats = (0..3).map(|s| NewSeat { player_id: ids[(i + s) % ids.len()], colour: None }).collect();
        let new = NewPlay {
            game: greffier::games::GameId::Valencia,
            variant: "base".into(),
            location: None,
            notes: None,
            seats,
            first_seat: 0,
        };
        let play = source.start_play(&new).expect("start");
        let players: Vec<serde_json::Value> = (0..3)
            .map(|s| {
                serde_json::json!({ "name": names[(i + s) % names.len()], "points": { "city": (i + s) % 13, "fountains": s } })
            })
            .collect();
        let sheet = serde_json::json!({ "sheet": "generic", "variant": "base", "players": players });
        source.finish_play(play.id, &sheet).expect("finish");
    }
    source.share_history(Some(&folder), Some("Source")).expect("share");
    let t = Instant::now();
    let written = source.sync_now(None).expect("share");
    eprintln!("capture and write: {} files in {:.2?}", written.written, t.elapsed());
    // `sync_profile N disk`: only the device on disk (a profile of what a real device does).
    let disk_only = std::env::args().nth(2).as_deref() == Some("disk");
    for memory in [true, false].into_iter().filter(|m| !(disk_only && *m)) {
        let mut device = if memory {
            Store::open_in_memory().expect("device")
        } else {
            Store::open(&dir.join("device.sqlite3")).expect("device")
        };
        device.share_history(Some(&folder), Some(&format!("Device {memory}"))).expect("share");
        let (t, cpu) = (Instant::now(), cpu_time());
        let applied = device.sync_now(None).expect("apply");
        eprintln!(
            "applied (in memory: {memory}): {} files in {:.2?} ({:.2?} on a CPU)",
            applied.applied.len(),
            t.elapsed(),
            cpu_time() - cpu
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
