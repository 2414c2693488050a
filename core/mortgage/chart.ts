/**
 * Geometry of the amortisation chart: per year a bar of principal (bottom) and interest (top) paid that
 * year against the left axis, and the remaining balance as a line against the right axis. Pure numbers
 * in SVG user units; the view only draws them.
 */
import type { ScheduleYear } from './amortization';

export const CHART = { width: 640, height: 280, left: 72, right: 72, top: 16, bottom: 36 } as const;

export interface ChartBar {
  year: number;
  x: number;
  width: number;
  principal: { y: number; height: number };
  interest: { y: number; height: number };
}

export interface ChartGeometry {
  bars: ChartBar[];
  /** The balance line: 'M x y L x y …', starting at the loan amount before year 1. */
  balancePath: string;
  /** The largest yearly payment (left axis top) and the loan amount (right axis top), in pennies. */
  maxYearly: number;
  maxBalance: number;
  /** Years labelled on the x axis, with their x. */
  yearTicks: { year: number; x: number }[];
  plot: { x: number; y: number; width: number; height: number };
}

const round = (n: number) => Math.round(n * 10) / 10;

export function chartGeometry(years: readonly ScheduleYear[], loanAmount: number): ChartGeometry {
  const plot = {
    x: CHART.left,
    y: CHART.top,
    width: CHART.width - CHART.left - CHART.right,
    height: CHART.height - CHART.top - CHART.bottom,
  };
  const bottom = plot.y + plot.height;
  const maxYearly = Math.max(1, ...years.map((y) => y.principal + y.interest));
  const maxBalance = Math.max(1, loanAmount);
  const slot = years.length > 0 ? plot.width / years.length : plot.width;
  const barWidth = round(slot * 0.7);
  const toHeight = (pennies: number) => round((pennies / maxYearly) * plot.height);
  const toBalanceY = (pennies: number) => round(bottom - (pennies / maxBalance) * plot.height);

  const bars = years.map((year, i) => {
    const principalHeight = toHeight(year.principal);
    const interestHeight = toHeight(year.interest);
    return {
      year: year.year,
      x: round(plot.x + i * slot + (slot - barWidth) / 2),
      width: barWidth,
      principal: { y: round(bottom - principalHeight), height: principalHeight },
      interest: { y: round(bottom - principalHeight - interestHeight), height: interestHeight },
    };
  });

  const points = [`M ${plot.x} ${toBalanceY(loanAmount)}`, ...years.map((year, i) => `L ${round(plot.x + (i + 1) * slot)} ${toBalanceY(year.balance)}`)];
  const step = years.length > 20 ? 5 : years.length > 10 ? 3 : 1;
  const yearTicks = years
    .filter((year) => year.year === 1 || year.year % step === 0)
    .map((year) => ({ year: year.year, x: round(plot.x + (year.year - 0.5) * slot) }));

  return { bars, balancePath: points.join(' '), maxYearly, maxBalance, yearTicks, plot };
}
