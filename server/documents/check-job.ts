/**
 * An uploaded document's content check as a job of the work tier (issue 37 part 2): parsing a PDF (pdf-lib: its
 * objects, its inflated streams) and decoding an image (sharp) are never a request's work. The request checks what is
 * cheap (checkDocumentBytes: size, type by content, extension, polyglots), stages the bytes, and waits for a
 * `document-check` job (server/uploads/jobs.ts runStagedJob) that runs documentContentProblem on a work thread; a
 * problem is answered as the same refusal as before, then the request stores the file and writes its row.
 * Fair as every job: one user's (or guest's) burst never holds another's upload behind it.
 */
import type { Database } from '../db';
import { badInput } from '../domain-error';
import { guestOwner, userOwner, type QueueLimits } from '../jobs/queue';
import { runOnThread } from '../jobs/threads';
import type { JobKind } from '../jobs/tier';
import { uploadStorage, type Storage } from '../storage';
import { runStagedJob } from '../uploads/jobs';
import type { DocumentCaller } from './documents';
import type { CheckedFile, DocumentContentType } from './files';

export const DOCUMENT_CHECK_JOB = 'document-check';
/** Checks one uploader (or one partner) may have waiting or running: a whole pick of files sent side by side (a slot holds 5). */
const DOCUMENT_CHECK_LIMITS: QueueLimits = { perOwner: 16, perPartner: 200 };

const busy = (seconds: number) => `You are uploading several documents already. Try again in ${seconds} seconds, when they are stored.`;

interface CheckPayload {
  stagedKey: string;
  fileName: string;
  contentType: DocumentContentType;
}

/** The check job: the staged file's content checked on a work thread; answers `{ problem }` (null when fine). */
export function documentCheckKind(options: { storage?: Storage } = {}): JobKind<CheckPayload> {
  return {
    kind: DOCUMENT_CHECK_JOB,
    concurrency: 2,
    async run(job, { signal }) {
      const { stagedKey, fileName, contentType } = job.payload;
      const staged = await (options.storage ?? uploadStorage()).get(stagedKey);
      if (!staged) throw new Error(`The staged upload ${stagedKey} is gone.`);
      return { problem: await runOnThread('documents.check', { fileName, contentType, bytes: new Uint8Array(staged.data) }, { signal }) };
    },
  };
}

/** The content of a file checkDocumentBytes passed, checked by a job for `caller`; throws the refusal. */
export async function checkDocumentContent(
  db: Database,
  file: CheckedFile,
  caller: DocumentCaller,
  options: { signal?: AbortSignal; storage?: Storage } = {},
): Promise<void> {
  const { problem } = await runStagedJob<CheckPayload, { problem: string | null }>(db, file.bytes, {
    kind: DOCUMENT_CHECK_JOB,
    payload: (stagedKey) => ({ stagedKey, fileName: file.fileName, contentType: file.contentType }),
    owner: 'user' in caller ? userOwner(caller.user.id) : guestOwner(caller.guestResponseId),
    partnerId: caller.partnerId,
    signal: options.signal,
    storage: options.storage ?? uploadStorage(),
    limits: DOCUMENT_CHECK_LIMITS,
    refusal: busy,
  });
  if (problem) throw badInput(problem, 'file');
}
