//! Citadelles. Rulebooks: `CIT` (classique, the default profile) and
//! `CIT2` (2e édition); card data the rulebooks lack: `docs/facts.md` (Citadelles);
//! decisions: `docs/decisions.md` (Citadelles), which win over FACT-CIT-B5 (its completion
//! thresholds are swapped).
//!
//! # Table state (schema version 2)
//!
//! ```json
//! { "variant": "classique",
//!   "longer_game": false,
//!   "players": [
//!     { "name": "Ani",
//!       "districts": ["manor", "castle", "temple", "watchtower", "tavern", "market", "haunted_city", "university"],
//!       "gold": 3, "cards_in_hand": 2,
//!       "characters_last_round": ["king"],
//!       "haunted_city_built_last_round": false },
//!     { "name": "Dirk",
//!       "districts": ["palace", "cathedral", "fortress", "harbor", "imperial_treasury"],
//!       "custom_wonders": [{ "name": "Phare", "cost": 3, "extra_points": 0 }],
//!       "gold": 5, "cards_in_hand": 0,
//!       "characters_last_round": [7] } ],
//!   "completion_order": [0],
//!   "crown": 0 }
//! ```
//!
//! - `variant`: the rule profile, `classique` (default) or `deuxieme_edition`.
//! - `longer_game` (classique): 8 districts complete a city whatever the player count (the
//!   rulebook's note); otherwise 7 from 4 players, 8 with 2 or 3. 2e édition: always 8.
//! - `ninth_character` (2e édition, 4 to 8 players; required at 8): a rank-9 character is in
//!   play, so ranks go up to 9.
//! - per player (absent counts 0, lists empty, flags false):
//!   - `districts`: ids of the city's districts from the profile's catalogue ([`catalogue`]):
//!     the 17 basic kinds (`temple`, `manor`, `town_hall`, …) and the profile's wonders
//!     (classique: FACT-CIT-B2; 2e édition: the 2016 set, FACT-CIT-B3). No id twice
//!     (unless the city has the Quarry, 2e édition); no more copies across the table than the
//!     deck holds. The Secret Vault is never built: see `secret_vault`;
//!   - `custom_wonders`: wonders not in the catalogue, `{ "name", "cost", "extra_points" }`
//!     (cost 0–20 counted with the districts; extra points −99 to 99 counted as wonder bonus);
//!   - `gold`, `cards_in_hand`: at the end (Imperial Treasury, Map Room);
//!   - `characters_last_round`: what the player revealed in the last round, ranks (numbers) or
//!     character ids (`king`, `artist`, …); an assassinated character was not revealed and is
//!     left out. One per player (two with 2 or 3 players). The classic tie-break reads it;
//!   - `haunted_city_built_last_round` (classique): the Haunted City then stays a wonder for the
//!     five-type bonus;
//!   - `museum_cards` (2e édition): cards under the Museum;
//!   - `secret_vault` (2e édition): the Secret Vault is revealed from this player's hand
//!     (count it among `cards_in_hand`);
//!   - `beautified` (2e édition with a ninth character): ids of the city's districts the
//!     Artist beautified, each +1 (cost and points).
//! - `completion_order`: seats in the order their cities were completed (first gets +4, the
//!   others +2). Every seat listed must have a complete city, every complete city must be
//!   listed.
//! - `crown`: the seat holding the crown at the end (needed for the Statue).
//!
//! Unknown fields are reported. Plays saved with schema version 1 hold the generic
//! per-category sheet (`"points": {…}`); [`score`] still reads them.
//!
//! # Helpers
//!
//! [`help`] (live panel), [`catalogue`] (districts, wonders, characters per profile),
//! [`draft_plan`] / [`draw_draft`] (the character choice, seeded draws), [`start_round`] and
//! [`CitadellesRound::apply`] (the calling of one round).

mod characters;
mod contract;
mod districts;
mod draft;
mod help;
mod log;
mod profile;
mod read;
mod round;
mod scoring;
mod setup;
mod table;

use std::collections::BTreeMap;

use super::{CategoryInfo, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText, VariantInfo, sheet};

pub use characters::{ARTIST, CHARACTERS, Character, CharacterSet, character_of};
pub use contract::Citadelles;
pub use districts::{
    BASIC_DISTRICTS, CLASSIC_WONDERS, CatalogueCard, CitadellesDistrictType, District, HAUNTED_CITY, MUSEUM,
    SECRET_VAULT, WONDERS_2016, WarlordRule, Wonder, WonderScoring, basic_district, card, wonder_of, wonders,
};
pub use draft::{
    CitadellesDraftAction, CitadellesDraftDraw, CitadellesDraftPlan, CitadellesDraftStep,
    CitadellesDrawnCharacter, KING_RANK, actor_seat, draft_plan, draw_draft,
};
pub use help::{
    CitadellesCatalogue, CitadellesCharacterInfo, CitadellesDistrictInfo, CitadellesHelp,
    CitadellesProfileInfo, CitadellesSeatHelp, CitadellesThreshold, CitadellesWonderInfo, catalogue,
    help_table,
};
pub use log::{CITADELLES_DRAFT_EVENT, CITADELLES_ROUND_EVENT};
pub use profile::{BASE_CHARACTERS, CitadellesVariant};
pub use round::{
    CitadellesCall, CitadellesDestroyTarget, CitadellesDestruction, CitadellesDestructionQuote,
    CitadellesOffer, CitadellesRound, CitadellesRoundAction, CitadellesRoundCharacter, CitadellesRoundRecord,
    CitadellesRoundSetup, CitadellesRoundView, CitadellesTurn, CitadellesTurnOutcome, start_round,
};
pub use scoring::{
    Breakdown, COMPLETE_BONUS, CitadellesWonderEffect, FIRST_COMPLETE_BONUS, FIVE_TYPES_BONUS, HauntedChoice,
    Why, breakdown, score_table,
};
pub use setup::setup;
pub use table::{
    CitadellesCustomWonder, CitadellesRawCustomWonder, CitadellesRawPlayer, CitadellesRawTable, CityCard,
    Player, Revealed, SEAT, Table, apply_round, check, check_leniently, parse,
};

/// Gold above this is refused as absurd.
pub const MAX_GOLD: u32 = 99;
/// Cards in hand above this are refused as absurd.
pub const MAX_CARDS_IN_HAND: u32 = 99;
/// Cards under the Museum above this are refused as absurd.
pub const MAX_MUSEUM_CARDS: u32 = 99;
/// Highest cost of a custom wonder.
pub const MAX_CUSTOM_COST: u8 = 20;
/// Largest extra points (either sign) of a custom wonder.
pub const MAX_CUSTOM_EXTRA: i32 = 99;
/// Rounds the table state keeps (`rounds`, the round caller's records): more are refused as
/// absurd (a game ends once a city is complete, in about a dozen rounds).
pub const MAX_ROUNDS: u32 = 99;

pub static INFO: GameInfo = GameInfo {
    id: GameId::Citadelles,
    name: "Citadelles",
    name_en: "Citadels",
    variant_label: StaticText { fr: "Règles", en: "Rules" },
    variants: &[
        // Classique: 2–7 players (CIT §Déroulement and "Règles pour 2 et 3 joueurs").
        VariantInfo {
            id: "classique",
            label: StaticText { fr: "Classique", en: "Classic" },
            min_players: 2,
            max_players: 7,
            mode: PlayMode::Competitive,
            categories: &[],
        },
        // 2e édition: up to 8 with a ninth character (CIT2 §Les personnages).
        VariantInfo {
            id: "deuxieme_edition",
            label: StaticText { fr: "2e édition", en: "2nd edition" },
            min_players: 2,
            max_players: 8,
            mode: PlayMode::Competitive,
            categories: &[],
        },
    ],
    // Citadelles classique, "Fin de partie": the scoring items, in the book's order.
    categories: &[
        CategoryInfo {
            key: "districts",
            label: StaticText { fr: "Coût des quartiers", en: "District costs" },
            source: "CIT §Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "five_types",
            label: StaticText { fr: "Cinq types", en: "Five types" },
            source: "CIT §Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "first_complete",
            label: StaticText { fr: "Première cité complète", en: "First complete city" },
            source: "CIT §Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "complete",
            label: StaticText { fr: "Cité complète", en: "Complete city" },
            source: "CIT §Fin de partie",
            negative: false,
        },
        CategoryInfo {
            key: "wonders",
            label: StaticText { fr: "Bonus des merveilles", en: "Wonder bonuses" },
            source: "CIT §Fin de partie; FACT-CIT-B2, FACT-CIT-B3",
            negative: false,
        },
    ],
    table_schema_version: 2,
};

/// Scores a table state (parse → validate → score). A version-1 generic sheet is still scored
/// as typed, its ties shown as shared (it holds no character). Once the table is valid, a
/// classic tie that the characters typed cannot settle is reported on the tied players'
/// `characters_last_round` (it needs the totals, so it comes after every other problem).
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    if sheet::is_generic(raw) {
        return sheet::score_raw(&INFO, raw);
    }
    let table = check(raw)?;
    let (board, totals) = scoring::score_table_and_totals(&table);
    scoring::tie_break_problems(&table, &totals).into_result(board)
}

/// The totals of a table state for the partial totals shown while problems remain
/// (`games::partial`): as [`score`], except that a tie the characters cannot settle is left
/// unsettled instead of reported (nobody wins in partial totals, and a tied player's
/// characters are not needed for any total).
pub(crate) fn score_totals(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    if sheet::is_generic(raw) {
        return sheet::score_raw(&INFO, raw);
    }
    Ok(score_table(&check(raw)?))
}

/// The live table panel for a table state (no legacy sheet). Given while problems remain, from
/// the table as far as it could be read ([`table::check_leniently`]): the threshold, each
/// city's count and the cities still to place in the completion order are what the players
/// need to fix the table.
pub fn help(raw: &serde_json::Value) -> Result<CitadellesHelp, Problems> {
    Ok(help_table(&check_leniently(raw)?.0))
}

/// What the play screen must know before the core answers anything (the steppers' bounds, the
/// wonders and character it asks more about, the round log's kinds), exported to the UI as
/// `CITADELLES_LIMITS` in `bindings.ts`. Every field is one of the core's constants.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesLimits {
    pub max_gold: u32,
    pub max_cards_in_hand: u32,
    pub max_museum_cards: u32,
    pub max_custom_cost: u8,
    pub max_custom_extra: i32,
    /// A custom wonder's name, in characters.
    pub max_custom_name_chars: u32,
    /// Rounds a table state keeps in `rounds`.
    pub max_rounds: u32,
    pub variants: Vec<CitadellesVariant>,
    pub haunted_city: &'static str,
    pub museum: &'static str,
    pub secret_vault: &'static str,
    pub artist: &'static str,
    pub round_event: &'static str,
    pub draft_event: &'static str,
    /// Every character's rank by id: a table state may name the characters revealed by id or
    /// by rank (`characters_last_round`), and the sheet keeps ranks.
    pub character_ranks: BTreeMap<&'static str, u8>,
}

/// Citadelles' [`CitadellesLimits`].
pub fn limits() -> CitadellesLimits {
    CitadellesLimits {
        max_gold: MAX_GOLD,
        max_cards_in_hand: MAX_CARDS_IN_HAND,
        max_museum_cards: MAX_MUSEUM_CARDS,
        max_custom_cost: MAX_CUSTOM_COST,
        max_custom_extra: MAX_CUSTOM_EXTRA,
        max_custom_name_chars: u32::try_from(crate::games::input::MAX_NAME_CHARS).unwrap_or(u32::MAX),
        max_rounds: MAX_ROUNDS,
        variants: CitadellesVariant::ALL.to_vec(),
        haunted_city: HAUNTED_CITY,
        museum: MUSEUM,
        secret_vault: SECRET_VAULT,
        artist: ARTIST,
        round_event: CITADELLES_ROUND_EVENT,
        draft_event: CITADELLES_DRAFT_EVENT,
        character_ranks: characters::CHARACTERS.iter().map(|c| (c.id, c.rank)).collect(),
    }
}

#[cfg(test)]
mod tests;
