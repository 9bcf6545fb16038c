//! The setup checklist of each scenario for a player count, in our own words (the book's
//! "Mise en place" sections; what differs from the base game's setup).

use super::catalogue::OrleansScenario;
use super::deck::draw_counts;
use super::status::{common_targets, preplaced_fortifications};
use crate::games::input::{self, PlayedBy};
use crate::games::{Problems, SetupStep};
use crate::text::Text;

/// The coins each player starts with, as the setup says, so a new sheet starts where the
/// table does.
///
/// - Prospérité and Invasion keep the base game's setup: 5 coins each.
/// - Le duel, « Mise en place »: « Chaque joueur prend 5 pièces. »
/// - Le dignitaire, « Mise en place »: « Vous commencez la partie sans argent. »
/// - Vierzon, la capitale, « Mise en place »: « Vous démarrez la partie sans argent. »
/// - Marchand itinérant, « Mise en place »: 10 coins with the Knight and the Scholar.
pub fn start_coins(scenario: OrleansScenario) -> u32 {
    match scenario {
        OrleansScenario::Prosperite | OrleansScenario::Invasion | OrleansScenario::Duel => 5,
        OrleansScenario::Dignitaire | OrleansScenario::Vierzon => 0,
        OrleansScenario::Marchand => 10,
    }
}

/// The setup checklist of `scenario` for `players`, or a problem when the count does not fit.
/// The first step names the scenario's entry, whose setup the list summarises (on every step
/// it would only repeat it).
pub fn setup_steps(scenario: OrleansScenario, players: u8) -> Result<Vec<SetupStep>, Problems> {
    if let Some(v) = super::INFO.variant(scenario.id()) {
        let mut p = Problems::new();
        let who = PlayedBy::new(v.label.fr, v.label.en);
        if !input::player_count(&mut p, "players", &who, v.min_players, v.max_players, usize::from(players)) {
            return Err(p);
        }
    }
    let mut steps = match scenario {
        OrleansScenario::Prosperite => prosperite_steps(),
        OrleansScenario::Invasion => invasion_steps(usize::from(players)),
        OrleansScenario::Duel => duel_steps(),
        OrleansScenario::Dignitaire => dignitaire_steps(),
        OrleansScenario::Vierzon => vierzon_steps(),
        OrleansScenario::Marchand => marchand_steps(),
    };
    if let Some(first) = steps.first_mut() {
        first.rule = Some(format!("orleans.variant.{}", scenario.id()));
    }
    Ok(steps)
}

/// A step with its words; only the first step of a list names the rule entry.
fn s(id: &str, fr: &str, en: &str) -> SetupStep {
    SetupStep::new(id, fr, en, None)
}

/// A step whose words depend on the player count.
fn t(id: &str, text: Text) -> SetupStep {
    SetupStep { id: id.to_owned(), text, rule: None }
}

/// Prospérité, « Mise en place ».
fn prosperite_steps() -> Vec<SetupStep> {
    vec![
        s(
            "base_setup",
            "Mise en place du jeu de base, sauf ce qui suit.",
            "Base-game setup, except for what follows.",
        ),
        s(
            "board",
            "Le plateau Prospérité remplace les Actes de bienfaisance ; marqueur neutre sur l'événement 1.",
            "The Golden Age board replaces the beneficial deeds; neutral marker on event 1.",
        ),
        s(
            "goods",
            "Marchandises face cachée sur la carte (selon le nombre de joueurs) ; le reste trié dans la réserve.",
            "Goods face down on the map (by player count); the rest sorted in the supply.",
        ),
        s(
            "place_tiles",
            "Tuiles Lieu : les 24 de la liste Prospérité, en deux tas I et II.",
            "Place tiles: the 24 of the Golden Age list, in two piles I and II.",
        ),
        s(
            "citizens",
            "Citoyens sur les pistes des bateliers et des chevaliers, 3 sur les actes de bienfaisance ; aucun sur la piste de développement ni sur la carte.",
            "Citizens on the boatmen and knights tracks, 3 on the deeds; none on the development track or the map.",
        ),
        s(
            "buildings",
            "Chacun reçoit 2 cartes Bâtiment et en garde une ; pion Charpentier à Orléans.",
            "Each player is dealt 2 building cards and keeps one; carpenter pawn in Orléans.",
        ),
        s(
            "carpenter",
            "Chacun prend une extension Charpentier, un jeton Scriptorium et un marqueur neutre ; pas de tuiles Sablier.",
            "Each player takes a carpenter extension, a Scriptorium tile and a neutral marker; no hourglass tiles.",
        ),
    ]
}

/// Invasion, « Mise en place ».
fn invasion_steps(n: usize) -> Vec<SetupStep> {
    let (a, b) = draw_counts(n);
    let mut steps = vec![
        s(
            "base_setup",
            "Mise en place du jeu de base (marchandises comprises) ; plateau Ville en deux parties à côté.",
            "Base-game setup (goods included); the two-part City board alongside.",
        ),
        s(
            "place_tiles",
            "Tuiles Lieu : les 21 de la liste Invasion, en deux tas I et II.",
            "Place tiles: the 21 of the Invasion list, in two piles I and II.",
        ),
        t(
            "hourglass",
            Text::new(
                format!(
                    "Tuiles Sablier : écartez celles que vous voulez (⚡), puis tirez {a} A et {b} B ; A sur B sur C (Invasion)."
                ),
                format!(
                    "Hourglass tiles: set aside any you wish (⚡), then draw {a} A and {b} B; A over B over C (Invasion)."
                ),
            ),
        ),
        s(
            "citizens",
            "Citoyens : comme au jeu de base sans celui des comptoirs ; un par réalisation, un par réserve de Céréales, Fromage et Vin, un au bout de la piste des fermiers, un à Le Blanc.",
            "Citizens: as in the base game without the trading-post one; one per achievement, one by the grain, cheese and wine supplies, one past the farmers track, one on Le Blanc.",
        ),
        s(
            "special_buildings",
            "Un jeton Bâtiment spécial sur chaque ville frontalière.",
            "A special-building token on every border town.",
        ),
    ];
    steps.extend(invasion_fortifications(n));
    steps.push(s("characters", "Chacun tire (ou choisit) une carte Personnage ; le Conseiller municipal prend la Salle de l'assemblée.", "Each player draws (or picks) a character card; the Councillor takes the Assembly hall."));
    steps.push(s(
        "support_board",
        "Chacun prend un plateau Soutien ; sablier et actes de bienfaisance de base restent dans la boîte.",
        "Each player takes a Support board; base hourglass tiles and deeds stay in the box.",
    ));
    steps.push(invasion_common_goals(n));
    steps
}

/// Invasion, « Mise en place »: the towns that start fortified in an unused colour, at 3
/// players and more at 2; none from 4 (`preplaced_fortifications`).
fn invasion_fortifications(n: usize) -> Option<SetupStep> {
    let towns = preplaced_fortifications(n);
    (towns > 0).then(|| {
        let more = if n <= 2 { ", Étampes, Montargis, Saint-Amand-Montrond, Chinon" } else { "" };
        t(
            "fortifications",
            Text::new(
                format!("Fortifications d'une couleur non jouée : {towns} villes (La Châtre, Briare, Tours{more})."),
                format!("Fortifications in an unused colour: {towns} towns (La Châtre, Briare, Tours{more})."),
            ),
        )
    })
}

/// Invasion, « Mise en place »: the common goals for the player count.
fn invasion_common_goals(n: usize) -> SetupStep {
    let (ramparts, citizens, treasury, [g, c, w]) = common_targets(n);
    t(
        "common_goals",
        Text::new(
            format!(
                "Objectifs communs : {ramparts} Chevaliers sur les remparts, {citizens} Citoyens, {treasury} pièces, Entrepôt {g} Céréales, {c} Fromages, {w} Vins, une fortification par ville frontalière."
            ),
            format!(
                "Common goals: {ramparts} knights on the ramparts, {citizens} citizens, {treasury} coins, warehouse {g} grain, {c} cheese, {w} wine, a fortification in every border town."
            ),
        ),
    )
}

/// Le duel, « Mise en place ».
fn duel_steps() -> Vec<SetupStep> {
    vec![
        s(
            "main_board",
            "Plateau central ; chacun prend sac, plateau personnel, ses 4 partisans et ses marqueurs au début des pistes.",
            "Main board; each takes bag, player board, their 4 followers and markers at the start of the tracks.",
        ),
        s(
            "goods",
            "Marchandises pour 2 joueurs, face visible ; chacun place son marchand dans la ville de son choix.",
            "Goods for 2 players, face up; each places their merchant in a town of their choice.",
        ),
        s(
            "followers",
            "Partisans pour 2 joueurs et 8 jetons Technologie ; plateau Le duel avec compte-tour sur 1 ; 4 marqueurs neutres chacun ; un Citoyen par acte de bienfaisance.",
            "Followers for 2 players and 8 technology tiles; Duel board with the round marker on 1; 4 neutral markers each; a citizen on each deed.",
        ),
        s("town_house", "Plateau Maison bourgeoise au centre.", "Town house board in the middle."),
        s(
            "place_tiles",
            "20 tuiles Lieu choisies : 1er joueur 5 de I, 2e joueur 5 de I et 5 de II, 1er joueur 5 de II.",
            "20 place tiles picked: first player 5 of I, second 5 of I and 5 of II, first 5 of II.",
        ),
        s(
            "coins",
            "5 pièces chacun ; pas de tuiles Sablier ni d'actes de base.",
            "5 coins each; no hourglass tiles or base deeds.",
        ),
    ]
}

/// Le dignitaire, « Mise en place ».
fn dignitaire_steps() -> Vec<SetupStep> {
    vec![
        s(
            "main_board",
            "Plateau central et actes de bienfaisance ; vos partisans, marqueurs au début des pistes, marchand à Orléans ; Diligence active ; aucune pièce.",
            "Main board and deeds; your followers, markers at the start of the tracks, merchant in Orléans; Stagecoach active; no coins.",
        ),
        s("board", "Plateau Le dignitaire, compte-tour sur 1.", "Dignitary board, round marker on 1."),
        s(
            "citizens",
            "Un Citoyen à Vendôme, Tours, Vierzon, Sancerre, Argenton-sur-Creuse et Saint-Amand-Montrond ; les 7 autres où vous voulez.",
            "A citizen in Vendôme, Tours, Vierzon, Sancerre, Argenton-sur-Creuse and Saint-Amand-Montrond; the other 7 where you like.",
        ),
        s(
            "place_tiles",
            "Sans les tuiles Lieu liées aux marchandises ni Dépôt, Carriole, Sacristie, Taverne, Vignoble : 5 de I et 5 de II au hasard.",
            "Without goods-related place tiles or Depot, Horse Wagon, Sacristy, Tavern, Vineyard: 5 of I and 5 of II at random.",
        ),
        s(
            "followers",
            "4 partisans neutres de chaque type, 6 jetons Technologie ; pas de sablier ni de marchandises.",
            "4 neutral followers of each type, 6 technology tiles; no hourglass tiles or goods.",
        ),
    ]
}

/// Vierzon, la capitale, « Mise en place ».
fn vierzon_steps() -> Vec<SetupStep> {
    vec![
        s(
            "main_board",
            "Plateau central ; vos partisans, marqueurs au début des pistes, marchand à Orléans ; Étal de marché actif ; aucune pièce.",
            "Main board; your followers, markers at the start of the tracks, merchant in Orléans; Market stall active; no coins.",
        ),
        s(
            "goods",
            "40 marchandises au hasard : une face visible sur chaque voie menant à Orléans, Blois, Tours, Loches, Montrichard, Vierzon, Bourges et Sancerre, sauf sur les cases « 3 » ou « 4 » ; le reste en réserve.",
            "40 random goods: one face up on each route into Orléans, Blois, Tours, Loches, Montrichard, Vierzon, Bourges and Sancerre, except on the “3” or “4” spaces; the rest in the supply.",
        ),
        s(
            "board",
            "Plateau Vierzon, compte-tour sur 1 ; 7 Citoyens : 5 sur les pistes, 2 sur les actes.",
            "Vierzon board, round marker on 1; 7 citizens: 5 on the tracks, 2 on the deeds.",
        ),
        s(
            "place_tiles",
            "5 tuiles Lieu de I et 5 de II au hasard ; 4 partisans neutres de chaque type, 4 jetons Technologie.",
            "5 place tiles of I and 5 of II at random; 4 neutral followers of each type, 4 technology tiles.",
        ),
        s("box", "Pas de tuiles Sablier ni d'actes de base.", "No hourglass tiles or base deeds."),
    ]
}

/// Marchand itinérant, « Mise en place ».
fn marchand_steps() -> Vec<SetupStep> {
    vec![
        s(
            "main_board",
            "Plateau central et actes ; vos partisans plus un Chevalier et un Érudit, marchand à Orléans, Étal de marché actif, 10 pièces.",
            "Main board and deeds; your followers plus a Knight and a Scholar, merchant in Orléans, Market stall active, 10 coins.",
        ),
        s("goods", "Marchandises comme à 4 joueurs, face visible.", "Goods as for 4 players, face up."),
        s(
            "board",
            "Plateau Marchand itinérant, compte-tour sur 1.",
            "Travelling merchant board, round marker on 1.",
        ),
        s(
            "followers",
            "Partisans neutres : 3 Artisans, 3 Commerçants, 3 Bateliers, 3 Chevaliers, 3 Érudits, 4 Moines, 5 Fermiers ; 8 jetons Technologie.",
            "Neutral followers: 3 craftsmen, 3 traders, 3 boatmen, 3 knights, 3 scholars, 4 monks, 5 farmers; 8 technology tiles.",
        ),
        s(
            "place_tiles",
            "Tuiles Lieu : Bain public, Carriole, Cave, Exploitation vinicole, Fabrique de fromage, Fabrique de laine, Jardin potager, Laboratoire, Meule de foin, Tailleur.",
            "Place tiles: Bathhouse, Horse wagon, Cellar, Winery, Cheese factory, Wool manufacturer, Herb garden, Laboratory, Hayrick, Tailor shop.",
        ),
        s("box", "Sans sablier, comptoirs ni Citoyens.", "No hourglass tiles, trading posts or citizens."),
    ]
}
