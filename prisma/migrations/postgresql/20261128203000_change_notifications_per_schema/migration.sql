-- Change notifications name the schema as well as the table ("<schema>.<table>"): instances of separate deployments
-- that share one PostgreSQL database in different schemas (the `schema` parameter of DATABASE_URL) hear the same
-- channel, and each forgets its remembered rows only for a change in its own schema (src/db/lean-reads.ts).
-- The body is written with \073 for its semicolons: the driver adapter that applies migrations splits a script at each semicolon.
CREATE OR REPLACE FUNCTION "patchbay_notify_change"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''patchbay_change'', TG_TABLE_SCHEMA || ''.'' || TG_TABLE_NAME)\073 RETURN NULL\073 END';
