import { describe, expect, it } from 'vitest';
import { formatTourTime, slotText, zoneName } from './tour-format';

const DENVER = 'America/Denver';

describe('tour times in the listing zone', () => {
  it('formats an instant with the zone named, whatever the machine zone', () => {
    expect(formatTourTime('2025-01-16T16:00:00.000Z', DENVER)).toBe('Thu, Jan 16, 2025, 9:00 AM MST');
    expect(formatTourTime('2025-07-16T15:00:00.000Z', DENVER)).toBe('Wed, Jul 16, 2025, 9:00 AM MDT');
    expect(formatTourTime(new Date('2025-01-16T16:00:00.000Z'), DENVER)).toBe('Thu, Jan 16, 2025, 9:00 AM MST');
  });

  it('names the zone as it is at that moment', () => {
    expect(zoneName(new Date('2025-01-15T12:00:00Z'), DENVER)).toBe('MST');
    expect(zoneName(new Date('2025-07-15T12:00:00Z'), DENVER)).toBe('MDT');
  });

  it("reads a chosen slot on the listing's calendar: 04:00 UTC is 9 pm the evening before", () => {
    expect(slotText('2025-01-16T04:00:00.000Z', DENVER)).toBe('Wed, Jan 15 at 9:00 PM');
    expect(slotText('2025-01-16T16:00:00.000Z', DENVER)).toBe('Thu, Jan 16 at 9:00 AM');
  });
});
