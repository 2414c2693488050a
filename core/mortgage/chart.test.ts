import { describe, expect, it } from 'vitest';
import { amortize } from './amortization';
import { CHART, chartGeometry } from './chart';

const schedule = amortize({ principal: 30_000_000, annualRatePercent: 6, months: 360 });
const geometry = chartGeometry(schedule.years, 30_000_000);
const bottom = CHART.height - CHART.bottom;

describe('chartGeometry', () => {
  it('draws one bar per year inside the plot, principal under interest', () => {
    expect(geometry.bars).toHaveLength(30);
    for (const bar of geometry.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(CHART.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART.width - CHART.right + 0.1);
      expect(bar.principal.y + bar.principal.height).toBeCloseTo(bottom, 0);
      expect(bar.interest.y + bar.interest.height).toBeCloseTo(bar.principal.y, 0);
    }
  });

  it('makes interest the larger part early and principal the larger part late', () => {
    const first = geometry.bars[0]!;
    const last = geometry.bars.at(-1)!;
    expect(first.interest.height).toBeGreaterThan(first.principal.height);
    expect(last.principal.height).toBeGreaterThan(last.interest.height);
  });

  it('runs the balance line from the loan amount at the top to zero at the bottom', () => {
    expect(geometry.balancePath.startsWith(`M ${CHART.left} ${CHART.top} `)).toBe(true);
    expect(geometry.balancePath.endsWith(` ${bottom}`)).toBe(true);
    expect(geometry.balancePath.match(/L /g)).toHaveLength(30);
  });

  it('labels year 1 and every fifth year of a 30-year loan', () => {
    expect(geometry.yearTicks.map((t) => t.year)).toEqual([1, 5, 10, 15, 20, 25, 30]);
  });

  it('scales the left axis to the largest yearly payment', () => {
    expect(geometry.maxYearly).toBe(Math.max(...schedule.years.map((y) => y.principal + y.interest)));
    expect(geometry.maxBalance).toBe(30_000_000);
  });

  it('has no bars and stays finite for no loan', () => {
    const empty = chartGeometry([], 0);
    expect(empty.bars).toEqual([]);
    expect(empty.balancePath).not.toContain('NaN');
  });
});
