//! Valencia (Stefan Feld City Collection 9). Rulebook: `VAL` (`docs/sources.md`); decisions:
//! `docs/decisions.md` (Valencia).
//!
//! # Table state (schema version 2)
//!
//! ```json
//! { "variant": "base",
//!   "fountains": [ { "value": 6 }, { "value": 2 }, { "value": 4, "central": true } ],
//!   "players": [
//!     { "name": "Lilli", "city_members": 7, "palm_members": 3,
//!       "fountain_members": [3, 2, 0], "privileges": 1, "coins": 4,
//!       "resources": { "wine": 1, "porcelain": 2 },
//!       "council": ["nobility", "wine"], "council_points": 14, "stefan_feld": true,
//!       "longest_route": 4, "isolated": 1,
//!       "missions": [ { "id": "mission_palms", "points": 4 },
//!                     { "id": "mission_square", "points": 3, "done": true },
//!                     { "id": "mission_ten_minus_coins" } ] },
//!     { "name": "Frank", "city_members": 5 } ] }
//! ```
//!
//! - `variant`: `base` (default) or `special_influence` (module 1; allows two members on a
//!   guild seat, Soutien).
//! - `special_cards` (module 1 only): the special influence cards the table chose, the same in
//!   every deck (absent: all seven); the auction applied to the table follows it.
//! - `fountains`: the fountains in the city with their printed value; `central` marks the
//!   central tile's one (touches 8 spaces, the others 4).
//! - per player (seating order, clockwise), every count optional (absent = 0):
//!   `city_members` (0–15), `palm_members` (≤ city), `fountain_members` (one count per
//!   fountain, same order), `privileges` (unused), `coins`, `resources` (0–6 per type),
//!   `council` (seats held), `council_points` (prestige from the council phases),
//!   `stefan_feld`, `longest_route` and `isolated` (member counts, for those missions),
//!   `missions` (card ids from [`missions()`], printed `points` except formula cards, `done`
//!   only on cards the board decides).
//!
//! Plays saved with schema version 1 hold the generic sheet (`"points": {…}`); [`score`] still
//! reads them.
//!
//! Besides scoring: [`resolve_auction`] (steps A–G), [`council_phase`] (phase III),
//! [`round_tracker`] (rounds, steps, cards and privileges left) and the mission catalogue; on
//! the table itself, each checked against the course of play (`course.rs`): [`apply_auction`],
//! [`count_council`], [`move_tracker`], and [`council_seat`] (a seat taken or left).

mod auction;
mod board;
mod contract;
mod course;
mod help;
mod log;
mod missions;
mod phases;
mod read;
mod scoring;
mod seats;
mod setup;
mod table;

pub use auction::*;
pub use board::{
    MEMBERS_PER_PLAYER, PRIVILEGES_IN_BOX, RESOURCES_PER_TYPE, ROUNDS, ValenciaResource,
    ValenciaResourceCounts, ValenciaSeat,
};
pub use contract::Valencia;
pub use course::{Course, ValenciaCourseView, ValenciaPosition};
pub use help::{
    ValenciaHelp, ValenciaMissionHelp, ValenciaMissionStatus, ValenciaSeatHelp, help_from, help_table,
};
pub use log::{ValenciaLogEntry, ValenciaLogNina, ValenciaLogSeat, round_log};
pub use missions::{
    Because, Counted, MISSIONS, Mission, MissionParam, ValenciaJudging, ValenciaMissionInfo,
    ValenciaMissionKind, Verdict, council_needed, judge, mission, missions,
};
pub use phases::*;
pub use scoring::{
    MissionLine, MissionResult, Why, fountain_points, mission_results, score_table, score_with_missions,
};
pub use seats::{ValenciaSeatMove, council_seat};
pub use setup::{STARTING_COINS, initial_table, setup};
pub use table::{
    CENTRAL_FOUNTAIN_CARD, CENTRAL_FOUNTAIN_SPACES, FOUNTAIN_SPACES, FOUNTAIN_TILES_PLACED, Fountain,
    HeldMission, MAX_COINS, MAX_COUNCIL_POINTS, MAX_FOUNTAIN_VALUE, MAX_MISSION_POINTS, Player, SEAT, Table,
    ValenciaRawFountain, ValenciaRawMission, ValenciaRawPlayer, ValenciaRawTable, ValenciaVariant, check,
    parse,
};

use super::{
    Better, CategoryInfo, Criterion, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText,
    VariantInfo, sheet,
};

pub static INFO: GameInfo = GameInfo {
    id: GameId::Valencia,
    name: "Valencia",
    name_en: "Valencia",
    variant_label: StaticText { fr: "Module", en: "Module" },
    variants: &[
        VariantInfo {
            id: "base",
            label: StaticText { fr: "Jeu de base", en: "Base game" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Competitive,
            categories: &[],
        },
        VariantInfo {
            id: "special_influence",
            label: StaticText { fr: "Cartes Influence spéciales", en: "Special influence cards" },
            min_players: 2,
            max_players: 5,
            mode: PlayMode::Competitive,
            categories: &[],
        },
    ],
    // Valencia: prestige from the council phases during the game (phase III), then the five
    // categories of the final scoring (p.10–11), in the book's order.
    categories: &[
        CategoryInfo {
            key: "council",
            label: StaticText { fr: "Points du Conseil", en: "Council points" },
            source: "VAL §Phase III",
            negative: false,
        },
        CategoryInfo {
            key: "city",
            label: StaticText { fr: "Membres dans la ville", en: "Members in the city" },
            source: "VAL p.10",
            negative: false,
        },
        CategoryInfo {
            key: "palms",
            label: StaticText { fr: "Palmiers", en: "Palms" },
            source: "VAL p.10",
            negative: false,
        },
        CategoryInfo {
            key: "fountains",
            label: StaticText { fr: "Fontaines", en: "Fountains" },
            source: "VAL p.10",
            negative: false,
        },
        CategoryInfo {
            key: "privileges",
            label: StaticText { fr: "Privilèges inutilisés", en: "Unused privileges" },
            source: "VAL p.11",
            negative: false,
        },
        CategoryInfo {
            key: "missions_completed",
            label: StaticText { fr: "Missions réussies", en: "Missions completed" },
            source: "VAL p.11",
            negative: false,
        },
        CategoryInfo {
            key: "missions_failed",
            label: StaticText { fr: "Missions échouées", en: "Missions failed" },
            source: "VAL p.11",
            negative: true,
        },
    ],
    table_schema_version: 2,
};

/// Scores a table state (parse → validate → score). A version-1 generic sheet is still scored
/// as typed. VAL p.11: a tie goes to more members in the city, then more coins, else
/// shared; the generic sheet has no coins, so a tie it cannot settle by the city is shared.
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    if sheet::is_generic(raw) {
        return score_sheet(raw);
    }
    Ok(score_table(&check(raw)?))
}

fn score_sheet(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    let sheet = sheet::validate(&INFO, &sheet::parse(raw)?)?;
    let city = INFO.categories.iter().position(|c| c.key == "city").unwrap_or(0);
    let criteria = [Criterion {
        key: "city",
        label: StaticText::new("membres dans la ville", "members in the city"),
        better: Better::Higher,
        values: sheet.players.iter().map(|p| p.points.get(city).copied().unwrap_or(0)).collect(),
    }];
    Ok(sheet::score_with(&sheet, &criteria))
}

/// The score and the live help of a table state, parsed, validated and scored once: what a
/// preview answers on every keystroke. The help is `None` for the generic sheet or an invalid
/// state, as [`help`] is an error then.
pub fn score_and_help(raw: &serde_json::Value) -> (Result<Scoreboard, Problems>, Option<ValenciaHelp>) {
    if sheet::is_generic(raw) {
        return (score_sheet(raw), None);
    }
    match check(raw) {
        Ok(table) => {
            let (board, results) = score_with_missions(&table);
            let help = help_from(&table, &board, results);
            (Ok(board), Some(help))
        }
        Err(p) => (Err(p), None),
    }
}

/// The live help for a table state (same validation as [`score`]; none for the generic sheet).
pub fn help(raw: &serde_json::Value) -> Result<ValenciaHelp, Problems> {
    Ok(help_table(&check(raw)?))
}

fn read<T: serde::de::DeserializeOwned>(raw: &serde_json::Value) -> Result<T, Problems> {
    serde_json::from_value(raw.clone()).map_err(|e| Problems::malformed(&e))
}

/// [`resolve_auction`] from JSON (a wrong shape is one `malformed` problem).
pub fn auction(raw: &serde_json::Value) -> Result<ValenciaAuction, Problems> {
    resolve_auction(&read(raw)?)
}

/// [`council_phase`] from JSON.
pub fn council(raw: &serde_json::Value) -> Result<ValenciaCouncil, Problems> {
    council_phase(&read(raw)?)
}

/// [`round_tracker`] from JSON.
pub fn round(raw: &serde_json::Value) -> Result<ValenciaRound, Problems> {
    round_tracker(&read(raw)?)
}

/// What the play screen must know before the core answers anything (the steppers' bounds, the
/// lists it draws buttons from), exported to the UI as `VALENCIA_LIMITS` in `bindings.ts`.
/// Every field is one of the core's constants or lists, each set beside its rule.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaLimits {
    pub members: u32,
    pub max_fountain_value: u32,
    pub max_mission_points: u32,
    pub max_coins: u32,
    pub max_council_points: u32,
    pub privileges_in_box: u32,
    /// Most privileges one player may hold: one per council phase (p.10), at any player count.
    pub max_privileges: u32,
    /// Most privileges one player may spend in an auction: the fifth council phase follows the
    /// last auction.
    pub max_privileges_spent: u32,
    pub resources_per_type: u32,
    pub fountain_spaces: u32,
    pub central_fountain_spaces: u32,
    /// Fountain tiles in a city at most (the central one included).
    pub fountain_tiles: u32,
    pub rounds: u8,
    /// Économies: the coins assumed when none are typed, and the most accepted.
    pub default_economies_coins: u32,
    pub max_economies_coins: u32,
    pub variants: Vec<ValenciaVariant>,
    pub resources: Vec<ValenciaResource>,
    /// The council's eight seats by key, in the board's order.
    pub council_seats: Vec<&'static str>,
    pub steps: Vec<ValenciaStep>,
    /// A round's moments in play order: steps A–I, then its council phase.
    pub moments: Vec<ValenciaMoment>,
    /// The rule entry of each moment of `moments`, in the same order.
    pub moment_rules: Vec<&'static str>,
    /// Nina (the dummy player) plays at this player count only, revealing at each step of
    /// `steps` the number of cards in `nina_cards` (p.11).
    pub nina_players: u32,
    pub nina_cards: Vec<u32>,
    /// The steps that are auctions (A–G).
    pub auction_steps: Vec<ValenciaStep>,
    /// The special influence cards (module 1) by id.
    pub special_cards: Vec<String>,
    pub central_fountain_card: &'static str,
}

/// Valencia's [`ValenciaLimits`], from the constants and lists the rules code uses.
pub fn limits() -> ValenciaLimits {
    ValenciaLimits {
        members: MEMBERS_PER_PLAYER,
        max_fountain_value: MAX_FOUNTAIN_VALUE,
        max_mission_points: MAX_MISSION_POINTS,
        max_coins: MAX_COINS,
        max_council_points: MAX_COUNCIL_POINTS,
        privileges_in_box: PRIVILEGES_IN_BOX,
        max_privileges: board::privileges_per_player_max(),
        max_privileges_spent: board::privileges_spendable_max(),
        resources_per_type: RESOURCES_PER_TYPE,
        fountain_spaces: FOUNTAIN_SPACES,
        central_fountain_spaces: CENTRAL_FOUNTAIN_SPACES,
        fountain_tiles: u32::try_from(FOUNTAIN_TILES_PLACED).unwrap_or(u32::MAX),
        rounds: ROUNDS,
        default_economies_coins: DEFAULT_ECONOMIES_COINS,
        max_economies_coins: MAX_ECONOMIES_COINS,
        variants: ValenciaVariant::ALL.to_vec(),
        resources: ValenciaResource::ALL.to_vec(),
        council_seats: ValenciaSeat::ALL.map(ValenciaSeat::key).to_vec(),
        steps: ValenciaStep::ALL.to_vec(),
        moments: ValenciaMoment::ALL.to_vec(),
        moment_rules: ValenciaMoment::ALL.map(ValenciaMoment::rule_entry).to_vec(),
        nina_players: u32::try_from(NINA_PLAYERS).unwrap_or(u32::MAX),
        nina_cards: ValenciaStep::ALL.map(|s| u32::try_from(s.nina_cards()).unwrap_or(0)).to_vec(),
        auction_steps: ValenciaStep::ALL.into_iter().filter(|s| s.is_auction()).collect(),
        special_cards: InfluenceCard::SPECIAL.map(InfluenceCard::id).to_vec(),
        central_fountain_card: CENTRAL_FOUNTAIN_CARD,
    }
}

#[cfg(test)]
mod tests;
