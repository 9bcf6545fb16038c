//! The window's door for a file an import reads: the page sends the file's bytes
//! in blocks, as raw IPC bodies (never as text: a gzip backup is bytes, and a large one would
//! not fit a request), into an upload of the core, then names the upload in `import_file`. Only
//! bytes move here; what they hold is the core's to read. Not one of the core's operations, nor
//! in the typed bindings: a raw body has no fields.

use std::sync::Arc;

use greffier::api::{Api, ApiError, ErrorKind};
use tauri::State;
use tauri::ipc::{InvokeBody, Request};

/// The header naming the upload a block belongs to (absent on the first block: a new upload).
pub const UPLOAD_HEADER: &str = "greffier-upload";
/// The header marking the last block (`1`): the upload is then whole, for an import to read.
pub const LAST_BLOCK_HEADER: &str = "greffier-upload-last";

/// One block of a file: appended to the upload named (or to a new one), which is finished after
/// the last block. Answers the upload's id.
#[tauri::command]
pub async fn upload_chunk(api: State<'_, Arc<Api>>, request: Request<'_>) -> Result<String, ApiError> {
    let InvokeBody::Raw(bytes) = request.body() else {
        return Err(ApiError::new(ErrorKind::InvalidInput, "send the file's bytes as the body"));
    };
    let header = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok());
    let id = match header(UPLOAD_HEADER) {
        Some(id) => id.to_owned(),
        None => api.upload_begin()?,
    };
    api.upload_append(&id, bytes)?;
    if header(LAST_BLOCK_HEADER) == Some("1") {
        api.upload_finish(&id)?;
    }
    Ok(id)
}
