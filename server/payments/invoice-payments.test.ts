import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTexts } from '../../core/i18n/payments';
import type { RunningServer } from '../app';
import { outbox, postJson, signUp, type SignedUp } from '../accounts/testing';
import { REPO_ROOT } from '../paths';
import { codeOf, graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { openDatabase } from '../db';
import { engineName, startTestServer } from '../testing/test-server';
import { invoiceNumber } from './invoice';
import { recordInvoicePayment, runRecordPayment } from './invoice-payments';

let server: RunningServer;
let admin: SignedUp;

const RECORD = `mutation ($invoice: String!) { recordInvoicePayment(invoice: $invoice) { id status provider amountInPennies currencyCode reference tier { name } } }`;
const CASE = `query ($id: ID!) { case(id: $id) { id applicationTier { name } pendingPayment { id status reference } } }`;

const record = (who: SignedUp | null, invoice: string, endpoint: 'graphql' | 'public_graphql' = 'graphql') =>
  graphqlAs(server, who, RECORD, { invoice }, endpoint);
const reasonOf = (r: GraphqlResponse) => r.errors?.[0]?.extensions?.reason;

const startPrequal = async (who: SignedUp) => {
  const r = await graphqlAs(server, who, 'mutation { createPreQualification { id } }');
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.createPreQualification.id as string;
};
/** A case of `owner` with an invoice order for the Guided tier (202, $49) awaiting payment. */
const invoicedCase = async (owner: SignedUp) => {
  const caseId = await startPrequal(owner);
  const response = await postJson(server, '/v1/api/payments/', { caseId, tierId: 202 }, { Authorization: `Token ${owner.token}` });
  expect(response.status).toBe(201);
  const { order } = (await response.json()) as { order: { id: string; reference: string; provider: string; status: string } };
  expect(order).toMatchObject({ provider: 'invoice', status: 'awaiting_payment' });
  return { caseId, order };
};
const readCase = async (owner: SignedUp, id: string) => {
  const r = await graphqlAs(server, owner, CASE, { id });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.case;
};
const orderRow = async (id: string) =>
  (await server.db.query<{ status: string; paid_at: Date | null }>('SELECT status, paid_at FROM payment_orders WHERE id = $1', [id])).rows[0]!;
const receipts = async (to: string) => (await outbox(server, to)).filter((m) => m.subject.startsWith('Payment received'));

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server);
  await server.db.query('UPDATE users SET is_superuser = true WHERE id = $1', [admin.user.id]);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe(`recordInvoicePayment (${engineName()})`, () => {
  it('an administrator records the payment: the order is paid, the case moves to the tier, the receipt is mailed; once', async () => {
    const owner = await signUp(server);
    const { caseId, order } = await invoicedCase(owner);
    expect(order.reference).toMatch(/^INV-\d{4}-\d{6}$/);
    expect((await readCase(owner, caseId)).applicationTier.name).toBe('Basic');

    const recorded = await record(admin, order.reference);
    expect(recorded.errors, JSON.stringify(recorded.errors)).toBeUndefined();
    expect(recorded.data!.recordInvoicePayment).toEqual({
      id: order.id,
      status: 'PAID',
      provider: 'INVOICE',
      amountInPennies: 4900,
      currencyCode: 'USD',
      reference: order.reference,
      tier: { name: 'Guided' },
    });
    const c = await readCase(owner, caseId);
    expect(c.applicationTier.name).toBe('Guided');
    expect(c.pendingPayment).toBeNull();
    const row = await orderRow(order.id);
    expect(row.status).toBe('paid');
    expect(row.paid_at).not.toBeNull();
    const mails = await receipts(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Payment received: ${order.reference}`);
    expect(mails[0]!.subject).toBe(paymentTexts.receiptSubject(order.reference));
    expect(mails[0]!.body).toContain('Hello Ada Lovelace,');
    expect(mails[0]!.body).toContain(`Invoice number: ${order.reference}`);
    expect(mails[0]!.body).toContain('Amount received: $49 USD');
    expect(mails[0]!.body).toContain('Item: Guided tier, ');
    expect(mails[0]!.body).toContain(`(case ${caseId}) is now on the Guided tier.`);
    const { rows: events } = await server.db.query<{ provider: string; event_type: string }>('SELECT provider, event_type FROM payment_events WHERE order_id = $1', [order.id]);
    expect(events).toEqual([{ provider: 'invoice', event_type: `invoice.payment_recorded by user ${admin.user.id}` }]);

    // Again (even typed in lower case): already paid, nothing changes — no second receipt, the tier stays.
    await server.db.query('UPDATE application_cases SET tier_id = 203 WHERE id = $1', [caseId]);
    const again = await record(admin, ` ${order.reference.toLowerCase()} `);
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
    expect(reasonOf(again)).toBe('ALREADY_PAID');
    expect(again.errors![0]!.message).toBe(paymentTexts.invoiceAlreadyPaid(order.reference, row.paid_at!.toISOString().slice(0, 10)));
    expect(again.errors![0]!.message).toContain('is already paid');
    expect((await readCase(owner, caseId)).applicationTier.name).toBe('Priority');
    expect(await receipts(owner.email)).toHaveLength(1);
    expect((await orderRow(order.id)).paid_at).toEqual(row.paid_at);
    const { rows: after } = await server.db.query('SELECT 1 FROM payment_events WHERE order_id = $1', [order.id]);
    expect(after).toHaveLength(1);
  });

  it('refuses everyone but administrators: the buyer and an agent (FORBIDDEN); visitors (UNAUTHENTICATED)', async () => {
    const owner = await signUp(server);
    const agent = await signUp(server);
    await server.db.query('UPDATE users SET agent = true, is_company_agent = true, is_manager = true WHERE id = $1', [agent.user.id]);
    const { caseId, order } = await invoicedCase(owner);
    for (const who of [owner, agent]) {
      const r = await record(who, order.reference);
      expect(codeOf(r)).toBe('FORBIDDEN');
      expect(r.data?.recordInvoicePayment ?? null).toBeNull();
    }
    // Refused before the number is looked at: an unknown number answers the same.
    expect(codeOf(await record(owner, 'INV-2020-999999'))).toBe('FORBIDDEN');
    expect(codeOf(await record(null, order.reference))).toBe('UNAUTHENTICATED');
    expect(codeOf(await record(admin, order.reference, 'public_graphql'))).toBe('UNAUTHENTICATED');
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    expect((await readCase(owner, caseId)).applicationTier.name).toBe('Basic');
    expect(await receipts(owner.email)).toHaveLength(0);
  });

  it('refuses malformed and forged numbers, Stripe, free, canceled and failed orders, each with its message', async () => {
    const owner = await signUp(server);
    const { caseId, order } = await invoicedCase(owner);
    const [, yearText, idText] = /^INV-(\d{4})-(\d{6})$/.exec(order.reference)!;
    const year = Number(yearText);
    const refused = async (invoice: string, code: string, reason: string, message: string) => {
      const r = await record(admin, invoice);
      expect(r.errors?.[0], invoice).toMatchObject({ message, extensions: { code, reason, argumentName: 'invoice' } });
    };
    for (const bad of ['', 'INV-26-000042', '42', "INV-2026-000042' OR 1=1", 'INV-2026-000000', 'INV-2026-99999999999999999999', 'INV-2026-00004a']) {
      await refused(bad, 'BAD_USER_INPUT', 'MALFORMED', paymentTexts.invoiceMalformed);
    }
    const wrongYear = `INV-${year - 1}-${idText}`;
    await refused(wrongYear, 'NOT_FOUND', 'WRONG_YEAR', paymentTexts.invoiceWrongYear(wrongYear, year));
    await refused(`INV-${year}-999999`, 'NOT_FOUND', 'UNKNOWN', paymentTexts.invoiceUnknown(`INV-${year}-999999`));
    // The right id with an extra leading zero is not the number that was issued.
    await refused(`INV-${year}-0${idText}`, 'NOT_FOUND', 'UNKNOWN', paymentTexts.invoiceUnknown(`INV-${year}-0${idText}`));
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');

    // A canceled and a failed invoice order.
    await server.db.query(`UPDATE payment_orders SET status = 'canceled' WHERE id = $1`, [order.id]);
    await refused(order.reference, 'BAD_USER_INPUT', 'CANCELED', paymentTexts.invoiceCanceled(order.reference));
    await server.db.query(`UPDATE payment_orders SET status = 'failed' WHERE id = $1`, [order.id]);
    await refused(order.reference, 'BAD_USER_INPUT', 'FAILED', paymentTexts.invoiceFailed(order.reference));
    expect((await orderRow(order.id)).status).toBe('failed');

    // A Stripe order awaiting its webhook (as the Stripe provider stores it).
    const { rows: stripeRows } = await server.db.query<{ id: number; created_at: Date }>(
      `INSERT INTO payment_orders (case_id, tier_id, user_id, provider, status, amount_in_pennies, currency_code, provider_reference, idempotency_key)
       VALUES ($1, 203, $2, 'stripe', 'awaiting_payment', 14900, 'USD', $3, $4) RETURNING id, created_at`,
      [caseId, owner.user.id, `pi_test_${caseId}`, `hearth-order-test-${caseId}`],
    );
    const stripeNumber = invoiceNumber(Number(stripeRows[0]!.id), stripeRows[0]!.created_at);
    await refused(stripeNumber, 'BAD_USER_INPUT', 'NOT_AN_INVOICE', paymentTexts.invoiceNotInvoiced(stripeNumber));
    expect((await orderRow(String(stripeRows[0]!.id))).status).toBe('awaiting_payment');

    // A free tier's order (refinance: Rate check is free).
    const refinance = await graphqlAs(server, owner, 'mutation { createRefinance { id } }');
    const refinanceId = refinance.data!.createRefinance.id as string;
    const free = await postJson(server, '/v1/api/payments/', { caseId: refinanceId, tierId: 302 }, { Authorization: `Token ${owner.token}` });
    const freeOrder = ((await free.json()) as { order: { id: string; provider: string } }).order;
    expect(freeOrder.provider).toBe('free');
    const { rows: freeRows } = await server.db.query<{ created_at: Date }>('SELECT created_at FROM payment_orders WHERE id = $1', [freeOrder.id]);
    const freeNumber = invoiceNumber(Number(freeOrder.id), freeRows[0]!.created_at);
    await refused(freeNumber, 'BAD_USER_INPUT', 'NOT_AN_INVOICE', paymentTexts.invoiceFree(freeNumber));

    // None of them moved the case or mailed a receipt.
    expect((await readCase(owner, caseId)).applicationTier.name).toBe('Basic');
    expect(await receipts(owner.email)).toHaveLength(0);
  });

  it('records each payment once when two administrators record it at the same moment', async () => {
    const owner = await signUp(server);
    const { caseId, order } = await invoicedCase(owner);
    const results = await Promise.allSettled([
      recordInvoicePayment(server.db, order.reference, { kind: 'cli' }),
      recordInvoicePayment(server.db, order.reference, { kind: 'cli' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'ALREADY_PAID' });
    expect((await readCase(owner, caseId)).applicationTier.name).toBe('Guided');
    expect(await receipts(owner.email)).toHaveLength(1);
  });
});

describe(`npm run payments:record (${engineName()})`, () => {
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runRecordPayment(server.db, argv, { info: (l) => lines.push(l), error: (l) => lines.push(l) });
    return { code, output: lines.join('\n') };
  };

  it('records an invoice (0), refuses it a second time and unknown numbers (1), and wrong command lines (2)', async () => {
    const owner = await signUp(server);
    const { caseId, order } = await invoicedCase(owner);
    const recorded = await run('--invoice', order.reference);
    expect(recorded).toEqual({ code: 0, output: paymentTexts.invoiceRecorded(order.reference, 'Guided', Number(caseId)) });
    expect((await readCase(owner, caseId)).applicationTier.name).toBe('Guided');
    expect(await receipts(owner.email)).toHaveLength(1);
    const { rows: events } = await server.db.query<{ event_type: string }>('SELECT event_type FROM payment_events WHERE order_id = $1', [order.id]);
    expect(events.map((e) => e.event_type)).toEqual(['invoice.payment_recorded by command line']);

    const again = await run('--invoice', order.reference);
    expect(again.code).toBe(1);
    expect(again.output).toContain(`Invoice ${order.reference} is already paid`);
    expect(await receipts(owner.email)).toHaveLength(1);
    expect(await run('--invoice', 'INV-2020-999999')).toEqual({ code: 1, output: paymentTexts.invoiceUnknown('INV-2020-999999') });
    expect(await run('--invoice', 'nonsense')).toEqual({ code: 1, output: paymentTexts.invoiceMalformed });

    for (const argv of [[], ['--invoice'], ['INV-2026-000042'], ['--invoice', 'INV-2026-000042', '--amount', '1']]) {
      const wrong = await run(...argv);
      expect(wrong.code, argv.join(' ')).toBe(2);
      expect(wrong.output).toContain('Usage: npm run payments:record -- --invoice INV-YYYY-NNNNNN');
    }
  });

  it('the script itself answers a wrong command line with its usage and exit code 2', async () => {
    const run = promisify(execFile);
    const failed = await run('node', ['--import', 'tsx', 'server/payments/record-cli.ts', '--invoce', 'INV-2026-000042'], { cwd: REPO_ROOT }).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain('Usage: npm run payments:record');
  }, 60_000);

  // The whole script on an embedded database of its own (a data directory, as an installation has one). On
  // PostgreSQL the tests live in a schema of their own, which the script (DATABASE_URL only) cannot name.
  it.skipIf(!!process.env.DATABASE_URL)('the script records an invoice in the database of DATA_DIR', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hearth-record-cli-'));
    try {
      const own = await startTestServer({ dataDir: join(dataDir, 'pglite') });
      let reference: string;
      let caseId: string;
      let email: string;
      try {
        const owner = await signUp(own);
        email = owner.email;
        const r = await graphqlAs(own, owner, 'mutation { createPreQualification { id } }');
        caseId = r.data!.createPreQualification.id as string;
        const response = await postJson(own, '/v1/api/payments/', { caseId, tierId: 203 }, { Authorization: `Token ${owner.token}` });
        reference = ((await response.json()) as { order: { reference: string } }).order.reference;
      } finally {
        await own.close();
      }
      const run = promisify(execFile);
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const done = await run('node', ['--import', 'tsx', 'server/payments/record-cli.ts', '--invoice', reference], { cwd: REPO_ROOT, env });
      expect(done.stdout).toContain(paymentTexts.invoiceRecorded(reference, 'Priority', Number(caseId)));
      const again = await run('node', ['--import', 'tsx', 'server/payments/record-cli.ts', '--invoice', reference], { cwd: REPO_ROOT, env }).catch((e) => e);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('is already paid');

      const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      try {
        const { rows } = await db.query<{ status: string; tier_id: number }>(
          'SELECT o.status, c.tier_id FROM payment_orders o JOIN application_cases c ON c.id = o.case_id WHERE o.provider_reference = $1',
          [reference],
        );
        expect(rows.map((x) => [x.status, Number(x.tier_id)])).toEqual([['paid', 203]]);
        const { rows: mails } = await db.query<{ subject: string }>('SELECT subject FROM outbox WHERE to_address = $1 ORDER BY id', [email]);
        expect(mails.map((m) => m.subject).filter((subject) => /^(Invoice|Payment received)/.test(subject))).toEqual([paymentTexts.invoiceSubject(reference), paymentTexts.receiptSubject(reference)]);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
