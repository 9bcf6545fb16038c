//! The rules catalogue: complete for the screens that link to it, and searchable.

use greffier::games::GameId;
use greffier::rules::{Catalogue, RuleKind, SearchFilter};
use greffier::text::Lang;

fn catalogue() -> Catalogue {
    Catalogue::load().expect("the compiled-in entries load")
}

#[test]
fn every_entry_the_screens_link_to_exists() {
    let c = catalogue();
    let mut missing = Vec::new();
    for screen in ["home", "new_play", "play", "history", "players", "rules", "settings", "generic_sheet"] {
        let id = format!("app.{screen}");
        if c.get(&id).is_none() {
            missing.push(id);
        }
    }
    for game in GameId::ALL {
        let info = game.info();
        let mut ids = vec![format!("{game}.overview"), format!("{game}.tie_break")];
        ids.extend(info.categories.iter().map(|k| format!("{game}.scoring.{}", k.key)));
        ids.extend(info.variants.iter().map(|v| format!("{game}.variant.{}", v.id)));
        for id in ids {
            match c.get(&id) {
                None => missing.push(id),
                Some(e) => assert_eq!(e.game, Some(game), "{id} is filed under the wrong game"),
            }
        }
    }
    assert!(missing.is_empty(), "entries missing: {missing:?}");
}

#[test]
fn every_game_entry_cites_a_rulebook_and_every_related_link_resolves() {
    let c = catalogue();
    for e in c.entries() {
        if e.game.is_some() {
            assert!(
                e.source.contains(".txt") || e.source.contains("Splendor"),
                "{} cites no rulebook: {}",
                e.id,
                e.source
            );
        }
        for r in &e.related {
            assert!(c.get(r).is_some(), "{} links to missing {r}", e.id);
        }
    }
}

#[test]
fn search_ignores_accents_and_case_and_matches_prefixes() {
    let c = catalogue();
    let filter = SearchFilter { game: Some(GameId::Valencia), lang: Lang::Fr, ..Default::default() };
    for query in ["fontaines", "FONTAINE", "fontain", "Fontaînes"] {
        let hits = c.search(query, &filter).expect("search");
        assert_eq!(hits.first().map(|h| h.id.as_str()), Some("valencia.scoring.fountains"), "{query}");
    }
    let hits = c.search("departage", &SearchFilter { lang: Lang::Fr, ..Default::default() }).expect("search");
    assert!(hits.iter().any(|h| h.id == "valencia.tie_break"), "départage without its accent");
}

#[test]
fn search_answers_in_the_asked_language_and_marks_the_hits() {
    let c = catalogue();
    let hits = c
        .search(
            "fountain",
            &SearchFilter { game: Some(GameId::Valencia), lang: Lang::En, ..Default::default() },
        )
        .expect("search");
    let top = &hits[0];
    assert_eq!(top.title, "Fountains");
    assert!(top.snippet.iter().any(|p| p.hit && p.text.to_lowercase().starts_with("fountain")));
}

#[test]
fn filters_and_hostile_queries() {
    let c = catalogue();
    let only_citadelles = c
        .search(
            "points",
            &SearchFilter {
                game: Some(GameId::Citadelles),
                lang: Lang::Fr,
                limit: 100,
                ..Default::default()
            },
        )
        .expect("search");
    assert!(only_citadelles.iter().all(|h| h.game.is_none() || h.game == Some(GameId::Citadelles)));
    let setups = c
        .search(
            "joueurs",
            &SearchFilter { kind: Some(RuleKind::Setup), lang: Lang::Fr, limit: 100, ..Default::default() },
        )
        .expect("search");
    assert!(!setups.is_empty() && setups.iter().all(|h| h.kind == RuleKind::Setup));
    for q in ["\"", "AND", "NOT OR", "a*b:c", "-", "((", "", "   ", &"x".repeat(10_000)] {
        assert!(c.search(q, &SearchFilter::default()).is_ok(), "query {q:?} must not error");
    }
}
