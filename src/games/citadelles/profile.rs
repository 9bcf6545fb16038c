//! The two rule profiles and what they decide: player counts, the completion threshold, how many
//! characters each seat holds, the face-up / face-down discards of the draft, the tie-break.

use serde::{Deserialize, Serialize};

use super::INFO;
use crate::text::Text;

/// A rule profile (the game's variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum CitadellesVariant {
    /// The classic rules (`CIT`), the default profile.
    Classique,
    /// The 2e édition summary (`CIT2`).
    DeuxiemeEdition,
}

/// Characters in the box's basic set (ranks 1 to 8).
pub const BASE_CHARACTERS: u8 = 8;

impl CitadellesVariant {
    pub const ALL: [CitadellesVariant; 2] =
        [CitadellesVariant::Classique, CitadellesVariant::DeuxiemeEdition];

    /// The variant id in [`INFO`].
    pub fn id(self) -> &'static str {
        match self {
            CitadellesVariant::Classique => "classique",
            CitadellesVariant::DeuxiemeEdition => "deuxieme_edition",
        }
    }

    pub fn from_id(id: &str) -> Option<CitadellesVariant> {
        CitadellesVariant::ALL.into_iter().find(|v| v.id() == id)
    }

    pub fn label(self) -> Text {
        INFO.variant(self.id()).map_or_else(|| Text::new(self.id(), self.id()), |v| v.label.to_text())
    }

    /// The profile's rulebook, as its key in `docs/sources.md`.
    pub fn rulebook(self) -> &'static str {
        match self {
            CitadellesVariant::Classique => "CIT",
            CitadellesVariant::DeuxiemeEdition => "CIT2",
        }
    }

    pub fn min_players(self) -> u8 {
        2
    }

    /// Classique: 2 to 7 (the draft table stops at 7). 2e édition: 8 with a ninth character
    /// ("2 personnages avec le numéro 9 qui permettent de jouer à 8").
    pub fn max_players(self) -> u8 {
        match self {
            CitadellesVariant::Classique => 7,
            CitadellesVariant::DeuxiemeEdition => 8,
        }
    }

    /// Whether the classic longer-game option changes anything at this player count: CIT §Règles
    /// pour 2 et 3 joueurs, « Note : Pour des parties plus longues, une cité peut être considérée
    /// comme complète lorsqu'elle comprend 8 quartiers, au lieu de 7 » — only where a city is
    /// complete at 7 (classic, 4 to 7 players).
    pub fn longer_game_applies(self, players: usize) -> bool {
        self.completion_threshold(players, true) > self.completion_threshold(players, false)
    }

    /// Districts that complete a city.
    pub fn completion_threshold(self, players: usize, longer_game: bool) -> u8 {
        match self {
            // Citadelles classique, Fin de partie: the seventh district completes a city.
            // Règles pour 2 et 3 joueurs: at least 8 districts. Note: for longer games, 8
            // instead of 7.
            CitadellesVariant::Classique => {
                if players <= 3 || longer_game {
                    8
                } else {
                    7
                }
            }
            // Citadelles 2e édition, Fin de la partie: the game ends when a player builds their
            // 8th district, whatever the player count.
            CitadellesVariant::DeuxiemeEdition => 8,
        }
    }

    /// Why the threshold is what it is, e.g. `7 quartiers (règle classique, 4 à 7 joueurs)`.
    pub fn threshold_text(self, players: usize, longer_game: bool) -> Text {
        let t = self.completion_threshold(players, longer_game);
        match self {
            CitadellesVariant::Classique if players <= 3 => Text::new(
                format!("{t} quartiers (règle classique à 2 ou 3 joueurs)"),
                format!("{t} districts (classic rules with 2 or 3 players)"),
            ),
            CitadellesVariant::Classique if longer_game => Text::new(
                format!("{t} quartiers (règle classique, option partie plus longue)"),
                format!("{t} districts (classic rules, longer-game option)"),
            ),
            CitadellesVariant::Classique => Text::new(
                format!("{t} quartiers (règle classique, 4 à 7 joueurs)"),
                format!("{t} districts (classic rules, 4 to 7 players)"),
            ),
            CitadellesVariant::DeuxiemeEdition => {
                Text::new(format!("{t} quartiers (2e édition)"), format!("{t} districts (2nd edition)"))
            }
        }
    }

    /// Characters each seat holds per round: two with 2 or 3 players (classique, Règles pour 2
    /// et 3 joueurs; 2e édition, "A 2 joueurs" / "A 3 joueurs": each chooses two), else one.
    pub fn characters_per_seat(self, players: usize) -> u8 {
        if players <= 3 { 2 } else { 1 }
    }

    /// Whether the profile settles equal totals (classique: the highest character revealed in
    /// the last round; 2e édition: no tie-break given, the place is shared).
    pub fn has_tie_break(self) -> bool {
        self == CitadellesVariant::Classique
    }

    /// Whether a ninth character may be in play with this many players: 2e édition only, and
    /// from 4 players (its 2- and 3-player drafts use the 8 basic cards); required at 8.
    pub fn ninth_character_allowed(self, players: usize) -> bool {
        self == CitadellesVariant::DeuxiemeEdition && (4..=8).contains(&players)
    }

    /// Cards set aside before the choice, `(face up, face down)`, for 4 players and more; the
    /// 2- and 3-player drafts set one card aside face down (see the draft steps). `None` outside
    /// the profile's player counts.
    pub fn set_aside(self, players: usize, ninth_character: bool) -> Option<(u8, u8)> {
        match (self, players, ninth_character) {
            (_, 2 | 3, false) => Some((0, 1)),
            // Citadelles classique, Choix des personnages: 4 → 2 up + 1 down, 5 → 1 + 1,
            // 6 and 7 → 1 down. DEC-CIT-1: the 2e édition sets aside 2 up at 4, 1 at 5, none
            // beyond, plus 1 face down as in the classic draft.
            (_, 4, false) => Some((2, 1)),
            (_, 5, false) => Some((1, 1)),
            (_, 6 | 7, false) => Some((0, 1)),
            // FACT-CIT-B5 (V1, 9 characters): 4 → 3 + 1, 5 → 2 + 1, 6 → 1 + 1, 7 and 8 → 0 + 1.
            (CitadellesVariant::DeuxiemeEdition, 4, true) => Some((3, 1)),
            (CitadellesVariant::DeuxiemeEdition, 5, true) => Some((2, 1)),
            (CitadellesVariant::DeuxiemeEdition, 6, true) => Some((1, 1)),
            (CitadellesVariant::DeuxiemeEdition, 7 | 8, true) => Some((0, 1)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_count_leaves_enough_cards_for_the_choice() {
        for v in CitadellesVariant::ALL {
            for players in 2..=8usize {
                for ninth in [false, true] {
                    if ninth && !v.ninth_character_allowed(players) {
                        continue;
                    }
                    let Some((up, down)) = v.set_aside(players, ninth) else {
                        assert!(players > usize::from(v.max_players()) || (players == 8 && !ninth));
                        continue;
                    };
                    let deck = usize::from(BASE_CHARACTERS) + usize::from(ninth);
                    let left = deck - usize::from(up) - usize::from(down);
                    let needed = players * usize::from(v.characters_per_seat(players));
                    // The last chooser may take the face-down card (7 with 8, 8 with 9).
                    assert!(left + usize::from(down) >= needed, "{v:?} {players} {ninth}");
                    assert!(left >= needed - 1, "{v:?} {players} {ninth}");
                }
            }
        }
    }
}
