use serde_json::json;

use super::*;

fn api() -> (tempfile::TempDir, Api) {
    let dir = tempfile::tempdir().expect("temp dir");
    let api = Api::open(&dir.path().join("greffier.sqlite3")).expect("open");
    (dir, api)
}

#[test]
fn the_table_names_each_operation_once_with_its_fields() {
    let names: Vec<&str> = Api::operations().iter().map(|o| o.name).collect();
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "no name twice");
    let op = Api::operation("save_table_state").expect("listed");
    assert_eq!(op.fields, ["play_id", "table", "base"]);
    assert_eq!(op.capability, Capability::Host);
    assert!(
        op.doc.trim().starts_with(
            "Autosave: the state is stored even when invalid; the answer carries the live score or the problems."
        ),
        "{}",
        op.doc
    );
    assert_eq!(Api::operation("valencia_auction").map(|o| o.capability), Some(Capability::Guest));
}

#[test]
fn call_json_answers_as_the_typed_method() {
    let (_dir, api) = api();
    let typed = api.create_player("Ani".into(), Some("red".into())).expect("typed");
    let by_name = api.call_json("create_player", json!({ "name": "Dirk", "colour": null })).expect("by name");
    assert_eq!(by_name["name"], "Dirk");
    assert_eq!(by_name["id"], typed.id + 1);
    let listed = api.call_json("list_players", Json::Null).expect("no fields: null");
    assert_eq!(listed, serde_json::to_value(api.list_players().expect("typed")).expect("json"));
    assert_eq!(listed[0]["name"], "Ani");
}

#[test]
fn errors_say_their_kind_and_field() {
    let (_dir, api) = api();
    let unknown = api.call_json("no_such_thing", json!({})).expect_err("unknown");
    assert_eq!(unknown.kind, ErrorKind::UnknownOperation);

    let shape = api
        .call_json("list_plays", json!({ "filter": { "limit": "many" } }))
        .expect_err("a string for a number");
    assert_eq!(shape.kind, ErrorKind::InvalidInput);
    assert_eq!(shape.problems[0].field, "filter.limit");
    assert_eq!(shape.problems[0].code, "malformed");

    let extra = api.call_json("list_games", json!({ "game": "valencia" })).expect_err("no such field");
    assert_eq!(extra.kind, ErrorKind::InvalidInput);

    let missing = api.call_json("get_play", json!({ "play_id": 999 })).expect_err("no such play");
    assert_eq!(missing.kind, ErrorKind::NotFound);

    let rules = api
        .call_json("valencia_auction", json!({ "auction": { "players": [] } }))
        .expect_err("an auction needs players");
    assert_eq!(rules.kind, ErrorKind::InvalidInput);
    assert!(!rules.problems.is_empty(), "{rules:?}");
}

#[test]
fn a_guest_is_refused_the_history_before_its_request_is_read() {
    let (_dir, api) = api();
    let refused =
        api.call_json_as(Access::Guest, "list_players", json!("not even an object")).expect_err("host only");
    assert_eq!(refused.kind, ErrorKind::Forbidden);
    let games = api.call_json_as(Access::Guest, "list_games", Json::Null).expect("guest may");
    assert_eq!(games[0]["id"], "valencia");
}

/// An upload is the door's bytes, read once by the operation that names it: whole or not at
/// all (an unfinished one cannot be read), bounded in size and in number, and its file goes
/// once read.
#[test]
fn an_upload_is_read_once_whole_and_within_its_bounds() {
    let (dir, api) = api();
    let sample = include_str!("../../tests/fixtures/bgstats-sample.json");
    let id = api.upload_begin().expect("begin");
    let (first, rest) = sample.as_bytes().split_at(100);
    api.upload_append(&id, first).expect("a block");
    let unfinished = api.import_file(ImportKind::Bgstats, ImportFile::Upload(id.clone()));
    assert_eq!(unfinished.expect_err("not whole yet").kind, ErrorKind::NotFound);
    api.upload_append(&id, rest).expect("the rest");
    assert_eq!(api.upload_finish(&id).expect("finish"), sample.len() as u64);
    let summary = api.import_file(ImportKind::Bgstats, ImportFile::Upload(id.clone())).expect("imported");
    let ImportSummary::Bgstats(report) = summary else { panic!("a BG Stats report") };
    assert_eq!(report.plays_added, 3);
    let again = api.import_file(ImportKind::Bgstats, ImportFile::Upload(id));
    assert_eq!(again.expect_err("read once").kind, ErrorKind::NotFound);
    let files = || std::fs::read_dir(dir.path().join("uploads")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(files(), 0, "its file went once read");

    api.uploads().expect("uploads").limit = 10;
    let id = api.upload_begin().expect("begin");
    api.upload_append(&id, b"0123456789").expect("up to the limit");
    assert_eq!(api.upload_append(&id, b"!").expect_err("past it").kind, ErrorKind::TooLarge);
    assert_eq!(api.upload_finish(&id).expect_err("dropped").kind, ErrorKind::NotFound);

    let ids: Vec<String> = (0..=MAX_PENDING_UPLOADS).map(|_| api.upload_begin().expect("begin")).collect();
    assert_eq!(api.upload_finish(&ids[0]).expect_err("the oldest went").kind, ErrorKind::NotFound);
    assert!(api.upload_finish(&ids[MAX_PENDING_UPLOADS]).is_ok());
    assert_eq!(files(), MAX_PENDING_UPLOADS, "one file per upload kept");

    let guest = Api::without_history().expect("guest");
    assert_eq!(guest.upload_begin().expect_err("no history").kind, ErrorKind::Forbidden);
}
