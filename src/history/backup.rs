//! Full backups as JSON: export every player, play and card value; import a backup all or
//! nothing. Players are matched by name and plays by their uuid, so importing the same backup
//! twice adds nothing the second time.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::model::{PlayStatus, RoundEvent};
use super::plays::{
    MAX_COLOUR_CHARS, MAX_LOCATION_CHARS, MAX_NOTES_CHARS, check_len, check_name, fmt_time, insert_player,
    now, parse_time, sql_int, write_results, write_table_state,
};
use super::{Progress, ProgressStage, Result, Store, StoreError, latest_schema_version};
use crate::games::{GameId, Problems, Scoreboard};
use crate::text::Text;

/// Identifies our backup files.
pub const BACKUP_FORMAT: &str = "greffier-backup";
/// Most plays (and players) one backup may hold.
pub const MAX_BACKUP_ITEMS: usize = 100_000;

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
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackupOtherSeat {
    /// The player's name, as in [`Backup::players`].
    pub player: String,
    pub score: Option<i64>,
    pub winner: bool,
    pub first_player: bool,
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
    /// Plays already in the history (same uuid), left as they were.
    pub plays_skipped: u32,
    pub card_values_added: u32,
    /// Plays of other games added.
    pub other_plays_added: u32,
}

impl Backup {
    /// Reads a backup from JSON text, reporting a wrong shape as a problem with its place.
    pub fn from_json(text: &str) -> Result<Backup, Problems> {
        serde_json::from_str(text).map_err(|e| Problems::malformed(&e))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Every problem that would stop an import, each with its place in the file.
    pub fn check(&self) -> Result<(), Problems> {
        let mut problems = Problems::new();
        let m = &self.manifest;
        if m.format != BACKUP_FORMAT {
            problems.push(
                "manifest.format",
                "not_a_backup",
                Text::new(
                    format!("Ce fichier n'est pas une sauvegarde Greffier (format « {} »).", m.format),
                    format!("This file is not a Greffier backup (format “{}”).", m.format),
                ),
            );
        }
        if m.schema_version > latest_schema_version() {
            problems.push(
                "manifest.schema_version",
                "newer_schema",
                Text::new(
                    format!("Sauvegarde d'une version plus récente de Greffier (schéma {}) : mettez Greffier à jour.", m.schema_version),
                    format!("Backup from a newer Greffier (schema {}): update Greffier.", m.schema_version),
                ),
            );
        }
        if self.players.len() > MAX_BACKUP_ITEMS
            || self.plays.len() > MAX_BACKUP_ITEMS
            || self.other_plays.len() > MAX_BACKUP_ITEMS
            || self.card_values.len() > MAX_BACKUP_ITEMS
        {
            problems.push(
                "",
                "too_large",
                Text::new(
                    format!("Sauvegarde trop grande (plus de {MAX_BACKUP_ITEMS} éléments d'une sorte)."),
                    format!("Backup too large (over {MAX_BACKUP_ITEMS} items of one kind)."),
                ),
            );
            return Err(problems);
        }
        let mut names = HashSet::new();
        for (i, p) in self.players.iter().enumerate() {
            let name = check_name(&mut problems, &format!("players[{i}].name"), &p.name);
            check_len(&mut problems, &format!("players[{i}].colour"), p.colour.as_deref(), MAX_COLOUR_CHARS);
            if !names.insert(name.to_lowercase()) {
                problems.push(
                    format!("players[{i}].name"),
                    "duplicate_name",
                    Text::new("Nom en double.", "Duplicate name."),
                );
            }
        }
        let mut uuids = HashSet::new();
        for (i, play) in self.plays.iter().enumerate() {
            let at = |f: &str| format!("plays[{i}].{f}");
            if play.uuid.trim().is_empty() || play.uuid.len() > 64 || !uuids.insert(play.uuid.as_str()) {
                problems.push(
                    at("uuid"),
                    "invalid_uuid",
                    Text::new(
                        "Identifiant de partie vide, trop long ou en double.",
                        "Play id empty, too long or repeated.",
                    ),
                );
            }
            let info = play.game.info();
            match info.variant(&play.variant) {
                None => problems.push(
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
                    problems.push(
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
            check_len(&mut problems, &at("location"), play.location.as_deref(), MAX_LOCATION_CHARS);
            check_len(&mut problems, &at("notes"), play.notes.as_deref(), MAX_NOTES_CHARS);
            if play.duration_minutes.is_some_and(|d| d > super::MAX_DURATION_MINUTES) {
                problems.push(
                    at("duration_minutes"),
                    "out_of_range",
                    Text::new("Durée hors limites.", "Duration out of range."),
                );
            }
            let mut seated = HashSet::new();
            for (s, seat) in play.seats.iter().enumerate() {
                if !names.contains(&seat.player.trim().to_lowercase()) {
                    problems.push(
                        at(&format!("seats[{s}].player")),
                        "unknown_player",
                        Text::new(
                            format!(
                                "« {} » n'est pas dans la liste des joueurs de la sauvegarde.",
                                seat.player
                            ),
                            format!("“{}” is not among the backup's players.", seat.player),
                        ),
                    );
                }
                if !seated.insert(seat.player.trim().to_lowercase()) {
                    problems.push(
                        at(&format!("seats[{s}].player")),
                        "duplicate_player",
                        Text::new("Joueur assis deux fois.", "Player seated twice."),
                    );
                }
                check_len(
                    &mut problems,
                    &at(&format!("seats[{s}].colour")),
                    seat.colour.as_deref(),
                    MAX_COLOUR_CHARS,
                );
            }
            if let Some(board) = &play.scoreboard {
                if board.players.len() != play.seats.len() || board.game != play.game {
                    problems.push(
                        at("scoreboard"),
                        "seat_mismatch",
                        Text::new(
                            "Le score ne correspond pas aux places de la partie.",
                            "The scoreboard does not match the play's seats.",
                        ),
                    );
                }
                if play.status != PlayStatus::Finished {
                    problems.push(
                        at("scoreboard"),
                        "not_finished",
                        Text::new(
                            "Seule une partie terminée a un score.",
                            "Only a finished play has a scoreboard.",
                        ),
                    );
                }
            }
            let state_bytes = play.table_state.as_ref().map_or(0, |t| t.state.to_string().len());
            if state_bytes > super::plays::MAX_STATE_BYTES {
                problems.push(
                    at("table_state"),
                    "too_large",
                    Text::new("État de la table trop volumineux.", "Table state too large."),
                );
            }
            for (e, ev) in play.events.iter().enumerate() {
                if ev.kind.is_empty() || ev.kind.len() > 100 {
                    problems.push(
                        at(&format!("events[{e}].kind")),
                        "invalid_kind",
                        Text::new("Type d'événement vide ou trop long.", "Event kind empty or too long."),
                    );
                }
            }
        }
        let mut other_uuids = HashSet::new();
        for (i, play) in self.other_plays.iter().enumerate() {
            let at = |f: &str| format!("other_plays[{i}].{f}");
            if play.uuid.trim().is_empty() || play.uuid.len() > 64 || !other_uuids.insert(play.uuid.as_str())
            {
                problems.push(
                    at("uuid"),
                    "invalid_uuid",
                    Text::new(
                        "Identifiant de partie vide, trop long ou en double.",
                        "Play id empty, too long or repeated.",
                    ),
                );
            }
            if play.game_name.trim().is_empty() || play.game_name.chars().count() > 200 {
                problems.push(
                    at("game_name"),
                    "invalid_name",
                    Text::new("Nom de jeu vide ou trop long.", "Game name empty or too long."),
                );
            }
            check_len(&mut problems, &at("location"), play.location.as_deref(), MAX_LOCATION_CHARS);
            check_len(&mut problems, &at("notes"), play.notes.as_deref(), MAX_NOTES_CHARS);
            if play.duration_minutes.is_some_and(|d| d > super::MAX_DURATION_MINUTES) {
                problems.push(
                    at("duration_minutes"),
                    "out_of_range",
                    Text::new("Durée hors limites.", "Duration out of range."),
                );
            }
            if play.seats.is_empty() || play.seats.len() > 8 {
                problems.push(at("seats"), "player_count", Text::new("De 1 à 8 joueurs.", "1 to 8 players."));
            }
            for (s, seat) in play.seats.iter().enumerate() {
                if !names.contains(&seat.player.trim().to_lowercase()) {
                    problems.push(
                        at(&format!("seats[{s}].player")),
                        "unknown_player",
                        Text::new(
                            format!(
                                "« {} » n'est pas dans la liste des joueurs de la sauvegarde.",
                                seat.player
                            ),
                            format!("“{}” is not among the backup's players.", seat.player),
                        ),
                    );
                }
            }
        }
        for (i, c) in self.card_values.iter().enumerate() {
            if c.card.trim().is_empty() || c.card.chars().count() > 100 || !(-999..=999).contains(&c.value) {
                problems.push(
                    format!("card_values[{i}]"),
                    "invalid_card",
                    Text::new("Valeur de carte invalide.", "Invalid card value."),
                );
            }
        }
        problems.into_result(())
    }
}

impl Store {
    /// Every player, play and card value, in a stable order (so two exports of the same
    /// history are equal but for `exported_at`).
    pub fn export(&self) -> Result<Backup> {
        self.export_with_progress(&mut super::no_progress)
    }

    /// [`Store::export`], telling `progress` how far it is every few hundred plays.
    pub fn export_with_progress(&self, progress: &mut dyn FnMut(Progress)) -> Result<Backup> {
        let conn = &self.conn;
        let mut stmt = conn.prepare(
            "SELECT name, colour, archived, created_at FROM players ORDER BY name COLLATE NOCASE, id",
        )?;
        let players = stmt
            .query_map([], |r| {
                Ok(BackupPlayer {
                    name: r.get(0)?,
                    colour: r.get(1)?,
                    archived: r.get(2)?,
                    created_at: parse_time(&r.get::<_, String>(3)?)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;

        let mut stmt =
            conn.prepare("SELECT game, card, value, updated_at FROM card_values ORDER BY game, card")?;
        let card_values = stmt
            .query_map([], |r| {
                Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?, parse_time(&r.get::<_, String>(3)?)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?
            .into_iter()
            .filter_map(|(g, card, value, updated_at)| {
                Some(BackupCardValue { game: g.parse().ok()?, card, value, updated_at })
            })
            .collect::<Vec<_>>();

        let mut stmt = conn.prepare(
            "SELECT p.id, p.uuid, p.game, p.variant, p.status, p.started_at, p.ended_at, p.updated_at, p.location, p.notes,
                    t.schema_version, t.saved_at, t.state_json, b.scoreboard_json, p.duration_minutes, p.deleted_at
               FROM plays p
               LEFT JOIN table_states t ON t.play_id = p.id
               LEFT JOIN scoreboards b ON b.play_id = p.id
              ORDER BY p.started_at, p.uuid",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    parse_time(&r.get::<_, String>(5)?)?,
                    r.get::<_, Option<String>>(6)?.map(|s| parse_time(&s)).transpose()?,
                    parse_time(&r.get::<_, String>(7)?)?,
                    r.get::<_, Option<String>>(8)?,
                    r.get::<_, Option<String>>(9)?,
                    r.get::<_, Option<u32>>(10)?,
                    r.get::<_, Option<String>>(11)?.map(|s| parse_time(&s)).transpose()?,
                    r.get::<_, Option<String>>(12)?,
                    r.get::<_, Option<String>>(13)?,
                    r.get::<_, Option<u32>>(14)?,
                    r.get::<_, Option<String>>(15)?.map(|s| parse_time(&s)).transpose()?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut plays = Vec::with_capacity(rows.len());
        let total = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let mut done = 0u32;
        for (
            id,
            uuid,
            game,
            variant,
            status,
            started_at,
            ended_at,
            updated_at,
            location,
            notes,
            schema,
            saved_at,
            state,
            board,
            duration_minutes,
            deleted_at,
        ) in rows
        {
            let seats = self
                .seats(id)?
                .into_iter()
                .map(|s| BackupSeat { player: s.player_name, colour: s.colour, first_player: s.first_player })
                .collect();
            let table_state = match (schema, saved_at, state) {
                (Some(schema_version), Some(saved_at), Some(state)) => Some(BackupTableState {
                    schema_version,
                    saved_at,
                    state: serde_json::from_str(&state).unwrap_or_default(),
                }),
                _ => None,
            };
            plays.push(BackupPlay {
                uuid,
                game: game.parse().map_err(|_| StoreError::NotFound { what: "game", id: game.clone() })?,
                variant,
                status: PlayStatus::parse(&status)
                    .ok_or_else(|| StoreError::NotFound { what: "status", id: status.clone() })?,
                started_at,
                ended_at,
                updated_at,
                location,
                notes,
                seats,
                table_state,
                scoreboard: board.and_then(|b| serde_json::from_str(&b).ok()),
                events: self.round_events(id)?,
                duration_minutes,
                deleted_at,
            });
            done += 1;
            if done.is_multiple_of(500) || done == total {
                progress(Progress { stage: ProgressStage::Reading, done, total });
            }
        }
        let other_plays = self.export_other_plays()?;
        Ok(Backup {
            manifest: Manifest {
                format: BACKUP_FORMAT.to_owned(),
                app_version: env!("CARGO_PKG_VERSION").to_owned(),
                schema_version: latest_schema_version(),
                exported_at: now(),
                counts: Counts {
                    players: players.len(),
                    plays: plays.len(),
                    card_values: card_values.len(),
                    other_plays: other_plays.len(),
                },
            },
            players,
            card_values,
            plays,
            other_plays,
        })
    }

    fn export_other_plays(&self) -> Result<Vec<BackupOtherPlay>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, uuid, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative, imported_at
               FROM other_plays ORDER BY played_at, uuid",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    BackupOtherPlay {
                        uuid: r.get(1)?,
                        game_name: r.get(2)?,
                        bgg_id: r.get(3)?,
                        played_at: parse_time(&r.get::<_, String>(4)?)?,
                        duration_minutes: r.get(5)?,
                        location: r.get(6)?,
                        notes: r.get(7)?,
                        cooperative: r.get(8)?,
                        imported_at: parse_time(&r.get::<_, String>(9)?)?,
                        seats: Vec::new(),
                    },
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut seats = self.conn.prepare_cached(
            "SELECT p.name, s.score, s.winner, s.first_player FROM other_play_seats s
               JOIN players p ON p.id = s.player_id WHERE s.other_play_id = ?1 ORDER BY s.seat",
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, mut play) in rows {
            play.seats = seats
                .query_map([id], |r| {
                    Ok(BackupOtherSeat {
                        player: r.get(0)?,
                        score: r.get(1)?,
                        winner: r.get(2)?,
                        first_player: r.get(3)?,
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            out.push(play);
        }
        Ok(out)
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
        let total = u32::try_from(backup.plays.len() + backup.other_plays.len()).unwrap_or(u32::MAX);
        progress(Progress { stage: ProgressStage::Checking, done: 0, total });
        backup.check()?;
        let mut done = 0u32;
        let mut tick = |done: &mut u32| {
            *done += 1;
            if done.is_multiple_of(500) || *done == total {
                progress(Progress { stage: ProgressStage::Writing, done: *done, total });
            }
        };
        let mut report = ImportReport::default();
        let tx = self.conn.transaction()?;
        let mut ids: HashMap<String, i64> = HashMap::new();
        for p in &backup.players {
            let name = p.name.trim();
            let existing: Option<i64> = tx
                .query_row("SELECT id FROM players WHERE name = ?1 COLLATE NOCASE", [name], |r| r.get(0))
                .optional()?;
            let id = match existing {
                Some(id) => id,
                None => {
                    report.players_added += 1;
                    i64::from(insert_player(&tx, name, p.colour.as_deref(), p.archived, &p.created_at)?.id)
                }
            };
            ids.insert(name.to_lowercase(), id);
        }
        for c in &backup.card_values {
            let added = tx.execute(
                "INSERT INTO card_values (game, card, value, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                params![c.game.as_str(), c.card.trim(), c.value, fmt_time(&c.updated_at)],
            )?;
            report.card_values_added += u32::try_from(added).unwrap_or(u32::MAX);
        }
        for play in &backup.plays {
            let exists: bool =
                tx.query_row("SELECT EXISTS (SELECT 1 FROM plays WHERE uuid = ?1)", [&play.uuid], |r| {
                    r.get(0)
                })?;
            tick(&mut done);
            if exists {
                report.plays_skipped += 1;
                continue;
            }
            tx.execute(
                "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, ended_at, location, notes, updated_at,
                                    duration_minutes, deleted_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                params![
                    play.uuid,
                    play.game.as_str(),
                    play.variant,
                    sql_int(play.seats.len()),
                    play.status.as_str(),
                    fmt_time(&play.started_at),
                    play.ended_at.as_ref().map(fmt_time),
                    play.location,
                    play.notes,
                    fmt_time(&play.updated_at),
                    play.duration_minutes,
                    play.deleted_at.as_ref().map(fmt_time),
                ],
            )?;
            let play_id = tx.last_insert_rowid();
            for (i, seat) in play.seats.iter().enumerate() {
                let player_id = ids.get(&seat.player.trim().to_lowercase()).copied().unwrap_or_default();
                tx.execute(
                    "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![play_id, sql_int(i), player_id, seat.colour, seat.first_player],
                )?;
            }
            if let Some(t) = &play.table_state {
                write_table_state(&tx, play_id, t.schema_version, &t.state.to_string(), &t.saved_at)?;
            }
            if let Some(board) = &play.scoreboard {
                write_results(&tx, play_id, board)?;
            }
            for ev in &play.events {
                tx.execute(
                    "INSERT INTO round_events (play_id, round, seq, kind, payload_json, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![play_id, ev.round, ev.seq, ev.kind, ev.payload.to_string(), fmt_time(&ev.recorded_at)],
                )?;
            }
            report.plays_added += 1;
        }
        for play in &backup.other_plays {
            tick(&mut done);
            let exists: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM other_plays WHERE uuid = ?1)",
                [&play.uuid],
                |r| r.get(0),
            )?;
            if exists {
                report.plays_skipped += 1;
                continue;
            }
            tx.execute(
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
            let other_id = tx.last_insert_rowid();
            for (i, seat) in play.seats.iter().enumerate() {
                let player_id = ids.get(&seat.player.trim().to_lowercase()).copied().unwrap_or_default();
                tx.execute(
                    "INSERT INTO other_play_seats (other_play_id, seat, player_id, score, winner, first_player)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![other_id, sql_int(i), player_id, seat.score, seat.winner, seat.first_player],
                )?;
            }
            report.other_plays_added += 1;
        }
        tx.commit()?;
        Ok(report)
    }
}
