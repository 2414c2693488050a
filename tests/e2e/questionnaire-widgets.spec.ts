import type { Locator, Page } from '@playwright/test';
import { questionnaireTexts as q } from '../../core/i18n/questionnaire';
import { widgetTexts as w } from '../../questionnaire/widgets/texts';
import { workforceTableRules } from '../../questionnaire/widgets/workforce-table/workforce-table.rules';
import { specOf } from '../../questionnaire/widgets/test-spec';
import { axeViolations, cspViolations, expect, test } from './fixtures';
import { answersTo, openKitchenSinkAt, SINGLE, WHOLE_FORM } from './kitchen-sink';

const wholeForm = WHOLE_FORM;
const single = SINGLE;
const HEADING = 'Land, offices and people at work';

/** The kitchen sink's screen of these widgets (its branch answered Yes on the people screen). */
const openSpecialised = (page: Page, mode: 'form' | 'single') => openKitchenSinkAt(page, mode, 'specialised', answersTo({ yes: 'specialised_widgets', no: 'no_specialised_widgets' }));

/** Every enabled cell's accessible name, from the same rules the widget draws. */
const WORKFORCE_CELLS = (() => {
  const spec = specOf('<hu-workforce-table prefix="wf_">');
  const names = new Map<string, string>();
  for (const category of ['Unskilled', 'Semi-Skilled', 'Skilled', 'Supervisory', 'Professional', 'Senior Management']) {
    for (const gender of ['Male', 'Female']) {
      for (const type of ['Foreign', 'Local']) {
        for (const location of ['Afungi', 'Palma', 'Mocimboa', 'Rest of Cabo Delgado', 'Rest of Mozambique']) {
          names.set(w.workforce.cell(category, gender, type, location), `${category}|${type}`);
        }
      }
    }
  }
  const enabled = [...names].filter(([, key]) => !['Unskilled|Foreign', 'Semi-Skilled|Foreign'].includes(key)).map(([name]) => name);
  expect(enabled).toHaveLength(workforceTableRules.variables(spec).length);
  return enabled;
})();

async function fillWorkforce(widget: Locator) {
  for (const [i, name] of WORKFORCE_CELLS.entries()) await widget.getByRole('textbox', { name, exact: true }).fill(String(i % 4));
}

async function fillOffice(widget: Locator) {
  await widget.getByRole('textbox', { name: /^Office name/ }).fill('Maputo office');
  await widget.getByRole('combobox', { name: /^Location type/ }).selectOption('Branch');
  await widget.getByRole('searchbox', { name: w.office.search }).fill('Salt Lake');
  await widget.getByRole('button', { name: 'Salt Lake City, UT, USA' }).click();
  await expect(widget.getByRole('textbox', { name: /^City/ })).toHaveValue('Salt Lake City');
  await expect(widget.getByRole('textbox', { name: /^State/ })).toHaveValue('UT');
  await expect(widget.getByRole('textbox', { name: /^Country/ })).toHaveValue('USA');
  await widget.getByRole('textbox', { name: /^Street$|^Street \*/ }).fill('State St');
  await widget.getByRole('textbox', { name: /^Street number/ }).fill('50');
}

test.describe('<hearth-questionnaire> specialised widgets on a partner page (other origin, strict CSP)', () => {
  test('whole form: land conversions, workforce cells, floor grid, assessment sections, office search, then submit', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openSpecialised(page, 'form');
    await expect(form.getByRole('heading', { name: HEADING })).toBeVisible();

    // Land area: editing one unit converts it into the others (§9 factors, 2 decimals).
    const land = form.locator('[data-key="land"]');
    await land.getByRole('textbox', { name: 'Ropani' }).fill('1');
    await expect(land.getByRole('textbox', { name: 'Aana' })).toHaveValue('16');
    await expect(land.getByRole('textbox', { name: 'Square feet' })).toHaveValue('5476');
    await expect(land.getByRole('textbox', { name: 'Square metres' })).toHaveValue('508.72');
    await expect(land.getByRole('textbox', { name: 'Acre' })).toHaveValue('0.13');
    // Its tooltip shows the unit's conversion 800 ms after focus.
    const tooltip = land.getByRole('tooltip');
    await land.getByRole('textbox', { name: 'Ropani' }).blur();
    await expect(tooltip).toHaveCount(0);
    await land.getByRole('textbox', { name: 'Ropani' }).focus();
    await expect(tooltip).toHaveText('1 Ropani = 5476 sq ft = 508.72 m²');
    await page.screenshot({ path: '/tmp/questionnaire-widgets-tooltip.png' });
    await land.getByRole('textbox', { name: 'Ropani' }).press('Escape');
    await expect(tooltip).toHaveCount(0);
    await land.getByRole('textbox', { name: 'Bigha' }).fill('1');
    await expect(land.getByRole('textbox', { name: 'Katha' })).toHaveValue('20');
    await expect(land.getByRole('textbox', { name: 'Ropani' })).toHaveValue('13.31');

    // Floor grid: Basement, then 1st, 2nd, 3rd Floor.
    const floors = form.locator('[data-key="floors"]');
    await expect(floors.getByRole('columnheader')).toHaveText(['Room', 'Basement', '1st Floor', '2nd Floor', '3rd Floor']);
    await floors.getByRole('textbox', { name: 'Bedrooms, 2nd Floor' }).fill('3');
    await floors.getByRole('textbox', { name: 'Bathrooms, Basement' }).fill('1');

    // Assessment result: three sections open, Additional Information closed; 'Eligible' is on-track.
    const result = form.locator('[data-key="assessment"]');
    await expect(result.locator('details[open] > summary')).toHaveText(['Candidate', 'Attention', 'Work Ready']);
    await expect(result.locator('details:not([open]) > summary')).toHaveText(['Additional Information']);
    await expect(result.locator('.widget-status')).toHaveAttribute('data-state', 'on-track');
    await expect(result.locator('[data-field="candidateName"] dd')).toHaveText('Ada Lovelace');
    await result.getByText('Additional Information').click();
    await expect(result.getByRole('link', { name: 'https://www.mitss.gov.mz/' })).toBeVisible();
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/questionnaire-widgets-assessment.png' });

    // Workforce: the disabled Foreign cells show a dash; invalid cells say why; the form is not valid.
    const workforce = form.locator('[data-key="workforce"]');
    const dash = workforce.getByRole('textbox', { name: `Unskilled, Male, Foreign, Afungi: ${w.workforce.disabled}` });
    await expect(dash).toBeDisabled();
    await expect(dash).toHaveValue('-');
    await expect(workforce.getByRole('textbox', { name: /Semi-Skilled, Female, Foreign/ })).toHaveCount(5);
    await expect(workforce.locator('[data-state="disabled"] input:disabled')).toHaveCount(20);
    await form.locator('[part="submit"]').click();
    // A refused Submit names what needs attention (or says some answers do).
    await expect(form.locator('[part="form-error"]')).toHaveText(/your attention\.$|^Some answers need attention\.$/);
    await expect(workforce.locator('[part="widget-error"]')).toHaveText('Form is not valid');
    // Once the form shows its errors: a land value must start with a digit or a point.
    await land.getByRole('textbox', { name: 'Dhur' }).fill('-4');
    await expect(land.locator('[part="widget-error"]')).toHaveText(w.errors.landValue);
    await land.getByRole('textbox', { name: 'Dhur' }).fill('.5');
    await expect(land.getByRole('textbox', { name: 'Square feet' })).toHaveValue('91.13');
    await expect(land.locator('[part="widget-error"]')).toHaveCount(0);
    const cell = (name: string) => workforce.getByRole('textbox', { name, exact: true });
    await expect(cell('Skilled, Male, Local, Palma')).toHaveAccessibleDescription('Input must be a value');
    await cell('Skilled, Male, Local, Palma').fill('-1');
    await expect(cell('Skilled, Male, Local, Palma')).toHaveAccessibleDescription('Input must be positive');
    await cell('Skilled, Male, Local, Palma').fill('many');
    await expect(cell('Skilled, Male, Local, Palma')).toHaveAccessibleDescription('Input must be a number');

    await fillOffice(form.locator('[data-key="office"]'));
    await fillWorkforce(workforce);
    await expect(cell('Skilled, Male, Local, Palma')).not.toHaveAttribute('aria-describedby');
    await expect(workforce.locator('[part="widget-error"]')).toHaveCount(0);
    await expect(form.locator('[part="form-error"]')).toHaveCount(0);
    expect(await axeViolations(page, wholeForm)).toEqual([]);
    await form.locator('[data-key="land"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/questionnaire-widgets.png' });
    await workforce.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/questionnaire-widgets-workforce.png' });

    await form.locator('[part="submit"]').click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    await expect(form.locator('[part="summary"]')).toContainText('Maputo office (Branch)');
    expect(await cspViolations(page)).toEqual([]);
  });

  test('single-question mode: one specialised widget at a time, Next only once each is answered', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openSpecialised(page, 'single');
    const step = form.locator('[part="step"]');
    const next = form.locator('[part="next"]');
    await expect(step).toHaveText(q.stepOf(1, 5));
    await expect(form.locator('[part="widget"]')).toHaveCount(1);

    await expect(next).toBeDisabled();
    await form.getByRole('textbox', { name: 'Katha' }).fill('2');
    await expect(form.getByRole('textbox', { name: 'Dhur' })).toHaveValue('40');
    // Ropani is required: filled by the conversion.
    await expect(next).toBeEnabled();
    await next.click();

    await expect(step).toHaveText(q.stepOf(2, 5));
    await expect(next).toBeDisabled();
    await form.getByRole('textbox', { name: 'Bedrooms, 1st Floor' }).fill('2');
    await expect(next).toBeEnabled();
    await next.click();

    await expect(step).toHaveText(q.stepOf(3, 5));
    await expect(next).toBeDisabled();
    await fillOffice(form.locator('[data-key="office"]'));
    await expect(next).toBeEnabled();
    await next.click();

    await expect(step).toHaveText(q.stepOf(4, 5));
    const workforce = form.locator('[data-key="workforce"]');
    await workforce.getByRole('textbox', { name: 'Skilled, Male, Local, Palma', exact: true }).fill('3');
    await expect(next).toBeDisabled();
    await fillWorkforce(workforce);
    await expect(next).toBeEnabled();
    expect(await axeViolations(page, single)).toEqual([]);
    await next.click();

    await expect(step).toHaveText(q.stepOf(5, 5));
    await expect(form.locator('[data-key="assessment"] .widget-status')).toHaveText('Eligible');
    // 'Check and send' follows: Next, not Submit (Submit only on an end screen).
    await expect(next).toBeEnabled();
    await next.click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });
});
