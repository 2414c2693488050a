/**
 * Recording the payment of an invoice (the offline invoice provider's last step, provider.ts): an administrator
 * (GraphQL recordInvoicePayment) or an operator on the command line (`npm run payments:record`, record-cli.ts)
 * names the invoice number the customer paid with, INV-YYYY-NNNNNN (invoice.ts: the order's year and id). In one
 * transaction the order awaiting payment becomes paid and its case moves to the tier — through applyPaidOrder,
 * the same code that applies the Stripe webhook's success — the recording is kept in payment_events (who
 * recorded it; at most once per order) and the receipt mail goes to the outbox. Anything else (a malformed or
 * forged number, a Stripe or free order, a canceled or failed one, one already paid) is refused with its own
 * message and changes nothing.
 */
import { parseArgs } from 'node:util';
import { formatMoney } from '../../core/format/money';
import { paymentTexts } from '../../core/i18n/payments';
import type { UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { DomainError } from '../domain-error';
import { requireAdministrator } from '../partners/admin';
import { queueMail } from '../mail/outbox';
import { invoiceNumber } from './invoice';
import { applyPaidOrder, lockOrder, type PaymentOrder } from './orders';

/** Who records the payment: an administrator (checked here), or the operator's command line. */
export type RecordedBy = { kind: 'user'; user: UserRecord } | { kind: 'cli' };

/** Why a recording was refused (extensions.reason beside the message). */
export type RecordRefusal = 'MALFORMED' | 'UNKNOWN' | 'WRONG_YEAR' | 'NOT_AN_INVOICE' | 'CANCELED' | 'FAILED' | 'ALREADY_PAID';

export interface RecordedPayment {
  order: PaymentOrder;
  invoice: string;
  tierName: string;
  caseId: number;
}

const INVOICE = /^INV-(\d{4})-(\d{6,15})$/;

const refuse = (code: 'BAD_USER_INPUT' | 'NOT_FOUND', reason: RecordRefusal, message: string) =>
  new DomainError(code, message, 'invoice', { reason });

/** The order id and year an invoice number names; refused unless it is one (INV-YYYY-NNNNNN). */
export function parseInvoiceNumber(raw: string): { number: string; year: number; orderId: number } {
  const number = raw.trim().toUpperCase();
  const match = INVOICE.exec(number);
  const orderId = match ? Number(match[2]) : NaN;
  if (!match || !Number.isSafeInteger(orderId) || orderId <= 0) throw refuse('BAD_USER_INPUT', 'MALFORMED', paymentTexts.invoiceMalformed);
  return { number, year: Number(match[1]), orderId };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Records that invoice `invoice` was paid. Administrators only (FORBIDDEN for anyone else) when recorded by a
 * user; the command line is the operator. Returns the paid order.
 */
export async function recordInvoicePayment(db: Database, invoice: string, recordedBy: RecordedBy): Promise<RecordedPayment> {
  if (recordedBy.kind === 'user') requireAdministrator(recordedBy.user);
  const { number, year, orderId } = parseInvoiceNumber(invoice);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw refuse('NOT_FOUND', 'UNKNOWN', paymentTexts.invoiceUnknown(number));
    if (order.createdAt.getUTCFullYear() !== year) throw refuse('NOT_FOUND', 'WRONG_YEAR', paymentTexts.invoiceWrongYear(number, order.createdAt.getUTCFullYear()));
    // The canonical number of the order (leading zeros as issued): INV-2026-0000042 names no invoice.
    const issued = invoiceNumber(order.id, order.createdAt);
    if (issued !== number) throw refuse('NOT_FOUND', 'UNKNOWN', paymentTexts.invoiceUnknown(number));
    if (order.provider === 'stripe') throw refuse('BAD_USER_INPUT', 'NOT_AN_INVOICE', paymentTexts.invoiceNotInvoiced(number));
    if (order.provider === 'free') throw refuse('BAD_USER_INPUT', 'NOT_AN_INVOICE', paymentTexts.invoiceFree(number));
    if (order.status === 'paid') throw refuse('BAD_USER_INPUT', 'ALREADY_PAID', paymentTexts.invoiceAlreadyPaid(number, day(order.paidAt ?? order.createdAt)));
    if (order.status === 'canceled') throw refuse('BAD_USER_INPUT', 'CANCELED', paymentTexts.invoiceCanceled(number));
    if (order.status === 'failed') throw refuse('BAD_USER_INPUT', 'FAILED', paymentTexts.invoiceFailed(number));

    const paid = await applyPaidOrder(tx, order);
    // Who recorded it, once per order (the event id is the invoice number: a second recording cannot be stored).
    await tx.query(`INSERT INTO payment_events (event_id, provider, event_type, order_id) VALUES ($1, 'invoice', $2, $3)`, [
      `invoice-paid:${issued}`,
      recordedBy.kind === 'user' ? `invoice.payment_recorded by user ${recordedBy.user.id}` : 'invoice.payment_recorded by command line',
      order.id,
    ]);
    const detail = await receiptDetail(tx, paid);
    const amount = `${formatMoney(paid.amountInPennies, paid.currencyCode)} ${paid.currencyCode}`;
    await queueMail(tx, {
      to: detail.email,
      subject: paymentTexts.receiptSubject(issued),
      body: paymentTexts.receiptBody({
        name: detail.name,
        number: issued,
        amount,
        tier: detail.tierName,
        applicationType: detail.typeName,
        caseId: paid.caseId,
        paidOn: day(paid.paidAt ?? new Date()),
      }),
    });
    return { order: paid, invoice: issued, tierName: detail.tierName, caseId: paid.caseId };
  });
}

async function receiptDetail(tx: Queryable, order: PaymentOrder) {
  const { rows } = await tx.query<{ email: string; first_name: string; last_name: string; tier_name: string; type_name: string }>(
    `SELECT u.email, u.first_name, u.last_name, tr.name AS tier_name, t.name AS type_name
       FROM payment_orders o
       JOIN users u ON u.id = o.user_id
       JOIN application_tiers tr ON tr.id = o.tier_id
       JOIN application_cases c ON c.id = o.case_id
       JOIN application_types t ON t.id = c.application_type_id
      WHERE o.id = $1`,
    [order.id],
  );
  const row = rows[0];
  if (!row) throw new Error(`Order ${order.id} has no customer, tier or case.`);
  return { email: row.email, name: `${row.first_name} ${row.last_name}`.trim() || row.email, tierName: row.tier_name, typeName: row.type_name };
}

// ---------------------------------------------------------------------------------------------------
// The command line (record-cli.ts): `npm run payments:record -- --invoice INV-2026-000042`

export const RECORD_USAGE = `Usage: npm run payments:record -- --invoice INV-YYYY-NNNNNN
Records that the invoice was paid (bank transfer received): the order becomes paid, the case moves to its tier
and the customer is mailed a receipt.`;

export interface CommandOutput {
  info(line: string): void;
  error(line: string): void;
}

/** The command line, read; an error names what is wrong. */
export function parseRecordArgs(argv: string[]): { invoice: string } | { error: string } {
  try {
    const { values } = parseArgs({ args: argv, options: { invoice: { type: 'string' } }, strict: true, allowPositionals: false });
    if (!values.invoice) return { error: '--invoice is required.' };
    return { invoice: values.invoice };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Runs the command: 0 recorded; 1 refused (the message says why); 2 a wrong command line. */
export async function runRecordPayment(db: Database, argv: string[], out: CommandOutput): Promise<number> {
  const parsed = parseRecordArgs(argv);
  if ('error' in parsed) {
    out.error(`${parsed.error}\n${RECORD_USAGE}`);
    return 2;
  }
  try {
    const recorded = await recordInvoicePayment(db, parsed.invoice, { kind: 'cli' });
    out.info(paymentTexts.invoiceRecorded(recorded.invoice, recorded.tierName, recorded.caseId));
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}
