/**
 * A listing page an agent builds from three elements: <hearth-listing-detail>'s 'Request a Tour' and
 * 'Make an Offer' buttons hand over to the <hearth-request-tour> and <hearth-make-offer> of the same home.
 */
import AxeBuilder from '@axe-core/playwright';
import { listingDetailTexts as ld } from '../../core/i18n/listing-detail';
import { offerTexts } from '../../core/i18n/offers';
import { requestTourTexts } from '../../core/i18n/tours';
import { cspViolations, expect, test } from './fixtures';
import { signUp, startSignedIn } from './sessions';

test('the listing detail buttons open the tour and offer dialogs of the elements beside it', async ({ openPartnerPage, page, request }) => {
  await startSignedIn(page, await signUp(request, 'Lena', 'Looker'));
  await openPartnerPage('/listing-actions.html');
  const detail = page.locator('#detail');

  await detail.getByRole('group', { name: ld.actions.label }).getByRole('button', { name: ld.actions.requestTour }).click();
  const tourDialog = page.locator('#tour').getByRole('dialog', { name: requestTourTexts.dialogTitle });
  await expect(tourDialog).toBeVisible();
  await expect(tourDialog.getByText(requestTourTexts.stepTourTime).first()).toBeVisible();
  expect((await new AxeBuilder({ page }).include('#tour').analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(tourDialog).toHaveCount(0);

  await detail.getByRole('group', { name: ld.actions.label }).getByRole('button', { name: ld.actions.makeOffer }).click();
  const offerDialog = page.locator('#offer').getByRole('dialog', { name: offerTexts.dialog.title });
  await expect(offerDialog).toBeVisible();
  await offerDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(offerDialog).toHaveCount(0);
  expect(await cspViolations(page)).toEqual([]);
});
