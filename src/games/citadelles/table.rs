//! The table state: raw (serde, nothing checked) → [`validate`] → [`Table`], every problem
//! reported at once with its field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::characters::{self, ARTIST, Character, any_character, base_of_rank, character_of};
use super::districts::{CatalogueCard, CitadellesDistrictType, WonderScoring, card};
use super::profile::BASE_CHARACTERS;
use super::read::{CustomWonderView, PlayerView, TableView};
use super::round::CitadellesRound;
use super::{
    CitadellesVariant, INFO, MAX_CARDS_IN_HAND, MAX_CUSTOM_COST, MAX_CUSTOM_EXTRA, MAX_GOLD,
    MAX_MUSEUM_CARDS, MAX_ROUNDS,
};
use crate::games::Problems;
use crate::games::input::{self, MAX_NAME_CHARS, PlayedBy, VariantWord};
use crate::text::{FrArticle, Text, capitalized, plural_s};

/// Table mode: a seat's part is its `players[i]`. Citadelles: a player's hand is their own
/// (its size, and the Secret Vault held in it until it is revealed at the end of the game), so
/// other phones do not see it. The name is the host's to change.
/// A phone's districts and characters must be the game's.
pub const SEAT: crate::games::seat::SeatRules = crate::games::seat::SeatRules {
    private: &["cards_in_hand", "secret_vault"],
    locked: &["name"],
    unknown_ids: &["unknown_district", "unknown_character"],
};

/// The table state as sent: nothing checked yet. Numbers are JSON values so that a wrong type
/// is reported on its own field; unknown keys land in `other` and are reported.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRawTable {
    /// `classique` (default) or `deuxieme_edition`.
    #[serde(default)]
    pub variant: Option<String>,
    /// Classique: the table agreed on 8 districts whatever the player count.
    #[serde(default)]
    pub longer_game: Option<bool>,
    /// 2e édition: a rank-9 character is in play (required with 8 players).
    #[serde(default)]
    pub ninth_character: Option<bool>,
    #[serde(default)]
    pub players: Vec<CitadellesRawPlayer>,
    /// Seats in the order their cities were completed.
    #[serde(default)]
    pub completion_order: Option<Vec<Value>>,
    /// Seat holding the crown at the end.
    #[serde(default)]
    pub crown: Option<Value>,
    /// The character cards the table plays with, one id per rank (absent: the 8 base
    /// characters, plus the ninth when there is one). The round caller reads it.
    #[serde(default)]
    pub characters_in_play: Option<Vec<String>>,
    /// The round the caller is calling now, kept with the table so that a restart or an undo
    /// finds it where it was (absent between rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_in_progress: Option<CitadellesRound>,
    /// The round in which a city was completed has been played to its end: the game is over
    /// (set by [`super::apply_round`]; absent while the game goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<bool>,
    /// The rounds played, in order: each finished round's record, appended by
    /// [`super::apply_round`], so that an undo takes a round back with the table and the round
    /// caller's number follows (absent in tables saved before: no round kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Vec<Value>>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// One seat as sent. Absent counts are 0, absent lists empty, absent flags false.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRawPlayer {
    #[serde(default)]
    pub name: String,
    /// District ids of the city, from the profile's catalogue.
    #[serde(default)]
    pub districts: Option<Vec<String>>,
    /// Wonders not in the catalogue.
    #[serde(default)]
    pub custom_wonders: Option<Vec<CitadellesRawCustomWonder>>,
    #[serde(default)]
    pub gold: Option<Value>,
    #[serde(default)]
    pub cards_in_hand: Option<Value>,
    /// Characters revealed in the last round (an assassinated one was not revealed): ranks
    /// (numbers) or character ids.
    #[serde(default)]
    pub characters_last_round: Option<Vec<Value>>,
    /// Classique: the Haunted City was built in the last round.
    #[serde(default)]
    pub haunted_city_built_last_round: Option<bool>,
    /// 2e édition: cards under the Museum.
    #[serde(default)]
    pub museum_cards: Option<Value>,
    /// 2e édition: the Secret Vault is revealed from this hand.
    #[serde(default)]
    pub secret_vault: Option<bool>,
    /// 2e édition, with the Artist (rank 9): district ids of the city the Artist beautified.
    #[serde(default)]
    pub beautified: Option<Vec<String>>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// A wonder that is not in the catalogue, as sent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesRawCustomWonder {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub cost: Option<Value>,
    /// Points it adds at the end of the game on top of its cost.
    #[serde(default)]
    pub extra_points: Option<Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// A checked custom wonder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesCustomWonder {
    pub name: String,
    pub cost: u8,
    pub extra_points: i32,
}

/// A checked table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub variant: CitadellesVariant,
    pub longer_game: bool,
    pub ninth_character: bool,
    /// Districts that complete a city here.
    pub threshold: u8,
    /// In seat order.
    pub players: Vec<Player>,
    /// Per seat: every district was recognised, so its count means something (always true in
    /// a table [`validate`] accepted).
    pub city_known: Vec<bool>,
    /// Seats, first to complete first.
    pub completion_order: Vec<usize>,
    pub crown: Option<usize>,
    /// Rounds kept in the table state (`rounds`).
    pub rounds_played: u32,
    /// Character ids in play, one per rank (empty: not given).
    pub characters_in_play: Vec<String>,
    /// The round in which a city was completed is over: the game is over.
    pub game_over: bool,
}

/// A checked seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    /// Catalogue districts, then custom wonders.
    pub city: Vec<CityCard>,
    pub gold: u32,
    pub cards_in_hand: u32,
    pub characters_last_round: Vec<Revealed>,
    pub haunted_city_built_last_round: bool,
    pub museum_cards: u32,
    pub secret_vault: bool,
}

/// A district in a city.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CityCard {
    /// `beautified`: the Artist (2e édition, rank 9) spent 1 gold on it: +1 to its cost and
    /// its points (FACT-CIT-B4).
    Catalogue {
        card: CatalogueCard,
        beautified: bool,
    },
    Custom(CitadellesCustomWonder),
}

impl CityCard {
    pub fn cost(&self) -> u8 {
        match self {
            CityCard::Catalogue { card, beautified } => card.cost().saturating_add(u8::from(*beautified)),
            CityCard::Custom(w) => w.cost,
        }
    }

    pub fn kind(&self) -> CitadellesDistrictType {
        match self {
            CityCard::Catalogue { card, .. } => card.kind(),
            CityCard::Custom(_) => CitadellesDistrictType::Wonder,
        }
    }

    pub fn name(&self) -> Text {
        match self {
            CityCard::Catalogue { card, .. } => card.name(),
            CityCard::Custom(w) => Text::new(w.name.clone(), w.name.clone()),
        }
    }

    /// The catalogue id; `custom` for a custom wonder.
    pub fn id(&self) -> &str {
        match self {
            CityCard::Catalogue { card, .. } => card.id(),
            CityCard::Custom(_) => "custom",
        }
    }

    /// The end-of-game effect of a catalogue wonder (`None` for the others).
    pub fn scoring(&self) -> WonderScoring {
        match self {
            CityCard::Catalogue { card, .. } => card.wonder().map_or(WonderScoring::None, |w| w.scoring),
            CityCard::Custom(_) => WonderScoring::None,
        }
    }

    /// Districts it counts as toward a complete city.
    pub fn completion_weight(&self) -> u32 {
        match self {
            CityCard::Catalogue { card, .. } => card.wonder().map_or(1, |w| u32::from(w.completion_weight)),
            CityCard::Custom(_) => 1,
        }
    }
}

/// A character a seat revealed in the last round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Revealed {
    pub rank: u8,
    /// Known when given by id (or by rank in the classic profile, one character per rank).
    pub character: Option<&'static Character>,
}

impl Revealed {
    pub fn label(&self, variant: CitadellesVariant) -> Text {
        self.character.map_or_else(|| super::characters::rank_label(variant, self.rank), |c| c.label())
    }
}

impl Player {
    /// Districts toward a complete city (2e édition: the Monument counts as two).
    pub fn completion_count(&self) -> u32 {
        self.city.iter().map(CityCard::completion_weight).sum()
    }

    pub fn has(&self, id: &str) -> bool {
        self.city.iter().any(|c| matches!(c, CityCard::Catalogue { card, .. } if card.id() == id))
    }

    /// Whether a wonder whose end-of-game effect matches is in the city.
    pub(crate) fn has_scoring(&self, matches: impl Fn(WonderScoring) -> bool) -> bool {
        city_has(&self.city, matches)
    }

    /// The highest rank revealed in the last round (0: none given).
    pub fn highest_rank(&self) -> u8 {
        self.characters_last_round.iter().map(|r| r.rank).max().unwrap_or(0)
    }
}

/// Reads a JSON value as a raw table, reporting a wrong shape as a problem.
pub fn parse(raw: &Value) -> Result<CitadellesRawTable, Problems> {
    input::from_table(raw, usize::from(super::INFO.max_players()), "Citadelles")
}

/// Reads and checks a table state: borrowed from the JSON value where the fast reader can
/// (`read.rs`), else read by serde first (which names a wrong shape).
pub fn check(raw: &Value) -> Result<Table, Problems> {
    let (table, problems) = check_leniently(raw)?;
    problems.into_result(table)
}

/// The table as far as it could be read, and every problem found: what the live help shows
/// while the table is being entered (a seat's unknown district left out, the order of complete
/// cities as far as it is given). Only [`check`]'s `Ok` may be scored. A wrong shape is the
/// one error.
pub fn check_leniently(raw: &Value) -> Result<(Table, Problems), Problems> {
    Ok(match super::read::table(raw) {
        Some(view) => validate_leniently(&view),
        None => validate_leniently(&parse(raw)?.view()),
    })
}

/// Applies a finished round to the table and returns the new table state: the crown after it
/// (Citadelles classique, Le Roi: the King takes the crown, a murdered one at the end of the
/// round), each seat's characters revealed in it (what the classic tie-break reads of the last
/// round), the cities completed during it appended to the completion order in the order the
/// round recorded them (the first gets +4, the others +2), and the round in progress cleared.
/// Citadelles classique, Fin de partie: « On termine le tour en cours et la partie prend
/// fin »: once a city is complete at the end of a round, that round was the last, and the
/// table is marked `game_over`. The round's record is appended to the table's `rounds` (the
/// play's round log: an undo takes it back with the rest). The table is read as [`check`] reads
/// it for the score, and the round replayed ([`CitadellesRound::checked`]): a table the score
/// refuses (with the same problems), a round the caller could not reach, a round still being
/// called, another table's round, a game already over, or a table keeping [`MAX_ROUNDS`] rounds
/// already is refused, every problem at once.
pub fn apply_round(table: &Value, round: &CitadellesRound) -> Result<Value, Problems> {
    let (checked, mut p) = check_leniently(table)?;
    let raw = parse(table)?;
    let view = raw.view();
    let round = match round.checked("round") {
        Ok(round) => round,
        Err(problems) => {
            p.0.extend(problems.0);
            round.clone()
        }
    };
    if !round.finished {
        p.push(
            "round",
            "round_not_finished",
            Text::new(
                "Ce tour n'est pas terminé : appelez tous les personnages, puis terminez-le.",
                "This round is not over: call every character, then end it.",
            ),
        );
    }
    let variant = CitadellesVariant::from_id(raw.variant.as_deref().unwrap_or("classique"));
    check_round_in_progress(&mut p, "round", &round, variant, &view);
    if raw.game_over == Some(true) {
        p.push(
            "game_over",
            "game_over",
            Text::new(
                "La partie est déjà finie : aucun tour ne se joue après le dernier.",
                "The game is already over: no round is played after the last one.",
            ),
        );
    }
    // The rounds kept, as the validation counted them (more than that is the table's problem).
    if checked.rounds_played == MAX_ROUNDS {
        p.push("rounds", "too_many_rounds", too_many_rounds(checked.rounds_played.saturating_add(1)));
    }
    let record = match round.record() {
        Some(record) if p.is_empty() => record,
        _ => return Err(p),
    };
    let record_json = serde_json::to_value(&record).unwrap_or(Value::Null);

    let mut order: Vec<usize> =
        checked.completion_order.iter().copied().filter(|s| !record.completed.contains(&to_u8(*s))).collect();
    order.extend(record.completed.iter().map(|&s| usize::from(s)));
    let complete_now = checked
        .players
        .iter()
        .zip(&checked.city_known)
        .any(|(pl, &known)| known && pl.completion_count() >= u32::from(checked.threshold));
    let game_over = !order.is_empty() || complete_now;

    let mut out = table.clone();
    // `parse` read an object: a table state is one.
    let Some(obj) = out.as_object_mut() else { return Ok(out) };
    obj.remove("round_in_progress");
    obj.insert("crown".to_owned(), Value::from(record.crown_after));
    obj.insert("completion_order".to_owned(), Value::from(order));
    if game_over {
        obj.insert("game_over".to_owned(), Value::Bool(true));
    }
    let mut rounds = raw.rounds.unwrap_or_default();
    rounds.push(record_json);
    obj.insert("rounds".to_owned(), Value::Array(rounds));
    let players = obj.get_mut("players").and_then(Value::as_array_mut);
    for (i, seat) in players.into_iter().flatten().enumerate() {
        let Some(seat) = seat.as_object_mut() else { continue };
        let revealed = record.revealed.get(i).cloned().unwrap_or_default();
        seat.insert("characters_last_round".to_owned(), Value::from(revealed));
        // Classique, Cour des Miracles (FACT-CIT-B2): « built in the last round » means the
        // game's last round; a round after which the game goes on was not it.
        if !game_over && seat.contains_key("haunted_city_built_last_round") {
            seat.insert("haunted_city_built_last_round".to_owned(), Value::Bool(false));
        }
    }
    Ok(out)
}

fn to_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Looks a district up in the profile's catalogue, or in either when the profile is unknown.
fn lookup(variant: Option<CitadellesVariant>, id: &str) -> Option<CatalogueCard> {
    match variant {
        Some(v) => card(v, id),
        None => CitadellesVariant::ALL.into_iter().find_map(|v| card(v, id)),
    }
}

/// A round being called belongs to this table: same rules, same number of players, the same
/// completion threshold (Citadelles classique, Le Condottiere: « Vous ne pouvez pas détruire un
/// quartier d'une cité déjà complète »; Règles pour 2 et 3 joueurs, note: 8 districts for a
/// longer game) and the table's characters (8, or 9 with a ninth character, 2e édition; the
/// ones the table chose, else the defaults the help shows).
fn check_round_in_progress(
    p: &mut Problems,
    field: &str,
    round: &CitadellesRound,
    variant: Option<CitadellesVariant>,
    raw: &TableView<'_>,
) {
    let players = raw.players.len();
    let ninth = variant == Some(CitadellesVariant::DeuxiemeEdition) && raw.ninth_character.unwrap_or(false);
    let threshold = variant.map(|v| v.completion_threshold(players, raw.longer_game.unwrap_or(false)));
    let chosen = raw.characters_in_play.as_deref().unwrap_or_default();
    let table_characters = variant.map(|v| characters::in_play(v, players, ninth, chosen));
    let other_characters = table_characters.is_some_and(|table| {
        table.len() != round.characters.len()
            || table.iter().zip(&round.characters).any(|(t, r)| t.id != r.id)
    });
    if variant.is_some_and(|v| v != round.variant)
        || other_characters
        || usize::from(round.players) != players
        || round.names.len() != players
        || threshold.is_some_and(|t| t != round.threshold)
        || round.characters.len() != usize::from(BASE_CHARACTERS + u8::from(ninth))
    {
        p.push(
            field,
            "round_mismatch",
            Text::new(
                "Le tour en cours d'appel n'est pas celui de cette table (règle, nombre de joueurs, seuil de cité complète ou personnages différents) : recommencez-le.",
                "The round being called is not this table's (other rules, player count, complete-city threshold or characters): start it again.",
            ),
        );
    }
}

/// Checks a raw table leniently (see [`check_leniently`]), reporting every problem with its
/// field.
fn validate_leniently(raw: &TableView<'_>) -> (Table, Problems) {
    let mut p = Problems::new();

    let variant = match raw.variant {
        None | Some("") => Some(CitadellesVariant::Classique),
        Some(id) => {
            let found = CitadellesVariant::from_id(id);
            if found.is_none() {
                let known = CitadellesVariant::ALL.map(CitadellesVariant::id);
                input::unknown_variant(&mut p, "variant", VariantWord::RULES, id, Some(INFO.name), &known);
            }
            found
        }
    };
    for &key in &raw.other {
        input::unknown_field(&mut p, key.to_owned(), key, "Citadelles");
    }

    let count = raw.players.len();
    let (min, max) =
        variant.map_or((INFO.min_players(), INFO.max_players()), |v| (v.min_players(), v.max_players()));
    let count_ok = (usize::from(min)..=usize::from(max)).contains(&count);
    if let Some(round) = &raw.round_in_progress {
        check_round_in_progress(&mut p, "round_in_progress", round, variant, raw);
        if let Err(replayed) = round.checked("round_in_progress") {
            p.0.extend(replayed.0);
        }
    }
    if !count_ok {
        let label = variant.map_or_else(|| Text::new("", ""), CitadellesVariant::label);
        let who =
            PlayedBy::new(format!("{} ({})", INFO.name, label.fr), format!("{} ({})", INFO.name, label.en));
        input::player_count(&mut p, "players", &who, min, max, count);
    }

    let longer_game = raw.longer_game.unwrap_or(false);
    let ninth_character = raw.ninth_character.unwrap_or(false);
    check_ninth_character(&mut p, variant, ninth_character, count, count_ok);
    let ninth_in_play = ninth_character && variant == Some(CitadellesVariant::DeuxiemeEdition);
    let max_rank = BASE_CHARACTERS + u8::from(ninth_in_play);
    let threshold = variant.unwrap_or(CitadellesVariant::Classique).completion_threshold(count, longer_game);

    let (players, city_known) = validate_players(&mut p, raw, variant, ninth_in_play, max_rank);

    let completion_order = validate_completion(&mut p, raw, &players, &city_known, threshold);
    let crown = validate_crown(&mut p, raw, &players);
    let characters_in_play = validate_characters_in_play(&mut p, raw, variant, count, max_rank);
    let game_over = validate_game_over(&mut p, raw, &players, &city_known, &completion_order, threshold);
    let rounds_played = validate_rounds(&mut p, raw);

    let variant = variant.unwrap_or(CitadellesVariant::Classique);
    let table = Table {
        variant,
        longer_game,
        ninth_character: ninth_in_play,
        threshold,
        players,
        city_known,
        completion_order,
        crown,
        characters_in_play,
        game_over,
        rounds_played,
    };
    (table, p)
}

/// The seats, one after the other; with, per seat, whether every district of its city was
/// recognised (so that the count is meaningful).
fn validate_players(
    p: &mut Problems,
    raw: &TableView<'_>,
    variant: Option<CitadellesVariant>,
    ninth_in_play: bool,
    max_rank: u8,
) -> (Vec<Player>, Vec<bool>) {
    let count = raw.players.len();
    // CIT2 §Les personnages: one card per rank. With the table's characters named, a revealed
    // character must be the one in play at its rank (the others of that rank stay in the box).
    let in_play: Option<Vec<&'static Character>> = match (variant, raw.characters_in_play.as_deref()) {
        (Some(v), Some(ids)) if !ids.is_empty() => Some(characters::in_play(v, count, ninth_in_play, ids)),
        _ => None,
    };
    let seats = SeatRules {
        variant,
        count,
        max_rank,
        per_seat: variant.unwrap_or(CitadellesVariant::Classique).characters_per_seat(count),
        ninth_in_play,
        in_play: in_play.as_deref(),
    };
    let names: Vec<&str> = raw.players.iter().map(|pl| pl.name).collect();
    input::player_names(p, &names);
    let mut tally = SeatTally::new(raw, &seats);
    let mut players = Vec::with_capacity(count);
    // Per seat: every district was recognised (so that the count is meaningful).
    let mut city_known = Vec::with_capacity(count);
    for (i, rp) in raw.players.iter().enumerate() {
        let (player, known) = validate_player(p, i, rp, &seats, &mut tally);
        city_known.push(known);
        players.push(player);
    }
    (players, city_known)
}

/// The ninth character (`ninth_character`) fits the rules and the player count.
fn check_ninth_character(
    p: &mut Problems,
    variant: Option<CitadellesVariant>,
    ninth_character: bool,
    count: usize,
    count_ok: bool,
) {
    match variant {
        // FACT-CIT-B4 / CIT2 §Les personnages: the ninth characters belong to the 2e édition.
        Some(CitadellesVariant::Classique) if ninth_character => p.push(
            "ninth_character",
            "not_in_profile",
            Text::new(
                "La règle classique se joue avec les 8 personnages : pas de 9e personnage.",
                "The classic rules use the 8 characters: no ninth character.",
            ),
        ),
        Some(v @ CitadellesVariant::DeuxiemeEdition) => {
            if ninth_character && count_ok && !v.ninth_character_allowed(count) {
                p.push(
                    "ninth_character",
                    "ninth_character_player_count",
                    Text::new(
                        format!("À {count} joueurs, le choix des personnages de la 2e édition se fait avec les 8 cartes de base : pas de 9e personnage."),
                        format!("With {count} players, the 2nd edition's draft uses the 8 basic cards: no ninth character."),
                    ),
                );
            }
            // CIT2 §Les personnages: the rank-9 characters "permettent de jouer à 8".
            if count == 8 && !ninth_character {
                p.push(
                    "ninth_character",
                    "ninth_character_required",
                    Text::new(
                        "À 8 joueurs, il faut un 9e personnage (rang 9) : cochez-le.",
                        "With 8 players a ninth character (rank 9) is needed: tick it.",
                    ),
                );
            }
        }
        _ => {}
    }
}

/// What every seat's check needs to know of the whole table.
struct SeatRules<'a> {
    variant: Option<CitadellesVariant>,
    /// Players at the table.
    count: usize,
    /// The highest character rank in play (8, or 9 with a ninth character).
    max_rank: u8,
    /// Characters each seat reveals in a round.
    per_seat: u8,
    ninth_in_play: bool,
    /// The table's characters, when it named them.
    in_play: Option<&'a [&'static Character]>,
}

/// What the seats' checks count across the table, seat after seat.
struct SeatTally {
    /// Copies of each catalogue card used so far across the table, by id (a few dozen at most:
    /// a list is quicker than hashing every district on every keystroke).
    used: Vec<(&'static str, u32)>,
    /// Rank → seat that revealed it (one entry per rank).
    revealed_by: Vec<(u8, usize)>,
    /// The seat that revealed the Secret Vault first.
    vault_holder: Option<usize>,
}

impl SeatTally {
    fn new(raw: &TableView<'_>, seats: &SeatRules<'_>) -> Self {
        let districts = raw.players.iter().map(|rp| rp.districts.as_ref().map_or(0, Vec::len)).sum();
        SeatTally {
            used: Vec::with_capacity(districts),
            revealed_by: Vec::with_capacity(seats.count * usize::from(seats.per_seat)),
            vault_holder: None,
        }
    }
}

/// A seat's field name (`players[i].f`).
fn seat_at(i: usize, f: &str) -> String {
    format!("players[{i}].{f}")
}

/// One seat, field by field; with whether every district of its city was recognised.
fn validate_player(
    p: &mut Problems,
    i: usize,
    rp: &PlayerView<'_>,
    seats: &SeatRules<'_>,
    tally: &mut SeatTally,
) -> (Player, bool) {
    let at = |f: &str| seat_at(i, f);
    for &key in &rp.other {
        input::unknown_field(p, at(key), key, "Citadelles");
    }

    let (mut city, mut known) = validate_city(p, i, seats.variant, rp, &mut tally.used);
    for (k, w) in rp.custom_wonders.as_deref().unwrap_or_default().iter().enumerate() {
        if let Some(cw) = validate_custom(p, i, k, w) {
            city.push(CityCard::Custom(cw));
        } else {
            known = false;
        }
    }

    validate_beautified(
        p,
        i,
        seats.variant,
        seats.ninth_in_play,
        seats.in_play,
        rp.beautified.as_deref().unwrap_or_default(),
        &mut city,
    );

    let gold = input::count_with(p, || at("gold"), rp.gold, MAX_GOLD, || Text::new("Or", "Gold"));
    let cards_in_hand = input::count_with(
        p,
        || at("cards_in_hand"),
        rp.cards_in_hand,
        MAX_CARDS_IN_HAND,
        || Text::new("Cartes en main", "Cards in hand"),
    );
    let museum_cards = validate_museum_cards(p, i, rp, &city);
    let haunted_last = validate_haunted_last(p, i, rp, &city);
    let secret_vault = validate_secret_vault(p, i, rp, seats.variant, cards_in_hand, &mut tally.vault_holder);

    let characters_last_round = validate_characters(
        p,
        i,
        rp.characters_last_round.unwrap_or_default(),
        seats,
        &mut tally.revealed_by,
    );

    let player = Player {
        name: rp.name.trim().to_owned(),
        city,
        gold: gold.unwrap_or(0),
        cards_in_hand: cards_in_hand.unwrap_or(0),
        characters_last_round,
        haunted_city_built_last_round: haunted_last,
        museum_cards: museum_cards.unwrap_or(0),
        secret_vault,
    };
    (player, known)
}

/// A seat's city (`districts`), district by district; with whether every one was recognised.
fn validate_city(
    p: &mut Problems,
    i: usize,
    variant: Option<CitadellesVariant>,
    rp: &PlayerView<'_>,
    used: &mut Vec<(&'static str, u32)>,
) -> (Vec<CityCard>, bool) {
    let ids = rp.districts.as_deref().unwrap_or_default();
    let quarry = variant == Some(CitadellesVariant::DeuxiemeEdition)
        && ids.iter().any(|id| {
            lookup(variant, id).and_then(CatalogueCard::wonder).is_some_and(|w| w.allows_duplicates)
        });
    let mut city = Vec::with_capacity(ids.len());
    let mut known = true;
    for (j, id) in ids.iter().enumerate() {
        let field = || seat_at(i, &format!("districts[{j}]"));
        let Some(c) = lookup(variant, id) else {
            known = false;
            unknown_district(p, field(), variant, id);
            continue;
        };
        if let Some(w) = c.wonder().filter(|w| !w.buildable) {
            // FACT-CIT-B3: the Secret Vault can never be built.
            known = false;
            p.push(
                field(),
                "not_buildable",
                Text::new(
                    format!("{} ne peut jamais être bâtie : indiquez-la avec « révélée de la main ».", w.fr),
                    format!("The {} can never be built: mark it as revealed from the hand.", w.en),
                ),
            );
            continue;
        }
        if !quarry && duplicate_district(p, field, &city, c) {
            continue;
        }
        count_copy(p, field, used, c);
        city.push(CityCard::Catalogue { card: c, beautified: false });
    }
    (city, known)
}

/// A district the profile's catalogue does not have: another rules' wonder, or unknown.
fn unknown_district(p: &mut Problems, field: String, variant: Option<CitadellesVariant>, id: &str) {
    let elsewhere = CitadellesVariant::ALL.into_iter().find(|v| card(*v, id).is_some());
    match (variant, elsewhere) {
        (Some(v), Some(other)) => p.push(
            field,
            "not_in_profile",
            Text::new(
                format!(
                    "« {id} » est une merveille de la règle « {} », pas de « {} » ; saisissez-la comme merveille personnalisée si vous la jouez.",
                    other.label().fr,
                    v.label().fr
                ),
                format!(
                    "“{id}” is a wonder of the “{}” rules, not “{}”; enter it as a custom wonder if you play it.",
                    other.label().en,
                    v.label().en
                ),
            ),
        ),
        _ => p.push(
            field,
            "unknown_district",
            Text::new(format!("Quartier inconnu « {id} »."), format!("Unknown district “{id}”.")),
        ),
    }
}

/// Whether the district is already in the city, reported (the caller lets the Quarry allow it).
fn duplicate_district(
    p: &mut Problems,
    field: impl Fn() -> String,
    city: &[CityCard],
    c: CatalogueCard,
) -> bool {
    // Citadelles classique, Déroulement: no district identical to one already in the
    // city; FACT-CIT-B3: the Quarry allows it (2016 set). The same card is the same
    // catalogue address (see `used` below); the city holds no custom wonder yet.
    let same_card =
        |k: &CityCard| matches!(k, CityCard::Catalogue { card, .. } if std::ptr::eq(card.id(), c.id()));
    if !city.iter().any(same_card) {
        return false;
    }
    p.push(
        field(),
        "duplicate_district",
        Text::new(
            format!(
                "{} figure déjà dans cette cité : deux quartiers identiques sont interdits.",
                c.name().fr
            ),
            format!("{} is already in this city: two identical districts are not allowed.", c.name().en),
        ),
    );
    true
}

/// Counts one more copy of a catalogue card across the table (`used`), refused beyond the
/// copies the game has.
fn count_copy(
    p: &mut Problems,
    field: impl Fn() -> String,
    used: &mut Vec<(&'static str, u32)>,
    c: CatalogueCard,
) {
    // The catalogue's ids are its own `'static` strings: the same card is the same
    // address, compared without reading the strings.
    let n = match used.iter_mut().find(|(id, _)| std::ptr::eq(*id, c.id())) {
        Some((_, n)) => {
            *n += 1;
            *n
        }
        None => {
            used.push((c.id(), 1));
            1
        }
    };
    if n > u32::from(c.copies()) {
        p.push(
            field(),
            "too_many_copies",
            Text::new(
                format!(
                    "{} : le jeu n'en compte que {} exemplaire{}, déjà bâti{} ailleurs.",
                    c.name().fr,
                    c.copies(),
                    plural_s(u32::from(c.copies())),
                    plural_s(u32::from(c.copies()))
                ),
                format!(
                    "{}: the game has only {} cop{}, already built elsewhere.",
                    c.name().en,
                    c.copies(),
                    if c.copies() > 1 { "ies" } else { "y" }
                ),
            ),
        );
    }
}

/// Cards under the Museum (`museum_cards`): only with a Museum in the city.
fn validate_museum_cards(p: &mut Problems, i: usize, rp: &PlayerView<'_>, city: &[CityCard]) -> Option<u32> {
    let museum_cards = input::count_with(
        p,
        || seat_at(i, "museum_cards"),
        rp.museum_cards,
        MAX_MUSEUM_CARDS,
        || Text::new("Cartes sous le Musée", "Cards under the Museum"),
    );
    if museum_cards.unwrap_or(0) > 0 && !city_has(city, |s| s == WonderScoring::PerMuseumCard) {
        p.push(
            seat_at(i, "museum_cards"),
            "no_museum",
            Text::new(
                "Des cartes sous le Musée, mais pas de Musée dans cette cité.",
                "Cards under the Museum, but no Museum in this city.",
            ),
        );
    }
    museum_cards
}

/// The Haunted City built in the last round (`haunted_city_built_last_round`): only with it in
/// the city.
fn validate_haunted_last(p: &mut Problems, i: usize, rp: &PlayerView<'_>, city: &[CityCard]) -> bool {
    let haunted_last = rp.haunted_city_built_last_round.unwrap_or(false);
    if haunted_last && !city_has(city, |s| s == WonderScoring::AnyType) {
        p.push(
            seat_at(i, "haunted_city_built_last_round"),
            "no_haunted_city",
            Text::new(
                "Cour des Miracles bâtie au dernier tour, mais elle n'est pas dans cette cité.",
                "Haunted City built in the last round, but it is not in this city.",
            ),
        );
    }
    haunted_last
}

/// The Secret Vault revealed from the hand (`secret_vault`): a 2nd-edition wonder, one card,
/// counted among the cards in hand.
fn validate_secret_vault(
    p: &mut Problems,
    i: usize,
    rp: &PlayerView<'_>,
    variant: Option<CitadellesVariant>,
    cards_in_hand: Option<u32>,
    vault_holder: &mut Option<usize>,
) -> bool {
    let secret_vault = rp.secret_vault.unwrap_or(false);
    if !secret_vault {
        return false;
    }
    let at = || seat_at(i, "secret_vault");
    if variant == Some(CitadellesVariant::Classique) {
        p.push(
            at(),
            "not_in_profile",
            Text::new(
                "Les Catacombes font partie des merveilles de la 2e édition, pas de la règle classique.",
                "The Secret Vault is a 2nd-edition wonder, not a classic one.",
            ),
        );
        return true;
    }
    if let Some(first) = *vault_holder {
        p.push(
            at(),
            "secret_vault_twice",
            Text::new(
                format!(
                    "Les Catacombes sont déjà révélées par le joueur {} : la carte est unique.",
                    first + 1
                ),
                format!("The Secret Vault is already revealed by player {}: the card is unique.", first + 1),
            ),
        );
    } else {
        *vault_holder = Some(i);
    }
    if cards_in_hand == Some(0) {
        p.push(
            at(),
            "secret_vault_not_in_hand",
            Text::new(
                "Les Catacombes se révèlent de la main : comptez-les dans les cartes en main.",
                "The Secret Vault is revealed from the hand: count it among the cards in hand.",
            ),
        );
    }
    true
}

/// Who holds the crown (`crown`): a seat, required when a city has the Statue.
fn validate_crown(p: &mut Problems, raw: &TableView<'_>, players: &[Player]) -> Option<usize> {
    let crown = match raw.crown {
        None | Some(Value::Null) => None,
        Some(v) => seat_field(p, || "crown".to_owned(), v, raw.players.len()),
    };
    // FACT-CIT-B3: the Statue scores when its owner holds the crown at the end.
    if raw.crown.is_none_or(Value::is_null)
        && let Some(owner) =
            players.iter().find(|pl| pl.has_scoring(|s| matches!(s, WonderScoring::CrownHolder(_))))
    {
        p.push(
            "crown",
            "missing",
            Text::new(
                format!("{} a la Statue équestre : indiquez qui détient la Couronne.", owner.name),
                format!("{} has the Statue: say who holds the crown.", owner.name),
            ),
        );
    }
    crown
}

/// The rounds kept (`rounds`): at most [`MAX_ROUNDS`], refused on `rounds` beyond. Their
/// records are the core's own ([`super::apply_round`] writes them) and are read only by
/// History, which leaves out one it cannot read.
fn validate_rounds(p: &mut Problems, raw: &TableView<'_>) -> u32 {
    let kept = raw.rounds.map_or(0, <[Value]>::len);
    let count = u32::try_from(kept).unwrap_or(u32::MAX);
    if count > MAX_ROUNDS {
        p.push("rounds", "too_many_rounds", too_many_rounds(count));
    }
    count
}

fn too_many_rounds(count: u32) -> Text {
    Text::new(
        format!("{count} tours gardés : une partie en garde au plus {MAX_ROUNDS}."),
        format!("{count} rounds kept: a game keeps at most {MAX_ROUNDS}."),
    )
}

/// CIT §Les personnages / CIT2 §Les personnages: one character card per rank; the 2016
/// alternates and rank-9 characters belong to the 2e édition (FACT-CIT-B4), a rank-9 one only
/// when the table plays a ninth character (« en plus » of the 8; `max_rank` 9), as the draft
/// checks it.
fn validate_characters_in_play(
    p: &mut Problems,
    raw: &TableView<'_>,
    variant: Option<CitadellesVariant>,
    players: usize,
    max_rank: u8,
) -> Vec<String> {
    let Some(ids) = raw.characters_in_play.as_ref() else { return Vec::new() };
    let mut ranks_seen = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let f = format!("characters_in_play[{i}]");
        let found = match variant {
            Some(v) => character_of(v, id),
            None => any_character(id),
        };
        let Some(c) = found else {
            p.push(
                f,
                "unknown_character",
                Text::new(
                    format!("Personnage inconnu « {id} » pour cette règle."),
                    format!("Unknown character “{id}” for these rules."),
                ),
            );
            continue;
        };
        if ranks_seen.contains(&c.rank) {
            p.push(
                f.clone(),
                "duplicate_rank",
                Text::new(
                    format!("Deux personnages de rang {} : un seul par rang.", c.rank),
                    format!("Two characters of rank {}: one per rank.", c.rank),
                ),
            );
        }
        ranks_seen.push(c.rank);
        if c.rank > max_rank {
            p.push(
                f,
                "not_in_play",
                Text::new(
                    format!(
                        "{} est de rang 9 : cochez « 9e personnage » pour le jouer.",
                        capitalized(&c.fr_with(FrArticle::Le))
                    ),
                    format!("The {} is rank 9: tick “ninth character” to play it.", c.en),
                ),
            );
            continue;
        }
        if usize::from(c.min_players) > players {
            p.push(
                f,
                "too_few_players",
                Text::new(
                    format!("{} se joue à {} joueurs ou plus.", c.name().fr, c.min_players),
                    format!("{} needs {} players or more.", c.name().en, c.min_players),
                ),
            );
        }
    }
    ids.iter().map(|&id| id.to_owned()).collect()
}

fn city_has(city: &[CityCard], matches: impl Fn(WonderScoring) -> bool) -> bool {
    city.iter().any(|c| matches(c.scoring()))
}

/// FACT-CIT-B4 (2016): the Artist beautifies districts of its own city with 1 gold each, once
/// per district; a beautified district counts 1 more (cost and points). CIT2 §Les personnages:
/// the rank-9 characters come « en plus » of the 8, one card per rank: with the table's
/// characters named (`in_play`, the defaults the live help shows filled in), the rank-9 one must
/// be the Artist.
fn validate_beautified(
    p: &mut Problems,
    i: usize,
    variant: Option<CitadellesVariant>,
    ninth_in_play: bool,
    in_play: Option<&[&'static Character]>,
    ids: &[&str],
    city: &mut [CityCard],
) {
    if ids.is_empty() || !artist_in_play(p, i, variant, ninth_in_play, in_play) {
        return;
    }
    for (k, id) in ids.iter().enumerate() {
        let target = city
            .iter_mut()
            .find(|c| matches!(c, CityCard::Catalogue { card, beautified: false } if card.id() == *id));
        if let Some(CityCard::Catalogue { beautified, .. }) = target {
            *beautified = true;
            continue;
        }
        let field = format!("players[{i}].beautified[{k}]");
        if city.iter().any(|c| c.id() == *id) {
            p.push(
                field,
                "already_beautified",
                Text::new(
                    format!("« {id} » est déjà embelli : un quartier ne l'est qu'une fois."),
                    format!("“{id}” is already beautified: a district is beautified once."),
                ),
            );
        } else {
            p.push(
                field,
                "not_in_city",
                Text::new(
                    format!(
                        "« {id} » n'est pas dans cette cité : l'Artiste n'embellit que ses propres quartiers."
                    ),
                    format!("“{id}” is not in this city: the Artist beautifies only its own districts."),
                ),
            );
        }
    }
}

/// Whether the Artist can have beautified anything at this table: the 2nd edition, with a
/// ninth character that is the Artist when the characters are named. Says why not on
/// `players[i].beautified` (nothing when the profile itself is unknown).
fn artist_in_play(
    p: &mut Problems,
    i: usize,
    variant: Option<CitadellesVariant>,
    ninth_in_play: bool,
    in_play: Option<&[&'static Character]>,
) -> bool {
    let field = format!("players[{i}].beautified");
    match variant {
        Some(CitadellesVariant::DeuxiemeEdition) if ninth_in_play => {
            let other = in_play.and_then(|list| list.iter().find(|c| c.rank == 9)).filter(|c| c.id != ARTIST);
            let Some(other) = other else { return true };
            p.push(
                field,
                "artist_not_in_play",
                Text::new(
                    format!(
                        "Des quartiers embellis, mais le personnage de rang 9 en jeu est « {} » : seul l'Artiste embellit.",
                        other.fr
                    ),
                    format!(
                        "Beautified districts, but the rank-9 character in play is the {}: only the Artist beautifies.",
                        other.en
                    ),
                ),
            );
        }
        Some(CitadellesVariant::DeuxiemeEdition) => p.push(
            field,
            "not_in_play",
            Text::new(
                "Des quartiers embellis, mais pas de 9e personnage en jeu : l'Artiste est de rang 9.",
                "Beautified districts, but no ninth character in play: the Artist is rank 9.",
            ),
        ),
        Some(CitadellesVariant::Classique) => p.push(
            field,
            "not_in_profile",
            Text::new(
                "L'Artiste et ses embellissements appartiennent à la 2e édition.",
                "The Artist and its beautified districts belong to the 2nd edition.",
            ),
        ),
        None => {}
    }
    false
}

fn validate_custom(
    p: &mut Problems,
    i: usize,
    k: usize,
    w: &CustomWonderView<'_>,
) -> Option<CitadellesCustomWonder> {
    let at = |f: &str| format!("players[{i}].custom_wonders[{k}].{f}");
    for &key in &w.other {
        input::unknown_field(p, at(key), key, "Citadelles");
    }
    let name = w.name.trim();
    let mut ok = true;
    if name.is_empty() {
        ok = false;
        p.push(
            at("name"),
            "empty_name",
            Text::new("La merveille personnalisée n'a pas de nom.", "The custom wonder has no name."),
        );
    } else if name.chars().count() > MAX_NAME_CHARS {
        ok = false;
        p.push(
            at("name"),
            "name_too_long",
            Text::new(
                format!("Le nom de la merveille dépasse {MAX_NAME_CHARS} caractères."),
                format!("The wonder's name is longer than {MAX_NAME_CHARS} characters."),
            ),
        );
    }
    let cost = input::count(p, at("cost"), w.cost, u32::from(MAX_CUSTOM_COST), &Text::new("Coût", "Cost"));
    let extra = signed_field(p, at("extra_points"), w.extra_points, MAX_CUSTOM_EXTRA);
    match (ok, cost.and_then(|c| u8::try_from(c).ok()), extra) {
        (true, Some(cost), Some(extra_points)) => {
            Some(CitadellesCustomWonder { name: name.to_owned(), cost, extra_points })
        }
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn validate_characters(
    p: &mut Problems,
    i: usize,
    given: &[Value],
    seats: &SeatRules<'_>,
    revealed_by: &mut Vec<(u8, usize)>,
) -> Vec<Revealed> {
    let (variant, players, max_rank, per_seat) = (seats.variant, seats.count, seats.max_rank, seats.per_seat);
    let mut out: Vec<Revealed> = Vec::with_capacity(given.len());
    for (k, value) in given.iter().enumerate() {
        let field = || format!("players[{i}].characters_last_round[{k}]");
        let revealed = match value {
            Value::Number(n) => revealed_rank(p, field, value, n, variant, max_rank),
            Value::String(id) => revealed_character(p, field, id, seats),
            other => {
                p.push(
                    field(),
                    "not_a_character",
                    Text::new(
                        format!("Un rang (nombre) ou un identifiant de personnage est attendu, pas {other}."),
                        format!("A rank (number) or a character id is expected, not {other}."),
                    ),
                );
                continue;
            }
        };
        let Some(revealed) = revealed else { continue };
        // One card per rank is in play: nobody else can have revealed it.
        if let Some(&(_, other)) = revealed_by.iter().find(|(rank, _)| *rank == revealed.rank) {
            let whose = if other == i {
                Text::new("déjà indiqué pour ce joueur", "already given for this player")
            } else {
                Text::new(
                    format!("déjà révélé par le joueur {}", other + 1),
                    format!("already revealed by player {}", other + 1),
                )
            };
            p.push(
                field(),
                "duplicate_character",
                Text::new(
                    format!(
                        "Le personnage de rang {} est {} : chaque rang n'a qu'une carte en jeu.",
                        revealed.rank, whose.fr
                    ),
                    format!(
                        "The rank-{} character is {}: each rank has one card in play.",
                        revealed.rank, whose.en
                    ),
                ),
            );
            continue;
        }
        revealed_by.push((revealed.rank, i));
        out.push(revealed);
    }
    if given.len() > usize::from(per_seat) {
        p.push(
            format!("players[{i}].characters_last_round"),
            "too_many_characters",
            Text::new(
                format!(
                    "{} personnages pour un joueur : à {players} joueurs, chacun en a {per_seat} par tour.",
                    given.len()
                ),
                format!(
                    "{} characters for one player: with {players} players, each has {per_seat} per round.",
                    given.len()
                ),
            ),
        );
    }
    out
}

/// A character given by its rank (`characters_last_round[k]` a number): from 1 to the highest
/// rank in play.
fn revealed_rank(
    p: &mut Problems,
    field: impl Fn() -> String,
    value: &Value,
    n: &serde_json::Number,
    variant: Option<CitadellesVariant>,
    max_rank: u8,
) -> Option<Revealed> {
    match n.as_u64().and_then(|r| u8::try_from(r).ok()) {
        Some(rank) if (1..=max_rank).contains(&rank) => Some(Revealed {
            rank,
            // Classique: one character per rank.
            character: if variant == Some(CitadellesVariant::Classique) { base_of_rank(rank) } else { None },
        }),
        _ => {
            p.push(
                field(),
                "out_of_range",
                Text::new(
                    format!("Rang de personnage invalide : {value} (de 1 à {max_rank} ici)."),
                    format!("Invalid character rank: {value} (1 to {max_rank} here)."),
                ),
            );
            None
        }
    }
}

/// A character given by its id (`characters_last_round[k]` a string): one of the rules', in
/// play at this table and with this many players.
fn revealed_character(
    p: &mut Problems,
    field: impl Fn() -> String,
    id: &str,
    seats: &SeatRules<'_>,
) -> Option<Revealed> {
    let variant = seats.variant;
    let found = variant
        .and_then(|v| character_of(v, id))
        .or_else(|| if variant.is_none() { any_character(id) } else { None });
    let Some(c) = found else {
        match (any_character(id), variant) {
            (Some(c), Some(v)) => p.push(
                field(),
                "not_in_profile",
                Text::new(
                    format!(
                        "{} n'est pas un personnage de la règle « {} ».",
                        capitalized(&c.fr_with(FrArticle::Le)),
                        v.label().fr
                    ),
                    format!("The {} is not a character of the “{}” rules.", c.en, v.label().en),
                ),
            ),
            _ => p.push(
                field(),
                "unknown_character",
                Text::new(format!("Personnage inconnu « {id} »."), format!("Unknown character “{id}”.")),
            ),
        }
        return None;
    };
    if c.rank > seats.max_rank {
        p.push(
            field(),
            "not_in_play",
            Text::new(
                format!(
                    "{} est un personnage de rang 9 : cochez « 9e personnage » pour le jouer.",
                    capitalized(&c.fr_with(FrArticle::Le))
                ),
                format!("The {} is a rank-9 character: tick “ninth character” to play it.", c.en),
            ),
        );
        return None;
    }
    if usize::from(c.min_players) > seats.count {
        p.push(
            field(),
            "too_few_players_for_character",
            Text::new(
                format!(
                    "{} ne se joue qu'à partir de {} joueurs.",
                    capitalized(&c.fr_with(FrArticle::Le)),
                    c.min_players
                ),
                format!("The {} is only used with {} players or more.", c.en, c.min_players),
            ),
        );
        return None;
    }
    if let Some(list) = seats.in_play
        && !list.iter().any(|x| x.id == c.id)
    {
        let (fr, en) = match list.iter().find(|x| x.rank == c.rank) {
            Some(x) => (
                format!("« {} » n'est pas en jeu à cette table : le rang {} est « {} ».", c.fr, c.rank, x.fr),
                format!("The {} is not in play at this table: rank {} is the {}.", c.en, c.rank, x.en),
            ),
            None => (
                format!("« {} » n'est pas en jeu à cette table.", c.fr),
                format!("The {} is not in play at this table.", c.en),
            ),
        };
        p.push(field(), "not_in_play", Text::new(fr, en));
        return None;
    }
    Some(Revealed { rank: c.rank, character: Some(c) })
}

fn validate_completion(
    p: &mut Problems,
    raw: &TableView<'_>,
    players: &[Player],
    city_known: &[bool],
    threshold: u8,
) -> Vec<usize> {
    let completion_order = raw.completion_order.unwrap_or_default();
    let mut order = Vec::with_capacity(completion_order.len());
    for (k, v) in completion_order.iter().enumerate() {
        // Built only for a problem: scoring checks the completion order on every keystroke.
        let field = || format!("completion_order[{k}]");
        let Some(seat) = seat_field(p, field, v, players.len()) else { continue };
        if order.contains(&seat) {
            p.push(
                field(),
                "duplicate_seat",
                Text::new(
                    format!("Le joueur {} figure deux fois dans l'ordre des cités complètes.", seat + 1),
                    format!("Player {} is listed twice in the completion order.", seat + 1),
                ),
            );
            continue;
        }
        order.push(seat);
        let (Some(pl), Some(true)) = (players.get(seat), city_known.get(seat)) else { continue };
        let n = pl.completion_count();
        if n < u32::from(threshold) {
            p.push(
                field(),
                "city_not_complete",
                Text::new(
                    format!("{} est indiqué comme ayant complété sa cité, mais n'a que {n} quartier{} sur {threshold}.", pl.name, plural_s(n)),
                    format!("{} is listed as having completed their city, but has only {n} of {threshold} districts.", pl.name),
                ),
            );
        }
    }
    let complete: Vec<usize> = players
        .iter()
        .enumerate()
        .filter(|(seat, pl)| {
            city_known.get(*seat) == Some(&true) && pl.completion_count() >= u32::from(threshold)
        })
        .map(|(seat, _)| seat)
        .collect();
    // « Le joueur qui a posé en premier son 8ème quartier reçoit un bonus de 4 points »: with no
    // order typed and a single complete city, that city is the first; only a second complete
    // city needs the table to say which came first.
    if order.is_empty()
        && let [only] = complete[..]
    {
        order.push(only);
    }
    for (seat, pl) in players.iter().enumerate() {
        let n = pl.completion_count();
        if complete.contains(&seat) && !order.contains(&seat) {
            p.push(
                "completion_order",
                "complete_city_not_listed",
                Text::new(
                    format!("La cité de {} compte {n} quartiers (complète à {threshold}) : indiquez quand elle a été complétée.", pl.name),
                    format!("{}'s city has {n} districts (complete at {threshold}): say when it was completed.", pl.name),
                ),
            );
        }
    }
    order
}

/// Citadelles classique, Fin de partie: « On termine le tour en cours et la partie prend fin »:
/// the game is over only after a round in which a city was completed, so a table marked over
/// has a complete city; and no round is called after the last one.
fn validate_game_over(
    p: &mut Problems,
    raw: &TableView<'_>,
    players: &[Player],
    city_known: &[bool],
    completion_order: &[usize],
    threshold: u8,
) -> bool {
    if raw.game_over != Some(true) {
        return false;
    }
    let any_complete = !completion_order.is_empty()
        || players
            .iter()
            .zip(city_known)
            .any(|(pl, &known)| known && pl.completion_count() >= u32::from(threshold));
    if !any_complete {
        p.push(
            "game_over",
            "no_complete_city",
            Text::new(
                format!("La partie est notée finie, mais aucune cité n'est complète ({threshold} quartiers) : elle ne se termine qu'à la fin du tour où une cité est complétée."),
                format!("The game is marked over, but no city is complete ({threshold} districts): it ends only at the end of the round in which a city is completed."),
            ),
        );
    }
    if raw.round_in_progress.is_some() {
        p.push(
            "round_in_progress",
            "round_after_end",
            Text::new(
                "La partie est finie : aucun tour ne se joue après le dernier.",
                "The game is over: no round is played after the last one.",
            ),
        );
    }
    true
}

/// A seat number: a whole number below `players` (0 for the first seat). A player reads seats
/// counted from 1, so the message names the seat and the table's seats that way.
fn seat_field(p: &mut Problems, field: impl Fn() -> String, value: &Value, players: usize) -> Option<usize> {
    match value.as_u64().and_then(|n| usize::try_from(n).ok()) {
        Some(seat) if seat < players => Some(seat),
        Some(seat) => {
            let named = seat.saturating_add(1);
            p.push(
                field(),
                "seat_out_of_range",
                Text::new(
                    format!("Place {named} inexistante : les places vont de 1 à {players}."),
                    format!("No seat {named}: seats go from 1 to {players}."),
                ),
            );
            None
        }
        None => {
            p.push(
                field(),
                "not_a_seat",
                Text::new(
                    format!("Un numéro de place est attendu, pas {value}."),
                    format!("A seat number is expected, not {value}."),
                ),
            );
            None
        }
    }
}

/// A whole number from `-max` to `max`; absent is 0.
fn signed_field(p: &mut Problems, field: String, value: Option<&Value>, max: i32) -> Option<i32> {
    let value = match value {
        None | Some(Value::Null) => return Some(0),
        Some(v) => v,
    };
    match value.as_i64() {
        Some(n) if (-i64::from(max)..=i64::from(max)).contains(&n) => i32::try_from(n).ok(),
        Some(_) => {
            p.push(
                field,
                "out_of_range",
                Text::new(
                    format!("Points supplémentaires : {value} est hors limites (de −{max} à {max})."),
                    format!("Extra points: {value} is out of range (−{max} to {max})."),
                ),
            );
            None
        }
        None => {
            p.push(
                field,
                "not_an_integer",
                Text::new(
                    format!("Points supplémentaires : un nombre entier est attendu, pas {value}."),
                    format!("Extra points: a whole number is expected, not {value}."),
                ),
            );
            None
        }
    }
}
