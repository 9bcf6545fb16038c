//! Importing a backup: the `Checker` reads and checks it on a thread of its own and hands what
//! passed, in batches over a bounded channel, to the `Writer`, which holds the transaction.

use super::*;

/// Parts of the file are handed over this many at a time: one at a time, the two threads woke
/// each other for every play (a system call each, and slower than one thread).
pub(super) const BATCH: usize = 64;

/// Batches the checker may have handed over and the writer not yet taken.
pub(super) const BATCHES_IN_FLIGHT: usize = 4;

/// What the checker hands the writer, in the file's order.
pub(super) enum Part {
    /// The manifest was read: how many plays the file says it holds.
    Manifest {
        total: u32,
    },
    Players(Vec<BackupPlayer>),
    Card(BackupCardValue),
    Play(Box<CheckedPlay>),
    OtherPlay(Box<BackupOtherPlay>),
    /// A play that is not to be written (the import is refused), for the progress.
    Unwritten,
}

/// A play that passed its checks, with the result to store.
pub(super) struct CheckedPlay {
    pub(super) play: BackupPlay,
    pub(super) board: Option<CheckedBoard>,
}

pub(super) struct CheckedBoard {
    pub(super) board: Scoreboard,
    /// The stored result was not what the table state scores in this build.
    pub(super) rescored: bool,
    /// `board` as stored.
    pub(super) json: String,
}

/// Reads a backup and checks each part, in a thread of its own, and hands what is to be written
/// to the writer. Once anything is wrong nothing more is handed over (the import is refused);
/// the rest of the file is still read and checked, so that every problem is reported.
pub(super) struct Checker<'s> {
    pub(super) batches: &'s mpsc::SyncSender<Vec<Part>>,
    pub(super) batch: Vec<Part>,
    pub(super) found: Found,
    pub(super) manifest: Option<Manifest>,
    /// The backup's players (lower case), once read.
    pub(super) names: Option<HashSet<String>>,
    pub(super) uuids: HashSet<String>,
    pub(super) other_uuids: HashSet<String>,
    pub(super) cards: usize,
    pub(super) plays: usize,
    pub(super) other_plays: usize,
    /// The element serde could not read (`plays[3]`), which the file's problem names.
    pub(super) unreadable: Option<String>,
}

impl<'s> Checker<'s> {
    pub(super) fn new(batches: &'s mpsc::SyncSender<Vec<Part>>) -> Self {
        Checker {
            batches,
            batch: Vec::with_capacity(BATCH),
            found: Found::new(),
            manifest: None,
            names: None,
            uuids: HashSet::new(),
            other_uuids: HashSet::new(),
            cards: 0,
            plays: 0,
            other_plays: 0,
            unreadable: None,
        }
    }

    /// Reads and checks the whole file: every problem found, or none.
    pub(super) fn read(mut self, input: JsonInput<'_>) -> Result<(), Problems> {
        if input.is_empty() {
            return Err(empty_file());
        }
        let read = match input {
            JsonInput::Whole(bytes) => self.read_from(serde_json::Deserializer::from_slice(&bytes)),
            JsonInput::Stream(input) => self.read_from(serde_json::Deserializer::from_reader(input)),
        };
        if let Err(e) = read {
            let mut p = if e.io_error_kind() == Some(std::io::ErrorKind::FileTooLarge) {
                let mut p = Problems::new();
                p.push("", "too_long", string_too_long());
                p
            } else {
                Problems::malformed(&e)
            };
            if let (Some(at), Some(problem)) = (self.unreadable.take(), p.0.first_mut()) {
                problem.field = at;
            }
            p.0.append(&mut self.found.problems.0);
            return Err(p);
        }
        // Failing, the writer stopped on a database error, which it reports.
        let _ = self.send_batch();
        if self.manifest.is_none() {
            self.found.push(
                "manifest",
                "not_a_backup",
                Text::new(
                    "Ce fichier n'a pas de manifeste de sauvegarde Greffier.",
                    "This file has no Greffier backup manifest.",
                ),
            );
        }
        self.found.into_result()
    }

    pub(super) fn read_from<'de, R: serde_json::de::Read<'de>>(
        &mut self,
        mut de: serde_json::Deserializer<R>,
    ) -> serde_json::Result<()> {
        self.deserialize(&mut de)?;
        de.end()
    }

    /// Once anything is wrong nothing more is written (the transaction is rolled back).
    pub(super) fn refused(&self) -> bool {
        !self.found.problems.is_empty() || self.found.more > 0
    }

    pub(super) fn hand_over<E: de::Error>(&mut self, part: Part) -> std::result::Result<(), E> {
        self.batch.push(part);
        if self.batch.len() < BATCH {
            return Ok(());
        }
        self.send_batch().map_err(|_| E::custom("stopped by a database error"))
    }

    pub(super) fn send_batch(&mut self) -> std::result::Result<(), mpsc::SendError<Vec<Part>>> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.batches.send(batch)
    }

    /// The next element of the list `list`, its `index`th. One serde cannot read (a revision
    /// numbered "one", a file cut short) is named, so that the problem says which play it is
    /// besides serde's words for what is wrong and where in the file.
    pub(super) fn element<'de, T: Deserialize<'de>, S: SeqAccess<'de>>(
        &mut self,
        seq: &mut S,
        list: &str,
        index: usize,
    ) -> std::result::Result<Option<T>, S::Error> {
        seq.next_element().inspect_err(|_| self.unreadable = Some(format!("{list}[{index}]")))
    }

    pub(super) fn out_of_order(&mut self, what: &str) {
        self.found.push(
            what,
            "out_of_order",
            Text::new(
                "Une sauvegarde donne son manifeste, puis ses joueurs, avant ses parties.",
                "A backup gives its manifest, then its players, before its plays.",
            ),
        );
    }

    pub(super) fn manifest<E: de::Error>(&mut self, m: Manifest) -> std::result::Result<(), E> {
        check_manifest(&m, &mut self.found);
        let total = u32::try_from(m.counts.plays + m.counts.other_plays).unwrap_or(u32::MAX);
        self.manifest = Some(m);
        self.hand_over(Part::Manifest { total })
    }

    pub(super) fn players<E: de::Error>(
        &mut self,
        read: Capped<ReadPlayer, MAX_BACKUP_PLAYERS>,
    ) -> std::result::Result<(), E> {
        let players: Vec<BackupPlayer> = list_of(|| "players".to_owned(), read, &mut self.found)
            .into_iter()
            .enumerate()
            .map(|(i, p)| p.into_player(i, &mut self.found))
            .collect();
        self.names = Some(check_players(&players, &mut self.found));
        if self.refused() {
            return Ok(());
        }
        self.hand_over(Part::Players(players))
    }

    pub(super) fn card<E: de::Error>(&mut self, read: ReadCard) -> std::result::Result<(), E> {
        let c = read.into_card(self.cards, &mut self.found);
        check_card(self.cards, &c, &mut self.found);
        self.cards += 1;
        if self.refused() {
            return Ok(());
        }
        self.hand_over(Part::Card(c))
    }

    pub(super) fn play<E: de::Error>(&mut self, read: ReadPlay) -> std::result::Result<(), E> {
        let i = self.plays;
        self.plays += 1;
        let (mut play, revisions_listed) = read.into_play(i, &mut self.found);
        if self.manifest.as_ref().is_some_and(|m| m.schema_version < MARKED_SHEETS_SCHEMA)
            && let Some(t) = play.table_state.as_mut()
        {
            crate::games::sheet::mark_legacy(play.game, &mut t.state);
        }
        let same_version = self.manifest.as_ref().is_some_and(|m| m.app_version == env!("CARGO_PKG_VERSION"));
        let Some(names) = &self.names else {
            self.out_of_order(&format!("plays[{i}]"));
            return self.hand_over(Part::Unwritten);
        };
        let board =
            check_play(i, &play, revisions_listed, names, &mut self.uuids, same_version, &mut self.found);
        if self.refused() {
            return self.hand_over(Part::Unwritten);
        }
        let board = board.map(|(board, rescored)| {
            let json = scoreboard_json(&board);
            CheckedBoard { board, rescored, json }
        });
        self.hand_over(Part::Play(Box::new(CheckedPlay { play, board })))
    }

    pub(super) fn other_play<E: de::Error>(&mut self, read: ReadOtherPlay) -> std::result::Result<(), E> {
        let i = self.other_plays;
        self.other_plays += 1;
        let play = read.into_play(i, &mut self.found);
        let Some(names) = &self.names else {
            self.out_of_order(&format!("other_plays[{i}]"));
            return self.hand_over(Part::Unwritten);
        };
        check_other_play(i, &play, names, &mut self.other_uuids, &mut self.found);
        if self.refused() {
            return self.hand_over(Part::Unwritten);
        }
        self.hand_over(Part::OtherPlay(Box::new(play)))
    }
}

/// The backup's top-level object, key by key.
impl<'de> DeserializeSeed<'de> for &mut Checker<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for &mut Checker<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Greffier backup object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        const KEYS: &[&str] = &["manifest", "players", "card_values", "plays", "other_plays"];
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(de::Error::custom(format!("duplicate field `{key}`")));
            }
            match key.as_str() {
                "manifest" => self.manifest(map.next_value()?)?,
                "players" => {
                    if self.manifest.is_none() {
                        self.out_of_order("players");
                    }
                    let players: Capped<ReadPlayer, MAX_BACKUP_PLAYERS> =
                        map.next_value().inspect_err(|_| self.unreadable = Some("players".to_owned()))?;
                    self.players(players)?;
                }
                "card_values" => map.next_value_seed(Items { checker: &mut *self, kind: ItemKind::Card })?,
                "plays" => map.next_value_seed(Items { checker: &mut *self, kind: ItemKind::Play })?,
                "other_plays" => {
                    map.next_value_seed(Items { checker: &mut *self, kind: ItemKind::OtherPlay })?
                }
                other => return Err(de::Error::unknown_field(other, KEYS)),
            }
        }
        for k in ["manifest", "players", "plays"] {
            if !seen.contains(k) {
                return Err(de::Error::missing_field(k));
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy)]
pub(super) enum ItemKind {
    Card,
    Play,
    OtherPlay,
}

/// One of the backup's lists, element by element.
pub(super) struct Items<'c, 's> {
    pub(super) checker: &'c mut Checker<'s>,
    pub(super) kind: ItemKind,
}

impl<'de> DeserializeSeed<'de> for Items<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Items<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> std::result::Result<(), S::Error> {
        let checker = self.checker;
        match self.kind {
            ItemKind::Card => {
                while let Some(c) = checker.element(&mut seq, "card_values", checker.cards)? {
                    checker.card(c)?;
                }
            }
            ItemKind::Play => {
                while let Some(p) = checker.element(&mut seq, "plays", checker.plays)? {
                    checker.play(p)?;
                }
            }
            ItemKind::OtherPlay => {
                while let Some(p) = checker.element(&mut seq, "other_plays", checker.other_plays)? {
                    checker.other_play(p)?;
                }
            }
        }
        Ok(())
    }
}

/// Writes what the checker hands over, in the file's order, in the import's transaction.
pub(super) struct Writer<'a, 'p> {
    pub(super) conn: &'a Connection,
    pub(super) report: ImportReport,
    /// Lower-case name → player id.
    pub(super) ids: HashMap<String, i64>,
    /// What the plays written add to the statistics, written at the end.
    pub(super) additions: summary::Additions,
    pub(super) done: u32,
    pub(super) total: u32,
    pub(super) progress: &'p mut dyn FnMut(Progress),
}

impl Writer<'_, '_> {
    pub(super) fn take(&mut self, part: Part) -> Result<()> {
        match part {
            Part::Manifest { total } => {
                self.total = total;
                (self.progress)(Progress { stage: ProgressStage::Checking, done: 0, total });
            }
            Part::Players(players) => self.players(&players)?,
            Part::Card(c) => self.card(&c)?,
            Part::Play(p) => {
                self.tick();
                self.play(*p)?;
            }
            Part::OtherPlay(p) => {
                self.tick();
                self.other_play(&p)?;
            }
            Part::Unwritten => self.tick(),
        }
        Ok(())
    }

    pub(super) fn tick(&mut self) {
        self.done += 1;
        if self.done.is_multiple_of(500) || self.done == self.total {
            (self.progress)(Progress { stage: ProgressStage::Writing, done: self.done, total: self.total });
        }
    }

    pub(super) fn players(&mut self, players: &[BackupPlayer]) -> Result<()> {
        for p in players {
            // Kept as the history keeps names (NFC, trimmed), whoever wrote the file.
            let clean = crate::games::clean_name(&p.name).unwrap_or_else(|_| p.name.trim().to_owned());
            let name = clean.as_str();
            if name.is_empty() {
                continue;
            }
            let existing: Option<i64> = self
                .conn
                .query_row(
                    "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE AND merged_into IS NULL ORDER BY id LIMIT 1",
                    [name],
                    |r| r.get(0),
                )
                .optional()?;
            let id = match existing {
                Some(id) => id,
                None => {
                    self.report.players_added += 1;
                    i64::from(
                        insert_player(self.conn, name, p.colour.as_deref(), p.archived, &p.created_at)?.id,
                    )
                }
            };
            self.ids.insert(player_key(name), id);
        }
        Ok(())
    }

    pub(super) fn card(&mut self, c: &BackupCardValue) -> Result<()> {
        let added = self.conn.execute(
            "INSERT INTO card_values (game, card, value, updated_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
            params![c.game.as_str(), c.card.trim(), c.value, fmt_time(&c.updated_at)],
        )?;
        self.report.card_values_added += u32::try_from(added).unwrap_or(u32::MAX);
        Ok(())
    }

    pub(super) fn play(&mut self, checked: CheckedPlay) -> Result<()> {
        let CheckedPlay { play, board } = checked;
        let started_at = fmt_time(&play.started_at);
        let Some(play_id) = self.insert_play_row(&play, board.as_ref(), &started_at)? else {
            // Said apart when it sits in the bin: "already there" would read as back in the log.
            if play_in_bin(self.conn, &play.uuid)? {
                self.report.plays_in_bin += 1;
            } else {
                self.report.plays_skipped += 1;
            }
            return Ok(());
        };
        let player_ids = self.insert_seats(play_id, &play)?;
        if let Some(t) = &play.table_state {
            write_table_state(self.conn, play_id, t.schema_version, &t.state.to_string(), &t.saved_at)?;
        }
        self.insert_revisions(play_id, &play)?;
        if let Some(b) = &board {
            insert_results(self.conn, play_id, &b.board, &b.json)?;
            self.report.plays_rescored += u32::from(b.rescored);
        }
        // The plays statistics count: finished, outside the bin.
        if play.status == PlayStatus::Finished && play.deleted_at.is_none() {
            let written = summary::WrittenPlay {
                id: play_id,
                game: play.game,
                variant: &play.variant,
                started_at: &started_at,
                player_ids: &player_ids,
                board: board.as_ref().map(|b| &b.board),
            };
            self.additions.add(self.conn, &written)?;
        }
        self.insert_round_events(play_id, &play)?;
        self.report.plays_added += 1;
        Ok(())
    }

    /// The play's row, with the outcome of its result; `None` when a play of its uuid is in
    /// the history already (nothing of it is then written).
    fn insert_play_row(
        &self,
        play: &BackupPlay,
        board: Option<&CheckedBoard>,
        started_at: &str,
    ) -> Result<Option<i64>> {
        let outcome = board.map(|b| OutcomeColumns::of(&b.board));
        let added = self
            .conn
            .prepare_cached(
                "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, ended_at, location, notes, updated_at,
                                    duration_minutes, deleted_at, outcome, won, round_reached, difficulty, lost_event, setup_done)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
                 ON CONFLICT (uuid) DO NOTHING",
            )?
            .execute(params![
                play.uuid,
                play.game.as_str(),
                play.variant,
                sql_int(play.seats.len()),
                play.status.as_str(),
                started_at,
                play.ended_at.as_ref().map(fmt_time),
                play.location,
                play.notes,
                fmt_time(&play.updated_at),
                play.duration_minutes,
                play.deleted_at.as_ref().map(fmt_time),
                outcome.as_ref().map(|o| o.outcome),
                outcome.as_ref().and_then(|o| o.won),
                outcome.as_ref().and_then(|o| o.round_reached),
                outcome.as_ref().and_then(|o| o.difficulty),
                outcome.as_ref().and_then(|o| o.lost_event),
                (!play.setup_done.is_empty()).then(|| serde_json::to_string(&play.setup_done).ok()).flatten(),
            ])?;
        Ok((added != 0).then(|| self.conn.last_insert_rowid()))
    }

    /// The play's seats; returns the player seated at each.
    fn insert_seats(&self, play_id: i64, play: &BackupPlay) -> Result<Vec<i64>> {
        let mut seat_stmt = self.conn.prepare_cached(
            "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        let mut player_ids = Vec::with_capacity(play.seats.len());
        for (s, seat) in play.seats.iter().enumerate() {
            let player_id = self.ids.get(&player_key(&seat.player)).copied().unwrap_or_default();
            seat_stmt.execute(params![play_id, sql_int(s), player_id, seat.colour, seat.first_player])?;
            player_ids.push(player_id);
        }
        Ok(player_ids)
    }

    /// The play's undo steps, kept with their numbers: Undo takes the highest first, and the
    /// next save numbers its revision after it, as before the export.
    fn insert_revisions(&self, play_id: i64, play: &BackupPlay) -> Result<()> {
        if play.revisions.is_empty() {
            return Ok(());
        }
        let mut revision = self.conn.prepare_cached(
            "INSERT INTO table_state_revisions (play_id, revision, state_json, saved_at) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for r in &play.revisions {
            revision.execute(params![play_id, r.revision, r.state.to_string(), fmt_time(&r.saved_at)])?;
        }
        Ok(())
    }

    /// The round events the play's table helpers recorded.
    fn insert_round_events(&self, play_id: i64, play: &BackupPlay) -> Result<()> {
        let mut event = self.conn.prepare_cached(
            "INSERT INTO round_events (play_id, round, seq, kind, payload_json, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for ev in &play.events {
            event.execute(params![
                play_id,
                ev.round,
                ev.seq,
                ev.kind,
                ev.payload.to_string(),
                fmt_time(&ev.recorded_at)
            ])?;
        }
        Ok(())
    }

    pub(super) fn other_play(&mut self, play: &BackupOtherPlay) -> Result<()> {
        let exists: bool = self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM other_plays WHERE uuid = ?1)",
            [&play.uuid],
            |r| r.get(0),
        )?;
        if exists {
            self.report.plays_skipped += 1;
            return Ok(());
        }
        self.conn.execute(
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
        let other_id = self.conn.last_insert_rowid();
        for (s, seat) in play.seats.iter().enumerate() {
            let player_id = self.ids.get(&player_key(&seat.player)).copied().unwrap_or_default();
            self.conn.execute(
                "INSERT INTO other_play_seats (other_play_id, seat, player_id, score, winner, first_player, score_text, team, role)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    other_id,
                    sql_int(s),
                    player_id,
                    seat.score,
                    seat.winner,
                    seat.first_player,
                    seat.score_text,
                    seat.team,
                    seat.role
                ],
            )?;
        }
        for (e, expansion) in play.expansions.iter().enumerate() {
            self.conn.execute(
                "INSERT INTO other_play_expansions (other_play_id, position, name, bgg_id) VALUES (?1, ?2, ?3, ?4)",
                params![other_id, sql_int(e), expansion.name.trim(), expansion.bgg_id],
            )?;
        }
        self.report.other_plays_added += 1;
        Ok(())
    }
}
