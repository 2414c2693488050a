import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { daysFromToday, insertListings } from '../../listings/search/test-listings';
import { engineName, startTestServer } from '../../testing/test-server';
import { LISTING_FIELD_PROPERTIES } from './listing-fields';

let server: RunningServer;
/** The SQL of every page query (listingLoad's row_to_json) since the last reset. */
let pageQueries: string[] = [];
/** Every statement since the last reset. */
let statements: string[] = [];

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
// A page of 10: every field of a listing on a full page would pass the visitor's cost ceiling (transport/cost.ts).
const load = (selection: string, extra = '') =>
  `query listingLoad($geoInput: GeoInput) { listingLoad(geoInput: $geoInput, first: 10) { totalCount edges { node { ${selection} } } } ${extra} }`;

beforeAll(async () => {
  server = await startTestServer();
  await insertListings(server.db, [
    { id: 910, latitude: 40.779, longitude: -111.871, city: 'Salt Lake City', listDate: daysFromToday(-2), title: 'Avenues bungalow', overview: 'Porch and maples' },
    { id: 911, latitude: 40.779, longitude: -111.871, city: 'Salt Lake City', addressHidden: true, streetLine1: '7 Quiet Ln', listDate: null },
  ]);
  await server.db.query(
    `UPDATE listings SET photos = '[{"photoUrl":"/media/a.jpg","description":"Front"},{"photoUrl":"/media/b.jpg","description":"Back"}]',
       location_data = '{"schools":3}', hoa_fee_in_pennies = 5000, hoa_fee_frequency = 'Monthly', tenant_type = 'Family',
       food_included = false, garage_bays = 2, list_agent_name = 'Ana Ruiz', list_agent_phone = '8015550100',
       list_agent_email = 'ana@example.com', list_office_name = 'Summit Realty', list_office_phone = '8015550199',
       listing_system = 'UtahRealEstate.com', last_price_drop_date = DATE '2026-01-10', last_price_drop_in_pennies = 500000
     WHERE id = 910`,
  );
  // Two upcoming open houses (one virtual, times with milliseconds) and one over already.
  await server.db.query(
    `INSERT INTO open_houses (listing_id, start_at, end_at, is_active, is_virtual, virtual_url) VALUES
       (910, now() + interval '2 days 3.25 seconds', now() + interval '2 days 2 hours', true, false, null),
       (910, now() + interval '1 day', now() + interval '1 day 1 hour', true, true, 'https://meet.example/910'),
       (910, now() - interval '2 days', now() - interval '1 day', true, false, null)`,
  );
  const query = server.db.query.bind(server.db);
  server.db.query = (async (sql: string, params?: readonly unknown[]) => {
    if (sql.includes('row_to_json(page)')) pageQueries.push(sql);
    statements.push(sql);
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
        : f === 'openHouse' ? 'openHouse { id startDateTime endDateTime isActive isVirtual virtualUrl ical }'
        : f === 'priceHistory' ? 'priceHistory { event priceInPennies }'
        : f === 'listingBy' ? 'listingBy { brokerage { name phone } agent { name phone email } system }'
        : f === 'lastPriceUpdate' ? 'lastPriceUpdate { priceDropDate priceDropAmountInPennies }'
        : f,
      )
      .join(' ');
    pageQueries = [];
    statements = [];
    const page = await graphql('listingLoad', load(fields), { geoInput: VIEWPORT });
    expect(pageQueries).toHaveLength(1);
    expect(statements.filter((sql) => sql.includes('FROM open_houses'))).toEqual([pageQueries[0]]);
    expect(pageQueries[0]).not.toContain('l.amenities');
    const nodes = page.listingLoad.edges.map((e: { node: { id: string } }) => e.node);
    expect(nodes.map((n: { id: string }) => n.id).sort()).toEqual(['910', '911']);
    for (const node of nodes) {
      const full = await graphql('listingInfo', `query listingInfo($id: ID!) { listingInfo(listingId: $id) { ${fields} } }`, { id: node.id });
      expect(node).toEqual(full.listingInfo);
    }
    const bungalow = nodes.find((n: { id: string }) => n.id === '910');
    expect(bungalow).toMatchObject({
      photoUri: `${server.url}/media/a.jpg`,
      title: 'Avenues bungalow',
      hoaFee: 5000,
      newListing: true,
      listingBy: { brokerage: { name: 'Summit Realty' }, agent: { name: 'Ana Ruiz', email: 'ana@example.com' }, system: 'UtahRealEstate.com' },
      lastPriceUpdate: { priceDropAmountInPennies: 500000 },
    });
    expect(bungalow.photos).toHaveLength(2);
    // Read with the page (no statement of their own), soonest first, the one that is over left out.
    expect(bungalow.openHouse.map((o: { isVirtual: boolean }) => o.isVirtual)).toEqual([true, false]);
    expect(bungalow.openHouse[1].startDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
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

  it('reads every column when a field’s resolver needs several (currencies, similarHomes, showcase)', async () => {
    for (const field of ['currencies { code }', 'similarHomes { id }', 'showcase { featured }']) {
      pageQueries = [];
      const page = await graphql('listingLoad', load(`id ${field}`), { geoInput: VIEWPORT });
      expect(page.listingLoad.edges).toHaveLength(2);
      expect(pageQueries[0]).toContain('l.amenities');
    }
  });

  it('reads only the first photo for a card’s photoUri, every photo when photos are asked for too', async () => {
    pageQueries = [];
    const card = await graphql('listingLoad', load('id photoUri'), { geoInput: VIEWPORT });
    expect(pageQueries[0]).toContain('jsonb_path_query_array(l.photos');
    expect(card.listingLoad.edges.map((e: { node: { photoUri: string | null } }) => e.node.photoUri).sort()).toEqual([`${server.url}/media/a.jpg`, null]);
    pageQueries = [];
    const both = await graphql('listingLoad', load('id photoUri photos { photoUrl }'), { geoInput: VIEWPORT });
    expect(pageQueries[0]).not.toContain('jsonb_path_query_array');
    const bungalow = both.listingLoad.edges.find((e: { node: { id: string } }) => e.node.id === '910').node;
    expect(bungalow).toEqual({
      id: '910',
      photoUri: `${server.url}/media/a.jpg`,
      photos: [{ photoUrl: `${server.url}/media/a.jpg` }, { photoUrl: `${server.url}/media/b.jpg` }],
    });
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
