import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { outbox, postJson, signUp, type SignedUp } from '../accounts/testing';
import { graphqlAs } from '../testing/graphql';
import { startTestServer } from '../testing/test-server';
import { testHome } from '../sellers/testing';
import { paymentTexts } from '../../core/i18n/payments';
import { stripeProvider } from './provider';
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

describe('Stripe Checkout (local double) and its webhook', () => {
  const PAGE = 'http://127.0.0.1:5173/homes/detail.html?home=12#tiers';
  const payCard = (who: SignedUp, caseId: string, tierId: number, returnUrl: string | undefined = PAGE) => pay(stripeServer, who, { caseId, tierId, returnUrl });
  const orderRows = async (caseId: string) =>
    (await stripeServer.db.query<{ status: string; paid_at: Date | null }>('SELECT status, paid_at FROM payment_orders WHERE case_id = $1 ORDER BY id', [caseId])).rows;
  /** A button of the double's hosted page, as the browser's form post: the redirect it answers. */
  const press = async (checkoutUrl: string, button: 'pay' | 'cancel') => {
    const response = await fetch(`${checkoutUrl}/${button}`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  };

  beforeAll(() => stripe.setWebhook(`${stripeServer.url}/v1/api/payments/webhook/`, WEBHOOK_SECRET));

  it('creates a Checkout Session with the order idempotency key and return URLs back to the page', async () => {
    const owner = await signUp(stripeServer);
    const stranger = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    expect((await payCard(stranger, id, 203)).status).toBe(404);
    const before = stripe.requests.length;
    const response = await payCard(owner, id, 203);
    expect(response.status).toBe(201);
    const body = (await response.json()) as any;
    expect(body.order).toMatchObject({ provider: 'stripe', status: 'awaiting_payment', amountInPennies: 14900 });
    expect(body.order.reference).toMatch(/^cs_test_/);
    expect(body.checkoutUrl).toBe(`${stripe.url}/pay/${body.order.reference}`);
    const calls = stripe.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/checkout/sessions']);
    expect(calls[0]!.idempotencyKey).toMatch(/^hearth-order-[0-9a-f-]{36}$/);
    expect(calls[0]!.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][price_data][currency]': 'usd',
      client_reference_id: body.order.id,
      'metadata[caseId]': id,
      customer_email: owner.email,
    });
    const back = (name: string) => new URL(calls[0]!.form[name]!);
    for (const [name, result] of [['success_url', 'paid'], ['cancel_url', 'canceled']] as const) {
      const url = back(name);
      expect(`${url.origin}${url.pathname}${url.hash}`).toBe('http://127.0.0.1:5173/homes/detail.html#tiers');
      expect(Object.fromEntries(url.searchParams)).toEqual({ home: '12', 'hearth-checkout': result, 'hearth-case': id, 'hearth-order': body.order.id, 'hearth-tier': '203' });
    }
    const { rows } = await stripeServer.db.query<{ idempotency_key: string }>('SELECT idempotency_key FROM payment_orders WHERE id = $1', [body.order.id]);
    expect(rows[0]!.idempotency_key).toBe(calls[0]!.idempotencyKey);
    expect(await invoices(stripeServer, owner.email)).toHaveLength(0);

    // The same choice again (the customer came back without paying): the same open session, none created.
    const again = await payCard(owner, id, 203);
    expect(again.status).toBe(200);
    expect(((await again.json()) as any).checkoutUrl).toBe(body.checkoutUrl);
    expect(stripe.requests.slice(before).filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('reuses the order idempotency key: a retried create answers the same session', async () => {
    const provider = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url });
    const order = {
      id: 987654,
      caseId: 123,
      tierId: 203,
      tierName: 'Priority',
      applicationTypeName: 'Pre-qualification',
      amountInPennies: 14900,
      currencyCode: 'USD',
      idempotencyKey: `hearth-order-retry-${Date.now()}`,
      customer: { email: 'retry@example.test', name: 'Re Try' },
      createdAt: new Date(),
      returnUrl: new URL(PAGE),
    };
    const sessions = stripe.sessions.size;
    const first = await provider.collect(order, null);
    const second = await provider.collect(order, null);
    expect(second).toEqual(first);
    expect(stripe.sessions.size).toBe(sessions + 1);
    // The same key with other parameters is Stripe's idempotency_error, never a second session.
    await expect(provider.collect({ ...order, amountInPennies: 1 }, null)).rejects.toThrow(/same parameters/);
    expect(stripe.sessions.size).toBe(sessions + 1);
  });

  it('refuses return URLs off the partner origins (no open redirect), and a missing one', async () => {
    const owner = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    const before = stripe.requests.length;
    // The default partner may be embedded anywhere ('*'), which is not a redirect to anywhere.
    for (const returnUrl of ['https://evil.example/phish', 'javascript:alert(1)', '//evil.example/', 'https://user:pw@127.0.0.1/x', 'not a url', 'x'.repeat(2001)]) {
      const refused = await payCard(owner, id, 203, returnUrl);
      expect(refused.status, returnUrl).toBe(400);
      const body = (await refused.json()) as any;
      expect(body.fields.returnUrl ?? body.fields, returnUrl).toBe(paymentTexts.returnUrlInvalid);
    }
    const missing = await pay(stripeServer, owner, { caseId: id, tierId: 203 });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).fields).toEqual({ returnUrl: paymentTexts.returnUrlMissing });
    // The hosted site (the API's own origin) is a page to come back to.
    const hosted = await payCard(owner, id, 202, `${stripeServer.url}/account?x=1`);
    expect(hosted.status).toBe(201);
    const calls = stripe.requests.slice(before);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.form.success_url!).pathname).toBe('/account');
    expect(await orderRows(id)).toEqual([{ status: 'awaiting_payment', paid_at: null }]);
  });

  it('pays the order only on the signed checkout.session.completed, exactly once', async () => {
    const owner = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    const { order, checkoutUrl } = (await (await payCard(owner, id, 203)).json()) as any;

    // Paid on the hosted page, the customer is back before Stripe's event: nothing is paid by the return.
    stripe.holdWebhooks();
    const back = await press(checkoutUrl, 'pay');
    expect(back.searchParams.get('hearth-checkout')).toBe('paid');
    expect(back.searchParams.get('hearth-order')).toBe(order.id);
    let c = await readCase(stripeServer, owner, id);
    expect(c.applicationTier.name).toBe('Basic');
    expect(c.pendingPayment).toMatchObject({ id: order.id, status: 'AWAITING_PAYMENT', provider: 'STRIPE' });

    // A bad signature (another secret, a tampered body, none at all): 400 and nothing applied.
    const session = stripe.sessions.get(order.reference)!;
    const wrongSecret = signedEvent('whsec_someone_else', 'checkout.session.completed', session);
    expect((await webhook(stripeServer, wrongSecret.body, wrongSecret.signature)).status).toBe(400);
    const good = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', session);
    const tampered = good.body.replace('"amount_total":14900', '"amount_total":1');
    expect(tampered).not.toBe(good.body);
    expect((await webhook(stripeServer, tampered, good.signature)).status).toBe(400);
    expect((await webhook(stripeServer, good.body, null)).status).toBe(400);
    expect((await readCase(stripeServer, owner, id)).applicationTier.name).toBe('Basic');
    const { rows: none } = await stripeServer.db.query('SELECT 1 FROM payment_events WHERE order_id = $1', [order.id]);
    expect(none).toHaveLength(0);

    // Stripe's own event (sent by the double): applied.
    expect(await stripe.releaseWebhooks()).toEqual([200]);
    c = await readCase(stripeServer, owner, id);
    expect(c.applicationTier).toMatchObject({ name: 'Priority', tierLevel: 2 });
    expect(c.pendingPayment).toBeNull();
    // Delivered twice (same event id), and a second event for the same session: nothing more happens.
    await stripeServer.db.query('UPDATE application_cases SET tier_id = 202 WHERE id = $1', [id]);
    const first = await webhook(stripeServer, good.body, good.signature);
    expect(await first.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await (await webhook(stripeServer, good.body, good.signature)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await readCase(stripeServer, owner, id)).applicationTier.name).toBe('Guided');
    const rows = await orderRows(id);
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    const { rows: events } = await stripeServer.db.query('SELECT event_type FROM payment_events WHERE order_id = $1', [order.id]);
    expect(events).toHaveLength(2);
    // The paid session's page no longer takes a payment.
    expect((await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(409);
  });

  it('leaves the order open on cancel, cancels it when the session expires, and ignores other amounts', async () => {
    const owner = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    const { order, checkoutUrl } = (await (await payCard(owner, id, 202)).json()) as any;
    const back = await press(checkoutUrl, 'cancel');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ 'hearth-checkout': 'canceled', 'hearth-order': order.id });
    expect((await readCase(stripeServer, owner, id)).pendingPayment).toMatchObject({ id: order.id, status: 'AWAITING_PAYMENT' });

    // A success for another amount, or one still unpaid (a delayed method), pays nothing.
    const session = stripe.sessions.get(order.reference)!;
    for (const other of [{ ...session, amount_total: 1, payment_status: 'paid' }, { ...session, status: 'complete', payment_status: 'unpaid' }]) {
      const event = signedEvent(WEBHOOK_SECRET, 'checkout.session.completed', other);
      expect(await (await webhook(stripeServer, event.body, event.signature)).json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect((await readCase(stripeServer, owner, id)).applicationTier.name).toBe('Basic');

    // Expired at Stripe: the order is canceled and a new choice makes a new order and session.
    expect(await stripe.expire(order.reference)).toBe(200);
    expect((await readCase(stripeServer, owner, id)).pendingPayment).toBeNull();
    const next = (await (await payCard(owner, id, 203)).json()) as any;
    expect(next.order.id).not.toBe(order.id);
    expect(next.checkoutUrl).not.toBe(checkoutUrl);
    expect((await orderRows(id)).map((r) => r.status)).toEqual(['canceled', 'awaiting_payment']);
  });

  it('still applies payment_intent.succeeded to an order made as a PaymentIntent before Checkout', async () => {
    const owner = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    const { rows } = await stripeServer.db.query<{ id: number }>(
      `INSERT INTO payment_orders (case_id, tier_id, user_id, provider, status, amount_in_pennies, currency_code, idempotency_key, provider_reference)
       VALUES ($1, 202, $2, 'stripe', 'awaiting_payment', 4900, 'USD', $3, $4) RETURNING id`,
      [id, owner.user.id, `hearth-order-legacy-${id}`, `pi_legacy${id}`],
    );
    const intent = { id: `pi_legacy${id}`, object: 'payment_intent', amount: 4900, amount_received: 4900, currency: 'usd', metadata: { orderId: String(rows[0]!.id) } };
    const event = signedEvent(WEBHOOK_SECRET, 'payment_intent.succeeded', intent);
    // Chosen again while it awaits: that order, with no Checkout page to open (and no call that would fail).
    const again = await payCard(owner, id, 202);
    expect(again.status).toBe(200);
    expect(((await again.json()) as any).checkoutUrl).toBeNull();
    expect(await (await webhook(stripeServer, event.body, event.signature)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await readCase(stripeServer, owner, id)).applicationTier.name).toBe('Guided');
  });

  it('marks an order failed when Stripe refuses to create its session', async () => {
    const owner = await signUp(stripeServer);
    const id = await startPrequal(stripeServer, owner);
    stripe.declineNext();
    const refused = await payCard(owner, id, 203);
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as any).message).toBe(paymentTexts.providerDown);
    expect((await orderRows(id)).map((r) => r.status)).toEqual(['failed']);
    expect((await readCase(stripeServer, owner, id)).pendingPayment).toBeNull();
  });
});
