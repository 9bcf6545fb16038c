//! `greffier`: the command-line front door onto the same core as the desktop app — score a
//! table state, search the rules, read, export and import the play history; call any operation
//! of the core's table (`call`, and per-game helpers built on it); serve them over local HTTP
//! (`serve`).
//!
//! Exit status: 0 on success, 1 when the input is invalid (every problem is printed with its
//! field), 2 on any other error.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use greffier::api::serve::ServeOptions;
use greffier::api::{Access, Api, ApiError, Capability, ErrorKind, Json, Operation};
use greffier::games::{self, GameId, Outcome, Problems, Scoreboard};
use greffier::history::{
    self, BackupKind, BgStats, CsvDelimiter, CsvOptions, OpenFor, PlayFilter, PlayStatus, Store, StoreError,
    SyncReport,
};
use greffier::rules::{Catalogue, RuleHit, RuleKind, RuleSearch, SearchFilter};
use greffier::text::{Lang, Text, en_noun, fr_noun};

/// Largest table-state file read by `score` and `history add`.
const MAX_TABLE_BYTES: u64 = 1 << 20;
/// Largest request read by `call` and the helpers (an import's whole file may be one).
const MAX_REQUEST_BYTES: u64 = 1 << 30;

#[derive(Parser)]
#[command(
    name = "greffier",
    version,
    // `greffier help <game> <table>` is the live help; `--help` stays clap's.
    disable_help_subcommand = true,
    about = "Greffier: scores, rules and play history for Valencia, Citadelles, Orléans: Invasion and Cities of Splendor"
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
    /// Every operation of the core (the app's, the server's), with its fields.
    Operations {
        #[arg(long)]
        json: bool,
    },
    /// Call an operation by name with its request (a JSON object of its fields) from a file or
    /// - for standard input; none for an operation without fields.
    Call {
        operation: String,
        request: Option<PathBuf>,
        #[command(flatten)]
        db: DbArg,
        #[arg(long)]
        json: bool,
    },
    /// A game's setup checklist.
    Setup {
        game: String,
        /// Rule profile, module or scenario id (default: the game's first).
        #[arg(long)]
        variant: Option<String>,
        #[arg(long)]
        players: u8,
        /// Citadelles 2e édition: a rank-9 character is in play.
        #[arg(long)]
        ninth: bool,
        #[arg(long)]
        json: bool,
    },
    /// The live help about a table state (JSON file, or - for standard input).
    Help {
        game: String,
        table: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Valencia's table helpers (the list: `greffier valencia --help`).
    Valencia(HelperArgs),
    /// Citadelles' table helpers (the list: `greffier citadelles --help`).
    Citadelles(HelperArgs),
    /// Orléans' table helpers (the list: `greffier orleans --help`).
    Orleans(HelperArgs),
    /// Les Cités de Splendor's table helpers (the list: `greffier splendor --help`).
    Splendor(HelperArgs),
    /// Serve every operation at POST /api/<operation> and the built UI at /, on this machine.
    Serve {
        #[command(flatten)]
        db: DbArg,
        /// 0: any free port (the address is printed on standard output).
        #[arg(long, default_value_t = 4180)]
        port: u16,
        /// The address to listen on; keep the loopback unless you know why.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// The built UI (`npm run build --prefix ui`); served at / when the folder exists.
        #[arg(long, default_value = "ui/build")]
        ui: PathBuf,
    },
    /// One pass through the folder this history is shared in (issue #50): its new changes
    /// written there, the other devices' applied; prints what was applied, what waits, what
    /// was skipped and the conflicts (`--folder`: shares the history there first).
    Sync {
        #[command(flatten)]
        db: DbArg,
        /// The folder a sync engine shares (Syncthing, Nextcloud, a USB stick…); never the one
        /// holding the history itself.
        #[arg(long)]
        folder: Option<PathBuf>,
        /// This device's name, as the other devices show it (default: the machine's).
        #[arg(long)]
        device_name: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Table mode: opens a play in progress to the players' phones on the local network and
    /// serves it to them only (the join URL is printed first), until the table is closed, the
    /// play finished or abandoned, or Ctrl-C (the table then stays open: run it again to
    /// reopen it with the same seats and phones).
    Table {
        #[command(flatten)]
        db: DbArg,
        /// The play in progress to open.
        #[arg(long)]
        play: u32,
        /// The seats phones may take (all by default), e.g. `--seats 1,2`.
        #[arg(long, value_delimiter = ',')]
        seats: Vec<u8>,
        /// The address phones reach (only this one is answered): this machine's address on the
        /// local network by default.
        #[arg(long)]
        bind: Option<std::net::IpAddr>,
        /// 0: any free port.
        #[arg(long, default_value_t = 0)]
        port: u16,
        #[arg(long, default_value = "ui/build")]
        ui: PathBuf,
    },
}

/// A game helper: `greffier <game> <helper> [FILE] [--flags]`, one of [`helpers`]: an operation
/// `<game>_<helper>` of the core's list, whose file gives its one structured field (or, for a
/// request of several, the whole request) and whose flags give its plain fields; or one of the
/// [`COMPOSITES`] built over several operations.
#[derive(Args)]
struct HelperArgs {
    /// The helper: one of the possible values, generated from the core's operations.
    // The index is explicit so that `cli_command` may replace the parser (clap re-adds the arg).
    #[arg(index = 1)]
    helper: String,
    /// The JSON the helper reads (a table, a round, a request), or - for standard input.
    #[arg(index = 2)]
    file: Option<PathBuf>,
    #[arg(long)]
    players: Option<u8>,
    /// A draw's seed: the same seed draws the same cards.
    #[arg(long)]
    seed: Option<u32>,
    /// Rule profile, module or scenario id.
    #[arg(long)]
    variant: Option<String>,
    /// Citadelles 2e édition: a rank-9 character is in play (required with 8 players).
    #[arg(long)]
    ninth: bool,
    /// Citadelles: the character ids in play, one per rank, comma-separated (needed with a
    /// ninth character), e.g. `assassin,thief,magician,king,bishop,merchant,architect,warlord,queen`.
    #[arg(long, value_delimiter = ',')]
    characters: Vec<String>,
    /// Orléans Invasion: hard mode (every ⚡ tile kept).
    #[arg(long)]
    hard: bool,
    /// Orléans Invasion: tiles put back in the box before the draw (the setup's ⚡ tiles),
    /// e.g. `--set-aside demolition,braquage`.
    #[arg(long, value_delimiter = ',')]
    set_aside: Vec<String>,
    /// Orléans: the round to resolve (default: the table's).
    #[arg(long)]
    round: Option<u8>,
    #[arg(long)]
    json: bool,
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
    /// An operation's error; printed as JSON too when the answer was asked as JSON.
    Api {
        error: ApiError,
        json: bool,
    },
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        match e {
            StoreError::Invalid(p) => Failure::Invalid(p),
            other => Failure::Other(other.to_string()),
        }
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Failure {
        Failure::Api { error, json: false }
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

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() -> ExitCode {
    let cli = match Cli::from_arg_matches(&cli_command().get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
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
        Err(Failure::Api { error, json }) => {
            if json && let Ok(text) = serde_json::to_string_pretty(&error) {
                let _ = writeln!(out, "{text}");
            }
            for p in &error.problems {
                let at = if p.field.is_empty() { String::new() } else { format!("{}: ", p.field) };
                eprintln!("error: {at}{}", p.message.get(lang));
            }
            if error.problems.is_empty() {
                eprintln!("error: {}", error.message);
            }
            ExitCode::from(if error.kind == ErrorKind::InvalidInput { 1 } else { 2 })
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
        Command::History { db, command } => run_history(command, &db.path()?, lang, out),
        Command::Operations { json } => {
            if json {
                return print_json(out, &Api::operations());
            }
            for op in Api::operations() {
                let capability = match op.capability {
                    Capability::Host => "host",
                    Capability::Guest => "guest",
                    Capability::Seat => "seat",
                };
                write_line(
                    out,
                    &format!("{} ({}) [{capability}]\n    {}", op.name, op.fields.join(", "), op.doc.trim()),
                )?;
            }
            Ok(())
        }
        Command::Call { operation, request, db, json } => {
            let op = Api::operation(&operation).ok_or_else(|| {
                Failure::Other(format!("no operation `{operation}`: see `greffier operations`"))
            })?;
            let request = match request {
                Some(path) => read_json(&path)?,
                None => Json::Null,
            };
            let answer = call(op, request, &db, json)?;
            print_answer(out, &answer, json, lang)
        }
        Command::Setup { game, variant, players, ninth, json } => {
            let game: GameId = game.parse()?;
            let variant = variant.unwrap_or_else(|| game.info().variants[0].id.to_owned());
            let request = serde_json::json!({ "game": game, "variant": variant, "players": players, "ninth_character": ninth });
            let answer = call_guest("setup_checklist", request, json)?;
            print_answer(out, &answer, json, lang)
        }
        Command::Help { game, table, json } => {
            let game: GameId = game.parse()?;
            let request = serde_json::json!({ "game": game, "table": read_json(&table)? });
            let answer = call_guest("table_help", request, json)?;
            print_answer(out, &answer, json, lang)
        }
        Command::Valencia(args) => run_helper(GameId::Valencia, args, lang, out),
        Command::Citadelles(args) => run_helper(GameId::Citadelles, args, lang, out),
        Command::Orleans(args) => run_helper(GameId::Orleans, args, lang, out),
        Command::Splendor(args) => run_helper(GameId::Splendor, args, lang, out),
        Command::Serve { db, port, host, ui } => {
            let api = open_api(&db)?;
            if let Err(e) = api.store()?.daily_backup(history::DEFAULT_BACKUPS_KEPT) {
                eprintln!("greffier: daily backup failed: {e}");
            }
            let ui = ui.is_dir().then_some(ui);
            if ui.is_none() {
                eprintln!("greffier: no built UI found (npm run build --prefix ui): serving the API only");
            }
            let options = ServeOptions { addr: std::net::SocketAddr::new(host, port), ui, table: None };
            greffier::api::serve::serve(std::sync::Arc::new(api), options, |addr| {
                // The first line is the address, for scripts (and the tests) to read.
                println!("http://{addr}/");
                let _ = std::io::stdout().flush();
            })
            .map_err(|e| Failure::Other(format!("serve: {e}")))
        }
        Command::Sync { db, folder, device_name, json } => {
            let operation = |name: &str| {
                Api::operation(name).ok_or_else(|| Failure::Other(format!("no operation `{name}`")))
            };
            let mut folder = folder.map(|f| f.to_string_lossy().into_owned());
            if let Some(name) = device_name {
                if folder.is_none() {
                    let status = call(operation("sync_status")?, Json::Null, &db, json)?;
                    folder = status["folder"].as_str().map(str::to_owned);
                }
                let request = serde_json::json!({ "folder": folder, "device_name": name });
                call(operation("sync_share")?, request, &db, json)?;
            }
            let answer = call(operation("sync_now")?, serde_json::json!({ "folder": folder }), &db, json)?;
            if json {
                return print_json(out, &answer);
            }
            let report: SyncReport =
                serde_json::from_value(answer).map_err(|e| Failure::Other(format!("sync: {e}")))?;
            print_sync_report(out, &report, lang)
        }
        Command::Table { db, play, seats, bind, port, ui } => {
            let api = open_api(&db)?;
            let seats = (!seats.is_empty()).then_some(seats);
            let ticket = api
                .table_open(play, seats, Some(lang))
                .map_err(|error| Failure::Api { error, json: false })?;
            let ip = bind.filter(|ip| !ip.is_unspecified()).unwrap_or_else(greffier::api::serve::lan_address);
            let ui = ui.is_dir().then_some(ui);
            let options = ServeOptions { addr: std::net::SocketAddr::new(ip, port), ui, table: Some(play) };
            greffier::api::serve::serve(std::sync::Arc::new(api), options, |addr| {
                // The first line is the join URL (the QR code's), for scripts and the tests.
                println!("http://{addr}{}", ticket.join_path);
                let _ = std::io::stdout().flush();
                eprintln!("greffier: everyone must be on the same trusted network (plain HTTP)");
            })
            .map_err(|e| Failure::Other(format!("table: {e}")))
        }
    }
}

impl DbArg {
    fn path(&self) -> Result<PathBuf, Failure> {
        match &self.db {
            Some(p) => Ok(p.clone()),
            None => history::default_db_path()
                .ok_or_else(|| Failure::Other("no data directory: pass --db".into())),
        }
    }
}

fn open_api(db: &DbArg) -> Result<Api, Failure> {
    Ok(open_history_api(db)??)
}

/// The history's `Api`, or why the history could not be opened (outer error: no path for it).
fn open_history_api(db: &DbArg) -> Result<Result<Api, StoreError>, Failure> {
    let path = db.path()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Failure::Other(format!("{}: {e}", dir.display())))?;
    }
    Ok(Api::open(&path))
}

/// Calls an operation; the history is opened only for the host's operations (a helper never
/// touches it).
fn call(op: &Operation, request: Json, db: &DbArg, json: bool) -> Result<Json, Failure> {
    let answer = match op.capability {
        // A seat operation reads and writes a play: the host's history.
        // A history that cannot be opened is the operation's error (its kind: `needs_upgrade`,
        // `newer_schema`…), printed as JSON too when asked.
        Capability::Host | Capability::Seat => {
            open_history_api(db)?.map_err(ApiError::from).and_then(|api| api.call_json(op.name, request))
        }
        Capability::Guest => {
            Api::without_history().and_then(|api| api.call_json_as(Access::Guest, op.name, request))
        }
    };
    answer.map_err(|error| Failure::Api { error, json })
}

fn call_guest(name: &str, request: Json, json: bool) -> Result<Json, Failure> {
    Api::without_history()
        .and_then(|api| api.call_json_as(Access::Guest, name, request))
        .map_err(|error| Failure::Api { error, json })
}

/// A helper built over more than one operation (or a part of one): `greffier <game> <name>`.
struct Composite {
    game: GameId,
    name: &'static str,
    about: &'static str,
    run: fn(&HelperArgs, Option<Json>) -> Result<Json, Failure>,
}

/// The helpers that are not one operation each. A composite named as an operation's helper
/// (`orleans setup`) takes its place: its flags are the ones people type.
const COMPOSITES: [Composite; 7] = [
    Composite {
        game: GameId::Citadelles,
        name: "draft",
        about: "The draft plan and the characters set aside, drawn reproducibly (--variant, --players, --ninth, --characters, --seed).",
        run: citadelles_draft,
    },
    Composite {
        game: GameId::Orleans,
        name: "deck",
        about: "Invasion's hourglass tiles, drawn reproducibly (--players, --seed, --hard, --set-aside).",
        run: orleans_deck,
    },
    Composite {
        game: GameId::Orleans,
        name: "setup",
        about: "What to put on the table for a scenario (--variant, --players).",
        run: orleans_setup,
    },
    Composite {
        game: GameId::Orleans,
        name: "resolve",
        about: "This round's event for each seat, from a table (FILE, --round).",
        run: |args, file| orleans_help_part(args, file, "resolve"),
    },
    Composite {
        game: GameId::Orleans,
        name: "forecast",
        about: "What the next rounds will ask, from a table (FILE).",
        run: |args, file| orleans_help_part(args, file, "forecast"),
    },
    Composite {
        game: GameId::Orleans,
        name: "goals",
        about: "The scenario's goals and how far the table is, from a table (FILE).",
        run: |args, file| orleans_help_part(args, file, "goals"),
    },
    Composite {
        game: GameId::Orleans,
        name: "status",
        about: "Won, lost or going on, from a table (FILE).",
        run: |args, file| orleans_help_part(args, file, "status"),
    },
];

/// The games with table helpers, in the order `greffier --help` lists them.
const HELPER_GAMES: [GameId; 4] = [GameId::Valencia, GameId::Citadelles, GameId::Orleans, GameId::Splendor];

/// One helper of a game: what `greffier <game> --help` lists and `greffier <game> <name>` runs.
struct Helper {
    name: String,
    about: String,
    run: HelperRun,
}

enum HelperRun {
    Composite(fn(&HelperArgs, Option<Json>) -> Result<Json, Failure>),
    Operation(&'static Operation),
}

/// The flags that give an operation's plain fields.
const FLAG_FIELDS: [(&str, &str); 5] = [
    ("players", "--players"),
    ("seed", "--seed"),
    ("variant", "--variant"),
    ("ninth_character", "--ninth"),
    ("characters", "--characters"),
];

/// Every helper of a game, the one list the CLI dispatches on, `--help` shows and the README
/// names (`tests/it/cli.rs` holds the three to it): the [`COMPOSITES`], then each operation
/// `<game>_<helper>` of the core's list, its name with dashes (`start_round` → `start-round`).
fn helpers(game: GameId) -> Vec<Helper> {
    let mut list: Vec<Helper> = COMPOSITES
        .iter()
        .filter(|c| c.game == game)
        .map(|c| Helper {
            name: c.name.to_owned(),
            about: c.about.to_owned(),
            run: HelperRun::Composite(c.run),
        })
        .collect();
    let prefix = format!("{}_", game.as_str());
    for op in Api::operations() {
        let Some(helper) = op.name.strip_prefix(&prefix) else { continue };
        let name = helper.replace('_', "-");
        if list.iter().any(|h| h.name == name) {
            continue;
        }
        list.push(Helper { about: operation_about(op), name, run: HelperRun::Operation(op) });
    }
    list
}

/// An operation's helper as `--help` lists it: the first sentence of its doc, and what the file
/// and the flags give.
fn operation_about(op: &Operation) -> String {
    let doc = op.doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let first = doc.split_inclusive(". ").next().unwrap_or(&doc).trim_end();
    let flags: Vec<&str> =
        FLAG_FIELDS.iter().filter(|(field, _)| op.fields.contains(field)).map(|(_, flag)| *flag).collect();
    let file = match op.fields {
        [] => None,
        [one] if flags.is_empty() => Some(format!("FILE: the {one}")),
        [_] => None,
        many if flags.len() < many.len() => Some(format!("FILE: {{{}}}", many.join(", "))),
        _ => None,
    };
    let input: Vec<String> = file.into_iter().chain(flags.iter().map(|f| (*f).to_owned())).collect();
    let first = first.strip_suffix('.').unwrap_or(first);
    if input.is_empty() { format!("{first}.") } else { format!("{first} ({}).", input.join(", ")) }
}

/// The CLI with each game's helper names as the possible values of `<HELPER>` (listed by
/// `--help`, a wrong one refused with the list); `start_round` is taken for `start-round`.
fn cli_command() -> clap::Command {
    let mut command = Cli::command();
    for game in HELPER_GAMES {
        let values: Vec<PossibleValue> = helpers(game)
            .into_iter()
            .map(|h| {
                let alias = h.name.replace('-', "_");
                let value = PossibleValue::new(h.name.clone()).help(h.about);
                if alias == h.name { value } else { value.alias(alias) }
            })
            .collect();
        command = command.mut_subcommand(game.as_str(), |sub| {
            sub.mut_arg("helper", |arg| arg.value_parser(PossibleValuesParser::new(values)))
        });
    }
    command
}

/// `greffier <game> <helper> …`: see [`HelperArgs`] and [`helpers`].
fn run_helper(game: GameId, args: HelperArgs, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
    let json = args.json;
    let file = match &args.file {
        Some(path) => Some(read_json(path)?),
        None => None,
    };
    let helper = args.helper.replace('_', "-");
    let found = helpers(game).into_iter().find(|h| h.name == helper);
    let answer = match found.map(|h| h.run) {
        Some(HelperRun::Composite(run)) => run(&args, file)?,
        Some(HelperRun::Operation(op)) => call_guest(op.name, operation_request(op, &args, file)?, json)?,
        None => {
            let names: Vec<String> = helpers(game).into_iter().map(|h| h.name).collect();
            return Err(Failure::Other(format!(
                "no {} helper `{}` (helpers: {})",
                game.as_str(),
                args.helper,
                names.join(", ")
            )));
        }
    };
    print_answer(out, &answer, json, lang)
}

/// An operation's request from the helper's file and flags.
fn operation_request(op: &Operation, args: &HelperArgs, file: Option<Json>) -> Result<Json, Failure> {
    let mut request = serde_json::Map::new();
    if let Some(file) = file {
        match op.fields {
            [one] => {
                request.insert((*one).to_owned(), file);
            }
            _ => match file {
                Json::Object(fields) => request = fields,
                _ => {
                    return Err(Failure::Other(format!(
                        "{}: the file is the request, an object of {}",
                        op.name,
                        op.fields.join(", ")
                    )));
                }
            },
        }
    }
    let flags = [
        ("players", args.players.map(Json::from)),
        ("seed", args.seed.map(Json::from)),
        ("variant", args.variant.clone().map(Json::from)),
        ("ninth_character", args.ninth.then_some(Json::Bool(true))),
        ("characters", (!args.characters.is_empty()).then(|| Json::from(args.characters.clone()))),
    ];
    for (field, value) in flags {
        if let Some(value) = value
            && op.fields.contains(&field)
        {
            request.insert(field.to_owned(), value);
        }
    }
    Ok(Json::Object(request))
}

/// `citadelles draft`: the plan for the profile and player count, and a seeded draw of the
/// characters in play (`--characters`: one per rank; the 8 base ones when none is given).
fn citadelles_draft(args: &HelperArgs, _file: Option<Json>) -> Result<Json, Failure> {
    let json = args.json;
    let variant = args.variant.as_deref().unwrap_or("classique");
    let players = args.players.ok_or_else(|| Failure::Other("draft: --players is needed".into()))?;
    let request =
        serde_json::json!({ "variant": variant, "players": players, "ninth_character": args.ninth });
    let plan = call_guest("citadelles_draft_plan", request, json)?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let request = serde_json::json!({ "plan": plan, "characters": args.characters, "seed": seed });
    let draw = call_guest("citadelles_draw_draft", request, json)?;
    Ok(serde_json::json!({ "seed": seed, "plan": plan, "draw": draw }))
}

/// `orleans deck`: Invasion's tiles for a player count.
fn orleans_deck(args: &HelperArgs, _file: Option<Json>) -> Result<Json, Failure> {
    let players = args.players.ok_or_else(|| Failure::Other("deck: --players is needed".into()))?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let plan = serde_json::json!({ "players": players, "set_aside": args.set_aside, "hard_mode": args.hard });
    let request = serde_json::json!({ "plan": plan, "seed": seed });
    call_guest("orleans_build_deck", request, args.json)
}

/// `orleans setup`: the scenario's setup (`--variant`) at a player count.
fn orleans_setup(args: &HelperArgs, _file: Option<Json>) -> Result<Json, Failure> {
    let variant = args.variant.as_deref().unwrap_or("invasion");
    let players = args.players.ok_or_else(|| Failure::Other("setup: --players is needed".into()))?;
    let request = serde_json::json!({ "scenario": variant, "players": players });
    call_guest("orleans_setup", request, args.json)
}

/// `orleans resolve|forecast|goals|status`: that part of the live help about a table.
fn orleans_help_part(args: &HelperArgs, file: Option<Json>, part: &str) -> Result<Json, Failure> {
    let mut table = file.ok_or_else(|| Failure::Other(format!("{part}: the table state is needed")))?;
    if let (Some(round), Some(fields)) = (args.round, table.as_object_mut()) {
        fields.insert("round".into(), round.into());
    }
    let help = call_guest("table_help", serde_json::json!({ "game": "orleans", "table": table }), args.json)?;
    if part == "resolve" {
        // The course of play refuses to resolve a round it cannot (its tile not entered, the
        // game over): the core's reasons, as any refusal.
        let refused: Problems =
            serde_json::from_value(help["help"]["course"]["resolve_refused"].clone()).unwrap_or_default();
        if !refused.is_empty() {
            return Err(Failure::Api { error: ApiError::from(refused), json: args.json });
        }
    }
    let key = if part == "resolve" { "events" } else { part };
    Ok(help["help"][key].clone())
}

/// A seed when none was given (printed with the answer, so the draw can be made again).
fn random_seed() -> u32 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos());
    nanos.unwrap_or(0) ^ std::process::id()
}

/// A JSON file (or standard input for `-`), a key given twice refused.
fn read_json(path: &Path) -> Result<Json, Failure> {
    Ok(games::parse_json(&read_input(path, MAX_REQUEST_BYTES)?)?)
}

fn print_answer(out: &mut impl Write, answer: &Json, json: bool, lang: Lang) -> Result<(), Failure> {
    if json {
        return print_json(out, answer);
    }
    let mut text = String::new();
    render(answer, lang, 0, &mut text);
    out.write_all(text.as_bytes()).map_err(|e| Failure::Other(format!("stdout: {e}")))
}

/// An answer for people: `{fr, en}` texts in the asked language, objects as `key: value`
/// lines, lists as `-` items, nested values indented, empty values left out.
fn render(value: &Json, lang: Lang, indent: usize, text: &mut String) {
    let pad = "  ".repeat(indent);
    match value {
        Json::Object(fields) if as_text(value, lang).is_none() => {
            for (key, v) in fields {
                if is_empty(v) {
                    continue;
                }
                match inline(v, lang) {
                    Some(line) => text.push_str(&format!("{pad}{key}: {line}\n")),
                    None => {
                        text.push_str(&format!("{pad}{key}:\n"));
                        render(v, lang, indent + 1, text);
                    }
                }
            }
        }
        Json::Array(items) => {
            for item in items {
                match inline(item, lang) {
                    Some(line) => text.push_str(&format!("{pad}- {line}\n")),
                    None => {
                        let mut nested = String::new();
                        render(item, lang, indent + 1, &mut nested);
                        // The first line of the item takes the dash.
                        let nested = nested.replacen(&format!("{pad}  "), &format!("{pad}- "), 1);
                        text.push_str(&nested);
                    }
                }
            }
        }
        other => text.push_str(&format!("{pad}{}\n", inline(other, lang).unwrap_or_default())),
    }
}

/// A value that fits on one line: a scalar, a text, a list of those.
fn inline(value: &Json, lang: Lang) -> Option<String> {
    match value {
        Json::Null => Some("—".into()),
        Json::Bool(b) => Some(if *b { "yes" } else { "no" }.into()),
        Json::Number(n) => Some(n.to_string()),
        Json::String(s) => Some(s.clone()),
        Json::Array(items) if items.iter().all(|i| !i.is_object() && !i.is_array()) => {
            Some(items.iter().filter_map(|i| inline(i, lang)).collect::<Vec<_>>().join(", "))
        }
        Json::Object(_) => as_text(value, lang),
        Json::Array(_) => None,
    }
}

/// A `{fr, en}` text in the asked language.
fn as_text(value: &Json, lang: Lang) -> Option<String> {
    let fields = value.as_object()?;
    if fields.len() != 2 {
        return None;
    }
    let text = fields.get(match lang {
        Lang::Fr => "fr",
        Lang::En => "en",
    })?;
    fields.get(if lang == Lang::Fr { "en" } else { "fr" })?;
    text.as_str().map(str::to_owned)
}

fn is_empty(value: &Json) -> bool {
    match value {
        Json::Null => true,
        Json::Array(a) => a.is_empty(),
        Json::Object(o) => o.is_empty(),
        _ => false,
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
            let filter = SearchFilter { game, kind, lang, limit, ..Default::default() };
            let found = catalogue.lookup(&query, &filter).map_err(|e| Failure::Other(e.to_string()))?;
            if json {
                return print_json(out, &found.hits);
            }
            print_rule_search(out, &found, lang)
        }
        RulesCommand::Show { id, json } => {
            let entry = catalogue.get(&id).ok_or_else(|| Failure::Other(format!("no rule entry `{id}`")))?;
            if json {
                return print_json(out, entry);
            }
            write_line(
                out,
                &format!(
                    "{}\n\n{}\n\n{}\n{}",
                    entry.title.get(lang),
                    entry.body.get(lang),
                    Text::new(format!("Source : {}", entry.source), format!("Source: {}", entry.source))
                        .get(lang),
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

/// What the rules screen shows, as text: every corrected word (`conteur → couleur ?` when it
/// may be another word), then the hits; or, for a query about none of these games, « not in
/// these rules » with its words and the closest entries under their own heading.
fn print_rule_search(out: &mut impl Write, found: &RuleSearch, lang: Lang) -> Result<(), Failure> {
    if !found.corrections.is_empty() {
        let words: Vec<String> = found
            .corrections
            .iter()
            .map(|k| format!("{} → {}{}", k.typed, k.meant, if k.sure { "" } else { " ?" }))
            .collect();
        let words = words.join(", ");
        write_line(
            out,
            Text::new(format!("Mot corrigé : {words}"), format!("Corrected: {words}")).get(lang),
        )?;
    }
    let print_hits = |out: &mut _, hits: &[RuleHit]| -> Result<(), Failure> {
        for hit in hits {
            let snippet: String = hit
                .snippet
                .iter()
                .map(|p| if p.hit { format!("[{}]", p.text) } else { p.text.clone() })
                .collect();
            write_line(out, &format!("{}  {}\n    {}", hit.id, hit.title, snippet))?;
        }
        Ok(())
    };
    if !found.not_in_rules.is_empty() {
        let quoted = |open: &str, close: &str| {
            found.not_in_rules.iter().map(|w| format!("{open}{w}{close}")).collect::<Vec<_>>().join(", ")
        };
        let games = GameId::ALL.map(|g| g.info().name).join(", ");
        let one = found.not_in_rules.len() == 1;
        let said = Text::new(
            format!(
                "Pas dans ces règles. {} {} dans les règles d’aucun des jeux que Greffier connaît : {games}.",
                quoted("« ", " »"),
                if one { "n’apparaît" } else { "n’apparaissent" }
            ),
            format!(
                "Not in these rules. {} {} in the rules of none of the games Greffier knows: {games}.",
                quoted("“", "”"),
                if one { "appears" } else { "appear" }
            ),
        );
        write_line(out, said.get(lang))?;
        if !found.closest.is_empty() {
            let heading = Text::new(
                "\nFiches les plus proches, qui ne répondent pas à la question :",
                "\nClosest entries, which do not answer the question:",
            );
            write_line(out, heading.get(lang))?;
            print_hits(out, &found.closest)?;
        }
        return Ok(());
    }
    if found.hits.is_empty() {
        write_line(out, if lang == Lang::Fr { "Aucun résultat." } else { "No match." })?;
        if !found.suggestions.is_empty() {
            let tries = found.suggestions.join(", ");
            write_line(out, Text::new(format!("Essayez : {tries}"), format!("Try: {tries}")).get(lang))?;
        }
        return Ok(());
    }
    print_hits(out, &found.hits)
}

impl HistoryCommand {
    /// What the command opens the history for: the ones that only read it never write it (no
    /// lock, no migration) and read a history they could not write.
    fn opens_for(&self) -> OpenFor {
        match self {
            HistoryCommand::List { .. }
            | HistoryCommand::Players
            | HistoryCommand::Stats { .. }
            | HistoryCommand::Csv { .. }
            | HistoryCommand::Backups
            | HistoryCommand::Others { .. }
            | HistoryCommand::BgstatsExport { .. }
            | HistoryCommand::Show { .. }
            | HistoryCommand::Export { .. } => OpenFor::Reading,
            HistoryCommand::Delete { .. }
            | HistoryCommand::Restore { .. }
            | HistoryCommand::Rescore { .. }
            | HistoryCommand::Rename { .. }
            | HistoryCommand::Merge { .. }
            | HistoryCommand::Archive { .. }
            | HistoryCommand::Backup
            | HistoryCommand::RestoreBackup { .. }
            | HistoryCommand::BgstatsImport { .. }
            | HistoryCommand::Import { .. }
            | HistoryCommand::Add { .. } => OpenFor::Writing,
        }
    }
}

fn run_history(command: HistoryCommand, db: &Path, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
    let mut store = Store::open_for(db, command.opens_for())?;
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
                        // A result recorded without a score shows none; a play not finished has
                        // no result to show.
                        match (p.total, p.rank) {
                            (Some(t), _) => format!("{star}{} {t}", p.name),
                            (None, Some(_)) => format!("{star}{} —", p.name),
                            (None, None) => format!("{star}{}", p.name),
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
            for line in bgstats_report_lines(&report, lang) {
                write_line(out, &line)?;
            }
            in_bin_line(out, report.plays_in_bin, lang)
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
                    play.game.info().box_name().get(lang),
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
            let plays = |n| counted(n, ("partie", "parties"), ("play", "plays"));
            let (players, values) = (report.players_added, report.card_values_added);
            let (added, others) = (plays(report.plays_added), plays(report.other_plays_added));
            let present = plays(report.plays_skipped);
            let line = Text::new(
                format!(
                    "importé : {}, {} d'autres jeux, {}, {} ; {} déjà {} laissée{}",
                    added.fr,
                    others.fr,
                    counted(players, ("joueur", "joueurs"), ("", "")).fr,
                    counted(values, ("valeur de carte", "valeurs de cartes"), ("", "")).fr,
                    present.fr,
                    greffier::text::fr_noun(report.plays_skipped, "présente", "présentes"),
                    greffier::text::fr_noun(report.plays_skipped, "", "s"),
                ),
                format!(
                    "imported: {}, {} of other games, {}, {}; skipped {} already present",
                    added.en,
                    others.en,
                    counted(players, ("", ""), ("player", "players")).en,
                    counted(values, ("", ""), ("card value", "card values")).en,
                    present.en,
                ),
            );
            write_line(out, line.get(lang))?;
            in_bin_line(out, report.plays_in_bin, lang)
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

/// An import's plays that the history has in its bin: left there, and said apart so that
/// nobody takes them for back in the log.
/// What a BG Stats import did, for people, in `lang`: each count with its noun's form
/// (« 1 partie », "1 play"), each odd play with why, each kind of field not kept, each other
/// game. Names from the file are written as they are, outside the sentences' typography.
fn bgstats_report_lines(report: &history::BgStatsReport, lang: Lang) -> Vec<String> {
    use greffier::text::{en_noun, fr_noun};
    let words = |fr: String, en: String| Text::new(fr, en).get(lang).to_owned();
    let plays = |n| counted(n, ("partie", "parties"), ("play", "plays"));
    let (added, others) = (plays(report.plays_added), plays(report.other_plays_added));
    let (players, present) = (report.players_added, report.plays_already_present);
    let (ignored, skipped) = (report.plays_ignored, report.plays_skipped);
    let mut lines = vec![words(
        format!(
            "importé : {}, {} d'autres jeux, {players} {} ; {present} {} déjà {}, {ignored} {} dans BG Stats, {skipped} non {}",
            added.fr,
            others.fr,
            fr_noun(players, "joueur", "joueurs"),
            fr_noun(present, "partie", "parties"),
            fr_noun(present, "présente", "présentes"),
            fr_noun(ignored, "ignorée", "ignorées"),
            fr_noun(skipped, "importée", "importées"),
        ),
        format!(
            "imported: {}, {} of other games, {players} {}; {} already present, {ignored} ignored in BG Stats, {skipped} skipped",
            added.en,
            others.en,
            en_noun(players, "player", "players"),
            plays(present).en,
        ),
    )];
    for n in &report.notes {
        let what = match n.kind {
            history::BgPlayNoteKind::Skipped => words("non importée".into(), "skipped".into()),
            history::BgPlayNoteKind::KeptAsOtherGame => {
                words("gardée comme partie d'un autre jeu".into(), "kept as another game's play".into())
            }
        };
        let colon = words(" : ".into(), ": ".into());
        let at = format!("{} ({}, {}, {})", n.field, n.game, n.date, n.uuid);
        lines.push(format!("{at}{colon}{what}{colon}{}", n.why.get(lang)));
    }
    for d in &report.dropped {
        let n = plays(d.plays);
        lines.push(words(
            format!("non gardé : {} ({}) dans {}", d.what.fr, d.field, n.fr),
            format!("not kept: {} ({}) in {}", d.what.en, d.field, n.en),
        ));
    }
    for g in &report.other_games {
        let n = plays(g.plays);
        let before = words(format!("autres jeux : {} de ", n.fr), format!("other games: {} of ", n.en));
        let after = words(" (voir `history others`)".into(), " (see `history others`)".into());
        lines.push(format!("{before}{}{after}", g.name));
    }
    lines
}

/// `n` and its noun, in the form the count takes in each language (« 1 partie », "2 plays").
fn counted(n: u32, fr: (&str, &str), en: (&str, &str)) -> Text {
    use greffier::text::{en_noun, fr_noun};
    Text::new(format!("{n} {}", fr_noun(n, fr.0, fr.1)), format!("{n} {}", en_noun(n, en.0, en.1)))
}

fn in_bin_line(out: &mut impl Write, in_bin: u32, lang: Lang) -> Result<(), Failure> {
    use greffier::text::{en_noun, fr_noun};
    if in_bin == 0 {
        return Ok(());
    }
    let line = Text::new(
        format!(
            "{in_bin} {} déjà dans la corbeille, laissée{} là (voir `history list --deleted` ; `history restore <id>` en reprend une)",
            fr_noun(in_bin, "partie", "parties"),
            fr_noun(in_bin, "", "s"),
        ),
        format!(
            "{in_bin} {} already in the bin, left there (see `history list --deleted`; `history restore <id>` takes one back)",
            en_noun(in_bin, "play", "plays"),
        ),
    );
    write_line(out, line.get(lang))
}

/// The id of the roster player named `name` (ignoring case as the history does).
fn player_id(store: &Store, name: &str) -> Result<u32, Failure> {
    store
        .list_players()?
        .into_iter()
        .find(|p| history::player_key(&p.name) == history::player_key(name))
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
fn open_input(path: &Path) -> Result<Box<dyn Read + Send>, Failure> {
    Ok(if path.as_os_str() == "-" {
        // Not locked: a lock cannot go to the thread that reads it (imports read in a thread of
        // their own), and the buffered reader above it reads in large blocks anyway.
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| Failure::Other(format!("{}: {e}", path.display())))?)
    })
}

/// Reads a file (or standard input for `-`) as text. One larger than `max` bytes, or not in
/// UTF-8, is invalid input (exit 1, with its problem); one that cannot be read is not.
fn read_input(path: &Path, max: u64) -> Result<String, Failure> {
    let name = if path.as_os_str() == "-" { "stdin".to_owned() } else { path.display().to_string() };
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin().lock().take(max + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(max + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| Failure::Other(format!("{name}: {e}")))?;
    let invalid = |code: &str, fr: String, en: String| {
        let mut problems = Problems::new();
        problems.push("", code, Text::new(fr, en));
        Failure::Invalid(problems)
    };
    let mib = max >> 20;
    if bytes.len() as u64 > max {
        return Err(invalid(
            "too_large",
            format!("{name} : plus de {mib} Mio, c'est plus qu'une table."),
            format!("{name}: larger than {mib} MiB, more than any table."),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        invalid(
            "not_utf8",
            format!("{name} n'est pas en UTF-8 (octet {at}) : enregistrez-le en UTF-8."),
            format!("{name} is not in UTF-8 (byte {at}): save it as UTF-8."),
        )
    })
}

/// A sync pass's report for people.
fn print_sync_report(out: &mut impl Write, report: &SyncReport, lang: Lang) -> Result<(), Failure> {
    let said = |fr: String, en: String| Text::new(fr, en).get(lang).to_owned();
    // « 2 parties », "1 play": a count with its noun in each language.
    let fr = |n: u32, one: &str, many: &str| format!("{n} {}", fr_noun(n, one, many));
    let en = |n: u32, one: &str, many: &str| format!("{n} {}", en_noun(n, one, many));
    let mut lines = vec![said(
        format!("Dossier partagé : {}", report.folder),
        format!("Shared folder: {}", report.folder),
    )];
    lines.push(said(
        format!("Écrits : {} de cet historique", fr(report.written, "fichier", "fichiers")),
        format!("Written: {} of this history", en(report.written, "file", "files")),
    ));
    for a in &report.applied {
        let who = a.device_name.clone().unwrap_or_else(|| a.device.clone());
        lines.push(said(
            format!(
                "Appliqué : {who}, fichier {} ({}, {}, {})",
                a.seq,
                fr(a.plays, "partie", "parties"),
                fr(a.players, "joueur", "joueurs"),
                fr(a.conflicts, "conflit", "conflits")
            ),
            format!(
                "Applied: {who}, file {} ({}, {}, {})",
                a.seq,
                en(a.plays, "play", "plays"),
                en(a.players, "player", "players"),
                en(a.conflicts, "conflict", "conflicts")
            ),
        ));
    }
    for w in &report.waiting {
        let who = w.device_name.clone().unwrap_or_else(|| w.device.clone());
        let reason = w.reason.get(lang);
        lines.push(said(
            format!(
                "En attente : {who}, {} à partir du {} — {reason}",
                fr(w.files, "fichier", "fichiers"),
                w.seq
            ),
            format!("Waiting: {who}, {} from file {} — {reason}", en(w.files, "file", "files"), w.seq),
        ));
    }
    for s in &report.skipped {
        let reason = s.reason.get(lang);
        lines.push(said(
            format!("Laissé de côté : {} — {reason}", s.file),
            format!("Skipped: {} — {reason}", s.file),
        ));
    }
    lines.push(said(
        format!("Conflits à trancher (dans Historique) : {}", report.conflicts),
        format!("Conflicts to settle (in History): {}", report.conflicts),
    ));
    for line in lines {
        write_line(out, &line)?;
    }
    Ok(())
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
    write_line(out, &format!("{} — {variant}", info.box_name().get(lang)))?;
    let fr = lang == Lang::Fr;
    // Columns: the categories the scoreboard holds, labelled from the game's catalogue by key.
    let keys: Vec<&str> = board
        .players
        .first()
        .map_or_else(Vec::new, |p| p.categories.iter().map(|c| c.key.as_ref()).collect());
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
        // A result recorded without a score shows none.
        let total = p.total.map_or_else(|| "—".to_owned(), |t| t.to_string());
        let mut row = format!("{rank:<6} {:<name_width$} {total:>6}", p.name);
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
        Outcome::Coop { in_progress: true, round_reached, .. } => Some(if fr {
            format!(
                "Partie de l'équipe en cours{}",
                round_reached.map(|r| format!(" (manche {r})")).unwrap_or_default()
            )
        } else {
            format!(
                "The team is still playing{}",
                round_reached.map(|r| format!(" (round {r})")).unwrap_or_default()
            )
        }),
        Outcome::Solo { in_progress: true, round_reached, .. } => Some(if fr {
            format!("Partie en cours (manche {round_reached})")
        } else {
            format!("Still playing (round {round_reached})")
        }),
        Outcome::Coop { won, round_reached, .. } => Some(match (fr, won) {
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
        Outcome::Solo { won, round_reached, .. } => Some(match (fr, won) {
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
        // The CLI's own French is typeset as every core text is.
        write_line(out, if fr { greffier::text::french(&o) } else { o.into() }.as_ref())?;
    }
    Ok(())
}
