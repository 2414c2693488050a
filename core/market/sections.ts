/**
 * The market sections (spec §3 housingMarketSectionType) and how each one's values read: money in
 * pennies, a percentage, days or a count. A rule both sides apply: the hosted site's server-rendered table
 * and the element format the same way.
 */
import { formatMoney } from '../format/money';
import { formatNumber, formatPercent } from '../format/number';
import { marketTexts as t } from '../i18n/market';

export const MARKET_SECTIONS = [
  'MEDIAN_LIST_PRICE',
  'MEDIAN_SOLD_PRICE',
  'ACTIVE_INVENTORY',
  'NEW_LISTINGS',
  'MEDIAN_DAYS_ON_MARKET',
  'PRICE_PER_SQUARE_FOOT',
  'SALE_TO_LIST_RATIO',
  'PRICE_DROPS',
] as const;
export type MarketSection = (typeof MARKET_SECTIONS)[number];

export type SectionUnit = 'money' | 'percent' | 'days' | 'count';

export const SECTION_UNITS: Record<MarketSection, SectionUnit> = {
  MEDIAN_LIST_PRICE: 'money',
  MEDIAN_SOLD_PRICE: 'money',
  PRICE_PER_SQUARE_FOOT: 'money',
  SALE_TO_LIST_RATIO: 'percent',
  MEDIAN_DAYS_ON_MARKET: 'days',
  ACTIVE_INVENTORY: 'count',
  NEW_LISTINGS: 'count',
  PRICE_DROPS: 'count',
};

/**
 * A yearly change is given only when at least this many homes stand behind the figure in both months. By chance
 * alone — which homes happened to sell or be listed — a change between two months of 100 homes each is off by
 * about 8 % (one standard error) for a median price and 14 % for a count, and twice that at 50; below this a
 * change says more about the luck of the month than about the market.
 */
export const MIN_HOMES_FOR_CHANGE = 100;

/** Whether both months have enough homes behind their figures for a yearly change (null: no figure). */
export const enoughHomesForChange = (homes: number | null, yearEarlierHomes: number | null) =>
  homes !== null && yearEarlierHomes !== null && homes >= MIN_HOMES_FOR_CHANGE && yearEarlierHomes >= MIN_HOMES_FOR_CHANGE;

/** A value of a section as the chart, its table and the hosted page show it; 'No data' for a month without data. */
export function formatSectionValue(section: MarketSection, value: number | null, currencyCode = 'USD', { short = false } = {}): string {
  if (value === null || !Number.isFinite(value)) return t.noValue;
  switch (SECTION_UNITS[section]) {
    case 'money':
      return formatMoney(value, currencyCode, { abbreviate: short, thousands: short });
    case 'percent':
      // An axis tick may need a second decimal (97.95 %); a figure has one.
      return short ? `${Number(value.toFixed(2))}%` : formatPercent(value);
    case 'days':
      return `${formatNumber(value)} ${value === 1 ? t.day : t.days}`;
    case 'count':
      return formatNumber(value);
  }
}

/** A point's year-over-year change and the homes behind it and behind its year-earlier figure. */
export interface YoyPoint {
  yoy: number | null;
  homes?: number | null;
  yearEarlierHomes?: number | null;
}

/**
 * Year-over-year change as text that does not rely on colour: '▲ 4.2% year over year'; without one, why:
 * too few homes behind either month, or no figure a year earlier.
 */
export function formatYoy({ yoy, homes = null, yearEarlierHomes = null }: YoyPoint): { direction: 'up' | 'down' | 'flat' | 'none'; text: string } {
  if (yoy === null || !Number.isFinite(yoy)) {
    const tooFew = yearEarlierHomes !== null && homes !== null && !enoughHomesForChange(homes, yearEarlierHomes);
    return { direction: 'none', text: tooFew ? t.yoyTooFew : t.yoyNone };
  }
  if (yoy > 0) return { direction: 'up', text: t.yoyUp(formatPercent(yoy)) };
  if (yoy < 0) return { direction: 'down', text: t.yoyDown(formatPercent(Math.abs(yoy))) };
  return { direction: 'flat', text: t.yoyFlat };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2025-03-01' → 'Mar 2025' (short) or 'March 2025'. */
export function formatMonth(date: string, { long = false } = {}): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const names = long ? LONG_MONTHS : MONTHS;
  return `${names[month - 1] ?? '?'} ${year}`;
}
