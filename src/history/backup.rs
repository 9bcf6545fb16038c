//! Full backups as JSON: export every player, play (with its undo steps, so that Undo works
//! after an import as before the export) and card value; import a backup all or nothing.
//! Players are matched by name and plays by their uuid, so importing the same backup twice adds
//! nothing the second time.
//!
//! Both directions stream, one play at a time (compact JSON; gzip when the file is gzip): memory
//! is bounded by one play, not by the history, so a 100 000-play history round-trips through
//! its own backup. The only limits are per field. A play's stored result is never trusted: it
//! is recomputed from its table state with the same code as finishing a play.

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
use super::{Progress, ProgressStage, Result, Store, StoreError, latest_schema_version};
use crate::games::{GameId, Problems, Scoreboard};
use crate::text::Text;

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

type Name = Short<{ crate::games::input::MAX_NAME_CHARS }>;
type Key = Short<MAX_KEY_CHARS>;

/// A play as an import reads it from a file: a [`BackupPlay`] whose table state and undo
/// steps are held only while they fit in what the history keeps ([`ReadState`]), whose undo
/// steps beyond [`MAX_REVISIONS`] are counted, not held, and whose lists and texts are held up
/// to their limits ([`Capped`], [`Short`]). A file can thus make an import hold one play of the
/// sizes the history allows, never more.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadPlay {
    uuid: Key,
    game: GameId,
    variant: Key,
    status: PlayStatus,
    started_at: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
    updated_at: DateTime<Utc>,
    location: Option<Short<MAX_LOCATION_CHARS>>,
    notes: Option<Short<MAX_NOTES_CHARS>>,
    seats: Capped<ReadSeat, MAX_PLAY_SEATS>,
    table_state: Option<ReadTableState>,
    scoreboard: Option<ReadScoreboard>,
    #[serde(default)]
    events: Capped<ReadEvent, MAX_ROUND_EVENTS>,
    #[serde(default)]
    duration_minutes: Option<u32>,
    #[serde(default)]
    deleted_at: Option<DateTime<Utc>>,
    #[serde(default)]
    revisions: ReadRevisions,
    #[serde(default)]
    setup_done: Capped<Key, MAX_SETUP_STEPS>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadSeat {
    player: Name,
    colour: Option<Short<MAX_COLOUR_CHARS>>,
    first_player: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadEvent {
    round: u8,
    seq: u32,
    kind: Key,
    payload: ReadJson<MAX_EVENT_PAYLOAD_BYTES>,
    recorded_at: DateTime<Utc>,
    /// Words a play's details add; not kept (the history writes them when read).
    #[serde(default)]
    #[allow(dead_code)]
    text: Option<de::IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadPlayer {
    name: Name,
    colour: Option<Short<MAX_COLOUR_CHARS>>,
    archived: bool,
    created_at: DateTime<Utc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadCard {
    game: GameId,
    card: Key,
    value: i32,
    updated_at: DateTime<Utc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadOtherPlay {
    uuid: Key,
    game_name: Short<MAX_GAME_NAME_CHARS>,
    bgg_id: Option<i64>,
    played_at: DateTime<Utc>,
    duration_minutes: Option<u32>,
    location: Option<Short<MAX_LOCATION_CHARS>>,
    notes: Option<Short<MAX_NOTES_CHARS>>,
    cooperative: bool,
    imported_at: DateTime<Utc>,
    seats: Capped<ReadOtherSeat, MAX_OTHER_SEATS>,
    #[serde(default)]
    expansions: Capped<ReadExpansion, MAX_EXPANSIONS>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadOtherSeat {
    player: Name,
    score: Option<i64>,
    winner: bool,
    first_player: bool,
    #[serde(default)]
    score_text: Option<Short<MAX_SCORE_TEXT_CHARS>>,
    #[serde(default)]
    team: Option<Short<MAX_LABEL_CHARS>>,
    #[serde(default)]
    role: Option<Short<MAX_LABEL_CHARS>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadExpansion {
    name: Short<MAX_GAME_NAME_CHARS>,
    bgg_id: Option<i64>,
}

/// A text as read, reported on `field` when the file's went on past its limit (`code`, `why`).
fn text_of<const MAX: usize>(field: impl FnOnce() -> String, read: Short<MAX>, found: &mut Found) -> String {
    if read.cut {
        found.push(field(), "too_long", too_long(MAX));
    }
    read.text
}

/// A name as read, reported on `field` when the file's went on past its limit.
fn name_of(field: impl FnOnce() -> String, read: Name, found: &mut Found) -> String {
    if read.cut {
        let code = crate::games::input::name_problem_code(crate::games::input::NameProblem::TooLong);
        found.push(
            field(),
            code,
            crate::games::input::name_problem_text(crate::games::input::NameProblem::TooLong, None),
        );
    }
    read.text
}

/// An optional text as read: one cut at its limit is reported on `field` and not kept.
fn optional_text_of<const MAX: usize>(
    field: impl FnOnce() -> String,
    read: Option<Short<MAX>>,
    found: &mut Found,
) -> Option<String> {
    match read {
        Some(s) if s.cut => {
            found.push(field(), "too_long", too_long(MAX));
            None
        }
        other => other.map(|s| s.text),
    }
}

/// A list as read: its first `MAX` items, the rest reported on `field`.
fn list_of<T, const MAX: usize>(
    field: impl FnOnce() -> String,
    read: Capped<T, MAX>,
    found: &mut Found,
) -> Vec<T> {
    if read.too_many() {
        found.push(field(), "too_many", too_many(MAX, read.count));
    }
    read.kept
}

impl ReadPlayer {
    fn into_player(self, i: usize, found: &mut Found) -> BackupPlayer {
        BackupPlayer {
            name: name_of(|| format!("players[{i}].name"), self.name, found),
            colour: optional_text_of(|| format!("players[{i}].colour"), self.colour, found),
            archived: self.archived,
            created_at: self.created_at,
        }
    }
}

impl ReadCard {
    fn into_card(self, i: usize, found: &mut Found) -> BackupCardValue {
        BackupCardValue {
            game: self.game,
            card: text_of(|| format!("card_values[{i}].card"), self.card, found),
            value: self.value,
            updated_at: self.updated_at,
        }
    }
}

impl ReadOtherPlay {
    fn into_play(self, i: usize, found: &mut Found) -> BackupOtherPlay {
        let at = |f: &str| format!("other_plays[{i}].{f}");
        let seats = list_of(|| at("seats"), self.seats, found);
        let seats = seats
            .into_iter()
            .enumerate()
            .map(|(s, seat)| BackupOtherSeat {
                player: name_of(|| at(&format!("seats[{s}].player")), seat.player, found),
                score: seat.score,
                winner: seat.winner,
                first_player: seat.first_player,
                score_text: optional_text_of(
                    || at(&format!("seats[{s}].score_text")),
                    seat.score_text,
                    found,
                ),
                team: optional_text_of(|| at(&format!("seats[{s}].team")), seat.team, found),
                role: optional_text_of(|| at(&format!("seats[{s}].role")), seat.role, found),
            })
            .collect();
        let expansions = list_of(|| at("expansions"), self.expansions, found);
        let expansions = expansions
            .into_iter()
            .enumerate()
            .map(|(e, x)| BackupExpansion {
                name: text_of(|| at(&format!("expansions[{e}].name")), x.name, found),
                bgg_id: x.bgg_id,
            })
            .collect();
        BackupOtherPlay {
            uuid: text_of(|| at("uuid"), self.uuid, found),
            game_name: text_of(|| at("game_name"), self.game_name, found),
            bgg_id: self.bgg_id,
            played_at: self.played_at,
            duration_minutes: self.duration_minutes,
            location: optional_text_of(|| at("location"), self.location, found),
            notes: optional_text_of(|| at("notes"), self.notes, found),
            cooperative: self.cooperative,
            imported_at: self.imported_at,
            seats,
            expansions,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadTableState {
    schema_version: u32,
    saved_at: DateTime<Utc>,
    state: ReadState,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadRevision {
    revision: i64,
    saved_at: DateTime<Utc>,
    state: ReadState,
}

/// A play's undo steps as read: the first [`MAX_REVISIONS`] + 1 (enough to know there are too
/// many), and how many the file lists.
#[derive(Default)]
struct ReadRevisions {
    kept: Vec<ReadRevision>,
    count: usize,
}

impl<'de> Deserialize<'de> for ReadRevisions {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<ReadRevisions, D::Error> {
        struct List;
        impl<'de> Visitor<'de> for List {
            type Value = ReadRevisions;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of undo steps")
            }
            fn visit_seq<S: SeqAccess<'de>>(
                self,
                mut seq: S,
            ) -> std::result::Result<ReadRevisions, S::Error> {
                let keep = usize::try_from(MAX_REVISIONS).unwrap_or(usize::MAX).saturating_add(1);
                let mut read = ReadRevisions::default();
                while read.kept.len() < keep {
                    match seq.next_element()? {
                        Some(revision) => read.kept.push(revision),
                        None => break,
                    }
                }
                read.count = read.kept.len();
                while seq.next_element::<de::IgnoredAny>()?.is_some() {
                    read.count += 1;
                }
                Ok(read)
            }
        }
        d.deserialize_seq(List)
    }
}

/// A stored [`Scoreboard`] as read from a file: each of its lists held up to its limit
/// ([`MAX_PLAY_SEATS`] players, ties and tied seats, [`MAX_SCORE_CATEGORIES`] categories a player,
/// [`MAX_TIE_CRITERIA`] criteria a tie, [`MAX_SCORE_MISSIONS`] mission cards), the rest counted.
#[derive(Deserialize)]
struct ReadScoreboard {
    game: GameId,
    variant: String,
    outcome: crate::games::Outcome,
    players: Capped<ReadPlayerScore, MAX_PLAY_SEATS>,
    tie_breaks: Capped<ReadTieBreak, MAX_PLAY_SEATS>,
    #[serde(default)]
    facts: ReadPlayFacts,
}

#[derive(Deserialize)]
struct ReadPlayerScore {
    seat: u8,
    name: String,
    total: Option<i32>,
    categories: Capped<crate::games::CategoryScore, MAX_SCORE_CATEGORIES>,
    rank: u8,
    winner: bool,
}

#[derive(Deserialize)]
struct ReadTieBreak {
    seats: Capped<u8, MAX_PLAY_SEATS>,
    total: i32,
    criteria: Capped<String, MAX_TIE_CRITERIA>,
    shared: bool,
    explanation: Text,
}

#[derive(Default, Deserialize)]
struct ReadPlayFacts {
    #[serde(default)]
    missions: Capped<crate::games::MissionOutcome, MAX_SCORE_MISSIONS>,
    #[serde(default)]
    difficulty: Option<String>,
    #[serde(default)]
    lost_at: Option<crate::games::LostAt>,
}

impl ReadScoreboard {
    /// The scoreboard, each list beyond its limit named in `found` (`…scoreboard.players`,
    /// `…scoreboard.players[p].categories`, …) and cut there.
    fn into_scoreboard(self, at: &str, found: &mut Found) -> Scoreboard {
        let players = list_of(|| format!("{at}.players"), self.players, found)
            .into_iter()
            .enumerate()
            .map(|(p, r)| crate::games::PlayerScore {
                seat: r.seat,
                name: r.name,
                total: r.total,
                categories: list_of(|| format!("{at}.players[{p}].categories"), r.categories, found),
                rank: r.rank,
                winner: r.winner,
            })
            .collect();
        let tie_breaks = list_of(|| format!("{at}.tie_breaks"), self.tie_breaks, found)
            .into_iter()
            .enumerate()
            .map(|(t, r)| crate::games::TieBreak {
                seats: list_of(|| format!("{at}.tie_breaks[{t}].seats"), r.seats, found),
                total: r.total,
                criteria: list_of(|| format!("{at}.tie_breaks[{t}].criteria"), r.criteria, found),
                shared: r.shared,
                explanation: r.explanation,
            })
            .collect();
        let facts = crate::games::PlayFacts {
            missions: list_of(|| format!("{at}.facts.missions"), self.facts.missions, found),
            difficulty: self.facts.difficulty,
            lost_at: self.facts.lost_at,
        };
        Scoreboard {
            game: self.game,
            variant: self.variant,
            outcome: self.outcome,
            players,
            tie_breaks,
            facts,
        }
    }
}

impl ReadPlay {
    /// The play as a [`BackupPlay`], each state too large to keep given as `null` and named in
    /// `found` (`plays[i].table_state`, `plays[i].revisions[r].state`); and how many undo
    /// steps the file lists (only the first are handed on).
    fn into_play(self, i: usize, found: &mut Found) -> (BackupPlay, usize) {
        let at = |f: &str| format!("plays[{i}].{f}");
        let seats = list_of(|| at("seats"), self.seats, found)
            .into_iter()
            .enumerate()
            .map(|(s, seat)| BackupSeat {
                player: name_of(|| at(&format!("seats[{s}].player")), seat.player, found),
                colour: optional_text_of(|| at(&format!("seats[{s}].colour")), seat.colour, found),
                first_player: seat.first_player,
            })
            .collect();
        let events = list_of(|| at("events"), self.events, found)
            .into_iter()
            .enumerate()
            .map(|(e, ev)| RoundEvent {
                round: ev.round,
                seq: ev.seq,
                kind: text_of(|| at(&format!("events[{e}].kind")), ev.kind, found),
                payload: match ev.payload {
                    ReadJson::Json(value) => value,
                    ReadJson::TooLarge => {
                        found.push(at(&format!("events[{e}].payload")), "too_large", payload_too_large());
                        serde_json::Value::Null
                    }
                },
                recorded_at: ev.recorded_at,
                text: None,
            })
            .collect();
        let mut state = |field: String, read: ReadState| match read {
            ReadState::Json(value) => value,
            ReadState::TooLarge => {
                found.push(field, "too_large", state_too_large());
                serde_json::Value::Null
            }
        };
        let table_state = self.table_state.map(|t| BackupTableState {
            schema_version: t.schema_version,
            saved_at: t.saved_at,
            state: state(format!("plays[{i}].table_state"), t.state),
        });
        let ReadRevisions { kept, count } = self.revisions;
        let revisions = kept
            .into_iter()
            .enumerate()
            .map(|(r, read)| BackupRevision {
                revision: read.revision,
                saved_at: read.saved_at,
                state: state(format!("plays[{i}].revisions[{r}].state"), read.state),
            })
            .collect();
        let play = BackupPlay {
            uuid: text_of(|| at("uuid"), self.uuid, found),
            game: self.game,
            variant: text_of(|| at("variant"), self.variant, found),
            status: self.status,
            started_at: self.started_at,
            ended_at: self.ended_at,
            updated_at: self.updated_at,
            location: optional_text_of(|| at("location"), self.location, found),
            notes: optional_text_of(|| at("notes"), self.notes, found),
            seats,
            table_state,
            scoreboard: self.scoreboard.map(|b| b.into_scoreboard(&at("scoreboard"), found)),
            events,
            duration_minutes: self.duration_minutes,
            deleted_at: self.deleted_at,
            revisions,
            setup_done: list_of(|| at("setup_done"), self.setup_done, found)
                .into_iter()
                .enumerate()
                .map(|(k, id)| text_of(|| at(&format!("setup_done[{k}]")), id, found))
                .collect(),
        };
        (play, count)
    }
}

fn payload_too_large() -> Text {
    Text::new(
        format!("Données d'événement trop volumineuses (plus de {} Kio).", MAX_EVENT_PAYLOAD_BYTES / 1024),
        format!("Event data too large (over {} KiB).", MAX_EVENT_PAYLOAD_BYTES / 1024),
    )
}

/// The problem of a streamed file holding a string longer than any the history keeps.
fn string_too_long() -> Text {
    Text::new(
        format!(
            "Texte de plus de {} Kio : aucun champ d'une sauvegarde n'en garde autant.",
            MAX_STRING_BYTES / 1024
        ),
        format!("Text over {} KiB: no field of a backup keeps that much.", MAX_STRING_BYTES / 1024),
    )
}

fn state_too_large() -> Text {
    Text::new(
        format!("État de la table trop volumineux (plus de {} Kio).", MAX_STATE_BYTES / 1024),
        format!("Table state too large (over {} KiB).", MAX_STATE_BYTES / 1024),
    )
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

/// Collects problems, keeping the first [`MAX_PROBLEMS`] in full.
struct Found {
    problems: Problems,
    more: usize,
}

impl Found {
    fn new() -> Found {
        Found { problems: Problems::new(), more: 0 }
    }

    fn push(&mut self, field: impl Into<String>, code: &str, message: Text) {
        let field = field.into();
        // A text cut at its limit is reported as it is read, and may be again by its check.
        if self.problems.iter().any(|p| p.field == field && p.code == code) {
            return;
        }
        if self.problems.iter().count() < MAX_PROBLEMS {
            self.problems.push(field, code, message);
        } else {
            self.more += 1;
        }
    }

    fn absorb(&mut self, p: Problems) {
        for x in p.0 {
            self.push(x.field, &x.code, x.message);
        }
    }

    fn into_result(mut self) -> Result<(), Problems> {
        if self.more > 0 {
            let more = self.more;
            self.problems.push(
                "",
                "more_problems",
                Text::new(format!("… et {more} autres problèmes."), format!("… and {more} more problems.")),
            );
        }
        self.problems.into_result(())
    }
}

fn check_manifest(m: &Manifest, found: &mut Found) {
    if m.format != BACKUP_FORMAT {
        found.push(
            "manifest.format",
            "not_a_backup",
            Text::new(
                format!("Ce fichier n'est pas une sauvegarde Greffier (format « {} »).", m.format),
                format!("This file is not a Greffier backup (format “{}”).", m.format),
            ),
        );
    }
    if m.schema_version > latest_schema_version() {
        found.push(
            "manifest.schema_version",
            "newer_schema",
            Text::new(
                format!(
                    "Sauvegarde d'une version plus récente de Greffier (schéma {}) : mettez Greffier à jour.",
                    m.schema_version
                ),
                format!("Backup from a newer Greffier (schema {}): update Greffier.", m.schema_version),
            ),
        );
    }
}

/// The players' names as the plays refer to them (lower case), reporting bad and repeated ones.
fn check_players(players: &[BackupPlayer], found: &mut Found) -> HashSet<String> {
    let mut names = HashSet::new();
    for (i, p) in players.iter().enumerate() {
        let mut problems = Problems::new();
        let name = check_name(&mut problems, &format!("players[{i}].name"), &p.name);
        check_len(&mut problems, &format!("players[{i}].colour"), p.colour.as_deref(), MAX_COLOUR_CHARS);
        check_time(&mut problems, &format!("players[{i}].created_at"), Some(&p.created_at));
        found.absorb(problems);
        if !names.insert(player_key(&name)) {
            found.push(
                format!("players[{i}].name"),
                "duplicate_name",
                Text::new("Nom en double.", "Duplicate name."),
            );
        }
    }
    names
}

fn check_card(i: usize, c: &BackupCardValue, found: &mut Found) {
    let mut problems = Problems::new();
    check_time(&mut problems, &format!("card_values[{i}].updated_at"), Some(&c.updated_at));
    found.absorb(problems);
    if c.card.trim().is_empty() || c.card.chars().count() > 100 || !(-999..=999).contains(&c.value) {
        found.push(
            format!("card_values[{i}]"),
            "invalid_card",
            Text::new("Valeur de carte invalide.", "Invalid card value."),
        );
    }
}

fn check_uuid(at: String, uuid: &str, seen: &mut HashSet<String>, found: &mut Found) {
    if uuid.trim().is_empty() || uuid.len() > 64 || !seen.insert(uuid.to_owned()) {
        found.push(
            at,
            "invalid_uuid",
            Text::new(
                "Identifiant de partie vide, trop long ou en double.",
                "Play id empty, too long or repeated.",
            ),
        );
    }
}

fn unknown_player(at: String, name: &str, found: &mut Found) {
    found.push(
        at,
        "unknown_player",
        Text::new(
            format!("« {name} » n'est pas dans la liste des joueurs de la sauvegarde."),
            format!("“{name}” is not among the backup's players."),
        ),
    );
}

/// Checks one play; returns the result to store, computed again from its table state.
fn check_play(
    i: usize,
    play: &BackupPlay,
    revisions_listed: usize,
    names: &HashSet<String>,
    uuids: &mut HashSet<String>,
    same_version: bool,
    found: &mut Found,
) -> Option<(Scoreboard, bool)> {
    let at = |f: &str| format!("plays[{i}].{f}");
    check_uuid(at("uuid"), &play.uuid, uuids, found);
    let info = play.game.info();
    match info.variant(&play.variant) {
        None => found.push(
            at("variant"),
            "unknown_variant",
            Text::new(
                format!("Variante inconnue « {} ».", play.variant),
                format!("Unknown variant “{}”.", play.variant),
            ),
        ),
        Some(v)
            if play.seats.len() < usize::from(v.min_players)
                || play.seats.len() > usize::from(v.max_players) =>
        {
            found.push(
                at("seats"),
                "player_count",
                Text::new(
                    format!("{} joueurs : hors des limites du jeu.", play.seats.len()),
                    format!("{} players: outside the game's range.", play.seats.len()),
                ),
            )
        }
        Some(_) => {}
    }
    let mut problems = Problems::new();
    check_len(&mut problems, &at("location"), play.location.as_deref(), MAX_LOCATION_CHARS);
    check_len(&mut problems, &at("notes"), play.notes.as_deref(), MAX_NOTES_CHARS);
    check_time(&mut problems, &at("started_at"), Some(&play.started_at));
    check_time(&mut problems, &at("ended_at"), play.ended_at.as_ref());
    check_time(&mut problems, &at("updated_at"), Some(&play.updated_at));
    check_time(&mut problems, &at("deleted_at"), play.deleted_at.as_ref());
    check_time(&mut problems, &at("table_state.saved_at"), play.table_state.as_ref().map(|t| &t.saved_at));
    for (e, ev) in play.events.iter().enumerate() {
        check_time(&mut problems, &at(&format!("events[{e}].recorded_at")), Some(&ev.recorded_at));
    }
    for (s, seat) in play.seats.iter().enumerate() {
        check_len(
            &mut problems,
            &at(&format!("seats[{s}].colour")),
            seat.colour.as_deref(),
            MAX_COLOUR_CHARS,
        );
    }
    found.absorb(problems);
    if play.duration_minutes.is_some_and(|d| d > super::MAX_DURATION_MINUTES) {
        found.push(
            at("duration_minutes"),
            "out_of_range",
            Text::new("Durée hors limites.", "Duration out of range."),
        );
    }
    let mut seated = HashSet::new();
    for (s, seat) in play.seats.iter().enumerate() {
        let key = player_key(&seat.player);
        if !names.contains(&key) {
            unknown_player(at(&format!("seats[{s}].player")), &seat.player, found);
        }
        if !seated.insert(key) {
            found.push(
                at(&format!("seats[{s}].player")),
                "duplicate_player",
                Text::new("Joueur assis deux fois.", "Player seated twice."),
            );
        }
    }
    if play.table_state.as_ref().is_some_and(|t| json_len(&t.state) > MAX_STATE_BYTES) {
        found.push(at("table_state"), "too_large", state_too_large());
    }
    if let Some(t) = &play.table_state {
        let mut problems = Problems::new();
        check_exact_integers(&t.state, &at("table_state"), &mut problems);
        found.absorb(problems);
    }
    // The history keys a play's round events by (round, seq).
    let mut events = HashSet::new();
    for (e, ev) in play.events.iter().enumerate() {
        if ev.kind.is_empty() || ev.kind.len() > 100 {
            found.push(
                at(&format!("events[{e}].kind")),
                "invalid_kind",
                Text::new("Type d'événement vide ou trop long.", "Event kind empty or too long."),
            );
        }
        if !events.insert((ev.round, ev.seq)) {
            found.push(
                at(&format!("events[{e}].seq")),
                "duplicate_event",
                Text::new(
                    format!(
                        "Deux événements de la manche {} portent le même numéro d'ordre ({}).",
                        ev.round, ev.seq
                    ),
                    format!("Two events of round {} have the same sequence number ({}).", ev.round, ev.seq),
                ),
            );
        }
    }
    check_revisions(&at, play, revisions_listed, found);
    let stored = play.scoreboard.as_ref()?;
    if play.status != PlayStatus::Finished {
        found.push(
            at("scoreboard"),
            "not_finished",
            Text::new("Seule une partie terminée a un score.", "Only a finished play has a scoreboard."),
        );
        return None;
    }
    // The stored result is never trusted: it is what the table state scores, by the same code
    // as finishing a play. A result recorded without a table (imported from BG Stats) can only
    // be checked for consistency.
    let Some(state) = &play.table_state else {
        return match recorded_result_problem(stored, play) {
            None => Some((stored.clone(), false)),
            Some(why) => {
                found.push(at("scoreboard"), "inconsistent_result", why);
                None
            }
        };
    };
    let board = match crate::games::score_value(play.game, &state.state) {
        Ok(b) => b,
        Err(p) => {
            found.push(
                at("table_state"),
                "invalid_table",
                Text::new(
                    format!(
                        "L'état de la table de cette partie terminée n'est pas valide : {}",
                        first_message(&p).fr
                    ),
                    format!("This finished play's table state is not valid: {}", first_message(&p).en),
                ),
            );
            return None;
        }
    };
    let names_match = board.players.len() == play.seats.len()
        && board.players.iter().zip(&play.seats).all(|(p, s)| player_key(&p.name) == player_key(&s.player));
    if !names_match {
        found.push(
            at("scoreboard"),
            "seat_mismatch",
            Text::new(
                "Les joueurs de l'état de la table ne sont pas ceux assis à la partie.",
                "The table state's players are not the ones seated at the play.",
            ),
        );
        return None;
    }
    let same = |a: &Scoreboard, b: &Scoreboard| {
        a.game == b.game
            && a.outcome == b.outcome
            && a.players.len() == b.players.len()
            && a.players
                .iter()
                .zip(&b.players)
                .all(|(x, y)| x.total == y.total && x.rank == y.rank && x.winner == y.winner)
    };
    let agrees = same(stored, &board);
    if !agrees && same_version {
        let shown = |b: &Scoreboard| {
            let total =
                |p: &crate::games::PlayerScore| p.total.map_or_else(|| "—".to_owned(), |t| t.to_string());
            b.players.iter().map(|p| format!("{} {}", p.name, total(p))).collect::<Vec<_>>().join(", ")
        };
        found.push(
            at("scoreboard"),
            "result_mismatch",
            Text::new(
                format!(
                    "Le résultat enregistré ({}) n'est pas celui que donne l'état de la table ({}).",
                    shown(stored),
                    shown(&board)
                ),
                format!(
                    "The stored result ({}) is not what the table state scores ({}).",
                    shown(stored),
                    shown(&board)
                ),
            ),
        );
        return None;
    }
    Some((board, !agrees))
}

/// Revision numbers grow by one per save: no play comes near this, and from it on SQLite's
/// `max(revision) + 1` (the next save's number) is still far from overflowing.
const MAX_REVISION_NUMBER: i64 = 1 << 32;

/// A play's undo steps must be what the history can hold and Undo can walk back: at most
/// [`MAX_REVISIONS`], each numbered once, within range, with a storable date and a state no
/// larger than autosave takes; only a play in progress or finished has any.
/// `listed` is how many the file lists, of which `play` holds the first.
fn check_revisions(at: &impl Fn(&str) -> String, play: &BackupPlay, listed: usize, found: &mut Found) {
    if listed == 0 {
        return;
    }
    if play.status == PlayStatus::Abandoned {
        found.push(
            at("revisions"),
            "not_undoable",
            Text::new(
                "Une partie abandonnée ne garde pas d'étapes d'annulation.",
                "An abandoned play keeps no undo steps.",
            ),
        );
        return;
    }
    // Counted before anything per revision: a list of a million costs no more than this.
    if listed > usize::try_from(MAX_REVISIONS).unwrap_or(usize::MAX) {
        found.push(
            at("revisions"),
            "too_many",
            Text::new(
                format!("Au plus {MAX_REVISIONS} étapes d'annulation par partie ({listed})."),
                format!("At most {MAX_REVISIONS} undo steps per play ({listed})."),
            ),
        );
        return;
    }
    let mut numbers = HashSet::with_capacity(play.revisions.len());
    for (r, revision) in play.revisions.iter().enumerate() {
        let field = |f: &str| at(&format!("revisions[{r}].{f}"));
        if !(1..=MAX_REVISION_NUMBER).contains(&revision.revision) {
            found.push(
                field("revision"),
                "out_of_range",
                Text::new(
                    format!("Numéro d'étape d'annulation hors limites ({}).", revision.revision),
                    format!("Undo step number out of range ({}).", revision.revision),
                ),
            );
        } else if !numbers.insert(revision.revision) {
            found.push(
                field("revision"),
                "duplicate_revision",
                Text::new(
                    format!("Deux étapes d'annulation portent le numéro {}.", revision.revision),
                    format!("Two undo steps have the number {}.", revision.revision),
                ),
            );
        }
        let mut problems = Problems::new();
        check_time(&mut problems, &field("saved_at"), Some(&revision.saved_at));
        found.absorb(problems);
        if json_len(&revision.state) > MAX_STATE_BYTES {
            found.push(field("state"), "too_large", state_too_large());
        }
        let mut problems = Problems::new();
        check_exact_integers(&revision.state, &field("state"), &mut problems);
        found.absorb(problems);
    }
}

/// What is wrong with a result recorded without its table state (BG Stats imports): its players
/// must be the seats, its totals within what the BG Stats import keeps, and its ranks and
/// winners what that import gives (`bgstats::recorded_ranks_hold`, points games).
fn recorded_result_problem(board: &Scoreboard, play: &BackupPlay) -> Option<Text> {
    let names_match = board.game == play.game
        && board.players.len() == play.seats.len()
        && board.players.iter().zip(&play.seats).all(|(p, s)| player_key(&p.name) == player_key(&s.player));
    if !names_match {
        return Some(Text::new(
            "Les joueurs du résultat ne sont pas ceux assis à la partie.",
            "The result's players are not the ones seated at the play.",
        ));
    }
    if board.players.iter().any(|p| p.total.is_some_and(|t| t.abs() > MAX_RECORDED_TOTAL)) {
        return Some(Text::new(
            format!("Un score dépasse {MAX_RECORDED_TOTAL} points."),
            format!("A score exceeds {MAX_RECORDED_TOTAL} points."),
        ));
    }
    if board.outcome == crate::games::Outcome::Points && !super::bgstats::recorded_ranks_hold(&board.players)
    {
        return Some(Text::new(
            "Les rangs ne se suivent pas, ou un gagnant n'est pas classé devant les autres joueurs.",
            "The ranks do not follow one another, or a winner does not rank ahead of the other players.",
        ));
    }
    None
}

fn first_message(p: &Problems) -> Text {
    p.iter().next().map_or_else(|| Text::new("", ""), |x| x.message.clone())
}

fn check_other_play(
    i: usize,
    play: &BackupOtherPlay,
    names: &HashSet<String>,
    uuids: &mut HashSet<String>,
    found: &mut Found,
) {
    let at = |f: &str| format!("other_plays[{i}].{f}");
    check_uuid(at("uuid"), &play.uuid, uuids, found);
    if play.game_name.trim().is_empty() || play.game_name.chars().count() > MAX_GAME_NAME_CHARS {
        found.push(
            at("game_name"),
            "invalid_name",
            Text::new("Nom de jeu vide ou trop long.", "Game name empty or too long."),
        );
    }
    let mut problems = Problems::new();
    check_len(&mut problems, &at("location"), play.location.as_deref(), MAX_LOCATION_CHARS);
    check_len(&mut problems, &at("notes"), play.notes.as_deref(), MAX_NOTES_CHARS);
    check_time(&mut problems, &at("played_at"), Some(&play.played_at));
    check_time(&mut problems, &at("imported_at"), Some(&play.imported_at));
    found.absorb(problems);
    if play.duration_minutes.is_some_and(|d| d > super::MAX_DURATION_MINUTES) {
        found.push(
            at("duration_minutes"),
            "out_of_range",
            Text::new("Durée hors limites.", "Duration out of range."),
        );
    }
    if play.seats.is_empty() || play.seats.len() > super::bgstats::MAX_OTHER_SEATS {
        let max = super::bgstats::MAX_OTHER_SEATS;
        found.push(
            at("seats"),
            "player_count",
            Text::new(format!("De 1 à {max} joueurs."), format!("1 to {max} players.")),
        );
    }
    for (s, seat) in play.seats.iter().enumerate() {
        if !names.contains(&player_key(&seat.player)) {
            unknown_player(at(&format!("seats[{s}].player")), &seat.player, found);
        }
        let mut problems = Problems::new();
        let text = |f: &str| at(&format!("seats[{s}].{f}"));
        check_len(&mut problems, &text("score_text"), seat.score_text.as_deref(), MAX_SCORE_TEXT_CHARS);
        check_len(&mut problems, &text("team"), seat.team.as_deref(), MAX_LABEL_CHARS);
        check_len(&mut problems, &text("role"), seat.role.as_deref(), MAX_LABEL_CHARS);
        found.absorb(problems);
        if let Some(score) = seat.score.filter(|n| !(-MAX_EXACT_INTEGER..=MAX_EXACT_INTEGER).contains(n)) {
            found.push(at(&format!("seats[{s}].score")), "unsafe_integer", inexact_integer(score));
        }
    }
    if play.expansions.len() > MAX_EXPANSIONS {
        found.push(at("expansions"), "too_many", too_many(MAX_EXPANSIONS, play.expansions.len()));
    }
    for (e, expansion) in play.expansions.iter().enumerate() {
        if expansion.name.trim().is_empty() || expansion.name.chars().count() > MAX_GAME_NAME_CHARS {
            found.push(
                at(&format!("expansions[{e}].name")),
                "invalid_name",
                Text::new("Nom d'extension vide ou trop long.", "Expansion name empty or too long."),
            );
        }
    }
}

impl Backup {
    /// Reads a backup from JSON text, reporting a wrong shape as a problem with its place.
    pub fn from_json(text: &str) -> Result<Backup, Problems> {
        serde_json::from_str(text).map_err(|e| Problems::malformed(&e))
    }

    /// The backup as compact JSON (what exports write).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Every problem that would stop an import, each with its place in the file.
    pub fn check(&self) -> Result<(), Problems> {
        let mut found = Found::new();
        check_manifest(&self.manifest, &mut found);
        let same_version = self.manifest.app_version == env!("CARGO_PKG_VERSION");
        let names = check_players(&self.players, &mut found);
        for (i, c) in self.card_values.iter().enumerate() {
            check_card(i, c, &mut found);
        }
        let mut uuids = HashSet::new();
        for (i, play) in self.plays.iter().enumerate() {
            let mut play = play.clone();
            if self.manifest.schema_version < MARKED_SHEETS_SCHEMA
                && let Some(t) = play.table_state.as_mut()
            {
                crate::games::sheet::mark_legacy(play.game, &mut t.state);
            }
            check_play(i, &play, play.revisions.len(), &names, &mut uuids, same_version, &mut found);
        }
        let mut other = HashSet::new();
        for (i, play) in self.other_plays.iter().enumerate() {
            check_other_play(i, play, &names, &mut other, &mut found);
        }
        found.into_result()
    }
}

/// Rows a backup export reads, one play at a time; `revisions` is the export's one statement
/// reading a play's undo steps.
fn backup_play(
    store: &Store,
    r: &rusqlite::Row<'_>,
    revisions: &mut rusqlite::Statement<'_>,
) -> Result<BackupPlay> {
    let id: i64 = r.get(0)?;
    let game: String = r.get(2)?;
    let status: String = r.get(4)?;
    let time = |i: usize| -> rusqlite::Result<Option<DateTime<Utc>>> {
        r.get::<_, Option<String>>(i)?.map(|s| parse_time(&s)).transpose()
    };
    let table_state = match (r.get::<_, Option<u32>>(10)?, time(11)?, r.get::<_, Option<String>>(12)?) {
        (Some(schema_version), Some(saved_at), Some(state)) => Some(BackupTableState {
            schema_version,
            saved_at,
            state: serde_json::from_str(&state).unwrap_or_default(),
        }),
        _ => None,
    };
    Ok(BackupPlay {
        uuid: r.get(1)?,
        game: game.parse().map_err(|_| StoreError::NotFound { what: "game", id: game.clone() })?,
        variant: r.get(3)?,
        status: PlayStatus::parse(&status)
            .ok_or_else(|| StoreError::NotFound { what: "status", id: status.clone() })?,
        started_at: parse_time(&r.get::<_, String>(5)?)?,
        ended_at: time(6)?,
        updated_at: parse_time(&r.get::<_, String>(7)?)?,
        location: r.get(8)?,
        notes: r.get(9)?,
        seats: store
            .seats(id)?
            .into_iter()
            .map(|s| BackupSeat { player: s.player_name, colour: s.colour, first_player: s.first_player })
            .collect(),
        table_state,
        scoreboard: r.get::<_, Option<String>>(13)?.and_then(|b| serde_json::from_str(&b).ok()),
        events: store.round_events(id)?,
        duration_minutes: r.get(14)?,
        deleted_at: time(15)?,
        revisions: play_revisions(revisions, id)?,
        setup_done: r
            .get::<_, Option<String>>(16)?
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_default(),
    })
}

/// A play's undo steps, oldest first.
fn play_revisions(stmt: &mut rusqlite::Statement<'_>, play_id: i64) -> Result<Vec<BackupRevision>> {
    let mut rows = stmt.query([play_id])?;
    let mut revisions = Vec::new();
    while let Some(r) = rows.next()? {
        // The database holds valid JSON (its CHECK), but one serde_json cannot read (nested
        // deeper than it goes) is left out rather than written as `null`, which Undo would take
        // for "nothing saved" and empty the sheet with.
        let Ok(state) = serde_json::from_str(&r.get::<_, String>(2)?) else { continue };
        revisions.push(BackupRevision {
            revision: r.get(0)?,
            saved_at: parse_time(&r.get::<_, String>(1)?)?,
            state,
        });
    }
    Ok(revisions)
}

/// A reader over `input` that undoes gzip when the data starts with gzip's magic bytes.
///
/// The answer is a `BufReader` whatever lies under it: serde_json reads a stream one byte at a
/// time, and from a `BufReader` a byte is a look into its buffer, where from a `dyn Read` it was
/// a call through the vtable (7 % of importing a backup, perf: issue #15).
pub fn maybe_gunzip<'a>(
    input: impl Read + Send + 'a,
) -> std::io::Result<std::io::BufReader<Box<dyn Read + Send + 'a>>> {
    let mut buffered = std::io::BufReader::with_capacity(1 << 16, input);
    let gz = std::io::BufRead::fill_buf(&mut buffered)?.starts_with(&[0x1f, 0x8b]);
    let plain: Box<dyn Read + Send + 'a> =
        if gz { Box::new(flate2::read::MultiGzDecoder::new(buffered)) } else { Box::new(buffered) };
    Ok(std::io::BufReader::with_capacity(1 << 16, plain))
}

/// Input below this size (once gzip is undone; a backup of 10 000 plays without table states
/// is 11 MiB) is read whole, then parsed from memory: serde_json reads a stream one byte at a
/// time, and parses the same bytes from a slice with a third of the instructions (issue #15).
/// Larger input (a 100 000-play backup is 109 MiB) is streamed, holding this much of its file
/// while the import lasts.
const READ_WHOLE_UP_TO: usize = 16 << 20;

/// JSON input as serde_json reads it fastest: whole when it is small enough, else a stream.
pub(crate) enum JsonInput<'a> {
    Whole(Vec<u8>),
    /// The part read whole, then the rest; no string in it longer than [`MAX_STRING_BYTES`]
    /// ([`CappedStrings`]).
    Stream(std::io::BufReader<CappedStrings<HeadThenRest<'a>>>),
}

/// A stream's part read whole, then the rest of it.
type HeadThenRest<'a> =
    std::io::Chain<std::io::Cursor<Vec<u8>>, std::io::BufReader<Box<dyn Read + Send + 'a>>>;

impl JsonInput<'_> {
    /// Whether the input holds nothing but blanks (a 0-byte file, a failed download).
    pub(crate) fn is_empty(&self) -> bool {
        matches!(self, JsonInput::Whole(bytes) if bytes.iter().all(u8::is_ascii_whitespace))
    }
}

/// The problem of an input that holds nothing.
pub(crate) fn empty_file() -> Problems {
    let mut p = Problems::new();
    p.push("", "empty_file", Text::new("Le fichier est vide.", "The file is empty."));
    p
}

/// Reads `input` (gzip undone, a byte order mark left out) as [`JsonInput`].
pub(crate) fn json_input<'a>(input: impl Read + Send + 'a) -> std::io::Result<JsonInput<'a>> {
    json_input_up_to(input, READ_WHOLE_UP_TO)
}

fn json_input_up_to<'a>(input: impl Read + Send + 'a, whole_up_to: usize) -> std::io::Result<JsonInput<'a>> {
    let mut input = maybe_gunzip(input)?;
    // Reserved at once: grown by doubling, the buffer of a large file would end at twice this.
    let mut head = Vec::with_capacity(whole_up_to);
    (&mut input).take(whole_up_to as u64).read_to_end(&mut head)?;
    // A UTF-8 byte order mark (an editor's, Windows' Notepad) is not JSON: left out.
    let bom = if head.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    if head.len() < whole_up_to {
        head.drain(..bom);
        Ok(JsonInput::Whole(head))
    } else {
        let mut head = std::io::Cursor::new(head);
        head.set_position(bom as u64);
        Ok(JsonInput::Stream(std::io::BufReader::with_capacity(
            1 << 16,
            CappedStrings::new(head.chain(input)),
        )))
    }
}

/// Whether a file name asks for gzip (`.gz`).
pub fn wants_gzip(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

fn json_err(e: serde_json::Error) -> StoreError {
    StoreError::Write(e.into())
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
        let conn = &self.conn;
        let count = |sql: &str| -> Result<usize> {
            Ok(conn.query_row(sql, [], |r| r.get::<_, i64>(0)).map(|n| usize::try_from(n).unwrap_or(0))?)
        };
        let counts = Counts {
            players: count("SELECT COUNT(*) FROM players WHERE merged_into IS NULL")?,
            plays: count("SELECT COUNT(*) FROM plays")?,
            card_values: count("SELECT COUNT(*) FROM card_values")?,
            other_plays: count("SELECT COUNT(*) FROM other_plays")?,
        };
        let manifest = Manifest {
            format: BACKUP_FORMAT.to_owned(),
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            schema_version: latest_schema_version(),
            exported_at: now(),
            counts,
        };
        let w = |out: &mut dyn Write, s: &str| out.write_all(s.as_bytes()).map_err(StoreError::Write);
        w(out, "{\"manifest\":")?;
        serde_json::to_writer(&mut *out, &manifest).map_err(json_err)?;

        w(out, ",\"players\":[")?;
        let mut stmt = conn.prepare(
            "SELECT name, colour, archived, created_at FROM players WHERE merged_into IS NULL
              ORDER BY name COLLATE french, id",
        )?;
        let mut rows = stmt.query([])?;
        let mut first = true;
        while let Some(r) = rows.next()? {
            let p = BackupPlayer {
                name: r.get(0)?,
                colour: r.get(1)?,
                archived: r.get(2)?,
                created_at: parse_time(&r.get::<_, String>(3)?)?,
            };
            w(out, if first { "" } else { "," })?;
            first = false;
            serde_json::to_writer(&mut *out, &p).map_err(json_err)?;
        }

        w(out, "],\"card_values\":[")?;
        let mut stmt =
            conn.prepare("SELECT game, card, value, updated_at FROM card_values ORDER BY game, card")?;
        let mut rows = stmt.query([])?;
        let mut first = true;
        while let Some(r) = rows.next()? {
            let Ok(game) = r.get::<_, String>(0)?.parse::<GameId>() else { continue };
            let c = BackupCardValue {
                game,
                card: r.get(1)?,
                value: r.get(2)?,
                updated_at: parse_time(&r.get::<_, String>(3)?)?,
            };
            w(out, if first { "" } else { "," })?;
            first = false;
            serde_json::to_writer(&mut *out, &c).map_err(json_err)?;
        }

        w(out, "],\"plays\":[")?;
        let mut stmt = conn.prepare(
            "SELECT p.id, p.uuid, p.game, p.variant, p.status, p.started_at, p.ended_at, p.updated_at, p.location, p.notes,
                    t.schema_version, t.saved_at, t.state_json, b.scoreboard_json, p.duration_minutes, p.deleted_at,
                    p.setup_done
               FROM plays p
               LEFT JOIN table_states t ON t.play_id = p.id
               LEFT JOIN scoreboards b ON b.play_id = p.id
              ORDER BY p.started_at, p.uuid",
        )?;
        // Prepared once for the whole export: most plays have no revision, and each look-up is
        // one probe of the table's primary key.
        let mut revisions = conn.prepare(
            "SELECT revision, saved_at, state_json FROM table_state_revisions WHERE play_id = ?1 ORDER BY revision",
        )?;
        let mut rows = stmt.query([])?;
        let total = u32::try_from(counts.plays + counts.other_plays).unwrap_or(u32::MAX);
        let mut done = 0u32;
        let mut tick = |done: &mut u32| {
            *done += 1;
            if done.is_multiple_of(500) || *done == total {
                progress(Progress { stage: ProgressStage::Reading, done: *done, total });
            }
        };
        let mut first = true;
        while let Some(r) = rows.next()? {
            let play = backup_play(self, r, &mut revisions)?;
            w(out, if first { "" } else { "," })?;
            first = false;
            serde_json::to_writer(&mut *out, &play).map_err(json_err)?;
            tick(&mut done);
        }

        w(out, "],\"other_plays\":[")?;
        let mut stmt = conn.prepare(
            "SELECT id, uuid, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative, imported_at
               FROM other_plays ORDER BY played_at, uuid",
        )?;
        let mut seats = conn.prepare_cached(
            "SELECT p.name, s.score, s.winner, s.first_player, s.score_text, s.team, s.role FROM other_play_seats s
               JOIN players p ON p.id = s.player_id WHERE s.other_play_id = ?1 ORDER BY s.seat",
        )?;
        let mut expansions = conn.prepare_cached(
            "SELECT name, bgg_id FROM other_play_expansions WHERE other_play_id = ?1 ORDER BY position",
        )?;
        let mut rows = stmt.query([])?;
        let mut first = true;
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let play = BackupOtherPlay {
                uuid: r.get(1)?,
                game_name: r.get(2)?,
                bgg_id: r.get(3)?,
                played_at: parse_time(&r.get::<_, String>(4)?)?,
                duration_minutes: r.get(5)?,
                location: r.get(6)?,
                notes: r.get(7)?,
                cooperative: r.get(8)?,
                imported_at: parse_time(&r.get::<_, String>(9)?)?,
                seats: seats
                    .query_map([id], |s| {
                        Ok(BackupOtherSeat {
                            player: s.get(0)?,
                            score: s.get(1)?,
                            winner: s.get(2)?,
                            first_player: s.get(3)?,
                            score_text: s.get(4)?,
                            team: s.get(5)?,
                            role: s.get(6)?,
                        })
                    })?
                    .collect::<rusqlite::Result<_>>()?,
                expansions: expansions
                    .query_map([id], |e| Ok(BackupExpansion { name: e.get(0)?, bgg_id: e.get(1)? }))?
                    .collect::<rusqlite::Result<_>>()?,
            };
            w(out, if first { "" } else { "," })?;
            first = false;
            serde_json::to_writer(&mut *out, &play).map_err(json_err)?;
            tick(&mut done);
        }
        w(out, "]}")?;
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
        // been checked (issue #15: reading and checking a backup were a third of importing it).
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

/// Parts of the file are handed over this many at a time: one at a time, the two threads woke
/// each other for every play (a system call each, and slower than one thread).
const BATCH: usize = 64;

/// Batches the checker may have handed over and the writer not yet taken.
const BATCHES_IN_FLIGHT: usize = 4;

/// What the checker hands the writer, in the file's order.
enum Part {
    /// The manifest was read: how many plays the file says it holds.
    Manifest {
        total: u32,
    },
    Players(Vec<BackupPlayer>),
    Card(BackupCardValue),
    Play(Box<CheckedPlay>),
    OtherPlay(Box<BackupOtherPlay>),
    /// A play that is not to be written (the import is refused), for the progress.
    Unwritten,
}

/// A play that passed its checks, with the result to store.
struct CheckedPlay {
    play: BackupPlay,
    board: Option<CheckedBoard>,
}

struct CheckedBoard {
    board: Scoreboard,
    /// The stored result was not what the table state scores in this build.
    rescored: bool,
    /// `board` as stored.
    json: String,
}

/// Reads a backup and checks each part, in a thread of its own, and hands what is to be written
/// to the writer. Once anything is wrong nothing more is handed over (the import is refused);
/// the rest of the file is still read and checked, so that every problem is reported.
struct Checker<'s> {
    batches: &'s mpsc::SyncSender<Vec<Part>>,
    batch: Vec<Part>,
    found: Found,
    manifest: Option<Manifest>,
    /// The backup's players (lower case), once read.
    names: Option<HashSet<String>>,
    uuids: HashSet<String>,
    other_uuids: HashSet<String>,
    cards: usize,
    plays: usize,
    other_plays: usize,
    /// The element serde could not read (`plays[3]`), which the file's problem names.
    unreadable: Option<String>,
}

impl<'s> Checker<'s> {
    fn new(batches: &'s mpsc::SyncSender<Vec<Part>>) -> Self {
        Checker {
            batches,
            batch: Vec::with_capacity(BATCH),
            found: Found::new(),
            manifest: None,
            names: None,
            uuids: HashSet::new(),
            other_uuids: HashSet::new(),
            cards: 0,
            plays: 0,
            other_plays: 0,
            unreadable: None,
        }
    }

    /// Reads and checks the whole file: every problem found, or none.
    fn read(mut self, input: JsonInput<'_>) -> Result<(), Problems> {
        if input.is_empty() {
            return Err(empty_file());
        }
        let read = match input {
            JsonInput::Whole(bytes) => self.read_from(serde_json::Deserializer::from_slice(&bytes)),
            JsonInput::Stream(input) => self.read_from(serde_json::Deserializer::from_reader(input)),
        };
        if let Err(e) = read {
            let mut p = if e.io_error_kind() == Some(std::io::ErrorKind::FileTooLarge) {
                let mut p = Problems::new();
                p.push("", "too_long", string_too_long());
                p
            } else {
                Problems::malformed(&e)
            };
            if let (Some(at), Some(problem)) = (self.unreadable.take(), p.0.first_mut()) {
                problem.field = at;
            }
            p.0.append(&mut self.found.problems.0);
            return Err(p);
        }
        // Failing, the writer stopped on a database error, which it reports.
        let _ = self.send_batch();
        if self.manifest.is_none() {
            self.found.push(
                "manifest",
                "not_a_backup",
                Text::new(
                    "Ce fichier n'a pas de manifeste de sauvegarde Greffier.",
                    "This file has no Greffier backup manifest.",
                ),
            );
        }
        self.found.into_result()
    }

    fn read_from<'de, R: serde_json::de::Read<'de>>(
        &mut self,
        mut de: serde_json::Deserializer<R>,
    ) -> serde_json::Result<()> {
        self.deserialize(&mut de)?;
        de.end()
    }

    /// Once anything is wrong nothing more is written (the transaction is rolled back).
    fn refused(&self) -> bool {
        !self.found.problems.is_empty() || self.found.more > 0
    }

    fn hand_over<E: de::Error>(&mut self, part: Part) -> std::result::Result<(), E> {
        self.batch.push(part);
        if self.batch.len() < BATCH {
            return Ok(());
        }
        self.send_batch().map_err(|_| E::custom("stopped by a database error"))
    }

    fn send_batch(&mut self) -> std::result::Result<(), mpsc::SendError<Vec<Part>>> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.batches.send(batch)
    }

    /// The next element of the list `list`, its `index`th. One serde cannot read (a revision
    /// numbered "one", a file cut short) is named, so that the problem says which play it is
    /// besides serde's words for what is wrong and where in the file.
    fn element<'de, T: Deserialize<'de>, S: SeqAccess<'de>>(
        &mut self,
        seq: &mut S,
        list: &str,
        index: usize,
    ) -> std::result::Result<Option<T>, S::Error> {
        seq.next_element().inspect_err(|_| self.unreadable = Some(format!("{list}[{index}]")))
    }

    fn out_of_order(&mut self, what: &str) {
        self.found.push(
            what,
            "out_of_order",
            Text::new(
                "Une sauvegarde donne son manifeste, puis ses joueurs, avant ses parties.",
                "A backup gives its manifest, then its players, before its plays.",
            ),
        );
    }

    fn manifest<E: de::Error>(&mut self, m: Manifest) -> std::result::Result<(), E> {
        check_manifest(&m, &mut self.found);
        let total = u32::try_from(m.counts.plays + m.counts.other_plays).unwrap_or(u32::MAX);
        self.manifest = Some(m);
        self.hand_over(Part::Manifest { total })
    }

    fn players<E: de::Error>(
        &mut self,
        read: Capped<ReadPlayer, MAX_BACKUP_PLAYERS>,
    ) -> std::result::Result<(), E> {
        let players: Vec<BackupPlayer> = list_of(|| "players".to_owned(), read, &mut self.found)
            .into_iter()
            .enumerate()
            .map(|(i, p)| p.into_player(i, &mut self.found))
            .collect();
        self.names = Some(check_players(&players, &mut self.found));
        if self.refused() {
            return Ok(());
        }
        self.hand_over(Part::Players(players))
    }

    fn card<E: de::Error>(&mut self, read: ReadCard) -> std::result::Result<(), E> {
        let c = read.into_card(self.cards, &mut self.found);
        check_card(self.cards, &c, &mut self.found);
        self.cards += 1;
        if self.refused() {
            return Ok(());
        }
        self.hand_over(Part::Card(c))
    }

    fn play<E: de::Error>(&mut self, read: ReadPlay) -> std::result::Result<(), E> {
        let i = self.plays;
        self.plays += 1;
        let (mut play, revisions_listed) = read.into_play(i, &mut self.found);
        if self.manifest.as_ref().is_some_and(|m| m.schema_version < MARKED_SHEETS_SCHEMA)
            && let Some(t) = play.table_state.as_mut()
        {
            crate::games::sheet::mark_legacy(play.game, &mut t.state);
        }
        let same_version = self.manifest.as_ref().is_some_and(|m| m.app_version == env!("CARGO_PKG_VERSION"));
        let Some(names) = &self.names else {
            self.out_of_order(&format!("plays[{i}]"));
            return self.hand_over(Part::Unwritten);
        };
        let board =
            check_play(i, &play, revisions_listed, names, &mut self.uuids, same_version, &mut self.found);
        if self.refused() {
            return self.hand_over(Part::Unwritten);
        }
        let board = board.map(|(board, rescored)| {
            let json = scoreboard_json(&board);
            CheckedBoard { board, rescored, json }
        });
        self.hand_over(Part::Play(Box::new(CheckedPlay { play, board })))
    }

    fn other_play<E: de::Error>(&mut self, read: ReadOtherPlay) -> std::result::Result<(), E> {
        let i = self.other_plays;
        self.other_plays += 1;
        let play = read.into_play(i, &mut self.found);
        let Some(names) = &self.names else {
            self.out_of_order(&format!("other_plays[{i}]"));
            return self.hand_over(Part::Unwritten);
        };
        check_other_play(i, &play, names, &mut self.other_uuids, &mut self.found);
        if self.refused() {
            return self.hand_over(Part::Unwritten);
        }
        self.hand_over(Part::OtherPlay(Box::new(play)))
    }
}

/// The backup's top-level object, key by key.
impl<'de> DeserializeSeed<'de> for &mut Checker<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for &mut Checker<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Greffier backup object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        const KEYS: &[&str] = &["manifest", "players", "card_values", "plays", "other_plays"];
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!("duplicate field `{key}`")));
            }
            match key.as_str() {
                "manifest" => self.manifest(map.next_value()?)?,
                "players" => {
                    if self.manifest.is_none() {
                        self.out_of_order("players");
                    }
                    let players: Capped<ReadPlayer, MAX_BACKUP_PLAYERS> =
                        map.next_value().inspect_err(|_| self.unreadable = Some("players".to_owned()))?;
                    self.players(players)?;
                }
                "card_values" => map.next_value_seed(Items { checker: &mut *self, kind: ItemKind::Card })?,
                "plays" => map.next_value_seed(Items { checker: &mut *self, kind: ItemKind::Play })?,
                "other_plays" => {
                    map.next_value_seed(Items { checker: &mut *self, kind: ItemKind::OtherPlay })?
                }
                other => return Err(de::Error::unknown_field(other, KEYS)),
            }
        }
        for k in ["manifest", "players", "plays"] {
            if !seen.contains(k) {
                return Err(de::Error::missing_field(k));
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum ItemKind {
    Card,
    Play,
    OtherPlay,
}

/// One of the backup's lists, element by element.
struct Items<'c, 's> {
    checker: &'c mut Checker<'s>,
    kind: ItemKind,
}

impl<'de> DeserializeSeed<'de> for Items<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Items<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> std::result::Result<(), S::Error> {
        let checker = self.checker;
        match self.kind {
            ItemKind::Card => {
                while let Some(c) = checker.element(&mut seq, "card_values", checker.cards)? {
                    checker.card(c)?;
                }
            }
            ItemKind::Play => {
                while let Some(p) = checker.element(&mut seq, "plays", checker.plays)? {
                    checker.play(p)?;
                }
            }
            ItemKind::OtherPlay => {
                while let Some(p) = checker.element(&mut seq, "other_plays", checker.other_plays)? {
                    checker.other_play(p)?;
                }
            }
        }
        Ok(())
    }
}

/// Writes what the checker hands over, in the file's order, in the import's transaction.
struct Writer<'a, 'p> {
    conn: &'a Connection,
    report: ImportReport,
    /// Lower-case name → player id.
    ids: HashMap<String, i64>,
    /// What the plays written add to the statistics, written at the end.
    additions: summary::Additions,
    done: u32,
    total: u32,
    progress: &'p mut dyn FnMut(Progress),
}

impl Writer<'_, '_> {
    fn take(&mut self, part: Part) -> Result<()> {
        match part {
            Part::Manifest { total } => {
                self.total = total;
                (self.progress)(Progress { stage: ProgressStage::Checking, done: 0, total });
            }
            Part::Players(players) => self.players(&players)?,
            Part::Card(c) => self.card(&c)?,
            Part::Play(p) => {
                self.tick();
                self.play(*p)?;
            }
            Part::OtherPlay(p) => {
                self.tick();
                self.other_play(&p)?;
            }
            Part::Unwritten => self.tick(),
        }
        Ok(())
    }

    fn tick(&mut self) {
        self.done += 1;
        if self.done.is_multiple_of(500) || self.done == self.total {
            (self.progress)(Progress { stage: ProgressStage::Writing, done: self.done, total: self.total });
        }
    }

    fn players(&mut self, players: &[BackupPlayer]) -> Result<()> {
        for p in players {
            // Kept as the history keeps names (NFC, trimmed), whoever wrote the file.
            let clean = crate::games::clean_name(&p.name).unwrap_or_else(|_| p.name.trim().to_owned());
            let name = clean.as_str();
            if name.is_empty() {
                continue;
            }
            let existing: Option<i64> = self
                .conn
                .query_row(
                    "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE AND merged_into IS NULL ORDER BY id LIMIT 1",
                    [name],
                    |r| r.get(0),
                )
                .optional()?;
            let id = match existing {
                Some(id) => id,
                None => {
                    self.report.players_added += 1;
                    i64::from(
                        insert_player(self.conn, name, p.colour.as_deref(), p.archived, &p.created_at)?.id,
                    )
                }
            };
            self.ids.insert(player_key(name), id);
        }
        Ok(())
    }

    fn card(&mut self, c: &BackupCardValue) -> Result<()> {
        let added = self.conn.execute(
            "INSERT INTO card_values (game, card, value, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
            params![c.game.as_str(), c.card.trim(), c.value, fmt_time(&c.updated_at)],
        )?;
        self.report.card_values_added += u32::try_from(added).unwrap_or(u32::MAX);
        Ok(())
    }

    fn play(&mut self, checked: CheckedPlay) -> Result<()> {
        let CheckedPlay { play, board } = checked;
        let outcome = board.as_ref().map(|b| OutcomeColumns::of(&b.board));
        let started_at = fmt_time(&play.started_at);
        // A play already in the history (by its uuid) is skipped: nothing of it is written.
        let added = self
            .conn
            .prepare_cached(
                "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, ended_at, location, notes, updated_at,
                                    duration_minutes, deleted_at, outcome, won, round_reached, difficulty, lost_event, setup_done)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
                 ON CONFLICT (uuid) DO NOTHING",
            )?
            .execute(params![
                play.uuid,
                play.game.as_str(),
                play.variant,
                sql_int(play.seats.len()),
                play.status.as_str(),
                started_at,
                play.ended_at.as_ref().map(fmt_time),
                play.location,
                play.notes,
                fmt_time(&play.updated_at),
                play.duration_minutes,
                play.deleted_at.as_ref().map(fmt_time),
                outcome.as_ref().map(|o| o.outcome),
                outcome.as_ref().and_then(|o| o.won),
                outcome.as_ref().and_then(|o| o.round_reached),
                outcome.as_ref().and_then(|o| o.difficulty),
                outcome.as_ref().and_then(|o| o.lost_event),
                (!play.setup_done.is_empty()).then(|| serde_json::to_string(&play.setup_done).ok()).flatten(),
            ])?;
        if added == 0 {
            // Said apart when it sits in the bin: "already there" would read as back in the log.
            if play_in_bin(self.conn, &play.uuid)? {
                self.report.plays_in_bin += 1;
            } else {
                self.report.plays_skipped += 1;
            }
            return Ok(());
        }
        let play_id = self.conn.last_insert_rowid();
        let mut seat_stmt = self.conn.prepare_cached(
            "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        let mut player_ids = Vec::with_capacity(play.seats.len());
        for (s, seat) in play.seats.iter().enumerate() {
            let player_id = self.ids.get(&player_key(&seat.player)).copied().unwrap_or_default();
            seat_stmt.execute(params![play_id, sql_int(s), player_id, seat.colour, seat.first_player])?;
            player_ids.push(player_id);
        }
        if let Some(t) = &play.table_state {
            write_table_state(self.conn, play_id, t.schema_version, &t.state.to_string(), &t.saved_at)?;
        }
        if !play.revisions.is_empty() {
            // Kept with their numbers: Undo takes the highest first, and the next save numbers
            // its revision after it, as before the export.
            let mut revision = self.conn.prepare_cached(
                "INSERT INTO table_state_revisions (play_id, revision, state_json, saved_at) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for r in &play.revisions {
                revision.execute(params![play_id, r.revision, r.state.to_string(), fmt_time(&r.saved_at)])?;
            }
        }
        if let Some(b) = &board {
            insert_results(self.conn, play_id, &b.board, &b.json)?;
            self.report.plays_rescored += u32::from(b.rescored);
        }
        // The plays statistics count: finished, outside the bin.
        if play.status == PlayStatus::Finished && play.deleted_at.is_none() {
            let written = summary::WrittenPlay {
                id: play_id,
                game: play.game,
                variant: &play.variant,
                started_at: &started_at,
                player_ids: &player_ids,
                board: board.as_ref().map(|b| &b.board),
            };
            self.additions.add(self.conn, &written)?;
        }
        let mut event = self.conn.prepare_cached(
            "INSERT INTO round_events (play_id, round, seq, kind, payload_json, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for ev in &play.events {
            event.execute(params![
                play_id,
                ev.round,
                ev.seq,
                ev.kind,
                ev.payload.to_string(),
                fmt_time(&ev.recorded_at)
            ])?;
        }
        self.report.plays_added += 1;
        Ok(())
    }

    fn other_play(&mut self, play: &BackupOtherPlay) -> Result<()> {
        let exists: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM other_plays WHERE uuid = ?1)",
            [&play.uuid],
            |r| r.get(0),
        )?;
        if exists {
            self.report.plays_skipped += 1;
            return Ok(());
        }
        self.conn.execute(
            "INSERT INTO other_plays (uuid, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative, imported_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                play.uuid,
                play.game_name.trim(),
                play.bgg_id,
                fmt_time(&play.played_at),
                play.duration_minutes,
                play.location,
                play.notes,
                play.cooperative,
                fmt_time(&play.imported_at),
            ],
        )?;
        let other_id = self.conn.last_insert_rowid();
        for (s, seat) in play.seats.iter().enumerate() {
            let player_id = self.ids.get(&player_key(&seat.player)).copied().unwrap_or_default();
            self.conn.execute(
                "INSERT INTO other_play_seats (other_play_id, seat, player_id, score, winner, first_player, score_text, team, role)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    other_id,
                    sql_int(s),
                    player_id,
                    seat.score,
                    seat.winner,
                    seat.first_player,
                    seat.score_text,
                    seat.team,
                    seat.role
                ],
            )?;
        }
        for (e, expansion) in play.expansions.iter().enumerate() {
            self.conn.execute(
                "INSERT INTO other_play_expansions (other_play_id, position, name, bgg_id) VALUES (?1, ?2, ?3, ?4)",
                params![other_id, sql_int(e), expansion.name.trim(), expansion.bgg_id],
            )?;
        }
        self.report.other_plays_added += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};

    use super::{JsonInput, json_input_up_to};

    fn bytes_of(input: JsonInput<'_>) -> (bool, Vec<u8>) {
        match input {
            JsonInput::Whole(bytes) => (true, bytes),
            JsonInput::Stream(mut rest) => {
                let mut bytes = Vec::new();
                rest.read_to_end(&mut bytes).expect("read");
                (false, bytes)
            }
        }
    }

    /// Input below the limit is read whole; input at or beyond it is streamed, its first part
    /// given back before the rest, so the parser sees every byte once and in order (gzip too).
    #[test]
    fn json_input_is_whole_below_the_limit_and_streamed_with_every_byte_beyond_it() {
        let text = br#"{"manifest":{"format":"greffier-backup"},"plays":[1,2,3]}"#.to_vec();
        assert_eq!(bytes_of(json_input_up_to(text.as_slice(), 1000).expect("input")), (true, text.clone()));
        assert_eq!(bytes_of(json_input_up_to(text.as_slice(), 10).expect("input")), (false, text.clone()));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&text).expect("gzip");
        let gz = gz.finish().expect("gzip");
        assert_eq!(bytes_of(json_input_up_to(gz.as_slice(), 10).expect("input")), (false, text.clone()));
        assert_eq!(bytes_of(json_input_up_to(gz.as_slice(), 1000).expect("input")), (true, text.clone()));
        let with_bom = [&b"\xEF\xBB\xBF"[..], &text].concat();
        assert_eq!(
            bytes_of(json_input_up_to(with_bom.as_slice(), 1000).expect("input")),
            (true, text.clone())
        );
        assert_eq!(bytes_of(json_input_up_to(with_bom.as_slice(), 10).expect("input")), (false, text));
    }
}
