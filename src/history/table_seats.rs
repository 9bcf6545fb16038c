//! Table mode's memory in the history (migrations 0009, 0010, 0015): which play is open to the
//! phones, the digest of its join token, the phones that joined (their token's digest, their
//! seat, whether they have finished entering, the held seat they ask for) and the table's
//! revision. Tokens themselves are made and checked in `api::table`; only their SHA-256
//! digests come here.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::model::{Id, PlayStatus};
use super::plays::{fmt_time, now, parse_time, to_id};
use super::{Result, Store, StoreError};
use crate::games::{GameId, Problems};
use crate::text::Text;

/// A SHA-256 digest of a token's secret.
pub type TokenDigest = [u8; 32];

/// The most phones a table keeps (joins were not capped). A phone that joins a full
/// table takes the place of the one without a seat that joined first (a phone whose page lost
/// its token, one that gave up asking), so a new player's phone always gets in and no phone on
/// a seat is ever pushed out. Twice the most seats any game has.
pub const MAX_TABLE_PHONES: usize = 16;

/// An open table: its offered seats, its revision and the phones that joined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableSession {
    pub play_id: Id,
    /// The seats phones may take (the others stay the host's).
    pub seats_offered: Vec<u8>,
    /// Bumped by every change to the play while the table is open.
    pub revision: u32,
    pub opened_at: DateTime<Utc>,
    /// The address (`ip:port`) the table was last served at: tried first when it is served
    /// again, so that the phones' pages and the tokens their browsers keep for it still work.
    pub served_at: Option<String>,
    pub devices: Vec<TableDevice>,
}

/// A phone that joined the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableDevice {
    pub id: Id,
    /// What the phone called itself, if anything.
    pub name: Option<String>,
    pub seat: Option<u8>,
    /// The player said "I have finished entering".
    pub finished: bool,
    pub joined_at: DateTime<Utc>,
    /// The last change this phone saved to its seat.
    pub last_change_at: Option<DateTime<Utc>>,
    /// A seat another phone holds, which this one asks for: the host or the holding phone
    /// answers (`Store::answer_seat_request`).
    pub asks_for: Option<u8>,
}

/// What a device token's selector names: its play, the digest to compare, its seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceSecret {
    pub play_id: Id,
    pub digest: TokenDigest,
    pub seat: Option<u8>,
}

/// A request for a seat nobody holds any more has nothing to wait for: the phone may take it.
fn end_requests_for_free_seats(conn: &rusqlite::Connection, play: Id) -> Result<()> {
    conn.execute(
        "UPDATE table_devices SET asks_for = NULL WHERE play_id = ?1 AND asks_for IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM table_devices AS holder
                             WHERE holder.play_id = ?1 AND holder.seat = table_devices.asks_for)",
        [play],
    )?;
    Ok(())
}

fn digest(bytes: Vec<u8>) -> TokenDigest {
    let mut d = [0; 32];
    if bytes.len() == 32 {
        d.copy_from_slice(&bytes);
    }
    d
}

impl Store {
    /// Opens a play in progress to the phones, or reopens it (after a restart): the seats and
    /// phones that joined are kept, the join token is replaced (`join` is its new digest).
    /// `seats`: the seats offered, all of the play's when `None` (and on a reopening, the
    /// ones offered before).
    pub fn open_table(&mut self, play: Id, join: &TokenDigest, seats: Option<&[u8]>) -> Result<TableSession> {
        let (_, status) = self.game_and_status(play)?;
        if status != PlayStatus::InProgress {
            return Err(StoreError::NotInProgress { status: status.as_str() });
        }
        let count = self.seats(i64::from(play))?.len();
        if let Some(bad) = seats.and_then(|s| s.iter().find(|&&s| usize::from(s) >= count)) {
            return Err(StoreError::NotFound { what: "seat", id: bad.to_string() });
        }
        let all: Vec<u8> = (0..u8::try_from(count).unwrap_or(u8::MAX)).collect();
        let offered =
            serde_json::to_string(seats.unwrap_or(&all)).map_err(|e| StoreError::Migration(e.to_string()))?;
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO table_sessions (play_id, join_hash, seats_offered, opened_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (play_id) DO UPDATE SET join_hash = excluded.join_hash,
                 seats_offered = CASE WHEN ?5 THEN excluded.seats_offered ELSE seats_offered END",
            params![play, &join[..], offered, fmt_time(&now()), seats.is_some()],
        )?;
        tx.commit()?;
        self.table_session(play)?.ok_or_else(|| StoreError::NotFound { what: "table", id: play.to_string() })
    }

    /// Closes a play's table: every phone's token dies with it. False when none was open.
    pub fn close_table(&self, play: Id) -> Result<bool> {
        Ok(self.conn.execute("DELETE FROM table_sessions WHERE play_id = ?1", [play])? > 0)
    }

    /// The play's open table, if any.
    pub fn table_session(&self, play: Id) -> Result<Option<TableSession>> {
        let row = self
            .conn
            .query_row(
                "SELECT seats_offered, revision, opened_at, served_at FROM table_sessions WHERE play_id = ?1",
                [play],
                |r| {
                    let opened_at = parse_time(&r.get::<_, String>(2)?)?;
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, u32>(1)?,
                        opened_at,
                        r.get::<_, Option<String>>(3)?,
                    ))
                },
            )
            .optional()?;
        let Some((offered, revision, opened_at, served_at)) = row else { return Ok(None) };
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, name, seat, finished, joined_at, last_change_at, asks_for FROM table_devices
              WHERE play_id = ?1 ORDER BY id",
        )?;
        let devices = stmt
            .query_map([play], |r| {
                Ok(TableDevice {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    seat: r.get(2)?,
                    finished: r.get(3)?,
                    joined_at: parse_time(&r.get::<_, String>(4)?)?,
                    last_change_at: r.get::<_, Option<String>>(5)?.map(|s| parse_time(&s)).transpose()?,
                    asks_for: r.get(6)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(Some(TableSession {
            play_id: play,
            seats_offered: serde_json::from_str(&offered).unwrap_or_default(),
            revision,
            opened_at,
            served_at,
            devices,
        }))
    }

    /// Notes the address the play's open table is served at (see [`TableSession::served_at`]).
    pub fn set_table_served_at(&self, play: Id, address: &str) -> Result<()> {
        let changed = self
            .conn
            .execute("UPDATE table_sessions SET served_at = ?2 WHERE play_id = ?1", params![play, address])?;
        if changed == 0 {
            return Err(StoreError::NotFound { what: "table", id: play.to_string() });
        }
        Ok(())
    }

    /// The digest of the play's join token, while its table is open.
    pub fn table_join_digest(&self, play: Id) -> Result<Option<TokenDigest>> {
        Ok(self
            .conn
            .query_row("SELECT join_hash FROM table_sessions WHERE play_id = ?1", [play], |r| r.get(0))
            .optional()?
            .map(digest))
    }

    /// What a device token's selector names, while its table is open.
    pub fn table_device_secret(&self, device: Id) -> Result<Option<DeviceSecret>> {
        Ok(self
            .conn
            .query_row("SELECT play_id, token_hash, seat FROM table_devices WHERE id = ?1", [device], |r| {
                Ok(DeviceSecret { play_id: r.get(0)?, digest: digest(r.get(1)?), seat: r.get(2)? })
            })
            .optional()?)
    }

    /// A phone joins the open table (no seat yet); `token` is its own token's digest. At a table
    /// of [`MAX_TABLE_PHONES`], the phone without a seat that joined first leaves first (those
    /// asking for a seat last).
    pub fn add_table_device(&self, play: Id, token: &TokenDigest, name: Option<&str>) -> Result<Id> {
        if self.table_join_digest(play)?.is_none() {
            return Err(StoreError::NotFound { what: "open table", id: play.to_string() });
        }
        let name = name.map(|n| n.trim().chars().take(40).collect::<String>()).filter(|n| !n.is_empty());
        let tx = self.conn.unchecked_transaction()?;
        let phones: i64 =
            tx.query_row("SELECT count(*) FROM table_devices WHERE play_id = ?1", [play], |r| r.get(0))?;
        if usize::try_from(phones).unwrap_or(usize::MAX) >= MAX_TABLE_PHONES {
            let left = tx.execute(
                "DELETE FROM table_devices WHERE id = (SELECT id FROM table_devices
                  WHERE play_id = ?1 AND seat IS NULL ORDER BY asks_for IS NOT NULL, id LIMIT 1)",
                [play],
            )?;
            if left == 0 {
                let mut problems = Problems::new();
                problems.push(
                    "device",
                    "too_many_phones",
                    Text::new(
                        format!("La table a déjà {MAX_TABLE_PHONES} téléphones : l'hôte peut en retirer."),
                        format!("The table has {MAX_TABLE_PHONES} phones already: the host can remove some."),
                    ),
                );
                return Err(StoreError::Invalid(problems));
            }
        }
        tx.execute(
            "INSERT INTO table_devices (play_id, token_hash, name, joined_at) VALUES (?1, ?2, ?3, ?4)",
            params![play, &token[..], name, fmt_time(&now())],
        )?;
        let id = to_id(tx.last_insert_rowid())?;
        tx.commit()?;
        Ok(id)
    }

    /// Puts a phone on a seat (or on none), ending the request it made. A seat held by another
    /// phone is refused as [`StoreError::SeatTaken`] unless `take_over` (the host's choice, or the
    /// holder's answer), which leaves that phone without a seat.
    pub fn set_device_seat(&self, play: Id, device: Id, seat: Option<u8>, take_over: bool) -> Result<()> {
        let session = self.open_session(play)?;
        if !session.devices.iter().any(|d| d.id == device) {
            return Err(StoreError::NotFound { what: "device", id: device.to_string() });
        }
        if let Some(seat) = seat {
            if !session.seats_offered.contains(&seat) {
                return Err(StoreError::NotFound { what: "offered seat", id: seat.to_string() });
            }
            if let Some(holder) = session.devices.iter().find(|d| d.seat == Some(seat) && d.id != device)
                && !take_over
            {
                return Err(StoreError::SeatTaken { seat, device: holder.id, name: holder.name.clone() });
            }
        }
        let tx = self.conn.unchecked_transaction()?;
        if let Some(seat) = seat {
            tx.execute(
                "UPDATE table_devices SET seat = NULL, finished = 0 WHERE play_id = ?1 AND seat = ?2 AND id <> ?3",
                params![play, seat, device],
            )?;
        }
        tx.execute(
            "UPDATE table_devices SET seat = ?2, finished = CASE WHEN seat IS ?2 THEN finished ELSE 0 END,
                 asks_for = NULL WHERE id = ?1",
            params![device, seat],
        )?;
        end_requests_for_free_seats(&tx, play)?;
        tx.commit()?;
        Ok(())
    }

    /// A phone asks for `seat`, which another phone holds: it waits for the host's or the holding
    /// phone's answer ([`Store::answer_seat_request`]). A free seat is not asked for: it is taken.
    pub fn ask_for_seat(&self, play: Id, device: Id, seat: u8) -> Result<()> {
        let session = self.open_session(play)?;
        if !session.seats_offered.contains(&seat) {
            return Err(StoreError::NotFound { what: "offered seat", id: seat.to_string() });
        }
        if !session.devices.iter().any(|d| d.seat == Some(seat) && d.id != device) {
            return Err(StoreError::NotFound { what: "phone holding seat", id: seat.to_string() });
        }
        let changed = self.conn.execute(
            "UPDATE table_devices SET asks_for = ?3 WHERE play_id = ?1 AND id = ?2",
            params![play, device, seat],
        )?;
        if changed == 0 {
            return Err(StoreError::NotFound { what: "device", id: device.to_string() });
        }
        Ok(())
    }

    /// Answers the request of phone `asker` for `seat`: `give` puts it on the seat (the holder
    /// is left without one), else the request ends and nothing moves.
    pub fn answer_seat_request(&self, play: Id, seat: u8, asker: Id, give: bool) -> Result<()> {
        let session = self.open_session(play)?;
        if !session.devices.iter().any(|d| d.id == asker && d.asks_for == Some(seat)) {
            return Err(StoreError::NotFound {
                what: "request for this seat from phone",
                id: asker.to_string(),
            });
        }
        if give {
            self.set_device_seat(play, asker, Some(seat), true)
        } else {
            self.withdraw_seat_request(play, asker)
        }
    }

    /// The phone gives up the request it made, if any.
    pub fn withdraw_seat_request(&self, play: Id, device: Id) -> Result<()> {
        self.conn.execute(
            "UPDATE table_devices SET asks_for = NULL WHERE play_id = ?1 AND id = ?2",
            params![play, device],
        )?;
        Ok(())
    }

    /// The play's open table, or `NotFound`.
    fn open_session(&self, play: Id) -> Result<TableSession> {
        self.table_session(play)?
            .ok_or_else(|| StoreError::NotFound { what: "open table", id: play.to_string() })
    }

    /// Revokes a phone: its token is refused from now on.
    pub fn remove_table_device(&self, play: Id, device: Id) -> Result<()> {
        let tx = self.conn.unchecked_transaction()?;
        let gone = tx.execute("DELETE FROM table_devices WHERE play_id = ?1 AND id = ?2", [play, device])?;
        if gone == 0 {
            return Err(StoreError::NotFound { what: "device", id: device.to_string() });
        }
        end_requests_for_free_seats(&tx, play)?;
        tx.commit()?;
        Ok(())
    }

    /// The seat's player has (or has not) finished entering.
    pub fn set_seat_finished(&self, play: Id, seat: u8, finished: bool) -> Result<()> {
        let changed = self.conn.execute(
            "UPDATE table_devices SET finished = ?3 WHERE play_id = ?1 AND seat = ?2",
            params![play, seat, finished],
        )?;
        if changed == 0 {
            return Err(StoreError::NotFound { what: "seat with a phone", id: seat.to_string() });
        }
        Ok(())
    }

    /// Every open table's play and revision.
    pub fn open_table_revisions(&self) -> Result<Vec<(Id, u32)>> {
        let mut stmt =
            self.conn.prepare_cached("SELECT play_id, revision FROM table_sessions ORDER BY play_id")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The plays of `game` whose table is open.
    pub fn open_tables_of(&self, game: GameId) -> Result<Vec<Id>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT t.play_id FROM table_sessions AS t JOIN plays AS p ON p.id = t.play_id WHERE p.game = ?1",
        )?;
        let rows = stmt.query_map([game.as_str()], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// SQLite's `data_version`: it changes when another connection (another process) has
    /// written to the history since it was last read on this one, never for this one's own
    /// writes.
    pub fn data_version(&self) -> Result<i64> {
        Ok(self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?)
    }

    /// Counts a change to the play in its open table (`seat`: the phone's seat that made it,
    /// `None` for the host): the new revision, `None` when no table is open.
    pub fn bump_table_revision(&self, play: Id, seat: Option<u8>) -> Result<Option<u32>> {
        let tx = self.conn.unchecked_transaction()?;
        let revision: Option<u32> = tx
            .query_row(
                "UPDATE table_sessions SET revision = revision + 1 WHERE play_id = ?1 RETURNING revision",
                [play],
                |r| r.get(0),
            )
            .optional()?;
        if let (Some(_), Some(seat)) = (revision, seat) {
            tx.execute(
                "UPDATE table_devices SET last_change_at = ?3 WHERE play_id = ?1 AND seat = ?2",
                params![play, seat, fmt_time(&now())],
            )?;
        }
        tx.commit()?;
        Ok(revision)
    }
}
