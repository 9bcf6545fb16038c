//! Scoring through the public entry point: JSON text in, Scoreboard or every problem out.

use greffier::games::{GameId, Outcome, score_json};

#[test]
fn totals_are_the_sum_of_categories_and_ranks_follow_totals() {
    let board = score_json(
        GameId::Citadelles,
        r#"{"variant":"classique","players":[
            {"name":"Ani","points":{"districts":24,"five_types":3,"first_complete":4}},
            {"name":"Dirk","points":{"districts":27,"complete":2}},
            {"name":"Lilli","points":{"districts":20,"wonders":8}}]}"#,
    )
    .expect("valid sheet");
    let totals: Vec<i32> = board.players.iter().map(|p| p.total).collect();
    assert_eq!(totals, vec![31, 29, 28]);
    assert_eq!(board.players.iter().map(|p| p.rank).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(board.winners(), vec![0]);
    for p in &board.players {
        assert_eq!(p.total, p.categories.iter().map(|c| c.points).sum::<i32>(), "total = Σ categories");
        assert_eq!(p.categories.len(), 5, "every Citadelles category is listed, typed or not");
    }
}

#[test]
fn valencia_tie_is_settled_by_members_in_the_city() {
    // Valencia, p.11: equal prestige → more family members in the city wins.
    let board = score_json(
        GameId::Valencia,
        r#"{"players":[{"name":"Ani","points":{"city":5,"fountains":7}},
                       {"name":"Dirk","points":{"city":8,"fountains":4}}]}"#,
    )
    .expect("valid");
    assert_eq!(board.players[0].total, 12);
    assert_eq!(board.players[1].total, 12);
    assert_eq!(board.winners(), vec![1], "Dirk has 8 members in the city against 5");
    assert_eq!(board.tie_breaks[0].criteria, vec!["city"]);
    assert!(!board.tie_breaks[0].shared);
    assert_eq!(board.variant, "base", "no variant means the game's default");
}

#[test]
fn a_tie_with_no_tie_break_is_shared_by_both_winners() {
    let board = score_json(
        GameId::Splendor,
        r#"{"variant":"cities","players":[{"name":"Ani","points":{"cards":12,"nobles":3}},
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
        r#"{"variant":"invasion","players":[{"name":"Ani","points":{}},{"name":"Dirk","points":{}}],
            "result":{"won":false,"round_reached":12}}"#,
    )
    .expect("valid");
    assert_eq!(coop.outcome, Outcome::Coop { won: false, round_reached: Some(12) });
    assert!(coop.winners().is_empty(), "a lost co-op game has no winner");

    let solo = score_json(
        GameId::Orleans,
        r#"{"variant":"dignitaire","players":[{"name":"Ani","points":{"coins":10}}],"result":{"won":true,"round_reached":15}}"#,
    )
    .expect("valid");
    assert_eq!(solo.outcome, Outcome::Solo { won: true, round_reached: 15 });
    assert_eq!(solo.winners(), vec![0]);
}

#[test]
fn every_problem_is_reported_at_once_with_its_field() {
    let problems = score_json(
        GameId::Valencia,
        r#"{"variant":"base","players":[
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
            ("players[0].points.city", "out_of_range"),
            ("players[1].points.citty", "unknown_category"),
            ("players[1].points.fountains", "not_an_integer"),
            ("players[1].points.palms", "not_an_integer"),
            ("players[2].name", "duplicate_name"),
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

    let no_result = score_json(GameId::Orleans, r#"{"variant":"vierzon","players":[{"name":"A"}]}"#)
        .expect_err("won? round?");
    let fields: Vec<&str> = no_result.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(fields, vec!["result.won", "result.round_reached"]);
}

#[test]
fn malformed_json_is_a_problem_not_a_panic() {
    for text in ["", "{", "[1,2]", r#"{"players":"Ani"}"#, "null", r#"{"players":[{"points":[]}]}"#] {
        let problems = score_json(GameId::Valencia, text).expect_err(text);
        assert_eq!(problems.0[0].code, "malformed", "{text}");
    }
}
