/**
 * Issue 16's acceptance, and issue 35's agent journey, end to end in one browser session: a new agent signs up as a
 * partner, gives it its own brand (a website name and a toll-free number typed as people write it), themes it
 * (live preview; a low-contrast colour refused), uploads a picture, allows their site's origin, creates an
 * admin API key and points a webhook at a receiver of their own, copies the contact-form snippet into a page
 * of that site (another origin, a strict CSP naming only the API origin), a visitor writes through it, the
 * lead (its phone typed '(801) 363-4127') shows in the console's Leads tab with its phone formatted, the CSV export
 * has it formatted and the API stored it in E.164, the visitor's form showed the partner's brand and none of ours; the receiver gets exactly one delivery whose signature verifies
 * with the documented helper (server/webhooks/signature.ts); a second partner sees none of it.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { contactTexts } from '../../core/i18n/contact';
import { leadTexts } from '../../core/i18n/leads';
import { partnerTexts as t } from '../../core/i18n/partners';
import { SIGNATURE_HEADER, verifyWebhook } from '../../server/webhooks/signature';
import { apiUrl, cspViolations, expect, partnerUrl, test } from './fixtures';
import { graphql, signUp, startSignedIn } from './sessions';

const CONSOLE = '#partner-console';

async function expectNoAxeViolations(page: Page, selector = CONSOLE) {
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

interface Delivery {
  body: string;
  signature: string | undefined;
}

/** The agent's own webhook receiver: records every POST and answers 204. */
function webhookReceiver() {
  const deliveries: Delivery[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void readBody(req).then((body) => {
      if (req.method === 'POST') deliveries.push({ body, signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined });
      res.statusCode = 204;
      res.end();
    });
  });
  return { server, deliveries };
}

/**
 * The agent's own website: one page holding whatever HTML the agent pasted, served with a strict CSP that
 * allows scripts, styles, images and connections from the API origin only (no 'self', no inline).
 */
function agentSite(api: string) {
  let pasted = '';
  const csp = [
    "default-src 'none'",
    `script-src ${api}`,
    `style-src ${api}`,
    `img-src ${api}`,
    `connect-src ${api}`,
    `font-src ${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/') {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Avery Homes — contact us</title></head>
  <body>
    <main>
      <h1>Talk to Avery</h1>
${pasted}
    </main>
  </body>
</html>`);
  });
  return { server, paste: (html: string) => void (pasted = html) };
}

test.describe('partner acceptance (issue 16)', () => {
  test('sign up, brand, theme, picture, origin, snippet on a strict-CSP page of that origin, the lead with its formatted phone in the inbox and the CSV, one signed webhook; a second partner sees none of it', async ({
    openPartnerPage,
    page,
    browser,
    build,
    request,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    const receiver = webhookReceiver();
    const site = agentSite(apiUrl());
    const receiverUrl = await listen(receiver.server);
    const siteUrl = await listen(site.server);
    try {
      // ---- a new user, then partner sign-up in the console
      const agent = await signUp(request, 'Avery', 'Accept');
      await startSignedIn(page, agent);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: partnerUrl() });
      await openPartnerPage('/partner-console.html');
      const element = page.locator(CONSOLE);
      const base = element.locator('[part="base"]');
      await expect(base).toHaveAttribute('data-state', 'sign-up');
      const slug = `acc-${testInfo.project.name}-${Date.now().toString(36)}`;
      await element.getByLabel(t.signUpName).fill('Avery Acceptance Homes');
      await element.getByLabel(t.signUpSlug).fill(slug);
      await element.getByRole('button', { name: t.signUpSubmit }).click();
      await expect(base).toHaveAttribute('data-state', 'ready');
      await expect(base).toHaveAttribute('data-partner', slug);

      // ---- brand (issue 35): the partner's own website name and toll-free number, typed as people write it
      await element.getByRole('tab', { name: t.tabs.branding }).click();
      await element.getByLabel(t.websiteName).fill('Avery Homes');
      await element.getByLabel(t.tollFreeNumber).fill('888.555.0147');
      await element.getByRole('button', { name: t.save, exact: true }).click();
      await expect(element.locator('[part="save-status"]')).toHaveText(t.saved);
      // Stored in E.164 and served to the partner's elements; shown formatted when the console reads it again.
      const config = await request.get(`${apiUrl()}/v1/api/dynamic-config/?partner=${slug}`);
      const served = JSON.parse(((await config.json()) as { app_config: { app_context: string } }).app_config.app_context) as Record<string, unknown>;
      expect(served).toMatchObject({ websiteName: 'Avery Homes', tollFreeNumber: '+18885550147' });
      await page.reload();
      await expect(base).toHaveAttribute('data-state', 'ready');
      await expect(element.getByLabel(t.tollFreeNumber)).toHaveValue('(888) 555-0147');
      await page.screenshot({ path: `/tmp/partner-acceptance-branding-${testInfo.project.name}.png`, fullPage: true });

      // ---- theme: the live preview follows, a low-contrast colour is refused with the contrast message
      await element.getByRole('tab', { name: t.tabs.theme }).click();
      const preview = element.locator('[part="preview"]');
      await expect(preview).toHaveAttribute('data-state', 'ready');
      const sendButton = preview.locator('hearth-contact-form').getByRole('button', { name: contactTexts.submit });
      const background = () => sendButton.evaluate((b) => getComputedStyle(b).backgroundColor);
      await element.getByLabel(t.primaryColour).fill('#7c2d12');
      await expect.poll(background).toBe('rgb(124, 45, 18)');
      await element.getByLabel(t.primaryColour).fill('#fde68a');
      await expect(element.locator('[data-pair="button-text-on-primary"]')).toHaveAttribute('data-state', 'fail');
      await element.getByRole('button', { name: t.save, exact: true }).click();
      await expect(element.locator('[data-field="primaryColor"] .field-error')).toContainText('it must be at least 4.5:1 to be readable');
      await element.getByLabel(t.primaryColour).fill('#7c2d12');
      await element.getByRole('button', { name: t.save, exact: true }).click();
      await expect(element.locator('[part="save-status"]')).toHaveText(t.saved);

      // ---- agent picture
      await element.getByRole('tab', { name: t.tabs.agent }).click();
      const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#7c2d12' } }).png().toBuffer();
      await element.locator('[part="agent-picture"] input[type="file"]').setInputFiles({ name: 'avery.png', mimeType: 'image/png', buffer: png });
      const picture = element.locator('[part="agent-picture"] img');
      await expect(picture).toHaveAttribute('src', new RegExp(`^${apiUrl()}/media/partners/`));
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      // ---- the agent's site origin
      await element.getByRole('tab', { name: t.tabs.origins }).click();
      await element.getByLabel(t.newOrigin).fill(siteUrl);
      await element.getByRole('button', { name: t.addOrigin }).click();
      await expect(element.locator('[part="origin"] code')).toHaveText(siteUrl);

      // ---- visitor activity on (Site & search), so the inbox can show what a visitor looked at
      await element.getByRole('tab', { name: t.tabs.site }).click();
      await element.getByRole('checkbox', { name: t.analyticsEnabled }).check();
      await element.getByRole('button', { name: t.save, exact: true }).click();
      await expect(element.locator('[part="save-status"]')).toHaveText(t.saved);

      // ---- an admin API key, and with it the webhook (the REST API the partner's systems use)
      await element.getByRole('tab', { name: t.tabs.apiKeys }).click();
      await element.getByLabel(t.keyName).fill('CRM');
      await element.getByRole('checkbox', { name: 'admin' }).check();
      await element.getByRole('button', { name: t.createKey }).click();
      const secretText = (await element.locator('[part="new-key"] code').textContent())!.trim();
      expect(secretText).toMatch(/^hk_/);
      const setWebhook = await request.post(`${apiUrl()}/v1/api/webhook/?partner=${slug}`, {
        data: { url: `${receiverUrl}/hooks/hearth` },
        headers: { Authorization: `Partner ${secretText}` },
      });
      expect(setWebhook.status()).toBe(200);
      const webhookSecret = ((await setWebhook.json()) as { secret: string }).secret;
      expect(webhookSecret).toMatch(/^whsec_/);

      // ---- Snippets: the copy button puts the two lines on the clipboard
      await element.getByRole('tab', { name: t.tabs.snippets }).click();
      const snippet = element.locator('[part="snippet"][data-tag="hearth-contact-form"]');
      await snippet.getByRole('button', { name: t.copy }).click();
      await expect(snippet.locator('[part="copy-status"]')).toHaveText(t.copied);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(`<script src="${apiUrl()}/cdn/v1/loader.js" data-partner="${slug}" async></script>\n<hearth-contact-form></hearth-contact-form>`);
      await page.screenshot({ path: `/tmp/partner-acceptance-console-${testInfo.project.name}.png`, fullPage: true });

      // ---- pasted into the agent's page (the React project loads the same path of its own build)
      site.paste(build === 'cdn-react' ? copied.replace('/cdn/v1/', '/cdn-react/v1/') : copied);
      const visitor = await browser.newPage();
      const csp: string[] = [];
      await visitor.exposeFunction('__recordCsp', (line: string) => void csp.push(line));
      await visitor.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __recordCsp(l: string): void }).__recordCsp(`${e.violatedDirective} ${e.blockedURI}`)),
      );
      await visitor.goto(siteUrl);
      const form = visitor.locator('hearth-contact-form');
      await expect(form.getByRole('button', { name: contactTexts.submit })).toBeVisible();
      // The partner's brand, none of ours: its call line, its name in the consent text.
      await expect(form.locator('[part="call-line"]').getByRole('link', { name: '(888) 555-0147' })).toHaveAttribute('href', 'tel:+18885550147');
      await expect(form.locator('[part="consent"]')).toHaveText(contactTexts.consent('Avery Homes'));
      const shownText = await form.evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(shownText).not.toContain('Hearth');
      expect(shownText).not.toContain('(800) 555-0199');
      // The collector's pseudonymous id; what this visitor did on the agent's other pages arrives as its beacons do.
      const readVisitorId = () =>
        visitor.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('hearth:visitor:')).map((k) => localStorage.getItem(k))[0] ?? null);
      await expect.poll(readVisitorId).toMatch(/^[0-9a-f-]{36}$/);
      const visitorId = (await readVisitorId())!;
      const beacon = await request.post(`${apiUrl()}/v1/api/events/?partner=${slug}`, {
        headers: { Origin: siteUrl, 'Content-Type': 'text/plain' },
        data: JSON.stringify({
          visitorId,
          events: [
            { kind: 'search', at: Date.now() - 90_000, place: 'Salt Lake City, UT', minPrice: 400_000, maxPrice: 600_000, path: '/homes' },
            { kind: 'listing_view', at: Date.now() - 60_000, listingId: 1001, path: '/homes/listing' },
          ],
        }),
      });
      expect(beacon.status()).toBe(202);
      const lastName = `Accept${testInfo.project.name}${Date.now().toString(36)}`;
      await form.getByLabel(contactTexts.labels.firstName).fill('Vera');
      await form.getByLabel(contactTexts.labels.lastName).fill(lastName);
      await form.getByLabel(contactTexts.labels.email).fill(`${lastName.toLowerCase()}@example.com`);
      await form.getByLabel(contactTexts.labels.phone).fill('(801) 363-4127');
      await form.getByLabel(contactTexts.labels.comment).fill('Is the corner lot still available?');
      await form.getByRole('button', { name: contactTexts.submit }).click();
      await expect(form.locator('[part="thank-you"]')).toBeVisible();
      await visitor.screenshot({ path: `/tmp/partner-acceptance-site-${testInfo.project.name}.png`, fullPage: true });
      expect(csp).toEqual([]);
      await visitor.close();

      // ---- the lead in the console's Leads tab
      await element.getByRole('tab', { name: t.tabs.leads }).click();
      const inbox = element.locator('hearth-leads');
      await expect(inbox.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
      const row = inbox.locator('[part="lead"]');
      await expect(row).toHaveCount(1);
      await expect(row.locator('[part="lead-name"]')).toHaveText(`Vera ${lastName}`);
      await expect(row.locator('[part="lead-source"]')).toHaveText(leadTexts.source.CONTACT);

      // ---- its detail: the phone as the agent dials it; what the visitor looked at before getting in touch, the listing as a link on the site
      await row.locator('[part="lead-button"]').click();
      await expect(inbox.locator('[part="detail"]').getByRole('link', { name: '(801) 363-4127' })).toHaveAttribute('href', 'tel:+18013634127');
      // Readable inside the console's panel (the inbox lays out by its own width, not the page's): the visitor's
      // email takes a line or two, not one character a line.
      const emailLink = inbox.locator('[part="detail"]').getByRole('link', { name: `${lastName.toLowerCase()}@example.com` });
      expect((await emailLink.boundingBox())!.height).toBeLessThan(60);
      const activity = inbox.locator('[part="detail"] [part="activity"]');
      await expect(activity).toHaveAttribute('data-state', 'loaded');
      const viewed = activity.locator('[part="activity-item"][data-kind="listing_view"]');
      await expect(viewed).toHaveCount(1);
      await expect(viewed).toContainText(leadTexts.activity.listingView);
      await expect(viewed.locator('[part="activity-listing"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/listing\/[^/]+\/HRT1001$/);
      await expect(viewed.locator('[part="activity-listing"]')).toContainText('Salt Lake City');
      await expect(activity.locator('[part="activity-item"][data-kind="search"]')).toContainText(leadTexts.activity.search('Salt Lake City, UT', '$400k–$600k'));
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/partner-acceptance-lead-${testInfo.project.name}.png`, fullPage: true });

      // ---- the CSV export has the phone as the inbox shows it; the API stored it in E.164
      const [download] = await Promise.all([page.waitForEvent('download'), inbox.getByRole('link', { name: leadTexts.exportCsv }).click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      const csvLine = csv.split('\r\n').find((line) => line.includes(lastName));
      expect(csvLine).toContain(`,${lastName.toLowerCase()}@example.com,(801) 363-4127,`);
      const stored = await request.get(`${apiUrl()}/v1/api/leads/?partner=${slug}&limit=100`, { headers: { Authorization: `Partner ${secretText}` } });
      expect(stored.status()).toBe(200);
      const storedLead = ((await stored.json()) as { leads: { lastName: string; phone: string }[] }).leads.find((l) => l.lastName === lastName);
      expect(storedLead?.phone).toBe('+18013634127');

      // ---- exactly one delivery, signed as documented
      await expect.poll(() => receiver.deliveries.length, { timeout: 20_000 }).toBe(1);
      const [delivery] = receiver.deliveries;
      expect(verifyWebhook(webhookSecret, delivery!.body, delivery!.signature)).toMatchObject({ ok: true });
      expect(verifyWebhook('whsec_not-the-secret', delivery!.body, delivery!.signature)).toEqual({ ok: false, reason: 'mismatch' });
      const payload = JSON.parse(delivery!.body) as { type: string; partner: string; lead: { id: string; lastName: string; source: string; pageOrigin: string | null } };
      expect(payload).toMatchObject({ type: 'lead.created', partner: slug, lead: { lastName, source: 'contact', pageOrigin: siteUrl } });
      await page.waitForTimeout(1_500);
      expect(receiver.deliveries).toHaveLength(1);
      expect(await cspViolations(page)).toEqual([]);

      // ---- a second partner: their console's Leads tab is empty, and asking for the lead by id is NOT_FOUND
      const rival = await signUp(request, 'Rita', 'Rival');
      await graphql(request, rival, `mutation SignUpPartner($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id } }`, {
        slug: `rival-${slug}`,
        name: 'Rival Realty',
      });
      const rivalPage = await browser.newPage();
      await startSignedIn(rivalPage, rival);
      const rivalUrl = new URL('/partner-console.html', partnerUrl());
      if (build === 'cdn-react') rivalUrl.searchParams.set('build', 'react');
      await rivalPage.goto(rivalUrl.href);
      const rivalConsole = rivalPage.locator(CONSOLE);
      await expect(rivalConsole.locator('[part="base"]')).toHaveAttribute('data-partner', `rival-${slug}`);
      await rivalConsole.getByRole('tab', { name: t.tabs.leads }).click();
      await expect(rivalConsole.locator('hearth-leads [part="base"]')).toHaveAttribute('data-state', 'empty');
      await expect(rivalConsole.getByText(lastName)).toHaveCount(0);
      await rivalPage.close();
      await expect(
        graphql(request, rival, `query PartnerLead($id: ID!) { partnerLead(id: $id) { id lastName } }`, { id: payload.lead.id }),
      ).rejects.toThrow(/not found/i);
      const mine = await graphql<{ myPartners: { id: string; slug: string }[] }>(request, agent, `query MyPartners { myPartners { id slug } }`);
      const partnerId = mine.myPartners.find((p) => p.slug === slug)!.id;
      await expect(
        graphql(request, rival, `query PartnerLeads($partnerId: ID) { partnerLeads(partnerId: $partnerId) { totalCount } }`, { partnerId }),
      ).rejects.toThrow(/not found/i);
      // The agent sees it through the same call.
      const own = await graphql<{ partnerLead: { lastName: string } }>(request, agent, `query PartnerLead($id: ID!) { partnerLead(id: $id) { id lastName } }`, { id: payload.lead.id });
      expect(own.partnerLead.lastName).toBe(lastName);
    } finally {
      await close(receiver.server);
      await close(site.server);
    }
  });
});
