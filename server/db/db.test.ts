import { execFile } from 'node:child_process';
import pg from 'pg';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../paths';
import { seed } from '../seed';
import { engineName, openTestDatabase } from '../testing/test-server';
import { VersionedCache, type ChangeKind } from './changes';
import { GENERIC_PLAN } from './hints';
import type { ListeningFeed } from './postgres-changes';
import { isReadOnlySql } from './read-only-sql';
import { openDatabase } from './index';
import { loadMigrations, migrate } from './migrate';
import type { Database, Queryable } from './types';

const run = promisify(execFile);

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe(`database (${engineName()})`, () => {
  it('records every migration once, and a second run applies nothing', async () => {
    const files = (await loadMigrations(paths.migrations)).map((m) => m.name);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(files);
    expect(await migrate(db, paths.migrations)).toEqual([]);
  });

  it('refuses to start when an applied migration was edited', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hearth-migrations-'));
    try {
      const [first] = await loadMigrations(paths.migrations);
      await writeFile(join(dir, first!.name), `${first!.sql}\n-- edited`);
      await expect(migrate(db, dir)).rejects.toThrow(/changed after it was applied/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('applies a new migration file and rolls all pending ones back when one fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hearth-migrations-'));
    try {
      for (const m of await loadMigrations(paths.migrations)) await writeFile(join(dir, m.name), m.sql);
      await writeFile(join(dir, '900_good.sql'), 'CREATE TABLE migration_probe (id int);');
      await writeFile(join(dir, '901_bad.sql'), 'CREATE TABLE broken (;');
      await expect(migrate(db, dir)).rejects.toThrow();
      const { rows } = await db.query("SELECT 1 FROM schema_migrations WHERE name = '900_good.sql'");
      expect(rows).toHaveLength(0);
      await rm(join(dir, '901_bad.sql'));
      expect(await migrate(db, dir)).toEqual(['900_good.sql']);
      await db.query('DROP TABLE migration_probe');
      await db.query("DELETE FROM schema_migrations WHERE name = '900_good.sql'");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rolls a transaction back when its function throws', async () => {
    await seed(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE partners SET name = 'Changed' WHERE slug = 'acme'`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const { rows } = await db.query<{ name: string }>(`SELECT name FROM partners WHERE slug = 'acme'`);
    expect(rows[0]!.name).toBe('Acme Realty');
  });

  it('seeds idempotently', async () => {
    const demoListings = async () => (await db.query<{ id: number; source: string }>('SELECT id, source FROM listings ORDER BY id')).rows;
    await seed(db);
    const once = await demoListings();
    await seed(db);
    const { rows } = await db.query<{ slug: string }>('SELECT slug FROM partners ORDER BY slug');
    expect(rows.map((r) => r.slug)).toEqual(['acme', 'default', 'summit']);
    // The demo accounts' three listings, the home value's demo sales and the demo rentals and stays: once each.
    expect(await demoListings()).toEqual(once);
    expect(once.map((r) => r.id).slice(0, 3)).toEqual([1001, 1002, 1003]);
    // Besides the demo seller's case for photo management (a seller listing, numbered from 900000000).
    expect(once.every((r) => (Number(r.id) >= 900_000_000 ? r.source === 'seller' : r.source === 'demo'))).toBe(true);
  });

  it('stores only hashes of the demo API keys', async () => {
    const { rows } = await db.query<{ api_key_hash: string | null }>(`SELECT api_key_hash FROM partners WHERE slug = 'acme'`);
    expect(rows[0]!.api_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.api_key_hash).not.toContain('dev-acme-key');
  });

  it('maps column types the same way on every engine', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT 48900000::bigint AS pennies, ARRAY['a.example']::text[] AS domains, '{"a":1}'::jsonb AS context,
              now() AS at, 12.5::numeric AS amount`,
    );
    expect(rows[0]).toEqual({ pennies: 48900000, domains: ['a.example'], context: { a: 1 }, at: expect.any(Date), amount: '12.5' });
  });

  it('keeps PostgreSQL error fields (code, constraint) across engines', async () => {
    const failure = db.query(`INSERT INTO partners SELECT * FROM partners WHERE slug = 'acme'`);
    await expect(failure).rejects.toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
  });

  it('keeps concurrent transactions apart, each seeing its own writes', async () => {
    const rename = (name: string) =>
      db.transaction(async (tx) => {
        await tx.query(`UPDATE partners SET name = $1 WHERE slug = 'summit'`, [name]);
        const { rows } = await tx.query<{ name: string }>(`SELECT name FROM partners WHERE slug = 'summit'`);
        return rows[0]!.name;
      });
    expect(await Promise.all([rename('One'), rename('Two'), rename('Three')])).toEqual(['One', 'Two', 'Three']);
    // PGlite runs them one after another; PostgreSQL in whatever order the row lock grants.
    const { rows } = await db.query<{ name: string }>(`SELECT name FROM partners WHERE slug = 'summit'`);
    expect(['One', 'Two', 'Three']).toContain(rows[0]!.name);
  });
});

describe(`the generic-plan hint (${engineName()})`, () => {
  const mode = async (q: Queryable = db) => (await q.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]!.plan_cache_mode;

  it('answers as without it, and leaves the session’s plan mode as it was, also after an error', async () => {
    const sql = `${GENERIC_PLAN} SELECT $1::int + 1 AS n, $2::text AS t`;
    for (let i = 0; i < 3; i++) expect((await db.query(sql, [41 + i, 'x'])).rows).toEqual([{ n: 42 + i, t: 'x' }]);
    expect(await mode()).toBe('auto');
    await expect(db.query(`${GENERIC_PLAN} SELECT 1 / $1::int AS n`, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await mode()).toBe('auto');
    const inside = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ n: number }>(sql, [1, 'y']);
      return { n: rows[0]!.n, mode: await mode(tx) };
    });
    expect(inside).toEqual({ n: 2, mode: 'auto' });
  });
});

describe(`change feed (${engineName()})`, () => {
  const version = (kind: ChangeKind) => db.changes!.version(kind);

  it('counts a change before the statement that made it returns', async () => {
    const before = version('partners');
    await db.query(`UPDATE partners SET name = name WHERE slug = 'acme'`);
    expect(version('partners')).toBeGreaterThan(before);
    const search = version('search');
    await db.query(`UPDATE listings SET price_in_pennies = price_in_pennies + 1 WHERE id = 1001`);
    expect(version('search')).toBeGreaterThan(search);
    const again = version('search');
    await db.exec(`UPDATE listings SET price_in_pennies = price_in_pennies - 1 WHERE id = 1001`);
    expect(version('search')).toBeGreaterThan(again);
  });

  it('counts concurrent changes, each before its statement returns', async () => {
    const before = version('partners');
    const seen = await Promise.all(
      Array.from({ length: 6 }, async () => {
        await db.query(`UPDATE partners SET name = name WHERE slug = 'acme'`);
        return version('partners');
      }),
    );
    for (const v of seen) expect(v).toBeGreaterThan(before);
    expect(version('partners')).toBe(before + 6);
  });

  it('counts a transaction’s changes at commit, and none when it rolls back', async () => {
    let before = version('partners');
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE partners SET name = name WHERE slug = 'acme'`);
      expect(version('partners')).toBe(before);
    });
    expect(version('partners')).toBeGreaterThan(before);
    before = version('partners');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE partners SET name = name WHERE slug = 'acme'`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(version('partners')).toBe(before);
  });

  it('leaves versions alone on reads and on changes of other tables', async () => {
    const before = [version('search'), version('partners')];
    await db.query('SELECT * FROM listings');
    await db.query(`UPDATE listings SET visit_count = visit_count + 1 WHERE id = 1001`);
    expect([version('search'), version('partners')]).toEqual(before);
  });
});

describe.runIf(engineName() === 'PostgreSQL')('change feed (PostgreSQL: a listening connection)', () => {
  const version = (kind: ChangeKind) => db.changes!.version(kind);
  const otherConnection = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return client;
  };
  const schemaOf = async () => (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
  const soon = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return check();
  };

  it('waits for the feed after writes only, a read costs no extra round trip', async () => {
    const feed = db.changes as ListeningFeed;
    const barrier = vi.spyOn(feed, 'barrier');
    try {
      await db.query('SELECT count(*) FROM listings');
      await db.query(`${GENERIC_PLAN} WITH m AS MATERIALIZED (SELECT id FROM listings) SELECT count(*) FROM m`);
      expect(barrier).not.toHaveBeenCalled();
      await db.query(`WITH x AS (UPDATE partners SET name = name WHERE slug = 'acme' RETURNING 1) SELECT count(*) FROM x`);
      expect(barrier).toHaveBeenCalledTimes(1);
      await db.query(`UPDATE listings SET visit_count = visit_count WHERE id = 1001`);
      expect(barrier).toHaveBeenCalledTimes(2);
    } finally {
      barrier.mockRestore();
    }
    expect(isReadOnlySql('SELECT updated_at FROM users')).toBe(true);
    expect(isReadOnlySql('INSERT INTO x SELECT 1')).toBe(false);
  });

  it('opens at most poolSize connections per pool', async () => {
    const small = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      schema: `test_pool_${process.pid}`,
      dropSchemaOnClose: true,
      poolSize: 2,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, async () => (await small.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')).rows[0]!.pid),
      );
      expect(new Set(pids).size).toBeLessThanOrEqual(2);
    } finally {
      await small.close();
    }
  });

  it('hears another connection’s change a moment after its commit', async () => {
    const schema = await schemaOf();
    const other = await otherConnection();
    try {
      const before = version('partners');
      await other.query(`UPDATE "${schema}".partners SET name = name WHERE slug = 'acme'`);
      expect(await soon(() => version('partners') > before)).toBe(true);
    } finally {
      await other.end();
    }
  });

  it('counts only its own schema’s changes', async () => {
    const other = await otherConnection();
    const before = [version('search'), version('partners')];
    try {
      await other.query(`SELECT pg_notify('hearth_changes', 'some_other_schema:partners')`);
      await other.query(`SELECT pg_notify('hearth_changes', 'some_other_schema:search')`);
      // A change of our own after them: once it is counted, theirs have arrived too (one channel, in order).
      await other.query(`SELECT pg_notify('hearth_changes', $1)`, [`${await schemaOf()}:search`]);
      expect(await soon(() => version('search') > before[0]!)).toBe(true);
      expect([version('search'), version('partners')]).toEqual([before[0]! + 1, before[1]]);
    } finally {
      await other.end();
    }
  });

  it('serves nothing from memory while its connection is lost, and counts everything as changed once back', async () => {
    const feed = db.changes as ListeningFeed;
    const before = version('partners');
    expect(feed.backendPid).toEqual(expect.any(Number));
    await db.query('SELECT pg_terminate_backend($1::int)', [feed.backendPid]);
    expect(await soon(() => !feed.isListening)).toBe(true);
    const cache = new VersionedCache<number>('partners', 10);
    let loads = 0;
    await cache.read(db, 'k', async () => ++loads);
    await cache.read(db, 'k', async () => ++loads);
    expect(loads).toBe(2);
    expect(await soon(() => feed.isListening)).toBe(true);
    expect(version('partners')).toBeGreaterThan(before);
    await cache.read(db, 'k', async () => ++loads);
    await cache.read(db, 'k', async () => ++loads);
    expect(loads).toBe(3);
  });
});

describe('VersionedCache', () => {
  it('answers from memory until the kind changes, and loads every time without a feed', async () => {
    const cache = new VersionedCache<string>('partners', 10);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    const first = await cache.read(db, 'k', load);
    const second = await cache.read(db, 'k', load);
    expect(second).toBe(first);
    await db.query(`UPDATE partners SET name = name WHERE slug = 'acme'`);
    expect(await cache.read(db, 'k', load)).not.toBe(first);
    await db.transaction(async (tx) => {
      // Inside a transaction nothing is cached: its changes are not yet anyone else's.
      expect(await cache.read(tx, 'k', load)).not.toBe(await cache.read(tx, 'k', load));
    });
  });

  it('keeps at most maxEntries per database, dropping the least recently used', async () => {
    const cache = new VersionedCache<number>('partners', 2);
    let loads = 0;
    const read = (key: string) => cache.read(db, key, async () => ++loads);
    await read('a');
    await read('b');
    await read('a');
    await read('c');
    const before = loads;
    await read('a');
    await read('c');
    expect(loads - before).toBe(0);
    await read('b');
    expect(loads - before).toBe(1);
  });
});

describe.runIf(engineName() === 'PGlite')('the database thread', () => {
  it('lets a script that never closes the database exit', async () => {
    const script = `import { openPglite } from ${JSON.stringify(new URL('./pglite.ts', import.meta.url).href)};
      const db = await openPglite('memory://');
      const { rows } = await db.query('SELECT 41 + 1 AS n');
      console.log(rows[0].n);`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 120_000 });
    expect(stdout.trim()).toBe('42');
  }, 150_000);
});
