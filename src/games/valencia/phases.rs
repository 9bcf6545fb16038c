//! The council phase (phase III, Valencia p.10) and the round tracker (5 rounds, steps A–I,
//! influence cards and privileges left).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::auction::{ValenciaStep, deck_size, special_cards};
use super::board::{PRIVILEGES_IN_BOX, ROUNDS, ValenciaSeat, to_u8, to_u32};
use super::table::ValenciaVariant;
use crate::games::{Problems, input};
use crate::text::Text;

const GAME: &str = "Valencia";

/// A council phase as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawCouncil {
    #[serde(default)]
    pub variant: Option<String>,
    /// Seating order.
    #[serde(default)]
    pub players: Vec<ValenciaRawCouncillor>,
    /// Privileges left in the supply before the phase (absent: 19).
    #[serde(default)]
    pub privileges_supply: Option<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawCouncillor {
    #[serde(default)]
    pub name: String,
    /// Seats held (`nobility`, `church`, a resource key for a guild, `merchants`).
    #[serde(default)]
    pub council: Vec<String>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaCouncilSeat {
    pub seat: u8,
    pub name: String,
    pub members: u32,
    /// 1 per member on the council.
    pub points: u32,
    pub gets_privilege: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaCouncil {
    pub players: Vec<ValenciaCouncilSeat>,
    /// Privileges handed out (may exceed the supply: see `shortage`).
    pub privileges_given: u32,
    pub privileges_supply_after: u32,
    /// Set when the supply cannot cover the majority (4–5 players: use another item instead).
    pub shortage: Option<Text>,
    pub explanation: Text,
}

fn player_count(p: &mut Problems, n: usize) {
    if !(2..=5).contains(&n) {
        p.push(
            "players",
            "player_count",
            Text::new(
                format!("Valencia se joue de 2 à 5 joueurs, pas {n}."),
                format!("Valencia is played by 2 to 5 players, not {n}."),
            ),
        );
    }
}

/// Valencia, p.10 (phase III): 1 point per own member on the council; the most members takes a
/// privilege, ties each take one.
pub fn council_phase(raw: &ValenciaRawCouncil) -> Result<ValenciaCouncil, Problems> {
    let mut p = Problems::new();
    for key in raw.other.keys() {
        input::unknown_field(&mut p, key.clone(), key, GAME);
    }
    let variant =
        ValenciaVariant::parse(&mut p, "variant", raw.variant.as_deref()).unwrap_or(ValenciaVariant::Base);
    let n = raw.players.len();
    player_count(&mut p, n);
    let supply = match &raw.privileges_supply {
        None | Some(Value::Null) => PRIVILEGES_IN_BOX,
        v => input::count(
            &mut p,
            "privileges_supply".to_owned(),
            v.as_ref(),
            PRIVILEGES_IN_BOX,
            &Text::new("privilèges en réserve", "privileges in the supply"),
        )
        .unwrap_or(0),
    };
    let names: Vec<&str> = raw.players.iter().map(|c| c.name.as_str()).collect();
    input::player_names(&mut p, &names);
    let mut seats: Vec<Vec<ValenciaSeat>> = Vec::with_capacity(n);
    for (i, rc) in raw.players.iter().enumerate() {
        for key in rc.other.keys() {
            input::unknown_field(&mut p, format!("players[{i}].{key}"), key, GAME);
        }
        let mut held = Vec::new();
        for (k, key) in rc.council.iter().enumerate() {
            match ValenciaSeat::from_key(key) {
                Some(s) if !held.contains(&s) => held.push(s),
                Some(_) => p.push(
                    format!("players[{i}].council[{k}]"),
                    "duplicate_seat",
                    Text::new("Siège donné deux fois.", "Seat given twice."),
                ),
                None => p.push(
                    format!("players[{i}].council[{k}]"),
                    "unknown_seat",
                    Text::new(format!("Siège inconnu « {key} »."), format!("Unknown seat “{key}”.")),
                ),
            }
        }
        seats.push(held);
    }
    for seat in ValenciaSeat::ALL {
        let holders = seats.iter().filter(|h| h.contains(&seat)).count();
        let allowed = if seat.is_guild() && variant == ValenciaVariant::SpecialInfluence { 2 } else { 1 };
        if holders > allowed {
            p.push(
                format!("players[].council.{}", seat.key()),
                "seat_taken",
                Text::new(
                    format!("{holders} joueurs sur le siège {}.", seat.name().fr),
                    format!("{holders} players on the {} seat.", seat.name().en),
                ),
            );
        }
    }
    if !p.is_empty() {
        return Err(p);
    }

    let members: Vec<u32> = seats.iter().map(|h| to_u32(h.len())).collect();
    let most = members.iter().copied().max().unwrap_or(0);
    // Nobody on the council: nobody has a majority to reward.
    let takers: Vec<usize> = (0..n).filter(|&s| most > 0 && members.get(s) == Some(&most)).collect();
    let given = to_u32(takers.len());
    let players = (0..n)
        .map(|s| ValenciaCouncilSeat {
            seat: to_u8(s),
            name: names.get(s).map_or(String::new(), |x| x.trim().to_owned()),
            members: members.get(s).copied().unwrap_or(0),
            points: members.get(s).copied().unwrap_or(0),
            gets_privilege: takers.contains(&s),
        })
        .collect::<Vec<_>>();
    let who: Vec<String> = takers.iter().filter_map(|&s| names.get(s)).map(|x| x.trim().to_owned()).collect();
    let who = who.join(", ");
    let shortage = (given > supply).then(|| {
        Text::new(
            format!("Il ne reste que {supply} privilège(s) pour {given} : à 4 ou 5 joueurs, remplacez ceux qui manquent par un autre élément (ressource, pièces…)."),
            format!("Only {supply} privilege(s) left for {given}: with 4 or 5 players, replace the missing ones with another item (resource, coins…)."),
        )
    });
    let explanation = if given == 0 {
        Text::new(
            "Personne au Conseil : ni points ni privilège.",
            "Nobody on the Council: no points, no privilege.",
        )
    } else if given == 1 {
        Text::new(
            format!("{who} a le plus de membres au Conseil ({most}) et reçoit un privilège."),
            format!("{who} has the most members on the Council ({most}) and receives a privilege."),
        )
    } else {
        Text::new(
            format!("Égalité à {most} membres entre {who} : chacun reçoit un privilège."),
            format!("Tie at {most} members between {who}: each receives a privilege."),
        )
    };
    Ok(ValenciaCouncil {
        players,
        privileges_given: given,
        privileges_supply_after: supply.saturating_sub(given),
        shortage,
        explanation,
    })
}

/// A moment of a round: a step of the action phase (A–I), or the council phase that closes
/// every round, the fifth included.
///
/// Valencia, p.6: « Une partie de Valencia est composée de 5 tours qui sont chacun divisés en 3
/// phases » — Phase III (p.10), the council, ends each of them before the next round (or, after
/// the fifth, the final scoring).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum ValenciaMoment {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    #[serde(rename = "council")]
    Council,
}

impl ValenciaMoment {
    /// In play order.
    pub const ALL: [ValenciaMoment; 10] = [
        ValenciaMoment::A,
        ValenciaMoment::B,
        ValenciaMoment::C,
        ValenciaMoment::D,
        ValenciaMoment::E,
        ValenciaMoment::F,
        ValenciaMoment::G,
        ValenciaMoment::H,
        ValenciaMoment::I,
        ValenciaMoment::Council,
    ];

    /// The action-phase step, `None` for the council phase.
    pub fn step(self) -> Option<ValenciaStep> {
        match self {
            ValenciaMoment::A => Some(ValenciaStep::A),
            ValenciaMoment::B => Some(ValenciaStep::B),
            ValenciaMoment::C => Some(ValenciaStep::C),
            ValenciaMoment::D => Some(ValenciaStep::D),
            ValenciaMoment::E => Some(ValenciaStep::E),
            ValenciaMoment::F => Some(ValenciaStep::F),
            ValenciaMoment::G => Some(ValenciaStep::G),
            ValenciaMoment::H => Some(ValenciaStep::H),
            ValenciaMoment::I => Some(ValenciaStep::I),
            ValenciaMoment::Council => None,
        }
    }

    /// `A` to `I`, or `council`, as the table state writes it.
    pub fn id(self) -> &'static str {
        self.step().map_or("council", ValenciaStep::letter)
    }

    pub fn parse(s: &str) -> Option<ValenciaMoment> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("council") {
            return Some(ValenciaMoment::Council);
        }
        let step = ValenciaStep::from_letter(s)?;
        ValenciaMoment::ALL.into_iter().find(|m| m.step() == Some(step))
    }

    /// The moment after this one in the same round, `None` after the council.
    pub fn following(self) -> Option<ValenciaMoment> {
        let k = ValenciaMoment::ALL.iter().position(|&m| m == self)?;
        ValenciaMoment::ALL.get(k + 1).copied()
    }
}

/// Valencia, p.6 and p.10: the position after `(round, moment)`; `None` once the fifth round's
/// council is over (final scoring comes next).
pub fn next_moment(round: u8, moment: ValenciaMoment) -> Option<(u8, ValenciaMoment)> {
    match moment.following() {
        Some(m) => Some((round, m)),
        None if round < ROUNDS => Some((round + 1, ValenciaMoment::A)),
        None => None,
    }
}

/// Where a game stands, as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawRound {
    #[serde(default)]
    pub variant: Option<String>,
    /// Special cards in use (module 1; absent: all seven). The Joker makes decks 25 cards.
    #[serde(default)]
    pub special_cards: Option<Vec<String>>,
    /// 1 to 5 (absent: 1).
    #[serde(default)]
    pub round: Option<Value>,
    /// `A` to `I`, or `council` (absent: A).
    #[serde(default)]
    pub step: Option<String>,
    #[serde(default)]
    pub players: Vec<ValenciaRawRoundPlayer>,
    /// Privileges left in the supply (absent: 19).
    #[serde(default)]
    pub privileges_supply: Option<Value>,
    /// Seats on the Church and Nobility seats (who acts in H and I).
    #[serde(default)]
    pub church: Option<Value>,
    #[serde(default)]
    pub nobility: Option<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawRoundPlayer {
    #[serde(default)]
    pub name: String,
    /// Influence cards left in the deck (absent: a full deck).
    #[serde(default)]
    pub cards_left: Option<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaDeckLeft {
    pub seat: u8,
    pub name: String,
    pub cards_left: u32,
    pub deck_size: u32,
    /// Cards per round still to plan, this one included, in tenths (48 = 4.8).
    pub per_round_tenths: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRound {
    pub round: u8,
    pub step: ValenciaMoment,
    pub step_title: Text,
    pub step_rule: Text,
    /// Ranks that get an action at this step and player count (0 at H and I: no auction).
    pub places: u8,
    /// Who acts at H / I (named when the seat is given).
    pub actor: Option<Text>,
    /// The next moment, or `None` after the fifth round's council (final scoring).
    pub next: Option<(u8, ValenciaMoment)>,
    pub decks: Vec<ValenciaDeckLeft>,
    pub privileges_supply: u32,
}

/// Valencia, p.10 (Phase III): what the council phase does, in our words.
fn council_text(round: u8) -> (Text, Text) {
    let last = round >= ROUNDS;
    (
        Text::new("Phase du Conseil", "Council phase"),
        Text::new(
            format!(
                "Chacun marque 1 point de prestige par membre au Conseil ; qui en a le plus reçoit un privilège (égalité : chacun). {}",
                if last { "Puis le décompte final." } else { "Puis la manche suivante." }
            ),
            format!(
                "Everyone scores 1 prestige per member on the council; whoever has the most receives a privilege (tie: each). {}",
                if last { "Then the final scoring." } else { "Then the next round." }
            ),
        ),
    )
}

/// Valencia, p.6–10: what each step is about, in our words.
pub fn step_text(step: ValenciaStep) -> (Text, Text) {
    match step {
        ValenciaStep::A => (
            Text::new("A. Noblesse et Église", "A. Nobility and Church"),
            Text::new(
                "Enchère : le 1er prend le siège de la Noblesse, le 2e celui de l'Église.",
                "Auction: 1st takes the Nobility seat, 2nd the Church seat.",
            ),
        ),
        ValenciaStep::B | ValenciaStep::D | ValenciaStep::F => (
            Text::new(format!("{}. Guilde", step.letter()), format!("{}. Guild", step.letter())),
            Text::new(
                "Enchère sur la guilde du plateau : siège, ressource et case Ville pour le 1er ; ressource et case pour le 2e ; l'un des deux pour le 3e (4–5 joueurs).",
                "Auction for the board's guild: seat, resource and city space for 1st; resource and space for 2nd; one of them for 3rd (4–5 players).",
            ),
        ),
        ValenciaStep::C | ValenciaStep::E => (
            Text::new(format!("{}. Marchands", step.letter()), format!("{}. Merchants", step.letter())),
            Text::new(
                "Enchère : le gagnant vend des ressources ; à l'étape E il peut aussi prendre le siège des Marchands.",
                "Auction: the winner sells resources; at step E they may also take the Merchants seat.",
            ),
        ),
        ValenciaStep::G => (
            Text::new("G. Déplacement", "G. Move"),
            Text::new(
                "Enchère : le gagnant déplace un membre d'une case orthogonale.",
                "Auction: the winner moves a member one orthogonal space.",
            ),
        ),
        ValenciaStep::H => (
            Text::new("H. Palmier", "H. Palm"),
            Text::new(
                "Sans enchère : qui occupe l'Église plante le palmier du plateau sur un arbre libre.",
                "No auction: whoever holds the Church plants the board's palm on a free tree.",
            ),
        ),
        ValenciaStep::I => (
            Text::new("I. Fontaine", "I. Fountain"),
            Text::new(
                "Sans enchère : qui occupe la Noblesse construit la fontaine du plateau sur une case Fontaine libre.",
                "No auction: whoever holds the Nobility builds the board's fountain on a free fountain space.",
            ),
        ),
    }
}

/// Where the game stands: step rules, who acts, cards and privileges left.
pub fn round_tracker(raw: &ValenciaRawRound) -> Result<ValenciaRound, Problems> {
    let mut p = Problems::new();
    for key in raw.other.keys() {
        input::unknown_field(&mut p, key.clone(), key, GAME);
    }
    let variant =
        ValenciaVariant::parse(&mut p, "variant", raw.variant.as_deref()).unwrap_or(ValenciaVariant::Base);
    let special = match variant {
        ValenciaVariant::Base => Vec::new(),
        ValenciaVariant::SpecialInfluence => {
            special_cards(&mut p, "special_cards", raw.special_cards.as_deref())
        }
    };
    let full = deck_size(&special);
    let round = match &raw.round {
        None | Some(Value::Null) => 1,
        v => input::count(
            &mut p,
            "round".to_owned(),
            v.as_ref(),
            u32::from(ROUNDS),
            &Text::new("manche", "round"),
        )
        .unwrap_or(1)
        .max(1),
    };
    if raw.round.as_ref().and_then(Value::as_u64) == Some(0) {
        p.push("round", "out_of_range", Text::new("Les manches vont de 1 à 5.", "Rounds go from 1 to 5."));
    }
    let moment = match raw.step.as_deref() {
        None | Some("") => ValenciaMoment::A,
        Some(s) => ValenciaMoment::parse(s).unwrap_or_else(|| {
            p.push(
                "step",
                "unknown_step",
                Text::new(
                    format!("Étape inconnue « {s} » (A à I, ou council)."),
                    format!("Unknown step “{s}” (A to I, or council)."),
                ),
            );
            ValenciaMoment::A
        }),
    };
    let n = raw.players.len();
    player_count(&mut p, n);
    let supply = match &raw.privileges_supply {
        None | Some(Value::Null) => PRIVILEGES_IN_BOX,
        v => input::count(
            &mut p,
            "privileges_supply".to_owned(),
            v.as_ref(),
            PRIVILEGES_IN_BOX,
            &Text::new("privilèges en réserve", "privileges in the supply"),
        )
        .unwrap_or(0),
    };
    let max_seat = to_u32(n.saturating_sub(1));
    let mut seat_of = |field: &str, v: &Option<Value>| -> Option<usize> {
        match v {
            None | Some(Value::Null) => None,
            v => input::count(&mut p, field.to_owned(), v.as_ref(), max_seat, &Text::new("siège", "seat"))
                .map(|s| s as usize),
        }
    };
    let church = seat_of("church", &raw.church);
    let nobility = seat_of("nobility", &raw.nobility);
    let names: Vec<&str> = raw.players.iter().map(|r| r.name.as_str()).collect();
    input::player_names(&mut p, &names);
    let mut decks = Vec::with_capacity(n);
    let rounds_left = u32::from(ROUNDS) + 1 - round;
    for (i, rp) in raw.players.iter().enumerate() {
        for key in rp.other.keys() {
            input::unknown_field(&mut p, format!("players[{i}].{key}"), key, GAME);
        }
        let left = match &rp.cards_left {
            None | Some(Value::Null) => full,
            v => input::count(
                &mut p,
                format!("players[{i}].cards_left"),
                v.as_ref(),
                full,
                &Text::new("cartes Influence restantes", "influence cards left"),
            )
            .unwrap_or(0),
        };
        decks.push(ValenciaDeckLeft {
            seat: to_u8(i),
            name: rp.name.trim().to_owned(),
            cards_left: left,
            deck_size: full,
            per_round_tenths: left * 10 / rounds_left.max(1),
        });
    }
    if !p.is_empty() {
        return Err(p);
    }
    let round = u8::try_from(round).unwrap_or(1);
    let (step_title, step_rule) = match moment.step() {
        Some(step) => step_text(step),
        None => council_text(round),
    };
    let named = |s: Option<usize>| s.and_then(|s| names.get(s)).map(|x| x.trim().to_owned());
    let actor = match moment.step() {
        Some(ValenciaStep::H) => Some(match named(church) {
            Some(who) => Text::new(
                format!("{who} (Église) plante le palmier."),
                format!("{who} (Church) plants the palm."),
            ),
            None => Text::new("Qui occupe l'Église plante le palmier.", "The Church holder plants the palm."),
        }),
        Some(ValenciaStep::I) => Some(match named(nobility) {
            Some(who) => Text::new(
                format!("{who} (Noblesse) construit la fontaine."),
                format!("{who} (Nobility) builds the fountain."),
            ),
            None => Text::new(
                "Qui occupe la Noblesse construit la fontaine.",
                "The Nobility holder builds the fountain.",
            ),
        }),
        _ => None,
    };
    Ok(ValenciaRound {
        round,
        step: moment,
        step_title,
        step_rule,
        places: moment.step().map_or(0, |s| s.places(n)),
        actor,
        next: next_moment(round, moment),
        decks,
        privileges_supply: supply,
    })
}
