/**
 * Open houses over GraphQL (spec §3 Open house, §7 openHouse, newOpenHouse, saveOpenHouse; issue 7): the
 * operations, checked against server/schema.graphql by core/graphql/operations.test.ts, and the calls
 * <hearth-open-houses> makes. Answers are checked with zod at this boundary; errors come back as values
 * (the element shows the spec's toast), never toasted by the client (`muteError`).
 */
import * as z from 'zod/mini';
import { LISTING_ADDRESS_FIELDS } from '../listings/listing-summary';

z.config({ jitless: true });

// ---------------------------------------------------------------------------------------------------
// Operations

const SELLER_OPEN_HOUSE_FIELDS = /* GraphQL */ `
  id
  listingId
  startDateTime
  endDateTime
  isActive
  isVirtual
  virtualUrl
  fromFeed
  openHouseStatus
  tourListing {
    id
    slugId
    listingCodeId
    timeZone
  }
`;

/** All open houses of a listing for its seller (NOT_FOUND for anyone else). */
export const OpenHousesByListingQuery = /* GraphQL */ `
  query OpenHousesByListing($listingId: ID!) {
    openHousesByListing(listingId: $listingId) {
      ${SELLER_OPEN_HOUSE_FIELDS}
    }
  }
`;

/** What everyone may see: the listing's zone, route and address, and its active upcoming open houses. */
export const ListingOpenHousesQuery = /* GraphQL */ `
  query ListingOpenHouses($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      id
      slugId
      listingCodeId
      timeZone
      ${LISTING_ADDRESS_FIELDS}
      openHouse {
        id
        startDateTime
        endDateTime
        isActive
        isVirtual
        virtualUrl
        ical
      }
    }
  }
`;

export const NewOpenHouseMutation = /* GraphQL */ `
  mutation NewOpenHouse($start: String!, $end: String!, $listingId: ID!) {
    newOpenHouse(start: $start, end: $end, listingId: $listingId) {
      ${SELLER_OPEN_HOUSE_FIELDS}
    }
  }
`;

export const SaveOpenHouseMutation = /* GraphQL */ `
  mutation SaveOpenHouse($id: ID!, $start: String, $end: String, $openHouseStatus: OpenHouseStatusChange) {
    saveOpenHouse(id: $id, start: $start, end: $end, openHouseStatus: $openHouseStatus) {
      ${SELLER_OPEN_HOUSE_FIELDS}
    }
  }
`;

// ---------------------------------------------------------------------------------------------------
// Shapes

const sellerOpenHouseSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  isActive: z.boolean(),
  isVirtual: z.boolean(),
  virtualUrl: z.nullable(z.string()),
  fromFeed: z.boolean(),
  openHouseStatus: z.string(),
  tourListing: z.object({ id: z.string(), slugId: z.string(), listingCodeId: z.string(), timeZone: z.string() }),
});

export type SellerOpenHouse = z.infer<typeof sellerOpenHouseSchema>;

const publicOpenHouseSchema = z.object({
  id: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  isActive: z.boolean(),
  isVirtual: z.boolean(),
  virtualUrl: z.nullable(z.string()),
  /** The public calendar file (null once it is cancelled or over). */
  ical: z.nullable(z.string()),
});

export type PublicOpenHouse = z.infer<typeof publicOpenHouseSchema>;

const listingSchema = z.object({
  id: z.string(),
  slugId: z.string(),
  listingCodeId: z.string(),
  timeZone: z.string(),
  address: z.nullable(
    z.object({
      streetLine1: z.nullable(z.string()),
      city: z.nullable(z.string()),
      stateProvince: z.nullable(z.string()),
      postalCode: z.nullable(z.string()),
    }),
  ),
  openHouse: z.array(publicOpenHouseSchema),
});

export type OpenHouseListing = z.infer<typeof listingSchema>;

/** A value, or why not: `code` is the GraphQL error code (NOT_FOUND, BAD_USER_INPUT, …) when there was one. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string; code: string | null };

/** The spec's two outcomes of the open house dialog (§3 Dialog outcomes), plus a change of times. */
export type OpenHouseStatusChange = 'Cancelled' | 'Activate';

// ---------------------------------------------------------------------------------------------------
// Calls

interface GraphQLAnswer {
  data?: unknown;
  error?: { message: string; graphQLErrors: { message: string; extensions?: Record<string, unknown> }[] };
}

async function client() {
  // The GraphQL client (urql) is its own chunk, loaded by the first element that queries.
  const { graphqlClient } = await import('../graphql/client');
  return graphqlClient();
}

function read<T>(answer: GraphQLAnswer, field: string, schema: z.ZodMiniType<T>): Loaded<T> {
  if (answer.error) {
    const errors = answer.error.graphQLErrors;
    const messages = errors.map((e) => e.message).filter(Boolean);
    const code = errors.map((e) => e.extensions?.code).find((c): c is string => typeof c === 'string') ?? null;
    return { ok: false, message: messages.join(' ') || answer.error.message, code };
  }
  const parsed = schema.safeParse((answer.data as Record<string, unknown> | undefined)?.[field]);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: `The server answered ${field} in an unexpected shape.`, code: null };
}

const settle = async <T>(run: () => Promise<Loaded<T>>): Promise<Loaded<T>> => {
  try {
    return await run();
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), code: null };
  }
};

/** The seller's open houses of a listing; `code: 'NOT_FOUND'` when the viewer is not its seller. */
export function loadSellerOpenHouses(listingId: number): Promise<Loaded<SellerOpenHouse[]>> {
  return settle(async () => {
    const answer = await (await client())
      .query(OpenHousesByListingQuery, { listingId: String(listingId) }, { muteError: true, requestPolicy: 'network-only' })
      .toPromise();
    return read(answer, 'openHousesByListing', z.array(sellerOpenHouseSchema));
  });
}

/** The public listing with its active upcoming open houses; null when there is no such public listing. */
export function loadOpenHouseListing(listingId: number): Promise<Loaded<OpenHouseListing | null>> {
  return settle(async () => {
    const answer = await (await client())
      .query(ListingOpenHousesQuery, { listingId: String(listingId) }, { muteError: true, requestPolicy: 'network-only' })
      .toPromise();
    return read(answer, 'listingInfo', z.nullable(listingSchema));
  });
}

/** newOpenHouse: ISO instants from core/tours/tour-times openHouseTimes. */
export function createOpenHouse(listingId: number, start: string, end: string): Promise<Loaded<SellerOpenHouse>> {
  return settle(async () => {
    const answer = await (await client())
      .mutation(NewOpenHouseMutation, { listingId: String(listingId), start, end }, { muteError: true })
      .toPromise();
    return read(answer, 'newOpenHouse', sellerOpenHouseSchema);
  });
}

/** saveOpenHouse: new times (both or neither) and/or a status change. */
export function saveOpenHouse(
  id: string,
  change: { start?: string; end?: string; openHouseStatus?: OpenHouseStatusChange },
): Promise<Loaded<SellerOpenHouse>> {
  return settle(async () => {
    const answer = await (await client())
      .mutation(
        SaveOpenHouseMutation,
        { id, start: change.start ?? null, end: change.end ?? null, openHouseStatus: change.openHouseStatus ?? null },
        { muteError: true },
      )
      .toPromise();
    return read(answer, 'saveOpenHouse', sellerOpenHouseSchema);
  });
}
