/**
 * Buying an application tier (issue 20; spec §7 POST /v1/api/payments/). Only the case's owner may choose a tier
 * for it; anyone else, and ids that do not exist, get NOT_FOUND. A free tier is applied at once. A paid one
 * becomes an order awaiting payment with the configured provider (provider.ts): the case's tier changes only
 * when the provider's verified success arrives (applyProviderEvent), or an administrator records an invoice's
 * payment (invoice-payments.ts) — both through applyPaidOrder — exactly once: an event id seen before
 * changes nothing, and an order that is no longer awaiting payment is never paid twice.
 */
import { randomUUID } from 'node:crypto';
import { paymentTexts } from '../../core/i18n/payments';
import type { UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import type { OrderToCollect, PaymentProvider } from './provider';
import { currentTierOfCase, findTier, isFree, type ApplicationTier } from './tiers';

export type OrderStatus = 'awaiting_payment' | 'paid' | 'failed' | 'canceled';
export type OrderProvider = 'stripe' | 'invoice' | 'free';

export interface PaymentOrder {
  id: number;
  caseId: number;
  tierId: number;
  userId: number;
  provider: OrderProvider;
  status: OrderStatus;
  amountInPennies: number;
  currencyCode: string;
  reference: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

interface OrderRow {
  id: number;
  case_id: number;
  tier_id: number;
  user_id: number;
  provider: OrderProvider;
  status: OrderStatus;
  amount_in_pennies: number;
  currency_code: string;
  provider_reference: string | null;
  created_at: Date;
  paid_at: Date | null;
}

const ORDER_COLUMNS = 'id, case_id, tier_id, user_id, provider, status, amount_in_pennies, currency_code, provider_reference, created_at, paid_at';

const toOrder = (r: OrderRow): PaymentOrder => ({
  id: Number(r.id),
  caseId: Number(r.case_id),
  tierId: Number(r.tier_id),
  userId: Number(r.user_id),
  provider: r.provider,
  status: r.status,
  amountInPennies: Number(r.amount_in_pennies),
  currencyCode: r.currency_code.trim(),
  reference: r.provider_reference,
  createdAt: r.created_at,
  paidAt: r.paid_at,
});

const caseNotFound = () => new DomainError('NOT_FOUND', paymentTexts.caseNotFound);

/** The open order of a case (awaiting payment), if any. */
export async function openOrderOfCase(db: Queryable, caseId: number): Promise<PaymentOrder | null> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE case_id = $1 AND status = 'awaiting_payment'`, [caseId]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export interface ChosenTier {
  order: PaymentOrder;
  tier: ApplicationTier;
  /** True when an order for the same tier was already awaiting payment (nothing new was started). */
  existing: boolean;
  /** Where the customer pays the order (Stripe Checkout's hosted page); null for invoices, free tiers and a session already paid. */
  checkoutUrl: string | null;
}

interface OwnedCase {
  id: number;
  typeId: number;
  typeName: string;
}

/** The case locked for the change, if the user owns it; else NOT_FOUND. */
async function ownedCase(tx: Queryable, caseId: number, user: UserRecord): Promise<OwnedCase> {
  const { rows } = await tx.query<{ id: number; user_id: number; type_id: number; type_name: string }>(
    `SELECT c.id, c.user_id, t.id AS type_id, t.name AS type_name FROM application_cases c JOIN application_types t ON t.id = c.application_type_id
      WHERE c.id = $1 FOR UPDATE OF c`,
    [caseId],
  );
  const row = rows[0];
  if (!row || Number(row.user_id) !== user.id) throw caseNotFound();
  return { id: Number(row.id), typeId: Number(row.type_id), typeName: row.type_name };
}

const customerOf = (user: UserRecord) => ({ email: user.email, name: `${user.firstName} ${user.lastName}`.trim() || user.email });

/**
 * The owner chooses `tierId` for case `caseId`. Free: applied at once (a 'free' order, paid). Paid: an order
 * awaiting payment with `provider`; choosing the same tier again while it awaits answers that order (with Stripe,
 * its Checkout page again while the session is open; a session that expired cancels the order and starts anew).
 * `returnUrl`: the page Checkout sends the customer back to (checked by the caller).
 */
export async function chooseTier(
  db: Database,
  user: UserRecord,
  caseId: number,
  tierId: number,
  provider: PaymentProvider,
  returnUrl: URL | null = null,
): Promise<ChosenTier> {
  const chosen = await startOrder(db, user, caseId, tierId, provider, returnUrl);
  if (!chosen.existing || chosen.order.provider !== 'stripe' || !provider.resume || !chosen.order.reference) return chosen;
  let resumed: Awaited<ReturnType<NonNullable<PaymentProvider['resume']>>>;
  try {
    resumed = await provider.resume(chosen.order.reference);
  } catch (error) {
    throw new PaymentProviderError(error);
  }
  if (resumed.state === 'open') return { ...chosen, checkoutUrl: resumed.checkoutUrl };
  if (resumed.state !== 'expired') return chosen;
  // Expired at Stripe (its checkout.session.expired event may still be on its way): the order is over; a new one.
  await db.query(`UPDATE payment_orders SET status = 'canceled', updated_at = now() WHERE id = $1 AND status = 'awaiting_payment'`, [chosen.order.id]);
  return startOrder(db, user, caseId, tierId, provider, returnUrl);
}

async function startOrder(db: Database, user: UserRecord, caseId: number, tierId: number, provider: PaymentProvider, returnUrl: URL | null): Promise<ChosenTier> {
  const started = await db.transaction(async (tx) => {
    const c = await ownedCase(tx, caseId, user);
    const tier = await findTier(tx, tierId);
    if (!tier || tier.applicationTypeId !== c.typeId || !tier.active) throw badInput(paymentTexts.notATier, 'tierId');
    const open = await openOrderOfCase(tx, c.id);
    if (open) {
      if (open.tierId === tier.id) return { order: open, tier, existing: true, collect: null };
      const openTier = await findTier(tx, open.tierId);
      throw badInput(paymentTexts.paymentPending(openTier?.name ?? String(open.tierId)), 'tierId', { pendingOrderId: String(open.id) });
    }
    const current = await currentTierOfCase(tx, c.id);
    if (current && tier.tierLevel <= current.tierLevel) throw badInput(paymentTexts.alreadyOnTier, 'tierId');

    const free = isFree(tier);
    const { rows } = await tx.query<OrderRow>(
      `INSERT INTO payment_orders (case_id, tier_id, user_id, provider, status, amount_in_pennies, currency_code, idempotency_key, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $5 = 'paid' THEN now() END) RETURNING ${ORDER_COLUMNS}`,
      [c.id, tier.id, user.id, free ? 'free' : provider.name, free ? 'paid' : 'awaiting_payment', tier.priceInPennies, tier.priceCurrencyCode, `hearth-order-${randomUUID()}`],
    );
    let order = toOrder(rows[0]!);
    if (free) {
      await tx.query('UPDATE application_cases SET tier_id = $2, updated_at = now() WHERE id = $1', [c.id, tier.id]);
      return { order, tier, existing: false, collect: null };
    }
    const { rows: keys } = await tx.query<{ idempotency_key: string }>('SELECT idempotency_key FROM payment_orders WHERE id = $1', [order.id]);
    const collect: OrderToCollect = {
      id: order.id,
      caseId: c.id,
      tierId: tier.id,
      tierName: tier.name,
      applicationTypeName: c.typeName,
      amountInPennies: order.amountInPennies,
      currencyCode: order.currencyCode,
      idempotencyKey: keys[0]!.idempotency_key,
      customer: customerOf(user),
      createdAt: order.createdAt,
      returnUrl,
    };
    // The invoice provider mails inside this transaction: the order and its invoice are stored together or not at all.
    if (provider.name === 'invoice') {
      const { reference } = await provider.collect(collect, tx);
      order = await setReference(tx, order.id, reference);
      return { order, tier, existing: false, collect: null };
    }
    return { order, tier, existing: false, collect };
  });
  if (!started.collect) return { order: started.order, tier: started.tier, existing: started.existing, checkoutUrl: null };

  // Stripe: an HTTP call, outside the transaction. The idempotency key makes a retry of the same order safe.
  try {
    const { reference, checkoutUrl } = await provider.collect(started.collect, null);
    return { order: await setReference(db, started.order.id, reference), tier: started.tier, existing: false, checkoutUrl };
  } catch (error) {
    await db.query(`UPDATE payment_orders SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'awaiting_payment'`, [started.order.id]);
    throw new PaymentProviderError(error);
  }
}

/** The provider refused or did not answer; the order is marked failed. */
export class PaymentProviderError extends Error {
  constructor(readonly causeError: unknown) {
    super(paymentTexts.providerDown);
  }
}

async function setReference(db: Queryable, orderId: number, reference: string): Promise<PaymentOrder> {
  const { rows } = await db.query<OrderRow>(
    `UPDATE payment_orders SET provider_reference = $2, updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
    [orderId, reference],
  );
  return toOrder(rows[0]!);
}

// ---------------------------------------------------------------------------------------------------
// Provider events (verified by the caller: routes.ts checks the signature before calling this)

export interface ProviderEvent {
  id: string;
  provider: 'stripe';
  type: string;
  /** The provider's reference of the order (the Checkout Session id; a PaymentIntent id for orders made before Checkout). */
  reference: string;
  amountInPennies: number;
  currencyCode: string;
  /** Our order id as the metadata carried it, checked against the order found by reference. */
  orderId: string | null;
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

const EVENT_STATUS: Record<string, OrderStatus> = {
  // Checkout (routes.ts passes checkout.session.completed on only when its payment_status is 'paid').
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'canceled',
  // Orders confirmed as PaymentIntents before Checkout (their reference is a pi_ id); no new order is made so.
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
};

/**
 * Applies a verified provider event once. A succeeded payment marks its order paid and moves the case to the
 * order's tier — only when the amount and currency are the order's and the order was still awaiting payment.
 */
export async function applyProviderEvent(db: Database, event: ProviderEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const status = EVENT_STATUS[event.type];
    const { rows: found } = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE provider = $1 AND provider_reference = $2 FOR UPDATE`,
      [event.provider, event.reference],
    );
    const order = found[0] ? toOrder(found[0]) : null;
    const inserted = await tx.query<{ event_id: string }>(
      `INSERT INTO payment_events (event_id, provider, event_type, order_id) VALUES ($1, $2, $3, $4) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [event.id, event.provider, event.type.slice(0, 100), order?.id ?? null],
    );
    if (!inserted.rows[0]) return 'duplicate';
    if (!status || !order || order.status !== 'awaiting_payment') return 'ignored';
    if (event.orderId !== null && event.orderId !== String(order.id)) return 'ignored';
    if (status === 'paid' && (event.amountInPennies !== order.amountInPennies || event.currencyCode.toUpperCase() !== order.currencyCode)) return 'ignored';
    if (status === 'paid') {
      await applyPaidOrder(tx, order);
      return 'applied';
    }
    await tx.query(`UPDATE payment_orders SET status = $2, paid_at = NULL, updated_at = now() WHERE id = $1`, [order.id, status]);
    return 'applied';
  });
}

/**
 * The one way a paid order takes effect (the Stripe webhook above; a recorded invoice payment,
 * invoice-payments.ts): the order, locked FOR UPDATE by the caller's transaction and still awaiting payment,
 * becomes paid and its case moves to the order's tier.
 */
export async function applyPaidOrder(tx: Queryable, order: PaymentOrder): Promise<PaymentOrder> {
  if (order.status !== 'awaiting_payment') throw new Error(`Order ${order.id} is ${order.status}, not awaiting payment.`);
  const { rows } = await tx.query<OrderRow>(
    `UPDATE payment_orders SET status = 'paid', paid_at = now(), updated_at = now() WHERE id = $1 AND status = 'awaiting_payment' RETURNING ${ORDER_COLUMNS}`,
    [order.id],
  );
  if (!rows[0]) throw new Error(`Order ${order.id} was no longer awaiting payment.`);
  await tx.query('UPDATE application_cases SET tier_id = $2, updated_at = now() WHERE id = $1', [order.caseId, order.tierId]);
  return toOrder(rows[0]);
}

/** The order with this id, locked for the caller's transaction (FOR UPDATE); null if there is none. */
export async function lockOrder(tx: Queryable, orderId: number): Promise<PaymentOrder | null> {
  const { rows } = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE id = $1 FOR UPDATE`, [orderId]);
  return rows[0] ? toOrder(rows[0]) : null;
}
