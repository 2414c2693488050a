/** Absolute locations the server reads from, independent of the process's working directory. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(SERVER_DIR, '..');

/**
 * DATA_DIR: what this installation keeps on disk, for every command (start, seed, RESO import, alerts):
 * the embedded database in `pglite/`, uploaded photos in `uploads/`, the basemap's cached tiles in `tiles/`.
 * Default `.data/` in the repository.
 */
const dataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(REPO_ROOT, '.data');

export const paths = {
  migrations: join(SERVER_DIR, 'db', 'migrations'),
  serverStatic: join(SERVER_DIR, 'static'),
  schemaFile: join(SERVER_DIR, 'schema.graphql'),
  /** HEARTH_DIST lets parallel builds (and their browser tests) use their own folder. */
  dist: process.env.HEARTH_DIST ? resolve(process.env.HEARTH_DIST) : join(REPO_ROOT, 'dist'),
  dataDir,
  /** The embedded database (PGlite) when a command names none (DatabaseOptions.dataDir); unused on PostgreSQL. */
  defaultDataDir: join(dataDir, 'pglite'),
  /** Uploaded files on the local disk (server/storage); HEARTH_UPLOAD_DIR puts them elsewhere. */
  uploads: join(dataDir, 'uploads'),
  /** Map tiles fetched from the basemap's provider (server/tiles); HEARTH_TILES_CACHE_DIR puts them elsewhere. */
  tiles: join(dataDir, 'tiles'),
  demoSites: join(REPO_ROOT, 'demo-sites'),
  site: join(REPO_ROOT, 'site'),
  packageJson: join(REPO_ROOT, 'package.json'),
} as const;
