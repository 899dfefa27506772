-- Change notifications for the rows every request reads (src/db/lean-reads.ts): each instance remembers keys,
-- connections and app settings it has read, and forgets them when any statement changes one of these tables, here or
-- in another instance. One notification per statement, sent when its transaction commits (PostgreSQL folds repeats).
-- The body is written with \073 for its semicolons: the driver adapter that applies migrations splits a script at each semicolon.
CREATE FUNCTION "patchbay_notify_change"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''patchbay_change'', TG_TABLE_NAME)\073 RETURN NULL\073 END';

CREATE TRIGGER "ApiKey_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ApiKey" FOR EACH STATEMENT EXECUTE FUNCTION "patchbay_notify_change"();
CREATE TRIGGER "Account_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Account" FOR EACH STATEMENT EXECUTE FUNCTION "patchbay_notify_change"();
CREATE TRIGGER "Connection_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Connection" FOR EACH STATEMENT EXECUTE FUNCTION "patchbay_notify_change"();
CREATE TRIGGER "AppConfig_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "AppConfig" FOR EACH STATEMENT EXECUTE FUNCTION "patchbay_notify_change"();
CREATE TRIGGER "CustomConnector_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "CustomConnector" FOR EACH STATEMENT EXECUTE FUNCTION "patchbay_notify_change"();
