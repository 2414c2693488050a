/**
 * How a home's value follows from the sales around it (issue 18, made honest in issue 36): pure arithmetic, no
 * SQL, so the rule is tested on its own and the bench (bench/home-value.ts) measures exactly this. It learns
 * from the sales it is given and nothing else, so it works the same on a real feed as on the seed.
 *
 * 1. What things are worth here (fitLocalModel): a regression of the sold prices (log) of the MODEL_SALES
 *    nearest sales of the home's type in the last LOOKBACK_MONTHS on their facts — living area (log),
 *    bathrooms, bedrooms, age, lot (log), garage bays — and on when they sold (this area's yearly price
 *    change). Each sale counts by its nearness (Gaussian, MODEL_RADIUS_METERS or the distance of the 12th
 *    nearest sale, whichever is larger) and recency, and each coefficient is shrunk toward what hedonic
 *    studies usually find (PRIOR), so that a dozen sales cannot teach it nonsense.
 * 2. The comparables: sales within MAX_COMPARABLE_METERS whose living area is within SIZE_RATIO of the home's
 *    and whose age is within MAX_AGE_GAP_YEARS, ranked by similarity (distance, size, recency); the
 *    MAX_COMPARABLES most similar.
 * 3. Each comparable's price adjusted by step 1's coefficients to the home's facts and to today is its
 *    adjusted value; the estimate is their similarity-weighted mean (of the logarithms).
 * 4. The range: how far steps 2–3 miss here — each of the LOO_SALES nearest sales estimated the same way from
 *    the others at the day it sold — its root mean square error × RANGE_Z either side, so that 8 in 10 sales
 *    like the home's land inside it (RANGE_PROBABILITY; never narrower than ±MIN_HALF_WIDTH).
 * 5. A home on the market (withListPrice): its list price × what homes here sold for against their last list
 *    price (the median of the nearest sales), combined with step 3's estimate by how precise each is here.
 */

export const LOOKBACK_MONTHS = 24;
/** How far the sales read for the local model reach (estimate.ts reads candidates this far). */
export const MAX_DISTANCE_METERS = 8_000;
/** A comparable is a sale within 3 miles. */
export const MAX_COMPARABLE_METERS = 4_828;
export const MAX_COMPARABLES = 8;
export const MIN_COMPARABLES = 3;
/** A comparable's living area is at most this many times the subject's, or at least its inverse. */
export const SIZE_RATIO = 1.6;
export const MAX_AGE_GAP_YEARS = 35;
/** The share of sales like the home's that land inside the range. */
export const RANGE_PROBABILITY = 0.8;
/** The standard normal's 90th percentile: ±RANGE_Z standard deviations hold 80 %. */
const RANGE_Z = 1.2816;
/** Student's t 90th percentile by degrees of freedom: a spread measured on a few sales is itself uncertain. */
const T90: readonly (readonly [number, number])[] = [[1, 3.078], [2, 1.886], [3, 1.638], [4, 1.533], [5, 1.476], [6, 1.44], [8, 1.397], [10, 1.372], [12, 1.356], [15, 1.341], [20, 1.325], [30, 1.31], [60, 1.296]];

/** ±rangeZ(n) spreads measured on n errors hold 80 % of what comes next (interpolated; the normal's past 60). */
export function rangeZ(degreesOfFreedom: number): number {
  if (!(degreesOfFreedom >= 1)) return T90[0]![1];
  for (let i = 0; i < T90.length - 1; i++) {
    const [low, atLow] = T90[i]!;
    const [high, atHigh] = T90[i + 1]!;
    if (degreesOfFreedom <= high) return atLow + ((atHigh - atLow) * (degreesOfFreedom - low)) / (high - low);
  }
  return degreesOfFreedom <= 1_000 ? T90.at(-1)![1] : RANGE_Z;
}
/** The range is never narrower than ±5 %: no listing tells the home's condition. */
export const MIN_HALF_WIDTH = 0.05;
/** Sales the local model is fitted on, nearest first. */
export const MODEL_SALES = 60;
const MODEL_RADIUS_METERS = 1_500;
/** Sales near the home estimated from the others to measure the range. */
export const LOO_SALES = 20;
const MIN_LOO_SALES = 5;

const COMPARABLE_DISTANCE_METERS = 800;
const COMPARABLE_SIZE_SCALE = 0.25;
const COMPARABLE_RECENCY_YEARS = 0.75;
const MODEL_RECENCY_YEARS = 2;
const YEAR_MS = 365.25 * 86_400_000;

/**
 * The facts a price depends on, in the model's units: log living area, bathrooms, bedrooms, age in decades
 * (up to 100 years), log lot size, garage bays; then the years since the sale. Each coefficient starts from what
 * hedonic studies usually find (PRIOR: about 0.7 % more for 1 % more area, 4 % a bathroom, nothing for a
 * bedroom at the same size, 3 % less a decade of age, 0.1 % for 1 % more lot, 2 % a garage bay, no yearly
 * change), which counts as much as PRIOR_SALES sales whose fact varies as such facts usually do (PRIOR_SPREAD):
 * a few dozen sales move it, a handful cannot teach the model nonsense.
 */
const FACTS = ['area', 'bathrooms', 'bedrooms', 'age', 'lot', 'garage'] as const;
const PRIOR = [0.7, 0.04, 0, -0.03, 0.1, 0.02, 0];
const PRIOR_SPREAD = [0.25, 0.8, 0.9, 2, 0.35, 0.8, 0.5];
const PRIOR_SALES = 30;

export interface Subject {
  latitude: number;
  longitude: number;
  livingArea: number | null;
  yearBuilt: number | null;
  bedrooms: number | null;
  bathrooms?: number | null;
  /** Lot size in sq ft. */
  lotSize?: number | null;
  garage?: number | null;
}

export interface Sale extends Subject {
  id: number;
  soldPriceInPennies: number;
  soldAt: Date;
  /** The last list price before the sale, when known. */
  listPriceInPennies?: number | null;
}

export interface WeightedSale<S extends Sale = Sale> {
  sale: S;
  distanceMeters: number;
  /** Share of the total weight of the comparables, 0–1. */
  weight: number;
  /** The home's value from this sale: its price adjusted to the home's facts and to today, in pennies. */
  adjustedValueInPennies: number;
}

export type Confidence = 'HIGH' | 'MEDIUM' | 'LOW';

export interface LocalModel {
  /** The model's own estimate of the home today (log pennies). */
  intercept: number;
  /** How prices here change in a year (log). */
  yearlyChange: number;
  /** Per fact of FACTS, in the model's units. */
  coefficients: number[];
  /** The home's facts in the model's units; an unknown fact is the sales' weighted mean. */
  centre: number[];
  sales: number;
}

export interface ValueEstimate<S extends Sale = Sale> {
  /** The estimate before rounding (log pennies). */
  logEstimate: number;
  lowInPennies: number;
  estimateInPennies: number;
  highInPennies: number;
  confidence: Confidence;
  /** The standard deviation of a sale around the estimate here (log), as measured in step 4. */
  spread: number;
  /** Half the range's width (log): RANGE_Z × spread, at least MIN_HALF_WIDTH. */
  halfWidth: number;
  /** Step 4's nearby sales (none: too few, the spread is the comparables' own). */
  checks: Check[];
  comparables: WeightedSale<S>[];
  model: LocalModel;
  /** Set when the home's own list price was used (step 5). */
  listPrice: ListPriceUse | null;
}

export interface ListPriceUse {
  listPriceInPennies: number;
  /** Median sold price / last list price of the sales near the home. */
  saleToList: number;
  /** How many sales that median is of. */
  sales: number;
  /** The list price's share of the estimate (log), 0–1. */
  weight: number;
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

const known = (n: number | null | undefined): n is number => n !== null && n !== undefined && Number.isFinite(n) && n > 0;
const countKnown = (n: number | null | undefined): n is number => n !== null && n !== undefined && Number.isFinite(n) && n >= 0;

/** The facts in the model's units, null where unknown. */
function factsOf(home: Subject, now: Date): (number | null)[] {
  const age = known(home.yearBuilt) ? Math.min(100, Math.max(0, now.getUTCFullYear() - home.yearBuilt)) / 10 : null;
  return [
    known(home.livingArea) ? Math.log(home.livingArea) : null,
    countKnown(home.bathrooms) ? home.bathrooms : null,
    countKnown(home.bedrooms) ? home.bedrooms : null,
    age,
    known(home.lotSize) ? Math.log(home.lotSize) : null,
    countKnown(home.garage) ? home.garage : null,
  ];
}

const yearsBefore = (sale: Sale, when: Date) => (when.getTime() - sale.soldAt.getTime()) / YEAR_MS;

/** Whether a sale may be a comparable at all (type, place and time are the query's). */
export function isComparable(subject: Subject, sale: Sale, distance: number): boolean {
  if (distance > MAX_COMPARABLE_METERS || !(sale.soldPriceInPennies > 0)) return false;
  if (known(subject.livingArea)) {
    if (!known(sale.livingArea)) return false;
    const ratio = sale.livingArea / subject.livingArea;
    if (ratio > SIZE_RATIO || ratio < 1 / SIZE_RATIO) return false;
  }
  if (known(subject.yearBuilt) && known(sale.yearBuilt) && Math.abs(sale.yearBuilt - subject.yearBuilt) > MAX_AGE_GAP_YEARS) return false;
  return true;
}

/** How much a comparable counts before normalising: near, of a like size, recent. */
export function similarity(subject: Subject, sale: Sale, distance: number, now: Date): number {
  let weight = Math.exp(-distance / COMPARABLE_DISTANCE_METERS);
  if (known(subject.livingArea) && known(sale.livingArea)) weight *= Math.exp(-Math.abs(Math.log(sale.livingArea / subject.livingArea)) / COMPARABLE_SIZE_SCALE);
  return weight * Math.exp(-Math.max(0, yearsBefore(sale, now)) / COMPARABLE_RECENCY_YEARS);
}

/** Solves A x = b (Gauss–Jordan with partial pivoting); a singular column gets 0. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let i = 0; i < n; i++) {
    let pivot = i;
    for (let k = i + 1; k < n; k++) if (Math.abs(m[k]![i]!) > Math.abs(m[pivot]![i]!)) pivot = k;
    [m[i], m[pivot]] = [m[pivot]!, m[i]!];
    const d = m[i]![i]!;
    if (Math.abs(d) < 1e-12) continue;
    for (let k = 0; k < n; k++) {
      if (k === i) continue;
      const f = m[k]![i]! / d;
      if (f !== 0) for (let j = i; j <= n; j++) m[k]![j]! -= f * m[i]![j]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

interface Placed<S extends Sale> {
  sale: S;
  distance: number;
  facts: (number | null)[];
}

/** Step 1: the local model around the subject, or null without sales. */
export function fitLocalModel(subject: Subject, sales: readonly Sale[], now: Date): LocalModel | null {
  const placed = sales
    .filter((s) => s.soldPriceInPennies > 0)
    .map((sale) => ({ sale, distance: distanceMeters(subject, sale), facts: factsOf(sale, now) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MODEL_SALES);
  if (placed.length === 0) return null;
  const bandwidth = Math.max(MODEL_RADIUS_METERS, placed[Math.min(placed.length - 1, 11)]!.distance);
  const weights = placed.map((p) => Math.exp(-0.5 * (p.distance / bandwidth) ** 2) * Math.exp(-Math.max(0, yearsBefore(p.sale, now)) / MODEL_RECENCY_YEARS));
  const total = weights.reduce((sum, w) => sum + w, 0);
  // The home's facts; where unknown, the sales' weighted mean (the model then speaks of a typical home here).
  const own = factsOf(subject, now);
  const centre = FACTS.map((_, j) => {
    if (own[j] !== null) return own[j]!;
    let sum = 0;
    let weight = 0;
    placed.forEach((p, i) => {
      if (p.facts[j] !== null) {
        sum += weights[i]! * p.facts[j]!;
        weight += weights[i]!;
      }
    });
    return weight > 0 ? sum / weight : 0;
  });
  const size = FACTS.length + 2;
  const rowOf = (p: Placed<Sale>) => [1, ...FACTS.map((_, j) => (p.facts[j] ?? centre[j]!) - centre[j]!), -yearsBefore(p.sale, now)];
  const a = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const b = new Array<number>(size).fill(0);
  placed.forEach((p, i) => {
    const x = rowOf(p);
    const y = Math.log(p.sale.soldPriceInPennies);
    for (let j = 0; j < size; j++) {
      b[j]! += weights[i]! * x[j]! * y;
      for (let k = 0; k < size; k++) a[j]![k]! += weights[i]! * x[j]! * x[k]!;
    }
  });
  const meanWeight = total / placed.length;
  for (let j = 1; j < size; j++) {
    const strength = PRIOR_SALES * meanWeight * PRIOR_SPREAD[j - 1]! ** 2;
    a[j]![j]! += strength;
    b[j]! += strength * PRIOR[j - 1]!;
  }
  const beta = solve(a, b);
  return { intercept: beta[0]!, yearlyChange: beta[size - 1]!, coefficients: beta.slice(1, size - 1), centre, sales: placed.length };
}

/** The log value of a home with facts `target` on `when`, from one sale, by the model's coefficients. */
function valueFrom(model: LocalModel, target: readonly number[], when: Date, sale: Sale, facts: readonly (number | null)[]): number {
  let value = Math.log(sale.soldPriceInPennies) + model.yearlyChange * yearsBefore(sale, when);
  model.coefficients.forEach((c, j) => {
    value -= c * ((facts[j] ?? target[j]!) - target[j]!);
  });
  return value;
}

interface Comparables<S extends Sale> {
  chosen: { placed: Placed<S>; raw: number; value: number }[];
  mean: number;
  weights: number[];
}

/** Steps 2–3 for any home: its comparables among `sales`, their adjusted values and weighted mean. */
function comparablesOf<S extends Sale>(model: LocalModel, home: Subject, target: readonly number[], sales: readonly Placed<S>[], when: Date): Comparables<S> | null {
  const chosen = sales
    .map((placed) => {
      const distance = distanceMeters(home, placed.sale);
      return { placed: { ...placed, distance }, raw: isComparable(home, placed.sale, distance) ? similarity(home, placed.sale, distance, when) : 0 };
    })
    .filter((c) => c.raw > 0)
    .sort((x, y) => y.raw - x.raw || x.placed.distance - y.placed.distance)
    .slice(0, MAX_COMPARABLES)
    .map((c) => ({ ...c, value: valueFrom(model, target, when, c.placed.sale, c.placed.facts) }));
  if (chosen.length < MIN_COMPARABLES) return null;
  const total = chosen.reduce((sum, c) => sum + c.raw, 0);
  const weights = chosen.map((c) => c.raw / total);
  return { chosen, weights, mean: chosen.reduce((sum, c, i) => sum + weights[i]! * c.value, 0) };
}

/** One of step 4's nearby sales: how far steps 1–3 missed it, and how far its list price × the sale-to-list ratio did (log). */
export interface Check {
  error: number;
  /** Null without a list price, or without sales before it to take the ratio from. */
  listError: number | null;
}

const rms = (values: readonly number[]) => Math.sqrt(values.reduce((sum, v) => sum + v * v, 0) / values.length);

/**
 * How far a next error goes with RANGE_PROBABILITY, from errors of the same procedure on like sales (split
 * conformal prediction): the RANGE_PROBABILITY × (n + 1)-th smallest of their sizes, interpolated between
 * neighbours, the largest when that is past the last.
 */
export function conformalHalfWidth(errors: readonly number[]): number {
  const sizes = errors.map(Math.abs).sort((a, b) => a - b);
  const rank = RANGE_PROBABILITY * (sizes.length + 1) - 1;
  if (rank >= sizes.length - 1) return sizes.at(-1)!;
  const low = Math.max(0, Math.floor(rank));
  return sizes[low]! + (sizes[low + 1]! - sizes[low]!) * Math.max(0, rank - low);
}

/**
 * Step 4: steps 1–3 on each of the nearest sales as they would have run the day it sold (from the sales before
 * it only, its own price unknown), and how far they missed.
 */
function* checkNearest<S extends Sale>(sales: readonly Placed<S>[]): Generator<void, Check[]> {
  const nearest = [...sales].sort((a, b) => a.distance - b.distance).slice(0, LOO_SALES);
  const checks: Check[] = [];
  for (const target of nearest) {
    // Each sale is an estimate of its own: a caller that runs this in slices gives the event loop back here.
    if (checks.length > 0) yield;
    const when = target.sale.soldAt;
    const before = sales.filter((s) => s.sale.soldAt < when);
    const model = fitLocalModel(target.sale, before.map((s) => s.sale), when);
    const estimate = model && comparablesOf(model, target.sale, model.centre, before, when);
    if (!estimate) continue;
    const { soldPriceInPennies: sold, listPriceInPennies: list } = target.sale;
    const ratio = known(list) ? saleToList(target.sale, before.map((s) => s.sale)) : null;
    checks.push({ error: Math.log(sold) - estimate.mean, listError: ratio ? Math.log(sold / list!) - ratio.ratio : null });
  }
  return checks;
}

/** Money shown as an estimate: to the nearest 1,000 of the currency (100,000 pennies). */
export const roundEstimate = (pennies: number) => Math.round(pennies / 100_000) * 100_000;

function confidenceOf(halfWidth: number, comparables: number): Confidence {
  if (halfWidth <= 0.1 && comparables >= 5) return 'HIGH';
  return halfWidth <= 0.2 ? 'MEDIUM' : 'LOW';
}

function range(logEstimate: number, halfWidth: number) {
  return {
    lowInPennies: roundEstimate(Math.exp(logEstimate - halfWidth)),
    estimateInPennies: roundEstimate(Math.exp(logEstimate)),
    highInPennies: roundEstimate(Math.exp(logEstimate + halfWidth)),
  };
}

/**
 * The estimate from candidate sales of the home's type (any order), or null when fewer than MIN_COMPARABLES
 * qualify: then there is no honest number to give.
 */
export function estimateFromSales<S extends Sale>(subject: Subject, sales: readonly S[], now: Date): ValueEstimate<S> | null {
  const steps = estimateSteps(subject, sales, now);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * estimateFromSales in slices (issue 33): the event loop gets a turn between step 4's sales, each an estimate of its
 * own (about 4 ms of CPU in all, most of an estimate's), so a burst of estimates never holds the server's other
 * requests behind one.
 */
export async function estimateFromSalesInSlices<S extends Sale>(subject: Subject, sales: readonly S[], now: Date): Promise<ValueEstimate<S> | null> {
  const steps = estimateSteps(subject, sales, now);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* estimateSteps<S extends Sale>(subject: Subject, sales: readonly S[], now: Date): Generator<void, ValueEstimate<S> | null> {
  const usable = sales.filter((s) => s.soldPriceInPennies > 0);
  const model = fitLocalModel(subject, usable, now);
  if (!model) return null;
  const placed = usable.map((sale) => ({ sale, distance: distanceMeters(subject, sale), facts: factsOf(sale, now) }));
  const found = comparablesOf(model, subject, model.centre, placed, now);
  if (!found) return null;

  const checks = yield* checkNearest(placed);
  const measured = checks.length >= MIN_LOO_SALES;
  let spread: number;
  if (measured) spread = rms(checks.map((c) => c.error));
  else {
    // Too few sales to measure: the comparables' own spread, unbiased, widened for the uncertainty of their mean.
    const sumSquares = found.weights.reduce((sum, w) => sum + w * w, 0);
    const variance = found.chosen.reduce((sum, c, i) => sum + found.weights[i]! * (c.value - found.mean) ** 2, 0);
    spread = sumSquares < 1 ? Math.sqrt((variance / (1 - sumSquares)) * (1 + sumSquares)) : 0;
  }
  // Measured on step 4's sales: how far they were missed; else the comparables' spread with Student's t.
  const halfWidth = Math.max(MIN_HALF_WIDTH, measured ? conformalHalfWidth(checks.map((c) => c.error)) : rangeZ(found.chosen.length - 1) * spread);
  const comparables = found.chosen
    .map((c, i) => ({
      sale: c.placed.sale,
      distanceMeters: c.placed.distance,
      weight: found.weights[i]!,
      adjustedValueInPennies: roundEstimate(Math.exp(c.value)),
    }))
    .sort((a, b) => a.distanceMeters - b.distanceMeters);
  return {
    logEstimate: found.mean,
    ...range(found.mean, halfWidth),
    confidence: confidenceOf(halfWidth, comparables.length),
    spread,
    halfWidth,
    checks: measured ? checks : [],
    comparables,
    model,
    listPrice: null,
  };
}

/** Sale-to-list ratios are taken from this many of the most recent of the twice as many nearest sales. */
const LIST_RATIO_SALES = 30;
const MIN_LIST_RATIO_SALES = 3;
/** A sale-to-list ratio is never taken as surer than ±1 % (log). */
const MIN_LIST_SPREAD = 0.01;

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Step 5: a home on the market for `listPriceInPennies`. Its list price × the median sale-to-list ratio of the
 * nearest recent sales is one estimate; step 3's is the other. They are combined with the weight that would
 * have missed step 4's sales least (each of those estimated both ways from the sales before it: how far each
 * way missed, and how much their misses go together), and the range is how far that combination missed them.
 * With too few of those sales, each counts by its own precision instead.
 */
/** The median log sale-to-list ratio of the nearest recent sales with a list price, and their log ratios; null with too few. */
function saleToList(subject: Subject, sales: readonly Sale[]): { ratio: number; ratios: number[] } | null {
  const ratios = sales
    .filter((s) => known(s.listPriceInPennies) && s.soldPriceInPennies > 0)
    .map((s) => ({ s, distance: distanceMeters(subject, s) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 2 * LIST_RATIO_SALES)
    .sort((a, b) => b.s.soldAt.getTime() - a.s.soldAt.getTime())
    .slice(0, LIST_RATIO_SALES)
    .map(({ s }) => Math.log(s.soldPriceInPennies / s.listPriceInPennies!));
  return ratios.length < MIN_LIST_RATIO_SALES ? null : { ratio: medianOf(ratios), ratios };
}

export function withListPrice<S extends Sale>(estimate: ValueEstimate<S>, subject: Subject, sales: readonly Sale[], listPriceInPennies: number): ValueEstimate<S> {
  const found = saleToList(subject, sales);
  if (!found || !(listPriceInPennies > 0)) return estimate;
  const { ratio, ratios } = found;
  const fromList = Math.log(listPriceInPennies) + ratio;
  const pairs = estimate.checks.filter((c) => c.listError !== null).map((c) => ({ model: c.error, list: c.listError! }));
  let weight: number;
  let spread: number;
  let halfWidth: number;
  if (pairs.length >= MIN_LOO_SALES) {
    const mean = (f: (p: (typeof pairs)[number]) => number) => pairs.reduce((sum, p) => sum + f(p), 0) / pairs.length;
    const modelVariance = mean((p) => p.model ** 2);
    const listVariance = Math.max(MIN_LIST_SPREAD ** 2, mean((p) => p.list ** 2));
    const together = mean((p) => p.model * p.list);
    const denominator = modelVariance + listVariance - 2 * together;
    weight = denominator > 0 ? Math.min(1, Math.max(0, (modelVariance - together) / denominator)) : 1;
    const misses = pairs.map((p) => weight * p.list + (1 - weight) * p.model);
    spread = Math.max(MIN_LIST_SPREAD, rms(misses));
    halfWidth = conformalHalfWidth(misses);
  } else {
    const listSpread = Math.max(MIN_LIST_SPREAD, rms(ratios.map((r) => r - ratio)));
    const modelVariance = estimate.spread ** 2 || (estimate.halfWidth / RANGE_Z) ** 2;
    weight = modelVariance / (modelVariance + listSpread ** 2);
    spread = Math.sqrt((modelVariance * listSpread ** 2) / (modelVariance + listSpread ** 2));
    halfWidth = rangeZ(ratios.length) * spread;
  }
  const combined = weight * fromList + (1 - weight) * estimate.logEstimate;
  halfWidth = Math.max(MIN_HALF_WIDTH / 2, halfWidth);
  return {
    ...estimate,
    logEstimate: combined,
    ...range(combined, halfWidth),
    confidence: confidenceOf(halfWidth, estimate.comparables.length),
    spread,
    halfWidth,
    listPrice: { listPriceInPennies, saleToList: Math.exp(ratio), sales: ratios.length, weight },
  };
}
