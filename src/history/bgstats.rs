//! BG Stats JSON, the de facto interchange format of play trackers: import (players, games,
//! locations, plays with scores, winners, start player, duration, teams, roles, expansions) and
//! export.
//!
//! A play of one of our four games, recognised by its BoardGameGeek id (see [`recognise`]),
//! becomes a finished play with a result-only scoreboard (no table state: it cannot be
//! rescored). Every other play is kept whole in `other_plays`: its seats (any number), scores as
//! written, teams, roles and expansions. A score typed as a sum ("87+77": BG Stats lets one be
//! typed round by round, and writes it as typed) counts as its value, as in BG Stats; another
//! game's keeps what was typed beside it. No play is skipped for its score. Players are matched by name (ignoring case) or added;
//! plays are matched by uuid, so importing a file twice adds nothing the second time.
//!
//! One odd play never refuses a whole history: the import writes, in one transaction, every
//! play it can represent, and its report names every play skipped and why, every play of our
//! games kept as another game's play and why, and every kind of field dropped. Only a file
//! that is not a BG Stats export at all (wrong shape, an id given to two players, more entries
//! than any real history) is refused whole.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Read;

use chrono::{DateTime, NaiveDateTime, Utc};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::backup::{JsonInput, json_input};
use super::plays::{
    MAX_LOCATION_CHARS, MAX_NOTES_CHARS, OutcomeColumns, check_len, check_name, fmt_time, insert_player,
    insert_results, now, parse_time, scoreboard_json, sql_int, storable_time, time_out_of_range,
};
use super::summary;
use super::{Progress, ProgressStage, Result, Store, Ticks};
use crate::games::{CategoryScore, GameId, Outcome, PlayerScore, Problems, Scoreboard};
use crate::text::Text;

/// Most items of one kind (players, games, locations, plays) a file may hold: far beyond any
/// real history, it bounds the memory a hostile file can take.
pub const MAX_BGSTATS_ITEMS: usize = 1_000_000;
/// Most seats a play of another game may have (a party game at a club).
pub(super) const MAX_OTHER_SEATS: usize = 100;
pub(super) const MAX_GAME_NAME_CHARS: usize = 200;
/// Teams and roles are free text in BG Stats.
pub(super) const MAX_LABEL_CHARS: usize = 200;
/// A score as typed, kept as written: a sum typed round by round ("87+77"; two dozen rounds
/// of Lost Cities take 53 characters), or a score that is not a whole number. Longer is cut.
pub(super) const MAX_SCORE_TEXT_CHARS: usize = 500;
/// Most expansions kept for one play.
pub(super) const MAX_EXPANSIONS: usize = 50;
/// BG Stats writes local times as `YYYY-MM-DD HH:MM:SS`; we read and write them as UTC.
const DATE_FORMAT: &str = "%Y-%m-%d %H:%M:%S";

/// A BG Stats export, as far as Greffier reads it (other fields are ignored).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgStats {
    #[serde(default)]
    pub players: Vec<BgPlayer>,
    #[serde(default)]
    pub locations: Vec<BgLocation>,
    #[serde(default)]
    pub games: Vec<BgGame>,
    #[serde(default)]
    pub plays: Vec<BgPlay>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgPlayer {
    pub id: i64,
    #[serde(default)]
    pub uuid: Option<String>,
    pub name: String,
    #[serde(default)]
    pub is_anonymous: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgLocation {
    pub id: i64,
    #[serde(default)]
    pub uuid: Option<String>,
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgGame {
    pub id: i64,
    #[serde(default)]
    pub uuid: Option<String>,
    pub name: String,
    #[serde(default)]
    pub bgg_id: Option<i64>,
    #[serde(default)]
    pub cooperative: bool,
    /// False when the lowest score wins.
    #[serde(default = "yes")]
    pub highest_wins: bool,
    /// BG Stats writes 0/1 or a boolean.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_expansion: Option<serde_json::Value>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgPlay {
    pub uuid: String,
    pub game_ref_id: i64,
    /// `YYYY-MM-DD HH:MM:SS`.
    pub play_date: String,
    #[serde(default)]
    pub duration_min: Option<i64>,
    #[serde(default)]
    pub location_ref_id: Option<i64>,
    #[serde(default)]
    pub comments: Option<String>,
    #[serde(default)]
    pub ignored: bool,
    #[serde(default)]
    pub uses_teams: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expansion_plays: Vec<BgExpansionPlay>,
    /// The board or map played; Greffier does not keep it (reported as dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<serde_json::Value>,
    /// Rounds played; not kept (reported as dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<serde_json::Value>,
    /// Photos of the table; not kept (reported as dropped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play_images: Option<serde_json::Value>,
    #[serde(default)]
    pub player_scores: Vec<BgPlayerScore>,
}

/// An expansion played with a play's game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgExpansionPlay {
    #[serde(default)]
    pub game_ref_id: Option<i64>,
    #[serde(default)]
    pub bgg_id: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgPlayerScore {
    pub player_ref_id: i64,
    /// BG Stats writes scores as text, as typed: `"42"`, `"12.5"`, a sum typed round by round
    /// (`"87+77"`, `"-10+7+22"`, `"66-5-0-11"`), or `""` when none was kept.
    #[serde(default)]
    pub score: Option<serde_json::Value>,
    #[serde(default)]
    pub winner: bool,
    #[serde(default)]
    pub start_player: bool,
    #[serde(default)]
    pub seat_order: Option<i64>,
    #[serde(default)]
    pub rank: Option<i64>,
    /// The player's role or character, free text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<serde_json::Value>,
    /// The player's team, free text (BG Stats writes a name or a number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<serde_json::Value>,
}

/// What a BG Stats import did, play by play where it matters.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BgStatsReport {
    pub players_added: u32,
    /// Plays of Valencia, Citadelles, Orléans or Splendor added to the history.
    pub plays_added: u32,
    /// Plays of other games added, listed in History under "other games".
    pub other_plays_added: u32,
    /// Plays already imported (same uuid) and in the history's log, left as they were.
    pub plays_already_present: u32,
    /// Plays already imported (same uuid) that sit in the history's bin: left there, neither
    /// restored nor added again (the bin restores them).
    #[serde(default)]
    pub plays_in_bin: u32,
    /// Plays BG Stats marks as ignored, not imported.
    pub plays_ignored: u32,
    /// Plays not imported at all (each named in `notes`, with why).
    #[serde(default)]
    pub plays_skipped: u32,
    /// Every play not imported, or not imported as what it said it was, with why.
    pub notes: Vec<BgPlayNote>,
    /// Every kind of field the history does not keep, with how many plays had one.
    pub dropped: Vec<BgDroppedField>,
    /// Where the other games' plays went: each game with the plays added.
    pub other_games: Vec<BgGameCount>,
}

/// One play the import could not take as given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BgPlayNote {
    /// Its place in the file (`plays[12]`).
    pub field: String,
    pub uuid: String,
    pub game: String,
    pub date: String,
    pub kind: BgPlayNoteKind,
    pub why: Text,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum BgPlayNoteKind {
    /// Not imported at all.
    Skipped,
    /// A play of one of our games that could not be one of our plays (9 players at
    /// Citadelles, a score with decimals or in words, a player seated twice): kept whole as
    /// another game's play.
    KeptAsOtherGame,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BgDroppedField {
    /// The BG Stats field (`board`, `rounds`, `playImages`, `role`, …).
    pub field: String,
    pub plays: u32,
    pub what: Text,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BgGameCount {
    pub name: String,
    pub plays: u32,
}

/// The id an export gives our game (none: the game is not on BoardGameGeek).
fn bgg_id_of(game: GameId) -> Option<i64> {
    game.game().board_game_geek().ids.first().copied()
}

/// Which of our games a BG Stats game is, given its BoardGameGeek id and name and the
/// expansions played with it (their ids and names). BoardGameGeek ids are the one thing every
/// BG Stats file names the same way whatever the language of the game's title; each game gives
/// its own ([`crate::games::BoardGameGeek`]).
///
/// The id decides when there is one: base Splendor or base Orléans is one of our games only
/// with the expansion that makes it so (Cities of Splendor, Invasion) — never by its name. A
/// game without an id (typed by hand in BG Stats), or with an id we do not know, is recognised
/// by its full title.
pub fn recognise(bgg_id: Option<i64>, name: &str, expansions: &[(Option<i64>, &str)]) -> Option<GameId> {
    let Some(id) = bgg_id.filter(|id| *id > 0) else { return recognise_title(name) };
    for game in GameId::ALL {
        let bgg = game.game().board_game_geek();
        if bgg.ids.contains(&id) {
            return Some(game);
        }
        if bgg.base == Some(id) {
            let expansion = |(e, n): &(Option<i64>, &str)| {
                e.is_some_and(|e| bgg.ids.contains(&e)) || recognise_title(n) == Some(game)
            };
            return expansions.iter().any(expansion).then_some(game);
        }
    }
    recognise_title(name)
}

/// Which of our games a full title names, in French or English (without accents, case,
/// punctuation). A base game's bare title ("Splendor", "Orléans") is not one of ours.
pub fn recognise_title(name: &str) -> Option<GameId> {
    let plain: String =
        crate::rules::fold(name).chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
    let title = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    GameId::ALL.into_iter().find(|g| g.game().board_game_geek().titles.contains(&title.as_str()))
}

/// A score as BG Stats wrote it. Never a reason to skip a play: what cannot be read as a number
/// is kept as written.
#[derive(Debug, Clone, PartialEq)]
enum BgScore {
    None,
    /// A whole number, or a sum of whole numbers as BG Stats lets a score be typed ("87+77",
    /// "-10+7+22", "66-5-0-11"), whose value BG Stats ranks and counts: the value, and what was
    /// typed when it is not the number itself.
    Number {
        value: i64,
        written: Option<String>,
    },
    /// Anything else (a number with decimals, words), kept as written: no number read.
    Written(String),
}

/// Largest score, either sign, read as a number (BG Stats' own scores are far below it).
const MAX_SCORE: i64 = 1_000_000_000;

fn score_of(v: Option<&serde_json::Value>) -> BgScore {
    let text = match v {
        None | Some(serde_json::Value::Null) => return BgScore::None,
        Some(serde_json::Value::String(s)) => s.trim().to_owned(),
        Some(other) => other.to_string(),
    };
    if text.is_empty() {
        return BgScore::None;
    }
    match sum_of(&text) {
        Some(value) => {
            let written =
                (text != value.to_string() && text.chars().count() <= MAX_SCORE_TEXT_CHARS).then_some(text);
            BgScore::Number { value, written }
        }
        None => BgScore::Written(text.chars().take(MAX_SCORE_TEXT_CHARS).collect()),
    }
}

/// The value of a score typed as BG Stats takes it: whole numbers, each after a `+` or a `-`
/// (the first may have none), spaces anywhere, `−` (U+2212) as a minus: "87+77" is 164,
/// "-10+7+22" is 19, "66-5-0-11" is 50. `None` for anything else, or beyond ±[`MAX_SCORE`].
fn sum_of(text: &str) -> Option<i64> {
    let mut total: i64 = 0;
    let mut chars = text.chars().filter(|c| !c.is_whitespace()).peekable();
    let mut first = true;
    loop {
        let negative = match chars.peek() {
            Some('-' | '\u{2212}') => true,
            Some('+') => false,
            Some(c) if first && c.is_ascii_digit() => false,
            _ => return None,
        };
        if !chars.peek().is_some_and(char::is_ascii_digit) {
            chars.next();
        }
        first = false;
        let mut term: i64 = 0;
        let mut digits = 0;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            term = term.checked_mul(10)?.checked_add(i64::from(d))?;
            digits += 1;
            chars.next();
        }
        if digits == 0 || term > MAX_SCORE {
            return None;
        }
        total = total.checked_add(if negative { -term } else { term })?;
        if chars.peek().is_none() {
            return (-MAX_SCORE..=MAX_SCORE).contains(&total).then_some(total);
        }
    }
}

/// Free text in a field BG Stats writes as text or number (`team`, `role`, `board`); empty
/// is none.
fn label_of(v: Option<&serde_json::Value>) -> Option<String> {
    let text = match v? {
        serde_json::Value::String(s) => s.trim().to_owned(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return None,
    };
    (!text.is_empty() && text != "0").then_some(text)
}

/// A file of the wrong shape: one problem naming where.
fn shape_problem(e: serde_path_to_error::Error<serde_json::Error>) -> Problems {
    let path = e.path().to_string();
    let field = if path == "." { String::new() } else { path };
    let inner = e.into_inner();
    let (line, column) = (inner.line(), inner.column());
    let mut p = Problems::new();
    p.push(
        field,
        "malformed",
        Text::new(
            format!("Ce n'est pas un export BG Stats lisible (ligne {line}, colonne {column}) : {inner}"),
            format!("Not a readable BG Stats export (line {line}, column {column}): {inner}"),
        ),
    );
    p
}

fn parse_date(s: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(s.trim(), DATE_FORMAT)
        .map(|t| t.and_utc())
        .ok()
        .or_else(|| DateTime::parse_from_rfc3339(s.trim()).ok().map(|t| t.with_timezone(&Utc)))
}

impl BgStats {
    /// Reads a BG Stats export from its text; the wrong shape is refused with its place.
    pub fn from_json(text: &str) -> Result<BgStats, Problems> {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(shape_problem)
    }

    /// Reads a BG Stats export from a file or a pipe (gzip undone), holding its text only when
    /// it is small enough (see `backup::json_input`).
    pub fn from_reader(input: impl Read + Send) -> Result<BgStats, Problems> {
        let input = json_input(input).map_err(|e| {
            let mut p = Problems::new();
            p.push(
                "",
                "unreadable",
                Text::new(format!("Fichier illisible : {e}"), format!("Unreadable file: {e}")),
            );
            p
        })?;
        if input.is_empty() {
            return Err(super::backup::empty_file());
        }
        match input {
            JsonInput::Whole(bytes) => {
                serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_slice(&bytes))
            }
            JsonInput::Stream(input) => {
                serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_reader(input))
            }
        }
        .map_err(shape_problem)
    }

    /// Compact JSON: a 100k-play history is a quarter of its pretty-printed size.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// What makes the file unusable as a whole: too many entries, an id given twice.
    /// Everything else is judged play by play on import.
    pub fn check(&self) -> Result<(), Problems> {
        let mut problems = Problems::new();
        for (what, n) in [
            ("players", self.players.len()),
            ("locations", self.locations.len()),
            ("games", self.games.len()),
            ("plays", self.plays.len()),
        ] {
            if n > MAX_BGSTATS_ITEMS {
                problems.push(
                    what,
                    "too_many",
                    Text::new(
                        format!("Trop d'éléments ({n}, au plus {MAX_BGSTATS_ITEMS})."),
                        format!("Too many entries ({n}, at most {MAX_BGSTATS_ITEMS})."),
                    ),
                );
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut ids = HashSet::new();
        for (i, p) in self.players.iter().enumerate() {
            if !ids.insert(p.id) {
                problems.push(
                    format!("players[{i}].id"),
                    "duplicate_id",
                    Text::new("Identifiant de joueur en double.", "Player id given twice."),
                );
            }
        }
        let mut ids = HashSet::new();
        for (i, g) in self.games.iter().enumerate() {
            if !ids.insert(g.id) {
                problems.push(
                    format!("games[{i}].id"),
                    "duplicate_id",
                    Text::new("Identifiant de jeu en double.", "Game id given twice."),
                );
            }
        }
        problems.into_result(())
    }
}

/// Highest total, either sign, of a result recorded without its table state (a BG Stats play of
/// our games): a play with a score beyond it is kept as another game's play, as written, and a
/// backup holding one is refused.
pub(super) const MAX_RECORDED_TOTAL: i32 = 9_999;

/// Whether the ranks and winners of a result recorded without its table state are what
/// [`ranks`] gives, the one rule the BG Stats import writes and a backup import checks: each
/// rank is one more than the seats ranked strictly ahead (1, 1, 3), and every winner ranks
/// ahead of every other seat. The totals are not compared: BG Stats' winners come first
/// whatever their score (its own tie-breaks, lowest-wins games), and a seat without a score has
/// none to compare.
pub(super) fn recorded_ranks_hold(players: &[PlayerScore]) -> bool {
    players.iter().all(|a| {
        let ahead = players.iter().filter(|b| b.rank < a.rank).count();
        usize::from(a.rank) == ahead + 1 && (!a.winner || players.iter().all(|b| b.winner || a.rank < b.rank))
    })
}

/// Ranks seats: BG Stats' winners first, then by score (best first) when every seat has one;
/// seats level on both share a rank.
fn ranks(scores: &[Option<i64>], winners: &[bool], highest_wins: bool) -> Vec<u8> {
    let all_scored = scores.iter().all(Option::is_some);
    let key = |i: usize| {
        let score = scores.get(i).copied().flatten().filter(|_| all_scored).unwrap_or(0);
        (winners.get(i).copied().unwrap_or(false), if highest_wins { score } else { -score })
    };
    (0..scores.len())
        .map(|i| {
            let better = (0..scores.len()).filter(|&o| key(o) > key(i)).count();
            u8::try_from(better + 1).unwrap_or(u8::MAX)
        })
        .collect()
}

/// A stable uuid-shaped id for an export (BG Stats wants one per player, game and location).
fn export_uuid(kind: u8, id: i64) -> String {
    format!("00000000-0000-4000-8{kind:03x}-{:012x}", id.max(0))
}

/// The kinds of field an import does not keep, counted per play.
#[derive(Default)]
struct DroppedFields(BTreeMap<&'static str, (u32, Text)>);

impl DroppedFields {
    fn count(&mut self, field: &'static str, what: impl FnOnce() -> Text) {
        self.0.entry(field).or_insert_with(|| (0, what())).0 += 1;
    }

    fn into_report(self) -> Vec<BgDroppedField> {
        self.0
            .into_iter()
            .map(|(field, (plays, what))| BgDroppedField { field: field.to_owned(), plays, what })
            .collect()
    }
}

/// One seat of a play, read and checked.
struct ReadSeat<'f> {
    player_ref: i64,
    score: BgScore,
    source: &'f BgPlayerScore,
}

fn skip(why_fr: impl Into<String>, why_en: impl Into<String>) -> Text {
    Text::new(why_fr, why_en)
}

impl Store {
    /// Imports a BG Stats file in one transaction: every play it can represent, with a report
    /// of every play skipped or kept as another game's, and of every kind of field dropped.
    /// Only a file unusable as a whole ([`BgStats::check`]) is refused, and then nothing is
    /// written.
    pub fn import_bgstats(
        &mut self,
        file: &BgStats,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<BgStatsReport> {
        let total = u32::try_from(file.plays.len()).unwrap_or(u32::MAX);
        progress(Progress { stage: ProgressStage::Checking, done: 0, total });
        file.check()?;
        let t = now();
        let tx = self.conn.transaction()?;
        let mut report = BgStatsReport::default();
        let players = match_players(&tx, file, &mut report, &t)?;
        let mut import = BgImport {
            games: file.games.iter().map(|g| (g.id, g)).collect(),
            players,
            locations: usable_locations(file),
            uuids: HashSet::new(),
            report,
            dropped: DroppedFields::default(),
            other_games: BTreeMap::new(),
            // Plays are only added, with ids above every existing one: their statistics are
            // added in one pass per summary at the end.
            additions: summary::Additions::default(),
            t,
        };
        let mut ticks = Ticks::new(progress, ProgressStage::Writing, total);
        for (n, play) in file.plays.iter().enumerate() {
            ticks.tick();
            import.play(&tx, n, play)?;
        }
        import.additions.write(&tx)?;
        tx.commit()?;
        Ok(finished_report(import.report, import.dropped, import.other_games))
    }
}

/// A BG Stats import under way: what the file says of games, players and locations, and what
/// the import has done so far.
struct BgImport<'f> {
    games: HashMap<i64, &'f BgGame>,
    players: Roster,
    locations: HashMap<i64, Option<String>>,
    /// Play ids met so far in the file.
    uuids: HashSet<&'f str>,
    report: BgStatsReport,
    dropped: DroppedFields,
    other_games: BTreeMap<String, u32>,
    additions: summary::Additions,
    t: DateTime<Utc>,
}

impl<'f> BgImport<'f> {
    /// Imports the file's play `n`: skipped with why, already present, or added as one of our
    /// plays or as another game's.
    fn play(&mut self, tx: &rusqlite::Transaction, n: usize, play: &'f BgPlay) -> Result<()> {
        let game = self.games.get(&play.game_ref_id).copied();
        let note = |kind, why| play_note(n, play, game, kind, why);
        if play.ignored {
            self.report.plays_ignored += 1;
            return Ok(());
        }
        let uuid = play.uuid.trim();
        if let Some(why) = unusable_uuid(uuid, &mut self.uuids) {
            self.report.notes.push(note(BgPlayNoteKind::Skipped, why));
            return Ok(());
        }
        if counted_as_present(tx, uuid, &mut self.report)? {
            return Ok(());
        }
        let (game, when, seats) = match read_play(play, game, &self.players) {
            Ok(read) => read,
            Err(why) => {
                self.report.notes.push(note(BgPlayNoteKind::Skipped, why));
                return Ok(());
            }
        };
        if let Some(why) = one_person_twice(&seats, &self.players) {
            self.report.notes.push(note(BgPlayNoteKind::Skipped, why));
            return Ok(());
        }
        let expansions = expansions_of(play, &self.games);
        let named: Vec<(Option<i64>, &str)> = expansions.iter().map(|(b, n)| (*b, n.as_str())).collect();
        let ours = recognise(game.bgg_id, &game.name, &named);
        let why_not_ours = ours.and_then(|id| why_not_ours(id, &seats));
        if let Some(why) = &why_not_ours {
            self.report.notes.push(note(BgPlayNoteKind::KeptAsOtherGame, why.clone()));
        }
        let location = play.location_ref_id.and_then(|l| self.locations.get(&l).cloned().flatten());
        let (notes, duration) = notes_and_duration(play, &mut self.dropped);
        count_dropped(&mut self.dropped, play);
        let row = PlayRow { uuid, when, location: location.as_deref(), notes: notes.as_deref(), duration };
        match ours.filter(|_| why_not_ours.is_none()) {
            Some(id) => {
                count_dropped_from_ours(&mut self.dropped, play, &seats, &named, id);
                write_our_play(tx, &mut self.additions, (id, game), &row, &seats, &self.players, &self.t)?;
                self.report.plays_added += 1;
            }
            None => {
                write_other_play(tx, game, &row, &seats, &self.players, &expansions, &self.t)?;
                *self.other_games.entry(game.name.trim().to_owned()).or_default() += 1;
                self.report.other_plays_added += 1;
            }
        }
        Ok(())
    }
}

/// The report's note on the file's play `n`, its texts cut to what the report shows.
fn play_note(n: usize, play: &BgPlay, game: Option<&BgGame>, kind: BgPlayNoteKind, why: Text) -> BgPlayNote {
    let game_name = game.map(|g| g.name.trim()).unwrap_or_default();
    BgPlayNote {
        field: format!("plays[{n}]"),
        uuid: play.uuid.chars().take(64).collect(),
        game: game_name.chars().take(MAX_GAME_NAME_CHARS).collect(),
        date: play.play_date.chars().take(40).collect(),
        kind,
        why,
    }
}

/// The file's locations, by id: a name the history can keep, or none.
fn usable_locations(file: &BgStats) -> HashMap<i64, Option<String>> {
    let mut locations = HashMap::new();
    for l in &file.locations {
        let name = l.name.trim();
        let mut p = Problems::new();
        check_len(&mut p, "", Some(name), MAX_LOCATION_CHARS);
        locations.insert(l.id, (p.is_empty() && !name.is_empty()).then(|| name.to_owned()));
    }
    locations
}

/// The file's players by id: each one's id and name on the roster, or why their plays are skipped.
type Roster = HashMap<i64, std::result::Result<(i64, String), Text>>;

/// The file's players, by id: players with a usable name are matched (by name, ignoring case)
/// or added to the roster; the others say why, and their plays are skipped.
fn match_players(
    tx: &rusqlite::Transaction<'_>,
    file: &BgStats,
    report: &mut BgStatsReport,
    t: &DateTime<Utc>,
) -> Result<Roster> {
    let mut players: HashMap<i64, std::result::Result<(i64, String), Text>> = HashMap::new();
    for (i, p) in file.players.iter().enumerate() {
        let mut problems = Problems::new();
        let name = check_name(&mut problems, &format!("players[{i}].name"), &p.name);
        if let Some(problem) = problems.iter().next() {
            players.insert(p.id, Err(problem.message.clone()));
            continue;
        }
        let existing: Option<(i64, String)> = tx
            .query_row(
                "SELECT id, name FROM players WHERE name = ?1 COLLATE NOCASE AND merged_into IS NULL ORDER BY id LIMIT 1",
                [&name],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let found = match existing {
            Some(found) => found,
            None => {
                report.players_added += 1;
                let added = insert_player(tx, &name, None, false, t)?;
                (i64::from(added.id), added.name)
            }
        };
        players.insert(p.id, Ok(found));
    }
    Ok(players)
}

/// Whether the history has a play of this id already (in the log or in the bin), counted so.
fn counted_as_present(
    tx: &rusqlite::Transaction<'_>,
    uuid: &str,
    report: &mut BgStatsReport,
) -> Result<bool> {
    let exists: bool = tx
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM plays WHERE uuid = ?1) OR EXISTS (SELECT 1 FROM other_plays WHERE uuid = ?1)",
        )?
        .query_row([uuid], |r| r.get(0))?;
    if exists {
        if super::backup::play_in_bin(tx, uuid)? {
            report.plays_in_bin += 1;
        } else {
            report.plays_already_present += 1;
        }
    }
    Ok(exists)
}

/// The report with its counts of skipped plays, of fields dropped and of other games' plays
/// (in the collation's order).
fn finished_report(
    mut report: BgStatsReport,
    dropped: DroppedFields,
    other_games: BTreeMap<String, u32>,
) -> BgStatsReport {
    report.plays_skipped =
        u32::try_from(report.notes.iter().filter(|n| n.kind == BgPlayNoteKind::Skipped).count())
            .unwrap_or(u32::MAX);
    report.dropped = dropped.into_report();
    report.other_games = other_games.into_iter().map(|(name, plays)| BgGameCount { name, plays }).collect();
    report.other_games.sort_by(|a, b| crate::collation::compare(&a.name, &b.name));
    report
}

/// Why a play's id cannot be imported (empty, too long, or given twice in the file).
fn unusable_uuid<'f>(uuid: &'f str, seen: &mut HashSet<&'f str>) -> Option<Text> {
    if uuid.is_empty() || uuid.chars().count() > 64 {
        return Some(skip("Identifiant de partie vide ou trop long.", "Play id empty or too long."));
    }
    if !seen.insert(uuid) {
        return Some(skip(
            "Même identifiant qu'une partie plus haut dans le fichier.",
            "Same id as a play earlier in the file.",
        ));
    }
    None
}

/// The expansions played, named (BoardGameGeek id, name), as many as the history keeps.
fn expansions_of(play: &BgPlay, games: &HashMap<i64, &BgGame>) -> Vec<(Option<i64>, String)> {
    play.expansion_plays
        .iter()
        .filter_map(|e| {
            let g = e.game_ref_id.and_then(|id| games.get(&id));
            let name = g.map(|g| g.name.trim().to_owned()).filter(|n| !n.is_empty());
            let bgg = e.bgg_id.filter(|b| *b > 0).or_else(|| g.and_then(|g| g.bgg_id).filter(|b| *b > 0));
            name.map(|n| (bgg, n.chars().take(MAX_GAME_NAME_CHARS).collect()))
        })
        .take(MAX_EXPANSIONS)
        .collect()
}

/// A play's comments (cut to what the history keeps) and duration (when in range), each cut
/// or dropped counted.
fn notes_and_duration(play: &BgPlay, dropped: &mut DroppedFields) -> (Option<String>, Option<i64>) {
    let mut notes = play.comments.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned);
    if let Some(c) = &notes
        && c.chars().count() > MAX_NOTES_CHARS
    {
        notes = Some(c.chars().take(MAX_NOTES_CHARS).collect());
        dropped.count("comments", || {
            Text::new(
                format!("Commentaires coupés à {MAX_NOTES_CHARS} caractères"),
                format!("Comments cut to {MAX_NOTES_CHARS} characters"),
            )
        });
    }
    let max_minutes = i64::from(super::MAX_DURATION_MINUTES);
    let duration = play.duration_min.filter(|d| (0..=max_minutes).contains(d));
    if duration.is_none() && play.duration_min.is_some() {
        dropped.count("durationMin", || Text::new("Durée hors limites", "Duration out of range"));
    }
    (notes, duration)
}

/// What a play of one of our games cannot keep of what BG Stats recorded: roles, teams, the
/// sums typed as scores, other expansions.
fn count_dropped_from_ours(
    dropped: &mut DroppedFields,
    play: &BgPlay,
    seats: &[ReadSeat<'_>],
    named: &[(Option<i64>, &str)],
    id: GameId,
) {
    if seats.iter().any(|s| label_of(s.source.role.as_ref()).is_some()) {
        dropped.count("role", || {
            Text::new("Rôle de chaque joueur (nos jeux)", "Each player's role (our games)")
        });
    }
    if play.uses_teams || seats.iter().any(|s| label_of(s.source.team.as_ref()).is_some()) {
        dropped.count("team", || Text::new("Équipes (nos jeux)", "Teams (our games)"));
    }
    if seats.iter().any(|s| matches!(s.score, BgScore::Number { written: Some(_), .. })) {
        dropped.count("score", || {
            Text::new(
                "Détail des scores saisis en sommes (nos jeux ; le total est gardé)",
                "Breakdown of scores typed as sums (our games; the total is kept)",
            )
        });
    }
    if named.iter().any(|(b, n)| recognise(*b, n, &[]) != Some(id)) {
        dropped.count("expansionPlays", || {
            Text::new("Autres extensions jouées (nos jeux)", "Other expansions played (our games)")
        });
    }
}

/// What is written of a play, whichever table it goes to.
struct PlayRow<'a> {
    uuid: &'a str,
    when: DateTime<Utc>,
    location: Option<&'a str>,
    notes: Option<&'a str>,
    duration: Option<i64>,
}

/// Reads a play's game, date and seats, or says why it cannot be imported at all.
fn read_play<'f>(
    play: &'f BgPlay,
    game: Option<&'f BgGame>,
    players: &HashMap<i64, std::result::Result<(i64, String), Text>>,
) -> std::result::Result<(&'f BgGame, DateTime<Utc>, Vec<ReadSeat<'f>>), Text> {
    let Some(game) = game else {
        return Err(skip(
            format!("Le jeu n° {} n'est pas dans le fichier.", play.game_ref_id),
            format!("Game #{} is not in the file.", play.game_ref_id),
        ));
    };
    let name_chars = game.name.trim().chars().count();
    if name_chars == 0 || name_chars > MAX_GAME_NAME_CHARS {
        return Err(skip(
            format!("Le nom du jeu est vide ou dépasse {MAX_GAME_NAME_CHARS} caractères."),
            format!("The game's name is empty or over {MAX_GAME_NAME_CHARS} characters."),
        ));
    }
    let shown: String = play.play_date.chars().take(40).collect();
    let Some(when) = parse_date(&play.play_date) else {
        return Err(skip(format!("Date illisible « {shown} »."), format!("Unreadable date “{shown}”.")));
    };
    if !storable_time(&when) {
        let why = time_out_of_range();
        return Err(skip(
            format!("{} : « {shown} ».", why.fr.trim_end_matches('.')),
            format!("{}: “{shown}”.", why.en.trim_end_matches('.')),
        ));
    }
    if play.player_scores.is_empty() {
        return Err(skip("Aucun joueur.", "No player."));
    }
    if play.player_scores.len() > MAX_OTHER_SEATS {
        let n = play.player_scores.len();
        return Err(skip(
            format!("{n} joueurs : au plus {MAX_OTHER_SEATS}."),
            format!("{n} players: at most {MAX_OTHER_SEATS}."),
        ));
    }
    // Seats in BG Stats' seat order when it gives one, else as listed.
    let mut sources: Vec<&BgPlayerScore> = play.player_scores.iter().collect();
    sources.sort_by_key(|s| s.seat_order.unwrap_or(i64::MAX));
    let mut seats = Vec::with_capacity(sources.len());
    for (i, s) in sources.into_iter().enumerate() {
        let seat = i + 1;
        match players.get(&s.player_ref_id) {
            None => {
                return Err(skip(
                    format!("Le joueur n° {} (place {seat}) n'est pas dans le fichier.", s.player_ref_id),
                    format!("Player #{} (seat {seat}) is not in the file.", s.player_ref_id),
                ));
            }
            Some(Err(problem)) => {
                return Err(skip(
                    format!("Le nom du joueur de la place {seat} est inutilisable : {}", problem.fr),
                    format!("The name of the player in seat {seat} is unusable: {}", problem.en),
                ));
            }
            Some(Ok(_)) => {}
        }
        seats.push(ReadSeat { player_ref: s.player_ref_id, score: score_of(s.score.as_ref()), source: s });
    }
    Ok((game, when, seats))
}

/// Why a play of one of our games cannot be one of our plays (it is then kept whole as another
/// game's play), or `None` when it can.
fn why_not_ours(game: GameId, seats: &[ReadSeat]) -> Option<Text> {
    let v = game.info().default_variant();
    let name = game.info().name;
    let n = seats.len();
    if !(usize::from(v.min_players)..=usize::from(v.max_players)).contains(&n) {
        return Some(Text::new(
            format!("{n} joueurs : {name} se joue de {} à {}.", v.min_players, v.max_players),
            format!("{n} players: {name} is for {} to {}.", v.min_players, v.max_players),
        ));
    }
    let mut seen = HashSet::new();
    if seats.iter().any(|s| !seen.insert(s.player_ref)) {
        return Some(Text::new("Un joueur y est assis deux fois.", "A player sits there twice."));
    }
    if let Some(s) = seats.iter().find_map(|s| match &s.score {
        BgScore::Written(w) => Some(w),
        _ => None,
    }) {
        return Some(Text::new(
            format!("Score non entier ({s}) : gardé tel qu'écrit."),
            format!("A score that is not a whole number ({s}): kept as written."),
        ));
    }
    let max = i64::from(MAX_RECORDED_TOTAL);
    if let Some((seat, n)) = seats.iter().enumerate().find_map(|(i, s)| match s.score {
        BgScore::Number { value, .. } if !(-max..=max).contains(&value) => Some((i + 1, value)),
        _ => None,
    }) {
        return Some(Text::new(
            format!("Un score au-delà de ±{max} points ({n} à la place {seat}) : gardé tel qu'écrit."),
            format!("A score beyond ±{max} points ({n} in seat {seat}): kept as written."),
        ));
    }
    None
}

/// Two seats that are two players of the file but one player of the history (the same name
/// but for case or spaces: "Tom" and "tom "): the history cannot seat one person twice, at
/// any game, and merging two people is not the import's to decide. The play is skipped, with
/// why; renaming one in BG Stats and importing again brings it in.
fn one_person_twice(
    seats: &[ReadSeat],
    players: &HashMap<i64, std::result::Result<(i64, String), Text>>,
) -> Option<Text> {
    let mut seen: HashMap<i64, (usize, i64)> = HashMap::new();
    for (i, s) in seats.iter().enumerate() {
        let (id, name) = player_of(players, s.player_ref);
        match seen.get(&id) {
            Some(&(first, first_ref)) if first_ref != s.player_ref => {
                let (a, b, seat) = (first_ref, s.player_ref, i + 1);
                return Some(Text::new(
                    format!(
                        "Les places {first} et {seat} sont le même joueur de l'historique, « {name} » (joueurs n° {a} et {b} du fichier) : une partie ne peut pas asseoir deux fois la même personne."
                    ),
                    format!(
                        "Seats {first} and {seat} are the same player of the history, “{name}” (players #{a} and #{b} of the file): a play cannot seat one person twice."
                    ),
                ));
            }
            Some(_) => {}
            None => {
                seen.insert(id, (i + 1, s.player_ref));
            }
        }
    }
    None
}

/// Counts the fields of a play no part of the history keeps.
fn count_dropped(dropped: &mut DroppedFields, play: &BgPlay) {
    if label_of(play.board.as_ref()).is_some() {
        dropped.count("board", || Text::new("Plateau ou carte joué", "Board or map played"));
    }
    if play.rounds.as_ref().and_then(serde_json::Value::as_i64).is_some_and(|r| r > 0) {
        dropped.count("rounds", || Text::new("Nombre de manches", "Number of rounds"));
    }
    let has_images = match &play.play_images {
        Some(serde_json::Value::Array(a)) => !a.is_empty(),
        Some(serde_json::Value::String(s)) => !matches!(s.trim(), "" | "[]"),
        _ => false,
    };
    if has_images {
        dropped.count("playImages", || Text::new("Photos de la partie", "Photos of the play"));
    }
}

fn player_of(players: &HashMap<i64, std::result::Result<(i64, String), Text>>, r: i64) -> (i64, String) {
    players.get(&r).and_then(|p| p.as_ref().ok()).cloned().unwrap_or_default()
}

/// The result-only scoreboard of a BG Stats play of our games, and the roster id seated at
/// each place: ranks as [`ranks`] gives them, no table state (it cannot be rescored).
fn recorded_board(
    (id, game): (GameId, &BgGame),
    seats: &[ReadSeat],
    players: &HashMap<i64, std::result::Result<(i64, String), Text>>,
) -> (Scoreboard, Vec<i64>) {
    let scores: Vec<Option<i64>> = seats
        .iter()
        .map(|s| match s.score {
            BgScore::Number { value, .. } => Some(value),
            _ => None,
        })
        .collect();
    let winners: Vec<bool> = seats.iter().map(|s| s.source.winner).collect();
    let ranks = ranks(&scores, &winners, game.highest_wins);
    let mut board_players = Vec::with_capacity(seats.len());
    let mut seated = Vec::with_capacity(seats.len());
    for (i, s) in seats.iter().enumerate() {
        let (player_id, name) = player_of(players, s.player_ref);
        seated.push(player_id);
        board_players.push(PlayerScore {
            seat: u8::try_from(i).unwrap_or(u8::MAX),
            name,
            // A score not kept stays none; the others are within ±MAX_RECORDED_TOTAL
            // (`why_not_ours`).
            total: scores.get(i).copied().flatten().and_then(|t| i32::try_from(t).ok()),
            categories: Vec::<CategoryScore>::new(),
            rank: ranks.get(i).copied().unwrap_or(1),
            winner: winners.get(i).copied().unwrap_or(false),
        });
    }
    let board = Scoreboard {
        game: id,
        variant: id.info().default_variant().id.to_owned(),
        outcome: if game.cooperative {
            Outcome::Coop { won: winners.iter().any(|w| *w), in_progress: false, round_reached: None }
        } else {
            Outcome::Points
        },
        players: board_players,
        tie_breaks: Vec::new(),
        facts: Default::default(),
    };
    (board, seated)
}

fn write_our_play(
    tx: &rusqlite::Transaction,
    additions: &mut summary::Additions,
    (id, game): (GameId, &BgGame),
    row: &PlayRow,
    seats: &[ReadSeat],
    players: &HashMap<i64, std::result::Result<(i64, String), Text>>,
    t: &DateTime<Utc>,
) -> Result<()> {
    let variant = id.info().default_variant().id;
    let (board, seated) = recorded_board((id, game), seats, players);
    let outcome = OutcomeColumns::of(&board);
    let started_at = fmt_time(&row.when);
    tx.prepare_cached(
        "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, ended_at, location, notes,
                            updated_at, duration_minutes, outcome, won, round_reached, difficulty, lost_event)
         VALUES (?1, ?2, ?3, ?4, 'finished', ?5, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
    )?
    .execute(params![
        row.uuid,
        id.as_str(),
        variant,
        sql_int(seats.len()),
        started_at,
        row.location,
        row.notes,
        fmt_time(t),
        row.duration,
        outcome.outcome,
        outcome.won,
        outcome.round_reached,
        outcome.difficulty,
        outcome.lost_event,
    ])?;
    let play_id = tx.last_insert_rowid();
    let mut seat = tx.prepare_cached(
        "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, NULL, ?4)",
    )?;
    for (i, (s, player_id)) in seats.iter().zip(&seated).enumerate() {
        seat.execute(params![play_id, sql_int(i), player_id, s.source.start_player])?;
    }
    insert_results(tx, play_id, &board, &scoreboard_json(&board))?;
    // Finished, never in the bin: a play statistics count.
    let written = summary::WrittenPlay {
        id: play_id,
        game: id,
        variant,
        started_at: &started_at,
        player_ids: &seated,
        board: Some(&board),
    };
    additions.add(tx, &written)
}

fn write_other_play(
    tx: &rusqlite::Transaction,
    game: &BgGame,
    row: &PlayRow,
    seats: &[ReadSeat],
    players: &HashMap<i64, std::result::Result<(i64, String), Text>>,
    expansions: &[(Option<i64>, String)],
    t: &DateTime<Utc>,
) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO other_plays (uuid, game_name, bgg_id, played_at, duration_minutes, location, notes,
                                  cooperative, imported_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        row.uuid,
        game.name.trim(),
        game.bgg_id.filter(|b| *b > 0),
        fmt_time(&row.when),
        row.duration,
        row.location,
        row.notes,
        game.cooperative,
        fmt_time(t),
    ])?;
    let other_id = tx.last_insert_rowid();
    let mut insert_seat = tx.prepare_cached(
        "INSERT INTO other_play_seats (other_play_id, seat, player_id, score, winner, first_player, score_text, team, role)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let cut = |s: Option<String>| s.map(|s| s.chars().take(MAX_LABEL_CHARS).collect::<String>());
    for (i, s) in seats.iter().enumerate() {
        let (score, written) = match &s.score {
            BgScore::None => (None, None),
            BgScore::Number { value, written } => (Some(*value), written.as_deref()),
            BgScore::Written(w) => (None, Some(w.as_str())),
        };
        insert_seat.execute(params![
            other_id,
            sql_int(i),
            player_of(players, s.player_ref).0,
            score,
            s.source.winner,
            s.source.start_player,
            written,
            cut(label_of(s.source.team.as_ref())),
            cut(label_of(s.source.role.as_ref())),
        ])?;
    }
    let mut insert_expansion = tx.prepare_cached(
        "INSERT INTO other_play_expansions (other_play_id, position, name, bgg_id) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (i, (bgg_id, name)) in expansions.iter().enumerate() {
        insert_expansion.execute(params![other_id, sql_int(i), name, bgg_id])?;
    }
    Ok(())
}

/// An export under way: the file so far, and the id it gave each location and game (numbered
/// in the order first met).
struct Export {
    out: BgStats,
    location_ids: HashMap<String, i64>,
    game_ids: HashMap<String, i64>,
}

impl Export {
    /// The file's id for a location, added to the file when first met.
    fn location_of(&mut self, name: Option<String>) -> Option<i64> {
        let name = name?;
        let next = i64::try_from(self.location_ids.len() + 1).unwrap_or(i64::MAX);
        let locations = &mut self.out.locations;
        let id = *self.location_ids.entry(name.clone()).or_insert_with(|| {
            locations.push(BgLocation { id: next, uuid: Some(export_uuid(2, next)), name });
            next
        });
        Some(id)
    }

    /// The file's id for a game, added to the file when first met.
    fn game_of(&mut self, name: &str, bgg_id: Option<i64>, cooperative: bool) -> i64 {
        let next = i64::try_from(self.game_ids.len() + 1).unwrap_or(i64::MAX);
        let games = &mut self.out.games;
        *self.game_ids.entry(name.to_owned()).or_insert_with(|| {
            games.push(BgGame {
                id: next,
                uuid: Some(export_uuid(3, next)),
                name: name.to_owned(),
                bgg_id,
                cooperative,
                highest_wins: true,
                is_expansion: None,
            });
            next
        })
    }
}

/// A finished play of ours as the export reads it: id, uuid, game, start, duration, location,
/// notes, outcome.
type OurPlayRow =
    (i64, String, String, DateTime<Utc>, Option<i64>, Option<String>, Option<String>, Option<String>);

/// Another game's play as the export reads it: id, uuid, game's name, BoardGameGeek id, date,
/// duration, location, notes, cooperative.
type OtherPlayRow =
    (i64, String, String, Option<i64>, DateTime<Utc>, Option<i64>, Option<String>, Option<String>, bool);

impl Store {
    /// The history as a BG Stats file: every finished play (ours and other games'), with its
    /// players, scores, winners, start player, duration, location and notes.
    pub fn export_bgstats(&self, progress: &mut dyn FnMut(Progress)) -> Result<BgStats> {
        let players = self.export_players()?;
        let mut export = Export {
            out: BgStats { players, ..BgStats::default() },
            location_ids: HashMap::new(),
            game_ids: HashMap::new(),
        };
        let total: u32 = self.conn.query_row(
            "SELECT (SELECT COUNT(*) FROM plays WHERE status = 'finished' AND deleted_at IS NULL)
                  + (SELECT COUNT(*) FROM other_plays)",
            [],
            |r| r.get(0),
        )?;
        let mut ticks = Ticks::new(progress, ProgressStage::Reading, total);
        self.export_our_plays(&mut export, &mut ticks)?;
        self.export_other_plays(&mut export, &mut ticks)?;
        Ok(export.out)
    }

    /// Every player of the roster, with a stable uuid.
    fn export_players(&self) -> Result<Vec<BgPlayer>> {
        let mut stmt = self.conn.prepare("SELECT id, name FROM players ORDER BY id")?;
        let players = stmt
            .query_map([], |r| {
                let id: i64 = r.get(0)?;
                Ok(BgPlayer { id, uuid: Some(export_uuid(1, id)), name: r.get(1)?, is_anonymous: false })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(players)
    }

    /// Every finished play of our games, not in the bin, in the order played.
    fn export_our_plays(&self, export: &mut Export, ticks: &mut Ticks) -> Result<()> {
        let mut stmt = self.conn.prepare(
            "SELECT p.id, p.uuid, p.game, p.started_at, p.duration_minutes, p.location, p.notes, p.outcome
               FROM plays p WHERE p.status = 'finished' AND p.deleted_at IS NULL ORDER BY p.started_at, p.id",
        )?;
        let rows: Vec<OurPlayRow> = stmt
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    parse_time(&r.get::<_, String>(3)?)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                ))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut seats = self.conn.prepare_cached(
            "SELECT s.player_id, r.total, COALESCE(r.winner, 0), s.first_player, s.seat, r.rank
               FROM seats s LEFT JOIN results r ON r.play_id = s.play_id AND r.seat = s.seat
              WHERE s.play_id = ?1 ORDER BY s.seat",
        )?;
        for (id, uuid, game, started, duration, location, notes, outcome) in rows {
            let ours = game.parse::<GameId>().ok();
            let name = ours.map(|g| g.info().name).unwrap_or("?");
            let game_ref_id =
                export.game_of(name, ours.and_then(bgg_id_of), outcome.as_deref() == Some("coop"));
            let location_ref_id = export.location_of(location);
            let player_scores = seats
                .query_map([id], |r| {
                    Ok(BgPlayerScore {
                        player_ref_id: r.get(0)?,
                        // BG Stats writes "" for a score that was not kept, as it came.
                        score: Some(serde_json::Value::String(
                            r.get::<_, Option<i64>>(1)?.map(|s| s.to_string()).unwrap_or_default(),
                        )),
                        winner: r.get(2)?,
                        start_player: r.get(3)?,
                        seat_order: r.get(4)?,
                        rank: r.get(5)?,
                        ..BgPlayerScore::default()
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            export.out.plays.push(BgPlay {
                uuid,
                game_ref_id,
                play_date: started.format(DATE_FORMAT).to_string(),
                duration_min: duration,
                location_ref_id,
                comments: notes,
                player_scores,
                ..BgPlay::default()
            });
            ticks.tick();
        }
        Ok(())
    }

    /// Every play of another game, in the order played, with its teams, roles and expansions.
    fn export_other_plays(&self, export: &mut Export, ticks: &mut Ticks) -> Result<()> {
        let mut stmt = self.conn.prepare(
            "SELECT id, uuid, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative
               FROM other_plays ORDER BY played_at, id",
        )?;
        let rows: Vec<OtherPlayRow> = stmt
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    parse_time(&r.get::<_, String>(4)?)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                ))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut expansions = self.conn.prepare_cached(
            "SELECT name, bgg_id FROM other_play_expansions WHERE other_play_id = ?1 ORDER BY position",
        )?;
        for (id, uuid, name, bgg_id, played, duration, location, notes, cooperative) in rows {
            let game_ref_id = export.game_of(&name, bgg_id, cooperative);
            let location_ref_id = export.location_of(location);
            let player_scores = self.other_play_scores(id)?;
            let expansion_plays = expansions
                .query_map([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, Option<i64>>(1)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?
                .into_iter()
                .map(|(name, bgg_id)| BgExpansionPlay {
                    game_ref_id: Some(export.game_of(&name, bgg_id, false)),
                    bgg_id,
                })
                .collect();
            export.out.plays.push(BgPlay {
                uuid,
                game_ref_id,
                play_date: played.format(DATE_FORMAT).to_string(),
                duration_min: duration,
                location_ref_id,
                comments: notes,
                uses_teams: player_scores.iter().any(|s| s.team.is_some()),
                expansion_plays,
                player_scores,
                ..BgPlay::default()
            });
            ticks.tick();
        }
        Ok(())
    }

    /// The seats of another game's play, scores as written.
    fn other_play_scores(&self, other_play_id: i64) -> Result<Vec<BgPlayerScore>> {
        let mut seats = self.conn.prepare_cached(
            "SELECT player_id, COALESCE(score_text, CAST(score AS TEXT)), winner, first_player, seat, team, role
               FROM other_play_seats WHERE other_play_id = ?1 ORDER BY seat",
        )?;
        let text = |v: Option<String>| v.map(serde_json::Value::String);
        let scores = seats
            .query_map([other_play_id], |r| {
                Ok(BgPlayerScore {
                    player_ref_id: r.get(0)?,
                    score: text(r.get(1)?),
                    winner: r.get(2)?,
                    start_player: r.get(3)?,
                    seat_order: r.get(4)?,
                    rank: None,
                    team: text(r.get(5)?),
                    role: text(r.get(6)?),
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(scores)
    }

    /// How many plays of other games the history keeps (BG Stats imports).
    pub fn other_play_count(&self) -> Result<u32> {
        Ok(self.conn.query_row("SELECT COUNT(*) FROM other_plays", [], |r| r.get(0))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one rule for results recorded without a table: whatever the BG Stats import ranks
    /// (winners with fewer points, seats without a score, lowest-wins games, ties), a backup
    /// import takes. Every combination of up to four seats.
    #[test]
    fn every_ranking_the_import_gives_holds_to_the_rule_a_backup_checks() {
        let values = [None, Some(0), Some(5), Some(9)];
        for n in 1..=4u32 {
            for combo in 0..(4usize.pow(n) * 2usize.pow(n)) {
                let (mut scores, mut winners, mut rest) = (Vec::new(), Vec::new(), combo);
                for _ in 0..n {
                    scores.push(values[rest % 4]);
                    winners.push((rest / 4) % 2 == 1);
                    rest /= 8;
                }
                for highest_wins in [true, false] {
                    let players: Vec<PlayerScore> = ranks(&scores, &winners, highest_wins)
                        .into_iter()
                        .zip(&scores)
                        .zip(&winners)
                        .enumerate()
                        .map(|(i, ((rank, score), winner))| PlayerScore {
                            seat: u8::try_from(i).unwrap_or(0),
                            name: format!("p{i}"),
                            total: score.and_then(|s| i32::try_from(s).ok()),
                            categories: Vec::new(),
                            rank,
                            winner: *winner,
                        })
                        .collect();
                    assert!(recorded_ranks_hold(&players), "{scores:?} {winners:?} {highest_wins}");
                }
            }
        }
        // And what it never gives is refused: a winner behind a seat that did not win, a gap.
        let seat = |rank, winner| PlayerScore {
            seat: 0,
            name: String::new(),
            total: None,
            categories: Vec::new(),
            rank,
            winner,
        };
        assert!(!recorded_ranks_hold(&[seat(1, false), seat(2, true)]));
        assert!(!recorded_ranks_hold(&[seat(1, true), seat(3, false)]));
        assert!(!recorded_ranks_hold(&[seat(2, true), seat(2, false)]));
    }
}
