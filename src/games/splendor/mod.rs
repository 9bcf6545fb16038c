//! Les Cités de Splendor: the four Splendor expansions (Cities, Trading Posts, Orient,
//! Strongholds), each played on its own. Rulebook: `SPL` (`docs/sources.md`); card data the
//! rulebook text lacks: `docs/facts.md` (Les Cités de Splendor); decisions: `docs/decisions.md`
//! (Les Cités de Splendor).
//!
//! # Table state (schema version 2)
//!
//! ```json
//! { "variant": "cities",
//!   "cities_in_play": ["c13_r4k3", "c15_same5", "c17"],
//!   "players": [
//!     { "name": "Ani",
//!       "bonuses": { "white": 3, "blue": 1, "green": 0, "red": 4, "black": 2 },
//!       "card_prestige": 13, "development_cards": 10,
//!       "cities": ["c13_r4k3"] },
//!     { "name": "Dirk",
//!       "bonuses": { "green": 5, "black": 3 }, "card_prestige": 9 } ] }
//! ```
//!
//! - `variant`: the module, `cities` (default), `trading_posts`, `orient` or `strongholds`.
//! - `cities_in_play` (Cities only, required there): the 3 faces on the table, ids from
//!   [`CITIES`] (`c<prestige>_<requirement>`, colour letters w u g r k).
//! - per player, every count optional (absent or `null` = 0):
//!   - `bonuses`: colour → bonuses from **ordinary** development cards (0–18 each: the box
//!     holds 18 cards of each colour; the seats together hold no more of a colour either);
//!   - `card_prestige`: prestige printed on **ordinary** development cards (0–99; 0 without
//!     an ordinary card, that is without a bonus);
//!   - `development_cards`: ordinary development cards; each carries exactly one bonus, so when
//!     given it must equal the sum of `bonuses` (absent: that sum);
//!   - `nobles`: nobles who visited (every module but Cities, where nobles are not used);
//!   - `cities` (Cities): the city this player took, at most one;
//!   - `orient` (Orient): the Orient cards owned, `[{"card": "o2_double_red"},
//!     {"card": "o1_pair_r3u2", "colour": "blue"}]`; `colour` only on pairing cards (the
//!     colour of the owned card it copies);
//!   - `reserved_nobles` (Orient): nobles reserved with a reserve-noble card that have not
//!     visited yet (they score nothing until they do; then count them in `nobles`);
//!   - `gold`: gold tokens in hand (0–5, 5 in all; no points);
//!   - `strongholds` (Strongholds): how many of the player's 3 strongholds stand on cards (no
//!     points).
//!
//! Orient cards are **not** in `bonuses`, `card_prestige` or `development_cards`: the code
//! adds their bonuses, prestige and count from `orient`. Trading-post flags are not typed:
//! they follow from the bonuses and nobles (see [`POWERS`]). Gold and strongholds change no
//! score and no eligibility: they are kept so the table can be read back.
//!
//! A field that belongs to another module is reported when it carries something (a non-empty
//! list, a count above 0); empty or zero it is ignored, so a form may always send every field.
//! Unknown fields are reported.
//!
//! Plays saved with schema version 1 hold the generic per-category sheet (`"points": {…}`);
//! [`score`] still reads them (any player with `points` marks that shape).

mod cities;
mod colour;
mod contract;
mod help;
mod nobles;
mod orient;
mod scoring;
mod setup;
mod table;
mod trading_posts;

use super::{CategoryInfo, GameId, GameInfo, PlayMode, Problems, Scoreboard, StaticText, VariantInfo, sheet};

pub use crate::games::SetupStep;
pub use cities::{CITIES, City, CityMissing, CityRequirement, OneColourShort, city, missing_text};
pub use colour::{Colour, ColourCounts};
pub use contract::Splendor;
pub use help::{
    CardCatalogue, CitiesHelp, CityEligibility, CityHelp, CityInfo, EndHelp, Help, OrientCardInfo, PowerInfo,
    PowerStatus, SeatHelp, catalogue, help_table,
};
pub use nobles::{NOBLES, nobles_met};
pub use orient::{ORIENT_CARDS, OrientCard, OrientKind, orient_card};
pub use scoring::{END_PRESTIGE, NOBLE_PRESTIGE, Prestige, score_table};
pub use setup::setup;
pub use table::{
    CITIES_IN_PLAY, Module, OwnedOrientCard, Player, RawOrientCard, RawPlayer, RawTable, SEAT, Table, parse,
    validate,
};
pub use trading_posts::{POWERS, Power, PowerId, PowerRequirement};

/// Card prestige above this is refused as absurd.
pub const MAX_CARD_PRESTIGE: u32 = 99;
/// Development cards in the base game, level by level (FACT-SPL-C1: 40, 30 and 20).
pub const DEVELOPMENT_CARDS_PER_LEVEL: [u32; 3] = [40, 30, 20];
/// Development cards in the base game (FACT-SPL-C1: 40 + 30 + 20).
pub const MAX_DEVELOPMENT_CARDS: u32 =
    DEVELOPMENT_CARDS_PER_LEVEL[0] + DEVELOPMENT_CARDS_PER_LEVEL[1] + DEVELOPMENT_CARDS_PER_LEVEL[2];
/// Development cards of one colour in the base game, all levels together: each level deals the
/// five colours alike (8, 6 and 4 of each), so 18 of each colour, each card with its one bonus.
/// No seat, and no table, holds more ordinary bonuses of a colour.
pub const DEVELOPMENT_CARDS_PER_COLOUR: u32 = MAX_DEVELOPMENT_CARDS / Colour::ALL.len() as u32;

const fn module(
    id: &'static str,
    fr: &'static str,
    en: &'static str,
    categories: &'static [&'static str],
) -> VariantInfo {
    VariantInfo {
        id,
        label: StaticText { fr, en },
        min_players: 2,
        max_players: 4,
        mode: PlayMode::Competitive,
        categories,
    }
}

pub static INFO: GameInfo = GameInfo {
    id: GameId::Splendor,
    name: "Les Cités de Splendor",
    name_en: "Cities of Splendor",
    variant_label: StaticText { fr: "Module", en: "Module" },
    // Les Cités de Splendor: "Ces quatre extensions se jouent séparément."
    variants: &[
        // Les Cités, mise en place: no nobles; the city taken is the victory condition.
        module("cities", "Les Cités", "Cities", &["cards", "city"]),
        module("trading_posts", "Les Comptoirs", "Trading Posts", &["cards", "nobles", "powers"]),
        module("orient", "L'Orient", "The Orient", &["cards", "nobles", "orient"]),
        module("strongholds", "Les Bastions", "Strongholds", &["cards", "nobles"]),
    ],
    // Every play lists all five, in this order; a module uses cards, plus nobles (all but
    // Cities), orient (the Orient), powers (Trading Posts) or city (Cities: always 0 points, it
    // is the victory condition). The others stay at 0 and say so.
    categories: &[
        CategoryInfo {
            key: "cards",
            label: StaticText { fr: "Prestige des cartes", en: "Card prestige" },
            source: "SPL; FACT-SPL-C1",
            negative: false,
        },
        CategoryInfo {
            key: "nobles",
            label: StaticText { fr: "Nobles", en: "Nobles" },
            source: "SPL §The Orient (niveau 2); FACT-SPL-C1",
            negative: false,
        },
        CategoryInfo {
            key: "orient",
            label: StaticText { fr: "Prestige des cartes Orient", en: "Orient card prestige" },
            source: "SPL §The Orient; FACT-SPL-C3",
            negative: false,
        },
        CategoryInfo {
            key: "powers",
            label: StaticText { fr: "Pouvoirs des comptoirs", en: "Trading post powers" },
            source: "SPL §Trading Posts",
            negative: false,
        },
        CategoryInfo {
            key: "city",
            label: StaticText { fr: "Cité", en: "City" },
            source: "SPL §Cities",
            negative: false,
        },
    ],
    table_schema_version: 2,
};

/// Scores a table state (parse → validate → score). A version-1 generic sheet is still
/// scored as typed, its ties shown as shared (it holds no card count).
pub fn score(raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    if sheet::is_generic(raw) {
        return sheet::score_raw(&INFO, raw);
    }
    let table = validate(&parse(raw)?)?;
    // Les Cités: a player who meets a city still on the table has taken it: a position where
    // they have not is not the end of a turn, and would crown the wrong player.
    table.check_cities_taken()?;
    Ok(score_table(&table))
}

/// The live table panel for a table state (same validation as [`score`]; no legacy sheet).
pub fn help(raw: &serde_json::Value) -> Result<Help, Problems> {
    Ok(help_table(&validate(&parse(raw)?)?))
}

/// What the play screen must know before the core answers anything (the steppers' bounds, the
/// colours and modules it lists, the running prestige it shows while typing), exported to the
/// UI as `SPLENDOR_LIMITS` in `bindings.ts`. Every field is one of the core's
/// constants or lists.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SplendorLimits {
    pub noble_prestige: u32,
    pub cities_in_play: u32,
    /// Ordinary bonuses of one colour: the box's development cards of that colour.
    pub max_bonus: u32,
    pub max_prestige: u32,
    pub max_cards: u32,
    /// Nobles on the table at the most players: no seat can have more.
    pub max_nobles: u32,
    /// Gold tokens in the box, and strongholds per player: no seat can hold more.
    pub gold_tokens: u32,
    pub strongholds_per_player: u32,
    /// The bonus colours, in the order the cards list them.
    pub colours: Vec<Colour>,
    pub modules: Vec<Module>,
    /// The modules played with the noble tiles (every one but Les Cités).
    pub noble_modules: Vec<Module>,
}

/// Les Cités de Splendor's [`SplendorLimits`].
pub fn limits() -> SplendorLimits {
    SplendorLimits {
        noble_prestige: NOBLE_PRESTIGE,
        cities_in_play: u32::try_from(CITIES_IN_PLAY).unwrap_or(u32::MAX),
        max_bonus: DEVELOPMENT_CARDS_PER_COLOUR,
        max_prestige: MAX_CARD_PRESTIGE,
        max_cards: MAX_DEVELOPMENT_CARDS,
        max_nobles: table::nobles_in_play(usize::from(INFO.max_players())),
        gold_tokens: table::GOLD_TOKENS,
        strongholds_per_player: table::STRONGHOLDS_PER_PLAYER,
        colours: Colour::ALL.to_vec(),
        modules: Module::ALL.to_vec(),
        noble_modules: Module::ALL.into_iter().filter(|m| m.uses_nobles()).collect(),
    }
}

#[cfg(test)]
mod tests;
