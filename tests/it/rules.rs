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
            let rulebooks = ["Valencia, livret", "Invasion, livret", "Citadelles, règles", "Splendor"];
            assert!(
                rulebooks.iter().any(|r| e.source.contains(r)),
                "{} cites no rulebook: {}",
                e.id,
                e.source
            );
        }
        // Issue #14: a person reads the rulebook's name and section, never our file names.
        for file in [".txt", ".md", "shared/", "_88d49a4"] {
            assert!(!e.source.contains(file), "{} shows a file name: {}", e.id, e.source);
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

#[test]
fn part_of_a_word_is_found_by_the_trigram_fallback() {
    let c = catalogue();
    let filter = SearchFilter { game: Some(GameId::Citadelles), lang: Lang::Fr, ..Default::default() };
    // No word starts with "sassin": the trigram index finds it inside "Assassin".
    let hits = c.search("sassin", &filter).expect("search");
    assert_eq!(hits.first().map(|h| h.id.as_str()), Some("citadelles.character.assassin"));
    assert!(hits[0].snippet.iter().any(|p| p.hit), "the part found is highlighted");
    // Whole-word hits come before partial ones ("roi" inside "droite" comes after).
    let hits = c.search("roi", &filter).expect("search");
    let king = hits.iter().position(|h| h.id == "citadelles.character.king");
    assert!(king.is_some_and(|k| k < 3), "{hits:?}");
}

#[test]
fn the_game_being_played_comes_first_without_hiding_the_others() {
    let c = catalogue();
    let hits = |prefer: Option<GameId>| -> Vec<(String, Option<GameId>)> {
        let filter = SearchFilter { prefer, lang: Lang::Fr, limit: 50, ..Default::default() };
        c.search("égalité", &filter).expect("search").into_iter().map(|h| (h.id, h.game)).collect()
    };
    let plain = hits(None);
    let citadelles_first = hits(Some(GameId::Citadelles));
    assert_eq!(plain.len(), citadelles_first.len(), "the same entries, reordered");
    let first_other = citadelles_first.iter().position(|h| h.1 != Some(GameId::Citadelles)).unwrap_or(0);
    assert!(first_other > 0, "some Citadelles entry matches égalité: {citadelles_first:?}");
    assert!(
        citadelles_first[first_other..].iter().all(|h| h.1 != Some(GameId::Citadelles)),
        "every Citadelles entry before the others: {citadelles_first:?}"
    );
    assert!(plain.iter().any(|h| h.1 == Some(GameId::Valencia)), "other games still listed");
}

#[test]
fn a_word_with_a_typo_finds_the_entries_of_the_word_meant_and_says_so() {
    let c = catalogue();
    let filter = SearchFilter { lang: Lang::Fr, ..Default::default() };
    let found = c.lookup("fontane", &filter).expect("search");
    assert_eq!(found.hits.first().map(|h| h.id.as_str()), Some("valencia.scoring.fountains"));
    assert_eq!(found.corrected.as_deref(), Some("fontaine"));
    assert!(found.suggestions.is_empty(), "hits need no suggestion");
    // The corrected word is what the snippet marks.
    let marked: Vec<String> =
        found.hits[0].snippet.iter().filter(|p| p.hit).map(|p| p.text.to_lowercase()).collect();
    assert!(!marked.is_empty() && marked.iter().all(|t| t.starts_with("fontaine")), "{marked:?}");
    // The other words of the query are kept as typed.
    let found = c.lookup("condotiere cout", &filter).expect("search");
    assert_eq!(found.corrected.as_deref(), Some("condottiere cout"));
    assert_eq!(found.hits.first().map(|h| h.id.as_str()), Some("citadelles.character.warlord"));
    // Words found as typed are not corrected.
    assert_eq!(c.lookup("fontaine", &filter).expect("search").corrected, None);
    // A word nothing is close to finds nothing, and close queries are offered when some are.
    let found = c.lookup("zzzzqqq", &filter).expect("search");
    assert!(found.hits.is_empty() && found.corrected.is_none(), "{found:?}");
    assert_eq!(c.suggest("fontane", &filter).expect("suggest").first().map(String::as_str), Some("fontaine"));
}

#[test]
fn entries_can_be_narrowed_to_a_kind_and_a_variant() {
    let c = catalogue();
    let filter = SearchFilter {
        game: Some(GameId::Citadelles),
        kind: Some(RuleKind::Wonder),
        lang: Lang::En,
        limit: 100,
        ..Default::default()
    };
    let hits = c.search("points", &filter).expect("search");
    assert!(!hits.is_empty());
    assert!(hits.iter().all(|h| h.kind == RuleKind::Wonder), "{hits:?}");
    // An entry about one variant is left out when another is asked for.
    let tagged: Vec<_> = c.entries().iter().filter(|e| !e.variants.is_empty()).collect();
    assert!(tagged.len() > 20, "Citadelles' profile-specific entries say so");
    for e in tagged {
        let game = e.game.expect("a variant entry has a game");
        let other = game.info().variants.iter().find(|v| !e.variants.iter().any(|x| x == v.id));
        if let Some(other) = other {
            let f = SearchFilter {
                game: Some(game),
                variant: Some(other.id.to_owned()),
                lang: Lang::Fr,
                limit: 200,
                ..Default::default()
            };
            let hits = c.search(&e.title.fr, &f).expect("search");
            assert!(hits.iter().all(|h| h.id != e.id), "{} shown for {}", e.id, other.id);
        }
    }
}

/// Every catalogue item of every game, as (its game, the rule entry that explains it, a label).
fn catalogue_items() -> Vec<(GameId, String, String)> {
    use greffier::games::{citadelles, orleans, splendor, valencia};
    let mut items = Vec::new();
    let mut add = |game, rule: &str, what: String| items.push((game, rule.to_owned(), what));
    // Citadelles: districts, wonders and characters of both profiles.
    let c = citadelles::catalogue();
    for d in &c.districts {
        add(GameId::Citadelles, &d.rule, format!("district {}", d.id));
    }
    for p in &c.profiles {
        add(GameId::Citadelles, &p.rule, format!("profile {:?}", p.variant));
        for w in &p.wonders {
            add(GameId::Citadelles, &w.rule, format!("wonder {}", w.id));
        }
        for ch in &p.characters {
            add(GameId::Citadelles, &ch.rule, format!("character {}", ch.id));
        }
    }
    // Les Cités de Splendor: city faces, Orient cards, trading-post powers.
    let s = splendor::catalogue();
    for city in &s.cities {
        add(GameId::Splendor, &city.rule, format!("city {}", city.id));
    }
    for o in &s.orient {
        add(GameId::Splendor, &o.rule, format!("orient card {}", o.id));
    }
    for p in &s.powers {
        add(GameId::Splendor, &p.rule, format!("power {:?}", p.id));
    }
    // Valencia: the 35 missions, the special influence cards.
    for m in valencia::missions() {
        add(GameId::Valencia, &m.rule_entry, format!("mission {}", m.id));
    }
    for card in valencia::InfluenceCard::SPECIAL {
        let rule = card.rule().expect("a special card has an entry");
        add(GameId::Valencia, &rule, format!("special card {}", card.id()));
    }
    // Orléans: scenarios, events, objectives, charitable acts, characters, place tiles.
    for sc in orleans::scenario_catalogue() {
        add(GameId::Orleans, &sc.rule, format!("scenario {:?}", sc.id));
        for o in &sc.objectives {
            add(GameId::Orleans, &o.rule, format!("objective {}", o.id));
        }
        for a in &sc.charitable_acts {
            add(GameId::Orleans, &a.rule, format!("charitable act {}", a.id));
        }
    }
    for e in orleans::event_catalogue() {
        add(GameId::Orleans, &e.rule, format!("event {}", e.id));
    }
    for ch in orleans::character_catalogue() {
        add(GameId::Orleans, &ch.rule, format!("character {}", ch.id));
        for o in &ch.objectives {
            add(GameId::Orleans, &o.rule, format!("objective {}", o.id));
        }
    }
    for t in orleans::place_tile_catalogue() {
        add(GameId::Orleans, &t.rule, format!("place tile {}", t.id));
    }
    items
}

#[test]
fn every_catalogue_item_of_every_game_has_a_cited_entry_in_both_languages() {
    let c = catalogue();
    let items = catalogue_items();
    assert!(items.len() > 250, "the catalogues are enumerated ({} items)", items.len());
    let mut problems = Vec::new();
    for (game, rule, what) in &items {
        match c.get(rule) {
            None => problems.push(format!("{game} {what}: no entry `{rule}`")),
            Some(e) => {
                if e.game != Some(*game) {
                    problems.push(format!("{game} {what}: `{rule}` is filed under {:?}", e.game));
                }
                let texts = [&e.title.fr, &e.title.en, &e.body.fr, &e.body.en];
                if texts.iter().any(|t| t.trim().is_empty()) || e.title.fr == e.body.fr {
                    problems.push(format!("{game} {what}: `{rule}` lacks a text"));
                }
                if !e.source.contains("livret")
                    && !e.source.contains("règles")
                    && !e.source.contains("données des cartes")
                {
                    problems.push(format!("{game} {what}: `{rule}` cites no source ({})", e.source));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} catalogue items lack an entry:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The rounds a line names: single numbers and ranges written `1 à 10`.
fn rounds_named(line: &str) -> Vec<u8> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |w: &str| w.trim_matches(|ch: char| !ch.is_ascii_digit()).parse::<u8>().ok();
    let mut rounds = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let Some(n) = number(w) else { continue };
        rounds.push(n);
        if words.get(i + 1) == Some(&"à")
            && let Some(end) = words.get(i + 2).and_then(|w| number(w))
        {
            rounds.extend(n..=end);
        }
    }
    rounds
}

#[test]
fn every_orleans_event_entry_says_where_the_event_appears_as_the_tracks_do() {
    let c = catalogue();
    for e in greffier::games::orleans::event_catalogue() {
        let entry = c.get(&e.rule).expect("event entry");
        let line = entry.body.fr.lines().find(|l| l.starts_with("Apparaît dans")).unwrap_or_default();
        for spot in &e.appears_in {
            let mentioned = match (spot.round, spot.stack.as_deref()) {
                (Some(r), _) => rounds_named(line).contains(&r),
                (None, Some(stack)) => line.contains(&format!("pile {stack}")),
                (None, None) => false,
            };
            assert!(mentioned, "{}: {:?} is not in its entry's line \"{line}\"", e.id, spot);
        }
    }
}

#[test]
fn the_scenario_filter_keeps_only_the_events_of_that_scenario() {
    let c = catalogue();
    let events = |variant: &str| -> Vec<String> {
        let filter = SearchFilter {
            game: Some(GameId::Orleans),
            variant: Some(variant.to_owned()),
            kind: Some(RuleKind::Event),
            lang: Lang::Fr,
            limit: 0,
            ..Default::default()
        };
        c.list(&filter).into_iter().map(|h| h.id).collect()
    };
    let dignitaire = events("dignitaire");
    let invasion = events("invasion");
    // Each scenario's own track is listed, and an event of the other's only is not.
    for e in greffier::games::orleans::event_catalogue() {
        let in_dignitaire = e.appears_in.iter().any(|s| s.scenario.id() == "dignitaire");
        let nowhere = e.appears_in.is_empty();
        assert_eq!(dignitaire.contains(&e.rule), in_dignitaire || nowhere, "{} for Le dignitaire", e.id);
    }
    assert!(!dignitaire.is_empty());
    assert_ne!(dignitaire, invasion);
    // Valencia's special cards belong to their module.
    let base = SearchFilter {
        game: Some(GameId::Valencia),
        variant: Some("base".to_owned()),
        lang: Lang::Fr,
        limit: 0,
        ..Default::default()
    };
    assert!(c.list(&base).iter().all(|h| !h.id.starts_with("valencia.card.")));
}

#[test]
#[ignore]
fn probe() {
    let c = catalogue();
    let prefer = std::env::var("PREFER").ok().and_then(|g| g.parse::<GameId>().ok());
    for q in std::env::var("Q").unwrap_or_default().split('|') {
        let filter = SearchFilter { lang: Lang::Fr, prefer, limit: 8, ..Default::default() };
        let r = c.lookup(q, &filter).expect("search");
        println!("== {q} (corrected {:?}, suggestions {:?})", r.corrected, r.suggestions);
        for h in r.hits {
            let snip: String = h
                .snippet
                .iter()
                .map(|p| if p.hit { format!("[{}]", p.text) } else { p.text.clone() })
                .collect();
            println!("  {:45} {} | {}", h.id, h.title, snip.chars().take(110).collect::<String>());
        }
    }
}
