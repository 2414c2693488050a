import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Everything but the server: elements, core, questionnaire widgets, the build and the docs checks. */
const CLIENT_TESTS = [
  'core/**/*.test.{ts,tsx}',
  'elements/**/*.test.{ts,tsx}',
  'themes/**/*.test.{ts,tsx}',
  'loader/**/*.test.{ts,tsx}',
  'cdn/**/*.test.{ts,tsx}',
  'questionnaire/**/*.test.{ts,tsx}',
  'demo-sites/**/*.test.{ts,tsx}',
  'docs/**/*.test.ts',
  'bench/**/*.test.ts',
  'tests/**/*.test.ts',
];

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    environment: 'node',
    // The default output, then the slowest files with the load average (docs/development.md, "Keeping the suite fast").
    reporters: ['default', './tests/timing/vitest-file-times.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // One migrated embedded database per run; each test server's in-memory PGlite starts from its dump.
    globalSetup: ['./tests/setup/pglite-snapshot.ts'],
    // PGlite's first start (initdb) takes seconds; server test files start one server each.
    testTimeout: 30_000,
    // vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, which left the second core
    // idle while the files waited on their servers, children and PostgreSQL (the PostgreSQL pass: 337 s with one
    // worker, 226 s with three, 2026-11-29). Half as many again as the cores keeps both busy.
    maxWorkers: Math.max(2, Math.round(availableParallelism() * 1.5)),
    hookTimeout: 60_000,
    projects: [
      // Each file in a fresh module graph: these mock modules (vi.mock) and render into a DOM of their own.
      { extends: true, test: { name: 'client', include: CLIENT_TESTS } },
      // The server's files share a module graph per worker (isolate: false): each imports the whole server, which
      // costs ~1.2 s a file when isolated (161 s of a 595 s pass, against 6 s of 340 s shared, measured
      // 2026-11-27). They mock no module; each starts and stops its own servers and databases, and
      // tests/setup/restore-env.ts puts back any environment variable a file changed.
      {
        extends: true,
        test: { name: 'server', include: ['server/**/*.test.{ts,tsx}'], isolate: false, setupFiles: ['./tests/setup/restore-env.ts'] },
      },
    ],
  },
});
