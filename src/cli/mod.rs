//! `greffier`: the command-line front door onto the same core as the desktop app — score a
//! table state, search the rules, read, export and import the play history; call any operation
//! of the core's table (`call`, and per-game helpers built on it); serve them over local HTTP
//! (`serve`).
//!
//! Exit status: 0 on success, 1 when the input is invalid (every problem is printed with its
//! field), 2 on any other error.
//!
//! Here: the commands (clap), how a failure is printed, and the commands that are one call.
//! A command with subcommands or a list of its own has its module: `history`, `rules`, the
//! games' table `helpers`, `serve` (and `table`); `input` reads files, `print` writes answers.

mod devices;
mod helpers;
mod history;
mod input;
mod print;
mod rules;
mod serve;
mod sync;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, FromArgMatches, Parser, Subcommand, ValueEnum};
use greffier::api::{Access, Api, ApiError, Capability, ErrorKind, Json, Operation};
use greffier::games::{self, GameId, Problems};
use greffier::history::StoreError;
use greffier::text::Lang;

use self::devices::{DevicesCommand, run_devices};
use self::helpers::{HelperArgs, cli_command, run_helper};
use self::history::{HistoryCommand, run_history};
use self::input::{MAX_TABLE_BYTES, read_input, read_json};
use self::print::{print_answer, print_json, print_scoreboard, write_line};
use self::rules::{RulesCommand, run_rules};

#[derive(Parser)]
#[command(
    name = "greffier",
    version,
    // `greffier help <game> <table>` is the live help; `--help` stays clap's.
    disable_help_subcommand = true,
    about = "Greffier: scores, rules and play history for Valencia, Citadelles, Orléans: Invasion and Cities of Splendor"
)]
pub(crate) struct Cli {
    /// Language of the output (default: from LANG, else English).
    #[arg(long, global = true, value_enum)]
    lang: Option<LangArg>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum LangArg {
    Fr,
    En,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
        /// Beyond the loopback: another name this machine is reached by (`salon.local`), which
        /// the server answers to besides its address.
        #[arg(long = "name")]
        names: Vec<String>,
        /// Do not follow the shared folder while serving (a shared history then changes only
        /// by `greffier sync` or the Share screen's "Sync now").
        #[arg(long)]
        no_sharing: bool,
    },
    /// The devices paired with this history (a tablet, a phone): each reaches the whole app
    /// from the network (`serve --host 0.0.0.0`, the desktop app) with its own token.
    Devices {
        #[command(flatten)]
        db: DbArg,
        #[command(subcommand)]
        command: DevicesCommand,
    },
    /// One pass through the folder this history is shared in: its new changes written there,
    /// the other devices' applied; prints what was applied, what waits, what was skipped and the
    /// conflicts (`--folder`: shares the history there first).
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

#[derive(Args)]
pub(crate) struct DbArg {
    /// The history database (default: the app's data directory).
    #[arg(long, global = true, env = "GREFFIER_DB")]
    db: Option<PathBuf>,
}

/// Why a command failed: invalid input (exit 1) or anything else (exit 2).
pub(crate) enum Failure {
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

/// Runs the command line and says how it went.
pub(crate) fn main() -> ExitCode {
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

pub(crate) fn run(command: Command, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
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
                    Capability::Pair => "pair",
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
        Command::Devices { db, command } => run_devices(command, &db, lang, out),
        Command::Serve { db, port, host, ui, names, no_sharing } => {
            serve::serve(&db, serve::ServeFlags { host, port, ui, names, sharing: !no_sharing }, lang)
        }
        Command::Sync { db, folder, device_name, json } => {
            sync::run_sync(&db, folder, device_name, json, lang, out)
        }
        Command::Table { db, play, seats, bind, port, ui } => {
            serve::table(&db, play, seats, bind, port, ui, lang)
        }
    }
}

impl DbArg {
    fn path(&self) -> Result<PathBuf, Failure> {
        match &self.db {
            Some(p) => Ok(p.clone()),
            None => greffier::history::default_db_path()
                .ok_or_else(|| Failure::Other("no data directory: pass --db".into())),
        }
    }
}

pub(crate) fn open_api(db: &DbArg) -> Result<Api, Failure> {
    Ok(open_history_api(db)??)
}

/// The history's `Api`, or why the history could not be opened (outer error: no path for it).
pub(crate) fn open_history_api(db: &DbArg) -> Result<Result<Api, StoreError>, Failure> {
    let path = db.path()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Failure::Other(format!("{}: {e}", dir.display())))?;
    }
    Ok(Api::open(&path))
}

/// Calls an operation; the history is opened only for the host's operations (a helper never
/// touches it).
pub(crate) fn call(op: &Operation, request: Json, db: &DbArg, json: bool) -> Result<Json, Failure> {
    let answer = match op.capability {
        // A seat operation reads and writes a play: the host's history.
        // A history that cannot be opened is the operation's error (its kind: `needs_upgrade`,
        // `newer_schema`…), printed as JSON too when asked.
        Capability::Host | Capability::Seat | Capability::Pair => {
            open_history_api(db)?.map_err(ApiError::from).and_then(|api| api.call_json(op.name, request))
        }
        Capability::Guest => {
            Api::without_history().and_then(|api| api.call_json_as(Access::Guest, op.name, request))
        }
    };
    answer.map_err(|error| Failure::Api { error, json })
}

pub(crate) fn call_guest(name: &str, request: Json, json: bool) -> Result<Json, Failure> {
    Api::without_history()
        .and_then(|api| api.call_json_as(Access::Guest, name, request))
        .map_err(|error| Failure::Api { error, json })
}
