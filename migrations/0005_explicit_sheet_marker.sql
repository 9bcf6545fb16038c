-- Greffier history, schema 5: a generic score sheet says so (`"sheet": "generic"`) instead of
-- being guessed from one key. Forward-only. The stored states that were read as sheets before
-- (some player has `points`; for Orléans also a state without `round`) get their marker from a
-- Rust step run in the same transaction as this file (`sheet::mark_legacy`), so every stored
-- play scores exactly as it did.
SELECT 1;
