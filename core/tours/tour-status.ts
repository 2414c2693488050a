/**
 * Tour status (spec §4): REQUESTED → ACCEPTED → SCHEDULED → COMPLETED, or CANCELLED (with a reason)
 * from any state that is not over (the seller's decisions). The buyer may cancel their own request or offer new
 * times while it is open (buyerTourChanges). Pure, shared by the tour dialogs (which buttons exist) and the server.
 */
export const TOUR_STATUSES = ['REQUESTED', 'ACCEPTED', 'SCHEDULED', 'COMPLETED', 'CANCELLED'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

const NEXT: Record<TourStatus, readonly TourStatus[]> = {
  REQUESTED: ['ACCEPTED', 'SCHEDULED', 'CANCELLED'],
  ACCEPTED: ['SCHEDULED', 'CANCELLED'],
  SCHEDULED: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
};

export const nextTourStatuses = (from: TourStatus): readonly TourStatus[] => NEXT[from];
export const canMoveTour = (from: TourStatus, to: TourStatus) => NEXT[from].includes(to);

/** Scheduled start/end and 'Download Event' show for these (spec §4); the server offers an ical link only for them. */
export const TOUR_STATUSES_WITH_TIME: readonly TourStatus[] = ['SCHEDULED', 'ACCEPTED', 'COMPLETED'];
/** The seller no longer sees the requested times in these. */
export const hidesRequestedTimesForSeller = (status: TourStatus) => TOUR_STATUSES_WITH_TIME.includes(status);

/**
 * What a buyer may do with their own request (the edit-tour dialog, modifyTour): cancel it, or offer new times
 * (the same grid rules as a request; the tour goes back to REQUESTED for the seller to pick again). Only while
 * it is open (REQUESTED, ACCEPTED, SCHEDULED) and its scheduled time, if any, has not begun: a tour that has
 * started is the seller's to mark completed.
 */
export type BuyerTourChange = 'cancel' | 'reschedule';

export function buyerTourChanges(status: TourStatus, start: Date | string | null, now: Date): readonly BuyerTourChange[] {
  if (!canMoveTour(status, 'CANCELLED')) return [];
  if (start !== null && new Date(start).getTime() <= now.getTime()) return [];
  return ['cancel', 'reschedule'];
}
