//! The four games. Each game module exposes the same shape: a raw table state (what the UI or a
//! JSON file sends, serde) → a validated state (every problem reported at once, each naming its
//! field) → a [`Scoreboard`]. Rules code does no I/O, never panics on user input and counts in
//! integer points.
//!
//! Until a game's own table state lands, its module scores the generic per-category sheet
//! ([`sheet`]) with the categories its rulebook names.

pub mod citadelles;
mod contract;
mod fast_read;
pub(crate) mod input;
pub mod orleans;
mod partial;
mod problem;
pub(crate) mod round_log;
mod scoreboard;
pub mod seat;
pub mod sheet;
pub mod splendor;
#[cfg(test)]
mod test_game;
pub mod valencia;

use serde::{Deserialize, Serialize};

pub use citadelles::{CITADELLES_DRAFT_EVENT, CITADELLES_ROUND_EVENT};
pub use contract::{BoardGameGeek, Game};
pub use input::{NameProblem, clean_name, parse_json};
pub use orleans::{ORLEANS_DECK_EVENT, ORLEANS_ROUND_EVENT};
pub use partial::{help_partial, partial_totals, score_partial};
pub use problem::{Problem, Problems};
pub use round_log::{describe_round_event, table_round_log};
pub use scoreboard::{
    Better, CategoryScore, Criterion, Detail, LostAt, MissionOutcome, Outcome, PlayFacts, PlayerScore,
    Scoreboard, TieBreak, rank,
};

use crate::text::{Lang, Text};

/// One of the four games Greffier knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    Valencia,
    Citadelles,
    Orleans,
    Splendor,
    /// A fifth game, for tests only ([`test_game`]): what a new game plugs in through.
    #[cfg(test)]
    Test,
}

impl GameId {
    pub const ALL: [GameId; 4] = [GameId::Valencia, GameId::Citadelles, GameId::Orleans, GameId::Splendor];

    /// The stable id used in files, the database and the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            GameId::Valencia => "valencia",
            GameId::Citadelles => "citadelles",
            GameId::Orleans => "orleans",
            GameId::Splendor => "splendor",
            #[cfg(test)]
            GameId::Test => "test",
        }
    }

    /// The game's contract: the one place that lists the games; everything the app does with
    /// a game goes through it.
    pub fn game(self) -> &'static dyn Game {
        match self {
            GameId::Valencia => &valencia::Valencia,
            GameId::Citadelles => &citadelles::Citadelles,
            GameId::Orleans => &orleans::Orleans,
            GameId::Splendor => &splendor::Splendor,
            #[cfg(test)]
            GameId::Test => &test_game::TestGame,
        }
    }

    pub fn info(self) -> &'static GameInfo {
        self.game().info()
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The id is not one of the four games.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}` (expected one of: valencia, citadelles, orleans, splendor)")]
pub struct UnknownGame(pub String);

impl std::str::FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameId, UnknownGame> {
        let folded = crate::rules::fold(s);
        GameId::ALL
            .into_iter()
            .find(|g| {
                let info = g.info();
                g.as_str() == folded
                    || crate::rules::fold(info.name) == folded
                    || crate::rules::fold(info.name_en) == folded
            })
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// What the app shows about a game before any play: names, player counts, rule profiles /
/// modules / scenarios, score categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    pub id: GameId,
    /// Name as printed on the French box (the rulebooks'): the French name, and what problems
    /// and the history name the game by.
    pub name: &'static str,
    /// Name as printed on the English box (Cities of Splendor, Citadels), for the English UI.
    pub name_en: &'static str,
    /// What [`GameInfo::variants`] are called for this game.
    pub variant_label: StaticText,
    /// The first is the default.
    pub variants: &'static [VariantInfo],
    pub categories: &'static [CategoryInfo],
    /// Version of the table-state JSON this build writes; stored with each play so scores can
    /// be recomputed after a fix.
    pub table_schema_version: u32,
}

/// The English box's name of the game whose French box reads `french` (`french` itself for
/// a name that is no game's: « Greffier »), for the English side of a message that names it.
pub(crate) fn english_box_name(french: &str) -> &str {
    GameId::ALL.iter().map(|g| g.info()).find(|i| i.name == french).map_or(french, |i| i.name_en)
}

impl GameInfo {
    /// The box name in each language, as its box prints it, in each language's typography:
    /// « Orléans\u{202f}: Invasion », « Les Cités de Splendor » in French; "Orléans: Invasion",
    /// "Cities of Splendor" in English.
    pub fn box_name(&self) -> Text {
        Text::new(self.name, self.name_en)
    }

    pub fn variant(&self, id: &str) -> Option<&'static VariantInfo> {
        self.variants.iter().find(|v| v.id == id)
    }

    pub fn default_variant(&self) -> &'static VariantInfo {
        &self.variants[0]
    }

    pub fn min_players(&self) -> u8 {
        self.variants.iter().map(|v| v.min_players).min().unwrap_or(1)
    }

    pub fn max_players(&self) -> u8 {
        self.variants.iter().map(|v| v.max_players).max().unwrap_or(1)
    }
}

/// A rule profile (Citadelles), module (Splendor, Valencia) or scenario (Orléans).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantInfo {
    pub id: &'static str,
    pub label: StaticText,
    pub min_players: u8,
    pub max_players: u8,
    pub mode: PlayMode,
    /// The score categories this variant uses, in the game's order (empty: all of them).
    pub categories: &'static [&'static str],
}

impl VariantInfo {
    /// Whether the category `key` counts in this variant.
    pub fn uses(&self, key: &str) -> bool {
        self.categories.is_empty() || self.categories.contains(&key)
    }
}

/// How a variant is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum PlayMode {
    Competitive,
    Coop,
    Solo,
    ObjectiveRace,
}

/// A score category of the game's end scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CategoryInfo {
    pub key: &'static str,
    pub label: StaticText,
    /// Where the rulebook defines it, e.g. `VAL p.10`.
    pub source: &'static str,
    /// Whether points in this category are normally subtracted (entered as negative numbers).
    pub negative: bool,
}

/// A `Text` known at compile time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StaticText {
    pub fr: &'static str,
    pub en: &'static str,
}

impl StaticText {
    pub const fn new(fr: &'static str, en: &'static str) -> StaticText {
        StaticText { fr, en }
    }

    pub fn to_text(self) -> Text {
        Text::new(self.fr, self.en)
    }

    /// The sentence in one language, as [`Text::get`].
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Fr => self.fr,
            Lang::En => self.en,
        }
    }
}

/// One thing to do before the first turn of a game, and the rule entry that says why: the setup
/// checklists are lists of these, per game, variant and player count. `id` names the step
/// whatever the player count or options change in its words (a tick is kept by it, so a list
/// that gains or loses a step never ticks the wrong one); unique within a checklist.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SetupStep {
    pub id: String,
    pub text: Text,
    pub rule: Option<String>,
}

impl SetupStep {
    pub fn new(id: &str, fr: impl Into<String>, en: impl Into<String>, rule: Option<&str>) -> SetupStep {
        SetupStep { id: id.to_owned(), text: Text::new(fr, en), rule: rule.map(str::to_owned) }
    }
}

/// The setup checklist of `game` for a variant (rule profile, module, scenario) and a player
/// count; `ninth_character` only matters to Citadelles' 2e édition.
pub fn setup_checklist(
    game: GameId,
    variant: &str,
    players: u8,
    ninth_character: bool,
) -> Result<Vec<SetupStep>, Problems> {
    game.game().setup(variant, players, ninth_character)
}

/// What a game can say about the table as typed, beyond the score: which cities each player
/// may take, which powers are unlocked, whether the end is triggered… Shown live while playing.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "game", content = "help", rename_all = "lowercase")]
pub enum TableHelp {
    Valencia(valencia::ValenciaHelp),
    Citadelles(citadelles::CitadellesHelp),
    Orleans(orleans::OrleansHelp),
    Splendor(splendor::Help),
}

/// The table state a new play of `game` starts from, when the rulebook's setup puts something on
/// the players' sheets before the first round (Valencia: the coins, the pawn and the first
/// council seats); `None` when a play starts from an empty sheet. `names` in seating order,
/// `first` the first player's seat. Written by the history when the play is created, so that
/// every door starts from it.
pub fn initial_table_state(
    game: GameId,
    variant: &str,
    names: &[String],
    first: usize,
) -> Option<serde_json::Value> {
    game.game().initial_table(variant, names, first)
}

/// The live help for a table state, refused as the scorer refuses it: a state
/// [`score_value`] refuses gets its problems, every one with its field, never an empty answer.
/// A generic sheet (the first table-state shape) holds no table to help with: refused too,
/// with its own problems when it has some.
pub fn help_value(game: GameId, raw: &serde_json::Value) -> Result<TableHelp, Problems> {
    if sheet::is_generic(raw) {
        score_value(game, raw)?;
        return Err(sheet::no_live_help(game.info()));
    }
    game.game().checked_help(raw)
}

/// The help the preview shows while the table is being typed: [`help_value`]'s on a valid
/// table; on one with problems, whatever the game can still say (Citadelles reads the table as
/// far as it can: each city's count and the cities to place are what the players need to fix
/// it), else `None` and the preview falls back on [`help_partial`].
fn live_help(game: GameId, raw: &serde_json::Value) -> Option<TableHelp> {
    game.game().table_help(raw).ok()
}

/// The score and the live help of a table state together, as [`score_value`] and the preview's
/// help ([`live_help`]) give them, with the table parsed, validated and scored once where the
/// game allows (Valencia's help shows its scoreboard): the preview asks both on every keystroke.
pub fn score_and_help_value(
    game: GameId,
    raw: &serde_json::Value,
) -> (Result<Scoreboard, Problems>, Option<TableHelp>) {
    game.game().score_and_help(raw)
}

/// Scores a table state to finish its play: [`score_value`], and the game must be over where the
/// core follows its course of play (Orléans: the last round closed, or the game won or lost
/// before), so that a finished play always has its outcome.
pub fn finish_value(game: GameId, raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    game.game().finish(raw)
}

/// Scores a table state given as JSON text for `game`: parse (a key given twice is refused)
/// → validate → score.
pub fn score_json(game: GameId, json: &str) -> Result<Scoreboard, Problems> {
    score_value(game, &parse_json(json)?)
}

/// What partial totals are scored with: [`score_value`], except that Citadelles leaves a
/// classic tie its characters cannot settle unsettled rather than reporting it (a ranking
/// problem, not a total's).
pub(crate) fn score_totals_value(game: GameId, raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    game.game().score_totals(raw)
}

/// Scores a table state already parsed as a JSON value.
pub fn score_value(game: GameId, raw: &serde_json::Value) -> Result<Scoreboard, Problems> {
    game.game().score(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_parse_by_id_and_by_name_ignoring_case_and_accents() {
        assert_eq!("valencia".parse::<GameId>(), Ok(GameId::Valencia));
        assert_eq!("CITADELLES".parse::<GameId>(), Ok(GameId::Citadelles));
        assert_eq!("Orléans: Invasion".parse::<GameId>(), Ok(GameId::Orleans));
        assert_eq!("Les Cités de Splendor".parse::<GameId>(), Ok(GameId::Splendor));
        assert_eq!("Cities of Splendor".parse::<GameId>(), Ok(GameId::Splendor));
        assert_eq!("Citadels".parse::<GameId>(), Ok(GameId::Citadelles));
        assert!("chess".parse::<GameId>().is_err());
    }

    /// The English UI names a game as its English box does (it said « Les Cités de
    /// Splendor »); the French keeps the French box's name.
    #[test]
    fn a_game_is_named_by_its_box_in_each_language() {
        let names: Vec<(String, String)> =
            GameId::ALL.iter().map(|g| g.info().box_name()).map(|t| (t.fr, t.en)).collect();
        assert_eq!(
            names,
            [
                ("Valencia", "Valencia"),
                ("Citadelles", "Citadels"),
                (&*crate::text::french("Orléans : Invasion"), "Orléans: Invasion"),
                ("Les Cités de Splendor", "Cities of Splendor")
            ]
            .map(|(fr, en)| (fr.to_owned(), en.to_owned()))
        );
    }

    #[test]
    fn every_game_has_variants_and_categories_with_unique_keys() {
        for game in GameId::ALL {
            let info = game.info();
            assert_eq!(info.id, game);
            assert!(!info.variants.is_empty(), "{game} has no variant");
            assert!(!info.categories.is_empty(), "{game} has no category");
            let mut keys: Vec<_> = info.categories.iter().map(|c| c.key).collect();
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(keys.len(), info.categories.len(), "{game} repeats a category key");
            for v in info.variants {
                assert!(v.min_players >= 1 && v.min_players <= v.max_players, "{game}/{}", v.id);
            }
        }
    }
}
