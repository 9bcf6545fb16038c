//! This history's own rows written from the shared record: after a changeset is applied (and
//! after a conflict is resolved), each player and play it touched is written again from its
//! record, with this history's ids, and the statistics summaries follow as on every other write
//! (`summary::remove` before, `summary::add` after; the plays new here are added all at once).

use std::collections::{HashMap, HashSet};

use rusqlite::{Connection, OptionalExtension, params};

use super::identity;
use super::records::{OtherPlayRecord, PlayContent, PlayRecord, PlayerRecord};
use crate::history::summary::{self, Scope};
use crate::history::{Result, StoreError};

pub(super) struct Materializer<'c> {
    conn: &'c Connection,
    /// Plays above this id were added in this transaction: their statistics are added at the end.
    first_new: i64,
    /// Every shared player's `merged_into`.
    merges: HashMap<String, Option<String>>,
    ids: HashMap<String, i64>,
    /// Players' names by id, once the players are written.
    names: HashMap<i64, String>,
    /// This history's plays written (their screens read them again).
    pub changed_plays: Vec<i64>,
    /// The capture's triggers, dropped while the rows are written (`drop_capture_triggers`).
    triggers: Vec<String>,
}

/// Drops the triggers that mark this history's changes for capture (`capture.rs`), returning
/// them to be created again by [`Materializer::finish`], in the same transaction. What is
/// written from the record is not this history's change: every mark they would leave is
/// deleted before the commit anyway. A table with a trigger makes SQLite keep a journal of
/// every statement writing to it, which was the most of writing a play applied
/// (`benches/history.rs`, `sharing`). A transaction that does not reach `finish` rolls back,
/// triggers included.
fn drop_capture_triggers(conn: &Connection) -> Result<Vec<String>> {
    let triggers: Vec<(String, String)> = conn
        .prepare(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (name, _) in &triggers {
        conn.execute_batch(&format!("DROP TRIGGER \"{name}\""))?;
    }
    Ok(triggers.into_iter().map(|(_, sql)| sql).collect())
}

fn not_known(what: &'static str, uuid: &str) -> StoreError {
    StoreError::NotFound { what, id: uuid.to_owned() }
}

impl<'c> Materializer<'c> {
    pub fn new(conn: &'c Connection) -> Result<Materializer<'c>> {
        let first_new: i64 = conn.query_row("SELECT COALESCE(MAX(id), 0) FROM plays", [], |r| r.get(0))?;
        let triggers = drop_capture_triggers(conn)?;
        Ok(Materializer {
            conn,
            first_new,
            merges: identity::merges(conn)?,
            ids: HashMap::new(),
            names: HashMap::new(),
            changed_plays: Vec::new(),
            triggers,
        })
    }

    /// Writes the players from their records, then seats every play again whose players'
    /// merges changed.
    pub fn players(&mut self, uuids: &[String]) -> Result<()> {
        if uuids.is_empty() {
            return Ok(());
        }
        for uuid in uuids {
            self.player(uuid)?;
        }
        self.names.clear();
        self.merges = identity::merges(self.conn)?;
        let moved = self.settle_merges()?;
        if moved.is_empty() {
            return Ok(());
        }
        let seated = |sql: &str| -> Result<Vec<String>> {
            let mut uuids: Vec<String> = Vec::new();
            let mut stmt = self.conn.prepare_cached(sql)?;
            for id in &moved {
                for uuid in stmt.query_map([id], |r| r.get::<_, String>(0))? {
                    uuids.push(uuid?);
                }
            }
            uuids.sort();
            uuids.dedup();
            Ok(uuids)
        };
        let plays =
            seated("SELECT p.uuid FROM seats s JOIN plays p ON p.id = s.play_id WHERE s.player_id = ?1")?;
        let others = seated(
            "SELECT p.uuid FROM other_play_seats s JOIN other_plays p ON p.id = s.other_play_id WHERE s.player_id = ?1",
        )?;
        self.plays(&plays)?;
        self.other_plays(&others)
    }

    fn player(&mut self, uuid: &str) -> Result<()> {
        let record: PlayerRecord =
            self.record("shared_players", uuid)?.ok_or_else(|| not_known("player", uuid))?;
        match identity::local_player(self.conn, uuid)? {
            None => {
                self.conn
                    .prepare_cached(
                        "INSERT INTO players (uuid, name, colour, archived, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                    )?
                    .execute(params![uuid, record.name, record.colour, record.archived, record.created_at])?;
            }
            Some(id) => {
                let (name, colour, archived): (String, Option<String>, bool) = self.conn.query_row(
                    "SELECT name, colour, archived FROM players WHERE id = ?1",
                    [id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )?;
                if name != record.name {
                    self.conn
                        .execute("UPDATE players SET name = ?2 WHERE id = ?1", params![id, record.name])?;
                    crate::history::log::rewrite_seat_names(self.conn, id, &name, &record.name)?;
                }
                if (colour, archived) != (record.colour.clone(), record.archived) {
                    self.conn.execute(
                        "UPDATE players SET colour = ?2, archived = ?3 WHERE id = ?1",
                        params![id, record.colour, record.archived],
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Sets each player's `merged_into` to their root (`identity::root_of`); returns the players
    /// whose root changed, with their old and new roots.
    fn settle_merges(&mut self) -> Result<Vec<i64>> {
        let mut moved = Vec::new();
        let uuids: Vec<String> = self.merges.keys().cloned().collect();
        for uuid in uuids {
            let Some(id) = self.player_id(&uuid).ok() else { continue };
            let root = identity::root_of(&self.merges, &uuid);
            let want = if root == uuid { None } else { self.player_id(&root).ok() };
            let have: Option<i64> =
                self.conn.query_row("SELECT merged_into FROM players WHERE id = ?1", [id], |r| r.get(0))?;
            if want == have {
                continue;
            }
            self.conn.execute("UPDATE players SET merged_into = ?2 WHERE id = ?1", params![id, want])?;
            moved.extend([Some(id), have, want].into_iter().flatten());
        }
        moved.sort_unstable();
        moved.dedup();
        Ok(moved)
    }

    fn record<T: serde::de::DeserializeOwned>(&self, table: &str, uuid: &str) -> Result<Option<T>> {
        let text: Option<String> = self
            .conn
            .prepare_cached(&format!("SELECT record FROM {table} WHERE uuid = ?1"))?
            .query_row([uuid], |r| r.get(0))
            .optional()?;
        Ok(text.and_then(|t| serde_json::from_str(&t).ok()))
    }

    /// A player's name here (the seats' names written into a play's table state and scoreboard).
    fn name_of(&mut self, id: i64) -> Result<String> {
        if let Some(name) = self.names.get(&id) {
            return Ok(name.clone());
        }
        let name: String = self
            .conn
            .prepare_cached("SELECT name FROM players WHERE id = ?1")?
            .query_row([id], |r| r.get(0))?;
        self.names.insert(id, name.clone());
        Ok(name)
    }

    fn player_id(&mut self, uuid: &str) -> Result<i64> {
        if let Some(id) = self.ids.get(uuid) {
            return Ok(*id);
        }
        let id = identity::local_player(self.conn, uuid)?.ok_or_else(|| not_known("player", uuid))?;
        self.ids.insert(uuid.to_owned(), id);
        Ok(id)
    }

    /// The players of a play's seats here: each seat's player's root, unless another seat of
    /// the play already sits there (two people merged elsewhere while they sat at one play
    /// here: each keeps their own row).
    fn seat_players(&mut self, seats: &[super::records::SeatContent]) -> Result<Vec<i64>> {
        let mut own = Vec::with_capacity(seats.len());
        let mut root = Vec::with_capacity(seats.len());
        for seat in seats {
            own.push(self.player_id(&seat.player)?);
            let r = identity::root_of(&self.merges, &seat.player);
            root.push(if r == seat.player { own[own.len() - 1] } else { self.player_id(&r)? });
        }
        let mut taken: HashSet<i64> =
            own.iter().zip(&root).filter(|(o, r)| o == r).map(|(o, _)| *o).collect();
        let mut ids = Vec::with_capacity(seats.len());
        for (o, r) in own.iter().zip(&root) {
            if o == r {
                ids.push(*o);
            } else if taken.insert(*r) {
                ids.push(*r);
            } else {
                taken.insert(*o);
                ids.push(*o);
            }
        }
        Ok(ids)
    }

    /// Writes the plays from their records.
    pub fn plays(&mut self, uuids: &[String]) -> Result<()> {
        for uuid in uuids {
            let record: PlayRecord =
                self.record("shared_plays", uuid)?.ok_or_else(|| not_known("play", uuid))?;
            self.play(uuid, record)?;
        }
        Ok(())
    }

    fn play(&mut self, uuid: &str, record: PlayRecord) -> Result<()> {
        let conn = self.conn;
        let local: Option<i64> = conn
            .prepare_cached("SELECT id FROM plays WHERE uuid = ?1")?
            .query_row([uuid], |r| r.get(0))
            .optional()?;
        // A play added in this transaction has no statistics yet: they are added at the end.
        let counted = local.filter(|id| *id <= self.first_new);
        if let Some(id) = counted {
            summary::remove(conn, Scope::Play(id))?;
        }
        let Some(content) = record.play else {
            if let Some(id) = local {
                conn.execute("DELETE FROM plays WHERE id = ?1", [id])?;
            }
            return Ok(());
        };
        let players = self.seat_players(&content.seats)?;
        let mut names = Vec::with_capacity(players.len());
        for id in &players {
            names.push(self.name_of(*id)?);
        }
        let id = write_play_row(conn, uuid, local, &content)?;
        let mut seat = conn.prepare_cached(
            "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        for (i, (s, player)) in content.seats.iter().zip(&players).enumerate() {
            seat.execute(params![
                id,
                i64::try_from(i).unwrap_or(i64::MAX),
                player,
                s.colour,
                s.first_player
            ])?;
        }
        let closed = content.status != "in_progress" || content.deleted_at.is_some();
        write_play_parts(conn, id, content, &names)?;
        if local.is_some() && closed {
            // As finishing, abandoning or deleting does here: no undo step left, no table open.
            conn.prepare_cached("DELETE FROM table_state_revisions WHERE play_id = ?1")?.execute([id])?;
            conn.prepare_cached("DELETE FROM table_sessions WHERE play_id = ?1")?.execute([id])?;
        }
        if counted.is_some() {
            summary::add(conn, Scope::Play(id))?;
        }
        self.changed_plays.push(id);
        Ok(())
    }

    /// Writes other games' plays from their records (no statistic reads them but a player's
    /// count of them, read from their rows).
    pub fn other_plays(&mut self, uuids: &[String]) -> Result<()> {
        for uuid in uuids {
            let record: OtherPlayRecord =
                self.record("shared_other_plays", uuid)?.ok_or_else(|| not_known("play", uuid))?;
            let conn = self.conn;
            let local: Option<i64> = conn
                .prepare_cached("SELECT id FROM other_plays WHERE uuid = ?1")?
                .query_row([uuid], |r| r.get(0))
                .optional()?;
            if let Some(id) = local {
                conn.prepare_cached("DELETE FROM other_plays WHERE id = ?1")?.execute([id])?;
            }
            let Some(c) = record.play else { continue };
            let mut players = Vec::with_capacity(c.seats.len());
            for seat in &c.seats {
                let root = identity::root_of(&self.merges, &seat.player);
                players.push(self.player_id(&root)?);
            }
            conn.prepare_cached(
                "INSERT INTO other_plays (id, uuid, game_name, bgg_id, played_at, duration_minutes, location, notes,
                                          cooperative, imported_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            )?
            .execute(params![
                local,
                uuid,
                c.game_name,
                c.bgg_id,
                c.played_at,
                c.duration_minutes,
                c.location,
                c.notes,
                c.cooperative,
                c.imported_at
            ])?;
            let id = conn.last_insert_rowid();
            let mut seat = conn.prepare_cached(
                "INSERT INTO other_play_seats (other_play_id, seat, player_id, score, winner, first_player, score_text, team, role)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?;
            for (i, (s, player)) in c.seats.iter().zip(&players).enumerate() {
                seat.execute(params![
                    id,
                    i64::try_from(i).unwrap_or(i64::MAX),
                    player,
                    s.score,
                    s.winner,
                    s.first_player,
                    s.score_text,
                    s.team,
                    s.role
                ])?;
            }
            let mut expansion = conn.prepare_cached(
                "INSERT INTO other_play_expansions (other_play_id, position, name, bgg_id) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, (name, bgg_id)) in c.expansions.iter().enumerate() {
                expansion.execute(params![id, i64::try_from(i).unwrap_or(i64::MAX), name, bgg_id])?;
            }
        }
        Ok(())
    }

    /// Adds the statistics of the plays new here, and creates the capture's triggers again (the
    /// writes left no mark: they are not this history's changes).
    pub fn finish(self) -> Result<Vec<i64>> {
        summary::add(self.conn, Scope::After(self.first_new))?;
        for sql in &self.triggers {
            self.conn.execute_batch(sql)?;
        }
        let mut changed = self.changed_plays;
        changed.sort_unstable();
        changed.dedup();
        Ok(changed)
    }
}

/// Writes a play's row (inserted, or updated with its older rows removed); returns its id.
fn write_play_row(conn: &Connection, uuid: &str, local: Option<i64>, c: &PlayContent) -> Result<i64> {
    let values = params![
        uuid,
        c.game,
        c.variant,
        c.player_count,
        c.status,
        c.started_at,
        c.ended_at,
        c.updated_at,
        c.location,
        c.notes,
        c.outcome,
        c.won,
        c.round_reached,
        c.difficulty,
        c.lost_event,
        c.deleted_at,
        c.duration_minutes,
        c.setup_done,
    ];
    match local {
        Some(id) => {
            conn.prepare_cached(
                "UPDATE plays SET game = ?2, variant = ?3, player_count = ?4, status = ?5, started_at = ?6,
                        ended_at = ?7, updated_at = ?8, location = ?9, notes = ?10, outcome = ?11, won = ?12,
                        round_reached = ?13, difficulty = ?14, lost_event = ?15, deleted_at = ?16,
                        duration_minutes = ?17, setup_done = ?18
                  WHERE uuid = ?1",
            )?
            .execute(values)?;
            // The seats' rows go with them (results, category points, mission results).
            for table in ["seats", "table_states", "scoreboards", "round_events"] {
                conn.prepare_cached(&format!("DELETE FROM {table} WHERE play_id = ?1"))?.execute([id])?;
            }
            Ok(id)
        }
        None => {
            conn.prepare_cached(
                "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, ended_at, updated_at,
                                    location, notes, outcome, won, round_reached, difficulty, lost_event,
                                    deleted_at, duration_minutes, setup_done)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
            )?
            .execute(values)?;
            Ok(conn.last_insert_rowid())
        }
    }
}

/// Writes what a play holds besides its row and seats, its seats' names from this history.
fn write_play_parts(conn: &Connection, id: i64, c: PlayContent, names: &[String]) -> Result<()> {
    if let Some(t) = c.table_state {
        conn.prepare_cached(
            "INSERT INTO table_states (play_id, schema_version, state_json, saved_at) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, t.schema_version, t.state.render(names), t.saved_at])?;
    }
    if let Some(board) = c.scoreboard {
        conn.prepare_cached("INSERT INTO scoreboards (play_id, scoreboard_json) VALUES (?1, ?2)")?
            .execute(params![id, board.render(names)])?;
    }
    let mut stmt = conn.prepare_cached(
        "INSERT INTO results (play_id, seat, total, rank, winner) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (seat, total, rank, winner) in &c.results {
        stmt.execute(params![id, seat, total, rank, winner])?;
    }
    let mut stmt = conn.prepare_cached(
        "INSERT INTO category_points (play_id, seat, category, points) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (seat, category, points) in &c.categories {
        stmt.execute(params![id, seat, category, points])?;
    }
    let mut stmt = conn.prepare_cached(
        "INSERT INTO mission_results (play_id, seat, mission, met, points) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (seat, mission, met, points) in &c.missions {
        stmt.execute(params![id, seat, mission, met, points])?;
    }
    let mut stmt = conn.prepare_cached(
        "INSERT INTO round_events (play_id, round, seq, kind, payload_json, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (round, seq, kind, payload, recorded_at) in &c.events {
        stmt.execute(params![id, round, seq, kind, payload, recorded_at])?;
    }
    Ok(())
}
