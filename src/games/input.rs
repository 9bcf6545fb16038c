//! Checks shared by every game's table state: player names, counts, unknown fields. Each
//! reports into `Problems` with the field it concerns and says nothing when the value is fine.

use serde_json::Value;

use super::Problems;
use crate::text::Text;

/// Longest player name accepted.
pub const MAX_NAME_CHARS: usize = 60;

/// Player `i`'s name: not empty, not too long, not already seated (ignoring case). `names` are
/// every seat's name in order.
pub(crate) fn player_name<S: AsRef<str>>(p: &mut Problems, i: usize, names: &[S]) {
    let Some(name) = names.get(i).map(|n| n.as_ref().trim()) else { return };
    let field = format!("players[{i}].name");
    if name.is_empty() {
        p.push(
            field,
            "empty_name",
            Text::new(
                format!("Le joueur {} n'a pas de nom.", i + 1),
                format!("Player {} has no name.", i + 1),
            ),
        );
    } else if name.chars().count() > MAX_NAME_CHARS {
        p.push(
            field,
            "name_too_long",
            Text::new(
                format!("Le nom du joueur {} dépasse {MAX_NAME_CHARS} caractères.", i + 1),
                format!("Player {}'s name is longer than {MAX_NAME_CHARS} characters.", i + 1),
            ),
        );
    } else if names.iter().take(i).any(|q| q.as_ref().trim().to_lowercase() == name.to_lowercase()) {
        p.push(
            field,
            "duplicate_name",
            Text::new(
                format!("« {name} » figure deux fois à la table."),
                format!("“{name}” is seated twice."),
            ),
        );
    }
}

/// A count: absent or null is 0; `None` (problem reported) when it is not a whole number from
/// 0 to `max`. `what` names the count in the message.
pub(crate) fn count(
    p: &mut Problems,
    field: String,
    value: Option<&Value>,
    max: u32,
    what: &Text,
) -> Option<u32> {
    let value = match value {
        None | Some(Value::Null) => return Some(0),
        Some(v) => v,
    };
    if let Some(n) = value.as_u64() {
        if let Ok(n) = u32::try_from(n)
            && n <= max
        {
            return Some(n);
        }
    } else if value.as_i64().is_none() {
        p.push(
            field,
            "not_an_integer",
            Text::new(
                format!("{} : un nombre entier est attendu, pas {value}.", what.fr),
                format!("{}: a whole number is expected, not {value}.", what.en),
            ),
        );
        return None;
    }
    p.push(
        field,
        "out_of_range",
        Text::new(
            format!("{} : {value} est hors limites (de 0 à {max}).", what.fr),
            format!("{}: {value} is out of range (0 to {max}).", what.en),
        ),
    );
    None
}

/// A field the game does not know.
pub(crate) fn unknown_field(p: &mut Problems, field: String, key: &str, game: &str) {
    p.push(
        field,
        "unknown_field",
        Text::new(
            format!("Champ inconnu « {key} » pour {game}."),
            format!("Unknown field “{key}” for {game}."),
        ),
    );
}
