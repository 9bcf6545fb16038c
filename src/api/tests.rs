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
