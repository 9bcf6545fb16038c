//! Table mode: what of a table state is one seat's to enter from a phone, and what
//! other phones may not see. Every game keeps its seats in `players[i]`; each game's
//! [`SeatRules`] (declared in its `table.rs`, next to its rule) name the fields of a seat that
//! are private to its player, the ones no phone may change, and the catalogue ids a seat's
//! values are checked against.
//!
//! A phone's save carries only its game's seat fields, each within the game's own bounds
//! (a guest filled the history with unknown fields and undo steps of a megabyte
//! each): the merged table is checked by the game itself, and what it reports of a field the
//! phone sent as outside the field's domain (an unknown field, a count out of range, an id of
//! no catalogue, a name too long) refuses the save, naming the field. What is wrong only
//! against the rest of the table (5 palm members for 2 in the city) is stored, as the host's
//! autosave stores it, and shown to the phone as its problems.
//!
//! Pure functions over JSON: no I/O, no panic on any input.

use serde_json::{Map, Value};

use super::{Game, GameId, Problems};
use crate::text::Text;

/// A game's seat part: `players[i]`, minus what the rules keep from phones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatRules {
    /// Fields of `players[i]` only that seat's phone (and the host) may see.
    pub private: &'static [&'static str],
    /// Fields of `players[i]` no phone may change (the host's: the seat's name).
    pub locked: &'static [&'static str],
    /// The problem codes the game gives a seat's value that names nothing of its catalogues
    /// (a mission, a district, a good…): refused from a phone, as [`OUT_OF_BOUNDS`] are.
    pub unknown_ids: &'static [&'static str],
}

/// The problem codes, common to every game, of a value outside its field's domain: a field
/// the game does not know, a value of the wrong type, a count beyond the game's bound, a name
/// longer than names may be. A phone's save giving one of them is refused.
pub const OUT_OF_BOUNDS: &[&str] =
    &["unknown_field", "malformed", "not_an_integer", "not_a_string", "out_of_range", "name_too_long"];

/// The largest seat a phone may store (`players[i]` as JSON): a whole seat of any game, every
/// field filled, is well under it; a table of such seats, and each undo step of it, stays small.
pub const MAX_SEAT_BYTES: usize = 8 * 1024;

impl GameId {
    pub fn seat_rules(self) -> &'static SeatRules {
        self.game().seat_rules()
    }
}

/// The table state as the phone at `seat` may read it (`None`: a phone without a seat): every
/// other seat's private fields removed. Anything that is not an object with a `players` list
/// is answered as it is (there is no seat in it to hide).
pub fn public_view(game: GameId, state: &Value, seat: Option<u8>) -> Value {
    public_view_in(game.game(), state, seat)
}

/// [`public_view`] for any [`Game`].
pub(crate) fn public_view_in(game: &dyn Game, state: &Value, seat: Option<u8>) -> Value {
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
    merge_seat_in(game.game(), state, seat, part)
}

/// [`merge_seat`] for any [`Game`].
pub(crate) fn merge_seat_in(
    game: &dyn Game,
    state: &Value,
    seat: u8,
    part: &Value,
) -> Result<Value, Problems> {
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
    let refused = out_of_bounds(game, &merged, seat, part);
    if !refused.is_empty() {
        return Err(refused);
    }
    let size = merged["players"][usize::from(seat)].to_string().len();
    if size > MAX_SEAT_BYTES {
        problems.push(
            format!("players[{seat}]"),
            "too_large",
            Text::new(
                format!("Une place tient en {} Kio au plus ({size} octets envoyés).", MAX_SEAT_BYTES >> 10),
                format!("A seat holds {} KiB at most ({size} bytes sent).", MAX_SEAT_BYTES >> 10),
            ),
        );
        return Err(problems);
    }
    Ok(merged)
}

/// What the game reports of the fields in `part` as outside their domain ([`OUT_OF_BOUNDS`],
/// the game's [`SeatRules::unknown_ids`]), once merged into the table.
fn out_of_bounds(game: &dyn Game, merged: &Value, seat: u8, part: &Map<String, Value>) -> Problems {
    let Err(found) = game.score(merged) else { return Problems::new() };
    let refused = |code: &str| OUT_OF_BOUNDS.contains(&code) || game.seat_rules().unknown_ids.contains(&code);
    let prefix = format!("players[{seat}].");
    let sent = |field: &str| {
        field.strip_prefix(&prefix).is_some_and(|rest| {
            let key = rest.split(['.', '[']).next().unwrap_or(rest);
            part.contains_key(key)
        })
    };
    Problems(found.0.into_iter().filter(|p| refused(&p.code) && sent(&p.field)).collect())
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
        let merged = merge_seat(GameId::Valencia, &state, 0, &json!({ "coins": 5 })).expect("merged");
        assert_eq!(merged["players"][0], json!({ "name": "Ani", "coins": 5, "palm_members": 2 }));
        assert_eq!(merged["variant"], "base");
        assert_eq!(merged["players"][1], json!({ "name": "Dirk" }));
        // A table field sent as a seat's part is no field of a seat: refused, naming it.
        let table_field = merge_seat(GameId::Valencia, &state, 0, &json!({ "coins": 5, "variant": "x" }))
            .expect_err("refused");
        assert_eq!(fields_and_codes(&table_field), [("players[0].variant", "unknown_field")]);

        let locked = merge_seat(GameId::Orleans, &state, 1, &json!({ "name": "Eve" })).expect_err("locked");
        assert_eq!((locked.0[0].field.as_str(), locked.0[0].code.as_str()), ("players[1].name", "locked"));
        let missing = merge_seat(GameId::Splendor, &state, 2, &json!({})).expect_err("no seat 2");
        assert_eq!(missing.0[0].field, "seat");
        let shape = merge_seat(GameId::Citadelles, &state, 0, &json!([1])).expect_err("not an object");
        assert_eq!(shape.0[0].code, "malformed");
    }

    fn fields_and_codes(problems: &Problems) -> Vec<(&str, &str)> {
        problems.iter().map(|p| (p.field.as_str(), p.code.as_str())).collect()
    }

    /// A guest stored 4 × 240 KB of unknown fields in its seat, each save keeping an
    /// undo step of a megabyte. A seat carries its game's fields only, within the game's bounds.
    #[test]
    fn a_seat_save_refuses_unknown_fields_and_values_out_of_the_game_s_bounds() {
        let two =
            |variant: &str| json!({ "variant": variant, "players": [{ "name": "Ani" }, { "name": "Dirk" }] });
        let refused = |game: GameId, variant: &str, part: Value| {
            let problems = merge_seat(game, &two(variant), 1, &part).expect_err("refused");
            fields_and_codes(&problems)
                .into_iter()
                .map(|(f, c)| (f.to_owned(), c.to_owned()))
                .collect::<Vec<_>>()
        };
        let pairs = |list: &[(&str, &str)]| {
            list.iter().map(|(f, c)| ((*f).to_owned(), (*c).to_owned())).collect::<Vec<_>>()
        };
        assert_eq!(
            refused(
                GameId::Valencia,
                "base",
                json!({ "padding": "x".repeat(100), "coins": 99_999, "resources": { "gold": 1 },
                        "council": ["throne"], "missions": [{ "id": "mission_nowhere" }, { "id": "mission_palms", "extra": 1 }] })
            ),
            pairs(&[
                ("players[1].padding", "unknown_field"),
                ("players[1].coins", "out_of_range"),
                ("players[1].resources.gold", "unknown_resource"),
                ("players[1].council[0]", "unknown_seat"),
                ("players[1].missions[0].id", "unknown_mission"),
                ("players[1].missions[1].extra", "unknown_field"),
            ])
        );
        assert_eq!(
            refused(
                GameId::Citadelles,
                "classique",
                json!({ "districts": ["nowhere"], "gold": "lots", "characters_last_round": [99] })
            ),
            pairs(&[
                ("players[1].districts[0]", "unknown_district"),
                ("players[1].gold", "not_an_integer"),
                ("players[1].characters_last_round[0]", "out_of_range"),
            ])
        );
        assert_eq!(
            refused(
                GameId::Orleans,
                "invasion",
                json!({ "goods": { "gold": 1 }, "character": "nobody", "buildings": [{ "points": 2, "name": "x".repeat(500) }] })
            ),
            pairs(&[
                ("players[1].goods.gold", "unknown_good"),
                ("players[1].buildings[0].name", "name_too_long"),
                ("players[1].character", "unknown_character"),
            ])
        );
        assert_eq!(
            refused(
                GameId::Splendor,
                "cities",
                json!({ "bonuses": { "pink": 1 }, "cities": ["atlantis"], "nobles": 99 })
            ),
            pairs(&[
                ("players[1].bonuses.pink", "unknown_colour"),
                ("players[1].nobles", "out_of_range"),
                ("players[1].cities[0]", "unknown_city"),
            ])
        );
    }

    /// What is wrong only against the rest of the table is the player's to fix, not a bound: it
    /// is stored (and shown to the phone), as the host's autosave stores it.
    #[test]
    fn a_seat_save_keeps_what_is_wrong_only_against_the_rest_of_the_table() {
        let state = json!({ "variant": "base", "fountains": [{ "value": 3 }], "players": [{ "name": "Ani" }, { "name": "Dirk", "coins": 900 }] });
        let part = json!({ "city_members": 2, "palm_members": 5, "fountain_members": [1, 1] });
        let merged = merge_seat(GameId::Valencia, &state, 0, &part).expect("stored");
        assert_eq!(merged["players"][0]["palm_members"], 5);
        let problems = crate::games::score_value(GameId::Valencia, &merged).expect_err("still wrong");
        assert!(problems.iter().any(|p| p.field == "players[0].palm_members"), "{problems}");
        // Dirk's 900 coins (stored before) are out of range, but Ani's phone did not send them.
        assert!(problems.iter().any(|p| p.field == "players[1].coins" && p.code == "out_of_range"));
    }

    #[test]
    fn a_seat_is_small() {
        let state = json!({ "variant": "base", "players": [{ "name": "Ani" }, { "name": "Dirk" }] });
        let missions: Vec<Value> =
            (0..400).map(|_| json!({ "id": "mission_palms", "points": 4, "done": true })).collect();
        let problems =
            merge_seat(GameId::Valencia, &state, 1, &json!({ "missions": missions })).expect_err("too large");
        assert_eq!(fields_and_codes(&problems), [("players[1]", "too_large")]);
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
