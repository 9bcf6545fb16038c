//! The play's record of what the table helpers applied: each auction applied to the table
//! ([`super::apply_auction`]) and each council phase counted ([`super::count_council`]) adds an
//! entry to `progress.log`, in the table state itself. An undo takes it back with the values it
//! changed; a backup carries it; History reads it as sentences ([`describe`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::auction::{ValenciaAuction, ValenciaStep};
use super::board::{ValenciaResource, ValenciaResourceCounts, ValenciaSeat, to_u8};
use super::phases::{ValenciaCouncil, ValenciaMoment};
use crate::text::{Text, en_noun, fr_noun};

/// One thing the table helpers applied: an auction (A–G) or a council phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(deny_unknown_fields)]
pub struct ValenciaLogEntry {
    /// 1 to 5.
    pub round: u8,
    /// The auction's step, or `council`.
    pub moment: ValenciaMoment,
    /// Auctions: who held the Stefan Feld pawn before (the first player) and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn_before: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn_after: Option<u8>,
    /// 2 players: Nina's stack (total, rank).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nina: Option<ValenciaLogNina>,
    /// Step A: who sits on the Noblesse and Église seats afterwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nobility: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub church: Option<u8>,
    /// Per seat, in seating order.
    #[serde(default)]
    pub seats: Vec<ValenciaLogSeat>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(deny_unknown_fields)]
pub struct ValenciaLogNina {
    pub total: u32,
    pub rank: u8,
}

/// What one seat did and got.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(deny_unknown_fields)]
pub struct ValenciaLogSeat {
    pub seat: u8,
    /// Auctions: the stack's total and rank (`None`: passed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u8>,
    /// Auctions: coins received (Économies), privileges spent, resources received (Entrepôt).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coins: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub privileges_spent: u32,
    #[serde(default, skip_serializing_if = "no_resources")]
    pub resources: ValenciaResourceCounts,
    /// Council phases: points scored and whether a privilege was received.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub privilege: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn no_resources(r: &ValenciaResourceCounts) -> bool {
    r.total() == 0
}

/// The entry of an auction applied at `round`: `before`, the pawn's holder it started with;
/// `granted`, the resources each seat received from the supply; `table`, the table after it.
pub(super) fn auction_entry(
    round: u8,
    result: &ValenciaAuction,
    before: Option<u8>,
    granted: &[ValenciaResourceCounts],
    table: &Value,
) -> ValenciaLogEntry {
    let holder = |seat: ValenciaSeat| {
        table.get("players").and_then(Value::as_array).and_then(|ps| {
            ps.iter().position(|p| {
                p.get("council")
                    .and_then(Value::as_array)
                    .is_some_and(|c| c.iter().any(|k| k.as_str() == Some(seat.key())))
            })
        })
    };
    let at_a = result.step == ValenciaStep::A;
    ValenciaLogEntry {
        round,
        moment: ValenciaMoment::ALL
            .into_iter()
            .find(|m| m.step() == Some(result.step))
            .unwrap_or(ValenciaMoment::A),
        pawn_before: before,
        pawn_after: Some(result.pawn_holder),
        nina: result.nina.as_ref().map(|n| ValenciaLogNina { total: n.total, rank: n.rank }),
        nobility: if at_a { holder(ValenciaSeat::Nobility).map(to_u8) } else { None },
        church: if at_a { holder(ValenciaSeat::Church).map(to_u8) } else { None },
        seats: result
            .bids
            .iter()
            .map(|b| ValenciaLogSeat {
                seat: b.seat,
                total: b.total,
                rank: b.rank,
                coins: b.coins_gained,
                privileges_spent: b.privileges_spent,
                resources: granted.get(usize::from(b.seat)).copied().unwrap_or_default(),
                ..ValenciaLogSeat::default()
            })
            .collect(),
    }
}

/// The entry of the council phase of `round`.
pub(super) fn council_entry(round: u8, phase: &ValenciaCouncil) -> ValenciaLogEntry {
    ValenciaLogEntry {
        round,
        moment: ValenciaMoment::Council,
        pawn_before: None,
        pawn_after: None,
        nina: None,
        nobility: None,
        church: None,
        seats: phase
            .players
            .iter()
            .map(|s| ValenciaLogSeat {
                seat: s.seat,
                points: s.points,
                privilege: s.gets_privilege,
                ..ValenciaLogSeat::default()
            })
            .collect(),
    }
}

/// Appends `entry` to the table's `progress.log` (made when absent or not a list).
pub(super) fn push(table: &mut Value, entry: &ValenciaLogEntry) {
    let Some(progress) = table.get_mut("progress").and_then(Value::as_object_mut) else { return };
    let log = progress.entry("log").or_insert_with(|| Value::Array(Vec::new()));
    if !log.is_array() {
        *log = Value::Array(Vec::new());
    }
    if let (Some(log), Ok(entry)) = (log.as_array_mut(), serde_json::to_value(entry)) {
        log.push(entry);
    }
}

/// The entries of a table state's log that this version reads, each with its round and words
/// (`names`: the seats' names; a seat without one reads `#n`). An unreadable entry is left out.
pub fn round_log(table: &Value, names: &[String]) -> Vec<(u8, Text)> {
    let Some(log) = table.get("progress").and_then(|p| p.get("log")).and_then(Value::as_array) else {
        return Vec::new();
    };
    let name = |seat: u8| crate::games::round_log::seat_name(names, seat);
    log.iter()
        .filter_map(|e| serde_json::from_value::<ValenciaLogEntry>(e.clone()).ok())
        .map(|e| (e.round, describe(&e, &name)))
        .collect()
}

/// The entry in words, in both languages.
pub fn describe(e: &ValenciaLogEntry, name: &dyn Fn(u8) -> String) -> Text {
    match e.moment.step() {
        Some(step) => describe_auction(e, step, name),
        None => describe_council(e, name),
    }
}

fn en_ordinal(rank: u8) -> String {
    let suffix = match (rank % 10, rank % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{rank}{suffix}")
}

fn fr_ordinal(rank: u8) -> String {
    if rank == 1 { "1er".to_owned() } else { format!("{rank}e") }
}

/// "a, b et c" / "a, b and c".
fn listed(items: &[String], and: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {and} {last}", rest.join(", ")),
    }
}

/// The clauses of an entry in words, French and English side by side.
#[derive(Default)]
struct Clauses {
    french: Vec<String>,
    english: Vec<String>,
}

impl Clauses {
    fn push(&mut self, fr: String, en: String) {
        self.french.push(fr);
        self.english.push(en);
    }
}

/// An auction: who won it and the pawn, the other ranks, who passed, what each seat received or
/// spent, and at step A who sits on the Noblesse and the Église.
fn describe_auction(e: &ValenciaLogEntry, step: ValenciaStep, name: &dyn Fn(u8) -> String) -> Text {
    let mut clauses = Clauses::default();
    winner_and_pawn(&mut clauses, e, name);
    other_ranks(&mut clauses, e, name);
    for s in e.seats.iter().filter(|s| s.total.is_none()) {
        clauses.push(format!("{} passe", name(s.seat)), format!("{} passes", name(s.seat)));
    }
    for s in &e.seats {
        received_and_spent(&mut clauses, s, name);
    }
    nobility_and_church(&mut clauses, e, name);
    let letter = step.letter();
    Text::new(
        format!("Enchère {letter} : {}.", clauses.french.join(" ; ")),
        format!("Auction {letter}: {}.", clauses.english.join("; ")),
    )
}

/// VAL p.6: the winner takes the Stefan Feld pawn (or keeps it); Nina winning or everyone
/// passing, it stays (DEC-VAL-11).
fn winner_and_pawn(clauses: &mut Clauses, e: &ValenciaLogEntry, name: &dyn Fn(u8) -> String) {
    let winner = e.seats.iter().find(|s| s.rank == Some(1));
    let nina_won = e.nina.is_some_and(|n| n.rank == 1);
    let holder = || e.pawn_after.or(e.pawn_before).map(name).unwrap_or_default();
    match (winner, nina_won) {
        (Some(w), false) => {
            let total = w.total.unwrap_or(0);
            let (fr_pawn, en_pawn) =
                if e.pawn_before == Some(w.seat) { ("garde", "keeps") } else { ("prend", "takes") };
            clauses.push(
                format!("{} la remporte ({total}) et {fr_pawn} le pion Stefan Feld", name(w.seat)),
                format!("{} wins it ({total}) and {en_pawn} the Stefan Feld pawn", name(w.seat)),
            );
        }
        (_, true) => {
            let total = e.nina.map_or(0, |n| n.total);
            let holder = holder();
            clauses.push(
                format!("Nina la remporte ({total}), le pion Stefan Feld reste à {holder}"),
                format!("Nina wins it ({total}), the Stefan Feld pawn stays with {holder}"),
            );
        }
        (None, false) => {
            let holder = holder();
            clauses.push(
                format!("tout le monde passe, le pion Stefan Feld reste à {holder}"),
                format!("everyone passes, the Stefan Feld pawn stays with {holder}"),
            );
        }
    }
}

/// The ranks after the first, in order, Nina's among them.
fn other_ranks(clauses: &mut Clauses, e: &ValenciaLogEntry, name: &dyn Fn(u8) -> String) {
    let mut ranked: Vec<(u8, String, u32)> =
        e.seats.iter().filter_map(|s| Some((s.rank?, name(s.seat), s.total.unwrap_or(0)))).collect();
    if let Some(n) = e.nina {
        ranked.push((n.rank, "Nina".to_owned(), n.total));
    }
    ranked.sort_by_key(|(rank, _, _)| *rank);
    for (rank, who, total) in ranked.iter().filter(|(rank, _, _)| *rank > 1) {
        clauses.push(
            format!("{who} {} ({total})", fr_ordinal(*rank)),
            format!("{who} {} ({total})", en_ordinal(*rank)),
        );
    }
}

/// What a seat received (Économies' coins, Entrepôt's resources) and the privileges it spent.
fn received_and_spent(clauses: &mut Clauses, s: &ValenciaLogSeat, name: &dyn Fn(u8) -> String) {
    let mut got = Clauses::default();
    if s.coins > 0 {
        got.push(
            format!("{} {}", s.coins, fr_noun(s.coins, "pièce", "pièces")),
            format!("{} {}", s.coins, en_noun(s.coins, "coin", "coins")),
        );
    }
    for r in ValenciaResource::ALL {
        let n = s.resources.get(r);
        if n > 0 {
            got.push(format!("{n} {}", r.name().fr), format!("{n} {}", r.name().en));
        }
    }
    if !got.french.is_empty() {
        clauses.push(
            format!("{} reçoit {}", name(s.seat), listed(&got.french, "et")),
            format!("{} receives {}", name(s.seat), listed(&got.english, "and")),
        );
    }
    if s.privileges_spent > 0 {
        let k = s.privileges_spent;
        clauses.push(
            format!("{} dépense {k} {}", name(s.seat), fr_noun(k, "privilège", "privilèges")),
            format!("{} spends {k} {}", name(s.seat), en_noun(k, "privilege", "privileges")),
        );
    }
}

/// VAL p.7 (A): who sits on the Noblesse and the Église after the auction.
fn nobility_and_church(clauses: &mut Clauses, e: &ValenciaLogEntry, name: &dyn Fn(u8) -> String) {
    let mut seats = Clauses::default();
    for (seat, who) in [(ValenciaSeat::Nobility, e.nobility), (ValenciaSeat::Church, e.church)] {
        if let Some(w) = who {
            seats.push(
                format!("{} : {}", seat.name().fr, name(w)),
                format!("{}: {}", seat.name().en, name(w)),
            );
        }
    }
    if !seats.french.is_empty() {
        clauses.push(seats.french.join(", "), seats.english.join(", "));
    }
}

fn describe_council(e: &ValenciaLogEntry, name: &dyn Fn(u8) -> String) -> Text {
    let mut points = Clauses::default();
    for s in &e.seats {
        match s.points {
            // Nobody reads « +0 »: a seat with no member on the council scores « aucun point ».
            0 => points.push(format!("{} aucun point", name(s.seat)), format!("{} no points", name(s.seat))),
            n => points.push(
                format!("{} +{n} {}", name(s.seat), fr_noun(n, "point", "points")),
                format!("{} +{n} {}", name(s.seat), en_noun(n, "point", "points")),
            ),
        }
    }
    let takers: Vec<&ValenciaLogSeat> = e.seats.iter().filter(|s| s.privilege).collect();
    let who: Vec<String> = takers.iter().map(|s| name(s.seat)).collect();
    // 1 point per member: a taker's points are its members.
    let most = takers.first().map_or(0, |s| s.points);
    let (fr_majority, en_majority) = match who.as_slice() {
        [] => (
            "personne au Conseil, aucun privilège".to_owned(),
            "nobody on the Council, no privilege".to_owned(),
        ),
        [one] => (
            format!("{one} a le plus de membres ({most}) et reçoit un privilège"),
            format!("{one} has the most members ({most}) and receives a privilege"),
        ),
        many => (
            format!(
                "égalité à {most} {} : {} reçoivent un privilège",
                fr_noun(most, "membre", "membres"),
                listed(many, "et")
            ),
            format!(
                "tie at {most} {}: {} receive a privilege",
                en_noun(most, "member", "members"),
                listed(many, "and")
            ),
        ),
    };
    Text::new(
        format!("Phase du Conseil : {} ; {fr_majority}.", points.french.join(", ")),
        format!("Council phase: {}; {en_majority}.", points.english.join(", ")),
    )
}
