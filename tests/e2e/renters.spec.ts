/**
 * The renter's journey on the hosted site (issue 35, renters), through the UI only: the Rent menu finds stays,
 * the stay search takes dates and guests (the URL keeps them), the stay's page opens with those dates chosen on
 * its calendar and those guests in its booking form, and 'Request to book' sends them: the stored request, read
 * back through the partner's API, and its mail to the agent carry them. The journey runs on a partner's hosted
 * site served on its own domain (global-setup.ts `own-domain`): every link stays on that domain.
 * The demo stay 1301 (server/stays/seed.ts) follows `demoStayDay`, so the dates are worked out from today.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { contactTexts } from '../../core/i18n/contact';
import { siteTexts } from '../../core/i18n/site';
import { stayTexts as t } from '../../core/i18n/stays';
import { addDays, todayIn } from '../../core/stays/stay-rules';
import { DEMO_STAY_ID, demoStayDay } from '../../server/stays/seed';
import { apiUrl, expect, HOSTED, OWN_DOMAIN_KEY, OWN_DOMAIN_PARTNER, ownDomainUrl, test } from './fixtures';

const st = siteTexts.stays;
const nav = (page: Page) => page.locator('header.shell-header').getByRole('navigation', { name: 'Main' });

/** A stay the demo calendar takes: from the day after tomorrow, every night open, at least the check-in day's minimum. */
function datesToBook(today: string) {
  for (let i = 2; i < 40; i++) {
    const checkIn = addDays(today, i);
    const { minNights, available, availableForCheckin } = demoStayDay(checkIn);
    const nights = Math.max(minNights, 3);
    if (available && availableForCheckin && nights <= demoStayDay(checkIn).maxNights && Array.from({ length: nights }, (_, n) => addDays(checkIn, n)).every((d) => demoStayDay(d).available)) {
      return { checkIn, checkOut: addDays(checkIn, nights) };
    }
  }
  throw new Error('no bookable stay in the demo calendar');
}

test('a renter finds a stay from the navigation, sets dates and guests, opens it and requests it with those dates and guests', HOSTED, async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const site = ownDomainUrl();
  await page.goto(`${site}/`);

  // Rent > Find a Stay.
  await nav(page).locator('summary', { hasText: siteTexts.nav.rent }).click();
  await expect(nav(page).getByRole('link', { name: siteTexts.nav.findRental })).toHaveAttribute('href', '/renting');
  await nav(page).getByRole('link', { name: siteTexts.nav.findStay }).click();
  await expect(page).toHaveURL(/\/stays$/);
  await expect(page.getByRole('heading', { level: 1, name: st.title })).toBeVisible();

  // Dates and guests; the URL keeps them.
  const { checkIn, checkOut } = datesToBook(todayIn('America/Denver'));
  const search = page.getByRole('search', { name: st.searchLabel });
  await search.getByLabel(st.checkIn).fill(checkIn);
  await search.getByLabel(st.checkOut).fill(checkOut);
  await search.getByLabel(st.guests).selectOption({ label: st.guestCount(2) });
  await search.getByRole('button', { name: st.search }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]checkIn=${checkIn}&checkOut=${checkOut}&guests=2$`));
  await expect(search.getByLabel(st.checkIn)).toHaveValue(checkIn);
  await expect(search.getByLabel(st.guests)).toHaveValue('2');
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations).toEqual([]);

  // Only stays of the partner's country: prices in dollars.
  const cards = page.locator('hearth-listing-card');
  await expect(cards.first().locator('[part="price"]')).toBeVisible();
  for (const price of await cards.locator('[part="price"]').allInnerTexts()) expect(price).toMatch(/^\$/);

  // Open the stay: the card links on the partner's domain (not our public origin) with the dates and guests.
  const link = page.locator(`hearth-listing-card[listing-id="${DEMO_STAY_ID}"] [part="address"] a`);
  await expect(link).toHaveAttribute('href', new RegExp(`^${site}/listing/.+\\?checkIn=${checkIn}&checkOut=${checkOut}&guests=2$`));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`^${site}/listing/.+\\?checkIn=${checkIn}&checkOut=${checkOut}&guests=2$`));
  const calendar = page.locator('hearth-availability-calendar');
  await expect(calendar.locator('[part="footer"]')).toHaveAttribute('data-state', 'valid');
  await expect(calendar.locator(`button[data-date="${checkIn}"]`)).toHaveAttribute('data-state', 'check-in');
  await expect(calendar.locator(`button[data-date="${checkOut}"]`)).toHaveAttribute('data-state', 'check-out');

  // Request to book.
  await calendar.getByRole('button', { name: t.requestToBook }).click();
  const dialog = calendar.getByRole('dialog', { name: t.form.heading });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(t.form.guests)).toHaveValue('2');
  const email = `renter-${Date.now()}@example.com`;
  await dialog.getByLabel(contactTexts.labels.firstName).fill('Rhea');
  await dialog.getByLabel(contactTexts.labels.lastName).fill('Renter');
  await dialog.getByLabel(contactTexts.labels.email).fill(email);
  await dialog.getByLabel(contactTexts.labels.phone).fill('(801) 555-0142');
  await dialog.getByRole('button', { name: t.form.send }).click();
  await expect(calendar.getByRole('dialog', { name: t.form.sentHeading })).toBeVisible();

  await expect(calendar.locator('[part="booking-summary"]')).toContainText(t.form.guestCount(2));

  // The stored request, through the partner's API: its dates and guests.
  const stored = await request.get(`${apiUrl()}/v1/api/leads/?partner=${OWN_DOMAIN_PARTNER}&limit=100`, { headers: { Authorization: `Partner ${OWN_DOMAIN_KEY}` } });
  expect(stored.status()).toBe(200);
  const { leads } = (await stored.json()) as { leads: { email: string; source: string; listingId: number; stay: unknown }[] };
  expect(leads.filter((l) => l.email === email)).toEqual([
    expect.objectContaining({ source: 'stay', listingId: DEMO_STAY_ID, stay: { checkIn, checkOut, guests: 2 } }),
  ]);
  // And the agent's mail, queued in the same transaction, says them too.
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${process.env.HEARTH_MAIL_URL}/mails`)).json()) as { subject: string; body: string }[];
      return mails.filter((m) => m.body.includes(email)).map((m) => [m.subject.endsWith(`: ${checkIn} to ${checkOut}`), m.body.includes(`Check-in: ${checkIn}\nCheck-out: ${checkOut}`), m.body.includes('Guests: 2')]);
    }, { timeout: 20_000 })
    .toEqual([[true, true, true]]);
});

test('on a phone the Menu’s Rent finds rentals and stays; the stay search names a bad date and keeps it', HOSTED, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${apiUrl()}/about`);
  await page.locator('header.shell-header').getByRole('button', { name: siteTexts.nav.menu }).click();
  await nav(page).locator('summary', { hasText: siteTexts.nav.rent }).click();
  await expect(nav(page).getByRole('link', { name: siteTexts.nav.findRental })).toBeVisible();
  await nav(page).getByRole('link', { name: siteTexts.nav.findStay }).click();
  await expect(page).toHaveURL(/\/stays$/);

  const search = page.getByRole('search', { name: st.searchLabel });
  await search.getByLabel(st.checkIn).fill(addDays(todayIn('America/Denver'), 5));
  await search.getByRole('button', { name: st.search }).click();
  await expect(page.getByRole('alert')).toHaveText(st.bothDates);
  await expect(search.getByLabel(st.checkIn)).toHaveValue(addDays(todayIn('America/Denver'), 5));
  // Every field fits the phone's width.
  for (const box of await search.locator('input, select, button').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().right))) {
    expect(box).toBeLessThanOrEqual(390);
  }
});
