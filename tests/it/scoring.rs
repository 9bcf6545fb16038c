//! Scoring through the public entry point: JSON text in, Scoreboard or every problem out.

use greffier::games::{GameId, Outcome, score_json};

#[test]
fn totals_are_the_sum_of_categories_and_ranks_follow_totals() {
    let board = score_json(
        GameId::Citadelles,
        r#"{"sheet":"generic","variant":"classique","players":[
            {"name":"Ani","points":{"districts":24,"five_types":3,"first_complete":4}},
            {"name":"Dirk","points":{"districts":27,"complete":2}},
            {"name":"Lilli","points":{"districts":20,"wonders":8}}]}"#,
    )
    .expect("valid sheet");
    let totals: Vec<Option<i32>> = board.players.iter().map(|p| p.total).collect();
    assert_eq!(totals, vec![Some(31), Some(29), Some(28)]);
    assert_eq!(board.players.iter().map(|p| p.rank).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(board.winners(), vec![0]);
    for p in &board.players {
        assert_eq!(p.total, Some(p.categories.iter().map(|c| c.points).sum::<i32>()), "total = Σ categories");
        assert_eq!(p.categories.len(), 5, "every Citadelles category is listed, typed or not");
    }
}

#[test]
fn valencia_tie_is_settled_by_members_in_the_city() {
    // Valencia, p.11: equal prestige → more family members in the city wins.
    let board = score_json(
        GameId::Valencia,
        r#"{"sheet":"generic","players":[{"name":"Ani","points":{"city":5,"fountains":7}},
                       {"name":"Dirk","points":{"city":8,"fountains":4}}]}"#,
    )
    .expect("valid");
    assert_eq!(board.players[0].total, Some(12));
    assert_eq!(board.players[1].total, Some(12));
    assert_eq!(board.winners(), vec![1], "Dirk has 8 members in the city against 5");
    assert_eq!(board.tie_breaks[0].criteria, vec!["city"]);
    assert!(!board.tie_breaks[0].shared);
    assert_eq!(board.variant, "base", "no variant means the game's default");
}

#[test]
fn a_tie_with_no_tie_break_is_shared_by_both_winners() {
    let board = score_json(
        GameId::Splendor,
        r#"{"sheet":"generic","variant":"cities","players":[{"name":"Ani","points":{"cards":12,"nobles":3}},
                                          {"name":"Dirk","points":{"cards":15}}]}"#,
    )
    .expect("valid");
    assert_eq!(board.winners(), vec![0, 1]);
    assert!(board.tie_breaks[0].shared);
    assert!(board.tie_breaks[0].explanation.en.contains("shared"));
}

#[test]
fn coop_and_solo_scenarios_carry_their_outcome() {
    let coop = score_json(
        GameId::Orleans,
        r#"{"sheet":"generic","variant":"invasion","players":[{"name":"Ani","points":{}},{"name":"Dirk","points":{}}],
            "result":{"won":false,"round_reached":12}}"#,
    )
    .expect("valid");
    assert_eq!(coop.outcome, Outcome::Coop { won: false, in_progress: false, round_reached: Some(12) });
    assert!(coop.winners().is_empty(), "a lost co-op game has no winner");

    let solo = score_json(
        GameId::Orleans,
        r#"{"sheet":"generic","variant":"dignitaire","players":[{"name":"Ani","points":{"coins":10}}],"result":{"won":true,"round_reached":15}}"#,
    )
    .expect("valid");
    assert_eq!(solo.outcome, Outcome::Solo { won: true, in_progress: false, round_reached: 15 });
    assert_eq!(solo.winners(), vec![0]);
}

#[test]
fn every_problem_is_reported_at_once_with_its_field() {
    let problems = score_json(
        GameId::Valencia,
        r#"{"sheet":"generic","variant":"base","players":[
            {"name":"","points":{"city":-5000}},
            {"name":"Dirk","points":{"citty":3,"palms":"four","fountains":2.5}},
            {"name":"dirk","points":{}}]}"#,
    )
    .expect_err("invalid");
    let fields: Vec<(&str, &str)> = problems.iter().map(|p| (p.field.as_str(), p.code.as_str())).collect();
    assert_eq!(
        fields,
        vec![
            ("players[0].name", "empty_name"),
            ("players[2].name", "duplicate_name"),
            ("players[0].points.city", "wrong_sign"),
            ("players[1].points.citty", "unknown_category"),
            ("players[1].points.fountains", "not_an_integer"),
            ("players[1].points.palms", "not_an_integer"),
        ]
    );
    assert!(problems.iter().all(|p| !p.message.fr.is_empty() && !p.message.en.is_empty()));
}

#[test]
fn player_counts_variants_and_results_are_checked() {
    let too_many = score_json(
        GameId::Orleans,
        r#"{"variant":"duel","players":[{"name":"A"},{"name":"B"},{"name":"C"}]}"#,
    )
    .expect_err("the duel is for two");
    assert_eq!(too_many.0[0].field, "players");
    assert_eq!(too_many.0[0].code, "player_count");

    let unknown = score_json(GameId::Citadelles, r#"{"variant":"3e","players":[{"name":"A"},{"name":"B"}]}"#)
        .expect_err("no such profile");
    assert_eq!(unknown.0[0].code, "unknown_variant");

    let no_result =
        score_json(GameId::Orleans, r#"{"sheet":"generic","variant":"vierzon","players":[{"name":"A"}]}"#)
            .expect_err("won? round?");
    let fields: Vec<&str> = no_result.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, vec!["result.won", "result.round_reached"]);
}

#[test]
fn malformed_json_is_a_problem_not_a_panic() {
    for text in
        ["", "{", "[1,2]", r#"{"players":"Ani"}"#, "null", r#"{"sheet":"generic","players":[{"points":[]}]}"#]
    {
        let problems = score_json(GameId::Valencia, text).expect_err(text);
        assert_eq!(problems.0[0].code, "malformed", "{text}");
    }
}

fn codes_of(game: GameId, text: &str) -> Vec<(String, String)> {
    match score_json(game, text) {
        Ok(b) => panic!("expected problems, got {b:?}"),
        Err(p) => p.iter().map(|x| (x.field.clone(), x.code.clone())).collect(),
    }
}

/// Issue: a key given twice kept the last value silently (`city` 5 then 999 scored 999). It is
/// refused, naming the key and where it is.
#[test]
fn a_key_given_twice_is_refused_naming_it() {
    let text = r#"{"players":[{"name":"Ani","city_members":5,"city_members":999},{"name":"Dirk"}]}"#;
    assert_eq!(
        codes_of(GameId::Valencia, text),
        vec![("players[0].city_members".to_owned(), "duplicate_key".to_owned())]
    );
    let p = score_json(GameId::Valencia, text).expect_err("refused");
    assert!(p.0[0].message.en.contains("city_members"), "{}", p.0[0].message.en);
    let top = r#"{"variant":"base","variant":"special_influence","players":[]}"#;
    assert_eq!(codes_of(GameId::Valencia, top), vec![("variant".to_owned(), "duplicate_key".to_owned())]);
}

/// Issue: a table with a stray `"points": {}` on one player was scored as the generic sheet,
/// every real field ignored (a shared win at 0–0). The shape is named (`"sheet": "generic"`),
/// so the stray key is just an unknown field of the table.
#[test]
fn a_stray_points_key_does_not_turn_a_table_into_a_sheet() {
    let text =
        r#"{"players":[{"name":"Ani","city_members":9,"points":{}},{"name":"Dirk","city_members":2}]}"#;
    assert_eq!(
        codes_of(GameId::Valencia, text),
        vec![("players[0].points".to_owned(), "unknown_field".to_owned())]
    );
    let fixed = r#"{"players":[{"name":"Ani","city_members":9},{"name":"Dirk","city_members":2}]}"#;
    assert_eq!(score_json(GameId::Valencia, fixed).expect("a table").winners(), vec![0]);
}

/// Issue: unknown fields were ignored in sheet mode (`sead` for `seat` passed). Every shape
/// refuses them, naming them.
#[test]
fn unknown_fields_are_refused_in_sheet_mode_too() {
    let text = r#"{"sheet":"generic","colour":"red","players":[{"name":"Ani","sead":1,"points":{"city":3}},{"name":"Dirk"}],"result":{"wonn":true}}"#;
    let got = codes_of(GameId::Valencia, text);
    for f in ["colour", "players[0].sead", "result.wonn"] {
        assert!(got.contains(&(f.to_owned(), "unknown_field".to_owned())), "{f} in {got:?}");
    }
}

/// Issue: names made of control, zero-width or bidi-override characters, or only spaces, were
/// accepted. Names are kept in NFC and trimmed; the invisible ones are refused.
#[test]
fn invisible_names_are_refused_and_names_are_normalised() {
    for bad in ["\u{200B}", "Ani\u{202E}kcid", "Di\u{0007}rk", "   ", "\u{2066}Ani\u{2069}", "An\u{00AD}i"] {
        let text =
            serde_json::json!({"sheet": "generic", "players": [{"name": bad}, {"name": "Dirk"}]}).to_string();
        let got = codes_of(GameId::Valencia, &text);
        assert!(
            got.iter()
                .any(|(f, c)| f == "players[0].name" && (c == "invisible_characters" || c == "empty_name")),
            "{bad:?}: {got:?}"
        );
    }
    // "Zoé" typed with a combining accent is the same name as "Zoé": seated twice.
    let text = serde_json::json!({"sheet": "generic", "players": [{"name": "Zoé"}, {"name": "Zoe\u{0301}"}]})
        .to_string();
    assert!(
        codes_of(GameId::Valencia, &text)
            .contains(&("players[1].name".to_owned(), "duplicate_name".to_owned()))
    );
    let store = greffier::history::Store::open_in_memory().expect("store");
    assert!(store.create_player("\u{200B}Ani", None).is_err(), "the roster refuses it too");
    let zoe = store.create_player("  Zoe\u{0301} ", None).expect("a normal name");
    assert_eq!(zoe.name, "Zoé", "kept in NFC, trimmed");
    assert!(store.create_player("Zoé", None).is_err(), "the same name twice");
}

/// Issue: negative points in categories that cannot be negative (card prestige −999) were
/// accepted. A category keeps its sign.
#[test]
fn points_keep_the_sign_of_their_category() {
    let text = r#"{"sheet":"generic","variant":"cities","players":[{"name":"Ani","points":{"cards":-999}},{"name":"Dirk"}]}"#;
    assert_eq!(
        codes_of(GameId::Splendor, text),
        vec![("players[0].points.cards".to_owned(), "wrong_sign".to_owned())]
    );
    let failed =
        r#"{"sheet":"generic","players":[{"name":"Ani","points":{"missions_failed":4}},{"name":"Dirk"}]}"#;
    assert_eq!(
        codes_of(GameId::Valencia, failed),
        vec![("players[0].points.missions_failed".to_owned(), "wrong_sign".to_owned())]
    );
    let ok =
        r#"{"sheet":"generic","players":[{"name":"Ani","points":{"missions_failed":-4}},{"name":"Dirk"}]}"#;
    assert!(score_json(GameId::Valencia, ok).is_ok());
}

/// Issue: a shape error reported serde's line and column only. It names the field path too.
#[test]
fn a_shape_error_names_its_field() {
    let text = r#"{"players":[{"name":"Ani"},{"name":"Dirk","missions":"all of them"}]}"#;
    let p = score_json(GameId::Valencia, text).expect_err("refused");
    assert_eq!(p.0[0].field, "players[1].missions", "{p}");
    assert!(p.0[0].message.en.contains("players[1].missions"), "{}", p.0[0].message.en);
    let orleans = r#"{"variant":"duel","round":2,"players":[{"name":"A","goods":{"wine":2}},{"name":"B","objectives":[1]}]}"#;
    assert_eq!(
        score_json(GameId::Orleans, orleans).expect_err("refused").0[0].field,
        "players[1].objectives"
    );
}

/// Issue: a 1 MiB table of 58 870 players kept the scorer busy for 7 minutes (a quadratic
/// duplicate-name check run before the player count). The count is checked first and nothing
/// is read seat by seat; the name check is linear anyway.
#[test]
fn a_table_of_tens_of_thousands_of_players_is_refused_by_its_count_alone() {
    let players: Vec<String> = (0..58_870).map(|i| format!(r#"{{"name":"P{i}"}}"#)).collect();
    for game in GameId::ALL {
        let text = format!(r#"{{"players":[{}]}}"#, players.join(","));
        let got = codes_of(game, &text);
        assert_eq!(got, vec![("players".to_owned(), "player_count".to_owned())], "{game}");
        let sheet = format!(r#"{{"sheet":"generic","players":[{}]}}"#, players.join(","));
        assert_eq!(
            codes_of(game, &sheet),
            vec![("players".to_owned(), "player_count".to_owned())],
            "{game} sheet"
        );
    }
}

/// Any JSON at all, nested a few levels, with the keys the tables use.
fn any_json() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
    use proptest::prelude::*;
    let keys = prop::sample::select(vec![
        "players",
        "name",
        "points",
        "sheet",
        "variant",
        "round",
        "city_members",
        "districts",
        "bonuses",
        "cities",
        "cities_in_play",
        "goods",
        "coins",
        "log",
        "deck",
        "order",
        "missions",
        "id",
        "result",
        "won",
        "fountains",
        "value",
        "council",
        "characters_last_round",
        "completion_order",
        "orient",
        "card",
    ]);
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        (-5i64..40).prop_map(serde_json::Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f)
                .map_or(serde_json::Value::Null, serde_json::Value::Number)),
        prop::sample::select(vec![
            "generic",
            "base",
            "classique",
            "cities",
            "invasion",
            "temple",
            "mission_palms",
            "Ani",
            "",
            "red"
        ])
        .prop_map(serde_json::Value::from),
        ".{0,12}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(serde_json::Value::Array),
            prop::collection::btree_map(keys.clone(), inner, 0..8).prop_map(|m| serde_json::Value::Object(
                m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
            )),
        ]
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
    /// Every entry point the doors call on a table (score, live help) answers any input with a
    /// score or problems: never a panic (a hang would stop the test run).
    #[test]
    fn every_score_entry_point_answers_any_input(v in any_json()) {
        let text = v.to_string();
        for game in GameId::ALL {
            let _ = score_json(game, &text);
            let _ = greffier::games::score_value(game, &v);
            let _ = greffier::games::help_value(game, &v);
        }
    }
}
