import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { contactTexts as t } from '../../core/i18n/contact';
import { ACME_KEY, apiUrl, cspViolations, eventsOf, expect, test } from './fixtures';

const general = '#general-lead hearth-contact-form';
const forListing = '#listing-lead hearth-contact-form';

/** Types each field of the form as a visitor would, then presses Submit. */
async function fillAndSubmit(form: Locator, fields: Record<keyof typeof t.labels, string>) {
  for (const [name, value] of Object.entries(fields)) await form.getByLabel(t.labels[name as keyof typeof t.labels]).fill(value);
  await form.getByRole('button', { name: t.submit }).click();
}

test.describe('<hearth-contact-form> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('loads the build under test from the API origin', async ({ openPartnerPage, build }) => {
    const page = await openPartnerPage();
    await expect(page.locator(general).getByRole('heading', { name: 'Connect with me' })).toBeVisible();
    const cdn = await page.evaluate(() => window.hearth?.cdn ?? '');
    expect(new URL(cdn).origin).toBe(apiUrl());
    expect(new URL(cdn).pathname.startsWith(`/${build}/v`)).toBe(true);
  });

  test('shows every required-field message exactly, only after a submit attempt', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const form = page.locator(general);
    await expect(form.getByRole('button', { name: t.submit })).toBeVisible();
    await expect(form.locator('[part="error"]')).toHaveCount(0);
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.locator('[part="error"]')).toHaveText([
      'Please enter your first name',
      'Please enter your last name',
      'Please enter your email',
      'Please enter your phone number',
      'What can I help you with? is a required field',
    ]);
    await expect(form.getByLabel(t.labels.firstName)).toBeFocused();
  });

  test('shows the format messages exactly and does not send an invalid form', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/contact-form/') && posts.push(r.url()));
    const form = page.locator(general);
    await fillAndSubmit(form, { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example', phone: '555-0142', comment: 'Hi' });
    // Spec §5's 'Phone number is invalid.', then what is wrong (issue 35).
    const tooShort = 'Phone number is invalid. It has too few digits for a number in the United States.';
    await expect(form.locator('[part="error"]')).toHaveText(['Email is invalid.', tooShort, 'Please enter more text.']);
    await form.getByLabel(t.labels.email).fill('ada@example.com');
    await expect(form.locator('[part="error"]')).toHaveText([tooShort, 'Please enter more text.']);
    expect(posts).toEqual([]);
  });

  test('a valid submit shows the thank-you panel, emits the event, and stores the lead', async ({ openPartnerPage, request }) => {
    const page = await openPartnerPage();
    const form = page.locator(forListing);
    const email = `buyer.${Date.now()}@example.com`;
    await fillAndSubmit(form, { firstName: 'Grace', lastName: 'Hopper', email, phone: '801-555-0123', comment: 'Can I see it on Saturday?' });

    const panel = form.locator('[part="thank-you"]');
    await expect(panel.getByRole('heading', { name: t.thankYouHeading })).toBeFocused();
    await expect(panel).toContainText(t.thankYouText);
    await expect(panel.locator('[part="thank-you-phone"]')).toHaveAttribute('href', /^tel:\+\d+$/);
    // acme's own ways to reach it (issue 35): its office phone and its support email, not our contact page.
    await expect(panel.locator('[part="thank-you-contact"]')).toHaveAttribute('href', 'mailto:help@acme-realty.example');
    await expect(form.locator('form')).toHaveCount(0);

    const [submitted] = await eventsOf(page, 'hearth-contact-submitted');
    expect(submitted.listingId).toBe(1001);
    expect(submitted.leadId).toMatch(/^[0-9a-f-]{36}$/);

    const leads = await request.get(`${apiUrl()}/v1/api/leads/?partner=acme`, { headers: { Authorization: `Partner ${ACME_KEY}` } });
    expect(leads.status()).toBe(200);
    const { leads: rows } = (await leads.json()) as { leads: Record<string, unknown>[] };
    const lead = rows.find((row) => row.id === submitted.leadId);
    expect(lead).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      // Typed '801-555-0123' (refused before issue 35), stored in E.164.
      phone: '+18015550123',
      comment: 'Can I see it on Saturday?',
      listingId: 1001,
      pageOrigin: new URL(page.url()).origin,
    });
    expect(await cspViolations(page)).toEqual([]);
  });

  test('its first frame is live: what is typed before the view takes over is kept, and a Send pressed then is sent once', async ({ page, openPartnerPage, request }) => {
    // The element's own chunk is held back: the skeleton the entry painted is all there is meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/elements/contact-form.element.js', async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/contact-form/') && posts.push(r.url()));
    await openPartnerPage();
    const form = page.locator(general);
    const skeleton = form.locator('[data-skeleton]');
    await expect(skeleton.first()).toBeVisible();
    const email = `early.${Date.now()}@example.com`;
    const typed = { firstName: 'Early', lastName: 'Bird', email, phone: '(801) 363-4127', comment: 'Typed before the form was ready.' };
    for (const [name, value] of Object.entries(typed)) await form.getByLabel(t.labels[name as keyof typeof t.labels]).pressSequentially(value);
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByRole('button', { name: t.submit }).click();
    // Still the skeleton: nothing is sent, the button says it is busy.
    await expect(skeleton.first()).toBeAttached();
    await expect(form.getByRole('button', { name: t.submit })).toHaveAttribute('aria-busy', 'true');
    expect(posts).toEqual([]);

    release();
    await expect(form.getByRole('heading', { name: t.thankYouHeading })).toBeVisible();
    await expect(form.locator('[data-skeleton]')).toHaveCount(0);
    expect(posts).toHaveLength(1);
    const [submitted] = await eventsOf(page, 'hearth-contact-submitted');
    const leads = await request.get(`${apiUrl()}/v1/api/leads/?partner=acme`, { headers: { Authorization: `Partner ${ACME_KEY}` } });
    const lead = ((await leads.json()) as { leads: Record<string, unknown>[] }).leads.find((row) => row.id === submitted.leadId);
    expect(lead).toMatchObject({ ...typed, phone: '+18013634127' });
    expect(await cspViolations(page)).toEqual([]);
  });

  test('typing carries over mid-word: the focus and caret stay in the field as the view takes over', async ({ page, openPartnerPage }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/elements/contact-form.element.js', async (route) => {
      await held;
      await route.continue();
    });
    await openPartnerPage();
    const form = page.locator(general);
    await expect(form.locator('[data-skeleton]').first()).toBeVisible();
    const comment = form.getByLabel(t.labels.comment);
    await comment.pressSequentially('I would like');
    release();
    await expect(form.locator('[data-skeleton]')).toHaveCount(0);
    // The view's own field: the same text, still focused, the next keys land at the caret.
    await expect(comment).toBeFocused();
    await page.keyboard.type(' a tour.');
    await expect(comment).toHaveValue('I would like a tour.');
  });

  test('reformats the phone as it is typed and says what is wrong with a number', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const form = page.locator(general);
    const phone = form.getByLabel(t.labels.phone);
    await expect(form.locator('[data-skeleton]')).toHaveCount(0);
    // The phone rules come with the field's first use.
    await phone.focus();
    await page.waitForLoadState('networkidle');
    await phone.pressSequentially('8013634127');
    await expect(phone).toHaveValue('(801) 363-4127');
    await phone.fill('(555) 555-0142');
    await form.getByRole('button', { name: t.submit }).click();
    // The message is the field's description (aria-describedby), for screen readers too.
    await expect(phone).toHaveAccessibleDescription(
      'Phone number is invalid. It is not a number in the United States; for another country, start with + and its code.',
    );
  });

  test('a server failure keeps everything typed, and a retry succeeds', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const form = page.locator(general);
    await page.route('**/v1/api/contact-form/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' }));
    await fillAndSubmit(form, { firstName: 'Katherine', lastName: 'Johnson', email: 'kj@example.com', phone: '8015550177', comment: 'Please call me back.' });
    await expect(form.getByRole('alert')).toHaveText(t.errors.server);
    await expect(form.getByLabel(t.labels.firstName)).toHaveValue('Katherine');
    await expect(form.getByLabel(t.labels.comment)).toHaveValue('Please call me back.');

    await page.unroute('**/v1/api/contact-form/**');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('heading', { name: t.thankYouHeading })).toBeVisible();
  });

  test('names the listing and shows the agent card from the partner config', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const form = page.locator(forListing);
    await expect(form.getByRole('heading', { name: 'Want a closer look?' })).toBeVisible();
    await expect(form.locator('[part="go-see"]')).toHaveText(/^Go see .+, Salt Lake City, UT \d{5}$/);
    await expect(form.locator('[part="photo"]')).toBeVisible();
    const card = form.locator('[part="agent-card"]');
    await expect(card).toContainText('Avery Stone');
    await expect(card).toContainText('(801) 555-0142');
  });

  test('renders the partner theme colour from dynamic-config', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const button = page.locator(general).getByRole('button', { name: t.submit });
    await expect(button).toHaveCSS('background-color', 'rgb(11, 110, 79)');
  });

  test('a page may override a theme token on the element', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const button = page.locator(general).getByRole('button', { name: t.submit });
    await expect(button).toHaveCSS('background-color', 'rgb(11, 110, 79)');
    await page.locator(general).evaluate((el) => (el as HTMLElement).style.setProperty('--hearth-color-primary', '#8b0000'));
    await expect(button).toHaveCSS('background-color', 'rgb(139, 0, 0)');
    await expect(page.locator(forListing).getByRole('button', { name: t.submit })).toHaveCSS('background-color', 'rgb(11, 110, 79)');
  });

  test('host-page CSS changes nothing inside', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const form = page.locator(general);
    const heading = form.getByRole('heading', { name: 'Connect with me' });
    await expect(heading).toBeVisible();
    // The element's own nodes, not its skeleton's (which they replace); the skeleton has a test of its own below.
    await expect(form.locator('[data-skeleton]')).toHaveCount(0);
    for (const node of [heading, form.getByLabel(t.labels.email), form.getByRole('button', { name: t.submit })]) {
      const style = await node.evaluate((el) => {
        const s = getComputedStyle(el);
        return { font: s.fontFamily, size: s.fontSize, color: s.color, transform: s.textTransform, spacing: s.letterSpacing };
      });
      expect(style.font).not.toBe('serif');
      expect(style.size).not.toBe('40px');
      expect(style.color).not.toBe('rgb(255, 0, 0)');
      expect(style.transform).toBe('none');
      expect(style.spacing).toBe('normal');
    }
    const border = await form.getByLabel(t.labels.email).evaluate((el) => getComputedStyle(el).borderTopStyle);
    expect(border).not.toBe('dashed');
  });

  test('a malformed attribute shows a message and the rest of the page keeps working', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const broken = page.locator('#broken hearth-contact-form');
    const message = broken.locator('[part="attribute-error"]');
    await expect(message).toContainText('The listing-id attribute must be a positive whole number');
    await expect(message).toContainText('The variant attribute must be one of "default", "small" (got "huge")');
    await expect(broken.getByRole('button', { name: t.submit })).toBeVisible();
    await expect(page.locator(general).getByRole('button', { name: t.submit })).toBeVisible();
    // The skeleton shows the message too; the events come with the element.
    await expect.poll(async () => (await eventsOf(page, 'hearth-error')).map((e) => e.attribute).sort()).toEqual(['listing-id', 'variant']);
  });

  test('an element added later is loaded, and pasting the loader twice is harmless', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    await expect(page.locator(general).getByRole('button', { name: t.submit })).toBeVisible();
    await page.evaluate(() => {
      const again = document.createElement('script');
      again.src = document.querySelector<HTMLScriptElement>('script[data-partner]')!.src;
      again.dataset.partner = 'acme';
      document.head.append(again);
      const late = document.createElement('hearth-contact-form');
      late.id = 'late';
      document.body.append(late);
    });
    await expect(page.locator('#late').getByRole('heading', { name: 'Connect with me' })).toBeVisible();
    expect(await page.evaluate(() => customElements.get('hearth-contact-form') !== undefined)).toBe(true);
    const loaded = await eventsOf(page, 'hearth-loaded');
    expect(loaded).toHaveLength(1);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('a hearth-* tag this build does not ship is reported, not ignored', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    await expect(page.locator(general).getByRole('button', { name: t.submit })).toBeVisible();
    await page.evaluate(() => document.body.append(document.createElement('hearth-contact-from')));
    const unknown = async () => (await eventsOf(page, 'hearth-error')).filter((e) => e.tag === 'hearth-contact-from');
    await expect.poll(async () => (await unknown()).length).toBe(1);
    expect((await unknown())[0].message).toContain('elements/contact-from.js');
    // The forms already on the page are untouched.
    await expect(page.locator(general).getByRole('button', { name: t.submit })).toBeEnabled();
  });

  test('has no axe violations, before and after a submit attempt', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    await expect(page.locator(forListing).locator('[part="go-see"]')).toBeVisible();
    const before = await new AxeBuilder({ page }).include('hearth-contact-form').analyze();
    expect(before.violations).toEqual([]);
    await page.locator(general).getByRole('button', { name: t.submit }).click();
    await expect(page.locator(general).locator('[part="error"]').first()).toBeVisible();
    const after = await new AxeBuilder({ page }).include('hearth-contact-form').analyze();
    expect(after.violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('is usable by keyboard alone', async ({ openPartnerPage }) => {
    const page = await openPartnerPage();
    const form = page.locator(general);
    // No wait for the element: the skeleton's fields are live, and what is typed there (the focus, a Send) carries over.
    await form.getByLabel(t.labels.firstName).focus();
    await page.keyboard.type('Alan');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Turing');
    await page.keyboard.press('Tab');
    await page.keyboard.type('alan@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('8015550111');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Looking for a 3 bedroom.');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: t.submit })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('heading', { name: t.thankYouHeading })).toBeFocused();
  });
});

test.describe('<hearth-contact-form> before its element has loaded: the skeleton (DESIGN §5)', () => {
  /** Holds every request matching `pattern` until `release()`. */
  async function hold(page: Page, pattern: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('paints the form from the entry chunk alone: labels, live fields, untouched by host CSS, axe clean, no CSP violation; then the view takes over', async ({ page, openPartnerPage }) => {
    const releaseElement = await hold(page, '**/elements/contact-form.element.js');
    await openPartnerPage();
    const form = page.locator(general);
    await expect(form.locator('[data-skeleton]')).toHaveCount(1);
    expect(await page.evaluate(() => customElements.get('hearth-contact-form'))).toBeUndefined();
    await expect(form.getByRole('heading', { name: 'Connect with me' })).toBeVisible();
    // Live from the first frame (DESIGN §5: a disabled skeleton is a trap), completed by the browser as the view's.
    for (const label of Object.values(t.labels)) await expect(form.getByLabel(label)).toBeEditable();
    await expect(form.getByRole('button', { name: t.submit })).toBeEnabled();
    await expect(form.getByLabel(t.labels.phone)).toHaveAttribute('autocomplete', 'tel');
    await expect(form.getByLabel(t.labels.email)).toHaveAttribute('type', 'email');
    await expect(page.locator('#broken hearth-contact-form [part="attribute-error"]')).toContainText('The variant attribute must be one of "default", "small" (got "huge")');
    const axe = await new AxeBuilder({ page }).include('hearth-contact-form').analyze();
    expect(axe.violations).toEqual([]);
    for (const node of [form.getByRole('heading', { name: 'Connect with me' }), form.getByLabel(t.labels.email), form.getByRole('button', { name: t.submit })]) {
      const style = await node.evaluate((el) => {
        const s = getComputedStyle(el);
        return { font: s.fontFamily, size: s.fontSize, color: s.color, transform: s.textTransform, spacing: s.letterSpacing, border: s.borderTopStyle };
      });
      expect(style.font).not.toBe('serif');
      expect(style.size).not.toBe('40px');
      expect(style.color).not.toBe('rgb(255, 0, 0)');
      expect(style.transform).toBe('none');
      expect(style.spacing).toBe('normal');
      expect(style.border).not.toBe('dashed');
    }

    releaseElement();
    await expect(form.locator('[data-skeleton]')).toHaveCount(0);
    await expect(form.getByLabel(t.labels.firstName)).toBeEnabled();
    await form.getByLabel(t.labels.firstName).fill('Ada');
    await expect(form.getByLabel(t.labels.firstName)).toHaveValue('Ada');
    await expect(page.locator('hearth-contact-form [data-skeleton]')).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);
  });

  test("takes the view's space: the view replaces it without moving anything", async ({ page, openPartnerPage }) => {
    // The skeleton paints once the config has arrived (as it mostly has by then), and the listing's address
    // stays on its way, so both frames have the same content.
    const releaseEntry = await hold(page, '**/elements/contact-form.js');
    const releaseElement = await hold(page, '**/elements/contact-form.element.js');
    await hold(page, '**/public_graphql/**');
    const config = page.waitForResponse((response) => response.url().includes('/dynamic-config/'));
    await openPartnerPage();
    await (await config).finished();
    releaseEntry();
    await expect(page.locator('hearth-contact-form [data-skeleton] [part="agent-card"]')).toHaveCount(3);

    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('hearth-contact-form')].flatMap((host) => [
          host.getBoundingClientRect().toJSON(),
          ...[...host.shadowRoot!.querySelectorAll('[part]')].map((node) => `${node.getAttribute('part')} ${JSON.stringify(node.getBoundingClientRect())}`),
        ]),
      );
    const skeleton = await boxes();
    await page.evaluate(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => (w.__shift += (entry as unknown as { value: number }).value))).observe({ type: 'layout-shift' });
    });
    releaseElement();
    await expect(page.locator('hearth-contact-form [data-skeleton]')).toHaveCount(0);
    await expect(page.locator(general).getByLabel(t.labels.email)).toBeEnabled();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await boxes()).toEqual(skeleton);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
  });
});
