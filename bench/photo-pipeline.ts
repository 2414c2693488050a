/**
 * `node --import tsx bench/photo-pipeline.ts [--photos N] [--concurrency N]` (npm run bench:photos): throughput of
 * the listing photo pipeline (server/listing-photos/pipeline.ts) on 12-megapixel JPEGs (4000 × 3000, generated:
 * a noisy photo-like gradient with EXIF orientation and GPS, about 3–5 MB each, like a phone's), processed N
 * times (default 24), `concurrency` at a time (default 1: one upload; 2: two at once on these 2-core machines).
 * Each photo is sniffed, checked, decoded, turned upright, stripped and encoded at 400/800/1600 in WebP and JPEG,
 * as an upload is; storing is not measured (the disk's). Prints photos per second, the median and p95 time per
 * photo, and the process's peak resident memory. A report: it always exits 0.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { processListingPhoto } from '../server/listing-photos/pipeline';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '1' },
  },
});
const PHOTOS = Number(values.photos);
const CONCURRENCY = Number(values.concurrency);

/** A 4000 × 3000 JPEG with detail everywhere (noise over a gradient), so it encodes like a real photo. */
async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = (state >>> 24) & 31;
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 255) / width + noise) & 255;
      pixels[i + 1] = ((y * 255) / height + noise) & 255;
      pixels[i + 2] = (((x + y) * 128) / (width + height) + noise + seed * 40) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '111/1 53/1 0/1' } })
    .toBuffer();
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const sources = await Promise.all([1, 2, 3].map(twelveMegapixelJpeg));
console.log(`photo pipeline: ${PHOTOS} photos of 4000 × 3000 (${sources.map((s) => `${(s.length / 1e6).toFixed(1)} MB`).join(', ')}), ${CONCURRENCY} at a time, sharp concurrency ${sharp.concurrency()}`);

// One photo first, outside the figures: libvips' first use loads its codecs.
await processListingPhoto(sources[0]!, 'warm-up.jpg');

const rssBefore = process.memoryUsage().rss;
const times: number[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < PHOTOS) {
      const n = next++;
      const t0 = performance.now();
      const photo = await processListingPhoto(sources[n % sources.length]!, `photo-${n}.jpg`);
      times.push(performance.now() - t0);
      if (photo.sizes.length !== 3) throw new Error(`expected 3 sizes, got ${photo.sizes.length}`);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
console.log(`  throughput   ${(PHOTOS / seconds).toFixed(2)} photos/s (${seconds.toFixed(1)} s)`);
console.log(`  per photo    p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms`);
console.log(`  peak RSS     ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (before the run ${(rssBefore / 1e6).toFixed(0)} MB)`);
