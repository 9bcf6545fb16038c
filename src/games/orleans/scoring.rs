//! The Scoreboard of a table: Prospérité's points (base scoring + completed buildings +
//! Dépôt), explained per category; the duel's objective race with its tie-break; co-op and
//! solo outcomes with the round reached.

use super::catalogue::OrleansScenario;
use super::status::{OrleansGoal, OrleansState, OrleansStatus, goals, status};
use super::table::{OrleansPlayer, OrleansTable, level_start};
use crate::games::{
    Better, CategoryScore, Criterion, Detail, GameId, LostAt, Outcome, PlayFacts, PlayerScore, Scoreboard,
    StaticText, TieBreak, rank,
};
use crate::text::{Text, en_noun, fr_noun};

fn points(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Dépôt: 5 points per full set of the five goods (Nouvelles tuiles Lieu).
pub const DEPOT_POINTS_PER_SET: u32 = 5;

/// Prospérité's categories for one player. Unlike the base game, no citizen goes to the most
/// trading posts: Prospérité, Mise en place, « Ne placez aucun jeton Citoyen sur la piste de
/// développement ou sur la carte » — that tile lies on the map, so it is not in play.
pub fn prosperite_categories(p: &OrleansPlayer) -> Vec<CategoryScore> {
    vec![
        coins_category(p),
        goods_category(p),
        development_category(p),
        buildings_category(p),
        depot_category(p),
    ]
}

/// A category of `n` points explained in both languages.
fn category(key: &'static str, n: u32, fr: String, en: String) -> CategoryScore {
    CategoryScore { key: key.into(), points: points(n), detail: Detail::from(Text::new(fr, en)) }
}

/// A coin is a point.
fn coins_category(p: &OrleansPlayer) -> CategoryScore {
    category(
        "coins",
        p.coins,
        format!("{} {} × 1", p.coins, fr_noun(p.coins, "pièce", "pièces")),
        format!("{} {} × 1", p.coins, en_noun(p.coins, "coin", "coins")),
    )
}

/// Each good is worth its value: grain 1 up to brocade 5.
fn goods_category(p: &OrleansPlayer) -> CategoryScore {
    let g = &p.goods;
    category(
        "goods",
        g.points(),
        format!(
            "Céréales {}×1 + Fromage {}×2 + Vin {}×3 + Laine {}×4 + Brocart {}×5",
            g.grain, g.cheese, g.wine, g.wool, g.brocade
        ),
        format!(
            "Grain {}×1 + cheese {}×2 + wine {}×3 + wool {}×4 + brocade {}×5",
            g.grain, g.cheese, g.wine, g.wool, g.brocade
        ),
    )
}

/// (Citizens + trading posts) × the level on the development track.
fn development_category(p: &OrleansPlayer) -> CategoryScore {
    let citizens = p.citizens;
    let development = citizens.saturating_add(p.trading_posts).saturating_mul(p.development_level);
    category(
        "development",
        development,
        format!(
            "({citizens} {} + {} {}) × niveau {}",
            fr_noun(citizens, "citoyen", "citoyens"),
            p.trading_posts,
            fr_noun(p.trading_posts, "comptoir", "comptoirs"),
            p.development_level
        ),
        format!(
            "({citizens} {} + {} {}) × level {}",
            en_noun(citizens, "citizen", "citizens"),
            p.trading_posts,
            en_noun(p.trading_posts, "trading post", "trading posts"),
            p.development_level
        ),
    )
}

/// Prospérité: each completed building's points.
fn buildings_category(p: &OrleansPlayer) -> CategoryScore {
    let buildings: u32 = p.buildings.iter().fold(0, |a, b| a.saturating_add(b.points));
    category(
        "buildings",
        buildings,
        format!(
            "{} {}",
            p.buildings.len(),
            fr_noun(p.buildings.len(), "bâtiment complété", "bâtiments complétés")
        ),
        format!(
            "{} {}",
            p.buildings.len(),
            en_noun(p.buildings.len(), "completed building", "completed buildings")
        ),
    )
}

/// Dépôt: `DEPOT_POINTS_PER_SET` per full set of the five goods, for its owner only.
fn depot_category(p: &OrleansPlayer) -> CategoryScore {
    if !p.depot {
        return CategoryScore {
            key: "depot".into(),
            points: 0,
            detail: Detail::from(Text::new("Pas de Dépôt", "No Depot")),
        };
    }
    let sets = p.goods.full_sets();
    category(
        "depot",
        sets.saturating_mul(DEPOT_POINTS_PER_SET),
        format!("Dépôt : {sets} {} × 5", fr_noun(sets, "lot complet", "lots complets")),
        format!("Depot: {sets} {} × 5", en_noun(sets, "full set", "full sets")),
    )
}

/// Where each player stands on the development track, for Prospérité's tie-break: the level
/// first (its spaces lie beyond every space of the levels below), then the space. The space
/// decides between players of equal total and level only when each of them typed it; a level
/// typed alone counts as its first space, so that nobody wins on a space nobody knows.
fn track_positions(players: &[OrleansPlayer], categories: &[Vec<CategoryScore>]) -> Vec<i32> {
    let total =
        |i: usize| categories.get(i).map(|c| c.iter().map(|x| x.points).fold(0i32, i32::saturating_add));
    players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let known = players
                .iter()
                .enumerate()
                .filter(|(j, q)| total(*j) == total(i) && q.development_level == p.development_level)
                .all(|(_, q)| q.development_points_typed);
            let space = if known { p.development_space() } else { level_start(p.development_level) };
            points(space)
        })
        .collect()
}

/// The difficulty a co-op or solo scenario was played at, as a stable key (none for the
/// competitive scenarios): Le dignitaire's beginners' version (`easy`), the harder steps of
/// Vierzon and Marchand itinérant (`one_per_round`, then `in_order`), Invasion's hard mode.
pub fn difficulty(table: &OrleansTable) -> Option<String> {
    let key = match table.scenario {
        OrleansScenario::Prosperite | OrleansScenario::Duel => return None,
        OrleansScenario::Dignitaire if table.options.easy => "easy",
        OrleansScenario::Vierzon | OrleansScenario::Marchand if table.options.in_order => "in_order",
        OrleansScenario::Vierzon | OrleansScenario::Marchand if table.options.one_per_round => {
            "one_per_round"
        }
        OrleansScenario::Invasion if table.deck.hard_mode => "hard",
        _ => "normal",
    };
    Some(key.to_owned())
}

/// How a scenario is scored: the kind of outcome, each seat's categories (seat order) and the
/// tie-breaks after the totals.
struct Scoring {
    outcome: Outcome,
    categories: Vec<Vec<CategoryScore>>,
    criteria: Vec<Criterion>,
}

/// Scores a checked table.
pub fn score_table(table: &OrleansTable) -> Scoreboard {
    let goals = goals(table);
    let st = status(table, &goals);
    let Scoring { outcome, categories, criteria } = match table.scenario {
        OrleansScenario::Prosperite => prosperite_scoring(table),
        OrleansScenario::Duel => duel_scoring(table, &goals, &st),
        OrleansScenario::Invasion => invasion_scoring(table, &goals, &st),
        OrleansScenario::Dignitaire => dignitaire_scoring(table, &st),
        OrleansScenario::Vierzon | OrleansScenario::Marchand => Scoring {
            outcome: solo_outcome(&st),
            categories: objectives_of(table, &goals, 5),
            criteria: Vec::new(),
        },
    };
    let names: Vec<String> = table.players.iter().map(|p| p.name.clone()).collect();
    let totals: Vec<i32> = categories
        .iter()
        .map(|c: &Vec<CategoryScore>| c.iter().map(|x| x.points).fold(0i32, i32::saturating_add))
        .collect();
    let (ranks, tie_breaks) = decided_ranks(table, &outcome, &st, rank(&names, &totals, &criteria));
    let players = categories
        .into_iter()
        .enumerate()
        .map(|(i, categories)| {
            let rank_i = ranks.get(i).copied().unwrap_or(1);
            PlayerScore {
                seat: seat(i),
                name: names.get(i).cloned().unwrap_or_default(),
                total: Some(totals.get(i).copied().unwrap_or(0)),
                categories,
                rank: rank_i,
                winner: is_winner(table, &st, i, rank_i),
            }
        })
        .collect();
    let lost_at =
        (st.state == OrleansState::Lost).then(|| LostAt { round: st.round, event: st.lost_event.clone() });
    Scoreboard {
        game: GameId::Orleans,
        variant: table.scenario.id().to_owned(),
        outcome,
        players,
        tie_breaks,
        facts: PlayFacts { missions: Vec::new(), difficulty: difficulty(table), lost_at },
    }
}

fn seat(i: usize) -> u8 {
    u8::try_from(i).unwrap_or(u8::MAX)
}

/// The co-operative and solo scenarios: won, or still being played (not lost) until the end.
fn solo_outcome(st: &OrleansStatus) -> Outcome {
    Outcome::Solo {
        won: st.state == OrleansState::Won,
        in_progress: st.state == OrleansState::InProgress,
        round_reached: st.round,
    }
}

/// Le duel and the solo scenarios: each seat's own objectives done, out of the scenario's `of`.
fn objectives_of(table: &OrleansTable, goals: &[OrleansGoal], of: u32) -> Vec<Vec<CategoryScore>> {
    (0..table.players.len())
        .map(|i| {
            let done = goals.iter().filter(|g| g.seat == Some(seat(i)) && g.done).count();
            let n = u32::try_from(done).unwrap_or(0);
            vec![category(
                "objectives",
                n,
                format!("{n} {} sur {of}", fr_noun(n, "objectif", "objectifs")),
                format!("{n} {} of {of}", en_noun(n, "objective", "objectives")),
            )]
        })
        .collect()
}

/// Prospérité scores as the base game, whose tie goes to the player further on the
/// development track (FACT-ORL-D3).
fn prosperite_scoring(table: &OrleansTable) -> Scoring {
    let categories: Vec<Vec<CategoryScore>> = table.players.iter().map(prosperite_categories).collect();
    let criteria = vec![Criterion {
        key: "development_points",
        label: StaticText::new("avancée sur la piste de développement", "progress on the development track"),
        better: Better::Higher,
        values: track_positions(&table.players, &categories),
    }];
    Scoring { outcome: Outcome::Points, categories, criteria }
}

/// Le duel, Fin de la partie: earlier finish, then goods-only points, then coins.
fn duel_scoring(table: &OrleansTable, goals: &[OrleansGoal], st: &OrleansStatus) -> Scoring {
    let finish: Vec<i32> = (0..table.players.len())
        .map(|i| {
            let mine: Vec<_> = goals.iter().filter(|g| g.seat == Some(seat(i))).collect();
            if mine.iter().all(|g| g.done) {
                mine.iter().filter_map(|g| g.completed_round).max().map_or(99, i32::from)
            } else {
                99
            }
        })
        .collect();
    // « Si les deux joueurs complètent tous les objectifs lors de la même manche » only:
    // goods and coins part nobody while nobody has finished (« il n'y a pas de
    // vainqueur » after round 16), and players level on objectives share the rank.
    let anyone_finished = finish.iter().any(|&r| r < 99);
    let criteria = if !anyone_finished {
        Vec::new()
    } else {
        vec![
            Criterion {
                key: "finish_round",
                label: StaticText::new("manche d'achèvement", "round completed"),
                better: Better::Lower,
                values: finish,
            },
            Criterion {
                key: "goods",
                label: StaticText::new("points des seules marchandises", "points from goods only"),
                better: Better::Higher,
                values: table.players.iter().map(|p| points(p.goods.points())).collect(),
            },
            Criterion {
                key: "coins",
                label: StaticText::new("pièces", "coins"),
                better: Better::Higher,
                values: table.players.iter().map(|p| points(p.coins)).collect(),
            },
        ]
    };
    Scoring {
        outcome: Outcome::ObjectiveRace { round_reached: st.round },
        categories: objectives_of(table, goals, 4),
        criteria,
    }
}

/// Invasion: every seat shows the team's goals met, out of all of them.
fn invasion_scoring(table: &OrleansTable, goals: &[OrleansGoal], st: &OrleansStatus) -> Scoring {
    let done = goals.iter().filter(|g| g.done).count();
    let n = u32::try_from(done).unwrap_or(0);
    let total = goals.len();
    let categories = table
        .players
        .iter()
        .map(|_| {
            vec![category(
                "objectives",
                n,
                format!("{n} {} sur {total}", fr_noun(n, "objectif", "objectifs")),
                format!("{n} {} of {total}", en_noun(n, "goal", "goals")),
            )]
        })
        .collect();
    let outcome = Outcome::Coop {
        won: st.state == OrleansState::Won,
        in_progress: st.state == OrleansState::InProgress,
        round_reached: Some(st.round),
    };
    Scoring { outcome, categories, criteria: Vec::new() }
}

/// Le dignitaire, But du jeu: the citizens are the score.
fn dignitaire_scoring(table: &OrleansTable, st: &OrleansStatus) -> Scoring {
    let categories = table
        .players
        .iter()
        .map(|p| {
            vec![category(
                "citizens",
                p.citizens,
                format!("{} {}", p.citizens, fr_noun(p.citizens, "citoyen", "citoyens")),
                format!("{} {}", p.citizens, en_noun(p.citizens, "citizen", "citizens")),
            )]
        })
        .collect();
    Scoring { outcome: solo_outcome(st), categories, criteria: Vec::new() }
}

/// The ranks and tie-breaks by the totals, unless the outcome decides the places.
fn decided_ranks(
    table: &OrleansTable,
    outcome: &Outcome,
    st: &OrleansStatus,
    (ranks, tie_breaks): (Vec<u8>, Vec<TieBreak>),
) -> (Vec<u8>, Vec<TieBreak>) {
    if matches!(outcome, Outcome::Coop { .. }) {
        // Invasion, Fin de la partie: the team wins together or « vous avez tous perdu »; nobody
        // is placed against another, so every seat is first and no place is told shared.
        return (vec![1; table.players.len()], Vec::new());
    }
    if table.scenario == OrleansScenario::Duel && !st.winners.is_empty() {
        // Le duel: the winner is first whatever the objective counts — a missed payment loses
        // at once (Tour de jeu), so the ranking must agree with who won.
        let decided: Vec<u8> = (0..table.players.len())
            .map(|i| if st.winners.contains(&seat(i)) { 1 } else { 1 + seat(st.winners.len()) })
            .collect();
        if decided != ranks {
            return (decided, Vec::new());
        }
    }
    (ranks, tie_breaks)
}

/// Whether seat `i`, ranked `rank`, has won.
fn is_winner(table: &OrleansTable, st: &OrleansStatus, i: usize, rank: u8) -> bool {
    match table.scenario {
        // A points race: the leader wins once the 16 rounds are over (Prospérité, Fin de
        // la partie: « La partie se termine après 16 manches »), not before.
        OrleansScenario::Prosperite => st.state == OrleansState::Over && rank == 1,
        OrleansScenario::Duel => st.winners.contains(&seat(i)),
        _ => st.state == OrleansState::Won,
    }
}
