import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { outbox, postJson, signUp, type SignedUp } from '../accounts/testing';
import { graphqlAs } from '../testing/graphql';
import { startTestServer } from '../testing/test-server';
import { testHome } from '../sellers/testing';
import { paymentTexts } from '../../core/i18n/payments';
import { signedEvent, startStripeDouble, type StripeDouble } from './stripe-double';

const SECRET_KEY = 'sk_test_hearth_double';
const WEBHOOK_SECRET = 'whsec_hearth_test_secret';

let invoiceServer: RunningServer;
let stripeServer: RunningServer;
let stripe: StripeDouble;

const CASE = `query ($id: ID!) { case(id: $id) {
  id applicationTier { id name tierLevel price }
  applicationTiers { id name tierLevel active price priceCurrencyCode modal }
  pendingPayment { id status provider amountInPennies currencyCode reference tier { id name } } } }`;

const startPrequal = async (server: RunningServer, who: SignedUp) => {
  const r = await graphqlAs(server, who, 'mutation { createPreQualification { id } }');
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.createPreQualification.id as string;
};
const readCase = async (server: RunningServer, who: SignedUp, id: string) => {
  const r = await graphqlAs(server, who, CASE, { id });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.case;
};
const pay = (server: RunningServer, who: SignedUp | null, body: unknown) =>
  postJson(server, '/v1/api/payments/', body, who ? { Authorization: `Token ${who.token}` } : {});
const invoices = async (server: RunningServer, to: string) => (await outbox(server, to)).filter((m) => m.subject.startsWith('Invoice '));
const webhook = (server: RunningServer, body: string, signature: string | null) =>
  fetch(`${server.url}/v1/api/payments/webhook/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'Stripe-Signature': signature } : {}) },
    body,
  });

beforeAll(async () => {
  invoiceServer = await startTestServer();
  stripe = await startStripeDouble(SECRET_KEY);
  // The provider is chosen when the router is built: set for this one server only.
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = stripe.url;
  try {
    stripeServer = await startTestServer();
  } finally {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_URL;
  }
  // Two servers: each migrates its own database.
}, 180_000);

afterAll(async () => {
  await invoiceServer?.close();
  await stripeServer?.close();
  await stripe?.close();
});

describe('tiers on the case', () => {
  it('lists the active tiers of the case type and starts on the free tier', async () => {
    const owner = await signUp(invoiceServer);
    const id = await startPrequal(invoiceServer, owner);
    const c = await readCase(invoiceServer, owner, id);
    expect(c.applicationTiers.map((t: any) => [t.name, t.tierLevel, t.price, t.priceCurrencyCode])).toEqual([
      ['Basic', 0, 0, 'USD'],
      ['Guided', 1, 4900, 'USD'],
      ['Priority', 2, 14900, 'USD'],
    ]);
    expect(c.applicationTiers.every((t: any) => t.active && t.modal.length > 20)).toBe(true);
    expect(c.applicationTier).toMatchObject({ name: 'Basic', tierLevel: 0 });
    expect(c.pendingPayment).toBeNull();
  });

  it('hides a retired tier from the choice (seller sale)', async () => {
    const owner = await signUp(invoiceServer);
    const created = await graphqlAs(invoiceServer, owner, `mutation ($h: SellerHomeContext!) { createSeller(homeContext: $h, classification: SALE) { caseId } }`, { h: testHome() });
    expect(created.errors).toBeUndefined();
    const c = await readCase(invoiceServer, owner, created.data!.createSeller.caseId);
    expect(c.applicationTiers.map((t: any) => t.name)).toEqual(['Basic', 'Plus', 'Full service']);
  });
});

describe('POST /v1/api/payments/ (invoice provider)', () => {
  it('refuses visitors, strangers, forged ids and malformed bodies', async () => {
    const owner = await signUp(invoiceServer);
    const stranger = await signUp(invoiceServer);
    const id = await startPrequal(invoiceServer, owner);
    expect((await pay(invoiceServer, null, { caseId: id, tierId: 202 })).status).toBe(401);
    const strangers = await pay(invoiceServer, stranger, { caseId: id, tierId: 202 });
    expect(strangers.status).toBe(404);
    expect(((await strangers.json()) as any).message).toBe(paymentTexts.caseNotFound);
    expect((await pay(invoiceServer, owner, { caseId: '999999999', tierId: 202 })).status).toBe(404);
    // A tier of another application type, an unknown tier, nonsense ids and extra fields.
    const otherType = await pay(invoiceServer, owner, { caseId: id, tierId: 402 });
    expect(otherType.status).toBe(400);
    expect(((await otherType.json()) as any).fields).toEqual({ tierId: paymentTexts.notATier });
    expect((await pay(invoiceServer, owner, { caseId: id, tierId: 9999 })).status).toBe(400);
    const forged = await pay(invoiceServer, owner, { caseId: "1 OR 1=1", tierId: -3 });
    expect(forged.status).toBe(400);
    expect(Object.keys(((await forged.json()) as any).fields).sort()).toEqual(['caseId', 'tierId']);
    expect((await pay(invoiceServer, owner, { caseId: id, tierId: 202, amount: 1 })).status).toBe(400);
    const notJson = await fetch(`${invoiceServer.url}/v1/api/payments/`, { method: 'POST', headers: { Authorization: `Token ${owner.token}` }, body: 'caseId=1' });
    expect(notJson.status).toBe(415);
    // Nothing was ordered by any of them.
    const { rows } = await invoiceServer.db.query('SELECT 1 FROM payment_orders WHERE case_id = $1', [id]);
    expect(rows).toHaveLength(0);
    expect((await readCase(invoiceServer, owner, id)).applicationTier.name).toBe('Basic');
  });

  it('records a paid tier as awaiting payment and mails the invoice; the tier does not change', async () => {
    const owner = await signUp(invoiceServer);
    const id = await startPrequal(invoiceServer, owner);
    const response = await pay(invoiceServer, owner, { caseId: id, tierId: '202' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as any;
    expect(body.order).toMatchObject({ caseId: id, tierId: '202', provider: 'invoice', status: 'awaiting_payment', amountInPennies: 4900, currencyCode: 'USD' });
    expect(body.order.reference).toMatch(/^INV-\d{4}-\d{6}$/);
    const mails = await invoices(invoiceServer, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(paymentTexts.invoiceSubject(body.order.reference));
    expect(mails[0]!.body).toContain('Amount due: $49 USD');
    expect(mails[0]!.body).toContain(`Invoice number: ${body.order.reference}`);
    const c = await readCase(invoiceServer, owner, id);
    expect(c.applicationTier.name).toBe('Basic');
    expect(c.pendingPayment).toMatchObject({ status: 'AWAITING_PAYMENT', provider: 'INVOICE', reference: body.order.reference, tier: { name: 'Guided' } });

    // The same choice again answers the same order (no second invoice); another tier waits for this one.
    const again = await pay(invoiceServer, owner, { caseId: id, tierId: 202 });
    expect(again.status).toBe(200);
    expect(((await again.json()) as any).order.id).toBe(body.order.id);
    expect(await invoices(invoiceServer, owner.email)).toHaveLength(1);
    const other = await pay(invoiceServer, owner, { caseId: id, tierId: 203 });
    expect(other.status).toBe(409);
    expect(((await other.json()) as any).message).toBe(paymentTexts.paymentPending('Guided'));
    // Without Stripe there is no webhook to forge.
    const forged = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', { id: 'pi_x', amount: 4900, currency: 'usd', metadata: {} });
    expect((await webhook(invoiceServer, forged.body, forged.signature)).status).toBe(404);
  });

  it('applies a free tier at once and refuses going to a tier at or below the current one', async () => {
    const owner = await signUp(invoiceServer);
    const refinance = await graphqlAs(invoiceServer, owner, 'mutation { createRefinance { id } }');
    const refinanceId = refinance.data!.createRefinance.id as string;
    const free = await pay(invoiceServer, owner, { caseId: refinanceId, tierId: 302 });
    expect(free.status).toBe(201);
    expect(((await free.json()) as any).order).toMatchObject({ provider: 'free', status: 'paid', amountInPennies: 0 });
    expect((await readCase(invoiceServer, owner, refinanceId)).applicationTier).toMatchObject({ name: 'Rate check', tierLevel: 1 });
    expect(await invoices(invoiceServer, owner.email)).toHaveLength(0);

    const id = await startPrequal(invoiceServer, owner);
    const basic = await pay(invoiceServer, owner, { caseId: id, tierId: 201 });
    expect(basic.status).toBe(400);
    expect(((await basic.json()) as any).message).toBe(paymentTexts.alreadyOnTier);
    // A case on a paid tier (set as a paid order would) cannot "buy" the free one or its own again.
    await invoiceServer.db.query('UPDATE application_cases SET tier_id = 202 WHERE id = $1', [id]);
    expect((await pay(invoiceServer, owner, { caseId: id, tierId: 201 })).status).toBe(400);
    expect((await pay(invoiceServer, owner, { caseId: id, tierId: 202 })).status).toBe(400);
  });
});

describe('Stripe provider (local double) and its webhook', () => {
  it('creates a PaymentIntent with an idempotency key and applies the signed success exactly once', async () => {
    const owner = await signUp(stripeServer);
    const stranger = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    expect((await pay(stripeServer, stranger, { caseId: id, tierId: 203 })).status).toBe(404);
    const before = stripe.requests.length;
    const response = await pay(stripeServer, owner, { caseId: id, tierId: 203 });
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as any;
    expect(order).toMatchObject({ provider: 'stripe', status: 'awaiting_payment', amountInPennies: 14900 });
    expect(order.reference).toMatch(/^pi_/);
    const calls = stripe.requests.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(calls[0]!.idempotencyKey).toMatch(/^hearth-order-[0-9a-f-]{36}$/);
    expect(calls[0]!.form).toMatchObject({ amount: '14900', currency: 'usd', confirm: 'true', payment_method: 'pm_card_visa', 'metadata[orderId]': order.id, 'metadata[caseId]': id });
    const { rows } = await stripeServer.db.query<{ idempotency_key: string }>('SELECT idempotency_key FROM payment_orders WHERE id = $1', [order.id]);
    expect(rows[0]!.idempotency_key).toBe(calls[0]!.idempotencyKey);
    expect(await invoices(stripeServer, owner.email)).toHaveLength(0);
    // Paid at Stripe, but the tier waits for the verified event.
    expect((await readCase(stripeServer, owner, id)).applicationTier.name).toBe('Basic');
    const intent = stripe.intents.get(order.reference)!;

    // A bad signature (another secret, a tampered body, none at all): 400 and nothing applied.
    const wrongSecret = signedEvent('whsec_someone_else', 'payment_intent.succeeded', intent);
    expect((await webhook(stripeServer, wrongSecret.body, wrongSecret.signature)).status).toBe(400);
    const good = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', intent);
    const tampered = good.body.replace('"amount":14900', '"amount":1');
    expect((await webhook(stripeServer, tampered, good.signature)).status).toBe(400);
    expect((await webhook(stripeServer, good.body, null)).status).toBe(400);
    expect((await readCase(stripeServer, owner, id)).applicationTier.name).toBe('Basic');
    const { rows: events } = await stripeServer.db.query('SELECT 1 FROM payment_events');
    expect(events).toHaveLength(0);

    // The good one: applied once.
    const applied = await webhook(stripeServer, good.body, good.signature);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ received: true, outcome: 'applied' });
    let c = await readCase(stripeServer, owner, id);
    expect(c.applicationTier).toMatchObject({ name: 'Priority', tierLevel: 2 });
    expect(c.pendingPayment).toBeNull();
    // Replayed (same event id): changes nothing; a second event for the same intent: the order is paid already.
    await stripeServer.db.query('UPDATE application_cases SET tier_id = 202 WHERE id = $1', [id]);
    const replay = await webhook(stripeServer, good.body, good.signature);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    const second = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', intent);
    expect(await (await webhook(stripeServer, second.body, second.signature)).json()).toEqual({ received: true, outcome: 'ignored' });
    c = await readCase(stripeServer, owner, id);
    expect(c.applicationTier.name).toBe('Guided');
    const { rows: paid } = await stripeServer.db.query<{ status: string }>('SELECT status FROM payment_orders WHERE case_id = $1', [id]);
    expect(paid.map((r) => r.status)).toEqual(['paid']);
  });

  it('ignores a success for another amount, and marks an order failed when Stripe refuses it', async () => {
    const owner = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    const { order } = (await (await pay(stripeServer, owner, { caseId: id, tierId: 202 })).json()) as any;
    const intent = { ...stripe.intents.get(order.reference)!, amount: 1, amount_received: 1 };
    const cheap = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', intent);
    expect(await (await webhook(stripeServer, cheap.body, cheap.signature)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await readCase(stripeServer, owner, id)).applicationTier.name).toBe('Basic');
    // A failed payment closes the order; the owner may choose again.
    const failed = signedEvent(WEBHOOK_SECRET, 'payment_intent.payment_failed', stripe.intents.get(order.reference)!);
    expect(await (await webhook(stripeServer, failed.body, failed.signature)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await readCase(stripeServer, owner, id)).pendingPayment).toBeNull();

    stripe.declineNext();
    const refused = await pay(stripeServer, owner, { caseId: id, tierId: 203 });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as any).message).toBe(paymentTexts.providerDown);
    const { rows } = await stripeServer.db.query<{ status: string }>('SELECT status FROM payment_orders WHERE case_id = $1 ORDER BY id', [id]);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect((await readCase(stripeServer, owner, id)).pendingPayment).toBeNull();
  });
});
