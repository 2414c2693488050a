/**
 * Passport data of an uploaded document (widget spec §3 "Passport document: associated data fields"; issue
 * 21): whoever may reach the document (server/documents/documents.ts: its case's owner and staff, or the
 * guest of its questionnaire response) may have its machine-readable zone read. The upload itself is the
 * documents domain's; this only reads the stored file.
 *
 * The reading is a job of the work tier (server/passport/ocr.ts; issue 33), and extractPassport stays one call: it
 * queues the job — refused with RATE_LIMITED when the caller already has one reading running and one waiting — and
 * waits for it with the request's signal. When the request ends first (its deadline, the client gone), the job is
 * canceled and its OCR stopped: nobody else waits for it.
 */
import type { Database } from '../db';
import { readableDocument, type DocumentCaller } from '../documents/documents';
import { enqueueJob, guestOwner, userOwner, waitForJob } from '../jobs/queue';
import type { PassportReading } from './mrz';
import { ocrMessages, OCR_QUEUE_LIMITS, PASSPORT_OCR_JOB } from './ocr';

export const passportFileMessages = {
  notAnImage: 'Passport data is read from a photo: upload a JPEG, PNG or WebP image of the photo page.',
} as const;

const READABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export async function passportOfDocument(db: Database, documentId: number, caller: DocumentCaller, options: { signal?: AbortSignal } = {}): Promise<PassportReading> {
  const document = await readableDocument(db, documentId, caller);
  if (!READABLE_TYPES.has(document.contentType)) return { ok: false, message: passportFileMessages.notAnImage };
  const { job } = await enqueueJob(db, {
    kind: PASSPORT_OCR_JOB,
    owner: 'user' in caller ? userOwner(caller.user.id) : guestOwner(caller.guestResponseId),
    partnerId: caller.partnerId,
    payload: { storageKey: document.storageKey },
    // A request waits for it: a failed reading is answered, not tried again behind the user's back.
    maxAttempts: 1,
    limits: OCR_QUEUE_LIMITS,
    typicalSeconds: 5,
    refusal: ocrMessages.busy,
  });
  const settled = await waitForJob(db, job.id, { signal: options.signal, cancelOnAbort: true, pollMs: 250 });
  return settled.status === 'done' ? (settled.result as PassportReading) : { ok: false, message: ocrMessages.failed };
}
