import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { contactTexts } from '../../core/i18n/contact';
import { leadTexts as t } from '../../core/i18n/leads';
import { ACME_KEY, apiUrl, cspViolations, expect, partnerUrl, test } from './fixtures';
import { graphql, logIn, signUp, startSignedIn } from './sessions';

const RECORD_EVENTS = `for (const type of ['hearth-lead-status-changed', 'hearth-lead-note-added']) document.addEventListener(type, (e) => window.__events && window.__events.push({ type, detail: e.detail }));`;

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#leads').analyze();
  expect(axe.violations).toEqual([]);
}

/** A visitor's lead about listing 1001 through the contact form of the partner's home page; its unique last name. */
async function submitLead(page: Page, lastName: string, comment: string) {
  const form = page.locator('#listing-lead hearth-contact-form');
  await form.getByLabel(contactTexts.labels.firstName).fill('Grace');
  await form.getByLabel(contactTexts.labels.lastName).fill(lastName);
  await form.getByLabel(contactTexts.labels.email).fill(`${lastName.toLowerCase()}@example.com`);
  // As people write it (issue 35: refused before, stored as '8013634127' when typed bare).
  await form.getByLabel(contactTexts.labels.phone).fill('(801) 363-4127');
  await form.getByLabel(contactTexts.labels.comment).fill(comment);
  await form.getByRole('button', { name: contactTexts.submit }).click();
  await expect(form.locator('[part="thank-you"]')).toBeVisible();
}

test.describe('<hearth-leads> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test("a contact-form lead reaches the partner owner's inbox; status and a note survive a reload; the CSV follows the filters", async ({
    openPartnerPage,
    page,
    browser,
    build,
    request,
  }, testInfo) => {
    const lastName = `Inbox${testInfo.project.name}${Date.now().toString(36)}`;
    const comment = `<img src=x onerror="alert(1)"> Can I see it on Saturday? (${testInfo.project.name})`;

    // ---- A visitor writes through the contact form (their own browser, not signed in).
    const visitor = await browser.newPage();
    const home = new URL('/', partnerUrl());
    if (build === 'cdn-react') home.searchParams.set('build', 'react');
    await visitor.goto(home.href);
    await submitLead(visitor, lastName, comment);
    await visitor.close();

    // ---- The demo agent owns acme (the seed): the lead is in the inbox.
    const agent = await logIn(request, 'agent');
    await startSignedIn(page, agent);
    await page.addInitScript(RECORD_EVENTS);
    await openPartnerPage('/leads.html');
    const inbox = page.locator('#leads');
    await expect(inbox.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
    await expect(inbox.getByRole('heading', { name: t.heading, level: 2 })).toBeVisible();
    await expectNoAxeViolations(page);

    await inbox.getByLabel(t.filters.search).fill(lastName);
    const row = inbox.locator('[part="lead"]');
    await expect(row).toHaveCount(1);
    await expect(row.locator('[part="lead-name"]')).toHaveText(`Grace ${lastName}`);
    await expect(row.locator('[part="lead-source"]')).toHaveText(t.source.CONTACT);
    await expect(row.locator('[part="lead-listing"]')).toContainText('Salt Lake City');
    await expect(row.locator('[part="status-chip"]')).toHaveText(t.status.NEW);

    // ---- Keyboard: the row is the list's tab stop, Enter opens the detail and its heading takes the focus.
    await row.locator('[part="lead-button"]').focus();
    await page.keyboard.press('Enter');
    const detail = inbox.locator('[part="detail"]');
    await expect(detail).toHaveAttribute('data-state', 'loaded');
    await expect(detail.getByRole('heading', { name: `Grace ${lastName}` })).toBeFocused();
    await expect(detail.locator('[part="message"]')).toHaveText(comment);
    await expect(detail.locator('img[src="x"]')).toHaveCount(0);
    await expect(detail.getByRole('link', { name: `${lastName.toLowerCase()}@example.com` })).toHaveAttribute('href', `mailto:${lastName.toLowerCase()}@example.com`);
    // The phone as the agent dials it, linked to the E.164 number the API stored.
    await expect(detail.getByRole('link', { name: '(801) 363-4127' })).toHaveAttribute('href', 'tel:+18013634127');
    const stored = await request.get(`${apiUrl()}/v1/api/leads/?partner=acme&limit=100`, { headers: { Authorization: `Partner ${ACME_KEY}` } });
    const storedLead = ((await stored.json()) as { leads: { lastName: string; phone: string }[] }).leads.find((l) => l.lastName === lastName);
    expect(storedLead?.phone).toBe('+18013634127');
    const listingLink = detail.locator('[part="listing-link"]');
    await expect(listingLink).toHaveAttribute('href', /^https?:\/\/[^/]+\/listing\/[^/]+\/HRT1001$/);
    const photo = detail.locator('[part="listing-photo"]');
    await expect(photo).toHaveAttribute('src', /^https?:\/\//);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // acme records no visitor activity (analytics off): the lead's activity says so.
    await expect(detail.locator('[part="activity"]')).toHaveAttribute('data-state', 'empty');
    await expect(detail.locator('[part="activity-empty"]')).toHaveText(t.activity.empty);
    await expectNoAxeViolations(page);

    // ---- Contacted, then a note.
    await detail.getByLabel(t.detail.statusLabel).selectOption('CONTACTED');
    await expect(row.locator('[part="status-chip"]')).toHaveText(t.status.CONTACTED);
    await expect(detail.locator('[part="detail-status"]')).toHaveValue('CONTACTED');
    const note = `Called ${lastName}; showing on Saturday <b>10 am</b>`;
    await detail.getByLabel(t.detail.addNote).fill(note);
    await detail.getByRole('button', { name: t.detail.addNoteButton }).click();
    await expect(detail.locator('[part="note"]')).toHaveCount(2);
    await expect(detail.locator('[part="note"]').last()).toContainText(note);
    await expect(detail.getByLabel(t.detail.addNote)).toHaveValue('');
    const events = await page.evaluate(() => (window as unknown as { __events: { type: string; detail: any }[] }).__events.filter((e) => e.type.startsWith('hearth-lead-')));
    expect(events.map((e) => e.type)).toEqual(['hearth-lead-status-changed', 'hearth-lead-note-added']);
    expect(events[0]!.detail).toMatchObject({ status: 'CONTACTED' });
    await expectNoAxeViolations(page);

    // Escape closes the detail and returns to the row.
    await detail.getByLabel(t.detail.addNote).focus();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(row.locator('[part="lead-button"]')).toBeFocused();

    // ---- Export CSV with the filters: only this lead, its formula-looking text neutralised.
    const [download] = await Promise.all([page.waitForEvent('download'), inbox.getByRole('link', { name: t.exportCsv }).click()]);
    const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Grace,${lastName}`);
    // The phone column as the inbox shows it (server/contact/leads-csv.ts: what a spreadsheet keeps as text).
    expect(lines[1]).toContain(`,${lastName.toLowerCase()}@example.com,(801) 363-4127,`);
    expect(await inbox.getByRole('link', { name: t.exportCsv }).getAttribute('href')).toContain(`search=${lastName}`);

    // ---- Everything survives a reload.
    await page.reload();
    await expect(inbox.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
    await inbox.getByLabel(t.filters.status, { exact: true }).selectOption('CONTACTED');
    await inbox.getByLabel(t.filters.search).fill(lastName);
    await expect(row).toHaveCount(1);
    await expect(row.locator('[part="status-chip"]')).toHaveText(t.status.CONTACTED);
    await row.locator('[part="lead-button"]').click();
    await expect(detail.locator('[part="note"]')).toHaveCount(2);
    await expect(detail.locator('[part="note"]').first()).toContainText(t.detail.statusNote(t.status.CONTACTED));
    await expect(detail.locator('[part="note"]').last()).toContainText(note);
    await expect(detail.locator('b')).toHaveCount(0);

    // Filtered to a status it does not have: nothing, with Clear filters.
    await inbox.getByLabel(t.filters.status, { exact: true }).selectOption('CLOSED');
    await expect(inbox.locator('[part="empty"]')).toContainText(t.emptyFiltered);
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });

  test("another partner's admin sees none of acme's leads; signed out, the sign-in prompt", async ({ openPartnerPage, page, request }) => {
    const other = await signUp(request, 'Olive', 'Other');
    const slug = `other-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await graphql<{ signUpPartner: { id: string } }>(request, other, `mutation SignUpPartner($slug: String!, $name: String!) {
      signUpPartner(slug: $slug, name: $name) { id } }`, { slug, name: 'Other Realty' });
    await startSignedIn(page, other);
    await openPartnerPage('/leads.html');
    const inbox = page.locator('#leads');
    await expect(inbox.locator('[part="base"]')).toHaveAttribute('data-state', 'not-allowed');
    await expect(inbox.locator('[part="message"]')).toHaveText(t.notAllowed);
    await expect(inbox.locator('[part="lead"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Their own partner's inbox: theirs, and empty.
    await inbox.evaluate((el, id) => el.setAttribute('partner-id', id), created.signUpPartner.id);
    await expect(inbox.locator('[part="base"]')).toHaveAttribute('data-state', 'empty');
    await expect(inbox.locator('[part="empty"]')).toHaveText(t.empty);

    // The CSV refuses them too.
    const refused = await request.get(`${apiUrl()}/v1/api/leads/export.csv?partner=acme`, {
      headers: { Authorization: `Token ${other.token}` },
    });
    expect(refused.status()).toBe(404);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('signed out: the sign-in prompt', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/leads.html');
    const inbox = page.locator('#leads');
    await expect(inbox.locator('[part="base"]')).toHaveAttribute('data-state', 'signed-out');
    await expect(inbox.locator('[part="sign-in-prompt"]')).toContainText(t.signInPrompt);
    await expect(inbox.getByRole('button', { name: t.signIn })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });
});
