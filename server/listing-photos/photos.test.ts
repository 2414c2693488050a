import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp } from '../accounts/testing';
import { codeOf, graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import { insertSellerCase } from './demo-case';
import { absoluteSrcset } from './photos';

let server: RunningServer;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-listing-photos-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

const UPLOAD = 'mutation Upload($f: File!, $caseId: ID!) { uploadListingPhoto(file: $f, applicationCaseId: $caseId) { id position isCover caption width height url srcset jpegSrcset } }';
const PHOTOS = 'query Op($caseId: ID!) { listingPhotos(applicationCaseId: $caseId) { id position isCover caption url } }';
const UPDATE = `mutation Op($caseId: ID!, $media: PhotoManagementInput, $del: ID) {
  updatePhotoManagement(applicationCaseId: $caseId, mediaObject: $media, deleteListingPhotoId: $del) { id position isCover caption url }
}`;

function upload(token: string | null, caseId: number | string, bytes: Uint8Array, name: string, endpoint = 'graphql') {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD, variables: { f: null, caseId: String(caseId) } }));
  form.set('map', JSON.stringify({ 0: ['variables.f'] }));
  form.set('0', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return fetch(`${server.url}/${endpoint}/?queryName=Upload`, { method: 'POST', headers: token ? { Authorization: `Token ${token}` } : {}, body: form });
}

const uploaded = async (response: Response) => (await response.json()) as GraphqlResponse;

let tagCounter = 0;
async function sellerWithCase() {
  const seller = await signUp(server);
  const rows = await insertSellerCase(server.db, seller.user.id, `T${process.pid}X${++tagCounter}`);
  return { ...seller, ...rows };
}

const jpeg = (colour: string, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '111/1 53/1 0/1' } })
    .toBuffer();

async function publicPhotos(listingId: number) {
  const { rows } = await server.db.query<{ photos: { photoUrl: string; description: string | null; srcset?: string }[] }>('SELECT photos FROM listings WHERE id = $1', [listingId]);
  return rows[0]!.photos;
}

describe(`uploadListingPhoto (${engineName()})`, () => {
  it('stores the sizes, serves them without EXIF, and makes the photo the listing’s public cover', async () => {
    const seller = await sellerWithCase();
    const body = await uploaded(await upload(seller.token, seller.caseId, await jpeg('#3a6'), 'garden.jpg'));
    expect(body.errors).toBeUndefined();
    const photo = body.data!.uploadListingPhoto;
    expect(photo).toMatchObject({ position: 0, isCover: true, caption: '', width: 1200, height: 900 });
    expect(photo.url).toMatch(new RegExp(`^${server.url}/media/listing-photos/${seller.listingId}/[0-9a-f]{24}-800\\.jpg$`));
    expect(photo.srcset.split(', ').map((s: string) => s.split(' ')[1])).toEqual(['400w', '800w']);
    expect(photo.jpegSrcset).toContain('-400.jpg 400w');

    for (const url of [photo.url, photo.srcset.split(' ')[0]]) {
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.headers.get('content-type')).toBe(meta.format === 'webp' ? 'image/webp' : 'image/jpeg');
    }
    expect((await fetch(`${server.url}/media/listing-photos/${seller.listingId}/../../users/x.jpg`)).status).toBe(404);

    const publicList = await publicPhotos(seller.listingId);
    expect(publicList).toHaveLength(1);
    expect(server.url + publicList[0]!.photoUrl).toBe(photo.url);
    expect(publicList[0]!.srcset).toContain('-400.jpg 400w');
  });

  it('refuses a non-image named .jpg with a message naming it, and loses nothing already uploaded', async () => {
    const seller = await sellerWithCase();
    const first = await uploaded(await upload(seller.token, seller.caseId, await jpeg('#a33'), 'front.jpg'));
    expect(first.errors).toBeUndefined();
    const refused = await uploaded(await upload(seller.token, seller.caseId, Buffer.from('%PDF-1.4 not a photo at all'.repeat(10)), 'deed.jpg'));
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.message).toBe(t.notAnImage('deed.jpg'));
    const list = (await graphqlAs(server, seller.token, PHOTOS, { caseId: String(seller.caseId) })).data!.listingPhotos;
    expect(list.map((p: { id: string }) => p.id)).toEqual([first.data!.uploadListingPhoto.id]);
    expect(await readdir(join(uploadDir, 'listing-photos', String(seller.listingId)))).toHaveLength(4);
  });

  it('answers NOT_FOUND to strangers and forged case ids, UNAUTHENTICATED to visitors, and lets an administrator in', async () => {
    const seller = await sellerWithCase();
    const stranger = await signUp(server);
    const photo = await jpeg('#33a', 500, 400);

    for (const caseId of [seller.caseId, 'abc', '0', '99999999999', '-1']) {
      const body = await uploaded(await upload(stranger.token, caseId, photo, 'x.jpg'));
      expect(codeOf(body), String(caseId)).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, stranger.token, PHOTOS, { caseId: String(caseId) }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, stranger.token, UPDATE, { caseId: String(caseId), media: { order: [] } }))).toBe('NOT_FOUND');
    }
    // The stranger's own case of another kind (a mortgage case) names no listing of theirs.
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM application_cases WHERE id = $1', [seller.caseId]);
    expect(rows).toHaveLength(1);
    expect(codeOf(await graphqlAs(server, null, PHOTOS, { caseId: String(seller.caseId) }))).toBe('UNAUTHENTICATED');
    expect((await upload(null, seller.caseId, photo, 'x.jpg', 'public_graphql')).status).toBe(415);
    expect(await readdir(uploadDir).catch(() => [])).not.toContain(String(seller.listingId));

    const admin = await signUp(server);
    await server.db.query('UPDATE users SET is_superuser = true WHERE id = $1', [admin.user.id]);
    const body = await uploaded(await upload(admin.token, seller.caseId, photo, 'by-admin.jpg'));
    expect(body.errors).toBeUndefined();
    expect((await graphqlAs(server, seller.token, PHOTOS, { caseId: String(seller.caseId) })).data!.listingPhotos).toHaveLength(1);
  });
});

describe(`a published listing's photos (${engineName()})`, () => {
  const LISTING = `query Op($id: ID!) { listingInfo(listingId: $id) { photoUri photoSrcset photos { photoUrl srcset width height } } }`;

  it('exposes the sizes of an uploaded photo as an absolute srcset on photos and on the cover, and none for a feed photo', async () => {
    const seller = await sellerWithCase();
    const body = await uploaded(await upload(seller.token, seller.caseId, await jpeg('#6a3', 1700, 1000), 'porch.jpg'));
    expect(body.errors).toBeUndefined();
    await server.db.query(
      `UPDATE listings SET internet_entire_listing_display = true, status = 'Active', price_in_pennies = 45000000,
              photos = photos || '[{"photoUrl": "https://img.example/feed.jpg", "description": null}]'::jsonb WHERE id = $1`,
      [seller.listingId],
    );
    const answer = await graphqlAs(server, null, LISTING, { id: String(seller.listingId) });
    expect(answer.errors).toBeUndefined();
    const listing = answer.data!.listingInfo;
    const prefix = `${server.url}/media/listing-photos/${seller.listingId}/`;
    const candidates = listing.photoSrcset.split(', ').map((c: string) => c.split(' '));
    expect(candidates.map((c: string[]) => c[1])).toEqual(['400w', '800w', '1600w']);
    for (const [url, width] of candidates) {
      expect(url.startsWith(prefix)).toBe(true);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(Number(width.slice(0, -1)));
    }
    expect(listing.photoUri).toBe(`${candidates[2][0]}`);
    expect(listing.photos[0]).toEqual({ photoUrl: listing.photoUri, srcset: listing.photoSrcset, width: 1700, height: 1000 });
    expect(listing.photos[1]).toEqual({ photoUrl: 'https://img.example/feed.jpg', srcset: null, width: null, height: null });

    // The cover moves behind the feed photo: the card's srcset follows the first photo, and there is none.
    await server.db.query(`UPDATE listings SET photos = (SELECT jsonb_agg(p ORDER BY p ? 'srcset') FROM jsonb_array_elements(photos) p) WHERE id = $1`, [seller.listingId]);
    const feedFirst = (await graphqlAs(server, null, LISTING, { id: String(seller.listingId) })).data!.listingInfo;
    expect(feedFirst.photoUri).toBe('https://img.example/feed.jpg');
    expect(feedFirst.photoSrcset).toBeNull();
  });
});

describe(`updatePhotoManagement (${engineName()})`, () => {
  async function sellerWithPhotos(n: number) {
    const seller = await sellerWithCase();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const body = await uploaded(await upload(seller.token, seller.caseId, await jpeg(['#a00', '#0a0', '#00a', '#aa0'][i]!, 480, 360), `p${i}.jpg`));
      ids.push(body.data!.uploadListingPhoto.id);
    }
    return { ...seller, ids };
  }

  it('reorders, sets the cover, captions and deletes, and the listing’s public photos follow', async () => {
    const s = await sellerWithPhotos(4);
    const [a, b, c, d] = s.ids as [string, string, string, string];
    const update = (media: unknown, del: string | null = null) =>
      graphqlAs(server, s.token, UPDATE, { caseId: String(s.caseId), media, del });

    const reordered = await update({ order: [c, a, d, b] });
    expect(reordered.errors).toBeUndefined();
    expect(reordered.data!.updatePhotoManagement.map((p: { id: string }) => p.id)).toEqual([c, a, d, b]);

    const covered = await update({ coverId: d, captions: [{ id: d, caption: '  Sunny    kitchen  ' }] });
    expect(covered.errors).toBeUndefined();
    const photos = covered.data!.updatePhotoManagement;
    expect(photos.map((p: { id: string }) => p.id)).toEqual([d, c, a, b]);
    expect(photos[0]).toMatchObject({ isCover: true, position: 0, caption: 'Sunny kitchen' });

    const publicList = await publicPhotos(s.listingId);
    expect(publicList.map((p) => p.photoUrl)).toEqual(photos.map((p: { url: string }) => p.url.slice(server.url.length)));
    expect(publicList[0]!.description).toBe('Sunny kitchen');

    const deletedUrl: string = photos[1].url;
    const afterDelete = await update(null, c);
    expect(afterDelete.data!.updatePhotoManagement.map((p: { id: string }) => p.id)).toEqual([d, a, b]);
    expect((await fetch(deletedUrl)).status).toBe(404);
    expect(await publicPhotos(s.listingId)).toHaveLength(3);
  });

  it('refuses an order that does not name every photo once, a photo of another listing, and a long caption', async () => {
    const s = await sellerWithPhotos(2);
    const other = await sellerWithPhotos(1);
    const [a, b] = s.ids as [string, string];
    const update = (media: unknown, del: string | null = null) =>
      graphqlAs(server, s.token, UPDATE, { caseId: String(s.caseId), media, del });

    for (const order of [[a], [a, a], [a, b, other.ids[0]], [a, 'x']]) {
      const body = await update({ order });
      expect(codeOf(body), JSON.stringify(order)).toBe('BAD_USER_INPUT');
    }
    expect((await update({ order: [a] })).errors![0]!.message).toBe(t.orderMismatch);
    expect(codeOf(await update({ coverId: other.ids[0] }))).toBe('NOT_FOUND');
    expect(codeOf(await update(null, other.ids[0]!))).toBe('NOT_FOUND');
    expect(codeOf(await update({ captions: [{ id: a, caption: 'x'.repeat(201) }] }))).toBe('BAD_USER_INPUT');
    // Nothing changed by the refusals, and the other seller's photo is still there.
    const list = (await graphqlAs(server, s.token, PHOTOS, { caseId: String(s.caseId) })).data!.listingPhotos;
    expect(list.map((p: { id: string; caption: string }) => [p.id, p.caption])).toEqual([
      [a, ''],
      [b, ''],
    ]);
    expect((await graphqlAs(server, other.token, PHOTOS, { caseId: String(other.caseId) })).data!.listingPhotos).toHaveLength(1);
  });
});

describe('absoluteSrcset', () => {
  const absolute = (path: string) => `https://api.example${path}`;
  it('makes each candidate absolute and refuses what is not a srcset of widths', () => {
    expect(absoluteSrcset('/media/a-400.jpg 400w, /media/a-800.jpg 800w', absolute)).toBe('https://api.example/media/a-400.jpg 400w, https://api.example/media/a-800.jpg 800w');
    expect(absoluteSrcset(undefined, absolute)).toBeNull();
    expect(absoluteSrcset('', absolute)).toBeNull();
    expect(absoluteSrcset('/media/a.jpg 2x', absolute)).toBeNull();
    expect(absoluteSrcset('/media/a.jpg', absolute)).toBeNull();
    expect(absoluteSrcset('/media/a.jpg 400w extra', absolute)).toBeNull();
  });
});

describe(`the demo's published photo listing (${engineName()})`, () => {
  it('is public with three uploaded photos in sizes, and seeding again adds nothing', async () => {
    const { seedPublishedPhotoListing, PUBLISHED_PHOTO_CASE_ID } = await import('./demo-case');
    const { rows: seller } = await server.db.query(`SELECT 1 FROM users WHERE email = 'seller@hearth.example'`);
    if (seller.length === 0) await signUp(server, 'seller@hearth.example');
    await seedPublishedPhotoListing(server.db);
    await seedPublishedPhotoListing(server.db);
    const { rows } = await server.db.query<{ listing_id: string }>('SELECT listing_id FROM application_cases WHERE id = $1', [PUBLISHED_PHOTO_CASE_ID]);
    expect(rows).toHaveLength(1);
    const answer = await graphqlAs(server, null, `query Op($id: ID!) { listingInfo(listingId: $id) { photoSrcset photos { srcset } } }`, { id: rows[0]!.listing_id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.listingInfo.photos).toHaveLength(3);
    expect(answer.data!.listingInfo.photoSrcset).toMatch(/ 400w, .+ 800w, .+ 1600w$/);
  });
});
