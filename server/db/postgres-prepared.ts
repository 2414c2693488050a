/**
 * Named prepared statements on PostgreSQL (the counterpart of pglite-prepared.ts). node-postgres sends a
 * statement without a name unless told, so PostgreSQL parses, analyses and plans it on every run: at 1M
 * listings a search page spent 0.5 ms planning for 0.43 ms executing, and the map-cell and partner reads
 * twice their execution time (pg_stat_statements, bench/search.ts). Here each SQL text gets a name on
 * each pooled connection the first time it runs there, and is then only bound and executed; PostgreSQL's
 * plan cache decides, as for any prepared statement, whether a generic plan serves.
 *
 * At most MAX_PREPARED statements per connection: the least recently used is deallocated beyond that (a
 * search deep in the pages has its OFFSET in its text). node-postgres remembers which names a connection
 * has parsed (`connection.parsedStatements`); a deallocated name is removed there as well.
 */
import type pg from 'pg';

export const MAX_PREPARED = 256;

/** "cached plan must not change result type": a table changed under a prepared statement. */
const PLAN_CHANGED = '0A000';

interface ClientInternals {
  connection: { parsedStatements: Record<string, string | undefined> };
}

type Client = pg.PoolClient | pg.Client;

interface Names {
  bySql: Map<string, string>;
  next: number;
}

const perClient = new WeakMap<Client, Names>();

function namesOf(client: Client): Names {
  let names = perClient.get(client);
  if (!names) perClient.set(client, (names = { bySql: new Map(), next: 1 }));
  return names;
}

const parsed = (client: Client, name: string) =>
  (client as unknown as ClientInternals).connection.parsedStatements[name] !== undefined;

async function deallocate(client: Client, names: Names, sql: string): Promise<void> {
  const name = names.bySql.get(sql);
  if (name === undefined) return;
  names.bySql.delete(sql);
  if (!parsed(client, name)) return;
  await client.query(`DEALLOCATE ${name}`);
  delete (client as unknown as ClientInternals).connection.parsedStatements[name];
}

/**
 * Runs `sql` as a named prepared statement on `client`. `inTransaction`: a failed statement has aborted
 * the caller's transaction, so nothing is deallocated or retried on that connection until it ends.
 */
export async function queryPrepared(
  client: Client,
  sql: string,
  params: readonly unknown[],
  inTransaction: boolean,
  retried = false,
): Promise<pg.QueryResult> {
  const names = namesOf(client);
  let name = names.bySql.get(sql);
  if (name === undefined) name = `hearth_${names.next++}`;
  // Most recently used last (Map keeps insertion order).
  names.bySql.delete(sql);
  names.bySql.set(sql, name);
  let result: pg.QueryResult;
  try {
    result = await client.query({ name, text: sql, values: params as unknown[] });
  } catch (error) {
    // Not parsed (a syntax error): the name was never made; another text may take a new one.
    if (!parsed(client, name)) names.bySql.delete(sql);
    if ((error as { code?: string }).code !== PLAN_CHANGED || retried || inTransaction) throw error;
    // Prepared again from the SQL, against the tables as they are now.
    await deallocate(client, names, sql);
    return queryPrepared(client, sql, params, inTransaction, true);
  }
  while (!inTransaction && names.bySql.size > MAX_PREPARED) await deallocate(client, names, names.bySql.keys().next().value!);
  return result;
}

/** How many statements `client` holds prepared (for tests). */
export const preparedCount = (client: Client) => perClient.get(client)?.bySql.size ?? 0;
