/**
 * The server tests that reach the database, again on a real PostgreSQL, when HEARTH_TEST_DATABASE_URL names
 * one (`.ci/run` starts a throwaway cluster). The first pass, in `npm run test:unit`, runs them on PGlite; the
 * pure ones run only there (tests/database-tests.ts says which are which).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { classifyServerTests } from './database-tests';
import { REPO_ROOT } from '../server/paths';

const url = process.env.HEARTH_TEST_DATABASE_URL;
if (!url) {
  console.log('server tests on PostgreSQL: skipped (set HEARTH_TEST_DATABASE_URL to run them)');
  process.exit(0);
}
const files = classifyServerTests(REPO_ROOT);
const database = files.filter((f) => f.database).map((f) => join(REPO_ROOT, f.file));
console.log(`server tests on PostgreSQL: the ${database.length} files that reach the database (${files.length - database.length} pure ones ran in the first pass only)`);
const result = spawnSync('npx', ['vitest', 'run', ...database], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
