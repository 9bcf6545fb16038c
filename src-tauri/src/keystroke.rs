//! The keystroke's answer: the page asks the core for a score preview with a *synchronous*
//! request on the `greffier:` scheme, so that the total is drawn in the typed digit's own frame
//! (WebKit, drawing with the CPU, draws a DOM change on a 1/60 s timer, and an
//! asynchronous answer arriving after the digit's frame waits a whole frame more).
//!
//! Only read-only operations are answered here ([`INSTANT_OPERATIONS`]); everything else goes
//! through the typed commands. The handler runs on the window's thread: the operations it
//! answers take a few hundred microseconds.

use std::sync::Arc;

use greffier::api::{Access, Api, ApiError, ErrorKind};
use tauri::http::{Request, Response, StatusCode, header};
use tauri::{Manager, Runtime};

/// The scheme the page calls: `greffier://localhost/<operation>` (Linux, macOS).
pub const SCHEME: &str = "greffier";

/// What the page may ask synchronously: scores without storing anything.
pub const INSTANT_OPERATIONS: &[&str] = &["preview_table_state"];

/// Answers one request: `POST /<operation>` with the operation's fields as a JSON object; the
/// core's answer as JSON (200), or its error as JSON (400; 404 for what is not offered here).
pub fn answer<R: Runtime>(app: &tauri::AppHandle<R>, request: &Request<Vec<u8>>) -> Response<Vec<u8>> {
    let name = request.uri().path().trim_start_matches('/');
    if request.method() != tauri::http::Method::POST || !INSTANT_OPERATIONS.contains(&name) {
        let e = ApiError::new(ErrorKind::UnknownOperation, format!("`{name}` is not answered at once"));
        return json(StatusCode::NOT_FOUND, &e);
    }
    let Some(api) = app.try_state::<Arc<Api>>() else {
        return json(StatusCode::SERVICE_UNAVAILABLE, &ApiError::internal("the history is not open yet"));
    };
    let answered = greffier::api::read_request(request.body())
        .and_then(|body| api.call_text_as(Access::Host, name, body));
    match answered {
        Ok(answer) => json_text(StatusCode::OK, answer.into_bytes()),
        Err(e) => json(StatusCode::BAD_REQUEST, &e),
    }
}

fn json(status: StatusCode, body: &ApiError) -> Response<Vec<u8>> {
    // Serialising an `ApiError` cannot fail.
    json_text(status, serde_json::to_vec(body).unwrap_or_default())
}

fn json_text(status: StatusCode, body: Vec<u8>) -> Response<Vec<u8>> {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, header::HeaderValue::from_static("application/json"));
    response
}
