//! Les Cités de Splendor through the public API: table state JSON in, Scoreboard / Help / every
//! problem out. Rulebook: `SPL` (`docs/sources.md`); card data: docs/facts.md (Les Cités de
//! Splendor).

use greffier::games::splendor::{self, Colour, ColourCounts, PowerId};
use greffier::games::{GameId, Scoreboard, score_json};
use greffier::rules::Catalogue;
use greffier::text::Text;
use serde_json::{Value, json};

fn score(v: Value) -> Scoreboard {
    score_json(GameId::Splendor, &v.to_string()).expect("valid table")
}

fn help(v: Value) -> splendor::Help {
    splendor::help(&v).expect("valid table")
}

fn problems(v: Value) -> Vec<(String, String)> {
    match score_json(GameId::Splendor, &v.to_string()) {
        Ok(b) => panic!("expected problems, got {b:?}"),
        Err(p) => p.iter().map(|p| (p.field.clone(), p.code.clone())).collect(),
    }
}

fn has(problems: &[(String, String)], field: &str, code: &str) -> bool {
    problems.iter().any(|(f, c)| f == field && c == code)
}

fn points(board: &Scoreboard, seat: usize, key: &str) -> Option<i32> {
    board.players[seat].categories.iter().find(|c| c.key == key).map(|c| c.points)
}

/// A Cities table with three faces in play.
fn cities_table(players: Value) -> Value {
    json!({"variant": "cities", "cities_in_play": ["c13_r4k3", "c15_same5", "c14_g4same4"], "players": players})
}

// ---- Trading Posts -------------------------------------------------------------------------

#[test]
fn trading_posts_rulebook_example_3_plus_5_plus_5_plus_2_is_15() {
    // Les Comptoirs, exemple: the red player has 15 prestige: 3 for a noble, 5 for cards, 5 for
    // the next-to-last power, 2 for the last one (2 red flags on the route).
    let table = json!({"variant": "trading_posts", "players": [
        {"name": "Rouge", "bonuses": {"green": 5, "red": 3, "black": 3}, "card_prestige": 5, "nobles": 1},
        {"name": "Bleu", "bonuses": {"blue": 2}, "card_prestige": 2}]});
    let board = score(table.clone());
    let red = &board.players[0];
    assert_eq!(red.total, Some(15));
    assert_eq!(points(&board, 0, "nobles"), Some(3));
    assert_eq!(points(&board, 0, "cards"), Some(5));
    assert_eq!(points(&board, 0, "powers"), Some(7), "5 (green power) + 2 (black power, 2 flags)");
    let powers = red.categories.iter().find(|c| c.key == "powers").expect("powers");
    assert!(powers.detail.en().contains("Green power: 5"), "{}", powers.detail.en());
    assert!(powers.detail.en().contains("2 flags × 1 = 2"), "{}", powers.detail.en());
    assert_eq!(points(&board, 0, "city"), Some(0), "every category is listed, in INFO order");
    let keys: Vec<&str> = red.categories.iter().map(|c| c.key.as_ref()).collect();
    assert_eq!(keys, splendor::INFO.categories.iter().map(|c| c.key).collect::<Vec<_>>());
    assert_eq!(red.categories[4].detail.en(), "Not used with the module “Trading Posts”: 0.");
    assert_eq!(board.winners(), vec![0]);

    let h = help(table);
    let unlocked: Vec<PowerId> = h.seats[0].powers.iter().filter(|p| p.unlocked).map(|p| p.id).collect();
    assert_eq!(unlocked, vec![PowerId::FivePrestige, PowerId::FlagPrestige]);
    assert!(h.end.triggered);
    assert_eq!(h.end.triggered_by, vec![0]);
    assert_eq!(h.end.winners_if_round_ended_now, vec![0]);
}

#[test]
fn trading_posts_green_power_needs_a_noble_and_pays_once() {
    let board = score(json!({"variant": "trading_posts", "players": [
        {"name": "Ani", "bonuses": {"green": 5}, "nobles": 0},
        {"name": "Dirk", "bonuses": {"blue": 4, "green": 6, "red": 4}, "nobles": 3}]}));
    assert_eq!(points(&board, 0, "powers"), Some(0), "5 green but no noble");
    assert_eq!(points(&board, 1, "powers"), Some(5), "three nobles still give 5 once");
    assert_eq!(board.players[1].total, Some(9 + 5));
}

#[test]
fn trading_posts_black_power_counts_every_own_flag_up_to_five() {
    let board = score(json!({"variant": "trading_posts", "players": [
        {"name": "Ani", "bonuses": {"white": 2, "blue": 3, "green": 5, "red": 3, "black": 3}, "nobles": 1},
        {"name": "Dirk", "bonuses": {"black": 3}},
        {"name": "Lilli", "bonuses": {"black": 2, "white": 2}}]}));
    assert_eq!(points(&board, 0, "powers"), Some(5 + 5), "all five flags");
    assert_eq!(points(&board, 1, "powers"), Some(1), "its own flag only");
    assert_eq!(points(&board, 2, "powers"), Some(0), "black short by one");
}

#[test]
fn trading_posts_help_says_what_each_power_still_needs() {
    let h = help(json!({"variant": "trading_posts", "players": [
        {"name": "Ani", "bonuses": {"white": 1, "red": 2, "green": 5}},
        {"name": "Dirk"}]}));
    let ani = &h.seats[0].powers;
    assert_eq!(ani.len(), 5);
    assert_eq!(ani[0].id, PowerId::GemAfterPurchase);
    assert_eq!(ani[0].missing_bonuses, ColourCounts::new(0, 0, 0, 1, 0));
    assert_eq!(ani[0].text.en, "1 red bonus missing");
    assert_eq!(ani[3].missing_nobles, 1);
    assert_eq!(ani[3].text.fr, "il manque 1 noble");
    assert!(!h.end.triggered);
    assert!(h.end.winners_if_round_ended_now.is_empty(), "the game goes on below 15");
}

// ---- Cities --------------------------------------------------------------------------------

fn eligibility(h: &splendor::Help, city: &str, seat: usize) -> splendor::CityEligibility {
    let c = h.cities.as_ref().expect("cities help").cities.iter().find(|c| c.id == city).expect("in play");
    c.seats[seat].clone()
}

#[test]
fn cities_rulebook_example_13_prestige_4_red_3_black() {
    // Les Cités, exemple 1: at least 13 prestige, 4 red and 3 black bonuses.
    let h = help(cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 13},
        {"name": "Dirk", "bonuses": {"red": 4, "black": 2}, "card_prestige": 13},
        {"name": "Lilli", "bonuses": {"red": 5, "black": 5}, "card_prestige": 12}])));
    let ani = eligibility(&h, "c13_r4k3", 0);
    assert!(ani.meets && ani.can_take);
    let dirk = eligibility(&h, "c13_r4k3", 1);
    assert!(!dirk.meets);
    assert_eq!(dirk.missing.bonuses, ColourCounts::new(0, 0, 0, 0, 1));
    assert_eq!(dirk.text.fr, "il manque 1 bonus noir");
    let lilli = eligibility(&h, "c13_r4k3", 2);
    assert_eq!((lilli.missing.prestige, lilli.missing.bonuses), (1, ColourCounts::ZERO));
    assert_eq!(lilli.text.en, "1 prestige point missing");
}

#[test]
fn cities_rulebook_example_15_prestige_5_of_one_colour() {
    // Les Cités, exemple 2: at least 15 prestige and 5 bonuses of one same colour.
    let h = help(cities_table(json!([
        {"name": "Ani", "bonuses": {"blue": 5}, "card_prestige": 15},
        {"name": "Dirk", "bonuses": {"white": 4, "blue": 4, "green": 4, "red": 4, "black": 4}, "card_prestige": 16}])));
    assert!(eligibility(&h, "c15_same5", 0).meets);
    let dirk = eligibility(&h, "c15_same5", 1);
    assert!(!dirk.meets, "twenty bonuses, but never 5 of one colour");
    let short = dirk.missing.one_colour.expect("one colour short");
    assert_eq!((short.needed, short.have, short.short, short.closest), (5, 4, 1, Colour::White));
}

#[test]
fn cities_rulebook_example_14_prestige_4_green_and_4_of_another_colour() {
    // Les Cités, exemple 3: at least 14 prestige, 4 green and 4 of another same colour; the
    // decision DEC-SPL-4 settles that the other colour is not green.
    let h = help(cities_table(json!([
        {"name": "Ani", "bonuses": {"green": 4, "red": 4}, "card_prestige": 14},
        {"name": "Dirk", "bonuses": {"green": 8, "red": 3}, "card_prestige": 14},
        {"name": "Lilli", "bonuses": {"green": 3, "black": 6}, "card_prestige": 14}])));
    assert!(eligibility(&h, "c14_g4same4", 0).meets);
    let dirk = eligibility(&h, "c14_g4same4", 1);
    assert!(!dirk.meets, "8 green are not 4 green and 4 of another colour");
    assert_eq!(dirk.missing.one_colour.map(|o| (o.closest, o.short)), Some((Colour::Red, 1)));
    let lilli = eligibility(&h, "c14_g4same4", 2);
    assert_eq!(lilli.missing.bonuses, ColourCounts::new(0, 0, 1, 0, 0));
    assert!(lilli.missing.one_colour.is_none());
}

#[test]
fn cities_a_single_holder_wins_even_with_less_prestige() {
    // Les Cités: at the end of the round, if only one player holds a city, they win.
    let board = score(cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 13, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"white": 2}, "card_prestige": 18}])));
    assert_eq!(board.winners(), vec![0]);
    assert_eq!(board.players[0].rank, 1);
    assert_eq!(board.players[1].rank, 2, "more prestige, but no city");
    assert_eq!(points(&board, 0, "city"), Some(0));
    let city = board.players[1].categories.iter().find(|c| c.key == "city").expect("city category");
    assert!(city.detail.en().contains("cannot win"), "{}", city.detail.en());
    assert_eq!(points(&board, 0, "nobles"), Some(0), "no nobles in the Cities module");
}

#[test]
fn cities_several_holders_most_prestige_wins_then_fewest_cards() {
    let table = cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 14, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"blue": 5}, "card_prestige": 16, "cities": ["c15_same5"]},
        {"name": "Lilli", "bonuses": {"green": 3, "white": 4}, "card_prestige": 20}]));
    let board = score(table.clone());
    assert_eq!(board.winners(), vec![1], "Dirk: most prestige among the holders");
    assert_eq!(board.players.iter().map(|p| p.rank).collect::<Vec<_>>(), vec![2, 1, 3]);

    let h = help(table);
    let cities = h.cities.expect("cities");
    assert_eq!(cities.holders, vec![0, 1]);
    assert_eq!(h.end.winners_if_round_ended_now, vec![1]);
    assert!(h.end.triggered);
    let g4 = cities.cities.iter().find(|c| c.id == "c14_g4same4").expect("in play");
    assert!(!g4.seats[2].can_take, "Lilli lacks a fourth green");
    assert!(!g4.seats[1].can_take, "Dirk already holds a city");

    // Equal prestige among holders: fewest development cards.
    let board = score(cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 15, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"blue": 5}, "card_prestige": 15, "cities": ["c15_same5"]}])));
    assert_eq!(board.winners(), vec![1], "5 cards against 7");
    assert_eq!(board.tie_breaks[0].criteria, vec!["development_cards"]);
    assert!(!board.tie_breaks[0].shared);
}

/// Cités de Splendor, Les Cités: « A la fin de votre tour, prenez automatiquement une tuile
/// Cité si vous satisfaites aux conditions requises ». A player who meets a city still on the
/// table has taken it: that position is refused (naming the player and the city), the live help
/// says who takes it, and once it is given the winner follows the holders.
#[test]
fn a_city_met_while_still_on_the_table_is_taken_automatically() {
    let untaken = cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 14, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"blue": 5}, "card_prestige": 16, "cities": ["c15_same5"]},
        {"name": "Lilli", "bonuses": {"green": 4, "white": 4}, "card_prestige": 20}]));
    // Scored as typed, Dirk would win with Lilli treated as a non-holder: refused instead.
    let refused = score_json(GameId::Splendor, &untaken.to_string()).expect_err("Lilli has taken the city");
    let p: Vec<_> = refused.iter().collect();
    assert_eq!(p.len(), 1);
    assert_eq!((p[0].field.as_str(), p[0].code.as_str()), ("players[2].cities", "city_taken_automatically"));
    assert!(
        p[0].message.en.contains("Lilli") && p[0].message.en.contains("14-point city"),
        "{}",
        p[0].message.en
    );
    // The box takes it at the end of the turn; on the sheet the table records it (QA: the text said
    // « automatically » under « 1 entry to fix », yet a « Lilli takes it » tap is needed).
    let (fr, en) = (&p[0].message.fr, &p[0].message.en);
    assert!(fr.starts_with("Lilli remplit les conditions de la Cité à 14 points ("), "{fr}");
    assert!(
        fr.ends_with(", encore sur la table\u{202f}: la règle la lui donne à la fin de son tour. Indiquez que Lilli la prend."),
        "{fr}"
    );
    assert!(en.starts_with("Lilli meets the 14-point city ("), "{en}");
    assert!(
        en.ends_with(", still on the table: the rules give it to Lilli at the end of the turn. Record that Lilli takes it."),
        "{en}"
    );
    // The live help still answers, offering the city to Lilli (one tap in the app).
    let h = help(untaken);
    let g4 = h.cities.expect("cities").cities.into_iter().find(|c| c.id == "c14_g4same4").expect("in play");
    assert!(g4.seats[2].can_take);
    assert_eq!(
        g4.seats[2].text,
        Text::new(
            "la prend à la fin de son tour\u{202f}: à confirmer",
            "takes it at the end of their turn: to confirm"
        )
    );
    assert!(!g4.seats[0].can_take, "Ani already holds a city");
    // Given to her, she is a holder with the most prestige: she wins.
    let taken = cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 14, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"blue": 5}, "card_prestige": 16, "cities": ["c15_same5"]},
        {"name": "Lilli", "bonuses": {"green": 4, "white": 4}, "card_prestige": 20, "cities": ["c14_g4same4"]}]));
    assert_eq!(score(taken).winners(), vec![2]);
    // Nobody holds anything, one player meets two faces: one problem, both cities named.
    let two = cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3, "blue": 5}, "card_prestige": 16},
        {"name": "Dirk", "bonuses": {"blue": 2}, "card_prestige": 9}]));
    let refused = score_json(GameId::Splendor, &two.to_string()).expect_err("Ani takes one");
    let p: Vec<_> = refused.iter().collect();
    assert_eq!(p.len(), 1);
    assert!(
        p[0].message.en.contains("13-point city") && p[0].message.en.contains("15-point city"),
        "{}",
        p[0].message.en
    );
    assert!(p[0].message.en.contains("one of them"), "{}", p[0].message.en);
}

#[test]
fn cities_holders_level_on_prestige_and_cards_share_the_win() {
    let board = score(cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 5, "black": 3}, "card_prestige": 15, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"blue": 5, "white": 3}, "card_prestige": 15, "cities": ["c15_same5"]}])));
    assert_eq!(board.winners(), vec![0, 1]);
    assert!(board.tie_breaks[0].shared);
}

#[test]
fn cities_without_a_holder_nobody_has_won_and_the_game_goes_on() {
    let table = cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 3}, "card_prestige": 16},
        {"name": "Dirk", "bonuses": {"blue": 2}, "card_prestige": 9}]));
    let board = score(table.clone());
    assert!(board.winners().is_empty());
    assert_eq!(board.players.iter().map(|p| p.rank).collect::<Vec<_>>(), vec![1, 2], "ranked by prestige");
    let city = board.players[0].categories.iter().find(|c| c.key == "city").expect("city");
    assert!(city.detail.en().contains("nobody has won yet"), "{}", city.detail.en());

    let h = help(table);
    assert!(!h.end.triggered, "16 prestige does not end a Cities game");
    assert!(h.end.winners_if_round_ended_now.is_empty());
    assert_eq!(h.end.leaders, vec![0]);
    assert!(h.cities.expect("cities").holders.is_empty());
}

#[test]
fn cities_equal_prestige_between_a_holder_and_another_is_settled_by_the_city() {
    let board = score(cities_table(json!([
        {"name": "Ani", "bonuses": {"white": 1}, "card_prestige": 15},
        {"name": "Dirk", "bonuses": {"blue": 5, "red": 6}, "card_prestige": 15, "cities": ["c15_same5"]}])));
    assert_eq!(board.winners(), vec![1]);
    assert_eq!(board.tie_breaks.len(), 1);
    assert_eq!(board.tie_breaks[0].seats, vec![1, 0]);
    assert_eq!(board.tie_breaks[0].criteria, vec!["city"], "Ani has fewer cards, but no city");
    assert!(board.tie_breaks[0].explanation.en.contains("only city holders can win"));
}

#[test]
fn cities_in_play_and_holdings_are_checked() {
    let got = problems(
        json!({"variant": "cities", "cities_in_play": ["c13_r4k3", "c13_r4k3", "c99"], "players": [
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 13, "cities": ["c13_r4k3", "c17"]},
        {"name": "Dirk", "bonuses": {"red": 4, "black": 3}, "card_prestige": 13, "cities": ["c13_r4k3"], "nobles": 1},
        {"name": "Lilli", "bonuses": {"red": 4, "black": 2}, "card_prestige": 13, "cities": ["c15_same5"]}]}),
    );
    assert!(has(&got, "cities_in_play[1]", "duplicate_city"), "{got:?}");
    assert!(has(&got, "cities_in_play[2]", "unknown_city"));
    assert!(has(&got, "players[0].cities", "one_city_only"));
    assert!(has(&got, "players[0].cities[1]", "city_not_in_play"));
    assert!(has(&got, "players[1].cities[0]", "city_taken_twice"));
    assert!(has(&got, "players[1].nobles", "not_in_module"), "no nobles in the Cities module");
    assert!(has(&got, "players[2].cities[0]", "city_not_in_play"));

    let got = problems(cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 2}, "card_prestige": 13, "cities": ["c13_r4k3"]},
        {"name": "Dirk"}])));
    assert_eq!(got, vec![("players[0].cities[0]".to_owned(), "city_requirement_not_met".to_owned())]);

    let got = problems(json!({"variant": "cities", "players": [{"name": "Ani"}, {"name": "Dirk"}]}));
    assert_eq!(got, vec![("cities_in_play".to_owned(), "missing".to_owned())]);
    let got = problems(json!({"variant": "cities", "cities_in_play": ["c17", "c16_each1"],
        "players": [{"name": "Ani"}, {"name": "Dirk"}]}));
    assert_eq!(got, vec![("cities_in_play".to_owned(), "city_count".to_owned())], "3 cities, not 2");
}

// ---- Orient --------------------------------------------------------------------------------

#[test]
fn orient_cards_add_their_bonuses_prestige_and_count() {
    let table = json!({"variant": "orient", "players": [
        {"name": "Ani", "bonuses": {"white": 2, "red": 3}, "card_prestige": 6, "nobles": 1, "reserved_nobles": 1,
         "orient": [
            {"card": "o2_double_green"},
            {"card": "o1_pair_r3u2", "colour": "red"},
            {"card": "o2_noble_white"},
            {"card": "o3_sacrifice_black"},
            {"card": "o1_gold_blue"}]},
        {"name": "Dirk", "bonuses": {"blue": 1}, "card_prestige": 1}]});
    let h = help(table.clone());
    let ani = &h.seats[0];
    assert_eq!(ani.orient_bonuses, ColourCounts::new(1, 0, 2, 1, 1), "white 1, green 2, red 1, black 1");
    assert_eq!(ani.effective_bonuses, ColourCounts::new(3, 0, 2, 4, 1));
    assert_eq!(ani.development_cards, 5 + 5, "ordinary cards plus Orient cards");
    assert_eq!(ani.prestige.total, 6 + 3 + 1 + 3);
    assert_eq!(ani.prestige_text.en, "6 (cards) + 3 (nobles) + 4 (Orient) = 13");

    let board = score(table);
    assert_eq!(points(&board, 0, "orient"), Some(4));
    let orient = board.players[0].categories.iter().find(|c| c.key == "orient").expect("orient");
    assert_eq!(orient.detail.en(), "1 “Reserve a noble” card × 1 + 1 “Sacrifice” card × 3 = 4.");
    let nobles = board.players[0].categories.iter().find(|c| c.key == "nobles").expect("nobles");
    assert!(nobles.detail.en().starts_with("1 noble × 3 = 3."));
    assert!(nobles.detail.en().contains("reserved noble who has not visited yet: 0 points"));
}

#[test]
fn orient_pairing_card_copies_a_colour_the_player_owns() {
    let got = problems(json!({"variant": "orient", "players": [
        {"name": "Ani", "bonuses": {"red": 1}, "orient": [
            {"card": "o1_pair_r3u2"},
            {"card": "o1_pair_w3r2", "colour": "blue"},
            {"card": "o2_pair_w4u3k1", "colour": "purple"},
            {"card": "o2_double_red", "colour": "red"},
            {"card": "o9_nothing"}]},
        {"name": "Dirk", "orient": [{"card": "o2_double_red"}], "reserved_nobles": 1}]}));
    assert!(has(&got, "players[0].orient[0].colour", "missing_colour"), "{got:?}");
    assert!(has(&got, "players[0].orient[1].colour", "no_card_of_colour"));
    assert!(has(&got, "players[0].orient[2].colour", "unknown_colour"));
    assert!(has(&got, "players[0].orient[3].colour", "colour_not_needed"));
    assert!(has(&got, "players[0].orient[4].card", "unknown_orient_card"));
    assert!(has(&got, "players[1].orient[0].card", "duplicate_orient_card"));
    assert!(has(&got, "players[1].reserved_nobles", "more_reserved_than_cards"));

    // A colour given by an Orient card (here a double bonus) may be copied.
    let h = help(json!({"variant": "orient", "players": [
        {"name": "Ani", "orient": [{"card": "o2_double_black"}, {"card": "o1_pair_k3w2", "colour": "black"}]},
        {"name": "Dirk"}]}));
    assert_eq!(h.seats[0].effective_bonuses.black, 3);
}

// ---- Base rules shared by the modules ------------------------------------------------------

#[test]
fn tie_on_prestige_goes_to_fewest_development_cards_orient_cards_included() {
    let board = score(json!({"variant": "orient", "players": [
        {"name": "Ani", "bonuses": {"red": 6}, "card_prestige": 15},
        {"name": "Dirk", "bonuses": {"red": 5}, "card_prestige": 15, "orient": [{"card": "o1_gold_red"}, {"card": "o1_gold_blue"}]}]}));
    assert_eq!(board.winners(), vec![0], "6 cards against 5 + 2");
    assert_eq!(board.tie_breaks[0].criteria, vec!["development_cards"]);

    let board = score(json!({"variant": "strongholds", "players": [
        {"name": "Ani", "bonuses": {"red": 6}, "card_prestige": 15},
        {"name": "Dirk", "bonuses": {"blue": 6}, "card_prestige": 15}]}));
    assert_eq!(board.winners(), vec![0, 1], "level on cards too: shared");
    assert!(board.tie_breaks[0].shared);
}

#[test]
fn the_end_is_triggered_at_15_prestige_not_14() {
    let at = |prestige: u32| {
        help(json!({"variant": "strongholds", "players": [
            {"name": "Ani", "bonuses": {"red": 1}, "card_prestige": prestige}, {"name": "Dirk"}]}))
        .end
    };
    assert!(!at(14).triggered);
    let end = at(15);
    assert!(end.triggered);
    assert_eq!(end.winners_if_round_ended_now, vec![0]);
    assert!(end.explanation.en.contains("the round is completed"));
}

/// Splendor ends « à la fin du tour » in which someone reaches 15 prestige (FACT-SPL-C1), and
/// the booklet leans on it: a power « peut déclencher la fin de partie (tout comme l'acquisition
/// d'une carte ou la venue d'un Noble) ». Before anyone has 15, the game goes on: no winner yet,
/// as in the Cities module before a city is taken.
#[test]
fn nobody_has_won_before_someone_reaches_15_prestige() {
    for module in ["trading_posts", "orient", "strongholds"] {
        let board = score(json!({"variant": module, "players": [
            {"name": "Ani", "bonuses": {"red": 2}, "card_prestige": 14},
            {"name": "Dirk", "bonuses": {"red": 1}, "card_prestige": 3}]}));
        assert!(board.winners().is_empty(), "{module}: 14 prestige ends nothing");
        assert_eq!(
            board.players.iter().map(|p| p.rank).collect::<Vec<_>>(),
            vec![1, 2],
            "{module}: still ranked"
        );

        let board = score(json!({"variant": module, "players": [
            {"name": "Ani", "bonuses": {"red": 2}, "card_prestige": 15},
            {"name": "Dirk", "bonuses": {"red": 1}, "card_prestige": 3}]}));
        assert_eq!(board.winners(), vec![0], "{module}: 15 prestige ends the game");
    }
}

/// A noble visits only a player whose bonuses meet its tile, « comme pour les tuiles de Nobles »
/// (Les Cités) and « uniquement si vous avez les prérequis » (L'Orient, Réserver un Noble). Every
/// tile asks for 4 + 4 or 3 + 3 + 3 bonuses (FACT-SPL-C1). Bonuses never go down in Trading Posts
/// and Strongholds, so a player holds at most as many nobles as tiles their bonuses meet.
#[test]
fn a_noble_visits_only_a_player_whose_bonuses_meet_its_tile() {
    for module in ["trading_posts", "strongholds"] {
        let got = problems(json!({"variant": module, "players": [
            {"name": "Ani", "bonuses": {"green": 5, "black": 3}, "card_prestige": 7, "nobles": 1},
            {"name": "Dirk", "bonuses": {"red": 4, "black": 4}, "card_prestige": 9, "nobles": 1}]}));
        assert_eq!(got, vec![("players[0].nobles".to_owned(), "nobles_not_met".to_owned())], "{module}");

        // Red 4 and black 4 meet one tile (R4 K4); green, red and black 3 each another (G3 R3 K3).
        let board = score(json!({"variant": module, "players": [
            {"name": "Ani", "bonuses": {"green": 3, "red": 4, "black": 4}, "nobles": 2},
            {"name": "Dirk", "bonuses": {"red": 4, "black": 4}, "nobles": 1}]}));
        assert_eq!(points(&board, 0, "nobles"), Some(6), "{module}");
        let got = problems(json!({"variant": module, "players": [
            {"name": "Ani", "bonuses": {"red": 4, "black": 4}, "nobles": 2}, {"name": "Dirk"}]}));
        assert_eq!(got, vec![("players[0].nobles".to_owned(), "nobles_not_met".to_owned())], "{module}");
    }
    // L'Orient: a sacrifice discards owned cards after a visit, so bonuses may have gone down.
    let board = score(json!({"variant": "orient", "players": [
        {"name": "Ani", "bonuses": {"green": 2}, "nobles": 1, "orient": [{"card": "o3_sacrifice_red"}]},
        {"name": "Dirk"}]}));
    assert_eq!(board.players[0].total, Some(3 + 3));
}

/// L'Orient, niveau 3: « Pour acheter une de ces cartes, vous devez défausser 2 cartes bonus que
/// vous aviez précédemment acquis » — the only way bonuses go down, and the sacrifice card bought
/// stays in front of its owner (the last one bought always does: only a later sacrifice discards
/// one). A player holding no sacrifice card has lost no bonus, so, as in the other modules, a
/// noble visited them only « si vous avez les prérequis » (Réserver un Noble), which they still
/// meet; double bonuses count « pour recevoir la visite des nobles » (niveau 2), pairing cards
/// their copied bonus.
#[test]
fn orient_without_a_sacrifice_a_noble_visits_only_who_meets_its_tile() {
    let got = problems(json!({"variant": "orient", "players": [
        {"name": "Ani", "bonuses": {"green": 2}, "nobles": 1}, {"name": "Dirk"}]}));
    assert_eq!(got, vec![("players[0].nobles".to_owned(), "nobles_not_met".to_owned())]);
    // Red 4 and black 2, plus a double black: R4 K4, one tile.
    let table = |nobles: u32| {
        json!({"variant": "orient", "players": [
            {"name": "Ani", "bonuses": {"red": 4, "black": 2}, "card_prestige": 2, "nobles": nobles,
             "orient": [{"card": "o2_double_black"}]},
            {"name": "Dirk"}]})
    };
    assert_eq!(score(table(1)).players[0].total, Some(2 + 3));
    assert_eq!(problems(table(2)), vec![("players[0].nobles".to_owned(), "nobles_not_met".to_owned())]);
    // A pairing card copying red gives the fourth red, the double black two more black: G3 R4 K5.
    let board = score(json!({"variant": "orient", "players": [
        {"name": "Ani", "bonuses": {"green": 3, "red": 3, "black": 3}, "card_prestige": 1, "nobles": 2,
         "orient": [{"card": "o1_pair_r3u2", "colour": "red"}, {"card": "o2_double_black"}]},
        {"name": "Dirk"}]}));
    assert_eq!(board.players[0].total, Some(1 + 6), "G3 R4 K5 meet G3 R3 K3 and R4 K4");
}

/// The game has 90 development cards (40 + 30 + 20, FACT-SPL-C1), 18 of each colour: the
/// players' cards together can be all 90, never one more, which is always one colour too many.
#[test]
fn the_players_hold_at_most_the_90_development_cards_together() {
    let table = |green: u32| {
        json!({"variant": "strongholds", "players": [
            {"name": "Ani", "bonuses": {"white": 18, "blue": 9, "green": 14, "red": 18, "black": 9}, "card_prestige": 20},
            {"name": "Dirk", "bonuses": {"blue": 9, "green": green, "black": 9}, "card_prestige": 15}]})
    };
    assert_eq!(score(table(4)).players[1].total, Some(15), "68 + 22 = 90 cards");
    assert_eq!(problems(table(5)), vec![("players".to_owned(), "too_many_of_colour".to_owned())]);
}

#[test]
fn nobles_on_the_table_are_one_more_than_the_players() {
    // White, blue and black 4 each meet three tiles (W4 U4, K4 W4, W3 U3 K3).
    let got = problems(json!({"variant": "strongholds", "players": [
        {"name": "Ani", "bonuses": {"white": 4, "blue": 4, "black": 4}, "nobles": 2},
        {"name": "Dirk", "bonuses": {"white": 4, "blue": 4, "black": 4}, "nobles": 2}]}));
    assert_eq!(got, vec![("players".to_owned(), "too_many_nobles".to_owned())], "3 nobles with 2 players");
    let got = problems(
        json!({"variant": "strongholds", "players": [{"name": "Ani", "nobles": 4}, {"name": "Dirk"}]}),
    );
    assert!(has(&got, "players[0].nobles", "out_of_range"));
}

#[test]
fn every_problem_of_a_table_is_reported_at_once_with_its_field() {
    let got =
        problems(json!({"variant": "trading_posts", "cities_in_play": ["c17"], "extra": 1, "players": [
        {"name": "Ani", "bonuses": {"white": 41, "red": -2}, "card_prestige": 100, "cities": ["c17"],
         "orient": [{"card": "o1_gold_red"}], "reserved_nobles": 1, "strongholds": 2},
        {"name": " ani ", "bonuses": {"blue": 3}, "development_cards": 4, "nobles": "one"},
        {"name": ""}, {"name": "Lilli"}, {"name": "Patty"}]}));
    let expected = [
        ("extra", "unknown_field"),
        ("players", "player_count"),
        ("cities_in_play", "not_in_module"),
        ("players[0].strongholds", "not_in_module"),
        ("players[0].bonuses.red", "out_of_range"),
        ("players[0].bonuses.white", "out_of_range"),
        ("players[0].card_prestige", "out_of_range"),
        ("players[0].orient", "not_in_module"),
        ("players[0].reserved_nobles", "not_in_module"),
        ("players[0].cities", "not_in_module"),
        ("players[1].name", "duplicate_name"),
        ("players[1].development_cards", "cards_bonuses_mismatch"),
        ("players[1].nobles", "not_an_integer"),
        ("players[2].name", "empty_name"),
    ];
    for (field, code) in expected {
        assert!(has(&got, field, code), "missing {field} {code} in {got:?}");
    }
    assert_eq!(got.len(), expected.len(), "{got:?}");
    let err = score_json(GameId::Splendor, r#"{"players": 3}"#).expect_err("malformed");
    assert_eq!(err.0[0].code, "malformed");
}

#[test]
fn a_version_1_generic_sheet_still_scores() {
    let board = score(json!({"sheet": "generic", "variant": "orient", "players": [
        {"name": "Ani", "points": {"cards": 12, "nobles": 3}}, {"name": "Dirk", "points": {"cards": 14}}]}));
    assert_eq!(board.players[0].total, Some(15));
    assert_eq!(board.winners(), vec![0]);
}

#[test]
fn the_catalogue_lists_every_city_orient_card_and_power_with_an_existing_rule() {
    let cat = splendor::catalogue();
    assert_eq!((cat.cities.len(), cat.orient.len(), cat.powers.len()), (14, 30, 5));
    let rules = Catalogue::load().expect("rules");
    for id in cat
        .cities
        .iter()
        .map(|c| &c.rule)
        .chain(cat.orient.iter().map(|o| &o.rule))
        .chain(cat.powers.iter().map(|p| &p.rule))
    {
        assert!(rules.get(id).is_some(), "no rule entry {id}");
    }
    let c = cat.cities.iter().find(|c| c.id == "c13_r4k3").expect("face");
    assert_eq!(c.text.fr, "13 points de prestige, 4 bonus rouges et 3 bonus noirs");
    let o = cat.orient.iter().find(|o| o.id == "o3_sacrifice_green").expect("card");
    assert_eq!((o.prestige, o.sacrifice, o.colour), (3, Some(Colour::Blue), Some(Colour::Green)));
    assert_eq!(cat.powers[3].requirement_text.en, "5 green bonuses and 1 noble");
    for module in ["cities", "trading_posts", "orient", "strongholds"] {
        assert!(rules.get(&format!("splendor.setup.{module}")).is_some(), "setup {module}");
    }
    assert_eq!(splendor::INFO.table_schema_version, 2);
}

#[test]
fn gold_and_strongholds_are_kept_but_score_nothing_and_are_bounded() {
    let table = json!({ "variant": "strongholds", "players": [
        { "name": "Ani", "bonuses": { "red": 2 }, "card_prestige": 3, "gold": 2, "strongholds": 3 },
        { "name": "Dirk", "bonuses": { "red": 2 }, "card_prestige": 3, "gold": 0 } ] });
    let board = score(table);
    assert_eq!(board.players[0].total, board.players[1].total, "gold and strongholds give no prestige");

    let bad = problems(json!({ "variant": "orient", "players": [
        { "name": "Ani", "gold": 4, "strongholds": 1 },
        { "name": "Dirk", "gold": 2 } ] }));
    assert!(has(&bad, "players", "too_much_gold"), "only 5 gold tokens: {bad:?}");
    assert!(has(&bad, "players[0].strongholds", "not_in_module"), "{bad:?}");
    let over = problems(json!({ "variant": "strongholds", "players": [
        { "name": "Ani", "strongholds": 4 }, { "name": "Dirk", "gold": 6 } ] }));
    assert!(over.iter().any(|(f, _)| f == "players[0].strongholds"), "3 strongholds each: {over:?}");
    assert!(over.iter().any(|(f, _)| f == "players[1].gold"), "5 gold at most: {over:?}");
}

/// Cités de Splendor, Les Bastions: « Ôtez une place forte qu'un autre joueur a déjà posée sur
/// une carte » — one stronghold per purchase; and « Une carte sur laquelle est posée une place
/// forte ne peut être achetée ou réservée que par le propriétaire ». So a card holding several
/// of its owner's strongholds stays taken until all are removed, one per action.
#[test]
fn strongholds_entry_says_a_card_stays_taken_until_its_last_stronghold_goes() {
    let catalogue = Catalogue::load().expect("catalogue");
    let e = catalogue.get("splendor.strongholds.occupation").expect("entry");
    assert!(
        e.body.fr.contains("une par achat") && e.body.fr.contains("tant qu’il en reste une"),
        "{}",
        e.body.fr
    );
    assert!(
        e.body.en.contains("one per purchase") && e.body.en.contains("as long as one is left"),
        "{}",
        e.body.en
    );
}

/// Les Cités de Splendor: « Ces quatre extensions se jouent séparément ». Which categories a
/// module uses is said once, in the game's catalogue, and scoring follows it: a category the
/// module does not use scores 0 and says so (History shows only the module's).
#[test]
fn each_module_names_the_categories_it_uses_and_scoring_follows_them() {
    let info = greffier::games::GameId::Splendor.info();
    let keys: Vec<&str> = info.categories.iter().map(|c| c.key).collect();
    for v in info.variants {
        assert!(!v.categories.is_empty(), "{} names its categories", v.id);
        assert!(v.categories.iter().all(|k| keys.contains(k)), "{}: {:?}", v.id, v.categories);
    }
    let cities = info.variant("cities").expect("cities");
    assert_eq!(cities.categories, ["cards", "city"]);
    assert!(!cities.uses("nobles"));
    for g in greffier::games::GameId::ALL {
        for v in g.info().variants {
            let known: Vec<&str> = g.info().categories.iter().map(|c| c.key).collect();
            assert!(v.categories.iter().all(|k| known.contains(k)), "{g:?} {}", v.id);
        }
    }
}

/// Les Cités: « Si plusieurs joueurs possèdent une Cité, c'est le joueur ayant le plus grand
/// nombre de points de Prestige qui gagne le jeu. » Pion Premier Joueur: the round is finished
/// « de façon à se souvenir que le joueur situé à sa droite sera le dernier à jouer ». Several
/// players named together (holders of a city, players past 15 prestige) take the plural:
/// « A, B en détient une » and « A, B a atteint 15 points » read as one player.
#[test]
fn several_players_named_together_take_the_plural() {
    let board = score(cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 14, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"blue": 5}, "card_prestige": 16, "cities": ["c15_same5"]},
        {"name": "Lilli", "bonuses": {"green": 3, "white": 4}, "card_prestige": 12}])));
    let lilli = board.players[2].categories.iter().find(|c| c.key == "city").expect("city");
    assert_eq!(
        lilli.detail.fr(),
        "Aucune Cité\u{202f}: ne peut pas gagner, quel que soit son prestige (Ani, Dirk en détiennent une)."
    );
    assert_eq!(lilli.detail.en(), "No city: cannot win, whatever the prestige (Ani, Dirk hold one).");
    // One holder keeps the singular.
    let board = score(cities_table(json!([
        {"name": "Ani", "bonuses": {"red": 4, "black": 3}, "card_prestige": 14, "cities": ["c13_r4k3"]},
        {"name": "Dirk", "bonuses": {"blue": 4}, "card_prestige": 12}])));
    let dirk = board.players[1].categories.iter().find(|c| c.key == "city").expect("city");
    assert!(dirk.detail.fr().ends_with("(Ani en détient une)."), "{}", dirk.detail.fr());
    assert!(dirk.detail.en().ends_with("(Ani holds one)."), "{}", dirk.detail.en());

    let end = |dirk: u32| {
        help(json!({"variant": "strongholds", "players": [
            {"name": "Ani", "bonuses": {"red": 4}, "card_prestige": 16},
            {"name": "Dirk", "bonuses": {"blue": 4}, "card_prestige": dirk}]}))
        .end
        .explanation
    };
    let two = end(15);
    assert!(two.fr.starts_with("Ani, Dirk ont atteint 15 points de prestige\u{202f}: "), "{}", two.fr);
    assert!(two.en.starts_with("Ani, Dirk reached 15 prestige: "), "{}", two.en);
    let one = end(14);
    assert!(one.fr.starts_with("Ani a atteint 15 points de prestige\u{202f}: "), "{}", one.fr);
}

/// L'Orient, niveau 2, Réserver un Noble: « Prenez le Noble de votre choix parmi ceux découverts
/// et placez-le devant vous, tête en bas ». Upside down, its requirement still shows; the rule
/// entry said face down (« face cachée »), which hides it.
#[test]
fn a_reserved_noble_lies_upside_down_not_face_down() {
    let catalogue = Catalogue::load().expect("catalogue");
    let e = catalogue.get("splendor.orient.reserve_noble").expect("entry");
    assert!(e.body.fr.contains("tête en bas"), "{}", e.body.fr);
    assert!(!e.body.fr.contains("face cachée"), "{}", e.body.fr);
    assert!(e.body.en.contains("upside down"), "{}", e.body.en);
    assert!(!e.body.en.contains("face down"), "{}", e.body.en);
}

/// Every section a Splendor entry cites is one the booklet prints under that module's heading
/// (Cities: « Mise en place », « Règles additionnelles », « Contenu », « Exemples », « Note » …):
/// a player looks the rule up there. « Cities (fin de partie) » and « Cities (règle de prise) »
/// named sections the booklet does not have (the end of a Cities game is in its « Note »).
#[test]
fn splendor_entries_cite_the_booklets_own_sections() {
    let sections: [(&str, &[&str]); 4] = [
        ("Cities", &["mise en place", "règles additionnelles", "contenu", "exemples", "note"]),
        (
            "The Orient",
            &[
                "mise en place",
                "contenu",
                "règles additionnelles",
                "description des cartes",
                "niveau 1",
                "niveau 2",
                "niveau 3",
            ],
        ),
        (
            "Trading Posts",
            &["mise en place", "contenu", "règles additionnelles", "description des pouvoirs", "exemple"],
        ),
        (
            "Strongholds",
            &[
                "mise en place",
                "règles additionnelles",
                "pouvoirs des places fortes",
                "pouvoir d'occupation",
                "pouvoir de conquête",
                "spécification",
                "exemple de tour",
            ],
        ),
    ];
    let catalogue = Catalogue::load().expect("catalogue");
    let mut checked = 0;
    for e in catalogue.entries().iter().filter(|e| e.game == Some(GameId::Splendor)) {
        let source = e.source.as_str();
        for (open, _) in source.match_indices('(') {
            let before = source[..open].trim_end();
            let Some((module, known)) = sections.iter().find(|(m, _)| before.ends_with(m)) else { continue };
            let inner = source[open + 1..].split(')').next().unwrap_or_default();
            for part in inner.split(", ") {
                checked += 1;
                assert!(
                    known.contains(&part.trim().to_lowercase().as_str()),
                    "{}: « {module} ({part}) » is no section of the booklet",
                    e.id
                );
            }
        }
    }
    assert!(checked > 30, "only {checked} sections cited");
}

/// Prestige is printed on the development cards (FACT-SPL-C1), as the booklet's example counts
/// it: « Le joueur rouge a 15 points de Prestige : 3 pour son Noble, 5 pour ses cartes, … ». A
/// player with no ordinary card (no bonus) has no card prestige. Accepted, such a seat won its
/// tie on « 0 cards » and, in the Cities module, took the 17-point city without a single card.
#[test]
fn card_prestige_needs_an_ordinary_card_to_be_printed_on() {
    let got = problems(json!({"variant": "strongholds", "players": [
        {"name": "Ani", "card_prestige": 15},
        {"name": "Dirk", "bonuses": {"red": 6}, "card_prestige": 15}]}));
    assert_eq!(got, vec![("players[0].card_prestige".to_owned(), "prestige_without_cards".to_owned())]);
    let refused = score_json(
        GameId::Splendor,
        &json!({"variant": "strongholds", "players": [{"name": "Ani", "card_prestige": 15}, {"name": "Dirk"}]})
            .to_string(),
    )
    .expect_err("no card");
    let message = &refused.0[0].message;
    assert!(message.fr.starts_with("15 points de prestige des cartes, mais aucune carte"), "{}", message.fr);
    assert!(message.en.starts_with("15 card prestige points but no ordinary"), "{}", message.en);

    let got = problems(cities_table(json!([
        {"name": "Ani", "card_prestige": 17, "cities": ["c17"]},
        {"name": "Dirk", "bonuses": {"blue": 2}, "card_prestige": 9}])));
    assert!(has(&got, "players[0].card_prestige", "prestige_without_cards"), "{got:?}");
    // Orient cards carry their own prestige; card_prestige is the ordinary cards' only.
    let got = problems(json!({"variant": "orient", "players": [
        {"name": "Ani", "card_prestige": 3, "orient": [{"card": "o2_double_red"}]}, {"name": "Dirk"}]}));
    assert_eq!(got, vec![("players[0].card_prestige".to_owned(), "prestige_without_cards".to_owned())]);

    // One ordinary card is enough to carry prestige; none, and 0 prestige, is a fresh seat.
    let board = score(json!({"variant": "strongholds", "players": [
        {"name": "Ani", "bonuses": {"red": 1}, "card_prestige": 3}, {"name": "Dirk", "card_prestige": 0}]}));
    assert_eq!(board.players[0].total, Some(3));
    assert_eq!(board.players[1].total, Some(0));
}

/// « Ces quatre extensions se jouent séparément. » The rules page's module filter (Les Cités, …)
/// shows the entries about that module and those about every module, never another module's:
/// each module's entries say which module they are about (a Cities play was offered the Orient's
/// sacrifice cards and the strongholds).
#[test]
fn splendor_entries_about_one_module_say_which() {
    use greffier::rules::SearchFilter;
    use greffier::text::Lang;
    let catalogue = Catalogue::load().expect("catalogue");
    let module_of = |id: &str| -> Option<Vec<&str>> {
        let about = |m: &str| {
            [format!("splendor.variant.{m}"), format!("splendor.setup.{m}")].contains(&id.to_owned())
        };
        let modules = ["cities", "trading_posts", "orient", "strongholds"];
        if let Some(m) = modules.into_iter().find(|m| about(m)) {
            return Some(vec![m]);
        }
        let by_prefix = [
            ("splendor.city.", "cities"),
            ("splendor.power.", "trading_posts"),
            ("splendor.orient.", "orient"),
            ("splendor.strongholds.", "strongholds"),
        ];
        if let Some((_, m)) = by_prefix.iter().find(|(p, _)| id.starts_with(p)) {
            return Some(vec![m]);
        }
        match id {
            "splendor.scoring.city" | "faq.splendor.other_colour" | "glossary.splendor.city" => {
                Some(vec!["cities"])
            }
            "splendor.scoring.powers" | "glossary.splendor.trading_posts" => Some(vec!["trading_posts"]),
            "splendor.scoring.orient" | "glossary.splendor.orient" => Some(vec!["orient"]),
            "glossary.splendor.strongholds" => Some(vec!["strongholds"]),
            "splendor.scoring.nobles" | "glossary.splendor.noble" => {
                Some(vec!["trading_posts", "orient", "strongholds"])
            }
            _ => None,
        }
    };
    let mut tagged = 0;
    for e in catalogue.entries().iter().filter(|e| e.game == Some(GameId::Splendor)) {
        let want: Vec<String> = module_of(&e.id).unwrap_or_default().into_iter().map(str::to_owned).collect();
        let mut got = e.variants.clone();
        got.sort();
        let mut want_sorted = want.clone();
        want_sorted.sort();
        assert_eq!(got, want_sorted, "{}", e.id);
        tagged += usize::from(!want.is_empty());
    }
    assert!(tagged > 40, "{tagged}");

    let search = |q: &str, variant: &str| {
        let filter = SearchFilter {
            game: Some(GameId::Splendor),
            variant: Some(variant.to_owned()),
            lang: Lang::Fr,
            limit: 200,
            ..Default::default()
        };
        catalogue.search(q, &filter).expect("search").into_iter().map(|h| h.id).collect::<Vec<_>>()
    };
    let in_cities = search("sacrifice", "cities");
    assert!(!in_cities.iter().any(|id| id == "splendor.orient.sacrifice"), "{in_cities:?}");
    assert!(search("sacrifice", "orient").iter().any(|id| id == "splendor.orient.sacrifice"));
    assert!(search("départage", "cities").iter().any(|id| id == "splendor.tie_break"), "every module's");
}

// ---- The box's development cards, colour by colour ----------------------------------------------

/// Splendor (FACT-SPL-C1): 90 development cards, 40 of level 1, 30 of level 2 and 20 of level
/// 3, each level dealing the five colours alike: 18 cards of each colour in the box, each with
/// its one bonus. A seat with more bonuses of a colour than that is refused on that colour's
/// field, every colour at once.
#[test]
fn a_seat_holds_at_most_the_box_s_cards_of_one_colour() {
    let per_colour = splendor::limits().max_bonus;
    assert_eq!(per_colour, splendor::DEVELOPMENT_CARDS_PER_LEVEL.iter().sum::<u32>() / 5);
    assert_eq!(per_colour, 18);
    let table = |red: u32, black: u32| {
        json!({"variant": "strongholds", "players": [
            {"name": "A", "bonuses": {"red": red, "black": black}}, {"name": "B"}]})
    };
    assert_eq!(score(table(per_colour, per_colour)).players.len(), 2);
    let p = problems(table(per_colour + 1, per_colour + 1));
    assert!(has(&p, "players[0].bonuses.red", "out_of_range"), "{p:?}");
    assert!(has(&p, "players[0].bonuses.black", "out_of_range"), "{p:?}");
}

/// The same 18 cards of a colour are shared by the whole table: seats together holding more of
/// one colour than the box has are refused, one problem per colour, naming it.
#[test]
fn the_table_holds_at_most_the_box_s_cards_of_one_colour() {
    let table = json!({"variant": "strongholds", "players": [
        {"name": "A", "bonuses": {"red": 10, "green": 12}},
        {"name": "B", "bonuses": {"red": 9, "green": 7}},
        {"name": "C", "bonuses": {"red": 0, "white": 18}}]});
    let p = problems(table.clone());
    let colour_problems: Vec<&(String, String)> =
        p.iter().filter(|(_, c)| c == "too_many_of_colour").collect();
    assert_eq!(
        colour_problems,
        vec![&("players".to_owned(), "too_many_of_colour".to_owned()); 2],
        "green (19) and red (19), not white (18)"
    );
    let err = score_json(GameId::Splendor, &table.to_string()).expect_err("refused");
    let texts: Vec<&str> =
        err.iter().filter(|q| q.code == "too_many_of_colour").map(|q| q.message.en.as_str()).collect();
    assert_eq!(
        texts,
        [
            "19 green development cards in all among the players, but the game has only 18.",
            "19 red development cards in all among the players, but the game has only 18."
        ]
    );
}
