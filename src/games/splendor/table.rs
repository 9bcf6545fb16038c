//! The table state: raw (serde, nothing checked) → [`validate`] → [`Table`], every problem
//! reported at once with its field.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::cities::{City, city};
use super::colour::{Colour, ColourCounts};
use super::nobles::nobles_met;
use super::orient::{OrientCard, OrientKind, orient_card};
use super::{DEVELOPMENT_CARDS_PER_COLOUR, INFO, MAX_CARD_PRESTIGE, MAX_DEVELOPMENT_CARDS};
use crate::games::Problems;
use crate::games::input::{self, PlayedBy, VariantWord};
use crate::text::{Text, en_noun, fr_noun, plural_s};

/// Table mode: a seat's part is its `players[i]` (bonuses, prestige, nobles, cities, Orient
/// cards). Everything a player owns lies face up in Splendor, so nothing is private. The name
/// is the host's to change.
/// A phone's colours, city and Orient cards must be the game's.
pub const SEAT: crate::games::seat::SeatRules = crate::games::seat::SeatRules {
    private: &[],
    locked: &["name"],
    unknown_ids: &["unknown_colour", "unknown_city", "unknown_orient_card"],
};

/// The module a play uses (the game's variant); the four are played separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum Module {
    Cities,
    TradingPosts,
    Orient,
    Strongholds,
}

impl Module {
    pub const ALL: [Module; 4] = [Module::Cities, Module::TradingPosts, Module::Orient, Module::Strongholds];

    /// The variant id in [`INFO`].
    pub fn id(self) -> &'static str {
        match self {
            Module::Cities => "cities",
            Module::TradingPosts => "trading_posts",
            Module::Orient => "orient",
            Module::Strongholds => "strongholds",
        }
    }

    pub fn from_id(id: &str) -> Option<Module> {
        Module::ALL.into_iter().find(|m| m.id() == id)
    }

    /// Whether the noble tiles are in play. Les Cités, Mise en place: « N'utilisez pas les
    /// tuiles de Nobles. »
    pub fn uses_nobles(self) -> bool {
        self != Module::Cities
    }

    fn label(self) -> Text {
        INFO.variant(self.id()).map_or_else(|| Text::new(self.id(), self.id()), |v| v.label.to_text())
    }
}

/// Gold tokens in the box (FACT-SPL-C1, V2).
pub const GOLD_TOKENS: u32 = 5;
/// Strongholds per player (Les Bastions, Mise en place).
pub const STRONGHOLDS_PER_PLAYER: u32 = 3;

/// The table state as sent: nothing checked yet. Numbers are JSON values so that a wrong type
/// is reported on its own field; unknown keys land in `other` and are reported.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename = "SplendorRawTable")]
pub struct RawTable {
    /// Module id (`cities`, `trading_posts`, `orient`, `strongholds`); absent: `cities`.
    #[serde(default)]
    pub variant: Option<String>,
    /// Cities module: the 3 city faces on the table.
    #[serde(default)]
    pub cities_in_play: Option<Vec<String>>,
    #[serde(default)]
    pub players: Vec<RawPlayer>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// One seat as sent. Absent counts are 0.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename = "SplendorRawPlayer")]
pub struct RawPlayer {
    #[serde(default)]
    pub name: String,
    /// Colour → bonuses from ordinary (base-game) development cards.
    #[serde(default)]
    pub bonuses: BTreeMap<String, Value>,
    /// Prestige printed on ordinary development cards (Orient cards are counted from `orient`).
    #[serde(default)]
    pub card_prestige: Option<Value>,
    /// Ordinary development cards owned; optional, since each carries exactly one bonus it must
    /// equal the sum of `bonuses`.
    #[serde(default)]
    pub development_cards: Option<Value>,
    /// Nobles who visited (not the Cities module).
    #[serde(default)]
    pub nobles: Option<Value>,
    /// Cities module: the city this player took (at most one).
    #[serde(default)]
    pub cities: Option<Vec<String>>,
    /// Orient module: the Orient cards owned.
    #[serde(default)]
    pub orient: Option<Vec<RawOrientCard>>,
    /// Orient module: nobles reserved with a reserve-noble card that have not visited yet.
    #[serde(default)]
    pub reserved_nobles: Option<Value>,
    /// Gold tokens in hand (no points; kept so the table can be read back).
    #[serde(default)]
    pub gold: Option<Value>,
    /// Strongholds module: how many of the player's 3 strongholds stand on cards (no points).
    #[serde(default)]
    pub strongholds: Option<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// One Orient card owned, as sent.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename = "SplendorRawOrientCard")]
pub struct RawOrientCard {
    #[serde(default)]
    pub card: String,
    /// Pairing cards only: the colour of the owned card it is paired with.
    #[serde(default)]
    pub colour: Option<String>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// A checked table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub module: Module,
    /// Cities module: the 3 faces in play (empty otherwise).
    pub cities_in_play: Vec<&'static City>,
    /// In seat order.
    pub players: Vec<Player>,
}

impl Table {
    /// Who holds `city`, if anyone.
    pub fn holder_of(&self, city: &City) -> Option<usize> {
        self.players.iter().position(|p| p.city.is_some_and(|c| c.id == city.id))
    }

    /// Cités de Splendor, Les Cités: « A la fin de votre tour, prenez automatiquement une tuile
    /// Cité si vous satisfaites aux conditions requises » — the seat meets the face, the tile is
    /// still on the table, and the seat holds no city yet (one city each, kept to the end).
    /// The live help's `can_take` and the refusal of an untaken city both ask this.
    pub fn can_take(&self, seat: usize, city: &City) -> bool {
        let Some(p) = self.players.get(seat) else { return false };
        self.module == Module::Cities
            && p.city.is_none()
            && self.holder_of(city).is_none()
            && city.missing(p.prestige(self.module).total, &p.effective_bonuses()).is_met()
    }

    /// Per seat, the cities still on the table they meet: they take one at the end of the turn.
    pub fn cities_to_take(&self) -> Vec<(usize, Vec<&'static City>)> {
        (0..self.players.len())
            .map(|i| {
                (i, self.cities_in_play.iter().copied().filter(|c| self.can_take(i, c)).collect::<Vec<_>>())
            })
            .filter(|(_, cities)| !cities.is_empty())
            .collect()
    }

    /// The position is not the end of a turn while a player meets a city still on the table:
    /// one problem per such player, naming them and the cities, on their `cities` field. The box
    /// hands the city over by itself; the sheet waits for the table to record who took it.
    pub fn check_cities_taken(&self) -> Result<(), Problems> {
        let mut p = Problems::new();
        for (i, cities) in self.cities_to_take() {
            let name = self.players.get(i).map_or("", |pl| pl.name.as_str());
            let list = |fr: bool| {
                cities
                    .iter()
                    .map(|c| {
                        let t = c.requirement_text();
                        if fr {
                            format!("la Cité à {} points ({})", c.prestige, t.fr)
                        } else {
                            format!("the {}-point city ({})", c.prestige, t.en)
                        }
                    })
                    .collect::<Vec<_>>()
            };
            let (fr, en) = if cities.len() == 1 {
                (
                    format!(
                        "{name} remplit les conditions de {}, encore sur la table : la règle la lui donne à la fin de son tour. Indiquez que {name} la prend.",
                        list(true).join("")
                    ),
                    format!(
                        "{name} meets {}, still on the table: the rules give it to {name} at the end of the turn. Record that {name} takes it.",
                        list(false).join("")
                    ),
                )
            } else {
                (
                    format!(
                        "{name} remplit les conditions de {}, encore sur la table : la règle lui en donne une, à son choix, à la fin de son tour. Indiquez laquelle {name} prend.",
                        list(true).join(" et de ")
                    ),
                    format!(
                        "{name} meets {}, still on the table: the rules give {name} one of them (their choice) at the end of the turn. Record which one {name} takes.",
                        list(false).join(" and ")
                    ),
                )
            };
            p.push(format!("players[{i}].cities"), "city_taken_automatically", Text::new(fr, en));
        }
        p.into_result(())
    }
}

/// A checked seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    /// From ordinary development cards.
    pub bonuses: ColourCounts,
    /// Printed on ordinary development cards.
    pub card_prestige: u32,
    /// Ordinary development cards.
    pub development_cards: u32,
    pub nobles: u32,
    pub reserved_nobles: u32,
    pub gold: u32,
    /// Strongholds on cards (Strongholds module).
    pub strongholds: u32,
    pub city: Option<&'static City>,
    pub orient: Vec<OwnedOrientCard>,
}

/// An Orient card a player owns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnedOrientCard {
    pub card: &'static OrientCard,
    /// The colour a pairing card copies (`None` for the other kinds).
    pub colour: Option<Colour>,
}

/// Reads a JSON value as a raw table, reporting a wrong shape as a problem.
pub fn parse(raw: &Value) -> Result<RawTable, Problems> {
    input::from_table(raw, usize::from(INFO.max_players()), INFO.name)
}

/// Cités de Splendor, Les Cités, mise en place: 3 cities, whatever the player count.
pub const CITIES_IN_PLAY: usize = 3;

/// Nobles on the table: one more than the players (FACT-SPL-C1, V2).
pub(crate) fn nobles_in_play(players: usize) -> u32 {
    u32::try_from(players).unwrap_or(u32::MAX).saturating_add(1)
}

/// Checks a raw table, reporting every problem with its field.
pub fn validate(raw: &RawTable) -> Result<Table, Problems> {
    let mut p = Problems::new();

    for key in raw.other.keys() {
        input::unknown_field(&mut p, key.clone(), key, "Les Cités de Splendor");
    }

    let module = match raw.variant.as_deref() {
        None | Some("") => Some(Module::Cities),
        Some(id) => {
            let found = Module::from_id(id);
            if found.is_none() {
                let known = Module::ALL.map(Module::id);
                input::unknown_variant(&mut p, "variant", VariantWord::MODULE, id, None, &known);
            }
            found
        }
    };

    // Les Cités de Splendor: 2 to 4 players, like the base game, whatever the module.
    let count = raw.players.len();
    let (min, max) = (usize::from(INFO.min_players()), usize::from(INFO.max_players()));
    let who = PlayedBy::game(&INFO).plural();
    let count_ok =
        input::player_count(&mut p, "players", &who, INFO.min_players(), INFO.max_players(), count);
    let nobles_max = nobles_in_play(count.clamp(min, max));

    let cities_in_play = validate_cities_in_play(&mut p, module, raw.cities_in_play.as_deref());

    let mut players = Vec::with_capacity(count);
    // Per seat: whether every count was valid (so that the holder check below is meaningful).
    let mut counts_valid = Vec::with_capacity(count);
    let mut holders = Holders::default();
    let names: Vec<&str> = raw.players.iter().map(|pl| pl.name.as_str()).collect();
    input::player_names(&mut p, &names);
    for (i, rp) in raw.players.iter().enumerate() {
        let seat = SeatRules { i, module, nobles_max, cities_in_play: &cities_in_play };
        let (player, valid) = validate_player(&mut p, &seat, rp, &mut holders);
        counts_valid.push(valid);
        players.push(player);
    }

    check_gold_in_hands(&mut p, &players);
    check_colours_in_box(&mut p, &players);
    if count_ok && module.is_none_or(Module::uses_nobles) {
        check_nobles_on_table(&mut p, &players, nobles_max, count);
    }
    if let Some(m @ Module::Cities) = module {
        check_cities_met(&mut p, m, &players, &counts_valid);
    }

    let module = module.unwrap_or(Module::Cities);
    p.into_result(Table { module, cities_in_play, players })
}

/// What a seat's check needs to know of the whole table.
struct SeatRules<'a> {
    /// The seat.
    i: usize,
    module: Option<Module>,
    /// Nobles on the table.
    nobles_max: u32,
    cities_in_play: &'a [&'static City],
}

impl SeatRules<'_> {
    /// The seat's field name (`players[i].f`).
    fn at(&self, f: &str) -> String {
        format!("players[{}].{f}", self.i)
    }
}

/// Who holds each city tile and each Orient card so far, seat after seat (each is unique).
#[derive(Default)]
struct Holders {
    city: HashMap<&'static str, usize>,
    orient: HashMap<&'static str, usize>,
}

/// One seat, field by field; with whether every one of its counts was valid.
fn validate_player(
    p: &mut Problems,
    seat: &SeatRules<'_>,
    rp: &RawPlayer,
    holders: &mut Holders,
) -> (Player, bool) {
    let (i, module) = (seat.i, seat.module);
    for key in rp.other.keys() {
        input::unknown_field(p, seat.at(key), key, "Les Cités de Splendor");
    }

    let before_bonuses = p.0.len();
    let bonuses = validate_bonuses(p, seat, rp);
    let bonuses_ok = p.0.len() == before_bonuses;
    let card_prestige = validate_card_prestige(p, seat, rp, &bonuses, bonuses_ok);
    let development_cards = validate_development_cards(p, seat, rp, &bonuses, bonuses_ok);

    let nobles = validate_nobles(p, seat, rp);
    let before_orient = p.0.len();
    let owned = validate_orient(p, i, module, rp.orient.as_deref(), &bonuses, &mut holders.orient);
    let orient_ok = p.0.len() == before_orient;
    if bonuses_ok {
        check_nobles_met(p, seat, nobles, bonuses, &owned, orient_ok);
    }
    let reserved_nobles = validate_reserved_nobles(p, seat, rp, &owned);

    // Splendor: 5 gold tokens in the box (FACT-SPL-C1).
    let gold = input::count(
        p,
        seat.at("gold"),
        rp.gold.as_ref(),
        GOLD_TOKENS,
        &Text::new("jetons or", "gold tokens"),
    )
    .unwrap_or(0);
    let strongholds = validate_strongholds(p, seat, rp);

    let held =
        validate_player_cities(p, i, module, rp.cities.as_deref(), seat.cities_in_play, &mut holders.city);

    let player = Player {
        name: rp.name.trim().to_owned(),
        bonuses,
        card_prestige,
        development_cards,
        nobles,
        reserved_nobles,
        gold,
        strongholds,
        city: held,
        orient: owned,
    };
    (player, p.0.len() == before_bonuses)
}

/// A seat's bonuses (`bonuses`), colour by colour.
fn validate_bonuses(p: &mut Problems, seat: &SeatRules<'_>, rp: &RawPlayer) -> ColourCounts {
    let mut bonuses = ColourCounts::ZERO;
    for (key, value) in &rp.bonuses {
        let field = seat.at(&format!("bonuses.{key}"));
        match Colour::from_key(key) {
            None => p.push(
                field,
                "unknown_colour",
                Text::new(
                    format!("Couleur de bonus inconnue « {key} » (white, blue, green, red, black)."),
                    format!("Unknown bonus colour “{key}” (white, blue, green, red, black)."),
                ),
            ),
            Some(c) => {
                // The box's cards of that colour, one bonus each.
                let what = Text::new(
                    format!(
                        "bonus {} (le jeu compte {DEVELOPMENT_CARDS_PER_COLOUR} cartes {})",
                        c.fr(2),
                        c.fr_feminine(2)
                    ),
                    format!(
                        "{} bonuses (the game has {DEVELOPMENT_CARDS_PER_COLOUR} {} cards)",
                        c.en(),
                        c.en()
                    ),
                );
                if let Some(n) = input::count(p, field, Some(value), DEVELOPMENT_CARDS_PER_COLOUR, &what) {
                    bonuses.set(c, n);
                }
            }
        }
    }
    bonuses
}

/// The prestige printed on a seat's ordinary cards (`card_prestige`).
fn validate_card_prestige(
    p: &mut Problems,
    seat: &SeatRules<'_>,
    rp: &RawPlayer,
    bonuses: &ColourCounts,
    bonuses_ok: bool,
) -> u32 {
    let card_prestige = input::count(
        p,
        seat.at("card_prestige"),
        rp.card_prestige.as_ref(),
        MAX_CARD_PRESTIGE,
        &Text::new("prestige des cartes", "card prestige"),
    )
    .unwrap_or(0);
    // Prestige is printed on the development cards (FACT-SPL-C1; « 5 pour ses cartes », Les
    // Comptoirs, exemple): a player without an ordinary card (each carries one bonus) has
    // none. Orient cards' prestige is counted from `orient`, never here.
    if bonuses_ok && bonuses.is_zero() && card_prestige > 0 {
        p.push(
            seat.at("card_prestige"),
            "prestige_without_cards",
            Text::new(
                format!(
                    "{card_prestige} points de prestige des cartes, mais aucune carte Développement ordinaire (aucun bonus) : ce prestige est imprimé sur les cartes, saisissez aussi leurs bonus."
                ),
                format!(
                    "{card_prestige} card prestige points but no ordinary development card (no bonus): this prestige is printed on the cards, enter their bonuses too."
                ),
            ),
        );
    }
    card_prestige
}

/// A seat's ordinary development cards (`development_cards`).
fn validate_development_cards(
    p: &mut Problems,
    seat: &SeatRules<'_>,
    rp: &RawPlayer,
    bonuses: &ColourCounts,
    bonuses_ok: bool,
) -> u32 {
    // Each ordinary development card carries exactly one bonus (the rulebook counts
    // requirements in "cartes bonus"), so the count, when given, is the bonuses' sum.
    let v = match rp.development_cards.as_ref() {
        None | Some(Value::Null) => return bonuses.total(),
        Some(v) => v,
    };
    let n = input::count(
        p,
        seat.at("development_cards"),
        Some(v),
        MAX_DEVELOPMENT_CARDS,
        &Text::new("cartes Développement", "development cards"),
    );
    if let Some(n) = n
        && bonuses_ok
        && n != bonuses.total()
    {
        p.push(
            seat.at("development_cards"),
            "cards_bonuses_mismatch",
            Text::new(
                format!(
                    "{n} cartes Développement mais {} bonus : chaque carte ordinaire porte un bonus (les cartes Orient se comptent à part).",
                    bonuses.total()
                ),
                format!(
                    "{n} development cards but {} bonuses: each ordinary card carries one bonus (Orient cards are counted apart).",
                    bonuses.total()
                ),
            ),
        );
    }
    n.unwrap_or(0)
}

/// The nobles that visited a seat (`nobles`).
fn validate_nobles(p: &mut Problems, seat: &SeatRules<'_>, rp: &RawPlayer) -> u32 {
    let nobles = input::count(
        p,
        seat.at("nobles"),
        rp.nobles.as_ref(),
        seat.nobles_max,
        &Text::new("nobles (un de plus que de joueurs sur la table)", "nobles (one more than the players)"),
    )
    .unwrap_or(0);
    // Cités de Splendor, Les Cités, mise en place: "N'utilisez pas les tuiles de Nobles."
    if seat.module.is_some_and(|m| !m.uses_nobles()) && nobles > 0 {
        not_in_module(p, seat.at("nobles"), "nobles", Module::Cities, "");
    }
    nobles
}

/// The nobles a seat received are ones its bonuses meet, when its bonuses never went down.
fn check_nobles_met(
    p: &mut Problems,
    seat: &SeatRules<'_>,
    nobles: u32,
    bonuses: ColourCounts,
    owned: &[OwnedOrientCard],
    orient_ok: bool,
) {
    // A noble visits only a player whose bonuses meet its tile (« comme pour les tuiles de
    // Nobles », Les Cités). Bonuses never go down in Trading Posts and Strongholds. In the
    // Orient only a sacrifice discards cards (« vous devez défausser 2 cartes bonus », niveau
    // 3), and the last sacrifice card bought stays in front of its owner: without one, their
    // bonuses, double bonuses and pairing cards included (« pour recevoir la visite des
    // nobles », niveau 2), never went down either.
    let never_went_down = match seat.module {
        Some(Module::TradingPosts | Module::Strongholds) => true,
        Some(Module::Orient) => orient_ok && !owned.iter().any(|o| o.card.kind == OrientKind::Sacrifice),
        _ => false,
    };
    let mut effective = bonuses;
    for o in owned {
        if let Some((c, n)) = o.card.bonus(o.colour) {
            effective.add(c, n);
        }
    }
    let met = nobles_met(&effective);
    if never_went_down && nobles > met {
        p.push(
            seat.at("nobles"),
            "nobles_not_met",
            Text::new(
                format!(
                    "{nobles} {} mais ces bonus ne remplissent que {met} tuile{} Noble (chacune demande 4 + 4 ou 3 + 3 + 3 bonus) : un noble ne rend visite qu'à qui a ses bonus.",
                    fr_noun(nobles, "noble", "nobles"),
                    plural_s(met)
                ),
                format!(
                    "{nobles} {} but these bonuses meet only {met} noble tile{} (each asks for 4 + 4 or 3 + 3 + 3 bonuses): a noble visits only a player who has its bonuses.",
                    en_noun(nobles, "noble", "nobles"),
                    en_noun(met, "", "s")
                ),
            ),
        );
    }
}

/// The nobles a seat reserved (`reserved_nobles`): the Orient's, one per card.
fn validate_reserved_nobles(
    p: &mut Problems,
    seat: &SeatRules<'_>,
    rp: &RawPlayer,
    owned: &[OwnedOrientCard],
) -> u32 {
    let reserved_nobles = input::count(
        p,
        seat.at("reserved_nobles"),
        rp.reserved_nobles.as_ref(),
        seat.nobles_max,
        &Text::new("nobles réservés", "reserved nobles"),
    )
    .unwrap_or(0);
    match seat.module {
        _ if reserved_nobles == 0 => {}
        Some(Module::Orient) => {
            // L'Orient, niveau 2: each reserve-noble card reserves one noble.
            let cards = owned.iter().filter(|o| o.card.kind == OrientKind::ReserveNoble).count();
            if usize::try_from(reserved_nobles).unwrap_or(usize::MAX) > cards {
                p.push(
                    seat.at("reserved_nobles"),
                    "more_reserved_than_cards",
                    Text::new(
                        format!(
                            "{reserved_nobles} nobles réservés pour {cards} {} « Réserver un noble » : chaque carte en réserve un.",
                            fr_noun(cards, "carte", "cartes")
                        ),
                        format!(
                            "{reserved_nobles} reserved nobles for {cards} “reserve a noble” {}: each card reserves one.",
                            en_noun(cards, "card", "cards")
                        ),
                    ),
                );
            }
        }
        Some(m) => not_in_module(p, seat.at("reserved_nobles"), "reserved_nobles", m, "orient"),
        None => {}
    }
    reserved_nobles
}

/// A seat's strongholds placed (`strongholds`): the Strongholds module's.
fn validate_strongholds(p: &mut Problems, seat: &SeatRules<'_>, rp: &RawPlayer) -> u32 {
    // Les Bastions, Mise en place: 3 strongholds per player.
    let strongholds = input::count(
        p,
        seat.at("strongholds"),
        rp.strongholds.as_ref(),
        STRONGHOLDS_PER_PLAYER,
        &Text::new("places fortes posées", "strongholds placed"),
    )
    .unwrap_or(0);
    match seat.module {
        _ if strongholds == 0 => {}
        Some(Module::Strongholds) | None => {}
        Some(m) => not_in_module(p, seat.at("strongholds"), "strongholds", m, "strongholds"),
    }
    strongholds
}

/// The gold tokens in all hands fit the box.
fn check_gold_in_hands(p: &mut Problems, players: &[Player]) {
    let gold_in_hands = players.iter().fold(0u32, |sum, pl| sum.saturating_add(pl.gold));
    if gold_in_hands > GOLD_TOKENS {
        p.push(
            "players",
            "too_much_gold",
            Text::new(
                format!("{gold_in_hands} jetons or en main en tout, mais le jeu n'en a que {GOLD_TOKENS}."),
                format!("{gold_in_hands} gold tokens in hand in all, but the game has only {GOLD_TOKENS}."),
            ),
        );
    }
}

/// The development cards of each colour in all hands fit the box.
fn check_colours_in_box(p: &mut Problems, players: &[Player]) {
    // The box's cards of each colour are shared by the whole table (a seat alone above it is
    // already reported on its own field); so are its 90 cards: more than 90 in all is always
    // more than 18 of some colour.
    for c in Colour::ALL {
        let held = players.iter().fold(0u32, |sum, pl| sum.saturating_add(pl.bonuses.get(c)));
        if held > DEVELOPMENT_CARDS_PER_COLOUR {
            p.push(
                "players",
                "too_many_of_colour",
                Text::new(
                    format!(
                        "{held} cartes Développement {} en tout chez les joueurs, mais le jeu n'en a que {DEVELOPMENT_CARDS_PER_COLOUR}.",
                        c.fr_feminine(2)
                    ),
                    format!(
                        "{held} {} development cards in all among the players, but the game has only {DEVELOPMENT_CARDS_PER_COLOUR}.",
                        c.en()
                    ),
                ),
            );
        }
    }
}

/// The nobles received or reserved in all fit those on the table.
fn check_nobles_on_table(p: &mut Problems, players: &[Player], nobles_max: u32, count: usize) {
    // FACT-SPL-C1: players + 1 nobles are revealed; visits and reservations share them.
    let taken =
        players.iter().fold(0u32, |sum, pl| sum.saturating_add(pl.nobles).saturating_add(pl.reserved_nobles));
    if taken > nobles_max {
        p.push(
            "players",
            "too_many_nobles",
            Text::new(
                format!("{taken} nobles reçus ou réservés en tout, mais seulement {nobles_max} sur la table à {count} joueurs."),
                format!("{taken} nobles received or reserved in all, but only {nobles_max} on the table with {count} players."),
            ),
        );
    }
}

/// Each city holder still meets its city's conditions.
fn check_cities_met(p: &mut Problems, m: Module, players: &[Player], counts_valid: &[bool]) {
    // Cités de Splendor, Les Cités: a city is taken when its conditions are met, and in this
    // module neither prestige nor bonuses ever go down, so a holder still meets them.
    for (i, (pl, ok)) in players.iter().zip(counts_valid).enumerate() {
        if let (Some(c), true) = (pl.city, *ok) {
            let missing = c.missing(pl.prestige(m).total, &pl.effective_bonuses());
            if !missing.is_met() {
                let t = super::cities::missing_text(&missing);
                p.push(
                    format!("players[{i}].cities[0]"),
                    "city_requirement_not_met",
                    Text::new(
                        format!("{} ne remplit pas les conditions de la Cité {} : {}.", pl.name, c.id, t.fr),
                        format!("{} does not meet the conditions of city {}: {}.", pl.name, c.id, t.en),
                    ),
                );
            }
        }
    }
}

fn validate_cities_in_play(
    p: &mut Problems,
    module: Option<Module>,
    ids: Option<&[String]>,
) -> Vec<&'static City> {
    let mut found = Vec::new();
    match (module, ids) {
        (Some(Module::Cities), None) => p.push(
            "cities_in_play",
            "missing",
            Text::new(
                format!("Indiquez les {CITIES_IN_PLAY} Cités en jeu."),
                format!("Give the {CITIES_IN_PLAY} cities in play."),
            ),
        ),
        (Some(Module::Cities), Some(ids)) => {
            for (j, id) in ids.iter().enumerate() {
                let field = format!("cities_in_play[{j}]");
                match city(id) {
                    None => unknown_city(p, field, id),
                    Some(c) if found.contains(&c) => p.push(
                        field,
                        "duplicate_city",
                        Text::new(
                            format!("La Cité {id} est indiquée deux fois."),
                            format!("City {id} is given twice."),
                        ),
                    ),
                    Some(c) => found.push(c),
                }
            }
            if ids.len() != CITIES_IN_PLAY {
                p.push(
                    "cities_in_play",
                    "city_count",
                    Text::new(
                        format!(
                            "{CITIES_IN_PLAY} Cités sont en jeu, quel que soit le nombre de joueurs, pas {}.",
                            ids.len()
                        ),
                        format!(
                            "{CITIES_IN_PLAY} cities are in play, whatever the player count, not {}.",
                            ids.len()
                        ),
                    ),
                );
            }
        }
        (Some(m), Some(ids)) if !ids.is_empty() => {
            not_in_module(p, "cities_in_play".to_owned(), "cities_in_play", m, "cities");
        }
        _ => {}
    }
    found
}

fn validate_player_cities(
    p: &mut Problems,
    i: usize,
    module: Option<Module>,
    ids: Option<&[String]>,
    in_play: &[&'static City],
    holder: &mut HashMap<&'static str, usize>,
) -> Option<&'static City> {
    let ids = ids.unwrap_or_default();
    if ids.is_empty() {
        return None;
    }
    match module {
        Some(Module::Cities) => {}
        Some(m) => {
            not_in_module(p, format!("players[{i}].cities"), "cities", m, "cities");
            return None;
        }
        None => return None,
    }
    // Cités de Splendor, Les Cités, note: one city at most, kept to the end.
    if ids.len() > 1 {
        p.push(
            format!("players[{i}].cities"),
            "one_city_only",
            Text::new(
                format!(
                    "{} Cités pour un seul joueur : on n'en prend qu'une, même si l'on en remplit plusieurs.",
                    ids.len()
                ),
                format!("{} cities for one player: only one is taken, even when several are met.", ids.len()),
            ),
        );
    }
    let mut held = None;
    for (j, id) in ids.iter().enumerate() {
        let field = format!("players[{i}].cities[{j}]");
        let Some(c) = city(id) else {
            unknown_city(p, field, id);
            continue;
        };
        if !in_play.contains(&c) {
            p.push(
                field,
                "city_not_in_play",
                Text::new(
                    format!("La Cité {id} n'est pas parmi les Cités en jeu."),
                    format!("City {id} is not among the cities in play."),
                ),
            );
            continue;
        }
        if let Some(&other) = holder.get(c.id) {
            p.push(
                field,
                "city_taken_twice",
                Text::new(
                    format!(
                        "La Cité {id} est déjà au joueur {} : chaque tuile n'existe qu'une fois.",
                        other + 1
                    ),
                    format!("City {id} is already held by player {}: each tile exists once.", other + 1),
                ),
            );
            continue;
        }
        holder.insert(c.id, i);
        held = held.or(Some(c));
    }
    held
}

fn validate_orient(
    p: &mut Problems,
    i: usize,
    module: Option<Module>,
    cards: Option<&[RawOrientCard]>,
    bonuses: &ColourCounts,
    owner: &mut HashMap<&'static str, usize>,
) -> Vec<OwnedOrientCard> {
    let cards = cards.unwrap_or_default();
    if cards.is_empty() {
        return Vec::new();
    }
    match module {
        Some(Module::Orient) => {}
        Some(m) => {
            not_in_module(p, format!("players[{i}].orient"), "orient", m, "orient");
            return Vec::new();
        }
        None => return Vec::new(),
    }
    // First the cards themselves, then the colours the pairing cards copy (which depend on the
    // other cards).
    let known = orient_cards_known(p, i, cards, owner);

    // Colours some card other than a pairing one gives: an ordinary card or a fixed-colour
    // Orient card. A chain of pairing cards always ends on one of those.
    let mut fixed = *bonuses;
    for (_, card, _) in &known {
        if let (false, Some(c)) = (card.kind.copies_a_colour(), card.colour) {
            fixed.add(c, 1);
        }
    }

    known
        .into_iter()
        .map(|(j, card, raw)| orient_colour(p, format!("players[{i}].orient[{j}].colour"), card, raw, &fixed))
        .collect()
}

/// The Orient cards a seat owns (`orient[j].card`), each unique across the table; with their
/// index and raw entry.
fn orient_cards_known<'r>(
    p: &mut Problems,
    i: usize,
    cards: &'r [RawOrientCard],
    owner: &mut HashMap<&'static str, usize>,
) -> Vec<(usize, &'static OrientCard, &'r RawOrientCard)> {
    let mut known: Vec<(usize, &'static OrientCard, &RawOrientCard)> = Vec::new();
    for (j, raw) in cards.iter().enumerate() {
        let at = |f: &str| format!("players[{i}].orient[{j}].{f}");
        for key in raw.other.keys() {
            input::unknown_field(p, at(key), key, "Les Cités de Splendor");
        }
        let Some(card) = orient_card(&raw.card) else {
            p.push(
                at("card"),
                "unknown_orient_card",
                Text::new(
                    format!("Carte Orient inconnue « {} ».", raw.card),
                    format!("Unknown Orient card “{}”.", raw.card),
                ),
            );
            continue;
        };
        if let Some(&other) = owner.get(card.id) {
            let whose_fr = if other == i {
                "déjà à ce joueur".to_owned()
            } else {
                format!("déjà au joueur {}", other + 1)
            };
            let whose_en = if other == i {
                "already this player's".to_owned()
            } else {
                format!("already player {}'s", other + 1)
            };
            p.push(
                at("card"),
                "duplicate_orient_card",
                Text::new(
                    format!("La carte {} est {whose_fr} : chaque carte Orient est unique.", card.id),
                    format!("Card {} is {whose_en}: each Orient card is unique.", card.id),
                ),
            );
            continue;
        }
        owner.insert(card.id, i);
        known.push((j, card, raw));
    }
    known
}

/// The colour an Orient card is given (`orient[j].colour`): a pairing card's, and only its.
fn orient_colour(
    p: &mut Problems,
    field: String,
    card: &'static OrientCard,
    raw: &RawOrientCard,
    fixed: &ColourCounts,
) -> OwnedOrientCard {
    let given = raw.colour.as_deref().filter(|s| !s.is_empty());
    let colour = match given.map(|s| (s, Colour::from_key(s))) {
        None => None,
        Some((s, None)) => {
            p.push(
                field.clone(),
                "unknown_colour",
                Text::new(
                    format!("Couleur inconnue « {s} » (white, blue, green, red, black)."),
                    format!("Unknown colour “{s}” (white, blue, green, red, black)."),
                ),
            );
            return OwnedOrientCard { card, colour: None };
        }
        Some((_, Some(c))) => Some(c),
    };
    match (card.kind.copies_a_colour(), colour) {
        // L'Orient, niveaux 1 et 2: a pairing card is paired at once with a card already
        // bought and copies its bonus.
        (true, None) => p.push(
            field,
            "missing_colour",
            Text::new(
                format!("Indiquez la couleur de la carte à laquelle {} est appariée.", card.id),
                format!("Give the colour of the card {} is paired with.", card.id),
            ),
        ),
        // "Vous ne pouvez pas acheter cette carte si vous n'avez pas déjà une carte avec un
        // bonus de gemme."
        (true, Some(c)) if fixed.get(c) == 0 => p.push(
            field,
            "no_card_of_colour",
            Text::new(
                format!(
                    "{} copie le {} mais le joueur n'a aucune carte {} à laquelle l'apparier.",
                    card.id,
                    c.fr(1),
                    c.fr_feminine(1)
                ),
                format!(
                    "{} copies {} but the player has no {} card to pair it with.",
                    card.id,
                    c.en(),
                    c.en()
                ),
            ),
        ),
        (false, Some(_)) => p.push(
            field,
            "colour_not_needed",
            Text::new(
                format!(
                    "{} n'est pas une carte d'appariement : sa couleur est imprimée, ne l'indiquez pas.",
                    card.id
                ),
                format!("{} is not a pairing card: its colour is printed, do not give one.", card.id),
            ),
        ),
        _ => {}
    }
    OwnedOrientCard { card, colour: colour.filter(|_| card.kind.copies_a_colour()) }
}

fn unknown_city(p: &mut Problems, field: String, id: &str) {
    p.push(
        field,
        "unknown_city",
        Text::new(format!("Cité inconnue « {id} »."), format!("Unknown city “{id}”.")),
    );
}

/// A field that belongs to another module (`belongs_to` its id; empty: no module uses it here).
fn not_in_module(p: &mut Problems, field: String, key: &str, module: Module, belongs_to: &str) {
    let here = module.label();
    let (fr, en) = match Module::from_id(belongs_to) {
        Some(owner) => {
            let o = owner.label();
            (
                format!("« {key} » ne sert qu'avec le module « {} », pas avec « {} ».", o.fr, here.fr),
                format!("“{key}” is only used with the module “{}”, not with “{}”.", o.en, here.en),
            )
        }
        None => (
            format!("« {key} » ne sert pas avec le module « {} » : il doit rester à 0.", here.fr),
            format!("“{key}” is not used with the module “{}”: it must stay at 0.", here.en),
        ),
    };
    p.push(field, "not_in_module", Text::new(fr, en));
}
