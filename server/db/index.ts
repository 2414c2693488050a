import { paths } from '../paths';
import { defaultLogger, type Logger } from '../log';
import { migrate, migrationStatus } from './migrate';
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
  /**
   * Apply pending migrations (default true). False (a production start, issue 37): the schema is left as it is;
   * server/db/setup.ts reads `migrationStatus` and refuses to serve while any is pending.
   */
  migrate?: boolean;
}

/**
 * Opens the database and brings its schema up to date (unless `migrate: false`). A database migrated by a newer
 * release (migrations this code does not know) is opened with a warning: a rolling deploy's older instances keep
 * serving on it, which is why a migration must leave the schema usable by the release before it (docs/deployment.md).
 */
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
    if (options.migrate ?? true) {
      const applied = await migrate(db, paths.migrations);
      if (applied.length > 0) logger.info(`[db] applied migrations: ${applied.join(', ')}`);
    }
    const { unknown } = await migrationStatus(db, paths.migrations);
    if (unknown.length > 0) {
      logger.warn(
        `[db] this database was migrated by a newer release of Hearth (${unknown.join(', ')} unknown to this code); ` +
          'running on it as the release before it (docs/deployment.md, "Upgrades").',
      );
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
