//! Who is who across devices: a player's uuid, and the player a shared player's plays sit with
//! here (itself, or the one it was merged into).

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::records::PlayerRecord;
use crate::history::Result;

/// A player's uuid, from their name (as `player_key` compares names) and the moment they were
/// added (as stored): the same player added by importing one backup on two devices is one
/// person, where two people of the same name added on two devices are two until someone merges
/// them.
pub(crate) fn player_uuid(name: &str, created_at: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(b"greffier-player\0");
    hash.update(crate::history::player_key(name).as_bytes());
    hash.update(b"\0");
    hash.update(created_at.as_bytes());
    let digest = hash.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    // RFC 9562's version 8 (made by the application), its variant bits.
    bytes[6] = (bytes[6] & 0x0f) | 0x80;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    uuid::Uuid::from_bytes(bytes).to_string()
}

/// Migration 0018: every player already in the history gets their uuid.
pub(crate) fn backfill_player_uuids(conn: &Connection) -> Result<()> {
    let rows: Vec<(i64, String, String)> = conn
        .prepare("SELECT id, name, created_at FROM players WHERE uuid IS NULL")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut set = conn.prepare("UPDATE players SET uuid = ?2 WHERE id = ?1")?;
    for (id, name, created_at) in rows {
        set.execute(params![id, player_uuid(&name, &created_at)])?;
    }
    Ok(())
}

/// The player whose shared record is `uuid` sits here as its root: itself when it was never
/// merged, else the one its merges lead to. Two devices merging two players into each other
/// at once make a loop: the one of smallest uuid in it is the root, on every device.
pub(super) fn root_of(records: &HashMap<String, Option<String>>, uuid: &str) -> String {
    let mut path: Vec<&str> = vec![uuid];
    let mut at = uuid;
    while let Some(Some(next)) = records.get(at) {
        if let Some(start) = path.iter().position(|p| *p == next.as_str()) {
            return path[start..].iter().min().map_or(next.clone(), |s| (*s).to_owned());
        }
        path.push(next);
        at = next;
    }
    at.to_owned()
}

/// Every shared player's `merged_into`, by uuid.
pub(super) fn merges(conn: &Connection) -> Result<HashMap<String, Option<String>>> {
    let mut stmt = conn.prepare_cached("SELECT uuid, record FROM shared_players")?;
    let mut rows = stmt.query([])?;
    let mut out = HashMap::new();
    while let Some(row) = rows.next()? {
        let uuid: String = row.get(0)?;
        let record: String = row.get(1)?;
        let merged = serde_json::from_str::<PlayerRecord>(&record).ok().and_then(|r| r.merged_into);
        out.insert(uuid, merged);
    }
    Ok(out)
}

/// The local id of the player `uuid`, if this history has them.
pub(super) fn local_player(conn: &Connection, uuid: &str) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT id FROM players WHERE uuid = ?1")?
        .query_row([uuid], |r| r.get(0))
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_s_uuid_is_their_name_and_creation() {
        let a = player_uuid("Ani", "2026-01-01T00:00:00.000Z");
        assert_eq!(a, player_uuid(" ani ", "2026-01-01T00:00:00.000Z"), "named as player_key compares");
        assert_ne!(a, player_uuid("Ani", "2026-01-01T00:00:00.001Z"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "8");
    }

    #[test]
    fn merges_lead_to_a_root_and_a_loop_to_its_smallest_uuid() {
        let map: HashMap<String, Option<String>> = [
            ("a", Some("b")),
            ("b", Some("c")),
            ("c", None),
            ("x", Some("y")),
            ("y", Some("x")),
            ("z", Some("x")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.map(str::to_owned)))
        .collect();
        assert_eq!(root_of(&map, "a"), "c");
        assert_eq!(root_of(&map, "c"), "c");
        assert_eq!(root_of(&map, "y"), "x");
        assert_eq!(root_of(&map, "x"), "x");
        assert_eq!(root_of(&map, "z"), "x");
        assert_eq!(root_of(&map, "unknown"), "unknown");
    }
}
