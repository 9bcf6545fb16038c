//! Table mode (issue #18): what of a table state is one seat's to enter from a phone, and what
//! other phones may not see. Every game keeps its seats in `players[i]`; each game's
//! [`SeatRules`] (declared in its `table.rs`, next to its rule) name the fields of a seat that
//! are private to its player and the ones no phone may change.
//!
//! Pure functions over JSON: no I/O, no panic on any input.

use serde_json::{Map, Value};

use super::{GameId, Problems};
use crate::text::Text;

/// A game's seat part: `players[i]`, minus what the rules keep from phones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatRules {
    /// Fields of `players[i]` only that seat's phone (and the host) may see.
    pub private: &'static [&'static str],
    /// Fields of `players[i]` no phone may change (the host's: the seat's name).
    pub locked: &'static [&'static str],
}

impl GameId {
    pub fn seat_rules(self) -> &'static SeatRules {
        match self {
            GameId::Valencia => &super::valencia::SEAT,
            GameId::Citadelles => &super::citadelles::SEAT,
            GameId::Orleans => &super::orleans::SEAT,
            GameId::Splendor => &super::splendor::SEAT,
        }
    }
}

/// The table state as the phone at `seat` may read it (`None`: a phone without a seat): every
/// other seat's private fields removed. Anything that is not an object with a `players` list
/// is answered as it is (there is no seat in it to hide).
pub fn public_view(game: GameId, state: &Value, seat: Option<u8>) -> Value {
    let rules = game.seat_rules();
    let mut view = state.clone();
    if let Some(players) = view.get_mut("players").and_then(Value::as_array_mut) {
        for (i, player) in players.iter_mut().enumerate() {
            if seat.is_some_and(|s| usize::from(s) == i) {
                continue;
            }
            if let Some(fields) = player.as_object_mut() {
                for field in rules.private {
                    fields.remove(*field);
                }
            }
        }
    }
    view
}

/// Merges what the phone at `seat` sent (`part`: an object of some fields of its
/// `players[seat]`) into the table state: each field sent replaces that field (the last writer
/// wins per field; fields not sent are left as they are, so two phones editing their own
/// seats never overwrite each other). A locked field, or a part that is not an object, is
/// refused, naming it; nothing outside `players[seat]` can be reached.
pub fn merge_seat(game: GameId, state: &Value, seat: u8, part: &Value) -> Result<Value, Problems> {
    let rules = game.seat_rules();
    let mut problems = Problems::new();
    let Some(part) = part.as_object() else {
        problems.push(
            "part",
            "malformed",
            Text::new(
                "Une place s'envoie comme un objet de ses champs.",
                "A seat is sent as an object of its fields.",
            ),
        );
        return Err(problems);
    };
    for field in part.keys().filter(|k| rules.locked.contains(&k.as_str())) {
        problems.push(
            format!("players[{seat}].{field}"),
            "locked",
            Text::new(
                format!("« {field} » se change sur l'appareil de l'hôte."),
                format!("`{field}` is changed on the host's device."),
            ),
        );
    }
    let mut merged = state.clone();
    let players = merged.as_object_mut().and_then(|t| t.get_mut("players")).and_then(Value::as_array_mut);
    let Some(player) = players.and_then(|p| p.get_mut(usize::from(seat))) else {
        problems.push(
            "seat",
            "not_found",
            Text::new(format!("La table n'a pas de place {seat}."), format!("The table has no seat {seat}.")),
        );
        return Err(problems);
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    if !player.is_object() {
        *player = Value::Object(Map::new());
    }
    if let Some(fields) = player.as_object_mut() {
        for (field, value) in part {
            fields.insert(field.clone(), value.clone());
        }
    }
    Ok(merged)
}

/// Problems of a seat only (those naming `players[seat]`), for the phone that entered it.
pub fn seat_problems(problems: &[super::Problem], seat: u8) -> Vec<super::Problem> {
    let prefix = format!("players[{seat}]");
    problems
        .iter()
        .filter(|p| {
            p.field == prefix
                || p.field.starts_with(&format!("{prefix}."))
                || p.field.starts_with(&format!("{prefix}["))
        })
        .cloned()
        .collect()
}
