//! `greffier sync`: one pass through the folder this history is shared in (its new changes
//! written there, the other devices' applied), through the sharing operations.

use std::io::Write;
use std::path::PathBuf;

use greffier::api::{Api, Json};
use greffier::history::SyncReport;
use greffier::text::{Lang, Text, en_noun, fr_noun};

use super::print::{print_json, write_line};
use super::{DbArg, Failure, call};

pub(crate) fn run_sync(
    db: &DbArg,
    folder: Option<PathBuf>,
    device_name: Option<String>,
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let operation =
        |name: &str| Api::operation(name).ok_or_else(|| Failure::Other(format!("no operation `{name}`")));
    let mut folder = folder.map(|f| f.to_string_lossy().into_owned());
    if let Some(name) = device_name {
        if folder.is_none() {
            let status = call(operation("sync_status")?, Json::Null, db, json)?;
            folder = status["folder"].as_str().map(str::to_owned);
        }
        let request = serde_json::json!({ "folder": folder, "device_name": name });
        call(operation("sync_share")?, request, db, json)?;
    }
    let answer = call(operation("sync_now")?, serde_json::json!({ "folder": folder }), db, json)?;
    if json {
        return print_json(out, &answer);
    }
    let report: SyncReport =
        serde_json::from_value(answer).map_err(|e| Failure::Other(format!("sync: {e}")))?;
    print_sync_report(out, &report, lang)
}

/// A sync pass's report for people.
fn print_sync_report(out: &mut impl Write, report: &SyncReport, lang: Lang) -> Result<(), Failure> {
    let said = |fr: String, en: String| Text::new(fr, en).get(lang).to_owned();
    // « 2 parties », "1 play": a count with its noun in each language.
    let fr = |n: u32, one: &str, many: &str| format!("{n} {}", fr_noun(n, one, many));
    let en = |n: u32, one: &str, many: &str| format!("{n} {}", en_noun(n, one, many));
    let mut lines = vec![said(
        format!("Dossier partagé : {}", report.folder),
        format!("Shared folder: {}", report.folder),
    )];
    lines.push(said(
        format!("Écrits : {} de cet historique", fr(report.written, "fichier", "fichiers")),
        format!("Written: {} of this history", en(report.written, "file", "files")),
    ));
    for a in &report.applied {
        let who = a.device_name.clone().unwrap_or_else(|| a.device.clone());
        lines.push(said(
            format!(
                "Appliqué : {who}, fichier {} ({}, {}, {})",
                a.seq,
                fr(a.plays, "partie", "parties"),
                fr(a.players, "joueur", "joueurs"),
                fr(a.conflicts, "conflit", "conflits")
            ),
            format!(
                "Applied: {who}, file {} ({}, {}, {})",
                a.seq,
                en(a.plays, "play", "plays"),
                en(a.players, "player", "players"),
                en(a.conflicts, "conflict", "conflicts")
            ),
        ));
    }
    for w in &report.waiting {
        let who = w.device_name.clone().unwrap_or_else(|| w.device.clone());
        let reason = w.reason.get(lang);
        lines.push(said(
            format!(
                "En attente : {who}, {} à partir du {} — {reason}",
                fr(w.files, "fichier", "fichiers"),
                w.seq
            ),
            format!("Waiting: {who}, {} from file {} — {reason}", en(w.files, "file", "files"), w.seq),
        ));
    }
    for s in &report.skipped {
        let reason = s.reason.get(lang);
        lines.push(said(
            format!("Laissé de côté : {} — {reason}", s.file),
            format!("Skipped: {} — {reason}", s.file),
        ));
    }
    lines.push(said(
        format!("Conflits à trancher (dans Historique) : {}", report.conflicts),
        format!("Conflicts to settle (in History): {}", report.conflicts),
    ));
    for line in lines {
        write_line(out, &line)?;
    }
    Ok(())
}
