//! Every operation Greffier offers, declared once (`operations.rs`), and the one context they
//! run over: [`Api`] holds the history behind a mutex, the rules catalogue (built on first use),
//! the progress of the import or export under way, and the files the doors stream in for an
//! import (`uploads.rs`).
//!
//! The doors are thin mappings over that one list: the desktop app's Tauri commands are
//! generated from it (`src-tauri/src/commands/operations.rs`), the CLI reaches every operation
//! by name (`greffier call`, and friendlier subcommands built on it), and `greffier serve`
//! answers `POST /api/<operation>` ([`serve`]). Each answers the same JSON for the same
//! request, or the same [`ApiError`].

mod error;
#[macro_use]
mod operations;
mod pairing;
pub mod qr;
pub mod serve;
mod share;
mod table;
mod uploads;
mod views;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

use serde::Deserialize;
use serde::de::DeserializeOwned;

pub use error::{ApiError, ErrorKind};
pub use pairing::{DevicePaired, PAIRING_CODE_LIFETIME, PairingCode};
pub use share::{HistoryChange, HistoryListener, Sharing};
pub use table::{
    SeatAccess, SeatRequest, TableChange, TableJoined, TableListener, TableSeatScore, TableSeatStatus,
    TableSeatView, TableStatus, TableTicket, TableView,
};
pub use uploads::{MAX_PENDING_UPLOADS, MAX_UPLOAD_BYTES};
pub use views::{
    AppInfo, CategorySummary, ExportKind, ExportTarget, ExportedFile, GameSummary, ImportFile, ImportKind,
    ImportSummary, RelatedRule, RuleView, VariantSummary,
};

use crate::history::{OpenFor, Progress, Store};
use crate::rules::Catalogue;

/// A free-form JSON value (a table state, a round log's payload).
pub type Json = serde_json::Value;

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Capability {
    /// Reads or writes the history, files or the app itself: the person whose app it is.
    Host,
    /// Reads the rules and helps at the table, nothing stored: may be offered to guests.
    Guest,
    /// Table mode: a phone at an open table, on this play only and its own seat (its
    /// `play_id`, `seat` and `device` fields are bound to the phone's token). The host may call
    /// it for any play and seat.
    Seat,
    /// A device holding a pairing code (`api/pairing.rs`): what a caller off the loopback may
    /// call before it is paired.
    Pair,
}

/// What a caller was granted: the host may call everything, a guest only `guest` operations,
/// a phone at an open table the `guest` ones and the `seat` ones bound to its play and seat, a
/// caller off the loopback without a paired device's token only `pair` ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Host,
    Guest,
    Seat(SeatAccess),
    Unpaired,
}

impl Access {
    pub fn allows(self, capability: Capability) -> bool {
        match self {
            Access::Host => true,
            Access::Guest => capability == Capability::Guest,
            Access::Seat(_) => matches!(capability, Capability::Guest | Capability::Seat),
            Access::Unpaired => capability == Capability::Pair,
        }
    }
}

/// One row of the operation table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Operation {
    pub name: &'static str,
    pub capability: Capability,
    /// The request's fields, in order (the CLI's `call` lists them).
    pub fields: &'static [&'static str],
    /// What it does (the row's doc comment; `""` when it has none).
    pub doc: &'static str,
}

/// The history and catalogue every operation runs over.
pub struct Api {
    store: Mutex<Store>,
    /// Built on the first rules look-up, not at start: an app that is only scoring does not
    /// hold the search indexes.
    catalogue: OnceLock<Catalogue>,
    db_path: PathBuf,
    exports_dir: PathBuf,
    /// The import or export under way, for a progress bar.
    progress: Mutex<Option<Progress>>,
    /// Files the doors stream in for an import to read (`uploads.rs`).
    uploads: Mutex<uploads::Uploads>,
    /// Told every change to a play whose table is open (`table.rs`).
    table_listeners: Mutex<Vec<TableListener>>,
    /// Told what each pass of the shared history applied (`share.rs`).
    history_listeners: Mutex<Vec<HistoryListener>>,
    /// Each host operation done, for the sharing thread (`share.rs`).
    nudges: share::Nudges,
    /// What the listeners were told of each open table, to find what other processes changed.
    tables_told: Mutex<table::TablesTold>,
}

impl Api {
    /// Opens (or creates, then migrates) the history at `db_path`. Exports go to `exports/`
    /// beside it unless [`Api::with_exports_dir`] says otherwise.
    pub fn open(db_path: &Path) -> crate::history::Result<Api> {
        Api::open_for(db_path, OpenFor::Writing)
    }

    /// [`Api::open`] for what the caller means to do (`Store::open_for`): a door that only
    /// reads (the CLI's lists, statistics, exports) never writes the file, nor migrates it.
    pub fn open_for(db_path: &Path, want: OpenFor) -> crate::history::Result<Api> {
        let store = Store::open_for(db_path, want)?;
        let exports_dir = db_path.parent().unwrap_or(Path::new(".")).join("exports");
        Ok(Api {
            store: Mutex::new(store),
            catalogue: OnceLock::new(),
            db_path: db_path.to_owned(),
            exports_dir,
            progress: Mutex::new(None),
            uploads: Mutex::default(),
            table_listeners: Mutex::new(Vec::new()),
            history_listeners: Mutex::new(Vec::new()),
            nudges: share::Nudges::default(),
            tables_told: Mutex::default(),
        })
    }

    /// An `Api` over an empty history in memory, for callers that are offered only the guest
    /// operations (the CLI's table helpers: no file opened or created for them).
    pub fn without_history() -> Result<Api, ApiError> {
        Ok(Api {
            store: Mutex::new(Store::open_in_memory()?),
            catalogue: OnceLock::new(),
            db_path: PathBuf::new(),
            exports_dir: PathBuf::new(),
            progress: Mutex::new(None),
            uploads: Mutex::default(),
            table_listeners: Mutex::new(Vec::new()),
            history_listeners: Mutex::new(Vec::new()),
            nudges: share::Nudges::default(),
            tables_told: Mutex::default(),
        })
    }

    pub fn with_exports_dir(mut self, dir: PathBuf) -> Api {
        self.exports_dir = dir;
        self
    }

    pub fn db_path(&self) -> &Path {
        &self.db_path
    }

    /// The history, for one operation's work. Never held across an `.await`.
    pub fn store(&self) -> Result<MutexGuard<'_, Store>, ApiError> {
        self.store
            .lock()
            .map_err(|_| ApiError::internal("the history is unavailable after an earlier failure"))
    }

    /// The rules catalogue, loaded on first use.
    pub fn catalogue(&self) -> Result<&Catalogue, ApiError> {
        if let Some(c) = self.catalogue.get() {
            return Ok(c);
        }
        let loaded = Catalogue::load().map_err(|e| ApiError::internal(format!("rules catalogue: {e}")))?;
        // Two first look-ups at once both load; the first stored wins, the other is dropped.
        Ok(self.catalogue.get_or_init(|| loaded))
    }

    pub fn progress(&self) -> Option<Progress> {
        self.progress.lock().map(|p| *p).unwrap_or(None)
    }

    fn set_progress(&self, progress: Option<Progress>) {
        if let Ok(mut p) = self.progress.lock() {
            *p = progress;
        }
    }

    /// Every operation, in the table's order.
    pub fn operations() -> &'static [Operation] {
        OPERATIONS
    }

    /// The operation of that name.
    pub fn operation(name: &str) -> Option<&'static Operation> {
        OPERATIONS.iter().find(|o| o.name == name)
    }

    /// Calls an operation by name with its request as JSON (an object of its fields; `null`
    /// stands for `{}`), as the host: what the CLI and the HTTP server do.
    pub fn call_json(&self, name: &str, request: Json) -> Result<Json, ApiError> {
        self.call_json_as(Access::Host, name, request)
    }

    /// [`Api::call_json`] for a caller granted `access`: an operation it may not call is
    /// refused as `forbidden` before its request is read.
    pub fn call_json_as(&self, access: Access, name: &str, request: Json) -> Result<Json, ApiError> {
        let answer = self.call_text_as(access, name, request)?;
        serde_json::from_str(&answer).map_err(ApiError::internal)
    }

    /// [`Api::call_json_as`] with the answer as JSON text, written once from the operation's
    /// result: what a door sends on. A door answering every keystroke (the window's
    /// synchronous preview, HTTP) skips building a [`Json`] tree of the answer first, which
    /// cost as much as the scoring itself.
    pub fn call_text_as(&self, access: Access, name: &str, request: Json) -> Result<String, ApiError> {
        let operation = Api::operation(name)
            .ok_or_else(|| ApiError::new(ErrorKind::UnknownOperation, format!("no operation `{name}`")))?;
        if !access.allows(operation.capability) {
            let message = match access {
                Access::Unpaired => {
                    format!("`{name}` answers only this machine or a paired device: pair this device first")
                }
                _ => format!("`{name}` is not offered to guests"),
            };
            return Err(ApiError::new(ErrorKind::Forbidden, message));
        }
        let mut request = if request.is_null() { Json::Object(Default::default()) } else { request };
        if let (Access::Seat(seat), Capability::Seat) = (access, operation.capability) {
            request = table::bind_to_seat(operation.fields, request, seat)?;
        }
        dispatch(self, name, request)
    }
}

/// A request's body as a door receives it: JSON, or nothing (blank) for an operation without
/// fields. Unreadable JSON is one `malformed` problem saying where. Every door that takes
/// bytes (HTTP, the window's synchronous scheme) reads them here.
pub fn read_request(body: &[u8]) -> Result<Json, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Json::Null);
    }
    serde_json::from_slice(body).map_err(|e| crate::games::Problems::malformed(&e).into())
}

/// Reads a request, naming the field of a shape error (`filter.limit`, `table`).
fn parse_request<T: DeserializeOwned>(request: Json) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(request).map_err(|e| {
        let field = e.path().to_string();
        let field = if field == "." { String::new() } else { field };
        let inner = e.into_inner();
        let mut problems = crate::games::Problems::new();
        problems.push(
            field,
            "malformed",
            crate::text::Text::new(
                format!("Requête illisible : {inner}"),
                format!("Unreadable request: {inner}"),
            ),
        );
        ApiError::from(problems)
    })
}

fn respond<T: serde::Serialize>(result: Result<T, ApiError>) -> Result<String, ApiError> {
    serde_json::to_string(&result?).map_err(ApiError::internal)
}

/// `host` / `guest` in the table, as a [`Capability`].
macro_rules! capability {
    (host) => {
        Capability::Host
    };
    (guest) => {
        Capability::Guest
    };
    (seat) => {
        Capability::Seat
    };
    (pair) => {
        Capability::Pair
    };
}

/// The core's side of the table: one typed method per operation on [`Api`], the list of
/// operations, and the dispatch by name.
macro_rules! define_operations {
    (; $( $(#[doc = $doc:literal])* $cap:ident fn $name:ident($api:ident $(, $field:ident: $ty:ty)*) -> $resp:ty $body:block )*) => {
        impl Api {
            $(
                $(#[doc = $doc])*
                #[allow(unused_variables, clippy::unused_unit, clippy::redundant_closure_call)]
                pub fn $name(&self $(, $field: $ty)*) -> Result<$resp, ApiError> {
                    let $api = self;
                    let answer: Result<$resp, ApiError> = (move || Ok($body))();
                    // A host operation may have changed the history: the sharing thread looks.
                    if capability!($cap) == Capability::Host && answer.is_ok() {
                        self.nudges.nudge();
                    }
                    answer
                }
            )*
        }

        const OPERATIONS: &[Operation] = &[$(
            Operation {
                name: stringify!($name),
                capability: capability!($cap),
                fields: &[$(stringify!($field)),*],
                // Each `///` line keeps its leading space: joined, they read as one text.
                doc: concat!("", $($doc),*),
            }
        ),*];

        fn dispatch(api: &Api, name: &str, request: Json) -> Result<String, ApiError> {
            match name {
                $(
                    stringify!($name) => {
                        #[derive(Deserialize)]
                        #[serde(deny_unknown_fields)]
                        struct Request { $($field: $ty),* }
                        let Request { $($field),* } = parse_request(request)?;
                        respond(api.$name($($field),*))
                    }
                )*
                _ => Err(ApiError::new(ErrorKind::UnknownOperation, format!("no operation `{name}`"))),
            }
        }
    };
}

for_each_operation!(define_operations!());

#[cfg(test)]
mod tests;
