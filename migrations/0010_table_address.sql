-- Table mode: the address (ip:port) an open table was last served at. Serving it
-- again (after the app restarted) tries that address first, so that the phones' pages reload
-- where they were and find the seat tokens their browser keeps for that address.
ALTER TABLE table_sessions ADD COLUMN served_at TEXT;
