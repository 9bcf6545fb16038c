-- Table mode: a play in progress opened to the players' phones. A row in
-- `table_sessions` is an open table; closing it (or finishing, abandoning or deleting the
-- play) deletes it with its devices, so every token dies with it. Kept in the history, not in
-- memory, so that a restarted app reopens the table with the same seats and every phone
-- resumes with the token it holds. Only SHA-256 digests of the tokens' secrets are stored: a
-- copy of the database lets nobody join.
CREATE TABLE table_sessions (
    play_id       INTEGER PRIMARY KEY REFERENCES plays (id) ON DELETE CASCADE,
    -- The join token's (the QR code's) secret, hashed; a new one on every opening.
    join_hash     BLOB    NOT NULL CHECK (length(join_hash) = 32),
    -- The seats phones may take (JSON array of seat numbers).
    seats_offered TEXT    NOT NULL CHECK (json_valid(seats_offered)),
    -- Bumped by every change to the play while the table is open (the live stream's number).
    revision      INTEGER NOT NULL DEFAULT 0,
    opened_at     TEXT    NOT NULL
) STRICT;

-- A phone that joined: its own token (hashed), the seat it holds if any.
CREATE TABLE table_devices (
    id             INTEGER PRIMARY KEY,
    play_id        INTEGER NOT NULL REFERENCES table_sessions (play_id) ON DELETE CASCADE,
    token_hash     BLOB    NOT NULL CHECK (length(token_hash) = 32),
    name           TEXT,
    seat           INTEGER,
    finished       INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    joined_at      TEXT    NOT NULL,
    last_change_at TEXT
) STRICT;

CREATE INDEX table_devices_by_play ON table_devices (play_id);
-- One phone per seat: a second claim is a clear choice (take it over or pick another).
CREATE UNIQUE INDEX table_devices_one_per_seat ON table_devices (play_id, seat) WHERE seat IS NOT NULL;
