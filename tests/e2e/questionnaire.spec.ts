import type { Page } from '@playwright/test';
import { questionnaireTexts as t } from '../../core/i18n/questionnaire';
import { widgetTexts as w } from '../../questionnaire/widgets/texts';
import { axeViolations, cspViolations, expect, partnerUrl, test } from './fixtures';

const wholeForm = '#whole-form hearth-questionnaire';
const single = '#one-at-a-time hearth-questionnaire';

async function recordCompletions(page: Page) {
  await page.addInitScript(() => {
    const win = window as unknown as { __completed: unknown[] };
    win.__completed = [];
    document.addEventListener('hearth-questionnaire-completed', (e) => win.__completed.push((e as CustomEvent).detail));
  });
}

const completions = (page: Page) => page.evaluate(() => (window as unknown as { __completed: Record<string, unknown>[] }).__completed);

test.describe('<hearth-questionnaire> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('kitchen sink, whole form: start, validation, hidden widgets, next, back, reload resumes, submit', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    await recordCompletions(page);
    const form = page.locator(wholeForm);

    await expect(form.getByRole('heading', { name: 'Text and numbers' })).toBeVisible();
    await expect(form.locator('[part="progress"] li[aria-current="step"]')).toContainText('Text and numbers');
    expect(await axeViolations(page, wholeForm)).toEqual([]);

    // Nothing filled: the required widgets say so and the screen stays.
    await form.locator('[part="submit"]').click();
    // A refused Submit names what needs attention (or says some answers do).
    await expect(form.locator('[part="form-error"]')).toHaveText(/your attention\.$|^Some answers need attention\.$/);
    await expect(form.locator('[data-key="nickname"] [part="widget-error"]')).toHaveText(w.errors.required);
    await expect(form.locator('[data-key="bedrooms"] [part="widget-error"]')).toHaveText(w.errors.required);

    await form.getByRole('textbox', { name: 'Nickname' }).fill('sam');
    await form.getByRole('textbox', { name: 'Bedrooms' }).fill('3');
    await form.getByRole('textbox', { name: 'Asking price' }).fill('489000');
    await form.getByRole('textbox', { name: 'Gate code' }).fill('12');
    await form.getByRole('textbox', { name: 'Gate code' }).blur();
    await expect(form.locator('[data-key="secret"] [part="widget-error"]')).toHaveText(w.errors.pattern);
    await form.getByRole('textbox', { name: 'Gate code' }).fill('1234');
    await expect(form.locator('[data-key="secret"] [part="widget-error"]')).toHaveCount(0);
    // Reformatted as typed, after the 200 ms pause.
    await expect(form.getByRole('textbox', { name: 'Asking price' })).toHaveValue('$489,000');
    await form.locator('[part="submit"]').click();

    // Choices: the HOA fee shows only with a Yes, and keeps its value while hidden.
    await expect(form.getByRole('heading', { name: 'Choices' })).toBeVisible();
    const hoa = form.locator('[data-key="has-hoa"]');
    await expect(form.locator('[data-key="hoa-fee"]')).toHaveCount(0);
    await hoa.getByRole('radio', { name: 'Yes' }).check();
    await form.getByRole('textbox', { name: 'Monthly HOA fee' }).fill('350');
    await form.getByRole('textbox', { name: 'Monthly HOA fee' }).blur();
    await hoa.getByRole('radio', { name: 'No' }).check();
    await expect(form.locator('[data-key="hoa-fee"]')).toHaveCount(0);
    await hoa.getByRole('radio', { name: 'Yes' }).check();
    await expect(form.getByRole('textbox', { name: 'Monthly HOA fee' })).toHaveValue('$350');
    await form.locator('[data-key="occupancy"]').getByRole('radio', { name: 'Vacant' }).check();
    // Option thumbnails: the default image (default.png) from our image assets on the API origin, loaded.
    const thumbnails = form.locator('[data-key="features"] img.widget-thumbnail');
    await expect(thumbnails).toHaveCount(3);
    expect(await thumbnails.first().getAttribute('src')).toMatch(/^https?:\/\/[^/]+\/.*assets\/questionnaire\/default\.png$/);
    await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual([160, 160, 160]);
    await form.getByRole('combobox', { name: 'Property type' }).fill('Condo');
    await form.locator('[part="submit"]').click();

    await expect(form.getByRole('heading', { name: 'People and places' })).toBeVisible();
    await form.locator('[part="back"]').click();
    await expect(form.getByRole('heading', { name: 'Choices' })).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Property type' })).toHaveValue('Condo');

    // A reload continues where the visitor left off.
    await page.reload();
    await expect(form.getByRole('heading', { name: 'Choices' })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Monthly HOA fee' })).toHaveValue('$350');
    await form.locator('[part="submit"]').click();

    await expect(form.getByRole('heading', { name: 'People and places' })).toBeVisible();
    await form.getByRole('textbox', { name: w.firstName }).fill('ada');
    await form.getByRole('textbox', { name: w.lastName }).fill('lovelace');
    await form.locator('[data-key="birth-date"]').getByRole('checkbox', { name: w.notApplicable }).check();
    // Phone: 'Invalid number' until valid, reformatted as typed, US only unless international.
    const phone = form.getByRole('textbox', { name: 'Phone', exact: true });
    await phone.fill('555-01');
    await form.locator('[part="submit"]').click();
    await expect(form.locator('[data-key="phone"] [part="widget-error"]')).toHaveText(w.errors.invalidNumber);
    await phone.fill('8015550142');
    await expect(phone).toHaveValue('(801) 555-0142');
    await expect(form.locator('[data-key="phone"] [part="widget-error"]')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Phone abroad' }).fill('+442079460958');
    await expect(form.getByRole('textbox', { name: 'Phone abroad' })).toHaveValue('+44 20 7946 0958');
    const address = form.locator('[data-key="address"]');
    await address.getByLabel(/^Street/).fill('1 Main St');
    await address.getByLabel(/^City/).fill('Provo');
    await address.getByLabel(/^State/).fill('Utah');
    await address.getByLabel(/^Zip code/).fill('84601');
    // The form is valid once the last answer is heard (200 ms): wait, as the message going away moves Next.
    await expect(form.locator('[part="form-error"]')).toHaveCount(0);
    await form.locator('[part="submit"]').click();

    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    await expect(form.getByRole('heading', { name: 'Thanks, Ada' })).toBeVisible();
    await expect(form.locator('[part="tip-box"]')).toContainText('Your asking price: $489,000.');
    await expect(form.locator('[part="summary"]')).toContainText('Ada Lovelace');
    await expect(form.locator('[part="summary"]')).toContainText('(801) 555-0142');
    expect(await axeViolations(page, wholeForm)).toEqual([]);
    await expect(form.locator('[part="submit"]')).toHaveText(t.submit);
    await form.getByRole('button', { name: 'I confirm' }).click();
    await form.locator('[part="submit"]').click();
    await expect(form.locator('[part="completed"]')).toContainText(t.completedHeading);

    const [done] = await completions(page);
    expect(done).toMatchObject({ questionnaire: 'kitchen-sink', flow: 'general', exitTo: null });
    expect(done!.responseId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('single-question mode: one widget at a time, Next disabled until answered, Back with lower bound 1', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = page.locator(single);
    await expect(form.locator('[part="step"]')).toHaveText(t.stepOf(1, 9));
    await expect(form.locator('[part="widget"]')).toHaveCount(1);
    await expect(form.locator('[part="next"]')).toBeDisabled();
    await expect(form.locator('[part="submit"]')).toHaveCount(0);
    await expect(form.locator('[part="back"]')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Nickname' }).fill('sam');
    await expect(form.locator('[part="next"]')).toBeEnabled();
    await form.locator('[part="next"]').click();
    await expect(form.locator('[part="step"]')).toHaveText(t.stepOf(2, 9));
    await expect(form.getByRole('textbox', { name: 'About your home' })).toBeVisible();
    await form.locator('[part="back"]').click();
    await expect(form.locator('[part="step"]')).toHaveText(t.stepOf(1, 9));
    await expect(form.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Sam');
    expect(await axeViolations(page, single)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('PIN access: the right PIN reopens a guest response, a wrong one is refused', async ({ openPartnerPage, browser, build }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = page.locator(wholeForm);
    await expect(form.getByRole('heading', { name: 'Text and numbers' })).toBeVisible();
    const stored = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.includes('kitchen-sink|form'))!;
      return JSON.parse(sessionStorage.getItem(key)!) as { id: string; pin: string };
    });
    expect(stored.pin).toMatch(/^\d{8}$/);

    const other = await browser.newContext();
    const guest = await other.newPage();
    const url = new URL('/questionnaire.html', partnerUrl());
    if (build === 'cdn-react') url.searchParams.set('build', 'react');
    await guest.goto(url.href);
    const open = (id: string, pin: string, host: string) =>
      guest.evaluate(
        ({ id, pin, host }) => {
          const element = document.createElement('hearth-questionnaire');
          element.setAttribute('response-id', id);
          element.setAttribute('pin', pin);
          element.id = host;
          document.querySelector('main')!.append(element);
        },
        { id, pin, host },
      );
    await open(stored.id, '00000000', 'wrong-pin');
    await expect(guest.locator('#wrong-pin [part="message"]')).toHaveText(t.notAuthorized);
    await open(stored.id, stored.pin, 'right-pin');
    await expect(guest.locator('#right-pin').getByRole('heading', { name: 'Text and numbers' })).toBeVisible();
    await other.close();
  });
});
