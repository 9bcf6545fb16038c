//! The ten noble tiles of base Splendor and what each asks of a player's bonuses.
//!
//! A noble visits only a player whose development-card bonuses meet its requirement (the
//! booklet leans on it twice: a city's bonuses are met « comme pour les tuiles de Nobles », and a
//! reserved noble visits « uniquement si vous avez les prérequis »). The booklet does not print
//! the tiles; they come from FACT-SPL-C1 (V2).

use super::colour::ColourCounts;

/// The requirements of the ten noble tiles, each worth 3 prestige (FACT-SPL-C1, V2).
pub const NOBLES: [ColourCounts; 10] = [
    // White, blue, green, red, black.
    ColourCounts::new(4, 4, 0, 0, 0),
    ColourCounts::new(0, 4, 4, 0, 0),
    ColourCounts::new(0, 0, 4, 4, 0),
    ColourCounts::new(0, 0, 0, 4, 4),
    ColourCounts::new(4, 0, 0, 0, 4),
    ColourCounts::new(3, 3, 0, 0, 3),
    ColourCounts::new(3, 3, 3, 0, 0),
    ColourCounts::new(0, 3, 3, 3, 0),
    ColourCounts::new(0, 0, 3, 3, 3),
    ColourCounts::new(3, 0, 0, 3, 3),
];

/// How many of the ten nobles these bonuses meet: the most nobles that can have visited a player
/// whose bonuses never went down since (every module, but in the Orient only a player holding no
/// sacrifice card: a sacrifice discards cards).
pub fn nobles_met(bonuses: &ColourCounts) -> u32 {
    let met = NOBLES.iter().filter(|needed| bonuses.short_of(needed).is_zero()).count();
    u32::try_from(met).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_noble_asks_for_eight_or_nine_bonuses_in_two_or_three_colours() {
        for needed in NOBLES {
            let colours = needed.non_zero().count();
            assert!(
                (colours == 2 && needed.total() == 8) || (colours == 3 && needed.total() == 9),
                "{needed:?}"
            );
        }
    }

    #[test]
    fn nobles_met_counts_each_tile_whose_every_colour_is_reached() {
        assert_eq!(nobles_met(&ColourCounts::new(0, 0, 5, 0, 3)), 0, "5 green and 3 black meet none");
        assert_eq!(nobles_met(&ColourCounts::new(0, 0, 5, 3, 3)), 1, "green, red, black 3 each");
        assert_eq!(nobles_met(&ColourCounts::new(4, 4, 0, 0, 4)), 3, "W4 U4, K4 W4, W3 U3 K3");
        assert_eq!(nobles_met(&ColourCounts::new(4, 4, 4, 4, 4)), 10);
    }
}
