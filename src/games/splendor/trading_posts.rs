//! The Trading Posts module: the five powers of the Route to the Orient, what unlocks each, and
//! the prestige two of them give.
//!
//! Cités de Splendor, Les Comptoirs: at the end of your turn (right after a possible noble
//! visit) you put a flag on each power whose prerequisite you meet and keep the power to the
//! end of the game. Bonuses and nobles never go down in this module (no Orient cards here,
//! nothing is discarded), so "meets the prerequisite now" is "has a flag on it": the flags are
//! computed, not typed.

use serde::{Deserialize, Serialize};

use super::colour::{ColourCounts, bonus_list};
use crate::text::Text;

/// The five powers, in their order on the route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum PowerId {
    /// 3 red + 1 white: a gem after each purchase.
    GemAfterPurchase,
    /// 2 white: a gem of another colour when taking two of the same.
    ExtraGem,
    /// 3 blue + 1 black: each gold token is worth two gems of one colour.
    DoubleGold,
    /// 5 green + 1 noble: 5 prestige, once.
    FivePrestige,
    /// 3 black: 1 prestige per own flag on the route.
    FlagPrestige,
}

impl PowerId {
    /// The snake_case key, also the end of its rule entry id (`splendor.power.<key>`).
    pub fn key(self) -> &'static str {
        match self {
            PowerId::GemAfterPurchase => "gem_after_purchase",
            PowerId::ExtraGem => "extra_gem",
            PowerId::DoubleGold => "double_gold",
            PowerId::FivePrestige => "five_prestige",
            PowerId::FlagPrestige => "flag_prestige",
        }
    }

    /// A short name for lists (the box gives the powers none: named after their effect).
    pub fn name(self) -> Text {
        let (fr, en) = match self {
            PowerId::GemAfterPurchase => ("Gemme après achat", "Gem after purchase"),
            PowerId::ExtraGem => ("Gemme en plus", "Extra gem"),
            PowerId::DoubleGold => ("Or double", "Double gold"),
            PowerId::FivePrestige => ("Cinq prestiges", "Five prestige"),
            PowerId::FlagPrestige => ("Prestige des fanions", "Flag prestige"),
        };
        Text::new(fr, en)
    }
}

/// A power's prerequisite: bonuses (effective) and nobles owned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PowerRequirement {
    pub bonuses: ColourCounts,
    pub nobles: u32,
}

/// One power of the route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Power {
    pub id: PowerId,
    pub requirement: PowerRequirement,
}

const fn power(id: PowerId, bonuses: ColourCounts, nobles: u32) -> Power {
    Power { id, requirement: PowerRequirement { bonuses, nobles } }
}

/// The route, in board order (the rulebook's description order; its example calls the green
/// power the one before last and the black one the last). Prerequisites: Cités de Splendor,
/// Les Comptoirs, "Description des pouvoirs" (and FACT-SPL-C4, V2).
pub static POWERS: [Power; 5] = [
    power(PowerId::GemAfterPurchase, ColourCounts::new(1, 0, 0, 3, 0), 0),
    power(PowerId::ExtraGem, ColourCounts::new(2, 0, 0, 0, 0), 0),
    power(PowerId::DoubleGold, ColourCounts::new(0, 3, 0, 0, 1), 0),
    power(PowerId::FivePrestige, ColourCounts::new(0, 0, 5, 0, 0), 1),
    power(PowerId::FlagPrestige, ColourCounts::new(0, 0, 0, 0, 3), 0),
];

impl Power {
    /// Bonuses and nobles still missing to unlock it.
    pub fn missing(&self, bonuses: &ColourCounts, nobles: u32) -> (ColourCounts, u32) {
        (bonuses.short_of(&self.requirement.bonuses), self.requirement.nobles.saturating_sub(nobles))
    }

    pub fn requirement_text(&self) -> Text {
        let b = bonus_list(&self.requirement.bonuses);
        match self.requirement.nobles {
            0 => b,
            n => Text::new(
                format!("{} et {n} noble{}", b.fr, if n > 1 { "s" } else { "" }),
                format!("{} and {n} noble{}", b.en, if n > 1 { "s" } else { "" }),
            ),
        }
    }

    pub fn effect(&self) -> Text {
        let (fr, en) = match self.id {
            PowerId::GemAfterPurchase => (
                "Après chaque achat de carte, prenez une gemme (pas au tour où vous posez le fanion).",
                "After each card purchase, take a gem (not on the turn you place the flag).",
            ),
            PowerId::ExtraGem => (
                "Quand vous prenez 2 gemmes de même couleur, prenez aussi 1 gemme d'une autre couleur.",
                "When you take 2 gems of one colour, also take 1 gem of another colour.",
            ),
            PowerId::DoubleGold => (
                "À l'achat, chaque jeton Or vaut 2 gemmes d'une même couleur (il compte pour 1 jeton dans la limite de 10).",
                "When buying, each gold token is worth 2 gems of one same colour (it counts as 1 token towards the limit of 10).",
            ),
            PowerId::FivePrestige => (
                "5 points de prestige, une seule fois même avec plusieurs nobles.",
                "5 prestige points, once only even with several nobles.",
            ),
            PowerId::FlagPrestige => (
                "1 point de prestige par fanion à vous sur la route (celui-ci compris).",
                "1 prestige point per flag of yours on the route (this one included).",
            ),
        };
        Text::new(fr, en)
    }
}

/// The powers a player has unlocked, in route order.
pub fn unlocked(bonuses: &ColourCounts, nobles: u32) -> Vec<PowerId> {
    POWERS
        .iter()
        .filter(|p| {
            let (short, nobles_short) = p.missing(bonuses, nobles);
            short.is_zero() && nobles_short == 0
        })
        .map(|p| p.id)
        .collect()
}

/// Prestige from the powers: (green power, black power).
pub fn prestige(unlocked: &[PowerId]) -> (u32, u32) {
    // Les Comptoirs: green power, "Vous gagnez 5 points de Prestige", once even with several
    // nobles.
    let five = if unlocked.contains(&PowerId::FivePrestige) { 5 } else { 0 };
    // Les Comptoirs: black power, 1 prestige per own flag on the route; one flag per unlocked
    // power, this one included.
    let flags = if unlocked.contains(&PowerId::FlagPrestige) {
        u32::try_from(unlocked.len()).unwrap_or(0)
    } else {
        0
    };
    (five, flags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_prerequisite_at_its_boundary() {
        let with = |w, u, g, r, k| ColourCounts::new(w, u, g, r, k);
        assert_eq!(unlocked(&with(1, 0, 0, 3, 0), 0), vec![PowerId::GemAfterPurchase]);
        assert_eq!(unlocked(&with(0, 0, 0, 3, 0), 0), vec![], "no white");
        assert_eq!(unlocked(&with(2, 0, 0, 2, 0), 0), vec![PowerId::ExtraGem]);
        assert_eq!(unlocked(&with(0, 3, 0, 0, 1), 0), vec![PowerId::DoubleGold]);
        assert_eq!(unlocked(&with(0, 2, 0, 0, 1), 0), vec![]);
        assert_eq!(unlocked(&with(0, 0, 5, 0, 0), 1), vec![PowerId::FivePrestige]);
        assert_eq!(unlocked(&with(0, 0, 5, 0, 0), 0), vec![], "the green power needs a noble");
        assert_eq!(unlocked(&with(0, 0, 4, 0, 0), 3), vec![]);
        assert_eq!(unlocked(&with(0, 0, 0, 0, 3), 0), vec![PowerId::FlagPrestige]);
        assert_eq!(unlocked(&with(0, 0, 0, 0, 2), 0), vec![]);
    }

    #[test]
    fn green_counts_once_and_black_counts_every_flag() {
        assert_eq!(prestige(&[PowerId::FivePrestige]), (5, 0));
        assert_eq!(prestige(&[PowerId::FlagPrestige]), (0, 1), "its own flag");
        let all = POWERS.map(|p| p.id);
        assert_eq!(prestige(&all), (5, 5));
        assert_eq!(prestige(&[PowerId::ExtraGem, PowerId::DoubleGold]), (0, 0));
    }
}
