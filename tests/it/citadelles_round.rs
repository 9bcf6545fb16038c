//! Citadelles' round caller as a course of play: which character is called next, who may act
//! and what, every character of both profiles; a round sent back by a door is replayed before
//! any step; the round applied to a table the score would refuse is refused with the score's
//! fields. Rulebooks: `CIT` (classique), `CIT2`
//! (2e édition); the 2016 characters: FACT-CIT-B4; decisions: docs/decisions.md (Citadelles).

use greffier::api::{Api, ErrorKind};
use greffier::games::citadelles::{
    self, CHARACTERS, CitadellesDestroyTarget, CitadellesOffer, CitadellesRound, CitadellesRoundAction,
    CitadellesRoundSetup, CitadellesVariant, start_round,
};
use greffier::games::{GameId, score_json};
use greffier::text::FrArticle;
use proptest::prelude::*;
use serde_json::{Value, json};

const NAMES: [&str; 5] = ["Ani", "Dirk", "Lilli", "Patty", "Frank"];

fn apply(r: &CitadellesRound, a: CitadellesRoundAction) -> CitadellesRound {
    r.apply(&a).unwrap_or_else(|p| panic!("{a:?}: {p}"))
}

fn reveal(r: &CitadellesRound, seat: Option<u8>) -> CitadellesRound {
    apply(r, CitadellesRoundAction::Reveal { seat })
}

fn refused(r: &CitadellesRound, a: &CitadellesRoundAction) -> (String, String) {
    let p = r.apply(a).expect_err("refused");
    (p.0[0].field.clone(), p.0[0].code.clone())
}

/// A 5-player 2e édition round with `id` in its rank (a rank-9 one as the ninth character),
/// the base characters elsewhere, the crown with Ani.
fn second_edition_with(id: &str) -> CitadellesRound {
    let c = CHARACTERS.iter().find(|c| c.id == id).expect("character");
    let mut ids: Vec<String> = (1..=8u8)
        .map(|rank| CHARACTERS.iter().find(|b| b.rank == rank).expect("base").id.to_owned())
        .collect();
    match usize::from(c.rank) {
        9 => ids.push(id.to_owned()),
        k => ids[k - 1] = id.to_owned(),
    }
    start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::DeuxiemeEdition,
        players: 5,
        longer_game: false,
        ninth_character: c.rank == 9,
        characters: ids,
        crown: 0,
        names: NAMES.map(String::from).to_vec(),
        face_up: Vec::new(),
    })
    .expect("round")
}

/// Calls the ranks before `rank` (nobody answers), then Dirk (seat 1) reveals it.
fn dirk_plays(r: &CitadellesRound, rank: u8) -> CitadellesRound {
    let mut r = r.clone();
    while r.call().is_some_and(|c| c.rank < rank) {
        r = reveal(&r, None);
    }
    assert_eq!(r.call().map(|c| c.rank), Some(rank));
    reveal(&r, Some(1))
}

/// Answers every call left with the first seat that has not revealed yet, then ends the round.
fn finish(r: &CitadellesRound) -> CitadellesRound {
    let mut r = r.clone();
    while let Some(call) = r.call() {
        r = reveal(&r, call.can_reveal.first().copied());
    }
    apply(&r, CitadellesRoundAction::EndRound)
}

fn tavern_of(seat: u8) -> CitadellesDestroyTarget {
    CitadellesDestroyTarget {
        seat,
        districts: vec!["tavern".into()],
        custom_wonders: Vec::new(),
        index: 0,
        beautified: Vec::new(),
    }
}

/// Every action the caller knows, for the character being played at `rank`: one that names a
/// character names one the rules allow for it (not rank 1, not itself).
fn every_action(rank: u8) -> [(CitadellesOffer, CitadellesRoundAction); 6] {
    let other = if rank == 5 { 6 } else { 5 };
    [
        (CitadellesOffer::Murder, CitadellesRoundAction::Murder { rank: other }),
        (CitadellesOffer::Bewitch, CitadellesRoundAction::Bewitch { rank: other }),
        (CitadellesOffer::Rob, CitadellesRoundAction::Rob { rank: other }),
        (CitadellesOffer::Destroy, CitadellesRoundAction::Destroy { target: tavern_of(2) }),
        (CitadellesOffer::GiveCrown, CitadellesRoundAction::GiveCrown { seat: 2 }),
        (CitadellesOffer::CompleteCity, CitadellesRoundAction::CompleteCity),
    ]
}

/// The caller offers exactly the actions the core accepts for the character being played, and
/// these are `expected`.
fn offers_when_played(id: &str, expected: &[CitadellesOffer]) {
    let c = CHARACTERS.iter().find(|c| c.id == id).expect("character");
    let r = dirk_plays(&second_edition_with(id), c.rank);
    let view = r.clone().view();
    assert_eq!(view.current.as_ref().map(|t| t.character.as_str()), Some(id));
    assert_eq!(view.offers, expected, "{id}");
    for (offer, action) in every_action(c.rank) {
        let accepted = r.apply(&action);
        assert_eq!(accepted.is_ok(), expected.contains(&offer), "{id}: {offer:?} {accepted:?}");
    }
    let naming = expected
        .iter()
        .any(|o| matches!(o, CitadellesOffer::Murder | CitadellesOffer::Bewitch | CitadellesOffer::Rob));
    assert_eq!(!view.targets.is_empty(), naming, "{id}: targets only for a character that names one");
}

/// One test per character the caller can call, classic and 2016 sets: what it may do in its
/// turn. Citadelles classique, Pouvoirs des personnages: the Assassin « Annoncez quel personnage
/// vous assassinez », the Thief « Annoncez quel personnage vous dépouillez », the Warlord « Vous
/// pouvez détruire un quartier »; FACT-CIT-B4: the Witch « bewitch a character », the Emperor
/// « give crown to another player », the Navigator « cannot build ». Every character but the
/// Navigator, and the Witch in her own turn, may complete its city in its turn (Fin de partie).
/// The other powers move gold, cards or districts the players enter in their city panels.
macro_rules! every_character_the_caller_calls_has_its_actions {
    ($($test:ident: $id:literal => [$($offer:ident),*];)*) => {
        $(
            #[test]
            fn $test() {
                offers_when_played($id, &[$(CitadellesOffer::$offer),*]);
            }
        )*

        /// The list above names every character of both profiles, once.
        #[test]
        fn every_character_the_caller_calls_has_its_actions() {
            let listed = [$($id),*];
            let mut all: Vec<&str> = CHARACTERS.iter().map(|c| c.id).collect();
            let mut seen = listed.to_vec();
            all.sort_unstable();
            seen.sort_unstable();
            assert_eq!(seen, all);
        }
    };
}

every_character_the_caller_calls_has_its_actions! {
    the_assassin_names_its_victim: "assassin" => [Murder, CompleteCity];
    the_witch_bewitches_and_does_not_build_in_her_own_turn: "witch" => [Bewitch];
    the_magistrate_only_completes_its_city: "magistrate" => [CompleteCity];
    the_thief_names_its_victim: "thief" => [Rob, CompleteCity];
    the_blackmailer_only_completes_its_city: "blackmailer" => [CompleteCity];
    the_spy_only_completes_its_city: "spy" => [CompleteCity];
    the_magician_only_completes_its_city: "magician" => [CompleteCity];
    the_wizard_only_completes_its_city: "wizard" => [CompleteCity];
    the_seer_only_completes_its_city: "seer" => [CompleteCity];
    the_king_only_completes_its_city: "king" => [CompleteCity];
    the_emperor_gives_the_crown: "emperor" => [GiveCrown, CompleteCity];
    the_patrician_only_completes_its_city: "patrician" => [CompleteCity];
    the_bishop_only_completes_its_city: "bishop" => [CompleteCity];
    the_abbot_only_completes_its_city: "abbot" => [CompleteCity];
    the_cardinal_only_completes_its_city: "cardinal" => [CompleteCity];
    the_merchant_only_completes_its_city: "merchant" => [CompleteCity];
    the_alchemist_only_completes_its_city: "alchemist" => [CompleteCity];
    the_trader_only_completes_its_city: "trader" => [CompleteCity];
    the_architect_only_completes_its_city: "architect" => [CompleteCity];
    the_navigator_cannot_build: "navigator" => [];
    the_scholar_only_completes_its_city: "scholar" => [CompleteCity];
    the_warlord_destroys_a_district: "warlord" => [Destroy, CompleteCity];
    the_diplomat_only_completes_its_city: "diplomat" => [CompleteCity];
    the_marshal_only_completes_its_city: "marshal" => [CompleteCity];
    the_queen_only_completes_its_city: "queen" => [CompleteCity];
    the_artist_only_completes_its_city: "artist" => [CompleteCity];
    the_tax_collector_only_completes_its_city: "tax_collector" => [CompleteCity];
}

/// Citadelles classique, Le Roi: « Vous récupérez la Couronne »; FACT-CIT-B4: the Patrician
/// « take crown » too, the Emperor gives it to another player.
#[test]
fn the_crown_follows_the_king_the_patrician_and_the_emperor() {
    for id in ["king", "patrician"] {
        let r = finish(&dirk_plays(&second_edition_with(id), 4));
        assert_eq!(r.crown_after, Some(1), "{id}: Dirk takes the crown");
    }
    let r = dirk_plays(&second_edition_with("emperor"), 4);
    assert_eq!(refused(&r, &CitadellesRoundAction::GiveCrown { seat: 1 }).1, "not_another_player");
    let r = finish(&apply(&r, CitadellesRoundAction::GiveCrown { seat: 3 }));
    assert_eq!(r.crown_after, Some(3));
}

/// The 2016 Witch at a 5-player table: Ani the Witch, Dirk the Thief, Lilli the King, Patty the
/// Bishop, Frank the Merchant.
fn witch_round() -> CitadellesRound {
    let r = second_edition_with("witch");
    assert_eq!(r.call().map(|c| c.character), Some("witch".to_owned()));
    reveal(&r, Some(0))
}

/// FACT-CIT-B4, the Witch: « gather resources, bewitch a character, resume as that character
/// after it gathers resources ». Ani bewitches the King: Lilli reveals it and only gathers
/// resources; Ani plays the rest of the King's turn, so she completes her city in it and takes
/// the crown at the end of the round (a bewitched character could not be recorded: the crown
/// went to Lilli and the Witch had no turn).
#[test]
fn the_witch_plays_the_rest_of_the_bewitched_turn_and_takes_the_kings_crown() {
    let r = witch_round();
    let view = r.clone().view();
    assert_eq!(view.offers, [CitadellesOffer::Bewitch]);
    assert_eq!(view.targets.iter().map(|c| c.rank).collect::<Vec<_>>(), [2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(refused(&r, &CitadellesRoundAction::Bewitch { rank: 1 }).1, "cannot_bewitch_self");
    let r = apply(&r, CitadellesRoundAction::Bewitch { rank: 4 });
    assert_eq!(refused(&r, &CitadellesRoundAction::Bewitch { rank: 5 }).1, "already_bewitched");
    let r = reveal(&r, Some(1)); // Dirk, the Thief
    // Citadelles classique, Le Voleur: « le voleur ne peut pas voler l'Assassin ou sa victime »:
    // nor the rank-1 Witch or the character she named.
    assert_eq!(refused(&r, &CitadellesRoundAction::Rob { rank: 1 }).1, "cannot_rob_assassin");
    assert_eq!(refused(&r, &CitadellesRoundAction::Rob { rank: 4 }).1, "cannot_rob_bewitched");
    let r = apply(&r, CitadellesRoundAction::Rob { rank: 6 });
    let r = reveal(&r, None); // 3
    let call = r.call().expect("the King is called");
    assert!(
        call.text.en.ends_with(
            "Bewitched: its holder only gathers resources, then the Witch plays the rest of its turn."
        ),
        "{}",
        call.text.en
    );
    let r = reveal(&r, Some(2)); // Lilli reveals the King
    let king = r.turns.last().expect("turn");
    assert_eq!((king.seat, king.bewitched_by), (Some(2), Some(0)));
    assert_eq!(
        king.text.fr,
        "Lilli révèle le Roi (4). Ensorcelé\u{202f}: Lilli prend seulement ses ressources, puis Ani (Sorcière) joue la suite du tour à la place du Roi. Ani prend la Couronne."
    );
    assert_eq!(r.clone().view().offers, [CitadellesOffer::CompleteCity]);
    let r = apply(&r, CitadellesRoundAction::CompleteCity);
    assert_eq!(r.completed, [0], "Ani built as the King: her city, not Lilli's");
    let mut r = reveal(&r, Some(3)); // the Bishop
    r = reveal(&r, Some(4)); // the Merchant, robbed
    assert_eq!(r.turns.last().and_then(|t| t.robbed_by), Some(1));
    while r.call().is_some() {
        r = reveal(&r, None);
    }
    let r = apply(&r, CitadellesRoundAction::EndRound);
    let record = r.record().expect("record");
    assert_eq!(record.crown_after, 0, "the Witch played the King: the crown is hers");
    assert_eq!(record.bewitched, Some(4));
    assert_eq!(record.revealed, vec![vec![1], vec![2], vec![4], vec![5], vec![6]], "Lilli revealed the King");
    // History's words for the round name the bewitchment.
    let names: Vec<String> = NAMES.map(String::from).to_vec();
    let log = greffier::games::describe_round_event(
        GameId::Citadelles,
        greffier::games::CITADELLES_ROUND_EVENT,
        &serde_json::to_value(&record).expect("json"),
        &names,
    )
    .expect("words");
    assert!(log.fr.contains("Ani (Sorcière) ensorcelle le Roi (4)"), "{}", log.fr);
    assert!(log.en.contains("Ani (Witch) bewitches the King (4)"), "{}", log.en);
}

/// FACT-CIT-B4: the Witch resumes « as that character »: a bewitched Warlord destroys for
/// her, a bewitched Bishop protects her districts, not its holder's; a bewitched character
/// nobody answers for gives her no turn.
#[test]
fn the_witch_uses_the_bewitched_characters_powers_or_gets_no_turn() {
    let bewitched = |rank: u8| apply(&witch_round(), CitadellesRoundAction::Bewitch { rank });
    // The Warlord, held by Dirk: Ani destroys.
    let r = dirk_plays(&bewitched(8), 8);
    let r = apply(&r, CitadellesRoundAction::Destroy { target: tavern_of(3) });
    assert_eq!((r.destructions[0].by_seat, r.destructions[0].target_seat), (0, 3));
    assert!(
        r.destructions[0].text.en.starts_with("Ani (Warlord) destroys in Patty's city"),
        "{}",
        r.destructions[0].text.en
    );
    // The Bishop, held by Dirk: Ani's city is safe from the Warlord, Dirk's is not.
    let r = dirk_plays(&bewitched(5), 5);
    let r = reveal(&r, None); // 6
    let r = reveal(&r, None); // 7
    let r = reveal(&r, Some(2)); // Lilli, the Warlord
    assert_eq!(
        refused(&r, &CitadellesRoundAction::Destroy { target: tavern_of(0) }),
        ("action.target".into(), "bishop_protected".into())
    );
    assert!(r.apply(&CitadellesRoundAction::Destroy { target: tavern_of(1) }).is_ok());
    // Nobody holds the bewitched Architect: the call says so, and the round goes on.
    let r = bewitched(7);
    let mut r = r;
    while r.call().is_some_and(|c| c.rank < 7) {
        r = reveal(&r, None);
    }
    let r = reveal(&r, None);
    assert_eq!(
        r.turns.last().expect("turn").text.fr,
        "Personne ne répond à l’appel de l’Architecte (7)\u{202f}: on appelle le suivant. La Sorcière ne reprend pas de tour."
    );
}

// ---- French articles before the characters' names ----------------------------------------

/// Every character of both profiles with its article: « le Roi », « du Magicien », « de
/// l'Évêque », « à la Reine » (the caller wrote « de le Magicien », « de Évêque »).
#[test]
fn every_character_name_takes_its_french_article() {
    let expected = [
        ("assassin", "l'Assassin", "de l'Assassin", "à l'Assassin"),
        ("thief", "le Voleur", "du Voleur", "au Voleur"),
        ("magician", "le Magicien", "du Magicien", "au Magicien"),
        ("king", "le Roi", "du Roi", "au Roi"),
        ("bishop", "l'Évêque", "de l'Évêque", "à l'Évêque"),
        ("merchant", "le Marchand", "du Marchand", "au Marchand"),
        ("architect", "l'Architecte", "de l'Architecte", "à l'Architecte"),
        ("warlord", "le Condottiere", "du Condottiere", "au Condottiere"),
        ("witch", "la Sorcière", "de la Sorcière", "à la Sorcière"),
        ("magistrate", "l'Échevin", "de l'Échevin", "à l'Échevin"),
        ("blackmailer", "la Maître-chanteuse", "de la Maître-chanteuse", "à la Maître-chanteuse"),
        ("spy", "l'Espion", "de l'Espion", "à l'Espion"),
        ("wizard", "le Sorcier", "du Sorcier", "au Sorcier"),
        ("seer", "la Voyante", "de la Voyante", "à la Voyante"),
        ("emperor", "l'Empereur", "de l'Empereur", "à l'Empereur"),
        ("patrician", "le Patricien", "du Patricien", "au Patricien"),
        ("abbot", "l'Abbé", "de l'Abbé", "à l'Abbé"),
        ("cardinal", "le Cardinal", "du Cardinal", "au Cardinal"),
        ("alchemist", "l'Alchimiste", "de l'Alchimiste", "à l'Alchimiste"),
        ("trader", "le Négociant", "du Négociant", "au Négociant"),
        ("navigator", "la Navigatrice", "de la Navigatrice", "à la Navigatrice"),
        ("scholar", "l'Archiviste", "de l'Archiviste", "à l'Archiviste"),
        ("diplomat", "le Diplomate", "du Diplomate", "au Diplomate"),
        ("marshal", "le Capitaine", "du Capitaine", "au Capitaine"),
        ("queen", "la Reine", "de la Reine", "à la Reine"),
        ("artist", "l'Artiste", "de l'Artiste", "à l'Artiste"),
        ("tax_collector", "le Bailli", "du Bailli", "au Bailli"),
    ];
    assert_eq!(expected.len(), CHARACTERS.len());
    for (id, le, de, a) in expected {
        let c = CHARACTERS.iter().find(|c| c.id == id).expect(id);
        let got = (c.fr_with(FrArticle::Le), c.fr_with(FrArticle::De), c.fr_with(FrArticle::A));
        assert_eq!(got, (le.to_owned(), de.to_owned(), a.to_owned()), "{id}");
    }
}

/// The caller's sentences, with the core's typography (’, narrow spaces): « l'appel de
/// l'Évêque », « du Magicien », « La Reine (9) a été assassinée ».
#[test]
fn the_callers_texts_elide_and_contract_the_articles() {
    let nobody = |id: &str| {
        let c = CHARACTERS.iter().find(|c| c.id == id).expect("character");
        let mut r = second_edition_with(id);
        while r.call().is_some_and(|call| call.rank <= c.rank) {
            r = reveal(&r, None);
        }
        r.turns.iter().find(|t| t.character == id).expect("called").text.fr.clone()
    };
    assert_eq!(
        nobody("bishop"),
        "Personne ne répond à l’appel de l’Évêque (5)\u{202f}: on appelle le suivant."
    );
    assert_eq!(
        nobody("magician"),
        "Personne ne répond à l’appel du Magicien (3)\u{202f}: on appelle le suivant."
    );
    assert_eq!(
        nobody("architect"),
        "Personne ne répond à l’appel de l’Architecte (7)\u{202f}: on appelle le suivant."
    );
    assert_eq!(
        nobody("queen"),
        "Personne ne répond à l’appel de la Reine (9)\u{202f}: on appelle le suivant."
    );

    let r = second_edition_with("queen");
    assert_eq!(r.call().expect("call").text.fr, "Le porteur de la Couronne appelle l’Assassin (1).");
    let r = reveal(&r, Some(0));
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 9 });
    let mut r = r;
    while r.call().is_some() {
        r = reveal(&r, None);
    }
    assert_eq!(
        r.turns[8].text.fr,
        "La Reine (9) a été assassinée\u{202f}: elle ne se révèle pas et son tour est passé."
    );
    let r = dirk_plays(&second_edition_with("magician"), 3);
    assert_eq!(r.turns[2].text.fr, "Dirk révèle le Magicien (3) et joue.");
}

// ---- A round sent back is replayed -------------------------------------------------------

fn classic_round() -> CitadellesRound {
    start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::Classique,
        players: 4,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names: NAMES[..4].iter().map(|s| s.to_string()).collect(),
        face_up: Vec::new(),
    })
    .expect("round")
}

/// Lilli the Assassin murders the Merchant, Ani the Magician, Dirk the King, Patty the Warlord.
fn classic_round_played() -> CitadellesRound {
    let r = reveal(&classic_round(), Some(2));
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 6 });
    let r = reveal(&r, None);
    let r = reveal(&r, Some(0));
    let r = reveal(&r, Some(1));
    let r = reveal(&r, None);
    let r = reveal(&r, None);
    let r = reveal(&r, Some(3));
    apply(&r, CitadellesRoundAction::EndRound)
}

fn fields(p: &greffier::games::Problems) -> Vec<(String, String)> {
    p.iter().map(|p| (p.field.clone(), p.code.clone())).collect()
}

/// CIT §Tours des joueurs: « Le joueur qui détient la Couronne appelle les personnages, les uns
/// après l'autre, en commençant par le numéro 1 ». The round is the door's to keep and send
/// back, so the core replays its steps first: a call skipped, a seat that did not reveal, a
/// victim or a crown set by hand is refused with the field that differs, before any step.
#[test]
fn a_round_the_caller_could_not_reach_is_refused_before_any_step() {
    let r = reveal(&classic_round(), Some(2));
    let next = CitadellesRoundAction::Reveal { seat: Some(1) };

    let mut skipped = r.clone();
    skipped.next = 4;
    assert_eq!(
        fields(&skipped.apply(&next).expect_err("skipped")),
        [("round.next".into(), "round_inconsistent".into())]
    );

    let mut moved = r.clone();
    moved.turns[0].seat = Some(3);
    assert_eq!(
        fields(&moved.apply(&next).expect_err("moved")),
        [("round.turns".into(), "round_inconsistent".into())]
    );

    let mut victim = r.clone();
    victim.murdered = Some(4);
    let p = victim.apply(&next).expect_err("victim");
    assert_eq!(fields(&p), [("round.murdered".into(), "round_inconsistent".into())]);
    assert_eq!(
        p.0[0].message.en,
        "This round does not follow the calling of the characters (“murdered” is not what its steps give): start it again."
    );

    let mut crowned = classic_round_played();
    crowned.crown_after = Some(3);
    assert_eq!(
        fields(&crowned.checked("round").expect_err("crown")),
        [("round.crown_after".into(), "round_inconsistent".into())]
    );

    let mut forged = r.clone();
    forged.actions.push(CitadellesRoundAction::Rob { rank: 3 });
    let p = forged.checked("round").expect_err("a theft in the Assassin's turn");
    assert_eq!(fields(&p), [("round.actions[1]".into(), "round_step_refused".into())]);
    assert_eq!(
        p.0[0].message.en,
        "This round does not follow the calling of the characters: Theft: it is not this character's turn."
    );

    let mut setup = r.clone();
    setup.characters[1].id = "witch".into();
    let p = setup.checked("round").expect_err("a Witch at rank 2");
    assert!(fields(&p).iter().all(|(f, _)| f.starts_with("round.characters")), "{p}");

    // The texts are the core's: a text changed by hand is written again, nothing refused.
    let mut retold = r.clone();
    retold.turns[0].text.en = "Lilli wins".into();
    let view = retold.apply(&next).expect("texts are not facts").view();
    assert_eq!(view.round.turns[0].text.en, "Lilli reveals the Assassin (1) and plays.");
}

/// Every door: the round caller's operations and the table's round in progress refuse such a
/// round, as invalid input naming the field.
#[test]
fn the_doors_refuse_a_round_the_caller_could_not_reach() {
    let api = Api::without_history().expect("api");
    let mut round = reveal(&classic_round(), Some(2));
    round.next = 5;
    let round = serde_json::to_value(&round).expect("json");
    for (op, request) in [
        ("citadelles_round_view", json!({ "round": round })),
        ("citadelles_round_apply", json!({ "round": round, "action": { "action": "reveal", "seat": 0 } })),
        ("citadelles_destruction_quote", json!({ "round": round, "target": tavern_of(1) })),
    ] {
        let e = api.call_json(op, request).expect_err(op);
        assert_eq!(e.kind, ErrorKind::InvalidInput, "{op}");
        assert_eq!(e.problems.iter().map(|p| p.field.as_str()).collect::<Vec<_>>(), ["round.next"], "{op}");
    }
    let table = json!({"variant": "classique", "players": [{"name": "Ani"}, {"name": "Dirk"}, {"name": "Lilli"}, {"name": "Patty"}], "round_in_progress": round});
    let p = score_json(GameId::Citadelles, &table.to_string()).expect_err("kept round");
    assert_eq!(fields(&p), [("round_in_progress.next".into(), "round_inconsistent".into())]);
}

/// A round kept in a table by an older version has no steps and its face-up cards answered
/// « nobody »: it is read from its turns, shown and played on (a play saved mid-round loses
/// nothing).
#[test]
fn a_round_kept_by_an_older_version_is_read_from_its_turns() {
    let setup = CitadellesRoundSetup {
        face_up: vec![2, 5],
        ..CitadellesRoundSetup {
            variant: CitadellesVariant::Classique,
            players: 4,
            longer_game: false,
            ninth_character: false,
            characters: Vec::new(),
            crown: 0,
            names: NAMES[..4].iter().map(|s| s.to_string()).collect(),
            face_up: Vec::new(),
        }
    };
    let r = start_round(&setup).expect("round");
    let r = reveal(&r, Some(2)); // Assassin
    let r = apply(&r, CitadellesRoundAction::Murder { rank: 6 });
    let r = reveal(&r, Some(0)); // Magician (the Thief was face up)
    let r = reveal(&r, Some(1)); // King
    let r = reveal(&r, Some(3)); // Architect (the Bishop face up, the Merchant murdered)
    let r = apply(&r, CitadellesRoundAction::CompleteCity);
    let now = serde_json::to_value(&r).expect("json");
    // As the older version kept it: no steps, the face-up cards answered nobody, its words.
    let mut old = now.clone();
    old.as_object_mut().expect("object").remove("actions");
    old.as_object_mut().expect("object").remove("bewitched");
    for t in old["turns"].as_array_mut().expect("turns") {
        t.as_object_mut().expect("turn").remove("bewitched_by");
        if t["outcome"] == "face_up" {
            t["outcome"] = json!("not_chosen");
            t["text"] = json!({"fr": "Personne ne répond à l'appel de Voleur (2).", "en": "Nobody answers."});
        }
    }
    let old: CitadellesRound = serde_json::from_value(old).expect("an older round reads");
    let read = old.checked("round").expect("read from its turns");
    assert_eq!(read, r, "the same round, with its steps");
    let next = old.apply(&CitadellesRoundAction::Reveal { seat: None }).expect("played on");
    assert_eq!(next.call(), None);
    assert_eq!(apply(&next, CitadellesRoundAction::EndRound).crown_after, Some(1));
}

// ---- The round applied to the table: the table as the score reads it --------------------

/// A valid 4-seat classic table, no two totals equal (4, 5, 6, 7): each part of it can be spoiled
/// by the property below.
fn good_table() -> Value {
    json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["manor", "temple"], "gold": 2, "cards_in_hand": 1},
        {"name": "Dirk", "districts": ["palace"], "gold": 4},
        {"name": "Lilli", "districts": ["watchtower", "market", "monastery"]},
        {"name": "Patty", "districts": ["castle", "prison", "tavern"], "cards_in_hand": 3}],
        "crown": 0})
}

/// One way a typed table goes wrong, each on a field the score names.
fn spoil(table: &mut Value, how: u8, seat: usize) {
    let p = &mut table["players"][seat];
    match how {
        0 => p["districts"] = json!(["manor", "nowhere"]),
        1 => p["gold"] = json!(100),
        2 => p["gold"] = json!(-3),
        3 => p["cards_in_hand"] = json!("three"),
        4 => p["characters_last_round"] = json!(["dragon"]),
        5 => p["districts"] = json!(["manor", "manor"]),
        6 => p["custom_wonders"] = json!([{"name": "Phare", "cost": 40}]),
        7 => p["colour"] = json!("red"),
        8 => table["crown"] = json!(9),
        9 => table["completion_order"] = json!([seat]),
        10 => table["variant"] = json!("troisieme"),
        11 => table["longer_game"] = json!("yes"),
        12 => p["name"] = json!(""),
        _ => table["rounds"] = json!("all"),
    }
}

fn problem_fields(p: &greffier::games::Problems) -> std::collections::BTreeSet<String> {
    p.iter().map(|p| p.field.clone()).collect()
}

proptest! {
    /// Every helper judges the table as the score does. Any table the score refuses,
    /// the round caller's `apply_round` refuses too, with the same problems (and, beside them,
    /// only what it says of the round and the rounds kept). The one exception is the classic
    /// tie that needs the characters of the last round: that round is what `apply_round` writes.
    #[test]
    fn any_table_the_score_refuses_apply_round_refuses_with_the_same_fields(
        spoils in proptest::collection::vec((0u8..14, 0usize..4), 1..4),
    ) {
        let mut table = good_table();
        for (how, seat) in spoils {
            spoil(&mut table, how, seat);
        }
        let round = classic_round_played();
        let scored = score_json(GameId::Citadelles, &table.to_string());
        let applied = citadelles::apply_round(&table, &round);
        let Err(scored) = scored else {
            prop_assert!(applied.is_ok(), "{:?}", applied.err());
            return Ok(());
        };
        if scored.iter().all(|p| p.code == "characters_needed_for_tie") {
            prop_assert!(applied.is_ok(), "the round answers the tie: {:?}", applied.err());
            return Ok(());
        }
        let applied = applied.expect_err("a table the score refuses");
        let (wanted, got) = (problem_fields(&scored), problem_fields(&applied));
        prop_assert!(wanted.is_subset(&got), "score {wanted:?}, apply_round {got:?}");
        let extra: Vec<&String> = got.difference(&wanted).collect();
        prop_assert!(
            extra.iter().all(|f| f.as_str() == "round" || f.starts_with("round.") || *f == "rounds" || *f == "game_over"),
            "{extra:?}"
        );
        // The same problems, word for word, on the table's fields.
        for problem in scored.iter() {
            prop_assert!(applied.iter().any(|a| a == problem), "{problem:?}");
        }
    }
}

/// Over the doors: the score's problems come back from `citadelles_apply_round` as invalid input
/// (HTTP 400 `invalid_input`, CLI exit 1).
#[test]
fn apply_round_answers_the_scores_problems_through_the_api() {
    let api = Api::without_history().expect("api");
    let mut table = good_table();
    spoil(&mut table, 0, 1);
    spoil(&mut table, 1, 3);
    let round = serde_json::to_value(classic_round_played()).expect("json");
    let scored =
        api.call_json("score_table", json!({"game": "citadelles", "table": table})).expect_err("score");
    let applied =
        api.call_json("citadelles_apply_round", json!({"table": table, "round": round})).expect_err("apply");
    assert_eq!(applied.kind, ErrorKind::InvalidInput);
    let fields = |e: &greffier::api::ApiError| e.problems.iter().map(|p| p.field.clone()).collect::<Vec<_>>();
    assert_eq!(fields(&applied), fields(&scored));
    assert_eq!(fields(&applied), ["players[1].districts[1]", "players[3].gold"]);
}

/// The classic tie the score asks the characters for is what the round writes: the round
/// applies, and the score then settles the tie from it.
#[test]
fn a_tie_waiting_for_the_last_rounds_characters_takes_the_round() {
    let table = json!({"variant": "classique", "players": [
        {"name": "Ani", "districts": ["castle"]}, {"name": "Dirk", "districts": ["castle"]},
        {"name": "Lilli"}, {"name": "Patty", "districts": ["manor"]}]});
    let p = score_json(GameId::Citadelles, &table.to_string()).expect_err("a tie");
    assert!(p.iter().all(|p| p.code == "characters_needed_for_tie"), "{p}");
    let after = citadelles::apply_round(&table, &classic_round_played()).expect("applied");
    assert_eq!(after["players"][0]["characters_last_round"], json!([3]));
    assert!(score_json(GameId::Citadelles, &after.to_string()).is_ok());
}

/// CIT2 §Les personnages: the second series « peuvent remplacer 1 ou 2 personnages de base ». A
/// round called with other characters than the table's (the Assassin where the table plays the
/// Witch) is not this table's round: refused, in the table kept and when applied.
#[test]
fn a_round_with_other_characters_than_the_tables_is_not_its_round() {
    let names = NAMES[..4].iter().map(|n| json!({ "name": n })).collect::<Vec<_>>();
    let table = json!({"variant": "deuxieme_edition", "players": names,
        "characters_in_play": ["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]});
    let round = start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::DeuxiemeEdition,
        players: 4,
        longer_game: false,
        ninth_character: false,
        characters: Vec::new(),
        crown: 0,
        names: NAMES[..4].iter().map(|s| s.to_string()).collect(),
        face_up: Vec::new(),
    })
    .expect("round");
    let mut kept = table.clone();
    kept["round_in_progress"] = serde_json::to_value(&round).expect("json");
    let p = score_json(GameId::Citadelles, &kept.to_string()).expect_err("another round");
    assert_eq!(fields(&p), [("round_in_progress".into(), "round_mismatch".into())]);
    let p = citadelles::apply_round(&table, &finish(&round)).expect_err("another round");
    assert_eq!(fields(&p), [("round".into(), "round_mismatch".into())]);
    // With the table's own characters, the round is its round.
    let witch = start_round(&CitadellesRoundSetup {
        variant: CitadellesVariant::DeuxiemeEdition,
        players: 4,
        longer_game: false,
        ninth_character: false,
        characters: ["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
            .map(String::from)
            .to_vec(),
        crown: 0,
        names: NAMES[..4].iter().map(|s| s.to_string()).collect(),
        face_up: Vec::new(),
    })
    .expect("round");
    let after = citadelles::apply_round(&table, &finish(&witch)).expect("the table's round");
    assert_eq!(after["players"][0]["characters_last_round"], json!([1]));
}
