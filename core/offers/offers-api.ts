/**
 * Offers over GraphQL (spec §3 Offer, §7 createOffer): the operations, checked against server/schema.graphql
 * by core/graphql/operations.test.ts, and the calls the make-offer flow and the offers lists make. Answers
 * are checked with zod at this boundary; errors come back as values (the callers show them), never toasted
 * by the client (`muteError`).
 */
import * as z from 'zod/mini';
import { lazySchema } from '../validation/lazy-schema';
import { LISTING_ADDRESS_FIELDS } from '../listings/listing-summary';

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
    address: z.nullable(
      z.object({
        streetLine1: z.nullable(z.string()),
        city: z.nullable(z.string()),
        stateProvince: z.nullable(z.string()),
        postalCode: z.nullable(z.string()),
      }),
    ),
  });

export type OfferListingInfo = z.infer<ReturnType<typeof buildListingSchema>>;
const listingOrNullSchema = lazySchema(() => z.nullable(buildListingSchema()));

export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

// ---- calls ----

interface GraphQLAnswer {
  data?: unknown;
  error?: { message: string; graphQLErrors: { message: string }[] };
}

async function client() {
  // The GraphQL client (urql) is its own chunk, loaded by the first element that queries.
  const { graphqlClient } = await import('../graphql/client');
  return graphqlClient();
}

function read<T>(answer: GraphQLAnswer, field: string, schema: { safeParse(input: unknown): { success: true; data: T } | { success: false } }): Loaded<T> {
  if (answer.error) {
    const messages = answer.error.graphQLErrors.map((e) => e.message).filter(Boolean);
    return { ok: false, message: messages.join(' ') || answer.error.message };
  }
  const parsed = schema.safeParse((answer.data as Record<string, unknown> | undefined)?.[field]);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: `The server answered ${field} in an unexpected shape.` };
}

const settle = async <T>(run: () => Promise<Loaded<T>>): Promise<Loaded<T>> => {
  try {
    return await run();
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
};

export interface CreatedOffer {
  offerId: string;
  caseResponseId: string;
  offer: Offer;
}

/** createOffer(listingId, appType 'wfrmls-buyer'): a new Draft, or the buyer's existing Draft on this listing. */
export function createOffer(listingId: number): Promise<Loaded<CreatedOffer>> {
  return settle(async () => {
    const answer = await (await client())
      .mutation(CreateOfferMutation, { listingId: String(listingId), appType: OFFER_APP_TYPE }, { muteError: true })
      .toPromise();
    const created = read(answer, 'createOffer', createdSchema);
    if (!created.ok) return created;
    return { ok: true, value: { offerId: created.value.offer.id, caseResponseId: created.value.caseResponse.id, offer: created.value.offer } };
  });
}

/** The viewer's offers (as buyer, and submitted offers on listings they sell), or those on one listing. */
export function loadOffers(listingId: number | null): Promise<Loaded<Offer[]>> {
  return settle(async () => {
    const c = await client();
    const answer =
      listingId === null
        ? await c.query(OffersQuery, {}, { muteError: true, requestPolicy: 'network-only' }).toPromise()
        : await c.query(OffersByListingQuery, { listingId: String(listingId) }, { muteError: true, requestPolicy: 'network-only' }).toPromise();
    return read(answer, listingId === null ? 'offers' : 'offersByListing', offersSchema);
  });
}

/** One offer; null when it does not exist or the viewer may not see it. */
export function loadOffer(id: string): Promise<Loaded<Offer | null>> {
  return settle(async () => {
    const answer = await (await client()).query(OfferQuery, { id }, { muteError: true, requestPolicy: 'network-only' }).toPromise();
    return read(answer, 'offer', offerOrNullSchema);
  });
}

/** Whether the listing takes offers, and its address; null for a listing that does not exist. */
export function loadOfferListing(listingId: number): Promise<Loaded<OfferListingInfo | null>> {
  return settle(async () => {
    const answer = await (await client())
      .query(MakeOfferListingQuery, { listingId: String(listingId) }, { muteError: true, requestPolicy: 'cache-first' })
      .toPromise();
    return read(answer, 'listingInfo', listingOrNullSchema);
  });
}
