//! The script every door runs (`tests/operations.json`): each operation of the core's table at
//! least once, on a fresh history, with the answers made comparable across runs. Shared by the
//! core's door test (`tests/it/doors.rs`: core, CLI, HTTP) and the shell's (`src-tauri`: IPC).

use serde_json::Value;

/// Every step of the script with its answer: the response, or the error as JSON.
pub type Answers = Vec<(String, Result<Value, Value>)>;

const SCRIPT: &str = include_str!("operations.json");

/// Runs the script through `call` (operation name, request with snake_case fields). `dir` is the
/// temp folder the door's history lives in: it is masked out of the answers, and so is every
/// digit inside a string (timestamps, file stamps) and every uuid, so that two runs compare equal.
pub fn run_script(dir: &str, mut call: impl FnMut(&str, Value) -> Result<Value, Value>) -> Answers {
    let steps: Vec<Value> = serde_json::from_str(SCRIPT).expect("operations.json");
    let mut answers: Answers = Vec::new();
    for step in steps {
        let op = step["op"].as_str().expect("op").to_owned();
        let request = fill(step["request"].clone(), &answers, dir);
        let answer = call(&op, request);
        answers.push((op, answer));
    }
    answers.into_iter().map(|(op, a)| (op, a.map(|v| mask(v, dir)).map_err(|e| mask(e, dir)))).collect()
}

/// `"<from OP>"` → the latest answer of OP, `"<from OP .key>"` → its `key`, `"<file PATH>"` →
/// the text of a file of the repository, `<dir>` → the door's temp folder.
fn fill(request: Value, answers: &Answers, dir: &str) -> Value {
    match request {
        Value::String(s) if s.starts_with("<from ") => {
            let inner = s.trim_start_matches("<from ").trim_end_matches('>');
            let (op, key) = inner.split_once(" .").map_or((inner, None), |(o, k)| (o, Some(k)));
            let answer = answers
                .iter()
                .rev()
                .find(|(o, _)| o == op)
                .and_then(|(_, a)| a.as_ref().ok())
                .unwrap_or_else(|| panic!("no answer of {op} yet"));
            key.map_or_else(|| answer.clone(), |k| answer[k].clone())
        }
        Value::String(s) if s.starts_with("<file ") => {
            let path = s.trim_start_matches("<file ").trim_end_matches('>');
            // The running checkout's, not the compiled-in one (tests/it/checkout.rs says why).
            let root = std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo");
            let root = std::path::Path::new(&root);
            let root =
                if root.join("Cargo.lock").exists() { root } else { root.parent().expect("workspace") };
            Value::String(std::fs::read_to_string(root.join(path)).expect("script file"))
        }
        Value::String(s) if s.contains("<dir>") => Value::String(s.replace("<dir>", dir)),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, fill(v, answers, dir))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(|v| fill(v, answers, dir)).collect()),
        other => other,
    }
}

fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.char_indices()
            .all(|(i, c)| if [8, 13, 18, 23].contains(&i) { c == '-' } else { c.is_ascii_hexdigit() })
}

/// Every run of 40 hex digits after a `_` (a token's secret) → `<secret>`.
fn mask_secrets(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(at) = rest.find('_') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        if hex == 40 {
            out.push_str("<secret>");
            rest = &rest[40..];
        }
    }
    out.push_str(rest);
    out
}

fn mask(value: Value, dir: &str) -> Value {
    match value {
        Value::String(s) if is_uuid(&s) => Value::String("<uuid>".into()),
        // A QR code draws a random pairing code.
        Value::String(s) if s.starts_with("<?xml") && s.contains("<svg") => Value::String("<svg>".into()),
        // chrono writes a time without its fraction when the milliseconds are 0 (one in a
        // thousand): after masking, « …:00.000Z » and « …:00Z » are the same time.
        // Table mode's tokens (`j1_<40 hex>`, also inside a join path) are random.
        Value::String(s) => Value::String(
            mask_secrets(&s)
                .replace(dir, "<dir>")
                .chars()
                .map(|c| if c.is_ascii_digit() { '0' } else { c })
                .collect::<String>()
                .replace("0.000Z", "0Z"),
        ),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, mask(v, dir))).collect()),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| mask(v, dir)).collect()),
        other => other,
    }
}
