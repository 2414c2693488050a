/**
 * Payments over REST (spec §7 POST /v1/api/payments/, "payload and response: not shown"; issue 20):
 *
 *   POST /v1/api/payments/          signed in, the case's owner: { caseId, tierId, returnUrl } → 201 { order, tier,
 *                                   checkoutUrl } (a new order: awaiting payment, or paid at once for a free tier),
 *                                   200 for the order of that tier already awaiting payment; 400 a tier that is not
 *                                   the case's or not above its current one, or a returnUrl not on the partner's
 *                                   origins (never an open redirect), 404 a case that is not the viewer's, 409
 *                                   another tier awaiting payment, 502 the provider did not answer. With Stripe,
 *                                   checkoutUrl is Stripe Checkout's hosted page, which returns to returnUrl.
 *   POST /v1/api/payments/webhook/  Stripe's events, verified with the SDK's constructEvent against
 *                                   STRIPE_WEBHOOK_SECRET: 400 for a bad signature (nothing applied); 200 otherwise,
 *                                   a replayed event id changing nothing. checkout.session.completed (paid) pays the
 *                                   order. 404 while Stripe is not configured.
 *
 * The provider is chosen when the router is built (provider.ts): Stripe with both keys set, else invoices.
 */
import type Stripe from 'stripe';
import { z } from 'zod';
import { authenticate, withDetailErrors } from '../accounts/session';
import { paymentTexts } from '../../core/i18n/payments';
import { DomainError } from '../domain-error';
import { isReturnUrlAllowed } from '../http/cors';
import { readBody, readJsonObject, REST_BODY_LIMIT } from '../http/body';
import { HttpError, notFound } from '../http/errors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import type { Partner } from '../partners/repository';
import { applyProviderEvent, chooseTier, PaymentProviderError, type ChosenTier } from './orders';
import { invoiceProvider, stripeClient, stripeProvider, stripeSettingsFromEnv, type PaymentProvider, type StripeSettings } from './provider';

const ID = z.union([z.string().regex(/^[1-9][0-9]{0,15}$/), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]).transform(Number);
export const PaymentBody = z.strictObject({
  caseId: ID.describe('The case (its id).'),
  tierId: ID.describe('The tier to buy for it (an id of case(id).applicationTiers).'),
  returnUrl: z
    .string()
    .max(2000)
    .optional()
    .describe("The page to come back to from Stripe Checkout (the page's own URL); on the partner's origins or the hosted site."),
});

/** Stripe sends events up to a few hundred kB; ours are small. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

async function readPaymentBody(ctx: RequestContext): Promise<z.infer<typeof PaymentBody>> {
  const parsed = PaymentBody.safeParse(await readJsonObject(ctx.req, REST_BODY_LIMIT));
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??=
      issue.code === 'unrecognized_keys'
        ? `Unknown fields: ${issue.keys.join(', ')}.`
        : field === 'returnUrl'
          ? paymentTexts.returnUrlInvalid
          : `${field} must be the id of a ${field === 'tierId' ? 'tier' : 'case'}.`;
  }
  throw new HttpError(400, 'validation', 'Some fields need attention.', fields);
}

/** The page Checkout returns to: an absolute http(s) URL on an origin the partner may be sent back to; else 400. */
function returnUrlOf(ctx: RequestContext, partner: Partner, raw: string | undefined, provider: PaymentProvider): URL | null {
  if (raw === undefined) {
    if (provider.name === 'stripe') throw new HttpError(400, 'validation', paymentTexts.returnUrlMissing, { returnUrl: paymentTexts.returnUrlMissing });
    return null;
  }
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  const { production, publicOrigin } = ctx.services.config;
  if (!url || !isReturnUrlAllowed(partner, url, { production, selfOrigin: publicOrigin })) {
    throw new HttpError(400, 'validation', paymentTexts.returnUrlInvalid, { returnUrl: paymentTexts.returnUrlInvalid });
  }
  return url;
}

export const orderJson = ({ order, tier, checkoutUrl }: ChosenTier) => ({
  checkoutUrl,
  order: {
    id: String(order.id),
    caseId: String(order.caseId),
    tierId: String(order.tierId),
    provider: order.provider,
    status: order.status,
    amountInPennies: order.amountInPennies,
    currencyCode: order.currencyCode,
    reference: order.reference,
    created: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  },
  tier: { id: String(tier.id), name: tier.name, tierLevel: tier.tierLevel, price: tier.priceInPennies, priceCurrencyCode: tier.priceCurrencyCode },
});

function createPayment(provider: PaymentProvider) {
  return async (ctx: RequestContext): Promise<void> => {
    const partner = await guardPartnerRequest(ctx);
    const viewer = await authenticate(ctx.services.db, ctx.req.headers, ctx.method);
    if (!viewer) throw new HttpError(401, 'not_authenticated', 'Sign in to choose a tier.');
    const body = await readPaymentBody(ctx);
    const returnUrl = returnUrlOf(ctx, partner, body.returnUrl, provider);
    let chosen: ChosenTier;
    try {
      chosen = await chooseTier(ctx.services.db, viewer.user, body.caseId, body.tierId, provider, returnUrl);
    } catch (error) {
      if (error instanceof DomainError) {
        if (error.code === 'NOT_FOUND') throw notFound(error.message);
        const field = error.argumentName ?? 'body';
        if (error.extensions.pendingOrderId) throw new HttpError(409, 'payment_pending', error.message, { [field]: error.message });
        throw new HttpError(400, 'validation', error.message, { [field]: error.message });
      }
      if (error instanceof PaymentProviderError) {
        ctx.services.logger.error(`[payments] ${provider.name} refused case ${body.caseId} tier ${body.tierId}`, error.causeError);
        throw new HttpError(502, 'provider_unavailable', error.message);
      }
      throw error;
    }
    ctx.services.logger.info(`[payments] case ${chosen.order.caseId} tier ${chosen.tier.id}: order ${chosen.order.id} ${chosen.order.provider} ${chosen.order.status}`);
    sendJson(ctx.res, chosen.existing ? 200 : 201, orderJson(chosen));
  };
}

function stripeWebhook(settings: StripeSettings) {
  const stripe = stripeClient(settings);
  return async (ctx: RequestContext): Promise<void> => {
    const raw = await readBody(ctx.req, WEBHOOK_BODY_LIMIT);
    const header = ctx.req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof header !== 'string') throw new Error('no signature');
      event = stripe.webhooks.constructEvent(raw, header, settings.webhookSecret);
    } catch {
      ctx.services.logger.warn('[payments] webhook with a missing or bad signature refused');
      throw new HttpError(400, 'bad_signature', 'The Stripe-Signature header does not verify this body.');
    }
    let outcome: Awaited<ReturnType<typeof applyProviderEvent>> = 'ignored';
    if (event.type.startsWith('checkout.session.')) {
      const session = event.data.object as Stripe.Checkout.Session;
      // Completed with a delayed method (a bank debit) is not paid yet: its async_payment_succeeded event pays it.
      const unpaid = event.type === 'checkout.session.completed' && session.payment_status !== 'paid';
      if (!unpaid) {
        outcome = await applyProviderEvent(ctx.services.db, {
          id: event.id,
          provider: 'stripe',
          type: event.type,
          reference: session.id,
          amountInPennies: session.amount_total ?? -1,
          currencyCode: session.currency ?? '',
          orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
        });
      }
    } else if (event.type.startsWith('payment_intent.')) {
      const intent = event.data.object as Stripe.PaymentIntent;
      outcome = await applyProviderEvent(ctx.services.db, {
        id: event.id,
        provider: 'stripe',
        type: event.type,
        reference: intent.id,
        amountInPennies: intent.amount_received || intent.amount,
        currencyCode: intent.currency,
        orderId: intent.metadata?.orderId ?? null,
      });
    }
    ctx.services.logger.info(`[payments] stripe event ${event.id} ${event.type}: ${outcome}`);
    sendJson(ctx.res, 200, { received: true, outcome });
  };
}

/** The routes with the provider the environment configures (read once, when the router is built). */
export function paymentRoutes(env: NodeJS.ProcessEnv = process.env): Record<string, Route> {
  const stripe = stripeSettingsFromEnv(env);
  const provider = stripe ? stripeProvider(stripe) : invoiceProvider;
  return {
    '/v1/api/payments/': { POST: withDetailErrors(createPayment(provider)), OPTIONS: partnerPreflight(['POST']) },
    '/v1/api/payments/webhook/': {
      POST: stripe
        ? stripeWebhook(stripe)
        : () => {
            throw notFound('Payments are not taken by Stripe here.');
          },
    },
  };
}
