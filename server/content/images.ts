/**
 * Post pictures through the media storage (server/storage): each is stored in responsive WebP sizes
 * (POST_IMAGE_WIDTHS, never wider than the original) under `posts/…-<width>.webp` and served from
 * GET /media/posts/…; a post's PostImage answers the largest as `url` and every size in `srcset`, all
 * absolute on our public origin.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Queryable } from '../db';
import { badFields } from '../domain-error';
import { publicUrl } from '../http/public-url';
import type { Route } from '../http/router';
import { storedImageRoute } from '../http/stored-image';
import { PHOTO_MAX_BYTES, sniffImageType } from '../accounts/photos';
import { uploadStorage, type Storage } from '../storage';
import type { PostImageRecord } from './posts';

export const POST_IMAGE_WIDTHS = [480, 960, 1600] as const;
/** As a profile photo: the GraphQL transport takes multipart bodies up to this size (plus the envelope). */
export const POST_IMAGE_MAX_BYTES = PHOTO_MAX_BYTES;
/** Larger pictures are refused before decoding (a decompression bomb costs memory, not bytes). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The name of a stored post picture below /media/posts/, as storePostImage writes it (`seed/first-home-6a1f-960`,
 * `uploads/<hex>-1600`, then `.webp`): path segments of lower-case letters, digits, `_` and `-` (never a dot, a
 * `%`, a backslash or an empty segment), then the width.
 */
export const POST_IMAGE_NAME = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*-\d{2,5}\.webp$/;
const POST_IMAGE_FOLDER = '/media/posts/';

/**
 * Whether `src` is the site path of a stored post picture: normalised as a browser would (dot segments
 * resolved, `\` read as `/`) it is still itself, inside /media/posts/, and names a file of the stored form.
 * `/media/posts/../../log-out`, `/media/posts/%2e%2e/x` and `/media/posts/a\..\b` are not.
 */
export function isPostImagePath(src: string): boolean {
  if (!src.startsWith(POST_IMAGE_FOLDER)) return false;
  let normalised: string;
  try {
    normalised = new URL(src, 'http://site.invalid').pathname;
  } catch {
    return false;
  }
  return normalised === src && POST_IMAGE_NAME.test(src.slice(POST_IMAGE_FOLDER.length));
}

/** The path of one size: `/media/posts/seed/first-home-6a1f-960.webp`. */
export const postImagePath = (image: Pick<PostImageRecord, 'baseKey'>, width: number) => `/media/${image.baseKey}-${width}.webp`;

/** `url` (the largest size) and `srcset` (every size) of a post image, absolute on `publicOrigin`. */
export function postImageUrls(image: PostImageRecord, publicOrigin: string): { url: string; srcset: string } {
  const widths = [...image.widths].sort((a, b) => a - b);
  return {
    url: publicUrl(postImagePath(image, widths[widths.length - 1]!), publicOrigin),
    srcset: widths.map((w) => `${publicUrl(postImagePath(image, w), publicOrigin)} ${w}w`).join(', '),
  };
}

interface PostImageRow {
  id: number;
  base_key: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
}

const toImage = (r: PostImageRow): PostImageRecord => ({ id: Number(r.id), baseKey: r.base_key, widths: r.widths, width: r.width, height: r.height, alt: r.alt });

export async function findPostImage(db: Queryable, baseKey: string): Promise<PostImageRecord | null> {
  const { rows } = await db.query<PostImageRow>('SELECT id, base_key, widths, width, height, alt FROM post_images WHERE base_key = $1', [baseKey]);
  return rows[0] ? toImage(rows[0]) : null;
}

/**
 * Stores the sizes of `source` (any image sharp reads: JPEG, PNG, WebP, GIF, SVG) under `baseKey` and records
 * them; an image already recorded under `baseKey` is replaced.
 */
export async function storePostImage(
  db: Queryable,
  baseKey: string,
  source: Uint8Array,
  alt: string,
  storage: Storage = uploadStorage(),
): Promise<PostImageRecord> {
  const input = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS });
  const meta = await input.metadata();
  if (!meta.width || !meta.height) throw badFields({ file: 'The image has no size.' });
  const widths: number[] = POST_IMAGE_WIDTHS.filter((w) => w <= meta.width!);
  if (widths.length === 0) widths.push(meta.width);
  let largest = { width: meta.width, height: meta.height };
  for (const width of widths) {
    const { data, info } = await input.clone().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    await storage.put(`${baseKey}-${width}.webp`, data, 'image/webp');
    largest = { width: info.width, height: info.height };
  }
  const { rows } = await db.query<PostImageRow>(
    `INSERT INTO post_images (base_key, widths, width, height, alt) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (base_key) DO UPDATE SET widths = EXCLUDED.widths, width = EXCLUDED.width, height = EXCLUDED.height, alt = EXCLUDED.alt
     RETURNING id, base_key, widths, width, height, alt`,
    [baseKey, widths, largest.width, largest.height, alt],
  );
  return toImage(rows[0]!);
}

/** uploadPostImage: an editor's picture (type read from its bytes, at most 5 MB), stored under a random name. */
export async function uploadPostImage(db: Queryable, bytes: Uint8Array, alt: string): Promise<PostImageRecord> {
  if (bytes.length === 0) throw badFields({ file: 'The file is empty.' });
  if (bytes.length > POST_IMAGE_MAX_BYTES) throw badFields({ file: 'The image must be 5 MB or smaller.' });
  if (!sniffImageType(bytes)) throw badFields({ file: 'The image must be a JPEG, PNG, WebP or GIF.' });
  try {
    return await storePostImage(db, `posts/uploads/${randomBytes(12).toString('hex')}`, bytes, alt);
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error;
    throw badFields({ file: 'The image could not be read.' });
  }
}

export const postImageRoutes: Record<string, Route> = {
  '/media/posts/*': storedImageRoute({
    folder: 'posts',
    name: POST_IMAGE_NAME,
    contentType: () => 'image/webp',
    // Seed names are fixed and uploads random, and neither is rewritten with other content: cache for a day.
    cache: 'public, max-age=86400',
  }),
};
