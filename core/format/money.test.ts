import { describe, expect, it } from 'vitest';
import { CURRENCY_SYMBOLS, currencySymbol, formatMoney, MISSING_AMOUNT } from './money';

describe('formatMoney (spec §9)', () => {
  it('divides pennies by 100', () => {
    expect(formatMoney(52_500_000, 'USD')).toBe('$525,000');
  });

  it('shows USD in en-US with no fraction digits', () => {
    expect(formatMoney(123_456_789, 'USD')).toBe('$1,234,568');
  });

  it('shows other currencies in en-IN grouping', () => {
    expect(formatMoney(1_250_000_000, 'NPR')).toBe('Rs 1,25,00,000');
    expect(formatMoney(9_876_543_21, 'INR')).toBe('₹98,76,543');
  });

  it("shows NPR as 'Rs'", () => {
    expect(currencySymbol('NPR')).toBe('Rs');
  });

  it('abbreviates USD billions with G', () => {
    expect(formatMoney(150_000_000_000, 'USD', { abbreviate: true })).toBe('$1.5G');
  });

  it('abbreviates USD millions with M', () => {
    expect(formatMoney(125_000_000, 'USD', { abbreviate: true })).toBe('$1.25M');
    expect(formatMoney(100_000_000, 'USD', { abbreviate: true })).toBe('$1M');
  });

  it('uses K for USD thousands only when asked', () => {
    expect(formatMoney(52_500_000, 'USD', { abbreviate: true })).toBe('$525,000');
    expect(formatMoney(52_500_000, 'USD', { abbreviate: true, thousands: true })).toBe('$525K');
  });

  it('abbreviates other currencies with A (1e10), cr (1e7) and L (1e5)', () => {
    expect(formatMoney(2_500_000_000_000, 'NPR', { abbreviate: true })).toBe('Rs 2.5 A');
    expect(formatMoney(1_250_000_000, 'NPR', { abbreviate: true })).toBe('Rs 1.25 cr');
    expect(formatMoney(75_000_000, 'NPR', { abbreviate: true })).toBe('Rs 7.5 L');
    expect(formatMoney(5_000_000, 'NPR', { abbreviate: true })).toBe('Rs 50,000');
  });

  it("shows 'Nan' for a missing amount", () => {
    expect(MISSING_AMOUNT).toBe('Nan');
    expect(formatMoney(null)).toBe('Nan');
    expect(formatMoney(undefined, 'NPR')).toBe('Nan');
    expect(formatMoney(Number.NaN)).toBe('Nan');
  });

  it('has a symbol for every currency of the spec list', () => {
    expect(Object.keys(CURRENCY_SYMBOLS)).toEqual([
      'USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD', 'CHF', 'CNY', 'SEK', 'NZD', 'MXN',
      'SGD', 'HKD', 'NOK', 'KRW', 'TRY', 'INR', 'RUB', 'BRL', 'ZAR', 'NPR',
    ]);
  });

  it('shows an unknown currency by its code', () => {
    expect(formatMoney(100_00, 'XYZ')).toBe('XYZ 100');
  });
});
