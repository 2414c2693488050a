/**
 * The seeded market as a visitor reads it on /housing-market/UT (issue 36: "2949 homes were for sale in Utah …,
 * up 2442.2% from a year earlier"). Over 8,000 generated listings as of today:
 *  - no headline yearly change goes beyond what its data supports: the market's own drift (a few percent a year)
 *    plus four standard errors of the change as the homes behind both months give it — a count's is Poisson's,
 *    √(1/n + 1/n₀); a median's is 1.25 × the spread of the region's log sold prices × √(1/n + 1/n₀);
 *  - a change computed from too few homes is not headlined, and the page says why;
 *  - every figure is written one way: the sentences' figures are the table's, thousands grouped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketTexts as mt } from '../../../core/i18n/market';
import { formatMonth, formatSectionValue, MIN_HOMES_FOR_CHANGE, type MarketSection } from '../../../core/market/sections';
import type { RunningServer } from '../../app';
import { seedListings } from '../../seed/listings';
import { engineName, startTestServer } from '../../testing/test-server';
import { marketMetrics, type MarketMetric } from './market-metrics';
import { monthDate, monthIndex } from './monthly';
import { housingSentences } from './sentences';

/** The first start's seed: as of today (the market figures end with the last month that is over). */
const DAY = new Date();
/** The most a whole market moves in a year by itself (prices, volumes), beyond the noise of the homes sampled. */
const DRIFT = 0.1;

let server: RunningServer;
let metrics: MarketMetric[];
let sentences: string[];
let page: string;

beforeAll(async () => {
  server = await startTestServer();
  await seedListings(server.db, { listings: 8_000, now: DAY });
  ({ metrics } = await marketMetrics(server.db, 'UT'));
  sentences = await housingSentences(server.db, 'UT');
  page = await (await fetch(`${server.url}/housing-market/UT`, { headers: { Accept: 'text/html' } })).text();
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const latest = (section: MarketSection) => metrics.find((m) => m.housingMarketSectionType === section)!.aggregateData.at(-1)!;

/** The standard deviation of the log sold prices of the region's last year of sales. */
async function logPriceSpread(): Promise<number> {
  const { rows } = await server.db.query<{ spread: number }>(
    `SELECT stddev_samp(ln(h.price_in_pennies::float8)) AS spread FROM listing_status_history h JOIN listings l ON l.id = h.listing_id
      WHERE h.status = 'Closed' AND l.state_province = 'UT' AND l.classification = 'sale' AND h.changed_at > $1::timestamptz - interval '1 year'`,
    [DAY.toISOString()],
  );
  return Number(rows[0]!.spread);
}

describe(`the seeded market on /housing-market/UT (${engineName()})`, () => {
  it('headlines no yearly change beyond what the homes behind it support', async () => {
    const spread = await logPriceSpread();
    expect(spread).toBeGreaterThan(0.1);
    const checked: string[] = [];
    for (const metric of metrics) {
      const point = metric.aggregateData.at(-1)!;
      if (point.yoy === null) continue;
      expect(point.homes).toBeGreaterThanOrEqual(MIN_HOMES_FOR_CHANGE);
      expect(point.yearEarlierHomes).toBeGreaterThanOrEqual(MIN_HOMES_FOR_CHANGE);
      const noise = Math.sqrt(1 / point.homes! + 1 / point.yearEarlierHomes!);
      const isCount = ['ACTIVE_INVENTORY', 'NEW_LISTINGS', 'PRICE_DROPS'].includes(metric.housingMarketSectionType);
      // A ratio (sale-to-list) varies by a few percent between homes, not by their prices' spread.
      const perHome = isCount ? 1 : metric.housingMarketSectionType === 'SALE_TO_LIST_RATIO' ? 0.05 : 1.25 * spread;
      const supported = Math.exp(DRIFT + 4 * perHome * noise) - 1;
      expect(Math.abs(point.yoy) / 100, `${metric.label}: ${point.yoy}% from ${point.yearEarlierHomes} → ${point.homes} homes`).toBeLessThanOrEqual(supported);
      checked.push(metric.housingMarketSectionType);
    }
    // Utah's homes for sale are enough for their changes.
    expect(checked).toEqual(expect.arrayContaining(['ACTIVE_INVENTORY', 'MEDIAN_LIST_PRICE']));
    // And the sentences say what the figures say.
    const inventory = latest('ACTIVE_INVENTORY');
    const change = /, (up|down) ([\d.]+)% from a year earlier\.$/.exec(sentences.find((s) => s.includes('for sale in Utah'))!);
    if (inventory.yoy === null) expect(change).toBeNull();
    else expect(Number(change![2]) * (change![1] === 'down' ? -1 : 1)).toBe(inventory.yoy);
  });

  it('writes every figure one way: the sentences’ figures are the table’s, thousands grouped', () => {
    const inventory = latest('ACTIVE_INVENTORY');
    // The latest month is the last one that is over.
    expect(inventory.date).toBe(monthDate(monthIndex(DAY) - 1));
    expect(inventory.value).toBeGreaterThan(100);
    const count = formatSectionValue('ACTIVE_INVENTORY', inventory.value);
    expect(sentences.some((s) => s.startsWith(`${count} homes were for sale in Utah at the end of ${formatMonth(inventory.date, { long: true })}`))).toBe(true);
    const days = formatSectionValue('MEDIAN_DAYS_ON_MARKET', latest('MEDIAN_DAYS_ON_MARKET').value);
    expect(sentences).toContain(`Homes in Utah sold after a median of ${days} on market.`);
    const sold = formatSectionValue('MEDIAN_SOLD_PRICE', latest('MEDIAN_SOLD_PRICE').value, 'USD');
    expect(sentences[0]).toMatch(new RegExp(`^Median sold price in Utah (was|rose [\\d.]+% year over year to|fell [\\d.]+% year over year to) ${sold.replace('$', '\\$')}\\.$`));
    // The page writes the same strings, in its sentences and its table.
    for (const sentence of sentences) expect(page).toContain(`<li>${sentence}</li>`);
    expect(page).toContain(`<tr><th scope="row">Active inventory</th><td>${count}</td>`);
    expect(page).toContain(`<tr><th scope="row">Median sold price</th><td>${sold}</td>`);
    // No figure of four or more digits without its thousands grouped (the years of the months aside).
    const months = 'January|February|March|April|May|June|July|August|September|October|November|December';
    for (const text of [...sentences, page.slice(page.indexOf('<table class="market-latest">'), page.indexOf('</table>'))]) {
      expect(text.replace(new RegExp(`(${months}) \\d{4}`, 'g'), '')).not.toMatch(/\d{4,}/);
    }
  });

  it('says so instead of headlining a change computed from too few homes', async () => {
    // On the page: a figure of Utah's with too few homes behind it (price drops, at this size) says why in the table.
    const few = metrics.filter((m) => {
      const point = m.aggregateData.at(-1)!;
      return point.yoy === null && point.yearEarlierHomes !== null && (point.homes! < MIN_HOMES_FOR_CHANGE || point.yearEarlierHomes < MIN_HOMES_FOR_CHANGE);
    });
    expect(few.length).toBeGreaterThan(0);
    for (const metric of few) expect(page).toMatch(new RegExp(`<tr><th scope="row">${metric.label}</th><td>[^<]+</td><td>[^<]+</td><td>${mt.yoyTooFew}</td></tr>`));
    // A ZIP of the seed has a handful of homes a month: no yearly change, and the reason.
    const { metrics: zip } = await marketMetrics(server.db, '84116');
    const inventory = zip.find((m) => m.housingMarketSectionType === 'ACTIVE_INVENTORY')!.aggregateData.at(-1)!;
    expect(inventory.homes).toBeLessThan(MIN_HOMES_FOR_CHANGE);
    expect(inventory.yearEarlierHomes).not.toBeNull();
    expect(inventory.yoy).toBeNull();
    const zipSentences = await housingSentences(server.db, '84116');
    expect(zipSentences.join(' ')).not.toMatch(/year over year|from a year earlier/);
    expect(zipSentences.at(-1)).toBe(mt.tooFewNote(String(MIN_HOMES_FOR_CHANGE)));
  });
});
