//! The one contract a game fulfils. In the spirit of shakmaty's `Setup` → `Position`: a game
//! takes a raw table state (what a door sends, JSON) to a validated one (every problem at once,
//! each with its field) and scores it; everything else the app knows of a game, outside its
//! folder, comes from here: its names and variants, its help, setup checklist and first table,
//! what a phone may save of a seat, its round log in words, the words that name it in a rules
//! search or a BG Stats file, its rule entries, what its statistics read of its table states,
//! and the limits its play screen is built with.
//!
//! [`GameId::game`](super::GameId::game) is the only place that lists the games; every function
//! of [`games`](super) that takes a [`GameId`](super::GameId) goes through it. Anything a game
//! does not have (a live help, a round log) has a default here.

use serde_json::Value;

use super::seat::SeatRules;
use super::{GameInfo, Problems, Scoreboard, SetupStep, TableHelp, sheet};
use crate::text::Text;

/// One game, as the rest of the app sees it.
pub trait Game: Sync {
    /// Names, variants with their player counts, score categories.
    fn info(&self) -> &'static GameInfo;

    /// Scores a table state: parse → validate (every problem with its field) → score.
    fn score(&self, raw: &Value) -> Result<Scoreboard, Problems>;

    /// What partial totals are scored with; a game may leave a ranking problem (a tie it cannot
    /// settle yet) out of them.
    fn score_totals(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        self.score(raw)
    }

    /// Scores a table state to finish its play: where the core follows the course of play, the
    /// game must be over, so that a finished play always has its outcome.
    fn finish(&self, raw: &Value) -> Result<Scoreboard, Problems> {
        self.score(raw)
    }

    /// What the game says of the table as typed, beyond the score, on a table it can read
    /// (an error otherwise): shown live while playing. A game without one says so.
    fn table_help(&self, _raw: &Value) -> Result<TableHelp, Problems> {
        Err(sheet::no_live_help(self.info()))
    }

    /// The live help, refused as the scorer refuses the table: a table [`Game::score`]
    /// refuses gets its problems. A game whose help checks the table as its scorer does
    /// overrides it to read the table once.
    fn checked_help(&self, raw: &Value) -> Result<TableHelp, Problems> {
        self.score(raw)?;
        self.table_help(raw)
    }

    /// The score and the preview's help together ([`Game::table_help`] when the game can
    /// still say something of the table as typed).
    fn score_and_help(&self, raw: &Value) -> (Result<Scoreboard, Problems>, Option<TableHelp>) {
        (self.score(raw), self.table_help(raw).ok())
    }

    /// The setup checklist for a variant id and a player count (`ninth_character` only
    /// matters to a game that has one); an unknown variant or a player count the variant is
    /// not played with is refused with its problem.
    fn setup(&self, variant: &str, players: u8, ninth_character: bool) -> Result<Vec<SetupStep>, Problems>;

    /// The table state a new play starts from when the rulebook's setup puts something on the
    /// players' sheets before the first round; `None` when a play starts from an empty sheet.
    fn initial_table(&self, _variant: &str, _names: &[String], _first: usize) -> Option<Value> {
        None
    }

    /// What of a seat a phone may save, and what other phones may not see.
    fn seat_rules(&self) -> &'static SeatRules;

    /// The sentence for one stored round event of the game's table helpers (`kind`, `payload`),
    /// `None` for a kind it does not know (its data is kept as it is). `names`: the seats'.
    fn round_event_words(&self, _kind: &str, _payload: &Value, _names: &[String]) -> Option<Text> {
        None
    }

    /// The round log the game's table state holds, each line with its round, in order played.
    fn table_round_log(&self, _table: &Value, _names: &[String]) -> Vec<(u8, Text)> {
        Vec::new()
    }

    /// Words players use to name the game in a rules question, folded (lowercase, no accents):
    /// not part of what makes a rule's title equal to a query.
    fn search_words(&self) -> &'static [&'static str];

    /// How BG Stats files and BoardGameGeek name the game.
    fn board_game_geek(&self) -> &'static BoardGameGeek;

    /// The game's own rule entries (`src/rules/entries/<game>.toml`'s text), which the rules
    /// catalogue loads as that game's.
    fn rule_entries(&self) -> &'static str;

    /// Rule entries of the game about some of its variants only, as its catalogues know them
    /// rather than as the entry says: each entry's id with those variants' ids, in order (the
    /// rules search's variant filter then shows it only with them). An entry that names its
    /// own variants keeps them; the first pair naming an entry wins.
    fn rule_entry_variants(&self) -> Vec<(String, Vec<&'static str>)> {
        Vec::new()
    }

    /// What the statistics count in the game's stored table states beyond its scoreboard
    /// (none by default).
    fn table_stats(&self) -> &'static TableStats {
        &TableStats { built: &[], last_round_characters: None }
    }

    /// How wide the statistics' buckets of a player's total are (`Store::game_stats` when asked
    /// for no width): ten points by default.
    fn score_bucket_width(&self) -> u32 {
        10
    }

    /// The bounds and fixed lists the game's play screen must know before any answer (its
    /// `limits()`), exported to the UI as the constant `<GAME>_LIMITS` (`bindings.ts`).
    fn limits(&self) -> Value;

    /// Registers the types the UI builds for the game (its limits', its raw table's), exported
    /// beside the operations' bindings.
    #[cfg(feature = "specta")]
    fn register_ui_types(&self, _types: &mut specta::Types) {}
}

/// Lists under each player of a game's stored table states that the statistics count (read
/// by SQL over every stored state, so each shape named here stays readable in every table
/// schema the game has had).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableStats {
    /// What each player built by the end, counted together, most built first: each
    /// `(list, None)` is `players[].<list>[]`, each `(list, Some(field))`
    /// `players[].<list>[].<field>`.
    pub built: &'static [(&'static str, Option<&'static str>)],
    /// `players[].<list>[]`: the characters each player revealed in the last round.
    pub last_round_characters: Option<&'static str>,
}

/// How a BG Stats export names a game: BoardGameGeek ids (the same whatever the language of
/// the title) and, for a play typed by hand, full titles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardGameGeek {
    /// The ids that are this game; the first is the one an export of ours writes (none: the
    /// game is not on BoardGameGeek).
    pub ids: &'static [i64],
    /// A base game that is this game only when played with one of `ids` (its expansion),
    /// never by its own.
    pub base: Option<i64>,
    /// Full titles that name the game, in French or English, folded (lowercase, no accents,
    /// punctuation as spaces, one space between words).
    pub titles: &'static [&'static str],
}
