/**
 * OCR of a passport's machine-readable zone, on the server (issue 21: nothing of it in the bundle), as jobs of the
 * work tier (issue 33, server/jobs/): sharp decodes the photo once, turned upright and scaled to WORK_WIDTH (so a
 * large or noisy photo costs no more than a page's worth of pixels), crops the bottom band, greys, normalises and
 * thresholds it, and tesseract.js reads it with the MRZ alphabet only, in a worker thread of its own. The English
 * traineddata comes from the @tesseract.js-data/eng package (4.0.0_best_int, gzipped): nothing is downloaded.
 *
 * Fair: a passport reading is a job (`passportOcrKind`): one user (or guest) has at most one running and one waiting
 * (OCR_QUEUE_LIMITS; a third is refused with RATE_LIMITED, their own, never another user's), the next reading taken
 * is the user's served least recently, and OCR_CONCURRENCY readers work at once per process. Bounded: a reading
 * stops when its signal fires — the request's deadline or disconnect cancels its job (server/passport/passport.ts),
 * the job's own OCR_TIMEOUT_MS ends it too — and a reader stopped mid-recognition is terminated (tesseract cannot
 * cancel a recognition); an idle reader is reused. stopPassportReader() ends the idle ones on shutdown.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import type { QueueLimits } from '../jobs/queue';
import type { JobKind } from '../jobs/tier';
import { uploadStorage, type Storage } from '../storage';
import { passportMessages, readPassportText, type PassportReading } from './mrz';

/** A reading stops after this long, waited for or not (a request waits at most its own deadline). */
export const OCR_TIMEOUT_MS = 15_000;
/** Readings one user or guest may have waiting or running (one of each); one partner's in all. */
export const OCR_QUEUE_LIMITS: QueueLimits = { perOwner: 2, perPartner: 20 };
/** Readers working at once in one process (each a tesseract worker thread). */
export const OCR_CONCURRENCY = 2;
export const PASSPORT_OCR_JOB = 'passport-ocr';
/** Photos are scaled to this width first: enough for the MRZ's characters, bounded work. */
const WORK_WIDTH = 1800;
/** …and at most this tall (a strip of a photo stays a strip, not a poster). */
const WORK_HEIGHT = 2600;
/** The bands tried, bottom first: the MRZ sits in the bottom quarter of the photo page (ICAO 9303). */
const BANDS = [0.3, 0.55] as const;
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export const ocrMessages = {
  tooLong: 'Reading the passport took too long. Upload a smaller, sharper photo of the photo page.',
  busy: (seconds: number) => `You are reading a passport already. Try again in ${seconds} seconds, when it is done.`,
  failed: 'The passport could not be read. Try again, or type the details in.',
};

const langPath = () => {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
};

// ---------------------------------------------------------------------------------------------------
// Readers: tesseract workers, reused while idle, terminated when a reading is stopped

const idle: Worker[] = [];
const stats = { created: 0, terminated: 0 };

async function takeReader(): Promise<Worker> {
  const reader = idle.pop();
  if (reader) return reader;
  const created = await createWorker('eng', 1, { langPath: langPath(), gzip: true, cacheMethod: 'none' });
  await created.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '0', user_defined_dpi: '300' });
  stats.created++;
  return created;
}

function terminate(reader: Worker): void {
  stats.terminated++;
  void reader.terminate().catch(() => undefined);
}

const giveBack = (reader: Worker) => (idle.length < OCR_CONCURRENCY ? idle.push(reader) : terminate(reader));

/** Readers created and terminated in this process so far (tests: a stopped reading terminates its reader). */
export const passportReaderStats = () => ({ ...stats });

/** Ends the idle readers (server shutdown, tests). */
export async function stopPassportReader(): Promise<void> {
  for (const reader of idle.splice(0)) terminate(reader);
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** The photo once: upright, grey, scaled to WORK_WIDTH (at most WORK_HEIGHT tall), as raw pixels. */
async function workImage(image: Uint8Array) {
  return sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: WORK_WIDTH, height: WORK_HEIGHT, fit: 'inside', withoutEnlargement: false })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** The bottom `fraction` of the work image in black and white: what tesseract reads best. */
function mrzBand({ data, info }: Awaited<ReturnType<typeof workImage>>, fraction: number): Promise<Buffer> {
  const top = Math.floor(info.height * (1 - fraction));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extract({ left: 0, top, width: info.width, height: info.height - top })
    .normalise()
    .threshold(150)
    .png()
    .toBuffer();
}

/** Rejects with the signal's reason when it aborts first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The passport variables read from an image of the photo page, or the message saying why not. `signal` stops the
 * reading (its reader is terminated and the signal's reason thrown); past `timeoutMs` it answers ocrMessages.tooLong.
 */
export async function readPassportImage(image: Uint8Array, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<PassportReading> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? OCR_TIMEOUT_MS);
  const stop = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let last: PassportReading | null = null;
  let reader: Worker | null = null;
  try {
    const work = await untilAborted(workImage(image), stop);
    const taking = takeReader();
    reader = await untilAborted(taking, stop).catch((error: unknown) => {
      // Stopped while the reader started: it goes once it has.
      void taking.then(terminate, () => undefined);
      throw error;
    });
    for (const fraction of BANDS) {
      const band = await untilAborted(mrzBand(work, fraction), stop);
      const { data } = await untilAborted(reader.recognize(band), stop);
      last = readPassportText(data.text);
      if (last.ok) break;
    }
    const reading = last ?? { ok: false, message: passportMessages.notFound };
    giveBack(reader);
    reader = null;
    return reading;
  } catch (error) {
    if (options.signal?.aborted || !timeout.aborted) throw error;
    return last ?? { ok: false, message: ocrMessages.tooLong };
  } finally {
    // Stopped mid-recognition: its worker is still busy with the image, so it goes.
    if (reader) terminate(reader);
  }
}

/** The passport reading job: the stored photo's machine-readable zone, read once, with the job's signal. */
export function passportOcrKind(options: { storage?: Storage } = {}): JobKind<{ storageKey: string }> {
  return {
    kind: PASSPORT_OCR_JOB,
    concurrency: OCR_CONCURRENCY,
    async run(job, { signal }) {
      const file = await (options.storage ?? uploadStorage()).get(job.payload.storageKey);
      if (!file) return { ok: false, message: passportFileMissing } satisfies PassportReading;
      return readPassportImage(new Uint8Array(file.data), { signal });
    },
  };
}

export const passportFileMissing = 'The file of this document is no longer stored. Upload it again.';
