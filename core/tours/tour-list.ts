/**
 * The viewer's tours for <hearth-tours> (spec §3 Requested tour, §7 requestedTours and
 * requestedTourByListing): the operations, the row text, and the loading hook. Always fetched from the
 * network: tours belong to one user, and the shared client cache is not keyed by who is signed in.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toursListTexts as t } from '../i18n/tours';
import { formatTourTime } from './tour-format';
import type { TourStatus } from './tour-status';

export type TourViewerRole = 'BUYER' | 'SELLER' | 'AGENT';

export interface TourRow {
  id: string;
  tourStatus: TourStatus;
  viewerRole: TourViewerRole;
  start: string | null;
  end: string | null;
  listingAddress: string;
  thumbnailPhotoUri: string | null;
  requestedSchedule: { scheduledDateTime: string }[];
  tourListing: { id: string; timeZone: string };
}

const ROW_FIELDS = /* GraphQL */ `
  id
  tourStatus
  viewerRole
  start
  end
  listingAddress
  thumbnailPhotoUri
  requestedSchedule {
    scheduledDateTime
  }
  tourListing {
    id
    timeZone
  }
`;

// Named apart from core/tours/requests.ts (the buyer's calls): these carry viewerRole for the list.
export const TourListQuery = /* GraphQL */ `
  query TourList {
    requestedTours {
      ${ROW_FIELDS}
    }
  }
`;

export const TourListByListingQuery = /* GraphQL */ `
  query TourListByListing($listingId: ID!) {
    requestedTourByListing(listingId: $listingId) {
      ${ROW_FIELDS}
    }
  }
`;

/** Which dialog a tour opens (the `tour-id` attribute): the buyer's details or the seller's editor. */
export const TourViewerRoleQuery = /* GraphQL */ `
  query TourViewerRole($id: ID!) {
    requestedTour(id: $id) {
      id
      viewerRole
    }
  }
`;

/** 'Scheduled: Tue, Mar 10, 2026, 10:00 AM MDT', or the first requested time and how many more. */
export function tourRowTime(tour: Pick<TourRow, 'start' | 'requestedSchedule' | 'tourListing'>): string {
  const zone = tour.tourListing.timeZone;
  if (tour.start) return t.scheduledAt(formatTourTime(tour.start, zone));
  const times = tour.requestedSchedule.map((s) => s.scheduledDateTime).sort();
  if (times.length === 0) return '';
  return t.requestedAt(formatTourTime(times[0]!, zone), times.length - 1);
}

export type TourListState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; tours: TourRow[] }
  | { status: 'failed' };

/**
 * Loads the tours of the signed-in viewer (`viewerId`; null = nobody, nothing loads). `reload()` fetches
 * again and keeps the old rows meanwhile; another viewer starts from scratch.
 */
export function useTourList(listingId: number | null, viewerId: string | null): { state: TourListState; reload: () => void } {
  const [state, setState] = useState<TourListState>({ status: 'idle' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (viewerId === null) {
      shown.current = null;
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    const key = `${viewerId}|${listingId ?? ''}`;
    if (shown.current !== key) setState({ status: 'loading' });
    import('../graphql/client')
      .then(({ graphqlClient }) =>
        graphqlClient()
          .query<{ requestedTours?: TourRow[]; requestedTourByListing?: TourRow[] }>(
            listingId === null ? TourListQuery : TourListByListingQuery,
            listingId === null ? {} : { listingId: String(listingId) },
            { requestPolicy: 'network-only', muteError: true },
          )
          .toPromise(),
      )
      .then((result) => {
        if (!live) return;
        const tours = result.data?.requestedTours ?? result.data?.requestedTourByListing;
        shown.current = result.error || !tours ? null : key;
        setState(result.error || !tours ? { status: 'failed' } : { status: 'loaded', tours });
      })
      .catch(() => {
        if (!live) return;
        shown.current = null;
        setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [listingId, viewerId, round]);

  return { state, reload };
}

/** The viewer's role on one tour, or null when it does not exist for them (NOT_FOUND) or loading failed. */
export async function fetchViewerRole(tourId: string): Promise<{ role: TourViewerRole } | { missing: true } | null> {
  const { graphqlClient } = await import('../graphql/client');
  const result = await graphqlClient()
    .query<{ requestedTour: { id: string; viewerRole: TourViewerRole } | null }>(
      TourViewerRoleQuery,
      { id: tourId },
      { requestPolicy: 'network-only', muteError: true },
    )
    .toPromise();
  const role = result.data?.requestedTour?.viewerRole;
  if (role) return { role };
  const notFound = result.error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND' || e.extensions?.code === 'BAD_USER_INPUT');
  return notFound ? { missing: true } : null;
}
