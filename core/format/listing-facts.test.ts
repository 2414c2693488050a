import { describe, expect, it } from 'vitest';
import { factsLine, formatArea, nextOpenHouse } from './listing-facts';

describe('listing facts', () => {
  it('shows beds, baths and area', () => {
    expect(factsLine({ bedrooms: 3, bathrooms: 2, area: 1850, areaUnit: 'sqft' })).toBe('3 bd · 2 ba · 1,850 sq ft');
  });

  it('leaves out what is unknown', () => {
    expect(factsLine({ bedrooms: null, bathrooms: null, area: 4, areaUnit: 'ropani' })).toBe('4 ropani');
  });

  it('names Nepali land units', () => {
    expect(formatArea(8, 'aana')).toBe('8 aana');
    expect(formatArea(120, 'sqm')).toBe('120 m²');
    expect(formatArea(null, 'sqft')).toBeNull();
  });
});

describe('next open house', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it("shows the next active one in the listing's time zone (MST)", () => {
    const line = nextOpenHouse(
      [
        { startDateTime: '2026-11-28T20:00:00Z', endDateTime: '2026-11-28T22:00:00Z', isActive: true },
        { startDateTime: '2026-11-22T20:00:00Z', endDateTime: '2026-11-22T22:00:00Z', isActive: true },
      ],
      'America/Denver',
      now,
    );
    expect(line).toBe('Sun, Nov 22, 1:00 PM – 3:00 PM');
  });

  it('skips cancelled and finished open houses', () => {
    expect(
      nextOpenHouse(
        [
          { startDateTime: '2026-11-20T20:00:00Z', endDateTime: '2026-11-20T22:00:00Z', isActive: true },
          { startDateTime: '2026-11-29T20:00:00Z', endDateTime: '2026-11-29T22:00:00Z', isActive: false },
        ],
        'America/Denver',
        now,
      ),
    ).toBeNull();
  });

  it('uses Kathmandu time for a Nepali listing', () => {
    const line = nextOpenHouse([{ startDateTime: '2026-11-22T05:15:00Z', endDateTime: '2026-11-22T07:15:00Z', isActive: true }], 'Asia/Kathmandu', now);
    expect(line).toBe('Sun, Nov 22, 11:00 AM – 1:00 PM');
  });
});
