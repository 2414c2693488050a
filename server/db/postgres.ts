import pg from 'pg';
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
  logger: Logger;
}

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
  const { databaseUrl, schema, dropSchemaOnClose = false, logger } = options;
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
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => logger.error('[db] idle PostgreSQL client failed', error));

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query(sql, params as unknown[]);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  });

  return {
    engine: 'postgres',
    changes: null,
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      try {
        if (schema && dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await pool.end();
      }
    },
  };
}
