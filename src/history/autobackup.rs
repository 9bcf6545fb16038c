//! Automatic copies of the database file, made with SQLite's online backup API into the
//! `backups/` folder next to it: before each schema migration, once a day on start, before a
//! restore, or on demand. A backup is written under a temporary name, checked (`PRAGMA
//! integrity_check`, our application id), flushed to disk, its SHA-256 written beside it
//! (`<name>.sha256`, in `sha256sum`'s format), then renamed: a killed backup never carries a
//! backup's name. A backup counts only once the whole file matches its checksum (a file from
//! an older Greffier, written without one, passes SQLite's integrity check instead): a header
//! intact over a body cut short or zeroed is damaged. Each kind keeps its newest usable files
//! only; a file that is not a usable backup is listed as such, never counted, pruned or
//! restored. A backup is one database file (rollback journal, no `-wal`/`-shm` beside it). A
//! restore brings a copy of the backup up to date aside first, then saves the current history
//! and copies the migrated one over it: a backup that cannot be migrated leaves the history
//! untouched.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::SystemTime;

use chrono::{DateTime, NaiveDateTime, Utc};
use rusqlite::{Connection, MAIN_DB, OpenFlags};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{Result, Store, StoreError, latest_schema_version, migrate};
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
    /// Why this file cannot be restored (empty, not a Greffier database, damaged: cut short or
    /// changed since its checksum was written…); `None` when usable.
    pub unusable: Option<Text>,
}

impl BackupFile {
    /// Reads `greffier-<kind>-<time>.sqlite3` (of `only` that kind, when given); other files
    /// are not ours. Each is read whole to say whether it is usable: a caller that needs one
    /// kind names it.
    fn parse(dir: &Path, file_name: &str, only: Option<BackupKind>) -> Option<BackupFile> {
        let rest = file_name.strip_prefix("greffier-")?.strip_suffix(".sqlite3")?;
        let kind = BackupKind::ALL.into_iter().find(|k| rest.starts_with(&format!("{}-", k.slug())))?;
        if only.is_some_and(|only| only != kind) {
            return None;
        }
        let time = rest.get(kind.slug().len() + 1..)?;
        let created_at = NaiveDateTime::parse_from_str(time, TIME_FORMAT).ok()?.and_utc();
        let bytes = std::fs::metadata(dir.join(file_name)).map(|m| m.len()).unwrap_or(0);
        Some(BackupFile {
            file_name: file_name.to_owned(),
            kind,
            created_at,
            size_kib: u32::try_from(bytes.div_ceil(1024)).unwrap_or(u32::MAX),
            unusable: checked_problem(&dir.join(file_name)),
        })
    }

    pub fn usable(&self) -> bool {
        self.unusable.is_none()
    }
}

/// A cheap look at a file's SQLite header (no SQLite, no lock): why it is not a usable backup,
/// if it is not. [`whole_file_problem`] reads the rest.
fn header_problem(path: &Path) -> Option<Text> {
    let mut header = [0u8; 100];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut header));
    if read.is_err() {
        return Some(Text::new("Fichier vide ou tronqué.", "Empty or truncated file."));
    }
    if &header[..16] != b"SQLite format 3\0" {
        return Some(not_greffier_text());
    }
    let int = |at: usize| i32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]]);
    let (version, app) = (int(60), int(68));
    let known_version = (1..=i64::from(latest_schema_version())).contains(&i64::from(version));
    // Backups made before the application id existed carry 0 and a schema version from then.
    let before_the_id =
        app == 0 && (1..=i64::from(super::LAST_SCHEMA_WITHOUT_APPLICATION_ID)).contains(&i64::from(version));
    if (app == super::APPLICATION_ID && known_version) || before_the_id {
        None
    } else if app == super::APPLICATION_ID && i64::from(version) > i64::from(latest_schema_version()) {
        Some(Text::new("Sauvegarde d'une version plus récente de Greffier.", "Backup from a newer Greffier."))
    } else {
        Some(not_greffier_text())
    }
}

fn not_greffier_text() -> Text {
    Text::new("Ce fichier n'est pas une base Greffier.", "This file is not a Greffier database.")
}

fn damaged_text(fr: &str, en: &str) -> Text {
    Text::new(format!("Cette sauvegarde est abîmée : {fr}"), format!("This backup is damaged: {en}"))
}

/// The file beside a backup holding its SHA-256, in `sha256sum`'s format (so that `sha256sum -c`
/// checks it too).
fn checksum_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".sha256");
    PathBuf::from(name)
}

/// The SHA-256 of a file, in lowercase hexadecimal, read in blocks.
fn sha256_of(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut block = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut block)?;
        if n == 0 {
            break;
        }
        hasher.update(&block[..n]);
    }
    Ok(hasher.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// The checksum written beside the backup at `path`: `None` when there is none (a backup of a
/// Greffier from before checksums) or it cannot be read as one.
fn written_checksum(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(checksum_path(path)).ok()?;
    let hex = text.split_whitespace().next()?;
    (hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit())).then(|| hex.to_ascii_lowercase())
}

/// Writes `hex`, the checksum of the backup to be named `name`, beside it in `dir`, flushed to
/// disk.
fn write_checksum(dir: &Path, name: &str, hex: &str) -> Result<()> {
    use std::io::Write;
    let path = checksum_path(&dir.join(name));
    let written = std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(format!("{hex}  {name}\n").as_bytes()).and_then(|()| f.sync_all()));
    written.map_err(io(&path))
}

/// Why the whole of `file` is not the backup at `path`, read to its last byte: its SHA-256
/// against the checksum written with the backup, or, for a backup without one, SQLite's
/// integrity check. `file` is `path` itself, or the copy of it a restore is about to use.
fn whole_file_problem(path: &Path, file: &Path) -> Option<(&'static str, Text)> {
    let Some(expected) = written_checksum(path) else {
        return check_backup(file).err();
    };
    let problem = match sha256_of(file) {
        Ok(found) if found == expected => return None,
        Ok(_) => damaged_text(
            "son contenu ne correspond plus à la somme de contrôle écrite avec elle (fichier tronqué ou modifié).",
            "its contents no longer match the checksum written with it (a file cut short or changed).",
        ),
        Err(e) => damaged_text(&e.to_string(), &e.to_string()),
    };
    Some(("corrupt_backup", problem))
}

/// What a file's listing was checked against: its size and time, and its checksum's time.
type Stamp = (u64, SystemTime, Option<SystemTime>);

/// Each backup file's verdict, with the stamp it was given for.
type Verdicts = HashMap<PathBuf, (Stamp, Option<Text>)>;

/// What listing a backup says of it: its header, then the whole file. Reading every backup
/// whole on every listing would read the folder again each time the screen opens, so each
/// file's verdict is kept for this process while its size and time and its checksum's time
/// stay the same (a restore always checks again).
fn checked_problem(path: &Path) -> Option<Text> {
    static VERDICTS: OnceLock<Mutex<Verdicts>> = OnceLock::new();
    if let Some(problem) = header_problem(path) {
        return Some(problem);
    }
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified());
    let stamp: Option<Stamp> = std::fs::metadata(path)
        .and_then(|m| Ok((m.len(), m.modified()?, modified(&checksum_path(path)).ok())))
        .ok();
    let verdicts = VERDICTS.get_or_init(|| Mutex::new(HashMap::new()));
    if let (Some(stamp), Ok(known)) = (stamp, verdicts.lock())
        && let Some((seen, verdict)) = known.get(path)
        && *seen == stamp
    {
        return verdict.clone();
    }
    let verdict = whole_file_problem(path, path).map(|(_, why)| why);
    if let (Some(stamp), Ok(mut known)) = (stamp, verdicts.lock()) {
        known.insert(path.to_owned(), (stamp, verdict.clone()));
    }
    verdict
}

/// The full check a backup passes before it carries a backup's name, and before a restore:
/// SQLite can read it, `PRAGMA integrity_check` says ok, it is a Greffier history this build
/// can open. The problem in words otherwise.
fn check_backup(path: &Path) -> std::result::Result<(), (&'static str, Text)> {
    let damaged = |detail: String| ("corrupt_backup", damaged_text(&detail, &detail));
    if let Some(problem) = header_problem(path) {
        return Err(("not_a_backup", problem));
    }
    let src = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|_| ("not_a_backup", not_greffier_text()))?;
    let check: String = src.query_row("PRAGMA integrity_check", [], |r| r.get(0)).map_err(|e| {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => ("not_a_backup", not_greffier_text()),
            _ => damaged(e.to_string()),
        }
    })?;
    if check != "ok" {
        return Err(damaged(check));
    }
    let has_plays: bool = src
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plays')",
            [],
            |r| r.get(0),
        )
        .map_err(|e| damaged(e.to_string()))?;
    if !has_plays {
        return Err(("not_a_backup", not_greffier_text()));
    }
    Ok(())
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io { path: path.to_owned(), source }
}

/// The backups in `dir` (of `only` that kind, when given), newest first.
fn backups_in(dir: &Path, only: Option<BackupKind>) -> Result<Vec<BackupFile>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io(dir)(e)),
    };
    let mut files: Vec<BackupFile> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| BackupFile::parse(dir, &e.file_name().to_string_lossy(), only))
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
    // Written and checked under a name no listing reads, its checksum written beside the name
    // it will have, then renamed: a backup killed halfway leaves only a `.partial` file (and
    // perhaps a checksum of nothing), never a broken file with a backup's name.
    let tmp = dir.join(format!(".{name}.partial"));
    let written = (|| -> Result<()> {
        conn.backup(MAIN_DB, &tmp, None)?;
        // The copy keeps the history's WAL mode: a backup is one file, without `-wal` and
        // `-shm` beside it (which the check below, and every later open, would create and
        // leave behind).
        to_rollback_journal(&tmp)?;
        check_backup(&tmp).map_err(|(code, message)| {
            let mut p = Problems::new();
            p.push("", code, message);
            StoreError::Invalid(p)
        })?;
        std::fs::File::open(&tmp).and_then(|f| f.sync_all()).map_err(io(&tmp))?;
        write_checksum(dir, &name, &sha256_of(&tmp).map_err(io(&tmp))?)?;
        std::fs::rename(&tmp, &path).map_err(io(&path))?;
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    remove_sidecars(&tmp);
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        let _ = std::fs::remove_file(checksum_path(&path));
        return Err(e);
    }
    // Retention counts and prunes usable backups only: a broken file never pushes out a good
    // one, and the newest good backup (this one) always stays.
    let old: Vec<BackupFile> = backups_in(dir, Some(kind))?
        .into_iter()
        .filter(|b| b.usable())
        .skip(usize::try_from(keep.max(1)).unwrap_or(1))
        .filter(|b| b.file_name != name)
        .collect();
    for b in old {
        let p = dir.join(&b.file_name);
        std::fs::remove_file(&p).map_err(io(&p))?;
        let _ = std::fs::remove_file(checksum_path(&p));
    }
    BackupFile::parse(dir, &name, None).ok_or_else(|| StoreError::NotFound { what: "backup", id: name })
}

/// Switches a copy of the history out of WAL mode, so that it is one file.
fn to_rollback_journal(path: &Path) -> Result<()> {
    let conn = Connection::open(path)?;
    let _mode: String = conn.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    Ok(())
}

/// What SQLite may have left beside a file of ours it opened (`-wal`, `-shm`, `-journal`).
fn remove_sidecars(path: &Path) {
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// A file removed with its sidecars.
fn remove_with_sidecars(path: &Path) {
    let _ = std::fs::remove_file(path);
    remove_sidecars(path);
}

/// Copies the backup at `path` to `copy` and brings the copy to the current schema, as a restore
/// would: the live history is replaced only by a copy this build could open. The problem in
/// words otherwise (the copy is then removed).
fn prepare_restore(path: &Path, copy: &Path) -> std::result::Result<(), (&'static str, Text)> {
    let cannot = |detail: String| {
        (
            "unrestorable",
            Text::new(
                format!(
                    "Cette sauvegarde ne peut pas être mise au format de cette version de Greffier : {detail}. L'historique n'a pas changé."
                ),
                format!(
                    "This backup cannot be brought up to this version of Greffier: {detail}. The history was left as it was."
                ),
            ),
        )
    };
    remove_with_sidecars(copy);
    let prepared = (|| {
        std::fs::copy(path, copy).map_err(|e| cannot(e.to_string()))?;
        // The copy is what is restored: it is the one read whole.
        if let Some(problem) = whole_file_problem(path, copy) {
            return Err(problem);
        }
        check_backup(copy)?;
        let mut conn = Connection::open(copy).map_err(|e| cannot(e.to_string()))?;
        // As the live history's connection migrates (`Store::prepare`).
        conn.pragma_update(None, "foreign_keys", "ON").map_err(|e| cannot(e.to_string()))?;
        let _mode: String = conn
            .query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))
            .map_err(|e| cannot(e.to_string()))?;
        super::check_is_ours(&conn).map_err(|e| match e {
            StoreError::NotGreffier => ("not_a_backup", not_greffier_text()),
            e => cannot(e.to_string()),
        })?;
        migrate(&mut conn).map_err(|e| cannot(e.to_string()))?;
        let check: String =
            conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).map_err(|e| cannot(e.to_string()))?;
        if check != "ok" {
            return Err(cannot(check));
        }
        Ok(())
    })();
    remove_sidecars(copy);
    if prepared.is_err() {
        remove_with_sidecars(copy);
    }
    prepared
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
        if backups_in(&dir, Some(BackupKind::Daily))?
            .iter()
            .any(|b| b.usable() && b.created_at.date_naive() == today)
        {
            return Ok(None);
        }
        let keep = if keep == 0 { DEFAULT_BACKUPS_KEPT } else { keep };
        backup_into(&self.conn, &dir, BackupKind::Daily, keep).map(Some)
    }

    /// The backups of this database, newest first.
    pub fn list_backups(&self) -> Result<Vec<BackupFile>> {
        match self.backup_dir() {
            Some(dir) => backups_in(&dir, None),
            None => Ok(Vec::new()),
        }
    }

    /// Replaces the whole history by the backup `file_name` (a name from `list_backups`).
    /// A copy of the backup is checked (readable, intact, not from a newer Greffier) and
    /// brought to the current schema first, aside: a backup that cannot be is refused and the
    /// history left untouched. Then the current history is saved as a `before_restore` backup,
    /// which is returned, and replaced by the migrated copy.
    pub fn restore_backup(&mut self, file_name: &str) -> Result<BackupFile> {
        let dir = self.require_backup_dir()?;
        // Only a backup's name in the folder: no path reaches another file.
        let named = !file_name.contains(['/', '\\']) && dir.join(file_name).is_file();
        let Some(found) = named.then(|| BackupFile::parse(&dir, file_name, None)).flatten() else {
            return Err(StoreError::NotFound { what: "backup", id: file_name.to_owned() });
        };
        let path = dir.join(&found.file_name);
        // Said in words ("not a Greffier database", "damaged"), never as SQLite's error.
        if let Some(problem) = header_problem(&path) {
            return Err(invalid("file_name", "not_a_backup", problem.fr, problem.en));
        }
        let copy = dir.join(format!(".{}.restoring", found.file_name));
        if let Err((code, message)) = prepare_restore(&path, &copy) {
            return Err(invalid("file_name", code, message.fr, message.en));
        }
        let restored = (|| {
            let safety = backup_into(&self.conn, &dir, BackupKind::BeforeRestore, SAFETY_BACKUPS_KEPT)?;
            let paired = super::paired_devices::PairedNow::read(&self.conn)?;
            self.conn.restore(MAIN_DB, &copy, None::<fn(rusqlite::backup::Progress)>)?;
            // Nothing left to migrate: the copy was; this only confirms it.
            migrate(&mut self.conn)?;
            // Who may get in stays as it is now: a device revoked since the backup
            // must not come back with it.
            paired.write(&mut self.conn)?;
            Ok(safety)
        })();
        remove_with_sidecars(&copy);
        restored
    }
}
