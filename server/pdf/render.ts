/**
 * Generated PDFs with pdf-lib (issue 20): the case's answers as a form (`pdf`), and the form followed by the
 * uploaded documents (`attachmentPdf`): PDFs' pages copied in, images (JPEG, PNG; WebP converted by sharp; HEIC
 * decoded by heic-convert, or sharp for HEIF that is not HEVC)
 * scaled onto pages of their own. The text font is Noto Sans Devanagari (Latin and Devanagari, so answers
 * in Nepali or Hindi render), embedded and subset; fontkit shapes the Devanagari clusters.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import convertHeic from 'heic-convert';

const require = createRequire(import.meta.url);
// fontkit's Indic (Devanagari) shaper is compiled with regenerator and expects its runtime as a global.
(globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime ??= require('regenerator-runtime/runtime.js');
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
const fontBytes = () =>
  (fonts ??= (async () => ({
    regular: await readFile(require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf')),
    bold: await readFile(require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf')),
  }))());

export interface FormAnswer {
  label: string;
  value: string;
}

export interface FormContent {
  title: string;
  subtitle: string;
  answers: FormAnswer[];
  /** Slot name → file names, listed on the form. */
  documents: { slot: string; fileNames: string[] }[];
  generatedAt: Date;
}

export interface Attachment {
  slot: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 56;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.38, 0.38, 0.42);

/** Words wrapped to `width` at `size`; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Characters the font cannot draw (emoji, other scripts) become '?', so one answer never fails a PDF. */
export function drawableText(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text.normalize('NFC'))
    .map((ch) => (ch === '\n' || supported.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('');
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
  }
  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(drawableText(font, text), font, size, PAGE[0] - 2 * MARGIN - indent)) {
      this.ensure(size * 1.5);
      this.y -= size * 1.5;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }
}

export async function embedFonts(doc: PDFDocument) {
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  return { regular: await doc.embedFont(bytes.regular, { subset: true }), bold: await doc.embedFont(bytes.bold, { subset: true }) };
}

/** The filled form. */
export async function renderForm(content: FormContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setCreator('Hearth');
  doc.setProducer('Hearth (pdf-lib)');
  doc.setCreationDate(content.generatedAt);
  doc.setModificationDate(content.generatedAt);
  const { regular, bold } = await embedFonts(doc);
  const w = new Writer(doc, regular, bold);
  w.text(content.title, { size: 20, bold: true, gap: 2 });
  w.text(content.subtitle, { size: 11, color: MUTED, gap: 14 });
  w.text('Answers', { size: 14, bold: true, gap: 4 });
  if (content.answers.length === 0) w.text('No answers yet.', { color: MUTED });
  for (const answer of content.answers) {
    w.text(answer.label, { size: 10, bold: true, color: MUTED });
    w.text(answer.value || '—', { size: 11, gap: 6 });
  }
  w.y -= 10;
  w.text('Documents', { size: 14, bold: true, gap: 4 });
  for (const slot of content.documents) {
    w.text(slot.slot, { size: 10, bold: true, color: MUTED });
    w.text(slot.fileNames.length ? slot.fileNames.join(', ') : 'Not uploaded', { size: 11, gap: 6 });
  }
  w.y -= 10;
  w.text(`Generated ${content.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`, { size: 9, color: MUTED });
  return doc.save();
}

/** Called before each attachment, so the job can report progress. */
export type AttachmentProgress = (index: number, total: number) => Promise<void>;

/**
 * An attachment made ready for its page (`prepareAttachment`): a PDF as it is, an image decoded, turned upright and
 * scaled down to the page as JPEG (so a 60-megapixel photo costs the PDF, and the memory of the job, about as much as
 * a page needs), or the reason it cannot be shown.
 */
export type PreparedAttachment =
  | { slot: string; fileName: string; kind: 'pdf'; bytes: Uint8Array }
  | { slot: string; fileName: string; kind: 'image'; jpeg: Uint8Array; width: number; height: number }
  | { slot: string; fileName: string; kind: 'unshown'; message: string };

/** A page image's longest side: about 200 dpi over the page's image box, enough to read a scanned document. */
const PAGE_IMAGE_PIXELS = 2000;
/** Larger images are refused by sharp before they are decoded (the page says so). */
const MAX_INPUT_PIXELS = 120_000_000;

const UNSHOWN = {
  heic: 'This HEIC image cannot be shown in a PDF; download it from the documents page.',
  image: 'This image cannot be shown in a PDF; download it from the documents page.',
};

/** One attachment ready for its page (see PreparedAttachment); one at a time, so a job holds one decoded image at most. */
export async function prepareAttachment(attachment: Attachment): Promise<PreparedAttachment> {
  const { slot, fileName } = attachment;
  if (attachment.contentType === 'application/pdf') return { slot, fileName, kind: 'pdf', bytes: attachment.bytes };
  const unshown = (message: string): PreparedAttachment => ({ slot, fileName, kind: 'unshown', message });
  let source: Uint8Array | null = attachment.bytes;
  if (attachment.contentType === 'image/heic') source = await heicAsJpeg(attachment.bytes);
  else if (!['image/jpeg', 'image/png', 'image/webp'].includes(attachment.contentType)) source = null;
  if (!source) return unshown(attachment.contentType === 'image/heic' ? UNSHOWN.heic : UNSHOWN.image);
  try {
    const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: PAGE_IMAGE_PIXELS, height: PAGE_IMAGE_PIXELS, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true });
    return { slot, fileName, kind: 'image', jpeg: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    return unshown(UNSHOWN.image);
  }
}

/** The form followed by each prepared attachment: a PDF's pages, or an image on a page of its own. */
export async function assembleWithAttachments(form: Uint8Array, attachments: PreparedAttachment[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(form);
  const { regular, bold } = await embedFonts(doc);
  for (const attachment of attachments) {
    if (attachment.kind === 'pdf') {
      const source = await PDFDocument.load(attachment.bytes, { updateMetadata: false });
      for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
      continue;
    }
    const page = doc.addPage(PAGE);
    const caption = drawableText(regular, `${attachment.slot}: ${attachment.fileName}`);
    page.drawText(caption.slice(0, 120), { x: MARGIN, y: PAGE[1] - MARGIN, size: 10, font: bold, color: MUTED });
    if (attachment.kind === 'unshown') {
      page.drawText(drawableText(regular, attachment.message), { x: MARGIN, y: PAGE[1] - MARGIN - 24, size: 11, font: regular, color: INK });
      continue;
    }
    const image = await doc.embedJpg(attachment.jpeg);
    const box = { width: PAGE[0] - 2 * MARGIN, height: PAGE[1] - 2 * MARGIN - 24 };
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: (PAGE[0] - width) / 2, y: MARGIN + (box.height - height), width, height });
  }
  return doc.save();
}

/** The form followed by each attachment (prepared one at a time, then assembled). */
export async function renderWithAttachments(form: Uint8Array, attachments: Attachment[], progress?: AttachmentProgress): Promise<Uint8Array> {
  const prepared: PreparedAttachment[] = [];
  for (const [index, attachment] of attachments.entries()) {
    await progress?.(index, attachments.length);
    prepared.push(await prepareAttachment(attachment));
  }
  return assembleWithAttachments(form, prepared);
}

/** A HEIC page image's longest side: sharp enough to print a page, small enough for the PDF. */
const HEIC_PAGE_PIXELS = 2400;

/**
 * A HEIC/HEIF upload as an upright JPEG for its page: heic-convert decodes HEVC (what phones write); HEIF coded
 * otherwise (AV1) is left to sharp's libheif. Null when neither can decode it (the page then says so).
 */
async function heicAsJpeg(bytes: Uint8Array): Promise<Buffer | null> {
  let decoded: Uint8Array = bytes;
  try {
    decoded = new Uint8Array(await convertHeic({ buffer: bytes, format: 'JPEG', quality: 0.92 }));
  } catch {
    // Not HEVC (or not decodable by it): sharp gets the original.
  }
  try {
    return await sharp(decoded, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: HEIC_PAGE_PIXELS, height: HEIC_PAGE_PIXELS, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
  } catch {
    return null;
  }
}
