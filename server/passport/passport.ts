/**
 * Passport data of an uploaded document (widget spec §3 "Passport document: associated data fields"; issue
 * 21): whoever may reach the document (server/documents/documents.ts: its case's owner and staff, or the
 * guest of its questionnaire response) may have its machine-readable zone read. The upload itself is the
 * documents domain's; this only reads the stored file.
 */
import type { Queryable } from '../db';
import { readableDocument, type DocumentCaller } from '../documents/documents';
import { uploadStorage, type Storage } from '../storage';
import { readPassportImage } from './ocr';
import type { PassportReading } from './mrz';

export const passportFileMessages = {
  notAnImage: 'Passport data is read from a photo: upload a JPEG, PNG or WebP image of the photo page.',
  missing: 'The file of this document is no longer stored. Upload it again.',
} as const;

const READABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export async function passportOfDocument(db: Queryable, documentId: number, caller: DocumentCaller, storage: Storage = uploadStorage()): Promise<PassportReading> {
  const document = await readableDocument(db, documentId, caller);
  if (!READABLE_TYPES.has(document.contentType)) return { ok: false, message: passportFileMessages.notAnImage };
  const file = await storage.get(document.storageKey);
  if (!file) return { ok: false, message: passportFileMessages.missing };
  return readPassportImage(new Uint8Array(file.data));
}
