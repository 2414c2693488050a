import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openHouseTimes } from '../../core/format/listing-facts';
import { openHouseTexts as t, tourTexts } from '../../core/i18n/tours';
import { instantAt, openHouseDays } from '../../core/tours/tour-times';
import { cspViolations, eventsOf, expect } from './fixtures';
import { test } from './helpers/other-person';
import { graphql, logIn, signUp, startSignedIn } from './sessions';

const ZONE = 'America/Denver'; // listing 1002's zone
const LISTING_PAGE = '/listing/1387-s-1100-e-salt-lake-city-ut-84105/HRT1002';
const RECORD_EVENTS = `document.addEventListener('hearth-open-house-saved', (e) => window.__events && window.__events.push({ type: 'hearth-open-house-saved', detail: e.detail }));`;

/**
 * One open house per project, so the two projects (which share the server and listing 1002) never
 * find each other's: a different day and different times.
 */
function ourOpenHouse(project: string) {
  const [dayIndex, startMinutes, endMinutes] = project === 'react' ? [9, 13 * 60 + 30, 15 * 60] : [8, 10 * 60, 11 * 60 + 30];
  const day = openHouseDays(new Date(), ZONE)[dayIndex]!.day;
  const start = instantAt(day, startMinutes, ZONE).toISOString();
  const end = instantAt(day, endMinutes, ZONE).toISOString();
  return { day, start, end, when: openHouseTimes({ startDateTime: start, endDateTime: end }, ZONE) };
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#open-houses').analyze();
  expect(axe.violations).toEqual([]);
}

test.describe('<hearth-open-houses> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('the seller adds an open house, cancels it and activates it again, each confirmed; the public view follows', async ({ openPartnerPage, openPartnerPageAs, page, request }, testInfo) => {
    const seller = await logIn(request, 'seller');
    await startSignedIn(page, seller);
    await page.addInitScript(RECORD_EVENTS);
    await openPartnerPage('/open-houses.html');
    const element = page.locator('#open-houses');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'seller');
    await expect(element.getByRole('heading', { name: t.heading })).toBeVisible();
    const viewListing = element.locator('[part="view-listing"]');
    await expect(viewListing).toHaveText(t.viewListing);
    expect(await viewListing.getAttribute('href')).toMatch(new RegExp(`${LISTING_PAGE}$`));
    await expectNoAxeViolations(page);

    // ---- Add Open House: day, start, end, Confirm Selection
    const ours = ourOpenHouse(testInfo.project.name);
    const add = element.getByRole('button', { name: t.addOpenHouse });
    await add.click();
    const dialog = element.getByRole('dialog', { name: t.dialog.newTitle });
    await expect(dialog).toBeVisible();
    const confirmSelection = dialog.getByRole('button', { name: t.dialog.confirm });
    await expect(confirmSelection).toBeDisabled();
    await expect(dialog.getByLabel(t.dialog.day).locator('option:not([value=""])')).toHaveCount(18);
    await dialog.getByLabel(t.dialog.day).selectOption(ours.day);
    await expect(dialog.getByLabel(t.dialog.start).locator('option').nth(1)).toHaveText('9:30 AM');
    await dialog.getByLabel(t.dialog.start).selectOption(ours.start);
    await expect(confirmSelection).toBeDisabled();
    await dialog.getByLabel(t.dialog.end).selectOption(ours.end);
    await expect(confirmSelection).toBeEnabled();
    await expect(dialog.getByRole('link', { name: t.viewListing })).toHaveAttribute('href', new RegExp(`${LISTING_PAGE}$`));
    await expectNoAxeViolations(page);
    await confirmSelection.click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('hearth-toaster')).toContainText(tourTexts.openHouseSaved);

    const row = element.locator('[part="open-house"]', { hasText: ours.when });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-state', 'active');
    await expect(row.locator('[part="status"]')).toHaveText(t.status.active);
    const created = (await eventsOf(page, 'hearth-open-house-saved')).at(-1);
    expect(created).toMatchObject({ listingId: '1002', change: 'created', startDateTime: ours.start, endDateTime: ours.end, isActive: true });

    // A logged-out visitor's page (its own browser context: no stored session).
    const visitor = await openPartnerPageAs(null, '/open-houses.html');
    await expect(visitor.locator('#open-houses [part="base"]')).toHaveAttribute('data-state', 'public');
    await expect(visitor.locator('#open-houses [part="open-house"]', { hasText: ours.when })).toHaveCount(1);
    await expect(visitor.locator('#open-houses button')).toHaveCount(0);
    // Add to calendar: the public calendar file of this open house.
    const calendar = visitor.locator('#open-houses [part="open-house"]', { hasText: ours.when }).getByRole('link', { name: t.addToCalendarLabel(ours.when) });
    const ics = await request.get((await calendar.getAttribute('href'))!);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain(`DTSTART:${ours.start.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`);

    // ---- Cancel, with the confirm step
    await row.getByRole('button', { name: t.cancelLabel(ours.when) }).click();
    const confirmCancel = element.getByRole('dialog', { name: t.confirmCancel.title });
    await expect(confirmCancel).toBeVisible();
    await expect(confirmCancel.locator('ol > li')).toHaveCount(2);
    await expect(confirmCancel).toContainText(ours.when);
    await expectNoAxeViolations(page);
    // Cancel in the confirm step changes nothing.
    await confirmCancel.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirmCancel).toBeHidden();
    await expect(row).toHaveAttribute('data-state', 'active');
    await row.getByRole('button', { name: t.cancelLabel(ours.when) }).click();
    await confirmCancel.getByRole('button', { name: t.confirmCancel.confirm }).click();
    await expect(confirmCancel).toBeHidden();
    await expect(row).toHaveAttribute('data-state', 'cancelled');
    await expect(row.locator('[part="status"]')).toHaveText(t.status.cancelled);
    expect((await eventsOf(page, 'hearth-open-house-saved')).at(-1)).toMatchObject({ change: 'cancelled', isActive: false });

    await visitor.reload();
    await expect(visitor.locator('#open-houses [part="base"]')).toHaveAttribute('data-state', 'public');
    await expect(visitor.locator('#open-houses [part="open-house"]', { hasText: ours.when })).toHaveCount(0);

    // ---- Activate again, with the confirm step
    const activate = row.getByRole('button', { name: t.activateLabel(ours.when) });
    await activate.click();
    const confirmActivate = element.getByRole('dialog', { name: t.confirmActivate.title });
    await expect(confirmActivate).toBeVisible();
    await expectNoAxeViolations(page);
    await confirmActivate.getByRole('button', { name: t.confirmActivate.confirm }).click();
    await expect(confirmActivate).toBeHidden();
    await expect(row).toHaveAttribute('data-state', 'active');
    // The keyboard user lands on the changed row, not on the page's body.
    await expect(row.getByRole('button', { name: t.editLabel(ours.when) })).toBeFocused();
    expect((await eventsOf(page, 'hearth-open-house-saved')).at(-1)).toMatchObject({ change: 'activated', isActive: true });

    await visitor.reload();
    await expect(visitor.locator('#open-houses [part="open-house"]', { hasText: ours.when })).toHaveCount(1);

    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
    expect(await cspViolations(visitor)).toEqual([]);
  });

  test('a signed-in stranger sees only the public view', async ({ openPartnerPage, page, request }, testInfo) => {
    // The seller adds one (its own day and times per project) through the API.
    const seller = await logIn(request, 'seller');
    const day = openHouseDays(new Date(), ZONE)[testInfo.project.name === 'react' ? 11 : 12]!.day;
    const start = instantAt(day, 16 * 60, ZONE).toISOString();
    const end = instantAt(day, 17 * 60, ZONE).toISOString();
    await graphql(request, seller, `mutation NewOpenHouse($start: String!, $end: String!, $listingId: ID!) {
      newOpenHouse(start: $start, end: $end, listingId: $listingId) { id } }`, { start, end, listingId: '1002' });
    const when = openHouseTimes({ startDateTime: start, endDateTime: end }, ZONE);

    const stranger = await signUp(request, 'Stella', 'Stranger');
    await startSignedIn(page, stranger);
    await openPartnerPage('/open-houses.html');
    const element = page.locator('#open-houses');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'public');
    await expect(element.getByRole('heading', { name: t.heading })).toBeVisible();
    await expect(element.getByRole('button', { name: t.addOpenHouse })).toHaveCount(0);
    await expect(element.locator('[part="open-house"]', { hasText: when })).toHaveCount(1);
    await expect(element.locator('[part="actions"]')).toHaveCount(0);
    await expect(element.locator('[part="status"]')).toHaveCount(0);
    await expect(element.locator('[part="zone"]')).toHaveText('Times in America/Denver');
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });
});
