/** Absolute locations the server reads from, independent of the process's working directory. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(SERVER_DIR, '..');

export const paths = {
  migrations: join(SERVER_DIR, 'db', 'migrations'),
  serverStatic: join(SERVER_DIR, 'static'),
  schemaFile: join(SERVER_DIR, 'schema.graphql'),
  /** HEARTH_DIST lets parallel builds (and their browser tests) use their own folder. */
  dist: process.env.HEARTH_DIST ? resolve(process.env.HEARTH_DIST) : join(REPO_ROOT, 'dist'),
  defaultDataDir: join(REPO_ROOT, '.data', 'pglite'),
  demoSites: join(REPO_ROOT, 'demo-sites'),
  site: join(REPO_ROOT, 'site'),
  packageJson: join(REPO_ROOT, 'package.json'),
} as const;
