/**
 * <hearth-availability-calendar> on the partner demo page (another origin, strict CSP, hostile CSS): the demo
 * stay 1301 (server/stays/seed.ts), whose calendar follows `demoStayDay`, so each test works out its dates
 * from today in the stay's time zone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatMoney } from '../../core/format/money';
import { contactTexts } from '../../core/i18n/contact';
import { searchMapTexts } from '../../core/i18n/search';
import { stayTexts as t } from '../../core/i18n/stays';
import { addDays, todayIn } from '../../core/stays/stay-rules';
import { DEMO_STAY_ID, demoStayDay } from '../../server/stays/seed';
import { ACME_KEY, apiUrl, cspViolations, eventsOf, expect, test } from './fixtures';
import { saltLakeCityTotal } from './search-total';

const ZONE = 'America/Denver';
const RECORD_EVENTS = `for (const type of ['hearth-dates-selected', 'hearth-booking-requested']) document.addEventListener(type, (e) => window.__events && window.__events.push({ type, detail: e.detail }));`;

/** The last day of the month after today's: the two months the calendar shows first. */
function lastShownDay(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
}

/** The first check-in from tomorrow whose minimum stay is all open, with 8 more days on screen. */
function stayToBook(today: string) {
  for (let i = 1; i < 30; i++) {
    const checkIn = addDays(today, i);
    const { minNights } = demoStayDay(checkIn);
    const nights = Array.from({ length: minNights }, (_, n) => addDays(checkIn, n));
    if (nights.every((d) => demoStayDay(d).available) && addDays(checkIn, 8) <= lastShownDay(today)) {
      const total = nights.reduce((sum, d) => sum + demoStayDay(d).priceInPennies, 0);
      return { checkIn, checkOut: addDays(checkIn, minNights), minNights, total };
    }
  }
  throw new Error('no bookable stay in the demo calendar');
}

async function openCalendar(page: Page, openPartnerPage: (path?: string) => Promise<Page>) {
  await page.addInitScript(RECORD_EVENTS);
  await openPartnerPage('/stay.html');
  const calendar = page.locator('#calendar');
  await expect(calendar.locator('[part="base"]')).toHaveAttribute('data-state', 'ready');
  return calendar;
}

const day = (calendar: ReturnType<Page['locator']>, date: string) => calendar.locator(`button[data-date="${date}"]`);

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#calendar').analyze();
  expect(axe.violations).toEqual([]);
}

test.describe('<hearth-availability-calendar> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('unavailable and past days are disabled, min and max nights are enforced, the total is shown, the request is a lead', async ({
    page,
    openPartnerPage,
    request,
  }) => {
    const calendar = await openCalendar(page, openPartnerPage);
    const today = todayIn(ZONE);
    await expect(calendar.getByRole('heading', { name: new RegExp(t.heading) })).toBeVisible();
    await expect(calendar.getByRole('grid')).toHaveCount(2);

    // A booked day: disabled, and says why.
    let booked = addDays(today, 1);
    while (demoStayDay(booked).available) booked = addDays(booked, 1);
    await expect(day(calendar, booked)).toHaveAttribute('aria-disabled', 'true');
    await expect(day(calendar, booked)).toHaveAttribute('aria-label', new RegExp(`${t.dayReasons.unavailable}$`));
    if (today.slice(8) !== '01') {
      const yesterday = addDays(today, -1);
      await expect(day(calendar, yesterday)).toHaveAttribute('aria-disabled', 'true');
      await expect(day(calendar, yesterday)).toHaveAttribute('aria-label', new RegExp(t.dayReasons.past));
    }
    await expect(calendar.getByRole('button', { name: t.previousMonth })).toBeDisabled();
    await expectNoAxeViolations(page);

    const stay = stayToBook(today);
    const requestToBook = calendar.getByRole('button', { name: t.requestToBook });
    await expect(requestToBook).toBeDisabled();

    // Too short: one night.
    await day(calendar, stay.checkIn).click();
    await expect(day(calendar, stay.checkIn)).toHaveAttribute('data-state', 'check-in');
    await day(calendar, addDays(stay.checkIn, 1)).click();
    await expect(calendar.locator('[part="stay-message"]')).toHaveText(`Minimum stay is ${stay.minNights} nights`);
    await expect(requestToBook).toBeDisabled();

    // Too long: eight nights.
    await day(calendar, stay.checkIn).click();
    await day(calendar, addDays(stay.checkIn, 8)).click();
    await expect(calendar.locator('[part="stay-message"]')).toHaveText('Maximum stay is 7 nights');
    await expect(requestToBook).toBeDisabled();

    // The minimum stay: highlighted, priced, bookable.
    await day(calendar, stay.checkIn).click();
    await day(calendar, stay.checkOut).click();
    await expect(calendar.locator('[part="stay-message"]')).toHaveCount(0);
    await expect(day(calendar, stay.checkOut)).toHaveAttribute('data-state', 'check-out');
    if (stay.minNights > 1) await expect(day(calendar, addDays(stay.checkIn, 1))).toHaveAttribute('data-state', 'in-range');
    await expect(calendar.locator('[part="total"] .total-line dd')).toHaveText(formatMoney(stay.total, 'USD'));
    await expect.poll(() => eventsOf(page, 'hearth-dates-selected')).toEqual([
      { checkIn: stay.checkIn, checkOut: stay.checkOut, nights: stay.minNights, totalInPennies: stay.total },
    ]);
    await expectNoAxeViolations(page);

    // Request to book: the form, then the lead.
    await requestToBook.click();
    const dialog = calendar.getByRole('dialog', { name: t.form.heading });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(t.form.message)).toHaveValue(t.form.defaultMessage);
    await dialog.getByRole('button', { name: t.form.send }).click();
    await expect(dialog.getByText(contactTexts.errors.firstNameRequired)).toBeVisible();
    await expectNoAxeViolations(page);
    const email = `guest-${Date.now()}@example.com`;
    await dialog.getByLabel(contactTexts.labels.firstName).fill('Ada');
    await dialog.getByLabel(contactTexts.labels.lastName).fill('Guest');
    await dialog.getByLabel(contactTexts.labels.email).fill(email);
    await dialog.getByLabel(contactTexts.labels.phone).fill('8015550123');
    // How many are coming: 1 unless chosen (the demo stay sleeps 4).
    await expect(dialog.getByLabel(t.form.guests)).toHaveValue('1');
    await dialog.getByLabel(t.form.guests).selectOption({ label: t.form.guestCount(2) });
    await dialog.getByRole('button', { name: t.form.send }).click();
    await expect(calendar.getByRole('dialog', { name: t.form.sentHeading })).toBeVisible();
    await expect.poll(() => eventsOf(page, 'hearth-booking-requested')).toEqual([
      { listingId: DEMO_STAY_ID, checkIn: stay.checkIn, checkOut: stay.checkOut, guests: 2 },
    ]);

    const leads = await request.get(`${apiUrl()}/v1/api/leads/?partner=acme&limit=100`, { headers: { Authorization: `Partner ${ACME_KEY}` } });
    const { leads: rows } = (await leads.json()) as { leads: Record<string, unknown>[] };
    expect(rows.find((row) => row.email === email)).toMatchObject({
      firstName: 'Ada',
      lastName: 'Guest',
      listingId: DEMO_STAY_ID,
      comment: t.form.defaultMessage,
      stay: { checkIn: stay.checkIn, checkOut: stay.checkOut, guests: 2 },
    });
    expect(await cspViolations(page)).toEqual([]);
  });

  test('the keyboard moves through the grid, chooses both dates and opens the request', async ({ page, openPartnerPage }) => {
    const calendar = await openCalendar(page, openPartnerPage);
    const today = todayIn(ZONE);
    const stay = stayToBook(today);
    const grid = calendar.getByRole('grid').first();
    const tabbable = calendar.locator('button.day[tabindex="0"]');
    await expect(tabbable).toHaveCount(1);
    await tabbable.focus();
    const start = (await tabbable.getAttribute('data-date'))!;

    const focusedDate = () => page.evaluate(() => {
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute('data-date') ?? null;
    });
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedDate).toBe(addDays(start, 1));
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedDate).toBe(addDays(start, 8));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focusedDate).toBe(start);
    await page.keyboard.press('End');
    const weekday = new Date(`${start}T00:00:00Z`).getUTCDay();
    await expect.poll(focusedDate).toBe(addDays(start, 6 - weekday));
    await page.keyboard.press('Home');
    await expect.poll(focusedDate).toBe(addDays(start, -weekday));
    await page.keyboard.press('PageDown');
    await expect.poll(focusedDate).not.toBe(addDays(start, -weekday));
    await page.keyboard.press('PageUp');
    await expect.poll(focusedDate).toBe(addDays(start, -weekday));
    await expect(grid).toBeVisible();

    // Walk to the check-in day, Enter; walk to check-out, Space.
    let at = (await focusedDate())!;
    while (at !== stay.checkIn) {
      await page.keyboard.press(at < stay.checkIn ? 'ArrowRight' : 'ArrowLeft');
      at = addDays(at, at < stay.checkIn ? 1 : -1);
      await expect.poll(focusedDate).toBe(at);
    }
    await page.keyboard.press('Enter');
    await expect(day(calendar, stay.checkIn)).toHaveAttribute('data-state', 'check-in');
    for (let n = 0; n < stay.minNights; n++) await page.keyboard.press('ArrowRight');
    await expect.poll(focusedDate).toBe(stay.checkOut);
    await page.keyboard.press(' ');
    await expect(day(calendar, stay.checkOut)).toHaveAttribute('data-state', 'check-out');
    await expect(calendar.locator('[part="footer"]')).toHaveAttribute('data-state', 'valid');

    // On to Request to book with Tab, open it with Enter; Escape closes it and focus returns.
    const requestToBook = calendar.getByRole('button', { name: t.requestToBook });
    for (let i = 0; i < 5 && !(await requestToBook.evaluate((b) => b.matches(':focus'))); i++) await page.keyboard.press('Tab');
    await expect(requestToBook).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = calendar.getByRole('dialog', { name: t.form.heading });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(requestToBook).toBeFocused();
  });

  test('next month loads more months; a malformed listing-id says so', async ({ page, openPartnerPage }) => {
    const calendar = await openCalendar(page, openPartnerPage);
    const titles = calendar.locator('.month-title');
    const before = await titles.allTextContents();
    await calendar.getByRole('button', { name: t.nextMonth }).click();
    await expect(titles.first()).toHaveText(before[1]!);
    await expect(calendar.getByRole('button', { name: t.previousMonth })).toBeEnabled();
    await calendar.getByRole('button', { name: t.previousMonth }).click();
    await expect(titles.first()).toHaveText(before[0]!);

    await page.locator('#calendar').evaluate((el) => el.setAttribute('listing-id', 'abc'));
    await expect(calendar.locator('[part="attribute-error"]')).toContainText('listing-id');
  });
});

test.describe('rentals in <hearth-search-map> on a partner page', () => {
  test('in rental classification the rental filters narrow the results, and the cards show the rental fields', async ({ openPartnerPage }) => {
    const rentals = await saltLakeCityTotal({ classification: 'RENT' });
    const singleRooms = await saltLakeCityTotal({ classification: 'RENT', roomType: 'Single room' });
    expect(singleRooms).toBeGreaterThan(0);
    expect(singleRooms).toBeLessThan(rentals);

    const page = await openPartnerPage('/search.html?for=rent');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(rentals, 25));
    await map.locator('[part="more"] summary').click();
    const r = t.rentalFilters;
    await map.getByRole('group', { name: r.legend }).getByRole('combobox', { name: r.roomType }).selectOption('Single room');
    await expect(page).toHaveURL(/[?&]room=Single\+room/);
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(singleRooms, 25));
    await expect(map.locator('[part="result"] [part="rental"]').first()).toContainText('Single room');
    const axe = await new AxeBuilder({ page }).include('#search-map').analyze();
    expect(axe.violations).toEqual([]);

    // Leaving rental classification drops the rental filters.
    await map.getByRole('combobox', { name: searchMapTexts.classification }).selectOption('SALE');
    await expect(page).not.toHaveURL(/[?&]room=/);
    expect(await cspViolations(page)).toEqual([]);
  });
});
