//! Plays of games Greffier does not know (BG Stats imports): listed read-only in History with
//! their game's name, filterable, and counted in a player's overall record.

use chrono::{DateTime, Utc};
use rusqlite::params_from_iter;
use serde::{Deserialize, Serialize};

use super::plays::{parse_time, to_id};
use super::{Id, Result, Store};

/// Which plays of other games to list, newest first. Every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct OtherPlayFilter {
    /// The game's name as imported (case ignored).
    pub game_name: Option<String>,
    /// Plays where this player has a seat.
    pub player_id: Option<Id>,
    /// Played at or after this instant.
    pub from: Option<DateTime<Utc>>,
    /// Played strictly before this instant.
    pub to: Option<DateTime<Utc>>,
    /// At most this many (0 means 20; capped at 200).
    pub limit: u32,
    pub offset: u32,
}

/// A seat of another game's play, as imported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OtherSeat {
    pub player_id: Id,
    pub name: String,
    /// The score as written ("42", "12.5", "87+77" typed round by round), if one was kept.
    pub score: Option<String>,
    pub winner: bool,
    pub first_player: bool,
    pub team: Option<String>,
    pub role: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OtherPlaySummary {
    pub id: Id,
    pub game_name: String,
    pub bgg_id: Option<i64>,
    pub played_at: DateTime<Utc>,
    pub duration_minutes: Option<u32>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub cooperative: bool,
    /// In seat order.
    pub seats: Vec<OtherSeat>,
    /// Expansions played, in order.
    pub expansions: Vec<String>,
}

/// A game and how many of its plays the history keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OtherGame {
    pub name: String,
    pub plays: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OtherPlayPage {
    pub plays: Vec<OtherPlaySummary>,
    /// How many plays match the filter in all.
    pub total: u32,
    /// Every other game the history holds, by name, for the filter.
    pub games: Vec<OtherGame>,
}

/// A player's plays of other games: their part of the player's overall record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OtherGamesRecord {
    pub plays: u32,
    /// Plays BG Stats marked this player a winner of (a co-op win counts for each winner).
    pub wins: u32,
    /// Per game, most played first.
    pub games: Vec<OtherGameRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OtherGameRecord {
    pub name: String,
    pub plays: u32,
    pub wins: u32,
}

/// The `WHERE` clause a filter asks for (empty without one) and its arguments, in order.
fn filter_clause(filter: &OtherPlayFilter) -> (String, Vec<rusqlite::types::Value>) {
    let mut wheres: Vec<&str> = Vec::new();
    let mut args: Vec<rusqlite::types::Value> = Vec::new();
    if let Some(name) = filter.game_name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        wheres.push("o.game_name = ? COLLATE NOCASE");
        args.push(name.to_owned().into());
    }
    if let Some(player) = filter.player_id {
        wheres.push(
            "EXISTS (SELECT 1 FROM other_play_seats s WHERE s.other_play_id = o.id AND s.player_id = ?)",
        );
        args.push(i64::from(player).into());
    }
    if let Some(from) = filter.from {
        wheres.push("o.played_at >= ?");
        args.push(super::plays::fmt_time(&from).into());
    }
    if let Some(to) = filter.to {
        wheres.push("o.played_at < ?");
        args.push(super::plays::fmt_time(&to).into());
    }
    let clause = if wheres.is_empty() { String::new() } else { format!("WHERE {}", wheres.join(" AND ")) };
    (clause, args)
}

/// Another game's play as the list reads it: id, game's name, BoardGameGeek id, date,
/// duration, location, notes, cooperative.
type OtherPlayRow = (i64, String, Option<i64>, String, Option<u32>, Option<String>, Option<String>, bool);

impl Store {
    /// Plays of other games, newest first.
    pub fn list_other_plays(&self, filter: &OtherPlayFilter) -> Result<OtherPlayPage> {
        let (clause, args) = filter_clause(filter);
        let total: u32 = self.conn.query_row(
            &format!("SELECT COUNT(*) FROM other_plays o {clause}"),
            params_from_iter(args.iter()),
            |r| r.get(0),
        )?;
        let limit = match filter.limit {
            0 => 20,
            n => n.min(200),
        };
        let mut page_args = args;
        page_args.push(i64::from(limit).into());
        page_args.push(i64::from(filter.offset).into());
        let mut stmt = self.conn.prepare(&format!(
            "SELECT o.id, o.game_name, o.bgg_id, o.played_at, o.duration_minutes, o.location, o.notes, o.cooperative
               FROM other_plays o {clause} ORDER BY o.played_at DESC, o.id DESC LIMIT ? OFFSET ?"
        ))?;
        let rows: Vec<OtherPlayRow> = stmt
            .query_map(params_from_iter(page_args.iter()), |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut expansions = self.conn.prepare_cached(
            "SELECT name FROM other_play_expansions WHERE other_play_id = ?1 ORDER BY position",
        )?;
        let mut plays = Vec::with_capacity(rows.len());
        for (id, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative) in rows {
            plays.push(OtherPlaySummary {
                id: to_id(id)?,
                game_name,
                bgg_id,
                played_at: parse_time(&played_at)?,
                duration_minutes,
                location,
                notes,
                cooperative,
                seats: self.other_seats(id)?,
                expansions: expansions.query_map([id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?,
            });
        }
        let games = self
            .conn
            .prepare_cached(
                "SELECT MIN(game_name), COUNT(*) FROM other_plays GROUP BY game_name COLLATE NOCASE
                  ORDER BY MIN(game_name) COLLATE french",
            )?
            .query_map([], |r| Ok(OtherGame { name: r.get(0)?, plays: r.get(1)? }))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(OtherPlayPage { plays, total, games })
    }

    /// The seats of another game's play, in seat order.
    fn other_seats(&self, other_play_id: i64) -> Result<Vec<OtherSeat>> {
        let mut seats = self.conn.prepare_cached(
            "SELECT s.player_id, p.name, COALESCE(s.score_text, CAST(s.score AS TEXT)), s.winner, s.first_player, s.team, s.role
               FROM other_play_seats s JOIN players p ON p.id = s.player_id
              WHERE s.other_play_id = ?1 ORDER BY s.seat",
        )?;
        seats
            .query_map([other_play_id], |r| {
                Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?
            .into_iter()
            .map(|(player_id, name, score, winner, first_player, team, role)| {
                Ok(OtherSeat { player_id: to_id(player_id)?, name, score, winner, first_player, team, role })
            })
            .collect()
    }

    /// A player's plays and wins in games Greffier does not know.
    pub(super) fn other_games_record(&self, player: Id) -> Result<OtherGamesRecord> {
        let games: Vec<OtherGameRecord> = self
            .conn
            .prepare_cached(
                "SELECT MIN(o.game_name), COUNT(DISTINCT o.id), COUNT(DISTINCT CASE WHEN s.winner THEN o.id END)
                   FROM other_play_seats s JOIN other_plays o ON o.id = s.other_play_id
                  WHERE s.player_id = ?1
                  GROUP BY o.game_name COLLATE NOCASE
                  ORDER BY 2 DESC, 1 COLLATE french",
            )?
            .query_map([player], |r| Ok(OtherGameRecord { name: r.get(0)?, plays: r.get(1)?, wins: r.get(2)? }))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(OtherGamesRecord {
            plays: games.iter().map(|g| g.plays).sum(),
            wins: games.iter().map(|g| g.wins).sum(),
            games,
        })
    }
}
