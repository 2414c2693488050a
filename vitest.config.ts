import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    include: [
      'core/**/*.test.{ts,tsx}',
      'elements/**/*.test.{ts,tsx}',
      'themes/**/*.test.{ts,tsx}',
      'loader/**/*.test.{ts,tsx}',
      'cdn/**/*.test.{ts,tsx}',
      'server/**/*.test.{ts,tsx}',
      'questionnaire/**/*.test.{ts,tsx}',
      'demo-sites/**/*.test.{ts,tsx}',
      'docs/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // One migrated embedded database per run; each test server's in-memory PGlite starts from its dump.
    globalSetup: ['./tests/setup/pglite-snapshot.ts'],
    // PGlite's first start (initdb) takes seconds; server test files start one server each.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
