/**
 * Generated PDFs as jobs of the work tier (spec §3 Generated PDF, §4; §7 generatePdf, generatedPdf; issues 20, 33).
 *
 * generatePdf writes the PDF's row ('queued', userStatus 'Generating…') and its job (server/jobs/queue.ts) in one
 * transaction; a user with PDF_QUEUE_LIMITS.perOwner PDFs waiting or running (or a partner with perPartner) is
 * refused with RATE_LIMITED and nothing is written. The tier claims fairly (another user's PDF goes before a
 * user's next one), renders off the main thread — the form, then each attachment read from storage and prepared on
 * a worker thread one at a time (images scaled down to the page: a case of large photos costs the memory of one
 * photo at a time), then the whole assembled — stores both files through the storage interface and marks the row
 * 'done'. userStatus follows the steps. A process that dies mid-job leaves its job to the lease: the next claim
 * takes it again. After MAX_ATTEMPTS claims the row is 'failed' with userStatus 'Something went wrong'.
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { announceQueued, enqueueJobIn, userOwner, type JobRecord, type QueueLimits } from '../jobs/queue';
import { runOnThread } from '../jobs/threads';
import { startWorkTier, type JobKind, type WorkTier } from '../jobs/tier';
import type { Logger } from '../log';
import { uploadStorage, type Storage } from '../storage';
import {
  caseRole,
  componentsOfType,
  documentsOfCase,
  findCase,
  isCaseStaff,
  readableCase,
  type DocumentCaller,
} from '../documents/documents';
import { documentTexts } from '../../core/i18n/documents';
import type { FormAnswer, PreparedAttachment } from './render';

export const GENERATING = documentTexts.generating;
export const FAILED_STATUS = documentTexts.generationFailed;
export const DONE_STATUS = documentTexts.generationReady;
export const MAX_ATTEMPTS = 3;
/** PDFs one user (or one partner) may have waiting or running at once; the next is refused with RATE_LIMITED. */
export const PDF_QUEUE_LIMITS: QueueLimits = { perOwner: 3, perPartner: 30 };
export const PDF_JOB = 'pdf';
export const pdfQueueFull = (seconds: number) =>
  `You have ${PDF_QUEUE_LIMITS.perOwner} PDFs being generated already. Try again in ${seconds} seconds, when one of them is ready.`;
export type ComponentSet = 'ALL' | 'REQUIRED';
export type PdfStatus = 'queued' | 'running' | 'done' | 'failed';

export interface GeneratedPdfRecord {
  id: number;
  applicationCaseId: number;
  requestedByUserId: number;
  status: PdfStatus;
  userStatus: string;
  adminStatus: string;
  pdfKey: string | null;
  attachmentPdfKey: string | null;
  created: Date;
  finished: Date | null;
}

interface JobRow {
  id: number;
  application_case_id: number;
  requested_by_user_id: number;
  component_ids: number[];
  status: PdfStatus;
  user_status: string;
  admin_status: string;
  pdf_key: string | null;
  attachment_pdf_key: string | null;
  attempts: number;
  created_at: Date;
  finished_at: Date | null;
}

const JOB_COLUMNS = 'id, application_case_id, requested_by_user_id, component_ids, status, user_status, admin_status, pdf_key, attachment_pdf_key, attempts, created_at, finished_at';

const toRecord = (r: JobRow): GeneratedPdfRecord => ({
  id: Number(r.id),
  applicationCaseId: Number(r.application_case_id),
  requestedByUserId: Number(r.requested_by_user_id),
  status: r.status,
  userStatus: r.user_status,
  adminStatus: r.admin_status,
  pdfKey: r.pdf_key,
  attachmentPdfKey: r.attachment_pdf_key,
  created: r.created_at,
  finished: r.finished_at,
});

export const pdfNotFound = () => new DomainError('NOT_FOUND', 'Generated PDF not found.');

/** generatePdf: queues a job for the case; `componentIds` or `componentSet` chooses the slots appended. */
export async function generatePdf(
  db: Database,
  input: { applicationCaseId: number; componentIds?: number[] | null; componentSet?: ComponentSet | null },
  caller: DocumentCaller & { user: UserRecord },
): Promise<GeneratedPdfRecord> {
  const c = await readableCase(db, input.applicationCaseId, caller);
  const components = await componentsOfType(db, c.applicationType.id);
  let ids: number[];
  if (input.componentIds && input.componentIds.length > 0) {
    const known = new Set(components.map((x) => x.id));
    const unknown = input.componentIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw badInput(`Document slot ${unknown} is not a slot of this case.`, 'componentIds');
    ids = [...new Set(input.componentIds)];
  } else if (input.componentSet === 'REQUIRED') ids = components.filter((x) => x.required).map((x) => x.id);
  else ids = [];
  const partnerId = caller.partnerId;
  const pdf = await db.transaction(async (tx) => {
    const { rows } = await tx.query<JobRow>(
      `INSERT INTO generated_pdfs (application_case_id, requested_by_user_id, component_ids, user_status, admin_status)
       VALUES ($1, $2, $3, $4, 'Queued') RETURNING ${JOB_COLUMNS}`,
      [c.id, caller.user.id, ids, GENERATING],
    );
    const row = rows[0]!;
    await enqueueJobIn<PdfPayload>(tx, {
      kind: PDF_JOB,
      key: `pdf:${row.id}`,
      owner: userOwner(caller.user.id),
      partnerId,
      payload: { pdfId: Number(row.id) },
      maxAttempts: MAX_ATTEMPTS,
      limits: PDF_QUEUE_LIMITS,
      typicalSeconds: 20,
      refusal: pdfQueueFull,
    });
    return row;
  });
  announceQueued(PDF_JOB);
  return toRecord(pdf);
}

export async function findGeneratedPdf(db: Queryable, id: number): Promise<GeneratedPdfRecord | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM generated_pdfs WHERE id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Who may read a job: its requester, and whoever may reach its case. */
export async function mayReadPdf(db: Queryable, pdf: GeneratedPdfRecord, caller: DocumentCaller): Promise<boolean> {
  if ('user' in caller && pdf.requestedByUserId === caller.user.id) return true;
  const c = await findCase(db, pdf.applicationCaseId);
  return c !== null && 'user' in caller && caseRole(c, caller) !== null;
}

/** generatedPdf(id): NOT_FOUND for strangers and ids that do not exist. */
export async function readableGeneratedPdf(db: Queryable, id: number, caller: DocumentCaller): Promise<GeneratedPdfRecord> {
  const pdf = await findGeneratedPdf(db, id);
  if (!pdf || !(await mayReadPdf(db, pdf, caller))) throw pdfNotFound();
  return pdf;
}

export const showsAdminStatus = (caller: DocumentCaller) => 'user' in caller && isCaseStaff(caller.user);

// ---------------------------------------------------------------------------------------------------
// The worker

interface PdfPayload {
  pdfId: number;
}

export interface PdfWorkerOptions {
  logger: Logger;
  /** Pause between looks for other processes' jobs. Default 1 s; a job queued in this process starts at once. */
  intervalMs?: number;
  /** How long a claim holds a job without renewal. Default 60 s (renewed while it runs). */
  leaseMs?: number;
  storage?: Storage;
  /** Called after each step (tests stop a run mid-job here). */
  onStep?: (jobId: number, step: string) => Promise<void> | void;
}

export type PdfWorker = WorkTier;

const humanize = (name: string) => {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const answerText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${humanize(k)}: ${answerText(v)}`).join('; ');
  return String(value);
};

/** The answers of the case's questionnaire response, in the order they were given. */
async function answersOf(db: Queryable, responseId: string): Promise<FormAnswer[]> {
  const { rows } = await db.query<{ context: Record<string, unknown> }>('SELECT context FROM questionnaire_responses WHERE id = $1', [responseId]);
  const context = rows[0]?.context ?? {};
  return Object.entries(context)
    .filter(([key]) => !key.startsWith('_'))
    .slice(0, 500)
    .map(([key, value]) => ({ label: humanize(key), value: answerText(value).slice(0, 2000) }));
}

async function render(db: Database, pdfId: number, storage: Storage, step: (text: string) => Promise<void>, signal: AbortSignal): Promise<void> {
  const { rows } = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM generated_pdfs WHERE id = $1`, [pdfId]);
  const job = rows[0];
  // Gone with its case, or settled meanwhile (an operator marked it failed): nothing to do.
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
  await db.query(`UPDATE generated_pdfs SET status = 'running', attempts = attempts + 1, admin_status = 'Attempt ' || (attempts + 1) WHERE id = $1`, [pdfId]);
  const c = await findCase(db, Number(job.application_case_id));
  if (!c) throw new Error('The case is gone.');
  await step('Collecting answers…');
  const answers = await answersOf(db, c.responseId);
  const components = await componentsOfType(db, c.applicationType.id);
  const documents = await documentsOfCase(db, c.id, { userId: c.ownerUserId });
  const chosen = job.component_ids.length ? new Set(job.component_ids.map(Number)) : null;
  await step('Rendering the form…');
  const now = new Date();
  const form = await runOnThread(
    'pdf.form',
    {
      title: `${c.applicationType.name} — case ${c.id}`,
      subtitle: `Documents and answers as of ${now.toISOString().slice(0, 10)}`,
      answers,
      documents: components
        .filter((x) => x.componentType === 'UPLOAD_DOCUMENT')
        .map((x) => ({ slot: x.name, fileNames: documents.filter((d) => d.componentId === x.id).map((d) => d.fileName) })),
      generatedAt: now,
    },
    { signal },
  );
  // One attachment at a time: read, prepared on a thread (an image scaled down to its page), kept small.
  const files = components
    .filter((component) => !chosen || chosen.has(component.id))
    .flatMap((component) =>
      documents
        .filter((x) => x.componentId === component.id)
        .reverse()
        .flatMap((d) => (d.translation ? [d, d.translation] : [d]).map((file) => ({ slot: component.name, file }))),
    );
  const attachments: PreparedAttachment[] = [];
  for (const [index, { slot, file }] of files.entries()) {
    await step(`Appending documents (${index + 1} of ${files.length})…`);
    const stored = await storage.get(file.storageKey);
    if (stored) attachments.push(await runOnThread('pdf.prepare', { slot, fileName: file.fileName, contentType: file.contentType, bytes: stored.data }, { signal }));
  }
  const withAttachments = await runOnThread('pdf.assemble', { form, attachments }, { signal });
  await step('Saving…');
  const base = `generated/${c.id}/${randomBytes(12).toString('hex')}`;
  await storage.put(`${base}-form.pdf`, form, 'application/pdf');
  await storage.put(`${base}-attachments.pdf`, withAttachments, 'application/pdf');
  await db.query(
    `UPDATE generated_pdfs SET status = 'done', user_status = $2, admin_status = $3, pdf_key = $4, attachment_pdf_key = $5, lease_until = NULL, finished_at = now()
      WHERE id = $1`,
    [pdfId, DONE_STATUS, `Done: ${attachments.length} documents appended.`, `${base}-form.pdf`, `${base}-attachments.pdf`],
  );
}

/** The PDF job kind: its rendering, and the row's status when it is given up. */
export function pdfJobKind(options: Pick<PdfWorkerOptions, 'storage' | 'onStep'> = {}): JobKind<PdfPayload> {
  const storage = options.storage ?? uploadStorage();
  return {
    kind: PDF_JOB,
    // One at a time per process: a PDF holds a form and its attachments in memory while it is assembled.
    concurrency: 1,
    async run(job, { db, signal }) {
      const pdfId = job.payload.pdfId;
      await render(
        db,
        pdfId,
        storage,
        async (text) => {
          if (signal.aborted) throw signal.reason;
          await db.query('UPDATE generated_pdfs SET user_status = $2 WHERE id = $1', [pdfId, text]);
          await options.onStep?.(pdfId, text);
        },
        signal,
      );
      return { pdfId };
    },
    async failed(db, job: JobRecord<PdfPayload>, gaveUp) {
      const detail = (job.error ?? '').slice(0, 400);
      await db.query(
        `UPDATE generated_pdfs SET status = $2, user_status = $3, admin_status = $4, lease_until = NULL, finished_at = CASE WHEN $2 = 'failed' THEN now() END
          WHERE id = $1 AND status <> 'done'`,
        gaveUp
          ? [job.payload.pdfId, 'failed', FAILED_STATUS, `Gave up after ${job.attempts} attempts: ${detail}`]
          : [job.payload.pdfId, 'queued', GENERATING, detail],
      );
    },
  };
}

/** A work tier of PDF jobs only (tests; the server runs pdfJobKind in its own tier). */
export function startPdfWorker(db: Database, options: PdfWorkerOptions): PdfWorker {
  return startWorkTier(db, {
    logger: options.logger,
    kinds: [pdfJobKind(options)],
    ...(options.intervalMs !== undefined ? { pollMs: options.intervalMs } : {}),
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
  });
}

/** The stored bytes' key of a finished job, for the download route. */
export const pdfKeyOf = (pdf: GeneratedPdfRecord, which: 'pdf' | 'attachment-pdf') => (which === 'pdf' ? pdf.pdfKey : pdf.attachmentPdfKey);
