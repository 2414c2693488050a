/**
 * Versioned migrations: `migrations/NNN_name.sql`, applied in order, each recorded with a checksum in
 * `schema_migrations`. All pending files run in one transaction under an advisory lock, so two
 * processes starting at once cannot both apply them and a failing file leaves nothing half-done.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './types';

const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function loadMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const seen = new Set<string>();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file "${file}" must be named NNN_lower_snake_name.sql`);
    const version = match[1]!;
    if (seen.has(version)) throw new Error(`Two migrations share the version ${version}`);
    seen.add(version);
    const sql = await readFile(join(dir, file), 'utf8');
    migrations.push({ name: file, sql, checksum: createHash('sha256').update(sql).digest('hex') });
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
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      done.push(migration.name);
    }
    return done;
  });
}
