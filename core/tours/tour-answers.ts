/**
 * What the API answers about requested tours (spec §3 Requested tour), shared by the buyer's calls
 * (requests.ts), the seller's (seller.ts), the tour list (tour-list.ts) and the open houses' listing
 * (open-houses-api.ts): each selection beside the zod/mini shape its answer is checked against.
 */
import * as z from 'zod/mini';
import { TOUR_STATUSES } from './tour-status';

z.config({ jitless: true });

/** What the viewer is to a tour: its buyer, the listing's seller, or a company agent (who decides like the seller). */
const TOUR_VIEWER_ROLES = ['BUYER', 'SELLER', 'AGENT'] as const;
export type TourViewerRole = (typeof TOUR_VIEWER_ROLES)[number];

const tourStatusSchema = () => z.enum(TOUR_STATUSES);
export const tourViewerRoleSchema = () => z.enum(TOUR_VIEWER_ROLES);

/** The times the buyer asked for, ISO UTC. */
const requestedScheduleSchema = () => z.array(z.object({ scheduledDateTime: z.string() }));

/** What every tour answer holds, from the list's rows to the dialogs. */
export const TOUR_BASE_FIELDS = /* GraphQL */ `
  id
  tourStatus
  viewerRole
  start
  end
  listingAddress
  requestedSchedule {
    scheduledDateTime
  }
`;

/** The answer to TOUR_BASE_FIELDS (a shape to spread into z.object). */
export const tourBaseShape = () => ({
  id: z.string(),
  tourStatus: tourStatusSchema(),
  viewerRole: tourViewerRoleSchema(),
  /** ISO UTC; set once scheduled (end = start + 1 hour). */
  start: z.nullable(z.string()),
  end: z.nullable(z.string()),
  listingAddress: z.string(),
  requestedSchedule: requestedScheduleSchema(),
});

/** The listing of a tour: its zone (times are the listing's) and its route. */
export const TOUR_LISTING_FIELDS = /* GraphQL */ `
  tourListing {
    id
    slugId
    listingCodeId
    timeZone
  }
`;

export const tourListingSchema = () => z.object({ id: z.string(), slugId: z.string(), listingCodeId: z.string(), timeZone: z.string() });

/** Spec §3 Agent and qualification, as the buyer sent it. */
const AGENT_AND_QUALIFICATION_FIELDS = /* GraphQL */ `
  agentAndQualification {
    agent
    agentName
    agentPhone
    agentPhoneText: agentPhone(format: DISPLAY)
    qualified
    qualifiedLenderName
    qualifiedAmount
  }
`;

const agentAndQualificationSchema = () =>
  z.object({
    agent: z.boolean(),
    agentName: z.string(),
    /** E.164 (for a tel: link); agentPhoneText as people read it. */
    agentPhone: z.string(),
    agentPhoneText: z.string(),
    qualified: z.boolean(),
    qualifiedLenderName: z.string(),
    qualifiedAmount: z.string(),
  });

/** One tour as its dialogs show it (the buyer's details, the seller's editor): the base, why and by whom it was cancelled, its calendar file, its listing and the buyer's answers. */
export const TOUR_DETAIL_FIELDS = /* GraphQL */ `
  ${TOUR_BASE_FIELDS}
  cancellationReason
  cancelledBy
  ical
  ${TOUR_LISTING_FIELDS}
  ${AGENT_AND_QUALIFICATION_FIELDS}
`;

/** The answer to TOUR_DETAIL_FIELDS (a shape to spread into z.object). */
export const tourDetailShape = () => ({
  ...tourBaseShape(),
  cancellationReason: z.nullable(z.string()),
  /** Who cancelled a CANCELLED tour: the buyer (no reason) or the seller's side (with a reason). */
  cancelledBy: z.nullable(z.enum(['BUYER', 'SELLER'])),
  /** Calendar file link (spec §3 ical); null when the tour has no time yet. */
  ical: z.nullable(z.string()),
  tourListing: tourListingSchema(),
  agentAndQualification: agentAndQualificationSchema(),
});
