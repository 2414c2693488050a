/** `npm run bench`: every benchmark in bench/, printed against the DESIGN §5 budgets. */
import { spawnSync } from 'node:child_process';

for (const script of ['bench/sizes.ts', 'bench/first-paint.ts', 'bench/search-map.ts']) {
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}
