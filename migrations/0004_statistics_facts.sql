-- Greffier history, schema 4: what statistics read comes from the games' own results (the
-- Scoreboard's facts), written when a play is finished or rescored, never from table-state keys.
-- Forward-only. Existing finished plays are backfilled by rescoring their stored table states
-- (a Rust hook run in the same transaction as this file).

-- Mission cards at the end of a play (Valencia): met or failed, with the points they brought.
CREATE TABLE mission_results (
    play_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    mission  TEXT    NOT NULL,
    met      INTEGER NOT NULL CHECK (met IN (0, 1)),
    points   INTEGER NOT NULL,
    PRIMARY KEY (play_id, seat, mission),
    FOREIGN KEY (play_id, seat) REFERENCES seats (play_id, seat) ON DELETE CASCADE
) STRICT;
CREATE INDEX mission_results_mission ON mission_results (mission, met);

-- The difficulty a co-op or solo scenario was played at, and the event of a lost game's round.
ALTER TABLE plays ADD COLUMN difficulty TEXT;
ALTER TABLE plays ADD COLUMN lost_event TEXT;
