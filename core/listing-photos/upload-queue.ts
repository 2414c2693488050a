/**
 * The uploads of <hearth-photo-management> as pure state: each chosen file is an entry that waits, uploads
 * (with progress), fails (the transport: retry) or is refused (the server's message naming the file), or is
 * cancelled; a done upload leaves the queue (its photo is in the grid). At most UPLOADS_AT_ONCE run together.
 */
import { listingPhotoTexts as t } from '../i18n/listing-photos';
import { displayFileName, LISTING_PHOTO_MAX_BYTES } from './photo-rules';

export const UPLOADS_AT_ONCE = 3;

export type UploadStatus = 'queued' | 'uploading' | 'failed' | 'refused' | 'cancelled';

export interface UploadEntry {
  key: string;
  name: string;
  status: UploadStatus;
  /** 0–100 of the bytes sent. */
  percent: number;
  /** Why it failed or was refused, to show as it is. */
  message: string | null;
}

export type UploadAction =
  | { type: 'add'; files: { key: string; name: string; size: number }[] }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; loaded: number; total: number }
  | { type: 'done'; key: string }
  | { type: 'failed'; key: string; message: string }
  | { type: 'refused'; key: string; message: string }
  | { type: 'cancel'; key: string }
  | { type: 'retry'; key: string }
  | { type: 'dismiss'; key: string };

const update = (queue: UploadEntry[], key: string, change: (e: UploadEntry) => UploadEntry) => queue.map((e) => (e.key === key ? change(e) : e));

export function uploadQueue(queue: UploadEntry[], action: UploadAction): UploadEntry[] {
  switch (action.type) {
    case 'add':
      return [
        ...queue,
        ...action.files.map(({ key, name, size }): UploadEntry => {
          const shown = displayFileName(name);
          // Too large never leaves the browser: the server would refuse it after the whole upload.
          return size > LISTING_PHOTO_MAX_BYTES
            ? { key, name: shown, status: 'refused', percent: 0, message: t.tooLarge(shown, LISTING_PHOTO_MAX_BYTES) }
            : { key, name: shown, status: 'queued', percent: 0, message: null };
        }),
      ];
    case 'start':
      return update(queue, action.key, (e) => (e.status === 'queued' ? { ...e, status: 'uploading', percent: 0, message: null } : e));
    case 'progress':
      return update(queue, action.key, (e) =>
        e.status === 'uploading' ? { ...e, percent: action.total > 0 ? Math.min(100, Math.round((action.loaded / action.total) * 100)) : e.percent } : e,
      );
    case 'done':
      return queue.filter((e) => e.key !== action.key);
    case 'failed':
      return update(queue, action.key, (e) => (e.status === 'uploading' ? { ...e, status: 'failed', message: action.message } : e));
    case 'refused':
      return update(queue, action.key, (e) => (e.status === 'uploading' ? { ...e, status: 'refused', message: action.message } : e));
    case 'cancel':
      return update(queue, action.key, (e) => (e.status === 'queued' || e.status === 'uploading' ? { ...e, status: 'cancelled', percent: 0, message: t.cancelled(e.name) } : e));
    case 'retry':
      return update(queue, action.key, (e) => (e.status === 'failed' || e.status === 'cancelled' ? { ...e, status: 'queued', percent: 0, message: null } : e));
    case 'dismiss':
      return queue.filter((e) => e.key !== action.key || e.status === 'queued' || e.status === 'uploading');
  }
}

/** The entries to start now: the oldest waiting ones, up to UPLOADS_AT_ONCE running. */
export function nextToStart(queue: readonly UploadEntry[]): string[] {
  const running = queue.filter((e) => e.status === 'uploading').length;
  return queue
    .filter((e) => e.status === 'queued')
    .slice(0, Math.max(0, UPLOADS_AT_ONCE - running))
    .map((e) => e.key);
}
