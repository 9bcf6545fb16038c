//! Automatic copies of the database file, made with SQLite's online backup API into the
//! `backups/` folder next to it: before each schema migration, once a day on start, before a
//! restore, or on demand. Each kind keeps its newest files only. A restore copies a backup back
//! over the open database (after saving the current one) and brings its schema up to date.

use std::path::{Path, PathBuf};

use chrono::{DateTime, NaiveDateTime, Utc};
use rusqlite::{Connection, MAIN_DB, OpenFlags};
use serde::{Deserialize, Serialize};

use super::{Result, Store, StoreError, latest_schema_version, migrations};
use crate::games::Problems;
use crate::text::Text;

/// The folder, next to the database file, that holds its backups.
pub const BACKUP_DIR_NAME: &str = "backups";
/// Daily backups kept when the caller does not say.
pub const DEFAULT_BACKUPS_KEPT: u32 = 7;
/// Backups kept of the kinds made without asking (before a migration or a restore).
const SAFETY_BACKUPS_KEPT: u32 = 10;
const TIME_FORMAT: &str = "%Y%m%dT%H%M%S%.3fZ";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum BackupKind {
    Daily,
    BeforeMigration,
    BeforeRestore,
    Manual,
}

impl BackupKind {
    const ALL: [BackupKind; 4] =
        [BackupKind::Daily, BackupKind::BeforeMigration, BackupKind::BeforeRestore, BackupKind::Manual];

    fn slug(self) -> &'static str {
        match self {
            BackupKind::Daily => "daily",
            BackupKind::BeforeMigration => "before-migration",
            BackupKind::BeforeRestore => "before-restore",
            BackupKind::Manual => "manual",
        }
    }
}

/// A backup file in the backups folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BackupFile {
    /// The file's name in the backups folder (what `restore_backup` takes).
    pub file_name: String,
    pub kind: BackupKind,
    pub created_at: DateTime<Utc>,
    pub size_kib: u32,
}

impl BackupFile {
    /// Reads `greffier-<kind>-<time>.sqlite3`; other files are not ours.
    fn parse(dir: &Path, file_name: &str) -> Option<BackupFile> {
        let rest = file_name.strip_prefix("greffier-")?.strip_suffix(".sqlite3")?;
        let kind = BackupKind::ALL.into_iter().find(|k| rest.starts_with(&format!("{}-", k.slug())))?;
        let time = rest.get(kind.slug().len() + 1..)?;
        let created_at = NaiveDateTime::parse_from_str(time, TIME_FORMAT).ok()?.and_utc();
        let bytes = std::fs::metadata(dir.join(file_name)).map(|m| m.len()).unwrap_or(0);
        Some(BackupFile {
            file_name: file_name.to_owned(),
            kind,
            created_at,
            size_kib: u32::try_from(bytes.div_ceil(1024)).unwrap_or(u32::MAX),
        })
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io { path: path.to_owned(), source }
}

/// The backups in `dir`, newest first.
fn backups_in(dir: &Path) -> Result<Vec<BackupFile>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io(dir)(e)),
    };
    let mut files: Vec<BackupFile> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| BackupFile::parse(dir, &e.file_name().to_string_lossy()))
        .collect();
    files.sort_by(|a, b| b.created_at.cmp(&a.created_at).then_with(|| b.file_name.cmp(&a.file_name)));
    Ok(files)
}

/// Copies the open database into a new file of `kind` in `dir`, then keeps only the newest
/// `keep` files of that kind.
pub(super) fn backup_into(conn: &Connection, dir: &Path, kind: BackupKind, keep: u32) -> Result<BackupFile> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut at = Utc::now();
    let mut name = format!("greffier-{}-{}.sqlite3", kind.slug(), at.format(TIME_FORMAT));
    // Two backups in the same millisecond: the second waits its turn.
    while dir.join(&name).exists() {
        at += chrono::Duration::milliseconds(1);
        name = format!("greffier-{}-{}.sqlite3", kind.slug(), at.format(TIME_FORMAT));
    }
    let path = dir.join(&name);
    conn.backup(MAIN_DB, &path, None)?;
    let old: Vec<BackupFile> = backups_in(dir)?
        .into_iter()
        .filter(|b| b.kind == kind)
        .skip(usize::try_from(keep.max(1)).unwrap_or(1))
        .collect();
    for b in old {
        let p = dir.join(&b.file_name);
        std::fs::remove_file(&p).map_err(io(&p))?;
    }
    BackupFile::parse(dir, &name).ok_or_else(|| StoreError::NotFound { what: "backup", id: name })
}

/// Backups are made before migrating a database of this version or later (0 is a new file).
pub(super) fn needs_backup_before_migration(found: u32) -> bool {
    found > 0 && found < latest_schema_version()
}

fn invalid(field: &str, code: &str, fr: String, en: String) -> StoreError {
    let mut p = Problems::new();
    p.push(field, code, Text::new(fr, en));
    StoreError::Invalid(p)
}

impl Store {
    /// The backups folder of a database file (none in memory).
    pub fn backup_dir(&self) -> Option<PathBuf> {
        self.path.as_ref().map(|p| p.parent().unwrap_or(Path::new(".")).join(BACKUP_DIR_NAME))
    }

    fn require_backup_dir(&self) -> Result<PathBuf> {
        self.backup_dir().ok_or_else(|| {
            invalid(
                "",
                "in_memory",
                "Une base en mémoire n'a pas de sauvegardes.".to_owned(),
                "A database in memory has no backups.".to_owned(),
            )
        })
    }

    /// A backup now, kept among the newest `keep` of its kind.
    pub fn backup_now(&self, kind: BackupKind, keep: u32) -> Result<BackupFile> {
        backup_into(&self.conn, &self.require_backup_dir()?, kind, keep)
    }

    /// The start-of-day backup: made unless one was made today (UTC); keeps the newest `keep`
    /// daily backups (0 means [`DEFAULT_BACKUPS_KEPT`]). Returns the new backup, if one was made.
    pub fn daily_backup(&self, keep: u32) -> Result<Option<BackupFile>> {
        let dir = self.require_backup_dir()?;
        let today = Utc::now().date_naive();
        if backups_in(&dir)?.iter().any(|b| b.kind == BackupKind::Daily && b.created_at.date_naive() == today)
        {
            return Ok(None);
        }
        let keep = if keep == 0 { DEFAULT_BACKUPS_KEPT } else { keep };
        backup_into(&self.conn, &dir, BackupKind::Daily, keep).map(Some)
    }

    /// The backups of this database, newest first.
    pub fn list_backups(&self) -> Result<Vec<BackupFile>> {
        match self.backup_dir() {
            Some(dir) => backups_in(&dir),
            None => Ok(Vec::new()),
        }
    }

    /// Replaces the whole history by the backup `file_name` (a name from `list_backups`).
    /// The backup is checked first (readable, intact, not from a newer Greffier); the current
    /// history is saved as a `before_restore` backup, which is returned; then the restored
    /// history is brought to the current schema.
    pub fn restore_backup(&mut self, file_name: &str) -> Result<BackupFile> {
        let dir = self.require_backup_dir()?;
        let Some(found) = backups_in(&dir)?.into_iter().find(|b| b.file_name == file_name) else {
            return Err(StoreError::NotFound { what: "backup", id: file_name.to_owned() });
        };
        let path = dir.join(&found.file_name);
        {
            let src = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
            let check: String = src.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
            if check != "ok" {
                return Err(invalid(
                    "file_name",
                    "corrupt_backup",
                    format!("Cette sauvegarde est abîmée : {check}"),
                    format!("This backup is damaged: {check}"),
                ));
            }
            let version: u32 = src.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            if version > latest_schema_version() {
                return Err(StoreError::NewerSchema { found: version, supported: latest_schema_version() });
            }
            let has_plays: bool = src.query_row(
                "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plays')",
                [],
                |r| r.get(0),
            )?;
            if version == 0 || !has_plays {
                return Err(invalid(
                    "file_name",
                    "not_a_backup",
                    "Ce fichier n'est pas une base Greffier.".to_owned(),
                    "This file is not a Greffier database.".to_owned(),
                ));
            }
        }
        let safety = backup_into(&self.conn, &dir, BackupKind::BeforeRestore, SAFETY_BACKUPS_KEPT)?;
        self.conn.restore(MAIN_DB, &path, None::<fn(rusqlite::backup::Progress)>)?;
        migrations().to_latest(&mut self.conn)?;
        Ok(safety)
    }
}
