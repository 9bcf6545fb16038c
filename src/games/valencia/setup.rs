//! What to put on the table before the first round (VAL §Mise en place, p.4–5), per module
//! and player count.

use serde_json::{Value, json};

use super::board::ValenciaSeat;
use super::phases::ValenciaMoment;
use super::table::player_count;
use crate::games::input::{self, VariantWord};
use crate::games::{Problems, SetupStep};

/// VAL §Mise en place, 11: « Des pièces pour une valeur totale de 5 » for each player.
pub const STARTING_COINS: u32 = 5;

/// The table a new play starts from (Mise en place, p.4–5), in the table state's shape: each
/// player (`names`, seating order, clockwise) with [`STARTING_COINS`] coins (step 11); the first
/// player (`first`) with the Stefan Feld pawn and a member on the Noblesse seat, the player on
/// their left (the next seat) one on the Église seat (step 12); the round tracker on round 1,
/// step A (step 3). With module 1 the book names no special card — « Nous vous recommandons de
/// commencer par utiliser une ou deux nouvelles cartes » — so none is chosen yet: the table ticks
/// the ones it takes (`special_cards: []`). A `first` beyond the seats is read as seat 0.
pub fn initial_table(variant: &str, names: &[String], first: usize) -> Value {
    let n = names.len();
    let first = if first < n { first } else { 0 };
    let church = if n > 0 { (first + 1) % n } else { 0 };
    let players: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let council: Vec<&str> = [(ValenciaSeat::Nobility, first), (ValenciaSeat::Church, church)]
                .into_iter()
                .filter(|&(_, seat)| seat == i)
                .map(|(s, _)| s.key())
                .collect();
            json!({
                "name": name,
                "coins": STARTING_COINS,
                "council": council,
                "stefan_feld": i == first,
            })
        })
        .collect();
    let mut table = json!({
        "variant": variant,
        "fountains": [],
        "players": players,
        "progress": { "round": 1, "step": ValenciaMoment::ALL[0] },
    });
    if variant == "special_influence"
        && let Some(t) = table.as_object_mut()
    {
        t.insert("special_cards".to_owned(), json!([]));
    }
    table
}

/// The setup checklist for `variant` (`base` or `special_influence`) at `players` players.
pub fn setup(variant: &str, players: u8) -> Result<Vec<SetupStep>, Problems> {
    let mut p = Problems::new();
    let special = match variant {
        "base" => false,
        "special_influence" => true,
        other => {
            input::unknown_variant(&mut p, "variant", VariantWord::MODULE, other, None, &[]);
            false
        }
    };
    player_count(&mut p, usize::from(players));
    if !p.is_empty() {
        return Err(p);
    }
    let two = players == 2;
    let mut steps = Vec::new();
    steps.extend(board_and_city(two));
    steps.extend(supply_and_material(players, special));
    steps.extend(first_player_and_missions());
    if two {
        steps.extend(nina());
    }
    if special {
        steps.push(special_cards());
    }
    Ok(steps)
}

/// Mise en place 1–7: the board, round boards, fountains, palms, the city.
fn board_and_city(two: bool) -> [SetupStep; 5] {
    [
        SetupStep::new(
            "board",
            format!("Plateau : la face pour {}.", if two { "2 joueurs" } else { "3 à 5 joueurs" }),
            format!("Board: the side for {}.", if two { "2 players" } else { "3 to 5 players" }),
            Some("valencia.setup"),
        ),
        SetupStep::new(
            "round_boards",
            "Les 5 plateaux de tours, mélangés, sur leurs cases ; le marqueur de tours sur la case A du premier.",
            "The 5 round boards, shuffled, on their spaces; the round marker on space A of the first.",
            Some("valencia.phase.action"),
        ),
        SetupStep::new(
            "fountains",
            "Une tuile Fontaine au hasard, face visible, sur chaque plateau de tours ; les 5 autres retournent dans la boîte.",
            "One fountain tile at random, face up, on each round board; the other 5 go back in the box.",
            Some("valencia.step.i"),
        ),
        SetupStep::new(
            "palms",
            "Un palmier sur le symbole de chaque plateau de tours (à côté de la lettre H).",
            "A palm on the symbol of each round board (next to the letter H).",
            Some("valencia.step.h"),
        ),
        SetupStep::new(
            "city",
            format!(
                "La ville : les {} tuiles Plan de la ville {}, puis la tuile centrale au milieu.",
                if two { 4 } else { 8 },
                if two { "pour 2 joueurs" } else { "pour 3 à 5 joueurs" }
            ),
            format!(
                "The city: the {} city plan tiles {}, then the central tile in the middle.",
                if two { 4 } else { 8 },
                if two { "for 2 players" } else { "for 3 to 5 players" }
            ),
            Some("valencia.setup"),
        ),
    ]
}

/// Mise en place 8–11: the supply and the privileges, then each player's material.
fn supply_and_material(players: u8, special: bool) -> [SetupStep; 4] {
    [
        SetupStep::new(
            "supply",
            "Pièces et ressources (6 de chaque type) triées près du plateau.",
            "Coins and resources (6 of each type) sorted next to the board.",
            Some("valencia.setup"),
        ),
        SetupStep::new(
            "privileges",
            format!("{players} privilèges sur le Conseil (un par joueur), les autres près du plateau."),
            format!("{players} privileges on the council (one per player), the rest next to the board."),
            Some("valencia.privileges"),
        ),
        SetupStep::new(
            "player_material",
            format!(
                "Chaque joueur : 15 membres, {} cartes Influence mélangées, un marqueur de prestige sur 0, le jeton 100, un paravent.",
                if special { "24 (25 avec le Joker)" } else { "24" }
            ),
            format!(
                "Each player: 15 members, {} influence cards shuffled, a prestige marker on 0, the 100 token, a screen.",
                if special { "24 (25 with the Joker)" } else { "24" }
            ),
            Some("valencia.phase.planning"),
        ),
        SetupStep::new(
            "coins",
            "Chaque joueur reçoit 5 pièces, derrière son paravent.",
            "Each player receives 5 coins, behind their screen.",
            Some("valencia.setup"),
        ),
    ]
}

/// Mise en place 12: who is first player, the pawn, the Nobility and Church seats; 13–14: the
/// missions.
fn first_player_and_missions() -> [SetupStep; 2] {
    [
        SetupStep::new(
            "first_player",
            "Le premier joueur, le dernier à s'être assis au bord d'une fontaine, prend le pion Stefan Feld et place un membre sur la Noblesse ; son voisin de gauche en place un sur l'Église.",
            "The first player, the last one to have sat on the edge of a fountain, takes the Stefan Feld pawn and puts a member on the Nobility; their left neighbour puts one on the Church.",
            Some("valencia.step.a"),
        ),
        SetupStep::new(
            "missions",
            "Chacun reçoit 5 cartes Mission et en garde au moins une, derrière son paravent ; les autres retournent dans la boîte.",
            "Everyone gets 5 mission cards and keeps at least one behind their screen; the others go back in the box.",
            Some("valencia.scoring.missions_completed"),
        ),
    ]
}

/// Règles pour 2 joueurs, Mise en place: Nina's deck of an unused colour, and the mission she
/// makes useless.
fn nina() -> [SetupStep; 2] {
    [
        SetupStep::new(
            "nina_deck",
            "À 2 joueurs : mélangez les cartes Influence d'une couleur inutilisée en une pile face cachée pour Nina.",
            "With 2 players: shuffle the influence cards of an unused colour into a face-down pile for Nina.",
            Some("valencia.nina"),
        ),
        SetupStep::new(
            "nina_mission",
            "La mission « un membre dans chaque quartier » ne sert pas à 2 joueurs : si elle est tirée, prenez-en une autre.",
            "The \"a member in every district\" mission is not used with 2 players: if drawn, take another.",
            Some("valencia.mission.every_district"),
        ),
    ]
}

/// Module 1, Mise en place: after the ordinary setup, everyone uses the same special cards; each
/// replaces a base card of its value (Centrale a 6), the Joker is a 25th card.
fn special_cards() -> SetupStep {
    SetupStep::new(
        "special_cards",
        "Cartes Influence spéciales : choisissez ensemble lesquelles utiliser ; chacun met les mêmes dans sa pioche. Chaque carte choisie y remplace une carte de base de même valeur (Centrale : un 6) ; le Joker s'y ajoute en 25e carte.",
        "Special influence cards: choose together which to use; everyone puts the same ones in their deck. Each chosen card replaces a base card of the same value there (Central: a 6); the Joker is added as a 25th card.",
        Some("valencia.variant.special_influence"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(variant: &str, players: u8) -> Vec<SetupStep> {
        setup(variant, players).unwrap_or_else(|p| panic!("{variant} {players}: {p:?}"))
    }

    /// « 12) Le dernier joueur à s'être assis au bord d'une fontaine devient le premier joueur
    /// et prend le pion Stefan Feld. » (Mise en place, p.4–5): the checklist says who starts.
    #[test]
    fn the_checklist_says_who_is_the_first_player() {
        for n in 2..=5 {
            let s = steps("base", n);
            let first = s.iter().find(|s| s.text.en.contains("Stefan Feld pawn")).map(|s| s.text.en.as_str());
            assert_eq!(
                first,
                Some(
                    "The first player, the last one to have sat on the edge of a fountain, takes the Stefan Feld pawn and puts a member on the Nobility; their left neighbour puts one on the Church."
                ),
                "{n}"
            );
        }
    }

    /// Module 1: « Ces deux cartes remplacent deux cartes de base de valeur 1 » (Économies), the
    /// same for Jumeaux (2) and Entrepôt (3); Soutien and Vagabond replace a 4 and a 5, Centrale
    /// « remplace une carte de base de valeur 6 », and the Joker is added « en tant que 25ème
    /// carte » (p.12–13). The table must know which base cards leave each deck.
    #[test]
    fn special_cards_say_which_base_cards_they_replace() {
        let s = steps("special_influence", 3);
        let module = s
            .iter()
            .find(|s| s.rule.as_deref() == Some("valencia.variant.special_influence"))
            .map(|s| s.text.en.as_str());
        assert_eq!(
            module,
            Some(
                "Special influence cards: choose together which to use; everyone puts the same ones in their deck. Each chosen card replaces a base card of the same value there (Central: a 6); the Joker is added as a 25th card."
            )
        );
        assert!(
            steps("base", 3).iter().all(|s| s.rule.as_deref() != Some("valencia.variant.special_influence"))
        );
    }

    /// « 8) Triez les pièces et les ressources par type » and « 11) […] Des pièces pour une
    /// valeur totale de 5 » (Mise en place): every step of the book's setup points at the setup
    /// entry or a more precise one.
    #[test]
    fn every_step_names_a_rule_entry() {
        for variant in ["base", "special_influence"] {
            for n in 2..=5 {
                for s in steps(variant, n) {
                    assert!(s.rule.is_some(), "{variant} {n}: {}", s.text.en);
                }
            }
        }
    }
}
