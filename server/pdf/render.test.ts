import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderForm, renderWithAttachments } from './render';

/**
 * A HEIC fixture made here: sharp cannot encode HEVC (its libheif has no HEVC encoder, and no other encoder is
 * installed), so this is an AV1-coded HEIF whose brand is rewritten to 'heic' — sniffed as image/heic like a
 * phone's photo, decoded by sharp after heic-convert (HEVC only) declines it.
 */
async function heicFixture(width: number, height: number): Promise<Uint8Array> {
  const heif = Buffer.from(await sharp({ create: { width, height, channels: 3, background: '#c33' } }).heif({ compression: 'av1' }).toBuffer());
  heif.write('heic', 8, 'latin1');
  return heif;
}

const form = () => renderForm({ title: 'Application', subtitle: 'Case 1', answers: [{ label: 'Name', value: 'Ada' }], documents: [], generatedAt: new Date('2026-03-05T12:00:00Z') });

/** The images drawn on one page (its XObjects). */
function imagesOn(doc: PDFDocument, index: number): number {
  const resources = doc.getPage(index).node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects ? xObjects.keys().length : 0;
}

describe('renderWithAttachments: HEIC uploads', () => {
  it('appends a HEIC image as a page of its own, scaled onto it', async () => {
    const base = await form();
    const formPages = (await PDFDocument.load(base)).getPageCount();
    const heic = await heicFixture(1200, 900);
    expect(heic.subarray(4, 12).toString()).toBe('ftypheic');
    const out = await renderWithAttachments(base, [{ slot: 'Photo ID', fileName: 'id.heic', contentType: 'image/heic', bytes: heic }]);
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(formPages + 1);
    expect(imagesOn(doc, formPages)).toBe(1);
    const pages = (await extractText(out.slice(), { mergePages: false })).text;
    expect(pages[formPages]).toContain('Photo ID: id.heic');
    expect(pages[formPages]).not.toContain('cannot be shown');
  });

  it('says so on the page when a HEIC file holds no decodable image', async () => {
    const base = await form();
    const formPages = (await PDFDocument.load(base)).getPageCount();
    const header = (await heicFixture(8, 8)).subarray(0, 32);
    const out = await renderWithAttachments(base, [{ slot: 'Photo ID', fileName: 'broken.heic', contentType: 'image/heic', bytes: header }]);
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(formPages + 1);
    expect(imagesOn(doc, formPages)).toBe(0);
    const pages = (await extractText(out.slice(), { mergePages: false })).text;
    expect(pages[formPages]).toContain('This HEIC image cannot be shown in a PDF');
  });
});

describe('renderWithAttachments: bounded work per image (issue 33)', () => {
  /** The pixel width of each image drawn in the document. */
  function imageWidths(bytes: Uint8Array): Promise<number[]> {
    return PDFDocument.load(bytes).then((doc) =>
      doc.context
        .enumerateIndirectObjects()
        .map(([, o]) => o)
        .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
        .map((o) => (o.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()),
    );
  }

  it('scales a large photo (and a large PNG) down to the page before embedding it', async () => {
    const large = { create: { width: 6000, height: 4000, channels: 3 as const, background: '#3a6' } };
    const jpeg = await sharp(large).jpeg().toBuffer();
    const png = await sharp(large).png().toBuffer();
    const out = await renderWithAttachments(await form(), [
      { slot: 'Photos', fileName: 'big.jpg', contentType: 'image/jpeg', bytes: jpeg },
      { slot: 'Photos', fileName: 'big.png', contentType: 'image/png', bytes: png },
    ]);
    const widths = await imageWidths(out);
    expect(widths).toHaveLength(2);
    for (const width of widths) expect(width).toBeLessThanOrEqual(2000);
  });

  it('puts a page saying so for an image that cannot be decoded, instead of failing the PDF', async () => {
    const base = await form();
    const formPages = (await PDFDocument.load(base)).getPageCount();
    const out = await renderWithAttachments(base, [{ slot: 'Photos', fileName: 'broken.jpg', contentType: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }]);
    const pages = (await extractText(out.slice(), { mergePages: false })).text;
    expect(pages[formPages]).toContain('This image cannot be shown in a PDF');
  });
});
