/**
 * The seller's side of a requested tour (spec §2 Seller tour editor, §3 Dialog outcomes, §4 seller rules,
 * §5 cancellation reason and past times, §7 saveTourSeller). The listing's seller and company agents use
 * it alike. Pure state first (what the editor shows and its transitions, "now" passed in), then the two
 * calls. The view (elements/_shared/seller-tour-editor/) only renders what these return.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';
import { TOUR_DETAIL_FIELDS, tourDetailShape } from './tour-answers';
import { hidesRequestedTimesForSeller, nextTourStatuses } from './tour-status';
import { checkCancellationReason, scheduledEnd, sellerTimeError, type TimeSelectionError } from './tour-times';

z.config({ jitless: true });

// ---------------------------------------------------------------------------------------------------
// Data

const buildSellerTour = () =>
  z.object({
    ...tourDetailShape(),
    requestUser: z.object({ fullName: z.string() }),
  });

export type SellerTour = z.infer<ReturnType<typeof buildSellerTour>>;

const sellerTourSchema = lazySchema(buildSellerTour);

const SELLER_TOUR_FIELDS = /* GraphQL */ `
  ${TOUR_DETAIL_FIELDS}
  requestUser {
    fullName
  }
`;

export const SellerTourQuery = /* GraphQL */ `
  query SellerTour($id: ID!) {
    requestedTour(id: $id) {
      ${SELLER_TOUR_FIELDS}
    }
  }
`;

export const SaveTourSellerMutation = /* GraphQL */ `
  mutation SaveTourSeller($id: ID!, $start: String, $end: String, $tourStatus: TourStatus!, $cancellationReason: String) {
    saveTourSeller(id: $id, start: $start, end: $end, tourStatus: $tourStatus, cancellationReason: $cancellationReason) {
      ${SELLER_TOUR_FIELDS}
    }
  }
`;

/** Spec §3 Dialog outcomes: what the seller decided. */
export type SellerTourOutcome =
  | { id: string; tourStatus: 'SCHEDULED'; start: string; end: string }
  | { id: string; tourStatus: 'CANCELLED'; cancellationReason: string }
  | { id: string; tourStatus: 'COMPLETED' };

/** The saveTourSeller variables of an outcome. */
export function outcomeVariables(outcome: SellerTourOutcome): Record<string, string> {
  switch (outcome.tourStatus) {
    case 'SCHEDULED':
      return { id: outcome.id, tourStatus: 'SCHEDULED', start: outcome.start, end: outcome.end };
    case 'CANCELLED':
      return { id: outcome.id, tourStatus: 'CANCELLED', cancellationReason: outcome.cancellationReason };
    case 'COMPLETED':
      return { id: outcome.id, tourStatus: 'COMPLETED' };
  }
}

// ---------------------------------------------------------------------------------------------------
// What the editor offers for a status (spec §4)

export interface SellerTourParts {
  /** 'shown': the requested times with Select; 'toggle': behind Show/Hide (ACCEPTED, to pick another); 'hidden'. */
  requestedTimes: 'shown' | 'toggle' | 'hidden';
  /** Scheduled start and end (and the calendar file when there is one). */
  schedule: boolean;
  /** Confirm Selection → SCHEDULED. */
  canSchedule: boolean;
  canComplete: boolean;
  canCancel: boolean;
  /** The cancellation reason (CANCELLED by the seller's side). */
  reason: boolean;
  /** 'The buyer cancelled this request.' (CANCELLED by the buyer, who gives no reason). */
  cancelledByBuyer: boolean;
}

export function sellerTourParts(tour: Pick<SellerTour, 'tourStatus' | 'start' | 'end' | 'cancellationReason' | 'cancelledBy'>): SellerTourParts {
  const next = nextTourStatuses(tour.tourStatus);
  const canSchedule = next.includes('SCHEDULED');
  return {
    // Spec §4: hidden for the seller when SCHEDULED, ACCEPTED or COMPLETED. An ACCEPTED tour must still
    // become SCHEDULED with one of the requested times, so there they stay one click away.
    requestedTimes: !hidesRequestedTimesForSeller(tour.tourStatus) && canSchedule ? 'shown' : canSchedule ? 'toggle' : 'hidden',
    schedule: tour.start !== null && tour.end !== null && hidesRequestedTimesForSeller(tour.tourStatus),
    canSchedule,
    canComplete: next.includes('COMPLETED'),
    canCancel: next.includes('CANCELLED'),
    reason: tour.tourStatus === 'CANCELLED' && !!tour.cancellationReason,
    cancelledByBuyer: tour.tourStatus === 'CANCELLED' && tour.cancelledBy === 'BUYER',
  };
}

// ---------------------------------------------------------------------------------------------------
// Editor state (pure)

export interface SellerEditorState {
  /** The chosen requested time (ISO), or null. */
  selected: string | null;
  /** 'decide': times and buttons; 'cancel': the reason form. */
  mode: 'decide' | 'cancel';
  reason: string;
  /** Spec §5: a past time was chosen. */
  timeError: TimeSelectionError | null;
  showTimes: boolean;
}

/** An ACCEPTED tour with a time starts with that time chosen, so Confirm Selection schedules it. */
export const initialSellerEditorState = (tour: Pick<SellerTour, 'tourStatus' | 'start'>): SellerEditorState => ({
  selected: tour.tourStatus === 'ACCEPTED' ? tour.start : null,
  mode: 'decide',
  reason: '',
  timeError: null,
  showTimes: false,
});

/** Select: a time at or before now is not taken; the §5 error shows instead. */
export function selectTime(state: SellerEditorState, time: string, now: Date): SellerEditorState {
  const timeError = sellerTimeError(new Date(time), now);
  return timeError ? { ...state, timeError } : { ...state, selected: time, timeError: null };
}

export const clearSelection = (state: SellerEditorState): SellerEditorState => ({ ...state, selected: null, timeError: null });

/** Confirm Selection: SCHEDULED with end = start + 1 hour, unless the time has passed meanwhile. */
export function confirmSelection(
  tourId: string,
  state: SellerEditorState,
  now: Date,
): { outcome: SellerTourOutcome } | { state: SellerEditorState } {
  if (!state.selected) return { state };
  const start = new Date(state.selected);
  const timeError = sellerTimeError(start, now);
  if (timeError) return { state: { ...state, timeError } };
  return { outcome: { id: tourId, tourStatus: 'SCHEDULED', start: start.toISOString(), end: scheduledEnd(start).toISOString() } };
}

/** Cancel Tour: the outcome when the reason is 50–200 characters (trimmed), else null. */
export function cancelOutcome(tourId: string, reason: string): SellerTourOutcome | null {
  return checkCancellationReason(reason).valid ? { id: tourId, tourStatus: 'CANCELLED', cancellationReason: reason.trim() } : null;
}

// ---------------------------------------------------------------------------------------------------
// Calls

/** The tour as its seller sees it; a `not-found` failure when it is not theirs. */
export function loadSellerTour(id: string): Promise<Result<SellerTour>> {
  return query(SellerTourQuery, { id }, sellerTourSchema, { requestPolicy: 'network-only', muteError: true });
}

/** Sends the decision; the updated tour (on failure the caller shows the §8 toast). */
export function saveSellerDecision(outcome: SellerTourOutcome): Promise<Result<SellerTour>> {
  return mutate(SaveTourSellerMutation, outcomeVariables(outcome), sellerTourSchema, { muteError: true });
}
