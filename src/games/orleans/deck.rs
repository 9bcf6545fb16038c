//! Invasion's event deck: the 31 hourglass tiles (16 A, 14 B, 1 C), drawn with a seeded,
//! portable generator (ChaCha8: the same seed gives the same order on every machine).

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::INFO;
use super::catalogue::OrleansScenario;
use super::catalogue::{INVASION_A, INVASION_B, INVASION_C};
use crate::games::Problems;
use crate::games::input::{self, PlayedBy};
use crate::text::Text;

/// Tiles drawn from stacks A and B (Invasion, Mise en place: 9 A + 8 B at 2–3 players, 8 A + 7
/// B at 4–5).
pub fn draw_counts(players: usize) -> (u8, u8) {
    if players <= 3 { (9, 8) } else { (8, 7) }
}

/// What the group decides before drawing.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansDeckPlan {
    pub players: u8,
    /// Tile ids put back in the box before the draw (e.g. the ⚡ tiles), A or B.
    #[serde(default)]
    pub set_aside: Vec<String>,
    /// Invasion, Mise en place (remarque): keep every ⚡ tile and remove Soutien and
    /// Entraînement.
    #[serde(default)]
    pub hard_mode: bool,
}

/// The drawn deck, top first: the A tiles, then the B tiles, then Invasion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansDeck {
    pub seed: u32,
    pub order: Vec<String>,
}

/// Hard mode removes these two friendly tiles.
pub const HARD_MODE_REMOVED: [&str; 2] = ["soutien", "entrainement"];

/// Builds the deck for `plan` from `seed`. Problems: unknown or repeated set-aside ids, a set
/// aside stack too small for the draw, or a player count outside 2–5.
/// The tiles that can come up at `position` (0-based) of a deck whose first tiles are `entered`,
/// with the stack they come from. Invasion, Mise en place: « piochez 9 tuiles de la pile A et 8
/// de la pile B » (8 and 7 at 4–5 players), A over B over the Invasion tile; a tile set aside or
/// removed by the hard mode never comes up, and each tile exists once.
pub fn tiles_possible(
    players: usize,
    entered: &[&str],
    set_aside: &[String],
    hard_mode: bool,
) -> (char, Vec<&'static str>) {
    let (need_a, need_b) = draw_counts(players);
    let position = entered.len();
    let (stack, tiles) = if position < usize::from(need_a) {
        ('A', INVASION_A)
    } else if position < usize::from(need_a) + usize::from(need_b) {
        ('B', INVASION_B)
    } else {
        ('C', INVASION_C)
    };
    let possible = tiles
        .iter()
        .copied()
        .filter(|t| !entered.contains(t))
        .filter(|t| !set_aside.iter().any(|s| s == t))
        .filter(|t| !(hard_mode && HARD_MODE_REMOVED.contains(t)))
        .collect();
    (stack, possible)
}

pub fn build_deck(plan: &OrleansDeckPlan, seed: u32) -> Result<OrleansDeck, Problems> {
    let mut p = Problems::new();
    let players = usize::from(plan.players);
    if let Some(v) = INFO.variant(OrleansScenario::Invasion.id()) {
        let who = PlayedBy::new(v.label.fr, v.label.en);
        input::player_count(&mut p, "players", &who, v.min_players, v.max_players, players);
    }
    for (i, id) in plan.set_aside.iter().enumerate() {
        let known = INVASION_A.contains(&id.as_str()) || INVASION_B.contains(&id.as_str());
        if !known {
            p.push(
                format!("set_aside[{i}]"),
                "unknown_tile",
                Text::new(
                    format!("« {id} » n'est pas une tuile des piles A ou B."),
                    format!("“{id}” is not a tile of stack A or B."),
                ),
            );
        } else if plan.set_aside.iter().take(i).any(|o| o == id) {
            p.push(
                format!("set_aside[{i}]"),
                "duplicate_tile",
                Text::new(format!("« {id} » est écartée deux fois."), format!("“{id}” is set aside twice.")),
            );
        }
    }
    let removed = |id: &&str| {
        plan.set_aside.iter().any(|s| s == id) || (plan.hard_mode && HARD_MODE_REMOVED.contains(id))
    };
    let mut a: Vec<&str> = INVASION_A.iter().copied().filter(|id| !removed(id)).collect();
    let mut b: Vec<&str> = INVASION_B.iter().copied().filter(|id| !removed(id)).collect();
    let (need_a, need_b) = draw_counts(players);
    for (stack, left, need) in [("A", a.len(), need_a), ("B", b.len(), need_b)] {
        if left < usize::from(need) {
            p.push(
                "set_aside",
                "stack_too_small",
                Text::new(
                    format!("La pile {stack} n'a plus que {left} tuiles ; il en faut {need}."),
                    format!("Stack {stack} has only {left} tiles left; {need} are needed."),
                ),
            );
        }
    }
    if !p.is_empty() {
        return Err(p);
    }
    // Invasion, Mise en place: A and B are shuffled separately, drawn face down, then stacked
    // A over B over C.
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(seed));
    a.shuffle(&mut rng);
    b.shuffle(&mut rng);
    let order = a
        .into_iter()
        .take(usize::from(need_a))
        .chain(b.into_iter().take(usize::from(need_b)))
        .chain(INVASION_C.iter().copied())
        .map(str::to_owned)
        .collect();
    Ok(OrleansDeck { seed, order })
}
