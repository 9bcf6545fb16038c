//! The council phase (phase III, Valencia p.10) and the round tracker (5 rounds, steps A–I,
//! influence cards and privileges left).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::auction::{
    InfluenceCard, ValenciaAuction, ValenciaRawAuction, ValenciaStep, deck_size, special_cards,
};
use super::board::{
    PRIVILEGES_IN_BOX, RESOURCES_PER_TYPE, ROUNDS, ValenciaResource, ValenciaResourceCounts, ValenciaSeat,
    privileges_per_player_max, privileges_spendable_max, to_u8, to_u32,
};
use super::course::{
    Course, ValenciaPosition, council_points_after, councils_so_far, more_privileges_than_councils,
};
use super::log::{self, ValenciaLogEntry};
use super::table::{
    Table, ValenciaRawPlayer, ValenciaRawTable, ValenciaVariant, check, members_allowed, module_and_cards,
    player_count,
};
use crate::games::{Problem, Problems, input, sheet};
use crate::text::{Text, en_noun, fr_noun};

const GAME: &str = "Valencia";

/// A council phase as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawCouncil {
    #[serde(default)]
    pub variant: Option<String>,
    /// Module 1: the special cards the table chose (absent: all seven), as in the table state.
    /// Soutien among them lets two players share a guild seat.
    #[serde(default)]
    pub special_cards: Option<Vec<String>>,
    /// Seating order.
    #[serde(default)]
    pub players: Vec<ValenciaRawCouncillor>,
    /// Privileges left in the supply before the phase (absent: the box's 19 minus those the
    /// players hold).
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
    /// Privileges the player holds: when `privileges_supply` is not given, the supply is the
    /// box's minus those held.
    #[serde(default)]
    pub privileges: Option<Value>,
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

/// VAL p.10 (phase III): 1 point per own member on the council; the most members takes a
/// privilege, ties each take one.
pub fn council_phase(raw: &ValenciaRawCouncil) -> Result<ValenciaCouncil, Problems> {
    let mut p = Problems::new();
    for key in raw.other.keys() {
        input::unknown_field(&mut p, key.clone(), key, GAME);
    }
    let (_, special) = module_and_cards(&mut p, raw.variant.as_deref(), raw.special_cards.as_deref());
    player_count(&mut p, raw.players.len());
    let held: Vec<Option<&Value>> = raw.players.iter().map(|r| r.privileges.as_ref()).collect();
    // VAL p.10: players start with none and receive one per council phase at most; before
    // a phase, the fifth included, four phases at most took place.
    let max = privileges_spendable_max();
    let why = |n: u32| privileges_before_a_council(n, max);
    let supply = privileges_supply(&mut p, raw.privileges_supply.as_ref(), &held, max, &why);
    let names: Vec<&str> = raw.players.iter().map(|c| c.name.as_str()).collect();
    input::player_names(&mut p, &names);
    let seats: Vec<Vec<ValenciaSeat>> =
        raw.players.iter().enumerate().map(|(i, rc)| councillor_seats(&mut p, i, rc)).collect();
    for seat in ValenciaSeat::ALL {
        seat_held_once(&mut p, seat, &seats, &special);
    }
    if !p.is_empty() {
        return Err(p);
    }
    Ok(tally_the_council(&names, &seats, supply))
}

/// Why `n` privileges cannot be held before a council phase: `max` phases at most came before.
fn privileges_before_a_council(n: u32, max: u32) -> Text {
    Text::new(
        format!(
            "{n} {} avant la phase du Conseil : chacun commence sans privilège et en reçoit au plus un par phase du Conseil, et au plus {max} ont eu lieu avant celle-ci.",
            fr_noun(n, "privilège", "privilèges")
        ),
        format!(
            "{n} {} before the council phase: everyone starts with none and receives one per council phase at most, and {max} at most took place before this one.",
            en_noun(n, "privilege", "privileges")
        ),
    )
}

/// The seats councillor `i` holds, each once (`council`).
fn councillor_seats(p: &mut Problems, i: usize, rc: &ValenciaRawCouncillor) -> Vec<ValenciaSeat> {
    for key in rc.other.keys() {
        input::unknown_field(p, format!("players[{i}].{key}"), key, GAME);
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
    held
}

/// VAL p.7 (Le Conseil): a seat holds one member; module 1, Soutien: a second member, of
/// another player, on a guild seat only ([`members_allowed`]).
fn seat_held_once(
    p: &mut Problems,
    seat: ValenciaSeat,
    seats: &[Vec<ValenciaSeat>],
    special: &[InfluenceCard],
) {
    let holders = seats.iter().filter(|h| h.contains(&seat)).count();
    if holders > members_allowed(seat, special) {
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

/// VAL p.10 (phase III): each seat's points (one per member) and who takes a privilege —
/// the most members, ties each; nobody on the council: nobody has a majority to reward.
fn tally_the_council(names: &[&str], seats: &[Vec<ValenciaSeat>], supply: u32) -> ValenciaCouncil {
    let n = seats.len();
    let members: Vec<u32> = seats.iter().map(|h| to_u32(h.len())).collect();
    let most = members.iter().copied().max().unwrap_or(0);
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
    ValenciaCouncil {
        players,
        privileges_given: given,
        privileges_supply_after: supply.saturating_sub(given),
        shortage: privilege_shortage(given, supply),
        explanation: council_explanation(given, most, &who.join(", ")),
    }
}

/// VAL p.10: with 4 or 5 players the supply may run out; the missing privileges are
/// replaced by another item.
fn privilege_shortage(given: u32, supply: u32) -> Option<Text> {
    (given > supply).then(|| {
        Text::new(
            format!(
                "Il ne reste que {supply} {} pour {given} : à 4 ou 5 joueurs, remplacez ceux qui manquent par un autre élément (ressource, pièces…).",
                fr_noun(supply, "privilège", "privilèges")
            ),
            format!(
                "Only {supply} {} left for {given}: with 4 or 5 players, replace the missing ones with another item (resource, coins…).",
                en_noun(supply, "privilege", "privileges")
            ),
        )
    })
}

/// Who received a privilege and why: `given` takers (`who`) at `most` members.
fn council_explanation(given: u32, most: u32, who: &str) -> Text {
    if given == 0 {
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
            format!(
                "Égalité à {most} {} entre {who} : chacun reçoit un privilège.",
                fr_noun(most, "membre", "membres")
            ),
            format!(
                "Tie at {most} {} between {who}: each receives a privilege.",
                en_noun(most, "member", "members")
            ),
        )
    }
}

/// Where the table helpers stand, kept in the table state itself: saved with every change,
/// restored on resume and taken back by the same undo as the values it changed. Whether a
/// council phase was counted is read from here, never from a screen.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(deny_unknown_fields)]
pub struct ValenciaProgress {
    /// 1 to 5 (absent: 1).
    #[serde(default)]
    pub round: Option<u8>,
    /// The moment of the round (absent: A).
    #[serde(default)]
    pub step: Option<ValenciaMoment>,
    /// Influence cards left per seat (absent or null: a full deck).
    #[serde(default)]
    pub cards_left: Vec<Option<u32>>,
    /// Rounds whose council phase was counted into the players' council points and privileges.
    #[serde(default)]
    pub councils_counted: Vec<u8>,
    /// The auction being entered: what each player revealed so far, as the resolver reads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction: Option<ValenciaRawAuction>,
    /// The auction above was applied to the table (pawn, coins, resources, privileges): it
    /// cannot be applied twice.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub auction_applied: bool,
    /// What the helpers applied, in order: each auction applied and each council phase
    /// counted (the play's round log; written by the core only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<ValenciaLogEntry>,
}

impl ValenciaProgress {
    pub fn round(&self) -> u8 {
        self.round.unwrap_or(1)
    }

    /// Every problem of the progress, on its field.
    pub(crate) fn check(&self, p: &mut Problems, players: usize) {
        if !(1..=ROUNDS).contains(&self.round()) {
            p.push(
                "progress.round",
                "out_of_range",
                Text::new(
                    format!("Manche {} : la partie en compte {ROUNDS}.", self.round()),
                    format!("Round {}: the game has {ROUNDS}.", self.round()),
                ),
            );
        }
        if self.auction.as_ref().is_some_and(|a| a.players.len() != players) {
            p.push(
                "progress.auction.players",
                "player_count",
                Text::new(
                    "L'enchère en cours ne compte pas autant de joueurs que la table.",
                    "The auction being entered does not have as many players as the table.",
                ),
            );
        }
        if self.cards_left.len() > players {
            p.push(
                "progress.cards_left",
                "player_count",
                Text::new("Plus de paquets que de joueurs.", "More decks than players."),
            );
        }
        let mut seen = Vec::new();
        for (k, &r) in self.councils_counted.iter().enumerate() {
            if !(1..=ROUNDS).contains(&r) || seen.contains(&r) {
                p.push(
                    format!("progress.councils_counted[{k}]"),
                    "out_of_range",
                    Text::new(
                        format!("Phase du Conseil de la manche {r} impossible ou déjà comptée."),
                        format!("Council phase of round {r} impossible or counted already."),
                    ),
                );
            }
            seen.push(r);
        }
        for (k, e) in self.log.iter().enumerate() {
            if !(1..=ROUNDS).contains(&e.round) {
                p.push(
                    format!("progress.log[{k}].round"),
                    "out_of_range",
                    Text::new(
                        format!("Manche {} : la partie en compte {ROUNDS}.", e.round),
                        format!("Round {}: the game has {ROUNDS}.", e.round),
                    ),
                );
            }
            for (j, s) in e.seats.iter().enumerate() {
                if usize::from(s.seat) >= players {
                    p.push(
                        format!("progress.log[{k}].seats[{j}].seat"),
                        "out_of_range",
                        Text::new(
                            format!("Siège {} : la table compte {players} joueurs.", u16::from(s.seat) + 1),
                            format!("Seat {}: the table has {players} players.", u16::from(s.seat) + 1),
                        ),
                    );
                }
            }
        }
    }
}

/// A table as the scorer validates it, and its course of play.
type Checked = (Result<Table, Problems>, Course);

/// The table a helper works on: validated as [`super::score`] validates it (the generic sheet
/// of the first table-state shape has no helpers), with its course of play — read from the
/// table's `progress` even when a count of the table is wrong, so that the course's problems
/// come with the table's, all at once. A generic sheet is refused at once (`Err`).
fn for_the_helpers(raw: &Value) -> Result<Checked, Problems> {
    if sheet::is_generic(raw) {
        let mut p = super::score(raw).err().unwrap_or_default();
        if p.is_empty() {
            p.push(
                "sheet",
                "generic_sheet",
                Text::new(
                    "Cette feuille par catégories (ancien format) n'a pas de suivi de la partie.",
                    "This per-category sheet (the old format) has no course of play to follow.",
                ),
            );
        }
        return Err(p);
    }
    Ok(match check(raw) {
        Ok(table) => {
            let course = table.course.clone();
            (Ok(table), course)
        }
        Err(p) => {
            let progress = raw.get("progress").and_then(|v| ValenciaProgress::deserialize(v).ok());
            (Err(p), Course::read(progress.as_ref()))
        }
    })
}

/// VAL p.10 (phase III), applied to the table itself: « Vous recevez désormais chacun
/// autant de points de prestige que de membres de votre famille qui se trouvent au Conseil » and
/// the most members take a privilege (ties: each). Adds the points to each player's
/// `council_points`, the privilege to their `privileges`, and records the tracker's round as
/// counted — once, and only with the tracker at the round's council phase (p.6: the phases
/// « que vous devez effectuer dans l'ordre »): a round already counted, or a tracker still in
/// the action phase, is refused, whatever the screen shows. Takes the table as the scorer
/// validates it: a table the scorer refuses is refused with the same problems. Returns the table
/// with only those fields changed.
pub fn count_council(raw: &Value) -> Result<Value, Problems> {
    let (checked, course) = for_the_helpers(raw)?;
    let mut p = checked.as_ref().err().cloned().unwrap_or_default();
    p.0.extend(course.check_council());
    let round = course.position.round;
    let counted = course.councils_counted.contains(&round);
    if course.position.step == ValenciaMoment::Council && counted {
        p.push(
            "progress.councils_counted",
            "council_counted",
            Text::new(
                format!("La phase du Conseil de la manche {round} est déjà comptée."),
                format!("The council phase of round {round} is counted already."),
            ),
        );
    }
    let Ok(table) = checked else { return Err(p) };
    if !counted {
        before_the_count(&mut p, &table, round);
    }
    if !p.is_empty() {
        return Err(p);
    }

    let held = table.players.iter().fold(0u32, |s, pl| s.saturating_add(pl.privileges));
    let council = ValenciaRawCouncil {
        variant: Some(table.variant.id().to_owned()),
        special_cards: raw
            .get("special_cards")
            .and_then(Value::as_array)
            .map(|c| c.iter().filter_map(Value::as_str).map(str::to_owned).collect()),
        players: table
            .players
            .iter()
            .map(|pl| ValenciaRawCouncillor {
                name: pl.name.clone(),
                council: pl.council.iter().map(|s| s.key().to_owned()).collect(),
                privileges: None,
                other: BTreeMap::new(),
            })
            .collect(),
        privileges_supply: Some(Value::from(PRIVILEGES_IN_BOX.saturating_sub(held))),
        other: BTreeMap::new(),
    };
    let phase = council_phase(&council)?;

    let mut out = raw.clone();
    for s in &phase.players {
        let i = usize::from(s.seat);
        let Some(pl) = table.players.get(i) else { continue };
        let Some(seat) = out.get_mut("players").and_then(|ps| ps.get_mut(i)).and_then(Value::as_object_mut)
        else {
            continue;
        };
        seat.insert("council_points".to_owned(), Value::from(pl.council_points.saturating_add(s.points)));
        if s.gets_privilege {
            seat.insert("privileges".to_owned(), Value::from(pl.privileges.saturating_add(1)));
        }
    }
    let mut counted = course.councils_counted.clone();
    counted.push(round);
    counted.sort_unstable();
    set_progress(&mut out, "councils_counted", Value::from(counted));
    log::push(&mut out, &log::council_entry(round, &phase));
    Ok(out)
}

/// VAL p.6: « 5 tours qui sont chacun divisés en 3 phases, que vous devez effectuer dans
/// l'ordre », phase II's steps A to I in letter order, then phase III. Moves the tracker to `to`:
/// the next moment, or back to the one before while nothing was done where it stands (what was
/// applied is taken back by Undo, with the values it changed). The auction being entered
/// belongs to its step: a move starts a fresh one. Takes the table as the scorer validates it,
/// and the table must hold at the new moment too (going back, a privilege may come before the
/// council phase that gave it): refused with those problems.
pub fn move_tracker(raw: &Value, to: ValenciaPosition) -> Result<Value, Problems> {
    let (checked, course) = for_the_helpers(raw)?;
    let mut p = checked.err().unwrap_or_default();
    if let Err(x) = course.check_move(to) {
        p.0.push(x);
    }
    if !p.is_empty() {
        return Err(p);
    }
    let mut out = raw.clone();
    set_progress(&mut out, "round", Value::from(to.round));
    set_progress(&mut out, "step", Value::from(to.step.id()));
    if let Some(progress) = out.get_mut("progress").and_then(Value::as_object_mut) {
        progress.remove("auction");
        progress.remove("auction_applied");
    }
    check(&out)?;
    Ok(out)
}

/// Before round `round`'s council phase is counted, `round − 1` phases took place: what the
/// table holds must come from them (p.10: a privilege per phase at most, a point per seat held),
/// or the count would add this phase a second time.
fn before_the_count(p: &mut Problems, table: &Table, round: u8) {
    let before = u32::from(round.saturating_sub(1));
    let so_far = councils_so_far(before);
    for (i, pl) in table.players.iter().enumerate() {
        let (n, points) = (pl.privileges, pl.council_points);
        if n > before {
            let at = Text::new(
                format!("avant de compter la phase du Conseil de la manche {round}"),
                format!("before the council phase of round {round} is counted"),
            );
            p.push(
                format!("players[{i}].privileges"),
                "impossible_count",
                more_privileges_than_councils(n, &at, &so_far),
            );
        }
        if points > council_points_after(before) {
            p.push(
                format!("players[{i}].council_points"),
                "impossible_count",
                Text::new(
                    format!(
                        "{points} {} du Conseil avant de compter la phase de la manche {round} : une phase en donne 8 au plus (un par siège) ; {}.",
                        fr_noun(points, "point", "points"),
                        so_far.fr
                    ),
                    format!(
                        "{points} council {} before the council phase of round {round} is counted: a phase gives 8 at most (one per seat); {}.",
                        en_noun(points, "point", "points"),
                        so_far.en
                    ),
                ),
            );
        }
    }
}

/// Applies the auction being entered (`progress.auction`) to the table: the pawn, coins,
/// resources and privileges it moves, and at step A the Noblesse and Église seats
/// ([`move_seats`]) — once, like a council phase.
///
/// VAL p.6: « Le joueur qui possède le pion Stefan Feld commence » (the table's holder is
/// the auction's first player: [`pawn_holder_starts`]), « Le joueur qui remporte le tour
/// d'enchères récupère immédiatement le pion Stefan Feld » (all passed: it stays); p.10: a
/// privilege used « dans la réserve » is gone; Économies' coins and Entrepôt's resources are the
/// resolver's (auction.rs), an Entrepôt giving only what the supply still holds
/// ([`from_the_supply`]). The privileges each bid may spend are read from the table, never from the auction as typed. Refused when
/// the auction was applied already (`progress.auction_applied`). Returns the table with only
/// those fields changed, and the auction's record naming the first player it was played with.
pub fn apply_auction(table: &Value) -> Result<Value, Problems> {
    let (checked, course) = for_the_helpers(table)?;
    let mut p = checked.err().unwrap_or_default();
    let raw = match super::parse(table) {
        Ok(raw) => raw,
        Err(e) => return Err(if p.is_empty() { e } else { p }),
    };
    let progress = raw.progress.clone().unwrap_or_default();
    let Some(auction) = progress.auction.clone() else {
        p.push(
            "progress.auction",
            "missing",
            Text::new("Aucune enchère en cours à appliquer.", "No auction being entered to apply."),
        );
        return Err(p);
    };
    if progress.auction_applied {
        p.push(
            "progress.auction_applied",
            "auction_applied",
            Text::new(
                "Cette enchère est déjà appliquée à la table.",
                "This auction was applied to the table already.",
            ),
        );
    }
    // VAL p.6: the steps « que vous devez effectuer dans l'ordre »: only the tracker's.
    p.0.extend(course.check_auction(ValenciaStep::from_letter(&auction.step)));
    let mut auction = as_the_table_holds_it(auction, &raw);
    pawn_holder_starts(&mut p, &mut auction, &raw.players);
    let Some(result) = resolved_on_the_table(&mut p, &auction) else { return Err(p) };

    let granted = from_the_supply(&result, &raw.players);
    let mut out = table.clone();
    move_seats(&mut out, &result, &auction);
    credit_the_seats(&mut out, &result, &granted);
    let before = record_as_applied(&mut out, &auction, &raw.players);
    set_progress(&mut out, "auction_applied", Value::Bool(true));
    let entry = log::auction_entry(course.position.round, &result, before, &granted, &out);
    log::push(&mut out, &entry);
    Ok(out)
}

/// The auction as the table holds it: the privileges each bid may spend are the table's, never
/// the auction's as typed, and so is the module; module 1: every deck holds the special cards
/// the table chose (none said: the auction's).
fn as_the_table_holds_it(mut auction: ValenciaRawAuction, raw: &ValenciaRawTable) -> ValenciaRawAuction {
    for (bid, rp) in auction.players.iter_mut().zip(&raw.players) {
        bid.privileges = rp.privileges.clone();
    }
    auction.variant = raw.variant.clone();
    if raw.special_cards.is_some() {
        auction.special_cards = raw.special_cards.clone();
    }
    auction
}

/// The auction resolved, its problems on the table's fields (`progress.auction.…`); `None` when
/// it or the table has a problem.
fn resolved_on_the_table(p: &mut Problems, auction: &ValenciaRawAuction) -> Option<ValenciaAuction> {
    let result = super::resolve_auction(auction);
    if let Err(e) = &result {
        p.0.extend(
            e.0.iter().map(|x| Problem { field: format!("progress.auction.{}", x.field), ..x.clone() }),
        );
    }
    match result {
        Ok(result) if p.is_empty() => Some(result),
        _ => None,
    }
}

/// VAL p.6: the winner takes the Stefan Feld pawn; each seat gets its Économies' coins and
/// its Entrepôt's resources (`granted`, from the supply) and loses the privileges it spent
/// (p.10: back « dans la réserve »).
fn credit_the_seats(out: &mut Value, result: &ValenciaAuction, granted: &[ValenciaResourceCounts]) {
    let players = out.get_mut("players").and_then(Value::as_array_mut);
    for (i, seat) in players.into_iter().flatten().enumerate() {
        let Some(seat) = seat.as_object_mut() else { continue };
        seat.insert("stefan_feld".to_owned(), Value::Bool(i == usize::from(result.pawn_holder)));
        let Some(bid) = result.bids.iter().find(|b| usize::from(b.seat) == i) else { continue };
        let before = |key: &str| seat.get(key).and_then(Value::as_u64).unwrap_or(0);
        let coins = before("coins").saturating_add(u64::from(bid.coins_gained));
        let privileges = before("privileges").saturating_sub(u64::from(bid.privileges_spent));
        seat.insert("coins".to_owned(), Value::from(coins));
        seat.insert("privileges".to_owned(), Value::from(privileges));
        let resources = seat.entry("resources").or_insert_with(|| Value::Object(serde_json::Map::new()));
        if let (Some(resources), Some(gained)) = (resources.as_object_mut(), granted.get(i)) {
            add_resources(resources, gained);
        }
    }
}

/// Adds `gained` to a seat's `resources`, type by type.
fn add_resources(resources: &mut serde_json::Map<String, Value>, gained: &ValenciaResourceCounts) {
    for r in ValenciaResource::ALL {
        let gained = gained.get(r);
        if gained > 0 {
            let had = resources.get(r.key()).and_then(Value::as_u64).unwrap_or(0);
            resources.insert(r.key().to_owned(), Value::from(had.saturating_add(u64::from(gained))));
        }
    }
}

/// The record keeps the first player it was played with: the pawn has just moved to the winner,
/// and reading the applied auction again must rank it as it was applied (p.6's example: « le
/// premier joueur de ce tour »; absent, the resolver's default seat 0). And the privileges each
/// seat held when it was applied: the record, read again, ranks and checks the spending as it
/// was (the table holds those privileges spent no more). Returns that first player's seat.
fn record_as_applied(
    out: &mut Value,
    auction: &ValenciaRawAuction,
    players: &[ValenciaRawPlayer],
) -> Option<u8> {
    let first = auction.first_player.clone().filter(|v| !v.is_null()).unwrap_or_else(|| Value::from(0));
    let before = first.as_u64().and_then(|s| u8::try_from(s).ok());
    let Some(record) =
        out.get_mut("progress").and_then(|p| p.get_mut("auction")).and_then(Value::as_object_mut)
    else {
        return before;
    };
    record.insert("first_player".to_owned(), first);
    if let Some(bids) = record.get_mut("players").and_then(Value::as_array_mut) {
        for (bid, rp) in bids.iter_mut().zip(players) {
            if let Some(bid) = bid.as_object_mut() {
                let held = rp.privileges.clone().filter(|v| !v.is_null()).unwrap_or_else(|| Value::from(0));
                bid.insert("privileges".to_owned(), held);
            }
        }
    }
    before
}

/// VAL p.7 (A): « Si vous remportez cette enchère, placez un des membres de votre famille
/// sur la case Noblesse du Conseil. Si vous êtes le second à remporter cette enchère, placez un
/// des membres de votre famille sur la case Église du Conseil. » and p.7 (Le Conseil): the member
/// replaced goes back to its owner. The seats an applied auction decides move on the table: at A,
/// the Noblesse to the first rank and the Église to the second, unless the table says that rank
/// could not act. The other steps' seats are the winner's choice the table enters itself (B/D/F:
/// the guild on the round board, which the auction does not name; E: « vous pouvez aussi » the
/// Marchands seat).
fn move_seats(out: &mut Value, result: &ValenciaAuction, auction: &ValenciaRawAuction) {
    if result.step != ValenciaStep::A {
        return;
    }
    let could_not_act =
        |seat: u8| auction.players.get(usize::from(seat)).is_some_and(|b| b.could_not_act == Some(true));
    for (rank, seat) in [(1, ValenciaSeat::Nobility), (2, ValenciaSeat::Church)] {
        if let Some(taker) = result
            .bids
            .iter()
            .find(|b| b.rank == Some(rank) && b.acts && !could_not_act(b.seat))
            .map(|b| usize::from(b.seat))
        {
            super::seats::take_seat(out, taker, seat);
        }
    }
}

/// VAL p.13 (Entrepôt): « recevez immédiatement les ressources représentées de la réserve
/// générale »; p.8, Note 1: « Si la réserve de ressources du type correspondant [...] est vide,
/// vous ne recevez pas de ressource ». The supply holds the 6 of each type (Matériel) the table
/// does not; the stacks take from it in the order they were revealed. Per seat, what each gets.
fn from_the_supply(result: &ValenciaAuction, players: &[ValenciaRawPlayer]) -> Vec<ValenciaResourceCounts> {
    let mut left = [0u32; 5];
    for (slot, r) in left.iter_mut().zip(ValenciaResource::ALL) {
        let held = players.iter().fold(0u64, |s, rp| {
            let n = rp.resources.as_ref().and_then(|m| m.get(r.key())).and_then(Value::as_u64).unwrap_or(0);
            s.saturating_add(n)
        });
        *slot = u32::try_from(u64::from(RESOURCES_PER_TYPE).saturating_sub(held)).unwrap_or(0);
    }
    let mut granted = vec![ValenciaResourceCounts::default(); players.len()];
    for &seat in &result.reveal_order {
        let Some(bid) = result.bids.iter().find(|b| b.seat == seat) else { continue };
        let Some(got) = granted.get_mut(usize::from(seat)) else { continue };
        for (slot, r) in left.iter_mut().zip(ValenciaResource::ALL) {
            let take = bid.resources_gained.get(r).min(*slot);
            *slot -= take;
            got.add(r, take);
        }
    }
    granted
}

/// VAL p.6: « Le joueur qui possède le pion Stefan Feld commence ». When the table names
/// the pawn's holder, the auction applied to it starts with that seat: filled in when the auction
/// names no first player, refused on its field when it names another seat. (No holder, or
/// several — the table's own problem —: the auction's first player stands.)
fn pawn_holder_starts(p: &mut Problems, auction: &mut ValenciaRawAuction, players: &[ValenciaRawPlayer]) {
    let mut holders = players.iter().enumerate().filter(|(_, rp)| rp.stefan_feld == Some(true));
    let (Some((holder, rp)), None) = (holders.next(), holders.next()) else { return };
    match auction.first_player.as_ref() {
        None | Some(Value::Null) => auction.first_player = Some(Value::from(holder)),
        Some(v) => {
            // Not a seat: the resolver reports it on the same field.
            let Some(seat) = v.as_u64().filter(|&s| s < players.len() as u64) else { return };
            if seat != holder as u64 {
                // A player reads seats counted from 1 (as the other messages do).
                let name = rp.name.trim();
                p.push(
                    "progress.auction.first_player",
                    "not_pawn_holder",
                    Text::new(
                        format!(
                            "L'enchère commence au siège {}, mais c'est {name} (siège {}) qui a le pion Stefan Feld : le premier joueur est celui qui a le pion.",
                            seat + 1,
                            holder + 1
                        ),
                        format!(
                            "The auction starts at seat {}, but {name} (seat {}) holds the Stefan Feld pawn: the first player is the pawn's holder.",
                            seat + 1,
                            holder + 1
                        ),
                    ),
                );
            }
        }
    }
}

/// Sets one field of the table's `progress`, leaving the rest as it was sent.
fn set_progress(table: &mut Value, key: &str, value: Value) {
    let Some(obj) = table.as_object_mut() else { return };
    let progress = obj.entry("progress").or_insert_with(|| Value::Object(serde_json::Map::new()));
    if !progress.is_object() {
        *progress = Value::Object(serde_json::Map::new());
    }
    if let Some(progress) = progress.as_object_mut() {
        progress.insert(key.to_owned(), value);
    }
}

/// A moment of a round: a step of the action phase (A–I), or the council phase that closes
/// every round, the fifth included.
///
/// VAL p.6: « Une partie de Valencia est composée de 5 tours qui sont chacun divisés en 3
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

    /// The rule entry that explains this moment (`rules/entries/valencia.toml`): steps that do
    /// the same thing share one (B, D and F are the guilds' auctions; C and E the merchants').
    pub fn rule_entry(self) -> &'static str {
        match self {
            ValenciaMoment::A => "valencia.step.a",
            ValenciaMoment::B | ValenciaMoment::D | ValenciaMoment::F => "valencia.step.b_d_f",
            ValenciaMoment::C | ValenciaMoment::E => "valencia.step.c_e",
            ValenciaMoment::G => "valencia.step.g",
            ValenciaMoment::H => "valencia.step.h",
            ValenciaMoment::I => "valencia.step.i",
            ValenciaMoment::Council => "valencia.phase.council",
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

/// VAL p.6 and p.10: the position after `(round, moment)`; `None` once the fifth round's
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
    /// Privileges left in the supply (absent: the box's 19 minus those the players hold).
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
    /// Privileges the player holds: when `privileges_supply` is not given, the supply is the
    /// box's minus those held.
    #[serde(default)]
    pub privileges: Option<Value>,
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

/// The privileges left in the supply: as given, else the box's minus those the players hold
/// (`players[i].privileges`; none given: the whole box). Each player holds `max` at most, the
/// reason for `n` being `why(n)`.
fn privileges_supply(
    p: &mut Problems,
    given: Option<&Value>,
    held: &[Option<&Value>],
    max: u32,
    why: &dyn Fn(u32) -> Text,
) -> u32 {
    let mut total = 0u32;
    for (i, v) in held.iter().enumerate() {
        if v.is_none_or(|v| v.is_null()) {
            continue;
        }
        let field = format!("players[{i}].privileges");
        let Some(n) = input::count(p, field.clone(), *v, u32::MAX, &Text::new("privilèges", "privileges"))
        else {
            continue;
        };
        if n > max {
            p.push(field, "out_of_range", why(n));
        }
        total = total.saturating_add(n);
    }
    match given {
        None | Some(Value::Null) => PRIVILEGES_IN_BOX.saturating_sub(total),
        v => input::count(
            p,
            "privileges_supply".to_owned(),
            v,
            PRIVILEGES_IN_BOX,
            &Text::new("privilèges en réserve", "privileges in the supply"),
        )
        .unwrap_or(0),
    }
}

/// VAL p.10 (Phase III): what the council phase does, in our words.
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

/// VAL p.6–10: what each step is about, in our words.
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
    let round = tracker_round(&mut p, raw.round.as_ref());
    let moment = tracker_moment(&mut p, raw.step.as_deref());
    let n = raw.players.len();
    player_count(&mut p, n);
    let here = ValenciaPosition { round: u8::try_from(round).unwrap_or(1), step: moment };
    let supply = privileges_at(&mut p, raw, here);
    let church =
        seat_named(&mut p, "church", raw.church.as_ref(), n, Text::new("Siège de l'Église", "Church seat"));
    let nobility = seat_named(
        &mut p,
        "nobility",
        raw.nobility.as_ref(),
        n,
        Text::new("Siège de la Noblesse", "Nobility seat"),
    );
    let names: Vec<&str> = raw.players.iter().map(|r| r.name.as_str()).collect();
    input::player_names(&mut p, &names);
    let decks = decks_left(&mut p, &raw.players, deck_size(&special), round);
    if !p.is_empty() {
        return Err(p);
    }
    let round = u8::try_from(round).unwrap_or(1);
    let (step_title, step_rule) = match moment.step() {
        Some(step) => step_text(step),
        None => council_text(round),
    };
    let named = |s: Option<usize>| s.and_then(|s| names.get(s)).map(|x| x.trim().to_owned());
    Ok(ValenciaRound {
        round,
        step: moment,
        step_title,
        step_rule,
        places: moment.step().map_or(0, |s| s.places(n)),
        actor: who_acts(moment, named(church), named(nobility)),
        next: next_moment(round, moment),
        decks,
        privileges_supply: supply,
    })
}

/// The round, 1 to 5 (absent: 1).
fn tracker_round(p: &mut Problems, round: Option<&Value>) -> u32 {
    let n = match round {
        None | Some(Value::Null) => 1,
        v => input::count(p, "round".to_owned(), v, u32::from(ROUNDS), &Text::new("manche", "round"))
            .unwrap_or(1)
            .max(1),
    };
    if round.and_then(Value::as_u64) == Some(0) {
        p.push("round", "out_of_range", Text::new("Les manches vont de 1 à 5.", "Rounds go from 1 to 5."));
    }
    n
}

/// The moment of the round, `A` to `I` or `council` (absent: A).
fn tracker_moment(p: &mut Problems, step: Option<&str>) -> ValenciaMoment {
    match step {
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
    }
}

/// The privileges left in the supply, each player's checked against the council phases held
/// `here`. VAL p.10: players start with none and receive one per council phase at most,
/// each round's after its step I (p.6). A round given says where the game stands; none given,
/// the whole game.
fn privileges_at(p: &mut Problems, raw: &ValenciaRawRound, here: ValenciaPosition) -> u32 {
    let held: Vec<Option<&Value>> = raw.players.iter().map(|r| r.privileges.as_ref()).collect();
    let councils = if raw.round.as_ref().is_none_or(Value::is_null) {
        privileges_per_player_max()
    } else {
        u32::from(here.round.saturating_sub(1)) + u32::from(here.step == ValenciaMoment::Council)
    };
    let (at, so_far) = (here.at(), councils_so_far(councils));
    let why = |n: u32| more_privileges_than_councils(n, &at, &so_far);
    privileges_supply(p, raw.privileges_supply.as_ref(), &held, councils, &why)
}

/// A seat given on `field` (absent or null: not said).
fn seat_named(p: &mut Problems, field: &str, v: Option<&Value>, n: usize, what: Text) -> Option<usize> {
    match v {
        None | Some(Value::Null) => None,
        v => input::seat(p, field.to_owned(), v, n, &what).map(|s| s as usize),
    }
}

/// Each player's influence cards left (absent: a full deck of `full`), and how many a round that
/// leaves from round `round` on.
fn decks_left(
    p: &mut Problems,
    players: &[ValenciaRawRoundPlayer],
    full: u32,
    round: u32,
) -> Vec<ValenciaDeckLeft> {
    let rounds_left = u32::from(ROUNDS) + 1 - round;
    let mut decks = Vec::with_capacity(players.len());
    for (i, rp) in players.iter().enumerate() {
        for key in rp.other.keys() {
            input::unknown_field(p, format!("players[{i}].{key}"), key, GAME);
        }
        let left = match &rp.cards_left {
            None | Some(Value::Null) => full,
            v => input::count(
                p,
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
    decks
}

/// VAL p.9: at H whoever holds the Church plants the palm, at I whoever holds the
/// Nobility builds the fountain (named when the seat is given).
fn who_acts(moment: ValenciaMoment, church: Option<String>, nobility: Option<String>) -> Option<Text> {
    match moment.step() {
        Some(ValenciaStep::H) => Some(match church {
            Some(who) => Text::new(
                format!("{who} (Église) plante le palmier."),
                format!("{who} (Church) plants the palm."),
            ),
            None => Text::new("Qui occupe l'Église plante le palmier.", "The Church holder plants the palm."),
        }),
        Some(ValenciaStep::I) => Some(match nobility {
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
    }
}
