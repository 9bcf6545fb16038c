//! Writing a backup: the manifest, players and card values, then one play at a time with its
//! undo steps.

use super::*;

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

/// Writes `s` as it is.
pub(super) fn write_str(out: &mut dyn Write, s: &str) -> Result<()> {
    out.write_all(s.as_bytes()).map_err(StoreError::Write)
}

/// The items of one JSON array, written one at a time with commas between.
pub(super) struct JsonItems<'o> {
    out: &'o mut dyn Write,
    first: bool,
}

impl<'o> JsonItems<'o> {
    pub(super) fn new(out: &'o mut dyn Write) -> JsonItems<'o> {
        JsonItems { out, first: true }
    }

    pub(super) fn write(&mut self, item: &impl Serialize) -> Result<()> {
        write_str(self.out, if self.first { "" } else { "," })?;
        self.first = false;
        serde_json::to_writer(&mut *self.out, item).map_err(json_err)
    }
}

impl Store {
    /// How many of each part the backup holds (the manifest's counts).
    pub(super) fn backup_counts(&self) -> Result<Counts> {
        let count = |sql: &str| -> Result<usize> {
            Ok(self
                .conn
                .query_row(sql, [], |r| r.get::<_, i64>(0))
                .map(|n| usize::try_from(n).unwrap_or(0))?)
        };
        Ok(Counts {
            players: count("SELECT COUNT(*) FROM players WHERE merged_into IS NULL")?,
            plays: count("SELECT COUNT(*) FROM plays")?,
            card_values: count("SELECT COUNT(*) FROM card_values")?,
            other_plays: count("SELECT COUNT(*) FROM other_plays")?,
        })
    }

    /// Every player not merged into another, in the collation's order.
    pub(super) fn write_backup_players(&self, items: &mut JsonItems) -> Result<()> {
        let mut stmt = self.conn.prepare(
            "SELECT name, colour, archived, created_at FROM players WHERE merged_into IS NULL
              ORDER BY name COLLATE french, id",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            items.write(&BackupPlayer {
                name: r.get(0)?,
                colour: r.get(1)?,
                archived: r.get(2)?,
                created_at: parse_time(&r.get::<_, String>(3)?)?,
            })?;
        }
        Ok(())
    }

    /// Every card value of a game the app knows.
    pub(super) fn write_backup_card_values(&self, items: &mut JsonItems) -> Result<()> {
        let mut stmt =
            self.conn.prepare("SELECT game, card, value, updated_at FROM card_values ORDER BY game, card")?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let Ok(game) = r.get::<_, String>(0)?.parse::<GameId>() else { continue };
            items.write(&BackupCardValue {
                game,
                card: r.get(1)?,
                value: r.get(2)?,
                updated_at: parse_time(&r.get::<_, String>(3)?)?,
            })?;
        }
        Ok(())
    }

    /// Every play of our games (in the bin too), with its table state, result and undo steps.
    pub(super) fn write_backup_plays(&self, items: &mut JsonItems, ticks: &mut Ticks) -> Result<()> {
        let mut stmt = self.conn.prepare(
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
        let mut revisions = self.conn.prepare(
            "SELECT revision, saved_at, state_json FROM table_state_revisions WHERE play_id = ?1 ORDER BY revision",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            items.write(&backup_play(self, r, &mut revisions)?)?;
            ticks.tick();
        }
        Ok(())
    }

    /// Every play of another game, with its seats and expansions.
    pub(super) fn write_backup_other_plays(&self, items: &mut JsonItems, ticks: &mut Ticks) -> Result<()> {
        let mut stmt = self.conn.prepare(
            "SELECT id, uuid, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative, imported_at
               FROM other_plays ORDER BY played_at, uuid",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            items.write(&BackupOtherPlay {
                uuid: r.get(1)?,
                game_name: r.get(2)?,
                bgg_id: r.get(3)?,
                played_at: parse_time(&r.get::<_, String>(4)?)?,
                duration_minutes: r.get(5)?,
                location: r.get(6)?,
                notes: r.get(7)?,
                cooperative: r.get(8)?,
                imported_at: parse_time(&r.get::<_, String>(9)?)?,
                seats: self.backup_other_seats(id)?,
                expansions: self.backup_expansions(id)?,
            })?;
            ticks.tick();
        }
        Ok(())
    }

    fn backup_other_seats(&self, other_play_id: i64) -> Result<Vec<BackupOtherSeat>> {
        let mut seats = self.conn.prepare_cached(
            "SELECT p.name, s.score, s.winner, s.first_player, s.score_text, s.team, s.role FROM other_play_seats s
               JOIN players p ON p.id = s.player_id WHERE s.other_play_id = ?1 ORDER BY s.seat",
        )?;
        let seats = seats
            .query_map([other_play_id], |s| {
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
            .collect::<rusqlite::Result<_>>()?;
        Ok(seats)
    }

    fn backup_expansions(&self, other_play_id: i64) -> Result<Vec<BackupExpansion>> {
        let mut expansions = self.conn.prepare_cached(
            "SELECT name, bgg_id FROM other_play_expansions WHERE other_play_id = ?1 ORDER BY position",
        )?;
        let expansions = expansions
            .query_map([other_play_id], |e| Ok(BackupExpansion { name: e.get(0)?, bgg_id: e.get(1)? }))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(expansions)
    }
}

/// Rows a backup export reads, one play at a time; `revisions` is the export's one statement
/// reading a play's undo steps.
pub(super) fn backup_play(
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
pub(super) fn play_revisions(
    stmt: &mut rusqlite::Statement<'_>,
    play_id: i64,
) -> Result<Vec<BackupRevision>> {
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
