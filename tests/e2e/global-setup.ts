/**
 * Starts the real API (PGlite in a fresh temporary folder, seeded, sending mail over SMTP to a loopback mail
 * catcher) and the partner demo site on a second port — a different origin with a strict CSP — for the
 * browser tests; all stop when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/app';
import { startPartnerSite } from '../../demo-sites/serve';
import { startMailCatcher } from './mail-catcher';

export default async function globalSetup() {
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-e2e-'));
  const mail = await startMailCatcher();
  const api = await startServer({
    smtpUrl: mail.smtpUrl,
    port: 0,
    dataDir,
    // Many tests post leads from one address; the limit itself is covered by the server tests.
    contactRateLimit: { max: 10_000, windowMs: 60_000 },
    // Every test browses from one address; the per-minute query budget is covered by the server tests.
    graphqlCostLimits: { publicPerMinute: 1e12, signedInPerMinute: 1e12 },
  });
  const partner = await startPartnerSite({ port: 0, apiOrigin: api.url });
  process.env.HEARTH_API_URL = api.url;
  process.env.HEARTH_PARTNER_URL = partner.url;
  process.env.HEARTH_MAIL_URL = mail.url;
  return async () => {
    await partner.close();
    await api.close();
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
