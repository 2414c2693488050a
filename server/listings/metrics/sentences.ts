/**
 * housingSentences (spec §7): short market summaries from the latest month of the market metrics, e.g.
 * "Median sold price in Salt Lake City rose 4.2% year over year to $512,000." Money follows spec §9:
 * USD en-US without fractions; other currencies en-IN, NPR shown as Rs.
 */
import type { Queryable } from '../../db';
import { marketMetrics, type MarketMetric, type SectionType } from './market-metrics';

export function formatMoney(pennies: number, currencyCode: string): string {
  const units = Math.round(pennies / 100);
  if (currencyCode === 'USD') {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(units);
  }
  const number = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(units);
  return `${currencyCode === 'NPR' ? 'Rs' : currencyCode} ${number}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function change(yoy: number, money: string): string {
  if (yoy > 0) return `rose ${yoy.toFixed(1)}% year over year to ${money}`;
  if (yoy < 0) return `fell ${Math.abs(yoy).toFixed(1)}% year over year to ${money}`;
  return `was unchanged year over year at ${money}`;
}

function latest(metric: MarketMetric | undefined) {
  const point = metric?.aggregateData.at(-1);
  return point && point.value !== null ? { ...point, value: point.value } : null;
}

export async function housingSentences(db: Queryable, regionName: string): Promise<string[]> {
  const { regionName: region, currencyCode, metrics } = await marketMetrics(db, regionName);
  const of = (type: SectionType) => latest(metrics.find((m) => m.housingMarketSectionType === type));
  const sentences: string[] = [];

  for (const [type, label] of [
    ['MEDIAN_SOLD_PRICE', 'Median sold price'],
    ['MEDIAN_LIST_PRICE', 'Median list price'],
  ] as const) {
    const point = of(type);
    if (!point) continue;
    const money = formatMoney(point.value, currencyCode);
    sentences.push(
      point.yoy === null
        ? `${label} in ${region} was ${money}.`
        : `${label} in ${region} ${change(point.yoy, money)}.`,
    );
  }
  const inventory = of('ACTIVE_INVENTORY');
  if (inventory) {
    const [year, month] = inventory.date.split('-').map(Number) as [number, number];
    const homes = `${inventory.value} ${inventory.value === 1 ? 'home was' : 'homes were'}`;
    const trend =
      inventory.yoy === null ? '' : inventory.yoy === 0 ? ', the same as a year earlier' : `, ${inventory.yoy > 0 ? 'up' : 'down'} ${Math.abs(inventory.yoy).toFixed(1)}% from a year earlier`;
    sentences.push(`${homes} for sale in ${region} at the end of ${MONTHS[month - 1]} ${year}${trend}.`);
  }
  const days = of('MEDIAN_DAYS_ON_MARKET');
  if (days) sentences.push(`Homes in ${region} sold after a median of ${days.value} days on market.`);
  return sentences;
}
