-- What a BG Stats play of another game carries besides its results, so that nothing a player
-- would miss is dropped on import: the score as written when it is not a whole number, each
-- seat's team and role, and the expansions played.

ALTER TABLE other_play_seats ADD COLUMN score_text TEXT CHECK (score_text IS NULL OR length(score_text) <= 40);
ALTER TABLE other_play_seats ADD COLUMN team TEXT CHECK (team IS NULL OR length(team) <= 200);
ALTER TABLE other_play_seats ADD COLUMN role TEXT CHECK (role IS NULL OR length(role) <= 200);

CREATE TABLE other_play_expansions (
    other_play_id  INTEGER NOT NULL REFERENCES other_plays (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL CHECK (position >= 0),
    name           TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    bgg_id         INTEGER,
    PRIMARY KEY (other_play_id, position)
) STRICT;

CREATE INDEX other_plays_game ON other_plays (game_name COLLATE NOCASE, played_at);
