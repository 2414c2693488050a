/** The buyer's offer questionnaire (questionnaire/definitions/buyer-offer.json) answered as a person would. */
import type { Locator } from '@playwright/test';
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
  // The offer price starts at the list price; the closing date's years are this one and the next two.
  const price = form.getByRole('textbox', { name: 'Offer price' });
  await expect(price).not.toHaveValue('');
  const listed = /The list price is \$([\d,]+)\./.exec((await form.locator('[data-key="offer-amount"]').textContent()) ?? '')?.[1];
  expect(Number((await price.inputValue()).replace(/[^\d.]/g, ''))).toBe(Number(listed?.replace(/,/g, '')));
  const thisYear = new Date().getFullYear();
  const years = await form.locator('[data-key="closing"]').getByRole('combobox', { name: w.year }).locator('option:not([value=""])').allTextContents();
  expect(years.map(Number).sort()).toEqual([thisYear, thisYear + 1, thisYear + 2]);
  await price.fill('450000');
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
  // 'How will you hold title?' shows its choices on focus and filters them as typed.
  const title = form.getByRole('combobox', { name: 'How will you hold title?' });
  await title.focus();
  await expect(form.getByRole('option')).toHaveCount(6);
  await title.pressSequentially('joint');
  await expect(form.getByRole('option')).toHaveText(['Joint tenancy']);
  await title.press('Enter');
  await expect(title).toHaveValue('Joint tenancy');
  await form.locator('[data-key="co-buyer"]').getByRole('radio', { name: w.no }).check();
  await expect(form.locator('[part="form-error"]')).toHaveCount(0);
  await next();

  await expect(form.locator('[part="tip-box"]')).toContainText('Offer of $450,000 with $10,000 earnest money.');
  // The last screen has one action: the acknowledgment is the submit itself (issue 35), no second Submit.
  await expect(form.locator('[part="submit"]')).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit my offer' }).click();
}
