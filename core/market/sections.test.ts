import { describe, expect, it } from 'vitest';
import { marketTexts } from '../i18n/market';
import { enoughHomesForChange, formatMonth, formatSectionValue, formatYoy, MIN_HOMES_FOR_CHANGE } from './sections';

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
    expect(formatYoy({ yoy: 4.2 })).toEqual({ direction: 'up', text: '▲ 4.2% year over year' });
    expect(formatYoy({ yoy: -15.2 })).toEqual({ direction: 'down', text: '▼ 15.2% year over year' });
    expect(formatYoy({ yoy: 13 })).toEqual({ direction: 'up', text: '▲ 13.0% year over year' });
    expect(formatYoy({ yoy: 0 })).toEqual({ direction: 'flat', text: marketTexts.yoyFlat });
    expect(formatYoy({ yoy: null }).direction).toBe('none');
  });
  it('says why there is no yearly change: too few homes behind either month, or no figure a year earlier', () => {
    expect(formatYoy({ yoy: null, homes: 120, yearEarlierHomes: MIN_HOMES_FOR_CHANGE - 1 })).toEqual({ direction: 'none', text: marketTexts.yoyTooFew });
    expect(formatYoy({ yoy: null, homes: MIN_HOMES_FOR_CHANGE - 1, yearEarlierHomes: 120 }).text).toBe(marketTexts.yoyTooFew);
    expect(formatYoy({ yoy: null, homes: 120, yearEarlierHomes: null }).text).toBe(marketTexts.yoyNone);
    expect(enoughHomesForChange(MIN_HOMES_FOR_CHANGE, MIN_HOMES_FOR_CHANGE)).toBe(true);
    expect(enoughHomesForChange(MIN_HOMES_FOR_CHANGE, MIN_HOMES_FOR_CHANGE - 1)).toBe(false);
    expect(enoughHomesForChange(null, 500)).toBe(false);
  });
  it('names months', () => {
    expect(formatMonth('2025-03-01')).toBe('Mar 2025');
    expect(formatMonth('2025-03-01', { long: true })).toBe('March 2025');
  });
});
