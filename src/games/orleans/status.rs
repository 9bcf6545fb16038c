//! Goals and win/loss: Invasion's common goals and characters, the duel's objective race, the
//! solo scenarios' objectives and citizens. Win or loss is read from the state the moment it
//! happens (an unpaid fatal demand in the log, the goal reached, the last round over).

use serde::{Deserialize, Serialize};

use super::catalogue::{
    Check, Effect, ObjectiveDef, OrleansFailure, OrleansGood, OrleansMoment, OrleansScenario, character,
    event,
};
use super::table::{ADMINISTRATOR, OrleansLogEntry, OrleansPlayer, OrleansTable};
use crate::text::Text;

/// Towns at the map's border carrying a special-building token (Invasion: 13 tokens).
pub const BORDER_TOWNS: u32 = 13;

/// Where a play stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrleansState {
    InProgress,
    Won,
    Lost,
    /// Ended with no winner (the duel after round 16) or a points game over (Prospérité).
    Over,
}

/// The play's status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansStatus {
    pub state: OrleansState,
    /// The round where it was decided (or the current round while in progress).
    pub round: u8,
    /// Duel: the winning seats (both when shared).
    pub winners: Vec<u8>,
    pub reason: Text,
    /// A lost game: the event that lost it (an unpaid fatal demand, the steward's dues), or the
    /// event of the last round when time ran out.
    pub lost_event: Option<String>,
}

/// Progress towards one goal or objective.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansGoal {
    pub id: String,
    pub name: Text,
    /// `None` for a common goal.
    pub seat: Option<u8>,
    pub current: u32,
    pub target: u32,
    /// Met (common goal, citizens, checked condition) or marked complete (and allowed).
    pub done: bool,
    pub completed_round: Option<u8>,
    /// The entered state already satisfies its condition (a hint to mark it).
    pub ready: bool,
    /// Last round it may be completed.
    pub deadline: Option<u8>,
    /// Rounds still to play to complete it, counting the current one (0 when done or late).
    pub rounds_left: u8,
    /// Why a marked completion does not count (order, one per round, deadline).
    pub refused: Option<Text>,
    /// The rules entry that states the goal (the scenario's objectives, Invasion's common
    /// goals, a character's card).
    pub rule: String,
}

/// Invasion's common goals for the player count (2 to 5): ramparts, citizens, treasury,
/// warehouse grain-cheese-wine. Invasion, Objectifs communs.
pub fn common_targets(players: usize) -> (u32, u32, u32, [u32; 3]) {
    match players {
        0..=2 => (5, 7, 30, [6, 3, 3]),
        3 => (8, 8, 40, [10, 5, 5]),
        4 => (10, 9, 50, [12, 6, 6]),
        _ => (13, 10, 50, [14, 7, 7]),
    }
}

/// Fortifications placed at setup (Invasion, Mise en place): La Châtre, Briare, Tours at 3
/// players; also Étampes, Montargis, Saint-Amand-Montrond, Chinon at 2.
pub fn preplaced_fortifications(players: usize) -> u32 {
    match players {
        0..=2 => 7,
        3 => 3,
        _ => 0,
    }
}

/// The border towns left for the team to fortify: the 13 minus those the setup fortified.
pub fn fortifications_to_build(players: usize) -> u32 {
    BORDER_TOWNS.saturating_sub(preplaced_fortifications(players))
}

/// Current value, target and whether a check holds for a player.
pub fn check(c: Check, p: &OrleansPlayer) -> (u32, u32, bool) {
    let at_least = |v: u32, t: u32| (v, t, v >= t);
    match c {
        Check::Manual => (0, 1, false),
        Check::BoatmenTrackEnd => at_least(p.boatmen_track, crate::games::orleans::MAX_BOATMEN_TRACK),
        Check::DevelopmentLevel(t) => at_least(p.development_level, t),
        Check::PlaceTiles(t) => at_least(p.place_tiles, t),
        Check::TradingPosts(t) => at_least(p.trading_posts, t),
        Check::Coins(t) => at_least(p.coins, t),
        Check::Citizens(t) => at_least(p.citizens, t),
        Check::Technology(t) => at_least(p.technology, t),
        Check::Monks(t) => at_least(p.monks, t),
        Check::Good(g, t) => at_least(p.goods.get(g), t),
        Check::Value { goods, coins, min } => {
            let v = goods
                .iter()
                .map(|&g| p.goods.get(g).saturating_mul(g.points()))
                .fold(0u32, u32::saturating_add);
            at_least(if coins { v.saturating_add(p.coins) } else { v }, min)
        }
        Check::DevelopmentScore(t) => {
            // Vierzon, Objectifs: (trading posts + citizens) × development level.
            at_least(p.trading_posts.saturating_add(p.citizens).saturating_mul(p.development_level), t)
        }
        Check::FullSet => {
            let kinds = OrleansGood::ALL.iter().filter(|&&g| p.goods.get(g) > 0).count();
            at_least(u32::try_from(kinds).unwrap_or(0), 5)
        }
        Check::Cloth { count, brocade } => {
            // Progress counts only cloth that can serve: wool fills at most the places left
            // once the brocade needed is set aside.
            let (wool, b) = (p.goods.wool, p.goods.brocade);
            let usable = if b >= brocade {
                b.saturating_add(wool).min(count)
            } else {
                b.saturating_add(wool.min(count.saturating_sub(brocade)))
            };
            (usable, count, usable >= count)
        }
        Check::GoodsEach(needs) => {
            let current = needs.iter().map(|&(g, n)| p.goods.get(g).min(n)).fold(0u32, u32::saturating_add);
            let target = needs.iter().map(|&(_, n)| n).fold(0u32, u32::saturating_add);
            (current, target, needs.iter().all(|&(g, n)| p.goods.get(g) >= n))
        }
    }
}

fn rounds_left(table: &OrleansTable, deadline: u8) -> u8 {
    deadline.saturating_add(1).saturating_sub(table.round)
}

/// Objectives of a race scenario for one seat, applying the harder steps and the deadline.
fn race_objectives(
    table: &OrleansTable,
    seat: usize,
    p: &OrleansPlayer,
    defs: &[ObjectiveDef],
) -> Vec<OrleansGoal> {
    let last = table.rounds();
    let in_order = table.options.in_order && table.scenario != OrleansScenario::Duel;
    let one_per_round = (table.options.one_per_round || in_order) && table.scenario != OrleansScenario::Duel;
    let mut goals: Vec<OrleansGoal> = Vec::with_capacity(defs.len());
    let mut previous_round: Option<u8> = None;
    let mut previous_done = true;
    for d in defs {
        let (current, target, ready) = check(d.check, p);
        let marked = p.objectives.get(d.id).copied();
        let deadline = d.deadline.unwrap_or(last);
        let mut refused = None;
        if let Some(r) = marked {
            if r > deadline {
                refused = Some(Text::new(
                    format!("À remplir au plus tard en manche {deadline}."),
                    format!("Must be done by round {deadline}."),
                ));
            } else if in_order && (!previous_done || previous_round.is_some_and(|pr| r <= pr)) {
                // Vierzon / Marchand, second harder step: objectives in the book's order.
                refused = Some(Text::new(
                    "Les objectifs se remplissent dans l'ordre.",
                    "Objectives are done in order.",
                ));
            } else if one_per_round && goals.iter().any(|g| g.done && g.completed_round == Some(r)) {
                // First harder step: one objective per round.
                refused = Some(Text::new(
                    format!("Un seul objectif par manche (manche {r} déjà prise)."),
                    format!("One objective per round (round {r} already used)."),
                ));
            }
        }
        let done = marked.is_some() && refused.is_none();
        previous_done = previous_done && done;
        if done {
            previous_round = marked;
        }
        goals.push(OrleansGoal {
            id: d.id.to_owned(),
            name: d.name.to_text(),
            seat: u8::try_from(seat).ok(),
            current,
            target,
            done,
            completed_round: marked,
            ready,
            deadline: d.deadline,
            rounds_left: if done { 0 } else { rounds_left(table, deadline) },
            refused,
            rule: format!("orleans.objectives.{}", table.scenario.id()),
        });
    }
    goals
}

/// The rules entry of Invasion's common goals (and of the personal goal of a seat still
/// without a character card).
const COMMON_GOALS_RULE: &str = "orleans.invasion.common_goals";

/// Every goal of the play with its progress.
pub fn goals(table: &OrleansTable) -> Vec<OrleansGoal> {
    match table.scenario {
        OrleansScenario::Prosperite => Vec::new(),
        OrleansScenario::Dignitaire => dignitaire_goals(table),
        OrleansScenario::Duel | OrleansScenario::Vierzon | OrleansScenario::Marchand => table
            .players
            .iter()
            .enumerate()
            .flat_map(|(i, p)| race_objectives(table, i, p, table.scenario.objectives()))
            .collect(),
        OrleansScenario::Invasion => {
            let mut out = invasion_common_goals(table);
            for (i, p) in table.players.iter().enumerate() {
                out.extend(invasion_personal_goals(table, i, p));
            }
            out
        }
    }
}

/// Rounds still to play to the end of the game, counting the current one (0 once it is over).
fn rounds_to_the_end(table: &OrleansTable) -> u8 {
    let last = table.rounds();
    if table.round > last { 0 } else { rounds_left(table, last) }
}

/// A goal met when `current` reaches `target` by the last round, with no mark to tick.
fn counted_goal(
    table: &OrleansTable,
    id: &str,
    name: Text,
    seat: Option<u8>,
    (current, target): (u32, u32),
    rule: &str,
) -> OrleansGoal {
    let done = current >= target;
    OrleansGoal {
        id: id.into(),
        name,
        seat,
        current,
        target,
        done,
        completed_round: None,
        ready: done,
        deadline: Some(table.rounds()),
        rounds_left: if done { 0 } else { rounds_to_the_end(table) },
        refused: None,
        rule: rule.into(),
    }
}

/// Le dignitaire, But du jeu: 8 citizens (7 in the easy version); the citizens are the score.
fn dignitaire_goals(table: &OrleansTable) -> Vec<OrleansGoal> {
    let target = if table.options.easy { 7 } else { 8 };
    let name = || Text::new("Citoyens", "Citizens");
    let seats = table.players.iter().enumerate();
    seats
        .map(|(i, p)| {
            let seat = u8::try_from(i).ok();
            counted_goal(table, "citoyens", name(), seat, (p.citizens, target), "orleans.scoring.citizens")
        })
        .collect()
}

/// Invasion, Objectifs communs: the team's ramparts (one more knight per reinforcement
/// revealed), citizens, treasury, warehouse and fortifications (those of the setup count).
fn invasion_common_goals(table: &OrleansTable) -> Vec<OrleansGoal> {
    let n = table.players.len();
    let (ramparts, citizens, treasury, [grain, cheese, wine]) = common_targets(n);
    let revealed = table.deck.order.iter().take(usize::try_from(table.deck.revealed).unwrap_or(0));
    let renforts = u32::try_from(revealed.filter(|t| **t == "renfort").count()).unwrap_or(0);
    let w = &table.team.warehouse;
    let fort = table.team.fortifications.saturating_add(preplaced_fortifications(n)).min(BORDER_TOWNS);
    let common = [
        (
            "remparts",
            Text::new("Remparts (Chevaliers)", "Ramparts (knights)"),
            table.team.ramparts,
            ramparts.saturating_add(renforts),
        ),
        ("citoyens", Text::new("Citoyens", "Citizens"), table.team.citizens, citizens),
        ("tresorerie", Text::new("Trésorerie (pièces)", "Treasury (coins)"), table.team.treasury, treasury),
        ("entrepot_cereales", Text::new("Entrepôt : Céréales", "Warehouse: grain"), w.grain, grain),
        ("entrepot_fromage", Text::new("Entrepôt : Fromage", "Warehouse: cheese"), w.cheese, cheese),
        ("entrepot_vin", Text::new("Entrepôt : Vin", "Warehouse: wine"), w.wine, wine),
        ("fortifications", Text::new("Fortifications", "Fortifications"), fort, BORDER_TOWNS),
    ];
    common
        .into_iter()
        .map(|(id, name, current, target)| {
            counted_goal(table, id, name, None, (current, target), COMMON_GOALS_RULE)
        })
        .collect()
}

/// Invasion, But du jeu: « chaque joueur doit réussir son objectif personnel, décrit sur sa
/// carte Personnage »: the objectives of seat `i`'s character card.
fn invasion_personal_goals(table: &OrleansTable, i: usize, p: &OrleansPlayer) -> Vec<OrleansGoal> {
    let Some(c) = p.character.and_then(character) else {
        return vec![no_character_goal(table, i, p)];
    };
    let left = rounds_to_the_end(table);
    let mut out = Vec::with_capacity(c.objectives.len());
    for d in c.objectives {
        let (current, target, met) = if c.id == ADMINISTRATOR {
            let paid = dues_paid(table, i);
            (u32::from(paid), 1, paid)
        } else {
            check(d.check, p)
        };
        let marked = p.objectives.get(d.id).copied();
        // Conditions the app can read count when met now; the others when ticked
        // (the steward's dues also when the round log says every one was paid).
        let done = if matches!(d.check, Check::Manual | Check::BoatmenTrackEnd) {
            marked.is_some() || met
        } else {
            met
        };
        out.push(OrleansGoal {
            id: format!("{}.{}", c.id, d.id),
            name: d.name.to_text(),
            seat: u8::try_from(i).ok(),
            current,
            target,
            done,
            completed_round: marked,
            ready: met,
            deadline: Some(table.rounds()),
            rounds_left: if done { 0 } else { left },
            refused: None,
            rule: format!("orleans.character.{}", c.id),
        });
    }
    out
}

/// Invasion, But du jeu: a seat without a character card has no personal objective, so the
/// game cannot be won until it picks one.
fn no_character_goal(table: &OrleansTable, i: usize, p: &OrleansPlayer) -> OrleansGoal {
    OrleansGoal {
        id: "personnage".into(),
        name: Text::new(
            format!("{} : carte Personnage à choisir", p.name),
            format!("{}: character card to choose", p.name),
        ),
        seat: u8::try_from(i).ok(),
        current: 0,
        target: 1,
        done: false,
        completed_round: None,
        ready: false,
        deadline: Some(table.rounds()),
        rounds_left: rounds_to_the_end(table),
        refused: Some(Text::new(
            "Sans carte Personnage, pas d'objectif personnel : la partie ne peut pas être gagnée.",
            "Without a character card there is no personal objective: the game cannot be won.",
        )),
        rule: COMMON_GOALS_RULE.into(),
    }
}

/// Invasion, Administrateur terrien: « vous devez fournir la réserve générale à la fin de
/// chaque manche […] Si vous ne pouvez pas payer votre dû, l'équipe perd immédiatement la
/// partie. » His objective is met so far when the round log holds his dues paid for every round
/// closed (at least one); a round closed without its line is not known to be paid.
fn dues_paid(table: &OrleansTable, seat: usize) -> bool {
    let closed = table.round.saturating_sub(1).min(table.rounds());
    closed >= 1
        && (1..=closed).all(|r| {
            table.log.iter().any(|e| {
                e.event == ADMINISTRATOR
                    && e.round == r
                    && e.paid
                    && e.seat.is_none_or(|s| usize::from(s) == seat)
            })
        })
}

/// Whether a logged unpaid entry loses the game at once.
fn fatal(table: &OrleansTable, id: &str) -> bool {
    if id == ADMINISTRATOR {
        // Invasion, Administrateur terrien: unpaid dues lose the game for the team.
        return true;
    }
    let Some(e) = event(id) else { return false };
    let demand = !matches!(
        e.effect,
        Effect::Rule
            | Effect::MayPay { .. }
            | Effect::StayAwayFor(_)
            | Effect::TeamMayPay { .. }
            | Effect::GainPerTradingPost(_)
            | Effect::GainPerDevelopmentLevel(_)
            | Effect::GainPerMonkInMarket(_)
            | Effect::GainBoatmenTrack
            | Effect::TeamGains { .. }
            | Effect::EachReturnsFollowers(_)
            | Effect::WarehouseLoss { .. }
            | Effect::Plague(_)
            | Effect::Reinforcement
            | Effect::FinalCheck
    );
    let f = match (table.scenario, e.failure) {
        (OrleansScenario::Duel, _) => OrleansFailure::Loss,
        (_, Some(f)) => f,
        (s, None) => s.default_failure(),
    };
    demand && f == OrleansFailure::Loss
}

/// When in its round a logged demand falls, in the order of the round's phases (the steward's
/// dues at the end of the round).
fn moment_rank(id: &str) -> u8 {
    let moment = if id == ADMINISTRATOR {
        super::resolve::ADMINISTRATOR_DUES.moment
    } else {
        event(id).map_or(OrleansMoment::EventsPhase, |d| d.moment)
    };
    match moment {
        OrleansMoment::StartOfRound => 0,
        OrleansMoment::AfterDraw => 1,
        OrleansMoment::AllRound => 2,
        OrleansMoment::EventsPhase => 3,
        OrleansMoment::EndOfRound => 4,
    }
}

/// The order of logged losses: round, then the moment in the round, then the event id (two
/// demands at the same moment: a fixed choice, never the order the lines were typed in).
fn loss_key(e: &OrleansLogEntry) -> (u8, u8, &'static str) {
    (e.round, moment_rank(e.event), e.event)
}

/// Whether a logged loss happened before a race was won in round `won`. Objectives and
/// deliveries are made with actions (phase 5); the events phase (6) and the end of the round
/// come after, so an objective completed in round `won` beats that round's event. Only events
/// at the start of a round or right after the draw come before the actions.
fn loss_precedes(e: &OrleansLogEntry, won: u8) -> bool {
    let early = event(e.event)
        .is_some_and(|d| matches!(d.moment, OrleansMoment::StartOfRound | OrleansMoment::AfterDraw));
    e.round < won || (e.round == won && early)
}

/// Where the play stands now.
pub fn status(table: &OrleansTable, goals: &[OrleansGoal]) -> OrleansStatus {
    // The unpaid fatal demands; the earliest is found by `loss_key`, the same whatever order
    // the log lines were typed in.
    let losses: Vec<&OrleansLogEntry> =
        table.log.iter().filter(|e| !e.paid && fatal(table, e.event)).collect();
    if table.scenario == OrleansScenario::Duel {
        return duel_status(table, goals, &losses);
    }
    if let Some(lost) = immediate_loss(table, goals, &losses) {
        return lost;
    }
    goals_status(table, goals)
}

/// A status with its reason; no event lost it.
fn decided(state: OrleansState, round: u8, winners: Vec<u8>, fr: String, en: String) -> OrleansStatus {
    OrleansStatus { state, round, winners, reason: Text::new(fr, en), lost_event: None }
}

/// The play goes on in round `now`.
fn in_progress(now: u8) -> OrleansStatus {
    decided(OrleansState::InProgress, now, Vec::new(), "Partie en cours.".into(), "Game in progress.".into())
}

/// The earliest unpaid fatal demand: round, moment in the round, event id.
fn earliest<'a>(losses: &[&'a OrleansLogEntry]) -> Option<&'a OrleansLogEntry> {
    losses.iter().copied().min_by_key(|e| loss_key(e))
}

/// Le duel: the race to the 4 objectives, or an unpaid demand before it was won.
fn duel_status(table: &OrleansTable, goals: &[OrleansGoal], losses: &[&OrleansLogEntry]) -> OrleansStatus {
    let last = table.rounds();
    let finish = duel_finish_rounds(table, goals);
    let first_finish = finish.iter().flatten().min().copied();
    // Le duel, Tour de jeu: the one who cannot pay loses at once; the other wins — unless
    // the race was already won: « Le premier joueur à avoir complété ses 4 objectifs
    // gagne », and a later payment does not take that away.
    if let Some(e) = earliest(losses).filter(|e| first_finish.is_none_or(|w| loss_precedes(e, w))) {
        return duel_unpaid(table, e, losses);
    }
    if let Some(first) = first_finish {
        return duel_won(table, &finish, first);
    }
    if table.round > last {
        return decided(
            OrleansState::Over,
            last,
            Vec::new(),
            "Personne n'a rempli ses 4 objectifs après 16 manches : pas de vainqueur.".into(),
            "Nobody completed 4 objectives after 16 rounds: no winner.".into(),
        );
    }
    in_progress(table.round.min(last))
}

/// Le duel, Fin de la partie: for each seat, the round it completed its 4 objectives (the
/// latest of its marks), `None` while one is left.
fn duel_finish_rounds(table: &OrleansTable, goals: &[OrleansGoal]) -> Vec<Option<u8>> {
    (0..table.players.len())
        .map(|i| {
            let mine: Vec<&OrleansGoal> = goals.iter().filter(|g| g.seat == u8::try_from(i).ok()).collect();
            if !mine.is_empty() && mine.iter().all(|g| g.done) {
                mine.iter().filter_map(|g| g.completed_round).max()
            } else {
                None
            }
        })
        .collect()
}

/// Le duel, Tour de jeu: every seat that failed to pay at the moment of `e` has lost
/// (« vous perdez immédiatement »); the others win. When that is every seat, nobody wins.
fn duel_unpaid(table: &OrleansTable, e: &OrleansLogEntry, losses: &[&OrleansLogEntry]) -> OrleansStatus {
    let at = loss_key(e);
    let lost: Vec<Option<u8>> = losses.iter().filter(|l| loss_key(l) == at).map(|l| l.seat).collect();
    let winners: Vec<u8> = (0..table.players.len())
        .filter_map(|i| u8::try_from(i).ok())
        .filter(|&s| !lost.contains(&Some(s)))
        .collect();
    if winners.is_empty() {
        return decided(
            OrleansState::Over,
            e.round,
            winners,
            format!("Aucun joueur n'a pu payer en manche {} : personne ne gagne.", e.round),
            format!("No player could pay in round {}: nobody wins.", e.round),
        );
    }
    decided(
        OrleansState::Won,
        e.round,
        winners,
        format!("Paiement impossible en manche {} : défaite immédiate.", e.round),
        format!("Payment failed in round {}: immediate defeat.", e.round),
    )
}

/// Le duel, Fin de la partie: the first to complete the 4 objectives wins (round `first`);
/// two the same round go to `duel_tie_break`.
fn duel_won(table: &OrleansTable, finish: &[Option<u8>], first: u8) -> OrleansStatus {
    let mut winners: Vec<u8> = finish
        .iter()
        .enumerate()
        .filter(|(_, r)| **r == Some(first))
        .filter_map(|(i, _)| u8::try_from(i).ok())
        .collect();
    if winners.len() > 1 {
        winners = duel_tie_break(table, &winners);
    }
    decided(
        OrleansState::Won,
        first,
        winners,
        format!("4 objectifs remplis en manche {first}."),
        format!("4 objectives completed in round {first}."),
    )
}

/// An unpaid fatal demand loses the game at once, unless a race was already won: the
/// objectives (phase 5) of the winning round come before that round's event (phase 6).
fn immediate_loss(
    table: &OrleansTable,
    goals: &[OrleansGoal],
    losses: &[&OrleansLogEntry],
) -> Option<OrleansStatus> {
    let won_round = (matches!(table.scenario, OrleansScenario::Vierzon | OrleansScenario::Marchand)
        && !goals.is_empty()
        && goals.iter().all(|g| g.done))
    .then(|| goals.iter().filter_map(|g| g.completed_round).max())
    .flatten();
    let e = earliest(losses).filter(|e| won_round.is_none_or(|w| loss_precedes(e, w)))?;
    let name = event(e.event)
        .map_or_else(|| Text::new("Administrateur terrien", "Land steward"), |d| d.name.to_text());
    Some(OrleansStatus {
        lost_event: Some(e.event.to_owned()),
        ..decided(
            OrleansState::Lost,
            e.round,
            Vec::new(),
            format!("{} impayé en manche {} : défaite immédiate.", name.fr, e.round),
            format!("{} unpaid in round {}: immediate defeat.", name.en, e.round),
        )
    })
}

/// Prospérité ends after its last round; the other scenarios are won when every goal is met
/// and lost when the rounds run out or can no longer be enough.
fn goals_status(table: &OrleansTable, goals: &[OrleansGoal]) -> OrleansStatus {
    let last = table.rounds();
    let over = table.round > last;
    let now = table.round.min(last);
    if table.scenario == OrleansScenario::Prosperite {
        if over {
            return decided(
                OrleansState::Over,
                last,
                Vec::new(),
                "Partie terminée après 16 manches.".into(),
                "Game over after 16 rounds.".into(),
            );
        }
        return in_progress(now);
    }
    if !goals.is_empty() && goals.iter().all(|g| g.done) {
        return goals_reached(table, goals, now);
    }
    if over {
        return OrleansStatus {
            lost_event: table.event_of_round(last).map(str::to_owned),
            ..decided(
                OrleansState::Lost,
                last,
                Vec::new(),
                format!("Objectifs non atteints à la fin de la manche {last}."),
                format!("Goals not reached by the end of round {last}."),
            )
        };
    }
    // An objective past its deadline (Vierzon: « Engager un bâtisseur dans les temps : Payez 10
    // pièces avant le début de la manche 9 ») can no longer be met, nor then all of them: lost
    // before the last round (after it, the game is over and lost on its last round's event).
    let missed = goals.iter().find(|g| !g.done && g.deadline.is_some_and(|d| table.round > d));
    if let Some((g, deadline)) = missed.and_then(|g| Some((g, g.deadline?))) {
        return missed_deadline(g, deadline);
    }
    if let Some(ended) = short_of_rounds(table, goals) {
        return decided(
            OrleansState::Lost,
            ended,
            Vec::new(),
            format!(
                "Un seul objectif par manche : après la manche {ended}, il reste plus d'objectifs que de manches, ils ne peuvent plus tous être atteints."
            ),
            format!(
                "One objective per round: after round {ended}, more objectives are left than rounds, so they can no longer all be met."
            ),
        );
    }
    in_progress(now)
}

/// Every goal met: the race scenarios win on the round of the last objective; the others now.
fn goals_reached(table: &OrleansTable, goals: &[OrleansGoal], now: u8) -> OrleansStatus {
    let race = matches!(table.scenario, OrleansScenario::Vierzon | OrleansScenario::Marchand);
    let round = goals.iter().filter_map(|g| g.completed_round).max().filter(|_| race).unwrap_or(now);
    decided(
        OrleansState::Won,
        round,
        Vec::new(),
        format!("Objectifs atteints en manche {round}."),
        format!("Goals reached in round {round}."),
    )
}

/// Goal `g` was not done by its `deadline`: the game is lost on that round.
fn missed_deadline(g: &OrleansGoal, deadline: u8) -> OrleansStatus {
    decided(
        OrleansState::Lost,
        deadline,
        Vec::new(),
        format!(
            "« {} » n'a pas été fait à temps (manche {deadline} au plus tard) : les objectifs ne peuvent plus tous être atteints.",
            g.name.fr
        ),
        format!(
            "“{}” was not done in time (by round {deadline}): the objectives can no longer all be met.",
            g.name.en
        ),
    )
}

/// Vierzon, Marchand itinérant, harder steps: « uniquement un par manche » (and in order, which
/// asks it too). At the start of round `r` the objectives not yet done need as many rounds,
/// `r` to the last; the first round where they outnumber those rounds follows the round where
/// the game was lost. `None` while they can still all be met, or without that step.
fn short_of_rounds(table: &OrleansTable, goals: &[OrleansGoal]) -> Option<u8> {
    let stepped = table.options.one_per_round || table.options.in_order;
    if !matches!(table.scenario, OrleansScenario::Vierzon | OrleansScenario::Marchand) || !stepped {
        return None;
    }
    let last = table.rounds();
    (2..=table.round.min(last)).find_map(|r| {
        let left = goals.iter().filter(|g| !g.done || g.completed_round.is_none_or(|c| c >= r)).count();
        let rounds = usize::from(last - r + 1);
        (left > rounds).then_some(r - 1)
    })
}

/// Le duel, Fin de la partie: both done the same round → more points in goods alone, then
/// more coins; still level → shared.
pub fn duel_tie_break(table: &OrleansTable, seats: &[u8]) -> Vec<u8> {
    let key = |s: &u8| table.players.get(usize::from(*s)).map_or((0, 0), |p| (p.goods.points(), p.coins));
    let best = seats.iter().map(key).max().unwrap_or((0, 0));
    seats.iter().copied().filter(|s| key(s) == best).collect()
}
