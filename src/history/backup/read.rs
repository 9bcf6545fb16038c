//! How a backup is read: each play, player and card value into bounded types (`Short`,
//! `Capped`: no text or list is held beyond the history's limits), then turned into the
//! backup's values.

use super::*;

pub(super) type Name = Short<{ crate::games::input::MAX_NAME_CHARS }>;
pub(super) type Key = Short<MAX_KEY_CHARS>;

/// A play as an import reads it from a file: a [`BackupPlay`] whose table state and undo
/// steps are held only while they fit in what the history keeps ([`ReadState`]), whose undo
/// steps beyond [`MAX_REVISIONS`] are counted, not held, and whose lists and texts are held up
/// to their limits ([`Capped`], [`Short`]). A file can thus make an import hold one play of the
/// sizes the history allows, never more.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadPlay {
    pub(super) uuid: Key,
    pub(super) game: GameId,
    pub(super) variant: Key,
    pub(super) status: PlayStatus,
    pub(super) started_at: DateTime<Utc>,
    pub(super) ended_at: Option<DateTime<Utc>>,
    pub(super) updated_at: DateTime<Utc>,
    pub(super) location: Option<Short<MAX_LOCATION_CHARS>>,
    pub(super) notes: Option<Short<MAX_NOTES_CHARS>>,
    pub(super) seats: Capped<ReadSeat, MAX_PLAY_SEATS>,
    pub(super) table_state: Option<ReadTableState>,
    pub(super) scoreboard: Option<ReadScoreboard>,
    #[serde(default)]
    pub(super) events: Capped<ReadEvent, MAX_ROUND_EVENTS>,
    #[serde(default)]
    pub(super) duration_minutes: Option<u32>,
    #[serde(default)]
    pub(super) deleted_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub(super) revisions: ReadRevisions,
    #[serde(default)]
    pub(super) setup_done: Capped<Key, MAX_SETUP_STEPS>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadSeat {
    pub(super) player: Name,
    pub(super) colour: Option<Short<MAX_COLOUR_CHARS>>,
    pub(super) first_player: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadEvent {
    pub(super) round: u8,
    pub(super) seq: u32,
    pub(super) kind: Key,
    pub(super) payload: ReadJson<MAX_EVENT_PAYLOAD_BYTES>,
    pub(super) recorded_at: DateTime<Utc>,
    /// Words a play's details add; not kept (the history writes them when read).
    #[serde(default)]
    #[allow(dead_code)]
    pub(super) text: Option<de::IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadPlayer {
    pub(super) name: Name,
    pub(super) colour: Option<Short<MAX_COLOUR_CHARS>>,
    pub(super) archived: bool,
    pub(super) created_at: DateTime<Utc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadCard {
    pub(super) game: GameId,
    pub(super) card: Key,
    pub(super) value: i32,
    pub(super) updated_at: DateTime<Utc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadOtherPlay {
    pub(super) uuid: Key,
    pub(super) game_name: Short<MAX_GAME_NAME_CHARS>,
    pub(super) bgg_id: Option<i64>,
    pub(super) played_at: DateTime<Utc>,
    pub(super) duration_minutes: Option<u32>,
    pub(super) location: Option<Short<MAX_LOCATION_CHARS>>,
    pub(super) notes: Option<Short<MAX_NOTES_CHARS>>,
    pub(super) cooperative: bool,
    pub(super) imported_at: DateTime<Utc>,
    pub(super) seats: Capped<ReadOtherSeat, MAX_OTHER_SEATS>,
    #[serde(default)]
    pub(super) expansions: Capped<ReadExpansion, MAX_EXPANSIONS>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadOtherSeat {
    pub(super) player: Name,
    pub(super) score: Option<i64>,
    pub(super) winner: bool,
    pub(super) first_player: bool,
    #[serde(default)]
    pub(super) score_text: Option<Short<MAX_SCORE_TEXT_CHARS>>,
    #[serde(default)]
    pub(super) team: Option<Short<MAX_LABEL_CHARS>>,
    #[serde(default)]
    pub(super) role: Option<Short<MAX_LABEL_CHARS>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadExpansion {
    pub(super) name: Short<MAX_GAME_NAME_CHARS>,
    pub(super) bgg_id: Option<i64>,
}

/// A text as read, reported on `field` when the file's went on past its limit (`code`, `why`).
pub(super) fn text_of<const MAX: usize>(
    field: impl FnOnce() -> String,
    read: Short<MAX>,
    found: &mut Found,
) -> String {
    if read.cut {
        found.push(field(), "too_long", too_long(MAX));
    }
    read.text
}

/// A name as read, reported on `field` when the file's went on past its limit.
pub(super) fn name_of(field: impl FnOnce() -> String, read: Name, found: &mut Found) -> String {
    if read.cut {
        let code = crate::games::input::name_problem_code(crate::games::input::NameProblem::TooLong);
        found.push(
            field(),
            code,
            crate::games::input::name_problem_text(crate::games::input::NameProblem::TooLong, None),
        );
    }
    read.text
}

/// An optional text as read: one cut at its limit is reported on `field` and not kept.
pub(super) fn optional_text_of<const MAX: usize>(
    field: impl FnOnce() -> String,
    read: Option<Short<MAX>>,
    found: &mut Found,
) -> Option<String> {
    match read {
        Some(s) if s.cut => {
            found.push(field(), "too_long", too_long(MAX));
            None
        }
        other => other.map(|s| s.text),
    }
}

/// A list as read: its first `MAX` items, the rest reported on `field`.
pub(super) fn list_of<T, const MAX: usize>(
    field: impl FnOnce() -> String,
    read: Capped<T, MAX>,
    found: &mut Found,
) -> Vec<T> {
    if read.too_many() {
        found.push(field(), "too_many", too_many(MAX, read.count));
    }
    read.kept
}

impl ReadPlayer {
    pub(super) fn into_player(self, i: usize, found: &mut Found) -> BackupPlayer {
        BackupPlayer {
            name: name_of(|| format!("players[{i}].name"), self.name, found),
            colour: optional_text_of(|| format!("players[{i}].colour"), self.colour, found),
            archived: self.archived,
            created_at: self.created_at,
        }
    }
}

impl ReadCard {
    pub(super) fn into_card(self, i: usize, found: &mut Found) -> BackupCardValue {
        BackupCardValue {
            game: self.game,
            card: text_of(|| format!("card_values[{i}].card"), self.card, found),
            value: self.value,
            updated_at: self.updated_at,
        }
    }
}

impl ReadOtherPlay {
    pub(super) fn into_play(self, i: usize, found: &mut Found) -> BackupOtherPlay {
        let at = |f: &str| format!("other_plays[{i}].{f}");
        let seats = list_of(|| at("seats"), self.seats, found);
        let seats = seats
            .into_iter()
            .enumerate()
            .map(|(s, seat)| BackupOtherSeat {
                player: name_of(|| at(&format!("seats[{s}].player")), seat.player, found),
                score: seat.score,
                winner: seat.winner,
                first_player: seat.first_player,
                score_text: optional_text_of(
                    || at(&format!("seats[{s}].score_text")),
                    seat.score_text,
                    found,
                ),
                team: optional_text_of(|| at(&format!("seats[{s}].team")), seat.team, found),
                role: optional_text_of(|| at(&format!("seats[{s}].role")), seat.role, found),
            })
            .collect();
        let expansions = list_of(|| at("expansions"), self.expansions, found);
        let expansions = expansions
            .into_iter()
            .enumerate()
            .map(|(e, x)| BackupExpansion {
                name: text_of(|| at(&format!("expansions[{e}].name")), x.name, found),
                bgg_id: x.bgg_id,
            })
            .collect();
        BackupOtherPlay {
            uuid: text_of(|| at("uuid"), self.uuid, found),
            game_name: text_of(|| at("game_name"), self.game_name, found),
            bgg_id: self.bgg_id,
            played_at: self.played_at,
            duration_minutes: self.duration_minutes,
            location: optional_text_of(|| at("location"), self.location, found),
            notes: optional_text_of(|| at("notes"), self.notes, found),
            cooperative: self.cooperative,
            imported_at: self.imported_at,
            seats,
            expansions,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadTableState {
    pub(super) schema_version: u32,
    pub(super) saved_at: DateTime<Utc>,
    pub(super) state: ReadState,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ReadRevision {
    pub(super) revision: i64,
    pub(super) saved_at: DateTime<Utc>,
    pub(super) state: ReadState,
}

/// A play's undo steps as read: the first [`MAX_REVISIONS`] + 1 (enough to know there are too
/// many), and how many the file lists.
#[derive(Default)]
pub(super) struct ReadRevisions {
    pub(super) kept: Vec<ReadRevision>,
    pub(super) count: usize,
}

impl<'de> Deserialize<'de> for ReadRevisions {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<ReadRevisions, D::Error> {
        struct List;
        impl<'de> Visitor<'de> for List {
            type Value = ReadRevisions;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of undo steps")
            }
            fn visit_seq<S: SeqAccess<'de>>(
                self,
                mut seq: S,
            ) -> std::result::Result<ReadRevisions, S::Error> {
                let keep = usize::try_from(MAX_REVISIONS).unwrap_or(usize::MAX).saturating_add(1);
                let mut read = ReadRevisions::default();
                while read.kept.len() < keep {
                    match seq.next_element()? {
                        Some(revision) => read.kept.push(revision),
                        None => break,
                    }
                }
                read.count = read.kept.len();
                while seq.next_element::<de::IgnoredAny>()?.is_some() {
                    read.count += 1;
                }
                Ok(read)
            }
        }
        d.deserialize_seq(List)
    }
}

/// A stored [`Scoreboard`] as read from a file: each of its lists held up to its limit
/// ([`MAX_PLAY_SEATS`] players, ties and tied seats, [`MAX_SCORE_CATEGORIES`] categories a player,
/// [`MAX_TIE_CRITERIA`] criteria a tie, [`MAX_SCORE_MISSIONS`] mission cards), the rest counted.
#[derive(Deserialize)]
pub(super) struct ReadScoreboard {
    pub(super) game: GameId,
    pub(super) variant: String,
    pub(super) outcome: crate::games::Outcome,
    pub(super) players: Capped<ReadPlayerScore, MAX_PLAY_SEATS>,
    pub(super) tie_breaks: Capped<ReadTieBreak, MAX_PLAY_SEATS>,
    #[serde(default)]
    pub(super) facts: ReadPlayFacts,
}

#[derive(Deserialize)]
pub(super) struct ReadPlayerScore {
    pub(super) seat: u8,
    pub(super) name: String,
    pub(super) total: Option<i32>,
    pub(super) categories: Capped<crate::games::CategoryScore, MAX_SCORE_CATEGORIES>,
    pub(super) rank: u8,
    pub(super) winner: bool,
}

#[derive(Deserialize)]
pub(super) struct ReadTieBreak {
    pub(super) seats: Capped<u8, MAX_PLAY_SEATS>,
    pub(super) total: i32,
    pub(super) criteria: Capped<String, MAX_TIE_CRITERIA>,
    pub(super) shared: bool,
    pub(super) explanation: Text,
}

#[derive(Default, Deserialize)]
pub(super) struct ReadPlayFacts {
    #[serde(default)]
    pub(super) missions: Capped<crate::games::MissionOutcome, MAX_SCORE_MISSIONS>,
    #[serde(default)]
    pub(super) difficulty: Option<String>,
    #[serde(default)]
    pub(super) lost_at: Option<crate::games::LostAt>,
}

impl ReadScoreboard {
    /// The scoreboard, each list beyond its limit named in `found` (`…scoreboard.players`,
    /// `…scoreboard.players[p].categories`, …) and cut there.
    pub(super) fn into_scoreboard(self, at: &str, found: &mut Found) -> Scoreboard {
        let players = list_of(|| format!("{at}.players"), self.players, found)
            .into_iter()
            .enumerate()
            .map(|(p, r)| crate::games::PlayerScore {
                seat: r.seat,
                name: r.name,
                total: r.total,
                categories: list_of(|| format!("{at}.players[{p}].categories"), r.categories, found),
                rank: r.rank,
                winner: r.winner,
            })
            .collect();
        let tie_breaks = list_of(|| format!("{at}.tie_breaks"), self.tie_breaks, found)
            .into_iter()
            .enumerate()
            .map(|(t, r)| crate::games::TieBreak {
                seats: list_of(|| format!("{at}.tie_breaks[{t}].seats"), r.seats, found),
                total: r.total,
                criteria: list_of(|| format!("{at}.tie_breaks[{t}].criteria"), r.criteria, found),
                shared: r.shared,
                explanation: r.explanation,
            })
            .collect();
        let facts = crate::games::PlayFacts {
            missions: list_of(|| format!("{at}.facts.missions"), self.facts.missions, found),
            difficulty: self.facts.difficulty,
            lost_at: self.facts.lost_at,
        };
        Scoreboard {
            game: self.game,
            variant: self.variant,
            outcome: self.outcome,
            players,
            tie_breaks,
            facts,
        }
    }
}

impl ReadPlay {
    /// The play as a [`BackupPlay`], each state too large to keep given as `null` and named in
    /// `found` (`plays[i].table_state`, `plays[i].revisions[r].state`); and how many undo
    /// steps the file lists (only the first are handed on).
    pub(super) fn into_play(self, i: usize, found: &mut Found) -> (BackupPlay, usize) {
        let at = |f: &str| format!("plays[{i}].{f}");
        let seats = list_of(|| at("seats"), self.seats, found)
            .into_iter()
            .enumerate()
            .map(|(s, seat)| BackupSeat {
                player: name_of(|| at(&format!("seats[{s}].player")), seat.player, found),
                colour: optional_text_of(|| at(&format!("seats[{s}].colour")), seat.colour, found),
                first_player: seat.first_player,
            })
            .collect();
        let events = list_of(|| at("events"), self.events, found)
            .into_iter()
            .enumerate()
            .map(|(e, ev)| RoundEvent {
                round: ev.round,
                seq: ev.seq,
                kind: text_of(|| at(&format!("events[{e}].kind")), ev.kind, found),
                payload: match ev.payload {
                    ReadJson::Json(value) => value,
                    ReadJson::TooLarge => {
                        found.push(at(&format!("events[{e}].payload")), "too_large", payload_too_large());
                        serde_json::Value::Null
                    }
                },
                recorded_at: ev.recorded_at,
                text: None,
            })
            .collect();
        let mut state = |field: String, read: ReadState| match read {
            ReadState::Json(value) => value,
            ReadState::TooLarge => {
                found.push(field, "too_large", state_too_large());
                serde_json::Value::Null
            }
        };
        let table_state = self.table_state.map(|t| BackupTableState {
            schema_version: t.schema_version,
            saved_at: t.saved_at,
            state: state(format!("plays[{i}].table_state"), t.state),
        });
        let ReadRevisions { kept, count } = self.revisions;
        let revisions = kept
            .into_iter()
            .enumerate()
            .map(|(r, read)| BackupRevision {
                revision: read.revision,
                saved_at: read.saved_at,
                state: state(format!("plays[{i}].revisions[{r}].state"), read.state),
            })
            .collect();
        let play = BackupPlay {
            uuid: text_of(|| at("uuid"), self.uuid, found),
            game: self.game,
            variant: text_of(|| at("variant"), self.variant, found),
            status: self.status,
            started_at: self.started_at,
            ended_at: self.ended_at,
            updated_at: self.updated_at,
            location: optional_text_of(|| at("location"), self.location, found),
            notes: optional_text_of(|| at("notes"), self.notes, found),
            seats,
            table_state,
            scoreboard: self.scoreboard.map(|b| b.into_scoreboard(&at("scoreboard"), found)),
            events,
            duration_minutes: self.duration_minutes,
            deleted_at: self.deleted_at,
            revisions,
            setup_done: list_of(|| at("setup_done"), self.setup_done, found)
                .into_iter()
                .enumerate()
                .map(|(k, id)| text_of(|| at(&format!("setup_done[{k}]")), id, found))
                .collect(),
        };
        (play, count)
    }
}

pub(super) fn payload_too_large() -> Text {
    Text::new(
        format!("Données d'événement trop volumineuses (plus de {} Kio).", MAX_EVENT_PAYLOAD_BYTES / 1024),
        format!("Event data too large (over {} KiB).", MAX_EVENT_PAYLOAD_BYTES / 1024),
    )
}

/// The problem of a streamed file holding a string longer than any the history keeps.
pub(super) fn string_too_long() -> Text {
    Text::new(
        format!(
            "Texte de plus de {} Kio : aucun champ d'une sauvegarde n'en garde autant.",
            MAX_STRING_BYTES / 1024
        ),
        format!("Text over {} KiB: no field of a backup keeps that much.", MAX_STRING_BYTES / 1024),
    )
}

pub(super) fn state_too_large() -> Text {
    Text::new(
        format!("État de la table trop volumineux (plus de {} Kio).", MAX_STATE_BYTES / 1024),
        format!("Table state too large (over {} KiB).", MAX_STATE_BYTES / 1024),
    )
}
