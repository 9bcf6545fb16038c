-- Greffier history, schema 13: a seat's result may have no total. Forward-only. A result
-- recorded without its table state (a BG Stats import) may come without a score for a seat:
-- BG Stats writes "" for a score that was not kept. It was stored as 0, which the history then
-- showed, counted in averages and extremes, and exported back; it is now NULL, and stays so.
-- A game's own scoring always gives every seat a total.
--
-- `results` and `stat_seats` are rebuilt with `total` nullable (same rows, same constraints,
-- same order), as 0011 rebuilt `results`. `stat_results` counts results by their total, which
-- is part of its key: the results without one are counted in `stat_unscored_results` instead,
-- read with it for plays and wins, left out of every score statistic.
--
-- The 0 stored for a missing score by an earlier import cannot be told from a real 0: those
-- rows are left as they are.

CREATE TABLE results_new (
    play_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    total    INTEGER,
    rank     INTEGER NOT NULL CHECK (rank >= 1),
    winner   INTEGER NOT NULL CHECK (winner IN (0, 1)),
    PRIMARY KEY (play_id, seat),
    FOREIGN KEY (play_id, seat) REFERENCES seats (play_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO results_new (play_id, seat, total, rank, winner)
    SELECT play_id, seat, total, rank, winner FROM results;
DROP TABLE results;
ALTER TABLE results_new RENAME TO results;

CREATE TABLE stat_seats_new (
    player_id   INTEGER NOT NULL,
    started_at  TEXT    NOT NULL,
    play_id     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    outcome     TEXT    NOT NULL,
    total       INTEGER,
    winner      INTEGER NOT NULL,
    PRIMARY KEY (player_id, started_at, play_id)
) STRICT, WITHOUT ROWID;
INSERT INTO stat_seats_new (player_id, started_at, play_id, seat, game, outcome, total, winner)
    SELECT player_id, started_at, play_id, seat, game, outcome, total, winner FROM stat_seats;
DROP TABLE stat_seats;
ALTER TABLE stat_seats_new RENAME TO stat_seats;
CREATE INDEX stat_seats_record ON stat_seats (game, outcome, total, started_at, play_id, seat);

-- Results of counted plays without a total, counted as `stat_results` counts the others.
CREATE TABLE stat_unscored_results (
    game       TEXT    NOT NULL,
    outcome    TEXT    NOT NULL,
    player_id  INTEGER NOT NULL,
    winner     INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    PRIMARY KEY (game, outcome, player_id, winner, won)
) STRICT, WITHOUT ROWID;
CREATE INDEX stat_unscored_results_player ON stat_unscored_results (player_id, outcome, game);
