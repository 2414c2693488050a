import { describe, expect, it } from 'vitest';
import { amountOf, askingPriceFinding } from './asking-price';

describe('askingPriceFinding', () => {
  it('refuses nothing and impossible figures, asks about unusual ones, takes ordinary ones', () => {
    expect(askingPriceFinding(0, 'sale')).toEqual({ level: 'refuse', message: 'The asking price must be more than $0.' });
    expect(askingPriceFinding(2_000_000_000, 'sale')?.level).toBe('refuse');
    expect(askingPriceFinding(5_000, 'sale')).toEqual({ level: 'confirm', message: '$5,000 is an unusually low price for a home. Is that right?' });
    expect(askingPriceFinding(75_000_000, 'sale')?.level).toBe('confirm');
    expect(askingPriceFinding(525_000, 'sale')).toBeNull();
    expect(askingPriceFinding(2_000_000, 'rent')?.level).toBe('refuse');
    expect(askingPriceFinding(2_400, 'rent')).toBeNull();
  });

  it('reads typed amounts', () => {
    expect(amountOf('525,000')).toBe(525_000);
    expect(amountOf('$525000.50')).toBe(525_000.5);
    expect(amountOf('5e5')).toBeNull();
    expect(amountOf('')).toBeNull();
  });
});
