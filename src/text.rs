//! Bilingual text. Everything the core says to a person (a problem, a score detail, a rule
//! entry) exists in French and English, so the CLI and the UI pick the language at the edge.
//!
//! French typography is the core's too, in one place: [`french`] (and [`FrenchWrite`], the same
//! rules for a sentence written straight into a formatter). Every [`Text`] passes its French
//! through it when it is built or read back, so every door (the CLI, HTTP, the window) sends
//! « Égalité\u{202f}: … » and no screen fixes it. Write French texts with a plain space (or
//! none) before « : ; ? ! » and inside « », and the apostrophe either way: the narrow no-break
//! space and the typographic apostrophe (« l’or ») are put in here.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

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

/// The form a French noun (and its agreeing words) takes after a count: the singular below 2 in
/// size (« 0 pièce », « 1 pièce », « −1 pièce »), the plural from 2 (« 2 pièces », « −5 pièces »).
/// Never « pièce(s) ».
pub fn fr_noun<'a, N: Count>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n.below_two() { one } else { many }
}

/// A whole number shown to players: « 3 », « −3 » with the minus sign (U+2212), never the
/// hyphen-minus `format!("{n}")` writes. With [`signed`], the one place the core writes a sign.
pub fn number(n: i64) -> String {
    if n < 0 { format!("\u{2212}{}", n.unsigned_abs()) } else { n.to_string() }
}

/// `s` with its first letter a capital, to open a sentence (« membres » → « Membres »).
pub fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// A signed number shown to players: « +3 », « +0 », « −3 » (see [`number`]).
pub fn signed(n: i64) -> String {
    if n < 0 { number(n) } else { format!("+{n}") }
}

/// A whole number a noun is counted by (signed ones count by their size in French).
pub trait Count: Copy {
    /// Whether the size of the number is below 2 (French takes the singular).
    fn below_two(self) -> bool;
}

macro_rules! unsigned_count {
    ($($t:ty),*) => {$(
        impl Count for $t {
            fn below_two(self) -> bool {
                self < 2
            }
        }
    )*};
}
macro_rules! signed_count {
    ($($t:ty),*) => {$(
        impl Count for $t {
            fn below_two(self) -> bool {
                self.unsigned_abs() < 2
            }
        }
    )*};
}
unsigned_count!(u8, u16, u32, u64, usize);
signed_count!(i8, i16, i32, i64, isize);

/// The form an English noun takes after a count: the singular for 1 only ("1 coin",
/// "0 coins", "2 coins").
pub fn en_noun<'a, N: PartialEq + From<u8>>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n == N::from(1) { one } else { many }
}

/// The French plural ending after a count, for a noun written in one piece with its ending
/// (« membre{} »): none for 0 and 1, « s » from 2. See [`fr_noun`] for irregular forms.
pub fn plural_s<N: Count>(n: N) -> &'static str {
    fr_noun(n, "", "s")
}

/// What stands before a French noun: the definite article (« le Roi »), or the article after
/// « de » or « à », contracted (« du Roi », « au Roi »).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrArticle {
    /// « le », « la », « l' ».
    Le,
    /// « du », « de la », « de l' ».
    De,
    /// « au », « à la », « à l' ».
    A,
}

/// A French noun with its article, elided before a vowel (« l'Évêque », « de l'Architecte ») and
/// contracted with « de » and « à » before a masculine one (« du Magicien », « au Voleur »):
/// the one place the core writes an article before a name (« de le Magicien », « de Évêque »
/// were the caller's). `feminine` chooses « la ». A noun starting with « h » is taken as mute
/// (« l'Hospice »), as every name the core writes is. Lower case: a sentence's first word takes
/// its capital with [`capitalized`].
pub fn fr_article(article: FrArticle, noun: &str, feminine: bool) -> String {
    let elided = noun.chars().next().is_some_and(|c| {
        let c = c.to_lowercase().next().unwrap_or(c);
        "aâàäeéèêëiîïoôöuûùüyÿœæh".contains(c)
    });
    let before = match (article, elided, feminine) {
        (FrArticle::Le, true, _) => "l'",
        (FrArticle::De, true, _) => "de l'",
        (FrArticle::A, true, _) => "à l'",
        (FrArticle::Le, false, false) => "le ",
        (FrArticle::Le, false, true) => "la ",
        (FrArticle::De, false, false) => "du ",
        (FrArticle::De, false, true) => "de la ",
        (FrArticle::A, false, false) => "au ",
        (FrArticle::A, false, true) => "à la ",
    };
    format!("{before}{noun}")
}

/// A text with its first letter in capitals (« L'Évêque a été assassiné »).
pub fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The narrow no-break space (U+202F) French puts before « : ; ? ! » and inside « ».
pub const NARROW_NBSP: char = '\u{202f}';

/// The typographic apostrophe (U+2019) French writes in « l’or », « aujourd’hui ».
pub const APOSTROPHE: char = '’';

/// French typography for a French text: before a high punctuation mark (« : ; ? ! »), and inside
/// guillemets « … », a narrow no-break space (U+202F), so that « Égalité : » never breaks
/// before its colon and a closing » never starts a line.
///
/// - A plain space, a no-break space (U+00A0), a thin space (U+2009) or an existing narrow one
///   (or several) before the mark becomes one narrow no-break space.
/// - A mark written against its word (`Orléans: Invasion`, `qui gagne?`) gets one.
/// - A mark counts only when a space, the end of the text or a closing sign (`» ) ] , .`)
///   follows it: a time (`10:30`), an address (`https://…`, `?token=`) or a ratio stays as it
///   is. A run of marks (`?!`) takes one space before the first.
/// - « takes one after it, » one before it, unless at a line's edge.
/// - A straight apostrophe right after a letter (`l'or`, `qu'à`) is the typographic one
///   ([`APOSTROPHE`]), as in every French text of the UI; one elsewhere (`'x`) stays.
///
/// Idempotent; the text is borrowed back when it holds no mark or guillemet (most sentences a
/// sheet scores on every keystroke).
pub fn french(s: &str) -> Cow<'_, str> {
    if !s.bytes().any(|b| matches!(b, b':' | b';' | b'?' | b'!' | b'\'')) && !s.contains(['«', '»']) {
        return Cow::Borrowed(s);
    }
    let mut out = FrenchWrite::new(String::with_capacity(s.len() + 8));
    // Writing to a String never fails.
    let _ = fmt::Write::write_str(&mut out, s);
    let out = out.finish();
    if out == s { Cow::Borrowed(s) } else { Cow::Owned(out) }
}

/// Spaces French typography replaces by one narrow no-break space next to a mark or guillemet.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{2009}' | NARROW_NBSP)
}

fn is_high_mark(c: char) -> bool {
    matches!(c, ':' | ';' | '?' | '!')
}

/// What may follow a high mark for it to be punctuation (not `10:30`, `https://`, `a?b`).
fn ends_mark(c: char) -> bool {
    c.is_whitespace() || matches!(c, '»' | ')' | ']' | ',' | '.' | '…' | '"' | '\'' | '’')
}

/// A sign after which a mark is not spaced: an opening one (`(?)`, `« ?`) or a space.
fn opens(c: char) -> bool {
    c.is_whitespace() || matches!(c, '(' | '[' | '{' | '«' | '"' | '/')
}

/// A [`fmt::Write`] that writes French through [`french`]'s rules as it goes, so a sentence
/// written piece by piece into a formatter (a score detail written straight into the JSON)
/// comes out as [`french`] would give it. Call [`FrenchWrite::finish`] at the end, which writes
/// what the end of the text decides.
pub struct FrenchWrite<W: fmt::Write> {
    out: W,
    /// The last character written out (`None`: nothing yet).
    prev: Option<char>,
    /// Spaces held until the next character says whether they go before a mark.
    spaces: String,
    /// High marks held until the next character says whether they are punctuation.
    marks: String,
    /// Spaces came before the held marks.
    spaced: bool,
    /// The last character was «: the next one gets a narrow space before it.
    after_open: bool,
}

impl<W: fmt::Write> FrenchWrite<W> {
    pub fn new(out: W) -> FrenchWrite<W> {
        FrenchWrite {
            out,
            prev: None,
            spaces: String::new(),
            marks: String::new(),
            spaced: false,
            after_open: false,
        }
    }

    fn emit(&mut self, s: &str) -> fmt::Result {
        if let Some(c) = s.chars().next_back() {
            self.prev = Some(c);
            self.out.write_str(s)?;
        }
        Ok(())
    }

    fn emit_char(&mut self, c: char) -> fmt::Result {
        self.prev = Some(c);
        self.out.write_char(c)
    }

    /// Writes the held marks, spaced or not as `next` (`None`: the end) says.
    fn flush_marks(&mut self, next: Option<char>) -> fmt::Result {
        let punctuation = next.is_none_or(ends_mark);
        let marks = std::mem::take(&mut self.marks);
        let spaces = std::mem::take(&mut self.spaces);
        if punctuation && (self.spaced || self.prev.is_some_and(|p| !opens(p))) {
            self.emit_char(NARROW_NBSP)?;
        } else {
            self.emit(&spaces)?;
        }
        self.spaced = false;
        self.emit(&marks)
    }

    fn push(&mut self, c: char) -> fmt::Result {
        if !self.marks.is_empty() {
            if is_high_mark(c) {
                self.marks.push(c);
                return Ok(());
            }
            self.flush_marks(Some(c))?;
        }
        if is_space(c) {
            self.spaces.push(c);
            return Ok(());
        }
        if self.after_open {
            self.after_open = false;
            if c.is_whitespace() {
                let spaces = std::mem::take(&mut self.spaces);
                self.emit(&spaces)?;
            } else {
                self.spaces.clear();
                self.emit_char(NARROW_NBSP)?;
            }
        }
        if c == '\'' && self.spaces.is_empty() && self.prev.is_some_and(char::is_alphabetic) {
            return self.emit_char(APOSTROPHE);
        }
        if is_high_mark(c) {
            self.spaced = !self.spaces.is_empty();
            self.marks.push(c);
            return Ok(());
        }
        if c == '»' {
            let spaced = !self.spaces.is_empty();
            self.spaces.clear();
            if spaced || self.prev.is_some_and(|p| !p.is_whitespace()) {
                self.emit_char(NARROW_NBSP)?;
            }
            return self.emit_char(c);
        }
        let spaces = std::mem::take(&mut self.spaces);
        self.emit(&spaces)?;
        self.after_open = c == '«';
        self.emit_char(c)
    }

    /// Writes what the end of the text decides (held marks and spaces) and gives the writer back.
    pub fn finish(mut self) -> W {
        let _ = self.end();
        self.out
    }

    fn end(&mut self) -> fmt::Result {
        if !self.marks.is_empty() {
            self.flush_marks(None)?;
        }
        let spaces = std::mem::take(&mut self.spaces);
        self.emit(&spaces)
    }
}

impl<W: fmt::Write> fmt::Write for FrenchWrite<W> {
    fn write_str(&mut self, mut s: &str) -> fmt::Result {
        // Runs of words go straight through in one write; only a mark, a guillemet and the
        // spaces right before them go through `push`, a character at a time. Character by
        // character, a scoreboard's details were two thirds of a preview's time:
        // each one an escaped write into the JSON.
        while !s.is_empty() {
            if self.marks.is_empty() && self.spaces.is_empty() && !self.after_open {
                let special =
                    s.find(|c| is_high_mark(c) || c == '«' || c == '»' || c == '\'').unwrap_or(s.len());
                // Spaces before a mark, or at the end of this piece (the next may start with
                // one), are held by `push`.
                let plain = s[..special].trim_end_matches(is_space).len();
                self.emit(&s[..plain])?;
                s = &s[plain..];
            }
            let mut rest = s.chars();
            if let Some(c) = rest.next() {
                self.push(c)?;
            }
            s = rest.as_str();
        }
        Ok(())
    }
}

/// A French sentence written by a [`fmt::Display`], put through [`FrenchWrite`] as it is written.
pub struct French<T>(pub T);

impl<T: fmt::Display> fmt::Display for French<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut w = FrenchWrite::new(f);
        fmt::Write::write_fmt(&mut w, format_args!("{}", self.0))?;
        w.end()
    }
}

/// A sentence in both languages. Build it with [`Text::new`] (never by its fields), which puts
/// the French through [`french`]; a text read back from JSON goes through it too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Text {
    pub fr: String,
    pub en: String,
}

impl Text {
    pub fn new(fr: impl Into<String>, en: impl Into<String>) -> Text {
        let fr = fr.into();
        let fr = match french(&fr) {
            Cow::Borrowed(_) => fr,
            Cow::Owned(typeset) => typeset,
        };
        Text { fr, en: en.into() }
    }

    /// This text with more words after it, in each language.
    pub fn append(&mut self, fr: &str, en: &str) {
        *self = Text::new(format!("{}{fr}", self.fr), format!("{}{en}", self.en));
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }
}

/// A text read back (a stored scoreboard, an answer) is typeset as one built here.
impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        #[derive(Deserialize)]
        struct Raw {
            fr: String,
            en: String,
        }
        let raw = Raw::deserialize(deserializer)?;
        Ok(Text::new(raw.fr, raw.en))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const N: char = NARROW_NBSP;

    fn fr(s: &str) -> String {
        french(s).into_owned()
    }

    /// French takes the singular for a count below 2 in size: « −1 pièce », « 0 pièce », and
    /// the plural from 2, « −5 pièces » (a demand shown as a negative count read « −5 pièce »).
    /// A negative number reads with the minus sign (a failed Valencia mission read « -3 »).
    #[test]
    fn a_signed_number_has_a_real_minus_sign() {
        assert_eq!([signed(-3), signed(0), signed(4)], ["\u{2212}3", "+0", "+4"]);
        assert_eq!([number(-2), number(0), number(8)], ["\u{2212}2", "0", "8"]);
    }

    #[test]
    fn a_negative_count_takes_the_number_of_its_size() {
        let forms = |n: i32| fr_noun(n, "pièce", "pièces");
        assert_eq!(
            [forms(-5), forms(-2), forms(-1), forms(0), forms(1), forms(2)],
            ["pièces", "pièces", "pièce", "pièce", "pièce", "pièces"]
        );
        assert_eq!((fr_noun(1usize, "a", "b"), fr_noun(7u8, "a", "b")), ("a", "b"));
        assert_eq!(plural_s(-3i64), "s");
    }

    #[test]
    fn a_space_before_a_high_mark_becomes_a_narrow_no_break_space() {
        assert_eq!(
            fr("Égalité : le Roi gagne ; qui ? Bravo !"),
            format!("Égalité{N}: le Roi gagne{N}; qui{N}? Bravo{N}!")
        );
        // Several spaces, or a no-break or thin one, become one narrow space.
        assert_eq!(fr("Tirage  :"), format!("Tirage{N}:"));
        assert_eq!(fr("Tirage\u{a0}: rien"), format!("Tirage{N}: rien"));
        assert_eq!(fr("Tirage\u{2009}; rien"), format!("Tirage{N}; rien"));
    }

    #[test]
    fn a_mark_against_its_word_gets_its_space() {
        assert_eq!(fr("Orléans: Invasion"), format!("Orléans{N}: Invasion"));
        assert_eq!(fr("qui gagne?"), format!("qui gagne{N}?"));
        assert_eq!(fr("Vraiment?! Oui."), format!("Vraiment{N}?! Oui."), "one space before a run of marks");
        assert_eq!(fr("(voir p. 11): rien"), format!("(voir p. 11){N}: rien"));
        assert_eq!(fr("« Qui gagne? »"), format!("«{N}Qui gagne{N}?{N}»"));
        assert_eq!(fr("(pourquoi?)"), format!("(pourquoi{N}?)"));
    }

    #[test]
    fn a_time_an_address_or_a_mark_inside_a_word_is_left_as_it_is() {
        for s in [
            "à 10:30 ce soir",
            "Rendez-vous à 20:30.",
            "voir https://greffier.example/rules?id=x&lang=fr#a",
            "C:\\Users\\greffier",
            "un rapport 3:2",
            "(?)",
            ":",
            "« ? »".trim_start_matches('«'),
        ] {
            assert_eq!(fr(s), french(s).as_ref());
        }
        assert_eq!(fr("à 10:30 ce soir"), "à 10:30 ce soir");
        assert_eq!(fr("voir https://greffier.example/r?id=x"), "voir https://greffier.example/r?id=x");
        assert_eq!(fr("C:\\Users"), "C:\\Users");
        assert_eq!(fr("(?)"), "(?)", "a mark just inside a bracket is no word's");
        assert_eq!(fr(":"), ":", "a mark opening the text has no word before it");
        assert!(matches!(french("à 10:30 ce soir"), Cow::Borrowed(_)));
    }

    #[test]
    fn guillemets_hold_their_words_with_narrow_spaces() {
        assert_eq!(fr("avant « Enregistrer »"), format!("avant «{N}Enregistrer{N}»"));
        assert_eq!(fr("avant «Enregistrer»"), format!("avant «{N}Enregistrer{N}»"));
        assert_eq!(fr("avant «\u{a0}Enregistrer\u{a0}»."), format!("avant «{N}Enregistrer{N}»."));
        assert_eq!(fr("« Bravo ! »"), format!("«{N}Bravo{N}!{N}»"));
        // A guillemet at a line's edge gets no space there.
        assert_eq!(fr("«\nligne"), "«\nligne");
        assert_eq!(fr("ligne\n» fin"), "ligne\n» fin");
    }

    /// French texts write the typographic apostrophe, as the UI's do: « l’or », never « l'or ».
    #[test]
    fn an_apostrophe_after_a_letter_is_the_typographic_one() {
        assert_eq!(fr("l'or d'Orléans, aujourd'hui qu'à"), "l’or d’Orléans, aujourd’hui qu’à");
        assert_eq!(fr("l'« Or » : rien"), format!("l’«{N}Or{N}»{N}: rien"));
        // One not after a letter is no elision: it stays.
        assert_eq!(fr("'x' 3' « 'a »"), format!("'x’ 3' «{N}'a{N}»"));
        assert_eq!(fr("l’or"), "l’or");
        assert_eq!(Text::new("l'or", "the King's").fr, "l’or");
        assert_eq!(Text::new("l'or", "the King's").en, "the King's", "English is left as it is");
        assert_eq!(French(format_args!("{}'{}", "l", "or")).to_string(), "l’or");
    }

    #[test]
    fn typeset_french_is_left_as_it_is() {
        let done = format!("Égalité{N}: «{N}Roi{N}»{N}; qui{N}? Bravo{N}!");
        assert_eq!(fr(&done), done);
        assert!(matches!(french(&done), Cow::Borrowed(_)));
        for s in ["Orléans: Invasion ; à 10:30 « x »", "a  ?! b", "«  »", "x ?", "« :", "l'or 'a'"] {
            assert_eq!(fr(&fr(s)), fr(s), "{s:?}");
        }
    }

    #[test]
    fn a_text_typesets_its_french_and_leaves_its_english() {
        let t = Text::new("Égalité : le Roi gagne ? « Oui »", "Tie: the King wins? \"Yes\" « sic »");
        assert_eq!(t.fr, format!("Égalité{N}: le Roi gagne{N}? «{N}Oui{N}»"));
        assert_eq!(t.en, "Tie: the King wins? \"Yes\" « sic »");
        let read: Text =
            serde_json::from_str(r#"{"fr": "Tirage : rien", "en": "Draw: nothing"}"#).expect("a text");
        assert_eq!(read, Text::new("Tirage : rien", "Draw: nothing"));
        assert_eq!(read.fr, format!("Tirage{N}: rien"));
        let mut t = Text::new("Égalité.", "Tie.");
        t.append(" Règle : aucune.", " Rule: none.");
        assert_eq!(t.fr, format!("Égalité. Règle{N}: aucune."));
        assert_eq!(t.en, "Tie. Rule: none.");
    }

    #[test]
    fn written_piece_by_piece_it_gives_what_the_whole_gives() {
        let s = "Égalité : « Roi » ; qui gagne? Bravo ! à 10:30, https://x.fr/a?b=c";
        for cut in (0..=s.len()).filter(|i| s.is_char_boundary(*i)) {
            let mut w = FrenchWrite::new(String::new());
            fmt::Write::write_str(&mut w, &s[..cut]).expect("a String takes it");
            fmt::Write::write_str(&mut w, &s[cut..]).expect("a String takes it");
            assert_eq!(w.finish(), fr(s), "cut at {cut}");
        }
        assert_eq!(French(format_args!("{} : {}", "Tirage", "rien")).to_string(), format!("Tirage{N}: rien"));
    }

    /// The character-at-a-time typesetting, which `write_str` skips over runs of words.
    fn one_char_at_a_time(s: &str) -> String {
        let mut w = FrenchWrite::new(String::new());
        s.chars().try_for_each(|c| w.push(c)).expect("a String takes it");
        w.finish()
    }

    proptest::proptest! {
        /// Writing runs of words straight through gives what typesetting each character gives,
        /// however the text is cut into pieces.
        #[test]
        fn runs_of_words_are_typeset_as_each_character_would_be(
            s in "[a :;?!«»\u{a0}\u{2009}\u{202f}\n(.,1/']{0,24}",
            cut in 0usize..25,
        ) {
            let whole = one_char_at_a_time(&s);
            proptest::prop_assert_eq!(fr(&s), whole.clone());
            let cut = s.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(s.len());
            let mut w = FrenchWrite::new(String::new());
            fmt::Write::write_str(&mut w, &s[..cut]).expect("a String takes it");
            fmt::Write::write_str(&mut w, &s[cut..]).expect("a String takes it");
            proptest::prop_assert_eq!(w.finish(), whole);
        }
    }
}
