/**
 * vitest globalSetup: one migrated embedded database, made once per set of migrations and kept in the
 * temp folder. Every in-memory PGlite a test opens starts from its dump (server/db/memory-snapshots.ts)
 * instead of running initdb and every migration again. From it, once per run, the same database with the demo
 * data seeded (server/seed): each test server starts from that one (server/testing/test-server.ts), and its own
 * seed, which leaves existing rows alone, finds everything there — a fraction of a second instead of the seconds
 * the seeding takes. Made anew each run (the demo data is dated from today), removed at its end. Skipped when the
 * server tests run on PostgreSQL (DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db';
import { MEMORY_SNAPSHOT_VARIABLE, SEEDED_MEMORY_SNAPSHOT_VARIABLE, SEEDED_UPLOADS_VARIABLE } from '../../server/db/memory-snapshots';
import { paths } from '../../server/paths';

/** The migrations' text and PGlite's version: the same key, the same dump (kept between runs in the temp folder). */
function snapshotKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(paths.migrations).sort()) hash.update(file).update(readFileSync(`${paths.migrations}/${file}`));
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL || process.env[MEMORY_SNAPSHOT_VARIABLE]) return undefined;
  const file = join(tmpdir(), `hearth-pglite-migrated-${snapshotKey()}.tar`);
  if (!existsSync(file)) {
    const dir = await mkdtemp(join(tmpdir(), 'hearth-pglite-snapshot-'));
    try {
      const dataDir = join(dir, 'data');
      const db = await openDatabase({ dataDir, logger: { info: () => undefined, warn: console.warn, error: console.error } });
      await db.close();
      const pg = new PGlite(dataDir);
      await pg.waitReady;
      const dump = await pg.dumpDataDir('none');
      await pg.close();
      // Written aside and renamed: two runs starting at once never read half a file.
      const partial = join(dir, 'migrated.tar');
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  process.env[MEMORY_SNAPSHOT_VARIABLE] = file;
  return seededSnapshot();
}

/** The migrated dump with the demo data seeded, for this run: sets SEEDED_MEMORY_SNAPSHOT_VARIABLE; returns its removal. */
async function seededSnapshot(): Promise<() => Promise<void>> {
  // The demo accounts' passwords at the tests' cost, as each test server would have hashed them (vitest.setup.ts).
  process.env.HEARTH_TEST_PASSWORD_COST = 'low';
  const { seed } = await import('../../server/seed');
  const { seedUploadsDir } = await import('../../server/testing/test-server');
  const dir = await mkdtemp(join(tmpdir(), 'hearth-pglite-seeded-'));
  const db = await openDatabase({ dataDir: 'memory://', logger: { info: () => undefined, warn: console.warn, error: console.error } });
  try {
    await seed(db);
    // Unzipped once here rather than by each of the run's test servers.
    await writeFile(join(dir, 'seeded.tar'), gunzipSync(await db.dumpDataDir!()));
  } finally {
    await db.close();
  }
  process.env[SEEDED_MEMORY_SNAPSHOT_VARIABLE] = join(dir, 'seeded.tar');
  process.env[SEEDED_UPLOADS_VARIABLE] = seedUploadsDir();
  return () => rm(dir, { recursive: true, force: true });
}
