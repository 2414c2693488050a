/**
 * The server integration tests again, on a real PostgreSQL, when HEARTH_TEST_DATABASE_URL names one
 * (`.ci/run` starts a throwaway cluster). The first pass, in `npm run test:unit`, runs them on PGlite.
 */
import { spawnSync } from 'node:child_process';

const url = process.env.HEARTH_TEST_DATABASE_URL;
if (!url) {
  console.log('server tests on PostgreSQL: skipped (set HEARTH_TEST_DATABASE_URL to run them)');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
