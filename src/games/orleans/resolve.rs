//! Event resolvers: from an event and the entered state, what happens — coins gained or
//! owed, the cheapest ways to pay, what is still missing and what that costs under the
//! scenario's own rule.

use serde::{Deserialize, Serialize};

use super::catalogue::{Effect, EventDef, OrleansFailure, OrleansGood, OrleansScenario, TeamItem};
use super::table::{OrleansGoods, OrleansPlayer, OrleansTeam};
use crate::text::{Text, en_noun, fr_noun};

/// How an event turns out for a player or the team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrleansResolutionStatus {
    /// Something is received.
    Gain,
    /// The demand can be met in full.
    Payable,
    /// Only part can be met: the rest has a consequence.
    Partial,
    /// Nothing can be paid.
    Unpaid,
    /// An offer the player may take.
    Offer,
    /// The event changes nothing here.
    NoEffect,
    /// A rule to follow; nothing to count.
    Rule,
}

/// One way to pay (every count 0 when not used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct OrleansPayment {
    pub coins: u32,
    pub goods: OrleansGoods,
    pub knights: u32,
    pub monks: u32,
    pub followers: u32,
    pub technology: u32,
    pub place_tiles: u32,
    pub development: u32,
    pub fortifications: u32,
    /// What the payment buys (an offer): added to the payer's counts when the round closes.
    pub gained: OrleansGain,
}

/// Counts an offer adds to the payer (every count 0 when not used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct OrleansGain {
    pub monks: u32,
    pub citizens: u32,
    pub fortifications: u32,
    pub trading_posts: u32,
}

/// An offer that buys nothing the sheet counts.
const NOTHING_COUNTED: OrleansGain =
    OrleansGain { monks: 0, citizens: 0, fortifications: 0, trading_posts: 0 };

impl OrleansGain {
    pub const MONK: Self = Self { monks: 1, citizens: 0, fortifications: 0, trading_posts: 0 };
    pub const CITIZEN: Self = Self { monks: 0, citizens: 1, fortifications: 0, trading_posts: 0 };
    pub const FORTIFICATION: Self = Self { monks: 0, citizens: 0, fortifications: 1, trading_posts: 0 };
    pub const TRADING_POST: Self = Self { monks: 0, citizens: 0, fortifications: 0, trading_posts: 1 };

    fn times(self, k: u32) -> Self {
        Self {
            monks: self.monks.saturating_mul(k),
            citizens: self.citizens.saturating_mul(k),
            fortifications: self.fortifications.saturating_mul(k),
            trading_posts: self.trading_posts.saturating_mul(k),
        }
    }
}

impl OrleansPayment {
    /// Victory points the payment costs in coins and goods.
    pub fn points(&self) -> u32 {
        self.coins.saturating_add(self.goods.points())
    }
}

/// What an event means for one seat (or the team when `seat` is `None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansResolution {
    pub event: String,
    pub seat: Option<u8>,
    pub status: OrleansResolutionStatus,
    pub coins_gained: u32,
    /// Coins demanded when paid in coins (0 when the demand is not in coins).
    pub coins_owed: u32,
    /// Ways to pay, cheapest first (in points given up); for an offer, each affordable use.
    pub options: Vec<OrleansPayment>,
    /// Coins (or items) still missing after paying all one can.
    pub shortfall: u32,
    pub consequence: Option<OrleansFailure>,
    /// Coins after the gain, or after the first option.
    pub coins_after: u32,
    /// A seat's coins after each way of `options`, in the same order (the way the table picks
    /// may not be the first). Empty for the team and when there is no way.
    pub coins_after_each: Vec<u32>,
    pub explanation: Text,
    /// A team event the players split among themselves, seat by seat (Invasion: Don, Chasse aux
    /// sorcières): what the shares must make and what each can be. `None` for every other.
    pub split: Option<OrleansSplit>,
}

/// What one seat receives or gives in a split team event (every count 0 when not used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct OrleansShare {
    /// Spaces on the development track.
    pub development: u32,
    pub monks: u32,
    pub wine: u32,
    pub coins: u32,
}

impl OrleansShare {
    /// The count of one kind.
    pub fn get(&self, kind: OrleansShareKind) -> u32 {
        match kind {
            OrleansShareKind::Development => self.development,
            OrleansShareKind::Monks => self.monks,
            OrleansShareKind::Wine => self.wine,
            OrleansShareKind::Coins => self.coins,
        }
    }

    /// Every count added up.
    pub fn sum(&self) -> u32 {
        OrleansShareKind::ALL.iter().map(|&k| self.get(k)).fold(0, u32::saturating_add)
    }
}

/// One kind of thing a share carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrleansShareKind {
    Development,
    Monks,
    Wine,
    Coins,
}

impl OrleansShareKind {
    pub const ALL: [Self; 4] = [Self::Development, Self::Monks, Self::Wine, Self::Coins];

    /// The share's field (`development`, `monks`, …).
    pub fn id(self) -> &'static str {
        match self {
            Self::Development => "development",
            Self::Monks => "monks",
            Self::Wine => "wine",
            Self::Coins => "coins",
        }
    }

    /// Its name in a sentence, `n` of them.
    pub fn words(self, n: u32) -> Text {
        match self {
            Self::Development => Text::new(
                fr_noun(n, "point de développement", "points de développement"),
                en_noun(n, "development point", "development points"),
            ),
            Self::Monks => Text::new(fr_noun(n, "Moine", "Moines"), en_noun(n, "Monk", "Monks")),
            Self::Wine => Text::new("Vin", "wine"),
            Self::Coins => Text::new(fr_noun(n, "pièce", "pièces"), en_noun(n, "coin", "coins")),
        }
    }
}

/// A team event split among the players (Invasion, Événements: « vous devez décider ensemble
/// de la contribution de chacun »): the table enters each seat's share when it closes the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansSplit {
    /// Gains shared out (Don), or a demand the seats pay (Chasse aux sorcières).
    pub gain: bool,
    /// The kinds a share carries, in the order to ask them.
    pub kinds: Vec<OrleansShareKind>,
    /// A gain: what is shared out, each kind in full. A demand: nothing (see `owed`).
    pub total: OrleansShare,
    /// A demand: what the shares must make, every kind counted together (Chasse aux
    /// sorcières: 6, development points and monks). A gain: 0.
    pub owed: u32,
    /// Seat by seat, the most each count of a share can be: what the seat holds (a demand), the
    /// whole gift (a gain).
    pub most: Vec<OrleansShare>,
    /// The split when there is no choice to make (a demand only one seat can pay: that seat, the
    /// cheapest way); `None` when the players must say it.
    pub forced: Option<Vec<OrleansShare>>,
}

/// The most payment options listed.
pub const MAX_OPTIONS: usize = 6;

fn base(event: &EventDef, seat: Option<u8>, coins: u32) -> OrleansResolution {
    OrleansResolution {
        event: event.id.to_owned(),
        seat,
        status: OrleansResolutionStatus::Rule,
        coins_gained: 0,
        coins_owed: 0,
        options: Vec::new(),
        shortfall: 0,
        consequence: None,
        coins_after: coins,
        coins_after_each: Vec::new(),
        explanation: event.text.to_text(),
        split: None,
    }
}

fn failure(event: &EventDef, scenario: OrleansScenario) -> OrleansFailure {
    // Le duel replaces torture by immediate defeat, whatever the event.
    match (scenario, event.failure) {
        (OrleansScenario::Duel, _) => OrleansFailure::Loss,
        (_, Some(f)) => f,
        (s, None) => s.default_failure(),
    }
}

fn failure_text(f: OrleansFailure, missing: u32) -> Text {
    match f {
        OrleansFailure::Torture => Text::new(
            format!("Il manque {missing} : torture (un objet au choix par pièce manquante)."),
            format!("{missing} missing: torture (one item of your choice per missing coin)."),
        ),
        OrleansFailure::Loss => Text::new(
            format!("Il manque {missing} : la partie est perdue."),
            format!("{missing} missing: the game is lost."),
        ),
        OrleansFailure::RemoveTechnology => Text::new(
            format!(
                "{missing} {}.",
                fr_noun(missing, "jeton Technologie impayé retiré", "jetons Technologie impayés retirés")
            ),
            format!("{missing} unpaid technology {} removed.", en_noun(missing, "tile", "tiles")),
        ),
        OrleansFailure::RemoveCitizen => {
            Text::new("Un Citoyen non collecté quitte la partie.", "An uncollected citizen leaves the game.")
        }
    }
}

/// A coin demand: pay it, or pay everything and face the consequence for the rest.
fn coin_demand(mut r: OrleansResolution, owed: u32, coins: u32, f: OrleansFailure) -> OrleansResolution {
    r.coins_owed = owed;
    if owed == 0 {
        r.status = OrleansResolutionStatus::NoEffect;
        r.explanation = Text::new("Rien à payer.", "Nothing to pay.");
    } else if coins >= owed {
        r.status = OrleansResolutionStatus::Payable;
        r.options = vec![OrleansPayment { coins: owed, ..OrleansPayment::default() }];
        r.coins_after = coins - owed;
        r.explanation = Text::new(
            format!(
                "Payez {owed} {} ; il vous en restera {}.",
                fr_noun(owed, "pièce", "pièces"),
                coins - owed
            ),
            format!("Pay {owed} {}; {} will be left.", en_noun(owed, "coin", "coins"), coins - owed),
        );
    } else {
        let missing = owed - coins;
        r.status =
            if coins == 0 { OrleansResolutionStatus::Unpaid } else { OrleansResolutionStatus::Partial };
        if coins > 0 {
            r.options = vec![OrleansPayment { coins, ..OrleansPayment::default() }];
        }
        r.coins_after = 0;
        r.shortfall = missing;
        r.consequence = Some(f);
        let t = failure_text(f, missing);
        r.explanation = Text::new(
            format!("{owed} {}, vous en avez {coins}. {}", fr_noun(owed, "pièce due", "pièces dues"), t.fr),
            format!("{owed} {} due, you have {coins}. {}", en_noun(owed, "coin", "coins"), t.en),
        );
    }
    r
}

/// Every way to give up `count` food (grain, cheese, wine), cheapest in points first.
pub fn food_ways(held: &OrleansGoods, count: u32) -> Vec<OrleansPayment> {
    let mut ways = Vec::new();
    for grain in 0..=held.grain.min(count) {
        for cheese in 0..=held.cheese.min(count - grain) {
            let wine = count - grain - cheese;
            if wine <= held.wine {
                let goods = OrleansGoods { grain, cheese, wine, ..OrleansGoods::default() };
                ways.push(OrleansPayment { goods, ..OrleansPayment::default() });
            }
        }
    }
    ways.sort_by_key(OrleansPayment::points);
    ways.truncate(MAX_OPTIONS);
    ways
}

/// The cheapest ways to give up at least `value` points in goods (and coins when
/// `coins_allowed`): no good that could be left out, coins only for the remainder.
pub fn value_ways(held: &OrleansGoods, coins: u32, value: u32, coins_allowed: bool) -> Vec<OrleansPayment> {
    let cap = |g: OrleansGood| held.get(g).min(value.div_ceil(g.points()));
    let mut ways = Vec::new();
    for grain in 0..=cap(OrleansGood::Grain) {
        for cheese in 0..=cap(OrleansGood::Cheese) {
            for wine in 0..=cap(OrleansGood::Wine) {
                for wool in 0..=cap(OrleansGood::Wool) {
                    for brocade in 0..=cap(OrleansGood::Brocade) {
                        let goods = OrleansGoods { grain, cheese, wine, wool, brocade };
                        let worth = goods.points();
                        let smallest = OrleansGood::ALL
                            .iter()
                            .filter(|&&g| goods.get(g) > 0)
                            .map(|g| g.points())
                            .min()
                            .unwrap_or(0);
                        // A good whose removal still leaves enough is given for nothing.
                        if smallest > 0 && worth.saturating_sub(smallest) >= value {
                            continue;
                        }
                        let rest = value.saturating_sub(worth);
                        if rest > 0 && (!coins_allowed || rest > coins) {
                            continue;
                        }
                        ways.push(OrleansPayment { coins: rest, goods, ..OrleansPayment::default() });
                    }
                }
            }
        }
    }
    ways.sort_by_key(|w| (w.points(), w.goods.count(), w.coins));
    ways.truncate(MAX_OPTIONS);
    ways
}

fn seat_of(i: usize) -> Option<u8> {
    u8::try_from(i).ok()
}

/// Zones de pêche: the coins printed at each boatmen-track step (FACT-ORL-D4: 2, 3, 4, 5;
/// the start space and the last space give nothing).
pub fn boatmen_coins(step: u32) -> u32 {
    match step {
        1..=4 => step + 1,
        _ => 0,
    }
}

/// Resolves `event` for one player, with the coins each way leaves.
pub fn resolve_player(
    event: &EventDef,
    scenario: OrleansScenario,
    seat: usize,
    player: &OrleansPlayer,
) -> OrleansResolution {
    let mut r = resolve_seat(event, scenario, seat, player);
    r.coins_after_each = r.options.iter().map(|o| player.coins.saturating_sub(o.coins)).collect();
    r
}

fn resolve_seat(
    event: &EventDef,
    scenario: OrleansScenario,
    seat: usize,
    player: &OrleansPlayer,
) -> OrleansResolution {
    let coins = player.coins;
    let mut r = base(event, seat_of(seat), coins);
    let f = failure(event, scenario);
    match event.effect {
        Effect::GainPerTradingPost(_)
        | Effect::GainPerDevelopmentLevel(_)
        | Effect::GainPerMonkInMarket(_)
        | Effect::GainBoatmenTrack => gain_from_holdings(r, event.effect, player),
        Effect::PayCoins(n) => coin_demand(r, n, coins, f),
        Effect::PayPerGood(k) => coin_demand(r, k.saturating_mul(player.goods.count()), coins, f),
        Effect::PayPerDevelopmentLevel => coin_demand(r, player.development_level, coins, f),
        Effect::PayPerTechnology(k) if f == OrleansFailure::RemoveTechnology => {
            pay_technology_or_remove(r, player, f, k)
        }
        Effect::PayPerTechnology(k) => coin_demand(r, k.saturating_mul(player.technology), coins, f),
        Effect::KnightOrCoins(n) => knight_or_coins(r, player, f, n),
        Effect::PayValue(v) => pay_value(r, player, f, v),
        Effect::FoodOrCoins { food, coins: price } => food_or_coins(r, player, f, food, price),
        Effect::Harvest => harvest(r, player, f),
        Effect::PayFood(n) => pay_food(r, player, f, n),
        Effect::PayGood(g, n) => pay_good(r, player, f, g, n),
        // Invasion, Convocation: « Renvoyez tous les pions Marchand à Orléans. Votre marchand
        // peut refuser la convocation et rester sur place en payant 5 pièces. »
        Effect::StayAwayFor(_) if player.in_orleans => {
            r.status = OrleansResolutionStatus::NoEffect;
            r.explanation = Text::new(
                "Marchand déjà à Orléans : rien à payer.",
                "Merchant already in Orléans: nothing to pay.",
            );
            r
        }
        Effect::StayAwayFor(price) => {
            let offer = EventDef { effect: Effect::MayPay { coins: price, times: 1, buys: &[] }, ..*event };
            resolve_seat(&offer, scenario, seat, player)
        }
        Effect::MayPay { coins: price, times, buys } => may_pay(r, event, player, price, times, buys),
        Effect::EachReturnsFollowers(n) => return_followers(r, player, n),
        Effect::GoodsValueOrFortification(v) => goods_value_or_fortification(r, player, f, v),
        Effect::PayIfInOrleans(n) => pay_if_in_orleans(r, player, f, n),
        _ => r,
    }
}

/// `k` coins per technology tile, the tiles not paid for removed.
fn pay_technology_or_remove(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    k: u32,
) -> OrleansResolution {
    let coins = player.coins;
    // Le dignitaire: pay for as many tiles as the coins allow, remove the others.
    let owed = k.saturating_mul(player.technology);
    let paid_tiles = coins.checked_div(k).map_or(player.technology, |n| player.technology.min(n));
    let removed = player.technology - paid_tiles;
    let paid = paid_tiles * k;
    r.coins_owed = owed;
    r.coins_after = coins - paid;
    if owed == 0 {
        r.status = OrleansResolutionStatus::NoEffect;
        r.explanation =
            Text::new("Aucun jeton Technologie : rien à payer.", "No technology tile: nothing to pay.");
        return r;
    }
    r.options = vec![OrleansPayment { coins: paid, technology: removed, ..OrleansPayment::default() }];
    r.status = match (removed, paid_tiles) {
        (0, _) => OrleansResolutionStatus::Payable,
        (_, 0) => OrleansResolutionStatus::Unpaid,
        _ => OrleansResolutionStatus::Partial,
    };
    if removed > 0 {
        r.shortfall = removed;
        r.consequence = Some(f);
    }
    r.explanation = Text::new(
        format!(
            "{owed} {} pour {} {} : payez {paid}, {removed} {}.",
            fr_noun(owed, "pièce due", "pièces dues"),
            player.technology,
            fr_noun(player.technology, "jeton", "jetons"),
            fr_noun(removed, "jeton retiré", "jetons retirés")
        ),
        format!(
            "{owed} {} due for {} {}: pay {paid}, {removed} {} removed.",
            en_noun(owed, "coin", "coins"),
            player.technology,
            en_noun(player.technology, "tile", "tiles"),
            en_noun(removed, "tile", "tiles")
        ),
    );
    r
}

/// A Knight discarded or `n` coins.
fn knight_or_coins(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    n: u32,
) -> OrleansResolution {
    let coins = player.coins;
    if player.knights > 0 {
        r.options.push(OrleansPayment { knights: 1, ..OrleansPayment::default() });
    }
    if coins >= n {
        r.options.push(OrleansPayment { coins: n, ..OrleansPayment::default() });
    }
    if r.options.is_empty() {
        return coin_demand(r, n, coins, f);
    }
    r.coins_owed = n;
    r.status = OrleansResolutionStatus::Payable;
    r.coins_after = r.options.first().map_or(coins, |first| coins.saturating_sub(first.coins));
    r.explanation = Text::new(
        format!("Défaussez un Chevalier ou payez {n} pièces."),
        format!("Discard a Knight or pay {n} coins."),
    );
    r
}

/// At least `v` VP in coins and/or goods.
fn pay_value(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    v: u32,
) -> OrleansResolution {
    let coins = player.coins;
    r.options = value_ways(&player.goods, coins, v, true);
    if let Some(first) = r.options.first() {
        r.status = OrleansResolutionStatus::Payable;
        r.coins_after = coins - first.coins;
        r.explanation = Text::new(
            format!("Au moins {v} PV en pièces et/ou marchandises ; le moins cher : {} PV.", first.points()),
            format!("At least {v} VP in coins and/or goods; cheapest: {} VP.", first.points()),
        );
    } else {
        let worth = coins.saturating_add(player.goods.points());
        r.status =
            if worth == 0 { OrleansResolutionStatus::Unpaid } else { OrleansResolutionStatus::Partial };
        r.shortfall = v.saturating_sub(worth);
        r.consequence = Some(f);
        r.coins_after = 0;
        let t = failure_text(f, r.shortfall);
        r.explanation = Text::new(
            format!("{v} PV demandés, vous n'en avez que {worth}. {}", t.fr),
            format!("{v} VP demanded, you have only {worth}. {}", t.en),
        );
    }
    r
}

/// `food` food or `price` coins.
fn food_or_coins(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    food: u32,
    price: u32,
) -> OrleansResolution {
    let coins = player.coins;
    r.options = food_ways(&player.goods, food);
    if coins >= price {
        r.options.push(OrleansPayment { coins: price, ..OrleansPayment::default() });
    }
    r.options.sort_by_key(OrleansPayment::points);
    r.coins_owed = price;
    if let Some(first) = r.options.first() {
        r.status = OrleansResolutionStatus::Payable;
        r.coins_after = coins - first.coins;
        r.explanation = Text::new(
            format!(
                "{food} {} ou {price} pièces ; le moins cher : {} PV.",
                fr_noun(food, "nourriture", "nourritures"),
                first.points()
            ),
            format!("{food} food or {price} coins; cheapest: {} VP.", first.points()),
        );
    } else {
        r.status = OrleansResolutionStatus::Unpaid;
        r.shortfall = price - coins;
        r.consequence = Some(f);
        let t = failure_text(f, r.shortfall);
        r.explanation = Text::new(
            format!("Ni {food} {} ni {price} pièces. {}", fr_noun(food, "nourriture", "nourritures"), t.fr),
            format!("Neither {food} food nor {price} coins. {}", t.en),
        );
    }
    r
}

/// The harvest: one food, else 5 coins.
fn harvest(mut r: OrleansResolution, player: &OrleansPlayer, f: OrleansFailure) -> OrleansResolution {
    let coins = player.coins;
    // Base Moisson (FACT-ORL-D1): one food; only without food, 5 coins; else torture.
    if player.goods.food() > 0 {
        r.options = food_ways(&player.goods, 1);
        r.status = OrleansResolutionStatus::Payable;
        r.explanation = Text::new("Rendez 1 nourriture.", "Hand in 1 food.");
        r
    } else {
        let mut r = coin_demand(r, 5, coins, f);
        r.explanation = Text::new(
            format!("Pas de nourriture : 5 pièces. {}", r.explanation.fr),
            format!("No food: 5 coins. {}", r.explanation.en),
        );
        r
    }
}

/// `n` food.
fn pay_food(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    n: u32,
) -> OrleansResolution {
    r.options = food_ways(&player.goods, n);
    if r.options.is_empty() {
        let have = player.goods.food();
        r.status = if have == 0 { OrleansResolutionStatus::Unpaid } else { OrleansResolutionStatus::Partial };
        r.shortfall = n - have;
        r.consequence = Some(f);
        r.explanation = failure_text(f, r.shortfall);
    } else {
        r.status = OrleansResolutionStatus::Payable;
    }
    r
}

/// `n` goods of kind `g`.
fn pay_good(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    g: OrleansGood,
    n: u32,
) -> OrleansResolution {
    let have = player.goods.get(g);
    if have >= n {
        let mut goods = OrleansGoods::default();
        goods.set(g, n);
        r.options = vec![OrleansPayment { goods, ..OrleansPayment::default() }];
        r.status = OrleansResolutionStatus::Payable;
    } else {
        r.status = if have == 0 { OrleansResolutionStatus::Unpaid } else { OrleansResolutionStatus::Partial };
        r.shortfall = n - have;
        r.consequence = Some(f);
        r.explanation = failure_text(f, r.shortfall);
    }
    r
}

/// An offer: up to `times` times `price` coins, each buying one of `buys`.
fn may_pay(
    mut r: OrleansResolution,
    event: &EventDef,
    player: &OrleansPlayer,
    price: u32,
    times: u32,
    buys: &'static [OrleansGain],
) -> OrleansResolution {
    let coins = player.coins;
    let affordable = coins.checked_div(price).map_or(times, |n| times.min(n));
    // Each number of times, with each thing it can buy (Avancée: a fortification or a
    // trading post), so that what is taken is recorded with what was paid.
    let alternatives: &[OrleansGain] = if buys.is_empty() { &[NOTHING_COUNTED] } else { buys };
    r.options = (1..=affordable)
        .flat_map(|k| {
            alternatives.iter().map(move |g| OrleansPayment {
                coins: k * price,
                gained: g.times(k),
                ..OrleansPayment::default()
            })
        })
        .collect();
    r.coins_owed = price;
    r.status =
        if affordable > 0 { OrleansResolutionStatus::Offer } else { OrleansResolutionStatus::NoEffect };
    if affordable == 0 {
        r.explanation = Text::new(
            format!("{} (il faut {price} pièces : offre hors de portée.)", event.text.fr),
            format!("{} ({price} coins needed: out of reach.)", event.text.en),
        );
    }
    r
}

/// Up to `n` followers returned.
fn return_followers(mut r: OrleansResolution, player: &OrleansPlayer, n: u32) -> OrleansResolution {
    let given = n.min(player.followers);
    r.options = vec![OrleansPayment { followers: given, ..OrleansPayment::default() }];
    r.status = if given == 0 { OrleansResolutionStatus::NoEffect } else { OrleansResolutionStatus::Payable };
    r.explanation = Text::new(
        format!("Rendez {given} {} (sur {n} demandés).", fr_noun(given, "partisan", "partisans")),
        format!("Return {given} {} (of {n} asked).", en_noun(given, "follower", "followers")),
    );
    r
}

/// Goods worth `v` VP or a fortification.
fn goods_value_or_fortification(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    v: u32,
) -> OrleansResolution {
    r.options = value_ways(&player.goods, 0, v, false);
    if player.fortifications > 0 {
        r.options.push(OrleansPayment { fortifications: 1, ..OrleansPayment::default() });
    }
    if r.options.is_empty() {
        r.status = OrleansResolutionStatus::Unpaid;
        r.shortfall = v.saturating_sub(player.goods.points());
        r.consequence = Some(f);
        r.explanation = failure_text(f, r.shortfall);
    } else {
        r.status = OrleansResolutionStatus::Payable;
    }
    r
}

/// `n` coins if the merchant is in Orléans.
fn pay_if_in_orleans(
    mut r: OrleansResolution,
    player: &OrleansPlayer,
    f: OrleansFailure,
    n: u32,
) -> OrleansResolution {
    let coins = player.coins;
    if player.in_orleans {
        coin_demand(r, n, coins, f)
    } else {
        r.status = OrleansResolutionStatus::NoEffect;
        r.explanation = Text::new(
            format!("Marchand hors d'Orléans : rien à payer (sinon {n} pièces en fin de manche)."),
            format!("Merchant outside Orléans: nothing to pay (else {n} coins at the end of the round)."),
        );
        r
    }
}

/// Coins gained for what a player holds (trading posts, development, monks in the market, the
/// boatmen track).
fn gain_from_holdings(r: OrleansResolution, effect: Effect, player: &OrleansPlayer) -> OrleansResolution {
    let (n, how) = match effect {
        Effect::GainPerTradingPost(k) => (
            k.saturating_mul(player.trading_posts),
            Text::new(
                format!(
                    "{k} × {} {}",
                    player.trading_posts,
                    fr_noun(player.trading_posts, "comptoir", "comptoirs")
                ),
                format!(
                    "{k} × {} {}",
                    player.trading_posts,
                    en_noun(player.trading_posts, "trading post", "trading posts")
                ),
            ),
        ),
        Effect::GainPerDevelopmentLevel(k) => (
            k.saturating_mul(player.development_level),
            Text::new(
                format!("{k} × niveau de développement {}", player.development_level),
                format!("{k} × development level {}", player.development_level),
            ),
        ),
        Effect::GainPerMonkInMarket(k) => (
            k.saturating_mul(player.monks_in_market),
            Text::new(
                format!(
                    "{k} × {} {} au marché",
                    player.monks_in_market,
                    fr_noun(player.monks_in_market, "Moine", "Moines")
                ),
                format!(
                    "{k} × {} {} in the market",
                    player.monks_in_market,
                    en_noun(player.monks_in_market, "Monk", "Monks")
                ),
            ),
        ),
        Effect::GainBoatmenTrack => (
            boatmen_coins(player.boatmen_track),
            Text::new(
                format!("Case {} de la piste des bateliers", player.boatmen_track),
                format!("Step {} of the boatmen track", player.boatmen_track),
            ),
        ),
        _ => return r,
    };
    gain(r, player.coins, n, how)
}

/// `n` coins gained, `how` says for what.
fn gain(mut r: OrleansResolution, coins: u32, n: u32, how: Text) -> OrleansResolution {
    r.status = if n > 0 { OrleansResolutionStatus::Gain } else { OrleansResolutionStatus::NoEffect };
    r.coins_gained = n;
    r.coins_after = coins.saturating_add(n);
    r.explanation = Text::new(
        format!("{} : +{n} {}, {} en tout.", how.fr, fr_noun(n, "pièce", "pièces"), r.coins_after),
        format!("{}: +{n} {}, {} in all.", how.en, en_noun(n, "coin", "coins"), r.coins_after),
    );
    r
}

/// Resolves a team event (Invasion): the players' holdings are pooled, since the team decides
/// who pays (Invasion, Événements).
pub fn resolve_team(
    event: &EventDef,
    scenario: OrleansScenario,
    players: &[OrleansPlayer],
    team: &OrleansTeam,
) -> OrleansResolution {
    let coins = team_sum(players, |p| p.coins);
    let mut r = base(event, None, coins);
    let f = failure(event, scenario);
    match event.effect {
        Effect::TeamItemsOrCoins { item, small, large, coins_each } => {
            r = team_items_or_coins(r, players, f, item, (small, large), coins_each);
        }
        Effect::TeamDevelopmentOrMonks(n) => r = team_development_or_monks(r, players, f, n),
        Effect::EachReturnsMonk => r = each_returns_monk(r, players, f),
        Effect::TeamMayPay { coins: n, .. } => {
            r.coins_owed = n;
            if coins >= n {
                r.status = OrleansResolutionStatus::Offer;
                r.options = vec![OrleansPayment { coins: n, ..OrleansPayment::default() }];
            } else {
                r.status = OrleansResolutionStatus::NoEffect;
            }
        }
        Effect::TeamGains { development, wine, coins: c } => {
            r.status = OrleansResolutionStatus::Gain;
            r.coins_gained = c;
            r.coins_after = coins.saturating_add(c);
            // Don: « Choisissez comment répartir ces gains entre les joueurs. »
            let total = OrleansShare { development, wine, coins: c, ..OrleansShare::default() };
            r.split = Some(OrleansSplit {
                gain: true,
                kinds: OrleansShareKind::ALL.into_iter().filter(|&k| total.get(k) > 0).collect(),
                total,
                owed: 0,
                most: vec![total; players.len()],
                forced: None,
            });
        }
        Effect::WarehouseLoss { cheese, grain } => r = warehouse_loss(r, team, cheese, grain),
        _ => {}
    }
    r
}

/// Items (technology tiles or place tiles) from the team, `small` up to 3 players, else
/// `large`; each one missing paid `coins_each` coins.
fn team_items_or_coins(
    mut r: OrleansResolution,
    players: &[OrleansPlayer],
    f: OrleansFailure,
    item: TeamItem,
    (small, large): (u32, u32),
    coins_each: u32,
) -> OrleansResolution {
    let coins = team_sum(players, |p| p.coins);
    let need = if players.len() <= 3 { small } else { large };
    let (items, (fr_one, fr_many), (en_one, en_many)) = match item {
        TeamItem::Technology => (
            team_sum(players, |p| p.technology),
            ("jeton Technologie", "jetons Technologie"),
            ("technology tile", "technology tiles"),
        ),
        TeamItem::PlaceTile => (
            team_sum(players, |p| p.place_tiles),
            ("tuile Lieu", "tuiles Lieu"),
            ("place tile", "place tiles"),
        ),
    };
    let given = need.min(items);
    let missing = need - given;
    let owed = missing.saturating_mul(coins_each);
    let pay = |n: u32, c: u32| match item {
        TeamItem::Technology => OrleansPayment { technology: n, coins: c, ..OrleansPayment::default() },
        TeamItem::PlaceTile => OrleansPayment { place_tiles: n, coins: c, ..OrleansPayment::default() },
    };
    // Every split between items and coins the team can afford, most items first.
    for n in (0..=given).rev() {
        let c = (need - n).saturating_mul(coins_each);
        if c <= coins {
            r.options.push(pay(n, c));
        }
    }
    r.coins_owed = owed;
    if owed <= coins {
        r.status = OrleansResolutionStatus::Payable;
        r.coins_after = coins - owed;
        r.explanation = Text::new(
            format!(
                "L'équipe rend {given} {} sur {need} et paie {owed} {}.",
                fr_noun(given, fr_one, fr_many),
                fr_noun(owed, "pièce", "pièces")
            ),
            format!(
                "The team returns {given} {} of {need} and pays {owed} {}.",
                en_noun(given, en_one, en_many),
                en_noun(owed, "coin", "coins")
            ),
        );
    } else {
        r.status = OrleansResolutionStatus::Partial;
        r.shortfall = owed - coins;
        r.consequence = Some(f);
        let t = failure_text(f, r.shortfall);
        r.explanation = Text::new(
            format!(
                "Demandé : {need} {} ; l'équipe en a {items} et {coins} {} pour {owed} {}. {}",
                fr_noun(need, fr_one, fr_many),
                fr_noun(coins, "pièce", "pièces"),
                fr_noun(owed, "due", "dues"),
                t.fr
            ),
            format!(
                "{need} {} asked, the team has {items} and {coins} {} for {owed} due. {}",
                en_noun(need, en_one, en_many),
                en_noun(coins, "coin", "coins"),
                t.en
            ),
        );
    }
    r
}

/// `n` development points from the team, each one missing paid with a Monk.
fn team_development_or_monks(
    mut r: OrleansResolution,
    players: &[OrleansPlayer],
    f: OrleansFailure,
    n: u32,
) -> OrleansResolution {
    // Invasion, Chasse aux sorcières: « L'équipe perd 6 points de développement » — a
    // player whose space is not typed holds at least the first space of their level.
    let dev = team_sum(players, OrleansPlayer::development_space);
    let monks = team_sum(players, |p| p.monks);
    let given = n.min(dev);
    let missing = n - given;
    r.options =
        vec![OrleansPayment { development: given, monks: missing.min(monks), ..OrleansPayment::default() }];
    if missing <= monks {
        r.status = OrleansResolutionStatus::Payable;
        r.explanation = Text::new(
            format!(
                "L'équipe recule de {given} {} de développement et rend {missing} {}.",
                fr_noun(given, "point", "points"),
                fr_noun(missing, "Moine", "Moines")
            ),
            format!(
                "The team moves back {given} development {} and returns {missing} {}.",
                en_noun(given, "point", "points"),
                en_noun(missing, "Monk", "Monks")
            ),
        );
    } else {
        r.status = OrleansResolutionStatus::Partial;
        r.shortfall = missing - monks;
        r.consequence = Some(f);
        r.explanation = failure_text(f, r.shortfall);
    }
    r.split = Some(development_or_monks_split(players, r.options.first(), n));
    if let Some(note) = spaces_assumed(players) {
        r.explanation = Text::new(
            format!("{} {}", r.explanation.fr, note.fr),
            format!("{} {}", r.explanation.en, note.en),
        );
    }
    r
}

/// « Choisissez ensemble la contribution de chacun »: the seats say who gives what of the
/// `owed` development points and Monks, each at most what it holds.
fn development_or_monks_split(
    players: &[OrleansPlayer],
    way: Option<&OrleansPayment>,
    owed: u32,
) -> OrleansSplit {
    let most: Vec<OrleansShare> = players
        .iter()
        .map(|p| OrleansShare {
            development: p.development_space(),
            monks: p.monks,
            ..OrleansShare::default()
        })
        .collect();
    let holders: Vec<usize> = most.iter().enumerate().filter(|(_, s)| s.sum() > 0).map(|(i, _)| i).collect();
    // Only one seat holds anything: no choice, that seat pays the cheapest way, as a
    // seat's own demand is paid when nothing is chosen.
    let forced = match (holders.as_slice(), way) {
        ([only], Some(way)) => Some(
            (0..players.len())
                .map(|i| {
                    if i == *only {
                        OrleansShare {
                            development: way.development,
                            monks: way.monks,
                            ..OrleansShare::default()
                        }
                    } else {
                        OrleansShare::default()
                    }
                })
                .collect(),
        ),
        _ => None,
    };
    OrleansSplit {
        gain: false,
        kinds: vec![OrleansShareKind::Development, OrleansShareKind::Monks],
        total: OrleansShare::default(),
        owed,
        most,
        forced,
    }
}

/// A Monk from each player, or one uncollected citizen for the team.
fn each_returns_monk(
    mut r: OrleansResolution,
    players: &[OrleansPlayer],
    f: OrleansFailure,
) -> OrleansResolution {
    // Invasion, Appel de Rome: « Chaque joueur replace un jeton Moine dans la réserve.
    // Si un joueur ne peut pas payer, ou si l'équipe entière décide de ne pas le faire,
    // retirez du jeu un jeton Citoyen non collecté » — one citizen for the team, never
    // one per player, and the team may choose it.
    let lacking: Vec<&str> = players.iter().filter(|p| p.monks == 0).map(|p| p.name.as_str()).collect();
    r.consequence = Some(f);
    if lacking.is_empty() {
        r.status = OrleansResolutionStatus::Offer;
        r.options = vec![OrleansPayment {
            monks: u32::try_from(players.len()).unwrap_or(u32::MAX),
            ..OrleansPayment::default()
        }];
        r.explanation = Text::new(
            "Chacun rend un Moine — ou l'équipe décide de ne pas le faire : un seul Citoyen non collecté quitte alors la partie (choisi ensemble).",
            "Each player returns a Monk — or the team decides not to: then a single uncollected citizen leaves the game (chosen together).",
        );
    } else {
        r.status = OrleansResolutionStatus::Unpaid;
        r.shortfall = u32::try_from(lacking.len()).unwrap_or(u32::MAX);
        let who = lacking.join(", ");
        r.explanation = Text::new(
            format!(
                "{who} n'a pas de Moine : un seul Citoyen non collecté quitte la partie pour toute l'équipe (choisi ensemble)."
            ),
            format!(
                "{who} has no Monk: a single uncollected citizen leaves the game for the whole team (chosen together)."
            ),
        );
    }
    r
}

/// The warehouse loses up to `cheese` cheese and `grain` grain.
fn warehouse_loss(
    mut r: OrleansResolution,
    team: &OrleansTeam,
    cheese: u32,
    grain: u32,
) -> OrleansResolution {
    let lost = OrleansGoods {
        cheese: cheese.min(team.warehouse.cheese),
        grain: grain.min(team.warehouse.grain),
        ..OrleansGoods::default()
    };
    r.options = vec![OrleansPayment { goods: lost, ..OrleansPayment::default() }];
    r.status =
        if lost.count() == 0 { OrleansResolutionStatus::NoEffect } else { OrleansResolutionStatus::Payable };
    r.explanation = Text::new(
        format!(
            "L'Entrepôt perd {} {} et {} {}.",
            lost.cheese,
            fr_noun(lost.cheese, "Fromage", "Fromages"),
            lost.grain,
            fr_noun(lost.grain, "Céréale", "Céréales")
        ),
        format!("The warehouse loses {} cheese and {} grain.", lost.cheese, lost.grain),
    );
    r
}

/// What the team holds of something, all players together.
fn team_sum(players: &[OrleansPlayer], f: fn(&OrleansPlayer) -> u32) -> u32 {
    players.iter().map(f).fold(0u32, u32::saturating_add)
}

/// Which development spaces were counted without being typed (each player's level's first
/// space), to say so beside what the team owes; `None` when every space was typed.
fn spaces_assumed(players: &[OrleansPlayer]) -> Option<Text> {
    let assumed: Vec<&OrleansPlayer> = players.iter().filter(|p| !p.development_points_typed).collect();
    if assumed.is_empty() {
        return None;
    }
    let each = |fr: bool| {
        assumed
            .iter()
            .map(|p| {
                let (space, level) = (p.development_space(), p.development_level);
                if fr {
                    format!("{} case {space} (début du niveau {level})", p.name)
                } else {
                    format!("{} space {space} (start of level {level})", p.name)
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    Some(Text::new(
        format!(
            "Case de développement non saisie, comptée au début du niveau : {}. Saisissez la case pour un compte exact.",
            each(true)
        ),
        format!(
            "Development space not entered, counted at the start of the level: {}. Enter the space for an exact count.",
            each(false)
        ),
    ))
}

/// Whether the event concerns the team as a whole rather than each player.
pub fn is_team_event(event: &EventDef) -> bool {
    matches!(
        event.effect,
        Effect::EachReturnsMonk
            | Effect::TeamItemsOrCoins { .. }
            | Effect::TeamDevelopmentOrMonks(_)
            | Effect::TeamMayPay { .. }
            | Effect::TeamGains { .. }
            | Effect::WarehouseLoss { .. }
            | Effect::Reinforcement
            | Effect::FinalCheck
    )
}

/// Whether `event` is resolved once for the whole table in `scenario`: a team event, and in
/// Invasion (« Les joueurs font équipe pour sauver la ville ») a rule that counts nothing for
/// any seat (Bandits, Sécheresse, Pirates…): shown and logged once, not once per player.
pub fn is_team_event_in(event: &EventDef, scenario: OrleansScenario) -> bool {
    is_team_event(event) || (scenario == OrleansScenario::Invasion && matches!(event.effect, Effect::Rule))
}

/// Resolves an event for the table: one resolution for a team event, else one per seat.
pub fn resolve(
    event: &EventDef,
    scenario: OrleansScenario,
    players: &[OrleansPlayer],
    team: &OrleansTeam,
) -> Vec<OrleansResolution> {
    if is_team_event_in(event, scenario) {
        return vec![resolve_team(event, scenario, players, team)];
    }
    let mut all: Vec<OrleansResolution> =
        players.iter().enumerate().map(|(i, p)| resolve_player(event, scenario, i, p)).collect();
    if scenario == OrleansScenario::Invasion {
        // Avancée: « bâtir une fortification » stands on a border town's special-building token;
        // with every one the setup left free fortified already, none is offered.
        let free = super::status::fortifications_to_build(players.len());
        if team.fortifications >= free {
            for r in &mut all {
                // `coins_after_each` follows `options`, way for way.
                let ways = std::mem::take(&mut r.options);
                let after = std::mem::take(&mut r.coins_after_each);
                let kept = ways.into_iter().zip(after).filter(|(o, _)| o.gained.fortifications == 0);
                (r.options, r.coins_after_each) = kept.unzip();
            }
        }
    }
    all
}

/// The Administrateur terrien's end-of-round dues as an event (not a tile: his card).
pub static ADMINISTRATOR_DUES: EventDef = EventDef {
    id: super::table::ADMINISTRATOR,
    name: crate::games::StaticText { fr: "Dus de l'Administrateur terrien", en: "Land steward's dues" },
    moment: super::catalogue::OrleansMoment::EndOfRound,
    effect: Effect::Rule,
    text: crate::games::StaticText {
        fr: "Payez en fin de manche les pièces inscrites sur la carte, sinon l'équipe perd.",
        en: "Pay the coins printed on the card at the end of the round, else the team loses.",
    },
    failure: Some(OrleansFailure::Loss),
    source: "ORL §Invasion, Objectifs personnels (Administrateur terrien)",
};

/// The steward's coins due at the end of `round`: entered from the card; round 1 is 2 coins
/// (Invasion, Administrateur terrien: the book's example). `None` when not entered yet.
pub fn administrator_due(player: &OrleansPlayer, round: u8) -> Option<u32> {
    let i = usize::from(round.checked_sub(1)?);
    player.dues.get(i).copied().or(if round == 1 { Some(2) } else { None })
}

/// The steward's extra duty of `round` (Invasion, Administrateur terrien).
pub fn administrator_duty(player: &OrleansPlayer, round: u8) -> Option<Text> {
    match round {
        5 | 18 => Some(Text::new(
            format!(
                "Reculez de {} {} sur la piste de développement (livres de la carte).",
                player.books,
                fr_noun(player.books, "case", "cases")
            ),
            format!(
                "Move back {} {} on the development track (the card's books).",
                player.books,
                en_noun(player.books, "space", "spaces")
            ),
        )),
        8 | 14 => Some(Text::new(
            "Rendez un Fermier et un Batelier de votre marché.",
            "Return a Farmer and a Boatman from your market.",
        )),
        10 => Some(Text::new("Rendez un jeton Technologie placé.", "Return a placed technology tile.")),
        13 => Some(Text::new(
            "Retirez un de vos comptoirs de la carte.",
            "Remove one of your trading posts from the map.",
        )),
        16 => Some(Text::new(
            "Remettez une tuile Lieu dans la réserve.",
            "Put a place tile back in the supply.",
        )),
        _ => None,
    }
}

/// Resolves the steward's coin dues for `round` (coins due unknown → a rule reminder).
pub fn resolve_administrator(seat: usize, player: &OrleansPlayer, round: u8) -> OrleansResolution {
    let r = base(&ADMINISTRATOR_DUES, seat_of(seat), player.coins);
    let mut r = match administrator_due(player, round) {
        Some(due) => coin_demand(r, due, player.coins, OrleansFailure::Loss),
        None => r,
    };
    r.coins_after_each = r.options.iter().map(|o| player.coins.saturating_sub(o.coins)).collect();
    r
}
