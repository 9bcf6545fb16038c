//! The statistics summaries (`stat_*` tables, migration 0008): what the counted plays
//! (finished, outside the bin) contribute to each statistic, kept up to date on write so that
//! the statistics screens read a few hundred rows instead of joining every play.
//!
//! The rule every write path follows, inside its transaction: [`remove`] the contribution of
//! the plays it is about to change (computed from the rows as they are), change them, then
//! [`add`] their contribution back (computed from the rows as they became). Both add up the
//! same contribution, with opposite signs, so whatever a write does to a play — finish, correct,
//! re-date, delete, restore, merge its players — the summaries stay the sum over the counted
//! plays. Imports only add plays: they add up their [`Additions`] as they write them.
//! A migration that changes stored results must [`rebuild`] them. The property test
//! `maintained_statistics_equal_a_recomputation` checks all this against [`rebuild`].

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use rusqlite::{Connection, params};

use super::Result;
use super::plays::{OutcomeColumns, sql_int};
use crate::games::{GameId, Scoreboard};

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
            Scope::Play(_) => "p.id = ?1",
            Scope::After(_) => "p.id > ?1",
            Scope::Player(_) => "p.id IN (SELECT play_id FROM seats WHERE player_id = ?1)",
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

/// The counted plays of the scope (`?1`), each with its seats and their results (`rank` NULL
/// without one, `total` NULL without one or when the result has no score; no seat columns for
/// a play without seats), a play's rows together.
const PLAYS: &str =
    "SELECT p.id, p.game, p.variant, substr(p.started_at, 1, 7), p.started_at, p.player_count,
            IFNULL(p.outcome, ''), p.won IS 1, s.seat, s.player_id, r.total, r.rank, r.winner
       FROM plays p LEFT JOIN seats s ON s.play_id = p.id
       LEFT JOIN results r ON r.play_id = s.play_id AND r.seat = s.seat
      WHERE {scope} AND {counted}
      ORDER BY p.id, s.seat";

/// The category points of the counted points plays of the scope.
const CATEGORIES: &str = "SELECT p.game, c.category, c.points
       FROM plays p JOIN category_points c ON c.play_id = p.id
      WHERE {scope} AND {counted} AND p.outcome = 'points'";

/// The mission results of the counted plays of the scope.
const MISSIONS: &str = "SELECT p.game, m.mission, m.met
       FROM plays p JOIN mission_results m ON m.play_id = p.id
      WHERE {scope} AND {counted}";

fn sql(template: &str, scope: Scope) -> String {
    template.replace("{scope}", scope.sql()).replace("{counted}", COUNTED)
}

/// A seat of a counted play, with its result if it has one.
struct Seat {
    seat: i64,
    player_id: i64,
    result: Option<SeatResult>,
}

#[derive(Clone, Copy)]
struct SeatResult {
    /// `None` for a result recorded without a score (`results.total` NULL).
    total: Option<i64>,
    rank: i64,
    winner: bool,
}

/// `stat_plays`' key: game, month, variant, player count.
type PlaysKey = (Rc<str>, Rc<str>, Rc<str>, i64);
/// `stat_player_plays`' key: player, game, variant, month.
type PlayerPlaysKey = (i64, Rc<str>, Rc<str>, Rc<str>);
/// `stat_results`' key: game, outcome, player, total, winner, won.
type ResultsKey = (Rc<str>, Rc<str>, i64, i64, bool, bool);
/// `stat_unscored_results`' key: game, outcome, player, winner, won.
type UnscoredResultsKey = (Rc<str>, Rc<str>, i64, bool, bool);

/// Per game and name (a category, a mission): how many rows, and the sum of their values.
type Sums = HashMap<(String, String), (i64, i64)>;

/// Counts one row (game, name, value) in `sums`.
fn count(sums: &mut Sums, game: String, name: String, value: i64) {
    let sum = sums.entry((game, name)).or_default();
    sum.0 += 1;
    sum.1 += value;
}

/// Adds the rows of `template` (game, name, value) for the scope to `sums`.
fn add_sums(conn: &Connection, template: &str, scope: Scope, sums: &mut Sums) -> Result<()> {
    let mut stmt = conn.prepare_cached(&sql(template, scope))?;
    let mut rows = stmt.query([scope.arg()])?;
    while let Some(row) = rows.next()? {
        count(sums, row.get(0)?, row.get(1)?, row.get(2)?);
    }
    Ok(())
}

/// Adds `sign` times `sums` to a table keyed by game and name, through `upsert` (?1 game,
/// ?2 name, ?3 count, ?4 sum).
fn write_sums(conn: &Connection, upsert: &str, sums: &Sums, sign: i64) -> Result<()> {
    let mut stmt = conn.prepare_cached(upsert)?;
    for ((game, name), (count, sum)) in sums {
        stmt.execute(params![game, name, sign * count, sign * sum])?;
    }
    Ok(())
}

/// What the counted plays of a scope contribute to each counting summary, added up in memory
/// (one grouped `INSERT … SELECT` per summary sorted every seat of an import again,
/// a third of a backup import's instructions), keyed as each table is.
#[derive(Default)]
struct Contribution {
    plays: HashMap<PlaysKey, i64>,
    player_plays: HashMap<PlayerPlaysKey, i64>,
    results: HashMap<ResultsKey, i64>,
    unscored_results: HashMap<UnscoredResultsKey, i64>,
    /// Samples and points.
    categories: Sums,
    /// Plays that had the mission, and how many met it.
    missions: Sums,
    /// Plays, wins, losses, ties of the first player against the second.
    pairs: HashMap<(i64, i64), [i64; 4]>,
}

/// A counted play, as [`PLAYS`] reads it or as an import writes it ([`Additions`]).
struct Play {
    id: i64,
    game: Rc<str>,
    variant: Rc<str>,
    /// `started_at`'s first seven characters (`YYYY-MM`).
    month: Rc<str>,
    /// As stored (`fmt_time`).
    started_at: Rc<str>,
    player_count: i64,
    /// The `outcome` column, empty for a play without one.
    outcome: Rc<str>,
    won: bool,
    seats: Vec<Seat>,
}

impl Play {
    /// Competitive plays (points, objective race) rank their players: head to head and
    /// `stat_seats` read only those.
    fn competitive(&self) -> bool {
        matches!(&*self.outcome, "points" | "objective_race")
    }
}

impl Contribution {
    /// Adds one counted play; `seat_row` receives each row it adds to `stat_seats`.
    fn add(
        &mut self,
        play: &Play,
        seat_row: &mut dyn FnMut(&Play, &Seat, SeatResult) -> Result<()>,
    ) -> Result<()> {
        let key = (play.game.clone(), play.month.clone(), play.variant.clone(), play.player_count);
        *self.plays.entry(key).or_default() += 1;
        for seat in &play.seats {
            let key = (seat.player_id, play.game.clone(), play.variant.clone(), play.month.clone());
            *self.player_plays.entry(key).or_default() += 1;
            let Some(result) = seat.result else { continue };
            match result.total {
                Some(total) => {
                    let key = (
                        play.game.clone(),
                        play.outcome.clone(),
                        seat.player_id,
                        total,
                        result.winner,
                        play.won,
                    );
                    *self.results.entry(key).or_default() += 1;
                }
                None => {
                    let key =
                        (play.game.clone(), play.outcome.clone(), seat.player_id, result.winner, play.won);
                    *self.unscored_results.entry(key).or_default() += 1;
                }
            }
            if play.competitive() {
                seat_row(play, seat, result)?;
            }
        }
        if play.competitive() {
            for a in &play.seats {
                for b in &play.seats {
                    let (Some(ra), Some(rb)) = (a.result, b.result) else { continue };
                    if a.player_id == b.player_id {
                        continue;
                    }
                    let pair = self.pairs.entry((a.player_id, b.player_id)).or_default();
                    pair[0] += 1;
                    pair[1] += i64::from(ra.rank < rb.rank);
                    pair[2] += i64::from(ra.rank > rb.rank);
                    pair[3] += i64::from(ra.rank == rb.rank);
                }
            }
        }
        Ok(())
    }

    /// Adds `sign` (1 or -1) times the contribution to the counting summaries.
    fn write(&self, conn: &Connection, sign: i64) -> Result<()> {
        let mut stmt = conn.prepare_cached(
            "INSERT INTO stat_plays (game, month, variant, player_count, plays) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT DO UPDATE SET plays = plays + excluded.plays",
        )?;
        for ((game, month, variant, player_count), n) in &self.plays {
            stmt.execute(params![&**game, &**month, &**variant, player_count, sign * n])?;
        }
        let mut stmt = conn.prepare_cached(
            "INSERT INTO stat_player_plays (player_id, game, variant, month, plays) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT DO UPDATE SET plays = plays + excluded.plays",
        )?;
        for ((player_id, game, variant, month), n) in &self.player_plays {
            stmt.execute(params![player_id, &**game, &**variant, &**month, sign * n])?;
        }
        let mut stmt = conn.prepare_cached(
            "INSERT INTO stat_results (game, outcome, player_id, total, winner, won, n) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT DO UPDATE SET n = n + excluded.n",
        )?;
        for ((game, outcome, player_id, total, winner, won), n) in &self.results {
            stmt.execute(params![&**game, &**outcome, player_id, total, winner, won, sign * n])?;
        }
        let mut stmt = conn.prepare_cached(
            "INSERT INTO stat_unscored_results (game, outcome, player_id, winner, won, n) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT DO UPDATE SET n = n + excluded.n",
        )?;
        for ((game, outcome, player_id, winner, won), n) in &self.unscored_results {
            stmt.execute(params![&**game, &**outcome, player_id, winner, won, sign * n])?;
        }
        write_sums(
            conn,
            "INSERT INTO stat_categories (game, category, samples, points) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT DO UPDATE SET samples = samples + excluded.samples, points = points + excluded.points",
            &self.categories,
            sign,
        )?;
        write_sums(
            conn,
            "INSERT INTO stat_missions (game, mission, had, met) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT DO UPDATE SET had = had + excluded.had, met = met + excluded.met",
            &self.missions,
            sign,
        )?;
        let mut stmt = conn.prepare_cached(
            "INSERT INTO stat_pairs (player_id, opponent_id, plays, wins, losses, ties) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT DO UPDATE SET plays = plays + excluded.plays, wins = wins + excluded.wins,
                                       losses = losses + excluded.losses, ties = ties + excluded.ties",
        )?;
        for ((player_id, opponent_id), [plays, wins, losses, ties]) in &self.pairs {
            stmt.execute(params![
                player_id,
                opponent_id,
                sign * plays,
                sign * wins,
                sign * losses,
                sign * ties
            ])?;
        }
        Ok(())
    }
}

/// Reads the counted plays of the scope, one at a time.
fn each_play(conn: &Connection, scope: Scope, mut f: impl FnMut(&Play) -> Result<()>) -> Result<()> {
    let mut stmt = conn.prepare_cached(&sql(PLAYS, scope))?;
    let mut rows = stmt.query([scope.arg()])?;
    let mut current: Option<Play> = None;
    // Each play's strings are shared by its seats and every key they count under.
    let text = |row: &rusqlite::Row, i: usize| -> rusqlite::Result<Rc<str>> {
        Ok(Rc::from(row.get_ref(i)?.as_str()?))
    };
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        if current.as_ref().is_none_or(|p| p.id != id) {
            if let Some(done) = current.take() {
                f(&done)?;
            }
            current = Some(Play {
                id,
                game: text(row, 1)?,
                variant: text(row, 2)?,
                month: text(row, 3)?,
                started_at: text(row, 4)?,
                player_count: row.get(5)?,
                outcome: text(row, 6)?,
                won: row.get(7)?,
                seats: Vec::new(),
            });
        }
        if let (Some(play), Some(seat)) = (current.as_mut(), row.get::<_, Option<i64>>(8)?) {
            // A result row always has a rank; its total may be NULL.
            let result = match row.get::<_, Option<i64>>(11)? {
                Some(rank) => Some(SeatResult { total: row.get(10)?, rank, winner: row.get(12)? }),
                None => None,
            };
            play.seats.push(Seat { seat, player_id: row.get(9)?, result });
        }
    }
    if let Some(done) = current {
        f(&done)?;
    }
    Ok(())
}

/// `stat_seats` holds rows, not counts: a seat's row is inserted or deleted as its play is read.
const INSERT_SEAT_ROW: &str =
    "INSERT INTO stat_seats (player_id, started_at, play_id, seat, game, outcome, total, winner)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

fn insert_seat_row(
    stmt: &mut rusqlite::CachedStatement<'_>,
    play: &Play,
    seat: &Seat,
    result: SeatResult,
) -> Result<()> {
    stmt.execute(params![
        seat.player_id,
        &*play.started_at,
        play.id,
        seat.seat,
        &*play.game,
        &*play.outcome,
        result.total,
        result.winner
    ])?;
    Ok(())
}

/// Adds `sign` times the contribution of the counted plays of the scope to every summary.
fn apply(conn: &Connection, scope: Scope, sign: i64) -> Result<()> {
    let mut contribution = Contribution::default();
    let mut seat_row = conn.prepare_cached(if sign > 0 {
        INSERT_SEAT_ROW
    } else {
        "DELETE FROM stat_seats WHERE player_id = ?1 AND started_at = ?2 AND play_id = ?3"
    })?;
    each_play(conn, scope, |play| {
        contribution.add(play, &mut |play, seat, result| {
            if sign > 0 {
                insert_seat_row(&mut seat_row, play, seat, result)
            } else {
                seat_row.execute(params![seat.player_id, &*play.started_at, play.id])?;
                Ok(())
            }
        })
    })?;
    add_sums(conn, CATEGORIES, scope, &mut contribution.categories)?;
    add_sums(conn, MISSIONS, scope, &mut contribution.missions)?;
    contribution.write(conn, sign)
}

/// The contribution of the plays an import adds, added up as it writes them, from the values
/// it writes (reading the new plays back was a tenth of importing a backup). It is
/// what [`add`] would read back from their rows; the property test
/// `maintained_statistics_equal_a_recomputation` holds it to a [`rebuild`].
#[derive(Default)]
pub(super) struct Additions(Contribution);

/// A play an import has just written, as it wrote its rows.
#[derive(Clone, Copy)]
pub(super) struct WrittenPlay<'a> {
    pub id: i64,
    pub game: GameId,
    pub variant: &'a str,
    /// As stored ([`super::plays::fmt_time`]).
    pub started_at: &'a str,
    /// Its seats' players, in seat order.
    pub player_ids: &'a [i64],
    pub board: Option<&'a Scoreboard>,
}

impl Additions {
    /// Adds a counted play (finished, outside the bin) just written, from the values its rows
    /// were written with. Its `stat_seats` rows go in now.
    pub(super) fn add(&mut self, conn: &Connection, written: &WrittenPlay<'_>) -> Result<()> {
        let WrittenPlay { id: play_id, game, variant, started_at, player_ids, board } = *written;
        // What `PLAYS` reads back: the outcome columns as `OutcomeColumns` wrote them, each
        // seat's result row by its seat.
        let outcome = board.map(OutcomeColumns::of);
        let seats = player_ids
            .iter()
            .enumerate()
            .map(|(s, &player_id)| Seat {
                seat: sql_int(s),
                player_id,
                result: board.and_then(|b| b.players.iter().find(|p| usize::from(p.seat) == s)).map(|p| {
                    SeatResult { total: p.total.map(i64::from), rank: i64::from(p.rank), winner: p.winner }
                }),
            })
            .collect();
        let play = Play {
            id: play_id,
            game: game.as_str().into(),
            variant: variant.into(),
            // `substr(started_at, 1, 7)`.
            month: started_at.get(..7).unwrap_or(started_at).into(),
            started_at: started_at.into(),
            player_count: sql_int(player_ids.len()),
            outcome: outcome.as_ref().map_or("", |o| o.outcome).into(),
            won: outcome.as_ref().and_then(|o| o.won) == Some(true),
            seats,
        };
        let mut seat_row = conn.prepare_cached(INSERT_SEAT_ROW)?;
        self.0.add(&play, &mut |play, seat, result| insert_seat_row(&mut seat_row, play, seat, result))?;
        let Some(board) = board else { return Ok(()) };
        // `CATEGORIES`: every category row of a points play.
        if &*play.outcome == "points" {
            for c in board.players.iter().flat_map(|p| &p.categories) {
                count(
                    &mut self.0.categories,
                    game.as_str().to_owned(),
                    c.key.to_string(),
                    i64::from(c.points),
                );
            }
        }
        // `MISSIONS`: mission results are written `INSERT OR REPLACE` by seat and mission, so
        // the last of each pair is the row.
        let mut missions = BTreeMap::new();
        for m in &board.facts.missions {
            missions.insert((m.seat, &*m.mission), m.met);
        }
        for ((_, mission), met) in missions {
            count(&mut self.0.missions, game.as_str().to_owned(), mission.to_owned(), i64::from(met));
        }
        Ok(())
    }

    /// Adds what the plays contribute to the counting summaries.
    pub(super) fn write(&self, conn: &Connection) -> Result<()> {
        self.0.write(conn, 1)
    }
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
const TABLES: [&str; 8] = [
    "stat_plays",
    "stat_player_plays",
    "stat_results",
    "stat_unscored_results",
    "stat_seats",
    "stat_categories",
    "stat_missions",
    "stat_pairs",
];

/// Empties the summaries and fills them from every play (a history migrated from before
/// migration 0008, after its last file; repairs).
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
                    "stat_unscored_results" => i == 5,
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
