//! Capture: what this history changed goes into its shared record, and the record's changes into
//! changeset files, through SQLite's session extension.
//!
//! Every write path marks what it changed (the triggers of migration 0018 on a play's rows and
//! on players, whatever wrote them): nothing a new write path does can escape. [`capture`] turns
//! the marks into new versions of the records (`shared_players`, `shared_plays`) under a session
//! attached to those two tables, and keeps each changeset as a numbered file in `sync_outbox`,
//! in the same transaction as the marks it clears: a crash leaves both or neither.

use std::collections::{BTreeMap, HashMap};

use rusqlite::session::Session;
use rusqlite::{Connection, OptionalExtension, params};

use super::folder;
use super::identity::{self, player_uuid};
use super::records::{
    Headed, Kind, Named, OtherPlayContent, OtherPlayRecord, OtherSeatContent, PlayContent, PlayRecord,
    PlayerRecord, SeatContent, StateContent, first_version, remember_first, version,
};
use crate::history::{Result, latest_schema_version, plays::fmt_time, plays::now};

/// This history as a device of the shared folder.
#[derive(Debug, Clone)]
pub(super) struct Me {
    pub device: String,
    pub name: String,
    pub folder: Option<String>,
    /// Lamport clock: above every version this history wrote or applied.
    pub clock: u64,
}

/// This history's device, once it has been shared.
pub(super) fn me(conn: &Connection) -> Result<Option<Me>> {
    Ok(conn
        .prepare_cached("SELECT device, name, folder, clock FROM sync_self WHERE only = 1")?
        .query_row([], |r| {
            Ok(Me {
                device: r.get(0)?,
                name: r.get(1)?,
                folder: r.get(2)?,
                clock: r.get::<_, i64>(3)?.max(0) as u64,
            })
        })
        .optional()?)
}

pub(super) fn save_clock(conn: &Connection, clock: u64) -> Result<()> {
    conn.prepare_cached("UPDATE sync_self SET clock = max(clock, ?1) WHERE only = 1")?
        .execute([i64::try_from(clock).unwrap_or(i64::MAX)])?;
    Ok(())
}

/// Plays per changeset file, at most: a first share of a large history is written as many
/// files, each applied in a transaction of its own.
const PLAYS_PER_FILE: usize = 2_000;
/// Record text per changeset file, about (a changeset holds an edited record twice: before and
/// after).
const BYTES_PER_FILE: usize = 8 << 20;

/// Writes the records of everything marked changed and keeps their changesets as files to
/// write. The caller holds the transaction. Returns how many files it kept.
pub(super) fn capture(conn: &Connection, me: &mut Me) -> Result<u32> {
    let players: Vec<i64> = ids(conn, "SELECT id FROM sync_dirty WHERE kind = 'player' ORDER BY id")?;
    let plays: Vec<i64> = ids(conn, "SELECT id FROM sync_dirty WHERE kind = 'play' ORDER BY id")?;
    let others: Vec<i64> = ids(conn, "SELECT id FROM sync_dirty WHERE kind = 'other_play' ORDER BY id")?;
    let gone: Vec<(String, String)> = conn
        .prepare_cached("SELECT kind, uuid FROM sync_gone ORDER BY kind, uuid")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    if players.is_empty() && plays.is_empty() && others.is_empty() && gone.is_empty() {
        return Ok(0);
    }
    let mut writer = Writer { conn, me, merges: identity::merges(conn)?, files: 0 };
    let mut chunk = writer.start()?;
    for id in players {
        writer.player(id)?;
    }
    let mut in_chunk = (0usize, 0usize);
    for id in others {
        if in_chunk.0 >= PLAYS_PER_FILE || in_chunk.1 >= BYTES_PER_FILE {
            writer.finish(chunk)?;
            chunk = writer.start()?;
            in_chunk = (0, 0);
        }
        in_chunk.0 += 1;
        in_chunk.1 += writer.other_play(id)?;
    }
    for id in plays {
        if in_chunk.0 >= PLAYS_PER_FILE || in_chunk.1 >= BYTES_PER_FILE {
            writer.finish(chunk)?;
            chunk = writer.start()?;
            in_chunk = (0, 0);
        }
        let written = writer.play(id)?;
        in_chunk.0 += 1;
        in_chunk.1 += written;
    }
    for (kind, uuid) in gone {
        match Kind::parse(&kind) {
            Some(Kind::Play) => writer.purged(&uuid)?,
            Some(Kind::OtherPlay) => writer.other_purged(&uuid)?,
            _ => {}
        }
    }
    writer.finish(chunk)?;
    conn.execute_batch("DELETE FROM sync_dirty; DELETE FROM sync_gone;")?;
    save_clock(conn, writer.me.clock)?;
    Ok(writer.files)
}

/// Writes a version chosen among a record's heads (`chosen`: a version's record text) as a new
/// version replacing `replaced` (the versions kept aside), under a session: the choice travels
/// as any change does. The caller holds the transaction.
pub(super) fn write_choice(
    conn: &Connection,
    me: &mut Me,
    kind: Kind,
    uuid: &str,
    chosen: &str,
    replaced: Vec<String>,
) -> Result<()> {
    let mut writer = Writer { conn, me, merges: HashMap::new(), files: 0 };
    let session = writer.start()?;
    let next = writer.next_version();
    let text = match kind {
        Kind::Player => restamp::<PlayerRecord>(chosen, &next, replaced),
        Kind::Play => restamp::<PlayRecord>(chosen, &next, replaced),
        Kind::OtherPlay => restamp::<OtherPlayRecord>(chosen, &next, replaced),
    }
    .ok_or_else(|| crate::history::StoreError::NotFound { what: "record", id: uuid.to_owned() })?;
    conn.prepare_cached(&format!("UPDATE {} SET version = ?2, record = ?3 WHERE uuid = ?1", kind.table()))?
        .execute(params![uuid, next, text])?;
    writer.finish(session)
}

/// A record's text with a new head.
fn restamp<T: Headed>(text: &str, version: &str, supersedes: Vec<String>) -> Option<String> {
    let mut record: T = serde_json::from_str(text).ok()?;
    let (v, s) = record.head();
    *v = version.to_owned();
    *s = supersedes;
    serde_json::to_string(&record).ok()
}

fn ids(conn: &Connection, sql: &str) -> Result<Vec<i64>> {
    Ok(conn.prepare_cached(sql)?.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?)
}

struct Writer<'c, 'm> {
    conn: &'c Connection,
    me: &'m mut Me,
    /// Every shared player's `merged_into`, to keep a seat's player as the record had it.
    merges: HashMap<String, Option<String>>,
    files: u32,
}

impl<'c> Writer<'c, '_> {
    fn start(&self) -> Result<Session<'c>> {
        let mut session = Session::new(self.conn)?;
        session.attach(Some(Kind::Player.table()))?;
        session.attach(Some(Kind::Play.table()))?;
        session.attach(Some(Kind::OtherPlay.table()))?;
        Ok(session)
    }

    /// Keeps the session's changeset, if it holds anything, as this history's next file.
    fn finish(&mut self, mut session: Session<'_>) -> Result<()> {
        if session.is_empty() {
            return Ok(());
        }
        let mut changeset = Vec::new();
        session.changeset_strm(&mut changeset)?;
        drop(session);
        if changeset.is_empty() {
            return Ok(());
        }
        let seq: i64 =
            self.conn.query_row("SELECT COALESCE(MAX(seq), 0) + 1 FROM sync_outbox", [], |r| r.get(0))?;
        let deps: BTreeMap<String, u64> = self
            .conn
            .prepare_cached("SELECT device, applied_seq FROM sync_devices WHERE applied_seq > 0")?
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?.max(0) as u64)))?
            .collect::<rusqlite::Result<_>>()?;
        let header = folder::Header {
            format: folder::FORMAT,
            device: self.me.device.clone(),
            seq: seq.max(1) as u64,
            schema: latest_schema_version(),
            deps,
            written_at: fmt_time(&now()),
            changeset_bytes: 0,
            payload_bytes: 0,
        };
        let file = folder::encode(header, &changeset);
        self.conn
            .prepare_cached("INSERT INTO sync_outbox (seq, file, recorded_at) VALUES (?1, ?2, ?3)")?
            .execute(params![seq, file, fmt_time(&now())])?;
        self.files += 1;
        Ok(())
    }

    fn next_version(&mut self) -> String {
        self.me.clock += 1;
        version(self.me.clock, &self.me.device)
    }

    /// Writes `record` (its content; its head is set here) as the current version of `uuid`
    /// when it differs from the one there. Returns the record's length when written, else 0.
    fn put<T: Headed>(&mut self, kind: Kind, uuid: &str, mut record: T) -> Result<usize> {
        let current: Option<String> = self
            .conn
            .prepare_cached(&format!("SELECT record FROM {} WHERE uuid = ?1", kind.table()))?
            .query_row([uuid], |r| r.get(0))
            .optional()?;
        let text = match current.and_then(|c| serde_json::from_str::<T>(&c).ok()) {
            Some(mut current) => {
                {
                    let (v, s) = current.head();
                    let (rv, rs) = record.head();
                    *rv = v.clone();
                    *rs = s.clone();
                }
                if current == record {
                    return Ok(0);
                }
                let next = self.next_version();
                let (v, s) = record.head();
                *v = next.clone();
                s.clear();
                let text = serde_json::to_string(&record).unwrap_or_default();
                self.conn
                    .prepare_cached(&format!(
                        "UPDATE {} SET version = ?2, record = ?3 WHERE uuid = ?1",
                        kind.table()
                    ))?
                    .execute(params![uuid, next, text])?;
                text
            }
            None => {
                let (v, s) = record.head();
                v.clear();
                s.clear();
                let first = first_version(&serde_json::to_string(&record).unwrap_or_default());
                remember_first(self.conn, kind, uuid, &first)?;
                *record.head().0 = first.clone();
                let text = serde_json::to_string(&record).unwrap_or_default();
                self.conn
                    .prepare_cached(&format!(
                        "INSERT INTO {} (uuid, version, record) VALUES (?1, ?2, ?3)
                         ON CONFLICT (uuid) DO UPDATE SET version = excluded.version, record = excluded.record",
                        kind.table()
                    ))?
                    .execute(params![uuid, first, text])?;
                text
            }
        };
        Ok(text.len())
    }

    fn player(&mut self, id: i64) -> Result<()> {
        let Some((uuid, record)) = player_record(self.conn, id)? else { return Ok(()) };
        self.put(Kind::Player, &uuid, record)?;
        Ok(())
    }

    fn play(&mut self, id: i64) -> Result<usize> {
        let Some((uuid, content)) = self.play_content(id)? else { return Ok(0) };
        let record = PlayRecord { version: String::new(), supersedes: Vec::new(), play: Some(content) };
        self.put(Kind::Play, &uuid, record)
    }

    /// A play deleted for good: its record says so, and nothing else (a record never goes).
    fn purged(&mut self, uuid: &str) -> Result<()> {
        let known: bool = self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM shared_plays WHERE uuid = ?1)")?
            .query_row([uuid], |r| r.get(0))?;
        let still_here: bool = self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM plays WHERE uuid = ?1)")?
            .query_row([uuid], |r| r.get(0))?;
        // A play never shared, or deleted and added again (an import) since: nothing to say.
        if !known || still_here {
            return Ok(());
        }
        let record = PlayRecord { version: String::new(), supersedes: Vec::new(), play: None };
        self.put(Kind::Play, uuid, record)?;
        Ok(())
    }

    fn other_play(&mut self, id: i64) -> Result<usize> {
        let Some((uuid, content)) = self.other_play_content(id)? else { return Ok(0) };
        let record = OtherPlayRecord { version: String::new(), supersedes: Vec::new(), play: Some(content) };
        self.put(Kind::OtherPlay, &uuid, record)
    }

    fn other_purged(&mut self, uuid: &str) -> Result<()> {
        let known: bool = self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM shared_other_plays WHERE uuid = ?1)")?
            .query_row([uuid], |r| r.get(0))?;
        let still_here: bool = self
            .conn
            .prepare_cached("SELECT EXISTS (SELECT 1 FROM other_plays WHERE uuid = ?1)")?
            .query_row([uuid], |r| r.get(0))?;
        if known && !still_here {
            let record = OtherPlayRecord { version: String::new(), supersedes: Vec::new(), play: None };
            self.put(Kind::OtherPlay, uuid, record)?;
        }
        Ok(())
    }

    /// Another game's play as its record holds it.
    fn other_play_content(&self, id: i64) -> Result<Option<(String, OtherPlayContent)>> {
        let conn = self.conn;
        let row = conn
            .prepare_cached(
                "SELECT uuid, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative, imported_at
                   FROM other_plays WHERE id = ?1",
            )?
            .query_row([id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    OtherPlayContent {
                        game_name: r.get(1)?,
                        bgg_id: r.get(2)?,
                        played_at: r.get(3)?,
                        duration_minutes: r.get(4)?,
                        location: r.get(5)?,
                        notes: r.get(6)?,
                        cooperative: r.get(7)?,
                        imported_at: r.get(8)?,
                        seats: Vec::new(),
                        expansions: Vec::new(),
                    },
                ))
            })
            .optional()?;
        let Some((uuid, mut content)) = row else { return Ok(None) };
        let recorded: Vec<String> = self
            .conn
            .prepare_cached("SELECT record FROM shared_other_plays WHERE uuid = ?1")?
            .query_row([&uuid], |r| r.get::<_, String>(0))
            .optional()?
            .and_then(|r| serde_json::from_str::<OtherPlayRecord>(&r).ok())
            .and_then(|r| r.play)
            .map(|p| p.seats.into_iter().map(|s| s.player).collect())
            .unwrap_or_default();
        let mut stmt = conn.prepare_cached(
            "SELECT s.seat, s.player_id, p.uuid, p.name, p.created_at, s.score, s.winner, s.first_player,
                    s.score_text, s.team, s.role
               FROM other_play_seats s JOIN players p ON p.id = s.player_id
              WHERE s.other_play_id = ?1 ORDER BY s.seat",
        )?;
        let mut rows = stmt.query([id])?;
        while let Some(r) = rows.next()? {
            let position = usize::try_from(r.get::<_, i64>(0)?).unwrap_or(usize::MAX);
            let player_id: i64 = r.get(1)?;
            let own = match r.get::<_, Option<String>>(2)? {
                Some(uuid) => uuid,
                None => player_uuid(&r.get::<_, String>(3)?, &r.get::<_, String>(4)?),
            };
            let player = match recorded.get(position) {
                Some(kept) if self.seats_here(kept, player_id)? => kept.clone(),
                _ => own,
            };
            content.seats.push(OtherSeatContent {
                player,
                score: r.get(5)?,
                winner: r.get(6)?,
                first_player: r.get(7)?,
                score_text: r.get(8)?,
                team: r.get(9)?,
                role: r.get(10)?,
            });
        }
        content.expansions = conn
            .prepare_cached(
                "SELECT name, bgg_id FROM other_play_expansions WHERE other_play_id = ?1 ORDER BY position",
            )?
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(Some((uuid, content)))
    }

    /// The play's rows as its record holds them; `None` when the play is not here.
    fn play_content(&self, id: i64) -> Result<Option<(String, PlayContent)>> {
        let Some((uuid, mut content)) = self.play_row(id)? else { return Ok(None) };
        let recorded = self.recorded(&uuid)?;
        let names = self.seats(id, recorded.as_ref(), &mut content)?;
        self.named_parts(id, recorded.as_ref(), &names, &mut content)?;
        result_rows(self.conn, id, &mut content)?;
        Ok(Some((uuid, content)))
    }

    /// The play's own row: its uuid, and its content without seats or parts yet.
    fn play_row(&self, id: i64) -> Result<Option<(String, PlayContent)>> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT uuid, game, variant, player_count, status, started_at, ended_at, updated_at, location,
                        notes, outcome, won, round_reached, difficulty, lost_event, deleted_at,
                        duration_minutes, setup_done
                   FROM plays WHERE id = ?1",
            )?
            .query_row([id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    PlayContent {
                        game: r.get(1)?,
                        variant: r.get(2)?,
                        player_count: r.get(3)?,
                        status: r.get(4)?,
                        started_at: r.get(5)?,
                        ended_at: r.get(6)?,
                        updated_at: r.get(7)?,
                        location: r.get(8)?,
                        notes: r.get(9)?,
                        outcome: r.get(10)?,
                        won: r.get(11)?,
                        round_reached: r.get(12)?,
                        difficulty: r.get(13)?,
                        lost_event: r.get(14)?,
                        deleted_at: r.get(15)?,
                        duration_minutes: r.get(16)?,
                        setup_done: r.get(17)?,
                        seats: Vec::new(),
                        table_state: None,
                        scoreboard: None,
                        results: Vec::new(),
                        categories: Vec::new(),
                        missions: Vec::new(),
                        events: Vec::new(),
                    },
                ))
            })
            .optional()?)
    }

    /// The play's seats into `content`, each by the player's uuid (the one its record names
    /// while that player still sits there: a merge here changes no record); returns the seats'
    /// names here, by position.
    fn seats(
        &self,
        id: i64,
        recorded: Option<&PlayContent>,
        content: &mut PlayContent,
    ) -> Result<Vec<String>> {
        let recorded_seats: Vec<String> =
            recorded.map(|r| r.seats.iter().map(|s| s.player.clone()).collect()).unwrap_or_default();
        let mut names: Vec<String> = Vec::new();
        let mut stmt = self.conn.prepare_cached(
            "SELECT s.seat, s.player_id, p.uuid, p.name, p.created_at, s.colour, s.first_player
               FROM seats s JOIN players p ON p.id = s.player_id WHERE s.play_id = ?1 ORDER BY s.seat",
        )?;
        let mut rows = stmt.query([id])?;
        while let Some(r) = rows.next()? {
            let seat: i64 = r.get(0)?;
            let player_id: i64 = r.get(1)?;
            let name: String = r.get(3)?;
            let own = match r.get::<_, Option<String>>(2)? {
                Some(uuid) => uuid,
                None => player_uuid(&name, &r.get::<_, String>(4)?),
            };
            let position = usize::try_from(seat).unwrap_or(usize::MAX);
            let player = match recorded_seats.get(position) {
                Some(kept) if self.seats_here(kept, player_id)? => kept.clone(),
                _ => own,
            };
            if names.len() <= position && position < 64 {
                names.resize(position + 1, String::new());
            }
            if let Some(slot) = names.get_mut(position) {
                *slot = name;
            }
            content.seats.push(SeatContent { player, colour: r.get(5)?, first_player: r.get(6)? });
        }
        Ok(names)
    }

    /// The table state and scoreboard into `content`, the seats' names left out
    /// (`Named::same_or_new`).
    fn named_parts(
        &self,
        id: i64,
        recorded: Option<&PlayContent>,
        names: &[String],
        content: &mut PlayContent,
    ) -> Result<()> {
        let conn = self.conn;
        content.table_state = conn
            .prepare_cached(
                "SELECT schema_version, saved_at, state_json FROM table_states WHERE play_id = ?1",
            )?
            .query_row([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))
            .optional()?
            .map(|(schema_version, saved_at, state)| StateContent {
                schema_version,
                saved_at,
                state: Named::same_or_new(
                    recorded.and_then(|r| r.table_state.as_ref()).map(|t| &t.state),
                    state,
                    names,
                ),
            });
        content.scoreboard = conn
            .prepare_cached("SELECT scoreboard_json FROM scoreboards WHERE play_id = ?1")?
            .query_row([id], |r| r.get::<_, String>(0))
            .optional()?
            .map(|board| Named::same_or_new(recorded.and_then(|r| r.scoreboard.as_ref()), board, names));
        Ok(())
    }

    /// The play's current record, if it has one.
    fn recorded(&self, uuid: &str) -> Result<Option<PlayContent>> {
        let record: Option<String> = self
            .conn
            .prepare_cached("SELECT record FROM shared_plays WHERE uuid = ?1")?
            .query_row([uuid], |r| r.get(0))
            .optional()?;
        Ok(record.and_then(|r| serde_json::from_str::<PlayRecord>(&r).ok()).and_then(|r| r.play))
    }

    /// Whether the shared player `uuid` sits here as the local player `id`: themself, or the
    /// one they were merged into. A merge then leaves the play's record as it was (the seat
    /// still names the player merged away), so that merging changes no play: a play edited
    /// elsewhere meanwhile meets no conflict, and everyone resolves the seat the same way.
    fn seats_here(&self, uuid: &str, id: i64) -> Result<bool> {
        if identity::local_player(self.conn, uuid)? == Some(id) {
            return Ok(true);
        }
        let root = identity::root_of(&self.merges, uuid);
        Ok(identity::local_player(self.conn, &root)? == Some(id))
    }
}

/// A player's record, from their row (`None` when the row is gone).
fn player_record(conn: &Connection, id: i64) -> Result<Option<(String, PlayerRecord)>> {
    let row = conn
        .prepare_cached(
            "SELECT p.uuid, p.name, p.colour, p.archived, p.created_at, m.uuid
               FROM players p LEFT JOIN players m ON m.id = p.merged_into WHERE p.id = ?1",
        )?
        .query_row([id], |r| {
            Ok((
                r.get::<_, Option<String>>(0)?,
                PlayerRecord {
                    version: String::new(),
                    supersedes: Vec::new(),
                    name: r.get(1)?,
                    colour: r.get(2)?,
                    archived: r.get(3)?,
                    created_at: r.get(4)?,
                    merged_into: r.get(5)?,
                },
            ))
        })
        .optional()?;
    let Some((uuid, record)) = row else { return Ok(None) };
    let uuid = match uuid {
        Some(uuid) => uuid,
        None => {
            // A player written without one (a write path that does not know of uuids yet).
            let uuid = player_uuid(&record.name, &record.created_at);
            conn.prepare_cached("UPDATE players SET uuid = ?2 WHERE id = ?1")?.execute(params![id, uuid])?;
            uuid
        }
    };
    Ok(Some((uuid, record)))
}

/// The play's results, category points, mission results and round events into `content`, in
/// the order a record keeps them.
fn result_rows(conn: &Connection, id: i64, content: &mut PlayContent) -> Result<()> {
    content.results = conn
        .prepare_cached("SELECT seat, total, rank, winner FROM results WHERE play_id = ?1 ORDER BY seat")?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<_>>()?;
    content.categories = conn
        .prepare_cached(
            "SELECT seat, category, points FROM category_points WHERE play_id = ?1 ORDER BY seat, category",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    content.missions = conn
        .prepare_cached(
            "SELECT seat, mission, met, points FROM mission_results WHERE play_id = ?1 ORDER BY seat, mission",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<_>>()?;
    content.events = conn
        .prepare_cached(
            "SELECT round, seq, kind, payload_json, recorded_at FROM round_events WHERE play_id = ?1 ORDER BY round, seq",
        )?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(())
}
