-- Greffier history, schema 15: another game's score is kept as typed, however BG Stats wrote it.
-- Forward-only. BG Stats lets a score be typed as a sum, round by round ("87+77", two dozen
-- rounds of Lost Cities: 53 characters) and writes it so; such plays were skipped whole.
-- The sum is now read into `score` and what was typed kept in `score_text`, which
-- held only scores with decimals, up to 40 characters: it now holds up to 500.
--
-- `other_play_seats` is rebuilt with the longer limit (same columns, same rows, same other
-- constraints and index), as 0011 rebuilt the seat tables.

CREATE TABLE other_play_seats_new (
    other_play_id  INTEGER NOT NULL REFERENCES other_plays (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    score          INTEGER,
    winner         INTEGER NOT NULL CHECK (winner IN (0, 1)),
    first_player   INTEGER NOT NULL DEFAULT 0 CHECK (first_player IN (0, 1)),
    score_text     TEXT CHECK (score_text IS NULL OR length(score_text) <= 500),
    team           TEXT CHECK (team IS NULL OR length(team) <= 200),
    role           TEXT CHECK (role IS NULL OR length(role) <= 200),
    PRIMARY KEY (other_play_id, seat)
) STRICT;
INSERT INTO other_play_seats_new (other_play_id, seat, player_id, score, winner, first_player, score_text, team, role)
    SELECT other_play_id, seat, player_id, score, winner, first_player, score_text, team, role FROM other_play_seats;
DROP TABLE other_play_seats;
ALTER TABLE other_play_seats_new RENAME TO other_play_seats;
CREATE INDEX other_play_seats_player ON other_play_seats (player_id, other_play_id);
