//! The calling helper for one round: a pure state machine over a [`CitadellesRound`] value.
//! The crown holder calls the ranks in increasing order, skipping the characters set aside face
//! up and the murdered one; each answer says who revealed the character (or nobody); the
//! Assassin's, the Witch's, the Thief's, the Warlord's and the Emperor's moves are recorded as
//! actions with their limits enforced, and the view says which of them the character being
//! played may take now ([`CitadellesRoundView::offers`]). The finished round gives the
//! characters each seat revealed (for the classic tie-break) and a serialisable
//! [`CitadellesRoundRecord`].
//!
//! ```text
//! start_round(setup) → round.call() → round.apply(Reveal { seat }) → … → apply(EndRound) → record()
//! ```
//!
//! A round is a value the door keeps and sends back with the next action: the core trusts none
//! of it. A round keeps the steps applied to it (`actions`), and every operation on a round sent
//! back replays them from the round's own setup first ([`CitadellesRound::checked`]): a round
//! the caller could not have reached (a call skipped, a seat that did not play, a crown moved
//! by hand) is refused with the field that differs. Every step returns a new value (or every
//! problem with its field, `action.*`); nothing is mutated in place, so a UI can keep the
//! previous value to undo.
//!
//! What the caller offers for each character (the test `every_character_the_caller_calls_has_its_actions`
//! holds this table): the Assassin names a victim (CIT §L'Assassin), the Witch a character to
//! bewitch (FACT-CIT-B4), the Thief a victim (CIT §Le Voleur), the Warlord a district to
//! destroy (CIT §Pouvoirs des personnages), the Emperor a player to give the crown to (FACT-CIT-B4); the
//! King and the Patrician take the crown by being revealed. Every character but the Witch in
//! her own turn and the Navigator (who cannot build, FACT-CIT-B4) may complete its city in its
//! turn. The other characters' powers move gold, cards or districts, which the players enter in
//! their city panels: the caller keeps the order of the calls, who plays, the crown and the
//! cities completed.

use serde::{Deserialize, Serialize};

use super::characters::{Character, any_character};
use super::districts::{CatalogueCard, WarlordRule, card};
use super::draft::{KING_RANK, characters_in_play, check_count};
use super::profile::{BASE_CHARACTERS, CitadellesVariant};
use super::table::CitadellesCustomWonder;
use crate::games::Problems;
use crate::text::{FrArticle, Text, capitalized, en_noun, fr_article, plural_s};

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
    /// Set aside face up at the draft: nobody holds it, so it is not called.
    FaceUp,
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
    /// The Witch's seat when this character was bewitched: its holder only gathered resources,
    /// and the Witch's player plays the rest of the turn as this character.
    #[serde(default)]
    pub bewitched_by: Option<u8>,
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
    /// The Witch (2016 alternate, rank 1) names a rank to bewitch.
    Bewitch { rank: u8 },
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
    /// Rank the Witch bewitched this round.
    #[serde(default)]
    pub bewitched: Option<u8>,
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
    /// The steps applied since the round started, in order: what the core replays to check a
    /// round it is sent back (absent in rounds kept by older versions: read from the turns).
    #[serde(default)]
    pub actions: Vec<CitadellesRoundAction>,
}

/// An action the character being played may take now (besides answering the next call).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum CitadellesOffer {
    /// The Assassin names its victim among the view's `targets`.
    Murder,
    /// The Witch names the character she bewitches among the view's `targets`.
    Bewitch,
    /// The Thief names its victim among the view's `targets`.
    Rob,
    /// The Warlord destroys a district (the price quoted first).
    Destroy,
    /// The Emperor gives the crown to another player.
    GiveCrown,
    /// The player being played has just completed their city.
    CompleteCity,
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
    /// possible victims until it names one, the Witch's until she bewitches one, the Thief's
    /// until it robs one (never the rank-1 character, the one it named or itself); empty
    /// otherwise. Exactly the ranks `apply` would accept.
    pub targets: Vec<CitadellesRoundCharacter>,
    /// What the character being played may do now, in this order: each one `apply` accepts
    /// now (a destruction still needs its target); empty between turns.
    pub offers: Vec<CitadellesOffer>,
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
    /// Rank the Witch bewitched.
    #[serde(default)]
    pub bewitched: Option<u8>,
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

/// The district the Warlord aims at, as its quote reads it.
struct AimedDistrict {
    id: String,
    name: Text,
    /// Its building cost (a beautified district's +1 included).
    cost: u8,
    rule: WarlordRule,
}

fn one(field: impl Into<String>, code: &str, fr: impl Into<String>, en: impl Into<String>) -> Problems {
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
    let mut round = CitadellesRound {
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
        bewitched: None,
        destructions: Vec::new(),
        crown_given_to: None,
        murdered_seat: None,
        crown_after: None,
        finished: false,
        completed: Vec::new(),
        actions: Vec::new(),
    };
    round.skip_uncalled();
    Ok(round)
}

/// Citadelles classique, Choix des personnages: « Il en écarte ensuite au hasard un certain
/// nombre face visible » (4 players: 2, 5: 1, 6 and 7: none; 2 and 3 players: one card face
/// down only); DEC-CIT-2: the King is never set aside face up. The face-up ranks typed are each
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
                        "{} ({rank}) est déjà indiqué{} face visible : il n'y a qu'une carte par rang.",
                        capitalized(&c.fr_with(FrArticle::Le)),
                        if c.feminine { "e" } else { "" }
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
                        "{} ({rank}) n'est jamais écarté{} face visible : {} retourne dans le paquet.",
                        capitalized(&c.fr_with(FrArticle::Le)),
                        if c.feminine { "e" } else { "" },
                        if c.feminine { "elle" } else { "il" }
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

/// Whether a character's French name is feminine (its catalogue's; « la Reine »).
fn feminine(c: &CitadellesRoundCharacter) -> bool {
    any_character(&c.id).is_some_and(|k| k.feminine)
}

/// A character's French name with its article (« le Roi », « de l'Évêque », « la Reine »).
fn fr_name(c: &CitadellesRoundCharacter, article: FrArticle) -> String {
    fr_article(article, &c.name.fr, feminine(c))
}

/// A past participle agreeing with the character (« assassiné », « assassinée »).
fn agreed(c: &CitadellesRoundCharacter, participle: &str) -> String {
    if feminine(c) { format!("{participle}e") } else { participle.to_owned() }
}

/// The setup's problems, on the round's own fields (`round.characters`, `round.crown_before`…).
fn setup_problems(field: &str, setup: Problems) -> Problems {
    let mut p = Problems::new();
    for problem in setup.0 {
        let at = match problem.field.as_str() {
            "crown" => "crown_before".to_owned(),
            "ninth_character" | "face_up" => "characters".to_owned(),
            f if f.starts_with("face_up[") => "characters".to_owned(),
            f => f.to_owned(),
        };
        p.push(format!("{field}.{at}"), &problem.code, problem.message);
    }
    p
}

/// A round's facts, its texts left out (the core writes them again from the facts).
fn without_texts(round: &CitadellesRound) -> CitadellesRound {
    let mut round = round.clone();
    for t in &mut round.turns {
        t.text = Text::new("", "");
    }
    for d in &mut round.destructions {
        d.text = Text::new("", "");
    }
    round
}

/// A round's facts as JSON, to name the fields that differ.
fn facts(round: &CitadellesRound) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(without_texts(round)) {
        Ok(serde_json::Value::Object(fields)) => fields,
        _ => serde_json::Map::new(),
    }
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

    /// The setup this round started from: every field of it is kept in the round (the longer
    /// game as the threshold above the player count's own, the ninth character as a ninth rank).
    fn setup(&self) -> CitadellesRoundSetup {
        let players = usize::from(self.players);
        CitadellesRoundSetup {
            variant: self.variant,
            players: self.players,
            longer_game: self.threshold > self.variant.completion_threshold(players, false),
            ninth_character: self.characters.len() > usize::from(BASE_CHARACTERS),
            characters: self.characters.iter().map(|c| c.id.clone()).collect(),
            crown: self.crown_before,
            names: self.names.clone(),
            face_up: self.characters.iter().filter(|c| c.face_up).map(|c| c.rank).collect(),
        }
    }

    /// The round as the core made it: replayed from its setup through its steps. Every operation
    /// on a round a door sends back starts here, so a round the caller could not have reached (a
    /// call skipped, a seat that did not play, the crown moved by hand) is refused, each field
    /// that differs named (`<field>.next`, `<field>.turns`…), and the texts shown are the core's
    /// own. A round kept by an older version, without its steps, has them read from its turns.
    pub fn checked(&self, field: &str) -> Result<CitadellesRound, Problems> {
        let mut replayed = start_round(&self.setup()).map_err(|p| setup_problems(field, p))?;
        let legacy = self.actions.is_empty()
            && (self.finished || self.turns.iter().any(|t| t.outcome != CitadellesTurnOutcome::FaceUp));
        let actions = if legacy { self.legacy_actions() } else { self.actions.clone() };
        for (k, action) in actions.iter().enumerate() {
            if let Err(refused) = replayed.step(action) {
                let at = if legacy { format!("{field}.turns") } else { format!("{field}.actions[{k}]") };
                let why = refused.0.first().map_or_else(|| Text::new("", ""), |p| p.message.clone());
                return Err(one(
                    at,
                    "round_step_refused",
                    format!("Ce tour ne suit pas l'appel des personnages : {}", why.fr),
                    format!("This round does not follow the calling of the characters: {}", why.en),
                ));
            }
        }
        let mut sent = self.clone();
        if legacy {
            sent.actions = replayed.actions.clone();
            sent.read_legacy_turns();
        }
        if without_texts(&sent) == without_texts(&replayed) {
            return Ok(replayed);
        }
        let (sent, made) = (facts(&sent), facts(&replayed));
        let mut p = Problems::new();
        for (key, value) in &made {
            if sent.get(key) != Some(value) {
                p.push(
                    format!("{field}.{key}"),
                    "round_inconsistent",
                    Text::new(
                        format!("Ce tour ne suit pas l'appel des personnages (« {key} » n'est pas ce que ses étapes donnent) : recommencez-le."),
                        format!("This round does not follow the calling of the characters (“{key}” is not what its steps give): start it again."),
                    ),
                );
            }
        }
        p.into_result(replayed)
    }

    /// The steps of a round kept by an older version, read from what it recorded: each answer to
    /// a call, the Assassin's, the Thief's, the Emperor's and the Warlord's moves in their turn,
    /// the cities completed in their player's turn, the end.
    fn legacy_actions(&self) -> Vec<CitadellesRoundAction> {
        let mut actions = Vec::new();
        let mut completed = self.completed.iter().peekable();
        for t in &self.turns {
            let face_up = self.character(t.rank).is_some_and(|c| c.face_up);
            match t.outcome {
                _ if face_up => continue,
                CitadellesTurnOutcome::Murdered | CitadellesTurnOutcome::FaceUp => continue,
                CitadellesTurnOutcome::NotChosen => {
                    actions.push(CitadellesRoundAction::Reveal { seat: None })
                }
                CitadellesTurnOutcome::Played => {
                    actions.push(CitadellesRoundAction::Reveal { seat: t.seat });
                    match (t.character.as_str(), self.murdered, self.robbed, self.crown_given_to) {
                        ("assassin", Some(rank), _, _) => {
                            actions.push(CitadellesRoundAction::Murder { rank })
                        }
                        ("thief", _, Some(rank), _) => actions.push(CitadellesRoundAction::Rob { rank }),
                        ("emperor", _, _, Some(seat)) => {
                            actions.push(CitadellesRoundAction::GiveCrown { seat })
                        }
                        ("warlord", ..) => actions.extend(
                            self.destructions
                                .iter()
                                .map(|d| CitadellesRoundAction::Destroy { target: self.legacy_target(d) }),
                        ),
                        _ => {}
                    }
                    while completed.next_if(|&&s| Some(s) == t.seat).is_some() {
                        actions.push(CitadellesRoundAction::CompleteCity);
                    }
                }
            }
        }
        if self.finished {
            actions.push(CitadellesRoundAction::EndRound);
        }
        actions
    }

    /// The Warlord's aim behind a destruction an older version recorded: the district alone in
    /// its city (beautified when that is what its price says).
    fn legacy_target(&self, d: &CitadellesDestruction) -> CitadellesDestroyTarget {
        let printed = card(self.variant, &d.district).map(|c| c.cost());
        let (districts, custom_wonders) = match printed {
            Some(_) => (vec![d.district.clone()], Vec::new()),
            None => (
                Vec::new(),
                vec![CitadellesCustomWonder {
                    name: d.name.fr.clone(),
                    cost: d.cost.saturating_add(1),
                    extra_points: 0,
                }],
            ),
        };
        let beautified = if printed == Some(d.cost) { vec![0] } else { Vec::new() };
        CitadellesDestroyTarget { seat: d.target_seat, districts, custom_wonders, index: 0, beautified }
    }

    /// An older version's turns as this one records them: a character set aside face up was
    /// answered « nobody » (or named by the Assassin); it is now passed without a call.
    fn read_legacy_turns(&mut self) {
        let face_up: Vec<u8> = self.characters.iter().filter(|c| c.face_up).map(|c| c.rank).collect();
        for t in &mut self.turns {
            if face_up.contains(&t.rank) {
                t.outcome = CitadellesTurnOutcome::FaceUp;
            }
        }
    }

    /// The next call, `None` once every rank has been called.
    pub fn call(&self) -> Option<CitadellesCall> {
        if self.finished {
            return None;
        }
        let c = self.characters.get(usize::from(self.next))?;
        let mut note = Text::new("", "");
        if self.robbed == Some(c.rank) {
            note.append(
                &format!(
                    " {} : s'il se révèle, son joueur donne tout son or au Voleur.",
                    capitalized(&agreed(c, "volé"))
                ),
                " It was robbed: if revealed, its holder gives all their gold to the Thief.",
            );
        }
        if self.bewitched == Some(c.rank) {
            note.append(
                &format!(
                    " {} : son joueur prend seulement ses ressources, puis la Sorcière joue la suite de son tour.",
                    capitalized(&agreed(c, "ensorcelé"))
                ),
                " Bewitched: its holder only gathers resources, then the Witch plays the rest of its turn.",
            );
        }
        Some(CitadellesCall {
            can_reveal: (0..self.players)
                .filter(|&s| self.revealed_count(s) < usize::from(self.per_seat))
                .collect(),
            rank: c.rank,
            character: c.id.clone(),
            name: c.name.clone(),
            text: Text::new(
                format!(
                    "Le porteur de la Couronne appelle {} ({}).{}",
                    fr_name(c, FrArticle::Le),
                    c.rank,
                    note.fr
                ),
                format!("The crown holder calls the {} ({}).{}", c.name.en, c.rank, note.en),
            ),
        })
    }

    /// The turn being played: the last character revealed, until the next call is answered (a
    /// call passed without an answer — set aside face up, murdered — does not end it).
    pub fn current(&self) -> Option<&CitadellesTurn> {
        if self.finished {
            return None;
        }
        self.turns
            .iter()
            .rev()
            .find(|t| !matches!(t.outcome, CitadellesTurnOutcome::Murdered | CitadellesTurnOutcome::FaceUp))
            .filter(|t| t.outcome == CitadellesTurnOutcome::Played)
    }

    /// Who plays a turn's character: its holder, or the Witch's player once it was bewitched
    /// (FACT-CIT-B4: she « resume[s] as that character after it gathers resources »).
    fn acting(turn: &CitadellesTurn) -> Option<u8> {
        turn.bewitched_by.or(turn.seat)
    }

    /// The seat that played a character id this round (the Witch's for a bewitched one).
    fn seat_of(&self, id: &str) -> Option<u8> {
        self.turns
            .iter()
            .find(|t| t.character == id && t.outcome == CitadellesTurnOutcome::Played)
            .and_then(Self::acting)
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

    /// Passes the calls nobody may answer. Citadelles classique, Choix des personnages: the
    /// cards set aside « face visible » are held by nobody, and « Si un personnage annoncé ne se
    /// manifeste pas, le joueur avec la Couronne appelle le personnage suivant »: the table sees
    /// them, so the crown holder goes on to the next. L'Assassin: the murdered character « ne se
    /// révèle pas et son tour est passé » (CIT2 §L'appel des personnages: « il ne doit pas
    /// répondre à l'appel »).
    fn skip_uncalled(&mut self) {
        while let Some(c) = self.characters.get(usize::from(self.next)).cloned() {
            let (rank, it) = (c.rank, if feminine(&c) { "elle" } else { "il" });
            let (outcome, text) = if c.face_up {
                (
                    CitadellesTurnOutcome::FaceUp,
                    Text::new(
                        format!(
                            "{} ({rank}) a été {} face visible : personne ne l'a, {it} n'est pas appelé{}.",
                            capitalized(&fr_name(&c, FrArticle::Le)),
                            agreed(&c, "écarté"),
                            if feminine(&c) { "e" } else { "" }
                        ),
                        format!(
                            "The {} ({rank}) was set aside face up: nobody holds it, so it is not called.",
                            c.name.en
                        ),
                    ),
                )
            } else if Some(rank) == self.murdered {
                (
                    CitadellesTurnOutcome::Murdered,
                    Text::new(
                        format!(
                            "{} ({rank}) a été {} : {it} ne se révèle pas et son tour est passé.",
                            capitalized(&fr_name(&c, FrArticle::Le)),
                            agreed(&c, "assassiné")
                        ),
                        format!(
                            "The {} ({rank}) was assassinated: it is not revealed and its turn is skipped.",
                            c.name.en
                        ),
                    ),
                )
            } else {
                break;
            };
            self.turns.push(CitadellesTurn {
                rank,
                character: c.id,
                name: c.name,
                outcome,
                seat: None,
                robbed_by: None,
                bewitched_by: None,
                text,
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

    /// Applies one action to a round sent back by a door, returning the next state (or every
    /// problem: `round.*` when the round is not one the caller could reach, see
    /// [`Self::checked`]; `action.*` when the step is refused).
    pub fn apply(&self, action: &CitadellesRoundAction) -> Result<CitadellesRound, Problems> {
        let mut next = self.checked("round")?;
        next.step(action)?;
        Ok(next)
    }

    /// One step on a round the core made (replayed or just started), kept in its `actions`.
    fn step(&mut self, action: &CitadellesRoundAction) -> Result<(), Problems> {
        if self.finished {
            return Err(one("action", "round_finished", "Ce tour est terminé.", "This round is over."));
        }
        match action {
            CitadellesRoundAction::Reveal { seat } => self.reveal(*seat)?,
            CitadellesRoundAction::Murder { rank } => self.murder(*rank)?,
            CitadellesRoundAction::Rob { rank } => self.rob(*rank)?,
            CitadellesRoundAction::Bewitch { rank } => self.bewitch(*rank)?,
            CitadellesRoundAction::Destroy { target } => self.destroy(target)?,
            CitadellesRoundAction::GiveCrown { seat } => self.give_crown(*seat)?,
            CitadellesRoundAction::EndRound => self.end()?,
            CitadellesRoundAction::CompleteCity => self.complete_city()?,
        }
        self.actions.push(action.clone());
        Ok(())
    }

    /// Whether the core would take this step now.
    fn accepts(&self, action: &CitadellesRoundAction) -> bool {
        self.clone().step(action).is_ok()
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
            None => {
                let mut text = Text::new(
                    format!(
                        "Personne ne répond à l'appel {} ({}) : on appelle le suivant.",
                        fr_name(&c, FrArticle::De),
                        c.rank
                    ),
                    format!(
                        "Nobody answers the call of the {} ({}): the next one is called.",
                        c.name.en, c.rank
                    ),
                );
                if self.bewitched == Some(c.rank) {
                    text.append(" La Sorcière ne reprend pas de tour.", " The Witch takes no turn as it.");
                }
                CitadellesTurn {
                    rank: c.rank,
                    character: c.id.clone(),
                    name: c.name.clone(),
                    outcome: CitadellesTurnOutcome::NotChosen,
                    seat: None,
                    robbed_by: None,
                    bewitched_by: None,
                    text,
                }
            }
            Some(s) => self.revealed_by(&c, s)?,
        };
        self.turns.push(turn);
        self.next = self.next.saturating_add(1);
        self.skip_uncalled();
        Ok(())
    }

    /// The turn of the character called now, revealed by seat `s`.
    fn revealed_by(&self, c: &CitadellesRoundCharacter, s: u8) -> Result<CitadellesTurn, Problems> {
        if s >= self.players {
            return Err(one(
                "action.seat",
                "seat_out_of_range",
                format!("Place {} inexistante (places 1 à {}).", u16::from(s) + 1, self.players),
                format!("No seat {} (seats 1 to {}).", u16::from(s) + 1, self.players),
            ));
        }
        if self.revealed_count(s) >= usize::from(self.per_seat) {
            let n = self.per_seat;
            return Err(one(
                "action.seat",
                "too_many_characters",
                format!("{} a déjà révélé {n} personnage{} ce tour-ci.", self.seat_name(s), plural_s(n)),
                format!(
                    "{} already revealed {n} character{} this round.",
                    self.seat_name(s),
                    en_noun(n, "", "s")
                ),
            ));
        }
        let who = self.seat_name(s);
        // FACT-CIT-B4, the Witch: « gather resources, bewitch a character, resume as that
        // character after it gathers resources ».
        let bewitched_by = if self.bewitched == Some(c.rank) { self.seat_of("witch") } else { None };
        let plays = if bewitched_by.is_some() { ("", "") } else { (" et joue", " and plays") };
        let mut fr = format!("{who} révèle {} ({}){}.", fr_name(c, FrArticle::Le), c.rank, plays.0);
        let mut en = format!("{who} reveals the {} ({}){}.", c.name.en, c.rank, plays.1);
        // Citadelles classique, Le Voleur: the robbed character's holder gives all their gold to
        // the Thief (CIT2: before starting their turn).
        let robbed_by = if self.robbed == Some(c.rank) { self.seat_of("thief") } else { None };
        if let Some(thief) = robbed_by {
            fr.push_str(&format!(" Volé : {who} donne tout son or à {} (Voleur).", self.seat_name(thief)));
            en.push_str(&format!(
                " Robbed: {who} gives all their gold to {} (Thief).",
                self.seat_name(thief)
            ));
        }
        if let Some(witch) = bewitched_by {
            fr.push_str(&format!(
                " {} : {who} prend seulement ses ressources, puis {} (Sorcière) joue la suite du tour à la place {}.",
                capitalized(&agreed(c, "ensorcelé")),
                self.seat_name(witch),
                fr_name(c, FrArticle::De)
            ));
            en.push_str(&format!(
                " Bewitched: {who} only gathers resources, then {} (Witch) plays the rest of the turn as the {}.",
                self.seat_name(witch),
                c.name.en
            ));
        }
        // Citadelles classique, Le Roi: « Vous récupérez la Couronne »; FACT-CIT-B4: so does
        // the Patrician. A bewitched one's crown goes to the Witch, who plays it.
        if c.id == "king" || c.id == "patrician" {
            let taker = self.seat_name(bewitched_by.unwrap_or(s));
            fr.push_str(&format!(" {taker} prend la Couronne."));
            en.push_str(&format!(" {taker} takes the crown."));
        }
        Ok(CitadellesTurn {
            rank: c.rank,
            character: c.id.clone(),
            name: c.name.clone(),
            outcome: CitadellesTurnOutcome::Played,
            seat: Some(s),
            robbed_by,
            bewitched_by,
            text: Text::new(fr, en),
        })
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
        self.skip_uncalled();
        Ok(())
    }

    /// FACT-CIT-B4, the Witch (2016 alternate of rank 1): she names a character to bewitch,
    /// any but herself; its holder, when it is called, only gathers resources, and she plays the
    /// rest of its turn (see [`Self::revealed_by`]).
    fn bewitch(&mut self, rank: u8) -> Result<(), Problems> {
        self.require_current("witch", &Text::new("Ensorcellement", "Bewitchment"))?;
        if self.bewitched.is_some() {
            return Err(one(
                "action",
                "already_bewitched",
                "La Sorcière a déjà ensorcelé un personnage ce tour-ci.",
                "The Witch already bewitched a character this round.",
            ));
        }
        self.check_rank(rank)?;
        if rank == 1 {
            return Err(one(
                "action.rank",
                "cannot_bewitch_self",
                "La Sorcière ne peut pas s'ensorceler elle-même.",
                "The Witch cannot bewitch herself.",
            ));
        }
        self.bewitched = Some(rank);
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
        // Citadelles classique, Le Voleur: « le voleur ne peut pas voler l'Assassin ou sa
        // victime » (DEC-CIT-9: in both profiles): not the rank-1 character nor the one it named
        // (the Witch's, in the 2016 set, as the Assassin's); nor itself.
        if let Some(first) = self.character(1).filter(|_| rank == 1) {
            return Err(one(
                "action.rank",
                "cannot_rob_assassin",
                format!("Le Voleur ne peut pas voler {} (rang 1).", fr_name(first, FrArticle::Le)),
                format!("The Thief cannot rob the {} (rank 1).", first.name.en),
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
        if Some(rank) == self.bewitched {
            return Err(one(
                "action.rank",
                "cannot_rob_bewitched",
                format!(
                    "Le Voleur ne peut pas voler le personnage ensorcelé par la Sorcière ({}).",
                    self.label(rank).fr
                ),
                format!("The Thief cannot rob the character the Witch bewitched ({}).", self.label(rank).en),
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
    /// is: a screen may ask before the Warlord acts), on a round a door sent back.
    pub fn destruction_quote(
        &self,
        target: &CitadellesDestroyTarget,
    ) -> Result<CitadellesDestructionQuote, Problems> {
        self.checked("round")?.quote(target)
    }
    fn quote(&self, target: &CitadellesDestroyTarget) -> Result<CitadellesDestructionQuote, Problems> {
        let cards = self.target_city(target)?;
        let aimed = Self::aimed_district(&cards, target)?;
        self.protections(target, &cards, &aimed).into_result(())?;
        Ok(Self::price(&cards, aimed))
    }

    /// The target seat exists and every district of its city is of the profile's catalogue.
    fn target_city(&self, target: &CitadellesDestroyTarget) -> Result<Vec<CatalogueCard>, Problems> {
        let mut p = Problems::new();
        if target.seat >= self.players {
            let seat = u16::from(target.seat) + 1;
            p.push(
                "action.target.seat",
                "seat_out_of_range",
                Text::new(
                    format!("Place {seat} inexistante (places 1 à {}).", self.players),
                    format!("No seat {seat} (seats 1 to {}).", self.players),
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
        p.into_result(cards)
    }

    /// The district aimed at: a catalogue card of the city, then its custom wonders.
    fn aimed_district(
        cards: &[CatalogueCard],
        target: &CitadellesDestroyTarget,
    ) -> Result<AimedDistrict, Problems> {
        let index = usize::from(target.index);
        let aimed = match cards.get(index) {
            // FACT-CIT-B4: a beautified district costs 1 more.
            Some(c) => Some(AimedDistrict {
                id: c.id().to_owned(),
                name: c.name(),
                cost: c.cost().saturating_add(u8::from(target.beautified.contains(&target.index))),
                rule: c.wonder().map_or(WarlordRule::Normal, |w| w.warlord),
            }),
            None => index.checked_sub(cards.len()).and_then(|k| target.custom_wonders.get(k)).map(|w| {
                AimedDistrict {
                    id: "custom".to_owned(),
                    name: Text::new(w.name.clone(), w.name.clone()),
                    cost: w.cost,
                    rule: WarlordRule::Normal,
                }
            }),
        };
        aimed.ok_or_else(|| {
            one(
                "action.target.index",
                "no_such_district",
                format!("Pas de quartier n° {} dans cette cité.", target.index),
                format!("No district number {} in this city.", target.index),
            )
        })
    }

    /// What keeps the Warlord from destroying the aimed district, all of it at once.
    fn protections(
        &self,
        target: &CitadellesDestroyTarget,
        cards: &[CatalogueCard],
        aimed: &AimedDistrict,
    ) -> Problems {
        let mut p = Problems::new();
        let who = self.seat_name(target.seat);
        // Citadelles classique, Le Condottiere: not in a city already complete (2e édition:
        // "sauf dans une cité qui a déjà ses 8 quartiers"); 2e édition / FACT-CIT-B3: the
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
        // murdered Bishop is no longer Bishop, so only a revealed one protects (a bewitched one
        // protects the Witch's player, who plays it).
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
        // FACT-CIT-B2, FACT-CIT-B3: the Keep cannot be destroyed.
        if aimed.rule == WarlordRule::Immune {
            p.push(
                "action.target.index",
                "keep_protected",
                Text::new(
                    format!("{} ne peut pas être détruit par le Condottiere.", aimed.name.fr),
                    format!("The {} cannot be destroyed by the Warlord.", aimed.name.en),
                ),
            );
        }
        p
    }

    /// Citadelles classique, Le Condottiere: pay the building cost minus one. FACT-CIT-B2
    /// (classic Great Wall): +1 for the owner's other districts; FACT-CIT-B3 (2016): +1 for any
    /// district of the owner's city.
    fn price(cards: &[CatalogueCard], aimed: AimedDistrict) -> CitadellesDestructionQuote {
        let AimedDistrict { id, name, cost, .. } = aimed;
        let base = cost.saturating_sub(1);
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
        CitadellesDestructionQuote {
            district: id,
            cost: total,
            text: Text::new(
                format!("{} : coût {cost} − 1{} = {total} {gold_fr}", name.fr, wall_text.fr),
                format!("{}: cost {cost} − 1{} = {total} gold", name.en, wall_text.en),
            ),
            name,
        }
    }

    /// The seat the Warlord's destruction is made by, if it may destroy now: the Warlord being
    /// played (its holder, or the Witch who bewitched it) and no district destroyed yet
    /// (Citadelles classique, Le Condottiere: « un quartier de votre choix »).
    fn destroyer(&self) -> Result<u8, Problems> {
        let turn = self.require_current("warlord", &Text::new("Destruction", "Destruction"))?;
        let by = Self::acting(turn).unwrap_or(0);
        if !self.destructions.is_empty() {
            return Err(one(
                "action",
                "already_destroyed",
                "Le Condottiere a déjà détruit un quartier ce tour-ci.",
                "The Warlord already destroyed a district this round.",
            ));
        }
        Ok(by)
    }

    fn destroy(&mut self, target: &CitadellesDestroyTarget) -> Result<(), Problems> {
        let by = self.destroyer()?;
        let quote = self.quote(target)?;
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
    /// the order, since the first gets +4 and the others +2. FACT-CIT-B4: the Navigator
    /// « cannot build », and the Witch builds in the turn she resumes, not in her own.
    fn complete_city(&mut self) -> Result<(), Problems> {
        let Some(turn) = self.current() else {
            return Err(one(
                "action",
                "not_your_turn",
                "Cité complète : une cité se complète pendant le tour de son joueur, et aucun personnage ne joue maintenant.",
                "Complete city: a city is completed during its player's turn, and no character is playing now.",
            ));
        };
        let Some(seat) = Self::acting(turn) else { return Ok(()) };
        let bewitched = turn.bewitched_by.is_some();
        match turn.character.as_str() {
            "navigator" => {
                return Err(one(
                    "action",
                    "cannot_build",
                    "La Navigatrice ne bâtit pas : aucune cité ne se complète pendant son tour.",
                    "The Navigator cannot build: no city is completed in its turn.",
                ));
            }
            "witch" if !bewitched => {
                return Err(one(
                    "action",
                    "cannot_build",
                    "La Sorcière ne bâtit pas pendant son propre tour, mais dans celui du personnage qu'elle ensorcelle.",
                    "The Witch does not build in her own turn, but in that of the character she bewitches.",
                ));
            }
            _ => {}
        }
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
        let emperor = Self::acting(self.require_current("emperor", &Text::new("Couronne", "Crown"))?);
        if self.crown_given_to.is_some() {
            return Err(one(
                "action",
                "crown_already_given",
                "L'Empereur a déjà donné la Couronne ce tour-ci.",
                "The Emperor already gave the crown this round.",
            ));
        }
        // FACT-CIT-B4: the Emperor gives the crown to another player.
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
    /// rank the murder, the bewitchment or the theft would be accepted for, so the caller offers
    /// nothing the core then refuses (CIT §Le Voleur: « le voleur ne peut pas voler l'Assassin
    /// ou sa victime »).
    pub fn targets(&self) -> Vec<CitadellesRoundCharacter> {
        let naming = |rank| match self.current().map(|t| t.character.as_str()) {
            Some("assassin") if self.murdered.is_none() => Some(CitadellesRoundAction::Murder { rank }),
            Some("witch") if self.bewitched.is_none() => Some(CitadellesRoundAction::Bewitch { rank }),
            Some("thief") if self.robbed.is_none() => Some(CitadellesRoundAction::Rob { rank }),
            _ => None,
        };
        self.characters
            .iter()
            .filter(|c| naming(c.rank).is_some_and(|action| self.accepts(&action)))
            .cloned()
            .collect()
    }

    /// What the character being played may do now (see [`CitadellesRoundView::offers`]).
    fn offers(&self, targets: &[CitadellesRoundCharacter]) -> Vec<CitadellesOffer> {
        let Some(turn) = self.current() else { return Vec::new() };
        let mut offers = Vec::new();
        if !targets.is_empty() {
            match turn.character.as_str() {
                "assassin" => offers.push(CitadellesOffer::Murder),
                "witch" => offers.push(CitadellesOffer::Bewitch),
                "thief" => offers.push(CitadellesOffer::Rob),
                _ => {}
            }
        }
        if self.destroyer().is_ok() {
            offers.push(CitadellesOffer::Destroy);
        }
        if (0..self.players).any(|seat| self.accepts(&CitadellesRoundAction::GiveCrown { seat })) {
            offers.push(CitadellesOffer::GiveCrown);
        }
        if self.accepts(&CitadellesRoundAction::CompleteCity) {
            offers.push(CitadellesOffer::CompleteCity);
        }
        offers
    }

    /// The round with what the caller shows next (a round the core made: see
    /// [`Self::checked`] for one sent back).
    pub fn view(self) -> CitadellesRoundView {
        let targets = self.targets();
        CitadellesRoundView {
            call: self.call(),
            current: self.current().cloned(),
            offers: self.offers(&targets),
            targets,
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
            bewitched: self.bewitched,
            turns: self.turns.clone(),
            destructions: self.destructions.clone(),
            revealed: self.revealed(),
            completed: self.completed.clone(),
        })
    }
}
