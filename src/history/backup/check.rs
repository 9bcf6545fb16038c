//! How a backup is checked before anything is written: every problem found, with its field
//! (the manifest, players, card values, each play and its undo steps, other games' plays).

use super::*;

/// Collects problems, keeping the first [`MAX_PROBLEMS`] in full.
pub(super) struct Found {
    pub(super) problems: Problems,
    pub(super) more: usize,
}

impl Found {
    pub(super) fn new() -> Found {
        Found { problems: Problems::new(), more: 0 }
    }

    pub(super) fn push(&mut self, field: impl Into<String>, code: &str, message: Text) {
        let field = field.into();
        // A text cut at its limit is reported as it is read, and may be again by its check.
        if self.problems.iter().any(|p| p.field == field && p.code == code) {
            return;
        }
        if self.problems.iter().count() < MAX_PROBLEMS {
            self.problems.push(field, code, message);
        } else {
            self.more += 1;
        }
    }

    pub(super) fn absorb(&mut self, p: Problems) {
        for x in p.0 {
            self.push(x.field, &x.code, x.message);
        }
    }

    pub(super) fn into_result(mut self) -> Result<(), Problems> {
        if self.more > 0 {
            let more = self.more;
            self.problems.push(
                "",
                "more_problems",
                Text::new(format!("… et {more} autres problèmes."), format!("… and {more} more problems.")),
            );
        }
        self.problems.into_result(())
    }
}

pub(super) fn check_manifest(m: &Manifest, found: &mut Found) {
    if m.format != BACKUP_FORMAT {
        found.push(
            "manifest.format",
            "not_a_backup",
            Text::new(
                format!("Ce fichier n'est pas une sauvegarde Greffier (format « {} »).", m.format),
                format!("This file is not a Greffier backup (format “{}”).", m.format),
            ),
        );
    }
    if m.schema_version > latest_schema_version() {
        found.push(
            "manifest.schema_version",
            "newer_schema",
            Text::new(
                format!(
                    "Sauvegarde d'une version plus récente de Greffier (schéma {}) : mettez Greffier à jour.",
                    m.schema_version
                ),
                format!("Backup from a newer Greffier (schema {}): update Greffier.", m.schema_version),
            ),
        );
    }
}

/// The players' names as the plays refer to them (lower case), reporting bad and repeated ones.
pub(super) fn check_players(players: &[BackupPlayer], found: &mut Found) -> HashSet<String> {
    let mut names = HashSet::new();
    for (i, p) in players.iter().enumerate() {
        let mut problems = Problems::new();
        let name = check_name(&mut problems, &format!("players[{i}].name"), &p.name);
        check_len(&mut problems, &format!("players[{i}].colour"), p.colour.as_deref(), MAX_COLOUR_CHARS);
        check_time(&mut problems, &format!("players[{i}].created_at"), Some(&p.created_at));
        found.absorb(problems);
        if !names.insert(player_key(&name)) {
            found.push(
                format!("players[{i}].name"),
                "duplicate_name",
                Text::new("Nom en double.", "Duplicate name."),
            );
        }
    }
    names
}

pub(super) fn check_card(i: usize, c: &BackupCardValue, found: &mut Found) {
    let mut problems = Problems::new();
    check_time(&mut problems, &format!("card_values[{i}].updated_at"), Some(&c.updated_at));
    found.absorb(problems);
    if c.card.trim().is_empty() || c.card.chars().count() > 100 || !(-999..=999).contains(&c.value) {
        found.push(
            format!("card_values[{i}]"),
            "invalid_card",
            Text::new("Valeur de carte invalide.", "Invalid card value."),
        );
    }
}

pub(super) fn check_uuid(at: String, uuid: &str, seen: &mut HashSet<String>, found: &mut Found) {
    if uuid.trim().is_empty() || uuid.len() > 64 || !seen.insert(uuid.to_owned()) {
        found.push(
            at,
            "invalid_uuid",
            Text::new(
                "Identifiant de partie vide, trop long ou en double.",
                "Play id empty, too long or repeated.",
            ),
        );
    }
}

pub(super) fn unknown_player(at: String, name: &str, found: &mut Found) {
    found.push(
        at,
        "unknown_player",
        Text::new(
            format!("« {name} » n'est pas dans la liste des joueurs de la sauvegarde."),
            format!("“{name}” is not among the backup's players."),
        ),
    );
}

/// Checks one play; returns the result to store, computed again from its table state.
pub(super) fn check_play(
    i: usize,
    play: &BackupPlay,
    revisions_listed: usize,
    names: &HashSet<String>,
    uuids: &mut HashSet<String>,
    same_version: bool,
    found: &mut Found,
) -> Option<(Scoreboard, bool)> {
    let at = |f: &str| format!("plays[{i}].{f}");
    check_uuid(at("uuid"), &play.uuid, uuids, found);
    check_variant(&at, play, found);
    check_play_fields(&at, play, found);
    check_seated(&at, play, names, found);
    check_table_state(&at, play, found);
    check_events(&at, play, found);
    check_revisions(&at, play, revisions_listed, found);
    checked_result(&at, play, same_version, found)
}

/// The play's variant is the game's, and its seats within the variant's player counts.
fn check_variant(at: &impl Fn(&str) -> String, play: &BackupPlay, found: &mut Found) {
    let info = play.game.info();
    match info.variant(&play.variant) {
        None => found.push(
            at("variant"),
            "unknown_variant",
            Text::new(
                format!("Variante inconnue « {} ».", play.variant),
                format!("Unknown variant “{}”.", play.variant),
            ),
        ),
        Some(v)
            if play.seats.len() < usize::from(v.min_players)
                || play.seats.len() > usize::from(v.max_players) =>
        {
            found.push(
                at("seats"),
                "player_count",
                Text::new(
                    format!("{} joueurs : hors des limites du jeu.", play.seats.len()),
                    format!("{} players: outside the game's range.", play.seats.len()),
                ),
            )
        }
        Some(_) => {}
    }
}

/// Texts within the history's lengths, times readable, a duration in range.
fn check_play_fields(at: &impl Fn(&str) -> String, play: &BackupPlay, found: &mut Found) {
    let mut problems = Problems::new();
    check_len(&mut problems, &at("location"), play.location.as_deref(), MAX_LOCATION_CHARS);
    check_len(&mut problems, &at("notes"), play.notes.as_deref(), MAX_NOTES_CHARS);
    check_time(&mut problems, &at("started_at"), Some(&play.started_at));
    check_time(&mut problems, &at("ended_at"), play.ended_at.as_ref());
    check_time(&mut problems, &at("updated_at"), Some(&play.updated_at));
    check_time(&mut problems, &at("deleted_at"), play.deleted_at.as_ref());
    check_time(&mut problems, &at("table_state.saved_at"), play.table_state.as_ref().map(|t| &t.saved_at));
    for (e, ev) in play.events.iter().enumerate() {
        check_time(&mut problems, &at(&format!("events[{e}].recorded_at")), Some(&ev.recorded_at));
    }
    for (s, seat) in play.seats.iter().enumerate() {
        check_len(
            &mut problems,
            &at(&format!("seats[{s}].colour")),
            seat.colour.as_deref(),
            MAX_COLOUR_CHARS,
        );
    }
    found.absorb(problems);
    if play.duration_minutes.is_some_and(|d| d > crate::history::MAX_DURATION_MINUTES) {
        found.push(
            at("duration_minutes"),
            "out_of_range",
            Text::new("Durée hors limites.", "Duration out of range."),
        );
    }
}

/// Every seat's player is on the backup's roster, and seated once.
fn check_seated(at: &impl Fn(&str) -> String, play: &BackupPlay, names: &HashSet<String>, found: &mut Found) {
    let mut seated = HashSet::new();
    for (s, seat) in play.seats.iter().enumerate() {
        let key = player_key(&seat.player);
        if !names.contains(&key) {
            unknown_player(at(&format!("seats[{s}].player")), &seat.player, found);
        }
        if !seated.insert(key) {
            found.push(
                at(&format!("seats[{s}].player")),
                "duplicate_player",
                Text::new("Joueur assis deux fois.", "Player seated twice."),
            );
        }
    }
}

/// The table state fits what the history keeps, its whole numbers exact in JavaScript.
fn check_table_state(at: &impl Fn(&str) -> String, play: &BackupPlay, found: &mut Found) {
    if play.table_state.as_ref().is_some_and(|t| json_len(&t.state) > MAX_STATE_BYTES) {
        found.push(at("table_state"), "too_large", state_too_large());
    }
    if let Some(t) = &play.table_state {
        let mut problems = Problems::new();
        check_exact_integers(&t.state, &at("table_state"), &mut problems);
        found.absorb(problems);
    }
}

/// Round events: a kind each, and one per (round, sequence number).
fn check_events(at: &impl Fn(&str) -> String, play: &BackupPlay, found: &mut Found) {
    // The history keys a play's round events by (round, seq).
    let mut events = HashSet::new();
    for (e, ev) in play.events.iter().enumerate() {
        if ev.kind.is_empty() || ev.kind.len() > 100 {
            found.push(
                at(&format!("events[{e}].kind")),
                "invalid_kind",
                Text::new("Type d'événement vide ou trop long.", "Event kind empty or too long."),
            );
        }
        if !events.insert((ev.round, ev.seq)) {
            found.push(
                at(&format!("events[{e}].seq")),
                "duplicate_event",
                Text::new(
                    format!(
                        "Deux événements de la manche {} portent le même numéro d'ordre ({}).",
                        ev.round, ev.seq
                    ),
                    format!("Two events of round {} have the same sequence number ({}).", ev.round, ev.seq),
                ),
            );
        }
    }
}

/// The result to store: a finished play's, computed again from its table state (and whether it
/// differs from the stored one, which a backup of another version may), or the recorded one of
/// a play without a table, when consistent.
fn checked_result(
    at: &impl Fn(&str) -> String,
    play: &BackupPlay,
    same_version: bool,
    found: &mut Found,
) -> Option<(Scoreboard, bool)> {
    let stored = play.scoreboard.as_ref()?;
    if play.status != PlayStatus::Finished {
        found.push(
            at("scoreboard"),
            "not_finished",
            Text::new("Seule une partie terminée a un score.", "Only a finished play has a scoreboard."),
        );
        return None;
    }
    // The stored result is never trusted: it is what the table state scores, by the same code
    // as finishing a play. A result recorded without a table (imported from BG Stats) can only
    // be checked for consistency.
    let Some(state) = &play.table_state else {
        return match recorded_result_problem(stored, play) {
            None => Some((stored.clone(), false)),
            Some(why) => {
                found.push(at("scoreboard"), "inconsistent_result", why);
                None
            }
        };
    };
    let board = match crate::games::score_value(play.game, &state.state) {
        Ok(b) => b,
        Err(p) => {
            found.push(
                at("table_state"),
                "invalid_table",
                Text::new(
                    format!(
                        "L'état de la table de cette partie terminée n'est pas valide : {}",
                        first_message(&p).fr
                    ),
                    format!("This finished play's table state is not valid: {}", first_message(&p).en),
                ),
            );
            return None;
        }
    };
    let names_match = board.players.len() == play.seats.len()
        && board.players.iter().zip(&play.seats).all(|(p, s)| player_key(&p.name) == player_key(&s.player));
    if !names_match {
        found.push(
            at("scoreboard"),
            "seat_mismatch",
            Text::new(
                "Les joueurs de l'état de la table ne sont pas ceux assis à la partie.",
                "The table state's players are not the ones seated at the play.",
            ),
        );
        return None;
    }
    let agrees = same_result(stored, &board);
    if !agrees && same_version {
        found.push(at("scoreboard"), "result_mismatch", result_mismatch(stored, &board));
        return None;
    }
    Some((board, !agrees))
}

/// Two results agree when each seat has the same total, rank and win, and the outcome is the
/// same.
fn same_result(a: &Scoreboard, b: &Scoreboard) -> bool {
    a.game == b.game
        && a.outcome == b.outcome
        && a.players.len() == b.players.len()
        && a.players
            .iter()
            .zip(&b.players)
            .all(|(x, y)| x.total == y.total && x.rank == y.rank && x.winner == y.winner)
}

/// Why a stored result is refused: it and what the table state scores, seat by seat.
fn result_mismatch(stored: &Scoreboard, board: &Scoreboard) -> Text {
    let shown = |b: &Scoreboard| {
        let total = |p: &crate::games::PlayerScore| p.total.map_or_else(|| "—".to_owned(), |t| t.to_string());
        b.players.iter().map(|p| format!("{} {}", p.name, total(p))).collect::<Vec<_>>().join(", ")
    };
    Text::new(
        format!(
            "Le résultat enregistré ({}) n'est pas celui que donne l'état de la table ({}).",
            shown(stored),
            shown(board)
        ),
        format!(
            "The stored result ({}) is not what the table state scores ({}).",
            shown(stored),
            shown(board)
        ),
    )
}

/// Revision numbers grow by one per save: no play comes near this, and from it on SQLite's
/// `max(revision) + 1` (the next save's number) is still far from overflowing.
pub(super) const MAX_REVISION_NUMBER: i64 = 1 << 32;

/// A play's undo steps must be what the history can hold and Undo can walk back: at most
/// [`MAX_REVISIONS`], each numbered once, within range, with a storable date and a state no
/// larger than autosave takes; only a play in progress or finished has any.
/// `listed` is how many the file lists, of which `play` holds the first.
pub(super) fn check_revisions(
    at: &impl Fn(&str) -> String,
    play: &BackupPlay,
    listed: usize,
    found: &mut Found,
) {
    if listed == 0 {
        return;
    }
    if play.status == PlayStatus::Abandoned {
        found.push(
            at("revisions"),
            "not_undoable",
            Text::new(
                "Une partie abandonnée ne garde pas d'étapes d'annulation.",
                "An abandoned play keeps no undo steps.",
            ),
        );
        return;
    }
    // Counted before anything per revision: a list of a million costs no more than this.
    if listed > usize::try_from(MAX_REVISIONS).unwrap_or(usize::MAX) {
        found.push(
            at("revisions"),
            "too_many",
            Text::new(
                format!("Au plus {MAX_REVISIONS} étapes d'annulation par partie ({listed})."),
                format!("At most {MAX_REVISIONS} undo steps per play ({listed})."),
            ),
        );
        return;
    }
    let mut numbers = HashSet::with_capacity(play.revisions.len());
    for (r, revision) in play.revisions.iter().enumerate() {
        let field = |f: &str| at(&format!("revisions[{r}].{f}"));
        if !(1..=MAX_REVISION_NUMBER).contains(&revision.revision) {
            found.push(
                field("revision"),
                "out_of_range",
                Text::new(
                    format!("Numéro d'étape d'annulation hors limites ({}).", revision.revision),
                    format!("Undo step number out of range ({}).", revision.revision),
                ),
            );
        } else if !numbers.insert(revision.revision) {
            found.push(
                field("revision"),
                "duplicate_revision",
                Text::new(
                    format!("Deux étapes d'annulation portent le numéro {}.", revision.revision),
                    format!("Two undo steps have the number {}.", revision.revision),
                ),
            );
        }
        let mut problems = Problems::new();
        check_time(&mut problems, &field("saved_at"), Some(&revision.saved_at));
        found.absorb(problems);
        if json_len(&revision.state) > MAX_STATE_BYTES {
            found.push(field("state"), "too_large", state_too_large());
        }
        let mut problems = Problems::new();
        check_exact_integers(&revision.state, &field("state"), &mut problems);
        found.absorb(problems);
    }
}

/// What is wrong with a result recorded without its table state (BG Stats imports): its players
/// must be the seats, its totals within what the BG Stats import keeps, and its ranks and
/// winners what that import gives (`bgstats::recorded_ranks_hold`, points games).
pub(super) fn recorded_result_problem(board: &Scoreboard, play: &BackupPlay) -> Option<Text> {
    let names_match = board.game == play.game
        && board.players.len() == play.seats.len()
        && board.players.iter().zip(&play.seats).all(|(p, s)| player_key(&p.name) == player_key(&s.player));
    if !names_match {
        return Some(Text::new(
            "Les joueurs du résultat ne sont pas ceux assis à la partie.",
            "The result's players are not the ones seated at the play.",
        ));
    }
    if board.players.iter().any(|p| p.total.is_some_and(|t| t.abs() > MAX_RECORDED_TOTAL)) {
        return Some(Text::new(
            format!("Un score dépasse {MAX_RECORDED_TOTAL} points."),
            format!("A score exceeds {MAX_RECORDED_TOTAL} points."),
        ));
    }
    if board.outcome == crate::games::Outcome::Points
        && !crate::history::bgstats::recorded_ranks_hold(&board.players)
    {
        return Some(Text::new(
            "Les rangs ne se suivent pas, ou un gagnant n'est pas classé devant les autres joueurs.",
            "The ranks do not follow one another, or a winner does not rank ahead of the other players.",
        ));
    }
    None
}

pub(super) fn first_message(p: &Problems) -> Text {
    p.iter().next().map_or_else(|| Text::new("", ""), |x| x.message.clone())
}

pub(super) fn check_other_play(
    i: usize,
    play: &BackupOtherPlay,
    names: &HashSet<String>,
    uuids: &mut HashSet<String>,
    found: &mut Found,
) {
    let at = |f: &str| format!("other_plays[{i}].{f}");
    check_uuid(at("uuid"), &play.uuid, uuids, found);
    if play.game_name.trim().is_empty() || play.game_name.chars().count() > MAX_GAME_NAME_CHARS {
        found.push(
            at("game_name"),
            "invalid_name",
            Text::new("Nom de jeu vide ou trop long.", "Game name empty or too long."),
        );
    }
    let mut problems = Problems::new();
    check_len(&mut problems, &at("location"), play.location.as_deref(), MAX_LOCATION_CHARS);
    check_len(&mut problems, &at("notes"), play.notes.as_deref(), MAX_NOTES_CHARS);
    check_time(&mut problems, &at("played_at"), Some(&play.played_at));
    check_time(&mut problems, &at("imported_at"), Some(&play.imported_at));
    found.absorb(problems);
    if play.duration_minutes.is_some_and(|d| d > crate::history::MAX_DURATION_MINUTES) {
        found.push(
            at("duration_minutes"),
            "out_of_range",
            Text::new("Durée hors limites.", "Duration out of range."),
        );
    }
    if play.seats.is_empty() || play.seats.len() > crate::history::bgstats::MAX_OTHER_SEATS {
        let max = crate::history::bgstats::MAX_OTHER_SEATS;
        found.push(
            at("seats"),
            "player_count",
            Text::new(format!("De 1 à {max} joueurs."), format!("1 to {max} players.")),
        );
    }
    for (s, seat) in play.seats.iter().enumerate() {
        if !names.contains(&player_key(&seat.player)) {
            unknown_player(at(&format!("seats[{s}].player")), &seat.player, found);
        }
        let mut problems = Problems::new();
        let text = |f: &str| at(&format!("seats[{s}].{f}"));
        check_len(&mut problems, &text("score_text"), seat.score_text.as_deref(), MAX_SCORE_TEXT_CHARS);
        check_len(&mut problems, &text("team"), seat.team.as_deref(), MAX_LABEL_CHARS);
        check_len(&mut problems, &text("role"), seat.role.as_deref(), MAX_LABEL_CHARS);
        found.absorb(problems);
        if let Some(score) = seat.score.filter(|n| !(-MAX_EXACT_INTEGER..=MAX_EXACT_INTEGER).contains(n)) {
            found.push(at(&format!("seats[{s}].score")), "unsafe_integer", inexact_integer(score));
        }
    }
    if play.expansions.len() > MAX_EXPANSIONS {
        found.push(at("expansions"), "too_many", too_many(MAX_EXPANSIONS, play.expansions.len()));
    }
    for (e, expansion) in play.expansions.iter().enumerate() {
        if expansion.name.trim().is_empty() || expansion.name.chars().count() > MAX_GAME_NAME_CHARS {
            found.push(
                at(&format!("expansions[{e}].name")),
                "invalid_name",
                Text::new("Nom d'extension vide ou trop long.", "Expansion name empty or too long."),
            );
        }
    }
}
