//! The statistics read summaries maintained on every write (migration 0008). Whatever sequence
//! of writes a history went through, the maintained summaries must equal a recomputation from
//! the plays, and the statistics must read the same from both.

use chrono::{DateTime, Duration, TimeZone, Utc};
use greffier::games::{CategoryScore, GameId, MissionOutcome, Outcome, PlayFacts, PlayerScore, Scoreboard};
use greffier::history::{
    Backup, BackupPlay, BackupPlayer, BackupSeat, BgGame, BgPlay, BgPlayer, BgPlayerScore, BgStats, Counts,
    Id, Manifest, NewPlay, NewSeat, PlayEdit, PlayFilter, PlayStatus, Store, no_progress,
};
use greffier::text::Text;
use proptest::prelude::*;
use serde_json::{Value, json};

const NAMES: [&str; 4] = ["Ani", "Dirk", "Lilli", "Max"];

/// A 2-player Invasion deck as the book builds it; round 12 is Incendie criminel, whose unpaid
/// demand loses the game.
const INVASION_2P: [&str; 18] = [
    "reunion_du_conseil",
    "demolition",
    "don",
    "secheresse",
    "tremblement_de_terre",
    "fuite",
    "bonne_affaire",
    "vents_favorables",
    "voyage",
    "bon_voyage",
    "famine",
    "incendie_criminel",
    "zones_de_peche",
    "moisson",
    "revenus",
    "pirates",
    "peste",
    "invasion",
];

#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// A Valencia play: (city, coins) per seat; coins decide the "10 minus coins" mission.
    Valencia(Vec<(usize, i64, i64)>),
    /// Orléans Invasion (co-op), lost in round 12 or not.
    Invasion(usize, usize, bool),
    /// Orléans Le dignitaire (solo) with this many citizens.
    Solo(usize, i64),
    /// A play started, then abandoned.
    Abandon(usize, usize),
    /// Re-dates the n-th play recorded (modulo) to this day of 2025.
    Redate(usize, i64),
    /// Corrects the n-th play's sheet (Valencia): every city gets this many members.
    Correct(usize, i64),
    Undo(usize),
    Delete(usize),
    Restore(usize),
    Merge(usize, usize),
    /// Imports a backup of this many new plays; a second time too (nothing more to add) if asked;
    /// with some seats without a score if asked.
    Import(usize, bool, bool),
    /// Imports a BG Stats file of this many plays; every seat whose number (play × 2 + seat)
    /// is a multiple of the second, when it is not 0, has no score kept (`""`).
    BgStats(usize, usize),
}

fn seats(max: usize) -> impl Strategy<Value = Vec<(usize, i64, i64)>> {
    proptest::sample::subsequence((0..NAMES.len()).collect::<Vec<_>>(), 1..=max).prop_flat_map(|who| {
        let n = who.len();
        (Just(who), proptest::collection::vec((0i64..12, 0i64..12), n))
            .prop_map(|(who, scores)| who.into_iter().zip(scores).map(|(w, (c, k))| (w, c, k)).collect())
    })
}

pub(crate) fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => seats(4).prop_map(Op::Valencia),
        1 => (0..4usize, 0..4usize, any::<bool>()).prop_map(|(a, b, l)| Op::Invasion(a, b, l)),
        1 => (0..4usize, 0i64..8).prop_map(|(a, c)| Op::Solo(a, c)),
        1 => (0..4usize, 0..4usize).prop_map(|(a, b)| Op::Abandon(a, b)),
        2 => (0..50usize, 0i64..120).prop_map(|(n, d)| Op::Redate(n, d)),
        2 => (0..50usize, 0i64..16).prop_map(|(n, c)| Op::Correct(n, c)),
        1 => (0..50usize).prop_map(Op::Undo),
        2 => (0..50usize).prop_map(Op::Delete),
        1 => (0..50usize).prop_map(Op::Restore),
        1 => (0..4usize, 0..4usize).prop_map(|(a, b)| Op::Merge(a, b)),
        1 => (1..6usize, any::<bool>(), any::<bool>()).prop_map(|(n, again, unscored)| Op::Import(n, again, unscored)),
        1 => (1..6usize, 0..4usize).prop_map(|(n, unscored)| Op::BgStats(n, unscored)),
    ]
}

fn player(store: &Store, name: &str) -> Id {
    match store.list_players().expect("roster").into_iter().find(|p| p.name == name) {
        Some(p) => p.id,
        None => store.create_player(name, None).expect("player").id,
    }
}

fn start(store: &mut Store, game: GameId, variant: &str, names: &[&str]) -> Option<Id> {
    let seats = names.iter().map(|n| NewSeat { player_id: player(store, n), colour: None }).collect();
    let new = NewPlay { game, variant: variant.into(), location: None, notes: None, seats, first_seat: 0 };
    store.start_play(&new).ok().map(|p| p.id)
}

/// A Valencia table: the first player holds "10 minus coins" (met below 10 coins), the
/// second the palms mission (never met: no palm), the others none.
fn valencia_state(seats: &[(&str, i64, i64)]) -> Value {
    let missions =
        [json!([{ "id": "mission_ten_minus_coins" }]), json!([{ "id": "mission_palms", "points": 3 }])];
    json!({ "players": seats.iter().enumerate().map(|(i, (name, city, coins))| json!({
        "name": name, "city_members": city, "coins": coins,
        "missions": missions.get(i).cloned().unwrap_or_else(|| json!([]))
    })).collect::<Vec<_>>() })
}

fn at(day: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 1, 20, 0, 0).single().expect("date") + Duration::days(day)
}

/// A backup of `n` new plays (Splendor; one in three of Orléans' Invasion, one in three of
/// Valencia with its mission cards; one in four in the bin, one in five still in progress), as
/// exports write them, results recorded without their table; with `unscored`, one seat in
/// seven has no score (as a BG Stats import keeps a score not kept); `batch` keeps their ids
/// apart from other batches.
fn backup(n: usize, batch: usize, unscored: bool) -> Backup {
    let players = NAMES
        .iter()
        .map(|name| BackupPlayer { name: (*name).into(), colour: None, archived: false, created_at: at(0) })
        .collect();
    let plays: Vec<BackupPlay> = (0..n)
        .map(|i| {
            let coop = i % 3 == 1;
            let game = match i % 3 {
                1 => GameId::Orleans,
                2 => GameId::Valencia,
                _ => GameId::Splendor,
            };
            let finished = i % 5 != 4;
            let variant = if coop { "invasion" } else { game.info().default_variant().id };
            let seats = 2 + (i + batch) % 3;
            let totals: Vec<i32> =
                (0..seats).map(|s| i32::try_from((i * 7 + s * 5 + batch) % 13).unwrap_or(0)).collect();
            let best = totals.iter().copied().max().unwrap_or(0);
            let board_players = (0..seats)
                .map(|s| {
                    let scored = !unscored || !(i * 3 + s + batch).is_multiple_of(7);
                    PlayerScore {
                        seat: u8::try_from(s).unwrap_or(0),
                        name: NAMES[(i + s + batch) % NAMES.len()].into(),
                        total: scored.then_some(totals[s]),
                        categories: if scored {
                            vec![CategoryScore {
                                key: "gems".into(),
                                points: totals[s],
                                detail: Text::new("", "").into(),
                            }]
                        } else {
                            Vec::new()
                        },
                        rank: u8::try_from(1 + totals.iter().filter(|t| **t > totals[s]).count())
                            .unwrap_or(1),
                        winner: !coop && totals[s] == best,
                    }
                })
                .collect();
            let outcome = if coop {
                Outcome::Coop { won: i % 2 == 0, in_progress: false, round_reached: Some(12) }
            } else {
                Outcome::Points
            };
            // The first seat's palms card twice, as a file may hold it: the last one is the row
            // written (and the one counted).
            let missions = [
                ("mission_palms", 0, false),
                ("mission_palms", 0, true),
                ("mission_ten_minus_coins", 1, i % 2 == 0),
            ];
            let facts = PlayFacts {
                missions: if game == GameId::Valencia {
                    missions
                        .iter()
                        .map(|(id, seat, met)| MissionOutcome {
                            seat: *seat,
                            mission: (*id).into(),
                            met: *met,
                            points: if *met { 3 } else { 0 },
                        })
                        .collect()
                } else {
                    Vec::new()
                },
                ..PlayFacts::default()
            };
            let started = at(i64::try_from(i * 11 + batch * 3).unwrap_or(0));
            BackupPlay {
                uuid: format!("import-{batch}-{i}"),
                game,
                variant: variant.into(),
                status: if finished { PlayStatus::Finished } else { PlayStatus::InProgress },
                started_at: started,
                ended_at: finished.then(|| started + Duration::minutes(40)),
                updated_at: started,
                location: None,
                notes: None,
                seats: (0..seats)
                    .map(|s| BackupSeat {
                        player: NAMES[(i + s + batch) % NAMES.len()].into(),
                        colour: None,
                        first_player: s == 0,
                    })
                    .collect(),
                table_state: None,
                scoreboard: finished.then(|| Scoreboard {
                    game,
                    variant: variant.into(),
                    outcome,
                    players: board_players,
                    tie_breaks: Vec::new(),
                    facts,
                }),
                events: Vec::new(),
                duration_minutes: Some(40),
                deleted_at: (i % 4 == 3).then(|| started + Duration::days(1)),
                revisions: Vec::new(),
                setup_done: Vec::new(),
            }
        })
        .collect();
    Backup {
        manifest: Manifest {
            format: "greffier-backup".into(),
            app_version: "test".into(),
            schema_version: greffier::history::latest_schema_version(),
            exported_at: at(0),
            counts: Counts { players: NAMES.len(), plays: plays.len(), card_values: 0, other_plays: 0 },
        },
        players,
        card_values: Vec::new(),
        plays,
        other_plays: Vec::new(),
    }
}

/// A BG Stats file of `n` plays of Citadels and Valencia (ours) and Catan (another game); the
/// seats whose number (play × 2 + seat) is a multiple of `unscored`, unless it is 0, have no
/// score kept.
fn bgstats(n: usize, unscored: usize, batch: usize) -> BgStats {
    let players = NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| BgPlayer {
            id: i64::try_from(i + 1).unwrap_or(0),
            uuid: None,
            name: (*name).into(),
            is_anonymous: false,
        })
        .collect();
    let games = ["Citadels", "Valencia", "Catan"]
        .iter()
        .enumerate()
        .map(|(i, name)| BgGame {
            id: i64::try_from(i + 1).unwrap_or(0),
            uuid: None,
            name: (*name).into(),
            bgg_id: None,
            cooperative: false,
            highest_wins: true,
            is_expansion: None,
        })
        .collect();
    let plays = (0..n)
        .map(|i| BgPlay {
            uuid: format!("bg-{batch}-{i}"),
            game_ref_id: i64::try_from(1 + (i + batch) % 3).unwrap_or(1),
            play_date: at(i64::try_from(i * 5 + batch).unwrap_or(0)).format("%Y-%m-%d %H:%M:%S").to_string(),
            duration_min: Some(30),
            player_scores: (0..2)
                .map(|s| BgPlayerScore {
                    player_ref_id: i64::try_from(1 + (i + s + batch) % NAMES.len()).unwrap_or(1),
                    score: Some(Value::String(if unscored != 0 && (i * 2 + s).is_multiple_of(unscored) {
                        String::new()
                    } else {
                        ((i * 3 + s * 4) % 9).to_string()
                    })),
                    winner: s == 0,
                    ..BgPlayerScore::default()
                })
                .collect(),
            ..BgPlay::default()
        })
        .collect();
    BgStats { players, locations: Vec::new(), games, plays }
}

/// Runs `op`; a write the store refuses (a merge of players who sat together, an undo with
/// nothing to undo…) changes nothing, which is also worth checking.
pub(crate) fn run(store: &mut Store, plays: &mut Vec<Id>, batch: usize, op: &Op) {
    let pick = |n: usize| (!plays.is_empty()).then(|| plays[n % plays.len()]);
    match op {
        Op::Valencia(seats) => {
            let named: Vec<(&str, i64, i64)> = seats.iter().map(|(w, c, k)| (NAMES[*w], *c, *k)).collect();
            let names: Vec<&str> = named.iter().map(|s| s.0).collect();
            if let Some(id) = start(store, GameId::Valencia, "base", &names) {
                store.finish_play(id, &valencia_state(&named)).expect("finish");
                plays.push(id);
            }
        }
        Op::Invasion(a, b, lost) => {
            let (a, b) = (NAMES[*a], NAMES[(*a + 1 + *b % 3) % NAMES.len()]);
            if let Some(id) = start(store, GameId::Orleans, "invasion", &[a, b]) {
                let log = if *lost {
                    json!([{ "round": 12, "event": "incendie_criminel", "paid": false }])
                } else {
                    json!([])
                };
                // Finished once decided: lost at once on a fatal demand unpaid, else after the
                // last round with the goals unmet (a play in progress cannot be finished).
                let round = if *lost { 13 } else { 19 };
                let state = json!({ "variant": "invasion", "round": round, "deck": { "order": INVASION_2P },
                    "players": [{ "name": a, "character": "maire", "coins": 5 }, { "name": b, "character": "erudit", "coins": 6 }],
                    "log": log });
                store.finish_play(id, &state).expect("finish");
                plays.push(id);
            }
        }
        Op::Solo(a, citizens) => {
            if let Some(id) = start(store, GameId::Orleans, "dignitaire", &[NAMES[*a]]) {
                let state = json!({ "variant": "dignitaire", "round": 17, "options": { "easy": true },
                    "players": [{ "name": NAMES[*a], "citizens": citizens, "coins": 4 }] });
                store.finish_play(id, &state).expect("finish");
                plays.push(id);
            }
        }
        Op::Abandon(a, b) => {
            let names = [NAMES[*a], NAMES[(*a + 1 + *b % 3) % NAMES.len()]];
            if let Some(id) = start(store, GameId::Valencia, "base", &names) {
                let _ = store.abandon_play(id);
                plays.push(id);
            }
        }
        Op::Redate(n, day) => {
            if let Some(id) = pick(*n) {
                let _ = store.edit_play(id, &PlayEdit { started_at: Some(at(*day)), ..PlayEdit::default() });
            }
        }
        Op::Correct(n, city) => {
            if let Some(detail) = pick(*n).and_then(|id| store.play(id).ok())
                && detail.game == GameId::Valencia
            {
                let named: Vec<(&str, i64, i64)> = detail
                    .seats
                    .iter()
                    .map(|s| (s.player_name.as_str(), *city + i64::from(s.seat), 3))
                    .collect();
                let edit = PlayEdit { table_state: Some(valencia_state(&named)), ..PlayEdit::default() };
                let _ = store.edit_play(detail.id, &edit);
            }
        }
        Op::Undo(n) => {
            if let Some(id) = pick(*n) {
                let _ = store.undo_table_state(id);
            }
        }
        Op::Delete(n) => {
            if let Some(id) = pick(*n) {
                let _ = store.delete_play(id);
            }
        }
        Op::Restore(n) => {
            if let Some(id) = pick(*n) {
                let _ = store.restore_play(id);
            }
        }
        Op::Merge(a, b) => {
            let (kept, absorbed) = (player(store, NAMES[*a]), player(store, NAMES[*b]));
            let _ = store.merge_players(kept, absorbed);
        }
        Op::Import(n, again, unscored) => {
            let file = backup(*n, batch, *unscored);
            store.import(&file).expect("import");
            if *again {
                let report = store.import(&file).expect("import again");
                // Those the backup has in the bin are in the bin here too: counted apart.
                let present = report.plays_skipped + report.plays_in_bin;
                assert_eq!((report.plays_added, present), (0, u32::try_from(*n).unwrap_or(0)));
            }
        }
        Op::BgStats(n, unscored) => {
            store.import_bgstats(&bgstats(*n, *unscored, batch), &mut no_progress).expect("BG Stats import");
        }
    }
}

/// Everything the statistics screens show, for every game and player.
pub(crate) fn every_statistic(store: &Store) -> String {
    let mut out = String::new();
    for game in GameId::ALL {
        out += &format!("{:?}\n", store.game_stats(game, 5).expect("game"));
        out += &format!("{:?}\n", store.scenario_stats(game).expect("scenarios"));
        out += &format!("{:?}\n", store.activity(Some(game), None).expect("activity"));
    }
    out += &format!("{:?}\n", store.activity(None, None).expect("activity"));
    out += &format!("{:?}\n", store.player_play_counts().expect("roster"));
    for p in store.list_players().expect("roster") {
        out += &format!("{:?}\n", store.player_stats(p.id).expect("player"));
        out += &format!("{:?}\n", store.activity(None, Some(p.id)).expect("activity"));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// After any sequence of writes, the summaries the writes maintained equal the ones
    /// recomputed from the plays, the statistics read from both are the same, and the play
    /// counts agree with the play log (counted independently, from the plays themselves).
    #[test]
    fn maintained_statistics_equal_a_recomputation(ops in proptest::collection::vec(op(), 1..30)) {
        let mut store = Store::open_in_memory().expect("store");
        let mut plays = Vec::new();
        for (batch, op) in ops.iter().enumerate() {
            run(&mut store, &mut plays, batch, op);
        }
        let maintained = store.statistics_summaries().expect("summaries");
        let shown = every_statistic(&store);
        store.rebuild_statistics().expect("rebuild");
        prop_assert_eq!(&maintained, &store.statistics_summaries().expect("summaries"));
        prop_assert_eq!(&shown, &every_statistic(&store));

        let counted = |filter: PlayFilter| {
            store.list_plays(&PlayFilter { status: Some(PlayStatus::Finished), ..filter }).expect("log").total
        };
        for game in GameId::ALL {
            let stats = store.game_stats(game, 10).expect("game");
            prop_assert_eq!(stats.plays, counted(PlayFilter { game: Some(game), ..PlayFilter::default() }));
        }
        for p in store.list_players().expect("roster") {
            let stats = store.player_stats(p.id).expect("player");
            prop_assert_eq!(stats.plays, counted(PlayFilter { player_id: Some(p.id), ..PlayFilter::default() }));
        }
    }
}

/// Opening a history written before the summaries (schema 7) fills them from its plays.
#[test]
fn migration_8_fills_the_summaries_from_the_plays_there() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("history.sqlite3");
    let mut store = Store::open(&path).expect("store");
    let mut plays = Vec::new();
    for (batch, op) in [
        Op::Valencia(vec![(0, 9, 1), (1, 4, 12)]),
        Op::Valencia(vec![(1, 5, 0), (2, 5, 0), (3, 2, 3)]),
        Op::Solo(0, 5),
        Op::Invasion(1, 0, true),
        // Schema 7 had no result without a score.
        Op::Import(4, false, false),
        Op::BgStats(3, 0),
    ]
    .iter()
    .enumerate()
    {
        run(&mut store, &mut plays, batch, op);
    }
    let maintained = store.statistics_summaries().expect("summaries");
    let shown = every_statistic(&store);
    assert!(maintained.len() > 20, "the history has something to count: {maintained:?}");
    // Back to schema 7: the summaries (and table mode's tables, 0009, the setup ticks, 0014, and
    // the shared history's tables, triggers and players' uuids, 0018) gone, as a build before
    // them left the file (merged players deleted, as it merged them).
    let triggers: Vec<String> = store
        .connection()
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'")
        .expect("triggers")
        .query_map([], |r| r.get(0))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("names");
    assert!(triggers.len() > 20, "{triggers:?}");
    for trigger in triggers {
        store.connection().execute_batch(&format!("DROP TRIGGER {trigger}")).expect("drop trigger");
    }
    store
        .connection()
        .execute_batch(
            "DROP TABLE sync_self; DROP TABLE shared_players; DROP TABLE shared_plays; DROP TABLE shared_other_plays;
             DROP TABLE sync_conflicts; DROP TABLE sync_first_versions; DROP TABLE sync_dirty; DROP TABLE sync_gone;
             DROP TABLE sync_outbox; DROP TABLE sync_devices;
             PRAGMA foreign_keys = OFF;
             DELETE FROM players WHERE merged_into IS NOT NULL;
             CREATE TABLE players_v7 (
                 id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 60), colour TEXT,
                 archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)), created_at TEXT NOT NULL) STRICT;
             INSERT INTO players_v7 SELECT id, name, colour, archived, created_at FROM players;
             DROP TABLE players;
             ALTER TABLE players_v7 RENAME TO players;
             CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE);
             PRAGMA foreign_keys = ON;",
        )
        .expect("schema 14");
    store
        .connection()
        .execute_batch(
            "DROP TABLE stat_plays; DROP TABLE stat_player_plays; DROP TABLE stat_results; DROP TABLE stat_seats;
             DROP TABLE stat_unscored_results;
             DROP TABLE stat_categories; DROP TABLE stat_missions; DROP TABLE stat_pairs;
             DROP INDEX plays_scenarios; DROP INDEX plays_log;
             DROP TABLE table_devices; DROP TABLE table_sessions; ALTER TABLE plays DROP COLUMN setup_done;
             DROP TABLE paired_devices; DROP TABLE pairing_codes; DROP TABLE paired_door;
             PRAGMA user_version = 7;
             CREATE INDEX plays_stats ON plays (game, status, outcome, variant, player_count);
             CREATE INDEX seats_player ON seats (player_id);
             CREATE INDEX results_play_cover ON results (play_id, seat, total, rank, winner);
             CREATE INDEX category_points_category ON category_points (category);
             CREATE INDEX category_points_play_cover ON category_points (play_id, category, points);
             CREATE INDEX mission_results_mission ON mission_results (mission, met);",
        )
        .expect("schema 7");
    drop(store);
    let store = Store::open(&path).expect("migrated");
    assert_eq!(store.schema_version().expect("version"), greffier::history::latest_schema_version());
    assert_eq!(store.statistics_summaries().expect("summaries"), maintained);
    assert_eq!(every_statistic(&store), shown);
}
