import { describe, expect, it } from 'vitest';
import { utcDay } from './history';
import { compareValues, parseSortBy, sortEntries } from './sort';

const NOW = utcDay(2026, 11, 26);

describe('grid sorting (widget spec §4)', () => {
  it('sort keys take a leading + or - for the direction (+ by default)', () => {
    expect(parseSortBy('-from_{r}, +city_{r},name_{r}')).toEqual([
      { variable: 'from_{r}', direction: -1 },
      { variable: 'city_{r}', direction: 1 },
      { variable: 'name_{r}', direction: 1 },
    ]);
    expect(parseSortBy(undefined)).toEqual([]);
    expect(parseSortBy(' , - ,+')).toEqual([]);
  });

  it('dates in MM/dd/yyyy compare chronologically, not as text', () => {
    expect(compareValues('02/01/2020', '10/01/2019', NOW)).toBeGreaterThan(0);
    expect(compareValues('2/1/20', '10/1/2019', NOW)).toBeGreaterThan(0);
    expect(compareValues('12/31/2019', '1/1/2020', NOW)).toBeLessThan(0);
  });

  it('null (empty) counts as today', () => {
    expect(compareValues('', '11/25/2026', NOW)).toBeGreaterThan(0);
    expect(compareValues('', '11/27/2026', NOW)).toBeLessThan(0);
    expect(compareValues('', '11/26/2026', NOW)).toBe(0);
    expect(compareValues('', '', NOW)).toBe(0);
  });

  it('strings compare case-insensitively', () => {
    expect(compareValues('apple', 'Banana', NOW)).toBeLessThan(0);
    expect(compareValues('ZEBRA', 'zebra', NOW)).toBe(0);
  });

  it('sorts by each key in turn, descending with -, stable otherwise', () => {
    const entries = [
      { id: 'a', from: '1/1/2020', city: 'provo' },
      { id: 'b', from: '', city: 'Ogden' },
      { id: 'c', from: '1/1/2020', city: 'Logan' },
      { id: 'd', from: '6/1/2021', city: 'logan' },
    ];
    expect(sortEntries(entries, parseSortBy('-from'), NOW).map((e) => e.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(sortEntries(entries, parseSortBy('from,city'), NOW).map((e) => e.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(sortEntries(entries, parseSortBy('city'), NOW).map((e) => e.id)).toEqual(['c', 'd', 'b', 'a']);
    expect(sortEntries(entries, [], NOW).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
