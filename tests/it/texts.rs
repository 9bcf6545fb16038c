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

/// French typography is set in one place, `greffier::text::french`, which every `Text` passes
/// its French through when built (`Text::new`) or read back: so no core text is built from its
/// fields or has its French written to afterwards, and none spells the narrow no-break space by
/// hand (a plain space before « : ; ? ! » and inside « » is what the sources write).
#[test]
fn french_typography_is_set_in_one_place() {
    let mut found = Vec::new();
    source_lines("src", true, |path, n, line| {
        // Test code asserts what the core sends, narrow spaces included.
        if path.ends_with("src/text.rs") || path.ends_with("tests.rs") || line.trim_start().starts_with("//")
        {
            return;
        }
        let built_by_fields = line.match_indices("Text {").any(|(at, _)| {
            !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                && !line[..at].ends_with("-> ")
                && !line[..at].ends_with("for ")
        });
        let french_written = [".fr.push", ".fr.insert", ".fr =", ".fr +=", ".fr.clear", ".fr.truncate"]
            .iter()
            .any(|w| line.contains(w));
        let by_hand = line.contains("\\u{202f}") || line.contains('\u{202f}');
        if built_by_fields || french_written || by_hand {
            found.push(format!("{}:{n}: {}", path.display(), line.trim()));
        }
    });
    assert!(found.is_empty(), "French typography set outside `text::french`:\n{}", found.join("\n"));
}
