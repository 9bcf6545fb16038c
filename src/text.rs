//! Bilingual text. Everything the core says to a person (a problem, a score detail, a rule
//! entry) exists in French and English, so the CLI and the UI pick the language at the edge.

use serde::{Deserialize, Serialize};

/// A language the product speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Fr,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    /// Parses `fr`, `en`, and locale strings such as `fr_FR.UTF-8` or `en-GB`.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let lower = locale.trim().to_ascii_lowercase();
        if lower.starts_with("fr") {
            Some(Lang::Fr)
        } else if lower.starts_with("en") {
            Some(Lang::En)
        } else {
            None
        }
    }
}

/// The form a French noun (and its agreeing words) takes after a count: the singular for 0 and
/// 1 (« 0 pièce », « 1 pièce »), the plural from 2 (« 2 pièces »). Never « pièce(s) ».
pub fn fr_noun<'a, N: PartialOrd + From<u8>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n <= N::from(1) { one } else { many }
}

/// The form an English noun takes after a count: the singular for 1 only ("1 coin",
/// "0 coins", "2 coins").
pub fn en_noun<'a, N: PartialEq + From<u8>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) { one } else { many }
}

/// The French plural ending after a count, for a noun written in one piece with its ending
/// (« membre{} »): none for 0 and 1, « s » from 2. See [`fr_noun`] for irregular forms.
pub fn plural_s<N: PartialOrd + From<u8>>(n: N) -> &'static str {
    fr_noun(n, "", "s")
}

/// A sentence in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Text {
    pub fr: String,
    pub en: String,
}

impl Text {
    pub fn new(fr: impl Into<String>, en: impl Into<String>) -> Text {
        Text { fr: fr.into(), en: en.into() }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }
}
