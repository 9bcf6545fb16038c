//! Full backups as JSON: export every player, play (with its undo steps, so that Undo works
//! after an import as before the export) and card value; import a backup all or nothing.
//! Players are matched by name and plays by their uuid, so importing the same backup twice adds
//! nothing the second time.
//!
//! Both directions stream, one play at a time (compact JSON; gzip when the file is gzip): memory
//! is bounded by one play, not by the history, so a 100 000-play history round-trips through
//! its own backup. The only limits are per field. A play's stored result is never trusted: it
//! is recomputed from its table state with the same code as finishing a play.

mod check;
mod import;
mod input;
mod read;
mod write;

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{Read, Write};
use std::sync::mpsc;

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::bgstats::MAX_RECORDED_TOTAL;
use super::bgstats::{
    MAX_EXPANSIONS, MAX_GAME_NAME_CHARS, MAX_LABEL_CHARS, MAX_OTHER_SEATS, MAX_SCORE_TEXT_CHARS,
};
use super::bounded_json::{Capped, CappedStrings, ReadJson, ReadState, Short, json_len};
use super::model::{PlayStatus, RoundEvent};
use super::plays::{
    MAX_BACKUP_PLAYERS, MAX_COLOUR_CHARS, MAX_EVENT_PAYLOAD_BYTES, MAX_EXACT_INTEGER, MAX_KEY_CHARS,
    MAX_LOCATION_CHARS, MAX_NOTES_CHARS, MAX_PLAY_SEATS, MAX_REVISIONS, MAX_ROUND_EVENTS,
    MAX_SCORE_CATEGORIES, MAX_SCORE_MISSIONS, MAX_SETUP_STEPS, MAX_STATE_BYTES, MAX_STRING_BYTES,
    MAX_TIE_CRITERIA, OutcomeColumns, check_exact_integers, check_len, check_name, check_time, fmt_time,
    inexact_integer, insert_player, insert_results, now, parse_time, player_key, scoreboard_json, sql_int,
    too_long, too_many, write_table_state,
};
use super::summary;
use super::{Progress, ProgressStage, Result, Store, StoreError, Ticks, latest_schema_version};
use crate::games::{GameId, Problems, Scoreboard};
use crate::text::Text;

use self::check::*;
use self::import::*;
use self::input::*;
pub(crate) use self::input::{JsonInput, empty_file, json_input};
pub use self::input::{maybe_gunzip, wants_gzip};
use self::read::*;
use self::write::*;

/// Identifies our backup files.
pub const BACKUP_FORMAT: &str = "greffier-backup";
/// The schema from which stored generic sheets carry their `"sheet": "generic"` marker; older
/// backups have theirs added on import, as migration 5 does for stored states.
const MARKED_SHEETS_SCHEMA: u32 = 5;
/// Problems listed in full before the rest are only counted (a broken 100 000-play file must
/// not fill memory with its problems).
const MAX_PROBLEMS: usize = 200;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Backup {
    pub manifest: Manifest,
    pub players: Vec<BackupPlayer>,
    #[serde(default)]
    pub card_values: Vec<BackupCardValue>,
    pub plays: Vec<BackupPlay>,
    /// Schema 3 on: plays of other games (BG Stats imports), as plain results.
    #[serde(default)]
    pub other_plays: Vec<BackupOtherPlay>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupOtherPlay {
    pub uuid: String,
    pub game_name: String,
    pub bgg_id: Option<i64>,
    pub played_at: DateTime<Utc>,
    pub duration_minutes: Option<u32>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub cooperative: bool,
    pub imported_at: DateTime<Utc>,
    pub seats: Vec<BackupOtherSeat>,
    /// Schema 7 on: the expansions played, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expansions: Vec<BackupExpansion>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupExpansion {
    pub name: String,
    pub bgg_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupOtherSeat {
    /// The player's name, as in [`Backup::players`].
    pub player: String,
    pub score: Option<i64>,
    pub winner: bool,
    pub first_player: bool,
    /// Schema 7 on: the score as typed, when it is not `score` itself: a score that is not a
    /// whole number, or (schema 15 on) a sum typed round by round ("87+77", `score` 164).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub format: String,
    pub app_version: String,
    pub schema_version: u32,
    pub exported_at: DateTime<Utc>,
    pub counts: Counts,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    pub players: usize,
    pub plays: usize,
    pub card_values: usize,
    #[serde(default)]
    pub other_plays: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupPlayer {
    pub name: String,
    pub colour: Option<String>,
    pub archived: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupCardValue {
    pub game: GameId,
    pub card: String,
    pub value: i32,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupPlay {
    pub uuid: String,
    pub game: GameId,
    pub variant: String,
    pub status: PlayStatus,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub seats: Vec<BackupSeat>,
    pub table_state: Option<BackupTableState>,
    pub scoreboard: Option<Scoreboard>,
    #[serde(default)]
    pub events: Vec<RoundEvent>,
    /// Schema 2 on: minutes the play lasted.
    #[serde(default)]
    pub duration_minutes: Option<u32>,
    /// Schema 2 on: the play is in the bin.
    #[serde(default)]
    pub deleted_at: Option<DateTime<Utc>>,
    /// The play's undo steps (`table_state_revisions`), oldest first: what Undo takes back on a
    /// play in progress, or on a corrected finished play. Absent from older backups (the play
    /// then has no undo steps) and not written when there are none, so a history without any
    /// backs up byte for byte as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revisions: Vec<BackupRevision>,
    /// Schema 14 on: the setup checklist's ticked steps (absent: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup_done: Vec<String>,
}

/// One undo step of a play, as the history keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupRevision {
    /// Its number among the play's revisions: Undo takes the highest first, and a later save
    /// numbers its revision after it.
    pub revision: i64,
    pub saved_at: DateTime<Utc>,
    /// The state Undo brings back; `null` stands for "nothing saved yet" (undoing a play's
    /// first change empties its sheet).
    pub state: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupSeat {
    /// The player's name, as in [`Backup::players`].
    pub player: String,
    pub colour: Option<String>,
    pub first_player: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupTableState {
    pub schema_version: u32,
    pub saved_at: DateTime<Utc>,
    pub state: serde_json::Value,
}

/// What an import did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ImportReport {
    pub players_added: u32,
    pub plays_added: u32,
    /// Plays already in the history (same uuid) and in its log, left as they were.
    pub plays_skipped: u32,
    /// Plays the history already has (same uuid) in its bin: left there, neither restored nor
    /// added again (the bin restores them).
    #[serde(default)]
    pub plays_in_bin: u32,
    pub card_values_added: u32,
    /// Plays of other games added.
    pub other_plays_added: u32,
    /// Plays from an older Greffier whose result was computed again from their table state
    /// and differed from the one stored (a rule fixed since).
    #[serde(default)]
    pub plays_rescored: u32,
}

impl Store {
    /// Every player, play and card value, in a stable order (so two exports of the same
    /// history are equal but for `exported_at`), in memory (small histories, tests).
    pub fn export(&self) -> Result<Backup> {
        self.export_with_progress(&mut super::no_progress)
    }

    /// [`Store::export`], telling `progress` how far it is every few hundred plays.
    pub fn export_with_progress(&self, progress: &mut dyn FnMut(Progress)) -> Result<Backup> {
        let mut bytes = Vec::new();
        self.export_to(&mut bytes, progress)?;
        serde_json::from_slice(&bytes).map_err(json_err)
    }

    /// Writes the whole history as a backup, one play at a time (memory stays bounded whatever
    /// the history's size). Returns what it wrote.
    pub fn export_to(&self, out: &mut dyn Write, progress: &mut dyn FnMut(Progress)) -> Result<Counts> {
        let counts = self.backup_counts()?;
        let manifest = Manifest {
            format: BACKUP_FORMAT.to_owned(),
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            schema_version: latest_schema_version(),
            exported_at: now(),
            counts,
        };
        write_str(out, "{\"manifest\":")?;
        serde_json::to_writer(&mut *out, &manifest).map_err(json_err)?;
        write_str(out, ",\"players\":[")?;
        self.write_backup_players(&mut JsonItems::new(out))?;
        write_str(out, "],\"card_values\":[")?;
        self.write_backup_card_values(&mut JsonItems::new(out))?;
        let total = u32::try_from(counts.plays + counts.other_plays).unwrap_or(u32::MAX);
        let mut ticks = Ticks::new(progress, ProgressStage::Reading, total);
        write_str(out, "],\"plays\":[")?;
        self.write_backup_plays(&mut JsonItems::new(out), &mut ticks)?;
        write_str(out, "],\"other_plays\":[")?;
        self.write_backup_other_plays(&mut JsonItems::new(out), &mut ticks)?;
        write_str(out, "]}")?;
        out.flush().map_err(StoreError::Write)?;
        Ok(counts)
    }

    /// Imports a backup in one transaction: everything it adds, or nothing when any part of it
    /// is wrong (all problems reported).
    pub fn import(&mut self, backup: &Backup) -> Result<ImportReport> {
        self.import_with_progress(backup, &mut super::no_progress)
    }

    /// [`Store::import`], telling `progress` how far it is every few hundred plays.
    pub fn import_with_progress(
        &mut self,
        backup: &Backup,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<ImportReport> {
        let bytes = serde_json::to_vec(backup).map_err(json_err)?;
        self.import_from(bytes.as_slice(), progress)
    }

    /// Imports a backup read from `input`, one play at a time, in one transaction: everything
    /// it adds, or nothing when any part of it is wrong (every problem reported, with its place
    /// in the file). The file must give its manifest first and its players before its plays, as
    /// exports write them.
    pub fn import_from(
        &mut self,
        input: impl Read + Send,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<ImportReport> {
        let input = json_input(input).map_err(StoreError::Read)?;
        let tx = self.conn.transaction()?;
        let mut writer = Writer {
            conn: &tx,
            report: ImportReport::default(),
            ids: HashMap::new(),
            additions: summary::Additions::default(),
            done: 0,
            total: 0,
            progress,
        };
        // The file is read and checked in a thread of its own while this one writes what has
        // been checked (reading and checking a backup were a third of importing it).
        // The channel holds a few batches of parts at most: memory stays bounded by them, not
        // by the file.
        let (checked, written) = std::thread::scope(|scope| {
            let (batches, received) = mpsc::sync_channel(BATCHES_IN_FLIGHT);
            let checker = scope.spawn(move || Checker::new(&batches).read(input));
            let mut written = Ok(());
            'taking: for batch in &received {
                for part in batch {
                    written = writer.take(part);
                    if written.is_err() {
                        // Dropping the receiver stops the checker at its next batch.
                        break 'taking;
                    }
                }
            }
            drop(received);
            (checker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)), written)
        });
        // A database error stopped the checker: it is the one to report.
        written?;
        checked?;
        writer.additions.write(&tx)?;
        let report = writer.report;
        tx.commit()?;
        Ok(report)
    }
}

/// Whether the history's play `uuid` sits in the bin: an import finding it there leaves it
/// there (neither restored nor added again) and says so apart from the plays in the log.
pub(super) fn play_in_bin(conn: &Connection, uuid: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT deleted_at IS NOT NULL FROM plays WHERE uuid = ?1")?
        .query_row([uuid], |r| r.get(0))
        .optional()?
        .unwrap_or(false))
}
