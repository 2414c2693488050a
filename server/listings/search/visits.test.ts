/** Visit counts are buffered and written by a timer of their own: a request that started the timer and was then cancelled (its client went away) must not take everybody's counts with it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { withCancellation } from '../../db/cancellation';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { FLUSH_INTERVAL_MS, recordVisit } from './visits';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.query(
    `INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code, price_in_pennies)
     VALUES (777001, 'VISIT-1', 'visit-1', '1 Main St', 'Provo', 'UT', '84601', 100)`,
  );
});
afterAll(async () => {
  await db?.close();
});

describe(`visit counts (${engineName()})`, () => {
  it('are written by their timer even when the request that recorded them was cancelled', async () => {
    const stopped = new AbortController();
    stopped.abort(new Error('client went away'));
    withCancellation(stopped.signal, () => {
      recordVisit(db, 777001);
      recordVisit(db, 777001);
    });
    await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS + 1_000));
    const { rows } = await db.query<{ visit_count: string }>('SELECT visit_count FROM listings WHERE id = 777001');
    expect(Number(rows[0]!.visit_count)).toBe(2);
  });
});
