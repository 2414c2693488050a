import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { buyerTourTexts as bt, sellerTourTexts as st, tourTexts, toursListTexts as lt } from '../../core/i18n/tours';
import { buyerTourGrid, scheduledEnd } from '../../core/tours/tour-times';
import { icalFileName } from '../../server/tours/ical';
import { cspViolations, expect } from './fixtures';
import { test } from './helpers/other-person';
import { graphql, logIn, signUp, startSignedIn, type SignedInUser } from './sessions';

const LISTING = 1001; // owned by the demo seller (server/seed/data.ts)
const RECORD_TOUR_EVENTS = `for (const type of ['hearth-tour-selected', 'hearth-tour-updated', 'hearth-tour-closed']) {
  document.addEventListener(type, (e) => window.__events && window.__events.push({ type, detail: e.detail }));
}`;

const SAVE_TOUR = `mutation SaveTour($listingId: ID!, $times: [String!]!) {
  saveTour(listingId: $listingId, scheduledDateTimes: $times) { id listingAddress tourListing { timeZone } }
}`;
const TOUR = `query RequestedTour($id: ID!) { requestedTour(id: $id) { id tourStatus start end cancellationReason viewerRole } }`;

/** A fresh buyer asks for two valid times tomorrow at the listing (10 am and 2 pm there). */
async function requestTour(request: Parameters<typeof signUp>[0], buyer: SignedInUser) {
  const info = await graphql<{ listingInfo: { timeZone: string } }>(request, null, `query ListingZone { listingInfo(listingId: ${LISTING}) { timeZone } }`);
  const zone = info.listingInfo.timeZone;
  const tomorrow = buyerTourGrid(new Date(), zone).gridDays[1]!;
  const times = [tomorrow.slots.find((s) => s.hour === 10)!.dateTime, tomorrow.slots.find((s) => s.hour === 14)!.dateTime];
  const saved = await graphql<{ saveTour: { id: string; listingAddress: string } }>(request, buyer, SAVE_TOUR, { listingId: LISTING, times });
  return { id: saved.saveTour.id, address: saved.saveTour.listingAddress, times, zone };
}

/** A fresh buyer who asked for a tour of the listing, and `page` signed in as the demo seller who owns it. */
async function buyerTourForSeller(page: Page, request: Parameters<typeof signUp>[0], firstName: string, lastName: string) {
  const buyer = await signUp(request, firstName, lastName);
  const tour = await requestTour(request, buyer);
  await startSignedIn(page, await logIn(request, 'seller'));
  return { buyer, tour };
}

const row = (page: Page, tourId: string) => page.locator(`hearth-tours [part="tour"][data-tour-id="${tourId}"]`);
const toast = (page: Page) => page.locator('hearth-toaster [part="toast"]');
const axe = async (page: Page) => (await new AxeBuilder({ page }).include('hearth-tours').analyze()).violations;
const events = (page: Page, type: string) =>
  page.evaluate((t) => (window as unknown as { __events: { type: string; detail: any }[] }).__events.filter((e) => e.type === t).map((e) => e.detail), type);
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

test.describe('<hearth-tours> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('signed out, it asks the visitor to sign in', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/tours.html');
    const prompt = page.locator('hearth-tours [part="sign-in-prompt"]');
    await expect(prompt).toContainText(lt.signInPrompt);
    await expect(prompt.getByRole('button', { name: lt.signIn })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('the seller confirms a requested time; the buyer sees it scheduled and downloads the calendar file', async ({ openPartnerPage, openPartnerPageAs, page, request }) => {
    const { buyer, tour } = await buyerTourForSeller(page, request, 'Sam', 'Scheduled');
    await page.addInitScript(RECORD_TOUR_EVENTS);
    await openPartnerPage('/tours.html');

    // The request is on the seller's list (other tests add theirs: we find ours by id).
    const mine = row(page, tour.id);
    await expect(mine.locator('[part="address"]')).toHaveText(tour.address);
    await expect(mine.locator('[part="role"]')).toHaveText(lt.roles.SELLER);
    await expect(mine.locator('[part="status"]')).toHaveText('Requested');
    await expect(mine.locator('[part="time"]')).toContainText('Requested: ');
    await expect(mine.locator('[part="time"]')).toContainText('(+1 more)');
    expect(await axe(page)).toEqual([]);

    await mine.click();
    const dialog = page.getByRole('dialog', { name: 'Requested' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: st.viewListing })).toHaveAttribute('href', /\/listing\/[^/]+\/[^/]+$/);
    await expect(dialog.locator('[part="buyer"]')).toContainText('Requested by Sam Scheduled');
    const times = dialog.locator('[part="requested-time"]');
    await expect(times).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: st.confirmSelection })).toBeDisabled();
    expect(await axe(page)).toEqual([]);

    // Select the 2 pm time, clear, select again, confirm.
    const twoPm = times.filter({ has: page.locator(`time[datetime="${tour.times[1]}"]`) }).getByRole('button', { name: /^Select / });
    await twoPm.click();
    await expect(twoPm).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: st.clearSelection }).click();
    await expect(twoPm).toHaveAttribute('aria-pressed', 'false');
    await twoPm.click();
    await dialog.getByRole('button', { name: st.confirmSelection }).click();
    await expect(toast(page)).toContainText(tourTexts.tourSaved);
    await expect(dialog).toHaveCount(0);
    await expect(mine.locator('[part="status"]')).toHaveText('Scheduled');
    await expect(mine.locator('[part="time"]')).toContainText('Scheduled: ');

    const start = tour.times[1]!;
    const end = scheduledEnd(new Date(start)).toISOString();
    expect(await events(page, 'hearth-tour-updated')).toEqual([{ id: tour.id, tourStatus: 'SCHEDULED', start, end }]);
    const held = await graphql<{ requestedTour: Record<string, unknown> }>(request, buyer, TOUR, { id: tour.id });
    expect(held.requestedTour).toMatchObject({ tourStatus: 'SCHEDULED', start, end, viewerRole: 'BUYER' });

    // The seller's editor now shows the schedule and Mark Completed, without the requested times.
    await mine.click();
    const scheduled = page.getByRole('dialog', { name: 'Scheduled' });
    await expect(scheduled.locator('[part="schedule"]')).toBeVisible();
    await expect(scheduled.getByRole('button', { name: st.markCompleted })).toBeVisible();
    await expect(scheduled.locator('[part="requested-times"]')).toHaveCount(0);
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(scheduled).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);

    // The buyer, in their own browser session.
    const buyerPage = await openPartnerPageAs(buyer, '/tours.html', RECORD_TOUR_EVENTS);
    const theirs = row(buyerPage, tour.id);
    await expect(theirs.locator('[part="role"]')).toHaveText(lt.roles.BUYER);
    await expect(theirs.locator('[part="status"]')).toHaveText('Scheduled');
    await theirs.click();
    const details = buyerPage.getByRole('dialog', { name: bt.statusHeading.SCHEDULED });
    await expect(details).toContainText(tourTexts.statusMessage.SCHEDULED);
    await expect(details).toContainText(bt.start);
    await expect(details).toContainText(bt.end);
    expect(await axe(buyerPage)).toEqual([]);

    const [download] = await Promise.all([buyerPage.waitForEvent('download'), details.getByRole('link', { name: bt.downloadEvent }).click()]);
    expect(download.suggestedFilename()).toBe(icalFileName(new Date(start), tour.zone));
    expect(download.suggestedFilename()).toMatch(/^test-\d{4}\.\d{1,2}\.\d{1,2}\.ical$/);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    expect(ics).toContain(`DTSTART:${stamp(start)}\r\n`);
    expect(ics).toContain(`DTEND:${stamp(end)}\r\n`);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(await cspViolations(buyerPage)).toEqual([]);
  });

  test('the seller cancels with a reason of exactly 50 characters; the buyer sees it cancelled with the reason', async ({ openPartnerPage, openPartnerPageAs, page, request }) => {
    const { buyer, tour } = await buyerTourForSeller(page, request, 'Cora', 'Cancelled');
    await openPartnerPage('/tours.html');

    await row(page, tour.id).click();
    const dialog = page.getByRole('dialog', { name: 'Requested' });
    await dialog.getByRole('button', { name: st.cancelTour }).click();
    const reasonBox = dialog.getByRole('textbox', { name: st.reasonLabel });
    await expect(reasonBox).toBeFocused();
    const counter = dialog.locator('[part="reason-counter"]');
    await expect(counter).toHaveText('0/200');
    const cancel = dialog.getByRole('button', { name: st.cancelTour });
    await expect(cancel).toBeDisabled();
    const reason = 'Sorry, the sellers accepted an offer this morning.';
    expect(reason).toHaveLength(50);
    await reasonBox.fill(reason.slice(0, 49));
    await expect(counter).toHaveText('49/200');
    await expect(cancel).toBeDisabled();
    expect(await axe(page)).toEqual([]);
    await reasonBox.fill(reason);
    await expect(counter).toHaveText('50/200');
    await expect(cancel).toBeEnabled();
    await cancel.click();
    await expect(toast(page)).toContainText(tourTexts.tourSaved);
    await expect(dialog).toHaveCount(0);
    await expect(row(page, tour.id).locator('[part="status"]')).toHaveText('Cancelled');
    expect(await cspViolations(page)).toEqual([]);

    // The buyer's page opens the tour straight from its id (the route-driven dialog).
    const buyerPage = await openPartnerPageAs(buyer, '/tours.html', RECORD_TOUR_EVENTS);
    await expect(row(buyerPage, tour.id).locator('[part="status"]')).toHaveText('Cancelled');
    await buyerPage.locator('hearth-tours').evaluate((element, id) => element.setAttribute('tour-id', id), tour.id);
    const details = buyerPage.getByRole('dialog', { name: bt.statusHeading.CANCELLED });
    await expect(details.locator('[part="cancellation-reason"]')).toHaveText(reason);
    expect(await axe(buyerPage)).toEqual([]);
    await details.getByRole('button', { name: bt.close }).first().click();
    await expect(details).toHaveCount(0);
    await expect(buyerPage.locator('hearth-tours')).not.toHaveAttribute('tour-id');
    expect(await events(buyerPage, 'hearth-tour-closed')).toEqual([{ tourId: tour.id }]);
    expect(await cspViolations(buyerPage)).toEqual([]);
  });
});
