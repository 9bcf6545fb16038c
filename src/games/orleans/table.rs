//! The table state (schema versions 2 to 4): raw (serde, nothing checked) → [`validate`] →
//! [`OrleansTable`], every problem reported at once with its field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::catalogue::{
    CHARACTERS, INVASION_A, INVASION_B, INVASION_C, OrleansGood, OrleansScenario, character, event,
};
use super::{
    BUILDING_CARDS, INFO, MAX_BOATMEN_TRACK, MAX_BOOKS, MAX_BUILDING_POINTS, MAX_COINS, MAX_COUNT,
    MAX_DEVELOPMENT_LEVEL, MAX_DEVELOPMENT_POINTS, MAX_FOLLOWERS, MAX_GOODS,
};
use crate::games::input::{PlayedBy, VariantWord};
use crate::games::{Problems, input};
use crate::text::Text;

/// Table mode: a seat's part is its `players[i]` (resources, goods, followers, buildings, and
/// the dues paid for this round's event). Orléans plays open (every bag's content and every
/// resource lies on the table): nothing is private. The name is the host's to change.
/// A phone's goods, character and objectives must be the game's.
pub const SEAT: crate::games::seat::SeatRules = crate::games::seat::SeatRules {
    private: &[],
    locked: &["name"],
    unknown_ids: &["unknown_good", "unknown_character", "unknown_objective"],
};

/// Goods by type (also used for payments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(default)]
pub struct OrleansGoods {
    pub grain: u32,
    pub cheese: u32,
    pub wine: u32,
    pub wool: u32,
    pub brocade: u32,
}

impl OrleansGoods {
    pub fn get(&self, good: OrleansGood) -> u32 {
        match good {
            OrleansGood::Grain => self.grain,
            OrleansGood::Cheese => self.cheese,
            OrleansGood::Wine => self.wine,
            OrleansGood::Wool => self.wool,
            OrleansGood::Brocade => self.brocade,
        }
    }

    pub fn set(&mut self, good: OrleansGood, n: u32) {
        match good {
            OrleansGood::Grain => self.grain = n,
            OrleansGood::Cheese => self.cheese = n,
            OrleansGood::Wine => self.wine = n,
            OrleansGood::Wool => self.wool = n,
            OrleansGood::Brocade => self.brocade = n,
        }
    }

    pub fn count(&self) -> u32 {
        OrleansGood::ALL.iter().map(|&g| self.get(g)).fold(0, u32::saturating_add)
    }

    pub fn food(&self) -> u32 {
        self.grain.saturating_add(self.cheese).saturating_add(self.wine)
    }

    /// Victory points of these goods (base game values).
    pub fn points(&self) -> u32 {
        OrleansGood::ALL.iter().map(|&g| self.get(g).saturating_mul(g.points())).fold(0, u32::saturating_add)
    }

    /// Full sets of the five goods (Dépôt).
    pub fn full_sets(&self) -> u32 {
        OrleansGood::ALL.iter().map(|&g| self.get(g)).min().unwrap_or(0)
    }
}

/// Difficulty options (each scenario reads its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansOptions {
    /// Le dignitaire, beginners: 7 citizens instead of 8.
    #[serde(default)]
    pub easy: bool,
    /// Vierzon / Marchand itinérant, first harder step: at most one objective per round.
    #[serde(default)]
    pub one_per_round: bool,
    /// Second harder step: objectives in the book's order (implies one per round).
    #[serde(default)]
    pub in_order: bool,
}

impl OrleansOptions {
    /// The options `scenario` reads: Le dignitaire's beginners' version (« version facile »: 7
    /// citizens), Vierzon's and Marchand itinérant's harder steps (« Pour corser le jeu »).
    pub fn read_by(scenario: OrleansScenario) -> &'static [&'static str] {
        match scenario {
            OrleansScenario::Dignitaire => &["easy"],
            OrleansScenario::Vierzon | OrleansScenario::Marchand => &["one_per_round", "in_order"],
            _ => &[],
        }
    }

    /// The options set that the table's scenario does not read, each on its field. Not a
    /// refusal: tables were saved with them before they were named (finished plays are scored
    /// again from their table, on a rescore or a backup import), so they come with the help.
    pub fn unused(&self, scenario: OrleansScenario) -> Vec<crate::games::Problem> {
        let read = Self::read_by(scenario);
        [("easy", self.easy), ("one_per_round", self.one_per_round), ("in_order", self.in_order)]
            .into_iter()
            .filter(|&(key, set)| set && !read.contains(&key))
            .map(|(key, _)| {
                let name = scenario.label();
                crate::games::Problem {
                    field: format!("options.{key}"),
                    code: "not_in_scenario".into(),
                    message: Text::new(
                        format!(
                            "L'option « {key} » ne change rien dans {} : elle n'est pas prise en compte.",
                            name.fr
                        ),
                        format!(
                            "The “{key}” option changes nothing in {}: it is not taken into account.",
                            name.en
                        ),
                    ),
                }
            })
            .collect()
    }
}

/// The difficulty options as sent: an unknown key is reported, never ignored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansRawOptions {
    #[serde(default)]
    pub easy: bool,
    #[serde(default)]
    pub one_per_round: bool,
    #[serde(default)]
    pub in_order: bool,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// The table state as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansRawTable {
    /// Scenario id (`prosperite`, `invasion`, `duel`, `dignitaire`, `vierzon`, `marchand`).
    #[serde(default)]
    pub variant: Option<String>,
    /// The round being played, 1 to the last; last + 1 once the last round is over.
    #[serde(default)]
    pub round: Option<Value>,
    #[serde(default)]
    pub options: OrleansRawOptions,
    #[serde(default)]
    pub players: Vec<OrleansRawPlayer>,
    /// Invasion: what the team holds in common.
    #[serde(default)]
    pub team: Option<OrleansRawTeam>,
    /// Invasion: the drawn deck.
    #[serde(default)]
    pub deck: Option<OrleansRawDeck>,
    /// Resolved events.
    #[serde(default)]
    pub log: Vec<OrleansRawLogEntry>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// One seat as sent. Absent counts are 0 (development level: 1).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansRawPlayer {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub coins: Option<Value>,
    #[serde(default)]
    pub goods: BTreeMap<String, Value>,
    /// Ordinary trading posts in towns (not buildings, not fortifications).
    #[serde(default)]
    pub trading_posts: Option<Value>,
    /// Technology tiles placed.
    #[serde(default)]
    pub technology: Option<Value>,
    /// 1 to 6: the level alone, as older plays kept it when the space was not typed (beside a
    /// space, as schema 3 wrote both, it must agree with it; null: not given).
    #[serde(default)]
    pub development_level: Option<Value>,
    /// Space on the development track (0–30): the one development fact, its level follows.
    #[serde(default)]
    pub development_points: Option<Value>,
    #[serde(default)]
    pub citizens: Option<Value>,
    /// Monks owned (bag, market, boards).
    #[serde(default)]
    pub monks: Option<Value>,
    /// Monks in the market now (Messe).
    #[serde(default)]
    pub monks_in_market: Option<Value>,
    /// Knights owned (market or bag: Émeutes).
    #[serde(default)]
    pub knights: Option<Value>,
    /// Followers not of the player's colour (Famine).
    #[serde(default)]
    pub followers: Option<Value>,
    #[serde(default)]
    pub place_tiles: Option<Value>,
    /// Invasion: fortifications this player built.
    #[serde(default)]
    pub fortifications: Option<Value>,
    /// Steps advanced on the boatmen track (0–5).
    #[serde(default)]
    pub boatmen_track: Option<Value>,
    /// The merchant stands in Orléans.
    #[serde(default)]
    pub in_orleans: bool,
    /// Prospérité: each completed building, `{points, name}` (the name optional), or its points
    /// alone (as plays saved before names were kept hold them).
    #[serde(default)]
    pub buildings: Vec<Value>,
    /// Prospérité: owns the Dépôt place tile.
    #[serde(default)]
    pub depot: bool,
    /// Invasion: character card id.
    #[serde(default)]
    pub character: Option<String>,
    /// Objective id → round it was completed (Invasion: ticked conditions, any round).
    #[serde(default)]
    pub objectives: BTreeMap<String, Value>,
    /// Administrateur terrien: coins due at the end of each round, round 1 first.
    #[serde(default)]
    pub dues: Vec<Value>,
    /// Administrateur terrien: books on the card.
    #[serde(default)]
    pub books: Option<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// Invasion: the city-defence board.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansRawTeam {
    /// Knights on the ramparts.
    #[serde(default)]
    pub ramparts: Option<Value>,
    /// Citizens collected by the team.
    #[serde(default)]
    pub citizens: Option<Value>,
    /// Coins in the treasury.
    #[serde(default)]
    pub treasury: Option<Value>,
    /// Goods in the warehouse.
    #[serde(default)]
    pub warehouse: BTreeMap<String, Value>,
    /// Border towns fortified by the players (pre-placed ones are added by the app).
    #[serde(default)]
    pub fortifications: Option<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// Invasion: the deck as drawn.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansRawDeck {
    #[serde(default)]
    pub seed: u32,
    #[serde(default)]
    pub set_aside: Vec<String>,
    #[serde(default)]
    pub hard_mode: bool,
    /// Tile ids, top first.
    #[serde(default)]
    pub order: Vec<String>,
    /// Tiles revealed so far (absent: one per round begun).
    #[serde(default)]
    pub revealed: Option<Value>,
}

/// One resolved event as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct OrleansRawLogEntry {
    #[serde(default)]
    pub round: Option<Value>,
    /// Event id, or `administrateur_terrien` for the steward's dues.
    #[serde(default)]
    pub event: String,
    /// Seat concerned (absent: everyone / the team).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// Whether the demand was met in full.
    #[serde(default = "yes")]
    pub paid: bool,
    /// An offer the seat (or the team) turned down: nothing paid, nothing taken. Written only
    /// when true (absent in logs written before it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub declined: bool,
    /// What was paid (structured; optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment: Option<super::resolve::OrleansPayment>,
    /// Coins received (structured, so the log reads in either language; absent in logs written
    /// before it, whose `note` says it in the language of the day).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gained: Option<Value>,
    /// What the seat received of a gift the team shared out (Don), structured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received: Option<super::resolve::OrleansShare>,
    /// What was paid or received, free text (a team payment's shares: names and numbers).
    #[serde(default)]
    pub note: String,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

fn yes() -> bool {
    true
}

/// Prospérité: a completed building, as typed (its card's name, when given, and its points).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrleansBuilding {
    pub points: u32,
    /// NFC, trimmed, at most [`input::MAX_NAME_CHARS`] characters; `None` when none was typed.
    pub name: Option<String>,
}

/// A checked seat.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrleansPlayer {
    pub name: String,
    pub coins: u32,
    pub goods: OrleansGoods,
    pub trading_posts: u32,
    pub technology: u32,
    pub development_level: u32,
    /// The space as typed (0 when not typed: see [`OrleansPlayer::development_space`]).
    pub development_points: u32,
    /// Whether the space on the development track was typed (else only the level is known).
    pub development_points_typed: bool,
    pub citizens: u32,
    pub monks: u32,
    pub monks_in_market: u32,
    pub knights: u32,
    pub followers: u32,
    pub place_tiles: u32,
    pub fortifications: u32,
    pub boatmen_track: u32,
    pub in_orleans: bool,
    pub buildings: Vec<OrleansBuilding>,
    pub depot: bool,
    pub character: Option<&'static str>,
    /// Objective id → round completed.
    pub objectives: BTreeMap<String, u8>,
    pub dues: Vec<u32>,
    pub books: u32,
}

impl OrleansPlayer {
    /// The space on the development track the player stands on at least: the space typed, else
    /// the first space of the level (a player on level 5 has at least 22 points).
    pub fn development_space(&self) -> u32 {
        self.development_points.max(level_start(self.development_level))
    }
}

/// Invasion's common board, checked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrleansTeam {
    pub ramparts: u32,
    pub citizens: u32,
    pub treasury: u32,
    pub warehouse: OrleansGoods,
    pub fortifications: u32,
}

/// Invasion's deck, checked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrleansDeckState {
    pub seed: u32,
    pub set_aside: Vec<String>,
    pub hard_mode: bool,
    pub order: Vec<&'static str>,
    pub revealed: u32,
}

/// A checked log entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrleansLogEntry {
    pub round: u8,
    pub event: &'static str,
    pub seat: Option<u8>,
    pub paid: bool,
    /// An offer turned down.
    pub declined: bool,
    pub payment: Option<super::resolve::OrleansPayment>,
    pub gained: Option<u32>,
    pub received: Option<super::resolve::OrleansShare>,
    pub note: String,
}

/// The steward's pseudo-event id in the log.
pub const ADMINISTRATOR: &str = "administrateur_terrien";

/// A checked table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrleansTable {
    pub scenario: OrleansScenario,
    pub round: u8,
    pub options: OrleansOptions,
    pub players: Vec<OrleansPlayer>,
    pub team: OrleansTeam,
    pub deck: OrleansDeckState,
    pub log: Vec<OrleansLogEntry>,
}

impl OrleansTable {
    pub fn rounds(&self) -> u8 {
        self.scenario.rounds(self.players.len())
    }

    /// The event id of `round` (1-based), if known: the fixed track, or Invasion's drawn deck
    /// once revealed.
    pub fn event_of_round(&self, round: u8) -> Option<&'static str> {
        let i = usize::from(round.checked_sub(1)?);
        match self.scenario {
            OrleansScenario::Invasion => {
                if u32::from(round) <= self.deck.revealed {
                    self.deck.order.get(i).copied()
                } else {
                    None
                }
            }
            s => s.track().get(i).copied(),
        }
    }
}

/// The first space of each development level, 1 to 6 (FACT-ORL-D4).
const LEVEL_STARTS: [u32; 6] = [0, 4, 9, 15, 22, 30];

/// The development level of a space of the development track (0–30): level 1 from the start,
/// 2 from space 4, 3 from 9, 4 from 15, 5 from 22 and 6 at 30 (FACT-ORL-D4).
pub fn level_for_points(points: u32) -> u32 {
    let reached = LEVEL_STARTS.iter().filter(|&&start| start <= points).count();
    u32::try_from(reached).unwrap_or(6)
}

/// The first space of a development level (level 0 read as 1, above 6 as 6), the inverse of
/// [`level_for_points`].
pub fn level_start(level: u32) -> u32 {
    let i = usize::try_from(level.clamp(1, 6) - 1).unwrap_or(0);
    LEVEL_STARTS.get(i).copied().unwrap_or(0)
}

/// What a scenario's setup leaves in the box, as a seat's fields: counts (keys of the raw
/// player), other fields (`buildings`, `depot`, `dues`) and whether the goods are out too. A
/// seat holding any of them is refused on its field (`not_in_scenario`); the sheet reads the same
/// list (the limits) and offers nothing to type them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotInPlay {
    pub counts: &'static [&'static str],
    pub fields: &'static [&'static str],
    pub goods: bool,
}

/// - Marchand itinérant, Mise en place: « Rangez les tuiles Sablier, les comptoirs ainsi que
///   les jetons Citoyen. Vous n'en aurez pas besoin. »
/// - Le dignitaire, Mise en place: « Remettez les tuiles Sablier du jeu de base et les jetons
///   Marchandise dans la boîte. »
/// - Only Invasion brings the « jetons Bâtiment spécial » a seat builds its fortifications on.
/// - Only Prospérité deals « cartes Bâtiment » (« un marqueur neutre, sous lequel seront placés
///   les bâtiments complétés ») and puts the Dépôt among its place tiles.
/// - The books and the dues are printed on the Administrateur terrien's card, a character of
///   Invasion alone.
pub fn not_in_play(scenario: OrleansScenario) -> NotInPlay {
    const NO_BUILDINGS: &[&str] = &["buildings", "depot"];
    const NEITHER: &[&str] = &["buildings", "depot", "dues"];
    match scenario {
        OrleansScenario::Invasion => NotInPlay { counts: &[], fields: NO_BUILDINGS, goods: false },
        OrleansScenario::Prosperite => {
            NotInPlay { counts: &["fortifications", "books"], fields: &["dues"], goods: false }
        }
        OrleansScenario::Marchand => NotInPlay {
            counts: &["trading_posts", "citizens", "fortifications", "books"],
            fields: NEITHER,
            goods: false,
        },
        OrleansScenario::Dignitaire => {
            NotInPlay { counts: &["fortifications", "books"], fields: NEITHER, goods: true }
        }
        OrleansScenario::Duel | OrleansScenario::Vierzon => {
            NotInPlay { counts: &["fortifications", "books"], fields: NEITHER, goods: false }
        }
    }
}

/// Refuses, each on its field, what the seat holds of what its scenario leaves in the box.
fn out_of_play(p: &mut Problems, i: usize, q: &OrleansPlayer, scenario: OrleansScenario) {
    let out = not_in_play(scenario);
    let name = scenario.label();
    let mut refuse = |field: String, what: Text| {
        p.push(
            field,
            "not_in_scenario",
            Text::new(
                format!("{} : {} ne les met pas en jeu (ils restent dans la boîte).", what.fr, name.fr),
                format!("{}: {} does not put them in play (they stay in the box).", what.en, name.en),
            ),
        );
    };
    for &key in out.counts {
        let (n, label) = match key {
            "trading_posts" => (q.trading_posts, what("Comptoirs", "Trading posts")),
            "citizens" => (q.citizens, what("Citoyens", "Citizens")),
            "fortifications" => (q.fortifications, what("Fortifications", "Fortifications")),
            "books" => (q.books, what("Livres", "Books")),
            _ => (0, what(key, key)),
        };
        if n > 0 {
            refuse(format!("players[{i}].{key}"), label);
        }
    }
    for &key in out.fields {
        let held = match key {
            "buildings" => !q.buildings.is_empty(),
            "dues" => !q.dues.is_empty(),
            // The Dépôt has its own refusal ([`depot_owners`]).
            _ => false,
        };
        if held {
            let label = match key {
                "buildings" => what("Bâtiments complétés", "Completed buildings"),
                _ => what("Dus de l'Administrateur terrien", "Land steward's dues"),
            };
            refuse(format!("players[{i}].{key}"), label);
        }
    }
    if out.goods {
        for g in OrleansGood::ALL.into_iter().filter(|&g| q.goods.get(g) > 0) {
            let label = g.label();
            refuse(format!("players[{i}].goods.{}", g.id()), what(label.fr, label.en));
        }
    }
    // Invasion: the books and the dues are on the Administrateur terrien's card, his alone.
    if scenario == OrleansScenario::Invasion && q.character != Some(ADMINISTRATOR) {
        for (key, held) in [("books", q.books > 0), ("dues", !q.dues.is_empty())] {
            if held {
                p.push(
                    format!("players[{i}].{key}"),
                    "not_administrator",
                    Text::new(
                        "Livres et dus sont sur la carte de l'Administrateur terrien : seul celui qui le joue les a.",
                        "Books and dues are on the land steward's card: only the player who has that character holds them.",
                    ),
                );
            }
        }
    }
}

/// Reads a JSON value as a raw table, reporting a wrong shape as a problem.
pub fn parse(raw: &Value) -> Result<OrleansRawTable, Problems> {
    input::from_table(raw, usize::from(INFO.max_players()), INFO.name)
}

fn what(fr: &str, en: &str) -> Text {
    Text::new(fr, en)
}

fn goods(p: &mut Problems, field: &str, raw: &BTreeMap<String, Value>) -> OrleansGoods {
    let mut out = OrleansGoods::default();
    for (key, value) in raw {
        let f = format!("{field}.{key}");
        match OrleansGood::ALL.into_iter().find(|g| g.id() == key) {
            Some(g) => {
                let label = g.label();
                let n = input::count(p, f, Some(value), MAX_GOODS, &what(label.fr, label.en));
                out.set(g, n.unwrap_or(0));
            }
            None => p.push(
                f,
                "unknown_good",
                Text::new(
                    format!("Marchandise inconnue « {key} » (grain, cheese, wine, wool, brocade)."),
                    format!("Unknown good “{key}” (grain, cheese, wine, wool, brocade)."),
                ),
            ),
        }
    }
    out
}

fn round_value(p: &mut Problems, field: String, value: Option<&Value>, max: u8) -> Option<u8> {
    let n = input::count_in(p, field, value, 1, u32::from(max), &what("Manche", "Round"))?;
    u8::try_from(n).ok()
}

/// Checks a raw table, reporting every problem with its field.
pub fn validate(raw: &OrleansRawTable) -> Result<OrleansTable, Problems> {
    let mut p = Problems::new();
    for key in raw.other.keys() {
        input::unknown_field(&mut p, key.clone(), key, INFO.name);
    }
    let scenario = match raw.variant.as_deref() {
        None | Some("") => Some(OrleansScenario::Prosperite),
        Some(id) => {
            let found = OrleansScenario::from_id(id);
            if found.is_none() {
                let known = OrleansScenario::ALL.map(OrleansScenario::id);
                input::unknown_variant(&mut p, "variant", VariantWord::SCENARIO, id, None, &known);
            }
            found
        }
    };
    let scenario_or_default = scenario.unwrap_or(OrleansScenario::Prosperite);
    let options = validate_options(&mut p, raw);
    let n = raw.players.len();
    if let Some(v) = scenario.and_then(|s| INFO.variant(s.id())) {
        let who = PlayedBy::new(v.label.fr, v.label.en);
        input::player_count(&mut p, "players", &who, v.min_players, v.max_players, n);
    }
    let rounds = scenario_or_default.rounds(n);
    let checked_round = round_value(&mut p, "round".into(), raw.round.as_ref(), rounds.saturating_add(1));
    // An unreadable round checks nothing against it (one problem, not a cascade).
    let round = checked_round.unwrap_or(1);
    let limit = checked_round.unwrap_or(u8::MAX);

    let names: Vec<&str> = raw.players.iter().map(|q| q.name.as_str()).collect();
    input::player_names(&mut p, &names);
    let mut players = Vec::with_capacity(n);
    for (i, rp) in raw.players.iter().enumerate() {
        players.push(player(&mut p, i, rp, scenario_or_default, limit));
    }
    if scenario_or_default == OrleansScenario::Invasion {
        unique_characters(&mut p, &players);
    }
    if scenario.is_some() {
        for (i, q) in players.iter().enumerate() {
            out_of_play(&mut p, i, q, scenario_or_default);
        }
    }
    depot_owners(&mut p, &players, scenario_or_default);
    building_cards(&mut p, &players);

    let team = raw.team.as_ref().map(|t| team(&mut p, t)).unwrap_or_default();
    if scenario_or_default == OrleansScenario::Invasion {
        border_towns_left(&mut p, &team, n);
    }
    if scenario.is_some() {
        super::supply::check(&mut p, scenario_or_default, &players, &team);
    }
    let deck = validate_deck(&mut p, raw, scenario_or_default, round, limit, rounds, n);

    let log = (raw.log.iter().enumerate())
        .filter_map(|(i, e)| log_entry(&mut p, i, e, scenario_or_default, (rounds, limit), &deck, &players))
        .collect();

    p.into_result(OrleansTable { scenario: scenario_or_default, round, options, players, team, deck, log })
}

/// The table's options (`options`).
fn validate_options(p: &mut Problems, raw: &OrleansRawTable) -> OrleansOptions {
    for key in raw.options.other.keys() {
        input::unknown_field(p, format!("options.{key}"), key, INFO.name);
    }
    OrleansOptions {
        easy: raw.options.easy,
        one_per_round: raw.options.one_per_round,
        in_order: raw.options.in_order,
    }
}

/// Invasion: each character is played by one player only.
fn unique_characters(p: &mut Problems, players: &[OrleansPlayer]) {
    for (i, q) in players.iter().enumerate() {
        if let Some(c) = q.character
            && players.iter().take(i).any(|o| o.character == Some(c))
        {
            p.push(
                format!("players[{i}].character"),
                "duplicate_character",
                Text::new(format!("« {c} » est déjà joué."), format!("“{c}” is already played.")),
            );
        }
    }
}

/// The Invasion deck (`deck`): only Invasion draws its events.
fn validate_deck(
    p: &mut Problems,
    raw: &OrleansRawTable,
    scenario: OrleansScenario,
    round: u8,
    limit: u8,
    rounds: u8,
    n: usize,
) -> OrleansDeckState {
    match (&raw.deck, scenario) {
        (Some(d), OrleansScenario::Invasion) => deck(p, d, round, limit, rounds, n),
        (Some(_), _) => {
            p.push(
                "deck",
                "not_in_scenario",
                Text::new(
                    "Seul le scénario Invasion tire ses événements.",
                    "Only Invasion draws its events.",
                ),
            );
            OrleansDeckState::default()
        }
        (None, _) => OrleansDeckState::default(),
    }
}

/// One resolved event of the log (`log[i]`); `None` when its round or event is unknown.
fn log_entry(
    p: &mut Problems,
    i: usize,
    e: &OrleansRawLogEntry,
    scenario_or_default: OrleansScenario,
    (rounds, limit): (u8, u8),
    deck: &OrleansDeckState,
    players: &[OrleansPlayer],
) -> Option<OrleansLogEntry> {
    let f = format!("log[{i}]");
    for key in e.other.keys() {
        input::unknown_field(p, format!("{f}.{key}"), key, INFO.name);
    }
    let r = round_value(p, format!("{f}.round"), e.round.as_ref(), rounds);
    let gained = e.gained.as_ref().and_then(|v| {
        input::count(
            p,
            format!("{f}.gained"),
            Some(v),
            MAX_COINS,
            &Text::new("Pièces reçues", "Coins received"),
        )
    });
    let id = log_event_id(p, &f, &e.event);
    if let Some(s) = e.seat {
        seat_at_table(p, &f, s, players.len());
    }
    if let Some(r) = r
        && r > limit
    {
        future_round(p, format!("{f}.round"), r);
    }
    if scenario_or_default == OrleansScenario::Duel && !e.paid && e.seat.is_none() {
        // Le duel: the one who cannot pay loses, so the log must say who.
        p.push(
            format!("{f}.seat"),
            "seat_required",
            Text::new(
                "Dans Le duel, un paiement manqué doit dire quel joueur l'a manqué.",
                "In The Duel, a missed payment must say which player missed it.",
            ),
        );
    }
    let (Some(r), Some(event)) = (r, id) else { return None };
    log_entry_fits(p, &f, r, event, scenario_or_default, deck, players);
    Some(OrleansLogEntry {
        round: r,
        event,
        seat: e.seat,
        paid: e.paid,
        declined: e.declined,
        payment: e.payment,
        gained,
        received: e.received,
        note: e.note.clone(),
    })
}

/// The event a log line names (`log[i].event`): a scenario event or the steward's dues.
fn log_event_id(p: &mut Problems, f: &str, id: &str) -> Option<&'static str> {
    let found = if id == ADMINISTRATOR { Some(ADMINISTRATOR) } else { event(id).map(|d| d.id) };
    if found.is_none() {
        p.push(
            format!("{f}.event"),
            "unknown_event",
            Text::new(format!("Événement inconnu « {id} »."), format!("Unknown event “{id}”.")),
        );
    }
    found
}

/// A log line's seat (`log[i].seat`) is one of the `n` at the table.
fn seat_at_table(p: &mut Problems, f: &str, seat: u8, n: usize) {
    if usize::from(seat) < n {
        return;
    }
    p.push(
        format!("{f}.seat"),
        "unknown_seat",
        // A player counts seats from 1: the seat sent (an index) is named as they read it.
        Text::new(
            format!("Pas de joueur à la place {} (places 1 à {n}).", u16::from(seat) + 1),
            format!("No player in seat {} (seats 1 to {n}).", u16::from(seat) + 1),
        ),
    );
}

/// Round `r`, named on `field`, is after the round being played.
fn future_round(p: &mut Problems, field: String, r: u8) {
    p.push(
        field,
        "future_round",
        Text::new(format!("La manche {r} n'est pas encore jouée."), format!("Round {r} is not played yet.")),
    );
}
/// Appendice, Nouvelles tuiles Lieu: the box holds one of each of the 7 new place tiles, so one
/// Dépôt, and only Prospérité's setup lists it among the place tiles in play (Invasion's list
/// leaves it out, Le dignitaire removes it, the other scenarios bring no new place tile but the
/// Étal de marché). Every owner's field is named, so no seat is picked by the order typed.
fn depot_owners(p: &mut Problems, players: &[OrleansPlayer], scenario: OrleansScenario) {
    let owners: Vec<usize> = players.iter().enumerate().filter(|(_, q)| q.depot).map(|(i, _)| i).collect();
    if scenario != OrleansScenario::Prosperite {
        for i in owners {
            p.push(
                format!("players[{i}].depot"),
                "not_in_scenario",
                Text::new(
                    "Le Dépôt ne fait partie des tuiles Lieu que dans Prospérité.",
                    "The Depot is among the place tiles only in Prosperity.",
                ),
            );
        }
        return;
    }
    if owners.len() > 1 {
        let who = owners
            .iter()
            .map(|&i| players.get(i).map_or_else(String::new, |q| q.name.clone()))
            .collect::<Vec<_>>()
            .join(", ");
        let seats = owners.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ");
        for &i in &owners {
            p.push(
                format!("players[{i}].depot"),
                "duplicate_depot",
                Text::new(
                    format!("Il n'y a qu'un Dépôt : {who} (places {seats}) ne peuvent pas l'avoir tous."),
                    format!("There is only one Depot: {who} (seats {seats}) cannot all own it."),
                ),
            );
        }
    }
}

/// Prospérité, Contenu additionnel: « 22 cartes Bâtiment ». The players' completed buildings
/// together are at most the box's cards; every owner's field is named.
fn building_cards(p: &mut Problems, players: &[OrleansPlayer]) {
    let total = players.iter().map(|q| q.buildings.len()).fold(0usize, usize::saturating_add);
    if total <= BUILDING_CARDS {
        return;
    }
    for (i, _) in players.iter().enumerate().filter(|(_, q)| !q.buildings.is_empty()) {
        p.push(
            format!("players[{i}].buildings"),
            "too_many_buildings",
            Text::new(
                format!("{total} bâtiments complétés en tout : la boîte ne compte que {BUILDING_CARDS} cartes Bâtiment."),
                format!("{total} completed buildings in all: the box holds only {BUILDING_CARDS} building cards."),
            ),
        );
    }
}

/// Invasion, Mise en place: 3 of the 13 border towns are fortified at setup at 3 players, 7 at
/// 2 (« Ces comptoirs représentent des fortifications »): the team can build only on the others.
fn border_towns_left(p: &mut Problems, team: &OrleansTeam, players: usize) {
    let free = super::status::fortifications_to_build(players);
    if team.fortifications > free {
        p.push(
            "team.fortifications",
            "too_many_fortifications",
            Text::new(
                format!(
                    "{} fortifications construites : à {players} joueurs, la mise en place en fortifie déjà {}, il n'en reste que {free} à construire.",
                    team.fortifications,
                    super::status::preplaced_fortifications(players)
                ),
                format!(
                    "{} fortifications built: with {players} players the setup already fortifies {}, only {free} are left to build.",
                    team.fortifications,
                    super::status::preplaced_fortifications(players)
                ),
            ),
        );
    }
}

/// A log entry must name what this play had in that round: the scenario's event for the round
/// (Invasion: the tile revealed in that round), or the steward's dues when the Administrateur
/// terrien is at the table. A stray entry would otherwise decide the game.
fn log_entry_fits(
    p: &mut Problems,
    f: &str,
    round: u8,
    id: &str,
    scenario: OrleansScenario,
    deck: &OrleansDeckState,
    players: &[OrleansPlayer],
) {
    if id == ADMINISTRATOR {
        if !players.iter().any(|q| q.character == Some(ADMINISTRATOR)) {
            p.push(
                format!("{f}.event"),
                "no_administrator",
                Text::new(
                    "Des dus de l'Administrateur terrien, mais personne ne joue ce personnage.",
                    "Land steward's dues, but nobody plays that character.",
                ),
            );
        }
        return;
    }
    let at = usize::from(round.saturating_sub(1));
    let expected = match scenario {
        OrleansScenario::Invasion => {
            if u32::from(round) <= deck.revealed {
                deck.order.get(at).copied()
            } else {
                None
            }
        }
        s => s.track().get(at).copied(),
    };
    let name = |id: &str| event(id).map_or_else(|| Text::new(id, id), |e| e.name.to_text());
    match expected {
        Some(e) if e == id => {}
        Some(e) => {
            let (want, got) = (name(e), name(id));
            p.push(
                format!("{f}.event"),
                "event_not_in_round",
                Text::new(
                    format!("En manche {round}, l'événement est « {} », pas « {} ».", want.fr, got.fr),
                    format!("Round {round}'s event is “{}”, not “{}”.", want.en, got.en),
                ),
            );
        }
        None => p.push(
            format!("{f}.event"),
            "tile_not_revealed",
            Text::new(
                format!("La tuile de la manche {round} n'est pas encore saisie dans la pile."),
                format!("Round {round}'s tile is not entered in the deck yet."),
            ),
        ),
    }
}

/// One seat (`players[i]`): its counts, development, goods, buildings, dues, character and
/// objectives, each problem on its field.
fn player(
    p: &mut Problems,
    i: usize,
    rp: &OrleansRawPlayer,
    scenario: OrleansScenario,
    round: u8,
) -> OrleansPlayer {
    let f = |k: &str| format!("players[{i}].{k}");
    for key in rp.other.keys() {
        input::unknown_field(p, f(key), key, INFO.name);
    }
    let counted = player_counts(p, &f, rp);
    let development_points_typed = !matches!(rp.development_points, None | Some(Value::Null));
    let development_level = development_level(
        p,
        f("development_level"),
        rp.development_level.as_ref(),
        counted.development_points,
        development_points_typed,
    );
    let goods = goods(p, &f("goods"), &rp.goods);
    let buildings = rp
        .buildings
        .iter()
        .enumerate()
        .map(|(j, v)| building(p, &f(&format!("buildings[{j}]")), v))
        .collect();
    let dues = rp
        .dues
        .iter()
        .enumerate()
        .map(|(j, v)| {
            input::count(p, f(&format!("dues[{j}]")), Some(v), MAX_COINS, &what("Dû", "Due")).unwrap_or(0)
        })
        .collect();
    let character = seat_character(p, f("character"), rp.character.as_deref(), scenario);
    let objectives = seat_objectives(p, &f, &rp.objectives, known_objectives(scenario, character), round);
    OrleansPlayer {
        goods,
        development_level,
        development_points_typed,
        buildings,
        character,
        objectives,
        dues,
        ..counted
    }
}

/// A seat's name, flags and counts (`players[i].coins` …), each within its limit; the rest is
/// left to [`player`].
fn player_counts(p: &mut Problems, f: &impl Fn(&str) -> String, rp: &OrleansRawPlayer) -> OrleansPlayer {
    let mut c = |key: &str, v: &Option<Value>, max: u32, fr: &str, en: &str| {
        input::count(p, f(key), v.as_ref(), max, &what(fr, en)).unwrap_or(0)
    };
    OrleansPlayer {
        name: rp.name.trim().to_owned(),
        coins: c("coins", &rp.coins, MAX_COINS, "Pièces", "Coins"),
        trading_posts: c("trading_posts", &rp.trading_posts, MAX_COUNT, "Comptoirs", "Trading posts"),
        technology: c("technology", &rp.technology, MAX_COUNT, "Technologies", "Technology tiles"),
        development_points: c(
            "development_points",
            &rp.development_points,
            MAX_DEVELOPMENT_POINTS,
            "Points de développement",
            "Development points",
        ),
        citizens: c("citizens", &rp.citizens, MAX_COUNT, "Citoyens", "Citizens"),
        monks: c("monks", &rp.monks, MAX_COUNT, "Moines", "Monks"),
        monks_in_market: c(
            "monks_in_market",
            &rp.monks_in_market,
            MAX_COUNT,
            "Moines au marché",
            "Monks in market",
        ),
        knights: c("knights", &rp.knights, MAX_COUNT, "Chevaliers", "Knights"),
        followers: c("followers", &rp.followers, MAX_FOLLOWERS, "Partisans", "Followers"),
        place_tiles: c("place_tiles", &rp.place_tiles, MAX_COUNT, "Tuiles Lieu", "Place tiles"),
        fortifications: c(
            "fortifications",
            &rp.fortifications,
            super::supply::SPECIAL_BUILDINGS,
            "Fortifications",
            "Fortifications",
        ),
        boatmen_track: c(
            "boatmen_track",
            &rp.boatmen_track,
            MAX_BOATMEN_TRACK,
            "Piste des bateliers",
            "Boatmen track",
        ),
        books: c("books", &rp.books, MAX_BOOKS, "Livres", "Books"),
        in_orleans: rp.in_orleans,
        depot: rp.depot,
        ..OrleansPlayer::default()
    }
}

/// The level on the development track (`players[i].development_level`). The track space says
/// the level when only it is typed; a level alone is read as typed, 1 when neither is.
fn development_level(
    p: &mut Problems,
    field: String,
    typed: Option<&Value>,
    development_points: u32,
    points_given: bool,
) -> u32 {
    match typed {
        None | Some(Value::Null) if points_given => level_for_points(development_points),
        None | Some(Value::Null) => 1,
        v => {
            let n = input::count_in(
                p,
                field.clone(),
                v,
                1,
                MAX_DEVELOPMENT_LEVEL,
                &what("Niveau de développement", "Development level"),
            );
            let level = n.unwrap_or(1);
            // The space fixes the level (one fact): an older table holding both is
            // read when they agree, and refused once, on the level, when they do not.
            let expected = level_for_points(development_points);
            if points_given && n.is_some() && level != expected {
                p.push(
                    field,
                    "development_mismatch",
                    Text::new(
                        format!("Niveau {level} et case {development_points} de la piste de développement ne vont pas ensemble : la case {development_points} est au niveau {expected} (la case suffit)."),
                        format!("Level {level} and space {development_points} of the development track do not agree: space {development_points} is level {expected} (the space is enough)."),
                    ),
                );
            }
            level
        }
    }
}

/// A seat's character card (`players[i].character`): one of Invasion's, and only in Invasion.
/// An unknown card is read as none; a known one outside Invasion is kept but refused.
fn seat_character(
    p: &mut Problems,
    field: String,
    typed: Option<&str>,
    scenario: OrleansScenario,
) -> Option<&'static str> {
    let id = typed.filter(|id| !id.is_empty())?;
    let found = character(id).map(|c| c.id);
    if found.is_none() {
        let known = CHARACTERS.iter().map(|c| c.id).collect::<Vec<_>>().join(", ");
        p.push(
            field,
            "unknown_character",
            Text::new(
                format!("Personnage inconnu « {id} » ({known})."),
                format!("Unknown character “{id}” ({known})."),
            ),
        );
    } else if scenario != OrleansScenario::Invasion {
        p.push(
            field,
            "not_in_scenario",
            Text::new("Les personnages n'existent qu'en Invasion.", "Characters exist only in Invasion."),
        );
    }
    found
}

/// The objectives a seat may mark: its character card's in Invasion, else the scenario's.
fn known_objectives(scenario: OrleansScenario, character: Option<&'static str>) -> Vec<&'static str> {
    match scenario {
        OrleansScenario::Invasion => character
            .and_then(super::catalogue::character)
            .map(|c| c.objectives.iter().map(|o| o.id).collect())
            .unwrap_or_default(),
        s => s.objectives().iter().map(|o| o.id).collect(),
    }
}

/// The objectives a seat marked (`players[i].objectives.<id>`: the round completed), each one
/// it may mark, in a round already played.
fn seat_objectives(
    p: &mut Problems,
    f: &impl Fn(&str) -> String,
    typed: &BTreeMap<String, Value>,
    known: Vec<&'static str>,
    round: u8,
) -> BTreeMap<String, u8> {
    let mut objectives = BTreeMap::new();
    for (key, value) in typed {
        let field = f(&format!("objectives.{key}"));
        if !known.contains(&key.as_str()) {
            p.push(
                field,
                "unknown_objective",
                Text::new(
                    format!("Objectif inconnu « {key} » (connus : {}).", known.join(", ")),
                    format!("Unknown objective “{key}” (known: {}).", known.join(", ")),
                ),
            );
        } else if let Some(r) = round_value(p, field.clone(), Some(value), u8::MAX) {
            if r > round {
                future_round(p, field, r);
            } else {
                objectives.insert(key.clone(), r);
            }
        }
    }
    objectives
}
/// One completed building: its points alone (older plays), or `{points, name}`.
fn building(p: &mut Problems, field: &str, v: &Value) -> OrleansBuilding {
    let Value::Object(o) = v else {
        let points =
            input::count(p, field.to_owned(), Some(v), MAX_BUILDING_POINTS, &what("Bâtiment", "Building"));
        return OrleansBuilding { points: points.unwrap_or(0), name: None };
    };
    for key in o.keys().filter(|k| !matches!(k.as_str(), "points" | "name")) {
        input::unknown_field(p, format!("{field}.{key}"), key, INFO.name);
    }
    let points = input::count(
        p,
        format!("{field}.points"),
        o.get("points"),
        MAX_BUILDING_POINTS,
        &what("Bâtiment", "Building"),
    )
    .unwrap_or(0);
    let name = match o.get("name") {
        None | Some(Value::Null) => None,
        Some(Value::String(raw)) => match input::clean_name(raw) {
            Ok(name) => Some(name),
            Err(input::NameProblem::Empty) => None,
            Err(problem) => {
                let t = input::name_problem_text(problem, None);
                p.push(
                    format!("{field}.name"),
                    input::name_problem_code(problem),
                    Text::new(
                        t.fr.replacen("Le nom", "Le nom du bâtiment", 1),
                        t.en.replacen("The name", "The building's name", 1),
                    ),
                );
                None
            }
        },
        Some(other) => {
            p.push(
                format!("{field}.name"),
                "not_a_string",
                Text::new(
                    format!("Nom du bâtiment : un texte est attendu, pas {other}."),
                    format!("Building name: a text is expected, not {other}."),
                ),
            );
            None
        }
    };
    OrleansBuilding { points, name }
}

fn team(p: &mut Problems, t: &OrleansRawTeam) -> OrleansTeam {
    for key in t.other.keys() {
        input::unknown_field(p, format!("team.{key}"), key, INFO.name);
    }
    let mut c = |key: &str, v: &Option<Value>, max: u32, fr: &str, en: &str| {
        input::count(p, format!("team.{key}"), v.as_ref(), max, &what(fr, en)).unwrap_or(0)
    };
    OrleansTeam {
        ramparts: c("ramparts", &t.ramparts, MAX_COUNT, "Remparts", "Ramparts"),
        citizens: c("citizens", &t.citizens, MAX_COUNT, "Citoyens", "Citizens"),
        treasury: c("treasury", &t.treasury, MAX_COINS, "Trésorerie", "Treasury"),
        fortifications: c(
            "fortifications",
            &t.fortifications,
            super::status::BORDER_TOWNS,
            "Fortifications",
            "Fortifications",
        ),
        warehouse: goods(p, "team.warehouse", &t.warehouse),
    }
}

/// Which stack a tile comes from.
fn stack_of(id: &str) -> Option<char> {
    if INVASION_A.contains(&id) {
        Some('A')
    } else if INVASION_B.contains(&id) {
        Some('B')
    } else if INVASION_C.contains(&id) {
        Some('C')
    } else {
        None
    }
}

/// Invasion, Mise en place: « piochez 9 tuiles de la pile A et 8 de la pile B » at 2–3 players
/// (8 and 7 at 4–5), stacked A over B over C, Invasion (C) last; each tile once; none of the
/// tiles set aside; hard mode without Soutien and Entraînement. The order may stop short of the
/// whole deck while the group enters the tiles as they come up; what is there must fit. One
/// tile is revealed each round, so at most `limit` are: the round being played (`u8::MAX` when
/// it could not be read: nothing is checked against it).
fn deck(
    p: &mut Problems,
    d: &OrleansRawDeck,
    round: u8,
    limit: u8,
    rounds: u8,
    players: usize,
) -> OrleansDeckState {
    set_aside_tiles(p, &d.set_aside);
    let order = (d.order.iter().enumerate()).filter_map(|(i, id)| deck_tile(p, d, i, id, players)).collect();
    if d.order.len() > usize::from(rounds) {
        p.push(
            "deck.order",
            "deck_size",
            Text::new(
                format!("La pile compte {rounds} tuiles à {players} joueurs, pas {}.", d.order.len()),
                format!("The deck holds {rounds} tiles with {players} players, not {}.", d.order.len()),
            ),
        );
    }
    let revealed = revealed_tiles(p, d.revealed.as_ref(), round, limit, rounds);
    OrleansDeckState { seed: d.seed, set_aside: d.set_aside.clone(), hard_mode: d.hard_mode, order, revealed }
}

/// The tiles set aside before the draw (`deck.set_aside[i]`) come from stacks A and B.
fn set_aside_tiles(p: &mut Problems, set_aside: &[String]) {
    for (i, id) in set_aside.iter().enumerate() {
        if !matches!(stack_of(id), Some('A' | 'B')) {
            p.push(
                format!("deck.set_aside[{i}]"),
                "unknown_tile",
                Text::new(
                    format!("« {id} » n'est pas une tuile des piles A ou B."),
                    format!("“{id}” is not a tile of stack A or B."),
                ),
            );
        }
    }
}

/// The tile drawn at position `i` of the deck (`deck.order[i]`), or `None` (with its problem)
/// when it is unknown or cannot be there.
fn deck_tile(
    p: &mut Problems,
    d: &OrleansRawDeck,
    i: usize,
    id: &str,
    players: usize,
) -> Option<&'static str> {
    let field = format!("deck.order[{i}]");
    let Some(stack) = stack_of(id) else {
        p.push(
            field,
            "unknown_tile",
            Text::new(format!("Tuile inconnue « {id} »."), format!("Unknown tile “{id}”.")),
        );
        return None;
    };
    if let Some((code, text)) = misplaced_tile(d, i, id, stack, players) {
        p.push(field, code, text);
        return None;
    }
    INVASION_A.iter().chain(INVASION_B).chain(INVASION_C).find(|t| **t == id).copied()
}

/// Why tile `id`, of `stack`, cannot be at position `i`: drawn twice, from the wrong stack for
/// its position, set aside, or removed by hard mode (the first that applies).
fn misplaced_tile(
    d: &OrleansRawDeck,
    i: usize,
    id: &str,
    stack: char,
    players: usize,
) -> Option<(&'static str, Text)> {
    let (need_a, need_b) = super::deck::draw_counts(players);
    let (need_a, need_b) = (usize::from(need_a), usize::from(need_b));
    let expected = if i < need_a {
        'A'
    } else if i < need_a + need_b {
        'B'
    } else {
        'C'
    };
    let position = i + 1;
    if d.order.iter().take(i).any(|o| o == id) {
        Some((
            "duplicate_tile",
            Text::new(
                format!("« {id} » figure deux fois dans la pile : chaque tuile n'existe qu'une fois."),
                format!("“{id}” is in the deck twice: each tile exists once."),
            ),
        ))
    } else if stack != expected {
        Some((
            "wrong_stack",
            Text::new(
                format!(
                    "Position {position} : une tuile de la pile {expected} est attendue ({need_a} A puis {need_b} B puis Invasion à {players} joueurs), pas « {id} » (pile {stack})."
                ),
                format!(
                    "Position {position}: a tile of stack {expected} is expected ({need_a} A then {need_b} B then Invasion with {players} players), not “{id}” (stack {stack})."
                ),
            ),
        ))
    } else if d.set_aside.iter().any(|s| s == id) {
        Some((
            "set_aside_tile",
            Text::new(
                format!("« {id} » a été écartée avant la pioche : elle ne peut pas sortir."),
                format!("“{id}” was set aside before the draw: it cannot come up."),
            ),
        ))
    } else if d.hard_mode && super::deck::HARD_MODE_REMOVED.contains(&id) {
        Some((
            "hard_mode_tile",
            Text::new(
                format!("En mode difficile, « {id} » est retirée du jeu."),
                format!("In hard mode, “{id}” is removed from the game."),
            ),
        ))
    } else {
        None
    }
}

/// How many tiles are revealed (`deck.revealed`): one at each round's start, so the round
/// being played when not typed.
fn revealed_tiles(p: &mut Problems, typed: Option<&Value>, round: u8, limit: u8, rounds: u8) -> u32 {
    match typed {
        None | Some(Value::Null) => u32::from(round.min(rounds)),
        v => {
            let n = input::count(
                p,
                "deck.revealed".into(),
                v,
                u32::from(rounds),
                &what("Tuiles révélées", "Tiles revealed"),
            )
            .unwrap_or(0);
            // Invasion: one tile is revealed at each round's start; a tile of a round still to
            // come (a Renfort raising the ramparts goal) is not on the table yet.
            if n > u32::from(limit) {
                p.push(
                    "deck.revealed",
                    "revealed_ahead",
                    Text::new(
                        format!("En manche {limit}, {limit} tuiles au plus sont révélées, pas {n}."),
                        format!("In round {limit}, at most {limit} tiles are revealed, not {n}."),
                    ),
                );
            }
            n.min(u32::from(limit))
        }
    }
}
