/**
 * The renter's journey on the hosted site (issue 35, renters), through the UI only: the Rent menu finds stays,
 * the stay search takes dates and guests (the URL keeps them), the stay's page opens with those dates chosen on
 * its calendar, and 'Request to book' sends them: the stored request's mail to the agent carries them.
 * The demo stay 1301 (server/stays/seed.ts) follows `demoStayDay`, so the dates are worked out from today.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { contactTexts } from '../../core/i18n/contact';
import { siteTexts } from '../../core/i18n/site';
import { stayTexts as t } from '../../core/i18n/stays';
import { addDays, todayIn } from '../../core/stays/stay-rules';
import { DEMO_STAY_ID, demoStayDay } from '../../server/stays/seed';
import { apiUrl, expect, HOSTED, test } from './fixtures';

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

test('a renter finds a stay from the navigation, sets dates and guests, opens it and requests it with those dates', HOSTED, async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${apiUrl()}/`);

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

  // Open the stay: its calendar has the dates chosen.
  await page.locator(`hearth-listing-card[listing-id="${DEMO_STAY_ID}"] [part="address"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/listing/.+\\?checkIn=${checkIn}&checkOut=${checkOut}$`));
  const calendar = page.locator('hearth-availability-calendar');
  await expect(calendar.locator('[part="footer"]')).toHaveAttribute('data-state', 'valid');
  await expect(calendar.locator(`button[data-date="${checkIn}"]`)).toHaveAttribute('data-state', 'check-in');
  await expect(calendar.locator(`button[data-date="${checkOut}"]`)).toHaveAttribute('data-state', 'check-out');

  // Request to book.
  await calendar.getByRole('button', { name: t.requestToBook }).click();
  const dialog = calendar.getByRole('dialog', { name: t.form.heading });
  await expect(dialog).toBeVisible();
  const email = `renter-${Date.now()}@example.com`;
  await dialog.getByLabel(contactTexts.labels.firstName).fill('Rhea');
  await dialog.getByLabel(contactTexts.labels.lastName).fill('Renter');
  await dialog.getByLabel(contactTexts.labels.email).fill(email);
  await dialog.getByLabel(contactTexts.labels.phone).fill('(801) 555-0142');
  await dialog.getByRole('button', { name: t.form.send }).click();
  await expect(calendar.getByRole('dialog', { name: t.form.sentHeading })).toBeVisible();

  // The stored request: the hosted site is the default partner's, which has no API key, so it is read where the
  // same transaction put it beside the lead (server/stays/stays.ts): the agent's mail, through the mail catcher's API.
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${process.env.HEARTH_MAIL_URL}/mails`)).json()) as { subject: string; body: string }[];
      return mails.filter((m) => m.body.includes(email)).map((m) => [m.subject.endsWith(`: ${checkIn} to ${checkOut}`), m.body.includes(`Check-in: ${checkIn}\nCheck-out: ${checkOut}`)]);
    }, { timeout: 20_000 })
    .toEqual([[true, true]]);
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
