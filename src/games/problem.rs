//! Validation problems: raw input → validated value reports *every* problem at once, each
//! naming the field it concerns, so a form can mark all of them in one pass.

use serde::{Deserialize, Serialize};

use crate::text::Text;

/// One thing wrong with the input, and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Problem {
    /// Path of the field, e.g. `players[1].points.fountains`. Empty for the whole input.
    pub field: String,
    /// Stable machine code (`out_of_range`, `unknown_category`, …) for the UI and tests.
    pub code: String,
    pub message: Text,
}

/// All the problems found in one input. Never empty when returned as an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(transparent)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn new() -> Problems {
        Problems(Vec::new())
    }

    pub fn push(&mut self, field: impl Into<String>, code: &str, message: Text) {
        self.0.push(Problem { field: field.into(), code: code.to_owned(), message });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Problem> {
        self.0.iter()
    }

    /// `Ok(value)` when nothing was reported, else every problem.
    pub fn into_result<T>(self, value: T) -> Result<T, Problems> {
        if self.0.is_empty() { Ok(value) } else { Err(self) }
    }

    /// One problem for input that could not even be read as JSON of the right shape.
    pub fn malformed(err: &serde_json::Error) -> Problems {
        let mut problems = Problems::new();
        problems.push(
            "",
            "malformed",
            Text::new(
                format!("Données illisibles (ligne {}, colonne {}) : {err}", err.line(), err.column()),
                format!("Unreadable data (line {}, column {}): {err}", err.line(), err.column()),
            ),
        );
        problems
    }
}

impl std::fmt::Display for Problems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            if p.field.is_empty() {
                write!(f, "{}", p.message.en)?;
            } else {
                write!(f, "{}: {}", p.field, p.message.en)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}
