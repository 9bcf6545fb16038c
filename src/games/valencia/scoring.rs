//! End scoring (Valencia p.10–11): council points gathered during the game, then the five
//! final categories, each explained, and the tie-break chain city members → coins → shared.

use super::board::to_i32;
use super::missions::{Verdict, judge};
use super::table::{Player, Table};
use crate::games::{
    Better, CategoryScore, Criterion, GameId, MissionOutcome, Outcome, PlayFacts, PlayerScore, Scoreboard,
    rank,
};
use std::borrow::Cow;
use std::fmt;

use crate::games::{Detail, StaticText};
use crate::text::{Lang, en_noun, plural_s};

/// The explanation of a Valencia category, kept as its numbers and written in words only when
/// read or serialized (see [`Detail`]): the sentences below are the ones the scoreboard shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    Council(u32),
    City(u32),
    Palms(u32),
    /// Unused privileges, and the stand-ins the table holds beyond the game's 19.
    Privileges {
        held: u32,
        stand_ins: u32,
    },
    /// Each touched fountain as (members, value), and the total.
    Fountains {
        parts: Vec<(u32, u32)>,
        total: u32,
    },
    /// The cards completed (`completed`) or failed, each with its points and verdict;
    /// `none_held` when the seat holds no card at all (see [`categories`]).
    Missions {
        completed: bool,
        cards: Vec<MissionLine>,
        none_held: bool,
    },
    /// One card's verdict, as the help shows it.
    Card(Verdict),
}

/// One card in a mission category's explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissionLine {
    pub name: StaticText,
    pub points: i32,
    pub verdict: Verdict,
}

impl Why {
    pub(crate) fn write(&self, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Council(n) => write_council(*n, lang, f),
            Why::City(c) => write_city(*c, lang, f),
            Why::Palms(p) => write_palms(*p, lang, f),
            Why::Privileges { held, stand_ins } => write_privileges(*held, *stand_ins, lang, f),
            Why::Fountains { parts, total } => write_fountains(parts, *total, lang, f),
            Why::Missions { completed, cards, none_held } => {
                write_missions(*completed, cards, *none_held, lang, f)
            }
            Why::Card(verdict) => write_card(verdict, lang, f),
        }
    }
}

/// VAL p.10 (Phase III): the prestige the council phases gave during the game.
fn write_council(n: u32, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match lang {
        Lang::Fr => write!(f, "Prestige gagné aux phases du Conseil pendant la partie : {n}."),
        Lang::En => write!(f, "Prestige gained in the council phases during the game: {n}."),
    }
}

/// VAL p.10: 1 point per member in the city.
fn write_city(c: u32, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match lang {
        Lang::Fr => write!(f, "{c} membre{} dans la ville × 1.", plural_s(c)),
        Lang::En => write!(f, "{c} member{} in the city × 1.", en_noun(c, "", "s")),
    }
}

/// VAL p.10: 1 point per member next to at least one palm.
fn write_palms(p: u32, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match lang {
        Lang::Fr => write!(f, "{p} membre{s} voisin{s} d'au moins un palmier × 1.", s = plural_s(p)),
        Lang::En => write!(f, "{p} member{} next to at least one palm × 1.", en_noun(p, "", "s")),
    }
}

/// VAL p.11: 1 point per unused privilege; with 4–5 players the stand-ins beyond the
/// game's 19 (p.10) count as privileges.
fn write_privileges(held: u32, stand_ins: u32, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match lang {
        Lang::Fr => {
            write!(f, "{held} privilège{s} inutilisé{s} × 1.", s = plural_s(held))?;
            if stand_ins > 0 {
                write!(
                    f,
                    " La table en compte {stand_ins} au-delà des 19 du jeu : des éléments de remplacement (p.10), qui comptent comme des privilèges."
                )?;
            }
        }
        Lang::En => {
            write!(f, "{held} unused privilege{} × 1.", en_noun(held, "", "s"))?;
            if stand_ins > 0 {
                write!(
                    f,
                    " The table holds {stand_ins} beyond the game's 19: stand-ins (p.10), which count as privileges."
                )?;
            }
        }
    }
    Ok(())
}

/// VAL p.10: each touched fountain, members × its value, summed.
fn write_fountains(parts: &[(u32, u32)], total: u32, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(match lang {
        Lang::Fr => "Membres voisins des fontaines, valeur de chaque fontaine touchée : ",
        Lang::En => "Members next to fountains, value of each fountain touched: ",
    })?;
    if parts.is_empty() {
        f.write_str("0")?;
    }
    for (i, &(count, value)) in parts.iter().enumerate() {
        if i > 0 {
            f.write_str(" + ")?;
        }
        if count == 1 {
            write!(f, "{value}")?;
        } else {
            write!(f, "{count} × {value}")?;
        }
    }
    write!(f, " = {total}.")
}

/// VAL p.11: the cards completed (or failed), each with its points and why; Mise en place,
/// 13: a seat that entered no card at all says so.
fn write_missions(
    completed: bool,
    cards: &[MissionLine],
    none_held: bool,
    lang: Lang,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let fr = lang == Lang::Fr;
    if none_held {
        return f.write_str(if fr {
            "Aucune carte Mission indiquée, alors que chacun en garde au moins une à la mise en place : rien n'est compté."
        } else {
            "No mission card entered, though everyone keeps at least one at setup: nothing is scored."
        });
    }
    if cards.is_empty() {
        return f.write_str(match (completed, fr) {
            (true, true) => "Aucune mission réussie.",
            (true, false) => "No mission completed.",
            (false, true) => "Aucune mission échouée.",
            (false, false) => "No mission failed.",
        });
    }
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            f.write_str(if fr { " ; " } else { "; " })?;
        }
        write_mission_line(card, lang, f)?;
    }
    Ok(())
}

/// « Palmiers +4 (…) »: a card's name, points and verdict in brackets.
fn write_mission_line(card: &MissionLine, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let fr = lang == Lang::Fr;
    let name = card.name.get(lang);
    write!(f, "{name} {} (", crate::text::signed(i64::from(card.points)))?;
    match &card.verdict {
        // The reason is a sentence of its own elsewhere; in brackets, without its full stop
        // (« … 5 needed) ; », not « … 5 needed.) ; »).
        Verdict::Judged { why, .. } | Verdict::Formula { why, .. } => {
            let reason = super::missions::InLang(why, lang).to_string();
            f.write_str(reason.strip_suffix('.').unwrap_or(&reason))?
        }
        Verdict::Tick(Some(true)) => f.write_str(if fr { "cochée" } else { "ticked" })?,
        Verdict::Tick(Some(false)) => {
            f.write_str(if fr { "marquée non réussie" } else { "marked not done" })?
        }
        Verdict::Tick(None) => f.write_str(if fr {
            "pas cochée : comptée comme échouée"
        } else {
            "not ticked: counted as failed"
        })?,
    }
    f.write_str(")")
}

/// One card's verdict, as the help shows it.
fn write_card(verdict: &Verdict, lang: Lang, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let fr = lang == Lang::Fr;
    match verdict {
        Verdict::Judged { why, .. } | Verdict::Formula { why, .. } => why.write(lang, f),
        Verdict::Tick(Some(true)) => f.write_str(if fr { "Cochée." } else { "Ticked." }),
        Verdict::Tick(Some(false)) => {
            f.write_str(if fr { "Marquée non réussie." } else { "Marked not done." })
        }
        Verdict::Tick(None) => f.write_str(if fr {
            "Seul le plateau le montre : cochez-la si elle est réussie."
        } else {
            "Only the board shows it: tick it if done."
        }),
    }
}

/// One held card's effect on the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissionResult {
    pub id: &'static str,
    pub name: StaticText,
    /// Signed points this card adds.
    pub points: i32,
    /// Completed (judged met, ticked done, or a formula card worth 0 or more).
    pub completed: bool,
    pub verdict: Verdict,
}

/// Every held card of `seat`, judged.
pub fn mission_results(table: &Table, seat: usize) -> Vec<MissionResult> {
    let Some(pl) = table.players.get(seat) else { return Vec::new() };
    pl.missions
        .iter()
        .map(|held| {
            let verdict = judge(table, seat, held.mission, held.done);
            let printed = to_i32(held.points);
            // VAL p.11: a completed card scores its points once, a failed one loses them.
            // An unticked board card counts as not completed until someone ticks it.
            let (completed, points) = match &verdict {
                Verdict::Judged { met: true, .. } | Verdict::Tick(Some(true)) => (true, printed),
                Verdict::Judged { met: false, .. } | Verdict::Tick(_) => (false, -printed),
                // A formula card counts as completed when it scores: below 0 (10 − 12 coins)
                // or at 0 it is shown with the failed ones.
                Verdict::Formula { points, .. } => (*points > 0, *points),
            };
            MissionResult { id: held.mission.id, name: held.mission.name, points, completed, verdict }
        })
        .collect()
}

/// VAL p.10: each member scores every fountain it touches (errata: only this way).
/// (With 4–5 players, privileges missing from the supply are replaced by another item; they
/// score like privileges, and the breakdown says the table holds some: [`Why::Privileges`].)
pub fn fountain_points(table: &Table, pl: &Player) -> (u32, Detail) {
    // One product per fountain: the same as `points_per_fountain`, summed.
    let mut total = 0u32;
    let mut parts = Vec::with_capacity(table.fountains.len());
    for (f, &count) in table.fountains.iter().zip(&pl.fountain_members) {
        if count == 0 {
            continue;
        }
        total = total.saturating_add(f.value.saturating_mul(count));
        parts.push((count, f.value));
    }
    (total, Detail::valencia(Why::Fountains { parts, total }))
}

/// VAL p.10: what each fountain of the table gives this player (members touching it ×
/// its value), in the table's order — the figure the sheet shows beside each fountain.
pub fn points_per_fountain(table: &Table, pl: &Player) -> Vec<u32> {
    table
        .fountains
        .iter()
        .zip(&pl.fountain_members)
        .map(|(f, &count)| f.value.saturating_mul(count))
        .collect()
}

fn categories(table: &Table, seat: usize, results: &[MissionResult]) -> Vec<CategoryScore> {
    let Some(pl) = table.players.get(seat) else { return Vec::new() };
    let sum = |completed: bool| {
        results.iter().filter(|r| r.completed == completed).fold(0i32, |s, r| s.saturating_add(r.points))
    };
    // VAL §Mise en place, 13: « vous devez en conserver au moins une »: a seat holding no
    // card says so rather than "no mission failed" (still scored: plays saved before missions
    // were entered rescore).
    let none_held = pl.missions.is_empty();
    let missions = |completed: bool| {
        Detail::valencia(Why::Missions {
            completed,
            none_held,
            cards: results
                .iter()
                .filter(|r| r.completed == completed)
                .map(|r| MissionLine { name: r.name, points: r.points, verdict: r.verdict })
                .collect(),
        })
    };

    let (fountains, fountain_detail) = fountain_points(table, pl);
    let n = pl.council_points;
    let c = pl.city_members;
    let palms = pl.palm_members;
    let pr = pl.privileges;
    vec![
        CategoryScore {
            key: Cow::Borrowed("council"),
            points: to_i32(n),
            detail: Detail::valencia(Why::Council(n)),
        },
        CategoryScore {
            key: Cow::Borrowed("city"),
            points: to_i32(c),
            detail: Detail::valencia(Why::City(c)),
        },
        CategoryScore {
            key: Cow::Borrowed("palms"),
            points: to_i32(palms),
            detail: Detail::valencia(Why::Palms(palms)),
        },
        CategoryScore { key: Cow::Borrowed("fountains"), points: to_i32(fountains), detail: fountain_detail },
        CategoryScore {
            key: Cow::Borrowed("privileges"),
            points: to_i32(pr),
            detail: Detail::valencia(Why::Privileges { held: pr, stand_ins: table.privilege_stand_ins }),
        },
        CategoryScore { key: Cow::Borrowed("missions_completed"), points: sum(true), detail: missions(true) },
        CategoryScore { key: Cow::Borrowed("missions_failed"), points: sum(false), detail: missions(false) },
    ]
}

/// VAL p.11: more members in the city, then more coins, else shared.
pub fn tie_criteria(table: &Table) -> Vec<Criterion> {
    vec![
        Criterion {
            key: "city",
            label: StaticText::new("membres dans la ville", "members in the city"),
            better: Better::Higher,
            values: table.players.iter().map(|p| to_i32(p.city_members)).collect(),
        },
        Criterion {
            key: "coins",
            label: StaticText::new("pièces", "coins"),
            better: Better::Higher,
            values: table.players.iter().map(|p| to_i32(p.coins)).collect(),
        },
    ]
}

/// The scoreboard of a checked table.
pub fn score_table(table: &Table) -> Scoreboard {
    score_with_missions(table).0
}

/// The scoreboard of a checked table and each seat's judged missions, which the live help
/// shows too (judged once for both).
pub fn score_with_missions(table: &Table) -> (Scoreboard, Vec<Vec<MissionResult>>) {
    let names: Vec<String> = table.players.iter().map(|p| p.name.clone()).collect();
    // Each seat's missions are judged once, for its categories and for the play's facts.
    let results: Vec<Vec<MissionResult>> =
        (0..table.players.len()).map(|s| mission_results(table, s)).collect();
    let cats: Vec<Vec<CategoryScore>> =
        results.iter().enumerate().map(|(s, r)| categories(table, s, r)).collect();
    let totals: Vec<i32> =
        cats.iter().map(|cs| cs.iter().fold(0i32, |s, c| s.saturating_add(c.points))).collect();
    let (ranks, tie_breaks) = rank(&names, &totals, &tie_criteria(table));
    let players = names
        .into_iter()
        .zip(cats)
        .zip(totals)
        .zip(ranks)
        .enumerate()
        .map(|(seat, (((name, categories), total), rank))| PlayerScore {
            seat: super::board::to_u8(seat),
            name,
            total: Some(total),
            categories,
            rank,
            winner: rank == 1,
        })
        .collect();
    // Reserved at its length: a flattened iterator cannot tell it, and the list grew twice.
    let mut missions = Vec::with_capacity(results.iter().map(Vec::len).sum());
    missions.extend(results.iter().enumerate().flat_map(|(seat, results)| {
        results.iter().map(move |m| MissionOutcome {
            seat: super::board::to_u8(seat),
            mission: Cow::Borrowed(m.id),
            met: m.completed,
            points: m.points,
        })
    }));
    let board = Scoreboard {
        game: GameId::Valencia,
        variant: table.variant.id().to_owned(),
        outcome: Outcome::Points,
        players,
        tie_breaks,
        facts: PlayFacts { missions, ..PlayFacts::default() },
    };
    (board, results)
}
