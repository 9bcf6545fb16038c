//! Orléans' course of play: the rounds one after the other, the tile drawn for each round
//! (Invasion), each round closed once, nothing after the game is decided, and the end after
//! the last round. A checked table says where the play stands ([`OrleansCourse`]); a step —
//! resolving this round's event, closing this round, finishing the play — is checked against
//! it before anything is applied, and refused with its reason on the field that says why
//! (a round closed without its tile, a play finished before its last round
//! was closed and so stored without a winner).
//!
//! Rulebook (`ORL`): « Le compte-tour […] indique le numéro de la manche en
//! cours, et l'événement qui sera déclenché » (one round after the other, the marker moved « à
//! la fin de chaque manche »); Invasion: « La partie se termine à la fin de la manche où la
//! tuile Sablier « Invasion » est révélée »; Prospérité: « La partie se termine après 16
//! manches »; the races and the solo scenarios end as soon as they are won or lost.

use serde::{Deserialize, Serialize};

use super::catalogue::{OrleansScenario, event};
use super::status::{OrleansState, OrleansStatus};
use super::table::OrleansTable;
use crate::games::{Problem, Problems};
use crate::text::Text;

/// A step of the course of play a door asks the core to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrleansStep {
    /// Resolving this round's event (what each seat gains or owes).
    Resolve,
    /// Closing this round: its event's decisions applied and logged, the round marker moved on.
    CloseRound,
    /// Finishing the play: its outcome stored.
    Finish,
}

/// Where the course of play stands, and what it refuses now (each list empty when the step may
/// be taken): what the screens show beside the round's buttons and the Finish button.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansCourse {
    /// Why this round's event cannot be resolved now (its tile not entered, the game over).
    pub resolve_refused: Vec<Problem>,
    /// Why this round cannot be closed now (also: the round closed already, the game decided).
    pub close_refused: Vec<Problem>,
    /// Why the play cannot be finished yet (its last round not closed, the game not decided).
    pub finish_refused: Vec<Problem>,
}

/// The course of `table`, whose status is `status` (the live help's).
pub fn course(table: &OrleansTable, status: &OrleansStatus) -> OrleansCourse {
    OrleansCourse {
        resolve_refused: refusals(table, status, OrleansStep::Resolve).0,
        close_refused: refusals(table, status, OrleansStep::CloseRound).0,
        finish_refused: refusals(table, status, OrleansStep::Finish).0,
    }
}

/// Checks `step` against the course of `table`: `Ok` when it may be taken, else every reason
/// with its field.
pub fn check_step(table: &OrleansTable, step: OrleansStep) -> Result<(), Problems> {
    let goals = super::status::goals(table);
    let status = super::status::status(table, &goals);
    refusals(table, &status, step).into_result(())
}

fn refusals(table: &OrleansTable, status: &OrleansStatus, step: OrleansStep) -> Problems {
    let mut p = Problems::new();
    let (round, rounds) = (table.round, table.rounds());
    let decided = status.state != OrleansState::InProgress;
    if step == OrleansStep::Finish {
        if !decided {
            p.push("round", "game_not_over", not_over(table));
        }
        return p;
    }
    if round > rounds {
        p.push(
            "round",
            "game_over",
            Text::new(
                format!("La dernière manche ({rounds}) est close : la partie est terminée."),
                format!("The last round ({rounds}) is closed: the game is over."),
            ),
        );
        return p;
    }
    if table.event_of_round(round).is_none() && table.scenario == OrleansScenario::Invasion {
        p.push("deck.order", "tile_not_entered", enter_the_tile(table));
    }
    if step == OrleansStep::CloseRound {
        if decided {
            p.push(
                "round",
                "game_decided",
                Text::new(
                    format!("{} La partie s'arrête là : terminez-la.", status.reason.fr),
                    format!("{} The game stops there: finish it.", status.reason.en),
                ),
            );
        } else if table.log.iter().any(|e| e.round == round) {
            // Closing writes the round's lines in the log: a round holding some was closed
            // already (the round marker was moved back by hand), and would count twice.
            p.push(
                "round",
                "round_closed",
                Text::new(
                    format!(
                        "La manche {round} est déjà close (le journal a ses lignes) : la manche en cours est la {}.",
                        round.saturating_add(1)
                    ),
                    format!(
                        "Round {round} is closed already (the log holds its lines): the round being played is {}.",
                        round.saturating_add(1)
                    ),
                ),
            );
        }
    }
    p
}

/// Invasion, Mise en place: the tiles come up from the physical stack, A over B over the
/// Invasion tile; the group enters the one revealed (« enter the tile drawn for
/// round N », with the tiles still possible).
fn enter_the_tile(table: &OrleansTable) -> Text {
    let round = table.round;
    let entered = table.deck.order.len();
    if entered >= usize::from(round) {
        // Entered, but the table says fewer tiles are revealed.
        return Text::new(
            format!(
                "La tuile de la manche {round} n'est pas encore révélée (tuiles révélées : {}).",
                table.deck.revealed
            ),
            format!("Round {round}'s tile is not revealed yet (tiles revealed: {}).", table.deck.revealed),
        );
    }
    let (stack, tiles) = super::deck::tiles_possible(
        table.players.len(),
        &table.deck.order,
        &table.deck.set_aside,
        table.deck.hard_mode,
    );
    let names = |fr: bool| {
        tiles
            .iter()
            .filter_map(|t| event(t))
            .map(|e| if fr { e.name.fr } else { e.name.en })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let next = entered + 1;
    if next < usize::from(round) {
        return Text::new(
            format!(
                "Saisissez d'abord la tuile tirée pour la manche {next} (pile {stack}), puis celles des manches suivantes jusqu'à la {round} ; possibles : {}.",
                names(true)
            ),
            format!(
                "First enter the tile drawn for round {next} (stack {stack}), then those of the next rounds up to {round}; possible: {}.",
                names(false)
            ),
        );
    }
    Text::new(
        format!(
            "Saisissez la tuile tirée pour la manche {round} (pile {stack}) ; possibles : {}.",
            names(true)
        ),
        format!("Enter the tile drawn for round {round} (stack {stack}); possible: {}.", names(false)),
    )
}

/// Why the play is not over yet, in its scenario's words.
fn not_over(table: &OrleansTable) -> Text {
    let (round, rounds) = (table.round, table.rounds());
    let name = table.scenario.label();
    if round >= rounds {
        Text::new(
            format!(
                "La manche {rounds}, la dernière de {}, n'est pas close : clôturez-la (son événement résolu) pour que la partie ait son résultat.",
                name.fr
            ),
            format!(
                "Round {rounds}, the last of {}, is not closed: close it (its event resolved) so that the game has its result.",
                name.en
            ),
        )
    } else {
        // A points race ends after its last round only; the others as soon as they are decided.
        let earlier = table.scenario != OrleansScenario::Prosperite;
        Text::new(
            format!(
                "La partie en est à la manche {round} sur {rounds} ({}) : elle se termine après la manche {rounds}{}.",
                name.fr,
                if earlier { ", ou plus tôt si elle est gagnée ou perdue" } else { "" }
            ),
            format!(
                "The game is at round {round} of {rounds} ({}): it ends after round {rounds}{}.",
                name.en,
                if earlier { ", or earlier when won or lost" } else { "" }
            ),
        )
    }
}
