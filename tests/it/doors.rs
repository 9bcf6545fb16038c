//! One list, every door: each operation of the core's table answers the same through the core
//! (`Api::call_json`), the CLI (`greffier call`) and the HTTP server (`greffier serve`), on the
//! same script (`tests/operations.json`; the shell's test runs it through Tauri's IPC too).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use greffier::api::Api;
use greffier::history::{DB_FILE_NAME, DEFAULT_BACKUPS_KEPT, Store};
use serde_json::{Value, json};

#[path = "../doors.rs"]
pub(crate) mod script;

use crate::serve::Served;

const GREFFIER: &str = env!("CARGO_BIN_EXE_greffier");

/// Each door starts as the app does: a fresh history and its daily backup.
fn fresh_history(dir: &Path) -> std::path::PathBuf {
    let db = dir.join(DB_FILE_NAME);
    Store::open(&db).expect("open").daily_backup(DEFAULT_BACKUPS_KEPT).expect("daily backup");
    db
}

pub(crate) fn through_core(dir: &Path) -> script::Answers {
    let api = Api::open(&fresh_history(dir)).expect("open");
    script::run_script(&dir.display().to_string(), |op, request| {
        api.call_json(op, request).map_err(|e| serde_json::to_value(e).expect("error as JSON"))
    })
}

fn through_cli(dir: &Path) -> script::Answers {
    let db = fresh_history(dir);
    script::run_script(&dir.display().to_string(), |op, request| {
        let mut child = Command::new(GREFFIER)
            .args(["call", op, "-", "--json", "--db"])
            .arg(&db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn greffier");
        let text = serde_json::to_vec(&request).expect("json");
        child.stdin.take().expect("stdin").write_all(&text).expect("write the request");
        let out = child.wait_with_output().expect("run greffier");
        let answer: Value = serde_json::from_slice(&out.stdout).expect("a JSON answer, or the error as JSON");
        if out.status.success() { Ok(answer) } else { Err(answer) }
    })
}

fn through_http(dir: &Path) -> script::Answers {
    // Its passes are the script's alone: no sharing thread racing them.
    let served = Served::start_with(&dir.join(DB_FILE_NAME), None, &["--no-sharing"]);
    let answers = script::run_script(&dir.display().to_string(), |op, request| {
        let (status, answer) = served.call(op, &request);
        if status == 200 { Ok(answer) } else { Err(answer) }
    });
    assert!(served.stop().success());
    answers
}

#[test]
fn every_operation_answers_the_same_through_the_core_the_cli_and_http() {
    let dirs: Vec<tempfile::TempDir> = (0..3).map(|_| tempfile::tempdir().expect("temp dir")).collect();
    let core = through_core(dirs[0].path());
    let cli = through_cli(dirs[1].path());
    let http = through_http(dirs[2].path());

    let mut called: Vec<&str> = core.iter().map(|(op, _)| op.as_str()).collect();
    called.sort_unstable();
    called.dedup();
    let mut listed: Vec<&str> = Api::operations().iter().map(|o| o.name).collect();
    listed.sort_unstable();
    assert_eq!(called, listed, "the script calls every operation of the table");

    for (step, ((in_core, by_cli), by_http)) in core.iter().zip(&cli).zip(&http).enumerate() {
        assert_eq!(in_core, by_cli, "step {step}: the CLI answers as the core");
        assert_eq!(in_core, by_http, "step {step}: HTTP answers as the core");
    }
    assert_eq!((core.len(), cli.len(), http.len()), (110, 110, 110));

    // The script's answers are real ones: a few checked by value.
    let answer = |step: usize| core[step].1.as_ref().map_err(|e| e.to_string());
    assert_eq!(answer(5).expect("score_table")["players"][1]["total"], 11, "Dirk: 7 city + 4 fountains");
    let help = answer(6).expect("table_help");
    assert_eq!(help["help"]["events"][0]["resolutions"][0]["coins_gained"], 4, "Revenus: twice level 2");
    // Pairing: a code pairs once, the name is kept trimmed, a device is revoked once.
    let of = |op: &str| core.iter().filter(|(o, _)| o == op).map(|(_, a)| a.clone()).collect::<Vec<_>>();
    let codes = of("pairing_code");
    let shown = codes[1].as_ref().expect("a code with its address");
    assert!(
        shown["url"]
            .as_str()
            .is_some_and(|u| u.starts_with("http://000.000.0.00:0000/pair?lang=fr#p0_<secret>")),
        "{shown}"
    );
    assert!(shown["qr_svg"].as_str().is_some_and(|svg| svg.contains("<svg")));
    assert!(codes[0].as_ref().is_ok_and(|c| c["url"].is_null()
        && c["pair_path"].as_str().is_some_and(|p| p.starts_with("/pair?lang=en#p0_<secret>"))));
    let paired = of("pair_device");
    assert_eq!(paired[0].as_ref().map(|p| p["device"]["name"].clone()), Ok("Tablette du salon".into()));
    assert_eq!(
        paired[1].as_ref().map_err(|e| e["kind"].clone()),
        Err("unauthorized".into()),
        "a code pairs once"
    );
    let revoked = of("revoke_paired_device");
    assert_eq!(revoked[0], Ok(serde_json::json!([])));
    assert_eq!(revoked[1].as_ref().map_err(|e| e["kind"].clone()), Err("not_found".into()));
    let applied = core.iter().find(|(op, _)| op == "citadelles_apply_round").map(|(_, a)| a.clone());
    let applied = applied.expect("called").expect("a finished round applies");
    assert_eq!(
        (&applied["crown"], &applied["game_over"]),
        (&json!(1), &json!(true)),
        "Dirk's King; Ani completed"
    );
    let answer_of = |name: &str| core.iter().find(|(op, _)| op == name).and_then(|(_, a)| a.clone().ok());
    let moved = answer_of("valencia_move").expect("round 2's council counted, the tracker moves on");
    assert_eq!((&moved["progress"]["round"], &moved["progress"]["step"]), (&json!(3), &json!("A")));
    let seat = answer_of("valencia_council_seat").expect("Dirk takes the wine guild's seat");
    assert_eq!(
        (&seat["players"][0]["council"], &seat["players"][1]["council"]),
        (&json!(["nobility"]), &json!(["church", "wine"])),
        "Ani's member goes back"
    );
    let rescored = answer_of("rescore_play").expect("play 1 is finished");
    assert_eq!(rescored["scoreboard"]["players"][1]["total"], 11, "Dirk: 7 city + 4 fountains, scored again");
    let recorded = answer_of("record_play").expect("a finished table is recorded");
    assert_eq!(
        (&recorded["status"], &recorded["scoreboard"]["players"][0]["total"]),
        (&json!("finished"), &json!(9)),
        "Dirk's 9 city points, recorded finished"
    );
    let failed: Vec<&str> = core.iter().filter(|(_, a)| a.is_err()).map(|(op, _)| op.as_str()).collect();
    // The script's deliberate failures, and only them.
    assert_eq!(
        failed,
        [
            "finish_play",
            "get_play",
            "set_setup_done",
            "pair_device",
            "revoke_paired_device",
            "import_file",
            "sync_resolve",
            "restore_backup"
        ]
    );
    // The history shared: one file written with everything, this device named as asked.
    let shared = core.iter().find(|(op, _)| op == "sync_now").map(|(_, a)| a.clone());
    assert_eq!(shared.expect("called").expect("a pass")["written"], 1);
    let status = core.iter().rev().find(|(op, _)| op == "sync_status").map(|(_, a)| a.clone());
    let status = status.expect("called").expect("status");
    assert_eq!(
        (&status["devices"][0]["name"], &status["devices"][0]["files"]),
        (&json!("Laptop"), &json!(1))
    );
}

/// The CLI is a door like the others (ARCHITECTURE.md's invariant): its commands call the
/// `Api` (each operation's typed method, and the byte transport beside them: a file or standard
/// input read by `import_stream`, written by `export_to`), never the history's `Store`.
#[test]
fn the_cli_reaches_the_history_only_through_the_operations() {
    let mut found = Vec::new();
    crate::support::source_lines("src/cli", false, |path, n, line| {
        let code = line.split("//").next().unwrap_or_default();
        let names_store = code.match_indices("Store").any(|(at, _)| {
            let next = code[at + "Store".len()..].chars().next();
            !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
        if names_store || code.contains(".store()") {
            found.push(format!("{}:{n}: {line}", path.display()));
        }
    });
    assert!(found.is_empty(), "the CLI reaches the history's store itself:\n{}", found.join("\n"));
}
