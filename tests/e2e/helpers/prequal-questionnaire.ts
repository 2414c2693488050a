/**
 * The pre-qualification questionnaire (questionnaire/definitions/mortgage-prequalification.json) inside
 * <hearth-mortgage-prequal>, answered one question at a time as a person would.
 */
import type { Locator } from '@playwright/test';
import { questionnaireTexts as q } from '../../../core/i18n/questionnaire';
import { expect } from '../fixtures';

type Answer = (widget: Locator) => Promise<void>;

const ANSWERS: Record<string, Answer> = {
  stage: (w) => w.getByRole('combobox').fill('Looking at homes'),
  price: (w) => w.getByRole('textbox').fill('450000'),
  down: (w) => w.getByRole('textbox').fill('90000'),
  occupancy: (w) => w.getByRole('combobox').fill('Primary residence'),
  'first-time': (w) => w.getByRole('radio', { name: 'Yes' }).check(),
  veteran: (w) => w.getByRole('radio', { name: 'No' }).check(),
  name: async (w) => {
    await w.getByRole('textbox', { name: 'First Name' }).fill('Ada');
    await w.getByRole('textbox', { name: 'Middle Name' }).fill('Byron');
    await w.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
  },
  dob: async (w) => {
    await w.getByRole('combobox', { name: 'Month' }).fill('Mar');
    await w.getByRole('textbox', { name: 'Day' }).fill('14');
    await w.getByRole('combobox', { name: 'Year' }).selectOption('1985');
  },
  marital: (w) => w.getByRole('combobox').fill('Unmarried'),
  dependents: (w) => w.getByRole('textbox').fill('2'),
  'co-borrower': (w) => w.getByRole('radio', { name: 'No' }).check(),
  citizenship: (w) => w.getByRole('combobox').fill('U.S. citizen'),
  employment: (w) => w.getByRole('radio', { name: 'Employed (W-2)' }).check(),
  employer: async (w) => {
    await w.getByRole('textbox', { name: 'Employer and position 1' }).fill('Wasatch Analytics');
    await w.getByRole('textbox', { name: 'Employer and position 2' }).fill('Engineer');
  },
  'years-employed': (w) => w.getByRole('textbox').fill('6'),
  income: (w) => w.getByRole('textbox').fill('9500'),
  'other-income': (w) => w.getByRole('textbox').fill('400'),
  assets: (w) => w.getByRole('textbox').fill('65000'),
  debts: (w) => w.getByRole('textbox').fill('450'),
  credit: (w) => w.getByRole('combobox').fill('700-759'),
  bankruptcy: (w) => w.getByRole('radio', { name: 'No' }).check(),
  tip: async () => {},
  summary: (w) => expect(w).toContainText('Ada Byron Lovelace'),
  consent: (w) => w.getByRole('button', { name: 'I agree' }).click(),
};

const SELF_ADVANCING = new Set(['consent']);

/** Where the questionnaire is: 'status' once our status panel shows, else 'screen|step|widget key' (read in one go). */
const whereIs = (element: Locator) =>
  element.evaluate((host) => {
    const root = host.shadowRoot!;
    if (root.querySelector('[part="status"]')) return 'status';
    const inner = root.querySelector('hearth-questionnaire')?.shadowRoot;
    const widget = inner?.querySelector('[part="screen"] [data-key]');
    if (!inner || !widget) return 'waiting';
    const heading = inner.querySelector('[part="heading"]')?.textContent ?? '';
    const step = inner.querySelector('[part="step"]')?.textContent ?? '';
    return `${heading}|${step}|${widget.getAttribute('data-key')}`;
  });

/** Answers one question at a time until the questionnaire is gone (submitted); returns the keys answered. */
export async function answerEveryQuestion(element: Locator): Promise<string[]> {
  const questionnaire = element.locator('hearth-questionnaire');
  const answered: string[] = [];
  for (let guard = 0; guard < 40; guard++) {
    await expect.poll(() => whereIs(element)).not.toBe('waiting');
    const here = await whereIs(element);
    if (here === 'status') return answered;
    const key = here.split('|')[2]!;
    const answer = ANSWERS[key];
    if (!answer) throw new Error(`No answer for question "${key}"`);
    const widget = questionnaire.locator(`[part="screen"] [data-key="${key}"]`);
    await answer(widget);
    answered.push(key);
    // The acknowledge button moves on by itself; everything else needs Next (or Submit).
    if (!SELF_ADVANCING.has(key)) {
      const forward = questionnaire.locator('[part="next"], [part="submit"]');
      await expect(forward).toBeEnabled();
      // Submit only on the last screen: before it (the Income section's last question too) the button is Next.
      await expect(forward).toHaveText(q.next);
      await forward.click();
    }
    await expect.poll(() => whereIs(element)).not.toBe(here);
  }
  throw new Error(`Still answering after 40 questions: ${answered.join(', ')}`);
}
