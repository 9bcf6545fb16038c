-- Table mode: a phone no longer takes a seat another phone holds by itself; it asks,
-- and the host or the holding phone answers. The seat it asks for while it waits (NULL: none).
ALTER TABLE table_devices ADD COLUMN asks_for INTEGER;
