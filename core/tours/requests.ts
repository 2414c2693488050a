/**
 * The buyer's tour calls (spec §7: saveTour, modifyTour, requestedTour, requestedTours, requestedTourByListing; §3
 * Requested tour) with their types, and the hooks the views load through. Plain-string operations: urql
 * parses them in the lazily loaded client chunk. All of them need a signed-in viewer (/graphql/).
 *
 * Cache policies (spec §7): requested tour by id cache-first, requested tours cache-and-network.
 */
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { LISTING_ADDRESS_FIELDS, listingAddressSchema } from '../listings/listing-address';
import { lazySchema } from '../validation/lazy-schema';
import type { AgentAndQualification } from './agent-and-qualification';
import { TOUR_DETAIL_FIELDS, tourDetailShape } from './tour-answers';
import type { TourStatus } from './tour-status';
import { CACHE_POLICIES } from '../graphql/cache-policies';

z.config({ jitless: true });

// ---------------------------------------------------------------------------------------------------
// Types

const buildRequestedTour = () =>
  z.object({
    ...tourDetailShape(),
    thumbnailPhotoUri: z.nullable(z.string()),
    createdAt: z.string(),
  });

export type RequestedTour = z.infer<ReturnType<typeof buildRequestedTour>>;

const requestedTourSchema = lazySchema(buildRequestedTour);
const requestedToursSchema = lazySchema(() => z.array(buildRequestedTour()));

/** What <hearth-request-tour> needs of its listing. */
const buildTourListingInfo = () =>
  z.object({
    id: z.string(),
    slugId: z.string(),
    listingCodeId: z.string(),
    enableRequestTour: z.boolean(),
    /** IANA zone; the grid's hours are the listing's. */
    timeZone: z.string(),
    address: listingAddressSchema(),
  });

export type TourListingInfo = z.infer<ReturnType<typeof buildTourListingInfo>>;

const tourListingOrNullSchema = lazySchema(() => z.nullable(buildTourListingInfo()));

/** Detail of `hearth-tour-requested`. */
export interface TourRequestedDetail {
  tourId: string;
  listingId: number;
  scheduledDateTimes: string[];
}

/** What the buyer changed in the tour dialog (spec §3 Dialog outcomes): the request cancelled, or new times offered. */
export type BuyerTourOutcome = { id: string; tourStatus: 'CANCELLED' } | { id: string; tourStatus: 'REQUESTED'; scheduledDateTimes: string[] };

export const buyerTourOutcome = (tour: RequestedTour): BuyerTourOutcome =>
  tour.tourStatus === 'CANCELLED'
    ? { id: tour.id, tourStatus: 'CANCELLED' }
    : { id: tour.id, tourStatus: 'REQUESTED', scheduledDateTimes: tour.requestedSchedule.map((s) => s.scheduledDateTime) };

/** Statuses in which a tour is still open (the buyer may want to look at it again). */
export const OPEN_TOUR_STATUSES: readonly TourStatus[] = ['REQUESTED', 'ACCEPTED', 'SCHEDULED'];

// ---------------------------------------------------------------------------------------------------
// Operations

const TOUR_FIELDS = /* GraphQL */ `
  ${TOUR_DETAIL_FIELDS}
  thumbnailPhotoUri
  createdAt
`;

export const RequestTourListingQuery = /* GraphQL */ `
  query RequestTourListing($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      id
      slugId
      listingCodeId
      enableRequestTour
      timeZone
      ${LISTING_ADDRESS_FIELDS}
    }
  }
`;

export const RequestedTourQuery = /* GraphQL */ `
  query RequestedTour($id: ID!) {
    requestedTour(id: $id) {
      ${TOUR_FIELDS}
    }
  }
`;

export const RequestedTourByListingQuery = /* GraphQL */ `
  query RequestedTourByListing($listingId: ID!) {
    requestedTourByListing(listingId: $listingId) {
      ${TOUR_FIELDS}
    }
  }
`;

export const SaveTourMutation = /* GraphQL */ `
  mutation SaveTour($listingId: ID!, $scheduledDateTimes: [String!]!, $agentAndQualification: AgentAndQualificationInput) {
    saveTour(listingId: $listingId, scheduledDateTimes: $scheduledDateTimes, agentAndQualification: $agentAndQualification) {
      ${TOUR_FIELDS}
    }
  }
`;

/** modifyTour by the buyer: CANCELLED cancels the request; REQUESTED with scheduledDateTimes offers new times. */
export const ModifyOwnTourMutation = /* GraphQL */ `
  mutation ModifyOwnTour($id: ID!, $tourStatus: TourStatus!, $scheduledDateTimes: [String!]) {
    modifyTour(id: $id, tourStatus: $tourStatus, scheduledDateTimes: $scheduledDateTimes) {
      ${TOUR_FIELDS}
    }
  }
`;

// ---------------------------------------------------------------------------------------------------
// Calls

/** saveTour (spec §7): the tour request payload of §3. Errors are returned, not toasted (the dialog shows them). */
export function saveTour(input: {
  listingId: number;
  scheduledDateTimes: readonly string[];
  agentAndQualification: AgentAndQualification;
}): Promise<Result<RequestedTour>> {
  const variables = {
    listingId: String(input.listingId),
    scheduledDateTimes: [...input.scheduledDateTimes],
    agentAndQualification: input.agentAndQualification,
  };
  return mutate(SaveTourMutation, variables, requestedTourSchema, { muteError: true });
}

/** The buyer's change of their own request (core/tours/tour-status.ts buyerTourChanges): errors are returned, not toasted. */
export type OwnTourChange = { kind: 'cancel' } | { kind: 'reschedule'; scheduledDateTimes: readonly string[] };

export function changeOwnTour(tourId: string, change: OwnTourChange): Promise<Result<RequestedTour>> {
  const variables =
    change.kind === 'cancel'
      ? { id: tourId, tourStatus: 'CANCELLED' }
      : { id: tourId, tourStatus: 'REQUESTED', scheduledDateTimes: [...change.scheduledDateTimes] };
  return mutate(ModifyOwnTourMutation, variables, requestedTourSchema, { muteError: true });
}

export function fetchRequestedTour(id: string): Promise<Result<RequestedTour>> {
  return query(RequestedTourQuery, { id }, requestedTourSchema, { muteError: true, requestPolicy: CACHE_POLICIES.requestedTour });
}

/** The viewer's own tours of a listing (for a buyer: "did I already ask?"), newest first. */
export function fetchToursByListing(listingId: number): Promise<Result<RequestedTour[]>> {
  return query(RequestedTourByListingQuery, { listingId: String(listingId) }, requestedToursSchema, { muteError: true, requestPolicy: CACHE_POLICIES.requestedTours });
}

/** The listing, or null when there is no such public listing. */
export function fetchTourListing(listingId: number): Promise<Result<TourListingInfo | null>> {
  return query(RequestTourListingQuery, { listingId: String(listingId) }, tourListingOrNullSchema, { muteError: true, requestPolicy: 'cache-first' });
}

// ---------------------------------------------------------------------------------------------------
// Hooks

export type RequestedTourState =
  | { status: 'loading' }
  | { status: 'loaded'; tour: RequestedTour }
  | { status: 'missing' }
  | { status: 'failed' };

/** One tour by id, for the buyer tour details dialog; `retry` asks again after a failure. */
export function useRequestedTour(tourId: string): { state: RequestedTourState; retry: () => void } {
  const { result, loading, reload } = useLoad(tourId, () => fetchRequestedTour(tourId));
  const state: RequestedTourState =
    loading || !result
      ? { status: 'loading' }
      : result.ok
        ? { status: 'loaded', tour: result.value }
        : { status: result.failure.kind === 'not-found' ? 'missing' : 'failed' };
  return { state, retry: reload };
}

export type TourListingState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: TourListingInfo }
  | { status: 'missing' }
  | { status: 'failed' };

/** The listing of <hearth-request-tour> (listingInfo: whether it takes requests, its zone). */
export function useTourListing(listingId: number | null): TourListingState {
  const { result } = useLoad(listingId === null ? null : String(listingId), () => fetchTourListing(listingId!));
  if (listingId === null) return { status: 'none' };
  if (!result) return { status: 'loading' };
  if (result.ok) return result.value ? { status: 'loaded', listing: result.value } : { status: 'missing' };
  return { status: result.failure.kind === 'not-found' ? 'missing' : 'failed' };
}

/**
 * The viewer's newest open tour (REQUESTED, ACCEPTED or SCHEDULED) of a listing, or null; asked again
 * whenever `signedInAs` changes (sign-in, logout) or `refresh` is called.
 */
export function useOpenTourOfListing(listingId: number | null, signedInAs: string | null): { tourId: string | null; refresh: (tourId?: string) => void } {
  const key = listingId === null || signedInAs === null ? null : `${listingId}|${signedInAs}`;
  const { result, reload } = useLoad(key, () => fetchToursByListing(listingId!));
  // A tour the page just requested counts until the next answer.
  const [known, setKnown] = useState<{ key: string | null; over: typeof result; tourId: string } | null>(null);
  const refresh = useCallback(
    (tourId?: string) => {
      if (tourId) setKnown({ key, over: result, tourId });
      else reload();
    },
    [key, result, reload],
  );
  if (key === null) return { tourId: null, refresh };
  if (known && known.key === key && known.over === result) return { tourId: known.tourId, refresh };
  // The seller and company agents get every tour of the listing: only the viewer's own request counts here.
  const own = result?.ok ? result.value.filter((tour) => tour.viewerRole === 'BUYER') : [];
  return { tourId: own.find((tour) => OPEN_TOUR_STATUSES.includes(tour.tourStatus))?.id ?? null, refresh };
}
