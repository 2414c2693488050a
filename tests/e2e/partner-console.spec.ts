import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { contactTexts } from '../../core/i18n/contact';
import { partnerTexts as t } from '../../core/i18n/partners';
import { apiUrl, cspViolations, expect, partnerUrl, test } from './fixtures';
import { graphql, logIn, PASSWORD, signUp, startSignedIn } from './sessions';

const CONSOLE = '#partner-console';
const RECORD_EVENTS = `for (const type of ['hearth-partner-created', 'hearth-partner-saved']) document.addEventListener(type, (e) => window.__events && window.__events.push({ type, detail: e.detail }));`;

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include(CONSOLE).analyze();
  expect(axe.violations).toEqual([]);
}

const eventsOf = (page: Page, type: string) =>
  page.evaluate((name) => (window as unknown as { __events: { type: string; detail: any }[] }).__events.filter((e) => e.type === name).map((e) => e.detail), type);

/** Signs `owner` in on the partner page and opens the console's Members tab of partner `slug`, loaded. */
async function openMembers(page: Page, owner: Parameters<typeof startSignedIn>[1], slug: string, openPartnerPage: (path: string) => Promise<Page>) {
  await startSignedIn(page, owner);
  await openPartnerPage('/partner-console.html');
  const element = page.locator(CONSOLE);
  await expect(element.locator('[part="base"]')).toHaveAttribute('data-partner', slug);
  await element.getByRole('tab', { name: t.tabs.members }).click();
  const members = element.locator('[part="members"]');
  await expect(members).toHaveAttribute('data-state', 'loaded');
  return { element, members };
}

async function dynamicContext(slug: string) {
  const response = await fetch(`${apiUrl()}/v1/api/dynamic-config/?partner=${slug}`);
  const body = (await response.json()) as { app_config: { app_context: string } };
  return JSON.parse(body.app_config.app_context) as {
    themeData?: { tokens?: Record<string, string> };
    websiteName?: string;
    tollFreeNumber?: string | null;
    phoneDisplay?: Record<string, string>;
    supportEmail?: string | null;
    privacyPolicyUrl?: string | null;
  };
}

test.describe('<hearth-partner-console> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('a visitor is asked to sign in', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/partner-console.html');
    const element = page.locator(CONSOLE);
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'anonymous');
    await expect(element.getByRole('button', { name: t.signIn })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an agent signs up as a partner, themes it with a live preview (a low-contrast colour refused), adds an origin and copies a snippet', async ({
    openPartnerPage,
    page,
    request,
    context,
  }, testInfo) => {
    // Every tab in one session: longer than the default minute on a loaded machine.
    test.setTimeout(150_000);
    const agent = await signUp(request, 'Avery', 'Partner');
    await startSignedIn(page, agent);
    await page.addInitScript(RECORD_EVENTS);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: partnerUrl() });
    await openPartnerPage('/partner-console.html');
    const element = page.locator(CONSOLE);
    const base = element.locator('[part="base"]');

    // ---- sign up
    await expect(base).toHaveAttribute('data-state', 'sign-up');
    await expectNoAxeViolations(page);
    const slug = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
    await element.getByLabel(t.signUpName).fill('Avery Partner Homes');
    await element.getByLabel(t.signUpSlug).fill('Not A Slug');
    await element.getByRole('button', { name: t.signUpSubmit }).click();
    await expect(element.getByText(t.slugInvalid)).toBeVisible();
    await element.getByLabel(t.signUpSlug).fill(slug);
    await element.getByRole('button', { name: t.signUpSubmit }).click();
    await expect(base).toHaveAttribute('data-state', 'ready');
    await expect(base).toHaveAttribute('data-partner', slug);
    // One heading: the partner's name (the page's own heading is the partner site's).
    await expect(element.getByRole('heading', { name: 'Avery Partner Homes' })).toBeVisible();
    await expect(element.getByRole('heading')).toHaveCount(1);
    expect((await eventsOf(page, 'hearth-partner-created'))[0]).toMatchObject({ slug });
    await expectNoAxeViolations(page);

    // ---- branding: the website name and how visitors reach the partner reach dynamic-config
    await element.getByLabel(t.websiteName).fill('Avery Homes');
    await element.getByLabel(t.tollFreeNumber).fill('(888) 555-0147');
    await element.getByLabel(t.supportEmail).fill('not an email');
    await element.getByLabel(t.privacyPolicyUrl).fill('https://avery-homes.example/privacy');
    await element.getByRole('button', { name: t.save, exact: true }).click();
    await expect(element.locator('.field-error', { hasText: 'supportEmail must be an email address.' })).toBeVisible();
    await element.getByLabel(t.supportEmail).fill('help@avery-homes.example');
    await element.getByRole('button', { name: t.save, exact: true }).click();
    await expect(element.locator('[part="save-status"]')).toHaveText(t.saved);
    expect(await dynamicContext(slug)).toMatchObject({
      websiteName: 'Avery Homes',
      // Typed as people write it, stored in E.164 and shown as its country reads it (the one phone rule).
      tollFreeNumber: '+18885550147',
      phoneDisplay: { '+18885550147': '(888) 555-0147' },
      supportEmail: 'help@avery-homes.example',
      privacyPolicyUrl: 'https://avery-homes.example/privacy',
    });

    // The logo: one 'Choose a logo' button (no raw file input to be seen); the chosen file is uploaded at once.
    const logo = element.locator('[part="logo"]');
    const fileInput = logo.locator('input[type="file"]');
    expect(await fileInput.evaluate((input) => getComputedStyle(input).opacity)).toBe('0');
    await expect(logo.getByText(t.chooseLogo)).toBeVisible();
    const logoPng = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
    await fileInput.setInputFiles({ name: 'avery-logo.png', mimeType: 'image/png', buffer: logoPng });
    await expect(logo.getByRole('status')).toHaveText(t.uploadedFile('avery-logo.png'));
    await expect(logo.locator('img')).toHaveAttribute('src', new RegExp(`^${apiUrl()}/media/partners/`));
    await expect(logo.getByText(t.replaceLogo)).toBeVisible();
    await expectNoAxeViolations(page);

    // ---- theme: the live preview follows the colour input
    await element.getByRole('tab', { name: t.tabs.theme }).click();
    const preview = element.locator('[part="preview"]');
    await expect(preview).toHaveAttribute('data-state', 'ready');
    const sendButton = preview.locator('hearth-contact-form').getByRole('button', { name: contactTexts.submit });
    await expect(sendButton).toBeVisible();
    await expect(preview.locator('hearth-listing-card [part="base"]').first()).toBeVisible();
    // The preview shows the partner's brand as its visitors see it, not this page's.
    const previewForm = preview.locator('hearth-contact-form');
    await expect(previewForm.locator('[part="consent"]')).toHaveText(contactTexts.consent('Avery Homes'));
    await expect(previewForm.locator('[part="call-line"]')).toContainText('(888) 555-0147');
    await expect(previewForm.locator('[part="call-line"] a').last()).toHaveAttribute('href', 'https://avery-homes.example/privacy');
    expect(await previewForm.evaluate((host) => host.shadowRoot!.textContent)).not.toMatch(/hearth/i);
    const background = () => sendButton.evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(await background()).toBe('rgb(29, 78, 216)');
    await element.getByLabel(t.primaryColour).fill('#0b6e4f');
    await expect.poll(background).toBe('rgb(11, 110, 79)');
    await expect(element.locator('[data-pair="button-text-on-primary"]')).toHaveAttribute('data-state', 'pass');
    await expectNoAxeViolations(page);
    const photo = preview.locator('hearth-listing-card img').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: `/tmp/partner-console-theme-${testInfo.project.name}.png`, fullPage: true });

    // A low-contrast primary: refused inline before saving, nothing sent.
    await element.getByLabel(t.primaryColour).fill('#ffeb3b');
    const pair = element.locator('[data-pair="button-text-on-primary"]');
    await expect(pair).toHaveAttribute('data-state', 'fail');
    await expect(pair).toContainText(t.contrastRefusal('button-text-on-primary', 1.22));
    const saves: string[] = [];
    page.on('request', (r) => r.url().includes('queryName=UpdatePartnerSettings') && saves.push(r.url()));
    await element.getByRole('button', { name: t.save, exact: true }).click();
    await expect(element.locator('[data-field="primaryColor"] [part="error"], [data-field="primaryColor"] .field-error')).toHaveText(
      t.contrastRefusal('button-text-on-primary', 1.22),
    );
    expect(saves).toEqual([]);
    expect((await dynamicContext(slug)).themeData?.tokens?.['color-primary']).not.toBe('#ffeb3b');

    // A readable one saves, and visitors get it from dynamic-config.
    await element.getByLabel(t.primaryColour).fill('#0b6e4f');
    await element.getByRole('button', { name: t.save, exact: true }).click();
    await expect(element.locator('[part="save-status"]')).toHaveText(t.saved);
    expect((await dynamicContext(slug)).themeData?.tokens?.['color-primary']).toBe('#0b6e4f');
    expect((await eventsOf(page, 'hearth-partner-saved')).at(-1)).toMatchObject({ fields: ['primaryColor'] });

    // ---- agent: a picture upload, re-encoded by the server and shown from our origin
    await element.getByRole('tab', { name: t.tabs.agent }).click();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
    await element.locator('[part="agent-picture"] input[type="file"]').setInputFiles({ name: 'avery.png', mimeType: 'image/png', buffer: png });
    const picture = element.locator('[part="agent-picture"] img');
    await expect(picture).toHaveAttribute('src', new RegExp(`^${apiUrl()}/media/partners/\\d+/agent-[0-9a-f]{24}\\.webp$`));
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    await expectNoAxeViolations(page);

    // ---- origins: an invalid one refused with its reason, a valid one listed
    await element.getByRole('tab', { name: t.tabs.origins }).click();
    await element.getByLabel(t.newOrigin).fill('http://www.avery-homes.example');
    await element.getByRole('button', { name: t.addOrigin }).click();
    await expect(element.getByText('Origins other than localhost must use https://.')).toBeVisible();
    await element.getByLabel(t.newOrigin).fill('https://www.avery-homes.example');
    await element.getByRole('button', { name: t.addOrigin }).click();
    await expect(element.locator('[part="origin"]')).toHaveCount(1);
    await expect(element.locator('[part="origin"] code')).toHaveText('https://www.avery-homes.example');
    await expectNoAxeViolations(page);

    // ---- snippets: Copy puts the exact two lines on the clipboard
    await element.getByRole('tab', { name: t.tabs.snippets }).click();
    const snippet = element.locator('[part="snippet"][data-tag="hearth-contact-form"]');
    const expected = `<script src="${apiUrl()}/cdn/v1/loader.js" data-partner="${slug}" async></script>\n<hearth-contact-form></hearth-contact-form>`;
    await expect(snippet.locator('textarea')).toHaveValue(expected);
    await snippet.getByRole('button', { name: t.copy }).click();
    await expect(snippet.locator('[part="copy-status"]')).toHaveText(t.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await expectNoAxeViolations(page);

    // ---- activity: each change, newest first (created, branding, logo, theme, agent picture, origin)
    await element.getByRole('tab', { name: t.tabs.activity }).click();
    await expect(element.locator('[part="audit-entry"]')).toHaveCount(6);
    await expect(element.locator('[part="audit-entry"]').first()).toHaveAttribute('data-action', 'settings.updated');
    await expect(element.locator('[part="audit-entry"]').last()).toHaveAttribute('data-action', 'partner.created');
    await expectNoAxeViolations(page);

    expect(await cspViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/partner-console-${testInfo.project.name}.png`, fullPage: true });
  });

  test('an owner adds an existing account as admin by email, sees both with their roles, and removes them; never the last owner', async ({ openPartnerPage, page, request }, testInfo) => {
    const owner = await signUp(request, 'Morgan', 'Owner');
    const colleague = await signUp(request, 'Casey', 'Colleague');
    const slug = `e2e-mem-${testInfo.project.name}-${Date.now().toString(36)}`;
    const created = await graphql<{ signUpPartner: { id: string } }>(request, owner, `mutation SignUpPartner($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id } }`, {
      slug,
      name: 'Morgan Homes',
    });
    const { element, members } = await openMembers(page, owner, slug, openPartnerPage);
    await expect(members.locator('[part="member"]')).toHaveCount(1);
    await expect(members.locator('[part="member"]').first()).toHaveAttribute('data-role', 'owner');

    // Nobody with that email: refused beside the field.
    const email = members.getByLabel(t.members.email);
    await email.fill('nobody.here@example.com');
    await members.getByRole('button', { name: t.members.add, exact: true }).click();
    await expect(members.locator('[part="add-member"] [part="error"]')).toHaveText(t.members.noAccount);
    await expectNoAxeViolations(page);

    // The colleague, by keyboard: typed, then Enter submits the form.
    await email.fill(colleague.email);
    await email.press('Enter');
    await expect(members.locator('[part="members-status"]')).toHaveText(t.members.added(colleague.email));
    await expect(members.locator('[part="member"]')).toHaveCount(2);
    const added = members.locator('[part="member"][data-role="admin"]');
    await expect(added).toContainText(colleague.email);
    await expect(added.locator('[part="member-role"]')).toHaveText(t.members.roles.ADMIN);
    await expect(email).toHaveValue('');
    await expectNoAxeViolations(page);

    // The colleague now manages it, once signed in again: a privilege change ends the sessions they had.
    await expect(graphql(request, colleague, `query PartnerSettings($partnerId: ID!) { partnerSettings(partnerId: $partnerId) { role } }`, { partnerId: created.signUpPartner.id })).rejects.toThrow();
    const colleagueAgain = await logIn(request, { email: colleague.email, password: PASSWORD });
    const asColleague = await graphql<{ partnerSettings: { role: string } }>(request, colleagueAgain, `query PartnerSettings($partnerId: ID!) { partnerSettings(partnerId: $partnerId) { role } }`, {
      partnerId: created.signUpPartner.id,
    });
    expect(asColleague.partnerSettings.role).toBe('ADMIN');

    // The only owner cannot be removed.
    await members.locator('[part="member"][data-role="owner"] [part="remove-member"]').click();
    await expect(members.locator('[part="members-status"]')).toHaveText(t.members.lastOwner);
    await expect(members.locator('[part="member"]')).toHaveCount(2);

    // Removing the colleague: gone from the list, and from the partner.
    await added.locator('[part="remove-member"]').click();
    await expect(members.locator('[part="members-status"]')).toHaveText(t.members.removed(colleague.email));
    await expect(members.locator('[part="member"]')).toHaveCount(1);
    const colleagueLater = await logIn(request, { email: colleague.email, password: PASSWORD });
    await expect(
      graphql(request, colleagueLater, `query PartnerSettings($partnerId: ID!) { partnerSettings(partnerId: $partnerId) { role } }`, { partnerId: created.signUpPartner.id }),
    ).rejects.toThrow(/not found/i);

    // Audited.
    await element.getByRole('tab', { name: t.tabs.activity }).click();
    await expect(element.locator('[part="audit-entry"]').first()).toHaveAttribute('data-action', 'member.removed');
    await expect(element.locator('[part="audit-entry"]').nth(1)).toHaveAttribute('data-action', 'member.added');
    expect(await cspViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/partner-members-${testInfo.project.name}.png`, fullPage: true });
  });

  test('its tabs never wrap into rows: a column beside the panel when wide, one row that scrolls sideways on a phone; arrow keys move either way', async ({ openPartnerPage, page, request }) => {
    await startSignedIn(page, await logIn(request, 'agent'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPartnerPage('/partner-console.html');
    const element = page.locator(CONSOLE);
    const base = element.locator('[part="base"]');
    await expect(base).toHaveAttribute('data-state', 'ready');
    const list = element.getByRole('tablist');
    const tabs = element.getByRole('tab');
    const boxes = async () => Promise.all((await tabs.all()).map(async (tab) => (await tab.boundingBox())!));

    await expect(base).toHaveAttribute('data-layout', 'wide');
    await expect(list).toHaveAttribute('aria-orientation', 'vertical');
    const column = await boxes();
    expect(new Set(column.map((b) => Math.round(b.x))).size).toBe(1);
    // The column is a side navigation, not half the console, whatever the host page's root font size (this page
    // sets every element's font to 40px: a column in rem was 460px of the console's 860px).
    const consoleWidth = (await base.boundingBox())!.width;
    expect((await list.boundingBox())!.width).toBeLessThan(consoleWidth / 3);
    await tabs.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(element.getByRole('tab', { name: t.tabs.theme })).toBeFocused();
    await expect(element.getByRole('tab', { name: t.tabs.theme })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(element.getByRole('tab', { name: t.tabs.activity })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(base).toHaveAttribute('data-layout', 'narrow');
    await expect(list).toHaveAttribute('aria-orientation', 'horizontal');
    const row = await boxes();
    expect(new Set(row.map((b) => Math.round(b.y))).size).toBe(1);
    // The selected tab (the last) is scrolled into the row's view; Home brings the first back.
    const inView = async (name: string) => {
      const tab = (await element.getByRole('tab', { name }).boundingBox())!;
      const box = (await list.boundingBox())!;
      return tab.x >= box.x - 1 && tab.x + tab.width <= box.x + box.width + 1;
    };
    await expect.poll(() => inView(t.tabs.activity)).toBe(true);
    await element.getByRole('tab', { name: t.tabs.activity }).focus();
    await page.keyboard.press('Home');
    await expect(element.getByRole('tab', { name: t.tabs.branding })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => inView(t.tabs.branding)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(element.getByRole('tab', { name: t.tabs.theme })).toBeFocused();
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });

  test("another account cannot open a partner's console", async ({ openPartnerPage, page, request }, testInfo) => {
    const owner = await signUp(request, 'Owner', 'One');
    const slug = `e2e-own-${testInfo.project.name}-${Date.now().toString(36)}`;
    const created = await graphql<{ signUpPartner: { id: string } }>(request, owner, `mutation SignUpPartner($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id } }`, {
      slug,
      name: 'Owner One Homes',
    });
    const other = await signUp(request, 'Other', 'Two');
    await startSignedIn(page, other);
    await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => document.querySelector('#partner-console').setAttribute('partner-id', ${JSON.stringify(created.signUpPartner.id)}));`);
    await openPartnerPage('/partner-console.html');
    const element = page.locator(CONSOLE);
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'failed');
    await expect(element.locator('[part="message"]')).toHaveText('Partner not found.');
    await expect(element.getByText('Owner One Homes')).toHaveCount(0);
  });

  test('an owner invites a person without an account, revokes it and invites again; once they sign up with that address and confirm it, they are a member', async ({
    openPartnerPage,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await signUp(request, 'Robin', 'Owner');
    const slug = `e2e-inv-${testInfo.project.name}-${Date.now().toString(36)}`;
    await graphql(request, owner, `mutation SignUpPartner($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id } }`, { slug, name: 'Robin Homes' });
    const { element, members } = await openMembers(page, owner, slug, openPartnerPage);
    const status = members.locator('[part="members-status"]');
    const invitations = members.locator('[part="invitation"]');
    await expect(invitations).toHaveCount(0);

    // No account with that address: Add offers an invitation, reached from Add with the keyboard.
    const invitee = `invitee.${testInfo.project.name}.${Date.now().toString(36)}@example.com`;
    const email = members.getByLabel(t.members.email);
    const add = members.getByRole('button', { name: t.members.add, exact: true });
    const send = members.getByRole('button', { name: t.invitations.send });
    await email.fill(invitee);
    await add.click();
    await expect(members.locator('[part="invite-offer"]')).toContainText(t.invitations.offer(invitee));
    await add.focus();
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `/tmp/invitations-offer-${testInfo.project.name}.png`, fullPage: true });
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(t.invitations.sent(invitee));
    await expect(invitations).toHaveCount(1);
    await expect(invitations.first()).toContainText(invitee);
    await expect(invitations.first().locator('[part="invitation-role"]')).toHaveText(t.members.roles.ADMIN);
    await expect(invitations.first()).toContainText(t.invitations.invitedBy('Robin Owner'));
    await expect(email).toHaveValue('');
    await expect(members.locator('[part="invite-offer"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Revoked after a confirmation (Cancel first keeps it).
    await invitations.first().getByRole('button', { name: t.invitations.revoke(invitee) }).click();
    const confirm = element.getByRole('dialog', { name: t.invitations.confirmTitle });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(invitations).toHaveCount(1);
    await invitations.first().getByRole('button', { name: t.invitations.revoke(invitee) }).click();
    await confirm.getByRole('button', { name: t.invitations.revokeShort, exact: true }).click();
    await expect(status).toHaveText(t.invitations.revoked(invitee));
    await expect(invitations).toHaveCount(0);

    // Invited again, as an owner this time.
    await email.fill(invitee);
    await members.getByLabel(t.members.role).selectOption('OWNER');
    await add.click();
    await send.click();
    await expect(status).toHaveText(t.invitations.sent(invitee));
    await expect(invitations).toHaveCount(1);
    await expect(invitations.first()).toHaveAttribute('data-role', 'owner');
    await expectNoAxeViolations(page);
    await members.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/invitations-${testInfo.project.name}.png`, fullPage: true });
    if (testInfo.project.name === 'preact') await page.screenshot({ path: '/tmp/invitations.png', fullPage: true });

    // The mails: the invitation names the partner, the inviter and the role, and links to the sign-up.
    const mailsTo = async () => (await (await request.get(`${process.env.HEARTH_MAIL_URL}/mails?to=${encodeURIComponent(invitee)}`)).json()) as { subject: string; body: string }[];
    await expect.poll(async () => (await mailsTo()).length, { timeout: 20_000 }).toBe(2);
    const mail = (await mailsTo()).at(-1)!;
    expect(mail.subject).toBe(t.invitations.mailSubject('Robin Homes'));
    expect(mail.body).toContain('Robin Owner invited you to be an owner of Robin Homes.');
    expect(mail.body.split(/\r?\n/)).toContain(`${apiUrl()}/log-in`);

    // They sign up with that address and confirm it: an owner from then on.
    const signedUp = await request.post(`${apiUrl()}/v1/api/sign-up/`, {
      data: { email: invitee, password: PASSWORD, firstName: 'Ivy', lastName: 'Invitee' },
      headers: { Origin: partnerUrl() },
    });
    expect(signedUp.status()).toBe(201);
    let verify = '';
    await expect
      .poll(
        async () => {
          verify = (await mailsTo()).map((m) => m.body.match(/https?:\/\/\S+\/v1\/api\/verify-email\/\S+/)?.[0]).find(Boolean) ?? '';
          return verify;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    expect((await request.get(verify)).status()).toBe(200);

    await page.reload();
    await element.getByRole('tab', { name: t.tabs.members }).click();
    await expect(members).toHaveAttribute('data-state', 'loaded');
    await expect(members.locator('[part="member"]')).toHaveCount(2);
    await expect(members.locator('[part="member"][data-role="owner"]').filter({ hasText: invitee })).toHaveCount(1);
    await expect(invitations).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });
});
