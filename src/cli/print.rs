//! How answers are written for people: scoreboards, and any operation's answer as indented
//! `key: value` lines in the asked language; or as JSON.

use std::io::Write;

use greffier::api::Json;
use greffier::games::{self, Outcome, Scoreboard};
use greffier::text::Lang;

use super::Failure;

pub(crate) fn print_answer(
    out: &mut impl Write,
    answer: &Json,
    json: bool,
    lang: Lang,
) -> Result<(), Failure> {
    if json {
        return print_json(out, answer);
    }
    let mut text = String::new();
    render(answer, lang, 0, &mut text);
    out.write_all(text.as_bytes()).map_err(|e| Failure::Other(format!("stdout: {e}")))
}

/// An answer for people: `{fr, en}` texts in the asked language, objects as `key: value`
/// lines, lists as `-` items, nested values indented, empty values left out.
pub(crate) fn render(value: &Json, lang: Lang, indent: usize, text: &mut String) {
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
pub(crate) fn inline(value: &Json, lang: Lang) -> Option<String> {
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
pub(crate) fn as_text(value: &Json, lang: Lang) -> Option<String> {
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

pub(crate) fn is_empty(value: &Json) -> bool {
    match value {
        Json::Null => true,
        Json::Array(a) => a.is_empty(),
        Json::Object(o) => o.is_empty(),
        _ => false,
    }
}

pub(crate) fn print_json(out: &mut impl Write, value: &impl serde::Serialize) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Failure::Other(e.to_string()))?;
    write_line(out, &text)
}

pub(crate) fn write_line(out: &mut impl Write, line: &str) -> Result<(), Failure> {
    writeln!(out, "{line}").map_err(|e| Failure::Other(format!("stdout: {e}")))
}

/// A plain-text table: one row per player (rank order), one column per category.
pub(crate) fn print_scoreboard(out: &mut impl Write, board: &Scoreboard, lang: Lang) -> Result<(), Failure> {
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
    if let Some(o) = outcome_line(&board.outcome, fr) {
        // The CLI's own French is typeset as every core text is.
        write_line(out, if fr { greffier::text::french(&o) } else { o.into() }.as_ref())?;
    }
    Ok(())
}

/// How a play that is not for points ended (or stands), on a line of its own; `None` for
/// points.
fn outcome_line(outcome: &Outcome, fr: bool) -> Option<String> {
    match *outcome {
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
    }
}
