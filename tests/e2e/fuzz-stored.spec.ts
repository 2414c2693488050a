/**
 * Stored values come back as text, never as markup (issue 22, the browser half of the fuzz harness in
 * server/testing/fuzz/): values written through the real API and forms with markup markers (an <img onerror>,
 * an <svg onload>, a <script>) are rendered by the elements on the partner page (other origin, strict CSP),
 * and no injected node exists in any shadow root, no handler ran, and the marker is on screen as text.
 */
import type { Page } from '@playwright/test';
import { contactTexts } from '../../core/i18n/contact';
import { leadTexts } from '../../core/i18n/leads';
import { MARKERS } from '../../server/testing/fuzz/values';
import { apiUrl, cspViolations, expect, partnerUrl, test } from './fixtures';
import { logIn, PASSWORD, startSignedIn, uniqueEmail } from './sessions';

/** Injected nodes in the document and every open shadow root, whether a marker's handler ran, and the visible text. */
function inspect(page: Page) {
  return page.evaluate(() => {
    const injected: string[] = [];
    let text = '';
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.hasAttribute('data-hearth-fuzz') || el.hasAttribute('onerror') || el.hasAttribute('onload')) injected.push(el.outerHTML.slice(0, 120));
        if (el.shadowRoot) {
          text += ` ${el.shadowRoot.textContent ?? ''}`;
          walk(el.shadowRoot);
        }
      }
    };
    walk(document);
    text += ` ${document.body.innerText}`;
    for (const el of document.querySelectorAll('*')) if (el.shadowRoot) for (const inner of el.shadowRoot.querySelectorAll('input, textarea')) text += ` ${(inner as HTMLInputElement).value}`;
    return { injected, ran: (window as unknown as { hearthFuzz?: number }).hearthFuzz ?? null, text };
  });
}

async function expectNoInjection(page: Page, marker: string) {
  const result = await inspect(page);
  expect(result.injected).toEqual([]);
  expect(result.ran).toBeNull();
  // The value did come back, as text (else this test would prove nothing).
  expect(result.text).toContain(marker);
}

test.describe('stored hostile values render as text in the elements', () => {
  test('a contact-form lead with markup in its names and comment, read in <hearth-leads>', async ({ browser, build, openPartnerPage, page, request }, testInfo) => {
    const lastName = `Fuzz${testInfo.project.name}${Date.now().toString(36)}`;
    const visitor = await browser.newPage();
    const home = new URL('/', partnerUrl());
    if (build === 'cdn-react') home.searchParams.set('build', 'react');
    await visitor.goto(home.href);
    const form = visitor.locator('#listing-lead hearth-contact-form');
    await form.getByLabel(contactTexts.labels.firstName).fill(MARKERS[1].slice(0, 90));
    await form.getByLabel(contactTexts.labels.lastName).fill(lastName);
    await form.getByLabel(contactTexts.labels.email).fill(`${lastName.toLowerCase()}@example.com`);
    await form.getByLabel(contactTexts.labels.phone).fill('8015550123');
    await form.getByLabel(contactTexts.labels.comment).fill(`${MARKERS.join(' ')} Is it still available?`);
    await form.getByRole('button', { name: contactTexts.submit }).click();
    await expect(form.locator('[part="thank-you"]')).toBeVisible();
    await visitor.close();

    await startSignedIn(page, await logIn(request, 'agent'));
    await openPartnerPage('/leads.html');
    const inbox = page.locator('#leads');
    await expect(inbox.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
    await inbox.getByLabel(leadTexts.filters.search).fill(lastName);
    const row = inbox.locator('[part="lead"]');
    await expect(row).toHaveCount(1);
    await expect(row.locator('[part="lead-name"]')).toContainText(lastName);
    await row.locator('[part="lead-button"]').click();
    const detail = inbox.locator('[part="detail"]');
    await expect(detail).toHaveAttribute('data-state', 'loaded');
    await expect(detail.locator('[part="message"]')).toContainText('<script data-hearth-fuzz>');
    await expectNoInjection(page, MARKERS[1].slice(0, 40));
    await page.screenshot({ path: testInfo.outputPath('leads-with-markup.png'), fullPage: true });
    expect(await cspViolations(page)).toEqual([]);
  });

  test('an account whose names are markup, shown by <hearth-app> in its header and account pages', async ({ openPartnerPage, page, request }) => {
    const response = await request.post(`${apiUrl()}/v1/api/sign-up/`, {
      data: { email: uniqueEmail('fuzz'), password: PASSWORD, firstName: MARKERS[1].slice(0, 90), lastName: MARKERS[2].slice(0, 90) },
      headers: { Origin: partnerUrl() },
    });
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { token: string; user: Record<string, unknown> };
    const user = { id: Number(body.user.id), email: String(body.user.email), token: body.token, record: body.user };
    await startSignedIn(page, user);
    // The profile page names the account (the /account overview lists links only).
    await openPartnerPage('/homes/account/profile');
    const app = page.locator('hearth-app');
    await expect(app).toContainText('data-hearth-fuzz', { timeout: 15_000 });
    await expectNoInjection(page, 'data-hearth-fuzz');
    expect(await cspViolations(page)).toEqual([]);
  });
});
