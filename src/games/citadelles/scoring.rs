//! What a city is worth at the end of the game, item by item, and the scoreboard with each
//! profile's tie-break.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use super::CitadellesVariant;
use super::districts::{CitadellesDistrictType, Wonder, WonderScoring};
use super::table::{CitadellesCustomWonder, CityCard, Player, Table};
use std::fmt;

use crate::games::{
    Better, CategoryScore, Criterion, Detail, GameId, Outcome, PlayFacts, PlayerScore, Scoreboard, TieBreak,
    rank,
};
use crate::text::{Lang, Text, en_noun, plural_s};

/// Citadelles classique, Fin de partie: +3 for districts of the five types.
pub const FIVE_TYPES_BONUS: i32 = 3;
/// Citadelles classique, Fin de partie: +4 for the first player who completed their city.
pub const FIRST_COMPLETE_BONUS: i32 = 4;
/// Citadelles classique, Fin de partie: +2 for the other players who completed theirs.
pub const COMPLETE_BONUS: i32 = 2;

/// One wonder's end-of-game effect for one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesWonderEffect {
    /// Catalogue id; `custom` for a custom wonder; `secret_vault` when revealed from the hand.
    pub id: String,
    pub name: Text,
    /// Points added on top of its cost (0 when the condition is not met or it has no
    /// end-of-game effect).
    pub points: i32,
    /// `Université : +2 (vaut 8 pour un coût de 6)`.
    pub text: Text,
    /// Whether it has an end-of-game effect at all.
    pub scores_at_end: bool,
    /// Its rule entry (`citadelles.wonder.<id>`).
    pub rule: String,
}

/// How the Haunted City was counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HauntedChoice {
    pub counts_as: CitadellesDistrictType,
    /// False in the classic profile when it was built in the last round.
    pub may_change_type: bool,
}

/// Everything one seat's score is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    pub cost_sum: i32,
    /// Districts per type (Haunted City counted as chosen), in [`CitadellesDistrictType::ALL`] order.
    pub counts: [u32; 5],
    pub haunted: Option<HauntedChoice>,
    pub five_types: bool,
    /// Districts toward a complete city.
    pub completion_count: u32,
    /// 1-based place in the completion order.
    pub completion_position: Option<usize>,
    /// Every wonder of the city (and a revealed Secret Vault), in city order.
    pub wonders: Vec<CitadellesWonderEffect>,
    /// In [`INFO`](super::INFO) order.
    pub categories: Vec<CategoryScore>,
    pub total: i32,
}

fn to_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn to_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Districts per type with the Haunted City counted as `haunted_as`.
fn type_counts(city: &[CityCard], haunted_as: CitadellesDistrictType) -> [u32; 5] {
    let mut counts = [0u32; 5];
    for c in city {
        let kind = if c.scoring() == WonderScoring::AnyType { haunted_as } else { c.kind() };
        if let Some(slot) = counts.get_mut(kind.index()) {
            *slot += 1;
        }
    }
    counts
}

fn wonders_in(counts: &[u32; 5]) -> u32 {
    counts.get(CitadellesDistrictType::Wonder.index()).copied().unwrap_or(0)
}

/// The points that depend on the district types (five types, Wishing Well, Ivory Tower,
/// Capitol) for one way of counting the Haunted City.
fn type_points(pl: &Player, counts: &[u32; 5]) -> i32 {
    let mut points = if counts.iter().all(|&n| n > 0) { FIVE_TYPES_BONUS } else { 0 };
    let wonders = wonders_in(counts);
    for c in &pl.city {
        points += match c.scoring() {
            WonderScoring::PerWonder => to_i32(wonders),
            WonderScoring::OnlyWonder(n) if wonders == 1 => i32::from(n),
            WonderScoring::ThreeOfAType(n) if counts.iter().any(|&k| k >= 3) => i32::from(n),
            _ => 0,
        };
    }
    points
}

/// Computes one seat's breakdown.
pub fn breakdown(table: &Table, seat: usize) -> Option<Breakdown> {
    let pl = table.players.get(seat)?;
    // Citadelles classique, Fin de partie: the total building cost of the city's districts.
    let cost_sum: i32 = pl.city.iter().map(|c| i32::from(c.cost())).sum();
    let (counts, haunted) = count_types(table.variant, pl);
    let five_types = counts.iter().all(|&n| n > 0);
    let completion_count = pl.completion_count();
    let completion_position = table.completion_order.iter().position(|&s| s == seat).map(|p| p + 1);
    let wonders = wonder_effects(table, seat, &counts, haunted);
    let wonder_points: i32 = wonders.iter().map(|w| w.points).sum();

    let mut categories = vec![
        CategoryScore {
            key: Cow::Borrowed("districts"),
            points: cost_sum,
            detail: Detail::citadelles(Why::Districts { city: pl.city.clone(), sum: cost_sum }),
        },
        CategoryScore {
            key: Cow::Borrowed("five_types"),
            points: if five_types { FIVE_TYPES_BONUS } else { 0 },
            detail: Detail::citadelles(Why::FiveTypes { counts, haunted }),
        },
    ];
    categories.extend(completion_categories(table, completion_count, completion_position));
    categories.push(CategoryScore {
        key: Cow::Borrowed("wonders"),
        points: wonder_points,
        detail: wonders_detail(&wonders),
    });
    let total = categories.iter().map(|c| c.points).sum();
    Some(Breakdown {
        cost_sum,
        counts,
        haunted,
        five_types,
        completion_count,
        completion_position,
        wonders,
        categories,
        total,
    })
}

/// Districts per type, and how the Haunted City was counted if the city has it. It counts as
/// one type of the owner's choice at the end (FACT-CIT-B2, FACT-CIT-B3); DEC-CIT-7: in the
/// classic profile not if it was built in the last round. The owner picks the best type: try
/// each, keep the first that scores most (its own type first).
fn count_types(variant: CitadellesVariant, pl: &Player) -> ([u32; 5], Option<HauntedChoice>) {
    let has_haunted = pl.city.iter().any(|c| c.scoring() == WonderScoring::AnyType);
    let may_change_type = !(variant == CitadellesVariant::Classique && pl.haunted_city_built_last_round);
    let options: &[CitadellesDistrictType] = if has_haunted && may_change_type {
        &[
            CitadellesDistrictType::Wonder,
            CitadellesDistrictType::Noble,
            CitadellesDistrictType::Religious,
            CitadellesDistrictType::Trade,
            CitadellesDistrictType::Military,
        ]
    } else {
        &[CitadellesDistrictType::Wonder]
    };
    let mut best =
        (CitadellesDistrictType::Wonder, type_counts(&pl.city, CitadellesDistrictType::Wonder), i32::MIN);
    for &as_type in options {
        let counts = type_counts(&pl.city, as_type);
        let points = type_points(pl, &counts);
        if points > best.2 {
            best = (as_type, counts, points);
        }
    }
    let (haunted_as, counts, _) = best;
    (counts, has_haunted.then_some(HauntedChoice { counts_as: haunted_as, may_change_type }))
}

/// Citadelles classique, Fin de partie: +4 for the first complete city, +2 for the others.
fn completion_categories(table: &Table, count: u32, position: Option<usize>) -> [CategoryScore; 2] {
    let threshold = table.threshold;
    [
        CategoryScore {
            key: Cow::Borrowed("first_complete"),
            points: if position == Some(1) { FIRST_COMPLETE_BONUS } else { 0 },
            detail: Detail::citadelles(Why::FirstComplete {
                count,
                threshold,
                position,
                // Named only when another city was completed first.
                first: if position.is_some_and(|p| p != 1) { first_name(table) } else { String::new() },
            }),
        },
        CategoryScore {
            key: Cow::Borrowed("complete"),
            points: if position.is_some_and(|p| p > 1) { COMPLETE_BONUS } else { 0 },
            detail: Detail::citadelles(Why::Complete { count, threshold, position }),
        },
    ]
}

/// The explanation of a Citadelles category, kept as what it is made of and written in words
/// only when read or serialized (see [`Detail`]): the sentences below are the ones the
/// scoreboard shows. Scoring runs on every keystroke; writing every district of every city in
/// both languages was most of its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// Citadelles classique, Fin de partie: each district's cost, and their sum.
    Districts {
        city: Vec<CityCard>,
        sum: i32,
    },
    /// Districts per type (in [`CitadellesDistrictType::ALL`] order) and how the Haunted City
    /// was counted.
    FiveTypes {
        counts: [u32; 5],
        haunted: Option<HauntedChoice>,
    },
    /// Districts toward a complete city out of `threshold`, the place in the completion order,
    /// and who completed first (empty unless someone else did).
    FirstComplete {
        count: u32,
        threshold: u8,
        position: Option<usize>,
        first: String,
    },
    Complete {
        count: u32,
        threshold: u8,
        position: Option<usize>,
    },
}

impl Why {
    pub(crate) fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Districts { city, sum } => write_districts(city, *sum, lang, f),
            Why::FiveTypes { counts, haunted } => write_five_types(counts, *haunted, lang, f),
            Why::FirstComplete { count, threshold, position, first } => {
                write_first_complete(*count, *threshold, *position, first, lang, f)
            }
            Why::Complete { count, threshold, position } => {
                write_complete(*count, *threshold, *position, lang, f)
            }
        }
    }
}

/// `Temple 1 + Marché 2 = 3.`, each district at its cost (a beautified one shows its +1).
fn write_districts(city: &[CityCard], sum: i32, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let fr = lang == Lang::Fr;
    if city.is_empty() {
        return f.write_str(if fr { "Aucun quartier bâti : 0." } else { "No district built: 0." });
    }
    for (i, c) in city.iter().enumerate() {
        if i > 0 {
            f.write_str(" + ")?;
        }
        match c {
            CityCard::Catalogue { card, beautified: true } => write!(
                f,
                "{} {}+1 ({})",
                card.name_in(lang),
                card.cost(),
                if fr { "embelli par l'Artiste" } else { "beautified by the Artist" }
            )?,
            CityCard::Catalogue { card, .. } => write!(f, "{} {}", card.name_in(lang), c.cost())?,
            CityCard::Custom(w) => write!(
                f,
                "{} {} ({})",
                w.name,
                c.cost(),
                if fr { "merveille personnalisée" } else { "custom wonder" }
            )?,
        }
    }
    write!(f, " = {sum}.")
}

/// The five-type bonus, or the types missing for it, then how the Haunted City counted.
fn write_five_types(
    counts: &[u32; 5],
    haunted: Option<HauntedChoice>,
    lang: Lang,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let fr = lang == Lang::Fr;
    let missing =
        CitadellesDistrictType::ALL.into_iter().filter(|t| counts.get(t.index()).copied().unwrap_or(0) == 0);
    let n_missing = missing.clone().count();
    if n_missing == 0 {
        if fr {
            write!(
                f,
                "+{FIVE_TYPES_BONUS} : les cinq types sont présents (noble, religieux, commerçant, militaire et merveille)."
            )?;
        } else {
            write!(
                f,
                "+{FIVE_TYPES_BONUS}: all five types are present (noble, religious, trade, military and wonder)."
            )?;
        }
    } else {
        f.write_str(if fr { "0 : il manque " } else { "0: " })?;
        // "a, b et c" / "a, b and c".
        for (i, t) in missing.enumerate() {
            if i + 1 == n_missing && i > 0 {
                f.write_str(if fr { " et " } else { " and " })?;
            } else if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(t.word_in(1, lang))?;
        }
        f.write_str(if fr { " pour les cinq types." } else { " missing for the five types." })?;
    }
    write_haunted_note(haunted, n_missing, lang, f)
}

/// Why the Haunted City counted as it did, when it matters to the five types.
fn write_haunted_note(
    haunted: Option<HauntedChoice>,
    n_missing: usize,
    lang: Lang,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let fr = lang == Lang::Fr;
    match haunted {
        Some(h) if h.counts_as != CitadellesDistrictType::Wonder => {
            let w = h.counts_as.word_in(1, lang);
            if fr {
                write!(f, " La Cour des Miracles compte comme quartier {w}.")
            } else {
                write!(f, " The Haunted City counts as a {w} district.")
            }
        }
        Some(h) if !h.may_change_type && n_missing > 0 => f.write_str(if fr {
            " La Cour des Miracles, bâtie au dernier tour, ne peut pas remplacer un type (règle classique)."
        } else {
            " The Haunted City, built in the last round, cannot stand for another type (classic rules)."
        }),
        Some(_) if n_missing > 1 => f.write_str(if fr {
            " La Cour des Miracles ne remplace qu'un seul type."
        } else {
            " The Haunted City stands for one type only."
        }),
        _ => Ok(()),
    }
}

fn write_first_complete(
    count: u32,
    threshold: u8,
    position: Option<usize>,
    first: &str,
    lang: Lang,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let fr = lang == Lang::Fr;
    match position {
        Some(1) if fr => {
            write!(
                f,
                "+{FIRST_COMPLETE_BONUS} : première cité complète ({}).",
                CountText(count, threshold, lang)
            )
        }
        Some(1) => {
            write!(f, "+{FIRST_COMPLETE_BONUS}: first complete city ({}).", CountText(count, threshold, lang))
        }
        Some(_) if fr => write!(f, "0 : cité complète, mais {first} a complété la sienne en premier."),
        Some(_) => write!(f, "0: complete city, but {first} completed theirs first."),
        None => not_complete(f, count, threshold, lang),
    }
}

fn write_complete(
    count: u32,
    threshold: u8,
    position: Option<usize>,
    lang: Lang,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let fr = lang == Lang::Fr;
    match position {
        Some(1) if fr => write!(
            f,
            "0 : la première cité complète reçoit {FIRST_COMPLETE_BONUS} points (ci-dessus), pas {COMPLETE_BONUS} de plus."
        ),
        Some(1) => write!(
            f,
            "0: the first complete city gets {FIRST_COMPLETE_BONUS} points (above), not {COMPLETE_BONUS} more."
        ),
        Some(k) if fr => write!(
            f,
            "+{COMPLETE_BONUS} : cité complète, la {k}e à l'être ({}).",
            CountText(count, threshold, lang)
        ),
        Some(k) => write!(
            f,
            "+{COMPLETE_BONUS}: complete city, number {k} to be completed ({}).",
            CountText(count, threshold, lang)
        ),
        None => not_complete(f, count, threshold, lang),
    }
}

fn not_complete(f: &mut fmt::Formatter<'_>, count: u32, threshold: u8, lang: Lang) -> fmt::Result {
    match lang {
        Lang::Fr => write!(f, "0 : cité incomplète ({}).", CountText(count, threshold, lang)),
        Lang::En => write!(f, "0: city not complete ({}).", CountText(count, threshold, lang)),
    }
}

/// `5 quartiers sur 7` / `5 of 7 districts`.
struct CountText(u32, u8, Lang);

impl fmt::Display for CountText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let CountText(n, t, lang) = *self;
        match lang {
            Lang::Fr => write!(f, "{n} quartier{} sur {t}", plural_s(n)),
            Lang::En => write!(f, "{n} of {t} districts"),
        }
    }
}

fn first_name(table: &Table) -> String {
    table
        .completion_order
        .first()
        .and_then(|&s| table.players.get(s))
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

fn wonders_detail(wonders: &[CitadellesWonderEffect]) -> Detail {
    let scoring: Vec<&CitadellesWonderEffect> = wonders.iter().filter(|w| w.scores_at_end).collect();
    if scoring.is_empty() {
        return Detail::fixed(
            "Aucune merveille qui rapporte des points en fin de partie : 0.",
            "No wonder that scores at the end of the game: 0.",
        );
    }
    let total: i32 = scoring.iter().map(|w| w.points).sum();
    let fr: Vec<&str> = scoring.iter().map(|w| w.text.fr.as_str()).collect();
    let en: Vec<&str> = scoring.iter().map(|w| w.text.en.as_str()).collect();
    Text::new(format!("{} ; total {total}.", fr.join(" ; ")), format!("{}; total {total}.", en.join("; ")))
        .into()
}

/// Every wonder's end-of-game effect for one seat, given how the types were counted.
fn wonder_effects(
    table: &Table,
    seat: usize,
    counts: &[u32; 5],
    haunted: Option<HauntedChoice>,
) -> Vec<CitadellesWonderEffect> {
    let Some(pl) = table.players.get(seat) else { return Vec::new() };
    let city = CityFacts { pl, holds_crown: table.crown == Some(seat), counts, haunted };
    let mut out: Vec<CitadellesWonderEffect> = pl
        .city
        .iter()
        .filter_map(|c| match c {
            CityCard::Custom(w) => Some(custom_wonder_effect(w)),
            CityCard::Catalogue { card, .. } => card.wonder().map(|w| catalogue_wonder_effect(w, &city)),
        })
        .collect();
    out.extend(secret_vault_effect(table, pl));
    out
}

/// What a wonder's end-of-game effect reads in one city.
struct CityFacts<'a> {
    pl: &'a Player,
    holds_crown: bool,
    /// Districts per type, the Haunted City counted as chosen.
    counts: &'a [u32; 5],
    haunted: Option<HauntedChoice>,
}

/// DEC-CIT-5: a custom wonder scores its cost plus the extra points typed.
fn custom_wonder_effect(w: &CitadellesCustomWonder) -> CitadellesWonderEffect {
    let p = w.extra_points;
    let signed = crate::text::signed(i64::from(p));
    CitadellesWonderEffect {
        id: "custom".to_owned(),
        name: Text::new(w.name.clone(), w.name.clone()),
        points: p,
        text: Text::new(
            format!("{} (merveille personnalisée) : {signed}", w.name),
            format!("{} (custom wonder): {signed}", w.name),
        ),
        scores_at_end: true,
        rule: "citadelles.wonder.custom".to_owned(),
    }
}

/// A catalogue wonder's effect: its points and their explanation, by its kind of scoring.
fn catalogue_wonder_effect(wonder: &Wonder, city: &CityFacts<'_>) -> CitadellesWonderEffect {
    let (fr, en) = (wonder.fr, wonder.en);
    let pl = city.pl;
    let wonders = wonders_in(city.counts);
    let end = match wonder.scoring {
        WonderScoring::Extra(n) => extra_points(wonder, n),
        WonderScoring::PerGold => per_gold(fr, en, pl.gold),
        WonderScoring::PerCardInHand => per_card_in_hand(fr, en, pl.cards_in_hand),
        WonderScoring::AnyType => haunted_city(fr, en, city.haunted),
        WonderScoring::PerWonder => per_wonder(fr, en, wonders),
        WonderScoring::CrownHolder(n) => crown_holder(fr, en, n, city.holds_crown),
        WonderScoring::OnlyWonder(n) => only_wonder(fr, en, n, wonders),
        WonderScoring::PerOddCost => per_odd_cost(fr, en, &pl.city),
        WonderScoring::ThreeOfAType(n) => three_of_a_type(fr, en, n, city.counts),
        WonderScoring::PerMuseumCard => per_museum_card(fr, en, pl.museum_cards),
        // Never in a city (validation refuses it); kept for completeness.
        WonderScoring::RevealedFromHand(_) => EndEffect::none(Text::new(fr, en)),
        WonderScoring::None => no_end_effect(wonder),
    };
    CitadellesWonderEffect {
        id: wonder.id.to_owned(),
        name: Text::new(fr, en),
        points: end.points,
        text: end.text,
        scores_at_end: end.scores_at_end,
        rule: format!("citadelles.wonder.{}", wonder.id),
    }
}

/// A wonder's points at the end of the game and why.
struct EndEffect {
    points: i32,
    text: Text,
    scores_at_end: bool,
}

impl EndEffect {
    fn scores(points: i32, fr: String, en: String) -> Self {
        EndEffect { points, text: Text::new(fr, en), scores_at_end: true }
    }

    fn none(text: Text) -> Self {
        EndEffect { points: 0, text, scores_at_end: false }
    }
}

/// FACT-CIT-B2, FACT-CIT-B3: University and Dragon Gate score 8 for a cost of 6.
fn extra_points(wonder: &Wonder, n: u8) -> EndEffect {
    let (fr, en) = (wonder.fr, wonder.en);
    let n = i32::from(n);
    let worth = i32::from(wonder.cost) + n;
    EndEffect::scores(
        n,
        format!("{fr} : +{n} (vaut {worth} pour un coût de {})", wonder.cost),
        format!("{en}: +{n} (worth {worth} for a cost of {})", wonder.cost),
    )
}

/// FACT-CIT-B2, FACT-CIT-B3: Imperial Treasury, +1 per gold held.
fn per_gold(fr: &str, en: &str, g: u32) -> EndEffect {
    EndEffect::scores(
        to_i32(g),
        format!("{fr} : +{g} ({g} pièce{} d'or)", plural_s(g)),
        format!("{en}: +{g} ({g} gold)"),
    )
}

/// FACT-CIT-B2, FACT-CIT-B3: Map Room, +1 per card in hand.
fn per_card_in_hand(fr: &str, en: &str, n: u32) -> EndEffect {
    EndEffect::scores(
        to_i32(n),
        format!("{fr} : +{n} ({n} carte{} en main)", plural_s(n)),
        format!("{en}: +{n} ({n} card{} in hand)", en_noun(n, "", "s")),
    )
}

/// FACT-CIT-B2, FACT-CIT-B3: counts as one type of the owner's choice (five-type bonus); no
/// points of its own.
fn haunted_city(fr: &str, en: &str, haunted: Option<HauntedChoice>) -> EndEffect {
    let (f, e) = match haunted {
        Some(h) if h.counts_as != CitadellesDistrictType::Wonder => {
            let w = h.counts_as.word(1);
            (format!("compte comme quartier {}", w.fr), format!("counts as a {} district", w.en))
        }
        Some(h) if !h.may_change_type => (
            "bâtie au dernier tour : reste une merveille (règle classique)".to_owned(),
            "built in the last round: stays a wonder (classic rules)".to_owned(),
        ),
        _ => (
            "reste une merveille (aucun autre type ne rapporte plus)".to_owned(),
            "stays a wonder (no other type scores more)".to_owned(),
        ),
    };
    EndEffect::none(Text::new(format!("{fr} : {f}"), format!("{en}: {e}")))
}

/// FACT-CIT-B3: Wishing Well, +1 per unique district, itself included.
fn per_wonder(fr: &str, en: &str, wonders: u32) -> EndEffect {
    EndEffect::scores(
        to_i32(wonders),
        format!("{fr} : +{wonders} ({wonders} merveille{} dans la cité, elle comprise)", plural_s(wonders)),
        format!(
            "{en}: +{wonders} ({wonders} unique district{} in the city, itself included)",
            en_noun(wonders, "", "s")
        ),
    )
}

/// FACT-CIT-B3: Statue, +5 when holding the crown at the end.
fn crown_holder(fr: &str, en: &str, n: u8, holds_crown: bool) -> EndEffect {
    if holds_crown {
        EndEffect::scores(
            i32::from(n),
            format!("{fr} : +{n} (détient la Couronne)"),
            format!("{en}: +{n} (holds the crown)"),
        )
    } else {
        EndEffect::scores(
            0,
            format!("{fr} : +0 (ne détient pas la Couronne)"),
            format!("{en}: +0 (does not hold the crown)"),
        )
    }
}

/// FACT-CIT-B3: Ivory Tower, +5 when it is the city's only unique district.
fn only_wonder(fr: &str, en: &str, n: u8, wonders: u32) -> EndEffect {
    if wonders == 1 {
        EndEffect::scores(
            i32::from(n),
            format!("{fr} : +{n} (seule merveille de la cité)"),
            format!("{en}: +{n} (the city's only unique district)"),
        )
    } else {
        EndEffect::scores(
            0,
            format!("{fr} : +0 ({wonders} merveilles dans la cité)"),
            format!("{en}: +0 ({wonders} unique districts in the city)"),
        )
    }
}

/// FACT-CIT-B3: Basilica, +1 per district with an odd cost.
fn per_odd_cost(fr: &str, en: &str, city: &[CityCard]) -> EndEffect {
    let odd = count_u32(city.iter().filter(|k| k.cost() % 2 == 1).count());
    EndEffect::scores(
        to_i32(odd),
        format!("{fr} : +{odd} ({odd} quartier{} de coût impair)", plural_s(odd)),
        format!("{en}: +{odd} ({odd} district{} with an odd cost)", en_noun(odd, "", "s")),
    )
}

/// FACT-CIT-B3: Capitol, +3 once for at least 3 districts of one type (the type named is the
/// most numerous, the first in [`CitadellesDistrictType::ALL`] order among equals).
fn three_of_a_type(fr: &str, en: &str, n: u8, counts: &[u32; 5]) -> EndEffect {
    let count_of = |t: CitadellesDistrictType| counts.get(t.index()).copied().unwrap_or(0);
    let best =
        CitadellesDistrictType::ALL.into_iter().max_by_key(|&t| (count_of(t), std::cmp::Reverse(t.index())));
    match best.map(|t| (t, count_of(t))) {
        Some((t, k)) if k >= 3 => {
            let w = t.word(2);
            EndEffect::scores(
                i32::from(n),
                format!("{fr} : +{n} ({k} quartiers {})", w.fr),
                format!("{en}: +{n} ({k} {} districts)", w.en),
            )
        }
        _ => EndEffect::scores(
            0,
            format!("{fr} : +0 (jamais 3 quartiers d'un même type)"),
            format!("{en}: +0 (never 3 districts of one type)"),
        ),
    }
}

/// FACT-CIT-B3: Museum, +1 per card under it.
fn per_museum_card(fr: &str, en: &str, n: u32) -> EndEffect {
    EndEffect::scores(
        to_i32(n),
        format!("{fr} : +{n} ({n} carte{} sous le Musée)", plural_s(n)),
        format!("{en}: +{n} ({n} card{} under the Museum)", en_noun(n, "", "s")),
    )
}

/// A wonder with no end-of-game points; the Monument still counts as two districts.
fn no_end_effect(wonder: &Wonder) -> EndEffect {
    let (fr, en) = (wonder.fr, wonder.en);
    let weight = wonder.completion_weight;
    EndEffect::none(if weight > 1 {
        Text::new(
            format!("{fr} : compte pour {weight} quartiers, pas de points en plus"),
            format!("{en}: counts as {weight} districts, no extra points"),
        )
    } else {
        Text::new(format!("{fr} : pas d'effet en fin de partie"), format!("{en}: no end-of-game effect"))
    })
}

/// FACT-CIT-B3: the Secret Vault, revealed from the hand, +3.
fn secret_vault_effect(table: &Table, pl: &Player) -> Option<CitadellesWonderEffect> {
    if !pl.secret_vault {
        return None;
    }
    let w = super::districts::wonder_of(table.variant, super::districts::SECRET_VAULT)?;
    let n = match w.scoring {
        WonderScoring::RevealedFromHand(n) => n,
        _ => 0,
    };
    Some(CitadellesWonderEffect {
        id: w.id.to_owned(),
        name: Text::new(w.fr, w.en),
        points: i32::from(n),
        text: Text::new(
            format!("{} : +{n} (révélées de la main)", w.fr),
            format!("{}: +{n} (revealed from the hand)", w.en),
        ),
        scores_at_end: true,
        rule: format!("citadelles.wonder.{}", w.id),
    })
}

/// Citadelles classique, Fin de partie: between tied players, the one who revealed the
/// highest-numbered character in the last round; an assassinated character was not revealed;
/// with two characters each (2–3 players, DEC-CIT-1), the player's highest.
pub(crate) fn last_round_criterion(table: &Table) -> Criterion {
    Criterion {
        key: "last_round_character",
        label: crate::games::StaticText::new(
            "le personnage révélé de plus haut rang au dernier tour",
            "the highest-ranked character revealed in the last round",
        ),
        better: Better::Higher,
        values: table.players.iter().map(|p| i32::from(p.highest_rank())).collect(),
    }
}

/// Why a seat's `characters_last_round`, shorter than the characters it played, cannot stand
/// for all it revealed, if it cannot. Citadelles classique, Fin de partie: « Un personnage
/// assassiné n'est pas considéré comme révélé »; L'Assassin kills one character a round;
/// Règles pour 2 et 3 joueurs: « chacun dispose de deux personnages ». So a list may lack one
/// character, the Assassin's one victim, at one seat of the table, and only when somebody
/// revealed the Assassin; at 2 or 3 players an empty list lacks two, which never happens.
fn short_list_impossible(table: &Table, seat: usize) -> Option<Text> {
    let pl = table.players.get(seat)?;
    let n = table.players.len();
    let per_seat = usize::from(table.variant.characters_per_seat(n));
    let listed = pl.characters_last_round.len();
    if listed >= per_seat {
        return None;
    }
    if per_seat > 1 && listed == 0 {
        return Some(Text::new(
            format!(
                "À {n} joueurs, chacun a deux personnages et l'Assassin n'en tue qu'un : chacun en a révélé au moins un."
            ),
            format!(
                "With {n} players everyone has two characters and the Assassin kills only one: everyone revealed at least one."
            ),
        ));
    }
    let short = table.players.iter().filter(|p| p.characters_last_round.len() < per_seat).count();
    let assassin_revealed = table.players.iter().any(|p| p.characters_last_round.iter().any(|r| r.rank == 1));
    if per_seat > 1 {
        // One of two listed: the other is the Assassin's victim, or was not entered.
        if short > 1 {
            return Some(Text::new(
                format!(
                    "À {n} joueurs, chacun a deux personnages ; seule la victime de l'Assassin n'est pas révélée, or {short} joueurs ont moins de deux personnages indiqués : si l'autre personnage de {} a été la victime de l'Assassin, indiquez ceux des autres.",
                    pl.name
                ),
                format!(
                    "With {n} players everyone has two characters; only the Assassin's victim is not revealed, but {short} players have fewer than two characters entered: if {}'s other character was the Assassin's victim, enter the others'.",
                    pl.name
                ),
            ));
        }
        if !assassin_revealed {
            return Some(Text::new(
                format!(
                    "À {n} joueurs, chacun a deux personnages ; seul un personnage assassiné n'est pas révélé, or personne n'a révélé l'Assassin (rang 1)."
                ),
                format!(
                    "With {n} players everyone has two characters; only an assassinated character is not revealed, and nobody revealed the Assassin (rank 1)."
                ),
            ));
        }
        return None;
    }
    if short > 1 {
        return Some(Text::new(
            format!(
                "Seule la victime de l'Assassin n'a rien révélé, or {short} joueurs n'ont aucun personnage indiqué : si {} a été la victime de l'Assassin, indiquez ceux des autres.",
                pl.name
            ),
            format!(
                "Only the Assassin's victim revealed nothing, but {short} players have no character entered: if {} was the Assassin's victim, enter the others'.",
                pl.name
            ),
        ));
    }
    if !assassin_revealed {
        return Some(Text::new(
            "Personne n'a révélé l'Assassin (rang 1) : nul n'a été assassiné.",
            "Nobody revealed the Assassin (rank 1): nobody was assassinated.",
        ));
    }
    None
}

/// The classic tie-break reads the characters revealed in the last round, so between tied
/// players a list short of a character must be the one murder (see [`short_list_impossible`]); otherwise it
/// was not entered, and the tied player is asked for it rather than ranked as having revealed
/// nothing. Characters are not needed without a tie (decision: many tables never type them),
/// nor between tied seats none of which has anything entered yet (no district, no character:
/// a sheet being filled in; they share the place, nothing being read). Problems on
/// `players[i].characters_last_round`, in seat order.
pub(crate) fn tie_break_problems(table: &Table, totals: &[i32]) -> crate::games::Problems {
    let mut p = crate::games::Problems::new();
    if !table.variant.has_tie_break() {
        return p;
    }
    for (seat, pl) in table.players.iter().enumerate() {
        let Some(&total) = totals.get(seat) else { continue };
        let tied: Vec<&str> = table
            .players
            .iter()
            .zip(totals)
            .enumerate()
            .filter(|&(other, (_, &t))| other != seat && t == total)
            .map(|(_, (o, _))| o.name.as_str())
            .collect();
        if tied.is_empty() {
            continue;
        }
        let nothing_entered = |p: &Player| p.city.is_empty() && p.characters_last_round.is_empty();
        let group_untouched =
            table.players.iter().zip(totals).filter(|&(_, &t)| t == total).all(|(p, _)| nothing_entered(p));
        if group_untouched {
            continue;
        }
        let Some(why) = short_list_impossible(table, seat) else { continue };
        let (who, two) = (&pl.name, table.variant.characters_per_seat(table.players.len()) > 1);
        let (what_fr, what_en) = match pl.characters_last_round.first() {
            // One of two listed: the other one is asked for.
            Some(listed) if two => {
                let label = listed.label(table.variant);
                (
                    format!(
                        "l'autre personnage que {who} a révélé au dernier tour (seul {} est indiqué)",
                        label.fr
                    ),
                    format!(
                        "the other character {who} revealed in the last round (only {} is entered)",
                        label.en
                    ),
                )
            }
            _ if two => (
                format!("les personnages que {who} a révélés au dernier tour"),
                format!("the characters {who} revealed in the last round"),
            ),
            _ => (
                format!("le personnage que {who} a révélé au dernier tour"),
                format!("the character {who} revealed in the last round"),
            ),
        };
        p.push(
            format!("players[{seat}].characters_last_round"),
            "characters_needed_for_tie",
            Text::new(
                format!(
                    "{who} est à égalité avec {} ({total} point{}) : indiquez {what_fr} pour les départager. {}",
                    tied.join(", "),
                    plural_s(total),
                    why.fr
                ),
                format!(
                    "{who} is tied with {} ({total} point{}): enter {what_en} to settle the tie. {}",
                    tied.join(", "),
                    en_noun(total, "", "s"),
                    why.en
                ),
            ),
        );
    }
    p
}

/// What a seat revealed in the last round, for the tie-break explanation (an empty list there
/// is the Assassin's victim, or a seat with nothing entered yet: [`tie_break_problems`] asks
/// for any other).
fn revealed_text(table: &Table, seat: usize) -> Text {
    let Some(pl) = table.players.get(seat) else { return Text::new("", "") };
    if pl.characters_last_round.is_empty() {
        return Text::new(
            format!("{} : aucun personnage révélé (assassiné ou non saisi)", pl.name),
            format!("{}: no character revealed (assassinated or not entered)", pl.name),
        );
    }
    let labels: Vec<Text> = pl.characters_last_round.iter().map(|r| r.label(table.variant)).collect();
    let fr: Vec<&str> = labels.iter().map(|t| t.fr.as_str()).collect();
    let en: Vec<&str> = labels.iter().map(|t| t.en.as_str()).collect();
    Text::new(format!("{} : {}", pl.name, fr.join(" et ")), format!("{}: {}", pl.name, en.join(" and ")))
}

/// Ranks and tie-breaks for a checked table.
pub(crate) fn standings(table: &Table, totals: &[i32]) -> (Vec<u8>, Vec<TieBreak>) {
    let names: Vec<&str> = table.players.iter().map(|p| p.name.as_str()).collect();
    let criteria = if table.variant.has_tie_break() { vec![last_round_criterion(table)] } else { Vec::new() };
    let (ranks, mut ties) = rank(&names, totals, &criteria);
    for tie in &mut ties {
        if table.variant.has_tie_break() {
            let who: Vec<Text> = tie.seats.iter().map(|&s| revealed_text(table, usize::from(s))).collect();
            let fr: Vec<&str> = who.iter().map(|t| t.fr.as_str()).collect();
            let en: Vec<&str> = who.iter().map(|t| t.en.as_str()).collect();
            tie.explanation.append(
                &format!(
                    " Règle classique : le personnage révélé de plus haut rang au dernier tour l'emporte (un personnage assassiné ne compte pas). {}.",
                    fr.join(" ; ")
                ),
                &format!(
                    " Classic rules: the highest-ranked character revealed in the last round wins (an assassinated character does not count). {}.",
                    en.join("; ")
                ),
            );
        } else {
            // Citadelles 2e édition, Fin de la partie: the winner is the highest total; no
            // tie-break is given.
            tie.explanation
                .append(" La 2e édition ne prévoit aucun départage.", " The 2nd edition gives no tie-break.");
        }
    }
    (ranks, ties)
}

/// The scoreboard of a checked table.
pub fn score_table(table: &Table) -> Scoreboard {
    score_table_and_totals(table).0
}

/// [`score_table`], with the totals it ranked (in seat order), which the tie-break check reads.
pub(crate) fn score_table_and_totals(table: &Table) -> (Scoreboard, Vec<i32>) {
    let breakdowns: Vec<Option<Breakdown>> = (0..table.players.len()).map(|s| breakdown(table, s)).collect();
    let totals: Vec<i32> = breakdowns.iter().map(|b| b.as_ref().map_or(0, |b| b.total)).collect();
    let (ranks, tie_breaks) = standings(table, &totals);
    let players = table
        .players
        .iter()
        .zip(breakdowns)
        .enumerate()
        .map(|(seat, (p, b))| {
            let rank = ranks.get(seat).copied().unwrap_or(0);
            PlayerScore {
                seat: to_u8(seat),
                name: p.name.clone(),
                total: Some(totals.get(seat).copied().unwrap_or(0)),
                categories: b.map(|b| b.categories).unwrap_or_default(),
                rank,
                winner: rank == 1,
            }
        })
        .collect();
    let board = Scoreboard {
        game: GameId::Citadelles,
        variant: table.variant.id().to_owned(),
        outcome: Outcome::Points,
        players,
        tie_breaks,
        facts: PlayFacts::default(),
    };
    (board, totals)
}
