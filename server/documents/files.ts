/**
 * What an uploaded document may be (issue 20): checked by its bytes, never by its name or the browser's type.
 *
 *   size      1 byte … DOCUMENT_MAX_BYTES (the GraphQL transport takes multipart bodies up to that, plus the envelope)
 *   content   PDF, JPEG, PNG, WebP or HEIC, sniffed with file-type; the name's extension must agree with it
 *   polyglot  refused: a file that is also a ZIP archive, an HTML page or a second format (a PDF header inside
 *             an image, an image that goes on long after its end)
 *   PDFs      parsed with pdf-lib; refused when encrypted, unreadable, carrying JavaScript or actions that
 *             launch, import or submit (in any object: catalog, pages, annotations, form fields, name trees),
 *             or whose compressed streams inflate past DECOMPRESSED_MAX_BYTES or a ratio of MAX_RATIO (a zip bomb)
 *   images    decoded by sharp (HEIC: its header only; our image library cannot decode HEVC) with a pixel limit
 *
 * Every refusal is a BAD_USER_INPUT on argument `file` that names the file. The PDF and image checks parse and decode:
 * a job of the work tier runs them (documentContentProblem, server/documents/check-job.ts), never the request.
 */
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import sharp from 'sharp';
import { badInput, DomainError } from '../domain-error';

export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
const DECOMPRESSED_MAX_BYTES = 100 * 1024 * 1024;
const MAX_RATIO = 200;
const MAX_INPUT_PIXELS = 60_000_000;

export type DocumentContentType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

const EXTENSIONS: Record<DocumentContentType, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
};
const LABEL: Record<DocumentContentType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC image',
};
export const extensionOf = (type: DocumentContentType) => EXTENSIONS[type][0]!;

export interface CheckedFile {
  fileName: string;
  contentType: DocumentContentType;
  bytes: Uint8Array;
  sha256: string;
}

const refuse = (fileName: string, why: string) => badInput(`“${fileName}” ${why}`, 'file');

/** A file name as shown and stored: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').normalize('NFC').trim();
  return (clean || 'document').slice(-200);
}

const MIME_OF: Record<string, DocumentContentType> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
};

/**
 * The checks a request makes (issue 37 part 2: bounded work): size, type by content, extension, polyglots. Throws
 * the refusal, else answers the file's type and hash. Parsing a PDF and decoding an image are a job's
 * (documentContentProblem on a work thread: server/documents/check-job.ts).
 */
export async function checkDocumentBytes(rawName: string, bytes: Uint8Array): Promise<CheckedFile> {
  const fileName = cleanFileName(rawName);
  if (bytes.length === 0) throw refuse(fileName, 'is empty (0 bytes).');
  if (bytes.length > DOCUMENT_MAX_BYTES) throw refuse(fileName, 'is larger than 5 MB.');
  const sniffed = await fileTypeFromBuffer(bytes);
  const contentType = sniffed ? MIME_OF[sniffed.mime] : undefined;
  if (!contentType) throw refuse(fileName, 'is not a PDF, JPEG, PNG, WebP or HEIC file.');
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if (!EXTENSIONS[contentType].includes(extension)) {
    throw refuse(fileName, `is named .${extension || '(none)'} but its content is a ${LABEL[contentType]}.`);
  }
  const polyglot = polyglotOf(bytes, contentType);
  if (polyglot) throw refuse(fileName, `is also ${polyglot}; such files are refused.`);
  return { fileName, contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The checks that parse or decode the content (a PDF with pdf-lib, an image with sharp): the refusal's message, or
 * null when the file is fine. Plain data in and out: a work thread's task (`documents.check`).
 */
export async function documentContentProblem(file: Pick<CheckedFile, 'fileName' | 'contentType' | 'bytes'>): Promise<string | null> {
  try {
    if (file.contentType === 'application/pdf') await checkPdf(file.fileName, file.bytes);
    else await checkImage(file.fileName, file.bytes, file.contentType);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** What else the file is, or null. */
export function polyglotOf(bytes: Uint8Array, type: DocumentContentType): string | null {
  const text = latin1(bytes);
  if (text.includes('PK\x03\x04') || text.includes('PK\x05\x06')) return 'a ZIP archive';
  const head = text.slice(0, 4096).toLowerCase();
  if (/<(html|script|svg|body|iframe)[\s>]|<!doctype html/.test(type === 'application/pdf' ? head : text.toLowerCase())) return 'an HTML page';
  if (type !== 'application/pdf' && text.includes('%PDF-')) return 'a PDF';
  if (type === 'application/pdf') {
    // Bytes after the last %%EOF beyond a little whitespace: a second file appended to the PDF.
    const end = text.lastIndexOf('%%EOF');
    if (end === -1) return null; // pdf-lib decides whether it is readable
    if (text.slice(end + 5).replace(/[\s\0]/g, '').length > 0) return 'another file appended after the PDF';
  }
  if (type === 'image/jpeg') {
    const end = text.lastIndexOf('\xff\xd9');
    if (end !== -1 && text.length - (end + 2) > 1024) return 'another file appended after the image';
  }
  if (type === 'image/png') {
    const end = text.lastIndexOf('IEND');
    if (end !== -1 && text.length - (end + 8) > 0) return 'another file appended after the image';
  }
  return null;
}

async function checkImage(fileName: string, bytes: Uint8Array, type: DocumentContentType): Promise<void> {
  if (type === 'image/heic') return; // its header was sniffed; HEVC is not decoded here
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).resize(8, 8).raw().toBuffer();
  } catch {
    throw refuse(fileName, 'is not a readable image, or has more than 60 megapixels.');
  }
}

/** Action types that run code or reach outside the document. */
const DANGEROUS_ACTIONS = new Set(['JavaScript', 'Launch', 'ImportData', 'SubmitForm', 'ResetForm', 'RichMediaExecute', 'GoToE', 'Rendition', 'Sound', 'Movie']);
/** Keys that carry code or automatic actions wherever they appear. */
const DANGEROUS_KEYS = new Set(['JS', 'JavaScript', 'AA', 'Launch', 'RichMedia', 'EmbeddedFiles', 'XFA']);

export async function checkPdf(fileName: string, bytes: Uint8Array): Promise<void> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof Error && /encrypt/i.test(error.message)) throw refuse(fileName, 'is encrypted; upload it without a password.');
    throw refuse(fileName, 'is not a readable PDF.');
  }
  if (doc.isEncrypted) throw refuse(fileName, 'is encrypted; upload it without a password.');
  let pages = 0;
  let problem: string | null;
  try {
    pages = doc.getPageCount();
    problem = pdfProblem(doc, bytes.length);
  } catch {
    throw refuse(fileName, 'is not a readable PDF.');
  }
  if (pages === 0) throw refuse(fileName, 'has no pages.');
  if (problem) throw refuse(fileName, problem);
  // The raw bytes too: names hidden in a stream pdf-lib does not parse (an unknown filter) still count.
  if (/\/(JavaScript|JS|Launch)\b/.test(latin1(bytes))) throw refuse(fileName, 'contains JavaScript or a launch action; such PDFs are refused.');
}

function pdfProblem(doc: PDFDocument, size: number): string | null {
  let inflated = 0;
  const dicts: PDFDict[] = [];
  const collect = (object: PDFObject | undefined, depth: number) => {
    if (!object || depth > 64) return;
    if (object instanceof PDFStream) return collect(object.dict, depth + 1);
    if (object instanceof PDFDict) {
      dicts.push(object);
      for (const [, value] of object.entries()) if (!(value instanceof PDFRef)) collect(value, depth + 1);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) if (!(value instanceof PDFRef)) collect(value, depth + 1);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    collect(object, 0);
    if (object instanceof PDFRawStream) {
      const filter = object.dict.get(PDFName.of('Filter'));
      const names = filter instanceof PDFArray ? filter.asArray().map(String) : filter ? [String(filter)] : [];
      if (names.includes('/FlateDecode')) {
        try {
          inflated += inflateSync(object.contents, { maxOutputLength: DECOMPRESSED_MAX_BYTES - inflated + 1 }).length;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || (error instanceof RangeError)) {
            return 'inflates to more than 100 MB (a decompression bomb); such PDFs are refused.';
          }
          // A damaged stream is the viewer's problem, not a danger.
        }
        if (inflated > DECOMPRESSED_MAX_BYTES) return 'inflates to more than 100 MB (a decompression bomb); such PDFs are refused.';
      }
    }
  }
  if (inflated > 1024 * 1024 && inflated / size > MAX_RATIO) return `inflates ${Math.round(inflated / size)} times (a decompression bomb); such PDFs are refused.`;
  const catalog = doc.catalog;
  if (catalog.get(PDFName.of('OpenAction')) instanceof PDFDict || catalog.get(PDFName.of('OpenAction')) instanceof PDFRef) {
    const action = doc.context.lookup(catalog.get(PDFName.of('OpenAction')));
    if (action instanceof PDFDict && isDangerousAction(action)) return 'opens with JavaScript or a launch action; such PDFs are refused.';
  }
  for (const dict of dicts) {
    if (isDangerousAction(dict)) return 'contains JavaScript or a launch action; such PDFs are refused.';
    for (const [key] of dict.entries()) {
      if (DANGEROUS_KEYS.has(key.decodeText())) return 'contains JavaScript, automatic actions or embedded files; such PDFs are refused.';
    }
  }
  return null;
}

function isDangerousAction(dict: PDFDict): boolean {
  const kind = dict.get(PDFName.of('S'));
  return kind instanceof PDFName && DANGEROUS_ACTIONS.has(kind.decodeText());
}
