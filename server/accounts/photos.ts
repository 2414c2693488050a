/**
 * Profile photos (uploadUserPhoto): read as every uploaded image is (server/uploads/image.ts: JPEG, PNG, WebP or
 * GIF by its bytes, at most 5 MB and 40 megapixels, upright, nothing of the file but its pixels; decoded by a job of
 * the work tier, server/uploads/jobs.ts), stored as one WebP within 800 × 800 under `users/<id>/` and served back from GET /media/users/<id>/<file>.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db';
import type { Route } from '../http/router';
import { storedImageRoute } from '../http/stored-image';
import { uploadStorage } from '../storage';
import { userOwner } from '../jobs/queue';
import { imageRefusals, PICTURE_RULES, type ImageRules } from '../uploads/image';
import { storeUploadedImage, type UploadRequest } from '../uploads/jobs';
import { commitStored } from '../uploads/store';

/** The stored photo fits in this square. */
const PHOTO_SIZE = 800;
const PHOTO_RULES: ImageRules = { ...PICTURE_RULES, within: { width: PHOTO_SIZE, height: PHOTO_SIZE }, refusals: imageRefusals('photo', PICTURE_RULES) };

const MULTIPART = /^multipart\/form-data\s*;/i;
export const isMultipartContentType = (contentType: string | undefined) =>
  contentType !== undefined && MULTIPART.test(contentType.trim());

/** The storage key of a user's photo when it is one of ours; a Google picture (absolute URL) is not. */
export const userPhotoKey = (image: string | null): string | null => (image?.startsWith('/media/users/') ? image.slice('/media/'.length) : null);

/** The old photo is removed once the new one is saved (the orphan sweep removes it if this fails). */
async function removeUserPhoto(image: string | null): Promise<void> {
  const key = userPhotoKey(image);
  if (key) await uploadStorage().delete(key);
}

/** removeUserPhoto: the user has no photo any more, and our file of it is removed. */
export async function removeOwnPhoto(db: Database, userId: number): Promise<void> {
  const before = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ image: string | null }>('SELECT image FROM users WHERE id = $1 FOR UPDATE', [userId]);
    await tx.query('UPDATE users SET image = NULL, updated_at = now() WHERE id = $1', [userId]);
    return rows[0]?.image ?? null;
  });
  await removeUserPhoto(before).catch(() => undefined);
}

/** uploadUserPhoto: the photo, re-encoded by a job (server/uploads/jobs.ts), becomes the user's image, and the one it replaces is removed. */
export async function replaceUserPhoto(db: Database, userId: number, bytes: Uint8Array, request: UploadRequest = { partnerId: null }): Promise<void> {
  const storage = uploadStorage();
  const { files } = await storeUploadedImage(db, bytes, PHOTO_RULES, {
    recipe: 'user-photo',
    baseKey: `users/${userId}/${randomBytes(12).toString('hex')}`,
    owner: userOwner(userId),
    partnerId: request.partnerId,
    signal: request.signal,
    storage,
  });
  const key = files[0]!.key;
  const before = await commitStored(storage, files, () =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query<{ image: string | null }>('SELECT image FROM users WHERE id = $1 FOR UPDATE', [userId]);
      await tx.query('UPDATE users SET image = $2, updated_at = now() WHERE id = $1', [userId, `/media/${key}`]);
      return rows[0]?.image ?? null;
    }),
  );
  await removeUserPhoto(before).catch(() => undefined);
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

export const userPhotoRoutes: Record<string, Route> = {
  '/media/users/*': storedImageRoute({
    folder: 'users',
    // WebP since photos are re-encoded; the other types are photos stored before that.
    name: /^[1-9][0-9]{0,17}\/[0-9a-f]{24}\.(webp|jpg|png|gif)$/,
    contentType: (name) => CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)]!,
    // File names are random and never reused, so the photo can be cached for good.
    cache: 'public, max-age=31536000, immutable',
  }),
};
