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
        // A person reads the rulebook's name and section, never our file names.
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

/// The entries write « l’or » with the typographic apostrophe; a player types « l'or » with the
/// straight one (or the typographic one): both find the same entries, and the snippet shows the
/// entry's own « l’or ».
#[test]
fn an_apostrophe_typed_either_way_finds_the_same_entries() {
    let c = catalogue();
    let filter = SearchFilter { game: Some(GameId::Citadelles), lang: Lang::Fr, ..Default::default() };
    let straight = c.search("l'or alchimiste", &filter).expect("search");
    let curly = c.search("l’or alchimiste", &filter).expect("search");
    assert_eq!(straight.first().map(|h| h.id.as_str()), Some("citadelles.character.alchemist"));
    assert_eq!(straight, curly);
    let snippet: String = straight[0].snippet.iter().map(|p| p.text.as_str()).collect();
    assert!(snippet.contains("récupère l’or"), "{snippet}");
    let body = &c.get("citadelles.character.alchemist").expect("the entry").body.fr;
    assert!(body.contains("l’Alchimiste récupère l’or qu’il"), "{body}");
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
fn part_of_a_word_is_found_inside_longer_words() {
    let c = catalogue();
    let filter = SearchFilter { game: Some(GameId::Citadelles), lang: Lang::Fr, ..Default::default() };
    // No word starts with "sassin": it is found inside "Assassin".
    let hits = c.search("sassin", &filter).expect("search");
    assert_eq!(hits.first().map(|h| h.id.as_str()), Some("citadelles.character.assassin"));
    assert!(hits[0].snippet.iter().any(|p| p.hit), "the part found is highlighted");
    // Whole-word hits come before partial ones ("roi" inside "droite" comes after).
    let hits = c.search("roi", &filter).expect("search");
    let king = hits.iter().position(|h| h.id == "citadelles.character.king");
    assert!(king.is_some_and(|k| k < 3), "{hits:?}");
}

#[test]
fn the_game_being_played_comes_first_among_entries_matching_as_well() {
    let c = catalogue();
    let hits = |prefer: Option<GameId>| -> Vec<(String, Option<GameId>)> {
        let filter = SearchFilter { prefer, lang: Lang::Fr, limit: 50, ..Default::default() };
        c.search("égalité", &filter).expect("search").into_iter().map(|h| (h.id, h.game)).collect()
    };
    let plain = hits(None);
    let citadelles_first = hits(Some(GameId::Citadelles));
    assert_eq!(plain.len(), citadelles_first.len(), "the same entries, reordered");
    assert_eq!(citadelles_first.first().and_then(|h| h.1), Some(GameId::Citadelles), "{citadelles_first:?}");
    let at = |id: &str| citadelles_first.iter().position(|h| h.0 == id).unwrap_or(usize::MAX);
    // Among the entries whose title or alias holds the word, Citadelles' come first…
    assert!(at("citadelles.tie_break") < at("valencia.tie_break"), "{citadelles_first:?}");
    // …but a Citadelles body that only mentions it does not bury another game's entry named so
    // (the QA pass: « fin de partie » found 16 Splendor bodies before Citadelles' own entry).
    assert!(at("valencia.tie_break") < at("citadelles.end.classique"), "{citadelles_first:?}");
    assert!(at("citadelles.end.classique") < usize::MAX, "{citadelles_first:?}");
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

/// How a player asks: (query, language of the screen, game being played, entry expected in the
/// top 3). Kinds once missed: typos, questions, word forms, the entry named first, the entries
/// that were missing; in both languages.
const PLAYER_QUERIES: &[(&str, Lang, Option<GameId>, &str)] = {
    use GameId::{Citadelles as C, Orleans as O, Splendor as S, Valencia as V};
    use Lang::{En, Fr};
    &[
        // One or two typos in a word (the word meant is a title's, an alias's or a term's).
        ("condotiere", Fr, None, "citadelles.character.warlord"),
        ("condotiere", Fr, Some(C), "citadelles.character.warlord"),
        ("jumaux", Fr, None, "valencia.card.twins"),
        ("warlrod", En, None, "citadelles.character.warlord"),
        ("fontane", Fr, Some(V), "valencia.scoring.fountains"),
        ("voluer", Fr, None, "citadelles.character.thief"),
        ("assasin", Fr, None, "citadelles.character.assassin"),
        ("magicen", Fr, None, "citadelles.character.magician"),
        ("architecet", Fr, None, "citadelles.character.architect"),
        ("eveque", Fr, None, "citadelles.character.bishop"),
        ("bibliotecaire", Fr, None, "orleans.character.bibliothecaire"),
        ("pelerinnage", Fr, None, "orleans.event.pelerinage"),
        ("scriptorum", Fr, None, "orleans.prosperite.scriptorium"),
        ("porcelain", Fr, Some(V), "glossary.valencia.porcelain"),
        ("privilge", Fr, Some(V), "valencia.privileges"),
        ("palmeirs", Fr, Some(V), "valencia.scoring.palms"),
        ("donjn", Fr, Some(C), "citadelles.wonder.keep"),
        ("observatoir", Fr, None, "citadelles.wonder.observatory"),
        ("bibliotheqe", Fr, None, "citadelles.wonder.library"),
        ("stonghold", En, None, "splendor.variant.strongholds"),
        ("magistarte", En, None, "citadelles.character.magistrate"),
        ("blackmailr", En, None, "citadelles.character.blackmailer"),
        ("fountian", En, Some(V), "valencia.scoring.fountains"),
        ("twnis", En, None, "valencia.card.twins"),
        ("tie breka", En, Some(V), "valencia.tie_break"),
        // Questions: stop and question words dropped, the rest ranked by how many match.
        ("combien de points fontaine", Fr, None, "valencia.scoring.fountains"),
        ("qui gagne en cas d'egalite valencia", Fr, None, "valencia.tie_break"),
        ("que fait le voleur", Fr, None, "citadelles.character.thief"),
        ("que fait l'assassin", Fr, Some(C), "citadelles.character.assassin"),
        ("comment marche le conseil", Fr, Some(V), "valencia.phase.council"),
        ("combien de cartes mission garder", Fr, Some(V), "valencia.setup"),
        ("quand finit la partie citadelles", Fr, Some(C), "citadelles.end.classique"),
        ("qui commence a valencia", Fr, None, "valencia.setup"),
        ("combien vaut un privilège", Fr, Some(V), "valencia.scoring.privileges"),
        ("combien de pièces au début citadelles", Fr, None, "glossary.citadelles.gold"),
        ("que se passe-t-il si on ne peut pas payer", Fr, Some(O), "faq.orleans.immediate_loss"),
        ("qui gagne une égalité aux enchères", Fr, Some(V), "faq.valencia.auction_ties"),
        ("quel est le pouvoir du roi", Fr, Some(C), "citadelles.character.king"),
        ("que fait la porcelaine", Fr, None, "glossary.valencia.porcelain"),
        ("what does the thief do", En, None, "citadelles.character.thief"),
        ("who wins a tie in valencia", En, None, "valencia.tie_break"),
        ("how many points for a fountain", En, Some(V), "valencia.scoring.fountains"),
        ("how do palms score", En, Some(V), "valencia.scoring.palms"),
        ("what is the crown", En, Some(C), "glossary.citadelles.crown"),
        ("when does the game end citadelles", En, Some(C), "citadelles.end.classique"),
        ("what happens if i cannot pay", En, Some(O), "faq.orleans.immediate_loss"),
        ("how does the warlord destroy", En, None, "citadelles.character.warlord"),
        // Plurals and word forms, both ways, and the rulebooks' own spellings.
        ("Quartiers violets", Fr, None, "glossary.citadelles.wonder"),
        ("quartier violet", Fr, None, "glossary.citadelles.wonder"),
        ("appairer", Fr, None, "splendor.orient.pairing"),
        ("apparier", Fr, Some(S), "splendor.orient.pairing"),
        ("fontaine", Fr, Some(V), "valencia.scoring.fountains"),
        ("palmier", Fr, Some(V), "valencia.scoring.palms"),
        ("privilege inutilise", Fr, None, "valencia.scoring.privileges"),
        ("missions reussie", Fr, None, "valencia.scoring.missions_completed"),
        ("mission échouée", Fr, None, "valencia.scoring.missions_failed"),
        ("bâtiment complété", Fr, None, "orleans.scoring.buildings"),
        ("marchandise", Fr, Some(O), "orleans.scoring.goods"),
        ("citoyens", Fr, Some(O), "glossary.orleans.citizen"),
        ("nobles", Fr, Some(S), "splendor.scoring.nobles"),
        ("comptoir", Fr, Some(S), "glossary.splendor.trading_posts"),
        ("fanions", Fr, Some(S), "splendor.power.flag_prestige"),
        ("merveilles", Fr, Some(C), "glossary.citadelles.wonder"),
        ("personnages", Fr, Some(C), "glossary.citadelles.character_card"),
        ("fountain", En, Some(V), "valencia.scoring.fountains"),
        ("palms", En, Some(V), "valencia.scoring.palms"),
        ("districts", En, Some(C), "glossary.citadelles.district"),
        ("wonders", En, Some(C), "glossary.citadelles.wonder"),
        ("trading post", En, Some(S), "glossary.splendor.trading_posts"),
        ("completed building", En, None, "orleans.scoring.buildings"),
        // The entry named by the query first, titles above bodies.
        ("Couronne", Fr, None, "glossary.citadelles.crown"),
        ("Torture", Fr, None, "glossary.orleans.torture"),
        ("Orient", Fr, None, "glossary.splendor.orient"),
        ("Conseil", Fr, None, "glossary.valencia.council"),
        ("Soutien", Fr, Some(V), "valencia.card.support"),
        ("Soutien", Fr, Some(O), "orleans.event.soutien"),
        ("Don", Fr, Some(O), "orleans.event.don"),
        ("Don", Fr, Some(C), "citadelles.wonder.keep"),
        ("Donjon", Fr, None, "citadelles.wonder.keep"),
        ("Peste", Fr, None, "orleans.event.peste"),
        ("Moisson", Fr, None, "orleans.event.moisson"),
        ("Taverne", Fr, Some(O), "orleans.place.taverne"),
        ("Dépôt", Fr, Some(O), "orleans.place.depot"),
        ("Invasion", Fr, Some(O), "orleans.event.invasion"),
        ("Roi", Fr, Some(C), "citadelles.character.king"),
        ("Nina", Fr, None, "valencia.nina"),
        ("Joker", Fr, None, "valencia.card.joker"),
        ("Crown", En, None, "glossary.citadelles.crown"),
        ("Torture", En, None, "glossary.orleans.torture"),
        ("Support", En, Some(V), "valencia.card.support"),
        ("Keep", En, Some(C), "citadelles.wonder.keep"),
        ("Plague", En, None, "orleans.event.peste"),
        ("Council", En, Some(V), "glossary.valencia.council"),
        ("Setup", En, Some(S), "splendor.setup.cities"),
        ("Mise en place", Fr, Some(V), "valencia.setup"),
        ("Mise en place", Fr, Some(C), "citadelles.setup"),
        // The entries that were missing: Valencia's resources, guilds, setup, central tile.
        ("oranges", Fr, None, "glossary.valencia.oranges"),
        ("fruits secs", Fr, None, "glossary.valencia.dried_fruit"),
        ("vin", Fr, Some(V), "glossary.valencia.wine"),
        ("vêtements", Fr, None, "glossary.valencia.clothing"),
        ("vetement", Fr, None, "glossary.valencia.clothing"),
        ("porcelaine", Fr, None, "glossary.valencia.porcelain"),
        ("ressources", Fr, Some(V), "glossary.valencia.resource"),
        ("guildes", Fr, Some(V), "glossary.valencia.guild"),
        ("tuile centrale", Fr, None, "glossary.valencia.central_tile"),
        ("fontaine centrale", Fr, Some(V), "glossary.valencia.central_tile"),
        ("mise en place valencia", Fr, None, "valencia.setup"),
        ("marqueur de tours", Fr, None, "valencia.setup"),
        ("jeton 100 points", Fr, None, "valencia.setup"),
        ("dried fruit", En, None, "glossary.valencia.dried_fruit"),
        ("wine", En, Some(V), "glossary.valencia.wine"),
        ("clothing", En, None, "glossary.valencia.clothing"),
        ("porcelain", En, None, "glossary.valencia.porcelain"),
        ("central tile", En, None, "glossary.valencia.central_tile"),
        ("valencia setup", En, None, "valencia.setup"),
        ("guild", En, Some(V), "glossary.valencia.guild"),
        // Accentless French, English names, parts of words.
        ("egalite", Fr, Some(V), "valencia.tie_break"),
        ("depart", Fr, Some(V), "valencia.tie_break"),
        ("fin de partie", Fr, Some(C), "citadelles.end.classique"),
        ("fin de partie", Fr, Some(V), "valencia.scoring.end"),
        ("sassin", Fr, Some(C), "citadelles.character.assassin"),
        ("condott", Fr, None, "citadelles.character.warlord"),
        ("haunted", En, None, "citadelles.wonder.haunted_city"),
        ("golden age", En, None, "orleans.variant.prosperite"),
        ("market stall", En, None, "orleans.place.etal_de_marche"),
    ]
};

#[test]
fn a_player_s_queries_find_the_entry_meant_in_the_top_three() {
    let c = catalogue();
    assert!(PLAYER_QUERIES.len() >= 100, "{} queries", PLAYER_QUERIES.len());
    let mut misses = Vec::new();
    for &(query, lang, prefer, expected) in PLAYER_QUERIES {
        assert!(c.get(expected).is_some(), "{expected} is not an entry");
        let filter = SearchFilter { lang, prefer, limit: 3, ..Default::default() };
        let hits = c.lookup(query, &filter).expect("search").hits;
        if !hits.iter().any(|h| h.id == expected) {
            let ids: Vec<&str> = hits.iter().map(|h| h.id.as_str()).collect();
            misses.push(format!("{query:?} ({lang:?}, {prefer:?}): {expected} not in {ids:?}"));
        }
    }
    assert!(
        misses.is_empty(),
        "{} of {} queries miss:\n{}",
        misses.len(),
        PLAYER_QUERIES.len(),
        misses.join("\n")
    );
}

#[test]
fn the_entry_a_query_names_comes_first() {
    let c = catalogue();
    let first = |query: &str, prefer: Option<GameId>| -> String {
        let filter = SearchFilter { lang: Lang::Fr, prefer, limit: 1, ..Default::default() };
        c.search(query, &filter).expect("search").into_iter().next().map(|h| h.id).unwrap_or_default()
    };
    // Before the in-memory index, the search ranked these 13th, 19th, 26th and 14th.
    assert_eq!(first("Couronne", None), "glossary.citadelles.crown");
    assert_eq!(first("Torture", None), "glossary.orleans.torture");
    assert_eq!(first("Orient", None), "glossary.splendor.orient");
    assert_eq!(first("Conseil", None), "glossary.valencia.council");
    // A name two games share: the screen's game decides.
    assert_eq!(first("Soutien", Some(GameId::Valencia)), "valencia.card.support");
    assert_eq!(first("Soutien", Some(GameId::Orleans)), "orleans.event.soutien");
    assert_eq!(first("Don", Some(GameId::Orleans)), "orleans.event.don");
    assert_eq!(first("Don", Some(GameId::Citadelles)), "citadelles.wonder.keep");
    // Without a game being played, the name itself wins over a longer word it starts.
    assert_eq!(first("Don", None), "orleans.event.don");
    // A word form of a title is that title; the rules entry before the glossary's.
    assert_eq!(first("fontaine", Some(GameId::Valencia)), "valencia.scoring.fountains");
}

#[test]
fn a_question_needs_only_its_content_words() {
    let c = catalogue();
    let filter = SearchFilter { lang: Lang::Fr, limit: 5, ..Default::default() };
    // "que", "fait", "le" are in no entry together with "voleur"; the thief is still first.
    let hits = c.search("que fait le voleur", &filter).expect("search");
    assert_eq!(hits.first().map(|h| h.id.as_str()), Some("citadelles.character.thief"));
    // An entry matching more of the words ranks above one matching fewer.
    let hits = c.search("fontaine palmier", &filter).expect("search");
    let both = |id: &str| {
        let e = c.get(id).expect("entry");
        let text = greffier::rules::fold(&format!("{} {}", e.title.fr, e.body.fr));
        text.contains("fontaine") && text.contains("palmier")
    };
    assert!(both(&hits[0].id), "{:?}", hits[0].id);
    // A query of stop words only still searches them rather than finding nothing at all.
    assert!(!c.search("de", &filter).expect("search").is_empty());
}

/// Whether an entry is named by `term`: each content word of the term (3 letters or more) is a
/// word of one of the entry's titles or aliases, give or take a plural ending.
fn names(c: &Catalogue, id: &str, term: &str) -> bool {
    let Some(e) = c.get(id) else { return false };
    let stop = c.stop_words();
    let split = |s: &str| -> Vec<String> {
        greffier::rules::fold(s)
            .split(|ch: char| !ch.is_alphanumeric())
            .filter(|w| w.chars().count() >= 3)
            .map(str::to_owned)
            .collect()
    };
    let mut own = split(&e.title.fr);
    own.extend(split(&e.title.en));
    for a in &e.aliases {
        own.extend(split(a));
    }
    split(term)
        .iter()
        .filter(|w| !stop.contains(w))
        .all(|w| own.iter().any(|o| o.starts_with(w.as_str()) || w.starts_with(o.as_str())))
}

/// What each rulebook names in its material list, contents and indexes, by game.
const RULEBOOK_TERMS: &[(GameId, &[&str])] = &[
    (
        GameId::Valencia,
        &[
            "plateau de jeu",
            "tuiles Plan de la ville",
            "tuile centrale",
            "plateaux de tours",
            "Ressources",
            "oranges",
            "fruits secs",
            "vin",
            "vêtements",
            "porcelaine",
            "tuiles Fontaine",
            "Privilèges",
            "marqueur de tours",
            "pion Stefan Feld",
            "cartes Mission",
            "paravents",
            "Membres de la famille",
            "Palmiers",
            "marqueurs de prestige",
            "jetons 100 points",
            "cartes Influence",
            "cartes Influence spéciales",
            "Mise en place",
            "Phase de planification",
            "Phase du Conseil",
            "Fin de partie",
            "Décompte final",
            "partie à deux joueurs",
            "guildes",
            "Noblesse",
            "Église",
        ],
    ),
    (
        GameId::Orleans,
        &[
            "Défense de la Ville",
            "plateau du scénario",
            "Salle de l'assemblée",
            "plateau Soutien",
            "Charpentier",
            "Maison bourgeoise",
            "Scriptorium",
            "tuiles Sablier",
            "Bâtiment spécial",
            "jetons Citoyen",
            "cartes Bâtiment",
            "cartes Personnage",
            "tuiles Lieu",
            "marqueur neutre",
            "Étal de marché",
            "Taverne",
            "Puits",
            "Marché noir",
            "Vignoble",
            "Dépôt",
            "Diligence",
        ],
    ),
    (
        GameId::Citadelles,
        &[
            "cartes Quartier",
            "pièces d'or",
            "pion Couronne",
            "cartes Personnage",
            "Assassin",
            "Voleur",
            "Magicien",
            "Roi",
            "Évêque",
            "Marchand",
            "Architecte",
            "Condottiere",
        ],
    ),
    (
        GameId::Splendor,
        &[
            "tuiles de Cité",
            "cartes de développement Orient",
            "Route vers l'Orient",
            "fanions",
            "Comptoirs",
            "Bastions",
            "Nobles",
        ],
    ),
];

#[test]
fn every_term_the_rulebooks_list_finds_the_entry_it_names() {
    let c = catalogue();
    let mut missing = Vec::new();
    let mut count = 0;
    for (game, terms) in RULEBOOK_TERMS {
        for term in *terms {
            count += 1;
            let filter = SearchFilter { game: Some(*game), lang: Lang::Fr, limit: 3, ..Default::default() };
            let hits = c.search(term, &filter).expect("search");
            if !hits.iter().any(|h| names(&c, &h.id, term)) {
                let ids: Vec<&str> = hits.iter().map(|h| h.id.as_str()).collect();
                missing.push(format!("{game} {term:?}: no entry named so in {ids:?}"));
            }
        }
    }
    assert!(count > 60);
    assert!(missing.is_empty(), "{} terms lack an entry:\n{}", missing.len(), missing.join("\n"));
    // The Orléans events index: each event found by its own name, among those of that name
    // (five Cotisations, three Jours de commerce…).
    let name_of = |rule: &str| -> String {
        let entry = c.get(rule).expect("event entry");
        entry.title.fr.split(" (").next().unwrap_or_default().to_owned()
    };
    let events = greffier::games::orleans::event_catalogue();
    for e in &events {
        let name = name_of(&e.rule);
        let same = events.iter().filter(|o| name_of(&o.rule) == name).count();
        let limit = u32::try_from(same.max(3)).unwrap_or(3);
        let filter =
            SearchFilter { game: Some(GameId::Orleans), lang: Lang::Fr, limit, ..Default::default() };
        let hits = c.search(&name, &filter).expect("search");
        assert!(
            hits.iter().any(|h| h.id == e.rule),
            "{name}: {:?}",
            hits.iter().map(|h| &h.id).collect::<Vec<_>>()
        );
    }
}

#[test]
fn no_stop_word_is_a_whole_title_or_alias() {
    let c = catalogue();
    for e in c.entries() {
        let mut names = vec![e.title.fr.clone(), e.title.en.clone()];
        names.extend(e.aliases.iter().cloned());
        for name in names {
            let bare = greffier::rules::fold(name.split(" (").next().unwrap_or_default());
            let bare = bare.trim();
            assert!(!c.stop_words().contains(bare), "{}: {name:?} would be dropped from a query", e.id);
        }
    }
    // The Orléans event "Don", Splendor's "Or" and "marché" stay searchable.
    for w in ["don", "or", "marche", "tour", "plus"] {
        assert!(!c.stop_words().contains(w), "{w}");
    }
}

#[test]
fn what_is_typed_so_far_is_what_the_snippets_mark() {
    let c = catalogue();
    let filter =
        SearchFilter { lang: Lang::Fr, prefer: Some(GameId::Citadelles), limit: 30, ..Default::default() };
    for typed in ["c", "co", "con", "cond", "condo", "fontaine", "egal"] {
        let hits = c.search(typed, &filter).expect("search");
        assert!(!hits.is_empty(), "{typed}");
        for h in &hits {
            for p in h.snippet.iter().filter(|p| p.hit) {
                let word = greffier::rules::fold(&p.text);
                assert!(word.starts_with(typed), "{typed:?}: {} marks {:?}", h.id, p.text);
            }
        }
    }
    let hits = c.search("condo", &filter).expect("search");
    assert_eq!(hits.first().map(|h| h.id.as_str()), Some("citadelles.character.warlord"));
}

/// The entries' French is typeset (a narrow no-break space before « : » and inside « »), and
/// the search still reads a player's words however they space them: « Orléans: Invasion »,
/// « Orléans : Invasion » or « orleans invasion » find the same entry; the snippets are passages
/// of the typeset body, their hits the words alone, and an opening keeps the narrow spaces.
#[test]
fn typeset_french_is_searched_as_typed() {
    let c = catalogue();
    let tie = c.get("orleans.tie_break").expect("entry");
    assert_eq!(tie.title.fr, "Départage à Orléans\u{202f}: Invasion");
    assert_eq!(tie.title.en, "Orléans: Invasion tie-break");
    for e in c.entries() {
        assert_eq!(greffier::text::french(&e.title.fr), e.title.fr.as_str(), "{}", e.id);
        assert_eq!(greffier::text::french(&e.body.fr), e.body.fr.as_str(), "{}", e.id);
        assert!(!e.body.fr.contains(" :") && !e.body.fr.contains("« "), "{}", e.id);
    }
    let filter = SearchFilter { lang: Lang::Fr, ..Default::default() };
    for typed in ["départage Orléans: Invasion", "départage Orléans : Invasion", "departage orleans invasion"]
    {
        let hits = c.search(typed, &filter).expect("search");
        assert_eq!(hits.first().map(|h| h.id.as_str()), Some("orleans.tie_break"), "{typed}");
        let top = &hits[0];
        assert_eq!(top.title, "Départage à Orléans\u{202f}: Invasion");
        let passage: String = top.snippet.iter().map(|p| p.text.as_str()).collect();
        let passage = passage.trim_matches('…');
        assert!(tie.body.fr.contains(passage), "{typed}: {passage:?}");
        for p in top.snippet.iter().filter(|p| p.hit) {
            assert!(p.text.chars().all(char::is_alphanumeric), "{typed}: a hit is a word: {:?}", p.text);
        }
    }
    // A passage around a colon: the narrow space stays, the hit is the word before it.
    let hits = c
        .search("moment", &SearchFilter { lang: Lang::Fr, limit: 50, ..Default::default() })
        .expect("search");
    assert!(
        hits.iter().any(|h| h.snippet.windows(2).any(|w| w[0].hit && w[1].text.starts_with("\u{202f}:"))),
        "a hit just before its colon keeps the narrow space after it"
    );
    // An entry listed without a query opens on its first words, narrow spaces kept.
    let listed =
        c.list(&SearchFilter { lang: Lang::Fr, kind: Some(RuleKind::Glossary), ..Default::default() });
    for h in &listed {
        let text: String = h.snippet.iter().map(|p| p.text.as_str()).collect();
        assert!(!text.contains(" :") && !text.contains(" ;") && !text.contains("« "), "{}: {text}", h.id);
    }
    assert!(listed.iter().any(|h| h.snippet.iter().any(|p| p.text.contains('\u{202f}'))));
}

/// The ids of the first `limit` hits for `query`.
fn top(
    c: &Catalogue,
    query: &str,
    lang: Lang,
    game: Option<GameId>,
    prefer: Option<GameId>,
    limit: u32,
) -> Vec<String> {
    let filter = SearchFilter { game, prefer, lang, limit, ..Default::default() };
    c.search(query, &filter).expect("search").into_iter().map(|h| h.id).collect()
}

/// The end-of-game entry of each game (Citadelles has one per rule set), for « fin de partie », « end of game », « game end ».
const END_OF_GAME: [(GameId, &str); 4] = [
    (GameId::Valencia, "valencia.scoring.end"),
    (GameId::Citadelles, "citadelles.end."),
    (GameId::Orleans, "orleans.end"),
    (GameId::Splendor, "splendor.overview"),
];

/// The QA pass found these ranked 17th to 19th behind 16 Splendor entries (their bodies say
/// « partie », « fin »), and no Orléans entry at all: the screen's last game, Splendor, was
/// preferred before anything else. An entry whose title or alias holds the query's words now
/// comes before one whose body only does, whatever game was last played; each game's own
/// end-of-game entry is first for that game.
#[test]
fn the_end_of_the_game_finds_each_game_s_end_entry_first() {
    let c = catalogue();
    for (query, lang) in [("fin de partie", Lang::Fr), ("end of game", Lang::En), ("game end", Lang::En)] {
        for prefer in [None, Some(GameId::Splendor), Some(GameId::Orleans)] {
            let hits = top(&c, query, lang, None, prefer, 6);
            for (game, id) in END_OF_GAME {
                let found = hits.iter().any(|h| h.starts_with(id));
                assert!(found, "{query:?} ({prefer:?}): {id} for {game:?} not in {hits:?}");
            }
            if let Some(g) = prefer {
                let own = END_OF_GAME.iter().find(|e| e.0 == g).map_or("", |e| e.1);
                assert!(hits.first().is_some_and(|h| h.starts_with(own)), "{query:?} ({prefer:?}): {hits:?}");
            }
        }
        // With a game chosen, that game's end entry first.
        for (game, id) in END_OF_GAME {
            let hits = top(&c, query, lang, Some(game), None, 3);
            assert!(hits.first().is_some_and(|h| h.starts_with(id)), "{query:?} in {game:?}: {hits:?}");
        }
    }
}

/// Only Orléans: Invasion's scenarios can be lost (« la partie est perdue », « vous avez tous
/// perdu »); the QA pass found Splendor first and faq.orleans.immediate_loss missing.
#[test]
fn losing_the_game_finds_the_orleans_losses() {
    let c = catalogue();
    for (query, lang) in [
        ("perdre la partie", Lang::Fr),
        ("défaite", Lang::Fr),
        ("lose the game", Lang::En),
        ("defeat", Lang::En),
    ] {
        for prefer in [None, Some(GameId::Splendor)] {
            let mut hits = top(&c, query, lang, None, prefer, 3);
            assert!(hits.iter().all(|h| !h.contains("splendor")), "{query:?} ({prefer:?}): {hits:?}");
            hits.truncate(2);
            hits.sort();
            assert_eq!(hits, ["faq.orleans.immediate_loss", "orleans.end"], "{query:?} ({prefer:?})");
        }
    }
    // « invasion perdue » was splendor.orient.double_gold first (its body says « perdu »).
    for prefer in [None, Some(GameId::Splendor)] {
        let hits = top(&c, "invasion perdue", Lang::Fr, None, prefer, 3);
        assert!(hits.iter().all(|h| h.contains("orleans")), "{prefer:?}: {hits:?}");
        assert!(
            hits.iter().any(|h| h == "orleans.end" || h == "orleans.variant.invasion"),
            "{prefer:?}: {hits:?}"
        );
    }
}

/// Citadelles' yellow districts are « nobles » (« Noble (jaune) : Manoir, Château, Palais »);
/// the QA pass found no Citadelles entry in the top 12 for these.
#[test]
fn noble_districts_find_citadelles() {
    let c = catalogue();
    for (query, lang) in
        [("quartier noble", Lang::Fr), ("quartiers nobles", Lang::Fr), ("noble district", Lang::En)]
    {
        for prefer in [None, Some(GameId::Splendor)] {
            let hits = top(&c, query, lang, None, prefer, 3);
            assert_eq!(
                hits.first().map(String::as_str),
                Some("citadelles.districts"),
                "{query:?} ({prefer:?}): {hits:?}"
            );
        }
    }
    // « noble » alone is first Splendor's tile, but Citadelles' districts are listed too.
    for prefer in [None, Some(GameId::Splendor)] {
        let hits = top(&c, "noble", Lang::Fr, None, prefer, 12);
        assert!(hits.iter().any(|h| h == "citadelles.districts"), "{prefer:?}: {hits:?}");
    }
    let hits = top(&c, "noble", Lang::Fr, Some(GameId::Citadelles), None, 3);
    assert_eq!(hits.first().map(String::as_str), Some("citadelles.districts"), "{hits:?}");
}

/// What worked before the ranking change still does, whatever game was last played.
#[test]
fn names_typos_and_accents_still_find_their_entry_first() {
    let c = catalogue();
    for (query, expected) in [
        ("eveque", "citadelles.character.bishop"),
        ("EVEQUE", "citadelles.character.bishop"),
        ("évêque", "citadelles.character.bishop"),
        ("fontane", "valencia.scoring.fountains"),
        ("condotiere", "citadelles.character.warlord"),
        ("cour des miracle", "citadelles.wonder.haunted_city"),
    ] {
        for prefer in [None, Some(GameId::Splendor)] {
            let hits = top(&c, query, Lang::Fr, None, prefer, 3);
            assert!(hits.iter().any(|h| h == expected), "{query:?} ({prefer:?}): {expected} not in {hits:?}");
        }
    }
}

/// The everyday words players use (« premier joueur », « argent », « victory
/// points ») sit beside the entries they point to; each one finds its entry among the first,
/// with that entry's game (and scenario) being played, in either language of the screen.
#[test]
fn every_everyday_phrase_finds_the_entry_it_sits_beside() {
    let c = catalogue();
    let mut missing = Vec::new();
    let mut count = 0;
    for e in c.entries() {
        for phrase in &e.everyday {
            count += 1;
            let variant = e.variants.first().cloned();
            // Entries of the same game and scenario sharing the phrase are all named by it.
            let same = c
                .entries()
                .iter()
                .filter(|o| {
                    o.game == e.game
                        && o.everyday.contains(phrase)
                        && (variant.is_none()
                            || o.variants.is_empty()
                            || o.variants.contains(variant.as_ref().unwrap_or(&String::new())))
                })
                .count();
            let limit = u32::try_from(same.max(3)).unwrap_or(3);
            for lang in [Lang::Fr, Lang::En] {
                let filter = SearchFilter {
                    game: e.game,
                    variant: variant.clone(),
                    prefer: e.game,
                    lang,
                    limit,
                    ..Default::default()
                };
                let found = c.lookup(phrase, &filter).expect("search");
                if !found.hits.iter().any(|h| h.id == e.id) {
                    let ids: Vec<&str> = found.hits.iter().map(|h| h.id.as_str()).collect();
                    missing.push(format!("{} {phrase:?} ({lang:?}): {ids:?} {:?}", e.id, found.not_in_rules));
                }
            }
        }
    }
    assert!(count > 150, "{count} everyday phrases");
    assert!(missing.is_empty(), "{} phrases miss their entry:\n{}", missing.len(), missing.join("\n"));
}
