/**
 * Profile photos (uploadUserPhoto): the type is read from the file's first bytes, never from its name
 * or the Content-Type the client claims; at most 5 MB; stored under `users/<id>/` and served back from
 * GET /media/users/<id>/<file>.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { badFields } from '../domain-error';
import { notFound } from '../http/errors';
import type { Route } from '../http/router';
import { uploadStorage } from '../storage';
import { LISTING_PHOTO_MAX_BYTES } from '../../core/listing-photos/photo-rules';
import { findUserById } from './users';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The largest multipart GraphQL request: the largest file any upload takes (a listing photo, 25 MB:
 * server/listing-photos/pipeline.ts) plus the envelope (operations, map, boundaries). Each upload checks
 * its own limit (a user picture 5 MB).
 */
export const UPLOAD_BODY_LIMIT = LISTING_PHOTO_MAX_BYTES + 64 * 1024;

const MULTIPART = /^multipart\/form-data\s*;/i;
export const isMultipartContentType = (contentType: string | undefined) =>
  contentType !== undefined && MULTIPART.test(contentType.trim());

export type ImageType = 'jpg' | 'png' | 'webp' | 'gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** JPEG, PNG, WebP or GIF by their magic numbers; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Stores the photo and returns the path to save as the user's image (`/media/users/<id>/<file>`). */
async function storeUserPhoto(userId: number, bytes: Uint8Array): Promise<string> {
  if (bytes.length === 0) throw badFields({ file: 'The file is empty.' });
  if (bytes.length > PHOTO_MAX_BYTES) throw badFields({ file: 'The photo must be 5 MB or smaller.' });
  const type = sniffImageType(bytes);
  if (!type) throw badFields({ file: 'The photo must be a JPEG, PNG, WebP or GIF image.' });
  const key = `users/${userId}/${randomBytes(12).toString('hex')}.${type}`;
  await uploadStorage().put(key, bytes, type);
  return `/media/${key}`;
}

/** The old photo is removed once the new one is saved; a Google picture (absolute URL) is not ours. */
async function removeUserPhoto(image: string | null): Promise<void> {
  if (image?.startsWith('/media/users/')) await uploadStorage().delete(image.slice('/media/'.length));
}

/** uploadUserPhoto: the photo becomes the user's image, and the one it replaces is removed. */
export async function replaceUserPhoto(db: Queryable, userId: number, bytes: Uint8Array): Promise<void> {
  const image = await storeUserPhoto(userId, bytes);
  const before = await findUserById(db, userId);
  await db.query('UPDATE users SET image = $2, updated_at = now() WHERE id = $1', [userId, image]);
  await removeUserPhoto(before?.image ?? null);
}

export const userPhotoRoutes: Record<string, Route> = {
  '/media/users/*': {
    GET: async ({ res, rest }) => {
      const file = await uploadStorage().get(`users/${rest}`);
      if (!file) throw notFound();
      res.statusCode = 200;
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Security-Policy', "default-src 'none'");
      // File names are random and never reused, so the photo can be cached for good.
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Content-Length', file.data.length);
      res.end(file.data);
    },
  },
};
