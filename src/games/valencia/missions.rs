//! The 35 mission cards (24 kinds), Valencia p.14–15, and how each is judged from a table.
//!
//! Printed points are not in the book: the table carries them as typed. Each card has a stable
//! id (`mission_<kind>[_<variant>]`) under which the UI remembers its printed value.

use serde::{Deserialize, Serialize};

use super::board::{ValenciaResource, ValenciaSeat, to_i32};
use super::table::Table;
use crate::games::StaticText;
use std::fmt;

use crate::text::{Lang, Text};

/// What a mission asks, one value per kind of card (p.14–15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ValenciaMissionKind {
    /// ≥ 2 members on city spaces of one printed cost (six cards, cost 0 to 5).
    CostSpaces,
    /// ≥ 3 members on city spaces of one guild (five cards).
    GuildSpaces,
    /// ≥ 2 members on spaces of each of the five guilds.
    EveryGuild,
    /// Four members forming a 2×2 square.
    Square,
    /// ≥ 3 members in an orthogonal line.
    LineOfThree,
    /// ≥ 3 members in a diagonal line.
    DiagonalOfThree,
    /// ≥ 6 members along the outer walls.
    Walls,
    /// ≥ 2 members in one of the four corners of the walls (p.15: « dans l'un des quatre coins »).
    Corners,
    /// Members touching ≥ 4 different fountains.
    FourFountains,
    /// Members touching every fountain of the city.
    EveryFountain,
    /// More coins (or resources) than a direct neighbour (two cards).
    RicherThanNeighbour,
    /// 10 minus your coins (or resources) (two cards).
    TenMinus,
    /// ≥ 3 different resource types held.
    ThreeResourceTypes,
    /// Strictly most coins.
    MostCoins,
    /// Council presence by player count.
    Council,
    /// A member on the Nobility or the Church seat.
    NobilityOrChurch,
    /// ≥ 3 members around one same non-central fountain.
    SameFountain,
    /// ≥ 5 members around the central fountain.
    CentralFountain,
    /// ≥ 5 members next to a palm.
    Palms,
    /// Holds the Stefan Feld pawn.
    StefanFeld,
    /// +1 per member on the longest orthogonal route.
    LongestRoute,
    /// +2 per member with no own orthogonal neighbour.
    Isolated,
    /// A member in every district (not used with 2 players).
    EveryDistrict,
    /// Strictly most members in the city.
    MostCity,
}

/// The variant a card of a kind carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissionParam {
    None,
    Cost(u8),
    Guild(ValenciaResource),
    Coins,
    Resources,
}

/// How a card's outcome is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ValenciaJudging {
    /// Greffier checks it from the table state (met → + printed points, else −).
    Auto,
    /// Only the board shows it: the player ticks it (ticked → +, else −).
    Tick,
    /// Its points are a formula of the table (no printed value).
    Formula,
}

/// One mission card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mission {
    pub id: &'static str,
    pub kind: ValenciaMissionKind,
    pub param: MissionParam,
    pub name: StaticText,
    pub rule: StaticText,
}

impl Mission {
    pub fn judging(&self) -> ValenciaJudging {
        use ValenciaMissionKind as K;
        match self.kind {
            K::CostSpaces
            | K::GuildSpaces
            | K::EveryGuild
            | K::Square
            | K::LineOfThree
            | K::DiagonalOfThree
            | K::Walls
            | K::Corners
            | K::EveryDistrict => ValenciaJudging::Tick,
            K::TenMinus | K::LongestRoute | K::Isolated => ValenciaJudging::Formula,
            _ => ValenciaJudging::Auto,
        }
    }

    /// Fewest players the card is played with (p.15: the district card is removed at 2).
    pub fn min_players(&self) -> u8 {
        if self.kind == ValenciaMissionKind::EveryDistrict { 3 } else { 2 }
    }
}

const fn st(fr: &'static str, en: &'static str) -> StaticText {
    StaticText { fr, en }
}

const fn card(
    id: &'static str,
    kind: ValenciaMissionKind,
    param: MissionParam,
    name: StaticText,
    rule: StaticText,
) -> Mission {
    Mission { id, kind, param, name, rule }
}

const fn cost(id: &'static str, n: u8, name: StaticText) -> Mission {
    card(
        id,
        ValenciaMissionKind::CostSpaces,
        MissionParam::Cost(n),
        name,
        st(
            "Avoir au moins 2 membres sur des cases Ville dont le prix imprimé est ce nombre.",
            "Have at least 2 members on city spaces whose printed cost is this number.",
        ),
    )
}

const fn guild(id: &'static str, r: ValenciaResource, name: StaticText) -> Mission {
    card(
        id,
        ValenciaMissionKind::GuildSpaces,
        MissionParam::Guild(r),
        name,
        st(
            "Avoir au moins 3 membres sur des cases Ville de cette guilde.",
            "Have at least 3 members on city spaces of this guild.",
        ),
    )
}

use ValenciaMissionKind as K;

/// VAL p.14–15: the 35 cards. 6 cost + 5 guild + 2 neighbour + 2 "10 −" + 20 others.
pub static MISSIONS: [Mission; 35] = [
    cost("mission_cost_0", 0, st("Cases à 0", "Spaces costing 0")),
    cost("mission_cost_1", 1, st("Cases à 1", "Spaces costing 1")),
    cost("mission_cost_2", 2, st("Cases à 2", "Spaces costing 2")),
    cost("mission_cost_3", 3, st("Cases à 3", "Spaces costing 3")),
    cost("mission_cost_4", 4, st("Cases à 4", "Spaces costing 4")),
    cost("mission_cost_5", 5, st("Cases à 5", "Spaces costing 5")),
    guild("mission_guild_oranges", ValenciaResource::Oranges, st("Quartier des oranges", "Orange quarter")),
    guild(
        "mission_guild_dried_fruit",
        ValenciaResource::DriedFruit,
        st("Quartier des fruits secs", "Dried fruit quarter"),
    ),
    guild("mission_guild_wine", ValenciaResource::Wine, st("Quartier du vin", "Wine quarter")),
    guild(
        "mission_guild_clothing",
        ValenciaResource::Clothing,
        st("Quartier des vêtements", "Clothing quarter"),
    ),
    guild(
        "mission_guild_porcelain",
        ValenciaResource::Porcelain,
        st("Quartier de la porcelaine", "Porcelain quarter"),
    ),
    card(
        "mission_every_guild",
        K::EveryGuild,
        MissionParam::None,
        st("Toutes les guildes", "Every guild"),
        st(
            "Avoir au moins 2 membres sur des cases de chacune des cinq guildes de la ville.",
            "Have at least 2 members on spaces of each of the city's five guilds.",
        ),
    ),
    card(
        "mission_square",
        K::Square,
        MissionParam::None,
        st("Carré", "Square"),
        st(
            "Avoir 4 membres voisins qui forment un carré de 2 sur 2.",
            "Have 4 neighbouring members forming a 2-by-2 square.",
        ),
    ),
    card(
        "mission_line_of_three",
        K::LineOfThree,
        MissionParam::None,
        st("Trois en ligne", "Three in a row"),
        st(
            "Avoir au moins 3 membres qui se suivent en ligne droite, horizontalement ou verticalement.",
            "Have at least 3 members following each other in a straight horizontal or vertical line.",
        ),
    ),
    card(
        "mission_diagonal_of_three",
        K::DiagonalOfThree,
        MissionParam::None,
        st("Trois en diagonale", "Three on a diagonal"),
        st(
            "Avoir au moins 3 membres qui se suivent en diagonale.",
            "Have at least 3 members following each other on a diagonal.",
        ),
    ),
    card(
        "mission_walls",
        K::Walls,
        MissionParam::None,
        st("Le long des remparts", "Along the walls"),
        st(
            "Avoir au moins 6 membres contre le mur d'enceinte, voisins entre eux ou non.",
            "Have at least 6 members against the outer wall, next to each other or not.",
        ),
    ),
    card(
        "mission_corners",
        K::Corners,
        MissionParam::None,
        st("Les coins", "The corners"),
        st(
            "Avoir au moins 2 membres dans l'un des quatre coins du mur d'enceinte.",
            "Have at least 2 members in one of the four corners of the outer wall.",
        ),
    ),
    card(
        "mission_four_fountains",
        K::FourFountains,
        MissionParam::None,
        st("Quatre fontaines", "Four fountains"),
        st(
            "Toucher (orthogonalement) au moins 4 fontaines différentes avec ses membres.",
            "Touch at least 4 different fountains (orthogonally) with your members.",
        ),
    ),
    card(
        "mission_every_fountain",
        K::EveryFountain,
        MissionParam::None,
        st("Toutes les fontaines", "Every fountain"),
        st(
            "Toucher (orthogonalement) chaque fontaine de la ville avec au moins un membre.",
            "Touch every fountain of the city (orthogonally) with at least one member.",
        ),
    ),
    card(
        "mission_neighbour_coins",
        K::RicherThanNeighbour,
        MissionParam::Coins,
        st("Plus de pièces qu'un voisin", "More coins than a neighbour"),
        st(
            "Finir avec plus de pièces qu'au moins un de ses deux voisins de table ; une égalité ne suffit pas.",
            "End with more coins than at least one of your two table neighbours; a tie is not enough.",
        ),
    ),
    card(
        "mission_neighbour_resources",
        K::RicherThanNeighbour,
        MissionParam::Resources,
        st("Plus de ressources qu'un voisin", "More resources than a neighbour"),
        st(
            "Finir avec plus de ressources qu'au moins un de ses deux voisins de table ; une égalité ne suffit pas.",
            "End with more resources than at least one of your two table neighbours; a tie is not enough.",
        ),
    ),
    card(
        "mission_ten_minus_coins",
        K::TenMinus,
        MissionParam::Coins,
        st("10 moins les pièces", "10 minus coins"),
        st(
            "Vaut 10 points moins le nombre de pièces qu'on a en fin de partie (peut être négatif).",
            "Worth 10 points minus the coins you hold at the end (may be negative).",
        ),
    ),
    card(
        "mission_ten_minus_resources",
        K::TenMinus,
        MissionParam::Resources,
        st("10 moins les ressources", "10 minus resources"),
        st(
            "Vaut 10 points moins le nombre de ressources qu'on a en fin de partie (peut être négatif).",
            "Worth 10 points minus the resources you hold at the end (may be negative).",
        ),
    ),
    card(
        "mission_three_resource_types",
        K::ThreeResourceTypes,
        MissionParam::None,
        st("Trois ressources différentes", "Three kinds of resource"),
        st(
            "Avoir en fin de partie au moins 3 types de ressources différents.",
            "Hold at least 3 different resource types at the end.",
        ),
    ),
    card(
        "mission_most_coins",
        K::MostCoins,
        MissionParam::None,
        st("Le plus riche", "The richest"),
        st(
            "Avoir strictement plus de pièces que chaque autre joueur ; une égalité ne suffit pas.",
            "Hold strictly more coins than every other player; a tie is not enough.",
        ),
    ),
    card(
        "mission_council",
        K::Council,
        MissionParam::None,
        st("Au Conseil", "On the Council"),
        st(
            "Avoir au Conseil au moins 4 membres à 2 ou 3 joueurs, 3 à 4 joueurs, 2 à 5 joueurs.",
            "Have on the Council at least 4 members with 2 or 3 players, 3 with 4 players, 2 with 5 players.",
        ),
    ),
    card(
        "mission_nobility_or_church",
        K::NobilityOrChurch,
        MissionParam::None,
        st("Noblesse ou Église", "Nobility or Church"),
        st(
            "Occuper en fin de partie le siège de la Noblesse ou celui de l'Église.",
            "Hold the Nobility seat or the Church seat at the end.",
        ),
    ),
    card(
        "mission_same_fountain",
        K::SameFountain,
        MissionParam::None,
        st("Autour d'une fontaine", "Around one fountain"),
        st(
            "Avoir au moins 3 membres qui touchent une même fontaine, la fontaine centrale exceptée.",
            "Have at least 3 members touching one same fountain, the central fountain excepted.",
        ),
    ),
    card(
        "mission_central_fountain",
        K::CentralFountain,
        MissionParam::None,
        st("Fontaine centrale", "Central fountain"),
        st(
            "Avoir au moins 5 membres qui touchent la fontaine centrale.",
            "Have at least 5 members touching the central fountain.",
        ),
    ),
    card(
        "mission_palms",
        K::Palms,
        MissionParam::None,
        st("Sous les palmiers", "Under the palms"),
        st("Avoir au moins 5 membres voisins d'un palmier.", "Have at least 5 members next to a palm."),
    ),
    card(
        "mission_stefan_feld",
        K::StefanFeld,
        MissionParam::None,
        st("Pion Stefan Feld", "Stefan Feld pawn"),
        st("Détenir le pion Stefan Feld en fin de partie.", "Hold the Stefan Feld pawn at the end."),
    ),
    card(
        "mission_longest_route",
        K::LongestRoute,
        MissionParam::None,
        st("Longue route", "Long route"),
        st(
            "Vaut 1 point par membre de sa plus longue chaîne de membres reliés orthogonalement.",
            "Worth 1 point per member of your longest chain of orthogonally linked members.",
        ),
    ),
    card(
        "mission_isolated",
        K::Isolated,
        MissionParam::None,
        st("Membres isolés", "Lone members"),
        st(
            "Vaut 2 points par membre qui ne touche orthogonalement aucun autre membre de sa famille.",
            "Worth 2 points per member touching no other member of your family orthogonally.",
        ),
    ),
    card(
        "mission_every_district",
        K::EveryDistrict,
        MissionParam::None,
        st("Tous les quartiers", "Every district"),
        st(
            "Avoir au moins un membre sur chaque tuile Plan de la ville. Retirée à 2 joueurs (on en pioche une autre).",
            "Have at least one member on every city-plan tile. Removed with 2 players (draw another).",
        ),
    ),
    card(
        "mission_most_city",
        K::MostCity,
        MissionParam::None,
        st("Le plus présent en ville", "Most in the city"),
        st(
            "Avoir strictement plus de membres dans la ville que chaque autre joueur ; une égalité ne suffit pas.",
            "Have strictly more members in the city than every other player; a tie is not enough.",
        ),
    ),
];

pub fn mission(id: &str) -> Option<&'static Mission> {
    card_index(id).map(|i| &MISSIONS[i])
}

/// The card's place in [`MISSIONS`] (a scan: comparing the lengths first rules most ids out;
/// a binary search, comparing the shared `mission_` prefix each step, was slower).
pub(crate) fn card_index(id: &str) -> Option<usize> {
    MISSIONS.iter().position(|m| m.id == id)
}

/// A catalogue line for the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaMissionInfo {
    /// Stable card id, also the `card_values` key of its printed points.
    pub id: String,
    pub kind: ValenciaMissionKind,
    pub name: Text,
    pub rule: Text,
    pub judging: ValenciaJudging,
    /// False for formula cards: they have no printed points to type.
    pub has_printed_points: bool,
    /// 3 for the district card (removed at 2 players), else 2.
    pub min_players: u8,
    /// Its rule entry.
    pub rule_entry: String,
}

/// The 35 cards for the UI, in the book's order.
pub fn missions() -> Vec<ValenciaMissionInfo> {
    MISSIONS
        .iter()
        .map(|m| ValenciaMissionInfo {
            id: m.id.to_owned(),
            kind: m.kind,
            name: m.name.to_text(),
            rule: m.rule.to_text(),
            judging: m.judging(),
            has_printed_points: m.judging() != ValenciaJudging::Formula,
            min_players: m.min_players(),
            rule_entry: rule_entry(m.kind).to_owned(),
        })
        .collect()
}

/// The rule entry explaining a kind.
pub fn rule_entry(kind: ValenciaMissionKind) -> &'static str {
    match kind {
        K::CostSpaces => "valencia.mission.cost_spaces",
        K::GuildSpaces => "valencia.mission.guild_spaces",
        K::EveryGuild => "valencia.mission.every_guild",
        K::Square => "valencia.mission.square",
        K::LineOfThree => "valencia.mission.line_of_three",
        K::DiagonalOfThree => "valencia.mission.diagonal_of_three",
        K::Walls => "valencia.mission.walls",
        K::Corners => "valencia.mission.corners",
        K::FourFountains => "valencia.mission.four_fountains",
        K::EveryFountain => "valencia.mission.every_fountain",
        K::RicherThanNeighbour => "valencia.mission.richer_than_neighbour",
        K::TenMinus => "valencia.mission.ten_minus",
        K::ThreeResourceTypes => "valencia.mission.three_resource_types",
        K::MostCoins => "valencia.mission.most_coins",
        K::Council => "valencia.mission.council",
        K::NobilityOrChurch => "valencia.mission.nobility_or_church",
        K::SameFountain => "valencia.mission.same_fountain",
        K::CentralFountain => "valencia.mission.central_fountain",
        K::Palms => "valencia.mission.palms",
        K::StefanFeld => "valencia.mission.stefan_feld",
        K::LongestRoute => "valencia.mission.longest_route",
        K::Isolated => "valencia.mission.isolated",
        K::EveryDistrict => "valencia.mission.every_district",
        K::MostCity => "valencia.mission.most_city",
    }
}

/// What the table says about one held card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Judged from the table, with why.
    Judged { met: bool, why: Because },
    /// The board decides: the player's tick (`None` = not ticked yet).
    Tick(Option<bool>),
    /// Formula card: its value, with how it was computed.
    Formula { points: i32, why: Because },
}

/// What a card counts, for the cards that count coins or resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Coins,
    Resources,
}

impl Counted {
    fn word(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Counted::Coins, Lang::Fr) => "pièces",
            (Counted::Coins, Lang::En) => "coins",
            (Counted::Resources, Lang::Fr) => "ressources",
            (Counted::Resources, Lang::En) => "resources",
        }
    }
}

/// Why the table judged a card so (or how a formula card counted), kept as its numbers and
/// put into words only when shown ([`Because::write`]): the help and the scoreboard's mission
/// lists are rebuilt on every keystroke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Because {
    FourFountains { touched: u32 },
    EveryFountain { touched: u32, all: usize },
    Neighbours { what: Counted, mine: u32, left: u32, right: u32 },
    TenMinus { what: Counted, count: u32, points: i32 },
    ResourceTypes { types: u32 },
    MostCoins { mine: u32, best_other: u32 },
    MostCity { mine: u32, best_other: u32 },
    Council { have: u32, needed: u32, players: usize },
    NobilityOrChurch { met: bool },
    SameFountain { best: u32 },
    CentralFountain { around: u32 },
    Palms { members: u32 },
    StefanFeld { held: bool },
    LongestRoute { members: u32 },
    Isolated { lone: u32 },
}

impl Because {
    /// The sentence in `lang`.
    pub fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fr = lang == Lang::Fr;
        match *self {
            Because::FourFountains { touched } => sentence::four_fountains(f, fr, touched),
            Because::EveryFountain { touched, all } => sentence::every_fountain(f, fr, touched, all),
            Because::Neighbours { what, mine, left, right } => {
                sentence::neighbours(f, lang, what, mine, (left, right))
            }
            Because::TenMinus { what, count, points } => {
                write!(f, "10 − {count} {} = {}", what.word(lang), crate::text::number(i64::from(points)))
            }
            Because::ResourceTypes { types } => sentence::resource_types(f, fr, types),
            Because::MostCoins { mine, best_other } => {
                strictly_most(f, lang, mine, best_other, ("pièces", "coins"))
            }
            Because::MostCity { mine, best_other } => {
                strictly_most(f, lang, mine, best_other, ("membres en ville", "members in the city"))
            }
            Because::Council { have, needed, players } => sentence::council(f, fr, have, needed, players),
            Because::NobilityOrChurch { met } => sentence::nobility_or_church(f, fr, met),
            Because::SameFountain { best } => sentence::same_fountain(f, fr, best),
            Because::CentralFountain { around } => sentence::central_fountain(f, fr, around),
            Because::Palms { members } => sentence::palms(f, fr, members),
            Because::StefanFeld { held } => sentence::stefan_feld(f, fr, held),
            Because::LongestRoute { members } => sentence::longest_route(f, fr, members),
            Because::Isolated { lone } => sentence::isolated(f, fr, lone),
        }
    }

    /// Both sentences, written now.
    pub fn to_text(&self) -> Text {
        Text::new(InLang(self, Lang::Fr).to_string(), InLang(self, Lang::En).to_string())
    }
}

/// Each [`Because`] in words, French (`fr`) or English, one card of p.14–15 per function.
mod sentence {
    use std::fmt::{Formatter, Result};

    use super::Counted;
    use crate::text::{Lang, en_noun, fr_noun};

    pub(super) fn four_fountains(f: &mut Formatter<'_>, fr: bool, touched: u32) -> Result {
        if fr {
            write!(
                f,
                "{touched} {}, il en faut 4.",
                fr_noun(touched, "fontaine touchée", "fontaines touchées")
            )
        } else {
            write!(f, "{touched} {} touched, 4 needed.", en_noun(touched, "fountain", "fountains"))
        }
    }

    pub(super) fn every_fountain(f: &mut Formatter<'_>, fr: bool, touched: u32, all: usize) -> Result {
        if fr {
            write!(f, "{touched} {} sur {all}.", fr_noun(touched, "fontaine touchée", "fontaines touchées"))
        } else {
            write!(f, "{touched} of {all} {} touched.", en_noun(all, "fountain", "fountains"))
        }
    }

    pub(super) fn neighbours(
        f: &mut Formatter<'_>,
        lang: Lang,
        what: Counted,
        mine: u32,
        (left, right): (u32, u32),
    ) -> Result {
        match lang {
            Lang::Fr => write!(
                f,
                "{mine} {} ; voisins : {left} et {right} (l'égalité ne suffit pas).",
                what.word(lang)
            ),
            Lang::En => {
                write!(f, "{mine} {}; neighbours: {left} and {right} (a tie is not enough).", what.word(lang))
            }
        }
    }

    pub(super) fn resource_types(f: &mut Formatter<'_>, fr: bool, types: u32) -> Result {
        if fr {
            write!(f, "{types} {} de ressources, il en faut 3.", fr_noun(types, "type", "types"))
        } else {
            write!(f, "{types} resource {}, 3 needed.", en_noun(types, "type", "types"))
        }
    }

    pub(super) fn council(f: &mut Formatter<'_>, fr: bool, have: u32, needed: u32, players: usize) -> Result {
        if fr {
            write!(
                f,
                "{have} {} au Conseil, il en faut {needed} à {players} joueurs.",
                fr_noun(have, "membre", "membres")
            )
        } else {
            write!(
                f,
                "{have} {} on the Council, {needed} needed with {players} players.",
                en_noun(have, "member", "members")
            )
        }
    }

    pub(super) fn nobility_or_church(f: &mut Formatter<'_>, fr: bool, met: bool) -> Result {
        f.write_str(match (met, fr) {
            (true, true) => "Siège de la Noblesse ou de l'Église occupé.",
            (false, true) => "Ni Noblesse ni Église.",
            (true, false) => "Holds the Nobility or Church seat.",
            (false, false) => "Neither Nobility nor Church.",
        })
    }

    pub(super) fn same_fountain(f: &mut Formatter<'_>, fr: bool, best: u32) -> Result {
        if fr {
            write!(
                f,
                "Au plus {best} {} autour d'une même fontaine (hors centrale), il en faut 3.",
                fr_noun(best, "membre", "membres")
            )
        } else {
            write!(
                f,
                "At most {best} {} around one fountain (central excepted), 3 needed.",
                en_noun(best, "member", "members")
            )
        }
    }

    pub(super) fn central_fountain(f: &mut Formatter<'_>, fr: bool, around: u32) -> Result {
        if fr {
            write!(
                f,
                "{around} {} autour de la fontaine centrale, il en faut 5.",
                fr_noun(around, "membre", "membres")
            )
        } else {
            write!(
                f,
                "{around} {} around the central fountain, 5 needed.",
                en_noun(around, "member", "members")
            )
        }
    }

    pub(super) fn palms(f: &mut Formatter<'_>, fr: bool, members: u32) -> Result {
        if fr {
            write!(
                f,
                "{members} {} d'un palmier, il en faut 5.",
                fr_noun(members, "membre voisin", "membres voisins")
            )
        } else {
            write!(f, "{members} {} next to a palm, 5 needed.", en_noun(members, "member", "members"))
        }
    }

    pub(super) fn stefan_feld(f: &mut Formatter<'_>, fr: bool, held: bool) -> Result {
        f.write_str(match (held, fr) {
            (true, true) => "Détient le pion Stefan Feld.",
            (false, true) => "Ne détient pas le pion Stefan Feld.",
            (true, false) => "Holds the Stefan Feld pawn.",
            (false, false) => "Does not hold the Stefan Feld pawn.",
        })
    }

    pub(super) fn longest_route(f: &mut Formatter<'_>, fr: bool, members: u32) -> Result {
        if fr {
            write!(f, "{members} {} sur la plus longue route × 1", fr_noun(members, "membre", "membres"))
        } else {
            write!(f, "{members} {} on the longest route × 1", en_noun(members, "member", "members"))
        }
    }

    pub(super) fn isolated(f: &mut Formatter<'_>, fr: bool, lone: u32) -> Result {
        if fr {
            write!(f, "{lone} {} × 2", fr_noun(lone, "membre isolé", "membres isolés"))
        } else {
            write!(f, "{lone} lone {} × 2", en_noun(lone, "member", "members"))
        }
    }
}

/// A [`Because`] written in one language, as a [`fmt::Display`].
pub(crate) struct InLang<'a>(pub &'a Because, pub Lang);

impl fmt::Display for InLang<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(self.1, f)
    }
}

/// "Strictly most" cards (p.15): a tie does not complete them.
fn strictly_most(
    f: &mut fmt::Formatter<'_>,
    lang: Lang,
    mine: u32,
    best_other: u32,
    (fr, en): (&str, &str),
) -> fmt::Result {
    match lang {
        Lang::Fr => {
            write!(f, "{mine} {fr} ; le plus chez les autres : {best_other} (l'égalité ne suffit pas).")
        }
        Lang::En => write!(f, "{mine} {en}; most among the others: {best_other} (a tie is not enough)."),
    }
}

/// VAL p.15 (council card): members needed on the council by player count.
pub fn council_needed(players: usize) -> u32 {
    match players {
        0..=3 => 4,
        4 => 3,
        _ => 2,
    }
}

/// VAL p.14–15: judges card `m` held by `seat`.
pub fn judge(table: &Table, seat: usize, m: &Mission, done: Option<bool>) -> Verdict {
    let Some(me) = table.players.get(seat) else { return Verdict::Tick(done) };
    let n = table.players.len();
    let judged = |met: bool, why: Because| Verdict::Judged { met, why };
    let what = match m.param {
        MissionParam::Resources => Counted::Resources,
        _ => Counted::Coins,
    };
    match m.kind {
        K::CostSpaces
        | K::GuildSpaces
        | K::EveryGuild
        | K::Square
        | K::LineOfThree
        | K::DiagonalOfThree
        | K::Walls
        | K::Corners
        | K::EveryDistrict => Verdict::Tick(done),
        K::FourFountains => {
            let touched = me.fountains_touched();
            judged(touched >= 4, Because::FourFountains { touched })
        }
        K::EveryFountain => {
            let touched = me.fountains_touched();
            let all = table.fountains.len();
            judged(all > 0 && touched == super::board::to_u32(all), Because::EveryFountain { touched, all })
        }
        K::RicherThanNeighbour => richer_than_a_neighbour(table, seat, what),
        K::TenMinus => {
            // VAL p.15: 10 minus the count, literally (Frank: 10 − 2 = 8).
            let count = counted(table, seat, what);
            let points = 10 - to_i32(count);
            Verdict::Formula { points, why: Because::TenMinus { what, count, points } }
        }
        K::ThreeResourceTypes => {
            let types = me.resources.types_held();
            judged(types >= 3, Because::ResourceTypes { types })
        }
        K::MostCoins => {
            let (mine, best_other) = strictly_most_of(table, seat, |p| p.coins);
            judged(mine > best_other, Because::MostCoins { mine, best_other })
        }
        K::MostCity => {
            let (mine, best_other) = strictly_most_of(table, seat, |p| p.city_members);
            judged(mine > best_other, Because::MostCity { mine, best_other })
        }
        K::Council => {
            let needed = council_needed(n);
            let have = me.council_members();
            judged(have >= needed, Because::Council { have, needed, players: n })
        }
        K::NobilityOrChurch => {
            let met = me.council.iter().any(|s| matches!(s, ValenciaSeat::Nobility | ValenciaSeat::Church));
            judged(met, Because::NobilityOrChurch { met })
        }
        K::SameFountain => {
            let best = most_around_one_fountain(table, me);
            judged(best >= 3, Because::SameFountain { best })
        }
        K::CentralFountain => {
            let around = me.central_members(table);
            judged(around >= 5, Because::CentralFountain { around })
        }
        K::Palms => judged(me.palm_members >= 5, Because::Palms { members: me.palm_members }),
        K::StefanFeld => judged(me.stefan_feld, Because::StefanFeld { held: me.stefan_feld }),
        K::LongestRoute => {
            let members = me.longest_route;
            Verdict::Formula { points: to_i32(members), why: Because::LongestRoute { members } }
        }
        K::Isolated => {
            let lone = me.isolated;
            Verdict::Formula { points: to_i32(lone).saturating_mul(2), why: Because::Isolated { lone } }
        }
    }
}

/// The coins or the resources (`what`) `seat` holds, as the two-sided cards count them.
fn counted(table: &Table, seat: usize, what: Counted) -> u32 {
    table.players.get(seat).map_or(0, |p| match what {
        Counted::Resources => p.resources.total(),
        Counted::Coins => p.coins,
    })
}

/// VAL p.15: more coins (or resources) than either direct neighbour; with 2 players both
/// are the opponent. A tie is not enough.
fn richer_than_a_neighbour(table: &Table, seat: usize, what: Counted) -> Verdict {
    let n = table.players.len();
    let left = (seat + n - 1) % n.max(1);
    let right = (seat + 1) % n.max(1);
    let mine = counted(table, seat, what);
    let (left, right) = (counted(table, left, what), counted(table, right, what));
    Verdict::Judged { met: mine > left || mine > right, why: Because::Neighbours { what, mine, left, right } }
}

/// VAL p.15: the most own members around one fountain, the central one excepted.
fn most_around_one_fountain(table: &Table, me: &super::table::Player) -> u32 {
    table
        .fountains
        .iter()
        .zip(&me.fountain_members)
        .filter(|(f, _)| !f.central)
        .map(|(_, &c)| c)
        .max()
        .unwrap_or(0)
}

/// "Strictly most" cards (p.15): the seat's value and the best of the others' (a tie does not
/// complete them).
fn strictly_most_of(table: &Table, seat: usize, value: impl Fn(&super::table::Player) -> u32) -> (u32, u32) {
    let mine = table.players.get(seat).map_or(0, &value);
    let best_other = table
        .players
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat)
        .map(|(_, p)| value(p))
        .max()
        .unwrap_or(0);
    (mine, best_other)
}
