/**
 * Generated PDFs as background jobs (spec §3 Generated PDF, §4; §7 generatePdf, generatedPdf; issue 20).
 *
 * generatePdf writes a job row ('queued', userStatus 'Generating…'). The worker claims one job at a time with
 * a lease (lease_until a few minutes ahead, FOR UPDATE SKIP LOCKED: two API processes never render the same
 * job), renders the form (`pdf`) and the form with the slots' documents appended (`attachmentPdf`), stores
 * both through the storage interface and marks the job 'done'. userStatus follows the steps. A process that
 * dies mid-job leaves the row 'running' with a lease that runs out: the next worker run — after a restart
 * too — takes it again. After MAX_ATTEMPTS claims a job is 'failed' with userStatus 'Something went wrong'.
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
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
import { renderForm, renderWithAttachments, type Attachment, type FormAnswer } from './render';

export const GENERATING = documentTexts.generating;
export const FAILED_STATUS = documentTexts.generationFailed;
export const DONE_STATUS = documentTexts.generationReady;
export const MAX_ATTEMPTS = 3;
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

// A job queued in this process starts a worker run at once.
const queuedListeners = new Set<() => void>();
export function onPdfQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** generatePdf: queues a job for the case; `componentIds` or `componentSet` chooses the slots appended. */
export async function generatePdf(
  db: Queryable,
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
  const { rows } = await db.query<JobRow>(
    `INSERT INTO generated_pdfs (application_case_id, requested_by_user_id, component_ids, user_status, admin_status)
     VALUES ($1, $2, $3, $4, 'Queued') RETURNING ${JOB_COLUMNS}`,
    [c.id, caller.user.id, ids, GENERATING],
  );
  for (const listener of queuedListeners) listener();
  return toRecord(rows[0]!);
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

export interface PdfWorkerOptions {
  logger: Logger;
  /** Pause between runs. Default 5 s; a job queued in this process starts a run at once. */
  intervalMs?: number;
  /** How long a claim holds a job. Default 5 min. */
  leaseMs?: number;
  storage?: Storage;
  /** Called after each step (tests stop a run mid-job here). */
  onStep?: (jobId: number, step: string) => Promise<void> | void;
}

export interface PdfWorker {
  /** Takes due jobs until none is left; answers how many were finished. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

async function claim(db: Database, leaseMs: number): Promise<JobRow | 'gave-up' | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<JobRow>(
      `SELECT ${JOB_COLUMNS} FROM generated_pdfs
        WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now())
        ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    const job = rows[0];
    if (!job) return null;
    if (job.attempts >= MAX_ATTEMPTS) {
      await tx.query(
        `UPDATE generated_pdfs SET status = 'failed', user_status = $2, admin_status = $3, lease_until = NULL, finished_at = now() WHERE id = $1`,
        [job.id, FAILED_STATUS, `Gave up after ${job.attempts} attempts.`],
      );
      return 'gave-up' as const;
    }
    const { rows: claimed } = await tx.query<JobRow>(
      `UPDATE generated_pdfs SET status = 'running', attempts = attempts + 1, lease_until = now() + ($2::bigint * interval '1 millisecond'),
         admin_status = 'Attempt ' || (attempts + 1)
        WHERE id = $1 RETURNING ${JOB_COLUMNS}`,
      [job.id, leaseMs],
    );
    return claimed[0] ?? null;
  });
}

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

async function render(db: Database, job: JobRow, storage: Storage, step: (text: string) => Promise<void>): Promise<void> {
  const c = await findCase(db, Number(job.application_case_id));
  if (!c) throw new Error('The case is gone.');
  await step('Collecting answers…');
  const answers = await answersOf(db, c.responseId);
  const components = await componentsOfType(db, c.applicationType.id);
  const documents = await documentsOfCase(db, c.id, { userId: c.ownerUserId });
  const chosen = job.component_ids.length ? new Set(job.component_ids.map(Number)) : null;
  await step('Rendering the form…');
  const now = new Date();
  const form = await renderForm({
    title: `${c.applicationType.name} — case ${c.id}`,
    subtitle: `Documents and answers as of ${now.toISOString().slice(0, 10)}`,
    answers,
    documents: components
      .filter((x) => x.componentType === 'UPLOAD_DOCUMENT')
      .map((x) => ({ slot: x.name, fileNames: documents.filter((d) => d.componentId === x.id).map((d) => d.fileName) })),
    generatedAt: now,
  });
  const attachments: Attachment[] = [];
  for (const component of components) {
    if (chosen && !chosen.has(component.id)) continue;
    for (const d of documents.filter((x) => x.componentId === component.id).reverse()) {
      for (const file of d.translation ? [d, d.translation] : [d]) {
        const stored = await storage.get(file.storageKey);
        if (stored) attachments.push({ slot: component.name, fileName: file.fileName, contentType: file.contentType, bytes: stored.data });
      }
    }
  }
  const withAttachments = await renderWithAttachments(form, attachments, (index, total) => step(`Appending documents (${index + 1} of ${total})…`));
  await step('Saving…');
  const base = `generated/${c.id}/${randomBytes(12).toString('hex')}`;
  await storage.put(`${base}-form.pdf`, form, 'application/pdf');
  await storage.put(`${base}-attachments.pdf`, withAttachments, 'application/pdf');
  await db.query(
    `UPDATE generated_pdfs SET status = 'done', user_status = $2, admin_status = $3, pdf_key = $4, attachment_pdf_key = $5, lease_until = NULL, finished_at = now()
      WHERE id = $1`,
    [job.id, DONE_STATUS, `Done: ${attachments.length} documents appended.`, `${base}-form.pdf`, `${base}-attachments.pdf`],
  );
}

export function startPdfWorker(db: Database, options: PdfWorkerOptions): PdfWorker {
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const storage = options.storage ?? uploadStorage();
  const { logger } = options;
  let stopping = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const work = async (): Promise<number> => {
    let finished = 0;
    while (!stopping) {
      const job = await claim(db, leaseMs);
      if (!job) break;
      if (job === 'gave-up') continue;
      try {
        await render(db, job, storage, async (text) => {
          if (stopping) throw new Error('The worker is stopping.');
          await db.query('UPDATE generated_pdfs SET user_status = $2 WHERE id = $1', [job.id, text]);
          await options.onStep?.(Number(job.id), text);
        });
        finished++;
      } catch (error) {
        if (stopping) break; // the lease runs out and the next run takes the job again
        logger.error(`[pdf] job ${job.id} failed (attempt ${job.attempts})`, error);
        const last = job.attempts >= MAX_ATTEMPTS;
        await db.query(
          `UPDATE generated_pdfs SET status = $2, user_status = $3, admin_status = $4, lease_until = NULL, finished_at = CASE WHEN $2 = 'failed' THEN now() END WHERE id = $1`,
          [job.id, last ? 'failed' : 'queued', last ? FAILED_STATUS : GENERATING, String(error instanceof Error ? error.message : error).slice(0, 500)],
        );
      }
    }
    return finished;
  };
  const runOnce = (): Promise<number> => {
    const run = chain.then(async () => {
      if (stopping) return 0;
      try {
        return await work();
      } catch (error) {
        logger.error('[pdf] worker run failed', error);
        return 0;
      }
    });
    chain = run;
    return run;
  };
  const schedule = () => {
    timer = setTimeout(() => void runOnce().then(() => !stopping && schedule()), options.intervalMs ?? 5_000);
    timer.unref();
  };
  schedule();
  // Jobs left by a process that stopped: at once, not after the first pause.
  void runOnce();
  const stopListening = onPdfQueued(() => {
    if (!stopping) setImmediate(() => void runOnce());
  });
  return {
    runOnce,
    async stop() {
      stopping = true;
      stopListening();
      clearTimeout(timer);
      await chain;
    },
  };
}

/** The stored bytes' key of a finished job, for the download route. */
export const pdfKeyOf = (pdf: GeneratedPdfRecord, which: 'pdf' | 'attachment-pdf') => (which === 'pdf' ? pdf.pdfKey : pdf.attachmentPdfKey);
