//! The five gem colours and per-colour counts (bonuses, requirements, costs), with their
//! wording in French and English.

use serde::{Deserialize, Serialize};

use crate::text::Text;

/// A gem colour. Gold is not a bonus colour and has no place here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Blue,
    Green,
    Red,
    Black,
}

impl Colour {
    /// In the order the game's cards list them (diamond, sapphire, emerald, ruby, onyx).
    pub const ALL: [Colour; 5] = [Colour::White, Colour::Blue, Colour::Green, Colour::Red, Colour::Black];

    /// The JSON key (`white`, `blue`, …).
    pub fn key(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }

    /// Reads a JSON key; `None` for anything else (gold included: it is never a bonus).
    pub fn from_key(key: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.key() == key)
    }

    /// French adjective, agreeing with a count (`1 bonus rouge`, `3 bonus rouges`).
    pub(crate) fn fr(self, count: u32) -> &'static str {
        let plural = count > 1;
        match (self, plural) {
            (Colour::White, false) => "blanc",
            (Colour::White, true) => "blancs",
            (Colour::Blue, false) => "bleu",
            (Colour::Blue, true) => "bleus",
            (Colour::Green, false) => "vert",
            (Colour::Green, true) => "verts",
            (Colour::Red, false) => "rouge",
            (Colour::Red, true) => "rouges",
            (Colour::Black, false) => "noir",
            (Colour::Black, true) => "noirs",
        }
    }

    /// French adjective agreeing with a feminine noun (`cartes bleues`, `couleur verte`).
    pub(crate) fn fr_feminine(self, count: u32) -> &'static str {
        let plural = count > 1;
        match (self, plural) {
            (Colour::White, false) => "blanche",
            (Colour::White, true) => "blanches",
            (Colour::Blue, false) => "bleue",
            (Colour::Blue, true) => "bleues",
            (Colour::Green, false) => "verte",
            (Colour::Green, true) => "vertes",
            (Colour::Red, false) => "rouge",
            (Colour::Red, true) => "rouges",
            (Colour::Black, false) => "noire",
            (Colour::Black, true) => "noires",
        }
    }

    pub(crate) fn en(self) -> &'static str {
        self.key()
    }
}

/// A count per colour: bonuses owned, bonuses required, a card's cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ColourCounts {
    pub white: u32,
    pub blue: u32,
    pub green: u32,
    pub red: u32,
    pub black: u32,
}

impl ColourCounts {
    pub const ZERO: ColourCounts = ColourCounts::new(0, 0, 0, 0, 0);

    /// White, blue, green, red, black.
    pub const fn new(white: u32, blue: u32, green: u32, red: u32, black: u32) -> ColourCounts {
        ColourCounts { white, blue, green, red, black }
    }

    pub fn get(&self, colour: Colour) -> u32 {
        match colour {
            Colour::White => self.white,
            Colour::Blue => self.blue,
            Colour::Green => self.green,
            Colour::Red => self.red,
            Colour::Black => self.black,
        }
    }

    fn slot(&mut self, colour: Colour) -> &mut u32 {
        match colour {
            Colour::White => &mut self.white,
            Colour::Blue => &mut self.blue,
            Colour::Green => &mut self.green,
            Colour::Red => &mut self.red,
            Colour::Black => &mut self.black,
        }
    }

    pub fn set(&mut self, colour: Colour, count: u32) {
        *self.slot(colour) = count;
    }

    pub fn add(&mut self, colour: Colour, count: u32) {
        let slot = self.slot(colour);
        *slot = slot.saturating_add(count);
    }

    /// Colour by colour sum.
    pub fn plus(&self, other: &ColourCounts) -> ColourCounts {
        let mut sum = *self;
        for c in Colour::ALL {
            sum.add(c, other.get(c));
        }
        sum
    }

    /// Colour by colour, how far `self` falls short of `needed` (0 where it is enough).
    pub fn short_of(&self, needed: &ColourCounts) -> ColourCounts {
        let mut short = ColourCounts::ZERO;
        for c in Colour::ALL {
            short.set(c, needed.get(c).saturating_sub(self.get(c)));
        }
        short
    }

    pub fn total(&self) -> u32 {
        Colour::ALL.iter().map(|&c| self.get(c)).fold(0u32, u32::saturating_add)
    }

    pub fn is_zero(&self) -> bool {
        self.total() == 0
    }

    /// The non-zero colours with their counts, in colour order.
    pub fn non_zero(&self) -> impl Iterator<Item = (Colour, u32)> + '_ {
        Colour::ALL.into_iter().map(|c| (c, self.get(c))).filter(|&(_, n)| n > 0)
    }

    /// The colour with the most, the first in colour order on a tie, leaving out `except`.
    pub fn best(&self, except: Option<Colour>) -> (Colour, u32) {
        let mut best = None::<(Colour, u32)>;
        for c in Colour::ALL.into_iter().filter(|&c| Some(c) != except) {
            let n = self.get(c);
            if best.is_none_or(|(_, b)| n > b) {
                best = Some((c, n));
            }
        }
        best.unwrap_or((Colour::White, 0))
    }
}

/// Joins words as a list: `a, b et c` / `a, b and c`.
pub(crate) fn join(items: &[String], last_fr_or_en: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {last_fr_or_en} {last}", init.join(", ")),
    }
}

/// `4 bonus rouges et 3 bonus noirs` / `4 red and 3 black bonuses`; `aucun bonus` / `no bonus`
/// when all are zero.
pub(crate) fn bonus_list(counts: &ColourCounts) -> Text {
    let fr: Vec<String> = counts.non_zero().map(|(c, n)| format!("{n} bonus {}", c.fr(n))).collect();
    let en: Vec<String> = counts.non_zero().map(|(c, n)| format!("{n} {}", c.en())).collect();
    if fr.is_empty() {
        return Text::new("aucun bonus", "no bonus");
    }
    let noun = if counts.total() > 1 { "bonuses" } else { "bonus" };
    Text::new(join(&fr, "et"), format!("{} {noun}", join(&en, "and")))
}

/// `3 rouges, 2 bleus` / `3 red, 2 blue`: a cost in gems.
pub(crate) fn gem_list(counts: &ColourCounts) -> Text {
    let fr: Vec<String> = counts.non_zero().map(|(c, n)| format!("{n} {}", c.fr(n))).collect();
    let en: Vec<String> = counts.non_zero().map(|(c, n)| format!("{n} {}", c.en())).collect();
    Text::new(fr.join(", "), en.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_compare_and_find_the_best_colour() {
        let have = ColourCounts::new(3, 1, 0, 4, 2);
        let need = ColourCounts::new(0, 0, 0, 4, 3);
        assert_eq!(have.short_of(&need), ColourCounts::new(0, 0, 0, 0, 1));
        assert_eq!(have.plus(&ColourCounts::new(0, 2, 0, 0, 0)).blue, 3);
        assert_eq!(have.total(), 10);
        assert_eq!(have.best(None), (Colour::Red, 4));
        assert_eq!(have.best(Some(Colour::Red)), (Colour::White, 3));
        assert_eq!(ColourCounts::ZERO.best(Some(Colour::Green)), (Colour::White, 0), "first on a tie");
    }

    #[test]
    fn lists_read_naturally_in_both_languages() {
        let t = bonus_list(&ColourCounts::new(0, 0, 0, 4, 3));
        assert_eq!(t.fr, "4 bonus rouges et 3 bonus noirs");
        assert_eq!(t.en, "4 red and 3 black bonuses");
        assert_eq!(bonus_list(&ColourCounts::new(0, 1, 0, 0, 0)).fr, "1 bonus bleu");
        assert_eq!(bonus_list(&ColourCounts::ZERO).en, "no bonus");
        assert_eq!(gem_list(&ColourCounts::new(2, 0, 0, 3, 0)).fr, "2 blancs, 3 rouges");
    }
}
