//! Partial totals while a sheet is being typed: one incomplete field must not blank every total
//! (issue #14). The table is scored again without the fields the problems name — a player's
//! field, or the item of a player's list holding it — so what is valid still counts; the
//! problems themselves are reported unchanged. Fields of the whole table (variant, players,
//! the seat count) are never dropped: a table wrong there has no partial totals.
//!
//! The live help is given the same way (issue #17: the screen never works out a figure the
//! core did not answer): from the table without the fields the problems name, where a wrong
//! field of the whole table (a round, a team's count, a fountain's value) may be dropped too,
//! so that one wrong entry does not blank the panel's per-seat figures.

use serde_json::Value;

use super::{GameId, Problem, Scoreboard, TableHelp, live_help, score_totals_value};

/// Rounds of dropping fields and scoring again (each round drops what the last one named).
const MAX_ROUNDS: usize = 6;

/// The totals of `raw` without the fields `problems` name, or `None` when a problem is about the
/// whole table. Nobody is a winner in partial totals: the play cannot end like this.
pub fn score_partial(game: GameId, raw: &Value, problems: &[Problem]) -> Option<Scoreboard> {
    let (_, mut board) = reduce(game, raw, problems, Reach::Seats)?;
    for p in &mut board.players {
        p.winner = false;
    }
    Some(board)
}

/// The live help of `raw` without the fields `problems` name, also those of the whole table
/// except its variant and its seats; `None` when even that leaves no valid table.
pub fn help_partial(game: GameId, raw: &Value, problems: &[Problem]) -> Option<TableHelp> {
    let (table, _) = reduce(game, raw, problems, Reach::SeatsAndTable)?;
    live_help(game, &table)
}

/// Which fields may be dropped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Only inside a seat (`players[i].…`).
    Seats,
    /// Inside a seat, and the whole table's own fields (keys, never list items, which would
    /// shift what the seats point at), but never `variant` nor `players`.
    SeatsAndTable,
}

/// Drops what the problems name until the table scores: the table that does, and its totals.
fn reduce(game: GameId, raw: &Value, problems: &[Problem], reach: Reach) -> Option<(Value, Scoreboard)> {
    let mut table = raw.clone();
    let mut dropped: Vec<Vec<Segment>> = Vec::new();
    let mut problems: Vec<Problem> = problems.to_vec();
    for _ in 0..MAX_ROUNDS {
        let mut round = Vec::with_capacity(problems.len());
        for problem in &problems {
            let mut path = parse(&problem.field)?;
            if starts_in_a_seat(&path) {
                // Dropped already and still wrong (a required key): drop what holds it.
                while dropped.contains(&path) && path.len() > MIN_DEPTH {
                    path.pop();
                }
                if path.len() <= MIN_DEPTH {
                    return None;
                }
            } else {
                if reach == Reach::Seats {
                    return None;
                }
                // A table field: a key, never a list's item.
                while matches!(path.last(), Some(Segment::Index(_))) {
                    path.pop();
                }
                let protected =
                    matches!(path.first(), Some(Segment::Key(k)) if k == "variant" || k == "players");
                if path.is_empty() || protected || dropped.contains(&path) {
                    return None;
                }
            }
            round.push(path);
        }
        // Last items first, so that dropping one does not move the next one to drop.
        round.sort_unstable_by(|a, b| b.cmp(a));
        round.dedup();
        for path in round {
            remove(&mut table, &path);
            dropped.push(path);
        }
        match score_totals_value(game, &table) {
            Ok(board) => return Some((table, board)),
            Err(next) => problems = next.0,
        }
    }
    None
}

/// `players[i]` itself is never dropped: the seats must stay.
const MIN_DEPTH: usize = 2;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Segment {
    Key(String),
    Index(usize),
}

fn starts_in_a_seat(path: &[Segment]) -> bool {
    matches!(path, [Segment::Key(k), Segment::Index(_), ..] if k == "players")
}

/// `players[2].missions[0].points` → [players, 2, missions, 0, points]; `None` when unreadable.
fn parse(field: &str) -> Option<Vec<Segment>> {
    let mut out = Vec::new();
    for part in field.split('.') {
        let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if key.is_empty() && out.is_empty() {
            return None;
        }
        if !key.is_empty() {
            out.push(Segment::Key(key.to_owned()));
        }
        while !rest.is_empty() {
            let (index, after) = rest.split_once(']')?;
            out.push(Segment::Index(index.parse().ok()?));
            rest = after.strip_prefix('[').unwrap_or(after);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Removes the value at `path` (a key from its object, an item from its list).
fn remove(table: &mut Value, path: &[Segment]) {
    let Some((last, parents)) = path.split_last() else { return };
    let mut at = table;
    for segment in parents {
        let next = match segment {
            Segment::Key(k) => at.get_mut(k.as_str()),
            Segment::Index(i) => at.get_mut(*i),
        };
        let Some(next) = next else { return };
        at = next;
    }
    match (last, at) {
        (Segment::Key(k), Value::Object(map)) => {
            map.remove(k);
        }
        (Segment::Index(i), Value::Array(items)) if *i < items.len() => {
            items.remove(*i);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_paths_are_read_as_keys_and_indexes() {
        let path = parse("players[2].missions[0].points").expect("path");
        assert_eq!(
            path,
            [
                Segment::Key("players".into()),
                Segment::Index(2),
                Segment::Key("missions".into()),
                Segment::Index(0),
                Segment::Key("points".into()),
            ]
        );
        assert_eq!(parse("players"), Some(vec![Segment::Key("players".into())]));
        assert_eq!(parse("players[x]"), None);
        assert_eq!(parse(""), None);
    }
}
