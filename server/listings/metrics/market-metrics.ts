/**
 * Market metrics (spec §3 Market metric; §7 marketMetrics, housingSentences) for a region: a ZIP, a city
 * ('Salt Lake City' or 'Salt Lake City, UT'), or a state ('UT' or 'Utah'), matched without case, in that
 * order; optionally one property type. Monthly, from the region's first month with history to its last month that is over, the
 * last MAX_MONTHS months returned. The figures (defined in monthly.ts) are precomputed by the refresh job
 * (refresh.ts, migration 140): a request reads at most MAX_MONTHS + 12 rows of one region and never scans
 * the history. A region appears after the next refresh (after an import, the seed, or within the hour).
 *
 * yoy = (value − value 12 months earlier) / value 12 months earlier × 100, one decimal; null without a
 * value a year earlier (or when it was 0), and null when either month has fewer than MIN_HOMES_FOR_CHANGE
 * homes behind its figure (a median of a dozen sales, or a count of a dozen homes, moves by tens of percent
 * by chance alone): `homes` and `yearEarlierHomes` say how many there were. A month without data has value
 * null.
 */
import { enoughHomesForChange, MARKET_SECTIONS, type MarketSection } from '../../../core/market/sections';
import type { Queryable } from '../../db';
import { badInput } from '../../domain-error';
import { stateCode } from '../../site/us-states';

/** The sections of spec §3, one list with the element's (core/market/sections.ts). */
export const SECTION_TYPES = MARKET_SECTIONS;
export type SectionType = MarketSection;

export const ACTIVE_STATUSES = new Set(['Active', 'Active Under Contract', 'Coming Soon']);
export const MAX_MONTHS = 36;

export const SECTION_LABELS: Record<SectionType, { label: string; description: string }> = {
  MEDIAN_LIST_PRICE: { label: 'Median list price', description: 'Median asking price of homes for sale at month end.' },
  MEDIAN_SOLD_PRICE: { label: 'Median sold price', description: 'Median price of the homes sold in the month.' },
  ACTIVE_INVENTORY: { label: 'Active inventory', description: 'Homes for sale at month end.' },
  NEW_LISTINGS: { label: 'New listings', description: 'Homes listed during the month.' },
  MEDIAN_DAYS_ON_MARKET: { label: 'Median days on market', description: 'Median days from listing to an accepted offer, of the homes sold in the month.' },
  PRICE_PER_SQUARE_FOOT: { label: 'Price per square foot', description: 'Median sold price per square foot of living area.' },
  SALE_TO_LIST_RATIO: { label: 'Sale-to-list ratio', description: 'Median sold price as a percentage of the last list price, of the homes sold in the month.' },
  PRICE_DROPS: { label: 'Price drops', description: 'Homes whose asking price was cut during the month.' },
};

/** The column of market_metrics_monthly (migration 140) holding each section. */
export const SECTION_COLUMNS: Record<SectionType, string> = {
  MEDIAN_LIST_PRICE: 'median_list_price',
  ACTIVE_INVENTORY: 'active_inventory',
  NEW_LISTINGS: 'new_listings',
  MEDIAN_SOLD_PRICE: 'median_sold_price',
  MEDIAN_DAYS_ON_MARKET: 'median_days_on_market',
  PRICE_PER_SQUARE_FOOT: 'price_per_square_foot',
  SALE_TO_LIST_RATIO: 'sale_to_list_ratio',
  PRICE_DROPS: 'price_drops',
};

/** The column holding how many homes stand behind each section's figure (a count is its own). */
export const SECTION_HOMES_COLUMNS: Record<SectionType, string> = {
  MEDIAN_LIST_PRICE: 'active_inventory',
  ACTIVE_INVENTORY: 'active_inventory',
  NEW_LISTINGS: 'new_listings',
  MEDIAN_SOLD_PRICE: 'homes_sold',
  MEDIAN_DAYS_ON_MARKET: 'homes_with_days',
  PRICE_PER_SQUARE_FOOT: 'homes_with_area',
  SALE_TO_LIST_RATIO: 'homes_with_list_price',
  PRICE_DROPS: 'price_drops',
};

export interface AggregatePoint {
  /** YYYY-MM-01. */
  date: string;
  id: string;
  value: number | null;
  yoy: number | null;
  /** How many homes stand behind the value (null: no value). */
  homes: number | null;
  /** How many stood behind the value 12 months earlier (null: no value then, or before the region's history). */
  yearEarlierHomes: number | null;
}

export interface MarketMetric {
  description: string;
  label: string;
  housingMarketSectionType: SectionType;
  propertyType: string | null;
  /** The currency of the money sections (the region's listings' currency). */
  currencyCode: string;
  aggregateData: AggregatePoint[];
}

export interface RegionMetrics {
  /** The region as the listings spell it (e.g. "Salt Lake City"), else as asked. */
  regionName: string;
  currencyCode: string;
  metrics: MarketMetric[];
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

interface RegionRow {
  region_kind: string;
  region_key: string;
  display_name: string;
  currency_code: string;
}

/** The stored region a name means: a ZIP, a city with its state, a city, a state (code or name). */
async function findRegion(db: Queryable, region: string, propertyType: string): Promise<RegionRow | null> {
  const lower = region.toLowerCase();
  const comma = lower.match(/^(.+?)\s*,\s*([^,]+)$/);
  const cityState = comma ? `${comma[1]}, ${(stateCode(comma[2]!) ?? comma[2]!).toLowerCase()}` : null;
  const state = (stateCode(region) ?? region).toLowerCase();
  const { rows } = await db.query<RegionRow>(
    `SELECT region_kind, region_key, display_name, currency_code FROM market_regions
      WHERE property_type = $1
        AND ((region_kind = 'zip' AND region_key = upper($2)) OR (region_kind = 'city_state' AND region_key = $3)
          OR (region_kind = 'city' AND region_key = $4) OR (region_kind = 'state' AND region_key IN ($4, $5)))
      ORDER BY array_position(ARRAY['zip', 'city_state', 'city', 'state'], region_kind)
      LIMIT 1`,
    [propertyType, region, cityState ?? '', lower, state],
  );
  return rows[0] ?? null;
}

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
  const sections = options.sectionType ? [options.sectionType] : [...SECTION_TYPES];
  const propertyType = options.propertyType ?? null;
  const empty = (s: SectionType): MarketMetric => ({ ...SECTION_LABELS[s], housingMarketSectionType: s, propertyType, currencyCode: 'USD', aggregateData: [] });
  const found = await findRegion(db, region, propertyType ?? '');
  if (!found) return { regionName: region, currencyCode: 'USD', metrics: sections.map(empty) };

  // The months shown and the 12 before them (their yoy), newest first.
  const { rows } = await db.query<Record<string, number | string | null> & { month: string }>(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month, ${sections.map((s) => `${SECTION_COLUMNS[s]}::float8 AS "${s}"`).join(', ')},
            ${sections.map((s) => `${SECTION_HOMES_COLUMNS[s]}::float8 AS "homes:${s}"`).join(', ')}
       FROM market_metrics_monthly
      WHERE region_kind = $1 AND region_key = $2 AND property_type = $3
      ORDER BY month DESC LIMIT $4`,
    [found.region_kind, found.region_key, propertyType ?? '', MAX_MONTHS + 12],
  );
  rows.reverse();
  const firstShown = Math.max(0, rows.length - MAX_MONTHS);
  const metrics = sections.map((section) => {
    const values = rows.map((r) => (r[section] === null || r[section] === undefined ? null : Number(r[section])));
    // Rows written before the counts existed (migration 330) have none: no yearly change until the next refresh.
    const homes = rows.map((r, m) => (values[m] === null ? null : Number(r[`homes:${section}`] ?? 0)));
    const aggregateData: AggregatePoint[] = [];
    for (let m = firstShown; m < rows.length; m++) {
      const date = rows[m]!.month;
      const yearEarlierHomes = m >= 12 ? homes[m - 12]! : null;
      const enough = enoughHomesForChange(homes[m]!, yearEarlierHomes);
      aggregateData.push({
        date,
        id: `${section}:${date.slice(0, 7)}`,
        value: values[m]!,
        yoy: m >= 12 && enough ? yoyPercent(values[m]!, values[m - 12]!) : null,
        homes: homes[m]!,
        yearEarlierHomes,
      });
    }
    return { ...SECTION_LABELS[section], housingMarketSectionType: section, propertyType, currencyCode: found.currency_code, aggregateData };
  });
  return { regionName: found.display_name, currencyCode: found.currency_code, metrics };
}

/**
 * The city of a state with the most homes for sale in its latest month ('Salt Lake City, UT'), or null: the
 * housing-market page centres its search there (the place search knows cities and ZIPs, not states).
 */
export async function busiestCity(db: Queryable, state: string): Promise<string | null> {
  const code = (stateCode(state) ?? state).trim().toLowerCase();
  const { rows } = await db.query<{ display_name: string }>(
    `SELECT r.display_name FROM market_regions r
       JOIN market_metrics_monthly m ON m.region_kind = r.region_kind AND m.region_key = r.region_key
        AND m.property_type = r.property_type AND m.month = r.last_month
      WHERE r.region_kind = 'city_state' AND r.property_type = '' AND r.region_key LIKE '%, ' || $1
      ORDER BY m.active_inventory DESC, r.display_name LIMIT 1`,
    [code],
  );
  return rows[0]?.display_name ?? null;
}
