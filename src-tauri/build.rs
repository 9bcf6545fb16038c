//! Declares the app's commands so that each must be granted by a capability
//! (`capabilities/default.json`): the webview can call nothing else.

const COMMANDS: &[&str] = &[
    "app_info",
    "get_preferences",
    "set_preferences",
    "list_games",
    "citadelles_catalogue",
    "citadelles_draft_plan",
    "citadelles_draw_draft",
    "citadelles_start_round",
    "citadelles_round_apply",
    "citadelles_round_view",
    "citadelles_destruction_quote",
    "valencia_missions",
    "valencia_auction",
    "valencia_council",
    "close_window",
    "valencia_count_council",
    "valencia_apply_auction",
    "valencia_round",
    "orleans_scenarios",
    "orleans_events",
    "orleans_characters",
    "orleans_setup",
    "orleans_build_deck",
    "card_values",
    "set_card_value",
    "unfinished_plays",
    "list_other_plays",
    "edit_play",
    "delete_play",
    "restore_play",
    "rename_player",
    "set_player_colour",
    "set_player_archived",
    "merge_players",
    "game_stats",
    "player_stats",
    "scenario_stats",
    "activity",
    "history_progress",
    "import_file",
    "export_file",
    "list_backups",
    "backup_now",
    "restore_backup",
    "splendor_catalogue",
    "setup_checklist",
    "list_players",
    "create_player",
    "start_play",
    "save_table_state",
    "preview_table_state",
    "undo_table_state",
    "finish_play",
    "abandon_play",
    "list_plays",
    "get_play",
    "log_round_event",
    "search_rules",
    "list_rules",
    "get_rule",
];

fn main() {
    let attributes =
        tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(COMMANDS));
    if let Err(e) = tauri_build::try_build(attributes) {
        eprintln!("tauri build script failed: {e:#}");
        std::process::exit(1);
    }
}
