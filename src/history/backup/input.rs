//! A backup's bytes: gzip or not, read whole when small, streamed when large.

use super::*;

/// A reader over `input` that undoes gzip when the data starts with gzip's magic bytes.
///
/// The answer is a `BufReader` whatever lies under it: serde_json reads a stream one byte at a
/// time, and from a `BufReader` a byte is a look into its buffer, where from a `dyn Read` it was
/// a call through the vtable (7 % of importing a backup).
pub fn maybe_gunzip<'a>(
    input: impl Read + Send + 'a,
) -> std::io::Result<std::io::BufReader<Box<dyn Read + Send + 'a>>> {
    let mut buffered = std::io::BufReader::with_capacity(1 << 16, input);
    let gz = std::io::BufRead::fill_buf(&mut buffered)?.starts_with(&[0x1f, 0x8b]);
    let plain: Box<dyn Read + Send + 'a> =
        if gz { Box::new(flate2::read::MultiGzDecoder::new(buffered)) } else { Box::new(buffered) };
    Ok(std::io::BufReader::with_capacity(1 << 16, plain))
}

/// Input below this size (once gzip is undone; a backup of 10 000 plays without table states
/// is 11 MiB) is read whole, then parsed from memory: serde_json reads a stream one byte at a
/// time, and parses the same bytes from a slice with a third of the instructions.
/// Larger input (a 100 000-play backup is 109 MiB) is streamed, holding this much of its file
/// while the import lasts.
pub(super) const READ_WHOLE_UP_TO: usize = 16 << 20;

/// JSON input as serde_json reads it fastest: whole when it is small enough, else a stream.
pub(crate) enum JsonInput<'a> {
    Whole(Vec<u8>),
    /// The part read whole, then the rest; no string in it longer than [`MAX_STRING_BYTES`]
    /// ([`CappedStrings`]).
    Stream(std::io::BufReader<CappedStrings<HeadThenRest<'a>>>),
}

/// A stream's part read whole, then the rest of it.
pub(super) type HeadThenRest<'a> =
    std::io::Chain<std::io::Cursor<Vec<u8>>, std::io::BufReader<Box<dyn Read + Send + 'a>>>;

impl JsonInput<'_> {
    /// Whether the input holds nothing but blanks (a 0-byte file, a failed download).
    pub(crate) fn is_empty(&self) -> bool {
        matches!(self, JsonInput::Whole(bytes) if bytes.iter().all(u8::is_ascii_whitespace))
    }
}

/// The problem of an input that holds nothing.
pub(crate) fn empty_file() -> Problems {
    let mut p = Problems::new();
    p.push("", "empty_file", Text::new("Le fichier est vide.", "The file is empty."));
    p
}

/// Reads `input` (gzip undone, a byte order mark left out) as [`JsonInput`].
pub(crate) fn json_input<'a>(input: impl Read + Send + 'a) -> std::io::Result<JsonInput<'a>> {
    json_input_up_to(input, READ_WHOLE_UP_TO)
}

pub(super) fn json_input_up_to<'a>(
    input: impl Read + Send + 'a,
    whole_up_to: usize,
) -> std::io::Result<JsonInput<'a>> {
    let mut input = maybe_gunzip(input)?;
    // Reserved at once: grown by doubling, the buffer of a large file would end at twice this.
    let mut head = Vec::with_capacity(whole_up_to);
    (&mut input).take(whole_up_to as u64).read_to_end(&mut head)?;
    // A UTF-8 byte order mark (an editor's, Windows' Notepad) is not JSON: left out.
    let bom = if head.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    if head.len() < whole_up_to {
        head.drain(..bom);
        Ok(JsonInput::Whole(head))
    } else {
        let mut head = std::io::Cursor::new(head);
        head.set_position(bom as u64);
        Ok(JsonInput::Stream(std::io::BufReader::with_capacity(
            1 << 16,
            CappedStrings::new(head.chain(input)),
        )))
    }
}

/// Whether a file name asks for gzip (`.gz`).
pub fn wants_gzip(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

pub(super) fn json_err(e: serde_json::Error) -> StoreError {
    StoreError::Write(e.into())
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};

    use super::{JsonInput, json_input_up_to};

    fn bytes_of(input: JsonInput<'_>) -> (bool, Vec<u8>) {
        match input {
            JsonInput::Whole(bytes) => (true, bytes),
            JsonInput::Stream(mut rest) => {
                let mut bytes = Vec::new();
                rest.read_to_end(&mut bytes).expect("read");
                (false, bytes)
            }
        }
    }

    /// Input below the limit is read whole; input at or beyond it is streamed, its first part
    /// given back before the rest, so the parser sees every byte once and in order (gzip too).
    #[test]
    fn json_input_is_whole_below_the_limit_and_streamed_with_every_byte_beyond_it() {
        let text = br#"{"manifest":{"format":"greffier-backup"},"plays":[1,2,3]}"#.to_vec();
        assert_eq!(bytes_of(json_input_up_to(text.as_slice(), 1000).expect("input")), (true, text.clone()));
        assert_eq!(bytes_of(json_input_up_to(text.as_slice(), 10).expect("input")), (false, text.clone()));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&text).expect("gzip");
        let gz = gz.finish().expect("gzip");
        assert_eq!(bytes_of(json_input_up_to(gz.as_slice(), 10).expect("input")), (false, text.clone()));
        assert_eq!(bytes_of(json_input_up_to(gz.as_slice(), 1000).expect("input")), (true, text.clone()));
        let with_bom = [&b"\xEF\xBB\xBF"[..], &text].concat();
        assert_eq!(
            bytes_of(json_input_up_to(with_bom.as_slice(), 1000).expect("input")),
            (true, text.clone())
        );
        assert_eq!(bytes_of(json_input_up_to(with_bom.as_slice(), 10).expect("input")), (false, text));
    }
}
