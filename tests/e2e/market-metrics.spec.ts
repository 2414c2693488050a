import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { marketTexts as t } from '../../core/i18n/market';
import { cspViolations, eventsOf, expect, test } from './fixtures';

/**
 * The partner page shows Salt Lake City, UT from the seeded demo data: the demo listings' 'listed' events
 * (server/listings/metrics/demo-history.ts) and the demo sales of the last 18 months (server/valuation),
 * precomputed by the market metrics job at start.
 */
async function openMarket(openPartnerPage: (path?: string) => Promise<Page>) {
  const page = await openPartnerPage('/market.html');
  await expect(page.locator('#market [part="base"]')).toHaveAttribute('data-state', 'ready');
  return page;
}

async function axeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#market').analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('<hearth-market-metrics> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('shows the sentences and a card per section with a chart whose table holds the same numbers', async ({ openPartnerPage }) => {
    const page = await openMarket(openPartnerPage);
    const market = page.locator('#market');
    await expect(market.getByRole('heading', { name: t.heading('Salt Lake City, UT') })).toBeVisible();
    await expect(market.locator('[part="sentences"] li').first()).toContainText('Salt Lake City');
    await expect(market.locator('[part="metric"]')).toHaveCount(8);

    const sold = market.locator('[part="metric"][data-section="MEDIAN_SOLD_PRICE"]');
    const chart = sold.getByRole('img');
    await expect(chart).toHaveAttribute('aria-label', /^Median sold price in Salt Lake City, UT from .+: lowest \$[\d,]+, highest \$[\d,]+, latest \$[\d,]+\.$/);
    const points = sold.locator('[part="chart-point"]');
    expect(await points.count()).toBeGreaterThanOrEqual(2);
    // Every point's month and value, as the chart announces them.
    const announced = await points.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!.split(', ')[0]!));

    const toggle = sold.locator('[part="table-toggle"]');
    await expect(toggle).toHaveText(t.showTable);
    await expect(sold.locator('table')).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveText(t.hideTable);
    const table = sold.locator('[part="table"]');
    await expect(table.locator('caption')).toHaveText(t.tableCaption('Median sold price', 'Salt Lake City, UT'));
    await expect(table.locator('th[scope="col"]')).toHaveCount(3);
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent!.trim())));
    const tableMonths = new Map(rows.map(([month, value]) => [month!, value!]));
    // The same months and values as the chart (the table names months short: 'Mar 2025' for 'March 2025: $…').
    const chartValues = announced.map((label) => label.split(': ')[1]!);
    const tableValues = rows.filter(([, value]) => value !== t.noValue).map(([, value]) => value!);
    expect(tableValues).toEqual(chartValues);
    expect(tableMonths.size).toBe(rows.length);
    await toggle.click();
    await expect(sold.locator('table')).toHaveCount(0);

    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('moves between months with the arrow keys, with a tooltip of month, value and change; hover shows it too', async ({ openPartnerPage }) => {
    const page = await openMarket(openPartnerPage);
    const sold = page.locator('#market [part="metric"][data-section="MEDIAN_SOLD_PRICE"]');
    const points = sold.locator('[part="chart-point"]');
    const count = await points.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // The latest month is the one in the tab order.
    const last = points.nth(count - 1);
    await expect(last).toHaveAttribute('tabindex', '0');
    await last.focus();
    const tooltip = sold.locator('[part="tooltip"]');
    await expect(tooltip).toBeVisible();
    const lastLabel = (await last.getAttribute('aria-label'))!;
    await expect(tooltip).toContainText(lastLabel.split(':')[0]!);

    await page.keyboard.press('ArrowLeft');
    const previous = points.nth(count - 2);
    await expect(previous).toBeFocused();
    await expect(previous).toHaveAttribute('tabindex', '0');
    await expect(last).toHaveAttribute('tabindex', '-1');
    const previousLabel = (await previous.getAttribute('aria-label'))!;
    await expect(tooltip).toContainText(previousLabel.split(':')[0]!);
    await expect(tooltip).toContainText(previousLabel.split(': ')[1]!.split(', ')[0]!);
    await expect(tooltip).toContainText(/year over year|No data a year earlier/);

    await page.keyboard.press('Home');
    await expect(points.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(last).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(last).not.toBeFocused();
    await expect(tooltip).toHaveCount(0);

    // Pointing at the first month shows its tooltip.
    await points.first().hover();
    const firstLabel = (await points.first().getAttribute('aria-label'))!;
    await expect(tooltip).toContainText(firstLabel.split(':')[0]!);

    expect(await axeViolations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('one section, the empty state and a malformed attribute', async ({ openPartnerPage }) => {
    const page = await openMarket(openPartnerPage);
    await page.evaluate(() => {
      const one = document.createElement('hearth-market-metrics');
      one.id = 'one';
      one.setAttribute('state', 'Utah');
      one.setAttribute('section', 'sale_to_list_ratio');
      const none = document.createElement('hearth-market-metrics');
      none.id = 'none';
      none.setAttribute('region', 'Atlantis');
      const bad = document.createElement('hearth-market-metrics');
      bad.id = 'bad';
      bad.setAttribute('region', 'Salt Lake City');
      bad.setAttribute('section', 'EVERYTHING');
      document.querySelector('main')!.append(one, none, bad);
    });
    const one = page.locator('#one');
    await expect(one.locator('[part="base"]')).toHaveAttribute('data-state', 'ready');
    await expect(one.locator('[part="metric"]')).toHaveCount(1);
    await expect(one.locator('[part="label"]')).toHaveText('Sale-to-list ratio');
    await expect(one.locator('[part="value"]')).toHaveText(/^\d+\.\d%$/);
    await expect(page.locator('#none [part="empty"]')).toHaveText(t.empty('Atlantis'));
    const bad = page.locator('#bad');
    await expect(bad.locator('[part="attribute-error"]')).toContainText('The section attribute must be one of');
    const errors = await eventsOf(page, 'hearth-error');
    expect(errors).toContainEqual(expect.objectContaining({ tag: 'hearth-market-metrics', attribute: 'section', value: 'EVERYTHING' }));
    expect(await cspViolations(page)).toEqual([]);
  });
});
