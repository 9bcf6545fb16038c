//! The play history: a local SQLite database (rusqlite, bundled) holding players, plays, their
//! seats, the raw table state of each play (so scores can be recomputed after a fix), the
//! computed results (queryable for statistics), round logs and the card values users typed.
//!
//! Opening applies the numbered SQL files of `migrations/` in order. Every write that touches
//! more than one row runs in one transaction, so a crash leaves either all of it or none.

mod autobackup;
mod backup;
mod bgstats;
mod bounded_json;
mod csv_export;
mod files;
mod log;
mod merge;
mod model;
mod other_plays;
mod paired_devices;
mod plays;
mod stats;
mod summary;
pub mod sync;
mod table_seats;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::{Connection, TransactionBehavior};

pub use autobackup::{BACKUP_DIR_NAME, BackupFile, BackupKind, DEFAULT_BACKUPS_KEPT};
pub use backup::{
    Backup, BackupExpansion, BackupOtherPlay, BackupOtherSeat, BackupPlay, BackupPlayer, BackupRevision,
    BackupSeat, Counts, ImportReport, Manifest, maybe_gunzip, wants_gzip,
};
pub use bgstats::{
    BgDroppedField, BgExpansionPlay, BgGame, BgGameCount, BgLocation, BgPlay, BgPlayNote, BgPlayNoteKind,
    BgPlayer, BgPlayerScore, BgStats, BgStatsReport, MAX_BGSTATS_ITEMS, recognise, recognise_title,
};
pub use csv_export::{CsvDelimiter, CsvOptions};
pub use files::write_atomically;
pub use log::MAX_DURATION_MINUTES;
pub use model::*;
pub use other_plays::*;
pub use paired_devices::{MAX_DEVICE_NAME_CHARS, MAX_PAIRED_DEVICES, PairedDevice};
pub use plays::{HistoryLimits, limits, player_key};
pub use stats::*;
pub use sync::{
    SyncApplied, SyncConflict, SyncDeviceStatus, SyncOtherPlayVersion, SyncPlayVersion, SyncPlayerVersion,
    SyncReport, SyncSeatVersion, SyncSkipped, SyncStatus, SyncVersion, SyncWaitKind, SyncWaiting,
};
pub use table_seats::{DeviceSecret, MAX_TABLE_PHONES, TableDevice, TableSession, TokenDigest};

use crate::games::Problems;

/// The migrations, in order; each is a file of `migrations/`.
const MIGRATION_FILES: &[(&str, &str)] = &[
    ("0001_initial.sql", include_str!("../../migrations/0001_initial.sql")),
    ("0002_play_log_and_statistics.sql", include_str!("../../migrations/0002_play_log_and_statistics.sql")),
    ("0003_other_games.sql", include_str!("../../migrations/0003_other_games.sql")),
    ("0004_statistics_facts.sql", include_str!("../../migrations/0004_statistics_facts.sql")),
    ("0005_explicit_sheet_marker.sql", include_str!("../../migrations/0005_explicit_sheet_marker.sql")),
    ("0006_table_state_revisions.sql", include_str!("../../migrations/0006_table_state_revisions.sql")),
    ("0007_other_games_detail.sql", include_str!("../../migrations/0007_other_games_detail.sql")),
    ("0008_statistics_summaries.sql", include_str!("../../migrations/0008_statistics_summaries.sql")),
    ("0009_table_seats.sql", include_str!("../../migrations/0009_table_seats.sql")),
    ("0010_table_address.sql", include_str!("../../migrations/0010_table_address.sql")),
    ("0011_seat_rows_without_rowid.sql", include_str!("../../migrations/0011_seat_rows_without_rowid.sql")),
    ("0012_checks_without_lists.sql", include_str!("../../migrations/0012_checks_without_lists.sql")),
    ("0013_results_without_a_score.sql", include_str!("../../migrations/0013_results_without_a_score.sql")),
    ("0014_setup_checklist_ticks.sql", include_str!("../../migrations/0014_setup_checklist_ticks.sql")),
    ("0015_scores_typed_as_sums.sql", include_str!("../../migrations/0015_scores_typed_as_sums.sql")),
    ("0016_table_seat_requests.sql", include_str!("../../migrations/0016_table_seat_requests.sql")),
    ("0017_paired_devices.sql", include_str!("../../migrations/0017_paired_devices.sql")),
    ("0018_shared_history.sql", include_str!("../../migrations/0018_shared_history.sql")),
];

/// `PRAGMA application_id` of every Greffier database ("GREF"): a file without it is not ours
/// (unless it is empty, or a Greffier history written before the id existed).
pub const APPLICATION_ID: i32 = 0x4752_4546;

/// The newest schema a Greffier history could have without [`APPLICATION_ID`]: the id came
/// with schema 5's release, and every open since sets it. A file at a later version without it
/// is another program's, whatever its `user_version`.
pub(crate) const LAST_SCHEMA_WITHOUT_APPLICATION_ID: u32 = 4;

/// Brings the schema up to date in one IMMEDIATE transaction: the version is read after the
/// write lock is taken, so two processes opening a new file at once never both apply a
/// migration (the second waits, then finds nothing to do). Each migration is its SQL file, then
/// the Rust step that goes with it, if any.
fn migrate(conn: &mut Connection) -> Result<()> {
    // A history at this build's schema has nothing to migrate: opening it takes no write lock
    // (reading it must not wait for, or fail behind, another process's write).
    if is_current(conn)? {
        return Ok(());
    }
    let deadline = Instant::now() + MIGRATION_WAIT;
    loop {
        match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
            Ok(tx) => return apply_migrations(tx),
            // Another process holds the write lock past the busy timeout: most likely it is
            // migrating this very file (a first open beside another, a large history's
            // upgrade). Its migration done, there is nothing left to do here.
            Err(e) if is_busy(&e) && Instant::now() < deadline => {}
            Err(e) => return Err(e.into()),
        }
        if is_current(conn)? {
            return Ok(());
        }
    }
}

/// The migrations this file lacks, under the write lock `tx` holds: the version is read again
/// there, as another process may have migrated the file in the meantime.
fn apply_migrations(tx: rusqlite::Transaction<'_>) -> Result<()> {
    let found: u32 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let supported = latest_schema_version();
    if found > supported {
        return Err(StoreError::NewerSchema { found, supported });
    }
    // The summaries are filled by this build's code, which writes the summary tables of the
    // newest schema: after the last file, not right after the one that created them.
    let mut rebuild_summaries = false;
    for (name, sql) in MIGRATION_FILES.iter().skip(usize::try_from(found).unwrap_or(usize::MAX)) {
        tx.execute_batch(sql).map_err(|e| StoreError::Migration(format!("{name}: {e}")))?;
        match *name {
            "0004_statistics_facts.sql" => plays::backfill_facts(&tx)?,
            "0005_explicit_sheet_marker.sql" => plays::mark_legacy_sheets(&tx)?,
            "0008_statistics_summaries.sql" => rebuild_summaries = true,
            "0012_checks_without_lists.sql" => bump_schema_cookie(&tx)?,
            "0018_shared_history.sql" => sync::identity::backfill_player_uuids(&tx)?,
            _ => {}
        }
    }
    if rebuild_summaries {
        summary::rebuild(&tx)?;
    }
    if found < supported {
        tx.pragma_update(None, "user_version", supported)?;
    }
    let id: i32 = tx.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    if id != APPLICATION_ID {
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    }
    tx.commit()?;
    Ok(())
}

/// How long an open waits for another process's migration of the same file (the busy timeout
/// is for a write: a migration of a large history, or one on a loaded machine, takes longer).
const MIGRATION_WAIT: Duration = Duration::from_secs(300);

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

/// Switches the file to WAL, waiting for another process's first open of it (the switch needs
/// the file to itself) as long as [`MIGRATION_WAIT`].
fn switch_to_wal(conn: &Connection) -> Result<()> {
    let deadline = Instant::now() + MIGRATION_WAIT;
    loop {
        match conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0)) {
            Ok(_) => return Ok(()),
            Err(e) if is_busy(&e) && Instant::now() < deadline => {}
            Err(e) => return Err(e.into()),
        }
    }
}

/// Whether the open history is at this build's schema and marked as ours: nothing to migrate.
fn is_current(conn: &Connection) -> Result<bool> {
    let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    Ok(version == latest_schema_version() && id == APPLICATION_ID)
}

/// After a migration that edits the schema's text (`PRAGMA writable_schema`): a new schema
/// version number, so that every connection to the file reads the schema again.
fn bump_schema_cookie(conn: &Connection) -> Result<()> {
    let version: i64 = conn.query_row("PRAGMA schema_version", [], |r| r.get(0))?;
    conn.pragma_update(None, "schema_version", version + 1)?;
    Ok(())
}

/// Whether an open file may be used as a Greffier history, read without writing anything:
/// ours by its application id, empty (a new file), or a history written before the id existed
/// (a known schema version and our tables).
fn check_is_ours(conn: &Connection) -> Result<()> {
    let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(not_a_database)?;
    if id == APPLICATION_ID {
        return Ok(());
    }
    let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let objects: u32 = conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get(0))?;
    if id == 0 && version == 0 && objects == 0 {
        return Ok(());
    }
    let ours: u32 = conn.query_row(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('players', 'plays', 'seats', 'table_states')",
        [],
        |r| r.get(0),
    )?;
    if id == 0 && (1..=LAST_SCHEMA_WITHOUT_APPLICATION_ID).contains(&version) && ours == 4 {
        return Ok(());
    }
    Err(StoreError::NotGreffier)
}

/// SQLite's "file is not a database" (and the like) said as what it means.
fn not_a_database(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => StoreError::NotGreffier,
        _ => StoreError::from(e),
    }
}

/// The schema version this build writes (the number of migrations).
pub fn latest_schema_version() -> u32 {
    u32::try_from(MIGRATION_FILES.len()).unwrap_or(u32::MAX)
}

/// What can go wrong with the history.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    #[error("could not update the database schema: {0}")]
    Migration(String),
    #[error("this file is not a Greffier database: it was left as it was")]
    NotGreffier,
    #[error(
        "this database was written by a newer Greffier (schema {found}; this version knows up to {supported}): update Greffier to open it"
    )]
    NewerSchema { found: u32, supported: u32 },
    /// A history at an older schema that this process cannot write (or was asked only to
    /// read): it is not migrated, and left as it was.
    #[error(
        "this history was written by an older Greffier (schema {found}; this version uses {supported}): open it once where it can be written (the app, or any history command that changes it) to upgrade it; it was left as it was"
    )]
    NeedsUpgrade { found: u32, supported: u32 },
    /// A change asked of a history opened for reading only (its file or folder is read-only).
    #[error("this history is read-only (its file or its folder cannot be written): nothing was changed")]
    ReadOnly,
    #[error("{what} {id} does not exist")]
    NotFound { what: &'static str, id: String },
    #[error("the play is {status}: only a play in progress can change")]
    NotInProgress { status: &'static str },
    #[error("nothing to undo")]
    NothingToUndo,
    /// Table mode: another phone holds this seat (ask for it, or pick another).
    #[error("seat {seat} is held by {}: ask for it, or pick another seat", name.as_deref().unwrap_or("another phone"))]
    SeatTaken { seat: u8, device: Id, name: Option<String> },
    #[error("invalid input:\n{0}")]
    Invalid(Problems),
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("could not write the output: {0}")]
    Write(std::io::Error),
    /// A file being imported could not be read to its end (cut short, a damaged gzip).
    #[error("could not read the file: {0}")]
    Read(std::io::Error),
}

impl StoreError {
    /// A stable machine name for the kind of error (the UI switches on it).
    pub fn kind(&self) -> &'static str {
        match self {
            StoreError::Sqlite(_) | StoreError::Migration(_) => "database",
            StoreError::NewerSchema { .. } => "newer_schema",
            StoreError::NeedsUpgrade { .. } => "needs_upgrade",
            StoreError::ReadOnly => "read_only",
            StoreError::NotGreffier => "not_greffier",
            StoreError::NotFound { .. } => "not_found",
            StoreError::NotInProgress { .. } | StoreError::Invalid(_) => "invalid_input",
            StoreError::NothingToUndo => "nothing_to_undo",
            StoreError::SeatTaken { .. } => "seat_taken",
            StoreError::Io { .. } | StoreError::Write(_) | StoreError::Read(_) => "io",
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    /// SQLite's refusal to write a file opened for reading only is said as what it means.
    fn from(e: rusqlite::Error) -> StoreError {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::ReadOnly) => StoreError::ReadOnly,
            _ => StoreError::Sqlite(e),
        }
    }
}

impl From<Problems> for StoreError {
    fn from(p: Problems) -> StoreError {
        StoreError::Invalid(p)
    }
}

/// Where a long import or export is; sent to the caller's callback every few hundred items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Progress {
    pub stage: ProgressStage,
    pub done: u32,
    pub total: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ProgressStage {
    /// Reading plays from the database (exports).
    Reading,
    /// Checking a file to import.
    Checking,
    /// Writing to the database (imports) or to the file (exports).
    Writing,
}

/// A progress callback that ignores everything.
pub fn no_progress(_: Progress) {}

/// Counts the items of a long import or export, telling the caller every 500 items and at the
/// last.
pub(crate) struct Ticks<'p> {
    progress: &'p mut dyn FnMut(Progress),
    stage: ProgressStage,
    done: u32,
    total: u32,
}

impl<'p> Ticks<'p> {
    pub(crate) fn new(progress: &'p mut dyn FnMut(Progress), stage: ProgressStage, total: u32) -> Ticks<'p> {
        Ticks { progress, stage, done: 0, total }
    }

    /// One more item done.
    pub(crate) fn tick(&mut self) {
        self.done += 1;
        if self.done.is_multiple_of(500) || self.done == self.total {
            (self.progress)(Progress { stage: self.stage, done: self.done, total: self.total });
        }
    }

    /// The items done so far.
    pub(crate) fn done(&self) -> u32 {
        self.done
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// An open history database.
pub struct Store {
    conn: Connection,
    /// The database file (none in memory); its backups go in `backups/` beside it.
    path: Option<PathBuf>,
}

/// What a caller opens the history for; [`Store::open_for`] decides, from it and from what the
/// file allows, how the database is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenFor {
    /// Reading and changing it (the app, `greffier serve`, the CLI's `call` and the history
    /// commands that change it): created if missing, its schema brought up to date. A history
    /// this process cannot write (a read-only file or folder) is opened for reading instead,
    /// when its schema is current: every change is then refused as [`StoreError::ReadOnly`].
    Writing,
    /// Reading only (the CLI's lists, statistics and exports): nothing is written, no lock is
    /// taken; a history at an older schema is refused ([`StoreError::NeedsUpgrade`]), not
    /// migrated, and a missing one reads as empty without being created.
    Reading,
}

impl Store {
    /// Opens (creating it if needed) the database at `path` and brings its schema up to date:
    /// [`Store::open_for`] with [`OpenFor::Writing`]. A database from a newer Greffier is
    /// refused untouched.
    pub fn open(path: &Path) -> Result<Store> {
        Store::open_for(path, OpenFor::Writing)
    }

    /// Opens the database at `path` for what the caller means to do: the one place that decides
    /// how a history file is opened, for every door.
    pub fn open_for(path: &Path, want: OpenFor) -> Result<Store> {
        if want == OpenFor::Writing {
            match Store::open_writable(path) {
                Err(e) if cannot_write(&e) && path.is_file() => {
                    // Read-only media or file: readable all the same, if its schema is current.
                    return Store::open_read_only(path).map_err(|read| match read {
                        StoreError::NeedsUpgrade { .. }
                        | StoreError::NewerSchema { .. }
                        | StoreError::NotGreffier => read,
                        _ => e,
                    });
                }
                opened => return opened,
            }
        }
        Store::open_read_only(path)
    }

    fn open_writable(path: &Path) -> Result<Store> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io { path: dir.to_owned(), source })?;
        }
        let conn = Connection::open(path)?;
        // SQLite opens a file it may not write for reading, without a word.
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly);
        }
        Store::prepare(conn, Some(path))
    }

    /// Opens `path` for reading only. A history in WAL mode is read through its shared-memory
    /// file, which a read-only folder cannot hold when it is missing (SQLite then cannot open
    /// it): such a history is opened as immutable, which no process can be changing there.
    fn open_read_only(path: &Path) -> Result<Store> {
        use rusqlite::OpenFlags;
        if !path.exists() {
            // No play recorded yet: an empty history, read without making its file.
            let mut store = Store::open_in_memory()?;
            store.path = Some(path.to_owned());
            return Ok(store);
        }
        let flags =
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let plain = Connection::open_with_flags(path, flags)
            .map_err(StoreError::from)
            .and_then(|conn| Store::prepare_read_only(conn, path));
        match plain {
            Err(e) if cannot_write(&e) => {
                let conn =
                    Connection::open_with_flags(format!("file:{}?immutable=1", uri_path(path)), flags)?;
                Store::prepare_read_only(conn, path)
            }
            opened => opened,
        }
    }

    /// A connection opened for reading: ours, at this build's schema (an older one is not
    /// migrated here), with the same busy timeout and foreign keys as a writable one.
    fn prepare_read_only(conn: Connection, path: &Path) -> Result<Store> {
        conn.busy_timeout(Duration::from_secs(5))?;
        conn.set_prepared_statement_cache_capacity(64);
        crate::collation::register(&conn)?;
        check_is_ours(&conn)?;
        let found: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let supported = latest_schema_version();
        if found > supported {
            return Err(StoreError::NewerSchema { found, supported });
        }
        if !is_current(&conn)? {
            return Err(StoreError::NeedsUpgrade { found, supported });
        }
        Ok(Store { conn, path: Some(path.to_owned()) })
    }

    /// A fresh database in memory (tests, benchmarks).
    pub fn open_in_memory() -> Result<Store> {
        Store::prepare(Connection::open_in_memory()?, None)
    }

    fn prepare(mut conn: Connection, file: Option<&Path>) -> Result<Store> {
        conn.busy_timeout(Duration::from_secs(5))?;
        // Statements are prepared once and reused (`prepare_cached`): the statistics summaries
        // alone use two dozen, beyond rusqlite's default of 16.
        conn.set_prepared_statement_cache_capacity(64);
        // Every write transaction takes the write lock first: a transaction that reads before
        // writing would otherwise fail at once ("database is locked") when another process
        // writes, instead of waiting for the busy timeout.
        conn.set_transaction_behavior(TransactionBehavior::Immediate);
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Names and titles sort in French order (`ORDER BY … COLLATE french`).
        crate::collation::register(&conn)?;
        // Nothing is written (no WAL switch, no backup) before the file is known to be ours.
        check_is_ours(&conn)?;
        let found: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let supported = latest_schema_version();
        if found > supported {
            return Err(StoreError::NewerSchema { found, supported });
        }
        if let Some(path) = file {
            // WAL: readers never block the writer and a killed process loses nothing committed;
            // FULL: a committed play also survives a power cut.
            switch_to_wal(&conn)?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            if autobackup::needs_backup_before_migration(found) {
                let dir = path.parent().unwrap_or(Path::new(".")).join(BACKUP_DIR_NAME);
                autobackup::backup_into(&conn, &dir, BackupKind::BeforeMigration, 10)?;
            }
        }
        migrate(&mut conn)?;
        Ok(Store { conn, path: file.map(Path::to_owned) })
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<u32> {
        Ok(self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// `PRAGMA integrity_check`: `ok`, or what SQLite found broken.
    pub fn integrity_check(&self) -> Result<String> {
        Ok(self.conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }

    /// The raw connection, for statistics queries and tests.
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

/// Whether opening for writing failed because this process may not write the file or its
/// folder (read-only media, a read-only file, a folder where SQLite cannot make its journal).
fn cannot_write(e: &StoreError) -> bool {
    match e {
        StoreError::ReadOnly => true,
        StoreError::Io { source, .. } => matches!(
            source.kind(),
            std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
        ),
        StoreError::Sqlite(e) => matches!(
            e.sqlite_error_code(),
            Some(
                rusqlite::ErrorCode::CannotOpen
                    | rusqlite::ErrorCode::PermissionDenied
                    | rusqlite::ErrorCode::ReadOnly
            )
        ),
        _ => false,
    }
}

/// `path` as the path of an SQLite `file:` URI: every byte but the unreserved ones and `/`
/// percent-encoded (a `?` or `#` in a folder's name must not end the path).
fn uri_path(path: &Path) -> String {
    use std::fmt::Write as _;
    let mut uri = String::new();
    for &b in path.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            uri.push(char::from(b));
        } else {
            let _ = write!(uri, "%{b:02X}");
        }
    }
    uri
}

/// Where the desktop app and the CLI keep the history by default: the platform data directory
/// under the app's identifier (the same folder Tauri's `app_data_dir` gives the app).
pub fn default_db_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join(crate::APP_IDENTIFIER).join(DB_FILE_NAME))
}

/// The database file's name inside the data directory.
pub const DB_FILE_NAME: &str = "greffier.sqlite3";

#[cfg(test)]
mod tests {
    use super::*;

    /// A history as a build at schema `version` left it: its first `version` migrations
    /// applied, foreign keys enforced as `Store::prepare` does, and the application id once
    /// builds wrote it.
    fn history_at_schema(version: u32) -> Connection {
        let conn = Connection::open_in_memory().expect("db");
        conn.pragma_update(None, "foreign_keys", "ON").expect("fk");
        for (name, sql) in &MIGRATION_FILES[..usize::try_from(version).expect("version")] {
            conn.execute_batch(sql).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        conn.pragma_update(None, "user_version", version).expect("version");
        if version > LAST_SCHEMA_WITHOUT_APPLICATION_ID {
            conn.pragma_update(None, "application_id", APPLICATION_ID).expect("ours");
        }
        conn
    }

    #[test]
    fn migrations_apply_to_a_new_database_with_valid_foreign_keys() {
        let store = Store::open_in_memory().expect("migrated");
        let broken: u32 = store
            .connection()
            .query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0))
            .expect("check");
        assert_eq!(broken, 0);
        let id: i32 = store.connection().query_row("PRAGMA application_id", [], |r| r.get(0)).expect("id");
        assert_eq!(id, APPLICATION_ID);
    }

    #[test]
    fn every_sql_file_in_migrations_is_applied_in_order() {
        // The running checkout's, not the compiled-in one (tests/it/checkout.rs says why).
        let dir =
            Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo")).join("migrations");
        // Every error is reported: an unreadable folder or entry must not pass for an empty one.
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .and_then(|rd| rd.map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned())).collect())
            .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
        on_disk.retain(|n| n.ends_with(".sql"));
        on_disk.sort();
        let listed: Vec<String> = MIGRATION_FILES.iter().map(|(n, _)| (*n).to_owned()).collect();
        assert_eq!(on_disk, listed, "migrations/ and MIGRATION_FILES must list the same files, in order");
        for (i, name) in listed.iter().enumerate() {
            assert!(name.starts_with(&format!("{:04}_", i + 1)), "{name} is not numbered {}", i + 1);
        }
    }

    /// Migration 4 backfills what statistics read from the games' own verdicts: a play finished
    /// before it (schema 3, no mission results) gets them from its stored table state.
    #[test]
    fn migration_4_backfills_the_facts_of_plays_finished_before_it() {
        let conn = history_at_schema(3);
        let state = serde_json::json!({ "players": [
            { "name": "Ani", "city_members": 3, "coins": 1, "missions": [{ "id": "mission_ten_minus_coins" }] },
            { "name": "Dirk", "missions": [{ "id": "mission_palms", "points": 3 }] } ] });
        conn.execute_batch(&format!(
            "INSERT INTO players (id, name, created_at) VALUES (1, 'Ani', 't'), (2, 'Dirk', 't');
             INSERT INTO plays (id, uuid, game, variant, player_count, status, started_at, outcome, updated_at)
                  VALUES (1, 'u1', 'valencia', 'base', 2, 'finished', '2026-01-01T00:00:00Z', 'points', 't');
             INSERT INTO seats (play_id, seat, player_id) VALUES (1, 0, 1), (1, 1, 2);
             INSERT INTO table_states (play_id, schema_version, state_json, saved_at) VALUES (1, 2, '{state}', 't');"
        ))
        .expect("a schema-3 play");
        let store = Store::prepare(conn, None).expect("migrated");
        let rows: Vec<(i64, String, bool, i64)> = store
            .connection()
            .prepare("SELECT seat, mission, met, points FROM mission_results ORDER BY seat")
            .expect("query")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .expect("rows")
            .collect::<rusqlite::Result<_>>()
            .expect("read");
        assert_eq!(
            rows,
            vec![
                (0, "mission_ten_minus_coins".to_owned(), true, 9),
                (1, "mission_palms".to_owned(), false, -3)
            ]
        );
    }

    /// Every row of `table` as text, ordered by its first three columns: what a migration that
    /// rebuilds a table must keep.
    fn table_rows(conn: &Connection, table: &str) -> Vec<String> {
        let mut stmt = conn.prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2, 3")).expect("query");
        let columns = stmt.column_count();
        let mut rows = stmt.query([]).expect("rows");
        let mut all = Vec::new();
        while let Some(row) = rows.next().expect("row") {
            let values: Vec<String> = (0..columns)
                .map(|i| format!("{:?}", row.get::<_, rusqlite::types::Value>(i).expect("value")))
                .collect();
            all.push(values.join(", "));
        }
        all
    }

    /// Migration 11 copies the seats and their scores into WITHOUT ROWID tables of the same
    /// names: every row is kept, the foreign keys still hold, and deleting a play still cascades
    /// through the renamed tables (their references followed the renames).
    #[test]
    fn migration_11_keeps_every_seat_row_and_the_cascades() {
        let conn = history_at_schema(10);
        conn.execute_batch(
            "INSERT INTO players (id, name, created_at) VALUES (1, 'Ani', 't'), (2, 'Dirk', 't');
             INSERT INTO plays (id, uuid, game, variant, player_count, status, started_at, outcome, updated_at)
                  VALUES (1, 'u1', 'valencia', 'base', 2, 'finished', '2026-01-01T00:00:00Z', 'points', 't'),
                         (2, 'u2', 'valencia', 'base', 2, 'finished', '2026-01-02T00:00:00Z', 'points', 't');
             INSERT INTO seats (play_id, seat, player_id, colour, first_player)
                  VALUES (1, 0, 1, 'red', 1), (1, 1, 2, NULL, 0), (2, 0, 2, 'blue', 1), (2, 1, 1, NULL, 0);
             INSERT INTO results (play_id, seat, total, rank, winner)
                  VALUES (1, 0, 30, 1, 1), (1, 1, 20, 2, 0), (2, 0, 25, 1, 1), (2, 1, 25, 1, 1);
             INSERT INTO category_points (play_id, seat, category, points)
                  VALUES (1, 0, 'coins', 10), (1, 0, 'city', 20), (1, 1, 'city', 20), (2, 0, 'city', 25);
             INSERT INTO mission_results (play_id, seat, mission, met, points)
                  VALUES (1, 0, 'mission_palms', 1, 3), (2, 1, 'mission_cost_3', 0, -3);",
        )
        .expect("a schema-10 history");
        let tables = ["seats", "results", "category_points", "mission_results"];
        let rows = |conn: &Connection| -> Vec<String> {
            tables
                .iter()
                .flat_map(|table| {
                    table_rows(conn, table).into_iter().map(move |row| format!("{table}: {row}"))
                })
                .collect()
        };
        let before = rows(&conn);
        assert_eq!(before.len(), 14);
        let store = Store::prepare(conn, None).expect("migrated");
        let conn = store.connection();
        assert_eq!(rows(conn), before);
        for table in tables {
            let without_rowid: bool = conn
                .query_row("SELECT wr FROM pragma_table_list WHERE name = ?1", [table], |r| r.get(0))
                .expect("table listed");
            assert!(without_rowid, "{table} is WITHOUT ROWID");
        }
        let broken: u32 =
            conn.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0)).expect("check");
        assert_eq!(broken, 0);
        let leftovers: u32 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE instr(name, '_new') OR instr(sql, '_new')",
                [],
                |r| r.get(0),
            )
            .expect("schema");
        assert_eq!(leftovers, 0, "no table or reference keeps a `_new` name");
        let index: u32 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'seats_player_play'",
                [],
                |r| r.get(0),
            )
            .expect("index");
        assert_eq!(index, 1);
        conn.execute("DELETE FROM plays WHERE id = 1", []).expect("delete a play");
        let left: Vec<String> = rows(conn);
        assert!(
            left.iter().all(|r| r.split(": ").nth(1).is_some_and(|v| v.starts_with("Integer(2)"))),
            "{left:?}"
        );
        assert_eq!(left.len(), 6);
    }

    /// Migration 13 lets a result have no total: the results and the seats' statistics rows
    /// are kept as they were, a result without a total can then be stored, and the summaries
    /// are still what a recomputation gives.
    #[test]
    fn migration_13_keeps_every_result_and_lets_a_total_be_missing() {
        let conn = history_at_schema(12);
        conn.execute_batch(
            "INSERT INTO players (id, name, created_at) VALUES (1, 'Ani', 't'), (2, 'Dirk', 't');
             INSERT INTO plays (id, uuid, game, variant, player_count, status, started_at, outcome, updated_at)
                  VALUES (1, 'u1', 'valencia', 'base', 2, 'finished', '2026-01-01T00:00:00Z', 'points', 't');
             INSERT INTO seats (play_id, seat, player_id) VALUES (1, 0, 1), (1, 1, 2);
             INSERT INTO results (play_id, seat, total, rank, winner) VALUES (1, 0, 30, 1, 1), (1, 1, 20, 2, 0);
             INSERT INTO stat_seats (player_id, started_at, play_id, seat, game, outcome, total, winner)
                  VALUES (1, '2026-01-01T00:00:00Z', 1, 0, 'valencia', 'points', 30, 1),
                         (2, '2026-01-01T00:00:00Z', 1, 1, 'valencia', 'points', 20, 0);",
        )
        .expect("a schema-12 history");
        let before = (table_rows(&conn, "results"), table_rows(&conn, "stat_seats"));
        let mut store = Store::prepare(conn, None).expect("migrated");
        let conn = store.connection();
        assert_eq!((table_rows(conn, "results"), table_rows(conn, "stat_seats")), before);
        assert_eq!(
            before.0,
            vec![
                "Integer(1), Integer(0), Integer(30), Integer(1), Integer(1)",
                "Integer(1), Integer(1), Integer(20), Integer(2), Integer(0)"
            ]
        );
        conn.execute("UPDATE results SET total = NULL WHERE seat = 1", []).expect("a result without a total");
        let index: u32 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'stat_seats_record'",
                [],
                |r| r.get(0),
            )
            .expect("index");
        assert_eq!(index, 1);
        let broken: u32 =
            conn.query_row("SELECT COUNT(*) FROM pragma_foreign_key_check", [], |r| r.get(0)).expect("check");
        assert_eq!(broken, 0);
        store.rebuild_statistics().expect("rebuild");
        let summaries = store.statistics_summaries().expect("summaries");
        assert!(
            summaries.contains(&"stat_unscored_results: Text(\"valencia\"), Text(\"points\"), Integer(2), Integer(0), Integer(0), Integer(1)".to_owned()),
            "{summaries:?}"
        );
        assert!(
            summaries.contains(&"stat_seats: Integer(2), Text(\"2026-01-01T00:00:00Z\"), Integer(1), Integer(1), Text(\"valencia\"), Text(\"points\"), Null, Integer(0)".to_owned()),
            "{summaries:?}"
        );
    }

    /// Migration 12 rewrites the CHECKs testing a list of three or more names as comparisons:
    /// no statement of the schema tests such a list (SQLite would build a temporary table of it
    /// for every write), writing a play builds no temporary table any more (on the connection
    /// that migrated too), and the constraints still refuse what they refused.
    #[test]
    fn migration_12_checks_without_a_temporary_table() {
        let store = Store::open_in_memory().expect("migrated");
        let conn = store.connection();
        let schema: Vec<(String, String)> = conn
            .prepare("SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL")
            .expect("schema")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("rows")
            .collect::<rusqlite::Result<_>>()
            .expect("read");
        for (name, sql) in &schema {
            for list in sql.split(" IN (").skip(1) {
                let items = list.split(')').next().unwrap_or_default();
                assert!(items.matches(',').count() < 2, "{name} tests a list of three or more: IN ({items})");
            }
        }
        let sql = &schema.iter().find(|(name, _)| name == "plays").expect("plays").1;
        assert!(sql.contains(
            "CHECK (game = 'valencia' OR game = 'citadelles' OR game = 'orleans' OR game = 'splendor')"
        ));
        assert!(
            sql.contains("CHECK (status = 'in_progress' OR status = 'finished' OR status = 'abandoned')")
        );
        let insert = "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, updated_at)
                      VALUES (?1, ?2, 'base', 2, ?3, '2026-01-01T00:00:00Z', 't')";
        let opcodes: Vec<String> = conn
            .prepare(&format!("EXPLAIN {insert}"))
            .expect("explain")
            .query_map(["u", "valencia", "finished"], |r| r.get::<_, String>(1))
            .expect("rows")
            .collect::<rusqlite::Result<_>>()
            .expect("opcodes");
        assert!(opcodes.iter().any(|op| op == "Insert"), "{opcodes:?}");
        assert!(!opcodes.iter().any(|op| op == "OpenEphemeral"), "{opcodes:?}");
        assert!(conn.execute(insert, ["u1", "chess", "finished"]).is_err(), "an unknown game is refused");
        assert!(conn.execute(insert, ["u2", "valencia", "paused"]).is_err(), "an unknown status is refused");
        let card = "INSERT INTO card_values (game, card, value, updated_at) VALUES (?1, 'c', 3, 't')";
        assert!(conn.execute(card, ["chess"]).is_err(), "a card value of an unknown game is refused");
        conn.execute(card, ["orleans"]).expect("a card value of a known game");
        for (uuid, game, status) in [("u3", "citadelles", "in_progress"), ("u4", "splendor", "abandoned")] {
            conn.execute(insert, [uuid, game, status]).expect("a known game and status");
        }
        let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).expect("check");
        assert_eq!(check, "ok");
    }

    /// Migration 15 gives every player their uuid (from their name and creation, as a backup
    /// imported on two devices gives them), and lets two players share a name (two people of
    /// one name met through a shared history).
    #[test]
    fn migration_15_gives_players_their_uuid_and_lets_names_repeat() {
        let conn = history_at_schema(14);
        conn.execute_batch(
            "INSERT INTO players (id, name, created_at) VALUES (1, 'Ani', '2026-01-01T00:00:00.000Z'), (2, 'Dirk', 't');",
        )
        .expect("a schema-14 history");
        let store = Store::prepare(conn, None).expect("migrated");
        let conn = store.connection();
        let uuids: Vec<(String, String)> = conn
            .prepare("SELECT name, uuid FROM players ORDER BY id")
            .expect("query")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("rows")
            .collect::<rusqlite::Result<_>>()
            .expect("read");
        assert_eq!(uuids[0].1, sync::identity::player_uuid("Ani", "2026-01-01T00:00:00.000Z"));
        assert_eq!(uuids[1].1, sync::identity::player_uuid("Dirk", "t"));
        conn.execute("INSERT INTO players (uuid, name, created_at) VALUES ('u', 'Ani', 't')", [])
            .expect("a second Ani, from another device");
        assert!(
            conn.execute("INSERT INTO players (uuid, name, created_at) VALUES ('u', 'Max', 't')", [])
                .is_err()
        );
    }

    #[test]
    fn a_fresh_database_is_at_the_latest_schema() {
        let store = Store::open_in_memory().expect("in-memory store");
        assert_eq!(store.schema_version().expect("version"), latest_schema_version());
    }
}
