//! The statistics summaries (`stat_*` tables, migration 0008): what the counted plays
//! (finished, outside the bin) contribute to each statistic, kept up to date on write so that
//! the statistics screens read a few hundred rows instead of joining every play.
//!
//! The rule every write path follows, inside its transaction: [`remove`] the contribution of
//! the plays it is about to change (computed from the rows as they are), change them, then
//! [`add`] their contribution back (computed from the rows as they became). Both run the same
//! statements with opposite signs, so whatever a write does to a play — finish, correct,
//! re-date, delete, restore, merge its players — the summaries stay the sum over the counted
//! plays. Imports only add plays: they [`add`] the new ones at the end, in one pass per table.
//! A migration that changes stored results must [`rebuild`] them. The property test
//! `maintained_statistics_equal_a_recomputation` checks all this against [`rebuild`].

use rusqlite::{Connection, params_from_iter};

use super::Result;

/// The plays a [`remove`] or [`add`] covers.
#[derive(Debug, Clone, Copy)]
pub(super) enum Scope {
    /// One play.
    Play(i64),
    /// Plays whose id is above this one (the plays an import added).
    After(i64),
    /// Every play the player sits at.
    Player(i64),
}

impl Scope {
    fn sql(self) -> &'static str {
        match self {
            Scope::Play(_) => "p.id = ?2",
            Scope::After(_) => "p.id > ?2",
            Scope::Player(_) => "p.id IN (SELECT play_id FROM seats WHERE player_id = ?2)",
        }
    }

    fn arg(self) -> i64 {
        match self {
            Scope::Play(id) | Scope::After(id) | Scope::Player(id) => id,
        }
    }
}

/// The plays statistics count (alias `p`), as the statistics queries count them. The unary `+`
/// keeps SQLite from reading them through the `status` index: the scope picks the plays (an
/// import's 10 000 new ids, not every finished play of the history).
const COUNTED: &str = "+p.status = 'finished' AND p.deleted_at IS NULL";

/// The counted seats of the plays of the scope (`?2`), each with its play and its
/// result (`total` NULL without one), gathered once per [`remove`] or [`add`]: the summaries
/// of seats read this small table instead of joining plays, seats and results again each
/// (about a fifth less for an import).
const GATHER: &str = "INSERT INTO temp.stat_scope
        (play_id, seat, player_id, game, variant, month, started_at, outcome, won, total, rank, winner)
     SELECT p.id, s.seat, s.player_id, p.game, p.variant, substr(p.started_at, 1, 7), p.started_at,
            IFNULL(p.outcome, ''), p.won IS 1, r.total, r.rank, r.winner
       FROM plays p JOIN seats s ON s.play_id = p.id
       LEFT JOIN results r ON r.play_id = s.play_id AND r.seat = s.seat
      WHERE {scope} AND {counted}";

/// Competitive outcomes, in `temp.stat_scope` (`a`).
const COMPETITIVE: &str = "a.outcome IN ('points', 'objective_race')";

/// Statements adding `?1` (1 or -1) times the contribution of the counted plays of the scope
/// (`?2`) to the counting summaries.
const COUNTS: [&str; 6] = [
    "INSERT INTO stat_plays (game, month, variant, player_count, plays)
     SELECT p.game, substr(p.started_at, 1, 7), p.variant, p.player_count, ?1 * COUNT(*)
       FROM plays p WHERE {scope} AND {counted}
      GROUP BY 1, 2, 3, 4
     ON CONFLICT DO UPDATE SET plays = plays + excluded.plays",
    "INSERT INTO stat_player_plays (player_id, game, variant, month, plays)
     SELECT a.player_id, a.game, a.variant, a.month, ?1 * COUNT(*)
       FROM temp.stat_scope a
      GROUP BY 1, 2, 3, 4
     ON CONFLICT DO UPDATE SET plays = plays + excluded.plays",
    "INSERT INTO stat_results (game, outcome, player_id, total, winner, won, n)
     SELECT a.game, a.outcome, a.player_id, a.total, a.winner, a.won, ?1 * COUNT(*)
       FROM temp.stat_scope a WHERE a.total IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5, 6
     ON CONFLICT DO UPDATE SET n = n + excluded.n",
    "INSERT INTO stat_categories (game, category, samples, points)
     SELECT p.game, c.category, ?1 * COUNT(*), ?1 * SUM(c.points)
       FROM plays p JOIN category_points c ON c.play_id = p.id
      WHERE {scope} AND {counted} AND p.outcome = 'points'
      GROUP BY 1, 2
     ON CONFLICT DO UPDATE SET samples = samples + excluded.samples, points = points + excluded.points",
    "INSERT INTO stat_missions (game, mission, had, met)
     SELECT p.game, m.mission, ?1 * COUNT(*), ?1 * SUM(m.met)
       FROM plays p JOIN mission_results m ON m.play_id = p.id
      WHERE {scope} AND {counted}
      GROUP BY 1, 2
     ON CONFLICT DO UPDATE SET had = had + excluded.had, met = met + excluded.met",
    "INSERT INTO stat_pairs (player_id, opponent_id, plays, wins, losses, ties)
     SELECT a.player_id, b.player_id, ?1 * COUNT(*), ?1 * SUM(a.rank < b.rank),
            ?1 * SUM(a.rank > b.rank), ?1 * SUM(a.rank = b.rank)
       FROM temp.stat_scope a JOIN temp.stat_scope b ON b.play_id = a.play_id AND b.player_id <> a.player_id
      WHERE a.total IS NOT NULL AND b.total IS NOT NULL AND {competitive}
      GROUP BY 1, 2
     ON CONFLICT DO UPDATE SET plays = plays + excluded.plays, wins = wins + excluded.wins,
                               losses = losses + excluded.losses, ties = ties + excluded.ties",
];

/// The rows of `stat_seats`: the seats with a result of the counted competitive plays.
const SEATS_FROM: &str = "FROM temp.stat_scope a WHERE a.total IS NOT NULL AND {competitive}";

fn sql(template: &str, scope: Scope) -> String {
    template
        .replace("{seats_from}", SEATS_FROM)
        .replace("{scope}", scope.sql())
        .replace("{counted}", COUNTED)
        .replace("{competitive}", COMPETITIVE)
}

fn apply(conn: &Connection, scope: Scope, sign: i64) -> Result<()> {
    conn.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS stat_scope (
             play_id INTEGER NOT NULL, seat INTEGER NOT NULL, player_id INTEGER NOT NULL, game TEXT NOT NULL,
             variant TEXT NOT NULL, month TEXT NOT NULL, started_at TEXT NOT NULL, outcome TEXT NOT NULL,
             won INTEGER NOT NULL, total INTEGER, rank INTEGER, winner INTEGER,
             PRIMARY KEY (play_id, seat)
         ) WITHOUT ROWID;
         DELETE FROM temp.stat_scope;",
    )?;
    run(conn, &sql(GATHER, scope), sign, scope)?;
    for template in COUNTS {
        run(conn, &sql(template, scope), sign, scope)?;
    }
    // `stat_seats` holds rows, not counts: they are inserted or deleted.
    let rows = if sign > 0 {
        "INSERT INTO stat_seats (player_id, started_at, play_id, seat, game, outcome, total, winner)
         SELECT a.player_id, a.started_at, a.play_id, a.seat, a.game, a.outcome, a.total, a.winner {seats_from}"
    } else {
        "DELETE FROM stat_seats WHERE (player_id, started_at, play_id) IN
             (SELECT a.player_id, a.started_at, a.play_id {seats_from})"
    };
    run(conn, &sql(rows, scope), sign, scope)?;
    // Nothing kept between writes (a rebuild gathers every seat of the history).
    conn.execute("DELETE FROM temp.stat_scope", [])?;
    Ok(())
}

/// Runs a statement with the sign as `?1` and the scope's argument as `?2`, as far as it
/// uses them (SQLite counts parameters up to the highest one used).
fn run(conn: &Connection, sql: &str, sign: i64, scope: Scope) -> Result<()> {
    let mut stmt = conn.prepare_cached(sql)?;
    let args = [sign, scope.arg()];
    let used = stmt.parameter_count().min(args.len());
    stmt.execute(params_from_iter(&args[..used]))?;
    Ok(())
}

/// Takes the contribution of the plays of `scope` out of the summaries, before they change.
pub(super) fn remove(conn: &Connection, scope: Scope) -> Result<()> {
    apply(conn, scope, -1)
}

/// Adds the contribution of the plays of `scope` to the summaries, after they changed.
pub(super) fn add(conn: &Connection, scope: Scope) -> Result<()> {
    apply(conn, scope, 1)
}

/// The summary tables, in the order [`snapshot`] gives them.
const TABLES: [&str; 7] = [
    "stat_plays",
    "stat_player_plays",
    "stat_results",
    "stat_seats",
    "stat_categories",
    "stat_missions",
    "stat_pairs",
];

/// Empties the summaries and fills them from every play (migration 0008; repairs).
pub(super) fn rebuild(conn: &Connection) -> Result<()> {
    for table in TABLES {
        conn.execute(&format!("DELETE FROM {table}"), [])?;
    }
    add(conn, Scope::After(i64::MIN))
}

/// Every non-zero row of every summary, as text, sorted: what tests compare with a rebuild.
pub(super) fn snapshot(conn: &Connection) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for table in TABLES {
        // The last column of each counting table is a count: rows at 0 stand for nothing.
        let mut stmt = conn.prepare(&format!("SELECT * FROM {table}"))?;
        let columns = stmt.column_count();
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let mut values = Vec::with_capacity(columns);
            let mut all_zero_counts = table != "stat_seats";
            for i in 0..columns {
                let v: rusqlite::types::Value = row.get(i)?;
                values.push(format!("{v:?}"));
                let is_count = match table {
                    "stat_plays" | "stat_player_plays" => i == 4,
                    "stat_results" => i == 6,
                    "stat_categories" | "stat_missions" => i >= 2,
                    "stat_pairs" => i >= 2,
                    _ => false,
                };
                if is_count && v != rusqlite::types::Value::Integer(0) {
                    all_zero_counts = false;
                }
            }
            if !all_zero_counts {
                out.push(format!("{table}: {}", values.join(", ")));
            }
        }
    }
    out.sort();
    Ok(out)
}

impl super::Store {
    /// Recomputes the statistics summaries from the plays, in one transaction: a repair, and
    /// what the property test compares the maintained summaries with.
    pub fn rebuild_statistics(&mut self) -> Result<()> {
        let tx = self.conn.transaction()?;
        rebuild(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Every row of the statistics summaries that counts something, as text, sorted (tests
    /// compare it before and after [`super::Store::rebuild_statistics`]).
    #[doc(hidden)]
    pub fn statistics_summaries(&self) -> Result<Vec<String>> {
        snapshot(&self.conn)
    }
}
