//! What the box and each scenario's setup put in play, as bounds on the table (a
//! seat could hold 60 technology tiles in any scenario, and more fortifications than the city
//! board shows). Each supply is the most the whole table holds of one item — every seat
//! together, with Invasion's city board where the item lies on it — beside the line that says
//! it; a table holding more is refused on every holder's field, so that no seat is picked by
//! the order things were typed.
//!
//! Rulebook: `ORL` (`docs/sources.md`); the base game's box (goods, citizens) is summarised in
//! `docs/facts.md` (Orléans).

use super::catalogue::{OrleansGood, OrleansScenario};
use super::table::{OrleansPlayer, OrleansTeam};
use crate::games::Problems;
use crate::text::Text;

/// Citizen tiles in the box: the base game's 14 (FACT-ORL-D4: 3 on the development track, the
/// knights', the boatmen's, 8 beneficial deeds, the most trading posts') and the expansion's
/// (Appendice, Matériel: « 2 jetons Citoyen supplémentaires »).
pub const CITIZENS_IN_BOX: u32 = 16;

/// Invasion, Contenu additionnel: « 13 jetons « Bâtiment spécial » », one per border town, on
/// which the fortifications are built.
pub const SPECIAL_BUILDINGS: u32 = super::status::BORDER_TOWNS;

/// One item the table holds, as a seat's count (or good) and, in Invasion, the city board's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Technology,
    PlaceTiles,
    Citizens,
    Good(OrleansGood),
    /// Every good together (Vierzon's 40 tokens).
    AllGoods,
}

impl Item {
    /// The seat's field it is typed in (`technology`, `goods.grain`, …), `goods` for all goods.
    pub fn key(self) -> &'static str {
        match self {
            Item::Technology => "technology",
            Item::PlaceTiles => "place_tiles",
            Item::Citizens => "citizens",
            Item::Good(g) => match g {
                OrleansGood::Grain => "goods.grain",
                OrleansGood::Cheese => "goods.cheese",
                OrleansGood::Wine => "goods.wine",
                OrleansGood::Wool => "goods.wool",
                OrleansGood::Brocade => "goods.brocade",
            },
            Item::AllGoods => "goods",
        }
    }

    fn of_seat(self, p: &OrleansPlayer) -> u32 {
        match self {
            Item::Technology => p.technology,
            Item::PlaceTiles => p.place_tiles,
            Item::Citizens => p.citizens,
            Item::Good(g) => p.goods.get(g),
            Item::AllGoods => p.goods.count(),
        }
    }

    /// What Invasion's city board holds of it: the team's citizens, the warehouse's goods.
    fn of_team(self, t: &OrleansTeam) -> u32 {
        match self {
            Item::Citizens => t.citizens,
            Item::Good(g) => t.warehouse.get(g),
            Item::AllGoods => t.warehouse.count(),
            Item::Technology | Item::PlaceTiles => 0,
        }
    }

    fn words(self) -> Text {
        match self {
            Item::Technology => Text::new("jetons Technologie", "technology tiles"),
            Item::PlaceTiles => Text::new("tuiles Lieu", "place tiles"),
            Item::Citizens => Text::new("jetons Citoyen", "citizen tiles"),
            Item::Good(g) => {
                let l = g.label();
                Text::new(format!("jetons {}", l.fr), format!("{} tiles", l.en.to_lowercase()))
            }
            Item::AllGoods => Text::new("jetons Marchandise", "goods tiles"),
        }
    }

    /// The problem's code: the item's family.
    fn code(self) -> &'static str {
        match self {
            Item::Technology => "too_many_technology",
            Item::PlaceTiles => "too_many_place_tiles",
            Item::Citizens => "too_many_citizens",
            Item::Good(_) | Item::AllGoods => "too_many_goods",
        }
    }
}

/// The most the table holds of one item in one scenario, and where the book says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Supply {
    pub item: Item,
    pub most: u32,
    pub source: &'static str,
}

const fn s(item: Item, most: u32, source: &'static str) -> Supply {
    Supply { item, most, source }
}

/// The box's goods (FACT-ORL-D4): 24 grain, 21 cheese, 18 wine, 15 wool, 12 brocade. Every
/// scenario with goods plays from that supply.
const GOODS: [Supply; 5] = [
    s(Item::Good(OrleansGood::Grain), 24, "FACT-ORL-D4 (goods supply)"),
    s(Item::Good(OrleansGood::Cheese), 21, "FACT-ORL-D4 (goods supply)"),
    s(Item::Good(OrleansGood::Wine), 18, "FACT-ORL-D4 (goods supply)"),
    s(Item::Good(OrleansGood::Wool), 15, "FACT-ORL-D4 (goods supply)"),
    s(Item::Good(OrleansGood::Brocade), 12, "FACT-ORL-D4 (goods supply)"),
];

/// How many tiles of `good` the box holds ([`GOODS`]).
pub fn in_box(good: OrleansGood) -> u32 {
    GOODS.iter().find(|s| s.item == Item::Good(good)).map_or(super::MAX_GOODS, |s| s.most)
}

/// Every supply a scenario bounds (an item absent here is bounded by its count alone: the
/// base game's technology tiles in Prospérité and Invasion, whose number this book does not
/// give).
pub fn supplies(scenario: OrleansScenario) -> Vec<Supply> {
    let citizens_in_box = s(
        Item::Citizens,
        CITIZENS_IN_BOX,
        "FACT-ORL-D4 (14 citizens) + ORL §Appendice, Matériel (2 supplémentaires)",
    );
    let mut out: Vec<Supply> = match scenario {
        // Prospérité, Mise en place: « Utilisez uniquement les tuiles Lieu suivantes » (24 named).
        OrleansScenario::Prosperite => {
            vec![s(Item::PlaceTiles, 24, "ORL §Prospérité, Mise en place (24 tuiles Lieu)"), citizens_in_box]
        }
        // Invasion, Mise en place: « Utilisez uniquement les tuiles Lieu suivantes » (21 named).
        OrleansScenario::Invasion => {
            vec![s(Item::PlaceTiles, 21, "ORL §Invasion, Mise en place (21 tuiles Lieu)"), citizens_in_box]
        }
        // Le duel, Mise en place: « ainsi que 8 jetons Technologie »; « Choisissez 20 tuiles Lieu
        // à utiliser dans le jeu ».
        OrleansScenario::Duel => vec![
            s(Item::Technology, 8, "ORL §Le duel, Mise en place (« 8 jetons Technologie »)"),
            s(Item::PlaceTiles, 20, "ORL §Le duel, Mise en place (« Choisissez 20 tuiles Lieu »)"),
            citizens_in_box,
        ],
        // Le dignitaire, Mise en place: « Placez également 6 jetons Technologie »; « Piochez-en 5
        // de chaque catégorie » and the Diligence; six citizens on the towns and « les 7 jetons
        // Citoyen restants »; « Remettez […] les jetons Marchandise dans la boîte » (no goods:
        // `table::not_in_play`).
        OrleansScenario::Dignitaire => vec![
            s(Item::Technology, 6, "ORL §Le dignitaire, Mise en place (« 6 jetons Technologie »)"),
            s(Item::PlaceTiles, 11, "ORL §Le dignitaire, Mise en place (5 + 5 tuiles Lieu et la Diligence)"),
            s(
                Item::Citizens,
                13,
                "ORL §Le dignitaire, Mise en place (6 + « les 7 jetons Citoyen restants »)",
            ),
        ],
        // Vierzon, Mise en place: « 4 jetons Technologie »; « Piochez 5 tuiles de catégorie I et 5
        // de catégorie II » and the Étal de marché; « Placez 7 jetons Citoyen »; « Vous n'avez
        // besoin que de 40 jetons Marchandise ».
        OrleansScenario::Vierzon => vec![
            s(Item::Technology, 4, "ORL §Vierzon, Mise en place (« 4 jetons Technologie »)"),
            s(Item::PlaceTiles, 11, "ORL §Vierzon, Mise en place (5 + 5 tuiles Lieu et l'Étal de marché)"),
            s(Item::Citizens, 7, "ORL §Vierzon, Mise en place (« Placez 7 jetons Citoyen »)"),
            s(Item::AllGoods, 40, "ORL §Vierzon, Mise en place (« 40 jetons Marchandise »)"),
        ],
        // Marchand itinérant, Mise en place: « Placez 8 jetons Technologie »; « Disposez les 10
        // tuiles Lieu suivantes » and the Étal de marché (no citizens: `table::not_in_play`).
        OrleansScenario::Marchand => vec![
            s(Item::Technology, 8, "ORL §Marchand itinérant, Mise en place (« 8 jetons Technologie »)"),
            s(
                Item::PlaceTiles,
                11,
                "ORL §Marchand itinérant, Mise en place (10 tuiles Lieu et l'Étal de marché)",
            ),
        ],
    };
    if !super::table::not_in_play(scenario).goods {
        out.extend(GOODS);
    }
    out
}

/// The most one seat can hold of a seat count in `scenario` (`key` of [`super::COUNTS`]): its
/// own bound, lowered to the scenario's supply of it.
pub fn seat_most(scenario: OrleansScenario, key: &str, own: u32) -> u32 {
    supplies(scenario).iter().filter(|s| s.item.key() == key).map(|s| s.most).fold(own, u32::min)
}

/// Refuses, on every holder's field, an item the table holds more of than its scenario puts in
/// play; and (Invasion) a seat's fortifications beyond those the city board shows built:
/// « placez un comptoir sur le jeton « Bâtiment spécial » » — each one a player builds is one of
/// the board's.
pub fn check(p: &mut Problems, scenario: OrleansScenario, players: &[OrleansPlayer], team: &OrleansTeam) {
    let invasion = scenario == OrleansScenario::Invasion;
    for supply in supplies(scenario) {
        let item = supply.item;
        let on_board = if invasion { item.of_team(team) } else { 0 };
        let total = players.iter().map(|q| item.of_seat(q)).fold(on_board, u32::saturating_add);
        if total <= supply.most {
            continue;
        }
        let (words, name, most) = (item.words(), scenario.label(), supply.most);
        let source = crate::citation::readable_within(Some("ORL"), supply.source);
        let message = Text::new(
            format!("{total} {} en tout : {} n'en met que {most} en jeu ({}).", words.fr, name.fr, source.fr),
            format!("{total} {} in all: {} puts only {most} in play ({}).", words.en, name.en, source.en),
        );
        let holders = players.iter().enumerate().filter(|(_, q)| item.of_seat(q) > 0);
        for (i, _) in holders {
            let field = match item {
                // The goods a seat holds, all of them.
                Item::AllGoods => format!("players[{i}].goods"),
                _ => format!("players[{i}].{}", item.key()),
            };
            p.push(field, item.code(), message.clone());
        }
        if on_board > 0 {
            let field = match item {
                Item::Citizens => "team.citizens".to_owned(),
                Item::Good(g) => format!("team.warehouse.{}", g.id()),
                _ => "team.warehouse".to_owned(),
            };
            p.push(field, item.code(), message);
        }
    }
    if invasion {
        let built = players.iter().map(|q| q.fortifications).fold(0u32, u32::saturating_add);
        if built > team.fortifications {
            for (i, _) in players.iter().enumerate().filter(|(_, q)| q.fortifications > 0) {
                p.push(
                    format!("players[{i}].fortifications"),
                    "fortification_not_on_board",
                    Text::new(
                        format!(
                            "{built} fortifications construites par les joueurs, mais le plateau Ville n'en montre que {} : chacune est bâtie sur un jeton Bâtiment spécial du plateau.",
                            team.fortifications
                        ),
                        format!(
                            "{built} fortifications built by the players, but the city board shows only {}: each one stands on a special-building token of the board.",
                            team.fortifications
                        ),
                    ),
                );
            }
        }
    }
}
