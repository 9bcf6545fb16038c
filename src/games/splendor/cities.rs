//! The Cities module: the 14 city faces (7 double-sided tiles), what each asks for, and how far
//! a player is from it.
//!
//! Cités de Splendor, Les Cités: a city is taken at the end of a turn by a player who has at
//! least the prestige printed on it and at least the bonuses it shows (like a noble). The card
//! data (prestige and bonuses of each face) is not printed in the rulebook text; it comes from
//! FACT-SPL-C2 (V2: two independent sources agree). Which two faces share a tile is not
//! known (FACT-SPL-C2: —), so nothing checks that two faces in play come from different tiles.

use serde::{Deserialize, Serialize};

use super::colour::{Colour, ColourCounts, bonus_list};
use crate::text::Text;

/// What a city face asks for besides its prestige threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CityRequirement {
    /// At least these bonuses, colour by colour.
    Colours { bonuses: ColourCounts },
    /// At least `count` bonuses of one single colour, whichever.
    OneColour { count: u32 },
    /// At least `count` bonuses of each of the five colours.
    EachColour { count: u32 },
    /// At least `green` green bonuses and `other` bonuses of one single other colour.
    GreenAndOther { green: u32, other: u32 },
    /// Prestige only.
    PrestigeOnly,
}

/// One city face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct City {
    /// `c<prestige>_<requirement>`, colours by their usual letters (w white, u blue, g green,
    /// r red, k black), e.g. `c13_r4k3`.
    pub id: &'static str,
    pub prestige: u32,
    pub requirement: CityRequirement,
}

const fn colours(prestige: u32, id: &'static str, bonuses: ColourCounts) -> City {
    City { id, prestige, requirement: CityRequirement::Colours { bonuses } }
}

/// The 14 faces, by prestige threshold (FACT-SPL-C2, V2). The extra 15th row of one source
/// (12 prestige, W3 G1 R6) is left out: the other source does not have it (C2 marks it U).
pub static CITIES: [City; 14] = [
    colours(11, "c11_w3u3r3k3", ColourCounts::new(3, 3, 0, 3, 3)),
    colours(11, "c11_w3g3r3k3", ColourCounts::new(3, 0, 3, 3, 3)),
    City { id: "c12_same6", prestige: 12, requirement: CityRequirement::OneColour { count: 6 } },
    // Cités de Splendor, Les Cités, first example: 13 prestige, 4 red and 3 black.
    colours(13, "c13_r4k3", ColourCounts::new(0, 0, 0, 4, 3)),
    colours(13, "c13_w3u4", ColourCounts::new(3, 4, 0, 0, 0)),
    colours(13, "c13_g3k4", ColourCounts::new(0, 0, 3, 0, 4)),
    colours(13, "c13_w4r3", ColourCounts::new(4, 0, 0, 3, 0)),
    colours(13, "c13_u3g4", ColourCounts::new(0, 3, 4, 0, 0)),
    City { id: "c13_each2", prestige: 13, requirement: CityRequirement::EachColour { count: 2 } },
    // Cités de Splendor, Les Cités, third example: 14 prestige, 4 green and 4 of another same
    // colour. FACT-SPL-C2 marks "may the 4 also be green" U; DEC-SPL-4 settles it:
    // the other colour is not green.
    City {
        id: "c14_g4same4",
        prestige: 14,
        requirement: CityRequirement::GreenAndOther { green: 4, other: 4 },
    },
    colours(14, "c14_w2u1g1r2k2", ColourCounts::new(2, 1, 1, 2, 2)),
    // Cités de Splendor, Les Cités, second example: 15 prestige and 5 of one same colour.
    City { id: "c15_same5", prestige: 15, requirement: CityRequirement::OneColour { count: 5 } },
    City { id: "c16_each1", prestige: 16, requirement: CityRequirement::EachColour { count: 1 } },
    City { id: "c17", prestige: 17, requirement: CityRequirement::PrestigeOnly },
];

/// Looks a face up by id.
pub fn city(id: &str) -> Option<&'static City> {
    CITIES.iter().find(|c| c.id == id)
}

/// For a "N of one colour" rule: the colour closest to it and how many are missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OneColourShort {
    /// How many of one colour the face asks for.
    pub needed: u32,
    /// The player's colour with the most bonuses (green excluded for the green-and-other face).
    pub closest: Colour,
    pub have: u32,
    pub short: u32,
}

/// What a player lacks to take a city. All zero / `None` when they may take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CityMissing {
    /// Prestige points short of the threshold.
    pub prestige: u32,
    /// Bonuses short colour by colour (named colours, "each colour", the green of the
    /// green-and-other face).
    pub bonuses: ColourCounts,
    /// The "N of one colour" part, when it is not met yet.
    pub one_colour: Option<OneColourShort>,
}

impl CityMissing {
    pub fn is_met(&self) -> bool {
        self.prestige == 0 && self.bonuses.is_zero() && self.one_colour.is_none()
    }
}

impl City {
    /// What `prestige` and `bonuses` (effective bonuses) lack to meet this face.
    pub fn missing(&self, prestige: u32, bonuses: &ColourCounts) -> CityMissing {
        // Cités de Splendor, Les Cités: "égal ou supérieur à la valeur indiquée".
        let prestige_short = self.prestige.saturating_sub(prestige);
        let one = |needed: u32, except: Option<Colour>| {
            let (closest, have) = bonuses.best(except);
            (have < needed).then(|| OneColourShort { needed, closest, have, short: needed - have })
        };
        let (short, one_colour) = match self.requirement {
            // "au moins la quantité et le type de bonus indiqués" (like a noble).
            CityRequirement::Colours { bonuses: needed } => (bonuses.short_of(&needed), None),
            // FACT-SPL-C2: "that many bonuses all of one single colour (any colour)".
            CityRequirement::OneColour { count } => (ColourCounts::ZERO, one(count, None)),
            CityRequirement::EachColour { count } => {
                (bonuses.short_of(&ColourCounts::new(count, count, count, count, count)), None)
            }
            // DEC-SPL-4: "4 green and 4 of another same colour": the other colour is not green.
            CityRequirement::GreenAndOther { green, other } => {
                (bonuses.short_of(&ColourCounts::new(0, 0, green, 0, 0)), one(other, Some(Colour::Green)))
            }
            CityRequirement::PrestigeOnly => (ColourCounts::ZERO, None),
        };
        CityMissing { prestige: prestige_short, bonuses: short, one_colour }
    }

    /// `13 points de prestige, 4 bonus rouges et 3 bonus noirs`.
    pub fn requirement_text(&self) -> Text {
        let p = self.prestige;
        let (fr, en) = match self.requirement {
            CityRequirement::Colours { bonuses } => {
                let b = bonus_list(&bonuses);
                (format!("{p} points de prestige, {}", b.fr), format!("{p} prestige points, {}", b.en))
            }
            CityRequirement::OneColour { count } => (
                format!("{p} points de prestige et {count} bonus d'une même couleur"),
                format!("{p} prestige points and {count} bonuses of one same colour"),
            ),
            CityRequirement::EachColour { count } => (
                format!("{p} points de prestige et {count} bonus de chacune des cinq couleurs"),
                format!(
                    "{p} prestige points and {count} {} of each of the five colours",
                    if count > 1 { "bonuses" } else { "bonus" }
                ),
            ),
            CityRequirement::GreenAndOther { green, other } => (
                format!(
                    "{p} points de prestige, {green} bonus verts et {other} bonus d'une même autre couleur (pas le vert)"
                ),
                format!(
                    "{p} prestige points, {green} green bonuses and {other} bonuses of one same other colour (not green)"
                ),
            ),
            CityRequirement::PrestigeOnly => {
                (format!("{p} points de prestige, sans bonus"), format!("{p} prestige points, no bonus"))
            }
        };
        Text::new(fr, en)
    }
}

/// `il manque 2 points de prestige, 1 bonus rouge et 2 bonus noirs` / `2 prestige points, 1 red
/// bonus and 2 black bonuses missing`; `conditions remplies` / `requirement met` when nothing
/// lacks.
pub fn missing_text(missing: &CityMissing) -> Text {
    if missing.is_met() {
        return Text::new("conditions remplies", "requirement met");
    }
    let mut fr = Vec::new();
    let mut en = Vec::new();
    if missing.prestige > 0 {
        let p = missing.prestige;
        fr.push(format!("{p} point{} de prestige", if p > 1 { "s" } else { "" }));
        en.push(format!("{p} prestige point{}", if p > 1 { "s" } else { "" }));
    }
    for (c, n) in missing.bonuses.non_zero() {
        fr.push(format!("{n} bonus {}", c.fr(n)));
        en.push(format!("{n} {} bonus{}", c.en(), if n > 1 { "es" } else { "" }));
    }
    if let Some(o) = missing.one_colour {
        fr.push(format!(
            "{} bonus d'une même couleur (le plus proche : {} {}/{})",
            o.short,
            o.closest.fr(1),
            o.have,
            o.needed
        ));
        en.push(format!(
            "{} {} of one same colour (closest: {} {}/{})",
            o.short,
            if o.short > 1 { "bonuses" } else { "bonus" },
            o.closest.en(),
            o.have,
            o.needed
        ));
    }
    Text::new(
        format!("il manque {}", super::colour::join(&fr, "et")),
        format!("{} missing", super::colour::join(&en, "and")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face(id: &str) -> &'static City {
        city(id).expect("known face")
    }

    #[test]
    fn the_catalogue_has_fourteen_distinct_faces_sorted_by_prestige() {
        let mut ids: Vec<_> = CITIES.iter().map(|c| c.id).collect();
        ids.dedup();
        assert_eq!(ids.len(), 14);
        assert!(CITIES.windows(2).all(|w| w[0].prestige <= w[1].prestige));
        assert!(CITIES.iter().all(|c| c.id.starts_with(&format!("c{}", c.prestige))));
    }

    /// One test per face: the exact threshold is enough, one prestige or one bonus short is not.
    macro_rules! boundary {
        ($name:ident, $id:literal, met: $met:expr, short_bonus: $short:expr) => {
            #[test]
            fn $name() {
                let c = face($id);
                let met: ColourCounts = $met;
                assert!(c.missing(c.prestige, &met).is_met(), "{} just met", $id);
                let m = c.missing(c.prestige - 1, &met);
                assert_eq!(m.prestige, 1, "{} one prestige short", $id);
                assert!(!m.is_met());
                let short: Option<ColourCounts> = $short;
                if let Some(short) = short {
                    let m = c.missing(c.prestige, &short);
                    assert_eq!(m.prestige, 0);
                    assert!(!m.is_met(), "{} one bonus short", $id);
                    let lacking = m.bonuses.total() + m.one_colour.map_or(0, |o| o.short);
                    assert_eq!(lacking, 1, "{} lacks exactly one bonus", $id);
                }
            }
        };
    }

    boundary!(city_c11_w3u3r3k3_boundary, "c11_w3u3r3k3", met: ColourCounts::new(3, 3, 0, 3, 3),
        short_bonus: Some(ColourCounts::new(3, 3, 9, 3, 2)));
    boundary!(city_c11_w3g3r3k3_boundary, "c11_w3g3r3k3", met: ColourCounts::new(3, 0, 3, 3, 3),
        short_bonus: Some(ColourCounts::new(2, 9, 3, 3, 3)));
    boundary!(city_c12_same6_boundary, "c12_same6", met: ColourCounts::new(1, 1, 1, 1, 6),
        short_bonus: Some(ColourCounts::new(5, 5, 5, 5, 5)));
    boundary!(city_c13_r4k3_boundary, "c13_r4k3", met: ColourCounts::new(0, 0, 0, 4, 3),
        short_bonus: Some(ColourCounts::new(9, 9, 9, 3, 3)));
    boundary!(city_c13_w3u4_boundary, "c13_w3u4", met: ColourCounts::new(3, 4, 0, 0, 0),
        short_bonus: Some(ColourCounts::new(3, 3, 0, 0, 0)));
    boundary!(city_c13_g3k4_boundary, "c13_g3k4", met: ColourCounts::new(0, 0, 3, 0, 4),
        short_bonus: Some(ColourCounts::new(0, 0, 2, 0, 4)));
    boundary!(city_c13_w4r3_boundary, "c13_w4r3", met: ColourCounts::new(4, 0, 0, 3, 0),
        short_bonus: Some(ColourCounts::new(3, 0, 0, 3, 0)));
    boundary!(city_c13_u3g4_boundary, "c13_u3g4", met: ColourCounts::new(0, 3, 4, 0, 0),
        short_bonus: Some(ColourCounts::new(0, 3, 3, 0, 0)));
    boundary!(city_c13_each2_boundary, "c13_each2", met: ColourCounts::new(2, 2, 2, 2, 2),
        short_bonus: Some(ColourCounts::new(2, 2, 2, 1, 8)));
    boundary!(city_c14_g4same4_boundary, "c14_g4same4", met: ColourCounts::new(0, 4, 4, 0, 0),
        short_bonus: Some(ColourCounts::new(3, 3, 4, 3, 3)));
    boundary!(city_c14_w2u1g1r2k2_boundary, "c14_w2u1g1r2k2", met: ColourCounts::new(2, 1, 1, 2, 2),
        short_bonus: Some(ColourCounts::new(2, 0, 1, 2, 2)));
    boundary!(city_c15_same5_boundary, "c15_same5", met: ColourCounts::new(0, 0, 5, 0, 0),
        short_bonus: Some(ColourCounts::new(4, 4, 4, 4, 4)));
    boundary!(city_c16_each1_boundary, "c16_each1", met: ColourCounts::new(1, 1, 1, 1, 1),
        short_bonus: Some(ColourCounts::new(1, 1, 0, 1, 1)));
    boundary!(city_c17_boundary, "c17", met: ColourCounts::ZERO, short_bonus: None);

    #[test]
    fn green_and_other_does_not_accept_the_other_four_in_green() {
        // DEC-SPL-4: the other colour is not green, so 8 green alone is not enough.
        let m = face("c14_g4same4").missing(14, &ColourCounts::new(0, 0, 8, 3, 0));
        assert_eq!(m.bonuses, ColourCounts::ZERO);
        let o = m.one_colour.expect("other colour short");
        assert_eq!((o.closest, o.have, o.short), (Colour::Red, 3, 1));
    }

    #[test]
    fn missing_text_names_prestige_colours_and_the_closest_colour() {
        let t = missing_text(&face("c13_r4k3").missing(12, &ColourCounts::ZERO));
        assert_eq!(t.fr, "il manque 1 point de prestige, 4 bonus rouges et 3 bonus noirs");
        assert_eq!(t.en, "1 prestige point, 4 red bonuses and 3 black bonuses missing");
        let m = face("c13_r4k3").missing(11, &ColourCounts::new(0, 0, 0, 3, 3));
        let t = missing_text(&m);
        assert_eq!(t.fr, "il manque 2 points de prestige et 1 bonus rouge");
        assert_eq!(t.en, "2 prestige points and 1 red bonus missing");
        let t = missing_text(&face("c15_same5").missing(15, &ColourCounts::new(1, 3, 0, 0, 0)));
        assert_eq!(t.en, "2 bonuses of one same colour (closest: blue 3/5) missing");
    }
}
