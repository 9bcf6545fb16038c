//! Valencia (Stefan Feld City Collection 9). Rulebook: `000_88d49a4ead267029.txt`.
//!
//! Scored with the generic sheet and the rulebook's five end-scoring categories until the
//! Valencia table state (members, palms, fountains, missions…) lands.

use super::{
    Better, CategoryInfo, Criterion, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText,
    VariantInfo, sheet,
};
use crate::text::Text;

pub static INFO: GameInfo = GameInfo {
    id: GameId::Valencia,
    name: "Valencia",
    variant_label: StaticText { fr: "Module", en: "Module" },
    variants: &[
        VariantInfo {
            id: "base",
            label: StaticText { fr: "Jeu de base", en: "Base game" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Competitive,
        },
        VariantInfo {
            id: "special_influence",
            label: StaticText { fr: "Cartes Influence spéciales", en: "Special influence cards" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Competitive,
        },
    ],
    // Valencia: prestige from the council phases during the game (phase III), then the five
    // categories of the final scoring (p.10–11), in the book's order.
    categories: &[
        CategoryInfo {
            key: "council",
            label: StaticText { fr: "Points du Conseil", en: "Council points" },
            source: "000_88d49a4ead267029.txt, Phase III",
            negative: false,
        },
        CategoryInfo {
            key: "city",
            label: StaticText { fr: "Membres dans la ville", en: "Members in the city" },
            source: "000_88d49a4ead267029.txt, p.10",
            negative: false,
        },
        CategoryInfo {
            key: "palms",
            label: StaticText { fr: "Palmiers", en: "Palms" },
            source: "000_88d49a4ead267029.txt, p.10",
            negative: false,
        },
        CategoryInfo {
            key: "fountains",
            label: StaticText { fr: "Fontaines", en: "Fountains" },
            source: "000_88d49a4ead267029.txt, p.10",
            negative: false,
        },
        CategoryInfo {
            key: "privileges",
            label: StaticText { fr: "Privilèges inutilisés", en: "Unused privileges" },
            source: "000_88d49a4ead267029.txt, p.11",
            negative: false,
        },
        CategoryInfo {
            key: "missions_completed",
            label: StaticText { fr: "Missions réussies", en: "Missions completed" },
            source: "000_88d49a4ead267029.txt, p.11",
            negative: false,
        },
        CategoryInfo {
            key: "missions_failed",
            label: StaticText { fr: "Missions échouées", en: "Missions failed" },
            source: "000_88d49a4ead267029.txt, p.11",
            negative: true,
        },
    ],
    table_schema_version: 1,
};

/// Scores a generic sheet. Valencia, p.11: a tie goes to the player with more family members
/// in the city (1 city point each, so the `city` category), then more coins, else shared; the
/// generic sheet has no coins, so a tie it cannot settle by the city is shown as shared.
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    let sheet = sheet::validate(&INFO, &sheet::parse(raw)?)?;
    let city = INFO.categories.iter().position(|c| c.key == "city").unwrap_or(0);
    let criteria = [Criterion {
        key: "city",
        label: Text::new("membres dans la ville", "members in the city"),
        better: Better::Higher,
        values: sheet.players.iter().map(|p| p.points.get(city).copied().unwrap_or(0)).collect(),
    }];
    Ok(sheet::score_with(&sheet, &criteria))
}

/// Live help for a Valencia table. Nothing yet: the generic sheet has no table to help with.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaHelp {}

/// The live help for a table state (none for the generic sheet).
pub fn help(raw: &serde_json::Value) -> Result<ValenciaHelp, Problems> {
    score(raw).map(|_| ValenciaHelp {})
}
