import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { daysFromToday, insertListings } from '../listings/search/test-listings';
import { engineName, startTestServer } from '../testing/test-server';
import { LISTING_FIELD_PROPERTIES } from './listing-fields';

let server: RunningServer;
/** The SQL of every page query (listingLoad's row_to_json) since the last reset. */
let pageQueries: string[] = [];

async function graphql(name: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${server.url}/public_graphql/?queryName=${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** Salt Lake City's Avenues, where only this file's listings are. */
const VIEWPORT = { bounds: { north: 40.7791, south: 40.7789, east: -111.8709, west: -111.8711 } };
const load = (selection: string, extra = '') =>
  `query listingLoad($geoInput: GeoInput) { listingLoad(geoInput: $geoInput) { totalCount edges { node { ${selection} } } } ${extra} }`;

beforeAll(async () => {
  server = await startTestServer();
  await insertListings(server.db, [
    { id: 910, latitude: 40.779, longitude: -111.871, city: 'Salt Lake City', listDate: daysFromToday(-2), title: 'Avenues bungalow', overview: 'Porch and maples' },
    { id: 911, latitude: 40.779, longitude: -111.871, city: 'Salt Lake City', addressHidden: true, streetLine1: '7 Quiet Ln', listDate: null },
  ]);
  await server.db.query(
    `UPDATE listings SET photos = '[{"photoUrl":"/media/a.jpg","description":"Front"}]', location_data = '{"schools":3}',
       hoa_fee_in_pennies = 5000, hoa_fee_frequency = 'Monthly', tenant_type = 'Family', food_included = false, garage_bays = 2
     WHERE id = 910`,
  );
  const query = server.db.query.bind(server.db);
  server.db.query = (async (sql: string, params?: readonly unknown[]) => {
    if (sql.includes('row_to_json(page)')) pageQueries.push(sql);
    return query(sql, params);
  }) as typeof server.db.query;
});
afterAll(async () => {
  await server?.close();
});

describe(`listingLoad reads only the columns of the fields asked for (${engineName()})`, () => {
  it('answers every mapped field exactly as a full read (listingInfo) does', async () => {
    const fields = Object.keys(LISTING_FIELD_PROPERTIES)
      .filter((f) => f !== '__typename')
      .map((f) =>
        f === 'location' ? 'location { latitude longitude }'
        : f === 'address' ? 'address { streetLine1 city postalCode stateProvince }'
        : f === 'photos' ? 'photos { photoUrl description }'
        : f === 'openHouse' ? 'openHouse { id }'
        : f === 'priceHistory' ? 'priceHistory { event priceInPennies }'
        : f,
      )
      .join(' ');
    pageQueries = [];
    const page = await graphql('listingLoad', load(fields), { geoInput: VIEWPORT });
    expect(pageQueries).toHaveLength(1);
    expect(pageQueries[0]).not.toContain('l.list_agent_name');
    const nodes = page.listingLoad.edges.map((e: { node: { id: string } }) => e.node);
    expect(nodes.map((n: { id: string }) => n.id).sort()).toEqual(['910', '911']);
    for (const node of nodes) {
      const full = await graphql('listingInfo', `query listingInfo($id: ID!) { listingInfo(listingId: $id) { ${fields} } }`, { id: node.id });
      expect(node).toEqual(full.listingInfo);
    }
    const bungalow = nodes.find((n: { id: string }) => n.id === '910');
    expect(bungalow).toMatchObject({ photoUri: '/media/a.jpg', title: 'Avenues bungalow', hoaFee: 5000, newListing: true });
    expect(nodes.find((n: { id: string }) => n.id === '911').address.streetLine1).toBeNull();
  });

  it('reads a search card’s columns only, through fragments too, executed by graphql-js and compiled', async () => {
    const query = `query listingLoad($geoInput: GeoInput) { listingLoad(geoInput: $geoInput) {
      edges { node { id ...Card ... on Listing { bedrooms } } } } }
      fragment Card on Listing { priceInPennies address { city } }`;
    // The same document twice (other variables, so the response cache does not answer): the second
    // run is graphql-jit's (jit.ts), whose resolve info must show the same selection.
    for (const west of [VIEWPORT.bounds.west, VIEWPORT.bounds.west - 0.00001]) {
      pageQueries = [];
      const page = await graphql('listingLoad', query, { geoInput: { bounds: { ...VIEWPORT.bounds, west } } });
      expect(page.listingLoad.edges[0].node).toEqual({
        id: expect.any(String),
        priceInPennies: expect.any(Number),
        address: { city: 'Salt Lake City' },
        bedrooms: 3,
      });
      const columns = pageQueries[0]!;
      for (const read of ['l.price_in_pennies', 'l.city', 'l.bedrooms']) expect(columns).toContain(read);
      for (const skipped of ['l.overview', 'l.photos', 'l.location_data', 'l.bathrooms']) expect(columns).not.toContain(skipped);
    }
  });

  it('reads every column when a field’s resolver needs several (listingBy, currencies, similarHomes)', async () => {
    for (const field of ['listingBy { system }', 'currencies { code }', 'similarHomes { id }', 'showcase { featured }']) {
      pageQueries = [];
      const page = await graphql('listingLoad', load(`id ${field}`), { geoInput: VIEWPORT });
      expect(page.listingLoad.edges).toHaveLength(2);
      expect(pageQueries[0]).toContain('l.list_agent_name');
    }
  });

  it('reads only ids when no listing field is asked for', async () => {
    pageQueries = [];
    const page = await graphql(
      'listingLoad',
      'query listingLoad($geoInput: GeoInput) { listingLoad(geoInput: $geoInput) { totalCount pageInfo { endCursor } } }',
      { geoInput: VIEWPORT },
    );
    expect(page.listingLoad.totalCount).toBe(2);
    expect(pageQueries[0]).not.toContain('l.price_in_pennies');
  });
});
