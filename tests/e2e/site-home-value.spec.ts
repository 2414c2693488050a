/**
 * The hosted site's /home-value page (server/site/home-value-page.ts, issue 36): reached from /sell, it values a
 * home with <hearth-home-value> — here demo listing 1002, which is for sale, so the estimate leans on its list
 * price and says so — with no CSP violation and no axe violation.
 */
import { siteTexts } from '../../core/i18n/site';
import { valuationTexts as t } from '../../core/i18n/valuation';
import { apiUrl, axeViolations, cspViolations, expect, HOSTED, test } from './fixtures';

test('from /sell to /home-value: an owner picks their address and gets the estimate, the range and the sales compared', HOSTED, async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${apiUrl()}/sell`);
  await page.getByRole('link', { name: siteTexts.sell.homeValue }).click();
  await expect(page).toHaveURL(`${apiUrl()}/home-value`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(siteTexts.homeValue.title);
  const element = page.locator('hearth-home-value');
  const address = element.getByRole('combobox', { name: t.addressLabel });
  await address.click();
  await address.pressSequentially('1387 S 1100');
  await element.getByRole('option', { name: /1387 S 1100 E, Salt Lake City/ }).click();
  await element.getByRole('button', { name: t.getEstimate }).click();
  await expect(element.locator('.home-value[part="base"]')).toHaveAttribute('data-state', 'estimated');
  await expect(element.locator('[part="listed"]')).toHaveText(t.listed('$625,000'));
  await expect(element.locator('[part="range-likely"]')).toHaveText(/^8 in 10 homes like this sell between \$[\d,]+ and \$[\d,]+\.$/);
  await expect(element.locator('[part="comparable"]').first()).toContainText(/^.*Sold [A-Z][a-z]{2} \d{4} for \$[\d,]+ · [\d.]+ mi/);
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(await cspViolations(page)).toEqual([]);
});
