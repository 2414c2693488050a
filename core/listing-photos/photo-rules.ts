/**
 * The limits of a listing's photos (issue 19, photo management), one module both sides apply: the element
 * refuses a file before sending it, the server refuses it again whatever the client did.
 */

/** An upload's largest size in bytes (a phone's 48-megapixel JPEG is 10–20 MB). */
export const LISTING_PHOTO_MAX_BYTES = 25 * 1024 * 1024;
/** Larger images are refused before decoding: a decompression bomb costs memory, not bytes. */
export const LISTING_PHOTO_MAX_PIXELS = 50_000_000;
/** The responsive widths stored, never wider than the photo itself. */
export const LISTING_PHOTO_WIDTHS = [400, 800, 1600] as const;
/** Photos of one listing. */
export const LISTING_PHOTOS_MAX = 60;
/** A caption's longest length, in characters. */
export const LISTING_PHOTO_CAPTION_MAX = 200;
/** What the file picker offers; the server decides by the bytes, not by these. */
export const LISTING_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/** A file name fit to show in a message: no control or bidi-override characters, at most 80 characters. */
export function displayFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, '').trim() || 'The file';
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}

/** The order after moving `id` by `delta` places (clamped to the ends); the same order when it cannot move. */
export function movePhoto(order: readonly string[], id: string, delta: number): string[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const to = Math.max(0, Math.min(order.length - 1, from + delta));
  if (to === from) return [...order];
  const next = order.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

/** The order with `id` placed before `beforeId` (a drop on that photo), or at the end when `beforeId` is null. */
export function dropPhoto(order: readonly string[], id: string, beforeId: string | null): string[] {
  if (id === beforeId || !order.includes(id)) return [...order];
  const next = order.filter((x) => x !== id);
  const at = beforeId === null ? next.length : next.indexOf(beforeId);
  next.splice(at < 0 ? next.length : at, 0, id);
  return next;
}

/** The cover is the first photo: setting it moves the photo to the front, keeping the others' order. */
export const coverFirst = (order: readonly string[], coverId: string): string[] =>
  order.includes(coverId) ? [coverId, ...order.filter((x) => x !== coverId)] : [...order];
