//! The rules catalogue.

use greffier::games::GameId;
use greffier::rules::{RuleHit, RuleKind, RuleSearch, SearchFilter};
use greffier::text::Text;
use serde::Serialize;
use tauri::State;

use crate::error::{CmdResult, CommandError, ErrorKind};
use crate::state::AppState;

/// A rule entry with the titles of its related entries, ready to show.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct RuleView {
    pub id: String,
    pub game: Option<GameId>,
    pub kind: RuleKind,
    pub title: Text,
    pub body: Text,
    pub source: String,
    pub related: Vec<RelatedRule>,
    /// The rule profiles / modules / scenarios it is about (empty: all).
    pub variants: Vec<String>,
}

#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct RelatedRule {
    pub id: String,
    pub title: Text,
}

#[tauri::command]
#[specta::specta]
pub async fn search_rules(
    state: State<'_, AppState>,
    query: String,
    filter: SearchFilter,
) -> CmdResult<RuleSearch> {
    state
        .catalogue()?
        .lookup(&query, &filter)
        .map_err(|e| CommandError::new(ErrorKind::Internal, e.to_string()))
}

/// Every entry passing the filter (no query): the glossary, a game's clarifications…
#[tauri::command]
#[specta::specta]
pub async fn list_rules(state: State<'_, AppState>, filter: SearchFilter) -> CmdResult<Vec<RuleHit>> {
    Ok(state.catalogue()?.list(&filter))
}

#[tauri::command]
#[specta::specta]
pub async fn get_rule(state: State<'_, AppState>, id: String) -> CmdResult<RuleView> {
    let catalogue = state.catalogue()?;
    let entry = catalogue
        .get(&id)
        .ok_or_else(|| CommandError::new(ErrorKind::NotFound, format!("no rule entry `{id}`")))?;
    Ok(RuleView {
        id: entry.id.clone(),
        game: entry.game,
        kind: entry.kind,
        title: entry.title.clone(),
        body: entry.body.clone(),
        source: entry.source.clone(),
        related: entry
            .related
            .iter()
            .filter_map(|r| catalogue.get(r))
            .map(|r| RelatedRule { id: r.id.clone(), title: r.title.clone() })
            .collect(),
        variants: entry.variants.clone(),
    })
}
