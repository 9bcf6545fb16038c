//! The course of play, as the table's `progress` holds it: where the tracker stands, what the
//! helpers did there (the auctions applied and the council phases counted, in `progress.log`),
//! which move may come next, and what the position allows the table to hold.
//!
//! VAL p.6: « Une partie de Valencia est composée de 5 tours qui sont chacun divisés en 3
//! phases, que vous devez effectuer dans l'ordre suivant » — phase II's steps A to I in letter
//! order (« La phase d'action de chaque tour est composée de 9 étapes […] grâce aux lettres A à
//! I »), then phase III, the council (p.10). The core checks every step against this before it
//! is applied: an auction only at the tracker's step, the council only once the round's last
//! step is behind it, a move only to the next moment (or back to the one before, while nothing
//! was done where the tracker stands).
//!
//! A tracker at round 1, step A, with nothing entered or applied has not been started: the sheet
//! is then read as a tally of the end of the game (players who only type the final table never
//! touch it), and the position bounds nothing.

use serde::{Deserialize, Serialize};

use super::auction::ValenciaStep;
use super::board::{ROUNDS, ValenciaSeat};
use super::phases::{ValenciaMoment, ValenciaProgress, next_moment};
use crate::games::Problem;
use crate::text::{Text, en_noun, fr_noun};

/// A moment of the game: a round and a step of it (or its council phase).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaPosition {
    pub round: u8,
    pub step: ValenciaMoment,
}

impl ValenciaPosition {
    pub const START: ValenciaPosition = ValenciaPosition { round: 1, step: ValenciaMoment::A };

    /// « à l'étape C de la manche 2 », « à la phase du Conseil de la manche 2 ».
    pub fn at(self) -> Text {
        let r = self.round;
        match self.step.step() {
            Some(s) => Text::new(
                format!("à l'étape {} de la manche {r}", s.letter()),
                format!("at step {} of round {r}", s.letter()),
            ),
            None => Text::new(
                format!("à la phase du Conseil de la manche {r}"),
                format!("at the council phase of round {r}"),
            ),
        }
    }

    /// The moment before this one, `None` at the start of the game.
    pub fn previous(self) -> Option<ValenciaPosition> {
        let k = ValenciaMoment::ALL.iter().position(|&m| m == self.step)?;
        match k.checked_sub(1).and_then(|k| ValenciaMoment::ALL.get(k)) {
            Some(&step) => Some(ValenciaPosition { round: self.round, step }),
            None if self.round > 1 => {
                Some(ValenciaPosition { round: self.round - 1, step: ValenciaMoment::Council })
            }
            None => None,
        }
    }

    pub fn next(self) -> Option<ValenciaPosition> {
        next_moment(self.round, self.step).map(|(round, step)| ValenciaPosition { round, step })
    }
}

/// Where the table's course of play stands, read from its `progress` (checked there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Course {
    pub position: ValenciaPosition,
    /// The tracker moved from its start, or a helper was used: the position is where the game
    /// stands (see the module's doc).
    pub started: bool,
    /// What the helpers did, in the order they did it: each auction applied, each council
    /// phase counted.
    pub done: Vec<ValenciaPosition>,
    pub councils_counted: Vec<u8>,
    /// The auction being entered was applied (`progress.auction_applied`).
    pub auction_applied: bool,
}

impl Course {
    pub fn read(progress: Option<&ValenciaProgress>) -> Course {
        let Some(pr) = progress else {
            return Course {
                position: ValenciaPosition::START,
                started: false,
                done: Vec::new(),
                councils_counted: Vec::new(),
                auction_applied: false,
            };
        };
        let position = ValenciaPosition { round: pr.round(), step: pr.step.unwrap_or(ValenciaMoment::A) };
        let started = position != ValenciaPosition::START
            || pr.auction.is_some()
            || !pr.councils_counted.is_empty()
            || !pr.log.is_empty();
        Course {
            position,
            started,
            done: pr.log.iter().map(|e| ValenciaPosition { round: e.round, step: e.moment }).collect(),
            councils_counted: pr.councils_counted.clone(),
            auction_applied: pr.auction_applied,
        }
    }

    /// Whether a helper did something at `at` (an auction applied, the council counted).
    pub fn is_done(&self, at: ValenciaPosition) -> bool {
        self.done.contains(&at)
            || (at.step == ValenciaMoment::Council && self.councils_counted.contains(&at.round))
    }

    /// The latest moment something was done at.
    pub fn last_done(&self) -> Option<ValenciaPosition> {
        let counted = self
            .councils_counted
            .iter()
            .map(|&round| ValenciaPosition { round, step: ValenciaMoment::Council });
        self.done.iter().copied().chain(counted).max()
    }

    /// The council phases held up to here, this one included when the tracker is at it (its
    /// points and privilege may be on the table already): each round's phase III follows its
    /// steps A–I (p.6). Not started: all five, the end of the game.
    pub fn councils_held(&self) -> u32 {
        if !self.started {
            return u32::from(ROUNDS);
        }
        u32::from(self.position.round.saturating_sub(1))
            + u32::from(self.position.step == ValenciaMoment::Council)
    }

    /// The guild auctions (B, D, F) reached up to here, this one included: each lets a player
    /// place one member in the city at most (p.7–8). Not started: all fifteen.
    pub fn guild_auctions_reached(&self) -> u32 {
        let guild = |m: &ValenciaMoment| {
            matches!(m.step(), Some(ValenciaStep::B | ValenciaStep::D | ValenciaStep::F))
        };
        let per_round = ValenciaMoment::ALL.iter().filter(|m| guild(m)).count() as u32;
        if !self.started {
            return per_round * u32::from(ROUNDS);
        }
        let this_round =
            ValenciaMoment::ALL.iter().filter(|m| guild(m) && **m <= self.position.step).count() as u32;
        per_round * u32::from(self.position.round.saturating_sub(1)) + this_round
    }

    /// The fountain tiles built up to here (step I, one per round, p.9). Not started: five.
    pub fn fountain_tiles_built(&self) -> u32 {
        if !self.started {
            return u32::from(ROUNDS);
        }
        u32::from(self.position.round.saturating_sub(1)) + u32::from(self.position.step >= ValenciaMoment::I)
    }

    /// Where the tracker may go back to: the moment before, unless something was done where it
    /// stands (Undo takes that back, with the values it changed).
    pub fn previous(&self) -> Option<ValenciaPosition> {
        if self.is_done(self.position) {
            return None;
        }
        self.position.previous()
    }

    /// Checks a move of the tracker to `to`: the next moment, or [`Course::previous`].
    pub fn check_move(&self, to: ValenciaPosition) -> Result<(), Problem> {
        let here = self.position;
        if Some(to) == here.next() || Some(to) == self.previous() {
            return Ok(());
        }
        let at = here.at();
        let (fr, en) = match here.next() {
            Some(next) => {
                let n = next.at();
                (
                    format!("Le suivi est {} : la suite se joue {}", at.fr, n.fr),
                    format!("The tracker is {}: what comes next is {}", at.en, n.en),
                )
            }
            None => (
                format!("Le suivi est {} : la partie est finie, place au décompte final", at.fr),
                format!("The tracker is {}: the game is over, the final scoring comes next", at.en),
            ),
        };
        let back = if self.position.previous() == Some(to) && self.is_done(here) {
            (
                " ; ce qui a été appliqué ici s'annule avec « Annuler » (Ctrl+Z).".to_owned(),
                "; what was applied here is taken back with Undo (Ctrl+Z).".to_owned(),
            )
        } else {
            (
                " (les étapes se jouent dans l'ordre).".to_owned(),
                " (the steps are played in order).".to_owned(),
            )
        };
        Err(Problem {
            field: "step".to_owned(),
            code: "out_of_order".to_owned(),
            message: Text::new(format!("{fr}{}", back.0), format!("{en}{}", back.1)),
        })
    }

    /// The course problems of applying the auction being entered now: only at the tracker's
    /// step, once, and never behind what was done already.
    pub fn check_auction(&self, step: Option<ValenciaStep>) -> Option<Problem> {
        let here = self.position;
        let step = step?;
        let problem = |field: &str, code: &str, fr: String, en: String| {
            Some(Problem { field: field.to_owned(), code: code.to_owned(), message: Text::new(fr, en) })
        };
        if here.step.step() != Some(step) {
            let at = here.at();
            return problem(
                "progress.auction.step",
                "out_of_order",
                format!(
                    "Enchère de l'étape {} : le suivi est {} ; une enchère s'applique à l'étape où en est la manche (les étapes se jouent dans l'ordre).",
                    step.letter(),
                    at.fr
                ),
                format!(
                    "Auction of step {}: the tracker is {}; an auction is applied at the step the round is at (the steps are played in order).",
                    step.letter(),
                    at.en
                ),
            );
        }
        if self.is_done(here) && !self.auction_applied {
            return problem(
                "progress.auction.step",
                "auction_applied",
                format!("L'enchère de l'étape {} de cette manche est déjà appliquée.", step.letter()),
                format!("The auction of step {} of this round was applied already.", step.letter()),
            );
        }
        self.behind_what_was_done(here)
    }

    /// The course problems of counting the council phase now.
    pub fn check_council(&self) -> Option<Problem> {
        let here = self.position;
        if here.step != ValenciaMoment::Council {
            let at = here.at();
            return Some(Problem {
                field: "progress.step".to_owned(),
                code: "out_of_order".to_owned(),
                message: Text::new(
                    format!(
                        "Le suivi est {} : la phase du Conseil se compte après l'étape I, une fois la manche jouée (les phases se jouent dans l'ordre).",
                        at.fr
                    ),
                    format!(
                        "The tracker is {}: the council phase is counted after step I, once the round is played (the phases are played in order).",
                        at.en
                    ),
                ),
            });
        }
        self.behind_what_was_done(here)
    }

    fn behind_what_was_done(&self, here: ValenciaPosition) -> Option<Problem> {
        let last = self.last_done().filter(|&last| last > here)?;
        let (at, done) = (here.at(), last.at());
        Some(Problem {
            field: "progress.step".to_owned(),
            code: "out_of_order".to_owned(),
            message: Text::new(
                format!("Le suivi est {}, mais la table a déjà été jouée jusqu'{}.", at.fr, done.fr),
                format!(
                    "The tracker is {}, but the table was played up to {} already.",
                    at.en,
                    done.en.strip_prefix("at ").unwrap_or(&done.en)
                ),
            ),
        })
    }

    /// What the screen may offer now; `privileges_supply`, the privileges left in the supply.
    pub fn view(&self, privileges_supply: u32) -> ValenciaCourseView {
        let here = self.position;
        ValenciaCourseView {
            position: here,
            started: self.started,
            next: here.next(),
            previous: self.previous(),
            auction_step: here.step.step().filter(|s| s.is_auction()),
            council: here.step == ValenciaMoment::Council,
            done_here: self.is_done(here),
            privileges_supply,
        }
    }
}

/// What the course allows now (the screen offers only this).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaCourseView {
    pub position: ValenciaPosition,
    /// The tracker was moved or a helper used (see the course's doc): the position bounds the
    /// table's counts.
    pub started: bool,
    /// Where « next » goes (`None` after the fifth round's council: the final scoring).
    pub next: Option<ValenciaPosition>,
    /// Where « back » goes (`None` at the start, or when something was done here: Undo).
    pub previous: Option<ValenciaPosition>,
    /// The step an auction may be entered and applied for now (`None` at H, I and the council).
    pub auction_step: Option<ValenciaStep>,
    /// The tracker is at the council phase: the only moment it may be counted.
    pub council: bool,
    /// The auction of this step was applied, or this council phase counted: not again.
    pub done_here: bool,
    /// Privileges left in the supply: the box's 19 minus those the players hold.
    pub privileges_supply: u32,
}

/// The most council points a player can hold after `councils` phases: p.10 (Phase III), « autant
/// de points de prestige que de membres de votre famille qui se trouvent au Conseil », and the
/// council has 8 seats (Le Conseil, p.7), one member of a family on each at most.
pub fn council_points_after(councils: u32) -> u32 {
    councils.saturating_mul(ValenciaSeat::ALL.len() as u32)
}

/// VAL p.10 (Phase III): « Si vous êtes le joueur qui a le plus de membres de sa famille
/// au Conseil, vous recevez également un privilège » — the only way to get one, one per phase at
/// most, and setup gives none. Why `n` privileges cannot be held `at` a moment when only
/// `so_far` phases took place ([`councils_so_far`]).
pub fn more_privileges_than_councils(n: u32, at: &Text, so_far: &Text) -> Text {
    Text::new(
        format!(
            "{n} {} {} : chacun commence sans privilège et en reçoit au plus un par phase du Conseil ; {}.",
            fr_noun(n, "privilège", "privilèges"),
            at.fr,
            so_far.fr
        ),
        format!(
            "{n} {} {}: everyone starts with none and receives one per council phase at most; {}.",
            en_noun(n, "privilege", "privileges"),
            at.en,
            so_far.en
        ),
    )
}

/// « aucune phase du Conseil n'a encore eu lieu » / « 2 phases du Conseil ont eu lieu ».
pub fn councils_so_far(k: u32) -> Text {
    match k {
        0 => Text::new("aucune phase du Conseil n'a encore eu lieu", "no council phase has taken place yet"),
        k => Text::new(
            format!("{k} {} du Conseil {} eu lieu", fr_noun(k, "phase", "phases"), fr_noun(k, "a", "ont")),
            format!(
                "{k} council {} {} taken place",
                en_noun(k, "phase", "phases"),
                en_noun(k, "has", "have")
            ),
        ),
    }
}
