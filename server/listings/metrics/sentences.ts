/**
 * housingSentences (spec §7): short market summaries from the latest month of the market metrics, e.g.
 * "Median sold price in Salt Lake City rose 4.2% year over year to $512,000." Every figure is written as the
 * market table and the element write it (formatSectionValue, core/market/sections.ts; money as spec §9 says).
 * A yearly change is left out when too few homes stand behind either month's figure (MIN_HOMES_FOR_CHANGE):
 * the sentence gives the figure alone, and a last sentence says why.
 */
import { formatNumber, formatPercent } from '../../../core/format/number';
import { marketTexts as t } from '../../../core/i18n/market';
import { enoughHomesForChange, formatMonth, formatSectionValue, MIN_HOMES_FOR_CHANGE } from '../../../core/market/sections';
import type { Queryable } from '../../db';
import { marketMetrics, type AggregatePoint, type MarketMetric, type SectionType } from './market-metrics';

function change(yoy: number, money: string): string {
  if (yoy > 0) return `rose ${formatPercent(yoy)} year over year to ${money}`;
  if (yoy < 0) return `fell ${formatPercent(Math.abs(yoy))} year over year to ${money}`;
  return `was unchanged year over year at ${money}`;
}

function latest(metric: MarketMetric | undefined): (AggregatePoint & { value: number }) | null {
  const point = metric?.aggregateData.at(-1);
  return point && point.value !== null ? { ...point, value: point.value } : null;
}

/** A change left out because a month had too few homes (not because there was no figure a year earlier). */
const withheld = (point: AggregatePoint) => point.yoy === null && point.yearEarlierHomes !== null && !enoughHomesForChange(point.homes, point.yearEarlierHomes);

export async function housingSentences(db: Queryable, regionName: string): Promise<string[]> {
  const { regionName: region, currencyCode, metrics } = await marketMetrics(db, regionName);
  const of = (type: SectionType) => latest(metrics.find((m) => m.housingMarketSectionType === type));
  const sentences: string[] = [];
  let tooFew = false;

  for (const [type, label] of [
    ['MEDIAN_SOLD_PRICE', 'Median sold price'],
    ['MEDIAN_LIST_PRICE', 'Median list price'],
  ] as const) {
    const point = of(type);
    if (!point) continue;
    tooFew ||= withheld(point);
    const money = formatSectionValue(type, point.value, currencyCode);
    sentences.push(point.yoy === null ? `${label} in ${region} was ${money}.` : `${label} in ${region} ${change(point.yoy, money)}.`);
  }
  const inventory = of('ACTIVE_INVENTORY');
  if (inventory) {
    tooFew ||= withheld(inventory);
    const count = formatSectionValue('ACTIVE_INVENTORY', inventory.value);
    const homes = `${count} ${inventory.value === 1 ? 'home was' : 'homes were'}`;
    const trend =
      inventory.yoy === null
        ? ''
        : inventory.yoy === 0
          ? ', the same as a year earlier'
          : `, ${inventory.yoy > 0 ? 'up' : 'down'} ${formatPercent(Math.abs(inventory.yoy))} from a year earlier`;
    sentences.push(`${homes} for sale in ${region} at the end of ${formatMonth(inventory.date, { long: true })}${trend}.`);
  }
  const days = of('MEDIAN_DAYS_ON_MARKET');
  if (days) sentences.push(`Homes in ${region} sold after a median of ${formatSectionValue('MEDIAN_DAYS_ON_MARKET', days.value)} on market.`);
  if (tooFew) sentences.push(t.tooFewNote(formatNumber(MIN_HOMES_FOR_CHANGE)));
  return sentences;
}
