import type { Locator, Page } from '@playwright/test';
import { questionnaireTexts as q } from '../../core/i18n/questionnaire';
import { uiTexts } from '../../core/i18n/ui';
import { widgetTexts as w } from '../../questionnaire/widgets/texts';
import { axeViolations, cspViolations, expect, test } from './fixtures';
import { answersTo, openKitchenSinkAt, SINGLE, WHOLE_FORM } from './kitchen-sink';

const t = w.entriesGrid;
const wholeForm = WHOLE_FORM;
const single = SINGLE;
const YEAR = new Date().getFullYear();

/** The kitchen sink's screen of these widgets (its branch answered Yes on the people screen). */
const openHistories = (page: Page, mode: 'form' | 'single') => openKitchenSinkAt(page, mode, 'histories', answersTo({ yes: 'history_grids', no: 'no_history_grids' }));

async function fillDate(dialog: Locator, key: string, month: number, day: number, year: number) {
  const field = dialog.locator(`[data-key="${key}"]`);
  // The month input offers the month abbreviations (a combobox).
  await field.getByRole('combobox', { name: w.month }).fill(String(month));
  await field.getByRole('textbox', { name: w.day }).fill(String(day));
  await field.getByRole('combobox', { name: w.year }).selectOption(String(year));
}

interface Place {
  street: string;
  from: [number, number, number];
  to?: [number, number, number];
}

async function fillPlace(dialog: Locator, place: Place) {
  await dialog.getByRole('textbox', { name: /^Street/ }).fill(place.street);
  await dialog.getByRole('textbox', { name: /^City/ }).fill('Provo');
  await dialog.getByRole('combobox', { name: /^Country/ }).fill('United States');
  await fillDate(dialog, 'addr-from', ...place.from);
  if (place.to) await fillDate(dialog, 'addr-to', ...place.to);
}

async function addPlace(grid: Locator, place: Place) {
  await grid.getByRole('button', { name: t.addButton }).click();
  const dialog = grid.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: t.add })).toBeDisabled();
  await expect(dialog.getByText(t.incomplete)).toBeVisible();
  await fillPlace(dialog, place);
  await expect(dialog.getByRole('button', { name: t.add })).toBeEnabled();
  await dialog.getByRole('button', { name: t.add }).click();
  await expect(dialog).toHaveCount(0);
}

async function editPlace(grid: Locator, row: number, to: [number, number, number]) {
  await grid.getByRole('button', { name: t.edit(row) }).click();
  const dialog = grid.getByRole('dialog');
  await fillDate(dialog, 'addr-to', ...to);
  await dialog.getByRole('button', { name: t.update }).click();
  await expect(dialog).toHaveCount(0);
}

const messages = (grid: Locator) => grid.locator('[part="widget-error"] li');

test.describe('<hearth-questionnaire> repeating-entries grid on a partner page (other origin, strict CSP)', () => {
  test('address history: overlapping and gapped histories show the exact messages; a valid five-year history submits', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openHistories(page, 'form');
    await expect(form.getByRole('heading', { name: 'Address and employment history' })).toBeVisible();
    const grid = form.locator('[data-key="address-history"]');
    await expect(grid.getByText(t.empty)).toBeVisible();

    // Nothing added: required means at least one entry.
    await form.locator('[part="submit"]').click();
    await expect(messages(grid)).toHaveText([w.errors.required]);

    await addPlace(grid, { street: '1 Current St', from: [1, 1, YEAR - 2] });
    await expect(messages(grid)).toHaveText(['Must include all dates from the last 5 years.']);
    // Overlapping: the older address ends after the current one began.
    await addPlace(grid, { street: '2 Older Ave', from: [1, 1, YEAR - 8], to: [6, 1, YEAR - 2] });
    await expect(messages(grid)).toHaveText(['Entry dates must not overlap.']);
    // Newest first (sort-by -from), the country by its full name, the open end as today.
    await expect(grid.locator('tbody tr').first()).toContainText('1 Current St');
    await expect(grid.locator('tbody tr').first()).toContainText('United States');
    await expect(grid.locator('tbody tr').nth(1)).toContainText('2 Older Ave');
    await form.locator('[part="submit"]').click();
    await expect(form.getByRole('heading', { name: 'Address and employment history' })).toBeVisible();

    // Gapped: five months between the two.
    await editPlace(grid, 2, [8, 1, YEAR - 3]);
    await expect(messages(grid)).toHaveText(['Gaps between entries must be less than one month.']);
    expect(await axeViolations(page, wholeForm)).toEqual([]);
    await grid.locator('[data-row="2"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/grid.png', fullPage: false });

    // Valid: the older address ends the day the current one begins.
    await editPlace(grid, 2, [1, 1, YEAR - 2]);
    await expect(messages(grid)).toHaveCount(0);

    // The employment grid only checks order.
    const jobs = form.locator('[data-key="employment-history"]');
    await jobs.getByRole('button', { name: t.addButton }).click();
    const dialog = jobs.getByRole('dialog');
    await dialog.getByRole('textbox').first().fill('Acme');
    await dialog.getByRole('textbox').nth(1).fill('Clerk');
    await fillDate(dialog, 'emp-start', 1, 1, YEAR - 20);
    await fillDate(dialog, 'emp-end', 1, 1, YEAR - 19);
    await dialog.getByRole('button', { name: t.add }).click();
    await expect(messages(jobs)).toHaveCount(0);

    await form.locator('[part="submit"]').click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    await expect(form.locator('[part="summary"]')).toContainText('1 Current St');
    expect(await cspViolations(page)).toEqual([]);
  });

  test('keyboard through the modal: open, Escape returns focus, fill, tab to Add Entry; axe clean with the dialog open', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openHistories(page, 'form');
    const grid = form.locator('[data-key="address-history"]');
    const add = grid.getByRole('button', { name: t.addButton });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = grid.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: /^Street/ })).toBeVisible();
    expect(await axeViolations(page, wholeForm)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: /^Street/ })).toBeVisible();
    // The dialog's close button has the focus first, then the entry form follows in order.
    await expect(dialog.getByRole('button', { name: uiTexts.close })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: /^Street/ })).toBeFocused();
    await page.keyboard.type('9 Keyboard Way');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Provo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Canada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    // Enter in a field never submits the questionnaire around the dialog.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.locator('[data-key="addr-from"]').getByRole('combobox', { name: w.year }).selectOption(String(YEAR - 6));
    await dialog.locator('[data-key="addr-to"]').getByRole('combobox', { name: w.year }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t.cancel })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t.add })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(grid.locator('tbody tr')).toHaveCount(1);
    await expect(grid.locator('tbody tr').first()).toContainText('Canada');
    await expect(messages(grid)).toHaveCount(0);
    await grid.getByRole('button', { name: t.delete(1) }).press('Enter');
    await expect(grid.getByText(t.empty)).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });

  test('single-question mode through the grids: Next only once the address history is valid', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openHistories(page, 'single');
    await expect(form.locator('[part="step"]')).toHaveText(q.stepOf(1, 3));
    const grid = form.locator('[data-key="address-history"]');
    await expect(form.locator('[part="next"]')).toBeDisabled();
    await addPlace(grid, { street: '1 Current St', from: [1, 1, YEAR - 6] });
    await expect(messages(grid)).toHaveCount(0);
    await expect(form.locator('[part="next"]')).toBeEnabled();
    await form.locator('[part="next"]').click();
    await expect(form.locator('[part="step"]')).toHaveText(q.stepOf(2, 3));
    const jobs = form.locator('[data-key="employment-history"]');
    await expect(form.locator('[part="next"]')).toBeDisabled();
    await jobs.getByRole('button', { name: t.addButton }).click();
    const dialog = jobs.getByRole('dialog');
    await dialog.getByRole('textbox').first().fill('Acme');
    await dialog.getByRole('textbox').nth(1).fill('Clerk');
    await fillDate(dialog, 'emp-start', 1, 1, YEAR - 3);
    await dialog.getByRole('button', { name: t.add }).click();
    await expect(form.locator('[part="next"]')).toBeEnabled();
    expect(await axeViolations(page, single)).toEqual([]);
    await form.locator('[part="next"]').click();
    // The overview: a guest has no seller case, so no autogenerated text; the field is filled by hand.
    await expect(form.locator('[part="step"]')).toHaveText(q.stepOf(3, 3));
    await expect(form.getByRole('status').filter({ hasText: w.overview.unavailable })).toBeVisible();
    await form.getByRole('textbox', { name: 'Listing description' }).fill('A bright home near the canyon.');
    // Not the end yet ('Check and send' follows): the button is Next; Submit is only on an end screen.
    await expect(form.locator('[part="submit"]')).toHaveCount(0);
    await expect(form.locator('[part="next"]')).toBeEnabled();
    await form.locator('[part="next"]').click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });
});
