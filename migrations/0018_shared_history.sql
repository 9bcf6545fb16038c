-- Greffier history, schema 15: one history shared between devices through a folder a file-sync
-- engine shares (`src/history/sync/`). Forward-only.
--
-- Integer ids stay this history's own. What is shared is keyed by uuid: a play's (it had one),
-- and now a player's. The shared record of every player and play (`shared_players`,
-- `shared_plays`) is what SQLite's session extension captures into changeset files and applies
-- from the other devices' files; the history's own tables are written from it. Nothing here is
-- written while the history is not shared, except the marks of what changed (`sync_dirty`).

-- A player's identity across devices. Two "Marie" made on two devices are two people until
-- someone merges them: a name is no longer unique in the history (a new name typed here still
-- must be: `create_player`, `rename_player`). The uuids of the players already here are made by
-- the Rust step run with this file (`sync::identity::backfill_player_uuids`).
ALTER TABLE players ADD COLUMN uuid TEXT;
CREATE UNIQUE INDEX players_uuid ON players (uuid);
-- Set once merged into another player: the row stays, hidden from the roster, so that a play
-- recorded elsewhere for this player follows the merge.
ALTER TABLE players ADD COLUMN merged_into INTEGER REFERENCES players (id);
DROP INDEX players_name;
CREATE INDEX players_name ON players (name COLLATE NOCASE);

-- This history as one device of the shared folder (a single row, made when a folder is
-- first chosen): its id there, the name the other devices show, its Lamport clock.
CREATE TABLE sync_self (
    only          INTEGER PRIMARY KEY CHECK (only = 1),
    device        TEXT    NOT NULL,
    name          TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    folder        TEXT,
    clock         INTEGER NOT NULL DEFAULT 0 CHECK (clock >= 0),
    last_pass_at  TEXT
) STRICT;

-- The shared record: each player's, each play's and each other game's play's current version,
-- keyed by uuid (`record`: JSON, see `sync/records.rs`; read by our code only, which refuses a
-- record it cannot read, so no `json_valid` check reads each one again). Only the session
-- extension's captures and applies, and the versions kept aside below, change it.
CREATE TABLE shared_players (
    uuid     TEXT PRIMARY KEY,
    version  TEXT NOT NULL,
    record   TEXT NOT NULL
) STRICT;
CREATE TABLE shared_plays (
    uuid     TEXT PRIMARY KEY,
    version  TEXT NOT NULL,
    record   TEXT NOT NULL
) STRICT;
CREATE TABLE shared_other_plays (
    uuid     TEXT PRIMARY KEY,
    version  TEXT NOT NULL,
    record   TEXT NOT NULL
) STRICT;

-- Versions of a record that lost to another made at the same time on another device (edited
-- on two devices, deleted on one while edited on the other): kept here, listed in History until
-- someone keeps one.
CREATE TABLE sync_conflicts (
    kind      TEXT NOT NULL CHECK (kind = 'play' OR kind = 'player' OR kind = 'other_play'),
    uuid      TEXT NOT NULL,
    version   TEXT NOT NULL,
    record    TEXT NOT NULL,
    found_at  TEXT NOT NULL,
    PRIMARY KEY (kind, uuid, version)
) STRICT;

-- Every first version of a record this history has held. A record's first version is named by
-- its content (`sync/records.rs`), so two devices making the same record (one backup imported on
-- both) make the same version: brought again after it was replaced, it is not a new one.
CREATE TABLE sync_first_versions (
    kind     TEXT NOT NULL,
    uuid     TEXT NOT NULL,
    version  TEXT NOT NULL,
    PRIMARY KEY (kind, uuid, version)
) STRICT, WITHOUT ROWID;

-- The players and plays this history changed since their records were last written (kept by
-- the triggers below, whatever the write path), and the plays deleted for good (`kind`:
-- `play`, `other_play`).
CREATE TABLE sync_dirty (
    kind  TEXT    NOT NULL,
    id    INTEGER NOT NULL,
    PRIMARY KEY (kind, id)
) STRICT, WITHOUT ROWID;
CREATE TABLE sync_gone (
    kind  TEXT NOT NULL,
    uuid  TEXT NOT NULL,
    PRIMARY KEY (kind, uuid)
) STRICT, WITHOUT ROWID;

-- The changeset files this history wrote, numbered from 1, whole (header, changeset, checksum):
-- written to the folder again when missing there (another folder chosen, a copy lost).
CREATE TABLE sync_outbox (
    seq          INTEGER PRIMARY KEY CHECK (seq >= 1),
    file         BLOB    NOT NULL,
    recorded_at  TEXT    NOT NULL
) STRICT;

-- Every other device seen in the folder, and the last of its files applied here.
CREATE TABLE sync_devices (
    device       TEXT PRIMARY KEY,
    name         TEXT,
    applied_seq  INTEGER NOT NULL DEFAULT 0 CHECK (applied_seq >= 0),
    applied_at   TEXT
) STRICT;

-- What marks a play changed: its row and the rows written with it. A play's results, category
-- points and mission results are written only with its scoreboard (`plays::insert_results`),
-- whose trigger marks it. An upsert, not `INSERT OR IGNORE`: a trigger's `OR` clause gives way to
-- the conflict policy of the statement that fired it (an upsert's, a `REPLACE`); and not
-- `SELECT … WHERE NOT EXISTS`, which SQLite runs through a temporary table on every write.
CREATE TRIGGER sync_play_inserted AFTER INSERT ON plays
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_play_updated AFTER UPDATE ON plays
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_play_deleted AFTER DELETE ON plays
BEGIN INSERT INTO sync_gone (kind, uuid) VALUES ('play', OLD.uuid)
    ON CONFLICT DO NOTHING; END;

CREATE TRIGGER sync_seat_inserted AFTER INSERT ON seats
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_seat_updated AFTER UPDATE ON seats
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_seat_deleted AFTER DELETE ON seats
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', OLD.play_id)
    ON CONFLICT DO NOTHING; END;

CREATE TRIGGER sync_state_inserted AFTER INSERT ON table_states
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_state_updated AFTER UPDATE ON table_states
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_state_deleted AFTER DELETE ON table_states
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', OLD.play_id)
    ON CONFLICT DO NOTHING; END;

CREATE TRIGGER sync_scoreboard_inserted AFTER INSERT ON scoreboards
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_scoreboard_updated AFTER UPDATE ON scoreboards
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_scoreboard_deleted AFTER DELETE ON scoreboards
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', OLD.play_id)
    ON CONFLICT DO NOTHING; END;

CREATE TRIGGER sync_event_inserted AFTER INSERT ON round_events
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_event_updated AFTER UPDATE ON round_events
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', NEW.play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_event_deleted AFTER DELETE ON round_events
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('play', OLD.play_id)
    ON CONFLICT DO NOTHING; END;

-- Other games' plays (BG Stats imports), with their seats and expansions.
CREATE TRIGGER sync_other_play_inserted AFTER INSERT ON other_plays
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('other_play', NEW.id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_other_play_updated AFTER UPDATE ON other_plays
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('other_play', NEW.id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_other_play_deleted AFTER DELETE ON other_plays
BEGIN INSERT INTO sync_gone (kind, uuid) VALUES ('other_play', OLD.uuid)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_other_seat_inserted AFTER INSERT ON other_play_seats
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('other_play', NEW.other_play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_other_seat_updated AFTER UPDATE ON other_play_seats
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('other_play', NEW.other_play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_other_seat_deleted AFTER DELETE ON other_play_seats
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('other_play', OLD.other_play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_expansion_inserted AFTER INSERT ON other_play_expansions
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('other_play', NEW.other_play_id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_expansion_deleted AFTER DELETE ON other_play_expansions
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('other_play', OLD.other_play_id)
    ON CONFLICT DO NOTHING; END;

CREATE TRIGGER sync_player_inserted AFTER INSERT ON players
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('player', NEW.id)
    ON CONFLICT DO NOTHING; END;
CREATE TRIGGER sync_player_updated AFTER UPDATE ON players
BEGIN INSERT INTO sync_dirty (kind, id) VALUES ('player', NEW.id)
    ON CONFLICT DO NOTHING; END;
