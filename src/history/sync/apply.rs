//! Applying another device's changeset to the shared record, with our own conflict handler.
//!
//! SQLite's session extension applies what meets no conflict: a record this history has at the
//! version the change was made over. Every conflict (the record changed here too, or was made
//! here too) is left to [`settle`], never replaced by SQLite: the versions of a record that
//! no later version replaces are its *heads*; the one [`Kind::rank`] puts first is the record,
//! the others are kept aside in `sync_conflicts` and listed in History until someone keeps one.
//! Files are applied in causal order (a file after every file its writer had applied), so
//! which versions are heads, and so what every history shows, does not depend on the order the
//! files arrived in.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use rusqlite::fallible_streaming_iterator::FallibleStreamingIterator;
use rusqlite::hooks::Action;
use rusqlite::session::{ChangesetItem, ChangesetIter, ConflictAction, ConflictType};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, params};

use super::records::{self, Kind, clock_of};
use crate::history::Result;

/// One change of a changeset file: a new version of a record.
#[derive(Debug, Clone)]
pub(super) struct Change {
    pub kind: Kind,
    pub uuid: String,
    /// The version it was made over (`None`: the record was new there).
    pub base: Option<String>,
    pub version: String,
    pub record: String,
    /// The versions kept aside that it replaces.
    pub supersedes: Vec<String>,
}

/// A record's head, its content skipped.
#[derive(serde::Deserialize)]
struct Head {
    version: String,
    #[serde(default)]
    supersedes: Vec<String>,
}

/// Why a changeset is refused whole (nothing of it is applied).
#[derive(Debug)]
pub(super) struct Refused(pub String);

/// Reads every change of a changeset, refusing one that is not a new version of a record of
/// ours (another table, a delete, a record we cannot read).
pub(super) fn read_changes(changeset: &[u8]) -> std::result::Result<Vec<Change>, Refused> {
    let mut input: &[u8] = changeset;
    let reader: &mut dyn std::io::Read = &mut input;
    let mut iter = ChangesetIter::start_strm(&reader).map_err(|e| Refused(e.to_string()))?;
    let mut changes = Vec::new();
    while let Some(item) = iter.next().map_err(|e| Refused(e.to_string()))? {
        changes.push(change_of(item)?);
    }
    Ok(changes)
}

fn text(value: rusqlite::Result<ValueRef<'_>>) -> Option<String> {
    value.ok().and_then(|v| v.as_str().ok()).map(str::to_owned)
}

fn change_of(item: &ChangesetItem) -> std::result::Result<Change, Refused> {
    let op = item.op().map_err(|e| Refused(e.to_string()))?;
    let kind = Kind::of_table(op.table_name())
        .ok_or_else(|| Refused(format!("a change to `{}`", op.table_name())))?;
    if op.number_of_columns() != 3 {
        return Err(Refused(format!("{} columns in `{}`", op.number_of_columns(), op.table_name())));
    }
    let (uuid, base) = match op.code() {
        Action::SQLITE_INSERT => (text(item.new_value(0)), None),
        Action::SQLITE_UPDATE => (text(item.old_value(0)), Some(text(item.old_value(1)))),
        _ => return Err(Refused("a record deleted".into())),
    };
    let uuid = uuid
        .filter(|u| !u.is_empty() && u.len() <= 100)
        .ok_or_else(|| Refused("a record without its uuid".into()))?;
    let base = match base {
        Some(Some(base)) => Some(base),
        Some(None) => return Err(Refused(format!("{uuid}: a change without the version it was made over"))),
        None => None,
    };
    let version = text(item.new_value(1)).ok_or_else(|| Refused(format!("{uuid}: no version")))?;
    let record = text(item.new_value(2)).ok_or_else(|| Refused(format!("{uuid}: no record")))?;
    // Only the head is read here (a record's content is read when its rows are written: one
    // that cannot be read refuses the file then, in the same transaction).
    let head: Head =
        serde_json::from_str(&record).map_err(|e| Refused(format!("{uuid}: unreadable record ({e})")))?;
    if head.version != version {
        return Err(Refused(format!("{uuid}: two versions")));
    }
    let supersedes = head.supersedes;
    Ok(Change { kind, uuid, base, version, record, supersedes })
}

/// Applies a changeset to the shared record, then settles every record it touched. The caller
/// holds the transaction. Returns the changes (in the file's order) and how many versions were
/// newly kept aside.
pub(super) fn apply(
    conn: &Connection,
    changeset: &[u8],
    found_at: &str,
) -> Result<(Vec<Change>, u32), Refused> {
    let changes = read_changes(changeset)?;
    let conflicted: Arc<Mutex<HashSet<(&'static str, String)>>> = Arc::default();
    let seen = Arc::clone(&conflicted);
    let mut input: &[u8] = changeset;
    conn.apply_strm(
        &mut input,
        Some(|table: &str| Kind::of_table(table).is_some()),
        move |conflict, item| {
            let key = item.op().ok().and_then(|op| {
                let kind = Kind::of_table(op.table_name())?;
                let uuid = match op.code() {
                    Action::SQLITE_INSERT => text(item.new_value(0)),
                    _ => text(item.old_value(0)),
                }?;
                Some((kind.table(), uuid))
            });
            match (conflict, key) {
                // A record changed here too, made here too, or not here: settled after.
                (
                    ConflictType::SQLITE_CHANGESET_DATA
                    | ConflictType::SQLITE_CHANGESET_NOTFOUND
                    | ConflictType::SQLITE_CHANGESET_CONFLICT,
                    Some(key),
                ) => {
                    if let Ok(mut seen) = seen.lock() {
                        seen.insert(key);
                    }
                    ConflictAction::SQLITE_CHANGESET_OMIT
                }
                // A constraint the record breaks: the file is not applied at all.
                _ => ConflictAction::SQLITE_CHANGESET_ABORT,
            }
        },
    )
    .map_err(|e| Refused(format!("SQLite refused the changeset: {e}")))?;
    let conflicted = conflicted.lock().map(|c| c.clone()).unwrap_or_default();
    let mut kept_aside = 0;
    for change in &changes {
        let was_conflict = conflicted.contains(&(change.kind.table(), change.uuid.clone()));
        kept_aside += settle(conn, change, was_conflict, found_at).map_err(|e| Refused(e.to_string()))?;
    }
    Ok((changes, kept_aside))
}

/// The highest Lamport clock among the changes.
pub(super) fn max_clock(changes: &[Change]) -> u64 {
    changes.iter().map(|c| clock_of(&c.version)).max().unwrap_or(0)
}

/// A record's heads after `change`: the versions no other replaces. Applied cleanly, the change
/// replaced the current version; in conflict, it replaces the version it was made over (current
/// or kept aside, if still a head) and joins the others. Either way it also replaces what it
/// says it supersedes. The first by rank is the record; the others are kept aside. Returns how
/// many versions were newly kept aside.
fn settle(conn: &Connection, change: &Change, was_conflict: bool, found_at: &str) -> Result<u32> {
    let kind = change.kind;
    if change.base.is_none()
        && !records::remember_first(conn, kind, &change.uuid, &change.version)?
        && was_conflict
    {
        // A first version held here before (made here too, or brought by another device).
        return Ok(0);
    }
    let kept: Vec<(String, String)> = conn
        .prepare_cached("SELECT version, record FROM sync_conflicts WHERE kind = ?1 AND uuid = ?2")?
        .query_map(params![kind.as_str(), change.uuid], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    if !was_conflict && kept.is_empty() {
        return Ok(0);
    }
    let current: Option<(String, String)> = conn
        .prepare_cached(&format!("SELECT version, record FROM {} WHERE uuid = ?1", kind.table()))?
        .query_row([&change.uuid], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let before: HashSet<String> = kept.iter().map(|(v, _)| v.clone()).collect();
    let mut heads: Vec<(String, String)> = current.iter().cloned().chain(kept).collect();
    if was_conflict {
        heads.retain(|(v, _)| Some(v) != change.base.as_ref());
        if !heads.iter().any(|(v, _)| *v == change.version) {
            heads.push((change.version.clone(), change.record.clone()));
        }
    }
    heads.retain(|(v, _)| !change.supersedes.contains(v));
    let Some(winner) = heads.iter().max_by_key(|(v, r)| kind.rank(v, r)).cloned() else {
        return Ok(0);
    };
    if current.as_ref().map(|(v, _)| v) != Some(&winner.0) {
        conn.prepare_cached(&format!(
            "INSERT INTO {} (uuid, version, record) VALUES (?1, ?2, ?3)
             ON CONFLICT (uuid) DO UPDATE SET version = excluded.version, record = excluded.record",
            kind.table()
        ))?
        .execute(params![change.uuid, winner.0, winner.1])?;
    }
    let aside: Vec<&(String, String)> = heads.iter().filter(|(v, _)| *v != winner.0).collect();
    let keep: HashSet<&str> = aside.iter().map(|(v, _)| v.as_str()).collect();
    for gone in before.iter().filter(|v| !keep.contains(v.as_str())) {
        conn.prepare_cached("DELETE FROM sync_conflicts WHERE kind = ?1 AND uuid = ?2 AND version = ?3")?
            .execute(params![kind.as_str(), change.uuid, gone])?;
    }
    let mut added = 0;
    for (v, r) in aside {
        added += u32::try_from(
            conn.prepare_cached(
                "INSERT OR IGNORE INTO sync_conflicts (kind, uuid, version, record, found_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![kind.as_str(), change.uuid, v, r, found_at])?,
        )
        .unwrap_or(0);
    }
    Ok(added)
}
