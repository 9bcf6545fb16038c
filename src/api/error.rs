//! The one error every operation returns, whatever the door: `{ kind, message, problems }`.
//! Callers switch on `kind`, never on `message`.

use serde::{Deserialize, Serialize};

use crate::games::{Problem, Problems};
use crate::history::StoreError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The input was wrong; `problems` says where.
    InvalidInput,
    NotFound,
    Database,
    /// The database was written by a newer Greffier.
    NewerSchema,
    /// The history was written by an older Greffier and could not be upgraded here (its file or
    /// folder cannot be written): it was left as it was.
    NeedsUpgrade,
    /// A change asked of a history that can only be read (its file or folder cannot be
    /// written): nothing was changed.
    ReadOnly,
    /// The file is not a Greffier database (it was left untouched).
    NotGreffier,
    Io,
    Internal,
    /// No operation has this name.
    UnknownOperation,
    /// The operation exists but is not offered to this caller (a guest asking for a host one).
    Forbidden,
    /// The request is larger than the door accepts.
    TooLarge,
    /// Table mode: no token, or one that is not (or no longer) valid.
    Unauthorized,
    /// Table mode: this token sent more requests than the door takes; wait a moment.
    RateLimited,
    /// Table mode: another phone holds the seat claimed (take it over, or pick another).
    SeatTaken,
}

/// Serialised as `{ kind, message, problems }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ApiError {
    pub kind: ErrorKind,
    pub message: String,
    pub problems: Vec<Problem>,
}

impl ApiError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        ApiError { kind, message: message.into(), problems: Vec::new() }
    }

    pub fn internal(message: impl std::fmt::Display) -> ApiError {
        ApiError::new(ErrorKind::Internal, message.to_string())
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        let kind = match e.kind() {
            "invalid_input" | "nothing_to_undo" => ErrorKind::InvalidInput,
            "not_found" => ErrorKind::NotFound,
            "newer_schema" => ErrorKind::NewerSchema,
            "needs_upgrade" => ErrorKind::NeedsUpgrade,
            "read_only" => ErrorKind::ReadOnly,
            "not_greffier" => ErrorKind::NotGreffier,
            "seat_taken" => ErrorKind::SeatTaken,
            "io" => ErrorKind::Io,
            _ => ErrorKind::Database,
        };
        let message = e.to_string();
        let problems = match e {
            StoreError::Invalid(p) => p.0,
            _ => Vec::new(),
        };
        ApiError { kind, message, problems }
    }
}

impl From<Problems> for ApiError {
    fn from(p: Problems) -> ApiError {
        ApiError { kind: ErrorKind::InvalidInput, message: p.to_string(), problems: p.0 }
    }
}
