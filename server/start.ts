/** `npm start`: builds the CDN bundle if needed, then runs the API and the partner demo site. */
import { startPartnerSite } from '../demo-sites/serve';
import { startServer } from './app';
import { DEFAULT_SEED_LISTINGS } from './seed/listings';

await (await import('../cdn/build')).ensureBuilt();

const env = process.env;
const production = env.NODE_ENV === 'production';
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';

const api = await startServer({
  port,
  host,
  production,
  databaseUrl: env.DATABASE_URL || undefined,
  publicOrigin: env.PUBLIC_ORIGIN || undefined,
  seed: !production || env.SEED === '1',
  // First start: generated listings around Salt Lake City and Kathmandu (SEED_LISTINGS=0 turns it off).
  seedListings: !production || env.SEED === '1' ? Number(env.SEED_LISTINGS ?? DEFAULT_SEED_LISTINGS) : 0,
  trustProxy: env.TRUST_PROXY === '1',
});
const partnerSite = await startPartnerSite({ port: Number(env.PARTNER_PORT ?? api.port + 1), apiOrigin: api.url });

console.info(`Hearth API         ${api.url}/`);
console.info(`Agent site demo    ${api.url}/demo/agent-site/`);
console.info(`Element gallery    ${api.url}/demo/gallery/`);
console.info(`Partner site demo  ${partnerSite.url}/  (React build: ${partnerSite.url}/?build=react)`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.info(`${signal}: shutting down`);
  await Promise.allSettled([partnerSite.close(), api.close()]);
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
