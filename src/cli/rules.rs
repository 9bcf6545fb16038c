//! `greffier rules search|show`: the rules catalogue.

use std::io::Write;

use clap::Subcommand;
use greffier::games::GameId;
use greffier::rules::{Catalogue, RuleHit, RuleKind, RuleSearch, SearchFilter};
use greffier::text::{Lang, Text};

use super::Failure;
use super::print::{print_json, write_line};

#[derive(Subcommand)]
pub(crate) enum RulesCommand {
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

pub(crate) fn run_rules(command: RulesCommand, lang: Lang, out: &mut impl Write) -> Result<(), Failure> {
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
pub(crate) fn print_rule_search(out: &mut impl Write, found: &RuleSearch, lang: Lang) -> Result<(), Failure> {
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
