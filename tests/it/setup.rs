//! Setup checklists: every game, variant and player count has one, and what it says follows the
//! player count.

use greffier::games::{GameId, setup_checklist};

fn texts(game: GameId, variant: &str, players: u8) -> Vec<String> {
    setup_checklist(game, variant, players, false)
        .unwrap_or_else(|p| panic!("{game}/{variant}/{players}: {p:?}"))
        .into_iter()
        .map(|s| s.text.en)
        .collect()
}

#[test]
fn every_variant_at_every_player_count_has_a_checklist_with_existing_rules() {
    let rules = greffier::rules::Catalogue::load().expect("rules");
    for game in GameId::ALL {
        for v in game.info().variants {
            for n in v.min_players..=v.max_players {
                // 2e édition at 8 players: a ninth character is required.
                let ninth = game == GameId::Citadelles && v.id == "deuxieme_edition" && n == 8;
                let steps = setup_checklist(game, v.id, n, ninth)
                    .unwrap_or_else(|p| panic!("{game}/{}/{n}: {p:?}", v.id));
                assert!(steps.len() >= 3, "{game}/{}/{n} has {} steps", v.id, steps.len());
                for s in &steps {
                    assert!(!s.text.fr.is_empty() && !s.text.en.is_empty());
                    if let Some(r) = &s.rule {
                        assert!(rules.get(r).is_some(), "{game}/{}: step links to missing {r}", v.id);
                    }
                }
            }
        }
    }
}

#[test]
fn the_checklists_follow_the_player_count() {
    // Valencia: 4 city tiles and Nina at 2 players, 8 tiles and no Nina at 3; privileges = players.
    let two = texts(GameId::Valencia, "base", 2);
    assert!(two.iter().any(|t| t.contains("the 4 city plan tiles")), "{two:?}");
    assert!(two.iter().any(|t| t.contains("Nina")));
    let three = texts(GameId::Valencia, "base", 3);
    assert!(three.iter().any(|t| t.contains("the 8 city plan tiles")));
    assert!(!three.iter().any(|t| t.contains("Nina")));
    assert!(three.iter().any(|t| t.starts_with("3 privileges on the council")));
    // The Joker is the 25th card only with the special cards.
    assert!(texts(GameId::Valencia, "special_influence", 3).iter().any(|t| t.contains("25 with the Joker")));
    // Citadelles classique: two characters each at 3 players, not at 4; 7 districts at 4.
    let c3 = texts(GameId::Citadelles, "classique", 3);
    assert!(c3.iter().any(|t| t.contains("two characters")));
    let c4 = texts(GameId::Citadelles, "classique", 4);
    assert!(!c4.iter().any(|t| t.contains("two characters")));
    assert!(c4.iter().any(|t| t.starts_with("End of the game") && t.contains('7')), "{c4:?}");
    // Out of range and unknown variants are refused.
    assert!(setup_checklist(GameId::Valencia, "base", 6, false).is_err());
    assert!(setup_checklist(GameId::Citadelles, "third", 4, false).is_err());
}

/// The Citadelles checklist refuses the character counts the draft and the table refuse
/// (the same check): the classic rules have no ninth character (CIT §Les personnages: 8
/// cards); the 2e édition's 2- and 3-player drafts use the 8 basic cards, and at 8 players a
/// ninth character is required (CIT2 §Les personnages: « 2 personnages avec le numéro 9 qui
/// permettent de jouer à 8 »). Asked through the operation, as the screens ask.
#[test]
fn citadelles_checklist_refuses_the_character_counts_the_draft_refuses() {
    let api = greffier::api::Api::without_history().expect("api");
    let ask = |variant: &str, players: u8, ninth: bool| {
        api.call_json(
            "setup_checklist",
            serde_json::json!({"game": "citadelles", "variant": variant, "players": players, "ninth_character": ninth}),
        )
    };
    let refused = |variant: &str, players: u8, ninth: bool| -> Vec<(String, String)> {
        let e = ask(variant, players, ninth).expect_err("refused");
        e.problems.iter().map(|p| (p.field.clone(), p.code.clone())).collect()
    };
    let pair = |f: &str, c: &str| vec![(f.to_owned(), c.to_owned())];
    assert_eq!(refused("classique", 5, true), pair("ninth_character", "ninth_character_player_count"));
    assert_eq!(refused("deuxieme_edition", 3, true), pair("ninth_character", "ninth_character_player_count"));
    assert_eq!(refused("deuxieme_edition", 8, false), pair("ninth_character", "ninth_character_required"));
    assert_eq!(refused("classique", 8, false), pair("players", "player_count"));
    assert!(ask("deuxieme_edition", 8, true).is_ok());
    assert!(ask("deuxieme_edition", 5, true).is_ok());
    assert!(ask("classique", 5, false).is_ok());
}

/// A tick is kept by the step's id, so each step of every checklist has one, unique in its
/// list, and the same step keeps it whatever the player count or options change in its words
/// (a tick kept by position ticked the wrong step once a list gained a step).
#[test]
fn every_step_has_an_id_unique_in_its_list_and_kept_across_player_counts() {
    let ids = |game: GameId, variant: &str, n: u8, ninth: bool| -> Vec<String> {
        setup_checklist(game, variant, n, ninth)
            .unwrap_or_else(|p| panic!("{game}/{variant}/{n}: {p:?}"))
            .into_iter()
            .map(|s| s.id)
            .collect()
    };
    for game in GameId::ALL {
        for v in game.info().variants {
            for n in v.min_players..=v.max_players {
                let ninth = game == GameId::Citadelles && v.id == "deuxieme_edition" && n == 8;
                let list = ids(game, v.id, n, ninth);
                let mut unique = list.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), list.len(), "{game}/{}/{n}: {list:?}", v.id);
                assert!(list.iter().all(|id| !id.is_empty() && id.len() <= 64), "{list:?}");
            }
        }
    }
    // The same steps under the same ids when a step comes or goes.
    assert_eq!(
        ids(GameId::Citadelles, "classique", 3, false),
        ["deal_districts", "gold", "reference_card", "crown", "characters", "two_characters", "end"]
    );
    assert_eq!(
        ids(GameId::Citadelles, "classique", 4, false),
        ["deal_districts", "gold", "reference_card", "crown", "characters", "end", "longer_game"]
    );
    let two = ids(GameId::Orleans, "invasion", 2, false);
    let four = ids(GameId::Orleans, "invasion", 4, false);
    assert!(two.contains(&"fortifications".to_owned()) && !four.contains(&"fortifications".to_owned()));
    assert_eq!(
        two.iter().filter(|id| *id != "fortifications").collect::<Vec<_>>(),
        four.iter().collect::<Vec<_>>()
    );
    assert_eq!(ids(GameId::Valencia, "base", 2, false).last().map(String::as_str), Some("nina_mission"));
}

/// The ticks of a play's setup checklist are the play's: kept by the history (not one window's
/// storage), given back with the play after the history is opened again, carried by a backup;
/// an id that is not a step of that play's checklist is refused on its field, nothing kept.
#[test]
fn a_plays_setup_ticks_are_kept_by_the_history_and_checked_against_its_checklist() {
    use greffier::history::{Backup, Store, StoreError};

    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("greffier.sqlite3");
    let play = {
        let mut store = Store::open(&db).expect("open");
        let play = crate::support::start_valencia(&mut store, &["Ani", "Dirk"]);
        assert!(play.setup_done.is_empty(), "nothing ticked at the start");
        let steps: Vec<String> = setup_checklist(GameId::Valencia, "base", 2, false)
            .expect("steps")
            .into_iter()
            .map(|s| s.id)
            .collect();
        let kept = store
            .set_setup_done(play.id, &[steps[2].clone(), steps[0].clone(), steps[2].clone()])
            .expect("ticks");
        assert_eq!(kept, [steps[2].clone(), steps[0].clone()], "a step ticked twice is kept once");

        // Another game's step, and no step at all: each named, nothing changed.
        let err = store
            .set_setup_done(play.id, &[steps[1].clone(), "nowhere".into(), "deal_districts".into()])
            .expect_err("not this checklist's");
        let StoreError::Invalid(problems) = err else { panic!("{err:?}") };
        let fields: Vec<(&str, &str)> =
            problems.0.iter().map(|p| (p.field.as_str(), p.code.as_str())).collect();
        assert_eq!(fields, [("done[1]", "unknown_step"), ("done[2]", "unknown_step")]);
        assert_eq!(store.play(play.id).expect("play").setup_done, kept);
        play
    };

    // The history opened again gives them back; a backup carries them to another history.
    let store = Store::open(&db).expect("reopen");
    let detail = store.play(play.id).expect("play");
    assert_eq!(detail.setup_done.len(), 2);
    let mut copy = Store::open_in_memory().expect("empty");
    copy.import(&Backup::from_json(&store.export().expect("export").to_json()).expect("parse"))
        .expect("import");
    let id = copy.list_plays(&Default::default()).expect("list").plays[0].id;
    assert_eq!(copy.play(id).expect("play").setup_done, detail.setup_done);

    // Unticking everything keeps nothing.
    assert_eq!(store.set_setup_done(play.id, &[]).expect("none"), Vec::<String>::new());
    assert!(store.play(play.id).expect("play").setup_done.is_empty());
}
