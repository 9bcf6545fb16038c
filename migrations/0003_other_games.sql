-- Greffier history, schema 3: plays of games Greffier does not know, kept as plain results
-- (imported from BG Stats). Forward-only.

CREATE TABLE other_plays (
    id                INTEGER PRIMARY KEY,
    -- Stable identity across imports (BG Stats' play uuid).
    uuid              TEXT    NOT NULL UNIQUE,
    game_name         TEXT    NOT NULL CHECK (length(game_name) BETWEEN 1 AND 200),
    bgg_id            INTEGER,
    played_at         TEXT    NOT NULL,
    duration_minutes  INTEGER CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 0 AND 100000),
    location          TEXT,
    notes             TEXT,
    cooperative       INTEGER NOT NULL DEFAULT 0 CHECK (cooperative IN (0, 1)),
    imported_at       TEXT    NOT NULL
) STRICT;
CREATE INDEX other_plays_played ON other_plays (played_at);

CREATE TABLE other_play_seats (
    other_play_id  INTEGER NOT NULL REFERENCES other_plays (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL CHECK (seat >= 0),
    player_id      INTEGER NOT NULL REFERENCES players (id),
    score          INTEGER,
    winner         INTEGER NOT NULL CHECK (winner IN (0, 1)),
    first_player   INTEGER NOT NULL DEFAULT 0 CHECK (first_player IN (0, 1)),
    PRIMARY KEY (other_play_id, seat)
) STRICT;
CREATE INDEX other_play_seats_player ON other_play_seats (player_id, other_play_id);
