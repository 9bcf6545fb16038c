//! Benchmarks of the history at scale: the statistics dashboard and the history page on a
//! generated 100 000-play database, importing 10 000 plays (full backup and BG Stats), and a
//! 100 000-play backup exported, imported, and imported through each door as the page sends it.
//! `cargo bench --bench history` runs them.

use std::cell::RefCell;

use chrono::{DateTime, Duration, Utc};
use divan::{Bencher, black_box};
use greffier::games::{CategoryScore, GameId, Outcome, PlayerScore, Scoreboard};
use greffier::history::{
    Backup, BackupPlay, BackupPlayer, BackupSeat, BgPlay, BgPlayer, BgPlayerScore, BgStats, Counts, Manifest,
    PlayFilter, PlayStatus, Store, no_progress,
};
use greffier::text::Text;

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    divan::main();
}

const NAMES: [&str; 8] = ["Ani", "Dirk", "Lilli", "Patty", "Max", "Zoé", "Hugo", "Inès"];

fn start() -> DateTime<Utc> {
    DateTime::from_timestamp(1_600_000_000, 0).unwrap_or_default()
}

/// A full backup of `n` finished plays: the four games in turn (Orléans alternating between
/// its competitive game and the Invasion co-op), 2 to 4 players from a pool of 8, scores that
/// vary deterministically, one play every three hours.
fn generated_backup(n: usize) -> Backup {
    let players = NAMES
        .iter()
        .map(|name| BackupPlayer {
            name: (*name).to_owned(),
            colour: None,
            archived: false,
            created_at: start(),
        })
        .collect();
    let plays = (0..n)
        .map(|i| {
            let game = GameId::ALL[i % 4];
            let coop = game == GameId::Orleans && i % 8 == 2;
            let variant = if coop { "invasion" } else { game.info().default_variant().id };
            let seats = 2 + i % 3;
            let at = start() + Duration::hours(3 * i64::try_from(i).unwrap_or(0));
            let totals: Vec<i32> =
                (0..seats).map(|s| i32::try_from((i * 7 + s * 13) % 50).unwrap_or(0)).collect();
            let best = totals.iter().copied().max().unwrap_or(0);
            let board_players = (0..seats)
                .map(|s| {
                    let total = totals[s];
                    PlayerScore {
                        seat: u8::try_from(s).unwrap_or(0),
                        name: NAMES[(i + s) % NAMES.len()].to_owned(),
                        total: Some(total),
                        categories: vec![
                            CategoryScore {
                                key: "a".into(),
                                points: total / 2,
                                detail: Text::new("", "").into(),
                            },
                            CategoryScore {
                                key: "b".into(),
                                points: total - total / 2,
                                detail: Text::new("", "").into(),
                            },
                        ],
                        rank: u8::try_from(1 + totals.iter().filter(|t| **t > total).count()).unwrap_or(1),
                        winner: !coop && total == best,
                    }
                })
                .collect();
            let outcome = if coop {
                Outcome::Coop {
                    won: i % 3 == 0,
                    in_progress: false,
                    round_reached: Some(u8::try_from(10 + i % 9).unwrap_or(10)),
                }
            } else {
                Outcome::Points
            };
            BackupPlay {
                uuid: format!("bench-{i}"),
                game,
                variant: variant.to_owned(),
                status: PlayStatus::Finished,
                started_at: at,
                ended_at: Some(at + Duration::minutes(60)),
                updated_at: at,
                location: None,
                notes: None,
                seats: (0..seats)
                    .map(|s| BackupSeat {
                        player: NAMES[(i + s) % NAMES.len()].to_owned(),
                        colour: None,
                        first_player: s == 0,
                    })
                    .collect(),
                table_state: None,
                scoreboard: Some(Scoreboard {
                    game,
                    variant: variant.to_owned(),
                    outcome,
                    players: board_players,
                    tie_breaks: Vec::new(),
                    facts: Default::default(),
                }),
                events: Vec::new(),
                duration_minutes: Some(60),
                deleted_at: None,
                revisions: Vec::new(),
                setup_done: Vec::new(),
            }
        })
        .collect::<Vec<_>>();
    Backup {
        manifest: Manifest {
            format: "greffier-backup".into(),
            app_version: "bench".into(),
            schema_version: greffier::history::latest_schema_version(),
            exported_at: start(),
            counts: Counts { players: NAMES.len(), plays: plays.len(), card_values: 0, other_plays: 0 },
        },
        players,
        card_values: Vec::new(),
        plays,
        other_plays: Vec::new(),
    }
}

fn generated_bgstats(n: usize) -> BgStats {
    let players = NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| BgPlayer {
            id: i64::try_from(i + 1).unwrap_or(0),
            uuid: None,
            name: (*name).to_owned(),
            is_anonymous: false,
        })
        .collect();
    let games = ["Citadels", "Splendor", "Catan", "Valencia"]
        .iter()
        .enumerate()
        .map(|(i, name)| greffier::history::BgGame {
            id: i64::try_from(i + 1).unwrap_or(0),
            uuid: None,
            name: (*name).to_owned(),
            bgg_id: None,
            cooperative: false,
            highest_wins: true,
            is_expansion: None,
        })
        .collect();
    let plays = (0..n)
        .map(|i| BgPlay {
            uuid: format!("bg-{i}"),
            game_ref_id: i64::try_from(1 + i % 4).unwrap_or(1),
            play_date: (start() + Duration::hours(i64::try_from(i).unwrap_or(0)))
                .format("%Y-%m-%d %H:%M:%S")
                .to_string(),
            duration_min: Some(45),
            location_ref_id: None,
            comments: None,
            player_scores: (0..3)
                .map(|s| BgPlayerScore {
                    player_ref_id: i64::try_from(1 + (i + s) % NAMES.len()).unwrap_or(1),
                    score: Some(serde_json::Value::String(((i * 7 + s * 13) % 50).to_string())),
                    winner: s == 0,
                    start_player: s == 0,
                    seat_order: Some(i64::try_from(s).unwrap_or(0)),
                    rank: None,
                    ..BgPlayerScore::default()
                })
                .collect(),
            ..BgPlay::default()
        })
        .collect();
    BgStats { players, locations: Vec::new(), games, plays }
}

thread_local! {
    /// The 100 000-play history, generated once per benchmark thread.
    static BIG: RefCell<Option<Store>> = const { RefCell::new(None) };
}

fn with_big<T>(f: impl FnOnce(&Store) -> T) -> T {
    BIG.with(|cell| {
        let mut slot = cell.borrow_mut();
        let store = slot.get_or_insert_with(|| {
            let mut store = Store::open_in_memory().expect("store");
            store.import(&generated_backup(100_000)).expect("generate");
            if let Ok(path) = std::env::var("GREFFIER_BENCH_DUMP") {
                let _ = store.connection().backup(rusqlite::MAIN_DB, path, None);
            }
            store
        });
        f(store)
    })
}

fn player_id(store: &Store, name: &str) -> u32 {
    store.list_players().expect("roster").into_iter().find(|p| p.name == name).map(|p| p.id).unwrap_or(0)
}

mod dashboard {
    use super::*;

    /// The statistics of the 25 000 Valencia plays. Where the time went (perf, EXPLAIN QUERY
    /// PLAN): seven passes over the game's plays joined to their 75 000 results or 150 000
    /// category points (count, average, high and low each sorting every result, distribution,
    /// categories, variants, player counts): 417 ms here (the issue measured 625 ms). Now read
    /// from the summaries kept on write (migration 0008: `stat_results`, a count per total and
    /// player; `stat_seats`, whose index finds the high and low at once; `stat_categories`,
    /// `stat_plays`): 0.6 ms.
    #[divan::bench]
    fn game_stats_valencia(bencher: Bencher) {
        with_big(|store| {
            bencher.bench_local(|| black_box(store.game_stats(GameId::Valencia, 10).expect("stats")))
        });
    }

    /// One player's statistics (Ani sits at 37 500 of the plays). Where the time went: each of
    /// nine queries joined her seats to their plays and results — head to head, a self-join of
    /// the seats, about 170 ms; the streaks' window functions about 115 ms; three win-rate
    /// passes about 45 ms each: 457 ms here (the issue measured 1 235 ms). Now the summaries
    /// (`stat_player_plays`, `stat_results`, `stat_pairs`) answer in a few hundred rows, and the
    /// streaks are one ordered pass over her `stat_seats` rows: 4.5 ms.
    #[divan::bench]
    fn player_stats(bencher: Bencher) {
        with_big(|store| {
            let ani = player_id(store, "Ani");
            bencher.bench_local(|| black_box(store.player_stats(ani).expect("stats")));
        });
    }

    /// Orléans' co-op and solo scenarios (12 500 plays). Where the time went: five queries per
    /// scenario read each play from the table through `plays_stats`, which lacks `deleted_at`,
    /// `won`, `difficulty`…: 113 ms here. Now a partial covering index of just the finished
    /// scenario plays (`plays_scenarios`): 7.8 ms.
    #[divan::bench]
    fn scenario_stats_orleans(bencher: Bencher) {
        with_big(|store| {
            bencher.bench_local(|| black_box(store.scenario_stats(GameId::Orleans).expect("stats")))
        });
    }

    /// Plays per month. Where the time went: `substr(started_at, 1, 7)` grouped over the 100 000
    /// plays read from the table: 43 ms here. Now `stat_plays`, one row per game, month, variant
    /// and player count: 1.3 ms.
    #[divan::bench]
    fn activity_by_month(bencher: Bencher) {
        with_big(|store| bencher.bench_local(|| black_box(store.activity(None, None).expect("activity"))));
    }
}

mod history_page {
    use super::*;

    #[divan::bench]
    fn first_page(bencher: Bencher) {
        with_big(|store| {
            bencher.bench_local(|| black_box(store.list_plays(&PlayFilter::default()).expect("page")))
        });
    }

    #[divan::bench]
    fn one_player_s_plays_of_one_game(bencher: Bencher) {
        with_big(|store| {
            let filter = PlayFilter {
                game: Some(GameId::Citadelles),
                player_id: Some(player_id(store, "Lilli")),
                ..PlayFilter::default()
            };
            bencher.bench_local(|| black_box(store.list_plays(&filter).expect("page")));
        });
    }

    /// Page 1 001 of the log. Where the time went: the filters were written for every call as
    /// `?1 IS NULL OR game = ?1` … `(deleted_at IS NOT NULL) = ?9`, so SQLite read from the table
    /// each of the 50 000 rows the offset skips, and all 100 000 for the count: 43 ms here.
    /// Now only the filters given are in the statement, and the log outside the bin walks the
    /// partial index `plays_log` alone: 10 ms on a loaded machine (6 ms at best).
    #[divan::bench]
    fn a_page_deep_in_the_log(bencher: Bencher) {
        with_big(|store| {
            let filter = PlayFilter { limit: 50, offset: 50_000, ..PlayFilter::default() };
            bencher.bench_local(|| black_box(store.list_plays(&filter).expect("page")));
        });
    }
}

mod import {
    use super::*;

    /// 10 000 plays from a full backup. Where the time went: each play's result was written
    /// with statements SQLite parsed again for every play (`execute` instead of a cached
    /// statement: the scoreboard, the plays update, the facts), and the whole backup was held
    /// in memory. Cached statements and the streaming import: 1.24 s → 0.84 s here (the issue
    /// measured 3.7 s on its machine).
    ///
    /// Profiled (perf, 1.44 s here before): a third of the time went to B-trees the statistics
    /// alone read (`results_play_cover`, two indexes of `category_points`…, dropped by
    /// migration 0008, whose summaries replace them), two updates of each play, three deletes
    /// of rows a new play cannot have; the summaries are then added once for all the new plays
    /// (a quarter of what is left), from their seats gathered once. 0.87 s (the file's bytes).
    ///
    /// The file is written once, outside the measure: what the app and the CLI import is a
    /// file's bytes (`import_from`); `import(&Backup)`, measured before, also wrote the JSON.
    ///
    /// Then (callgrind, instructions of one import, deterministic where this host's wall times
    /// swing by 1.7×): 5.91 G, of which SQLite executed 72 %. The summaries took a third, each
    /// grouped `INSERT … SELECT` sorting every new seat again: now added up in memory from one
    /// read of the new plays (1.98 G → 0.96 G, half of it the 26 000 `stat_seats` rows). The
    /// play's row was written, then updated with its outcome, after a query for its uuid: now
    /// one `INSERT … ON CONFLICT (uuid) DO NOTHING` (−3 %). serde_json read the stream a byte
    /// at a time: a file below 16 MiB is now parsed from memory (−10 %). 4.28 G in all; what is
    /// left is mostly SQLite's B-trees: seven indexes of `plays` (two `IN` checks building a
    /// table each), two B-trees and a foreign-key lookup per seat, result and category row.
    ///
    /// Later (same measure, 4.34 G here at f9087a2): those two `IN (…)` checks of a list of
    /// three or more names built a temporary table, a fresh B-tree with its zeroed page, for
    /// every play written (20 000 per import); migration 0012 writes them as comparisons
    /// (−11 %). The seats, results, category points and mission results were rowid tables
    /// plus an index of their key, (play, seat…): two B-trees per row; migration 0011 makes
    /// them WITHOUT ROWID (−5 %). 3.68 G in all. Tried and dropped: one multi-row `INSERT` per
    /// play for its results and categories (−0.3 %: the cost is per row, not per statement);
    /// foreign keys off during the import (−7 %, but a seat naming no player would then go in).
    /// Then: the file's parts read back at 3.66 G; this host's wall times swung 0.6–1.17 s
    /// around them, from one run to the next. One thread did everything; now the import reads
    /// and checks the file on a thread of its own (serde, the checks, each scoreboard's JSON:
    /// 0.80 G) and hands what passed, in batches of 64, to the thread holding the transaction.
    /// One part at a time, the threads woke each other for every play and the import was
    /// slower than on one thread. The statistics of the new plays were read back from their
    /// rows at the end (0.31 G): they are added up as the plays are written
    /// (`summary::Additions`). The writing thread: 2.57 G. What is left there is SQLite's, per
    /// row written: the `stat_seats` rows (0.44 G, two B-trees keyed by text each),
    /// `json_valid` on each scoreboard (0.19 G, kept: the column's guard), the B-trees and
    /// foreign-key lookups of the play, its seats, results and category points.
    #[divan::bench(sample_count = 5)]
    fn backup_of_10k_plays(bencher: Bencher) {
        let file = serde_json::to_vec(&generated_backup(10_000)).expect("file");
        bencher.with_inputs(|| Store::open_in_memory().expect("store")).bench_local_values(|mut store| {
            black_box(store.import_from(file.as_slice(), &mut no_progress).expect("import"))
        });
    }

    /// 10 000 BG Stats plays: the same cached statements write their results (0.98 s → 0.73 s
    /// here; 3.3 s where it was reported). The plays and seats were still written and
    /// checked with statements parsed again for each play (`execute`), plus the writes above:
    /// 0.86 s → 0.34 s. Then its new plays' statistics, read back from their rows at the end,
    /// are added up as they are written (`summary::Additions`, as a backup import does): 1.59 G
    /// → 1.50 G instructions (callgrind); the wall time stayed within this host's swings.
    /// Tried and dropped: holding the `stat_seats` rows and inserting them 4 096 at a time in
    /// the table's order (slower, for both imports).
    #[divan::bench(sample_count = 5)]
    fn bgstats_of_10k_plays(bencher: Bencher) {
        let file = generated_bgstats(10_000);
        bencher.with_inputs(|| Store::open_in_memory().expect("store")).bench_local_values(|mut store| {
            black_box(store.import_bgstats(&file, &mut no_progress).expect("import"))
        });
    }
}

/// Peak resident memory of this process since the last reset, in MiB (Linux).
fn peak_rss_mib() -> Option<u64> {
    status_mib("VmHWM:")
}

/// A memory line of `/proc/self/status`, in MiB (Linux).
fn status_mib(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib / 1024)
}

/// Starts a new peak-memory measure (Linux: `5` in `clear_refs` resets VmHWM to what is
/// resident now) and answers what is resident now, in MiB: memory the setup freed that the
/// allocator has not given back yet (mimalloc gives it back lazily) is part of every peak
/// measured after it, so the figures say how much of the peak was there before.
fn reset_peak_rss() -> Option<u64> {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    status_mib("VmRSS:")
}

mod streaming {
    use super::*;

    /// A 100 000-play history exported to a file and imported into an empty one, streamed one
    /// play at a time (issue: 338 MB of pretty JSON, 874 MB and 64 s to import before; the
    /// target is ≤ 200 MB peak and ≤ 15 s). Prints the file size and the peak memory of each
    /// direction; checks the round trip is exact (a second export equals the first but for its
    /// date).
    #[divan::bench(sample_count = 1, sample_size = 1)]
    fn round_trip_of_100k_plays(bencher: Bencher) {
        let dir = std::env::temp_dir().join(format!("greffier-bench-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("backup.json");
        {
            let mut source = Store::open(&dir.join("source.sqlite3")).expect("source");
            source.import(&generated_backup(100_000)).expect("generate");
        }
        let source = Store::open(&dir.join("source.sqlite3")).expect("source");
        let export_before = reset_peak_rss();
        source.write_export(&file, |w| source.export_to(w, &mut no_progress).map(|_| ())).expect("export");
        let export_peak = peak_rss_mib();
        let size = std::fs::metadata(&file).map(|m| m.len() >> 20).unwrap_or(0);
        bencher.bench_local(|| {
            let _ = std::fs::remove_file(dir.join("copy.sqlite3"));
            let mut copy = Store::open(&dir.join("copy.sqlite3")).expect("copy");
            let import_before = reset_peak_rss();
            let input = std::fs::File::open(&file).expect("file");
            let report = copy.import_from(input, &mut no_progress).expect("import");
            let import_peak = peak_rss_mib();
            assert_eq!(report.plays_added, 100_000);
            eprintln!(
                "\nround trip of 100 000 plays: file {size} MiB; peak RSS export {export_peak:?} MiB \
                 ({export_before:?} resident before it), import {import_peak:?} MiB ({import_before:?} before it)"
            );
            copy
        });
        let copy = Store::open(&dir.join("copy.sqlite3")).expect("copy");
        let mut first = Vec::new();
        source.export_to(&mut first, &mut no_progress).expect("again");
        let mut second = Vec::new();
        copy.export_to(&mut second, &mut no_progress).expect("copy");
        let body = |b: &[u8]| {
            let text = String::from_utf8_lossy(b).into_owned();
            text.split_once(",\"players\":").map(|(_, rest)| rest.to_owned()).unwrap_or_default()
        };
        assert!(body(&first) == body(&second), "the round trip is exact");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The app's own backup of 100 000 plays imported from each door as the page
    /// sends it — the browser's (`POST /api/upload`, the file streamed as the request's body,
    /// then `import_file` naming the upload, over the real server on the loopback) and the
    /// window's (the 8 MiB blocks its `upload_chunk` command appends, then the same operation) —
    /// into an empty history each. The browser could not send it (over its 32 MiB limit), nor
    /// the window read a gzip one. Prints the file's size, each door's time and peak memory, and
    /// checks every play came in.
    #[divan::bench(sample_count = 1, sample_size = 1)]
    fn import_of_100k_plays_through_each_door(bencher: Bencher) {
        use greffier::api::{Api, ImportFile, ImportKind, ImportSummary};
        use std::io::Read;
        let dir = std::env::temp_dir().join(format!("greffier-bench-doors-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let file = dir.join("backup.json");
        {
            let mut source = Store::open(&dir.join("source.sqlite3")).expect("source");
            source.import(&generated_backup(100_000)).expect("generate");
            source
                .write_export(&file, |w| source.export_to(w, &mut no_progress).map(|_| ()))
                .expect("export");
        }
        let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
        let added = |summary: &ImportSummary| match summary {
            ImportSummary::Backup(report) => report.plays_added,
            ImportSummary::Bgstats(_) => 0,
        };
        bencher.bench_local(|| {
            // The browser's door: the real server, the file streamed as one request's body.
            let api = std::sync::Arc::new(Api::open(&dir.join("browser.sqlite3")).expect("api"));
            let (at, stop) = served(api);
            let before = reset_peak_rss();
            let started = std::time::Instant::now();
            let input = std::fs::File::open(&file).expect("file");
            let (status, sent) = post(at, "/api/upload", "application/octet-stream", input, size);
            assert_eq!(status, 200, "{sent}");
            let request =
                serde_json::json!({ "kind": "backup", "file": { "upload": sent["upload"] } }).to_string();
            let (status, summary) =
                post(at, "/api/import_file", "application/json", request.as_bytes(), request.len() as u64);
            assert_eq!((status, summary["plays_added"].as_u64()), (200, Some(100_000)), "{summary}");
            let browser = (started.elapsed(), peak_rss_mib(), before);
            let _ = stop.send(());

            // The window's door: the blocks `upload_chunk` appends, then the same operation.
            let api = Api::open(&dir.join("window.sqlite3")).expect("api");
            let before = reset_peak_rss();
            let started = std::time::Instant::now();
            let id = api.upload_begin().expect("begin");
            let mut input = std::fs::File::open(&file).expect("file");
            let mut block = vec![0u8; 8 << 20];
            loop {
                let n = input.read(&mut block).expect("read");
                if n == 0 {
                    break;
                }
                api.upload_append(&id, &block[..n]).expect("a block");
            }
            api.upload_finish(&id).expect("finish");
            let summary = api.import_file(ImportKind::Backup, ImportFile::Upload(id)).expect("import");
            assert_eq!(added(&summary), 100_000);
            eprintln!(
                "\n100 000 plays, {} MiB: browser's door {:?} (peak RSS {:?} MiB, {:?} before), \
                 window's door {:?} (peak RSS {:?} MiB, {:?} before)",
                size >> 20,
                browser.0,
                browser.1,
                browser.2,
                started.elapsed(),
                peak_rss_mib(),
                before
            );
        });
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `greffier serve`'s routes over `api` on a free loopback port, on a thread of their own:
    /// the address, and what stops them.
    fn served(
        api: std::sync::Arc<greffier::api::Api>,
    ) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
        use greffier::api::serve::{ServeOptions, serve_until};
        let (tell, told) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let options =
            ServeOptions { addr: ([127, 0, 0, 1], 0).into(), ui: None, table: None, names: Vec::new() };
        std::thread::spawn(move || {
            let told = move |at| {
                let _ = tell.send(at);
            };
            let _ = serve_until(api, options, told, async move {
                let _ = stopped.await;
            });
        });
        (told.recv().expect("listening"), stop)
    }

    /// One HTTP/1.1 POST, `body` streamed as it is read: the status and the JSON answer.
    fn post(
        at: std::net::SocketAddr,
        path: &str,
        content_type: &str,
        mut body: impl std::io::Read,
        len: u64,
    ) -> (u16, serde_json::Value) {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(at).expect("connect");
        write!(
            stream,
            "POST {path} HTTP/1.1\r\nHost: {at}\r\nConnection: close\r\nContent-Type: {content_type}\r\nContent-Length: {len}\r\n\r\n"
        )
        .expect("head");
        std::io::copy(&mut body, &mut stream).expect("body");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("answer");
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("a whole answer");
        let status = String::from_utf8_lossy(&answer[9..12]).parse().expect("a status");
        (status, serde_json::from_slice(&answer[split + 4..]).unwrap_or_default())
    }
}

/// The shared history: what a device does when it applies another device's
/// changeset files (targets: a 100 000-play history shared to a fresh device in ≤ 10 s, 1 000
/// new plays applied in ≤ 1 s). The folder is written once per run: a device that imported the
/// 100 000 plays and shared them (a file per `PLAYS_PER_FILE` plays), then 1 000 more (one file).
mod sharing {
    use std::path::{Path, PathBuf};
    use std::sync::OnceLock;

    use super::*;

    struct Shared {
        dir: PathBuf,
        folder: PathBuf,
        /// A device that applied the 100 000 plays, not the last 1 000.
        template: PathBuf,
        /// The files the source wrote.
        files: usize,
    }

    /// The backup's plays under other uuids (plays of another evening).
    fn renamed(mut backup: Backup, prefix: &str) -> Backup {
        for play in &mut backup.plays {
            play.uuid = format!("{prefix}-{}", play.uuid);
        }
        backup
    }

    /// This thread's time on a CPU so far (Linux; zero elsewhere).
    fn cpu_time() -> std::time::Duration {
        let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
        std::time::Duration::from_nanos(
            stat.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0),
        )
    }

    fn shared() -> &'static Shared {
        static SHARED: OnceLock<Shared> = OnceLock::new();
        SHARED.get_or_init(|| {
            let dir = std::env::temp_dir().join(format!("greffier-bench-sharing-{}", std::process::id()));
            let folder = dir.join("folder");
            std::fs::create_dir_all(&folder).expect("folder");
            let mut source = Store::open(&dir.join("source.sqlite3")).expect("source");
            source.import(&generated_backup(100_000)).expect("generate");
            source.share_history(Some(&folder), Some("Source")).expect("share");
            let first = source.sync_now(None).expect("share the 100 000 plays");
            let template = dir.join("template.sqlite3");
            {
                let mut device = Store::open(&template).expect("template");
                device.share_history(Some(&folder), Some("Tablet")).expect("share");
                device.sync_now(None).expect("apply");
            }
            source.import(&renamed(generated_backup(1_000), "new")).expect("1 000 more");
            let second = source.sync_now(None).expect("share them");
            eprintln!("\nsharing: {} + {} files written", first.written, second.written);
            Shared { dir, folder, template, files: (first.written + second.written) as usize }
        })
    }

    /// Removes a device's files a sample left (a 100 000-play history is large).
    fn remove_history(path: &Path) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    fn fresh_copy(of: &Path, dir: &Path, n: &mut u32) -> Store {
        remove_history(&dir.join(format!("copy-{n}.sqlite3")));
        *n += 1;
        let path = dir.join(format!("copy-{n}.sqlite3"));
        std::fs::copy(of, &path).expect("a copy of the template");
        Store::open(&path).expect("copy")
    }

    /// Every file of the folder applied by a device that has none of it: 101 000 plays, each
    /// file in a transaction of its own.
    #[divan::bench(sample_count = 2, sample_size = 1)]
    fn the_100k_history_to_a_fresh_device(bencher: Bencher) {
        let shared = shared();
        let mut n = 0;
        bencher
            .with_inputs(|| {
                remove_history(&shared.dir.join(format!("fresh-{n}.sqlite3")));
                n += 1;
                let path = shared.dir.join(format!("fresh-{n}.sqlite3"));
                let mut store = Store::open(&path).expect("fresh");
                store.share_history(Some(&shared.folder), Some(&format!("Fresh {n}"))).expect("share");
                store
            })
            .bench_local_values(|mut store| {
                let cpu = cpu_time();
                let report = store.sync_now(None).expect("pass");
                // On a busy machine the wall time says little: the CPU time beside it.
                eprintln!("\n  the 100k history to a fresh device: {:.2?} on a CPU", cpu_time() - cpu);
                assert_eq!(report.applied.len(), shared.files);
                assert_eq!(report.applied.iter().map(|a| a.plays).sum::<u32>(), 101_000);
                store
            });
    }

    /// 1 000 new plays (one file) applied by a device holding the 100 000 others.
    #[divan::bench(sample_count = 5, sample_size = 1)]
    fn a_thousand_new_plays(bencher: Bencher) {
        let shared = shared();
        let mut n = 0;
        bencher.with_inputs(|| fresh_copy(&shared.template, &shared.dir, &mut n)).bench_local_values(
            |mut store| {
                let report = store.sync_now(None).expect("pass");
                assert_eq!(report.applied.len(), 1);
                assert_eq!(report.applied[0].plays, 1_000);
                store
            },
        );
    }
}
