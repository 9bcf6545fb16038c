-- Every autosave of a play in progress keeps the state it replaces, so undo is done by the
-- core and survives a restart: the newest revision is what Undo brings back. Cleared when the
-- play is finished or abandoned (the play's edits are logged elsewhere).
CREATE TABLE table_state_revisions (
    play_id     INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
    revision    INTEGER NOT NULL,
    state_json  TEXT    NOT NULL CHECK (json_valid(state_json)),
    saved_at    TEXT    NOT NULL,
    PRIMARY KEY (play_id, revision)
) STRICT;
