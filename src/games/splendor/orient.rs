//! The Orient module: its 30 development cards (10 per level), what each adds to a player's
//! bonuses and prestige.
//!
//! The rulebook describes each kind of card (Cités de Splendor, L'Orient, "Description des
//! cartes Orient") but its text carries no card data; costs, colours and prestige come from
//! FACT-SPL-C3 (V2). Each of the 30 cards is unique (one per colour or per cost).

use serde::{Deserialize, Serialize};

use super::colour::{Colour, ColourCounts, gem_list};
use crate::text::Text;

/// The seven kinds of Orient cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrientKind {
    /// Level 1: worth 2 gold for one purchase, then discarded. No bonus.
    DoubleGold,
    /// Level 1: paired with a card you own, copies its bonus.
    Pairing,
    /// Level 2: paired like the above, then take a face-up level-1 card for free.
    PairingCascade,
    /// Level 2: two bonuses of its colour.
    DoubleBonus,
    /// Level 2: reserve a noble only you can receive; 1 prestige, 1 bonus.
    ReserveNoble,
    /// Level 3: paid by discarding 2 of your cards of one colour; 3 prestige, 1 bonus.
    Sacrifice,
    /// Level 3: take a face-up level-2 card for free; 1 bonus.
    Cascade,
}

impl OrientKind {
    pub const ALL: [OrientKind; 7] = [
        OrientKind::DoubleGold,
        OrientKind::Pairing,
        OrientKind::PairingCascade,
        OrientKind::DoubleBonus,
        OrientKind::ReserveNoble,
        OrientKind::Sacrifice,
        OrientKind::Cascade,
    ];

    /// The snake_case key, also the end of its rule entry id (`splendor.orient.<key>`).
    pub fn key(self) -> &'static str {
        match self {
            OrientKind::DoubleGold => "double_gold",
            OrientKind::Pairing => "pairing",
            OrientKind::PairingCascade => "pairing_cascade",
            OrientKind::DoubleBonus => "double_bonus",
            OrientKind::ReserveNoble => "reserve_noble",
            OrientKind::Sacrifice => "sacrifice",
            OrientKind::Cascade => "cascade",
        }
    }

    /// Whether the player says which colour the card copies (the pairing cards).
    pub fn copies_a_colour(self) -> bool {
        matches!(self, OrientKind::Pairing | OrientKind::PairingCascade)
    }

    /// Prestige printed on cards of this kind (FACT-SPL-C3).
    pub fn prestige(self) -> u32 {
        match self {
            OrientKind::ReserveNoble => 1,
            OrientKind::Sacrifice => 3,
            _ => 0,
        }
    }

    pub fn name(self) -> Text {
        let (fr, en) = match self {
            OrientKind::DoubleGold => ("Double Or", "Double gold"),
            OrientKind::Pairing => ("Appariement", "Pairing"),
            OrientKind::PairingCascade => ("Appariement et carte gratuite", "Pairing and free card"),
            OrientKind::DoubleBonus => ("Double bonus", "Double bonus"),
            OrientKind::ReserveNoble => ("Réserver un noble", "Reserve a noble"),
            OrientKind::Sacrifice => ("Sacrifice", "Sacrifice"),
            OrientKind::Cascade => ("Carte gratuite", "Free card"),
        };
        Text::new(fr, en)
    }

    /// What the card does, in short.
    pub fn effect(self) -> Text {
        let (fr, en) = match self {
            OrientKind::DoubleGold => (
                "Vaut 2 jetons Or pour un seul achat (sans les prendre), puis est défaussée. Aucun bonus.",
                "Worth 2 gold tokens for one single purchase (not taken), then discarded. No bonus.",
            ),
            OrientKind::Pairing => (
                "S'attache à une carte que vous possédez et donne 1 bonus de sa couleur.",
                "Attaches to a card you own and gives 1 bonus of its colour.",
            ),
            OrientKind::PairingCascade => (
                "S'attache à une carte que vous possédez (1 bonus de sa couleur), puis prenez gratuitement une carte visible de niveau 1.",
                "Attaches to a card you own (1 bonus of its colour), then take a face-up level-1 card for free.",
            ),
            OrientKind::DoubleBonus => (
                "Compte pour 2 bonus de sa couleur (achats, nobles et sacrifices).",
                "Counts as 2 bonuses of its colour (purchases, nobles and sacrifices).",
            ),
            OrientKind::ReserveNoble => (
                "1 bonus et 1 point de prestige ; réservez un noble visible que vous seul pourrez recevoir.",
                "1 bonus and 1 prestige point; reserve a face-up noble that only you can receive.",
            ),
            OrientKind::Sacrifice => (
                "1 bonus et 3 points de prestige ; se paie en défaussant 2 de vos cartes de la couleur indiquée.",
                "1 bonus and 3 prestige points; paid by discarding 2 of your cards of the colour shown.",
            ),
            OrientKind::Cascade => (
                "1 bonus ; prenez gratuitement une carte visible de niveau 2 (base ou Orient).",
                "1 bonus; take a face-up level-2 card (base or Orient) for free.",
            ),
        };
        Text::new(fr, en)
    }
}

/// One Orient card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrientCard {
    /// `o<level>_<kind>_<colour or cost>`, e.g. `o2_double_red`, `o1_pair_r3u2`.
    pub id: &'static str,
    pub level: u8,
    pub kind: OrientKind,
    /// The bonus colour printed on the card (`None`: double gold, which gives none, and the
    /// pairing cards, which copy a colour chosen when bought).
    pub colour: Option<Colour>,
    /// Gem cost (zero for the sacrifice cards).
    pub cost: ColourCounts,
    /// Sacrifice cards: the colour of the two cards discarded to pay.
    pub sacrifice: Option<Colour>,
}

const fn card(
    id: &'static str,
    level: u8,
    kind: OrientKind,
    colour: Option<Colour>,
    cost: ColourCounts,
) -> OrientCard {
    OrientCard { id, level, kind, colour, cost, sacrifice: None }
}

const W: Option<Colour> = Some(Colour::White);
const U: Option<Colour> = Some(Colour::Blue);
const G: Option<Colour> = Some(Colour::Green);
const R: Option<Colour> = Some(Colour::Red);
const K: Option<Colour> = Some(Colour::Black);

const fn sacrifice(id: &'static str, colour: Option<Colour>, discard: Colour) -> OrientCard {
    OrientCard {
        id,
        level: 3,
        kind: OrientKind::Sacrifice,
        colour,
        cost: ColourCounts::ZERO,
        sacrifice: Some(discard),
    }
}

use OrientKind::{Cascade, DoubleBonus, DoubleGold, Pairing, PairingCascade, ReserveNoble};

/// The 30 cards (FACT-SPL-C3, V2), level by level. Costs: white, blue, green, red, black.
pub static ORIENT_CARDS: [OrientCard; 30] = [
    // Level 1: five double gold (3 gems of one colour each), five pairing cards.
    card("o1_gold_white", 1, DoubleGold, None, ColourCounts::new(3, 0, 0, 0, 0)),
    card("o1_gold_blue", 1, DoubleGold, None, ColourCounts::new(0, 3, 0, 0, 0)),
    card("o1_gold_green", 1, DoubleGold, None, ColourCounts::new(0, 0, 3, 0, 0)),
    card("o1_gold_red", 1, DoubleGold, None, ColourCounts::new(0, 0, 0, 3, 0)),
    card("o1_gold_black", 1, DoubleGold, None, ColourCounts::new(0, 0, 0, 0, 3)),
    card("o1_pair_r3u2", 1, Pairing, None, ColourCounts::new(0, 2, 0, 3, 0)),
    card("o1_pair_w3r2", 1, Pairing, None, ColourCounts::new(3, 0, 0, 2, 0)),
    card("o1_pair_u3g2", 1, Pairing, None, ColourCounts::new(0, 3, 2, 0, 0)),
    card("o1_pair_g3k2", 1, Pairing, None, ColourCounts::new(0, 0, 3, 0, 2)),
    card("o1_pair_k3w2", 1, Pairing, None, ColourCounts::new(2, 0, 0, 0, 3)),
    // Level 2: five double bonus, three reserve-a-noble (C3 notes a colour typo in one source
    // for the green one: its cost is W2 U2 R2 K2), two pairing-and-free-card.
    card("o2_double_white", 2, DoubleBonus, W, ColourCounts::new(0, 4, 3, 0, 0)),
    card("o2_double_blue", 2, DoubleBonus, U, ColourCounts::new(3, 0, 0, 0, 4)),
    card("o2_double_green", 2, DoubleBonus, G, ColourCounts::new(4, 0, 0, 3, 0)),
    card("o2_double_red", 2, DoubleBonus, R, ColourCounts::new(0, 0, 4, 0, 3)),
    card("o2_double_black", 2, DoubleBonus, K, ColourCounts::new(0, 3, 0, 4, 0)),
    card("o2_noble_white", 2, ReserveNoble, W, ColourCounts::new(0, 2, 2, 2, 2)),
    card("o2_noble_green", 2, ReserveNoble, G, ColourCounts::new(2, 2, 0, 2, 2)),
    card("o2_noble_red", 2, ReserveNoble, R, ColourCounts::new(2, 2, 2, 0, 2)),
    card("o2_pair_g4r3k1", 2, PairingCascade, None, ColourCounts::new(0, 0, 4, 3, 1)),
    card("o2_pair_w4u3k1", 2, PairingCascade, None, ColourCounts::new(4, 3, 0, 0, 1)),
    // Level 3: five sacrifice (card colour ← colour discarded), five free-level-2-card (C3
    // notes a colour typo in one source for the white one: its cost is W1 U6 G3).
    sacrifice("o3_sacrifice_green", G, Colour::Blue),
    sacrifice("o3_sacrifice_black", K, Colour::Red),
    sacrifice("o3_sacrifice_red", R, Colour::Green),
    sacrifice("o3_sacrifice_white", W, Colour::Black),
    sacrifice("o3_sacrifice_blue", U, Colour::White),
    card("o3_cascade_white", 3, Cascade, W, ColourCounts::new(1, 6, 3, 0, 0)),
    card("o3_cascade_blue", 3, Cascade, U, ColourCounts::new(0, 1, 6, 3, 0)),
    card("o3_cascade_green", 3, Cascade, G, ColourCounts::new(0, 0, 1, 6, 3)),
    card("o3_cascade_red", 3, Cascade, R, ColourCounts::new(3, 0, 0, 1, 6)),
    card("o3_cascade_black", 3, Cascade, K, ColourCounts::new(6, 3, 0, 0, 1)),
];

/// Looks a card up by id.
pub fn orient_card(id: &str) -> Option<&'static OrientCard> {
    ORIENT_CARDS.iter().find(|c| c.id == id)
}

impl OrientCard {
    /// The bonuses this card adds, given the colour a pairing card copies.
    pub fn bonus(&self, copied: Option<Colour>) -> Option<(Colour, u32)> {
        match self.kind {
            // L'Orient, niveau 1: the double-gold card is gold for one purchase, not a bonus.
            OrientKind::DoubleGold => None,
            // L'Orient, niveaux 1 et 2: "un bonus équivalent au bonus de la carte auquel elle
            // est attachée".
            OrientKind::Pairing | OrientKind::PairingCascade => copied.map(|c| (c, 1)),
            // L'Orient, niveau 2: "Cette carte vaut deux bonus de la couleur indiquée."
            OrientKind::DoubleBonus => self.colour.map(|c| (c, 2)),
            // FACT-SPL-C3: reserve-noble, sacrifice and cascade cards give 1 bonus.
            OrientKind::ReserveNoble | OrientKind::Sacrifice | OrientKind::Cascade => {
                self.colour.map(|c| (c, 1))
            }
        }
    }

    /// `3 rouges, 2 bleus` or `défausser 2 cartes bleues`.
    pub fn cost_text(&self) -> Text {
        match self.sacrifice {
            Some(c) => Text::new(
                format!("défausser 2 de vos cartes {}", c.fr_feminine(2)),
                format!("discard 2 of your {} cards", c.en()),
            ),
            None => gem_list(&self.cost),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_unique_cards_ten_per_level_with_the_counts_of_each_kind() {
        let mut ids: Vec<_> = ORIENT_CARDS.iter().map(|c| c.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 30);
        for level in 1..=3 {
            assert_eq!(ORIENT_CARDS.iter().filter(|c| c.level == level).count(), 10);
        }
        let count = |k| ORIENT_CARDS.iter().filter(|c| c.kind == k).count();
        assert_eq!(
            OrientKind::ALL.map(count),
            [5, 5, 2, 5, 3, 5, 5],
            "gold, pairing, pairing+cascade, double, noble, sacrifice, cascade"
        );
        assert!(ORIENT_CARDS.iter().all(|c| c.id.starts_with(&format!("o{}_", c.level))));
    }

    #[test]
    fn each_kind_adds_its_bonus() {
        let get = |id| orient_card(id).expect("known");
        assert_eq!(get("o1_gold_red").bonus(Some(Colour::Red)), None, "double gold gives no bonus");
        assert_eq!(get("o1_pair_r3u2").bonus(Some(Colour::Green)), Some((Colour::Green, 1)));
        assert_eq!(get("o2_pair_w4u3k1").bonus(Some(Colour::Black)), Some((Colour::Black, 1)));
        assert_eq!(get("o2_double_red").bonus(None), Some((Colour::Red, 2)));
        assert_eq!(get("o2_noble_green").bonus(None), Some((Colour::Green, 1)));
        assert_eq!(get("o3_sacrifice_white").bonus(None), Some((Colour::White, 1)));
        assert_eq!(get("o3_cascade_black").bonus(None), Some((Colour::Black, 1)));
        assert_eq!(get("o3_sacrifice_white").cost_text().fr, "défausser 2 de vos cartes noires");
        assert_eq!(get("o2_double_white").cost_text().en, "4 blue, 3 green");
    }
}
