//! BG Stats import and export, on a small sample and on a club's ten-year export
//! (`tests/fixtures/bgstats-history.json`, written by `make_bgstats_history.py` beside it, with
//! every odd case real exports hold).

use std::collections::{BTreeMap, HashSet};

use greffier::games::GameId;
use greffier::history::{
    BgPlayNoteKind, BgStats, OtherPlayFilter, PlayFilter, Progress, Store, StoreError, no_progress,
    recognise, recognise_title,
};

const SAMPLE: &str = include_str!("../fixtures/bgstats-sample.json");
const HISTORY: &str = include_str!("../fixtures/bgstats-history.json");

fn imported() -> Store {
    let mut store = Store::open_in_memory().expect("store");
    let file = BgStats::from_json(SAMPLE).expect("sample parses");
    store.import_bgstats(&file, &mut no_progress).expect("import");
    store
}

#[test]
fn a_game_without_a_boardgamegeek_id_is_recognised_by_its_full_title() {
    assert_eq!(recognise_title("Citadels"), Some(GameId::Citadelles));
    assert_eq!(recognise_title("Citadelles"), Some(GameId::Citadelles));
    assert_eq!(recognise_title("Orléans: Invasion"), Some(GameId::Orleans));
    assert_eq!(recognise_title("Splendor: Cities of Splendor"), Some(GameId::Splendor));
    assert_eq!(recognise_title("Les Cités de Splendor"), Some(GameId::Splendor));
    assert_eq!(recognise_title("VALENCIA"), Some(GameId::Valencia));
    assert_eq!(recognise_title("Catan"), None);
    assert_eq!(recognise_title("Splendor"), None, "base Splendor is another game");
    assert_eq!(recognise_title("Orléans"), None, "base Orléans is another game");
}

#[test]
fn base_splendor_is_not_the_cities_of_splendor_whatever_its_name() {
    // By id: Splendor (148228) is ours only with The Cities of Splendor (220653) played.
    assert_eq!(recognise(Some(148228), "Splendor", &[]), None);
    assert_eq!(recognise(Some(148228), "Les Cités de Splendor", &[]), None, "the id decides, not the name");
    assert_eq!(
        recognise(Some(148228), "Splendor", &[(Some(220653), "Cities of Splendor")]),
        Some(GameId::Splendor)
    );
    assert_eq!(recognise(Some(148228), "Splendor", &[(Some(999), "Splendor: Marvel")]), None);
    assert_eq!(
        recognise(Some(148228), "Splendor", &[(Some(1), "Les Cités de Splendor")]),
        Some(GameId::Splendor),
        "an expansion is known by its title too"
    );
    assert_eq!(recognise(Some(220653), "Splendor: Cities of Splendor", &[]), Some(GameId::Splendor));
    // Orléans likewise with Invasion; Citadels in both editions; an id we do not know falls
    // back to the title.
    assert_eq!(recognise(Some(164928), "Orléans", &[]), None);
    assert_eq!(recognise(Some(164928), "Orléans", &[(None, "Orléans: Invasion")]), Some(GameId::Orleans));
    assert_eq!(recognise(Some(205398), "Citadels", &[]), Some(GameId::Citadelles));
    assert_eq!(recognise(Some(13), "Catan", &[]), None);
    assert_eq!(recognise(None, "Valencia", &[]), Some(GameId::Valencia));
}

#[test]
fn the_sample_maps_our_games_to_plays_and_keeps_the_others_as_plain_results() {
    let mut store = Store::open_in_memory().expect("store");
    let file = BgStats::from_json(SAMPLE).expect("sample parses");
    let mut seen: Vec<Progress> = Vec::new();
    let report = store.import_bgstats(&file, &mut |p| seen.push(p)).expect("import");
    assert_eq!(
        (report.players_added, report.plays_added, report.other_plays_added, report.plays_already_present),
        (4, 3, 2, 0)
    );
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    assert_eq!(seen.last().map(|p| (p.done, p.total)), Some((5, 5)));
    assert_eq!(store.other_play_count().expect("others"), 2);

    let page = store.list_plays(&PlayFilter::default()).expect("list");
    let games: Vec<GameId> = page.plays.iter().map(|p| p.game).collect();
    assert_eq!(games, vec![GameId::Orleans, GameId::Splendor, GameId::Citadelles], "newest first");

    let citadels = store.play(page.plays[2].id).expect("Citadels");
    assert_eq!(
        (citadels.variant.as_str(), citadels.location.as_deref(), citadels.duration_minutes),
        ("classique", Some("Maison"), Some(55))
    );
    assert_eq!(citadels.notes.as_deref(), Some("Le roi a changé trois fois"));
    assert_eq!(citadels.started_at.to_rfc3339(), "2025-11-02T20:15:00+00:00");
    assert!(citadels.seats[0].first_player && !citadels.seats[1].first_player);
    let board = citadels.scoreboard.expect("scoreboard");
    let lines: Vec<(&str, Option<i32>, u8, bool)> =
        board.players.iter().map(|p| (p.name.as_str(), p.total, p.rank, p.winner)).collect();
    assert_eq!(
        lines,
        vec![("Ani", Some(31), 1, true), ("Dirk", Some(27), 2, false), ("Lilli", Some(24), 3, false)]
    );

    // Splendor 15 to 15: BG Stats says Dirk won (on the tie-break), so he ranks first.
    let splendor = store.play(page.plays[1].id).expect("Splendor").scoreboard.expect("board");
    let lines: Vec<(&str, u8, bool)> =
        splendor.players.iter().map(|p| (p.name.as_str(), p.rank, p.winner)).collect();
    assert_eq!(lines, vec![("Ani", 2, false), ("Dirk", 1, true)]);
    assert_eq!(store.play(page.plays[0].id).expect("Orléans").location, None, "locationRefId 0 is no place");

    // Ani's competitive record counts the imported plays: Citadels won, Splendor and Orléans lost.
    let ani = store.list_players().expect("roster").into_iter().find(|p| p.name == "Ani").expect("Ani");
    let stats = store.player_stats(ani.id).expect("stats");
    assert_eq!((stats.competitive.plays, stats.competitive.wins), (3, 1));
}

#[test]
fn importing_the_same_file_twice_adds_nothing() {
    let mut store = imported();
    let again =
        store.import_bgstats(&BgStats::from_json(SAMPLE).expect("parse"), &mut no_progress).expect("again");
    assert_eq!(
        (again.players_added, again.plays_added, again.other_plays_added, again.plays_already_present),
        (0, 0, 0, 5)
    );
}

#[test]
fn export_then_import_then_export_round_trips() {
    let store = imported();
    let first = store.export_bgstats(&mut no_progress).expect("export");
    assert_eq!((first.players.len(), first.games.len(), first.plays.len()), (4, 5, 5));
    let text = first.to_json();
    assert!(text.contains("\"playerScores\"") && text.contains("\"playDate\":\"2025-11-02 20:15:00\""));

    let mut copy = Store::open_in_memory().expect("empty");
    let report =
        copy.import_bgstats(&BgStats::from_json(&text).expect("parse"), &mut no_progress).expect("import");
    assert_eq!((report.plays_added, report.other_plays_added), (3, 2));
    let second = copy.export_bgstats(&mut no_progress).expect("export again");
    assert_eq!(second, first);
}

#[test]
fn a_file_of_the_wrong_shape_or_with_an_id_given_twice_is_refused_whole() {
    let wrong_type = BgStats::from_json(r#"{ "plays": { "uuid": 3 } }"#).expect_err("wrong type");
    assert_eq!((wrong_type.0[0].code.as_str(), wrong_type.0[0].field.as_str()), ("malformed", "plays"));

    let mut store = Store::open_in_memory().expect("store");
    let mut file = BgStats::from_json(SAMPLE).expect("parse");
    file.players[2].id = file.players[0].id;
    let err = store.import_bgstats(&file, &mut no_progress).expect_err("refused");
    let StoreError::Invalid(problems) = err else { panic!("expected invalid input") };
    assert_eq!(problems.iter().map(|p| p.field.as_str()).collect::<Vec<_>>(), vec!["players[2].id"]);
    assert_eq!(store.list_players().expect("roster").len(), 0, "nothing was written");
    assert_eq!(store.other_play_count().expect("others"), 0);
}

#[test]
fn odd_plays_are_skipped_one_by_one_with_why_and_the_rest_is_imported() {
    let mut store = Store::open_in_memory().expect("store");
    let mut file = BgStats::from_json(SAMPLE).expect("parse");
    file.players[2].name = "x".repeat(10_000);
    file.plays[0].player_scores[0].player_ref_id = 99;
    file.plays[3].uuid = file.plays[1].uuid.clone();
    file.plays[4].play_date = "yesterday".into();
    let report = store.import_bgstats(&file, &mut no_progress).expect("imported");
    let skipped: Vec<(&str, &str)> =
        report.notes.iter().map(|n| (n.field.as_str(), n.why.en.as_str())).collect();
    assert_eq!(
        skipped,
        vec![
            ("plays[0]", "Player #99 (seat 1) is not in the file."),
            (
                "plays[2]",
                "The name of the player in seat 2 is unusable: The name is longer than 60 characters."
            ),
            ("plays[3]", "Same id as a play earlier in the file."),
            ("plays[4]", "Unreadable date “yesterday”."),
        ]
    );
    assert!(report.notes.iter().all(|n| n.kind == BgPlayNoteKind::Skipped));
    // The Splendor play (plays[1]) went in; Lilli, whose name is unusable, was not added.
    assert_eq!((report.plays_added, report.other_plays_added, report.players_added), (1, 0, 3));
}

#[test]
fn more_entries_than_any_real_history_are_refused_before_anything_is_written() {
    let mut text = String::from(r#"{ "players": ["#);
    for i in 0..=greffier::history::MAX_BGSTATS_ITEMS {
        if i > 0 {
            text.push(',');
        }
        text.push_str(r#"{"id":1,"name":"a"}"#);
    }
    text.push_str("] }");
    let file = BgStats::from_json(&text).expect("well formed");
    let mut store = Store::open_in_memory().expect("store");
    let err = store.import_bgstats(&file, &mut no_progress).expect_err("too many");
    assert!(matches!(err, StoreError::Invalid(p) if p.0[0].code == "too_many"));
    assert_eq!(store.list_players().expect("roster").len(), 0);
}

#[test]
fn a_full_backup_keeps_other_games_plays_and_reports_progress() {
    let store = imported();
    let mut steps: Vec<Progress> = Vec::new();
    let first = store.export_with_progress(&mut |p| steps.push(p)).expect("backup");
    assert_eq!((first.manifest.counts.plays, first.manifest.counts.other_plays), (3, 2));
    assert_eq!(steps.last().map(|p| (p.done, p.total)), Some((5, 5)), "plays and other games' plays");

    let mut copy = Store::open_in_memory().expect("empty");
    let mut steps: Vec<Progress> = Vec::new();
    let backup = greffier::history::Backup::from_json(&first.to_json()).expect("parse");
    let report = copy.import_with_progress(&backup, &mut |p| steps.push(p)).expect("restore");
    assert_eq!((report.plays_added, report.other_plays_added, report.players_added), (3, 2, 4));
    assert_eq!(steps.last().map(|p| (p.done, p.total)), Some((5, 5)));
    let mut second = copy.export().expect("again");
    second.manifest.exported_at = first.manifest.exported_at;
    assert_eq!(second, first);
    // Player ids differ (the backup lists players by name); scores and winners do not.
    let results = |s: &Store| {
        s.export_bgstats(&mut no_progress)
            .expect("bg")
            .plays
            .into_iter()
            .map(|p| (p.uuid, p.player_scores.into_iter().map(|x| (x.score, x.winner)).collect::<Vec<_>>()))
            .collect::<Vec<_>>()
    };
    assert_eq!(results(&copy), results(&store));
}

/// The fixture's own design, read from the file and not from the importer: games 1, 2
/// (Citadels) and 7 (Valencia) are ours; 3 (Splendor) and 5 (Orléans) only with their
/// expansion 4 (The Cities of Splendor) or 6 (Invasion); everything else is another game.
fn fixture_says_ours(play: &greffier::history::BgPlay) -> bool {
    let with = |e: i64| play.expansion_plays.iter().any(|x| x.game_ref_id == Some(e));
    match play.game_ref_id {
        1 | 2 | 7 => true,
        3 => with(4),
        5 => with(6),
        _ => false,
    }
}

/// Where the odd cases start in the fixture (see `make_bgstats_history.py`).
const ODD: usize = 400;

#[test]
fn a_clubs_ten_year_export_imports_whole_with_every_odd_play_reported() {
    let file = BgStats::from_json(HISTORY).expect("the fixture parses");
    let mut store = Store::open_in_memory().expect("store");
    let report = store.import_bgstats(&file, &mut no_progress).expect("imported, not refused");

    // The 400 ordinary plays: every one in, ours as ours, the others as other games' plays.
    let ordinary = &file.plays[..ODD];
    let ours = ordinary.iter().filter(|p| fixture_says_ours(p)).count();
    // Odd cases in: 0, 2, 4, 13, 14, 17 (other games), 1, 3, 5 (ours kept as other games'),
    // 12, 15, 16 (ours).
    assert_eq!(report.plays_added as usize, ours + 3);
    assert_eq!(report.other_plays_added as usize, ODD - ours + 9);
    assert_eq!((report.plays_ignored, report.plays_already_present), (1, 0), "play 6 is ignored in BG Stats");

    let notes: Vec<(String, BgPlayNoteKind, &str)> =
        report.notes.iter().map(|n| (n.field.clone(), n.kind, n.why.en.as_str())).collect();
    let at = |k: usize| format!("plays[{}]", ODD + k);
    use BgPlayNoteKind::{KeptAsOtherGame, Skipped};
    assert_eq!(
        notes,
        vec![
            (at(1), KeptAsOtherGame, "9 players: Citadelles is for 2 to 7."),
            (at(3), KeptAsOtherGame, "A player sits there twice."),
            (at(5), KeptAsOtherGame, "A score that is not a whole number (15.5): kept as written."),
            (at(7), Skipped, "Player #99 (seat 2) is not in the file."),
            (at(8), Skipped, "Game #77 is not in the file."),
            (at(9), Skipped, "Unreadable date “le 9 novembre”."),
            (
                at(10),
                Skipped,
                "The name of the player in seat 2 is unusable: The name holds invisible or control characters (zero-width space, direction override…)."
            ),
            (at(11), Skipped, "Same id as a play earlier in the file."),
        ]
    );
    // Each note names its play as a person finds it in BG Stats: game and date.
    let eleven = &report.notes[0];
    assert_eq!((eleven.game.as_str(), eleven.date.as_str()), ("Citadels", "2024-11-01 20:00:00"));

    // What the history does not keep, with how many plays had it.
    let dropped: BTreeMap<&str, u32> = report.dropped.iter().map(|d| (d.field.as_str(), d.plays)).collect();
    assert_eq!(
        dropped,
        BTreeMap::from([("board", 2), ("comments", 1), ("playImages", 2), ("role", 1), ("rounds", 2)]),
        "{:?}",
        report.dropped
    );

    // Where the other games went: each with its plays, as History lists them.
    let mut expected: BTreeMap<String, u32> = BTreeMap::new();
    let names: std::collections::HashMap<i64, &str> =
        file.games.iter().map(|g| (g.id, g.name.as_str())).collect();
    for p in ordinary.iter().filter(|p| !fixture_says_ours(p)) {
        *expected.entry(names[&p.game_ref_id].to_owned()).or_default() += 1;
    }
    for (k, game) in [(0, 14), (1, 1), (2, 13), (3, 7), (4, 15), (5, 3), (13, 8), (14, 3), (17, 13)] {
        assert_eq!(file.plays[ODD + k].game_ref_id, game, "fixture order");
        *expected.entry(names[&game].to_owned()).or_default() += 1;
    }
    let reported: BTreeMap<String, u32> =
        report.other_games.iter().map(|g| (g.name.clone(), g.plays)).collect();
    assert_eq!(reported, expected);
    let page = store.list_other_plays(&OtherPlayFilter { limit: 200, ..Default::default() }).expect("list");
    assert_eq!(page.total, report.other_plays_added);
    let listed: BTreeMap<String, u32> = page.games.iter().map(|g| (g.name.clone(), g.plays)).collect();
    assert_eq!(listed, expected, "History lists what the report says");
}

#[test]
fn other_games_keep_every_seat_team_role_expansion_and_score_as_written() {
    let file = BgStats::from_json(HISTORY).expect("parse");
    let mut store = Store::open_in_memory().expect("store");
    store.import_bgstats(&file, &mut no_progress).expect("import");
    let werewolf = store
        .list_other_plays(&OtherPlayFilter {
            game_name: Some("werewolf".into()),
            limit: 200,
            ..Default::default()
        })
        .expect("werewolf");
    let night = werewolf.plays.iter().find(|p| p.seats.len() == 11).expect("the 11-player night");
    assert_eq!(night.seats.iter().filter(|s| s.winner).count(), 3);

    let catan = store
        .list_other_plays(&OtherPlayFilter {
            game_name: Some("Catan".into()),
            limit: 200,
            ..Default::default()
        })
        .expect("catan");
    let island =
        catan.plays.iter().find(|p| p.played_at.to_rfc3339().starts_with("2024-11-13")).expect("X-13");
    let teams: Vec<Option<&str>> = island.seats.iter().map(|s| s.team.as_deref()).collect();
    assert_eq!(teams, vec![Some("A"), Some("A"), Some("B"), Some("B")]);
    assert_eq!(island.expansions, vec!["Catan: Seafarers".to_owned()]);

    let wingspan = store
        .list_other_plays(&OtherPlayFilter {
            game_name: Some("Wingspan".into()),
            limit: 200,
            ..Default::default()
        })
        .expect("wingspan");
    let decimal =
        wingspan.plays.iter().find(|p| p.played_at.to_rfc3339().starts_with("2024-11-04")).expect("X-04");
    let scores: Vec<Option<&str>> = decimal.seats.iter().map(|s| s.score.as_deref()).collect();
    assert_eq!(scores, vec![Some("87.5"), Some("91")]);

    let avalon = store
        .list_other_plays(&OtherPlayFilter {
            game_name: Some("The Resistance: Avalon".into()),
            limit: 1,
            ..Default::default()
        })
        .expect("avalon");
    assert_eq!(avalon.plays[0].seats[0].role.as_deref(), Some("Merlin"));

    let skyjo = store
        .list_other_plays(&OtherPlayFilter {
            game_name: Some("Skyjo".into()),
            limit: 200,
            ..Default::default()
        })
        .expect("skyjo");
    let twice =
        skyjo.plays.iter().find(|p| p.played_at.to_rfc3339().starts_with("2024-11-02")).expect("X-02");
    assert_eq!(twice.seats[0].player_id, twice.seats[1].player_id, "the same player twice, kept so");
}

#[test]
fn other_games_count_in_a_players_overall_record() {
    let file = BgStats::from_json(HISTORY).expect("parse");
    let mut store = Store::open_in_memory().expect("store");
    store.import_bgstats(&file, &mut no_progress).expect("import");
    let ani = store.list_players().expect("roster").into_iter().find(|p| p.name == "Ani").expect("Ani");
    let stats = store.player_stats(ani.id).expect("stats");
    let mine = store
        .list_other_plays(&OtherPlayFilter { player_id: Some(ani.id), limit: 200, ..Default::default() })
        .expect("Ani's other plays");
    assert!(mine.total > 20, "Ani plays other games too: {}", mine.total);
    assert_eq!(stats.other_games.plays, mine.total);
    let mut all = Vec::new();
    let mut offset = 0;
    while offset < mine.total {
        let page = store
            .list_other_plays(&OtherPlayFilter {
                player_id: Some(ani.id),
                limit: 200,
                offset,
                ..Default::default()
            })
            .expect("page");
        offset += u32::try_from(page.plays.len()).expect("len");
        all.extend(page.plays);
    }
    let wins = all.iter().filter(|p| p.seats.iter().any(|s| s.player_id == ani.id && s.winner)).count();
    assert_eq!(stats.other_games.wins as usize, wins);
    assert_eq!(stats.other_games.games.iter().map(|g| g.plays).sum::<u32>(), stats.other_games.plays);
}

#[test]
fn other_games_details_survive_a_bgstats_round_trip_and_a_backup() {
    let file = BgStats::from_json(HISTORY).expect("parse");
    let mut store = Store::open_in_memory().expect("store");
    store.import_bgstats(&file, &mut no_progress).expect("import");
    let all = |s: &Store| {
        let mut out = Vec::new();
        let mut offset = 0;
        loop {
            let page = s
                .list_other_plays(&OtherPlayFilter { limit: 200, offset, ..Default::default() })
                .expect("page");
            if page.plays.is_empty() {
                break;
            }
            offset += u32::try_from(page.plays.len()).expect("len");
            out.extend(page.plays.into_iter().map(|mut p| {
                p.id = 0;
                for seat in &mut p.seats {
                    seat.player_id = 0;
                }
                p
            }));
        }
        out
    };
    let before = all(&store);

    let exported = store.export_bgstats(&mut no_progress).expect("export").to_json();
    let mut copy = Store::open_in_memory().expect("empty");
    let report = copy
        .import_bgstats(&BgStats::from_json(&exported).expect("parse"), &mut no_progress)
        .expect("import");
    // Our own export imports cleanly: nothing skipped; the plays of our games that could not
    // be ours are kept as other games' plays again, and say so again.
    let notes: Vec<(&str, BgPlayNoteKind)> = report.notes.iter().map(|n| (n.uuid.as_str(), n.kind)).collect();
    use BgPlayNoteKind::KeptAsOtherGame;
    assert_eq!(notes, vec![("X-01", KeptAsOtherGame), ("X-03", KeptAsOtherGame), ("X-05", KeptAsOtherGame)]);
    assert_eq!(all(&copy), before, "teams, roles, expansions and written scores go round");

    let mut text = Vec::new();
    store.export_to(&mut text, &mut no_progress).expect("backup");
    let mut restored = Store::open_in_memory().expect("empty");
    restored.import_from(text.as_slice(), &mut no_progress).expect("restore");
    assert_eq!(all(&restored), before, "and through a backup");
    let seen: HashSet<String> = before.iter().map(|p| p.game_name.clone()).collect();
    assert!(seen.contains("Werewolf") && seen.contains("Splendor"));
}

#[test]
fn a_gzipped_export_is_read_from_a_stream() {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(HISTORY.as_bytes()).expect("gzip");
    let bytes = gz.finish().expect("gzip");
    let file = BgStats::from_reader(bytes.as_slice()).expect("read from a stream");
    assert_eq!(file, BgStats::from_json(HISTORY).expect("parse"));
}

/// A year beyond 9999 or before 0000 cannot be stored as the history's dates are (RFC 3339
/// text): the play is skipped with why, like any other unreadable date, and everything that
/// reads the history still works.
#[test]
fn a_date_outside_years_0000_to_9999_skips_the_play_and_the_history_stays_readable() {
    let mut store = Store::open_in_memory().expect("store");
    let mut file = BgStats::from_json(SAMPLE).expect("parse");
    file.plays[0].play_date = "+10000-01-01 20:00:00".into();
    file.plays[2].play_date = "-0001-01-01 20:00:00".into();
    let report = store.import_bgstats(&file, &mut no_progress).expect("imported");
    let skipped: Vec<(&str, BgPlayNoteKind, &str)> =
        report.notes.iter().map(|n| (n.field.as_str(), n.kind, n.why.en.as_str())).collect();
    let why = "Date out of range (years 0000 to 9999)";
    assert_eq!(
        skipped,
        vec![
            ("plays[0]", BgPlayNoteKind::Skipped, &*format!("{why}: “+10000-01-01 20:00:00”.")),
            ("plays[2]", BgPlayNoteKind::Skipped, &*format!("{why}: “-0001-01-01 20:00:00”.")),
        ]
    );
    assert_eq!((report.plays_added, report.other_plays_added), (2, 1));
    assert_eq!(store.list_plays(&PlayFilter::default()).expect("list").total, 2);
    assert_eq!(store.list_other_plays(&OtherPlayFilter::default()).expect("others").total, 1);
    assert_eq!(store.export().expect("backup").plays.len(), 2);
    assert_eq!(store.export_bgstats(&mut no_progress).expect("bg").plays.len(), 3);
}

/// Issue: two players of the file who are one player of the history ("Dirk" renamed "ani ",
/// who is Ani) aborted the whole import on the seats' key, or merged two people at another
/// game's play. A play seating one player of the history twice is skipped with why; the rest
/// is imported.
#[test]
fn two_players_of_the_file_who_are_one_player_of_the_history_skip_only_their_plays() {
    let mut store = Store::open_in_memory().expect("store");
    let mut file = BgStats::from_json(SAMPLE).expect("parse");
    file.players[1].name = "ani ".into();
    let report = store.import_bgstats(&file, &mut no_progress).expect("imported, not aborted");
    let notes: Vec<(&str, BgPlayNoteKind, &str)> =
        report.notes.iter().map(|n| (n.field.as_str(), n.kind, n.why.en.as_str())).collect();
    let why = "Seats 1 and 2 are the same player of the history, “Ani” (players #1 and #2 of the file): a play cannot seat one person twice.";
    assert_eq!(
        notes,
        vec![
            ("plays[0]", BgPlayNoteKind::Skipped, why),
            ("plays[1]", BgPlayNoteKind::Skipped, why),
            ("plays[3]", BgPlayNoteKind::Skipped, why),
            ("plays[4]", BgPlayNoteKind::Skipped, why),
        ]
    );
    assert!(report.notes.iter().all(|n| !n.why.fr.is_empty()));
    assert_eq!((report.plays_added, report.other_plays_added, report.players_added), (0, 1, 3));
    assert_eq!(store.other_play_count().expect("others"), 1);
}

/// Issue: the BG Stats import stored what the history's own backup then refused (a score up to
/// a billion, a winner with fewer points ranked first, a seat without a score), so that a
/// history holding BG Stats plays could not be restored from its own backup. One rule now
/// holds for both: a score beyond ±9,999 keeps the play as another game's, and a backup takes
/// every result the import stores.
#[test]
fn a_bgstats_import_survives_the_historys_own_backup() {
    let mut file = BgStats::from_json(SAMPLE).expect("parse");
    // Orléans: BG Stats says the 98 won (its own tie-break, a house rule…).
    file.plays[3].player_scores[0].winner = true;
    file.plays[3].player_scores[1].winner = false;
    // Citadels: Lilli's score was not kept.
    file.plays[0].player_scores[2].score = Some(serde_json::json!(""));
    // Splendor: a score no Splendor play reaches.
    file.plays[1].player_scores[0].score = Some(serde_json::json!("20000"));
    let mut store = Store::open_in_memory().expect("store");
    let report = store.import_bgstats(&file, &mut no_progress).expect("import");
    let notes: Vec<(&str, BgPlayNoteKind, &str)> =
        report.notes.iter().map(|n| (n.field.as_str(), n.kind, n.why.en.as_str())).collect();
    assert_eq!(
        notes,
        vec![(
            "plays[1]",
            BgPlayNoteKind::KeptAsOtherGame,
            "A score beyond ±9999 points (20000 in seat 1): kept as written."
        )]
    );
    assert_eq!((report.plays_added, report.other_plays_added), (2, 3));
    for (name, from) in [("the sample", store), ("the club's history", club())] {
        let backup = from.export().expect("export");
        let mut copy = Store::open_in_memory().expect("fresh");
        let restored = copy
            .import(&greffier::history::Backup::from_json(&backup.to_json()).expect("parse"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            (restored.plays_added as usize, restored.other_plays_added as usize),
            (backup.plays.len(), backup.other_plays.len()),
            "{name}"
        );
        let mut again = copy.export().expect("export again");
        again.manifest.exported_at = backup.manifest.exported_at;
        assert_eq!(again, backup, "{name}");
    }
}

fn club() -> Store {
    let mut store = Store::open_in_memory().expect("store");
    store.import_bgstats(&BgStats::from_json(HISTORY).expect("parse"), &mut no_progress).expect("import");
    store
}

/// Issue: a score BG Stats did not keep (`""`) was stored as 0, so the history showed 0
/// points, the statistics counted a 0 in the averages and extremes, and every export wrote 0
/// back. Nothing entered is lost, nothing is invented: it stays "no score" everywhere, and the
/// play still counts for plays, wins and ranks.
#[test]
fn a_score_that_was_not_kept_stays_missing_everywhere() {
    let mut file = BgStats::from_json(SAMPLE).expect("parse");
    // Citadels: Ani 31 (won), Dirk 27, Lilli's score not kept.
    file.plays[0].player_scores[2].score = Some(serde_json::json!(""));
    let mut store = Store::open_in_memory().expect("store");
    store.import_bgstats(&file, &mut no_progress).expect("import");
    let page = store
        .list_plays(&PlayFilter { game: Some(GameId::Citadelles), ..PlayFilter::default() })
        .expect("list");
    let totals: Vec<Option<i32>> = page.plays[0].players.iter().map(|p| p.total).collect();
    assert_eq!(totals, vec![Some(31), Some(27), None], "the play log");

    let detail = |store: &Store| {
        let id = store
            .list_plays(&PlayFilter { game: Some(GameId::Citadelles), ..PlayFilter::default() })
            .expect("list")
            .plays[0]
            .id;
        let board = serde_json::to_value(store.play(id).expect("play").scoreboard).expect("json");
        board["players"]
            .as_array()
            .expect("players")
            .iter()
            .map(|p| (p["name"].as_str().unwrap_or("?").to_owned(), p["total"].clone(), p["rank"].clone()))
            .collect::<Vec<_>>()
    };
    let expected = vec![
        ("Ani".to_owned(), serde_json::json!(31), serde_json::json!(1)),
        ("Dirk".to_owned(), serde_json::json!(27), serde_json::json!(2)),
        ("Lilli".to_owned(), serde_json::Value::Null, serde_json::json!(2)),
    ];
    assert_eq!(detail(&store), expected, "the play's scoreboard");

    // Statistics: two scores counted, the missing one left out of the average and the low.
    let stats = store.game_stats(GameId::Citadelles, 10).expect("stats");
    assert_eq!((stats.plays, stats.scores, stats.average_score), (1, 2, Some(29.0)));
    assert_eq!(
        stats.low.map(|r| (r.holders.into_iter().map(|h| h.player_name).collect::<Vec<_>>(), r.total)),
        Some((vec!["Dirk".to_owned()], 27))
    );
    let buckets: Vec<(i32, u32)> = stats.distribution.iter().map(|b| (b.from, b.count)).collect();
    assert_eq!(buckets, vec![(20, 1), (30, 1)]);
    let lilli = store.list_players().expect("roster").into_iter().find(|p| p.name == "Lilli").expect("Lilli");
    let record = store.player_stats(lilli.id).expect("Lilli");
    assert_eq!(
        (record.plays, record.competitive.plays, record.competitive.wins),
        (1, 1, 0),
        "the play counts"
    );
    assert!(
        record.records.iter().all(|r| r.game != GameId::Citadelles),
        "no score to record: {:?}",
        record.records
    );
    assert_eq!(record.head_to_head.len(), 2, "ranks still count head to head");

    // Exports: BG Stats writes the empty score back, the CSV an empty cell.
    let bg = store.export_bgstats(&mut no_progress).expect("export");
    let citadels = bg.plays.iter().find(|p| p.uuid == file.plays[0].uuid).expect("the Citadels play");
    let scores: Vec<Option<serde_json::Value>> =
        citadels.player_scores.iter().map(|s| s.score.clone()).collect();
    assert_eq!(
        scores,
        vec![Some(serde_json::json!("31")), Some(serde_json::json!("27")), Some(serde_json::json!(""))]
    );
    let mut csv = Vec::new();
    let options = greffier::history::CsvOptions { game: Some(GameId::Citadelles), ..Default::default() };
    store.export_scores_csv(&options, &mut csv, &mut no_progress).expect("csv");
    let csv = String::from_utf8(csv).expect("utf-8");
    let lilli_row = csv.lines().find(|l| l.contains(",Lilli,")).expect("Lilli's line");
    let cells: Vec<&str> = lilli_row.split(',').collect();
    assert_eq!(&cells[9..12], ["", "2", "no"], "total, rank, winner: {lilli_row}");

    // The backup writes null, and a backup → import round trip keeps "no score".
    let backup = store.export().expect("backup");
    let text = backup.to_json();
    assert!(text.contains(r#""name":"Lilli","total":null"#), "{text}");
    let mut copy = Store::open_in_memory().expect("fresh");
    copy.import(&greffier::history::Backup::from_json(&text).expect("parse")).expect("import the backup");
    assert_eq!(detail(&copy), expected, "after a backup round trip");
    assert_eq!(copy.game_stats(GameId::Citadelles, 10).expect("stats").average_score, Some(29.0));
    let mut again = copy.export().expect("export again");
    again.manifest.exported_at = backup.manifest.exported_at;
    assert_eq!(again, backup);
}

/// A file saved by an editor that starts it with a UTF-8 byte order mark (Windows' Notepad) is
/// read as the same file without it, gzipped or not.
#[test]
fn a_file_starting_with_a_byte_order_mark_is_read_as_without_it() {
    let plain = BgStats::from_json(SAMPLE).expect("sample parses");
    let with_bom = [&b"\xEF\xBB\xBF"[..], SAMPLE.as_bytes()].concat();
    assert_eq!(BgStats::from_reader(with_bom.as_slice()).expect("read with a BOM"), plain);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &with_bom).expect("gzip");
    let gz = gz.finish().expect("gzip");
    assert_eq!(BgStats::from_reader(gz.as_slice()).expect("read gzipped with a BOM"), plain);
}

/// A BG Stats play deleted since it was imported sits in the bin: importing the file again
/// leaves it there and counts it apart from the plays already in the log.
#[test]
fn a_play_in_the_bin_imported_again_from_bg_stats_is_counted_as_in_the_bin() {
    let mut store = imported();
    let first = store.list_plays(&PlayFilter::default()).expect("log").plays[0].id;
    store.delete_play(first).expect("delete");
    let again =
        store.import_bgstats(&BgStats::from_json(SAMPLE).expect("parse"), &mut no_progress).expect("again");
    assert_eq!((again.plays_added, again.plays_already_present, again.plays_in_bin), (0, 4, 1));
    let bin = store.list_plays(&PlayFilter { deleted: true, ..PlayFilter::default() }).expect("bin");
    assert_eq!(bin.plays.iter().map(|p| p.id).collect::<Vec<_>>(), vec![first], "still in the bin");
}

const ROUND_SCORES: &str = include_str!("../fixtures/bgstats-round-scores.json");

/// The score and the score as written of each seat of another game's play, by its place in the
/// round-scores fixture (its uuid ends with it).
fn other_seats(store: &Store, n: usize) -> Vec<(Option<i64>, Option<String>)> {
    let mut stmt = store
        .connection()
        .prepare(
            "SELECT s.score, s.score_text FROM other_play_seats s JOIN other_plays o ON o.id = s.other_play_id
              WHERE o.uuid = ?1 ORDER BY s.seat",
        )
        .expect("query");
    stmt.query_map([format!("C0FFEE00-0000-4000-8000-{n:012}")], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<rusqlite::Result<_>>()
        .expect("seats")
}

/// Real BG Stats exports lost plays: a score typed as a sum, round by round or part by
/// part ("87+77", which BG Stats writes as typed), skipped the whole play (186 of one real
/// export's 560). The fixture holds the shapes of public exports. Every play is imported whatever
/// its scores: each sum is read as BG Stats reads it (the play's ranks follow it) and, for another
/// game, kept as written beside it, however long; a score no one can read as a number keeps its
/// play, as written. The report counts the plays skipped: only the one whose player is missing.
#[test]
fn a_real_export_scored_per_round_loses_no_play_for_its_scores() {
    let file = BgStats::from_json(ROUND_SCORES).expect("the fixture parses");
    let mut store = Store::open_in_memory().expect("store");
    let report = store.import_bgstats(&file, &mut no_progress).expect("imported");
    assert_eq!((report.plays_added, report.other_plays_added), (2, 9), "{report:?}");
    assert_eq!(report.plays_skipped, 1, "{report:?}");
    let notes: Vec<(&str, BgPlayNoteKind, &str)> =
        report.notes.iter().map(|n| (n.field.as_str(), n.kind, n.why.en.as_str())).collect();
    assert_eq!(
        notes,
        vec![
            (
                "plays[10]",
                BgPlayNoteKind::KeptAsOtherGame,
                "A score that is not a whole number (about 30): kept as written."
            ),
            ("plays[11]", BgPlayNoteKind::Skipped, "Player #99 (seat 2) is not in the file."),
        ]
    );

    // Our plays: each total is its sum, and the ranks follow the sums.
    let results = |game: GameId| {
        let page = store.list_plays(&PlayFilter { game: Some(game), ..PlayFilter::default() }).expect("list");
        assert_eq!(page.plays.len(), 1, "{game:?}");
        let board = store.play(page.plays[0].id).expect("play").scoreboard.expect("a result");
        board.players.iter().map(|p| (p.name.clone(), p.total, p.rank, p.winner)).collect::<Vec<_>>()
    };
    let seat = |name: &str, total: i32, rank: u8, winner: bool| (name.to_owned(), Some(total), rank, winner);
    assert_eq!(
        results(GameId::Citadelles),
        vec![seat("Ani", 26, 2, false), seat("Dirk", 29, 1, true), seat("Lilli", 19, 3, false)]
    );
    assert_eq!(
        results(GameId::Orleans),
        vec![seat("Ani", 164, 1, true), seat("Dirk", 159, 2, false), seat("Lilli", 136, 3, false)]
    );
    let typed = report.dropped.iter().find(|d| d.field == "score").expect("said in the report");
    assert_eq!(typed.plays, 2, "{:?}", report.dropped);

    // Other games: the sum read, the score kept as written.
    let written = |s: &str| Some(s.to_owned());
    assert_eq!(other_seats(&store, 2), vec![(Some(19), written("-10+7+22")), (Some(10), written("-22+32"))]);
    assert_eq!(other_seats(&store, 3)[0], (Some(33), written("66-5-0-11-17")));
    let lost_cities = "2+7+8+9-20+2+6-20+9+18+21+27-60+2+7+9+10-20+7+8+10-20";
    assert_eq!(other_seats(&store, 4), vec![(Some(22), written(lost_cities)), (Some(35), None)]);
    assert_eq!(
        other_seats(&store, 5),
        vec![
            (Some(45), written("16+1-3+10-20-5-3+8+7+7-7+13+10+7-5+0-1+10")),
            (Some(16), written("12 + 0 + 0 + 10 - 6"))
        ]
    );
    assert_eq!(other_seats(&store, 6), vec![(None, written("4.5")), (Some(12), None)]);
    assert_eq!(
        other_seats(&store, 7),
        vec![(Some(167), written("152+15")), (Some(203), None), (None, None), (None, None)]
    );
    assert_eq!(other_seats(&store, 9)[1], (Some(24), written("-5+20+9")));
    assert_eq!(other_seats(&store, 10)[1], (None, written("about 30")));
    // History shows each score as it was typed.
    let page = store
        .list_other_plays(&OtherPlayFilter { game_name: Some("Lost Cities".into()), ..Default::default() })
        .expect("list");
    assert_eq!(page.plays[0].seats[0].score.as_deref(), Some(lost_cities));

    // And BG Stats gets them back as typed.
    let exported = store.export_bgstats(&mut no_progress).expect("export");
    let patchwork = exported.plays.iter().find(|p| p.uuid.ends_with("000000000002")).expect("Patchwork");
    let scores: Vec<Option<serde_json::Value>> =
        patchwork.player_scores.iter().map(|s| s.score.clone()).collect();
    assert_eq!(scores, vec![Some(serde_json::json!("-10+7+22")), Some(serde_json::json!("-22+32"))]);
}
