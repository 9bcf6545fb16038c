//! The values the history reads and writes.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::games::{GameId, Problem, Scoreboard, TableHelp};
use crate::text::Text;

/// Row ids as the outside world sees them (IPC and JSON numbers stay exact below 2^53).
pub type Id = u32;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Player {
    pub id: Id,
    pub name: String,
    pub colour: Option<String>,
    pub archived: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum PlayStatus {
    InProgress,
    Finished,
    Abandoned,
}

impl PlayStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PlayStatus::InProgress => "in_progress",
            PlayStatus::Finished => "finished",
            PlayStatus::Abandoned => "abandoned",
        }
    }

    pub fn parse(s: &str) -> Option<PlayStatus> {
        [PlayStatus::InProgress, PlayStatus::Finished, PlayStatus::Abandoned]
            .into_iter()
            .find(|p| p.as_str() == s)
    }
}

/// A seat of a new play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NewSeat {
    pub player_id: Id,
    pub colour: Option<String>,
}

/// A play about to start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct NewPlay {
    pub game: GameId,
    pub variant: String,
    pub location: Option<String>,
    pub notes: Option<String>,
    /// In table order.
    pub seats: Vec<NewSeat>,
    /// Index into `seats` of the first player.
    pub first_seat: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Seat {
    pub seat: u8,
    pub player_id: Id,
    pub player_name: String,
    pub colour: Option<String>,
    pub first_player: bool,
}

/// An entry of a play's round log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RoundEvent {
    pub round: u8,
    pub seq: u32,
    pub kind: String,
    pub payload: serde_json::Value,
    pub recorded_at: DateTime<Utc>,
    /// What happened, in words (play details only; `None` for a kind without a description).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Text>,
}

/// A line of a play's round log that its table state holds (see `PlayDetail::table_log`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableLogLine {
    pub round: u8,
    pub text: Text,
}

/// Everything known about one play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayDetail {
    pub id: Id,
    pub uuid: String,
    pub game: GameId,
    pub variant: String,
    pub status: PlayStatus,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub seats: Vec<Seat>,
    /// The last table state saved (JSON as the game reads it), if any.
    pub table_state: Option<serde_json::Value>,
    pub table_schema_version: Option<u32>,
    /// The scoreboard computed when the play was finished.
    pub scoreboard: Option<Scoreboard>,
    pub events: Vec<RoundEvent>,
    /// What the table helpers applied, as the play's table state keeps it (Valencia's auctions
    /// and council phases, Citadelles' rounds), in words, in the order played. Read from the
    /// table state, so an undo or a backup carries it with the rest. Rounds an older version
    /// stored as events (`citadelles_round`) stay in `events`: nothing entered is hidden.
    pub table_log: Vec<TableLogLine>,
    /// The setup checklist's steps ticked for this play (the core's step ids), in the order ticked.
    pub setup_done: Vec<String>,
    /// Minutes the play lasted (measured at finish, editable).
    pub duration_minutes: Option<u32>,
    /// Set when the play is in the bin (undo with `restore_play`).
    pub deleted_at: Option<DateTime<Utc>>,
}

/// A player's line in a play list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SummaryPlayer {
    pub name: String,
    pub colour: Option<String>,
    pub total: Option<i32>,
    pub rank: Option<u8>,
    pub winner: bool,
}

/// A play in a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlaySummary {
    pub id: Id,
    pub game: GameId,
    pub variant: String,
    pub status: PlayStatus,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub location: Option<String>,
    /// In seat order.
    pub players: Vec<SummaryPlayer>,
    pub duration_minutes: Option<u32>,
    /// How the play ended, once finished.
    pub outcome: Option<OutcomeKind>,
    /// Co-op and solo plays: whether the table won.
    pub won: Option<bool>,
    pub deleted_at: Option<DateTime<Utc>>,
}

/// The kind of ending of a finished play (`plays.outcome`), see [`crate::games::Outcome`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OutcomeKind {
    Points,
    Coop,
    Solo,
    ObjectiveRace,
}

impl OutcomeKind {
    pub const ALL: [OutcomeKind; 4] =
        [OutcomeKind::Points, OutcomeKind::Coop, OutcomeKind::Solo, OutcomeKind::ObjectiveRace];

    pub fn as_str(self) -> &'static str {
        match self {
            OutcomeKind::Points => "points",
            OutcomeKind::Coop => "coop",
            OutcomeKind::Solo => "solo",
            OutcomeKind::ObjectiveRace => "objective_race",
        }
    }

    pub fn parse(s: &str) -> Option<OutcomeKind> {
        OutcomeKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// Which plays to list, newest first. Every field is optional (absent = no restriction).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct PlayFilter {
    pub game: Option<GameId>,
    pub status: Option<PlayStatus>,
    /// Rule profile (Citadelles), module (Valencia, Splendor) or scenario (Orléans).
    pub variant: Option<String>,
    /// Plays where this player has a seat.
    pub player_id: Option<Id>,
    /// Started at or after this instant.
    pub from: Option<DateTime<Utc>>,
    /// Started strictly before this instant.
    pub to: Option<DateTime<Utc>>,
    pub outcome: Option<OutcomeKind>,
    /// Co-op and solo plays won (true) or lost (false).
    pub won: Option<bool>,
    /// List the bin (deleted plays) instead of the log.
    pub deleted: bool,
    /// At most this many (0 means 20; capped at 200).
    pub limit: u32,
    pub offset: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayPage {
    pub plays: Vec<PlaySummary>,
    /// How many plays match the filter in all.
    pub total: u32,
}

/// The answer to an autosave: the state is stored either way; the live score when it is
/// valid, else every problem; and the game's live help about the table when it gives one.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScorePreview {
    pub scoreboard: Option<Scoreboard>,
    pub problems: Vec<Problem>,
    /// While `problems` are not fixed: the totals without the fields they name (nobody wins
    /// yet); `None` when the scoreboard is complete or a problem is about the whole table.
    pub partial: Option<Scoreboard>,
    /// The fields `partial` leaves out (`players[1].fountain_members[2]`…): what holds the
    /// totals back, for the screens to say.
    pub left_out: Vec<String>,
    pub help: Option<TableHelp>,
    /// How many times Undo can take the play back (revisions kept by the core).
    pub undo_steps: u32,
}

/// What an autosave stored: its live score, and the state stored when it is not the one sent
/// (another device's change merged in, see [`Store::save_table_state_over`]), for the sheet to
/// show.
///
/// [`Store::save_table_state_over`]: super::Store::save_table_state_over
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SavedState {
    pub merged: Option<serde_json::Value>,
    pub preview: ScorePreview,
}

/// What Undo brought back: the state (for the sheet to show) and its live score.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct UndoneState {
    pub state: serde_json::Value,
    pub preview: ScorePreview,
}

/// A printed card value typed once by the user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CardValue {
    pub game: GameId,
    pub card: String,
    pub value: i32,
}

/// Changes to a play's details. The editable fields are all replaced by the values given
/// (send the current ones to keep them). A finished play is rescored from `table_state` when
/// given, else from the state stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct PlayEdit {
    pub location: Option<String>,
    pub notes: Option<String>,
    pub duration_minutes: Option<u32>,
    /// A new start time (a play typed in afterwards); absent keeps it.
    pub started_at: Option<DateTime<Utc>>,
    /// A corrected table state (finished plays: rescored; plays in progress: stored).
    pub table_state: Option<serde_json::Value>,
}
