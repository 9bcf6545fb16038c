//! Paired devices (`greffier serve --host 0.0.0.0` answered every host operation to
//! anyone on the network, with no token). The real `greffier serve`, spoken to from a second
//! loopback address (`127.0.0.2`, which Linux routes on `lo`): only `127.0.0.1` and `::1` are
//! this machine's own user, so a caller there goes through the very check a tablet on the
//! network does. Everything binds the loopback and is stopped by the test that started it.

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};

use greffier::api::{Api, Capability};
use serde_json::{Value, json};

use crate::serve::{Served, http_on};
use crate::table::setup;

const GREFFIER: &str = env!("CARGO_BIN_EXE_greffier");

/// A connection to `addr` from the loopback address `127.0.0.<host>`.
fn connect_from(host: u8, addr: SocketAddr) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("socket");
    socket.bind(&SocketAddr::from(([127, 0, 0, host], 0)).into()).expect("bind the client's address");
    socket.connect(&addr.into()).expect("connect");
    socket.into()
}

/// `POST /api/<operation>` from `127.0.0.<host>`, with a paired device's token or none.
fn call_from(
    host: u8,
    addr: SocketAddr,
    token: Option<&str>,
    operation: &str,
    request: &Value,
) -> (u16, Value) {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(auth) = &auth {
        headers.push(("Authorization", auth.as_str()));
    }
    let body = serde_json::to_vec(request).expect("json");
    let stream = connect_from(host, addr);
    let (status, body) = http_on(stream, addr, "POST", &format!("/api/{operation}"), &headers, &body);
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// A tablet pairs from `127.0.0.2` with a code the host asked for on the loopback: its token.
fn pair(served: &Served, name: &str) -> String {
    let (status, code) = served.call("pairing_code", &json!({ "lang": "fr" }));
    assert_eq!(status, 200, "{code}");
    let (status, paired) =
        call_from(2, served.addr, None, "pair_device", &json!({ "code": code["code"], "name": name }));
    assert_eq!(status, 200, "{paired}");
    paired["token"].as_str().expect("a token").to_owned()
}

fn play_exists(served: &Served, play: u32) -> bool {
    let (status, detail) = served.call("get_play", &json!({ "play_id": play }));
    status == 200 && detail["deleted_at"].is_null()
}

#[test]
fn a_caller_off_the_loopback_without_a_paired_token_reaches_no_host_operation() {
    let (_dir, db, play) = setup();
    let served = Served::start(&db, None);
    let backup = served.call("backup_now", &json!({})).1;
    let requests = [
        ("delete_play", json!({ "play_id": play })),
        ("list_plays", json!({ "filter": {} })),
        ("import_file", json!({ "kind": "backup", "file": { "text": "{}" } })),
        ("restore_backup", json!({ "file_name": backup["file_name"] })),
        ("export_file", json!({ "kind": "backup", "csv": null, "lang": null })),
        ("pairing_code", json!({})),
        ("list_paired_devices", json!({})),
    ];
    for (operation, request) in &requests {
        let (status, error) = call_from(2, served.addr, None, operation, request);
        assert_eq!((status, error["kind"].as_str()), (403, Some("forbidden")), "{operation}: {error}");
    }
    assert!(play_exists(&served, play), "nothing was deleted");
    // The whole list: every operation but pairing itself is refused before its request is read.
    for op in Api::operations() {
        let (status, answer) = call_from(2, served.addr, None, op.name, &json!({}));
        if op.capability == Capability::Pair {
            assert_eq!(status, 400, "pairing is reached (and refuses an empty request): {answer}");
        } else {
            assert_eq!((status, answer["kind"].as_str()), (403, Some("forbidden")), "{}: {answer}", op.name);
        }
    }
    // Nor a file, nor the live stream, nor a forged token.
    let stream = connect_from(2, served.addr);
    let octets = [("Content-Type", "application/octet-stream")];
    let (status, _) = http_on(stream, served.addr, "POST", "/api/upload", &octets, b"{\"plays\": []}");
    assert_eq!(status, 403, "no upload without a paired token");
    let stream = connect_from(2, served.addr);
    let (status, _) =
        http_on(stream, served.addr, "GET", &format!("/api/table/events?play={play}"), &[], b"");
    assert_eq!(status, 403, "no live stream without a paired token");
    let forged = format!("h1_{}", "ab".repeat(20));
    let (status, error) = call_from(2, served.addr, Some(&forged), "list_plays", &json!({ "filter": {} }));
    assert_eq!((status, error["kind"].as_str()), (401, Some("unauthorized")));
    // This machine's own user is still the host.
    assert_eq!(served.call("list_plays", &json!({ "filter": {} })).0, 200);
}

#[test]
fn a_paired_device_is_the_host_until_revoked_and_its_last_use_is_noted() {
    let (_dir, db, play) = setup();
    let served = Served::start(&db, None);
    let token = pair(&served, "Tablette du salon");

    let (status, devices) = served.call("list_paired_devices", &json!({}));
    assert_eq!(status, 200);
    assert_eq!(devices[0]["name"], "Tablette du salon");
    assert!(devices[0]["last_used_at"].is_null(), "not used yet: {devices}");
    assert!(devices[0]["created_at"].is_string());

    let (status, page) = call_from(2, served.addr, Some(&token), "list_plays", &json!({ "filter": {} }));
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["plays"][0]["id"], play);
    let (_, devices) = served.call("list_paired_devices", &json!({}));
    assert!(devices[0]["last_used_at"].is_string(), "its use is noted: {devices}");
    // The host's files too: a paired tablet imports and restores as the host's browser does.
    let stream = connect_from(2, served.addr);
    let auth = format!("Bearer {token}");
    let octets = [("Content-Type", "application/octet-stream"), ("Authorization", auth.as_str())];
    let (status, body) = http_on(stream, served.addr, "POST", "/api/upload", &octets, b"{}");
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));

    // Revoked by another process on the same history (the CLI): refused at its next request.
    let id = devices[0]["id"].to_string();
    let revoked = Command::new(GREFFIER)
        .args(["devices", "revoke", &id, "--db"])
        .arg(&db)
        .env_remove("GREFFIER_DB")
        .status()
        .expect("greffier devices revoke");
    assert!(revoked.success());
    let (status, error) = call_from(2, served.addr, Some(&token), "list_plays", &json!({ "filter": {} }));
    assert_eq!((status, error["kind"].as_str()), (401, Some("unauthorized")), "{error}");
    let (status, error) = call_from(2, served.addr, Some(&token), "delete_play", &json!({ "play_id": play }));
    assert_eq!(status, 401, "{error}");
    assert!(play_exists(&served, play));
    assert_eq!(served.call("list_paired_devices", &json!({})).1, json!([]));
}

#[test]
fn a_pairing_code_pairs_once_and_expires() {
    let (_dir, db, _play) = setup();
    let served = Served::start(&db, None);
    let (_, code) = served.call("pairing_code", &json!({}));
    let code = code["code"].as_str().expect("code").to_owned();
    assert!(code.starts_with('p'), "{code}");

    // A refused name leaves the code to be used.
    let (status, error) =
        call_from(2, served.addr, None, "pair_device", &json!({ "code": code, "name": "  " }));
    assert_eq!((status, error["problems"][0]["field"].as_str()), (400, Some("name")), "{error}");
    let (status, _) = call_from(2, served.addr, None, "pair_device", &json!({ "code": code, "name": "Tab" }));
    assert_eq!(status, 200);
    let (status, error) =
        call_from(2, served.addr, None, "pair_device", &json!({ "code": code, "name": "Tab 2" }));
    assert_eq!((status, error["kind"].as_str()), (401, Some("unauthorized")), "once only: {error}");
    // A code with its secret changed is no code.
    let (_, other) = served.call("pairing_code", &json!({}));
    let other = other["code"].as_str().expect("code");
    let forged = format!("{}{}", &other[..other.len() - 1], if other.ends_with('0') { '1' } else { '0' });
    let (status, _) = call_from(2, served.addr, None, "pair_device", &json!({ "code": forged, "name": "X" }));
    assert_eq!(status, 401);

    // Ten minutes later (the clock moved on in the history): expired.
    let (_, late) = served.call("pairing_code", &json!({}));
    let past = (chrono::Utc::now() - chrono::Duration::seconds(1))
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    rusqlite::Connection::open(&db)
        .expect("open")
        .execute("UPDATE pairing_codes SET expires_at = ?1", [past])
        .expect("age the codes");
    let (status, error) =
        call_from(2, served.addr, None, "pair_device", &json!({ "code": late["code"], "name": "Late" }));
    assert_eq!((status, error["kind"].as_str()), (401, Some("unauthorized")), "expired: {error}");
    let (_, devices) = served.call("list_paired_devices", &json!({}));
    assert_eq!(devices.as_array().map(Vec::len), Some(1), "only the first pairing: {devices}");
    assert_eq!(
        rusqlite::Connection::open(&db)
            .expect("open")
            .query_row("SELECT count(*) FROM pairing_codes", [], |r| r.get::<_, i64>(0))
            .expect("count"),
        1,
        "used and expired codes are gone (the unused forged-against one waits)"
    );
}

#[test]
fn the_host_door_answers_only_the_loopback_s_names_and_the_address_served() {
    let (_dir, db, _play) = setup();
    let mut child = Command::new(GREFFIER)
        .args(["serve", "--host", "127.0.0.2", "--port", "0", "--name", "salon.local", "--db"])
        .arg(&db)
        .args(["--ui", "no-ui"])
        .env_remove("GREFFIER_DB")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("greffier serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("address");
    let addr: SocketAddr =
        line.trim().trim_start_matches("http://").trim_end_matches('/').parse().expect("addr");
    let port = addr.port();
    let json_type = ("Content-Type", "application/json");
    for (host, expected) in [
        (format!("127.0.0.2:{port}"), 200),
        (format!("localhost:{port}"), 200),
        (format!("salon.local:{port}"), 200),
        (format!("rebound.attacker.example:{port}"), 403),
        (format!("127.0.0.3:{port}"), 403),
    ] {
        let stream = connect_from(1, addr);
        let (status, body) =
            http_on(stream, addr, "POST", "/api/list_games", &[json_type, ("Host", host.as_str())], b"{}");
        assert_eq!(status, expected, "{host}: {}", String::from_utf8_lossy(&body));
    }
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let _ = child.wait();
}

#[test]
fn the_cli_pairs_lists_and_revokes() {
    let (_dir, db, _play) = setup();
    let cli = |args: &[&str]| {
        let output = Command::new(GREFFIER)
            .args(args)
            .arg("--db")
            .arg(&db)
            .env_remove("GREFFIER_DB")
            .output()
            .expect("greffier");
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).expect("utf-8")
    };
    let code: Value = serde_json::from_str(&cli(&["devices", "pair", "--json"])).expect("json");
    assert!(
        code["pair_path"]
            .as_str()
            .is_some_and(|p| p.starts_with("/pair") && p.ends_with(code["code"].as_str().unwrap_or("-")))
    );
    let url = cli(&["devices", "pair", "--address", "http://192.168.1.10:4180/"]);
    assert!(url.lines().last().is_some_and(|l| l.starts_with("http://192.168.1.10:4180/pair")), "{url}");

    let served = Served::start(&db, None);
    let (status, _) =
        call_from(2, served.addr, None, "pair_device", &json!({ "code": code["code"], "name": "iPad" }));
    assert_eq!(status, 200);
    drop(served);
    let listed: Value = serde_json::from_str(&cli(&["devices", "list", "--json"])).expect("json");
    assert_eq!(listed[0]["name"], "iPad");
    assert!(cli(&["--lang", "en", "devices", "list"]).contains("iPad"));
    cli(&["devices", "revoke", &listed[0]["id"].to_string()]);
    assert!(cli(&["--lang", "en", "devices", "list"]).contains("No device is paired"));
}

#[test]
fn restoring_a_backup_never_lets_a_revoked_device_back_in() {
    let (_dir, db, _play) = setup();
    let served = Served::start(&db, None);
    let lost = pair(&served, "Tablette perdue");
    let (status, backup) = served.call("backup_now", &json!({}));
    assert_eq!(status, 200, "{backup}");
    let (_, devices) = served.call("list_paired_devices", &json!({}));
    served.call("revoke_paired_device", &json!({ "device": devices[0]["id"] }));
    let kept = pair(&served, "Nouvelle tablette");

    let (status, restored) = served.call("restore_backup", &json!({ "file_name": backup["file_name"] }));
    assert_eq!(status, 200, "{restored}");
    let (_, devices) = served.call("list_paired_devices", &json!({}));
    let names: Vec<&str> =
        devices.as_array().expect("list").iter().filter_map(|d| d["name"].as_str()).collect();
    assert_eq!(names, ["Nouvelle tablette"], "who may get in is today's, not the backup's");
    let (status, _) = call_from(2, served.addr, Some(&lost), "list_plays", &json!({ "filter": {} }));
    assert_eq!(status, 401, "the revoked tablet stays out");
    let (status, _) = call_from(2, served.addr, Some(&kept), "list_plays", &json!({ "filter": {} }));
    assert_eq!(status, 200, "the one paired since stays in");
}
