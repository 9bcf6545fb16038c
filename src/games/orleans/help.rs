//! The live help for a table (this round's events resolved from the entered state, what comes
//! next, goals, win/loss, forecast) and the catalogues the shell exposes as data.

use serde::{Deserialize, Serialize};

use super::catalogue::{
    CHARACTERS, EVENTS, Effect, EventDef, INVASION_A, INVASION_B, INVASION_C, OrleansFailure, OrleansGood,
    OrleansMoment, OrleansScenario, event,
};
use super::resolve::{
    OrleansResolution, OrleansResolutionStatus, administrator_duty, resolve, resolve_administrator,
};
use super::status::{OrleansGoal, OrleansState, OrleansStatus, goals, status};
use super::table::{OrleansPlayer, OrleansTable};
use crate::text::Text;

/// Where an event appears: a scenario's round, or an Invasion stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansEventSpot {
    pub scenario: OrleansScenario,
    /// Round on a fixed track; `None` for an Invasion tile.
    pub round: Option<u8>,
    /// Invasion stack (`A`, `B`, `C`).
    pub stack: Option<String>,
}

/// An event as data for the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansEventInfo {
    pub id: String,
    pub name: Text,
    pub moment: OrleansMoment,
    pub text: Text,
    pub source: String,
    pub appears_in: Vec<OrleansEventSpot>,
    /// Its rule entry.
    pub rule: String,
}

/// Where `id` appears across the scenarios.
pub fn event_spots(id: &str) -> Vec<OrleansEventSpot> {
    let mut spots = Vec::new();
    for s in OrleansScenario::ALL {
        for (i, e) in s.track().iter().enumerate() {
            if *e == id {
                spots.push(OrleansEventSpot { scenario: s, round: u8::try_from(i + 1).ok(), stack: None });
            }
        }
    }
    for (stack, tiles) in [("A", INVASION_A), ("B", INVASION_B), ("C", INVASION_C)] {
        if tiles.contains(&id) {
            spots.push(OrleansEventSpot {
                scenario: OrleansScenario::Invasion,
                round: None,
                stack: Some(stack.into()),
            });
        }
    }
    spots
}

pub fn event_info(e: &EventDef) -> OrleansEventInfo {
    OrleansEventInfo {
        id: e.id.to_owned(),
        name: e.name.to_text(),
        moment: e.moment,
        text: e.text.to_text(),
        source: e.source.to_owned(),
        appears_in: event_spots(e.id),
        rule: format!("orleans.event.{}", e.id),
    }
}

/// Every event of the book.
pub fn event_catalogue() -> Vec<OrleansEventInfo> {
    EVENTS.iter().map(event_info).collect()
}

/// An objective as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansObjectiveInfo {
    pub id: String,
    pub name: Text,
    pub text: Text,
    pub deadline: Option<u8>,
    /// The rule entry that explains it (its scenario's objectives, or its character).
    pub rule: String,
}

/// A character card as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansCharacterInfo {
    pub id: String,
    pub name: Text,
    pub easier: bool,
    pub objectives: Vec<OrleansObjectiveInfo>,
    pub rule: String,
}

/// A charitable act as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansActInfo {
    pub id: String,
    pub name: Text,
    pub reward: Text,
    /// Its scenario's charitable acts entry.
    pub rule: String,
}

/// A difficulty option a scenario reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansOptionInfo {
    /// Field of `options` (or of `deck` for Invasion's).
    pub id: String,
    pub label: Text,
}

/// A scenario as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansScenarioInfo {
    pub id: OrleansScenario,
    pub name: Text,
    pub min_players: u8,
    pub max_players: u8,
    /// Rounds for each player count from `min_players` to `max_players`.
    pub rounds: Vec<u8>,
    /// Event ids round by round (empty for Invasion: drawn).
    pub track: Vec<String>,
    pub objectives: Vec<OrleansObjectiveInfo>,
    pub charitable_acts: Vec<OrleansActInfo>,
    pub options: Vec<OrleansOptionInfo>,
    /// Coins each player starts with (a new sheet starts there).
    pub start_coins: u32,
    pub goal: Text,
    pub defeat: Text,
    pub source: String,
    pub rule: String,
}

fn objective_info(o: &super::catalogue::ObjectiveDef, rule: &str) -> OrleansObjectiveInfo {
    OrleansObjectiveInfo {
        id: o.id.to_owned(),
        name: o.name.to_text(),
        text: o.text.to_text(),
        deadline: o.deadline,
        rule: rule.to_owned(),
    }
}

/// The six scenarios.
pub fn scenario_catalogue() -> Vec<OrleansScenarioInfo> {
    OrleansScenario::ALL
        .into_iter()
        .map(|s| {
            let v = super::INFO.variant(s.id());
            let (min, max) = v.map_or((1, 1), |v| (v.min_players, v.max_players));
            let opt = |id: &str, fr: &str, en: &str| OrleansOptionInfo { id: id.into(), label: Text::new(fr, en) };
            let (goal, defeat, options, source) = match s {
                OrleansScenario::Prosperite => (
                    Text::new("Le plus de points après 16 manches (bâtiments complétés compris).", "Most points after 16 rounds (completed buildings included)."),
                    Text::new("Pas de défaite : un paiement impossible mène à la torture (règle du jeu de base).", "No defeat: a payment you cannot make leads to torture (base game rule)."),
                    vec![],
                    "Prospérité",
                ),
                OrleansScenario::Invasion => (
                    Text::new("Remplir tous les objectifs communs et personnels avant la fin de la manche Invasion.", "Meet every common and personal goal by the end of the Invasion round."),
                    Text::new("Un objectif manqué à la fin, ou un paiement fatal impayé : défaite de l'équipe.", "A goal missed at the end, or a fatal payment unpaid: the team loses."),
                    vec![opt("deck.set_aside", "Tuiles écartées avant le tirage", "Tiles set aside before the draw"), opt("deck.hard_mode", "Difficile : garder les ⚡, retirer Soutien et Entraînement", "Hard: keep ⚡ tiles, remove Support and Training")],
                    "Invasion",
                ),
                OrleansScenario::Duel => (
                    Text::new("Premier à remplir ses 4 objectifs ; même manche : points des marchandises, puis pièces.", "First to complete 4 objectives; same round: goods points, then coins."),
                    Text::new("Paiement impossible : défaite immédiate ; personne après 16 manches : pas de vainqueur.", "Payment impossible: immediate defeat; nobody after 16 rounds: no winner."),
                    vec![],
                    "Le duel",
                ),
                OrleansScenario::Dignitaire => (
                    Text::new("8 Citoyens (7 en version facile) avant la fin de la manche 16 ; victoire immédiate.", "8 citizens (7 in the easy version) by the end of round 16; immediate win."),
                    Text::new("Défaite : pas assez de Citoyens à la fin de la manche 16.", "Lost: not enough citizens at the end of round 16."),
                    vec![opt("options.easy", "Facile : 7 Citoyens", "Easy: 7 citizens")],
                    "Le dignitaire",
                ),
                OrleansScenario::Vierzon => (
                    Text::new("Les 5 objectifs en 14 manches (le bâtisseur avant la manche 9).", "The 5 objectives within 14 rounds (the builder before round 9)."),
                    Text::new("Défaite : objectifs incomplets après 14 manches, ou pas de bâtisseur avant la manche 9.", "Lost: objectives incomplete after 14 rounds, or no builder before round 9."),
                    vec![opt("options.one_per_round", "Un objectif par manche", "One objective per round"), opt("options.in_order", "Objectifs dans l'ordre", "Objectives in order")],
                    "Vierzon, la capitale",
                ),
                OrleansScenario::Marchand => (
                    Text::new("Les 5 livraisons en 15 manches.", "The 5 deliveries within 15 rounds."),
                    Text::new("Nourriture impayée : défaite immédiate ; livraisons incomplètes après 15 manches : défaite.", "Food unpaid: immediate defeat; deliveries incomplete after 15 rounds: lost."),
                    vec![opt("options.one_per_round", "Une livraison par manche", "One delivery per round"), opt("options.in_order", "Livraisons dans l'ordre", "Deliveries in order")],
                    "Marchand itinérant",
                ),
            };
            OrleansScenarioInfo {
                id: s,
                name: s.label(),
                min_players: min,
                max_players: max,
                rounds: (min..=max).map(|n| s.rounds(usize::from(n))).collect(),
                track: s.track().iter().map(|e| (*e).to_owned()).collect(),
                objectives: s.objectives().iter().map(|o| objective_info(o, &format!("orleans.objectives.{}", s.id()))).collect(),
                charitable_acts: s
                    .charitable_acts()
                    .iter()
                    .map(|a| OrleansActInfo {
                        id: a.id.into(),
                        name: a.name.to_text(),
                        reward: a.reward.to_text(),
                        rule: format!("orleans.act.{}", s.id()),
                    })
                    .collect(),
                options,
                start_coins: super::setup::start_coins(s),
                goal,
                defeat,
                source: format!("{} §{source}", super::catalogue::BOOK),
                rule: format!("orleans.variant.{}", s.id()),
            }
        })
        .collect()
}

/// The nine Invasion characters.
pub fn character_catalogue() -> Vec<OrleansCharacterInfo> {
    CHARACTERS
        .iter()
        .map(|c| OrleansCharacterInfo {
            id: c.id.into(),
            name: c.name.to_text(),
            easier: c.easier,
            objectives: c
                .objectives
                .iter()
                .map(|o| objective_info(o, &format!("orleans.character.{}", c.id)))
                .collect(),
            rule: format!("orleans.character.{}", c.id),
        })
        .collect()
}

/// One event of the current round, resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansEventNow {
    pub event: OrleansEventInfo,
    pub resolutions: Vec<OrleansResolution>,
}

/// A coming round: its event, or `None` while hidden (Invasion).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansUpcoming {
    pub round: u8,
    pub event: Option<OrleansEventInfo>,
}

/// One coming round as the forecast sees it for one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansForecastRound {
    pub round: u8,
    pub event: String,
    pub status: OrleansResolutionStatus,
    pub coins_gained: u32,
    /// Coins the cheapest way to pay takes.
    pub coins_paid: u32,
    /// Food the cheapest way to pay takes.
    pub food_paid: u32,
    /// Coins after this round, counting only the events (nothing else earned or spent).
    pub coins_after: u32,
}

/// What the coming rounds of a fixed track will demand of one seat, from the current state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansForecast {
    pub seat: u8,
    pub rounds: Vec<OrleansForecastRound>,
    /// First round where a demand could not be met in full with only the events' income.
    pub first_failure: Option<u8>,
    /// Coins the events will take in all (cheapest ways): what the seat can pay of them.
    pub coins_needed: u32,
    /// Coins the events demand in all, paid or not (`coins_needed` and the coins a demand
    /// payable in coins lacks, `coins_short`), the same whatever the seat holds.
    pub coins_demanded: u32,
    /// Coins the events will bring.
    pub coins_gained: u32,
    /// Food to keep back for the coming events: what the cheapest ways take, and the food a
    /// demand the seat could not meet asks (Nourriture, Grand festin, Moisson).
    pub food_needed: u32,
    /// Food the seat lacks for that: `food_needed` beyond the food it holds now.
    pub food_short: u32,
    /// Goods to keep back, by type (food included): what the cheapest ways take, and the good a
    /// demand the seat could not meet asks (Jour du fromage). Food a failed demand asks has no
    /// type: it is in `food_needed` only.
    pub goods_needed: super::table::OrleansGoods,
    /// Goods the seat lacks for that, by type: `goods_needed` beyond what it holds now.
    pub goods_short: super::table::OrleansGoods,
    /// Coins still to earn so no demand fails (0 when the events' income covers it).
    pub coins_short: u32,
}

/// The Administrateur terrien's duties this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansDuty {
    pub seat: u8,
    /// Coins due (resolved), or a reminder to enter the card's value.
    pub dues: OrleansResolution,
    pub extra: Option<Text>,
}

/// The live help for Orléans: Invasion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansHelp {
    pub scenario: OrleansScenario,
    pub round: u8,
    pub rounds: u8,
    /// This round's event(s), resolved for each seat (or the team).
    pub events: Vec<OrleansEventNow>,
    /// The rounds still to come (Invasion: hidden until revealed).
    pub upcoming: Vec<OrleansUpcoming>,
    pub duties: Vec<OrleansDuty>,
    pub goals: Vec<OrleansGoal>,
    pub status: OrleansStatus,
    /// Fixed tracks only (empty for Invasion).
    pub forecast: Vec<OrleansForecast>,
    /// Invasion, when this round's tile is not entered yet: the tiles it can be (the group
    /// enters the one the physical stack showed; drawing the deck in the app is only an offer).
    pub tile_choice: Option<OrleansTileChoice>,
    /// What the table holds that changes nothing, each on its field (a difficulty option the
    /// scenario does not read): to clear, never a reason not to score.
    pub notices: Vec<crate::games::Problem>,
    /// Each seat's development level as the core reads it (from the track space, or the level
    /// typed alone in older plays), seat order: the sheet asks the space and shows its level.
    pub development_levels: Vec<u32>,
    /// The course of play: why this round cannot be resolved or closed, or the play finished,
    /// now (the core refuses those steps for the same reasons).
    pub course: super::course::OrleansCourse,
}

/// The tiles that can come up next on Invasion's stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansTileChoice {
    /// The round (= position in the stack, from 1) whose tile is to be entered.
    pub round: u8,
    /// `A`, `B`, or `C` (the Invasion tile).
    pub stack: String,
    pub tiles: Vec<OrleansEventInfo>,
}

/// Applies one resolution's cheapest way to a simulated player. A demand that cannot be met
/// takes every coin only when coins could have paid it (`coins_can_pay`): coins never stand in
/// for food or goods.
fn apply(
    p: &mut OrleansPlayer,
    r: &OrleansResolution,
    coins_can_pay: bool,
) -> (u32, super::table::OrleansGoods) {
    p.coins = p.coins.saturating_add(r.coins_gained);
    let Some(way) = r.options.first() else {
        if coins_can_pay
            && matches!(r.status, OrleansResolutionStatus::Unpaid | OrleansResolutionStatus::Partial)
        {
            let paid = p.coins;
            p.coins = 0;
            return (paid, super::table::OrleansGoods::default());
        }
        return (0, super::table::OrleansGoods::default());
    };
    if matches!(r.status, OrleansResolutionStatus::Offer) {
        return (0, super::table::OrleansGoods::default());
    }
    p.coins = p.coins.saturating_sub(way.coins);
    let g = &mut p.goods;
    g.grain = g.grain.saturating_sub(way.goods.grain);
    g.cheese = g.cheese.saturating_sub(way.goods.cheese);
    g.wine = g.wine.saturating_sub(way.goods.wine);
    g.wool = g.wool.saturating_sub(way.goods.wool);
    g.brocade = g.brocade.saturating_sub(way.goods.brocade);
    p.technology = p.technology.saturating_sub(way.technology);
    p.knights = p.knights.saturating_sub(way.knights);
    (way.coins, way.goods)
}

/// Forecast for each seat over a fixed track, from `from` to the last round: each event is
/// resolved on the state left by the previous ones, nothing else earned or spent.
pub fn forecast(scenario: OrleansScenario, players: &[OrleansPlayer], from: u8) -> Vec<OrleansForecast> {
    players.iter().enumerate().map(|(seat, start)| seat_forecast(scenario, seat, start, from)).collect()
}

/// One seat's forecast from its state `start`: every event of the track from round `from`, then
/// what it lacks of food and goods for them all.
fn seat_forecast(scenario: OrleansScenario, seat: usize, start: &OrleansPlayer, from: u8) -> OrleansForecast {
    let team = super::table::OrleansTeam::default();
    let mut p = start.clone();
    let mut out = OrleansForecast {
        seat: u8::try_from(seat).unwrap_or(u8::MAX),
        rounds: Vec::new(),
        first_failure: None,
        coins_needed: 0,
        coins_demanded: 0,
        coins_gained: 0,
        food_needed: 0,
        food_short: 0,
        goods_needed: super::table::OrleansGoods::default(),
        goods_short: super::table::OrleansGoods::default(),
        coins_short: 0,
    };
    for (i, id) in scenario.track().iter().enumerate().skip(usize::from(from.saturating_sub(1))) {
        let round = u8::try_from(i + 1).unwrap_or(u8::MAX);
        let Some(e) = event(id) else { continue };
        let one = std::slice::from_ref(&p);
        let Some(r) = resolve(e, scenario, one, &team).into_iter().next() else { continue };
        let line = forecast_event(&mut out, &mut p, e, &r, round);
        out.rounds.push(line);
    }
    out.food_short = out.food_needed.saturating_sub(start.goods.food());
    for g in OrleansGood::ALL {
        out.goods_short.set(g, out.goods_needed.get(g).saturating_sub(start.goods.get(g)));
    }
    out
}

/// Event `e` of `round` resolved (`r`) on the seat's state `p`, which pays what it can; what it
/// paid, needed and lacked is added to `out`'s totals.
fn forecast_event(
    out: &mut OrleansForecast,
    p: &mut OrleansPlayer,
    e: &EventDef,
    r: &OrleansResolution,
    round: u8,
) -> OrleansForecastRound {
    let failed = matches!(r.status, OrleansResolutionStatus::Partial | OrleansResolutionStatus::Unpaid);
    // A food demand the seat cannot meet is counted once, in the food it asks (to
    // keep back): nothing is taken, and no coin is counted for it.
    let food_asked = e.effect.food_asked().filter(|_| failed);
    let (coins_paid, goods_paid) = if food_asked.is_some() {
        (0, super::table::OrleansGoods::default())
    } else {
        apply(p, r, e.effect.coins_can_pay())
    };
    let food_paid = goods_paid.food();
    // A good demand the seat cannot meet (Jour du fromage) asks its good all the same.
    let mut kept = goods_paid;
    if failed && let Effect::PayGood(good, n) = e.effect {
        kept.set(good, kept.get(good).saturating_add(n));
    }
    for g in OrleansGood::ALL {
        out.goods_needed.set(g, out.goods_needed.get(g).saturating_add(kept.get(g)));
    }
    out.food_needed = out.food_needed.saturating_add(food_asked.unwrap_or(0)).saturating_add(if failed {
        kept.food().saturating_sub(food_paid)
    } else {
        0
    });
    if failed {
        out.first_failure = out.first_failure.or(Some(round));
        // Coins to earn: only what coins could pay (food or goods missing are not).
        // A technology tile removed for want of coins (Le dignitaire) lacked its price.
        let short = if r.consequence == Some(OrleansFailure::RemoveTechnology) {
            r.coins_owed.saturating_sub(coins_paid)
        } else {
            r.shortfall
        };
        if e.effect.coins_can_pay() && food_asked.is_none() {
            out.coins_short = out.coins_short.saturating_add(short);
            out.coins_demanded = out.coins_demanded.saturating_add(short);
        }
    }
    out.coins_needed = out.coins_needed.saturating_add(coins_paid);
    out.coins_demanded = out.coins_demanded.saturating_add(coins_paid);
    out.coins_gained = out.coins_gained.saturating_add(r.coins_gained);
    out.food_needed = out.food_needed.saturating_add(food_paid);
    OrleansForecastRound {
        round,
        event: e.id.to_owned(),
        status: r.status,
        coins_gained: r.coins_gained,
        coins_paid,
        food_paid,
        coins_after: p.coins,
    }
}

/// Builds the help for a checked table.
pub fn help_table(table: &OrleansTable) -> OrleansHelp {
    let rounds = table.rounds();
    let round = table.round;
    let events: Vec<OrleansEventNow> = table
        .event_of_round(round)
        .and_then(event)
        .map(|e| OrleansEventNow {
            event: event_info(e),
            resolutions: resolve(e, table.scenario, &table.players, &table.team),
        })
        .into_iter()
        .collect();
    let upcoming = (round.saturating_add(1)..=rounds)
        .map(|r| OrleansUpcoming { round: r, event: table.event_of_round(r).and_then(event).map(event_info) })
        .collect();
    let duties = if table.scenario == OrleansScenario::Invasion && round <= rounds {
        table
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.character == Some("administrateur_terrien"))
            .map(|(i, p)| OrleansDuty {
                seat: u8::try_from(i).unwrap_or(u8::MAX),
                dues: resolve_administrator(i, p, round),
                extra: administrator_duty(p, round),
            })
            .collect()
    } else {
        Vec::new()
    };
    let goals = goals(table);
    let status = status(table, &goals);
    // A decided game (« Dès que vous avez récupéré votre 8e jeton Citoyen, vous gagnez ! »,
    // Le dignitaire) has no coming events to plan for.
    let decided = status.state != OrleansState::InProgress;
    let forecast = if table.scenario == OrleansScenario::Invasion || round > rounds || decided {
        Vec::new()
    } else {
        forecast(table.scenario, &table.players, round)
    };
    let tile_choice = tile_choice(table);
    let course = super::course::course(table, &status);
    OrleansHelp {
        scenario: table.scenario,
        round,
        rounds,
        events,
        upcoming,
        duties,
        goals,
        status,
        forecast,
        tile_choice,
        notices: table.options.unused(table.scenario),
        development_levels: table.players.iter().map(|p| p.development_level).collect(),
        course,
    }
}

/// Invasion: what this round's tile can be, while the group has not entered it.
fn tile_choice(table: &OrleansTable) -> Option<OrleansTileChoice> {
    let entered = table.deck.order.len();
    if table.scenario != OrleansScenario::Invasion
        || table.round > table.rounds()
        || entered >= usize::from(table.round)
    {
        return None;
    }
    let (stack, tiles) = super::deck::tiles_possible(
        table.players.len(),
        &table.deck.order,
        &table.deck.set_aside,
        table.deck.hard_mode,
    );
    Some(OrleansTileChoice {
        round: u8::try_from(entered + 1).unwrap_or(u8::MAX),
        stack: stack.to_string(),
        tiles: tiles.into_iter().filter_map(event).map(event_info).collect(),
    })
}

/// One of the seven new place tiles of the expansion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansPlaceTileInfo {
    pub id: String,
    pub name: Text,
    pub rule: String,
}

/// ORL §Nouvelles tuiles Lieu: the seven place tiles the expansion adds (their effects are in
/// their rule entries).
pub fn place_tile_catalogue() -> Vec<OrleansPlaceTileInfo> {
    const TILES: [(&str, &str, &str); 7] = [
        ("etal_de_marche", "Étal de marché", "Market stall"),
        ("taverne", "Taverne", "Tavern"),
        ("puits", "Puits", "Well"),
        ("marche_noir", "Marché noir", "Black market"),
        ("vignoble", "Vignoble", "Vineyard"),
        ("depot", "Dépôt", "Depot"),
        ("diligence", "Diligence", "Stagecoach"),
    ];
    TILES
        .iter()
        .map(|&(id, fr, en)| OrleansPlaceTileInfo {
            id: id.to_owned(),
            name: Text::new(fr, en),
            rule: format!("orleans.place.{id}"),
        })
        .collect()
}
