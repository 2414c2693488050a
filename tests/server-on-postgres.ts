/**
 * The server tests that reach the database, again on a real PostgreSQL, when HEARTH_TEST_DATABASE_URL names
 * one (`.ci/run` starts a throwaway cluster). The first pass, in `npm run test:unit`, runs them on PGlite; the
 * pure ones run only there (tests/database-tests.ts says which are which).
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
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
// vitest's default is one worker fewer than the cores: one on CI's 2 cores, which left the second idle while the
// files waited on their servers and PostgreSQL (this pass: 337 s with one worker, 209 s with three, 2026-11-29).
// Only here: in the first pass, with the DOM files, three workers once let a late React render outlive its file.
const workers = Math.max(2, Math.round(availableParallelism() * 1.5));
const result = spawnSync('npx', ['vitest', 'run', `--maxWorkers=${workers}`, ...database], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
