import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { importFile, importRecords, replicateFromUrl, summarize } from './import';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'property-sample.json');
const sample = () => (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { value: Record<string, unknown>[] }).value;

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.exec(`DELETE FROM listings WHERE listing_key IS NOT NULL; DELETE FROM reso_replication;`);
});

const countRows = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) t`, params)).rows[0]!.n;

describe(`RESO import (${engineName()})`, () => {
  it('imports the sample file: valid records stored, bad ones skipped with reasons', async () => {
    const stats = await importFile(db, FIXTURE);
    expect(summarize(stats)).toEqual({
      processed: 9,
      inserted: 6,
      updated: 0,
      unchanged: 0,
      skipped: 3,
      hidden: 1,
      addressWithheld: 1,
      skippedReasons: {
        'ListPrice: Too small: expected number to be >=0': 1,
        'OpenHouse.0: OpenHouseEndTime must be after OpenHouseStartTime': 1,
        'ListingKey: Invalid input: expected string, received undefined': 1,
      },
    });
    expect(stats.skippedRecords.map((s) => [s.index, s.listingKey])).toEqual([
      [6, 'WFR-BAD-PRICE'],
      [7, 'WFR-BAD-OPENHOUSE'],
      [8, null],
    ]);

    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT id, listing_code_id, slug_id, street_line1, city, price_in_pennies, price_currency_code, bedrooms,
              overview, photos, latitude, longitude, status, under_contract, sold, last_price_drop_in_pennies,
              to_char(last_price_drop_date, 'YYYY-MM-DD') AS last_price_drop_date, source
         FROM listings WHERE listing_key = 'WFR-1891001'`,
    );
    const row = rows[0]!;
    expect(row.listing_code_id).toBe(`HRT${row.id as number}`);
    expect(row).toMatchObject({
      slug_id: '8123-s-quail-hollow-dr-sandy-ut-84093',
      street_line1: '8123 S Quail Hollow Dr',
      city: 'Sandy',
      price_in_pennies: 72_500_000,
      price_currency_code: 'USD',
      bedrooms: 4,
      overview: 'Bright rambler on a quiet street. <b>Not bold</b> & never HTML.',
      latitude: 40.5912,
      longitude: -111.8402,
      status: 'Active',
      under_contract: false,
      sold: false,
      last_price_drop_in_pennies: 2_490_000,
      last_price_drop_date: '2026-10-20',
      source: 'file:property-sample.json',
    });
    expect(row.photos).toEqual([
      { photoUrl: 'https://photos.example/1891001/1.jpg', description: 'Front of the house' },
      { photoUrl: 'https://photos.example/1891001/2.jpg', description: 'Kitchen' },
    ]);
    expect(await countRows(`SELECT 1 FROM open_houses o JOIN listings l ON l.id = o.listing_id WHERE l.listing_key = 'WFR-1891001'`)).toBe(2);

    const pending = await db.query<{ under_contract: boolean }>(`SELECT under_contract FROM listings WHERE listing_key = 'WFR-1891002'`);
    expect(pending.rows[0]!.under_contract).toBe(true);

    const { rows: replication } = await db.query<{ last_modification_timestamp: Date; last_run_stats: { inserted: number } }>(
      `SELECT last_modification_timestamp, last_run_stats FROM reso_replication WHERE source = 'file:property-sample.json'`,
    );
    expect(new Date(replication[0]!.last_modification_timestamp).toISOString()).toBe('2026-10-26T12:00:00.000Z');
    expect(replication[0]!.last_run_stats.inserted).toBe(6);
  });

  it('writes status history for a new listing: listed, price drop, pending, closed with the sold price', async () => {
    await importFile(db, FIXTURE);
    const history = async (key: string) =>
      (
        await db.query<{ event: string; status: string; price_in_pennies: number; changed_at: Date }>(
          `SELECT h.event, h.status, h.price_in_pennies, h.changed_at FROM listing_status_history h
             JOIN listings l ON l.id = h.listing_id WHERE l.listing_key = $1 ORDER BY h.changed_at, h.id`,
          [key],
        )
      ).rows.map((r) => [r.event, r.status, r.price_in_pennies, new Date(r.changed_at).toISOString()]);
    expect(await history('WFR-1891001')).toEqual([
      ['listed', 'Active', 74_990_000, '2026-10-08T00:00:00.000Z'],
      ['price_change', 'Active', 72_500_000, '2026-10-20T16:00:00.000Z'],
    ]);
    expect(await history('WFR-1891002')).toEqual([
      ['listed', 'Active', 38_900_000, '2026-09-15T00:00:00.000Z'],
      ['status_change', 'Pending', 38_900_000, '2026-10-25T09:30:00.000Z'],
    ]);
    expect(await history('WFR-1891005')).toEqual([
      ['listed', 'Active', 59_900_000, '2026-08-20T00:00:00.000Z'],
      ['status_change', 'Closed', 58_500_000, '2026-09-30T00:00:00.000Z'],
    ]);
  });

  it('re-running the same file changes nothing', async () => {
    await importFile(db, FIXTURE);
    const snapshot = async () =>
      (await db.query(`SELECT * FROM listings WHERE listing_key IS NOT NULL ORDER BY id`)).rows.map((r) => JSON.stringify(r));
    const before = await snapshot();
    const historyBefore = await countRows('SELECT 1 FROM listing_status_history');
    const openHousesBefore = await countRows('SELECT 1 FROM open_houses');

    const again = await importFile(db, FIXTURE);
    expect([again.inserted, again.updated, again.unchanged, again.skipped]).toEqual([0, 0, 6, 3]);
    expect(await snapshot()).toEqual(before);
    expect(await countRows('SELECT 1 FROM listing_status_history')).toBe(historyBefore);
    expect(await countRows('SELECT 1 FROM open_houses')).toBe(openHousesBefore);

    const bulk = await importFile(db, FIXTURE, { bulk: true });
    expect([bulk.inserted, bulk.updated, bulk.unchanged]).toEqual([0, 0, 6]);
    expect(await snapshot()).toEqual(before);
  });

  it('updates a newer version, records the price drop and status change, replaces feed open houses', async () => {
    const [first] = sample();
    await importRecords(db, [first], { source: 'test' });
    const newer = {
      ...first,
      ListPrice: 699000,
      PreviousListPrice: undefined,
      PriceChangeTimestamp: undefined,
      StandardStatus: 'Pending',
      ModificationTimestamp: '2026-11-02T08:00:00Z',
      OpenHouse: [],
    };
    const stats = await importRecords(db, [newer], { source: 'test' });
    expect([stats.inserted, stats.updated, stats.unchanged]).toEqual([0, 1, 0]);

    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT price_in_pennies, status, under_contract, last_price_drop_in_pennies,
              to_char(last_price_drop_date, 'YYYY-MM-DD') AS last_price_drop_date
         FROM listings WHERE listing_key = 'WFR-1891001'`,
    );
    expect(rows[0]).toEqual({
      price_in_pennies: 69_900_000,
      status: 'Pending',
      under_contract: true,
      last_price_drop_in_pennies: 2_600_000,
      last_price_drop_date: '2026-11-02',
    });
    const events = await db.query<{ event: string; status: string; price_in_pennies: number; previous_price_in_pennies: number }>(
      `SELECT h.event, h.status, h.price_in_pennies, h.previous_price_in_pennies FROM listing_status_history h
         JOIN listings l ON l.id = h.listing_id WHERE l.listing_key = 'WFR-1891001' ORDER BY h.id`,
    );
    expect(events.rows.slice(2)).toEqual([
      { event: 'price_change', status: 'Pending', price_in_pennies: 69_900_000, previous_price_in_pennies: 72_500_000 },
      { event: 'status_change', status: 'Pending', price_in_pennies: 69_900_000, previous_price_in_pennies: 72_500_000 },
    ]);
    expect(await countRows(`SELECT 1 FROM open_houses WHERE source_key LIKE 'OH-1891001-%'`)).toBe(0);

    // An older version arriving late changes nothing.
    const stale = await importRecords(db, [{ ...first, ListPrice: 1 }], { source: 'test' });
    expect(stale.unchanged).toBe(1);
    const price = await db.query<{ price_in_pennies: number }>(`SELECT price_in_pennies FROM listings WHERE listing_key = 'WFR-1891001'`);
    expect(price.rows[0]!.price_in_pennies).toBe(69_900_000);
  });

  it('never half-writes a record the database refuses (the whole record rolls back)', async () => {
    const [first] = sample();
    // Valid to the schema, refused by the database: one open house key twice in one upsert.
    const clash = {
      ...first,
      ListingKey: 'WFR-CLASH',
      OpenHouse: [
        { OpenHouseKey: 'OH-DUP', OpenHouseStartTime: '2026-11-28T17:00:00Z', OpenHouseEndTime: '2026-11-28T18:00:00Z' },
        { OpenHouseKey: 'OH-DUP', OpenHouseStartTime: '2026-11-29T17:00:00Z', OpenHouseEndTime: '2026-11-29T18:00:00Z' },
      ],
    };
    for (const bulk of [false, true]) {
      const stats = await importRecords(db, [clash, { ...first, ListingKey: 'WFR-FINE' }], { source: 'test', bulk });
      expect([stats.inserted, stats.skipped]).toEqual([1, 1]);
      expect(stats.skippedRecords[0]).toMatchObject({ index: 0, listingKey: 'WFR-CLASH' });
      expect(stats.skippedRecords[0]!.reason).toMatch(/^database: /);
      expect(await countRows(`SELECT 1 FROM listings WHERE listing_key = 'WFR-CLASH'`)).toBe(0);
      expect(await countRows(`SELECT 1 FROM open_houses WHERE source_key = 'OH-DUP'`)).toBe(0);
      await db.exec(`DELETE FROM listings WHERE listing_key = 'WFR-FINE'`);
    }
    expect(await countRows(`SELECT 1 FROM listing_status_history h LEFT JOIN listings l ON l.id = h.listing_id WHERE l.id IS NULL`)).toBe(0);
  });

  it('honours the display flags: a hidden listing is stored hidden, a withheld address stays out of search', async () => {
    await importFile(db, FIXTURE);
    const { rows } = await db.query<{ listing_key: string; internet_entire_listing_display: boolean; internet_address_display: boolean }>(
      `SELECT listing_key, internet_entire_listing_display, internet_address_display FROM listings
        WHERE listing_key IN ('WFR-1891002', 'WFR-1891004') ORDER BY listing_key`,
    );
    expect(rows).toEqual([
      { listing_key: 'WFR-1891002', internet_entire_listing_display: true, internet_address_display: false },
      { listing_key: 'WFR-1891004', internet_entire_listing_display: false, internet_address_display: true },
    ]);
    // The withheld street is not searchable, the city is.
    expect(await countRows(`SELECT 1 FROM listings WHERE listing_key = 'WFR-1891002' AND search_vector @@ to_tsquery('simple', '350 & 200')`)).toBe(0);
    expect(await countRows(`SELECT 1 FROM listings WHERE listing_key = 'WFR-1891002' AND search_vector @@ to_tsquery('simple', 'salt & lake')`)).toBe(1);
  });
});

// ---- a small RESO Web API: OData paging, bearer token, $filter on ModificationTimestamp ---------------

interface FeedServer {
  url: string;
  records: Record<string, unknown>[];
  requests: URL[];
  close(): Promise<void>;
}

const TOKEN = 'test-token-123';
const PAGE_SIZE = 2;

async function startFeed(records: Record<string, unknown>[]): Promise<FeedServer> {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    const filter = url.searchParams.get('$filter') ?? '';
    const gt = /ModificationTimestamp gt (\S+)/.exec(filter)?.[1];
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const matching = feed.records
      .filter((r) => !gt || Date.parse(String(r.ModificationTimestamp)) > Date.parse(gt))
      .sort((a, b) => Date.parse(String(a.ModificationTimestamp)) - Date.parse(String(b.ModificationTimestamp)));
    const page = matching.slice(skip, skip + PAGE_SIZE);
    const body: Record<string, unknown> = { value: page };
    if (skip + PAGE_SIZE < matching.length) {
      const next = new URL(url);
      next.searchParams.set('$skip', String(skip + PAGE_SIZE));
      body['@odata.nextLink'] = `${next.pathname}${next.search}`;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const feed: FeedServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/odata/Property`,
    records,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return feed;
}

describe(`RESO Web API replication (${engineName()})`, () => {
  it('pages through @odata.nextLink with the bearer token, then fetches only newer records', async () => {
    const valid = sample().slice(0, 6);
    const feed = await startFeed(valid);
    try {
      const progress: number[] = [];
      const first = await replicateFromUrl(db, feed.url, {
        token: TOKEN,
        progressEvery: 2,
        onProgress: (s) => progress.push(s.processed),
      });
      expect([first.inserted, first.updated, first.unchanged, first.skipped]).toEqual([6, 0, 0, 0]);
      expect(progress).toEqual([2, 4, 6]);
      expect(feed.requests).toHaveLength(3);
      expect(feed.requests[0]!.searchParams.get('$orderby')).toBe('ModificationTimestamp asc');
      expect(feed.requests[0]!.searchParams.get('$expand')).toBe('Media,OpenHouse');
      expect(feed.requests[0]!.searchParams.get('$filter')).toBeNull();

      const { rows } = await db.query<{ last_modification_timestamp: Date }>(
        `SELECT last_modification_timestamp FROM reso_replication WHERE source = $1`,
        [feed.url],
      );
      expect(new Date(rows[0]!.last_modification_timestamp).toISOString()).toBe('2026-10-26T12:00:00.000Z');

      // The feed changes one listing and adds one; the second run asks only for what is newer.
      feed.requests.length = 0;
      feed.records[0] = { ...feed.records[0], ListPrice: 700000, ModificationTimestamp: '2026-11-03T10:00:00Z' };
      feed.records.push({ ...valid[2], ListingKey: 'WFR-1891099', ModificationTimestamp: '2026-11-04T10:00:00Z' });
      const second = await replicateFromUrl(db, feed.url, { token: TOKEN });
      expect([second.inserted, second.updated, second.unchanged, second.processed]).toEqual([1, 1, 0, 2]);
      expect(feed.requests).toHaveLength(1);
      expect(feed.requests[0]!.searchParams.get('$filter')).toBe('ModificationTimestamp gt 2026-10-26T12:00:00.000Z');

      const third = await replicateFromUrl(db, feed.url, { token: TOKEN });
      expect(third.processed).toBe(0);
      expect(feed.requests[1]!.searchParams.get('$filter')).toBe('ModificationTimestamp gt 2026-11-04T10:00:00.000Z');
    } finally {
      await feed.close();
    }
  });

  it('fails clearly on a wrong token and keeps the high-water mark where it was', async () => {
    const feed = await startFeed(sample().slice(0, 2));
    try {
      await expect(replicateFromUrl(db, feed.url, { token: 'wrong' })).rejects.toThrow(/HTTP 401/);
      const { rows } = await db.query<{ last_modification_timestamp: Date | null; last_run_stats: { error?: string } }>(
        `SELECT last_modification_timestamp, last_run_stats FROM reso_replication WHERE source = $1`,
        [feed.url],
      );
      expect(rows[0]!.last_modification_timestamp).toBeNull();
      expect(rows[0]!.last_run_stats.error).toMatch(/HTTP 401/);
      expect(await countRows('SELECT 1 FROM listings WHERE listing_key IS NOT NULL')).toBe(0);
    } finally {
      await feed.close();
    }
  });

  it('never sends the token to another origin named by @odata.nextLink', async () => {
    const seen: (string | undefined)[] = [];
    const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(String(input));
      seen.push((init?.headers as Record<string, string>).Authorization);
      const body = url.host === 'feed.example' ? { value: [], '@odata.nextLink': 'https://elsewhere.example/page2' } : { value: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    await replicateFromUrl(db, 'https://feed.example/odata/Property', { token: TOKEN, fetch: fakeFetch });
    expect(seen).toEqual([`Bearer ${TOKEN}`, undefined]);
  });
});
