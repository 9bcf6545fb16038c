use serde_json::json;

use super::*;

fn names(track: &[&str]) -> Vec<&'static str> {
    track.iter().map(|id| event(id).map_or("?", |e| e.name.fr)).collect()
}

fn player() -> OrleansPlayer {
    OrleansPlayer { name: "Ani".into(), development_level: 1, ..OrleansPlayer::default() }
}

fn ev(id: &str) -> &'static EventDef {
    event(id).unwrap_or_else(|| panic!("no event {id}"))
}

// --- Fixed tracks, round by round, as listed in the book's "Aperçu des événements".

#[test]
fn prosperite_track_is_the_books() {
    assert_eq!(
        names(OrleansScenario::Prosperite.track()),
        [
            "Soutien",
            "Indulgence",
            "Pèlerinage",
            "Taxes",
            "Émeutes",
            "Pot de vin",
            "Peste",
            "Incendie",
            "Messe",
            "Pérégrinations",
            "Restauration",
            "Moisson",
            "Fête des pèlerins",
            "Peste",
            "Jour de marché",
            "Taxe de développement",
        ]
    );
}

#[test]
fn duel_track_is_the_books_with_its_numbers() {
    let track = OrleansScenario::Duel.track();
    assert_eq!(
        names(track),
        [
            "Rencontre en ville",
            "Moisson",
            "Jour de commerce",
            "Échange",
            "Jour du fromage",
            "Taxe technologique",
            "Jour de commerce",
            "Voyage express",
            "Taxe sur les marchandises",
            "Cotisation",
            "Moisson",
            "Jour de commerce",
            "Taxe sur les marchandises",
            "Cotisation",
            "Cotisation",
            "Retour à la maison",
        ]
    );
    let effect = |round: usize| ev(track[round - 1]).effect;
    assert_eq!(effect(3), Effect::GainPerTradingPost(3));
    assert_eq!(effect(7), Effect::GainPerTradingPost(2));
    assert_eq!(effect(12), Effect::GainPerTradingPost(1));
    assert_eq!(effect(6), Effect::PayPerTechnology(1));
    assert_eq!(effect(10), Effect::PayValue(7));
    assert_eq!(effect(14), Effect::PayValue(7));
    assert_eq!(effect(15), Effect::PayValue(4));
    assert_eq!(effect(11), Effect::PayFood(2));
    assert_eq!(effect(2), Effect::Harvest);
}

#[test]
fn dignitaire_track_is_the_books_with_its_numbers() {
    let track = OrleansScenario::Dignitaire.track();
    assert_eq!(
        names(track),
        [
            "Conférence",
            "Grève",
            "Croisade",
            "Pèlerinage",
            "Revenus",
            "Jour de commerce",
            "Cotisation",
            "Taxe technologique",
            "Jour de commerce",
            "Revenus",
            "Cotisation",
            "Jour de commerce",
            "Sabotage",
            "Rupture d'essieu",
            "Jour de commerce",
            "Cotisation",
        ]
    );
    let effect = |round: usize| ev(track[round - 1]).effect;
    assert_eq!(effect(5), Effect::GainPerDevelopmentLevel(2));
    assert_eq!(effect(10), Effect::GainPerDevelopmentLevel(1));
    assert_eq!(effect(6), Effect::GainPerTradingPost(3));
    assert_eq!(effect(9), Effect::GainPerTradingPost(2));
    assert_eq!(effect(12), Effect::GainPerTradingPost(2));
    assert_eq!(effect(15), Effect::GainPerTradingPost(1));
    assert_eq!(effect(7), Effect::PayCoins(5));
    assert_eq!(effect(11), Effect::PayCoins(10));
    assert_eq!(effect(16), Effect::PayCoins(15));
    assert_eq!(effect(8), Effect::PayPerTechnology(2));
    assert_eq!(ev(track[7]).failure, Some(OrleansFailure::RemoveTechnology));
}

#[test]
fn vierzon_track_is_the_books() {
    let track = OrleansScenario::Vierzon.track();
    assert_eq!(
        names(track),
        [
            "Grève",
            "Pèlerinage",
            "Moisson",
            "Croisade",
            "Revenus",
            "Amnistie",
            "Peste",
            "Sabotage",
            "Taxe sur les marchandises",
            "Jour de commerce",
            "Conférence",
            "Moisson",
            "Tempête",
            "Bannissement",
        ]
    );
    assert_eq!(ev(track[4]).effect, Effect::GainPerDevelopmentLevel(3));
    assert_eq!(ev(track[9]).effect, Effect::GainPerTradingPost(2));
    assert_eq!(ev(track[13]).moment, OrleansMoment::AfterDraw);
}

#[test]
fn marchand_track_is_food_then_feast() {
    let track = OrleansScenario::Marchand.track();
    assert_eq!(track.len(), 15);
    assert!(track[..10].iter().all(|e| ev(e).effect == Effect::FoodOrCoins { food: 1, coins: 2 }));
    assert!(track[10..].iter().all(|e| ev(e).effect == Effect::FoodOrCoins { food: 2, coins: 4 }));
}

#[test]
fn rounds_per_scenario_and_player_count() {
    assert_eq!(OrleansScenario::Prosperite.rounds(4), 16);
    assert_eq!(OrleansScenario::Duel.rounds(2), 16);
    assert_eq!(OrleansScenario::Dignitaire.rounds(1), 16);
    assert_eq!(OrleansScenario::Vierzon.rounds(1), 14);
    assert_eq!(OrleansScenario::Marchand.rounds(1), 15);
    assert_eq!(OrleansScenario::Invasion.rounds(2), 18);
    assert_eq!(OrleansScenario::Invasion.rounds(3), 18);
    assert_eq!(OrleansScenario::Invasion.rounds(4), 16);
    assert_eq!(OrleansScenario::Invasion.rounds(5), 16);
}

#[test]
fn event_ids_are_unique_and_every_track_and_stack_names_known_events() {
    let mut ids: Vec<&str> = EVENTS.iter().map(|e| e.id).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), before);
    for s in OrleansScenario::ALL {
        for id in s.track() {
            assert!(event(id).is_some(), "{id} in {}", s.id());
        }
    }
    let stacks =
        event_catalogue().into_iter().filter(|e| e.appears_in.iter().any(|s| s.stack.is_some())).count();
    assert_eq!(stacks, 31, "16 A + 14 B + 1 C, every tile distinct");
}

#[test]
fn the_events_index_places_peste_where_the_book_says() {
    let spots = event_spots("peste");
    let rounds: Vec<(OrleansScenario, Option<u8>)> = spots.iter().map(|s| (s.scenario, s.round)).collect();
    assert_eq!(
        rounds,
        vec![
            (OrleansScenario::Prosperite, Some(7)),
            (OrleansScenario::Prosperite, Some(14)),
            (OrleansScenario::Vierzon, Some(7)),
            (OrleansScenario::Invasion, None),
        ]
    );
}

// --- Resolvers.

#[test]
fn trading_day_pays_per_trading_post() {
    let p = OrleansPlayer { trading_posts: 2, coins: 1, ..player() };
    let r = resolve_player(ev("jour_de_commerce_3"), OrleansScenario::Dignitaire, 0, &p);
    assert_eq!((r.status, r.coins_gained, r.coins_after), (OrleansResolutionStatus::Gain, 6, 7));
    let none = resolve_player(ev("jour_de_commerce_3"), OrleansScenario::Dignitaire, 0, &player());
    assert_eq!(none.status, OrleansResolutionStatus::NoEffect);
}

#[test]
fn income_doubles_and_triples_the_development_level() {
    let p = OrleansPlayer { development_level: 3, ..player() };
    assert_eq!(resolve_player(ev("revenus_2"), OrleansScenario::Dignitaire, 0, &p).coins_gained, 6);
    assert_eq!(resolve_player(ev("revenus_3"), OrleansScenario::Vierzon, 0, &p).coins_gained, 9);
    assert_eq!(resolve_player(ev("revenus"), OrleansScenario::Dignitaire, 0, &p).coins_gained, 3);
}

#[test]
fn dignitaire_contribution_paid_partly_paid_unpaid() {
    let e = ev("cotisation_10");
    let paid = resolve_player(e, OrleansScenario::Dignitaire, 0, &OrleansPlayer { coins: 12, ..player() });
    assert_eq!(
        (paid.status, paid.coins_after, paid.consequence),
        (OrleansResolutionStatus::Payable, 2, None)
    );
    let partly = resolve_player(e, OrleansScenario::Dignitaire, 0, &OrleansPlayer { coins: 7, ..player() });
    assert_eq!(partly.status, OrleansResolutionStatus::Partial);
    assert_eq!((partly.shortfall, partly.coins_after), (3, 0));
    assert_eq!(partly.consequence, Some(OrleansFailure::Torture));
    let unpaid = resolve_player(e, OrleansScenario::Dignitaire, 0, &player());
    assert_eq!((unpaid.status, unpaid.shortfall), (OrleansResolutionStatus::Unpaid, 10));
}

#[test]
fn dignitaire_technology_tax_removes_the_tiles_it_cannot_pay() {
    let e = ev("taxe_technologique_2");
    let p = |coins, technology| OrleansPlayer { coins, technology, ..player() };
    let paid = resolve_player(e, OrleansScenario::Dignitaire, 0, &p(7, 3));
    assert_eq!((paid.status, paid.coins_after, paid.shortfall), (OrleansResolutionStatus::Payable, 1, 0));
    let partly = resolve_player(e, OrleansScenario::Dignitaire, 0, &p(5, 3));
    assert_eq!(partly.status, OrleansResolutionStatus::Partial);
    assert_eq!(partly.options[0].coins, 4, "two tiles paid");
    assert_eq!(partly.options[0].technology, 1, "one tile removed");
    assert_eq!(partly.coins_after, 1);
    assert_eq!(partly.consequence, Some(OrleansFailure::RemoveTechnology));
    let unpaid = resolve_player(e, OrleansScenario::Dignitaire, 0, &p(1, 2));
    assert_eq!((unpaid.status, unpaid.shortfall), (OrleansResolutionStatus::Unpaid, 2));
}

#[test]
fn duel_contribution_example_one_brocade_and_two_coins() {
    // Le duel, Cotisation: "p. ex. 1 Brocart et 2 pièces" for 7 VP.
    let p =
        OrleansPlayer { coins: 2, goods: OrleansGoods { brocade: 1, ..OrleansGoods::default() }, ..player() };
    let r = resolve_player(ev("cotisation_7pv"), OrleansScenario::Duel, 0, &p);
    assert_eq!(r.status, OrleansResolutionStatus::Payable);
    assert_eq!(r.options.len(), 1);
    assert_eq!((r.options[0].coins, r.options[0].goods.brocade), (2, 1));
}

#[test]
fn value_payment_lists_the_cheapest_first_without_wasted_goods() {
    let held = OrleansGoods { grain: 2, wine: 1, wool: 2, ..OrleansGoods::default() };
    let ways = value_ways(&held, 10, 7, true);
    // Exactly 7 is possible in several ways; nothing pays more than needed first.
    assert!(ways.iter().all(|w| w.points() >= 7));
    assert_eq!(ways[0].points(), 7);
    // 2 wool = 8 ≥ 7: no grain added on top of it.
    assert!(!ways.iter().any(|w| w.goods.wool == 2 && w.goods.grain > 0));
    let partly = resolve_player(
        ev("cotisation_7pv"),
        OrleansScenario::Duel,
        0,
        &OrleansPlayer { coins: 3, goods: OrleansGoods { grain: 1, ..OrleansGoods::default() }, ..player() },
    );
    assert_eq!((partly.status, partly.shortfall), (OrleansResolutionStatus::Partial, 3));
    assert_eq!(partly.consequence, Some(OrleansFailure::Loss), "no torture in the duel");
}

#[test]
fn duel_failures_lose_instead_of_torture() {
    let r = resolve_player(
        ev("taxe_sur_les_marchandises"),
        OrleansScenario::Duel,
        0,
        &OrleansPlayer { goods: OrleansGoods { grain: 3, ..OrleansGoods::default() }, coins: 1, ..player() },
    );
    assert_eq!((r.coins_owed, r.shortfall, r.consequence), (3, 2, Some(OrleansFailure::Loss)));
    let v = resolve_player(
        ev("taxe_sur_les_marchandises"),
        OrleansScenario::Vierzon,
        0,
        &OrleansPlayer { goods: OrleansGoods { grain: 3, ..OrleansGoods::default() }, coins: 1, ..player() },
    );
    assert_eq!(v.consequence, Some(OrleansFailure::Torture));
    let cheese = resolve_player(ev("jour_du_fromage"), OrleansScenario::Duel, 0, &player());
    assert_eq!(
        (cheese.status, cheese.consequence),
        (OrleansResolutionStatus::Unpaid, Some(OrleansFailure::Loss))
    );
}

#[test]
fn food_or_coins_paid_with_food_or_coins_or_lost() {
    let e = ev("grand_festin");
    let food = OrleansPlayer {
        goods: OrleansGoods { grain: 1, wine: 1, ..OrleansGoods::default() },
        coins: 4,
        ..player()
    };
    let r = resolve_player(e, OrleansScenario::Marchand, 0, &food);
    assert_eq!(r.status, OrleansResolutionStatus::Payable);
    assert_eq!(r.options[0].points(), 4, "grain + wine and 4 coins both cost 4 VP");
    assert_eq!(r.options.len(), 2);
    let coins_only = resolve_player(
        e,
        OrleansScenario::Marchand,
        0,
        &OrleansPlayer { coins: 4, goods: OrleansGoods { cheese: 1, ..OrleansGoods::default() }, ..player() },
    );
    assert_eq!(coins_only.options, vec![OrleansPayment { coins: 4, ..OrleansPayment::default() }]);
    let starving = resolve_player(
        e,
        OrleansScenario::Marchand,
        0,
        &OrleansPlayer { coins: 3, goods: OrleansGoods { grain: 1, ..OrleansGoods::default() }, ..player() },
    );
    assert_eq!(
        (starving.status, starving.consequence),
        (OrleansResolutionStatus::Unpaid, Some(OrleansFailure::Loss))
    );
}

#[test]
fn base_harvest_takes_food_first_then_five_coins() {
    let e = ev("moisson");
    let fed = resolve_player(
        e,
        OrleansScenario::Vierzon,
        0,
        &OrleansPlayer { goods: OrleansGoods { cheese: 1, grain: 1, ..OrleansGoods::default() }, ..player() },
    );
    assert_eq!(fed.options[0].goods.grain, 1, "the cheapest food first");
    let coins = resolve_player(e, OrleansScenario::Vierzon, 0, &OrleansPlayer { coins: 6, ..player() });
    assert_eq!((coins.coins_owed, coins.coins_after), (5, 1));
    let tortured = resolve_player(e, OrleansScenario::Vierzon, 0, &OrleansPlayer { coins: 2, ..player() });
    assert_eq!((tortured.shortfall, tortured.consequence), (3, Some(OrleansFailure::Torture)));
}

#[test]
fn riots_knight_or_coins() {
    let e = ev("emeutes");
    let both = resolve_player(
        e,
        OrleansScenario::Prosperite,
        0,
        &OrleansPlayer { knights: 1, coins: 5, ..player() },
    );
    assert_eq!(both.options.len(), 2);
    let neither = resolve_player(e, OrleansScenario::Prosperite, 0, &OrleansPlayer { coins: 2, ..player() });
    assert_eq!((neither.shortfall, neither.consequence), (3, Some(OrleansFailure::Torture)));
}

/// Prospérité, Émeutes with 17 coins and no knight: « Défaussez un Chevalier […] ou payez
/// 5 pièces ». The only way is 5 coins, so 12 remain (QA round 5 showed 17). With a knight
/// too, each way says the coins it leaves: 17 after the knight, 12 after the coins.
#[test]
fn riots_paid_in_coins_leave_the_coins_minus_five() {
    let e = ev("emeutes");
    let rich = resolve_player(e, OrleansScenario::Prosperite, 0, &OrleansPlayer { coins: 17, ..player() });
    assert_eq!(rich.options, vec![OrleansPayment { coins: 5, ..OrleansPayment::default() }]);
    assert_eq!(rich.coins_after, 12);
    assert_eq!(rich.coins_after_each, vec![12]);
    let knight = resolve_player(
        e,
        OrleansScenario::Prosperite,
        0,
        &OrleansPlayer { knights: 1, coins: 17, ..player() },
    );
    assert_eq!(knight.coins_after, 17, "the first way is the knight");
    assert_eq!(knight.coins_after_each, vec![17, 12]);
}

/// Each way to pay says the coins it leaves, whichever the table picks (Grand festin: food or
/// 4 coins).
#[test]
fn every_way_says_the_coins_it_leaves() {
    let e = ev("grand_festin");
    let food = OrleansPlayer {
        goods: OrleansGoods { grain: 1, wine: 1, ..OrleansGoods::default() },
        coins: 9,
        ..player()
    };
    let r = resolve_player(e, OrleansScenario::Marchand, 0, &food);
    let each: Vec<u32> = r.options.iter().map(|o| 9 - o.coins).collect();
    assert!(each.contains(&5) && each.contains(&9), "{each:?}");
    assert_eq!(r.coins_after_each, each);
}

#[test]
fn team_demolition_items_then_coins_then_defeat() {
    let e = ev("demolition");
    let team = OrleansTeam::default();
    let two = |t0, c0, t1, c1| {
        vec![
            OrleansPlayer { technology: t0, coins: c0, ..player() },
            OrleansPlayer { name: "Dirk".into(), technology: t1, coins: c1, ..player() },
        ]
    };
    let paid = resolve_team(e, OrleansScenario::Invasion, &two(1, 0, 1, 0), &team);
    assert_eq!((paid.status, paid.coins_owed), (OrleansResolutionStatus::Payable, 0));
    let partly = resolve_team(e, OrleansScenario::Invasion, &two(1, 2, 0, 1), &team);
    assert_eq!(
        (partly.status, partly.coins_owed, partly.coins_after),
        (OrleansResolutionStatus::Payable, 3, 0)
    );
    let lost = resolve_team(e, OrleansScenario::Invasion, &two(0, 2, 0, 1), &team);
    assert_eq!(
        (lost.status, lost.shortfall, lost.consequence),
        (OrleansResolutionStatus::Partial, 3, Some(OrleansFailure::Loss))
    );
    // 4 players: 3 tiles.
    let four: Vec<OrleansPlayer> = (0..4).map(|_| OrleansPlayer { coins: 3, ..player() }).collect();
    assert_eq!(resolve_team(e, OrleansScenario::Invasion, &four, &team).coins_owed, 9);
}

#[test]
fn witch_hunt_development_then_monks_then_defeat() {
    let e = ev("chasse_aux_sorcieres");
    let team = OrleansTeam::default();
    let ok = resolve_team(
        e,
        OrleansScenario::Invasion,
        &[OrleansPlayer { development_points: 4, development_points_typed: true, monks: 2, ..player() }],
        &team,
    );
    assert_eq!(
        (ok.options[0].development, ok.options[0].monks, ok.status),
        (4, 2, OrleansResolutionStatus::Payable)
    );
    let lost = resolve_team(
        e,
        OrleansScenario::Invasion,
        &[OrleansPlayer { development_points: 4, development_points_typed: true, monks: 1, ..player() }],
        &team,
    );
    assert_eq!((lost.shortfall, lost.consequence), (1, Some(OrleansFailure::Loss)));
}

#[test]
fn robbery_goods_or_fortification_else_defeat() {
    let e = ev("braquage");
    let goods = resolve_player(
        e,
        OrleansScenario::Invasion,
        0,
        &OrleansPlayer { goods: OrleansGoods { wool: 1, grain: 1, ..OrleansGoods::default() }, ..player() },
    );
    assert_eq!(goods.options[0].goods.points(), 5);
    let fort =
        resolve_player(e, OrleansScenario::Invasion, 0, &OrleansPlayer { fortifications: 1, ..player() });
    assert_eq!(fort.options[0].fortifications, 1);
    let lost = resolve_player(e, OrleansScenario::Invasion, 0, &OrleansPlayer { coins: 20, ..player() });
    assert_eq!(lost.consequence, Some(OrleansFailure::Loss), "coins do not count");
}

#[test]
fn fishing_grounds_and_journey() {
    assert_eq!([0, 1, 2, 3, 4, 5].map(boatmen_coins), [0, 2, 3, 4, 5, 0]);
    let away = resolve_player(ev("voyage"), OrleansScenario::Invasion, 0, &player());
    assert_eq!(away.status, OrleansResolutionStatus::NoEffect);
    let home = resolve_player(
        ev("voyage"),
        OrleansScenario::Invasion,
        0,
        &OrleansPlayer { in_orleans: true, coins: 3, ..player() },
    );
    assert_eq!((home.shortfall, home.consequence), (1, Some(OrleansFailure::Loss)));
}

#[test]
fn rats_take_what_the_warehouse_has() {
    let team = OrleansTeam {
        warehouse: OrleansGoods { cheese: 1, grain: 4, ..OrleansGoods::default() },
        ..OrleansTeam::default()
    };
    let r = resolve_team(ev("rats"), OrleansScenario::Invasion, &[player()], &team);
    assert_eq!((r.options[0].goods.cheese, r.options[0].goods.grain), (1, 1));
}

// --- Deck builder.

#[test]
fn deck_counts_by_player_count_and_order_a_b_c() {
    for (players, a, b) in [(2u8, 9, 8), (3, 9, 8), (4, 8, 7), (5, 8, 7)] {
        let deck = build_deck(&OrleansDeckPlan { players, ..OrleansDeckPlan::default() }, 7).expect("deck");
        assert_eq!(deck.order.len(), a + b + 1, "{players} players");
        let stack = |id: &String| {
            if catalogue::INVASION_A.contains(&id.as_str()) {
                'A'
            } else if catalogue::INVASION_B.contains(&id.as_str()) {
                'B'
            } else {
                'C'
            }
        };
        let stacks: String = deck.order.iter().map(stack).collect();
        assert_eq!(stacks, format!("{}{}C", "A".repeat(a), "B".repeat(b)));
    }
}

#[test]
fn deck_is_reproducible_from_its_seed() {
    let plan = OrleansDeckPlan { players: 3, ..OrleansDeckPlan::default() };
    let one = build_deck(&plan, 2024).expect("deck");
    assert_eq!(one, build_deck(&plan, 2024).expect("deck"));
    assert_ne!(one.order, build_deck(&plan, 2025).expect("deck").order);
}

#[test]
fn deck_respects_set_aside_and_hard_mode() {
    let plan =
        OrleansDeckPlan { players: 4, set_aside: vec!["braquage".into(), "voyage".into()], hard_mode: true };
    for seed in 0..20 {
        let deck = build_deck(&plan, seed).expect("deck");
        for gone in ["braquage", "voyage", "soutien", "entrainement"] {
            assert!(!deck.order.iter().any(|t| t == gone), "{gone} with seed {seed}");
        }
    }
    // 16 A − 8 set aside leaves 8: enough at 4 players, not at 2.
    let eight: Vec<String> = catalogue::INVASION_A.iter().take(8).map(|s| s.to_string()).collect();
    assert!(
        build_deck(&OrleansDeckPlan { players: 4, set_aside: eight.clone(), hard_mode: false }, 1).is_ok()
    );
    let err = build_deck(&OrleansDeckPlan { players: 2, set_aside: eight, hard_mode: false }, 1)
        .expect_err("too few A");
    assert_eq!(err.0[0].code, "stack_too_small");
    let err =
        build_deck(&OrleansDeckPlan { players: 6, set_aside: vec!["nope".into()], hard_mode: false }, 1)
            .expect_err("bad");
    let codes: Vec<&str> = err.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(codes, ["player_count", "unknown_tile"]);
}

// --- Table, goals, win/loss.

fn table(v: serde_json::Value) -> OrleansTable {
    validate(&parse(&v).expect("shape")).expect("valid")
}

#[test]
fn dignitaire_wins_on_the_eighth_citizen_at_once() {
    let t = |citizens, round, easy| {
        table(
            json!({"variant": "dignitaire", "round": round, "options": {"easy": easy}, "players": [{"name": "Ani", "citizens": citizens}]}),
        )
    };
    let seven = t(7, 9, false);
    let st = status(&seven, &goals(&seven));
    assert_eq!(st.state, OrleansState::InProgress);
    let eight = t(8, 9, false);
    let st = status(&eight, &goals(&eight));
    assert_eq!((st.state, st.round), (OrleansState::Won, 9));
    let easy = t(7, 9, true);
    assert_eq!(status(&easy, &goals(&easy)).state, OrleansState::Won);
    let late = t(7, 17, false);
    let st = status(&late, &goals(&late));
    assert_eq!((st.state, st.round), (OrleansState::Lost, 16));
}

#[test]
fn vierzon_builder_deadline_is_before_round_nine() {
    let t = |round_done| {
        table(
            json!({"variant": "vierzon", "round": 10, "players": [{"name": "Ani", "objectives": {"batisseur": round_done}}]}),
        )
    };
    let on_time = goals(&t(8));
    assert!(on_time[0].done);
    let late = goals(&t(9));
    assert!(!late[0].done);
    assert!(late[0].refused.is_some());
}

/// Vierzon, Objectifs: « Engager un bâtisseur dans les temps : Payez 10 pièces avant le début de
/// la manche 9. » Once round 9 has begun without it, the five objectives can no longer all be
/// met: the game is lost then (at the deadline's round), not only after round 14.
#[test]
fn vierzon_is_lost_once_round_nine_begins_without_a_builder() {
    let at = |round: u8, builder: Option<u8>| {
        let objectives = builder.map_or_else(|| json!({}), |r| json!({"batisseur": r}));
        let t = table(
            json!({"variant": "vierzon", "round": round, "players": [{"name": "Ani", "objectives": objectives}]}),
        );
        let st = status(&t, &goals(&t));
        (st.state, st.round)
    };
    assert_eq!(at(8, None).0, OrleansState::InProgress, "round 8: still time");
    assert_eq!(at(9, None), (OrleansState::Lost, 8));
    assert_eq!(at(10, Some(9)), (OrleansState::Lost, 8), "hired too late");
    assert_eq!(at(10, Some(8)).0, OrleansState::InProgress);
}

#[test]
fn vierzon_round_fourteen_is_the_deadline() {
    let all =
        |r14| json!({"batisseur": 3, "entreprise": 5, "materiel": 7, "forteresse": 10, "capitale": r14});
    let won = table(
        json!({"variant": "vierzon", "round": 14, "players": [{"name": "Ani", "objectives": all(14)}]}),
    );
    let st = status(&won, &goals(&won));
    assert_eq!((st.state, st.round), (OrleansState::Won, 14));
    let short = table(
        json!({"variant": "vierzon", "round": 15, "players": [{"name": "Ani", "objectives": {"batisseur": 3}}]}),
    );
    let st = status(&short, &goals(&short));
    assert_eq!((st.state, st.round), (OrleansState::Lost, 14));
}

#[test]
fn harder_steps_one_per_round_then_in_order() {
    let objectives = json!({"laines_bourges": 4, "lot_chartres": 4, "cereales_tours": 6});
    let free = table(
        json!({"variant": "marchand", "round": 7, "players": [{"name": "Ani", "objectives": objectives}]}),
    );
    assert_eq!(goals(&free).iter().filter(|g| g.done).count(), 3);
    let one = table(
        json!({"variant": "marchand", "round": 7, "options": {"one_per_round": true}, "players": [{"name": "Ani", "objectives": objectives}]}),
    );
    assert_eq!(goals(&one).iter().filter(|g| g.done).count(), 2, "two in round 4: the second is refused");
    let ordered = table(
        json!({"variant": "marchand", "round": 7, "options": {"in_order": true}, "players": [{"name": "Ani", "objectives": {"laines_bourges": 2, "lot_chartres": 4, "cereales_tours": 6}}]}),
    );
    let g = goals(&ordered);
    assert!(g[0].done && g[1].done);
    assert!(!g[3].done, "Tours before Vendôme breaks the order");
}

#[test]
fn marchand_unpaid_food_loses_at_once() {
    let t = table(
        json!({"variant": "marchand", "round": 6, "players": [{"name": "Ani"}], "log": [{"round": 5, "event": "nourriture", "paid": false}]}),
    );
    let st = status(&t, &goals(&t));
    assert_eq!((st.state, st.round), (OrleansState::Lost, 5));
}

#[test]
fn duel_same_round_finish_goes_to_goods_then_coins_then_shared() {
    let all = json!({"comptabilite": 5, "filiales": 8, "vin_chatellerault": 9, "habiller_sa_dame": 12});
    let duel = |a: serde_json::Value, b: serde_json::Value| {
        let t = table(json!({"variant": "duel", "round": 12, "players": [
            {"name": "Ani", "objectives": all, "goods": a["goods"], "coins": a["coins"]},
            {"name": "Dirk", "objectives": all, "goods": b["goods"], "coins": b["coins"]}]}));
        status(&t, &goals(&t)).winners
    };
    assert_eq!(
        duel(json!({"goods": {"wool": 1}, "coins": 0}), json!({"goods": {"wine": 1}, "coins": 9})),
        vec![0]
    );
    assert_eq!(
        duel(json!({"goods": {"wool": 1}, "coins": 2}), json!({"goods": {"grain": 4}, "coins": 3})),
        vec![1]
    );
    assert_eq!(
        duel(json!({"goods": {"wool": 1}, "coins": 3}), json!({"goods": {"grain": 4}, "coins": 3})),
        vec![0, 1]
    );
}

#[test]
fn duel_earlier_finish_wins_and_nobody_after_sixteen() {
    let t = table(json!({"variant": "duel", "round": 12, "players": [
        {"name": "Ani", "objectives": {"comptabilite": 5, "filiales": 8, "vin_chatellerault": 9, "habiller_sa_dame": 11}},
        {"name": "Dirk", "objectives": {"comptabilite": 5, "filiales": 8, "vin_chatellerault": 9, "habiller_sa_dame": 12}}]}));
    let st = status(&t, &goals(&t));
    assert_eq!((st.state, st.round, st.winners), (OrleansState::Won, 11, vec![0]));
    let none = table(json!({"variant": "duel", "round": 17, "players": [{"name": "Ani"}, {"name": "Dirk"}]}));
    assert_eq!(status(&none, &goals(&none)).state, OrleansState::Over);
}

#[test]
fn invasion_common_goals_by_player_count_and_renfort() {
    assert_eq!(common_targets(2), (5, 7, 30, [6, 3, 3]));
    assert_eq!(common_targets(5), (13, 10, 50, [14, 7, 7]));
    let deck = build_deck(&OrleansDeckPlan { players: 2, ..OrleansDeckPlan::default() }, 3).expect("deck");
    let renfort_at = deck.order.iter().position(|t| t == "renfort");
    let t = table(json!({"variant": "invasion", "round": 18, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "team": {"ramparts": 5}, "deck": {"seed": 3, "order": deck.order}}));
    let ramparts = goals(&t).into_iter().find(|g| g.id == "remparts").expect("ramparts");
    assert_eq!(ramparts.target, 5 + u32::from(renfort_at.is_some()));
    let fort = goals(&t).into_iter().find(|g| g.id == "fortifications").expect("fortifications");
    assert_eq!(fort.current, 7, "pre-placed at 2 players");
}

// --- Prospérité scoring.

/// The name typed for a completed building is kept with its points (QA: a play stored
/// `buildings: [4]` and the sheet read « Bâtiment 1 »); a building saved as a bare number, as
/// older plays hold, still reads, without a name.
#[test]
fn a_completed_building_keeps_its_name_beside_its_points() {
    let t = table(json!({"variant": "prosperite", "round": 3, "players": [
        {"name": "Ani", "buildings": [{"points": 4, "name": " Moulin "}, 7]}, {"name": "Dirk"}]}));
    assert_eq!(
        t.players[0].buildings,
        vec![
            OrleansBuilding { points: 4, name: Some("Moulin".into()) },
            OrleansBuilding { points: 7, name: None }
        ]
    );
    let board = score_table(&t);
    let buildings = board.players[0].categories.iter().find(|c| c.key == "buildings").map(|c| c.points);
    assert_eq!(buildings, Some(11));
}

/// A building's name is held to the length of a player's name, and a building is its points and
/// its name, nothing else (an empty name is no name).
#[test]
fn a_building_name_too_long_or_an_unknown_key_is_refused_on_its_field() {
    let long = "M".repeat(crate::games::input::MAX_NAME_CHARS + 1);
    let raw = json!({"variant": "prosperite", "round": 3, "players": [
        {"name": "Ani", "buildings": [{"points": 4, "name": long}, {"points": 2, "colour": "red"}, {"points": 1, "name": ""}]},
        {"name": "Dirk"}]});
    let problems = match validate(&parse(&raw).expect("shape")) {
        Ok(t) => panic!("expected problems, got {t:?}"),
        Err(p) => p.iter().map(|x| (x.field.clone(), x.code.clone())).collect::<Vec<_>>(),
    };
    assert_eq!(
        problems,
        vec![
            ("players[0].buildings[0].name".to_owned(), "name_too_long".to_owned()),
            ("players[0].buildings[1].colour".to_owned(), "unknown_field".to_owned()),
        ]
    );
}

#[test]
fn prosperite_scoring_adds_buildings_and_depot() {
    let t = table(json!({"variant": "prosperite", "round": 17, "players": [
        {"name": "Ani", "coins": 12, "goods": {"grain": 2, "cheese": 1, "wine": 1, "wool": 1, "brocade": 2},
         "citizens": 3, "trading_posts": 4, "development_level": 4, "buildings": [5, 7], "depot": true},
        {"name": "Dirk", "coins": 20, "citizens": 2, "trading_posts": 2, "development_level": 5}]}));
    let board = score_table(&t);
    let pts = |seat: usize, key: &str| {
        board.players[seat].categories.iter().find(|c| c.key == key).map(|c| c.points)
    };
    assert_eq!(pts(0, "goods"), Some(2 + 2 + 3 + 4 + 10));
    // No citizen for the most trading posts in Prospérité: (3 + 4) × 4.
    assert_eq!(pts(0, "development"), Some(28));
    assert_eq!(pts(0, "buildings"), Some(12));
    assert_eq!(pts(0, "depot"), Some(5));
    assert_eq!(board.players[0].total, Some(12 + 21 + 28 + 12 + 5));
    assert_eq!(pts(1, "development"), Some(20));
    assert_eq!(board.players[1].total, Some(40));
    assert_eq!(board.outcome, crate::games::Outcome::Points);
    assert_eq!(board.winners(), vec![0]);
}

// --- Help and forecast.

#[test]
fn dignitaire_forecast_sees_the_first_contribution_fail() {
    let t = table(json!({"variant": "dignitaire", "round": 1, "players": [{"name": "Ani"}]}));
    let f = &help_table(&t).forecast[0];
    // Round 5: 2 × level 1 = 2 coins; round 6: no trading post; round 7: 5 coins due.
    assert_eq!(f.first_failure, Some(7));
    assert_eq!(f.rounds[4].coins_gained, 2);
}

#[test]
fn help_resolves_this_round_and_hides_invasion_tiles() {
    let t = table(
        json!({"variant": "dignitaire", "round": 6, "players": [{"name": "Ani", "trading_posts": 3, "coins": 1}]}),
    );
    let h = help_table(&t);
    assert_eq!(h.events[0].event.id, "jour_de_commerce_3");
    assert_eq!(h.events[0].resolutions[0].coins_after, 10);
    assert_eq!(h.upcoming.len(), 10);
    let deck = build_deck(&OrleansDeckPlan { players: 2, ..OrleansDeckPlan::default() }, 9).expect("deck");
    let inv = table(
        json!({"variant": "invasion", "round": 2, "players": [{"name": "Ani"}, {"name": "Dirk"}], "deck": {"order": deck.order}}),
    );
    let h = help_table(&inv);
    assert_eq!(h.events.len(), 1);
    assert!(h.upcoming.iter().all(|u| u.event.is_none()));
    assert!(h.forecast.is_empty());
}

#[test]
fn setup_checklists_follow_the_player_count() {
    let two = setup_steps(OrleansScenario::Invasion, 2).expect("2 players");
    assert!(two.iter().any(|t| t.text.en.contains("draw 9 A and 8 B")));
    assert!(two.iter().any(|t| t.text.en.contains("7 towns")));
    let five = setup_steps(OrleansScenario::Invasion, 5).expect("5 players");
    assert!(five.iter().any(|t| t.text.en.contains("draw 8 A and 7 B")));
    assert!(!five.iter().any(|t| t.text.en.contains("Fortifications in an unused colour")));
    assert!(five.iter().any(|t| t.text.en.contains("13 knights")));
    assert_eq!(setup_steps(OrleansScenario::Duel, 3).expect_err("two only").0[0].code, "player_count");
    for s in OrleansScenario::ALL {
        let v = INFO.variant(s.id()).expect("variant");
        assert!(!setup_steps(s, v.min_players).expect("fits").is_empty());
    }
}

#[test]
fn prosperite_track_numbers() {
    let track = OrleansScenario::Prosperite.track();
    let effect = |round: usize| ev(track[round - 1]).effect;
    assert_eq!(effect(2), Effect::MayPay { coins: 4, times: 1, buys: &[OrleansGain::MONK] });
    assert_eq!(effect(4), Effect::PayCoins(3));
    assert_eq!(effect(5), Effect::KnightOrCoins(5));
    assert_eq!(effect(6), Effect::MayPay { coins: 4, times: 1, buys: &[OrleansGain::CITIZEN] });
    assert_eq!(effect(9), Effect::GainPerMonkInMarket(3));
    assert_eq!(ev(track[8]).moment, OrleansMoment::EndOfRound);
    assert_eq!(effect(16), Effect::PayPerDevelopmentLevel);
}

#[test]
fn offers_list_each_affordable_use() {
    let express = resolve_player(
        ev("voyage_express"),
        OrleansScenario::Duel,
        0,
        &OrleansPlayer { coins: 5, ..player() },
    );
    assert_eq!(express.status, OrleansResolutionStatus::Offer);
    assert_eq!(express.options.iter().map(|o| o.coins).collect::<Vec<_>>(), [1, 2]);
    let bribe = resolve_player(
        ev("pot_de_vin"),
        OrleansScenario::Prosperite,
        0,
        &OrleansPlayer { coins: 3, ..player() },
    );
    assert_eq!((bribe.status, bribe.options.len()), (OrleansResolutionStatus::NoEffect, 0));
    let bargain = resolve_team(
        ev("bonne_affaire"),
        OrleansScenario::Invasion,
        &[OrleansPlayer { coins: 5, ..player() }, OrleansPlayer { coins: 3, ..player() }],
        &OrleansTeam::default(),
    );
    assert_eq!(bargain.status, OrleansResolutionStatus::Offer, "8 coins pooled");
}

#[test]
fn mass_and_development_tax() {
    let mass = resolve_player(
        ev("messe"),
        OrleansScenario::Prosperite,
        0,
        &OrleansPlayer { monks_in_market: 2, ..player() },
    );
    assert_eq!(mass.coins_gained, 6);
    let tax = |coins| {
        resolve_player(
            ev("taxe_de_developpement"),
            OrleansScenario::Prosperite,
            0,
            &OrleansPlayer { development_level: 4, coins, ..player() },
        )
    };
    assert_eq!((tax(4).status, tax(4).coins_after), (OrleansResolutionStatus::Payable, 0));
    assert_eq!((tax(1).status, tax(1).shortfall), (OrleansResolutionStatus::Partial, 3));
    assert_eq!((tax(0).status, tax(0).shortfall), (OrleansResolutionStatus::Unpaid, 4));
}

#[test]
fn monks_and_followers_given_back() {
    let named = |name: &str, monks: u32| OrleansPlayer { name: name.into(), monks, ..player() };
    let team = OrleansTeam::default();
    // Invasion, Appel de Rome: « Si un joueur ne peut pas payer, ou si l'équipe entière décide
    // de ne pas le faire, retirez du jeu un jeton Citoyen non collecté » — one resolution for the
    // team, one consequence, naming who cannot pay.
    let rome = resolve(
        ev("appel_de_rome"),
        OrleansScenario::Invasion,
        &[named("Ani", 0), named("Dirk", 1), named("Lilli", 0)],
        &team,
    );
    assert_eq!(rome.len(), 1, "one consequence for the team, not one per player");
    assert_eq!((rome[0].seat, rome[0].status), (None, OrleansResolutionStatus::Unpaid));
    assert_eq!(rome[0].consequence, Some(OrleansFailure::RemoveCitizen));
    assert!(
        rome[0].explanation.en.contains("Ani, Lilli")
            && rome[0].explanation.en.contains("a single uncollected citizen")
    );
    // Everyone can pay: the team may still decide not to — an offer with its one consequence.
    let rome_ok =
        resolve(ev("appel_de_rome"), OrleansScenario::Invasion, &[named("Ani", 2), named("Dirk", 1)], &team);
    assert_eq!(rome_ok.len(), 1);
    assert_eq!((rome_ok[0].status, rome_ok[0].options[0].monks), (OrleansResolutionStatus::Offer, 2));
    assert_eq!(rome_ok[0].consequence, Some(OrleansFailure::RemoveCitizen));
    assert!(rome_ok[0].explanation.en.contains("or the team decides not to"));
    let famine = resolve_player(
        ev("famine"),
        OrleansScenario::Invasion,
        0,
        &OrleansPlayer { followers: 2, ..player() },
    );
    assert_eq!(
        (famine.options[0].followers, famine.consequence),
        (2, None),
        "as many as possible, no penalty"
    );
}

#[test]
fn duel_food_and_cheese_partly_paid_lose() {
    let harvest = resolve_player(
        ev("moisson_2"),
        OrleansScenario::Duel,
        0,
        &OrleansPlayer { goods: OrleansGoods { wine: 1, ..OrleansGoods::default() }, ..player() },
    );
    assert_eq!(
        (harvest.status, harvest.shortfall, harvest.consequence),
        (OrleansResolutionStatus::Partial, 1, Some(OrleansFailure::Loss))
    );
    let fed = resolve_player(
        ev("moisson_2"),
        OrleansScenario::Duel,
        0,
        &OrleansPlayer {
            goods: OrleansGoods { wine: 1, grain: 1, cheese: 1, ..OrleansGoods::default() },
            ..player()
        },
    );
    assert_eq!(fed.options[0].goods, OrleansGoods { grain: 1, cheese: 1, ..OrleansGoods::default() });
}

#[test]
fn administrator_dues_and_duties() {
    let steward = OrleansPlayer {
        character: Some("administrateur_terrien"),
        coins: 1,
        dues: vec![2, 3],
        books: 2,
        ..player()
    };
    assert_eq!(administrator_due(&steward, 1), Some(2));
    assert_eq!(administrator_due(&steward, 2), Some(3));
    assert_eq!(administrator_due(&steward, 3), None, "not entered yet");
    let t = table(json!({"variant": "invasion", "round": 5, "players": [
        {"name": "Ani", "character": "administrateur_terrien", "coins": 1, "dues": [2, 2, 2, 2, 2], "books": 2},
        {"name": "Dirk"}]}));
    let h = help_table(&t);
    assert_eq!(h.duties[0].dues.consequence, Some(OrleansFailure::Loss));
    assert!(h.duties[0].extra.as_ref().is_some_and(|x| x.en.contains("2 space")));
    let lost = table(
        json!({"variant": "invasion", "round": 6, "players": [{"name": "Ani", "character": "administrateur_terrien"}, {"name": "Dirk"}],
        "log": [{"round": 5, "event": "administrateur_terrien", "seat": 0, "paid": false}]}),
    );
    let st = status(&lost, &goals(&lost));
    assert_eq!((st.state, st.round), (OrleansState::Lost, 5));
}

/// Marchand itinérant, Événements: « 1-10 Nourriture : Vous devez payer 1 nourriture ou 2
/// pièces » and « 11-15 Grand festin : Vous devez payer 2 nourritures ou 4 pièces ». From round
/// 9 the events ask 1 + 1 + 5 × 2 = 12 food; with 3 grain the player is 9 short, and the food
/// to keep back says so instead of counting only the 2 grain the first two rounds could take.
/// A failed demand counts once, in the food it asks: not again as coins to earn.
#[test]
fn forecast_tells_the_food_to_keep_back() {
    let t = table(
        json!({"variant": "marchand", "round": 9, "players": [{"name": "Ani", "coins": 0, "goods": {"grain": 3, "wool": 1}}]}),
    );
    let f = &help_table(&t).forecast[0];
    // Rounds 9–10 eat 2 grain; round 11 needs 2 food: one grain left → fails at 11.
    assert_eq!(f.rounds[0].food_paid, 1);
    assert_eq!(f.first_failure, Some(11));
    assert_eq!(f.goods_needed.grain, 2);
    assert_eq!(f.food_needed, 12);
    assert_eq!(f.food_short, 9);
    assert_eq!(f.coins_short, 0);
    assert_eq!(f.goods_short, OrleansGoods::default());
}

/// Le duel, Événements: « Jour du fromage : Vous devez payer 1 jeton Fromage » (manche 5) and
/// « Moisson : Vous devez payer 2 jetons Nourriture » (manche 11). Without cheese and with one
/// grain, both fail: the cheese counts in the goods to keep back and is short, the 2 food of the
/// harvest count in the food to keep back (1 short), and no coin can stand in for them.
#[test]
fn forecast_counts_the_goods_and_food_a_failed_demand_asks() {
    let t = table(json!({"variant": "duel", "round": 5, "players": [
        {"name": "Ani", "coins": 40, "goods": {"grain": 1}}, {"name": "Dirk", "coins": 40}]}));
    let f = &help_table(&t).forecast[0];
    assert_eq!(f.first_failure, Some(5));
    assert_eq!(f.goods_needed.cheese, 1);
    assert_eq!(f.goods_short, OrleansGoods { cheese: 1, ..OrleansGoods::default() });
    assert_eq!(f.food_needed, 3, "1 cheese + 2 food");
    assert_eq!(f.food_short, 2);
    assert_eq!(f.coins_short, 0);
}

/// Vierzon, Événements: Moisson (manches 3 and 12) « Voir les règles du jeu de base »: hand in 1
/// food, else pay 5 coins, else torture (FACT-ORL-D1). Without food and with 2 coins, round 3
/// fails: the forecast keeps the coins and says 1 food is to keep back (short), not 3 coins to
/// earn. By round 12 the income of round 5 (3 × level 1) makes 5 coins: that harvest is paid.
#[test]
fn forecast_counts_the_base_harvest_in_food() {
    let t = table(json!({"variant": "vierzon", "round": 3, "players": [{"name": "Ani", "coins": 2}]}));
    let f = &help_table(&t).forecast[0];
    assert_eq!((f.rounds[0].round, f.rounds[0].coins_paid, f.rounds[0].coins_after), (3, 0, 2));
    let r12 = f.rounds.iter().find(|r| r.round == 12).expect("round 12");
    assert_eq!((r12.coins_paid, r12.coins_after), (5, 0));
    assert_eq!((f.first_failure, f.food_needed, f.food_short), (Some(3), 1, 1));
    assert_eq!(f.coins_short, 0);
}

#[test]
fn duel_missed_payment_loses_for_that_player_only() {
    let t = table(json!({"variant": "duel", "round": 11, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 10, "event": "cotisation_7pv", "seat": 1, "paid": false}]}));
    let st = status(&t, &goals(&t));
    assert_eq!((st.state, st.round, st.winners), (OrleansState::Won, 10, vec![0]));
    let raw = json!({"variant": "duel", "round": 11, "players": [{"name": "Ani"}, {"name": "Dirk"}],
        "log": [{"round": 10, "event": "cotisation_7pv", "paid": false}]});
    let err = validate(&parse(&raw).expect("shape")).expect_err("who?");
    assert_eq!((err.0[0].field.as_str(), err.0[0].code.as_str()), ("log[0].seat", "seat_required"));
}

#[test]
fn a_solo_race_won_before_a_later_fatal_round_stays_won() {
    let all = json!({"laines_bourges": 3, "lot_chartres": 5, "fromages_vins_vendome": 6, "cereales_tours": 7, "brocart_argenton": 8});
    let t =
        table(json!({"variant": "marchand", "round": 10, "players": [{"name": "Ani", "objectives": all}],
        "log": [{"round": 9, "event": "nourriture", "paid": false}]}));
    let st = status(&t, &goals(&t));
    assert_eq!((st.state, st.round), (OrleansState::Won, 8));
}

/// Invasion, Pile A 11, Avancée: « Chaque joueur peut payer 4 pièces pour immédiatement bâtir une
/// fortification ou un comptoir à l'emplacement de son marchand ». The offer names what each way
/// builds, so closing the round records the building with the coins paid.
#[test]
fn avancee_offers_a_fortification_or_a_trading_post_for_4_coins() {
    let mut p = player();
    p.coins = 9;
    let r = resolve_player(ev("avancee"), OrleansScenario::Invasion, 0, &p);
    assert_eq!(r.status, OrleansResolutionStatus::Offer);
    let ways: Vec<(u32, OrleansGain)> = r.options.iter().map(|o| (o.coins, o.gained)).collect();
    assert_eq!(ways, [(4, OrleansGain::FORTIFICATION), (4, OrleansGain::TRADING_POST)]);
    // Indulgence buys a monk for the bag; an offer that buys nothing countable buys nothing.
    let r = resolve_player(ev("indulgence"), OrleansScenario::Prosperite, 0, &p);
    assert_eq!(r.options.iter().map(|o| o.gained).collect::<Vec<_>>(), [OrleansGain::MONK]);
    p.coins = 3;
    assert_eq!(resolve_player(ev("avancee"), OrleansScenario::Invasion, 0, &p).options, []);
}

/// The development track (FACT-ORL-D4): « level 1 at start, level 2 from space 4, 3 from 9, 4
/// from 15, 5 from 22, 6 at 30 » — each level's first space, and the space before it a level
/// lower.
#[test]
fn each_development_level_starts_on_its_first_space() {
    assert_eq!((1..=6).map(level_start).collect::<Vec<_>>(), [0, 4, 9, 15, 22, 30]);
    for level in 1..=6 {
        assert_eq!(level_for_points(level_start(level)), level);
        if level > 1 {
            assert_eq!(level_for_points(level_start(level) - 1), level - 1);
        }
    }
    // A level typed alone stands on its first space; a space typed stands where it is.
    let only_level = OrleansPlayer { development_level: 5, ..player() };
    assert_eq!(only_level.development_space(), 22);
    let typed = OrleansPlayer {
        development_level: 5,
        development_points: 27,
        development_points_typed: true,
        ..player()
    };
    assert_eq!(typed.development_space(), 27);
}
