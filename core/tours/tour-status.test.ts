import { describe, expect, it } from 'vitest';
import { buyerTourChanges, TOUR_STATUSES } from './tour-status';

const NOW = new Date('2026-03-10T18:00:00Z');

describe('buyerTourChanges', () => {
  it('lets the buyer cancel or reschedule an open request, and nothing once it is over', () => {
    const open = TOUR_STATUSES.filter((status) => buyerTourChanges(status, null, NOW).length > 0);
    expect(open).toEqual(['REQUESTED', 'ACCEPTED', 'SCHEDULED']);
    expect(buyerTourChanges('REQUESTED', null, NOW)).toEqual(['cancel', 'reschedule']);
    expect(buyerTourChanges('COMPLETED', null, NOW)).toEqual([]);
    expect(buyerTourChanges('CANCELLED', null, NOW)).toEqual([]);
  });

  it('a scheduled tour whose time has begun is the seller’s to complete', () => {
    expect(buyerTourChanges('SCHEDULED', '2026-03-10T19:00:00.000Z', NOW)).toEqual(['cancel', 'reschedule']);
    expect(buyerTourChanges('SCHEDULED', '2026-03-10T18:00:00.000Z', NOW)).toEqual([]);
    expect(buyerTourChanges('ACCEPTED', new Date('2026-03-10T17:00:00Z'), NOW)).toEqual([]);
  });
});
