//! What to put on the table before the first round, per rule profile and player count.

use super::draft::check_count;
use super::profile::CitadellesVariant;
use crate::games::{Problems, SetupStep};

/// The setup checklist for `variant` at `players` players (`ninth`: a rank-9 character).
/// The player count and the ninth character are checked as the draft and the round caller
/// check them ([`check_count`]).
pub fn setup(variant: CitadellesVariant, players: u8, ninth: bool) -> Result<Vec<SetupStep>, Problems> {
    let n = usize::from(players);
    check_count(variant, players, ninth)?;
    let mut steps = vec![
        // 004, Préparation / 002, Mise en place: 4 district cards and 2 gold each.
        SetupStep::new(
            "Mélangez les cartes Quartier et donnez-en 4, face cachée, à chaque joueur ; la pioche et la banque d'or vont au centre.",
            "Shuffle the district cards and deal 4 face down to each player; the deck and the gold bank go in the middle.",
            Some("citadelles.setup"),
        ),
        SetupStep::new(
            "Chaque joueur prend 2 pièces d'or.",
            "Each player takes 2 gold.",
            Some("citadelles.setup"),
        ),
    ];
    match variant {
        // 004, Préparation: the oldest player takes the crown.
        CitadellesVariant::Classique => steps.push(SetupStep::new(
            "Le joueur le plus âgé prend la Couronne.",
            "The oldest player takes the crown.",
            Some("citadelles.setup"),
        )),
        // 002, Mise en place: a player drawn at random takes the crown; each gets a turn card.
        CitadellesVariant::DeuxiemeEdition => {
            steps.push(SetupStep::new(
                "Chacun prend une carte d'aide ; on tire au sort qui prend la Couronne.",
                "Everyone takes a reference card; draw lots for who takes the crown.",
                Some("citadelles.setup"),
            ));
            steps.push(SetupStep::new(
                "Choisissez un personnage par rang (les 8 de base ou leurs remplaçants) ; les autres restent dans la boîte.",
                "Choose one character per rank (the 8 base ones or their alternates); the others stay in the box.",
                Some("citadelles.variant.deuxieme_edition"),
            ));
        }
    }
    if ninth {
        steps.push(SetupStep::new(
            "Ajoutez le personnage de rang 9 choisi.",
            "Add the chosen rank-9 character.",
            Some("citadelles.draft.ninth_character"),
        ));
    }
    let characters = if ninth { 9 } else { 8 };
    let threshold = variant.threshold_text(n, false);
    steps.push(SetupStep::new(
        format!("Les {characters} cartes Personnage vont au porteur de la Couronne pour le premier choix."),
        format!("The {characters} character cards go to the crown holder for the first choice."),
        Some(match variant {
            CitadellesVariant::Classique => "citadelles.draft.classique",
            CitadellesVariant::DeuxiemeEdition => "citadelles.draft.deuxieme_edition",
        }),
    ));
    if n <= 3 {
        steps.push(SetupStep::new(
            "À 2 ou 3 joueurs, chacun jouera deux personnages par tour.",
            "With 2 or 3 players, everyone plays two characters each round.",
            Some("citadelles.two_three_players"),
        ));
    }
    steps.push(SetupStep::new(
        format!("Fin de partie : {}.", threshold.fr),
        format!("End of the game: {}.", threshold.en),
        Some(match variant {
            CitadellesVariant::Classique => "citadelles.end.classique",
            CitadellesVariant::DeuxiemeEdition => "citadelles.end.deuxieme_edition",
        }),
    ));
    Ok(steps)
}
