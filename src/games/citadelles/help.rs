//! The live table panel (per seat: districts against the threshold, types for the five-type
//! bonus, completion, each wonder's effect) and the catalogue of districts, wonders and
//! characters per profile.

use serde::{Deserialize, Serialize};

use super::characters::{self, CharacterSet, characters};
use super::districts::{BASIC_DISTRICTS, CitadellesDistrictType, WonderScoring, wonders};
use super::profile::{BASE_CHARACTERS, CitadellesVariant};
use super::scoring::{Breakdown, CitadellesWonderEffect, breakdown, standings};
use super::table::{Player, Table};
use crate::text::{Text, plural_s};

/// Everything the live table panel shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesHelp {
    pub variant: CitadellesVariant,
    /// Districts that complete a city at this table.
    pub threshold: u8,
    /// `7 quartiers (règle classique, 4 à 7 joueurs)`.
    pub threshold_text: Text,
    /// In seat order.
    pub seats: Vec<CitadellesSeatHelp>,
    /// Seats in the order their cities were completed.
    pub completed: Vec<u8>,
    /// Seats whose city is complete but missing from the completion order: the table must say
    /// when each was completed (the first complete city alone is placed by the core).
    pub unplaced_complete: Vec<u8>,
    /// The characters in play by rank, as chosen or the defaults (see [`characters::in_play`]).
    pub characters_in_play: Vec<String>,
    /// Every character this table may play, by id (a rank-9 one only with a ninth character;
    /// FACT-CIT-B4: the Queen only with 5 players or more): what the screen offers per rank.
    pub characters_playable: Vec<String>,
    /// A city is complete: the current round is the last.
    pub end_triggered: bool,
    /// The round in which a city was completed has been played to its end: the game is over,
    /// the scores are final.
    pub game_over: bool,
    pub end_text: Text,
    /// How equal totals are settled in this profile.
    pub tie_break_text: Text,
    /// The rounds the table keeps (played with the round caller and applied).
    pub rounds_played: u32,
    /// The number of the round the caller calls next: the rounds kept + 1.
    pub next_round: u32,
}

/// One seat, now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesSeatHelp {
    pub seat: u8,
    pub name: String,
    /// Districts toward a complete city (2e édition: the Monument counts as two).
    pub district_count: u8,
    /// Districts still to build to complete the city (0 when complete).
    pub missing_districts: u8,
    /// `5 quartiers sur 7 : il en manque 2`.
    pub count_text: Text,
    /// 1-based place in the completion order.
    pub completion_position: Option<u8>,
    /// Types present, the Haunted City counted as it scores best.
    pub types_present: Vec<CitadellesDistrictType>,
    pub types_missing: Vec<CitadellesDistrictType>,
    /// How the Haunted City is counted, when the city has it.
    pub haunted_city_as: Option<CitadellesDistrictType>,
    pub five_types: bool,
    /// Same text as the scoreboard's `five_types` detail.
    pub five_types_text: Text,
    /// Every wonder in the city with its end-of-game effect now.
    pub wonders: Vec<CitadellesWonderEffect>,
    /// The total if the game ended now.
    pub total: i32,
    /// Standing if the game ended now (ties settled as the profile says).
    pub rank: u8,
    /// Highest character rank revealed in the last round (0: none given).
    pub highest_character: u8,
}

fn to_u8(n: impl TryInto<u8>) -> u8 {
    n.try_into().unwrap_or(u8::MAX)
}

/// Builds the panel for a checked table.
pub fn help_table(table: &Table) -> CitadellesHelp {
    let t = table.threshold;
    let breakdowns: Vec<_> = (0..table.players.len()).map(|s| breakdown(table, s)).collect();
    let totals: Vec<i32> = breakdowns.iter().map(|b| b.as_ref().map_or(0, |b| b.total)).collect();
    let (ranks, _) = standings(table, &totals);
    let seats = table
        .players
        .iter()
        .zip(&breakdowns)
        .enumerate()
        .filter_map(|(i, (p, b))| Some(seat_help(t, i, p, b.as_ref()?, ranks.get(i).copied().unwrap_or(0))))
        .collect();
    let completed: Vec<u8> = table.completion_order.iter().map(|&s| to_u8(s)).collect();
    let unplaced_complete = unplaced_complete(table);
    let characters_in_play = characters::in_play(
        table.variant,
        table.players.len(),
        table.ninth_character,
        &table.characters_in_play,
    )
    .into_iter()
    .map(|c| c.id.to_owned())
    .collect();
    // Citadelles classique, Fin de partie: « Lorsqu'un joueur bâtit son septième quartier … On
    // termine le tour en cours et la partie prend fin »: any complete city ends the game, placed
    // in the completion order or not yet.
    let end_triggered = !completed.is_empty() || !unplaced_complete.is_empty();
    let end_text = end_text(table, &completed, &unplaced_complete);
    CitadellesHelp {
        variant: table.variant,
        threshold: t,
        threshold_text: table.variant.threshold_text(table.players.len(), table.longer_game),
        seats,
        completed,
        unplaced_complete,
        characters_in_play,
        characters_playable: characters_playable(table),
        end_triggered,
        game_over: table.game_over,
        end_text,
        tie_break_text: tie_break_text(table.variant),
        rounds_played: table.rounds_played,
        next_round: table.rounds_played.saturating_add(1),
    }
}

/// One seat's line of the panel, from its breakdown (`t`: the districts of a complete city).
fn seat_help(t: u8, seat: usize, p: &Player, b: &Breakdown, rank: u8) -> CitadellesSeatHelp {
    let n = b.completion_count;
    let missing = u32::from(t).saturating_sub(n);
    let count_text = if missing == 0 {
        Text::new(
            format!("{n} quartiers sur {t} : cité complète"),
            format!("{n} of {t} districts: city complete"),
        )
    } else {
        Text::new(
            format!("{n} quartier{} sur {t} : il en manque {missing}", if n > 1 { "s" } else { "" }),
            format!("{n} of {t} districts: {missing} to go"),
        )
    };
    let (present, absent): (Vec<_>, Vec<_>) = CitadellesDistrictType::ALL
        .into_iter()
        .partition(|k| b.counts.get(k.index()).copied().unwrap_or(0) > 0);
    let five_types_text = b
        .categories
        .iter()
        .find(|c| c.key == "five_types")
        .map(|c| c.detail.to_text())
        .unwrap_or_else(|| Text::new("", ""));
    CitadellesSeatHelp {
        seat: to_u8(seat),
        name: p.name.clone(),
        district_count: to_u8(n),
        missing_districts: to_u8(missing),
        count_text,
        completion_position: b.completion_position.map(to_u8),
        types_present: present,
        types_missing: absent,
        haunted_city_as: b.haunted.map(|h| h.counts_as),
        five_types: b.five_types,
        five_types_text,
        wonders: b.wonders.clone(),
        total: b.total,
        rank,
        highest_character: p.highest_rank(),
    }
}

/// Seats whose known city is complete but not in the completion order yet.
fn unplaced_complete(table: &Table) -> Vec<u8> {
    (0..table.players.len())
        .filter(|&s| {
            table.city_known.get(s) == Some(&true)
                && !table.completion_order.contains(&s)
                && table.players.get(s).is_some_and(|p| p.completion_count() >= u32::from(table.threshold))
        })
        .map(to_u8)
        .collect()
}

/// The seats' names, `A, B`.
fn seat_names(table: &Table, seats: &[u8]) -> String {
    seats
        .iter()
        .filter_map(|&s| table.players.get(usize::from(s)).map(|p| p.name.clone()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where the game stands toward its end: which cities are complete, in which order, and what
/// follows.
fn end_text(table: &Table, completed: &[u8], unplaced_complete: &[u8]) -> Text {
    let t = table.threshold;
    let names = |seats: &[u8]| seat_names(table, seats);
    match completed.first() {
        _ if !unplaced_complete.is_empty() => {
            let then = if table.game_over {
                Text::new("La partie est finie : comptez les points.", "The game is over: score it.")
            } else {
                Text::new(
                    "On termine le tour en cours, puis on compte les points.",
                    "The current round is finished, then the game is scored.",
                )
            };
            let all: Vec<u8> = completed.iter().chain(unplaced_complete).copied().collect();
            Text::new(
                format!(
                    "Cités complètes ({t} quartiers) : {}. {} Indiquez dans quel ordre elles ont été complétées (pas encore placée{} : {}).",
                    names(&all),
                    then.fr,
                    plural_s(unplaced_complete.len()),
                    names(unplaced_complete)
                ),
                format!(
                    "Complete cities ({t} districts): {}. {} Say in which order they were completed (not placed yet: {}).",
                    names(&all),
                    then.en,
                    names(unplaced_complete)
                ),
            )
        }
        // Citadelles classique, Fin de partie: the round in which a city was completed is
        // over: the game is.
        Some(&first) if table.game_over => Text::new(
            format!(
                "La partie est finie : le tour où {} a complété sa cité ({t} quartiers) est terminé. Comptez les points. Cités complètes : {}.",
                names(&[first]),
                names(completed)
            ),
            format!(
                "The game is over: the round in which {} completed their city ({t} districts) has ended. Score the game. Complete cities: {}.",
                names(&[first]),
                names(completed)
            ),
        ),
        // Citadelles classique, Fin de partie: the round under way is finished, then the game
        // ends. 2e édition, Fin de la partie: likewise.
        Some(&first) => Text::new(
            format!(
                "{} a complété sa cité en premier ({t} quartiers) : on termine le tour en cours, puis on compte les points. Cités complètes : {}.",
                names(&[first]),
                names(completed)
            ),
            format!(
                "{} completed their city first ({t} districts): the current round is finished, then the game is scored. Complete cities: {}.",
                names(&[first]),
                names(completed)
            ),
        ),
        None => Text::new(
            format!("Aucune cité complète ({t} quartiers) : la partie continue."),
            format!("No complete city ({t} districts): the game goes on."),
        ),
    }
}

/// How equal totals are settled in this profile.
fn tie_break_text(variant: CitadellesVariant) -> Text {
    if variant.has_tie_break() {
        Text::new(
            "À égalité, le joueur qui a révélé le personnage de plus haut rang au dernier tour l'emporte (un personnage assassiné ne compte pas).",
            "On a tie, the player who revealed the highest-ranked character in the last round wins (an assassinated character does not count).",
        )
    } else {
        Text::new(
            "La 2e édition ne prévoit pas de départage : une égalité est partagée.",
            "The 2nd edition gives no tie-break: a tie is shared.",
        )
    }
}

/// Every character this table may play: a rank-9 one only with a ninth character, each from
/// its own least player count.
fn characters_playable(table: &Table) -> Vec<String> {
    let max_rank = BASE_CHARACTERS + u8::from(table.ninth_character);
    characters(table.variant)
        .filter(|c| c.rank <= max_rank && usize::from(c.min_players) <= table.players.len())
        .map(|c| c.id.to_owned())
        .collect()
}

/// Districts, wonders and characters of both profiles, for the UI's pickers and tooltips.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesCatalogue {
    /// The 17 basic district kinds (54 cards), the same in both profiles.
    pub districts: Vec<CitadellesDistrictInfo>,
    pub profiles: Vec<CitadellesProfileInfo>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesDistrictInfo {
    pub id: String,
    pub name: Text,
    pub kind: CitadellesDistrictType,
    pub cost: u8,
    pub copies: u8,
    /// Its rule entry.
    pub rule: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesWonderInfo {
    pub id: String,
    pub name: Text,
    pub cost: u8,
    pub copies: u8,
    /// False for the Secret Vault (kept in hand, never built).
    pub buildable: bool,
    /// Gives points at the end of the game (beyond its cost) or counts as another type.
    pub scores_at_end: bool,
    /// Districts it counts as toward a complete city (Monument: 2).
    pub completion_weight: u8,
    pub effect: Text,
    /// A value the sources do not settle, and what Greffier does.
    pub note: Option<Text>,
    /// Its rule entry (`citadelles.wonder.<id>`).
    pub rule: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesCharacterInfo {
    pub id: String,
    pub rank: u8,
    pub name: Text,
    /// One of the 8 characters of the rulebooks (else a 2016 alternate or a rank-9 one).
    pub base: bool,
    /// Fewest players it may be used with.
    pub min_players: u8,
    /// Its rule entry (`citadelles.character.<id>`).
    pub rule: String,
}

/// Completion threshold at one player count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesThreshold {
    pub players: u8,
    pub districts: u8,
    /// With the classic longer-game option.
    pub longer_game: u8,
    /// Whether the longer-game option changes anything at this count (the sheet offers it only
    /// then, as the setup checklist does).
    pub longer_game_option: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CitadellesProfileInfo {
    pub variant: CitadellesVariant,
    pub label: Text,
    pub min_players: u8,
    pub max_players: u8,
    pub thresholds: Vec<CitadellesThreshold>,
    /// Whether the longer-game option (8 districts for everyone) exists at some player count
    /// (each threshold says where).
    pub longer_game_option: bool,
    /// Whether the profile settles ties (classique) or shares them (2e édition).
    pub tie_break: bool,
    pub wonders: Vec<CitadellesWonderInfo>,
    pub characters: Vec<CitadellesCharacterInfo>,
    /// Its rule entry (`citadelles.variant.<id>`).
    pub rule: String,
}

/// The whole catalogue.
pub fn catalogue() -> CitadellesCatalogue {
    CitadellesCatalogue {
        districts: BASIC_DISTRICTS
            .iter()
            .map(|d| CitadellesDistrictInfo {
                id: d.id.to_owned(),
                name: Text::new(d.fr, d.en),
                kind: d.kind,
                cost: d.cost,
                copies: d.copies,
                rule: "citadelles.districts".to_owned(),
            })
            .collect(),
        profiles: CitadellesVariant::ALL
            .into_iter()
            .map(|v| CitadellesProfileInfo {
                variant: v,
                label: v.label(),
                min_players: v.min_players(),
                max_players: v.max_players(),
                thresholds: (v.min_players()..=v.max_players())
                    .map(|n| CitadellesThreshold {
                        players: n,
                        districts: v.completion_threshold(usize::from(n), false),
                        longer_game: v.completion_threshold(usize::from(n), true),
                        longer_game_option: v.longer_game_applies(usize::from(n)),
                    })
                    .collect(),
                longer_game_option: v == CitadellesVariant::Classique,
                tie_break: v.has_tie_break(),
                wonders: wonders(v)
                    .iter()
                    .map(|w| CitadellesWonderInfo {
                        id: w.id.to_owned(),
                        name: Text::new(w.fr, w.en),
                        cost: w.cost,
                        copies: w.copies,
                        buildable: w.buildable,
                        scores_at_end: w.scoring != WonderScoring::None,
                        completion_weight: w.completion_weight,
                        effect: Text::new(w.effect_fr, w.effect_en),
                        note: w.note.map(|(fr, en)| Text::new(fr, en)),
                        rule: format!("citadelles.wonder.{}", w.id),
                    })
                    .collect(),
                characters: {
                    // By rank, the base character first.
                    let mut list: Vec<_> = characters(v).collect();
                    list.sort_by_key(|c| (c.rank, c.set != CharacterSet::Base));
                    list
                }
                .into_iter()
                .map(|c| CitadellesCharacterInfo {
                    id: c.id.to_owned(),
                    rank: c.rank,
                    name: c.name(),
                    base: c.set == CharacterSet::Base,
                    min_players: c.min_players,
                    rule: format!("citadelles.character.{}", c.id),
                })
                .collect(),
                rule: format!("citadelles.variant.{}", v.id()),
            })
            .collect(),
    }
}
