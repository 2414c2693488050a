/**
 * Application tiers on the case (spec §3 Application tier; §7 case(id) "in several shapes (application tiers, …)";
 * issue 20): `case(id) { applicationTiers applicationTier pendingPayment }`. The case itself is read by
 * schema/sellers.ts, which lets only the case's owner (and company agents for seller cases) through; buying a
 * tier is POST /v1/api/payments/ (server/payments/routes.ts). An administrator records an invoice's payment with
 * recordInvoicePayment (server/payments/invoice-payments.ts).
 */
import { requireViewer } from '../../accounts/viewer';
import { recordInvoicePayment } from '../../payments/invoice-payments';
import { openOrderOfCase, type PaymentOrder } from '../../payments/orders';
import { currentTierOfCase, findTier, tiersOfType, type ApplicationTier } from '../../payments/tiers';
import { builder, declaredType } from './builder';

/** Declared in sellers.ts; named here so the domain files stay independent. */
const CaseName = declaredType<{ id: number; type: { id: number } }>('Case');

const ApplicationTierRef = builder.objectRef<ApplicationTier>('ApplicationTier').implement({
  description: 'A service level of an application type (spec §3 Application tier); a higher tierLevel is more service.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The tier's id (POST /v1/api/payments/ tierId)." }),
    name: t.exposeString('name', { description: 'Its name, e.g. Basic, Plus, Full service.' }),
    tierLevel: t.exposeInt('tierLevel', { description: 'Its level: 0 is the free tier every case starts on.' }),
    active: t.exposeBoolean('active', { description: 'Whether it is offered (a retired tier stays on the cases that bought it).' }),
    price: t.exposeInt('priceInPennies', { description: 'Its price in pennies (0: free).' }),
    priceCurrencyCode: t.exposeString('priceCurrencyCode', { description: 'The currency of the price (ISO 4217).' }),
    modal: t.exposeString('modal', { description: 'The text of the dialog that explains what the tier includes.' }),
  }),
});

const OrderStatusEnum = builder.enumType('PaymentOrderStatus', {
  description: 'Where an order for a tier stands.',
  values: {
    AWAITING_PAYMENT: { value: 'awaiting_payment', description: 'Started; the tier changes once the payment is confirmed.' },
    PAID: { value: 'paid', description: 'Paid (or free): the case is on the tier.' },
    FAILED: { value: 'failed', description: 'The payment failed.' },
    CANCELED: { value: 'canceled', description: 'The payment was cancelled.' },
  } as const,
});

const OrderProviderEnum = builder.enumType('PaymentProvider', {
  description: 'Who collects an order.',
  values: {
    STRIPE: { value: 'stripe', description: 'A card payment through Stripe.' },
    INVOICE: { value: 'invoice', description: 'An invoice mailed to the owner, paid by bank transfer.' },
    FREE: { value: 'free', description: 'Nothing to pay.' },
  } as const,
});

const PaymentOrderRef = builder.objectRef<PaymentOrder>('PaymentOrder').implement({
  description: 'An order for a tier of a case.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The order's id." }),
    status: t.field({ type: OrderStatusEnum, description: 'Where it stands.', resolve: (o) => o.status }),
    provider: t.field({ type: OrderProviderEnum, description: 'Who collects it.', resolve: (o) => o.provider }),
    amountInPennies: t.exposeInt('amountInPennies', { description: 'The amount in pennies at the time of the order.' }),
    currencyCode: t.exposeString('currencyCode', { description: 'Its currency (ISO 4217).' }),
    reference: t.exposeString('reference', { nullable: true, description: 'The invoice number, or the payment provider’s reference.' }),
    tier: t.field({
      type: ApplicationTierRef,
      description: 'The tier it buys.',
      resolve: async (o, _a, ctx) => {
        const tier = await findTier(ctx.db, o.tierId);
        if (!tier) throw new Error(`Order ${o.id} names tier ${o.tierId}, which does not exist.`);
        return tier;
      },
    }),
    created: t.string({ description: 'ISO 8601.', resolve: (o) => o.createdAt.toISOString() }),
  }),
});

builder.objectFields(CaseName, (t) => ({
  applicationTiers: t.field({
    type: [ApplicationTierRef],
    description: 'The tiers offered for the case’s application type, lowest level first (empty for types without tiers).',
    resolve: (c, _a, ctx) => tiersOfType(ctx.db, c.type.id),
  }),
  applicationTier: t.field({
    type: ApplicationTierRef,
    nullable: true,
    description: 'The tier the case is on: the one bought, else the free tier; null for types without tiers.',
    resolve: (c, _a, ctx) => currentTierOfCase(ctx.db, c.id),
  }),
  pendingPayment: t.field({
    type: PaymentOrderRef,
    nullable: true,
    description: 'The order for a tier that awaits payment; null when none does.',
    resolve: (c, _a, ctx) => openOrderOfCase(ctx.db, c.id),
  }),
}));

builder.mutationField('recordInvoicePayment', (t) =>
  t.field({
    type: PaymentOrderRef,
    description:
      'Hearth administrators only: records that an invoice was paid (the bank transfer arrived). The order becomes PAID, its case moves to the tier and the customer is mailed a receipt. Refused with its message (extensions.reason) for a malformed or unknown number, a wrong year, a Stripe or free order, a canceled or failed one, and one already paid.',
    args: {
      invoice: t.arg.string({ required: true, description: 'The invoice number the customer paid with, INV-YYYY-NNNNNN (e.g. INV-2026-000042).' }),
    },
    resolve: async (_root, args, ctx) => (await recordInvoicePayment(ctx.db, args.invoice, { kind: 'user', user: requireViewer(ctx).user })).order,
  }),
);
