-- Greffier history, schema 1. Forward-only: never edit once released; add 0002_… instead.
-- Dates are RFC 3339 UTC text (chrono), JSON columns are checked with json_valid.

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 60),
    colour      TEXT,
    archived    INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
    created_at  TEXT    NOT NULL
) STRICT;
CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE);

CREATE TABLE plays (
    id            INTEGER PRIMARY KEY,
    -- Stable identity across export / import.
    uuid          TEXT    NOT NULL UNIQUE,
    game          TEXT    NOT NULL CHECK (game IN ('valencia', 'citadelles', 'orleans', 'splendor')),
    -- Rule profile (Citadelles), module (Valencia, Splendor) or scenario (Orléans).
    variant       TEXT    NOT NULL,
    player_count  INTEGER NOT NULL CHECK (player_count BETWEEN 1 AND 8),
    status        TEXT    NOT NULL CHECK (status IN ('in_progress', 'finished', 'abandoned')),
    started_at    TEXT    NOT NULL,
    ended_at      TEXT,
    location      TEXT,
    notes         TEXT,
    -- Filled when finished: 'points' | 'coop' | 'solo' | 'objective_race'.
    outcome       TEXT,
    won           INTEGER CHECK (won IN (0, 1)),
    round_reached INTEGER,
    updated_at    TEXT    NOT NULL
) STRICT;
CREATE INDEX plays_game_started ON plays (game, started_at);
CREATE INDEX plays_status_started ON plays (status, started_at);

CREATE TABLE seats (
    play_id       INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    colour        TEXT,
    first_player  INTEGER NOT NULL DEFAULT 0 CHECK (first_player IN (0, 1)),
    PRIMARY KEY (play_id, seat),
    UNIQUE (play_id, player_id)
) STRICT;
CREATE INDEX seats_player ON seats (player_id);

-- What is on the table, as the game module reads it; kept so scores can be recomputed.
CREATE TABLE table_states (
    play_id         INTEGER PRIMARY KEY REFERENCES plays (id) ON DELETE CASCADE,
    schema_version  INTEGER NOT NULL,
    state_json      TEXT    NOT NULL CHECK (json_valid(state_json)),
    saved_at        TEXT    NOT NULL
) STRICT;

-- The scoreboard as computed when the play was finished (details, tie-break sentences).
CREATE TABLE scoreboards (
    play_id          INTEGER PRIMARY KEY REFERENCES plays (id) ON DELETE CASCADE,
    scoreboard_json  TEXT    NOT NULL CHECK (json_valid(scoreboard_json))
) STRICT;

-- Per-player results, queryable for statistics.
CREATE TABLE results (
    play_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    total    INTEGER NOT NULL,
    rank     INTEGER NOT NULL CHECK (rank >= 1),
    winner   INTEGER NOT NULL CHECK (winner IN (0, 1)),
    PRIMARY KEY (play_id, seat),
    FOREIGN KEY (play_id, seat) REFERENCES seats (play_id, seat) ON DELETE CASCADE
) STRICT;

CREATE TABLE category_points (
    play_id   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    category  TEXT    NOT NULL,
    points    INTEGER NOT NULL,
    PRIMARY KEY (play_id, seat, category),
    FOREIGN KEY (play_id, seat) REFERENCES seats (play_id, seat) ON DELETE CASCADE
) STRICT;
CREATE INDEX category_points_category ON category_points (category);

-- Round-by-round log of scenario games (events drawn, payments, objectives met…).
CREATE TABLE round_events (
    id            INTEGER PRIMARY KEY,
    play_id       INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 0),
    seq           INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    payload_json  TEXT    NOT NULL CHECK (json_valid(payload_json)),
    recorded_at   TEXT    NOT NULL,
    UNIQUE (play_id, round, seq)
) STRICT;

-- Printed card values the rulebooks do not give, typed once by the user and remembered.
CREATE TABLE card_values (
    game        TEXT    NOT NULL CHECK (game IN ('valencia', 'citadelles', 'orleans', 'splendor')),
    card        TEXT    NOT NULL,
    value       INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (game, card)
) STRICT;
