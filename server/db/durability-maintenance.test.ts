/**
 * The embedded database's directory under the worst moments (issue 22, durability):
 *   - kill -9 in the middle of VACUUM, VACUUM FULL or CHECKPOINT while 10 clients write leads: after each
 *     restart the directory opens by itself, every acknowledged lead is there and whole;
 *   - a damaged directory at start (truncated pg_control, truncated WAL, PG_VERSION gone): the server
 *     exits non-zero with a message naming the directory and the recovery path — never an empty database.
 * HEARTH_DURABILITY=long runs more kills. The child processes are server/testing/maintenance-child.ts and
 * server/testing/durable-child.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { engineName } from '../testing/test-server';
import { openPglite } from './pglite';

const KILLS = process.env.HEARTH_DURABILITY === 'long' ? 8 : 2;
const CLIENTS = 10;
const MAINTENANCE_CHILD = new URL('../testing/maintenance-child.ts', import.meta.url).pathname;
const DURABLE_CHILD = new URL('../testing/durable-child.ts', import.meta.url).pathname;

function random(seed: number) {
  let state = seed >>> 0;
  return () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

interface Child {
  child: ChildProcess;
  url: string;
  /** Resolves when the child announces its `n`-th maintenance statement, with that statement. */
  statement(n: number): Promise<string>;
}

async function startChild(script: string, dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  const lines = createInterface({ input: child.stdout! });
  const statements: string[] = [];
  const waiting: { n: number; resolve: (s: string) => void }[] = [];
  let resolveUrl: (url: string) => void;
  const listening = new Promise<string>((resolve) => (resolveUrl = resolve));
  lines.on('line', (line) => {
    if (line.startsWith('{')) resolveUrl((JSON.parse(line) as { url: string }).url);
    else if (line.startsWith('maintenance ')) {
      statements.push(line.slice('maintenance '.length));
      for (const w of waiting.filter((w) => w.n <= statements.length)) w.resolve(statements[w.n - 1]!);
    }
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The server exited (code ${code}) before listening: ${stderr}`);
  });
  const url = await Promise.race([listening, exited]);
  return {
    child,
    url,
    statement: (n) => new Promise((resolve) => (n <= statements.length ? resolve(statements[n - 1]!) : waiting.push({ n, resolve }))),
  };
}

/** Runs the server on `dataDir` until it exits by itself: its exit code and error output. */
async function failedStart(dataDir: string): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', DURABLE_CHILD, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  child.stdout!.on('data', (data: Buffer) => (stdout += data.toString()));
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timeout);
  if (stdout.includes('"url"')) throw new Error(`The server started on a damaged directory: ${stdout}`);
  return { code, stderr, ms: performance.now() - started };
}

describe.runIf(engineName() === 'PGlite')('the PGlite data directory', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it(`survives ${KILLS} kill -9 in the middle of VACUUM and CHECKPOINT with every acknowledged lead whole`, async () => {
    root = await mkdtemp(join(tmpdir(), 'hearth-maintenance-kill-'));
    const dataDir = join(root, 'pglite');
    const next = random(2207);
    const acknowledged = new Set<string>();
    const killedDuring: string[] = [];
    let attempts = 0;

    for (let round = 0; round < KILLS; round++) {
      const { child, url, statement } = await startChild(MAINTENANCE_CHILD, dataDir);
      let stop = false;
      const client = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const marker = `m${round}-c${n}-${i}`;
          attempts++;
          try {
            const answer = await fetch(`${url}/v1/api/contact-form/?partner=acme`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ firstName: 'Vacuum', lastName: marker, email: `${marker}@example.com`, phone: '8015550123', comment: 'Mid-checkpoint.', listingId: 1001 }),
            });
            if (answer.status === 201) acknowledged.add(marker);
          } catch {
            return;
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      // Kill just after a maintenance statement started: the 3rd to 8th, then 0–80 ms in.
      const during = await statement(3 + Math.floor(next() * 6));
      await new Promise((resolve) => setTimeout(resolve, next() * 80));
      child.kill('SIGKILL');
      killedDuring.push(during);
      stop = true;
      await once(child, 'exit');
      await Promise.all(clients);
    }

    const db = await openPglite(dataDir);
    try {
      const { rows } = await db.query<{ last_name: string; listing_id: number | null; mails: number }>(
        `SELECT l.last_name, l.listing_id,
                (SELECT count(*)::int FROM outbox o WHERE o.subject LIKE '%Vacuum ' || l.last_name) AS mails
           FROM leads l WHERE l.first_name = 'Vacuum'`,
      );
      const stored = new Map(rows.map((r) => [r.last_name, r]));
      const missing = [...acknowledged].filter((marker) => !stored.has(marker));
      const partial = rows.filter((r) => r.listing_id !== 1001 || r.mails !== 1);
      // The whole database still reads and vacuums: no damaged page anywhere.
      await db.exec('VACUUM (ANALYZE)');
      console.log(
        `maintenance kills: ${KILLS} (during ${killedDuring.join(', ')}), ${attempts} requests, ${acknowledged.size} acknowledged, ${rows.length} stored, ${missing.length} lost, ${partial.length} half-written`,
      );
      expect(acknowledged.size).toBeGreaterThan(0);
      expect(missing).toEqual([]);
      expect(partial).toEqual([]);
    } finally {
      await db.close();
    }
  }, 900_000);

  describe('damaged at start', () => {
    let pristine = '';
    const damaged = async (name: string, damage: (dir: string) => Promise<void>) => {
      if (!pristine) {
        // A real directory, written by a server and closed cleanly (the first test's, or a new one).
        pristine = join(root || (root = await mkdtemp(join(tmpdir(), 'hearth-maintenance-kill-'))), 'pristine');
        const db = await openPglite(pristine);
        await db.exec('CREATE TABLE IF NOT EXISTS marker (id int); CHECKPOINT');
        await db.close();
      }
      const dir = join(root, name);
      await cp(pristine, dir, { recursive: true });
      await damage(dir);
      return dir;
    };

    it.each([
      ['a truncated pg_control', (dir: string) => truncate(join(dir, 'global', 'pg_control'), 100)],
      [
        'a truncated WAL',
        async (dir: string) => {
          for (const file of await readdir(join(dir, 'pg_wal'))) if (/^[0-9A-F]{24}$/.test(file)) await truncate(join(dir, 'pg_wal', file), 1000);
        },
      ],
      ['PG_VERSION gone (PGlite would initdb an empty database over it)', (dir: string) => rm(join(dir, 'PG_VERSION'))],
    ])('%s: exits non-zero naming the directory and how to restore', async (name, damage) => {
      const dir = await damaged(name.split(' ').slice(0, 3).join('-').replace(/[^a-z-]/gi, ''), damage);
      const { code, stderr } = await failedStart(dir);
      expect(code).not.toBe(0);
      expect(stderr).toContain(`The embedded database in ${dir} cannot be used`);
      expect(stderr).toContain('npm run restore -- <backup folder>');
      expect(stderr).toContain('docs/operations.md');
      // Nothing was written there: still no PG_VERSION where it was missing, and the lock is given back.
      if (name.startsWith('PG_VERSION')) expect((await readdir(dir)).includes('PG_VERSION')).toBe(false);
      expect((await readdir(root)).filter((f) => f.endsWith('.lock') && f.startsWith(dir.slice(root.length + 1)))).toEqual([]);
    }, 120_000);
  });
});
