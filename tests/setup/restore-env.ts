/**
 * vitest setupFiles of the server tests, which share a process per worker (vitest.config.ts, isolate: false): the
 * environment as it was before each test file comes back after it, so an upload folder or a provider key one
 * file sets (HEARTH_UPLOAD_DIR, STRIPE_SECRET_KEY…) never reaches the next.
 */
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
});
