/**
 * Uploaded images as jobs of the work tier (issue 37 part 2; docs/architecture.md "Heavy work"): a request never
 * decodes an upload. It checks what is cheap (the size, then the type by its magic bytes: checkImageBytes), stages
 * the original bytes in storage under `staged/<hex>.upload`, queues an `image-upload` job for the uploader (a user)
 * under the request's partner, and waits for it with the request's signal. The job reads the staged original,
 * decodes it and encodes the route's files on a work thread (`image.derive`, server/uploads/derivatives.ts), stores
 * them under the route's base key, and answers their keys and sizes (or what decoding refused: the route's message
 * is the request's). The request then writes its row (commitStored, server/uploads/store.ts) and removes the staged
 * original.
 *
 * Fair (server/jobs/queue.ts): the next upload decoded is the partner's, then the user's, served least recently, at
 * most HEARTH_JOBS_RUNNING_PER_USER of one user's at once, so one user's burst of photos never holds another
 * user's upload behind it; a user may have IMAGE_QUEUE_LIMITS.perOwner waiting or running, past that the upload is
 * refused with RATE_LIMITED and retryAfterSeconds (429, Retry-After). An API process (`--role api`) runs no tier: its
 * uploads wait for a worker process, as PDFs do.
 *
 * Nothing is left behind: a request stopped before its job settles cancels it (nobody else waits for it); a job
 * canceled after it stored its files removes them (`discard`), and a job done after its waiter left has its files
 * removed by the waiter; a commit refused removes them too. What a killed process leaves — a staged original
 * whose job is no longer live, files no row names — the orphan sweep removes (server/storage/orphans.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db';
import { outsideRequest, StatementCancelled, throwIfCancelled } from '../db/cancellation';
import { enqueueJob, findJob, waitForJob, type JobRecord, type QueueLimits } from '../jobs/queue';
import { runOnThread } from '../jobs/threads';
import type { JobKind } from '../jobs/tier';
import { StorageFault, uploadStorage, type Storage } from '../storage';
import type { ImageRecipe } from './derivatives';
import { checkImageBytes, decodeRefusal, type DecodeRefusal, type ImageRules, type ImageType } from './image';

export const IMAGE_UPLOAD_JOB = 'image-upload';
/** Uploads one user (or one partner) may have waiting or running: a seller's handful of photos sent side by side. */
export const IMAGE_QUEUE_LIMITS: QueueLimits = { perOwner: 8, perPartner: 200 };
/** Uploads decoded at once in one process (their pixels go to the work threads). */
const IMAGE_CONCURRENCY = 2;
/** The folder of staged originals (server/storage/orphans.ts: kept while a live job names one). */
export const STAGED_FOLDER = 'staged';

const imageJobMessages = {
  busy: (seconds: number) => `You are uploading several images already. Try again in ${seconds} seconds, when they are stored.`,
};

interface ImagePayload extends Pick<ImageRules, 'maxPixels' | 'within'> {
  /** The original's key in storage while its job is live. */
  stagedKey: string;
  type: ImageType;
  recipe: ImageRecipe;
  /** Each file is stored under this key followed by its recipe's suffix. */
  baseKey: string;
}

/** One stored file of an upload. */
export interface StoredImageFile {
  key: string;
  contentType: string;
  width: number;
  height: number;
}

/** An upload decoded and stored: its type, its upright size, and its files (not yet named by any row). */
export interface DerivedImage {
  type: ImageType;
  width: number;
  height: number;
  files: StoredImageFile[];
}

/** A storage fault of the job's writes (a full or refusing store), answered to the request as it would be there. */
interface FaultResult {
  ok: false;
  fault: Pick<StorageFault, 'status' | 'code' | 'message'>;
}

type ImageJobResult = ({ ok: true } & DerivedImage) | ({ ok: false } & DecodeRefusal) | FaultResult;

const removeFiles = async (storage: Storage, files: readonly { key: string }[]) => {
  for (const file of files) await storage.delete(file.key).catch(() => undefined);
};

const storedFilesOf = (result: unknown): StoredImageFile[] => {
  const r = result as ImageJobResult | null;
  return r && r.ok ? r.files : [];
};

/** The image upload job: the staged original decoded on a work thread, the recipe's files stored. */
export function imageUploadKind(options: { storage?: Storage } = {}): JobKind<ImagePayload> {
  return {
    kind: IMAGE_UPLOAD_JOB,
    concurrency: IMAGE_CONCURRENCY,
    async run(job, { signal }) {
      const storage = options.storage ?? uploadStorage();
      const { stagedKey, type, maxPixels, within, recipe, baseKey } = job.payload;
      const staged = await storage.get(stagedKey);
      if (!staged) throw new Error(`The staged upload ${stagedKey} is gone.`);
      const derived = await runOnThread('image.derive', { bytes: new Uint8Array(staged.data), type, maxPixels, within, recipe }, { signal });
      if (!derived.ok) return derived satisfies ImageJobResult;
      const files: StoredImageFile[] = [];
      try {
        for (const file of derived.files) {
          signal.throwIfAborted();
          const key = `${baseKey}${file.suffix}`;
          files.push({ key, contentType: file.contentType, width: file.width, height: file.height });
          await storage.put(key, file.data, file.contentType);
        }
      } catch (error) {
        // Every key, the one whose write failed half-way included.
        await removeFiles(storage, files);
        if (error instanceof StorageFault) return { ok: false, fault: { status: error.status, code: error.code, message: error.message } } satisfies ImageJobResult;
        throw error;
      }
      return { ok: true, type: derived.type, width: derived.width, height: derived.height, files } satisfies ImageJobResult;
    },
    async discard(_db, _job, result) {
      await removeFiles(options.storage ?? uploadStorage(), storedFilesOf(result));
    },
  };
}

/** Of the request an upload comes with: the partner it is made under, and the signal that stops it. */
export interface UploadRequest {
  partnerId: number | null;
  signal?: AbortSignal;
}

export interface ImageUploadWhere {
  recipe: ImageRecipe;
  /** The files' keys start with this (a random name in the route's folder). */
  baseKey: string;
  /** Whom the job is fair to (userOwner) and under which partner it counts. */
  owner: string;
  partnerId: number | null;
  /** The request's signal: the wait ends with it, and the job is canceled. */
  signal?: AbortSignal;
  storage?: Storage;
}

/**
 * An upload under `rules` decoded and stored by a job as `where.recipe` says (see the top of this file); throws the
 * route's refusal (a DomainError), RATE_LIMITED past the user's or partner's limit, or the signal's reason. The
 * files answered are named by no row yet: the caller writes its row with commitStored, which removes them if the
 * row is not written.
 */
export async function storeUploadedImage(db: Database, bytes: Uint8Array, rules: ImageRules, where: ImageUploadWhere): Promise<DerivedImage> {
  const storage = where.storage ?? uploadStorage();
  const type = await checkImageBytes(bytes, rules);
  const result = await runStagedJob<ImagePayload, ImageJobResult>(db, bytes, {
    kind: IMAGE_UPLOAD_JOB,
    payload: (stagedKey) => ({ stagedKey, type, maxPixels: rules.maxPixels, within: rules.within, recipe: where.recipe, baseKey: where.baseKey }),
    owner: where.owner,
    partnerId: where.partnerId,
    signal: where.signal,
    storage,
    limits: IMAGE_QUEUE_LIMITS,
    refusal: imageJobMessages.busy,
    // Done just before the cancellation: its files are nobody's.
    abandoned: (late) => removeFiles(storage, storedFilesOf(late)),
  });
  if (!result.ok) throw 'fault' in result ? new StorageFault(result.fault.status, result.fault.code, result.fault.message) : decodeRefusal(rules, result);
  return { type: result.type, width: result.width, height: result.height, files: result.files };
}

export interface StagedJob<P> {
  kind: string;
  /** The job's payload, given the staged original's key. */
  payload(stagedKey: string): P & { stagedKey: string };
  owner: string;
  partnerId: number | null;
  signal?: AbortSignal;
  storage: Storage;
  limits: QueueLimits;
  refusal(retryAfterSeconds: number): string;
  /** The result of a job done after its waiter stopped waiting: what it stored goes. */
  abandoned?(result: unknown): Promise<void>;
}

/**
 * The request's side of a job over an upload (an image's, a document's check): `bytes` staged under staged/, the job
 * queued and waited for with the request's signal (canceled when it stops), the staged original removed; answers
 * the job's result. Throws RATE_LIMITED past the limits, StatementCancelled when the request stopped first (it
 * answers as any request stopped before its commit point), and an Error when the job failed.
 */
export async function runStagedJob<P, R>(db: Database, bytes: Uint8Array, job: StagedJob<P>): Promise<R> {
  const { storage, signal } = job;
  // A request already stopped stages nothing.
  throwIfCancelled();
  const stagedKey = `${STAGED_FOLDER}/${randomBytes(16).toString('hex')}.upload`;
  await storage.put(stagedKey, bytes, 'application/octet-stream');
  let settled: JobRecord<P>;
  try {
    // Queued and waited for outside the request's own writes: the job is canceled when the request stops, so it is
    // not the request's commit point (db/cancellation.ts), and its cancellation must not be refused as a write of a
    // stopped request.
    settled = await outsideRequest(async () => {
      const { job: queued } = await enqueueJob<P>(db, {
        kind: job.kind,
        owner: job.owner,
        partnerId: job.partnerId,
        payload: job.payload(stagedKey),
        // The request waits for it: a failure is answered, not tried again behind the user's back.
        maxAttempts: 1,
        limits: job.limits,
        typicalSeconds: 2,
        refusal: job.refusal,
      });
      try {
        return await waitForJob<P>(db, queued.id, { signal, cancelOnAbort: true, pollMs: 250 });
      } catch (error) {
        const late = await findJob(db, queued.id).catch(() => null);
        if (late?.status === 'done') await job.abandoned?.(late.result);
        throw signal?.aborted ? new StatementCancelled(signal.reason) : error;
      }
    });
  } finally {
    await storage.delete(stagedKey).catch(() => undefined);
  }
  // Canceled because the request stopped (here, or as the waiter in another process saw it).
  if (settled.status !== 'done' && signal?.aborted) throw new StatementCancelled(signal.reason);
  if (settled.status !== 'done' || settled.result == null) {
    throw new Error(`The ${job.kind} job ${settled.id} ended ${settled.status}${settled.error ? `: ${settled.error}` : ''}.`);
  }
  return settled.result as R;
}
