//! What to put on the table before the first round, per rule profile and player count.

use super::characters::character_of;
use super::draft::{check_count, draft_plan};
use super::profile::CitadellesVariant;
use crate::games::{Problems, SetupStep};

/// The setup checklist for `variant` at `players` players (`ninth`: a rank-9 character).
/// The player count and the ninth character are checked as the draft and the round caller
/// check them ([`check_count`]); the cards set aside come from the draft's plan
/// ([`draft_plan`]), so the checklist and the draft helper never disagree.
pub fn setup(variant: CitadellesVariant, players: u8, ninth: bool) -> Result<Vec<SetupStep>, Problems> {
    let n = usize::from(players);
    check_count(variant, players, ninth)?;
    let plan = draft_plan(variant, players, ninth)?;
    let mut steps = hand_steps();
    steps.extend(crown_steps(variant));
    if ninth {
        steps.push(ninth_character_step(variant, players));
    }
    steps.push(set_aside_step(variant, n, &plan));
    if n <= 3 {
        steps.push(SetupStep::new(
            "two_characters",
            "À 2 ou 3 joueurs, chacun jouera deux personnages par tour.",
            "With 2 or 3 players, everyone plays two characters each round.",
            Some("citadelles.two_three_players"),
        ));
    }
    steps.push(end_step(variant, n));
    // CIT §Règles pour 2 et 3 joueurs, Note: for longer games, 8 districts instead of 7. A
    // choice for the table before it starts; moot where a city already needs 8.
    if variant.longer_game_applies(n) {
        steps.push(SetupStep::new(
            "longer_game",
            "Option à convenir avant le premier tour : pour une partie plus longue, une cité n'est complète qu'à 8 quartiers au lieu de 7 (cochez « partie longue » sur la feuille).",
            "Option, to agree on before the first round: for a longer game, a city is complete only at 8 districts instead of 7 (tick “longer game” on the sheet).",
            Some("citadelles.option.longer_game"),
        ));
    }
    Ok(steps)
}

/// What each player starts with, in both profiles.
fn hand_steps() -> Vec<SetupStep> {
    vec![
        // CIT §Préparation / CIT2 §Mise en place: 4 district cards and 2 gold each.
        SetupStep::new(
            "deal_districts",
            "Mélangez les cartes Quartier et donnez-en 4, face cachée, à chaque joueur ; la pioche et la banque d'or vont au centre.",
            "Shuffle the district cards and deal 4 face down to each player; the deck and the gold bank go in the middle.",
            Some("citadelles.setup"),
        ),
        SetupStep::new(
            "gold",
            "Chaque joueur prend 2 pièces d'or.",
            "Each player takes 2 gold.",
            Some("citadelles.setup"),
        ),
        // CIT §Tours des joueurs: « la carte d'ordre (distribuée à chaque joueur) »; CIT2 §Mise
        // en place: « une carte d'aide de jeu ».
        SetupStep::new(
            "reference_card",
            "Chaque joueur prend une carte d'aide, qui rappelle les personnages et leur ordre d'appel.",
            "Each player takes a reference card, which lists the characters and their calling order.",
            Some("citadelles.setup"),
        ),
    ]
}

/// Who takes the crown, and in the 2nd edition the characters chosen per rank.
fn crown_steps(variant: CitadellesVariant) -> Vec<SetupStep> {
    match variant {
        // CIT §Préparation: the oldest player takes the crown.
        CitadellesVariant::Classique => vec![SetupStep::new(
            "crown",
            "Le joueur le plus âgé prend la Couronne.",
            "The oldest player takes the crown.",
            Some("citadelles.setup"),
        )],
        // CIT2 §Mise en place: a player drawn at random starts and takes the crown.
        CitadellesVariant::DeuxiemeEdition => vec![
            SetupStep::new(
                "crown",
                "Tirez au sort le premier joueur : il prend la Couronne.",
                "Draw lots for the first player, who takes the crown.",
                Some("citadelles.setup"),
            ),
            SetupStep::new(
                "character_ranks",
                "Choisissez un personnage par rang (les 8 de base ou leurs remplaçants) ; les autres restent dans la boîte.",
                "Choose one character per rank (the 8 base ones or their alternates); the others stay in the box.",
                Some("citadelles.variant.deuxieme_edition"),
            ),
        ],
    }
}

/// FACT-CIT-B4: the Queen is only used with 5 players or more.
fn ninth_character_step(variant: CitadellesVariant, players: u8) -> SetupStep {
    let queen = character_of(variant, "queen").map(|q| q.min_players).filter(|&min| players < min);
    match queen {
        Some(min) => SetupStep::new(
            "ninth_character",
            format!(
                "Ajoutez le personnage de rang 9 choisi (pas la Reine, qui demande au moins {min} joueurs)."
            ),
            format!("Add the chosen rank-9 character (not the Queen, which needs at least {min} players)."),
            Some("citadelles.draft.ninth_character"),
        ),
        None => SetupStep::new(
            "ninth_character",
            "Ajoutez le personnage de rang 9 choisi.",
            "Add the chosen rank-9 character.",
            Some("citadelles.draft.ninth_character"),
        ),
    }
}

/// When the game ends: the districts of a complete city for this profile and count.
fn end_step(variant: CitadellesVariant, n: usize) -> SetupStep {
    let threshold = variant.threshold_text(n, false);
    SetupStep::new(
        "end",
        format!("Fin de partie : {}.", threshold.fr),
        format!("End of the game: {}.", threshold.en),
        Some(match variant {
            CitadellesVariant::Classique => "citadelles.end.classique",
            CitadellesVariant::DeuxiemeEdition => "citadelles.end.deuxieme_edition",
        }),
    )
}

/// The character cards for the first choice: how many, and what is set aside face up and face
/// down at this player count (CIT §Choix des personnages and Règles pour 2 et 3 joueurs;
/// CIT2 §Le choix des personnages, A 2 joueurs, A 3 joueurs), as the draft plan says.
fn set_aside_step(
    variant: CitadellesVariant,
    n: usize,
    plan: &super::draft::CitadellesDraftPlan,
) -> SetupStep {
    let (cards, up, down) = (plan.characters, plan.face_up, plan.face_down);
    let head_fr = format!(
        "Les {cards} cartes Personnage vont au porteur de la Couronne : à chaque tour, il les mélange et en écarte au hasard"
    );
    let head_en = format!(
        "The {cards} character cards go to the crown holder: each round, they shuffle them and set aside at random"
    );
    let down_fr = format!("{down} face cachée");
    let down_en = format!("{down} face down");
    match n {
        2 => SetupStep::new(
            "characters",
            format!(
                "{head_fr} {down_fr}, puis garde un personnage parmi les {} autres ; ensuite, chacun à son tour en garde un et en écarte un face cachée.",
                cards - down
            ),
            format!(
                "{head_en} {down_en}, then keep one character out of the other {}; after that, each player in turn keeps one and puts one face down.",
                cards - down
            ),
            Some("citadelles.draft.two_players"),
        ),
        3 => SetupStep::new(
            "characters",
            format!(
                "{head_fr} {down_fr} ; le paquet fait deux fois le tour, et le dernier à choisir pose la carte restante face cachée."
            ),
            format!(
                "{head_en} {down_en}; the pack goes round twice, and the last to choose puts the card left over face down."
            ),
            Some("citadelles.draft.three_players"),
        ),
        _ => {
            let up_fr = match up {
                0 => String::new(),
                u => format!("{u} face visible (jamais le Roi) et "),
            };
            let up_en = match up {
                0 => String::new(),
                u => format!("{u} face up (never the King) and "),
            };
            let (last_fr, last_en, rule) = if plan.last_takes_face_down {
                (
                    " ; le dernier à choisir ne reçoit qu'une carte et prend aussi la carte cachée pour choisir",
                    "; the last to choose receives a single card and also takes the face-down card to choose",
                    "citadelles.draft.seven_players".to_owned(),
                )
            } else if up > 0 {
                ("", "", "citadelles.draft.king_face_up".to_owned())
            } else {
                ("", "", format!("citadelles.draft.{}", variant.id()))
            };
            SetupStep::new(
                "characters",
                format!("{head_fr} {up_fr}{down_fr} avant de choisir{last_fr}."),
                format!("{head_en} {up_en}{down_en} before choosing{last_en}."),
                Some(&rule),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(variant: CitadellesVariant, players: u8, ninth: bool) -> Vec<SetupStep> {
        setup(variant, players, ninth).unwrap_or_else(|p| panic!("{variant:?} {players} {ninth}: {p:?}"))
    }

    fn step_of<'a>(steps: &'a [SetupStep], rule: &str) -> Option<&'a SetupStep> {
        steps.iter().find(|s| s.rule.as_deref() == Some(rule))
    }

    /// « Note : Pour des parties plus longues, une cité peut être considérée comme complète
    /// lorsqu'elle comprend 8 quartiers, au lieu de 7. » (CIT §Règles pour 2 et 3 joueurs, at
    /// its end.) The classic checklist offers that choice from 4 to 7 players, after the end of
    /// the game it changes; at 2 and 3 players a city already needs 8, and the 2e édition always
    /// does, so neither mentions it.
    #[test]
    fn classic_checklist_offers_the_longer_game_after_the_end_of_the_game() {
        for n in 4..=7 {
            let s = steps(CitadellesVariant::Classique, n, false);
            let option = s
                .iter()
                .position(|s| s.rule.as_deref() == Some("citadelles.option.longer_game"))
                .unwrap_or_else(|| panic!("{n} players: no longer-game step in {s:?}"));
            let end = s.iter().position(|s| s.rule.as_deref() == Some("citadelles.end.classique"));
            assert_eq!(end, Some(option - 1), "{n} players");
            assert_eq!(
                s[option].text.en,
                "Option, to agree on before the first round: for a longer game, a city is complete only at 8 districts instead of 7 (tick “longer game” on the sheet)."
            );
            assert_eq!(
                s[option].text.fr,
                // As the source writes it; the core typesets it (text.rs's own tests check how).
                crate::text::french(
                    "Option à convenir avant le premier tour : pour une partie plus longue, une cité n'est complète qu'à 8 quartiers au lieu de 7 (cochez « partie longue » sur la feuille)."
                )
            );
        }
        for n in 2..=3 {
            assert!(
                step_of(&steps(CitadellesVariant::Classique, n, false), "citadelles.option.longer_game")
                    .is_none()
            );
        }
        for n in 2..=7 {
            let s = steps(CitadellesVariant::DeuxiemeEdition, n, false);
            assert!(step_of(&s, "citadelles.option.longer_game").is_none(), "{n}");
        }
    }

    fn set_aside(variant: CitadellesVariant, players: u8, ninth: bool) -> SetupStep {
        let s = steps(variant, players, ninth);
        s.into_iter()
            .find(|s| s.text.en.contains("character cards go to the crown holder"))
            .unwrap_or_else(|| panic!("{variant:?} {players}: no character step"))
    }

    /// « 4 joueurs -> 2 face visible, 1 face cachée · 5 joueurs -> 1 face visible, 1 face
    /// cachée · 6 joueurs -> 1 face cachée · 7 joueurs -> 1 face cachée » and « Dans une partie
    /// à 7 joueurs, le dernier joueur à choisir […] récupère alors la carte face cachée »
    /// (CIT §Choix des personnages). The checklist tells the crown holder what to set aside at
    /// each player count, never the King face up.
    #[test]
    fn classic_checklist_sets_aside_the_characters_of_the_player_count() {
        let c = CitadellesVariant::Classique;
        assert_eq!(
            set_aside(c, 4, false).text.en,
            "The 8 character cards go to the crown holder: each round, they shuffle them and set aside at random 2 face up (never the King) and 1 face down before choosing."
        );
        assert_eq!(
            set_aside(c, 4, false).text.fr,
            crate::text::french(
                "Les 8 cartes Personnage vont au porteur de la Couronne : à chaque tour, il les mélange et en écarte au hasard 2 face visible (jamais le Roi) et 1 face cachée avant de choisir."
            )
        );
        assert_eq!(set_aside(c, 4, false).rule.as_deref(), Some("citadelles.draft.king_face_up"));
        assert!(
            set_aside(c, 5, false)
                .text
                .en
                .contains("at random 1 face up (never the King) and 1 face down before")
        );
        let six = set_aside(c, 6, false);
        assert!(six.text.en.ends_with("set aside at random 1 face down before choosing."), "{six:?}");
        assert_eq!(six.rule.as_deref(), Some("citadelles.draft.classique"));
        let seven = set_aside(c, 7, false);
        assert!(
            seven.text.en.ends_with(
                "1 face down before choosing; the last to choose receives a single card and also takes the face-down card to choose."
            ),
            "{seven:?}"
        );
        assert_eq!(seven.rule.as_deref(), Some("citadelles.draft.seven_players"));
    }

    /// « A 2 joueurs : Le joueur qui détient la Couronne mélange les 8 cartes Personnage et en
    /// écarte une au hasard, face cachée […] Ensuite, chacun votre tour choisit deux cartes, une
    /// qu'il écarte face cachée et une qu'il conserve » and « A 3 joueurs : […] le dernier
    /// joueur à choisir son deuxième personnage, il écarte face cachée la dernière carte
    /// Personnage » (CIT §Règles pour 2 et 3 joueurs; CIT2 says the same).
    #[test]
    fn two_and_three_player_checklists_follow_their_own_draft() {
        for v in CitadellesVariant::ALL {
            let two = set_aside(v, 2, false);
            assert_eq!(
                two.text.en,
                "The 8 character cards go to the crown holder: each round, they shuffle them and set aside at random 1 face down, then keep one character out of the other 7; after that, each player in turn keeps one and puts one face down."
            );
            assert_eq!(two.rule.as_deref(), Some("citadelles.draft.two_players"));
            let three = set_aside(v, 3, false);
            assert_eq!(
                three.text.en,
                "The 8 character cards go to the crown holder: each round, they shuffle them and set aside at random 1 face down; the pack goes round twice, and the last to choose puts the card left over face down."
            );
            assert_eq!(three.rule.as_deref(), Some("citadelles.draft.three_players"));
        }
    }

    /// CIT2 §Le choix des personnages: « il faut défausser un nombre défini de cartes faces
    /// visibles (2 à 4, 1 à 5, 0 à plus) », and « 2 personnages avec le numéro 9 qui permettent de
    /// jouer à 8 » (Les personnages); with a ninth card, one more face up (FACT-CIT-B5: 4 → 3 + 1,
    /// 8 → 0 + 1, the last player taking the face-down card).
    #[test]
    fn second_edition_checklist_sets_aside_by_player_count_and_ninth_character() {
        let d = CitadellesVariant::DeuxiemeEdition;
        assert!(set_aside(d, 4, false).text.en.contains("The 8 character cards"));
        assert!(
            set_aside(d, 4, false).text.en.contains("at random 2 face up (never the King) and 1 face down")
        );
        assert!(set_aside(d, 4, true).text.en.contains("The 9 character cards"));
        assert!(
            set_aside(d, 4, true).text.en.contains("at random 3 face up (never the King) and 1 face down")
        );
        assert_eq!(set_aside(d, 7, false).rule.as_deref(), Some("citadelles.draft.seven_players"));
        assert_eq!(set_aside(d, 7, true).rule.as_deref(), Some("citadelles.draft.deuxieme_edition"));
        let eight = set_aside(d, 8, true);
        assert!(
            eight.text.en.contains("set aside at random 1 face down before choosing; the last to choose"),
            "{eight:?}"
        );
        assert_eq!(eight.rule.as_deref(), Some("citadelles.draft.seven_players"));
    }

    /// CIT §Tours des joueurs: « en suivant l'ordre indiqué sur la carte d'ordre (distribuée à
    /// chaque joueur) »; CIT2 §Mise en place: « Ceux-ci reçoivent également 2 pièces d'or et une
    /// carte d'aide de jeu. On tire au sort le joueur qui commence et celui-ci reçoit la
    /// Couronne. »; CIT §Préparation: « Le joueur le plus âgé prend le pion Couronne ».
    #[test]
    fn every_player_gets_a_reference_card_and_the_crown_goes_as_each_book_says() {
        for v in CitadellesVariant::ALL {
            let s = steps(v, 4, false);
            assert!(
                s.iter().any(|s| s.text.en
                    == "Each player takes a reference card, which lists the characters and their calling order."),
                "{v:?}"
            );
        }
        let crown = |v| steps(v, 5, false).into_iter().map(|s| s.text.en).find(|t| t.contains("crown"));
        assert_eq!(
            crown(CitadellesVariant::Classique).as_deref(),
            Some("The oldest player takes the crown.")
        );
        assert_eq!(
            crown(CitadellesVariant::DeuxiemeEdition).as_deref(),
            Some("Draw lots for the first player, who takes the crown.")
        );
    }

    /// FACT-CIT-B4: « Queen: +3 gold if seated next to the rank-4 character; only in games of
    /// 5+ players »: the core refuses her at 4 players, so the checklist says so there.
    #[test]
    fn the_ninth_character_step_leaves_the_queen_out_at_four_players() {
        let d = CitadellesVariant::DeuxiemeEdition;
        let ninth = |n| {
            steps(d, n, true)
                .into_iter()
                .find(|s| s.rule.as_deref() == Some("citadelles.draft.ninth_character"))
        };
        assert_eq!(
            ninth(4).map(|s| s.text.en).as_deref(),
            Some("Add the chosen rank-9 character (not the Queen, which needs at least 5 players).")
        );
        assert_eq!(ninth(5).map(|s| s.text.en).as_deref(), Some("Add the chosen rank-9 character."));
        assert!(ninth(8).is_some());
    }
}
