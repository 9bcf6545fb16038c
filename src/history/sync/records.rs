//! The shared record of a player and of a play: what travels between devices, in
//! `shared_players` / `shared_plays` (`record`, JSON), each version named.
//!
//! A record holds a play's rows as this history stores them, keyed by uuids instead of ids:
//! the seats name players by uuid, and a name the table state or the scoreboard gives a seat is
//! left out when it is the seat's player's (each device writes its own name for that player
//! back in), so that renaming a player changes no play's record. Derived statistics are never
//! in it: each device keeps its own summaries from the rows it writes.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The version written by the device `device` at Lamport time `clock`. Versions order as their
/// text: by clock (16 hex digits), then by device, a total order that a later edit (one made
/// after seeing the other) always follows.
pub(super) fn version(clock: u64, device: &str) -> String {
    format!("{clock:016x}.{device}")
}

/// A record's first version: clock 0, named by a digest of its content, so that two devices
/// writing the same new record (one backup imported on both) write the same version.
pub(super) fn first_version(content: &str) -> String {
    let digest = Sha256::digest(content.as_bytes());
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("{:016x}.h{hex}", 0)
}

/// Remembers a record's first version (one made over nothing); false when it was held before.
pub(super) fn remember_first(
    conn: &rusqlite::Connection,
    kind: Kind,
    uuid: &str,
    version: &str,
) -> crate::history::Result<bool> {
    Ok(conn
        .prepare_cached("INSERT INTO sync_first_versions (kind, uuid, version) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING")?
        .execute(rusqlite::params![kind.as_str(), uuid, version])?
        > 0)
}

/// The Lamport clock of a version (0 for a first version or an unreadable one).
pub(super) fn clock_of(version: &str) -> u64 {
    version.get(..16).and_then(|c| u64::from_str_radix(c, 16).ok()).unwrap_or(0)
}

/// The device that wrote a version, `None` for a first version (written by whoever made the
/// record: the one this history knows it from is not the only one who could have).
pub(super) fn device_of(version: &str) -> Option<&str> {
    version.get(17..).filter(|d| !d.starts_with('h'))
}

/// What a record's kind is, for the tables and the conflicts' list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    Player,
    Play,
    /// A play of a game Greffier does not know (BG Stats imports).
    OtherPlay,
}

impl Kind {
    pub fn table(self) -> &'static str {
        match self {
            Kind::Player => "shared_players",
            Kind::Play => "shared_plays",
            Kind::OtherPlay => "shared_other_plays",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Player => "player",
            Kind::Play => "play",
            Kind::OtherPlay => "other_play",
        }
    }

    pub fn parse(kind: &str) -> Option<Kind> {
        [Kind::Player, Kind::Play, Kind::OtherPlay].into_iter().find(|k| k.as_str() == kind)
    }

    pub fn of_table(table: &str) -> Option<Kind> {
        match table {
            "shared_players" => Some(Kind::Player),
            "shared_plays" => Some(Kind::Play),
            "shared_other_plays" => Some(Kind::OtherPlay),
            _ => None,
        }
    }

    /// Which of two versions of one record made at the same time is shown (the other is kept
    /// aside and listed): a play alive over a play deleted (an edit survives a delete made
    /// meanwhile; the delete is offered again), a player merged over one not (a merge is never
    /// undone by an edit made meanwhile), then the later version.
    pub fn rank(self, version: &str, record: &str) -> (bool, String) {
        let first = match self {
            Kind::Player => {
                serde_json::from_str::<PlayerRecord>(record).is_ok_and(|p| p.merged_into.is_some())
            }
            Kind::Play => serde_json::from_str::<PlayRecord>(record).is_ok_and(|p| p.is_alive()),
            Kind::OtherPlay => {
                serde_json::from_str::<OtherPlayRecord>(record).is_ok_and(|p| p.play.is_some())
            }
        };
        (first, version.to_owned())
    }
}

/// A record's head: its version, and the versions kept aside that it replaces (a choice made
/// in the conflicts' list) beyond the one it was written over.
pub(super) trait Headed: Serialize + serde::de::DeserializeOwned + PartialEq + Clone {
    fn head(&mut self) -> (&mut String, &mut Vec<String>);
}

impl Headed for PlayerRecord {
    fn head(&mut self) -> (&mut String, &mut Vec<String>) {
        (&mut self.version, &mut self.supersedes)
    }
}

impl Headed for PlayRecord {
    fn head(&mut self) -> (&mut String, &mut Vec<String>) {
        (&mut self.version, &mut self.supersedes)
    }
}

impl Headed for OtherPlayRecord {
    fn head(&mut self) -> (&mut String, &mut Vec<String>) {
        (&mut self.version, &mut self.supersedes)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct PlayerRecord {
    pub version: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supersedes: Vec<String>,
    pub name: String,
    pub colour: Option<String>,
    pub archived: bool,
    pub created_at: String,
    /// The uuid of the player this one was merged into.
    pub merged_into: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct PlayRecord {
    pub version: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supersedes: Vec<String>,
    /// `None`: the play was deleted for good (emptied from the bin).
    pub play: Option<PlayContent>,
}

impl PlayRecord {
    /// Neither in the bin nor deleted for good.
    pub fn is_alive(&self) -> bool {
        self.play.as_ref().is_some_and(|p| p.deleted_at.is_none())
    }
}

/// A play's rows, as stored (times as the history writes them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct PlayContent {
    pub game: String,
    pub variant: String,
    pub player_count: i64,
    pub status: String,
    pub started_at: String,
    pub ended_at: Option<String>,
    pub updated_at: String,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub outcome: Option<String>,
    pub won: Option<bool>,
    pub round_reached: Option<i64>,
    pub difficulty: Option<String>,
    pub lost_event: Option<String>,
    pub deleted_at: Option<String>,
    pub duration_minutes: Option<i64>,
    pub setup_done: Option<String>,
    pub seats: Vec<SeatContent>,
    pub table_state: Option<StateContent>,
    pub scoreboard: Option<Named>,
    /// (seat, total, rank, winner)
    #[serde(default)]
    pub results: Vec<(i64, Option<i64>, i64, bool)>,
    /// (seat, category, points)
    #[serde(default)]
    pub categories: Vec<(i64, String, i64)>,
    /// (seat, mission, met, points)
    #[serde(default)]
    pub missions: Vec<(i64, String, bool, i64)>,
    /// (round, seq, kind, payload as stored, recorded_at)
    #[serde(default)]
    pub events: Vec<(i64, i64, String, String, String)>,
}

/// A play of a game Greffier does not know, kept whole as imported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct OtherPlayRecord {
    pub version: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supersedes: Vec<String>,
    /// `None`: deleted for good.
    pub play: Option<OtherPlayContent>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct OtherPlayContent {
    pub game_name: String,
    pub bgg_id: Option<i64>,
    pub played_at: String,
    pub duration_minutes: Option<i64>,
    pub location: Option<String>,
    pub notes: Option<String>,
    pub cooperative: bool,
    pub imported_at: String,
    pub seats: Vec<OtherSeatContent>,
    /// (name, BoardGameGeek id), in order.
    #[serde(default)]
    pub expansions: Vec<(String, Option<i64>)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct OtherSeatContent {
    /// The player's uuid.
    pub player: String,
    pub score: Option<i64>,
    pub winner: bool,
    pub first_player: bool,
    pub score_text: Option<String>,
    pub team: Option<String>,
    pub role: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct SeatContent {
    /// The player's uuid.
    pub player: String,
    pub colour: Option<String>,
    pub first_player: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct StateContent {
    pub schema_version: i64,
    pub saved_at: String,
    pub state: Named,
}

/// A JSON text listing the play's players by seat (`players[i].name`: a table state, a
/// scoreboard), as the device that wrote it stores it, with the seats whose name there is their
/// player's own (`seat_names`): each device writes its own name for that player there, so that a
/// rename or a merge elsewhere changes no play's record. Kept as text: a device whose names are
/// the writer's (nearly always) stores it as it comes, without reading it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Named {
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seat_names: Vec<(usize, String)>,
}

impl Named {
    /// The text this history stores, its seats' names being `names` (by seat).
    pub fn of(text: String, names: &[String]) -> Named {
        let value: serde_json::Value = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
        let mut seat_names = Vec::new();
        if let Some(players) = value.get("players").and_then(serde_json::Value::as_array) {
            for (seat, player) in players.iter().enumerate() {
                let name = player.get("name").and_then(serde_json::Value::as_str);
                if let (Some(name), Some(own)) = (name, names.get(seat))
                    && name == own
                {
                    seat_names.push((seat, own.clone()));
                }
            }
        }
        Named { text, seat_names }
    }

    /// [`Named::of`], or `current` when it stands for the same text here (read back, the record
    /// is unchanged, whatever the names it was written with).
    pub fn same_or_new(current: Option<&Named>, text: String, names: &[String]) -> Named {
        match current {
            Some(current) if current.render(names) == text => current.clone(),
            _ => Named::of(text, names),
        }
    }

    /// The text as this history stores it: the seats' names written with this history's names
    /// for their players (`names`, by seat).
    pub fn render(&self, names: &[String]) -> String {
        if self.seat_names.iter().all(|(seat, name)| names.get(*seat) == Some(name)) {
            return self.text.clone();
        }
        let mut value: serde_json::Value =
            serde_json::from_str(&self.text).unwrap_or(serde_json::Value::Null);
        if let Some(players) = value.get_mut("players").and_then(serde_json::Value::as_array_mut) {
            for (seat, _) in &self.seat_names {
                if let (Some(entry), Some(name)) =
                    (players.get_mut(*seat).and_then(serde_json::Value::as_object_mut), names.get(*seat))
                {
                    entry.insert("name".to_owned(), serde_json::Value::String(name.clone()));
                }
            }
        }
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn versions_order_by_clock_then_device() {
        let a = version(9, "b-device");
        let b = version(10, "a-device");
        assert!(a < b, "{a} < {b}");
        assert!(version(10, "a") < version(10, "b"));
        assert_eq!(clock_of(&b), 10);
        assert_eq!(device_of(&b), Some("a-device"));
        let first = first_version("{}");
        assert_eq!(clock_of(&first), 0);
        assert_eq!(device_of(&first), None);
        assert!(first < version(1, "a"));
        assert_eq!(first, first_version("{}"), "the same content, the same first version");
    }

    #[test]
    fn a_seat_s_own_name_is_written_with_each_device_s_name_for_that_player() {
        let text = json!({"players": [{"name": "Ani", "coins": 3}, {"name": "Someone else"}, {"coins": 1}]})
            .to_string();
        let names = ["Ani".to_owned(), "Dirk".to_owned(), "Lilli".to_owned()];
        let named = Named::of(text.clone(), &names);
        assert_eq!(named.seat_names, vec![(0, "Ani".to_owned())]);
        assert_eq!(named.render(&names), text, "the same names: the text as it came");
        let renamed = ["Anita".to_owned(), "Dirk".to_owned(), "Lilli".to_owned()];
        let here = named.render(&renamed);
        let read: serde_json::Value = serde_json::from_str(&here).expect("json");
        assert_eq!(read["players"][0], json!({"name": "Anita", "coins": 3}));
        assert_eq!(read["players"][1], json!({"name": "Someone else"}));
        // Renamed here: the record read back is the same one.
        assert_eq!(Named::same_or_new(Some(&named), here, &renamed), named);
    }

    #[test]
    fn an_edit_outranks_a_delete_and_a_merge_outranks_an_edit() {
        let play = |deleted: Option<&str>| {
            serde_json::to_string(&json!({"version": "v", "play": {
                "game": "valencia", "variant": "base", "player_count": 2, "status": "finished",
                "started_at": "t", "ended_at": null, "updated_at": "t", "location": null, "notes": null,
                "outcome": null, "won": null, "round_reached": null, "difficulty": null, "lost_event": null,
                "deleted_at": deleted, "duration_minutes": null, "setup_done": null, "seats": [],
                "table_state": null, "scoreboard": null }}))
            .expect("json")
        };
        let edit = Kind::Play.rank(&version(1, "a"), &play(None));
        let delete = Kind::Play.rank(&version(2, "b"), &play(Some("t")));
        assert!(edit > delete, "the edit is shown, the later delete kept aside");
        let purged = Kind::Play.rank(&version(3, "b"), r#"{"version":"v","play":null}"#);
        assert!(edit > purged);
        let player = |merged: Option<&str>| {
            serde_json::to_string(&json!({"version": "v", "name": "Ani", "colour": null, "archived": false,
                "created_at": "t", "merged_into": merged}))
            .expect("json")
        };
        let merged = Kind::Player.rank(&version(1, "a"), &player(Some("u")));
        let renamed = Kind::Player.rank(&version(2, "b"), &player(None));
        assert!(merged > renamed);
    }
}
