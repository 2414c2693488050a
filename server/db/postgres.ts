import pg from 'pg';
import { beginWrite, cancellationSignal, HeavyStatements, StatementCancelled, throwIfCancelled } from './cancellation';
import { GENERIC_PLAN } from './hints';
import { ListeningFeed } from './postgres-changes';
import { queryPrepared } from './postgres-prepared';
import { isReadOnlySql } from './read-only-sql';
import type { Database, Queryable, QueryResult } from './types';
import type { Logger } from '../log';

const INT8_OID = 20;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresOptions {
  databaseUrl: string;
  /** Every pooled connection gets this schema as its search_path (created when missing). */
  schema?: string;
  /** Drops `schema` with everything in it on close: for throwaway test schemas only. */
  dropSchemaOnClose?: boolean;
  /**
   * Connections per pool (default 10). A process holds two pools (statements with the generic-plan hint
   * have their own) and the change feed's connection: at most 2 × poolSize + 1 connections.
   */
  poolSize?: number;
  /** Give up connecting after this many ms (default CONNECT_TIMEOUT_MS): a request then fails with 503. */
  connectionTimeoutMillis?: number;
  logger: Logger;
}

export const CONNECT_TIMEOUT_MS = 5_000;

/** PGlite returns int8 as a number; PostgreSQL should too, so callers see one type on both engines. */
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is beyond the safe integer range`);
  return n;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const { databaseUrl, schema, dropSchemaOnClose = false, poolSize = 10, connectionTimeoutMillis = CONNECT_TIMEOUT_MS, logger } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and underscores.`);
  }

  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await admin.end();
    }
  }

  // The startup `options` parameter sets search_path before the first query on each connection,
  // so no query can ever run against the wrong schema.
  const searchPath = schema ? `-c search_path=${schema}` : '';
  // While PostgreSQL is out of reach a request fails within this time (503, unavailable.ts), never hangs.
  const connection = { connectionString: databaseUrl, types, options: searchPath, max: poolSize, connectionTimeoutMillis, keepAlive: true };
  const pool = new pg.Pool(connection);
  // Statements with the generic-plan hint (hints.ts) run on connections whose plan_cache_mode forces the
  // generic plan: PostgreSQL's automatic choice kept planning the search page anew (0.5 ms per run, as
  // long as the execution itself, pg_stat_statements at 1M listings). Connections open on first use.
  const genericPool = new pg.Pool({ ...connection, options: `${searchPath} -c plan_cache_mode=force_generic_plan` });
  for (const p of [pool, genericPool]) {
    p.on('error', (error) => logger.error('[db] idle PostgreSQL client failed', error));
    // A checked-out client whose connection drops (PostgreSQL restarted) emits 'error' besides failing its
    // statement; without a listener that would crash the process. The statement's caller sees the failure
    // and the pool discards the client on release.
    p.on('connect', (client) => client.on('error', (error) => logger.warn(`[db] PostgreSQL connection lost: ${error.message}`)));
  }
  const changes = new ListeningFeed(() => new pg.Client(connection), logger);
  await changes.start();

  /** A statement that may have changed data: counted by the change feed before the caller goes on. */
  const afterWrite = (sql: string, command: string) =>
    command === 'SELECT' && isReadOnlySql(sql) ? undefined : changes.barrier();

  // Heavy requests hold at most two of the pool's connections at a time.
  const heavy = new HeavyStatements(2);
  const pooled: Queryable = {
    query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      return heavy.run(() => pooledQuery<T>(sql, params));
    },
    async exec(sql: string) {
      beginWrite();
      await pool.query(sql);
      await changes.barrier();
    },
  };
  async function pooledQuery<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>> {
    throwIfCancelled();
    const client = await (sql.startsWith(GENERIC_PLAN) ? genericPool : pool).connect();
    const cancelling = cancelOnAbort(client);
    let result: pg.QueryResult;
    try {
      // The request's commit point when this statement writes (cancellation.ts).
      beginWrite(sql);
      result = await queryPrepared(client, sql, params, false);
    } catch (error) {
      await cancelling.done();
      // A PostgreSQL error leaves the connection usable; anything else (a broken socket) discards it.
      client.release(error instanceof pg.DatabaseError || error instanceof StatementCancelled ? undefined : (error as Error));
      throw error;
    }
    await cancelling.done();
    client.release();
    await afterWrite(sql, result.command);
    return { rows: result.rows as T[] };
  }
  /**
   * While `client` runs a statement of a request that gets stopped, PostgreSQL is asked (on another
   * connection) to cancel it. `done` waits for that request before the connection goes back to the pool,
   * so a late cancel can never hit the next statement run on it.
   */
  const cancelOnAbort = (client: pg.PoolClient) => {
    const cancellation = cancellationSignal();
    if (!cancellation) return { done: async () => undefined };
    const { signal, cancellable } = cancellation;
    let cancel: Promise<unknown> | null = null;
    const onAbort = () => {
      // A request that has begun to write is not stopped any more: its statements run to their end.
      if (!cancellable()) return;
      const pid = (client as unknown as { processID?: number }).processID;
      if (pid) cancel = pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    return {
      done: async () => {
        signal.removeEventListener('abort', onAbort);
        await cancel;
      },
    };
  };
  const inTransaction = (client: pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      throwIfCancelled();
      const result = await queryPrepared(client, sql, params, true);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });

  return {
    engine: 'postgres',
    changes,
    ...pooled,
    async transaction(fn) {
      beginWrite();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(inTransaction(client));
        await client.query('COMMIT');
        await changes.barrier();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    poolStats() {
      return [
        { pool: 'main', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
        { pool: 'generic', total: genericPool.totalCount, idle: genericPool.idleCount, waiting: genericPool.waitingCount },
      ];
    },
    async close() {
      await changes.stop();
      try {
        if (schema && dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await Promise.all([pool.end(), genericPool.end()]);
      }
    },
  };
}
