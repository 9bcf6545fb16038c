//! The values some operations answer that are views over the core (the game catalogue as the
//! screens list it, a rule entry with its related titles), and the bodies too long for a row of
//! the table: files in and out. A door holding the bytes itself (the CLI's file or standard
//! input and output) hands them to the same bodies: [`Api::import_stream`], [`Api::export_to`].

use serde::{Deserialize, Serialize};

use super::{Api, ApiError, ErrorKind};
use crate::games::{GameId, GameInfo, PlayMode};
use crate::history::{BgStats, BgStatsReport, CsvOptions, ImportReport, Progress, Store, StoreError};
use crate::rules::RuleKind;
use crate::text::Text;

/// Largest file text an import takes in its request (an upload has its own limit,
/// [`super::MAX_UPLOAD_BYTES`]; the core has its own limits too).
const MAX_IMPORT_BYTES: usize = 1024 * 1024 * 1024;

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct AppInfo {
    pub version: String,
    pub db_path: String,
    pub schema_version: u32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct GameSummary {
    pub id: GameId,
    /// The box name, in each language's typography ([`GameInfo::box_name`]).
    pub name: Text,
    /// What this game's variants are called (module, rules, scenario).
    pub variant_label: Text,
    pub variants: Vec<VariantSummary>,
    pub categories: Vec<CategorySummary>,
    pub table_schema_version: u32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct VariantSummary {
    pub id: String,
    pub label: Text,
    pub min_players: u8,
    pub max_players: u8,
    pub mode: PlayMode,
    /// The score categories this variant uses (empty: all of them).
    pub categories: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CategorySummary {
    pub key: String,
    pub label: Text,
    pub source: String,
    pub negative: bool,
}

impl GameSummary {
    pub fn all() -> Vec<GameSummary> {
        GameId::ALL.iter().map(|g| GameSummary::from(g.info())).collect()
    }
}

impl From<&GameInfo> for GameSummary {
    fn from(info: &GameInfo) -> GameSummary {
        GameSummary {
            id: info.id,
            name: info.box_name(),
            variant_label: info.variant_label.to_text(),
            variants: info
                .variants
                .iter()
                .map(|v| VariantSummary {
                    id: v.id.to_owned(),
                    label: v.label.to_text(),
                    min_players: v.min_players,
                    max_players: v.max_players,
                    mode: v.mode,
                    categories: v.categories.iter().map(|c| (*c).to_owned()).collect(),
                })
                .collect(),
            categories: info
                .categories
                .iter()
                .map(|c| CategorySummary {
                    key: c.key.to_owned(),
                    label: c.label.to_text(),
                    source: c.source.to_owned(),
                    negative: c.negative,
                })
                .collect(),
            table_schema_version: info.table_schema_version,
        }
    }
}

/// A rule entry with the titles of its related entries, ready to show.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RuleView {
    pub id: String,
    pub game: Option<GameId>,
    pub kind: RuleKind,
    pub title: Text,
    pub body: Text,
    pub source: String,
    pub related: Vec<RelatedRule>,
    /// The rule profiles / modules / scenarios it is about (empty: all).
    pub variants: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RelatedRule {
    pub id: String,
    pub title: Text,
}

/// A file written for the user.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ExportedFile {
    /// Where it was written.
    pub path: String,
    /// Plays (or rows) in it.
    pub count: u32,
}

/// What to export.
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ExportKind {
    /// Greffier's full backup (JSON with a manifest).
    Backup,
    /// BG Stats JSON.
    Bgstats,
    /// One line per play.
    CsvPlays,
    /// One line per player and play.
    CsvScores,
}

/// What to import.
#[derive(Debug, Clone, Copy, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ImportKind {
    Backup,
    Bgstats,
}

/// The file an import reads: its text in the request (the CLI's `call`, a small file), or the
/// bytes a door streamed into the core first (`Api::upload_begin`…`upload_finish`), named by
/// the upload's id: any size, gzip or not, read as a stream.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ImportFile {
    Text(String),
    Upload(String),
}

/// What an import added.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ImportSummary {
    Backup(ImportReport),
    Bgstats(BgStatsReport),
}

impl ExportKind {
    /// The file's name before its date, in the language of the screen that asked for it.
    fn file_stem(self, lang: crate::text::Lang) -> &'static str {
        let fr = lang == crate::text::Lang::Fr;
        match self {
            ExportKind::Backup if fr => "greffier-sauvegarde",
            ExportKind::Backup => "greffier-backup",
            ExportKind::Bgstats => "greffier-bgstats",
            ExportKind::CsvPlays if fr => "greffier-parties",
            ExportKind::CsvPlays => "greffier-plays",
            ExportKind::CsvScores => "greffier-scores",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            ExportKind::Backup | ExportKind::Bgstats => "json",
            ExportKind::CsvPlays | ExportKind::CsvScores => "csv",
        }
    }
}

impl Api {
    pub(super) fn read_app_info(&self) -> Result<AppInfo, ApiError> {
        Ok(AppInfo {
            version: crate::VERSION.to_owned(),
            db_path: self.db_path.display().to_string(),
            schema_version: self.store()?.schema_version()?,
        })
    }

    pub(super) fn rule_view(&self, id: &str) -> Result<RuleView, ApiError> {
        let catalogue = self.catalogue()?;
        let entry = catalogue
            .get(id)
            .ok_or_else(|| ApiError::new(ErrorKind::NotFound, format!("no rule entry `{id}`")))?;
        Ok(RuleView {
            id: entry.id.clone(),
            game: entry.game,
            kind: entry.kind,
            title: entry.title.clone(),
            body: entry.body.clone(),
            source: entry.source.clone(),
            related: entry
                .related
                .iter()
                .filter_map(|r| catalogue.get(r))
                .map(|r| RelatedRule { id: r.id.clone(), title: r.title.clone() })
                .collect(),
            variants: entry.variants.clone(),
        })
    }

    /// Imports a file, reporting its progress in [`Api::progress`] while it runs. An upload is
    /// read as a stream and removed once read, imported or not.
    pub(super) fn import(&self, kind: ImportKind, file: ImportFile) -> Result<ImportSummary, ApiError> {
        let mut report = |p: Progress| self.set_progress(Some(p));
        let result = match file {
            ImportFile::Text(text) => {
                if text.len() > MAX_IMPORT_BYTES {
                    let message = format!("the file is larger than {} MiB", MAX_IMPORT_BYTES >> 20);
                    return Err(ApiError::new(ErrorKind::TooLarge, message));
                }
                self.import_from(kind, text.as_bytes(), &mut report)
            }
            ImportFile::Upload(id) => {
                let upload = self.take_upload(&id)?;
                let input = std::fs::File::open(upload.path())
                    .map_err(|e| ApiError::new(ErrorKind::Io, format!("upload: {e}")))?;
                self.import_from(kind, input, &mut report)
            }
        };
        self.set_progress(None);
        result
    }

    /// `import_file` reading a stream the door holds (gzip undone; a backup one play at a
    /// time), its progress in [`Api::progress`] while it runs: the CLI's file or standard input,
    /// never copied into an upload first.
    pub fn import_stream(
        &self,
        kind: ImportKind,
        input: impl std::io::Read + Send,
    ) -> Result<ImportSummary, ApiError> {
        let result = self.import_from(kind, input, &mut |p: Progress| self.set_progress(Some(p)));
        self.set_progress(None);
        result
    }

    /// Streams an import from `input` (gzip undone): one play at a time for a backup.
    fn import_from(
        &self,
        kind: ImportKind,
        input: impl std::io::Read + Send,
        report: &mut dyn FnMut(Progress),
    ) -> Result<ImportSummary, ApiError> {
        Ok(match kind {
            ImportKind::Backup => ImportSummary::Backup(self.store()?.import_from(input, report)?),
            ImportKind::Bgstats => {
                let file = BgStats::from_reader(input)?;
                ImportSummary::Bgstats(self.store()?.import_bgstats(&file, report)?)
            }
        })
    }

    /// Writes an export as `<stem>-<date>.<ext>` in the exports folder (the stem in `lang`),
    /// streamed (never over the history, flushed to disk, renamed into place: a crash never
    /// leaves half a file under the final name).
    pub(super) fn write_export(
        &self,
        kind: ExportKind,
        csv: Option<CsvOptions>,
        lang: crate::text::Lang,
    ) -> Result<ExportedFile, ApiError> {
        let io = |e: std::io::Error| ApiError::new(ErrorKind::Io, e.to_string());
        std::fs::create_dir_all(&self.exports_dir).map_err(io)?;
        let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M%S");
        let path = self.exports_dir.join(format!("{}-{stamp}.{}", kind.file_stem(lang), kind.extension()));
        let count = self.export_to(kind, csv, ExportTarget::File(&path))?;
        Ok(ExportedFile { path: path.display().to_string(), count })
    }

    /// `export_file`'s body writing where the door says (the CLI's `--output`, or its standard
    /// output), its progress in [`Api::progress`]; answers the plays (or rows) written.
    pub fn export_to(
        &self,
        kind: ExportKind,
        csv: Option<CsvOptions>,
        target: ExportTarget<'_>,
    ) -> Result<u32, ApiError> {
        let mut report = |p: Progress| self.set_progress(Some(p));
        let csv = csv.unwrap_or_default();
        let store = self.store()?;
        let result = match target {
            ExportTarget::Stream(out) => write_kind(&store, kind, &csv, out, &mut report),
            ExportTarget::File(path) => {
                let mut written = 0;
                let gzip = matches!(kind, ExportKind::Backup) && crate::history::wants_gzip(path);
                store
                    .write_export(path, |out| {
                        written = if gzip {
                            let mut gz = flate2::write::GzEncoder::new(out, flate2::Compression::default());
                            let n = write_kind(&store, kind, &csv, &mut gz, &mut report)?;
                            gz.finish().map_err(StoreError::Write)?;
                            n
                        } else {
                            write_kind(&store, kind, &csv, out, &mut report)?
                        };
                        Ok(())
                    })
                    .map(|()| written)
            }
        };
        drop(store);
        self.set_progress(None);
        Ok(result?)
    }

    /// The history's backup of the day, when none was made today (what every door that opens
    /// the history for the app does first); the backups beyond the last
    /// [`crate::history::DEFAULT_BACKUPS_KEPT`] go.
    pub fn daily_backup(&self) -> Result<Option<crate::history::BackupFile>, ApiError> {
        Ok(self.store()?.daily_backup(crate::history::DEFAULT_BACKUPS_KEPT)?)
    }
}

/// Where [`Api::export_to`] writes: a stream the door holds, or a file (never the history or its
/// backups; written beside it, then renamed; a backup gzipped when the name ends in `.gz`).
pub enum ExportTarget<'a> {
    Stream(&'a mut dyn std::io::Write),
    File(&'a std::path::Path),
}

/// Writes one export of the history into `out`; answers the plays (or rows) written.
fn write_kind(
    store: &Store,
    kind: ExportKind,
    csv: &CsvOptions,
    out: &mut dyn std::io::Write,
    report: &mut dyn FnMut(Progress),
) -> Result<u32, StoreError> {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(match kind {
        ExportKind::Backup => {
            let c = store.export_to(out, report)?;
            count(c.plays + c.other_plays)
        }
        ExportKind::Bgstats => {
            let file = store.export_bgstats(report)?;
            out.write_all(file.to_json().as_bytes()).map_err(StoreError::Write)?;
            count(file.plays.len())
        }
        ExportKind::CsvPlays => store.export_plays_csv(csv, out, report)?,
        ExportKind::CsvScores => store.export_scores_csv(csv, out, report)?,
    })
}
