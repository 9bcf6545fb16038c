//! Paired devices' memory in the history (migration 0017): the devices the host paired (a
//! name, the digest of each one's token, when it was paired and last used), the pairing codes
//! waiting to be used (their digest and expiry), and where the desktop app last served its door
//! for them. Tokens and codes are made and checked in `api::pairing`; only their SHA-256 digests
//! come here.

use chrono::{DateTime, Duration, Utc};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::model::Id;
use super::plays::{fmt_time, now, parse_time, to_id};
use super::table_seats::TokenDigest;
use super::{Result, Store, StoreError};
use crate::games::Problems;
use crate::text::Text;

/// The longest name a paired device keeps (characters).
pub const MAX_DEVICE_NAME_CHARS: usize = 40;

/// The most devices paired at once: a household's tablets and phones, many times over. Pairing
/// one more is refused until one is revoked.
pub const MAX_PAIRED_DEVICES: usize = 32;

/// A device the host paired: it reaches the whole app with its own token until revoked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PairedDevice {
    pub id: Id,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// The last request made with its token, to the minute (`None`: never used since pairing).
    pub last_used_at: Option<DateTime<Utc>>,
}

/// How stale a device's `last_used_at` may be before a request writes it again: a tablet asks
/// on every keystroke, and a write per request would make every other process read the history
/// again.
const LAST_USE_PRECISION: Duration = Duration::minutes(1);

fn digest(bytes: Vec<u8>) -> TokenDigest {
    let mut d = [0; 32];
    if bytes.len() == 32 {
        d.copy_from_slice(&bytes);
    }
    d
}

fn read_device(r: &rusqlite::Row<'_>) -> rusqlite::Result<PairedDevice> {
    Ok(PairedDevice {
        id: r.get(0)?,
        name: r.get(1)?,
        created_at: parse_time(&r.get::<_, String>(2)?)?,
        last_used_at: r.get::<_, Option<String>>(3)?.map(|s| parse_time(&s)).transpose()?,
    })
}

/// A device's name as kept: trimmed, not empty, at most [`MAX_DEVICE_NAME_CHARS`].
fn checked_name(name: &str) -> Result<String> {
    let name = name.trim();
    let mut problems = Problems::new();
    if name.is_empty() {
        problems.push(
            "name",
            "empty",
            Text::new("Donnez un nom à cet appareil.", "Give this device a name."),
        );
    } else if name.chars().count() > MAX_DEVICE_NAME_CHARS {
        problems.push(
            "name",
            "too_long",
            Text::new(
                format!("Au plus {MAX_DEVICE_NAME_CHARS} caractères."),
                format!("At most {MAX_DEVICE_NAME_CHARS} characters."),
            ),
        );
    }
    if problems.is_empty() { Ok(name.to_owned()) } else { Err(StoreError::Invalid(problems)) }
}

impl Store {
    /// Keeps a new pairing code (its digest), valid for `lifetime`; the expired ones go.
    pub fn add_pairing_code(&self, code: &TokenDigest, lifetime: Duration) -> Result<(Id, DateTime<Utc>)> {
        let now = now();
        let expires_at = now + lifetime;
        let tx = self.conn.unchecked_transaction()?;
        tx.execute("DELETE FROM pairing_codes WHERE expires_at <= ?1", [fmt_time(&now)])?;
        tx.execute(
            "INSERT INTO pairing_codes (code_hash, expires_at) VALUES (?1, ?2)",
            params![&code[..], fmt_time(&expires_at)],
        )?;
        let id = to_id(tx.last_insert_rowid())?;
        tx.commit()?;
        Ok((id, expires_at))
    }

    /// Pairs a device named `name`, whose token's digest is `token`, with pairing code `code`
    /// (its id) when `matches` accepts the code's digest and it has not expired: `None` when the
    /// code is not one (used, expired, another). The code is taken for good, in the same
    /// transaction: it never pairs twice. A name refused, or one device too many, leaves the
    /// code to be used again.
    pub fn pair_device(
        &self,
        code: Id,
        matches: impl FnOnce(&TokenDigest) -> bool,
        name: &str,
        token: &TokenDigest,
    ) -> Result<Option<PairedDevice>> {
        let name = checked_name(name)?;
        let tx = self.conn.unchecked_transaction()?;
        let paired: i64 = tx.query_row("SELECT count(*) FROM paired_devices", [], |r| r.get(0))?;
        if usize::try_from(paired).unwrap_or(usize::MAX) >= MAX_PAIRED_DEVICES {
            let mut problems = Problems::new();
            problems.push(
                "code",
                "too_many_devices",
                Text::new(
                    format!("{MAX_PAIRED_DEVICES} appareils sont déjà appairés : révoquez-en un d'abord."),
                    format!("{MAX_PAIRED_DEVICES} devices are paired already: revoke one first."),
                ),
            );
            return Err(StoreError::Invalid(problems));
        }
        let stored = tx
            .query_row("SELECT code_hash, expires_at FROM pairing_codes WHERE id = ?1", [code], |r| {
                Ok((digest(r.get(0)?), parse_time(&r.get::<_, String>(1)?)?))
            })
            .optional()?;
        let Some((stored, expires_at)) = stored else { return Ok(None) };
        if !matches(&stored) {
            return Ok(None);
        }
        // Used or expired, the code goes: it never serves twice.
        tx.execute("DELETE FROM pairing_codes WHERE id = ?1", [code])?;
        let created_at = now();
        if expires_at <= created_at {
            tx.commit()?;
            return Ok(None);
        }
        tx.execute(
            "INSERT INTO paired_devices (name, token_hash, created_at) VALUES (?1, ?2, ?3)",
            params![name, &token[..], fmt_time(&created_at)],
        )?;
        let id = to_id(tx.last_insert_rowid())?;
        tx.commit()?;
        Ok(Some(PairedDevice { id, name, created_at, last_used_at: None }))
    }

    /// The digest of paired device `device`'s token, while it is paired.
    pub fn paired_device_digest(&self, device: Id) -> Result<Option<TokenDigest>> {
        Ok(self
            .conn
            .query_row("SELECT token_hash FROM paired_devices WHERE id = ?1", [device], |r| r.get(0))
            .optional()?
            .map(digest))
    }

    /// Notes that `device` made a request now (written only when the last use noted is over a
    /// minute old).
    pub fn note_paired_device_use(&self, device: Id) -> Result<()> {
        let now = now();
        let last: Option<Option<String>> = self
            .conn
            .query_row("SELECT last_used_at FROM paired_devices WHERE id = ?1", [device], |r| r.get(0))
            .optional()?;
        let stale = match last {
            None => return Ok(()),
            Some(None) => true,
            Some(Some(at)) => parse_time(&at).map_or(true, |at| now - at >= LAST_USE_PRECISION),
        };
        if stale {
            self.conn.execute(
                "UPDATE paired_devices SET last_used_at = ?2 WHERE id = ?1",
                params![device, fmt_time(&now)],
            )?;
        }
        Ok(())
    }

    /// Every paired device, in the order they were paired.
    pub fn paired_devices(&self) -> Result<Vec<PairedDevice>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT id, name, created_at, last_used_at FROM paired_devices ORDER BY id")?;
        Ok(stmt.query_map([], read_device)?.collect::<rusqlite::Result<_>>()?)
    }

    /// Revokes a paired device: its token is refused from its next request on.
    pub fn revoke_paired_device(&self, device: Id) -> Result<()> {
        if self.conn.execute("DELETE FROM paired_devices WHERE id = ?1", [device])? == 0 {
            return Err(StoreError::NotFound { what: "paired device", id: device.to_string() });
        }
        Ok(())
    }

    /// Where the desktop app last served its door for paired devices (`ip:port`).
    pub fn paired_door_served_at(&self) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT served_at FROM paired_door WHERE only = 1", [], |r| r.get(0))
            .optional()?)
    }

    pub fn set_paired_door_served_at(&self, address: &str) -> Result<()> {
        self.conn.execute(
            "INSERT INTO paired_door (only, served_at) VALUES (1, ?1)
             ON CONFLICT (only) DO UPDATE SET served_at = excluded.served_at",
            [address],
        )?;
        Ok(())
    }
}

/// The paired devices as they are now, carried over a restore: who may get in is not part of
/// the history a backup brings back (a device revoked since the backup must stay out, one
/// paired since must stay in).
pub(super) struct PairedNow(Vec<PairedRow>);

/// A `paired_devices` row as stored: id, name, token digest, created and last used (as text).
type PairedRow = (Id, String, Vec<u8>, String, Option<String>);

impl PairedNow {
    pub(super) fn read(conn: &rusqlite::Connection) -> Result<PairedNow> {
        let mut stmt = conn.prepare(
            "SELECT id, name, token_hash, created_at, last_used_at FROM paired_devices ORDER BY id",
        )?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(PairedNow(rows))
    }

    /// Puts them back into the history restored (its own devices and pending codes go).
    pub(super) fn write(&self, conn: &mut rusqlite::Connection) -> Result<()> {
        let tx = conn.transaction()?;
        tx.execute("DELETE FROM paired_devices", [])?;
        tx.execute("DELETE FROM pairing_codes", [])?;
        for (id, name, hash, created_at, last_used_at) in &self.0 {
            tx.execute(
                "INSERT INTO paired_devices (id, name, token_hash, created_at, last_used_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, name, hash, created_at, last_used_at],
            )?;
        }
        tx.commit()?;
        Ok(())
    }
}
