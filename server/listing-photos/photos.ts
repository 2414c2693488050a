/**
 * A seller's listing photos (issue 19, spec §7 uploadListingPhoto, updatePhotoManagement): who may manage them
 * (sellerListingOfCase: the case's owner or an administrator; anyone else, and forged ids, NOT_FOUND), storing
 * an upload's sizes (pipeline.ts) through the storage interface, ordering, cover, captions and deletion. The
 * listing's public `photos` (what search, cards and the listing page read) are rewritten from these rows in the
 * same transaction as each change, so the public listing never shows a photo that is not stored.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db';
import { requireRoom, type CountLimit } from '../db/count-limit';
import { badInput, DomainError } from '../domain-error';
import type { Route } from '../http/router';
import { storedImageRoute } from '../http/stored-image';
import { uploadStorage, type Storage } from '../storage';
import { userOwner } from '../jobs/queue';
import { storeUploadedImage, type UploadRequest } from '../uploads/jobs';
import { commitStored, storeThenCommit, type UploadFile } from '../uploads/store';
import type { Viewer } from '../accounts/session';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import { displayFileName, LISTING_PHOTO_CAPTION_MAX, LISTING_PHOTOS_MAX } from '../../core/listing-photos/photo-rules';
import { listingPhotoRules, processListingPhoto, type ProcessedPhoto } from './pipeline';

/** application_types of a seller's case (migration 200): a home for sale, a home for rent. */
export const SELLER_CASE_TYPES = [4, 5] as const;

export interface ListingPhotoRecord {
  id: number;
  listingId: number;
  baseKey: string;
  widths: number[];
  width: number;
  height: number;
  position: number;
  caption: string;
}

interface ListingPhotoRow {
  id: number | string;
  listing_id: number | string;
  base_key: string;
  widths: number[];
  width: number;
  height: number;
  position: number;
  caption: string;
}

const COLUMNS = 'id, listing_id, base_key, widths, width, height, position, caption';

const toRecord = (r: ListingPhotoRow): ListingPhotoRecord => ({
  id: Number(r.id),
  listingId: Number(r.listing_id),
  baseKey: r.base_key,
  widths: r.widths.map(Number),
  width: r.width,
  height: r.height,
  position: r.position,
  caption: r.caption,
});

const caseNotFound = () => new DomainError('NOT_FOUND', t.caseNotFound);

// ---------------------------------------------------------------------------------------------------
// Who may manage a listing's photos

/**
 * The listing of seller case `caseId` when `viewer` may manage it: the case's owner, or an administrator.
 * A stranger's case, a case of another kind and an id that names nothing all answer NOT_FOUND.
 */
export async function sellerListingOfCase(db: Queryable, viewer: Viewer, caseId: number): Promise<number> {
  const { rows } = await db.query<{ listing_id: number | string }>(
    `SELECT c.listing_id FROM application_cases c
      WHERE c.id = $1 AND c.application_type_id = ANY($3::smallint[]) AND c.listing_id IS NOT NULL
        AND (c.user_id = $2 OR EXISTS (SELECT 1 FROM users u WHERE u.id = $2 AND u.is_superuser))`,
    [caseId, viewer.user.id, SELLER_CASE_TYPES],
  );
  if (!rows[0]) throw caseNotFound();
  return Number(rows[0].listing_id);
}

// ---------------------------------------------------------------------------------------------------
// Paths and the public listing's photos

/** `/media/listing-photos/<listing>/<random>-<width>.<format>` */
export const listingPhotoPath = (photo: Pick<ListingPhotoRecord, 'baseKey'>, width: number, format: 'webp' | 'jpg') =>
  `/media/${photo.baseKey}-${width}.${format}`;

/** Every size as `<path> <width>w`, comma separated: for `srcset`, made absolute by the schema. */
export const listingPhotoSrcset = (photo: Pick<ListingPhotoRecord, 'baseKey' | 'widths'>, format: 'webp' | 'jpg', absolute: (path: string) => string) =>
  [...photo.widths].sort((a, b) => a - b).map((w) => `${absolute(listingPhotoPath(photo, w, format))} ${w}w`).join(', ');

/**
 * A stored srcset (`<path> <width>w, …`, as listings.photos holds it) with each candidate made absolute by
 * `absolute`; null when there is none (a feed's or the seed's photo) or a candidate is not `<url> <n>w`.
 */
export function absoluteSrcset(srcset: string | null | undefined, absolute: (path: string) => string): string | null {
  if (!srcset) return null;
  const candidates = srcset.split(',').map((c) => c.trim().split(/\s+/));
  if (candidates.some((c) => c.length !== 2 || !/^[1-9][0-9]{0,4}w$/.test(c[1]!))) return null;
  return candidates.map(([url, width]) => `${absolute(url!)} ${width}`).join(', ');
}

/** The largest size: the JPEG any client shows. */
export const largestPhotoPath = (photo: Pick<ListingPhotoRecord, 'baseKey' | 'widths'>) =>
  listingPhotoPath(photo, Math.max(...photo.widths), 'jpg');

/** listings.photos entries of our uploads carry their id; a feed's or the seed's photos have none and stay after ours. */
interface PublicPhotoEntry {
  photoUrl: string;
  description: string | null;
  listingPhotoId?: number;
  srcset?: string;
  width?: number;
  height?: number;
}

/** Rewrites listings.photos from the listing's uploads (ordered, the first the cover), keeping photos not ours after them. */
async function syncPublicPhotos(tx: Queryable, listingId: number): Promise<void> {
  const photos = await photosOfListing(tx, listingId);
  const { rows } = await tx.query<{ photos: PublicPhotoEntry[] }>('SELECT photos FROM listings WHERE id = $1', [listingId]);
  const others = (rows[0]?.photos ?? []).filter((p) => p.listingPhotoId === undefined);
  const ours: PublicPhotoEntry[] = photos.map((p) => ({
    photoUrl: largestPhotoPath(p),
    description: p.caption || null,
    listingPhotoId: p.id,
    srcset: listingPhotoSrcset(p, 'jpg', (path) => path),
    width: p.width,
    height: p.height,
  }));
  await tx.query('UPDATE listings SET photos = $2::jsonb, updated_at = now() WHERE id = $1', [listingId, JSON.stringify([...ours, ...others])]);
}

// ---------------------------------------------------------------------------------------------------
// Reading

export async function photosOfListing(db: Queryable, listingId: number): Promise<ListingPhotoRecord[]> {
  const { rows } = await db.query<ListingPhotoRow>(`SELECT ${COLUMNS} FROM listing_photos WHERE listing_id = $1 ORDER BY position, id`, [listingId]);
  return rows.map(toRecord);
}

/** listingPhotos(applicationCaseId): the case's listing's photos, cover first. */
export async function listingPhotosOfCase(db: Queryable, viewer: Viewer, caseId: number): Promise<ListingPhotoRecord[]> {
  return photosOfListing(db, await sellerListingOfCase(db, viewer, caseId));
}

/**
 * listingPhotosOfCase for many cases in one query (Case.media of a list of cases), with the same rule per case
 * (its owner or an administrator); a case the viewer may not manage, or without a listing, gets an empty list.
 */
export async function listingPhotosOfCases(db: Queryable, viewer: Viewer, caseIds: readonly number[]): Promise<ListingPhotoRecord[][]> {
  const { rows } = await db.query<ListingPhotoRow & { case_id: number | string }>(
    `SELECT c.id AS case_id, p.* FROM application_cases c
       CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM listing_photos WHERE listing_id = c.listing_id) p
      WHERE c.id = ANY($1::bigint[]) AND c.application_type_id = ANY($3::smallint[])
        AND (c.user_id = $2 OR EXISTS (SELECT 1 FROM users u WHERE u.id = $2 AND u.is_superuser))
      ORDER BY c.id, p.position, p.id`,
    [caseIds, viewer.user.id, SELLER_CASE_TYPES],
  );
  const byCase = new Map<number, ListingPhotoRecord[]>();
  for (const r of rows) {
    const list = byCase.get(Number(r.case_id)) ?? [];
    list.push(toRecord(r));
    byCase.set(Number(r.case_id), list);
  }
  return caseIds.map((id) => byCase.get(id) ?? []);
}

// ---------------------------------------------------------------------------------------------------
// Uploading

/** The files of an upload's sizes: WebP and JPEG of each width. */
const sizeFiles = (baseKey: string, processed: ProcessedPhoto): UploadFile[] =>
  processed.sizes.flatMap((size) => [
    { key: `${baseKey}-${size.width}.webp`, data: size.webp, contentType: 'image/webp' },
    { key: `${baseKey}-${size.width}.jpg`, data: size.jpeg, contentType: 'image/jpeg' },
  ]);

async function removeSizes(storage: Storage, photo: Pick<ListingPhotoRecord, 'baseKey' | 'widths'>): Promise<void> {
  for (const w of photo.widths) {
    await storage.delete(`${photo.baseKey}-${w}.webp`);
    await storage.delete(`${photo.baseKey}-${w}.jpg`);
  }
}

/**
 * uploadListingPhoto: checks the case, has the bytes processed by a job of the work tier (server/uploads/jobs.ts:
 * refusals name the file), which stores the sizes, then adds the photo last in the listing's order. Nothing already
 * uploaded is touched by a refused or failed upload: the files are written under a new random name, and removed
 * again if the row is not added (server/uploads/store.ts).
 */
export async function uploadListingPhoto(
  db: Database,
  viewer: Viewer,
  caseId: number,
  bytes: Uint8Array,
  fileName: string,
  storage: Storage = uploadStorage(),
  request: UploadRequest = { partnerId: null },
): Promise<ListingPhotoRecord> {
  const listingId = await sellerListingOfCase(db, viewer, caseId);
  const limit = photoLimit(listingId);
  await refuseFullListing(db, limit);
  const baseKey = newBaseKey(listingId);
  const derived = await storeUploadedImage(db, bytes, listingPhotoRules(displayFileName(fileName)), {
    recipe: 'listing-photo',
    baseKey,
    owner: userOwner(viewer.user.id),
    partnerId: request.partnerId,
    signal: request.signal,
    storage,
  });
  // Two files (WebP, JPEG) per width, smallest first.
  const widths = [...new Set(derived.files.map((f) => f.width))];
  return commitStored(storage, derived.files, () => addPhotoRow(db, limit, { listingId, baseKey, widths, width: derived.width, height: derived.height, uploadedBy: viewer.user.id }));
}

/** The limit of photos per listing, counted under the listing's lock (db/count-limit.ts). */
const photoLimit = (listingId: number): CountLimit => ({
  owner: { table: 'listings', id: listingId },
  count: 'SELECT count(*)::int AS n FROM listing_photos WHERE listing_id = $1',
  params: [listingId],
  max: LISTING_PHOTOS_MAX,
  refusal: () => badInput(t.tooManyPhotos(LISTING_PHOTOS_MAX), 'file'),
});

/** Early, so a full listing does not cost a decode; the count that holds is the one under the lock (addPhotoRow). */
async function refuseFullListing(db: Queryable, limit: CountLimit): Promise<void> {
  const before = await db.query<{ n: number }>(limit.count, limit.params);
  if ((before.rows[0]?.n ?? 0) >= LISTING_PHOTOS_MAX) throw limit.refusal();
}

const newBaseKey = (listingId: number) => `listing-photos/${listingId}/${randomBytes(12).toString('hex')}`;

/** The row of a photo whose sizes are stored, last in the listing's order, and the public listing's photos. */
function addPhotoRow(
  db: Database,
  limit: CountLimit,
  photo: { listingId: number; baseKey: string; widths: number[]; width: number; height: number; uploadedBy: number },
): Promise<ListingPhotoRecord> {
  const { listingId } = photo;
  return db.transaction(async (tx) => {
    // One upload at a time per listing: the count and the next position are read under the listing's lock.
    await requireRoom(tx, limit);
    const { rows: next } = await tx.query<{ next: number }>('SELECT coalesce(max(position) + 1, 0)::int AS next FROM listing_photos WHERE listing_id = $1', [
      listingId,
    ]);
    const { rows } = await tx.query<ListingPhotoRow>(
      `INSERT INTO listing_photos (listing_id, base_key, widths, width, height, position, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [listingId, photo.baseKey, photo.widths, photo.width, photo.height, next[0]!.next, photo.uploadedBy],
    );
    await syncPublicPhotos(tx, listingId);
    return toRecord(rows[0]!);
  });
}

/**
 * Adds a photo of our own (the demo listing's seed: never a user's file) to a listing, processed in this thread
 * (pipeline.ts) and stored with its row.
 */
export async function storeListingPhoto(
  db: Database,
  listingId: number,
  uploadedBy: number,
  bytes: Uint8Array,
  fileName: string,
  storage: Storage = uploadStorage(),
): Promise<ListingPhotoRecord> {
  const limit = photoLimit(listingId);
  await refuseFullListing(db, limit);
  const processed = await processListingPhoto(bytes, fileName);
  const baseKey = newBaseKey(listingId);
  const widths = processed.sizes.map((s) => s.width);
  return storeThenCommit(storage, sizeFiles(baseKey, processed), () =>
    addPhotoRow(db, limit, { listingId, baseKey, widths, width: processed.width, height: processed.height, uploadedBy }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Order, cover, captions, deletion

export interface PhotoManagementChange {
  /** Every photo id of the listing, in the new order; absent: the order stays. */
  order?: number[] | null;
  /** This photo becomes the first (the cover); the others keep their order. */
  coverId?: number | null;
  captions?: { id: number; caption: string }[] | null;
}

/**
 * updatePhotoManagement: deletes `deleteId` (its files once the change is committed), then applies the order,
 * the cover and the captions, all in one transaction; answers the photos as they now are.
 */
export async function updatePhotoManagement(
  db: Database,
  viewer: Viewer,
  caseId: number,
  change: PhotoManagementChange,
  deleteId: number | null,
  storage: Storage = uploadStorage(),
): Promise<ListingPhotoRecord[]> {
  const listingId = await sellerListingOfCase(db, viewer, caseId);
  const { photos, deleted } = await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [listingId]);
    let photos = await photosOfListing(tx, listingId);
    const known = (id: number, argument: string) => {
      if (!photos.some((p) => p.id === id)) throw new DomainError('NOT_FOUND', t.unknownPhoto, argument);
    };
    let deleted: ListingPhotoRecord | null = null;
    if (deleteId !== null) {
      known(deleteId, 'deleteListingPhotoId');
      deleted = photos.find((p) => p.id === deleteId)!;
      await tx.query('DELETE FROM listing_photos WHERE id = $1 AND listing_id = $2', [deleteId, listingId]);
      photos = photos.filter((p) => p.id !== deleteId);
    }
    let order = photos.map((p) => p.id);
    if (change.order) {
      // After a deletion in the same call, the deleted id may still be named: it is gone either way.
      const named = change.order.filter((id) => id !== deleteId);
      if (named.length !== order.length || new Set(named).size !== named.length || named.some((id) => !order.includes(id))) {
        throw badInput(t.orderMismatch, 'mediaObject.order');
      }
      order = named;
    }
    if (change.coverId != null) {
      known(change.coverId, 'mediaObject.coverId');
      order = [change.coverId, ...order.filter((id) => id !== change.coverId)];
    }
    for (const [position, id] of order.entries()) {
      await tx.query('UPDATE listing_photos SET position = $3 WHERE id = $1 AND listing_id = $2 AND position <> $3', [id, listingId, position]);
    }
    for (const { id, caption } of change.captions ?? []) {
      known(id, 'mediaObject.captions');
      await tx.query('UPDATE listing_photos SET caption = $3 WHERE id = $1 AND listing_id = $2', [id, listingId, normaliseCaption(caption)]);
    }
    await syncPublicPhotos(tx, listingId);
    return { photos: await photosOfListing(tx, listingId), deleted };
  });
  if (deleted) await removeSizes(storage, deleted).catch(() => undefined);
  return photos;
}

/** A caption as stored: trimmed, single spaces, no control characters; too long is refused. */
export function normaliseCaption(caption: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = caption.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/\s+/g, ' ').trim();
  if ([...clean].length > LISTING_PHOTO_CAPTION_MAX) throw badInput(t.captionTooLong(LISTING_PHOTO_CAPTION_MAX), 'mediaObject.captions');
  return clean;
}

// ---------------------------------------------------------------------------------------------------
// Serving

const MEDIA_PATH = /^[1-9][0-9]{0,15}\/[0-9a-f]{24}-[1-9][0-9]{1,4}\.(webp|jpg)$/;

export const listingPhotoRoutes: Record<string, Route> = {
  '/media/listing-photos/*': storedImageRoute({
    folder: 'listing-photos',
    name: MEDIA_PATH,
    contentType: (name) => (name.endsWith('.webp') ? 'image/webp' : 'image/jpeg'),
    // Names are random and never reused for other content.
    cache: 'public, max-age=31536000, immutable',
  }),
};
