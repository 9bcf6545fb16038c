-- Greffier history, schema 12: the CHECKs that test a list of three or more names (a play's game
-- and status, a remembered card value's game) become comparisons, `x = a OR x = b OR …`. Same
-- constraints, same rows. Forward-only. SQLite tests `x IN (a, b, c…)` by first building a
-- temporary table of the list, once for every statement that writes such a row (a tenth of the work
-- of importing 10 000 plays); a comparison costs nothing to set up.
--
-- Only the schema's text changes, by SQLite's own procedure for changing a CHECK constraint
-- (https://sqlite.org/lang_altertable.html#otheralter, "the following simpler procedure"):
-- rebuilding `plays`, the parent of every other row of a play, would copy the whole history.
-- `migrate()` then bumps the schema cookie, as that procedure asks, so that every connection
-- (this one included) reads the new text.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(replace(sql,
       'CHECK (game IN (''valencia'', ''citadelles'', ''orleans'', ''splendor''))',
       'CHECK (game = ''valencia'' OR game = ''citadelles'' OR game = ''orleans'' OR game = ''splendor'')'),
       'CHECK (status IN (''in_progress'', ''finished'', ''abandoned''))',
       'CHECK (status = ''in_progress'' OR status = ''finished'' OR status = ''abandoned'')')
 WHERE type = 'table' AND name IN ('plays', 'card_values');
PRAGMA writable_schema = OFF;
