//! Valencia through the public API: table state JSON in, Scoreboard / help / every problem out;
//! the mission catalogue, auctions, council phase and round tracker. Rulebook:
//! `VAL`; decisions: `docs/decisions.md` (Valencia).

use greffier::games::valencia::{
    self, ValenciaAuction, ValenciaJudging, ValenciaMissionStatus, ValenciaMoment, ValenciaRawAuction,
    ValenciaRawCouncil, ValenciaRawRound,
};
use greffier::games::{GameId, Problems, Scoreboard, score_json};
use proptest::prelude::*;
use serde_json::{Value, json};

fn score(v: &Value) -> Scoreboard {
    match score_json(GameId::Valencia, &v.to_string()) {
        Ok(b) => b,
        Err(p) => panic!("{p}"),
    }
}

fn problems(v: &Value) -> Problems {
    score_json(GameId::Valencia, &v.to_string()).expect_err("should be refused")
}

fn fields(p: &Problems) -> Vec<(String, String)> {
    p.iter().map(|x| (x.field.clone(), x.code.clone())).collect()
}

fn points(b: &Scoreboard, seat: usize, key: &str) -> i32 {
    b.players[seat].categories.iter().find(|c| c.key == key).map(|c| c.points).expect("category")
}

/// Status and points of the first mission held by seat 0.
fn mission(table: &Value) -> (ValenciaMissionStatus, i32) {
    let help = valencia::help(table).unwrap_or_else(|p| panic!("{p}"));
    let m = &help.seats[0].missions[0];
    (m.status, m.points)
}

fn holding(id: &str, me: Value, others: &[Value]) -> Value {
    let mut me = me;
    let card = if valencia::mission(id).is_some_and(|m| m.judging() == ValenciaJudging::Formula) {
        json!({ "id": id })
    } else {
        json!({ "id": id, "points": 4 })
    };
    me["name"] = json!("Ani");
    me["missions"] = json!([card]);
    let mut players = vec![me];
    for (k, o) in others.iter().enumerate() {
        let mut o = o.clone();
        o["name"] = json!(format!("P{k}"));
        players.push(o);
    }
    json!({ "fountains": [{ "value": 2 }, { "value": 3 }, { "value": 4 }, { "value": 5 }, { "value": 6, "central": true }],
            "players": players })
}

use ValenciaMissionStatus::{Failed, Formula, Met, NeedsTick};

#[test]
fn catalogue_has_35_cards_of_24_kinds_with_unique_ids() {
    let all = valencia::missions();
    assert_eq!(all.len(), 35);
    let mut ids: Vec<&str> = all.iter().map(|m| m.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 35);
    let mut kinds: Vec<String> = all.iter().map(|m| format!("{:?}", m.kind)).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), 24);
    let district = all.iter().find(|m| m.id == "mission_every_district").expect("district");
    assert_eq!(district.min_players, 3);
    assert_eq!(all.iter().filter(|m| !m.has_printed_points).count(), 4);
    let catalogue = greffier::rules::Catalogue::load().expect("rules");
    for m in &all {
        assert!(catalogue.get(&m.rule_entry).is_some(), "no rule entry {}", m.rule_entry);
        // Each card is found by its id.
        assert_eq!(valencia::mission(&m.id).map(|found| found.id), Some(m.id.as_str()));
    }
    for unknown in ["", "mission_", "mission_cost_9", "mission_palms ", "zzz", "MISSION_PALMS"] {
        assert!(valencia::mission(unknown).is_none(), "{unknown:?}");
    }
}

#[test]
fn board_only_missions_wait_for_a_tick() {
    for id in [
        "mission_cost_0",
        "mission_cost_5",
        "mission_guild_wine",
        "mission_every_guild",
        "mission_square",
        "mission_line_of_three",
        "mission_diagonal_of_three",
        "mission_walls",
        "mission_corners",
        "mission_every_district",
    ] {
        let others = [json!({}), json!({})];
        assert_eq!(mission(&holding(id, json!({}), &others)), (NeedsTick, -4), "{id}");
        let mut t = holding(id, json!({}), &others);
        t["players"][0]["missions"][0]["done"] = json!(true);
        assert_eq!(mission(&t), (Met, 4), "{id}");
        t["players"][0]["missions"][0]["done"] = json!(false);
        assert_eq!(mission(&t), (Failed, -4), "{id}");
    }
}

#[test]
fn fountain_missions_follow_the_per_fountain_counts() {
    let o = [json!({})];
    let t = |id: &str, f: Value| holding(id, json!({ "city_members": 10, "fountain_members": f }), &o);
    assert_eq!(mission(&t("mission_four_fountains", json!([1, 1, 1, 1, 0]))), (Met, 4));
    assert_eq!(mission(&t("mission_four_fountains", json!([1, 1, 0, 1, 0]))), (Failed, -4));
    assert_eq!(mission(&t("mission_every_fountain", json!([1, 1, 1, 1, 1]))), (Met, 4));
    assert_eq!(mission(&t("mission_every_fountain", json!([1, 1, 1, 1, 0]))), (Failed, -4));
    assert_eq!(mission(&t("mission_same_fountain", json!([0, 3, 0, 0, 0]))), (Met, 4));
    assert_eq!(
        mission(&t("mission_same_fountain", json!([2, 2, 2, 2, 8]))),
        (Failed, -4),
        "central excepted"
    );
    assert_eq!(mission(&t("mission_central_fountain", json!([0, 0, 0, 0, 5]))), (Met, 4));
    assert_eq!(mission(&t("mission_central_fountain", json!([4, 0, 0, 0, 4]))), (Failed, -4));
    // No fountain on the table: nobody touches every fountain.
    let bare = json!({ "players": [
        { "name": "Ani", "missions": [{ "id": "mission_every_fountain", "points": 4 }] }, { "name": "Dirk" }] });
    assert_eq!(mission(&bare), (Failed, -4));
}

#[test]
fn neighbour_missions_compare_with_either_seat_neighbour_and_ties_fail() {
    let id = "mission_neighbour_coins";
    // Seats: Ani (0), P0 (1), P1 (2): Ani's neighbours are P0 and P1.
    assert_eq!(
        mission(&holding(id, json!({ "coins": 5 }), &[json!({ "coins": 6 }), json!({ "coins": 4 })])),
        (Met, 4)
    );
    assert_eq!(
        mission(&holding(id, json!({ "coins": 5 }), &[json!({ "coins": 5 }), json!({ "coins": 5 })])),
        (Failed, -4)
    );
    assert_eq!(
        mission(&holding(id, json!({ "coins": 3 }), &[json!({ "coins": 6 }), json!({ "coins": 4 })])),
        (Failed, -4)
    );
    // With 4 players, the seat across the table is no neighbour.
    let across = [json!({ "coins": 9 }), json!({ "coins": 1 }), json!({ "coins": 9 })];
    assert_eq!(mission(&holding(id, json!({ "coins": 5 }), &across)), (Failed, -4));
    // With 2 players both neighbours are the opponent.
    assert_eq!(mission(&holding(id, json!({ "coins": 2 }), &[json!({ "coins": 1 })])), (Met, 4));
    let id = "mission_neighbour_resources";
    let mine = json!({ "resources": { "wine": 2 } });
    assert_eq!(mission(&holding(id, mine.clone(), &[json!({ "resources": { "oranges": 1 } })])), (Met, 4));
    assert_eq!(mission(&holding(id, mine, &[json!({ "resources": { "oranges": 2 } })])), (Failed, -4));
}

#[test]
fn ten_minus_missions_are_literal_and_may_go_negative() {
    let o = [json!({})];
    assert_eq!(mission(&holding("mission_ten_minus_coins", json!({ "coins": 3 }), &o)), (Formula, 7));
    assert_eq!(mission(&holding("mission_ten_minus_coins", json!({ "coins": 12 }), &o)), (Formula, -2));
    let t = holding("mission_ten_minus_coins", json!({ "coins": 12 }), &o);
    let b = score(&t);
    assert_eq!(points(&b, 0, "missions_failed"), -2);
    assert_eq!(points(&b, 0, "missions_completed"), 0);
    let r = json!({ "resources": { "wine": 1, "oranges": 1 } });
    assert_eq!(mission(&holding("mission_ten_minus_resources", r, &o)), (Formula, 8));
}

#[test]
fn resource_and_coin_missions() {
    let o = [json!({ "coins": 5 }), json!({ "coins": 2 })];
    let three = json!({ "resources": { "wine": 1, "oranges": 2, "porcelain": 1 } });
    let two = json!({ "resources": { "wine": 1, "oranges": 3 } });
    assert_eq!(mission(&holding("mission_three_resource_types", three, &o)), (Met, 4));
    assert_eq!(mission(&holding("mission_three_resource_types", two, &o)), (Failed, -4));
    assert_eq!(mission(&holding("mission_most_coins", json!({ "coins": 6 }), &o)), (Met, 4));
    assert_eq!(mission(&holding("mission_most_coins", json!({ "coins": 5 }), &o)), (Failed, -4), "tie");
    assert_eq!(mission(&holding("mission_most_coins", json!({ "coins": 1 }), &o)), (Failed, -4));
}

#[test]
fn council_mission_threshold_depends_on_the_player_count() {
    let seats = |n: usize| {
        let all = ["nobility", "church", "wine", "oranges"];
        json!({ "council": all.get(..n) })
    };
    let others = |k: usize| vec![json!({}); k - 1];
    for (players, needed) in [(2, 4), (3, 4), (4, 3), (5, 2)] {
        let t = holding("mission_council", seats(needed), &others(players));
        assert_eq!(mission(&t), (Met, 4), "{players} players, {needed} members");
        let t = holding("mission_council", seats(needed - 1), &others(players));
        assert_eq!(mission(&t), (Failed, -4), "{players} players, {} members", needed - 1);
    }
}

#[test]
fn seat_pawn_palm_and_city_missions() {
    let o = [json!({ "city_members": 5 })];
    let t = |id: &str, me: Value| mission(&holding(id, me, &o));
    assert_eq!(t("mission_nobility_or_church", json!({ "council": ["church"] })), (Met, 4));
    assert_eq!(t("mission_nobility_or_church", json!({ "council": ["merchants"] })), (Failed, -4));
    assert_eq!(t("mission_palms", json!({ "city_members": 6, "palm_members": 5 })), (Met, 4));
    assert_eq!(t("mission_palms", json!({ "city_members": 6, "palm_members": 4 })), (Failed, -4));
    assert_eq!(t("mission_stefan_feld", json!({ "stefan_feld": true })), (Met, 4));
    assert_eq!(t("mission_stefan_feld", json!({})), (Failed, -4));
    assert_eq!(t("mission_most_city", json!({ "city_members": 6 })), (Met, 4));
    assert_eq!(t("mission_most_city", json!({ "city_members": 5 })), (Failed, -4), "tie");
    assert_eq!(t("mission_longest_route", json!({ "city_members": 8, "longest_route": 6 })), (Formula, 6));
    assert_eq!(t("mission_isolated", json!({ "city_members": 8, "isolated": 3 })), (Formula, 6));
}

#[test]
fn district_mission_is_refused_at_two_players() {
    let p = problems(&holding("mission_every_district", json!({}), &[json!({})]));
    assert_eq!(fields(&p), vec![("players[0].missions[0].id".to_owned(), "mission_not_used".to_owned())]);
    let help = valencia::help(&holding("mission_palms", json!({}), &[json!({})])).expect("valid");
    assert!(help.district_mission_unused);
}

#[test]
fn every_impossible_count_is_reported_with_its_field() {
    let t = json!({ "fountains": [{ "value": 6 }, {}],
        "players": [
            { "name": "Ani", "city_members": 14, "council": ["nobility", "church"], "palm_members": 15,
              "resources": { "wine": 7, "gold": 1 }, "fountain_members": [5, 0, 1],
              "missions": [{ "id": "mission_palms" }, { "id": "mission_nope" },
                           { "id": "mission_isolated", "points": 3 }, { "id": "mission_stefan_feld", "points": 2, "done": true }] },
            { "name": "ani", "resources": { "wine": 4 }, "council": ["church"], "stefan_feld": true,
              "missions": [{ "id": "mission_palms", "points": 2 }] },
            { "name": "Dirk", "resources": { "wine": 3 }, "stefan_feld": true, "colour": "red" } ] });
    let got = fields(&problems(&t));
    for expected in [
        ("fountains[1].value", "missing_value"),
        ("players[0].city_members", "impossible_count"),
        ("players[0].palm_members", "impossible_count"),
        ("players[0].resources.wine", "out_of_range"),
        ("players[0].resources.gold", "unknown_resource"),
        ("players[0].fountain_members", "unknown_fountain"),
        ("players[0].fountain_members[0]", "out_of_range"),
        ("players[0].missions[0].points", "missing_points"),
        ("players[0].missions[1].id", "unknown_mission"),
        ("players[0].missions[2].points", "formula_mission"),
        ("players[0].missions[3].done", "judged_by_table"),
        ("players[1].name", "duplicate_name"),
        ("players[1].missions[0].id", "duplicate_mission"),
        ("players[2].colour", "unknown_field"),
        ("players[].resources.wine", "impossible_count"),
        ("players[].stefan_feld", "several_pawns"),
        ("players[0].council[1]", "seat_taken"),
        ("players[1].council[0]", "seat_taken"),
    ] {
        assert!(
            got.contains(&(expected.0.to_owned(), expected.1.to_owned())),
            "missing {expected:?} in {got:?}"
        );
    }
}

/// A tick on a mission the app judges itself is refused, in words that say who judges it: the
/// app, from the table state (« jugée par la table » read as "the players judge it", QA).
#[test]
fn a_tick_on_a_mission_the_app_checks_says_the_app_checks_it() {
    let t = holding("mission_stefan_feld", json!({ "stefan_feld": true }), &[json!({})]);
    let mut t = t;
    t["players"][0]["missions"][0]["done"] = json!(true);
    let p = problems(&t);
    assert_eq!(fields(&p), vec![("players[0].missions[0].done".to_owned(), "judged_by_table".to_owned())]);
    assert_eq!(
        p.0[0].message.fr,
        "Greffier vérifie «\u{202f}Pion Stefan Feld\u{202f}» d’après la table\u{202f}: pas de case à cocher."
    );
    assert_eq!(p.0[0].message.en, "Greffier checks “Stefan Feld pawn” from the table: nothing to tick.");
}

#[test]
fn palm_members_above_city_members_are_refused() {
    let t =
        json!({ "players": [{ "name": "Ani", "city_members": 3, "palm_members": 4 }, { "name": "Dirk" }] });
    assert_eq!(
        fields(&problems(&t)),
        vec![("players[0].palm_members".to_owned(), "impossible_count".to_owned())]
    );
}

/// Valencia, p.10 (Phase III): « Si vous êtes le joueur qui a le plus de membres de sa famille au
/// Conseil, vous recevez également un privilège. En cas d'égalité, recevez chacun un privilège. »
/// Nothing else gives a privilege, and there are 5 council phases (one per round, the fifth
/// included): a player holds 5 at most, at any player count, and the table 5 per player.
#[test]
fn a_player_holds_at_most_one_privilege_per_council_phase() {
    let table = |privileges: &[u32]| {
        let players: Vec<Value> = privileges
            .iter()
            .enumerate()
            .map(|(k, &n)| json!({ "name": format!("P{k}"), "privileges": n }))
            .collect();
        json!({ "players": players })
    };
    for n in 2..=5 {
        let mut at_most = vec![5; n];
        assert!(score_json(GameId::Valencia, &table(&at_most).to_string()).is_ok(), "{n} players × 5");
        at_most[n - 1] = 6;
        assert_eq!(
            fields(&problems(&table(&at_most))),
            vec![(format!("players[{}].privileges", n - 1), "out_of_range".to_owned())],
            "{n} players"
        );
    }
    // The old limit (the box's 19 per player, 24 with stand-ins) is gone.
    assert_eq!(
        fields(&problems(&table(&[19, 0]))),
        vec![("players[0].privileges".to_owned(), "out_of_range".to_owned())]
    );
    assert_eq!(
        fields(&problems(&table(&[24, 0, 0, 0]))),
        vec![("players[0].privileges".to_owned(), "out_of_range".to_owned())]
    );
    let refused = problems(&table(&[6, 0, 0]));
    assert!(refused.0[0].message.fr.contains("phase du Conseil"), "{}", refused.0[0].message.fr);
    assert!(refused.0[0].message.en.contains("council phase"), "{}", refused.0[0].message.en);
    // Mid-game the tracker's position does not lower the cap (decision: the sheet always sends
    // a position, round 1 when nobody moved it): 5 are accepted at round 1, step A.
    let mut early = table(&[5, 5]);
    early["progress"] = json!({ "round": 1, "step": "A" });
    assert!(score_json(GameId::Valencia, &early.to_string()).is_ok());
}

/// Valencia, p.10 (Phase III): « Note pour les parties à 4 ou 5 joueurs : Dans les rares cas où
/// il n'y a plus de privilèges disponibles, vous pouvez les remplacer par un autre élément de
/// jeu ». The council helper hands out stand-ins; the scorer must accept them at 4–5 players,
/// within one per player and council phase, and say so in the breakdown.
#[test]
fn privileges_beyond_the_box_are_stand_ins_at_four_or_five_players() {
    let table = |privileges: &[u32]| {
        let players: Vec<Value> = privileges
            .iter()
            .enumerate()
            .map(|(k, &n)| json!({ "name": format!("P{k}"), "privileges": n }))
            .collect();
        json!({ "players": players })
    };
    // 4 players, 20 privileges: 1 stand-in beyond the box's 19.
    let b = score(&table(&[5, 5, 5, 5]));
    assert_eq!(points(&b, 0, "privileges"), 5);
    assert_eq!(b.players.iter().map(|p| p.total).sum::<Option<i32>>(), Some(20));
    let detail = &b.players[0].categories.iter().find(|c| c.key == "privileges").expect("category").detail;
    assert!(
        detail.en().contains("1 beyond the game's 19") && detail.en().contains("stand-ins"),
        "{}",
        detail.en()
    );
    assert!(detail.fr().contains("éléments de remplacement"), "{}", detail.fr());
    // 5 players, 25 privileges: 6 stand-ins, the most a table can hold.
    let b = score(&table(&[5, 5, 5, 5, 5]));
    assert_eq!(b.players.iter().map(|p| p.total).sum::<Option<i32>>(), Some(25));
    let detail = &b.players[4].categories.iter().find(|c| c.key == "privileges").expect("category").detail;
    assert!(detail.en().contains("6 beyond the game's 19"), "{}", detail.en());
    // Within the box: no word about stand-ins.
    let b = score(&table(&[5, 5, 4, 5]));
    let detail = &b.players[0].categories.iter().find(|c| c.key == "privileges").expect("category").detail;
    assert!(!detail.en().contains("stand-in"), "{}", detail.en());
}

/// Valencia, missions (p.14–15): « Gagnez 1 point pour chaque membre de votre famille situé sur
/// votre plus longue "route" formée de façon orthogonale » and « Gagnez 2 points pour chaque
/// membre de votre famille qui n'est orthogonalement adjacent à aucun autre membre de votre
/// famille ». A member of a route of 2 or more has a family neighbour, so it is never isolated:
/// route + isolated ≤ members in the city.
#[test]
fn a_route_and_lone_members_must_fit_in_the_city_together() {
    let t = |city: u32, route: u32, lone: u32| {
        json!({ "players": [
            { "name": "Ani", "city_members": city, "longest_route": route, "isolated": lone },
            { "name": "Dirk" } ] })
    };
    assert!(score_json(GameId::Valencia, &t(7, 4, 3).to_string()).is_ok());
    assert_eq!(
        fields(&problems(&t(7, 5, 3))),
        vec![
            ("players[0].longest_route".to_owned(), "impossible_count".to_owned()),
            ("players[0].isolated".to_owned(), "impossible_count".to_owned()),
        ]
    );
    let p = problems(&t(7, 5, 3));
    assert!(p.iter().all(|x| x.message.en.contains("5 members on the longest route and 3 lone members")));
    // A "route" of one member is that member alone: it may be isolated too.
    assert!(score_json(GameId::Valencia, &t(3, 1, 3).to_string()).is_ok());
    assert!(score_json(GameId::Valencia, &t(3, 0, 3).to_string()).is_ok());
}

/// One seat with these counts (`None`: not sent) and these missions held, beside an empty one.
fn route_table(city: u32, route: Option<u32>, lone: Option<u32>, missions: &[&str]) -> Value {
    let mut ani = json!({ "name": "Ani", "city_members": city,
        "missions": missions.iter().map(|id| json!({ "id": id })).collect::<Vec<_>>() });
    if let Some(route) = route {
        ani["longest_route"] = json!(route);
    }
    if let Some(lone) = lone {
        ani["isolated"] = json!(lone);
    }
    json!({ "players": [ani, { "name": "Dirk" }] })
}

/// Valencia, missions (p.15): « Gagnez 1 point pour chaque membre de votre famille situé sur
/// votre plus longue "route" formée de façon orthogonale » and « Gagnez 2 points pour chaque
/// membre de votre famille qui n'est orthogonalement adjacent à aucun autre membre de votre
/// famille ». A longest route of 1 means no two members touch: every member of the city is
/// isolated.
#[test]
fn a_longest_route_of_one_leaves_every_member_isolated() {
    assert!(score_json(GameId::Valencia, &route_table(4, Some(1), Some(4), &[]).to_string()).is_ok());
    let got = problems(&route_table(4, Some(1), Some(2), &[]));
    assert_eq!(
        fields(&got),
        vec![
            ("players[0].longest_route".to_owned(), "impossible_count".to_owned()),
            ("players[0].isolated".to_owned(), "impossible_count".to_owned()),
        ]
    );
    for x in got.iter() {
        assert!(
            x.message.en.contains("longest route of 1") && x.message.en.contains("2 lone"),
            "{}",
            x.message.en
        );
        assert!(x.message.fr.contains("isolés"), "{}", x.message.fr);
    }
    // The isolated count not typed (the sheet sends 0 when the card is not held): nothing to compare.
    assert!(score_json(GameId::Valencia, &route_table(4, Some(1), None, &[]).to_string()).is_ok());
    assert!(score_json(GameId::Valencia, &route_table(4, Some(1), Some(0), &[]).to_string()).is_ok());
    // With the isolated card held, its 0 is typed.
    assert_eq!(
        fields(&problems(&route_table(4, Some(1), Some(0), &["mission_isolated"]))),
        vec![
            ("players[0].longest_route".to_owned(), "impossible_count".to_owned()),
            ("players[0].isolated".to_owned(), "impossible_count".to_owned()),
        ]
    );
}

/// Valencia, missions (p.15): « Gagnez 2 points pour chaque membre de votre famille qui n'est
/// orthogonalement adjacent à aucun autre membre de votre famille ». A member that is not isolated
/// touches a member of its family, who is not isolated either: the members who are not isolated
/// are never exactly one.
#[test]
fn a_single_member_cannot_be_the_only_one_with_a_neighbour() {
    for lone in [0, 2, 4] {
        let t = route_table(4, None, Some(lone), &["mission_isolated"]);
        assert!(score_json(GameId::Valencia, &t.to_string()).is_ok(), "4 members, {lone} isolated");
    }
    let got = problems(&route_table(4, None, Some(3), &[]));
    assert_eq!(
        fields(&got),
        vec![
            ("players[0].isolated".to_owned(), "impossible_count".to_owned()),
            ("players[0].city_members".to_owned(), "impossible_count".to_owned()),
        ]
    );
    for x in got.iter() {
        assert!(x.message.en.contains("3 lone members of 4 in the city"), "{}", x.message.en);
        assert!(x.message.fr.contains("3 membres isolés sur 4 dans la ville"), "{}", x.message.fr);
    }
    // One member in the city is alone: with the card held, 0 isolated is impossible.
    assert_eq!(
        fields(&problems(&route_table(1, None, Some(0), &["mission_isolated"]))),
        vec![
            ("players[0].isolated".to_owned(), "impossible_count".to_owned()),
            ("players[0].city_members".to_owned(), "impossible_count".to_owned()),
        ]
    );
    // Without the card, a 0 is what the sheet sends for a count nobody typed.
    assert!(score_json(GameId::Valencia, &route_table(1, None, Some(0), &[]).to_string()).is_ok());
}

/// Valencia, missions (p.15): « Gagnez 1 point pour chaque membre de votre famille situé sur
/// votre plus longue "route" formée de façon orthogonale ». A member alone is a route of 1: with
/// members in the city the longest route is at least 1.
#[test]
fn members_in_the_city_make_a_longest_route_of_at_least_one() {
    let got = problems(&route_table(3, Some(0), None, &["mission_longest_route"]));
    assert_eq!(
        fields(&got),
        vec![
            ("players[0].longest_route".to_owned(), "impossible_count".to_owned()),
            ("players[0].city_members".to_owned(), "impossible_count".to_owned()),
        ]
    );
    for x in got.iter() {
        assert!(x.message.en.contains("3 members in the city"), "{}", x.message.en);
        assert!(x.message.fr.contains("3 membres dans la ville"), "{}", x.message.fr);
    }
    let ok = route_table(3, Some(2), None, &["mission_longest_route"]);
    assert!(score_json(GameId::Valencia, &ok.to_string()).is_ok());
    let empty = route_table(0, Some(0), None, &["mission_longest_route"]);
    assert!(score_json(GameId::Valencia, &empty.to_string()).is_ok());
    // Without the card, 0 is the sheet's empty count.
    assert!(score_json(GameId::Valencia, &route_table(3, Some(0), None, &[]).to_string()).is_ok());
}

/// Valencia, p.10 (Phase III): « Vous recevez désormais chacun autant de points de prestige que
/// de membres de votre famille qui se trouvent au Conseil. » The council has 8 seats and a player
/// has one member per seat at most (p.13, Soutien: the second member on a guild seat is another
/// player's), over 5 council phases: 40 points at most.
#[test]
fn council_points_are_at_most_eight_seats_over_five_phases() {
    let t =
        |points: u32| json!({ "players": [{ "name": "Ani", "council_points": points }, { "name": "Dirk" }] });
    assert!(score_json(GameId::Valencia, &t(40).to_string()).is_ok());
    assert_eq!(
        fields(&problems(&t(41))),
        vec![("players[0].council_points".to_owned(), "out_of_range".to_owned())]
    );
    assert_eq!(valencia::limits().max_council_points, 40);
}

/// Valencia, p.10 (Phase III): « Vous recevez désormais chacun autant de points de prestige que
/// de membres de votre famille qui se trouvent au Conseil. » Once the fifth round's council phase
/// is counted (`progress.councils_counted` holds 5), nothing moves on the council any more, so
/// that last phase alone gave each player a point per seat they hold.
#[test]
fn after_the_last_council_phase_council_points_cover_the_seats_held() {
    let t = |points: u32, counted: Value| {
        json!({ "players": [
            { "name": "Ani", "council": ["nobility", "wine", "merchants"], "council_points": points },
            { "name": "Dirk" } ],
            "progress": { "round": 5, "step": "council", "councils_counted": counted } })
    };
    assert!(score_json(GameId::Valencia, &t(3, json!([1, 2, 3, 4, 5])).to_string()).is_ok());
    let got = problems(&t(2, json!([1, 2, 3, 4, 5])));
    assert_eq!(fields(&got), vec![("players[0].council_points".to_owned(), "impossible_count".to_owned())]);
    assert!(got.0[0].message.en.contains("3 seats"), "{}", got.0[0].message.en);
    assert!(got.0[0].message.fr.contains("3 sièges"), "{}", got.0[0].message.fr);
    // Before the last phase is counted, the points may not have come yet.
    assert!(score_json(GameId::Valencia, &t(2, json!([1, 2, 3, 4])).to_string()).is_ok());
    assert!(score_json(GameId::Valencia, &t(0, json!([])).to_string()).is_ok());
    let mut no_progress = t(0, json!([]));
    no_progress.as_object_mut().expect("object").remove("progress");
    assert!(score_json(GameId::Valencia, &no_progress.to_string()).is_ok());
}

#[test]
fn support_lets_two_players_share_a_guild_seat_only_with_the_module() {
    let t = |variant: &str, seat: &str| {
        json!({ "variant": variant, "players": [
            { "name": "Ani", "council": [seat] }, { "name": "Dirk", "council": [seat] }] })
    };
    assert!(score_json(GameId::Valencia, &t("special_influence", "oranges").to_string()).is_ok());
    assert!(score_json(GameId::Valencia, &t("base", "oranges").to_string()).is_err());
    assert!(score_json(GameId::Valencia, &t("special_influence", "nobility").to_string()).is_err());
}

#[test]
fn tie_break_chain_city_then_coins_then_shared() {
    let two = |a: Value, b: Value| {
        let mut a = a;
        let mut b = b;
        a["name"] = json!("Ani");
        b["name"] = json!("Dirk");
        score(&json!({ "players": [a, b] }))
    };
    // Same total 6: Dirk has more members in the city.
    let b = two(
        json!({ "city_members": 2, "council_points": 4 }),
        json!({ "city_members": 3, "council_points": 3 }),
    );
    assert_eq!((b.players[0].rank, b.players[1].rank), (2, 1));
    assert_eq!(b.tie_breaks[0].criteria, vec!["city"]);
    // Same total and city: more coins wins.
    let b = two(json!({ "city_members": 3, "coins": 4 }), json!({ "city_members": 3, "coins": 2 }));
    assert_eq!((b.players[0].rank, b.players[1].rank), (1, 2));
    assert_eq!(b.tie_breaks[0].criteria, vec!["city", "coins"]);
    // Nothing separates them: shared.
    let b = two(json!({ "city_members": 3, "coins": 2 }), json!({ "city_members": 3, "coins": 2 }));
    assert_eq!(b.winners(), vec![0, 1]);
    assert!(b.tie_breaks[0].shared);
}

/// Valencia, Mise en place, 13: « recevez-en chacun 5 faces cachées [...] vous devez en
/// conserver au moins une. » A seat holding no mission card is not how a game is played: the
/// live help says so beside that seat, and its mission lines say that nothing was entered.
/// The table still scores (plays saved before missions could be entered must rescore).
#[test]
fn a_seat_without_a_mission_card_is_told_and_still_scores() {
    for dirk in [
        json!({ "name": "Dirk", "city_members": 2 }),
        json!({ "name": "Dirk", "city_members": 2, "missions": [] }),
    ] {
        let table = json!({ "players": [
            { "name": "Ani", "city_members": 3, "missions": [{ "id": "mission_palms", "points": 4 }] }, dirk ] });
        let board = score(&table);
        assert_eq!(
            (board.players[0].total, board.players[1].total),
            (Some(-1), Some(2)),
            "3 − 4 for Ani; Dirk's city"
        );
        let help = valencia::help(&table).unwrap_or_else(|p| panic!("{p}"));
        assert_eq!(help.seats[0].missions_notice, None, "Ani holds one");
        let notice = help.seats[1].missions_notice.as_ref().expect("Dirk holds none");
        assert_eq!(
            notice.fr,
            "Aucune carte Mission indiquée pour Dirk\u{202f}: à la mise en place, chacun en garde au moins une. Ajoutez les siennes, sans quoi elles ne comptent pas."
        );
        assert_eq!(
            notice.en,
            "No mission card entered for Dirk: at setup everyone keeps at least one. Add theirs, or they are not scored."
        );
        for key in ["missions_completed", "missions_failed"] {
            let line = board.players[1].categories.iter().find(|c| c.key == key).expect("category");
            assert_eq!(line.points, 0);
            assert_eq!(
                line.detail.to_text(),
                greffier::text::Text::new(
                    "Aucune carte Mission indiquée, alors que chacun en garde au moins une à la mise en place : rien n'est compté.",
                    "No mission card entered, though everyone keeps at least one at setup: nothing is scored."
                ),
                "{key}"
            );
        }
        let ani =
            board.players[0].categories.iter().find(|c| c.key == "missions_completed").expect("category");
        assert_eq!(ani.detail.en(), "No mission completed.", "Ani holds a card: her empty line is as before");
    }
}

#[test]
fn the_version_1_generic_sheet_still_scores() {
    let sheet = json!({ "sheet": "generic", "variant": "base", "players": [
        { "name": "Ani", "points": { "city": 6, "fountains": 22 } },
        { "name": "Dirk", "points": { "city": 7, "fountains": 21 } }] });
    let b = score(&sheet);
    assert_eq!(b.players[1].rank, 1, "tie at 28 settled by the city");
}

#[test]
fn schema_version_is_2() {
    assert_eq!(valencia::INFO.table_schema_version, 2);
}

fn auction(v: Value) -> Result<ValenciaAuction, Problems> {
    let raw: ValenciaRawAuction = serde_json::from_value(v).expect("shape");
    valencia::resolve_auction(&raw)
}

/// Valencia, p.6: « si vous avez dévoilé une pile d'influence et que vous n'avez pas réussi à
/// effectuer une action, vous pouvez reprendre exactement une carte de cette pile et la replacer
/// en bas de votre pioche ». A ranked player who could not carry out the action (could not pay
/// the space, the supply was empty) did not manage to act either.
#[test]
fn a_ranked_player_who_could_not_act_may_return_a_card_too() {
    let a = auction(json!({ "step": "B", "first_player": 0, "players": [
        { "name": "Patty", "stack": [{ "card": 6 }] },
        { "name": "Frank", "stack": [{ "card": 4 }], "could_not_act": true },
        { "name": "Ani", "stack": [{ "card": 1 }] } ] }))
    .expect("valid");
    assert!(a.bids[1].acts, "Frank ranks 2nd, an acting place at 3 players");
    assert!(a.bids[1].may_return_card, "but could not act, so may return a card");
    assert!(a.bids[1].action.en.contains("Could not carry it out"), "{}", a.bids[1].action.en);
    assert!(!a.bids[0].may_return_card, "Patty acted");
    assert!(a.bids[2].may_return_card && !a.bids[2].acts, "Ani ranks 3rd: no action at 3 players");
    // A player who passed had nothing to carry out.
    let p = auction(json!({ "step": "B", "players": [
        { "name": "Patty", "stack": [{ "card": 6 }] },
        { "name": "Frank", "could_not_act": true },
        { "name": "Ani", "stack": [{ "card": 1 }] } ] }))
    .expect_err("refused");
    assert_eq!(fields(&p), vec![("players[1].could_not_act".to_owned(), "passed".to_owned())]);
}

#[test]
fn nina_wins_every_tie_and_takes_a_place_but_not_the_pawn() {
    let a = auction(json!({ "step": "F", "first_player": 1, "nina": [3, 2], "players": [
        { "name": "Ani", "stack": [{ "card": 5 }] },
        { "name": "Dirk", "stack": [{ "card": 6 }] } ] }))
    .expect("valid");
    let nina = a.nina.as_ref().expect("nina");
    assert_eq!((nina.total, nina.rank), (5, 2));
    assert_eq!(a.bids[1].rank, Some(1));
    assert_eq!(a.bids[0].rank, Some(3));
    // 2 players: no third place, so Ani gets nothing and may return a card.
    assert!(!a.bids[0].acts && a.bids[0].may_return_card);
    assert_eq!(a.pawn_holder, 1);
    let a = auction(json!({ "step": "B", "first_player": 0, "nina": [6], "players": [
        { "name": "Ani", "stack": [{ "card": 6 }] }, { "name": "Dirk" } ] }))
    .expect("valid");
    assert_eq!(a.nina.as_ref().map(|n| n.rank), Some(1));
    assert_eq!(a.bids[0].rank, Some(2));
    assert_eq!(a.pawn_holder, 0, "Nina never takes the pawn");
    assert!(a.ties[0].en.contains("Nina"));
}

#[test]
fn nina_card_count_is_checked() {
    let p =
        auction(json!({ "step": "D", "nina": [1, 2], "players": [{ "name": "Ani" }, { "name": "Dirk" }] }))
            .expect_err("D has one Nina card");
    assert_eq!(fields(&p), vec![("nina".to_owned(), "nina_cards".to_owned())]);
    let p = auction(json!({ "step": "C", "nina": [1], "players": [{ "name": "Ani" }, { "name": "Dirk" }] }))
        .expect_err("no Nina in C");
    assert_eq!(p.iter().next().map(|x| x.code.as_str()), Some("nina_cards"));
}

#[test]
fn the_first_player_wins_a_tie_they_are_in() {
    let a = auction(json!({ "step": "C", "first_player": 2, "players": [
        { "name": "Ani", "stack": [{ "card": 4 }] },
        { "name": "Dirk", "stack": [{ "card": 4 }] },
        { "name": "Lilli", "stack": [{ "card": 4 }] } ] }))
    .expect("valid");
    let ranks: Vec<Option<u8>> = a.bids.iter().map(|b| b.rank).collect();
    assert_eq!(ranks, vec![Some(2), Some(3), Some(1)]);
    assert_eq!(a.pawn_holder, 2);
}

#[test]
fn everyone_passing_leaves_the_pawn() {
    let a = auction(
        json!({ "step": "G", "first_player": 1, "players": [{ "name": "Ani" }, { "name": "Dirk" }] }),
    )
    .expect("valid");
    assert_eq!(a.pawn_holder, 1);
    assert!(a.bids.iter().all(|b| b.rank.is_none() && !b.may_return_card));
}

#[test]
fn third_place_acts_only_with_four_or_five_players() {
    for (n, acts) in [(3, false), (4, true)] {
        let players: Vec<Value> =
            (0..n).map(|k| json!({ "name": format!("P{k}"), "stack": [{ "card": 6 - k }] })).collect();
        let a = auction(json!({ "step": "B", "players": players })).expect("valid");
        assert_eq!(a.bids[2].acts, acts, "{n} players");
        assert_eq!(a.bids[2].rank, Some(3));
    }
}

#[test]
fn stacks_must_come_from_the_players_deck() {
    let p = auction(json!({ "step": "A", "players": [
        { "name": "Ani", "stack": [{ "card": 4 }, { "card": 4 }, { "card": 4 }, { "card": 4 }, { "card": 4 }] },
        { "name": "Dirk", "stack": [{ "card": "joker" }, { "card": 9 }] },
        { "name": "Lilli", "stack": [], "privileges": 1, "privileges_spent": 2 } ] }))
    .expect_err("refused");
    let got = fields(&p);
    for expected in [
        ("players[0].stack", "card_not_in_deck"),
        ("players[1].stack", "card_not_in_deck"),
        ("players[1].stack[1].card", "unknown_card"),
        ("players[2].stack", "empty_stack"),
        ("players[2].privileges_spent", "not_enough_privileges"),
    ] {
        assert!(
            got.contains(&(expected.0.to_owned(), expected.1.to_owned())),
            "missing {expected:?} in {got:?}"
        );
    }
    // With the module, Central replaces one 6: only three ordinary 6s remain.
    let p = auction(json!({ "variant": "special_influence", "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": 6 }, { "card": 6 }, { "card": 6 }, { "card": 6 }] }, { "name": "Dirk" } ] }))
    .expect_err("refused");
    assert_eq!(fields(&p), vec![("players[0].stack".to_owned(), "card_not_in_deck".to_owned())]);
    let p = auction(json!({ "step": "H", "players": [{ "name": "Ani" }, { "name": "Dirk" }] }))
        .expect_err("no auction");
    assert_eq!(fields(&p), vec![("step".to_owned(), "no_auction".to_owned())]);
}

/// Valencia, p.10 (Phase III): « Si vous êtes le joueur qui a le plus de membres de sa famille
/// au Conseil, vous recevez également un privilège » — one per council phase; p.10 (Les
/// privilèges): « Vous pouvez utiliser les privilèges lors des étapes A à G de la phase
/// d'action »; and p.6: « 5 tours qui sont chacun divisés en 3 phases, que vous devez effectuer
/// dans l'ordre » — the fifth council phase comes after the last auction. Players start with
/// none: in an auction a player holds, and spends, 4 at most (5 spent in one auction
/// were accepted).
#[test]
fn an_auction_spends_at_most_the_four_privileges_a_player_can_hold() {
    let p = auction(json!({ "step": "C", "first_player": 0, "players": [
        { "name": "Ani", "stack": [{ "card": 1 }], "privileges": 12, "privileges_spent": 9 },
        { "name": "Bob", "stack": [{ "card": 6 }] },
        { "name": "Cy", "privileges_spent": 19 } ] }))
    .expect_err("nobody holds more than 4 privileges in an auction");
    let got = fields(&p);
    for expected in ["players[0].privileges", "players[0].privileges_spent", "players[2].privileges_spent"] {
        assert!(
            got.contains(&(expected.to_owned(), "out_of_range".to_owned())),
            "missing {expected} in {got:?}"
        );
    }
    // Five spent in one auction: refused, with the reason.
    let p = auction(json!({ "step": "C", "first_player": 0, "players": [
        { "name": "Ani", "stack": [{ "card": 1 }], "privileges_spent": 5 },
        { "name": "Bob", "stack": [{ "card": 6 }] } ] }))
    .expect_err("5 spent");
    assert_eq!(fields(&p), vec![("players[0].privileges_spent".to_owned(), "out_of_range".to_owned())]);
    assert_eq!(
        p.0[0].message.fr,
        greffier::text::french(
            "5 privilèges dépensés dans une enchère : chacun commence sans privilège et en reçoit au plus un par phase du Conseil, et la 5e suit la dernière enchère ; 4 au plus."
        )
    );
    assert_eq!(
        p.0[0].message.en,
        "5 privileges spent in an auction: everyone starts with none and receives one per council phase at most, and the 5th follows the last auction; 4 at most."
    );
    // Four held, four spent: the most a player can do.
    let a = auction(json!({ "step": "C", "first_player": 0, "players": [
        { "name": "Ani", "stack": [{ "card": 1 }], "privileges": 4, "privileges_spent": 4 },
        { "name": "Bob", "stack": [{ "card": 6 }] } ] }))
    .expect("valid");
    assert_eq!(a.privileges_returned, 4);
    assert_eq!(a.reveal_order, vec![1, 0]);
}

/// Valencia, module 1, Mise en place: « décidez tous ensemble quelles cartes parmi les nouvelles
/// cartes Influence vous souhaitez utiliser lors de la partie. Nous vous recommandons de
/// commencer par utiliser une ou deux nouvelles cartes » — « Important: Vous devez tous avoir les
/// mêmes cartes Influence dans votre pioche ». A special card replaces basic ones only when the
/// table plays it (« Ces deux cartes remplacent deux cartes de base de valeur 1 », « Cette carte
/// remplace une carte de base de valeur 6 »): the table says which it chose, and the auction
/// applied to it reads every deck from that choice.
#[test]
fn the_special_cards_the_table_chose_shape_every_deck() {
    let table = json!({ "variant": "special_influence", "special_cards": ["joker"],
        "players": [{ "name": "Ani", "stefan_feld": true }, { "name": "Dirk" }],
        "progress": { "step": "C", "auction": { "variant": "special_influence", "step": "C", "first_player": 0, "players": [
            { "name": "Ani", "stack": [{ "card": 1 }, { "card": 1 }, { "card": 1 }] },
            { "name": "Dirk", "stack": [{ "card": 6 }, { "card": 6 }, { "card": 6 }, { "card": 6 }] } ] } } });
    score(&table);
    // Without Économies and the Centrale every deck keeps four 1s and four 6s: Dirk's 24 wins.
    let applied = valencia::apply_auction(&table).unwrap_or_else(|p| panic!("{p}"));
    assert_eq!(applied["players"][1]["stefan_feld"], json!(true));
    assert_eq!(applied["special_cards"], json!(["joker"]));
    // A table that says nothing plays all seven, as plays saved before the choice was kept.
    let mut all = table.clone();
    all.as_object_mut().map(|t| t.remove("special_cards"));
    let p = valencia::apply_auction(&all).expect_err("Économies and the Centrale replace a 1 and a 6");
    assert_eq!(
        fields(&p),
        vec![
            ("progress.auction.players[0].stack".to_owned(), "card_not_in_deck".to_owned()),
            ("progress.auction.players[1].stack".to_owned(), "card_not_in_deck".to_owned()),
        ]
    );
    // The list names the module's cards, and only with the module.
    let two = json!([{ "name": "Ani" }, { "name": "Dirk" }]);
    let p = problems(
        &json!({ "variant": "special_influence", "special_cards": ["joker", "gold"], "players": two }),
    );
    assert_eq!(fields(&p), vec![("special_cards[1]".to_owned(), "unknown_card".to_owned())]);
    let p = problems(&json!({ "special_cards": ["twins"], "players": two }));
    assert_eq!(fields(&p), vec![("special_cards".to_owned(), "not_in_variant".to_owned())]);
    // Soutien (p.13) lets two players share a guild seat only when the table plays it.
    let shared = |cards: Value| {
        json!({ "variant": "special_influence", "special_cards": cards, "players": [
            { "name": "Ani", "council": ["wine"] }, { "name": "Dirk", "council": ["wine"] } ] })
    };
    score(&shared(json!(["support"])));
    let p = problems(&shared(json!(["joker"])));
    assert_eq!(
        fields(&p),
        vec![
            ("players[0].council[0]".to_owned(), "seat_taken".to_owned()),
            ("players[1].council[0]".to_owned(), "seat_taken".to_owned()),
        ]
    );
}

/// Valencia, Mise en place, 12: the first player puts a member on the Noblesse, their left
/// neighbour one on the Église; p.10 (Phase III): « En cas d'égalité, recevez chacun un
/// privilège ». A tie at one member each is said in the singular.
#[test]
fn a_council_tie_at_one_member_is_told_in_the_singular() {
    let raw: ValenciaRawCouncil = serde_json::from_value(json!({ "players": [
        { "name": "Ani", "council": ["nobility"] }, { "name": "Dirk", "council": ["church"] } ] }))
    .expect("shape");
    let c = valencia::council_phase(&raw).expect("valid");
    assert_eq!(c.explanation.fr, "Égalité à 1 membre entre Ani, Dirk\u{202f}: chacun reçoit un privilège.");
    assert_eq!(c.explanation.en, "Tie at 1 member between Ani, Dirk: each receives a privilege.");
}

#[test]
fn council_ties_each_take_a_privilege_and_shortage_is_flagged() {
    let raw: ValenciaRawCouncil = serde_json::from_value(json!({ "privileges_supply": 1, "players": [
        { "name": "Ani", "council": ["nobility", "wine"] },
        { "name": "Dirk", "council": ["church", "merchants"] },
        { "name": "Lilli", "council": ["oranges"] },
        { "name": "Patty" } ] }))
    .expect("shape");
    let c = valencia::council_phase(&raw).expect("valid");
    let takers: Vec<bool> = c.players.iter().map(|s| s.gets_privilege).collect();
    assert_eq!(takers, vec![true, true, false, false]);
    assert_eq!(c.privileges_given, 2);
    assert_eq!(c.privileges_supply_after, 0);
    assert!(c.shortage.is_some());
}

/// Valencia, Matériel: « 19 privilèges ». When the table does not say how many are left in the
/// supply, the council phase and the round tracker count the box's 19 minus those the players
/// hold (the screen used to subtract them itself).
#[test]
fn the_privileges_supply_is_the_box_minus_those_held_unless_given() {
    let council = |supply: Value| -> ValenciaRawCouncil {
        serde_json::from_value(json!({ "privileges_supply": supply, "players": [
            { "name": "Ani", "council": ["nobility"], "privileges": 3 },
            { "name": "Dirk", "council": ["church"], "privileges": 2 },
            { "name": "Lilli", "privileges": null } ] }))
        .expect("shape")
    };
    // Ani and Dirk tie with one member each: a privilege each.
    assert_eq!(
        valencia::council_phase(&council(Value::Null)).expect("valid").privileges_supply_after,
        19 - 5 - 2
    );
    assert_eq!(
        valencia::council_phase(&council(json!(10))).expect("valid").privileges_supply_after,
        8,
        "given wins"
    );
    let held = |n: Value| -> Problems {
        let raw: ValenciaRawCouncil = serde_json::from_value(json!({ "players": [
            { "name": "Ani", "privileges": n }, { "name": "Dirk" } ] }))
        .expect("shape");
        valencia::council_phase(&raw).expect_err("refused")
    };
    assert_eq!(
        fields(&held(json!(-1))),
        vec![("players[0].privileges".to_owned(), "out_of_range".to_owned())]
    );

    let round: ValenciaRawRound = serde_json::from_value(json!({ "round": 5, "step": "A", "players": [
        { "name": "Ani", "privileges": 4 }, { "name": "Dirk", "privileges": 1 } ] }))
    .expect("shape");
    assert_eq!(valencia::round_tracker(&round).expect("valid").privileges_supply, 14);
}

/// Valencia, p.15: the district mission card is removed at 2 players; p.10: each member scores
/// every fountain it touches. The live help names the cards out of play at this player count
/// and gives each fountain's points per seat, so the sheet shows them without working them out.
#[test]
fn the_help_gives_each_fountain_s_points_and_the_missions_out_of_play() {
    let two = valencia::help(&json!({ "fountains": [{ "value": 2 }, { "value": 5 }],
        "players": [{ "name": "Ani", "city_members": 3, "fountain_members": [1, 2] }, { "name": "Dirk" }] }))
    .expect("valid");
    assert_eq!(two.seats[0].fountain_points, [2, 10]);
    assert_eq!(two.missions_out_of_play, ["mission_every_district"]);
    let three =
        valencia::help(&json!({ "players": [{ "name": "Ani" }, { "name": "Dirk" }, { "name": "Lilli" }] }))
            .expect("valid");
    assert!(three.missions_out_of_play.is_empty());
}

/// Every moment of a round names a rule entry that exists (the sheet's ⓘ buttons open it).
#[test]
fn every_moment_of_a_round_names_an_existing_rule_entry() {
    let limits = valencia::limits();
    assert_eq!(limits.moment_rules.len(), limits.moments.len());
    let rules = greffier::rules::Catalogue::load().expect("rules");
    for (moment, id) in limits.moments.iter().zip(&limits.moment_rules) {
        assert!(rules.get(id).is_some(), "{moment:?}: no rule entry {id}");
    }
    assert_eq!(ValenciaMoment::B.rule_entry(), ValenciaMoment::F.rule_entry(), "the guilds' auctions");
}

#[test]
fn round_tracker_walks_a_to_i_over_five_rounds() {
    let raw = |v: Value| -> ValenciaRawRound { serde_json::from_value(v).expect("shape") };
    let r = valencia::round_tracker(&raw(
        json!({ "players": [{ "name": "Ani" }, { "name": "Dirk", "cards_left": 12 }] }),
    ))
    .expect("valid");
    assert_eq!((r.round, r.step), (1, ValenciaMoment::A));
    assert_eq!(r.next, Some((1, ValenciaMoment::B)));
    assert_eq!(r.places, 2);
    assert_eq!(r.decks[0].cards_left, 24);
    assert_eq!(r.decks[0].per_round_tenths, 48);
    assert_eq!(r.privileges_supply, 19);
    let r = valencia::round_tracker(&raw(json!({ "round": 3, "step": "H", "church": 1,
        "variant": "special_influence", "players": [{ "name": "Ani" }, { "name": "Dirk", "cards_left": 12 }] })))
    .expect("valid");
    assert_eq!(r.decks[0].deck_size, 25, "the Joker is a 25th card");
    assert_eq!(r.decks[1].per_round_tenths, 40);
    assert!(r.actor.as_ref().is_some_and(|a| a.en.contains("Dirk (Church) plants the palm")));
    let r = valencia::round_tracker(&raw(json!({ "round": 5, "step": "I", "nobility": 0,
        "players": [{ "name": "Ani" }, { "name": "Dirk" }] })))
    .expect("valid");
    assert_eq!(r.next, Some((5, ValenciaMoment::Council)));
    assert!(r.actor.as_ref().is_some_and(|a| a.en.contains("Ani (Nobility) builds the fountain")));
    assert!(
        valencia::round_tracker(&raw(json!({ "round": 6, "players": [{ "name": "A" }, { "name": "B" }] })))
            .is_err()
    );
    assert!(
        valencia::round_tracker(&raw(
            json!({ "players": [{ "name": "A", "cards_left": 25 }, { "name": "B" }] })
        ))
        .is_err()
    );
}

/// Valencia, p.6: « Une partie de Valencia est composée de 5 tours qui sont chacun divisés en 3
/// phases » — the third being the council phase (p.10). The fifth round ends with its council
/// too, and only then comes the final scoring.
#[test]
fn every_round_ends_with_its_council_phase_the_fifth_included() {
    let raw = |round: u8, step: &str| -> ValenciaRawRound {
        serde_json::from_value(
            json!({ "round": round, "step": step, "players": [{ "name": "Ani" }, { "name": "Dirk" }] }),
        )
        .expect("shape")
    };
    for round in 1..=5u8 {
        let at_i = valencia::round_tracker(&raw(round, "I")).expect("valid");
        assert_eq!(
            at_i.next,
            Some((round, ValenciaMoment::Council)),
            "round {round}: I is followed by the council"
        );
        let council = valencia::round_tracker(&raw(round, "council")).expect("valid");
        assert_eq!(council.step, ValenciaMoment::Council);
        assert_eq!(council.places, 0, "no auction in the council phase");
        assert!(council.step_title.en.contains("Council"));
        let after = if round < 5 { Some((round + 1, ValenciaMoment::A)) } else { None };
        assert_eq!(council.next, after, "round {round}: after the council");
    }
    let last = valencia::round_tracker(&raw(5, "council")).expect("valid");
    assert!(last.step_rule.en.contains("final scoring"), "{}", last.step_rule.en);
    // Walking from round 1 A to the end visits 5 × (9 steps + council) moments.
    let (mut round, mut moment, mut seen) = (1u8, ValenciaMoment::A, 1);
    while let Some((r, m)) = valencia::next_moment(round, moment) {
        (round, moment, seen) = (r, m, seen + 1);
    }
    assert_eq!((round, moment, seen), (5, ValenciaMoment::Council, 50));
}

/// Missions whose outcome does not depend on seats (neighbour cards excluded).
const SEATLESS: [&str; 12] = [
    "mission_palms",
    "mission_stefan_feld",
    "mission_most_city",
    "mission_most_coins",
    "mission_council",
    "mission_square",
    "mission_ten_minus_coins",
    "mission_longest_route",
    "mission_isolated",
    "mission_central_fountain",
    "mission_three_resource_types",
    "mission_four_fountains",
];

/// A valid table for `n` players built from the numbers `r`, missions drawn from `SEATLESS`.
fn table_from(n: usize, r: &[u32]) -> Value {
    table_with(n, r, &SEATLESS)
}

/// The same, missions drawn from `pool`.
fn table_with(n: usize, r: &[u32], pool: &[&str]) -> Value {
    let at = |k: usize| r.get(k).copied().unwrap_or(0);
    let seats = ["nobility", "church", "oranges", "wine", "merchants"];
    let resources = ["oranges", "dried_fruit", "wine", "clothing", "porcelain"];
    let pawn = at(0) as usize % (n + 1);
    let players: Vec<Value> = (0..n)
        .map(|i| {
            let b = 1 + i * 11;
            let city = 1 + at(b) % 10;
            // A route of 1 leaves every member alone; a longer one leaves the rest of the city.
            let route = 1 + at(b + 3) % city;
            let mut missions = Vec::new();
            for (k, id) in pool.iter().enumerate() {
                if k % n == i && at(b + 1) >> k & 1 == 1 {
                    let m = valencia::mission(id).expect("id");
                    missions.push(match m.judging() {
                        ValenciaJudging::Formula => json!({ "id": id }),
                        ValenciaJudging::Tick => {
                            json!({ "id": id, "points": 1 + at(b + 2) % 6, "done": at(b + 3) % 2 == 0 })
                        }
                        ValenciaJudging::Auto => json!({ "id": id, "points": 1 + at(b + 2) % 6 }),
                    });
                }
            }
            json!({
                "name": format!("P{i}"),
                "city_members": city,
                "palm_members": at(b + 4) % (city + 1),
                "fountain_members": [at(b + 5) % 2, if i < 4 { at(b + 6) % 2 } else { 0 }],
                "privileges": at(b + 7) % 4,
                "coins": at(b + 8) % 15,
                "resources": { resources[i]: at(b + 9) % 7 },
                "council": if at(b + 10) % 2 == 0 { vec![seats[i]] } else { vec![] },
                "council_points": at(b + 10) % 30,
                "stefan_feld": pawn == i,
                "longest_route": route,
                // Members of a route of 2+ are never isolated: the rest of the city may be.
                "isolated": if route == 1 { city } else { at(b + 2) % (city - route + 1) },
                "missions": missions,
            })
        })
        .collect();
    json!({ "fountains": [{ "value": 5, "central": true }, { "value": 1 + at(60) % 6 }], "players": players })
}

fn table_strategy() -> impl Strategy<Value = (Value, Vec<usize>)> {
    (2usize..=5, proptest::collection::vec(0u32..1000, 61)).prop_flat_map(|(n, r)| {
        let table = table_from(n, &r);
        (Just(table), Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
    })
}

/// Every auto-judged or formula card, the neighbour cards included.
const WITH_NEIGHBOURS: [&str; 14] = [
    "mission_neighbour_coins",
    "mission_neighbour_resources",
    "mission_palms",
    "mission_stefan_feld",
    "mission_most_city",
    "mission_most_coins",
    "mission_council",
    "mission_ten_minus_coins",
    "mission_longest_route",
    "mission_isolated",
    "mission_central_fountain",
    "mission_three_resource_types",
    "mission_four_fountains",
    "mission_ten_minus_resources",
];

proptest! {
    #[test]
    fn rotating_the_table_keeps_neighbour_missions(
        n in 2usize..=5,
        r in proptest::collection::vec(0u32..1000, 61),
        turn in 1usize..5,
    ) {
        // A rotation keeps every seat's two neighbours, so nothing may change but the order.
        let table = table_with(n, &r, &WITH_NEIGHBOURS);
        let b = score(&table);
        let players = table["players"].as_array().expect("players");
        let mut rotated = table.clone();
        rotated["players"] = Value::Array((0..n).map(|j| players[(j + turn) % n].clone()).collect());
        let c = score(&rotated);
        for j in 0..n {
            let k = (j + turn) % n;
            prop_assert_eq!(&c.players[j].name, &b.players[k].name);
            prop_assert_eq!(c.players[j].total, b.players[k].total);
        }
    }

    #[test]
    fn auction_ranks_follow_the_seats_when_the_table_turns(
        values in proptest::collection::vec(proptest::option::of(1u32..=6), 3..=5),
        first in 0usize..5,
        turn in 1usize..5,
    ) {
        let n = values.len();
        let first = first % n;
        let bid = |k: usize| match values[k] {
            Some(v) => json!({ "name": format!("P{k}"), "stack": [{ "card": v }] }),
            None => json!({ "name": format!("P{k}") }),
        };
        let a = auction(json!({ "step": "B", "first_player": first, "players": (0..n).map(bid).collect::<Vec<_>>() }))
            .expect("valid");
        // Seat j of the turned table is seat (j + turn) % n of the first one, the first player too.
        let turned: Vec<Value> = (0..n).map(|j| bid((j + turn) % n)).collect();
        let new_first = (first + n - turn % n) % n;
        let b = auction(json!({ "step": "B", "first_player": new_first, "players": turned })).expect("valid");
        for j in 0..n {
            let k = (j + turn) % n;
            prop_assert_eq!(b.bids[j].rank, a.bids[k].rank);
            prop_assert_eq!(b.bids[j].acts, a.bids[k].acts);
        }
        prop_assert_eq!((usize::from(b.pawn_holder) + turn) % n, usize::from(a.pawn_holder));
    }

    #[test]
    fn total_is_the_sum_of_the_categories((table, _) in table_strategy()) {
        let b = score(&table);
        for p in &b.players {
            prop_assert_eq!(p.total, Some(p.categories.iter().map(|c| c.points).sum::<i32>()));
        }
    }

    #[test]
    fn permuting_seats_permutes_the_results((table, perm) in table_strategy()) {
        let b = score(&table);
        let mut permuted = table.clone();
        let players = table["players"].as_array().expect("players");
        permuted["players"] = Value::Array(perm.iter().map(|&k| players[k].clone()).collect());
        let c = score(&permuted);
        for (j, &k) in perm.iter().enumerate() {
            prop_assert_eq!(&c.players[j].name, &b.players[k].name);
            prop_assert_eq!(c.players[j].total, b.players[k].total);
            prop_assert_eq!(c.players[j].rank, b.players[k].rank);
            let pc: Vec<i32> = c.players[j].categories.iter().map(|x| x.points).collect();
            let pb: Vec<i32> = b.players[k].categories.iter().map(|x| x.points).collect();
            prop_assert_eq!(pc, pb);
        }
    }

    #[test]
    fn auction_totals_do_not_depend_on_who_plays_first(
        values in proptest::collection::vec(proptest::option::of(1u32..=6), 3..=5),
        first in 0usize..5,
    ) {
        let players: Vec<Value> = values.iter().enumerate().map(|(k, v)| match v {
            Some(v) => json!({ "name": format!("P{k}"), "stack": [{ "card": v }] }),
            None => json!({ "name": format!("P{k}") }),
        }).collect();
        let a = auction(json!({ "step": "C", "first_player": 0, "players": players.clone() })).expect("valid");
        let b = auction(json!({ "step": "C", "first_player": first % values.len(), "players": players })).expect("valid");
        for (x, y) in a.bids.iter().zip(&b.bids) {
            prop_assert_eq!(x.total, y.total);
        }
        // The winner always has the highest total.
        if let Some(w) = b.bids.iter().find(|x| x.rank == Some(1)) {
            prop_assert!(b.bids.iter().all(|x| x.total <= w.total));
        }
    }
}

#[test]
fn json_entry_points_report_a_wrong_shape_as_one_problem() {
    let p = valencia::auction(&json!({ "players": "nobody" })).expect_err("malformed");
    assert_eq!(p.iter().next().map(|x| x.code.as_str()), Some("malformed"));
    let c = valencia::council(
        &json!({ "players": [{ "name": "Ani", "council": ["church"] }, { "name": "Dirk" }] }),
    )
    .expect("valid");
    assert_eq!(c.players[0].points, 1);
    let r = valencia::round(
        &json!({ "round": 2, "step": "c", "players": [{ "name": "Ani" }, { "name": "Dirk" }] }),
    )
    .expect("valid");
    assert_eq!((r.round, r.step, r.places), (2, ValenciaMoment::C, 1));
}

#[test]
fn null_fields_read_as_empty() {
    let t = json!({ "players": [
        { "name": "Ani", "city_members": null, "fountain_members": null, "resources": null, "council": null,
          "stefan_feld": null, "missions": null },
        { "name": "Dirk", "city_members": 2 } ] });
    let b = score(&t);
    assert_eq!(b.players[0].total, Some(0));
    assert_eq!(b.players[1].rank, 1);
}

/// Valencia, p.15 (the corners card): « Vous devez avoir placé au moins deux membres de votre
/// famille dans l'un des quatre coins du mur extérieur de la ville » — one corner, not the four.
/// And p.6: « Si le premier joueur fait lui-même partie de l'égalité, il la remporte toujours » —
/// only the ties they are in. The card text, its rule entry and the clarification say so.
#[test]
fn corners_card_and_tie_clarification_say_what_the_book_says() {
    let catalogue = greffier::rules::Catalogue::load().expect("catalogue");
    let card = valencia::missions().into_iter().find(|m| m.id == "mission_corners").expect("card");
    assert!(card.rule.fr.contains("l’un des quatre coins"), "{}", card.rule.fr);
    assert!(card.rule.en.contains("one of the four corners"), "{}", card.rule.en);
    let entry = catalogue.get(&card.rule_entry).expect("entry");
    assert!(entry.body.fr.contains("l’un des quatre coins"), "{}", entry.body.fr);
    assert!(entry.body.en.contains("one of the four corners"), "{}", entry.body.en);
    let ties = catalogue.get("faq.valencia.auction_ties").expect("clarification");
    assert!(ties.body.en.contains("every tie they are part of"), "{}", ties.body.en);
    assert!(ties.body.fr.contains("toute égalité dont il fait partie"), "{}", ties.body.fr);
    assert!(!ties.body.en.contains("wins every tie."), "{}", ties.body.en);
}

/// Valencia, p.10 (Phase III): « Vous recevez désormais chacun autant de points de prestige que
/// de membres de votre famille qui se trouvent au Conseil » and the majority takes a privilege.
/// Counted on the table itself, once per round: the second count of the same round is refused,
/// whatever a screen shows.
#[test]
fn a_council_phase_is_counted_into_the_table_once_per_round() {
    // Round 2's council phase: round 1's gave Ani 3 points and a privilege (by hand).
    let table = json!({ "variant": "base", "players": [
        { "name": "Ani", "council": ["nobility", "wine"], "council_points": 3, "privileges": 1 },
        { "name": "Dirk", "council": ["church"] } ],
        "progress": { "round": 2, "step": "council" } });
    let once = valencia::count_council(&table).expect("round 2 counts");
    assert_eq!(once["players"][0]["council_points"], json!(5));
    assert_eq!(once["players"][0]["privileges"], json!(2), "the majority takes a privilege");
    assert_eq!(once["players"][1]["council_points"], json!(1));
    assert_eq!(once["players"][1].get("privileges"), None, "no privilege, field untouched");
    assert_eq!(once["progress"]["councils_counted"], json!([2]));

    let twice = valencia::count_council(&once).expect_err("round 2 again");
    assert_eq!(fields(&twice), vec![("progress.councils_counted".to_owned(), "council_counted".to_owned())]);

    // The tracker moved on to round 3's council: it counts, from the values round 2 left.
    let mut next = once.clone();
    next["progress"]["round"] = json!(3);
    let second = valencia::count_council(&next).expect("round 3 counts");
    assert_eq!(second["players"][0]["council_points"], json!(7));
    assert_eq!(second["progress"]["councils_counted"], json!([2, 3]));
    // The table still scores: the progress is part of the Valencia table state.
    assert!(valencia::score(&second).is_ok());
}

/// Valencia, p.6: « Une partie de Valencia est composée de 5 tours qui sont chacun divisés en 3
/// phases, que vous devez effectuer dans l'ordre suivant » — phase III, the council, after
/// phase II's steps A to I. With the tracker at step B of round 3 the council phase is refused
/// (it was counted mid-round, then the real count refused), on the tracker's field,
/// whatever the table holds; at the council phase it counts.
#[test]
fn the_council_is_counted_only_once_the_round_s_last_step_is_done() {
    let table = |step: &str| {
        json!({ "variant": "base", "players": [
            { "name": "Ani", "council": ["nobility"], "council_points": 2, "privileges": 1 },
            { "name": "Dirk", "council": ["church"], "council_points": 2, "privileges": 1 } ],
            "progress": { "round": 3, "step": step, "councils_counted": [1, 2] } })
    };
    for step in ["A", "B", "G", "I"] {
        let refused = valencia::count_council(&table(step)).expect_err("mid-round");
        assert_eq!(fields(&refused), vec![("progress.step".to_owned(), "out_of_order".to_owned())], "{step}");
        assert!(refused.0[0].message.en.starts_with(&format!("The tracker is at step {step} of round 3")));
        assert!(refused.0[0].message.fr.contains("après l’étape I"), "{}", refused.0[0].message.fr);
    }
    let counted = valencia::count_council(&table("council")).expect("phase III");
    assert_eq!(counted["players"][0]["council_points"], json!(3));
    assert_eq!(counted["progress"]["councils_counted"], json!([1, 2, 3]));
}

/// Valencia, p.10 (Phase III): a privilege per council phase at most, and one point per member on
/// the council's 8 seats. Before round 1's phase is counted nobody can hold a privilege or a
/// council point: counting it would add that phase twice (typed by hand, then counted).
#[test]
fn a_council_phase_is_refused_when_the_table_already_holds_its_gains() {
    let table = json!({ "variant": "base", "players": [
        { "name": "Ani", "council": ["nobility"], "council_points": 1, "privileges": 1 },
        { "name": "Dirk", "council": ["church"] } ],
        "progress": { "round": 1, "step": "council" } });
    assert!(valencia::score(&table).is_ok(), "at the council phase, its gains may be on the table");
    let refused = valencia::count_council(&table).expect_err("counted twice");
    assert_eq!(
        fields(&refused),
        vec![
            ("players[0].privileges".to_owned(), "impossible_count".to_owned()),
            ("players[0].council_points".to_owned(), "impossible_count".to_owned()),
        ]
    );
    assert_eq!(
        refused.0[0].message.en,
        "1 privilege before the council phase of round 1 is counted: everyone starts with none and receives one per council phase at most; no council phase has taken place yet."
    );
}

#[test]
fn the_table_progress_is_checked_field_by_field() {
    let bad = json!({ "players": [ { "name": "Ani" }, { "name": "Dirk" } ],
        "progress": { "round": 6, "councils_counted": [1, 1], "cards_left": [1, 2, 3] } });
    let problems = valencia::score(&bad).expect_err("invalid progress");
    let fields: Vec<&str> = problems.0.iter().map(|p| p.field.as_str()).collect();
    assert!(fields.contains(&"progress.round"), "{fields:?}");
    assert!(fields.contains(&"progress.councils_counted[1]"), "{fields:?}");
    assert!(fields.contains(&"progress.cards_left"), "{fields:?}");
    let unknown = json!({ "players": [ { "name": "Ani" }, { "name": "Dirk" } ], "progress": { "rnd": 2 } });
    let problems = valencia::score(&unknown).expect_err("unknown key");
    assert_eq!(problems.0[0].field, "progress.rnd");
}

/// Valencia, p.6: « Le joueur qui remporte le tour d'enchères récupère immédiatement le pion
/// Stefan Feld »; a privilege used goes back to the supply (p.10); Économies gives its coins
/// whatever the rank. The auction being entered is applied to the table once: a restart or a
/// second tap cannot apply it twice.
#[test]
fn an_auction_is_applied_to_the_table_once() {
    let auction = json!({ "step": "A", "first_player": 1, "players": [
        { "name": "Ani", "stack": [{ "card": 6 }, { "card": "economies", "coins": 3 }] },
        { "name": "Dirk", "stack": [{ "card": 3 }], "privileges_spent": 1, "privileges": 0 },
        { "name": "Lilli", "stack": null } ] });
    let table = json!({ "variant": "special_influence", "players": [
        { "name": "Ani", "coins": 4 },
        { "name": "Dirk", "privileges": 2, "stefan_feld": true },
        { "name": "Lilli" } ],
        "progress": { "round": 3, "step": "A", "auction": auction } });
    assert!(valencia::score(&table).is_ok(), "a table with an auction being entered scores");
    let applied = valencia::apply_auction(&table).expect("applies");
    let pawns: Vec<_> = (0..3).map(|i| applied["players"][i]["stefan_feld"].clone()).collect();
    assert_eq!(pawns, [json!(true), json!(false), json!(false)], "the winner takes the pawn");
    assert_eq!(applied["players"][0]["coins"], json!(7), "Économies: 4 + 3");
    assert_eq!(applied["players"][1]["privileges"], json!(1), "the privilege spent goes back");
    assert_eq!(applied["progress"]["auction_applied"], json!(true));
    let mut record = table["progress"]["auction"].clone();
    // The record keeps the taps, and the privileges each held when it was applied.
    for (i, held) in [0, 2, 0].into_iter().enumerate() {
        record["players"][i]["privileges"] = json!(held);
    }
    assert_eq!(applied["progress"]["auction"], record, "the taps stay");

    let twice = valencia::apply_auction(&applied).expect_err("applied already");
    assert_eq!(
        (twice.0[0].field.as_str(), twice.0[0].code.as_str()),
        ("progress.auction_applied", "auction_applied")
    );
    let none = valencia::apply_auction(&json!({ "players": [{ "name": "Ani" }, { "name": "Dirk" }] }))
        .expect_err("nothing to apply");
    assert_eq!(none.0[0].field, "progress.auction");
}

/// A table where Lilli holds the Stefan Feld pawn, with the auction being entered.
fn lilli_holds_the_pawn(auction: Value) -> Value {
    json!({ "variant": "special_influence",
        "players": [{ "name": "Ani" }, { "name": "Dirk" }, { "name": "Lilli", "stefan_feld": true }],
        "progress": { "round": 1, "step": auction["step"], "auction": auction } })
}

fn pawns(table: &Value) -> Vec<Value> {
    (0..3).map(|i| table["players"][i]["stefan_feld"].clone()).collect()
}

/// Valencia, p.6: « Le joueur qui possède le pion Stefan Feld commence », « Si le premier joueur
/// fait lui-même partie de l'égalité, il la remporte toujours » and « Si vous avez tous choisi de
/// passer, le pion Stefan Feld ne change pas de joueur. » Applied to the table, the auction starts
/// with the seat the table gives the pawn to.
#[test]
fn an_applied_auction_starts_with_the_table_s_pawn_holder() {
    let tie = json!({ "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": 3 }] }, { "name": "Dirk", "stack": null },
        { "name": "Lilli", "stack": [{ "card": 3 }] } ] });
    let applied = valencia::apply_auction(&lilli_holds_the_pawn(tie.clone())).expect("applies");
    assert_eq!(pawns(&applied), [json!(false), json!(false), json!(true)], "Lilli wins the tie she is in");
    assert!(valencia::score(&applied).is_ok());

    let passed = json!({ "step": "C", "players": [
        { "name": "Ani", "stack": null }, { "name": "Dirk", "stack": null }, { "name": "Lilli", "stack": null } ] });
    let applied = valencia::apply_auction(&lilli_holds_the_pawn(passed)).expect("applies");
    assert_eq!(pawns(&applied), [json!(false), json!(false), json!(true)], "all passed: the pawn stays");

    // The same seat named by the auction is fine; another one is refused on its field.
    let mut named = tie.clone();
    named["first_player"] = json!(2);
    assert!(valencia::apply_auction(&lilli_holds_the_pawn(named)).is_ok());
    let mut other = tie;
    other["first_player"] = json!(0);
    let refused = valencia::apply_auction(&lilli_holds_the_pawn(other)).expect_err("Ani is not first");
    assert_eq!(
        fields(&refused),
        vec![("progress.auction.first_player".to_owned(), "not_pawn_holder".to_owned())]
    );
    assert!(refused.0[0].message.en.contains("Lilli"), "{}", refused.0[0].message.en);
    assert!(refused.0[0].message.fr.contains("Lilli"), "{}", refused.0[0].message.fr);
}

/// Valencia, p.6: « Le joueur qui remporte le tour d'enchères récupère immédiatement le pion
/// Stefan Feld et devient le premier joueur du tour d'enchères suivant », and the example:
/// « Dirk est le joueur le plus près du premier joueur de ce tour (Patty) ». An applied auction
/// keeps the first player it was played with: the record names them, so reading it again after
/// the pawn moved to its winner ranks it as it was applied (QA: Lilli took Ani's Church seat).
#[test]
fn an_applied_auction_keeps_the_first_player_it_was_played_with() {
    // Lilli holds the pawn; Ani wins with 4; Dirk and Lilli tie at 3: Lilli, first, is 2nd.
    let tie = json!({ "step": "A", "players": [
        { "name": "Ani", "stack": [{ "card": 4 }] }, { "name": "Dirk", "stack": [{ "card": 3 }] },
        { "name": "Lilli", "stack": [{ "card": 3 }] } ] });
    let ranks = |a: &ValenciaAuction| a.bids.iter().map(|b| b.rank).collect::<Vec<_>>();
    let mut as_played = tie.clone();
    as_played["first_player"] = json!(2);
    assert_eq!(ranks(&auction(as_played).expect("resolves")), [Some(1), Some(3), Some(2)]);

    let applied = valencia::apply_auction(&lilli_holds_the_pawn(tie)).expect("applies");
    assert_eq!(pawns(&applied), [json!(true), json!(false), json!(false)], "Ani takes the pawn");
    assert_eq!(applied["progress"]["auction"]["first_player"], json!(2), "the record names Lilli");
    let again = auction(applied["progress"]["auction"].clone()).expect("the record resolves");
    assert_eq!(ranks(&again), [Some(1), Some(3), Some(2)], "Lilli stays 2nd, Dirk 3rd");
    assert_eq!(again.pawn_holder, 0);
}

/// Valencia, p.6: « Le joueur qui possède le pion Stefan Feld commence ». A player reads seats
/// counted from 1, as everywhere else: the auction named the first seat (index 0) while Lilli,
/// in the third seat (index 2), holds the pawn.
#[test]
fn the_first_player_message_counts_seats_from_one() {
    let mut auction = json!({ "step": "C", "first_player": 0, "players": [
        { "name": "Ani", "stack": [{ "card": 3 }] }, { "name": "Dirk", "stack": null },
        { "name": "Lilli", "stack": [{ "card": 3 }] } ] });
    let refused =
        valencia::apply_auction(&lilli_holds_the_pawn(auction.clone())).expect_err("Ani is not first");
    assert_eq!(
        refused.0[0].message.fr,
        "L’enchère commence au siège 1, mais c’est Lilli (siège 3) qui a le pion Stefan Feld\u{202f}: le premier joueur est celui qui a le pion."
    );
    assert_eq!(
        refused.0[0].message.en,
        "The auction starts at seat 1, but Lilli (seat 3) holds the Stefan Feld pawn: the first player is the pawn's holder."
    );

    // A seat the table does not have is named from 1 too, with the seats it has.
    auction["first_player"] = json!(3);
    let refused =
        valencia::resolve_auction(&serde_json::from_value(auction).expect("shape")).expect_err("no 4th seat");
    assert_eq!(fields(&refused), vec![("first_player".to_owned(), "out_of_range".to_owned())]);
    assert_eq!(
        refused.0[0].message.fr,
        "Premier joueur\u{202f}: il n’y a pas de siège 4 à cette table (sièges 1 à 3)."
    );
    assert_eq!(refused.0[0].message.en, "First player: this table has no seat 4 (seats 1 to 3).");
    let church = valencia::round(&json!({ "step": "H", "church": 2,
        "players": [{ "name": "Ani" }, { "name": "Dirk" }] }))
    .expect_err("no 3rd seat");
    assert_eq!(fields(&church), vec![("church".to_owned(), "out_of_range".to_owned())]);
    assert_eq!(
        church.0[0].message.fr,
        "Siège de l’Église\u{202f}: il n’y a pas de siège 3 à cette table (sièges 1 à 2)."
    );
    assert_eq!(church.0[0].message.en, "Church seat: this table has no seat 3 (seats 1 to 2).");
}

/// Valencia, p.13 (Entrepôt): « recevez immédiatement les ressources représentées de la réserve
/// générale »; p.8, Note 1: « Si la réserve de ressources du type correspondant [...] est vide,
/// vous ne recevez pas de ressource ». The supply holds 6 of each type, less those at the table.
#[test]
fn a_warehouse_gives_only_what_the_supply_still_holds() {
    let table = |wine: [u32; 2], auction: Value| {
        json!({ "variant": "special_influence", "players": [
            { "name": "Ani", "resources": { "wine": wine[0] }, "stefan_feld": true },
            { "name": "Dirk", "resources": { "wine": wine[1] } } ],
            "progress": { "step": auction["step"], "auction": auction } })
    };
    let one = json!({ "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": "warehouse", "resource": "wine" }] }, { "name": "Dirk", "stack": null } ] });
    // Empty supply: 4 + 2 wine at the table.
    let applied = valencia::apply_auction(&table([4, 2], one.clone())).expect("applies");
    assert_eq!(applied["players"][0]["resources"]["wine"], json!(4));
    assert!(valencia::score(&applied).is_ok(), "the table stays a legal one");
    // One wine left: it is given.
    let applied = valencia::apply_auction(&table([3, 2], one)).expect("applies");
    assert_eq!(applied["players"][0]["resources"]["wine"], json!(4));
    // One wine left and two warehouses revealed: the first to reveal takes it (Ani starts).
    let two = json!({ "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": "warehouse", "resource": "wine" }] },
        { "name": "Dirk", "stack": [{ "card": "warehouse", "resource": "wine" }] } ] });
    let applied = valencia::apply_auction(&table([3, 2], two)).expect("applies");
    assert_eq!(applied["players"][0]["resources"]["wine"], json!(4));
    assert_eq!(applied["players"][1]["resources"]["wine"], json!(2));
    assert!(valencia::score(&applied).is_ok());
    // The resolver says where the resource comes from, and that an empty supply gives none.
    let resolved = auction(json!({ "variant": "special_influence", "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": "warehouse", "resource": "wine" }] }, { "name": "Dirk", "stack": null } ] }))
    .expect("resolves");
    let note = &resolved.bids[0].cards[0].note;
    assert!(note.en.contains("supply") && note.en.contains("empty"), "{}", note.en);
    assert!(note.fr.contains("réserve") && note.fr.contains("vide"), "{}", note.fr);
}

/// Module 1, Soutien: « vous pouvez immédiatement placer un membre de votre famille
/// supplémentaire sur une case du Conseil qui contient déjà un autre membre de la famille d'un
/// autre joueur, mais seulement s'il s'agit d'une des 5 cases Guilde. » Only a table that plays
/// Soutien (its `special_cards`, absent: all seven) may share a guild seat: the council phase and
/// counting it from the table read the same choice as the score does.
#[test]
fn the_council_shares_a_guild_seat_only_when_the_table_plays_soutien() {
    let council = |cards: serde_json::Value| {
        valencia::council(&json!({ "variant": "special_influence", "special_cards": cards, "players": [
            { "name": "Ani", "council": ["wine"] }, { "name": "Dirk", "council": ["wine"] }] }))
    };
    let codes = |r: Result<valencia::ValenciaCouncil, greffier::games::Problems>| -> Vec<(String, String)> {
        r.expect_err("refused").iter().map(|p| (p.field.clone(), p.code.clone())).collect()
    };
    assert_eq!(
        codes(council(json!(["joker"]))),
        vec![("players[].council.wine".to_owned(), "seat_taken".to_owned())]
    );
    let shared = council(json!(["support"])).expect("Soutien in play");
    assert_eq!(shared.players.iter().map(|s| s.points).collect::<Vec<_>>(), vec![1, 1]);
    let all_seven = valencia::council(&json!({ "variant": "special_influence", "players": [
        { "name": "Ani", "council": ["wine"] }, { "name": "Dirk", "council": ["wine"] }] }));
    assert!(all_seven.is_ok(), "no choice said: all seven cards, Soutien among them");
    assert_eq!(
        codes(valencia::council(&json!({ "special_cards": ["support"], "players": [
            { "name": "Ani" }, { "name": "Dirk" }] }))),
        vec![("special_cards".to_owned(), "not_in_variant".to_owned())]
    );

    let table = json!({ "variant": "special_influence", "special_cards": ["joker"], "players": [
        { "name": "Ani", "council": ["wine"] }, { "name": "Dirk", "council": ["wine"] }] });
    let refused = valencia::count_council(&table).expect_err("no Soutien at this table");
    assert!(refused.iter().any(|p| p.code == "seat_taken"), "{refused:?}");
}

/// The play the history starts for `variant` with `names`, `first` being the first player.
fn started(variant: &str, names: &[&str], first: u8) -> Value {
    use greffier::history::{NewPlay, NewSeat, Store};
    let mut store = Store::open_in_memory().expect("store");
    let seats = names
        .iter()
        .map(|n| NewSeat { player_id: store.create_player(n, None).expect("player").id, colour: None })
        .collect();
    let play = store
        .start_play(&NewPlay {
            game: GameId::Valencia,
            variant: variant.into(),
            location: None,
            notes: None,
            seats,
            first_seat: first,
        })
        .expect("start");
    store.play(play.id).expect("read back").table_state.unwrap_or(Value::Null)
}

/// Valencia, Mise en place: « 11) Vous recevez également de la réserve générale : Des pièces pour
/// une valeur totale de 5 » and « 12) Le dernier joueur à s'être assis au bord d'une fontaine
/// devient le premier joueur et prend le pion Stefan Feld. Ce joueur place également un des
/// membres de sa famille sur la case Noblesse du Conseil. Le joueur assis à sa gauche place
/// ensuite un des membres de sa famille sur la case Église du Conseil. » A new play starts with
/// that table, whatever door started it.
#[test]
fn a_new_play_starts_with_the_books_setup() {
    let table = started("base", &["Ani", "Dirk", "Lilli"], 2);
    let coins: Vec<_> = (0..3).map(|i| table["players"][i]["coins"].clone()).collect();
    assert_eq!(coins, [json!(5), json!(5), json!(5)], "{table}");
    let names: Vec<_> = (0..3).map(|i| table["players"][i]["name"].clone()).collect();
    assert_eq!(names, [json!("Ani"), json!("Dirk"), json!("Lilli")]);
    let pawns: Vec<_> = (0..3).map(|i| table["players"][i]["stefan_feld"].clone()).collect();
    assert_eq!(pawns, [json!(false), json!(false), json!(true)], "the first player takes the pawn");
    let seats: Vec<_> = (0..3).map(|i| table["players"][i]["council"].clone()).collect();
    // Lilli is first (Noblesse); the seat on her left, clockwise, is Ani's (Église).
    assert_eq!(seats, [json!(["church"]), json!([]), json!(["nobility"])]);
    assert_eq!(table["progress"]["round"], json!(1));
    assert_eq!(table["progress"]["step"], json!("A"));
    assert!(table.get("special_cards").is_none(), "no special cards in the base game");
    let board = valencia::score(&table).expect("the starting table scores");
    assert!(board.players.iter().all(|p| p.total == Some(0)));

    let two = started("base", &["Ani", "Dirk"], 0);
    let seats: Vec<_> = (0..2).map(|i| two["players"][i]["council"].clone()).collect();
    assert_eq!(seats, [json!(["nobility"]), json!(["church"])]);
}

/// Valencia, module 1, Mise en place: « Nous vous recommandons de commencer par utiliser une ou
/// deux nouvelles cartes et de vous familiariser graduellement avec leurs effets. » The book names
/// no card: a new play starts with none chosen, and the table ticks the ones it takes.
#[test]
fn a_new_special_influence_play_starts_with_no_special_card_chosen() {
    let table = started("special_influence", &["Ani", "Dirk", "Lilli"], 0);
    assert_eq!(table["special_cards"], json!([]), "{table}");
    assert!(valencia::score(&table).is_ok());
}

/// Valencia, p.7 (A): « Si vous remportez cette enchère, placez un des membres de votre famille
/// sur la case Noblesse du Conseil. Si vous êtes le second à remporter cette enchère, placez un
/// des membres de votre famille sur la case Église du Conseil. » and « Lorsque vous placez un
/// membre de votre famille sur une des 8 cases du Conseil […] remplacez le membre de la famille
/// que vous remplacez dans la réserve de son propriétaire. » Applied to the table, step A moves
/// both seats; the book's example: Dirk, second, already on the Church, keeps it.
#[test]
fn an_applied_auction_a_moves_the_nobility_and_church_seats() {
    // Patty holds the Nobility and the pawn, Dirk the Church. Lilli wins, Dirk is second.
    let auction = json!({ "step": "A", "players": [
        { "name": "Patty", "stack": null }, { "name": "Lilli", "stack": [{ "card": 5 }] },
        { "name": "Dirk", "stack": [{ "card": 3 }] }, { "name": "Ani", "stack": [{ "card": 1 }] } ] });
    let table = json!({ "variant": "base", "players": [
        { "name": "Patty", "council": ["nobility", "wine"], "stefan_feld": true },
        { "name": "Lilli", "council": ["oranges"] },
        { "name": "Dirk", "council": ["church"] },
        { "name": "Ani" } ],
        "progress": { "round": 2, "step": "A", "auction": auction } });
    let applied = valencia::apply_auction(&table).expect("applies");
    let seats: Vec<_> = (0..4).map(|i| applied["players"][i]["council"].clone()).collect();
    assert_eq!(seats, [json!(["wine"]), json!(["nobility", "oranges"]), json!(["church"]), json!(null)]);
    assert!(valencia::score(&applied).is_ok());

    // A rank the table says could not act places nobody; another step moves no seat.
    let mut failed = table.clone();
    failed["progress"]["auction"]["players"][1]["could_not_act"] = json!(true);
    let applied = valencia::apply_auction(&failed).expect("applies");
    assert_eq!(applied["players"][0]["council"], json!(["nobility", "wine"]));
    assert_eq!(applied["players"][1]["council"], json!(["oranges"]));
    let mut c = table;
    c["progress"]["auction"]["step"] = json!("C");
    c["progress"]["step"] = json!("C");
    let applied = valencia::apply_auction(&c).expect("applies");
    assert_eq!(applied["players"][0]["council"], json!(["nobility", "wine"]));
}

/// Valencia, p.6: « Le joueur qui remporte le tour d'enchères récupère immédiatement le pion
/// Stefan Feld » and p.10 (Phase III): « Vous recevez désormais chacun autant de points de
/// prestige que de membres de votre famille qui se trouvent au Conseil ». What the table helpers
/// applied is the play's record: two auctions and a council phase applied through the core's
/// operations and autosaved are the play's round log (History), per round, in both languages;
/// Undo takes the last one back with the rest of the table; a backup carries them.
#[test]
fn applied_auctions_and_counted_councils_are_the_plays_round_log() {
    use greffier::api::Api;
    use greffier::history::{Backup, NewPlay, NewSeat, Store};

    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("greffier.sqlite3");
    let api = Api::open(&db).expect("open");
    let seats = ["Ani", "Dirk", "Lilli"]
        .iter()
        .map(|n| {
            let p = api.create_player(n.to_string(), None).expect("player");
            NewSeat { player_id: p.id, colour: None }
        })
        .collect();
    let play = api
        .start_play(NewPlay {
            game: GameId::Valencia,
            variant: "base".into(),
            location: None,
            notes: None,
            seats,
            first_seat: 0,
        })
        .expect("start");
    let mut table = play.table_state.clone().expect("the book's setup");

    // Round 1, step A: Ani (the pawn) reveals 2, Dirk 5, Lilli passes.
    table["progress"]["auction"] = json!({ "step": "A", "players": [
        { "name": "Ani", "stack": [{ "card": 2 }] },
        { "name": "Dirk", "stack": [{ "card": 5 }] },
        { "name": "Lilli", "stack": null } ] });
    table = api.valencia_apply_auction(table).expect("A applies");
    api.save_table_state(play.id, table.clone(), None).expect("saved");
    // The tracker moves on, step by step, to the council phase of round 1 (the core moves it,
    // and drops the auction applied with the step).
    for step in ["B", "C", "D", "E", "F", "G", "H", "I", "council"] {
        let to = serde_json::from_value(json!({ "round": 1, "step": step })).expect("position");
        table = api.valencia_move(table, to).expect("the next step");
    }
    assert!(table["progress"].get("auction").is_none(), "a move starts a fresh auction");
    table = api.valencia_count_council(table).expect("counts");
    api.save_table_state(play.id, table.clone(), None).expect("saved");
    // Round 2, step A: Dirk (the pawn) waits with the privilege round 1 gave him, Ani reveals 4,
    // Lilli passes, then Dirk reveals 1.
    let to = serde_json::from_value(json!({ "round": 2, "step": "A" })).expect("position");
    table = api.valencia_move(table, to).expect("round 2");
    table["progress"]["auction"] = json!({ "step": "A", "players": [
        { "name": "Ani", "stack": [{ "card": 4 }] },
        { "name": "Dirk", "stack": [{ "card": 1 }], "privileges_spent": 1 },
        { "name": "Lilli", "stack": null } ] });
    table = api.valencia_apply_auction(table).expect("A applies");
    api.save_table_state(play.id, table.clone(), None).expect("saved");

    let detail = api.get_play(play.id).expect("play");
    let lines: Vec<(u8, String, String)> =
        detail.table_log.iter().map(|l| (l.round, l.text.fr.clone(), l.text.en.clone())).collect();
    assert_eq!(
        lines,
        [
            (
                1,
                greffier::text::french(
                    "Enchère A : Dirk la remporte (5) et prend le pion Stefan Feld ; Ani 2e (2) ; Lilli passe ; Noblesse : Dirk, Église : Ani."
                )
                .into_owned(),
                "Auction A: Dirk wins it (5) and takes the Stefan Feld pawn; Ani 2nd (2); Lilli passes; Nobility: Dirk, Church: Ani.".to_owned()
            ),
            (
                1,
                greffier::text::french(
                    "Phase du Conseil : Ani +1 point, Dirk +1 point, Lilli aucun point ; égalité à 1 membre : Ani et Dirk reçoivent un privilège."
                )
                .into_owned(),
                "Council phase: Ani +1 point, Dirk +1 point, Lilli no points; tie at 1 member: Ani and Dirk receive a privilege.".to_owned()
            ),
            (
                2,
                greffier::text::french(
                    "Enchère A : Ani la remporte (4) et prend le pion Stefan Feld ; Dirk 2e (1) ; Lilli passe ; Dirk dépense 1 privilège ; Noblesse : Ani, Église : Dirk."
                )
                .into_owned(),
                "Auction A: Ani wins it (4) and takes the Stefan Feld pawn; Dirk 2nd (1); Lilli passes; Dirk spends 1 privilege; Nobility: Ani, Church: Dirk.".to_owned()
            ),
        ]
    );

    // A backup carries the log: the table state is the play's.
    let mut copy = Store::open_in_memory().expect("empty");
    let backup = Store::open(&db).expect("store").export().expect("export");
    copy.import(&Backup::from_json(&backup.to_json()).expect("parse")).expect("import");
    let restored = copy.list_plays(&Default::default()).expect("list").plays[0].id;
    assert_eq!(copy.play(restored).expect("play").table_log, detail.table_log);

    // Undo takes the last auction back, and its line with it.
    api.undo_table_state(play.id).expect("undo");
    let after = api.get_play(play.id).expect("play");
    assert_eq!(after.table_log.len(), 2);
    assert_eq!(after.table_log[1].text.en, lines[1].2);
}
