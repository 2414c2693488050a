import { paths } from '../paths';
import { defaultLogger, type Logger } from '../log';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

export type { Database, Queryable } from './types';

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://`. Default `pglite/` in the data directory (DATA_DIR, server/paths.ts). */
  dataDir?: string;
  /** PostgreSQL only: the schema every connection uses. */
  schema?: string;
  dropSchemaOnClose?: boolean;
  /** PostgreSQL only: connections per pool (postgres.ts). */
  poolSize?: number;
  logger?: Logger;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const logger = options.logger ?? defaultLogger;
  const db = options.databaseUrl
    ? await openPostgres({
        databaseUrl: options.databaseUrl,
        schema: options.schema,
        dropSchemaOnClose: options.dropSchemaOnClose,
        poolSize: options.poolSize,
        logger,
      })
    : await openPglite(options.dataDir ?? paths.defaultDataDir);
  try {
    const applied = await migrate(db, paths.migrations);
    if (applied.length > 0) logger.info(`[db] applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
