/**
 * Market metrics (spec §3 Market metric; §7 marketMetrics, housingSentences), computed from
 * listing_status_history joined to listings, for a region (a city, a ZIP or a state, matched without
 * case) and optionally one property type. Monthly, from the first month with history to the month of
 * the latest event, the last MAX_MONTHS months returned. Each month:
 *
 *   MEDIAN_LIST_PRICE       median price of the listings active at the month's end (their last event
 *                           before the end has an ACTIVE status)
 *   ACTIVE_INVENTORY        how many listings that is
 *   NEW_LISTINGS            'listed' events in the month
 *   MEDIAN_SOLD_PRICE       median price of the Closed events in the month (the sold price)
 *   MEDIAN_DAYS_ON_MARKET   median whole days from a sold listing's latest 'listed' event to its close
 *   PRICE_PER_SQUARE_FOOT   median of sold price / living area (sq ft) of the month's sales with an area
 *
 * Money in pennies (rounded to a whole penny); a median of an even count is the mean of the middle two.
 * yoy = (value − value 12 months earlier) / value 12 months earlier × 100, one decimal; null without a
 * value a year earlier (or when it was 0). A month without data has value null.
 *
 * Computed in TypeScript from one ordered read of the region's history: the month-end state of every
 * listing is a walk along its events, which SQL would express as a lateral per month.
 */
import type { Queryable } from '../../db';
import { badInput } from '../../domain-error';

export const SECTION_TYPES = [
  'MEDIAN_LIST_PRICE',
  'MEDIAN_SOLD_PRICE',
  'ACTIVE_INVENTORY',
  'NEW_LISTINGS',
  'MEDIAN_DAYS_ON_MARKET',
  'PRICE_PER_SQUARE_FOOT',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const ACTIVE_STATUSES = new Set(['Active', 'Active Under Contract', 'Coming Soon']);
export const MAX_MONTHS = 36;
const DAY_MS = 86_400_000;

export const SECTION_LABELS: Record<SectionType, { label: string; description: string }> = {
  MEDIAN_LIST_PRICE: { label: 'Median list price', description: 'Median asking price of homes for sale at month end.' },
  MEDIAN_SOLD_PRICE: { label: 'Median sold price', description: 'Median price of the homes sold in the month.' },
  ACTIVE_INVENTORY: { label: 'Active inventory', description: 'Homes for sale at month end.' },
  NEW_LISTINGS: { label: 'New listings', description: 'Homes listed during the month.' },
  MEDIAN_DAYS_ON_MARKET: { label: 'Median days on market', description: 'Median days from listing to sale, of the homes sold in the month.' },
  PRICE_PER_SQUARE_FOOT: { label: 'Price per square foot', description: 'Median sold price per square foot of living area.' },
};

export interface AggregatePoint {
  /** YYYY-MM-01. */
  date: string;
  id: string;
  value: number | null;
  yoy: number | null;
}

export interface MarketMetric {
  description: string;
  label: string;
  housingMarketSectionType: SectionType;
  propertyType: string | null;
  aggregateData: AggregatePoint[];
}

export interface RegionMetrics {
  /** The region as the listings spell it (e.g. "Salt Lake City"), else as asked. */
  regionName: string;
  currencyCode: string;
  metrics: MarketMetric[];
}

interface EventRow {
  listing_id: number;
  event: string;
  status: string;
  price_in_pennies: number;
  changed_at: Date;
  area_sq_ft: number | null;
  city: string;
  price_currency_code: string;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function yoyPercent(value: number | null, yearBefore: number | null): number | null {
  if (value === null || yearBefore === null || yearBefore === 0) return null;
  return Math.round(((value - yearBefore) / yearBefore) * 1000) / 10;
}

const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1);
const monthDate = (index: number) => new Date(monthStart(index)).toISOString().slice(0, 10);
const roundMoney = (v: number | null) => (v === null ? null : Math.round(v));

export async function marketMetrics(
  db: Queryable,
  regionName: string,
  options: { sectionType?: SectionType | null; propertyType?: string | null } = {},
): Promise<RegionMetrics> {
  const region = regionName.trim();
  if (!region || region.length > 100) {
    throw badInput('regionName must be a city, ZIP or state of up to 100 characters.', 'regionName');
  }
  if (options.propertyType && options.propertyType.length > 100) {
    throw badInput('propertyType is longer than 100 characters.', 'propertyType');
  }
  const params: unknown[] = [region];
  let where = `(lower(l.city) = lower($1) OR l.postal_code = $1 OR lower(l.state_province) = lower($1))`;
  if (options.propertyType) {
    params.push(options.propertyType);
    where += ` AND l.property_type = $2`;
  }
  const { rows } = await db.query<EventRow>(
    `SELECT h.listing_id, h.event, h.status, h.price_in_pennies, h.changed_at, l.area_sq_ft, l.city, l.price_currency_code
       FROM listing_status_history h JOIN listings l ON l.id = h.listing_id
      WHERE ${where}
      ORDER BY h.listing_id, h.changed_at, h.id`,
    params,
  );
  const sections = options.sectionType ? [options.sectionType] : [...SECTION_TYPES];
  const cityCounts = new Map<string, number>();
  for (const r of rows) cityCounts.set(r.city, (cityCounts.get(r.city) ?? 0) + 1);
  const matchedCity = [...cityCounts.keys()].find((c) => c.toLowerCase() === region.toLowerCase());
  const currencyCode = rows[0]?.price_currency_code.trim() ?? 'USD';
  if (rows.length === 0) {
    return {
      regionName: region,
      currencyCode,
      metrics: sections.map((s) => ({ ...SECTION_LABELS[s], housingMarketSectionType: s, propertyType: options.propertyType ?? null, aggregateData: [] })),
    };
  }

  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    const m = monthIndex(r.changed_at);
    first = Math.min(first, m);
    last = Math.max(last, m);
  }
  const monthCount = last - first + 1;
  const activePrices: number[][] = Array.from({ length: monthCount }, () => []);
  const newListings = new Array<number>(monthCount).fill(0);
  const soldPrices: number[][] = Array.from({ length: monthCount }, () => []);
  const soldDays: number[][] = Array.from({ length: monthCount }, () => []);
  const soldPerSqFt: number[][] = Array.from({ length: monthCount }, () => []);

  // One listing's events at a time (the read is ordered by listing, then time).
  let start = 0;
  while (start < rows.length) {
    let end = start;
    while (end < rows.length && rows[end]!.listing_id === rows[start]!.listing_id) end++;
    const events = rows.slice(start, end);
    let listedAt: Date | null = null;
    for (const e of events) {
      const m = monthIndex(e.changed_at) - first;
      if (e.event === 'listed') {
        newListings[m]! += 1;
        listedAt = e.changed_at;
      }
      if (e.status === 'Closed') {
        soldPrices[m]!.push(e.price_in_pennies);
        if (listedAt) soldDays[m]!.push(Math.floor((e.changed_at.getTime() - listedAt.getTime()) / DAY_MS));
        if (e.area_sq_ft && e.area_sq_ft > 0) soldPerSqFt[m]!.push(e.price_in_pennies / e.area_sq_ft);
      }
    }
    // Month-end state: the last event before each month's end.
    let k = 0;
    for (let m = 0; m < monthCount; m++) {
      const monthEnd = monthStart(first + m + 1);
      while (k < events.length && events[k]!.changed_at.getTime() < monthEnd) k++;
      const state = k > 0 ? events[k - 1]! : null;
      if (state && ACTIVE_STATUSES.has(state.status)) activePrices[m]!.push(state.price_in_pennies);
    }
    start = end;
  }

  const series: Record<SectionType, (m: number) => number | null> = {
    MEDIAN_LIST_PRICE: (m) => roundMoney(median(activePrices[m]!)),
    ACTIVE_INVENTORY: (m) => activePrices[m]!.length,
    NEW_LISTINGS: (m) => newListings[m]!,
    MEDIAN_SOLD_PRICE: (m) => roundMoney(median(soldPrices[m]!)),
    MEDIAN_DAYS_ON_MARKET: (m) => median(soldDays[m]!),
    PRICE_PER_SQUARE_FOOT: (m) => roundMoney(median(soldPerSqFt[m]!)),
  };
  const firstShown = Math.max(0, monthCount - MAX_MONTHS);
  const metrics = sections.map((section) => {
    const values = Array.from({ length: monthCount }, (_, m) => series[section](m));
    const aggregateData: AggregatePoint[] = [];
    for (let m = firstShown; m < monthCount; m++) {
      const date = monthDate(first + m);
      aggregateData.push({
        date,
        id: `${section}:${date.slice(0, 7)}`,
        value: values[m]!,
        yoy: m >= 12 ? yoyPercent(values[m]!, values[m - 12]!) : null,
      });
    }
    return { ...SECTION_LABELS[section], housingMarketSectionType: section, propertyType: options.propertyType ?? null, aggregateData };
  });
  return { regionName: matchedCity ?? region, currencyCode, metrics };
}
