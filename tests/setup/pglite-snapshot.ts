/**
 * vitest globalSetup: one migrated embedded database, made once per set of migrations and kept in the
 * temp folder. Every in-memory PGlite a test opens starts from its dump (server/db/pglite-thread.ts)
 * instead of running initdb and every migration again. Skipped when the server tests run on PostgreSQL
 * (DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db';
import { MEMORY_SNAPSHOT_VARIABLE } from '../../server/db/pglite-thread';
import { paths } from '../../server/paths';

/** The migrations' text and PGlite's version: the same key, the same dump (kept between runs in the temp folder). */
function snapshotKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(paths.migrations).sort()) hash.update(file).update(readFileSync(`${paths.migrations}/${file}`));
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL || process.env[MEMORY_SNAPSHOT_VARIABLE]) return;
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
}
