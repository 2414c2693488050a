import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerTourGrid } from '../../core/tours/tour-times';
import type { RunningServer } from '../app';
import { signUp } from '../accounts/testing';
import { importRecords } from '../listings/reso/import';
import { refreshMapCells } from '../listings/search/map-cells';
import { graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { parsePublicOrigin, publicUrl } from './public-url';

describe('publicUrl: every URL the API hands out is absolute', () => {
  const origin = 'https://homes.example';

  it('puts a path of our site on the public origin', () => {
    expect(publicUrl('/media/listing/SEED-0000001/1.svg', origin)).toBe('https://homes.example/media/listing/SEED-0000001/1.svg');
    expect(publicUrl('/media/users/7/a1b2.png', origin)).toBe('https://homes.example/media/users/7/a1b2.png');
    expect(publicUrl('/static/demo/avery.svg?v=2#x', origin)).toBe('https://homes.example/static/demo/avery.svg?v=2#x');
  });

  it('leaves absolute URLs as they are: an MLS photo, a Google picture, our own absolute URL', () => {
    for (const url of ['https://photos.mls.example/1891001/1.jpg', 'http://img.example/a.jpg', 'https://lh3.googleusercontent.com/a/x=s96-c', 'https://homes.example/media/a.jpg']) {
      expect(publicUrl(url, origin)).toBe(url);
    }
  });

  it('keeps a scheme-relative URL (another host) as it is, and a backslash path on our host', () => {
    expect(publicUrl('//cdn.example/a.jpg', origin)).toBe('//cdn.example/a.jpg');
    // Browsers read `/\host` as `//host`: prefixed, it stays a path on our origin.
    expect(new URL(publicUrl('/\\evil.example/a.jpg', origin)).origin).toBe(origin);
  });

  it('keeps null as null', () => {
    expect(publicUrl(null, origin)).toBeNull();
    expect(publicUrl(undefined, origin)).toBeNull();
  });
});

describe('parsePublicOrigin (HEARTH_PUBLIC_ORIGIN)', () => {
  it('takes a bare http(s) origin, with or without a port or trailing slash', () => {
    expect(parsePublicOrigin('https://homes.example')).toBe('https://homes.example');
    expect(parsePublicOrigin('https://homes.example/')).toBe('https://homes.example');
    expect(parsePublicOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(parsePublicOrigin('HTTPS://Homes.Example:443')).toBe('https://homes.example');
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['homes.example', 'https://homes.example/hearth', 'https://homes.example/?a=1', 'ftp://homes.example', 'https://user:pw@homes.example', ' https://homes.example', 'https://homes.example#top']) {
      expect(() => parsePublicOrigin(bad), bad).toThrow(/^HEARTH_PUBLIC_ORIGIN must be an origin like https:\/\/homes\.example\.com/);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Through the API: every kind of URL it hands out, on the configured public origin

const ORIGIN = 'https://homes.example';
const FIXTURE = join(import.meta.dirname, '..', 'listings', 'reso', 'fixtures', 'property-sample.json');

/** A RESO record of the sample feed, moved to Ogden (no other listing there), with the given photos. */
function record(key: string, price: number, latitude: number, media: string[]) {
  const sample = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { value: Record<string, unknown>[] }).value[0]!;
  const inTwoDays = Date.now() + 2 * 86_400_000;
  return {
    ...sample,
    ListingKey: key,
    ListingId: key,
    StreetNumber: String(100 + price / 10_000),
    City: 'Ogden',
    PostalCode: '84401',
    Latitude: latitude,
    Longitude: -111.97,
    ListPrice: price,
    PreviousListPrice: null,
    PriceChangeTimestamp: null,
    ModificationTimestamp: new Date().toISOString(),
    Media: media.map((url, i) => ({ MediaKey: `${key}-M${i + 1}`, MediaURL: url, MediaCategory: 'Photo', Order: i + 1 })),
    OpenHouse: [
      {
        OpenHouseKey: `${key}-OH1`,
        OpenHouseStartTime: new Date(inTwoDays).toISOString(),
        OpenHouseEndTime: new Date(inTwoDays + 7_200_000).toISOString(),
        OpenHouseStatus: 'Active',
        OpenHouseType: 'Public',
      },
    ],
  };
}

describe(`the API's URLs are absolute on HEARTH_PUBLIC_ORIGIN (${engineName()})`, () => {
  let server: RunningServer;
  let ownPhotos: number;
  let feedPhotos: number;
  const OGDEN = { bounds: { north: 41.25, south: 41.2, east: -111.9, west: -112.0 } };
  const ownPhoto = (key: string, n: number) => `${ORIGIN}/media/listing/${key}/${n}.svg`;

  beforeAll(async () => {
    const before = process.env.HEARTH_PUBLIC_ORIGIN;
    process.env.HEARTH_PUBLIC_ORIGIN = `${ORIGIN}/`;
    try {
      server = await startTestServer({ trustProxy: true });
    } finally {
      if (before === undefined) delete process.env.HEARTH_PUBLIC_ORIGIN;
      else process.env.HEARTH_PUBLIC_ORIGIN = before;
    }
    // Photos the seed generates (site paths) and a feed's own (absolute, kept as they are).
    const stats = await importRecords(
      server.db,
      [
        record('URLS-OWN', 500_000, 41.22, ['/media/listing/URLS-OWN/1.svg', 'https://photos.mls.example/own/2.jpg']),
        record('URLS-FEED', 520_000, 41.221, ['https://photos.mls.example/feed/1.jpg']),
      ],
      { source: 'test-public-urls' },
    );
    expect(stats.inserted).toBe(2);
    await refreshMapCells(server.db);
    const { rows } = await server.db.query<{ id: number; listing_key: string }>(`SELECT id, listing_key FROM listings WHERE source = 'test-public-urls'`);
    ownPhotos = Number(rows.find((r) => r.listing_key === 'URLS-OWN')!.id);
    feedPhotos = Number(rows.find((r) => r.listing_key === 'URLS-FEED')!.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is the listening origin when nothing is configured', async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(`${plain.url}/v1/api/dynamic-config/?partner=acme`);
      const context = JSON.parse(((await response.json()) as { app_config: { app_context: string } }).app_config.app_context);
      expect(context.agentPic).toBe(`${plain.url}/static/demo/avery.svg`);
    } finally {
      await plain.close();
    }
  });

  it('refuses to start on a public origin with a path', async () => {
    await expect(startTestServer({ publicOrigin: 'https://homes.example/hearth' })).rejects.toThrow(/^HEARTH_PUBLIC_ORIGIN must be an origin/);
  });

  it('listing photos: a detail, its similar homes and open-house calendar links', async () => {
    const result = await graphqlAs(
      server,
      null,
      `query ($id: ID!) { listingInfo(listingId: $id) {
        photoUri photos { photoUrl } similarHomes { id photoUri } openHouse { ical } } }`,
      { id: String(ownPhotos) },
      'public_graphql',
    );
    expect(result.errors).toBeUndefined();
    const listing = result.data!.listingInfo;
    expect(listing.photoUri).toBe(ownPhoto('URLS-OWN', 1));
    expect(listing.photos).toEqual([{ photoUrl: ownPhoto('URLS-OWN', 1) }, { photoUrl: 'https://photos.mls.example/own/2.jpg' }]);
    expect(listing.similarHomes).toEqual([{ id: String(feedPhotos), photoUri: 'https://photos.mls.example/feed/1.jpg' }]);
    expect(listing.openHouse).toHaveLength(1);
    expect(listing.openHouse[0].ical).toMatch(new RegExp(`^${ORIGIN}/v1/api/open-houses/\\d+/ical$`));
    const similar = await graphqlAs(server, null, `query ($id: ID!) { listingInfo(listingId: $id) { similarHomes { photoUri } } }`, { id: String(feedPhotos) }, 'public_graphql');
    expect(similar.data!.listingInfo.similarHomes).toEqual([{ photoUri: ownPhoto('URLS-OWN', 1) }]);
  });

  it('search results: the same absolute bytes from Yoga, the fast path and the response cache, whatever the request target', async () => {
    const query = `query listingLoad($g: GeoInput) { listingLoad(geoInput: $g, first: 10) { edges { node { id photoUri } } } }`;
    const body = (west: number) => JSON.stringify({ query, variables: { g: { bounds: { ...OGDEN.bounds, west } } } });
    // A first sight goes through Yoga and is cached. Its request target names another origin (absolute
    // form, as to a proxy): that must not become the origin of the links every visitor gets from the cache.
    const viaYoga = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(server.url);
      const request = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: 'http://elsewhere.example/public_graphql/?queryName=listingLoad&partner=acme', headers: { 'Content-Type': 'application/json' } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end(body(-112));
    });
    const post = async (endpoint: string, text: string) =>
      (await fetch(`${server.url}/${endpoint}/?queryName=listingLoad`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text })).text();
    const cached = await post('public_graphql', body(-112));
    const fast = await post('public_graphql', body(-112.001));
    // /graphql/ runs every request through Yoga: the reference.
    expect(cached).toBe(await post('graphql', body(-112)));
    expect(viaYoga).toBe(cached);
    expect(fast).toBe(await post('graphql', body(-112.001)));
    const photos = (JSON.parse(fast) as { data: { listingLoad: { edges: { node: { id: string; photoUri: string } }[] } } }).data.listingLoad.edges
      .map((e) => e.node.photoUri)
      .sort();
    expect(photos).toEqual([ownPhoto('URLS-OWN', 1), 'https://photos.mls.example/feed/1.jpg']);
    expect(viaYoga).not.toContain('elsewhere.example');
  });

  it('tours: the listing thumbnail and the calendar link', async () => {
    const [buyer, agent] = await Promise.all([signUp(server), signUp(server)]);
    await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [agent.user.id]);
    const { rows } = await server.db.query<{ time_zone: string }>('SELECT time_zone FROM listings WHERE id = $1', [ownPhotos]);
    const tomorrow = buyerTourGrid(new Date(), rows[0]!.time_zone).gridDays[1]!;
    const fields = 'id thumbnailPhotoUri ical requestedSchedule { scheduledDateTime }';
    const requested = await graphqlAs(server, buyer, `mutation ($l: ID!, $t: [String!]!) { saveTour(listingId: $l, scheduledDateTimes: $t) { ${fields} } }`, {
      l: String(ownPhotos),
      t: [tomorrow.slots[1]!.dateTime],
    });
    expect(requested.errors).toBeUndefined();
    const tour = requested.data!.saveTour;
    expect(tour.thumbnailPhotoUri).toBe(ownPhoto('URLS-OWN', 1));
    const scheduled = await graphqlAs(server, agent, `mutation ($id: ID!, $s: String) { saveTourSeller(id: $id, start: $s, tourStatus: SCHEDULED) { ${fields} } }`, {
      id: tour.id,
      s: tour.requestedSchedule[0].scheduledDateTime,
    });
    expect(scheduled.errors).toBeUndefined();
    expect(scheduled.data!.saveTourSeller.ical).toMatch(new RegExp(`^${ORIGIN}/v1/api/tours/${tour.id}/ical\\?token=`));
  });

  it('offers: the listing thumbnail', async () => {
    const buyer = await signUp(server);
    const created = await graphqlAs(
      server,
      buyer,
      `mutation ($l: ID!) { createOffer(listingId: $l, appType: "wfrmls-buyer") { offer { listing { thumbnailPhotoUri } } } }`,
      { l: String(ownPhotos) },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createOffer.offer.listing.thumbnailPhotoUri).toBe(ownPhoto('URLS-OWN', 1));
  });

  it('user pictures: ours on the public origin (GraphQL and REST), a Google picture as it is', async () => {
    const user = await signUp(server);
    const me = async () => [
      (await graphqlAs(server, user, '{ me { image } }')).data!.me.image,
      ((await (await fetch(`${server.url}/user/me/`, { headers: { Authorization: `Token ${user.token}` } })).json()) as { image: string | null }).image,
    ];
    await server.db.query('UPDATE users SET image = $1 WHERE id = $2', [`/media/users/${user.user.id}/0123456789abcdef01234567.png`, user.user.id]);
    expect(await me()).toEqual(Array(2).fill(`${ORIGIN}/media/users/${user.user.id}/0123456789abcdef01234567.png`));
    await server.db.query('UPDATE users SET image = $1 WHERE id = $2', ['https://lh3.googleusercontent.com/a/photo=s96-c', user.user.id]);
    expect(await me()).toEqual(Array(2).fill('https://lh3.googleusercontent.com/a/photo=s96-c'));
  });

  it('partner assets (dynamic-config) and the links in mails', async () => {
    const response = await fetch(`${server.url}/v1/api/dynamic-config/?partner=acme`);
    const context = JSON.parse(((await response.json()) as { app_config: { app_context: string } }).app_config.app_context);
    expect(context).toMatchObject({ agentPic: `${ORIGIN}/static/demo/avery.svg`, siteUrl: ORIGIN });

    const lead = await fetch(`${server.url}/v1/api/contact-form/?partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Link', lastName: 'Checker', email: 'link.checker@example.com', phone: '8015550123', comment: 'I would like to see this home on Saturday.', listingId: ownPhotos }),
    });
    expect(lead.status).toBe(201);
    const { rows } = await server.db.query<{ body: string }>(`SELECT body FROM outbox WHERE subject LIKE '%Link Checker%'`);
    expect(rows[0]!.body).toMatch(new RegExp(`^Listing: ${ORIGIN}/listing/[^/\\s]+/HRT${ownPhotos}$`, 'm'));
  });
});
