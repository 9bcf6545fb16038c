//! `greffier history …`: read, export and import the play history.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use greffier::api::{Api, ApiError, ErrorKind, ExportKind, ExportTarget, ImportKind, ImportSummary};
use greffier::games::{self, GameId, Problems};
use greffier::history::{self, CsvDelimiter, CsvOptions, OpenFor, PlayFilter, PlayStatus};
use greffier::text::{Lang, Text};

use super::Failure;
use super::input::{MAX_TABLE_BYTES, open_input, read_input};
use super::print::{print_json, print_scoreboard, write_line};

#[derive(Subcommand)]
pub(crate) enum HistoryCommand {
    /// Plays, newest first.
    List(ListArgs),
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

/// The filters and form of `greffier history list`.
#[derive(Args)]
pub(crate) struct ListArgs {
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
}

#[derive(Subcommand)]
pub(crate) enum StatsCommand {
    /// Scores, categories, missions, districts and characters of one game.
    Game {
        game: String,
        /// Width of the score buckets (0: the game's own).
        #[arg(long, default_value_t = 0)]
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

impl HistoryCommand {
    /// What the command opens the history for: the ones that only read it never write it (no
    /// lock, no migration) and read a history they could not write.
    fn opens_for(&self) -> OpenFor {
        match self {
            HistoryCommand::List(_)
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

/// `greffier history …`: each command one operation of the core's list (or a few: a player's
/// name is looked up on the roster first), printed for people.
pub(crate) fn run_history(
    command: HistoryCommand,
    db: &Path,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let api = Api::open_for(db, command.opens_for())?;
    match command {
        HistoryCommand::List(args) => list_plays(&api, args, out),
        HistoryCommand::Delete { id } => {
            api.delete_play(id).map_err(said)?;
            write_line(out, &format!("play #{id} moved to the bin (undo: greffier history restore {id})"))
        }
        HistoryCommand::Restore { id } => {
            api.restore_play(id).map_err(said)?;
            write_line(out, &format!("play #{id} restored"))
        }
        HistoryCommand::Rescore { id } => match &api.rescore_play(id).map_err(said)?.scoreboard {
            Some(board) => print_scoreboard(out, board, lang),
            None => write_line(out, &format!("play #{id} has no result to recompute")),
        },
        HistoryCommand::Players => print_json(out, &api.list_players().map_err(said)?),
        HistoryCommand::Rename { player, new_name } => {
            let id = player_id(&api, &player)?;
            print_json(out, &api.rename_player(id, new_name).map_err(said)?)
        }
        HistoryCommand::Merge { kept, absorbed } => {
            let (kept, absorbed) = (player_id(&api, &kept)?, player_id(&api, &absorbed)?);
            print_json(out, &api.merge_players(kept, absorbed).map_err(said)?)
        }
        HistoryCommand::Archive { player, undo } => {
            let id = player_id(&api, &player)?;
            print_json(out, &api.set_player_archived(id, !undo).map_err(said)?)
        }
        HistoryCommand::Stats { of } => run_stats(&api, of, out),
        HistoryCommand::Csv { scores, semicolon, bom, game, output } => {
            let options = CsvOptions {
                delimiter: if semicolon { CsvDelimiter::Semicolon } else { CsvDelimiter::Comma },
                bom,
                game: game.map(|g| g.parse::<GameId>()).transpose()?,
                status: None,
            };
            let kind = if scores { ExportKind::CsvScores } else { ExportKind::CsvPlays };
            export(&api, kind, Some(options), output.as_deref(), out)
        }
        HistoryCommand::Backup => write_line(out, &api.backup_now().map_err(said)?.file_name),
        HistoryCommand::Backups => print_json(out, &api.list_backups().map_err(said)?),
        HistoryCommand::RestoreBackup { file_name } => {
            let safety = api.restore_backup(file_name.clone()).map_err(said)?;
            write_line(
                out,
                &format!("restored {file_name}; the history before it is in {}", safety.file_name),
            )
        }
        HistoryCommand::BgstatsImport { file, json } => import_bgstats(&api, &file, json, lang, out),
        HistoryCommand::Others { game, player, limit, offset, json } => {
            let player_id = player.map(|p| player_id(&api, &p)).transpose()?;
            let filter =
                history::OtherPlayFilter { game_name: game, player_id, limit, offset, ..Default::default() };
            let page = api.list_other_plays(filter).map_err(said)?;
            if json { print_json(out, &page) } else { print_other_plays(out, &page) }
        }
        HistoryCommand::BgstatsExport { output } => {
            export(&api, ExportKind::Bgstats, None, output.as_deref(), out)
        }
        HistoryCommand::Show { id, json } => {
            let play = api.get_play(id).map_err(said)?;
            if json { print_json(out, &play) } else { print_play(out, &play, lang) }
        }
        HistoryCommand::Export { output } => export_backup(&api, output.as_deref(), out),
        HistoryCommand::Import { file } => import_backup(&api, &file, lang, out),
        HistoryCommand::Add { game, table } => {
            let game: GameId = game.parse()?;
            let text = read_input(&table, MAX_TABLE_BYTES)?;
            let play = api.record_play(game, games::parse_json(&text)?).map_err(said)?;
            write_line(out, &format!("recorded play #{}", play.id))
        }
    }
}

/// `greffier history list`: a page of the log (or of the bin).
fn list_plays(api: &Api, args: ListArgs, out: &mut impl Write) -> Result<(), Failure> {
    let ListArgs { game, status, limit, offset, variant, player, from, to, deleted, json } = args;
    let game = game.map(|g| g.parse::<GameId>()).transpose()?;
    let status = match status {
        None => None,
        Some(s) => Some(PlayStatus::parse(&s).ok_or_else(|| {
            Failure::Other(format!("unknown status `{s}` (in_progress, finished, abandoned)"))
        })?),
    };
    let player_id = player.map(|p| player_id(api, &p)).transpose()?;
    let filter = PlayFilter {
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
    };
    let page = api.list_plays(filter).map_err(said)?;
    if json { print_json(out, &page) } else { print_plays(out, &page) }
}

/// `greffier history bgstats-import`: the report, as JSON or a line per fact.
fn import_bgstats(
    api: &Api,
    file: &Path,
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let ImportSummary::Bgstats(report) =
        api.import_stream(ImportKind::Bgstats, open_input(file)?).map_err(said)?
    else {
        return Err(Failure::Other("a BG Stats import answered another report".into()));
    };
    if json {
        return print_json(out, &report);
    }
    for line in bgstats_report_lines(&report, lang) {
        write_line(out, &line)?;
    }
    in_bin_line(out, report.plays_in_bin, lang)
}

/// `greffier history export`: a full backup to a file, or streamed to standard output one play
/// at a time.
fn export_backup(api: &Api, output: Option<&Path>, out: &mut impl Write) -> Result<(), Failure> {
    match output {
        // Streamed one play at a time; gzip when the file name ends in .gz.
        None => {
            api.export_to(ExportKind::Backup, None, ExportTarget::Stream(out)).map_err(said)?;
            write_line(out, "")
        }
        Some(path) => export(api, ExportKind::Backup, None, Some(path), out),
    }
}

/// `greffier history import`: a backup, all or nothing.
fn import_backup(api: &Api, file: &Path, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
    // Streamed one play at a time, gzip or not: memory stays bounded whatever its size.
    let ImportSummary::Backup(report) =
        api.import_stream(ImportKind::Backup, open_input(file)?).map_err(said)?
    else {
        return Err(Failure::Other("a backup's import answered another report".into()));
    };
    write_line(out, import_line(&report).get(lang))?;
    in_bin_line(out, report.plays_in_bin, lang)
}

/// `greffier history stats …`, as JSON.
fn run_stats(api: &Api, of: StatsCommand, out: &mut impl Write) -> Result<(), Failure> {
    match of {
        StatsCommand::Game { game, bucket } => {
            print_json(out, &api.game_stats(game.parse()?, bucket).map_err(said)?)
        }
        StatsCommand::Player { player } => {
            let id = player_id(api, &player)?;
            print_json(out, &api.player_stats(id).map_err(said)?)
        }
        StatsCommand::Scenarios { game } => {
            print_json(out, &api.scenario_stats(game.parse()?).map_err(said)?)
        }
        StatsCommand::Activity { game, player } => {
            let game = game.map(|g| g.parse::<GameId>()).transpose()?;
            let player = player.map(|p| player_id(api, &p)).transpose()?;
            print_json(out, &api.activity(game, player).map_err(said)?)
        }
    }
}

/// The history's refusals fail as its commands always have: invalid input with its problems
/// (exit 1), anything else by its message (exit 2).
fn said(error: ApiError) -> Failure {
    if error.kind == ErrorKind::InvalidInput && !error.problems.is_empty() {
        Failure::Invalid(Problems(error.problems))
    } else {
        Failure::Other(error.message)
    }
}

/// One line per play: id, start, game, variant, status and the seats with their totals.
fn print_plays(out: &mut impl Write, page: &history::PlayPage) -> Result<(), Failure> {
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

/// One line per play of another game: day, game, seats with their scores as typed.
fn print_other_plays(out: &mut impl Write, page: &history::OtherPlayPage) -> Result<(), Failure> {
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

/// A play's heading, then its scoreboard, or its seats while it has none.
fn print_play(out: &mut impl Write, play: &history::PlayDetail, lang: Lang) -> Result<(), Failure> {
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
            let names = play.seats.iter().map(|s| s.player_name.as_str()).collect::<Vec<_>>().join(", ");
            write_line(out, &names)
        }
    }
}

/// What a backup's import did, for people.
fn import_line(report: &history::ImportReport) -> Text {
    let plays = |n| counted(n, ("partie", "parties"), ("play", "plays"));
    let (players, values) = (report.players_added, report.card_values_added);
    let (added, others) = (plays(report.plays_added), plays(report.other_plays_added));
    let present = plays(report.plays_skipped);
    Text::new(
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
    )
}

/// What a BG Stats import did, for people, in `lang`: each count with its noun's form
/// (« 1 partie », "1 play"), each odd play with why, each kind of field not kept, each other
/// game. Names from the file are written as they are, outside the sentences' typography.
pub(crate) fn bgstats_report_lines(report: &history::BgStatsReport, lang: Lang) -> Vec<String> {
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
pub(crate) fn counted(n: u32, fr: (&str, &str), en: (&str, &str)) -> Text {
    use greffier::text::{en_noun, fr_noun};
    Text::new(format!("{n} {}", fr_noun(n, fr.0, fr.1)), format!("{n} {}", en_noun(n, en.0, en.1)))
}

/// An import's plays that the history has in its bin: left there, and said apart so that
/// nobody takes them for back in the log.
pub(crate) fn in_bin_line(out: &mut impl Write, in_bin: u32, lang: Lang) -> Result<(), Failure> {
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
pub(crate) fn player_id(api: &Api, name: &str) -> Result<u32, Failure> {
    api.list_players()
        .map_err(said)?
        .into_iter()
        .find(|p| history::player_key(&p.name) == history::player_key(name))
        .map(|p| p.id)
        .ok_or_else(|| Failure::Other(format!("no player named `{name}`")))
}

/// Midnight UTC of a `YYYY-MM-DD` day.
pub(crate) fn day(text: &str) -> Result<chrono::DateTime<chrono::Utc>, Failure> {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .ok_or_else(|| Failure::Other(format!("`{text}` is not a day (YYYY-MM-DD)")))
}

/// `export_file`'s export written to `path` (never over the history or its backups; beside it
/// first, then renamed: never half a file under the final name), or to standard output.
fn export(
    api: &Api,
    kind: ExportKind,
    csv: Option<CsvOptions>,
    path: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    match path {
        Some(path) => api.export_to(kind, csv, ExportTarget::File(path)).map(drop).map_err(said),
        None => {
            let mut bytes = Vec::new();
            api.export_to(kind, csv, ExportTarget::Stream(&mut bytes)).map_err(said)?;
            out.write_all(&bytes).map_err(|e| Failure::Other(format!("stdout: {e}")))
        }
    }
}
