/**
 * `npm run stripe:double`: the local Stripe double (stripe-double.ts) on its own, so a local `npm start` takes card
 * payments end to end with no Stripe account: Checkout Sessions, the hosted page with "Pay" and "Cancel", and the
 * signed checkout.session.completed sent to the API's webhook. It prints the environment to start the API with.
 *   --port 12111                     where the double listens (127.0.0.1)
 *   --webhook http://127.0.0.1:8080/v1/api/payments/webhook/   where "Pay" sends the event
 */
import { parseArgs } from 'node:util';
import { startStripeDouble } from './stripe-double';

const SECRET_KEY = 'sk_test_local_double';
const WEBHOOK_SECRET = 'whsec_local_double';

let values: { port?: string; webhook?: string };
try {
  ({ values } = parseArgs({ args: process.argv.slice(2), options: { port: { type: 'string' }, webhook: { type: 'string' } }, strict: true, allowPositionals: false }));
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run stripe:double -- [--port 12111] [--webhook http://127.0.0.1:8080/v1/api/payments/webhook/]`);
  process.exit(2);
}
const port = Number(values.port ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not "${values.port}".`);
  process.exit(2);
}
const webhook = values.webhook ?? `http://127.0.0.1:${process.env.PORT ?? 8080}/v1/api/payments/webhook/`;
const double = await startStripeDouble(SECRET_KEY, { port });
double.setWebhook(webhook, WEBHOOK_SECRET);
console.info(`Stripe double at ${double.url}; "Pay" sends its events to ${webhook}. Start the API with:
  STRIPE_SECRET_KEY=${SECRET_KEY} STRIPE_WEBHOOK_SECRET=${WEBHOOK_SECRET} STRIPE_API_URL=${double.url} npm start`);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
