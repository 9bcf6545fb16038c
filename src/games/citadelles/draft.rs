//! The character draft ("choix des personnages"): which cards are set aside face up and face
//! down for a player count, the steps of the choice (2, 3 and 7 or 8 players have their own),
//! and a seeded, portable draw of the cards set aside (ChaCha8: the same seed gives the same
//! cards on every machine). Pure functions, no I/O.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::INFO;
use super::characters::{Character, base_of_rank, character_of};
use super::profile::{BASE_CHARACTERS, CitadellesVariant};
use crate::games::Problems;
use crate::games::input::{self, PlayedBy};
use crate::text::{FrArticle, Text, capitalized};

/// The rank that is never set aside face up (DEC-CIT-2; CIT2 §Le choix des personnages).
pub const KING_RANK: u8 = 4;

/// What happens in one step of the choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CitadellesDraftAction {
    /// The crown holder shuffles the character cards.
    Shuffle { cards: u8 },
    /// Cards set aside at random before the choice.
    SetAside { face_up: u8, face_down: u8 },
    /// A player receives `from` cards, keeps `keep` and puts `face_down` aside face down, then
    /// passes the rest on to the left.
    Choose { from: u8, keep: u8, face_down: u8 },
    /// The last player, handed a single card, also takes the face-down card, keeps one of the
    /// two and puts the other back face down.
    TakeFaceDown { from: u8 },
}

/// One step of the choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDraftStep {
    /// Who acts: seats clockwise (to the left) from the crown holder, who is 0.
    pub actor: u8,
    pub action: CitadellesDraftAction,
    pub text: Text,
    /// The rule entry this step follows.
    pub rule: String,
}

/// How the choice goes at one player count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDraftPlan {
    pub variant: CitadellesVariant,
    pub players: u8,
    pub ninth_character: bool,
    /// Character cards in the deck (8, or 9 with a ninth character).
    pub characters: u8,
    /// Set aside before the choice.
    pub face_up: u8,
    pub face_down: u8,
    /// Characters each player ends with.
    pub per_seat: u8,
    /// The last player takes the face-down card to choose (7 players with 8 cards, 8 with 9).
    pub last_takes_face_down: bool,
    pub steps: Vec<CitadellesDraftStep>,
}

/// A drawn character card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDrawnCharacter {
    pub id: String,
    pub rank: u8,
    pub name: Text,
}

/// The cards set aside by a seeded draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDraftDraw {
    /// Set aside face up, in draw order (never the rank-4 character).
    pub face_up: Vec<CitadellesDrawnCharacter>,
    /// Set aside face down, in draw order (secret: the UI shows it only when a rule lets a
    /// player look at it).
    pub face_down: Vec<CitadellesDrawnCharacter>,
    /// Handed to the crown holder for the choice, by rank.
    pub to_crown: Vec<CitadellesDrawnCharacter>,
    /// Times the rank-4 character was drawn face up and put back.
    pub king_put_back: u8,
    /// What happened, in order.
    pub steps: Vec<Text>,
}

fn to_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// `Le porteur de la Couronne` / `Le joueur 2 places à sa gauche`.
fn actor_text(offset: u8, players: u8) -> Text {
    match (offset, players) {
        (0, _) => Text::new("Le porteur de la Couronne", "The crown holder"),
        (1, 2) => Text::new("L'autre joueur", "The other player"),
        (1, _) => Text::new("Le joueur à sa gauche", "The player on their left"),
        (k, _) => Text::new(
            format!("Le joueur {k} places à gauche de la Couronne"),
            format!("The player {k} seats left of the crown"),
        ),
    }
}

fn problem(field: &str, code: &str, fr: String, en: String) -> Problems {
    let mut p = Problems::new();
    p.push(field, code, Text::new(fr, en));
    p
}

/// Checks a profile, player count and ninth-character choice (fields `players`,
/// `ninth_character`).
pub(crate) fn check_count(variant: CitadellesVariant, players: u8, ninth: bool) -> Result<(), Problems> {
    let mut p = Problems::new();
    let (min, max) = (variant.min_players(), variant.max_players());
    let label = variant.label();
    let who = PlayedBy::new(format!("{} ({})", INFO.name, label.fr), format!("{} ({})", INFO.name, label.en));
    if !input::player_count(&mut p, "players", &who, min, max, usize::from(players)) {
        return Err(p);
    }
    if ninth && !variant.ninth_character_allowed(usize::from(players)) {
        p.push(
            "ninth_character",
            "ninth_character_player_count",
            Text::new(
                format!("Pas de 9e personnage avec la règle « {} » à {players} joueurs.", variant.label().fr),
                format!("No ninth character with the “{}” rules and {players} players.", variant.label().en),
            ),
        );
    } else if players == 8 && !ninth {
        p.push(
            "ninth_character",
            "ninth_character_required",
            Text::new(
                "À 8 joueurs, il faut un 9e personnage.",
                "With 8 players a ninth character is needed.",
            ),
        );
    }
    p.into_result(())
}

/// The characters in play: `ids` (one per rank, ranks 1 to 8, and 9 with a ninth character),
/// or the 8 base characters when `ids` is empty. Problems on `characters[k]`.
pub(crate) fn characters_in_play(
    variant: CitadellesVariant,
    players: u8,
    ninth: bool,
    ids: &[String],
) -> Result<Vec<&'static Character>, Problems> {
    let ranks = BASE_CHARACTERS + u8::from(ninth);
    if ids.is_empty() {
        if ninth {
            return Err(problem(
                "characters",
                "missing",
                "Indiquez les personnages en jeu, dont le personnage de rang 9.".to_owned(),
                "Give the characters in play, including the rank-9 one.".to_owned(),
            ));
        }
        return Ok((1..=BASE_CHARACTERS).filter_map(base_of_rank).collect());
    }
    let mut p = Problems::new();
    let mut found: Vec<&'static Character> = Vec::new();
    for (k, id) in ids.iter().enumerate() {
        if let Some(c) =
            check_character(variant, players, ranks, &found, format!("characters[{k}]"), id, &mut p)
        {
            found.push(c);
        }
    }
    // Only when every card typed is sound: a missing rank is often the echo of a wrong card.
    let missing = (1..=ranks).find(|rank| !found.iter().any(|c| c.rank == *rank));
    if let Some(rank) = missing.filter(|_| p.is_empty()) {
        p.push(
            "characters",
            "missing_rank",
            Text::new(format!("Aucun personnage de rang {rank}."), format!("No rank-{rank} character.")),
        );
    }
    found.sort_by_key(|c| c.rank);
    p.into_result(found)
}

/// One character card typed: of the profile, of a rank in play (9 only with a ninth
/// character), allowed at this player count, and the only one of its rank so far.
fn check_character(
    variant: CitadellesVariant,
    players: u8,
    ranks: u8,
    found: &[&'static Character],
    field: String,
    id: &str,
    p: &mut Problems,
) -> Option<&'static Character> {
    let Some(c) = character_of(variant, id) else {
        p.push(
            field,
            "unknown_character",
            Text::new(
                format!("« {id} » n'est pas un personnage de la règle « {} ».", variant.label().fr),
                format!("“{id}” is not a character of the “{}” rules.", variant.label().en),
            ),
        );
        return None;
    };
    let the = capitalized(&c.fr_with(FrArticle::Le));
    let (code, text) = if c.rank > ranks {
        (
            "not_in_play",
            Text::new(
                format!("{the} est de rang 9 : il faut choisir de jouer un 9e personnage."),
                format!("The {} is rank 9: choose to play a ninth character.", c.en),
            ),
        )
    } else if players < c.min_players {
        (
            "too_few_players_for_character",
            Text::new(
                format!("{the} ne se joue qu'à partir de {} joueurs.", c.min_players),
                format!("The {} is only used with {} players or more.", c.en, c.min_players),
            ),
        )
    } else if found.iter().any(|f| f.rank == c.rank) {
        (
            "duplicate_rank",
            Text::new(
                format!("Deux personnages de rang {} : un seul par rang.", c.rank),
                format!("Two rank-{} characters: one per rank.", c.rank),
            ),
        )
    } else {
        return Some(c);
    };
    p.push(field, code, text);
    None
}

/// How the choice goes for a profile and player count.
pub fn draft_plan(
    variant: CitadellesVariant,
    players: u8,
    ninth_character: bool,
) -> Result<CitadellesDraftPlan, Problems> {
    check_count(variant, players, ninth_character)?;
    let n = usize::from(players);
    let Some((face_up, face_down)) = variant.set_aside(n, ninth_character) else {
        return Err(problem(
            "players",
            "player_count",
            format!("Pas de choix des personnages prévu à {players} joueurs."),
            format!("No character draft is given for {players} players."),
        ));
    };
    let cards = BASE_CHARACTERS + u8::from(ninth_character);
    let draft_rule = format!("citadelles.draft.{}", variant.id());
    let mut steps = vec![shuffle_step(cards, &draft_rule), set_aside_step(face_up, face_down, &draft_rule)];
    let left = cards.saturating_sub(face_up).saturating_sub(face_down);
    let mut last_takes_face_down = false;
    match n {
        2 => steps.extend(two_player_choice(left)),
        3 => steps.extend(three_player_choice(left)),
        _ => {
            let (choice, takes) = round_the_table_choice(left, players, &draft_rule);
            steps.extend(choice);
            last_takes_face_down = takes;
        }
    }
    Ok(CitadellesDraftPlan {
        variant,
        players,
        ninth_character,
        characters: cards,
        face_up,
        face_down,
        per_seat: variant.characters_per_seat(n),
        last_takes_face_down,
        steps,
    })
}

fn shuffle_step(cards: u8, draft_rule: &str) -> CitadellesDraftStep {
    CitadellesDraftStep {
        actor: 0,
        action: CitadellesDraftAction::Shuffle { cards },
        text: Text::new(
            format!("Le porteur de la Couronne mélange les {cards} cartes Personnage."),
            format!("The crown holder shuffles the {cards} character cards."),
        ),
        rule: draft_rule.to_owned(),
    }
}

/// Set aside: face up first, then face down (CIT §Choix des personnages).
fn set_aside_step(face_up: u8, face_down: u8, draft_rule: &str) -> CitadellesDraftStep {
    let king = match face_up {
        0 => Text::new("", ""),
        _ => Text::new(
            " Le Roi (rang 4) n'est jamais écarté face visible : s'il sort, on le remet dans le paquet, on mélange et on en tire une autre.",
            " The King (rank 4) is never set aside face up: if drawn, it goes back into the deck, which is reshuffled, and another card is drawn.",
        ),
    };
    CitadellesDraftStep {
        actor: 0,
        action: CitadellesDraftAction::SetAside { face_up, face_down },
        text: Text::new(
            format!(
                "Il écarte au hasard {face_up} carte{} face visible puis {face_down} face cachée.{}",
                if face_up > 1 { "s" } else { "" },
                king.fr
            ),
            format!(
                "They set aside at random {face_up} card{} face up, then {face_down} face down.{}",
                if face_up == 1 { "" } else { "s" },
                king.en
            ),
        ),
        rule: if face_up > 0 { "citadelles.draft.king_face_up".to_owned() } else { draft_rule.to_owned() },
    }
}

/// Citadelles classique, Règles pour 2 et 3 joueurs, "A 2 joueurs"; 2e édition, "A 2 joueurs":
/// the crown holder keeps one of 7; then in turn each keeps one and puts one face down until no
/// card is left.
fn two_player_choice(mut left: u8) -> Vec<CitadellesDraftStep> {
    let mut steps = Vec::new();
    let mut actor = 0u8;
    let mut first = true;
    while left > 0 {
        let face_down = u8::from(!first);
        steps.push(CitadellesDraftStep {
            actor,
            action: CitadellesDraftAction::Choose { from: left, keep: 1, face_down },
            text: two_player_text(&actor_text(actor, 2), left, first),
            rule: "citadelles.draft.two_players".to_owned(),
        });
        left = left.saturating_sub(1 + face_down);
        actor = 1 - actor;
        first = false;
    }
    steps
}

fn two_player_text(who: &Text, left: u8, first: bool) -> Text {
    if first {
        Text::new(
            format!(
                "{} choisit secrètement un personnage parmi les {left} restants et passe les autres.",
                who.fr
            ),
            format!("{} secretly chooses one character from the {left} left and passes the rest.", who.en),
        )
    } else if left == 2 {
        Text::new(
            format!("{} reçoit les 2 dernières cartes : en garde une et pose l'autre face cachée.", who.fr),
            format!("{} receives the last 2 cards: keeps one and puts the other face down.", who.en),
        )
    } else {
        Text::new(
            format!(
                "{} reçoit {left} cartes : en garde une, en pose une face cachée et passe le reste.",
                who.fr
            ),
            format!("{} receives {left} cards: keeps one, puts one face down and passes the rest.", who.en),
        )
    }
}

/// Règles pour 2 et 3 joueurs, "A 3 joueurs" (and CIT2 §A 3 joueurs): the cards go round until
/// each has two; the last chooser puts the last card face down.
fn three_player_choice(mut left: u8) -> Vec<CitadellesDraftStep> {
    let mut steps = Vec::new();
    for k in 0..6u8 {
        let actor = k % 3;
        let who = actor_text(actor, 3);
        let last = k == 5;
        let text = if last {
            Text::new(
                format!(
                    "{} reçoit les {left} dernières cartes : en garde une (son second personnage) et pose l'autre face cachée.",
                    who.fr
                ),
                format!(
                    "{} receives the last {left} cards: keeps one (their second character) and puts the other face down.",
                    who.en
                ),
            )
        } else {
            passes_left_text(&who, left)
        };
        steps.push(CitadellesDraftStep {
            actor,
            action: CitadellesDraftAction::Choose { from: left, keep: 1, face_down: u8::from(last) },
            text,
            rule: "citadelles.draft.three_players".to_owned(),
        });
        left = left.saturating_sub(1 + u8::from(last));
    }
    steps
}

fn passes_left_text(who: &Text, left: u8) -> Text {
    Text::new(
        format!("{} choisit secrètement un personnage parmi {left} et passe le reste à gauche.", who.fr),
        format!("{} secretly chooses one character out of {left} and passes the rest to the left.", who.en),
    )
}

/// 4 players and more: each chooses one and passes the rest to the left; the last puts the card
/// left over face down (CIT §Choix des personnages). With one card fewer than needed for a choice
/// (7 players with 8 cards; 8 with 9), the last player takes the face-down card, keeps one of the
/// two and puts the other back face down. Also says whether that happens.
fn round_the_table_choice(mut left: u8, players: u8, draft_rule: &str) -> (Vec<CitadellesDraftStep>, bool) {
    let mut steps = Vec::new();
    let mut last_takes_face_down = false;
    for k in 0..players {
        let who = actor_text(k, players);
        let last = k + 1 == players;
        let (action, text, rule) = if last && left == 1 {
            last_takes_face_down = true;
            (
                CitadellesDraftAction::TakeFaceDown { from: 2 },
                Text::new(
                    format!(
                        "{} ne reçoit qu'une carte : il prend aussi la carte face cachée, garde l'un des deux personnages et repose l'autre face cachée.",
                        who.fr
                    ),
                    format!(
                        "{} receives a single card: they also take the face-down card, keep one of the two characters and put the other back face down.",
                        who.en
                    ),
                ),
                "citadelles.draft.seven_players".to_owned(),
            )
        } else if last {
            (
                CitadellesDraftAction::Choose { from: left, keep: 1, face_down: left.saturating_sub(1) },
                Text::new(
                    format!(
                        "{} choisit un personnage parmi les {left} derniers et pose le reste face cachée avec les cartes écartées.",
                        who.fr
                    ),
                    format!(
                        "{} chooses one character out of the last {left} and puts the rest face down with the cards set aside.",
                        who.en
                    ),
                ),
                draft_rule.to_owned(),
            )
        } else {
            (
                CitadellesDraftAction::Choose { from: left, keep: 1, face_down: 0 },
                passes_left_text(&who, left),
                draft_rule.to_owned(),
            )
        };
        steps.push(CitadellesDraftStep { actor: k, action, text, rule });
        left = left.saturating_sub(1);
    }
    (steps, last_takes_face_down)
}

fn drawn(c: &Character) -> CitadellesDrawnCharacter {
    CitadellesDrawnCharacter { id: c.id.to_owned(), rank: c.rank, name: c.name() }
}

/// Tries before giving up on drawing a card other than the King face up; the draw then takes
/// the first other card of the deck (only reachable with a deck holding nothing but the King).
const MAX_KING_REDRAWS: u8 = 64;

/// Draws the cards set aside for `plan` with a ChaCha8 stream seeded by `seed`: the whole deck
/// is shuffled, face-up cards are taken from the top (the rank-4 character goes back, the deck
/// is reshuffled and another is drawn), then the face-down ones. `characters`: ids in play, one
/// per rank (empty: the 8 base characters).
pub fn draw_draft(
    plan: &CitadellesDraftPlan,
    characters: &[String],
    seed: u64,
) -> Result<CitadellesDraftDraw, Problems> {
    check_count(plan.variant, plan.players, plan.ninth_character)?;
    let in_play = characters_in_play(plan.variant, plan.players, plan.ninth_character, characters)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<&'static Character> = in_play;
    deck.shuffle(&mut rng);

    let mut steps = Vec::new();
    let mut face_up = Vec::new();
    let mut king_put_back = 0u8;
    for _ in 0..plan.face_up {
        king_put_back =
            king_put_back.saturating_add(draw_face_up(&mut deck, &mut rng, &mut face_up, &mut steps));
    }
    let mut face_down = Vec::new();
    for _ in 0..plan.face_down {
        if let Some(card) = deck.pop() {
            face_down.push(card);
        }
    }
    if !face_down.is_empty() {
        let s = if face_down.len() > 1 { "s" } else { "" };
        steps.push(Text::new(
            format!("{} carte{s} face cachée (tenue secrète).", face_down.len()),
            format!("{} card{s} face down (kept secret).", face_down.len()),
        ));
    }
    deck.sort_by_key(|c| c.rank);
    steps.push(Text::new(
        format!("{} cartes remises au porteur de la Couronne pour le choix.", deck.len()),
        format!("{} cards handed to the crown holder for the choice.", deck.len()),
    ));
    Ok(CitadellesDraftDraw {
        face_up: face_up.into_iter().map(drawn).collect(),
        face_down: face_down.into_iter().map(drawn).collect(),
        to_crown: deck.into_iter().map(drawn).collect(),
        king_put_back,
        steps,
    })
}

/// Draws one card face up from the top of `deck`; returns how many times the King was drawn
/// and put back. DEC-CIT-2 and CIT2 §Le choix des personnages: the King is never set aside
/// face up; put it back, reshuffle, draw another.
fn draw_face_up(
    deck: &mut Vec<&'static Character>,
    rng: &mut ChaCha8Rng,
    face_up: &mut Vec<&'static Character>,
    steps: &mut Vec<Text>,
) -> u8 {
    let mut tries = 0u8;
    while let Some(card) = deck.pop() {
        if card.rank != KING_RANK {
            steps.push(Text::new(
                format!("Face visible : {}.", card.label().fr),
                format!("Face up: {}.", card.label().en),
            ));
            face_up.push(card);
            break;
        }
        deck.push(card);
        steps.push(Text::new(
            format!(
                "{} tiré face visible : remis dans le paquet, qui est mélangé de nouveau.",
                card.label().fr
            ),
            format!("{} drawn face up: put back into the deck, which is reshuffled.", card.label().en),
        ));
        tries = tries.saturating_add(1);
        if tries >= MAX_KING_REDRAWS {
            if let Some(pos) = deck.iter().position(|c| c.rank != KING_RANK) {
                face_up.push(deck.remove(pos));
            }
            break;
        }
        deck.shuffle(rng);
    }
    tries
}

/// The seat that acts for a step, given the crown holder's seat.
pub fn actor_seat(crown: u8, actor: u8, players: u8) -> u8 {
    if players == 0 {
        return 0;
    }
    let seat = (u16::from(crown) + u16::from(actor)) % u16::from(players);
    to_u8(usize::from(seat))
}
