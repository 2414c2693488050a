/** `npm run bench`: every benchmark in bench/, printed against the DESIGN §5 budgets. */
import { spawnSync } from 'node:child_process';

for (const [script, ...args] of [['bench/sizes.ts'], ['bench/first-paint.ts'], ['bench/first-paint.ts', '--no-build', '--interactive'], ['bench/search-map.ts']]) {
  console.log(`\n== ${[script, ...args].join(' ')}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script!, ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}
