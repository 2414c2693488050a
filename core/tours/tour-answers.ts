/**
 * What the API answers about requested tours (spec §3 Requested tour), shared by the buyer's calls
 * (requests.ts), the seller's (seller.ts) and the tour list (tour-list.ts): the parts every tour query asks
 * for, as zod/mini shapes the answers are checked against.
 */
import * as z from 'zod/mini';
import { TOUR_STATUSES } from './tour-status';

z.config({ jitless: true });

/** What the viewer is to a tour: its buyer, the listing's seller, or a company agent (who decides like the seller). */
export const TOUR_VIEWER_ROLES = ['BUYER', 'SELLER', 'AGENT'] as const;
export type TourViewerRole = (typeof TOUR_VIEWER_ROLES)[number];

const tourStatusSchema = () => z.enum(TOUR_STATUSES);
export const tourViewerRoleSchema = () => z.enum(TOUR_VIEWER_ROLES);

/** The times the buyer asked for, ISO UTC. */
const requestedScheduleSchema = () => z.array(z.object({ scheduledDateTime: z.string() }));

/** What every tour answer holds, from the list's rows to the dialogs (a shape to spread into z.object). */
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
export const tourListingSchema = () => z.object({ id: z.string(), slugId: z.string(), listingCodeId: z.string(), timeZone: z.string() });

/** Spec §3 Agent and qualification, as the buyer sent it. */
export const agentAndQualificationSchema = () =>
  z.object({
    agent: z.boolean(),
    agentName: z.string(),
    agentPhone: z.string(),
    qualified: z.boolean(),
    qualifiedLenderName: z.string(),
    qualifiedAmount: z.string(),
  });
