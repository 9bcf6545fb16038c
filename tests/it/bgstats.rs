//! BG Stats import and export, on a sample export written for these tests.

use greffier::games::GameId;
use greffier::history::{BgStats, PlayFilter, Progress, Store, StoreError, no_progress, recognise_game};

const SAMPLE: &str = include_str!("../fixtures/bgstats-sample.json");

fn imported() -> Store {
    let mut store = Store::open_in_memory().expect("store");
    let file = BgStats::from_json(SAMPLE).expect("sample parses");
    store.import_bgstats(&file, &mut no_progress).expect("import");
    store
}

#[test]
fn our_four_games_are_recognised_by_their_french_or_english_names() {
    assert_eq!(recognise_game("Citadels"), Some(GameId::Citadelles));
    assert_eq!(recognise_game("Citadelles"), Some(GameId::Citadelles));
    assert_eq!(recognise_game("Orléans: Invasion"), Some(GameId::Orleans));
    assert_eq!(recognise_game("Splendor: Cities of Splendor"), Some(GameId::Splendor));
    assert_eq!(recognise_game("Les Cités de Splendor"), Some(GameId::Splendor));
    assert_eq!(recognise_game("VALENCIA"), Some(GameId::Valencia));
    assert_eq!(recognise_game("Catan"), None);
}

#[test]
fn the_sample_maps_our_games_to_plays_and_keeps_the_others_as_plain_results() {
    let mut store = Store::open_in_memory().expect("store");
    let file = BgStats::from_json(SAMPLE).expect("sample parses");
    let mut seen: Vec<Progress> = Vec::new();
    let report = store.import_bgstats(&file, &mut |p| seen.push(p)).expect("import");
    assert_eq!(
        (report.players_added, report.plays_added, report.other_plays_added, report.plays_skipped),
        (4, 3, 2, 0)
    );
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
    let lines: Vec<(&str, i32, u8, bool)> =
        board.players.iter().map(|p| (p.name.as_str(), p.total, p.rank, p.winner)).collect();
    assert_eq!(lines, vec![("Ani", 31, 1, true), ("Dirk", 27, 2, false), ("Lilli", 24, 3, false)]);

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
        (again.players_added, again.plays_added, again.other_plays_added, again.plays_skipped),
        (0, 0, 0, 5)
    );
}

#[test]
fn export_then_import_then_export_round_trips() {
    let store = imported();
    let first = store.export_bgstats(&mut no_progress).expect("export");
    assert_eq!((first.players.len(), first.games.len(), first.plays.len()), (4, 5, 5));
    let text = first.to_json();
    assert!(text.contains("\"playerScores\"") && text.contains("\"playDate\": \"2025-11-02 20:15:00\""));

    let mut copy = Store::open_in_memory().expect("empty");
    let report =
        copy.import_bgstats(&BgStats::from_json(&text).expect("parse"), &mut no_progress).expect("import");
    assert_eq!((report.plays_added, report.other_plays_added), (3, 2));
    let second = copy.export_bgstats(&mut no_progress).expect("export again");
    assert_eq!(second, first);
}

#[test]
fn a_hostile_file_is_refused_whole_with_every_problem_placed() {
    let mut store = Store::open_in_memory().expect("store");
    let wrong_type = BgStats::from_json(r#"{ "plays": { "uuid": 3 } }"#).expect_err("wrong type");
    assert_eq!(wrong_type.0[0].code, "malformed");

    let mut file = BgStats::from_json(SAMPLE).expect("parse");
    file.players[1].name = "x".repeat(10_000);
    file.plays[0].player_scores[0].player_ref_id = 99;
    file.plays[2].play_date = "yesterday".into();
    file.plays[3].uuid = file.plays[4].uuid.clone();
    let err = store.import_bgstats(&file, &mut no_progress).expect_err("refused");
    let StoreError::Invalid(problems) = err else { panic!("expected invalid input") };
    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(
        fields,
        vec!["players[1].name", "plays[0].playerScores[0].playerRefId", "plays[2].playDate", "plays[4].uuid"]
    );
    assert_eq!(store.list_players().expect("roster").len(), 0, "nothing was written");
    assert_eq!(store.other_play_count().expect("others"), 0);
}

#[test]
fn a_million_entries_are_refused_before_anything_is_written() {
    let mut text = String::from(r#"{ "players": ["#);
    for i in 0..1_000_000 {
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
    assert!(
        BgStats::from_json(&" ".repeat(greffier::history::MAX_BGSTATS_BYTES + 1)).is_err(),
        "too large to read"
    );
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
