//! The live table panel: per seat what counts now, whether the end is triggered, per city who
//! could take it and what they lack; and the catalogue of cities, Orient cards and powers.

use serde::{Deserialize, Serialize};

use super::cities::{CITIES, City, CityMissing, CityRequirement, missing_text};
use super::colour::{Colour, ColourCounts};
use super::orient::{ORIENT_CARDS, OrientKind};
use super::scoring::{END_PRESTIGE, Prestige, holders, standings};
use super::table::{Module, Player, Table};
use super::trading_posts::{POWERS, Power, PowerId, PowerRequirement};
use crate::text::Text;

/// Everything the live table panel shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Help {
    /// The module id.
    pub variant: String,
    /// In seat order.
    pub seats: Vec<SeatHelp>,
    pub end: EndHelp,
    /// Cities module only.
    pub cities: Option<CitiesHelp>,
}

/// One seat, now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SeatHelp {
    pub seat: u8,
    pub name: String,
    /// Ordinary bonuses plus what Orient cards add.
    pub effective_bonuses: ColourCounts,
    /// The part of `effective_bonuses` that comes from Orient cards.
    pub orient_bonuses: ColourCounts,
    pub prestige: Prestige,
    /// `9 (cartes) + 3 (nobles) = 12`.
    pub prestige_text: Text,
    /// Ordinary development cards plus Orient cards (the tie-break count).
    pub development_cards: u32,
    /// Ordinary development cards: as typed, else one per ordinary bonus (each card carries
    /// exactly one).
    pub ordinary_cards: u32,
    /// 1-based standing now (Cities: holders first).
    pub rank: u8,
    /// Trading Posts module: the five powers in route order; empty in other modules.
    pub powers: Vec<PowerStatus>,
    /// Cities module: the city this seat holds.
    pub city: Option<String>,
}

/// One trading-post power for one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PowerStatus {
    pub id: PowerId,
    /// A flag of this seat stands on it.
    pub unlocked: bool,
    pub missing_bonuses: ColourCounts,
    pub missing_nobles: u32,
    pub text: Text,
}

/// Whether the last round is under way, and who would win if it ended now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct EndHelp {
    /// Someone reached 15 prestige (Cities: someone holds a city): finish the round.
    pub triggered: bool,
    /// Who triggered it.
    pub triggered_by: Vec<u8>,
    /// Ranked first now (Cities with holders: the best holders).
    pub leaders: Vec<u8>,
    /// Who wins if the round ended now; empty while the end is not triggered.
    pub winners_if_round_ended_now: Vec<u8>,
    pub explanation: Text,
}

/// Cities module: holders and, per city in play, every seat's eligibility.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitiesHelp {
    pub holders: Vec<u8>,
    /// In the order given in `cities_in_play`.
    pub cities: Vec<CityHelp>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CityHelp {
    pub id: String,
    pub prestige: u32,
    pub requirement: CityRequirement,
    pub requirement_text: Text,
    pub held_by: Option<u8>,
    /// In seat order.
    pub seats: Vec<CityEligibility>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CityEligibility {
    pub seat: u8,
    /// Prestige and effective bonuses meet the face now.
    pub meets: bool,
    /// `meets`, the tile still on the table and the seat holding no city yet.
    pub can_take: bool,
    pub missing: CityMissing,
    pub text: Text,
}

fn to_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

fn seats_of(flags: impl Iterator<Item = bool>) -> Vec<u8> {
    flags.enumerate().filter(|&(_, f)| f).map(|(i, _)| to_u8(i)).collect()
}

fn names(table: &Table, seats: &[u8]) -> String {
    seats
        .iter()
        .filter_map(|&s| table.players.get(usize::from(s)))
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn prestige_text(p: &Prestige, module: Module) -> Text {
    let mut fr = vec![format!("{} (cartes)", p.cards)];
    let mut en = vec![format!("{} (cards)", p.cards)];
    if module != Module::Cities {
        fr.push(format!("{} (nobles)", p.nobles));
        en.push(format!("{} (nobles)", p.nobles));
    }
    if module == Module::Orient {
        fr.push(format!("{} (Orient)", p.orient));
        en.push(format!("{} (Orient)", p.orient));
    }
    if module == Module::TradingPosts {
        fr.push(format!("{} (pouvoirs)", p.powers));
        en.push(format!("{} (powers)", p.powers));
    }
    Text::new(format!("{} = {}", fr.join(" + "), p.total), format!("{} = {}", en.join(" + "), p.total))
}

/// Builds the panel for a checked table.
pub fn help_table(table: &Table) -> Help {
    let module = table.module;
    let (ranks, _, winners) = standings(table);
    let seats: Vec<SeatHelp> = table
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| seat_help(module, i, p, ranks.get(i).copied().unwrap_or(0)))
        .collect();
    let leaders = seats_of(ranks.iter().map(|&r| r == 1));
    let holder_seats: Vec<u8> = holders(table).into_iter().map(to_u8).collect();
    let end = if module == Module::Cities {
        cities_end(table, &holder_seats, leaders, seats_of(winners.iter().copied()))
    } else {
        prestige_end(table, &seats, leaders)
    };
    let cities = (module == Module::Cities).then(|| CitiesHelp {
        holders: holder_seats.clone(),
        cities: table.cities_in_play.iter().map(|c| city_help(table, c)).collect(),
    });
    Help { variant: module.id().to_owned(), seats, end, cities }
}

/// One seat's line of the panel (`rank`: its standing now).
fn seat_help(module: Module, i: usize, p: &Player, rank: u8) -> SeatHelp {
    let prestige = p.prestige(module);
    let effective = p.effective_bonuses();
    let powers = if module == Module::TradingPosts {
        let unlocked = p.unlocked_powers(module);
        POWERS.iter().map(|pw| power_status(pw, &effective, p.nobles, unlocked.contains(&pw.id))).collect()
    } else {
        Vec::new()
    };
    SeatHelp {
        seat: to_u8(i),
        name: p.name.clone(),
        effective_bonuses: effective,
        orient_bonuses: p.orient_bonuses(),
        prestige,
        prestige_text: prestige_text(&prestige, module),
        development_cards: p.all_development_cards(),
        ordinary_cards: p.development_cards,
        rank,
        powers,
        city: p.city.map(|c| c.id.to_owned()),
    }
}

/// Trading Posts: one power for one seat, unlocked or what it still lacks.
fn power_status(pw: &Power, effective: &ColourCounts, nobles: u32, unlocked: bool) -> PowerStatus {
    let (missing_bonuses, missing_nobles) = pw.missing(effective, nobles);
    let text = if unlocked {
        Text::new("débloqué", "unlocked")
    } else {
        let mut short = super::colour::bonus_list(&missing_bonuses);
        if missing_bonuses.is_zero() {
            short = Text::new("", "");
        }
        if missing_nobles > 0 {
            let sep = if short.fr.is_empty() { "" } else { " et " };
            let sep_en = if short.en.is_empty() { "" } else { " and " };
            short = Text::new(
                format!("{}{sep}{missing_nobles} noble", short.fr),
                format!("{}{sep_en}{missing_nobles} noble", short.en),
            );
        }
        Text::new(format!("il manque {}", short.fr), format!("{} missing", short.en))
    };
    PowerStatus { id: pw.id, unlocked, missing_bonuses, missing_nobles, text }
}

/// Cités de Splendor, Les Cités: "Quand un joueur prend une tuile de Cité, finissez le tour de
/// jeu." DEC-SPL-3: with no holder the game goes on.
fn cities_end(table: &Table, holder_seats: &[u8], leaders: Vec<u8>, won: Vec<u8>) -> EndHelp {
    let explanation = match holder_seats.len() {
        0 => Text::new(
            "Personne ne détient de Cité : la partie continue, même au-delà de 15 points (dans ce module, seule une Cité prise déclenche la fin).",
            "Nobody holds a city: the game goes on, even past 15 points (in this module only a city taken triggers the end).",
        ),
        1 => {
            let who = names(table, holder_seats);
            Text::new(
                format!(
                    "{who} détient une Cité : on termine le tour de table ; si personne d'autre n'en prend, {who} gagne."
                ),
                format!("{who} holds a city: the round is completed; if nobody else takes one, {who} wins."),
            )
        }
        _ => Text::new(
            format!(
                "{} détiennent une Cité : on termine le tour de table, puis le plus de prestige parmi eux gagne (à égalité, le moins de cartes). Si le tour finissait maintenant : {}.",
                names(table, holder_seats),
                names(table, &won)
            ),
            format!(
                "{} hold a city: the round is completed, then the most prestige among them wins (on a tie, the fewest cards). If the round ended now: {}.",
                names(table, holder_seats),
                names(table, &won)
            ),
        ),
    };
    EndHelp {
        triggered: !holder_seats.is_empty(),
        triggered_by: holder_seats.to_vec(),
        leaders,
        winners_if_round_ended_now: won,
        explanation,
    }
}

/// Splendor (FACT-SPL-C1): 15 prestige → finish the round, so that everyone has played as
/// often (the player right of the first player plays last).
fn prestige_end(table: &Table, seats: &[SeatHelp], leaders: Vec<u8>) -> EndHelp {
    let by = seats_of(seats.iter().map(|s| s.prestige.total >= END_PRESTIGE));
    let triggered = !by.is_empty();
    let won = if triggered { leaders.clone() } else { Vec::new() };
    let explanation = if triggered {
        Text::new(
            format!(
                "{} {} atteint {END_PRESTIGE} points de prestige : on termine le tour de table (le joueur à droite du premier joueur joue en dernier). Si le tour finissait maintenant : {} (le plus de prestige, puis le moins de cartes).",
                names(table, &by),
                if by.len() > 1 { "ont" } else { "a" },
                names(table, &won)
            ),
            format!(
                "{} reached {END_PRESTIGE} prestige: the round is completed (the player right of the first player plays last). If the round ended now: {} (most prestige, then fewest cards).",
                names(table, &by),
                names(table, &won)
            ),
        )
    } else {
        let best = seats.iter().map(|s| s.prestige.total).max().unwrap_or(0);
        Text::new(
            format!(
                "Personne n'a encore {END_PRESTIGE} points de prestige : la partie continue. En tête : {} ({best}).",
                names(table, &leaders)
            ),
            format!(
                "Nobody has {END_PRESTIGE} prestige yet: the game goes on. Leading: {} ({best}).",
                names(table, &leaders)
            ),
        )
    };
    EndHelp { triggered, triggered_by: by, leaders, winners_if_round_ended_now: won, explanation }
}

/// One city in play: its face, who holds it, and every seat's eligibility.
fn city_help(table: &Table, c: &'static City) -> CityHelp {
    let held_by = table.holder_of(c).map(to_u8);
    CityHelp {
        id: c.id.to_owned(),
        prestige: c.prestige,
        requirement: c.requirement,
        requirement_text: c.requirement_text(),
        held_by,
        seats: table
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| city_eligibility(table, c, held_by, i, p))
            .collect(),
    }
}

/// Whether seat `i` meets the city's face now and may take it, and what it lacks.
fn city_eligibility(
    table: &Table,
    c: &'static City,
    held_by: Option<u8>,
    i: usize,
    p: &Player,
) -> CityEligibility {
    let missing = c.missing(p.prestige(table.module).total, &p.effective_bonuses());
    let meets = missing.is_met();
    let can_take = table.can_take(i, c);
    let base = missing_text(&missing);
    let text = match (held_by, p.city) {
        (Some(h), _) if usize::from(h) == i => Text::new("détient cette Cité", "holds this city"),
        (Some(_), _) => Text::new(format!("déjà prise ; {}", base.fr), format!("already taken; {}", base.en)),
        (None, Some(own)) => Text::new(
            format!("détient déjà la Cité à {} points ; {}", own.prestige, base.fr),
            format!("already holds the {}-point city; {}", own.prestige, base.en),
        ),
        (None, None) if meets => Text::new(
            "la prend à la fin de son tour : à confirmer",
            "takes it at the end of their turn: to confirm",
        ),
        (None, None) => base,
    };
    CityEligibility { seat: to_u8(i), meets, can_take, missing, text }
}

/// The cards and tiles of the expansions, for the UI's pickers and tooltips.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CardCatalogue {
    /// The 14 city faces, by prestige.
    pub cities: Vec<CityInfo>,
    /// The 30 Orient cards, level by level.
    pub orient: Vec<OrientCardInfo>,
    /// The 5 trading-post powers, in route order.
    pub powers: Vec<PowerInfo>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CityInfo {
    pub id: String,
    pub prestige: u32,
    pub requirement: CityRequirement,
    pub text: Text,
    /// Its rule entry (`splendor.city.<id>`).
    pub rule: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrientCardInfo {
    pub id: String,
    pub level: u8,
    pub kind: OrientKind,
    pub kind_name: Text,
    /// Printed bonus colour (`None`: double gold, and pairing cards, which copy one).
    pub colour: Option<Colour>,
    /// The player gives the colour this card copies.
    pub copies_a_colour: bool,
    pub cost: ColourCounts,
    /// Sacrifice cards: the colour of the 2 cards discarded to pay.
    pub sacrifice: Option<Colour>,
    pub cost_text: Text,
    pub prestige: u32,
    pub effect: Text,
    /// Its kind's rule entry (`splendor.orient.<kind>`).
    pub rule: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PowerInfo {
    pub id: PowerId,
    /// Short name for lists.
    pub name: Text,
    /// 1-based place on the route.
    pub position: u8,
    pub requirement: PowerRequirement,
    pub requirement_text: Text,
    pub effect: Text,
    /// Its rule entry (`splendor.power.<id>`).
    pub rule: String,
}

/// The whole catalogue.
pub fn catalogue() -> CardCatalogue {
    CardCatalogue {
        cities: CITIES
            .iter()
            .map(|c| CityInfo {
                id: c.id.to_owned(),
                prestige: c.prestige,
                requirement: c.requirement,
                text: c.requirement_text(),
                rule: format!("splendor.city.{}", c.id),
            })
            .collect(),
        orient: ORIENT_CARDS
            .iter()
            .map(|c| OrientCardInfo {
                id: c.id.to_owned(),
                level: c.level,
                kind: c.kind,
                kind_name: c.kind.name(),
                colour: c.colour,
                copies_a_colour: c.kind.copies_a_colour(),
                cost: c.cost,
                sacrifice: c.sacrifice,
                cost_text: c.cost_text(),
                prestige: c.kind.prestige(),
                effect: c.kind.effect(),
                rule: format!("splendor.orient.{}", c.kind.key()),
            })
            .collect(),
        powers: POWERS
            .iter()
            .enumerate()
            .map(|(i, p)| PowerInfo {
                id: p.id,
                name: p.id.name(),
                position: to_u8(i + 1),
                requirement: p.requirement,
                requirement_text: p.requirement_text(),
                effect: p.effect(),
                rule: format!("splendor.power.{}", p.id.key()),
            })
            .collect(),
    }
}
