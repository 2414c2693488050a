/**
 * Market data over GraphQL (spec §3 Market metric, §7 marketMetrics and housingSentences): the operations,
 * checked against server/schema.graphql by core/graphql/operations.test.ts, and the calls
 * <hearth-market-metrics> makes. Answers are checked with zod at this boundary; errors come back as values
 * (the element shows them itself: `muteError`).
 */
import * as z from 'zod/mini';
import { query, type Result } from '../graphql/call';
import { lazySchema } from '../validation/lazy-schema';
import { MARKET_SECTIONS, type MarketSection } from './sections';

z.config({ jitless: true });

// ---- operations ----

export const MarketMetricsQuery = /* GraphQL */ `
  query MarketMetrics($regionName: String!, $sectionType: HousingMarketSectionType, $propertyType: String) {
    marketMetrics(regionName: $regionName, sectionType: $sectionType, propertyType: $propertyType) {
      label
      description
      housingMarketSectionType
      propertyType
      currencyCode
      aggregateData {
        id
        date
        value
        yoy
        homes
        yearEarlierHomes
      }
    }
  }
`;

export const HousingSentencesQuery = /* GraphQL */ `
  query HousingSentences($regionName: String!) {
    housingSentences(regionName: $regionName)
  }
`;

// ---- shapes ----

const buildMetricSchema = () =>
  z.object({
    label: z.string(),
    description: z.string(),
    housingMarketSectionType: z.enum(MARKET_SECTIONS),
    propertyType: z.nullable(z.string()),
    currencyCode: z.string(),
    aggregateData: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        value: z.nullable(z.number()),
        yoy: z.nullable(z.number()),
        homes: z.nullable(z.number()),
        yearEarlierHomes: z.nullable(z.number()),
      }),
    ),
  });

export type MarketMetric = z.infer<ReturnType<typeof buildMetricSchema>>;
export type MarketPoint = MarketMetric['aggregateData'][number];

const metricsSchema = lazySchema(() => z.array(buildMetricSchema()));
const sentencesSchema = lazySchema(() => z.array(z.string()));

// ---- calls ----

export interface MarketQuery {
  regionName: string;
  sectionType: MarketSection | null;
  propertyType: string | null;
}

/** The monthly series of a region; every section unless one is asked for. */
export function loadMarketMetrics({ regionName, sectionType, propertyType }: MarketQuery): Promise<Result<MarketMetric[]>> {
  return query(MarketMetricsQuery, { regionName, sectionType, propertyType }, metricsSchema, { muteError: true, requestPolicy: 'cache-first' });
}

/** The summary sentences of the region's latest month. */
export function loadHousingSentences(regionName: string): Promise<Result<string[]>> {
  return query(HousingSentencesQuery, { regionName }, sentencesSchema, { muteError: true, requestPolicy: 'cache-first' });
}
