//! A play's round log in words, in both languages: the table helpers store what happened as data
//! (a Citadelles round record, a draft, an Orléans deck); History reads it as sentences, never as
//! JSON. Each game gives its own words ([`Game::round_event_words`],
//! [`Game::table_round_log`]).
//!
//! [`Game::round_event_words`]: super::Game::round_event_words
//! [`Game::table_round_log`]: super::Game::table_round_log

use serde_json::Value;

use super::GameId;
use crate::text::Text;

/// A seat's name in a round log's words (`names`: the seats' names, by seat); a seat without
/// one reads `#n`, counted from 1.
pub(crate) fn seat_name(names: &[String], seat: u8) -> String {
    names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("#{}", u16::from(seat) + 1))
}

/// The sentence for one stored round event, or `None` for a kind this version does not know
/// (its data is kept as it is).
pub fn describe_round_event(game: GameId, kind: &str, payload: &Value, names: &[String]) -> Option<Text> {
    game.game().round_event_words(kind, payload, names)
}

/// The round log a play's table state holds (Valencia: the auctions applied and the council
/// phases counted, `progress.log`; Citadelles: the rounds the round caller applied, `rounds`),
/// each line with its round, in the order played.
pub fn table_round_log(game: GameId, table: &Value, names: &[String]) -> Vec<(u8, Text)> {
    game.game().table_round_log(table, names)
}
