//! The play log and the roster after the fact: editing a play (rescored from its table state),
//! deleting with undo, and renaming, recolouring, archiving and merging players.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::model::*;
use super::plays::{
    MAX_COLOUR_CHARS, MAX_LOCATION_CHARS, MAX_NOTES_CHARS, check_len, check_name, check_players_match_seats,
    fmt_time, now, player_by_name, state_text, to_id, write_results, write_table_state,
};
use super::summary::{self, Scope};
use super::{Result, Store, StoreError};
use crate::games::{self, Problems};
use crate::text::Text;

/// Longest duration accepted, in minutes (the database's check: about ten weeks).
pub const MAX_DURATION_MINUTES: u32 = 100_000;

/// Writes `new_name` into the table state and the scoreboard of every play where `player_id`
/// sits and the name at that seat is still `old_name`, so that a stored state keeps seating
/// the play's players (rescoring checks it) and an old scoreboard shows the current name.
/// Every game's table state and the scoreboard list players by seat under `players[i].name`.
pub(super) fn rewrite_seat_names(
    conn: &Connection,
    player_id: i64,
    old_name: &str,
    new_name: &str,
) -> Result<()> {
    for (table, column) in [("table_states", "state_json"), ("scoreboards", "scoreboard_json")] {
        conn.execute(
            &format!(
                "UPDATE {table} SET {column} = json_set({column}, '$.players[' || s.seat || '].name', ?3)
                   FROM seats s
                  WHERE s.play_id = {table}.play_id AND s.player_id = ?1
                    AND lower(trim(json_extract({column}, '$.players[' || s.seat || '].name'))) = lower(?2)"
            ),
            params![player_id, old_name, new_name],
        )?;
    }
    Ok(())
}

fn not_found(what: &'static str, id: Id) -> StoreError {
    StoreError::NotFound { what, id: id.to_string() }
}

impl Store {
    /// One player of the roster.
    pub fn player(&self, id: Id) -> Result<Player> {
        self.conn
            .query_row(
                "SELECT id, name, colour, archived FROM players WHERE id = ?1 AND merged_into IS NULL",
                [id],
                |r| Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?
            .ok_or_else(|| not_found("player", id))
            .and_then(|(rowid, name, colour, archived)| {
                Ok(Player { id: to_id(rowid)?, name, colour, archived })
            })
    }

    /// Renames a player; the new name must not be another player's (ignoring case). Their
    /// plays follow: the stored table states and scoreboards show the new name.
    pub fn rename_player(&mut self, id: Id, name: &str) -> Result<Player> {
        let player = self.player(id)?;
        let mut problems = Problems::new();
        let name = check_name(&mut problems, "name", name);
        if problems.is_empty() && player_by_name(&self.conn, &name)?.is_some_and(|p| p.id != id) {
            problems.push(
                "name",
                "duplicate_name",
                Text::new(
                    format!(
                        "« {name} » est déjà dans la liste des joueurs : fusionnez plutôt les deux joueurs."
                    ),
                    format!("“{name}” is already on the roster: merge the two players instead."),
                ),
            );
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let tx = self.conn.transaction()?;
        tx.execute("UPDATE players SET name = ?2 WHERE id = ?1", params![id, name])?;
        rewrite_seat_names(&tx, i64::from(id), &player.name, &name)?;
        tx.commit()?;
        self.player(id)
    }

    /// Sets (or clears) a player's preferred colour.
    pub fn set_player_colour(&self, id: Id, colour: Option<&str>) -> Result<Player> {
        self.player(id)?;
        let colour = colour.map(str::trim).filter(|c| !c.is_empty());
        let mut problems = Problems::new();
        check_len(&mut problems, "colour", colour, MAX_COLOUR_CHARS);
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        self.conn.execute("UPDATE players SET colour = ?2 WHERE id = ?1", params![id, colour])?;
        self.player(id)
    }

    /// Archives a player (hidden from new plays, kept in every statistic) or brings them back.
    pub fn set_player_archived(&self, id: Id, archived: bool) -> Result<Player> {
        self.player(id)?;
        self.conn.execute("UPDATE players SET archived = ?2 WHERE id = ?1", params![id, archived])?;
        self.player(id)
    }

    /// Merges `absorbed` into `kept`: every seat of `absorbed` becomes `kept`'s (their plays
    /// show `kept`'s name), then `absorbed` leaves the roster. Refused when both sat at the
    /// same play (the problem lists those plays). One transaction.
    pub fn merge_players(&mut self, kept: Id, absorbed: Id) -> Result<Player> {
        let keep = self.player(kept)?;
        let gone = self.player(absorbed)?;
        let mut problems = Problems::new();
        if kept == absorbed {
            problems.push(
                "absorbed",
                "same_player",
                Text::new(
                    "On ne fusionne pas un joueur avec lui-même.",
                    "A player cannot be merged into themself.",
                ),
            );
        } else {
            let mut stmt = self.conn.prepare(
                "SELECT CAST(a.play_id AS TEXT) FROM seats a JOIN seats b ON b.play_id = a.play_id
                  WHERE a.player_id = ?1 AND b.player_id = ?2
                 UNION ALL
                 SELECT 'other ' || a.other_play_id FROM other_play_seats a JOIN other_play_seats b ON b.other_play_id = a.other_play_id
                  WHERE a.player_id = ?1 AND b.player_id = ?2",
            )?;
            let shared = stmt
                .query_map([kept, absorbed], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            if !shared.is_empty() {
                let list = shared.join(", ");
                problems.push(
                    "absorbed",
                    "played_together",
                    Text::new(
                        format!(
                            "{} et {} ont joué la même partie ({list}) : ce sont deux personnes.",
                            keep.name, gone.name
                        ),
                        format!(
                            "{} and {} sat at the same play ({list}): they are two people.",
                            keep.name, gone.name
                        ),
                    ),
                );
            }
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let tx = self.conn.transaction()?;
        // The plays of both (none shared) leave the statistics and come back as `kept`'s.
        summary::remove(&tx, Scope::Player(i64::from(kept)))?;
        summary::remove(&tx, Scope::Player(i64::from(absorbed)))?;
        rewrite_seat_names(&tx, i64::from(absorbed), &gone.name, &keep.name)?;
        tx.execute("UPDATE seats SET player_id = ?1 WHERE player_id = ?2", params![kept, absorbed])?;
        summary::add(&tx, Scope::Player(i64::from(kept)))?;
        tx.execute(
            "UPDATE other_play_seats SET player_id = ?1 WHERE player_id = ?2",
            params![kept, absorbed],
        )?;
        if keep.colour.is_none() && gone.colour.is_some() {
            tx.execute("UPDATE players SET colour = ?2 WHERE id = ?1", params![kept, gone.colour])?;
        }
        // The absorbed player stays, hidden, merged: a play recorded for them on another device
        // of a shared history follows the merge here too.
        tx.execute(
            "UPDATE players SET merged_into = ?1 WHERE id = ?2 OR merged_into = ?2",
            params![kept, absorbed],
        )?;
        tx.commit()?;
        self.player(kept)
    }

    /// Plays in progress (for Home: resume them), most recently touched first.
    pub fn unfinished_plays(&self) -> Result<Vec<PlaySummary>> {
        let page = self.list_plays(&PlayFilter {
            status: Some(PlayStatus::InProgress),
            limit: 200,
            ..PlayFilter::default()
        })?;
        Ok(page.plays)
    }

    /// Edits a play's details. A finished play is rescored from the table state (the one
    /// given, else the one stored); a play in progress just stores the state given.
    /// Everything is written together or not at all.
    pub fn edit_play(&mut self, play: Id, edit: &PlayEdit) -> Result<PlayDetail> {
        let (game, status) = self.game_and_status(play)?;
        let mut problems = Problems::new();
        check_len(&mut problems, "location", edit.location.as_deref(), MAX_LOCATION_CHARS);
        check_len(&mut problems, "notes", edit.notes.as_deref(), MAX_NOTES_CHARS);
        super::plays::check_time(&mut problems, "started_at", edit.started_at.as_ref());
        if edit.duration_minutes.is_some_and(|d| d > MAX_DURATION_MINUTES) {
            problems.push(
                "duration_minutes",
                "out_of_range",
                Text::new(
                    format!("Durée hors limites (au plus {MAX_DURATION_MINUTES} minutes)."),
                    format!("Duration out of range (at most {MAX_DURATION_MINUTES} minutes)."),
                ),
            );
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let stored: Option<String> = self
            .conn
            .query_row("SELECT state_json FROM table_states WHERE play_id = ?1", [play], |r| r.get(0))
            .optional()?;
        let state = match &edit.table_state {
            Some(s) => Some(s.clone()),
            None => stored.as_deref().and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok()),
        };
        let board = match (&state, status) {
            (Some(state), PlayStatus::Finished) => {
                // A correction keeps the play finished, so its new table must be a game over too
                // (the table stored at finish is scored as it is: plays finished before that rule).
                let board = if edit.table_state.is_some() {
                    games::finish_value(game, state)?
                } else {
                    games::score_value(game, state)?
                };
                check_players_match_seats(&board, &self.seats(i64::from(play))?)?;
                Some(board)
            }
            _ => None,
        };
        let text = edit.table_state.as_ref().map(state_text).transpose()?;
        let t = now();
        let tx = self.conn.transaction()?;
        summary::remove(&tx, Scope::Play(i64::from(play)))?;
        tx.execute(
            "UPDATE plays SET location = ?2, notes = ?3, duration_minutes = ?4,
                    started_at = COALESCE(?5, started_at), updated_at = ?6 WHERE id = ?1",
            params![
                play,
                edit.location.as_deref().map(str::trim).filter(|s| !s.is_empty()),
                edit.notes.as_deref().map(str::trim).filter(|s| !s.is_empty()),
                edit.duration_minutes,
                edit.started_at.as_ref().map(fmt_time),
                fmt_time(&t),
            ],
        )?;
        if let Some(text) = &text {
            // A finished play's correction keeps the state it replaces: Undo takes it back.
            if status == PlayStatus::Finished
                && let Some(before) = stored.as_deref().filter(|before| *before != text.as_str())
            {
                super::plays::push_revision(&tx, i64::from(play), before, &t)?;
            }
            write_table_state(&tx, i64::from(play), game.info().table_schema_version, text, &t)?;
        }
        if let Some(board) = &board {
            write_results(&tx, i64::from(play), board)?;
            tx.execute("UPDATE plays SET variant = ?2 WHERE id = ?1", params![play, board.variant])?;
        }
        summary::add(&tx, Scope::Play(i64::from(play)))?;
        tx.commit()?;
        self.play(play)
    }

    /// Rescores a finished play from its stored table state (after a rules fix).
    pub fn rescore_play(&mut self, play: Id) -> Result<PlayDetail> {
        let detail = self.play(play)?;
        self.edit_play(
            play,
            &PlayEdit {
                location: detail.location,
                notes: detail.notes,
                duration_minutes: detail.duration_minutes,
                started_at: None,
                table_state: None,
            },
        )
    }

    /// Moves a play to the bin: it leaves the log and the statistics until restored.
    pub fn delete_play(&self, play: Id) -> Result<PlayDetail> {
        let (_, _) = self.game_and_status(play)?;
        // `&self`: nothing else can use the connection while this transaction is open.
        let tx = self.conn.unchecked_transaction()?;
        summary::remove(&tx, Scope::Play(i64::from(play)))?;
        tx.execute("UPDATE plays SET deleted_at = ?2 WHERE id = ?1", params![play, fmt_time(&now())])?;
        // A play in the bin is open to no phone (restoring it does not reopen its table).
        tx.execute("DELETE FROM table_sessions WHERE play_id = ?1", [play])?;
        tx.commit()?;
        self.play(play)
    }

    /// Undoes a deletion.
    pub fn restore_play(&self, play: Id) -> Result<PlayDetail> {
        let tx = self.conn.unchecked_transaction()?;
        let changed = tx
            .execute("UPDATE plays SET deleted_at = NULL WHERE id = ?1 AND deleted_at IS NOT NULL", [play])?;
        if changed == 0 {
            return Err(StoreError::NotFound { what: "deleted play", id: play.to_string() });
        }
        summary::add(&tx, Scope::Play(i64::from(play)))?;
        tx.commit()?;
        self.play(play)
    }

    /// Empties the bin of plays deleted before `before`; returns how many went. (Plays in the
    /// bin count in no statistic: the summaries do not change.)
    pub fn purge_deleted_plays(&self, before: DateTime<Utc>) -> Result<u32> {
        let n = self.conn.execute(
            "DELETE FROM plays WHERE deleted_at IS NOT NULL AND deleted_at < ?1",
            [fmt_time(&before)],
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }
}
