/**
 * The listing photo pipeline (issue 19): a seller's upload is read as every uploaded image is
 * (server/uploads/image.ts: JPEG, PNG, WebP or HEIC by its bytes, size- and pixel-limited, upright, every
 * metadata stripped, EXIF GPS included) and encoded in the responsive widths in WebP and JPEG, never wider
 * than the photo. Pure: bytes in, encoded sizes out; storing is photos.ts's. A seller's upload runs this as a job
 * of the work tier on a work thread (the `listing-photo` recipe of server/uploads/derivatives.ts).
 */
import type { Sharp } from 'sharp';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import {
  displayFileName,
  LISTING_PHOTO_MAX_BYTES,
  LISTING_PHOTO_MAX_PIXELS,
  LISTING_PHOTO_WIDTHS,
} from '../../core/listing-photos/photo-rules';
import { badFields } from '../domain-error';
import { readUploadedImage, sniffImage, type ImageRules, type ImageType, type UploadedImage } from '../uploads/image';

export type SourceType = Exclude<ImageType, 'gif'>;
const SOURCE_TYPES: readonly SourceType[] = ['jpeg', 'png', 'webp', 'heic'];

export interface EncodedSize {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

export interface ProcessedPhoto {
  source: SourceType;
  /** Of the upright original. */
  width: number;
  height: number;
  /** Ascending widths. */
  sizes: EncodedSize[];
}

export interface PipelineLimits {
  maxBytes: number;
  maxPixels: number;
}

const DEFAULT_LIMITS: PipelineLimits = { maxBytes: LISTING_PHOTO_MAX_BYTES, maxPixels: LISTING_PHOTO_MAX_PIXELS };

/** The type by content (never the name or the claimed Content-Type); null for anything we do not take. */
export async function sniffListingPhoto(bytes: Uint8Array): Promise<SourceType | null> {
  return (await sniffImage(bytes, SOURCE_TYPES)) as SourceType | null;
}

/** The rules of one upload named `name` (already fit to show): each refusal names the file. */
export const listingPhotoRules = (name: string, limits: PipelineLimits = DEFAULT_LIMITS): ImageRules => ({
  types: SOURCE_TYPES,
  ...limits,
  within: { width: Math.max(...LISTING_PHOTO_WIDTHS) },
  refusals: {
    empty: t.empty(name),
    tooLarge: t.tooLarge(name, limits.maxBytes),
    notAnImage: t.notAnImage(name),
    unreadable: t.unreadable(name),
    tooManyPixels: () => t.tooManyPixels(name, limits.maxPixels),
  },
});

/** The responsive sizes of a decoded photo: LISTING_PHOTO_WIDTHS no wider than it (else its own width), each in WebP and JPEG. */
export async function encodeListingSizes(image: UploadedImage): Promise<EncodedSize[]> {
  const widths: number[] = LISTING_PHOTO_WIDTHS.filter((w) => w <= image.width);
  if (widths.length === 0) widths.push(image.width);
  const sizes: EncodedSize[] = [];
  for (const w of widths) {
    const resized: Sharp = w >= image.decoded.width ? image.pixels() : image.pixels().resize({ width: w });
    const [webp, jpeg] = await Promise.all([
      resized.clone().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true }).toBuffer(),
    ]);
    sizes.push({ width: webp.info.width, height: webp.info.height, webp: webp.data, jpeg });
  }
  return sizes;
}

/**
 * Processes one upload named `fileName` (only for messages) in this thread; throws a DomainError the client may
 * show. For our own photos (the demo listing's); a seller's upload is a job (photos.ts, server/uploads/jobs.ts).
 */
export async function processListingPhoto(bytes: Uint8Array, fileName: string, limits: PipelineLimits = DEFAULT_LIMITS): Promise<ProcessedPhoto> {
  const name = displayFileName(fileName);
  const image = await readUploadedImage(bytes, listingPhotoRules(name, limits));
  try {
    return { source: image.type as SourceType, width: image.width, height: image.height, sizes: await encodeListingSizes(image) };
  } catch {
    throw badFields({ file: t.unreadable(name) });
  }
}
