//! `GET /api/table/events`: a table's live stream (Server-Sent Events), on both doors.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast;

use super::guard::StreamSlot;
use super::{Access, ApiError, ErrorKind, Server, TableChange, failure};
use crate::history::Id;

/// `GET /api/table/events`: the live stream (Server-Sent Events) of the table's changes, one
/// `change` event `{play_id, revision, seat, closed}` each, the first one the revision now;
/// clients fetch their view again on each. A phone's token travels in the query
/// (`?token=…`): `EventSource` cannot set a header, a cookie would be sent by any page of any
/// site, and the stream tells only revision numbers (no entry); the server keeps no log of
/// URLs. The local door's host names the play instead (`?play=<id>`). The stream ends when
/// the table closes, the token stops being valid, or a newer stream of the same token takes
/// its place (a phone holds a few at most: `DoorPolicy::streams_per_token`; an address and the
/// door a few more, beyond which a new stream is refused).
pub(super) async fn table_events(
    State(server): State<Arc<Server>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let token = query_value(&uri, "token");
    let play = query_value(&uri, "play").and_then(|p| p.parse::<Id>().ok());
    let receiver = server.changes.subscribe();
    let checked = {
        let server = server.clone();
        let token = token.clone();
        tokio::task::spawn_blocking(move || open_stream(&server, &headers, token.as_deref(), play, client))
            .await
    };
    let (play, revision, slot, recheck) = match checked {
        Ok(Ok(granted)) => granted,
        Ok(Err(error)) => return failure(error),
        Err(join) => return failure(ApiError::internal(join)),
    };
    let token = token.filter(|_| recheck);
    let hello = TableChange { play_id: play, revision, seat: None, closed: false, elsewhere: false };
    // The state: the change to send next (the greeting first), the subscription, the last
    // revision sent and the stream's place; `None` once the closing was sent.
    let stream = futures_util::stream::unfold(Some((Some(hello), receiver, revision, slot)), move |state| {
        let server = server.clone();
        let token = token.clone();
        async move {
            let (pending, mut receiver, sent, mut slot) = state?;
            let change = match pending {
                Some(change) => change,
                None => next_change(&server, play, &mut receiver, &mut slot, sent).await?,
            };
            // A phone removed, or a device revoked, mid-stream hears nothing more.
            if let (Some(token), false) = (token, change.closed)
                && !still_valid(server, token).await
            {
                return None;
            }
            let event = Event::default().event("change").json_data(change).ok()?;
            let next = (!change.closed).then_some((None, receiver, change.revision, slot));
            Some((Ok::<_, std::convert::Infallible>(event), next))
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// The value of `key` in the request's query, as written.
fn query_value(uri: &Uri, key: &str) -> Option<String> {
    uri.query()
        .unwrap_or_default()
        .split('&')
        .find_map(|pair| pair.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
        .map(str::to_owned)
}

/// Who may follow which play's table: the play, its revision now, the stream's place, and
/// whether the token must be checked again at every change. Refused when the caller may not,
/// holds too many streams, or the play's table is not open.
fn open_stream(
    server: &Server,
    headers: &HeaderMap,
    token: Option<&str>,
    play: Option<Id>,
    client: SocketAddr,
) -> Result<(Id, u32, StreamSlot, bool), ApiError> {
    let granted = server.access(headers, token, client.ip())?;
    let play = match granted.access {
        Access::Seat(seat) => seat.play,
        Access::Host => {
            play.ok_or_else(|| ApiError::new(ErrorKind::InvalidInput, "name the play: ?play=<id>"))?
        }
        Access::Guest | Access::Unpaired => {
            return Err(ApiError::new(ErrorKind::Forbidden, "pair this device first"));
        }
    };
    // A token the door counted (a phone's, a paired device's) is checked at every change.
    let recheck = granted.token_key.is_some();
    let key = granted.token_key.unwrap_or_else(|| format!("play {play}"));
    let slot = server.streams.open(&key, client.ip())?;
    let status = server.api.status_of_table(play)?;
    if !status.open {
        return Err(ApiError::new(ErrorKind::NotFound, "this play's table is not open"));
    }
    Ok((play, status.revision, slot, recheck))
}

/// The play's next change to send, `sent` the last revision sent; `None` when the stream ends
/// (the changes stop, a newer stream of the token takes its place, the server stops).
async fn next_change(
    server: &Arc<Server>,
    play: Id,
    receiver: &mut broadcast::Receiver<TableChange>,
    slot: &mut StreamSlot,
    sent: u32,
) -> Option<TableChange> {
    let mut stopping = server.stopping.clone();
    loop {
        tokio::select! {
            // The changes first: closing the table both sends the closing change and stops the
            // server, and the phones must hear the closing (picked at random, the stop won
            // about half the time and the stream just ended).
            biased;
            received = receiver.recv() => match received {
                Ok(change) if change.play_id == play => return Some(change),
                // A lagging stream catches up with the next change (its revision).
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return None,
            },
            // A newer stream of this token took its place.
            _ = &mut slot.ended => return None,
            stopped = async { stopping.wait_for(|stop| *stop).await.is_ok() } => {
                if !stopped {
                    // Nobody can say stop: wait for changes only.
                    std::future::pending::<()>().await;
                }
                return closing_change(server, play, sent).await;
            }
        }
    }
}

/// Stopped because the table closed (the app's own listener may stop the server before the
/// closing change reaches this stream): the phone is told, as by that change. Stopped
/// otherwise (the app quits, the table stays open): the stream just ends.
async fn closing_change(server: &Arc<Server>, play: Id, sent: u32) -> Option<TableChange> {
    let api = server.clone();
    let closed = tokio::task::spawn_blocking(move || {
        api.api.store().ok().and_then(|s| s.table_join_digest(play).ok()).map(|d| d.is_none())
    });
    if let Ok(Some(true)) = closed.await {
        return Some(TableChange {
            play_id: play,
            revision: sent.saturating_add(1),
            seat: None,
            closed: true,
            elsewhere: false,
        });
    }
    None
}

/// Whether a phone's or a paired device's token still opens this door.
async fn still_valid(server: Arc<Server>, token: String) -> bool {
    let valid = tokio::task::spawn_blocking(move || match server.door {
        super::Door::Table { .. } => server.api.table_access(&token).is_ok(),
        super::Door::Local { .. } => server.api.paired_access(&token).is_ok(),
    })
    .await;
    valid.unwrap_or(false)
}
