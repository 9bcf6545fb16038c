//! The calling helper for one round: a pure state machine over a [`CitadellesRound`] value.
//! The crown holder calls the ranks in increasing order; each answer says who revealed the
//! character (or nobody); the Assassin's, the Thief's, the Warlord's and the crown moves are
//! recorded as actions with their limits enforced. The finished round gives the characters each
//! seat revealed (for the classic tie-break) and a serialisable [`CitadellesRoundRecord`].
//!
//! ```text
//! start_round(setup) → round.call() → round.apply(Reveal { seat }) → … → apply(EndRound) → record()
//! ```
//!
//! Every step returns a new value (or every problem with its field, `action.*`); nothing is
//! mutated in place, so a UI can keep the previous value to undo.

use serde::{Deserialize, Serialize};

use super::characters::Character;
use super::districts::{WarlordRule, card};
use super::draft::{KING_RANK, characters_in_play, check_count};
use super::profile::CitadellesVariant;
use super::table::CitadellesCustomWonder;
use crate::games::Problems;
use crate::text::{Text, en_noun, plural_s};

/// How a round starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRoundSetup {
    pub variant: CitadellesVariant,
    pub players: u8,
    /// Classique: 8 districts complete a city whatever the player count.
    #[serde(default)]
    pub longer_game: bool,
    /// 2e édition: a rank-9 character is in play.
    #[serde(default)]
    pub ninth_character: bool,
    /// Character ids in play, one per rank (empty: the 8 base characters).
    #[serde(default)]
    pub characters: Vec<String>,
    /// Seat holding the crown as the round starts.
    pub crown: u8,
    /// Player names in seat order, for the texts (optional).
    #[serde(default)]
    pub names: Vec<String>,
    /// Ranks discarded face up at the draft, as the table shows them: nobody holds them.
    #[serde(default)]
    pub face_up: Vec<u8>,
}

/// A character in play this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRoundCharacter {
    pub rank: u8,
    pub id: String,
    pub name: Text,
    /// Discarded face up at the draft: nobody holds it, so naming it cannot matter.
    #[serde(default)]
    pub face_up: bool,
}

/// What became of a called character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum CitadellesTurnOutcome {
    /// Its holder revealed it and played.
    Played,
    /// Nobody revealed it: it was set aside or left unchosen.
    NotChosen,
    /// Assassinated: its holder does not reveal it and skips the turn.
    Murdered,
}

/// One call of the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesTurn {
    pub rank: u8,
    pub character: String,
    pub name: Text,
    pub outcome: CitadellesTurnOutcome,
    /// Who played it (`Played` only).
    pub seat: Option<u8>,
    /// The Thief's seat when this character was robbed: its holder gave all their gold.
    pub robbed_by: Option<u8>,
    pub text: Text,
}

/// A district the Warlord destroyed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDestruction {
    pub by_seat: u8,
    pub target_seat: u8,
    /// Catalogue id, or `custom`.
    pub district: String,
    pub name: Text,
    /// Gold paid.
    pub cost: u8,
    pub text: Text,
}

/// The Warlord's price for one district, once every protection has been checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDestructionQuote {
    pub district: String,
    pub name: Text,
    pub cost: u8,
    /// `Château : coût 4 − 1 = 3 pièces d'or`.
    pub text: Text,
}

/// A district the Warlord aims at: the target's city as built now and which card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDestroyTarget {
    pub seat: u8,
    /// The target city's district ids.
    pub districts: Vec<String>,
    #[serde(default)]
    pub custom_wonders: Vec<CitadellesCustomWonder>,
    /// Index in `districts`, then in `custom_wonders` (`districts.len()` is the first custom).
    pub index: u8,
    /// Indices in `districts` the Artist beautified (2e édition): +1 to their cost.
    #[serde(default)]
    pub beautified: Vec<u8>,
}

/// What the crown holder does next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesCall {
    pub rank: u8,
    pub character: String,
    pub name: Text,
    pub text: Text,
    /// Seats that may still reveal a character this round (each holds `per_seat`): the others
    /// revealed all theirs already.
    pub can_reveal: Vec<u8>,
}

/// One step of the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum CitadellesRoundAction {
    /// The answer to the current call: who revealed the character (`None`: nobody).
    Reveal { seat: Option<u8> },
    /// The Assassin names a rank.
    Murder { rank: u8 },
    /// The Thief names a rank.
    Rob { rank: u8 },
    /// The Warlord destroys a district.
    Destroy { target: CitadellesDestroyTarget },
    /// The Emperor (2016 alternate) gives the crown to another player.
    GiveCrown { seat: u8 },
    /// Every rank has been called: the round ends (a murdered King now reveals and takes the
    /// crown).
    EndRound,
    /// The player being played has just completed their city (built the district that reaches
    /// the threshold): the round records it, in order, for the completion bonuses and the end
    /// of the game.
    CompleteCity,
}

/// One round being called.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRound {
    pub variant: CitadellesVariant,
    pub players: u8,
    /// Districts that complete a city (the Warlord cannot touch a complete city).
    pub threshold: u8,
    /// Characters each seat holds (2 with 2 or 3 players).
    pub per_seat: u8,
    pub names: Vec<String>,
    pub crown_before: u8,
    /// In rank order.
    pub characters: Vec<CitadellesRoundCharacter>,
    /// Index in `characters` of the next call (`characters.len()`: everyone was called).
    pub next: u8,
    pub turns: Vec<CitadellesTurn>,
    /// Rank assassinated this round.
    pub murdered: Option<u8>,
    /// Rank robbed this round.
    pub robbed: Option<u8>,
    pub destructions: Vec<CitadellesDestruction>,
    /// Seat the Emperor gave the crown to.
    pub crown_given_to: Option<u8>,
    /// Known once the round is over (the seat short of one character).
    pub murdered_seat: Option<u8>,
    pub crown_after: Option<u8>,
    pub finished: bool,
    /// Seats whose city was completed during this round, first to complete first.
    #[serde(default)]
    pub completed: Vec<u8>,
}

/// A round as the round caller shows it: the state to send back with the next action, the
/// call the crown holder makes now, and the record to store once the round is over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRoundView {
    pub round: CitadellesRound,
    /// `None` once every rank has been called.
    pub call: Option<CitadellesCall>,
    /// The character being played now (its actions are allowed), if any.
    pub current: Option<CitadellesTurn>,
    /// The characters the one being played may name now, in rank order: the Assassin's
    /// possible victims until it names one, the Thief's until it robs one (never the Assassin,
    /// its victim or itself); empty otherwise. Exactly the ranks `apply` would accept.
    pub targets: Vec<CitadellesRoundCharacter>,
    /// Set once the round is finished.
    pub record: Option<CitadellesRoundRecord>,
}

/// A finished round, as stored in the play's round log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRoundRecord {
    pub variant: CitadellesVariant,
    pub crown_before: u8,
    pub crown_after: u8,
    pub murdered: Option<u8>,
    pub murdered_seat: Option<u8>,
    pub robbed: Option<u8>,
    pub robbed_seat: Option<u8>,
    pub thief_seat: Option<u8>,
    pub turns: Vec<CitadellesTurn>,
    pub destructions: Vec<CitadellesDestruction>,
    /// Per seat, the ranks revealed (an assassinated character is not revealed): what the
    /// classic tie-break reads from the last round.
    pub revealed: Vec<Vec<u8>>,
    /// Seats whose city was completed during this round, first to complete first (rounds
    /// logged before it was recorded read as none).
    #[serde(default)]
    pub completed: Vec<u8>,
}

fn one(field: &str, code: &str, fr: impl Into<String>, en: impl Into<String>) -> Problems {
    let mut p = Problems::new();
    p.push(field, code, Text::new(fr, en));
    p
}

/// Starts a round: the first call is rank 1.
pub fn start_round(setup: &CitadellesRoundSetup) -> Result<CitadellesRound, Problems> {
    check_count(setup.variant, setup.players, setup.ninth_character)?;
    let in_play = characters_in_play(setup.variant, setup.players, setup.ninth_character, &setup.characters)?;
    if setup.crown >= setup.players {
        return Err(one(
            "crown",
            "seat_out_of_range",
            format!(
                "Place {} inexistante pour la Couronne (places 1 à {}).",
                u16::from(setup.crown) + 1,
                setup.players
            ),
            format!("No seat {} for the crown (seats 1 to {}).", u16::from(setup.crown) + 1, setup.players),
        ));
    }
    let n = usize::from(setup.players);
    check_face_up(setup, &in_play)?;
    Ok(CitadellesRound {
        variant: setup.variant,
        players: setup.players,
        threshold: setup.variant.completion_threshold(n, setup.longer_game),
        per_seat: setup.variant.characters_per_seat(n),
        names: setup.names.iter().take(n).cloned().collect(),
        crown_before: setup.crown,
        characters: in_play
            .iter()
            .map(|c| CitadellesRoundCharacter {
                rank: c.rank,
                id: c.id.to_owned(),
                name: c.name(),
                face_up: setup.face_up.contains(&c.rank),
            })
            .collect(),
        next: 0,
        turns: Vec::new(),
        murdered: None,
        robbed: None,
        destructions: Vec::new(),
        crown_given_to: None,
        murdered_seat: None,
        crown_after: None,
        finished: false,
        completed: Vec::new(),
    })
}

/// Citadelles classique, Choix des personnages: « Il en écarte ensuite au hasard un certain
/// nombre face visible » (4 players: 2, 5: 1, 6 and 7: none; 2 and 3 players: one card face
/// down only); decisions: the King is never set aside face up. The face-up ranks typed are each
/// in play, distinct, not the King, and as many as the draft sets aside (the count comes from
/// the draft's own table, [`CitadellesVariant::set_aside`]); none typed is accepted (the table
/// did not say which). Every problem at once, on `face_up[i]` / `face_up`.
fn check_face_up(setup: &CitadellesRoundSetup, in_play: &[&'static Character]) -> Result<(), Problems> {
    let mut p = Problems::new();
    for (i, &rank) in setup.face_up.iter().enumerate() {
        let field = format!("face_up[{i}]");
        let Some(c) = in_play.iter().find(|c| c.rank == rank) else {
            p.push(
                field,
                "unknown_rank",
                Text::new(
                    format!("Aucun personnage de rang {rank} en jeu."),
                    format!("No character of rank {rank} in play."),
                ),
            );
            continue;
        };
        if setup.face_up[..i].contains(&rank) {
            p.push(
                field,
                "duplicate_rank",
                Text::new(
                    format!(
                        "{} ({rank}) est déjà indiqué face visible : il n'y a qu'une carte par rang.",
                        c.fr
                    ),
                    format!("The {} ({rank}) is already given face up: there is one card per rank.", c.en),
                ),
            );
        } else if rank == KING_RANK {
            p.push(
                field,
                "king_face_up",
                Text::new(
                    format!(
                        "{} ({rank}) n'est jamais écarté face visible : il retourne dans le paquet.",
                        c.fr
                    ),
                    format!("The {} ({rank}) is never set aside face up: it goes back into the deck.", c.en),
                ),
            );
        }
    }
    let n = usize::from(setup.players);
    let expected = setup.variant.set_aside(n, setup.ninth_character).map_or(0, |(up, _)| up);
    let given = setup.face_up.len();
    if given > 0 && given != usize::from(expected) {
        let (fr, en) = match expected {
            0 => (
                format!(
                    "À {n} joueurs, le choix des personnages n'écarte aucune carte face visible, pas {given}."
                ),
                format!("With {n} players the draft sets aside no card face up, not {given}."),
            ),
            k => (
                format!(
                    "À {n} joueurs, le choix des personnages écarte {k} carte{} face visible, pas {given}.",
                    plural_s(k)
                ),
                format!(
                    "With {n} players the draft sets aside {k} card{} face up, not {given}.",
                    en_noun(k, "", "s")
                ),
            ),
        };
        p.push("face_up", "face_up_count", Text::new(fr, en));
    }
    p.into_result(())
}

impl CitadellesRound {
    fn seat_name(&self, seat: u8) -> String {
        self.names
            .get(usize::from(seat))
            .filter(|n| !n.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| format!("#{}", u16::from(seat) + 1))
    }

    fn character(&self, rank: u8) -> Option<&CitadellesRoundCharacter> {
        self.characters.iter().find(|c| c.rank == rank)
    }

    fn label(&self, rank: u8) -> Text {
        match self.character(rank) {
            Some(c) => Text::new(format!("{} ({rank})", c.name.fr), format!("{} ({rank})", c.name.en)),
            None => Text::new(format!("rang {rank}"), format!("rank {rank}")),
        }
    }

    /// The next call, `None` once every rank has been called.
    pub fn call(&self) -> Option<CitadellesCall> {
        if self.finished {
            return None;
        }
        let c = self.characters.get(usize::from(self.next))?;
        let robbed = if self.robbed == Some(c.rank) {
            Text::new(
                " Il a été volé : s'il se révèle, il donne tout son or au Voleur.",
                " It was robbed: if revealed, its holder gives all their gold to the Thief.",
            )
        } else {
            Text::new("", "")
        };
        Some(CitadellesCall {
            can_reveal: (0..self.players)
                .filter(|&s| self.revealed_count(s) < usize::from(self.per_seat))
                .collect(),
            rank: c.rank,
            character: c.id.clone(),
            name: c.name.clone(),
            text: Text::new(
                format!("Le porteur de la Couronne appelle : {} ({}).{}", c.name.fr, c.rank, robbed.fr),
                format!("The crown holder calls: {} ({}).{}", c.name.en, c.rank, robbed.en),
            ),
        })
    }

    /// The turn being played: the last character revealed, until the next call is answered.
    pub fn current(&self) -> Option<&CitadellesTurn> {
        if self.finished {
            return None;
        }
        self.turns.last().filter(|t| t.outcome == CitadellesTurnOutcome::Played)
    }

    /// The seat that played a character id this round.
    fn seat_of(&self, id: &str) -> Option<u8> {
        self.turns
            .iter()
            .find(|t| t.character == id && t.outcome == CitadellesTurnOutcome::Played)
            .and_then(|t| t.seat)
    }

    /// Ranks each seat revealed (an assassinated character is not revealed).
    pub fn revealed(&self) -> Vec<Vec<u8>> {
        (0..self.players)
            .map(|s| {
                self.turns
                    .iter()
                    .filter(|t| t.outcome == CitadellesTurnOutcome::Played && t.seat == Some(s))
                    .map(|t| t.rank)
                    .collect()
            })
            .collect()
    }

    fn revealed_count(&self, seat: u8) -> usize {
        self.turns
            .iter()
            .filter(|t| t.outcome == CitadellesTurnOutcome::Played && t.seat == Some(seat))
            .count()
    }

    /// Records the murdered ranks reached by the calls (the assassinated character does not
    /// reveal itself when called: 004, L'Assassin; 002, L'appel des personnages).
    fn skip_murdered(&mut self) {
        while let Some(c) = self.characters.get(usize::from(self.next)) {
            if Some(c.rank) != self.murdered {
                break;
            }
            let (rank, id, name) = (c.rank, c.id.clone(), c.name.clone());
            self.turns.push(CitadellesTurn {
                rank,
                character: id,
                name: name.clone(),
                outcome: CitadellesTurnOutcome::Murdered,
                seat: None,
                robbed_by: None,
                text: Text::new(
                    format!(
                        "{} ({rank}) a été assassiné : il ne se révèle pas et son tour est passé.",
                        name.fr
                    ),
                    format!(
                        "{} ({rank}) was assassinated: it is not revealed and its turn is skipped.",
                        name.en
                    ),
                ),
            });
            self.next = self.next.saturating_add(1);
        }
    }

    fn require_current(&self, id: &str, what: &Text) -> Result<&CitadellesTurn, Problems> {
        match self.current() {
            Some(t) if t.character == id => Ok(t),
            _ => Err(one(
                "action",
                "not_your_turn",
                format!("{} : ce n'est pas le tour de ce personnage.", what.fr),
                format!("{}: it is not this character's turn.", what.en),
            )),
        }
    }

    fn check_rank(&self, rank: u8) -> Result<(), Problems> {
        if self.character(rank).is_none() {
            return Err(one(
                "action.rank",
                "not_in_play",
                format!("Aucun personnage de rang {rank} en jeu."),
                format!("No rank-{rank} character in play."),
            ));
        }
        Ok(())
    }

    /// Applies one action, returning the next state (or every problem, on `action.*`).
    pub fn apply(&self, action: &CitadellesRoundAction) -> Result<CitadellesRound, Problems> {
        if self.finished {
            return Err(one("action", "round_finished", "Ce tour est terminé.", "This round is over."));
        }
        let mut next = self.clone();
        match action {
            CitadellesRoundAction::Reveal { seat } => next.reveal(*seat)?,
            CitadellesRoundAction::Murder { rank } => next.murder(*rank)?,
            CitadellesRoundAction::Rob { rank } => next.rob(*rank)?,
            CitadellesRoundAction::Destroy { target } => next.destroy(target)?,
            CitadellesRoundAction::GiveCrown { seat } => next.give_crown(*seat)?,
            CitadellesRoundAction::EndRound => next.end()?,
            CitadellesRoundAction::CompleteCity => next.complete_city()?,
        }
        Ok(next)
    }

    fn reveal(&mut self, seat: Option<u8>) -> Result<(), Problems> {
        let Some(c) = self.characters.get(usize::from(self.next)).cloned() else {
            return Err(one(
                "action",
                "no_call",
                "Tous les personnages ont été appelés : terminez le tour.",
                "Every character has been called: end the round.",
            ));
        };
        let turn = match seat {
            None => CitadellesTurn {
                rank: c.rank,
                character: c.id.clone(),
                name: c.name.clone(),
                outcome: CitadellesTurnOutcome::NotChosen,
                seat: None,
                robbed_by: None,
                text: Text::new(
                    format!(
                        "Personne ne répond à l'appel de {} ({}) : on appelle le suivant.",
                        c.name.fr, c.rank
                    ),
                    format!("Nobody answers the call of {} ({}): the next one is called.", c.name.en, c.rank),
                ),
            },
            Some(_) if c.face_up => {
                // Citadelles classique, Choix des personnages: a card set aside face up is held
                // by nobody.
                return Err(one(
                    "action.seat",
                    "set_aside_face_up",
                    format!(
                        "{} ({}) a été écarté face visible : personne ne l'a, personne ne peut le révéler.",
                        c.name.fr, c.rank
                    ),
                    format!(
                        "The {} ({}) was set aside face up: nobody holds it, so nobody can reveal it.",
                        c.name.en, c.rank
                    ),
                ));
            }
            Some(s) => {
                if s >= self.players {
                    return Err(one(
                        "action.seat",
                        "seat_out_of_range",
                        format!("Place {} inexistante (places 1 à {}).", u16::from(s) + 1, self.players),
                        format!("No seat {} (seats 1 to {}).", u16::from(s) + 1, self.players),
                    ));
                }
                if self.revealed_count(s) >= usize::from(self.per_seat) {
                    return Err(one(
                        "action.seat",
                        "too_many_characters",
                        format!(
                            "{} a déjà révélé {} personnage{} ce tour-ci.",
                            self.seat_name(s),
                            self.per_seat,
                            if self.per_seat > 1 { "s" } else { "" }
                        ),
                        format!(
                            "{} already revealed {} character{} this round.",
                            self.seat_name(s),
                            self.per_seat,
                            if self.per_seat > 1 { "s" } else { "" }
                        ),
                    ));
                }
                let who = self.seat_name(s);
                let mut fr = format!("{who} révèle {} ({}) et joue.", c.name.fr, c.rank);
                let mut en = format!("{who} reveals {} ({}) and plays.", c.name.en, c.rank);
                // Citadelles classique, Le Voleur: the robbed character's holder gives all
                // their gold to the Thief (002: before starting their turn).
                let robbed_by = if self.robbed == Some(c.rank) { self.seat_of("thief") } else { None };
                if let Some(thief) = robbed_by {
                    fr.push_str(&format!(
                        " Volé : {who} donne tout son or à {} (Voleur).",
                        self.seat_name(thief)
                    ));
                    en.push_str(&format!(
                        " Robbed: {who} gives all their gold to {} (Thief).",
                        self.seat_name(thief)
                    ));
                }
                // Citadelles classique, Le Roi: the King takes the crown; game-facts B4: so
                // does the Patrician.
                if c.id == "king" || c.id == "patrician" {
                    fr.push_str(&format!(" {who} prend la Couronne."));
                    en.push_str(&format!(" {who} takes the crown."));
                }
                CitadellesTurn {
                    rank: c.rank,
                    character: c.id.clone(),
                    name: c.name.clone(),
                    outcome: CitadellesTurnOutcome::Played,
                    seat: Some(s),
                    robbed_by,
                    text: Text::new(fr, en),
                }
            }
        };
        self.turns.push(turn);
        self.next = self.next.saturating_add(1);
        self.skip_murdered();
        Ok(())
    }

    fn murder(&mut self, rank: u8) -> Result<(), Problems> {
        self.require_current("assassin", &Text::new("Assassinat", "Murder"))?;
        if self.murdered.is_some() {
            return Err(one(
                "action",
                "already_murdered",
                "L'Assassin a déjà désigné sa victime ce tour-ci.",
                "The Assassin already named a victim this round.",
            ));
        }
        self.check_rank(rank)?;
        if rank == 1 {
            return Err(one(
                "action.rank",
                "cannot_murder_self",
                "L'Assassin ne peut pas s'assassiner lui-même.",
                "The Assassin cannot murder itself.",
            ));
        }
        self.murdered = Some(rank);
        self.skip_murdered();
        Ok(())
    }

    fn rob(&mut self, rank: u8) -> Result<(), Problems> {
        self.require_current("thief", &Text::new("Vol", "Theft"))?;
        if self.robbed.is_some() {
            return Err(one(
                "action",
                "already_robbed",
                "Le Voleur a déjà désigné sa victime ce tour-ci.",
                "The Thief already named a victim this round.",
            ));
        }
        self.check_rank(rank)?;
        // Citadelles classique, Le Voleur: "le voleur ne peut pas voler l'Assassin ou sa
        // victime" (decisions: in both profiles); nor itself.
        if rank == 1 {
            return Err(one(
                "action.rank",
                "cannot_rob_assassin",
                "Le Voleur ne peut pas voler l'Assassin (rang 1).",
                "The Thief cannot rob the Assassin (rank 1).",
            ));
        }
        if Some(rank) == self.murdered {
            return Err(one(
                "action.rank",
                "cannot_rob_murdered",
                format!("Le Voleur ne peut pas voler la victime de l'Assassin ({}).", self.label(rank).fr),
                format!("The Thief cannot rob the Assassin's victim ({}).", self.label(rank).en),
            ));
        }
        if self.current().is_some_and(|t| t.rank == rank) {
            return Err(one(
                "action.rank",
                "cannot_rob_self",
                "Le Voleur ne peut pas se voler lui-même.",
                "The Thief cannot rob itself.",
            ));
        }
        self.robbed = Some(rank);
        Ok(())
    }

    /// The Warlord's price for a district, with every protection checked (whoever's turn it
    /// is: a screen may ask before the Warlord acts).
    pub fn destruction_quote(
        &self,
        target: &CitadellesDestroyTarget,
    ) -> Result<CitadellesDestructionQuote, Problems> {
        let mut p = Problems::new();
        if target.seat >= self.players {
            p.push(
                "action.target.seat",
                "seat_out_of_range",
                Text::new(
                    format!(
                        "Place {} inexistante (places 1 à {}).",
                        u16::from(target.seat) + 1,
                        self.players
                    ),
                    format!("No seat {} (seats 1 to {}).", u16::from(target.seat) + 1, self.players),
                ),
            );
        }
        let mut cards = Vec::with_capacity(target.districts.len());
        for (j, id) in target.districts.iter().enumerate() {
            match card(self.variant, id) {
                Some(c) => cards.push(c),
                None => p.push(
                    format!("action.target.districts[{j}]"),
                    "unknown_district",
                    Text::new(format!("Quartier inconnu « {id} »."), format!("Unknown district “{id}”.")),
                ),
            }
        }
        if !p.is_empty() {
            return Err(p);
        }
        let index = usize::from(target.index);
        // (id, name, cost, warlord rule)
        let aimed = match cards.get(index) {
            // game-facts B4: a beautified district costs 1 more.
            Some(c) => Some((
                c.id().to_owned(),
                c.name(),
                c.cost().saturating_add(u8::from(target.beautified.contains(&target.index))),
                c.wonder().map_or(WarlordRule::Normal, |w| w.warlord),
            )),
            None => index.checked_sub(cards.len()).and_then(|k| target.custom_wonders.get(k)).map(|w| {
                ("custom".to_owned(), Text::new(w.name.clone(), w.name.clone()), w.cost, WarlordRule::Normal)
            }),
        };
        let Some((id, name, cost, rule)) = aimed else {
            return Err(one(
                "action.target.index",
                "no_such_district",
                format!("Pas de quartier n° {} dans cette cité.", target.index),
                format!("No district number {} in this city.", target.index),
            ));
        };
        let who = self.seat_name(target.seat);
        // Citadelles classique, Le Condottiere: not in a city already complete (2e édition:
        // "sauf dans une cité qui a déjà ses 8 quartiers"); 2e édition / game-facts B3: the
        // Monument counts as two districts.
        let count: u32 =
            cards.iter().map(|c| c.wonder().map_or(1, |w| u32::from(w.completion_weight))).sum::<u32>()
                + u32::try_from(target.custom_wonders.len()).unwrap_or(u32::MAX);
        if count >= u32::from(self.threshold) {
            p.push(
                "action.target",
                "complete_city",
                Text::new(
                    format!("La cité de {who} est complète ({count} quartiers) : le Condottiere ne peut pas y toucher."),
                    format!("{who}'s city is complete ({count} districts): the Warlord cannot touch it."),
                ),
            );
        }
        // Citadelles classique, L'Évêque: the Bishop's districts cannot be destroyed; a
        // murdered Bishop is no longer Bishop, so only a revealed one protects.
        if self.seat_of("bishop") == Some(target.seat) {
            p.push(
                "action.target",
                "bishop_protected",
                Text::new(
                    format!(
                        "{who} est l'Évêque, vivant ce tour-ci : ses quartiers sont protégés du Condottiere."
                    ),
                    format!(
                        "{who} is the Bishop, alive this round: their districts are safe from the Warlord."
                    ),
                ),
            );
        }
        // game-facts B2/B3: the Keep cannot be destroyed.
        if rule == WarlordRule::Immune {
            p.push(
                "action.target.index",
                "keep_protected",
                Text::new(
                    format!("{} ne peut pas être détruit par le Condottiere.", name.fr),
                    format!("The {} cannot be destroyed by the Warlord.", name.en),
                ),
            );
        }
        if !p.is_empty() {
            return Err(p);
        }
        // Citadelles classique, Le Condottiere: pay the building cost minus one.
        let base = cost.saturating_sub(1);
        // game-facts B2 (classic Great Wall): +1 for the owner's other districts; B3 (2016):
        // +1 for any district of the owner's city.
        let wall = cards.iter().any(|c| {
            c.wonder().is_some_and(|w| match w.warlord {
                WarlordRule::WallAll => true,
                WarlordRule::WallOthers => w.id != id,
                _ => false,
            })
        });
        let total = base.saturating_add(u8::from(wall));
        let wall_text =
            if wall { Text::new(" + 1 (Grande Muraille)", " + 1 (Great Wall)") } else { Text::new("", "") };
        let gold_fr = if total > 1 { "pièces d'or" } else { "pièce d'or" };
        Ok(CitadellesDestructionQuote {
            district: id,
            cost: total,
            text: Text::new(
                format!("{} : coût {cost} − 1{} = {total} {gold_fr}", name.fr, wall_text.fr),
                format!("{}: cost {cost} − 1{} = {total} gold", name.en, wall_text.en),
            ),
            name,
        })
    }

    fn destroy(&mut self, target: &CitadellesDestroyTarget) -> Result<(), Problems> {
        let by = self.require_current("warlord", &Text::new("Destruction", "Destruction"))?.seat.unwrap_or(0);
        // Citadelles classique, Le Condottiere: one district ("un quartier de votre choix").
        if self.destructions.iter().any(|d| d.by_seat == by) {
            return Err(one(
                "action",
                "already_destroyed",
                "Le Condottiere a déjà détruit un quartier ce tour-ci.",
                "The Warlord already destroyed a district this round.",
            ));
        }
        let quote = self.destruction_quote(target)?;
        let (byn, tn) = (self.seat_name(by), self.seat_name(target.seat));
        self.destructions.push(CitadellesDestruction {
            by_seat: by,
            target_seat: target.seat,
            district: quote.district,
            text: Text::new(
                format!("{byn} (Condottiere) détruit chez {tn} : {}.", quote.text.fr),
                format!("{byn} (Warlord) destroys in {tn}'s city: {}.", quote.text.en),
            ),
            name: quote.name,
            cost: quote.cost,
        });
        Ok(())
    }

    /// Citadelles classique, Fin de partie: a city is complete when its owner builds the
    /// district that reaches the threshold, which happens in their own turn; the round keeps
    /// the order, since the first gets +4 and the others +2.
    fn complete_city(&mut self) -> Result<(), Problems> {
        let Some(seat) = self.current().and_then(|t| t.seat) else {
            return Err(one(
                "action",
                "not_your_turn",
                "Cité complète : une cité se complète pendant le tour de son joueur, et aucun personnage ne joue maintenant.",
                "Complete city: a city is completed during its player's turn, and no character is playing now.",
            ));
        };
        if self.completed.contains(&seat) {
            let who = self.seat_name(seat);
            return Err(one(
                "action",
                "already_complete",
                format!("La cité de {who} est déjà notée complète ce tour-ci."),
                format!("{who}'s city is already recorded as complete this round."),
            ));
        }
        self.completed.push(seat);
        Ok(())
    }

    fn give_crown(&mut self, seat: u8) -> Result<(), Problems> {
        let emperor = self.require_current("emperor", &Text::new("Couronne", "Crown"))?.seat;
        if self.crown_given_to.is_some() {
            return Err(one(
                "action",
                "crown_already_given",
                "L'Empereur a déjà donné la Couronne ce tour-ci.",
                "The Emperor already gave the crown this round.",
            ));
        }
        // game-facts B4: the Emperor gives the crown to another player.
        if seat >= self.players || Some(seat) == emperor {
            return Err(one(
                "action.seat",
                "not_another_player",
                "L'Empereur donne la Couronne à un autre joueur.",
                "The Emperor gives the crown to another player.",
            ));
        }
        self.crown_given_to = Some(seat);
        Ok(())
    }

    fn end(&mut self) -> Result<(), Problems> {
        if usize::from(self.next) < self.characters.len() {
            let call = self.call().map(|c| c.name).unwrap_or_else(|| Text::new("", ""));
            return Err(one(
                "action",
                "calls_left",
                format!("Il reste des personnages à appeler (prochain : {}).", call.fr),
                format!("Characters are still to be called (next: {}).", call.en),
            ));
        }
        // Every player ends the choice with exactly `per_seat` characters, so a seat short of
        // one revealed character held the murdered one.
        let mut short: Vec<(u8, usize)> = Vec::new();
        for s in 0..self.players {
            let n = self.revealed_count(s);
            let per = usize::from(self.per_seat);
            if n < per {
                short.push((s, per - n));
            }
        }
        let murdered_seat = match (self.murdered, short.as_slice()) {
            (_, []) => None,
            (Some(_), [(s, 1)]) => Some(*s),
            _ => {
                let who: Vec<String> = short.iter().map(|(s, _)| self.seat_name(*s)).collect();
                return Err(one(
                    "action",
                    "missing_characters",
                    format!(
                        "Chaque joueur a {} personnage{} par tour, mais {} n'en a pas révélé assez (un seul peut manquer : celui de la victime de l'Assassin).",
                        self.per_seat,
                        if self.per_seat > 1 { "s" } else { "" },
                        who.join(", ")
                    ),
                    format!(
                        "Each player has {} character{} per round, but {} did not reveal enough (only the Assassin's victim may be missing).",
                        self.per_seat,
                        if self.per_seat > 1 { "s" } else { "" },
                        who.join(", ")
                    ),
                ));
            }
        };
        self.murdered_seat = murdered_seat;
        let murdered_id = self.murdered.and_then(|r| self.character(r)).map(|c| c.id.clone());
        // Citadelles classique, Le Roi, note: a murdered King skips his turn but reveals at the
        // end of the round and takes the crown.
        let crown = if let Some(s) = self.seat_of("king").or(self.seat_of("patrician")) {
            s
        } else if murdered_id.as_deref() == Some("king")
            && let Some(s) = murdered_seat
        {
            s
        } else {
            self.crown_given_to.unwrap_or(self.crown_before)
        };
        self.crown_after = Some(crown);
        self.finished = true;
        Ok(())
    }

    /// The characters the current one may name now (see [`CitadellesRoundView::targets`]): each
    /// rank the murder or the theft would be accepted for, so the caller offers nothing the core
    /// then refuses (004, Le Voleur: « le voleur ne peut pas voler l'Assassin ou sa victime »).
    pub fn targets(&self) -> Vec<CitadellesRoundCharacter> {
        let naming = |rank| match self.current().map(|t| t.character.as_str()) {
            Some("assassin") if self.murdered.is_none() => Some(CitadellesRoundAction::Murder { rank }),
            Some("thief") if self.robbed.is_none() => Some(CitadellesRoundAction::Rob { rank }),
            _ => None,
        };
        self.characters
            .iter()
            .filter(|c| naming(c.rank).is_some_and(|action| self.apply(&action).is_ok()))
            .cloned()
            .collect()
    }

    /// The round with what the caller shows next.
    pub fn view(self) -> CitadellesRoundView {
        CitadellesRoundView {
            call: self.call(),
            current: self.current().cloned(),
            targets: self.targets(),
            record: self.record(),
            round: self,
        }
    }

    /// The record of a finished round (`None` while it is being called).
    pub fn record(&self) -> Option<CitadellesRoundRecord> {
        if !self.finished {
            return None;
        }
        let robbed_turn = self.turns.iter().find(|t| t.robbed_by.is_some());
        Some(CitadellesRoundRecord {
            variant: self.variant,
            crown_before: self.crown_before,
            crown_after: self.crown_after.unwrap_or(self.crown_before),
            murdered: self.murdered,
            murdered_seat: self.murdered_seat,
            robbed: self.robbed,
            robbed_seat: robbed_turn.and_then(|t| t.seat),
            thief_seat: self.seat_of("thief"),
            turns: self.turns.clone(),
            destructions: self.destructions.clone(),
            revealed: self.revealed(),
            completed: self.completed.clone(),
        })
    }
}
