//! Table mode: `greffier table` as a host runs it, the real binary serving one play
//! to "phones" (plain HTTP/1.1 from the test) on the loopback; the host's side through the core
//! in this process, on the same history file.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use greffier::api::{Access, Api, Capability, SeatAccess, TableChange};
use greffier::history::Store;
use serde_json::{Value, json};

use crate::serve::http;
use crate::support::{start_play, start_valencia};

const GREFFIER: &str = env!("CARGO_BIN_EXE_greffier");

/// A history with a Valencia play in progress for Ani, Dirk and Eve, its table state saved by
/// the host (Ani's and Dirk's missions are in it). Returns the play's id.
pub fn history_with_a_play(db: &Path) -> u32 {
    let mut store = Store::open(db).expect("open");
    let play = start_valencia(&mut store, &["Ani", "Dirk", "Eve"]);
    let table = json!({
        "variant": "base",
        "fountains": [{ "value": 2 }, { "value": 3 }, { "value": 4 }, { "value": 5 }, { "value": 6, "central": true }],
        "players": [
            { "name": "Ani", "coins": 3, "missions": [{ "id": "mission_palms", "points": 4 }] },
            { "name": "Dirk", "coins": 5, "missions": [{ "id": "mission_four_fountains", "points": 5 }] },
            { "name": "Eve" }
        ]
    });
    store.save_table_state(play.id, &table).expect("host's save");
    play.id
}

/// A running `greffier table`, stopped (SIGTERM) when dropped.
pub struct Table {
    pub child: Child,
    pub addr: SocketAddr,
    pub join: String,
}

impl Table {
    pub fn open(db: &Path, play: u32) -> Table {
        let mut child = Command::new(GREFFIER)
            .args(["table", "--play", &play.to_string(), "--bind", "127.0.0.1", "--port", "0", "--db"])
            .arg(db)
            .arg("--ui")
            .arg(db.with_file_name("no-ui"))
            .env_remove("GREFFIER_DB")
            .env("LANG", "en_GB.UTF-8")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn greffier table");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the join URL");
        // http://127.0.0.1:PORT/table?play=N&lang=en#jN_<secret>: the CLI's language (LANG
        // en_GB here) is the one the phones speak until their players pick one.
        let url = line.trim().trim_start_matches("http://");
        let (addr, rest) = url.split_once('/').expect("a path");
        let (_, join) = rest.split_once('#').expect("the token in the fragment");
        assert!(rest.starts_with(&format!("table?play={play}&lang=en#")), "{line}");
        Table { child, addr: addr.parse().expect("an address"), join: join.to_owned() }
    }

    /// `POST /api/<operation>` with a token (if any): the status and the JSON answer.
    pub fn call(&self, token: Option<&str>, operation: &str, request: &Value) -> (u16, Value) {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut headers = vec![("Content-Type", "application/json")];
        if let Some(auth) = &auth {
            headers.push(("Authorization", auth.as_str()));
        }
        let body = serde_json::to_vec(request).expect("json");
        let (status, body) = http(self.addr, "POST", &format!("/api/{operation}"), &headers, &body);
        (
            status,
            serde_json::from_slice(&body)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into())),
        )
    }

    /// A phone joins with the join token and claims `seat`: its own token.
    pub fn join(&self, seat: u8) -> String {
        let (status, joined) = self.call(
            Some(&self.join),
            "table_join",
            &json!({ "claim": seat, "ask": false, "name": format!("phone {seat}") }),
        );
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["seat"], seat);
        joined["token"].as_str().expect("a new phone's token").to_owned()
    }

    fn stop(mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
            let _ = self.child.wait();
        }
    }
}

pub fn setup() -> (tempfile::TempDir, std::path::PathBuf, u32) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("h.sqlite3");
    let play = history_with_a_play(&db);
    (dir, db, play)
}

/// The first security test: walk the WHOLE operation list with a phone's token; every
/// operation that is not the guests' or a seat's is refused before its request is read, and
/// the others are reached (they may still refuse an empty request as invalid input).
#[test]
fn a_phone_reaches_no_host_operation_of_the_whole_list() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let phone = table.join(1);
    let mut refused = 0;
    for op in Api::operations() {
        let (status, answer) = table.call(Some(&phone), op.name, &json!({}));
        match op.capability {
            // Nor may a phone pair itself as a host's device.
            Capability::Host | Capability::Pair => {
                assert_eq!(
                    (status, answer["kind"].as_str()),
                    (403, Some("forbidden")),
                    "{}: {answer}",
                    op.name
                );
                refused += 1;
            }
            Capability::Guest | Capability::Seat => {
                assert!(
                    ![401, 403, 404, 429].contains(&status),
                    "{} must be reached: {status} {answer}",
                    op.name
                );
            }
        }
    }
    let host_operations = Api::operations()
        .iter()
        .filter(|o| matches!(o.capability, Capability::Host | Capability::Pair))
        .count();
    assert_eq!(refused, host_operations);
    // Nor can a phone send the host a file to import: the table door has no upload route.
    let auth = format!("Bearer {phone}");
    let octets = [("Content-Type", "application/octet-stream"), ("Authorization", auth.as_str())];
    let (status, _) = http(table.addr, "POST", "/api/upload", &octets, b"{\"plays\": []}");
    assert!([400, 404].contains(&status), "no upload on the table door: {status}");
    assert!(!db.with_file_name("uploads").exists(), "nothing was kept");
    assert!(refused > 30, "the history, roster, files, backups and the table's own host side: {refused}");
    // And in the core, for a phone's grant on any play.
    let api = Api::open(&db).expect("open");
    let grant = Access::Seat(SeatAccess { play, device: Some(1), seat: Some(1) });
    for op in Api::operations().iter().filter(|o| o.capability == Capability::Host) {
        let error = api.call_json_as(grant, op.name, json!({})).expect_err(op.name);
        assert_eq!(error.kind, greffier::api::ErrorKind::Forbidden, "{}", op.name);
    }
}

#[test]
fn no_token_a_wrong_token_a_wrong_host_an_oversize_body_and_a_flood_are_refused() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);

    let (status, error) = table.call(None, "list_games", &json!({}));
    assert_eq!((status, error["kind"].as_str()), (401, Some("unauthorized")));
    let (status, _) = table.call(None, "list_plays", &json!({ "filter": {} }));
    assert_eq!(status, 401, "nothing of the history without a token");
    let mut forged = table.join.clone();
    let last = forged.pop();
    forged.push(if last == Some('0') { '1' } else { '0' });
    let (status, error) = table.call(Some(&forged), "table_view", &json!({}));
    assert_eq!((status, error["kind"].as_str()), (401, Some("unauthorized")), "one digit changed");
    let (status, _) = table.call(Some("d1_"), "table_view", &json!({}));
    assert_eq!(status, 401);

    let phone = table.join(0);
    let auth = format!("Bearer {phone}");
    let headers = [("Content-Type", "application/json"), ("Authorization", auth.as_str())];
    // Another name for this machine (DNS rebinding), even with a valid token.
    let mut rebinding = headers.to_vec();
    rebinding.push(("Host", "evil.example"));
    let (status, _) = http(table.addr, "POST", "/api/table_view", &rebinding, b"{}");
    assert_eq!(status, 403);
    let mut localhost = headers.to_vec();
    let other_name = format!("localhost:{}", table.addr.port());
    localhost.push(("Host", other_name.as_str()));
    let (status, _) = http(table.addr, "POST", "/api/table_view", &localhost, b"{}");
    assert_eq!(status, 403, "only the address the table was opened on");
    let (status, _) = http(table.addr, "GET", "/", &rebinding, b"");
    assert_eq!(status, 403, "the UI's files too");

    // A phone's requests are small.
    let big = vec![b' '; greffier::api::serve::GUEST_MAX_BODY_BYTES + 1];
    let (status, body) = http(table.addr, "POST", "/api/table_view", &headers, &big);
    let error: Value = serde_json::from_slice(&body).expect("json error");
    assert_eq!((status, error["kind"].as_str()), (413, Some("too_large")));

    // A flood from one token meets its bucket; another phone is not slowed by it.
    let mut limited = None;
    for i in 0..2000 {
        let (status, error) = table.call(Some(&phone), "table_view", &json!({}));
        if status == 429 {
            limited = Some((i, error));
            break;
        }
        assert_eq!(status, 200, "{error}");
    }
    let (sent, error) = limited.expect("the flood is bounded");
    assert_eq!(error["kind"], "rate_limited");
    assert!(sent >= 100, "a burst is allowed first: {sent}");
    let other = table.join(2);
    let (status, _) = table.call(Some(&other), "table_view", &json!({}));
    assert_eq!(status, 200);
}

#[test]
fn a_phone_edits_its_own_seat_only_and_sees_no_other_missions() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let ani = table.join(0);

    let (status, view) = table.call(Some(&ani), "table_view", &json!({}));
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["seat"], 0);
    assert_eq!(view["table"]["players"][0]["missions"][0]["id"], "mission_palms", "her own missions");
    assert_eq!(view["table"]["players"][1].get("missions"), None, "not Dirk's");
    assert_eq!(view["table"]["players"][1]["coins"], 5, "Dirk's public entries");
    // The join token alone sees no seat's missions.
    let (_, public) = table.call(Some(&table.join), "table_view", &json!({}));
    assert_eq!(public["table"]["players"][0].get("missions"), None);
    // A phone cannot ask for another seat's view, nor another play's.
    let (status, _) = table.call(Some(&ani), "table_view", &json!({ "seat": 1 }));
    assert_eq!(status, 403);
    let (status, _) = table.call(Some(&ani), "table_view", &json!({ "play_id": play + 1 }));
    assert_eq!(status, 403);

    // Another seat: refused, nothing written.
    let (status, error) =
        table.call(Some(&ani), "table_save_seat", &json!({ "seat": 1, "part": { "coins": 99 } }));
    assert_eq!((status, error["kind"].as_str()), (403, Some("forbidden")));
    // A field of the seat that is the host's: refused, naming it.
    let (status, error) =
        table.call(Some(&ani), "table_save_seat", &json!({ "part": { "name": "Mallory" } }));
    assert_eq!((status, error["kind"].as_str()), (400, Some("invalid_input")), "{error}");
    assert_eq!(error["problems"][0]["field"], "players[0].name");
    // Fields of the table (fountains, variant) sent as a seat's part are no fields of a seat:
    // refused, naming them, and nothing is written.
    let (status, error) = table.call(
        Some(&ani),
        "table_save_seat",
        &json!({ "part": { "coins": 4, "variant": "special_influence", "fountains": [] } }),
    );
    assert_eq!((status, error["kind"].as_str()), (400, Some("invalid_input")), "{error}");
    let refused: Vec<&str> =
        error["problems"].as_array().expect("problems").iter().filter_map(|p| p["field"].as_str()).collect();
    assert_eq!(refused, ["players[0].fountains", "players[0].variant"]);
    let api = Api::open(&db).expect("open");
    assert_eq!(api.get_play(play).expect("play").table_state.expect("state")["players"][0]["coins"], 3);
    // Her coins alone: stored, and her seat's problems (if any) are hers only.
    let (status, view) = table.call(Some(&ani), "table_save_seat", &json!({ "part": { "coins": 4 } }));
    assert_eq!(status, 200, "{view}");
    let state = api.get_play(play).expect("play").table_state.expect("state");
    assert_eq!(state["variant"], "base", "the variant is the host's");
    assert_eq!(state["fountains"].as_array().map(Vec::len), Some(5), "the fountains are the host's");
    assert_eq!(state["players"][0]["coins"], 4, "her coins landed");
    assert_eq!(state["players"][1]["coins"], 5, "Dirk's untouched");
    assert_eq!(state["players"][0]["name"], "Ani");
    let fields: Vec<&str> =
        view["problems"].as_array().expect("problems").iter().filter_map(|p| p["field"].as_str()).collect();
    assert!(fields.iter().all(|f| f.starts_with("players[0]")), "{fields:?}");

    // Saved as the host's autosave is: Undo takes it back.
    let undone = api.undo_table_state(play).expect("undo");
    assert_eq!(undone.state["players"][0]["coins"], 3);
}

#[test]
fn a_phone_s_view_carries_its_seat_s_live_score_from_the_whole_table() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let dirk = table.join(1);
    let api = Api::open(&db).expect("open");
    let host_total = |seat: usize| {
        let state = api.get_play(play).expect("play").table_state.expect("state");
        let preview = api.preview_table_state(play, state).expect("preview");
        let board = preview.scoreboard.or(preview.partial).expect("a scoreboard");
        (board.players[seat].total, board.players[seat].rank)
    };

    let (status, view) = table.call(Some(&dirk), "table_view", &json!({}));
    assert_eq!(status, 200, "{view}");
    let (total, rank) = host_total(1);
    assert_eq!(
        (view["score"]["total"].as_i64(), view["score"]["rank"].as_u64()),
        (total.map(i64::from), Some(u64::from(rank)))
    );
    // Dirk's Four fountains mission (5) failed: −5, last behind Eve (0) and Ani (her palm
    // mission failed: −4).
    assert_eq!(view["score"], json!({ "total": -5, "rank": 3, "complete": true }), "{view}");

    // Two palm members but none in the city: a problem of his seat, and a partial total
    // without the field it names.
    let (status, view) =
        table.call(Some(&dirk), "table_save_seat", &json!({ "part": { "palm_members": 2 } }));
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["problems"][0]["field"], "players[1].palm_members");
    assert_eq!(view["score"], json!({ "total": -5, "rank": 3, "complete": false }), "{view}");
    // Two in the city too: −5 + 2 + 2 = −1, now above Ani: her missions count though the phone
    // never sees them (with her public entries alone she would have 0 and he would be last).
    let (status, view) =
        table.call(Some(&dirk), "table_save_seat", &json!({ "part": { "city_members": 2 } }));
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["score"], json!({ "total": -1, "rank": 2, "complete": true }), "{view}");
    assert_eq!(view["table"]["players"][0].get("missions"), None);
    assert_eq!(view["score"]["total"].as_i64(), host_total(1).0.map(i64::from));

    // The join token has no seat: no score.
    let (_, public) = table.call(Some(&table.join), "table_view", &json!({}));
    assert_eq!(public["score"], Value::Null);
}

/// Four saves of 240 KB of unknown fields took a history from 4 to 142 MiB in 16 s
/// (each save an undo step of its size), and every other phone then downloaded 940 KiB per
/// change. Through the real door, such a save is refused naming its field, as is a count out of
/// the game's bounds, and the history does not grow.
#[test]
fn a_guest_cannot_bloat_the_history_through_its_seat() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let ani = table.join(0);
    let size = || std::fs::metadata(&db).map(|m| m.len()).unwrap_or(0) + wal_size(&db);
    let before = size();
    for _ in 0..4 {
        let (status, error) = table.call(
            Some(&ani),
            "table_save_seat",
            &json!({ "part": { "coins": 4, "notes": "x".repeat(240_000) } }),
        );
        assert_eq!(
            (status, error["problems"][0]["field"].as_str()),
            (400, Some("players[0].notes")),
            "{error}"
        );
    }
    let (status, error) = table.call(Some(&ani), "table_save_seat", &json!({ "part": { "coins": 99_999 } }));
    assert_eq!((status, error["problems"][0]["code"].as_str()), (400, Some("out_of_range")), "{error}");
    assert_eq!(error["problems"][0]["field"], "players[0].coins");
    assert!(size() < before + 64 * 1024, "{before} → {} bytes", size());
    let api = Api::open(&db).expect("open");
    assert_eq!(api.get_play(play).expect("play").table_state.expect("state")["players"][0]["coins"], 3);
}

/// The history's write-ahead log, which holds the latest writes until a checkpoint.
fn wal_size(db: &Path) -> u64 {
    std::fs::metadata(db.with_extension("sqlite3-wal")).map(|m| m.len()).unwrap_or(0)
}

#[test]
fn two_phones_saving_at_once_both_land() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let phones = [table.join(0), table.join(1)];
    let addr = table.addr;
    let writers: Vec<_> = phones
        .iter()
        .cloned()
        .enumerate()
        .map(|(seat, token)| {
            std::thread::spawn(move || {
                for i in 0..25usize {
                    let body = serde_json::to_vec(
                        &json!({ "part": { "palm_members": i % 10, "coins": seat * 100 + i } }),
                    )
                    .expect("json");
                    let auth = format!("Bearer {token}");
                    let (status, _) = http(
                        addr,
                        "POST",
                        "/api/table_save_seat",
                        &[("Content-Type", "application/json"), ("Authorization", &auth)],
                        &body,
                    );
                    assert_eq!(status, 200);
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer");
    }
    let api = Api::open(&db).expect("open");
    let state = api.get_play(play).expect("play").table_state.expect("state");
    assert_eq!(
        (state["players"][0]["palm_members"].clone(), state["players"][0]["coins"].clone()),
        (json!(4), json!(24))
    );
    assert_eq!(
        (state["players"][1]["palm_members"].clone(), state["players"][1]["coins"].clone()),
        (json!(4), json!(124))
    );
    assert_eq!(state["players"][0]["missions"][0]["id"], "mission_palms", "fields not sent are kept");
    let status = api.table_status(play).expect("status");
    assert_eq!(status.revision, 1 + 2 + 50, "the opening, two joins and fifty saves, each counted once");
    assert!(status.seats[0].last_change_at.is_some() && status.seats[1].last_change_at.is_some());
    assert!(status.seats[2].last_change_at.is_none());
}

#[test]
fn a_removed_phone_a_closed_table_and_a_finished_play_refuse_their_tokens() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let ani = table.join(0);
    let dirk = table.join(1);
    let api = Api::open(&db).expect("open");

    // Two phones claiming one seat: a clear choice.
    let (status, error) = table.call(
        Some(&table.join),
        "table_join",
        &json!({ "claim": 0, "ask": false, "name": "Ani's tablet" }),
    );
    assert_eq!((status, error["kind"].as_str()), (409, Some("seat_taken")), "{error}");
    assert_eq!(error["message"], "seat 0 is held by phone 0: ask for it, or pick another seat");
    let status = api.table_status(play).expect("status");
    assert_eq!(status.session.as_ref().map(|s| s.devices.len()), Some(2), "the refused phone left nothing");

    // The host sees who finished entering.
    let (code, view) = table.call(Some(&dirk), "table_set_finished", &json!({ "finished": true }));
    assert_eq!(code, 200, "{view}");
    assert!(api.table_status(play).expect("status").seats[1].finished);

    // Removed: refused from its next request on; the others go on.
    let ani_device = api.table_status(play).expect("status").seats[0].device.expect("Ani's phone");
    api.table_remove_device(play, ani_device).expect("remove");
    let (status, _) = table.call(Some(&ani), "table_view", &json!({}));
    assert_eq!(status, 401);
    let (status, _) = table.call(Some(&dirk), "table_view", &json!({}));
    assert_eq!(status, 200);

    // Closed: every token dies, the join token too; reopening makes a new join token.
    assert!(api.table_close(play).expect("close"));
    for token in [&dirk, &table.join] {
        let (status, _) = table.call(Some(token), "table_view", &json!({}));
        assert_eq!(status, 401);
    }
    table.stop();

    let table = Table::open(&db, play);
    let eve = table.join(2);
    let (status, _) = table.call(Some(&eve), "table_view", &json!({}));
    assert_eq!(status, 200);
    let sheet = crate::support::valencia_sheet(&[("Ani", 5, 2), ("Dirk", 7, 4), ("Eve", 3, 3)]);
    api.finish_play(play, sheet).expect("finish");
    let (status, _) = table.call(Some(&eve), "table_view", &json!({}));
    assert_eq!(status, 401, "a finished play's table is closed");
    assert!(!api.table_status(play).expect("status").open);
}

/// `table_join` with `take_over` worked with any phone's token or the QR code's, and
/// the phone on the seat just got 403. A seat another phone holds changes hands only when the
/// host or that phone agrees: the claimant asks, the request shows on the host's side and on
/// the holding phone, and either answers.
#[test]
fn a_held_seat_changes_hands_only_when_its_holder_or_the_host_agrees() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let ani = table.join(0);
    let dirk = table.join(1);
    let api = Api::open(&db).expect("open");
    let device_on = |seat: usize| api.table_status(play).expect("status").seats[seat].device;
    let ani_device = device_on(0).expect("Ani's phone");

    // A new phone with the QR code's token asks for Ani's seat: it gets its token and waits.
    let (status, eve) = table.call(
        Some(&table.join),
        "table_join",
        &json!({ "claim": 0, "ask": true, "name": "Eve's phone" }),
    );
    assert_eq!(status, 200, "{eve}");
    assert_eq!((eve["seat"].clone(), eve["asking"].clone()), (Value::Null, json!(0)));
    let eve_device = eve["device"].as_u64().and_then(|d| u32::try_from(d).ok()).expect("a device");
    let eve = eve["token"].as_str().expect("its token").to_owned();
    assert_eq!(device_on(0), Some(ani_device), "Ani keeps her seat");
    let (_, view) = table.call(Some(&eve), "table_view", &json!({}));
    assert_eq!((view["seat"].clone(), view["asking"].clone()), (Value::Null, json!(0)), "{view}");
    // Dirk's phone (on a seat) asks too; nothing moves.
    let (status, asked) = table.call(Some(&dirk), "table_join", &json!({ "claim": 0, "ask": true }));
    assert_eq!(
        (status, asked["seat"].clone(), asked["asking"].clone()),
        (200, json!(1), json!(0)),
        "{asked}"
    );
    assert_eq!(device_on(0), Some(ani_device));

    // The host's panel and Ani's phone show both requests.
    let requests = api.table_status(play).expect("status").seats[0].requests.clone();
    let askers: Vec<(u32, Option<&str>)> = requests.iter().map(|r| (r.device, r.name.as_deref())).collect();
    let dirk_device = device_on(1).expect("Dirk's phone");
    assert_eq!(askers, [(dirk_device, Some("phone 1")), (eve_device, Some("Eve's phone"))]);
    let (_, view) = table.call(Some(&ani), "table_view", &json!({}));
    assert_eq!(view["requests"].as_array().map(Vec::len), Some(2), "{view}");

    // Nobody answers for a seat that is not theirs.
    let (status, _) = table.call(
        Some(&dirk),
        "table_answer_request",
        &json!({ "seat": 0, "asker": eve_device, "give": true }),
    );
    assert_eq!(status, 403, "Dirk's token grants seat 1 only");
    let (status, _) =
        table.call(Some(&eve), "table_answer_request", &json!({ "asker": eve_device, "give": true }));
    assert_eq!(status, 403, "a phone without a seat gives nothing");
    let (status, _) =
        table.call(Some(&table.join), "table_answer_request", &json!({ "asker": eve_device, "give": true }));
    assert_eq!(status, 403, "nor does the QR code");

    // Ani keeps her seat from Eve, and gives it to Dirk: his old seat is free again.
    let (status, view) =
        table.call(Some(&ani), "table_answer_request", &json!({ "asker": eve_device, "give": false }));
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["requests"].as_array().map(Vec::len), Some(1));
    let (_, view) = table.call(Some(&eve), "table_view", &json!({}));
    assert_eq!(view["asking"], Value::Null, "Eve's request ended");
    let (status, view) =
        table.call(Some(&ani), "table_answer_request", &json!({ "asker": dirk_device, "give": true }));
    assert_eq!((status, view["seat"].clone()), (200, Value::Null), "{view}");
    assert_eq!((device_on(0), device_on(1)), (Some(dirk_device), None));
    let (_, view) = table.call(Some(&ani), "table_view", &json!({}));
    assert_eq!(view["seat"], Value::Null, "Ani's phone has no seat now");

    // Eve asks again; the host gives her the seat from the desktop.
    let (status, _) = table.call(Some(&eve), "table_join", &json!({ "claim": 0, "ask": true }));
    assert_eq!(status, 200);
    api.table_answer_request(play, Some(0), eve_device, true).expect("the host gives it");
    assert_eq!(device_on(0), Some(eve_device));
    let (_, view) = table.call(Some(&eve), "table_view", &json!({}));
    assert_eq!((view["seat"].clone(), view["asking"].clone()), (json!(0), Value::Null));
}

/// Joins were not capped. A full table makes room for a new phone by letting go the
/// phone without a seat that joined first; no phone on a seat is ever pushed out.
#[test]
fn a_table_keeps_at_most_its_phones_and_never_pushes_one_off_its_seat() {
    let (_dir, db, play) = setup();
    let api = Api::open(&db).expect("open");
    let ticket = api.table_open(play, None, None).expect("open");
    let grant = Access::Seat(api.table_access(&ticket.join_token).expect("join token"));
    let ani = phone_on_seat(&api, &ticket.join_token, 0);
    let mut seatless = Vec::new();
    for _ in 0..greffier::history::MAX_TABLE_PHONES + 3 {
        let joined =
            api.call_json_as(grant, "table_join", json!({ "claim": null, "ask": false })).expect("join");
        seatless.push(joined["token"].as_str().expect("token").to_owned());
    }
    let devices = api.table_status(play).expect("status").session.expect("open").devices;
    assert_eq!(devices.len(), greffier::history::MAX_TABLE_PHONES);
    assert!(devices.iter().any(|d| Some(d.id) == ani.device && d.seat == Some(0)), "Ani's phone stays");
    // The first seatless phones made room; the latest are there.
    assert!(api.table_access(&seatless[0]).is_err());
    assert!(api.table_access(seatless.last().expect("last")).is_ok());
}

#[test]
fn a_restarted_table_keeps_its_seats_and_phones() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let dirk = table.join(1);
    let old_join = table.join.clone();
    table.stop();

    let table = Table::open(&db, play);
    let (status, view) = table.call(Some(&dirk), "table_view", &json!({}));
    assert_eq!((status, view["seat"].clone()), (200, json!(1)), "the phone resumes its seat with its token");
    let (status, _) = table.call(Some(&old_join), "table_view", &json!({}));
    assert_eq!(status, 401, "a new QR code: the old join token is gone");
}

/// The live stream: a phone listening hears another phone's change with its seat; a stop
/// (SIGTERM) with a stream open is still clean and prompt.
#[test]
fn the_stream_tells_each_change_with_its_seat() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let ani = table.join(0);
    let dirk = table.join(1);

    let mut stream = TcpStream::connect(table.addr).expect("connect");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(30))).expect("timeout");
    let head = format!(
        "GET /api/table/events?token={ani} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        table.addr
    );
    stream.write_all(head.as_bytes()).expect("send");
    let mut reader = BufReader::new(stream);
    let mut next_change = || -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(reader.read_line(&mut line).expect("read the stream") > 0, "the stream ended");
            if let Some(data) = line.trim_end().strip_prefix("data: ") {
                return serde_json::from_str(data).expect("a change as JSON");
            }
        }
    };
    let hello = next_change();
    assert_eq!((hello["play_id"].clone(), hello["closed"].clone()), (json!(play), json!(false)));
    let revision = hello["revision"].as_u64().expect("revision");

    let (status, _) = table.call(Some(&dirk), "table_save_seat", &json!({ "part": { "coins": 6 } }));
    assert_eq!(status, 200);
    let change = next_change();
    assert_eq!(change["seat"], 1, "by Dirk's seat");
    assert_eq!(change["revision"].as_u64(), Some(revision + 1));

    // The stream is still open: the stop ends it rather than waiting for the phone.
    let mut table = table;
    let _ = Command::new("kill").args(["-TERM", &table.child.id().to_string()]).status();
    let mut status = None;
    for _ in 0..300 {
        status = table.child.try_wait().expect("wait");
        if status.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = table.child.kill();
    assert!(status.is_some_and(|s| s.success()), "a clean stop with a stream open: {status:?}");
    drop(reader);
}

/// A phone joining `seat` in this process's core (no server): the grant its own token gives.
pub fn phone_on_seat(api: &Api, join_token: &str, seat: u8) -> SeatAccess {
    let grant = api.table_access(join_token).expect("join token");
    let joined = api
        .call_json_as(Access::Seat(grant), "table_join", json!({ "claim": seat, "ask": false }))
        .expect("join");
    api.table_access(joined["token"].as_str().expect("token")).expect("phone token")
}

/// When the host closes the table, every phone's live stream tells it (`closed`) before the
/// server stops: a phone that only sees its stream drop cannot tell a closed table from a
/// network hiccup, and keeps waiting. Found by the app's E2E (the phones missed the closing in
/// 3 runs of 4): the stream picked "the server is stopping" over the closing change waiting for
/// it about half the time. Eight streams make that failure all but certain.
#[test]
fn closing_the_table_tells_every_phone_s_stream_before_the_server_stops() {
    let (_dir, db, play) = setup();
    let api = Arc::new(Api::open(&db).expect("open"));
    // Five openings and closings of eight streams each: the race lost about one time in three.
    for round in 0..5 {
        let ticket = api.table_open(play, None, None).expect("open");
        // As in the app: a listener registered before the server's own stops it when the table
        // closes, before the closing change is handed to the streams.
        let stop = Arc::new(tokio::sync::Notify::new());
        let told_stop = stop.clone();
        api.on_table_change(move |change| {
            if change.closed {
                told_stop.notify_one();
            }
        });
        let (told, listening) = std::sync::mpsc::channel();
        let served = api.clone();
        let server = std::thread::spawn(move || {
            let options = greffier::api::serve::ServeOptions {
                addr: "127.0.0.1:0".parse().expect("addr"),
                ui: None,
                table: Some(play),
                names: Vec::new(),
            };
            let tell = move |addr| told.send(addr).expect("tell");
            greffier::api::serve::serve_until(served, options, tell, async move { stop.notified().await })
        });
        let addr = listening.recv().expect("listening");
        // Eight phones (a phone holds two streams at most; the door's other bounds are more).
        let grant = Access::Seat(api.table_access(&ticket.join_token).expect("join token"));
        let phones: Vec<String> = (0..8)
            .map(|_| {
                let joined = api.call_json_as(grant, "table_join", json!({ "ask": false })).expect("join");
                joined["token"].as_str().expect("token").to_owned()
            })
            .collect();
        let mut streams: Vec<BufReader<TcpStream>> = phones
            .iter()
            .map(|phone| {
                let mut stream = TcpStream::connect(addr).expect("connect");
                stream.set_read_timeout(Some(std::time::Duration::from_secs(30))).expect("timeout");
                let head = format!(
                    "GET /api/table/events?token={phone} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
                );
                stream.write_all(head.as_bytes()).expect("send");
                BufReader::new(stream)
            })
            .collect();
        for reader in &mut streams {
            assert_eq!(stream_changes(reader, false).len(), 1, "the greeting");
        }
        assert!(api.table_close(play).expect("close"));
        for (i, reader) in streams.iter_mut().enumerate() {
            let heard = stream_changes(reader, true);
            let closed = heard.last().is_some_and(|c| c["closed"] == json!(true));
            assert!(closed, "round {round}, stream {i} heard {heard:?} and ended");
        }
        server.join().expect("server thread").expect("served");
    }
}

/// The changes a live stream sends: the next one, or (`until_closed`) up to the closing one or
/// the stream's end.
pub fn stream_changes(reader: &mut BufReader<TcpStream>, until_closed: bool) -> Vec<Value> {
    let mut seen = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return seen;
        }
        if let Some(data) = line.trim_end().strip_prefix("data: ") {
            let change: Value = serde_json::from_str(data).expect("a change as JSON");
            let closed = change["closed"] == json!(true);
            seen.push(change);
            if closed || !until_closed {
                return seen;
            }
        }
    }
}

/// With the host's change made by another process on the same history (`greffier
/// serve` beside `greffier table`), the phones never heard of it, and after the host finished
/// the play they kept showing it live while the table process served it on. The table's door
/// finds every change another process makes: the phones hear it (`elsewhere`), the remembered
/// printed values follow, and a play finished elsewhere closes the table on every phone and
/// stops the door.
#[test]
fn changes_made_by_another_process_reach_the_phones_and_finishing_stops_the_door() {
    let (_dir, db, play) = setup();
    let mut table = Table::open(&db, play);
    let dirk = table.join(1);
    let mut stream = TcpStream::connect(table.addr).expect("connect");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).expect("timeout");
    let head = format!(
        "GET /api/table/events?token={dirk} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        table.addr
    );
    stream.write_all(head.as_bytes()).expect("send");
    let mut reader = BufReader::new(stream);
    let hello = stream_changes(&mut reader, false);
    let revision = hello[0]["revision"].as_u64().expect("revision");

    // This test's process is the other one: the host's save, through its own core.
    let api = Api::open(&db).expect("open");
    let mut state = api.get_play(play).expect("play").table_state.expect("state");
    state["players"][2]["coins"] = json!(7);
    api.save_table_state(play, state, None).expect("host's save");
    let heard = stream_changes(&mut reader, false);
    assert_eq!(heard.len(), 1, "the phone hears the host's save");
    assert_eq!(
        (heard[0]["revision"].as_u64(), heard[0]["elsewhere"].clone()),
        (Some(revision + 1), json!(true))
    );
    let (_, view) = table.call(Some(&dirk), "table_view", &json!({}));
    assert_eq!(view["table"]["players"][2]["coins"], 7);

    // A mission's printed value remembered on the host's side reaches the phones' view.
    api.set_card_value(greffier::games::GameId::Valencia, "mission_palms".into(), 5).expect("remember");
    assert_eq!(stream_changes(&mut reader, false).len(), 1, "told");
    let (_, view) = table.call(Some(&dirk), "table_view", &json!({}));
    assert_eq!(view["card_values"], json!([{ "game": "valencia", "card": "mission_palms", "value": 5 }]));

    // The host finishes the play: the phone is told the table closed, and the door stops.
    let sheet = crate::support::valencia_sheet(&[("Ani", 5, 2), ("Dirk", 7, 4), ("Eve", 3, 3)]);
    api.finish_play(play, sheet).expect("finish");
    let heard = stream_changes(&mut reader, true);
    assert_eq!(heard.last().map(|c| c["closed"].clone()), Some(json!(true)), "{heard:?}");
    let mut exited = None;
    for _ in 0..100 {
        exited = table.child.try_wait().expect("wait");
        if exited.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(exited.is_some_and(|s| s.success()), "the table process ends with its play: {exited:?}");
}

/// The core's hook for the desktop shell: every change to a play under a table, with its
/// revision and seat, and the closing; nothing for a play without a table.
#[test]
fn the_join_url_carries_the_hosts_language_when_the_host_says_it() {
    let (_dir, db, play) = setup();
    let api = Api::open(&db).expect("open");
    let said = api.table_open(play, None, Some(greffier::text::Lang::En)).expect("open");
    assert!(
        said.join_path.starts_with(&format!("/table?play={play}&lang=en#j{play}_")),
        "{}",
        said.join_path
    );
    let unsaid = api.table_open(play, None, None).expect("reopen");
    assert!(unsaid.join_path.starts_with(&format!("/table?play={play}#j{play}_")), "{}", unsaid.join_path);
}

#[test]
fn listeners_hear_every_change_to_a_play_under_a_table() {
    let (_dir, db, play) = setup();
    let api = Api::open(&db).expect("open");
    let heard: Arc<Mutex<Vec<TableChange>>> = Arc::default();
    let sink = heard.clone();
    api.on_table_change(move |change| sink.lock().expect("lock").push(*change));

    let state = api.get_play(play).expect("play").table_state.expect("state");
    api.save_table_state(play, state.clone(), None).expect("no table yet");
    assert!(heard.lock().expect("lock").is_empty());

    let ticket = api.table_open(play, Some(vec![1, 2]), None).expect("open");
    assert!(ticket.join_path.starts_with(&format!("/table?play={play}#j{play}_")));
    assert_eq!(ticket.status.seats.iter().filter(|s| s.offered).count(), 2, "seat 0 stays the host's");
    let joined = api
        .call_json_as(
            Access::Seat(api.table_access(&ticket.join_token).expect("join token")),
            "table_join",
            json!({ "claim": 0, "ask": false, "name": null }),
        )
        .expect_err("seat 0 is not offered");
    assert_eq!(joined.kind, greffier::api::ErrorKind::NotFound);
    let phone = phone_on_seat(&api, &ticket.join_token, 2);
    assert_eq!((phone.play, phone.seat), (play, Some(2)));
    api.call_json_as(Access::Seat(phone), "table_save_seat", json!({ "part": { "coins": 1 } }))
        .expect("save");
    api.save_table_state(play, state, None).expect("host's save");
    api.abandon_play(play).expect("abandon");

    let heard: Vec<(u32, Option<u8>, bool)> =
        heard.lock().expect("lock").iter().map(|c| (c.revision, c.seat, c.closed)).collect();
    assert_eq!(
        heard,
        [(1, None, false), (2, Some(2), false), (3, Some(2), false), (4, None, false), (5, None, true)],
        "open, join, Eve's save, the host's save, the end"
    );
}

/// Table mode's rule: "conflicting edits of the same field resolve last-writer-wins with the change
/// visible in the undo history". The host's sheet sends its whole table with the state its edit
/// started from; a phone's save stored meanwhile is merged in, never overwritten.
#[test]
fn a_phone_s_save_stored_while_the_host_s_is_on_its_way_is_kept() {
    let (_dir, db, play) = setup();
    let api = Api::open(&db).expect("open");
    let ticket = api.table_open(play, None, None).expect("open");
    let dirk = phone_on_seat(&api, &ticket.join_token, 1);

    // What the host's sheet last read; it then types Eve's coins and Dirk's (5 → 6).
    let base = api.get_play(play).expect("play").table_state.expect("state");
    let mut ours = base.clone();
    ours["players"][2]["coins"] = json!(2);
    ours["players"][0]["coins"] = json!(4);
    // Before the host's save reaches the core, Dirk's phone saves his coins and palms.
    api.call_json_as(
        Access::Seat(dirk),
        "table_save_seat",
        json!({ "part": { "coins": 11, "palm_members": 3 } }),
    )
    .expect("phone's save");
    let saved = api.save_table_state(play, ours.clone(), Some(base.clone())).expect("host's save");

    let stored = api.get_play(play).expect("play").table_state.expect("state");
    let coins = |s: &Value| [0, 1, 2].map(|i| s["players"][i]["coins"].clone());
    assert_eq!(coins(&stored), [json!(4), json!(11), json!(2)], "the host's two edits and the phone's");
    assert_eq!(stored["players"][1]["palm_members"], json!(3));
    assert_eq!(stored["players"][0]["missions"], base["players"][0]["missions"], "what nobody changed stays");
    assert_eq!(saved.merged.as_ref(), Some(&stored), "the answer gives the host the merged state to show");

    // The same field changed by both: the later writer (the host here) wins, and Undo brings the
    // phone's value back.
    let base = stored.clone();
    let mut ours = base.clone();
    ours["players"][1]["coins"] = json!(6);
    api.call_json_as(Access::Seat(dirk), "table_save_seat", json!({ "part": { "coins": 12 } }))
        .expect("phone");
    api.save_table_state(play, ours, Some(base)).expect("host's save");
    assert_eq!(
        api.get_play(play).expect("play").table_state.expect("state")["players"][1]["coins"],
        json!(6)
    );
    let undone = api.undo_table_state(play).expect("undo");
    assert_eq!(undone.state["players"][1]["coins"], json!(12), "the phone's value is the undo step");

    // Without a base (the CLI, a script), the table is stored as sent.
    let sent =
        json!({ "variant": "base", "players": [{ "name": "Ani" }, { "name": "Dirk" }, { "name": "Eve" }] });
    assert_eq!(api.save_table_state(play, sent.clone(), None).expect("save").merged, None);
    assert_eq!(api.get_play(play).expect("play").table_state, Some(sent));
}

/// A phone entering its part before the host ever saved the table: the table made for it is the
/// play's, its module included (Splendor's Strongholds was stored without one and read as the
/// default Cities, where nobles are refused). Found by the phones' E2E.
#[test]
fn a_phone_s_first_entry_into_a_play_never_saved_keeps_its_module() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let mut store = Store::open(&db).expect("open");
    let play = start_play(&mut store, greffier::games::GameId::Splendor, "strongholds", &["Ani", "Dirk"]).id;
    drop(store);
    let api = Api::open(&db).expect("open");
    let ticket = api.table_open(play, None, None).expect("open");
    let ani = phone_on_seat(&api, &ticket.join_token, 0);
    api.call_json_as(Access::Seat(ani), "table_save_seat", json!({ "part": { "card_prestige": 1 } }))
        .expect("phone's save");
    let state = api.get_play(play).expect("play").table_state.expect("state");
    assert_eq!(state["variant"], "strongholds");
    assert_eq!(state["players"], json!([{ "name": "Ani", "card_prestige": 1 }, { "name": "Dirk" }]));
}

/// A cooperative play (Orléans: Invasion) has no seat's total or place: the phone gets none,
/// rather than "1st · 0 pts" for every player (seen on the phones' E2E screenshots).
#[test]
fn a_phone_at_a_cooperative_play_gets_no_total_or_place() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let mut store = Store::open(&db).expect("open");
    let play = start_play(&mut store, greffier::games::GameId::Orleans, "invasion", &["Ani", "Dirk"]).id;
    let table = json!({ "variant": "invasion", "round": 3,
        "players": [{ "name": "Ani", "character": "administrateur_terrien" }, { "name": "Dirk" }] });
    let preview = store.save_table_state(play, &table).expect("host's save");
    let board = preview.scoreboard.or(preview.partial).expect("the core scores the table");
    assert!(matches!(board.outcome, greffier::games::Outcome::Coop { .. }), "{:?}", board.outcome);
    drop(store);
    let api = Api::open(&db).expect("open");
    let ticket = api.table_open(play, None, None).expect("open");
    let ani = phone_on_seat(&api, &ticket.join_token, 0);
    let view = api.call_json_as(Access::Seat(ani), "table_view", json!({})).expect("view");
    assert_eq!(view["seat"], 0);
    assert_eq!(view["score"], Value::Null);
}

/// The sheet's first save, its edit grown from the empty sheet it started with while the play
/// has nothing stored: what it sends is stored (nothing to merge), even unchanged from its base.
#[test]
fn a_first_save_with_its_base_stores_what_was_sent() {
    let dir = tempfile::tempdir().expect("dir");
    let mut store = Store::open(&dir.path().join("h.sqlite3")).expect("open");
    // Citadelles starts from an empty sheet (Valencia starts from its setup's table).
    let play = start_play(&mut store, greffier::games::GameId::Citadelles, "classique", &["Ani", "Dirk"]);
    let empty = json!({ "variant": "classique", "players": [{ "name": "Ani" }, { "name": "Dirk" }] });
    let saved = store.save_table_state_over(play.id, &empty, Some(&empty)).expect("save");
    assert_eq!(saved.merged, None);
    assert_eq!(store.play(play.id).expect("play").table_state, Some(empty));
}

#[test]
fn the_served_ui_carries_a_strict_csp_naming_its_inline_script() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ui = dir.path().join("ui");
    std::fs::create_dir(&ui).expect("ui dir");
    std::fs::write(
        ui.join("index.html"),
        "<html><script>start()</script><script src=\"/a.js\"></script></html>",
    )
    .expect("index");
    let db = dir.path().join("h.sqlite3");
    let served = crate::serve::Served::start(&db, Some(&ui));
    let mut stream = TcpStream::connect(served.addr).expect("connect");
    write!(stream, "GET /some/route HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", served.addr)
        .expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    let csp = answer
        .lines()
        .find_map(|l| l.strip_prefix("content-security-policy: "))
        .expect("a CSP header")
        .to_owned();
    use base64::Engine;
    use sha2::Digest;
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(b"start()"));
    assert!(csp.contains(&format!("script-src 'self' 'sha256-{hash}';")), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("object-src 'none'"), "{csp}");
    assert!(answer.contains("start()"), "the SPA's index for any route");
}

/// The local door (`greffier serve`, the host's browser): the host names the play to follow
/// its table's changes; no token is needed on the loopback, where every caller is the host.
#[test]
fn the_host_s_browser_follows_a_table_on_the_local_door() {
    let (_dir, db, play) = setup();
    let served = crate::serve::Served::start(&db, None);
    let (status, ticket) = served.call("table_open", &json!({ "play_id": play, "seats": null }));
    assert_eq!(status, 200, "{ticket}");
    let mut stream = TcpStream::connect(served.addr).expect("connect");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(30))).expect("timeout");
    write!(stream, "GET /api/table/events?play={play} HTTP/1.1\r\nHost: {}\r\n\r\n", served.addr)
        .expect("send");
    let mut reader = BufReader::new(stream);
    let mut data = Vec::new();
    let mut line = String::new();
    while data.len() < 2 {
        line.clear();
        assert!(reader.read_line(&mut line).expect("read") > 0, "the stream ended");
        if let Some(json) = line.trim_end().strip_prefix("data: ") {
            data.push(serde_json::from_str::<Value>(json).expect("json"));
            if data.len() == 1 {
                let (status, _) = served
                    .call("table_save_seat", &json!({ "play_id": play, "seat": 2, "part": { "coins": 2 } }));
                assert_eq!(status, 200);
            }
        }
    }
    assert_eq!(data[1]["seat"], 2);
    assert_eq!(data[1]["revision"].as_u64(), data[0]["revision"].as_u64().map(|r| r + 1));
    drop(reader);
    assert!(served.stop().success());
}

/// With `greffier table` beside `greffier serve` on one history, the host's
/// browser on the local door never heard the phones' saves made in the other process. The local
/// door looks for other processes' changes too: a save through another core reaches its stream.
#[test]
fn the_host_s_browser_hears_a_change_made_by_another_process() {
    let (_dir, db, play) = setup();
    let served = crate::serve::Served::start(&db, None);
    let (status, ticket) = served.call("table_open", &json!({ "play_id": play, "seats": null }));
    assert_eq!(status, 200, "{ticket}");
    let mut stream = TcpStream::connect(served.addr).expect("connect");
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).expect("timeout");
    write!(stream, "GET /api/table/events?play={play} HTTP/1.1\r\nHost: {}\r\n\r\n", served.addr)
        .expect("send");
    let mut reader = BufReader::new(stream);
    let hello = stream_changes(&mut reader, false);
    let revision = hello[0]["revision"].as_u64().expect("revision");

    // This test's process is the other one (the table door's, say): a seat saved there.
    let api = Api::open(&db).expect("open");
    let mut state = api.get_play(play).expect("play").table_state.expect("state");
    state["players"][2]["coins"] = json!(4);
    api.save_table_state(play, state, None).expect("save elsewhere");
    let heard = stream_changes(&mut reader, false);
    assert_eq!(
        (heard[0]["revision"].as_u64(), heard[0]["elsewhere"].clone()),
        (Some(revision + 1), json!(true)),
        "{heard:?}"
    );
    drop(reader);
    assert!(served.stop().success());
}
