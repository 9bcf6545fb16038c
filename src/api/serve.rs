//! `greffier serve`: the operations of the table over local HTTP, and the built UI beside them,
//! so the whole app runs in a plain browser against the real core.
//!
//! `POST /api/<operation>` takes the request's fields as a JSON object and answers the
//! response as JSON (200), or the [`ApiError`] with a status from its kind. A file to import is
//! not a request's text: `POST /api/upload` streams its bytes into an upload of the core, which
//! `import_file` then names. Everything else is the UI's files, any unknown path answering
//! `index.html` (the SPA routes itself).
//!
//! Local only: bound to 127.0.0.1 unless told otherwise, no CORS headers, and a request must
//! say `Content-Type: application/json` (a page of another site cannot send that without
//! a preflight, which is never granted) and come from no other origin than this server's.
//! Each call runs on a blocking thread; the history's lock and SQLite transactions keep every
//! write whole, and a shutdown (SIGINT, SIGTERM) waits for the calls under way.
//!
//! The table door ([`Door::Table`], `greffier table`; issue #18) serves one play to the
//! players' phones on the local network: nothing listens before the host opens the table,
//! every API request carries a phone's token (`Authorization: Bearer`), which grants only the
//! `guest` and `seat` operations of that play (no `host` one is reachable from the network),
//! the Host header must be the exact address served, bodies are at most 256 KiB, each token
//! has a bucket of requests, and `GET /api/table/events` streams the table's changes. The
//! UI's files carry a strict CSP in both doors.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path as FsPath, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use base64::Engine;
use sha2::{Digest, Sha256};
use tokio::sync::broadcast;
use tower_http::services::{ServeDir, ServeFile};

use super::{Access, Api, ApiError, ErrorKind, TableChange};
use crate::history::Id;

/// Largest request body taken (an import's file is not a request: it is an upload, streamed to
/// `POST /api/upload` outside this limit).
pub const MAX_BODY_BYTES: usize = 32 * 1024 * 1024;

/// Largest request body a phone may send at an open table (a seat's part is a few KiB).
pub const GUEST_MAX_BODY_BYTES: usize = 256 * 1024;

/// A phone's token bucket: this many requests at once…
pub const GUEST_BURST: u32 = 120;
/// …then this many a second (a phone saving while typing and fetching the view after every
/// other phone's change stays well under it).
pub const GUEST_PER_SECOND: u32 = 30;

pub struct ServeOptions {
    pub addr: SocketAddr,
    /// The built UI (`ui/build`); `None` serves the API only.
    pub ui: Option<PathBuf>,
    /// Table mode: the play open to the phones. Then every API request must carry a phone's
    /// token for this play (no host operation is reachable), the Host header must be the
    /// address served, bodies are small and each token's rate is bounded; the server stops
    /// when the table is closed (or the play finished, abandoned, deleted).
    pub table: Option<Id>,
}

/// Who the server answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Door {
    /// `greffier serve`: the host's own browser. On the loopback, a request must name it as its
    /// host (`127.0.0.1`, `localhost`, `[::1]`), so that a site whose name was made to point
    /// here (DNS rebinding) is not the browser's "same origin".
    Local { loopback: bool },
    /// Table mode: the phones at `play`'s table, reaching the server at `host` (`ip:port`).
    Table { play: Id, host: String },
}

struct Server {
    api: Arc<Api>,
    door: Door,
    /// Every table change of the `Api`, for the live streams.
    changes: broadcast::Sender<TableChange>,
    /// Table mode: each token's bucket (by its selector, `d12`, `j7`).
    buckets: Mutex<HashMap<String, Bucket>>,
    /// Becomes true when the server stops: the live streams end then, instead of holding the
    /// graceful shutdown until every phone goes away.
    stopping: tokio::sync::watch::Receiver<bool>,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Server {
    /// What this request may call. The local door grants the host (it listens on the loopback
    /// for its own user); the table door grants a phone's token for this table only, refusing
    /// any request without one: the host's operations are not reachable from the network.
    fn access(&self, headers: &HeaderMap, query_token: Option<&str>) -> Result<Access, ApiError> {
        let Door::Table { play, .. } = &self.door else { return Ok(Access::Host) };
        let bearer = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim);
        let Some(token) = bearer.or(query_token) else {
            return Err(ApiError::new(
                ErrorKind::Unauthorized,
                "join the table first: every request carries its token",
            ));
        };
        let access = self.api.table_access(token)?;
        if access.play != *play {
            return Err(ApiError::new(ErrorKind::Unauthorized, "this token is for another table"));
        }
        self.take_from_bucket(token)?;
        Ok(Access::Seat(access))
    }

    /// One request from this token's bucket, or `rate_limited`.
    fn take_from_bucket(&self, token: &str) -> Result<(), ApiError> {
        let selector = token.split('_').next().unwrap_or_default().to_owned();
        let mut buckets = self.buckets.lock().map_err(|_| ApiError::internal("rate buckets unavailable"))?;
        let now = Instant::now();
        let bucket = buckets.entry(selector).or_insert(Bucket { tokens: f64::from(GUEST_BURST), at: now });
        let refill = now.duration_since(bucket.at).as_secs_f64() * f64::from(GUEST_PER_SECOND);
        bucket.tokens = (bucket.tokens + refill).min(f64::from(GUEST_BURST));
        bucket.at = now;
        if bucket.tokens < 1.0 {
            return Err(ApiError::new(
                ErrorKind::RateLimited,
                format!("too many requests from this phone: at most {GUEST_PER_SECOND} a second"),
            ));
        }
        bucket.tokens -= 1.0;
        Ok(())
    }
}

/// The routes over `api` for `door`.
pub fn router(api: Arc<Api>, ui: Option<PathBuf>, door: Door) -> Router {
    // Nobody will say it stops: the streams end with their clients.
    router_with_stop(api, ui, door).0
}

/// [`router`], and what to send `true` on when the server stops (the live streams end).
pub fn router_with_stop(
    api: Arc<Api>,
    ui: Option<PathBuf>,
    door: Door,
) -> (Router, tokio::sync::watch::Sender<bool>) {
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let (changes, _) = broadcast::channel(256);
    let weak = changes.downgrade();
    // The listener outlives no server: once the server's sender is gone, it sends nothing.
    api.on_table_change(move |change| {
        if let Some(sender) = weak.upgrade() {
            let _ = sender.send(*change);
        }
    });
    let limit = match door {
        Door::Local { .. } => MAX_BODY_BYTES,
        Door::Table { .. } => GUEST_MAX_BODY_BYTES,
    };
    let local = matches!(door, Door::Local { .. });
    let server = Arc::new(Server { api, door, changes, buckets: Mutex::new(HashMap::new()), stopping });
    let mut api_routes = Router::new()
        .route("/table/events", get(table_events))
        .route("/{operation}", post(call))
        .fallback(no_such_route)
        .layer(DefaultBodyLimit::max(limit));
    if local {
        // The host's files, streamed: not under the requests' limit (the core bounds an
        // upload), and never on the table door.
        api_routes = api_routes.route("/upload", post(upload).layer(DefaultBodyLimit::disable()));
    }
    let api_routes = api_routes.with_state(server.clone());
    let router = Router::new().nest("/api", api_routes);
    let router = match ui {
        Some(dir) => {
            let policy = content_security_policy(&dir);
            let index = dir.join("index.html");
            let files = Router::new()
                .fallback_service(ServeDir::new(dir).fallback(ServeFile::new(index)))
                .layer(axum::middleware::from_fn(move |request: Request, next: Next| {
                    let policy = policy.clone();
                    async move {
                        let mut response = next.run(request).await;
                        let headers = response.headers_mut();
                        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
                        headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
                        headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
                        response
                    }
                }));
            router.merge(files)
        }
        None => router.fallback(no_such_route),
    };
    (router.layer(axum::middleware::from_fn_with_state(server, check_host)), stop)
}

/// The UI's policy: its own scripts and the inline bootstrap of `index.html` (by hash), its
/// own styles (inline allowed: Svelte sets style attributes), images and fonts, requests only
/// to this server, no frames, plugins, forms or base changes.
fn content_security_policy(dir: &FsPath) -> HeaderValue {
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap_or_default();
    let hashes: String = inline_scripts(&index)
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            format!(" 'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
        })
        .collect();
    let policy = format!(
        "default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
         font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'; \
         frame-ancestors 'none'"
    );
    HeaderValue::from_str(&policy).unwrap_or(HeaderValue::from_static("default-src 'self'"))
}

/// The bodies of the `<script>` elements without a `src` (what the CSP must name by hash).
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script").skip(1).filter_map(|rest| {
        let (attributes, after) = rest.split_once('>')?;
        let (body, _) = after.split_once("</script>")?;
        (!attributes.contains("src=")).then_some(body)
    })
}

/// Every request, files too: the Host must be the address served (the loopback's names for
/// the local door, the exact `ip:port` for the table door), against DNS rebinding.
async fn check_host(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let allowed = match &server.door {
        Door::Local { loopback: false } => true,
        Door::Local { loopback: true } => {
            let name = host.rsplit_once(':').map_or(host, |(name, _port)| name);
            ["127.0.0.1", "localhost", "[::1]"].contains(&name)
        }
        Door::Table { host: served, .. } => host == served,
    };
    if !allowed {
        let message = match &server.door {
            Door::Table { host, .. } => format!("this server answers only to {host}"),
            Door::Local { .. } => "this server answers only to 127.0.0.1 or localhost".to_owned(),
        };
        return failure(ApiError::new(ErrorKind::Forbidden, message));
    }
    next.run(request).await
}

/// Serves until SIGINT or SIGTERM (or, for a table, until it is closed), then lets the calls
/// under way finish. `on_listening` is told the address bound (the port chosen when 0 was
/// asked).
pub fn serve(
    api: Arc<Api>,
    options: ServeOptions,
    on_listening: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    serve_until(api, options, on_listening, stop_signal())
}

/// [`serve`], stopping when `stop` completes instead of on a signal (or, for a table, when it
/// is closed): the desktop app serves its open table this way, on a thread of its own, and
/// keeps the process's signals for itself.
pub fn serve_until(
    api: Arc<Api>,
    options: ServeOptions,
    on_listening: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr).await?;
        let addr = listener.local_addr()?;
        let door = match options.table {
            Some(play) => Door::Table { play, host: addr.to_string() },
            None => Door::Local { loopback: addr.ip().is_loopback() },
        };
        let (router, stopping) = router_with_stop(api.clone(), options.ui, door);
        let (closed_tx, closed_rx) = tokio::sync::oneshot::channel::<()>();
        let closed_tx = Mutex::new(Some(closed_tx));
        if let Some(play) = options.table {
            api.on_table_change(move |change| {
                if change.play_id == play
                    && change.closed
                    && let Some(tx) = closed_tx.lock().ok().and_then(|mut t| t.take())
                {
                    let _ = tx.send(());
                }
            });
        }
        on_listening(addr);
        let closed = async move {
            if closed_rx.await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        let stop = async move {
            tokio::select! {
                () = stop => {},
                () = closed => {},
            }
            let _ = stopping.send(true);
        };
        axum::serve(listener, router).with_graceful_shutdown(stop).await
    })
}

/// This machine's address on the local network, for the table door: the one a UDP socket
/// would send from towards an outside address (nothing is sent), else the loopback.
pub fn lan_address() -> std::net::IpAddr {
    let local = std::net::UdpSocket::bind(("0.0.0.0", 0))
        .and_then(|socket| socket.connect(("192.0.2.1", 9)).and_then(|()| socket.local_addr()));
    match local {
        Ok(addr) if !addr.ip().is_loopback() && !addr.ip().is_unspecified() => addr.ip(),
        _ => std::net::IpAddr::from([127, 0, 0, 1]),
    }
}

async fn stop_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}

async fn call(
    State(server): State<Arc<Server>>,
    Path(operation): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    if let Err(refused) = check_caller(&headers) {
        return failure(refused);
    }
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            let limit = match server.door {
                Door::Local { .. } => format!("{} MiB", MAX_BODY_BYTES >> 20),
                Door::Table { .. } => format!("{} KiB", GUEST_MAX_BODY_BYTES >> 10),
            };
            return failure(ApiError::new(
                ErrorKind::TooLarge,
                format!("the request is larger than {limit}"),
            ));
        }
        Err(rejection) => return failure(ApiError::new(ErrorKind::InvalidInput, rejection.body_text())),
    };
    let request = match super::read_request(&body) {
        Ok(request) => request,
        Err(e) => return failure(e),
    };
    // The token is checked against the history: on a blocking thread, with the call.
    let answer = tokio::task::spawn_blocking(move || {
        let access = server.access(&headers, None)?;
        server.api.call_text_as(access, &operation, request)
    })
    .await;
    match answer {
        Ok(Ok(response)) => {
            (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], response).into_response()
        }
        Ok(Err(error)) => failure(error),
        Err(join) => failure(ApiError::internal(join)),
    }
}

/// `POST /api/upload`: a file's bytes as the body (`Content-Type: application/octet-stream`),
/// streamed into an upload of the core as they arrive (never held whole), answered
/// `{"upload": id, "bytes": n}`; the page then names the upload in the operation that reads it
/// (`import_file`). The door only moves bytes: the host's (the local door only, `Access::Host`),
/// from this server's own pages, up to the core's [`super::MAX_UPLOAD_BYTES`] instead of the
/// requests' limit.
async fn upload(State(server): State<Arc<Server>>, headers: HeaderMap, body: axum::body::Body) -> Response {
    use futures_util::StreamExt;
    if let Err(refused) = check_caller_sending(&headers, "application/octet-stream") {
        return failure(refused);
    }
    let api = server.api.clone();
    let begun = blocking(move || match server.access(&headers, None)? {
        Access::Host => server.api.upload_begin(),
        _ => Err(ApiError::new(ErrorKind::Forbidden, "only the host sends files")),
    });
    let id = match begun.await {
        Ok(id) => id,
        Err(e) => return failure(e),
    };
    // Written a block at a time, off the async threads.
    const BLOCK: usize = 1 << 20;
    let mut stream = body.into_data_stream();
    let mut block = Vec::with_capacity(BLOCK);
    loop {
        let next = stream.next().await;
        let end = match next {
            Some(Ok(bytes)) => {
                block.extend_from_slice(&bytes);
                false
            }
            Some(Err(e)) => {
                api.upload_discard(&id);
                let message = format!("the file did not arrive whole: {e}");
                return failure(ApiError::new(ErrorKind::InvalidInput, message));
            }
            None => true,
        };
        if block.len() < BLOCK && !end {
            continue;
        }
        let (bytes, api_, upload) = (std::mem::take(&mut block), api.clone(), id.clone());
        let written = blocking(move || {
            api_.upload_append(&upload, &bytes)?;
            if end { api_.upload_finish(&upload).map(Some) } else { Ok(None) }
        });
        match written.await {
            Ok(Some(len)) => {
                return (StatusCode::OK, axum::Json(serde_json::json!({ "upload": id, "bytes": len })))
                    .into_response();
            }
            Ok(None) => {}
            Err(e) => {
                api.upload_discard(&id);
                return failure(e);
            }
        }
    }
}

/// Runs `work` on a blocking thread (the history, a file).
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| Err(ApiError::internal(e)))
}

/// `GET /api/table/events`: the live stream (Server-Sent Events) of the table's changes, one
/// `change` event `{play_id, revision, seat, closed}` each, the first one the revision now;
/// clients fetch their view again on each. A phone's token travels in the query
/// (`?token=…`): `EventSource` cannot set a header, a cookie would be sent by any page of any
/// site, and the stream tells only revision numbers (no entry); the server keeps no log of
/// URLs. The local door's host names the play instead (`?play=<id>`). The stream ends when
/// the table closes or the token stops being valid.
async fn table_events(State(server): State<Arc<Server>>, headers: HeaderMap, uri: Uri) -> Response {
    let query = |key: &str| {
        uri.query()
            .unwrap_or_default()
            .split('&')
            .find_map(|pair| pair.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
            .map(str::to_owned)
    };
    let token = query("token");
    let play = query("play").and_then(|p| p.parse::<Id>().ok());
    let receiver = server.changes.subscribe();
    let checked = {
        let server = server.clone();
        let token = token.clone();
        tokio::task::spawn_blocking(move || -> Result<(Id, u32), ApiError> {
            let play = match server.access(&headers, token.as_deref())? {
                Access::Seat(seat) => seat.play,
                _ => {
                    play.ok_or_else(|| ApiError::new(ErrorKind::InvalidInput, "name the play: ?play=<id>"))?
                }
            };
            let status = server.api.status_of_table(play)?;
            if !status.open {
                return Err(ApiError::new(ErrorKind::NotFound, "this play's table is not open"));
            }
            Ok((play, status.revision))
        })
        .await
    };
    let (play, revision) = match checked {
        Ok(Ok(granted)) => granted,
        Ok(Err(error)) => return failure(error),
        Err(join) => return failure(ApiError::internal(join)),
    };
    let hello = TableChange { play_id: play, revision, seat: None, closed: false };
    // The state: the change to send next (the greeting first), the subscription and the last
    // revision sent; `None` once the closing was sent.
    let stream = futures_util::stream::unfold(Some((Some(hello), receiver, revision)), move |state| {
        let server = server.clone();
        let token = token.clone();
        async move {
            let (pending, mut receiver, sent) = state?;
            let mut stopping = server.stopping.clone();
            let change = match pending {
                Some(change) => change,
                None => loop {
                    tokio::select! {
                        // The changes first: closing the table both sends the closing change
                        // and stops the server, and the phones must hear the closing (picked at
                        // random, the stop won about half the time and the stream just ended).
                        biased;
                        received = receiver.recv() => match received {
                            Ok(change) if change.play_id == play => break change,
                            // A lagging stream catches up with the next change (its revision).
                            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                            Err(broadcast::error::RecvError::Closed) => return None,
                        },
                        stopped = async { stopping.wait_for(|stop| *stop).await.is_ok() } => {
                            if !stopped {
                                // Nobody can say stop: wait for changes only.
                                std::future::pending::<()>().await;
                            }
                            // Stopped because the table closed (the app's own listener may stop
                            // the server before the closing change reaches this stream): the
                            // phone is told, as by that change. Stopped otherwise (the app
                            // quits, the table stays open): the stream just ends.
                            let api = server.clone();
                            let closed = tokio::task::spawn_blocking(move || {
                                api.api.store().ok().and_then(|s| s.table_join_digest(play).ok()).map(|d| d.is_none())
                            });
                            if let Ok(Some(true)) = closed.await {
                                break TableChange { play_id: play, revision: sent.saturating_add(1), seat: None, closed: true };
                            }
                            return None;
                        }
                    }
                },
            };
            // A phone removed mid-stream hears nothing more.
            if let (Some(token), false) = (token, change.closed) {
                let valid =
                    tokio::task::spawn_blocking(move || server.api.table_access(&token).is_ok()).await;
                if !valid.unwrap_or(false) {
                    return None;
                }
            }
            let event = Event::default().event("change").json_data(change).ok()?;
            let next = (!change.closed).then_some((None, receiver, change.revision));
            Some((Ok::<_, std::convert::Infallible>(event), next))
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// A JSON body from this server's own pages: never another origin (a page elsewhere cannot
/// reach the history through the user's browser). The Host was checked for every request.
fn check_caller(headers: &HeaderMap) -> Result<(), ApiError> {
    check_caller_sending(headers, "application/json")
}

/// A body of `content_type` from this server's own pages. Either type it takes is one a page of
/// another site cannot send without a preflight, which is never granted; and a request that
/// says where it comes from must come from here.
fn check_caller_sending(headers: &HeaderMap, content_type: &str) -> Result<(), ApiError> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let sent = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case(content_type)));
    if !sent {
        return Err(ApiError::new(
            ErrorKind::InvalidInput,
            format!("send the request as Content-Type: {content_type}"),
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let own = ["http://", "https://"]
            .iter()
            .any(|scheme| origin.to_str().ok() == Some(&format!("{scheme}{host}")));
        if !own {
            return Err(ApiError::new(ErrorKind::Forbidden, "requests from other origins are refused"));
        }
    }
    Ok(())
}

async fn no_such_route() -> Response {
    failure(ApiError::new(ErrorKind::UnknownOperation, "no such route: operations are POST /api/<operation>"))
}

fn failure(error: ApiError) -> Response {
    (status_of(error.kind), axum::Json(error)).into_response()
}

/// The HTTP status for an error's kind (the body always carries the kind itself).
pub fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::InvalidInput => StatusCode::BAD_REQUEST,
        ErrorKind::NotFound | ErrorKind::UnknownOperation => StatusCode::NOT_FOUND,
        ErrorKind::Forbidden => StatusCode::FORBIDDEN,
        ErrorKind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
        ErrorKind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorKind::SeatTaken => StatusCode::CONFLICT,
        // The history's state refuses the request (not a failure of the server).
        ErrorKind::NewerSchema | ErrorKind::NotGreffier | ErrorKind::NeedsUpgrade | ErrorKind::ReadOnly => {
            StatusCode::CONFLICT
        }
        ErrorKind::Database | ErrorKind::Io | ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}
