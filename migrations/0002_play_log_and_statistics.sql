-- Greffier history, schema 2: the play log (soft delete with undo, duration), and the indexes
-- the play-log filters and the statistics queries use. Forward-only.

-- Set when a play is deleted; cleared by undo. Every list and statistic skips such plays.
ALTER TABLE plays ADD COLUMN deleted_at TEXT;
-- Minutes the play lasted: measured at finish, editable afterwards, imported from BG Stats.
ALTER TABLE plays ADD COLUMN duration_minutes INTEGER CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 0 AND 100000);

-- The play log: newest first, by game and rule profile / scenario, unfinished plays on Home.
CREATE INDEX plays_started ON plays (started_at, id);
CREATE INDEX plays_game_variant_started ON plays (game, variant, started_at);
CREATE INDEX plays_deleted ON plays (deleted_at) WHERE deleted_at IS NOT NULL;
-- Per-player statistics start from a player's seats, then the play.
CREATE INDEX seats_player_play ON seats (player_id, play_id, seat);
-- Per-scenario statistics: finished plays by game, outcome and scenario.
CREATE INDEX plays_stats ON plays (game, status, outcome, variant, player_count);
-- Statistics read a play's results and category points without touching the tables
-- (covering indexes: about a third faster on a 100 000-play history).
CREATE INDEX results_play_cover ON results (play_id, seat, total, rank, winner);
CREATE INDEX category_points_play_cover ON category_points (play_id, category, points);
-- The event at which a scenario was lost: its round's events.
CREATE INDEX round_events_kind ON round_events (kind, play_id, round);
