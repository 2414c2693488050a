/**
 * The buyer's tour calls (spec §7: saveTour, requestedTour, requestedTours, requestedTourByListing; §3
 * Requested tour) with their types, and the hooks the views load through. Plain-string operations: urql
 * parses them in the lazily loaded client chunk. All of them need a signed-in viewer (/graphql/).
 *
 * Cache policies (spec §7): requested tour by id cache-first, requested tours cache-and-network.
 */
import { useCallback, useEffect, useState } from 'react';
import type { TourStatus } from './tour-status';
import type { AgentAndQualificationDraft } from './request-tour-state';
import { LISTING_ADDRESS_FIELDS } from '../listings/listing-summary';
import type { TourViewerRole } from './tour-list';

// ---------------------------------------------------------------------------------------------------
// Types

export interface RequestedTour {
  id: string;
  /** Who is asking: the buyer who requested it, the listing's seller, or a company agent. */
  viewerRole: TourViewerRole;
  tourStatus: TourStatus;
  /** ISO UTC; set once scheduled. */
  start: string | null;
  end: string | null;
  cancellationReason: string | null;
  requestedSchedule: { scheduledDateTime: string }[];
  listingAddress: string;
  thumbnailPhotoUri: string | null;
  tourListing: { id: string; slugId: string; listingCodeId: string; timeZone: string };
  agentAndQualification: AgentAndQualificationDraft;
  /** Calendar file link (spec §3 ical); null when the tour has no time yet. */
  ical: string | null;
  createdAt: string;
}

/** What <hearth-request-tour> needs of its listing. */
export interface TourListingInfo {
  id: string;
  slugId: string;
  listingCodeId: string;
  enableRequestTour: boolean;
  /** IANA zone; the grid's hours are the listing's. */
  timeZone: string;
  address: { streetLine1: string | null; city: string; stateProvince: string; postalCode: string };
}

/** Detail of `hearth-tour-requested`. */
export interface TourRequestedDetail {
  tourId: string;
  listingId: number;
  scheduledDateTimes: string[];
}

/** Statuses in which a tour is still open (the buyer may want to look at it again). */
export const OPEN_TOUR_STATUSES: readonly TourStatus[] = ['REQUESTED', 'ACCEPTED', 'SCHEDULED'];

// ---------------------------------------------------------------------------------------------------
// Operations

const TOUR_FIELDS = /* GraphQL */ `
  id
  viewerRole
  tourStatus
  start
  end
  cancellationReason
  requestedSchedule {
    scheduledDateTime
  }
  listingAddress
  thumbnailPhotoUri
  tourListing {
    id
    slugId
    listingCodeId
    timeZone
  }
  agentAndQualification {
    agent
    agentName
    agentPhone
    qualified
    qualifiedLenderName
    qualifiedAmount
  }
  ical
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

// ---------------------------------------------------------------------------------------------------
// Calls

/** A refusal or failure, typed: `argumentName` names the input the server refused (e.g. agentAndQualification.agentPhone). */
export interface TourCallFailure {
  kind: 'network' | 'unauthenticated' | 'not-found' | 'invalid' | 'server';
  message: string | null;
  argumentName: string | null;
}

export type TourCallResult<T> = { ok: true; value: T } | { ok: false; failure: TourCallFailure };

interface ErrorLike {
  networkError?: Error | undefined;
  graphQLErrors: { message: string; extensions?: Record<string, unknown> }[];
}

/** Reads urql's CombinedError into a TourCallFailure. */
export function failureOf(error: ErrorLike): TourCallFailure {
  const first = error.graphQLErrors[0];
  if (!first) return { kind: error.networkError ? 'network' : 'server', message: null, argumentName: null };
  const code = first.extensions?.code;
  const argumentName = typeof first.extensions?.argumentName === 'string' ? first.extensions.argumentName : null;
  const kind = code === 'UNAUTHENTICATED' ? 'unauthenticated' : code === 'NOT_FOUND' ? 'not-found' : code === 'BAD_USER_INPUT' ? 'invalid' : 'server';
  return { kind, message: first.message || null, argumentName };
}

async function client() {
  const { graphqlClient } = await import('../graphql/client');
  return graphqlClient();
}

/** saveTour (spec §7): the tour request payload of §3. Errors are returned, not toasted (the dialog shows them). */
export async function saveTour(input: {
  listingId: number;
  scheduledDateTimes: readonly string[];
  agentAndQualification: AgentAndQualificationDraft;
}): Promise<TourCallResult<RequestedTour>> {
  try {
    const result = await (await client())
      .mutation<{ saveTour: RequestedTour }>(
        SaveTourMutation,
        {
          listingId: String(input.listingId),
          scheduledDateTimes: [...input.scheduledDateTimes],
          agentAndQualification: input.agentAndQualification,
        },
        { muteError: true },
      )
      .toPromise();
    if (result.data?.saveTour) return { ok: true, value: result.data.saveTour };
    return { ok: false, failure: result.error ? failureOf(result.error) : { kind: 'server', message: null, argumentName: null } };
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, argumentName: null } };
  }
}

export async function fetchRequestedTour(id: string): Promise<TourCallResult<RequestedTour>> {
  try {
    const result = await (await client())
      .query<{ requestedTour: RequestedTour }>(RequestedTourQuery, { id }, { muteError: true, requestPolicy: 'cache-first' })
      .toPromise();
    if (result.data?.requestedTour) return { ok: true, value: result.data.requestedTour };
    return { ok: false, failure: result.error ? failureOf(result.error) : { kind: 'not-found', message: null, argumentName: null } };
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, argumentName: null } };
  }
}

/** The viewer's own tours of a listing (for a buyer: "did I already ask?"), newest first. */
export async function fetchToursByListing(listingId: number): Promise<TourCallResult<RequestedTour[]>> {
  try {
    const result = await (await client())
      .query<{ requestedTourByListing: RequestedTour[] }>(
        RequestedTourByListingQuery,
        { listingId: String(listingId) },
        { muteError: true, requestPolicy: 'network-only' },
      )
      .toPromise();
    if (result.data?.requestedTourByListing) return { ok: true, value: result.data.requestedTourByListing };
    return { ok: false, failure: result.error ? failureOf(result.error) : { kind: 'server', message: null, argumentName: null } };
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, argumentName: null } };
  }
}

export async function fetchTourListing(listingId: number): Promise<TourCallResult<TourListingInfo>> {
  try {
    const result = await (await client())
      .query<{ listingInfo: TourListingInfo | null }>(
        RequestTourListingQuery,
        { listingId: String(listingId) },
        { muteError: true, requestPolicy: 'cache-first' },
      )
      .toPromise();
    if (result.data?.listingInfo) return { ok: true, value: result.data.listingInfo };
    if (result.data && result.data.listingInfo === null) return { ok: false, failure: { kind: 'not-found', message: null, argumentName: null } };
    return { ok: false, failure: result.error ? failureOf(result.error) : { kind: 'server', message: null, argumentName: null } };
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, argumentName: null } };
  }
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
  const [state, setState] = useState<RequestedTourState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void fetchRequestedTour(tourId).then((result) => {
      if (!live) return;
      if (result.ok) setState({ status: 'loaded', tour: result.value });
      else setState({ status: result.failure.kind === 'not-found' ? 'missing' : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [tourId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

export type TourListingState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: TourListingInfo }
  | { status: 'missing' }
  | { status: 'failed' };

/** The listing of <hearth-request-tour> (listingInfo: whether it takes requests, its zone). */
export function useTourListing(listingId: number | null): TourListingState {
  const [state, setState] = useState<TourListingState>({ status: 'none' });
  useEffect(() => {
    if (listingId === null) {
      setState({ status: 'none' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void fetchTourListing(listingId).then((result) => {
      if (!live) return;
      if (result.ok) setState({ status: 'loaded', listing: result.value });
      else setState({ status: result.failure.kind === 'not-found' ? 'missing' : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [listingId]);
  return state;
}

/**
 * The viewer's newest open tour (REQUESTED, ACCEPTED or SCHEDULED) of a listing, or null; asked again
 * whenever `signedInAs` changes (sign-in, logout) or `refresh` is called.
 */
export function useOpenTourOfListing(listingId: number | null, signedInAs: string | null): { tourId: string | null; refresh: (tourId?: string) => void } {
  const [tourId, setTourId] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (listingId === null || signedInAs === null) {
      setTourId(null);
      return;
    }
    let live = true;
    void fetchToursByListing(listingId).then((result) => {
      if (!live || !result.ok) return;
      // The seller and company agents get every tour of the listing: only the viewer's own request counts here.
      const own = result.value.filter((tour) => tour.viewerRole === 'BUYER');
      setTourId(own.find((tour) => OPEN_TOUR_STATUSES.includes(tour.tourStatus))?.id ?? null);
    });
    return () => {
      live = false;
    };
  }, [listingId, signedInAs, attempt]);
  const refresh = useCallback((known?: string) => {
    if (known) setTourId(known);
    else setAttempt((n) => n + 1);
  }, []);
  return { tourId, refresh };
}
