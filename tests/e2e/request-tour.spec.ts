import AxeBuilder from '@axe-core/playwright';
import { authTexts } from '../../core/i18n/auth';
import { buyerTourTexts as bt, requestTourTexts as t, tourTexts } from '../../core/i18n/tours';
import { addDaysToKey, dayKeyOf, dayLabel, instantAt } from '../../core/tours/tour-times';
import { cspViolations, eventsOf, expect, test } from './fixtures';
import { graphql, signUp, startSignedIn } from './sessions';

const ZONE = 'America/Denver'; // the demo listings' zone (spec §5: MST)
const RECORD_TOUR_EVENTS = `document.addEventListener('hearth-tour-requested', (e) => window.__events && window.__events.push({ type: 'hearth-tour-requested', detail: e.detail }));`;

/** 14:30 at the listing today: 9 am–2 pm of day 1 are past in the browser (the server keeps its real clock). */
function listingAfternoon() {
  const today = dayKeyOf(new Date(), ZONE);
  return { today, at: instantAt(today, 14 * 60 + 30, ZONE) };
}

test.describe('<hearth-request-tour> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('a fresh buyer requests a tour: grid slot + dropdown day, past slots disabled, toast, event, details; the server holds it', async ({
    openPartnerPage,
    page,
    request,
  }) => {
    const buyer = await signUp(request, 'Tara', 'Tourer');
    await startSignedIn(page, buyer);
    await page.addInitScript(RECORD_TOUR_EVENTS);
    const { today, at } = listingAfternoon();
    await page.clock.setFixedTime(at);
    await openPartnerPage('/request-tour.html');

    const element = page.locator('#tour');
    await element.getByRole('button', { name: t.button }).click();
    const dialog = element.getByRole('dialog', { name: t.dialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[part="steps"] [aria-current="step"]')).toContainText(t.stepTourTime);
    const continueButton = dialog.getByRole('button', { name: t.continue });
    await expect(continueButton).toBeDisabled();

    // Day 1 at 14:30: 9 am … 2 pm are past, 3 pm is open.
    const day1 = dayLabel(today);
    for (const time of ['9:00 AM', '11:00 AM', '2:00 PM']) {
      await expect(dialog.getByRole('button', { name: t.slotLabel(day1, time) })).toBeDisabled();
    }
    await expect(dialog.getByRole('button', { name: t.slotLabel(day1, '3:00 PM') })).toBeEnabled();

    // A grid slot on day 2 and a slot on day 5 from the dropdown (both future for the server too).
    const day2 = addDaysToKey(today, 1);
    const gridSlot = dialog.getByRole('button', { name: t.slotLabel(dayLabel(day2), '10:00 AM') });
    await gridSlot.click();
    await expect(gridSlot).toHaveAttribute('aria-pressed', 'true');
    await expect(continueButton).toBeEnabled();
    const day5 = addDaysToKey(today, 4);
    await dialog.getByLabel(t.anotherDay).selectOption(day5);
    const dropdownSlot = dialog.getByRole('button', { name: t.slotLabel(dayLabel(day5), '2:00 PM') });
    await dropdownSlot.click();
    await expect(dropdownSlot).toHaveAttribute('aria-pressed', 'true');

    let axe = await new AxeBuilder({ page }).include('#tour').analyze();
    expect(axe.violations).toEqual([]);

    await continueButton.click();
    await expect(dialog.getByRole('heading', { name: t.stepMoreInfo })).toBeFocused();
    await dialog.getByRole('group', { name: t.qualified }).getByLabel(t.yes).check();
    await dialog.getByLabel(t.labels.qualifiedLenderName).fill('Wasatch Bank');
    await dialog.getByLabel(t.labels.qualifiedAmount).fill('450000');
    await expect(dialog.getByLabel(t.labels.qualifiedAmount)).toHaveValue('450,000');
    await dialog.getByRole('button', { name: t.back }).click();
    await expect(gridSlot).toHaveAttribute('aria-pressed', 'true');
    await continueButton.click();
    await expect(dialog.getByLabel(t.labels.qualifiedAmount)).toHaveValue('450,000');

    axe = await new AxeBuilder({ page }).include('#tour').analyze();
    expect(axe.violations).toEqual([]);

    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(dialog).toHaveCount(0);

    const toast = page.locator('hearth-toaster [part="toast"]', { hasText: tourTexts.tourRequested });
    await expect(toast).toBeVisible();
    const events = await eventsOf(page, 'hearth-tour-requested');
    expect(events).toHaveLength(1);
    const expectedTimes = [instantAt(day2, 10 * 60, ZONE).toISOString(), instantAt(day5, 14 * 60, ZONE).toISOString()];
    expect(events[0]).toEqual({ tourId: expect.any(String), listingId: 1001, scheduledDateTimes: expectedTimes });
    const tourId = events[0].tourId as string;

    await toast.getByRole('button', { name: tourTexts.viewRequestedTour }).click();
    const details = element.getByRole('dialog', { name: bt.statusHeading.REQUESTED });
    await expect(details).toBeVisible();
    await expect(details).toContainText(tourTexts.statusMessage.REQUESTED);
    await expect(details.locator('[part="requested-times"]')).toBeHidden();
    await details.getByRole('button', { name: bt.showLabel }).click();
    await expect(details.locator('[part="requested-times"] li')).toHaveCount(2);
    await expect(details.getByRole('link', { name: bt.viewLabel })).toHaveAttribute('href', /\/listing\/455-e-300-s-salt-lake-city-ut-84111\/HRT1001$/);
    axe = await new AxeBuilder({ page }).include('#tour').analyze();
    expect(axe.violations).toEqual([]);
    await details.getByRole('button', { name: bt.close, exact: true }).last().click();
    await expect(details).toHaveCount(0);
    // The element now knows the open tour.
    await expect(element.getByRole('button', { name: tourTexts.viewRequestedTour })).toBeVisible();

    const held = await graphql(request, buyer, `query RequestedTour($id: ID!) { requestedTour(id: $id) { tourStatus requestedSchedule { scheduledDateTime } agentAndQualification { qualified qualifiedLenderName qualifiedAmount } } }`, {
      id: tourId,
    });
    expect(held.requestedTour).toEqual({
      tourStatus: 'REQUESTED',
      requestedSchedule: expectedTimes.map((scheduledDateTime) => ({ scheduledDateTime })),
      agentAndQualification: { qualified: true, qualifiedLenderName: 'Wasatch Bank', qualifiedAmount: '450,000' },
    });
    // A stranger cannot read it.
    const stranger = await signUp(request, 'Stan', 'Stranger');
    await expect(graphql(request, stranger, `query RequestedTour($id: ID!) { requestedTour(id: $id) { id } }`, { id: tourId })).rejects.toThrow(/not found/i);

    expect(await cspViolations(page)).toEqual([]);
  });

  test('logged out: the sign-in dialog comes first', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/request-tour.html');
    const button = page.locator('#tour').getByRole('button', { name: t.button });
    await button.click();
    const signIn = page.getByRole('dialog', { name: authTexts.dialogTitle });
    await expect(signIn).toBeVisible();
    await expect(page.locator('#tour').getByRole('dialog', { name: t.dialogTitle })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(signIn).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(page.locator('#tour').getByRole('dialog', { name: t.dialogTitle })).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('a home that takes no tour requests shows a note instead of the button', async ({ openPartnerPage, request }) => {
    // The demo listing 1003 takes no tour requests (server/seed/data.ts).
    const found = await graphql<{ listingInfo: { id: string; enableRequestTour: boolean } }>(
      request,
      null,
      `query NoToursListing { listingInfo(listingId: 1003) { id enableRequestTour } }`,
    );
    expect(found.listingInfo.enableRequestTour).toBe(false);
    const noTours = found.listingInfo;
    const page = await openPartnerPage('/request-tour.html');
    const other = page.locator('#other-tour');
    await other.evaluate((el, id) => el.setAttribute('listing-id', id), noTours!.id);
    await expect(other.locator('[part="note"]')).toHaveText(t.unavailable);
    await expect(other.getByRole('button', { name: t.button })).toHaveCount(0);
    const axe = await new AxeBuilder({ page }).include('hearth-request-tour').analyze();
    expect(axe.violations).toEqual([]);
  });
});
