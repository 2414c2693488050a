import { describe, expect, it } from 'vitest';
import { guestsParam, stayDatesQuery } from './stay-link';

describe("a stay's dates and guests in a link", () => {
  it('carries the dates in order and the guests when given, else nothing', () => {
    expect(stayDatesQuery({ checkIn: '2027-03-01', checkOut: '2027-03-04', guests: 2 })).toBe('?checkIn=2027-03-01&checkOut=2027-03-04&guests=2');
    expect(stayDatesQuery({ checkIn: '2027-03-01', checkOut: '2027-03-04' })).toBe('?checkIn=2027-03-01&checkOut=2027-03-04');
    expect(stayDatesQuery({ checkIn: null, checkOut: null, guests: 3 })).toBe('?guests=3');
    expect(stayDatesQuery({ checkIn: '2027-03-04', checkOut: '2027-03-01', guests: 0 })).toBe('');
    for (const guests of [0, -1, 2.5, 101, Number.NaN]) expect(stayDatesQuery({ checkIn: null, checkOut: null, guests })).toBe('');
  });

  it('reads back only a whole number of guests from 1 to 100', () => {
    const read = (query: string) => guestsParam(new URLSearchParams(query));
    expect(read('guests=4')).toBe(4);
    for (const query of ['', 'guests=', 'guests=0', 'guests=101', 'guests=2.5', 'guests=2%20onload', 'guests=-3', 'guests=1e1']) expect(read(query)).toBeNull();
  });
});
