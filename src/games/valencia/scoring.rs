//! End scoring (Valencia p.10–11): council points gathered during the game, then the five
//! final categories, each explained, and the tie-break chain city members → coins → shared.

use super::board::to_i32;
use super::missions::{Verdict, judge};
use super::table::{Player, Table};
use crate::games::{
    Better, CategoryScore, Criterion, GameId, MissionOutcome, Outcome, PlayFacts, PlayerScore, Scoreboard,
    rank,
};
use crate::text::{Text, en_noun, plural_s};

/// One held card's effect on the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissionResult {
    pub id: &'static str,
    pub name: Text,
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
            // Valencia, p.11: a completed card scores its points once, a failed one loses them.
            // An unticked board card counts as not completed until someone ticks it.
            let (completed, points) = match &verdict {
                Verdict::Judged { met: true, .. } | Verdict::Tick(Some(true)) => (true, printed),
                Verdict::Judged { met: false, .. } | Verdict::Tick(_) => (false, -printed),
                // A formula card counts as completed when it scores: below 0 (10 − 12 coins)
                // or at 0 it is shown with the failed ones.
                Verdict::Formula { points, .. } => (*points > 0, *points),
            };
            MissionResult {
                id: held.mission.id,
                name: held.mission.name.to_text(),
                points,
                completed,
                verdict,
            }
        })
        .collect()
}

/// Valencia, p.10: each member scores every fountain it touches (errata: only this way).
/// Valencia, p.10: with 4–5 players, privileges missing from the supply are replaced by another
/// item; they score like privileges, and the breakdown says the table holds some.
fn privileges_detail(pr: u32, stand_ins: u32) -> Text {
    let base = Text::new(
        format!("{pr} privilège{} inutilisé{} × 1.", plural_s(pr), plural_s(pr)),
        format!("{pr} unused privilege{} × 1.", en_noun(pr, "", "s")),
    );
    if stand_ins == 0 {
        return base;
    }
    Text::new(
        format!(
            "{} La table en compte {stand_ins} au-delà des 19 du jeu : des éléments de remplacement (p.10), qui comptent comme des privilèges.",
            base.fr
        ),
        format!(
            "{} The table holds {stand_ins} beyond the game's 19: stand-ins (p.10), which count as privileges.",
            base.en
        ),
    )
}

pub fn fountain_points(table: &Table, pl: &Player) -> (u32, Text) {
    let mut total = 0u32;
    let mut parts = Vec::new();
    for (f, &count) in table.fountains.iter().zip(&pl.fountain_members) {
        if count == 0 {
            continue;
        }
        total = total.saturating_add(f.value.saturating_mul(count));
        parts.push(if count == 1 { format!("{}", f.value) } else { format!("{count} × {}", f.value) });
    }
    let list = if parts.is_empty() { "0".to_owned() } else { parts.join(" + ") };
    (
        total,
        Text::new(
            format!("Membres voisins des fontaines, valeur de chaque fontaine touchée : {list} = {total}."),
            format!("Members next to fountains, value of each fountain touched: {list} = {total}."),
        ),
    )
}

fn categories(table: &Table, seat: usize, results: &[MissionResult]) -> Vec<CategoryScore> {
    let Some(pl) = table.players.get(seat) else { return Vec::new() };
    let describe = |r: &MissionResult| -> (String, String) {
        let (fr, en) = match &r.verdict {
            Verdict::Judged { why, .. } | Verdict::Formula { why, .. } => (why.fr.clone(), why.en.clone()),
            Verdict::Tick(Some(_)) => ("coché".to_owned(), "ticked".to_owned()),
            Verdict::Tick(None) => {
                ("pas coché : compté comme échoué".to_owned(), "not ticked: counted as failed".to_owned())
            }
        };
        (format!("{} {:+} ({fr})", r.name.fr, r.points), format!("{} {:+} ({en})", r.name.en, r.points))
    };
    let (gained, lost): (Vec<&MissionResult>, Vec<&MissionResult>) =
        results.iter().partition(|r| r.completed);
    let sum = |rs: &[&MissionResult]| rs.iter().fold(0i32, |s, r| s.saturating_add(r.points));
    let list = |rs: &[&MissionResult], none_fr: &str, none_en: &str| -> Text {
        if rs.is_empty() {
            return Text::new(none_fr, none_en);
        }
        let (fr, en): (Vec<String>, Vec<String>) = rs.iter().map(|r| describe(r)).unzip();
        Text::new(fr.join(" ; "), en.join("; "))
    };

    let (fountains, fountain_detail) = fountain_points(table, pl);
    let n = pl.council_points;
    let c = pl.city_members;
    let palms = pl.palm_members;
    let pr = pl.privileges;
    vec![
        CategoryScore {
            key: "council".to_owned(),
            points: to_i32(n),
            detail: Text::new(
                format!("Prestige gagné aux phases du Conseil pendant la partie : {n}."),
                format!("Prestige gained in the council phases during the game: {n}."),
            ),
        },
        CategoryScore {
            key: "city".to_owned(),
            points: to_i32(c),
            detail: Text::new(
                format!("{c} membre{} dans la ville × 1.", plural_s(c)),
                format!("{c} member{} in the city × 1.", en_noun(c, "", "s")),
            ),
        },
        CategoryScore {
            key: "palms".to_owned(),
            points: to_i32(palms),
            detail: Text::new(
                format!(
                    "{palms} membre{} voisin{} d'au moins un palmier × 1.",
                    plural_s(palms),
                    plural_s(palms)
                ),
                format!("{palms} member{} next to at least one palm × 1.", en_noun(palms, "", "s")),
            ),
        },
        CategoryScore { key: "fountains".to_owned(), points: to_i32(fountains), detail: fountain_detail },
        CategoryScore {
            key: "privileges".to_owned(),
            points: to_i32(pr),
            detail: privileges_detail(pr, table.privilege_stand_ins),
        },
        CategoryScore {
            key: "missions_completed".to_owned(),
            points: sum(&gained),
            detail: list(&gained, "Aucune mission réussie.", "No mission completed."),
        },
        CategoryScore {
            key: "missions_failed".to_owned(),
            points: sum(&lost),
            detail: list(&lost, "Aucune mission échouée.", "No mission failed."),
        },
    ]
}

/// Valencia, p.11: more members in the city, then more coins, else shared.
pub fn tie_criteria(table: &Table) -> Vec<Criterion> {
    vec![
        Criterion {
            key: "city",
            label: Text::new("membres dans la ville", "members in the city"),
            better: Better::Higher,
            values: table.players.iter().map(|p| to_i32(p.city_members)).collect(),
        },
        Criterion {
            key: "coins",
            label: Text::new("pièces", "coins"),
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
            total,
            categories,
            rank,
            winner: rank == 1,
        })
        .collect();
    let missions = results
        .iter()
        .enumerate()
        .flat_map(|(seat, results)| {
            results.iter().map(move |m| MissionOutcome {
                seat: super::board::to_u8(seat),
                mission: m.id.to_owned(),
                met: m.completed,
                points: m.points,
            })
        })
        .collect();
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
