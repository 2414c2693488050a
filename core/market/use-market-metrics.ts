/**
 * The data of <hearth-market-metrics>: a region's monthly series and its summary sentences, loaded together
 * with useLoad and mapped onto the view's states.
 */
import { useLoad } from '../graphql/use-load';
import { loadHousingSentences, loadMarketMetrics, type MarketMetric } from './market-api';
import type { MarketSection } from './sections';

export type MarketState =
  | { status: 'loading' }
  | { status: 'failed'; /** The server's reason when it refused the request (a region name too long), else null. */ message: string | null }
  | { status: 'empty' }
  | { status: 'ready'; metrics: MarketMetric[]; sentences: string[] };

export interface MarketRequest {
  /** A city or ZIP. */
  region: string;
  /** A state code or name. */
  state: string;
  propertyType: string;
  section: MarketSection | null;
}

/** The regionName the API is asked about: 'Salt Lake City, UT', a city or ZIP alone, or a state; null for neither. */
export function regionNameOf({ region, state }: Pick<MarketRequest, 'region' | 'state'>): string | null {
  const city = region.trim();
  const st = state.trim();
  if (city && st) return `${city}, ${st}`;
  return city || st || null;
}

/** A series has something to draw when one of its months has a value. */
export const hasData = (metric: MarketMetric) => metric.aggregateData.some((p) => p.value !== null);

export function useMarketMetrics(request: MarketRequest): { state: MarketState; reload: () => void } {
  const regionName = regionNameOf(request);
  const propertyType = request.propertyType.trim() || null;
  const key = regionName === null ? null : JSON.stringify([regionName, propertyType, request.section]);
  const { result, reload } = useLoad(key, async () => {
    const [metrics, sentences] = await Promise.all([
      loadMarketMetrics({ regionName: regionName!, sectionType: request.section, propertyType }),
      loadHousingSentences(regionName!),
    ]);
    if (!metrics.ok) return metrics;
    return { ok: true as const, value: { metrics: metrics.value, sentences: sentences.ok ? sentences.value : [] } };
  });
  if (!result) return { state: { status: 'loading' }, reload };
  if (!result.ok) return { state: { status: 'failed', message: result.failure.kind === 'invalid' ? result.failure.message : null }, reload };
  const { metrics, sentences } = result.value;
  if (!metrics.some(hasData)) return { state: { status: 'empty' }, reload };
  return { state: { status: 'ready', metrics, sentences }, reload };
}
