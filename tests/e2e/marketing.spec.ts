import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { marketingTexts as t } from '../../core/i18n/marketing';
import { axeViolations, cspViolations, eventsOf, expect, test } from './fixtures';
import { logIn, startSignedIn } from './sessions';

/** The demo seller's marketing case named by the partner page (server/marketing/demo.ts). */
const CASE_ID = '900000020';
const RECORD_EVENTS = `document.addEventListener('hearth-marketing-saved', (e) => window.__events && window.__events.push({ type: 'hearth-marketing-saved', detail: e.detail }));`;

test.describe('<hearth-marketing> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('the seller picks the flyer, edits the headline, sees the preview change, saves, and downloads the PDF and PNG', async ({ openPartnerPage, page }, testInfo) => {
    test.setTimeout(120_000);
    const seller = await logIn(page.request, 'seller');
    await startSignedIn(page, seller);
    await page.addInitScript(RECORD_EVENTS);
    await openPartnerPage('/marketing.html');
    const element = page.locator('#marketing');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');

    // ---- The gallery: five templates, each with its preview image from the API origin.
    const templates = element.locator('[part="template"]');
    await expect(templates).toHaveCount(5);
    const previews = templates.locator('img');
    await expect.poll(() => previews.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual([360, 360, 360, 360, 360]);
    expect(await axeViolations(page, '#marketing')).toEqual([]);

    // ---- The flyer, by keyboard.
    const flyer = element.getByRole('button', { name: t.useTemplate('Property flyer (US Letter)') });
    await flyer.focus();
    await page.keyboard.press('Enter');
    const editor = element.locator('[part="base"][data-state="editing"]');
    await expect(editor).toHaveAttribute('data-template', 'flyer-letter');
    const materialId = (await editor.getAttribute('data-material-id'))!;
    const preview = element.locator('[part="preview-image"]');
    await expect(preview).toHaveAttribute('data-headline', 'For Sale');
    await expect(preview.locator('text').first()).toHaveText('For Sale');
    // Filled from the listing: price, address, facts, the open house; the photos of the listing in the picker.
    await expect(preview).toContainText('$525,000');
    await expect(preview).toContainText('1450 S Foothill Dr, Salt Lake City, UT 84108');
    await expect(preview).toContainText('4 beds · 2.5 baths · 2,100 sq ft');
    await expect(preview).toContainText('Avery Stone');
    const photos = element.locator('[part="photo"]');
    await expect(photos).toHaveCount(3);
    await expect.poll(() => photos.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await expect(preview.locator('image')).toHaveCount(4); // three photos and the agent's picture

    // ---- Edit the headline: the preview follows as the seller types.
    const headline = element.getByLabel(t.fieldLabels.headline);
    await headline.fill('Sunny family home');
    await expect(preview).toHaveAttribute('data-headline', 'Sunny family home');
    await expect(preview.locator('text').first()).toHaveText('Sunny family home');
    await expect(element.locator('[part="save-status"]')).toHaveText(t.unsavedChanges);
    // Keep only the second photo as the cover: unchoose the first and third with the keyboard.
    await photos.nth(0).locator('input').focus();
    await page.keyboard.press('Space');
    await photos.nth(2).locator('input').focus();
    await page.keyboard.press('Space');
    await expect(photos.nth(1)).toHaveAttribute('data-chosen', 'true');
    await expect(photos.nth(0)).toHaveAttribute('data-chosen', 'false');
    expect(await axeViolations(page, '#marketing')).toEqual([]);

    // ---- Save.
    await element.getByRole('button', { name: t.save }).click();
    await expect(element.locator('[part="save-status"]')).toHaveText(t.saved);
    expect(await eventsOf(page, 'hearth-marketing-saved')).toEqual([{ caseId: CASE_ID, materialId, templateId: 'flyer-letter' }]);
    await page.screenshot({ path: `/tmp/marketing-editor-${testInfo.project.name}.png`, fullPage: true });
    // The saved version is rendered once on the server; the downloads wait for it, showing the progress.
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-render-state', 'ready', { timeout: 60_000 });
    await expect(element.locator('[part="render-status"]')).toHaveCount(0);

    // ---- Download the PDF: named, print-ready at US Letter, with the edited headline.
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), element.locator('[part="download-pdf"]').click()]);
    expect(pdfDownload.suggestedFilename()).toBe(`flyer-letter-${materialId}.pdf`);
    const pdfBytes = new Uint8Array(await readFile((await pdfDownload.path())!));
    const pdf = await PDFDocument.load(pdfBytes);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const { text } = await extractText(pdfBytes, { mergePages: true });
    expect(text).toContain('Sunny family home');
    expect(text).toContain('$525,000');

    // ---- Download the PNG: the template's pixel size.
    const [pngDownload] = await Promise.all([page.waitForEvent('download'), element.locator('[part="download-png"]').click()]);
    expect(pngDownload.suggestedFilename()).toBe(`flyer-letter-${materialId}.png`);
    const png = await readFile((await pngDownload.path())!);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 2550, height: 3300 });
    await sharp(png).resize(850).toFile(`/tmp/marketing-flyer-${testInfo.project.name}.png`);

    // ---- Back in the gallery, the saved material is listed.
    await element.getByRole('button', { name: t.backToTemplates }).click();
    await expect(element.locator(`[part="material"][data-material-id="${materialId}"]`)).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/marketing-${testInfo.project.name}.png`, fullPage: true });
  });

  test('signed out it asks to sign in; a stranger gets not found; a malformed case-id is refused', async ({ openPartnerPage, page }) => {
    await openPartnerPage('/marketing.html');
    const element = page.locator('#marketing');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'signed-out');
    await expect(element.locator('[part="message"]')).toHaveText(t.signedOut);
    await expect(element.locator('[part="sign-in"]')).toBeVisible();
    expect(await axeViolations(page, '#marketing')).toEqual([]);

    const buyer = await logIn(page.request, 'buyer');
    await startSignedIn(page, buyer);
    await openPartnerPage('/marketing.html');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'failed');
    await expect(element.locator('[part="message"]')).toHaveText(t.caseNotFound);
    await element.evaluate((el) => el.setAttribute('case-id', '12abc'));
    await expect(element.locator('[part="attribute-error"]')).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });

  test('home detail opens marketing for its case', async ({ openPartnerPage, page }) => {
    const seller = await logIn(page.request, 'seller');
    await startSignedIn(page, seller);
    await openPartnerPage('/seller.html');
    const detail = page.locator('#home-detail');
    await expect(detail.locator('.home-detail[part="base"]')).toHaveAttribute('data-state', 'loaded');
    await detail.getByRole('button', { name: t.openMarketing }).click();
    const marketing = detail.locator('hearth-marketing');
    await expect(marketing.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
    await expect(marketing.locator('[part="template"]')).toHaveCount(5);
    expect(await cspViolations(page)).toEqual([]);
  });
});
