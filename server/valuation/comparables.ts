/**
 * How a home's value follows from comparable sales (issue 18, "What is my home worth"): pure arithmetic,
 * no SQL, so the rule is tested on its own and the bench (bench/home-value.ts) measures exactly this.
 *
 * 1. Candidates: sales of the same home type near the subject within LOOKBACK_MONTHS, living area within
 *    SIZE_RATIO of the subject's, built within MAX_AGE_GAP_YEARS of it (when the owner gave those facts).
 * 2. Each sale gets a weight, the product of its similarities: distance (halves every ~1.7 miles), size,
 *    age, bedrooms and recency (a 12-month-old sale counts about a third of today's). The MAX_COMPARABLES
 *    heaviest are the comparables.
 * 3. Each comparable's price per sq ft is applied to the subject's living area, scaled by
 *    (its area / subject area)^SIZE_ELASTICITY_GAP because larger homes sell for less per sq ft.
 *    Without the subject's area the sold prices are used as they are.
 * 4. The estimate is the weighted geometric mean of those adjusted values; the range is one weighted
 *    standard deviation of their logarithms either side, widened by √(1 + 1/n) for the uncertainty of the
 *    mean of n effective comparables (at least MIN_SPREAD).
 */

export const LOOKBACK_MONTHS = 24;
export const MAX_DISTANCE_METERS = 8_000;
export const MAX_COMPARABLES = 8;
export const MIN_COMPARABLES = 3;
/** A comparable's living area is at most this many times the subject's, or at least its inverse. */
export const SIZE_RATIO = 1.6;
export const MAX_AGE_GAP_YEARS = 35;
/** Price per sq ft falls by about 13 % per doubling of size: value ∝ area^(1 − 0.2). */
export const SIZE_ELASTICITY_GAP = 0.2;
/** The range is never narrower than ±4 %. */
export const MIN_SPREAD = 0.04;

const DISTANCE_SCALE_METERS = 4_000;
const SIZE_SCALE = 0.3;
const AGE_SCALE_YEARS = 15;
const BEDROOM_SCALE = 1.5;
const RECENCY_SCALE_MONTHS = 11;
const MONTH_MS = 30.44 * 86_400_000;

export interface Subject {
  latitude: number;
  longitude: number;
  livingArea: number | null;
  yearBuilt: number | null;
  bedrooms: number | null;
}

export interface Sale {
  id: number;
  latitude: number;
  longitude: number;
  soldPriceInPennies: number;
  soldAt: Date;
  livingArea: number | null;
  yearBuilt: number | null;
  bedrooms: number | null;
}

export interface WeightedSale<S extends Sale = Sale> {
  sale: S;
  distanceMeters: number;
  /** Share of the total weight of the comparables, 0–1. */
  weight: number;
  /** The sale's price adjusted to the subject's size, in pennies. */
  adjustedValueInPennies: number;
}

export type Confidence = 'HIGH' | 'MEDIUM' | 'LOW';

export interface ValueEstimate<S extends Sale = Sale> {
  lowInPennies: number;
  estimateInPennies: number;
  highInPennies: number;
  confidence: Confidence;
  /** Weighted standard deviation of the log adjusted values. */
  spread: number;
  comparables: WeightedSale<S>[];
}

const EARTH_RADIUS_METERS = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine). */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

const known = (n: number | null): n is number => n !== null && Number.isFinite(n) && n > 0;

/** Whether a sale may be a comparable at all (step 1 beyond type, place and time, which the query checks). */
export function isComparable(subject: Subject, sale: Sale, distance: number): boolean {
  if (distance > MAX_DISTANCE_METERS) return false;
  if (known(subject.livingArea)) {
    if (!known(sale.livingArea)) return false;
    const ratio = sale.livingArea / subject.livingArea;
    if (ratio > SIZE_RATIO || ratio < 1 / SIZE_RATIO) return false;
  }
  if (known(subject.yearBuilt) && known(sale.yearBuilt) && Math.abs(sale.yearBuilt - subject.yearBuilt) > MAX_AGE_GAP_YEARS) return false;
  return true;
}

/** Step 2: the sale's weight before normalising. */
export function similarity(subject: Subject, sale: Sale, distance: number, now: Date): number {
  let weight = Math.exp(-distance / DISTANCE_SCALE_METERS);
  if (known(subject.livingArea) && known(sale.livingArea)) {
    weight *= Math.exp(-Math.abs(Math.log(sale.livingArea / subject.livingArea)) / SIZE_SCALE);
  }
  if (known(subject.yearBuilt) && known(sale.yearBuilt)) weight *= Math.exp(-Math.abs(sale.yearBuilt - subject.yearBuilt) / AGE_SCALE_YEARS);
  if (subject.bedrooms !== null && sale.bedrooms !== null) weight *= Math.exp(-Math.abs(sale.bedrooms - subject.bedrooms) / BEDROOM_SCALE);
  const monthsAgo = Math.max(0, (now.getTime() - sale.soldAt.getTime()) / MONTH_MS);
  return weight * Math.exp(-monthsAgo / RECENCY_SCALE_MONTHS);
}

/** Step 3: the sale's price as if it were the subject's size. */
export function adjustedValue(subject: Subject, sale: Sale): number {
  if (!known(subject.livingArea) || !known(sale.livingArea)) return sale.soldPriceInPennies;
  const pricePerSqFt = sale.soldPriceInPennies / sale.livingArea;
  return pricePerSqFt * subject.livingArea * (sale.livingArea / subject.livingArea) ** SIZE_ELASTICITY_GAP;
}

/** Money shown as an estimate: to the nearest 1,000 of the currency (100,000 pennies). */
export const roundEstimate = (pennies: number) => Math.round(pennies / 100_000) * 100_000;

/**
 * The estimate from candidate sales (any order), or null when fewer than MIN_COMPARABLES qualify: then
 * there is no honest number to give.
 */
export function estimateFromSales<S extends Sale>(subject: Subject, sales: readonly S[], now: Date): ValueEstimate<S> | null {
  const scored = sales
    .map((sale) => ({ sale, distance: distanceMeters(subject, sale) }))
    .filter(({ sale, distance }) => sale.soldPriceInPennies > 0 && isComparable(subject, sale, distance))
    .map(({ sale, distance }) => ({
      sale,
      distance,
      raw: similarity(subject, sale, distance, now),
    }))
    .filter((s) => s.raw > 0)
    .sort((a, b) => b.raw - a.raw || a.distance - b.distance)
    .slice(0, MAX_COMPARABLES);
  if (scored.length < MIN_COMPARABLES) return null;

  const total = scored.reduce((sum, s) => sum + s.raw, 0);
  const comparables = scored
    .map((s) => ({
      sale: s.sale,
      distanceMeters: s.distance,
      weight: s.raw / total,
      adjustedValueInPennies: adjustedValue(subject, s.sale),
    }))
    .sort((a, b) => a.distanceMeters - b.distanceMeters);
  const logs = comparables.map((c) => Math.log(c.adjustedValueInPennies));
  const mean = comparables.reduce((sum, c, i) => sum + c.weight * logs[i]!, 0);
  const variance = comparables.reduce((sum, c, i) => sum + c.weight * (logs[i]! - mean) ** 2, 0);
  const spread = Math.sqrt(variance);
  const effectiveCount = 1 / comparables.reduce((sum, c) => sum + c.weight ** 2, 0);
  // A new sale varies as much as the comparables do, plus the uncertainty of their mean.
  const halfWidth = Math.max(spread * Math.sqrt(1 + 1 / effectiveCount), MIN_SPREAD);
  const confidence: Confidence =
    comparables.length >= 5 && effectiveCount >= 3 && spread <= 0.1 ? 'HIGH' : spread <= 0.18 && effectiveCount >= 2 ? 'MEDIUM' : 'LOW';
  return {
    lowInPennies: roundEstimate(Math.exp(mean - halfWidth)),
    estimateInPennies: roundEstimate(Math.exp(mean)),
    highInPennies: roundEstimate(Math.exp(mean + halfWidth)),
    confidence,
    spread,
    comparables: comparables.map((c) => ({
      ...c,
      adjustedValueInPennies: Math.round(c.adjustedValueInPennies),
    })),
  };
}
