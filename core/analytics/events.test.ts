import { describe, expect, it } from 'vitest';
import { priceBand, visitorOptedOut } from './events';

describe('price bands', () => {
  it('counts a search by its lower bound, else its upper one', () => {
    expect(priceBand(450_000, 700_000)).toBe('$400k–$600k');
    expect(priceBand(null, 350_000)).toBe('$200k–$400k');
    expect(priceBand(0, null)).toBe('$0k–$200k');
    expect(priceBand(1_200_000, null)).toBe('$1M–$1.5M');
    expect(priceBand(5_000_000, null)).toBe('$2M+');
  });

  it("is 'Any price' without a usable bound", () => {
    expect(priceBand(null, null)).toBe('Any price');
    expect(priceBand(undefined, undefined)).toBe('Any price');
    expect(priceBand(-5, null)).toBe('Any price');
    expect(priceBand(Number.NaN, null)).toBe('Any price');
  });
});

describe('opting out', () => {
  it('honours Global Privacy Control and Do Not Track', () => {
    expect(visitorOptedOut({ globalPrivacyControl: true })).toBe(true);
    expect(visitorOptedOut({ doNotTrack: '1' })).toBe(true);
    expect(visitorOptedOut({ doNotTrack: '0' })).toBe(false);
    expect(visitorOptedOut({})).toBe(false);
  });
});
