//! What a seat is worth: effective bonuses, prestige by category, powers; and the scoreboard,
//! with the Cities module's own victory rule.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use super::colour::ColourCounts;
use super::orient::OrientKind;
use super::table::{Module, Player, Table};
use super::trading_posts::{self, PowerId};
use crate::games::{
    Better, CategoryScore, Criterion, GameId, Outcome, PlayFacts, PlayerScore, Scoreboard, TieBreak, rank,
};
use crate::text::{Text, en_noun, plural_s};

/// Prestige points of one seat, by category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Prestige {
    /// Printed on ordinary development cards.
    pub cards: u32,
    /// 3 per noble who visited.
    pub nobles: u32,
    /// Printed on Orient cards (reserve-noble 1, sacrifice 3).
    pub orient: u32,
    /// Trading-post powers: the green one's 5 plus the black one's flags.
    pub powers: u32,
    pub total: u32,
}

/// Prestige of a noble (base Splendor; FACT-SPL-C1).
pub const NOBLE_PRESTIGE: u32 = 3;
/// Prestige that ends a game in every module but Cities (FACT-SPL-C1).
pub const END_PRESTIGE: u32 = 15;

impl Player {
    /// Bonuses the player's Orient cards add (double-bonus 2 of its colour, pairing 1 of the
    /// copied colour, reserve-noble / sacrifice / cascade 1 of theirs, double gold none).
    pub fn orient_bonuses(&self) -> ColourCounts {
        let mut added = ColourCounts::ZERO;
        for owned in &self.orient {
            if let Some((c, n)) = owned.card.bonus(owned.colour) {
                added.add(c, n);
            }
        }
        added
    }

    /// Ordinary bonuses plus Orient contributions: what buys cards, attracts nobles, takes
    /// cities and unlocks powers (L'Orient, niveau 2: double bonuses count "pour l'achat de
    /// nouvelles cartes, pour recevoir la visite des nobles et pour défausser des cartes").
    pub fn effective_bonuses(&self) -> ColourCounts {
        self.bonuses.plus(&self.orient_bonuses())
    }

    /// Ordinary development cards plus Orient cards held: the tie-break count.
    pub fn all_development_cards(&self) -> u32 {
        self.development_cards.saturating_add(u32::try_from(self.orient.len()).unwrap_or(u32::MAX))
    }

    /// Trading Posts module: the powers unlocked (empty in other modules).
    pub fn unlocked_powers(&self, module: Module) -> Vec<PowerId> {
        if module == Module::TradingPosts {
            trading_posts::unlocked(&self.effective_bonuses(), self.nobles)
        } else {
            Vec::new()
        }
    }

    pub fn prestige(&self, module: Module) -> Prestige {
        let cards = self.card_prestige;
        // Splendor: each noble is worth 3 prestige. Reserved nobles who have not visited yet
        // score nothing (L'Orient, niveau 2: the noble visits "uniquement si vous avez les
        // prérequis").
        let nobles = self.nobles.saturating_mul(NOBLE_PRESTIGE);
        // FACT-SPL-C3: 1 on reserve-noble cards, 3 on sacrifice cards, 0 on the others.
        let orient = self.orient.iter().map(|o| o.card.kind.prestige()).sum::<u32>();
        let (five, flags) = trading_posts::prestige(&self.unlocked_powers(module));
        let powers = five + flags;
        let total = cards.saturating_add(nobles).saturating_add(orient).saturating_add(powers);
        Prestige { cards, nobles, orient, powers, total }
    }
}

fn to_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn to_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

fn names(seats: &[usize], players: &[Player]) -> String {
    let list: Vec<String> = seats.iter().filter_map(|&s| players.get(s)).map(|p| p.name.clone()).collect();
    list.join(", ")
}

/// The tie-break of every module (Splendor: fewest development cards).
pub(crate) fn cards_criterion(values: Vec<i32>) -> Criterion {
    Criterion {
        key: "development_cards",
        label: crate::games::StaticText::new("le moins de cartes Développement", "fewest development cards"),
        better: Better::Lower,
        values,
    }
}

/// The categories of one seat: every category of [`INFO`](super::INFO), in its order (as the
/// generic sheet does, so that columns line up across plays); a category its module does not
/// use is 0 and says so.
fn categories(table: &Table, seat: usize, holders: &[usize]) -> Vec<CategoryScore> {
    let Some(pl) = table.players.get(seat) else { return Vec::new() };
    let module = table.module;
    let pr = pl.prestige(module);
    super::INFO
        .categories
        .iter()
        .map(|info| {
            let (used, points, detail) = match info.key {
                "cards" => (
                    true,
                    pr.cards,
                    Text::new(
                        format!("Prestige imprimé sur les cartes Développement ordinaires : {}.", pr.cards),
                        format!("Prestige printed on ordinary development cards: {}.", pr.cards),
                    ),
                ),
                "nobles" => (true, pr.nobles, nobles_detail(pl, pr.nobles)),
                "orient" => (true, pr.orient, orient_detail(pl)),
                "powers" => (true, pr.powers, powers_detail(&pl.unlocked_powers(module))),
                "city" => (true, 0, city_detail(table, seat, holders)),
                _ => (false, 0, Text::new("", "")),
            };
            // Which module uses which category is said once, in INFO (mod.rs).
            let used = used && super::INFO.variant(module.id()).is_some_and(|v| v.uses(info.key));
            let detail = if used {
                detail
            } else {
                let m = super::INFO.variant(module.id()).map(|v| v.label);
                Text::new(
                    format!("Sans objet avec le module « {} » : 0.", m.map_or("", |l| l.fr)),
                    format!("Not used with the module “{}”: 0.", m.map_or("", |l| l.en)),
                )
            };
            CategoryScore {
                key: Cow::Borrowed(info.key),
                points: if used { to_i32(points) } else { 0 },
                detail: detail.into(),
            }
        })
        .collect()
}

fn nobles_detail(pl: &Player, points: u32) -> Text {
    let n = pl.nobles;
    let mut fr = format!("{n} noble{} × {NOBLE_PRESTIGE} = {points}.", plural_s(n));
    let mut en = format!("{n} noble{} × {NOBLE_PRESTIGE} = {points}.", en_noun(n, "", "s"));
    if pl.reserved_nobles > 0 {
        let r = pl.reserved_nobles;
        fr.push_str(&format!(" {r} noble{s} réservé{s}, pas encore venu{s} : 0 point.", s = plural_s(r)));
        en.push_str(&format!(
            " {r} reserved {} not visited yet: 0 points.",
            en_noun(r, "noble who has", "nobles who have")
        ));
    }
    Text::new(fr, en)
}

fn orient_detail(pl: &Player) -> Text {
    let mut fr = Vec::new();
    let mut en = Vec::new();
    for kind in [OrientKind::ReserveNoble, OrientKind::Sacrifice] {
        let n = u32::try_from(pl.orient.iter().filter(|o| o.card.kind == kind).count()).unwrap_or(0);
        if n > 0 {
            let name = kind.name();
            fr.push(format!("{n} carte{} « {} » × {}", plural_s(n), name.fr, kind.prestige()));
            en.push(format!("{n} “{}” card{} × {}", name.en, en_noun(n, "", "s"), kind.prestige()));
        }
    }
    let total: u32 = pl.orient.iter().map(|o| o.card.kind.prestige()).sum();
    if pl.orient.is_empty() {
        return Text::new("Aucune carte Orient : 0.", "No Orient card: 0.");
    }
    if fr.is_empty() {
        let held = pl.orient.len();
        return Text::new(
            format!(
                "{held} carte{} Orient, aucune à prestige (seules « Réserver un noble » : 1 et « Sacrifice » : 3 en portent) : 0.",
                plural_s(u32::try_from(held).unwrap_or(0))
            ),
            format!(
                "{held} Orient card{}, none with prestige (only “Reserve a noble”: 1 and “Sacrifice”: 3 carry some): 0.",
                en_noun(held, "", "s")
            ),
        );
    }
    Text::new(format!("{} = {total}.", fr.join(" + ")), format!("{} = {total}.", en.join(" + ")))
}

fn powers_detail(unlocked: &[PowerId]) -> Text {
    let (five, flags) = trading_posts::prestige(unlocked);
    let on_route = unlocked.len();
    let mut fr = Vec::new();
    let mut en = Vec::new();
    if five > 0 {
        fr.push(format!("pouvoir vert : {five}"));
        en.push(format!("green power: {five}"));
    }
    if flags > 0 {
        fr.push(format!("pouvoir noir : {flags} fanion{} × 1 = {flags}", plural_s(flags)));
        en.push(format!("black power: {flags} flag{} × 1 = {flags}", en_noun(flags, "", "s")));
    }
    if fr.is_empty() {
        return Text::new(
            format!(
                "Aucun pouvoir à prestige débloqué ({on_route} fanion{} sur la route) : 0.",
                plural_s(u32::try_from(on_route).unwrap_or(0))
            ),
            format!(
                "No prestige power unlocked ({on_route} flag{} on the route): 0.",
                en_noun(on_route, "", "s")
            ),
        );
    }
    let total = five + flags;
    let capital = |s: String| {
        let mut c = s.chars();
        c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
    };
    Text::new(
        format!("{} ; total {total}.", capital(fr.join(" ; "))),
        format!("{}; total {total}.", capital(en.join("; "))),
    )
}

fn city_detail(table: &Table, seat: usize, holders: &[usize]) -> Text {
    let Some(pl) = table.players.get(seat) else { return Text::new("", "") };
    match pl.city {
        Some(c) => {
            let req = c.requirement_text();
            Text::new(
                format!(
                    "Détient la Cité ({}) : 0 point, mais seuls les détenteurs d'une Cité peuvent gagner ; entre eux, le plus de prestige, puis le moins de cartes Développement.",
                    req.fr
                ),
                format!(
                    "Holds a city ({}): 0 points, but only city holders can win; among them, the most prestige, then the fewest development cards.",
                    req.en
                ),
            )
        }
        None if holders.is_empty() => Text::new(
            "Personne ne détient de Cité : la partie continue et personne n'a encore gagné (dans ce module, seule une Cité prise déclenche la fin).",
            "Nobody holds a city: the game goes on and nobody has won yet (in this module only a city taken triggers the end).",
        ),
        None => {
            let who = names(holders, &table.players);
            // Several holders named together take the plural.
            let (fr, en) = if holders.len() > 1 { ("détiennent", "hold") } else { ("détient", "holds") };
            Text::new(
                format!("Aucune Cité : ne peut pas gagner, quel que soit son prestige ({who} en {fr} une)."),
                format!("No city: cannot win, whatever the prestige ({who} {en} one)."),
            )
        }
    }
}

/// Seats holding a city (Cities module).
pub(crate) fn holders(table: &Table) -> Vec<usize> {
    table.players.iter().enumerate().filter(|(_, p)| p.city.is_some()).map(|(i, _)| i).collect()
}

/// Ranks, tie-breaks and winners.
///
/// Base (Orient, Trading Posts, Strongholds): most prestige, then fewest development cards,
/// then shared; nobody has won before someone reaches 15 prestige. Cities: holders first (ranked among themselves the same way), then the others;
/// only holders can win, and with no holder nobody has won yet.
pub(crate) fn standings(table: &Table) -> (Vec<u8>, Vec<TieBreak>, Vec<bool>) {
    let module = table.module;
    let seats = SeatValues {
        names: table.players.iter().map(|p| p.name.clone()).collect(),
        totals: table.players.iter().map(|p| to_i32(p.prestige(module).total)).collect(),
        cards: table.players.iter().map(|p| to_i32(p.all_development_cards())).collect(),
    };
    let holders = holders(table);

    if module != Module::Cities {
        // Splendor: most prestige; tie → fewest development cards; then shared. The game ends
        // only in the round someone reaches 15 prestige (FACT-SPL-C1; a power « peut déclencher
        // la fin de partie (tout comme l'acquisition d'une carte ou la venue d'un Noble) »):
        // before that, nobody has won yet.
        let (ranks, ties) = rank(&seats.names, &seats.totals, &[cards_criterion(seats.cards)]);
        let ended = seats.totals.iter().any(|&t| t >= to_i32(END_PRESTIGE));
        let winners = ranks.iter().map(|&r| ended && r == 1).collect();
        return (ranks, ties, winners);
    }
    if holders.is_empty() {
        // DEC-SPL-3: no holder → the game goes on; ranked by prestige, no winner.
        let n = seats.names.len();
        let (ranks, ties) = rank(&seats.names, &seats.totals, &[cards_criterion(seats.cards)]);
        return (ranks, ties, vec![false; n]);
    }
    cities_standings(&seats, &holders)
}

/// Every seat's name, prestige and development cards, in seat order.
struct SeatValues {
    names: Vec<String>,
    totals: Vec<i32>,
    cards: Vec<i32>,
}

/// Cités de Splendor, Les Cités: "si un seul joueur possède une Cité, il gagne le jeu. Si
/// plusieurs joueurs possèdent une Cité, c'est le joueur ayant le plus grand nombre de points
/// de Prestige qui gagne". DEC-SPL-3: then fewest development cards, then shared. The holders
/// are ranked first, then the others.
fn cities_standings(seats: &SeatValues, holders: &[usize]) -> (Vec<u8>, Vec<TieBreak>, Vec<bool>) {
    let n = seats.names.len();
    let others: Vec<usize> = (0..n).filter(|i| !holders.contains(i)).collect();
    let (rh, th) = rank_among(seats, holders);
    let (ro, to) = rank_among(seats, &others);
    let mut ranks = vec![0u8; n];
    for (k, &s) in holders.iter().enumerate() {
        ranks[s] = rh.get(k).copied().unwrap_or(0);
    }
    let offset = to_u8(holders.len());
    for (k, &s) in others.iter().enumerate() {
        ranks[s] = ro.get(k).copied().unwrap_or(0).saturating_add(offset);
    }
    let winners: Vec<bool> = (0..n).map(|s| holders.contains(&s) && ranks[s] == 1).collect();

    // One tie-break per group of equal prestige across the table: within holders or within
    // the others it is the usual one; a group mixing both is settled first by the city.
    let mut level: Vec<i32> = seats.totals.clone();
    level.sort_unstable_by(|a, b| b.cmp(a));
    level.dedup();
    let mut ties = Vec::new();
    for total in level {
        let group: Vec<usize> = (0..n).filter(|&s| seats.totals[s] == total).collect();
        if group.len() < 2 {
            continue;
        }
        let inner: Vec<TieBreak> = th.iter().chain(&to).filter(|t| t.total == total).cloned().collect();
        let (h, o): (Vec<usize>, Vec<usize>) = group.iter().partition(|s| holders.contains(s));
        if h.is_empty() || o.is_empty() {
            ties.extend(inner);
            continue;
        }
        ties.push(mixed_tie(&seats.names, &ranks, total, group, (&h, &o), &inner));
    }
    (ranks, ties, winners)
}

/// Ranks `among` these seats alone (most prestige, then fewest cards); the tie-breaks name
/// table seats.
fn rank_among(seats: &SeatValues, among: &[usize]) -> (Vec<u8>, Vec<TieBreak>) {
    let pick = |v: &[i32]| among.iter().map(|&s| v.get(s).copied().unwrap_or(0)).collect::<Vec<_>>();
    let sub_names: Vec<String> = among.iter().filter_map(|&s| seats.names.get(s).cloned()).collect();
    let (r, mut t) = rank(&sub_names, &pick(&seats.totals), &[cards_criterion(pick(&seats.cards))]);
    for tb in &mut t {
        tb.seats = tb.seats.iter().map(|&k| to_u8(among.get(usize::from(k)).copied().unwrap_or(0))).collect();
    }
    (r, t)
}

/// Equal prestige between city holders and others: the city settles it first, then the tie
/// within each side (`inner`) as usual.
fn mixed_tie(
    names: &[String],
    ranks: &[u8],
    total: i32,
    mut seats: Vec<usize>,
    (holders, others): (&[usize], &[usize]),
    inner: &[TieBreak],
) -> TieBreak {
    seats.sort_by_key(|&s| (ranks.get(s).copied().unwrap_or(0), s));
    let mut criteria = vec!["city".to_owned()];
    if inner.iter().any(|t| !t.criteria.is_empty()) {
        criteria.push("development_cards".to_owned());
    }
    let (hn, on) = (names_of(holders, names), names_of(others, names));
    let mut fr = format!(
        "Égalité à {total} points entre {} ; seuls les détenteurs d'une Cité peuvent gagner : {hn} devant {on}.",
        names_of(&seats, names)
    );
    let mut en = format!(
        "{} tie on {total} points; only city holders can win: {hn} ahead of {on}.",
        names_of(&seats, names)
    );
    for t in inner {
        fr.push(' ');
        fr.push_str(&t.explanation.fr);
        en.push(' ');
        en.push_str(&t.explanation.en);
    }
    TieBreak {
        seats: seats.into_iter().map(to_u8).collect(),
        total,
        criteria,
        shared: inner.iter().any(|t| t.shared),
        explanation: Text::new(fr, en),
    }
}

fn names_of(seats: &[usize], names: &[String]) -> String {
    seats.iter().filter_map(|&s| names.get(s).cloned()).collect::<Vec<_>>().join(", ")
}

/// Scores a checked table.
pub fn score_table(table: &Table) -> Scoreboard {
    let (ranks, tie_breaks, winners) = standings(table);
    let holders = holders(table);
    let players = table
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| PlayerScore {
            seat: to_u8(seat),
            name: p.name.clone(),
            total: Some(to_i32(p.prestige(table.module).total)),
            categories: categories(table, seat, &holders),
            rank: ranks.get(seat).copied().unwrap_or(0),
            winner: winners.get(seat).copied().unwrap_or(false),
        })
        .collect();
    Scoreboard {
        game: GameId::Splendor,
        variant: table.module.id().to_owned(),
        outcome: Outcome::Points,
        players,
        tie_breaks,
        facts: PlayFacts::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::colour::Colour;
    use super::super::orient::orient_card;
    use super::super::table::OwnedOrientCard;
    use super::*;

    fn player(bonuses: ColourCounts) -> Player {
        Player {
            name: "Ani".to_owned(),
            bonuses,
            card_prestige: 0,
            development_cards: bonuses.total(),
            nobles: 0,
            reserved_nobles: 0,
            gold: 0,
            strongholds: 0,
            city: None,
            orient: Vec::new(),
        }
    }

    fn owned(id: &str, colour: Option<Colour>) -> OwnedOrientCard {
        OwnedOrientCard { card: orient_card(id).expect("known"), colour }
    }

    #[test]
    fn effective_bonuses_add_each_orient_kind() {
        let mut p = player(ColourCounts::new(3, 1, 0, 4, 2));
        p.orient = vec![
            owned("o1_gold_red", None),                   // no bonus
            owned("o1_pair_r3u2", Some(Colour::Red)),     // +1 red
            owned("o2_pair_g4r3k1", Some(Colour::White)), // +1 white
            owned("o2_double_green", None),               // +2 green
            owned("o2_noble_red", None),                  // +1 red
            owned("o3_sacrifice_blue", None),             // +1 blue
            owned("o3_cascade_black", None),              // +1 black
        ];
        assert_eq!(p.orient_bonuses(), ColourCounts::new(1, 1, 2, 2, 1));
        assert_eq!(p.effective_bonuses(), ColourCounts::new(4, 2, 2, 6, 3));
        assert_eq!(p.all_development_cards(), 10 + 7);
    }

    #[test]
    fn prestige_adds_cards_nobles_orient_and_powers() {
        let mut p = player(ColourCounts::new(0, 0, 5, 0, 3));
        p.card_prestige = 5;
        p.nobles = 1;
        let tp = p.prestige(Module::TradingPosts);
        assert_eq!(tp, Prestige { cards: 5, nobles: 3, orient: 0, powers: 7, total: 15 });
        assert_eq!(p.prestige(Module::Strongholds).total, 8, "powers only with Trading Posts");

        let mut o = player(ColourCounts::ZERO);
        o.card_prestige = 4;
        o.nobles = 2;
        o.reserved_nobles = 1;
        o.orient =
            vec![owned("o2_noble_white", None), owned("o3_sacrifice_red", None), owned("o1_gold_blue", None)];
        assert_eq!(
            o.prestige(Module::Orient),
            Prestige { cards: 4, nobles: 6, orient: 4, powers: 0, total: 14 }
        );
    }
}
