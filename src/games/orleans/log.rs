//! Orléans' round log in words: the round events its table helpers store.

use serde::Deserialize;
use serde_json::Value;

use crate::text::Text;

/// A round closed (its events and what each seat paid), stored as a round event; kept as
/// data, its words come from the table state's own log.
pub const ORLEANS_ROUND_EVENT: &str = "orleans_round";
/// The Invasion deck's draw.
pub const ORLEANS_DECK_EVENT: &str = "orleans_deck";

/// The sentence for one stored round event, `None` for a kind that has none here.
pub(super) fn round_event_words(kind: &str, payload: &Value) -> Option<Text> {
    match kind {
        ORLEANS_DECK_EVENT => {
            let d: Deck = serde_json::from_value(payload.clone()).ok()?;
            Some(orleans_deck(&d))
        }
        _ => None,
    }
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
