//! A play's round log in words, in both languages: the table helpers store what happened as data
//! (a Citadelles round record, a draft, an Orléans deck); History reads it as sentences, never as
//! JSON (issue #14).

use serde::Deserialize;
use serde_json::Value;

use super::GameId;
use super::citadelles::{CHARACTERS, CitadellesRoundRecord, CitadellesTurnOutcome};
use crate::text::{FrArticle, Text};

/// The kinds of round event the table helpers store in a play's log (`log_round_event`).
/// Citadelles: a round called by the round caller (a [`CitadellesRoundRecord`]).
pub const CITADELLES_ROUND_EVENT: &str = "citadelles_round";
/// Citadelles: the characters drawn out of the draft.
pub const CITADELLES_DRAFT_EVENT: &str = "citadelles_draft";
/// Orléans: a round closed (its events and what each seat paid); kept as data, its words come
/// from the table state's own log.
pub const ORLEANS_ROUND_EVENT: &str = "orleans_round";
/// Orléans: the Invasion deck's draw.
pub const ORLEANS_DECK_EVENT: &str = "orleans_deck";

/// A seat's name in a round log's words (`names`: the seats' names, by seat); a seat without
/// one reads `#n`, counted from 1.
pub(crate) fn seat_name(names: &[String], seat: u8) -> String {
    names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("#{}", u16::from(seat) + 1))
}

/// The sentence for one stored round event, or `None` for a kind this version does not know
/// (its data is kept as it is).
pub fn describe_round_event(game: GameId, kind: &str, payload: &Value, names: &[String]) -> Option<Text> {
    let name = |seat: u8| seat_name(names, seat);
    match (game, kind) {
        (GameId::Citadelles, CITADELLES_ROUND_EVENT) => {
            let r: CitadellesRoundRecord = serde_json::from_value(payload.clone()).ok()?;
            Some(citadelles_round(&r, &name))
        }
        (GameId::Citadelles, CITADELLES_DRAFT_EVENT) => {
            let d: Draft = serde_json::from_value(payload.clone()).ok()?;
            Some(citadelles_draft(&d))
        }
        (GameId::Orleans, ORLEANS_DECK_EVENT) => {
            let d: Deck = serde_json::from_value(payload.clone()).ok()?;
            Some(orleans_deck(&d))
        }
        _ => None,
    }
}

/// The round log a play's table state holds (Valencia: the auctions applied and the council
/// phases counted, `progress.log`; Citadelles: the rounds the round caller applied, `rounds`),
/// each line with its round, in the order played.
pub fn table_round_log(game: GameId, table: &Value, names: &[String]) -> Vec<(u8, Text)> {
    match game {
        GameId::Valencia => super::valencia::round_log(table, names),
        GameId::Citadelles => citadelles_rounds(table, names),
        _ => Vec::new(),
    }
}

/// Citadelles: each round kept in the table (`rounds`), numbered from 1 in the order played, in
/// the same words as a stored round event. A record this version cannot read is left out (its
/// number is kept by the others).
fn citadelles_rounds(table: &Value, names: &[String]) -> Vec<(u8, Text)> {
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

/// Invasion's deck as drawn in the app.
#[derive(Deserialize)]
struct Deck {
    #[serde(default)]
    seed: u32,
    #[serde(default)]
    set_aside: Vec<String>,
    #[serde(default)]
    hard_mode: bool,
    #[serde(default)]
    order: Vec<String>,
}

fn orleans_deck(d: &Deck) -> Text {
    let (n, seed, aside) = (d.order.len(), d.seed, d.set_aside.len());
    let mut fr = format!("Pile des tuiles Sablier tirée dans Greffier : {n} tuiles (graine {seed})");
    let mut en = format!("Hourglass stack drawn in Greffier: {n} tiles (seed {seed})");
    if aside > 0 {
        fr.push_str(&format!(", {aside} écartées avant"));
        en.push_str(&format!(", {aside} set aside first"));
    }
    if d.hard_mode {
        fr.push_str(", mode difficile");
        en.push_str(", hard mode");
    }
    Text::new(format!("{fr}."), format!("{en}."))
}
