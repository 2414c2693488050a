/**
 * The hosted pages' listing cards continue from the page (issue 38): each card carries its listing
 * (server/site/card-data.ts) and shows the page's own card until its turn, then draws itself from that data, with no
 * request of its own; its photo is lazy from its first property, so only the photos near the screen are fetched.
 */
import AxeBuilder from '@axe-core/playwright';
import { apiUrl, expect, HOSTED, test } from './fixtures';

test('the cards of / and /stays draw from the page’s data: no request per card, hearts on, photos lazy and loaded', HOSTED, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cardQueries: string[] = [];
  const photos = new Set<string>();
  page.on('request', (r) => {
    if (r.url().includes('queryName=ListingCard')) cardQueries.push(r.url());
    if (r.resourceType() === 'image' && r.url().includes('/media/')) photos.add(r.url());
  });
  for (const [path, price] of [['/', /^(\$|Rs )[\d,]+(\/mo)?$/], ['/stays', /\/night$/]] as const) {
    photos.clear();
    await page.goto(`${apiUrl()}${path}`);
    const cards = page.locator('hearth-listing-card');
    const count = await cards.count();
    expect(count, path).toBeGreaterThan(0);
    // Every card ends as the element's own card (its heart is the element's), with the price the page carried.
    for (let i = 0; i < count; i++) {
      await expect(cards.nth(i).locator('[part="favorite"]')).toBeVisible();
      await expect(cards.nth(i).locator('[part="price"]')).toHaveText(price);
    }
    await page.waitForLoadState('networkidle');
    const first = cards.first().locator('[part="photo"]');
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Six cards on a phone's screen: the last ones' photos are not fetched until scrolled to.
    if (count >= 4) expect(photos.size, path).toBeLessThan(count);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations, path).toEqual([]);
  }
  expect(cardQueries).toEqual([]);
});
