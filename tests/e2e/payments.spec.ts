/**
 * Application tiers and payments (issue 20) on the partner page (other origin, strict CSP, hostile CSS): a seller
 * opens the tier section of <hearth-home-detail>, reads a tier's modal text in its dialog and buys it.
 *   - With the offline invoice provider (the shared test server has no Stripe keys): the order awaits payment,
 *     the invoice arrives at the mail catcher, and the tier stays as it was.
 *   - With Stripe Checkout (issue 37): a server of this file's own, its SDK pointed at the local Stripe double; the
 *     page goes to the double's hosted page, "Pay" brings it back, it shows "Confirming your payment…" until the
 *     double's signed checkout.session.completed webhook arrives, and only then the new tier.
 * And the signing side of issue 20 in <hearth-documents>: a HEIC upload becomes a page of the generated PDF, and
 * a signature drawn on the pad (pointer events) is stamped into it with the audit page.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { documentTexts as dt } from '../../core/i18n/documents';
import { signatureTexts as st } from '../../core/i18n/signature';
import { paymentTexts as t } from '../../core/i18n/payments';
import { startServer, type RunningServer } from '../../server/app';
import { startStripeDouble, type StripeDouble } from '../../server/payments/stripe-double';
import { startPartnerSite } from '../../demo-sites/serve';
import { axeViolations, cspViolations, expect, test } from './fixtures';
import { graphql, signUp, startSignedIn, type SignedInUser } from './sessions';
import type { CaughtMail } from './mail-catcher';

const CREATE_SELLER = `mutation PaymentsSellerCase($homeContext: SellerHomeContext!) { createSeller(homeContext: $homeContext, classification: SALE) { caseId } }`;
const HOME = { address: '12 E Tier Test Way', city: 'Salt Lake City', short_state: 'UT', zip_code: '84111', lat: 40.76, lng: -111.88 };

async function sellerWithCase(request: Parameters<typeof signUp>[0]): Promise<{ seller: SignedInUser; caseId: string }> {
  const seller = await signUp(request, 'Tia', 'Seller');
  const created = await graphql<{ createSeller: { caseId: string } }>(request, seller, CREATE_SELLER, { homeContext: HOME });
  return { seller, caseId: created.createSeller.caseId };
}

/** Shows the case in the page's <hearth-home-detail> and waits for its tier section. */
async function openTiers(page: Page, caseId: string) {
  const detail = page.locator('#home-detail');
  await detail.evaluate((el, id) => el.setAttribute('case-id', id), caseId);
  const tiers = detail.locator('[part="tiers"]');
  await expect(tiers).toHaveAttribute('data-state', 'loaded');
  return tiers;
}

test.describe('tiers with the invoice provider', () => {
  test('a paid tier is ordered, the invoice mailed, and the case waits for the payment', async ({ page, request, openPartnerPage }, testInfo) => {
    const { seller, caseId } = await sellerWithCase(request);
    await startSignedIn(page, seller);
    await openPartnerPage('/payments.html');
    await page.evaluate(() => {
      const w = window as unknown as { __chosen: unknown[] };
      w.__chosen = [];
      document.addEventListener('hearth-tier-chosen', (e) => w.__chosen.push((e as CustomEvent).detail));
    });
    const tiers = await openTiers(page, caseId);
    await expect(tiers.locator('[part="tier-current"]')).toHaveText(`${t.current}: Basic`);
    const rows = tiers.locator('[part="tier"]');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute('data-state', 'current');
    await expect(rows.nth(1).locator('[part="tier-price"]')).toHaveText('$199');
    await expect(rows.nth(2).locator('[part="tier-price"]')).toHaveText('$499');

    // The dialog: modal text, keyboard (Escape closes and focus returns to the trigger).
    const plusButton = rows.nth(1).getByRole('button', { name: t.choose('Plus') });
    await plusButton.focus();
    await page.keyboard.press('Enter');
    const dialog = tiers.getByRole('dialog', { name: 'Plus' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[part="tier-modal"]')).toContainText('featured placement');
    expect(await axeViolations(page, '#home-detail')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(plusButton).toBeFocused();

    await plusButton.click();
    await dialog.getByRole('button', { name: t.confirmPaid('$199') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(tiers.locator('[part="tier-pending"]')).toContainText(`${t.awaiting('Plus', '$199')} ${t.awaitingInvoice}`);
    await expect(rows.nth(1)).toHaveAttribute('data-state', 'awaiting');
    await expect(rows.nth(2)).toHaveAttribute('data-state', 'blocked');
    await expect(tiers.locator('[part="tier-current"]')).toHaveText(`${t.current}: Basic`);
    expect(await page.evaluate(() => (window as unknown as { __chosen: unknown[] }).__chosen)).toEqual([
      expect.objectContaining({ caseId, tierId: '402', status: 'awaiting_payment' }),
    ]);

    // The invoice, delivered over SMTP to the mail catcher.
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${process.env.HEARTH_MAIL_URL}/mails?to=${encodeURIComponent(seller.email)}`)).json()) as CaughtMail[];
        return mails.find((m) => m.subject.startsWith('Invoice '))?.body ?? '';
      }, { timeout: 20_000 })
      .toContain('Amount due: $199 USD');

    expect(await axeViolations(page, '#home-detail')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await tiers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/payments-invoice-${testInfo.project.name}.png`, fullPage: true });
  });
});

test.describe.serial('tiers with Stripe (local double)', () => {
  const SECRET_KEY = 'sk_test_e2e_double';
  const WEBHOOK_SECRET = 'whsec_e2e_secret';
  let stripe: StripeDouble;
  let api: RunningServer;
  let partner: Awaited<ReturnType<typeof startPartnerSite>>;
  let dataDir: string;
  const saved = { api: '', partner: '' };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stripe = await startStripeDouble(SECRET_KEY);
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-e2e-payments-'));
    process.env.STRIPE_SECRET_KEY = SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = stripe.url;
    try {
      api = await startServer({ port: 0, dataDir, jobs: false, graphqlCostLimits: { publicPerMinute: 1e12, signedInPerMinute: 1e12 }, tiles: { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', cacheDir: join(dataDir, 'tiles') } });
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
      delete process.env.STRIPE_API_URL;
    }
    partner = await startPartnerSite({ port: 0, apiOrigin: api.url });
    // The session helpers and openPartnerPage read these: this describe talks to its own servers.
    saved.api = process.env.HEARTH_API_URL!;
    saved.partner = process.env.HEARTH_PARTNER_URL!;
    process.env.HEARTH_API_URL = api.url;
    process.env.HEARTH_PARTNER_URL = partner.url;
  });

  test.afterAll(async () => {
    process.env.HEARTH_API_URL = saved.api;
    process.env.HEARTH_PARTNER_URL = saved.partner;
    await partner?.close();
    await api?.close();
    await stripe?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('Checkout: to the hosted page, Pay, back, confirming until the signed webhook, then paid', async ({ page, request, openPartnerPage }, testInfo) => {
    // This describe's own server runs in the test worker: slow on a loaded machine.
    test.setTimeout(120_000);
    stripe.setWebhook(`${api.url}/v1/api/payments/webhook/`, WEBHOOK_SECRET);
    const { seller, caseId } = await sellerWithCase(request);
    await startSignedIn(page, seller);
    await openPartnerPage('/payments.html');
    const partnerPage = page.url();
    const tiers = await openTiers(page, caseId);
    await tiers.locator('[part="tier"]').nth(2).getByRole('button', { name: t.choose('Full service') }).click();
    await tiers.getByRole('dialog', { name: 'Full service' }).getByRole('button', { name: t.confirmPaid('$499') }).click();

    // The whole page is at the double's hosted page (no Stripe.js on the partner's page); Pay, and the webhook is slower than the return.
    await page.waitForURL(`${stripe.url}/pay/cs_test_*`);
    await expect(page.getByText('Amount: 499.00 USD')).toBeVisible();
    stripe.holdWebhooks();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('hearth-checkout') === 'paid');
    expect(page.url().startsWith(partnerPage.split('?')[0]!)).toBe(true);
    const back = await openTiers(page, caseId);
    const outcome = back.locator('[part="tier-checkout"]');
    await expect(outcome).toHaveAttribute('data-state', 'confirming');
    await expect(outcome).toHaveText(t.confirming);
    await expect(back.locator('[part="tier-current"]')).toHaveText(`${t.current}: Basic`);
    expect(new URL(page.url()).searchParams.get('hearth-checkout')).toBeNull();
    for (const [width, height] of [[390, 844], [1366, 900]] as const) {
      await page.setViewportSize({ width, height });
      await back.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/payments-checkout-confirming-${width}-${testInfo.project.name}.png` });
    }

    // Stripe's signed event arrives: the poll shows the case on the tier.
    expect(await stripe.releaseWebhooks()).toEqual([200]);
    await expect(outcome).toHaveAttribute('data-state', 'paid');
    await expect(outcome).toHaveText(t.paid('Full service'));
    await expect(back.locator('[part="tier-current"]')).toHaveText(`${t.current}: Full service`);
    await expect(back.locator('[part="tier"]').nth(2)).toHaveAttribute('data-state', 'current');
    expect(await axeViolations(page, '#home-detail')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    for (const [width, height] of [[390, 844], [1366, 900]] as const) {
      await page.setViewportSize({ width, height });
      await back.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/payments-checkout-paid-${width}-${testInfo.project.name}.png` });
    }
  });
});

/** The images drawn on one page of a PDF (its XObjects). */
function imagesOn(doc: PDFDocument, index: number): number {
  const xObjects = doc.getPage(index).node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects ? xObjects.keys().length : 0;
}

/** A HEIC made here: sharp encodes no HEVC, so an AV1-coded HEIF with the 'heic' brand (sniffed as image/heic). */
async function heicBytes(): Promise<Buffer> {
  const heif = Buffer.from(await sharp({ create: { width: 900, height: 600, channels: 3, background: '#36c' } }).heif({ compression: 'av1' }).toBuffer());
  heif.write('heic', 8, 'latin1');
  return heif;
}

test.describe('<hearth-documents>: a HEIC page and a drawn signature', () => {
  test('the HEIC upload is a page of the PDF, and the drawn signature is stamped with its audit page', async ({ page, request, openPartnerPage }, testInfo) => {
    test.setTimeout(120_000);
    const user = await signUp(request, 'Dora', 'Drawn');
    const started = await graphql<{ createPreQualification: { id: string } }>(request, user, 'mutation StartDrawnCase { createPreQualification { id } }');
    const caseId = started.createPreQualification.id;
    await startSignedIn(page, user);
    await openPartnerPage('/documents.html');
    const ourCase = page.locator(`#documents [part="case"][data-case-id="${caseId}"]`);
    const photo = ourCase.locator('[data-slot="photo-id"]');
    await photo.getByLabel(dt.chooseFile).setInputFiles({ name: 'license.heic', mimeType: 'image/heic', buffer: await heicBytes() });
    await photo.getByRole('button', { name: dt.uploadFile }).click();
    await expect(photo.locator('[part="document"]')).toContainText('license.heic');

    await ourCase.getByRole('button', { name: dt.generatePdf }).click();
    await expect(ourCase.locator('[part="pdf-status"]')).toHaveText(dt.generationReady, { timeout: 60_000 });

    // Drawn: the pad, then a stroke with the mouse (pointer events); signing without a drawing is refused first.
    const form = ourCase.locator('[part="sign"]');
    await form.getByRole('radio', { name: st.drawn }).check();
    const pad = form.locator('[part="signature-canvas"]');
    await expect(pad).toHaveAccessibleName(st.padLabel);
    await form.getByLabel(dt.signLabel).fill('Dora Drawn');
    await form.getByRole('button', { name: dt.signPdf }).click();
    await expect(form.getByRole('alert')).toHaveText(st.empty);
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 80);
    await page.mouse.down();
    for (const [x, y] of [[60, 30], [100, 90], [150, 25], [200, 85], [260, 40], [320, 70]] as const) await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
    await page.mouse.up();
    expect(await axeViolations(page, '#documents')).toEqual([]);
    await page.screenshot({ path: `/tmp/payments-drawn-${testInfo.project.name}.png`, fullPage: true });
    await form.getByRole('button', { name: dt.signPdf }).click();

    const signedLink = ourCase.locator('[part="signed-download"]');
    await expect(signedLink).toHaveText(dt.downloadSigned);
    const [download] = await Promise.all([page.waitForEvent('download'), signedLink.click()]);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    const pdf = await PDFDocument.load(bytes);
    const pages = (await extractText(bytes.slice(), { mergePages: false })).text;
    const heicPage = pages.findIndex((text) => text.includes('Photo ID: license.heic'));
    expect(heicPage).toBeGreaterThan(0);
    expect(pages[heicPage]).not.toContain('cannot be shown');
    expect(imagesOn(pdf, heicPage)).toBe(1);
    // The drawn PNG on the first page, and the audit page last.
    expect(imagesOn(pdf, 0)).toBe(1);
    expect(pages[0]).toContain('Signed electronically by Dora Drawn');
    const audit = pages[pages.length - 1]!;
    expect(audit).toContain('Signature audit trail');
    expect(audit).toContain('Drawn signature');
    expect(audit).toMatch(/[0-9a-f]{64}/);
    expect(await cspViolations(page)).toEqual([]);
  });
});
