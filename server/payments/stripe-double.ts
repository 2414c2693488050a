/**
 * A local HTTP double of the few Stripe API endpoints we call (POST /v1/payment_intents, GET
 * /v1/payment_intents/:id), for the tests: the real SDK is pointed at it (STRIPE_API_URL), never at Stripe. It
 * checks the secret key, keeps Stripe's idempotency rule (the same Idempotency-Key answers the first response
 * again) and records every request. `signedEvent` builds a webhook body and its Stripe-Signature header with
 * the SDK's generateTestHeaderString, as Stripe would send it.
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
  /** The next create answers 402 card_declined once (a provider refusal). */
  declineNext(): void;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startStripeDouble(secretKey: string): Promise<StripeDouble> {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  let decline = false;
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://double.invalid').pathname;
    const form = req.method === 'POST' ? await readForm(req) : {};
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    requests.push({ method: req.method ?? 'GET', path, idempotencyKey, form });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const replay = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (replay) return send(replay.status, replay.body);
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
      if (idempotencyKey) byKey.set(idempotencyKey, answer);
      return send(answer.status, answer.body);
    }
    const get = /^\/v1\/payment_intents\/(pi_[a-z0-9]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const intent = intents.get(get[1]!);
      return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent.' } });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    intents,
    declineNext: () => {
      decline = true;
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
