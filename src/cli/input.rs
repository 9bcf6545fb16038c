//! What the commands read: files or standard input, bounded, in UTF-8, JSON with no key twice.

use std::io::Read;
use std::path::Path;

use greffier::api::Json;
use greffier::games::{self, Problems};
use greffier::text::Text;

use super::Failure;

/// Largest table-state file read by `score` and `history add`.
pub(crate) const MAX_TABLE_BYTES: u64 = 1 << 20;
/// Largest request read by `call` and the helpers (an import's whole file may be one).
pub(crate) const MAX_REQUEST_BYTES: u64 = 1 << 30;

/// A JSON file (or standard input for `-`), a key given twice refused.
pub(crate) fn read_json(path: &Path) -> Result<Json, Failure> {
    Ok(games::parse_json(&read_input(path, MAX_REQUEST_BYTES)?)?)
}

/// A file to read, or standard input for `-`.
pub(crate) fn open_input(path: &Path) -> Result<Box<dyn Read + Send>, Failure> {
    Ok(if path.as_os_str() == "-" {
        // Not locked: a lock cannot go to the thread that reads it (imports read in a thread of
        // their own), and the buffered reader above it reads in large blocks anyway.
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| Failure::Other(format!("{}: {e}", path.display())))?)
    })
}

/// Reads a file (or standard input for `-`) as text. One larger than `max` bytes, or not in
/// UTF-8, is invalid input (exit 1, with its problem); one that cannot be read is not.
pub(crate) fn read_input(path: &Path, max: u64) -> Result<String, Failure> {
    let name = if path.as_os_str() == "-" { "stdin".to_owned() } else { path.display().to_string() };
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin().lock().take(max + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(max + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| Failure::Other(format!("{name}: {e}")))?;
    let invalid = |code: &str, fr: String, en: String| {
        let mut problems = Problems::new();
        problems.push("", code, Text::new(fr, en));
        Failure::Invalid(problems)
    };
    let mib = max >> 20;
    if bytes.len() as u64 > max {
        return Err(invalid(
            "too_large",
            format!("{name} : plus de {mib} Mio, c'est plus qu'une table."),
            format!("{name}: larger than {mib} MiB, more than any table."),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        invalid(
            "not_utf8",
            format!("{name} n'est pas en UTF-8 (octet {at}) : enregistrez-le en UTF-8."),
            format!("{name} is not in UTF-8 (byte {at}): save it as UTF-8."),
        )
    })
}
