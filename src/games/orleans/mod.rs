//! Orléans: Invasion and its six scenarios. Rulebook: `ORL` (`docs/sources.md`); base-game
//! facts in `docs/facts.md` (Orléans); decisions: `docs/decisions.md` (Orléans).
//!
//! # Table state (schema version 4)
//!
//! ```json
//! { "variant": "dignitaire", "round": 5,
//!   "options": { "easy": false },
//!   "players": [
//!     { "name": "Ani", "coins": 3, "goods": { "grain": 1, "wine": 2 },
//!       "trading_posts": 2, "technology": 1, "development_points": 5, "citizens": 4 } ],
//!   "log": [ { "round": 4, "event": "pelerinage" } ] }
//! ```
//!
//! - `variant`: scenario id (`prosperite` default, `invasion`, `duel`, `dignitaire`, `vierzon`,
//!   `marchand`); `round` (**required, it marks schema 2**): the round being played, 1 to the
//!   last, last + 1 once the last round is over.
//! - `options`: `easy` (Dignitaire: 7 citizens), `one_per_round`, `in_order` (Vierzon,
//!   Marchand itinérant harder steps); one the scenario does not read is named in the help's
//!   `notices`, not refused (tables saved with one must still score).
//! - per player, every count optional (absent = 0):
//!   `coins`, `goods` {grain, cheese, wine, wool, brocade}, `trading_posts` (ordinary, in
//!   towns), `technology`, `development_points` (the space on the development track, 0–30: it
//!   fixes the level; since schema 4 the one development fact a sheet writes), or
//!   `development_level` (1–6, absent = 1: the level alone, as older plays kept it; beside a
//!   space, as schema 3 wrote both, it must agree with it),
//!   `citizens`, `monks`, `monks_in_market`, `knights`, `followers` (not of the player's colour),
//!   `place_tiles`, `fortifications`, `boatmen_track` (0–5), `in_orleans` (bool), `buildings`
//!   (Prospérité: each completed building, `{points, name}` or its points alone), `depot` (bool), `character` (Invasion),
//!   `objectives` {id: round completed}, `dues` (Administrateur terrien: coins per round),
//!   `books`.
//! - `team` (Invasion): `ramparts`, `citizens`, `treasury`, `warehouse` {goods},
//!   `fortifications` (built by players; pre-placed ones are added).
//! - `deck` (Invasion): `seed`, `set_aside`, `hard_mode`, `order` (tile ids, top first, from
//!   [`build_deck`]), `revealed` (absent: one per round begun).
//! - `log`: resolved events `{round, event, seat?, paid (default true), declined? (an offer
//!   turned down), payment?, gained?,
//!   received? (a seat's part of a gift the team shared out: Don), note}`; an unpaid demand
//!   the scenario makes fatal loses the game at that round.
//!
//! Plays saved with schema version 1 hold the generic per-category sheet; any state without
//! `round` (or with a player's `points`) is read as that sheet.

mod catalogue;
mod close;
mod contract;
mod course;
mod deck;
mod help;
mod log;
mod resolve;
mod scoring;
mod setup;
mod status;
mod supply;
mod table;

use super::{CategoryInfo, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText, VariantInfo, sheet};

pub use catalogue::{
    BOOK, CHARACTERS, CharacterDef, CharitableAct, Check, EVENTS, Effect, EventDef, ObjectiveDef,
    OrleansFailure, OrleansGood, OrleansMoment, OrleansScenario, TeamItem, character, event,
};
pub use close::{OrleansClosedRound, OrleansDecision, close_round, round_resolutions};
pub use contract::Orleans;
pub use course::{OrleansCourse, OrleansStep, check_step, course};
pub use deck::{HARD_MODE_REMOVED, OrleansDeck, OrleansDeckPlan, build_deck, draw_counts, tiles_possible};
pub use help::{
    OrleansActInfo, OrleansCharacterInfo, OrleansDuty, OrleansEventInfo, OrleansEventNow, OrleansEventSpot,
    OrleansForecast, OrleansForecastRound, OrleansHelp, OrleansObjectiveInfo, OrleansOptionInfo,
    OrleansPlaceTileInfo, OrleansScenarioInfo, OrleansTileChoice, OrleansUpcoming, character_catalogue,
    event_catalogue, event_spots, forecast, help_table, place_tile_catalogue, scenario_catalogue,
};
pub use log::{ORLEANS_DECK_EVENT, ORLEANS_ROUND_EVENT};
pub use resolve::{
    OrleansGain, OrleansPayment, OrleansResolution, OrleansResolutionStatus, OrleansShare, OrleansShareKind,
    OrleansSplit, administrator_due, boatmen_coins, food_ways, resolve, resolve_player, resolve_team,
    value_ways,
};
pub use scoring::{prosperite_categories, score_table};
pub use setup::{setup_steps, start_coins};
pub use status::{
    OrleansGoal, OrleansState, OrleansStatus, common_targets, goals, preplaced_fortifications, status,
};
pub use table::{
    ADMINISTRATOR, OrleansBuilding, OrleansDeckState, OrleansGoods, OrleansLogEntry, OrleansOptions,
    OrleansPlayer, OrleansRawDeck, OrleansRawLogEntry, OrleansRawOptions, OrleansRawPlayer, OrleansRawTable,
    OrleansRawTeam, OrleansTable, OrleansTeam, SEAT, level_for_points, level_start, not_in_play, parse,
    validate,
};

/// Coins above this are refused as absurd.
pub const MAX_COINS: u32 = 999;
/// Goods of one type above this are refused as absurd; below it, the box's supply of each good
/// bounds the whole table ([`supply`]).
pub const MAX_GOODS: u32 = 30;
/// Any other count above this is refused as absurd.
pub const MAX_COUNT: u32 = 60;
/// The development track's levels run from 1 to 6 (FACT-ORL-D4).
pub const MAX_DEVELOPMENT_LEVEL: u32 = 6;
/// The development track's last space (FACT-ORL-D4: level 6 at 30).
pub const MAX_DEVELOPMENT_POINTS: u32 = 30;
/// Followers above this are refused as absurd (the bag holds far fewer).
pub const MAX_FOLLOWERS: u32 = 99;
/// Steps on the boatmen track (0–5).
pub const MAX_BOATMEN_TRACK: u32 = 5;
/// Books on the Administrateur terrien above this are refused as absurd.
pub const MAX_BOOKS: u32 = 30;

/// Points of one completed building (Prospérité) above this are refused as absurd.
pub const MAX_BUILDING_POINTS: u32 = 30;
/// Prospérité, Contenu additionnel: « 22 cartes Bâtiment » (all players' completed buildings).
pub const BUILDING_CARDS: usize = 22;

/// One count a seat carries (a key of the raw player) and its upper bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansCountLimit {
    pub key: &'static str,
    pub max: u32,
}

/// Every count of a seat, in the table state's order, with the bound `validate` checks it
/// against.
pub const COUNTS: [OrleansCountLimit; 14] = {
    const fn c(key: &'static str, max: u32) -> OrleansCountLimit {
        OrleansCountLimit { key, max }
    }
    [
        c("coins", MAX_COINS),
        c("trading_posts", MAX_COUNT),
        c("technology", MAX_COUNT),
        c("development_level", MAX_DEVELOPMENT_LEVEL),
        c("development_points", MAX_DEVELOPMENT_POINTS),
        c("citizens", MAX_COUNT),
        c("monks", MAX_COUNT),
        c("monks_in_market", MAX_COUNT),
        c("knights", MAX_COUNT),
        c("followers", MAX_FOLLOWERS),
        c("place_tiles", MAX_COUNT),
        c("fortifications", supply::SPECIAL_BUILDINGS),
        c("boatmen_track", MAX_BOATMEN_TRACK),
        c("books", MAX_BOOKS),
    ]
};

/// What the play screen must know before the core answers anything (the steppers' bounds, the
/// goods and counts it lists, the round log's kinds), exported to the UI as `ORLEANS_LIMITS` in
/// `bindings.ts`. Every field is one of the core's constants or lists.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansLimits {
    pub max_coins: u32,
    pub max_count: u32,
    /// Each good (`key`: its id) as the box holds it: the most a seat, or Invasion's warehouse,
    /// can hold (the whole table together holds no more: [`supply`]).
    pub goods_in_box: Vec<OrleansCountLimit>,
    /// Scenario by scenario, the most one seat can hold of each count of [`COUNTS`]: its own
    /// bound, lowered to what the box and the scenario's setup put in play.
    pub seat_counts: Vec<OrleansScenarioCounts>,
    /// Invasion's city board: knights on the ramparts, citizens, coins in the treasury.
    pub team_counts: Vec<OrleansCountLimit>,
    /// What each scenario puts in play, item by item, with the line that says it: what the
    /// table holds together (seats and city board) is refused beyond it.
    pub supplies: Vec<OrleansSupply>,
    /// Prospérité: points of one completed building.
    pub max_building_points: u32,
    /// Invasion: the team's fortifications, one per border town at most.
    pub max_team_fortifications: u32,
    /// Invasion: the border towns left for the team to fortify, by player count (the setup
    /// fortifies 7 at 2 players, 3 at 3).
    pub fortifications_to_build: Vec<u32>,
    pub scenarios: Vec<OrleansScenario>,
    pub goods: Vec<OrleansGood>,
    pub counts: Vec<OrleansCountLimit>,
    /// The Administrateur terrien (his dues and books are his alone).
    pub administrator: &'static str,
    /// The Administrateur terrien's due at the end of round 1, the one the book prints.
    pub administrator_first_due: u32,
    /// The most rounds of any scenario at any player count: the round's bound while the core
    /// has not answered for this table.
    pub max_rounds: u8,
    pub round_event: &'static str,
    pub deck_event: &'static str,
    /// Scenario by scenario, the seat's fields its setup leaves in the box (refused when held):
    /// the sheet offers no stepper for them.
    pub not_in_play: Vec<OrleansNotInPlay>,
}

/// One scenario's bounds on a seat's counts ([`OrleansLimits::seat_counts`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansScenarioCounts {
    pub scenario: OrleansScenario,
    pub counts: Vec<OrleansCountLimit>,
}

/// The most a table holds of one item in one scenario ([`supply::supplies`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansSupply {
    pub scenario: OrleansScenario,
    /// A seat's field: `technology`, `place_tiles`, `citizens`, `goods.<good>`, or `goods`
    /// (every good together).
    pub item: &'static str,
    pub most: u32,
    /// The rulebook's line (or the base game's fact) it comes from.
    pub source: &'static str,
}

/// The seat's fields a scenario leaves in the box ([`table::not_in_play`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansNotInPlay {
    pub scenario: OrleansScenario,
    /// Keys of [`COUNTS`].
    pub counts: Vec<&'static str>,
    /// The seat's other fields left out: `buildings`, `depot` (Prospérité's), `dues` (the
    /// Administrateur terrien's).
    pub fields: Vec<&'static str>,
    /// The goods too.
    pub goods: bool,
}

/// Orléans: Invasion, Personnages plus difficiles : « vous devez payer 2 pièces à la fin de la
/// première manche » (the card prints the dues of the later rounds: typed once, remembered).
pub const ADMINISTRATOR_FIRST_DUE: u32 = 2;

/// Orléans' [`OrleansLimits`].
pub fn limits() -> OrleansLimits {
    OrleansLimits {
        max_coins: MAX_COINS,
        max_count: MAX_COUNT,
        goods_in_box: OrleansGood::ALL
            .into_iter()
            .map(|g| OrleansCountLimit { key: g.id(), max: supply::in_box(g) })
            .collect(),
        seat_counts: OrleansScenario::ALL
            .into_iter()
            .map(|scenario| OrleansScenarioCounts {
                scenario,
                counts: COUNTS
                    .iter()
                    .map(|c| OrleansCountLimit { key: c.key, max: supply::seat_most(scenario, c.key, c.max) })
                    .collect(),
            })
            .collect(),
        team_counts: vec![
            OrleansCountLimit { key: "ramparts", max: MAX_COUNT },
            OrleansCountLimit {
                key: "citizens",
                max: supply::seat_most(OrleansScenario::Invasion, "citizens", MAX_COUNT),
            },
            OrleansCountLimit { key: "treasury", max: MAX_COINS },
        ],
        supplies: OrleansScenario::ALL
            .into_iter()
            .flat_map(|scenario| {
                supply::supplies(scenario).into_iter().map(move |s| OrleansSupply {
                    scenario,
                    item: s.item.key(),
                    most: s.most,
                    source: s.source,
                })
            })
            .collect(),
        max_building_points: MAX_BUILDING_POINTS,
        max_team_fortifications: status::BORDER_TOWNS,
        fortifications_to_build: (0..=INFO.variant("invasion").map_or(5, |v| usize::from(v.max_players)))
            .map(status::fortifications_to_build)
            .collect(),
        scenarios: OrleansScenario::ALL.to_vec(),
        goods: OrleansGood::ALL.to_vec(),
        counts: COUNTS.to_vec(),
        administrator: ADMINISTRATOR,
        administrator_first_due: ADMINISTRATOR_FIRST_DUE,
        max_rounds: help::scenario_catalogue()
            .iter()
            .flat_map(|s| s.rounds.iter().copied())
            .max()
            .unwrap_or(0),
        round_event: ORLEANS_ROUND_EVENT,
        deck_event: ORLEANS_DECK_EVENT,
        not_in_play: OrleansScenario::ALL
            .into_iter()
            .map(|scenario| {
                let out = table::not_in_play(scenario);
                OrleansNotInPlay {
                    scenario,
                    counts: out.counts.to_vec(),
                    fields: out.fields.to_vec(),
                    goods: out.goods,
                }
            })
            .collect(),
    }
}
pub static INFO: GameInfo = GameInfo {
    id: GameId::Orleans,
    name: "Orléans: Invasion",
    name_en: "Orléans: Invasion",
    variant_label: StaticText { fr: "Scénario", en: "Scenario" },
    // Orléans: Invasion, p.1 (table of contents): the six scenarios and their player counts.
    variants: &[
        VariantInfo {
            id: "prosperite",
            label: StaticText { fr: "Prospérité", en: "Golden Age" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Competitive,
            categories: &["coins", "goods", "development", "buildings", "depot"],
        },
        VariantInfo {
            id: "invasion",
            label: StaticText { fr: "Invasion", en: "Invasion" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Coop,
            categories: &["objectives"],
        },
        VariantInfo {
            id: "duel",
            label: StaticText { fr: "Le duel", en: "The Duel" },
            min_players: 2,
            max_players: 2,
            mode: PlayMode::ObjectiveRace,
            categories: &["objectives"],
        },
        VariantInfo {
            id: "dignitaire",
            label: StaticText { fr: "Le dignitaire", en: "The Dignitary" },
            min_players: 1,
            max_players: 1,
            mode: PlayMode::Solo,
            categories: &["citizens"],
        },
        VariantInfo {
            id: "vierzon",
            label: StaticText { fr: "Vierzon la capitale", en: "Vierzon the Capital" },
            min_players: 1,
            max_players: 1,
            mode: PlayMode::Solo,
            categories: &["objectives"],
        },
        VariantInfo {
            id: "marchand",
            label: StaticText { fr: "Marchand itinérant", en: "Travelling Merchant" },
            min_players: 1,
            max_players: 1,
            mode: PlayMode::Solo,
            categories: &["objectives"],
        },
    ],
    // Orléans: Invasion, Prospérité "Fin de la partie et calcul des scores": base points
    // (coins, goods, development) plus completed buildings.
    categories: &[
        CategoryInfo {
            key: "coins",
            label: StaticText { fr: "Pièces", en: "Coins" },
            source: "ORL §Prospérité, Fin de la partie",
            negative: false,
        },
        CategoryInfo {
            key: "goods",
            label: StaticText { fr: "Marchandises", en: "Goods" },
            source: "ORL §Prospérité, Fin de la partie",
            negative: false,
        },
        CategoryInfo {
            key: "development",
            label: StaticText { fr: "Développement", en: "Development" },
            source: "ORL §Prospérité, Fin de la partie",
            negative: false,
        },
        CategoryInfo {
            key: "buildings",
            label: StaticText { fr: "Bâtiments complétés", en: "Completed buildings" },
            source: "ORL §Prospérité, Fin de la partie",
            negative: false,
        },
        CategoryInfo {
            key: "depot",
            label: StaticText { fr: "Dépôt", en: "Depot" },
            source: "ORL §Nouvelles tuiles Lieu (Dépôt)",
            negative: false,
        },
        CategoryInfo {
            key: "objectives",
            label: StaticText { fr: "Objectifs remplis", en: "Objectives met" },
            source: "ORL §Invasion / Le duel / Vierzon / Marchand itinérant",
            negative: false,
        },
        CategoryInfo {
            key: "citizens",
            label: StaticText { fr: "Citoyens", en: "Citizens" },
            source: "ORL §Le dignitaire, But du jeu",
            negative: false,
        },
    ],
    // 3: a completed building may carry its name ({points, name}); 4: a seat's development is
    // its track space alone (a level beside it, as 3 wrote, is still read when they agree).
    table_schema_version: 4,
};

/// Whether `raw` is a generic sheet (its marker) rather than a table.
fn is_legacy(raw: &serde_json::Value) -> bool {
    sheet::is_generic(raw)
}

/// The one checked table every Orléans helper takes — the live help (this round's events,
/// goals, status, forecast), closing a round — read as [`score`] reads it, every problem at
/// once with its field: a table the scorer refuses, every helper refuses with the same
/// problems. A generic sheet has no table: its own problems, or that it has none.
pub fn check(raw: &serde_json::Value) -> Result<OrleansTable, Problems> {
    if is_legacy(raw) {
        sheet::score_raw(&INFO, raw)?;
        return Err(sheet::no_live_help(&INFO));
    }
    validate(&parse(raw)?)
}

/// Scores a table state (parse → validate → score); a version-1 generic sheet is still scored
/// as typed.
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    if is_legacy(raw) {
        return sheet::score_raw(&INFO, raw);
    }
    Ok(score_table(&check(raw)?))
}

/// Scores a table state to finish its play: as [`score`], and the course of play must be over
/// (the last round closed, or the game won or lost before): a play is never stored finished
/// without its outcome. A generic sheet, which has no rounds, scores as typed.
pub fn finish(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    if is_legacy(raw) {
        return sheet::score_raw(&INFO, raw);
    }
    let table = check(raw)?;
    check_step(&table, OrleansStep::Finish)?;
    Ok(score_table(&table))
}

/// The live help for a table state ([`check`]: refused as [`score`] refuses it).
pub fn help(raw: &serde_json::Value) -> Result<OrleansHelp, Problems> {
    Ok(help_table(&check(raw)?))
}

#[cfg(test)]
mod tests;
