import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../seed';
import { engineName, openTestDatabase } from '../testing/test-server';
import { runMaintenance } from './maintenance';
import type { Database } from './types';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await seed(db);
});
afterAll(async () => {
  await db?.close();
});

const allVisiblePages = async () =>
  (await db.query<{ n: number }>(`SELECT relallvisible::int AS n FROM pg_class WHERE relname = 'listings' AND relnamespace = current_schema()::regnamespace`)).rows[0]!.n;

describe(`table upkeep (${engineName()})`, () => {
  it('vacuums: pages whose rows changed are all-visible again (the search’s index-only scans need that)', async () => {
    await db.query('UPDATE listings SET visit_count = visit_count + 1');
    await db.exec('ANALYZE listings');
    expect(await allVisiblePages()).toBe(0);
    await runMaintenance(db);
    expect(await allVisiblePages()).toBeGreaterThan(0);
  });
});
