//! The table state: raw (serde, nothing checked) → [`check`] → [`Table`], every problem
//! reported at once with its field. The checks read the raw table borrowed (`read.rs`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::auction::{InfluenceCard, chosen_special_cards};
use super::board::{
    MEMBERS_PER_PLAYER, PRIVILEGES_IN_BOX, RESOURCES_PER_TYPE, ROUNDS, ValenciaResource,
    ValenciaResourceCounts, ValenciaSeat, privileges_per_player_max, to_u32,
};
use super::course::{Course, council_points_after, councils_so_far, more_privileges_than_councils};
use super::missions::{MISSIONS, Mission, ValenciaJudging, ValenciaMissionKind, card_index};
use super::phases::ValenciaProgress;
use super::read::{FountainView, MissionView, PlayerView, TableView};
use crate::games::input::{PlayedBy, VariantWord};
use crate::games::{Problems, input};
use crate::text::{Text, en_noun, fr_noun};

/// Table mode: a seat's part is its `players[i]`. VAL §Mise en place, 13: each player keeps
/// the mission cards received face down, so other phones see no missions until the play is
/// finished (the scoreboard then shows them). The name is the host's to change. A phone's
/// resource, council seat or mission card must be one of the game's.
pub const SEAT: crate::games::seat::SeatRules = crate::games::seat::SeatRules {
    private: &["missions"],
    locked: &["name"],
    unknown_ids: &["unknown_resource", "unknown_seat", "unknown_mission"],
};

const GAME: &str = "Valencia";
/// Highest printed fountain value accepted (the book shows 2 and 6; the tiles are not listed).
pub const MAX_FOUNTAIN_VALUE: u32 = 12;
/// Highest printed mission value accepted (the book shows 3 and 4).
pub const MAX_MISSION_POINTS: u32 = 20;
/// Coins above this are refused as absurd (50 coin pieces in the box, of several values).
pub const MAX_COINS: u32 = 300;
/// VAL p.10 (Phase III): « Vous recevez désormais chacun autant de points de prestige que
/// de membres de votre famille qui se trouvent au Conseil. » 8 seats (Le Conseil, p.7), one
/// member of a family per seat (Soutien, p.13, adds another player's member, not one's own),
/// over 5 council phases (one per round): 40 at most.
pub const MAX_COUNCIL_POINTS: u32 = ValenciaSeat::ALL.len() as u32 * ROUNDS as u32;
/// VAL p.8: orthogonal neighbours of an ordinary fountain; the central one touches 8.
pub const FOUNTAIN_SPACES: u32 = 4;
pub const CENTRAL_FOUNTAIN_SPACES: u32 = 8;
/// VAL §Mise en place: one fountain tile per round board, so 5 tiles at most.
pub const FOUNTAIN_TILES_PLACED: usize = 5;
/// The card under which the central tile's printed value is remembered between plays
/// (`set_card_value`): the other tiles are drawn at random, the central one is always the same.
pub const CENTRAL_FOUNTAIN_CARD: &str = "fountain_central";

/// The module played (the game's variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ValenciaVariant {
    Base,
    SpecialInfluence,
}

impl ValenciaVariant {
    pub const ALL: [ValenciaVariant; 2] = [ValenciaVariant::Base, ValenciaVariant::SpecialInfluence];

    pub fn id(self) -> &'static str {
        match self {
            ValenciaVariant::Base => "base",
            ValenciaVariant::SpecialInfluence => "special_influence",
        }
    }

    /// `None`/empty is the base game; an unknown id is reported on `field`.
    pub(crate) fn parse(p: &mut Problems, field: &str, id: Option<&str>) -> Option<ValenciaVariant> {
        match id {
            None | Some("" | "base") => Some(ValenciaVariant::Base),
            Some("special_influence") => Some(ValenciaVariant::SpecialInfluence),
            Some(other) => {
                let known = ValenciaVariant::ALL.map(ValenciaVariant::id);
                input::unknown_variant(p, field, VariantWord::MODULE, other, None, &known);
                None
            }
        }
    }
}

/// The module (`variant`, reported on its field; unknown: the base game) and the special cards
/// the table chose with it ([`chosen_special_cards`]): what every Valencia input opens with.
pub(crate) fn module_and_cards<S: AsRef<str>>(
    p: &mut Problems,
    variant: Option<&str>,
    special_cards: Option<&[S]>,
) -> (ValenciaVariant, Vec<InfluenceCard>) {
    let variant = ValenciaVariant::parse(p, "variant", variant).unwrap_or(ValenciaVariant::Base);
    (variant, chosen_special_cards(p, variant, special_cards))
}

/// Valencia: 2 to 5 players, reported on `players`.
pub(crate) fn player_count(p: &mut Problems, n: usize) {
    let (min, max) = (super::INFO.min_players(), super::INFO.max_players());
    input::player_count(p, "players", &PlayedBy::game(&super::INFO), min, max, n);
}

/// Members a council seat holds at most: one (Le Conseil, p.7: whoever takes it sends the
/// holder's member back), two on a guild seat when the table plays Soutien (p.13: a second
/// member, of another player).
pub(crate) fn members_allowed(seat: ValenciaSeat, special: &[InfluenceCard]) -> usize {
    if seat.is_guild() && special.contains(&InfluenceCard::Support) { 2 } else { 1 }
}

/// The table as sent. Counts are JSON values so a wrong type is reported on its own field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawTable {
    #[serde(default)]
    pub variant: Option<String>,
    /// Module 1: the special influence cards the table chose, the same in every deck (`joker`,
    /// `economies`, `twins`, `warehouse`, `support`, `vagabond`, `central`); absent: all seven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_cards: Option<Vec<String>>,
    /// Fountains in the city, in any fixed order; players' `fountain_members` follow it.
    #[serde(default)]
    pub fountains: Vec<ValenciaRawFountain>,
    #[serde(default)]
    pub players: Vec<ValenciaRawPlayer>,
    /// Where the table helpers stand (round tracker, council phases counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress: Option<ValenciaProgress>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawFountain {
    /// Printed value.
    #[serde(default)]
    pub value: Option<Value>,
    /// The central tile's fountain (touches 8 spaces).
    #[serde(default)]
    pub central: Option<bool>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// One seat as sent, in seating order (clockwise). Absent counts are 0.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawPlayer {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub city_members: Option<Value>,
    /// City members next to at least one palm.
    #[serde(default)]
    pub palm_members: Option<Value>,
    /// Per fountain of `fountains` (same order): own members touching it.
    #[serde(default)]
    pub fountain_members: Option<Vec<Value>>,
    /// Unused privileges.
    #[serde(default)]
    pub privileges: Option<Value>,
    #[serde(default)]
    pub coins: Option<Value>,
    /// Resource key (`oranges`, `dried_fruit`, `wine`, `clothing`, `porcelain`) → count.
    #[serde(default)]
    pub resources: Option<BTreeMap<String, Value>>,
    /// Council seats held: `nobility`, `church`, a resource key (guild), `merchants`.
    #[serde(default)]
    pub council: Option<Vec<String>>,
    /// Prestige gained in the council phases (phase III) during the game.
    #[serde(default)]
    pub council_points: Option<Value>,
    #[serde(default)]
    pub stefan_feld: Option<bool>,
    /// Members on the longest orthogonal route (for its mission).
    #[serde(default)]
    pub longest_route: Option<Value>,
    /// Members with no own orthogonal neighbour (for its mission).
    #[serde(default)]
    pub isolated: Option<Value>,
    #[serde(default)]
    pub missions: Option<Vec<ValenciaRawMission>>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// A mission card held, as sent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaRawMission {
    /// Card id from the catalogue (`mission_cost_3`, `mission_palms`…).
    #[serde(default)]
    pub id: String,
    /// Printed points (not for formula cards).
    #[serde(default)]
    pub points: Option<Value>,
    /// Tick cards only: done (true) or not (false); absent = not ticked yet.
    #[serde(default)]
    pub done: Option<bool>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// A checked table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub variant: ValenciaVariant,
    pub fountains: Vec<Fountain>,
    /// Seating order, clockwise.
    pub players: Vec<Player>,
    /// Privileges at the table beyond the 19 of the box: stand-ins (4–5 players, p.10).
    pub privilege_stand_ins: u32,
    /// Where the course of play stands (`progress`): the helpers check their steps against it.
    pub course: Course,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fountain {
    pub value: u32,
    pub central: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub city_members: u32,
    pub palm_members: u32,
    /// One per table fountain.
    pub fountain_members: Vec<u32>,
    pub privileges: u32,
    pub coins: u32,
    pub resources: ValenciaResourceCounts,
    pub council: Vec<ValenciaSeat>,
    pub council_points: u32,
    pub stefan_feld: bool,
    pub longest_route: u32,
    pub isolated: u32,
    pub missions: Vec<HeldMission>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldMission {
    pub mission: &'static Mission,
    /// Printed points (0 for formula cards).
    pub points: u32,
    pub done: Option<bool>,
}

impl Player {
    /// Fountains touched by at least one own member.
    pub fn fountains_touched(&self) -> u32 {
        self.fountain_members.iter().map(|&c| u32::from(c > 0)).sum()
    }

    pub fn council_members(&self) -> u32 {
        to_u32(self.council.len())
    }

    /// Own members around the central fountain (0 when none is on the table).
    pub fn central_members(&self, table: &Table) -> u32 {
        table.fountains.iter().zip(&self.fountain_members).filter(|(f, _)| f.central).map(|(_, &c)| c).sum()
    }
}

/// Reads a JSON value as a raw table, reporting a wrong shape as a problem.
pub fn parse(raw: &Value) -> Result<ValenciaRawTable, Problems> {
    input::from_table(raw, usize::from(super::INFO.max_players()), GAME)
}

/// Reads and checks a table state: borrowed from the JSON value where the fast reader can
/// (`read.rs`), else read by serde first (which names a wrong shape).
pub fn check(raw: &Value) -> Result<Table, Problems> {
    match super::read::table(raw) {
        Some(view) => validate(&view),
        None => validate(&parse(raw)?.view()),
    }
}

fn too_many(p: &mut Problems, field: String, fr: String, en: String) {
    p.push(field, "impossible_count", Text::new(fr, en));
}

/// Checks a raw table, reporting every problem with its field.
fn validate(raw: &TableView<'_>) -> Result<Table, Problems> {
    let mut p = Problems::new();
    for &key in &raw.other {
        input::unknown_field(&mut p, key.to_owned(), key, GAME);
    }
    let (variant, special) = module_and_cards(&mut p, raw.variant, raw.special_cards.as_deref());
    let n = raw.players.len();
    player_count(&mut p, n);

    let fountains = validate_fountains(&mut p, &raw.fountains);
    if let Some(progress) = &raw.progress {
        progress.check(&mut p, n);
    }
    let course = Course::read(raw.progress.as_deref());

    let names: Vec<&str> = raw.players.iter().map(|pl| pl.name).collect();
    input::player_names(&mut p, &names);
    let mut players = Vec::with_capacity(n);
    // Who holds each card of the deck, by its place in `MISSIONS`.
    let mut card_holder = [None; MISSIONS.len()];
    for (i, rp) in raw.players.iter().enumerate() {
        players.push(validate_player(&mut p, i, rp, n, &fountains, &mut card_holder));
    }
    bounded_by_the_course(&mut p, &course, &players, fountains.iter().filter(|f| !f.central).count());

    resources_in_the_box(&mut p, &players);
    // Each player holds 5 at most (one per council phase), so the table holds 5 per player at
    // most: beyond the box's 19, the stand-ins of p.10 (4–5 players only, 3 × 5 being 15).
    let privileges = players.iter().fold(0u32, |s, pl| s.saturating_add(pl.privileges));
    let privilege_stand_ins = privileges.saturating_sub(PRIVILEGES_IN_BOX);
    one_pawn(&mut p, &players);
    for seat in ValenciaSeat::ALL {
        let holders: Vec<usize> =
            (0..players.len()).filter(|&i| players[i].council.contains(&seat)).collect();
        let allowed = members_allowed(seat, &special);
        if holders.len() > allowed {
            seat_taken(&mut p, seat, &holders, allowed, raw, &players);
        }
    }
    if raw.progress.as_ref().is_some_and(|pr| pr.councils_counted.contains(&ROUNDS)) {
        last_council_counted(&mut p, &players);
    }
    for (f, fountain) in fountains.iter().enumerate() {
        crowded_fountain(&mut p, f, fountain, &fountains, &players);
    }

    p.into_result(Table { variant, fountains, players, privilege_stand_ins, course })
}

/// VAL §Matériel: 6 resources of each type in the box, the table's players hold no more.
fn resources_in_the_box(p: &mut Problems, players: &[Player]) {
    for r in ValenciaResource::ALL {
        let sum = players.iter().fold(0u32, |s, pl| s.saturating_add(pl.resources.get(r)));
        if sum > RESOURCES_PER_TYPE {
            let name = r.name();
            too_many(
                p,
                format!("players[].resources.{}", r.key()),
                format!("{sum} {} en tout, le jeu n'en a que {RESOURCES_PER_TYPE}.", name.fr),
                format!("{sum} {} in all, the game has only {RESOURCES_PER_TYPE}.", name.en),
            );
        }
    }
}

/// VAL p.6: one Stefan Feld pawn, held by one player.
fn one_pawn(p: &mut Problems, players: &[Player]) {
    let pawns = players.iter().filter(|pl| pl.stefan_feld).count();
    if pawns > 1 {
        p.push(
            "players[].stefan_feld",
            "several_pawns",
            Text::new(
                format!("{pawns} joueurs ont le pion Stefan Feld : il n'y en a qu'un."),
                format!("{pawns} players hold the Stefan Feld pawn: there is only one."),
            ),
        );
    }
}

/// VAL p.10 (Phase III): once the fifth round's council phase is counted nothing moves on
/// the council any more, and that phase alone gave each player a point per seat held (reported
/// where the council points have no problem already).
fn last_council_counted(p: &mut Problems, players: &[Player]) {
    for (i, pl) in players.iter().enumerate() {
        let field = format!("players[{i}].council_points");
        let seats = to_u32(pl.council.len());
        if pl.council_points < seats && !p.iter().any(|x| x.field == field) {
            let points = pl.council_points;
            too_many(
                p,
                field,
                format!(
                    "{points} points du Conseil alors que la phase du Conseil de la dernière manche est comptée : à elle seule, elle en donne un par siège occupé, ici {seats} {}.",
                    fr_noun(seats, "siège", "sièges")
                ),
                format!(
                    "{points} council points, yet the last round's council phase is counted: it alone gives one per seat held, here {seats} {}.",
                    en_noun(seats, "seat", "seats")
                ),
            );
        }
    }
}

/// VAL p.7 (Le Conseil): « Lorsque vous placez un membre de votre famille sur une des 8
/// cases du Conseil au cours de la partie, remplacez le membre de la famille que vous remplacez
/// dans la réserve de son propriétaire »: a seat holds one member (two on a guild seat with
/// Soutien). Reported on each holder's seat, the fields to correct.
fn seat_taken(
    p: &mut Problems,
    seat: ValenciaSeat,
    holders: &[usize],
    allowed: usize,
    raw: &TableView<'_>,
    players: &[Player],
) {
    let name = seat.name();
    let who: Vec<&str> = holders.iter().filter_map(|&i| players.get(i)).map(|pl| pl.name.as_str()).collect();
    let n = holders.len();
    for &i in holders {
        let k = raw
            .players
            .get(i)
            .and_then(|rp| rp.council.as_ref())
            .and_then(|c| c.iter().position(|&key| key == seat.key()))
            .unwrap_or(0);
        let (fr, en) = if allowed == 1 {
            ("il n'en tient qu'un".to_owned(), "it holds only one".to_owned())
        } else {
            (
                format!("il en tient {allowed} au plus (Soutien)"),
                format!("it holds {allowed} at most (Support)"),
            )
        };
        p.push(
            format!("players[{i}].council[{k}]"),
            "seat_taken",
            Text::new(
                format!(
                    "{n} joueurs occupent le siège {} ({}) ; {fr} : qui le prend renvoie l'occupant dans sa réserve.",
                    name.fr,
                    who.join(", ")
                ),
                format!(
                    "{n} players hold the {} seat ({}); {en}: whoever takes it sends the holder's member back.",
                    name.en,
                    who.join(", ")
                ),
            ),
        );
    }
}

/// « Fontaine 2 (valeur 6) », « la fontaine centrale (valeur 4) »: numbered among the tiles, as
/// the sheet shows them.
fn fountain_name(f: usize, fountains: &[Fountain]) -> Text {
    let Some(fountain) = fountains.get(f) else { return Text::new("Fontaine", "Fountain") };
    let v = fountain.value;
    if fountain.central {
        return Text::new(
            format!("La fontaine centrale (valeur {v})"),
            format!("The central fountain (value {v})"),
        );
    }
    let n = fountains.iter().take(f + 1).filter(|x| !x.central).count();
    Text::new(format!("La fontaine {n} (valeur {v})"), format!("Fountain {n} (value {v})"))
}

/// VAL p.8: an ordinary fountain touches 4 city spaces, the central one 8 (« la fontaine
/// centrale est adjacente à 8 cases Ville »): all players' members around one fountain are that
/// many at most. Reported on each seat's count for that fountain (the fields to correct), so
/// that partial totals leave out that fountain only.
fn crowded_fountain(
    p: &mut Problems,
    f: usize,
    fountain: &Fountain,
    fountains: &[Fountain],
    players: &[Player],
) {
    let at = |pl: &Player| pl.fountain_members.get(f).copied().unwrap_or(0);
    let sum = players.iter().fold(0u32, |s, pl| s.saturating_add(at(pl)));
    let max = if fountain.central { CENTRAL_FOUNTAIN_SPACES } else { FOUNTAIN_SPACES };
    if sum <= max {
        return;
    }
    let counts: Vec<(usize, u32)> =
        players.iter().enumerate().map(|(i, pl)| (i, at(pl))).filter(|&(_, c)| c > 0).collect();
    let name = fountain_name(f, fountains);
    let who = counts
        .iter()
        .filter_map(|&(i, c)| players.get(i).map(|pl| format!("{} {c}", pl.name)))
        .collect::<Vec<_>>()
        .join(", ");
    for &(i, _) in &counts {
        too_many(
            p,
            format!("players[{i}].fountain_members[{f}]"),
            format!("{} : {sum} membres autour ({who}), elle ne touche que {max} cases.", name.fr),
            format!("{}: {sum} members around it ({who}), it touches only {max} spaces.", name.en),
        );
    }
}

/// What the course of play allows the table to hold where the tracker stands (nothing more than
/// the end of the game allows while the tracker is not started, see `course.rs`). Each bound is
/// the rulebook's, reported on its field (when that field has no problem already).
fn bounded_by_the_course(p: &mut Problems, course: &Course, players: &[Player], tiles: usize) {
    if !course.started {
        return;
    }
    let at = course.position.at();
    let held = course.councils_held();
    let so_far = councils_so_far(held);
    for (i, pl) in players.iter().enumerate() {
        let free = |p: &Problems, field: &str| !p.iter().any(|x| x.field == format!("players[{i}].{field}"));
        // VAL p.10 (Phase III): the only way to get a privilege, and setup gives none
        // (Mise en place: 15 members, 24 cards, 5 coins).
        let n = pl.privileges;
        if n > held && free(p, "privileges") {
            let why = more_privileges_than_councils(n, &at, &so_far);
            p.push(format!("players[{i}].privileges"), "impossible_count", why);
        }
        if free(p, "council_points") {
            council_points_so_far(p, i, pl.council_points, held, &at, &so_far);
        }
        if free(p, "city_members") {
            city_members_so_far(p, i, pl.city_members, course.guild_auctions_reached(), &at);
        }
    }
    fountain_tiles_so_far(p, to_u32(tiles), course.fountain_tiles_built(), &at);
}

/// VAL p.10 (Phase III): 1 point per member on the council's 8 seats, each phase: `held`
/// phases give [`council_points_after`] at most.
fn council_points_so_far(p: &mut Problems, i: usize, points: u32, held: u32, at: &Text, so_far: &Text) {
    if points <= council_points_after(held) {
        return;
    }
    too_many(
        p,
        format!("players[{i}].council_points"),
        format!(
            "{points} {} du Conseil {} : une phase du Conseil en donne 8 au plus (un par siège) ; {}.",
            fr_noun(points, "point", "points"),
            at.fr,
            so_far.fr
        ),
        format!(
            "{points} council {} {}: a council phase gives 8 at most (one per seat); {}.",
            en_noun(points, "point", "points"),
            at.en,
            so_far.en
        ),
    );
}

/// VAL p.7–8 (B, D, F): 1st, 2nd and 3rd each « Placez un des membres de votre famille sur
/// une case Ville inoccupée » — one member at most per guild auction (`auctions` reached);
/// nothing else places one in the city (G and Vagabond move them).
fn city_members_so_far(p: &mut Problems, i: usize, city: u32, auctions: u32, at: &Text) {
    if city <= auctions {
        return;
    }
    too_many(
        p,
        format!("players[{i}].city_members"),
        format!(
            "{city} {} dans la ville {} : on y pose un membre au plus par enchère de guilde (étapes B, D et F), et il y en a eu {auctions} jusqu'ici.",
            fr_noun(city, "membre", "membres"),
            at.fr
        ),
        format!(
            "{city} {} in the city {}: one member at most is placed there per guild auction (steps B, D and F), and there have been {auctions} so far.",
            en_noun(city, "member", "members"),
            at.en
        ),
    );
}

/// VAL p.9 (I): « prenez la tuile Fontaine sur le plateau du tour en cours » — one tile
/// per round, at its step I: `built` so far (reported when `fountains` has no problem already).
fn fountain_tiles_so_far(p: &mut Problems, tiles: u32, built: u32, at: &Text) {
    if tiles <= built || p.iter().any(|x| x.field == "fountains") {
        return;
    }
    too_many(
        p,
        "fountains".to_owned(),
        format!(
            "{tiles} {} {} : une tuile se pose à l'étape I de chaque manche, donc {built} au plus jusqu'ici.",
            fr_noun(tiles, "tuile Fontaine posée", "tuiles Fontaine posées"),
            at.fr
        ),
        format!(
            "{tiles} fountain {} placed {}: one tile is placed at step I of each round, so {built} at most so far.",
            en_noun(tiles, "tile", "tiles"),
            at.en
        ),
    );
}

fn validate_fountains(p: &mut Problems, raw: &[FountainView<'_>]) -> Vec<Fountain> {
    let mut out = Vec::with_capacity(raw.len());
    for (f, rf) in raw.iter().enumerate() {
        for key in &rf.other {
            input::unknown_field(p, format!("fountains[{f}].{key}"), key, GAME);
        }
        let field = || format!("fountains[{f}].value");
        let what = || Text::new("valeur de la fontaine", "fountain value");
        let value = match rf.value {
            None | Some(Value::Null) => {
                p.push(
                    field(),
                    "missing_value",
                    Text::new(
                        "Saisissez la valeur imprimée sur la fontaine.",
                        "Enter the value printed on the fountain.",
                    ),
                );
                0
            }
            v => input::count_with(p, field, v, MAX_FOUNTAIN_VALUE, what).unwrap_or(0),
        };
        out.push(Fountain { value, central: rf.central.unwrap_or(false) });
    }
    let central = out.iter().filter(|f| f.central).count();
    if central > 1 {
        p.push(
            "fountains",
            "several_central",
            Text::new(
                "Une seule fontaine est centrale (celle de la tuile centrale).",
                "Only one fountain is central (the central tile's).",
            ),
        );
    }
    let tiles = out.len() - central;
    if tiles > FOUNTAIN_TILES_PLACED {
        p.push(
            "fountains",
            "too_many_fountains",
            Text::new(
                format!(
                    "{tiles} tuiles Fontaine posées : une par manche, donc {FOUNTAIN_TILES_PLACED} au plus."
                ),
                format!("{tiles} fountain tiles placed: one per round, so {FOUNTAIN_TILES_PLACED} at most."),
            ),
        );
    }
    out
}

/// Unused privileges: one per council phase at most ([`privileges_per_player_max`]), refused
/// beyond with the reason.
fn privileges_at_most_one_per_phase(p: &mut Problems, i: usize, n: u32) -> u32 {
    let max = privileges_per_player_max();
    if n <= max {
        return n;
    }
    p.push(
        format!("players[{i}].privileges"),
        "out_of_range",
        Text::new(
            format!(
                "{n} privilèges : on en reçoit un au plus par phase du Conseil, une par manche, donc {max} sur la partie (de 0 à {max})."
            ),
            format!(
                "{n} privileges: a player receives one per council phase at most, one per round, so {max} over the game (0 to {max})."
            ),
        ),
    );
    0
}

fn validate_player(
    p: &mut Problems,
    i: usize,
    rp: &PlayerView<'_>,
    players: usize,
    fountains: &[Fountain],
    card_holder: &mut [Option<usize>; MISSIONS.len()],
) -> Player {
    let at = |f: &str| format!("players[{i}].{f}");
    for &key in &rp.other {
        input::unknown_field(p, at(key), key, GAME);
    }
    let mut count = |field: &str, v: Option<&Value>, max: u32, fr: &str, en: &str| {
        input::count_with(p, || at(field), v, max, || Text::new(fr, en)).unwrap_or(0)
    };
    let city_members = count(
        "city_members",
        rp.city_members,
        MEMBERS_PER_PLAYER,
        "membres dans la ville",
        "members in the city",
    );
    let palm_members = count(
        "palm_members",
        rp.palm_members,
        MEMBERS_PER_PLAYER,
        "membres voisins d'un palmier",
        "members next to a palm",
    );
    // Read whole, then held to one per council phase with the reason (below).
    let privileges = count("privileges", rp.privileges, u32::MAX, "privilèges", "privileges");
    let coins = count("coins", rp.coins, MAX_COINS, "pièces", "coins");
    let council_points =
        count("council_points", rp.council_points, MAX_COUNCIL_POINTS, "points du Conseil", "council points");
    let longest_route =
        count("longest_route", rp.longest_route, MEMBERS_PER_PLAYER, "plus longue route", "longest route");
    let isolated = count("isolated", rp.isolated, MEMBERS_PER_PLAYER, "membres isolés", "lone members");
    let privileges = privileges_at_most_one_per_phase(p, i, privileges);

    let resources = validate_resources(p, i, rp);
    let council = validate_council(p, i, rp);
    check_members(p, i, city_members, council.len(), palm_members, longest_route, isolated);
    let fountain_members = validate_fountain_members(p, i, rp, fountains, city_members);

    let mut missions = Vec::with_capacity(rp.missions.as_ref().map_or(0, Vec::len));
    for (k, rm) in rp.missions.iter().flatten().enumerate() {
        if let Some(held) = validate_mission(p, i, k, rm, players, card_holder) {
            missions.push(held);
        }
    }
    route_and_lone_members(p, i, rp, city_members, longest_route, isolated, &missions);

    Player {
        name: rp.name.trim().to_owned(),
        city_members,
        palm_members,
        fountain_members,
        privileges,
        coins,
        resources,
        council,
        council_points,
        stefan_feld: rp.stefan_feld.unwrap_or(false),
        longest_route,
        isolated,
        missions,
    }
}

/// A seat's resources (`resources`), type by type.
fn validate_resources(p: &mut Problems, i: usize, rp: &PlayerView<'_>) -> ValenciaResourceCounts {
    let at = |f: &str| format!("players[{i}].{f}");
    let mut resources = ValenciaResourceCounts::default();
    for &(key, value) in rp.resources.iter().flatten() {
        let field = || at(&format!("resources.{key}"));
        match ValenciaResource::from_key(key) {
            None => p.push(
                field(),
                "unknown_resource",
                Text::new(
                    format!(
                        "Ressource inconnue « {key} » (oranges, dried_fruit, wine, clothing, porcelain)."
                    ),
                    format!("Unknown resource “{key}” (oranges, dried_fruit, wine, clothing, porcelain)."),
                ),
            ),
            Some(r) => {
                if let Some(n) = input::count_with(p, field, Some(value), RESOURCES_PER_TYPE, || r.name()) {
                    resources.set(r, n);
                }
            }
        }
    }
    resources
}

/// A seat's members on the council (`council`), one per seat.
fn validate_council(p: &mut Problems, i: usize, rp: &PlayerView<'_>) -> Vec<ValenciaSeat> {
    let at = |f: &str| format!("players[{i}].{f}");
    let mut council = Vec::with_capacity(rp.council.as_ref().map_or(0, Vec::len));
    for (k, &key) in rp.council.iter().flatten().enumerate() {
        let field = || at(&format!("council[{k}]"));
        match ValenciaSeat::from_key(key) {
            None => p.push(
                field(),
                "unknown_seat",
                Text::new(
                    format!("Siège inconnu « {key} » (nobility, church, oranges, dried_fruit, wine, clothing, porcelain, merchants)."),
                    format!("Unknown seat “{key}” (nobility, church, oranges, dried_fruit, wine, clothing, porcelain, merchants)."),
                ),
            ),
            Some(seat) if council.contains(&seat) => p.push(
                field(),
                "duplicate_seat",
                Text::new(
                    format!("Siège {} donné deux fois : un joueur n'y a qu'un membre.", seat.name().fr),
                    format!("Seat {} given twice: a player has one member there.", seat.name().en),
                ),
            ),
            Some(seat) => council.push(seat),
        }
    }
    council
}

/// The members counted in the city fit the family and each other.
fn check_members(
    p: &mut Problems,
    i: usize,
    city_members: u32,
    council: usize,
    palm_members: u32,
    longest_route: u32,
    isolated: u32,
) {
    let at = |f: &str| format!("players[{i}].{f}");
    // VAL §Matériel: 15 members per family, in the city or on the council.
    let placed = city_members.saturating_add(to_u32(council));
    if placed > MEMBERS_PER_PLAYER {
        too_many(
            p,
            at("city_members"),
            format!(
                "{placed} membres posés (ville et Conseil), une famille n'en a que {MEMBERS_PER_PLAYER}."
            ),
            format!("{placed} members placed (city and council), a family has only {MEMBERS_PER_PLAYER}."),
        );
    }
    if palm_members > city_members {
        too_many(
            p,
            at("palm_members"),
            format!("{palm_members} membres près d'un palmier mais {city_members} dans la ville."),
            format!("{palm_members} members next to a palm but {city_members} in the city."),
        );
    }
    for (field, n, fr, en) in [
        ("longest_route", longest_route, "sur la plus longue route", "on the longest route"),
        ("isolated", isolated, "isolés", "lone"),
    ] {
        if n > city_members {
            too_many(
                p,
                at(field),
                format!("{n} membres {fr} mais {city_members} dans la ville."),
                format!("{n} members {en} but {city_members} in the city."),
            );
        }
    }
    // Members on a route of 2 or more each touch a family neighbour, so none of them is isolated:
    // the route and the lone members are different members of the city (missions p.14–15).
    if longest_route >= 2 && isolated <= city_members && longest_route <= city_members {
        let sum = longest_route + isolated;
        if sum > city_members {
            for (field, other) in [("longest_route", "isolated"), ("isolated", "longest_route")] {
                too_many(
                    p,
                    at(field),
                    format!(
                        "{longest_route} membres sur la plus longue route et {isolated} membres isolés font {sum}, mais la ville n'en compte que {city_members} : un membre d'une route n'est jamais isolé (voir aussi {other})."
                    ),
                    format!(
                        "{longest_route} members on the longest route and {isolated} lone members make {sum}, but the city holds only {city_members}: a member of a route is never alone (see also {other})."
                    ),
                );
            }
        }
    }
}

/// The members around each fountain (`fountain_members`), one count per fountain on the table.
fn validate_fountain_members(
    p: &mut Problems,
    i: usize,
    rp: &PlayerView<'_>,
    fountains: &[Fountain],
    city_members: u32,
) -> Vec<u32> {
    let at = |f: &str| format!("players[{i}].{f}");
    let typed = rp.fountain_members.unwrap_or(&[]);
    if typed.len() > fountains.len() {
        p.push(
            at("fountain_members"),
            "unknown_fountain",
            Text::new(
                format!(
                    "{} {} pour {} {} sur la table.",
                    typed.len(),
                    fr_noun(typed.len(), "nombre", "nombres"),
                    fountains.len(),
                    fr_noun(fountains.len(), "fontaine", "fontaines")
                ),
                format!(
                    "{} {} for {} {} on the table.",
                    typed.len(),
                    en_noun(typed.len(), "count", "counts"),
                    fountains.len(),
                    en_noun(fountains.len(), "fountain", "fountains")
                ),
            ),
        );
    }
    let mut fountain_members = vec![0; fountains.len()];
    for (f, (slot, fountain)) in fountain_members.iter_mut().zip(fountains).enumerate() {
        let max = if fountain.central { CENTRAL_FOUNTAIN_SPACES } else { FOUNTAIN_SPACES };
        let field = || at(&format!("fountain_members[{f}]"));
        let what = || Text::new("membres autour de la fontaine", "members around the fountain");
        let n = input::count_with(p, field, typed.get(f), max, what).unwrap_or(0);
        if n > city_members {
            too_many(
                p,
                field(),
                format!("{n} membres autour de la fontaine mais {city_members} dans la ville."),
                format!("{n} members around the fountain but {city_members} in the city."),
            );
        }
        *slot = n;
    }
    fountain_members
}

/// VAL p.15 (missions): « Gagnez 1 point pour chaque membre de votre famille situé sur
/// votre plus longue "route" formée de façon orthogonale » and « Gagnez 2 points pour chaque
/// membre de votre famille qui n'est orthogonalement adjacent à aucun autre membre de votre
/// famille ». What the city's geometry allows between the two counts, when they are typed (each
/// problem on both fields it concerns):
/// - a route of 1 means no two members touch: every member of the city is isolated;
/// - a member who is not isolated touches one of its family, who is not isolated either: the
///   members who are not isolated are never exactly one;
/// - a member alone is a route of 1: with members in the city the route is at least 1.
///
/// A count is typed when it is sent and not 0, or sent while its card is held: the sheet sends
/// 0 for every count nobody typed, and shows the count's stepper only to the card's holder.
/// Counts above the city's members are reported already (and route + lone members for a route
/// of 2 or more).
fn route_and_lone_members(
    p: &mut Problems,
    i: usize,
    rp: &PlayerView<'_>,
    city: u32,
    route: u32,
    lone: u32,
    missions: &[HeldMission],
) {
    if route > city || lone > city {
        return;
    }
    let typed = |v: Option<&Value>, n: u32, kind: ValenciaMissionKind| {
        v.and_then(Value::as_u64) == Some(u64::from(n))
            && (n > 0 || missions.iter().any(|m| m.mission.kind == kind))
    };
    let route_typed = typed(rp.longest_route, route, ValenciaMissionKind::LongestRoute);
    let lone_typed = typed(rp.isolated, lone, ValenciaMissionKind::Isolated);
    let mut both = |a: &str, b: &str, fr: &str, en: &str| {
        for (field, other) in [(a, b), (b, a)] {
            too_many(
                p,
                format!("players[{i}].{field}"),
                format!("{fr} (voir aussi {other})."),
                format!("{en} (see also {other})."),
            );
        }
    };
    if route_typed && route == 1 && lone_typed && lone != city {
        both(
            "longest_route",
            "isolated",
            &format!(
                "Plus longue route de 1 et {lone} {} : avec une route de 1, aucun membre n'en touche un autre, donc les {city} {} de la ville sont tous isolés",
                fr_noun(lone, "membre isolé", "membres isolés"),
                fr_noun(city, "membre", "membres")
            ),
            &format!(
                "A longest route of 1 and {lone} lone {}: with a route of 1 no two members touch, so all {city} {} in the city are lone",
                en_noun(lone, "member", "members"),
                en_noun(city, "member", "members")
            ),
        );
    }
    if lone_typed && city - lone == 1 {
        both(
            "isolated",
            "city_members",
            &format!(
                "{lone} {} sur {city} dans la ville : un seul ne le serait pas, or un membre non isolé touche un membre de sa famille, qui ne l'est pas non plus",
                fr_noun(lone, "membre isolé", "membres isolés")
            ),
            &format!(
                "{lone} lone {} of {city} in the city: only one would not be, but a member who is not alone touches one of its family, who is not alone either",
                en_noun(lone, "member", "members")
            ),
        );
    }
    if route_typed && route == 0 && city > 0 {
        both(
            "longest_route",
            "city_members",
            &format!(
                "Plus longue route de 0 avec {city} {} dans la ville : un membre seul forme déjà une route de 1",
                fr_noun(city, "membre", "membres")
            ),
            &format!(
                "A longest route of 0 with {city} {} in the city: a member alone is already a route of 1",
                en_noun(city, "member", "members")
            ),
        );
    }
}

/// Mission card `k` held by seat `i` (`missions[k]`): a card of the deck, held once, played at
/// this player count, with its printed points when it has some.
fn validate_mission(
    p: &mut Problems,
    i: usize,
    k: usize,
    rm: &MissionView<'_>,
    players: usize,
    card_holder: &mut [Option<usize>; MISSIONS.len()],
) -> Option<HeldMission> {
    let at = |f: &str| format!("players[{i}].missions[{k}].{f}");
    for &key in &rm.other {
        input::unknown_field(p, at(key), key, GAME);
    }
    let Some(card) = card_index(rm.id) else {
        p.push(
            at("id"),
            "unknown_mission",
            Text::new(
                format!("Carte Mission inconnue « {} ».", rm.id),
                format!("Unknown mission card “{}”.", rm.id),
            ),
        );
        return None;
    };
    let m = &MISSIONS[card];
    held_once(p, &at, i, m, card_holder.get_mut(card));
    // VAL p.15: the district card is removed from 2-player games.
    if usize::from(m.min_players()) > players && players >= 2 {
        p.push(
            at("id"),
            "mission_not_used",
            Text::new(
                format!("« {} » est retirée à 2 joueurs : piochez-en une autre.", m.name.fr),
                format!("“{}” is removed with 2 players: draw another.", m.name.en),
            ),
        );
    }
    let points = printed_points(p, &at, m, rm.points);
    if rm.done.is_some() && m.judging() != ValenciaJudging::Tick {
        p.push(
            at("done"),
            "judged_by_table",
            Text::new(
                format!("Greffier vérifie « {} » d'après la table : pas de case à cocher.", m.name.fr),
                format!("Greffier checks “{}” from the table: nothing to tick.", m.name.en),
            ),
        );
    }
    Some(HeldMission { mission: m, points, done: rm.done })
}

/// VAL p.14: each card exists once in the deck of 35; `holder`, who holds it so far,
/// becomes seat `i`.
fn held_once(
    p: &mut Problems,
    at: &dyn Fn(&str) -> String,
    i: usize,
    m: &Mission,
    holder: Option<&mut Option<usize>>,
) {
    match holder {
        Some(&mut Some(other)) => p.push(
            at("id"),
            "duplicate_mission",
            Text::new(
                format!(
                    "La carte « {} » est déjà chez le joueur {} : il n'y en a qu'une.",
                    m.name.fr,
                    other + 1
                ),
                format!("Card “{}” is already held by player {}: there is only one.", m.name.en, other + 1),
            ),
        ),
        Some(slot) => *slot = Some(i),
        None => {}
    }
}

/// The points printed on a card: none on a formula card (its points are computed), required on
/// the others.
fn printed_points(p: &mut Problems, at: &dyn Fn(&str) -> String, m: &Mission, points: Option<&Value>) -> u32 {
    if m.judging() == ValenciaJudging::Formula {
        if points.is_some_and(|v| !v.is_null()) {
            p.push(
                at("points"),
                "formula_mission",
                Text::new(
                    format!("« {} » n'a pas de valeur imprimée : ses points se calculent.", m.name.fr),
                    format!("“{}” has no printed value: its points are computed.", m.name.en),
                ),
            );
        }
        return 0;
    }
    if points.is_none_or(Value::is_null) {
        p.push(
            at("points"),
            "missing_points",
            Text::new(
                format!("Saisissez les points imprimés sur « {} ».", m.name.fr),
                format!("Enter the points printed on “{}”.", m.name.en),
            ),
        );
        return 0;
    }
    let what = || Text::new("points de la mission", "mission points");
    input::count_with(p, || at("points"), points, MAX_MISSION_POINTS, what).unwrap_or(0)
}
