/**
 * A local HTTP double of the few Stripe API endpoints we call, for the tests and a local `npm start`
 * (stripe-double-cli.ts): the real SDK is pointed at it (STRIPE_API_URL), never at Stripe.
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id   Checkout Sessions (issue 37)
 *   GET /pay/:id                                                 the hosted page: "Pay" and "Cancel"
 *   POST /pay/:id/pay, POST /pay/:id/cancel                      its buttons: Pay completes the session, sends the
 *                                                                signed checkout.session.completed to the webhook
 *                                                                and redirects to success_url; Cancel to cancel_url
 *   POST /v1/payment_intents, GET /v1/payment_intents/:id        PaymentIntents (orders from before Checkout)
 * It checks the secret key on the API, keeps Stripe's idempotency rule (the same Idempotency-Key answers the
 * first response again; with other parameters it is refused) and records every request. `signedEvent` builds a
 * webhook body and its Stripe-Signature header with the SDK's generateTestHeaderString, as Stripe would send it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: Record<string, string>;
}

export interface StripeDouble {
  url: string;
  requests: RecordedStripeRequest[];
  intents: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  /** The next create answers 402 card_declined once (a provider refusal). */
  declineNext(): void;
  /** Where "Pay" sends the signed event, and the secret that signs it. */
  setWebhook(url: string, secret: string): void;
  /** Holds the events "Pay" sends until `releaseWebhooks` (a webhook slower than the customer's return). */
  holdWebhooks(): void;
  /** Sends the held events, in order; resolves with their HTTP statuses. */
  releaseWebhooks(): Promise<number[]>;
  /** Ends a session as Stripe does after its expiry: status expired and the signed checkout.session.expired sent. */
  expire(sessionId: string): Promise<number | null>;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** `prefix[name]` fields of a form as an object (metadata[orderId] → { orderId }). */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
    if (name.startsWith(`${prefix}[`) && name.endsWith(']') && !name.slice(prefix.length + 1, -1).includes('[')) out[name.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hosted page of an open session: what is bought, and the two buttons. */
function hostedPage(session: Record<string, unknown>): string {
  const id = escapeHtml(String(session.id));
  const amount = `${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay — Stripe double</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
form{display:inline}button{font:inherit;padding:.6rem 1.2rem;margin:.5rem .5rem 0 0;min-height:44px}</style></head><body>
<main><h1>Stripe double: Checkout</h1><p>${escapeHtml(String(session.line_item_name ?? ''))}</p><p>Amount: <strong>${escapeHtml(amount)}</strong></p>
<p>Email: ${escapeHtml(String(session.customer_email ?? ''))}</p>
<form method="post" action="/pay/${id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${id}/cancel"><button type="submit">Cancel</button></form></main></body></html>`;
}

export async function startStripeDouble(secretKey: string, { port = 0 }: { port?: number } = {}): Promise<StripeDouble> {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, { status: number; body: unknown; form: string }>();
  let decline = false;
  let webhook: { url: string; secret: string } | null = null;
  let holding = false;
  const held: { type: string; object: Record<string, unknown> }[] = [];
  const sendEvent = async (type: string, object: Record<string, unknown>): Promise<number> => {
    if (!webhook) return 0;
    const event = signedEvent(webhook.secret, type, object);
    const response = await fetch(webhook.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature }, body: event.body });
    await response.arrayBuffer();
    return response.status;
  };
  const emit = async (type: string, object: Record<string, unknown>) => {
    if (holding) held.push({ type, object: { ...object } });
    else await sendEvent(type, object);
  };
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://double.invalid').pathname;
    const form = req.method === 'POST' ? await readForm(req) : {};
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    requests.push({ method: req.method ?? 'GET', path, idempotencyKey, form });
    // The hosted page and its buttons: no API key (a browser).
    const page = /^\/pay\/(cs_[a-z0-9_]+)(?:\/(pay|cancel))?$/.exec(path);
    if (page) {
      const session = sessions.get(page[1]!);
      if (!session) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout session.' } });
      const action = page[2];
      if (!action && req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(session.status === 'open' ? hostedPage(session) : '<!doctype html><title>Closed</title><p>This checkout session is no longer open.</p>');
        return;
      }
      if (req.method !== 'POST' || !action || session.status !== 'open') return send(409, { error: { type: 'invalid_request_error', message: 'This session is not open.' } });
      let location = String(session.cancel_url);
      if (action === 'pay') {
        Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: `pi_${randomBytes(12).toString('hex')}` });
        location = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id));
        await emit('checkout.session.completed', session);
      }
      res.writeHead(303, { Location: location });
      res.end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const replay = req.method === 'POST' && idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (replay) {
      if (replay.form !== JSON.stringify(form)) {
        return send(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
      }
      return send(replay.status, replay.body);
    }
    const remember = (answer: { status: number; body: unknown }) => {
      if (idempotencyKey) byKey.set(idempotencyKey, { ...answer, form: JSON.stringify(form) });
      send(answer.status, answer.body);
    };
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (decline) {
        decline = false;
        return remember({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } });
      }
      const missing = ['mode', 'success_url', 'cancel_url', 'line_items[0][price_data][unit_amount]', 'line_items[0][price_data][currency]'].filter((name) => !form[name]);
      if (missing.length > 0) return remember({ status: 400, body: { error: { type: 'invalid_request_error', message: `Missing required param: ${missing[0]}.` } } });
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const host = req.headers.host ?? '127.0.0.1';
      const quantity = Number(form['line_items[0][quantity]'] ?? 1);
      const session: Record<string, unknown> = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']) * quantity,
        currency: form['line_items[0][price_data][currency]'],
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: nested(form, 'metadata'),
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        expires_at: form.expires_at ? Number(form.expires_at) : Math.floor(Date.now() / 1000) + 86_400,
        payment_intent: null,
        url: `http://${host}/pay/${id}`,
        line_item_name: form['line_items[0][price_data][product_data][name]'] ?? null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(id, session);
      return remember({ status: 200, body: session });
    }
    const getSession = /^\/v1\/checkout\/sessions\/(cs_[a-z0-9_]+)$/.exec(path);
    if (req.method === 'GET' && getSession) {
      const session = sessions.get(getSession[1]!);
      return session ? send(200, session) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout session.' } });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      let answer: { status: number; body: unknown };
      if (decline) {
        decline = false;
        answer = { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } };
      } else {
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(form)) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match) metadata[match[1]!] = value;
        }
        const confirmed = form.confirm === 'true';
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          amount_received: confirmed ? Number(form.amount) : 0,
          currency: form.currency,
          status: confirmed ? 'succeeded' : 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          description: form.description ?? null,
          receipt_email: form.receipt_email ?? null,
          payment_method: form.payment_method ?? null,
          metadata,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        answer = { status: 200, body: intent };
      }
      return remember(answer);
    }
    const get = /^\/v1\/payment_intents\/(pi_[a-z0-9]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const intent = intents.get(get[1]!);
      return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent.' } });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    intents,
    sessions,
    declineNext: () => {
      decline = true;
    },
    setWebhook: (url, secret) => {
      webhook = { url, secret };
    },
    holdWebhooks: () => {
      holding = true;
    },
    releaseWebhooks: async () => {
      holding = false;
      const statuses: number[] = [];
      for (const { type, object } of held.splice(0)) statuses.push(await sendEvent(type, object));
      return statuses;
    },
    expire: async (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') return null;
      Object.assign(session, { status: 'expired', url: null });
      return sendEvent('checkout.session.expired', session);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event about `intent`, as JSON, with the Stripe-Signature header that `secret` gives it. */
export function signedEvent(
  secret: string,
  type: string,
  intent: Record<string, unknown>,
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): { body: string; signature: string; eventId: string } {
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: intent },
  });
  const stripe = new Stripe('sk_test_signing_only');
  return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret }), eventId };
}
