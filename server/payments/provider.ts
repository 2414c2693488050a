/**
 * The payment provider interface (issue 20; DESIGN §3 "the official stripe SDK behind a payment provider
 * interface"): Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, otherwise the offline invoice
 * provider, so `npm start` takes orders with no keys. STRIPE_API_URL points the SDK at another host (the local
 * HTTP double of the tests, server/payments/stripe-double.ts); unset, the SDK's own default (api.stripe.com).
 *
 * Stripe collects through Checkout (issue 37): a Checkout Session on Stripe's hosted page, which the element sends
 * the whole page to and which sends the customer back to the page they came from. No Stripe.js runs on the
 * partner's page, so its CSP stays as it is. The order is paid only by the signed checkout.session.completed
 * event (routes.ts), never by the return.
 */
import Stripe from 'stripe';
import { RETURN_PARAMS } from '../../core/payments/checkout-return';
import type { Queryable } from '../db';
import { queueMail } from '../mail/outbox';
import { invoiceMail, invoiceNumber } from './invoice';

/** What the provider needs to know of an order it is asked to collect. */
export interface OrderToCollect {
  id: number;
  caseId: number;
  tierId: number;
  tierName: string;
  applicationTypeName: string;
  amountInPennies: number;
  currencyCode: string;
  idempotencyKey: string;
  customer: { email: string; name: string };
  createdAt: Date;
  /** The page the customer chose the tier on (checked against the partner's origins by the route), for Checkout's return. */
  returnUrl: URL | null;
}

/** The provider's own reference for the order (the Checkout Session id; the invoice number). */
export interface StartedCollection {
  reference: string;
  /** Where the customer pays (Stripe's hosted Checkout page); null when nothing is paid on a page (invoices). */
  checkoutUrl: string | null;
}

/**
 * An open order's payment page again (the customer cancelled, or came back later). complete: paid at Stripe, the
 * webhook on its way; expired: no longer payable; elsewhere: not a Checkout Session (a PaymentIntent of an order
 * made before Checkout), nothing to open.
 */
export type ResumedCollection = { state: 'open'; checkoutUrl: string } | { state: 'complete' } | { state: 'expired' } | { state: 'elsewhere' };

export interface PaymentProvider {
  readonly name: 'stripe' | 'invoice';
  /**
   * Starts collecting the order. The invoice provider works inside the order's transaction (`tx`: its mail goes
   * to the outbox with it); Stripe makes its HTTP call and is given no transaction.
   */
  collect(order: OrderToCollect, tx: Queryable | null): Promise<StartedCollection>;
  /** Stripe: where an order awaiting payment stands at the provider (its session by `reference`). */
  resume?(reference: string): Promise<ResumedCollection>;
}

/** Records the order as awaiting payment and mails the invoice (through the outbox, in the same transaction). */
export const invoiceProvider: PaymentProvider = {
  name: 'invoice',
  async collect(order, tx) {
    if (!tx) throw new Error('The invoice provider needs the order transaction.');
    await queueMail(tx, invoiceMail(order));
    return { reference: invoiceNumber(order.id, order.createdAt), checkoutUrl: null };
  },
};

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The API's origin, e.g. the tests' double at http://127.0.0.1:PORT; null: the SDK's default. */
  apiUrl: string | null;
}

/** The Stripe client for the settings: the SDK, pointed at `apiUrl` when one is given. */
export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(url ? { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
}

/** The page's URL with the outcome of Checkout added (its own query and fragment kept; read by core/payments/checkout-return.ts). */
export function checkoutReturnUrl(page: URL, result: 'paid' | 'canceled', order: Pick<OrderToCollect, 'id' | 'caseId' | 'tierId'>): string {
  const url = new URL(page.href);
  const p = RETURN_PARAMS;
  for (const name of Object.values(p)) url.searchParams.delete(name);
  url.searchParams.set(p.result, result);
  url.searchParams.set(p.caseId, String(order.caseId));
  url.searchParams.set(p.orderId, String(order.id));
  url.searchParams.set(p.tierId, String(order.tierId));
  return url.href;
}

/** A Checkout Session stays payable this long; then Stripe expires it (checkout.session.expired cancels the order). */
const SESSION_LIFETIME_SECONDS = 60 * 60;

/**
 * Stripe Checkout. One Checkout Session per order, created with the order's idempotency key (a retry of the same
 * order answers the same session), its amount and currency from the order, our ids in client_reference_id and
 * metadata, and success/cancel URLs back to the page the customer came from.
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  return {
    name: 'stripe',
    async collect(order) {
      if (!order.returnUrl) throw new Error('A Checkout Session needs the page to return to.');
      const metadata = { orderId: String(order.id), caseId: String(order.caseId), tierId: String(order.tierId) };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currencyCode.toLowerCase(),
                unit_amount: order.amountInPennies,
                product_data: { name: `${order.tierName} tier`, description: `${order.applicationTypeName} (case ${order.caseId})` },
              },
            },
          ],
          customer_email: order.customer.email,
          client_reference_id: String(order.id),
          metadata,
          payment_intent_data: { metadata, description: `${order.tierName} tier, ${order.applicationTypeName} (case ${order.caseId})` },
          success_url: checkoutReturnUrl(order.returnUrl, 'paid', order),
          cancel_url: checkoutReturnUrl(order.returnUrl, 'canceled', order),
          // From the order's creation, not now: a retry with the same idempotency key must send the same parameters.
          expires_at: Math.floor(order.createdAt.getTime() / 1000) + SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: order.idempotencyKey },
      );
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL.`);
      return { reference: session.id, checkoutUrl: session.url };
    },
    async resume(reference) {
      if (!reference.startsWith('cs_')) return { state: 'elsewhere' };
      const session = await stripe.checkout.sessions.retrieve(reference);
      if (session.status === 'open' && session.url) return { state: 'open', checkoutUrl: session.url };
      return { state: session.status === 'complete' ? 'complete' : 'expired' };
    },
  };
}

/** Stripe settings from the environment; null unless both keys are set. */
export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  return { secretKey, webhookSecret, apiUrl: env.STRIPE_API_URL?.trim() || null };
}
