//! Citadelles through the public API: table state JSON in, Scoreboard / help / every problem out;
//! the draft and calling helpers. Rulebooks: `CIT` (classique) and `CIT2` (2e édition); card data:
//! docs/facts.md (Citadelles); decisions: docs/decisions.md (Citadelles).

use greffier::games::citadelles::{
    self, CitadellesDestroyTarget, CitadellesDistrictType, CitadellesDraftAction, CitadellesRound,
    CitadellesRoundAction, CitadellesRoundSetup, CitadellesTurnOutcome, CitadellesVariant, draft_plan,
    draw_draft, start_round,
};
use greffier::games::{GameId, Scoreboard, score_json};
use greffier::rules::Catalogue;
use proptest::prelude::*;
use serde_json::{Value, json};

fn score(v: Value) -> Scoreboard {
    score_json(GameId::Citadelles, &v.to_string()).expect("valid table")
}

fn help(v: Value) -> citadelles::CitadellesHelp {
    citadelles::help(&v).expect("valid table")
}

fn problems(v: Value) -> Vec<(String, String)> {
    match score_json(GameId::Citadelles, &v.to_string()) {
        Ok(b) => panic!("expected problems, got {b:?}"),
        Err(p) => p.iter().map(|p| (p.field.clone(), p.code.clone())).collect(),
    }
}

fn has(problems: &[(String, String)], field: &str, code: &str) -> bool {
    problems.iter().any(|(f, c)| f == field && c == code)
}

fn points(board: &Scoreboard, seat: usize, key: &str) -> i32 {
    board.players[seat].categories.iter().find(|c| c.key == key).map(|c| c.points).expect("category")
}

fn detail(board: &Scoreboard, seat: usize, key: &str) -> (String, String) {
    let c = board.players[seat].categories.iter().find(|c| c.key == key).expect("category");
    (c.detail.fr().into_owned(), c.detail.en().into_owned())
}

/// A classic 4-player table: `first` is seat 0's player object, the others have no district.
fn classic4(first: Value) -> Value {
    json!({"variant": "classique", "players": [first, {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}]})
}

/// `table` with its `completion_order`.
fn ordered(mut table: Value, order: &[usize]) -> Value {
    table["completion_order"] = json!(order);
    table
}

fn second4(first: Value) -> Value {
    json!({"variant": "deuxieme_edition", "players": [first, {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}]})
}

const SEVEN: [&str; 7] = ["manor", "castle", "temple", "church", "tavern", "market", "watchtower"];

// ---- Scoring: the items of "Fin de partie" --------------------------------------------------

#[test]
fn district_costs_are_the_sum_of_the_building_costs() {
    // A Castle (4), a Temple (1) and a Cathedral (5) are worth 10.
    let board = score(classic4(json!({"name": "Ani", "districts": ["castle", "temple", "cathedral"]})));
    assert_eq!(points(&board, 0, "districts"), 10);
    assert_eq!(detail(&board, 0, "districts").0, "Château 4 + Temple 1 + Cathédrale 5 = 10.");
    assert_eq!(detail(&board, 0, "districts").1, "Castle 4 + Temple 1 + Cathedral 5 = 10.");
    assert_eq!(board.players[0].total, Some(10));
    assert_eq!(detail(&board, 1, "districts").1, "No district built: 0.");
    let keys: Vec<&str> = board.players[0].categories.iter().map(|c| c.key.as_ref()).collect();
    assert_eq!(keys, citadelles::INFO.categories.iter().map(|c| c.key).collect::<Vec<_>>());
}

#[test]
fn five_types_bonus_is_3_and_names_what_is_missing() {
    let board = score(classic4(
        json!({"name": "Ani", "districts": ["manor", "temple", "tavern", "watchtower", "keep"]}),
    ));
    assert_eq!(points(&board, 0, "five_types"), 3);
    assert!(detail(&board, 0, "five_types").1.starts_with("+3: all five types"));

    let board = score(classic4(json!({"name": "Ani", "districts": ["manor", "temple", "tavern"]})));
    assert_eq!(points(&board, 0, "five_types"), 0);
    assert_eq!(
        detail(&board, 0, "five_types").0,
        "0\u{202f}: il manque militaire et merveille pour les cinq types."
    );
    assert_eq!(detail(&board, 0, "five_types").1, "0: military and wonder missing for the five types.");
}

#[test]
fn haunted_city_stands_for_the_missing_type() {
    // FACT-CIT-B2: the Haunted City counts as a type of the owner's choice at the end.
    let table =
        classic4(json!({"name": "Ani", "districts": ["manor", "temple", "tavern", "keep", "haunted_city"]}));
    let board = score(table.clone());
    assert_eq!(points(&board, 0, "five_types"), 3, "the Haunted City stands in for military");
    assert!(detail(&board, 0, "five_types").1.contains("The Haunted City counts as a military district."));
    let h = help(table);
    assert_eq!(h.seats[0].haunted_city_as, Some(CitadellesDistrictType::Military));
    assert!(h.seats[0].types_missing.is_empty());

    // It stands for one type only.
    let board = score(classic4(json!({"name": "Ani", "districts": ["manor", "temple", "haunted_city"]})));
    assert_eq!(points(&board, 0, "five_types"), 0);
    assert!(detail(&board, 0, "five_types").1.contains("stands for one type only"));
}

#[test]
fn classic_haunted_city_built_in_the_last_round_does_not_stand_in() {
    // DEC-CIT-7: in the classic profile, not if it was built in the last round.
    let ani = json!({"name": "Ani", "districts": ["manor", "temple", "tavern", "keep", "haunted_city"],
                     "haunted_city_built_last_round": true});
    let board = score(classic4(ani.clone()));
    assert_eq!(points(&board, 0, "five_types"), 0);
    assert!(
        detail(&board, 0, "five_types").0.contains("bâtie au dernier tour, ne peut pas remplacer un type")
    );
    // The 2e édition (2016 set) has no such restriction.
    let board = score(second4(ani));
    assert_eq!(points(&board, 0, "five_types"), 3);
}

#[test]
fn first_complete_city_gets_4_and_the_other_complete_cities_2() {
    let mut lilli: Vec<&str> = SEVEN.to_vec();
    lilli[0] = "palace";
    let board = score(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": SEVEN}, {"name": "Dirk", "districts": ["castle"]},
        {"name": "Lilli", "districts": lilli}, {"name": "Patty"}],
        "completion_order": [2, 0]}));
    assert_eq!((points(&board, 2, "first_complete"), points(&board, 2, "complete")), (4, 0));
    assert_eq!((points(&board, 0, "first_complete"), points(&board, 0, "complete")), (0, 2));
    assert_eq!((points(&board, 1, "first_complete"), points(&board, 1, "complete")), (0, 0));
    assert_eq!(detail(&board, 2, "first_complete").1, "+4: first complete city (7 of 7 districts).");
    assert_eq!(detail(&board, 0, "first_complete").1, "0: complete city, but Lilli completed theirs first.");
    assert_eq!(
        detail(&board, 0, "complete").1,
        "+2: complete city, number 2 to be completed (7 of 7 districts)."
    );
    assert_eq!(detail(&board, 1, "complete").1, "0: city not complete (1 of 7 districts).");
}

#[test]
fn classic_threshold_is_7_from_4_players_8_with_3_and_8_for_a_longer_game() {
    // CIT §Fin de partie: 7; Règles pour 2 et 3 joueurs: 8; Note: 8 for longer games.
    let h = help(ordered(classic4(json!({"name": "Ani", "districts": SEVEN})), &[0]));
    assert_eq!(h.threshold, 7);
    assert_eq!(h.seats[0].missing_districts, 0);

    let got = problems(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": SEVEN}, {"name": "Dirk"}, {"name": "Lilli"}], "completion_order": [0]}));
    assert_eq!(
        got,
        vec![("completion_order[0]".to_owned(), "city_not_complete".to_owned())],
        "8 with 3 players"
    );

    let mut table = classic4(json!({"name": "Ani", "districts": SEVEN}));
    table["longer_game"] = json!(true);
    let h = help(table);
    assert_eq!(h.threshold, 8);
    assert_eq!(h.seats[0].count_text.en, "7 of 8 districts: 1 to go");
    assert_eq!(h.threshold_text.en, "8 districts (classic rules, longer-game option)");
}

#[test]
fn second_edition_threshold_is_8_whatever_the_player_count() {
    // CIT2 §Fin de la partie: the 8th district.
    for n in [2usize, 4, 7] {
        let players: Vec<Value> = (0..n).map(|i| json!({"name": format!("P{i}")})).collect();
        let h = help(json!({"variant": "deuxieme_edition", "players": players}));
        assert_eq!(h.threshold, 8, "{n} players");
    }
    let got = problems(ordered(second4(json!({"name": "Ani", "districts": SEVEN})), &[0]));
    assert_eq!(got, vec![("completion_order[0]".to_owned(), "city_not_complete".to_owned())]);
}

// ---- Tie-break --------------------------------------------------------------------------------

#[test]
fn classic_tie_goes_to_the_highest_character_revealed_in_the_last_round() {
    // CIT §Fin de partie: on a tie, the highest-numbered character revealed in the last round.
    let board = score(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["palace"], "characters_last_round": ["king"]},
        {"name": "Dirk", "districts": ["castle", "temple"], "characters_last_round": [7]},
        {"name": "Lilli", "characters_last_round": ["warlord"]},
        {"name": "Patty", "characters_last_round": [2]}]}));
    assert_eq!(board.players[0].total, Some(5));
    assert_eq!(board.players[1].total, Some(5));
    assert_eq!(board.winners(), vec![1], "the Architect (7) beats the King (4)");
    let tie = &board.tie_breaks[0];
    assert_eq!(tie.criteria, vec!["last_round_character"]);
    assert!(!tie.shared);
    assert!(
        tie.explanation.fr.ends_with("Dirk\u{202f}: Architecte (7)\u{202f}; Ani\u{202f}: Roi (4)."),
        "{}",
        tie.explanation.fr
    );
    assert!(
        tie.explanation.en.contains("an assassinated character does not count"),
        "{}",
        tie.explanation.en
    );
}

#[test]
fn classic_tie_with_two_characters_each_takes_the_players_highest() {
    let board = score(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [1, 6]},
        {"name": "Dirk", "districts": ["castle"], "characters_last_round": [5, 3]}]}));
    assert_eq!(board.winners(), vec![0], "6 beats 5");
    assert!(board.tie_breaks[0].explanation.en.contains("Ani: Assassin (1) and Merchant (6)"));
}

/// CIT §Fin de partie: « Un personnage assassiné n'est pas considéré comme révélé. » The
/// assassinated character is left out of characters_last_round: no rank for Dirk, who can be
/// the Assassin's one victim (Lilli revealed the Assassin, everyone else revealed theirs).
#[test]
fn classic_tie_an_assassinated_player_revealed_nothing() {
    let board = score(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [2]},
        {"name": "Dirk", "districts": ["castle"], "characters_last_round": []},
        {"name": "Lilli", "characters_last_round": [1]}, {"name": "Patty", "characters_last_round": [8]}]}));
    assert_eq!(board.winners(), vec![0]);
    assert!(board.tie_breaks[0].explanation.en.contains("Dirk: no character revealed"));
}

/// The message of the one problem on `field`.
fn message(v: Value, field: &str) -> (String, String) {
    let p = score_json(GameId::Citadelles, &v.to_string()).expect_err("problems");
    let found = p.iter().find(|p| p.field == field).unwrap_or_else(|| panic!("no problem on {field}: {p}"));
    (found.message.fr.clone(), found.message.en.clone())
}

/// CIT §Fin de partie: « En cas d'égalité, c'est le joueur ex aequo qui a révélé le personnage
/// au numéro d'ordre le plus élevé lors du dernier tour. » and Règles pour 2 et 3 joueurs: « A 2
/// ou 3 joueurs, chacun dispose de deux personnages ». The Assassin kills one character a round,
/// so at 3 players everyone revealed at least one: Dirk's empty list was never entered, and the
/// tie cannot be settled on it (it used to rank Ani above Dirk on "0").
#[test]
fn classic_tie_at_three_players_asks_for_a_tied_players_characters() {
    let table = json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [2, 3]},
        {"name": "Dirk", "districts": ["castle"], "characters_last_round": []},
        {"name": "Lilli", "districts": ["temple"], "characters_last_round": [5, 6]}]});
    assert_eq!(
        problems(table.clone()),
        vec![("players[1].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned())]
    );
    let (fr, en) = message(table.clone(), "players[1].characters_last_round");
    assert_eq!(
        fr,
        "Dirk est à égalité avec Ani (4 points)\u{202f}: indiquez les personnages que Dirk a révélés au dernier tour pour les départager. À 3 joueurs, chacun a deux personnages et l’Assassin n’en tue qu’un\u{202f}: chacun en a révélé au moins un."
    );
    assert_eq!(
        en,
        "Dirk is tied with Ani (4 points): enter the characters Dirk revealed in the last round to settle the tie. With 3 players everyone has two characters and the Assassin kills only one: everyone revealed at least one."
    );
    // Given, the tie is settled by them: 7 beats 3.
    let mut given = table;
    given["players"][1]["characters_last_round"] = json!([7, 1]);
    assert_eq!(score(given).winners(), vec![1]);
}

/// CIT §Règles pour 2 et 3 joueurs: « A 2 ou 3 joueurs, chacun dispose de deux personnages »;
/// Fin de partie: « Un personnage assassiné n'est pas considéré comme révélé. » A tied player
/// who lists one of two characters is asked for the other, as an empty list is, unless that
/// other one can be the Assassin's one victim (somebody revealed the Assassin, nobody else is
/// short). Dirk's King (4) alone used to beat Ani's 3 unasked.
#[test]
fn classic_tie_at_two_or_three_players_asks_for_a_tied_players_second_character() {
    let table = json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [2, 3]},
        {"name": "Dirk", "districts": ["castle"], "characters_last_round": [4]},
        {"name": "Lilli", "districts": ["temple"], "characters_last_round": [5, 6]}]});
    assert_eq!(
        problems(table.clone()),
        vec![("players[1].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned())]
    );
    let (fr, en) = message(table.clone(), "players[1].characters_last_round");
    assert_eq!(
        fr,
        "Dirk est à égalité avec Ani (4 points)\u{202f}: indiquez l’autre personnage que Dirk a révélé au dernier tour (seul Roi (4) est indiqué) pour les départager. À 3 joueurs, chacun a deux personnages\u{202f}; seul un personnage assassiné n’est pas révélé, or personne n’a révélé l’Assassin (rang 1)."
    );
    assert_eq!(
        en,
        "Dirk is tied with Ani (4 points): enter the other character Dirk revealed in the last round (only King (4) is entered) to settle the tie. With 3 players everyone has two characters; only an assassinated character is not revealed, and nobody revealed the Assassin (rank 1)."
    );
    // Given, the tie is settled by it: 7 beats 3.
    let mut given = table.clone();
    given["players"][1]["characters_last_round"] = json!([4, 7]);
    assert_eq!(score(given).winners(), vec![1]);
    // Lilli revealed the Assassin and Dirk is the only one short: his other character can be
    // her victim, so his King is read as all he revealed, and 4 beats 3.
    let mut murdered = table;
    murdered["players"][2]["characters_last_round"] = json!([1, 6]);
    assert_eq!(score(murdered).winners(), vec![1]);

    // Two players short of one: the Assassin kills one character, so both cannot be victims.
    let two = json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [1]},
        {"name": "Dirk", "districts": ["castle"], "characters_last_round": [4]}]});
    assert_eq!(
        problems(two.clone()),
        vec![
            ("players[0].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned()),
            ("players[1].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned()),
        ]
    );
    let (fr, en) = message(two, "players[1].characters_last_round");
    assert!(
        fr.ends_with("À 2 joueurs, chacun a deux personnages\u{202f}; seule la victime de l’Assassin n’est pas révélée, or 2 joueurs ont moins de deux personnages indiqués\u{202f}: si l’autre personnage de Dirk a été la victime de l’Assassin, indiquez ceux des autres."),
        "{fr}"
    );
    assert!(
        en.ends_with("With 2 players everyone has two characters; only the Assassin's victim is not revealed, but 2 players have fewer than two characters entered: if Dirk's other character was the Assassin's victim, enter the others'."),
        "{en}"
    );

    // No tie: one character each (or none) is never asked for.
    let board = score(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [4]},
        {"name": "Dirk", "districts": ["palace"]}]}));
    assert_eq!(board.winners(), vec![1]);
}

/// CIT §Fin de partie: « Un personnage assassiné n'est pas considéré comme révélé. » From 4
/// players each has one character and the Assassin kills one: at most one player revealed
/// nothing. With two lists empty, neither tied player's can be read as the murder.
#[test]
fn classic_tie_from_four_players_two_empty_lists_are_not_both_murders() {
    let table = json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"]},
        {"name": "Dirk", "districts": ["castle"], "characters_last_round": []},
        {"name": "Lilli", "districts": ["temple"], "characters_last_round": [1]},
        {"name": "Patty", "districts": ["palace"], "characters_last_round": [8]}]});
    let got = problems(table.clone());
    assert_eq!(
        got,
        vec![
            ("players[0].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned()),
            ("players[1].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned()),
        ]
    );
    let (fr, en) = message(table, "players[0].characters_last_round");
    assert!(
        fr.ends_with("Seule la victime de l’Assassin n’a rien révélé, or 2 joueurs n’ont aucun personnage indiqué\u{202f}: si Ani a été la victime de l’Assassin, indiquez ceux des autres."),
        "{fr}"
    );
    assert!(
        en.ends_with("Only the Assassin's victim revealed nothing, but 2 players have no character entered: if Ani was the Assassin's victim, enter the others'."),
        "{en}"
    );
}

/// CIT §Pouvoirs des personnages (l'Assassin) and Fin de partie: « Un personnage assassiné n'est
/// pas considéré comme révélé. » Only a murder leaves a player with nothing revealed; when every
/// other player's character is known and none is the Assassin, nobody was murdered.
#[test]
fn classic_tie_an_empty_list_without_an_assassin_is_not_a_murder() {
    let got = problems(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [2]},
        {"name": "Dirk", "districts": ["castle"], "characters_last_round": []},
        {"name": "Lilli", "characters_last_round": [3]}, {"name": "Patty", "characters_last_round": [8]}]}));
    assert_eq!(
        got,
        vec![("players[1].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned())]
    );
}

/// Characters are read only to settle a tie (decision): a table without one is scored without
/// them, and only the tied players' characters are asked for.
#[test]
fn classic_characters_are_only_needed_by_a_tie() {
    let board = score(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"]}, {"name": "Dirk", "districts": ["palace"]},
        {"name": "Lilli", "districts": ["temple"]}, {"name": "Patty", "districts": ["church"]}]}));
    assert_eq!(board.winners(), vec![1]);
    let board = score(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [3]},
        {"name": "Dirk", "districts": ["manor", "temple"], "characters_last_round": [6]},
        {"name": "Lilli", "districts": ["temple"]}, {"name": "Patty", "districts": ["church"]},
        {"name": "Frank", "districts": ["palace"]}]}));
    assert_eq!(board.winners(), vec![4]);
    assert_eq!(board.players[1].rank, 2, "Dirk (6) before Ani (3)");
    assert_eq!(board.players[0].rank, 3);
    // Seats with nothing entered yet (a sheet being filled in) share their place: nothing to
    // ask; once one of them is entered, the tie needs the others' characters.
    let board = score(classic4(json!({"name": "Ani", "districts": ["castle"]})));
    assert_eq!(board.winners(), vec![0]);
    assert_eq!([board.players[1].rank, board.players[2].rank, board.players[3].rank], [2, 2, 2]);
    let got = problems(classic4(json!({"name": "Ani", "characters_last_round": [3]})));
    assert_eq!(
        got,
        vec![
            ("players[1].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned()),
            ("players[2].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned()),
            ("players[3].characters_last_round".to_owned(), "characters_needed_for_tie".to_owned()),
        ]
    );
    // 2e édition: no tie-break, so nothing to ask.
    let board = score(json!({"variant": "deuxieme_edition", "players": [
        {"name": "Ani", "districts": ["castle"]}, {"name": "Dirk", "districts": ["castle"]}]}));
    assert_eq!(board.winners(), vec![0, 1]);
}

/// The tie-break's problems name the tied players whatever the seat order (the result never
/// depends on the order things were typed).
#[test]
fn classic_tie_problems_follow_the_players_not_the_seats() {
    let seats = [
        json!({"name": "Ani", "districts": ["castle"], "characters_last_round": [2, 3]}),
        json!({"name": "Dirk", "districts": ["castle"], "characters_last_round": []}),
        json!({"name": "Lilli", "districts": ["temple"], "characters_last_round": [5, 6]}),
    ];
    for order in [[0, 1, 2], [1, 0, 2], [2, 1, 0], [1, 2, 0]] {
        let players: Vec<Value> = order.iter().map(|&i| seats[i].clone()).collect();
        let dirk = order.iter().position(|&i| i == 1).expect("Dirk");
        let got = problems(json!({"variant": "classique", "players": players}));
        assert_eq!(
            got,
            vec![(format!("players[{dirk}].characters_last_round"), "characters_needed_for_tie".to_owned())]
        );
    }
}

/// Règles pour 2 et 3 joueurs: « chacun dispose de deux personnages »; from 4 players, one. A
/// list longer than that is refused whatever the scores.
#[test]
fn classic_characters_per_player_are_at_most_what_the_draft_gives() {
    let got = problems(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"], "characters_last_round": [2, 3, 4]},
        {"name": "Dirk", "districts": ["palace"], "characters_last_round": [5]},
        {"name": "Lilli", "districts": ["temple"]}]}));
    assert_eq!(got, vec![("players[0].characters_last_round".to_owned(), "too_many_characters".to_owned())]);
    let got = problems(classic4(json!({"name": "Ani", "characters_last_round": [2, 3]})));
    assert!(has(&got, "players[0].characters_last_round", "too_many_characters"), "{got:?}");
}

#[test]
fn second_edition_tie_is_shared() {
    // CIT2 §Fin de la partie: no tie-break given.
    let board = score(json!({"variant": "deuxieme_edition", "players": [
        {"name": "Ani", "districts": ["palace"], "characters_last_round": ["king"]},
        {"name": "Dirk", "districts": ["castle", "temple"], "characters_last_round": [7]}]}));
    assert_eq!(board.winners(), vec![0, 1]);
    let tie = &board.tie_breaks[0];
    assert!(tie.shared);
    assert!(tie.criteria.is_empty());
    assert!(tie.explanation.en.ends_with("The 2nd edition gives no tie-break."), "{}", tie.explanation.en);
}

// ---- Wonders ----------------------------------------------------------------------------------

fn wonder_points(board: &Scoreboard) -> (i32, String) {
    (points(board, 0, "wonders"), detail(board, 0, "wonders").1)
}

#[test]
fn university_and_dragon_gate_score_8_for_a_cost_of_6() {
    let board = score(classic4(json!({"name": "Ani", "districts": ["university", "dragon_gate"]})));
    assert_eq!(points(&board, 0, "districts"), 12);
    assert_eq!(
        wonder_points(&board),
        (
            4,
            "University: +2 (worth 8 for a cost of 6); Dragon Gate: +2 (worth 8 for a cost of 6); total 4."
                .to_owned()
        )
    );
    assert_eq!(board.players[0].total, Some(16));
    let board = score(second4(json!({"name": "Ani", "districts": ["dragon_gate"]})));
    assert_eq!(points(&board, 0, "wonders"), 2);
}

#[test]
fn imperial_treasury_scores_1_per_gold_and_map_room_1_per_card_in_hand() {
    let board = score(classic4(
        json!({"name": "Ani", "districts": ["imperial_treasury", "map_room"], "gold": 6, "cards_in_hand": 3}),
    ));
    assert_eq!(
        wonder_points(&board),
        (9, "Imperial Treasury: +6 (6 gold); Map Room: +3 (3 cards in hand); total 9.".to_owned())
    );
    assert_eq!(board.players[0].total, Some(5 + 5 + 9));
}

/// English counts take the plural for 0 ("0 cards"), French the singular (« 0 carte »): the
/// English side once used the French rule.
#[test]
fn english_counts_are_plural_from_zero_french_from_two() {
    let board =
        score(second4(json!({"name": "Ani", "districts": ["map_room", "museum"], "cards_in_hand": 0,
        "museum_cards": 1})));
    let (_, text) = wonder_points(&board);
    assert!(text.contains("Map Room: +0 (0 cards in hand)"), "{text}");
    assert!(text.contains("Museum: +1 (1 card under the Museum)"), "{text}");
    let (fr, _) = detail(&board, 0, "wonders");
    assert!(fr.contains("(0 carte en main)"), "{fr}");
}

#[test]
fn wishing_well_counts_every_wonder_itself_included() {
    let board = score(second4(json!({"name": "Ani", "districts": ["wishing_well", "keep", "temple"],
        "custom_wonders": [{"name": "Phare", "cost": 3}]})));
    let (p, text) = wonder_points(&board);
    assert_eq!(p, 3, "Wishing Well, Keep and the custom wonder");
    assert!(text.starts_with("Wishing Well: +3 (3 unique districts in the city, itself included)"), "{text}");
}

#[test]
fn statue_scores_5_for_the_crown_holder_only() {
    let mut table = second4(json!({"name": "Ani", "districts": ["statue"]}));
    table["crown"] = json!(0);
    assert_eq!(wonder_points(&score(table.clone())).0, 5);
    table["crown"] = json!(2);
    assert_eq!(
        wonder_points(&score(table.clone())),
        (0, "Statue: +0 (does not hold the crown); total 0.".to_owned())
    );
    table.as_object_mut().expect("object").remove("crown");
    assert_eq!(problems(table), vec![("crown".to_owned(), "missing".to_owned())]);
}

#[test]
fn ivory_tower_scores_5_only_as_the_citys_single_wonder() {
    let board = score(second4(json!({"name": "Ani", "districts": ["ivory_tower", "temple"]})));
    assert_eq!(wonder_points(&board).0, 5);
    let board = score(second4(json!({"name": "Ani", "districts": ["ivory_tower", "keep"]})));
    assert_eq!(
        wonder_points(&board),
        (0, "Ivory Tower: +0 (2 unique districts in the city); total 0.".to_owned())
    );
}

/// FACT-CIT-B3 (Cour des Miracles, 2016): « at game end counts as any 1 district type (if
/// counted as noble/military/trade/religious it is no longer a unique for other effects) » —
/// the project's decision DEC-CIT-10: counted as another type it is not a wonder for the Ivory
/// Tower, which stays the only one (+5), and it fills the missing type for +3. The
/// clarification entry says so.
#[test]
fn haunted_quarter_is_counted_where_it_scores_most() {
    let entry = greffier::rules::Catalogue::load()
        .expect("catalogue")
        .get("faq.citadelles.haunted_quarter_ivory_tower")
        .expect("clarification")
        .clone();
    assert!(
        entry.body.en.contains("no longer a unique district")
            && entry.source.contains("données des cartes B3")
    );
    let board = score(second4(
        json!({"name": "Ani", "districts": ["ivory_tower", "haunted_city", "manor", "temple", "tavern"]}),
    ));
    assert_eq!(points(&board, 0, "five_types"), 3);
    assert_eq!(points(&board, 0, "wonders"), 5);
    assert!(detail(&board, 0, "five_types").1.contains("counts as a military district"));
}

#[test]
fn basilica_scores_1_per_district_of_odd_cost() {
    // Temple 1, Monastery 3, Cathedral 5 odd; Basilica 4 and Church 2 even.
    let board = score(second4(
        json!({"name": "Ani", "districts": ["basilica", "temple", "monastery", "cathedral", "church"]}),
    ));
    assert_eq!(
        wonder_points(&board),
        (3, "Basilica: +3 (3 districts with an odd cost); total 3.".to_owned())
    );
}

#[test]
fn capitol_scores_3_once_for_three_districts_of_one_type() {
    let board = score(second4(
        json!({"name": "Ani", "districts": ["capitol", "temple", "church", "monastery", "manor"]}),
    ));
    assert_eq!(wonder_points(&board), (3, "Capitol: +3 (3 religious districts); total 3.".to_owned()));
    let board = score(second4(
        json!({"name": "Ani", "districts": ["capitol", "temple", "church", "manor", "castle"]}),
    ));
    assert_eq!(wonder_points(&board).0, 0);
}

#[test]
fn museum_scores_1_per_card_under_it() {
    let board = score(second4(json!({"name": "Ani", "districts": ["museum"], "museum_cards": 4})));
    assert_eq!(wonder_points(&board), (4, "Museum: +4 (4 cards under the Museum); total 4.".to_owned()));
    let got = problems(second4(json!({"name": "Ani", "districts": ["temple"], "museum_cards": 1})));
    assert_eq!(got, vec![("players[0].museum_cards".to_owned(), "no_museum".to_owned())]);
}

#[test]
fn secret_vault_scores_3_revealed_from_the_hand_and_is_never_built() {
    let board = score(second4(json!({"name": "Ani", "secret_vault": true, "cards_in_hand": 1})));
    assert_eq!(wonder_points(&board), (3, "Secret Vault: +3 (revealed from the hand); total 3.".to_owned()));
    assert_eq!(points(&board, 0, "districts"), 0);
    let got = problems(json!({"variant": "deuxieme_edition", "players": [
        {"name": "Ani", "districts": ["secret_vault"], "secret_vault": true},
        {"name": "Dirk", "secret_vault": true, "cards_in_hand": 2}]}));
    assert!(has(&got, "players[0].districts[0]", "not_buildable"), "{got:?}");
    assert!(has(&got, "players[0].secret_vault", "secret_vault_not_in_hand"));
    assert!(has(&got, "players[1].secret_vault", "secret_vault_twice"));
    let got = problems(classic4(json!({"name": "Ani", "secret_vault": true, "cards_in_hand": 1})));
    assert_eq!(got, vec![("players[0].secret_vault".to_owned(), "not_in_profile".to_owned())]);
}

#[test]
fn monument_counts_as_two_districts_toward_a_complete_city() {
    let city = ["monument", "manor", "castle", "temple", "church", "tavern", "market"];
    let table = ordered(second4(json!({"name": "Ani", "districts": city})), &[0]);
    let board = score(table.clone());
    assert_eq!(points(&board, 0, "first_complete"), 4, "7 cards, 8 districts");
    assert_eq!(detail(&board, 0, "first_complete").1, "+4: first complete city (8 of 8 districts).");
    assert_eq!(help(table).seats[0].district_count, 8);
}

#[test]
fn quarry_allows_identical_districts_in_the_second_edition() {
    let board = score(second4(json!({"name": "Ani", "districts": ["quarry", "temple", "temple"]})));
    assert_eq!(points(&board, 0, "districts"), 7);
    let got = problems(second4(json!({"name": "Ani", "districts": ["temple", "temple"]})));
    assert_eq!(got, vec![("players[0].districts[1]".to_owned(), "duplicate_district".to_owned())]);
    let got = problems(classic4(json!({"name": "Ani", "districts": ["quarry", "temple", "temple"]})));
    assert!(has(&got, "players[0].districts[0]", "not_in_profile"), "no Quarry in the classic set");
    assert!(has(&got, "players[0].districts[2]", "duplicate_district"));
}

#[test]
fn custom_wonder_scores_its_cost_and_its_extra_points() {
    let board = score(classic4(json!({"name": "Ani", "districts": ["temple"],
        "custom_wonders": [{"name": "Phare", "cost": 3, "extra_points": 2}]})));
    assert_eq!(points(&board, 0, "districts"), 4);
    assert_eq!(detail(&board, 0, "districts").1, "Temple 1 + Phare 3 (custom wonder) = 4.");
    assert_eq!(wonder_points(&board), (2, "Phare (custom wonder): +2; total 2.".to_owned()));
    let h = help(classic4(json!({"name": "Ani", "custom_wonders": [{"name": "Phare", "cost": 3}]})));
    assert!(h.seats[0].types_present.contains(&CitadellesDistrictType::Wonder), "a custom wonder is purple");
}

#[test]
fn the_artists_beautified_districts_count_one_more() {
    // FACT-CIT-B4 (2016): a beautified district is worth 1 more point and costs 1 more.
    let table = json!({"variant": "deuxieme_edition", "ninth_character": true, "players": [
        {"name": "Ani", "districts": ["castle", "temple", "basilica"], "beautified": ["castle"],
         "characters_last_round": ["artist"]},
        {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}]});
    let board = score(table);
    assert_eq!(points(&board, 0, "districts"), 4 + 1 + 1 + 4);
    assert_eq!(
        detail(&board, 0, "districts").1,
        "Castle 4+1 (beautified by the Artist) + Temple 1 + Basilica 4 = 10."
    );
    assert_eq!(points(&board, 0, "wonders"), 2, "the beautified Castle now has an odd cost (5)");
    let got = problems(json!({"variant": "deuxieme_edition", "ninth_character": true, "players": [
        {"name": "Ani", "districts": ["castle"], "beautified": ["castle", "castle", "palace"]},
        {"name": "Dirk", "beautified": ["temple"]}, {"name": "Lilli"}, {"name": "Patty"}]}));
    assert_eq!(
        got,
        vec![
            ("players[0].beautified[1]".to_owned(), "already_beautified".to_owned()),
            ("players[0].beautified[2]".to_owned(), "not_in_city".to_owned()),
            ("players[1].beautified[0]".to_owned(), "not_in_city".to_owned()),
        ]
    );
    let got = problems(second4(json!({"name": "Ani", "districts": ["castle"], "beautified": ["castle"]})));
    assert_eq!(got, vec![("players[0].beautified".to_owned(), "not_in_play".to_owned())]);
}

#[test]
fn wonders_without_an_end_effect_score_nothing_and_say_so_in_the_help() {
    let table = classic4(json!({"name": "Ani", "districts": ["keep", "library"]}));
    let board = score(table.clone());
    assert_eq!(wonder_points(&board), (0, "No wonder that scores at the end of the game: 0.".to_owned()));
    let h = help(table);
    assert_eq!(h.seats[0].wonders.len(), 2);
    assert_eq!(h.seats[0].wonders[0].text.en, "Keep: no end-of-game effect");
    assert_eq!(h.seats[0].wonders[0].rule, "citadelles.wonder.keep");
}

// ---- Validation -------------------------------------------------------------------------------

#[test]
fn every_problem_of_a_table_is_reported_at_once_with_its_field() {
    let got = problems(json!({"variant": "classique", "ninth_character": true, "extra": 1, "players": [
        {"name": "Ani", "districts": ["manor", "manor", "nowhere", "museum"], "characters_last_round": ["queen", 9, "x", true],
         "haunted_city_built_last_round": true, "colour": "red"},
        {"name": " ani ", "districts": ["cathedral", "fortress"], "characters_last_round": ["king"]},
        {"name": "", "districts": ["cathedral", "fortress", "fortress"], "characters_last_round": [4]},
        {"name": "Patty", "districts": ["cathedral"]}],
        "completion_order": [3, 3, 9, "x"], "crown": 7}));
    let expected = [
        ("extra", "unknown_field"),
        ("ninth_character", "not_in_profile"),
        ("players[0].colour", "unknown_field"),
        ("players[0].districts[1]", "duplicate_district"),
        ("players[0].districts[2]", "unknown_district"),
        ("players[0].districts[3]", "not_in_profile"),
        ("players[0].haunted_city_built_last_round", "no_haunted_city"),
        ("players[0].characters_last_round[0]", "not_in_profile"),
        ("players[0].characters_last_round[1]", "out_of_range"),
        ("players[0].characters_last_round[2]", "unknown_character"),
        ("players[0].characters_last_round[3]", "not_a_character"),
        ("players[0].characters_last_round", "too_many_characters"),
        ("players[1].name", "duplicate_name"),
        ("players[2].name", "empty_name"),
        ("players[2].districts[2]", "duplicate_district"),
        ("players[2].characters_last_round[0]", "duplicate_character"),
        ("players[3].districts[0]", "too_many_copies"),
        ("completion_order[0]", "city_not_complete"),
        ("completion_order[1]", "duplicate_seat"),
        ("completion_order[2]", "seat_out_of_range"),
        ("completion_order[3]", "not_a_seat"),
        ("crown", "seat_out_of_range"),
    ];
    for (field, code) in expected {
        assert!(has(&got, field, code), "missing {field} {code} in {got:?}");
    }
    assert_eq!(got.len(), expected.len(), "{got:?}");
    let err = score_json(GameId::Citadelles, r#"{"players": 3}"#).expect_err("malformed");
    assert_eq!(err.0[0].code, "malformed");
}

#[test]
fn a_complete_city_missing_from_the_completion_order_is_reported() {
    // A single complete city with no order typed is the first (it starts the order); a second
    // one must be placed by the table.
    let first = score(classic4(json!({"name": "Ani", "districts": SEVEN})));
    let bonus = first.players[0].categories.iter().find(|c| c.key == "first_complete").map(|c| c.points);
    assert_eq!(
        bonus,
        Some(4),
        "« Le joueur qui a posé en premier son 8ème quartier reçoit un bonus de 4 points »"
    );
    let mut two = classic4(json!({"name": "Ani", "districts": SEVEN}));
    two["players"][1]["districts"] = json!(SEVEN);
    let got = problems(two.clone());
    assert_eq!(got, vec![("completion_order".to_owned(), "complete_city_not_listed".to_owned()); 2]);
    let got = problems(ordered(two, &[1]));
    assert_eq!(got, vec![("completion_order".to_owned(), "complete_city_not_listed".to_owned())]);
}

#[test]
fn player_counts_per_profile_and_the_ninth_character() {
    let seats = |n: usize| -> Vec<Value> { (0..n).map(|i| json!({"name": format!("P{i}")})).collect() };
    let got = problems(json!({"variant": "classique", "players": seats(8)}));
    assert_eq!(got, vec![("players".to_owned(), "player_count".to_owned())], "classique: 2–7");
    let got = problems(json!({"variant": "deuxieme_edition", "players": seats(8)}));
    assert_eq!(got, vec![("ninth_character".to_owned(), "ninth_character_required".to_owned())]);
    score(json!({"variant": "deuxieme_edition", "ninth_character": true, "players": seats(8)}));
    let got = problems(json!({"variant": "deuxieme_edition", "ninth_character": true, "players": seats(3)}));
    assert_eq!(got, vec![("ninth_character".to_owned(), "ninth_character_player_count".to_owned())]);
    let got = problems(json!({"variant": "deuxieme_edition", "players": seats(1)}));
    assert_eq!(got, vec![("players".to_owned(), "player_count".to_owned())]);
}

#[test]
fn characters_must_belong_to_the_profile_and_be_in_play() {
    // 2e édition: the 2016 alternates are known; rank 9 needs the ninth character; the Queen
    // needs 5 players.
    let got = problems(json!({"variant": "deuxieme_edition", "players": [
        {"name": "Ani", "characters_last_round": ["artist"]},
        {"name": "Dirk", "characters_last_round": ["emperor"]},
        {"name": "Lilli", "characters_last_round": ["patrician"]},
        {"name": "Patty", "characters_last_round": ["magistrate"]}]}));
    assert!(has(&got, "players[0].characters_last_round[0]", "not_in_play"), "{got:?}");
    assert!(has(&got, "players[2].characters_last_round[0]", "duplicate_character"), "two rank-4 characters");
    assert_eq!(got.len(), 2);
    let got = problems(json!({"variant": "deuxieme_edition", "ninth_character": true, "players": [
        {"name": "Ani", "characters_last_round": ["queen"]}, {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}]}));
    assert_eq!(
        got,
        vec![("players[0].characters_last_round[0]".to_owned(), "too_few_players_for_character".to_owned())]
    );
    let board = score(json!({"variant": "deuxieme_edition", "ninth_character": true, "players": [
        {"name": "Ani", "districts": ["temple"], "characters_last_round": ["tax_collector"]},
        {"name": "Dirk", "districts": ["temple"], "characters_last_round": ["king"]},
        {"name": "Lilli"}, {"name": "Patty"}]}));
    assert_eq!(board.winners(), vec![0, 1], "2e édition: shared, whatever the ranks");
}

#[test]
fn copies_are_limited_across_the_table() {
    // FACT-CIT-B1: 2 Cathedrals; FACT-CIT-B2: 2 Keeps in the classic set, 1 in the 2016 set.
    let got = problems(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["cathedral", "keep"]}, {"name": "Dirk", "districts": ["cathedral", "keep"]},
        {"name": "Lilli", "districts": ["cathedral"]}, {"name": "Patty"}]}));
    assert_eq!(got, vec![("players[2].districts[0]".to_owned(), "too_many_copies".to_owned())]);
    let got = problems(json!({"variant": "deuxieme_edition", "players": [
        {"name": "Ani", "districts": ["keep"]}, {"name": "Dirk", "districts": ["keep"]}]}));
    assert_eq!(got, vec![("players[1].districts[0]".to_owned(), "too_many_copies".to_owned())]);
}

#[test]
fn a_version_1_generic_sheet_still_scores() {
    let board = score(json!({"sheet": "generic", "variant": "classique", "players": [
        {"name": "Ani", "points": {"districts": 24, "five_types": 3}}, {"name": "Dirk", "points": {"districts": 27}}]}));
    assert_eq!(board.players[0].total, Some(27));
    assert_eq!(board.winners(), vec![0, 1], "the sheet holds no character: shared");
    assert_eq!(citadelles::INFO.table_schema_version, 2);
}

// ---- Help and catalogue -----------------------------------------------------------------------

#[test]
fn help_shows_counts_types_completion_and_the_end() {
    let h = help(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": SEVEN, "characters_last_round": ["king"]},
        {"name": "Dirk", "districts": ["palace", "university"]}, {"name": "Lilli"}, {"name": "Patty"}],
        "completion_order": [0]}));
    assert!(h.end_triggered);
    assert!(h.end_text.en.starts_with("Ani completed their city first (7 districts)"), "{}", h.end_text.en);
    let ani = &h.seats[0];
    assert_eq!((ani.district_count, ani.missing_districts, ani.completion_position), (7, 0, Some(1)));
    assert_eq!(ani.types_missing, vec![CitadellesDistrictType::Wonder]);
    assert!(!ani.five_types);
    assert_eq!(ani.highest_character, 4);
    assert_eq!(ani.total, 3 + 4 + 1 + 2 + 1 + 2 + 1 + 4);
    let dirk = &h.seats[1];
    assert_eq!(dirk.count_text.fr, "2 quartiers sur 7\u{202f}: il en manque 5");
    assert_eq!(dirk.wonders[0].points, 2);
    assert_eq!(dirk.total, 5 + 6 + 2);
    assert_eq!(h.tie_break_text.en.split(',').next(), Some("On a tie"));
}

/// CIT §Règles pour 2 et 3 joueurs: « la partie se termine lorsqu'un joueur a construit au moins
/// 8 quartiers », then « Note : Pour des parties plus longues, une cité peut être considérée
/// comme complète lorsqu'elle comprend 8 quartiers, au lieu de 7. » The longer game changes
/// something only where a city is complete at 7 (classic, 4 to 7 players): the catalogue says at
/// which player counts the option applies, as the setup checklist offers it, and the sheet shows
/// the option only there.
#[test]
fn the_longer_game_option_applies_only_where_a_city_is_complete_at_seven() {
    let cat = citadelles::catalogue();
    let classic = &cat.profiles[0];
    assert_eq!(
        classic.thresholds.iter().map(|t| (t.players, t.longer_game_option)).collect::<Vec<_>>(),
        vec![(2, false), (3, false), (4, true), (5, true), (6, true), (7, true)]
    );
    assert!(cat.profiles[1].thresholds.iter().all(|t| !t.longer_game_option));
    for t in &classic.thresholds {
        let steps = greffier::games::setup_checklist(GameId::Citadelles, "classique", t.players, false)
            .expect("classic");
        let offered = steps.iter().any(|s| s.rule.as_deref() == Some("citadelles.option.longer_game"));
        assert_eq!(offered, t.longer_game_option, "{} players", t.players);
    }
}

#[test]
fn the_catalogue_lists_both_profiles_with_existing_rules() {
    let cat = citadelles::catalogue();
    assert_eq!(cat.districts.len(), 17);
    assert_eq!(cat.districts.iter().map(|d| u32::from(d.copies)).sum::<u32>(), 54);
    let classic = &cat.profiles[0];
    let second = &cat.profiles[1];
    assert_eq!(
        (classic.variant, second.variant),
        (CitadellesVariant::Classique, CitadellesVariant::DeuxiemeEdition)
    );
    assert_eq!((classic.wonders.len(), second.wonders.len()), (13, 30));
    assert_eq!((classic.characters.len(), second.characters.len()), (8, 27));
    assert_eq!(
        classic.thresholds.iter().map(|t| (t.players, t.districts, t.longer_game)).collect::<Vec<_>>(),
        vec![(2, 8, 8), (3, 8, 8), (4, 7, 8), (5, 7, 8), (6, 7, 8), (7, 7, 8)]
    );
    assert!(second.thresholds.iter().all(|t| t.districts == 8));
    assert_eq!(second.max_players, 8);
    assert!(classic.tie_break && !second.tie_break);
    let obs = classic.wonders.iter().find(|w| w.id == "observatory").expect("observatory");
    assert_eq!(obs.cost, 5);
    assert!(obs.note.is_some(), "uncertain cost is flagged");
    let vault = second.wonders.iter().find(|w| w.id == "secret_vault").expect("vault");
    assert!(!vault.buildable);

    let rules = Catalogue::load().expect("rules");
    let mut ids: Vec<&String> = cat.districts.iter().map(|d| &d.rule).collect();
    for p in &cat.profiles {
        ids.push(&p.rule);
        ids.extend(p.wonders.iter().map(|w| &w.rule));
        ids.extend(p.characters.iter().map(|c| &c.rule));
    }
    for id in ids {
        assert!(rules.get(id).is_some(), "no rule entry {id}");
    }
    for id in [
        "citadelles.wonder.custom",
        "citadelles.setup",
        "citadelles.turn",
        "citadelles.calling",
        "citadelles.two_three_players",
        "citadelles.end.classique",
        "citadelles.end.deuxieme_edition",
        "citadelles.draft.classique",
        "citadelles.draft.deuxieme_edition",
        "citadelles.draft.two_players",
        "citadelles.draft.three_players",
        "citadelles.draft.seven_players",
        "citadelles.draft.king_face_up",
        "citadelles.draft.ninth_character",
    ] {
        assert!(rules.get(id).is_some(), "no rule entry {id}");
    }
}

// ---- Draft -------------------------------------------------------------------------------------

#[test]
fn draft_tables_for_every_player_count() {
    use CitadellesVariant::{Classique, DeuxiemeEdition};
    // (variant, players, ninth) → (cards, face up, face down, per seat, last takes face-down)
    let cases = [
        (Classique, 2, false, (8, 0, 1, 2, false)),
        (Classique, 3, false, (8, 0, 1, 2, false)),
        (Classique, 4, false, (8, 2, 1, 1, false)),
        (Classique, 5, false, (8, 1, 1, 1, false)),
        (Classique, 6, false, (8, 0, 1, 1, false)),
        (Classique, 7, false, (8, 0, 1, 1, true)),
        (DeuxiemeEdition, 2, false, (8, 0, 1, 2, false)),
        (DeuxiemeEdition, 3, false, (8, 0, 1, 2, false)),
        (DeuxiemeEdition, 4, false, (8, 2, 1, 1, false)),
        (DeuxiemeEdition, 5, false, (8, 1, 1, 1, false)),
        (DeuxiemeEdition, 6, false, (8, 0, 1, 1, false)),
        (DeuxiemeEdition, 7, false, (8, 0, 1, 1, true)),
        (DeuxiemeEdition, 4, true, (9, 3, 1, 1, false)),
        (DeuxiemeEdition, 5, true, (9, 2, 1, 1, false)),
        (DeuxiemeEdition, 6, true, (9, 1, 1, 1, false)),
        (DeuxiemeEdition, 7, true, (9, 0, 1, 1, false)),
        (DeuxiemeEdition, 8, true, (9, 0, 1, 1, true)),
    ];
    for (v, n, ninth, expected) in cases {
        let plan = draft_plan(v, n, ninth).expect("plan");
        let got = (plan.characters, plan.face_up, plan.face_down, plan.per_seat, plan.last_takes_face_down);
        assert_eq!(got, expected, "{v:?} {n} players, ninth {ninth}");
        // Every card is accounted for: set aside, kept, or put face down during the choice.
        let mut kept = 0u8;
        let mut down = plan.face_down;
        for step in &plan.steps {
            match step.action {
                CitadellesDraftAction::Choose { keep, face_down, .. } => {
                    kept += keep;
                    down += face_down;
                }
                CitadellesDraftAction::TakeFaceDown { .. } => kept += 1,
                _ => {}
            }
        }
        assert_eq!(kept, n * plan.per_seat, "{v:?} {n}: everyone gets their characters");
        assert_eq!(kept + plan.face_up + down, plan.characters, "{v:?} {n} {ninth}: no card lost");
    }
    assert!(draft_plan(Classique, 8, false).is_err());
    assert!(draft_plan(DeuxiemeEdition, 8, false).is_err(), "8 needs the ninth character");
    assert!(draft_plan(DeuxiemeEdition, 3, true).is_err());
    assert!(draft_plan(Classique, 5, true).is_err());
}

#[test]
fn two_and_three_player_drafts_follow_their_own_procedure() {
    let two = draft_plan(CitadellesVariant::Classique, 2, false).expect("plan");
    let choices: Vec<(u8, CitadellesDraftAction)> =
        two.steps.iter().skip(2).map(|s| (s.actor, s.action)).collect();
    assert_eq!(
        choices,
        vec![
            (0, CitadellesDraftAction::Choose { from: 7, keep: 1, face_down: 0 }),
            (1, CitadellesDraftAction::Choose { from: 6, keep: 1, face_down: 1 }),
            (0, CitadellesDraftAction::Choose { from: 4, keep: 1, face_down: 1 }),
            (1, CitadellesDraftAction::Choose { from: 2, keep: 1, face_down: 1 }),
        ]
    );
    assert_eq!(two.steps[3].rule, "citadelles.draft.two_players");
    assert_eq!(
        two.steps[5].text.en,
        "The other player receives the last 2 cards: keeps one and puts the other face down."
    );
    let three = draft_plan(CitadellesVariant::DeuxiemeEdition, 3, false).expect("plan");
    let actors: Vec<u8> = three.steps.iter().skip(2).map(|s| s.actor).collect();
    assert_eq!(actors, vec![0, 1, 2, 0, 1, 2]);
    assert_eq!(
        three.steps.last().map(|s| s.action),
        Some(CitadellesDraftAction::Choose { from: 2, keep: 1, face_down: 1 })
    );
    let seven = draft_plan(CitadellesVariant::Classique, 7, false).expect("plan");
    let last = seven.steps.last().expect("step");
    assert_eq!((last.actor, last.action), (6, CitadellesDraftAction::TakeFaceDown { from: 2 }));
    assert_eq!(last.rule, "citadelles.draft.seven_players");
    assert_eq!(citadelles::actor_seat(5, 6, 7), 4, "6 seats left of seat 5 at a table of 7");
}

#[test]
fn the_king_is_never_drawn_face_up() {
    let plan = draft_plan(CitadellesVariant::Classique, 4, false).expect("plan");
    let mut put_back = 0u32;
    for seed in 0..500u64 {
        let draw = draw_draft(&plan, &[], seed).expect("draw");
        assert_eq!(draw.face_up.len(), 2);
        assert_eq!(draw.face_down.len(), 1);
        assert_eq!(draw.to_crown.len(), 5);
        assert!(draw.face_up.iter().all(|c| c.rank != 4), "seed {seed}: {:?}", draw.face_up);
        let mut all: Vec<u8> =
            draw.face_up.iter().chain(&draw.face_down).chain(&draw.to_crown).map(|c| c.rank).collect();
        all.sort_unstable();
        assert_eq!(all, (1..=8).collect::<Vec<u8>>(), "seed {seed}: every card once");
        put_back += u32::from(draw.king_put_back);
    }
    assert!(put_back > 0, "some seed drew the King face up and put it back");
    let nine = draft_plan(CitadellesVariant::DeuxiemeEdition, 4, true).expect("plan");
    let ids: Vec<String> =
        ["witch", "spy", "seer", "emperor", "abbot", "trader", "scholar", "marshal", "artist"]
            .map(String::from)
            .to_vec();
    for seed in 0..200u64 {
        let draw = draw_draft(&nine, &ids, seed).expect("draw");
        assert_eq!(draw.face_up.len(), 3);
        assert!(draw.face_up.iter().all(|c| c.rank != 4));
    }
    let err = draw_draft(&nine, &[], 1).expect_err("the rank-9 character must be named");
    assert_eq!(err.0[0].code, "missing");
}

#[test]
fn seeded_draws_are_reproducible() {
    let plan = draft_plan(CitadellesVariant::Classique, 5, false).expect("plan");
    let a = draw_draft(&plan, &[], 2024).expect("draw");
    let b = draw_draft(&plan, &[], 2024).expect("draw");
    assert_eq!(a, b);
    // Snapshot: ChaCha8 streams are portable, so this sequence is the same on every machine.
    let ids = |v: &[citadelles::CitadellesDrawnCharacter]| v.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    assert_eq!(
        (ids(&a.face_up), ids(&a.face_down), ids(&a.to_crown)),
        (
            vec!["architect".to_owned()],
            vec!["king".to_owned()],
            ["assassin", "thief", "magician", "bishop", "merchant", "warlord"].map(String::from).to_vec()
        ),
        "the King may be set aside face down"
    );
    let plan4 = draft_plan(CitadellesVariant::Classique, 4, false).expect("plan");
    let seq: Vec<(Vec<String>, Vec<String>, u8)> = (0..4u64)
        .map(|s| {
            let d = draw_draft(&plan4, &[], s).expect("draw");
            (ids(&d.face_up), ids(&d.face_down), d.king_put_back)
        })
        .collect();
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        seq,
        vec![
            (v(&["bishop", "warlord"]), v(&["merchant"]), 0),
            (v(&["assassin", "architect"]), v(&["thief"]), 0),
            (v(&["warlord", "thief"]), v(&["magician"]), 0),
            (v(&["thief", "bishop"]), v(&["king"]), 1),
        ]
    );
    let d = draw_draft(&plan4, &[], 3).expect("draw");
    assert_eq!(d.steps[1].en, "King (4) drawn face up: put back into the deck, which is reshuffled.");
}

// ---- Calling one round -------------------------------------------------------------------------

fn round(players: u8, crown: u8) -> CitadellesRound {
    start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::Classique,
        players,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown,
        names: ["Ani", "Dirk", "Lilli", "Patty", "Frank", "Gus", "Hugo"]
            .iter()
            .take(usize::from(players))
            .map(|s| s.to_string())
            .collect(),
        face_up: Vec::new(),
    })
    .expect("round")
}

fn apply(r: &CitadellesRound, a: CitadellesRoundAction) -> CitadellesRound {
    r.apply(&a).unwrap_or_else(|p| panic!("{a:?}: {p}"))
}

fn reveal(r: &CitadellesRound, seat: Option<u8>) -> CitadellesRound {
    apply(r, CitadellesRoundAction::Reveal { seat })
}

fn refused(r: &CitadellesRound, a: CitadellesRoundAction) -> String {
    r.apply(&a).expect_err("refused").0[0].code.clone()
}

#[test]
fn ranks_are_called_in_order_and_the_murdered_one_is_skipped() {
    let r = round(4, 0);
    assert_eq!(r.call().map(|c| c.rank), Some(1));
    let r = reveal(&r, Some(2)); // Lilli is the Assassin
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 6 });
    let r = reveal(&r, None); // 2: set aside
    let r = reveal(&r, Some(0)); // 3
    let r = reveal(&r, Some(1)); // 4: the King
    let r = reveal(&r, None); // 5
    assert_eq!(r.call().map(|c| c.rank), Some(7), "6 was murdered: not called");
    let r = reveal(&r, Some(3)); // 7
    let r = reveal(&r, None); // 8
    assert!(r.call().is_none());
    let r = apply(&r, CitadellesRoundAction::EndRound);
    let outcomes: Vec<(u8, CitadellesTurnOutcome, Option<u8>)> =
        r.turns.iter().map(|t| (t.rank, t.outcome, t.seat)).collect();
    assert_eq!(outcomes[5], (6, CitadellesTurnOutcome::Murdered, None));
    assert_eq!(outcomes.len(), 8);
    let rec = r.record().expect("finished");
    assert_eq!(rec.revealed, vec![vec![3], vec![4], vec![1], vec![7]]);
    assert_eq!(rec.murdered_seat, None, "everyone revealed a character: the Merchant was not chosen");
    assert_eq!(rec.crown_after, 1, "the King takes the crown");
}

/// CIT §Le Voleur: « le voleur ne peut pas voler l'Assassin ou sa victime ». The round caller
/// offers the ranks the core would accept, read from the round's view: the Assassin any other
/// character, the Thief neither the Assassin, nor its victim, nor itself (QA: the Architect,
/// murdered, was offered to the Thief and tapping it gave an error).
#[test]
fn the_round_view_offers_only_the_targets_the_core_accepts() {
    let ranks = |r: &CitadellesRound| r.clone().view().targets.iter().map(|c| c.rank).collect::<Vec<_>>();
    let r = round(5, 0);
    assert_eq!(ranks(&r), Vec::<u8>::new(), "nobody is playing yet");
    let r = reveal(&r, Some(0)); // the Assassin
    assert_eq!(ranks(&r), [2, 3, 4, 5, 6, 7, 8]);
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 7 });
    assert_eq!(ranks(&r), Vec::<u8>::new(), "the victim is named");
    let r = reveal(&r, Some(1)); // the Thief
    assert_eq!(ranks(&r), [3, 4, 5, 6, 8], "not the Assassin, the Architect (murdered) nor itself");
    assert_eq!(refused(&r, CitadellesRoundAction::Rob { rank: 7 }), "cannot_rob_murdered");
    let r = apply(&r, CitadellesRoundAction::Rob { rank: 4 });
    assert_eq!(ranks(&r), Vec::<u8>::new(), "the Thief named its victim");
    let r = reveal(&r, Some(2)); // the Magician
    assert_eq!(ranks(&r), Vec::<u8>::new());
}

#[test]
fn the_thief_may_not_rob_the_assassin_nor_the_murdered_character() {
    let r = round(5, 0);
    let r = reveal(&r, Some(0));
    assert_eq!(refused(&r, CitadellesRoundAction::Rob { rank: 5 }), "not_your_turn");
    assert_eq!(refused(&r, CitadellesRoundAction::Murder { rank: 1 }), "cannot_murder_self");
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 5 });
    let r = reveal(&r, Some(1)); // the Thief
    assert_eq!(refused(&r, CitadellesRoundAction::Rob { rank: 1 }), "cannot_rob_assassin");
    assert_eq!(refused(&r, CitadellesRoundAction::Rob { rank: 5 }), "cannot_rob_murdered");
    assert_eq!(refused(&r, CitadellesRoundAction::Rob { rank: 2 }), "cannot_rob_self");
    assert_eq!(refused(&r, CitadellesRoundAction::Rob { rank: 12 }), "not_in_play");
    let r = apply(&r, CitadellesRoundAction::Rob { rank: 6 });
    assert_eq!(refused(&r, CitadellesRoundAction::Rob { rank: 7 }), "already_robbed");
    let r = reveal(&r, Some(2)); // 3
    let r = reveal(&r, Some(3)); // 4
    assert!(r.call().expect("call").text.en.contains("It was robbed"));
    let r = reveal(&r, Some(4)); // 6, robbed
    let robbed = r.turns.last().expect("turn");
    assert_eq!(robbed.robbed_by, Some(1));
    assert_eq!(
        robbed.text.en,
        "Frank reveals the Merchant (6) and plays. Robbed: Frank gives all their gold to Dirk (Thief)."
    );
}

#[test]
fn a_murdered_king_still_takes_the_crown_at_the_end_of_the_round() {
    // CIT §Le Roi, note: the murdered King reveals at the end of the round and takes the crown.
    let r = round(4, 0);
    let r = reveal(&r, Some(1));
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 4 });
    let r = reveal(&r, Some(0)); // 2
    let r = reveal(&r, None); // 3
    let r = reveal(&r, Some(2)); // 5 (4 skipped)
    let r = reveal(&r, None); // 6
    let r = reveal(&r, None); // 7
    let r = reveal(&r, None); // 8
    let r = apply(&r, CitadellesRoundAction::EndRound);
    let rec = r.record().expect("record");
    assert_eq!(rec.murdered_seat, Some(3), "Patty revealed nothing: she held the King");
    assert_eq!(rec.crown_after, 3);
    assert_eq!(rec.revealed[3], Vec::<u8>::new(), "a murdered character is not revealed (tie-break)");

    // The King set aside: the crown stays.
    let r = round(4, 2);
    let mut r = reveal(&r, Some(0));
    for seat in [Some(1), Some(2), None, Some(3), None, None, None] {
        r = reveal(&r, seat);
    }
    let r = apply(&r, CitadellesRoundAction::EndRound);
    assert_eq!(r.crown_after, Some(2));
}

/// Seats are numbered from 1 wherever a player reads them (the Valencia messages do the same):
/// the fourth seat of a 4-player table is « place 4 », and a fifth one does not exist.
#[test]
fn a_seat_the_table_lacks_is_named_counting_from_one() {
    let r = round(4, 0);
    let p = r.apply(&CitadellesRoundAction::Reveal { seat: Some(4) }).expect_err("no fifth seat");
    assert_eq!(
        (p.0[0].message.fr.as_str(), p.0[0].message.en.as_str()),
        ("Place 5 inexistante (places 1 à 4).", "No seat 5 (seats 1 to 4).")
    );
    let table = json!({ "players": [
        { "name": "Ani" }, { "name": "Dirk" }, { "name": "Lilli" }, { "name": "Patty" }
    ], "crown": 9 });
    let p = greffier::games::score_value(GameId::Citadelles, &table).expect_err("no tenth seat");
    let crown = p.0.iter().find(|q| q.field == "crown").expect("the crown's seat is named");
    assert_eq!(crown.message.fr, "Place 10 inexistante\u{202f}: les places vont de 1 à 4.");
}

#[test]
fn the_round_checks_seats_and_characters_per_seat() {
    let r = round(4, 0);
    assert_eq!(refused(&r, CitadellesRoundAction::Reveal { seat: Some(4) }), "seat_out_of_range");
    let r = reveal(&r, Some(0));
    assert_eq!(refused(&r, CitadellesRoundAction::Reveal { seat: Some(0) }), "too_many_characters");
    assert_eq!(refused(&r, CitadellesRoundAction::EndRound), "calls_left");
    let mut r = r;
    for _ in 0..7 {
        r = reveal(&r, None);
    }
    assert_eq!(
        refused(&r, CitadellesRoundAction::EndRound),
        "missing_characters",
        "three seats revealed nothing"
    );

    // Two players reveal two characters each.
    let r = round(2, 0);
    let mut r = r;
    for seat in [Some(0), Some(1), None, Some(1), None, Some(0), None, None] {
        r = reveal(&r, seat);
    }
    let r = apply(&r, CitadellesRoundAction::EndRound);
    assert_eq!(r.revealed(), vec![vec![1, 6], vec![2, 4]]);
    assert_eq!(r.crown_after, Some(1));
    assert_eq!(refused(&r, CitadellesRoundAction::EndRound), "round_finished");
}

fn target(seat: u8, districts: &[&str], index: u8) -> CitadellesDestroyTarget {
    CitadellesDestroyTarget {
        seat,
        districts: districts.iter().map(|s| s.to_string()).collect(),
        custom_wonders: Vec::new(),
        index,
        beautified: Vec::new(),
    }
}

/// A 4-player classic round called up to the Warlord (seat 3); the Bishop is seat 2 unless
/// murdered.
fn up_to_warlord(murder_bishop: bool) -> CitadellesRound {
    let r = round(4, 0);
    let mut r = reveal(&r, Some(0));
    if murder_bishop {
        r = apply(&r, CitadellesRoundAction::Murder { rank: 5 });
    }
    for seat in [None, Some(1), None] {
        r = reveal(&r, seat);
    }
    if !murder_bishop {
        r = reveal(&r, Some(2));
    }
    for seat in [None, None, Some(3)] {
        r = reveal(&r, seat);
    }
    r
}

#[test]
fn the_warlord_pays_cost_minus_one_and_respects_the_protections() {
    let r = up_to_warlord(false);
    let q = r.destruction_quote(&target(1, &["castle", "temple"], 0)).expect("quote");
    assert_eq!(q.cost, 3);
    assert_eq!(q.text.fr, "Château\u{202f}: coût 4 − 1 = 3 pièces d’or");
    assert_eq!(
        r.destruction_quote(&target(1, &["castle", "temple"], 1)).expect("quote").cost,
        0,
        "a cost-1 district is free"
    );
    // The living Bishop's city is protected; a complete city too; the Keep always.
    let code = |t| r.destruction_quote(&t).expect_err("protected").0[0].code.clone();
    assert_eq!(code(target(2, &["castle"], 0)), "bishop_protected");
    assert_eq!(code(target(1, &SEVEN, 0)), "complete_city");
    assert_eq!(code(target(1, &["keep"], 0)), "keep_protected");
    assert_eq!(code(target(1, &["castle"], 3)), "no_such_district");
    // Classic Great Wall: +1 on the owner's other districts, not on itself.
    assert_eq!(r.destruction_quote(&target(1, &["great_wall", "castle"], 1)).expect("quote").cost, 4);
    assert_eq!(r.destruction_quote(&target(1, &["great_wall", "castle"], 0)).expect("quote").cost, 5);

    let r = apply(&r, CitadellesRoundAction::Destroy { target: target(1, &["castle", "temple"], 0) });
    assert_eq!(r.destructions[0].cost, 3);
    assert_eq!(
        r.destructions[0].text.en,
        "Patty (Warlord) destroys in Dirk's city: Castle: cost 4 − 1 = 3 gold."
    );
    assert_eq!(
        refused(&r, CitadellesRoundAction::Destroy { target: target(0, &["temple"], 0) }),
        "already_destroyed"
    );

    // A murdered Bishop's districts are not protected.
    let r = up_to_warlord(true);
    assert_eq!(r.destruction_quote(&target(2, &["castle"], 0)).expect("quote").cost, 3);
}

#[test]
fn second_edition_great_wall_taxes_every_district_and_the_monument_counts_double() {
    let r = start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::DeuxiemeEdition,
        players: 4,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names: Vec::new(),
        face_up: Vec::new(),
    })
    .expect("round");
    assert_eq!(r.destruction_quote(&target(1, &["great_wall"], 0)).expect("quote").cost, 6);
    let city = ["monument", "manor", "castle", "temple", "church", "tavern", "market"];
    let err = r.destruction_quote(&target(1, &city, 1)).expect_err("complete at 8 with the Monument");
    assert_eq!(err.0[0].code, "complete_city");
}

#[test]
fn second_edition_round_with_alternates_the_emperor_gives_the_crown() {
    let setup = CitadellesRoundSetup {
        variant: CitadellesVariant::DeuxiemeEdition,
        players: 5,
        longer_game: false,
        ninth_character: true,
        characters: [
            "assassin", "thief", "seer", "emperor", "bishop", "trader", "scholar", "warlord", "artist",
        ]
        .map(String::from)
        .to_vec(),
        crown: 0,
        names: Vec::new(),
        face_up: Vec::new(),
    };
    let r = start_round(&setup).expect("round");
    assert_eq!(r.characters.len(), 9);
    let r = reveal(&r, None); // 1
    let r = reveal(&r, None); // 2
    let r = reveal(&r, Some(1)); // 3
    let r = reveal(&r, Some(2)); // 4: Emperor
    assert_eq!(refused(&r, CitadellesRoundAction::GiveCrown { seat: 2 }), "not_another_player");
    let r = apply(&r, CitadellesRoundAction::GiveCrown { seat: 4 });
    let mut r = r;
    for seat in [Some(0), Some(3), None, None, Some(4)] {
        r = reveal(&r, seat);
    }
    assert_eq!(r.turns.last().map(|t| t.character.as_str()), Some("artist"), "rank 9 is called last");
    let r = apply(&r, CitadellesRoundAction::EndRound);
    assert_eq!(r.crown_after, Some(4));
    // A beautified district costs the Warlord 1 more.
    let quote = r
        .destruction_quote(&CitadellesDestroyTarget { beautified: vec![0], ..target(1, &["castle"], 0) })
        .expect("quote");
    assert_eq!(quote.cost, 4);

    let mut bad = setup.clone();
    bad.characters = ["assassin", "thief", "seer", "emperor", "king"].map(String::from).to_vec();
    let err = start_round(&bad).expect_err("two rank-4 characters");
    assert!(err.iter().any(|p| p.code == "duplicate_rank" && p.field == "characters[4]"), "{err}");
    bad.characters = Vec::new();
    assert_eq!(start_round(&bad).expect_err("name the ninth").0[0].code, "missing");
}

#[test]
fn the_module_doc_example_scores() {
    let board = score(json!({ "variant": "classique",
      "longer_game": false,
      "players": [
        { "name": "Ani",
          "districts": ["manor", "castle", "temple", "watchtower", "tavern", "market", "haunted_city", "university"],
          "gold": 3, "cards_in_hand": 2,
          "characters_last_round": ["king"],
          "haunted_city_built_last_round": false },
        { "name": "Dirk",
          "districts": ["palace", "cathedral", "fortress", "harbor", "imperial_treasury"],
          "custom_wonders": [{ "name": "Phare", "cost": 3, "extra_points": 0 }],
          "gold": 5, "cards_in_hand": 0,
          "characters_last_round": [7] } ],
      "completion_order": [0],
      "crown": 0 }));
    assert_eq!((board.players[0].total, board.players[1].total), (Some(20 + 3 + 4 + 2), Some(27 + 3 + 5)));
    assert_eq!(board.winners(), vec![1]);
}

// ---- Properties ------------------------------------------------------------------------------

fn district_ids() -> Vec<&'static str> {
    citadelles::BASIC_DISTRICTS
        .iter()
        .map(|d| d.id)
        .chain(citadelles::CLASSIC_WONDERS.iter().map(|w| w.id))
        .collect()
}

fn city_strategy() -> impl Strategy<Value = Vec<&'static str>> {
    proptest::sample::subsequence(district_ids(), 0..10).prop_shuffle()
}

proptest! {
    #[test]
    fn total_is_the_sum_of_the_items(
        city in city_strategy(),
        gold in 0u32..20,
        hand in 0u32..10,
        last in proptest::bool::ANY,
        rank in 1u8..=8,
    ) {
        let haunted = last && city.contains(&"haunted_city");
        // An empty city ties the three empty seats at 0: its character would make the tie
        // ask for theirs (see classic_characters_are_only_needed_by_a_tie).
        let characters = if city.is_empty() { json!([]) } else { json!([rank]) };
        let table = json!({"variant": "classique", "players": [
            {"name": "Ani", "districts": city, "gold": gold, "cards_in_hand": hand,
             "haunted_city_built_last_round": haunted, "characters_last_round": characters},
            {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}],
            "completion_order": if city.len() >= 7 { json!([0]) } else { json!([]) }});
        let board = score(table);
        for p in &board.players {
            prop_assert_eq!(p.total, Some(p.categories.iter().map(|c| c.points).sum::<i32>()));
        }
    }

    #[test]
    fn adding_a_district_never_lowers_the_cost_sum(city in city_strategy(), extra in 0usize..30) {
        let ids = district_ids();
        let Some(&added) = ids.iter().filter(|id| !city.contains(id)).nth(extra % 20) else { return Ok(()) };
        let with = |c: &[&str]| {
            let table = json!({"variant": "classique", "longer_game": true, "players": [
                {"name": "Ani", "districts": c}, {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}],
                "completion_order": if c.len() >= 8 { json!([0]) } else { json!([]) }});
            points(&score(table), 0, "districts")
        };
        let mut bigger = city.clone();
        bigger.push(added);
        prop_assert!(with(&bigger) >= with(&city));
    }
}

/// The round being called is part of the play's state ("the Citadelles round caller
/// loses a round in progress" after a restart): the table keeps it and gives it back as it was.
#[test]
fn a_round_being_called_is_kept_in_the_table_and_must_be_this_table_s() {
    let r = reveal(&apply(&reveal(&round(4, 0), Some(2)), CitadellesRoundAction::Murder { rank: 6 }), None);
    let mut table = classic4(json!({"name": "Ani"}));
    table["round_in_progress"] = serde_json::to_value(&r).expect("round as JSON");
    let raw: citadelles::CitadellesRawTable = serde_json::from_value(table.clone()).expect("table");
    assert_eq!(raw.round_in_progress.as_ref(), Some(&r), "the same round comes back");
    assert_eq!(
        raw.round_in_progress.expect("round").call().map(|c| c.rank),
        Some(3),
        "called where it stopped"
    );
    assert_eq!(score(table).players.len(), 4, "a table with its round in progress still scores");

    // A round called for 3 players does not belong to a 4-player table.
    let mut table = classic4(json!({"name": "Ani"}));
    table["round_in_progress"] = serde_json::to_value(round(3, 0)).expect("round as JSON");
    assert!(has(&problems(table), "round_in_progress", "round_mismatch"));
}

/// Citadelles classique, Mise en place: from 4 players each player takes one character (two with
/// 2 or 3). A seat that revealed all its characters cannot answer a later call: the caller only
/// offers the others (it listed players who had revealed already).
#[test]
fn a_seat_that_revealed_its_characters_is_not_offered_again() {
    let r = round(4, 0);
    assert_eq!(r.call().expect("call").can_reveal, [0, 1, 2, 3]);
    let r = reveal(&r, Some(2));
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 6 });
    assert_eq!(r.call().expect("call").can_reveal, [0, 1, 3], "Lilli played the Assassin");
    assert_eq!(refused(&r, CitadellesRoundAction::Reveal { seat: Some(2) }), "too_many_characters");
    // With 3 players each holds two characters.
    let r = reveal(&round(3, 0), Some(1));
    assert_eq!(r.call().expect("call").can_reveal, [0, 1, 2]);
}

/// Citadelles classique, Mise en place: « Il en écarte ensuite au hasard un certain nombre face
/// visible » (2 at 4 players). Nobody holds those characters: the round knows them, so the caller
/// can say that naming one as a target cannot matter.
#[test]
fn characters_discarded_face_up_are_marked_in_the_round() {
    let setup = |face_up: Vec<u8>| CitadellesRoundSetup {
        variant: CitadellesVariant::Classique,
        players: 4,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names: Vec::new(),
        face_up,
    };
    let r = start_round(&setup(vec![3, 6])).expect("round");
    let up: Vec<u8> = r.characters.iter().filter(|c| c.face_up).map(|c| c.rank).collect();
    assert_eq!(up, [3, 6]);
    let bad = start_round(&setup(vec![12])).expect_err("no rank 12");
    assert_eq!((bad.0[0].field.as_str(), bad.0[0].code.as_str()), ("face_up[0]", "unknown_rank"));
}

fn face_up_setup(players: u8, face_up: Vec<u8>) -> CitadellesRoundSetup {
    CitadellesRoundSetup {
        variant: CitadellesVariant::Classique,
        players,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names: Vec::new(),
        face_up,
    }
}

/// Citadelles classique, Choix des personnages: « Il en écarte ensuite au hasard un certain
/// nombre face visible puis une face cachée » — nobody holds a card set aside face up, and
/// Tours des joueurs: « Si un personnage annoncé ne se manifeste pas, le joueur avec la Couronne
/// appelle le personnage suivant ». The table sees the face-up cards: the caller passes them
/// without a call and marks nobody (it used to call them, every seat greyed as if all had
/// played, and wait for one more « Nobody » each).
#[test]
fn a_character_set_aside_face_up_is_not_called_and_marks_nobody() {
    let mut r = start_round(&face_up_setup(4, vec![7, 8])).expect("round");
    for seat in [None, None, None, Some(0), Some(1), Some(2)] {
        let call = r.call().expect("a call");
        assert_eq!(
            call.can_reveal,
            [0, 1, 2, 3]
                .iter()
                .copied()
                .filter(|&s| r.revealed()[usize::from(s)].is_empty())
                .collect::<Vec<u8>>()
        );
        r = reveal(&r, seat);
    }
    assert!(r.call().is_none(), "the Architect and the Warlord are face up: nothing left to call");
    let passed: Vec<_> = r.turns[6..].iter().map(|t| (t.rank, t.outcome, t.seat)).collect();
    assert_eq!(passed, [(7, CitadellesTurnOutcome::FaceUp, None), (8, CitadellesTurnOutcome::FaceUp, None)]);
    assert_eq!(
        r.turns[6].text.en,
        "The Architect (7) was set aside face up: nobody holds it, so it is not called."
    );
    assert_eq!(
        r.turns[6].text.fr,
        "L’Architecte (7) a été écarté face visible\u{202f}: personne ne l’a, il n’est pas appelé."
    );
    assert_eq!(r.revealed(), vec![vec![4], vec![5], vec![6], vec![]], "nobody marked for the face-up cards");
    assert_eq!(r.actions.len(), 6, "six answers, no « Nobody » for a face-up card");
    // Patty held the card left face down and nobody was murdered: the round cannot end so.
    let p = r.apply(&CitadellesRoundAction::EndRound).expect_err("Patty revealed nothing");
    assert_eq!(p.0[0].code, "missing_characters");

    // A face-up first rank is passed before the first call.
    let r = start_round(&face_up_setup(4, vec![1, 5])).expect("round");
    assert_eq!(r.call().map(|c| c.rank), Some(2));
    assert_eq!(
        r.turns.iter().map(|t| (t.rank, t.outcome)).collect::<Vec<_>>(),
        [(1, CitadellesTurnOutcome::FaceUp)]
    );
}

/// Citadelles classique, Choix des personnages: « 4 joueurs -> 2 face visible, 1 face cachée ;
/// 5 joueurs -> 1 face visible, 1 face cachée ; 6 joueurs -> 1 face cachée ; 7 joueurs -> 1 face
/// cachée »; Règles pour 2 et 3 joueurs: one card set aside face down; DEC-CIT-2: the King is
/// never set aside face up. The face-up cards typed for a round must be a set the draft gives
/// (or none typed: the caller then does not know them); every problem is reported at once.
#[test]
fn face_up_cards_must_be_a_set_the_draft_can_give() {
    let codes = |players: u8, face_up: Vec<u8>| -> Vec<(String, String)> {
        match start_round(&face_up_setup(players, face_up)) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|p| (p.field.clone(), p.code.clone())).collect(),
        }
    };
    let pair = |f: &str, c: &str| (f.to_owned(), c.to_owned());
    assert_eq!(codes(4, vec![7, 8]), []);
    assert_eq!(codes(5, vec![3]), []);
    assert_eq!(codes(4, vec![]), [], "not typed");
    assert_eq!(codes(4, vec![4, 5]), [pair("face_up[0]", "king_face_up")]);
    assert_eq!(codes(7, vec![2, 3]), [pair("face_up", "face_up_count")]);
    assert_eq!(codes(6, vec![2]), [pair("face_up", "face_up_count")]);
    assert_eq!(codes(3, vec![2]), [pair("face_up", "face_up_count")]);
    assert_eq!(codes(4, vec![3]), [pair("face_up", "face_up_count")], "one of the two");
    assert_eq!(
        codes(5, vec![2, 2, 2]),
        [
            pair("face_up[1]", "duplicate_rank"),
            pair("face_up[2]", "duplicate_rank"),
            pair("face_up", "face_up_count")
        ]
    );
    let p = start_round(&face_up_setup(7, vec![2, 3])).expect_err("none at 7");
    assert_eq!(p.0[0].message.en, "With 7 players the draft sets aside no card face up, not 2.");
    assert_eq!(
        p.0[0].message.fr,
        "À 7 joueurs, le choix des personnages n’écarte aucune carte face visible, pas 2."
    );
    let p = start_round(&face_up_setup(4, vec![4, 5])).expect_err("King");
    assert_eq!(p.0[0].message.en, "The King (4) is never set aside face up: it goes back into the deck.");
}

/// Citadelles classique, Fin de partie: « Lorsqu'un joueur bâtit son septième quartier, sa cité
/// est considérée comme complète. On termine le tour en cours et la partie prend fin. » Two
/// complete cities whose order is not typed yet still end the game (the help used to say "no
/// complete city, the game goes on"); the help asks for the order.
#[test]
fn help_ends_the_game_when_cities_are_complete_before_their_order_is_given() {
    let h = help(json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": SEVEN}, {"name": "Dirk", "districts": SEVEN},
        {"name": "Lilli"}, {"name": "Patty"}]}));
    assert_eq!(h.unplaced_complete, [0, 1]);
    assert!(h.completed.is_empty());
    assert!(h.end_triggered);
    assert_eq!(
        h.end_text.fr,
        "Cités complètes (7 quartiers)\u{202f}: Ani, Dirk. On termine le tour en cours, puis on compte les points. Indiquez dans quel ordre elles ont été complétées (pas encore placées\u{202f}: Ani, Dirk)."
    );
    assert_eq!(
        h.end_text.en,
        "Complete cities (7 districts): Ani, Dirk. The current round is finished, then the game is scored. Say in which order they were completed (not placed yet: Ani, Dirk)."
    );
    // One placed, one not.
    let h = help(ordered(
        json!({"variant": "classique", "players": [
            {"name": "Ani", "districts": SEVEN}, {"name": "Dirk", "districts": SEVEN},
            {"name": "Lilli"}, {"name": "Patty"}]}),
        &[1],
    ));
    assert!(h.end_triggered);
    assert_eq!(h.completed, [1]);
    assert_eq!(h.unplaced_complete, [0]);
    assert!(h.end_text.en.starts_with("Complete cities (7 districts): Dirk, Ani."), "{}", h.end_text.en);
    assert!(h.end_text.en.ends_with("(not placed yet: Ani)."), "{}", h.end_text.en);
    // Nothing complete: the game goes on.
    let h = help(classic4(json!({"name": "Ani", "districts": ["castle"]})));
    assert!(!h.end_triggered);
    assert_eq!(h.end_text.en, "No complete city (7 districts): the game goes on.");
}

/// Citadelles 2e édition, Les personnages: one card per rank is in play. With
/// `characters_in_play` given, a revealed character (by id or rank) must be one of them: the
/// Emperor at rank 4 means nobody revealed the King.
#[test]
fn second_edition_revealed_characters_are_among_those_in_play() {
    let in_play =
        json!(["assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord"]);
    let got = problems(json!({"variant": "deuxieme_edition", "characters_in_play": in_play, "players": [
        {"name": "Ani", "characters_last_round": ["king"]},
        {"name": "Dirk", "characters_last_round": ["emperor"]},
        {"name": "Lilli", "characters_last_round": ["witch"]},
        {"name": "Patty", "characters_last_round": [5]}]}));
    assert_eq!(
        got,
        vec![
            ("players[0].characters_last_round[0]".to_owned(), "not_in_play".to_owned()),
            ("players[2].characters_last_round[0]".to_owned(), "not_in_play".to_owned()),
        ]
    );
    let p = score_json(
        GameId::Citadelles,
        &json!({"variant": "deuxieme_edition", "characters_in_play": in_play, "players": [
            {"name": "Ani", "characters_last_round": ["king"]}, {"name": "Dirk"}]})
        .to_string(),
    )
    .expect_err("the King is not in play");
    assert_eq!(p.0[0].message.en, "The King is not in play at this table: rank 4 is the Emperor.");
    assert_eq!(
        p.0[0].message.fr,
        "«\u{202f}Roi\u{202f}» n’est pas en jeu à cette table\u{202f}: le rang 4 est «\u{202f}Empereur\u{202f}»."
    );
    // A rank is always the one in play; without the list, the base characters and alternates
    // are all accepted as before.
    let board = score(json!({"variant": "deuxieme_edition", "characters_in_play": in_play, "players": [
        {"name": "Ani", "districts": ["temple"], "characters_last_round": [5]},
        {"name": "Dirk", "districts": ["church"], "characters_last_round": ["emperor"]}]}));
    assert_eq!(board.winners(), vec![1]);
    let board = score(json!({"variant": "deuxieme_edition", "players": [
        {"name": "Ani", "districts": ["temple"], "characters_last_round": ["king"]},
        {"name": "Dirk", "districts": ["church"], "characters_last_round": ["witch"]}]}));
    assert_eq!(board.winners(), vec![1]);
}

/// Citadelles 2e édition, Les personnages: « une deuxième série de personnages qui peuvent
/// remplacer 1 ou 2 personnages de base. Il y a également parmi eux 2 personnages avec le numéro
/// 9 qui permettent de jouer à 8 »: one card per rank is in play, the others stay in the box.
/// Beautified districts (FACT-CIT-B4) are the Artist's work: when the table's rank-9 character
/// is another one (the Tax Collector, or the Queen the table shows by default at 5 players), no
/// district was beautified, and a beautified one must not score its +1.
#[test]
fn beautified_districts_need_the_artist_among_the_characters_in_play() {
    let base = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"];
    let with = |ninth: &str| {
        let mut ids: Vec<&str> = base.to_vec();
        ids.push(ninth);
        json!(ids)
    };
    let table = |characters: Value| {
        json!({"variant": "deuxieme_edition", "ninth_character": true, "characters_in_play": characters,
            "players": [{"name": "Ani", "districts": ["castle", "temple"], "beautified": ["castle"]},
                {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}, {"name": "Frank"}]})
    };
    let got = problems(table(with("tax_collector")));
    assert_eq!(got, vec![("players[0].beautified".to_owned(), "artist_not_in_play".to_owned())]);
    let p = score_json(GameId::Citadelles, &table(with("tax_collector")).to_string()).expect_err("no Artist");
    assert_eq!(
        p.0[0].message.fr,
        "Des quartiers embellis, mais le personnage de rang 9 en jeu est «\u{202f}Bailli\u{202f}»\u{202f}: seul l’Artiste embellit."
    );
    assert_eq!(
        p.0[0].message.en,
        "Beautified districts, but the rank-9 character in play is the Tax Collector: only the Artist beautifies."
    );
    // The 8 characters named, rank 9 left to the default the table shows (the Queen at 5).
    assert_eq!(help(table(json!(base))).characters_in_play[8], "queen");
    assert_eq!(
        problems(table(json!(base))),
        vec![("players[0].beautified".to_owned(), "artist_not_in_play".to_owned())]
    );
    // With the Artist in play, the Castle counts 4 + 1.
    assert_eq!(points(&score(table(with("artist"))), 0, "districts"), 4 + 1 + 1);
}

/// Citadelles 2e édition, Les personnages: the rank-9 characters come « en plus » of the 8; a
/// table that plays no ninth character cannot have one among its characters in play (the draft
/// refuses it the same way).
#[test]
fn a_rank_9_character_in_play_needs_the_ninth_character() {
    let got = problems(json!({"variant": "deuxieme_edition", "characters_in_play": ["assassin", "artist"],
        "players": [{"name": "Ani"}, {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}]}));
    assert_eq!(got, vec![("characters_in_play[1]".to_owned(), "not_in_play".to_owned())]);
}

/// Citadelles classique, Règles pour 2 et 3 joueurs, note: « Pour des parties plus longues, une
/// cité peut être considérée comme complète lorsqu'elle comprend 8 quartiers, au lieu de 7 »;
/// Le Condottiere: « Vous ne pouvez pas détruire un quartier d'une cité déjà complète ». The
/// round being called keeps the threshold it was started with: a round started for 7 districts
/// at a table that plays the longer game would refuse the Warlord a 7-district city, which is
/// not complete there. Such a round is not this table's; nor is a round without the table's
/// ninth character.
#[test]
fn a_round_in_progress_must_have_the_tables_threshold_and_characters() {
    let r = round(4, 0);
    assert_eq!(r.threshold, 7);
    let mut table = classic4(json!({"name": "Ani"}));
    table["round_in_progress"] = serde_json::to_value(&r).expect("round as JSON");
    assert_eq!(score(table.clone()).players.len(), 4, "same rules: accepted");
    table["longer_game"] = json!(true);
    assert_eq!(problems(table), vec![("round_in_progress".to_owned(), "round_mismatch".to_owned())]);

    let r = start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::DeuxiemeEdition,
        players: 4,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names: ["Ani", "Dirk", "Lilli", "Patty"].iter().map(|s| s.to_string()).collect(),
        face_up: Vec::new(),
    })
    .expect("round");
    let mut table = second4(json!({"name": "Ani"}));
    table["round_in_progress"] = serde_json::to_value(&r).expect("round as JSON");
    assert_eq!(score(table.clone()).players.len(), 4);
    table["ninth_character"] = json!(true);
    assert_eq!(problems(table), vec![("round_in_progress".to_owned(), "round_mismatch".to_owned())]);
}

/// Every rule text citing the classic rulebook names one of its sections as the box prints them
/// (PREPARATION, DEROULEMENT, Choix des personnages, Tours des joueurs, POUVOIRS DES
/// PERSONNAGES, QUARTIERS, FIN DE PARTIE, REGLES POUR 2 ET 3 JOUEURS): the glossary cited « Les
/// personnages », « Les quartiers » and « Le tour de jeu », which are not in it (the first is the
/// 2e édition's heading).
#[test]
fn classic_rulebook_citations_name_its_own_sections() {
    const SECTIONS: [&str; 8] = [
        "Préparation",
        "Déroulement",
        "Choix des personnages",
        "Tours des joueurs",
        "Pouvoirs des personnages",
        "Quartiers",
        "Fin de partie",
        "Règles pour 2 et 3 joueurs",
    ];
    let rules = Catalogue::load().expect("rules");
    let mut wrong = Vec::new();
    for e in rules.entries().iter().filter(|e| e.game == Some(GameId::Citadelles)) {
        // As shown: « Citadelles, règles classiques — Déroulement and Fin de partie; … ».
        let Some((_, after)) = e.source.split_once("Citadelles, règles classiques — ") else { continue };
        // Up to the next rulebook or reference named (after a « ; » with no section of its own).
        let cited: Vec<&str> =
            after.split(';').take_while(|p| !p.contains("Citadelles, règles 2e")).collect();
        let cited =
            cited.into_iter().filter(|p| !p.contains("données des cartes") && !p.contains("décisions"));
        for part in cited.flat_map(|p| p.split(',')).flat_map(|p| p.split(" and ")) {
            // « Quartiers (merveilles, en général) »: the section is before the parenthesis.
            if part.trim_end().ends_with(')') && !part.contains('(') {
                continue;
            }
            let name = part.split(" (").next().unwrap_or("").trim();
            if !name.is_empty() && !SECTIONS.contains(&name) {
                wrong.push(format!("{}: {name}", e.id));
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}

/// Citadelles 2e édition, Fin de la partie: « Le vainqueur est le joueur qui totalise le plus de
/// points » and no tie-break: a tie is shared and told in words, « 1 point » and « 0 point » in
/// the singular in French (plural from 2), « 1 point » in English.
#[test]
fn a_tie_on_one_point_is_told_in_the_singular() {
    let board = score(json!({"variant": "deuxieme_edition", "players": [
        {"name": "Ani", "districts": ["temple"]}, {"name": "Dirk", "districts": ["tavern"]}]}));
    assert_eq!(
        board.tie_breaks[0].explanation.fr,
        "Égalité à 1 point entre Ani, Dirk\u{202f}: pas de départage, la place est partagée. La 2e édition ne prévoit aucun départage."
    );
    assert_eq!(
        board.tie_breaks[0].explanation.en,
        "Ani, Dirk tie on 1 point: no tie-break, the place is shared. The 2nd edition gives no tie-break."
    );
}

// ---- A finished round applied to the table -----------------------------------------------------

/// Seven distinct districts: a complete city at a classic 4-player table.
fn seven(name: &str) -> Value {
    json!({ "name": name, "districts": ["temple", "church", "watchtower", "prison", "manor", "tavern", "market"] })
}

/// A 4-player classic round: Lilli (2) plays the Assassin without a victim, Ani (0) the
/// Magician, Dirk (1) the King, Patty (3) the Merchant; the player of each rank in
/// `completing` completes their city in that turn.
fn round_with(completing: &[u8]) -> CitadellesRound {
    round_from(0, completing)
}

/// [`round_with`], the crown held by `crown` as the round starts.
fn round_from(crown: u8, completing: &[u8]) -> CitadellesRound {
    let mut r = round(4, crown);
    let seats = [Some(2), None, Some(0), Some(1), None, Some(3), None, None];
    for (rank, seat) in (1..).zip(seats) {
        r = reveal(&r, seat);
        if completing.contains(&rank) {
            r = apply(&r, CitadellesRoundAction::CompleteCity);
        }
    }
    apply(&r, CitadellesRoundAction::EndRound)
}

fn apply_round(table: &Value, r: &CitadellesRound) -> Value {
    citadelles::apply_round(table, r).unwrap_or_else(|p| panic!("{p}"))
}

/// Citadelles classique, Fin de partie: « Lorsqu'un joueur bâtit son septième quartier, sa cité
/// est considérée comme complète. On termine le tour en cours et la partie prend fin. » Once the
/// round in which Ani completed her city is applied to the table, the help says the game is
/// over (it said the round goes on), with the crown and the characters of that round.
#[test]
fn the_game_is_over_after_the_round_in_which_a_city_was_completed() {
    let r = round_with(&[3]);
    assert_eq!(r.completed, vec![0], "the round recorded Ani's completion");
    let mut table = classic4(seven("Ani"));
    table["round_in_progress"] = serde_json::to_value(&r).expect("round");
    let before = help(table.clone());
    assert!(before.end_triggered && !before.game_over);
    assert!(before.end_text.en.contains("the current round is finished"), "{}", before.end_text.en);

    let after = apply_round(&table, &r);
    assert_eq!(after["crown"], json!(1), "Dirk played the King");
    assert_eq!(after["completion_order"], json!([0]));
    assert_eq!(after["game_over"], json!(true));
    assert!(after.get("round_in_progress").is_none());
    let revealed: Vec<Value> = (0..4).map(|i| after["players"][i]["characters_last_round"].clone()).collect();
    assert_eq!(revealed, vec![json!([3]), json!([4]), json!([1]), json!([6])]);

    let h = help(after.clone());
    assert!(h.game_over);
    assert_eq!(
        h.end_text.en,
        "The game is over: the round in which Ani completed their city (7 districts) has ended. Score the game. Complete cities: Ani."
    );
    assert_eq!(
        h.end_text.fr,
        "La partie est finie\u{202f}: le tour où Ani a complété sa cité (7 quartiers) est terminé. Comptez les points. Cités complètes\u{202f}: Ani."
    );
    let board = score(after);
    assert_eq!(points(&board, 0, "first_complete"), 4);
}

/// Citadelles classique, Fin de partie: « +4 pour le premier joueur qui a complété sa cité, +2
/// pour les autres joueurs qui ont complété leur cité ». Two cities completed in one round go
/// into the completion order as the round recorded them (Ani as the Magician, rank 3, before
/// Patty as the Merchant, rank 6), not as the sheet had them.
#[test]
fn cities_completed_in_a_round_are_ordered_as_the_round_recorded_them() {
    let r = round_with(&[3, 6]);
    assert_eq!(r.record().expect("record").completed, vec![0, 3]);
    let mut table = json!({"variant": "classique", "players": [seven("Ani"), {"name": "Dirk"}, {"name": "Lilli"}, seven("Patty")]});
    // The sheet had Patty first (a table the score takes: both complete cities placed).
    table["completion_order"] = json!([3, 0]);
    let after = apply_round(&table, &r);
    assert_eq!(after["completion_order"], json!([0, 3]));
    let board = score(after);
    assert_eq!((points(&board, 0, "first_complete"), points(&board, 3, "complete")), (4, 2));
    assert_eq!(points(&board, 3, "first_complete"), 0);
}

/// A round after which no city is complete: the game goes on, the crown and the characters of
/// that round become the table's, and a Haunted City ticked as built « in the last round » was
/// not built in the game's last round after all.
#[test]
fn a_round_without_a_complete_city_leaves_the_game_going_on() {
    let r = round_with(&[]);
    let mut first =
        json!({"name": "Ani", "districts": ["haunted_city"], "haunted_city_built_last_round": true});
    first["characters_last_round"] = json!([7]);
    let after = apply_round(&classic4(first), &r);
    assert!(after.get("game_over").is_none());
    assert_eq!(after["completion_order"], json!([]));
    assert_eq!(after["players"][0]["characters_last_round"], json!([3]));
    assert_eq!(after["players"][0]["haunted_city_built_last_round"], json!(false));
    let h = help(after);
    assert!(!h.game_over && !h.end_triggered);
}

/// Only a finished round of this table applies, and never after the last one: every problem at
/// once, each on its field.
#[test]
fn applying_a_round_refuses_an_unfinished_round_another_table_s_or_a_finished_game() {
    let unfinished = reveal(&round(3, 0), Some(0));
    let mut table = classic4(seven("Ani"));
    table["game_over"] = json!(true);
    let p = citadelles::apply_round(&table, &unfinished).expect_err("refused");
    let codes: Vec<(&str, &str)> = p.0.iter().map(|q| (q.field.as_str(), q.code.as_str())).collect();
    assert_eq!(
        codes,
        vec![("round", "round_not_finished"), ("round", "round_mismatch"), ("game_over", "game_over")]
    );
}

/// The round caller records a completion only during a character's turn, once per seat.
#[test]
fn a_completion_is_recorded_in_its_player_s_turn_once() {
    let r = round(4, 0);
    assert_eq!(refused(&r, CitadellesRoundAction::CompleteCity), "not_your_turn");
    let r = apply(&reveal(&r, Some(2)), CitadellesRoundAction::CompleteCity);
    assert_eq!(r.completed, vec![2]);
    assert_eq!(refused(&r, CitadellesRoundAction::CompleteCity), "already_complete");
}

/// A table marked over has a complete city, and no round is called after the last one.
#[test]
fn a_game_over_needs_a_complete_city_and_no_round_after_it() {
    let mut table = classic4(json!({"name": "Ani"}));
    table["game_over"] = json!(true);
    table["round_in_progress"] = serde_json::to_value(round(4, 0)).expect("round");
    let p = problems(table);
    assert!(has(&p, "game_over", "no_complete_city"), "{p:?}");
    assert!(has(&p, "round_in_progress", "round_after_end"), "{p:?}");
}

// ---- The rounds played, kept in the table: the play's round log, undone with the table ---------

/// A Citadelles play in `db` for Ani, Dirk, Lilli and Patty.
fn citadelles_play(api: &greffier::api::Api) -> greffier::history::PlayDetail {
    use greffier::history::{NewPlay, NewSeat};
    let seats = ["Ani", "Dirk", "Lilli", "Patty"]
        .iter()
        .map(|n| NewSeat {
            player_id: api.create_player(n.to_string(), None).expect("player").id,
            colour: None,
        })
        .collect();
    api.start_play(NewPlay {
        game: GameId::Citadelles,
        variant: "classique".into(),
        location: None,
        notes: None,
        seats,
        first_seat: 0,
    })
    .expect("start")
}

/// The play's round log as History reads it, and the round the caller would call next.
fn log_and_next(detail: &greffier::history::PlayDetail) -> (Vec<(u8, String)>, u32) {
    let log = detail.table_log.iter().map(|l| (l.round, l.text.en.clone())).collect();
    let next = help(detail.table_state.clone().expect("a table")).next_round;
    (log, next)
}

/// A round applied with the round caller is kept in the table state: History lists it, the
/// caller's next number follows, and Undo takes it back with the table, as one step (it used to
/// stay in the play's events, one round ahead). Two rounds are listed in order; a restart
/// changes nothing.
#[test]
fn a_round_applied_is_the_tables_and_undo_takes_it_back() {
    use greffier::api::Api;

    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("greffier.sqlite3");
    let api = Api::open(&db).expect("open");
    let play = citadelles_play(&api);
    let start = classic4(json!({"name": "Ani"}));
    api.save_table_state(play.id, start.clone(), None).expect("saved");
    assert_eq!(log_and_next(&api.get_play(play.id).expect("play")), (vec![], 1));

    // Round 1: Dirk plays the King and takes the crown.
    let one = api.citadelles_apply_round(start, round_from(0, &[])).expect("applies");
    api.save_table_state(play.id, one.clone(), None).expect("saved");
    let first = "Lilli: Assassin (1); Ani: Magician (3); Dirk: King (4); Patty: Merchant (6); the crown goes from Ani to Dirk.";
    assert_eq!(log_and_next(&api.get_play(play.id).expect("play")), (vec![(1, first.to_owned())], 2));

    api.undo_table_state(play.id).expect("undo");
    let undone = api.get_play(play.id).expect("play");
    assert_eq!(log_and_next(&undone), (vec![], 1), "the round went back with the table");
    assert!(undone.events.is_empty(), "no event was stored beside the table");

    // Rounds 1 and 2 (Dirk holds the crown and keeps it).
    let one =
        api.citadelles_apply_round(undone.table_state.expect("table"), round_from(0, &[])).expect("one");
    api.save_table_state(play.id, one.clone(), None).expect("saved");
    let two = api.citadelles_apply_round(one, round_from(1, &[])).expect("two");
    api.save_table_state(play.id, two, None).expect("saved");
    let second = "Lilli: Assassin (1); Ani: Magician (3); Dirk: King (4); Patty: Merchant (6); the crown stays with Dirk.";
    let both = (vec![(1, first.to_owned()), (2, second.to_owned())], 3);
    assert_eq!(log_and_next(&api.get_play(play.id).expect("play")), both);
    let fr = &api.get_play(play.id).expect("play").table_log[1].text.fr;
    assert_eq!(
        fr,
        &greffier::text::french(
            "Lilli : Assassin (1) ; Ani : Magicien (3) ; Dirk : Roi (4) ; Patty : Marchand (6) ; la Couronne reste à Dirk."
        )
    );

    // A backup carries the rounds: they are the table state's.
    let mut copy = greffier::history::Store::open_in_memory().expect("empty");
    let backup = greffier::history::Store::open(&db).expect("store").export().expect("export");
    copy.import(&greffier::history::Backup::from_json(&backup.to_json()).expect("parse")).expect("import");
    let restored = copy.list_plays(&Default::default()).expect("list").plays[0].id;
    assert_eq!(log_and_next(&copy.play(restored).expect("play")), both, "from a backup");

    drop(api);
    let reopened = Api::open(&db).expect("reopen");
    assert_eq!(log_and_next(&reopened.get_play(play.id).expect("play")), both, "after a restart");
    reopened.undo_table_state(play.id).expect("undo after a restart");
    assert_eq!(log_and_next(&reopened.get_play(play.id).expect("play")).1, 2);
}

/// A play whose rounds were stored as events (before the table kept them) still lists them, and
/// keeps listing them once it goes on with this version and its table keeps the next rounds:
/// nothing entered is hidden (this version stores no `citadelles_round` event, so nothing is
/// listed twice).
#[test]
fn stored_round_events_stay_listed_when_the_table_keeps_the_next_rounds() {
    use greffier::api::Api;

    let dir = tempfile::tempdir().expect("dir");
    let api = Api::open(&dir.path().join("greffier.sqlite3")).expect("open");
    let play = citadelles_play(&api);
    let start = classic4(json!({"name": "Ani"}));
    api.save_table_state(play.id, start.clone(), None).expect("saved");
    let record = serde_json::to_value(round_from(0, &[]).record().expect("record")).expect("json");
    api.log_round_event(play.id, 1, "citadelles_round".into(), record).expect("logged");
    api.log_round_event(
        play.id,
        1,
        "citadelles_draft".into(),
        json!({"face_up": ["thief"], "face_down": ["king"]}),
    )
    .expect("logged");
    let old = api.get_play(play.id).expect("play");
    assert_eq!(
        old.events.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>(),
        ["citadelles_round", "citadelles_draft"]
    );
    assert!(old.table_log.is_empty());

    let one = api.citadelles_apply_round(start, round_from(0, &[])).expect("applies");
    api.save_table_state(play.id, one, None).expect("saved");
    let now = api.get_play(play.id).expect("play");
    assert_eq!(now.table_log.len(), 1);
    assert_eq!(
        now.events.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>(),
        ["citadelles_round", "citadelles_draft"]
    );
}

/// Too many rounds kept are refused on `rounds`, and no round is applied past the limit.
#[test]
fn the_rounds_kept_are_bounded() {
    let max = citadelles::limits().max_rounds;
    let record = serde_json::to_value(round_from(0, &[]).record().expect("record")).expect("json");
    let mut table = classic4(json!({"name": "Ani"}));
    table["rounds"] = Value::Array(vec![record; usize::try_from(max).expect("fits")]);
    assert!(citadelles::check(&table).is_ok(), "{max} rounds kept are accepted");
    let p = citadelles::apply_round(&table, &round_from(0, &[])).expect_err("refused");
    assert_eq!(
        p.0.iter().map(|q| (q.field.as_str(), q.code.as_str())).collect::<Vec<_>>(),
        [("rounds", "too_many_rounds")]
    );
    table["rounds"].as_array_mut().expect("list").push(json!({}));
    assert!(has(&problems(table), "rounds", "too_many_rounds"));
}

/// Table mode: a phone's save reaches only its seat, so the host's `rounds` stay; and the host's
/// save after a round, merged over a phone's change stored meanwhile, keeps both.
#[test]
fn a_phone_neither_drops_nor_rewrites_the_rounds() {
    use greffier::api::Api;

    let dir = tempfile::tempdir().expect("dir");
    let api = Api::open(&dir.path().join("greffier.sqlite3")).expect("open");
    let play = citadelles_play(&api);
    let start = classic4(json!({"name": "Ani"}));
    let one = api.citadelles_apply_round(start, round_from(0, &[])).expect("one");
    api.save_table_state(play.id, one.clone(), None).expect("saved");

    // Dirk's phone tries `rounds` as a field of his seat: no seat has one, refused naming it.
    let refused =
        greffier::games::seat::merge_seat(GameId::Citadelles, &one, 1, &json!({"gold": 4, "rounds": []}))
            .expect_err("not a seat's field");
    assert_eq!(refused.0[0].field, "players[1].rounds");
    let phone =
        greffier::games::seat::merge_seat(GameId::Citadelles, &one, 1, &json!({"gold": 4})).expect("merged");
    assert_eq!(phone["rounds"], one["rounds"]);
    api.save_table_state(play.id, phone, None).expect("phone saved");

    // The host applies round 2 from the state it knew (before the phone's save).
    let two = api.citadelles_apply_round(one.clone(), round_from(1, &[])).expect("two");
    let saved = api.save_table_state(play.id, two.clone(), Some(one)).expect("host saved");
    let merged = saved.merged.expect("the phone's change came in");
    assert_eq!(merged["rounds"], two["rounds"]);
    assert_eq!(merged["players"][1]["gold"], json!(4));
    let detail = api.get_play(play.id).expect("play");
    assert_eq!(log_and_next(&detail).1, 3);
}
