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
