//! The core's sentences read as a person would write them: a counted noun takes the form its
//! count asks for, in French and in English, never « pièce(s) ».

use greffier::text::{en_noun, fr_noun};

use crate::support::source_lines;

/// French keeps the singular for 0 and 1 (« 0 pièce », « 1 pièce »); English only for 1.
#[test]
fn a_counted_noun_takes_the_form_of_its_count() {
    let fr: Vec<&str> = [0u32, 1, 2, 10].iter().map(|&n| fr_noun(n, "pièce", "pièces")).collect();
    assert_eq!(fr, ["pièce", "pièce", "pièces", "pièces"]);
    let en: Vec<&str> = [0usize, 1, 2, 10].iter().map(|&n| en_noun(n, "coin", "coins")).collect();
    assert_eq!(en, ["coins", "coin", "coins", "coins"]);
}

/// No sentence the core writes hedges a plural with « (s) », « (e) » or « (es) »: every
/// string literal under `src/` is read (comments aside).
#[test]
fn no_core_sentence_hedges_its_plural() {
    let mut found = Vec::new();
    source_lines("src", true, |path, n, line| {
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('#') {
            return;
        }
        // Only what stands inside a string literal: the parts between quotes.
        let quoted = line.split('"').skip(1).step_by(2);
        for part in quoted {
            let hedged = ["(s)", "(e)", "(es)", "(x)"].iter().any(|h| {
                part.match_indices(h)
                    .any(|(at, _)| part[..at].chars().last().is_some_and(char::is_alphabetic))
            });
            if hedged {
                found.push(format!("{}:{n}: {part}", path.display()));
            }
        }
    });
    assert!(found.is_empty(), "hedged plurals:\n{}", found.join("\n"));
}
