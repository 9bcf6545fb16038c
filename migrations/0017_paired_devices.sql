-- Paired devices: a tablet or phone the host paired reaches the whole app over the
-- network (`greffier serve` beyond the loopback, or the desktop app's door for them) with its
-- own token, until the host revokes it. Only SHA-256 digests of the secrets are stored: a copy
-- of the history lets nobody in.
CREATE TABLE paired_devices (
    id           INTEGER PRIMARY KEY,
    name         TEXT    NOT NULL,
    token_hash   BLOB    NOT NULL CHECK (length(token_hash) = 32),
    created_at   TEXT    NOT NULL,
    -- The last request made with its token (kept to the minute: not a write per request).
    last_used_at TEXT
) STRICT;

-- A pairing code the host shows (the QR code's): one-time, short-lived. Used or expired, it is
-- deleted.
CREATE TABLE pairing_codes (
    id         INTEGER PRIMARY KEY,
    code_hash  BLOB    NOT NULL CHECK (length(code_hash) = 32),
    expires_at TEXT    NOT NULL
) STRICT;

-- Where the desktop app last served its door for paired devices (`ip:port`): tried first, so
-- that a paired tablet's page, and the token its browser keeps for that address, still work.
CREATE TABLE paired_door (
    only      INTEGER PRIMARY KEY CHECK (only = 1),
    served_at TEXT    NOT NULL
) STRICT;
