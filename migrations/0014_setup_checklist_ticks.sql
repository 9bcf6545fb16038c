-- Greffier history, schema 14: the setup checklist's ticked steps are the play's. They were
-- kept in one window's storage; they now live with the play, so another device (a browser at
-- an open table) sees them, and a backup carries them. A JSON list of the steps' ids (the
-- core's setup checklist), NULL when none was ticked. Forward-only.

ALTER TABLE plays ADD COLUMN setup_done TEXT;
