//! CSV exports for spreadsheets: one line per play, or one line per player and play with a
//! column per scoring category. French spreadsheets want `;` and a UTF-8 byte order mark.
//!
//! A file is opened with whichever separator the spreadsheet guesses or was told, not always
//! the one it was written with, so a cell holding either separator is quoted, and no text cell
//! starts a formula ([`cell`]).

use std::io::{BufWriter, Write};

use rusqlite::params;
use serde::{Deserialize, Serialize};

use super::model::PlayStatus;
use super::{Progress, ProgressStage, Result, Store, StoreError, Ticks};
use crate::games::GameId;

/// The field separator.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum CsvDelimiter {
    #[default]
    Comma,
    /// What French spreadsheets expect (the comma is their decimal mark).
    Semicolon,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct CsvOptions {
    pub delimiter: CsvDelimiter,
    /// Start with a UTF-8 byte order mark (Excel then reads accents right).
    pub bom: bool,
    /// Only the plays of this game (all games when absent).
    pub game: Option<GameId>,
    /// Only plays with this status (all when absent); plays in the bin are never exported.
    pub status: Option<PlayStatus>,
}

const BOM: &[u8] = "\u{feff}".as_bytes();

/// Writes records, one line each, with `delimiter` between the fields.
struct CsvWriter<'w> {
    out: BufWriter<&'w mut dyn Write>,
    delimiter: u8,
}

fn writer<'w>(options: &CsvOptions, out: &'w mut dyn Write) -> Result<CsvWriter<'w>> {
    if options.bom {
        out.write_all(BOM).map_err(StoreError::Write)?;
    }
    let delimiter = match options.delimiter {
        CsvDelimiter::Comma => b',',
        CsvDelimiter::Semicolon => b';',
    };
    Ok(CsvWriter { out: BufWriter::new(out), delimiter })
}

impl CsvWriter<'_> {
    /// One line. A field is quoted, its quotes doubled, when it holds either separator (a
    /// French spreadsheet splits a comma file on `;`: `a;=1+2;b` unquoted would give it the
    /// cell `=1+2`), a quote or a line break.
    fn write_record<S: AsRef<str>>(&mut self, fields: impl IntoIterator<Item = S>) -> Result<()> {
        let mut line = String::new();
        for (i, field) in fields.into_iter().enumerate() {
            if i > 0 {
                line.push(char::from(self.delimiter));
            }
            let field = field.as_ref();
            if field.contains([',', ';', '"', '\n', '\r']) {
                line.push('"');
                line.push_str(&field.replace('"', "\"\""));
                line.push('"');
            } else {
                line.push_str(field);
            }
        }
        line.push('\n');
        self.out.write_all(line.as_bytes()).map_err(StoreError::Write)
    }

    fn flush(&mut self) -> Result<()> {
        self.out.flush().map_err(StoreError::Write)
    }
}

const PLAY_FILTER: &str =
    "p.deleted_at IS NULL AND (?1 IS NULL OR p.game = ?1) AND (?2 IS NULL OR p.status = ?2)";

impl Store {
    fn csv_play_count(&self, options: &CsvOptions) -> Result<u32> {
        Ok(self.conn.query_row(
            &format!("SELECT COUNT(*) FROM plays p WHERE {PLAY_FILTER}"),
            params![options.game.map(GameId::as_str), options.status.map(PlayStatus::as_str)],
            |r| r.get(0),
        )?)
    }

    /// One line per play, oldest first: its details, its players in seat order and its
    /// winners (names separated by ` / `). Returns the number of plays written.
    pub fn export_plays_csv(
        &self,
        options: &CsvOptions,
        out: &mut dyn Write,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<u32> {
        let total = self.csv_play_count(options)?;
        let mut w = writer(options, out)?;
        w.write_record([
            "play_id",
            "uuid",
            "game",
            "variant",
            "status",
            "started_at",
            "ended_at",
            "duration_minutes",
            "location",
            "notes",
            "player_count",
            "outcome",
            "won",
            "round_reached",
            "players",
            "winners",
        ])?;
        let mut stmt = self.conn.prepare(&format!(
            "SELECT p.id, p.uuid, p.game, p.variant, p.status, p.started_at, p.ended_at, p.duration_minutes,
                    p.location, p.notes, p.player_count, p.outcome,
                    CASE p.won WHEN 1 THEN 'yes' WHEN 0 THEN 'no' END, p.round_reached,
                    (SELECT group_concat(name, ' / ') FROM (SELECT pl.name FROM seats s
                        JOIN players pl ON pl.id = s.player_id WHERE s.play_id = p.id ORDER BY s.seat)),
                    (SELECT group_concat(name, ' / ') FROM (SELECT pl.name FROM seats s
                        JOIN players pl ON pl.id = s.player_id
                        JOIN results r ON r.play_id = s.play_id AND r.seat = s.seat
                       WHERE s.play_id = p.id AND r.winner = 1 ORDER BY s.seat))
               FROM plays p WHERE {PLAY_FILTER} ORDER BY p.started_at, p.id"
        ))?;
        let mut rows =
            stmt.query(params![options.game.map(GameId::as_str), options.status.map(PlayStatus::as_str)])?;
        let mut ticks = Ticks::new(progress, ProgressStage::Writing, total);
        while let Some(r) = rows.next()? {
            let mut record = Vec::with_capacity(16);
            for i in 0..16 {
                record.push(cell(r.get_ref(i)?));
            }
            w.write_record(&record)?;
            ticks.tick();
        }
        w.flush()?;
        Ok(ticks.done())
    }

    /// One line per player and play (finished plays with a result), oldest first, with one
    /// column per scoring category found among them (empty where a game has no such
    /// category). Returns the number of lines written.
    pub fn export_scores_csv(
        &self,
        options: &CsvOptions,
        out: &mut dyn Write,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<u32> {
        let args = params![options.game.map(GameId::as_str), options.status.map(PlayStatus::as_str)];
        let total: u32 = self.conn.query_row(
            &format!("SELECT COUNT(*) FROM plays p JOIN results r ON r.play_id = p.id WHERE {PLAY_FILTER}"),
            args,
            |r| r.get(0),
        )?;
        let mut stmt = self.conn.prepare(&format!(
            "SELECT DISTINCT c.category FROM plays p JOIN category_points c ON c.play_id = p.id
              WHERE {PLAY_FILTER} ORDER BY c.category"
        ))?;
        let categories =
            stmt.query_map(args, |r| r.get::<_, String>(0))?.collect::<rusqlite::Result<Vec<_>>>()?;
        let mut w = writer(options, out)?;
        let mut header: Vec<String> = [
            "play_id",
            "uuid",
            "game",
            "variant",
            "started_at",
            "seat",
            "player",
            "colour",
            "first_player",
            "total",
            "rank",
            "winner",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        header.extend(categories.iter().cloned());
        w.write_record(&header)?;

        let mut stmt = self.conn.prepare(&format!(
            "SELECT p.id, p.uuid, p.game, p.variant, p.started_at, s.seat, pl.name, s.colour,
                    CASE s.first_player WHEN 1 THEN 'yes' ELSE 'no' END, r.total, r.rank,
                    CASE r.winner WHEN 1 THEN 'yes' ELSE 'no' END,
                    (SELECT json_group_object(c.category, c.points) FROM category_points c
                      WHERE c.play_id = r.play_id AND c.seat = r.seat)
               FROM plays p JOIN results r ON r.play_id = p.id
               JOIN seats s ON s.play_id = r.play_id AND s.seat = r.seat
               JOIN players pl ON pl.id = s.player_id
              WHERE {PLAY_FILTER} ORDER BY p.started_at, p.id, s.seat"
        ))?;
        let mut rows = stmt.query(args)?;
        let mut ticks = Ticks::new(progress, ProgressStage::Writing, total);
        while let Some(r) = rows.next()? {
            let mut record: Vec<String> = Vec::with_capacity(header.len());
            for i in 0..12 {
                record.push(cell(r.get_ref(i)?));
            }
            let points: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&r.get::<_, String>(12)?).unwrap_or_default();
            for c in &categories {
                record.push(points.get(c).map(ToString::to_string).unwrap_or_default());
            }
            w.write_record(&record)?;
            ticks.tick();
        }
        w.flush()?;
        Ok(ticks.done())
    }
}

/// A database value as spreadsheet text. Text never starts a formula, in the file's reading
/// or in a reading split on the other separator (quotes protect a cell only where the
/// spreadsheet's split starts it): at its start and after each `,` or `;` (and the spaces after
/// it), a character a spreadsheet would start a formula with (`=`, `+`, `-`, `@`, a tab or a
/// carriage return: a name like `=HYPERLINK(…)`) gets an apostrophe before it (OWASP's CSV
/// injection rule). Numbers stay numbers.
fn cell(v: rusqlite::types::ValueRef<'_>) -> String {
    use rusqlite::types::ValueRef;
    match v {
        ValueRef::Null => String::new(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) => f.to_string(),
        ValueRef::Text(t) | ValueRef::Blob(t) => neutralised(&String::from_utf8_lossy(t)),
    }
}

fn neutralised(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    // Whether a spreadsheet's cell may start here: at the text's start or after a separator,
    // spaces aside.
    let mut cell_start = true;
    for c in text.chars() {
        if cell_start && matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r') {
            out.push('\'');
        }
        cell_start = matches!(c, ',' | ';') || (cell_start && c == ' ');
        out.push(c);
    }
    out
}
