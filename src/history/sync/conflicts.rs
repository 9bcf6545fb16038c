//! The versions kept aside: a record changed on two devices at once (or deleted on one while
//! edited on the other) shows one version; the others wait in `sync_conflicts`, listed in
//! History ("edited on two devices: keep this one / that one"), until someone keeps one. Keeping
//! one is a new version that replaces them all, on every device.

use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, TransactionBehavior, params};
use serde::Serialize;

use super::capture;
use super::identity;
use super::materialize::Materializer;
use super::records::{Kind, OtherPlayRecord, PlayRecord, PlayerRecord, device_of};
use crate::games::GameId;
use crate::history::model::{Id, PlayStatus};
use crate::history::plays::parse_time;
use crate::history::{Result, Store, StoreError};

/// A player or play with versions kept aside.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncConflict {
    /// `play` or `player`.
    pub kind: String,
    pub uuid: String,
    /// The play or player here.
    pub play_id: Option<Id>,
    pub player_id: Option<Id>,
    pub game: Option<GameId>,
    /// The version shown first, then the ones kept aside.
    pub versions: Vec<SyncVersion>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncVersion {
    pub version: String,
    /// The one History and the statistics show now.
    pub shown: bool,
    /// The device that made it, by name; `None` when not known (a record first written by an
    /// import: whichever device imported it).
    pub device_name: Option<String>,
    pub this_device: bool,
    /// When it was kept aside (the versions kept aside only).
    pub found_at: Option<DateTime<Utc>>,
    pub play: Option<SyncPlayVersion>,
    pub player: Option<SyncPlayerVersion>,
    pub other_play: Option<SyncOtherPlayVersion>,
}

/// A version of another game's play (BG Stats imports).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncOtherPlayVersion {
    pub purged: bool,
    pub game_name: Option<String>,
    pub played_at: Option<DateTime<Utc>>,
    pub location: Option<String>,
    pub seats: Vec<SyncSeatVersion>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncPlayVersion {
    /// Deleted for good (emptied from a bin): nothing else is known of this version.
    pub purged: bool,
    /// In the bin.
    pub deleted: bool,
    pub status: Option<PlayStatus>,
    pub variant: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub duration_minutes: Option<u32>,
    pub seats: Vec<SyncSeatVersion>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncSeatVersion {
    pub name: String,
    pub total: Option<i32>,
    pub winner: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncPlayerVersion {
    pub name: String,
    pub colour: Option<String>,
    pub archived: bool,
    /// The name of the player it was merged into, if it was.
    pub merged_into: Option<String>,
}

impl Store {
    /// Every player and play with versions kept aside, plays first, most recent first.
    pub fn sync_conflicts(&self) -> Result<Vec<SyncConflict>> {
        let keys: Vec<(String, String)> = self
            .conn
            .prepare(
                "SELECT kind, uuid FROM sync_conflicts GROUP BY kind, uuid ORDER BY kind = 'player', MAX(found_at) DESC, uuid",
            )?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let me = capture::me(&self.conn)?;
        let mut out = Vec::with_capacity(keys.len());
        for (kind, uuid) in keys {
            let kind = Kind::parse(&kind).unwrap_or(Kind::Play);
            let versions = self.versions(kind, &uuid, me.as_ref())?;
            let local = |sql: &str| -> Result<Option<Id>> {
                Ok(self
                    .conn
                    .query_row(sql, [&uuid], |r| r.get::<_, i64>(0))
                    .optional()?
                    .and_then(|id| Id::try_from(id).ok()))
            };
            let play_id =
                if kind == Kind::Play { local("SELECT id FROM plays WHERE uuid = ?1")? } else { None };
            let game: Option<String> = if kind == Kind::Play {
                self.conn
                    .query_row("SELECT game FROM plays WHERE uuid = ?1", [&uuid], |r| r.get(0))
                    .optional()?
            } else {
                None
            };
            out.push(SyncConflict {
                kind: kind.as_str().to_owned(),
                player_id: if kind == Kind::Player {
                    local("SELECT id FROM players WHERE uuid = ?1")?
                } else {
                    None
                },
                play_id,
                game: game.and_then(|g| g.parse().ok()),
                uuid,
                versions,
            });
        }
        Ok(out)
    }

    /// A record's versions in conflict: the one shown first, then those kept aside, newest first.
    fn versions(&self, kind: Kind, uuid: &str, me: Option<&capture::Me>) -> Result<Vec<SyncVersion>> {
        let mine = me.map(|m| m.device.as_str()).unwrap_or_default();
        let shown: Option<(String, String)> = self
            .conn
            .query_row(
                &format!("SELECT version, record FROM {} WHERE uuid = ?1", kind.table()),
                [uuid],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let aside: Vec<(String, String, String)> = self
            .conn
            .prepare("SELECT version, record, found_at FROM sync_conflicts WHERE kind = ?1 AND uuid = ?2 ORDER BY version DESC")?
            .query_map(params![kind.as_str(), uuid], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let all = shown
            .into_iter()
            .map(|(v, r)| (v, r, None, true))
            .chain(aside.into_iter().map(|(v, r, f)| (v, r, Some(f), false)));
        let mut versions = Vec::new();
        for (version, record, found_at, is_shown) in all {
            let device = device_of(&version).map(str::to_owned);
            versions.push(SyncVersion {
                device_name: device.as_deref().map(|d| self.name_of_device(d, me)).transpose()?.flatten(),
                this_device: device.as_deref() == Some(mine),
                found_at: found_at.and_then(|f| parse_time(&f).ok()),
                shown: is_shown,
                play: (kind == Kind::Play).then(|| self.play_version(&record)).transpose()?,
                player: (kind == Kind::Player).then(|| self.player_version(&record)).transpose()?,
                other_play: (kind == Kind::OtherPlay)
                    .then(|| self.other_play_version(&record))
                    .transpose()?,
                version,
            });
        }
        Ok(versions)
    }

    fn name_of_device(&self, device: &str, me: Option<&capture::Me>) -> Result<Option<String>> {
        if let Some(me) = me.filter(|m| m.device == device) {
            return Ok(Some(me.name.clone()));
        }
        Ok(self
            .conn
            .query_row("SELECT name FROM sync_devices WHERE device = ?1", [device], |r| {
                r.get::<_, Option<String>>(0)
            })
            .optional()?
            .flatten())
    }

    fn player_name(&self, uuid: &str) -> Result<Option<String>> {
        let Some(id) = identity::local_player(&self.conn, uuid)? else { return Ok(None) };
        Ok(Some(self.conn.query_row("SELECT name FROM players WHERE id = ?1", [id], |r| r.get(0))?))
    }

    fn play_version(&self, record: &str) -> Result<SyncPlayVersion> {
        let record: Option<PlayRecord> = serde_json::from_str(record).ok();
        let Some(play) = record.and_then(|r| r.play) else {
            return Ok(SyncPlayVersion {
                purged: true,
                deleted: true,
                status: None,
                variant: None,
                started_at: None,
                updated_at: None,
                location: None,
                notes: None,
                duration_minutes: None,
                seats: Vec::new(),
            });
        };
        let mut seats = Vec::with_capacity(play.seats.len());
        for (i, seat) in play.seats.iter().enumerate() {
            let result = play.results.iter().find(|r| usize::try_from(r.0).ok() == Some(i));
            seats.push(SyncSeatVersion {
                name: self.player_name(&seat.player)?.unwrap_or_else(|| "?".to_owned()),
                total: result.and_then(|r| r.1).and_then(|t| i32::try_from(t).ok()),
                winner: result.is_some_and(|r| r.3),
            });
        }
        Ok(SyncPlayVersion {
            purged: false,
            deleted: play.deleted_at.is_some(),
            status: PlayStatus::parse(&play.status),
            variant: Some(play.variant),
            started_at: parse_time(&play.started_at).ok(),
            updated_at: parse_time(&play.updated_at).ok(),
            location: play.location,
            notes: play.notes,
            duration_minutes: play.duration_minutes.and_then(|d| u32::try_from(d).ok()),
            seats,
        })
    }

    fn other_play_version(&self, record: &str) -> Result<SyncOtherPlayVersion> {
        let play = serde_json::from_str::<OtherPlayRecord>(record).ok().and_then(|r| r.play);
        let Some(play) = play else {
            return Ok(SyncOtherPlayVersion {
                purged: true,
                game_name: None,
                played_at: None,
                location: None,
                seats: Vec::new(),
            });
        };
        let mut seats = Vec::with_capacity(play.seats.len());
        for seat in &play.seats {
            seats.push(SyncSeatVersion {
                name: self.player_name(&seat.player)?.unwrap_or_else(|| "?".to_owned()),
                total: seat.score.and_then(|s| i32::try_from(s).ok()),
                winner: seat.winner,
            });
        }
        Ok(SyncOtherPlayVersion {
            purged: false,
            game_name: Some(play.game_name),
            played_at: parse_time(&play.played_at).ok(),
            location: play.location,
            seats,
        })
    }

    fn player_version(&self, record: &str) -> Result<SyncPlayerVersion> {
        let record: PlayerRecord = serde_json::from_str(record)
            .map_err(|e| StoreError::NotFound { what: "player record", id: e.to_string() })?;
        Ok(SyncPlayerVersion {
            merged_into: record.merged_into.as_deref().map(|u| self.player_name(u)).transpose()?.flatten(),
            name: record.name,
            colour: record.colour,
            archived: record.archived,
        })
    }

    /// Keeps one version of a record with versions kept aside (`keep`: the version shown, or
    /// one kept aside): a new version with its content replaces them all, here and on every
    /// device that applies it. Returns the conflicts left.
    pub fn resolve_sync_conflict(&mut self, uuid: &str, keep: &str) -> Result<Vec<SyncConflict>> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut me = capture::me(&tx)?
            .ok_or_else(|| StoreError::NotFound { what: "conflict", id: uuid.to_owned() })?;
        capture::capture(&tx, &mut me)?;
        let kind: String = tx
            .query_row("SELECT kind FROM sync_conflicts WHERE uuid = ?1 LIMIT 1", [uuid], |r| r.get(0))
            .optional()?
            .ok_or_else(|| StoreError::NotFound { what: "conflict", id: uuid.to_owned() })?;
        let kind = Kind::parse(&kind).unwrap_or(Kind::Play);
        let current: (String, String) = tx.query_row(
            &format!("SELECT version, record FROM {} WHERE uuid = ?1", kind.table()),
            [uuid],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let aside: Vec<(String, String)> = tx
            .prepare("SELECT version, record FROM sync_conflicts WHERE kind = ?1 AND uuid = ?2")?
            .query_map(params![kind.as_str(), uuid], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let chosen = std::iter::once(&current)
            .chain(&aside)
            .find(|(v, _)| v == keep)
            .map(|(_, r)| r.clone())
            .ok_or_else(|| StoreError::NotFound { what: "version", id: keep.to_owned() })?;
        let replaced: Vec<String> = aside.iter().map(|(v, _)| v.clone()).collect();
        capture::write_choice(&tx, &mut me, kind, uuid, &chosen, replaced)?;
        tx.execute("DELETE FROM sync_conflicts WHERE kind = ?1 AND uuid = ?2", params![kind.as_str(), uuid])?;
        let mut rows = Materializer::new(&tx)?;
        match kind {
            Kind::Player => rows.players(&[uuid.to_owned()])?,
            Kind::Play => rows.plays(&[uuid.to_owned()])?,
            Kind::OtherPlay => rows.other_plays(&[uuid.to_owned()])?,
        }
        rows.finish()?;
        capture::save_clock(&tx, me.clock)?;
        tx.commit()?;
        self.sync_conflicts()
    }
}
