import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium (browsers cannot be downloaded here); CHROMIUM_PATH overrides. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Chromium is not installed: run `apt-get install -y chromium` (see README).');
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The list, then the slowest spec files with the load average (docs/development.md, "Keeping the suite fast").
  reporter: [['list'], ['./tests/timing/playwright-file-times.ts']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // Recorded when a failed test runs again (CI retries once), not for every test: recording all of them, to keep
    // the failures', costs every test its DOM snapshots and screenshots.
    trace: 'on-first-retry',
  },
  // Deep flows in one build, a smoke test per element in the other (docs/development.md, "Which build, which pass"):
  // the Preact build, the one partners' pages load, runs every test; the React build runs each element's smoke test
  // (tagged @element: tests/e2e/elements.spec.ts) — mounted on the strict-CSP partner page, one interaction, axe.
  projects: [
    { name: 'preact', metadata: { build: 'cdn' } },
    { name: 'react', metadata: { build: 'cdn-react' }, grep: /@element/ },
  ],
});
