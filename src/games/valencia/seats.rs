//! Taking and leaving a council seat on the table (the sheet's seat buttons, and step A's
//! auction applied): the one place that moves a member onto a seat.
//!
//! VAL p.7 (Le Conseil): « Lorsque vous placez un membre de votre famille sur une des 8
//! cases du Conseil au cours de la partie, remplacez le membre de la famille que vous remplacez
//! dans la réserve de son propriétaire. » Module 1, p.13 (Soutien): a second member may join
//! another player's member « sur une case du Conseil qui contient déjà un autre membre de la
//! famille d'un autre joueur, mais seulement s'il s'agit d'une des 5 cases Guilde » — and « Si
//! vous devez partir de cette case plus tard dans la partie, retirez les deux membres de la
//! famille en même temps »: whoever takes that seat sends both back.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::auction::{InfluenceCard, chosen_special_cards};
use super::board::ValenciaSeat;
use super::table::ValenciaVariant;
use crate::games::Problems;
use crate::text::Text;

/// What a tap on a council seat does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ValenciaSeatMove {
    /// The player places a member there: whoever held it gets theirs back.
    Take,
    /// The player's member leaves it (an entry corrected).
    Leave,
    /// Module 1, Soutien: the player's member joins the one other player's member on a guild seat.
    Support,
}

/// The seats `player` holds on `table` (a table state's JSON), as the sheet shows them.
fn council_of(table: &Value, player: usize) -> Vec<String> {
    table
        .get("players")
        .and_then(|ps| ps.get(player))
        .and_then(|pl| pl.get("council"))
        .and_then(Value::as_array)
        .map(|c| c.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Writes `player`'s seats, in the board's order (as the sheet writes them).
fn set_council(table: &mut Value, player: usize, mut keys: Vec<String>) {
    keys.sort_by_key(|k| ValenciaSeat::ALL.iter().position(|s| s.key() == k).unwrap_or(usize::MAX));
    keys.dedup();
    if let Some(pl) =
        table.get_mut("players").and_then(|ps| ps.get_mut(player)).and_then(Value::as_object_mut)
    {
        pl.insert("council".to_owned(), Value::from(keys));
    }
}

/// `taker` places a member on `seat`: every other holder gets theirs back (p.7; Soutien's pair
/// leaves together, p.13).
pub(super) fn take_seat(table: &mut Value, taker: usize, seat: ValenciaSeat) {
    let players = table.get("players").and_then(Value::as_array).map_or(0, Vec::len);
    for i in 0..players {
        let mut held = council_of(table, i);
        let has = held.iter().any(|k| k == seat.key());
        if i == taker && !has {
            held.push(seat.key().to_owned());
            set_council(table, i, held);
        } else if i != taker && has {
            held.retain(|k| k != seat.key());
            set_council(table, i, held);
        }
    }
}

/// A tap on `seat` for `player` (the sheet's seat buttons). An edit of the sheet like a typed
/// value, so it works on a table that is not valid yet (the seat it fixes, say); it refuses only
/// what cannot be done: a seat or a player the table does not have, Soutien outside module 1's
/// card, on a seat that is no guild's or not held by exactly one other player.
pub fn council_seat(table: &Value, player: u8, seat: &str, how: ValenciaSeatMove) -> Result<Value, Problems> {
    let mut p = Problems::new();
    let i = usize::from(player);
    let n = table.get("players").and_then(Value::as_array).map_or(0, Vec::len);
    if i >= n {
        p.push(
            "player",
            "out_of_range",
            Text::new(
                format!("Siège {} : la table compte {n} joueurs.", u16::from(player) + 1),
                format!("Seat {}: the table has {n} players.", u16::from(player) + 1),
            ),
        );
    }
    let Some(s) = ValenciaSeat::from_key(seat) else {
        p.push(
            "seat",
            "unknown_seat",
            Text::new(
                format!("Siège inconnu « {seat} » (nobility, church, oranges, dried_fruit, wine, clothing, porcelain, merchants)."),
                format!("Unknown seat “{seat}” (nobility, church, oranges, dried_fruit, wine, clothing, porcelain, merchants)."),
            ),
        );
        return Err(p);
    };
    if !p.is_empty() {
        return Err(p);
    }
    let mut out = table.clone();
    match how {
        ValenciaSeatMove::Take => take_seat(&mut out, i, s),
        ValenciaSeatMove::Leave => {
            let mut held = council_of(&out, i);
            if held.iter().any(|k| k == s.key()) {
                held.retain(|k| k != s.key());
                set_council(&mut out, i, held);
            }
        }
        ValenciaSeatMove::Support => {
            support_allowed(&mut p, table, i, s);
            if !p.is_empty() {
                return Err(p);
            }
            let mut held = council_of(&out, i);
            held.push(s.key().to_owned());
            set_council(&mut out, i, held);
        }
    }
    Ok(out)
}

/// Module 1, p.13 (Soutien): only when the table plays the card, only on a guild seat, only
/// beside exactly one member of another player.
fn support_allowed(p: &mut Problems, table: &Value, player: usize, seat: ValenciaSeat) {
    let mut ignored = Problems::new();
    let variant =
        ValenciaVariant::parse(&mut ignored, "variant", table.get("variant").and_then(Value::as_str))
            .unwrap_or(ValenciaVariant::Base);
    let ids: Option<Vec<&str>> = table
        .get("special_cards")
        .and_then(Value::as_array)
        .map(|c| c.iter().filter_map(Value::as_str).collect());
    let special = chosen_special_cards(&mut ignored, variant, ids.as_deref());
    let n = table.get("players").and_then(Value::as_array).map_or(0, Vec::len);
    let others =
        (0..n).filter(|&i| i != player && council_of(table, i).iter().any(|k| k == seat.key())).count();
    let name = seat.name();
    let refused = if !special.contains(&InfluenceCard::Support) {
        Some(Text::new(
            "Soutien : seulement avec la carte Soutien en jeu (module Cartes Influence spéciales).",
            "Support: only with the Support card in play (special influence cards module).",
        ))
    } else if !seat.is_guild() {
        Some(Text::new(
            format!("Soutien : seulement sur un siège de guilde, pas sur le siège {}.", name.fr),
            format!("Support: only on a guild seat, not on the {} seat.", name.en),
        ))
    } else if others != 1 || council_of(table, player).iter().any(|k| k == seat.key()) {
        Some(Text::new(
            format!("Soutien : le siège {} doit porter un seul membre, d'un autre joueur.", name.fr),
            format!("Support: the {} seat must hold one member, of another player.", name.en),
        ))
    } else {
        None
    };
    if let Some(message) = refused {
        p.push("how", "support_not_allowed", message);
    }
}
