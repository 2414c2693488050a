/**
 * Electronic signature of a generated PDF (issue 20; the mortgage page's "sign electronically"): the signer's
 * typed name (or drawn signature, a PNG) is stamped on the first page of the form, and an audit page is
 * appended with who signed, how, when (UTC), from which IP, and the SHA-256 of the document as it was before
 * signing. The signed file is stored as a new PDF and recorded in pdf_signatures with its own SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import type { UserRecord } from '../accounts/users';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { uploadStorage, type Storage } from '../storage';
import { readableGeneratedPdf } from './jobs';
import { drawableText, embedFonts } from './render';

export interface SignatureRecord {
  id: number;
  generatedPdfId: number;
  signerName: string;
  method: 'typed' | 'drawn';
  ip: string;
  documentSha256: string;
  signedSha256: string;
  signedPdfKey: string;
  signedAt: Date;
}

const MAX_DRAWN_BYTES = 200 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A drawn signature from a `data:image/png;base64,…` URL, checked to be a small PNG; null when none was given. */
export async function readDrawnSignature(value: unknown): Promise<Uint8Array | null> {
  if (value === undefined || value === null || value === '') return null;
  const match = typeof value === 'string' ? /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(value) : null;
  if (!match) throw badInput('The drawn signature must be a PNG image (a data:image/png;base64 URL).', 'signature');
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length > MAX_DRAWN_BYTES) throw badInput('The drawn signature must be 200 kB or smaller.', 'signature');
  try {
    const meta = await sharp(bytes, { limitInputPixels: 4_000_000 }).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) throw new Error('not a png');
  } catch {
    throw badInput('The drawn signature is not a readable PNG image.', 'signature');
  }
  return bytes;
}

export function readSignerName(value: unknown): string {
  const name = typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim() : '';
  // eslint-disable-next-line no-control-regex
  if (name.length < 2 || name.length > 120 || /[\u0000-\u001f\u007f]/.test(name)) throw badInput('Type your full name (2 to 120 characters) to sign.', 'signerName');
  return name;
}

const toRecord = (r: {
  id: number;
  generated_pdf_id: number;
  signer_name: string;
  method: 'typed' | 'drawn';
  ip: string;
  document_sha256: string;
  signed_sha256: string;
  signed_pdf_key: string;
  signed_at: Date;
}): SignatureRecord => ({
  id: Number(r.id),
  generatedPdfId: Number(r.generated_pdf_id),
  signerName: r.signer_name,
  method: r.method,
  ip: r.ip,
  documentSha256: r.document_sha256,
  signedSha256: r.signed_sha256,
  signedPdfKey: r.signed_pdf_key,
  signedAt: r.signed_at,
});

const SIGNATURE_COLUMNS = 'id, generated_pdf_id, signer_name, method, ip, document_sha256, signed_sha256, signed_pdf_key, signed_at';

export async function latestSignature(db: Queryable, generatedPdfId: number): Promise<SignatureRecord | null> {
  const { rows } = await db.query<Parameters<typeof toRecord>[0]>(
    `SELECT ${SIGNATURE_COLUMNS} FROM pdf_signatures WHERE generated_pdf_id = $1 ORDER BY signed_at DESC, id DESC LIMIT 1`,
    [generatedPdfId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Signs the attachment PDF of a finished job the user may read. */
export async function signGeneratedPdf(
  db: Queryable,
  input: { id: number; user: UserRecord; partnerId: number; signerName: string; drawn: Uint8Array | null; ip: string; now?: Date },
  storage: Storage = uploadStorage(),
): Promise<SignatureRecord> {
  const pdf = await readableGeneratedPdf(db, input.id, { user: input.user, partnerId: input.partnerId });
  if (!pdf.attachmentPdfKey) throw badInput('The PDF is not ready yet: sign it once it is generated.', 'id');
  const stored = await storage.get(pdf.attachmentPdfKey);
  if (!stored) throw new DomainError('NOT_FOUND', 'Generated PDF not found.');
  const documentSha256 = sha256(stored.data);
  const signedAt = input.now ?? new Date();
  const when = `${signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

  const doc = await PDFDocument.load(stored.data);
  const { regular, bold } = await embedFonts(doc);
  const first = doc.getPage(0);
  const { width } = first.getSize();
  const boxX = width - 56 - 220;
  first.drawRectangle({ x: boxX, y: 24, width: 220, height: 70, borderColor: rgb(0.1, 0.35, 0.25), borderWidth: 1, color: rgb(1, 1, 1) });
  if (input.drawn) {
    const image = await doc.embedPng(input.drawn);
    const scale = Math.min(200 / image.width, 34 / image.height, 1);
    first.drawImage(image, { x: boxX + 10, y: 52, width: image.width * scale, height: image.height * scale });
  } else {
    first.drawText(drawableText(bold, input.signerName).slice(0, 40), { x: boxX + 10, y: 60, size: 16, font: bold, color: rgb(0.05, 0.15, 0.45) });
  }
  first.drawText(drawableText(regular, `Signed electronically by ${input.signerName}`).slice(0, 60), { x: boxX + 10, y: 40, size: 7, font: regular });
  first.drawText(`${when} · see the audit page`, { x: boxX + 10, y: 30, size: 7, font: regular });

  const audit = doc.addPage([612, 792]);
  let y = 792 - 72;
  const line = (label: string, value: string, size = 11) => {
    audit.drawText(label, { x: 56, y, size: 9, font: bold, color: rgb(0.38, 0.38, 0.42) });
    y -= 15;
    for (let i = 0; i < value.length; i += 64) {
      audit.drawText(drawableText(regular, value.slice(i, i + 64)), { x: 56, y, size, font: regular });
      y -= size * 1.5;
    }
    y -= 8;
  };
  audit.drawText('Signature audit trail', { x: 56, y, size: 20, font: bold });
  y -= 36;
  line('Document', `Generated PDF ${pdf.id} of case ${pdf.applicationCaseId}`);
  line('Signer', input.signerName);
  line('Signer account', input.user.email);
  line('Method', input.drawn ? 'Drawn signature' : 'Typed name');
  line('Signed at', when);
  line('IP address', input.ip);
  line('SHA-256 of the document before signing', documentSha256, 10);
  const signed = await doc.save();
  const signedSha256 = sha256(signed);
  const key = `generated/${pdf.applicationCaseId}/${randomBytes(12).toString('hex')}-signed.pdf`;
  await storage.put(key, signed, 'application/pdf');
  const { rows } = await db.query<Parameters<typeof toRecord>[0]>(
    `INSERT INTO pdf_signatures (generated_pdf_id, signer_user_id, signer_name, method, ip, document_sha256, signed_sha256, signed_pdf_key, signed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${SIGNATURE_COLUMNS}`,
    [pdf.id, input.user.id, input.signerName, input.drawn ? 'drawn' : 'typed', input.ip, documentSha256, signedSha256, key, signedAt],
  );
  return toRecord(rows[0]!);
}
