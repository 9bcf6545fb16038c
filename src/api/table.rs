//! Table mode: a play in progress opened to the players' phones.
//!
//! The host opens the table (`table_open`) and gets a **join token** (the QR code's). A phone
//! holding it calls `table_join` and receives its own **device token**, bound to the seat it
//! claims (or that the host assigns). Every request from a phone carries its token; the server
//! turns it into a [`SeatAccess`] ([`Api::table_access`]) and the operations' capabilities do
//! the rest: a phone reaches the `guest` operations (rules, catalogues) and the `seat` ones,
//! which [`super::Api::call_json_as`] binds to the token's play, seat and device.
//!
//! A seat another phone holds changes hands only when the host or that phone agrees (any phone
//! could take any seat): a phone claiming it may **ask** for it; the request is shown on the host's
//! panel (`table_status`) and on the holding phone (its `TableView`), and either answers it
//! (`table_answer_request`: give the seat, or keep it). The host can also put any phone on any seat
//! (`table_assign_seat`). A table keeps at most [`crate::history::MAX_TABLE_PHONES`] phones.
//!
//! Tokens: `j<play>_<secret>` and `d<device>_<secret>`, the secret 160 random bits from the OS
//! in hex. The part before `_` selects the row; the secret's SHA-256 digest is compared with
//! the stored one in constant time. Only digests are stored (migration 0009), so a copy of the
//! history lets nobody join; they die when the table is closed, the play finished, abandoned
//! or deleted, or the phone removed.
//!
//! Every change to a play whose table is open bumps the table's revision and is told to the
//! listeners ([`Api::on_table_change`]): the server's live stream, the desktop shell's window.
//! A change another process made on the same history (`greffier serve` beside `greffier
//! table`, the CLI beside the app) is found by [`Api::look_for_changes_elsewhere`], which a
//! table's door calls a few times a second: SQLite's `data_version` says whether anyone else
//! wrote, and only then are the open tables' revisions read (phones went stale).

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::{Api, ApiError, ErrorKind, Json};
use crate::games::seat;
use crate::games::{GameId, Outcome, Problem};
use crate::history::{CardValue, Id, PlayStatus, Store, StoreError, TableSession, TokenDigest};
use crate::text::Lang;

/// Random bytes in a token's secret (160 bits; the issue asks for at least 128).
const SECRET_BYTES: usize = 20;

/// A phone's grant, from its token: the play, and its device and seat once it joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatAccess {
    pub play: Id,
    /// `None` for the join token (the QR code's): it may only join and read the public view.
    pub device: Option<Id>,
    pub seat: Option<u8>,
}

/// What the host shows to let phones join: the join token and the path of the join page (the
/// token in the fragment, which browsers never send to a server or keep in its logs).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableTicket {
    pub play_id: Id,
    pub join_token: String,
    /// `/table?play=<id>&lang=<host's language>#<join token>` (`&lang` only when the host
    /// said it), to put after `http://<address>:<port>`.
    pub join_path: String,
    pub status: TableStatus,
}

/// The host's view of the table: who joined which seat, who has finished entering.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableStatus {
    pub play_id: Id,
    pub open: bool,
    pub revision: u32,
    pub seats: Vec<TableSeatStatus>,
    /// Every phone that joined, with or without a seat.
    pub session: Option<TableSession>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableSeatStatus {
    pub seat: u8,
    pub player_name: String,
    /// Phones may take it (the other seats are entered by the host).
    pub offered: bool,
    pub device: Option<Id>,
    pub device_name: Option<String>,
    pub finished: bool,
    pub last_change_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The phones asking for this seat (in the order they joined): the host gives it or refuses.
    pub requests: Vec<SeatRequest>,
}

/// A phone asking for a seat another phone holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SeatRequest {
    pub device: Id,
    /// What the phone called itself, if anything.
    pub name: Option<String>,
}

/// A phone joined (or changed seat): its device, its token (only when it was just made: keep
/// it, it is not shown again), its seat, and the held seat it asks for.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableJoined {
    pub device: Id,
    pub token: Option<String>,
    pub seat: Option<u8>,
    pub asking: Option<u8>,
}

/// What a phone sees of the play: the table state with the other seats' private fields
/// removed, and the seats.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableView {
    pub play_id: Id,
    pub game: GameId,
    pub variant: String,
    pub status: PlayStatus,
    pub revision: u32,
    /// The seat this view is for (its private fields are in `table`).
    pub seat: Option<u8>,
    /// The held seat this phone asks for, while the host or its holder has not answered.
    pub asking: Option<u8>,
    /// The phones asking for this view's seat: its phone may give it or keep it.
    pub requests: Vec<SeatRequest>,
    pub seats: Vec<TableSeatView>,
    pub table: Option<Json>,
    /// The problems of this seat's entries (the others' are theirs).
    pub problems: Vec<Problem>,
    /// The printed values the host's history remembers for this game's cards (Valencia's
    /// mission values), which a phone offers as the host's screen does.
    pub card_values: Vec<CardValue>,
    /// This seat's live total and place, scored by the core on the whole table (the other
    /// seats' private entries included, which the phone never sees); `None` without a seat,
    /// when the play is not in progress, when a problem is about the whole table, or when the
    /// play is not a race on points (a cooperative or solo Orléans scenario, Le duel).
    pub score: Option<TableSeatScore>,
}

/// A seat's live score on a phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableSeatScore {
    pub total: i32,
    /// 1-based; players sharing a place have the same rank.
    pub rank: u8,
    /// False while some problems are not fixed: the total leaves out the fields they name.
    pub complete: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableSeatView {
    pub seat: u8,
    pub player_name: String,
    /// The player's colour (the physical game's), shown with the name.
    pub colour: Option<String>,
    pub offered: bool,
    /// A phone holds it.
    pub taken: bool,
    pub finished: bool,
}

/// A change to a play whose table is open: "changed, revision n, by seat s" (`seat`: `None`
/// for the host), or the table closed. Listeners fetch what they show again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TableChange {
    pub play_id: Id,
    pub revision: u32,
    pub seat: Option<u8>,
    pub closed: bool,
    /// Made by another process on the same history (by whom is not known; `seat` is `None`).
    pub elsewhere: bool,
}

/// What the listeners were told: the history's `data_version` when last looked at, and each
/// open table's revision.
#[derive(Debug, Default)]
pub(crate) struct TablesTold {
    data_version: Option<i64>,
    revisions: std::collections::HashMap<Id, u32>,
}

/// Told every [`TableChange`], on the thread that made it: must return quickly.
pub type TableListener = Box<dyn Fn(&TableChange) + Send + Sync>;

/// A new secret (hex) and its digest.
pub(super) fn new_secret() -> Result<(String, TokenDigest), ApiError> {
    let mut bytes = [0u8; SECRET_BYTES];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::internal(format!("no randomness from the system: {e}")))?;
    let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let digest = digest_of(&secret);
    Ok((secret, digest))
}

pub(super) fn digest_of(secret: &str) -> TokenDigest {
    Sha256::digest(secret.as_bytes()).into()
}

/// Equal digests, in a time that does not depend on where they differ.
pub(super) fn same_digest(a: &TokenDigest, b: &TokenDigest) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `j12_ab…` → (`'j'`, 12, `"ab…"`).
pub(super) fn parse_token(token: &str) -> Option<(char, Id, &str)> {
    let (selector, secret) = token.split_once('_')?;
    let mut chars = selector.chars();
    let kind = chars.next()?;
    let id = chars.as_str().parse().ok()?;
    (secret.len() == 2 * SECRET_BYTES && secret.bytes().all(|b| b.is_ascii_hexdigit()))
        .then_some((kind, id, secret))
}

fn unauthorized() -> ApiError {
    ApiError::new(
        ErrorKind::Unauthorized,
        "this table's token is not valid (the table was closed, or this phone removed)",
    )
}

fn no_seat() -> ApiError {
    ApiError::new(ErrorKind::Forbidden, "this phone has no seat yet: take one first")
}

impl Api {
    /// Adds a listener told every change to a play whose table is open (the server's live
    /// stream; the desktop shell emits a window event from it).
    pub fn on_table_change(&self, listener: impl Fn(&TableChange) + Send + Sync + 'static) {
        if let Ok(mut listeners) = self.table_listeners.lock() {
            listeners.push(Box::new(listener));
        }
    }

    fn notify(&self, change: TableChange) {
        if let Ok(mut told) = self.tables_told.lock() {
            if change.closed {
                told.revisions.remove(&change.play_id);
            } else {
                let revision = told.revisions.entry(change.play_id).or_default();
                *revision = (*revision).max(change.revision);
            }
        }
        if let Ok(listeners) = self.table_listeners.lock() {
            for listener in listeners.iter() {
                listener(&change);
            }
        }
    }

    /// Tells the listeners what other processes changed of the plays under an open table since
    /// the last look: a table whose revision moved beyond what was told is changed
    /// (`elsewhere`), one that is no longer open (closed, its play finished, abandoned or
    /// deleted) is closed. Cheap while nobody else writes (one `PRAGMA data_version`); skips its
    /// turn while this process holds the history (an import under way).
    pub fn look_for_changes_elsewhere(&self) -> Result<(), ApiError> {
        let Ok(store) = self.store.try_lock() else { return Ok(()) };
        let version = store.data_version()?;
        let mut told =
            self.tables_told.lock().map_err(|_| ApiError::internal("table revisions unavailable"))?;
        if told.data_version == Some(version) {
            return Ok(());
        }
        let first_look = told.data_version.is_none();
        told.data_version = Some(version);
        let open = store.open_table_revisions()?;
        drop(store);
        let mut changes: Vec<TableChange> = open
            .iter()
            .filter(|(play, revision)| !first_look && told.revisions.get(play).is_none_or(|r| r < revision))
            .map(|&(play_id, revision)| TableChange {
                play_id,
                revision,
                seat: None,
                closed: false,
                elsewhere: true,
            })
            .collect();
        changes.extend(told.revisions.iter().filter(|(play, _)| !open.iter().any(|(p, _)| p == *play)).map(
            |(&play_id, &revision)| TableChange {
                play_id,
                revision: revision.saturating_add(1),
                seat: None,
                closed: true,
                elsewhere: true,
            },
        ));
        told.revisions.extend(open.iter().copied());
        drop(told);
        for change in changes {
            self.notify(change);
        }
        Ok(())
    }

    /// Runs a change to a play with the history locked, then counts it in the play's open
    /// table (by `seat`, `None` for the host) and tells the listeners, once the lock is let go.
    pub(crate) fn changed_play<T>(
        &self,
        play: Id,
        seat: Option<u8>,
        change: impl FnOnce(&mut Store) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut store = self.store()?;
        let answer = change(&mut store)?;
        // The change itself is stored; a count that failed only leaves the phones to see it at
        // the next change, so it does not turn a stored change into an error.
        let revision = store.bump_table_revision(play, seat).unwrap_or(None);
        drop(store);
        if let Some(revision) = revision {
            self.notify(TableChange { play_id: play, revision, seat, closed: false, elsewhere: false });
        }
        Ok(answer)
    }

    /// Runs what ends a play's table (finishing, abandoning, deleting the play, closing the
    /// table), and tells the listeners when a table was open.
    pub(crate) fn closing_play<T>(
        &self,
        play: Id,
        change: impl FnOnce(&mut Store) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut store = self.store()?;
        let open = store.table_session(play)?.map(|s| s.revision);
        let answer = change(&mut store)?;
        let still_open = store.table_join_digest(play)?.is_some();
        drop(store);
        if let (Some(revision), false) = (open, still_open) {
            self.notify(TableChange {
                play_id: play,
                revision: revision.saturating_add(1),
                seat: None,
                closed: true,
                elsewhere: false,
            });
        }
        Ok(answer)
    }

    /// Remembers a card's printed value for the next plays; the phones at an open table of that
    /// game are told, as of a change to their play (their view carries the values).
    pub(crate) fn remember_card_value(
        &self,
        game: GameId,
        card: &str,
        value: i32,
    ) -> Result<CardValue, ApiError> {
        let store = self.store()?;
        let kept = store.set_card_value(game, card, value)?;
        // A count that failed only leaves the phones to see it at the next change.
        let counted: Vec<(Id, u32)> = store
            .open_tables_of(game)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|play| Some((play, store.bump_table_revision(play, None).ok()??)))
            .collect();
        drop(store);
        for (play_id, revision) in counted {
            self.notify(TableChange { play_id, revision, seat: None, closed: false, elsewhere: false });
        }
        Ok(kept)
    }

    /// What a phone's token grants, checked against the history now (so a removed phone or a
    /// closed table is refused from its next request on, in every process). Any failure is
    /// `unauthorized`, saying nothing of which part was wrong.
    pub fn table_access(&self, token: &str) -> Result<SeatAccess, ApiError> {
        let (kind, id, secret) = parse_token(token).ok_or_else(unauthorized)?;
        let given = digest_of(secret);
        let store = self.store()?;
        let access = match kind {
            'j' => {
                let stored = store.table_join_digest(id)?.ok_or_else(unauthorized)?;
                same_digest(&stored, &given).then_some(SeatAccess { play: id, device: None, seat: None })
            }
            'd' => {
                let stored = store.table_device_secret(id)?.ok_or_else(unauthorized)?;
                same_digest(&stored.digest, &given).then_some(SeatAccess {
                    play: stored.play_id,
                    device: Some(id),
                    seat: stored.seat,
                })
            }
            _ => None,
        };
        access.ok_or_else(unauthorized)
    }

    pub(crate) fn open_table(
        &self,
        play: Id,
        seats: Option<Vec<u8>>,
        lang: Option<Lang>,
    ) -> Result<TableTicket, ApiError> {
        let (secret, digest) = new_secret()?;
        self.changed_play(play, None, |store| Ok(store.open_table(play, &digest, seats.as_deref())?))?;
        let join_token = format!("j{play}_{secret}");
        // The host's language rides in the join URL (the QR code): a phone at a French table
        // speaks French until its player picks a language, whatever its browser says.
        let lang = lang.map(|l| format!("&lang={}", l.code())).unwrap_or_default();
        Ok(TableTicket {
            play_id: play,
            join_path: format!("/table?play={play}{lang}#{join_token}"),
            join_token,
            status: self.status_of_table(play)?,
        })
    }

    /// A door notes where it serves `play`'s open table (door plumbing, not an operation): the
    /// next opening, after a restart too, tries that address first (`TableSession::served_at`).
    pub fn table_served_at(&self, play: Id, address: std::net::SocketAddr) -> Result<(), ApiError> {
        Ok(self.store()?.set_table_served_at(play, &address.to_string())?)
    }

    pub(crate) fn close_table(&self, play: Id) -> Result<bool, ApiError> {
        self.closing_play(play, |store| Ok(store.close_table(play)?))
    }

    pub fn status_of_table(&self, play: Id) -> Result<TableStatus, ApiError> {
        let store = self.store()?;
        let detail = store.play(play)?;
        let session = store.table_session(play)?;
        let seats = detail
            .seats
            .iter()
            .map(|s| {
                let device = session.as_ref().and_then(|t| t.devices.iter().find(|d| d.seat == Some(s.seat)));
                TableSeatStatus {
                    seat: s.seat,
                    player_name: s.player_name.clone(),
                    offered: session.as_ref().is_some_and(|t| t.seats_offered.contains(&s.seat)),
                    device: device.map(|d| d.id),
                    device_name: device.and_then(|d| d.name.clone()),
                    finished: device.is_some_and(|d| d.finished),
                    last_change_at: device.and_then(|d| d.last_change_at),
                    requests: requests_for(session.as_ref(), s.seat),
                }
            })
            .collect();
        Ok(TableStatus {
            play_id: play,
            open: session.is_some(),
            revision: session.as_ref().map_or(0, |s| s.revision),
            seats,
            session,
        })
    }

    pub(crate) fn remove_table_device(&self, play: Id, device: Id) -> Result<TableStatus, ApiError> {
        self.changed_play(play, None, |store| Ok(store.remove_table_device(play, device)?))?;
        self.status_of_table(play)
    }

    /// The host puts a phone on a seat (taking it from the phone that held it) or on none.
    pub(crate) fn assign_table_seat(
        &self,
        play: Id,
        device: Id,
        seat: Option<u8>,
    ) -> Result<TableStatus, ApiError> {
        self.changed_play(play, None, |store| Ok(store.set_device_seat(play, device, seat, true)?))?;
        self.status_of_table(play)
    }

    /// A phone joins (`device: None`: a new device and its token) and/or claims a seat. A seat
    /// another phone holds is refused (`seat_taken`, naming it), or with `ask`, asked for: the
    /// host or the holding phone answers. A phone claiming nothing gives up its request.
    pub(crate) fn join_table(
        &self,
        play: Id,
        device: Option<Id>,
        claim: Option<u8>,
        ask: bool,
        name: Option<String>,
    ) -> Result<TableJoined, ApiError> {
        self.changed_play(play, claim, |store| {
            let (device, token) = match device {
                Some(d) => {
                    if store.table_device_secret(d)?.is_none_or(|s| s.play_id != play) {
                        return Err(ApiError::new(
                            ErrorKind::NotFound,
                            format!("no phone {d} at this table"),
                        ));
                    }
                    (d, None)
                }
                None => {
                    let (secret, digest) = new_secret()?;
                    let d = store.add_table_device(play, &digest, name.as_deref())?;
                    (d, Some(format!("d{d}_{secret}")))
                }
            };
            let claimed = match claim {
                Some(seat) => match store.set_device_seat(play, device, Some(seat), false) {
                    Err(StoreError::SeatTaken { .. }) if ask => store.ask_for_seat(play, device, seat),
                    other => other,
                },
                None => store.withdraw_seat_request(play, device),
            };
            if let Err(e) = claimed {
                // A new phone whose claim failed leaves nothing behind: it joins again with
                // its choice made.
                if token.is_some() {
                    store.remove_table_device(play, device)?;
                }
                return Err(e.into());
            }
            let (seat, asking) = store
                .table_session(play)?
                .and_then(|t| t.devices.into_iter().find(|d| d.id == device))
                .map_or((None, None), |d| (d.seat, d.asks_for));
            Ok(TableJoined { device, token, seat, asking })
        })
    }

    /// Answers a phone's request for `seat` (the host for any seat, a phone for its own):
    /// `give` hands it over, else the request ends.
    pub(crate) fn answer_seat_request(
        &self,
        play: Id,
        seat: Option<u8>,
        asker: Id,
        give: bool,
    ) -> Result<TableView, ApiError> {
        let seat = seat.ok_or_else(no_seat)?;
        self.changed_play(play, None, |store| Ok(store.answer_seat_request(play, seat, asker, give)?))?;
        // The phone that gave its seat away has none now.
        let kept = self
            .store()?
            .table_session(play)?
            .is_some_and(|t| t.devices.iter().any(|d| d.seat == Some(seat) && d.id != asker));
        self.view_of_table(play, kept.then_some(seat), None)
    }

    /// The play as the phone at `seat` may see it; `device`, a phone naming itself: the seat it
    /// asks for, and when no seat is named, its own (the host's door binds no token).
    pub(crate) fn view_of_table(
        &self,
        play: Id,
        seat: Option<u8>,
        device: Option<Id>,
    ) -> Result<TableView, ApiError> {
        let store = self.store()?;
        let detail = store.play(play)?;
        let session = store.table_session(play)?;
        let phone = session.as_ref().and_then(|t| t.devices.iter().find(|d| Some(d.id) == device));
        let seat = seat.or_else(|| phone.and_then(|d| d.seat));
        let (problems, score) = match (seat, &detail.table_state) {
            (Some(seat), Some(state)) if detail.status == PlayStatus::InProgress => {
                match store.preview_table_state(play, state) {
                    Ok(preview) => {
                        let (board, complete) = match (&preview.scoreboard, &preview.partial) {
                            (Some(board), _) => (Some(board), true),
                            (None, partial) => (partial.as_ref(), false),
                        };
                        // Only a race on points gives a seat a total and a place (a cooperative
                        // or solo play is won or lost together, a duel by its objectives).
                        let score = board
                            .filter(|b| b.outcome == Outcome::Points)
                            .and_then(|b| b.players.iter().find(|p| p.seat == seat))
                            .and_then(|p| Some(TableSeatScore { total: p.total?, rank: p.rank, complete }));
                        (seat::seat_problems(&preview.problems, seat), score)
                    }
                    Err(_) => (Vec::new(), None),
                }
            }
            _ => (Vec::new(), None),
        };
        let seats = detail
            .seats
            .iter()
            .map(|s| {
                let device = session.as_ref().and_then(|t| t.devices.iter().find(|d| d.seat == Some(s.seat)));
                TableSeatView {
                    seat: s.seat,
                    player_name: s.player_name.clone(),
                    colour: s.colour.clone(),
                    offered: session.as_ref().is_some_and(|t| t.seats_offered.contains(&s.seat)),
                    taken: device.is_some(),
                    finished: device.is_some_and(|d| d.finished),
                }
            })
            .collect();
        Ok(TableView {
            play_id: play,
            game: detail.game,
            variant: detail.variant,
            status: detail.status,
            revision: session.as_ref().map_or(0, |s| s.revision),
            seat,
            asking: phone.and_then(|d| d.asks_for),
            requests: seat.map_or_else(Vec::new, |seat| requests_for(session.as_ref(), seat)),
            seats,
            table: detail.table_state.as_ref().map(|state| seat::public_view(detail.game, state, seat)),
            problems,
            card_values: store.card_values(detail.game)?,
            score,
        })
    }

    /// A phone's entries for its seat, merged into the play's table state field by field and
    /// saved as the host's autosave is (same checks, same revisions for Undo).
    pub(crate) fn save_seat(&self, play: Id, seat: Option<u8>, part: &Json) -> Result<TableView, ApiError> {
        let seat = seat.ok_or_else(no_seat)?;
        self.changed_play(play, Some(seat), |store| {
            let detail = store.play(play)?;
            if detail.status != PlayStatus::InProgress {
                return Err(ApiError::new(ErrorKind::InvalidInput, "only a play in progress can change"));
            }
            // A play the host has not saved yet: its variant (a module, a scenario) and its seats'
            // names are all there is.
            let state = match detail.table_state {
                Some(state) if state.get("players").is_some_and(Json::is_array) => state,
                _ => serde_json::json!({
                    "variant": detail.variant,
                    "players": detail.seats.iter().map(|s| serde_json::json!({ "name": s.player_name })).collect::<Vec<_>>()
                }),
            };
            let merged = seat::merge_seat(detail.game, &state, seat, part)?;
            store.save_table_state(play, &merged)?;
            Ok(())
        })?;
        self.view_of_table(play, Some(seat), None)
    }

    pub(crate) fn set_seat_finished(
        &self,
        play: Id,
        seat: Option<u8>,
        finished: bool,
    ) -> Result<TableView, ApiError> {
        let seat = seat.ok_or_else(no_seat)?;
        self.changed_play(play, Some(seat), |store| Ok(store.set_seat_finished(play, seat, finished)?))?;
        self.view_of_table(play, Some(seat), None)
    }
}

/// The phones asking for `seat`, in the order they joined.
fn requests_for(session: Option<&TableSession>, seat: u8) -> Vec<SeatRequest> {
    let Some(session) = session else { return Vec::new() };
    session
        .devices
        .iter()
        .filter(|d| d.asks_for == Some(seat))
        .map(|d| SeatRequest { device: d.id, name: d.name.clone() })
        .collect()
}

/// Binds a `seat` operation's request to the phone's grant: `play_id`, `seat` and `device`
/// are filled in from it, and refused (`forbidden`) when the phone names others.
pub(crate) fn bind_to_seat(fields: &[&str], mut request: Json, access: SeatAccess) -> Result<Json, ApiError> {
    let Some(object) = request.as_object_mut() else { return Ok(request) };
    let granted = [
        ("play_id", Json::from(access.play)),
        ("seat", access.seat.map_or(Json::Null, Json::from)),
        ("device", access.device.map_or(Json::Null, Json::from)),
    ];
    for (field, value) in granted {
        if !fields.contains(&field) {
            continue;
        }
        match object.get(field) {
            Some(given) if !given.is_null() && *given != value => {
                return Err(ApiError::new(
                    ErrorKind::Forbidden,
                    format!("this phone's token does not grant {field} {given}"),
                ));
            }
            _ => {
                object.insert(field.to_owned(), value);
            }
        }
    }
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_parse_only_in_their_shape() {
        let secret = "ab".repeat(SECRET_BYTES);
        assert_eq!(parse_token(&format!("j12_{secret}")), Some(('j', 12, secret.as_str())));
        assert_eq!(parse_token(&format!("d3_{secret}")), Some(('d', 3, secret.as_str())));
        assert_eq!(parse_token("j12_abc"), None, "too short");
        assert_eq!(parse_token(&format!("j12_{}", "zz".repeat(SECRET_BYTES))), None, "not hex");
        assert_eq!(parse_token(&format!("jx_{secret}")), None);
        assert_eq!(parse_token(""), None);
    }

    #[test]
    fn secrets_are_new_each_time_and_digests_compare() {
        let (a, da) = new_secret().expect("secret");
        let (b, db) = new_secret().expect("secret");
        assert_ne!(a, b);
        assert_eq!(a.len(), 40, "160 bits in hex");
        assert!(same_digest(&da, &digest_of(&a)));
        assert!(!same_digest(&da, &db));
    }
}
