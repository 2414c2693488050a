/**
 * The viewer's tours for <hearth-tours> (spec §3 Requested tour, §7 requestedTours and
 * requestedTourByListing): the operations, the row text, and the loading hook. The first read follows
 * the §7 policy for requested tours (cache and network; the client's cache belongs to one visitor);
 * `reload()` asks the network, since it follows a change the page was told of.
 */
import { useRef } from 'react';
import * as z from 'zod/mini';
import { query, type Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { toursListTexts as t } from '../i18n/tours';
import { lazySchema } from '../validation/lazy-schema';
import { TOUR_BASE_FIELDS, tourBaseShape, tourViewerRoleSchema, type TourViewerRole } from './tour-answers';
import { formatTourTime } from './tour-format';
import { CACHE_POLICIES } from '../graphql/cache-policies';

z.config({ jitless: true });

const buildTourRow = () =>
  z.object({
    ...tourBaseShape(),
    thumbnailPhotoUri: z.nullable(z.string()),
    tourListing: z.object({ id: z.string(), timeZone: z.string() }),
  });

export type TourRow = z.infer<ReturnType<typeof buildTourRow>>;

const tourRowsSchema = lazySchema(() => z.array(buildTourRow()));
const viewerRoleSchema = lazySchema(() => z.object({ viewerRole: tourViewerRoleSchema() }));

const ROW_FIELDS = /* GraphQL */ `
  ${TOUR_BASE_FIELDS}
  thumbnailPhotoUri
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
  const fresh = useRef(false);
  const load = useLoad(viewerId === null ? null : `${viewerId}|${listingId ?? ''}`, () => {
    const context = { requestPolicy: fresh.current ? 'network-only' : CACHE_POLICIES.requestedTours, muteError: true } as const;
    fresh.current = false;
    return listingId === null
      ? query(TourListQuery, {}, tourRowsSchema, context)
      : query(TourListByListingQuery, { listingId: String(listingId) }, tourRowsSchema, context);
  });
  const { result, loading } = load;
  const reload = () => {
    fresh.current = true;
    load.reload();
  };
  const state: TourListState =
    viewerId === null
      ? { status: 'idle' }
      : !result || (loading && !result.ok)
        ? { status: 'loading' }
        : result.ok
          ? { status: 'loaded', tours: result.value }
          : { status: 'failed' };
  return { state, reload };
}

/** The viewer's role on one tour; a `not-found` (or, for a malformed id, `invalid`) failure when it does not exist for them. */
export async function fetchViewerRole(tourId: string): Promise<Result<TourViewerRole>> {
  const found = await query(TourViewerRoleQuery, { id: tourId }, viewerRoleSchema, { requestPolicy: 'network-only', muteError: true });
  return found.ok ? { ok: true, value: found.value.viewerRole } : found;
}
