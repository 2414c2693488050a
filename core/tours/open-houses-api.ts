/**
 * Open houses over GraphQL (spec §3 Open house, §7 openHouse, newOpenHouse, saveOpenHouse; issue 7): the
 * operations, checked against server/schema.graphql by core/graphql/operations.test.ts, and the calls
 * <hearth-open-houses> makes. Answers are checked with zod at this boundary; errors come back as values
 * (the element shows the spec's toast), never toasted by the client (`muteError`).
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { LISTING_LINK_FIELDS, listingLinkShape } from '../listings/listing-address';
import { PUBLIC_OPEN_HOUSE_FIELDS, publicOpenHouseShape } from './open-house-fields';
import { TOUR_LISTING_FIELDS, tourListingSchema } from './tour-answers';

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
  ${TOUR_LISTING_FIELDS}
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
      ${LISTING_LINK_FIELDS}
      timeZone
      openHouse {
        ${PUBLIC_OPEN_HOUSE_FIELDS}
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

/** newOpenHouse of a seller case (the home detail): the case's published listing, for its owner or agents. */
export const NewCaseOpenHouseMutation = /* GraphQL */ `
  mutation NewCaseOpenHouse($start: String!, $end: String!, $applicationCaseId: ID!) {
    newOpenHouse(start: $start, end: $end, applicationCaseId: $applicationCaseId) {
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
  tourListing: tourListingSchema(),
});

export type SellerOpenHouse = z.infer<typeof sellerOpenHouseSchema>;

const publicOpenHouseSchema = z.object({
  ...publicOpenHouseShape(),
  /** The public calendar file (null once it is cancelled or over). */
  ical: z.nullable(z.string()),
});

export type PublicOpenHouse = z.infer<typeof publicOpenHouseSchema>;

const listingSchema = z.object({
  ...listingLinkShape(),
  timeZone: z.string(),
  openHouse: z.array(publicOpenHouseSchema),
});

export type OpenHouseListing = z.infer<typeof listingSchema>;

/** The spec's two outcomes of the open house dialog (§3 Dialog outcomes), plus a change of times. */
export type OpenHouseStatusChange = 'Cancelled' | 'Activate';

// ---------------------------------------------------------------------------------------------------
// Calls

/** The seller's open houses of a listing; `code: 'NOT_FOUND'` when the viewer is not its seller. */
export function loadSellerOpenHouses(listingId: number): Promise<Result<SellerOpenHouse[]>> {
  return query(OpenHousesByListingQuery, { listingId: String(listingId) }, z.array(sellerOpenHouseSchema), {
    muteError: true,
    requestPolicy: 'network-only',
  });
}

/** The public listing with its active upcoming open houses; null when there is no such public listing. */
export function loadOpenHouseListing(listingId: number): Promise<Result<OpenHouseListing | null>> {
  return query(ListingOpenHousesQuery, { listingId: String(listingId) }, z.nullable(listingSchema), {
    muteError: true,
    requestPolicy: 'network-only',
  });
}

/** newOpenHouse: ISO instants from core/tours/tour-times openHouseTimes. */
export function createOpenHouse(listingId: number, start: string, end: string): Promise<Result<SellerOpenHouse>> {
  return mutate(NewOpenHouseMutation, { listingId: String(listingId), start, end }, sellerOpenHouseSchema, { muteError: true });
}

/** newOpenHouse by seller case (applicationCaseId): its listing, once published. */
export function createCaseOpenHouse(caseId: number, start: string, end: string): Promise<Result<SellerOpenHouse>> {
  return mutate(NewCaseOpenHouseMutation, { applicationCaseId: String(caseId), start, end }, sellerOpenHouseSchema, { muteError: true });
}

/** saveOpenHouse: new times (both or neither) and/or a status change. */
export function saveOpenHouse(
  id: string,
  change: { start?: string; end?: string; openHouseStatus?: OpenHouseStatusChange },
): Promise<Result<SellerOpenHouse>> {
  return mutate(
    SaveOpenHouseMutation,
    { id, start: change.start ?? null, end: change.end ?? null, openHouseStatus: change.openHouseStatus ?? null },
    sellerOpenHouseSchema,
    { muteError: true },
  );
}
