import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { valuationTexts as t } from '../../core/i18n/valuation';
import { ACME_KEY, apiUrl, cspViolations, expect, test } from './fixtures';

const RECORD_EVENTS = `for (const type of ['hearth-home-value-estimated', 'hearth-valuation-requested']) document.addEventListener(type, (e) => window.__events && window.__events.push({ type, detail: e.detail }));`;

const events = (page: Page, type: string) =>
  page.evaluate(
    (name) => (window as unknown as { __events: { type: string; detail: any }[] }).__events.filter((e) => e.type === name).map((e) => e.detail),
    type,
  );

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#home-value').analyze();
  expect(axe.violations).toEqual([]);
}

async function openHomeValue(page: Page, openPartnerPage: (path?: string) => Promise<Page>) {
  await page.addInitScript(RECORD_EVENTS);
  await openPartnerPage('/home-value.html');
  const element = page.locator('#home-value');
  await expect(element.getByRole('heading', { name: t.heading })).toBeVisible();
  return element;
}

test.describe('<hearth-home-value> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('an owner picks their address, sees the estimate and the sales it comes from, and asks for a precise valuation', async ({
    page,
    openPartnerPage,
    request,
  }, testInfo) => {
    const element = await openHomeValue(page, openPartnerPage);
    await expectNoAxeViolations(page);

    // ---- the address from the place search's suggestions
    const address = element.getByRole('combobox', { name: t.addressLabel });
    await address.click();
    await address.pressSequentially('1387 S 1100');
    const suggestion = element.getByRole('option', {
      name: /1387 S 1100 E, Salt Lake City/,
    });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(address).toHaveValue('1387 S 1100 E, Salt Lake City, UT, USA');
    await element.getByRole('button', { name: t.getEstimate }).click();

    // ---- the estimate: range, confidence, method, comparables with their photos
    const base = element.locator('.home-value[part="base"]');
    await expect(base).toHaveAttribute('data-state', 'estimated');
    const result = element.locator('[part="result"]');
    await expect(result).toContainText('1387 S 1100 E, Salt Lake City, UT 84105');
    const range = element.locator('[part="range"]');
    await expect(range).toHaveAttribute('aria-label', /^Estimated value \$[\d,]+, likely between \$[\d,]+ and \$[\d,]+$/);
    await expect(element.locator('[part="confidence"]')).toHaveText(/^(High|Medium|Low) confidence$/);
    await expect(element.locator('[part="method"]')).toContainText(/^We compared the \d single family residence sales most like yours within/);
    // 1002 is for sale: the estimate says it leans on its list price, and how likely the range is.
    await expect(element.locator('[part="listed"]')).toHaveText(t.listed('$625,000'));
    await expect(element.locator('[part="range-likely"]')).toHaveText(/^8 in 10 homes like this sell between \$[\d,]+ and \$[\d,]+\.$/);
    const comparables = element.locator('[part="comparable"]');
    expect(await comparables.count()).toBeGreaterThanOrEqual(3);
    expect(await comparables.count()).toBeLessThanOrEqual(8);
    await expect(comparables.first()).toContainText(/Sold [A-Z][a-z]{2} \d{4} for \$[\d,]+ · [\d.]+ mi · \d bd · \d ba · [\d,]+ sq ft · Built \d{4}/);
    // The demo sales are demo data, and say so.
    await expect(comparables.first().locator('[part="demo-sale"]')).toContainText(t.demoSale);
    const photos = element.locator('[part="comparable-photo"]');
    await expect
      .poll(() => photos.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
      .toEqual(Array(await photos.count()).fill(true));
    for (const src of await photos.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src)))
      expect(src.startsWith(`${apiUrl()}/media/`)).toBe(true);
    const [estimated] = await events(page, 'hearth-home-value-estimated');
    expect(estimated).toMatchObject({
      address: '1387 S 1100 E, Salt Lake City, UT 84105',
      status: 'ESTIMATED',
      currencyCode: 'USD',
    });
    expect(estimated.lowInPennies).toBeLessThan(estimated.estimateInPennies);
    expect(estimated.highInPennies).toBeGreaterThan(estimated.estimateInPennies);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `/tmp/home-value-${testInfo.project.name}.png`,
      fullPage: true,
    });

    // ---- the precise valuation: errors first, then a lead
    await element.getByRole('button', { name: t.precise }).click();
    const form = element.locator('[part="request-form"]');
    await expect(form.getByLabel(t.firstName)).toBeFocused();
    await form.getByRole('button', { name: t.send }).click();
    await expect(form).toContainText('Please enter your first name');
    await expectNoAxeViolations(page);
    const email = `owner-${testInfo.project.name}-${Date.now()}@example.com`;
    await form.getByLabel(t.firstName).fill('Olive');
    await form.getByLabel(t.lastName).fill('Owner');
    await form.getByRole('textbox', { name: t.email, exact: true }).fill(email);
    await form.getByRole('textbox', { name: t.phone, exact: true }).fill('8015550199');
    await form.getByLabel(t.optIn).check();
    await form.getByRole('button', { name: t.send }).click();
    await expect(element.locator('[part="thanks"]')).toContainText(t.requested);
    await expect(element.locator('[part="thanks"]')).toContainText(t.requestedUpdates);
    await expect(base).toHaveAttribute('data-request', 'sent');
    const [requested] = await events(page, 'hearth-valuation-requested');
    expect(requested).toMatchObject({
      address: '1387 S 1100 E, Salt Lake City, UT 84105',
      optIn: true,
    });

    const leads = await request.get(`${apiUrl()}/v1/api/leads/?partner=acme&limit=100`, { headers: { Authorization: `Partner ${ACME_KEY}` } });
    expect(leads.status()).toBe(200);
    const lead = (
      (await leads.json()) as {
        leads: {
          email: string;
          firstName: string;
          listingId: number | null;
          comment: string;
        }[];
      }
    ).leads.find((l) => l.email === email);
    expect(lead).toMatchObject({ firstName: 'Olive', listingId: 1002 });
    expect(lead!.comment).toMatch(
      /^Precise valuation requested for 1387 S 1100 E, Salt Lake City, UT 84105\. Our estimate: \$[\d,]+ .*Opted in to monthly value updates\.$/,
    );
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('by keyboard: the suggestion, a condo with no sales nearby → not enough sales, facts checked before asking', async ({ page, openPartnerPage }) => {
    const element = await openHomeValue(page, openPartnerPage);
    const address = element.getByRole('combobox', { name: t.addressLabel });
    await address.focus();
    await page.keyboard.type('1387 S 1100');
    await expect(element.getByRole('option', { name: /1387 S 1100 E, Salt Lake City/ })).toBeVisible();
    // Once something is typed the suggestions come first ('Current location', where offered, last).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(address).toHaveValue('1387 S 1100 E, Salt Lake City, UT, USA');

    await element.getByLabel(t.homeType).selectOption('CONDOMINIUM');
    await element.getByLabel(t.yearBuilt).fill('3000');
    await element.getByLabel(t.yearBuilt).press('Enter');
    await expect(element.locator('[part="form"]')).toContainText(/Year built must be a year from 1600 to \d{4}\./);
    await expect(element.locator('.home-value[part="base"]')).toHaveAttribute('data-state', 'idle');
    await element.getByLabel(t.yearBuilt).fill('');
    await element.getByLabel(t.yearBuilt).press('Enter');
    await expect(element.locator('.home-value[part="base"]')).toHaveAttribute('data-state', 'not-enough-sales');
    await expect(element.locator('[part="result"]')).toContainText(t.notEnoughSales);
    await expect(element.locator('[part="method"]')).toContainText(/^Not enough sales nearby/);
    await expect(element.locator('[part="comparable"]')).toHaveCount(0);
    await expect(element.locator('[part="range"]')).toHaveCount(0);
    const [estimated] = await events(page, 'hearth-home-value-estimated');
    expect(estimated).toMatchObject({
      status: 'NOT_ENOUGH_SALES',
      estimateInPennies: null,
      comparableCount: 0,
    });
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });
});
