import { describe, expect, it } from 'vitest';
import { listingPhotoTexts as t } from '../i18n/listing-photos';
import { coverFirst, displayFileName, dropPhoto, LISTING_PHOTO_MAX_BYTES, movePhoto } from './photo-rules';
import { nextToStart, uploadQueue, UPLOADS_AT_ONCE, type UploadEntry } from './upload-queue';

const add = (names: string[], sizes: number[] = names.map(() => 1000)) =>
  uploadQueue([], { type: 'add', files: names.map((name, i) => ({ key: `k${i}`, name, size: sizes[i]! })) });

describe('upload queue', () => {
  it('refuses a file over the limit before sending it, naming it; the others wait', () => {
    const queue = add(['a.jpg', 'huge.jpg'], [1000, LISTING_PHOTO_MAX_BYTES + 1]);
    expect(queue.map((e) => e.status)).toEqual(['queued', 'refused']);
    expect(queue[1]!.message).toBe(t.tooLarge('huge.jpg', LISTING_PHOTO_MAX_BYTES));
  });

  it(`starts at most ${UPLOADS_AT_ONCE} at once, oldest first`, () => {
    let queue = add(['1', '2', '3', '4', '5']);
    expect(nextToStart(queue)).toEqual(['k0', 'k1', 'k2']);
    for (const key of nextToStart(queue)) queue = uploadQueue(queue, { type: 'start', key });
    expect(nextToStart(queue)).toEqual([]);
    queue = uploadQueue(queue, { type: 'done', key: 'k1' });
    expect(nextToStart(queue)).toEqual(['k3']);
  });

  it('tracks progress, and a refusal or a failure keeps the others going', () => {
    let queue = add(['a.jpg', 'b.jpg', 'c.jpg']);
    for (const key of ['k0', 'k1', 'k2']) queue = uploadQueue(queue, { type: 'start', key });
    queue = uploadQueue(queue, { type: 'progress', key: 'k0', loaded: 50, total: 200 });
    expect(queue[0]!.percent).toBe(25);
    queue = uploadQueue(queue, { type: 'refused', key: 'k1', message: t.notAnImage('b.jpg') });
    queue = uploadQueue(queue, { type: 'failed', key: 'k2', message: t.uploadFailed('c.jpg') });
    expect(queue.map((e: UploadEntry) => [e.status, e.message])).toEqual([
      ['uploading', null],
      ['refused', t.notAnImage('b.jpg')],
      ['failed', t.uploadFailed('c.jpg')],
    ]);
    // A refused file cannot be retried (the same bytes are refused again); a failed one can.
    queue = uploadQueue(queue, { type: 'retry', key: 'k1' });
    queue = uploadQueue(queue, { type: 'retry', key: 'k2' });
    expect(queue.map((e) => e.status)).toEqual(['uploading', 'refused', 'queued']);
  });

  it('cancels a running or waiting upload, retries a cancelled one, and dismisses only finished entries', () => {
    let queue = add(['a.jpg', 'b.jpg']);
    queue = uploadQueue(queue, { type: 'start', key: 'k0' });
    queue = uploadQueue(queue, { type: 'cancel', key: 'k0' });
    queue = uploadQueue(queue, { type: 'dismiss', key: 'k1' });
    expect(queue.map((e) => e.status)).toEqual(['cancelled', 'queued']);
    expect(queue[0]!.message).toBe(t.cancelled('a.jpg'));
    // A late answer of the cancelled upload changes nothing.
    expect(uploadQueue(queue, { type: 'failed', key: 'k0', message: 'x' })).toEqual(queue);
    queue = uploadQueue(queue, { type: 'retry', key: 'k0' });
    expect(queue[0]!.status).toBe('queued');
    queue = uploadQueue(queue, { type: 'start', key: 'k0' });
    queue = uploadQueue(queue, { type: 'cancel', key: 'k0' });
    queue = uploadQueue(queue, { type: 'dismiss', key: 'k0' });
    expect(queue.map((e) => e.key)).toEqual(['k1']);
  });
});

describe('photo order', () => {
  it('moves by keyboard steps, clamped at the ends', () => {
    expect(movePhoto(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 'x', 1)).toEqual(['a', 'b', 'c']);
  });

  it('drops before another photo or at the end', () => {
    expect(dropPhoto(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(dropPhoto(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'a', 'c', 'd']);
    expect(dropPhoto(['a', 'b', 'c'], 'a', null)).toEqual(['b', 'c', 'a']);
    expect(dropPhoto(['a', 'b'], 'a', 'a')).toEqual(['a', 'b']);
  });

  it('puts the cover first and keeps the others in order', () => {
    expect(coverFirst(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(coverFirst(['a', 'b'], 'x')).toEqual(['a', 'b']);
  });

  it('shows file names without control characters and not too long', () => {
    expect(displayFileName('a\u0000\u202Egpj.exe')).toBe('agpj.exe');
    expect(displayFileName('  ')).toBe('The file');
    expect(displayFileName('x'.repeat(100))).toHaveLength(78);
  });
});
