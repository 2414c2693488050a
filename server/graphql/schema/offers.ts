/**
 * Offers (spec §3 Offer, §4 make-offer flow, §7 createOffer; issue 7). All on /graphql/ for a signed-in
 * viewer; see server/offers/offers.ts for who may read what (buyer, listing seller once submitted,
 * company agent). Strangers get NOT_FOUND, like ids that do not exist.
 */
import { idArgument, requireViewer } from '../../accounts/viewer';
import type { CaseResponse } from '../../cases/cases';
import { publicUrl } from '../../http/public-url';
import { formatAddress } from '../../../core/format/address';
import {
  createOffer,
  listOffers,
  listOffersByListing,
  offerRole,
  readableOffer,
  type OfferListing,
  type OfferRecord,
} from '../../offers/offers';
import { responseFactsLoader } from '../../cases/response-facts';
import { sellerListingLoaders } from '../../sellers/listing-loaders';
import { builder, declaredType } from './builder';
import { ListingIdArgs, parseArgs } from './input';

// ---------------------------------------------------------------------------------------------------
// Types

export const CaseResponseRef = builder.objectRef<CaseResponse>('CaseResponse').implement({
  description: 'The questionnaire response of a case: open it with <hearth-questionnaire response-id>.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The response's id (<hearth-questionnaire response-id>)." }),
    completedAt: t.string({ nullable: true, description: 'ISO 8601; null until submitted.', resolve: (r) => r.completedAt?.toISOString() ?? null }),
  }),
});

/** A seller case hands its response on with the path already read (and shown to the case's viewer as Case.lastScreenHistory). */
const withHistory = (r: CaseResponse): r is CaseResponse & { lastScreenHistory: string[] } =>
  Array.isArray((r as { lastScreenHistory?: unknown }).lastScreenHistory);

builder.objectFields(CaseResponseRef, (t) => ({
  lastScreenHistory: t.stringList({
    nullable: true,
    description:
      'The screens of the response along the path taken (spec §3 caseResponse; as Case.lastScreenHistory): for its owner and whoever may read the case it drives; null for any other viewer.',
    resolve: async (r, _a, ctx) => {
      if (withHistory(r)) return r.lastScreenHistory;
      const facts = await responseFactsLoader(ctx, ctx.db).load(r.id);
      return facts && ctx.viewer && facts.ownerUserId === ctx.viewer.user.id ? facts.history : null;
    },
  }),
  sectionCount: t.int({
    description: 'How many sections (categories of the progress sidebar) the response’s questionnaire definition has.',
    resolve: async (r, _a, ctx) => {
      const facts = await responseFactsLoader(ctx, ctx.db).load(r.id);
      if (!facts) throw new Error(`Response ${r.id} of a case does not exist.`);
      return facts.sectionCount;
    },
  }),
}));

const CaseViewerRole = builder.enumType('CaseViewerRole', {
  description: "What the viewer is to a case: its buyer or the listing's seller.",
  values: ['BUYER', 'SELLER', 'AGENT'] as const,
});

const OfferRecipientEnum = builder.enumType('OfferRecipient', {
  description:
    "Who a submitted offer went to: the listing's seller (notified by email), or, for a listing without a seller in Hearth, the company's agents, who present it to the listing agent.",
  values: {
    SELLER: { description: "The listing's seller, notified by email." },
    AGENT: { description: "The company's agents, who present it to the listing agent (a listing without a seller in Hearth)." },
  } as const,
});

const OfferListingRef = builder.objectRef<OfferListing>('OfferListing').implement({
  description: 'The listing of an offer.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slugId: t.exposeString('slugId'),
    listingCodeId: t.exposeString('listingCodeId'),
    listingAddress: t.string({ description: 'Without the street when the feed withholds it.', resolve: (l) => formatAddress(l.address) }),
    thumbnailPhotoUri: t.string({ nullable: true, resolve: (l, _a, ctx) => publicUrl(l.photoUri, ctx.publicOrigin) }),
    priceInPennies: t.float({ nullable: true, resolve: (l) => l.priceInPennies }),
    priceCurrencyCode: t.exposeString('priceCurrencyCode'),
  }),
});

/**
 * The buyer, as the existing TourRequestUser type of server/graphql/schema/tours.ts (firstName, lastName,
 * fullName, initials: no email). Named rather than imported, so the two domain files stay independent.
 */
const TourRequestUserName = declaredType<OfferRecord['buyer']>('TourRequestUser');

const OfferRef = builder.objectRef<OfferRecord>('Offer').implement({
  description: 'A buyer’s offer on a listing (spec §3 Offer). Money in pennies, in the listing’s currency.',
  fields: (t) => ({
    id: t.exposeID('id'),
    offerResponseId: t.id({
      description: 'The buyer-offer questionnaire response (open it with <hearth-questionnaire response-id>).',
      resolve: (o) => o.response.id,
    }),
    created: t.string({ description: 'ISO 8601.', resolve: (o) => o.createdAt.toISOString() }),
    offerStatus: t.string({ description: "'Draft' until the offer questionnaire is submitted, then 'Submitted'.", resolve: (o) => o.status }),
    offerAmount: t.float({ nullable: true, description: 'In pennies; null until answered.', resolve: (o) => o.amountInPennies }),
    currencyCode: t.exposeString('currencyCode', { description: 'The listing’s currency.' }),
    prequalifiedBuyer: t.boolean({ nullable: true, description: 'Null until answered (and for cash offers).', resolve: (o) => o.prequalified }),
    cashOffer: t.boolean({ nullable: true, description: 'Null until answered.', resolve: (o) => o.cash }),
    closingDate: t.exposeString('closingDate', { nullable: true, description: 'yyyy-mm-dd; null until answered.' }),
    expiresOn: t.exposeString('expiresOn', { nullable: true, description: 'yyyy-mm-dd: the last day the offer stands; null until answered.' }),
    submittedAt: t.string({
      nullable: true,
      description: 'ISO 8601: when it was first submitted; null for a Draft.',
      resolve: (o) => o.submittedAt?.toISOString() ?? null,
    }),
    recipient: t.field({
      type: OfferRecipientEnum,
      nullable: true,
      description: 'Who it went to once submitted; null for a Draft.',
      resolve: (o) => o.recipient,
    }),
    contingencies: t.exposeStringList('contingencies', { description: 'Labels, e.g. ["Inspection", "Appraisal"].' }),
    listing: t.field({ type: OfferListingRef, resolve: (o) => o.listing }),
    buyer: t.field({ type: TourRequestUserName, resolve: (o) => o.buyer }),
    viewerRole: t.field({
      type: CaseViewerRole,
      resolve: (o, _args, ctx) => {
        const role = offerRole(o, requireViewer(ctx).user);
        // Every offer a resolver hands out was read for this viewer; a missing role is a bug, not a stranger.
        if (!role) throw new Error(`Offer ${o.id} reached a viewer without a role.`);
        return role;
      },
    }),
  }),
});

const CreateOfferPayload = builder.objectRef<OfferRecord>('CreateOfferPayload').implement({
  description: "The offer created, with its case's questionnaire response.",
  fields: (t) => ({
    caseResponse: t.field({ type: CaseResponseRef, resolve: (o) => o.response }),
    offer: t.field({ type: OfferRef, resolve: (o) => o }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('offers', (t) =>
  t.field({
    type: [OfferRef],
    description: 'The viewer’s offers as buyer and the submitted offers on listings the viewer sells; newest first, at most 100.',
    resolve: (_root, _args, ctx) => listOffers(ctx.db, requireViewer(ctx).user.id),
  }),
);

builder.queryField('offer', (t) =>
  t.field({
    type: OfferRef,
    nullable: true,
    description: 'One offer: for its buyer, the listing’s seller (once Submitted) or a company agent; NOT_FOUND otherwise.',
    args: { id: t.arg.id({ required: true, description: "The offer's id." }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = idArgument(args.id, 'Offer');
      return readableOffer(ctx.db, id, viewer.user);
    },
  }),
);

builder.queryField('offersByListing', (t) =>
  t.field({
    type: [OfferRef],
    description: 'Offers on one listing: the submitted ones for its seller or a company agent, and the viewer’s own.',
    args: { listingId: t.arg.id({ required: true, description: 'The listing whose offers the seller reads.' }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      return listOffersByListing(ctx.db, parseArgs(ListingIdArgs, args).listingId, viewer.user);
    },
  }),
);

/** Declared in sellers.ts; its offers are the ones offersByListing(listingId) shows the same viewer. */
const SellerListingName = declaredType<{ id: number }>('SellerListing');
builder.objectFields(SellerListingName, (t) => ({
  offers: t.field({
    type: [OfferRef],
    description:
      'Offers on the listing as offersByListing shows them: the submitted ones for its seller or a company agent, and the viewer’s own; newest first, at most 100.',
    resolve: (l, _a, ctx) => sellerListingLoaders(ctx, ctx.db, requireViewer(ctx)).offers.load(l.id),
  }),
}));

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('createOffer', (t) =>
  t.field({
    type: CreateOfferPayload,
    description:
      "Starts an offer: appType must be 'wfrmls-buyer' and the listing must take offers (enableOffer). Returns the buyer-offer " +
      'questionnaire response to fill in; the buyer’s existing Draft on the listing is returned instead of a new one.',
    args: { listingId: t.arg.id({ required: true, description: 'The listing the offer is for.' }), appType: t.arg.string({ required: true, description: "The application type: 'wfrmls-buyer' (spec §9)." }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { listingId } = parseArgs(ListingIdArgs, args);
      return createOffer(ctx.db, viewer.user, ctx.partner.id, { listingId, appType: args.appType });
    },
  }),
);
