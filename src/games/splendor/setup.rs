//! What to put on the table for a module and a player count.

use super::table::Module;
use crate::games::{Problems, SetupStep};
use crate::text::Text;

fn step(fr: String, en: String, rule: Option<&str>) -> SetupStep {
    SetupStep::new(fr, en, rule)
}

/// The setup checklist for `variant` (a module id) at `players` players (2–4), base game
/// first, then what the module changes.
pub fn setup(variant: &str, players: u8) -> Result<Vec<SetupStep>, Problems> {
    let mut problems = Problems::new();
    let module = Module::from_id(variant);
    if module.is_none() {
        problems.push(
            "variant",
            "unknown_variant",
            Text::new(format!("Module inconnu « {variant} »."), format!("Unknown module “{variant}”.")),
        );
    }
    if !(2..=4).contains(&players) {
        problems.push(
            "players",
            "player_count",
            Text::new(
                format!("Les Cités de Splendor se jouent de 2 à 4 joueurs, pas {players}."),
                format!("Les Cités de Splendor is played by 2 to 4 players, not {players}."),
            ),
        );
    }
    let Some(module) = module.filter(|_| problems.is_empty()) else { return Err(problems) };

    // Splendor base game (game-facts C1, V2): 7 gems of each colour at 4 players, 5 at 3, 4 at 2;
    // always 5 gold; nobles: players + 1.
    let gems = match players {
        2 => 4,
        3 => 5,
        _ => 7,
    };
    let mut steps = vec![
        step(
            format!("Jetons gemmes : {gems} de chaque couleur (blanc, bleu, vert, rouge, noir)."),
            format!("Gem tokens: {gems} of each colour (white, blue, green, red, black)."),
            None,
        ),
        step("Jetons or : les 5.".into(), "Gold tokens: all 5.".into(), None),
        step(
            "Cartes Développement : une pioche par niveau, 4 cartes découvertes par niveau.".into(),
            "Development cards: one deck per level, 4 cards face up per level.".into(),
            None,
        ),
    ];
    let nobles = players + 1;
    match module {
        // Cités de Splendor, Les Cités, Mise en place: no nobles; 3 cities whatever the count.
        Module::Cities => {
            steps.push(step(
                "Pas de tuiles Noble dans ce module.".into(),
                "No noble tiles in this module.".into(),
                Some("splendor.setup.cities"),
            ));
            steps.push(step(
                "Mélangez les tuiles Cité et posez-en 3 au hasard, face au hasard ; rangez les autres."
                    .into(),
                "Shuffle the city tiles and lay out 3 at random, either side up; put the rest away.".into(),
                Some("splendor.setup.cities"),
            ));
        }
        Module::TradingPosts | Module::Orient | Module::Strongholds => steps.push(step(
            format!("Nobles : {nobles} tuiles découvertes."),
            format!("Nobles: {nobles} tiles face up."),
            None,
        )),
    }
    match module {
        Module::Cities => {}
        // Cités de Splendor, L'Orient, Mise en place: an Orient deck per level beside the base rows.
        Module::Orient => steps.push(step(
            "Cartes Orient : une pioche par niveau à droite des cartes du jeu de base, 2 cartes découvertes par niveau.".into(),
            "Orient cards: one deck per level to the right of the base cards, 2 cards face up per level.".into(),
            Some("splendor.setup.orient"),
        )),
        // Cités de Splendor, Les Comptoirs, Mise en place: the route board, 5 flags each.
        Module::TradingPosts => {
            steps.push(step(
                "Tuile dépliant de la route à portée de tous.".into(),
                "The route board within everyone's reach.".into(),
                Some("splendor.setup.trading_posts"),
            ));
            steps.push(step(
                "Chaque joueur prend les 5 fanions de sa couleur.".into(),
                "Each player takes the 5 flags of their colour.".into(),
                Some("splendor.setup.trading_posts"),
            ));
        }
        // Cités de Splendor, Les Bastions, Mise en place: 3 strongholds each.
        Module::Strongholds => steps.push(step(
            "Chaque joueur prend 3 places fortes de sa couleur.".into(),
            "Each player takes 3 strongholds of their colour.".into(),
            Some("splendor.setup.strongholds"),
        )),
    }
    // Cités de Splendor, Pion Premier Joueur: the pawn marks who plays last in the final round.
    steps.push(step(
        "Pion Premier joueur devant le premier joueur : le joueur à sa droite jouera le dernier au tour final.".into(),
        "First player pawn in front of the first player: the player on their right plays last in the final round.".into(),
        None,
    ));
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(variant: &str, players: u8) -> Vec<String> {
        setup(variant, players).map(|s| s.into_iter().map(|s| s.text.en).collect()).unwrap_or_default()
    }

    #[test]
    fn gems_follow_the_player_count() {
        assert!(texts("orient", 2)[0].starts_with("Gem tokens: 4 "));
        assert!(texts("orient", 3)[0].starts_with("Gem tokens: 5 "));
        assert!(texts("orient", 4)[0].starts_with("Gem tokens: 7 "));
    }

    #[test]
    fn cities_replace_the_nobles_with_three_cities_at_any_count() {
        for n in 2..=4 {
            let t = texts("cities", n);
            assert!(t.iter().any(|s| s == "No noble tiles in this module."));
            assert!(t.iter().any(|s| s.contains("lay out 3 at random")));
            assert!(!t.iter().any(|s| s.starts_with("Nobles:")));
        }
    }

    /// « Placez ce pion devant le Premier joueur de façon à se souvenir que le joueur situé à sa
    /// droite sera le dernier à jouer à la fin du jeu. » (Pion Premier Joueur)
    #[test]
    fn every_module_places_the_first_player_pawn() {
        for module in ["cities", "trading_posts", "orient", "strongholds"] {
            assert!(texts(module, 3).iter().any(|s| s.starts_with("First player pawn")), "{module}");
        }
    }

    #[test]
    fn other_modules_reveal_one_noble_more_than_players() {
        assert!(texts("trading_posts", 3).contains(&"Nobles: 4 tiles face up.".to_owned()));
        assert!(
            texts("strongholds", 2).contains(&"Each player takes 3 strongholds of their colour.".to_owned())
        );
    }

    #[test]
    fn bad_module_and_count_are_both_reported() {
        let problems = setup("dragons", 5).expect_err("invalid");
        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, vec!["variant", "players"]);
    }
}
