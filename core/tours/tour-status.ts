/**
 * Tour status (spec §4): REQUESTED → ACCEPTED → SCHEDULED → COMPLETED, or CANCELLED (with a reason)
 * from any state that is not over. Pure, shared by the seller dialog (which buttons exist) and the server.
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
