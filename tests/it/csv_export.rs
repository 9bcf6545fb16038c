//! CSV exports: plays and per-player scores, comma or semicolon, with or without a BOM.

use greffier::history::{CsvDelimiter, CsvOptions, PlayStatus, Progress, Store, no_progress};

use crate::support::{start_valencia, valencia_sheet};

fn history() -> Store {
    let mut store = Store::open_in_memory().expect("store");
    let one = start_valencia(&mut store, &["Ani", "Dirk"]);
    store.finish_play(one.id, &valencia_sheet(&[("Ani", 5, 2), ("Dirk", 7, 4)])).expect("finish");
    let two = start_valencia(&mut store, &["Élodie", "Dirk"]);
    store.finish_play(two.id, &valencia_sheet(&[("Élodie", 9, 0), ("Dirk", 1, 1)])).expect("finish");
    start_valencia(&mut store, &["Ani", "Élodie"]);
    store
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).expect("utf-8")
}

#[test]
fn plays_csv_has_one_line_per_play_with_players_and_winners() {
    let store = history();
    let mut out = Vec::new();
    let mut seen: Vec<Progress> = Vec::new();
    let n = store.export_plays_csv(&CsvOptions::default(), &mut out, &mut |p| seen.push(p)).expect("csv");
    assert_eq!(n, 3);
    assert_eq!(seen.last().map(|p| (p.done, p.total)), Some((3, 3)));
    let csv = text(out);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("play_id,uuid,game,variant,status,"));
    assert!(lines[1].ends_with(",2,points,,,Ani / Dirk,Dirk"), "{}", lines[1]);
    assert!(lines[3].contains(",in_progress,"));
    assert!(lines[3].ends_with(",Ani / Élodie,"), "no winner yet: {}", lines[3]);
}

#[test]
fn scores_csv_for_french_spreadsheets_uses_semicolons_a_bom_and_a_column_per_category() {
    let store = history();
    let mut out = Vec::new();
    let options = CsvOptions {
        delimiter: CsvDelimiter::Semicolon,
        bom: true,
        status: Some(PlayStatus::Finished),
        ..Default::default()
    };
    let n = store.export_scores_csv(&options, &mut out, &mut no_progress).expect("csv");
    assert_eq!(n, 4, "two players in each of the two finished plays");
    assert_eq!(&out[..3], &[0xEF, 0xBB, 0xBF]);
    let csv = text(out[3..].to_vec());
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("header").split(';').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect("column");
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(';').collect()).collect();
    let elodie = rows.iter().find(|r| r[col("player")] == "Élodie").expect("Élodie");
    assert_eq!((elodie[col("total")], elodie[col("rank")], elodie[col("winner")]), ("9", "1", "yes"));
    assert_eq!((elodie[col("city")], elodie[col("fountains")]), ("9", "0"));
    let ani = rows.iter().find(|r| r[col("player")] == "Ani").expect("Ani");
    // 5 city + 2 fountains.
    assert_eq!((ani[col("total")], ani[col("fountains")], ani[col("first_player")]), ("7", "2", "yes"));
}

#[test]
fn a_text_with_the_delimiter_or_quotes_is_quoted() {
    let mut store = history();
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    store
        .edit_play(
            play.id,
            &greffier::history::PlayEdit {
                notes: Some("chez \"Max\"; Lyon, 2e".into()),
                ..Default::default()
            },
        )
        .expect("notes");
    let mut out = Vec::new();
    let options = CsvOptions { delimiter: CsvDelimiter::Semicolon, ..Default::default() };
    store.export_plays_csv(&options, &mut out, &mut no_progress).expect("csv");
    assert!(text(out).contains(";\"chez \"\"Max\"\"; Lyon, 2e\";"));
}

/// Issue: CSV exports wrote `=HYPERLINK(…)` and `@…` names verbatim, which a spreadsheet runs as
/// formulas. Every text cell that would start a formula gets a leading apostrophe (OWASP's CSV
/// injection rule); numbers, negative ones included, are left as numbers.
#[test]
fn text_cells_never_start_a_formula() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["=HYPERLINK(\"http://x\";\"y\")", "@SUM(A1)"]);
    store
        .edit_play(
            play.id,
            &greffier::history::PlayEdit {
                location: Some("+33 rue".into()),
                notes: Some("-1 pour Ani".into()),
                ..Default::default()
            },
        )
        .expect("edit");
    store
        .finish_play(
            play.id,
            &valencia_sheet(&[("=HYPERLINK(\"http://x\";\"y\")", 5, 2), ("@SUM(A1)", 7, 4)]),
        )
        .expect("finish");
    for scores in [false, true] {
        let mut out = Vec::new();
        if scores {
            store.export_scores_csv(&CsvOptions::default(), &mut out, &mut no_progress).expect("csv");
        } else {
            store.export_plays_csv(&CsvOptions::default(), &mut out, &mut no_progress).expect("csv");
        }
        let mut reader = csv::Reader::from_reader(out.as_slice());
        for record in reader.records() {
            for field in record.expect("record").iter() {
                assert!(
                    !(field.starts_with(['=', '+', '@', '\t', '\r'])
                        || field.starts_with('-') && field.parse::<i64>().is_err()),
                    "a formula cell: {field:?}"
                );
            }
        }
        let text = text(out);
        assert!(text.contains("'=HYPERLINK") && text.contains("'@SUM(A1)"), "{text}");
    }
}

/// A cell holding the other separator was not quoted (`a;=1+2;b` in the comma file),
/// so a French spreadsheet splitting the comma file on `;` got a formula. A cell holding either
/// separator is quoted in both files; and since a split on the other separator starts a cell
/// in the middle of a quoted one, what follows a separator inside a text never starts a formula
/// either: a spreadsheet reading either file with either separator finds no formula.
#[test]
fn a_cell_holding_either_separator_is_quoted_and_starts_no_formula_in_either_reading() {
    let mut store = Store::open_in_memory().expect("store");
    let play = start_valencia(&mut store, &["Ani", "Dirk"]);
    store
        .edit_play(
            play.id,
            &greffier::history::PlayEdit {
                location: Some("a,=1+2,b".into()),
                notes: Some("a;=1+2;b".into()),
                ..Default::default()
            },
        )
        .expect("edit");
    for delimiter in [CsvDelimiter::Comma, CsvDelimiter::Semicolon] {
        let mut out = Vec::new();
        let options = CsvOptions { delimiter, ..Default::default() };
        store.export_plays_csv(&options, &mut out, &mut no_progress).expect("csv");
        let text = text(out);
        assert!(text.contains("\"a;'=1+2;b\"") && text.contains("\"a,'=1+2,b\""), "{delimiter:?}: {text}");
        for split_on in [b',', b';'] {
            let mut reader =
                csv::ReaderBuilder::new().delimiter(split_on).flexible(true).from_reader(text.as_bytes());
            for record in reader.records() {
                for field in record.expect("record").iter() {
                    assert!(
                        !field.starts_with(['=', '+', '@']),
                        "{delimiter:?} read on {split_on}: {field:?}"
                    );
                }
            }
        }
    }
}
