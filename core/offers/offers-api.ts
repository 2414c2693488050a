/**
 * Offers over GraphQL (spec §3 Offer, §7 createOffer): the operations, checked against server/schema.graphql
 * by core/graphql/operations.test.ts, and the calls the make-offer flow and the offers lists make. Answers
 * are checked with zod at this boundary; errors come back as values (the callers show them), never toasted
 * by the client (`muteError`).
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';
import { LISTING_ADDRESS_FIELDS, listingAddressSchema } from '../listings/listing-address';

z.config({ jitless: true });

// ---- operations ----

const OFFER_FIELDS = /* GraphQL */ `
  id
  offerResponseId
  created
  offerStatus
  offerAmount
  currencyCode
  prequalifiedBuyer
  cashOffer
  closingDate
  expiresOn
  submittedAt
  recipient
  contingencies
  viewerRole
  listing {
    id
    slugId
    listingCodeId
    listingAddress
    thumbnailPhotoUri
    priceInPennies
    priceCurrencyCode
  }
  buyer {
    firstName
    lastName
    fullName
    initials
  }
`;

export const CreateOfferMutation = /* GraphQL */ `
  mutation CreateOffer($listingId: ID!, $appType: String!) {
    createOffer(listingId: $listingId, appType: $appType) {
      caseResponse {
        id
      }
      offer {
        ${OFFER_FIELDS}
      }
    }
  }
`;

export const OffersQuery = /* GraphQL */ `
  query Offers {
    offers {
      ${OFFER_FIELDS}
    }
  }
`;

export const OffersByListingQuery = /* GraphQL */ `
  query OffersByListing($listingId: ID!) {
    offersByListing(listingId: $listingId) {
      ${OFFER_FIELDS}
    }
  }
`;

export const OfferQuery = /* GraphQL */ `
  query Offer($id: ID!) {
    offer(id: $id) {
      ${OFFER_FIELDS}
    }
  }
`;

/** What the make-offer button needs of the listing: whether it takes offers, and its address for the dialog. */
export const MakeOfferListingQuery = /* GraphQL */ `
  query MakeOfferListing($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      id
      enableOffer
      ${LISTING_ADDRESS_FIELDS}
    }
  }
`;

/** Spec §3 / §9: the application type of a buyer's offer. */
export const OFFER_APP_TYPE = 'wfrmls-buyer';

// ---- shapes ----

const viewerRoles = ['BUYER', 'SELLER', 'AGENT'] as const;

const buildOfferSchema = () =>
  z.object({
    id: z.string(),
    offerResponseId: z.string(),
    created: z.string(),
    offerStatus: z.string(),
    offerAmount: z.nullable(z.number()),
    currencyCode: z.string(),
    prequalifiedBuyer: z.nullable(z.boolean()),
    cashOffer: z.nullable(z.boolean()),
    closingDate: z.nullable(z.string()),
    expiresOn: z.nullable(z.string()),
    submittedAt: z.nullable(z.string()),
    recipient: z.nullable(z.enum(['SELLER', 'AGENT'])),
    contingencies: z.array(z.string()),
    viewerRole: z.enum(viewerRoles),
    listing: z.object({
      id: z.string(),
      slugId: z.string(),
      listingCodeId: z.string(),
      listingAddress: z.string(),
      thumbnailPhotoUri: z.nullable(z.string()),
      priceInPennies: z.nullable(z.number()),
      priceCurrencyCode: z.string(),
    }),
    buyer: z.object({ firstName: z.string(), lastName: z.string(), fullName: z.string(), initials: z.string() }),
  });

export type Offer = z.infer<ReturnType<typeof buildOfferSchema>>;

const createdSchema = lazySchema(() => z.object({ caseResponse: z.object({ id: z.string() }), offer: buildOfferSchema() }));
const offersSchema = lazySchema(() => z.array(buildOfferSchema()));
const offerOrNullSchema = lazySchema(() => z.nullable(buildOfferSchema()));

const buildListingSchema = () =>
  z.object({
    id: z.string(),
    enableOffer: z.boolean(),
    address: listingAddressSchema(),
  });

export type OfferListingInfo = z.infer<ReturnType<typeof buildListingSchema>>;
const listingOrNullSchema = lazySchema(() => z.nullable(buildListingSchema()));

// ---- calls ----

export interface CreatedOffer {
  offerId: string;
  caseResponseId: string;
  offer: Offer;
}

/** createOffer(listingId, appType 'wfrmls-buyer'): a new Draft, or the buyer's existing Draft on this listing. */
export async function createOffer(listingId: number): Promise<Result<CreatedOffer>> {
  const created = await mutate(CreateOfferMutation, { listingId: String(listingId), appType: OFFER_APP_TYPE }, createdSchema, { muteError: true });
  if (!created.ok) return created;
  return { ok: true, value: { offerId: created.value.offer.id, caseResponseId: created.value.caseResponse.id, offer: created.value.offer } };
}

/** The viewer's offers (as buyer, and submitted offers on listings they sell), or those on one listing. */
export function loadOffers(listingId: number | null): Promise<Result<Offer[]>> {
  const context = { muteError: true, requestPolicy: 'network-only' } as const;
  return listingId === null
    ? query(OffersQuery, {}, offersSchema, context)
    : query(OffersByListingQuery, { listingId: String(listingId) }, offersSchema, context);
}

/** One offer; null when it does not exist or the viewer may not see it. */
export function loadOffer(id: string): Promise<Result<Offer | null>> {
  return query(OfferQuery, { id }, offerOrNullSchema, { muteError: true, requestPolicy: 'network-only' });
}

/** Whether the listing takes offers, and its address; null for a listing that does not exist. */
export function loadOfferListing(listingId: number): Promise<Result<OfferListingInfo | null>> {
  return query(MakeOfferListingQuery, { listingId: String(listingId) }, listingOrNullSchema, { muteError: true, requestPolicy: 'cache-first' });
}
