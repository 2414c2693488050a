/**
 * The payment provider interface (issue 20; DESIGN §3 "the official stripe SDK behind a payment provider
 * interface"): Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, otherwise the offline invoice
 * provider, so `npm start` takes orders with no keys. STRIPE_API_URL points the SDK at another host (the local
 * HTTP double of the tests, server/payments/stripe-double.ts); unset, the SDK's own default (api.stripe.com).
 */
import Stripe from 'stripe';
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
}

/** The provider's own reference for the order (the PaymentIntent id; the invoice number). */
export interface StartedCollection {
  reference: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'invoice';
  /**
   * Starts collecting the order. The invoice provider works inside the order's transaction (`tx`: its mail goes
   * to the outbox with it); Stripe makes its HTTP call and is given no transaction.
   */
  collect(order: OrderToCollect, tx: Queryable | null): Promise<StartedCollection>;
}

/** Records the order as awaiting payment and mails the invoice (through the outbox, in the same transaction). */
export const invoiceProvider: PaymentProvider = {
  name: 'invoice',
  async collect(order, tx) {
    if (!tx) throw new Error('The invoice provider needs the order transaction.');
    await queueMail(tx, invoiceMail(order));
    return { reference: invoiceNumber(order.id, order.createdAt) };
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

/**
 * Stripe PaymentIntents. With a test-mode key (sk_test_…) the intent is confirmed at once with Stripe's test card
 * (pm_card_visa): the partner page's strict CSP cannot load Stripe.js, so this build pays test orders server-side.
 * The tier changes only when the signed payment_intent.succeeded event arrives (routes.ts).
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  const testMode = settings.secretKey.startsWith('sk_test_');
  return {
    name: 'stripe',
    async collect(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amountInPennies,
          currency: order.currencyCode.toLowerCase(),
          description: `${order.tierName} tier, ${order.applicationTypeName} (case ${order.caseId})`,
          receipt_email: order.customer.email,
          metadata: { orderId: String(order.id), caseId: String(order.caseId), tierId: String(order.tierId) },
          allowed_payment_method_types: ['card'],
          ...(testMode ? { confirm: true, payment_method: 'pm_card_visa' } : {}),
        },
        { idempotencyKey: order.idempotencyKey },
      );
      return { reference: intent.id };
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
