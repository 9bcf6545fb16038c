//! The things on a Valencia table the rules name: the five resources (and guilds) and the eight
//! council seats.

use serde::{Deserialize, Serialize};

use crate::text::Text;

/// VAL §Matériel: 6 resources of each of the five types.
pub const RESOURCES_PER_TYPE: u32 = 6;
/// VAL §Matériel: 15 family members per colour.
pub const MEMBERS_PER_PLAYER: u32 = 15;
/// VAL §Matériel: 19 privileges in the box.
pub const PRIVILEGES_IN_BOX: u32 = 19;
/// VAL §Déroulement de la partie: 5 rounds.
pub const ROUNDS: u8 = 5;

/// Most privileges one player may hold, at any player count and any moment of the game.
///
/// VAL p.10 (Phase III): « Si vous êtes le joueur qui a le plus de membres de sa famille
/// au Conseil, vous recevez également un privilège. En cas d'égalité, recevez chacun un
/// privilège. » Nothing else gives one, and there is one council phase per round, the fifth
/// included: one privilege per round at most. So the table holds 5 per player at most; beyond
/// the box's 19 (only possible at 4–5 players) they are the stand-ins of the « Note pour les
/// parties à 4 ou 5 joueurs ». Mid-game the tracker's position lowers it (`course.rs`):
/// [`privileges_spendable_max`] during the auctions, one per council phase held.
pub fn privileges_per_player_max() -> u32 {
    u32::from(ROUNDS)
}

/// Most privileges one player may hold, or spend, in an auction (steps A–G), at any moment of
/// the game.
///
/// VAL p.10 (Les privilèges): « Vous pouvez utiliser les privilèges lors des étapes A à G
/// de la phase d'action »; players start with none and receive one per council phase at most,
/// and the fifth council phase follows the fifth round's last auction (p.6: « 5 tours qui sont
/// chacun divisés en 3 phases, que vous devez effectuer dans l'ordre »). So in any auction a
/// player holds, and spends, 4 at most.
pub fn privileges_spendable_max() -> u32 {
    u32::from(ROUNDS) - 1
}

/// A resource type; each also names a guild (its council seat and its city spaces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ValenciaResource {
    Oranges,
    DriedFruit,
    Wine,
    Clothing,
    Porcelain,
}

impl ValenciaResource {
    pub const ALL: [ValenciaResource; 5] = [
        ValenciaResource::Oranges,
        ValenciaResource::DriedFruit,
        ValenciaResource::Wine,
        ValenciaResource::Clothing,
        ValenciaResource::Porcelain,
    ];

    pub fn key(self) -> &'static str {
        match self {
            ValenciaResource::Oranges => "oranges",
            ValenciaResource::DriedFruit => "dried_fruit",
            ValenciaResource::Wine => "wine",
            ValenciaResource::Clothing => "clothing",
            ValenciaResource::Porcelain => "porcelain",
        }
    }

    pub fn from_key(key: &str) -> Option<ValenciaResource> {
        ValenciaResource::ALL.into_iter().find(|r| r.key() == key)
    }

    pub fn name(self) -> Text {
        match self {
            ValenciaResource::Oranges => Text::new("oranges", "oranges"),
            ValenciaResource::DriedFruit => Text::new("fruits secs", "dried fruit"),
            ValenciaResource::Wine => Text::new("vin", "wine"),
            ValenciaResource::Clothing => Text::new("vêtements", "clothing"),
            ValenciaResource::Porcelain => Text::new("porcelaine", "porcelain"),
        }
    }

    fn index(self) -> usize {
        match self {
            ValenciaResource::Oranges => 0,
            ValenciaResource::DriedFruit => 1,
            ValenciaResource::Wine => 2,
            ValenciaResource::Clothing => 3,
            ValenciaResource::Porcelain => 4,
        }
    }
}

/// How many of each resource type someone holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ValenciaResourceCounts {
    pub oranges: u32,
    pub dried_fruit: u32,
    pub wine: u32,
    pub clothing: u32,
    pub porcelain: u32,
}

impl ValenciaResourceCounts {
    pub fn get(&self, r: ValenciaResource) -> u32 {
        self.as_array().get(r.index()).copied().unwrap_or(0)
    }

    pub fn set(&mut self, r: ValenciaResource, n: u32) {
        match r {
            ValenciaResource::Oranges => self.oranges = n,
            ValenciaResource::DriedFruit => self.dried_fruit = n,
            ValenciaResource::Wine => self.wine = n,
            ValenciaResource::Clothing => self.clothing = n,
            ValenciaResource::Porcelain => self.porcelain = n,
        }
    }

    pub fn add(&mut self, r: ValenciaResource, n: u32) {
        self.set(r, self.get(r).saturating_add(n));
    }

    fn as_array(&self) -> [u32; 5] {
        [self.oranges, self.dried_fruit, self.wine, self.clothing, self.porcelain]
    }

    pub fn total(&self) -> u32 {
        self.as_array().iter().fold(0u32, |s, n| s.saturating_add(*n))
    }

    /// How many types are held at least once.
    pub fn types_held(&self) -> u32 {
        self.as_array().iter().map(|&n| u32::from(n > 0)).sum()
    }
}

/// One of the eight council seats (Le Conseil, VAL p.7). Sent and shown by its [`key`](Self::key).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValenciaSeat {
    Nobility,
    Church,
    Guild(ValenciaResource),
    Merchants,
}

impl ValenciaSeat {
    pub const ALL: [ValenciaSeat; 8] = [
        ValenciaSeat::Nobility,
        ValenciaSeat::Church,
        ValenciaSeat::Guild(ValenciaResource::Oranges),
        ValenciaSeat::Guild(ValenciaResource::DriedFruit),
        ValenciaSeat::Guild(ValenciaResource::Wine),
        ValenciaSeat::Guild(ValenciaResource::Clothing),
        ValenciaSeat::Guild(ValenciaResource::Porcelain),
        ValenciaSeat::Merchants,
    ];

    /// The key used in table states: `nobility`, `church`, a resource key, `merchants`.
    pub fn key(self) -> &'static str {
        match self {
            ValenciaSeat::Nobility => "nobility",
            ValenciaSeat::Church => "church",
            ValenciaSeat::Guild(r) => r.key(),
            ValenciaSeat::Merchants => "merchants",
        }
    }

    pub fn from_key(key: &str) -> Option<ValenciaSeat> {
        ValenciaSeat::ALL.into_iter().find(|s| s.key() == key)
    }

    pub fn name(self) -> Text {
        match self {
            ValenciaSeat::Nobility => Text::new("Noblesse", "Nobility"),
            ValenciaSeat::Church => Text::new("Église", "Church"),
            ValenciaSeat::Guild(r) => {
                let n = r.name();
                Text::new(format!("guilde {}", n.fr), format!("{} guild", n.en))
            }
            ValenciaSeat::Merchants => Text::new("Marchands", "Merchants"),
        }
    }

    /// VAL p.13 (Soutien): only a guild seat may hold a second member.
    pub fn is_guild(self) -> bool {
        matches!(self, ValenciaSeat::Guild(_))
    }
}

pub(crate) fn to_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

pub(crate) fn to_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
