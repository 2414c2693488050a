/**
 * An image a user uploaded: the one way every upload route reads one (listing photos, profile photos, partner
 * logos and agent pictures, post pictures; issue 33). The type is sniffed from the bytes (never the name or the
 * claimed Content-Type), the size in bytes and in pixels is limited (a decompression bomb is refused from its
 * header, before a pixel is decoded), HEIC is converted with heic-convert, and the image is decoded once, upright
 * by its EXIF orientation, in sRGB, fit inside the largest size its route stores. Nothing of the file but its
 * pixels is kept: every copy a route stores is encoded from them, so none carries the upload's bytes or
 * metadata (EXIF GPS included).
 *
 * Split in two (issue 37 part 2): checkImageBytes is what a request does (size, type by magic bytes), decodeImage
 * what a job does on a work thread (server/uploads/jobs.ts, derivatives.ts). readUploadedImage does both in this
 * thread, for our own pictures.
 */
import convertHeic from 'heic-convert';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { yieldImageThreads } from '../jobs/threads';
import { badFields, type DomainError } from '../domain-error';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic';

const TYPES: Record<string, ImageType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};

/** What a refused upload is told, each answered as BAD_USER_INPUT on argument `file`. */
export interface ImageRefusals {
  empty: string;
  tooLarge: string;
  notAnImage: string;
  unreadable: string;
  tooManyPixels: (width: number, height: number) => string;
}

export interface ImageRules {
  /** The types taken, by content. */
  types: readonly ImageType[];
  maxBytes: number;
  /** Width × height as the file declares it; larger is refused before decoding. */
  maxPixels: number;
  /** The pixels are decoded to fit inside this box, never enlarged: the largest copy the route stores. */
  within: { width: number; height?: number };
  refusals: ImageRefusals;
}

export interface UploadedImage {
  type: ImageType;
  /** The upload's size, upright. */
  width: number;
  height: number;
  /** The decoded pixels' size (the upload's, or smaller to fit `within`). */
  decoded: { width: number; height: number };
  /** A new sharp pipeline over the decoded pixels, to encode one stored copy from. */
  pixels(): Sharp;
}

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const list = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0]!);
const TYPE_NAMES: Record<ImageType, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', gif: 'GIF', heic: 'HEIC' };

/** The refusals of a profile photo, partner image or post picture: "The photo must be 5 MB or smaller." */
export function imageRefusals(noun: 'photo' | 'image', rules: Pick<ImageRules, 'types' | 'maxBytes' | 'maxPixels'>): ImageRefusals {
  const subject = `The ${noun}`;
  return {
    empty: 'The file is empty.',
    tooLarge: `${subject} must be ${MB(rules.maxBytes)} or smaller.`,
    notAnImage: `${subject} must be a ${list(rules.types.map((t) => TYPE_NAMES[t]))} image.`,
    unreadable: `${subject} could not be read as an image.`,
    tooManyPixels: (width, height) =>
      `${subject} is ${width} × ${height} pixels: at most ${Math.round(rules.maxPixels / 1_000_000)} megapixels are taken. Make it smaller and try again.`,
  };
}

/** Profile photos, partner logos and agent pictures, post pictures: what each takes (their sizes differ). */
export const PICTURE_RULES = { types: ['jpeg', 'png', 'webp', 'gif'], maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 } as const satisfies Pick<
  ImageRules,
  'types' | 'maxBytes' | 'maxPixels'
>;

/** The type by content, when it is one of `types`; else null. */
export async function sniffImage(bytes: Uint8Array, types: readonly ImageType[]): Promise<ImageType | null> {
  const found = await fileTypeFromBuffer(bytes);
  const type = found ? TYPES[found.mime] : undefined;
  return type && types.includes(type) ? type : null;
}

/** What decoding refused: the file is no image we can read, or declares more pixels than the route takes. */
export type DecodeRefusal = { refusal: 'unreadable' } | { refusal: 'tooManyPixels'; width: number; height: number };

/** The refusal a route answers for what decoding refused. */
export function decodeRefusal(rules: Pick<ImageRules, 'refusals'>, refused: DecodeRefusal): DomainError {
  const message = refused.refusal === 'unreadable' ? rules.refusals.unreadable : rules.refusals.tooManyPixels(refused.width, refused.height);
  return badFields({ file: message });
}

/**
 * The cheap checks of an upload, on the request: not empty, at most `maxBytes`, and one of `types` by its magic
 * bytes. Answers the type; throws the refusal. Decoding (decodeImage) is a job's (server/uploads/jobs.ts).
 */
export async function checkImageBytes(bytes: Uint8Array, rules: Pick<ImageRules, 'types' | 'maxBytes' | 'refusals'>): Promise<ImageType> {
  const refuse = (message: string) => badFields({ file: message });
  const { refusals } = rules;
  if (bytes.length === 0) throw refuse(refusals.empty);
  if (bytes.length > rules.maxBytes) throw refuse(refusals.tooLarge);
  const type = await sniffImage(bytes, rules.types);
  if (!type) throw refuse(refusals.notAnImage);
  return type;
}

/**
 * Decodes an upload already checked by checkImageBytes (`type` is its sniffed type): HEIC converted, the declared
 * size held to `maxPixels` before a pixel is decoded, then decoded once, upright, in sRGB, fit inside `within`.
 * Answers the image, or what was refused (plain data: this runs on a work thread).
 */
export async function decodeImage(bytes: Uint8Array, type: ImageType, rules: Pick<ImageRules, 'maxPixels' | 'within'>): Promise<UploadedImage | DecodeRefusal> {
  let input: Uint8Array = bytes;
  if (type === 'heic') {
    try {
      input = new Uint8Array(await convertHeic({ buffer: bytes, format: 'JPEG', quality: 0.92 }));
    } catch {
      return { refusal: 'unreadable' };
    }
  }

  // The header says how large the image is before a pixel is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { refusal: 'unreadable' };
  }
  if (!meta.width || !meta.height) return { refusal: 'unreadable' };
  const declaredHeight = meta.pageHeight ?? meta.height;
  if (meta.width * declaredHeight > rules.maxPixels) return { refusal: 'tooManyPixels', width: meta.width, height: declaredHeight };
  // EXIF orientations 5–8 turn the image a quarter: its upright width is the stored height.
  const quarterTurn = (meta.orientation ?? 1) >= 5;

  try {
    const { data, info } = await sharp(input, { limitInputPixels: rules.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: rules.within.width, height: rules.within.height, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    return {
      type,
      width: quarterTurn ? declaredHeight : meta.width,
      height: quarterTurn ? meta.width : declaredHeight,
      decoded: { width: info.width, height: info.height },
      pixels: () => sharp(data, raw),
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { refusal: 'tooManyPixels', width: meta.width, height: declaredHeight };
    return { refusal: 'unreadable' };
  } finally {
    yieldImageThreads();
  }
}

/**
 * Reads one upload under `rules` in this thread (checkImageBytes, then decodeImage); throws the refusal. For our
 * own pictures (a seed's) and a job's thread; a request never decodes (server/uploads/jobs.ts).
 */
export async function readUploadedImage(bytes: Uint8Array, rules: ImageRules): Promise<UploadedImage> {
  const type = await checkImageBytes(bytes, rules);
  const image = await decodeImage(bytes, type, rules);
  if ('refusal' in image) throw decodeRefusal(rules, image);
  return image;
}
