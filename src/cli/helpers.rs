//! The games' table helpers: `greffier <game> <helper> [FILE] [--flags]`, each an operation
//! `<game>_<helper>` of the core's list or a composite of several.

use std::io::Write;
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, CommandFactory};
use greffier::api::{Api, ApiError, Json, Operation};
use greffier::games::{GameId, Problems};
use greffier::text::Lang;

use super::input::read_json;
use super::print::print_answer;
use super::{Cli, Failure, call_guest};

/// A game helper: `greffier <game> <helper> [FILE] [--flags]`, one of [`helpers`]: an operation
/// `<game>_<helper>` of the core's list, whose file gives its one structured field (or, for a
/// request of several, the whole request) and whose flags give its plain fields; or one of the
/// [`COMPOSITES`] built over several operations.
#[derive(Args)]
pub(crate) struct HelperArgs {
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

/// A helper built over more than one operation (or a part of one): `greffier <game> <name>`.
pub(crate) struct Composite {
    game: GameId,
    name: &'static str,
    about: &'static str,
    run: fn(&HelperArgs, Option<Json>) -> Result<Json, Failure>,
}

/// The helpers that are not one operation each. A composite named as an operation's helper
/// (`orleans setup`) takes its place: its flags are the ones people type.
pub(crate) const COMPOSITES: [Composite; 7] = [
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

/// One helper of a game: what `greffier <game> --help` lists and `greffier <game> <name>` runs.
pub(crate) struct Helper {
    name: String,
    about: String,
    run: HelperRun,
}

pub(crate) enum HelperRun {
    Composite(fn(&HelperArgs, Option<Json>) -> Result<Json, Failure>),
    Operation(&'static Operation),
}

/// The flags that give an operation's plain fields.
pub(crate) const FLAG_FIELDS: [(&str, &str); 5] = [
    ("players", "--players"),
    ("seed", "--seed"),
    ("variant", "--variant"),
    ("ninth_character", "--ninth"),
    ("characters", "--characters"),
];

/// Every helper of a game, the one list the CLI dispatches on, `--help` shows and the README
/// names (`tests/it/cli.rs` holds the three to it): the [`COMPOSITES`], then each operation
/// `<game>_<helper>` of the core's list, its name with dashes (`start_round` → `start-round`).
pub(crate) fn helpers(game: GameId) -> Vec<Helper> {
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
pub(crate) fn operation_about(op: &Operation) -> String {
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

/// `greffier <game> <helper> …`: see [`HelperArgs`] and [`helpers`].
pub(crate) fn run_helper(
    game: GameId,
    args: HelperArgs,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), Failure> {
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
pub(crate) fn operation_request(
    op: &Operation,
    args: &HelperArgs,
    file: Option<Json>,
) -> Result<Json, Failure> {
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
pub(crate) fn citadelles_draft(args: &HelperArgs, _file: Option<Json>) -> Result<Json, Failure> {
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
pub(crate) fn orleans_deck(args: &HelperArgs, _file: Option<Json>) -> Result<Json, Failure> {
    let players = args.players.ok_or_else(|| Failure::Other("deck: --players is needed".into()))?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let plan = serde_json::json!({ "players": players, "set_aside": args.set_aside, "hard_mode": args.hard });
    let request = serde_json::json!({ "plan": plan, "seed": seed });
    call_guest("orleans_build_deck", request, args.json)
}

/// `orleans setup`: the scenario's setup (`--variant`) at a player count.
pub(crate) fn orleans_setup(args: &HelperArgs, _file: Option<Json>) -> Result<Json, Failure> {
    let variant = args.variant.as_deref().unwrap_or("invasion");
    let players = args.players.ok_or_else(|| Failure::Other("setup: --players is needed".into()))?;
    let request = serde_json::json!({ "scenario": variant, "players": players });
    call_guest("orleans_setup", request, args.json)
}

/// `orleans resolve|forecast|goals|status`: that part of the live help about a table.
pub(crate) fn orleans_help_part(args: &HelperArgs, file: Option<Json>, part: &str) -> Result<Json, Failure> {
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
pub(crate) fn random_seed() -> u32 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos());
    nanos.unwrap_or(0) ^ std::process::id()
}

/// The CLI with each game's helper names as the possible values of `<HELPER>` (listed by
/// `--help`, a wrong one refused with the list); `start_round` is taken for `start-round`.
pub(crate) fn cli_command() -> clap::Command {
    let mut command = Cli::command();
    // Every game has its subcommand (`Command`): a game without one stops here, in any test
    // of the CLI.
    for game in GameId::ALL {
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
