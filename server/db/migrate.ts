/**
 * Versioned migrations: `migrations/NNN_name.sql`, applied in order, each recorded with a checksum in
 * `schema_migrations`. All pending files run in one transaction under an advisory lock, so two
 * processes starting at once cannot both apply them and a failing file leaves nothing half-done.
 *
 * A change of data that needs a rule SQL does not have (reading phone numbers with libphonenumber: 340) is a
 * `NNN_name.ts` migration instead: its default export gets the transaction, in the same order and under the same
 * checksum rule (its source is what is checksummed). It is imported only when it is about to run.
 *
 * In production a start does not migrate (issue 37): `npm run setup` (or `MIGRATE=1 npm start`) does, once per
 * deploy; a start reads `migrationStatus` and refuses while migrations are pending (server/db/setup.ts).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database, Queryable } from './types';

const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.(sql|ts)$/;

export interface Migration {
  name: string;
  /** The SQL of a `.sql` migration; the source of a `.ts` one (checksummed, not run). */
  sql: string;
  checksum: string;
  /** A `.ts` migration's file. */
  module?: string;
}

/** What a `NNN_name.ts` migration exports as default. */
export type DataMigration = (tx: Queryable) => Promise<void>;

export async function loadMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql') || (f.endsWith('.ts') && !f.endsWith('.test.ts'))).sort();
  const seen = new Set<string>();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file "${file}" must be named NNN_lower_snake_name.sql`);
    const version = match[1]!;
    if (seen.has(version)) throw new Error(`Two migrations share the version ${version}`);
    seen.add(version);
    const sql = await readFile(join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    migrations.push(file.endsWith('.ts') ? { name: file, sql, checksum, module: join(dir, file) } : { name: file, sql, checksum });
  }
  return migrations;
}

/** Applies pending migrations; returns the names it applied (empty when up to date). */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  const migrations = await loadMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':hearth_migrations'))`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations');
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));

    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        // An edited migration would leave databases that ran the old text silently different.
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} changed after it was applied. Add a new migration instead of editing it.`,
          );
        }
        continue;
      }
      if (migration.module) {
        const run = ((await import(pathToFileURL(migration.module).href)) as { default: DataMigration }).default;
        await run(tx);
      } else await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      done.push(migration.name);
    }
    return done;
  });
}

/**
 * Where the database stands against the code's migrations, without changing anything: `pending` the code's
 * migrations not applied yet (all of them on an empty database), `unknown` migrations the database has that this
 * code does not (a newer release migrated it), `changed` applied ones whose file was edited since.
 */
export interface MigrationStatus {
  pending: string[];
  unknown: string[];
  changed: string[];
}

export async function migrationStatus(db: Queryable, dir: string): Promise<MigrationStatus> {
  const migrations = await loadMigrations(dir);
  const { rows: table } = await db.query<{ name: string | null }>(`SELECT to_regclass('schema_migrations')::text AS name`);
  const applied = new Map<string, string>();
  if (table[0]?.name) {
    const { rows } = await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations');
    for (const row of rows) applied.set(row.name, row.checksum);
  }
  const known = new Set(migrations.map((m) => m.name));
  return {
    pending: migrations.filter((m) => !applied.has(m.name)).map((m) => m.name),
    unknown: [...applied.keys()].filter((name) => !known.has(name)).sort(),
    changed: migrations.filter((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum).map((m) => m.name),
  };
}
