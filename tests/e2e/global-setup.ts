/**
 * Starts the real API (PGlite in a fresh temporary folder, seeded, sending mail over SMTP to a loopback mail
 * catcher, its basemap tiles from a loopback tile server that draws them) and the partner demo site on a
 * second port — a different origin with a strict CSP — for the browser tests; all stop when the run ends.
 * The partner `tiles-down` is acme with a tile provider that fails (server/tiles: a partner's `tileSource`); the
 * partner `own-domain` is acme with its hosted site on its own domain, `localhost` (fixtures.ts `ownDomainUrl`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../../server/accounts/routes';
import { startServer } from '../../server/app';
import { startPartnerSite } from '../../demo-sites/serve';
import { hashApiKey } from '../../server/partners/api-keys';
import { OWN_DOMAIN_KEY } from './fixtures';
import { startFakeTileServer } from '../../server/tiles/fake-tile-server';
import { startMailCatcher } from './mail-catcher';

export default async function globalSetup() {
  // The tests' password cost (server/accounts/passwords.ts): the API runs in this process; every test signs up.
  process.env.HEARTH_TEST_PASSWORD_COST = 'low';
  // The API's log (JSON lines, one a request: server/log.ts) would bury the report: warnings and errors only.
  process.env.HEARTH_LOG_LEVEL ||= 'warn';
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-e2e-'));
  const mail = await startMailCatcher();
  const tiles = await startFakeTileServer();
  const tileCache = await mkdtemp(join(tmpdir(), 'hearth-e2e-tiles-'));
  const api = await startServer({
    smtpUrl: mail.smtpUrl,
    port: 0,
    dataDir,
    // Many tests post leads from one address; the limit itself is covered by the server tests.
    contactRateLimit: { max: 10_000, windowMs: 60_000 },
    // Every test signs up and logs in from one address; the account limits are covered by the server tests.
    accountRateLimits: { ...DEFAULT_ACCOUNT_RATE_LIMITS, perClient: { max: 10_000, windowMs: 60_000 } },
    // Never the network: the OpenStreetMap development default is replaced by the loopback tile server.
    tiles: { url: tiles.template, cacheDir: tileCache, contact: 'e2e@hearth.example' },
    // The operator's allowlist (server/http/outbound.ts): partners may reach this machine's receivers — the tile
    // server (partner tiles-down) and the webhook receivers the specs start on ports of their own.
    outboundAllow: ['127.0.0.1'],
    // Every test browses from one address; the per-minute query budget is covered by the server tests.
    graphqlCostLimits: { publicPerMinute: 1e12, signedInPerMinute: 1e12 },
  });
  await api.db.query(
    `INSERT INTO partners (slug, name, app_context)
     SELECT 'tiles-down', 'Tiles down', app_context || jsonb_build_object('tileSource', jsonb_build_object('url', $1::text))
       FROM partners WHERE slug = 'acme'`,
    [`${tiles.url}/down/{z}/{x}/{y}.png`],
  );
  // The hosted site's shell per partner flags (tests/e2e/site-shell.spec.ts): no sell and no rentals; the agent app.
  await api.db.query(
    `INSERT INTO partners (slug, name, app_context)
     SELECT 'no-sell-no-rent', 'No sell, no rent', jsonb_set(jsonb_set(app_context, '{themeData,sellEnabled}', 'false'), '{themeData,rentalEnabled}', 'false')
       FROM partners WHERE slug = 'acme'
     UNION ALL
     SELECT 'agent-app', 'Agent app', app_context || '{"agentApp": true, "isAgentApp": true}'::jsonb FROM partners WHERE slug = 'acme'`,
  );
  // A partner whose hosted site is served on its own domain (issue 35): `localhost` reaches the same server, whose
  // public origin is 127.0.0.1. acme's brand; its leads are read back with OWN_DOMAIN_KEY.
  await api.db.query(
    `INSERT INTO partners (slug, name, domains, app_context)
     SELECT 'own-domain', 'Own Domain Realty', ARRAY['localhost'], app_context FROM partners WHERE slug = 'acme'`,
  );
  await api.db.query(
    `INSERT INTO partner_api_keys (partner_id, name, prefix, key_hash, scopes)
     SELECT id, 'Browser tests', 'e2e', $1, ARRAY['leads:read'] FROM partners WHERE slug = 'own-domain'`,
    [hashApiKey(OWN_DOMAIN_KEY)],
  );
  const partner = await startPartnerSite({ port: 0, apiOrigin: api.url });
  process.env.HEARTH_API_URL = api.url;
  process.env.HEARTH_PARTNER_URL = partner.url;
  process.env.HEARTH_MAIL_URL = mail.url;
  return async () => {
    await partner.close();
    await api.close();
    await mail.close();
    await tiles.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(tileCache, { recursive: true, force: true });
  };
}
