/**
 * OCR of a passport's machine-readable zone, on the server (issue 21: nothing of it in the bundle):
 * sharp crops the bottom band of the photo page, greys, normalises and thresholds it, and tesseract.js
 * reads it with the MRZ alphabet only. The English traineddata comes from the @tesseract.js-data/eng
 * package (4.0.0_best_int, gzipped), so nothing is downloaded at run time.
 *
 * One worker for the process, created on first use and reused; jobs run one at a time (a worker does one
 * recognise at a time anyway), at most OCR_QUEUE_MAX wait, each bounded by OCR_TIMEOUT_MS (a job past it
 * terminates the worker, the next one starts a fresh one). stopPassportReader() ends it on shutdown.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import { DomainError } from '../domain-error';
import { passportMessages, readPassportText, type PassportReading } from './mrz';

export const OCR_TIMEOUT_MS = 30_000;
export const OCR_QUEUE_MAX = 4;
/** Larger photos are scaled down to this width first: enough for the MRZ's characters, bounded work. */
const WORK_WIDTH = 1800;
/** The bands tried, bottom first: the MRZ sits in the bottom quarter of the photo page (ICAO 9303). */
const BANDS = [0.3, 0.55] as const;
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

const langPath = () => {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
};

let worker: Promise<Worker> | null = null;

function currentWorker(): Promise<Worker> {
  worker ??= (async () => {
    const created = await createWorker('eng', 1, { langPath: langPath(), gzip: true, cacheMethod: 'none' });
    await created.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '0', user_defined_dpi: '300' });
    return created;
  })();
  worker.catch(() => (worker = null));
  return worker;
}

/** Ends the worker (server shutdown, tests). */
export async function stopPassportReader(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.then((w) => w.terminate()).catch(() => undefined);
}

// One job at a time, a bounded queue.
let tail: Promise<unknown> = Promise.resolve();
let waiting = 0;

async function serialised<T>(job: () => Promise<T>): Promise<T> {
  if (waiting >= OCR_QUEUE_MAX) throw new DomainError('RATE_LIMITED', 'Passport reading is busy right now. Try again in a minute.');
  waiting++;
  const run = tail.then(job, job);
  tail = run.catch(() => undefined).finally(() => waiting--);
  return run;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    // A recognise cannot be cancelled: drop the worker so the next job gets a fresh one.
    if (error instanceof Error && error.message === 'timeout') await stopPassportReader();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The bottom `fraction` of the image, scaled, in black and white: what tesseract reads best. */
export async function mrzBand(image: Uint8Array, fraction: number): Promise<Buffer> {
  const upright = sharp(image, { limitInputPixels: 40_000_000 }).rotate();
  const { data, info } = await upright.resize({ width: WORK_WIDTH, withoutEnlargement: false }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const top = Math.floor(info.height * (1 - fraction));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extract({ left: 0, top, width: info.width, height: info.height - top })
    .normalise()
    .threshold(150)
    .png()
    .toBuffer();
}

/** The passport variables read from an image of the photo page, or the message saying why not. */
export function readPassportImage(image: Uint8Array, timeoutMs = OCR_TIMEOUT_MS): Promise<PassportReading> {
  return serialised(async () => {
    const seen: { last: PassportReading | null } = { last: null };
    try {
      return await withTimeout(
        (async () => {
          for (const fraction of BANDS) {
            const band = await mrzBand(image, fraction);
            const { data } = await (await currentWorker()).recognize(band);
            seen.last = readPassportText(data.text);
            if (seen.last.ok) return seen.last;
          }
          return seen.last ?? { ok: false, message: passportMessages.notFound };
        })(),
        timeoutMs,
      );
    } catch (error) {
      if (error instanceof Error && error.message === 'timeout') return seen.last ?? { ok: false, message: 'Reading the passport took too long. Upload a smaller, sharper photo of the photo page.' };
      throw error;
    }
  });
}
