//! The characters of each profile. Classique: the 8 of the rulebook (CIT §Pouvoirs des
//! personnages; FACT-CIT-B4, V2). 2e édition: the same 8 (CIT2 §Les personnages) and, as that
//! rulebook announces a second series that can replace base characters and ninth characters
//! that allow 8 players, the 2016 alternates of FACT-CIT-B4 (V2: 3 per rank, ranks 1 to 9).

use super::CitadellesVariant;
use super::profile::BASE_CHARACTERS;
use crate::text::{FrArticle, Text, fr_article};

/// Which set a character belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharacterSet {
    /// The 8 characters of both rulebooks.
    Base,
    /// FACT-CIT-B4, 2016 edition: alternates of ranks 1–8 and the rank-9 characters.
    Alternate,
}

/// One character card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Character {
    pub id: &'static str,
    pub rank: u8,
    pub fr: &'static str,
    pub en: &'static str,
    pub set: CharacterSet,
    /// Fewest players it may be used with (the Queen: 5, FACT-CIT-B4).
    pub min_players: u8,
    /// The French name is feminine (« la Reine », « de la Sorcière »): the article the texts
    /// put before it ([`Character::fr_with`]).
    pub feminine: bool,
}

const fn base(id: &'static str, rank: u8, fr: &'static str, en: &'static str) -> Character {
    Character { id, rank, fr, en, set: CharacterSet::Base, min_players: 2, feminine: false }
}

const fn alt(id: &'static str, rank: u8, fr: &'static str, en: &'static str) -> Character {
    Character { id, rank, fr, en, set: CharacterSet::Alternate, min_players: 2, feminine: false }
}

/// An alternate whose French name is feminine.
const fn alt_f(id: &'static str, rank: u8, fr: &'static str, en: &'static str) -> Character {
    Character { feminine: true, ..alt(id, rank, fr, en) }
}

/// Every character, base first then the alternates, each by rank. Base names as the rulebooks
/// print them; alternates' French names from FACT-CIT-B4.
/// 2e édition, rank 9: beautifies districts (+1 each); the sheet asks which ones.
pub const ARTIST: &str = "artist";

pub static CHARACTERS: [Character; 27] = [
    base("assassin", 1, "Assassin", "Assassin"),
    base("thief", 2, "Voleur", "Thief"),
    base("magician", 3, "Magicien", "Magician"),
    base("king", 4, "Roi", "King"),
    base("bishop", 5, "Évêque", "Bishop"),
    base("merchant", 6, "Marchand", "Merchant"),
    base("architect", 7, "Architecte", "Architect"),
    base("warlord", 8, "Condottiere", "Warlord"),
    alt_f("witch", 1, "Sorcière", "Witch"),
    alt("magistrate", 1, "Échevin", "Magistrate"),
    alt_f("blackmailer", 2, "Maître-chanteuse", "Blackmailer"),
    alt("spy", 2, "Espion", "Spy"),
    alt("wizard", 3, "Sorcier", "Wizard"),
    alt_f("seer", 3, "Voyante", "Seer"),
    alt("emperor", 4, "Empereur", "Emperor"),
    alt("patrician", 4, "Patricien", "Patrician"),
    alt("abbot", 5, "Abbé", "Abbot"),
    alt("cardinal", 5, "Cardinal", "Cardinal"),
    alt("alchemist", 6, "Alchimiste", "Alchemist"),
    alt("trader", 6, "Négociant", "Trader"),
    alt_f("navigator", 7, "Navigatrice", "Navigator"),
    alt("scholar", 7, "Archiviste", "Scholar"),
    alt("diplomat", 8, "Diplomate", "Diplomat"),
    alt("marshal", 8, "Capitaine", "Marshal"),
    // FACT-CIT-B4: the Queen only in games of 5 players or more (CT, RP).
    Character { min_players: 5, ..alt_f("queen", 9, "Reine", "Queen") },
    alt(ARTIST, 9, "Artiste", "Artist"),
    alt("tax_collector", 9, "Bailli", "Tax Collector"),
];

impl Character {
    pub fn name(&self) -> Text {
        Text::new(self.fr, self.en)
    }

    /// The French name with its article: « le Roi », « de l'Évêque », « à la Reine ».
    pub fn fr_with(&self, article: FrArticle) -> String {
        fr_article(article, self.fr, self.feminine)
    }

    /// `Roi (4)` / `King (4)`.
    pub fn label(&self) -> Text {
        Text::new(format!("{} ({})", self.fr, self.rank), format!("{} ({})", self.en, self.rank))
    }
}

/// The characters a profile offers.
pub fn characters(variant: CitadellesVariant) -> impl Iterator<Item = &'static Character> {
    CHARACTERS
        .iter()
        .filter(move |c| c.set == CharacterSet::Base || variant == CitadellesVariant::DeuxiemeEdition)
}

pub fn character_of(variant: CitadellesVariant, id: &str) -> Option<&'static Character> {
    characters(variant).find(|c| c.id == id)
}

/// Any character of any profile (to tell "not in this profile" from "unknown").
pub fn any_character(id: &str) -> Option<&'static Character> {
    CHARACTERS.iter().find(|c| c.id == id)
}

/// The base character of a rank (1–8).
pub fn base_of_rank(rank: u8) -> Option<&'static Character> {
    CHARACTERS.iter().find(|c| c.set == CharacterSet::Base && c.rank == rank)
}

/// The characters in play, by rank (1 to 8, and 9 with a ninth character): the one `chosen` for
/// a rank (unknown or out-of-range ids left out, the problems say why), else the rank's base
/// character, and for rank 9 the first one playable with this many players. What the table
/// shows until the players pick others (CIT2 §Les personnages: one character card per rank).
pub fn in_play<S: AsRef<str>>(
    variant: CitadellesVariant,
    players: usize,
    ninth: bool,
    chosen: &[S],
) -> Vec<&'static Character> {
    let ranks = BASE_CHARACTERS + u8::from(ninth);
    (1..=ranks)
        .filter_map(|rank| {
            let picked =
                chosen.iter().filter_map(|id| character_of(variant, id.as_ref())).find(|c| c.rank == rank);
            picked.or_else(|| match rank {
                9 => characters(variant).find(|c| c.rank == 9 && usize::from(c.min_players) <= players),
                _ => base_of_rank(rank),
            })
        })
        .collect()
}

/// A rank's name when the character is not known, e.g. `personnage de rang 4`.
pub fn rank_label(variant: CitadellesVariant, rank: u8) -> Text {
    match (variant, base_of_rank(rank)) {
        (CitadellesVariant::Classique, Some(c)) => c.label(),
        _ => Text::new(format!("personnage de rang {rank}"), format!("rank-{rank} character")),
    }
}
