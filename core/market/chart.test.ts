import { describe, expect, it } from 'vitest';
import { chartLayout, linearScale, linePath, nearestPoint, niceStep, niceTicks, stepPoint } from './chart';

describe('linearScale', () => {
  it('maps the domain onto the range, inverted for SVG y', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
  });
  it('puts a one-value domain in the middle', () => {
    expect(linearScale([5, 5], [0, 10])(5)).toBe(5);
  });
});

describe('nice ticks', () => {
  it('steps by 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(9, 4)).toBe(2.5);
    expect(niceStep(7_000_000, 4)).toBe(2_000_000);
    expect(niceStep(0.3, 3)).toBe(0.1);
  });
  it('encloses the data', () => {
    expect(niceTicks(0, 100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(28_000_000, 39_000_000)).toEqual([25_000_000, 30_000_000, 35_000_000, 40_000_000]);
    expect(niceTicks(97.4, 105, 4)).toEqual([96, 98, 100, 102, 104, 106]);
  });
  it('keeps decimals exact', () => {
    expect(niceTicks(0.1, 0.7, 3)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });
  it('gives a flat series room around its value, never below zero from zero', () => {
    expect(niceTicks(0, 0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(3, 3)[0]).toBeLessThan(3);
    expect(niceTicks(3, 3).at(-1)).toBeGreaterThan(3);
  });
  it('steps whole-number measures by at least 1', () => {
    expect(niceTicks(0, 0, 4, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(0, 3, 4, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 100, 4, { integer: true })).toEqual([0, 25, 50, 75, 100]);
  });
  it('gives nothing for no data', () => {
    expect(niceTicks(NaN, 1)).toEqual([]);
  });
});

describe('linePath', () => {
  it('draws through the values and breaks at a month without one', () => {
    expect(
      linePath([
        { index: 0, x: 0, y: 10 },
        { index: 1, x: 10, y: 20 },
        { index: 2, x: 20, y: null },
        { index: 3, x: 30, y: 5 },
        { index: 4, x: 40, y: 0 },
      ]),
    ).toBe('M0,10L10,20 M30,5L40,0');
  });
  it('is empty without values', () => {
    expect(linePath([{ index: 0, x: 0, y: null }])).toBe('');
  });
});

describe('nearestPoint and stepPoint', () => {
  const points = [
    { index: 0, x: 0, y: 1 },
    { index: 1, x: 10, y: null },
    { index: 2, x: 20, y: 3 },
  ];
  it('finds the nearest point with a value', () => {
    expect(nearestPoint(points, 2)).toBe(0);
    expect(nearestPoint(points, 11)).toBe(2);
    expect(nearestPoint([{ index: 0, x: 0, y: null }], 0)).toBeNull();
  });
  it('moves between months with a value, staying at the ends', () => {
    const values = [1, null, 3, 4];
    expect(stepPoint(values, 0, 1)).toBe(2);
    expect(stepPoint(values, 2, -1)).toBe(0);
    expect(stepPoint(values, 3, 1)).toBe(3);
    expect(stepPoint(values, 0, -1)).toBe(0);
    expect(stepPoint(values, 2, 'first')).toBe(0);
    expect(stepPoint(values, 0, 'last')).toBe(3);
  });
});

describe('chartLayout', () => {
  it('places the points inside the plot, the lowest at or above the bottom tick', () => {
    const layout = chartLayout([100, 200, null, 300]);
    const ys = layout.points.map((p) => p.y);
    expect(ys[2]).toBeNull();
    expect(layout.points[0]!.x).toBe(layout.plot.left);
    expect(layout.points[3]!.x).toBe(layout.plot.right);
    expect(Math.min(...(ys.filter((y) => y !== null) as number[]))).toBeGreaterThanOrEqual(layout.plot.top);
    expect(Math.max(...(ys.filter((y) => y !== null) as number[]))).toBeLessThanOrEqual(layout.plot.bottom);
    expect(layout.yTicks[0]!.value).toBeLessThanOrEqual(100);
    expect(layout.yTicks.at(-1)!.value).toBeGreaterThanOrEqual(300);
    expect(layout.path.split('M')).toHaveLength(3);
  });
  it('labels about six months, always the latest', () => {
    const layout = chartLayout(Array.from({ length: 36 }, (_, i) => i));
    expect(layout.xTicks.length).toBeLessThanOrEqual(7);
    expect(layout.xTicks.at(-1)!.index).toBe(35);
  });
  it('gives counts whole-number ticks', () => {
    expect(chartLayout([0, 0, 0], { integer: true }).yTicks.map((t) => t.value)).toEqual([0, 1]);
  });
  it('centres a single month', () => {
    const layout = chartLayout([5]);
    expect(layout.points[0]!.x).toBe((layout.plot.left + layout.plot.right) / 2);
  });
});
