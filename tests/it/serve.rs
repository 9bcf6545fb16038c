//! `greffier serve` as a user runs it: the real binary on a free port, over a temp history,
//! spoken to with plain HTTP/1.1.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

const GREFFIER: &str = env!("CARGO_BIN_EXE_greffier");

/// A running `greffier serve`, stopped (SIGTERM) when dropped.
pub struct Served {
    child: Child,
    pub addr: SocketAddr,
}

impl Served {
    pub fn start(db: &Path, ui: Option<&Path>) -> Served {
        Served::start_with(db, ui, &[])
    }

    /// [`Served::start`] with more of `serve`'s flags.
    pub fn start_with(db: &Path, ui: Option<&Path>, flags: &[&str]) -> Served {
        let missing_ui = db.with_file_name("no-ui");
        let mut child = Command::new(GREFFIER)
            .args(["serve", "--port", "0", "--db"])
            .arg(db)
            .args(flags)
            .arg("--ui")
            .arg(ui.unwrap_or(&missing_ui))
            .env_remove("GREFFIER_DB")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn greffier serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the address line");
        let addr =
            line.trim().trim_start_matches("http://").trim_end_matches('/').parse().expect("an address");
        Served { child, addr }
    }

    /// SIGTERM, then the exit status.
    pub fn stop(mut self) -> std::process::ExitStatus {
        self.terminate();
        self.child.wait().expect("wait")
    }

    fn terminate(&self) {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        assert!(status.is_ok_and(|s| s.success()), "kill -TERM");
    }

    /// `POST /api/<operation>` with a JSON body: the status and the JSON answer.
    pub fn call(&self, operation: &str, request: &Value) -> (u16, Value) {
        let body = serde_json::to_vec(request).expect("json");
        let (status, body) = http(
            self.addr,
            "POST",
            &format!("/api/{operation}"),
            &[("Content-Type", "application/json")],
            &body,
        );
        (
            status,
            serde_json::from_slice(&body)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into())),
        )
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.terminate();
            let _ = self.child.wait();
        }
    }
}

/// One HTTP/1.1 request on its own connection: the status and the body.
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, Vec<u8>) {
    http_on(TcpStream::connect(addr).expect("connect"), addr, method, path, headers, body)
}

/// [`http`] on a connection already open (from a given client address).
pub fn http_on(
    mut stream: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, Vec<u8>) {
    let mut head =
        format!("{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {addr}\r\n"));
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("send head");
    // The server may answer (413) and close before reading a large body: that is fine.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("a complete answer");
    let head = String::from_utf8_lossy(&answer[..split]).into_owned();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
    (status, answer[split + 4..].to_vec())
}

#[test]
fn bad_requests_get_4xx_with_the_error_kind() {
    let dir = tempfile::tempdir().expect("temp dir");
    let served = Served::start(&dir.path().join("h.sqlite3"), None);

    let (status, error) = served.call("no_such_operation", &json!({}));
    assert_eq!((status, error["kind"].as_str()), (404, Some("unknown_operation")));

    let (status, body) = http(
        served.addr,
        "POST",
        "/api/list_players",
        &[("Content-Type", "application/json")],
        b"{ not json",
    );
    let error: Value = serde_json::from_slice(&body).expect("json error");
    assert_eq!((status, error["kind"].as_str()), (400, Some("invalid_input")));
    assert_eq!(error["problems"][0]["code"], "malformed");

    let (status, error) = served.call("list_plays", &json!({ "filter": { "limit": "many" } }));
    assert_eq!((status, error["kind"].as_str()), (400, Some("invalid_input")));
    assert_eq!(error["problems"][0]["field"], "filter.limit");

    let (status, error) = served.call("get_play", &json!({ "play_id": 42 }));
    assert_eq!((status, error["kind"].as_str()), (404, Some("not_found")));

    // A page of another site: a simple (text/plain) POST, or another origin, is refused.
    let (status, _) = http(
        served.addr,
        "POST",
        "/api/create_player",
        &[("Content-Type", "text/plain")],
        br#"{"name":"Eve","colour":null}"#,
    );
    assert_eq!(status, 400);
    let (status, body) = http(
        served.addr,
        "POST",
        "/api/create_player",
        &[("Content-Type", "application/json"), ("Origin", "http://evil.example")],
        br#"{"name":"Eve","colour":null}"#,
    );
    assert_eq!(status, 403, "{}", String::from_utf8_lossy(&body));
    // A site whose name was pointed at 127.0.0.1 (DNS rebinding) is not this server's origin.
    let (status, _) = http(
        served.addr,
        "POST",
        "/api/create_player",
        &[("Content-Type", "application/json"), ("Host", "evil.example"), ("Origin", "http://evil.example")],
        br#"{"name":"Eve","colour":null}"#,
    );
    assert_eq!(status, 403);
    let (_, players) = served.call("list_players", &json!({}));
    assert_eq!(players, json!([]), "nothing was written by the refused requests");

    // An operation is POSTed: GET answers no page of the API, and no CORS header anywhere.
    let (status, _) = http(served.addr, "GET", "/api/list_players", &[], b"");
    assert_eq!(status, 405);

    // Oversize bodies are refused before being read whole.
    let big = vec![b' '; greffier::api::serve::MAX_BODY_BYTES + 1];
    let (status, body) =
        http(served.addr, "POST", "/api/list_games", &[("Content-Type", "application/json")], &big);
    let error: Value = serde_json::from_slice(&body).expect("json error");
    assert_eq!((status, error["kind"].as_str()), (413, Some("too_large")));

    assert!(served.stop().success(), "SIGTERM stops it cleanly");
}

/// SIGTERM while plays are being written: the server finishes the calls under way and exits 0;
/// the history is whole, and every play it answered for is in it.
#[test]
fn sigterm_during_writes_leaves_the_history_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("h.sqlite3");
    let served = Served::start(&db, None);
    let (_, ani) = served.call("create_player", &json!({ "name": "Ani", "colour": null }));
    let (_, dirk) = served.call("create_player", &json!({ "name": "Dirk", "colour": null }));
    let addr = served.addr;
    let writer = std::thread::spawn(move || {
        let mut confirmed = Vec::new();
        for i in 0..10_000 {
            let request = json!({ "new_play": { "game": "valencia", "variant": "base", "location": format!("table {i}"),
                "notes": null, "seats": [{ "player_id": ani["id"], "colour": null }, { "player_id": dirk["id"], "colour": null }],
                "first_seat": 0 } });
            let Ok(mut stream) = TcpStream::connect(addr) else { break };
            let body = serde_json::to_vec(&request).expect("json");
            let head = format!(
                "POST /api/start_play HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                body.len()
            );
            if stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body)).is_err() {
                break;
            }
            let mut answer = Vec::new();
            let _ = stream.read_to_end(&mut answer);
            if answer.starts_with(b"HTTP/1.1 200") {
                confirmed.push(i);
            }
        }
        confirmed
    });
    // Let some plays be written, then stop the server in the middle of the stream.
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let conn = rusqlite::Connection::open(&db).expect("read the history");
        let plays: i64 = conn.query_row("SELECT count(*) FROM plays", [], |r| r.get(0)).expect("count");
        if plays >= 20 {
            break;
        }
    }
    let status = served.stop();
    let confirmed = writer.join().expect("writer");
    assert!(status.success(), "a clean exit: {status:?}");
    assert!(confirmed.len() >= 20, "plays were written before the stop: {}", confirmed.len());

    let conn = rusqlite::Connection::open(&db).expect("reopen");
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).expect("check");
    assert_eq!(integrity, "ok");
    let stored: i64 = conn.query_row("SELECT count(*) FROM plays", [], |r| r.get(0)).expect("count");
    assert!(stored >= i64::try_from(confirmed.len()).expect("count"), "every confirmed play is stored");
    for i in &confirmed {
        let found: i64 = conn
            .query_row("SELECT count(*) FROM plays WHERE location = ?1", [format!("table {i}")], |r| r.get(0))
            .expect("look up");
        assert_eq!(found, 1, "play {i} was answered for, so it is stored once");
    }
}

/// The app could not import its own backups in a browser. The page sent the file's
/// text, so a gzip backup (which the picker offers) failed, and the 32 MiB body limit refused
/// the app's own backup above ~8k plays. The page now streams the file's bytes to
/// `POST /api/upload` (the host's only, from its own pages, outside the requests' limit) and
/// names the upload in `import_file`, which reads it as a stream.
#[test]
fn the_apps_own_backup_gzip_or_over_32_mib_imports_through_a_streamed_upload() {
    let dir = tempfile::tempdir().expect("temp dir");
    let served = Served::start(&dir.path().join("h.sqlite3"), None);
    let upload = |bytes: &[u8], headers: &[(&str, &str)]| {
        let (status, body) = http(served.addr, "POST", "/api/upload", headers, bytes);
        (status, serde_json::from_slice::<Value>(&body).unwrap_or(Value::Null))
    };
    let octets = [("Content-Type", "application/octet-stream")];

    // Past the limit with plays just started, each with long notes (a file of finished plays
    // only, ~9 KiB each here, takes as long to import as it is large: the benchmark
    // `streaming::import_of_100k_plays_through_http` takes 100 000).
    let plays = 300 + 3_200;
    let big = crate::support::backup_with_plays(300, 3_200, 1);
    assert!(big.len() > greffier::api::serve::MAX_BODY_BYTES, "{} bytes", big.len());
    let text = String::from_utf8(big.clone()).expect("json");
    let (status, refused) =
        served.call("import_file", &json!({ "kind": "backup", "file": { "text": text } }));
    assert_eq!((status, refused["kind"].as_str()), (413, Some("too_large")), "as a request's text");
    let (status, sent) = upload(&big, &octets);
    assert_eq!(status, 200, "{sent}");
    assert_eq!(sent["bytes"].as_u64(), Some(big.len() as u64));
    let (status, summary) =
        served.call("import_file", &json!({ "kind": "backup", "file": { "upload": sent["upload"] } }));
    assert_eq!((status, summary["plays_added"].as_u64()), (200, Some(plays as u64)), "{summary}");
    let (status, again) =
        served.call("import_file", &json!({ "kind": "backup", "file": { "upload": sent["upload"] } }));
    assert_eq!((status, again["kind"].as_str()), (404, Some("not_found")), "an upload is read once");

    let gz = crate::support::gzip(&crate::support::backup_with_plays(30, 2, 2));
    let (status, sent) = upload(&gz, &octets);
    assert_eq!(status, 200, "{sent}");
    let (status, summary) =
        served.call("import_file", &json!({ "kind": "backup", "file": { "upload": sent["upload"] } }));
    assert_eq!((status, summary["plays_added"].as_u64()), (200, Some(32)), "gzip: {summary}");
    let (_, page) = served.call("list_plays", &json!({ "filter": {} }));
    assert_eq!(page["total"].as_u64(), Some(plays as u64 + 32));

    // From a page of another site: refused before a byte is kept.
    let (status, _) = upload(&gz, &[("Content-Type", "text/plain")]);
    assert_eq!(status, 400, "a simple request");
    let (status, _) =
        upload(&gz, &[("Content-Type", "application/octet-stream"), ("Origin", "http://evil.example")]);
    assert_eq!(status, 403, "another origin");
    assert!(served.stop().success());
    let leftovers = std::fs::read_dir(dir.path().join("uploads")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(leftovers, 0, "no upload file left once read");
}
