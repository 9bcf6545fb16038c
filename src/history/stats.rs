//! Statistics: each one is an SQL query over what finishing a play writes from the game's own
//! `Scoreboard` (`results`, `category_points`, `mission_results`, and on `plays` the outcome,
//! `won`, `round_reached`, `difficulty`, `lost_event`). Only finished plays outside the bin
//! count. Score statistics (averages, records, distributions, categories) count points games
//! only: a co-op or solo "total" is a count of goals, not points, and the duel's is a count of
//! objectives; those have their own figures ([`ScenarioStats`], the win rates). A result
//! recorded without a score (BG Stats' "" for a score not kept) counts for plays, wins and
//! ranks, never in a score statistic.
//!
//! Still read from the stored table states: the lists each game's contract names
//! ([`crate::games::Game::table_stats`]: Citadelles' `players[].districts[]`,
//! `players[].custom_wonders[].name`, `players[].characters_last_round[]`), kept stable by the
//! game's module.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use rusqlite::params;
use serde::{Deserialize, Serialize};

use super::model::{Id, OutcomeKind};
use super::plays::{parse_time, to_id};
use super::{Result, Store, StoreError};
use crate::games::GameId;

/// The plays statistics count (alias `p`).
const COUNTED: &str = "p.status = 'finished' AND p.deleted_at IS NULL";
/// Co-op and solo plays: the condition of the partial index `plays_scenarios`, written out in
/// each scenario query so that SQLite reads that index instead of the table.
const SCENARIOS: &str = "p.outcome IN ('coop', 'solo')";

/// Seats a record names at most (a score many share, a 0 say, is said as "and n more").
pub const MAX_RECORD_HOLDERS: usize = 10;

/// A high or a low: the score, and every seat that scored it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScoreRecord {
    pub total: i32,
    /// The seats with that score, earliest play first (the first [`MAX_RECORD_HOLDERS`]).
    pub holders: Vec<RecordHolder>,
    /// How many seats share it in all.
    pub holders_count: u32,
}

/// One player's score in one play, as a record names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RecordHolder {
    pub play_id: Id,
    pub player_id: Id,
    pub player_name: String,
    pub started_at: DateTime<Utc>,
}

/// Scores in `[from, from + width)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScoreBucket {
    pub from: i32,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CategoryAverage {
    /// The scoreboard's category key (`fountains`, `missions_completed`…).
    pub category: String,
    /// Average points per player and play.
    pub average: f64,
    /// Player-plays counted.
    pub samples: u32,
}

/// How often something was used (a district, a character, a variant…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct UsageCount {
    pub key: String,
    pub count: u32,
}

/// Plays and wins of some kind; `rate` is `wins / plays` (0 without plays).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SuccessRate {
    pub plays: u32,
    pub wins: u32,
    pub rate: f64,
}

impl SuccessRate {
    fn new(plays: u32, wins: u32) -> SuccessRate {
        let rate = if plays == 0 { 0.0 } else { f64::from(wins) / f64::from(plays) };
        SuccessRate { plays, wins, rate }
    }
}

/// Valencia: how often a mission was met by the players who had it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MissionRate {
    pub mission: String,
    pub success: SuccessRate,
}

/// The statistics of one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct GameStats {
    pub game: GameId,
    /// Finished plays.
    pub plays: u32,
    /// Player scores counted (one per player and play of a points game, when it has one).
    pub scores: u32,
    pub average_score: Option<f64>,
    pub high: Option<ScoreRecord>,
    pub low: Option<ScoreRecord>,
    /// Width of the distribution's buckets.
    pub bucket_width: u32,
    /// Every bucket from the lowest score's to the highest's, lowest first: those no score falls
    /// in are there with a count of 0 (a histogram without gaps).
    pub distribution: Vec<ScoreBucket>,
    /// In category key order.
    pub categories: Vec<CategoryAverage>,
    /// Plays per rule profile / module / scenario, most played first.
    pub variants: Vec<UsageCount>,
    /// Plays per player count, fewest players first (`key` is the count).
    pub player_counts: Vec<UsageCount>,
    /// Valencia missions, by id.
    pub missions: Vec<MissionRate>,
    /// Citadelles: districts in final cities (wonders included), most built first.
    pub districts: Vec<UsageCount>,
    /// Citadelles: characters revealed in the last round, most used first.
    pub characters: Vec<UsageCount>,
}

/// A player's results against one opponent in competitive plays they both sat at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct HeadToHead {
    pub opponent_id: Id,
    pub opponent_name: String,
    pub plays: u32,
    /// Plays the player ranked better.
    pub wins: u32,
    pub losses: u32,
    pub ties: u32,
}

/// A player's scores in one game: the plays with a score (a result recorded without one, from
/// a BG Stats import, counts for plays and wins, not here).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayerGameRecord {
    pub game: GameId,
    /// Plays of it with a score.
    pub plays: u32,
    pub best: i32,
    pub worst: i32,
    pub average: f64,
}

/// The most played of something.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Favourite {
    pub game: GameId,
    /// The game id, variant id or character id / rank.
    pub key: String,
    pub plays: u32,
}

/// The rows (game, key, count), most first, tied for the highest count: every favourite, none
/// left out by an arbitrary pick.
fn most_played(counts: Vec<(String, String, u32)>) -> Result<Vec<Favourite>> {
    let most = counts.first().map_or(0, |c| c.2);
    counts
        .into_iter()
        .take_while(|c| c.2 == most)
        .map(|(game, key, plays)| Ok(Favourite { game: game_of(&game)?, key, plays }))
        .collect()
}

/// A roster line's play count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayerPlayCount {
    pub player_id: Id,
    /// Finished plays of our games.
    pub plays: u32,
    /// Plays of other games (BG Stats imports).
    pub other_plays: u32,
}

/// The statistics of one player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayerStats {
    pub player_id: Id,
    pub name: String,
    /// Finished plays of every kind.
    pub plays: u32,
    /// Competitive plays (points, objective race): a win is a first place, shared or not.
    pub competitive: SuccessRate,
    /// Co-op plays: the table won.
    pub coop: SuccessRate,
    pub solo: SuccessRate,
    /// Longest run of competitive wins in a row (by start time).
    pub longest_win_streak: u32,
    /// Competitive wins since the last competitive play not won.
    pub current_win_streak: u32,
    /// By opponent name.
    pub head_to_head: Vec<HeadToHead>,
    /// The most played games: every one tied for the most plays (empty without plays), by id.
    pub favourite_games: Vec<Favourite>,
    /// The most played variants (rule profile, module or scenario) of any game, ties all named.
    pub favourite_variants: Vec<Favourite>,
    /// Citadelles: the characters most revealed in last rounds, ties all named, by id or rank.
    pub favourite_characters: Vec<Favourite>,
    /// The largest h such that h games were each played at least h times.
    pub h_index: u32,
    /// Best, worst and average score per game played for points (co-op, solo and the duel
    /// have their own figures).
    pub records: Vec<PlayerGameRecord>,
    /// Plays of games Greffier does not know (BG Stats imports), with the wins BG Stats
    /// recorded: the rest of the player's overall record.
    pub other_games: super::OtherGamesRecord,
}

/// Success of a scenario under one condition (a player count, a difficulty).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScenarioBreakdown {
    pub key: String,
    pub success: SuccessRate,
}

/// The statistics of one co-op or solo scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScenarioStats {
    pub game: GameId,
    pub variant: String,
    pub outcome: OutcomeKind,
    pub success: SuccessRate,
    pub by_player_count: Vec<ScenarioBreakdown>,
    /// By the difficulty the game recorded (`easy`, `normal`, `one_per_round`, `in_order`,
    /// `hard`); plays without one are left out.
    pub by_difficulty: Vec<ScenarioBreakdown>,
    pub average_round_reached: Option<f64>,
    /// The earliest round a won play was won in (`None` without a win).
    pub fastest_win: Option<u32>,
    /// Lost plays: the event of the round they were lost in, most fatal first.
    pub lost_at_events: Vec<UsageCount>,
}

/// Plays started in one month (`YYYY-MM`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MonthCount {
    pub month: String,
    pub plays: u32,
}

/// The longest run of wins in competitive results in the order played, and the wins since the
/// last play not won.
fn win_streaks(wins_in_order: &[bool]) -> (u32, u32) {
    let (mut longest, mut current) = (0u32, 0u32);
    for &won in wins_in_order {
        if won {
            current += 1;
            longest = longest.max(current);
        } else {
            current = 0;
        }
    }
    (longest, current)
}

fn game_of(s: &str) -> rusqlite::Result<GameId> {
    s.parse().map_err(|_| {
        rusqlite::Error::FromSqlConversionFailure(
            0,
            rusqlite::types::Type::Text,
            format!("unknown game {s}").into(),
        )
    })
}

impl Store {
    fn usage(&self, sql: &str, args: impl rusqlite::Params) -> Result<Vec<UsageCount>> {
        let mut stmt = self.conn.prepare_cached(sql)?;
        let rows = stmt.query_map(args, |r| Ok(UsageCount { key: r.get(0)?, count: r.get(1)? }))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Counts the values of a list under each player of `game`'s table states
    /// (`players[].<list>[]`, or `players[].<list>[].<field>` with `field`).
    fn player_list_usage(&self, game: GameId, list: &str, field: Option<&str>) -> Result<Vec<UsageCount>> {
        // A stored state may hold anything: non-objects and non-scalars are skipped without
        // ever being parsed as JSON.
        let (value, scalar) = match field {
            None => ("x.value".to_owned(), "x.type IN ('text', 'integer')".to_owned()),
            Some(f) => (
                format!("CASE WHEN x.type = 'object' THEN json_extract(x.value, '$.{f}') END"),
                format!("x.type = 'object' AND json_type(x.value, '$.{f}') IN ('text', 'integer')"),
            ),
        };
        let sql = format!(
            "SELECT CAST(v AS TEXT) AS k, COUNT(*) FROM (
                SELECT {value} AS v
                  FROM plays p JOIN table_states t ON t.play_id = p.id
                  JOIN json_each(t.state_json, '$.players') pl
                  JOIN json_each(CASE WHEN pl.type = 'object' THEN pl.value ELSE '{{}}' END, '$.{list}') x
                 WHERE p.game = ?1 AND {COUNTED} AND {scalar})
              GROUP BY k ORDER BY COUNT(*) DESC, k"
        );
        self.usage(&sql, [game.as_str()])
    }

    /// The statistics of `game`; scores grouped in buckets `bucket_width` wide (0: the game's
    /// own width, `Game::score_bucket_width`).
    pub fn game_stats(&self, game: GameId, bucket_width: u32) -> Result<GameStats> {
        let width = if bucket_width == 0 { game.game().score_bucket_width() } else { bucket_width.min(1000) };
        let g = game.as_str();
        // Everything but the lists read from table states comes from the summaries (see
        // `summary`): a few hundred rows however long the history.
        let plays: u32 = self.conn.query_row(
            "SELECT IFNULL(SUM(plays), 0) FROM stat_plays WHERE game = ?1",
            [g],
            |r| r.get(0),
        )?;
        // AVG over integers is their exact sum over their count: the same division here.
        let (scores, average): (u32, Option<f64>) = self.conn.query_row(
            "SELECT IFNULL(SUM(n), 0), CAST(SUM(total * n) AS REAL) / SUM(n)
               FROM stat_results WHERE game = ?1 AND outcome = 'points' AND n > 0",
            [g],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let (districts, characters) = self.table_lists(game)?;
        Ok(GameStats {
            game,
            plays,
            scores,
            average_score: average,
            high: self.score_record(g, "MAX")?,
            low: self.score_record(g, "MIN")?,
            bucket_width: width,
            distribution: self.score_distribution(g, width)?,
            categories: self.category_averages(g)?,
            variants: self.usage(
                "SELECT variant, SUM(plays) FROM stat_plays WHERE game = ?1
                  GROUP BY variant HAVING SUM(plays) > 0 ORDER BY SUM(plays) DESC, variant",
                [g],
            )?,
            player_counts: self.usage(
                "SELECT CAST(player_count AS TEXT), SUM(plays) FROM stat_plays WHERE game = ?1
                  GROUP BY player_count HAVING SUM(plays) > 0 ORDER BY player_count",
                [g],
            )?,
            missions: self.mission_rates(game)?,
            districts,
            characters,
        })
    }

    /// The high (`extreme` is `MAX`) or the low (`MIN`) of a game's points: every seat that
    /// shares it, the first few named, all counted.
    fn score_record(&self, g: &str, extreme: &str) -> Result<Option<ScoreRecord>> {
        let rows = self
            .conn
            .prepare_cached(&format!(
                "SELECT s.play_id, s.player_id, pl.name, s.total, s.started_at, COUNT(*) OVER ()
                   FROM stat_seats s JOIN players pl ON pl.id = s.player_id
                  WHERE s.game = ?1 AND s.outcome = 'points'
                    AND s.total = (SELECT {extreme}(total) FROM stat_seats WHERE game = ?1 AND outcome = 'points')
                  ORDER BY s.started_at, s.play_id, s.seat LIMIT ?2"
            ))?
            .query_map(params![g, super::plays::sql_int(MAX_RECORD_HOLDERS)], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i32>(3)?,
                    parse_time(&r.get::<_, String>(4)?)?,
                    r.get::<_, u32>(5)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let Some(&(_, _, _, total, _, holders_count)) = rows.first() else {
            return Ok(None);
        };
        let holders = rows
            .into_iter()
            .map(|(play, player, player_name, _, started_at, _)| {
                Ok(RecordHolder { play_id: to_id(play)?, player_id: to_id(player)?, player_name, started_at })
            })
            .collect::<Result<_>>()?;
        Ok(Some(ScoreRecord { total, holders, holders_count }))
    }

    /// A game's points in buckets `width` wide, without gaps.
    fn score_distribution(&self, g: &str, width: u32) -> Result<Vec<ScoreBucket>> {
        // Floor division, so that negative totals fall in the bucket below zero.
        let mut stmt = self.conn.prepare_cached(
            "SELECT total - (((total % ?2) + ?2) % ?2) AS bucket, SUM(n)
               FROM stat_results WHERE game = ?1 AND outcome = 'points' AND n > 0
              GROUP BY bucket ORDER BY bucket",
        )?;
        let filled = stmt
            .query_map(params![g, width], |r| Ok(ScoreBucket { from: r.get(0)?, count: r.get(1)? }))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(with_empty_buckets(filled, width))
    }

    /// A game's average points per category, in key order.
    fn category_averages(&self, g: &str) -> Result<Vec<CategoryAverage>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT category, CAST(points AS REAL) / samples, samples
               FROM stat_categories WHERE game = ?1 AND samples > 0 ORDER BY category",
        )?;
        let categories = stmt
            .query_map([g], |r| {
                Ok(CategoryAverage { category: r.get(0)?, average: r.get(1)?, samples: r.get(2)? })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(categories)
    }

    /// How often each mission was met by the players who had it (Valencia's: a game records
    /// mission results in its scoreboard's facts, none for the others).
    fn mission_rates(&self, game: GameId) -> Result<Vec<MissionRate>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT mission, had, met FROM stat_missions WHERE game = ?1 AND had > 0 ORDER BY mission",
        )?;
        let missions = stmt
            .query_map([game.as_str()], |r| {
                Ok(MissionRate { mission: r.get(0)?, success: SuccessRate::new(r.get(1)?, r.get(2)?) })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(missions)
    }

    /// The lists the game's contract names in its table states ([`crate::games::Game::table_stats`]):
    /// what the players built by the end (Citadelles' districts, its custom wonders by name with
    /// them), most built first, and the characters revealed in the last round, most used first.
    fn table_lists(&self, game: GameId) -> Result<(Vec<UsageCount>, Vec<UsageCount>)> {
        let lists = game.game().table_stats();
        let mut built: Vec<UsageCount> = Vec::new();
        for &(list, field) in lists.built {
            for c in self.player_list_usage(game, list, field)? {
                match built.iter_mut().find(|d| d.key == c.key) {
                    Some(d) => d.count += c.count,
                    None => built.push(c),
                }
            }
        }
        built.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.key.cmp(&b.key)));
        let characters = match lists.last_round_characters {
            Some(list) => self.player_list_usage(game, list, None)?,
            None => Vec::new(),
        };
        Ok((built, characters))
    }

    /// A player's plays and wins among results of the outcomes `outcome_sql` lists, with a
    /// score or without; a win is the seat's `winner` (`by_seat`) or the table's `won`.
    fn success(&self, player: Id, outcome_sql: &str, by_seat: bool) -> Result<SuccessRate> {
        let won = if by_seat { "winner" } else { "won" };
        let (plays, wins): (u32, u32) = self
            .conn
            .prepare_cached(&format!(
                "SELECT IFNULL(SUM(n), 0), IFNULL(SUM(n * {won}), 0) FROM (
                    SELECT n, winner, won FROM stat_results
                     WHERE player_id = ?1 AND outcome IN ({outcome_sql}) AND n > 0
                    UNION ALL
                    SELECT n, winner, won FROM stat_unscored_results
                     WHERE player_id = ?1 AND outcome IN ({outcome_sql}) AND n > 0)"
            ))?
            .query_row([player], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(SuccessRate::new(plays, wins))
    }

    /// How many finished plays each player of the roster sat at: ours and other games'
    /// (the roster shows it beside each name).
    pub fn player_play_counts(&self) -> Result<Vec<PlayerPlayCount>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT pl.id,
                    (SELECT IFNULL(SUM(plays), 0) FROM stat_player_plays s WHERE s.player_id = pl.id),
                    (SELECT COUNT(DISTINCT o.other_play_id) FROM other_play_seats o WHERE o.player_id = pl.id)
               FROM players pl WHERE pl.merged_into IS NULL ORDER BY pl.id",
        )?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, u32>(1)?, r.get::<_, u32>(2)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(id, ours, others)| {
                Ok(PlayerPlayCount { player_id: to_id(id)?, plays: ours, other_plays: others })
            })
            .collect()
    }

    /// The most played games (`by_variant` false) or variants of a player: every one tied for
    /// the most plays, in the order of their game's and variant's ids (none without plays).
    fn favourites(&self, player: Id, by_variant: bool) -> Result<Vec<Favourite>> {
        let key = if by_variant { "variant" } else { "game" };
        let counts: Vec<(String, String, u32)> = self
            .conn
            .prepare_cached(&format!(
                "SELECT game, {key}, SUM(plays) FROM stat_player_plays WHERE player_id = ?1
                  GROUP BY game, {key} HAVING SUM(plays) > 0 ORDER BY SUM(plays) DESC, game, {key}"
            ))?
            .query_map([player], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        most_played(counts)
    }

    /// A player's competitive results (won or not) in the order the plays started; plays started
    /// at the same moment in the order of their uuids, which every device of a shared history
    /// has (not their ids, which are each device's own).
    fn wins_in_order(&self, player: Id) -> Result<Vec<bool>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT started_at, play_id, winner FROM stat_seats WHERE player_id = ?1 ORDER BY started_at, play_id",
        )?;
        let mut rows: Vec<(String, i64, bool)> = stmt
            .query_map([player], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let mut uuid = self.conn.prepare_cached("SELECT uuid FROM plays WHERE id = ?1")?;
        let mut start = 0;
        while start < rows.len() {
            let end = start + rows[start..].iter().take_while(|r| r.0 == rows[start].0).count();
            if end - start > 1 {
                let mut keyed = Vec::with_capacity(end - start);
                for row in &rows[start..end] {
                    keyed.push((uuid.query_row([row.1], |r| r.get::<_, String>(0))?, row.clone()));
                }
                keyed.sort_by(|a, b| a.0.cmp(&b.0));
                for (slot, (_, row)) in rows[start..end].iter_mut().zip(keyed) {
                    *slot = row;
                }
            }
            start = end;
        }
        Ok(rows.into_iter().map(|r| r.2).collect())
    }

    /// The statistics of one player.
    pub fn player_stats(&self, player: Id) -> Result<PlayerStats> {
        let who = self.player(player)?;
        let plays: u32 = self
            .conn
            .prepare_cached("SELECT IFNULL(SUM(plays), 0) FROM stat_player_plays WHERE player_id = ?1")?
            .query_row([player], |r| r.get(0))?;
        let (longest, current) = win_streaks(&self.wins_in_order(player)?);
        Ok(PlayerStats {
            player_id: player,
            name: who.name,
            plays,
            competitive: self.success(player, "'points', 'objective_race'", true)?,
            coop: self.success(player, "'coop'", false)?,
            solo: self.success(player, "'solo'", false)?,
            longest_win_streak: longest,
            current_win_streak: current,
            head_to_head: self.head_to_head(player)?,
            favourite_games: self.favourites(player, false)?,
            favourite_variants: self.favourites(player, true)?,
            favourite_characters: self.favourite_characters(player)?,
            h_index: self.h_index(player)?,
            records: self.player_records(player)?,
            other_games: self.other_games_record(player)?,
        })
    }

    /// A player's results against each opponent, by opponent name.
    fn head_to_head(&self, player: Id) -> Result<Vec<HeadToHead>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT x.opponent_id, op.name, x.plays, x.wins, x.losses, x.ties
               FROM stat_pairs x JOIN players op ON op.id = x.opponent_id
              WHERE x.player_id = ?1 AND x.plays > 0
              ORDER BY op.name COLLATE french",
        )?;
        stmt.query_map([player], |r| {
            Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .into_iter()
        .map(|(id, opponent_name, plays, wins, losses, ties)| {
            Ok(HeadToHead { opponent_id: to_id(id)?, opponent_name, plays, wins, losses, ties })
        })
        .collect()
    }

    /// The characters a player revealed most in last rounds (Citadelles', see
    /// [`crate::games::Game::table_stats`]), ties all named.
    fn favourite_characters(&self, player: Id) -> Result<Vec<Favourite>> {
        let mut characters: Vec<(String, String, u32)> = Vec::new();
        for game in GameId::ALL {
            let Some(list) = game.game().table_stats().last_round_characters else { continue };
            let rows = self
                .conn
                .prepare_cached(&format!(
                    "SELECT ?2, CAST(x.value AS TEXT) AS k, COUNT(*)
                       FROM seats s JOIN plays p ON p.id = s.play_id JOIN table_states t ON t.play_id = p.id
                       JOIN json_each(t.state_json, '$.players[' || s.seat || '].{list}') x
                      WHERE s.player_id = ?1 AND p.game = ?2 AND {COUNTED} AND x.type IN ('text', 'integer')
                      GROUP BY k ORDER BY COUNT(*) DESC, k"
                ))?
                .query_map(params![player, game.as_str()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            characters.extend(rows);
        }
        // Most revealed first, as each game's query gives them (a stable sort).
        characters.sort_by_key(|c| std::cmp::Reverse(c.2));
        most_played(characters)
    }

    /// The largest h such that the player played h games at least h times each.
    fn h_index(&self, player: Id) -> Result<u32> {
        let mut per_game: Vec<u32> = self
            .conn
            .prepare_cached(
                "SELECT SUM(plays) FROM stat_player_plays WHERE player_id = ?1 GROUP BY game HAVING SUM(plays) > 0",
            )?
            .query_map([player], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        per_game.sort_unstable_by(|a, b| b.cmp(a));
        Ok((1..).zip(&per_game).map(|(pos, n)| pos.min(*n)).max().unwrap_or(0))
    }

    /// A player's best, worst and average points per game played for points.
    fn player_records(&self, player: Id) -> Result<Vec<PlayerGameRecord>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT game, SUM(n), MAX(total), MIN(total), CAST(SUM(total * n) AS REAL) / SUM(n)
               FROM stat_results WHERE player_id = ?1 AND outcome = 'points' AND n > 0
              GROUP BY game ORDER BY game",
        )?;
        let records = stmt
            .query_map([player], |r| {
                Ok(PlayerGameRecord {
                    game: game_of(&r.get::<_, String>(0)?)?,
                    plays: r.get(1)?,
                    best: r.get(2)?,
                    worst: r.get(3)?,
                    average: r.get(4)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(records)
    }

    /// The co-op and solo scenarios of `game` that were played, by variant id.
    pub fn scenario_stats(&self, game: GameId) -> Result<Vec<ScenarioStats>> {
        let g = game.as_str();
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT p.variant, p.outcome, COUNT(*), SUM(p.won IS 1), AVG(p.round_reached)
               FROM plays p WHERE p.game = ?1 AND {COUNTED} AND {SCENARIOS}
              GROUP BY p.variant, p.outcome ORDER BY p.variant"
        ))?;
        let rows = stmt
            .query_map([g], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?
            .collect::<rusqlite::Result<Vec<(String, String, u32, u32, Option<f64>)>>>()?;
        let mut out = Vec::with_capacity(rows.len());
        for (variant, outcome, plays, wins, average_round_reached) in rows {
            let outcome = OutcomeKind::parse(&outcome)
                .ok_or_else(|| StoreError::NotFound { what: "outcome", id: outcome.clone() })?;
            let breakdown = |key_sql: &str, from: &str| -> Result<Vec<ScenarioBreakdown>> {
                let mut stmt = self.conn.prepare_cached(&format!(
                    "SELECT k, COUNT(*), SUM(won IS 1) FROM (
                        SELECT {key_sql} AS k, p.won AS won FROM plays p {from}
                         WHERE p.game = ?1 AND p.variant = ?2 AND p.outcome = ?3 AND {COUNTED} AND {SCENARIOS})
                      WHERE typeof(k) IN ('text', 'integer', 'real') GROUP BY k ORDER BY k"
                ))?;
                let rows = stmt.query_map(params![g, variant, outcome.as_str()], |r| {
                    Ok(ScenarioBreakdown {
                        key: r.get::<_, rusqlite::types::Value>(0).map(|v| match v {
                            rusqlite::types::Value::Integer(i) => i.to_string(),
                            rusqlite::types::Value::Real(f) => f.to_string(),
                            rusqlite::types::Value::Text(t) => t,
                            _ => String::new(),
                        })?,
                        success: SuccessRate::new(r.get(1)?, r.get(2)?),
                    })
                })?;
                Ok(rows.collect::<rusqlite::Result<_>>()?)
            };
            let by_player_count = breakdown("p.player_count", "")?;
            let by_difficulty = breakdown("p.difficulty", "")?;
            let lost_at_events = self.usage(
                &format!(
                    "SELECT p.lost_event, COUNT(*) FROM plays p
                      WHERE p.game = ?1 AND p.variant = ?2 AND p.outcome = ?3 AND {COUNTED} AND {SCENARIOS}
                        AND p.won = 0 AND p.lost_event IS NOT NULL
                      GROUP BY p.lost_event ORDER BY COUNT(*) DESC, p.lost_event"
                ),
                params![g, variant, outcome.as_str()],
            )?;
            let fastest_win: Option<u32> = self.conn.query_row(
                &format!(
                    "SELECT MIN(p.round_reached) FROM plays p
                      WHERE p.game = ?1 AND p.variant = ?2 AND p.outcome = ?3 AND {COUNTED} AND {SCENARIOS} AND p.won = 1"
                ),
                params![g, variant, outcome.as_str()],
                |r| r.get(0),
            )?;
            out.push(ScenarioStats {
                game,
                variant,
                outcome,
                success: SuccessRate::new(plays, wins),
                by_player_count,
                by_difficulty,
                average_round_reached,
                fastest_win,
                lost_at_events,
            });
        }
        Ok(out)
    }

    /// Finished plays per month of start (UTC), from the first month with a play to the last,
    /// months without plays included; restricted to one game and/or one player when given.
    pub fn activity(&self, game: Option<GameId>, player: Option<Id>) -> Result<Vec<MonthCount>> {
        let game = game.map(GameId::as_str);
        let row = |r: &rusqlite::Row<'_>| Ok(MonthCount { month: r.get(0)?, plays: r.get(1)? });
        let counted = match player {
            None => self
                .conn
                .prepare_cached(
                    "SELECT month, SUM(plays) FROM stat_plays WHERE (?1 IS NULL OR game = ?1)
                      GROUP BY month HAVING SUM(plays) > 0 ORDER BY month",
                )?
                .query_map([game], row)?
                .collect::<rusqlite::Result<Vec<_>>>()?,
            // A player sits once at a play: their seats count their plays.
            Some(player) => self
                .conn
                .prepare_cached(
                    "SELECT month, SUM(plays) FROM stat_player_plays WHERE player_id = ?2 AND (?1 IS NULL OR game = ?1)
                      GROUP BY month HAVING SUM(plays) > 0 ORDER BY month",
                )?
                .query_map(params![game, player], row)?
                .collect::<rusqlite::Result<Vec<_>>>()?,
        };
        let parse = |m: &str| NaiveDate::parse_from_str(&format!("{m}-01"), "%Y-%m-%d").ok();
        let (Some(first), Some(last)) =
            (counted.first().and_then(|m| parse(&m.month)), counted.last().and_then(|m| parse(&m.month)))
        else {
            return Ok(counted);
        };
        let mut months = Vec::new();
        let mut at = first;
        let mut given = counted.into_iter().peekable();
        // At most a few centuries of months: dates come from RFC 3339 text.
        while at <= last && months.len() < 12 * 500 {
            let month = format!("{:04}-{:02}", at.year(), at.month());
            let plays = match given.peek() {
                Some(m) if m.month == month => given.next().map_or(0, |m| m.plays),
                _ => 0,
            };
            months.push(MonthCount { month, plays });
            at = match at.checked_add_months(chrono::Months::new(1)) {
                Some(next) => next,
                None => break,
            };
        }
        Ok(months)
    }
}

/// The most buckets a distribution is filled out to: past it (a stray total far from the others)
/// the empty buckets are left out rather than listed by the thousand.
const MOST_BUCKETS: i64 = 1000;

/// `filled` (the buckets some score falls in, lowest first) with the empty buckets between them.
fn with_empty_buckets(filled: Vec<ScoreBucket>, width: u32) -> Vec<ScoreBucket> {
    let (Some(first), Some(last)) = (filled.first(), filled.last()) else { return filled };
    let span = (i64::from(last.from) - i64::from(first.from)) / i64::from(width) + 1;
    if span > MOST_BUCKETS {
        return filled;
    }
    let mut counts = filled.iter().map(|b| (b.from, b.count)).peekable();
    (0..span)
        .map(|k| {
            // Within i32: between two buckets' starts, both i32.
            let from = i32::try_from(i64::from(first.from) + k * i64::from(width)).unwrap_or(i32::MAX);
            let count = counts.next_if(|&(f, _)| f == from).map_or(0, |(_, c)| c);
            ScoreBucket { from, count }
        })
        .collect()
}
