//! Files a door streams into the core before an operation reads them: an import's file (a
//! backup of any size, gzip or not) never travels as a request's text. The door only moves
//! bytes — the browser's `POST /api/upload` (`serve.rs`), the window's `upload_chunk` command
//! (`src-tauri`) — into an upload here, spooled to a file beside the history; the operation
//! (`import_file`) then names the upload and reads the file as a stream, and the file goes.
//!
//! Bounded: each upload to [`MAX_UPLOAD_BYTES`], at most [`MAX_PENDING_UPLOADS`] kept at once
//! (the oldest goes first), and an upload is read once.

use std::collections::VecDeque;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::{Api, ApiError, ErrorKind};

/// Largest file an upload takes: far beyond the history's own backup at 100 000 plays; the
/// import itself streams, so this bounds the disk an upload can fill, not memory.
pub const MAX_UPLOAD_BYTES: u64 = 2 << 30;
/// Uploads kept at once, not yet read by an import.
pub const MAX_PENDING_UPLOADS: usize = 4;
/// The folder beside the history that holds the uploads.
const UPLOAD_DIR_NAME: &str = "uploads";
/// An upload file left by a process that stopped before its import is removed this long after
/// its last write.
const STALE_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// The uploads under way or waiting for their import.
pub(super) struct Uploads {
    pending: VecDeque<Upload>,
    /// [`MAX_UPLOAD_BYTES`] (smaller in the tests).
    pub(super) limit: u64,
}

impl Default for Uploads {
    fn default() -> Uploads {
        Uploads { pending: VecDeque::new(), limit: MAX_UPLOAD_BYTES }
    }
}

struct Upload {
    id: String,
    /// Removed when dropped: read, replaced or never finished, the file goes.
    file: tempfile::NamedTempFile,
    len: u64,
    finished: bool,
}

/// An upload taken for reading: its file is removed when this is dropped.
pub struct UploadedFile {
    file: tempfile::NamedTempFile,
}

impl UploadedFile {
    pub fn path(&self) -> &Path {
        self.file.path()
    }
}

fn io(e: std::io::Error) -> ApiError {
    ApiError::new(ErrorKind::Io, format!("upload: {e}"))
}

fn unknown(id: &str) -> ApiError {
    ApiError::new(ErrorKind::NotFound, format!("no upload `{id}` (each is read once)"))
}

/// A fresh id no other upload has, hard to guess.
fn new_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(ApiError::internal)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Removes the files of uploads no process finished reading (killed mid-way), once stale.
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|at| SystemTime::now().duration_since(at).ok())
            .is_some_and(|age| age > STALE_AFTER);
        if old && entry.file_name().to_string_lossy().starts_with("upload-") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl Api {
    fn upload_dir(&self) -> Result<PathBuf, ApiError> {
        match self.db_path.parent() {
            Some(dir) if !self.db_path.as_os_str().is_empty() => Ok(dir.join(UPLOAD_DIR_NAME)),
            _ => Err(ApiError::new(ErrorKind::Forbidden, "no history: nothing to upload to")),
        }
    }

    pub(super) fn uploads(&self) -> Result<std::sync::MutexGuard<'_, Uploads>, ApiError> {
        self.uploads.lock().map_err(|_| ApiError::internal("uploads unavailable after an earlier failure"))
    }

    /// Starts an upload (an empty file beside the history) and answers its id. Beyond
    /// [`MAX_PENDING_UPLOADS`], the oldest upload goes.
    pub fn upload_begin(&self) -> Result<String, ApiError> {
        let dir = self.upload_dir()?;
        std::fs::create_dir_all(&dir).map_err(io)?;
        remove_stale(&dir);
        let file = tempfile::Builder::new().prefix("upload-").tempfile_in(&dir).map_err(io)?;
        let id = new_id()?;
        let mut uploads = self.uploads()?;
        while uploads.pending.len() >= MAX_PENDING_UPLOADS {
            uploads.pending.pop_front();
        }
        uploads.pending.push_back(Upload { id: id.clone(), file, len: 0, finished: false });
        Ok(id)
    }

    /// Adds the next bytes of an upload; answers its length so far. An upload growing past
    /// [`MAX_UPLOAD_BYTES`] is refused (`too_large`) and dropped.
    pub fn upload_append(&self, id: &str, bytes: &[u8]) -> Result<u64, ApiError> {
        let mut uploads = self.uploads()?;
        let limit = uploads.limit;
        let at = uploads.pending.iter().position(|u| u.id == id).ok_or_else(|| unknown(id))?;
        let upload = &mut uploads.pending[at];
        if upload.finished {
            return Err(ApiError::new(ErrorKind::InvalidInput, format!("upload `{id}` is already complete")));
        }
        let len = upload.len + bytes.len() as u64;
        if len > limit {
            uploads.pending.remove(at);
            return Err(ApiError::new(ErrorKind::TooLarge, format!("the file is larger than {limit} bytes")));
        }
        upload.file.write_all(bytes).map_err(io)?;
        upload.len = len;
        Ok(len)
    }

    /// Marks an upload complete (its bytes flushed): an import may read it now. Answers its
    /// length.
    pub fn upload_finish(&self, id: &str) -> Result<u64, ApiError> {
        let mut uploads = self.uploads()?;
        let upload = uploads.pending.iter_mut().find(|u| u.id == id).ok_or_else(|| unknown(id))?;
        upload.file.flush().map_err(io)?;
        upload.finished = true;
        Ok(upload.len)
    }

    /// Drops an upload (a door whose client went away mid-way).
    pub fn upload_discard(&self, id: &str) {
        if let Ok(mut uploads) = self.uploads() {
            uploads.pending.retain(|u| u.id != id);
        }
    }

    /// Takes a complete upload for reading, once.
    pub(super) fn take_upload(&self, id: &str) -> Result<UploadedFile, ApiError> {
        let mut uploads = self.uploads()?;
        let at = uploads.pending.iter().position(|u| u.id == id && u.finished).ok_or_else(|| unknown(id))?;
        let upload = uploads.pending.remove(at).ok_or_else(|| unknown(id))?;
        Ok(UploadedFile { file: upload.file })
    }
}
