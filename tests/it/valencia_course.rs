//! Valencia's course of play: the tracker's position, the order of the steps, what
//! the helpers may apply at each moment, the counts the position allows, and a council seat
//! changing hands. Rulebook: `VAL` (`docs/sources.md`).

use greffier::games::valencia::{self, ValenciaPosition, ValenciaSeatMove};
use greffier::games::{GameId, Problems, score_json};
use serde_json::{Value, json};

fn fields(p: &Problems) -> Vec<(String, String)> {
    p.iter().map(|x| (x.field.clone(), x.code.clone())).collect()
}

fn at(round: u8, step: &str) -> ValenciaPosition {
    serde_json::from_value(json!({ "round": round, "step": step })).expect("a position")
}

/// Three players at `round`, `step`, with `ani` merged into Ani's seat.
fn table_at(round: u8, step: &str, ani: Value) -> Value {
    let mut players = vec![json!({ "name": "Ani" }), json!({ "name": "Dirk" }), json!({ "name": "Lilli" })];
    if let (Some(seat), Some(extra)) = (players[0].as_object_mut(), ani.as_object()) {
        seat.extend(extra.clone());
    }
    json!({ "variant": "base", "players": players, "progress": { "round": round, "step": step } })
}

fn refused(table: &Value) -> Problems {
    score_json(GameId::Valencia, &table.to_string()).expect_err("refused")
}

fn scores(table: &Value) -> bool {
    score_json(GameId::Valencia, &table.to_string()).is_ok()
}

/// Valencia, p.10 (Phase III): « Si vous êtes le joueur qui a le plus de membres de sa famille
/// au Conseil, vous recevez également un privilège » — players start with none (Mise en place:
/// members, cards, a prestige marker, 5 coins) and receive one per council phase at most, each
/// round's after its steps A to I (p.6). A privilege held in round 1, before any
/// council phase, was accepted.
#[test]
fn a_privilege_is_held_only_after_a_council_phase() {
    let one = json!({ "privileges": 1 });
    let p = refused(&table_at(1, "B", one.clone()));
    assert_eq!(fields(&p), vec![("players[0].privileges".to_owned(), "impossible_count".to_owned())]);
    assert_eq!(
        p.0[0].message.en,
        "1 privilege at step B of round 1: everyone starts with none and receives one per council phase at most; no council phase has taken place yet."
    );
    assert_eq!(
        p.0[0].message.fr,
        greffier::text::french(
            "1 privilège à l'étape B de la manche 1 : chacun commence sans privilège et en reçoit au plus un par phase du Conseil ; aucune phase du Conseil n'a encore eu lieu."
        )
    );
    // Round 1's council phase gives the first one; round 2 holds one, not two.
    assert!(scores(&table_at(1, "council", one.clone())));
    assert!(scores(&table_at(2, "G", one)));
    let p = refused(&table_at(2, "G", json!({ "privileges": 2 })));
    assert!(p.0[0].message.en.contains("1 council phase has taken place"), "{}", p.0[0].message.en);
    assert!(scores(&table_at(5, "council", json!({ "privileges": 5 }))));
    assert!(!scores(&table_at(5, "I", json!({ "privileges": 5 }))));
}

/// A tracker never moved (round 1, step A, nothing entered or applied) is a sheet typed at the
/// end of the game: the position bounds nothing (decision). Once it moved, or an
/// auction is being entered at step A, round 1 is where the game stands.
#[test]
fn a_tracker_never_moved_bounds_nothing() {
    let end = json!({ "privileges": 3, "council_points": 20, "city_members": 9 });
    assert!(scores(&table_at(1, "A", end.clone())));
    let mut entering = table_at(1, "A", end);
    entering["progress"]["auction"] = json!({ "step": "A", "players": [{}, {}, {}] });
    let p = refused(&entering);
    let got = fields(&p);
    for field in ["players[0].privileges", "players[0].council_points", "players[0].city_members"] {
        assert!(got.contains(&(field.to_owned(), "impossible_count".to_owned())), "{field} in {got:?}");
    }
}

/// Valencia, p.10 (Phase III): « autant de points de prestige que de membres de votre famille qui
/// se trouvent au Conseil », whose 8 seats hold one member of a family each (Le Conseil, p.7):
/// 8 points per council phase at most.
#[test]
fn council_points_come_from_the_council_phases_held() {
    assert!(!scores(&table_at(1, "I", json!({ "council_points": 1 }))));
    assert!(scores(&table_at(1, "council", json!({ "council_points": 8 }))));
    let p = refused(&table_at(2, "E", json!({ "council_points": 9 })));
    assert_eq!(fields(&p), vec![("players[0].council_points".to_owned(), "impossible_count".to_owned())]);
    assert!(p.0[0].message.en.starts_with("9 council points at step E of round 2"), "{}", p.0[0].message.en);
    assert!(scores(&table_at(3, "A", json!({ "council_points": 16 }))));
}

/// Valencia, p.7–8 (B, D, F): 1st, 2nd and 3rd each « Placez un des membres de votre famille sur
/// une case Ville inoccupée »: one member at most per guild auction, and nothing else places one
/// in the city (G and Vagabond move them).
#[test]
fn city_members_come_from_the_guild_auctions_reached() {
    assert!(scores(&table_at(1, "B", json!({ "city_members": 1 }))));
    assert!(!scores(&table_at(1, "C", json!({ "city_members": 2 }))));
    assert!(scores(&table_at(1, "F", json!({ "city_members": 3 }))));
    let p = refused(&table_at(2, "C", json!({ "city_members": 5 })));
    assert_eq!(fields(&p), vec![("players[0].city_members".to_owned(), "impossible_count".to_owned())]);
    assert!(p.0[0].message.en.contains("there have been 4 so far"), "{}", p.0[0].message.en);
}

/// Valencia, p.9 (I): « prenez la tuile Fontaine sur le plateau du tour en cours et placez-la sur
/// une case Fontaine inoccupée » — one tile per round, at its step I (the central one is there
/// from the setup).
#[test]
fn fountain_tiles_come_one_per_round_at_step_i() {
    let with = |round: u8, step: &str, tiles: usize| {
        let mut t = table_at(round, step, json!({}));
        let mut fountains: Vec<Value> = (0..tiles).map(|_| json!({ "value": 4 })).collect();
        fountains.push(json!({ "value": 3, "central": true }));
        t["fountains"] = json!(fountains);
        t
    };
    assert!(scores(&with(1, "H", 0)), "the central fountain is there from the start");
    assert_eq!(
        fields(&refused(&with(1, "H", 1))),
        vec![("fountains".to_owned(), "impossible_count".to_owned())]
    );
    assert!(scores(&with(1, "I", 1)));
    assert!(scores(&with(3, "B", 2)));
    assert!(!scores(&with(3, "B", 3)));
}

/// Valencia, p.6: « 5 tours qui sont chacun divisés en 3 phases, que vous devez effectuer dans
/// l'ordre suivant », phase II in the letters' order (« grâce aux lettres A à I »). The tracker
/// moves to the next moment only, or back to the one before while nothing was applied where it
/// stands; any other move is refused on its field, saying what comes next.
#[test]
fn the_tracker_moves_one_moment_at_a_time() {
    let t = table_at(3, "B", json!({}));
    let next = valencia::move_tracker(&t, at(3, "C")).expect("B → C");
    assert_eq!((next["progress"]["round"].clone(), next["progress"]["step"].clone()), (json!(3), json!("C")));
    let back = valencia::move_tracker(&t, at(3, "A")).expect("back to A: nothing applied at B");
    assert_eq!(back["progress"]["step"], json!("A"));
    for (round, step) in [(3, "council"), (3, "D"), (4, "A"), (2, "I")] {
        let p = valencia::move_tracker(&t, at(round, step)).expect_err("out of order");
        assert_eq!(fields(&p), vec![("step".to_owned(), "out_of_order".to_owned())], "{round} {step}");
    }
    let p = valencia::move_tracker(&t, at(3, "council")).expect_err("skips C–I");
    assert_eq!(
        p.0[0].message.en,
        "The tracker is at step B of round 3: what comes next is at step C of round 3 (the steps are played in order)."
    );
    // After step I comes the council phase; after it, the next round; after the fifth, nothing.
    let i = table_at(2, "I", json!({}));
    assert!(valencia::move_tracker(&i, at(2, "council")).is_ok());
    let council = table_at(2, "council", json!({}));
    assert!(valencia::move_tracker(&council, at(3, "A")).is_ok());
    let last = table_at(5, "council", json!({}));
    let p = valencia::move_tracker(&last, at(6, "A")).expect_err("the game is over");
    assert!(p.0[0].message.en.contains("the final scoring comes next"), "{}", p.0[0].message.en);
    // A move starts a fresh auction: the one entered belongs to its step.
    let mut entering = table_at(3, "B", json!({}));
    entering["progress"]["auction"] = json!({ "step": "B", "players": [{}, {}, {}] });
    let moved = valencia::move_tracker(&entering, at(3, "C")).expect("moves");
    assert!(moved["progress"].get("auction").is_none());
}

/// Going back is a correction of a move, not of what was applied: once the auction of the step
/// was applied (or the council counted), Undo takes it back; and the table must hold at the
/// moment the tracker goes back to (a privilege cannot come before its council phase).
#[test]
fn the_tracker_goes_back_only_over_what_was_not_applied() {
    let mut t = table_at(2, "A", json!({ "stefan_feld": true }));
    t["progress"]["auction"] = json!({ "step": "A", "players": [
        { "name": "Ani", "stack": [{ "card": 3 }] }, { "name": "Dirk", "stack": null }, { "name": "Lilli", "stack": null } ] });
    let applied = valencia::apply_auction(&t).expect("applies");
    let p = valencia::move_tracker(&applied, at(1, "council")).expect_err("A was applied");
    assert_eq!(fields(&p), vec![("step".to_owned(), "out_of_order".to_owned())]);
    assert!(p.0[0].message.en.contains("Undo"), "{}", p.0[0].message.en);
    assert!(valencia::move_tracker(&applied, at(2, "B")).is_ok(), "forward is fine");

    let holding = table_at(2, "A", json!({ "privileges": 1 }));
    let p = valencia::move_tracker(
        &valencia::move_tracker(&holding, at(1, "council")).expect("back"),
        at(1, "I"),
    )
    .expect_err("the privilege came from round 1's council");
    assert_eq!(fields(&p), vec![("players[0].privileges".to_owned(), "impossible_count".to_owned())]);
}

/// Valencia, p.6: the steps « que vous devez effectuer dans l'ordre ». An auction is applied
/// only for the step the tracker is at, once, and never behind what was applied already.
#[test]
fn an_auction_is_applied_only_at_the_tracker_s_step() {
    let auction = |step: &str| {
        json!({ "step": step, "players": [
            { "name": "Ani", "stack": [{ "card": 3 }] }, { "name": "Dirk", "stack": [{ "card": 2 }] },
            { "name": "Lilli", "stack": null } ] })
    };
    let mut t = table_at(2, "B", json!({ "stefan_feld": true }));
    t["progress"]["auction"] = auction("C");
    let p = valencia::apply_auction(&t).expect_err("the tracker is at B");
    assert_eq!(fields(&p), vec![("progress.auction.step".to_owned(), "out_of_order".to_owned())]);
    assert_eq!(
        p.0[0].message.en,
        "Auction of step C: the tracker is at step B of round 2; an auction is applied at the step the round is at (the steps are played in order)."
    );
    t["progress"]["auction"] = auction("B");
    let applied = valencia::apply_auction(&t).expect("at B");
    // Entered again at the same step (a fresh auction): the step's auction is applied already.
    let mut again = applied.clone();
    again["progress"]["auction"] = auction("B");
    again["progress"].as_object_mut().map(|p| p.remove("auction_applied"));
    let p = valencia::apply_auction(&again).expect_err("B was applied");
    assert_eq!(fields(&p), vec![("progress.auction.step".to_owned(), "auction_applied".to_owned())]);
    // H and I have no auction; the council phase neither.
    for step in ["H", "council"] {
        let mut t = table_at(2, step, json!({}));
        t["progress"]["auction"] = auction("G");
        let p = valencia::apply_auction(&t).expect_err("no auction here");
        assert!(
            fields(&p).contains(&("progress.auction.step".to_owned(), "out_of_order".to_owned())),
            "{step}"
        );
    }
}

/// Valencia, p.10: 5 privileges spent in one auction: refused when the table is
/// applied, on the auction's field, and the table's own count on its field.
#[test]
fn five_privileges_spent_in_one_auction_are_refused() {
    let mut t = table_at(5, "A", json!({ "privileges": 4, "stefan_feld": true }));
    t["progress"]["auction"] = json!({ "step": "A", "players": [
        { "name": "Ani", "stack": [{ "card": 3 }], "privileges_spent": 5 },
        { "name": "Dirk", "stack": null }, { "name": "Lilli", "stack": null } ] });
    let p = valencia::apply_auction(&t).expect_err("5 spent");
    assert_eq!(
        fields(&p),
        vec![("progress.auction.players[0].privileges_spent".to_owned(), "out_of_range".to_owned())]
    );
    t["progress"]["auction"]["players"][0]["privileges_spent"] = json!(4);
    let applied = valencia::apply_auction(&t).expect("4 spent, the most");
    assert_eq!(applied["players"][0]["privileges"], json!(0));
}

/// An auction applied after a privilege was spent looked failed (« 1 privilèges
/// dépensés pour 0 détenus »): the record keeps what each held when it was applied, so reading it
/// again resolves it as applied; and the message agrees in number.
#[test]
fn an_applied_auction_reads_back_as_applied_after_a_privilege_was_spent() {
    let mut t = table_at(2, "C", json!({ "privileges": 1, "stefan_feld": true }));
    t["progress"]["auction"] = json!({ "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": 3 }], "privileges_spent": 1 },
        { "name": "Dirk", "stack": [{ "card": 2 }] }, { "name": "Lilli", "stack": null } ] });
    let applied = valencia::apply_auction(&t).expect("applies");
    assert_eq!(applied["players"][0]["privileges"], json!(0));
    assert_eq!(applied["progress"]["auction"]["players"][0]["privileges"], json!(1));
    let again = valencia::auction(&applied["progress"]["auction"]).expect("the record resolves");
    assert_eq!(again.privileges_returned, 1);
    assert_eq!(again.bids[0].rank, Some(1));

    let p = valencia::auction(&json!({ "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": 3 }], "privileges_spent": 1, "privileges": 0 },
        { "name": "Dirk", "stack": null } ] }))
    .expect_err("none held");
    assert_eq!(
        p.0[0].message.fr,
        greffier::text::french("1 privilège dépensé pour 0 détenu : on ne dépense que ceux qu'on a.")
    );
    assert_eq!(p.0[0].message.en, "1 privilege spent but 0 held: a player spends only those they have.");
    let p = valencia::auction(&json!({ "step": "C", "players": [
        { "name": "Ani", "stack": [{ "card": 3 }], "privileges_spent": 3, "privileges": 2 },
        { "name": "Dirk", "stack": null } ] }))
    .expect_err("two held");
    assert_eq!(
        p.0[0].message.fr,
        greffier::text::french("3 privilèges dépensés pour 2 détenus : on ne dépense que ceux qu'on a.")
    );
}

/// Valencia, p.10: before a council phase, the fifth included, four took place at most; the round
/// tracker, told the round, bounds the privileges held by the phases behind it.
#[test]
fn the_council_and_round_helpers_bound_the_privileges_held() {
    let council = valencia::council(&json!({ "players": [
        { "name": "Ani", "council": ["church"], "privileges": 5 }, { "name": "Dirk" } ] }))
    .expect_err("5 before a phase");
    assert_eq!(fields(&council), vec![("players[0].privileges".to_owned(), "out_of_range".to_owned())]);
    assert!(
        valencia::council(&json!({ "players": [
        { "name": "Ani", "council": ["church"], "privileges": 4 }, { "name": "Dirk" } ] }))
        .is_ok()
    );
    let round = |round: u8, step: &str, n: u32| {
        valencia::round(&json!({ "round": round, "step": step, "players": [
            { "name": "Ani", "privileges": n }, { "name": "Dirk" } ] }))
    };
    let p = round(1, "B", 1).expect_err("round 1, no council yet");
    assert_eq!(fields(&p), vec![("players[0].privileges".to_owned(), "out_of_range".to_owned())]);
    assert!(p.0[0].message.en.contains("no council phase has taken place yet"), "{}", p.0[0].message.en);
    assert!(round(1, "council", 1).is_ok());
    assert!(round(3, "A", 2).is_ok());
    assert!(round(3, "A", 3).is_err());
}

/// Valencia, p.7 (Le Conseil): « remplacez le membre de la famille que vous remplacez dans la
/// réserve de son propriétaire ». Tapping the auction winner's guild seat left the
/// previous holder on it and the sheet turned invalid. Taking a seat moves it; leaving takes
/// one's own member back.
#[test]
fn taking_a_council_seat_sends_the_holder_back() {
    let t = json!({ "variant": "base", "players": [
        { "name": "Ani", "council": ["wine", "merchants"] }, { "name": "Dirk", "council": ["church"] },
        { "name": "Lilli" } ] });
    let took = valencia::council_seat(&t, 2, "wine", ValenciaSeatMove::Take).expect("takes");
    assert_eq!(took["players"][0]["council"], json!(["merchants"]));
    assert_eq!(took["players"][2]["council"], json!(["wine"]));
    assert!(scores(&took));
    let took = valencia::council_seat(&took, 1, "merchants", ValenciaSeatMove::Take).expect("takes");
    assert_eq!(took["players"][0]["council"], json!([]));
    assert_eq!(took["players"][1]["council"], json!(["church", "merchants"]), "in the board's order");
    let left = valencia::council_seat(&took, 1, "church", ValenciaSeatMove::Leave).expect("leaves");
    assert_eq!(left["players"][1]["council"], json!(["merchants"]));
    // A table the scorer refuses for two holders is mended by a tap.
    let two = json!({ "players": [{ "name": "Ani", "council": ["wine"] }, { "name": "Dirk", "council": ["wine"] }] });
    assert!(!scores(&two));
    assert!(scores(&valencia::council_seat(&two, 1, "wine", ValenciaSeatMove::Take).expect("takes")));
    let p = valencia::council_seat(&t, 3, "attic", ValenciaSeatMove::Take).expect_err("no such seat");
    assert_eq!(
        fields(&p),
        vec![
            ("player".to_owned(), "out_of_range".to_owned()),
            ("seat".to_owned(), "unknown_seat".to_owned())
        ]
    );
}

/// Module 1, p.13 (Soutien): « vous pouvez immédiatement placer un membre de votre famille
/// supplémentaire sur une case du Conseil qui contient déjà un autre membre de la famille d'un
/// autre joueur, mais seulement s'il s'agit d'une des 5 cases Guilde » and « Si vous devez partir
/// de cette case plus tard dans la partie, retirez les deux membres de la famille en même temps ».
#[test]
fn soutien_shares_a_guild_seat_and_both_leave_together() {
    let t = |cards: Value| {
        json!({ "variant": "special_influence", "special_cards": cards, "players": [
            { "name": "Ani", "council": ["wine", "nobility"] }, { "name": "Dirk" }, { "name": "Lilli" } ] })
    };
    let shared =
        valencia::council_seat(&t(json!(["support"])), 1, "wine", ValenciaSeatMove::Support).expect("joins");
    assert_eq!(shared["players"][0]["council"], json!(["wine", "nobility"]), "Ani keeps hers");
    assert_eq!(shared["players"][1]["council"], json!(["wine"]));
    assert!(scores(&shared));
    let taken = valencia::council_seat(&shared, 2, "wine", ValenciaSeatMove::Take).expect("takes");
    assert_eq!(taken["players"][0]["council"], json!(["nobility"]));
    assert_eq!(taken["players"][1]["council"], json!([]));
    assert_eq!(taken["players"][2]["council"], json!(["wine"]));
    for (cards, seat) in
        [(json!(["joker"]), "wine"), (json!(["support"]), "nobility"), (json!(["support"]), "oranges")]
    {
        let p =
            valencia::council_seat(&t(cards.clone()), 1, seat, ValenciaSeatMove::Support).expect_err("no");
        assert_eq!(fields(&p), vec![("how".to_owned(), "support_not_allowed".to_owned())], "{cards} {seat}");
    }
}

mod property {
    use std::collections::BTreeSet;

    use proptest::prelude::*;
    use serde_json::{Value, json};

    use greffier::games::valencia;
    use greffier::games::{GameId, score_json};

    /// A count as players type it: mostly plausible, sometimes beyond what the box allows, or
    /// not a count at all.
    fn count() -> BoxedStrategy<Value> {
        prop_oneof![
            4 => (0u32..4).prop_map(Value::from),
            2 => (4u32..20).prop_map(Value::from),
            1 => Just(json!(-1)),
            1 => Just(json!("x")),
            1 => Just(Value::Null),
        ]
        .boxed()
    }

    fn player() -> BoxedStrategy<Value> {
        let seats = prop::sample::subsequence(
            vec!["nobility", "church", "wine", "oranges", "merchants", "attic"],
            0..3,
        );
        let missions = prop::sample::subsequence(
            vec!["mission_palms", "mission_square", "mission_ten_minus_coins", "mission_nope"],
            0..2,
        );
        (
            prop::sample::select(vec!["Ani", "Dirk", "Lilli", "Patty", "Ani "]),
            (count(), count(), count(), count(), count()),
            prop::collection::vec(count(), 0..3),
            seats,
            missions,
            any::<bool>(),
            prop::option::of(Just(json!(1))),
        )
            .prop_map(|(name, (city, palms, privileges, coins, points), fountains, seats, missions, pawn, extra)| {
                let missions: Vec<Value> = missions
                    .into_iter()
                    .map(|id| if id == "mission_ten_minus_coins" { json!({ "id": id }) } else { json!({ "id": id, "points": 3 }) })
                    .collect();
                let mut p = json!({ "name": name, "city_members": city, "palm_members": palms,
                    "privileges": privileges, "coins": coins, "council_points": points,
                    "fountain_members": fountains, "council": seats, "stefan_feld": pawn, "missions": missions });
                if let Some(x) = extra {
                    p["colour"] = x;
                }
                p
            })
            .boxed()
    }

    fn progress(players: usize) -> BoxedStrategy<Value> {
        let step = prop::sample::select(vec!["A", "B", "C", "G", "H", "I", "council"]);
        let stacks = prop::collection::vec(
            prop_oneof![Just(Value::Null), Just(json!([{ "card": 3 }])), Just(json!([{ "card": 9 }]))],
            players,
        );
        let spent = prop::collection::vec(0u32..6, players);
        (
            0u8..=7,
            step,
            prop::sample::select(vec!["A", "B", "C", "H"]),
            stacks,
            spent,
            any::<bool>(),
            prop::option::of(Just(vec![1u8])),
        )
            .prop_map(|(round, step, auction_step, stacks, spent, entering, counted)| {
                let bids: Vec<Value> = stacks
                    .into_iter()
                    .zip(spent)
                    .map(|(stack, spent)| json!({ "name": "x", "stack": stack, "privileges_spent": spent }))
                    .collect();
                let mut p = json!({ "round": round, "step": step });
                if entering {
                    p["auction"] = json!({ "step": auction_step, "players": bids });
                }
                if let Some(c) = counted {
                    p["councils_counted"] = json!(c);
                }
                p
            })
            .boxed()
    }

    fn table() -> BoxedStrategy<Value> {
        (1usize..=6)
            .prop_flat_map(|n| {
                (
                    prop::collection::vec(player(), n),
                    prop::collection::vec((count(), any::<bool>()), 0..3),
                    prop::option::of(progress(n)),
                    prop::sample::select(vec!["base", "special_influence", "deluxe"]),
                )
            })
            .prop_map(|(players, fountains, progress, variant)| {
                let fountains: Vec<Value> = fountains
                    .into_iter()
                    .map(|(value, central)| json!({ "value": value, "central": central }))
                    .collect();
                let mut t = json!({ "variant": variant, "fountains": fountains, "players": players });
                if let Some(p) = progress {
                    t["progress"] = p;
                }
                t
            })
            .boxed()
    }

    fn fields_of(p: &greffier::games::Problems) -> BTreeSet<String> {
        p.iter().map(|x| x.field.clone()).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// Any table the scorer refuses is refused by Valencia's table helpers with the
        /// same problems' fields — the helpers may add only their own, about the course of play
        /// and the auction being entered (`progress…`, the move's `step`).
        #[test]
        fn a_table_the_scorer_refuses_is_refused_by_every_table_helper(raw in table()) {
            // Every helper answers every table (none panics), then the refusals are compared.
            let to = serde_json::from_value(json!({ "round": 1, "step": "B" })).expect("position");
            let helpers = [
                ("count_council", valencia::count_council(&raw)),
                ("apply_auction", valencia::apply_auction(&raw)),
                ("move_tracker", valencia::move_tracker(&raw, to)),
            ];
            let Err(scored) = score_json(GameId::Valencia, &raw.to_string()) else { return Ok(()) };
            let expected = fields_of(&scored);
            for (name, answer) in helpers {
                let Err(got) = answer else {
                    return Err(TestCaseError::fail(format!("{name} accepted a table the scorer refuses: {raw}")));
                };
                let got = fields_of(&got);
                prop_assert!(expected.is_subset(&got), "{name}: {expected:?} not all in {got:?} for {raw}");
                for extra in got.difference(&expected) {
                    prop_assert!(extra.starts_with("progress") || extra == "step", "{name}: {extra} for {raw}");
                }
            }
        }
    }
}

/// Valencia, p.8: an ordinary fountain touches 4 city spaces. One fountain with too
/// many members dropped every fountain's points from the totals, said nothing of partial totals,
/// did not name the fountain, and outlined its value instead of the counts at fault. The problem
/// is on each seat's count for that fountain, names it, and partial totals leave out that
/// fountain only, saying which fields they leave out.
#[test]
fn a_crowded_fountain_leaves_out_that_fountain_only() {
    let table = |crowded: u32| {
        json!({ "fountains": [{ "value": 6 }, { "value": 2 }, { "value": 4, "central": true }],
            "players": [
                { "name": "Ani", "city_members": 8, "fountain_members": [2, crowded, 3] },
                { "name": "Dirk", "city_members": 7, "fountain_members": [1, 2, 2] },
                { "name": "Lilli", "city_members": 6, "fountain_members": [1, 0, 3] },
                { "name": "Patty", "city_members": 3 } ] })
    };
    let p = refused(&table(3));
    assert_eq!(
        fields(&p),
        vec![
            ("players[0].fountain_members[1]".to_owned(), "impossible_count".to_owned()),
            ("players[1].fountain_members[1]".to_owned(), "impossible_count".to_owned()),
        ]
    );
    assert_eq!(
        p.0[0].message.en,
        "Fountain 2 (value 2): 5 members around it (Ani 3, Dirk 2), it touches only 4 spaces."
    );
    assert_eq!(
        p.0[0].message.fr,
        greffier::text::french(
            "La fontaine 2 (valeur 2) : 5 membres autour (Ani 3, Dirk 2), elle ne touche que 4 cases."
        )
    );
    let (partial, left_out) =
        greffier::games::partial_totals(GameId::Valencia, &table(3), &p.0).expect("partial totals");
    assert_eq!(left_out, ["players[0].fountain_members[1]", "players[1].fountain_members[1]"]);
    // Without fountain 2: Ani 8 + 2×6 + 3×4, Dirk 7 + 6 + 2×4, Lilli 6 + 6 + 3×4, Patty 3.
    let totals: Vec<Option<i32>> = partial.players.iter().map(|p| p.total).collect();
    assert_eq!(totals, [Some(32), Some(21), Some(24), Some(3)]);
    // The same table with the fountain right (2 members of Ani) scores those totals plus its own.
    let whole = score_json(GameId::Valencia, &table(2).to_string()).expect("valid");
    let whole: Vec<Option<i32>> = whole.players.iter().map(|p| p.total).collect();
    assert_eq!(whole, [Some(36), Some(25), Some(24), Some(3)]);
}

/// Partial totals leave a count of a list out as `null`: removing it moved the next fountain's
/// count onto this one (the counts follow the fountains' order).
#[test]
fn a_wrong_count_of_one_fountain_does_not_move_the_next_ones() {
    let t = json!({ "fountains": [{ "value": 6 }, { "value": 2 }, { "value": 5 }],
        "players": [{ "name": "Ani", "city_members": 9, "fountain_members": [1, "x", 2] }, { "name": "Dirk" }] });
    let p = refused(&t);
    assert_eq!(fields(&p), vec![("players[0].fountain_members[1]".to_owned(), "not_an_integer".to_owned())]);
    let (partial, left_out) = greffier::games::partial_totals(GameId::Valencia, &t, &p.0).expect("partial");
    assert_eq!(left_out, ["players[0].fountain_members[1]"]);
    // 9 in the city + 1×6 + 2×5, the third fountain's count still on the third fountain.
    assert_eq!(partial.players[0].total, Some(25));
}

/// A generic sheet (the first table-state shape) has no course of play: the helpers refuse it
/// with the scorer's problems when it is wrong, and say why when it is right.
#[test]
fn the_generic_sheet_is_refused_by_the_helpers_as_by_the_scorer() {
    let wrong = json!({ "sheet": "generic", "variant": "base", "players": [
        { "name": "Ani", "points": { "city": "x" } }, { "name": "Dirk", "points": {} } ] });
    let scored = refused(&wrong);
    assert_eq!(fields(&valencia::count_council(&wrong).expect_err("refused")), fields(&scored));
    assert_eq!(fields(&valencia::apply_auction(&wrong).expect_err("refused")), fields(&scored));
    let right = json!({ "sheet": "generic", "variant": "base", "players": [
        { "name": "Ani", "points": { "city": 3 } }, { "name": "Dirk", "points": {} } ] });
    assert!(scores(&right));
    let p = valencia::count_council(&right).expect_err("no course of play");
    assert_eq!(fields(&p), vec![("sheet".to_owned(), "generic_sheet".to_owned())]);
}

/// As a user tried it: with the tracker at step B of round 3, `greffier valencia
/// count-council` was accepted. The CLI refuses it (exit 1, the field named), and so does HTTP
/// (400 `invalid_input`); at the council phase it counts.
#[test]
fn count_council_mid_round_is_refused_by_the_cli_and_http() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let table = |step: &str| {
        json!({ "variant": "base", "players": [
            { "name": "Ani", "council": ["nobility", "wine"], "council_points": 4, "privileges": 1 },
            { "name": "Dirk", "council": ["church"], "council_points": 2, "privileges": 1 } ],
            "progress": { "round": 3, "step": step, "councils_counted": [1, 2] } })
    };
    let cli = |table: &Value| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_greffier"))
            .args(["valencia", "count-council", "-", "--json"])
            .env_remove("GREFFIER_DB")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("greffier");
        child.stdin.take().expect("stdin").write_all(table.to_string().as_bytes()).expect("write");
        child.wait_with_output().expect("output")
    };
    let refused = cli(&table("B"));
    assert_eq!(refused.status.code(), Some(1));
    let error: Value = serde_json::from_slice(&refused.stdout).expect("the ApiError as JSON");
    assert_eq!(error["problems"][0]["field"], "progress.step");
    assert_eq!(error["problems"][0]["code"], "out_of_order");
    let counted = cli(&table("council"));
    assert!(counted.status.success(), "{}", String::from_utf8_lossy(&counted.stderr));
    let counted: Value = serde_json::from_slice(&counted.stdout).expect("json");
    assert_eq!(counted["players"][0]["council_points"], json!(6));

    let dir = tempfile::tempdir().expect("temp dir");
    let served = crate::serve::Served::start(&dir.path().join("h.sqlite3"), None);
    let (status, error) = served.call("valencia_count_council", &json!({ "table": table("B") }));
    assert_eq!((status, error["kind"].as_str()), (400, Some("invalid_input")));
    assert_eq!(error["problems"][0]["field"], "progress.step");
    let (status, moved) = served
        .call("valencia_move", &json!({ "table": table("B"), "to": { "round": 3, "step": "council" } }));
    assert_eq!((status, moved["problems"][0]["field"].as_str()), (400, Some("step")));
    served.stop();
}

/// Valencia, p.11: « Pour chaque carte Mission que vous n'avez pas réussi à compléter à la fin de
/// la partie, vous perdez les points indiqués ». In words: a card the players marked not
/// done read « (coché) » in the breakdown, as a done one; one not ticked yet agrees with « carte ».
#[test]
fn a_mission_marked_not_done_reads_so_in_the_breakdown() {
    let detail = |done: Option<bool>| {
        let mut card = json!({ "id": "mission_square", "points": 4 });
        if let Some(done) = done {
            card["done"] = json!(done);
        }
        let t = json!({ "players": [{ "name": "Ani", "missions": [card] }, { "name": "Dirk" }] });
        let board = score_json(GameId::Valencia, &t.to_string()).expect("valid");
        let key = if done == Some(true) { "missions_completed" } else { "missions_failed" };
        let c = board.players[0].categories.iter().find(|c| c.key == key).expect("category");
        (c.detail.fr().into_owned(), c.detail.en().into_owned())
    };
    assert_eq!(
        detail(Some(false)),
        ("Carré −4 (marquée non réussie)".to_owned(), "Square −4 (marked not done)".to_owned())
    );
    assert_eq!(detail(Some(true)), ("Carré +4 (cochée)".to_owned(), "Square +4 (ticked)".to_owned()));
    assert_eq!(
        detail(None).0,
        greffier::text::french("Carré −4 (pas cochée : comptée comme échouée)").into_owned()
    );
}
