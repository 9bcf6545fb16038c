//! Les Cités de Splendor (Cities, Trading Posts, Orient, Strongholds). Rulebook:
//! `003_a2b3ede045789b20.txt`.
//!
//! Scored with the generic sheet until the module table states land.

use super::{CategoryInfo, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText, VariantInfo, sheet};

const fn module(id: &'static str, fr: &'static str, en: &'static str) -> VariantInfo {
    VariantInfo {
        id,
        label: StaticText { fr, en },
        min_players: 2,
        max_players: 4,
        mode: PlayMode::Competitive,
    }
}

pub static INFO: GameInfo = GameInfo {
    id: GameId::Splendor,
    name: "Les Cités de Splendor",
    variant_label: StaticText { fr: "Module", en: "Module" },
    // Les Cités de Splendor: the four modules, each played on its own.
    variants: &[
        module("cities", "Les Cités", "Cities"),
        module("trading_posts", "Les Comptoirs", "Trading Posts"),
        module("orient", "L'Orient", "The Orient"),
        module("strongholds", "Les Bastions", "Strongholds"),
    ],
    categories: &[
        CategoryInfo {
            key: "cards",
            label: StaticText { fr: "Prestige des cartes", en: "Card prestige" },
            source: "003_a2b3ede045789b20.txt",
            negative: false,
        },
        CategoryInfo {
            key: "nobles",
            label: StaticText { fr: "Nobles", en: "Nobles" },
            source: "003_a2b3ede045789b20.txt",
            negative: false,
        },
        CategoryInfo {
            key: "powers",
            label: StaticText { fr: "Pouvoirs des comptoirs", en: "Trading post powers" },
            source: "003_a2b3ede045789b20.txt, Les Comptoirs",
            negative: false,
        },
    ],
    table_schema_version: 1,
};

/// Scores a generic sheet. Splendor's tie-break (fewest development cards) needs the card count,
/// which the generic sheet does not hold, so a tie is shown as shared until the module states
/// land.
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    let sheet = sheet::validate(&INFO, &sheet::parse(raw)?)?;
    Ok(sheet::score(&sheet))
}
