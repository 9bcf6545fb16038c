//! `greffier serve`: the operations of the table over local HTTP, and the built UI beside them,
//! so the whole app runs in a plain browser against the real core.
//!
//! `POST /api/<operation>` takes the request's fields as a JSON object and answers the
//! response as JSON (200), or the [`ApiError`] with a status from its kind. Everything else
//! is the UI's files, any unknown path answering `index.html` (the SPA routes itself).
//!
//! Local only: bound to 127.0.0.1 unless told otherwise, no CORS headers, and a request must
//! say `Content-Type: application/json` (a page of another site cannot send that without
//! a preflight, which is never granted) and come from no other origin than this server's.
//! Each call runs on a blocking thread; the history's lock and SQLite transactions keep every
//! write whole, and a shutdown (SIGINT, SIGTERM) waits for the calls under way.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use tower_http::services::{ServeDir, ServeFile};

use super::{Access, Api, ApiError, ErrorKind, Json};

/// Largest request body taken (an import's whole file comes in one request).
pub const MAX_BODY_BYTES: usize = 32 * 1024 * 1024;

pub struct ServeOptions {
    pub addr: SocketAddr,
    /// The built UI (`ui/build`); `None` serves the API only.
    pub ui: Option<PathBuf>,
}

struct Server {
    api: Api,
    /// Listening on the loopback: a request must name it as its host (`127.0.0.1`,
    /// `localhost`, `[::1]`), so that a site whose name was made to point here (DNS
    /// rebinding) is not the browser's "same origin".
    loopback: bool,
}

impl Server {
    /// What this request may call. Every caller today is the host (the server listens on the
    /// loopback interface); a guest door would answer `Access::Guest` here for its callers,
    /// and the operations' capabilities would do the rest.
    fn access(&self, _headers: &HeaderMap) -> Access {
        Access::Host
    }
}

/// The routes over `api`; `loopback`: see [`Server::loopback`].
pub fn router(api: Api, ui: Option<PathBuf>, loopback: bool) -> Router {
    let server = Arc::new(Server { api, loopback });
    let api_routes = Router::new()
        .route("/{operation}", post(call))
        .fallback(no_such_route)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(server);
    let router = Router::new().nest("/api", api_routes);
    match ui {
        Some(dir) => {
            let index = dir.join("index.html");
            router.fallback_service(ServeDir::new(dir).fallback(ServeFile::new(index)))
        }
        None => router.fallback(no_such_route),
    }
}

/// Serves until SIGINT or SIGTERM, then lets the calls under way finish. `on_listening` is
/// told the address bound (the port chosen when 0 was asked).
pub fn serve(api: Api, options: ServeOptions, on_listening: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let router = router(api, options.ui, options.addr.ip().is_loopback());
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr).await?;
        on_listening(listener.local_addr()?);
        axum::serve(listener, router).with_graceful_shutdown(stop_signal()).await
    })
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
    if let Err(refused) = check_caller(&headers, server.loopback) {
        return failure(refused);
    }
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            let message = format!("the request is larger than {} MiB", MAX_BODY_BYTES >> 20);
            return failure(ApiError::new(ErrorKind::TooLarge, message));
        }
        Err(rejection) => return failure(ApiError::new(ErrorKind::InvalidInput, rejection.body_text())),
    };
    let request: Json = if body.iter().all(u8::is_ascii_whitespace) {
        Json::Null
    } else {
        match serde_json::from_slice(&body) {
            Ok(request) => request,
            Err(e) => return failure(crate::games::Problems::malformed(&e).into()),
        }
    };
    let access = server.access(&headers);
    let answer =
        tokio::task::spawn_blocking(move || server.api.call_json_as(access, &operation, request)).await;
    match answer {
        Ok(Ok(response)) => (StatusCode::OK, axum::Json(response)).into_response(),
        Ok(Err(error)) => failure(error),
        Err(join) => failure(ApiError::internal(join)),
    }
}

/// A JSON body from this server's own pages: never another origin (a page elsewhere cannot
/// reach the history through the user's browser).
fn check_caller(headers: &HeaderMap, loopback: bool) -> Result<(), ApiError> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let host_name = host.rsplit_once(':').map_or(host, |(name, _port)| name);
    if loopback && !["127.0.0.1", "localhost", "[::1]"].contains(&host_name) {
        return Err(ApiError::new(
            ErrorKind::Forbidden,
            "this server answers only to 127.0.0.1 or localhost",
        ));
    }
    let json = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
        v.split(';').next().is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    });
    if !json {
        return Err(ApiError::new(
            ErrorKind::InvalidInput,
            "send the request as Content-Type: application/json",
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
        ErrorKind::NewerSchema | ErrorKind::NotGreffier => StatusCode::CONFLICT,
        ErrorKind::Database | ErrorKind::Io | ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}
