/**
 * The maths of a market chart, without DOM: a linear scale, "nice" axis ticks (1, 2, 2.5, 5 × 10ⁿ), the
 * SVG path of a series with gaps where a month has no value, and the point nearest a pointer. The view
 * draws what `chartLayout` returns.
 */

export interface Scale {
  (value: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
}

/** Maps [d0, d1] onto [r0, r1]; a domain of one value maps to the middle of the range. */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const scale = ((value: number) => (d1 === d0 ? (r0 + r1) / 2 : r0 + ((value - d0) / (d1 - d0)) * (r1 - r0))) as Scale;
  scale.domain = domain;
  scale.range = range;
  return scale;
}

const STEPS = [1, 2, 2.5, 5, 10];

/** A step of 1, 2, 2.5 or 5 × 10ⁿ giving about `count` intervals over `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * power >= raw) ?? 10;
  return step * power;
}

/**
 * Ticks covering [min, max] at a nice step, starting at or below min and ending at or above max (so the
 * axis encloses the data). A flat series gets ticks around its value; counts and money never go below 0
 * when the data does not.
 */
export function niceTicks(min: number, max: number, count = 4, { integer = false } = {}): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min > max) [min, max] = [max, min];
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    min -= pad;
    max += pad;
    if (min < 0 && max - pad >= 0) min = 0;
  }
  // Counts and days step by whole numbers: no tick at 2.5 homes.
  const step = integer ? Math.max(1, Math.round(niceStep(max - min, count))) : niceStep(max - min, count);
  const first = Math.floor(min / step) * step;
  const last = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Rounding keeps 0.1 + 0.2 from drawing as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return ticks;
}

export interface ChartPoint {
  index: number;
  x: number;
  /** null: no value that month (a gap in the line, no marker). */
  y: number | null;
}

/** The SVG path through the points with a value; a month without one breaks the line. */
export function linePath(points: readonly ChartPoint[]): string {
  let path = '';
  let drawing = false;
  for (const p of points) {
    if (p.y === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : path ? ' M' : 'M'}${round(p.x)},${round(p.y)}`;
    drawing = true;
  }
  return path;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The index of the point with a value nearest to `x` horizontally; null when none has a value. */
export function nearestPoint(points: readonly ChartPoint[], x: number): number | null {
  let best: number | null = null;
  let distance = Infinity;
  for (const p of points) {
    if (p.y === null) continue;
    const d = Math.abs(p.x - x);
    if (d < distance) {
      distance = d;
      best = p.index;
    }
  }
  return best;
}

/** The next index with a value from `from` in `direction` (arrow keys); `from` itself when there is none. */
export function stepPoint(values: readonly (number | null)[], from: number, direction: 1 | -1 | 'first' | 'last'): number {
  if (direction === 'first') return values.findIndex((v) => v !== null);
  if (direction === 'last') return values.findLastIndex((v) => v !== null);
  for (let i = from + direction; i >= 0 && i < values.length; i += direction) if (values[i] !== null) return i;
  return from;
}

export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  points: ChartPoint[];
  yTicks: { value: number; y: number }[];
  /** About six month labels, evenly spread, always the last. */
  xTicks: { index: number; x: number }[];
  path: string;
}

export const CHART_SIZE = { width: 560, height: 220, left: 64, right: 16, top: 12, bottom: 28 } as const;

/**
 * Where every part of a chart of `values` (one per month, oldest first) goes in its viewBox; `integer` for
 * whole-number measures (counts, days), whose ticks step by at least 1.
 */
export function chartLayout(values: readonly (number | null)[], { integer = false } = {}, size = CHART_SIZE): ChartLayout {
  const plot = { left: size.left, right: size.width - size.right, top: size.top, bottom: size.height - size.bottom };
  const present = values.filter((v): v is number => v !== null);
  const low = present.length ? Math.min(...present) : 0;
  const high = present.length ? Math.max(...present) : 1;
  const ticks = niceTicks(low >= 0 ? Math.max(0, low - (high - low) * 0.1) : low, high, 4, { integer });
  const y = linearScale([ticks[0] ?? 0, ticks.at(-1) ?? 1], [plot.bottom, plot.top]);
  const x = linearScale([0, Math.max(1, values.length - 1)], [plot.left, plot.right]);
  const points = values.map((v, index) => ({ index, x: values.length === 1 ? (plot.left + plot.right) / 2 : x(index), y: v === null ? null : y(v) }));
  const every = Math.max(1, Math.ceil(values.length / 6));
  const xTicks = points.filter((p) => (values.length - 1 - p.index) % every === 0).map((p) => ({ index: p.index, x: p.x }));
  return { width: size.width, height: size.height, plot, points, yTicks: ticks.map((value) => ({ value, y: y(value) })), xTicks, path: linePath(points) };
}
