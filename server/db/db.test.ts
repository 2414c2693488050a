import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { seed } from '../seed';
import { engineName, openTestDatabase } from '../testing/test-server';
import { loadMigrations, migrate } from './migrate';
import type { Database } from './types';

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
    await seed(db);
    await seed(db);
    const { rows } = await db.query<{ slug: string }>('SELECT slug FROM partners ORDER BY slug');
    expect(rows.map((r) => r.slug)).toEqual(['acme', 'default', 'summit']);
    const listings = await db.query<{ id: number }>('SELECT id FROM listings ORDER BY id');
    expect(listings.rows.map((r) => r.id)).toEqual([1001, 1002, 1003]);
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
});
