//! `greffier serve`: the operations of the table over local HTTP, and the built UI beside them,
//! so the whole app runs in a plain browser against the real core.
//!
//! `POST /api/<operation>` takes the request's fields as a JSON object and answers the
//! response as JSON (200), or the [`ApiError`] with a status from its kind. A file to import is
//! not a request's text: `POST /api/upload` streams its bytes into an upload of the core, which
//! `import_file` then names. Everything else is the UI's files, any unknown path answering
//! `index.html` (the SPA routes itself).
//!
//! Local by default: bound to 127.0.0.1 unless told otherwise, no CORS headers, and a request
//! must say `Content-Type: application/json` (a page of another site cannot send that without
//! a preflight, which is never granted) and come from no other origin than this server's.
//! Only this machine's own user (a client at `127.0.0.1` or `::1`) is the host without a token:
//! bound beyond the loopback (`--host 0.0.0.0`), any other caller must show a paired
//! device's token (`api/pairing.rs`), and without one may only pair; the Host header must name
//! the loopback or the address served (or a name given with `--name`), against DNS rebinding.
//! Each call runs on a blocking thread; the history's lock and SQLite transactions keep every
//! write whole, and a shutdown (SIGINT, SIGTERM) waits for the calls under way.
//!
//! The table door ([`Door::Table`], `greffier table`) serves one play to the
//! players' phones on the local network: nothing listens before the host opens the table,
//! every API request carries a phone's token (`Authorization: Bearer`), which grants only the
//! `guest` and `seat` operations of that play (no `host` one is reachable from the network),
//! the Host header must be the exact address served, and `GET /api/table/events` streams the
//! table's changes (`events.rs`), those another process made to the history included. The
//! UI's files carry a strict CSP in both doors, and a request naming two hosts is refused.
//!
//! What each door tolerates of its callers is its [`DoorPolicy`] (`guard.rs`: the bodies'
//! size, the time a request's head and a whole call may take, connections, request rates,
//! joins and live streams per client address, per token and in all), held by the accept loop
//! (`listen.rs`) and the routes below. A door with other callers (a paired device) is a door
//! with its own policy.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path as FsPath, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use base64::Engine;
use sha2::{Digest, Sha256};
use tokio::sync::broadcast;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::timeout::TimeoutLayer;

use super::{Access, Api, ApiError, ErrorKind, TableChange};
use crate::history::Id;

mod events;
mod guard;
mod listen;

pub use guard::{Callers, DoorPolicy, Rate};

/// Largest request body the local door takes (an import's file is not a request: it is an
/// upload, streamed to `POST /api/upload` outside this limit).
pub const MAX_BODY_BYTES: usize = guard::LOCAL_MAX_BODY_BYTES;

/// Largest request body a phone may send at an open table (a seat's part is a few KiB).
pub const GUEST_MAX_BODY_BYTES: usize = guard::TABLE_MAX_BODY_BYTES;

/// How often a table's door looks for changes another process made to the history (SQLite's
/// `data_version`; nothing more while nobody else writes): a change made in `greffier serve`
/// or the CLI reaches the phones within it.
pub const CHANGES_ELSEWHERE_EVERY: Duration = Duration::from_millis(100);

pub struct ServeOptions {
    pub addr: SocketAddr,
    /// The built UI (`ui/build`); `None` serves the API only.
    pub ui: Option<PathBuf>,
    /// Table mode: the play open to the phones. Then every API request must carry a phone's
    /// token for this play (no host operation is reachable), the Host header must be the
    /// address served, bodies are small and each token's rate is bounded; the server stops
    /// when the table is closed (or the play finished, abandoned, deleted).
    pub table: Option<Id>,
    /// Names this machine is reached by besides its addresses (a name on the local network,
    /// `salon.local`): the host's door beyond the loopback answers a Host naming them too.
    pub names: Vec<String>,
}

/// Who the server answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Door {
    /// `greffier serve`: the host's own browser, and beyond the loopback the devices it paired.
    /// A request must name as its host the loopback (`127.0.0.1`, `localhost`, `[::1]`) or one
    /// of `names` (the address served, a name given), so that a site whose name was made to
    /// point here (DNS rebinding) is not the browser's "same origin".
    Local { beyond_loopback: bool, names: Vec<String> },
    /// Table mode: the phones at `play`'s table, reaching the server at `host` (`ip:port`).
    Table { play: Id, host: String },
}

impl Door {
    /// What this door tolerates of its callers.
    pub fn policy(&self) -> &'static DoorPolicy {
        match self {
            Door::Local { beyond_loopback: false, .. } => &DoorPolicy::LOCAL,
            Door::Local { beyond_loopback: true, .. } => &DoorPolicy::PAIRED,
            Door::Table { .. } => &DoorPolicy::TABLE,
        }
    }
}

struct Server {
    api: Arc<Api>,
    door: Door,
    policy: &'static DoorPolicy,
    /// Every table change of the `Api`, for the live streams.
    changes: broadcast::Sender<TableChange>,
    /// Request rates: per client address, per token, joins per address.
    buckets: guard::Buckets,
    /// The live streams open.
    streams: Arc<guard::Streams>,
    /// Becomes true when the server stops: the live streams end then, instead of holding the
    /// graceful shutdown until every phone goes away.
    stopping: tokio::sync::watch::Receiver<bool>,
}

/// What a request may call, and the key its token's counts are kept under (`None` on the
/// host's own door).
struct Granted {
    access: Access,
    token_key: Option<String>,
}

impl Server {
    /// What this request may call, as the door's policy says ([`Callers`]). The local door
    /// grants the host to this machine's own user, to another caller with a paired device's
    /// token, and to a caller without one only pairing; the table door grants a phone's token
    /// for this table only, refusing any request without one: the host's operations are not
    /// reachable from the network without a paired token. The client address's rate is taken
    /// before anything is read from the history, the token's after (the QR code's join token,
    /// which every phone shares before it joins, counts per address: one guest's flood does not
    /// stop the others joining).
    fn access(
        &self,
        headers: &HeaderMap,
        query_token: Option<&str>,
        client: IpAddr,
    ) -> Result<Granted, ApiError> {
        if let Some(rate) = self.policy.requests_per_address {
            self.buckets.take(&format!("address {client}"), rate, "this address")?;
        }
        let bearer = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim);
        let token = bearer.or(query_token);
        let play = match (&self.door, self.policy.callers) {
            (Door::Table { play, .. }, Callers::TablePhones) => *play,
            (_, Callers::HostOrPaired) => return self.host_access(token, client),
            _ => return Err(ApiError::internal("this door has no callers")),
        };
        let Some(token) = token else {
            return Err(ApiError::new(
                ErrorKind::Unauthorized,
                "join the table first: every request carries its token",
            ));
        };
        let access = self.api.table_access(token)?;
        if access.play != play {
            return Err(ApiError::new(ErrorKind::Unauthorized, "this token is for another table"));
        }
        let selector = token.split('_').next().unwrap_or_default();
        let token_key = match access.device {
            Some(_) => selector.to_owned(),
            None => format!("{selector} from {client}"),
        };
        if let Some(rate) = self.policy.requests_per_token {
            self.buckets.take(&token_key, rate, "this phone")?;
        }
        Ok(Granted { access: Access::Seat(access), token_key: Some(token_key) })
    }

    /// The host's door: this machine's own user is the host; another caller is with a paired
    /// device's token (checked against the history: a revoked one is refused at once), and
    /// without one may only pair.
    fn host_access(&self, token: Option<&str>, client: IpAddr) -> Result<Granted, ApiError> {
        if Callers::is_own_machine(client) {
            // A paired device's page opened on this machine is still that device: its use is
            // noted (a token that is not one changes nothing here).
            if let Some(token) = token {
                let _ = self.api.paired_access(token);
            }
            return Ok(Granted { access: Access::Host, token_key: None });
        }
        let Some(token) = token else { return Ok(Granted { access: Access::Unpaired, token_key: None }) };
        let device = self.api.paired_access(token)?;
        let token_key = format!("paired device {device}");
        if let Some(rate) = self.policy.requests_per_token {
            self.buckets.take(&token_key, rate, "this device")?;
        }
        Ok(Granted { access: Access::Host, token_key: Some(token_key) })
    }

    /// A new phone joining from `client` (the join token's `table_join`) counts in the
    /// address's joins.
    fn count_join(&self, granted: &Granted, operation: &str, client: IpAddr) -> Result<(), ApiError> {
        let new_phone = matches!(granted.access, Access::Seat(seat) if seat.device.is_none());
        match self.policy.joins_per_address {
            Some(rate) if new_phone && operation == "table_join" => {
                self.buckets.take(&format!("joins from {client}"), rate, "this address (joining)")
            }
            _ => Ok(()),
        }
    }
}

/// The routes over `api` for `door`, and what to send `true` on when the server stops (the
/// live streams end).
fn router(api: Arc<Api>, ui: Option<PathBuf>, door: Door) -> (Router, tokio::sync::watch::Sender<bool>) {
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let (changes, _) = broadcast::channel(256);
    let weak = changes.downgrade();
    // The listener outlives no server: once the server's sender is gone, it sends nothing.
    api.on_table_change(move |change| {
        if let Some(sender) = weak.upgrade() {
            let _ = sender.send(*change);
        }
    });
    let policy = door.policy();
    let server = Arc::new(Server {
        api,
        door,
        policy,
        changes,
        buckets: guard::Buckets::default(),
        streams: guard::Streams::new(policy),
        stopping,
    });
    let mut call_route = post(call);
    if let Some(limit) = policy.call_timeout {
        // A body sent a byte at a time holds its connection this long at most.
        call_route = call_route.layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, limit));
    }
    let local = matches!(server.door, Door::Local { .. });
    let mut api_routes = Router::new()
        .route("/table/events", get(events::table_events))
        .route("/{operation}", call_route)
        .fallback(no_such_route)
        .layer(DefaultBodyLimit::max(policy.max_body));
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

/// The loopback's names, which the host's door always answers to.
const LOOPBACK_NAMES: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// The names the host's door at `addr` answers to besides the loopback's: the address served
/// (this machine's address on the network when every address is), and `names`.
fn local_names(addr: SocketAddr, names: &[String]) -> Vec<String> {
    let ip = if addr.ip().is_unspecified() { lan_address() } else { addr.ip() };
    let served = match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    std::iter::once(served)
        .chain(names.iter().map(|n| n.trim().to_owned()))
        .filter(|n| !n.is_empty())
        .collect()
}

/// Every request, files too: the Host must be the address served (the loopback's names for
/// the local door, the exact `ip:port` for the table door), against DNS rebinding, and named
/// once (a request naming two hosts was answered as the first: RFC 9112 §3.2 asks a 400).
async fn check_host(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let host = hosts.next().and_then(|h| h.to_str().ok()).unwrap_or_default();
    if hosts.next().is_some() {
        return failure(ApiError::new(ErrorKind::InvalidInput, "a request names one Host, not several"));
    }
    let allowed = match &server.door {
        Door::Local { names, .. } => {
            let name = host.rsplit_once(':').map_or(host, |(name, _port)| name);
            LOOPBACK_NAMES.contains(&name) || names.iter().any(|n| n.eq_ignore_ascii_case(name))
        }
        Door::Table { host: served, .. } => host == served,
    };
    if !allowed {
        let message = match &server.door {
            Door::Table { host, .. } => format!("this server answers only to {host}"),
            Door::Local { names, .. } => {
                let names: Vec<&str> =
                    LOOPBACK_NAMES.iter().copied().chain(names.iter().map(String::as_str)).collect();
                format!("this server answers only to {}", names.join(", "))
            }
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
            None => Door::Local {
                beyond_loopback: !addr.ip().is_loopback(),
                names: local_names(addr, &options.names),
            },
        };
        let policy = door.policy();
        let (router, stopping) = router(api.clone(), options.ui, door);
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
        // Whoever changes a play under a table, finishes it or closes its table (another
        // process on the same history), its streams hear it: the phones on the table door (which
        // then stops), the host's browser on the local door.
        let _ = api.look_for_changes_elsewhere();
        tokio::spawn(watch_changes_elsewhere(api.clone(), stopping.subscribe()));
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
        listen::serve_connections(listener, router, policy, stop).await;
        Ok(())
    })
}

/// Looks for the changes other processes make to the history until the server stops.
async fn watch_changes_elsewhere(api: Arc<Api>, mut stopping: tokio::sync::watch::Receiver<bool>) {
    let mut every = tokio::time::interval(CHANGES_ELSEWHERE_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {
                // A failed look (a busy disk) is tried again at the next tick.
                let _ = api.look_for_changes_elsewhere();
            }
            _ = stopping.wait_for(|stop| *stop) => return,
        }
    }
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
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    if let Err(refused) = check_caller(&headers) {
        return failure(refused);
    }
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            let limit = match server.policy.max_body {
                n if n >= 1 << 20 => format!("{} MiB", n >> 20),
                n => format!("{} KiB", n >> 10),
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
        let granted = server.access(&headers, None, client.ip())?;
        server.count_join(&granted, &operation, client.ip())?;
        server.api.call_text_as(granted.access, &operation, request)
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
async fn upload(
    State(server): State<Arc<Server>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    use futures_util::StreamExt;
    if let Err(refused) = check_caller_sending(&headers, "application/octet-stream") {
        return failure(refused);
    }
    let api = server.api.clone();
    let begun = blocking(move || match server.access(&headers, None, client.ip())?.access {
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

#[cfg(test)]
mod tests {
    use super::*;
    use tower::Service;

    /// `POST /api/<operation>` to `door`'s routes from `client`, naming `host`: the status.
    async fn call_as(
        door: Door,
        client: &str,
        host: &str,
        operation: &str,
        token: Option<&str>,
    ) -> StatusCode {
        let api = Arc::new(Api::without_history().expect("api"));
        let (mut router, _stop) = router(api, None, door);
        let mut request = Request::builder()
            .method("POST")
            .uri(format!("/api/{operation}"))
            .header(header::HOST, host)
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let mut request = request.body(axum::body::Body::from("{}")).expect("request");
        let client: SocketAddr = client.parse().expect("client");
        request.extensions_mut().insert(ConnectInfo(client));
        router.call(request).await.expect("answer").status()
    }

    fn lan_door() -> Door {
        Door::Local { beyond_loopback: true, names: vec!["192.168.1.10".to_owned()] }
    }

    /// A tablet on the network (a client address of the LAN, through the very
    /// routes `serve --host 0.0.0.0` builds) reaches no host operation without a paired token,
    /// and a page of a rebound name is refused before anything else.
    #[tokio::test]
    async fn beyond_the_loopback_a_lan_caller_needs_a_paired_token_and_the_host_s_name() {
        assert_eq!(lan_door().policy(), &DoorPolicy::PAIRED);
        let tablet = "192.168.1.20:50000";
        let host = "192.168.1.10:4180";
        assert_eq!(call_as(lan_door(), tablet, host, "list_plays", None).await, StatusCode::FORBIDDEN);
        assert_eq!(call_as(lan_door(), tablet, host, "backup_now", None).await, StatusCode::FORBIDDEN);
        assert_eq!(call_as(lan_door(), tablet, host, "list_games", None).await, StatusCode::FORBIDDEN);
        let forged = format!("h1_{}", "ab".repeat(20));
        assert_eq!(
            call_as(lan_door(), tablet, host, "list_games", Some(&forged)).await,
            StatusCode::UNAUTHORIZED
        );
        // Pairing is reached (an empty request is refused as such).
        assert_eq!(call_as(lan_door(), tablet, host, "pair_device", None).await, StatusCode::BAD_REQUEST);
        // This machine's own browser is the host, by its loopback name or the address served.
        assert_eq!(
            call_as(lan_door(), "127.0.0.1:50000", "localhost:4180", "list_games", None).await,
            StatusCode::OK
        );
        assert_eq!(call_as(lan_door(), "[::1]:50000", host, "list_games", None).await, StatusCode::OK);
        for rebound in ["attacker.example:4180", "192.168.1.11:4180", ""] {
            let status = call_as(lan_door(), "127.0.0.1:50000", rebound, "list_games", None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "Host {rebound:?}");
        }
    }

    #[test]
    fn the_names_served_are_the_address_bound_or_this_machine_s_and_those_given() {
        let names = local_names("192.168.1.10:4180".parse().expect("addr"), &[" salon.local ".to_owned()]);
        assert_eq!(names, ["192.168.1.10", "salon.local"]);
        let names = local_names("[fe80::1]:4180".parse().expect("addr"), &[]);
        assert_eq!(names, ["[fe80::1]"]);
        let names = local_names("0.0.0.0:4180".parse().expect("addr"), &[]);
        assert_eq!(names, [lan_address().to_string()]);
    }
}
