//! The game catalogue, as the New play and Play screens need it.

use greffier::games::{GameId, GameInfo, PlayMode};
use greffier::text::Text;
use serde::Serialize;

use crate::error::CmdResult;

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct GameSummary {
    pub id: GameId,
    pub name: String,
    /// What this game's variants are called (module, rules, scenario).
    pub variant_label: Text,
    pub variants: Vec<VariantSummary>,
    pub categories: Vec<CategorySummary>,
    pub table_schema_version: u32,
}

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct VariantSummary {
    pub id: String,
    pub label: Text,
    pub min_players: u8,
    pub max_players: u8,
    pub mode: PlayMode,
    /// The score categories this variant uses (empty: all of them).
    pub categories: Vec<String>,
}

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct CategorySummary {
    pub key: String,
    pub label: Text,
    pub source: String,
    pub negative: bool,
}

impl From<&GameInfo> for GameSummary {
    fn from(info: &GameInfo) -> GameSummary {
        GameSummary {
            id: info.id,
            name: info.name.to_owned(),
            variant_label: info.variant_label.to_text(),
            variants: info
                .variants
                .iter()
                .map(|v| VariantSummary {
                    id: v.id.to_owned(),
                    label: v.label.to_text(),
                    min_players: v.min_players,
                    max_players: v.max_players,
                    mode: v.mode,
                    categories: v.categories.iter().map(|c| (*c).to_owned()).collect(),
                })
                .collect(),
            categories: info
                .categories
                .iter()
                .map(|c| CategorySummary {
                    key: c.key.to_owned(),
                    label: c.label.to_text(),
                    source: c.source.to_owned(),
                    negative: c.negative,
                })
                .collect(),
            table_schema_version: info.table_schema_version,
        }
    }
}

#[tauri::command]
#[specta::specta]
pub async fn list_games() -> CmdResult<Vec<GameSummary>> {
    Ok(GameId::ALL.iter().map(|g| GameSummary::from(g.info())).collect())
}

/// Les Cités de Splendor's cards as the play screen lists them: city faces, Orient cards,
/// trading-post powers, each with its rule entry.
#[tauri::command]
#[specta::specta]
pub async fn splendor_catalogue() -> CmdResult<greffier::games::splendor::CardCatalogue> {
    Ok(greffier::games::splendor::catalogue())
}

/// A game's setup checklist for a variant (rule profile, module, scenario) and a player count
/// (`ninth_character`: Citadelles 2e édition with a rank-9 character).
#[tauri::command]
#[specta::specta]
pub async fn setup_checklist(
    game: GameId,
    variant: String,
    players: u8,
    ninth_character: bool,
) -> CmdResult<Vec<greffier::games::SetupStep>> {
    Ok(greffier::games::setup_checklist(game, &variant, players, ninth_character)?)
}

/// Citadelles' districts, wonders and characters for both rule profiles, each with its rule
/// entry.
#[tauri::command]
#[specta::specta]
pub async fn citadelles_catalogue() -> CmdResult<greffier::games::citadelles::CitadellesCatalogue> {
    Ok(greffier::games::citadelles::catalogue())
}
