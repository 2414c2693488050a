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
  reporter: process.env.CI ? [['list']] : [['list']],
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
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'preact', metadata: { build: 'cdn' } },
    // The hosted site's pages load the Preact build in either project: their tests (tagged HOSTED) run once.
    { name: 'react', metadata: { build: 'cdn-react' }, grepInvert: /@hosted/ },
  ],
});
