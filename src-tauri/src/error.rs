//! The one error type commands return. The UI switches on `kind`, never on `message`.

use greffier::games::{Problem, Problems};
use greffier::history::StoreError;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The input was wrong; `problems` says where.
    InvalidInput,
    NotFound,
    Database,
    /// The database was written by a newer Greffier.
    NewerSchema,
    /// The file is not a Greffier database (it was left untouched).
    NotGreffier,
    Io,
    Internal,
}

/// Serialised as `{ kind, message, problems }`.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct CommandError {
    pub kind: ErrorKind,
    pub message: String,
    pub problems: Vec<Problem>,
}

impl CommandError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> CommandError {
        CommandError { kind, message: message.into(), problems: Vec::new() }
    }

    pub fn internal(message: impl std::fmt::Display) -> CommandError {
        CommandError::new(ErrorKind::Internal, message.to_string())
    }
}

impl From<StoreError> for CommandError {
    fn from(e: StoreError) -> CommandError {
        let kind = match e.kind() {
            "invalid_input" => ErrorKind::InvalidInput,
            "not_found" => ErrorKind::NotFound,
            "newer_schema" => ErrorKind::NewerSchema,
            "not_greffier" => ErrorKind::NotGreffier,
            "nothing_to_undo" => ErrorKind::InvalidInput,
            "io" => ErrorKind::Io,
            _ => ErrorKind::Database,
        };
        let message = e.to_string();
        let problems = match e {
            StoreError::Invalid(p) => p.0,
            _ => Vec::new(),
        };
        CommandError { kind, message, problems }
    }
}

impl From<Problems> for CommandError {
    fn from(p: Problems) -> CommandError {
        CommandError { kind: ErrorKind::InvalidInput, message: p.to_string(), problems: p.0 }
    }
}

pub type CmdResult<T> = Result<T, CommandError>;
