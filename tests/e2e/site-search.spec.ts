/** The hosted site's /search page (server/site/pages.ts): one place search, the search map's own. */
import { searchTexts } from '../../core/i18n/search';
import { apiUrl, expect, HOSTED, test } from './fixtures';

test('/search shows the place search once', HOSTED, async ({ page }) => {
  await page.goto(`${apiUrl()}/search`);
  const map = page.locator('hearth-search-map');
  await expect(map.getByRole('combobox', { name: searchTexts.inputLabel })).toBeVisible();
  // Every element on the page (and in its shadow roots) is defined, so no second box is still to come.
  await expect(page.locator(':not(:defined)')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: searchTexts.inputLabel })).toHaveCount(1);
});
