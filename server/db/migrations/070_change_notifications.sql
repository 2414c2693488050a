-- Change notifications (issue 3, DESIGN §5 search API): what the server may keep in memory between
-- requests, it keeps only until the data behind it changes. Every statement that changes
--   'search'   — what a public search can return (the statements that bump search_generation, 060), or
--   'partners' — a partner's slug, domains, allowed origins or app context,
-- sends NOTIFY hearth_changes with that word. Statement-level, and PostgreSQL folds a transaction's
-- identical notifications into one, delivered at commit.
-- The embedded database (PGlite, one connection in this process) delivers them before the statement
-- that caused them returns, so the server's caches (server/db/changes.ts) are never stale there.
CREATE OR REPLACE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_generation SET generation = generation + 1;
  PERFORM pg_notify('hearth_changes', 'search');
  RETURN NULL;
END $$;

CREATE FUNCTION partners_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hearth_changes', 'partners');
  RETURN NULL;
END $$;

CREATE TRIGGER partners_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partners
  FOR EACH STATEMENT EXECUTE FUNCTION partners_changed();
