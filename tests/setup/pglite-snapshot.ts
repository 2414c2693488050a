/**
 * vitest globalSetup: one migrated embedded database for the whole run. Every in-memory PGlite a test
 * opens then starts from its dump (server/db/pglite-thread.ts) instead of running initdb and every
 * migration again. Skipped when the server tests run on PostgreSQL (DATABASE_URL).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db';
import { MEMORY_SNAPSHOT_VARIABLE } from '../../server/db/pglite-thread';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL || process.env[MEMORY_SNAPSHOT_VARIABLE]) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'hearth-pglite-snapshot-'));
  const dataDir = join(dir, 'data');
  const db = await openDatabase({ dataDir, logger: { info: () => undefined, warn: console.warn, error: console.error } });
  await db.close();
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[MEMORY_SNAPSHOT_VARIABLE] = file;
  return async () => {
    delete process.env[MEMORY_SNAPSHOT_VARIABLE];
    await rm(dir, { recursive: true, force: true });
  };
}
