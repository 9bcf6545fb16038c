//! Partial totals while a sheet is being typed: one incomplete field must not blank every total.
//! The table is scored again without the fields the problems name — a player's
//! field, or the item of a player's list holding it — so what is valid still counts; the
//! problems themselves are reported unchanged. Fields of the whole table (variant, players,
//! the seat count) are never dropped: a table wrong there has no partial totals.
//!
//! A list's count is left out as `null` rather than removed (its place means something), and
//! the fields left out are given with the totals ([`partial_totals`]), for the screens to say
//! what holds them back.
//!
//! The live help is given the same way (the screen never works out a figure the
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
    partial_totals(game, raw, problems).map(|(board, _)| board)
}

/// [`score_partial`], with the fields the totals leave out (`players[1].fountain_members[2]`…),
/// for the screens to say what holds them back.
pub fn partial_totals(game: GameId, raw: &Value, problems: &[Problem]) -> Option<(Scoreboard, Vec<String>)> {
    let reduced = reduce(game, raw, problems, Reach::Seats)?;
    let mut board = reduced.board;
    for p in &mut board.players {
        p.winner = false;
    }
    Some((board, reduced.left_out.iter().map(|path| field(path)).collect()))
}

/// The live help of `raw` without the fields `problems` name, also those of the whole table
/// except its variant and its seats; `None` when even that leaves no valid table.
pub fn help_partial(game: GameId, raw: &Value, problems: &[Problem]) -> Option<TableHelp> {
    let reduced = reduce(game, raw, problems, Reach::SeatsAndTable)?;
    live_help(game, &reduced.table)
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

/// A table that scores once the fields in `left_out` are taken out of it.
struct Reduced {
    table: Value,
    board: Scoreboard,
    left_out: Vec<Vec<Segment>>,
}

/// Drops what the problems name until the table scores.
///
/// An item of a list that is no object (a count, or what was typed in its place) is left out as
/// `null` (absent, 0) before it is removed: its place in the list means something (a count per
/// fountain, dues per round), and removing it would move the next items to other fountains or
/// rounds. Only when the list refuses `null` (the same field named again) is the item removed.
fn reduce(game: GameId, raw: &Value, problems: &[Problem], reach: Reach) -> Option<Reduced> {
    let mut table = raw.clone();
    let mut dropped: Vec<Vec<Segment>> = Vec::new();
    let mut nulled: Vec<Vec<Segment>> = Vec::new();
    let mut problems: Vec<Problem> = problems.to_vec();
    for _ in 0..MAX_ROUNDS {
        let mut round = Vec::with_capacity(problems.len());
        let mut to_null = Vec::new();
        for problem in &problems {
            let mut path = parse(&problem.field)?;
            if starts_in_a_seat(&path) {
                if nulled.contains(&path) && !dropped.contains(&path) {
                    // `null` refused there: remove the item after all.
                    round.push(path);
                    continue;
                }
                // Dropped already and still wrong (a required key): drop what holds it.
                while dropped.contains(&path) && path.len() > MIN_DEPTH {
                    path.pop();
                }
                if path.len() <= MIN_DEPTH {
                    return None;
                }
                if matches!(path.last(), Some(Segment::Index(_))) && is_scalar(&table, &path) {
                    to_null.push(path);
                    continue;
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
        to_null.sort_unstable();
        to_null.dedup();
        for path in to_null {
            set_null(&mut table, &path);
            nulled.push(path);
        }
        // Last items first, so that dropping one does not move the next one to drop.
        round.sort_unstable_by(|a, b| b.cmp(a));
        round.dedup();
        for path in round {
            remove(&mut table, &path);
            dropped.push(path);
        }
        match score_totals_value(game, &table) {
            Ok(board) => {
                let mut left_out: Vec<Vec<Segment>> = nulled.into_iter().chain(dropped).collect();
                left_out.sort_unstable();
                left_out.dedup();
                return Some(Reduced { table, board, left_out });
            }
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

/// The value at `path`.
fn at<'a>(table: &'a Value, path: &[Segment]) -> Option<&'a Value> {
    path.iter().try_fold(table, |at, segment| match segment {
        Segment::Key(k) => at.get(k.as_str()),
        Segment::Index(i) => at.get(*i),
    })
}

/// A list's item that is no object nor list: a count (or what was typed in its place).
fn is_scalar(table: &Value, path: &[Segment]) -> bool {
    matches!(at(table, path), Some(Value::Number(_) | Value::String(_) | Value::Bool(_) | Value::Null))
}

fn set_null(table: &mut Value, path: &[Segment]) {
    let target = path.iter().try_fold(table, |at, segment| match segment {
        Segment::Key(k) => at.get_mut(k.as_str()),
        Segment::Index(i) => at.get_mut(*i),
    });
    if let Some(target) = target {
        *target = Value::Null;
    }
}

/// `[players, 2, missions, 0, points]` → `players[2].missions[0].points`.
fn field(path: &[Segment]) -> String {
    let mut out = String::new();
    for segment in path {
        match segment {
            Segment::Key(k) if out.is_empty() => out.push_str(k),
            Segment::Key(k) => {
                out.push('.');
                out.push_str(k);
            }
            Segment::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
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
