//! The generic per-category score sheet: players type the points of each category of their
//! game's end scoring and the sheet adds them up and ranks. It is what every game scores until
//! its own table state (computed from what is on the table) replaces it.
//!
//! ```json
//! { "sheet": "generic", "variant": "base",
//!   "players": [ { "name": "Ani", "points": { "city": 6, "palms": 5 } } ],
//!   "result": { "won": true, "round_reached": 14 } }
//! ```
//! `sheet: "generic"` says which shape this is: a table is never taken for a sheet because of
//! one stray key. `result` is only read for co-op, solo and objective-race variants. Points
//! keep the sign of their category (a category counted against the player is 0 or less, the
//! others 0 or more). Unknown fields are reported.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::input::{PlayedBy, VariantWord};
use super::{
    CategoryInfo, CategoryScore, Criterion, GameId, GameInfo, Outcome, PlayFacts, PlayMode, PlayerScore,
    Problems, Scoreboard, VariantInfo, input, rank,
};
use crate::text::Text;

/// Points in one category above this (or below its opposite) are refused as absurd.
pub const MAX_CATEGORY_POINTS: i64 = 999;
pub use super::input::MAX_NAME_CHARS;

/// The sheet as typed: nothing checked yet.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RawSheet {
    /// `generic`: the marker of this shape.
    #[serde(default)]
    pub sheet: Option<String>,
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub players: Vec<RawSheetPlayer>,
    #[serde(default)]
    pub result: Option<RawResult>,
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_json::Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RawSheetPlayer {
    #[serde(default)]
    pub name: String,
    /// Category key → points. Values are JSON so that a wrong type is reported on its field.
    #[serde(default)]
    pub points: BTreeMap<String, serde_json::Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_json::Value>,
}

/// How a co-op or solo game ended, as typed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RawResult {
    #[serde(default)]
    pub won: Option<bool>,
    #[serde(default)]
    pub round_reached: Option<serde_json::Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_json::Value>,
}

/// A sheet whose every value was checked against its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    pub game: &'static GameInfo,
    pub variant: &'static VariantInfo,
    pub players: Vec<SheetPlayer>,
    pub outcome: Outcome,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetPlayer {
    pub name: String,
    /// One entry per category of the game, in the game's order (0 when not typed).
    pub points: Vec<i32>,
}

/// The marker of this shape: `"sheet": "generic"`.
pub const GENERIC: &str = "generic";

/// A generic sheet holds totals by category, no table: no helper can answer about it (the live
/// help, Orléans' events and goals).
pub fn no_live_help(game: &'static GameInfo) -> Problems {
    let mut p = Problems::new();
    p.push(
        "sheet",
        "legacy_sheet",
        Text::new(
            format!("Feuille de points simple de {} : pas d'aide de partie sur des totaux.", game.name),
            format!("Simple score sheet of {}: no table help from totals.", game.name),
        ),
    );
    p
}

/// Whether `raw` says it is a generic sheet (`"sheet": "generic"`). The shape is chosen by that
/// marker, never guessed from a key.
pub fn is_generic(raw: &serde_json::Value) -> bool {
    raw.get("sheet").and_then(serde_json::Value::as_str) == Some(GENERIC)
}

/// States saved before the marker existed were recognised by their shape (some player has
/// `points`; for Orléans also a state without `round`): gives such a state its marker, so it
/// still scores as it always did. Used once on stored states (migration 5) and on older
/// backups; nothing typed today is guessed.
pub fn mark_legacy(game: GameId, raw: &mut serde_json::Value) -> bool {
    if raw.get("sheet").is_some() {
        return false;
    }
    let has_points = raw
        .get("players")
        .and_then(serde_json::Value::as_array)
        .is_some_and(|players| players.iter().any(|p| p.get("points").is_some()));
    let legacy = has_points || (game == GameId::Orleans && raw.get("round").is_none());
    match raw.as_object_mut() {
        Some(obj) if legacy => {
            obj.insert("sheet".to_owned(), serde_json::Value::String(GENERIC.to_owned()));
            true
        }
        _ => false,
    }
}

/// Parses, validates and scores a generic sheet for `game` (ties shared: the sheet holds no
/// tie-break data).
pub fn score_raw(game: &'static GameInfo, raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    Ok(score(&validate(game, &parse(raw)?)?))
}

/// Reads a JSON value as a raw sheet, reporting a wrong shape as a problem with its field.
pub fn parse(raw: &serde_json::Value) -> Result<RawSheet, Problems> {
    // Eight seats at most in any of the four games.
    input::from_table(raw, 8, "Greffier")
}

/// Checks a raw sheet against `game`, reporting every problem with its field.
pub fn validate(game: &'static GameInfo, raw: &RawSheet) -> Result<Sheet, Problems> {
    let mut problems = Problems::new();
    check_shape(game, raw, &mut problems);
    let variant = check_variant(game, raw.variant.as_deref(), &mut problems);
    if let Some(v) = variant {
        let who = PlayedBy::of_variant(game, v);
        let count = raw.players.len();
        input::player_count(&mut problems, "players", &who, v.min_players, v.max_players, count);
    }
    let names: Vec<&str> = raw.players.iter().map(|p| p.name.as_str()).collect();
    input::player_names(&mut problems, &names);
    let players =
        raw.players.iter().enumerate().map(|(i, p)| check_player(game, i, p, &mut problems)).collect();
    let outcome = match variant.map(|v| v.mode) {
        None | Some(PlayMode::Competitive) => Outcome::Points,
        Some(mode) => check_result(mode, raw.result.clone().unwrap_or_default(), &mut problems),
    };
    if matches!(outcome, Outcome::Solo { round_reached: 0, .. }) {
        problems.push(
            "result.round_reached",
            "missing",
            Text::new("Indiquez la manche atteinte.", "Give the round reached."),
        );
    }
    let variant = variant.unwrap_or_else(|| game.default_variant());
    problems.into_result(Sheet { game, variant, players, outcome })
}

/// The `generic` marker and the fields this shape does not know, top level then `result`.
fn check_shape(game: &'static GameInfo, raw: &RawSheet, problems: &mut Problems) {
    if raw.sheet.as_deref().is_some_and(|s| s != GENERIC) {
        problems.push(
            "sheet",
            "unknown_sheet",
            Text::new("Seule la feuille « generic » existe.", "Only the “generic” sheet exists."),
        );
    }
    for key in raw.other.keys() {
        input::unknown_field(problems, key.clone(), key, game.name);
    }
    if let Some(result) = &raw.result {
        for key in result.other.keys() {
            input::unknown_field(problems, format!("result.{key}"), key, game.name);
        }
    }
}

/// The variant typed, or the game's default when none is; `None` when it is unknown.
fn check_variant(
    game: &'static GameInfo,
    typed: Option<&str>,
    problems: &mut Problems,
) -> Option<&'static VariantInfo> {
    let id = match typed {
        None | Some("") => return Some(game.default_variant()),
        Some(id) => id,
    };
    let found = game.variant(id);
    if found.is_none() {
        let known: Vec<&str> = game.variants.iter().map(|v| v.id).collect();
        input::unknown_variant(problems, "variant", VariantWord::VARIANT, id, Some(game.name), &known);
    }
    found
}

/// One player's name, unknown fields and points, one entry per category of the game.
fn check_player(
    game: &'static GameInfo,
    i: usize,
    player: &RawSheetPlayer,
    problems: &mut Problems,
) -> SheetPlayer {
    for key in player.other.keys() {
        input::unknown_field(problems, format!("players[{i}].{key}"), key, game.name);
    }
    let mut points = vec![0i32; game.categories.len()];
    for (key, value) in &player.points {
        let field = format!("players[{i}].points.{key}");
        let Some(slot) = game.categories.iter().position(|c| c.key == key) else {
            let known = game.categories.iter().map(|c| c.key).collect::<Vec<_>>().join(", ");
            problems.push(
                field,
                "unknown_category",
                Text::new(
                    format!("Catégorie inconnue « {key} » pour {} (connues : {known}).", game.name),
                    format!("Unknown category “{key}” for {} (known: {known}).", game.name),
                ),
            );
            continue;
        };
        let (Some(category), Some(point)) = (game.categories.get(slot), points.get_mut(slot)) else {
            continue;
        };
        if let Some(typed) = check_category_points(category, field, value, problems) {
            *point = typed;
        }
    }
    SheetPlayer { name: player.name.trim().to_owned(), points }
}

/// The points typed in one category: empty (`null`) is 0; a whole number of the category's
/// sign, within ±[`MAX_CATEGORY_POINTS`].
fn check_category_points(
    category: &CategoryInfo,
    field: String,
    value: &serde_json::Value,
    problems: &mut Problems,
) -> Option<i32> {
    let n = match value {
        serde_json::Value::Null => return None,
        serde_json::Value::Number(n) => n,
        other => {
            problems.push(field, "not_an_integer", not_an_integer(&other.to_string()));
            return None;
        }
    };
    let Some(v) = n.as_i64() else {
        problems.push(field, "not_an_integer", not_an_integer(&value.to_string()));
        return None;
    };
    let label = category.label;
    // A category counted against the player holds 0 or less, the others 0 or more.
    if v < 0 && !category.negative {
        let text = Text::new(
            format!("{} ne peut pas être négatif ({v}).", label.fr),
            format!("{} cannot be negative ({v}).", label.en),
        );
        problems.push(field, "wrong_sign", text);
        return None;
    }
    if v > 0 && category.negative {
        let text = Text::new(
            format!("{} se compte en négatif ({v} saisi).", label.fr),
            format!("{} counts against the player ({v} typed).", label.en),
        );
        problems.push(field, "wrong_sign", text);
        return None;
    }
    if !(-MAX_CATEGORY_POINTS..=MAX_CATEGORY_POINTS).contains(&v) {
        let v = crate::text::number(v);
        problems.push(
            field,
            "out_of_range",
            Text::new(
                format!(
                    "{} : {v} points, hors limites (de −{MAX_CATEGORY_POINTS} à {MAX_CATEGORY_POINTS}).",
                    label.fr
                ),
                format!(
                    "{}: {v} points, out of range (−{MAX_CATEGORY_POINTS} to {MAX_CATEGORY_POINTS}).",
                    label.en
                ),
            ),
        );
        return None;
    }
    // In range, so it fits an i32.
    Some(i32::try_from(v).unwrap_or_default())
}

/// How a co-op, solo or objective-race play ended: whether it was won (but an objective race
/// has no loss) and the round reached.
fn check_result(mode: PlayMode, result: RawResult, problems: &mut Problems) -> Outcome {
    let round = check_round_reached(result.round_reached.as_ref(), problems);
    if result.won.is_none() && mode != PlayMode::ObjectiveRace {
        problems.push(
            "result.won",
            "missing",
            Text::new("Indiquez si la partie est gagnée ou perdue.", "Say whether the game was won or lost."),
        );
    }
    let won = result.won.unwrap_or(false);
    match mode {
        PlayMode::Coop => Outcome::Coop { won, in_progress: false, round_reached: round },
        PlayMode::Solo => Outcome::Solo { won, in_progress: false, round_reached: round.unwrap_or(0) },
        _ => Outcome::ObjectiveRace { round_reached: round.unwrap_or(0) },
    }
}

/// The round reached, 1 to 30, when typed.
fn check_round_reached(typed: Option<&serde_json::Value>, problems: &mut Problems) -> Option<u8> {
    let v = match typed {
        None | Some(serde_json::Value::Null) => return None,
        Some(v) => v,
    };
    match v.as_u64() {
        Some(r) if (1..=30).contains(&r) => Some(u8::try_from(r).unwrap_or(u8::MAX)),
        _ => {
            problems.push(
                "result.round_reached",
                "out_of_range",
                Text::new(
                    format!("Manche atteinte invalide : {v} (de 1 à 30)."),
                    format!("Invalid round reached: {v} (1 to 30)."),
                ),
            );
            None
        }
    }
}

fn not_an_integer(got: &str) -> Text {
    Text::new(
        format!("Un nombre entier de points est attendu, pas {got}."),
        format!("A whole number of points is expected, not {got}."),
    )
}

/// Adds up each player's categories and ranks them. The generic sheet knows no tie-break:
/// equal totals share their place (each game's own scoring brings its official tie-break).
pub fn score(sheet: &Sheet) -> Scoreboard {
    score_with(sheet, &[])
}

/// Like [`score`], settling equal totals with `criteria`.
pub fn score_with(sheet: &Sheet, criteria: &[Criterion]) -> Scoreboard {
    let names: Vec<String> = sheet.players.iter().map(|p| p.name.clone()).collect();
    let totals: Vec<i32> = sheet.players.iter().map(|p| p.points.iter().sum()).collect();
    let (ranks, tie_breaks) = rank(&names, &totals, criteria);
    let players = sheet
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| PlayerScore {
            seat: u8::try_from(seat).unwrap_or(u8::MAX),
            name: p.name.clone(),
            total: Some(totals[seat]),
            categories: sheet
                .game
                .categories
                .iter()
                .zip(&p.points)
                .map(|(c, &points)| CategoryScore {
                    key: Cow::Borrowed(c.key),
                    points,
                    detail: crate::games::Detail::from(Text::new(
                        format!("{points} points saisis ({}).", c.label.fr),
                        format!("{points} points entered ({}).", c.label.en),
                    )),
                })
                .collect(),
            rank: ranks[seat],
            winner: match sheet.outcome {
                Outcome::Points | Outcome::ObjectiveRace { .. } => ranks[seat] == 1,
                Outcome::Coop { won, .. } | Outcome::Solo { won, .. } => won,
            },
        })
        .collect();
    Scoreboard {
        game: sheet.game.id,
        variant: sheet.variant.id.to_owned(),
        outcome: sheet.outcome,
        players,
        tie_breaks,
        facts: PlayFacts::default(),
    }
}
