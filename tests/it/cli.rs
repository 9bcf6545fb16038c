//! The `greffier` binary, as a user runs it, against temp databases only.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const GREFFIER: &str = env!("CARGO_BIN_EXE_greffier");

fn greffier(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(GREFFIER)
        .args(args)
        .env_remove("GREFFIER_DB")
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn greffier");
    if let Some(text) = stdin {
        // greffier may refuse its arguments and exit before reading: a broken pipe is fine.
        let _ = child.stdin.take().expect("stdin").write_all(text.as_bytes());
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("run greffier")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const SHEET: &str = r#"{"sheet":"generic","variant":"base","players":[{"name":"Ani","points":{"city":5,"palms":3}},{"name":"Dirk","points":{"city":7,"fountains":4}}]}"#;

#[test]
fn score_prints_a_table_or_the_scoreboard_json() {
    let out = greffier(&["score", "valencia", "-", "--lang", "en"], Some(SHEET));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Valencia — Base game"));
    let dirk = text.lines().find(|l| l.contains("Dirk")).expect("Dirk's row");
    assert!(dirk.starts_with("1 ★") && dirk.contains("11"), "{dirk}");

    let out = greffier(&["score", "valencia", "-", "--json"], Some(SHEET));
    let board: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(board["players"][1]["total"], 11);
    assert_eq!(board["outcome"]["kind"], "points");
}

#[test]
fn bad_input_exits_with_a_message_naming_the_problem() {
    let out = greffier(&["score", "chess", "-"], Some(SHEET));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown game `chess`"));

    let out = greffier(&["score", "valencia", "-"], Some("{not json"));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("Unreadable data (line 1"));

    let out = greffier(
        &["score", "valencia", "-", "--lang", "fr"],
        Some(r#"{"sheet":"generic","players":[{"name":"Ani","points":{"city":7000}},{"name":"Dirk"}]}"#),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("7000 points, hors limites"), "{}", stderr(&out));

    let out = greffier(&["score", "valencia", "/no/such/file.json"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("/no/such/file.json"));
}

/// A table file that is not UTF-8, or larger than 1 MiB, exited 2, as a failure of
/// the program, instead of 1, invalid input, with its problem: from a file and from stdin, for
/// `score` and `history add`.
#[test]
fn a_table_file_not_in_utf8_or_over_a_mebibyte_exits_1_with_its_problem() {
    let dir = tempfile::tempdir().expect("dir");
    let latin1 = dir.path().join("latin1.json");
    std::fs::write(&latin1, b"{\"sheet\":\"generic\",\"players\":[{\"name\":\"Z\xe9lie\"}]}").expect("file");
    let big = dir.path().join("big.json");
    std::fs::write(&big, format!("{SHEET}{}", " ".repeat(1 << 20))).expect("file");
    let db = dir.path().join("h.sqlite3");
    let db = db.to_str().expect("utf-8 path");
    for file in [&latin1, &big] {
        let file = file.to_str().expect("utf-8 path");
        for args in [vec!["score", "valencia", file], vec!["history", "--db", db, "add", "valencia", file]] {
            let out = greffier(&args, None);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            let said = stderr(&out);
            assert!(said.contains("UTF-8") || said.contains("larger than 1 MiB"), "{args:?}: {said}");
        }
    }
    let mut child = Command::new(GREFFIER)
        .args(["score", "valencia", "-", "--lang", "fr"])
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let _ = child.stdin.take().expect("stdin").write_all(b"{\"players\":[{\"name\":\"\xff\"}]}");
    let out = child.wait_with_output().expect("run");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("UTF-8"), "{}", stderr(&out));
}

#[test]
fn rules_search_finds_entries_without_accents() {
    let out =
        greffier(&["rules", "search", "egalite", "--game", "citadelles", "--lang", "fr", "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let hits: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(hits.as_array().is_some_and(|h| h.iter().any(|h| h["id"] == "citadelles.tie_break")), "{hits}");

    let out = greffier(&["rules", "search", "fontaine", "--lang", "en"], None);
    assert!(stdout(&out).contains("valencia.scoring.fountains  Fountains"));

    let out = greffier(&["rules", "show", "valencia.scoring.fountains", "--lang", "fr"], None);
    assert!(stdout(&out).contains("Valencia, livret de règles"));
}

/// At the command line as on the screen: another game's question is « not in these
/// rules » with its words and the closest entries apart, and a corrected word is always said,
/// with a question mark when it may be another word.
#[test]
fn rules_search_says_what_is_not_in_these_rules_and_what_it_corrected() {
    let out = greffier(&["rules", "search", "dixit conteur", "--lang", "fr"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Pas dans ces règles"), "{text}");
    assert!(text.contains("dixit") && text.contains("conteur → couleur\u{202f}?"), "{text}");
    assert!(text.contains("Fiches les plus proches"), "{text}");

    let out = greffier(&["rules", "search", "prison monopoly", "--lang", "en"], None);
    let text = stdout(&out);
    assert!(text.contains("Not in these rules") && text.contains("monopoly"), "{text}");

    let out = greffier(&["rules", "search", "fontane", "--lang", "en"], None);
    let text = stdout(&out);
    assert!(text.contains("fontane → fontaine") && !text.contains("fontaine ?"), "{text}");
    assert!(text.contains("valencia.scoring.fountains"), "{text}");
}

/// French typography reaches the terminal from the core: a narrow no-break space (U+202F)
/// before « : » and inside « », in a rule entry, its source, a box name and a tie-break
/// explanation; the English keeps its plain colon.
#[test]
fn french_output_from_the_command_line_has_a_narrow_space_before_its_colon() {
    let out = greffier(&["rules", "show", "orleans.tie_break", "--lang", "fr"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().next(), Some("Départage à Orléans\u{202f}: Invasion"), "{text}");
    assert!(text.contains("\nSource\u{202f}: Orléans\u{202f}: Invasion, livret de règles"), "{text}");
    assert!(!text.contains(" :"), "no plain space before a colon: {text}");

    let out = greffier(&["rules", "show", "orleans.tie_break", "--lang", "en"], None);
    assert_eq!(stdout(&out).lines().next(), Some("Orléans: Invasion tie-break"));
    assert!(stdout(&out).contains("\nSource: "), "{}", stdout(&out));

    let fixture = crate::support::checkout().join("tests/fixtures/scores/citadelles-tie.table.json");
    let request: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).expect("the fixture")).expect("json");
    let out = greffier(&["score", "citadelles", "-", "--lang", "fr"], Some(&request["table"].to_string()));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("par «\u{202f}le personnage révélé de plus haut rang au dernier tour\u{202f}»"),
        "{text}"
    );
    assert!(text.contains("Règle classique\u{202f}: le personnage"), "{text}");
    assert!(!text.contains(" :") && !text.contains(" ;"), "{text}");
}

#[test]
fn history_add_list_show_export_import_round_trip_on_temp_databases() {
    let dir = tempfile::tempdir().expect("dir");
    let a = dir.path().join("a.sqlite3");
    let b = dir.path().join("b.sqlite3");
    let a = a.to_str().expect("utf8");
    let b = b.to_str().expect("utf8");

    let out = greffier(&["history", "--db", a, "add", "valencia", "-"], Some(SHEET));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "recorded play #1");

    let list = stdout(&greffier(&["history", "--db", a, "list"], None));
    assert!(list.contains("★Dirk 11") && list.contains("1 / 1"), "{list}");
    let show = stdout(&greffier(&["history", "--db", a, "show", "1", "--lang", "en"], None));
    assert!(show.contains("Members in the city"));

    let export = dir.path().join("backup.json");
    let out = greffier(&["history", "--db", a, "export", "-o", export.to_str().expect("utf8")], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = greffier(&["history", "--db", b, "import", export.to_str().expect("utf8")], None);
    assert!(stdout(&out).contains("imported: 1 play, 0 plays of other games, 2 players"), "{}", stdout(&out));

    let first: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&export).expect("read")).expect("json");
    let second: serde_json::Value =
        serde_json::from_slice(&greffier(&["history", "--db", b, "export"], None).stdout)
            .expect("export from the copy");
    assert_eq!(first["plays"], second["plays"], "every play round-trips exactly");
    assert_eq!(first["players"], second["players"]);

    // Deleted since, the play is in the bin: the backup leaves it there and says so.
    let out = greffier(&["history", "--db", a, "delete", "1"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = greffier(&["history", "--db", a, "import", export.to_str().expect("utf8")], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("skipped 0 plays already present\n1 play already in the bin"),
        "{}",
        stdout(&out)
    );

    // GREFFIER_DB stands for --db.
    let out = Command::new(GREFFIER)
        .args(["history", "list", "--json"])
        .env("GREFFIER_DB", b)
        .output()
        .expect("run");
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(page["total"], 1);
}

#[test]
fn a_bad_import_changes_nothing_and_a_newer_database_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let db = db.to_str().expect("utf8");
    greffier(&["history", "--db", db, "add", "valencia", "-"], Some(SHEET));

    let out = greffier(&["history", "--db", db, "import", "-"], Some(r#"{"manifest": 3}"#));
    assert_eq!(out.status.code(), Some(1));
    let page: serde_json::Value =
        serde_json::from_slice(&greffier(&["history", "--db", db, "list", "--json"], None).stdout)
            .expect("json");
    assert_eq!(page["total"], 1);

    let future = dir.path().join("future.sqlite3");
    rusqlite::Connection::open(&future)
        .and_then(|c| {
            c.execute_batch("PRAGMA user_version = 42;")?;
            c.pragma_update(None, "application_id", greffier::history::APPLICATION_ID)
        })
        .expect("future db");
    let out = greffier(&["history", "--db", future.to_str().expect("utf8"), "list"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("newer Greffier (schema 42"), "{}", stderr(&out));
}

#[test]
fn history_bgstats_import_stats_csv_bin_and_backups_from_the_command_line() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let db = db.to_str().expect("utf-8 path");
    let sample = crate::support::checkout().join("tests/fixtures/bgstats-sample.json");
    let sample = sample.to_str().expect("utf-8 path");

    let out = greffier(&["history", "--db", db, "bgstats-import", sample], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("imported: 3 plays, 2 plays of other games, 4 players"),
        "{}",
        stdout(&out)
    );

    let out = greffier(&["history", "--db", db, "stats", "player", "ani"], None);
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(
        (stats["competitive"]["plays"].as_u64(), stats["competitive"]["wins"].as_u64()),
        (Some(3), Some(1))
    );

    let out = greffier(
        &["history", "--db", db, "list", "--player", "Lilli", "--from", "2025-11-01", "--to", "2025-11-03"],
        None,
    );
    assert!(stdout(&out).contains("citadelles") && stdout(&out).ends_with("1 / 1\n"), "{}", stdout(&out));

    let out = greffier(&["history", "--db", db, "csv", "--scores", "--semicolon", "--bom"], None);
    assert!(out.stdout.starts_with("\u{feff}play_id;uuid;game;".as_bytes()));

    let out = greffier(&["history", "--db", db, "list", "--json"], None);
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let id = page["plays"][0]["id"].as_u64().expect("id").to_string();
    assert!(greffier(&["history", "--db", db, "delete", &id], None).status.success());
    assert!(stdout(&greffier(&["history", "--db", db, "list"], None)).ends_with("2 / 2\n"));
    assert!(greffier(&["history", "--db", db, "restore", &id], None).status.success());

    let out = greffier(&["history", "--db", db, "backup"], None);
    assert!(stdout(&out).starts_with("greffier-manual-"), "{}", stdout(&out));
    let out = greffier(&["history", "--db", db, "backups"], None);
    let backups: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(backups[0]["kind"], "manual");

    let out = greffier(&["history", "--db", db, "stats", "player", "nobody"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no player named `nobody`"));

    // The plays of other games travel in the history's backup, and the import says so.
    let backup = dir.path().join("backup.json");
    let backup = backup.to_str().expect("utf-8 path");
    assert!(greffier(&["history", "--db", db, "export", "-o", backup], None).status.success());
    let copy = dir.path().join("copy.sqlite3");
    let out = greffier(&["history", "--db", copy.to_str().expect("utf-8 path"), "import", backup], None);
    assert!(
        stdout(&out).contains("imported: 3 plays, 2 plays of other games, 4 players"),
        "{}",
        stdout(&out)
    );
}

/// Issue: `history --db h.sqlite3 csv -o h.sqlite3` exited 0 and replaced the database. Every
/// export refuses the open database, its `-wal`/`-shm` files and its backups, and leaves them
/// untouched.
#[test]
fn an_export_never_overwrites_the_history_or_its_backups() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let db_arg = db.to_str().expect("path");
    let out = greffier(&["history", "--db", db_arg, "add", "valencia", "-"], Some(SHEET));
    assert!(out.status.success(), "{}", stderr(&out));
    let out = greffier(&["history", "--db", db_arg, "backup"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let backup = dir.path().join("backups").join(stdout(&out).trim());
    let before = std::fs::read(&db).expect("db bytes");
    let backup_before = std::fs::read(&backup).expect("backup bytes");
    let wal = format!("{db_arg}-wal");
    // A relative spelling of the same file is caught too.
    let relative = dir.path().join(".").join("h.sqlite3");
    for target in [db_arg, wal.as_str(), relative.to_str().expect("path"), backup.to_str().expect("path")] {
        for cmd in
            [vec!["csv", "-o", target], vec!["export", "-o", target], vec!["bgstats-export", "-o", target]]
        {
            let mut args = vec!["history", "--db", db_arg];
            args.extend(cmd.iter().copied());
            let out = greffier(&args, None);
            assert_eq!(out.status.code(), Some(1), "{args:?} must be refused: {}", stderr(&out));
            assert!(stderr(&out).contains("one of its backups"), "{}", stderr(&out));
        }
    }
    assert_eq!(std::fs::read(&db).expect("db"), before, "the database is untouched");
    assert_eq!(std::fs::read(&backup).expect("backup"), backup_before, "the backup is untouched");
    let out = greffier(&["history", "--db", db_arg, "list", "--json"], None);
    assert!(stdout(&out).contains("valencia"), "the history still opens and lists its play");
    // An export elsewhere is written whole, with no temporary file left beside it.
    let csv = dir.path().join("plays.csv");
    let out = greffier(&["history", "--db", db_arg, "csv", "-o", csv.to_str().expect("path")], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&csv).expect("csv").lines().count() >= 2);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Big histories restore from their own backups: exports stream compact JSON (gzip when the
/// name ends in .gz) and imports read them back one play at a time, with no size cap.
#[test]
fn a_gzip_backup_round_trips_through_the_command_line() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let db = db.to_str().expect("path");
    for _ in 0..3 {
        let out = greffier(&["history", "--db", db, "add", "valencia", "-"], Some(SHEET));
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let gz = dir.path().join("backup.json.gz");
    let out = greffier(&["history", "--db", db, "export", "-o", gz.to_str().expect("path")], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&gz).expect("gz");
    assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzip data");
    let copy = dir.path().join("copy.sqlite3");
    let copy = copy.to_str().expect("path");
    let out = greffier(&["history", "--db", copy, "import", gz.to_str().expect("path")], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("imported: 3 plays"), "{}", stdout(&out));
    // The same backup from standard input, uncompressed: everything is already there.
    let plain = greffier(&["history", "--db", db, "export"], None);
    let out = greffier(&["history", "--db", copy, "import", "-"], Some(&stdout(&plain)));
    assert!(stdout(&out).contains("skipped 3 plays"), "{}", stdout(&out));

    // Cut short, the file is said to be unreadable (it said "could not write the output").
    let cut = dir.path().join("cut.json.gz");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("write");
    let fresh = dir.path().join("fresh.sqlite3");
    let out = greffier(
        &["history", "--db", fresh.to_str().expect("path"), "import", cut.to_str().expect("path")],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("could not read the file"), "{}", stderr(&out));
}

#[test]
fn bgstats_import_reports_every_odd_play_in_json_and_lists_other_games() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let db = db.to_str().expect("utf-8 path");
    let history = crate::support::checkout().join("tests/fixtures/bgstats-history.json");
    let history = history.to_str().expect("utf-8 path");

    let out = greffier(&["history", "--db", db, "bgstats-import", "--json", history], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let skipped: Vec<&str> = report["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter(|n| n["kind"] == "skipped")
        .map(|n| n["uuid"].as_str().expect("uuid"))
        .collect();
    assert_eq!(skipped, vec!["X-07", "X-08", "X-09", "X-10", "X-00"]);
    assert_eq!(report["plays_ignored"], 1);

    let out = greffier(&["history", "--db", db, "others", "--game", "werewolf", "--limit", "200"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines().any(|l| l.starts_with("2024-10-31  Werewolf  ") && l.split(", ").count() == 11),
        "{text}"
    );

    // The same file again: everything already present, nothing added.
    let out = greffier(&["history", "--db", db, "bgstats-import", history], None);
    assert!(
        stdout(&out).starts_with("imported: 0 plays, 0 plays of other games, 0 players;"),
        "{}",
        stdout(&out)
    );
}

/// The BG Stats import said "1 plays of Zombie Dice", and said it in English only.
/// Each count takes its noun's form, in the language asked; the JSON report counts the plays
/// skipped.
#[test]
fn bgstats_import_counts_one_play_as_one_play_in_both_languages() {
    let dir = tempfile::tempdir().expect("dir");
    let fixture = crate::support::checkout().join("tests/fixtures/bgstats-round-scores.json");
    let fixture = fixture.to_str().expect("utf-8 path");
    let db = |name: &str| dir.path().join(name).to_str().expect("utf-8 path").to_owned();

    let out =
        greffier(&["history", "--db", &db("en.sqlite3"), "bgstats-import", fixture, "--lang", "en"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "imported: 2 plays, 9 plays of other games, 5 players; 0 plays already present, 0 ignored in BG Stats, 1 skipped"
        ),
        "{text}"
    );
    assert!(text.contains("other games: 1 play of Zombie Dice"), "{text}");
    assert!(!text.contains(" 1 plays") && !text.contains(" 1 players"), "{text}");

    let out =
        greffier(&["history", "--db", &db("fr.sqlite3"), "bgstats-import", fixture, "--lang", "fr"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "importé\u{202f}: 2 parties, 9 parties d’autres jeux, 5 joueurs\u{202f}; 0 partie déjà présente, 0 ignorée dans BG Stats, 1 non importée"
        ),
        "{text}"
    );
    assert!(text.contains("autres jeux\u{202f}: 1 partie de Zombie Dice"), "{text}");
    assert!(text.contains("Le joueur n° 99 (place 2) n’est pas dans le fichier."), "{text}");

    let out = greffier(&["history", "--db", &db("json.sqlite3"), "bgstats-import", "--json", fixture], None);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!((report["plays_skipped"].as_u64(), report["plays_added"].as_u64()), (Some(1), Some(2)));
}

#[test]
fn the_table_helpers_answer_from_the_shell_for_people_or_as_json() {
    // The same seed draws the same characters; the plan is read in the asked language.
    let draft = greffier(&["citadelles", "draft", "--players", "5", "--seed", "42", "--json"], None);
    assert!(draft.status.success(), "{}", stderr(&draft));
    let answer: serde_json::Value = serde_json::from_slice(&draft.stdout).expect("json");
    assert_eq!(answer["seed"], 42);
    assert_eq!(answer["plan"]["face_up"], 1, "5 players: one character face up");
    let again = greffier(&["citadelles", "draft", "--players", "5", "--seed", "42", "--json"], None);
    assert_eq!(draft.stdout, again.stdout);
    let fr = greffier(&["--lang", "fr", "citadelles", "draft", "--players", "5", "--seed", "42"], None);
    assert!(stdout(&fr).contains("1 carte face cachée"), "{}", stdout(&fr));

    // Orléans: the Invasion deck, and this round's event resolved from a table.
    let deck = greffier(&["orleans", "deck", "--players", "4", "--seed", "7", "--hard", "--json"], None);
    let deck: serde_json::Value = serde_json::from_slice(&deck.stdout).expect("json");
    assert_eq!(deck["order"].as_array().map(Vec::len), Some(16));
    let table = r#"{"variant": "dignitaire", "round": 1, "players": [{"name": "Ani", "coins": 1, "development_level": 2, "trading_posts": 2}]}"#;
    let resolved = greffier(&["orleans", "resolve", "-", "--round", "5", "--json"], Some(table));
    assert!(resolved.status.success(), "{}", stderr(&resolved));
    let events: serde_json::Value = serde_json::from_slice(&resolved.stdout).expect("json");
    assert_eq!(events[0]["resolutions"][0]["coins_gained"], 4, "Revenus in round 5: twice level 2");

    // Valencia's auction from a file, for people.
    let auction = r#"{"variant": "special_influence", "step": "B", "first_player": 0, "players": [
        {"name": "Ani", "stack": [{"card": "joker"}, {"card": 4}]}, {"name": "Dirk", "stack": [{"card": 6}, {"card": 6}]},
        {"name": "Lilli", "stack": null}]}"#;
    let out = greffier(&["valencia", "auction", "-", "--lang", "en"], Some(auction));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("total: 8"), "{}", stdout(&out));

    // Setup and the live help, through the same list.
    let setup = greffier(&["setup", "citadelles", "--players", "4", "--json"], None);
    assert!(
        serde_json::from_slice::<serde_json::Value>(&setup.stdout)
            .is_ok_and(|s| s.as_array().is_some_and(|s| !s.is_empty()))
    );
    let help = greffier(&["help", "orleans", "-", "--json"], Some(table));
    let help: serde_json::Value = serde_json::from_slice(&help.stdout).expect("json");
    assert_eq!(help["game"], "orleans");

    // A wrong request: exit 1, the field named; an unknown helper lists the helpers.
    let bad = greffier(
        &["valencia", "auction", "-"],
        Some(r#"{"players": [{"name": "Ani", "stack": [{"card": 9}]}, {"name": "Dirk"}]}"#),
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("players[0].stack"), "{}", stderr(&bad));
    let unknown = greffier(&["valencia", "fly"], None);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("auction"), "{}", stderr(&unknown));
}

#[test]
fn every_operation_is_listed_and_a_helper_never_creates_a_history() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("h.sqlite3");
    let list = greffier(&["operations", "--json"], None);
    let ops: serde_json::Value = serde_json::from_slice(&list.stdout).expect("json");
    assert_eq!(ops.as_array().map(Vec::len), Some(greffier::api::Api::operations().len()));
    let out = greffier(&["call", "valencia_missions", "--db", db.to_str().expect("utf-8")], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!db.exists(), "a guest operation never opens the history");
    let out = greffier(&["call", "list_players", "--json", "--db", db.to_str().expect("utf-8")], None);
    assert_eq!(stdout(&out).trim(), "[]");
    assert!(db.exists());
}

/// A score BG Stats did not keep is shown as none, not 0: "—" in a play's scores, no number in
/// the play log.
#[test]
fn a_score_not_kept_shows_as_none_from_the_command_line() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("h.sqlite3");
    let db = db.to_str().expect("utf-8 path");
    let mut file: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(crate::support::checkout().join("tests/fixtures/bgstats-sample.json"))
            .expect("sample"),
    )
    .expect("json");
    // Citadels: Lilli's score not kept.
    file["plays"][0]["playerScores"][2]["score"] = serde_json::json!("");
    let sample = dir.path().join("bgstats.json");
    std::fs::write(&sample, file.to_string()).expect("write");
    let out = greffier(&["history", "--db", db, "bgstats-import", sample.to_str().expect("utf-8")], None);
    assert!(out.status.success(), "{}", stderr(&out));

    let list = stdout(&greffier(&["history", "--db", db, "list", "--player", "Lilli"], None));
    assert!(list.contains("★Ani 31, Dirk 27, Lilli —\n"), "{list}");
    let page: serde_json::Value = serde_json::from_slice(
        &greffier(&["history", "--db", db, "list", "--player", "Lilli", "--json"], None).stdout,
    )
    .expect("json");
    let id = page["plays"][0]["id"].as_u64().expect("id").to_string();
    let show = stdout(&greffier(&["history", "--db", db, "show", &id, "--lang", "en"], None));
    let lilli = show.lines().find(|l| l.contains("Lilli")).expect("Lilli's line");
    assert_eq!(lilli.split_whitespace().collect::<Vec<_>>(), ["2", "Lilli", "—"], "{show}");
}

/// Invasion, Fin de la partie: the team loses when « l'invasion survient » with goals unmet, or
/// at once on a fatal event; a co-operative play still being played has not lost. Its score
/// read from the shell said « The team lost (round 3) » at round 3.
#[test]
fn an_unfinished_invasion_reads_in_progress_not_lost() {
    let table = r#"{"variant":"invasion","round":3,"players":[{"name":"Ani","character":"maire","coins":12},{"name":"Dirk","character":"pecheur"}]}"#;
    let out = greffier(&["score", "orleans", "-", "--lang", "en"], Some(table));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("The team is still playing (round 3)"), "{text}");
    assert!(!text.contains("lost"), "{text}");
    let out = greffier(&["score", "orleans", "-", "--lang", "fr"], Some(table));
    // The CLI's own French writes the typographic apostrophe, as every core text does.
    assert!(stdout(&out).contains("Partie de l’équipe en cours (manche 3)"), "{}", stdout(&out));
    let out = greffier(&["score", "orleans", "-", "--json"], Some(table));
    let board: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(board["outcome"]["in_progress"], true);
    assert_eq!(board["outcome"]["won"], false);
}

/// The helpers `greffier <game> --help` lists, in its order.
fn helpers_listed(game: &str) -> Vec<String> {
    let out = greffier(&[game, "--help"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let list = text.split("Possible values:").nth(1).unwrap_or_else(|| panic!("{game}: no list in\n{text}"));
    list.lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.strip_prefix("- "))
        .filter_map(|l| l.split(':').next())
        .map(|name| name.trim().to_owned())
        .collect()
}

/// The README's list of each game's helpers (between `<!-- helpers -->` and `<!-- /helpers -->`).
fn helpers_in_readme(readme: &str) -> Vec<(String, Vec<String>)> {
    let block = readme
        .split("<!-- helpers -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- /helpers -->").next())
        .expect("the README lists the helpers");
    block
        .split("- `greffier ")
        .skip(1)
        .map(|entry| {
            let (game, names) = entry.split_once("`:").expect("`greffier <game>`: names");
            let names = names.split('`').skip(1).step_by(2).map(str::to_owned).collect();
            (game.to_owned(), names)
        })
        .collect()
}

const GAMES: [&str; 4] = ["valencia", "citadelles", "orleans", "splendor"];

/// The README named `citadelles round-start`, which did not exist (exit 2), and
/// `citadelles --help` left out `draft-plan`, `draw-draft`, `apply-round`. One list, generated
/// from the core's operations (`<game>_<helper>`): the CLI dispatches on it, `--help` lists it
/// and the README gives it, for every game.
#[test]
fn the_readme_and_help_list_every_helper_the_cli_runs() {
    let readme = std::fs::read_to_string(crate::support::checkout().join("README.md")).expect("README");
    let in_readme = helpers_in_readme(&readme);
    assert_eq!(in_readme.iter().map(|(g, _)| g.as_str()).collect::<Vec<_>>(), GAMES);
    for (game, named) in &in_readme {
        let listed = helpers_listed(game);
        assert_eq!(named, &listed, "README and `greffier {game} --help`");
        // Every operation of the game is a helper.
        for op in greffier::api::Api::operations() {
            if let Some(helper) = op.name.strip_prefix(&format!("{game}_")) {
                assert!(
                    listed.contains(&helper.replace('_', "-")),
                    "{}: not listed by {game} --help",
                    op.name
                );
            }
        }
        // Every helper listed runs (a missing input is the helper's own error, never clap's).
        for helper in &listed {
            let out = greffier(&[game, helper, "--json"], None);
            assert!(!stderr(&out).contains("invalid value"), "{game} {helper}: {}", stderr(&out));
            assert!(!stderr(&out).contains("no such"), "{game} {helper}: {}", stderr(&out));
        }
    }
    // Every `greffier <game> <helper>` the README shows is one of them.
    for line in readme.lines() {
        for call in line.split("greffier ").skip(1) {
            let mut words = call.split_whitespace();
            let (Some(game), Some(helper)) = (words.next(), words.next()) else { continue };
            let Some((_, names)) = in_readme.iter().find(|(g, _)| g == game) else { continue };
            if helper.starts_with('-') || helper.starts_with('<') {
                continue;
            }
            let helper = helper.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
            assert!(names.iter().any(|n| n == helper), "README: `greffier {game} {helper}` is no helper");
        }
    }
    let old = greffier(&["citadelles", "round-start"], None);
    assert_eq!(old.status.code(), Some(2));
    assert!(stderr(&old).contains("start-round"), "{}", stderr(&old));
    // The operation's own name still runs.
    let alias = greffier(
        &["citadelles", "start_round", "-", "--json"],
        Some(r#"{"variant": "classique", "players": 4, "crown": 0}"#),
    );
    assert!(alias.status.success(), "{}", stderr(&alias));
}

/// An 8-player 2e édition draft needs its ninth character, which the CLI had no flag
/// to give (« Give the characters in play »). CIT2 §Les personnages: « 2 personnages avec le
/// numéro 9 qui permettent de jouer à 8 ». Every draft the core plans runs from the CLI, with the
/// core's plan and a draw of the characters given.
#[test]
fn every_draft_the_core_plans_runs_from_the_command_line() {
    use greffier::games::citadelles::{CitadellesVariant, draft_plan};
    let base = "assassin,thief,magician,king,bishop,merchant,architect,warlord";
    let eight = greffier(
        &[
            "citadelles",
            "draft",
            "--variant",
            "deuxieme_edition",
            "--players",
            "8",
            "--ninth",
            "--seed",
            "7",
            "--characters",
            &format!("{base},queen"),
            "--json",
        ],
        None,
    );
    assert!(eight.status.success(), "{}", stderr(&eight));
    let answer: serde_json::Value = serde_json::from_slice(&eight.stdout).expect("json");
    let plan = &answer["plan"];
    assert_eq!(
        (plan["characters"].as_u64(), plan["face_up"].as_u64(), plan["face_down"].as_u64()),
        (Some(9), Some(0), Some(1))
    );
    assert_eq!(plan["last_takes_face_down"], true, "the eighth player takes the face-down card");
    let mut drawn: Vec<String> = ["face_up", "face_down", "to_crown"]
        .iter()
        .flat_map(|k| answer["draw"][*k].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["id"].as_str().map(str::to_owned))
        .collect();
    drawn.sort();
    let mut given: Vec<String> = format!("{base},queen").split(',').map(str::to_owned).collect();
    given.sort();
    assert_eq!(drawn, given, "the nine characters given, each once");
    assert_eq!(answer["draw"]["to_crown"].as_array().map(Vec::len), Some(8));

    let missing = greffier(
        &["citadelles", "draft", "--variant", "deuxieme_edition", "--players", "8", "--ninth"],
        None,
    );
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("characters:"), "{}", stderr(&missing));

    for variant in CitadellesVariant::ALL {
        for players in 2..=8u8 {
            for ninth in [false, true] {
                let Ok(core) = draft_plan(variant, players, ninth) else { continue };
                let mut args =
                    vec!["citadelles", "draft", "--variant", variant.id(), "--seed", "3", "--json"];
                let count = players.to_string();
                args.extend(["--players", count.as_str()]);
                let characters = format!("{base},artist");
                if ninth {
                    args.extend(["--ninth", "--characters", characters.as_str()]);
                }
                let out = greffier(&args, None);
                assert!(out.status.success(), "{args:?}: {}", stderr(&out));
                let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
                assert_eq!(answer["plan"], serde_json::to_value(&core).expect("plan"), "{args:?}");
            }
        }
    }
}
