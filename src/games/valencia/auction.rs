//! Auction resolver for steps A–G (Valencia p.6–9, Nina p.11, special influence cards p.12–13):
//! revealed stacks → totals after special effects, ranks with the tie rule, what each rank may
//! do, the Stefan Feld pawn, card returns, and what Économies and Entrepôt give.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::board::{ValenciaResource, ValenciaResourceCounts, privileges_spendable_max, to_u8, to_u32};
use super::table::{ValenciaVariant, module_and_cards, player_count};
use crate::games::{Problems, input};
use crate::text::{Text, en_noun, fr_noun};

const GAME: &str = "Valencia";

/// A step of the action phase (p.6–10). A–G are auctions; H and I are not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum ValenciaStep {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
}

impl ValenciaStep {
    pub const ALL: [ValenciaStep; 9] = [
        ValenciaStep::A,
        ValenciaStep::B,
        ValenciaStep::C,
        ValenciaStep::D,
        ValenciaStep::E,
        ValenciaStep::F,
        ValenciaStep::G,
        ValenciaStep::H,
        ValenciaStep::I,
    ];

    pub fn letter(self) -> &'static str {
        match self {
            ValenciaStep::A => "A",
            ValenciaStep::B => "B",
            ValenciaStep::C => "C",
            ValenciaStep::D => "D",
            ValenciaStep::E => "E",
            ValenciaStep::F => "F",
            ValenciaStep::G => "G",
            ValenciaStep::H => "H",
            ValenciaStep::I => "I",
        }
    }

    pub fn from_letter(s: &str) -> Option<ValenciaStep> {
        ValenciaStep::ALL.into_iter().find(|st| st.letter().eq_ignore_ascii_case(s.trim()))
    }

    pub fn is_auction(self) -> bool {
        !matches!(self, ValenciaStep::H | ValenciaStep::I)
    }

    /// VAL p.6–9: ranks that get an action. A: Nobility and Church; B/D/F: three, but no
    /// third place with 2 or 3 players; C, E, G: the winner only.
    pub fn places(self, players: usize) -> u8 {
        match self {
            ValenciaStep::A => 2,
            ValenciaStep::B | ValenciaStep::D | ValenciaStep::F => {
                if players >= 4 {
                    3
                } else {
                    2
                }
            }
            ValenciaStep::C | ValenciaStep::E | ValenciaStep::G => 1,
            ValenciaStep::H | ValenciaStep::I => 0,
        }
    }

    /// VAL p.11: Nina reveals one card in B and D, two in F (only at [`NINA_PLAYERS`]).
    pub fn nina_cards(self) -> usize {
        match self {
            ValenciaStep::B | ValenciaStep::D => 1,
            ValenciaStep::F => 2,
            _ => 0,
        }
    }

    /// The guild an auction step influences is shown on the round board, not fixed by letter.
    pub fn action(self, rank: u8) -> Text {
        match (self, rank) {
            // VAL p.7 (A).
            (ValenciaStep::A, 1) => Text::new(
                "Place un membre sur le siège de la Noblesse.",
                "Places a member on the Nobility seat.",
            ),
            (ValenciaStep::A, 2) => {
                Text::new("Place un membre sur le siège de l'Église.", "Places a member on the Church seat.")
            }
            // VAL p.7–8 (B, D, F).
            (ValenciaStep::B | ValenciaStep::D | ValenciaStep::F, 1) => Text::new(
                "Dans l'ordre : un membre sur le siège de la guilde du plateau, une ressource de cette guilde, puis un membre sur une case Ville libre de cette guilde en payant son prix.",
                "In order: a member on the guild seat shown on the board, one resource of that guild, then a member on a free city space of that guild, paying its cost.",
            ),
            (ValenciaStep::B | ValenciaStep::D | ValenciaStep::F, 2) => Text::new(
                "Dans l'ordre : une ressource de la guilde, puis un membre sur une case Ville libre de cette guilde en payant son prix.",
                "In order: one resource of the guild, then a member on a free city space of that guild, paying its cost.",
            ),
            (ValenciaStep::B | ValenciaStep::D | ValenciaStep::F, 3) => Text::new(
                "Au choix : une ressource de la guilde, ou un membre sur une case Ville libre de cette guilde en payant son prix.",
                "One of: one resource of the guild, or a member on a free city space of that guild, paying its cost.",
            ),
            // VAL p.8 (C, E).
            (ValenciaStep::C, 1) => {
                Text::new("Vend des ressources au prix indiqué.", "Sells resources at the printed price.")
            }
            (ValenciaStep::E, 1) => Text::new(
                "Vend des ressources au prix indiqué et peut placer un membre sur le siège des Marchands.",
                "Sells resources at the printed price and may place a member on the Merchants seat.",
            ),
            // VAL p.9 (G).
            (ValenciaStep::G, 1) => Text::new(
                "Déplace un de ses membres de la ville d'une case orthogonale vers une case libre, sans payer ni utiliser de fontaine.",
                "Moves one of their city members one orthogonal space to a free space, paying nothing and using no fountain.",
            ),
            _ => Text::new("Aucune action.", "No action."),
        }
    }
}

/// An influence card (p.2 and p.12–13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InfluenceCard {
    /// An ordinary card of value 1–6.
    Basic(u8),
    /// 0, +2 for each 6 revealed by another player.
    Joker,
    /// 1, gives coins.
    Economies,
    /// 2, worth 3 when two twins are revealed in the auction.
    Twins,
    /// 3, gives a resource.
    Warehouse,
    /// 4, a second member on another player's guild seat.
    Support,
    /// 5, moves a city member up to 3 spaces.
    Vagabond,
    /// 7, worth 5 if another player revealed a 0.
    Central,
}

impl InfluenceCard {
    pub const SPECIAL: [InfluenceCard; 7] = [
        InfluenceCard::Joker,
        InfluenceCard::Economies,
        InfluenceCard::Twins,
        InfluenceCard::Warehouse,
        InfluenceCard::Support,
        InfluenceCard::Vagabond,
        InfluenceCard::Central,
    ];

    /// The rule entry of a special card (`None` for the plain 1–6).
    pub fn rule(self) -> Option<String> {
        match self {
            InfluenceCard::Basic(_) => None,
            special => Some(format!("valencia.card.{}", special.id())),
        }
    }

    pub fn id(self) -> String {
        match self {
            InfluenceCard::Basic(v) => v.to_string(),
            InfluenceCard::Joker => "joker".to_owned(),
            InfluenceCard::Economies => "economies".to_owned(),
            InfluenceCard::Twins => "twins".to_owned(),
            InfluenceCard::Warehouse => "warehouse".to_owned(),
            InfluenceCard::Support => "support".to_owned(),
            InfluenceCard::Vagabond => "vagabond".to_owned(),
            InfluenceCard::Central => "central".to_owned(),
        }
    }

    /// Reads `"joker"`…, or a printed value as a number or a string: 1–6 are ordinary cards,
    /// 0 is the Joker and 7 the Centrale (the only cards printed with those values).
    pub fn from_value(v: &Value) -> Option<InfluenceCard> {
        let by_value = |n: u64| match n {
            0 => Some(InfluenceCard::Joker),
            7 => Some(InfluenceCard::Central),
            1..=6 => u8::try_from(n).ok().map(InfluenceCard::Basic),
            _ => None,
        };
        if let Some(n) = v.as_u64() {
            return by_value(n);
        }
        let s = v.as_str()?.trim();
        if let Ok(n) = s.parse::<u64>() {
            return by_value(n);
        }
        InfluenceCard::SPECIAL.into_iter().find(|c| c.id() == s)
    }

    pub fn name(self) -> Text {
        match self {
            InfluenceCard::Basic(v) => Text::new(format!("{v}"), format!("{v}")),
            InfluenceCard::Joker => Text::new("Joker", "Joker"),
            InfluenceCard::Economies => Text::new("Économies", "Savings"),
            InfluenceCard::Twins => Text::new("Jumeaux", "Twins"),
            InfluenceCard::Warehouse => Text::new("Entrepôt", "Warehouse"),
            InfluenceCard::Support => Text::new("Soutien", "Support"),
            InfluenceCard::Vagabond => Text::new("Vagabond", "Vagabond"),
            InfluenceCard::Central => Text::new("Centrale", "Power plant"),
        }
    }

    /// Copies in one player's deck, given the special cards in use (p.12–13: each special card
    /// replaces ordinary cards of its value, except the Joker, which is a 25th card).
    pub fn copies(self, special: &[InfluenceCard]) -> u32 {
        let uses = |c: InfluenceCard| special.contains(&c);
        let replaced = |c: InfluenceCard, n: u32| if uses(c) { n } else { 0 };
        match self {
            InfluenceCard::Basic(1) => 4 - replaced(InfluenceCard::Economies, 2),
            InfluenceCard::Basic(2) => 4 - replaced(InfluenceCard::Twins, 2),
            InfluenceCard::Basic(3) => 4 - replaced(InfluenceCard::Warehouse, 2),
            InfluenceCard::Basic(4) => 4 - replaced(InfluenceCard::Support, 1),
            InfluenceCard::Basic(5) => 4 - replaced(InfluenceCard::Vagabond, 1),
            InfluenceCard::Basic(6) => 4 - replaced(InfluenceCard::Central, 1),
            InfluenceCard::Basic(_) => 0,
            InfluenceCard::Economies | InfluenceCard::Twins | InfluenceCard::Warehouse => replaced(self, 2),
            InfluenceCard::Joker
            | InfluenceCard::Support
            | InfluenceCard::Vagabond
            | InfluenceCard::Central => replaced(self, 1),
        }
    }
}

/// Cards in one player's deck at the start (p.3: 24; p.12: 25 with the Joker).
pub fn deck_size(special: &[InfluenceCard]) -> u32 {
    if special.contains(&InfluenceCard::Joker) { 25 } else { 24 }
}

/// Coins on an Économies card when not typed: the book's example shows 2.
pub const DEFAULT_ECONOMIES_COINS: u32 = 2;
/// VAL p.11: Nina, the dummy player, plays only with 2 players.
pub const NINA_PLAYERS: usize = 2;
/// Coins printed on an Économies card above this are refused as absurd.
pub const MAX_ECONOMIES_COINS: u32 = 10;

/// An auction as sent.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawAuction {
    #[serde(default)]
    pub variant: Option<String>,
    /// Special cards in use (module 1); absent: all seven.
    #[serde(default)]
    pub special_cards: Option<Vec<String>>,
    /// `A` to `G`.
    #[serde(default)]
    pub step: String,
    /// Seat holding the Stefan Feld pawn: reveals first (default 0).
    #[serde(default)]
    pub first_player: Option<Value>,
    /// Seating order, clockwise.
    #[serde(default)]
    pub players: Vec<ValenciaRawBid>,
    /// 2 players, steps B/D (one card) and F (two cards): Nina's revealed values.
    #[serde(default)]
    pub nina: Vec<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawBid {
    #[serde(default)]
    pub name: String,
    /// The revealed stack; absent or null = passed.
    #[serde(default)]
    pub stack: Option<Vec<ValenciaRawCard>>,
    /// Privileges spent in this auction to act later.
    #[serde(default)]
    pub privileges_spent: Option<Value>,
    /// Privileges held before the auction (optional; checks the spending).
    #[serde(default)]
    pub privileges: Option<Value>,
    /// Ranked with an action, but could not carry it out (could not pay, the supply was empty):
    /// the table says so, the app cannot see it.
    #[serde(default)]
    pub could_not_act: Option<bool>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawCard {
    /// 1–6 (number or string; 0 = `joker`, 7 = `central`) or `joker`, `economies`, `twins`,
    /// `warehouse`, `support`, `vagabond`, `central`.
    #[serde(default)]
    pub card: Value,
    /// Économies: coins printed (default 2, the book's example).
    #[serde(default)]
    pub coins: Option<Value>,
    /// Entrepôt: the resource printed.
    #[serde(default)]
    pub resource: Option<String>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// A revealed card after checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Revealed {
    card: InfluenceCard,
    coins: u32,
    resource: Option<ValenciaResource>,
}

/// A card's worth in the auction, explained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaCardValue {
    pub card: String,
    pub value: u32,
    pub note: Text,
}

/// One seat's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaBid {
    pub seat: u8,
    pub name: String,
    pub passed: bool,
    pub cards: Vec<ValenciaCardValue>,
    /// `None` when passed.
    pub total: Option<u32>,
    /// 1-based among the stacks revealed (Nina included); `None` when passed.
    pub rank: Option<u8>,
    /// Whether the rank gives an action at this step.
    pub acts: bool,
    pub action: Text,
    /// Revealed but carried out no action (no rank that acts, or could not act): may put exactly
    /// one card of the stack under the deck.
    pub may_return_card: bool,
    /// Économies, whatever the rank.
    pub coins_gained: u32,
    /// Entrepôt, whatever the rank.
    pub resources_gained: ValenciaResourceCounts,
    /// Soutien and Vagabond powers this stack unlocks.
    pub effects: Vec<Text>,
    pub privileges_spent: u32,
}

/// Nina's stack (2 players).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaNinaBid {
    pub cards: Vec<u32>,
    pub total: u32,
    pub rank: u8,
}

/// The resolved auction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaAuction {
    pub step: ValenciaStep,
    /// Ranks that get an action at this step and player count.
    pub places: u8,
    pub bids: Vec<ValenciaBid>,
    pub nina: Option<ValenciaNinaBid>,
    /// How each tie was settled.
    pub ties: Vec<Text>,
    /// Who holds the Stefan Feld pawn afterwards.
    pub pawn_holder: u8,
    pub pawn_note: Text,
    /// Seats in the order they finally revealed or passed, privileges included.
    pub reveal_order: Vec<u8>,
    /// Privileges spent, back to the supply.
    pub privileges_returned: u32,
}

/// VAL §Module d'extension 1, Mise en place: « décidez tous ensemble quelles cartes parmi les nouvelles
/// cartes Influence vous souhaitez utiliser lors de la partie » — « Vous devez tous avoir les
/// mêmes cartes Influence dans votre pioche ». The cards the table chose (none said: all seven);
/// none in the base game.
pub(crate) fn chosen_special_cards<S: AsRef<str>>(
    p: &mut Problems,
    variant: ValenciaVariant,
    ids: Option<&[S]>,
) -> Vec<InfluenceCard> {
    match variant {
        ValenciaVariant::Base => {
            if ids.is_some_and(|ids| !ids.is_empty()) {
                p.push(
                    "special_cards",
                    "not_in_variant",
                    Text::new(
                        "Les cartes Influence spéciales demandent le module « special_influence ».",
                        "Special influence cards need the “special_influence” module.",
                    ),
                );
            }
            Vec::new()
        }
        ValenciaVariant::SpecialInfluence => special_cards(p, "special_cards", ids),
    }
}

/// The special cards named in `ids` (absent: all seven), reporting unknown ids.
pub(crate) fn special_cards<S: AsRef<str>>(
    p: &mut Problems,
    field: &str,
    ids: Option<&[S]>,
) -> Vec<InfluenceCard> {
    let Some(ids) = ids else { return InfluenceCard::SPECIAL.to_vec() };
    let mut out = Vec::new();
    for (k, id) in ids.iter().enumerate() {
        let id = id.as_ref();
        match InfluenceCard::SPECIAL.into_iter().find(|c| c.id() == id) {
            Some(c) if !out.contains(&c) => out.push(c),
            Some(_) => {}
            None => p.push(
                format!("{field}[{k}]"),
                "unknown_card",
                Text::new(
                    format!("Carte spéciale inconnue « {id} » (joker, economies, twins, warehouse, support, vagabond, central)."),
                    format!("Unknown special card “{id}” (joker, economies, twins, warehouse, support, vagabond, central)."),
                ),
            ),
        }
    }
    out
}

/// A revealed stack: at least one card, each known, each no more often than the player's deck
/// holds it.
fn validate_stack(
    p: &mut Problems,
    i: usize,
    stack: &[ValenciaRawCard],
    special: &[InfluenceCard],
) -> Vec<Revealed> {
    if stack.is_empty() {
        p.push(
            format!("players[{i}].stack"),
            "empty_stack",
            Text::new(
                "Une pile révélée a au moins une carte (sinon, le joueur passe : stack null).",
                "A revealed stack has at least one card (otherwise the player passes: stack null).",
            ),
        );
    }
    let out: Vec<Revealed> =
        stack.iter().enumerate().filter_map(|(k, rc)| revealed_card(p, i, k, rc)).collect();
    cards_in_the_deck(p, i, &out, special);
    out
}

/// Card `k` of seat `i`'s stack, with what Économies and Entrepôt print; `None` when unknown.
fn revealed_card(p: &mut Problems, i: usize, k: usize, rc: &ValenciaRawCard) -> Option<Revealed> {
    let at = |f: &str| format!("players[{i}].stack[{k}].{f}");
    for key in rc.other.keys() {
        input::unknown_field(p, at(key), key, GAME);
    }
    let Some(card) = InfluenceCard::from_value(&rc.card) else {
        p.push(
            at("card"),
            "unknown_card",
            Text::new(
                format!("Carte inconnue {} (1 à 6, ou une carte spéciale).", rc.card),
                format!("Unknown card {} (1 to 6, or a special card).", rc.card),
            ),
        );
        return None;
    };
    let coins = economies_coins(p, &at, card, rc.coins.as_ref());
    let resource = warehouse_resource(p, &at, card, rc.resource.as_deref());
    Some(Revealed { card, coins, resource })
}

/// VAL p.12 (Économies): the coins printed on the card (not typed: the book's example,
/// [`DEFAULT_ECONOMIES_COINS`]); no other card gives coins.
fn economies_coins(
    p: &mut Problems,
    at: &dyn Fn(&str) -> String,
    card: InfluenceCard,
    coins: Option<&Value>,
) -> u32 {
    if card == InfluenceCard::Economies {
        return match coins {
            None | Some(Value::Null) => DEFAULT_ECONOMIES_COINS,
            v => input::count(p, at("coins"), v, MAX_ECONOMIES_COINS, &Text::new("pièces", "coins"))
                .unwrap_or(0),
        };
    }
    if coins.is_some_and(|v| !v.is_null()) {
        p.push(
            at("coins"),
            "not_economies",
            Text::new("Seule la carte Économies donne des pièces.", "Only the Savings card gives coins."),
        );
    }
    0
}

/// VAL p.13 (Entrepôt): the resource printed on the card; no other card gives one.
fn warehouse_resource(
    p: &mut Problems,
    at: &dyn Fn(&str) -> String,
    card: InfluenceCard,
    key: Option<&str>,
) -> Option<ValenciaResource> {
    let key = key?;
    if card != InfluenceCard::Warehouse {
        p.push(
            at("resource"),
            "not_warehouse",
            Text::new(
                "Seule la carte Entrepôt donne une ressource.",
                "Only the Warehouse card gives a resource.",
            ),
        );
        return None;
    }
    let resource = ValenciaResource::from_key(key);
    if resource.is_none() {
        p.push(
            at("resource"),
            "unknown_resource",
            Text::new(format!("Ressource inconnue « {key} »."), format!("Unknown resource “{key}”.")),
        );
    }
    resource
}

/// VAL p.3 and p.12–13: a stack holds only cards of the player's deck, each at most as
/// often as the deck has it ([`InfluenceCard::copies`]).
fn cards_in_the_deck(p: &mut Problems, i: usize, revealed: &[Revealed], special: &[InfluenceCard]) {
    let mut seen: BTreeMap<InfluenceCard, u32> = BTreeMap::new();
    for r in revealed {
        *seen.entry(r.card).or_insert(0) += 1;
    }
    for (card, n) in seen {
        let copies = card.copies(special);
        if n > copies {
            let name = card.name();
            p.push(
                format!("players[{i}].stack"),
                "card_not_in_deck",
                Text::new(
                    format!("{n} × « {} » révélées, le paquet du joueur en a {copies}.", name.fr),
                    format!("{n} × “{}” revealed, the player's deck has {copies}.", name.en),
                ),
            );
        }
    }
}

/// Privileges spent (`spent`) or held in an auction: 4 at most ([`privileges_spendable_max`]),
/// refused beyond with the reason.
fn spendable(p: &mut Problems, field: String, value: Option<&Value>, spent: bool) -> u32 {
    let max = privileges_spendable_max();
    let what = if spent {
        Text::new("privilèges dépensés", "privileges spent")
    } else {
        Text::new("privilèges", "privileges")
    };
    let Some(n) = input::count(p, field.clone(), value, u32::MAX, &what) else { return 0 };
    if n <= max {
        return n;
    }
    let (fr, en) = if spent {
        (
            fr_noun(n, "privilège dépensé", "privilèges dépensés"),
            en_noun(n, "privilege spent", "privileges spent"),
        )
    } else {
        (
            fr_noun(n, "privilège détenu", "privilèges détenus"),
            en_noun(n, "privilege held", "privileges held"),
        )
    };
    p.push(
        field,
        "out_of_range",
        Text::new(
            format!(
                "{n} {fr} dans une enchère : chacun commence sans privilège et en reçoit au plus un par phase du Conseil, et la 5e suit la dernière enchère ; {max} au plus."
            ),
            format!(
                "{n} {en} in an auction: everyone starts with none and receives one per council phase at most, and the 5th follows the last auction; {max} at most."
            ),
        ),
    );
    0
}

fn spendable_held(p: &mut Problems, i: usize, held: &Value) -> Option<u32> {
    let before = p.0.len();
    let n = spendable(p, format!("players[{i}].privileges"), Some(held), false);
    (p.0.len() == before).then_some(n)
}

/// Checks and resolves one auction.
pub fn resolve_auction(raw: &ValenciaRawAuction) -> Result<ValenciaAuction, Problems> {
    let mut p = Problems::new();
    for key in raw.other.keys() {
        input::unknown_field(&mut p, key.clone(), key, GAME);
    }
    let (_, special) = module_and_cards(&mut p, raw.variant.as_deref(), raw.special_cards.as_deref());
    let step = auction_step(&mut p, &raw.step);
    let n = raw.players.len();
    player_count(&mut p, n);
    let first = input::seat(
        &mut p,
        "first_player".to_owned(),
        raw.first_player.as_ref(),
        n,
        &Text::new("Premier joueur", "First player"),
    )
    .map_or(0, |s| s as usize);

    let names: Vec<&str> = raw.players.iter().map(|b| b.name.as_str()).collect();
    input::player_names(&mut p, &names);
    let mut stacks: Vec<Option<Vec<Revealed>>> = Vec::with_capacity(n);
    let mut spent = Vec::with_capacity(n);
    let mut could_not_act = Vec::with_capacity(n);
    for (i, rb) in raw.players.iter().enumerate() {
        for key in rb.other.keys() {
            input::unknown_field(&mut p, format!("players[{i}].{key}"), key, GAME);
        }
        spent.push(privileges_spent(&mut p, i, rb));
        could_not_act.push(could_not_act_after_revealing(&mut p, i, rb));
        stacks.push(rb.stack.as_deref().map(|st| validate_stack(&mut p, i, st, &special)));
    }
    let (nina_needed, nina_cards) = nina_cards(&mut p, &raw.nina, n, step);
    let Some(step) = step else { return Err(p) };
    if !p.is_empty() {
        return Err(p);
    }
    let nina = (nina_needed > 0).then_some(nina_cards.as_slice());
    Ok(resolve(step, first, &names, &stacks, &spent, &could_not_act, nina))
}

/// The auction's step: A to G (H and I are not auctions, p.9).
fn auction_step(p: &mut Problems, letter: &str) -> Option<ValenciaStep> {
    let step = ValenciaStep::from_letter(letter);
    match step {
        None => p.push(
            "step",
            "unknown_step",
            Text::new(
                format!("Étape inconnue « {letter} » (A à G)."),
                format!("Unknown step “{letter}” (A to G)."),
            ),
        ),
        Some(s) if !s.is_auction() => p.push(
            "step",
            "no_auction",
            Text::new(
                format!("Pas d'enchères à l'étape {} (seulement de A à G).", s.letter()),
                format!("No auction at step {} (only A to G).", s.letter()),
            ),
        ),
        Some(_) => {}
    }
    step
}

/// VAL p.10: a privilege comes only from a council phase, one per round, and the fifth
/// follows the last auction: in an auction a player holds, and spends, 4 at most
/// ([`privileges_spendable_max`]) — and spends only those held, when the bid says how many.
fn privileges_spent(p: &mut Problems, i: usize, rb: &ValenciaRawBid) -> u32 {
    let s = spendable(p, format!("players[{i}].privileges_spent"), rb.privileges_spent.as_ref(), true);
    if let Some(held_raw) = rb.privileges.as_ref()
        && let Some(held) = spendable_held(p, i, held_raw)
        && s > held
    {
        p.push(
            format!("players[{i}].privileges_spent"),
            "not_enough_privileges",
            Text::new(
                format!(
                    "{s} {} pour {held} {} : on ne dépense que ceux qu'on a.",
                    fr_noun(s, "privilège dépensé", "privilèges dépensés"),
                    fr_noun(held, "détenu", "détenus")
                ),
                format!(
                    "{s} {} spent but {held} held: a player spends only those they have.",
                    en_noun(s, "privilege", "privileges")
                ),
            ),
        );
    }
    s
}

/// VAL p.6: a seat that revealed a stack may have failed to carry out its action; one that
/// passed had none to carry out.
fn could_not_act_after_revealing(p: &mut Problems, i: usize, rb: &ValenciaRawBid) -> bool {
    if rb.could_not_act == Some(true) && rb.stack.is_none() {
        p.push(
            format!("players[{i}].could_not_act"),
            "passed",
            Text::new(
                "Ce joueur a passé : il n'avait pas d'action à effectuer.",
                "This player passed: they had no action to carry out.",
            ),
        );
    }
    rb.could_not_act == Some(true)
}

/// VAL p.11: Nina plays only with 2 players, in B, D (one card) and F (two cards),
/// ordinary cards from 1 to 6. The cards she reveals here, and her cards as read.
fn nina_cards(p: &mut Problems, nina: &[Value], n: usize, step: Option<ValenciaStep>) -> (usize, Vec<u32>) {
    let needed = if n == NINA_PLAYERS { step.map_or(0, ValenciaStep::nina_cards) } else { 0 };
    if nina.len() != needed {
        p.push(
            "nina",
            "nina_cards",
            Text::new(
                format!(
                    "Nina révèle {needed} {} ici (à 2 joueurs : 1 en B et D, 2 en F), pas {}.",
                    fr_noun(needed, "carte", "cartes"),
                    nina.len()
                ),
                format!(
                    "Nina reveals {needed} {} here (2 players: 1 in B and D, 2 in F), not {}.",
                    en_noun(needed, "card", "cards"),
                    nina.len()
                ),
            ),
        );
    }
    let mut cards = Vec::new();
    for (k, v) in nina.iter().enumerate() {
        match v.as_u64().filter(|x| (1..=6).contains(x)) {
            Some(x) => cards.push(u32::try_from(x).unwrap_or(0)),
            None => p.push(
                format!("nina[{k}]"),
                "unknown_card",
                Text::new(
                    format!("Nina joue des cartes ordinaires de 1 à 6, pas {v}."),
                    format!("Nina plays ordinary cards from 1 to 6, not {v}."),
                ),
            ),
        }
    }
    (needed, cards)
}

/// Where a seat sits after the first player, going clockwise (0 for the first player).
fn distance(seat: usize, first: usize, n: usize) -> usize {
    (seat + n - first % n.max(1)) % n.max(1)
}

fn resolve(
    step: ValenciaStep,
    first: usize,
    names: &[&str],
    stacks: &[Option<Vec<Revealed>>],
    spent: &[u32],
    could_not_act: &[bool],
    // Nina's revealed values (2 players, B/D/F), `None` when she does not play.
    nina_cards: Option<&[u32]>,
) -> ValenciaAuction {
    let with_nina = nina_cards.is_some();
    let nina = nina_cards.unwrap_or(&[]);
    let n = names.len();
    let revealed = RevealedCards::new(stacks, nina);

    let mut bids: Vec<ValenciaBid> = stacks
        .iter()
        .enumerate()
        .map(|(seat, stack)| {
            let name = names.get(seat).map_or(String::new(), |s| s.trim().to_owned());
            bid(seat, name, stack.as_deref(), &revealed, spent.get(seat).copied().unwrap_or(0))
        })
        .collect();

    let nina_total: u32 = nina.iter().sum();
    let order = ranking(&bids, with_nina.then_some(nina_total), first, n);
    let places = step.places(n);
    let ties = tie_notes(&order, names, first);
    let nina_rank = assign_ranks(&mut bids, &order, step, places, could_not_act);
    let (pawn_holder, pawn_note) = pawn(&order, names, first);

    ValenciaAuction {
        step,
        places,
        nina: with_nina.then(|| ValenciaNinaBid {
            cards: nina.to_vec(),
            total: nina_total,
            rank: nina_rank.unwrap_or(0),
        }),
        ties,
        pawn_holder: to_u8(pawn_holder),
        pawn_note,
        reveal_order: reveal_order(first, spent),
        privileges_returned: spent.iter().sum(),
        bids,
    }
}

/// The cards every seat revealed in this auction, which some cards' worth depends on.
struct RevealedCards<'a> {
    stacks: &'a [Option<Vec<Revealed>>],
    twins_in_auction: u32,
    nina_sixes: u32,
}

impl<'a> RevealedCards<'a> {
    fn new(stacks: &'a [Option<Vec<Revealed>>], nina: &[u32]) -> Self {
        let mut revealed = RevealedCards { stacks, twins_in_auction: 0, nina_sixes: 0 };
        revealed.twins_in_auction = (0..stacks.len()).map(|s| revealed.by(s, InfluenceCard::Twins)).sum();
        revealed.nina_sixes = to_u32(nina.iter().filter(|&&v| v == 6).count());
        revealed
    }

    /// How many `card` `seat` revealed.
    fn by(&self, seat: usize, card: InfluenceCard) -> u32 {
        self.stacks
            .get(seat)
            .and_then(Option::as_ref)
            .map_or(0, |s| to_u32(s.iter().filter(|r| r.card == card).count()))
    }

    /// How many `card` the seats other than `seat` revealed.
    fn by_others(&self, seat: usize, card: InfluenceCard) -> u32 {
        (0..self.stacks.len()).filter(|&o| o != seat).map(|o| self.by(o, card)).sum()
    }
}

/// A seat's bid: its cards' worth, what they give, before the ranking.
fn bid(
    seat: usize,
    name: String,
    stack: Option<&[Revealed]>,
    revealed: &RevealedCards<'_>,
    spent: u32,
) -> ValenciaBid {
    let mut cards = Vec::new();
    let mut gains = CardGains::default();
    for r in stack.unwrap_or_default() {
        let (value, note) = card_value(r, seat, revealed, &mut gains);
        cards.push(ValenciaCardValue { card: r.card.id(), value, note });
    }
    let total = stack.map(|_| cards.iter().map(|c| c.value).sum::<u32>());
    ValenciaBid {
        seat: to_u8(seat),
        name,
        passed: stack.is_none(),
        cards,
        total,
        rank: None,
        acts: false,
        action: Text::new("A passé : pas de rang ni d'action.", "Passed: no rank and no action."),
        may_return_card: false,
        coins_gained: gains.coins,
        resources_gained: gains.resources,
        effects: gains.effects,
        privileges_spent: spent,
    }
}

/// What a seat's revealed cards give whatever its rank.
#[derive(Default)]
struct CardGains {
    coins: u32,
    resources: ValenciaResourceCounts,
    effects: Vec<Text>,
}

/// A revealed card's worth in the auction, explained; what it gives goes to `gains`.
fn card_value(r: &Revealed, seat: usize, revealed: &RevealedCards<'_>, gains: &mut CardGains) -> (u32, Text) {
    match r.card {
        InfluenceCard::Basic(v) => (u32::from(v), Text::new("Carte ordinaire.", "Ordinary card.")),
        // VAL p.12: +2 per 6 revealed by someone else (Nina too).
        InfluenceCard::Joker => {
            joker_value(revealed.by_others(seat, InfluenceCard::Basic(6)) + revealed.nina_sixes)
        }
        // VAL p.12: gives its coins whatever the rank.
        InfluenceCard::Economies => {
            gains.coins += r.coins;
            (
                1,
                Text::new(
                    format!("Rapporte {} {}.", r.coins, fr_noun(r.coins, "pièce", "pièces")),
                    format!("Gives {} {}.", r.coins, en_noun(r.coins, "coin", "coins")),
                ),
            )
        }
        // VAL p.12: 3 each once two twins are out in this auction.
        InfluenceCard::Twins => twins_value(revealed.twins_in_auction),
        // VAL p.13: gives its resource whatever the rank, from the supply; p.8, Note 1:
        // none when the supply of that type is empty (applied to the table: phases.rs).
        InfluenceCard::Warehouse => (3, warehouse_note(r.resource, &mut gains.resources)),
        InfluenceCard::Support => {
            gains.effects.push(Text::new(
                "Soutien : peut placer un membre en plus sur un siège de guilde déjà occupé par un autre joueur.",
                "Support: may place an extra member on a guild seat already held by another player.",
            ));
            (4, Text::new("Soutien.", "Support."))
        }
        InfluenceCard::Vagabond => {
            gains.effects.push(Text::new(
                "Vagabond : peut déplacer un membre de la ville de 3 cases orthogonales au plus vers une case libre (sans fontaine).",
                "Vagabond: may move a city member up to 3 orthogonal spaces to a free space (no fountain).",
            ));
            (5, Text::new("Vagabond.", "Vagabond."))
        }
        // VAL p.13: 7, or 5 once another player revealed a 0.
        InfluenceCard::Central => central_value(revealed.by_others(seat, InfluenceCard::Joker) > 0),
    }
}

/// VAL p.12: the 0 is worth 2 per 6 revealed by someone else (`sixes`, Nina's too).
fn joker_value(sixes: u32) -> (u32, Text) {
    (
        2 * sixes,
        Text::new(
            format!(
                "0 + 2 × {sixes} {} par d'autres.",
                fr_noun(sixes, "carte 6 révélée", "cartes 6 révélées")
            ),
            format!("0 + 2 × {sixes} {} revealed by others.", en_noun(sixes, "six", "sixes")),
        ),
    )
}

/// VAL p.12: the twins are worth 3 each once two are out in this auction, else 2.
fn twins_value(twins_in_auction: u32) -> (u32, Text) {
    if twins_in_auction >= 2 {
        (
            3,
            Text::new(
                format!("{twins_in_auction} Jumeaux révélés : chacun vaut 3."),
                format!("{twins_in_auction} twins revealed: each is worth 3."),
            ),
        )
    } else {
        (2, Text::new("Seul Jumeaux révélé : vaut 2.", "Only twin revealed: worth 2."))
    }
}

/// VAL p.13: the warehouse gives its resource from the supply (counted in `resources`).
fn warehouse_note(resource: Option<ValenciaResource>, resources: &mut ValenciaResourceCounts) -> Text {
    match resource {
        Some(res) => {
            resources.add(res, 1);
            let nm = res.name();
            Text::new(
                format!("Rapporte 1 {} de la réserve (rien si elle est vide).", nm.fr),
                format!("Gives 1 {} from the supply (none if it is empty).", nm.en),
            )
        }
        None => Text::new(
            "Rapporte la ressource imprimée sur la carte, de la réserve (rien si elle est vide).",
            "Gives the resource printed on the card, from the supply (none if it is empty).",
        ),
    }
}

/// VAL p.13: the central card is worth 7, or 5 once another player revealed a 0.
fn central_value(a_zero_from_others: bool) -> (u32, Text) {
    if a_zero_from_others {
        (5, Text::new("Un autre joueur a révélé un 0 : vaut 5.", "Another player revealed a 0: worth 5."))
    } else {
        (7, Text::new("Aucun 0 chez les autres : vaut 7.", "No 0 from the others: worth 7."))
    }
}

/// The bids in rank order: (seat, or `None` for Nina; total).
fn ranking(
    bids: &[ValenciaBid],
    nina_total: Option<u32>,
    first: usize,
    n: usize,
) -> Vec<(Option<usize>, u32)> {
    // VAL p.6: highest total first; a tie goes to the seat nearest the first player going
    // clockwise (the first player wins any tie they are in). p.11: Nina wins every tie.
    let mut order: Vec<(Option<usize>, u32)> =
        bids.iter().enumerate().filter_map(|(s, b)| b.total.map(|t| (Some(s), t))).collect();
    if let Some(total) = nina_total {
        order.push((None, total));
    }
    order.sort_by(|a, b| {
        b.1.cmp(&a.1).then_with(|| match (a.0, b.0) {
            (None, _) => std::cmp::Ordering::Less,
            (_, None) => std::cmp::Ordering::Greater,
            (Some(x), Some(y)) => distance(x, first, n).cmp(&distance(y, first, n)),
        })
    });
    order
}

/// A seat's name in the auction, or Nina's.
fn bidder_name(names: &[&str], who: Option<usize>) -> String {
    who.and_then(|s| names.get(s)).map_or("Nina".to_owned(), |s| s.trim().to_owned())
}

/// How each tie in the ranking was settled.
fn tie_notes(order: &[(Option<usize>, u32)], names: &[&str], first: usize) -> Vec<Text> {
    let first_name = names.get(first).map_or("", |s| s.trim());
    let mut ties = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let total = order.get(start).map_or(0, |o| o.1);
        let end = order.iter().skip(start).take_while(|o| o.1 == total).count() + start;
        if end - start > 1 {
            let group: Vec<String> =
                order.get(start..end).unwrap_or(&[]).iter().map(|o| bidder_name(names, o.0)).collect();
            let list = group.join(", ");
            let (why_fr, why_en) = if order.get(start).is_some_and(|o| o.0.is_none()) {
                ("Nina remporte toujours les égalités".to_owned(), "Nina always wins ties".to_owned())
            } else if order.get(start).and_then(|o| o.0) == Some(first) {
                (
                    format!("{first_name} est premier joueur et remporte toujours l'égalité"),
                    format!("{first_name} is first player and always wins the tie"),
                )
            } else {
                (
                    format!(
                        "le plus proche de {first_name} (premier joueur) dans le sens horaire passe devant"
                    ),
                    format!("the nearest to {first_name} (first player) going clockwise ranks higher"),
                )
            };
            ties.push(Text::new(
                format!("Égalité à {total} entre {list} : {why_fr}, d'où l'ordre {list}."),
                format!("Tie at {total} between {list}: {why_en}, hence the order {list}."),
            ));
        }
        start = end;
    }
    ties
}

/// Gives each bid its rank and action; Nina's rank when she bid.
fn assign_ranks(
    bids: &mut [ValenciaBid],
    order: &[(Option<usize>, u32)],
    step: ValenciaStep,
    places: u8,
    could_not_act: &[bool],
) -> Option<u8> {
    let mut nina_rank = None;
    for (pos, (who, _)) in order.iter().enumerate() {
        let rank = to_u8(pos + 1);
        match who {
            None => nina_rank = Some(rank),
            Some(s) => {
                if let Some(b) = bids.get_mut(*s) {
                    b.rank = Some(rank);
                    b.acts = rank <= places;
                    b.action = if b.acts {
                        step.action(rank)
                    } else {
                        Text::new(
                            format!("Rang {rank} : aucune action à cette étape."),
                            format!("Rank {rank}: no action at this step."),
                        )
                    };
                    // VAL p.6: « si vous avez dévoilé une pile d'influence et que vous n'avez
                    // pas réussi à effectuer une action, vous pouvez reprendre exactement une carte
                    // de cette pile » — no rank that acts, or a rank whose action could not be
                    // carried out (could not pay, empty supply).
                    let failed = could_not_act.get(*s).copied().unwrap_or(false);
                    b.may_return_card = !b.acts || failed;
                    if b.acts && failed {
                        b.action = Text::new(
                            format!("{} N'a pas pu l'effectuer.", b.action.fr),
                            format!("{} Could not carry it out.", b.action.en),
                        );
                    }
                }
            }
        }
    }
    nina_rank
}

/// Who holds the Stefan Feld pawn after the auction, and why.
fn pawn(order: &[(Option<usize>, u32)], names: &[&str], first: usize) -> (usize, Text) {
    let first_name = names.get(first).map_or("", |s| s.trim());
    // VAL p.6: the winner takes the pawn; if all passed it stays. DEC-VAL-11: if Nina wins,
    // it does not move either.
    match order.first() {
        Some((Some(s), _)) => {
            let nm = bidder_name(names, Some(*s));
            (
                *s,
                Text::new(
                    format!("{nm} remporte l'enchère et prend le pion Stefan Feld."),
                    format!("{nm} wins the auction and takes the Stefan Feld pawn."),
                ),
            )
        }
        Some((None, _)) => (
            first,
            Text::new(
                format!("Nina l'emporte : le pion Stefan Feld reste chez {first_name}."),
                format!("Nina wins: the Stefan Feld pawn stays with {first_name}."),
            ),
        ),
        None => (
            first,
            Text::new(
                format!("Tout le monde a passé : le pion Stefan Feld reste chez {first_name}."),
                format!("Everyone passed: the Stefan Feld pawn stays with {first_name}."),
            ),
        ),
    }
}

/// VAL p.10 (privileges): going clockwise from the first player, someone whose turn comes
/// may spend a privilege to wait and play again after the others; several per auction.
pub fn reveal_order(first: usize, spent: &[u32]) -> Vec<u8> {
    let n = spent.len();
    let mut left = spent.to_vec();
    let mut queue: std::collections::VecDeque<usize> = (0..n).map(|k| (first + k) % n.max(1)).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(seat) = queue.pop_front() {
        match left.get_mut(seat) {
            Some(l) if *l > 0 => {
                *l -= 1;
                queue.push_back(seat);
            }
            _ => order.push(to_u8(seat)),
        }
    }
    order
}
