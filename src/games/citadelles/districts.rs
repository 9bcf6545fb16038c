//! The district cards: the 54 basic districts (17 kinds, FACT-CIT-B1, V2, the same in both
//! profiles) and the wonders of each profile: the classic set (FACT-CIT-B2) for `classique`, the
//! 2016 set of 30 unique districts (FACT-CIT-B3) for `deuxieme_edition` (DEC-CIT-5). Neither
//! rulebook lists the wonders; CIT §Quartiers only says each purple district has its own effect,
//! which may give points.

use serde::{Deserialize, Serialize};

use super::CitadellesVariant;
use crate::text::{Lang, Text};

/// The five district types (Citadelles classique, Quartiers: told apart by the gem's colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum CitadellesDistrictType {
    /// Yellow.
    Noble,
    /// Blue.
    Religious,
    /// Green.
    Trade,
    /// Red.
    Military,
    /// Purple: wonders (classic), unique districts (2016).
    Wonder,
}

impl CitadellesDistrictType {
    pub const ALL: [CitadellesDistrictType; 5] = [
        CitadellesDistrictType::Noble,
        CitadellesDistrictType::Religious,
        CitadellesDistrictType::Trade,
        CitadellesDistrictType::Military,
        CitadellesDistrictType::Wonder,
    ];

    pub fn key(self) -> &'static str {
        match self {
            CitadellesDistrictType::Noble => "noble",
            CitadellesDistrictType::Religious => "religious",
            CitadellesDistrictType::Trade => "trade",
            CitadellesDistrictType::Military => "military",
            CitadellesDistrictType::Wonder => "wonder",
        }
    }

    pub(crate) fn index(self) -> usize {
        match self {
            CitadellesDistrictType::Noble => 0,
            CitadellesDistrictType::Religious => 1,
            CitadellesDistrictType::Trade => 2,
            CitadellesDistrictType::Military => 3,
            CitadellesDistrictType::Wonder => 4,
        }
    }

    /// `noble (jaune)` / `noble (yellow)`.
    pub fn name(self) -> Text {
        let (fr, en) = match self {
            CitadellesDistrictType::Noble => ("noble (jaune)", "noble (yellow)"),
            CitadellesDistrictType::Religious => ("religieux (bleu)", "religious (blue)"),
            CitadellesDistrictType::Trade => ("commerçant (vert)", "trade (green)"),
            CitadellesDistrictType::Military => ("militaire (rouge)", "military (red)"),
            CitadellesDistrictType::Wonder => ("merveille (violet)", "wonder (purple)"),
        };
        Text::new(fr, en)
    }

    /// The bare adjective, agreeing with a count (`militaire`, `militaires`).
    pub(crate) fn word(self, count: usize) -> Text {
        Text::new(self.word_in(count, Lang::Fr), self.word_in(count, Lang::En))
    }

    /// [`Self::word`] in one language, as written in the sentences.
    pub(crate) fn word_in(self, count: usize, lang: Lang) -> &'static str {
        let plural = count > 1;
        match lang {
            Lang::Fr => match (self, plural) {
                (CitadellesDistrictType::Noble, false) => "noble",
                (CitadellesDistrictType::Noble, true) => "nobles",
                (CitadellesDistrictType::Religious, _) => "religieux",
                (CitadellesDistrictType::Trade, false) => "commerçant",
                (CitadellesDistrictType::Trade, true) => "commerçants",
                (CitadellesDistrictType::Military, false) => "militaire",
                (CitadellesDistrictType::Military, true) => "militaires",
                (CitadellesDistrictType::Wonder, false) => "merveille",
                (CitadellesDistrictType::Wonder, true) => "merveilles",
            },
            Lang::En => match self {
                CitadellesDistrictType::Wonder => "wonder",
                other => other.key(),
            },
        }
    }
}

/// A basic (non-purple) district kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct District {
    pub id: &'static str,
    pub fr: &'static str,
    pub en: &'static str,
    pub kind: CitadellesDistrictType,
    pub cost: u8,
    /// Cards of this kind in the deck.
    pub copies: u8,
}

const fn basic(
    id: &'static str,
    fr: &'static str,
    en: &'static str,
    kind: CitadellesDistrictType,
    cost: u8,
    copies: u8,
) -> District {
    District { id, fr, en, kind, cost, copies }
}

use CitadellesDistrictType::{Military, Noble, Religious, Trade};

/// FACT-CIT-B1 (V2): 17 kinds, 54 cards, identical in the classic and 2016 editions.
pub static BASIC_DISTRICTS: [District; 17] = [
    basic("temple", "Temple", "Temple", Religious, 1, 3),
    basic("church", "Église", "Church", Religious, 2, 3),
    basic("monastery", "Monastère", "Monastery", Religious, 3, 3),
    basic("cathedral", "Cathédrale", "Cathedral", Religious, 5, 2),
    basic("watchtower", "Tour de guet", "Watchtower", Military, 1, 3),
    basic("prison", "Prison", "Prison", Military, 2, 3),
    basic("barracks", "Caserne", "Barracks", Military, 3, 3),
    basic("fortress", "Forteresse", "Fortress", Military, 5, 2),
    basic("manor", "Manoir", "Manor", Noble, 3, 5),
    basic("castle", "Château", "Castle", Noble, 4, 4),
    basic("palace", "Palais", "Palace", Noble, 5, 3),
    basic("tavern", "Taverne", "Tavern", Trade, 1, 5),
    basic("market", "Marché", "Market", Trade, 2, 4),
    basic("trading_post", "Échoppe", "Trading Post", Trade, 2, 3),
    basic("docks", "Comptoir", "Docks", Trade, 3, 3),
    basic("harbor", "Port", "Harbor", Trade, 4, 3),
    basic("town_hall", "Hôtel de ville", "Town Hall", Trade, 5, 2),
];

pub fn basic_district(id: &str) -> Option<&'static District> {
    BASIC_DISTRICTS.iter().find(|d| d.id == id)
}

/// What a wonder adds at the end of the game (on top of its cost).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WonderScoring {
    /// Nothing at the end of the game.
    None,
    /// A fixed bonus (University, Dragon Gate: +2, scoring 8 for a cost of 6).
    Extra(u8),
    /// +1 per gold held (Imperial Treasury).
    PerGold,
    /// +1 per card in hand (Map Room).
    PerCardInHand,
    /// Counts as one district type of the owner's choice (Haunted City).
    AnyType,
    /// +1 per wonder in the city, itself included (Wishing Well).
    PerWonder,
    /// Points when holding the crown at the end (Statue).
    CrownHolder(u8),
    /// Points when it is the city's only wonder (Ivory Tower).
    OnlyWonder(u8),
    /// +1 per district of odd cost (Basilica).
    PerOddCost,
    /// Points once for at least 3 districts of one type (Capitol).
    ThreeOfAType(u8),
    /// +1 per card under it (Museum).
    PerMuseumCard,
    /// Points when revealed from the hand; never built (Secret Vault).
    RevealedFromHand(u8),
}

/// How a wonder changes the Warlord's destruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarlordRule {
    Normal,
    /// Cannot be destroyed (Keep).
    Immune,
    /// +1 to destroy the owner's other districts (classic Great Wall).
    WallOthers,
    /// +1 to destroy any district of the owner's city (2016 Great Wall).
    WallAll,
}

/// A purple district of one profile's catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wonder {
    pub id: &'static str,
    pub fr: &'static str,
    pub en: &'static str,
    pub cost: u8,
    pub copies: u8,
    /// The Secret Vault can never be built.
    pub buildable: bool,
    pub scoring: WonderScoring,
    pub warlord: WarlordRule,
    /// Districts it counts as toward a complete city (Monument: 2).
    pub completion_weight: u8,
    /// The owner may build districts identical to ones already in the city (Quarry).
    pub allows_duplicates: bool,
    pub effect_fr: &'static str,
    pub effect_en: &'static str,
    /// A value the sources do not settle, and what was decided.
    pub note: Option<(&'static str, &'static str)>,
}

const fn wonder(
    id: &'static str,
    fr: &'static str,
    en: &'static str,
    cost: u8,
    scoring: WonderScoring,
    effect_fr: &'static str,
    effect_en: &'static str,
) -> Wonder {
    Wonder {
        id,
        fr,
        en,
        cost,
        copies: 1,
        buildable: true,
        scoring,
        warlord: WarlordRule::Normal,
        completion_weight: 1,
        allows_duplicates: false,
        effect_fr,
        effect_en,
        note: None,
    }
}

use WonderScoring as S;

/// Wonders whose end effect needs something the city alone does not say (the round it was
/// built, the cards under it, whether it was revealed): the sheet asks for it by these ids.
pub const HAUNTED_CITY: &str = "haunted_city";
pub const MUSEUM: &str = "museum";
pub const SECRET_VAULT: &str = "secret_vault";

/// FACT-CIT-B2: the classic base set (12 cards, V1 for the composition) plus the Map Room and
/// the Imperial Treasury of the "Édition Classique" (14 cards, 13 kinds: two Keeps).
pub static CLASSIC_WONDERS: [Wonder; 13] = [
    Wonder {
        note: Some((
            "Restriction « pas si elle est bâtie au dernier tour » : non confirmée par une seconde source, retenue par les décisions du projet.",
            "Restriction \"not if built in the last round\": not confirmed by a second source, kept by the project's decisions.",
        )),
        ..wonder(
            HAUNTED_CITY,
            "Cour des Miracles",
            "Haunted City",
            2,
            S::AnyType,
            "En fin de partie, compte comme un type de quartier au choix pour le bonus des cinq types, sauf si elle a été bâtie au dernier tour.",
            "At the end of the game, counts as one district type of your choice for the five-type bonus, unless it was built in the last round.",
        )
    },
    // FACT-CIT-B2: 2 Keeps (AB count 2, DS 2 Keep).
    Wonder {
        copies: 2,
        warlord: WarlordRule::Immune,
        ..wonder(
            "keep",
            "Donjon",
            "Keep",
            3,
            S::None,
            "Le Condottiere ne peut pas le détruire.",
            "The Warlord cannot destroy it.",
        )
    },
    wonder(
        "laboratory",
        "Laboratoire",
        "Laboratory",
        5,
        S::None,
        "Une fois par tour, défaussez une carte de votre main pour recevoir 2 pièces d'or.",
        "Once per turn, discard a card from your hand to receive 2 gold.",
    ),
    wonder(
        "smithy",
        "Forge",
        "Smithy",
        5,
        S::None,
        "Une fois par tour, payez 2 pièces d'or pour piocher 3 cartes.",
        "Once per turn, pay 2 gold to draw 3 cards.",
    ),
    wonder(
        "graveyard",
        "Cimetière",
        "Graveyard",
        5,
        S::None,
        "Quand le Condottiere détruit un quartier, vous pouvez payer 1 pièce d'or pour le prendre en main (pas si vous êtes le Condottiere).",
        "When the Warlord destroys a district, you may pay 1 gold to take it into your hand (not if you are the Warlord).",
    ),
    // FACT-CIT-B2: Observatory cost 4 (AB) vs 5 (DS) — U.
    Wonder {
        note: Some((
            "Coût incertain : 5 selon la liste du jeu de base d'origine, 4 selon une autre source ; Greffier retient 5. Pour un autre coût, saisissez une merveille personnalisée.",
            "Uncertain cost: 5 in the original base-game list, 4 in another source; Greffier uses 5. For another cost, enter a custom wonder.",
        )),
        ..wonder(
            "observatory",
            "Observatoire",
            "Observatory",
            5,
            S::None,
            "Quand vous piochez des cartes au début de votre tour, piochez-en 3 au lieu de 2 et gardez-en une.",
            "When you draw cards at the start of your turn, draw 3 instead of 2 and keep one.",
        )
    },
    wonder(
        "school_of_magic",
        "École de Magie",
        "School of Magic",
        6,
        S::None,
        "Pour les revenus des personnages, compte comme le type de votre choix (pas pour le bonus des cinq types).",
        "For character income, counts as the type of your choice (not for the five-type bonus).",
    ),
    wonder(
        "library",
        "Bibliothèque",
        "Library",
        6,
        S::None,
        "Quand vous piochez des cartes au début de votre tour, gardez toutes les cartes piochées.",
        "When you draw cards at the start of your turn, keep all the cards drawn.",
    ),
    Wonder {
        warlord: WarlordRule::WallOthers,
        ..wonder(
            "great_wall",
            "Grande Muraille",
            "Great Wall",
            6,
            S::None,
            "Le Condottiere paie 1 pièce d'or de plus pour détruire vos autres quartiers.",
            "The Warlord pays 1 more gold to destroy your other districts.",
        )
    },
    wonder(
        "university",
        "Université",
        "University",
        6,
        S::Extra(2),
        "Coûte 6 mais vaut 8 points en fin de partie.",
        "Costs 6 but is worth 8 points at the end of the game.",
    ),
    wonder(
        "dragon_gate",
        "Dracoport",
        "Dragon Gate",
        6,
        S::Extra(2),
        "Coûte 6 mais vaut 8 points en fin de partie.",
        "Costs 6 but is worth 8 points at the end of the game.",
    ),
    wonder(
        "map_room",
        "Salle des Cartes",
        "Map Room",
        5,
        S::PerCardInHand,
        "En fin de partie, 1 point par carte dans votre main.",
        "At the end of the game, 1 point per card in your hand.",
    ),
    wonder(
        "imperial_treasury",
        "Trésor Impérial",
        "Imperial Treasury",
        5,
        S::PerGold,
        "En fin de partie, 1 point par pièce d'or dans votre trésor.",
        "At the end of the game, 1 point per gold in your treasury.",
    ),
];

/// FACT-CIT-B3 (costs V2): the 30 unique districts of the 2016 edition, one card each.
pub static WONDERS_2016: [Wonder; 30] = [
    wonder(
        "smithy",
        "Forge",
        "Smithy",
        5,
        S::None,
        "Une fois par tour, payez 2 pièces d'or pour recevoir 3 cartes.",
        "Once per turn, pay 2 gold to gain 3 cards.",
    ),
    wonder(
        "laboratory",
        "Laboratoire",
        "Laboratory",
        5,
        S::None,
        "Une fois par tour, défaussez une carte de votre main pour recevoir 2 pièces d'or.",
        "Once per turn, discard a card from your hand to receive 2 gold.",
    ),
    wonder(
        "school_of_magic",
        "École de Magie",
        "School of Magic",
        6,
        S::None,
        "Pour les pouvoirs qui rapportent des ressources, compte comme le type de votre choix.",
        "For abilities that gain resources, counts as the type of your choice.",
    ),
    Wonder {
        warlord: WarlordRule::Immune,
        ..wonder(
            "keep",
            "Donjon",
            "Keep",
            3,
            S::None,
            "Le personnage de rang 8 ne peut pas utiliser son pouvoir sur le Donjon.",
            "The rank-8 character cannot use its ability on the Keep.",
        )
    },
    wonder(
        "dragon_gate",
        "Dracoport",
        "Dragon Gate",
        6,
        S::Extra(2),
        "En fin de partie, 2 points de plus (vaut 8 pour un coût de 6).",
        "At the end of the game, 2 extra points (worth 8 for a cost of 6).",
    ),
    wonder(
        HAUNTED_CITY,
        "Cour des Miracles",
        "Haunted Quarter",
        2,
        S::AnyType,
        "En fin de partie, compte comme un type de quartier au choix ; comptée comme un autre type, elle n'est plus une merveille pour les autres effets.",
        "At the end of the game, counts as one district type of your choice; counted as another type, it is no longer a unique district for other effects.",
    ),
    Wonder {
        warlord: WarlordRule::WallAll,
        ..wonder(
            "great_wall",
            "Grande Muraille",
            "Great Wall",
            6,
            S::None,
            "Le personnage de rang 8 paie 1 pièce d'or de plus pour utiliser son pouvoir sur un quartier de votre cité.",
            "The rank-8 character pays 1 more gold to use its ability on a district in your city.",
        )
    },
    wonder(
        "observatory",
        "Observatoire",
        "Observatory",
        4,
        S::None,
        "Quand vous piochez des cartes comme ressource, piochez-en 3 au lieu de 2 et gardez-en une.",
        "When you draw cards as resources, draw 3 instead of 2 and keep one.",
    ),
    wonder(
        "library",
        "Bibliothèque",
        "Library",
        6,
        S::None,
        "Quand vous piochez des cartes comme ressource, gardez toutes les cartes piochées.",
        "When you draw cards as resources, keep all the cards drawn.",
    ),
    Wonder {
        allows_duplicates: true,
        ..wonder(
            "quarry",
            "Carrière",
            "Quarry",
            5,
            S::None,
            "Vous pouvez bâtir des quartiers identiques à ceux de votre cité.",
            "You may build districts identical to ones already in your city.",
        )
    },
    wonder(
        "armory",
        "Poudrière",
        "Armory",
        3,
        S::None,
        "Pendant votre tour, détruisez la Poudrière pour détruire un quartier de votre choix (pas dans une cité complète).",
        "During your turn, destroy the Armory to destroy one district of your choice (not in a complete city).",
    ),
    wonder(
        "factory",
        "Manufacture",
        "Factory",
        5,
        S::None,
        "Vous payez 1 pièce d'or de moins pour bâtir toute autre merveille.",
        "You pay 1 less gold to build any other unique district.",
    ),
    wonder(
        "park",
        "Parc",
        "Park",
        6,
        S::None,
        "Si vous n'avez aucune carte en main à la fin de votre tour, recevez 2 cartes.",
        "If you have no cards in hand at the end of your turn, gain 2 cards.",
    ),
    wonder(
        MUSEUM,
        "Musée",
        "Museum",
        4,
        S::PerMuseumCard,
        "Une fois par tour, glissez une carte de votre main face cachée sous le Musée ; en fin de partie, 1 point par carte dessous.",
        "Once per turn, put a card from your hand face down under the Museum; at the end of the game, 1 point per card under it.",
    ),
    wonder(
        "poor_house",
        "Hospice",
        "Poor House",
        4,
        S::None,
        "Si vous n'avez aucune pièce d'or à la fin de votre tour, recevez-en une.",
        "If you have no gold at the end of your turn, gain 1 gold.",
    ),
    wonder(
        "map_room",
        "Salle des Cartes",
        "Map Room",
        5,
        S::PerCardInHand,
        "En fin de partie, 1 point par carte dans votre main.",
        "At the end of the game, 1 point per card in your hand.",
    ),
    wonder(
        "wishing_well",
        "Fontaine aux Souhaits",
        "Wishing Well",
        5,
        S::PerWonder,
        "En fin de partie, 1 point par merveille de votre cité, elle comprise.",
        "At the end of the game, 1 point per unique district in your city, itself included.",
    ),
    wonder(
        "imperial_treasury",
        "Trésor Impérial",
        "Imperial Treasury",
        5,
        S::PerGold,
        "En fin de partie, 1 point par pièce d'or dans votre trésor.",
        "At the end of the game, 1 point per gold in your stash.",
    ),
    wonder(
        "framework",
        "Chantier",
        "Framework",
        3,
        S::None,
        "Vous pouvez bâtir un quartier en détruisant le Chantier au lieu d'en payer le coût.",
        "You may build a district by destroying the Framework instead of paying its cost.",
    ),
    wonder(
        "statue",
        "Statue Équestre",
        "Statue",
        3,
        S::CrownHolder(5),
        "En fin de partie, 5 points si vous avez la Couronne.",
        "At the end of the game, 5 points if you hold the crown.",
    ),
    wonder(
        "gold_mine",
        "Mine d'Or",
        "Gold Mine",
        6,
        S::None,
        "Quand vous prenez de l'or comme ressource, recevez 1 pièce d'or de plus.",
        "When you take gold as resources, gain 1 more gold.",
    ),
    wonder(
        "ivory_tower",
        "Tour d'Ivoire",
        "Ivory Tower",
        5,
        S::OnlyWonder(5),
        "En fin de partie, 5 points si c'est la seule merveille de votre cité.",
        "At the end of the game, 5 points if it is the only unique district in your city.",
    ),
    wonder(
        "necropolis",
        "Nécropole",
        "Necropolis",
        5,
        S::None,
        "Vous pouvez la bâtir en détruisant un quartier de votre cité au lieu d'en payer le coût.",
        "You may build it by destroying a district in your city instead of paying its cost.",
    ),
    wonder(
        "thieves_den",
        "Tripot",
        "Thieves' Den",
        6,
        S::None,
        "Payez tout ou partie de son coût avec des cartes de votre main, une carte pour une pièce d'or.",
        "Pay part or all of its cost with cards from your hand, one card for one gold.",
    ),
    wonder(
        "theater",
        "Théâtre",
        "Theater",
        6,
        S::None,
        "À la fin de chaque choix des personnages, vous pouvez échanger votre personnage avec celui d'un adversaire.",
        "At the end of each character selection, you may swap your chosen character with an opponent's.",
    ),
    wonder(
        "stables",
        "Écuries",
        "Stables",
        2,
        S::None,
        "Ne compte pas dans votre limite de constructions du tour.",
        "Does not count toward your building limit for the turn.",
    ),
    wonder(
        "basilica",
        "Basilique",
        "Basilica",
        4,
        S::PerOddCost,
        "En fin de partie, 1 point par quartier de coût impair dans votre cité.",
        "At the end of the game, 1 point per district with an odd cost in your city.",
    ),
    Wonder {
        buildable: false,
        ..wonder(
            SECRET_VAULT,
            "Catacombes",
            "Secret Vault",
            0,
            S::RevealedFromHand(3),
            "Ne peut jamais être bâtie ; en fin de partie, révélez-la de votre main pour 3 points.",
            "Can never be built; at the end of the game, reveal it from your hand for 3 points.",
        )
    },
    wonder(
        "capitol",
        "Capitole",
        "Capitol",
        5,
        S::ThreeOfAType(3),
        "En fin de partie, 3 points (une seule fois) si vous avez au moins 3 quartiers d'un même type.",
        "At the end of the game, 3 points (once) if you have at least 3 districts of the same type.",
    ),
    Wonder {
        completion_weight: 2,
        ..wonder(
            "monument",
            "Monument",
            "Monument",
            4,
            S::None,
            "Ne peut pas être bâti si votre cité a déjà 5 quartiers ou plus ; compte pour 2 quartiers pour compléter la cité.",
            "Cannot be built if your city already has 5 or more districts; counts as 2 districts toward a complete city.",
        )
    },
];

/// The wonders of a profile.
pub fn wonders(variant: CitadellesVariant) -> &'static [Wonder] {
    match variant {
        CitadellesVariant::Classique => &CLASSIC_WONDERS,
        CitadellesVariant::DeuxiemeEdition => &WONDERS_2016,
    }
}

pub fn wonder_of(variant: CitadellesVariant, id: &str) -> Option<&'static Wonder> {
    wonders(variant).iter().find(|w| w.id == id)
}

/// A card of a profile's catalogue: a basic district or one of its wonders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CatalogueCard {
    Basic(&'static District),
    Wonder(&'static Wonder),
}

impl CatalogueCard {
    pub fn id(self) -> &'static str {
        match self {
            CatalogueCard::Basic(d) => d.id,
            CatalogueCard::Wonder(w) => w.id,
        }
    }

    pub fn name(self) -> Text {
        Text::new(self.name_in(Lang::Fr), self.name_in(Lang::En))
    }

    /// The card's name in one language.
    pub fn name_in(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (CatalogueCard::Basic(d), Lang::Fr) => d.fr,
            (CatalogueCard::Basic(d), Lang::En) => d.en,
            (CatalogueCard::Wonder(w), Lang::Fr) => w.fr,
            (CatalogueCard::Wonder(w), Lang::En) => w.en,
        }
    }

    pub fn cost(self) -> u8 {
        match self {
            CatalogueCard::Basic(d) => d.cost,
            CatalogueCard::Wonder(w) => w.cost,
        }
    }

    pub fn kind(self) -> CitadellesDistrictType {
        match self {
            CatalogueCard::Basic(d) => d.kind,
            CatalogueCard::Wonder(_) => CitadellesDistrictType::Wonder,
        }
    }

    pub fn copies(self) -> u8 {
        match self {
            CatalogueCard::Basic(d) => d.copies,
            CatalogueCard::Wonder(w) => w.copies,
        }
    }

    pub fn wonder(self) -> Option<&'static Wonder> {
        match self {
            CatalogueCard::Basic(_) => None,
            CatalogueCard::Wonder(w) => Some(w),
        }
    }
}

/// Looks a district id up in a profile's catalogue.
pub fn card(variant: CitadellesVariant, id: &str) -> Option<CatalogueCard> {
    basic_district(id).map(CatalogueCard::Basic).or_else(|| wonder_of(variant, id).map(CatalogueCard::Wonder))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifty_four_basic_cards_by_type() {
        let count =
            |k| BASIC_DISTRICTS.iter().filter(|d| d.kind == k).map(|d| u32::from(d.copies)).sum::<u32>();
        // FACT-CIT-B1: religious 11, military 11, noble 12, trade 20 = 54.
        assert_eq!((count(Religious), count(Military), count(Noble), count(Trade)), (11, 11, 12, 20));
    }

    #[test]
    fn wonder_sets_have_their_sizes_and_unique_ids() {
        let classic: u32 = CLASSIC_WONDERS.iter().map(|w| u32::from(w.copies)).sum();
        assert_eq!(classic, 14, "12 of the base set + Map Room + Imperial Treasury");
        assert_eq!(WONDERS_2016.len(), 30);
        for set in [&CLASSIC_WONDERS[..], &WONDERS_2016[..]] {
            let mut ids: Vec<_> = set.iter().map(|w| w.id).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), set.len());
            assert!(set.iter().all(|w| basic_district(w.id).is_none()));
        }
    }
}
