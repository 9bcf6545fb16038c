//! BG Stats JSON, the de facto interchange format of play trackers: import (players, games,
//! locations, plays with scores, winners, start player, duration) and export.
//!
//! Plays of our four games, recognised by name, become finished plays with a result-only
//! scoreboard (no table state: they cannot be rescored); other games' plays are kept as plain
//! results in `other_plays`. Players are matched by name (ignoring case) or added; plays are
//! matched by uuid, so importing a file twice adds nothing the second time. A file is checked
//! whole first: any problem and nothing is written.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDateTime, Utc};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::plays::{
    MAX_LOCATION_CHARS, MAX_NOTES_CHARS, check_len, check_name, fmt_time, insert_player, now, parse_time,
    sql_int, write_results,
};
use super::{Progress, ProgressStage, Result, Store};
use crate::games::{CategoryScore, GameId, Outcome, PlayerScore, Problems, Scoreboard};
use crate::text::Text;

/// Largest BG Stats file read, in bytes.
pub const MAX_BGSTATS_BYTES: usize = 64 << 20;
/// Most items of one kind (players, games, locations, plays) a file may hold.
pub const MAX_BGSTATS_ITEMS: usize = 100_000;
/// Most players in one play.
const MAX_SEATS: usize = 8;
const MAX_GAME_NAME_CHARS: usize = 200;
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
    pub player_scores: Vec<BgPlayerScore>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BgPlayerScore {
    pub player_ref_id: i64,
    /// BG Stats writes scores as text (`"42"`, or `""` when none was kept).
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
}

/// What a BG Stats import did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BgStatsReport {
    pub players_added: u32,
    /// Plays of Valencia, Citadelles, Orléans or Splendor added to the history.
    pub plays_added: u32,
    /// Plays of other games kept as plain results.
    pub other_plays_added: u32,
    /// Plays already imported (same uuid), left as they were.
    pub plays_skipped: u32,
}

/// Which of our games a BG Stats game name is, if any: the name without accents, case,
/// punctuation or a leading article, against the French and English titles.
pub fn recognise_game(name: &str) -> Option<GameId> {
    let plain: String = name
        .chars()
        .map(|c| match c {
            'é' | 'è' | 'ê' | 'É' | 'È' => 'e',
            'à' | 'â' => 'a',
            'ç' => 'c',
            c if c.is_alphanumeric() => c.to_ascii_lowercase(),
            _ => ' ',
        })
        .collect();
    let words: Vec<&str> = plain.split_whitespace().collect();
    let title = words.join(" ");
    match title.as_str() {
        "valencia" => Some(GameId::Valencia),
        "citadelles" | "citadels" => Some(GameId::Citadelles),
        "orleans" | "orleans invasion" => Some(GameId::Orleans),
        "splendor" | "les cites de splendor" | "cities of splendor" | "splendor cities of splendor" => {
            Some(GameId::Splendor)
        }
        _ => None,
    }
}

fn score_of(v: Option<&serde_json::Value>) -> Option<i64> {
    match v? {
        serde_json::Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f.round() as i64)),
        serde_json::Value::String(s) => {
            let s = s.trim().replace(',', ".");
            s.parse::<i64>()
                .ok()
                .or_else(|| s.parse::<f64>().ok().filter(|f| f.is_finite()).map(|f| f.round() as i64))
        }
        _ => None,
    }
}

fn parse_date(s: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(s.trim(), DATE_FORMAT)
        .map(|t| t.and_utc())
        .ok()
        .or_else(|| DateTime::parse_from_rfc3339(s.trim()).ok().map(|t| t.with_timezone(&Utc)))
}

impl BgStats {
    /// Reads a BG Stats export; a file too large or of the wrong shape is refused with its place.
    pub fn from_json(text: &str) -> Result<BgStats, Problems> {
        if text.len() > MAX_BGSTATS_BYTES {
            let mut p = Problems::new();
            p.push(
                "",
                "too_large",
                Text::new(
                    format!("Fichier trop gros (plus de {} Mio).", MAX_BGSTATS_BYTES >> 20),
                    format!("File too large (over {} MiB).", MAX_BGSTATS_BYTES >> 20),
                ),
            );
            return Err(p);
        }
        serde_json::from_str(text).map_err(|e| Problems::malformed(&e))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Every problem that would stop an import, each with its place in the file.
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
        let mut player_ids = HashSet::new();
        for (i, p) in self.players.iter().enumerate() {
            check_name(&mut problems, &format!("players[{i}].name"), &p.name);
            if !player_ids.insert(p.id) {
                problems.push(
                    format!("players[{i}].id"),
                    "duplicate_id",
                    Text::new("Identifiant en double.", "Duplicate id."),
                );
            }
        }
        let mut location_ids = HashSet::new();
        for (i, l) in self.locations.iter().enumerate() {
            check_len(&mut problems, &format!("locations[{i}].name"), Some(&l.name), MAX_LOCATION_CHARS);
            location_ids.insert(l.id);
        }
        let mut game_ids = HashSet::new();
        for (i, g) in self.games.iter().enumerate() {
            if g.name.trim().is_empty() {
                problems.push(
                    format!("games[{i}].name"),
                    "empty_name",
                    Text::new("Le nom est vide.", "The name is empty."),
                );
            }
            check_len(&mut problems, &format!("games[{i}].name"), Some(&g.name), MAX_GAME_NAME_CHARS);
            game_ids.insert(g.id);
        }
        let mut uuids = HashSet::new();
        for (i, play) in self.plays.iter().enumerate() {
            let at = |f: &str| format!("plays[{i}].{f}");
            if play.uuid.trim().is_empty() || play.uuid.len() > 64 || !uuids.insert(play.uuid.as_str()) {
                problems.push(
                    at("uuid"),
                    "invalid_uuid",
                    Text::new(
                        "Identifiant de partie vide, trop long ou en double.",
                        "Play id empty, too long or repeated.",
                    ),
                );
            }
            if !game_ids.contains(&play.game_ref_id) {
                problems.push(at("gameRefId"), "unknown_game", Text::new("Jeu inconnu.", "Unknown game."));
            }
            if play.location_ref_id.is_some_and(|l| l != 0 && !location_ids.contains(&l)) {
                problems.push(
                    at("locationRefId"),
                    "unknown_location",
                    Text::new("Lieu inconnu.", "Unknown location."),
                );
            }
            if parse_date(&play.play_date).is_none() {
                problems.push(
                    at("playDate"),
                    "invalid_date",
                    Text::new(
                        format!(
                            "Date illisible « {} ».",
                            play.play_date.chars().take(40).collect::<String>()
                        ),
                        format!("Unreadable date “{}”.", play.play_date.chars().take(40).collect::<String>()),
                    ),
                );
            }
            if play.duration_min.is_some_and(|d| !(0..=i64::from(super::MAX_DURATION_MINUTES)).contains(&d)) {
                problems.push(
                    at("durationMin"),
                    "out_of_range",
                    Text::new("Durée hors limites.", "Duration out of range."),
                );
            }
            check_len(&mut problems, &at("comments"), play.comments.as_deref(), MAX_NOTES_CHARS);
            if play.player_scores.is_empty() || play.player_scores.len() > MAX_SEATS {
                problems.push(
                    at("playerScores"),
                    "player_count",
                    Text::new(
                        format!("{} joueurs : il en faut de 1 à {MAX_SEATS}.", play.player_scores.len()),
                        format!("{} players: 1 to {MAX_SEATS} are needed.", play.player_scores.len()),
                    ),
                );
            }
            let mut seated = HashSet::new();
            for (s, score) in play.player_scores.iter().enumerate() {
                if !player_ids.contains(&score.player_ref_id) {
                    problems.push(
                        at(&format!("playerScores[{s}].playerRefId")),
                        "unknown_player",
                        Text::new("Joueur inconnu.", "Unknown player."),
                    );
                } else if !seated.insert(score.player_ref_id) {
                    problems.push(
                        at(&format!("playerScores[{s}].playerRefId")),
                        "duplicate_player",
                        Text::new("Joueur assis deux fois.", "Player seated twice."),
                    );
                }
                if score_of(score.score.as_ref()).is_some_and(|v| !(-1_000_000..=1_000_000).contains(&v)) {
                    problems.push(
                        at(&format!("playerScores[{s}].score")),
                        "out_of_range",
                        Text::new("Score hors limites.", "Score out of range."),
                    );
                }
            }
        }
        problems.into_result(())
    }
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

impl Store {
    /// Imports a BG Stats file in one transaction: all of it or, on any problem, nothing.
    pub fn import_bgstats(
        &mut self,
        file: &BgStats,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<BgStatsReport> {
        let total = u32::try_from(file.plays.len()).unwrap_or(u32::MAX);
        progress(Progress { stage: ProgressStage::Checking, done: 0, total });
        file.check()?;
        let games: HashMap<i64, &BgGame> = file.games.iter().map(|g| (g.id, g)).collect();
        let locations: HashMap<i64, &str> = file.locations.iter().map(|l| (l.id, l.name.trim())).collect();
        let mut report = BgStatsReport::default();
        let t = now();
        let tx = self.conn.transaction()?;
        let mut players: HashMap<i64, (i64, String)> = HashMap::new();
        for p in &file.players {
            let name = p.name.trim();
            let existing: Option<(i64, String)> = tx
                .query_row("SELECT id, name FROM players WHERE name = ?1 COLLATE NOCASE", [name], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?;
            let found = match existing {
                Some(found) => found,
                None => {
                    report.players_added += 1;
                    let added = insert_player(&tx, name, None, false, &t)?;
                    (i64::from(added.id), added.name)
                }
            };
            players.insert(p.id, found);
        }
        for (n, play) in file.plays.iter().enumerate() {
            let done = u32::try_from(n + 1).unwrap_or(u32::MAX);
            if done.is_multiple_of(500) || done == total {
                progress(Progress { stage: ProgressStage::Writing, done, total });
            }
            let exists: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM plays WHERE uuid = ?1) OR EXISTS (SELECT 1 FROM other_plays WHERE uuid = ?1)",
                [&play.uuid],
                |r| r.get(0),
            )?;
            if exists || play.ignored {
                report.plays_skipped += 1;
                continue;
            }
            let Some(game) = games.get(&play.game_ref_id) else { continue };
            let when = parse_date(&play.play_date).unwrap_or(t);
            let location =
                play.location_ref_id.and_then(|l| locations.get(&l)).copied().filter(|l| !l.is_empty());
            let notes = play.comments.as_deref().map(str::trim).filter(|c| !c.is_empty());
            // Seats in BG Stats' seat order when it gives one, else as listed.
            let mut seats: Vec<&BgPlayerScore> = play.player_scores.iter().collect();
            seats.sort_by_key(|s| s.seat_order.unwrap_or(i64::MAX));
            let scores: Vec<Option<i64>> = seats.iter().map(|s| score_of(s.score.as_ref())).collect();
            let winners: Vec<bool> = seats.iter().map(|s| s.winner).collect();
            let ranks = ranks(&scores, &winners, game.highest_wins);
            let ours = recognise_game(&game.name).filter(|g| {
                let v = g.info().default_variant();
                (usize::from(v.min_players)..=usize::from(v.max_players)).contains(&seats.len())
            });
            match ours {
                Some(id) => {
                    let variant = id.info().default_variant().id;
                    tx.execute(
                        "INSERT INTO plays (uuid, game, variant, player_count, status, started_at, ended_at, location, notes,
                                            updated_at, duration_minutes)
                         VALUES (?1, ?2, ?3, ?4, 'finished', ?5, ?5, ?6, ?7, ?8, ?9)",
                        params![
                            play.uuid,
                            id.as_str(),
                            variant,
                            sql_int(seats.len()),
                            fmt_time(&when),
                            location,
                            notes,
                            fmt_time(&t),
                            play.duration_min,
                        ],
                    )?;
                    let play_id = tx.last_insert_rowid();
                    let mut board_players = Vec::with_capacity(seats.len());
                    for (i, s) in seats.iter().enumerate() {
                        let (player_id, name) = players.get(&s.player_ref_id).cloned().unwrap_or_default();
                        tx.execute(
                            "INSERT INTO seats (play_id, seat, player_id, colour, first_player) VALUES (?1, ?2, ?3, NULL, ?4)",
                            params![play_id, sql_int(i), player_id, s.start_player],
                        )?;
                        let total = scores.get(i).copied().flatten().unwrap_or(0);
                        board_players.push(PlayerScore {
                            seat: u8::try_from(i).unwrap_or(u8::MAX),
                            name,
                            total: i32::try_from(total).unwrap_or(0),
                            categories: Vec::<CategoryScore>::new(),
                            rank: ranks.get(i).copied().unwrap_or(1),
                            winner: winners.get(i).copied().unwrap_or(false),
                        });
                    }
                    let board = Scoreboard {
                        game: id,
                        variant: variant.to_owned(),
                        outcome: if game.cooperative {
                            Outcome::Coop { won: winners.iter().any(|w| *w), round_reached: None }
                        } else {
                            Outcome::Points
                        },
                        players: board_players,
                        tie_breaks: Vec::new(),
                        facts: Default::default(),
                    };
                    write_results(&tx, play_id, &board)?;
                    report.plays_added += 1;
                }
                None => {
                    tx.execute(
                        "INSERT INTO other_plays (uuid, game_name, bgg_id, played_at, duration_minutes, location, notes,
                                                  cooperative, imported_at)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                        params![
                            play.uuid,
                            game.name.trim(),
                            game.bgg_id.filter(|b| *b > 0),
                            fmt_time(&when),
                            play.duration_min,
                            location,
                            notes,
                            game.cooperative,
                            fmt_time(&t),
                        ],
                    )?;
                    let other_id = tx.last_insert_rowid();
                    for (i, s) in seats.iter().enumerate() {
                        let player_id = players.get(&s.player_ref_id).map_or(0, |p| p.0);
                        tx.execute(
                            "INSERT INTO other_play_seats (other_play_id, seat, player_id, score, winner, first_player)
                             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                            params![other_id, sql_int(i), player_id, scores.get(i).copied().flatten(), s.winner, s.start_player],
                        )?;
                    }
                    report.other_plays_added += 1;
                }
            }
        }
        tx.commit()?;
        Ok(report)
    }

    /// The history as a BG Stats file: every finished play (ours and other games'), with its
    /// players, scores, winners, start player, duration, location and notes.
    pub fn export_bgstats(&self, progress: &mut dyn FnMut(Progress)) -> Result<BgStats> {
        let mut out = BgStats::default();
        let mut stmt = self.conn.prepare("SELECT id, name FROM players ORDER BY id")?;
        out.players = stmt
            .query_map([], |r| {
                let id: i64 = r.get(0)?;
                Ok(BgPlayer { id, uuid: Some(export_uuid(1, id)), name: r.get(1)?, is_anonymous: false })
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut location_ids: HashMap<String, i64> = HashMap::new();
        let mut game_ids: HashMap<String, i64> = HashMap::new();
        let mut location_of = |out: &mut BgStats, name: Option<String>| -> Option<i64> {
            let name = name?;
            let next = i64::try_from(location_ids.len() + 1).unwrap_or(i64::MAX);
            let id = *location_ids.entry(name.clone()).or_insert_with(|| {
                out.locations.push(BgLocation { id: next, uuid: Some(export_uuid(2, next)), name });
                next
            });
            Some(id)
        };
        let mut game_of = |out: &mut BgStats, name: &str, bgg_id: Option<i64>, cooperative: bool| -> i64 {
            let next = i64::try_from(game_ids.len() + 1).unwrap_or(i64::MAX);
            *game_ids.entry(name.to_owned()).or_insert_with(|| {
                out.games.push(BgGame {
                    id: next,
                    uuid: Some(export_uuid(3, next)),
                    name: name.to_owned(),
                    bgg_id,
                    cooperative,
                    highest_wins: true,
                });
                next
            })
        };
        let total: u32 = self.conn.query_row(
            "SELECT (SELECT COUNT(*) FROM plays WHERE status = 'finished' AND deleted_at IS NULL)
                  + (SELECT COUNT(*) FROM other_plays)",
            [],
            |r| r.get(0),
        )?;
        let mut done = 0u32;
        let mut tick = |done: &mut u32| {
            *done += 1;
            if done.is_multiple_of(500) || *done == total {
                progress(Progress { stage: ProgressStage::Reading, done: *done, total });
            }
        };

        let mut stmt = self.conn.prepare(
            "SELECT p.id, p.uuid, p.game, p.started_at, p.duration_minutes, p.location, p.notes, p.outcome
               FROM plays p WHERE p.status = 'finished' AND p.deleted_at IS NULL ORDER BY p.started_at, p.id",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    parse_time(&r.get::<_, String>(3)?)?,
                    r.get::<_, Option<i64>>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, Option<String>>(7)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut seats = self.conn.prepare_cached(
            "SELECT s.player_id, r.total, COALESCE(r.winner, 0), s.first_player, s.seat, r.rank
               FROM seats s LEFT JOIN results r ON r.play_id = s.play_id AND r.seat = s.seat
              WHERE s.play_id = ?1 ORDER BY s.seat",
        )?;
        for (id, uuid, game, started, duration, location, notes, outcome) in rows {
            let name = game.parse::<GameId>().map(|g| g.info().name).unwrap_or("?");
            let game_ref_id = game_of(&mut out, name, None, outcome.as_deref() == Some("coop"));
            let location_ref_id = location_of(&mut out, location);
            let player_scores = seats
                .query_map([id], |r| {
                    Ok(BgPlayerScore {
                        player_ref_id: r.get(0)?,
                        score: r.get::<_, Option<i64>>(1)?.map(|s| serde_json::Value::String(s.to_string())),
                        winner: r.get(2)?,
                        start_player: r.get(3)?,
                        seat_order: r.get(4)?,
                        rank: r.get(5)?,
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            out.plays.push(BgPlay {
                uuid,
                game_ref_id,
                play_date: started.format(DATE_FORMAT).to_string(),
                duration_min: duration,
                location_ref_id,
                comments: notes,
                ignored: false,
                player_scores,
            });
            tick(&mut done);
        }

        let mut stmt = self.conn.prepare(
            "SELECT id, uuid, game_name, bgg_id, played_at, duration_minutes, location, notes, cooperative
               FROM other_plays ORDER BY played_at, id",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                    parse_time(&r.get::<_, String>(4)?)?,
                    r.get::<_, Option<i64>>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, Option<String>>(7)?,
                    r.get::<_, bool>(8)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut seats = self.conn.prepare_cached(
            "SELECT player_id, score, winner, first_player, seat FROM other_play_seats
              WHERE other_play_id = ?1 ORDER BY seat",
        )?;
        for (id, uuid, name, bgg_id, played, duration, location, notes, cooperative) in rows {
            let game_ref_id = game_of(&mut out, &name, bgg_id, cooperative);
            let location_ref_id = location_of(&mut out, location);
            let player_scores = seats
                .query_map([id], |r| {
                    Ok(BgPlayerScore {
                        player_ref_id: r.get(0)?,
                        score: r.get::<_, Option<i64>>(1)?.map(|s| serde_json::Value::String(s.to_string())),
                        winner: r.get(2)?,
                        start_player: r.get(3)?,
                        seat_order: r.get(4)?,
                        rank: None,
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            out.plays.push(BgPlay {
                uuid,
                game_ref_id,
                play_date: played.format(DATE_FORMAT).to_string(),
                duration_min: duration,
                location_ref_id,
                comments: notes,
                ignored: false,
                player_scores,
            });
            tick(&mut done);
        }
        Ok(out)
    }

    /// How many plays of other games the history keeps (BG Stats imports).
    pub fn other_play_count(&self) -> Result<u32> {
        Ok(self.conn.query_row("SELECT COUNT(*) FROM other_plays", [], |r| r.get(0))?)
    }
}
