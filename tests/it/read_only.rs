//! A history that cannot be written (a read-only file or folder, or another process holding
//! the write lock) can still be read; one at an older schema is refused, not half migrated.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use greffier::history::Store;

use crate::support::seed_plays;

/// A history of three finished plays in a folder of its own; the database's path. The folder
/// also holds `request.json`, a request for `greffier call list_plays`.
fn history(dir: &Path) -> PathBuf {
    std::fs::write(dir.join("request.json"), r#"{"filter": {}}"#).expect("request");
    let path = dir.join("greffier.sqlite3");
    let mut store = Store::open(&path).expect("history");
    seed_plays(&mut store, 3);
    path
}

fn said(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// Whether this process runs as root (who may write any file whatever its mode).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("Uid:")).map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

/// Runs the CLI as a user who can read `dir` and the files in it but write none of them: `dir`
/// and its files are made read-only, and root (who writes whatever the modes say) runs it as
/// `nobody` (util-linux's `setpriv`), from a copy of the binary `nobody` can reach.
struct ReadOnlyRunner {
    program: PathBuf,
    as_nobody: bool,
    _bin: tempfile::TempDir,
}

impl ReadOnlyRunner {
    fn new(dir: &Path) -> ReadOnlyRunner {
        use std::os::unix::fs::PermissionsExt as _;
        let set = |p: &Path, mode: u32| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod");
        };
        for entry in std::fs::read_dir(dir).expect("dir") {
            set(&entry.expect("entry").path(), 0o444);
        }
        set(dir, 0o555);
        let bin = tempfile::tempdir().expect("bin dir");
        let as_nobody = is_root();
        let program = if as_nobody {
            let copy = bin.path().join("greffier");
            std::fs::copy(env!("CARGO_BIN_EXE_greffier"), &copy).expect("copy the CLI");
            set(bin.path(), 0o755);
            set(&copy, 0o755);
            copy
        } else {
            PathBuf::from(env!("CARGO_BIN_EXE_greffier"))
        };
        ReadOnlyRunner { program, as_nobody, _bin: bin }
    }

    fn run(&self, args: &[&str]) -> Output {
        let mut command = if self.as_nobody {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]).arg(&self.program);
            c
        } else {
            Command::new(&self.program)
        };
        command.args(args).env_remove("GREFFIER_DB").env("LANG", "C").output().expect("run the CLI")
    }
}

/// The bytes of every file in `dir`, by name.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| {
            let e = e.expect("entry");
            (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap_or_default())
        })
        .collect();
    all.sort();
    all
}

/// A history on a read-only file in a read-only folder (a backup disk, another user's files):
/// the lists, statistics and exports read it, through the history commands and through the
/// operations the app and `greffier serve` use; a change is refused, saying the history cannot
/// be written; nothing of the folder changes.
#[test]
fn a_history_that_cannot_be_written_can_still_be_read() {
    let dir = tempfile::tempdir().expect("dir");
    let db = history(dir.path());
    let db = db.to_str().expect("utf-8 path");
    let request = dir.path().join("request.json").to_string_lossy().into_owned();
    let delete = dir.path().join("delete.json");
    std::fs::write(&delete, r#"{"play_id": 1}"#).expect("request");
    let delete = delete.to_string_lossy().into_owned();
    let before = files(dir.path());
    let cli = ReadOnlyRunner::new(dir.path());
    for args in [
        &["history", "list", "--json", "--db", db][..],
        &["history", "stats", "player", "Ani", "--db", db],
        &["history", "export", "--db", db],
        &["history", "csv", "--db", db],
        &["history", "show", "1", "--db", db],
        &["call", "list_plays", &request, "--json", "--db", db],
    ] {
        let out = cli.run(args);
        assert!(out.status.success(), "{args:?}: {}", said(&out));
        assert!(said(&out).contains("Ani"), "{args:?}: {}", said(&out));
    }
    let out = cli.run(&["history", "delete", "1", "--db", db]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(said(&out).contains("read-only"), "{}", said(&out));
    // Through the operations, the refusal has its own kind (the UI says it in words of its own).
    let out = cli.run(&["call", "delete_play", &delete, "--json", "--db", db]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert_eq!(error_kind(&out), "read_only", "{}", said(&out));
    assert_eq!(files(dir.path()), before, "nothing written");
}

/// The kind of the `ApiError` a `--json` call printed.
fn error_kind(out: &Output) -> String {
    let error: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    error["kind"].as_str().unwrap_or_default().to_owned()
}

/// Each door tells a read-only history and one needing an upgrade apart from a database
/// failure: their own kinds, and over HTTP a conflict with the history's state, not a 500.
#[test]
fn a_read_only_history_and_one_needing_an_upgrade_have_kinds_of_their_own() {
    use greffier::api::{ApiError, ErrorKind, serve::status_of};
    use greffier::history::StoreError;
    let read_only = ApiError::from(StoreError::ReadOnly);
    assert_eq!(read_only.kind, ErrorKind::ReadOnly);
    let older = ApiError::from(StoreError::NeedsUpgrade { found: 12, supported: 13 });
    assert_eq!(older.kind, ErrorKind::NeedsUpgrade);
    assert_eq!(serde_json::to_value(read_only.kind).expect("json"), "read_only");
    assert_eq!(serde_json::to_value(older.kind).expect("json"), "needs_upgrade");
    for kind in [read_only.kind, older.kind] {
        assert_eq!(status_of(kind).as_u16(), 409, "{kind:?}");
    }
}

/// A history at an older schema that cannot be written is not migrated: reading it says it must
/// first be opened where it can be written, and the file is left as it was.
#[test]
fn an_older_history_that_cannot_be_written_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    let db = history(dir.path());
    let older = greffier::history::latest_schema_version() - 1;
    rusqlite::Connection::open(&db).expect("open").pragma_update(None, "user_version", older).expect("older");
    let db = db.to_str().expect("utf-8 path");
    let request = dir.path().join("request.json").to_string_lossy().into_owned();
    let before = files(dir.path());
    let cli = ReadOnlyRunner::new(dir.path());
    for args in
        [&["history", "list", "--db", db][..], &["call", "list_plays", &request, "--json", "--db", db]]
    {
        let out = cli.run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", said(&out));
        assert!(said(&out).contains(&format!("older Greffier (schema {older};")), "{args:?}: {}", said(&out));
        assert!(said(&out).contains("where it can be written"), "{args:?}: {}", said(&out));
    }
    let out = cli.run(&["call", "list_plays", &request, "--json", "--db", db]);
    assert_eq!(error_kind(&out), "needs_upgrade", "{}", said(&out));
    assert_eq!(files(dir.path()), before, "left as it was");
}

/// Reading needs no write lock: while another process holds it (an import under way), the
/// lists and statistics answer instead of waiting for it, then failing (`database is locked`).
#[test]
fn reading_takes_no_write_lock() {
    let dir = tempfile::tempdir().expect("dir");
    let db = history(dir.path());
    let writer = rusqlite::Connection::open(&db).expect("open");
    writer.execute_batch("BEGIN IMMEDIATE").expect("the write lock");
    let db = db.to_str().expect("utf-8 path");
    let request = dir.path().join("request.json").to_string_lossy().into_owned();
    for args in [
        &["history", "list", "--json", "--db", db][..],
        &["history", "stats", "player", "Ani", "--db", db],
        &["call", "list_plays", &request, "--json", "--db", db],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_greffier"))
            .args(args)
            .env_remove("GREFFIER_DB")
            .output()
            .expect("run the CLI");
        assert!(out.status.success(), "{args:?}: {}", said(&out));
        assert!(said(&out).contains("Ani"), "{args:?}: {}", said(&out));
    }
    writer.execute_batch("ROLLBACK").expect("release");
}

/// Before any play there is no history file: reading answers an empty history, and creates
/// nothing (reading never writes).
#[test]
fn reading_a_history_not_made_yet_answers_empty_and_creates_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("greffier.sqlite3");
    let db = db.to_str().expect("utf-8 path");
    for (args, answer) in [
        (&["history", "list", "--json", "--db", db][..], "\"plays\": []"),
        (&["history", "export", "--db", db], "\"plays\":[]"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_greffier"))
            .args(args)
            .env_remove("GREFFIER_DB")
            .output()
            .expect("run the CLI");
        assert!(out.status.success(), "{args:?}: {}", said(&out));
        assert!(said(&out).contains(answer), "{args:?}: {}", said(&out));
    }
    assert_eq!(files(dir.path()), Vec::new(), "nothing created");
}
