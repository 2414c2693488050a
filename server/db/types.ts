/**
 * The one database interface every module uses, whichever engine is behind it (PGlite or PostgreSQL).
 * Type mapping is the same on both: int8 → number, numeric → string, jsonb → parsed JSON,
 * text[] → string[], timestamptz → Date.
 */
import type { ChangeFeed } from './changes';

export type Row = Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migration files). */
  exec(sql: string): Promise<void>;
}

/** One pool of connections (PostgreSQL), or the embedded database's statement queue (PGlite), for the metrics. */
export interface PoolStats {
  pool: string;
  /** Connections open (PGlite: its one thread). */
  total: number;
  /** Of those, not in use. */
  idle: number;
  /** Statements or checkouts waiting for one. */
  waiting: number;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Change notifications (changes.ts): in order on PGlite; from a listening connection on PostgreSQL (postgres-changes.ts). */
  readonly changes: ChangeFeed | null;
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a gzipped tar, consistent (backup.ts); PostgreSQL has pg_dump. */
  dumpDataDir?(): Promise<Buffer>;
  /** Its pools now (server/observability/metrics.ts). */
  poolStats(): PoolStats[];
  close(): Promise<void>;
}
