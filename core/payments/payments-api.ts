/**
 * Application tiers and payments (spec §3 Application tier; §7 case(id) with its application tiers, POST
 * /v1/api/payments/; issue 20): the case's tiers over GraphQL (checked against server/schema.graphql by
 * core/graphql/operations.test.ts) and the REST call that buys one. Errors come back as values (the tier picker
 * shows them), never toasted here.
 */
import * as z from 'zod/mini';
import { authHeaders, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/config';
import { query, type Failure, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';

z.config({ jitless: true });

// ---- operations ----

const TIER_FIELDS = /* GraphQL */ `
  id
  name
  tierLevel
  active
  price
  priceCurrencyCode
  modal
`;

export const CaseTiersQuery = /* GraphQL */ `
  query CaseTiers($id: ID!) {
    case(id: $id) {
      id
      applicationTier {
        ${TIER_FIELDS}
      }
      applicationTiers {
        ${TIER_FIELDS}
      }
      pendingPayment {
        id
        status
        provider
        amountInPennies
        currencyCode
        reference
        tier {
          ${TIER_FIELDS}
        }
      }
    }
  }
`;

// ---- answers ----

const tierShape = {
  id: z.string(),
  name: z.string(),
  tierLevel: z.number(),
  active: z.boolean(),
  price: z.number(),
  priceCurrencyCode: z.string(),
  modal: z.string(),
};

const caseTiersSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    applicationTier: z.nullable(z.object(tierShape)),
    applicationTiers: z.array(z.object(tierShape)),
    pendingPayment: z.nullable(
      z.object({
        id: z.string(),
        status: z.string(),
        provider: z.enum(['STRIPE', 'INVOICE', 'FREE']),
        amountInPennies: z.number(),
        currencyCode: z.string(),
        reference: z.nullable(z.string()),
        tier: z.object(tierShape),
      }),
    ),
  }),
);

export type CaseTiers = z.infer<ReturnType<typeof caseTiersSchema.schema>>;
export type ApplicationTier = CaseTiers['applicationTiers'][number];
export type PendingPayment = NonNullable<CaseTiers['pendingPayment']>;

const orderSchema = lazySchema(() =>
  z.object({
    /** Stripe Checkout's hosted page to send the customer to; null for invoices and free tiers. */
    checkoutUrl: z.optional(z.nullable(z.string())),
    order: z.object({
      id: z.string(),
      caseId: z.string(),
      tierId: z.string(),
      provider: z.enum(['stripe', 'invoice', 'free']),
      status: z.enum(['awaiting_payment', 'paid', 'failed', 'canceled']),
      amountInPennies: z.number(),
      currencyCode: z.string(),
      reference: z.nullable(z.string()),
    }),
  }),
);

export type PaymentOrder = z.infer<ReturnType<typeof orderSchema.schema>>['order'];

export interface ChosenOrder {
  order: PaymentOrder;
  /** Where to pay it (Stripe Checkout): the element sends the whole page there. */
  checkoutUrl: string | null;
}

// ---- calls ----

/** The case's tiers, the one it is on and an order awaiting payment; always from the network (a payment may have landed). */
export function loadCaseTiers(caseId: string): Promise<Result<CaseTiers>> {
  return query(CaseTiersQuery, { id: caseId }, caseTiersSchema, { muteError: true, requestPolicy: 'network-only' });
}

/** POST /v1/api/payments/ { caseId, tierId, returnUrl } (returnUrl: the page Checkout comes back to); never throws. */
export async function choosePaymentTier(caseId: string, tierId: string, returnUrl: string): Promise<Result<ChosenOrder>> {
  const { api, partner } = runtimeSettings();
  const params = partner ? `?${new URLSearchParams({ partner }).toString()}` : '';
  try {
    const response = await fetch(`${api}/v1/api/payments/${params}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
      credentials: isSameOrigin() ? 'include' : 'omit',
      body: JSON.stringify({ caseId, tierId, returnUrl }),
    });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const parsed = orderSchema.safeParse(body);
    if (response.ok && parsed.success) return { ok: true, value: { order: parsed.data.order, checkoutUrl: parsed.data.checkoutUrl ?? null } };
    const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : null;
    const kind: Failure['kind'] =
      response.status === 401 ? 'unauthenticated' : response.status === 404 ? 'not-found' : response.status === 400 || response.status === 409 ? 'invalid' : 'server';
    return { ok: false, failure: { kind, message, code: null, argument: null } };
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, code: null, argument: null } };
  }
}
