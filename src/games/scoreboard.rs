//! The result every game produces: per player a total, the categories it is made of (each
//! explained), a rank with ties made explicit, and the kind of outcome (points race, co-op,
//! solo, objective race).

use std::borrow::Cow;
use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::StaticText;
use crate::text::{French, Lang, Text, french};

/// The computed end of a play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Scoreboard {
    pub game: super::GameId,
    pub variant: String,
    pub outcome: Outcome,
    /// In seat order.
    pub players: Vec<PlayerScore>,
    /// One entry per group of players whose totals were equal, saying how it was settled.
    pub tie_breaks: Vec<TieBreak>,
    /// What statistics read of the play besides the scores.
    #[serde(default)]
    pub facts: PlayFacts,
}

/// What a game says about a finished play beyond its scores, for the statistics: the contract
/// between the games and the history, so no statistic reads a table-state key of its own.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayFacts {
    /// Mission cards held (Valencia), each met or failed with the points it brought.
    #[serde(default)]
    pub missions: Vec<MissionOutcome>,
    /// The difficulty played (Orléans co-op and solo): a stable key (`easy`, `normal`,
    /// `one_per_round`, `in_order`, `hard`).
    #[serde(default)]
    pub difficulty: Option<String>,
    /// A lost co-op or solo game: the round it was lost in and that round's event.
    #[serde(default)]
    pub lost_at: Option<LostAt>,
}

/// One mission card at the end of a play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct MissionOutcome {
    pub seat: u8,
    /// The card's id, borrowed from the catalogue when scored; serialized and typed
    /// as a string.
    pub mission: Cow<'static, str>,
    /// Completed; a formula card counts as met when it scores points.
    pub met: bool,
    /// Signed points the card brought.
    pub points: i32,
}

/// Where a co-op or solo game was lost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LostAt {
    pub round: u8,
    /// The event that lost it, or the event of that round when time ran out.
    pub event: Option<String>,
}

impl Scoreboard {
    /// Seats of the winners (several when the victory is shared; none when a co-op or solo game
    /// was lost).
    pub fn winners(&self) -> Vec<u8> {
        self.players.iter().filter(|p| p.winner).map(|p| p.seat).collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayerScore {
    /// 0-based seat in table order.
    pub seat: u8,
    pub name: String,
    /// `None` (serialized `null`) only in a result recorded without its table state whose
    /// score was not kept (a BG Stats import): a game's own scoring always gives a total.
    pub total: Option<i32>,
    pub categories: Vec<CategoryScore>,
    /// 1-based; players sharing a place have the same rank (1, 1, 3).
    pub rank: u8,
    pub winner: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CategoryScore {
    /// Stable key (`fountains`, `missions_failed`, …), also the key stored for statistics. A game's
    /// own keys are borrowed from its catalogue (scoring runs on every keystroke); serialized and
    /// typed as a string.
    pub key: Cow<'static, str>,
    pub points: i32,
    /// Where the points come from, in both languages.
    pub detail: Detail,
}

/// Where a category's points come from, in both languages, written only when it is read or
/// serialized. Scoring runs on every keystroke (and for every phone at the table), and writing
/// both languages of every category was most of its time: a game may keep the
/// numbers and a fixed sentence instead, turned into words by [`Detail::get`] or when the
/// scoreboard is written as JSON. Serialized, read back and typed for the UI exactly as a
/// [`Text`] (`{ "fr": …, "en": … }`), so the doors see no difference.
#[derive(Debug, Clone)]
pub struct Detail(Repr);

#[derive(Debug, Clone)]
enum Repr {
    /// Already in words (Orléans, Splendor, the generic sheet, and any scoreboard read back).
    Text(Text),
    /// A sentence known at compile time: nothing to write, nothing to allocate.
    Fixed(StaticText),
    Valencia(super::valencia::Why),
    Citadelles(super::citadelles::Why),
}

impl Detail {
    pub(crate) fn valencia(why: super::valencia::Why) -> Detail {
        Detail(Repr::Valencia(why))
    }

    pub(crate) fn citadelles(why: super::citadelles::Why) -> Detail {
        Detail(Repr::Citadelles(why))
    }

    /// A sentence known at compile time.
    pub(crate) fn fixed(fr: &'static str, en: &'static str) -> Detail {
        Detail(Repr::Fixed(StaticText { fr, en }))
    }

    /// The sentence in `lang`; in French, typeset as a [`Text`] is ([`crate::text::french`]).
    pub fn get(&self, lang: Lang) -> Cow<'_, str> {
        match &self.0 {
            Repr::Text(t) => Cow::Borrowed(t.get(lang)),
            Repr::Fixed(t) if lang == Lang::Fr => french(t.fr),
            Repr::Fixed(t) => Cow::Borrowed(t.en),
            Repr::Valencia(_) | Repr::Citadelles(_) => Cow::Owned(self.in_lang(lang).to_string()),
        }
    }

    pub fn fr(&self) -> Cow<'_, str> {
        self.get(Lang::Fr)
    }

    pub fn en(&self) -> Cow<'_, str> {
        self.get(Lang::En)
    }

    pub fn to_text(&self) -> Text {
        Text::new(self.fr(), self.en())
    }

    fn in_lang(&self, lang: Lang) -> InLang<'_> {
        InLang(self, lang)
    }
}

/// One language of a [`Detail`], written straight into a formatter (the JSON writer too); the
/// French through [`French`], as a [`Text`] typesets it.
struct InLang<'a>(&'a Detail, Lang);

impl fmt::Display for InLang<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.0.0, self.1) {
            (Repr::Text(t), lang) => f.write_str(t.get(lang)),
            (Repr::Fixed(t), Lang::Fr) => f.write_str(&french(t.fr)),
            (Repr::Fixed(t), Lang::En) => f.write_str(t.en),
            (Repr::Valencia(why), Lang::Fr) => fmt::Display::fmt(&French(WhyIn::Valencia(why)), f),
            (Repr::Citadelles(why), Lang::Fr) => fmt::Display::fmt(&French(WhyIn::Citadelles(why)), f),
            (Repr::Valencia(why), Lang::En) => why.write(Lang::En, f),
            (Repr::Citadelles(why), Lang::En) => why.write(Lang::En, f),
        }
    }
}

/// A game's reasons written in French, for [`French`] to typeset as they are written.
enum WhyIn<'a> {
    Valencia(&'a super::valencia::Why),
    Citadelles(&'a super::citadelles::Why),
}

impl fmt::Display for WhyIn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhyIn::Valencia(why) => why.write(Lang::Fr, f),
            WhyIn::Citadelles(why) => why.write(Lang::Fr, f),
        }
    }
}

impl Serialize for InLang<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl From<Text> for Detail {
    fn from(text: Text) -> Detail {
        Detail(Repr::Text(text))
    }
}

/// Equal when they read the same in both languages, however each was kept.
impl PartialEq for Detail {
    fn eq(&self, other: &Detail) -> bool {
        self.fr() == other.fr() && self.en() == other.en()
    }
}

impl Eq for Detail {}

impl Serialize for Detail {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The fields of `Text`, in its order.
        let mut s = serializer.serialize_struct("Text", 2)?;
        s.serialize_field("fr", &self.in_lang(Lang::Fr))?;
        s.serialize_field("en", &self.in_lang(Lang::En))?;
        s.end()
    }
}

impl<'de> Deserialize<'de> for Detail {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Detail, D::Error> {
        Text::deserialize(deserializer).map(Detail::from)
    }
}

/// Typed as the `Text` it is serialized as: the bindings do not change.
#[cfg(feature = "specta")]
impl specta::Type for Detail {
    fn definition(types: &mut specta::Types) -> specta::datatype::DataType {
        <Text as specta::Type>::definition(types)
    }
}

/// How one group of equal totals was settled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TieBreak {
    pub seats: Vec<u8>,
    pub total: i32,
    /// Keys of the criteria applied, in order (empty when the game has none).
    pub criteria: Vec<String>,
    /// True when the criteria left at least two of them still level: they share the place.
    pub shared: bool,
    pub explanation: Text,
}

/// What kind of game ended, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// Competitive: the best total wins.
    Points,
    /// Everyone wins or loses together. `in_progress`: not decided yet (a play still being
    /// played; `won` is then false and says nothing).
    Coop {
        won: bool,
        #[serde(default)]
        in_progress: bool,
        round_reached: Option<u8>,
    },
    /// One player against the game (`in_progress` as for [`Outcome::Coop`]).
    Solo {
        won: bool,
        #[serde(default)]
        in_progress: bool,
        round_reached: u8,
    },
    /// First to complete their objectives wins (Orléans: Le duel).
    ObjectiveRace { round_reached: u8 },
}

impl Outcome {
    /// Name stored in the history (`plays.outcome`).
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Points => "points",
            Outcome::Coop { .. } => "coop",
            Outcome::Solo { .. } => "solo",
            Outcome::ObjectiveRace { .. } => "objective_race",
        }
    }
}

/// Which direction of a tie-break value is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    Higher,
    Lower,
}

/// One tie-break criterion with its value for each player (seat order).
#[derive(Debug, Clone)]
pub struct Criterion {
    pub key: &'static str,
    pub label: StaticText,
    pub better: Better,
    pub values: Vec<i32>,
}

/// Ranks players by total (higher first), then by each criterion in turn; players still level
/// after every criterion share the rank. Returns the rank of each player (seat order) and one
/// [`TieBreak`] per group of equal totals.
///
/// `names` and `totals` are in seat order and of equal length; each criterion's `values` too.
pub fn rank<S: AsRef<str>>(names: &[S], totals: &[i32], criteria: &[Criterion]) -> (Vec<u8>, Vec<TieBreak>) {
    let n = totals.len();
    // The sort key of each player, computed once: total, then each criterion oriented so that
    // larger is better (one row of `width` numbers per player).
    let width = 1 + criteria.len();
    let mut keys: Vec<i64> = Vec::with_capacity(n * width);
    for (i, &total) in totals.iter().enumerate() {
        keys.push(i64::from(total));
        for c in criteria {
            let v = i64::from(c.values.get(i).copied().unwrap_or(0));
            keys.push(if c.better == Better::Higher { v } else { -v });
        }
    }
    let key = |i: usize| &keys[i * width..(i + 1) * width];
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| key(b).cmp(key(a)).then(a.cmp(&b)));

    let mut ranks = vec![0u8; n];
    for (pos, &i) in order.iter().enumerate() {
        let shares_previous = pos > 0 && key(order[pos - 1]) == key(i);
        ranks[i] = if shares_previous { ranks[order[pos - 1]] } else { to_u8(pos + 1) };
    }

    let mut tie_breaks = Vec::new();
    let mut start = 0;
    while start < n {
        let total = totals[order[start]];
        let mut end = start;
        while end < n && totals[order[end]] == total {
            end += 1;
        }
        if end - start > 1 {
            let group: Vec<usize> = order[start..end].to_vec();
            tie_breaks.push(explain_tie(names, total, &group, criteria, &ranks));
        }
        start = end;
    }
    (ranks, tie_breaks)
}

fn to_u8(value: usize) -> u8 {
    u8::try_from(value).unwrap_or(u8::MAX)
}

fn explain_tie<S: AsRef<str>>(
    names: &[S],
    total: i32,
    group: &[usize],
    criteria: &[Criterion],
    ranks: &[u8],
) -> TieBreak {
    let who = group.iter().map(|&i| names[i].as_ref()).collect::<Vec<_>>().join(", ");
    // Apply criteria one by one while some players are still level, to know which were used.
    let mut used: Vec<&Criterion> = Vec::new();
    let mut level: Vec<Vec<usize>> = vec![group.to_vec()];
    for c in criteria {
        if level.iter().all(|g| g.len() < 2) {
            break;
        }
        used.push(c);
        let mut next = Vec::new();
        for g in level {
            let mut values: Vec<i32> = g.iter().map(|&i| c.values.get(i).copied().unwrap_or(0)).collect();
            values.sort_unstable();
            values.dedup();
            for v in values {
                next.push(
                    g.iter().copied().filter(|&i| c.values.get(i).copied().unwrap_or(0) == v).collect(),
                );
            }
        }
        level = next;
    }
    let shared = level.iter().any(|g| g.len() > 1);
    let first_rank = group.iter().map(|&i| ranks[i]).min().unwrap_or(1);
    let shared_by_winners = group.iter().filter(|&&i| ranks[i] == first_rank).count() > 1;

    let used_fr = used.iter().map(|c| format!("« {} »", c.label.fr)).collect::<Vec<_>>().join(" puis ");
    let used_en = used.iter().map(|c| format!("“{}”", c.label.en)).collect::<Vec<_>>().join(" then ");
    // « 0 point », « 1 point », « 2 points » (« −1 point »); "1 point", "0 points".
    let points_fr = crate::text::fr_noun(total.unsigned_abs(), "point", "points");
    let points_en = crate::text::en_noun(total.unsigned_abs(), "point", "points");
    let explanation = match (used.is_empty(), shared) {
        (true, _) => Text::new(
            format!("Égalité à {total} {points_fr} entre {who} : pas de départage, la place est partagée."),
            format!("{who} tie on {total} {points_en}: no tie-break, the place is shared."),
        ),
        (false, false) => Text::new(
            format!("Égalité à {total} {points_fr} entre {who}, départagée par {used_fr}."),
            format!("{who} tie on {total} {points_en}, settled by {used_en}."),
        ),
        (false, true) => Text::new(
            format!(
                "Égalité à {total} {points_fr} entre {who} ; {used_fr} {}{} : la place est partagée.",
                // The verb agrees with the tie-breaks named: « X ne suffit pas », « X puis Y ne suffisent pas ».
                if used.len() > 1 { "ne suffisent pas" } else { "ne suffit pas" },
                if shared_by_winners { " à tous les départager" } else { "" }
            ),
            format!(
                "{who} tie on {total} {points_en}; {used_en} leaves some still level: the place is shared."
            ),
        ),
    };
    TieBreak {
        seats: group.iter().map(|&i| to_u8(i)).collect(),
        total,
        criteria: used.iter().map(|c| c.key.to_owned()).collect(),
        shared,
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        ["Ani", "Dirk", "Lilli", "Patty", "Frank"].iter().take(n).map(|s| s.to_string()).collect()
    }

    #[test]
    fn ties_without_criteria_share_the_rank_and_skip_the_next() {
        let (ranks, ties) = rank(&names(4), &[30, 42, 42, 10], &[]);
        assert_eq!(ranks, vec![3, 1, 1, 4], "competition ranking: 1, 1, 3, 4");
        assert_eq!(ties.len(), 1);
        assert_eq!(ties[0].seats, vec![1, 2]);
        assert!(ties[0].shared);
        assert!(ties[0].criteria.is_empty());
    }

    #[test]
    fn criteria_apply_in_order_and_stop_once_settled() {
        let criteria = vec![
            Criterion {
                key: "city",
                label: StaticText::new("membres", "members"),
                better: Better::Higher,
                values: vec![7, 7, 5],
            },
            Criterion {
                key: "coins",
                label: StaticText::new("pièces", "coins"),
                better: Better::Higher,
                values: vec![1, 3, 9],
            },
        ];
        let (ranks, ties) = rank(&names(3), &[40, 40, 40], &criteria);
        assert_eq!(ranks, vec![2, 1, 3], "Dirk: same members as Ani, more coins; Lilli fewest members");
        assert_eq!(ties[0].criteria, vec!["city", "coins"]);
        assert!(!ties[0].shared);
    }

    #[test]
    fn lower_is_better_criterion() {
        let criteria = vec![Criterion {
            key: "cards",
            label: StaticText::new("cartes", "cards"),
            better: Better::Lower,
            values: vec![12, 9],
        }];
        let (ranks, ties) = rank(&names(2), &[15, 15], &criteria);
        assert_eq!(ranks, vec![2, 1], "fewest development cards wins");
        assert_eq!(ties[0].criteria, vec!["cards"]);
    }

    #[test]
    fn criteria_that_do_not_separate_leave_a_shared_place() {
        let criteria = vec![Criterion {
            key: "coins",
            label: StaticText::new("pièces", "coins"),
            better: Better::Higher,
            values: vec![4, 4],
        }];
        let (ranks, ties) = rank(&names(2), &[20, 20], &criteria);
        assert_eq!(ranks, vec![1, 1]);
        assert!(ties[0].shared);
        assert_eq!(ties[0].criteria, vec!["coins"]);
        let fr = &ties[0].explanation.fr;
        assert!(fr.contains(&*crate::text::french("« pièces » ne suffit pas")), "{fr}");
    }

    /// Two tie-breaks that both leave the players level: the verb agrees with both (« "membres"
    /// puis "pièces" ne suffisent pas », not « ne suffit pas »).
    #[test]
    fn two_tie_breaks_that_do_not_separate_take_a_plural_verb() {
        let criterion = |key, fr, en| Criterion {
            key,
            label: StaticText::new(fr, en),
            better: Better::Higher,
            values: vec![4, 4],
        };
        let criteria = vec![criterion("city", "membres", "members"), criterion("coins", "pièces", "coins")];
        let (_, ties) = rank(&names(2), &[20, 20], &criteria);
        assert_eq!(ties[0].criteria, vec!["city", "coins"]);
        let fr = &ties[0].explanation.fr;
        let agreed = crate::text::french("« membres » puis « pièces » ne suffisent pas à tous");
        assert!(fr.contains(&*agreed), "{fr}");
    }
}
