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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn each_game_hides_its_private_fields_from_the_other_seats_only() {
        let citadelles = json!({ "players": [
            { "name": "Ani", "gold": 2, "cards_in_hand": 3, "secret_vault": true },
            { "name": "Dirk", "gold": 4, "cards_in_hand": 1 } ] });
        let view = public_view(GameId::Citadelles, &citadelles, Some(1));
        assert_eq!(view["players"][0], json!({ "name": "Ani", "gold": 2 }), "Ani's hand is hers");
        assert_eq!(view["players"][1]["cards_in_hand"], 1, "Dirk sees his own");
        let valencia = json!({ "players": [{ "name": "Ani", "missions": [{ "id": "mission_palms" }] }] });
        assert_eq!(public_view(GameId::Valencia, &valencia, None)["players"][0], json!({ "name": "Ani" }));
        let splendor = json!({ "players": [{ "name": "Ani", "gold": 1, "nobles": 2 }] });
        assert_eq!(public_view(GameId::Splendor, &splendor, None), splendor, "nothing hidden in Splendor");
        assert_eq!(public_view(GameId::Orleans, &json!("not a table"), Some(0)), json!("not a table"));
    }

    #[test]
    fn a_seat_part_is_merged_field_by_field_inside_its_seat() {
        let state = json!({ "variant": "base", "players": [{ "name": "Ani", "coins": 1, "palm_members": 2 }, { "name": "Dirk" }] });
        let merged =
            merge_seat(GameId::Valencia, &state, 0, &json!({ "coins": 5, "variant": "x" })).expect("merged");
        assert_eq!(
            merged["players"][0],
            json!({ "name": "Ani", "coins": 5, "palm_members": 2, "variant": "x" })
        );
        assert_eq!(merged["variant"], "base", "a table field sent as part stays in the seat");
        assert_eq!(merged["players"][1], json!({ "name": "Dirk" }));

        let locked = merge_seat(GameId::Orleans, &state, 1, &json!({ "name": "Eve" })).expect_err("locked");
        assert_eq!((locked.0[0].field.as_str(), locked.0[0].code.as_str()), ("players[1].name", "locked"));
        let missing = merge_seat(GameId::Splendor, &state, 2, &json!({})).expect_err("no seat 2");
        assert_eq!(missing.0[0].field, "seat");
        let shape = merge_seat(GameId::Citadelles, &state, 0, &json!([1])).expect_err("not an object");
        assert_eq!(shape.0[0].code, "malformed");
    }

    #[test]
    fn a_seat_s_problems_are_its_own() {
        let problem = |field: &str| super::super::Problem {
            field: field.into(),
            code: "x".into(),
            message: Text::new("x", "x"),
        };
        let all = [
            problem("players[1].coins"),
            problem("players[10].coins"),
            problem("players[1]"),
            problem("fountains"),
        ];
        let fields: Vec<String> = seat_problems(&all, 1).into_iter().map(|p| p.field).collect();
        assert_eq!(fields, ["players[1].coins", "players[1]"]);
    }
}
