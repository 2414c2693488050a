/**
 * Starts the real API (PGlite in a fresh temporary folder, seeded) and the partner demo site on a second
 * port — a different origin with a strict CSP — for the browser tests; both stop when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/app';
import { startPartnerSite } from '../../demo-sites/serve';

export default async function globalSetup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-e2e-'));
  const api = await startServer({
    port: 0,
    dataDir,
    // Many tests post leads from one address; the limit itself is covered by the server tests.
    contactRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  const partner = await startPartnerSite({ port: 0, apiOrigin: api.url });
  process.env.HEARTH_API_URL = api.url;
  process.env.HEARTH_PARTNER_URL = partner.url;
  return async () => {
    await partner.close();
    await api.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
