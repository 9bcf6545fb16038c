//! Citadelles. Rulebooks: `004_0cbb91c0cafc3902.txt` (classique, the default profile) and
//! `002_9c78f9e2477c434f.txt` (2e édition).
//!
//! Scored with the generic sheet and the rulebooks' scoring items until the district-based
//! table state lands.

use super::{CategoryInfo, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText, VariantInfo, sheet};

pub static INFO: GameInfo = GameInfo {
    id: GameId::Citadelles,
    name: "Citadelles",
    variant_label: StaticText { fr: "Règles", en: "Rules" },
    variants: &[
        // Classique: 2–7 players (004, "Règles pour 2 et 3 joueurs").
        VariantInfo {
            id: "classique",
            label: StaticText { fr: "Classique", en: "Classic" },
            min_players: 2,
            max_players: 7,
            mode: PlayMode::Competitive,
        },
        // 2e édition: up to 8 with the ninth character (002).
        VariantInfo {
            id: "deuxieme_edition",
            label: StaticText { fr: "2e édition", en: "2nd edition" },
            min_players: 2,
            max_players: 8,
            mode: PlayMode::Competitive,
        },
    ],
    // Citadelles classique, "Fin de partie": the scoring items, in the book's order.
    categories: &[
        CategoryInfo {
            key: "districts",
            label: StaticText { fr: "Coût des quartiers", en: "District costs" },
            source: "004_0cbb91c0cafc3902.txt, Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "five_types",
            label: StaticText { fr: "Cinq types", en: "Five types" },
            source: "004_0cbb91c0cafc3902.txt, Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "first_complete",
            label: StaticText { fr: "Première cité complète", en: "First complete city" },
            source: "004_0cbb91c0cafc3902.txt, Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "complete",
            label: StaticText { fr: "Cité complète", en: "Complete city" },
            source: "004_0cbb91c0cafc3902.txt, Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "wonders",
            label: StaticText { fr: "Bonus des merveilles", en: "Wonder bonuses" },
            source: "004_0cbb91c0cafc3902.txt, Fin de partie",
            negative: false,
        },
    ],
    table_schema_version: 1,
};

/// Scores a generic sheet. The classic tie-break (highest character revealed in the last round)
/// needs the round log, so until then a tie is shown as shared.
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    let sheet = sheet::validate(&INFO, &sheet::parse(raw)?)?;
    Ok(sheet::score(&sheet))
}
