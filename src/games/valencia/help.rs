//! The live panel for a table: each held mission's status with its points, the score so far.

use serde::{Deserialize, Serialize};

use super::board::{PRIVILEGES_IN_BOX, to_u8};
use super::course::ValenciaCourseView;
use super::missions::{MISSIONS, Verdict, council_needed};
use super::scoring::{MissionResult, Why, points_per_fountain, score_with_missions};
use super::table::Table;
use crate::games::{Detail, Scoreboard};
use crate::text::Text;

/// Where a held mission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ValenciaMissionStatus {
    /// ✔ judged (or ticked) met.
    Met,
    /// ✘ judged (or ticked) failed.
    Failed,
    /// ? only the board shows it: waiting for a tick (counted as failed meanwhile).
    NeedsTick,
    /// Formula card: its points are computed.
    Formula,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaMissionHelp {
    pub id: String,
    /// The card's name (serialized and typed as a `Text`).
    pub name: Detail,
    pub status: ValenciaMissionStatus,
    /// Printed points (`None` for formula cards).
    pub printed: Option<u32>,
    /// What the card adds to the score now (negative when failed).
    pub points: i32,
    /// Why (a `Text` once serialized; kept as numbers until then, see [`Detail`]).
    pub why: Detail,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaSeatHelp {
    pub seat: u8,
    pub name: String,
    /// Total if the game ended now.
    pub total: i32,
    pub rank: u8,
    pub missions: Vec<ValenciaMissionHelp>,
    /// Points from each fountain of the table, in its order (members × value).
    pub fountain_points: Vec<u32>,
    /// Said when the seat holds no mission card, which setup never leaves (step 13: each keeps
    /// at least one): a notice, not a problem, so that plays saved without missions rescore.
    pub missions_notice: Option<Text>,
}

/// What the table says while playing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaHelp {
    pub seats: Vec<ValenciaSeatHelp>,
    /// Council members the council mission asks at this player count.
    pub council_mission_needs: u32,
    /// With 2 players the district mission is removed (draw another).
    pub district_mission_unused: bool,
    /// Mission cards not played at this player count (p.15), by id: not offered to draw.
    pub missions_out_of_play: Vec<String>,
    /// Where the course of play stands and what may come next (the tracker's buttons, the
    /// auction's step, the council phase).
    pub course: ValenciaCourseView,
}

pub fn help_table(table: &Table) -> ValenciaHelp {
    let (board, results) = score_with_missions(table);
    help_from(table, &board, results)
}

/// The live help from the table's scoreboard and judged missions (see
/// [`score_with_missions`]): what the preview shows beside the score, computed once.
pub fn help_from(table: &Table, board: &Scoreboard, results: Vec<Vec<MissionResult>>) -> ValenciaHelp {
    let mut results = results.into_iter();
    let seats = table
        .players
        .iter()
        .enumerate()
        .map(|(seat, pl)| {
            let score = board.players.get(seat);
            let missions = results
                .next()
                .unwrap_or_default()
                .into_iter()
                .zip(&pl.missions)
                .map(|(r, held)| {
                    let status = match r.verdict {
                        Verdict::Judged { met: true, .. } | Verdict::Tick(Some(true)) => {
                            ValenciaMissionStatus::Met
                        }
                        Verdict::Judged { met: false, .. } | Verdict::Tick(Some(false)) => {
                            ValenciaMissionStatus::Failed
                        }
                        Verdict::Tick(None) => ValenciaMissionStatus::NeedsTick,
                        Verdict::Formula { .. } => ValenciaMissionStatus::Formula,
                    };
                    let why = Detail::valencia(Why::Card(r.verdict));
                    let printed = (status != ValenciaMissionStatus::Formula).then_some(held.points);
                    ValenciaMissionHelp {
                        id: r.id.to_owned(),
                        name: Detail::fixed(r.name.fr, r.name.en),
                        status,
                        printed,
                        points: r.points,
                        why,
                    }
                })
                .collect();
            ValenciaSeatHelp {
                seat: to_u8(seat),
                name: pl.name.clone(),
                total: score.and_then(|s| s.total).unwrap_or(0),
                rank: score.map_or(0, |s| s.rank),
                missions,
                fountain_points: points_per_fountain(table, pl),
                missions_notice: pl.missions.is_empty().then(|| no_mission_notice(&pl.name)),
            }
        })
        .collect();
    ValenciaHelp {
        seats,
        council_mission_needs: council_needed(table.players.len()),
        district_mission_unused: table.players.len() == 2,
        missions_out_of_play: MISSIONS
            .iter()
            .filter(|m| usize::from(m.min_players()) > table.players.len())
            .map(|m| m.id.to_owned())
            .collect(),
        course: table.course.view(
            PRIVILEGES_IN_BOX
                .saturating_sub(table.players.iter().fold(0u32, |s, pl| s.saturating_add(pl.privileges))),
        ),
    }
}

/// VAL §Mise en place, 13: « recevez-en chacun 5 faces cachées [...] vous devez en
/// conserver au moins une ». A seat with none was not entered yet (or was saved before missions
/// could be): told beside the seat, never refused.
fn no_mission_notice(name: &str) -> Text {
    Text::new(
        format!(
            "Aucune carte Mission indiquée pour {name} : à la mise en place, chacun en garde au moins une. Ajoutez les siennes, sans quoi elles ne comptent pas."
        ),
        format!(
            "No mission card entered for {name}: at setup everyone keeps at least one. Add theirs, or they are not scored."
        ),
    )
}
