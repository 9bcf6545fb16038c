//! What to put on the table for a module and a player count.

use super::INFO;
use super::table::Module;
use crate::games::input::{self, PlayedBy, VariantWord};
use crate::games::{Problems, SetupStep};

/// Gem tokens of each colour in the base game's box (FACT-SPL-C1: 7 of each at 4 players).
const GEMS_IN_THE_BOX: u8 = 7;

fn step(id: &str, fr: String, en: String, rule: Option<&str>) -> SetupStep {
    SetupStep::new(id, fr, en, rule)
}

/// The setup checklist for `variant` (a module id) at `players` players (2–4), base game
/// first, then what the module changes.
pub fn setup(variant: &str, players: u8) -> Result<Vec<SetupStep>, Problems> {
    let mut problems = Problems::new();
    let module = Module::from_id(variant);
    if module.is_none() {
        input::unknown_variant(&mut problems, "variant", VariantWord::MODULE, variant, None, &[]);
    }
    let (min, max) = (INFO.min_players(), INFO.max_players());
    let who = PlayedBy::game(&INFO).plural();
    input::player_count(&mut problems, "players", &who, min, max, usize::from(players));
    let Some(module) = module.filter(|_| problems.is_empty()) else { return Err(problems) };

    // The module's setup entry: it restates the base game's setup the module keeps.
    let rule = match module {
        Module::Cities => "splendor.setup.cities",
        Module::Orient => "splendor.setup.orient",
        Module::TradingPosts => "splendor.setup.trading_posts",
        Module::Strongholds => "splendor.setup.strongholds",
    };
    let mut steps = base_steps(players, rule);
    steps.extend(noble_or_city_steps(module, players, rule));
    steps.extend(module_steps(module));
    // Pion Premier Joueur (the booklet's first page): the pawn marks who plays last in the final
    // round. Who starts, the booklet does not say: Greffier's decision (DEC-SPL-9) is the base
    // game's rule, the youngest player (the step keeps its id, so a ticked step stays ticked).
    steps.push(step(
        "first_player_pawn",
        "Premier joueur : le plus jeune commence, comme dans le jeu de base (ce livret ne dit pas qui commence) ; il prend le pion Premier joueur : le joueur à sa droite jouera le dernier au tour final.".into(),
        "First player: the youngest player starts, as in the base game (this booklet does not say who starts); they take the first player pawn: the player on their right plays last in the final round.".into(),
        Some("splendor.overview"),
    ));
    Ok(steps)
}

/// Splendor base game (FACT-SPL-C1, V2): 7 gems of each colour at 4 players, 5 at 3 (remove
/// 2), 4 at 2 (remove 3); always 5 gold; the development rows.
fn base_steps(players: u8, rule: &str) -> Vec<SetupStep> {
    let gems = match players {
        2 => 4,
        3 => 5,
        _ => GEMS_IN_THE_BOX,
    };
    let (away_fr, away_en) = match GEMS_IN_THE_BOX - gems {
        0 => (String::new(), String::new()),
        k => (
            format!(" ; rangez les {k} autres de chaque couleur dans la boîte"),
            format!("; put the other {k} of each colour back in the box"),
        ),
    };
    vec![
        step(
            "gems",
            format!("Jetons gemmes : {gems} de chaque couleur (blanc, bleu, vert, rouge, noir){away_fr}."),
            format!("Gem tokens: {gems} of each colour (white, blue, green, red, black){away_en}."),
            Some(rule),
        ),
        step("gold", "Jetons or : les 5.".into(), "Gold tokens: all 5.".into(), Some(rule)),
        step(
            "development_cards",
            "Cartes Développement : une pioche par niveau, 4 cartes découvertes par niveau.".into(),
            "Development cards: one deck per level, 4 cards face up per level.".into(),
            Some(rule),
        ),
    ]
}

/// Splendor base game (FACT-SPL-C1): nobles, players + 1; Cities, Mise en place: no nobles,
/// 3 cities whatever the count.
fn noble_or_city_steps(module: Module, players: u8, rule: &str) -> Vec<SetupStep> {
    let nobles = players + 1;
    match module {
        Module::Cities => vec![
            step(
                "no_nobles",
                "Pas de tuiles Noble dans ce module.".into(),
                "No noble tiles in this module.".into(),
                Some("splendor.setup.cities"),
            ),
            step(
                "cities",
                "Mélangez les tuiles Cité et posez-en 3 au hasard, face au hasard ; rangez les autres."
                    .into(),
                "Shuffle the city tiles and lay out 3 at random, either side up; put the rest away.".into(),
                Some("splendor.setup.cities"),
            ),
        ],
        Module::TradingPosts | Module::Orient | Module::Strongholds => vec![step(
            "nobles",
            format!("Nobles : {nobles} tuiles découvertes."),
            format!("Nobles: {nobles} tiles face up."),
            Some(rule),
        )],
    }
}

/// What the module itself adds to the table.
fn module_steps(module: Module) -> Vec<SetupStep> {
    match module {
        Module::Cities => Vec::new(),
        // The Orient, Mise en place: an Orient deck per level beside the base rows.
        Module::Orient => vec![step(
            "orient_cards",
            "Cartes Orient : une pioche par niveau à droite des cartes du jeu de base, 2 cartes découvertes par niveau.".into(),
            "Orient cards: one deck per level to the right of the base cards, 2 cards face up per level.".into(),
            Some("splendor.setup.orient"),
        )],
        // Trading Posts, Mise en place: the route board, 5 flags each.
        Module::TradingPosts => vec![
            step(
                "route_board",
                "Tuile dépliant de la route à portée de tous.".into(),
                "The route board within everyone's reach.".into(),
                Some("splendor.setup.trading_posts"),
            ),
            step(
                "flags",
                "Chaque joueur prend les 5 fanions de sa couleur.".into(),
                "Each player takes the 5 flags of their colour.".into(),
                Some("splendor.setup.trading_posts"),
            ),
        ],
        // Strongholds, Mise en place: 3 strongholds each.
        Module::Strongholds => vec![step(
            "strongholds",
            "Chaque joueur prend 3 places fortes de sa couleur.".into(),
            "Each player takes 3 strongholds of their colour.".into(),
            Some("splendor.setup.strongholds"),
        )],
    }
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
            assert!(texts(module, 3).iter().any(|s| s.contains("take the first player pawn")), "{module}");
        }
    }

    /// The booklet gives the pawn (« Placez ce pion devant le Premier joueur », Pion Premier
    /// Joueur) but not who starts: Greffier's decision (DEC-SPL-9) is the base game's rule, the
    /// youngest player starts, and the checklist says so in both languages, in every module.
    #[test]
    fn every_module_says_who_starts() {
        for module in ["cities", "trading_posts", "orient", "strongholds"] {
            let steps = setup(module, 3).expect("valid");
            let first = steps.iter().find(|s| s.id == "first_player_pawn").expect("the first-player step");
            assert_eq!(
                first.text.en,
                "First player: the youngest player starts, as in the base game (this booklet does not say who starts); they take the first player pawn: the player on their right plays last in the final round."
            );
            assert_eq!(
                first.text.fr,
                crate::text::french(
                    "Premier joueur : le plus jeune commence, comme dans le jeu de base (ce livret ne dit pas qui commence) ; il prend le pion Premier joueur : le joueur à sa droite jouera le dernier au tour final."
                )
            );
        }
    }

    #[test]
    fn other_modules_reveal_one_noble_more_than_players() {
        assert!(texts("trading_posts", 3).contains(&"Nobles: 4 tiles face up.".to_owned()));
        assert!(
            texts("strongholds", 2).contains(&"Each player takes 3 strongholds of their colour.".to_owned())
        );
    }

    /// FACT-SPL-C1 (Splendor base rules): « 3 players: 5 of each colour (remove 2) », « 2
    /// players: 4 of each colour (remove 3) »: the tokens left out go back in the box.
    #[test]
    fn gems_left_out_at_two_and_three_players_go_back_in_the_box() {
        assert_eq!(
            texts("cities", 2)[0],
            "Gem tokens: 4 of each colour (white, blue, green, red, black); put the other 3 of each colour back in the box."
        );
        assert!(texts("orient", 3)[0].ends_with("; put the other 2 of each colour back in the box."));
        assert_eq!(texts("orient", 4)[0], "Gem tokens: 7 of each colour (white, blue, green, red, black).");
    }

    /// Each module's « Mise en place » (Cities, The Orient, Trading Posts, Strongholds) has its
    /// setup entry, which restates the base game's setup: every step names one.
    #[test]
    fn every_step_names_a_rule_entry() {
        for module in ["cities", "trading_posts", "orient", "strongholds"] {
            for n in 2..=4 {
                let steps = setup(module, n).expect("valid");
                assert!(steps.iter().all(|s| s.rule.is_some()), "{module} {n}: {steps:?}");
                assert_eq!(steps[0].rule.as_deref(), Some(format!("splendor.setup.{module}").as_str()));
            }
        }
    }

    #[test]
    fn bad_module_and_count_are_both_reported() {
        let problems = setup("dragons", 5).expect_err("invalid");
        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, vec!["variant", "players"]);
    }
}
