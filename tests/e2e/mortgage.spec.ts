import type { Locator, Page } from '@playwright/test';
import { authTexts } from '../../core/i18n/auth';
import { mortgageCalculatorTexts as c, mortgagePrequalTexts as t } from '../../core/i18n/mortgage';
import { questionnaireTexts as q } from '../../core/i18n/questionnaire';
import { apiUrl, axeViolations, cspViolations, eventsOf, expect, HOSTED, test } from './fixtures';
import { answerEveryQuestion } from './helpers/prequal-questionnaire';
import { graphql, signUp, startSignedIn } from './sessions';

const calculator = '#calculator hearth-mortgage-calculator';
const prequal = '#prequal hearth-mortgage-prequal';

/** Records our elements' own events (the fixture records the shared ones). */
async function recordMortgageEvents(page: Page) {
  await page.addInitScript(
    `window.__mortgage = [];
     for (const type of ['hearth-mortgage-calculated', 'hearth-mortgage-submitted', 'hearth-questionnaire-completed']) {
       document.addEventListener(type, (e) => window.__mortgage.push({ type, detail: e.detail }));
     }`,
  );
}

const mortgageEvents = (page: Page, type: string) =>
  page.evaluate((t) => (window as unknown as { __mortgage: { type: string; detail: any }[] }).__mortgage.filter((e) => e.type === t).map((e) => e.detail), type);

const part = (root: Locator, name: string) => root.locator(`[data-part="${name}"] dd`);

test.describe('<hearth-mortgage-calculator> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('computes the known payment from its attributes, follows keyboard edits, and has an accessible chart and table', async ({ page, openPartnerPage }) => {
    await recordMortgageEvents(page);
    await openPartnerPage('/mortgage.html');
    const calc = page.locator(calculator);

    // 375,000 with 75,000 down at 6 % for 30 years: 300,000 borrowed → 1,798.65 a month.
    await expect(part(calc, 'principalAndInterest')).toHaveAttribute('data-pennies', '179865');
    await expect(part(calc, 'principalAndInterest')).toHaveText('$1,799');
    await expect(part(calc, 'taxes')).toHaveText('$300');
    await expect(part(calc, 'insurance')).toHaveText('$125');
    await expect(part(calc, 'hoa')).toHaveText('$250');
    await expect(calc.locator('[part="total"]')).toHaveText('$2,474');
    const [first] = await mortgageEvents(page, 'hearth-mortgage-calculated');
    expect(first).toMatchObject({ currency: 'USD', loanAmount: 30_000_000, termYears: 30, monthly: { principalAndInterest: 179_865, total: 247_365 } });
    await expect(calc.getByRole('img', { name: c.chartTitle })).toBeVisible();
    await expect(calc.locator('tbody tr[data-year]')).toHaveCount(30);
    expect(await axeViolations(page, calculator)).toEqual([]);

    // Keyboard only: focus the price field from the page, retype it, tab on to the rate.
    await page.locator('#calculator-title').evaluate((heading) => {
      heading.setAttribute('tabindex', '-1');
      (heading as HTMLElement).focus();
    });
    await page.keyboard.press('Tab');
    const price = calc.getByRole('textbox', { name: c.labels.price });
    await expect(price).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('400000');
    // 325,000 borrowed at 6 %: 1,948.54.
    await expect(part(calc, 'principalAndInterest')).toHaveAttribute('data-pennies', '194854');
    await expect(part(calc, 'principalAndInterest')).toHaveText('$1,949');

    const rate = calc.getByRole('textbox', { name: c.labels.rate });
    for (let i = 0; i < 6 && !(await rate.evaluate((el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(rate).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('5.5');
    await expect(part(calc, 'principalAndInterest')).toHaveAttribute('data-pennies', '184531');

    // The term by keyboard: 15 years.
    await page.keyboard.press('Tab');
    const term = calc.getByRole('combobox', { name: c.labels.term });
    await expect(term).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(term).toHaveValue('15');
    await expect(part(calc, 'principalAndInterest')).toHaveAttribute('data-pennies', '265552');
    await expect(calc.locator('tbody tr[data-year]')).toHaveCount(15);

    // A bad value explains itself and hides the result until fixed.
    await rate.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('99');
    await expect(calc.getByText(c.errors.rateInvalid)).toBeVisible();
    await expect(calc.locator('[part="total"]')).toHaveCount(0);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5.5');
    await expect(part(calc, 'principalAndInterest')).toHaveAttribute('data-pennies', '265552');

    // A year's months open from the keyboard.
    const yearTwo = calc.locator('tr[data-year="2"] button');
    await yearTwo.focus();
    await page.keyboard.press('Enter');
    await expect(yearTwo).toHaveAttribute('aria-expanded', 'true');
    await expect(calc.locator('tr.month-row')).toHaveCount(12);
    expect(await axeViolations(page, calculator)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('a malformed attribute shows an inline message and emits hearth-error', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/mortgage.html');
    await page.evaluate(() => {
      const element = document.createElement('hearth-mortgage-calculator');
      element.id = 'bad-calculator';
      element.setAttribute('down-payment', 'lots');
      document.querySelector('main')!.append(element);
    });
    const bad = page.locator('#bad-calculator');
    await expect(bad.locator('[part="attribute-error"]')).toContainText('The down-payment attribute must be an amount like "60000" or a percentage like "20%"');
    // The default (20 % of 300,000) still computes.
    await expect(part(bad, 'principalAndInterest')).toHaveAttribute('data-pennies', String(143_892));
    const errors = await eventsOf(page, 'hearth-error');
    expect(errors).toContainEqual(expect.objectContaining({ tag: 'hearth-mortgage-calculator', kind: 'attribute', attribute: 'down-payment', value: 'lots' }));
  });
});

// ---------------------------------------------------------------------------------------------------
// Pre-qualification: every question of questionnaire/definitions/mortgage-prequalification.json
// (answerEveryQuestion: tests/e2e/helpers/prequal-questionnaire.ts)

const MortgageCasesQuery = /* GraphQL */ `
  query MortgageCasesCheck {
    mortgageCases {
      id
      mortgageStatus
      applicationType {
        slugId
      }
      caseResponse {
        id
        completedAt
      }
    }
  }
`;

test.describe('<hearth-mortgage-prequal> on a partner page', () => {
  test('logged out, Get Prequalified asks to sign in first', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/mortgage.html');
    const element = page.locator(prequal);
    await expect(element.getByRole('heading', { name: t.heading.prequalification })).toBeVisible();
    await expect(element.getByText(t.signInNote)).toBeVisible();
    expect(await axeViolations(page, prequal)).toEqual([]);
    await element.locator('[part="start"]').click();
    await expect(page.getByRole('dialog', { name: authTexts.dialogTitle })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });

  test('a fresh buyer answers every question one at a time, submits, and sees Under Review with Edit Request, also after a reload', async ({
    page,
    openPartnerPage,
    request,
  }) => {
    test.setTimeout(150_000);
    const buyer = await signUp(request, 'Ada', 'Lovelace');
    await startSignedIn(page, buyer);
    await recordMortgageEvents(page);
    await openPartnerPage('/mortgage.html');
    const element = page.locator(prequal);

    const start = element.locator('[part="start"]');
    await expect(start).toHaveText(t.start.prequalification);
    await expect(element.getByText(t.signInNote)).toHaveCount(0);
    await start.click();

    const questionnaire = element.locator('hearth-questionnaire');
    await expect(questionnaire).toHaveAttribute('mode', 'single');
    await expect(questionnaire.locator('[part="step"]')).toHaveText(q.stepOf(1, 6));
    const responseId = await questionnaire.getAttribute('response-id');
    expect(responseId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await axeViolations(page, prequal)).toEqual([]);

    // The server holds the new case, still in progress.
    const before = await graphql<{ mortgageCases: { id: string; mortgageStatus: string | null; caseResponse: { id: string } }[] }>(request, buyer, MortgageCasesQuery);
    expect(before.mortgageCases).toHaveLength(1);
    expect(before.mortgageCases[0]).toMatchObject({ mortgageStatus: null, caseResponse: { id: responseId } });

    const answered = await answerEveryQuestion(element);
    expect(answered).toEqual([
      'stage', 'price', 'down', 'occupancy', 'first-time', 'veteran',
      'name', 'dob', 'marital', 'dependents', 'co-borrower', 'citizenship',
      'employment', 'employer', 'years-employed', 'income', 'other-income',
      'assets', 'debts', 'credit', 'bankruptcy',
      'tip', 'summary', 'consent',
    ]);

    // The 'Mortgage status' dialog opens at once, then the panel stays.
    const dialog = element.getByRole('dialog', { name: t.underReview });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t.underReviewMessage.prequalification);
    const editHref = `${apiUrl()}/account/pre-qualification-edit/${responseId}`;
    await expect(dialog.getByRole('link', { name: t.editRequest })).toHaveAttribute('href', editHref);
    // Spec §9: where to write for mortgage help, the partner's support address (its agent's when it has none).
    await expect(dialog.locator('[part="help-contact"] a')).toHaveAttribute('href', /^mailto:help@acme-realty\.example\?subject=/);
    expect(await axeViolations(page, prequal)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    const panel = element.locator('[part="status"]');
    await expect(panel.getByRole('heading', { name: t.underReview })).toBeFocused();
    await expect(panel).toContainText(t.underReviewMessage.prequalification);
    await expect(panel.getByRole('link', { name: t.editRequest })).toHaveAttribute('href', editHref);

    const [submitted] = await mortgageEvents(page, 'hearth-mortgage-submitted');
    expect(submitted).toEqual({ caseId: before.mortgageCases[0]!.id, responseId, questionnaire: 'mortgage-prequalification', mortgageStatus: 'Under Review' });
    expect(await mortgageEvents(page, 'hearth-questionnaire-completed')).toEqual([expect.objectContaining({ responseId, questionnaire: 'mortgage-prequalification' })]);

    // The server agrees.
    const after = await graphql<{ mortgageCases: { mortgageStatus: string | null; caseResponse: { completedAt: string | null } }[] }>(request, buyer, MortgageCasesQuery);
    expect(after.mortgageCases[0]).toMatchObject({ mortgageStatus: 'Under Review', caseResponse: { completedAt: expect.any(String) } });

    // A reload shows the status straight away, without the dialog.
    await page.reload();
    await expect(element.locator('[part="status-heading"]')).toHaveText(t.underReview);
    await expect(element.getByRole('link', { name: t.editRequest })).toHaveAttribute('href', editHref);
    await expect(element.getByRole('dialog')).toHaveCount(0);
    await expect(element.locator('hearth-questionnaire')).toHaveCount(0);
    expect(await axeViolations(page, prequal)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('an unfinished request resumes after a reload instead of starting another', async ({ page, openPartnerPage, request }) => {
    const buyer = await signUp(request, 'Grace', 'Hopper');
    await startSignedIn(page, buyer);
    await openPartnerPage('/mortgage.html');
    const element = page.locator(prequal);
    await element.locator('[part="start"]').click();
    const questionnaire = element.locator('hearth-questionnaire');
    await expect(questionnaire.locator('[part="step"]')).toHaveText(q.stepOf(1, 6));
    const responseId = await questionnaire.getAttribute('response-id');

    await page.reload();
    await expect(element.locator('hearth-questionnaire')).toHaveAttribute('response-id', responseId!);
    await expect(element.locator('hearth-questionnaire [part="step"]')).toBeVisible();
    const cases = await graphql<{ mortgageCases: unknown[] }>(request, buyer, MortgageCasesQuery);
    expect(cases.mortgageCases).toHaveLength(1);
    expect(await cspViolations(page)).toEqual([]);
  });
});

test.describe('the hosted mortgage page', () => {
  test("/mortgage → 'Get Prequalified' starts the request at once: no second 'Get Prequalified' to press (issue 35)", HOSTED, async ({ page, request }) => {
    const buyer = await signUp(request, 'Pat', 'Prequal');
    await startSignedIn(page, buyer);
    await page.goto(`${apiUrl()}/mortgage`);
    await page.getByRole('main').getByRole('link', { name: 'Get Prequalified' }).click();
    await page.waitForURL(/\/mortgage\/prequalify$/);
    const element = page.locator('hearth-mortgage-prequal');
    await expect(element.locator('hearth-questionnaire')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Prequalified' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Get Prequalified' })).toHaveCount(1);
  });
});
