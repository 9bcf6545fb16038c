//! Orléans: Invasion and its six scenarios. Rulebook: `001_0ac7b0875d5760ba.txt`; base-game
//! scoring facts in `shared/reference/game-facts.md` §D.
//!
//! Scored with the generic sheet until the scenario table states land.

use super::{CategoryInfo, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText, VariantInfo, sheet};

pub static INFO: GameInfo = GameInfo {
    id: GameId::Orleans,
    name: "Orléans: Invasion",
    variant_label: StaticText { fr: "Scénario", en: "Scenario" },
    // Orléans: Invasion, p.1 (table of contents): the six scenarios and their player counts.
    variants: &[
        VariantInfo {
            id: "prosperite",
            label: StaticText { fr: "Prospérité", en: "Golden Age" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Competitive,
        },
        VariantInfo {
            id: "invasion",
            label: StaticText { fr: "Invasion", en: "Invasion" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Coop,
        },
        VariantInfo {
            id: "duel",
            label: StaticText { fr: "Le duel", en: "The Duel" },
            min_players: 2,
            max_players: 2,
            mode: PlayMode::ObjectiveRace,
        },
        VariantInfo {
            id: "dignitaire",
            label: StaticText { fr: "Le dignitaire", en: "The Dignitary" },
            min_players: 1,
            max_players: 1,
            mode: PlayMode::Solo,
        },
        VariantInfo {
            id: "vierzon",
            label: StaticText { fr: "Vierzon la capitale", en: "Vierzon the Capital" },
            min_players: 1,
            max_players: 1,
            mode: PlayMode::Solo,
        },
        VariantInfo {
            id: "marchand",
            label: StaticText { fr: "Marchand itinérant", en: "Travelling Merchant" },
            min_players: 1,
            max_players: 1,
            mode: PlayMode::Solo,
        },
    ],
    // Orléans: Invasion, Prospérité "Fin de la partie et calcul des scores": base points
    // (coins, goods, development) plus completed buildings.
    categories: &[
        CategoryInfo {
            key: "coins",
            label: StaticText { fr: "Pièces", en: "Coins" },
            source: "001_0ac7b0875d5760ba.txt, Prospérité, Fin de la partie",
            negative: false,
        },
        CategoryInfo {
            key: "goods",
            label: StaticText { fr: "Marchandises", en: "Goods" },
            source: "001_0ac7b0875d5760ba.txt, Prospérité, Fin de la partie",
            negative: false,
        },
        CategoryInfo {
            key: "development",
            label: StaticText { fr: "Développement", en: "Development" },
            source: "001_0ac7b0875d5760ba.txt, Prospérité, Fin de la partie",
            negative: false,
        },
        CategoryInfo {
            key: "buildings",
            label: StaticText { fr: "Bâtiments complétés", en: "Completed buildings" },
            source: "001_0ac7b0875d5760ba.txt, Prospérité, Fin de la partie",
            negative: false,
        },
    ],
    table_schema_version: 1,
};

/// Scores a generic sheet (with the typed result for co-op and solo scenarios).
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    sheet::score_raw(&INFO, raw)
}

/// Live help for a Orléans table. Nothing yet: the generic sheet has no table to help with.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansHelp {}

/// The live help for a table state (none for the generic sheet).
pub fn help(raw: &serde_json::Value) -> Result<OrleansHelp, Problems> {
    score(raw).map(|_| OrleansHelp {})
}
