/**
 * The listing photo pipeline (issue 19): a seller's upload is sniffed by its bytes (JPEG, PNG, WebP, HEIC/HEIF;
 * anything else is refused naming the file), size- and pixel-limited (a decompression bomb is refused before
 * it is decoded), converted from HEIC with heic-convert, turned upright by its EXIF orientation, stripped of
 * every metadata (EXIF GPS included: sharp writes none unless asked) and resized to the responsive widths in
 * WebP and JPEG, never wider than the photo. Pure: bytes in, encoded sizes out; storing is photos.ts's.
 */
import convertHeic from 'heic-convert';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badFields } from '../domain-error';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import {
  displayFileName,
  LISTING_PHOTO_MAX_BYTES,
  LISTING_PHOTO_MAX_PIXELS,
  LISTING_PHOTO_WIDTHS,
} from '../../core/listing-photos/photo-rules';

export type SourceType = 'jpeg' | 'png' | 'webp' | 'heic';

const SOURCE_TYPES: Record<string, SourceType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};

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

/** A refusal naming the file, answered as BAD_USER_INPUT on argument `file`. */
const refuse = (message: string) => badFields({ file: message });

/** The type by content (never the name or the claimed Content-Type); null for anything we do not take. */
export async function sniffListingPhoto(bytes: Uint8Array): Promise<SourceType | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? (SOURCE_TYPES[found.mime] ?? null) : null;
}

/** Processes one upload named `fileName` (only for messages); throws a DomainError the client may show. */
export async function processListingPhoto(bytes: Uint8Array, fileName: string, limits: PipelineLimits = DEFAULT_LIMITS): Promise<ProcessedPhoto> {
  const name = displayFileName(fileName);
  if (bytes.length === 0) throw refuse(t.empty(name));
  if (bytes.length > limits.maxBytes) throw refuse(t.tooLarge(name, limits.maxBytes));
  const source = await sniffListingPhoto(bytes);
  if (!source) throw refuse(t.notAnImage(name));

  let input: Uint8Array = bytes;
  if (source === 'heic') {
    try {
      input = new Uint8Array(await convertHeic({ buffer: bytes, format: 'JPEG', quality: 0.92 }));
    } catch {
      throw refuse(t.unreadable(name));
    }
  }

  // The header says how large the image is before a pixel is decoded.
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(t.unreadable(name));
  }
  if (!meta.width || !meta.height) throw refuse(t.unreadable(name));
  if (meta.width * meta.height > limits.maxPixels) throw refuse(t.tooManyPixels(name, limits.maxPixels));

  // EXIF orientations 5–8 turn the photo a quarter: its upright width is the stored height.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const width = quarterTurn ? meta.height : meta.width;
  const height = quarterTurn ? meta.width : meta.height;
  const widths: number[] = LISTING_PHOTO_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);

  try {
    // Decoded once (JPEG shrink-on-load), upright, in sRGB, at the largest width; the smaller sizes come from it.
    const largest = widths[widths.length - 1]!;
    const { data, info } = await sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const sizes: EncodedSize[] = [];
    for (const w of widths) {
      const resized = w >= info.width ? sharp(data, raw) : sharp(data, raw).resize({ width: w });
      const [webp, jpeg] = await Promise.all([
        resized.clone().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
        resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true }).toBuffer(),
      ]);
      sizes.push({ width: webp.info.width, height: webp.info.height, webp: webp.data, jpeg });
    }
    return { source, width, height, sizes };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw refuse(t.tooManyPixels(name, limits.maxPixels));
    throw refuse(t.unreadable(name));
  }
}
