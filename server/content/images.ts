/**
 * Post pictures through the media storage (server/storage): each is stored in responsive WebP sizes
 * (POST_IMAGE_WIDTHS, never wider than the original) under `posts/…-<width>.webp` and served from
 * GET /media/posts/…; a post's PostImage answers the largest as `url` and every size in `srcset`, all
 * absolute on our public origin.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Database, Queryable } from '../db';
import { publicUrl } from '../http/public-url';
import type { Route } from '../http/router';
import { storedImageRoute } from '../http/stored-image';
import { uploadStorage, type Storage } from '../storage';
import { userOwner } from '../jobs/queue';
import { imageRefusals, PICTURE_RULES, type ImageRules } from '../uploads/image';
import { storeUploadedImage, type UploadRequest } from '../uploads/jobs';
import { commitStored, storeThenCommit } from '../uploads/store';
import { encodePostSizes, POST_IMAGE_WIDTHS, type PostPicture } from './post-sizes';
import type { PostImageRecord } from './posts';


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

/** A seed's picture from our own code (any image sharp reads: the SVG illustrations), never a user's file. */
export async function seedPicture(source: Uint8Array): Promise<PostPicture> {
  const meta = await sharp(source).metadata();
  if (!meta.width) throw new Error('A seed picture has no width.');
  return { width: meta.width, pixels: () => sharp(source) };
}

/** Records stored sizes under `baseKey` (the widths, the largest's size); an image already recorded there is replaced. */
async function recordPostImage(db: Queryable, baseKey: string, widths: number[], largest: { width: number; height: number }, alt: string): Promise<PostImageRecord> {
  const { rows } = await db.query<PostImageRow>(
    `INSERT INTO post_images (base_key, widths, width, height, alt) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (base_key) DO UPDATE SET widths = EXCLUDED.widths, width = EXCLUDED.width, height = EXCLUDED.height, alt = EXCLUDED.alt
     RETURNING id, base_key, widths, width, height, alt`,
    [baseKey, widths, largest.width, largest.height, alt],
  );
  return toImage(rows[0]!);
}

/**
 * Stores the sizes of a seed's `picture` under `baseKey`, then records them (server/uploads/store.ts: the files go
 * again when the row is not written); an image already recorded under `baseKey` is replaced.
 */
export async function storePostImage(
  db: Queryable,
  baseKey: string,
  picture: PostPicture,
  alt: string,
  storage: Storage = uploadStorage(),
): Promise<PostImageRecord> {
  const sizes = await encodePostSizes(picture);
  const files = sizes.map(({ width, data }) => ({ key: `${baseKey}-${width}.webp`, data, contentType: 'image/webp' }));
  return storeThenCommit(storage, files, () =>
    recordPostImage(
      db,
      baseKey,
      sizes.map((s) => s.width),
      sizes[sizes.length - 1]!.info,
      alt,
    ),
  );
}

const PICTURE: ImageRules = { ...PICTURE_RULES, within: { width: Math.max(...POST_IMAGE_WIDTHS) }, refusals: imageRefusals('image', PICTURE_RULES) };

/**
 * uploadPostImage: an editor's picture (read as every uploaded image is: server/uploads/image.ts; decoded and its
 * sizes stored by a job of the work tier, server/uploads/jobs.ts), stored under a random name.
 */
export async function uploadPostImage(db: Database, bytes: Uint8Array, alt: string, request: UploadRequest & { userId: number }): Promise<PostImageRecord> {
  const storage = uploadStorage();
  const baseKey = `posts/uploads/${randomBytes(12).toString('hex')}`;
  const { files } = await storeUploadedImage(db, bytes, PICTURE, {
    recipe: 'post-image',
    baseKey,
    owner: userOwner(request.userId),
    partnerId: request.partnerId,
    signal: request.signal,
    storage,
  });
  // One file per width, smallest first.
  const largest = files[files.length - 1]!;
  return commitStored(storage, files, () => recordPostImage(db, baseKey, files.map((f) => f.width), largest, alt));
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
