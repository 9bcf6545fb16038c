//! The limits and fixed lists each game exports to the UI (`<game>::limits()`, generated into
//! `bindings.ts` as `<GAME>_LIMITS`): each bound is the one `validate` enforces — a table at the
//! bound is accepted on that field, one above is refused there — so the steppers can never offer
//! a value the core refuses, nor refuse one it accepts (the UI's Museum stopped at 60
//! where the core allows 99).

use greffier::games::{GameId, citadelles, orleans, score_json, splendor, valencia};
use serde_json::{Value, json};

/// The fields the core reports a problem on (none when the table scores).
fn refused(game: GameId, table: &Value) -> Vec<String> {
    match score_json(game, &table.to_string()) {
        Ok(_) => Vec::new(),
        Err(p) => p.iter().map(|x| x.field.clone()).collect(),
    }
}

/// `table(max)` is accepted on `field`, `table(max + 1)` is refused there.
fn bound(game: GameId, max: u32, field: &str, table: impl Fn(u32) -> Value) {
    let at = refused(game, &table(max));
    assert!(!at.iter().any(|f| f == field), "{game:?} {field} = {max} refused: {at:?}");
    let above = refused(game, &table(max + 1));
    assert!(above.iter().any(|f| f == field), "{game:?} {field} = {} accepted", max + 1);
}

#[test]
fn valencia_limits_are_the_bounds_validate_enforces() {
    let l = valencia::limits();
    let seat = |key: &str, v: Value| {
        let mut p = json!({"name": "Lilli"});
        p[key] = v;
        json!({"variant": "base", "players": [p, {"name": "Frank"}]})
    };
    for (key, max) in [
        ("coins", l.max_coins),
        ("council_points", l.max_council_points),
        ("city_members", l.members),
        ("privileges", l.max_privileges),
    ] {
        bound(GameId::Valencia, max, &format!("players[0].{key}"), |n| seat(key, json!(n)));
    }
    // One privilege per council phase (p.10), at 5 players too (stand-ins beyond the box's 19).
    bound(GameId::Valencia, l.max_privileges, "players[0].privileges", |n| {
        let others = (1..5).map(|k| json!({"name": format!("P{k}")}));
        json!({"variant": "base", "players": std::iter::once(json!({"name": "Lilli", "privileges": n})).chain(others).collect::<Vec<_>>()})
    });
    bound(GameId::Valencia, l.resources_per_type, "players[0].resources.wine", |n| {
        seat("resources", json!({"wine": n}))
    });
    bound(GameId::Valencia, l.max_fountain_value, "fountains[0].value", |n| {
        let mut t = seat("fountain_members", json!([0]));
        t["fountains"] = json!([{"value": n}]);
        t
    });
    bound(GameId::Valencia, l.max_mission_points, "players[0].missions[0].points", |n| {
        seat("missions", json!([{"id": "mission_palms", "points": n}]))
    });
    // Économies' printed coins, read by the auction resolver.
    let auction = |n: u32| {
        json!({"variant": "special_influence", "step": "B", "players": [
            {"name": "Lilli", "stack": [{"card": "economies", "coins": n}]}, {"name": "Frank", "stack": [{"card": 3}]}]})
    };
    let auction_refused = |n: u32| {
        valencia::resolve_auction(&serde_json::from_value(auction(n)).expect("an auction"))
            .err()
            .map(|p| p.iter().map(|x| x.field.clone()).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    let on_coins = |fields: Vec<String>| fields.iter().any(|f| f.ends_with("stack[0].coins"));
    assert!(
        !on_coins(auction_refused(l.max_economies_coins)),
        "{:?}",
        auction_refused(l.max_economies_coins)
    );
    assert!(
        on_coins(auction_refused(l.max_economies_coins + 1)),
        "{:?}",
        auction_refused(l.max_economies_coins + 1)
    );
    // Privileges spent in one auction, read by the auction resolver (the 5th council phase
    // follows the last auction).
    let spent = |n: u32| {
        let a = json!({"step": "C", "players": [
            {"name": "Lilli", "stack": [{"card": 3}], "privileges_spent": n}, {"name": "Frank", "stack": null}]});
        valencia::resolve_auction(&serde_json::from_value(a).expect("an auction"))
            .err()
            .is_some_and(|p| p.iter().any(|x| x.field == "players[0].privileges_spent"))
    };
    assert!(!spent(l.max_privileges_spent) && spent(l.max_privileges_spent + 1));
    // Nina's cards: one in B and D, two in F, at 2 players only (p.11).
    assert_eq!(l.nina_players, 2);
    assert_eq!(l.nina_cards, [0, 1, 0, 1, 0, 2, 0, 0, 0]);
    // The lists are the ids the table state uses.
    assert_eq!(serde_json::to_value(&l.variants).expect("serializes"), json!(["base", "special_influence"]));
    let info: Vec<&str> = valencia::INFO.variants.iter().map(|v| v.id).collect();
    assert_eq!(l.variants.iter().map(|v| v.id()).collect::<Vec<_>>(), info);
    assert_eq!(l.council_seats.len(), 8);
    assert_eq!(l.auction_steps.len(), 7);
    assert_eq!(
        serde_json::to_value(&l.resources).expect("serializes"),
        json!(["oranges", "dried_fruit", "wine", "clothing", "porcelain"])
    );
    assert_eq!(
        l.special_cards,
        ["joker", "economies", "twins", "warehouse", "support", "vagabond", "central"]
    );
}

#[test]
fn citadelles_limits_are_the_bounds_validate_enforces() {
    let l = citadelles::limits();
    let seat = |key: &str, n: u32, extra: Value| {
        let mut p = json!({"name": "Ani"});
        p[key] = json!(n);
        if let (Some(p), Value::Object(e)) = (p.as_object_mut(), extra) {
            p.extend(e);
        }
        json!({"variant": "deuxieme_edition", "players": [p, {"name": "Dirk"}, {"name": "Lilli"}]})
    };
    bound(GameId::Citadelles, l.max_gold, "players[0].gold", |n| seat("gold", n, json!({})));
    bound(GameId::Citadelles, l.max_cards_in_hand, "players[0].cards_in_hand", |n| {
        seat("cards_in_hand", n, json!({}))
    });
    // The drift this guards against: the UI stopped the Museum at 60.
    assert_eq!(l.max_museum_cards, 99);
    bound(GameId::Citadelles, l.max_museum_cards, "players[0].museum_cards", |n| {
        seat("museum_cards", n, json!({"districts": [l.museum]}))
    });
    assert!(citadelles::card(citadelles::CitadellesVariant::DeuxiemeEdition, l.museum).is_some());
    assert!(citadelles::card(citadelles::CitadellesVariant::Classique, l.haunted_city).is_some());
    assert!(citadelles::CHARACTERS.iter().any(|c| c.id == l.artist));
    // The rounds the table keeps (the round caller's records).
    bound(GameId::Citadelles, l.max_rounds, "rounds", |n| {
        let mut t = seat("gold", 0, json!({}));
        t["rounds"] = Value::Array(vec![json!({}); usize::try_from(n).unwrap_or(0)]);
        t
    });
}

#[test]
fn splendor_limits_are_the_bounds_validate_enforces() {
    let l = splendor::limits();
    // Four players: the most nobles on the table.
    let table = |first: Value| json!({"variant": "trading_posts", "players": [first, {"name": "B"}, {"name": "C"}, {"name": "D"}]});
    bound(GameId::Splendor, l.max_bonus, "players[0].bonuses.white", |n| {
        table(json!({"name": "A", "bonuses": {"white": n}}))
    });
    bound(GameId::Splendor, l.max_prestige, "players[0].card_prestige", |n| {
        // One card to print it on (a player without one has no card prestige).
        table(json!({"name": "A", "bonuses": {"red": 1}, "card_prestige": n}))
    });
    // Bonuses that meet every noble tile, so only the count is at stake.
    let every_noble = json!({"white": 4, "blue": 4, "green": 4, "red": 4, "black": 4});
    bound(GameId::Splendor, l.max_nobles, "players[0].nobles", |n| {
        table(json!({"name": "A", "bonuses": every_noble, "nobles": n}))
    });
    bound(GameId::Splendor, l.max_cards, "players[0].development_cards", |n| {
        let b = l.max_bonus;
        table(
            json!({"name": "A", "bonuses": {"white": b, "blue": b, "green": b, "red": b, "black": b}, "development_cards": n}),
        )
    });
    let cities = |ids: &[&str]| json!({"variant": "cities", "cities_in_play": ids, "players": [{"name": "A"}, {"name": "B"}]});
    let all: Vec<&str> = splendor::CITIES.iter().map(|c| c.id).collect();
    let n = usize::try_from(l.cities_in_play).expect("a few cities");
    assert!(!refused(GameId::Splendor, &cities(&all[..n])).iter().any(|f| f == "cities_in_play"));
    assert!(refused(GameId::Splendor, &cities(&all[..n + 1])).iter().any(|f| f == "cities_in_play"));
    assert_eq!(
        serde_json::to_value(&l.colours).expect("serializes"),
        json!(["white", "blue", "green", "red", "black"])
    );
}

#[test]
fn orleans_limits_are_the_bounds_validate_enforces() {
    let l = orleans::limits();
    // Every scenario, every count its setup puts in play: the seat's stepper stops where the
    // core does (Invasion at 4 players, the city board showing every fortification: a seat's
    // are among them; the Administrateur terrien carries the books).
    for bounds in &l.seat_counts {
        let scenario = bounds.scenario;
        let out = l.not_in_play.iter().find(|n| n.scenario == scenario).expect("every scenario");
        let info = greffier::games::orleans::INFO.variant(scenario.id()).expect("a scenario");
        for c in bounds.counts.iter().filter(|c| !out.counts.contains(&c.key)) {
            bound(GameId::Orleans, c.max, &format!("players[0].{}", c.key), |n| {
                let seats = usize::from(info.max_players).min(4);
                let mut players: Vec<Value> = (0..seats).map(|i| json!({"name": format!("P{i}")})).collect();
                players[0][c.key] = json!(n);
                let mut t = json!({"variant": scenario.id(), "round": 1, "players": players});
                if scenario.id() == "invasion" {
                    t["players"][0]["character"] = json!(l.administrator);
                    t["team"] = json!({"fortifications": l.max_team_fortifications});
                }
                t
            });
        }
    }
    let table = |key: &str, n: u32| {
        let mut p = json!({"name": "Ani", "character": l.administrator});
        p[key] = json!(n);
        json!({"variant": "invasion", "round": 1, "players": [p, {"name": "Dirk"}]})
    };
    for g in &l.goods_in_box {
        bound(GameId::Orleans, g.max, &format!("players[0].goods.{}", g.key), |n| {
            let mut t = table("coins", 0);
            t["players"][0]["goods"] = json!({ g.key: n });
            t
        });
        bound(GameId::Orleans, g.max, &format!("team.warehouse.{}", g.key), |n| {
            let mut t = table("coins", 0);
            t["team"] = json!({"warehouse": { g.key: n }});
            t
        });
    }
    for c in &l.team_counts {
        bound(GameId::Orleans, c.max, &format!("team.{}", c.key), |n| {
            let mut t = table("coins", 0);
            t["team"] = json!({ c.key: n });
            t
        });
    }
    // The 13 border towns, none fortified at setup from 4 players (fewer left at 2 and 3:
    // `the_team_fortifies_only_the_border_towns_the_setup_left_free`).
    bound(GameId::Orleans, l.max_team_fortifications, "team.fortifications", |n| {
        let mut t = table("coins", 0);
        t["players"] = json!([t["players"][0], {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Frank"}]);
        t["team"] = json!({"fortifications": n});
        t
    });
    // The stepper's bound at each Invasion player count is the one the core enforces.
    for (n, &free) in l.fortifications_to_build.iter().enumerate().skip(2) {
        bound(GameId::Orleans, free, "team.fortifications", |k| {
            let seats: Vec<_> = (0..n).map(|i| json!({"name": format!("P{i}")})).collect();
            json!({"variant": "invasion", "round": 1, "players": seats, "team": {"fortifications": k}})
        });
    }
    assert_eq!(l.fortifications_to_build.len(), 6, "Invasion seats 2 to 5 players");
    bound(
        GameId::Orleans,
        l.max_building_points,
        "players[0].buildings[0]",
        |n| json!({"variant": "prosperite", "round": 1, "players": [{"name": "Ani", "buildings": [n]}, {"name": "Dirk"}]}),
    );
    assert_eq!(l.counts.len(), 14);
    assert_eq!(l.seat_counts.len(), 6, "every scenario");
    assert_eq!(
        serde_json::to_value(&l.goods).expect("serializes"),
        json!(["grain", "cheese", "wine", "wool", "brocade"])
    );
}
