/**
 * Issue 35, white-label: under a partner with its own name and numbers, nothing the server writes names us or
 * shows our numbers — every hosted page (found from the site's routes, its sitemap and the Account page, signed
 * out and signed in), the mails its visitors and agent receive (sign-up verification and the page its link
 * opens, password reset, lead notification, tour request and decision), and a flyer made for one of its
 * listings. Our own site (the default partner) keeps our brand. The browser side, every element on a
 * partner's page: tests/e2e/white-label.spec.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandLeaks, type ShownText } from '../../core/testing/brand-leaks';
import { buyerTourGrid } from '../../core/tours/tour-times';
import { freshEmail, linkIn, postJson, signUp, STRONG_PASSWORD, type SignedUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import { insertSellerCase } from '../listing-photos/demo-case';
import { SITEMAP_PAGES } from '../site/sitemap';
import { sitePageRoutes } from '../site/pages';
import { namedOp } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { engineName, startTestServer } from '../testing/test-server';

const BRAND = {
  name: 'Zephyr Homes',
  websiteName: 'Zephyr Homes',
  companyName: 'Zephyr Homes LLC',
  tollFreeNumber: '(888) 555-0147',
  supportEmail: 'help@zephyr.example',
  privacyPolicyUrl: 'https://zephyr.example/privacy',
  agentName: 'Zoe Zephyr',
  agentEmail: 'zoe@zephyr.example',
  agentOfficePhone: '(385) 555-0163',
};

let server: RunningServer;
let uploadDir: string;
let owner: SignedUp;
let partner: { id: string; slug: string };

/** GraphQL on `path` for the partner (the embed's ?partner=), as `who`. */
async function gql(who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${server.url}/${who ? 'graphql' : 'public_graphql'}/?queryName=Op&partner=${partner.slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(who ? { Authorization: `Token ${who.token}` } : {}) },
    body: JSON.stringify({ query: namedOp(query), variables }),
  });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

/** The mails to `to`, each field a person reads: the sender's name, the subject and the body. */
async function mailsTo(to: string): Promise<{ sender: string | null; subject: string; body: string }[]> {
  const { rows } = await server.db.query<{ sender_name: string | null; subject: string; body: string }>(
    'SELECT sender_name, subject, body FROM outbox WHERE lower(to_address) = lower($1) ORDER BY id',
    [to],
  );
  return rows.map((r) => ({ sender: r.sender_name, subject: r.subject, body: r.body }));
}

const mailTexts = (mails: Awaited<ReturnType<typeof mailsTo>>, what: string): ShownText[] =>
  mails.flatMap((m, i) => [
    { where: `${what} #${i} sender`, text: m.sender ?? '' },
    { where: `${what} #${i} subject`, text: m.subject },
    { where: `${what} #${i} body`, text: m.body },
  ]);

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e]!);

/**
 * What a person reads of a server-written page: its text (the title and JSON-LD included, scripts and styles
 * not) and the alt, title, aria-label, placeholder and meta content attributes — not tag names, custom
 * property names, part names or other attributes. The "powered by" line is spec §1's own (white-label mode
 * shows it; our administrators decide): it is read apart.
 */
function pageTexts(path: string, html: string): ShownText[] {
  const body = html
    .replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[^>]*>[\s\S]*?<\/style>/gi, ' ')
    .replace(/<p class="powered-by">[\s\S]*?<\/p>/g, ' ');
  const attributes = [...body.matchAll(/\s(alt|title|aria-label|placeholder|content)="([^"]*)"/g)].map((m) => ({ where: `${path} [${m[1]}]`, text: decode(m[2]!) }));
  return [{ where: path, text: decode(body.replace(/<[^>]*>/g, ' ')) }, ...attributes];
}

/** Every page of the hosted site: each route (a mount by its own path), the sitemap's pages and posts, a listing, the Account page's links. */
async function hostedPaths(cookie: string): Promise<string[]> {
  const routes = Object.keys(sitePageRoutes)
    .filter((path) => !/\.(xml|txt|svg|ico)$/.test(path))
    .map((path) => path.replace(/\/\*$/, '') || '/');
  const sitemap = await (await fetch(`${server.url}/sitemap.xml?partner=${partner.slug}`)).text();
  const located = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(decode(m[1]!)).pathname);
  const listing = located.find((p) => p.startsWith('/listing/'))!;
  const posts = located.filter((p) => p.startsWith('/resources/')).slice(0, 2);
  const account = await (await fetch(`${server.url}/account?partner=${partner.slug}`, { headers: { cookie } })).text();
  const accountLinks = [...account.matchAll(/href="(\/account\/[^"?#]+)"/g)].map((m) => m[1]!);
  return [...new Set([...routes, ...SITEMAP_PAGES, listing, ...posts, ...accountLinks, '/log-in', '/reset/not-a-token'])];
}

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-white-label-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer({ jobs: false });
  owner = await signUp(server);
  partner = await signUpTestPartner(server, owner, BRAND.name);
  const { name: _name, ...settings } = BRAND;
  const response = await fetch(`${server.url}/graphql/?queryName=Op`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${owner.token}` },
    body: JSON.stringify({ query: namedOp('mutation ($id: ID!, $input: PartnerSettingsInput!) { updatePartnerSettings(partnerId: $id, input: $input) { id } }'), variables: { id: partner.id, input: settings } }),
  });
  expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
}, 240_000);

afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

describe(`white-label: nothing of ours under a partner (${engineName()})`, () => {
  it("every hosted page names the partner and shows its number, never ours, signed out and signed in", async () => {
    const login = await postJson(server, `/v1/api/api-token-auth/?partner=${partner.slug}`, { username: owner.email, password: STRONG_PASSWORD, session: true });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const paths = await hostedPaths(cookie);
    expect(paths.length).toBeGreaterThan(40);
    const texts: ShownText[] = [];
    let poweredBy = 0;
    for (const path of paths) {
      for (const [who, headers] of [['visitor', {}], ['signed in', { cookie }]] as const) {
        const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}partner=${partner.slug}`, { headers, redirect: 'manual' });
        if (response.status >= 300 && response.status < 400) continue; // a guard's redirect: the page it leads to is listed too
        const html = await response.text();
        if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) continue;
        texts.push(...pageTexts(`${path} (${who})`, html));
        if (html.includes('<p class="powered-by">')) poweredBy += 1;
      }
    }
    expect(brandLeaks(texts)).toEqual([]);
    const all = texts.map((t) => t.text).join('\n');
    expect(all).toContain(BRAND.websiteName);
    // The partner shows the powered-by line (spec §1: white-label mode), as a new partner does until our administrators hide it.
    expect(poweredBy).toBeGreaterThan(0);
  }, 240_000);

  it("our own site keeps our brand: the same pages name us (the check above can fail)", async () => {
    const html = await (await fetch(`${server.url}/about/contact`)).text();
    expect(brandLeaks(pageTexts('/about/contact', html)).length).toBeGreaterThan(0);
  });

  it("the site's icon is the partner's (its letter in its colour, or its logo), never ours, and is never missing", async () => {
    const icon = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      return { status: response.status, type: response.headers.get('content-type'), svg: await response.text() };
    };
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const ours = await icon(path);
      expect(ours).toMatchObject({ status: 200, type: 'image/svg+xml' });
      expect(ours.svg).toMatch(/>H<\/text>/);
      const theirs = await icon(`${path}?partner=${partner.slug}`);
      expect(theirs.svg).toMatch(/>Z<\/text>/);
    }
    const page = await (await fetch(`${server.url}/about?partner=${partner.slug}`)).text();
    expect(page).toContain(`<link rel="icon" href="/favicon.svg?partner=${partner.slug}" type="image/svg+xml">`);
    expect(await (await fetch(`${server.url}/about`)).text()).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // A partner with a logo shows its logo.
    await server.db.query(`UPDATE partners SET app_context = app_context || '{"appLogo": "/static/demo/avery.svg"}'::jsonb WHERE slug = $1`, [partner.slug]);
    try {
      const withLogo = await (await fetch(`${server.url}/about?partner=${partner.slug}`)).text();
      expect(withLogo).toContain(`<link rel="icon" href="${server.url}/static/demo/avery.svg">`);
    } finally {
      await server.db.query(`UPDATE partners SET app_context = app_context - 'appLogo' WHERE slug = $1`, [partner.slug]);
    }
  });

  it('the sign-up verification, its page and the password reset of an embed sign-up name the partner, never us', async () => {
    const email = freshEmail('visitor');
    const created = await postJson(server, `/v1/api/sign-up/?partner=${partner.slug}`, { email, password: STRONG_PASSWORD, firstName: 'Vi', lastName: 'Sitor' });
    expect(created.status).toBe(201);
    expect((await postJson(server, `/v1/api/reset-password/?partner=${partner.slug}`, { email })).status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your email address', 'Reset your password']);
    expect(mails.every((m) => m.sender === BRAND.websiteName)).toBe(true);
    expect(mails[0]!.body).toContain(`Welcome to ${BRAND.websiteName}.`);
    const verify = linkIn(mails[0]!.body, 'http');
    expect(verify).toMatch(new RegExp(`\\?partner=${partner.slug}$`));
    const page = await (await fetch(verify)).text();
    const reset = await (await fetch(linkIn(mails[1]!.body, 'http'))).text();
    expect(page).toContain(`<title>${BRAND.websiteName}</title>`);
    expect(reset).toContain(BRAND.websiteName);
    expect(brandLeaks([...mailTexts(mails, 'account mail'), ...pageTexts('verify page', page), ...pageTexts('reset page', reset)])).toEqual([]);
  });

  it("the lead notification, tour request and tour decision name the partner, never us", async () => {
    const seller = await signUp(server);
    const buyer = await signUp(server);
    const { rows } = await server.db.query<{ id: number; time_zone: string }>(
      'SELECT id, time_zone FROM listings WHERE internet_entire_listing_display AND enable_request_tour ORDER BY id DESC LIMIT 1',
    );
    const listingId = Number(rows[0]!.id);
    await server.db.query('UPDATE listings SET seller_user_id = $1 WHERE id = $2', [seller.user.id, listingId]);

    const lead = await postJson(server, `/v1/api/contact-form/?partner=${partner.slug}`, {
      firstName: 'Lea', lastName: 'Visitor', email: 'lea@example.com', phone: '8015550142', comment: 'Is the yard fenced?', listingId,
    });
    expect(lead.status).toBe(201);

    const tomorrow = buyerTourGrid(new Date(), rows[0]!.time_zone).gridDays[1]!;
    const requested = await gql(buyer, 'mutation ($l: ID!, $t: [String!]!) { saveTour(listingId: $l, scheduledDateTimes: $t) { id } }', {
      l: listingId,
      t: [tomorrow.slots[1]!.dateTime],
    });
    await gql(seller, 'mutation ($id: ID!, $s: String) { saveTourSeller(id: $id, start: $s, tourStatus: SCHEDULED) { id } }', {
      id: requested.saveTour.id,
      s: tomorrow.slots[1]!.dateTime,
    });

    const agentMails = await mailsTo(BRAND.agentEmail);
    const sellerMails = (await mailsTo(seller.email)).filter((m) => m.subject.startsWith('Tour'));
    const buyerMails = (await mailsTo(buyer.email)).filter((m) => m.subject.startsWith('Tour'));
    expect(agentMails.map((m) => m.subject)).toEqual([expect.stringMatching(/^New lead for .+: Lea Visitor$/)]);
    expect(sellerMails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Tour request: /)]);
    expect(buyerMails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Tour scheduled: /)]);
    for (const mail of [...agentMails, ...sellerMails, ...buyerMails]) expect(mail.sender).toBe(BRAND.websiteName);
    expect(sellerMails[0]!.body).toContain(`Open your tours on ${BRAND.websiteName}`);
    expect(
      brandLeaks([...mailTexts(agentMails, 'lead notification'), ...mailTexts(sellerMails, 'tour request'), ...mailTexts(buyerMails, 'tour decision')]),
    ).toEqual([]);
  });

  it("a flyer of one of its listings carries the partner's brokerage and agent, never us, in its text and its metadata", async () => {
    const seller = await signUp(server);
    const { caseId } = await insertSellerCase(server.db, seller.user.id, `WL${process.pid}`);
    const created = await gql(seller, 'mutation ($c: ID!) { createMarketingMaterial(applicationCaseId: $c, templateId: "flyer-letter") { pdfUrl } }', { c: caseId });
    const response = await fetch(created.createMarketingMaterial.pdfUrl);
    expect(response.status, await response.clone().text()).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Loaded before the text is read: extractText takes the bytes' buffer.
    const pdf = await PDFDocument.load(bytes);
    const { text } = await extractText(bytes, { mergePages: true });
    expect(text).toContain(BRAND.agentName);
    expect(text).toContain(BRAND.name);
    expect(pdf.getCreator()).toBe(BRAND.name);
    expect(
      brandLeaks([
        { where: 'flyer text', text },
        { where: 'flyer creator', text: pdf.getCreator() ?? '' },
        { where: 'flyer producer', text: pdf.getProducer() ?? '' },
        { where: 'flyer title', text: pdf.getTitle() ?? '' },
      ]),
    ).toEqual([]);
  });
});
