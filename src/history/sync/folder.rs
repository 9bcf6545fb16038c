//! The shared folder: what Greffier keeps there and how its files are written and read.
//!
//! ```text
//! <folder>/greffier-history/<device>/0000000001.changes   a changeset file, written once
//! <folder>/greffier-history/<device>/device.json          that device's name and progress
//! ```
//!
//! Each device writes only into its own folder, so the sync engine never sees two devices
//! change one file. A changeset file is written whole under a temporary name, then renamed, and
//! never changed after: `GREFFIER-CHANGES` and a line of JSON (the [`Header`]), the changeset
//! deflated, then the SHA-256 of everything before it. A file cut short, damaged or not ours
//! fails [`decode`] and is skipped, never half applied. `device.json` is rewritten (the same
//! way) by its own device only: what it has applied of the others, for their screens.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::text::Text;

/// The folder Greffier keeps inside the shared one.
pub const DIR_NAME: &str = "greffier-history";
/// The file each device keeps about itself.
pub(super) const DEVICE_FILE: &str = "device.json";
const MAGIC: &[u8] = b"GREFFIER-CHANGES\n";
/// The changeset file format this build writes and reads.
pub(super) const FORMAT: u32 = 1;
/// Largest header line read.
const MAX_HEADER: usize = 64 << 10;
/// Largest changeset a file may hold once inflated.
const MAX_CHANGESET: u64 = 1 << 30;

/// What a changeset file says of itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Header {
    pub format: u32,
    /// The device that wrote it (its folder's name).
    pub device: String,
    /// Its number among that device's files, from 1.
    pub seq: u64,
    /// The history schema of the build that wrote it: a build knowing an older one keeps the
    /// file unapplied.
    pub schema: u32,
    /// The last file of each other device its writer had applied: they are applied first.
    pub deps: BTreeMap<String, u64>,
    pub written_at: String,
    pub changeset_bytes: u64,
    pub payload_bytes: u64,
}

/// A file's name from its number.
pub(super) fn file_name(seq: u64) -> String {
    format!("{seq:010}.changes")
}

/// A file's number from its name, when it is one of ours.
fn seq_of(name: &str) -> Option<u64> {
    let digits = name.strip_suffix(".changes")?;
    (digits.len() == 10 && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok()).flatten()
}

/// The whole file for a changeset: header, deflated changeset, checksum.
pub(super) fn encode(mut header: Header, changeset: &[u8]) -> Vec<u8> {
    let mut deflate = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
    // Writing into memory cannot fail.
    let _ = deflate.write_all(changeset);
    let payload = deflate.finish().unwrap_or_default();
    header.changeset_bytes = changeset.len() as u64;
    header.payload_bytes = payload.len() as u64;
    let mut file = MAGIC.to_vec();
    file.extend_from_slice(serde_json::to_string(&header).unwrap_or_default().as_bytes());
    file.push(b'\n');
    file.extend_from_slice(&payload);
    let digest = Sha256::digest(&file);
    file.extend_from_slice(&digest);
    file
}

/// Why a file of the folder is not applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Unreadable {
    /// Not one of our changeset files.
    Foreign,
    /// Ours, but cut short or damaged (its checksum or its lengths do not hold).
    Damaged,
    /// Written in a file format this build does not know (a newer Greffier).
    NewerFormat(u32),
}

impl Unreadable {
    pub fn text(&self) -> Text {
        match self {
            Unreadable::Foreign => Text::new(
                "Ce fichier n'est pas un fichier de modifications de Greffier : il est laissé de côté.",
                "This file is not a Greffier changes file: it is left aside.",
            ),
            Unreadable::Damaged => Text::new(
                "Fichier incomplet ou abîmé (somme de contrôle fausse) : rien n'en est appliqué ; il le sera quand le logiciel de synchronisation l'aura apporté en entier.",
                "File cut short or damaged (its checksum does not hold): nothing of it is applied; it will be once the sync engine has brought it whole.",
            ),
            Unreadable::NewerFormat(format) => Text::new(
                format!(
                    "Écrit par une version plus récente de Greffier (format {format}) : mettez Greffier à jour pour l'appliquer."
                ),
                format!("Written by a newer Greffier (format {format}): update Greffier to apply it."),
            ),
        }
    }
}

/// Reads and checks a changeset file: its header and its changeset, or why not.
pub(super) fn decode(bytes: &[u8]) -> Result<(Header, Vec<u8>), Unreadable> {
    let rest = bytes.strip_prefix(MAGIC).ok_or(Unreadable::Foreign)?;
    let line_end = rest.iter().take(MAX_HEADER).position(|b| *b == b'\n').ok_or(Unreadable::Damaged)?;
    let header: Header = serde_json::from_slice(&rest[..line_end]).map_err(|_| Unreadable::Damaged)?;
    if header.format > FORMAT {
        return Err(Unreadable::NewerFormat(header.format));
    }
    let payload_start = MAGIC.len() + line_end + 1;
    let payload_len = usize::try_from(header.payload_bytes).map_err(|_| Unreadable::Damaged)?;
    let body_len = payload_start.checked_add(payload_len).ok_or(Unreadable::Damaged)?;
    if bytes.len() != body_len + 32 {
        return Err(Unreadable::Damaged);
    }
    if Sha256::digest(&bytes[..body_len]).as_slice() != &bytes[body_len..] {
        return Err(Unreadable::Damaged);
    }
    if header.changeset_bytes > MAX_CHANGESET {
        return Err(Unreadable::Damaged);
    }
    let mut changeset = Vec::with_capacity(usize::try_from(header.changeset_bytes).unwrap_or(0));
    flate2::read::DeflateDecoder::new(&bytes[payload_start..body_len])
        .take(header.changeset_bytes + 1)
        .read_to_end(&mut changeset)
        .map_err(|_| Unreadable::Damaged)?;
    if changeset.len() as u64 != header.changeset_bytes {
        return Err(Unreadable::Damaged);
    }
    Ok((header, changeset))
}

/// What a device says of itself in its `device.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct DeviceFile {
    pub format: u32,
    pub device: String,
    pub name: String,
    pub schema: u32,
    pub app_version: String,
    pub written_at: String,
    /// Its last changeset file.
    pub last_seq: u64,
    /// The last file of each other device it applied.
    pub applied: BTreeMap<String, u64>,
}

/// One device's folder, as found.
#[derive(Debug, Default)]
pub(super) struct DeviceDir {
    pub device: String,
    /// Its changeset files by number.
    pub files: BTreeMap<u64, PathBuf>,
    pub about: Option<DeviceFile>,
}

/// What the shared folder holds.
#[derive(Debug, Default)]
pub(super) struct Scan {
    pub devices: Vec<DeviceDir>,
    /// Files that are not ours where only ours should be (relative to the shared folder): a
    /// copy the sync engine made of a file two devices changed, a file put there by hand.
    pub strays: Vec<String>,
}

/// Whether a name is a device's: a uuid as this build writes them.
fn is_device_name(name: &str) -> bool {
    name.len() == 36 && name.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-')
}

/// Lists the shared folder's devices and their files. A missing `greffier-history` reads as
/// empty; names starting with a dot (temporary files, the sync engine's own) are not looked at.
pub(super) fn scan(folder: &Path) -> std::io::Result<Scan> {
    let root = folder.join(DIR_NAME);
    let mut scan = Scan::default();
    let entries = match std::fs::read_dir(&root) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(scan),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if !(entry.file_type()?.is_dir() && is_device_name(&name)) {
            scan.strays.push(format!("{DIR_NAME}/{name}"));
            continue;
        }
        let mut dir = DeviceDir { device: name.clone(), ..DeviceDir::default() };
        for file in std::fs::read_dir(entry.path())? {
            let file = file?;
            let file_name = file.file_name().to_string_lossy().into_owned();
            if file_name.starts_with('.') {
                continue;
            }
            if file_name == DEVICE_FILE {
                dir.about = std::fs::read(file.path())
                    .ok()
                    .and_then(|b| serde_json::from_slice::<DeviceFile>(&b).ok())
                    .filter(|d| d.device == name);
            } else if let Some(seq) =
                seq_of(&file_name).filter(|_| file.file_type().is_ok_and(|t| t.is_file()))
            {
                dir.files.insert(seq, file.path());
            } else {
                scan.strays.push(format!("{DIR_NAME}/{name}/{file_name}"));
            }
        }
        scan.devices.push(dir);
    }
    scan.devices.sort_by(|a, b| a.device.cmp(&b.device));
    scan.strays.sort();
    Ok(scan)
}

/// Writes a file of this device's folder whole (temporary file, flushed, renamed).
pub(super) fn write_whole(path: &Path, bytes: &[u8]) -> crate::history::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|source| crate::history::StoreError::Io { path: dir.to_owned(), source })?;
    }
    crate::history::write_atomically(path, |out| {
        out.write_all(bytes).map_err(crate::history::StoreError::Write)
    })
}

/// The same file as a build `ahead` schemas newer would have written it (tests).
#[doc(hidden)]
pub fn rewrite_schema_for_tests(bytes: &[u8], ahead: u32) -> Vec<u8> {
    match decode(bytes) {
        Ok((header, changeset)) => encode(Header { schema: header.schema + ahead, ..header }, &changeset),
        Err(_) => bytes.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            format: FORMAT,
            device: "d".into(),
            seq: 3,
            schema: 15,
            deps: BTreeMap::from([("e".to_owned(), 2)]),
            written_at: "t".into(),
            changeset_bytes: 0,
            payload_bytes: 0,
        }
    }

    #[test]
    fn a_file_reads_back_whole_and_any_cut_or_change_is_refused() {
        let changeset: Vec<u8> = (0..5000u32).flat_map(|i| i.to_le_bytes()).collect();
        let file = encode(header(), &changeset);
        let (read, back) = decode(&file).expect("whole");
        assert_eq!(back, changeset);
        assert_eq!(read.seq, 3);
        assert_eq!(read.deps.get("e"), Some(&2));
        for cut in [file.len() - 1, file.len() - 40, file.len() / 2, MAGIC.len() + 3] {
            assert_eq!(decode(&file[..cut]), Err(Unreadable::Damaged), "cut at {cut}");
        }
        let mut flipped = file.clone();
        let middle = flipped.len() / 2;
        flipped[middle] ^= 1;
        assert_eq!(decode(&flipped), Err(Unreadable::Damaged));
        assert_eq!(decode(b"PK\x03\x04 a zip file"), Err(Unreadable::Foreign));
        assert_eq!(decode(b""), Err(Unreadable::Foreign));
        let newer = encode(Header { format: FORMAT + 1, ..header() }, &changeset);
        assert_eq!(decode(&newer), Err(Unreadable::NewerFormat(FORMAT + 1)));
    }

    #[test]
    fn file_names_are_numbered_and_only_ours_count() {
        assert_eq!(file_name(42), "0000000042.changes");
        assert_eq!(seq_of("0000000042.changes"), Some(42));
        assert_eq!(seq_of("0000000042.sync-conflict-20260101-120000-ABCDEFG.changes"), None);
        assert_eq!(seq_of("42.changes"), None);
    }
}
