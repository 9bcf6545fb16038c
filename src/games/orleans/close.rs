//! Closing a round: what the players decided for each of this round's resolutions (the event's,
//! then the Administrateur terrien's dues) is applied to the table — coins received, what was
//! paid, what an offer bought — and written in the round log, and the table moves on to the
//! next round. The resolutions are the core's own ([`help_table`]), recomputed from the table
//! sent, so the UI only says which way was taken.
//!
//! Rulebook (`ORL`): a payment is each player's own (Voyage: « Le paiement
//! est individuel, les autres joueurs ne peuvent pas prêter de pièces »), except a team demand,
//! which the team pays together from its members' coins (Invasion, « l'équipe doit payer »); an
//! offer the team turns down is a demand not met (Appel de Rome: « Si un joueur ne peut pas
//! payer, ou si l'équipe entière décide de ne pas le faire, retirez du jeu un jeton Citoyen »).
//! A team event not settled in coins (Don, Chasse aux sorcières) is split seat by seat: the
//! players say what each receives or gives (« Choisissez ensemble la contribution de chacun »);
//! the core checks the split and never makes it up.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::catalogue::{Effect, OrleansScenario};
use super::help::help_table;
use super::resolve::{
    OrleansPayment, OrleansResolution, OrleansResolutionStatus, OrleansShare, OrleansShareKind, OrleansSplit,
};
use super::table::{OrleansGoods, OrleansPlayer, OrleansRawLogEntry, OrleansTable};
use super::{MAX_COINS, MAX_COUNT, MAX_DEVELOPMENT_POINTS, OrleansGood};
use crate::games::Problems;
use crate::text::Text;

/// What the players decided for one resolution of the round.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct OrleansDecision {
    /// Index of the way taken among the resolution's `options` (a demand's way to pay, an
    /// offer's use); `null`: none (an offer declined, a demand not paid).
    pub option: Option<u32>,
    /// A team demand (Invasion): the coins each seat puts in, seat order.
    pub contributions: Option<Vec<u32>>,
    /// A team event split among the seats (Invasion: Don, Chasse aux sorcières, see the
    /// resolution's `split`): what each seat receives or gives, seat order.
    pub shares: Option<Vec<OrleansShare>>,
}

/// A closed round: the new table (next round, log lines appended, counts changed when applied)
/// and the lines written.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansClosedRound {
    pub table: Value,
    pub lines: Vec<OrleansRawLogEntry>,
}

/// This round's resolutions in one list, as the live help shows them: the event's, then the
/// Administrateur terrien's dues. `decisions` are read in this order.
pub fn round_resolutions(table: &OrleansTable) -> Vec<OrleansResolution> {
    let help = help_table(table);
    help.events
        .into_iter()
        .flat_map(|e| e.resolutions)
        .chain(help.duties.into_iter().map(|d| d.dues))
        .collect()
}

/// The decision taken when none is sent: the cheapest way for a demand (options are listed
/// cheapest first), nothing for an offer.
fn default_decision(r: &OrleansResolution) -> OrleansDecision {
    let option = (is_demand(r) && !r.options.is_empty()).then_some(0);
    OrleansDecision { option, contributions: None, shares: None }
}

/// Whether a resolution is logged as met: not when nothing or only part could be paid, nor
/// when an offer that carries a consequence is turned down (Appel de Rome: the team decides not
/// to pay).
fn met(r: &OrleansResolution, taken: bool) -> bool {
    let declined = r.status == OrleansResolutionStatus::Offer && r.consequence.is_some() && !taken;
    !matches!(r.status, OrleansResolutionStatus::Unpaid | OrleansResolutionStatus::Partial) && !declined
}

fn is_demand(r: &OrleansResolution) -> bool {
    matches!(
        r.status,
        OrleansResolutionStatus::Payable | OrleansResolutionStatus::Partial | OrleansResolutionStatus::Unpaid
    )
}

/// Closes the table's round: for each resolution, the decision at the same index (missing
/// ones take [`default_decision`]) is logged, one line per seat or for the team, and when
/// `apply` the sheet is changed too (coins received, what was paid, what an offer bought; no
/// count goes below zero). Refused: an invalid table, a round past the last, more decisions
/// than resolutions, an option that does not exist, shares for more seats than the table has;
/// for a split team event (Don, Chasse aux sorcières: [`check_split`]), shares that do not fit
/// it, or none when the sheet is to change and the split is not forced.
/// Only the fields that change are written; the rest of the table is returned as sent.
pub fn close_round(
    raw: &Value,
    decisions: &[OrleansDecision],
    apply: bool,
) -> Result<OrleansClosedRound, Problems> {
    let table = super::check(raw)?;
    super::check_step(&table, super::OrleansStep::CloseRound)?;
    let resolutions = round_resolutions(&table);
    let p = check_decisions(&table, &resolutions, decisions, apply);
    if !p.is_empty() {
        return Err(p);
    }
    let mut closing = Closing::new(raw, &table, apply);
    let mut lines = Vec::with_capacity(resolutions.len());
    for (k, r) in resolutions.iter().enumerate() {
        let d = decisions.get(k).cloned().unwrap_or_else(|| default_decision(r));
        lines.extend(closing.resolution_lines(r, &d));
    }
    let mut out = closing.finish();
    next_round_with_log(&mut out, table.round, &lines);
    // The core never writes a table it would refuse: what the decisions bring must fit the box
    // (Bonne affaire's 3 grain with the supply short, the last border town fortified twice).
    super::check(&out)?;
    Ok(OrleansClosedRound { table: out, lines })
}

/// A round being closed: the table as checked, the table being written (`out`, changed only
/// when `apply`) and Invasion's city board as the round's lines change it (written once, at
/// the end).
struct Closing<'a> {
    table: &'a OrleansTable,
    out: Value,
    board: Board,
    apply: bool,
}

impl<'a> Closing<'a> {
    fn new(raw: &Value, table: &'a OrleansTable, apply: bool) -> Closing<'a> {
        let board = Board {
            fortifications: table.team.fortifications,
            fortifications_to_build: super::status::fortifications_to_build(table.players.len()),
            warehouse: table.team.warehouse,
        };
        Closing { table, out: raw.clone(), board, apply }
    }

    /// The table written, with the city board's changes.
    fn finish(mut self) -> Value {
        if self.apply {
            self.board.write(&mut self.out, self.table);
        }
        self.out
    }

    /// The log lines of one resolution as decided (`d`), its changes made to the sheet.
    fn resolution_lines(&mut self, r: &OrleansResolution, d: &OrleansDecision) -> Vec<OrleansRawLogEntry> {
        let pay = d.option.and_then(|o| r.options.get(usize::try_from(o).ok()?));
        let mut line = OrleansRawLogEntry {
            round: Some(Value::from(self.table.round)),
            event: r.event.clone(),
            seat: r.seat,
            paid: met(r, pay.is_some()),
            declined: r.status == OrleansResolutionStatus::Offer && pay.is_none(),
            ..OrleansRawLogEntry::default()
        };
        if let Some(split) = &r.split
            && let Some(shares) = d.shares.as_deref().or(split.forced.as_deref())
        {
            return split_event_lines(&mut self.out, self.table, line, split, shares, self.apply);
        }
        match (r.seat, &d.contributions) {
            (None, Some(shares)) if is_demand(r) || (is_team_offer(r) && pay.is_some()) => {
                self.team_payment(r, pay, shares, &mut line);
            }
            (Some(seat), _) => self.seat_resolution(r, usize::from(seat), pay, &mut line),
            (None, _) => {
                if self.apply && line.paid {
                    self.board.team_event(r, pay);
                }
            }
        }
        vec![line]
    }

    /// A team payment: each seat puts in its share (checked against its coins); met when the
    /// shares reach the coins of the way chosen (Démolition: « Si l'équipe ne parvient pas à
    /// s'acquitter du paiement dans son intégralité, la partie est immédiatement perdue »).
    fn team_payment(
        &mut self,
        r: &OrleansResolution,
        pay: Option<&OrleansPayment>,
        shares: &[u32],
        line: &mut OrleansRawLogEntry,
    ) {
        let total = shares.iter().fold(0u32, |a, &c| a.saturating_add(c));
        let due = pay.map_or(r.coins_owed, |o| o.coins);
        if is_demand(r) {
            line.paid = total >= due;
        }
        line.payment = Some(OrleansPayment { coins: total, ..pay.copied().unwrap_or_default() });
        line.note = shares
            .iter()
            .zip(&self.table.players)
            .filter(|(c, _)| **c > 0)
            .map(|(c, p)| format!("{}: {c}", p.name))
            .collect::<Vec<_>>()
            .join(", ");
        if self.apply {
            for (seat, &c) in shares.iter().enumerate() {
                let coins = self.table.players.get(seat).map_or(0, |p| p.coins);
                set_count(&mut self.out, seat, "coins", coins.saturating_sub(c));
            }
            if line.paid {
                self.board.team_event(r, pay);
            }
        }
    }

    /// A seat's own resolution: coins received, the way it paid or what it bought.
    fn seat_resolution(
        &mut self,
        r: &OrleansResolution,
        seat: usize,
        pay: Option<&OrleansPayment>,
        line: &mut OrleansRawLogEntry,
    ) {
        if self.apply {
            apply_to_seat(&mut self.out, self.table, seat, r.coins_gained, pay);
            if self.table.scenario == OrleansScenario::Invasion {
                self.board.seat_payment(pay);
            }
            // Convocation: « Renvoyez tous les pions Marchand à Orléans. Votre marchand
            // peut refuser la convocation et rester sur place en payant 5 pièces. »
            let summoned = super::event(&r.event).is_some_and(|e| matches!(e.effect, Effect::StayAwayFor(_)));
            if summoned && pay.is_none() {
                set_flag(&mut self.out, seat, "in_orleans");
            }
        }
        // Numbers, not words: the log is read later in either language.
        line.payment = pay.copied();
        line.gained = Some(Value::from(r.coins_gained));
    }
}

/// What [`close_round`] refuses in the decisions sent, every problem at once: more decisions
/// than resolutions, an option that does not exist, shares for more seats than the table has,
/// coins for a split event or shares for another, and shares that do not fit a split event.
fn check_decisions(
    table: &OrleansTable,
    resolutions: &[OrleansResolution],
    decisions: &[OrleansDecision],
    apply: bool,
) -> Problems {
    let mut p = Problems::new();
    if decisions.len() > resolutions.len() {
        p.push(
            "decisions",
            "too_many",
            Text::new(
                format!("{} décisions pour {} résolutions cette manche.", decisions.len(), resolutions.len()),
                format!("{} decisions for {} resolutions this round.", decisions.len(), resolutions.len()),
            ),
        );
    }
    for (k, (d, r)) in decisions.iter().zip(resolutions).enumerate() {
        if let Some(o) = d.option {
            check_option(&mut p, k, o, r);
        }
        if d.contributions.as_ref().is_some_and(|c| c.len() > table.players.len()) {
            p.push(
                format!("decisions[{k}].contributions"),
                "too_many",
                Text::new("Plus de parts que de joueurs.", "More shares than players."),
            );
        }
        check_settlement(&mut p, k, d, table, r);
    }
    for (k, r) in resolutions.iter().enumerate() {
        if let Some(split) = &r.split {
            let sent = decisions.get(k).and_then(|d| d.shares.as_deref());
            check_split(&mut p, k, sent, split, table, r, apply);
        }
    }
    p
}

/// The way taken (`decisions[k].option`) is one of the resolution's options.
fn check_option(p: &mut Problems, k: usize, o: u32, r: &OrleansResolution) {
    if usize::try_from(o).is_ok_and(|o| o < r.options.len()) {
        return;
    }
    p.push(
        format!("decisions[{k}].option"),
        "unknown_option",
        Text::new(
            format!(
                "« {} » n'a pas de choix n° {} ({} proposés).",
                r.event,
                u64::from(o) + 1,
                r.options.len()
            ),
            format!("“{}” has no choice #{} ({} offered).", r.event, u64::from(o) + 1, r.options.len()),
        ),
    );
}

/// A decision settles its resolution the way it is asked: a split team event by shares, not
/// coins; any other by coins, not shares; a team payment's coins each within its seat's.
fn check_settlement(
    p: &mut Problems,
    k: usize,
    d: &OrleansDecision,
    table: &OrleansTable,
    r: &OrleansResolution,
) {
    if r.split.is_some() {
        if d.contributions.is_some() {
            p.push(
                format!("decisions[{k}].contributions"),
                "coins_not_asked",
                Text::new(
                    format!("« {} » ne se règle pas en pièces : donnez la part de chacun.", event_name(r).fr),
                    format!("“{}” is not settled in coins: give each seat's share.", event_name(r).en),
                ),
            );
        }
    } else if d.shares.is_some() {
        p.push(
            format!("decisions[{k}].shares"),
            "shares_not_asked",
            Text::new(
                format!("« {} » ne se partage pas entre les joueurs.", event_name(r).fr),
                format!("“{}” is not split among the players.", event_name(r).en),
            ),
        );
    } else if r.seat.is_none() {
        // No shares typed: nobody has put in anything yet.
        check_shares(p, k, d.contributions.as_deref().unwrap_or(&[]), table, r, d.option);
    }
}

/// A split team event's lines (Don, Chasse aux sorcières): one per seat that received or gave
/// something, else the event's own line; `apply` changes each seat's sheet too.
fn split_event_lines(
    out: &mut Value,
    table: &OrleansTable,
    line: OrleansRawLogEntry,
    split: &OrleansSplit,
    shares: &[OrleansShare],
    apply: bool,
) -> Vec<OrleansRawLogEntry> {
    // A split team event: one line per seat that received or gave something.
    let given = shares.iter().fold(0u32, |a, s| a.saturating_add(s.sum()));
    let paid = split.gain || given >= split.owed;
    let mut lines = Vec::new();
    for (seat, s) in shares.iter().enumerate().filter(|(_, s)| s.sum() > 0) {
        let mut seat_line = OrleansRawLogEntry { seat: u8::try_from(seat).ok(), paid, ..line.clone() };
        if split.gain {
            seat_line.received = Some(*s);
        } else {
            seat_line.payment = Some(OrleansPayment {
                development: s.development,
                monks: s.monks,
                ..OrleansPayment::default()
            });
            // A seat's line, as a seat's own demand is logged (numbers, read in either language).
            seat_line.gained = Some(Value::from(0));
        }
        if apply {
            apply_share(out, table, seat, s, split.gain);
        }
        lines.push(seat_line);
    }
    if lines.is_empty() {
        lines.push(OrleansRawLogEntry { paid, ..line });
    }
    lines
}

/// The table moved on to the next round, with the round's lines added to its log.
fn next_round_with_log(out: &mut Value, round: u8, lines: &[OrleansRawLogEntry]) {
    if let Some(obj) = out.as_object_mut() {
        obj.insert("round".into(), Value::from(round.saturating_add(1)));
        let log = obj.entry("log").or_insert_with(|| Value::Array(Vec::new()));
        if !log.is_array() {
            *log = Value::Array(Vec::new());
        }
        if let Some(log) = log.as_array_mut() {
            log.extend(lines.iter().map(log_value));
        }
    }
}

/// A team payment's shares: each from its own seat's coins, and an offer taken paid in full
/// (Bonne affaire: « L'équipe peut choisir de payer 8 pièces … La répartition du paiement entre
/// les joueurs est libre »). A demand's shares may fall short: the line then says it was not met.
fn check_shares(
    p: &mut Problems,
    k: usize,
    shares: &[u32],
    table: &OrleansTable,
    r: &OrleansResolution,
    option: Option<u32>,
) {
    for (i, (&c, seat)) in shares.iter().zip(&table.players).enumerate() {
        if c > seat.coins {
            p.push(
                format!("decisions[{k}].contributions[{i}]"),
                "share_above_coins",
                Text::new(
                    format!("{} n'a que {} pièces, pas {c}.", seat.name, seat.coins),
                    format!("{} has only {} coins, not {c}.", seat.name, seat.coins),
                ),
            );
        }
    }
    let taken = option.and_then(|o| r.options.get(usize::try_from(o).ok()?));
    if let Some(way) = taken.filter(|_| is_team_offer(r)) {
        let total = shares.iter().fold(0u32, |a, &c| a.saturating_add(c));
        if total < way.coins {
            p.push(
                format!("decisions[{k}].contributions"),
                "shares_short",
                Text::new(
                    format!("Les parts font {total} pièces, il en faut {} pour « {} ».", way.coins, r.event),
                    format!("The shares make {total} coins; “{}” takes {}.", r.event, way.coins),
                ),
            );
        }
    }
}

/// A split team event's shares (Invasion, Événements: « vous devez décider ensemble de la
/// contribution de chacun »): only the kinds the event moves; a demand's share no more than the
/// seat holds (Chasse aux sorcières: its development points and monks), together exactly what
/// is owed — short only when the team cannot pay (« Si vous ne possédez pas suffisamment […] la
/// partie est immédiatement perdue »); a gift shared out in full (Don: « Choisissez comment
/// répartir ces gains entre les joueurs »). The core never picks the split: with none sent,
/// applying is refused unless it is forced. A marker is moved only from a space typed.
fn check_split(
    p: &mut Problems,
    k: usize,
    sent: Option<&[OrleansShare]>,
    split: &OrleansSplit,
    table: &OrleansTable,
    r: &OrleansResolution,
    apply: bool,
) {
    let field = format!("decisions[{k}].shares");
    let Some(shares) = sent.or(split.forced.as_deref()) else {
        if apply {
            p.push(
                field,
                "shares_needed",
                Text::new(
                    format!("« {} » : dites ce que chaque joueur reçoit ou donne.", event_name(r).fr),
                    format!("“{}”: say what each player receives or gives.", event_name(r).en),
                ),
            );
        }
        return;
    };
    if shares.len() > table.players.len() {
        p.push(
            field.clone(),
            "too_many",
            Text::new("Plus de parts que de joueurs.", "More shares than players."),
        );
    }
    for (i, (s, seat)) in shares.iter().zip(&table.players).enumerate() {
        check_seat_share(p, &format!("{field}[{i}]"), (s, split.most.get(i)), seat, split, r, apply);
    }
    if split.gain {
        check_gift_shared_out(p, &field, shares, split);
    } else {
        check_demand_met(p, field, shares, split, r);
    }
}

/// One seat's share (`decisions[k].shares[i]`), kind by kind: a kind the event moves, for a
/// demand no more than the seat holds (`most`), and a marker moved only from a space typed.
fn check_seat_share(
    p: &mut Problems,
    field: &str,
    (s, most): (&OrleansShare, Option<&OrleansShare>),
    seat: &OrleansPlayer,
    split: &OrleansSplit,
    r: &OrleansResolution,
    apply: bool,
) {
    for kind in OrleansShareKind::ALL {
        let n = s.get(kind);
        if n == 0 {
            continue;
        }
        let f = format!("{field}.{}", kind.id());
        let w = kind.words(2);
        if !split.kinds.contains(&kind) {
            p.push(
                f,
                "not_in_event",
                Text::new(
                    format!("« {} » ne met pas en jeu de {}.", event_name(r).fr, w.fr),
                    format!("“{}” involves no {}.", event_name(r).en, w.en),
                ),
            );
            continue;
        }
        let most = most.map_or(0, |m| m.get(kind));
        if !split.gain && n > most {
            let held = kind.words(most);
            p.push(
                f.clone(),
                "share_above_holding",
                Text::new(
                    format!("{} n'a que {most} {}, pas {n}.", seat.name, held.fr),
                    format!("{} has only {most} {}, not {n}.", seat.name, held.en),
                ),
            );
        }
        if apply && kind == OrleansShareKind::Development && !seat.development_points_typed {
            p.push(
                f,
                "development_space_unknown",
                Text::new(
                    format!("Saisissez la case de {} sur la piste de développement avant d'y déplacer son marqueur.", seat.name),
                    format!("Enter {}'s space on the development track before moving the marker.", seat.name),
                ),
            );
        }
    }
}

/// How much of `kind` the shares move together.
fn shares_sum(shares: &[OrleansShare], kind: OrleansShareKind) -> u32 {
    shares.iter().fold(0u32, |a, s| a.saturating_add(s.get(kind)))
}

/// Don: « Choisissez comment répartir ces gains entre les joueurs »: each kind shared out in
/// full, no more.
fn check_gift_shared_out(p: &mut Problems, field: &str, shares: &[OrleansShare], split: &OrleansSplit) {
    for &kind in &split.kinds {
        let (given, total) = (shares_sum(shares, kind), split.total.get(kind));
        let w = kind.words(total);
        if given < total {
            p.push(
                field,
                "shares_short",
                Text::new(
                    format!("Les parts donnent {given} {} sur les {total} à répartir.", w.fr),
                    format!("The shares give {given} of the {total} {} to share out.", w.en),
                ),
            );
        } else if given > total {
            p.push(
                field,
                "shares_above_total",
                Text::new(
                    format!("Les parts donnent {given} {}, il n'y en a que {total} à répartir.", w.fr),
                    format!("The shares give {given} {}; there are only {total} to share out.", w.en),
                ),
            );
        }
    }
}

/// A split demand: together no more than owed, and short only when the team cannot pay.
fn check_demand_met(
    p: &mut Problems,
    field: String,
    shares: &[OrleansShare],
    split: &OrleansSplit,
    r: &OrleansResolution,
) {
    let given = split.kinds.iter().fold(0u32, |a, &kind| a.saturating_add(shares_sum(shares, kind)));
    let owed = split.owed;
    if given > owed {
        p.push(
            field,
            "shares_above_due",
            Text::new(
                format!("Les parts font {given}, « {} » n'en demande que {owed}.", event_name(r).fr),
                format!("The shares make {given}; “{}” asks only {owed}.", event_name(r).en),
            ),
        );
    } else if given < owed && r.status == OrleansResolutionStatus::Payable {
        p.push(
            field,
            "shares_short",
            Text::new(
                format!("Les parts font {given} sur {owed}, et l'équipe a de quoi payer le tout."),
                format!("The shares make {given} of {owed}, and the team holds enough to pay it all."),
            ),
        );
    }
}

/// One seat's share of a split team event, on the sheet: received (a gift: up to each count's
/// bound) or given (every count down). The development level follows the marker's new space.
fn apply_share(out: &mut Value, table: &OrleansTable, seat: usize, s: &OrleansShare, gain: bool) {
    let Some(p) = table.players.get(seat) else { return };
    let moved = |held: u32, n: u32, max: u32| {
        if gain { held.saturating_add(n).min(max) } else { held.saturating_sub(n) }
    };
    if s.development > 0 {
        let space = moved(p.development_points, s.development, MAX_DEVELOPMENT_POINTS);
        set_count(out, seat, "development_points", space);
        // The space is the one fact (its level follows): a level an older table kept beside it
        // would now disagree.
        if let Some(p) = out.pointer_mut(&format!("/players/{seat}")).and_then(Value::as_object_mut) {
            p.remove("development_level");
        }
    }
    if s.monks > 0 {
        set_count(out, seat, "monks", moved(p.monks, s.monks, MAX_COUNT));
    }
    if s.coins > 0 {
        set_count(out, seat, "coins", moved(p.coins, s.coins, MAX_COINS));
    }
    if s.wine > 0 {
        set_good(
            out,
            seat,
            OrleansGood::Wine,
            moved(p.goods.wine, s.wine, super::supply::in_box(OrleansGood::Wine)),
        );
    }
}

/// The event's name as the players read it (its id when unknown).
fn event_name(r: &OrleansResolution) -> Text {
    super::event(&r.event).map_or_else(|| Text::new(r.event.as_str(), r.event.as_str()), |e| e.name.to_text())
}

/// A team offer (Invasion: Bonne affaire).
fn is_team_offer(r: &OrleansResolution) -> bool {
    r.seat.is_none() && r.status == OrleansResolutionStatus::Offer
}

/// Invasion's city board while a round closes: the fortifications the players built on the
/// border towns and the warehouse, as the common goals read them.
struct Board {
    fortifications: u32,
    /// The border towns the setup left free (Avancée builds on those only).
    fortifications_to_build: u32,
    warehouse: OrleansGoods,
}

impl Board {
    /// A team line met: Rats (« L'équipe retire 2 jetons Fromage et 1 jeton Céréales de
    /// l'Entrepôt », what there is), Bonne affaire taken (« prenez 3 jetons Céréales de la
    /// réserve et placez-les sur l'Entrepôt »).
    fn team_event(&mut self, r: &OrleansResolution, pay: Option<&OrleansPayment>) {
        let Some(e) = super::event(&r.event) else { return };
        match e.effect {
            Effect::WarehouseLoss { .. } => {
                // Not a choice: the warehouse loses what the resolution says.
                if let Some(lost) = r.options.first() {
                    for g in OrleansGood::ALL {
                        self.warehouse.set(g, self.warehouse.get(g).saturating_sub(lost.goods.get(g)));
                    }
                }
            }
            Effect::TeamMayPay { grain, .. } if pay.is_some() => {
                self.warehouse.grain =
                    self.warehouse.grain.saturating_add(grain).min(super::supply::in_box(OrleansGood::Grain));
            }
            _ => {}
        }
    }

    /// A player's own way of paying or buying: Avancée's fortification built on a border town
    /// (Objectifs communs: « placez un comptoir sur le jeton Bâtiment spécial »), Braquage's
    /// fortification destroyed (« détruire une fortification qu'il a construite »).
    fn seat_payment(&mut self, pay: Option<&OrleansPayment>) {
        let Some(pay) = pay else { return };
        self.fortifications = self
            .fortifications
            .saturating_sub(pay.fortifications)
            .saturating_add(pay.gained.fortifications)
            .min(self.fortifications_to_build);
    }

    /// Writes what changed into the table's `team` (created when absent): only the fields that
    /// changed, a good's key removed when none is left.
    fn write(&self, out: &mut Value, table: &OrleansTable) {
        let before = &table.team;
        if self.fortifications == before.fortifications && self.warehouse == before.warehouse {
            return;
        }
        let Some(obj) = out.as_object_mut() else { return };
        let team = obj.entry("team").or_insert_with(|| Value::Object(serde_json::Map::new()));
        if !team.is_object() {
            *team = Value::Object(serde_json::Map::new());
        }
        let Some(team) = team.as_object_mut() else { return };
        if self.fortifications != before.fortifications {
            team.insert("fortifications".into(), Value::from(self.fortifications));
        }
        if self.warehouse != before.warehouse {
            let map = team.entry("warehouse").or_insert_with(|| Value::Object(serde_json::Map::new()));
            if !map.is_object() {
                *map = Value::Object(serde_json::Map::new());
            }
            if let Some(map) = map.as_object_mut() {
                for g in OrleansGood::ALL {
                    let n = self.warehouse.get(g);
                    if n == before.warehouse.get(g) {
                        continue;
                    }
                    if n == 0 {
                        map.remove(g.id());
                    } else {
                        map.insert(g.id().into(), Value::from(n));
                    }
                }
            }
        }
    }
}

/// A log line as the table keeps it: the fields that say something (no `null`s).
fn log_value(line: &OrleansRawLogEntry) -> Value {
    let mut v = serde_json::to_value(line).unwrap_or(Value::Null);
    if let Some(o) = v.as_object_mut() {
        o.retain(|_, x| !x.is_null());
    }
    v
}

/// Coins received, then one way of paying (every count down, none below zero) and what it bought.
fn apply_to_seat(
    out: &mut Value,
    table: &OrleansTable,
    seat: usize,
    gained: u32,
    pay: Option<&OrleansPayment>,
) {
    let Some(p) = table.players.get(seat) else { return };
    let pay = pay.copied().unwrap_or_default();
    let coins = p.coins.saturating_add(gained).saturating_sub(pay.coins);
    if gained > 0 || pay.coins > 0 {
        set_count(out, seat, "coins", coins);
    }
    let counts = [
        ("knights", p.knights, pay.knights, 0),
        ("monks", p.monks, pay.monks, pay.gained.monks),
        ("followers", p.followers, pay.followers, 0),
        ("technology", p.technology, pay.technology, 0),
        ("place_tiles", p.place_tiles, pay.place_tiles, 0),
        // The track space stays as typed (or absent) unless the payment moves it back.
        ("development_points", p.development_points, pay.development, 0),
        ("fortifications", p.fortifications, pay.fortifications, pay.gained.fortifications),
        ("citizens", p.citizens, 0, pay.gained.citizens),
        ("trading_posts", p.trading_posts, 0, pay.gained.trading_posts),
    ];
    for (key, held, paid, bought) in counts {
        if paid > 0 || bought > 0 {
            set_count(out, seat, key, held.saturating_sub(paid).saturating_add(bought));
        }
    }
    let goods: &OrleansGoods = &p.goods;
    for g in OrleansGood::ALL {
        let paid = pay.goods.get(g);
        if paid == 0 {
            continue;
        }
        set_good(out, seat, g, goods.get(g).saturating_sub(paid));
    }
}

/// A seat's count of one good, its key removed when none is left.
fn set_good(out: &mut Value, seat: usize, g: OrleansGood, n: u32) {
    if let Some(held) = out.pointer_mut(&format!("/players/{seat}")).and_then(Value::as_object_mut) {
        let map = held.entry("goods").or_insert_with(|| Value::Object(serde_json::Map::new()));
        if let Some(map) = map.as_object_mut() {
            if n == 0 {
                map.remove(g.id());
            } else {
                map.insert(g.id().into(), Value::from(n));
            }
        }
    }
}

fn set_count(out: &mut Value, seat: usize, key: &str, n: u32) {
    if let Some(p) = out.pointer_mut(&format!("/players/{seat}")).and_then(Value::as_object_mut) {
        p.insert(key.into(), Value::from(n));
    }
}

fn set_flag(out: &mut Value, seat: usize, key: &str) {
    if let Some(p) = out.pointer_mut(&format!("/players/{seat}")).and_then(Value::as_object_mut) {
        p.insert(key.into(), Value::Bool(true));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::table::{parse, validate};
    use super::*;

    fn decide(option: Option<u32>) -> OrleansDecision {
        OrleansDecision { option, contributions: None, shares: None }
    }

    #[test]
    fn a_demand_is_paid_the_cheapest_way_logged_and_the_round_moves_on() {
        // Le duel, round 10: Cotisation (7 PV). Dirk pays it from his own coins and goods
        // (« Le paiement est individuel, les autres joueurs ne peuvent pas prêter de pièces »).
        let table = json!({"variant": "duel", "round": 10, "players": [
            {"name": "Ani", "coins": 9}, {"name": "Dirk", "coins": 5, "goods": {"wool": 2}}]});
        let t = validate(&parse(&table).expect("ok")).expect("ok");
        let rs = round_resolutions(&t);
        assert_eq!(
            rs.iter().map(|r| r.event.as_str()).collect::<Vec<_>>(),
            ["cotisation_7pv", "cotisation_7pv"]
        );
        let dirk_pays = rs[1].options[0];
        let closed = close_round(&table, &[], true).expect("ok");
        assert_eq!(closed.table["round"], 11);
        assert_eq!(closed.table["players"][0]["coins"], 9 - rs[0].options[0].coins);
        assert_eq!(closed.table["players"][1]["coins"], 5 - dirk_pays.coins);
        assert_eq!(
            closed.table["players"][1]["goods"].get("wool").and_then(Value::as_u64).unwrap_or(0),
            u64::from(2 - dirk_pays.goods.wool)
        );
        assert_eq!(closed.lines.len(), 2);
        assert!(closed.lines.iter().all(|l| l.paid && l.round == Some(json!(10))));
        assert_eq!(closed.lines[1].seat, Some(1));
        assert_eq!(closed.lines[1].payment, Some(dirk_pays));
        assert_eq!(closed.lines[1].gained, Some(json!(0)));
        // The table keeps the lines too, without nulls, and reads back.
        assert_eq!(closed.table["log"].as_array().map(Vec::len), Some(2));
        assert!(closed.table["log"][0].get("note").is_some());
        assert!(validate(&parse(&closed.table).expect("ok")).is_ok());
    }

    #[test]
    fn a_gain_is_added_and_without_apply_the_sheet_is_untouched() {
        // Le duel, round 3: Jour de commerce — coins per trading post.
        let table = json!({"variant": "duel", "round": 3, "players": [
            {"name": "Ani", "coins": 2, "trading_posts": 2}, {"name": "Dirk"}]});
        let closed = close_round(&table, &[], true).expect("ok");
        let gained = closed.lines[0].gained.clone().and_then(|g| g.as_u64()).expect("ok");
        assert!(gained > 0);
        assert_eq!(closed.table["players"][0]["coins"].as_u64(), Some(2 + gained));
        let logged = close_round(&table, &[], false).expect("ok");
        assert_eq!(logged.table["players"], table["players"]);
        assert_eq!(logged.table["round"], 4);
    }

    #[test]
    fn an_offer_declined_is_logged_declined_and_one_taken_is_not() {
        // Prospérité, round 2: Indulgence, an offer (pay coins for what it gives). Ani turns it
        // down (QA: the log said « fait »); Dirk takes it.
        let table = json!({"variant": "prosperite", "round": 2, "players": [
            {"name": "Ani", "coins": 9}, {"name": "Dirk", "coins": 9}]});
        let t = validate(&parse(&table).expect("ok")).expect("ok");
        let rs = round_resolutions(&t);
        assert_eq!(rs[0].event, "indulgence");
        assert_eq!(rs[0].status, OrleansResolutionStatus::Offer);
        let closed = close_round(&table, &[decide(None), decide(Some(0))], true).expect("ok");
        assert_eq!((closed.lines[0].declined, closed.lines[0].paid), (true, true));
        assert_eq!((closed.lines[1].declined, closed.lines[1].paid), (false, true));
        assert_eq!(closed.table["log"][0]["declined"], json!(true));
        assert_eq!(closed.table["log"][1].get("declined"), None, "written only when declined");
        let read = validate(&parse(&closed.table).expect("ok")).expect("ok");
        assert_eq!(read.log.iter().map(|l| l.declined).collect::<Vec<_>>(), [true, false]);
    }

    #[test]
    fn a_demand_not_met_is_logged_unpaid() {
        // Le dignitaire, round 7: Cotisation (5) with 3 coins: partly paid.
        let table = json!({"variant": "dignitaire", "round": 7, "players": [{"name": "Ani", "coins": 3}]});
        let closed = close_round(&table, &[], true).expect("ok");
        assert_eq!(closed.lines[0].event, "cotisation_5");
        assert!(!closed.lines[0].paid);
        assert_eq!(closed.table["players"][0]["coins"], 0);
    }

    #[test]
    fn appel_de_rome_declined_by_the_team_is_a_demand_not_met() {
        // « Si un joueur ne peut pas payer, ou si l'équipe entière décide de ne pas le faire,
        // retirez du jeu un jeton Citoyen non collecté. »
        let r = OrleansResolution {
            event: "appel_de_rome".into(),
            seat: Some(0),
            status: OrleansResolutionStatus::Offer,
            coins_gained: 0,
            coins_owed: 0,
            options: vec![OrleansPayment { monks: 1, ..OrleansPayment::default() }],
            shortfall: 0,
            consequence: Some(super::super::OrleansFailure::RemoveCitizen),
            coins_after: 0,
            coins_after_each: vec![0],
            explanation: Text::new("", ""),
            split: None,
        };
        assert_eq!(default_decision(&r), decide(None));
        assert!(!met(&r, false), "turned down: the citizen is lost, the line says not paid");
        assert!(met(&r, true));
        let plain_offer = OrleansResolution { consequence: None, ..r };
        assert!(met(&plain_offer, false), "an offer without consequence declined costs nothing");
    }

    #[test]
    fn a_team_demand_takes_each_seat_its_share() {
        // Invasion, Démolition at 2 players: the team returns 2 technology tiles, « 3 pièces par
        // jeton manquant »: 6 coins, paid together.
        let mut order =
            super::super::build_deck(&super::super::OrleansDeckPlan { players: 2, ..Default::default() }, 9)
                .expect("ok")
                .order;
        order.retain(|t| t != "demolition");
        order.insert(0, "demolition".into());
        let table = json!({"variant": "invasion", "round": 1, "players": [
            {"name": "Ani", "coins": 6}, {"name": "Dirk", "coins": 4}], "deck": {"order": order}});
        let t = validate(&parse(&table).expect("ok")).expect("ok");
        let rs = round_resolutions(&t);
        assert_eq!((rs[0].event.as_str(), rs[0].seat, rs[0].coins_owed), ("demolition", None, 6));
        let share = |c: Vec<u32>| OrleansDecision { option: Some(0), contributions: Some(c), shares: None };
        let closed = close_round(&table, &[share(vec![2, 4])], true).expect("ok");
        assert_eq!(
            (closed.table["players"][0]["coins"].clone(), closed.table["players"][1]["coins"].clone()),
            (json!(4), json!(0))
        );
        let line = &closed.lines[0];
        assert!(line.paid);
        assert_eq!(line.payment.map(|p| p.coins), Some(6));
        assert_eq!(line.note, "Ani: 2, Dirk: 4");
        let short = close_round(&table, &[share(vec![1, 0])], true).expect("ok");
        assert!(!short.lines[0].paid);
    }

    #[test]
    fn every_goal_cites_a_rules_entry_that_exists() {
        let catalogue = crate::rules::Catalogue::load().expect("ok");
        let known = |id: &str| catalogue.entries().iter().any(|e| e.id == id);
        let order =
            super::super::build_deck(&super::super::OrleansDeckPlan { players: 2, ..Default::default() }, 9)
                .expect("ok")
                .order;
        let tables = [
            json!({"variant": "invasion", "round": 1, "players": [{"name": "Ani", "character": "maire"}, {"name": "Dirk"}], "deck": {"order": order}}),
            json!({"variant": "duel", "round": 1, "players": [{"name": "Ani"}, {"name": "Dirk"}]}),
            json!({"variant": "dignitaire", "round": 1, "players": [{"name": "Ani"}]}),
            json!({"variant": "vierzon", "round": 1, "players": [{"name": "Ani"}]}),
            json!({"variant": "marchand", "round": 1, "players": [{"name": "Ani"}]}),
        ];
        let mut rules = std::collections::BTreeSet::new();
        for t in &tables {
            for g in super::super::goals(&validate(&parse(t).expect("ok")).expect("ok")) {
                assert!(known(&g.rule), "{} cites {}", g.id, g.rule);
                rules.insert(g.rule);
            }
        }
        for cited in [
            "orleans.invasion.common_goals",
            "orleans.character.maire",
            "orleans.objectives.duel",
            "orleans.scoring.citizens",
        ] {
            assert!(rules.contains(cited), "{cited}");
        }
    }

    #[test]
    fn a_wrong_decision_or_a_finished_game_is_refused() {
        let table = json!({"variant": "duel", "round": 10, "players": [{"name": "Ani"}, {"name": "Dirk"}]});
        let codes = |r: Result<OrleansClosedRound, Problems>| -> Vec<String> {
            r.expect_err("refused").0.into_iter().map(|p| p.code.to_string()).collect()
        };
        assert_eq!(codes(close_round(&table, &[decide(Some(40))], true)), ["unknown_option"]);
        // The largest number a request can carry is refused too, never overflowing the message.
        assert_eq!(codes(close_round(&table, &[decide(Some(u32::MAX))], true)), ["unknown_option"]);
        assert_eq!(codes(close_round(&table, &vec![decide(None); 3], true)), ["too_many"]);
        let over = json!({"variant": "duel", "round": 17, "players": [{"name": "Ani"}, {"name": "Dirk"}]});
        assert_eq!(codes(close_round(&over, &[], true)), ["game_over"]);
    }
}
