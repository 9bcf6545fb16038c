// Every operation Greffier offers, declared once. The doors are derived from this table: the
// core's typed methods and `Api::call_json` (`api/mod.rs`), the desktop app's Tauri commands and
// their permissions (`src-tauri/`), the CLI and `greffier serve` (`src/cli/`, `api/serve.rs`).
//
// A row reads like a function: `host`, `guest`, `seat` or `pair` (who may call it: a guest is
// anyone offered only what reads the rules or helps at the table, nothing of the history; `seat`
// is a phone at an open table, on its play and seat only, see `api/table.rs`; `pair` is a device
// holding a pairing code, see `api/pairing.rs`), the
// name, the fields of the request after the name given to the `Api`, the response, the body.
// The body's value is the response; `?` turns any core error into an `ApiError`. Types are
// written `$crate::…` because the rows are expanded in other crates too.
//
// This file holds nothing but the table: `src-tauri/build.rs` includes it to name the commands.

/// Calls `$callback!` with the table's rows, after the tokens given in its parentheses:
/// `for_each_operation!(my_macro!(extra))` expands to `my_macro!(extra; rows…)`.
#[macro_export]
macro_rules! for_each_operation {
    ($callback:ident ! ( $($extra:tt)* )) => {
        $callback! { $($extra)* ;

        // App and game catalogues.

        /// The app's version, where its history lives, and the schema version.
        host fn app_info(api) -> $crate::api::AppInfo { api.read_app_info()? }
        /// The four games: variants, player counts, score categories.
        guest fn list_games(api) -> Vec<$crate::api::GameSummary> { $crate::api::GameSummary::all() }
        /// Les Cités de Splendor's cards: city faces, Orient cards, trading-post powers.
        guest fn splendor_catalogue(api) -> $crate::games::splendor::CardCatalogue {
            $crate::games::splendor::catalogue()
        }
        /// Citadelles' districts, wonders and characters for both rule profiles.
        guest fn citadelles_catalogue(api) -> $crate::games::citadelles::CitadellesCatalogue {
            $crate::games::citadelles::catalogue()
        }
        /// A game's setup checklist for a variant and a player count (`ninth_character`:
        /// Citadelles 2e édition with a rank-9 character).
        guest fn setup_checklist(api, game: $crate::games::GameId, variant: String, players: u8, ninth_character: bool)
            -> Vec<$crate::games::SetupStep> {
            $crate::games::setup_checklist(game, &variant, players, ninth_character)?
        }
        /// Scores a table state without storing it.
        guest fn score_table(api, game: $crate::games::GameId, table: $crate::api::Json) -> $crate::games::Scoreboard {
            $crate::games::score_value(game, &table)?
        }
        /// The live help a game gives about a table state (Valencia's cities and phases,
        /// Citadelles' powers, Orléans' events, forecast and goals, Splendor's cities); a state
        /// `score_table` refuses is refused with the same problems.
        guest fn table_help(api, game: $crate::games::GameId, table: $crate::api::Json) -> $crate::games::TableHelp {
            $crate::games::help_value(game, &table)?
        }

        // Citadelles' table helpers: the draft and the round caller. The round is a value the
        // caller holds and sends back with each action; the core replays it before anything
        // (`CitadellesRound::checked`: a round the caller could not reach is refused), then
        // checks the action.

        /// Which characters go face up / face down, and the steps of the draft.
        guest fn citadelles_draft_plan(api, variant: $crate::games::citadelles::CitadellesVariant, players: u8, ninth_character: bool)
            -> $crate::games::citadelles::CitadellesDraftPlan {
            $crate::games::citadelles::draft_plan(variant, players, ninth_character)?
        }
        /// Draws the set-aside characters with a seeded generator (the same seed draws the same
        /// cards; the King is never face up). The seed is 32-bit so it stays exact in JavaScript.
        guest fn citadelles_draw_draft(api, plan: $crate::games::citadelles::CitadellesDraftPlan, characters: Vec<String>, seed: u32)
            -> $crate::games::citadelles::CitadellesDraftDraw {
            $crate::games::citadelles::draw_draft(&plan, &characters, u64::from(seed))?
        }
        /// Starts the calling of a round.
        guest fn citadelles_start_round(api, setup: $crate::games::citadelles::CitadellesRoundSetup)
            -> $crate::games::citadelles::CitadellesRoundView {
            $crate::games::citadelles::start_round(&setup)?.view()
        }
        /// Applies one action (reveal, murder, bewitch, rob, destroy, give the crown, complete a
        /// city, end the round).
        guest fn citadelles_round_apply(api, round: $crate::games::citadelles::CitadellesRound, action: $crate::games::citadelles::CitadellesRoundAction)
            -> $crate::games::citadelles::CitadellesRoundView {
            round.apply(&action)?.view()
        }
        /// What the caller shows for a round kept in the table state (after a restart, an undo).
        guest fn citadelles_round_view(api, round: $crate::games::citadelles::CitadellesRound)
            -> $crate::games::citadelles::CitadellesRoundView {
            round.checked("round")?.view()
        }
        /// What the Warlord would pay to destroy a district, every protection checked.
        guest fn citadelles_destruction_quote(api, round: $crate::games::citadelles::CitadellesRound, target: $crate::games::citadelles::CitadellesDestroyTarget)
            -> $crate::games::citadelles::CitadellesDestructionQuote {
            round.destruction_quote(&target)?
        }
        /// Applies a finished round to the table (the crown after it, the characters each seat
        /// revealed, the cities completed in it, in order; the game marked over after the round
        /// in which a city was completed; the round's record appended to the table's `rounds`, the
        /// play's round log) and returns the new table.
        guest fn citadelles_apply_round(api, table: $crate::api::Json, round: $crate::games::citadelles::CitadellesRound)
            -> $crate::api::Json {
            $crate::games::citadelles::apply_round(&table, &round)?
        }

        // Valencia's table helpers.

        /// The 35 mission cards (24 kinds): what each asks and how it is judged.
        guest fn valencia_missions(api) -> Vec<$crate::games::valencia::ValenciaMissionInfo> {
            $crate::games::valencia::missions()
        }
        /// One auction: totals after the special cards, ranks with the tie rule, what each
        /// rank may do.
        guest fn valencia_auction(api, auction: $crate::games::valencia::ValenciaRawAuction) -> $crate::games::valencia::ValenciaAuction {
            $crate::games::valencia::resolve_auction(&auction)?
        }
        /// The council phase: points per player and who takes a privilege.
        guest fn valencia_council(api, council: $crate::games::valencia::ValenciaRawCouncil) -> $crate::games::valencia::ValenciaCouncil {
            $crate::games::valencia::council_phase(&council)?
        }
        /// Counts the tracker's council phase into the table (points, privileges, the round
        /// marked counted, a line of the play's round log) and returns the new table; refused
        /// on a table the scorer refuses (the same problems), before the round's step I is
        /// behind the tracker, or when counted already.
        guest fn valencia_count_council(api, table: $crate::api::Json) -> $crate::api::Json {
            $crate::games::valencia::count_council(&table)?
        }
        /// Applies the auction being entered to the table (pawn, coins, resources, privileges
        /// spent, a line of the play's round log) and returns the new table; refused on a table
        /// the scorer refuses (the same problems), for another step than the tracker's, or when
        /// applied already.
        guest fn valencia_apply_auction(api, table: $crate::api::Json) -> $crate::api::Json {
            $crate::games::valencia::apply_auction(&table)?
        }
        /// Moves the table's tracker to the next moment of the game (or back one, while nothing
        /// was applied where it stands) and returns the new table; any other move is refused,
        /// as is a table the scorer refuses.
        guest fn valencia_move(api, table: $crate::api::Json, to: $crate::games::valencia::ValenciaPosition) -> $crate::api::Json {
            $crate::games::valencia::move_tracker(&table, to)?
        }
        /// Takes (the holder gets their member back), leaves, or with Soutien shares a council
        /// seat for a player, and returns the new table.
        guest fn valencia_council_seat(api, table: $crate::api::Json, player: u8, seat: String, how: $crate::games::valencia::ValenciaSeatMove) -> $crate::api::Json {
            $crate::games::valencia::council_seat(&table, player, &seat, how)?
        }
        /// Where the game stands: round, step, who acts, cards left, privileges left.
        guest fn valencia_round(api, round: $crate::games::valencia::ValenciaRawRound) -> $crate::games::valencia::ValenciaRound {
            $crate::games::valencia::round_tracker(&round)?
        }

        // Orléans.

        /// The six scenarios: players, rounds, event tracks, objectives, win and loss rules.
        guest fn orleans_scenarios(api) -> Vec<$crate::games::orleans::OrleansScenarioInfo> {
            $crate::games::orleans::scenario_catalogue()
        }
        /// Every event: its moment in the round, its effect, where it appears.
        guest fn orleans_events(api) -> Vec<$crate::games::orleans::OrleansEventInfo> {
            $crate::games::orleans::event_catalogue()
        }
        /// Invasion's nine characters and their personal objectives.
        guest fn orleans_characters(api) -> Vec<$crate::games::orleans::OrleansCharacterInfo> {
            $crate::games::orleans::character_catalogue()
        }
        /// What to put on the table for a scenario at this player count.
        guest fn orleans_setup(api, scenario: $crate::games::orleans::OrleansScenario, players: u8) -> Vec<$crate::text::Text> {
            $crate::games::orleans::setup_steps(scenario, players)?.into_iter().map(|s| s.text).collect()
        }
        /// Invasion's hourglass tiles drawn with a seeded generator (same seed, same order).
        guest fn orleans_build_deck(api, plan: $crate::games::orleans::OrleansDeckPlan, seed: u32) -> $crate::games::orleans::OrleansDeck {
            $crate::games::orleans::build_deck(&plan, seed)?
        }
        /// Closes the round of a table: applies (when `apply`) and logs what was decided for each
        /// of this round's resolutions (the live help's order), and moves on to the next round.
        guest fn orleans_close_round(api, table: $crate::api::Json, decisions: Vec<$crate::games::orleans::OrleansDecision>, apply: bool)
            -> $crate::games::orleans::OrleansClosedRound {
            $crate::games::orleans::close_round(&table, &decisions, apply)?
        }

        // The rules catalogue.

        /// Entries for a query or a question, best first.
        guest fn search_rules(api, query: String, filter: $crate::rules::SearchFilter) -> $crate::rules::RuleSearch {
            api.catalogue()?.lookup(&query, &filter).map_err($crate::api::ApiError::internal)?
        }
        /// Every entry passing the filter (no query): the glossary, a game's clarifications…
        guest fn list_rules(api, filter: $crate::rules::SearchFilter) -> Vec<$crate::rules::RuleHit> {
            api.catalogue()?.list(&filter)
        }
        /// One entry with the titles of its related entries.
        guest fn get_rule(api, id: String) -> $crate::api::RuleView { api.rule_view(&id)? }

        // Players and plays.

        host fn list_players(api) -> Vec<$crate::history::Player> { api.store()?.list_players()? }
        host fn create_player(api, name: String, colour: Option<String>) -> $crate::history::Player {
            api.store()?.create_player(&name, colour.as_deref())?
        }
        host fn start_play(api, new_play: $crate::history::NewPlay) -> $crate::history::PlayDetail {
            api.store()?.start_play(&new_play)?
        }
        /// Autosave: the state is stored even when invalid; the answer carries the live score
        /// or the problems. `base`, the state the sheet's edit started from: a phone's change
        /// stored since is merged in, not overwritten (the answer then carries the merged state).
        host fn save_table_state(api, play_id: $crate::history::Id, table: $crate::api::Json, base: Option<$crate::api::Json>)
            -> $crate::history::SavedState {
            api.changed_play(play_id, None, |store| Ok(store.save_table_state_over(play_id, &table, base.as_ref())?))?
        }
        /// Scores a state without storing it: the answer on every keystroke, before the autosave.
        host fn preview_table_state(api, play_id: $crate::history::Id, table: $crate::api::Json) -> $crate::history::ScorePreview {
            api.store()?.preview_table_state(play_id, &table)?
        }
        /// Takes the play back to its previous saved state (kept by the core, across restarts).
        host fn undo_table_state(api, play_id: $crate::history::Id) -> $crate::history::UndoneState {
            api.changed_play(play_id, None, |store| Ok(store.undo_table_state(play_id)?))?
        }
        /// Finishing (like abandoning or deleting) closes the play's table to the phones.
        host fn finish_play(api, play_id: $crate::history::Id, table: $crate::api::Json) -> $crate::history::PlayDetail {
            api.closing_play(play_id, |store| Ok(store.finish_play(play_id, &table)?))?
        }
        host fn abandon_play(api, play_id: $crate::history::Id) -> $crate::history::PlayDetail {
            api.closing_play(play_id, |store| Ok(store.abandon_play(play_id)?))?
        }
        host fn list_plays(api, filter: $crate::history::PlayFilter) -> $crate::history::PlayPage {
            api.store()?.list_plays(&filter)?
        }
        host fn get_play(api, play_id: $crate::history::Id) -> $crate::history::PlayDetail { api.store()?.play(play_id)? }
        /// Adds an entry to a play's round log (a Citadelles round record, an Orléans event…).
        host fn log_round_event(api, play_id: $crate::history::Id, round: u8, kind: String, payload: $crate::api::Json)
            -> $crate::history::RoundEvent {
            api.store()?.append_round_event(play_id, round, &kind, &payload)?
        }
        /// The printed values typed for a game's cards (mission points, fountain values…),
        /// remembered for the next plays.
        host fn card_values(api, game: $crate::games::GameId) -> Vec<$crate::history::CardValue> {
            api.store()?.card_values(game)?
        }
        /// Remembers a card's printed value (replacing the one typed before); phones at an open
        /// table of the game are told (their view carries the values).
        host fn set_card_value(api, game: $crate::games::GameId, card: String, value: i32) -> $crate::history::CardValue {
            api.remember_card_value(game, &card, value)?
        }
        /// Keeps the setup checklist's ticked steps of a play (its checklist's step ids, replacing
        /// those kept before); the play's detail gives them back (`setup_done`).
        host fn set_setup_done(api, play_id: $crate::history::Id, done: Vec<String>) -> Vec<String> {
            api.changed_play(play_id, None, |store| Ok(store.set_setup_done(play_id, &done)?))?
        }

        // Table mode: a play in progress opened to the players' phones (`api/table.rs`). The
        // host's side: open, watch, close. A phone's side is `seat`: bound to the play and seat
        // of its token (the host may call them for any play and seat).

        /// Opens the play to phones (or reopens it after a restart, with the same seats and
        /// phones): a new join token, and the seats offered (all when `null`). `lang`: the
        /// host's language, which a phone speaks until its player picks one.
        host fn table_open(api, play_id: $crate::history::Id, seats: Option<Vec<u8>>, lang: Option<$crate::text::Lang>)
            -> $crate::api::TableTicket {
            api.open_table(play_id, seats, lang)?
        }
        /// Closes the table: every phone's token is refused from then on. False if none was open.
        host fn table_close(api, play_id: $crate::history::Id) -> bool { api.close_table(play_id)? }
        /// Who joined which seat, who has finished entering, each seat's last change.
        host fn table_status(api, play_id: $crate::history::Id) -> $crate::api::TableStatus { api.status_of_table(play_id)? }
        /// Removes a phone: its token is refused from its next request on.
        host fn table_remove_device(api, play_id: $crate::history::Id, device: $crate::history::Id) -> $crate::api::TableStatus {
            api.remove_table_device(play_id, device)?
        }
        /// Puts a phone on a seat (the phone holding it loses it) or on none.
        host fn table_assign_seat(api, play_id: $crate::history::Id, device: $crate::history::Id, seat: Option<u8>)
            -> $crate::api::TableStatus {
            api.assign_table_seat(play_id, device, seat)?
        }
        /// A phone joins with the join token (a new device and its own token, shown once) and
        /// claims a seat, or changes seat with its device token. A seat another phone holds is
        /// refused as `seat_taken`, or with `ask`, asked for: the host or the holding phone
        /// answers (`table_answer_request`). Claiming none gives up a request.
        seat fn table_join(api, play_id: $crate::history::Id, device: Option<$crate::history::Id>, claim: Option<u8>, ask: bool, name: Option<String>)
            -> $crate::api::TableJoined {
            api.join_table(play_id, device, claim, ask, name)?
        }
        /// The play as this seat's phone may see it: the other seats' private entries removed,
        /// the requests for its seat, the seat this phone (`device`) asks for.
        seat fn table_view(api, play_id: $crate::history::Id, seat: Option<u8>, device: Option<$crate::history::Id>) -> $crate::api::TableView {
            api.view_of_table(play_id, seat, device)?
        }
        /// Answers phone `asker`'s request for `seat` (the host for any seat, a phone for its
        /// own): `give` hands the seat over, else the request ends.
        seat fn table_answer_request(api, play_id: $crate::history::Id, seat: Option<u8>, asker: $crate::history::Id, give: bool)
            -> $crate::api::TableView {
            api.answer_seat_request(play_id, seat, asker, give)?
        }
        /// Saves some fields of this seat's part (`players[seat]`), merged field by field into
        /// the play's table state and autosaved as the host's saves are (Undo takes it back).
        seat fn table_save_seat(api, play_id: $crate::history::Id, seat: Option<u8>, part: $crate::api::Json)
            -> $crate::api::TableView {
            api.save_seat(play_id, seat, &part)?
        }
        /// "I have finished entering" (or not any more), shown to the host.
        seat fn table_set_finished(api, play_id: $crate::history::Id, seat: Option<u8>, finished: bool) -> $crate::api::TableView {
            api.set_seat_finished(play_id, seat, finished)?
        }

        // Paired devices (`api/pairing.rs`): a tablet or a phone the host paired reaches the
        // whole app over the network with a token of its own, until the host revokes it.

        /// A one-time pairing code, valid ten minutes, for a device to pair with. `lang`: the
        /// host's language, which the device's page speaks until told otherwise; `address`
        /// (`http://<ip>:<port>`, where the device reaches the door): the URL and its QR code.
        host fn pairing_code(api, lang: Option<$crate::text::Lang>, address: Option<String>) -> $crate::api::PairingCode {
            api.new_pairing_code(lang, address.as_deref())?
        }
        /// Pairs the device named `name` with a pairing code: its own token, shown once. The one
        /// operation a caller off the loopback may make without a token.
        pair fn pair_device(api, code: String, name: String) -> $crate::api::DevicePaired {
            api.pair_with_code(&code, &name)?
        }
        /// The paired devices, each with when it was paired and last used.
        host fn list_paired_devices(api) -> Vec<$crate::history::PairedDevice> { api.store()?.paired_devices()? }
        /// Revokes a paired device: its token is refused from its next request on. Answers the
        /// devices still paired.
        host fn revoke_paired_device(api, device: $crate::history::Id) -> Vec<$crate::history::PairedDevice> {
            api.revoke_device(device)?
        }

        // The history beyond one play.

        host fn unfinished_plays(api) -> Vec<$crate::history::PlaySummary> { api.store()?.unfinished_plays()? }
        /// Plays of games Greffier does not know (BG Stats imports), newest first, read-only.
        host fn list_other_plays(api, filter: $crate::history::OtherPlayFilter) -> $crate::history::OtherPlayPage {
            api.store()?.list_other_plays(&filter)?
        }
        /// Changes a play's details; a finished play given a new table state is scored again.
        host fn edit_play(api, play_id: $crate::history::Id, edit: $crate::history::PlayEdit) -> $crate::history::PlayDetail {
            api.changed_play(play_id, None, |store| Ok(store.edit_play(play_id, &edit)?))?
        }
        /// Records a finished play from a table state in one step (its players added to the
        /// roster by name), scored as finishing scores it: a play typed elsewhere, after the game.
        host fn record_play(api, game: $crate::games::GameId, table: $crate::api::Json) -> $crate::history::PlayDetail {
            api.store()?.record_finished_play(game, &table)?
        }
        /// Scores a finished play again from its stored table state (after a rule was fixed);
        /// a play without a result is answered as it is.
        host fn rescore_play(api, play_id: $crate::history::Id) -> $crate::history::PlayDetail {
            api.changed_play(play_id, None, |store| Ok(store.rescore_play(play_id)?))?
        }
        /// Moves a play to the bin (undone by `restore_play`); its table is closed.
        host fn delete_play(api, play_id: $crate::history::Id) -> $crate::history::PlayDetail {
            api.closing_play(play_id, |store| Ok(store.delete_play(play_id)?))?
        }
        host fn restore_play(api, play_id: $crate::history::Id) -> $crate::history::PlayDetail {
            api.store()?.restore_play(play_id)?
        }
        host fn rename_player(api, player_id: $crate::history::Id, name: String) -> $crate::history::Player {
            api.store()?.rename_player(player_id, &name)?
        }
        host fn set_player_colour(api, player_id: $crate::history::Id, colour: Option<String>) -> $crate::history::Player {
            api.store()?.set_player_colour(player_id, colour.as_deref())?
        }
        host fn set_player_archived(api, player_id: $crate::history::Id, archived: bool) -> $crate::history::Player {
            api.store()?.set_player_archived(player_id, archived)?
        }
        /// Merges `absorbed` into `kept`: every play of the one follows to the other.
        host fn merge_players(api, kept: $crate::history::Id, absorbed: $crate::history::Id) -> $crate::history::Player {
            api.store()?.merge_players(kept, absorbed)?
        }
        /// A game's statistics, its players' totals in buckets `bucket_width` wide (0: the
        /// game's own width).
        host fn game_stats(api, game: $crate::games::GameId, bucket_width: u32) -> $crate::history::GameStats {
            api.store()?.game_stats(game, bucket_width)?
        }
        /// How many finished plays each player sat at (the roster shows it).
        host fn player_play_counts(api) -> Vec<$crate::history::PlayerPlayCount> { api.store()?.player_play_counts()? }
        host fn player_stats(api, player_id: $crate::history::Id) -> $crate::history::PlayerStats {
            api.store()?.player_stats(player_id)?
        }
        host fn scenario_stats(api, game: $crate::games::GameId) -> Vec<$crate::history::ScenarioStats> {
            api.store()?.scenario_stats(game)?
        }
        /// Plays per month (empty months included), for one game and/or one player or all.
        host fn activity(api, game: Option<$crate::games::GameId>, player_id: Option<$crate::history::Id>) -> Vec<$crate::history::MonthCount> {
            api.store()?.activity(game, player_id)?
        }
        /// The progress of the import or export under way (`null` when there is none).
        host fn history_progress(api) -> Option<$crate::history::Progress> { api.progress() }
        /// Imports a file, all or nothing, with what it added: its text, or an upload the door
        /// streamed in first (any size, gzip or not).
        host fn import_file(api, kind: $crate::api::ImportKind, file: $crate::api::ImportFile) -> $crate::api::ImportSummary {
            api.import(kind, file)?
        }
        /// Writes an export into the exports folder and says where.
        host fn export_file(api, kind: $crate::api::ExportKind, csv: Option<$crate::history::CsvOptions>, lang: Option<$crate::text::Lang>) -> $crate::api::ExportedFile {
            api.write_export(kind, csv, lang.unwrap_or_default())?
        }

        // The history shared between devices through a folder a sync engine shares
        // (`history/sync/`).

        /// Where sharing stands: the folder, this device, every device of the folder with its
        /// last change applied here, what waits or was skipped, the conflicts.
        host fn sync_status(api) -> $crate::history::SyncStatus { api.store()?.sync_status()? }
        /// Shares this history through `folder` (`null`: stops sharing) and names this device
        /// for the others (`null`: kept, or the machine's name the first time).
        host fn sync_share(api, folder: Option<String>, device_name: Option<String>) -> $crate::history::SyncStatus {
            api.store()?.share_history(folder.as_deref().map(std::path::Path::new), device_name.as_deref())?
        }
        /// One pass: this history's changes written to the folder, the other devices' new
        /// changes applied (`folder`: shares the history there first). What was applied,
        /// what waits, what was skipped, the conflicts.
        host fn sync_now(api, folder: Option<String>) -> $crate::history::SyncReport { api.sync_pass(folder)? }
        /// Plays and players edited on two devices at once (or deleted on one while edited on
        /// the other): the version shown and those kept aside.
        host fn sync_conflicts(api) -> Vec<$crate::history::SyncConflict> { api.store()?.sync_conflicts()? }
        /// Keeps one version (`version`) of a play or player with versions kept aside; the others
        /// go, on every device. The conflicts left.
        host fn sync_resolve(api, uuid: String, version: String) -> Vec<$crate::history::SyncConflict> {
            api.store()?.resolve_sync_conflict(&uuid, &version)?
        }

        host fn list_backups(api) -> Vec<$crate::history::BackupFile> { api.store()?.list_backups()? }
        host fn backup_now(api) -> $crate::history::BackupFile {
            api.store()?.backup_now($crate::history::BackupKind::Manual, $crate::history::DEFAULT_BACKUPS_KEPT)?
        }
        /// Replaces the history with a backup (the current one is kept aside first, and
        /// returned).
        host fn restore_backup(api, file_name: String) -> $crate::history::BackupFile {
            api.store()?.restore_backup(&file_name)?
        }
        }
    };
}
