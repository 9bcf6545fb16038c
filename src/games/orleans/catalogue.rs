//! The six scenarios and every event as data: names, moments, parameterised effects, fixed
//! tracks, objectives, charitable acts. One place per fact; the resolvers read these tables.

use serde::{Deserialize, Serialize};

use super::resolve::OrleansGain;
use crate::games::StaticText;
use crate::text::Text;

const fn t(fr: &'static str, en: &'static str) -> StaticText {
    StaticText { fr, en }
}

/// The rulebook's key (`docs/sources.md`): a scenario's source is one of its sections.
pub const BOOK: &str = "ORL";

/// One of the six scenarios (the play's variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrleansScenario {
    Prosperite,
    Invasion,
    Duel,
    Dignitaire,
    Vierzon,
    Marchand,
}

impl OrleansScenario {
    pub const ALL: [OrleansScenario; 6] = [
        OrleansScenario::Prosperite,
        OrleansScenario::Invasion,
        OrleansScenario::Duel,
        OrleansScenario::Dignitaire,
        OrleansScenario::Vierzon,
        OrleansScenario::Marchand,
    ];

    /// The variant id in [`super::INFO`].
    pub fn id(self) -> &'static str {
        match self {
            OrleansScenario::Prosperite => "prosperite",
            OrleansScenario::Invasion => "invasion",
            OrleansScenario::Duel => "duel",
            OrleansScenario::Dignitaire => "dignitaire",
            OrleansScenario::Vierzon => "vierzon",
            OrleansScenario::Marchand => "marchand",
        }
    }

    pub fn from_id(id: &str) -> Option<OrleansScenario> {
        OrleansScenario::ALL.into_iter().find(|s| s.id() == id)
    }

    pub fn label(self) -> Text {
        super::INFO.variant(self.id()).map_or_else(|| Text::new(self.id(), self.id()), |v| v.label.to_text())
    }

    /// The fixed event track, one event id per round (empty for Invasion: its events are drawn).
    pub fn track(self) -> &'static [&'static str] {
        match self {
            OrleansScenario::Prosperite => PROSPERITE_TRACK,
            OrleansScenario::Invasion => &[],
            OrleansScenario::Duel => DUEL_TRACK,
            OrleansScenario::Dignitaire => DIGNITAIRE_TRACK,
            OrleansScenario::Vierzon => VIERZON_TRACK,
            OrleansScenario::Marchand => MARCHAND_TRACK,
        }
    }

    /// Rounds played. Invasion: 18 with 2–3 players, 16 with 4–5 (one round per drawn tile).
    pub fn rounds(self, players: usize) -> u8 {
        match self {
            // Invasion, Mise en place: 9 A + 8 B + C at 2–3 players, 8 A + 7 B + C at 4–5.
            OrleansScenario::Invasion => {
                let (a, b) = super::deck::draw_counts(players);
                a.saturating_add(b).saturating_add(1)
            }
            other => u8::try_from(other.track().len()).unwrap_or(u8::MAX),
        }
    }

    /// What a payment the player cannot make costs when the event itself says nothing.
    pub fn default_failure(self) -> OrleansFailure {
        match self {
            // Le duel, Tour de jeu: no torture; failing to pay an event loses at once.
            OrleansScenario::Duel => OrleansFailure::Loss,
            _ => OrleansFailure::Torture,
        }
    }

    /// The objectives each player pursues (Invasion: the common goals are separate; the
    /// characters' are in [`CHARACTERS`]).
    pub fn objectives(self) -> &'static [ObjectiveDef] {
        match self {
            OrleansScenario::Duel => DUEL_OBJECTIVES,
            OrleansScenario::Vierzon => VIERZON_OBJECTIVES,
            OrleansScenario::Marchand => MARCHAND_OBJECTIVES,
            _ => &[],
        }
    }

    pub fn charitable_acts(self) -> &'static [CharitableAct] {
        match self {
            OrleansScenario::Prosperite => PROSPERITE_ACTS,
            OrleansScenario::Duel => DUEL_ACTS,
            OrleansScenario::Vierzon => VIERZON_ACTS,
            // Le dignitaire and Marchand itinérant use the base game's board.
            _ => &[],
        }
    }
}

/// A good and its value in victory points (base game: 1 to 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrleansGood {
    Grain,
    Cheese,
    Wine,
    Wool,
    Brocade,
}

impl OrleansGood {
    pub const ALL: [OrleansGood; 5] =
        [OrleansGood::Grain, OrleansGood::Cheese, OrleansGood::Wine, OrleansGood::Wool, OrleansGood::Brocade];

    /// FACT-ORL-D3 (V2): grain 1, cheese 2, wine 3, wool 4, brocade 5.
    pub fn points(self) -> u32 {
        match self {
            OrleansGood::Grain => 1,
            OrleansGood::Cheese => 2,
            OrleansGood::Wine => 3,
            OrleansGood::Wool => 4,
            OrleansGood::Brocade => 5,
        }
    }

    /// Grain, cheese and wine are food.
    pub fn is_food(self) -> bool {
        matches!(self, OrleansGood::Grain | OrleansGood::Cheese | OrleansGood::Wine)
    }

    pub fn id(self) -> &'static str {
        match self {
            OrleansGood::Grain => "grain",
            OrleansGood::Cheese => "cheese",
            OrleansGood::Wine => "wine",
            OrleansGood::Wool => "wool",
            OrleansGood::Brocade => "brocade",
        }
    }

    pub fn label(self) -> StaticText {
        match self {
            OrleansGood::Grain => t("Céréales", "Grain"),
            OrleansGood::Cheese => t("Fromage", "Cheese"),
            OrleansGood::Wine => t("Vin", "Wine"),
            OrleansGood::Wool => t("Laine", "Wool"),
            OrleansGood::Brocade => t("Brocart", "Brocade"),
        }
    }
}

/// When in the round an event applies (Invasion, Événements: ⚙️ tiles name their moment; the
/// others apply in phase 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrleansMoment {
    StartOfRound,
    /// Right after drawing followers (phase 3).
    AfterDraw,
    /// A restriction valid the whole round.
    AllRound,
    /// Phase 6, the events phase.
    EventsPhase,
    EndOfRound,
}

/// What happens when a demand is not met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum OrleansFailure {
    /// Base game: each missing coin costs one item of the player's choice.
    Torture,
    /// The game is lost at once.
    Loss,
    /// Dignitaire's Taxe technologique: each unpaid tile is removed.
    RemoveTechnology,
    /// Appel de Rome: an uncollected citizen leaves the game.
    RemoveCitizen,
}

/// An event's effect, parameterised so one variant serves every event that differs only by
/// its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// A restriction or a free move: nothing to count.
    Rule,
    GainPerTradingPost(u32),
    GainPerDevelopmentLevel(u32),
    GainPerMonkInMarket(u32),
    /// Zones de pêche: coins equal to the boatmen track position, nothing on its last space.
    GainBoatmenTrack,
    PayCoins(u32),
    PayPerTechnology(u32),
    PayPerGood(u32),
    PayPerDevelopmentLevel,
    /// Émeutes: discard a knight, or pay the coins.
    KnightOrCoins(u32),
    /// Coins and/or goods worth at least this many points.
    PayValue(u32),
    /// Either this much food or these coins (player's choice).
    FoodOrCoins {
        food: u32,
        coins: u32,
    },
    /// Base Moisson: one food; without food, 5 coins.
    Harvest,
    PayFood(u32),
    PayGood(OrleansGood, u32),
    /// An offer: pay `coins` (up to `times` times) for what `buys` says — one alternative to
    /// choose (empty: nothing the sheet counts, like a move or a good picked on the board).
    MayPay {
        coins: u32,
        times: u32,
        buys: &'static [OrleansGain],
    },
    /// Convocation: merchants go back to Orléans; one outside may stay for these coins (an
    /// offer), one already there has nothing to pay.
    StayAwayFor(u32),
    /// A team offer, split freely among the players: `coins` for `grain` on the warehouse
    /// (Bonne affaire).
    TeamMayPay {
        coins: u32,
        grain: u32,
    },
    /// Démolition / Incendie criminel: the team hands back items, or pays per missing item.
    TeamItemsOrCoins {
        item: TeamItem,
        small: u32,
        large: u32,
        coins_each: u32,
    },
    /// Chasse aux sorcières: development points, each missing one replaced by a monk.
    TeamDevelopmentOrMonks(u32),
    /// Appel de Rome: each player returns a monk.
    EachReturnsMonk,
    /// Famine: each player returns followers (not their own colour), as many as they can.
    EachReturnsFollowers(u32),
    /// Braquage: goods worth at least this, or a fortification destroyed.
    GoodsValueOrFortification(u32),
    /// Voyage: a merchant in Orléans at the end of the round costs these coins.
    PayIfInOrleans(u32),
    /// Don: the team shares these gains.
    TeamGains {
        development: u32,
        wine: u32,
        coins: u32,
    },
    /// Rats: the warehouse loses cheese and grain.
    WarehouseLoss {
        cheese: u32,
        grain: u32,
    },
    /// Peste: followers drawn from the bag go back to the supply.
    Plague(u32),
    /// Renfort: one more knight on the ramparts.
    Reinforcement,
    /// Invasion: every goal is checked at the end of the round.
    FinalCheck,
}

impl Effect {
    /// Whether coins can make up what a demand lacks: not when it asks for food, a good or
    /// goods alone (Le duel: Moisson « Vous devez payer 2 jetons Nourriture », Jour du fromage;
    /// Invasion: Braquage).
    pub fn coins_can_pay(self) -> bool {
        !matches!(self, Effect::PayFood(_) | Effect::PayGood(..) | Effect::GoodsValueOrFortification(_))
    }

    /// The food the demand asks when paid in food (its first way): Le duel's Moisson « 2
    /// jetons Nourriture », Marchand itinérant's « 1 nourriture ou 2 pièces » and « 2
    /// nourritures ou 4 pièces », the base Moisson's one food (coins only without food).
    pub fn food_asked(self) -> Option<u32> {
        match self {
            Effect::PayFood(n) | Effect::FoodOrCoins { food: n, .. } => Some(n),
            Effect::Harvest => Some(1),
            _ => None,
        }
    }
}

/// What the team hands back in [`Effect::TeamItemsOrCoins`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum TeamItem {
    Technology,
    PlaceTile,
}

/// One event as data.
#[derive(Debug, Clone, Copy)]
pub struct EventDef {
    pub id: &'static str,
    pub name: StaticText,
    pub moment: OrleansMoment,
    pub effect: Effect,
    /// Own-words summary.
    pub text: StaticText,
    /// Set when the event names its own consequence; else the scenario's default.
    pub failure: Option<OrleansFailure>,
    /// Where the rulebook describes it.
    pub source: &'static str,
}

const fn ev(
    id: &'static str,
    name: StaticText,
    moment: OrleansMoment,
    effect: Effect,
    text: StaticText,
    failure: Option<OrleansFailure>,
    source: &'static str,
) -> EventDef {
    EventDef { id, name, moment, effect, text, failure, source }
}

use Effect as E;
use OrleansFailure as F;
use OrleansMoment as M;

/// Every event of the book (and the base events it refers to), one entry per distinct effect.
pub static EVENTS: &[EventDef] = &[
    // --- Base-game events the book refers to ("voir les règles du jeu de base"), FACT-ORL-D1.
    ev(
        "pelerinage",
        t("Pèlerinage", "Pilgrimage"),
        M::AllRound,
        E::Rule,
        t("Aucun Moine ne peut être recruté pendant la manche.", "No Monk may be recruited this round."),
        None,
        "FACT-ORL-D1; ORL §Le dignitaire, Événements",
    ),
    ev(
        "moisson",
        t("Moisson", "Harvest"),
        M::EventsPhase,
        E::Harvest,
        t(
            "Chacun rend 1 nourriture (céréales, fromage ou vin) ; sans nourriture, 5 pièces ; sinon torture.",
            "Each player hands in 1 food (grain, cheese or wine); without food, 5 coins; else torture.",
        ),
        None,
        "FACT-ORL-D1",
    ),
    ev(
        "revenus",
        t("Revenus", "Income"),
        M::EventsPhase,
        E::GainPerDevelopmentLevel(1),
        t(
            "Chacun reçoit autant de pièces que son niveau de développement.",
            "Each player receives coins equal to their development level.",
        ),
        None,
        "FACT-ORL-D1; ORL §Le dignitaire, Événements (manche 10)",
    ),
    ev(
        "peste",
        t("Peste", "Plague"),
        M::EventsPhase,
        E::Plague(1),
        t(
            "Tirez 1 partisan du sac ; sauf s'il est de votre couleur, il retourne à la réserve.",
            "Draw 1 follower from your bag; unless it is of your colour, it goes back to the supply.",
        ),
        None,
        "FACT-ORL-D1",
    ),
    // --- Prospérité, Événements.
    ev(
        "soutien",
        t("Soutien", "Support"),
        M::EventsPhase,
        E::Rule,
        t(
            "Tirez un partisan du sac, avancez sur sa piste et faites l'action, puis ajoutez un partisan du même type au sac.",
            "Draw a follower, advance on its track and take the action, then add a follower of that type to your bag.",
        ),
        None,
        "ORL §Prospérité, Événements; ORL §Invasion, Pile A 13",
    ),
    ev(
        "indulgence",
        t("Indulgence", "Indulgence"),
        M::EventsPhase,
        E::MayPay { coins: 4, times: 1, buys: &[OrleansGain::MONK] },
        t(
            "Vous pouvez payer 4 pièces pour ajouter un Moine à votre sac.",
            "You may pay 4 coins to add a Monk to your bag.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "taxes_3",
        t("Taxes", "Taxes"),
        M::EventsPhase,
        E::PayCoins(3),
        t("Payez 3 pièces, sinon torture.", "Pay 3 coins, else torture."),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "emeutes",
        t("Émeutes", "Riots"),
        M::EventsPhase,
        E::KnightOrCoins(5),
        t(
            "Défaussez un Chevalier (marché ou sac) ou payez 5 pièces, sinon torture.",
            "Discard a Knight (market or bag) or pay 5 coins, else torture.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "pot_de_vin",
        t("Pot de vin", "Bribe"),
        M::EventsPhase,
        E::MayPay { coins: 4, times: 1, buys: &[OrleansGain::CITIZEN] },
        t("Vous pouvez payer 4 pièces pour un jeton Citoyen.", "You may pay 4 coins for a citizen tile."),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "incendie",
        t("Incendie", "Fire"),
        M::EventsPhase,
        E::Rule,
        t(
            "Vos tuiles Lieu sont retournées et inactives jusqu'à la Restauration ; technologies à la réserve, partisans au sac.",
            "Your place tiles are turned face down and inactive until Restoration; technology to the supply, followers to the bag.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "messe",
        t("Messe", "Mass"),
        M::EndOfRound,
        E::GainPerMonkInMarket(3),
        t(
            "En fin de manche, 3 pièces par Moine sur votre marché.",
            "At the end of the round, 3 coins per Monk in your market.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "peregrinations",
        t("Pérégrinations", "Wanderings"),
        M::EventsPhase,
        E::MayPay { coins: 2, times: 1, buys: &[] },
        t(
            "Dans l'ordre du tour, 2 pièces pour déplacer son marchand d'une ville et ramasser une marchandise.",
            "In turn order, 2 coins to move your merchant one town and pick up a good.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "restauration",
        t("Restauration", "Restoration"),
        M::EventsPhase,
        E::Rule,
        t(
            "Les tuiles Lieu brûlées sont retournées face visible.",
            "Burnt place tiles are turned face up again.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "fete_des_pelerins",
        t("Fête des pèlerins", "Pilgrims' feast"),
        M::EventsPhase,
        E::Rule,
        t(
            "Vous pouvez rendre un Moine et un autre partisan (pas de votre couleur) de votre marché pour un Citoyen.",
            "You may give up a Monk and another follower (not your colour) from your market for a citizen.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "jour_de_marche",
        t("Jour de marché", "Market day"),
        M::EventsPhase,
        E::Rule,
        t(
            "Vous pouvez acheter jusqu'à 2 marchandises de la réserve à leur prix ; pas de vente.",
            "You may buy up to 2 goods from the supply at their price; no selling.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    ev(
        "taxe_de_developpement",
        t("Taxe de développement", "Development tax"),
        M::EventsPhase,
        E::PayPerDevelopmentLevel,
        t(
            "Payez autant de pièces que votre niveau de développement, sinon torture.",
            "Pay coins equal to your development level, else torture.",
        ),
        None,
        "ORL §Prospérité, Événements",
    ),
    // --- Le duel, Événements.
    ev(
        "rencontre_en_ville",
        t("Rencontre en ville", "Town meeting"),
        M::EventsPhase,
        E::MayPay { coins: 3, times: 1, buys: &[OrleansGain::CITIZEN] },
        t("Vous pouvez acheter un Citoyen pour 3 pièces.", "You may buy a citizen for 3 coins."),
        None,
        "ORL §Le duel, Événements",
    ),
    ev(
        "jour_de_commerce_1",
        t("Jour de commerce", "Trading day"),
        M::EventsPhase,
        E::GainPerTradingPost(1),
        t("1 pièce par comptoir construit.", "1 coin per trading post built."),
        None,
        "ORL §Le duel / Le dignitaire, Événements",
    ),
    ev(
        "jour_de_commerce_2",
        t("Jour de commerce", "Trading day"),
        M::EventsPhase,
        E::GainPerTradingPost(2),
        t("2 pièces par comptoir construit.", "2 coins per trading post built."),
        None,
        "ORL §Le duel / Le dignitaire / Vierzon, Événements",
    ),
    ev(
        "jour_de_commerce_3",
        t("Jour de commerce", "Trading day"),
        M::EventsPhase,
        E::GainPerTradingPost(3),
        t("3 pièces par comptoir construit.", "3 coins per trading post built."),
        None,
        "ORL §Le duel / Le dignitaire, Événements",
    ),
    ev(
        "echange",
        t("Échange", "Exchange"),
        M::EventsPhase,
        E::Rule,
        t(
            "Vous pouvez échanger une de vos marchandises contre une de la réserve.",
            "You may swap one of your goods for one from the supply.",
        ),
        None,
        "ORL §Le duel, Événements",
    ),
    ev(
        "jour_du_fromage",
        t("Jour du fromage", "Cheese day"),
        M::EventsPhase,
        E::PayGood(OrleansGood::Cheese, 1),
        t("Rendez 1 Fromage à la réserve.", "Hand 1 cheese back to the supply."),
        None,
        "ORL §Le duel, Événements",
    ),
    ev(
        "taxe_technologique_1",
        t("Taxe technologique", "Technology tax"),
        M::EventsPhase,
        E::PayPerTechnology(1),
        t("1 pièce par jeton Technologie placé.", "1 coin per technology tile placed."),
        None,
        "ORL §Le duel, Événements",
    ),
    ev(
        "voyage_express",
        t("Voyage express", "Express journey"),
        M::EventsPhase,
        E::MayPay { coins: 1, times: 2, buys: &[] },
        t(
            "Vous pouvez déplacer votre marchand de 1 ou 2 villes, 1 pièce par pas, sans ramasser de marchandise.",
            "You may move your merchant 1 or 2 towns, 1 coin a step, picking up no good.",
        ),
        None,
        "ORL §Le duel, Événements",
    ),
    ev(
        "taxe_sur_les_marchandises",
        t("Taxe sur les marchandises", "Goods tax"),
        M::EventsPhase,
        E::PayPerGood(1),
        t("1 pièce par marchandise en votre possession.", "1 coin per good you hold."),
        None,
        "ORL §Le duel / Vierzon, Événements",
    ),
    ev(
        "cotisation_7pv",
        t("Cotisation", "Contribution"),
        M::EventsPhase,
        E::PayValue(7),
        t(
            "Payez pièces et/ou marchandises valant au moins 7 PV.",
            "Pay coins and/or goods worth at least 7 VP.",
        ),
        None,
        "ORL §Le duel, Événements",
    ),
    ev(
        "cotisation_4pv",
        t("Cotisation", "Contribution"),
        M::EventsPhase,
        E::PayValue(4),
        t(
            "Payez pièces et/ou marchandises valant au moins 4 PV.",
            "Pay coins and/or goods worth at least 4 VP.",
        ),
        None,
        "ORL §Le duel, Événements",
    ),
    ev(
        "moisson_2",
        t("Moisson", "Harvest"),
        M::EventsPhase,
        E::PayFood(2),
        t("Rendez 2 nourritures.", "Hand in 2 food."),
        None,
        "ORL §Le duel, Événements (manche 11)",
    ),
    ev(
        "retour_a_la_maison",
        t("Retour à la maison", "Homecoming"),
        M::EventsPhase,
        E::Rule,
        t(
            "Votre marchand rentre à Orléans sans rien ramasser.",
            "Your merchant goes back to Orléans picking up nothing.",
        ),
        None,
        "ORL §Le duel, Événements",
    ),
    // --- Le dignitaire / Vierzon, Événements.
    ev(
        "conference",
        t("Conférence", "Conference"),
        M::AllRound,
        E::Rule,
        t("Aucun Érudit ne peut être recruté pendant la manche.", "No Scholar may be recruited this round."),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "greve",
        t("Grève", "Strike"),
        M::AllRound,
        E::Rule,
        t(
            "Aucun Artisan ne peut être recruté pendant la manche.",
            "No Craftsman may be recruited this round.",
        ),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "croisade",
        t("Croisade", "Crusade"),
        M::AllRound,
        E::Rule,
        t(
            "Aucun Chevalier ne peut être recruté pendant la manche.",
            "No Knight may be recruited this round.",
        ),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "revenus_2",
        t("Revenus", "Income"),
        M::EventsPhase,
        E::GainPerDevelopmentLevel(2),
        t("Deux pièces par niveau de développement.", "Two coins per development level."),
        None,
        "ORL §Le dignitaire, Événements (manche 5)",
    ),
    ev(
        "revenus_3",
        t("Revenus", "Income"),
        M::EventsPhase,
        E::GainPerDevelopmentLevel(3),
        t("Trois pièces par niveau de développement.", "Three coins per development level."),
        None,
        "ORL §Vierzon, Événements (manche 5)",
    ),
    ev(
        "cotisation_5",
        t("Cotisation", "Contribution"),
        M::EventsPhase,
        E::PayCoins(5),
        t("Payez 5 pièces, sinon torture.", "Pay 5 coins, else torture."),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "cotisation_10",
        t("Cotisation", "Contribution"),
        M::EventsPhase,
        E::PayCoins(10),
        t("Payez 10 pièces, sinon torture.", "Pay 10 coins, else torture."),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "cotisation_15",
        t("Cotisation", "Contribution"),
        M::EventsPhase,
        E::PayCoins(15),
        t("Payez 15 pièces, sinon torture.", "Pay 15 coins, else torture."),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "taxe_technologique_2",
        t("Taxe technologique", "Technology tax"),
        M::EventsPhase,
        E::PayPerTechnology(2),
        t(
            "2 pièces par jeton Technologie placé ; chaque jeton impayé est retiré.",
            "2 coins per technology tile placed; each unpaid tile is removed.",
        ),
        Some(F::RemoveTechnology),
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "sabotage",
        t("Sabotage", "Sabotage"),
        M::AllRound,
        E::Rule,
        t(
            "Les actions portant un jeton Technologie sont inutilisables pendant la manche.",
            "Actions holding a technology tile cannot be used this round.",
        ),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "rupture_d_essieu",
        t("Rupture d'essieu", "Broken axle"),
        M::AllRound,
        E::Rule,
        t("La Diligence est inutilisable pendant la manche.", "The Stagecoach cannot be used this round."),
        None,
        "ORL §Le dignitaire, Événements",
    ),
    ev(
        "amnistie",
        t("Amnistie", "Amnesty"),
        M::AllRound,
        E::Rule,
        t(
            "Un partisan reçu peut être placé aussitôt sur une action, utilisable si elle est activée.",
            "A follower you receive may go straight onto an action, usable if that activates it.",
        ),
        None,
        "ORL §Vierzon, Événements",
    ),
    ev(
        "tempete",
        t("Tempête", "Storm"),
        M::AllRound,
        E::Rule,
        t(
            "Votre marchand ne peut pas se déplacer pendant la manche.",
            "Your merchant cannot move this round.",
        ),
        None,
        "ORL §Vierzon, Événements",
    ),
    ev(
        "bannissement",
        t("Bannissement", "Banishment"),
        M::AfterDraw,
        E::Rule,
        t(
            "Juste après le tirage, remettez 2 partisans tirés dans le sac.",
            "Right after drawing, put 2 drawn followers back in the bag.",
        ),
        None,
        "ORL §Vierzon, Événements",
    ),
    // --- Marchand itinérant, Événements.
    ev(
        "nourriture",
        t("Nourriture", "Food"),
        M::EventsPhase,
        E::FoodOrCoins { food: 1, coins: 2 },
        t(
            "Payez 1 nourriture ou 2 pièces, sinon la partie est perdue.",
            "Pay 1 food or 2 coins, else the game is lost.",
        ),
        Some(F::Loss),
        "ORL §Marchand itinérant, Événements",
    ),
    ev(
        "grand_festin",
        t("Grand festin", "Great feast"),
        M::EventsPhase,
        E::FoodOrCoins { food: 2, coins: 4 },
        t(
            "Payez 2 nourritures ou 4 pièces, sinon la partie est perdue.",
            "Pay 2 food or 4 coins, else the game is lost.",
        ),
        Some(F::Loss),
        "ORL §Marchand itinérant, Événements",
    ),
    // --- Invasion, Pile A.
    ev(
        "reunion_du_conseil",
        t("Réunion du conseil", "Council meeting"),
        M::AllRound,
        E::Rule,
        t(
            "L'action Mairie est interdite pendant la manche.",
            "The Town Hall action is forbidden this round.",
        ),
        None,
        "ORL §Invasion, Pile A 1",
    ),
    ev(
        "demolition",
        t("Démolition", "Demolition"),
        M::EventsPhase,
        E::TeamItemsOrCoins { item: TeamItem::Technology, small: 2, large: 3, coins_each: 3 },
        t(
            "L'équipe rend 2 (2–3 joueurs) ou 3 (4–5) jetons Technologie ; 3 pièces par jeton manquant, sinon défaite.",
            "The team returns 2 (2–3 players) or 3 (4–5) technology tiles; 3 coins per missing tile, else defeat.",
        ),
        Some(F::Loss),
        "ORL §Invasion, Pile A 2",
    ),
    ev(
        "don",
        t("Don", "Donation"),
        M::StartOfRound,
        E::TeamGains { development: 3, wine: 1, coins: 3 },
        t(
            "En début de manche, l'équipe se partage 3 points de développement, 1 Vin et 3 pièces.",
            "At the start of the round the team shares 3 development points, 1 wine and 3 coins.",
        ),
        None,
        "ORL §Invasion, Pile A 3",
    ),
    ev(
        "secheresse",
        t("Sécheresse", "Drought"),
        M::EventsPhase,
        E::Rule,
        t("L'équipe retire 4 Céréales de la carte.", "The team removes 4 grain from the map."),
        None,
        "ORL §Invasion, Pile A 4",
    ),
    ev(
        "tremblement_de_terre",
        t("Tremblement de terre", "Earthquake"),
        M::EventsPhase,
        E::Rule,
        t(
            "L'équipe retourne 5 tuiles Lieu de la réserve : elles ne seront plus construites.",
            "The team turns 5 place tiles of the supply face down: they can no longer be built.",
        ),
        None,
        "ORL §Invasion, Pile A 5",
    ),
    ev(
        "fuite",
        t("Fuite", "Flight"),
        M::EventsPhase,
        E::Rule,
        t(
            "Le Citoyen de Le Blanc quitte la carte s'il y est encore.",
            "The citizen on Le Blanc leaves the map if still there.",
        ),
        None,
        "ORL §Invasion, Pile A 6",
    ),
    ev(
        "bonne_affaire",
        t("Bonne affaire", "Bargain"),
        M::EventsPhase,
        E::TeamMayPay { coins: 8, grain: 3 },
        t(
            "L'équipe peut payer 8 pièces pour 3 Céréales à l'Entrepôt (sans effet s'il en manque dans la réserve).",
            "The team may pay 8 coins for 3 grain in the warehouse (no effect if the supply lacks them).",
        ),
        None,
        "ORL §Invasion, Pile A 7",
    ),
    ev(
        "vents_favorables",
        t("Vents favorables", "Fair winds"),
        M::EndOfRound,
        E::Rule,
        t(
            "En fin de manche, un joueur choisi déplace gratuitement son marchand par voie navigable et ramasse une marchandise.",
            "At the end of the round one chosen player moves their merchant along a waterway for free and picks up a good.",
        ),
        None,
        "ORL §Invasion, Pile A 8",
    ),
    ev(
        "bandits",
        t("Bandits", "Bandits"),
        M::AllRound,
        E::Rule,
        t(
            "Pas de déplacement par route pendant la manche ; les voies navigables restent ouvertes.",
            "No travel by road this round; waterways stay open.",
        ),
        None,
        "ORL §Invasion, Pile A 9",
    ),
    ev(
        "avancee",
        t("Avancée", "Advance"),
        M::EventsPhase,
        E::MayPay { coins: 4, times: 1, buys: &[OrleansGain::FORTIFICATION, OrleansGain::TRADING_POST] },
        t(
            "Chacun peut payer 4 pièces (sans aide) pour bâtir une fortification ou un comptoir où est son marchand.",
            "Each player may pay 4 coins (no help) to build a fortification or trading post where their merchant is.",
        ),
        None,
        "ORL §Invasion, Pile A 11",
    ),
    ev(
        "renfort",
        t("Renfort", "Reinforcement"),
        M::EventsPhase,
        E::Reinforcement,
        t("Il faut un Chevalier de plus sur les remparts.", "One more Knight is needed on the ramparts."),
        None,
        "ORL §Invasion, Pile A 12",
    ),
    ev(
        "entrainement",
        t("Entraînement", "Training"),
        M::EventsPhase,
        E::Rule,
        t(
            "Chacun avance un marqueur sur une piste (pas le développement) et fait l'action, sans nouveau partisan.",
            "Each player advances a marker on a track (not development) and takes the action, with no new follower.",
        ),
        None,
        "ORL §Invasion, Pile A 14",
    ),
    ev(
        "voyage",
        t("Voyage", "Journey"),
        M::EndOfRound,
        E::PayIfInOrleans(4),
        t(
            "En fin de manche, chaque marchand à Orléans coûte 4 pièces à son joueur (sans aide), sinon défaite.",
            "At the end of the round each merchant in Orléans costs its player 4 coins (no help), else defeat.",
        ),
        Some(F::Loss),
        "ORL §Invasion, Pile A 15",
    ),
    ev(
        "marche_de_la_laine",
        t("Marché de la laine", "Wool market"),
        M::EventsPhase,
        E::Rule,
        t(
            "L'équipe peut faire jusqu'à 3 achats/ventes de Laine (2 pièces) ou de Brocart (3 pièces).",
            "The team may make up to 3 purchases/sales of wool (2 coins) or brocade (3 coins).",
        ),
        None,
        "ORL §Invasion, Pile A 16",
    ),
    // --- Invasion, Pile B.
    ev(
        "incendie_criminel",
        t("Incendie criminel", "Arson"),
        M::EventsPhase,
        E::TeamItemsOrCoins { item: TeamItem::PlaceTile, small: 2, large: 3, coins_each: 6 },
        t(
            "L'équipe retire 2 (2–3 joueurs) ou 3 (4–5) tuiles Lieu construites ; 6 pièces par tuile manquante, sinon défaite.",
            "The team removes 2 (2–3 players) or 3 (4–5) built place tiles; 6 coins per missing tile, else defeat.",
        ),
        Some(F::Loss),
        "ORL §Invasion, Pile B 1",
    ),
    ev(
        "bon_voyage",
        t("Bon voyage", "Bon voyage"),
        M::EventsPhase,
        E::MayPay { coins: 2, times: 1, buys: &[] },
        t(
            "Chacun peut payer 2 pièces (sans aide) pour aller dans une ville voisine et ramasser une marchandise.",
            "Each player may pay 2 coins (no help) to move to a neighbouring town and pick up a good.",
        ),
        None,
        "ORL §Invasion, Pile B 2",
    ),
    ev(
        "famine",
        t("Famine", "Famine"),
        M::EventsPhase,
        E::EachReturnsFollowers(3),
        t(
            "Chacun rend 3 partisans (pas de sa couleur) à la réserve, ou autant qu'il peut ; les pistes ne reculent pas.",
            "Each player returns 3 followers (not their colour) to the supply, or as many as they can; tracks stay.",
        ),
        None,
        "ORL §Invasion, Pile B 3",
    ),
    ev(
        "zones_de_peche",
        t("Zones de pêche", "Fishing grounds"),
        M::EventsPhase,
        E::GainBoatmenTrack,
        t(
            "Chacun reçoit autant de pièces que sa position sur la piste des bateliers ; rien sur la dernière case.",
            "Each player receives coins equal to their boatmen track position; nothing on its last space.",
        ),
        None,
        "ORL §Invasion, Pile B 4",
    ),
    ev(
        "pirates",
        t("Pirates", "Pirates"),
        M::EventsPhase,
        E::Rule,
        t(
            "La Laine et le Brocart posés sur les voies navigables retournent à la réserve.",
            "Wool and brocade lying on waterways go back to the supply.",
        ),
        None,
        "ORL §Invasion, Pile B 7",
    ),
    ev(
        "la_peste_fait_rage",
        t("La peste fait rage", "The plague rages"),
        M::EventsPhase,
        E::Plague(2),
        t("Comme la Peste, mais avec 2 partisans tirés.", "Like the Plague, but drawing 2 followers."),
        None,
        "ORL §Invasion, Pile B 9",
    ),
    ev(
        "rats",
        t("Rats", "Rats"),
        M::EventsPhase,
        E::WarehouseLoss { cheese: 2, grain: 1 },
        t(
            "L'Entrepôt perd 2 Fromages et 1 Céréales (ou ce qu'il a).",
            "The warehouse loses 2 cheese and 1 grain (or what it has).",
        ),
        None,
        "ORL §Invasion, Pile B 10",
    ),
    ev(
        "braquage",
        t("Braquage", "Robbery"),
        M::EventsPhase,
        E::GoodsValueOrFortification(5),
        t(
            "Chacun rend des marchandises valant 5 PV ou détruit une de ses fortifications (sans aide), sinon défaite.",
            "Each player returns goods worth 5 VP or destroys one of their fortifications (no help), else defeat.",
        ),
        Some(F::Loss),
        "ORL §Invasion, Pile B 11",
    ),
    ev(
        "appel_de_rome",
        t("Appel de Rome", "Call of Rome"),
        M::EventsPhase,
        E::EachReturnsMonk,
        t(
            "Chacun rend un Moine ; si l'un ne peut pas, ou si l'équipe décide de ne pas le faire, un seul Citoyen non collecté quitte la partie.",
            "Each player returns a Monk; if one cannot, or the team decides not to, a single uncollected citizen leaves the game.",
        ),
        Some(F::RemoveCitizen),
        "ORL §Invasion, Pile B 12",
    ),
    ev(
        "convocation",
        t("Convocation", "Summons"),
        M::EventsPhase,
        E::StayAwayFor(5),
        t(
            "Les marchands rentrent à Orléans ; rester coûte 5 pièces (sans aide).",
            "Merchants return to Orléans; staying costs 5 coins (no help).",
        ),
        None,
        "ORL §Invasion, Pile B 13",
    ),
    ev(
        "chasse_aux_sorcieres",
        t("Chasse aux sorcières", "Witch hunt"),
        M::EventsPhase,
        E::TeamDevelopmentOrMonks(6),
        t(
            "L'équipe perd 6 points de développement ; un Moine par point manquant, sinon défaite.",
            "The team loses 6 development points; one Monk per missing point, else defeat.",
        ),
        Some(F::Loss),
        "ORL §Invasion, Pile B 14",
    ),
    // --- Invasion, Pile C.
    ev(
        "invasion",
        t("Invasion", "Invasion"),
        M::EndOfRound,
        E::FinalCheck,
        t(
            "En fin de manche, tous les objectifs communs et personnels doivent être remplis.",
            "At the end of the round every common and personal goal must be met.",
        ),
        Some(F::Loss),
        "ORL §Invasion, Pile C",
    ),
];

pub fn event(id: &str) -> Option<&'static EventDef> {
    EVENTS.iter().find(|e| e.id == id)
}

// Prospérité, Événements (the 16 in board order; index "Aperçu des événements").
pub static PROSPERITE_TRACK: &[&str] = &[
    "soutien",
    "indulgence",
    "pelerinage",
    "taxes_3",
    "emeutes",
    "pot_de_vin",
    "peste",
    "incendie",
    "messe",
    "peregrinations",
    "restauration",
    "moisson",
    "fete_des_pelerins",
    "peste",
    "jour_de_marche",
    "taxe_de_developpement",
];
// Le duel, Événements.
pub static DUEL_TRACK: &[&str] = &[
    "rencontre_en_ville",
    "moisson",
    "jour_de_commerce_3",
    "echange",
    "jour_du_fromage",
    "taxe_technologique_1",
    "jour_de_commerce_2",
    "voyage_express",
    "taxe_sur_les_marchandises",
    "cotisation_7pv",
    "moisson_2",
    "jour_de_commerce_1",
    "taxe_sur_les_marchandises",
    "cotisation_7pv",
    "cotisation_4pv",
    "retour_a_la_maison",
];
// Le dignitaire, Événements.
pub static DIGNITAIRE_TRACK: &[&str] = &[
    "conference",
    "greve",
    "croisade",
    "pelerinage",
    "revenus_2",
    "jour_de_commerce_3",
    "cotisation_5",
    "taxe_technologique_2",
    "jour_de_commerce_2",
    "revenus",
    "cotisation_10",
    "jour_de_commerce_2",
    "sabotage",
    "rupture_d_essieu",
    "jour_de_commerce_1",
    "cotisation_15",
];
// Vierzon, la capitale, Événements.
pub static VIERZON_TRACK: &[&str] = &[
    "greve",
    "pelerinage",
    "moisson",
    "croisade",
    "revenus_3",
    "amnistie",
    "peste",
    "sabotage",
    "taxe_sur_les_marchandises",
    "jour_de_commerce_2",
    "conference",
    "moisson",
    "tempete",
    "bannissement",
];
// Marchand itinérant, Événements: rounds 1–10 Nourriture, 11–15 Grand festin.
pub static MARCHAND_TRACK: &[&str] = &[
    "nourriture",
    "nourriture",
    "nourriture",
    "nourriture",
    "nourriture",
    "nourriture",
    "nourriture",
    "nourriture",
    "nourriture",
    "nourriture",
    "grand_festin",
    "grand_festin",
    "grand_festin",
    "grand_festin",
    "grand_festin",
];

/// Invasion, Pile A (16 tiles, in the book's order).
pub static INVASION_A: &[&str] = &[
    "reunion_du_conseil",
    "demolition",
    "don",
    "secheresse",
    "tremblement_de_terre",
    "fuite",
    "bonne_affaire",
    "vents_favorables",
    "bandits",
    "pelerinage",
    "avancee",
    "renfort",
    "soutien",
    "entrainement",
    "voyage",
    "marche_de_la_laine",
];
/// Invasion, Pile B (14 tiles).
pub static INVASION_B: &[&str] = &[
    "incendie_criminel",
    "bon_voyage",
    "famine",
    "zones_de_peche",
    "moisson",
    "revenus",
    "pirates",
    "peste",
    "la_peste_fait_rage",
    "rats",
    "braquage",
    "appel_de_rome",
    "convocation",
    "chasse_aux_sorcieres",
];
/// Invasion, Pile C (1 tile).
pub static INVASION_C: &[&str] = &["invasion"];

/// A condition the app can check on a player's entered state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Only the player can say (ticked on the sheet).
    Manual,
    DevelopmentLevel(u32),
    PlaceTiles(u32),
    TradingPosts(u32),
    Coins(u32),
    Citizens(u32),
    Technology(u32),
    Monks(u32),
    Good(OrleansGood, u32),
    /// Points of the listed goods (and coins when `coins`) at least `min`.
    Value {
        goods: &'static [OrleansGood],
        coins: bool,
        min: u32,
    },
    /// (trading posts + citizens) × development level at least this.
    DevelopmentScore(u32),
    /// Every listed good at least once.
    FullSet,
    /// `count` cloth (wool or brocade), at least `brocade` of them brocade.
    Cloth {
        count: u32,
        brocade: u32,
    },
    /// At least this many of each listed good.
    GoodsEach(&'static [(OrleansGood, u32)]),
    /// The marker on the boatmen track's last space; the track may not be typed, so a tick
    /// counts too.
    BoatmenTrackEnd,
}

/// One objective.
#[derive(Debug, Clone, Copy)]
pub struct ObjectiveDef {
    pub id: &'static str,
    pub name: StaticText,
    pub text: StaticText,
    /// What the app can check (a hint: completion is marked by the player).
    pub check: Check,
    /// Last round in which it may be completed (Vierzon: before round 9).
    pub deadline: Option<u8>,
}

const fn obj(id: &'static str, name: StaticText, text: StaticText, check: Check) -> ObjectiveDef {
    ObjectiveDef { id, name, text, check, deadline: None }
}

const ALL_GOODS: &[OrleansGood] = &OrleansGood::ALL;
const FOOD: &[OrleansGood] = &[OrleansGood::Grain, OrleansGood::Cheese, OrleansGood::Wine];
const CLOTH: &[OrleansGood] = &[OrleansGood::Wool, OrleansGood::Brocade];

// Le duel, Objectifs.
pub static DUEL_OBJECTIVES: &[ObjectiveDef] = &[
    obj(
        "comptabilite",
        t("Apprendre la comptabilité", "Learn bookkeeping"),
        t("Atteindre le niveau de développement 3.", "Reach development level 3."),
        Check::DevelopmentLevel(3),
    ),
    obj(
        "filiales",
        t("Établir 3 nouvelles filiales", "Open 3 branches"),
        t(
            "Avoir 3 comptoirs, dont un dans une ville sans voie navigable.",
            "Own 3 trading posts, one in a town without a waterway.",
        ),
        Check::TradingPosts(3),
    ),
    obj(
        "vin_chatellerault",
        t("Livrer du vin à Châtellerault", "Deliver wine to Châtellerault"),
        t("Marchand à Châtellerault, rendre 3 Vins.", "Merchant in Châtellerault, hand in 3 wine."),
        Check::Good(OrleansGood::Wine, 3),
    ),
    obj(
        "habiller_sa_dame",
        t("Habiller sa dame", "Dress your lady"),
        t(
            "Marchand à Orléans, rendre 3 tissus dont au moins 1 Brocart.",
            "Merchant in Orléans, hand in 3 cloth, at least 1 brocade.",
        ),
        // Le duel, Objectifs: « payez 3 marchandises de tissus (incluant au minimum un jeton
        // Brocart) ».
        Check::Cloth { count: 3, brocade: 1 },
    ),
];

// Vierzon, la capitale, Objectifs.
pub static VIERZON_OBJECTIVES: &[ObjectiveDef] = &[
    ObjectiveDef {
        id: "batisseur",
        name: t("Engager un bâtisseur dans les temps", "Hire a builder in time"),
        text: t(
            "Payer 10 pièces d'un coup avant le début de la manche 9.",
            "Pay 10 coins at once before round 9 starts.",
        ),
        check: Check::Coins(10),
        deadline: Some(8),
    },
    obj(
        "entreprise",
        t("Créer une entreprise de construction", "Found a building firm"),
        t("Construire un comptoir à Loches.", "Build a trading post in Loches."),
        Check::Manual,
    ),
    obj(
        "materiel",
        t("Livrer du matériel à Vierzon", "Deliver materials to Vierzon"),
        t(
            "Marchand à Vierzon, rendre d'un coup des marchandises valant au moins 12 PV.",
            "Merchant in Vierzon, hand in goods worth at least 12 VP at once.",
        ),
        Check::Value { goods: ALL_GOODS, coins: false, min: 12 },
    ),
    obj(
        "forteresse",
        t("Faire de Vierzon une forteresse", "Make Vierzon a fortress"),
        t("Payer 25 pièces d'un coup.", "Pay 25 coins at once."),
        Check::Coins(25),
    ),
    obj(
        "capitale",
        t("Faire de Vierzon la capitale", "Make Vierzon the capital"),
        t(
            "(Comptoirs + Citoyens) × niveau de développement ≥ 28.",
            "(Trading posts + citizens) × development level ≥ 28.",
        ),
        Check::DevelopmentScore(28),
    ),
];

// Marchand itinérant, Objectifs (in the book's order, used by the "in order" step).
pub static MARCHAND_OBJECTIVES: &[ObjectiveDef] = &[
    obj(
        "laines_bourges",
        t("3 Laines à Bourges", "3 wool to Bourges"),
        t("Marchand à Bourges, rendre 3 Laines d'un coup.", "Merchant in Bourges, hand in 3 wool at once."),
        Check::Good(OrleansGood::Wool, 3),
    ),
    obj(
        "lot_chartres",
        t("Un lot complet à Chartres", "A full set to Chartres"),
        t(
            "Marchand à Chartres, rendre une marchandise de chaque type.",
            "Merchant in Chartres, hand in one good of each type.",
        ),
        Check::FullSet,
    ),
    obj(
        "fromages_vins_vendome",
        t("2 Fromages et 2 Vins à Vendôme", "2 cheese and 2 wine to Vendôme"),
        t(
            "Marchand à Vendôme, rendre 2 Fromages et 2 Vins.",
            "Merchant in Vendôme, hand in 2 cheese and 2 wine.",
        ),
        // Marchand itinérant, Objectifs: « payez 2 Fromages et 2 Vins ».
        Check::GoodsEach(&[(OrleansGood::Cheese, 2), (OrleansGood::Wine, 2)]),
    ),
    obj(
        "cereales_tours",
        t("3 Céréales à Tours", "3 grain to Tours"),
        t("Marchand à Tours, rendre 3 Céréales.", "Merchant in Tours, hand in 3 grain."),
        Check::Good(OrleansGood::Grain, 3),
    ),
    obj(
        "brocart_argenton",
        t("1 Brocart à Argenton-sur-Creuse", "1 brocade to Argenton-sur-Creuse"),
        t(
            "Marchand à Argenton-sur-Creuse, rendre 1 Brocart.",
            "Merchant in Argenton-sur-Creuse, hand in 1 brocade.",
        ),
        Check::Good(OrleansGood::Brocade, 1),
    ),
];

/// An Invasion character card and its personal objectives (all must hold at the end).
#[derive(Debug, Clone, Copy)]
pub struct CharacterDef {
    pub id: &'static str,
    pub name: StaticText,
    pub objectives: &'static [ObjectiveDef],
    /// Invasion, Mise en place (remarque): easier or harder to play.
    pub easier: bool,
}

// Invasion, Objectifs personnels.
pub static CHARACTERS: &[CharacterDef] = &[
    CharacterDef {
        id: "bibliothecaire",
        name: t("Bibliothécaire", "Librarian"),
        easier: true,
        objectives: &[
            obj(
                "developpement_5",
                t("Développement 5", "Development 5"),
                t("Niveau de développement 5 ou plus.", "Development level 5 or more."),
                Check::DevelopmentLevel(5),
            ),
            obj(
                "comptoir_loches",
                t("Comptoir à Loches", "Trading post in Loches"),
                t("Un comptoir à Loches.", "A trading post in Loches."),
                Check::Manual,
            ),
            obj(
                "lieux_4",
                t("4 tuiles Lieu", "4 place tiles"),
                t("Posséder 4 tuiles Lieu (I ou II).", "Own 4 place tiles (I or II)."),
                Check::PlaceTiles(4),
            ),
        ],
    },
    CharacterDef {
        id: "erudit",
        name: t("Érudit", "Scholar"),
        easier: false,
        objectives: &[
            obj(
                "developpement_6",
                t("Développement 6", "Development 6"),
                t(
                    "Dernière case de la piste de développement (niveau 6).",
                    "Last space of the development track (level 6).",
                ),
                Check::DevelopmentLevel(6),
            ),
            obj(
                "comptoirs_4",
                t("4 comptoirs", "4 trading posts"),
                t(
                    "4 comptoirs classiques (hors fortifications).",
                    "4 ordinary trading posts (fortifications excluded).",
                ),
                Check::TradingPosts(4),
            ),
        ],
    },
    CharacterDef {
        id: "maire",
        name: t("Maire", "Mayor"),
        easier: false,
        objectives: &[
            obj(
                "pieces_10",
                t("10 pièces", "10 coins"),
                t("Au moins 10 pièces.", "At least 10 coins."),
                Check::Coins(10),
            ),
            obj(
                "citoyens_2",
                t("2 Citoyens", "2 citizens"),
                t(
                    "2 Citoyens gagnés soi-même, hors objectif commun.",
                    "2 citizens won yourself, outside the common goal.",
                ),
                Check::Citizens(2),
            ),
        ],
    },
    CharacterDef {
        id: "general",
        name: t("Général", "General"),
        easier: true,
        objectives: &[
            obj(
                "chevaliers_fin",
                t("Piste des chevaliers", "Knights track"),
                t(
                    "Marqueur sur la dernière case de la piste des chevaliers.",
                    "Marker on the last space of the knights track.",
                ),
                Check::Manual,
            ),
            obj(
                "technologie_4",
                t("4 Technologies", "4 technology tiles"),
                t(
                    "Au moins 4 jetons Technologie sur ses plateaux et tuiles.",
                    "At least 4 technology tiles on your boards and tiles.",
                ),
                Check::Technology(4),
            ),
        ],
    },
    CharacterDef {
        id: "pecheur",
        name: t("Pêcheur", "Fisherman"),
        easier: true,
        objectives: &[
            obj(
                "bateliers_fin",
                t("Piste des bateliers", "Boatmen track"),
                t(
                    "Marqueur sur la dernière case de la piste des bateliers.",
                    "Marker on the last space of the boatmen track.",
                ),
                // Invasion, Pêcheur: « avancé votre marqueur sur la dernière case de la piste des
                // bateliers »: read on the sheet's boatmen track (0–5), or ticked.
                Check::BoatmenTrackEnd,
            ),
            obj(
                "moines_4",
                t("4 Moines", "4 Monks"),
                t(
                    "Au moins 4 Moines (sac et plateaux compris).",
                    "At least 4 Monks (bag and boards included).",
                ),
                Check::Monks(4),
            ),
            obj(
                "laines_2",
                t("2 Laines", "2 wool"),
                t("Au moins 2 Laines.", "At least 2 wool."),
                Check::Good(OrleansGood::Wool, 2),
            ),
        ],
    },
    CharacterDef {
        id: "marchand",
        name: t("Marchand", "Merchant"),
        easier: false,
        objectives: &[obj(
            "tissus_et_pieces_50",
            t("50 PV de tissus et pièces", "50 VP of cloth and coins"),
            t(
                "Brocart, Laine et pièces valant au moins 50 PV.",
                "Brocade, wool and coins worth at least 50 VP.",
            ),
            Check::Value { goods: CLOTH, coins: true, min: 50 },
        )],
    },
    CharacterDef {
        id: "conseiller_municipal",
        name: t("Conseiller municipal", "Councillor"),
        easier: true,
        objectives: &[obj(
            "salle_pleine",
            t("Salle de l'assemblée pleine", "Assembly hall full"),
            t(
                "Tous les emplacements de la Salle de l'assemblée occupés.",
                "Every space of the assembly hall filled.",
            ),
            Check::Manual,
        )],
    },
    CharacterDef {
        id: "aubergiste",
        name: t("Aubergiste", "Innkeeper"),
        easier: true,
        objectives: &[
            obj(
                "nourriture_16",
                t("16 PV de nourriture", "16 VP of food"),
                t(
                    "Céréales, Fromage et Vin valant au moins 16 PV.",
                    "Grain, cheese and wine worth at least 16 VP.",
                ),
                Check::Value { goods: FOOD, coins: false, min: 16 },
            ),
            obj(
                "tavernes",
                t("Deux tavernes", "Two taverns"),
                t(
                    "Un comptoir à Châteaudun et un à Châteauroux.",
                    "A trading post in Châteaudun and one in Châteauroux.",
                ),
                Check::Manual,
            ),
        ],
    },
    CharacterDef {
        id: "administrateur_terrien",
        name: t("Administrateur terrien", "Land steward"),
        easier: false,
        objectives: &[obj(
            "dus_payes",
            t("Dus payés", "Dues paid"),
            t(
                "Payer chaque fin de manche les dus de la carte (voir les devoirs par manche).",
                "Pay the card's dues at every round end (see the per-round duties).",
            ),
            Check::Manual,
        )],
    },
];

pub fn character(id: &str) -> Option<&'static CharacterDef> {
    CHARACTERS.iter().find(|c| c.id == id)
}

/// A charitable act of a scenario board.
#[derive(Debug, Clone, Copy)]
pub struct CharitableAct {
    pub id: &'static str,
    pub name: StaticText,
    pub reward: StaticText,
}

const fn act(id: &'static str, name: StaticText, reward: StaticText) -> CharitableAct {
    CharitableAct { id, name, reward }
}

const COIN_EACH: StaticText = t(
    "1 pièce par personnage placé ; 1 Citoyen à l'achèvement.",
    "1 coin per follower placed; 1 citizen on completion.",
);
const COIN_OR_DEV: StaticText = t(
    "1 pièce ou 1 point de développement par personnage placé ; 1 Citoyen à l'achèvement.",
    "1 coin or 1 development point per follower placed; 1 citizen on completion.",
);

// Prospérité, Actes de bienfaisance.
pub static PROSPERITE_ACTS: &[CharitableAct] = &[
    act(
        "guilde_des_charpentiers",
        t("Fondation de la guilde des charpentiers", "Founding the carpenters' guild"),
        COIN_OR_DEV,
    ),
    act(
        "droit_de_reunion",
        t("Droit de réunion", "Right of assembly"),
        t(
            "2 pièces par personnage placé ; 1 Citoyen à l'achèvement.",
            "2 coins per follower placed; 1 citizen on completion.",
        ),
    ),
    act("orphelinat", t("Construction de l'orphelinat", "Building the orphanage"), COIN_EACH),
];
// Le duel, Actes de bienfaisance.
pub static DUEL_ACTS: &[CharitableAct] = &[
    act("astronomie", t("Astronomie", "Astronomy"), COIN_EACH),
    act("pressoir", t("Pressoir", "Wine press"), COIN_EACH),
    act("assolement_triennal", t("Assolement triennal", "Three-field rotation"), COIN_EACH),
    act("angeologie", t("Angéologie", "Angelology"), COIN_EACH),
];
// Vierzon, Actes de bienfaisance.
pub static VIERZON_ACTS: &[CharitableAct] = &[
    act("universite", t("Développement de l'université", "Growing the university"), COIN_OR_DEV),
    act("conseil_municipal", t("Fondation du conseil municipal", "Founding the town council"), COIN_EACH),
];
