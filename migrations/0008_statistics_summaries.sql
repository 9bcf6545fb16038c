-- Greffier history, schema 8: the statistics read summaries kept up to date on every write,
-- instead of joining every play, seat and result on each screen (0.4–1.2 s at
-- 100 000 plays). Forward-only. Each summary holds what the counted plays (finished, outside
-- the bin) contribute; `src/history/summary.rs` subtracts a play's contribution before any
-- write to it and adds it back after, in the same transaction, and fills these tables from the
-- existing plays in the Rust step run with this file. Counts can reach 0 and stay as rows:
-- readers skip them.

-- Counted plays by game, month of start (`YYYY-MM`), variant and player count: the plays of a
-- game, its variants and player counts, the activity by month.
CREATE TABLE stat_plays (
    game          TEXT    NOT NULL,
    month         TEXT    NOT NULL,
    variant       TEXT    NOT NULL,
    player_count  INTEGER NOT NULL,
    plays         INTEGER NOT NULL,
    PRIMARY KEY (game, month, variant, player_count)
) STRICT, WITHOUT ROWID;

-- The same per player (one seat per play): a player's plays, favourite game and variant,
-- h-index and activity.
CREATE TABLE stat_player_plays (
    player_id  INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    variant    TEXT    NOT NULL,
    month      TEXT    NOT NULL,
    plays      INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, variant, month)
) STRICT, WITHOUT ROWID;

-- Results of counted plays, counted by game, outcome (`''` for none), player, total, the
-- seat's `winner` and the table's `won` (1 when `won IS 1`): score averages, distributions and
-- extremes of a game; a player's win rates and records.
CREATE TABLE stat_results (
    game       TEXT    NOT NULL,
    outcome    TEXT    NOT NULL,
    player_id  INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    winner     INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    PRIMARY KEY (game, outcome, player_id, total, winner, won)
) STRICT, WITHOUT ROWID;
CREATE INDEX stat_results_player ON stat_results (player_id, outcome, game);

-- One row per seat with a result of a counted competitive play (points, objective race), in
-- the order plays started: a player's win streaks, and the play holding a game's high or low.
CREATE TABLE stat_seats (
    player_id   INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    play_id     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    outcome     TEXT    NOT NULL,
    total       INTEGER NOT NULL,
    winner      INTEGER NOT NULL,
    PRIMARY KEY (player_id, started_at, play_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX stat_seats_record ON stat_seats (game, outcome, total, started_at, play_id, seat);

-- Category points of counted points plays, by game and category.
CREATE TABLE stat_categories (
    game      TEXT    NOT NULL,
    category  TEXT    NOT NULL,
    samples   INTEGER NOT NULL,
    points    INTEGER NOT NULL,
    PRIMARY KEY (game, category)
) STRICT, WITHOUT ROWID;

-- Mission results of counted plays, by game and mission.
CREATE TABLE stat_missions (
    game     TEXT    NOT NULL,
    mission  TEXT    NOT NULL,
    had      INTEGER NOT NULL,
    met      INTEGER NOT NULL,
    PRIMARY KEY (game, mission)
) STRICT, WITHOUT ROWID;

-- Head to head: for each ordered pair of players who both have a result in a counted
-- competitive play, the plays and how the first ranked against the second.
CREATE TABLE stat_pairs (
    player_id    INTEGER NOT NULL,
    opponent_id  INTEGER NOT NULL,
    plays        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    losses       INTEGER NOT NULL,
    ties         INTEGER NOT NULL,
    PRIMARY KEY (player_id, opponent_id)
) STRICT, WITHOUT ROWID;

-- Co-op and solo scenario statistics read only finished scenario plays: a covering index of
-- just those (an eighth of the plays in a mixed history) instead of the table.
CREATE INDEX plays_scenarios ON plays (game, variant, outcome, player_count, difficulty, won, round_reached, lost_event)
 WHERE status = 'finished' AND deleted_at IS NULL AND outcome IN ('coop', 'solo');

-- The play log outside the bin, newest first: its count and any page of it read this index
-- alone (a page deep in a 100 000-play log read every row before it from the table).
CREATE INDEX plays_log ON plays (started_at, id) WHERE deleted_at IS NULL;

-- Indexes only the statistics' joins read, now replaced by the summaries: each one cost a
-- B-tree insert per row on every finish and import.
DROP INDEX results_play_cover;
DROP INDEX category_points_play_cover;
DROP INDEX category_points_category;
DROP INDEX mission_results_mission;
DROP INDEX plays_stats;
-- `seats_player_play` (player_id, play_id, seat) starts with the same column.
DROP INDEX seats_player;
