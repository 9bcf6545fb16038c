//! `greffier`: the command-line front door onto the same core as the desktop app — score a
//! table state, search the rules, read, export and import the play history.
//!
//! Exit status: 0 on success, 1 when the input is invalid (every problem is printed with its
//! field), 2 on any other error.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use greffier::games::{self, GameId, Outcome, Problems, Scoreboard};
use greffier::history::{
    self, BackupKind, BgStats, CsvDelimiter, CsvOptions, PlayFilter, PlayStatus, Store, StoreError,
};
use greffier::rules::{Catalogue, RuleKind, SearchFilter};
use greffier::text::Lang;

/// Largest table-state file read by `score` and `history add`.
const MAX_TABLE_BYTES: u64 = 1 << 20;

#[derive(Parser)]
#[command(
    name = "greffier",
    version,
    about = "Greffier: scores, rules and play history for Valencia, Citadelles, Orléans: Invasion and Les Cités de Splendor"
)]
struct Cli {
    /// Language of the output (default: from LANG, else English).
    #[arg(long, global = true, value_enum)]
    lang: Option<LangArg>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    Fr,
    En,
}

#[derive(Subcommand)]
enum Command {
    /// Score a table state (JSON file, or - for standard input).
    Score {
        /// valencia, citadelles, orleans or splendor.
        game: String,
        table: PathBuf,
        /// Print the Scoreboard as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Search and read the rules catalogue.
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// Read, export and import the play history.
    History {
        #[command(flatten)]
        db: DbArg,
        #[command(subcommand)]
        command: HistoryCommand,
    },
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Entries for a query or a question, best first (accents, case, word forms, typos forgiven).
    Search {
        query: String,
        #[arg(long)]
        game: Option<String>,
        #[arg(long)]
        kind: Option<String>,
        #[arg(long, default_value_t = 20)]
        limit: u32,
        #[arg(long)]
        json: bool,
    },
    /// One entry in full.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
struct DbArg {
    /// The history database (default: the app's data directory).
    #[arg(long, global = true, env = "GREFFIER_DB")]
    db: Option<PathBuf>,
}

#[derive(Subcommand)]
enum HistoryCommand {
    /// Plays, newest first.
    List {
        #[arg(long)]
        game: Option<String>,
        /// in_progress, finished or abandoned.
        #[arg(long)]
        status: Option<String>,
        #[arg(long, default_value_t = 20)]
        limit: u32,
        #[arg(long, default_value_t = 0)]
        offset: u32,
        /// Rule profile, module or scenario id.
        #[arg(long)]
        variant: Option<String>,
        /// Plays of this player (name on the roster).
        #[arg(long)]
        player: Option<String>,
        /// Started on or after this day (YYYY-MM-DD, UTC).
        #[arg(long)]
        from: Option<String>,
        /// Started before this day (YYYY-MM-DD, UTC).
        #[arg(long)]
        to: Option<String>,
        /// List the bin (deleted plays) instead.
        #[arg(long)]
        deleted: bool,
        #[arg(long)]
        json: bool,
    },
    /// Move a play to the bin (undo with `restore`).
    Delete { id: u32 },
    /// Take a play back out of the bin.
    Restore { id: u32 },
    /// Rescore a finished play from its stored table state.
    Rescore { id: u32 },
    /// The roster (JSON).
    Players,
    /// Rename a player (their plays follow).
    Rename { player: String, new_name: String },
    /// Merge the second player into the first: every play of the second becomes the first's.
    Merge { kept: String, absorbed: String },
    /// Archive a player (or bring them back with --undo).
    Archive {
        player: String,
        #[arg(long)]
        undo: bool,
    },
    /// Statistics, as JSON.
    Stats {
        #[command(subcommand)]
        of: StatsCommand,
    },
    /// CSV of plays (or, with --scores, of each player's score in each play).
    Csv {
        #[arg(long)]
        scores: bool,
        /// Separate fields with `;` (French spreadsheets).
        #[arg(long)]
        semicolon: bool,
        /// Start with a UTF-8 byte order mark.
        #[arg(long)]
        bom: bool,
        #[arg(long)]
        game: Option<String>,
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Copy the database now into its backups folder.
    Backup,
    /// The database's backups, newest first.
    Backups,
    /// Replace the history by a backup (a file name from `backups`); the current one is kept aside.
    RestoreBackup { file_name: String },
    /// Import a BG Stats JSON export (gzip or not): every play it can represent, with a report
    /// of every play skipped or kept as another game's and of every kind of field dropped.
    BgstatsImport {
        file: PathBuf,
        /// The report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Plays of games Greffier does not know (imported from BG Stats), newest first.
    Others {
        /// Only this game (its name as imported).
        #[arg(long)]
        game: Option<String>,
        /// Only plays where this player (name or id) has a seat.
        #[arg(long)]
        player: Option<String>,
        #[arg(long, default_value_t = 20)]
        limit: u32,
        #[arg(long, default_value_t = 0)]
        offset: u32,
        #[arg(long)]
        json: bool,
    },
    /// Write the history as a BG Stats JSON file, or to standard output.
    BgstatsExport {
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// One play in full.
    Show {
        id: u32,
        #[arg(long)]
        json: bool,
    },
    /// Write a full backup (JSON) to a file, or to standard output.
    Export {
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Import a backup: all of it, or nothing if any part is wrong.
    Import { file: PathBuf },
    /// Record a finished play from a table state (players are added to the roster by name).
    Add { game: String, table: PathBuf },
}

#[derive(Subcommand)]
enum StatsCommand {
    /// Scores, categories, missions, districts and characters of one game.
    Game {
        game: String,
        #[arg(long, default_value_t = 10)]
        bucket: u32,
    },
    /// Win rates, streaks, head-to-head, favourites and records of one player.
    Player { player: String },
    /// Co-op and solo scenarios of one game.
    Scenarios { game: String },
    /// Plays per month.
    Activity {
        #[arg(long)]
        game: Option<String>,
        #[arg(long)]
        player: Option<String>,
    },
}

/// Why a command failed: invalid input (exit 1) or anything else (exit 2).
enum Failure {
    Invalid(Problems),
    Other(String),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        match e {
            StoreError::Invalid(p) => Failure::Invalid(p),
            other => Failure::Other(other.to_string()),
        }
    }
}

impl From<Problems> for Failure {
    fn from(p: Problems) -> Failure {
        Failure::Invalid(p)
    }
}

impl From<games::UnknownGame> for Failure {
    fn from(e: games::UnknownGame) -> Failure {
        Failure::Other(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let lang = match cli.lang {
        Some(LangArg::Fr) => Lang::Fr,
        Some(LangArg::En) => Lang::En,
        None => std::env::var("LANG").ok().and_then(|l| Lang::from_locale(&l)).unwrap_or(Lang::En),
    };
    let mut out = std::io::stdout().lock();
    match run(cli.command, lang, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Invalid(problems)) => {
            for p in problems.iter() {
                let at = if p.field.is_empty() { String::new() } else { format!("{}: ", p.field) };
                eprintln!("error: {at}{}", p.message.get(lang));
            }
            ExitCode::from(1)
        }
        Err(Failure::Other(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Score { game, table, json } => {
            let game: GameId = game.parse()?;
            let board = games::score_json(game, &read_input(&table, MAX_TABLE_BYTES)?)?;
            if json { print_json(out, &board) } else { print_scoreboard(out, &board, lang) }
        }
        Command::Rules { command } => run_rules(command, lang, out),
        Command::History { db, command } => {
            let path = match db.db {
                Some(p) => p,
                None => history::default_db_path()
                    .ok_or_else(|| Failure::Other("no data directory: pass --db".into()))?,
            };
            run_history(command, &path, lang, out)
        }
    }
}

fn run_rules(command: RulesCommand, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
    let catalogue = Catalogue::load().map_err(|e| Failure::Other(e.to_string()))?;
    match command {
        RulesCommand::Search { query, game, kind, limit, json } => {
            let game = game.map(|g| g.parse::<GameId>()).transpose()?;
            let kind = match kind {
                None => None,
                Some(k) => Some(
                    serde_json::from_value::<RuleKind>(serde_json::Value::String(k.clone()))
                        .map_err(|_| Failure::Other(format!("unknown kind `{k}`")))?,
                ),
            };
            let hits = catalogue
                .search(&query, &SearchFilter { game, kind, lang, limit, ..Default::default() })
                .map_err(|e| Failure::Other(e.to_string()))?;
            if json {
                return print_json(out, &hits);
            }
            if hits.is_empty() {
                return write_line(out, if lang == Lang::Fr { "Aucun résultat." } else { "No match." });
            }
            for hit in hits {
                let snippet: String = hit
                    .snippet
                    .iter()
                    .map(|p| if p.hit { format!("[{}]", p.text) } else { p.text.clone() })
                    .collect();
                write_line(out, &format!("{}  {}\n    {}", hit.id, hit.title, snippet))?;
            }
            Ok(())
        }
        RulesCommand::Show { id, json } => {
            let entry = catalogue.get(&id).ok_or_else(|| Failure::Other(format!("no rule entry `{id}`")))?;
            if json {
                return print_json(out, entry);
            }
            write_line(
                out,
                &format!(
                    "{}\n\n{}\n\nSource: {}\n{}",
                    entry.title.get(lang),
                    entry.body.get(lang),
                    entry.source,
                    if entry.related.is_empty() {
                        String::new()
                    } else {
                        format!("→ {}", entry.related.join(", "))
                    }
                ),
            )
        }
    }
}

fn run_history(command: HistoryCommand, db: &Path, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
    let mut store = Store::open(db)?;
    match command {
        HistoryCommand::List { game, status, limit, offset, variant, player, from, to, deleted, json } => {
            let game = game.map(|g| g.parse::<GameId>()).transpose()?;
            let status = match status {
                None => None,
                Some(s) => Some(PlayStatus::parse(&s).ok_or_else(|| {
                    Failure::Other(format!("unknown status `{s}` (in_progress, finished, abandoned)"))
                })?),
            };
            let player_id = player.map(|p| player_id(&store, &p)).transpose()?;
            let page = store.list_plays(&PlayFilter {
                game,
                status,
                limit,
                offset,
                variant,
                player_id,
                from: from.map(|d| day(&d)).transpose()?,
                to: to.map(|d| day(&d)).transpose()?,
                deleted,
                ..PlayFilter::default()
            })?;
            if json {
                return print_json(out, &page);
            }
            for play in &page.plays {
                let players = play
                    .players
                    .iter()
                    .map(|p| {
                        let star = if p.winner { "★" } else { "" };
                        match p.total {
                            Some(t) => format!("{star}{} {t}", p.name),
                            None => format!("{star}{}", p.name),
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                write_line(
                    out,
                    &format!(
                        "#{:<5} {}  {:<10} {:<18} {:<11} {players}",
                        play.id,
                        play.started_at.format("%Y-%m-%d %H:%M"),
                        play.game.as_str(),
                        play.variant,
                        play.status.as_str()
                    ),
                )?;
            }
            write_line(out, &format!("{} / {}", page.plays.len(), page.total))
        }
        HistoryCommand::Delete { id } => {
            store.delete_play(id)?;
            write_line(out, &format!("play #{id} moved to the bin (undo: greffier history restore {id})"))
        }
        HistoryCommand::Restore { id } => {
            store.restore_play(id)?;
            write_line(out, &format!("play #{id} restored"))
        }
        HistoryCommand::Rescore { id } => {
            let play = store.rescore_play(id)?;
            match &play.scoreboard {
                Some(board) => print_scoreboard(out, board, lang),
                None => write_line(out, &format!("play #{id} has no result to recompute")),
            }
        }
        HistoryCommand::Players => print_json(out, &store.list_players()?),
        HistoryCommand::Rename { player, new_name } => {
            let id = player_id(&store, &player)?;
            print_json(out, &store.rename_player(id, &new_name)?)
        }
        HistoryCommand::Merge { kept, absorbed } => {
            let (kept, absorbed) = (player_id(&store, &kept)?, player_id(&store, &absorbed)?);
            print_json(out, &store.merge_players(kept, absorbed)?)
        }
        HistoryCommand::Archive { player, undo } => {
            let id = player_id(&store, &player)?;
            print_json(out, &store.set_player_archived(id, !undo)?)
        }
        HistoryCommand::Stats { of } => match of {
            StatsCommand::Game { game, bucket } => print_json(out, &store.game_stats(game.parse()?, bucket)?),
            StatsCommand::Player { player } => {
                let id = player_id(&store, &player)?;
                print_json(out, &store.player_stats(id)?)
            }
            StatsCommand::Scenarios { game } => print_json(out, &store.scenario_stats(game.parse()?)?),
            StatsCommand::Activity { game, player } => {
                let game = game.map(|g| g.parse::<GameId>()).transpose()?;
                let player = player.map(|p| player_id(&store, &p)).transpose()?;
                print_json(out, &store.activity(game, player)?)
            }
        },
        HistoryCommand::Csv { scores, semicolon, bom, game, output } => {
            let options = CsvOptions {
                delimiter: if semicolon { CsvDelimiter::Semicolon } else { CsvDelimiter::Comma },
                bom,
                game: game.map(|g| g.parse::<GameId>()).transpose()?,
                status: None,
            };
            let mut bytes = Vec::new();
            if scores {
                store.export_scores_csv(&options, &mut bytes, &mut history::no_progress)?;
            } else {
                store.export_plays_csv(&options, &mut bytes, &mut history::no_progress)?;
            }
            write_output(out, &store, output.as_deref(), &bytes)
        }
        HistoryCommand::Backup => {
            let b = store.backup_now(BackupKind::Manual, history::DEFAULT_BACKUPS_KEPT)?;
            write_line(out, &b.file_name)
        }
        HistoryCommand::Backups => print_json(out, &store.list_backups()?),
        HistoryCommand::RestoreBackup { file_name } => {
            let safety = store.restore_backup(&file_name)?;
            write_line(
                out,
                &format!("restored {file_name}; the history before it is in {}", safety.file_name),
            )
        }
        HistoryCommand::BgstatsImport { file, json } => {
            let file = BgStats::from_reader(open_input(&file)?)?;
            let report = store.import_bgstats(&file, &mut history::no_progress)?;
            if json {
                return print_json(out, &report);
            }
            write_line(
                out,
                &format!(
                    "imported: {} plays, {} plays of other games, {} players; {} plays already present, {} ignored in BG Stats, {} skipped",
                    report.plays_added,
                    report.other_plays_added,
                    report.players_added,
                    report.plays_already_present,
                    report.plays_ignored,
                    report.notes.iter().filter(|n| n.kind == history::BgPlayNoteKind::Skipped).count()
                ),
            )?;
            for n in &report.notes {
                let what = match n.kind {
                    history::BgPlayNoteKind::Skipped => "skipped",
                    history::BgPlayNoteKind::KeptAsOtherGame => "kept as another game's play",
                };
                write_line(
                    out,
                    &format!("{} ({}, {}, {}): {what}: {}", n.field, n.game, n.date, n.uuid, n.why.en),
                )?;
            }
            for d in &report.dropped {
                write_line(out, &format!("not kept: {} ({}) in {} plays", d.what.en, d.field, d.plays))?;
            }
            for g in &report.other_games {
                write_line(
                    out,
                    &format!("other games: {} plays of {} (see `history others`)", g.plays, g.name),
                )?;
            }
            Ok(())
        }
        HistoryCommand::Others { game, player, limit, offset, json } => {
            let player_id = player.map(|p| player_id(&store, &p)).transpose()?;
            let page = store.list_other_plays(&history::OtherPlayFilter {
                game_name: game,
                player_id,
                limit,
                offset,
                ..Default::default()
            })?;
            if json {
                return print_json(out, &page);
            }
            for p in &page.plays {
                let seats: Vec<String> = p
                    .seats
                    .iter()
                    .map(|s| {
                        let mut line = s.name.clone();
                        if let Some(score) = &s.score {
                            line.push_str(&format!(" {score}"));
                        }
                        if s.winner {
                            line.push_str(" (won)");
                        }
                        line
                    })
                    .collect();
                write_line(
                    out,
                    &format!("{}  {}  {}", p.played_at.format("%Y-%m-%d"), p.game_name, seats.join(", ")),
                )?;
            }
            write_line(out, &format!("{} of {} plays", page.plays.len(), page.total))
        }
        HistoryCommand::BgstatsExport { output } => {
            let text = store.export_bgstats(&mut history::no_progress)?.to_json();
            write_output(out, &store, output.as_deref(), text.as_bytes())
        }
        HistoryCommand::Show { id, json } => {
            let play = store.play(id)?;
            if json {
                return print_json(out, &play);
            }
            write_line(
                out,
                &format!(
                    "#{} {} ({}) — {} — {}",
                    play.id,
                    play.game.info().name,
                    play.variant,
                    play.status.as_str(),
                    play.started_at.format("%Y-%m-%d %H:%M UTC")
                ),
            )?;
            match &play.scoreboard {
                Some(board) => print_scoreboard(out, board, lang),
                None => {
                    let names =
                        play.seats.iter().map(|s| s.player_name.as_str()).collect::<Vec<_>>().join(", ");
                    write_line(out, &names)
                }
            }
        }
        HistoryCommand::Export { output } => {
            // Streamed one play at a time; gzip when the file name ends in .gz.
            match output {
                None => {
                    store.export_to(out, &mut history::no_progress)?;
                    write_line(out, "")
                }
                Some(path) => Ok(store.write_export(&path, |w| {
                    if history::wants_gzip(&path) {
                        let mut gz = flate2::write::GzEncoder::new(w, flate2::Compression::default());
                        store.export_to(&mut gz, &mut history::no_progress)?;
                        gz.finish().map_err(StoreError::Write)?;
                    } else {
                        store.export_to(w, &mut history::no_progress)?;
                    }
                    Ok(())
                })?),
            }
        }
        HistoryCommand::Import { file } => {
            // Streamed one play at a time, gzip or not: memory stays bounded whatever its size.
            let report = store.import_from(open_input(&file)?, &mut history::no_progress)?;
            write_line(
                out,
                &format!(
                    "imported: {} plays, {} players, {} card values; skipped {} plays already present",
                    report.plays_added, report.players_added, report.card_values_added, report.plays_skipped
                ),
            )
        }
        HistoryCommand::Add { game, table } => {
            let game: GameId = game.parse()?;
            let text = read_input(&table, MAX_TABLE_BYTES)?;
            let state = games::parse_json(&text)?;
            let play = store.record_finished_play(game, &state)?;
            write_line(out, &format!("recorded play #{}", play.id))
        }
    }
}

/// The id of the roster player named `name` (ignoring case).
fn player_id(store: &Store, name: &str) -> Result<u32, Failure> {
    store
        .list_players()?
        .into_iter()
        .find(|p| p.name.to_lowercase() == name.trim().to_lowercase())
        .map(|p| p.id)
        .ok_or_else(|| Failure::Other(format!("no player named `{name}`")))
}

/// Midnight UTC of a `YYYY-MM-DD` day.
fn day(text: &str) -> Result<chrono::DateTime<chrono::Utc>, Failure> {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .ok_or_else(|| Failure::Other(format!("`{text}` is not a day (YYYY-MM-DD)")))
}

/// Writes to `path` (never over the history or its backups; beside it first, then renamed:
/// never half a file under the final name), or to standard output.
fn write_output(
    out: &mut impl Write,
    store: &Store,
    path: Option<&Path>,
    bytes: &[u8],
) -> Result<(), Failure> {
    match path {
        None => out.write_all(bytes).map_err(|e| Failure::Other(format!("stdout: {e}"))),
        Some(path) => Ok(store.write_export(path, |w| {
            w.write_all(bytes).map_err(|source| StoreError::Io { path: path.to_owned(), source })
        })?),
    }
}

/// A file to read, or standard input for `-`.
fn open_input(path: &Path) -> Result<Box<dyn Read>, Failure> {
    Ok(if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| Failure::Other(format!("{}: {e}", path.display())))?)
    })
}

/// Reads a file (or standard input for `-`), refusing one larger than `max` bytes.
fn read_input(path: &Path, max: u64) -> Result<String, Failure> {
    let too_big = || Failure::Other(format!("{}: larger than {} MiB", path.display(), max >> 20));
    let mut text = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(max + 1)
            .read_to_string(&mut text)
            .map_err(|e| Failure::Other(format!("stdin: {e}")))?;
    } else {
        let file =
            std::fs::File::open(path).map_err(|e| Failure::Other(format!("{}: {e}", path.display())))?;
        file.take(max + 1)
            .read_to_string(&mut text)
            .map_err(|e| Failure::Other(format!("{}: {e}", path.display())))?;
    }
    if text.len() as u64 > max {
        return Err(too_big());
    }
    Ok(text)
}

fn print_json(out: &mut impl Write, value: &impl serde::Serialize) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Failure::Other(e.to_string()))?;
    write_line(out, &text)
}

fn write_line(out: &mut impl Write, line: &str) -> Result<(), Failure> {
    writeln!(out, "{line}").map_err(|e| Failure::Other(format!("stdout: {e}")))
}

/// A plain-text table: one row per player (rank order), one column per category.
fn print_scoreboard(out: &mut impl Write, board: &Scoreboard, lang: Lang) -> Result<(), Failure> {
    let info = board.game.info();
    let variant = info
        .variant(&board.variant)
        .map_or(board.variant.clone(), |v| v.label.to_text().get(lang).to_owned());
    write_line(out, &format!("{} — {variant}", info.name))?;
    let fr = lang == Lang::Fr;
    // Columns: the categories the scoreboard holds, labelled from the game's catalogue by key.
    let keys: Vec<&str> = board
        .players
        .first()
        .map_or_else(Vec::new, |p| p.categories.iter().map(|c| c.key.as_str()).collect());
    let labels: Vec<String> = keys
        .iter()
        .map(|k| {
            info.categories
                .iter()
                .find(|c| c.key == *k)
                .map_or_else(|| (*k).to_owned(), |c| c.label.to_text().get(lang).to_owned())
        })
        .collect();
    let name_width = board.players.iter().map(|p| p.name.chars().count()).max().unwrap_or(4).max(6);
    let mut header = format!(
        "{:<6} {:<name_width$} {:>6}",
        if fr { "Rang" } else { "Rank" },
        if fr { "Joueur" } else { "Player" },
        "Total"
    );
    for l in &labels {
        header.push_str(&format!("  {l}"));
    }
    write_line(out, &header)?;
    let mut order: Vec<&games::PlayerScore> = board.players.iter().collect();
    order.sort_by_key(|p| (p.rank, p.seat));
    for p in order {
        let rank = format!("{}{}", p.rank, if p.winner { " ★" } else { "" });
        let mut row = format!("{rank:<6} {:<name_width$} {:>6}", p.name, p.total);
        for (key, l) in keys.iter().zip(&labels) {
            let points = p.categories.iter().find(|c| c.key == *key).map_or(0, |c| c.points);
            row.push_str(&format!("  {:>w$}", points, w = l.chars().count()));
        }
        write_line(out, &row)?;
    }
    for t in &board.tie_breaks {
        write_line(out, t.explanation.get(lang))?;
    }
    let outcome = match board.outcome {
        Outcome::Points => None,
        Outcome::Coop { won, round_reached } => Some(match (fr, won) {
            (true, true) => format!(
                "Victoire de l'équipe{}",
                round_reached.map(|r| format!(" (manche {r})")).unwrap_or_default()
            ),
            (true, false) => format!(
                "Défaite de l'équipe{}",
                round_reached.map(|r| format!(" (manche {r})")).unwrap_or_default()
            ),
            (false, true) => {
                format!("The team won{}", round_reached.map(|r| format!(" (round {r})")).unwrap_or_default())
            }
            (false, false) => {
                format!("The team lost{}", round_reached.map(|r| format!(" (round {r})")).unwrap_or_default())
            }
        }),
        Outcome::Solo { won, round_reached } => Some(match (fr, won) {
            (true, true) => format!("Victoire (manche {round_reached})"),
            (true, false) => format!("Défaite (manche {round_reached})"),
            (false, true) => format!("Won (round {round_reached})"),
            (false, false) => format!("Lost (round {round_reached})"),
        }),
        Outcome::ObjectiveRace { round_reached } => Some(if fr {
            format!("Course aux objectifs, manche {round_reached}")
        } else {
            format!("Objective race, round {round_reached}")
        }),
    };
    if let Some(o) = outcome {
        write_line(out, &o)?;
    }
    Ok(())
}
