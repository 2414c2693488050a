import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { insertListings } from '../search/test-listings';
import { ADDRESS_MATCHES_SQL, addressMatchParams, editDistance, invalidatePlaceIndex, matchTier, resolvePlace, searchPlaces } from './place-search';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await insertListings(db, [
    // Salt Lake City has three listings, South Salt Lake one: the city with more listings ranks first.
    { id: 1, city: 'Salt Lake City', postalCode: '84111', neighbourhood: 'Sugar House', latitude: 40.7, longitude: -111.9, streetLine1: '455 E 300 S' },
    { id: 2, city: 'Salt Lake City', postalCode: '84102', latitude: 40.8, longitude: -111.9 },
    { id: 3, city: 'Salt Lake City', postalCode: '84102', latitude: null, longitude: null },
    { id: 4, city: 'South Salt Lake', postalCode: '84115', latitude: 40.7, longitude: -111.88 },
    { id: 5, city: 'Sandy', postalCode: '84070', latitude: 40.57, longitude: -111.86 },
    { id: 6, city: 'Kathmandu', stateProvince: 'Bagmati', postalCode: '44600', countryCode: 'NP', latitude: 27.7, longitude: 85.32 },
    { id: 7, city: 'Toronto', stateProvince: 'ON', postalCode: 'M5V', countryCode: 'CA', latitude: 43.6, longitude: -79.4 },
    { id: 8, city: 'Hiddenville', hidden: true },
    { id: 9, city: 'Salt Lake City', streetLine1: '455 E Secret Way', addressHidden: true },
  ]);
  invalidatePlaceIndex(db);
});
afterAll(async () => {
  await db?.close();
});

describe('matching', () => {
  it('counts typos, swaps included', () => {
    expect(editDistance('sandy', 'sandy')).toBe(0);
    expect(editDistance('snady', 'sandy')).toBe(1);
    expect(editDistance('kathmndu', 'kathmandu')).toBe(1);
  });
  it('ranks exact over prefix over word prefix over typo', () => {
    expect(matchTier('sandy', 'sandy', ['sandy'])).toBe(4);
    expect(matchTier('salt', 'salt lake city', ['salt', 'lake', 'city'])).toBe(3);
    expect(matchTier('lake', 'salt lake city', ['salt', 'lake', 'city'])).toBe(2);
    expect(matchTier('slat lake', 'salt lake city', ['salt', 'lake', 'city'])).toBe(1);
    expect(matchTier('xyz', 'sandy', ['sandy'])).toBe(0);
  });
});

describe(`place search (${engineName()})`, () => {
  it('ranks prefix matches by listing count, with description, coordinates and kind', async () => {
    const places = await searchPlaces(db, 'salt');
    expect(places.map((p) => p.description).slice(0, 2)).toEqual(['Salt Lake City, UT, USA', 'South Salt Lake, UT, USA']);
    expect(places[0]!.kind).toBe('city');
    // The average position of the city's public listings that have coordinates.
    expect(places[0]!.lat).toBeCloseTo((40.7 + 40.8 + 40.76) / 3, 5);
    expect(places[0]!.lng).toBeCloseTo((-111.9 - 111.9 - 111.89) / 3, 5);
  });

  it('puts an exact name first', async () => {
    const places = await searchPlaces(db, 'Sandy');
    expect(places[0]!.description).toBe('Sandy, UT, USA');
  });

  it('tolerates typos', async () => {
    expect((await searchPlaces(db, 'Slat Lake'))[0]!.description).toBe('Salt Lake City, UT, USA');
    expect((await searchPlaces(db, 'kathmndu', ['np']))[0]!.description).toBe('Kathmandu, Bagmati, Nepal');
  });

  it('finds ZIPs, neighbourhoods and street addresses (not withheld ones)', async () => {
    const zips = await searchPlaces(db, '8410');
    expect(zips[0]).toMatchObject({ kind: 'zip', description: '84102, Salt Lake City, UT, USA' });
    expect((await searchPlaces(db, 'sugar'))[0]).toMatchObject({ kind: 'neighbourhood', description: 'Sugar House, Salt Lake City, UT, USA' });
    const addresses = await searchPlaces(db, '455 e');
    expect(addresses.map((p) => p.description)).toEqual(['455 E 300 S, Salt Lake City, UT, USA']);
    expect(addresses[0]).toMatchObject({ kind: 'address', lat: 40.7, lng: -111.9 });
  });

  it('is restricted to the countries asked (default US and NP) and never shows hidden listings', async () => {
    expect(await searchPlaces(db, 'toronto')).toEqual([]);
    expect((await searchPlaces(db, 'toronto', ['CA']))[0]!.description).toBe('Toronto, ON, CA');
    expect(await searchPlaces(db, 'kathmandu', ['US'])).toEqual([]);
    expect(await searchPlaces(db, 'hiddenville')).toEqual([]);
    await expect(searchPlaces(db, 'salt', ['USA'])).rejects.toThrow(/two-letter/);
  });

  it('gives 0 for missing coordinates', async () => {
    await insertListings(db, [{ id: 20, city: 'Nowhere Flats', latitude: null, longitude: null }]);
    invalidatePlaceIndex(db);
    expect((await searchPlaces(db, 'nowhere flats'))[0]).toMatchObject({ lat: 0, lng: 0 });
  });

  it('resolves free text to a search filter', async () => {
    expect(await resolvePlace(db, 'salt lake city')).toEqual({ kind: 'city', city: 'Salt Lake City', countryCode: 'US' });
    expect(await resolvePlace(db, 'qqqq')).toBeNull();
  });
});

describe(`street addresses at scale (${engineName()}, issue 33)`, () => {
  let big: Database;
  beforeAll(async () => {
    big = await openTestDatabase();
    // Enough streets that reading them all costs: 3,000 ("1 E 1 S" to "3000 E 30 S"), a third of them starting with "1".
    await insertListings(big, Array.from({ length: 3_000 }, (_, i) => ({ id: 1_000 + i, city: 'Salt Lake City', streetLine1: `${i + 1} E ${(i % 90) + 1} S` })));
    await big.query('ANALYZE listings');
  }, 120_000);
  afterAll(async () => {
    await big?.close();
  });

  it('reads a few rows of the street index in order, never the whole table, even for one digit', async () => {
    for (const prefix of ['1', '24', '3000 e']) {
      const { rows } = await big.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${ADDRESS_MATCHES_SQL}`, addressMatchParams(prefix, ['US'], 8));
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('listings_street_prefix_idx');
      expect(plan).not.toMatch(/Seq Scan|Sort/);
    }
  });

  it('matches the text as a prefix, its characters as they are', async () => {
    const addresses = (await searchPlaces(big, '1000 e', null, 20)).filter((p) => p.kind === 'address');
    expect(addresses.map((p) => p.description)).toEqual(['1000 E 10 S, Salt Lake City, UT, USA']);
    expect((await searchPlaces(big, '2999', null, 20)).filter((p) => p.kind === 'address')).toHaveLength(1);
    // LIKE's wildcards are letters here.
    expect((await searchPlaces(big, '1_0', null, 20)).filter((p) => p.kind === 'address')).toEqual([]);
    expect((await searchPlaces(big, '1%', null, 20)).filter((p) => p.kind === 'address')).toEqual([]);
  });
});
