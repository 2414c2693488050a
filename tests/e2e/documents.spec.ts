import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { pdfDownloadName } from '../../core/documents/download-name';
import { documentTexts as t } from '../../core/i18n/documents';
import { apiUrl, cspViolations, expect, test } from './fixtures';
import { graphql, signUp } from './sessions';
import { startSignedIn } from './sessions';

async function pdfBytes(text: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([300, 300]).drawText(`${text} page ${i + 1}`, { x: 20, y: 150, size: 12, font });
  return Buffer.from(await doc.save());
}
const pngBytes = (colour: string) => sharp({ create: { width: 160, height: 100, channels: 3, background: colour } }).png().toBuffer();

test.describe('<hearth-documents> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('uploads a PDF and an image into two slots, replaces one, refuses a bad file, generates, previews and downloads the PDF', async ({
    openPartnerPage,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const user = await signUp(request, 'Dee', 'Documents');
    const started = await graphql<{ createPreQualification: { id: string } }>(request, user, 'mutation StartCase { createPreQualification { id } }');
    const caseId = started.createPreQualification.id;
    await startSignedIn(page, user);
    await page.addInitScript(() => {
      const w = window as unknown as { __events: { type: string; detail: unknown }[] };
      for (const type of ['hearth-document-uploaded', 'hearth-document-deleted', 'hearth-pdf-generated', 'hearth-pdf-signed']) {
        document.addEventListener(type, (e) => w.__events.push({ type, detail: (e as CustomEvent).detail }));
      }
    });
    await openPartnerPage('/documents.html');
    const element = page.locator('#documents');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
    const ourCase = element.locator(`[part="case"][data-case-id="${caseId}"]`);
    await expect(ourCase.getByRole('heading', { level: 2 })).toHaveText(t.caseTitle('Mortgage pre-qualification', caseId));
    const photo = ourCase.locator('[data-slot="photo-id"]');
    const stubs = ourCase.locator('[data-slot="pay-stubs"]');
    await expect(photo).toContainText(t.nothingUploaded);
    expect((await new AxeBuilder({ page }).include('#documents').analyze()).violations).toEqual([]);

    // ---- An image into Photo ID, a PDF into Pay stubs.
    await photo.getByLabel(t.chooseFile).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await pngBytes('#2a6') });
    await photo.getByRole('button', { name: t.uploadFile }).click();
    await expect(photo.locator('[part="slot-status"]')).toHaveText(t.documentSaved);
    await expect(photo.locator('[part="document"]')).toContainText('passport.png');
    await stubs.getByLabel(t.chooseFile).setInputFiles({ name: 'stubs.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Pay stub', 2) });
    await stubs.getByRole('button', { name: t.uploadFile }).click();
    await expect(stubs.locator('[part="document"]')).toContainText('stubs.pdf');

    // ---- Replace the image: the slot now offers 'Update File'.
    await photo.getByLabel(t.updateYourFile).setInputFiles({ name: 'passport-2.png', mimeType: 'image/png', buffer: await pngBytes('#a26') });
    await photo.getByRole('button', { name: t.updateFile }).click();
    await expect(photo.locator('[part="document"]')).toHaveCount(1);
    await expect(photo.locator('[part="document"]')).toContainText('passport-2.png');

    // ---- A refused file: the refusal names it.
    const other = ourCase.locator('[data-slot="other"]');
    await other.getByLabel(t.chooseFile).setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text, not a PDF') });
    await other.getByRole('button', { name: t.uploadFile }).click();
    await expect(other.getByRole('alert')).toHaveText('“notes.pdf” is not a PDF, JPEG, PNG, WebP or HEIC file.');
    await expect(other).toContainText(t.nothingUploaded);

    // ---- The image previews inline, from our origin.
    await photo.getByRole('button', { name: t.previewPdf }).click();
    const image = photo.locator('[part="preview-image"]');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    const src = (await image.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^${apiUrl()}/v1/api/documents/\\d+\\?holder=u${user.id}&`));

    // ---- Generate: 'Generating...', then the server's steps, then ready.
    const status = ourCase.locator('[part="pdf-status"]');
    await ourCase.getByRole('button', { name: t.generatePdf }).click();
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const text = (await status.textContent()) ?? '';
          if (text && seen[seen.length - 1] !== text) seen.push(text);
          return text;
        },
        { timeout: 60_000, intervals: [50] },
      )
      .toBe(t.generationReady);
    expect(seen[0]).toBe(t.generating);
    expect(seen.length).toBeGreaterThanOrEqual(2);

    // ---- Preview: in a frame where the page allows it, else a link (this partner's CSP has no frame-src for us).
    await ourCase.locator('[part="pdf-preview-button"]').click();
    const link = ourCase.locator('[part="preview-link"]');
    await expect(link).toHaveAttribute('href', new RegExp(`^${apiUrl()}/v1/api/generated-pdfs/\\d+/pdf\\?`));
    await expect(ourCase.locator('[part="preview-frame"]')).toHaveCount(0);
    expect((await cspViolations(page)).every((v) => v.startsWith('frame-src'))).toBe(true);

    // ---- Download: the name of the spec, the form followed by the documents.
    const [download] = await Promise.all([page.waitForEvent('download'), ourCase.locator('[part="pdf-download"]').click()]);
    expect(download.suggestedFilename()).toBe(pdfDownloadName());
    const bytes = new Uint8Array(await readFile((await download.path())!));
    const pdf = await PDFDocument.load(bytes);
    const pages = (await extractText(bytes.slice(), { mergePages: false })).text;
    const formPages = pages.findIndex((text) => text.includes('Pay stub page 1'));
    expect(formPages).toBeGreaterThan(0);
    expect(pages[0]).toContain('Mortgage pre-qualification');
    expect(pages[0]).toContain('passport-2.png');
    // Form pages, then the image's page (Photo ID comes first), then the two pages of the PDF.
    expect(pdf.getPageCount()).toBe(formPages + 2);
    expect(pages[formPages - 1]).toContain('Photo ID: passport-2.png');
    expect(pages[formPages + 1]).toContain('Pay stub page 2');

    // ---- Sign: the typed name, then the signed copy with its audit page.
    await ourCase.getByLabel(t.signLabel).fill('Dee Documents');
    await ourCase.getByRole('button', { name: t.signPdf }).click();
    const signedLink = ourCase.locator('[part="signed-download"]');
    await expect(signedLink).toHaveText(t.downloadSigned);
    const [signedDownload] = await Promise.all([page.waitForEvent('download'), signedLink.click()]);
    const signedBytes = new Uint8Array(await readFile((await signedDownload.path())!));
    expect((await PDFDocument.load(signedBytes)).getPageCount()).toBe(formPages + 3);
    const signedPages = (await extractText(signedBytes.slice(), { mergePages: false })).text;
    expect(signedPages[0]).toContain('Signed electronically by Dee Documents');
    expect(signedPages[signedPages.length - 1]).toContain('Signature audit trail');
    expect(signedPages[signedPages.length - 1]).toContain('127.0.0.1');

    const events = await page.evaluate(() => (window as unknown as { __events: { type: string; detail: any }[] }).__events);
    expect(events.filter((e) => e.type === 'hearth-document-uploaded').map((e) => e.detail.fileName)).toEqual(['passport.png', 'stubs.pdf', 'passport-2.png']);
    expect(events.filter((e) => e.type === 'hearth-pdf-generated')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'hearth-pdf-signed')).toHaveLength(1);

    // ---- Another user cannot use the viewer's link, and has no such case.
    const stranger = await signUp(request, 'Stan', 'Stranger');
    expect((await request.get(src, { headers: { Authorization: `Token ${stranger.token}` } })).status()).toBe(404);
    expect((await request.get(src)).status()).toBe(200);
    await expect(
      graphql(request, stranger, 'query Theirs($id: ID) { myDocuments(applicationCaseId: $id) { id } }', { id: caseId }),
    ).rejects.toThrow('Case not found.');

    expect((await new AxeBuilder({ page }).include('#documents').analyze()).violations).toEqual([]);
    await page.screenshot({ path: `/tmp/documents-${testInfo.project.name}.png`, fullPage: true });
  });
});
