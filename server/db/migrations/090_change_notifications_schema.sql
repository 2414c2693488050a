-- Change notifications name the schema of the table that changed (issue 3, server/db/postgres-changes.ts):
-- PostgreSQL delivers NOTIFY to every listener of the database, and several schemas may share one
-- (parallel test files, a benchmark beside the site). The payload is '<schema>:<kind>'; a process counts
-- only its own schema's changes.
CREATE OR REPLACE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_generation SET generation = generation + 1;
  PERFORM pg_notify('hearth_changes', TG_TABLE_SCHEMA || ':search');
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION partners_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hearth_changes', TG_TABLE_SCHEMA || ':partners');
  RETURN NULL;
END $$;
