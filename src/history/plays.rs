//! Players and plays: creating, autosaving, finishing, listing.

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params, params_from_iter};

use super::merge;
use super::model::*;
use super::summary::{self, Scope};
use super::{Result, Store, StoreError};
use crate::games::input;
use crate::games::input::{PlayedBy, VariantWord};
use crate::games::{self, GameId, Outcome, Problems, Scoreboard};
use crate::text::Text;

// What the history keeps, and so what a backup may hold: an import reads no more of a file
// than these (`bounded_json.rs`) and refuses what passes them, naming the field.
pub(super) const MAX_COLOUR_CHARS: usize = 30;
pub(super) const MAX_LOCATION_CHARS: usize = 200;
pub(super) const MAX_NOTES_CHARS: usize = 10_000;
/// The lengths the history keeps, for the screens' fields (`HISTORY_LIMITS` in the UI's
/// bindings): a field never lets more be typed than the core keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct HistoryLimits {
    /// A player's name (and any other name a sheet keeps), in characters.
    pub name_chars: u32,
    pub location_chars: u32,
    pub notes_chars: u32,
    /// A paired device's name.
    pub device_name_chars: u32,
}

/// The history's [`HistoryLimits`].
pub fn limits() -> HistoryLimits {
    let chars = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    HistoryLimits {
        name_chars: chars(input::MAX_NAME_CHARS),
        location_chars: chars(MAX_LOCATION_CHARS),
        notes_chars: chars(MAX_NOTES_CHARS),
        device_name_chars: chars(super::MAX_DEVICE_NAME_CHARS),
    }
}

/// Largest table state accepted, as JSON text.
pub(super) const MAX_STATE_BYTES: usize = 1 << 20;
/// A play's id (uuid), variant id, a round event's kind, a card's name.
pub(super) const MAX_KEY_CHARS: usize = 100;
/// Players a backup may list.
pub(super) const MAX_BACKUP_PLAYERS: usize = 100_000;
/// Seats a play may list: a little over the most any game has.
pub(super) const MAX_PLAY_SEATS: usize = input::MAX_SEATS_READ;
/// Round events a play keeps.
pub(super) const MAX_ROUND_EVENTS: usize = 2_000;
/// A round event's payload, as compact JSON.
pub(super) const MAX_EVENT_PAYLOAD_BYTES: usize = 64 << 10;
/// Most setup steps a play may keep ticked (a backup may hold; a checklist has far fewer).
pub(super) const MAX_SETUP_STEPS: usize = 100;
/// The longest string a streamed backup may hold anywhere, a table state's included: no text
/// the history keeps is longer.
pub(super) const MAX_STRING_BYTES: usize = MAX_STATE_BYTES;
/// A stored scoreboard's score categories per player: more than any game's sheet has.
pub(super) const MAX_SCORE_CATEGORIES: usize = 64;
/// A stored scoreboard's tie-break criteria per tie: more than any game orders.
pub(super) const MAX_TIE_CRITERIA: usize = 16;
/// A stored scoreboard's mission cards (Valencia's facts), all seats together.
pub(super) const MAX_SCORE_MISSIONS: usize = 200;
// A stored scoreboard's players, ties and each tie's seats: `MAX_PLAY_SEATS`.
// Other games' plays (BG Stats): `bgstats::MAX_OTHER_SEATS`, `MAX_EXPANSIONS`,
// `MAX_GAME_NAME_CHARS`, `MAX_LABEL_CHARS`, `MAX_SCORE_TEXT_CHARS`.

/// The problem of a text longer than `max` characters.
pub(super) fn too_long(max: usize) -> Text {
    Text::new(
        format!("Texte trop long (au plus {max} caractères)."),
        format!("Text too long (at most {max} characters)."),
    )
}

/// The problem of a list longer than `max` items (`count` given).
pub(super) fn too_many(max: usize, count: usize) -> Text {
    Text::new(format!("Au plus {max} éléments ({count})."), format!("At most {max} items ({count})."))
}

/// Now, to the millisecond (what the database keeps, so values read back compare equal).
pub(super) fn now() -> DateTime<Utc> {
    let t = Utc::now();
    DateTime::from_timestamp_millis(t.timestamp_millis()).unwrap_or(t)
}

pub(super) fn fmt_time(t: &DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// Reads a time as [`fmt_time`] writes it. RFC 3339 has four-digit years only; a year beyond
/// 9999 or before 0000, which older builds accepted and wrote with a sign (`+10000-…`), is read
/// too, so that such a value never stops a list, a play's page or an export.
pub(super) fn parse_time(s: &str) -> rusqlite::Result<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s)
        .or_else(|e| s.parse::<DateTime<chrono::FixedOffset>>().map_err(|_| e))
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e)))
}

/// Years a time may have to be stored: what RFC 3339 text (four digits) can hold.
pub(super) const STORED_YEARS: std::ops::RangeInclusive<i32> = 0..=9999;

/// Whether a time can be stored and read back ([`STORED_YEARS`]).
pub(super) fn storable_time(t: &DateTime<Utc>) -> bool {
    STORED_YEARS.contains(&chrono::Datelike::year(t))
}

/// Why a time given by a user or a file cannot be stored.
pub(super) fn time_out_of_range() -> Text {
    Text::new("Date hors limites (années 0000 à 9999).", "Date out of range (years 0000 to 9999).")
}

/// Reports on `field` a time that cannot be stored ([`STORED_YEARS`]).
pub(super) fn check_time(problems: &mut Problems, field: &str, t: Option<&DateTime<Utc>>) {
    if t.is_some_and(|t| !storable_time(t)) {
        problems.push(field, "date_out_of_range", time_out_of_range());
    }
}

/// A count or index as SQLite stores it (counts here are small: seats, players).
pub(super) fn sql_int(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

pub(super) fn to_id(rowid: i64) -> Result<Id> {
    Id::try_from(rowid).map_err(|_| StoreError::NotFound { what: "row", id: rowid.to_string() })
}

/// Checks an optional free text's length, reporting on `field`.
pub(super) fn check_len(problems: &mut Problems, field: &str, value: Option<&str>, max: usize) {
    if value.is_some_and(|v| v.chars().count() > max) {
        problems.push(field, "too_long", too_long(max));
    }
}

/// Checks a player name, reporting on `field`; returns it as kept (NFC, trimmed).
pub(super) fn check_name(problems: &mut Problems, field: &str, name: &str) -> String {
    match games::clean_name(name) {
        Ok(clean) => clean,
        Err(problem) => {
            problems.push(field, input::name_problem_code(problem), input::name_problem_text(problem, None));
            name.trim().to_owned()
        }
    }
}

pub(super) fn player_by_name(conn: &Connection, name: &str) -> Result<Option<Player>> {
    Ok(conn
        .query_row(
            "SELECT id, name, colour, archived FROM players WHERE name = ?1 COLLATE NOCASE AND merged_into IS NULL
              ORDER BY id LIMIT 1",
            [name],
            |r| Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?
        .map(|(id, name, colour, archived)| Player {
            id: Id::try_from(id).unwrap_or(0),
            name,
            colour,
            archived,
        }))
}

/// Inserts a player whose name was checked; fails on a name already taken.
pub(super) fn insert_player(
    conn: &Connection,
    name: &str,
    colour: Option<&str>,
    archived: bool,
    created_at: &DateTime<Utc>,
) -> Result<Player> {
    let created_at = fmt_time(created_at);
    // The same player imported from one backup on two devices is one person (`player_uuid`); a
    // uuid taken here already (that name added twice in one millisecond) gets a random one.
    let mut uuid = super::sync::identity::player_uuid(name, &created_at);
    let taken: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM players WHERE uuid = ?1)")?
        .query_row([&uuid], |r| r.get(0))?;
    if taken {
        uuid = uuid::Uuid::new_v4().to_string();
    }
    conn.prepare_cached(
        "INSERT INTO players (uuid, name, colour, archived, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![uuid, name, colour, archived, created_at])?;
    Ok(Player {
        id: to_id(conn.last_insert_rowid())?,
        name: name.to_owned(),
        colour: colour.map(str::to_owned),
        archived,
    })
}

/// Writes the scoreboard of a play and the per-player results derived from it, replacing any
/// earlier ones, and marks the play finished. The caller holds the transaction.
pub(super) fn write_results(conn: &Connection, play_id: i64, board: &Scoreboard) -> Result<()> {
    conn.prepare_cached("DELETE FROM results WHERE play_id = ?1")?.execute([play_id])?;
    conn.prepare_cached("DELETE FROM category_points WHERE play_id = ?1")?.execute([play_id])?;
    conn.prepare_cached("DELETE FROM mission_results WHERE play_id = ?1")?.execute([play_id])?;
    insert_results(conn, play_id, board, &scoreboard_json(board))?;
    // One update of the play for its outcome and facts (each update rewrites the row).
    let o = OutcomeColumns::of(board);
    conn.prepare_cached(
        "UPDATE plays SET outcome = ?2, won = ?3, round_reached = ?4, difficulty = ?5, lost_event = ?6 WHERE id = ?1",
    )?
    .execute(params![play_id, o.outcome, o.won, o.round_reached, o.difficulty, o.lost_event])?;
    Ok(())
}

/// The columns of a play's row that say how it ended, which statistics filter on.
pub(super) struct OutcomeColumns<'a> {
    pub outcome: &'static str,
    pub won: Option<bool>,
    pub round_reached: Option<u8>,
    pub difficulty: Option<&'a str>,
    pub lost_event: Option<&'a str>,
}

impl<'a> OutcomeColumns<'a> {
    pub fn of(board: &'a Scoreboard) -> Self {
        let (won, round_reached) = match board.outcome {
            games::Outcome::Points => (None, None),
            games::Outcome::Coop { won, round_reached, .. } => (Some(won), round_reached),
            games::Outcome::Solo { won, round_reached, .. } => (Some(won), Some(round_reached)),
            games::Outcome::ObjectiveRace { round_reached } => (None, Some(round_reached)),
        };
        OutcomeColumns {
            outcome: board.outcome.kind(),
            won,
            round_reached,
            difficulty: board.facts.difficulty.as_deref(),
            lost_event: board.facts.lost_at.as_ref().and_then(|l| l.event.as_deref()),
        }
    }
}

/// A scoreboard as `scoreboards.scoreboard_json` stores it.
pub(super) fn scoreboard_json(board: &Scoreboard) -> String {
    serde_json::to_string(board).unwrap_or_else(|_| "null".to_owned())
}

/// [`write_results`] for a play inserted in the same transaction (imports), whose row was
/// written with its [`OutcomeColumns`]: there is nothing to replace (its rows' foreign keys go
/// through its seats, just inserted) and nothing to update. `json` is [`scoreboard_json`] of
/// `board` (an import computes it in its checking thread).
pub(super) fn insert_results(conn: &Connection, play_id: i64, board: &Scoreboard, json: &str) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO scoreboards (play_id, scoreboard_json) VALUES (?1, ?2)
         ON CONFLICT (play_id) DO UPDATE SET scoreboard_json = excluded.scoreboard_json",
    )?
    .execute(params![play_id, json])?;
    let mut result = conn.prepare_cached(
        "INSERT INTO results (play_id, seat, total, rank, winner) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let mut category = conn.prepare_cached(
        "INSERT INTO category_points (play_id, seat, category, points) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for p in &board.players {
        result.execute(params![play_id, p.seat, p.total, p.rank, p.winner])?;
        for c in &p.categories {
            category.execute(params![play_id, p.seat, c.key, c.points])?;
        }
    }
    insert_missions(conn, play_id, &board.facts)
}

/// Writes what statistics read of a play besides its scores (the games' own facts), replacing
/// any earlier ones. The caller holds the transaction.
pub(super) fn write_facts(conn: &Connection, play_id: i64, facts: &games::PlayFacts) -> Result<()> {
    write_missions(conn, play_id, facts)?;
    let lost_event = facts.lost_at.as_ref().and_then(|l| l.event.as_deref());
    conn.prepare_cached("UPDATE plays SET difficulty = ?2, lost_event = ?3 WHERE id = ?1")?
        .execute(params![play_id, facts.difficulty, lost_event])?;
    Ok(())
}

/// A play's mission results, replacing any earlier ones.
fn write_missions(conn: &Connection, play_id: i64, facts: &games::PlayFacts) -> Result<()> {
    conn.prepare_cached("DELETE FROM mission_results WHERE play_id = ?1")?.execute([play_id])?;
    insert_missions(conn, play_id, facts)
}

fn insert_missions(conn: &Connection, play_id: i64, facts: &games::PlayFacts) -> Result<()> {
    let mut mission = conn.prepare_cached(
        "INSERT OR REPLACE INTO mission_results (play_id, seat, mission, met, points) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for m in &facts.missions {
        mission.execute(params![play_id, m.seat, m.mission, m.met, m.points])?;
    }
    Ok(())
}

/// Migration 0005: every stored state that was read as a generic sheet gets the sheet's marker.
pub(super) fn mark_legacy_sheets(conn: &Connection) -> Result<()> {
    let mut stmt = conn.prepare(
        "SELECT t.play_id, p.game, t.state_json FROM table_states t JOIN plays p ON p.id = t.play_id",
    )?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut update = conn.prepare("UPDATE table_states SET state_json = ?2 WHERE play_id = ?1")?;
    for (id, game, state) in rows {
        let (Ok(game), Ok(mut raw)) =
            (game.parse::<GameId>(), serde_json::from_str::<serde_json::Value>(&state))
        else {
            continue;
        };
        if games::sheet::mark_legacy(game, &mut raw) {
            update.execute(params![id, raw.to_string()])?;
        }
    }
    Ok(())
}

/// Migration 0004: every finished play's facts, from its stored table state scored by this
/// build (its totals are left as they were stored; `rescore` updates those on request). A state
/// that no longer scores (a first-shape sheet, a table this build refuses) keeps no facts.
pub(super) fn backfill_facts(conn: &Connection) -> Result<()> {
    let mut stmt = conn.prepare(
        "SELECT p.id, p.game, t.state_json FROM plays p JOIN table_states t ON t.play_id = p.id
          WHERE p.status = 'finished'",
    )?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    for (id, game, state) in rows {
        let (Ok(game), Ok(raw)) = (game.parse::<GameId>(), serde_json::from_str::<serde_json::Value>(&state))
        else {
            continue;
        };
        if let Ok(board) = games::score_value(game, &raw) {
            write_facts(conn, id, &board.facts)?;
        }
    }
    Ok(())
}

/// Stores (or replaces) the table state of a play.
pub(super) fn write_table_state(
    conn: &Connection,
    play_id: i64,
    schema_version: u32,
    state_json: &str,
    saved_at: &DateTime<Utc>,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO table_states (play_id, schema_version, state_json, saved_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (play_id) DO UPDATE SET schema_version = excluded.schema_version,
             state_json = excluded.state_json, saved_at = excluded.saved_at",
    )?
    .execute(params![play_id, schema_version, state_json, fmt_time(saved_at)])?;
    Ok(())
}

/// While nothing has been scored yet (every total 0), the live ranking names no winner: an
/// empty sheet is not a shared win. Finishing still ranks by the rules.
fn nobody_wins_an_empty_sheet(mut board: Scoreboard) -> Scoreboard {
    if board.outcome == Outcome::Points && board.players.iter().all(|p| p.total == Some(0)) {
        for p in &mut board.players {
            p.winner = false;
        }
    }
    board
}

/// Revisions kept per play: enough to undo a whole game's worth of typing groups.
pub(super) const MAX_REVISIONS: i64 = 200;

/// The revision standing for a play with no table state yet (undoing its first change).
const NOTHING_SAVED: &str = "null";

/// Keeps `state_json` as a play's newest revision, dropping the oldest beyond [`MAX_REVISIONS`].
pub(super) fn push_revision(
    conn: &Connection,
    play_id: i64,
    state_json: &str,
    saved_at: &DateTime<Utc>,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO table_state_revisions (play_id, revision, state_json, saved_at)
         VALUES (?1, (SELECT coalesce(max(revision), 0) + 1 FROM table_state_revisions WHERE play_id = ?1), ?2, ?3)",
    )?
    .execute(params![play_id, state_json, fmt_time(saved_at)])?;
    conn.prepare_cached(
        "DELETE FROM table_state_revisions WHERE play_id = ?1 AND revision <=
             (SELECT max(revision) FROM table_state_revisions WHERE play_id = ?1) - ?2",
    )?
    .execute(params![play_id, MAX_REVISIONS])?;
    Ok(())
}

/// The largest whole number a page reads exactly (JavaScript's `Number.MAX_SAFE_INTEGER`): a
/// larger one comes back rounded, and the page's next save would store a value nobody typed.
pub(super) const MAX_EXACT_INTEGER: i64 = (1 << 53) - 1;

/// Whole numbers reported by one [`check_exact_integers`] at most (a state of a million of them
/// is refused with the first ones).
const MAX_INEXACT_REPORTED: usize = 100;

/// Reports every whole number of `value` beyond ±[`MAX_EXACT_INTEGER`], each under its field
/// (`at` is the value's own, `""` for a table state itself).
pub(super) fn check_exact_integers(value: &serde_json::Value, at: &str, problems: &mut Problems) {
    fn walk(value: &serde_json::Value, at: &mut String, problems: &mut Problems, left: &mut usize) {
        match value {
            serde_json::Value::Number(n) if *left > 0 => {
                let exact = match (n.as_i64(), n.as_u64()) {
                    (Some(i), _) => (-MAX_EXACT_INTEGER..=MAX_EXACT_INTEGER).contains(&i),
                    (None, Some(_)) => false,
                    // A number with a fraction or an exponent: read as a float on both sides.
                    (None, None) => true,
                };
                if !exact {
                    *left -= 1;
                    problems.push(at.clone(), "unsafe_integer", inexact_integer(n));
                }
            }
            serde_json::Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let len = at.len();
                    at.push_str(&format!("[{i}]"));
                    walk(item, at, problems, left);
                    at.truncate(len);
                }
            }
            serde_json::Value::Object(entries) => {
                for (key, item) in entries {
                    let len = at.len();
                    if !at.is_empty() {
                        at.push('.');
                    }
                    at.push_str(key);
                    walk(item, at, problems, left);
                    at.truncate(len);
                }
            }
            _ => {}
        }
    }
    let mut left = MAX_INEXACT_REPORTED;
    walk(value, &mut at.to_owned(), problems, &mut left);
}

pub(super) fn inexact_integer(n: impl std::fmt::Display) -> Text {
    Text::new(
        format!("Nombre entier trop grand pour être gardé exactement ({n}) : au plus ±{MAX_EXACT_INTEGER}."),
        format!("Whole number too large to be kept exactly ({n}): at most ±{MAX_EXACT_INTEGER}."),
    )
}

/// The state as stored, refusing one too large to keep or holding a whole number a page would
/// round (each named by its field).
pub(super) fn state_text(state: &serde_json::Value) -> Result<String> {
    let mut inexact = Problems::new();
    check_exact_integers(state, "", &mut inexact);
    if !inexact.is_empty() {
        return Err(StoreError::Invalid(inexact));
    }
    let text = serde_json::to_string(state).unwrap_or_else(|_| "null".to_owned());
    if text.len() > MAX_STATE_BYTES {
        let mut p = Problems::new();
        p.push(
            "",
            "too_large",
            Text::new(
                format!("État de la table trop volumineux (plus de {} Kio).", MAX_STATE_BYTES / 1024),
                format!("Table state too large (over {} KiB).", MAX_STATE_BYTES / 1024),
            ),
        );
        return Err(StoreError::Invalid(p));
    }
    Ok(text)
}

/// The scoreboard's players must be the play's seats, in order.
pub(super) fn check_players_match_seats(board: &Scoreboard, seats: &[Seat]) -> Result<(), Problems> {
    let mut problems = Problems::new();
    if board.players.len() != seats.len() {
        problems.push(
            "players",
            "player_count",
            Text::new(
                format!("La feuille compte {} joueurs, la partie {}.", board.players.len(), seats.len()),
                format!("The sheet has {} players, the play {}.", board.players.len(), seats.len()),
            ),
        );
    }
    for (i, (p, s)) in board.players.iter().zip(seats).enumerate() {
        if player_key(&p.name) != player_key(&s.player_name) {
            problems.push(
                format!("players[{i}].name"),
                "seat_mismatch",
                Text::new(
                    format!("La place {} est celle de {}, pas de {}.", i + 1, s.player_name, p.name),
                    format!("Seat {} belongs to {}, not {}.", i + 1, s.player_name, p.name),
                ),
            );
        }
    }
    problems.into_result(())
}

impl Store {
    /// Adds a player to the roster. The name must be new (ignoring case).
    pub fn create_player(&self, name: &str, colour: Option<&str>) -> Result<Player> {
        let mut problems = Problems::new();
        let name = check_name(&mut problems, "name", name);
        check_len(&mut problems, "colour", colour, MAX_COLOUR_CHARS);
        if problems.is_empty() && player_by_name(&self.conn, &name)?.is_some() {
            problems.push(
                "name",
                "duplicate_name",
                Text::new(
                    format!("« {name} » est déjà dans la liste des joueurs."),
                    format!("“{name}” is already on the roster."),
                ),
            );
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        insert_player(&self.conn, &name, colour, false, &now())
    }

    /// The roster, by name.
    pub fn list_players(&self) -> Result<Vec<Player>> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT id, name, colour, archived FROM players WHERE merged_into IS NULL ORDER BY name COLLATE french, id",
            )?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
        let mut players = Vec::new();
        for row in rows {
            let (id, name, colour, archived) = row?;
            players.push(Player { id: to_id(id)?, name, colour, archived });
        }
        Ok(players)
    }

    /// Starts a play (status in progress) with its seats, in one transaction.
    pub fn start_play(&mut self, new: &NewPlay) -> Result<PlayDetail> {
        let mut problems = Problems::new();
        check_variant_and_seat_count(&mut problems, new);
        if usize::from(new.first_seat) >= new.seats.len().max(1) {
            problems.push(
                "first_seat",
                "out_of_range",
                Text::new(
                    "Le premier joueur doit être l'une des places.",
                    "The first player must be one of the seats.",
                ),
            );
        }
        check_len(&mut problems, "location", new.location.as_deref(), MAX_LOCATION_CHARS);
        check_len(&mut problems, "notes", new.notes.as_deref(), MAX_NOTES_CHARS);
        self.check_new_seats(&mut problems, new)?;
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }

        let started = now();
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, location, notes, updated_at)
             VALUES (?1, ?2, ?3, ?4, 'in_progress', ?5, ?6, ?7, ?5)",
            params![
                uuid::Uuid::new_v4().to_string(),
                new.game.as_str(),
                new.variant,
                sql_int(new.seats.len()),
                fmt_time(&started),
                new.location.as_deref().map(str::trim).filter(|s| !s.is_empty()),
                new.notes.as_deref().map(str::trim).filter(|s| !s.is_empty()),
            ],
        )?;
        let play_id = tx.last_insert_rowid();
        for (i, seat) in new.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![play_id, sql_int(i), seat.player_id, seat.colour, i == usize::from(new.first_seat)],
            )?;
        }
        write_initial_table(&tx, play_id, new, &started)?;
        tx.commit()?;
        self.play(to_id(play_id)?)
    }

    /// Each seat of a new play: its colour's length, a player seated once, on the roster.
    fn check_new_seats(&self, problems: &mut Problems, new: &NewPlay) -> Result<()> {
        for (i, seat) in new.seats.iter().enumerate() {
            check_len(problems, &format!("seats[{i}].colour"), seat.colour.as_deref(), MAX_COLOUR_CHARS);
            if new.seats[..i].iter().any(|s| s.player_id == seat.player_id) {
                problems.push(
                    format!("seats[{i}].player_id"),
                    "duplicate_player",
                    Text::new("Ce joueur a déjà une place.", "This player already has a seat."),
                );
            }
            let exists: bool = self.conn.query_row(
                "SELECT EXISTS (SELECT 1 FROM players WHERE id = ?1 AND merged_into IS NULL)",
                [seat.player_id],
                |r| r.get(0),
            )?;
            if !exists {
                problems.push(
                    format!("seats[{i}].player_id"),
                    "unknown_player",
                    Text::new(
                        format!("Joueur {} inconnu.", seat.player_id),
                        format!("Unknown player {}.", seat.player_id),
                    ),
                );
            }
        }
        Ok(())
    }

    /// Autosave: stores the table state of a play in progress whatever it holds (nothing typed
    /// is lost), keeps the state it replaces as the newest revision (what Undo brings back),
    /// and scores it when it is valid. Saving the same state again records nothing.
    pub fn save_table_state(&mut self, play: Id, state: &serde_json::Value) -> Result<ScorePreview> {
        Ok(self.save_table_state_over(play, state, None)?.preview)
    }

    /// The autosave of a sheet that may not be the only one editing the play (table mode):
    /// `base` is the state its edit started from. When the stored state is no longer `base`
    /// (a phone saved meanwhile), what the edit changed from `base` goes onto the stored state
    /// field by field ([`merge::three_way`]) in the same transaction as the write, so that no
    /// save between the sheet's read and its write is lost. Without `base`, `state` is stored
    /// as it is.
    pub fn save_table_state_over(
        &mut self,
        play: Id,
        state: &serde_json::Value,
        base: Option<&serde_json::Value>,
    ) -> Result<SavedState> {
        let (game, status) = self.game_and_status(play)?;
        if status != PlayStatus::InProgress {
            return Err(StoreError::NotInProgress { status: status.as_str() });
        }
        state_text(state)?;
        let t = now();
        let tx = self.conn.transaction()?;
        let current: Option<String> = tx
            .query_row("SELECT state_json FROM table_states WHERE play_id = ?1", [play], |r| r.get(0))
            .optional()?;
        // A play with nothing saved yet goes back to "nothing": the empty sheet it started with.
        let current = current.unwrap_or_else(|| NOTHING_SAVED.to_owned());
        // Nothing stored yet: nothing to merge (the sheet's base is its empty sheet, not "nothing").
        let merged = match base {
            Some(base) if current != NOTHING_SAVED => {
                let stored: serde_json::Value =
                    serde_json::from_str(&current).unwrap_or(serde_json::Value::Null);
                Some(merge::three_way(base, state, &stored)).filter(|merged| merged != state)
            }
            _ => None,
        };
        let kept = merged.as_ref().unwrap_or(state);
        let text = state_text(kept)?;
        if current != text {
            push_revision(&tx, i64::from(play), &current, &t)?;
        }
        write_table_state(&tx, i64::from(play), game.info().table_schema_version, &text, &t)?;
        tx.execute("UPDATE plays SET updated_at = ?2 WHERE id = ?1", params![play, fmt_time(&t)])?;
        tx.commit()?;
        let preview = self.preview(play, game, kept)?;
        Ok(SavedState { merged, preview })
    }

    /// Scores a state without storing it: the live answer while typing, before the autosave,
    /// and while a finished play is corrected in its sheet.
    pub fn preview_table_state(&self, play: Id, state: &serde_json::Value) -> Result<ScorePreview> {
        let (game, status) = self.game_and_status(play)?;
        if status == PlayStatus::Abandoned {
            return Err(StoreError::NotInProgress { status: status.as_str() });
        }
        state_text(state)?;
        self.preview(play, game, state)
    }

    /// Undo: the play's state goes back to its newest revision, which is used up. Done by the
    /// core so that it survives a restart and takes back whatever a table helper wrote into the
    /// state (a council phase counted, the round tracker's position) with the values it changed.
    ///
    /// For a finished play it takes back the last correction (see [`Store::edit_play`]): the
    /// state before it comes back and is scored again, as it was.
    pub fn undo_table_state(&mut self, play: Id) -> Result<UndoneState> {
        let (game, status) = self.game_and_status(play)?;
        if status == PlayStatus::Abandoned {
            return Err(StoreError::NotInProgress { status: status.as_str() });
        }
        let seats = self.seats(i64::from(play))?;
        let tx = self.conn.transaction()?;
        let newest: Option<(i64, String)> = tx
            .query_row(
                "SELECT revision, state_json FROM table_state_revisions WHERE play_id = ?1
                  ORDER BY revision DESC LIMIT 1",
                [play],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((revision, text)) = newest else {
            return Err(StoreError::NothingToUndo);
        };
        summary::remove(&tx, Scope::Play(i64::from(play)))?;
        tx.execute(
            "DELETE FROM table_state_revisions WHERE play_id = ?1 AND revision = ?2",
            params![play, revision],
        )?;
        let t = now();
        let state: serde_json::Value = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
        if text == NOTHING_SAVED {
            tx.execute("DELETE FROM table_states WHERE play_id = ?1", [play])?;
        } else {
            write_table_state(&tx, i64::from(play), game.info().table_schema_version, &text, &t)?;
        }
        if status == PlayStatus::Finished {
            // The state a finished play had before its correction scored then; it scores again.
            let board = games::score_value(game, &state)?;
            check_players_match_seats(&board, &seats)?;
            write_results(&tx, i64::from(play), &board)?;
            tx.execute("UPDATE plays SET variant = ?2 WHERE id = ?1", params![play, board.variant])?;
        }
        tx.execute("UPDATE plays SET updated_at = ?2 WHERE id = ?1", params![play, fmt_time(&t)])?;
        summary::add(&tx, Scope::Play(i64::from(play)))?;
        tx.commit()?;
        let preview = self.preview(play, game, &state)?;
        Ok(UndoneState { state, preview })
    }

    /// The live score and help of a state, with how many undo steps the play has.
    fn preview(&self, play: Id, game: GameId, state: &serde_json::Value) -> Result<ScorePreview> {
        let seats = self.seats(i64::from(play))?;
        // One parse, validation and scoring for both the score and the help.
        let (scored, help) = games::score_and_help_value(game, state);
        let scored = scored.and_then(|b| check_players_match_seats(&b, &seats).map(|()| b));
        let undo_steps: u32 = self
            .conn
            .prepare_cached("SELECT count(*) FROM table_state_revisions WHERE play_id = ?1")?
            .query_row([play], |r| r.get(0))?;
        Ok(match scored {
            Ok(board) => ScorePreview {
                scoreboard: Some(nobody_wins_an_empty_sheet(board)),
                problems: Vec::new(),
                partial: None,
                left_out: Vec::new(),
                help,
                undo_steps,
            },
            Err(problems) => {
                let (partial, left_out) = match games::partial_totals(game, state, &problems.0)
                    .filter(|(b, _)| check_players_match_seats(b, &seats).is_ok())
                {
                    Some((board, left_out)) => (Some(board), left_out),
                    None => (None, Vec::new()),
                };
                ScorePreview {
                    partial,
                    left_out,
                    // The panel's figures stay while a field is wrong (the screen does
                    // not work them out itself in the meantime).
                    help: help.or_else(|| games::help_partial(game, state, &problems.0)),
                    scoreboard: None,
                    problems: problems.0,
                    undo_steps,
                }
            }
        })
    }

    /// Scores the final table state and finishes the play: state, scoreboard, per-player
    /// results and status are written together or not at all.
    pub fn finish_play(&mut self, play: Id, state: &serde_json::Value) -> Result<PlayDetail> {
        let (game, status) = self.game_and_status(play)?;
        if status != PlayStatus::InProgress {
            return Err(StoreError::NotInProgress { status: status.as_str() });
        }
        let text = state_text(state)?;
        // Finished only when the game is over (Orléans: its last round closed): never a play
        // stored finished without its outcome.
        let board = games::finish_value(game, state)?;
        check_players_match_seats(&board, &self.seats(i64::from(play))?)?;
        let ended = now();
        let tx = self.conn.transaction()?;
        summary::remove(&tx, Scope::Play(i64::from(play)))?;
        write_table_state(&tx, i64::from(play), game.info().table_schema_version, &text, &ended)?;
        write_results(&tx, i64::from(play), &board)?;
        tx.execute("DELETE FROM table_state_revisions WHERE play_id = ?1", [play])?;
        // A finished play's table is closed: every phone's token dies with it.
        tx.execute("DELETE FROM table_sessions WHERE play_id = ?1", [play])?;
        tx.execute(
            // The duration is measured unless one was typed already.
            "UPDATE plays SET status = 'finished', ended_at = ?2, updated_at = ?2, variant = ?3,
                    duration_minutes = COALESCE(duration_minutes,
                        min(100000, max(0, CAST(round((julianday(?2) - julianday(started_at)) * 1440) AS INTEGER))))
              WHERE id = ?1",
            params![play, fmt_time(&ended), board.variant],
        )?;
        summary::add(&tx, Scope::Play(i64::from(play)))?;
        tx.commit()?;
        self.play(play)
    }

    /// Ends a play in progress without a result.
    pub fn abandon_play(&mut self, play: Id) -> Result<PlayDetail> {
        let (_, status) = self.game_and_status(play)?;
        if status != PlayStatus::InProgress {
            return Err(StoreError::NotInProgress { status: status.as_str() });
        }
        let t = fmt_time(&now());
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE plays SET status = 'abandoned', ended_at = ?2, updated_at = ?2 WHERE id = ?1",
            params![play, t],
        )?;
        tx.execute("DELETE FROM table_state_revisions WHERE play_id = ?1", [play])?;
        tx.execute("DELETE FROM table_sessions WHERE play_id = ?1", [play])?;
        tx.commit()?;
        self.play(play)
    }

    /// Records a whole finished play from a table state alone (the CLI's `history add`):
    /// players are found by name or added to the roster; everything in one transaction.
    pub fn record_finished_play(&mut self, game: GameId, state: &serde_json::Value) -> Result<PlayDetail> {
        let text = state_text(state)?;
        let board = games::finish_value(game, state)?;
        let t = now();
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, ended_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, 'finished', ?5, ?5, ?5)",
            params![
                uuid::Uuid::new_v4().to_string(),
                game.as_str(),
                board.variant,
                sql_int(board.players.len()),
                fmt_time(&t)
            ],
        )?;
        let play_id = tx.last_insert_rowid();
        for p in &board.players {
            let player = match player_by_name(&tx, &p.name)? {
                Some(found) => found,
                None => insert_player(&tx, &p.name, None, false, &t)?,
            };
            tx.execute(
                "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, NULL, ?4)",
                params![play_id, p.seat, player.id, p.seat == 0],
            )?;
        }
        write_table_state(&tx, play_id, game.info().table_schema_version, &text, &t)?;
        write_results(&tx, play_id, &board)?;
        summary::add(&tx, Scope::Play(play_id))?;
        tx.commit()?;
        self.play(to_id(play_id)?)
    }

    /// Appends an entry to a play's round log (scenario games).
    pub fn append_round_event(
        &self,
        play: Id,
        round: u8,
        kind: &str,
        payload: &serde_json::Value,
    ) -> Result<RoundEvent> {
        let (_, status) = self.game_and_status(play)?;
        if status != PlayStatus::InProgress {
            return Err(StoreError::NotInProgress { status: status.as_str() });
        }
        // What a backup of the play may hold (an import refuses more).
        let mut problems = Problems::new();
        if kind.is_empty() || kind.len() > MAX_KEY_CHARS {
            problems.push(
                "kind",
                "invalid_kind",
                Text::new("Type d'événement vide ou trop long.", "Event kind empty or too long."),
            );
        }
        if super::bounded_json::json_len(payload) > MAX_EVENT_PAYLOAD_BYTES {
            problems.push(
                "payload",
                "too_large",
                Text::new(
                    format!(
                        "Données d'événement trop volumineuses (plus de {} Kio).",
                        MAX_EVENT_PAYLOAD_BYTES / 1024
                    ),
                    format!("Event data too large (over {} KiB).", MAX_EVENT_PAYLOAD_BYTES / 1024),
                ),
            );
        }
        let events: i64 =
            self.conn
                .query_row("SELECT COUNT(*) FROM round_events WHERE play_id = ?1", [play], |r| r.get(0))?;
        let events = usize::try_from(events).unwrap_or(usize::MAX);
        if events >= MAX_ROUND_EVENTS {
            problems.push("round", "too_many", too_many(MAX_ROUND_EVENTS, events.saturating_add(1)));
        }
        problems.into_result(())?;
        let recorded_at = now();
        let seq: u32 = self.conn.query_row(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM round_events WHERE play_id = ?1 AND round = ?2",
            params![play, round],
            |r| r.get(0),
        )?;
        self.conn.execute(
            "INSERT INTO round_events (play_id, round, seq, kind, payload_json, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![play, round, seq, kind, payload.to_string(), fmt_time(&recorded_at)],
        )?;
        Ok(RoundEvent {
            round,
            seq,
            kind: kind.to_owned(),
            payload: payload.clone(),
            recorded_at,
            text: None,
        })
    }

    /// Keeps the setup checklist's ticked steps of a play (replacing those kept before): each
    /// id must be a step of that play's checklist (its game, variant and player count; a
    /// Citadelles checklist with or without a ninth character), else every wrong one is
    /// reported on its field (`done[k]`) and nothing is kept. A step given twice is kept once.
    pub fn set_setup_done(&self, play: Id, done: &[String]) -> Result<Vec<String>> {
        let (game, _) = self.game_and_status(play)?;
        let (variant, players): (String, u8) =
            self.conn.query_row("SELECT variant, player_count FROM plays WHERE id = ?1", [play], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
        let steps: Vec<String> = [false, true]
            .into_iter()
            .filter_map(|ninth| games::setup_checklist(game, &variant, players, ninth).ok())
            .flatten()
            .map(|s| s.id)
            .collect();
        let mut problems = Problems::new();
        let mut kept: Vec<String> = Vec::with_capacity(done.len());
        for (k, id) in done.iter().enumerate() {
            if !steps.contains(id) {
                problems.push(
                    format!("done[{k}]"),
                    "unknown_step",
                    Text::new(
                        format!("« {id} » n'est pas une étape de la mise en place de cette partie."),
                        format!("“{id}” is not a setup step of this play."),
                    ),
                );
            } else if !kept.contains(id) {
                kept.push(id.clone());
            }
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let text = if kept.is_empty() { None } else { serde_json::to_string(&kept).ok() };
        self.conn.execute("UPDATE plays SET setup_done = ?1 WHERE id = ?2", params![text, play])?;
        Ok(kept)
    }

    /// Remembers the printed value of a card (replacing the one typed before).
    pub fn set_card_value(&self, game: GameId, card: &str, value: i32) -> Result<CardValue> {
        let mut problems = Problems::new();
        let card = card.trim();
        if card.is_empty() || card.chars().count() > 100 {
            problems.push(
                "card",
                "invalid_card",
                Text::new("Nom de carte vide ou trop long.", "Card name empty or too long."),
            );
        }
        if !(-999..=999).contains(&value) {
            problems.push(
                "value",
                "out_of_range",
                Text::new("Valeur hors limites (−999 à 999).", "Value out of range (−999 to 999)."),
            );
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        self.conn.execute(
            "INSERT INTO card_values (game, card, value, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game, card) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            params![game.as_str(), card, value, fmt_time(&now())],
        )?;
        Ok(CardValue { game, card: card.to_owned(), value })
    }

    /// The card values typed for `game`, by card in French order (`collation::compare`): screens
    /// list them as given.
    pub fn card_values(&self, game: GameId) -> Result<Vec<CardValue>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT card, value FROM card_values WHERE game = ?1 ORDER BY card COLLATE french",
        )?;
        let rows =
            stmt.query_map([game.as_str()], |r| Ok(CardValue { game, card: r.get(0)?, value: r.get(1)? }))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Plays matching `filter`, newest first, with their players and results.
    pub fn list_plays(&self, filter: &PlayFilter) -> Result<PlayPage> {
        let limit = match filter.limit {
            0 => 20,
            n => n.min(200),
        };
        let (clause, mut args) = log_conditions(filter);
        let total: u32 = self
            .conn
            .prepare_cached(&format!("SELECT COUNT(*) FROM plays WHERE {clause}"))?
            .query_row(params_from_iter(&args), |r| r.get(0))?;
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT id, game, variant, status, started_at, ended_at, location, duration_minutes, outcome, won, deleted_at
               FROM plays WHERE {clause}
              ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?"
        ))?;
        args.push(i64::from(limit).into());
        args.push(i64::from(filter.offset).into());
        let rows = stmt.query_map(params_from_iter(&args), |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                parse_time(&r.get::<_, String>(4)?)?,
                r.get::<_, Option<String>>(5)?.map(|s| parse_time(&s)).transpose()?,
                r.get::<_, Option<String>>(6)?,
                r.get::<_, Option<u32>>(7)?,
                r.get::<_, Option<String>>(8)?,
                r.get::<_, Option<bool>>(9)?,
                r.get::<_, Option<String>>(10)?.map(|s| parse_time(&s)).transpose()?,
            ))
        })?;
        let mut plays = Vec::new();
        for row in rows {
            let (
                id,
                game,
                variant,
                status,
                started_at,
                ended_at,
                location,
                duration_minutes,
                outcome,
                won,
                deleted_at,
            ) = row?;
            plays.push(PlaySummary {
                id: to_id(id)?,
                game: parse_game(&game)?,
                variant,
                status: parse_status(&status)?,
                started_at,
                ended_at,
                location,
                players: self.summary_players(id)?,
                duration_minutes,
                outcome: outcome.as_deref().and_then(OutcomeKind::parse),
                won,
                deleted_at,
            });
        }
        Ok(PlayPage { plays, total })
    }

    fn summary_players(&self, play_id: i64) -> Result<Vec<SummaryPlayer>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT p.name, s.colour, r.total, r.rank, COALESCE(r.winner, 0)
               FROM seats s JOIN players p ON p.id = s.player_id
               LEFT JOIN results r ON r.play_id = s.play_id AND r.seat = s.seat
              WHERE s.play_id = ?1 ORDER BY s.seat",
        )?;
        let rows = stmt.query_map([play_id], |r| {
            Ok(SummaryPlayer {
                name: r.get(0)?,
                colour: r.get(1)?,
                total: r.get(2)?,
                rank: r.get(3)?,
                winner: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The row of one play with its table state and result, as stored.
    fn play_row(&self, play: Id) -> Result<PlayDetailRow> {
        let row = self
            .conn
            .query_row(
                "SELECT p.uuid, p.game, p.variant, p.status, p.started_at, p.ended_at, p.location, p.notes,
                        t.state_json, t.schema_version, b.scoreboard_json, p.duration_minutes, p.deleted_at,
                        p.setup_done
                   FROM plays p
                   LEFT JOIN table_states t ON t.play_id = p.id
                   LEFT JOIN scoreboards b ON b.play_id = p.id
                  WHERE p.id = ?1",
                [play],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        parse_time(&r.get::<_, String>(4)?)?,
                        r.get::<_, Option<String>>(5)?.map(|s| parse_time(&s)).transpose()?,
                        r.get::<_, Option<String>>(6)?,
                        r.get::<_, Option<String>>(7)?,
                        r.get::<_, Option<String>>(8)?,
                        r.get::<_, Option<u32>>(9)?,
                        r.get::<_, Option<String>>(10)?,
                        r.get::<_, Option<u32>>(11)?,
                        r.get::<_, Option<String>>(12)?.map(|s| parse_time(&s)).transpose()?,
                        r.get::<_, Option<String>>(13)?,
                    ))
                },
            )
            .optional()?
            .ok_or_else(|| StoreError::NotFound { what: "play", id: play.to_string() })?;
        Ok(row)
    }

    /// Everything about one play.
    pub fn play(&self, play: Id) -> Result<PlayDetail> {
        let row = self.play_row(play)?;
        let (
            uuid,
            game,
            variant,
            status,
            started_at,
            ended_at,
            location,
            notes,
            state,
            schema,
            board,
            duration_minutes,
            deleted_at,
            setup_done,
        ) = row;
        let game = parse_game(&game)?;
        let seats = self.seats(i64::from(play))?;
        let names: Vec<String> = seats.iter().map(|s| s.player_name.clone()).collect();
        let mut events = self.round_events(i64::from(play))?;
        for e in &mut events {
            e.text = games::describe_round_event(game, &e.kind, &e.payload, &names);
        }
        let table_state: Option<serde_json::Value> = state.and_then(|s| serde_json::from_str(&s).ok());
        let table_log: Vec<TableLogLine> = table_state
            .as_ref()
            .map(|t| games::table_round_log(game, t, &names))
            .unwrap_or_default()
            .into_iter()
            .map(|(round, text)| TableLogLine { round, text })
            .collect();
        Ok(PlayDetail {
            id: play,
            uuid,
            game,
            variant,
            status: parse_status(&status)?,
            started_at,
            ended_at,
            location,
            notes,
            seats,
            table_state,
            table_schema_version: schema,
            scoreboard: board.and_then(|s| serde_json::from_str(&s).ok()),
            events,
            table_log,
            setup_done: setup_done.and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default(),
            duration_minutes,
            deleted_at,
        })
    }

    pub(super) fn seats(&self, play_id: i64) -> Result<Vec<Seat>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT s.seat, s.player_id, p.name, s.colour, s.first_player
               FROM seats s JOIN players p ON p.id = s.player_id WHERE s.play_id = ?1 ORDER BY s.seat",
        )?;
        let rows = stmt.query_map([play_id], |r| {
            Ok(Seat {
                seat: r.get(0)?,
                player_id: r.get(1)?,
                player_name: r.get(2)?,
                colour: r.get(3)?,
                first_player: r.get(4)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    pub(super) fn round_events(&self, play_id: i64) -> Result<Vec<RoundEvent>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT round, seq, kind, payload_json, recorded_at FROM round_events WHERE play_id = ?1 ORDER BY round, seq",
        )?;
        let rows = stmt.query_map([play_id], |r| {
            Ok(RoundEvent {
                round: r.get(0)?,
                seq: r.get(1)?,
                kind: r.get(2)?,
                payload: serde_json::from_str(&r.get::<_, String>(3)?).unwrap_or(serde_json::Value::Null),
                recorded_at: parse_time(&r.get::<_, String>(4)?)?,
                text: None,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The game and status of a play that is not in the bin.
    pub(super) fn game_and_status(&self, play: Id) -> Result<(GameId, PlayStatus)> {
        // Cached: the preview asks it on every keystroke.
        let (game, status): (String, String) = self
            .conn
            .prepare_cached("SELECT game, status FROM plays WHERE id = ?1 AND deleted_at IS NULL")?
            .query_row([play], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?
            .ok_or_else(|| StoreError::NotFound { what: "play", id: play.to_string() })?;
        Ok((parse_game(&game)?, parse_status(&status)?))
    }
}

/// A new play's variant is one of its game's, and its seats as many as the variant is played
/// with.
fn check_variant_and_seat_count(problems: &mut Problems, new: &NewPlay) {
    let info = new.game.info();
    match info.variant(&new.variant) {
        None => input::unknown_variant(problems, "variant", VariantWord::VARIANT, &new.variant, None, &[]),
        Some(v) => {
            let who = PlayedBy::of_variant(info, v);
            input::player_count(problems, "seats", &who, v.min_players, v.max_players, new.seats.len());
        }
    }
}

/// The rulebook's setup puts something on the sheets before the first round (Valencia's
/// coins, pawn and council seats): the play starts from it, whatever door started it.
fn write_initial_table(
    tx: &rusqlite::Transaction,
    play_id: i64,
    new: &NewPlay,
    started: &DateTime<Utc>,
) -> Result<()> {
    let mut names = Vec::with_capacity(new.seats.len());
    for seat in &new.seats {
        names.push(tx.query_row("SELECT name FROM players WHERE id = ?1", [seat.player_id], |r| {
            r.get::<_, String>(0)
        })?);
    }
    if let Some(state) =
        games::initial_table_state(new.game, &new.variant, &names, usize::from(new.first_seat))
    {
        let schema_version = new.game.info().table_schema_version;
        write_table_state(tx, play_id, schema_version, &state_text(&state)?, started)?;
    }
    Ok(())
}

/// The conditions of a page of the log and their arguments, in order. Only the filters given
/// are written into the statement, so that SQLite can pick an index for them (a filter
/// written `?1 IS NULL OR game = ?1` reads every row): the log of plays outside the bin, the
/// most common page, walks the partial index `plays_log` and never touches the table for the
/// rows an offset skips.
fn log_conditions(filter: &PlayFilter) -> (String, Vec<Value>) {
    let mut conditions = vec![if filter.deleted { "deleted_at IS NOT NULL" } else { "deleted_at IS NULL" }];
    let mut args: Vec<Value> = Vec::new();
    let mut when = |condition: &'static str, value: Option<Value>| {
        if let Some(value) = value {
            conditions.push(condition);
            args.push(value);
        }
    };
    when("game = ?", filter.game.map(|g| g.as_str().to_owned().into()));
    when("status = ?", filter.status.map(|s| s.as_str().to_owned().into()));
    when("variant = ?", filter.variant.clone().map(Value::from));
    when(
        "EXISTS (SELECT 1 FROM seats s WHERE s.play_id = plays.id AND s.player_id = ?)",
        filter.player_id.map(|p| i64::from(p).into()),
    );
    when("started_at >= ?", filter.from.as_ref().map(|t| fmt_time(t).into()));
    when("started_at < ?", filter.to.as_ref().map(|t| fmt_time(t).into()));
    when("outcome = ?", filter.outcome.map(|o| o.as_str().to_owned().into()));
    when("won = ?", filter.won.map(|w| i64::from(w).into()));
    (conditions.join(" AND "), args)
}

/// One play's row as [`Store::play`] reads it: uuid, game, variant, status, start, end,
/// location, notes, table state and its schema, result, duration, when binned, setup done.
type PlayDetailRow = (
    String,
    String,
    String,
    String,
    DateTime<Utc>,
    Option<DateTime<Utc>>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<u32>,
    Option<String>,
    Option<u32>,
    Option<DateTime<Utc>>,
    Option<String>,
);

pub(super) fn parse_game(s: &str) -> Result<GameId> {
    s.parse().map_err(|_| StoreError::NotFound { what: "game", id: s.to_owned() })
}

pub(super) fn parse_status(s: &str) -> Result<PlayStatus> {
    PlayStatus::parse(s).ok_or_else(|| StoreError::NotFound { what: "status", id: s.to_owned() })
}

/// What tells two roster names apart: the name as the history keeps it (NFC, trimmed: a
/// backup written elsewhere may spell "ë" decomposed), its ASCII letters in lower case, as the
/// `players.name` column's `COLLATE NOCASE` compares them (so "ÉLODIE" and "élodie" are two
/// players). Every check made in Rust uses it, so the history and its own backups agree.
pub fn player_key(name: &str) -> String {
    games::clean_name(name).unwrap_or_else(|_| name.trim().to_owned()).to_ascii_lowercase()
}
