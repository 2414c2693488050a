import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './index';
import { asHeavy, HeavyStatements, RequestWrites, StatementCancelled, withCancellation } from './cancellation';
import { engineName, openTestDatabase } from '../testing/test-server';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe(`statements of a stopped request (${engineName()})`, () => {
  it('are not run once the signal is aborted, and others still are', async () => {
    const stop = new AbortController();
    const ran: number[] = [];
    const run = withCancellation(stop.signal, async () => {
      for (let i = 0; i < 1_000; i++) {
        const { rows } = await db.query<{ n: number }>('SELECT $1::int AS n', [i]);
        ran.push(rows[0]!.n);
        if (i === 4) stop.abort(new Error('client gone'));
      }
    });
    await expect(run).rejects.toBeInstanceOf(StatementCancelled);
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    // Outside the stopped request nothing changes.
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('roll a transaction back when stopped inside it', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS cancellation_probe (n int)');
    const stop = new AbortController();
    const run = withCancellation(stop.signal, () =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO cancellation_probe VALUES (1)');
        stop.abort();
        await tx.query('INSERT INTO cancellation_probe VALUES (2)');
      }),
    );
    await expect(run).rejects.toBeInstanceOf(StatementCancelled);
    expect((await db.query('SELECT * FROM cancellation_probe')).rows).toEqual([]);
  });

  it('refuse the first write of a request stopped before it, and run the rest of one stopped after it', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS commit_point_probe (n int)');
    const early = new AbortController();
    const none = new RequestWrites();
    await withCancellation(
      early.signal,
      async () => {
        await db.query('SELECT 1');
        early.abort();
        await expect(db.query('INSERT INTO commit_point_probe VALUES (1)')).rejects.toBeInstanceOf(StatementCancelled);
        await expect(db.transaction((tx) => tx.query('INSERT INTO commit_point_probe VALUES (1)'))).rejects.toBeInstanceOf(StatementCancelled);
      },
      none,
    );
    expect(none.begun).toBe(false);

    const late = new AbortController();
    const some = new RequestWrites();
    const counted = await withCancellation(
      late.signal,
      async () => {
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO commit_point_probe VALUES (2)');
          late.abort();
          await tx.query('INSERT INTO commit_point_probe VALUES (3)');
        });
        // Reads after the commit run too: the request answers what it did.
        return db.query<{ n: number }>('SELECT count(*)::int AS n FROM commit_point_probe');
      },
      some,
    );
    expect(some.begun).toBe(true);
    expect(counted.rows).toEqual([{ n: 2 }]);
    expect((await db.query('SELECT n FROM commit_point_probe ORDER BY n')).rows).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it.runIf(process.env.DATABASE_URL)('cancel the statement running on PostgreSQL, and the connection serves the next one', async () => {
    const stop = new AbortController();
    const sleeping = withCancellation(stop.signal, () => db.query('SELECT pg_sleep(30)'));
    setTimeout(() => stop.abort(), 200);
    await expect(sleeping).rejects.toMatchObject({ code: '57014' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => db.query<{ n: number }>('SELECT $1::int AS n', [i])));
    expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});

describe('HeavyStatements', () => {
  it('lets one heavy statement run at a time and others straight through', async () => {
    const gate = new HeavyStatements(1);
    const log: string[] = [];
    let finishFirst!: () => void;
    const first = asHeavy(() =>
      gate.run(
        () =>
          new Promise<void>((resolve) => {
            log.push('heavy 1 starts');
            finishFirst = () => {
              log.push('heavy 1 ends');
              resolve();
            };
          }),
      ),
    );
    const second = asHeavy(() => gate.run(async () => void log.push('heavy 2 runs')));
    await gate.run(async () => void log.push('light runs'));
    expect(log).toEqual(['heavy 1 starts', 'light runs']);
    finishFirst();
    await Promise.all([first, second]);
    expect(log).toEqual(['heavy 1 starts', 'light runs', 'heavy 1 ends', 'heavy 2 runs']);
  });
});
