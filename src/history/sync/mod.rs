//! One history for the whole group: the history shared with other devices through a
//! folder a file-sync engine shares (Syncthing, Nextcloud, Dropbox, a USB stick), never by
//! putting the live database there.
//!
//! - `records.rs`: the shared record of each player and play (uuids, no local id, no derived
//!   statistic) and how its versions are named and ranked.
//! - `capture.rs`: this history's changes into the record, and the record's changes into
//!   changeset files (SQLite's session extension), kept in `sync_outbox`.
//! - `folder.rs`: the shared folder's layout and the changeset file format.
//! - `apply.rs`: the other devices' changesets applied to the record, with our conflict handler;
//!   `materialize.rs`: this history's own rows (and statistics) written from the record.
//! - `identity.rs`: players' uuids, and who a merged player's plays sit with.
//! - `pass.rs`: one pass (write what is new here, apply what is new there); `conflicts.rs`: the
//!   versions kept aside, listed and resolved.

mod apply;
mod capture;
mod conflicts;
pub mod folder;
pub(crate) mod identity;
mod materialize;
mod pass;
mod records;

use chrono::{DateTime, Utc};
use serde::Serialize;

pub use conflicts::{
    SyncConflict, SyncOtherPlayVersion, SyncPlayVersion, SyncPlayerVersion, SyncSeatVersion, SyncVersion,
};

use super::model::Id;
use crate::text::Text;

/// What one pass did (`Store::sync_now`).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncReport {
    /// The shared folder.
    pub folder: String,
    /// This history's files written to the folder in this pass.
    pub written: u32,
    /// The other devices' files applied, in the order applied.
    pub applied: Vec<SyncApplied>,
    /// Files kept unapplied for now, one per device at most (what the rest of its files wait
    /// behind).
    pub waiting: Vec<SyncWaiting>,
    /// Files skipped: cut short, damaged, not ours.
    pub skipped: Vec<SyncSkipped>,
    /// Versions kept aside now waiting for someone to keep one (History lists them).
    pub conflicts: u32,
    /// This history's plays written by what was applied: a screen showing one reads it again.
    pub changed_plays: Vec<Id>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncApplied {
    pub device: String,
    pub device_name: Option<String>,
    pub seq: u32,
    pub players: u32,
    pub plays: u32,
    /// Versions it brought that were kept aside (made at the same time as one here).
    pub conflicts: u32,
}

/// Why a device's next file is not applied yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum SyncWaitKind {
    /// Written by a Greffier with a newer history schema: kept until this one is updated.
    NewerSchema,
    /// It follows a file not here yet (the sync engine has not brought it), or not applicable
    /// yet (damaged, written by a newer Greffier).
    NeedsEarlierFile,
}

#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncWaiting {
    pub device: String,
    pub device_name: Option<String>,
    /// The file waiting (the device's next one).
    pub seq: u32,
    /// How many of that device's files wait, this one included.
    pub files: u32,
    pub kind: SyncWaitKind,
    pub reason: Text,
}

#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncSkipped {
    /// The file, inside the shared folder.
    pub file: String,
    pub reason: Text,
}

/// Where sharing stands (Settings → "Share this history").
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncStatus {
    /// The shared folder; `None` while the history is not shared.
    pub folder: Option<String>,
    /// This history's id and name as a device of the folder (once shared).
    pub device: Option<String>,
    pub device_name: Option<String>,
    /// Every device seen in the folder, this one first.
    pub devices: Vec<SyncDeviceStatus>,
    /// Changes made here not yet written to the folder.
    pub pending: bool,
    pub waiting: Vec<SyncWaiting>,
    pub skipped: Vec<SyncSkipped>,
    /// Versions kept aside waiting for someone to keep one.
    pub conflicts: u32,
    pub last_pass_at: Option<DateTime<Utc>>,
    /// Why the folder could not be read, if it could not.
    pub folder_problem: Option<Text>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SyncDeviceStatus {
    pub device: String,
    pub name: Option<String>,
    pub this_device: bool,
    /// Its files in the folder (the highest number).
    pub files: u32,
    /// The last of its files applied here, and when.
    pub applied_seq: u32,
    pub applied_at: Option<DateTime<Utc>>,
    /// What it says of itself (`device.json`): when it last wrote it, and how many of this
    /// history's files it has applied.
    pub seen_at: Option<DateTime<Utc>>,
    pub has_applied_ours: Option<u32>,
    pub app_version: Option<String>,
    pub schema: Option<u32>,
}

/// The name a device gets when first shared: the machine's.
fn default_device_name() -> String {
    let from_file = std::fs::read_to_string("/etc/hostname").ok();
    let name = from_file
        .or_else(|| std::env::var("HOSTNAME").ok())
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .map(|n| n.trim().chars().take(60).collect::<String>())
        .filter(|n| !n.is_empty());
    name.unwrap_or_else(|| "Greffier".to_owned())
}

/// A version a changeset file brings (tests: every version written must end shown, kept
/// aside, or replaced by a version made over it).
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenVersion {
    pub kind: &'static str,
    pub uuid: String,
    /// The version it was made over.
    pub base: Option<String>,
    pub version: String,
    /// The versions kept aside it replaces.
    pub supersedes: Vec<String>,
}

/// The versions a changeset file brings, or `None` when it is not a whole one of ours.
#[doc(hidden)]
pub fn versions_in_file(bytes: &[u8]) -> Option<Vec<WrittenVersion>> {
    let (_, changeset) = folder::decode(bytes).ok()?;
    let changes = apply::read_changes(&changeset).ok()?;
    Some(
        changes
            .into_iter()
            .map(|c| WrittenVersion {
                kind: c.kind.as_str(),
                uuid: c.uuid,
                base: c.base,
                version: c.version,
                supersedes: c.supersedes,
            })
            .collect(),
    )
}
