//! Citadelles' round log in words, in both languages: the round caller's records (kept in the
//! table state's `rounds`, and stored as round events) and the draft's draws, as History reads
//! them.

use serde::Deserialize;
use serde_json::Value;

use super::{CHARACTERS, CitadellesRoundRecord, CitadellesTurnOutcome};
use crate::games::round_log::seat_name;
use crate::text::{FrArticle, Text};

/// The kinds of round event the table helpers store in a play's log (`log_round_event`).
/// A round called by the round caller (a [`CitadellesRoundRecord`]).
pub const CITADELLES_ROUND_EVENT: &str = "citadelles_round";
/// The characters drawn out of the draft.
pub const CITADELLES_DRAFT_EVENT: &str = "citadelles_draft";

/// The sentence for one stored round event, `None` for a kind this version does not know.
pub(super) fn round_event_words(kind: &str, payload: &Value, names: &[String]) -> Option<Text> {
    match kind {
        CITADELLES_ROUND_EVENT => {
            let r: CitadellesRoundRecord = serde_json::from_value(payload.clone()).ok()?;
            Some(citadelles_round(&r, &|seat| seat_name(names, seat)))
        }
        CITADELLES_DRAFT_EVENT => {
            let d: Draft = serde_json::from_value(payload.clone()).ok()?;
            Some(citadelles_draft(&d))
        }
        _ => None,
    }
}

/// Citadelles: each round kept in the table (`rounds`), numbered from 1 in the order played, in
/// the same words as a stored round event. A record this version cannot read is left out (its
/// number is kept by the others).
pub(super) fn citadelles_rounds(table: &Value, names: &[String]) -> Vec<(u8, Text)> {
    let Some(rounds) = table.get("rounds").and_then(Value::as_array) else { return Vec::new() };
    let name = |seat: u8| seat_name(names, seat);
    (1..=u8::MAX)
        .zip(rounds)
        .filter_map(|(n, r)| {
            let r = CitadellesRoundRecord::deserialize(r).ok()?;
            Some((n, citadelles_round(&r, &name)))
        })
        .collect()
}

fn citadelles_round(r: &CitadellesRoundRecord, name: &dyn Fn(u8) -> String) -> Text {
    let mut fr = Vec::new();
    let mut en = Vec::new();
    for t in &r.turns {
        match (t.outcome, t.seat) {
            (CitadellesTurnOutcome::Played, Some(s)) => {
                fr.push(format!("{} : {} ({})", name(s), t.name.fr, t.rank));
                en.push(format!("{}: {} ({})", name(s), t.name.en, t.rank));
            }
            (CitadellesTurnOutcome::Murdered, _) => {
                let feminine = CHARACTERS.iter().any(|c| c.id == t.character && c.feminine);
                fr.push(format!(
                    "{} ({}) {}",
                    t.name.fr,
                    t.rank,
                    if feminine { "assassinée" } else { "assassiné" }
                ));
                en.push(format!("{} ({}) murdered", t.name.en, t.rank));
            }
            _ => {}
        }
    }
    let witch = r.turns.iter().find(|t| t.character == "witch" && t.outcome == CitadellesTurnOutcome::Played);
    if let (Some(rank), Some(witch)) = (r.bewitched, witch.and_then(|t| t.seat)) {
        let bewitched = r.turns.iter().find(|t| t.rank == rank);
        let character = bewitched.and_then(|t| CHARACTERS.iter().find(|c| c.id == t.character));
        let (named_fr, named_en) = character.map_or_else(
            || (format!("le personnage de rang {rank}"), format!("the rank-{rank} character")),
            |c| (format!("{} ({rank})", c.fr_with(FrArticle::Le)), format!("the {} ({rank})", c.en)),
        );
        fr.push(format!("{} (Sorcière) ensorcelle {named_fr}", name(witch)));
        en.push(format!("{} (Witch) bewitches {named_en}", name(witch)));
    }
    if let (Some(rank), Some(thief)) = (r.robbed, r.thief_seat) {
        fr.push(format!("{} (Voleur) vole le rang {rank}", name(thief)));
        en.push(format!("{} (Thief) robs rank {rank}", name(thief)));
    }
    for d in &r.destructions {
        fr.push(format!(
            "{} détruit {} chez {} ({} or)",
            name(d.by_seat),
            d.name.fr,
            name(d.target_seat),
            d.cost
        ));
        en.push(format!(
            "{} destroys {} of {} ({} gold)",
            name(d.by_seat),
            d.name.en,
            name(d.target_seat),
            d.cost
        ));
    }
    // The cities completed in this round, in the order the caller recorded them (the first
    // one ends the game at the end of the round).
    for &s in &r.completed {
        fr.push(format!("{} complète sa cité", name(s)));
        en.push(format!("{} completes their city", name(s)));
    }
    if r.crown_after == r.crown_before {
        fr.push(format!("la Couronne reste à {}", name(r.crown_after)));
        en.push(format!("the crown stays with {}", name(r.crown_after)));
    } else {
        fr.push(format!("la Couronne passe de {} à {}", name(r.crown_before), name(r.crown_after)));
        en.push(format!("the crown goes from {} to {}", name(r.crown_before), name(r.crown_after)));
    }
    Text::new(format!("{}.", fr.join(" ; ")), format!("{}.", en.join("; ")))
}

/// A draft draw as the draft assistant logs it.
#[derive(Deserialize)]
struct Draft {
    #[serde(default)]
    face_up: Vec<String>,
    #[serde(default)]
    face_down: Vec<String>,
    /// How many times the King came up face up and went back (older logs: a flag).
    #[serde(default)]
    king_put_back: Value,
}

fn citadelles_draft(d: &Draft) -> Text {
    let name = |id: &String| {
        CHARACTERS
            .iter()
            .find(|c| c.id == id.as_str())
            .map_or_else(|| Text::new(id.clone(), id.clone()), |c| c.name())
    };
    let up: Vec<Text> = d.face_up.iter().map(name).collect();
    let join = |f: fn(&Text) -> &str| up.iter().map(f).collect::<Vec<_>>().join(", ");
    // The face-down cards stay hidden: only how many.
    let down = d.face_down.len();
    let (mut fr, mut en) = if up.is_empty() {
        ("Tirage : aucun personnage face visible".to_owned(), "Draw: no character face up".to_owned())
    } else {
        (format!("Tirage : {} face visible", join(|t| &t.fr)), format!("Draw: {} face up", join(|t| &t.en)))
    };
    fr.push_str(&format!(", {down} face cachée"));
    en.push_str(&format!(", {down} face down"));
    if d.king_put_back.as_bool() == Some(true) || d.king_put_back.as_u64().is_some_and(|n| n > 0) {
        fr.push_str(" ; le Roi, sorti face visible, est remis dans la pile");
        en.push_str("; the King, drawn face up, went back into the deck");
    }
    Text::new(format!("{fr}."), format!("{en}."))
}
