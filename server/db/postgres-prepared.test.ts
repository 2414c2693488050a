import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineName } from '../testing/test-server';
import { MAX_PREPARED, preparedCount, queryPrepared } from './postgres-prepared';

describe.runIf(engineName() === 'PostgreSQL')('prepared statements on PostgreSQL', () => {
  let client: pg.Client;
  const prepared = async () =>
    (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time')).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it('parses a text once and then only binds and executes it', async () => {
    const sql = 'SELECT $1::int * 2 AS n';
    expect((await queryPrepared(client, sql, [21], false)).rows).toEqual([{ n: 42 }]);
    expect((await queryPrepared(client, sql, [5], false)).rows).toEqual([{ n: 10 }]);
    expect((await prepared()).filter((s) => s === sql)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_PREPARED} per connection, deallocating the least recently used`, async () => {
    const text = (i: number) => `SELECT ${i} AS n, $1::text AS t`;
    for (let i = 0; i < MAX_PREPARED + 10; i++) await queryPrepared(client, text(i), ['x'], false);
    expect(preparedCount(client)).toBe(MAX_PREPARED);
    const held = await prepared();
    expect(held).toHaveLength(MAX_PREPARED);
    expect(held).not.toContain(text(0));
    expect(held).toContain(text(MAX_PREPARED + 9));
    // The dropped one prepares again when it comes back.
    expect((await queryPrepared(client, text(0), ['y'], false)).rows).toEqual([{ n: 0, t: 'y' }]);
    expect(await prepared()).toContain(text(0));
  });

  it('leaves nothing behind for a statement that does not parse, and goes on', async () => {
    const before = preparedCount(client);
    await expect(queryPrepared(client, 'SELEC 1', [], false)).rejects.toMatchObject({ code: '42601' });
    expect(preparedCount(client)).toBe(before);
    expect((await queryPrepared(client, 'SELECT 1 AS one', [], false)).rows).toEqual([{ one: 1 }]);
  });

  it('prepares again when a table changed under a statement', async () => {
    await client.query('CREATE TEMP TABLE prepared_probe (a int)');
    await client.query('INSERT INTO prepared_probe VALUES (1)');
    const sql = 'SELECT * FROM prepared_probe WHERE a = $1';
    expect((await queryPrepared(client, sql, [1], false)).rows).toEqual([{ a: 1 }]);
    await client.query('ALTER TABLE prepared_probe ADD COLUMN b int DEFAULT 7');
    expect((await queryPrepared(client, sql, [1], false)).rows).toEqual([{ a: 1, b: 7 }]);
  });
});
