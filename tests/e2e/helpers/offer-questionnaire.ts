/** The buyer's offer questionnaire (questionnaire/definitions/buyer-offer.json) answered as a person would. */
import type { Locator } from '@playwright/test';
import { questionnaireTexts as q } from '../../../core/i18n/questionnaire';
import { widgetTexts as w } from '../../../questionnaire/widgets/texts';
import { expect } from '../fixtures';

/** A month/day/year date widget. */
async function fillDate(widget: Locator, month: string, day: string, year: number) {
  await widget.getByRole('combobox', { name: w.month }).fill(month);
  await widget.getByRole('textbox', { name: w.day }).fill(day);
  await widget.getByRole('combobox', { name: w.year }).selectOption(String(year));
}

/** Answers every screen of questionnaire/definitions/buyer-offer.json and submits. */
export async function fillOfferQuestionnaire(form: Locator, year: number) {
  const next = () => form.locator('[part="submit"]').click();

  await expect(form.getByRole('heading', { name: /^Your offer on 455 E 300 S/ })).toBeVisible();
  await form.getByRole('textbox', { name: 'Offer price' }).fill('450000');
  await form.getByRole('textbox', { name: 'Earnest money deposit' }).fill('10000');
  await fillDate(form.locator('[data-key="closing"]'), 'Jun', '15', year);
  await fillDate(form.locator('[data-key="expires"]'), 'Jan', '20', year);
  await expect(form.locator('[part="form-error"]')).toHaveCount(0);
  await next();

  await expect(form.locator('[part="progress"] li[aria-current="step"]')).toContainText('Financing');
  await form.locator('[data-key="financing"]').getByRole('radio', { name: 'Conventional loan' }).check();
  await form.getByRole('textbox', { name: 'Down payment' }).fill('90000');
  await form.locator('[data-key="prequalified"]').getByRole('radio', { name: w.yes }).check();
  await form.locator('[data-key="sale-contingent"]').getByRole('radio', { name: w.no }).check();
  await expect(form.locator('[part="form-error"]')).toHaveCount(0);
  await next();

  await expect(form.locator('[part="progress"] li[aria-current="step"]')).toContainText('Contingencies');
  const contingencies = form.locator('[data-key="contingencies"]');
  await contingencies.getByRole('checkbox', { name: 'Inspection' }).check();
  await contingencies.getByRole('checkbox', { name: 'Appraisal' }).check();
  await form.getByRole('textbox', { name: 'Inspection period (days)' }).fill('10');
  await form.locator('[data-key="escalation"]').getByRole('radio', { name: w.no }).check();
  await expect(form.locator('[part="form-error"]')).toHaveCount(0);
  await next();

  await expect(form.locator('[part="progress"] li[aria-current="step"]')).toContainText('About you');
  const name = form.locator('[data-key="name"]');
  await name.getByRole('textbox', { name: w.firstName }).fill('Olive');
  await name.getByRole('textbox', { name: w.lastName }).fill('Offerer');
  await form.locator('[data-key="co-buyer"]').getByRole('radio', { name: w.no }).check();
  await expect(form.locator('[part="form-error"]')).toHaveCount(0);
  await next();

  await expect(form.locator('[part="tip-box"]')).toContainText('Offer of $450,000 with $10,000 earnest money.');
  await form.getByRole('button', { name: 'Submit my offer' }).click();
  await expect(form.locator('[part="submit"]')).toHaveText(q.submit);
  await next();
}
