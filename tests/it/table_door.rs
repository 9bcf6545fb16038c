//! Table mode's door against a hostile guest on the network: half-sent requests,
//! stream floods, join floods and two Host headers, tried on the real `greffier table` from
//! several loopback addresses (127.0.0.x: the door counts per client address, as it does per
//! phone on a real network), and the load test: the honest phones' pace while all of it runs.
//! Everything binds the loopback, is bounded, and is stopped by the test that started it.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use greffier::api::serve::DoorPolicy;
use greffier::api::{Access, Api};
use serde_json::{Value, json};

use crate::serve::{Served, http, http_on};
use crate::table::{Table, setup, stream_changes};

/// A connection to `addr` from the loopback address `127.0.0.<host>`.
fn connect_from(host: u8, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
    socket.bind(&SocketAddr::from(([127, 0, 0, host], 0)).into())?;
    socket.connect(&addr.into())?;
    Ok(socket.into())
}

/// `POST /api/<operation>` from `127.0.0.<host>` with a token: the status and the JSON answer.
fn call_from(host: u8, table: &Table, token: Option<&str>, operation: &str, request: &Value) -> (u16, Value) {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(auth) = &auth {
        headers.push(("Authorization", auth.as_str()));
    }
    let stream = connect_from(host, table.addr).expect("connect");
    let body = serde_json::to_vec(request).expect("json");
    let (status, body) = http_on(stream, table.addr, "POST", &format!("/api/{operation}"), &headers, &body);
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// A live stream opened from `127.0.0.<host>` with `token`: its status line (0: the door
/// closed the connection first), and the reader.
fn stream_from(host: u8, addr: SocketAddr, token: &str) -> (u16, BufReader<TcpStream>) {
    let mut stream = connect_from(host, addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let head = format!(
        "GET /api/table/events?token={token} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    );
    let _ = stream.write_all(head.as_bytes());
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    let _ = reader.read_line(&mut status);
    let status = status.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, reader)
}

/// The connection was closed by the server (its end read, or reset), without waiting.
fn closed(stream: &mut TcpStream) -> bool {
    stream.set_nonblocking(true).expect("nonblocking");
    let mut byte = [0u8; 64];
    loop {
        match stream.read(&mut byte) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}

/// A new phone's device token, joined in this process's core on the same history (no door).
fn phone_token(api: &Api, join_token: &str) -> String {
    let grant = Access::Seat(api.table_access(join_token).expect("join token"));
    let joined = api.call_json_as(grant, "table_join", json!({ "ask": false })).expect("join");
    joined["token"].as_str().expect("token").to_owned()
}

/// About 1,000 half-sent requests took every file descriptor of the server (no
/// header or idle timeout, no connection cap), and an honest phone got 0 of 14 requests
/// through in 71 s. One address holds a few connections at most (those beyond are closed at
/// once), a request's head must arrive in time, and a connection idle after its answer is let
/// go after as long.
#[test]
fn half_sent_requests_and_idle_connections_are_closed_and_capped_per_address() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let phone = table.join(0);
    let policy = DoorPolicy::TABLE;
    let started = Instant::now();
    let mut held: Vec<TcpStream> = (0..40)
        .map(|_| {
            let mut stream = connect_from(2, table.addr).expect("connect");
            // A head that never ends.
            let _ = stream.write_all(b"POST /api/table_view HTTP/1.1\r\nHost: ");
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let closed_at_once = held.iter_mut().map(closed).filter(|&gone| gone).count();
    assert_eq!(closed_at_once, 40 - policy.connections_per_address, "the address's cap");

    // Meanwhile a phone elsewhere is answered.
    let (status, view) = call_from(3, &table, Some(&phone), "table_view", &json!({}));
    assert_eq!(status, 200, "{view}");

    // A connection kept alive after its answer, then left idle.
    let mut idle = connect_from(4, table.addr).expect("connect");
    let auth = format!("Bearer {phone}");
    let head = format!(
        "POST /api/table_view HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAuthorization: {auth}\r\nContent-Length: 2\r\n\r\n{{}}",
        table.addr
    );
    idle.write_all(head.as_bytes()).expect("send");
    idle.set_read_timeout(Some(Duration::from_secs(5))).expect("timeout");
    let mut answered = [0u8; 12];
    idle.read_exact(&mut answered).expect("an answer");
    assert_eq!(&answered, b"HTTP/1.1 200");

    // The half-sent heads and the idle connection are closed once their time is out.
    let deadline = policy.header_timeout + Duration::from_secs(5);
    while !(held.iter_mut().all(closed) && closed(&mut idle)) {
        assert!(started.elapsed() < deadline, "still open after {:?}", started.elapsed());
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(started.elapsed() >= policy.header_timeout - Duration::from_millis(500), "not before their time");
}

/// RFC 9112 §3.2: a request naming two hosts is refused (it was answered as the first one).
#[test]
fn two_host_headers_are_refused_on_both_doors() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let phone = table.join(0);
    let auth = format!("Bearer {phone}");
    let served = table.addr.to_string();
    let headers = [
        ("Host", served.as_str()),
        ("Host", served.as_str()),
        ("Content-Type", "application/json"),
        ("Authorization", auth.as_str()),
    ];
    let (status, body) = http(table.addr, "POST", "/api/table_view", &headers, b"{}");
    let error: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!((status, error["kind"].as_str()), (400, Some("invalid_input")), "{error}");
    assert_eq!(http(table.addr, "POST", "/api/table_view", &headers[1..], b"{}").0, 200, "one is fine");

    let dir = tempfile::tempdir().expect("dir");
    let local = Served::start(&dir.path().join("h.sqlite3"), None);
    let own = local.addr.to_string();
    for second in [own.as_str(), "evil.example"] {
        let headers = [("Host", own.as_str()), ("Host", second), ("Content-Type", "application/json")];
        let (status, _) = http(local.addr, "POST", "/api/list_players", &headers, b"{}");
        assert_eq!(status, 400, "the local door, then {second}");
    }
}

/// With one phone's token, 900 live streams cost 515 threads and pushed the saves'
/// p99 to 625 ms. A phone holds two (a newer one ends its oldest: a reloaded page does not
/// wait for its old stream to be found gone); an address and the door hold a few more, and
/// refuse beyond.
#[test]
fn a_phone_an_address_and_the_door_hold_a_few_live_streams() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let api = Api::open(&db).expect("open");
    let policy = DoorPolicy::TABLE;
    let phone = table.join(0);

    let mut streams: Vec<BufReader<TcpStream>> = (0..5)
        .map(|_| {
            let (status, mut reader) = stream_from(1, table.addr, &phone);
            assert_eq!(status, 200);
            assert_eq!(stream_changes(&mut reader, false).len(), 1, "the greeting");
            reader
        })
        .collect();
    let (status, _) = table.call(Some(&phone), "table_save_seat", &json!({ "part": { "coins": 6 } }));
    assert_eq!(status, 200);
    let heard: Vec<usize> = streams.iter_mut().map(|reader| stream_changes(reader, false).len()).collect();
    assert_eq!(heard, [0, 0, 0, 1, 1], "the three oldest ended, the newest two heard the save");

    // Eight phones' streams from one address; a ninth is refused, another address is not.
    let tokens: Vec<String> =
        (0..=policy.streams_per_address).map(|_| phone_token(&api, &table.join)).collect();
    let mut open: Vec<BufReader<TcpStream>> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let (status, reader) = stream_from(5, table.addr, token);
        if i < policy.streams_per_address {
            assert_eq!(status, 200, "stream {i}");
            open.push(reader);
        } else {
            assert_eq!(status, 429, "one address holds {} streams", policy.streams_per_address);
        }
    }
    let (status, _reader) = stream_from(6, table.addr, &tokens[policy.streams_per_address]);
    assert_eq!(status, 200, "from another address");
}

/// Every phone that had not joined shared the join token's bucket, so one guest's
/// flood answered 429 to everyone, and joins were not capped. The join token counts per
/// address, and so do new phones.
#[test]
fn one_guest_flooding_joins_keeps_no_other_phone_out() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let join = table.join.clone();
    let policy = DoorPolicy::TABLE;
    let joins = policy.joins_per_address.expect("joins are bounded");

    let mut made = 0;
    let mut refused = 0;
    for _ in 0..(joins.burst + 10) {
        match call_from(7, &table, Some(&join), "table_join", &json!({ "ask": false })) {
            (200, _) => made += 1,
            (429, error) => {
                assert_eq!(error["kind"], "rate_limited");
                refused += 1;
            }
            (status, error) => panic!("{status} {error}"),
        }
    }
    assert_eq!((made, refused), (joins.burst, 10), "the address's joins");
    // The guest floods the join token's ordinary requests too.
    let mut flooded = false;
    for _ in 0..1000 {
        if call_from(7, &table, Some(&join), "table_view", &json!({})).0 == 429 {
            flooded = true;
            break;
        }
    }
    assert!(flooded, "the guest meets its own bounds");

    // A player's phone elsewhere sees the seats and joins.
    let (status, view) = call_from(8, &table, Some(&join), "table_view", &json!({}));
    assert_eq!(status, 200, "{view}");
    let (status, joined) =
        call_from(8, &table, Some(&join), "table_join", &json!({ "claim": 2, "ask": false }));
    assert_eq!((status, joined["seat"].clone()), (200, json!(2)), "{joined}");
}

/// Figures of a list of latencies: p50, p95, max (ms).
fn percentiles(samples: &mut [u128]) -> (u128, u128, u128) {
    samples.sort_unstable();
    let at = |p: usize| samples[(samples.len() * p / 100).min(samples.len() - 1)];
    (at(50), at(95), samples[samples.len() - 1])
}

/// One honest change: Ani's phone saves (from .10), Dirk's phone hears it on its stream and
/// fetches its view (from .11), which shows it. The time from the save sent to the view read.
fn honest_change(
    table: &Table,
    ani: &str,
    dirk: &str,
    stream: &mut BufReader<TcpStream>,
    coins: u32,
) -> u128 {
    let started = Instant::now();
    let (status, saved) =
        call_from(10, table, Some(ani), "table_save_seat", &json!({ "part": { "coins": coins } }));
    assert_eq!(status, 200, "Ani's save: {saved}");
    let revision = saved["revision"].as_u64().expect("revision");
    loop {
        let heard = stream_changes(stream, false);
        let change = heard.first().expect("Dirk's stream is open");
        if change["revision"].as_u64() >= Some(revision) {
            break;
        }
    }
    let (status, view) = call_from(11, table, Some(dirk), "table_view", &json!({}));
    assert_eq!(status, 200, "Dirk's view: {view}");
    assert_eq!(view["table"]["players"][0]["coins"], coins, "Dirk sees Ani's coins");
    started.elapsed().as_millis()
}

/// The load test the issue asks for: while a guest attacks the door from several addresses
/// (half-sent requests, a stream flood with a phone's token, a join flood, a flood of forged
/// tokens), two honest phones go on: one saves, the other hears it live and reads it. Every
/// honest request is answered, and a change reaches the other phone within the table-mode
/// target (250 ms from the tap to the other phone's screen, `ui/e2e/table.e2e.mjs`); the
/// figures are printed (`cargo test … -- --nocapture`).
#[test]
fn honest_phones_keep_their_pace_while_the_door_is_attacked() {
    const TARGET_MS: u128 = 250;
    const ROUNDS: u32 = 30;
    let (_dir, db, play) = setup();
    let table = Arc::new(Table::open(&db, play));
    let api = Api::open(&db).expect("open");
    let ani = table.join(0);
    let dirk = table.join(1);
    let guest = phone_token(&api, &table.join);
    let (status, mut dirk_stream) = stream_from(11, table.addr, &dirk);
    assert_eq!(status, 200);
    stream_changes(&mut dirk_stream, false);

    let mut calm: Vec<u128> =
        (0..10).map(|i| honest_change(&table, &ani, &dirk, &mut dirk_stream, i)).collect();

    let stop = Arc::new(AtomicBool::new(false));
    let counted = Arc::new([(); 6].map(|()| AtomicUsize::new(0)));
    let [half_sent, half_closed, streams_open, streams_refused, joins_refused, forged_refused] =
        [0, 1, 2, 3, 4, 5];
    let mut attackers = Vec::new();
    // Half-sent requests: 4 addresses keeping 64 connections each, reopened once the door
    // closes them, 256 at most each (about the 1,000 of the issue).
    for host in 20..24u8 {
        let (table, stop, counted) = (table.clone(), stop.clone(), counted.clone());
        attackers.push(std::thread::spawn(move || {
            let mut held: Vec<TcpStream> = Vec::new();
            let mut budget = 256;
            while !stop.load(Ordering::Relaxed) {
                held.retain_mut(|s| {
                    let gone = closed(s);
                    if gone {
                        counted[half_closed].fetch_add(1, Ordering::Relaxed);
                    }
                    !gone
                });
                while held.len() < 64 && budget > 0 {
                    budget -= 1;
                    let Ok(mut s) = connect_from(host, table.addr) else { break };
                    let _ = s.write_all(b"POST /api/table_view HTTP/1.1\r\nHost: ");
                    counted[half_sent].fetch_add(1, Ordering::Relaxed);
                    held.push(s);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }));
    }
    // A stream flood with a phone's token: 100 streams opened and kept.
    {
        let (table, stop, counted, guest) = (table.clone(), stop.clone(), counted.clone(), guest.clone());
        attackers.push(std::thread::spawn(move || {
            let mut held = Vec::new();
            for _ in 0..100 {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                match stream_from(24, table.addr, &guest) {
                    (200, reader) => {
                        counted[streams_open].fetch_add(1, Ordering::Relaxed);
                        held.push(reader);
                    }
                    _ => {
                        counted[streams_refused].fetch_add(1, Ordering::Relaxed);
                    }
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
            }
        }));
    }
    // A join flood with the QR code's token, and forged tokens: 100 requests a second each.
    for (host, flood) in [(25u8, joins_refused), (26, forged_refused)] {
        let (table, stop, counted) = (table.clone(), stop.clone(), counted.clone());
        let forged = format!("d{}_{}", 1, "0".repeat(40));
        attackers.push(std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let (status, _) = if flood == joins_refused {
                    let join = table.join.clone();
                    call_from(host, &table, Some(&join), "table_join", &json!({ "ask": false }))
                } else {
                    call_from(host, &table, Some(&forged), "table_view", &json!({}))
                };
                if status == 429 || status == 401 {
                    counted[flood].fetch_add(1, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }));
    }
    // The attack under way (the half-sent connections held, the streams opened).
    std::thread::sleep(Duration::from_millis(1500));
    let mut attacked: Vec<u128> =
        (0..ROUNDS).map(|i| honest_change(&table, &ani, &dirk, &mut dirk_stream, 100 + i)).collect();
    stop.store(true, Ordering::Relaxed);
    for attacker in attackers {
        attacker.join().expect("attacker");
    }

    let calm = percentiles(&mut calm);
    let under_attack = percentiles(&mut attacked);
    let count = |i: usize| counted[i].load(Ordering::Relaxed);
    eprintln!(
        "table door load test: a phone's save → the other phone's stream → its view\n  \
         calm, 10 changes: p50 {} ms, p95 {} ms, max {} ms\n  \
         attacked, {ROUNDS} changes: p50 {} ms, p95 {} ms, max {} ms (target {TARGET_MS} ms)\n  \
         attack: {} half-sent requests ({} closed by the door), {} live streams opened with one \
         phone's token ({} refused; the door keeps its newest two), {} joins and {} forged-token \
         requests refused",
        calm.0,
        calm.1,
        calm.2,
        under_attack.0,
        under_attack.1,
        under_attack.2,
        count(half_sent),
        count(half_closed),
        count(streams_open),
        count(streams_refused),
        count(joins_refused),
        count(forged_refused),
    );
    assert!(under_attack.0 <= TARGET_MS, "p50 {} ms under attack", under_attack.0);
    assert!(
        count(half_closed) > 0 && count(joins_refused) > 0 && count(forged_refused) > 0,
        "the attack ran"
    );
}

/// The head timeout closes idle connections, not a live stream, which reads nothing from its
/// phone for as long as the table is open.
#[test]
fn a_live_stream_outlives_the_head_timeout() {
    let (_dir, db, play) = setup();
    let table = Table::open(&db, play);
    let phone = table.join(0);
    let (status, mut reader) = stream_from(9, table.addr, &phone);
    assert_eq!(status, 200);
    assert_eq!(stream_changes(&mut reader, false).len(), 1, "the greeting");
    std::thread::sleep(DoorPolicy::TABLE.header_timeout + Duration::from_secs(2));
    let (status, _) = table.call(Some(&phone), "table_save_seat", &json!({ "part": { "coins": 7 } }));
    assert_eq!(status, 200);
    assert_eq!(stream_changes(&mut reader, false).len(), 1, "still live, it hears the save");
}
