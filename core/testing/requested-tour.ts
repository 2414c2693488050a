/** A buyer's requested tour as the API answers it (core/tours/requests.ts), for the tests of the request-tour dialog and the buyer tour details. */
import type { RequestedTour } from '../tours/requests';

export const requestedTourFixture = (over: Partial<RequestedTour> = {}): RequestedTour => ({
  id: '77',
  viewerRole: 'BUYER',
  tourStatus: 'REQUESTED',
  start: null,
  end: null,
  cancellationReason: null,
  cancelledBy: null,
  requestedSchedule: [{ scheduledDateTime: '2025-01-16T16:00:00.000Z' }, { scheduledDateTime: '2025-01-22T21:00:00.000Z' }],
  listingAddress: '455 E 300 S, Salt Lake City, UT 84111',
  thumbnailPhotoUri: null,
  tourListing: { id: '1001', slugId: '455-e-300-s-salt-lake-city-ut-84111', listingCodeId: 'HRT1001', timeZone: 'America/Denver' },
  agentAndQualification: { agent: false, agentName: '', agentPhone: '', agentPhoneText: '', qualified: true, qualifiedLenderName: 'Wasatch Bank', qualifiedAmount: '450,000' },
  ical: null,
  createdAt: '2025-01-15T17:30:00.000Z',
  ...over,
});
