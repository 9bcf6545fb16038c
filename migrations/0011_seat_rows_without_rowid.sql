-- Greffier history, schema 11: the tables of a play's seats and of what each seat scored are
-- stored in their primary key's order (WITHOUT ROWID), same columns, same constraints, same
-- rows. Forward-only. Keyed by (play, seat…), each of them was a rowid table plus an index of
-- that key: two B-trees written per row, where one is enough (importing 10 000 plays
-- wrote some 24 rows of these per play). Every reader looks them up by that key.
--
-- The rows are copied into new tables, which then take the old names. Foreign keys are enforced
-- during migrations: the new children refer to `seats_new` until it is renamed (the rename
-- updates their references), so dropping the old `seats` cascades into nothing.

CREATE TABLE seats_new (
    play_id       INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    colour        TEXT,
    first_player  INTEGER NOT NULL DEFAULT 0 CHECK (first_player IN (0, 1)),
    PRIMARY KEY (play_id, seat),
    UNIQUE (play_id, player_id)
) STRICT, WITHOUT ROWID;
INSERT INTO seats_new (play_id, seat, player_id, colour, first_player)
    SELECT play_id, seat, player_id, colour, first_player FROM seats;

CREATE TABLE results_new (
    play_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    total    INTEGER NOT NULL,
    rank     INTEGER NOT NULL CHECK (rank >= 1),
    winner   INTEGER NOT NULL CHECK (winner IN (0, 1)),
    PRIMARY KEY (play_id, seat),
    FOREIGN KEY (play_id, seat) REFERENCES seats_new (play_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO results_new (play_id, seat, total, rank, winner)
    SELECT play_id, seat, total, rank, winner FROM results;

CREATE TABLE category_points_new (
    play_id   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    category  TEXT    NOT NULL,
    points    INTEGER NOT NULL,
    PRIMARY KEY (play_id, seat, category),
    FOREIGN KEY (play_id, seat) REFERENCES seats_new (play_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO category_points_new (play_id, seat, category, points)
    SELECT play_id, seat, category, points FROM category_points;

CREATE TABLE mission_results_new (
    play_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    mission  TEXT    NOT NULL,
    met      INTEGER NOT NULL CHECK (met IN (0, 1)),
    points   INTEGER NOT NULL,
    PRIMARY KEY (play_id, seat, mission),
    FOREIGN KEY (play_id, seat) REFERENCES seats_new (play_id, seat) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
INSERT INTO mission_results_new (play_id, seat, mission, met, points)
    SELECT play_id, seat, mission, met, points FROM mission_results;

DROP TABLE results;
DROP TABLE category_points;
DROP TABLE mission_results;
DROP TABLE seats;

ALTER TABLE seats_new RENAME TO seats;
ALTER TABLE results_new RENAME TO results;
ALTER TABLE category_points_new RENAME TO category_points;
ALTER TABLE mission_results_new RENAME TO mission_results;

-- The one index left on these tables (0002, kept by 0008): a player's plays.
CREATE INDEX seats_player_play ON seats (player_id, play_id, seat);
