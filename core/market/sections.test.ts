import { describe, expect, it } from 'vitest';
import { marketTexts } from '../i18n/market';
import { formatMonth, formatSectionValue, formatYoy } from './sections';

describe('formatting by section', () => {
  it('writes money from pennies, short on axes', () => {
    expect(formatSectionValue('MEDIAN_SOLD_PRICE', 35_450_000)).toBe('$354,500');
    expect(formatSectionValue('MEDIAN_LIST_PRICE', 35_450_000, 'USD', { short: true })).toBe('$354.5K');
    expect(formatSectionValue('PRICE_PER_SQUARE_FOOT', 25_717)).toBe('$257');
  });
  it('writes the ratio as a percentage, days and counts as numbers', () => {
    expect(formatSectionValue('SALE_TO_LIST_RATIO', 97.4)).toBe('97.4%');
    expect(formatSectionValue('SALE_TO_LIST_RATIO', 97.95, 'USD', { short: true })).toBe('97.95%');
    expect(formatSectionValue('SALE_TO_LIST_RATIO', 98, 'USD', { short: true })).toBe('98%');
    expect(formatSectionValue('MEDIAN_DAYS_ON_MARKET', 48.5)).toBe('48.5 days');
    expect(formatSectionValue('MEDIAN_DAYS_ON_MARKET', 1)).toBe('1 day');
    expect(formatSectionValue('ACTIVE_INVENTORY', 1234)).toBe('1,234');
  });
  it('says when a month has no value', () => {
    expect(formatSectionValue('PRICE_DROPS', null)).toBe(marketTexts.noValue);
  });
  it('writes the yoy change with an arrow and words, not colour alone', () => {
    expect(formatYoy(4.2)).toEqual({ direction: 'up', text: '▲ 4.2% year over year' });
    expect(formatYoy(-15.2)).toEqual({ direction: 'down', text: '▼ 15.2% year over year' });
    expect(formatYoy(0)).toEqual({ direction: 'flat', text: marketTexts.yoyFlat });
    expect(formatYoy(null).direction).toBe('none');
  });
  it('names months', () => {
    expect(formatMonth('2025-03-01')).toBe('Mar 2025');
    expect(formatMonth('2025-03-01', { long: true })).toBe('March 2025');
  });
});
