import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { insertListings } from '../listings/search/test-listings';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;

/** Provo, where only this file's listings are. */
const AT = { latitude: 40.23, longitude: -111.66, city: 'Provo' };
const VIEWPORT = { bounds: { north: 40.24, south: 40.22, east: -111.65, west: -111.67 } };

async function search(searchInput: Record<string, unknown>) {
  const response = await fetch(`${server.url}/public_graphql/?queryName=listingLoad`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: `query listingLoad($geoInput: GeoInput, $searchInput: SearchInput) {
        listingLoad(first: 50, geoInput: $geoInput, searchInput: $searchInput) { totalCount edges { node { id } } }
      }`,
      variables: { geoInput: VIEWPORT, searchInput },
    }),
  });
  const body = (await response.json()) as { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  return body;
}

const ids = (body: Awaited<ReturnType<typeof search>>) => (body.data.listingLoad.edges as { node: { id: string } }[]).map((e) => Number(e.node.id)).sort();

beforeAll(async () => {
  server = await startTestServer();
  await insertListings(server.db, [
    { id: 8801, ...AT, classification: 'rent' },
    { id: 8802, ...AT, classification: 'rent' },
    { id: 8803, ...AT, classification: 'rent' },
    { id: 8804, ...AT, classification: 'sale' },
  ]);
  const rental = `UPDATE listings SET tenant_type = $2, tenant_gender_preference = $3, preferred_tenant = $4, room_type = $5, food_included = $6 WHERE id = $1`;
  await server.db.query(rental, [8801, 'Family', 'Any', 'Family', 'Entire flat', true]);
  await server.db.query(rental, [8802, 'Individual', 'Female only', 'Students', 'Single room', false]);
  await server.db.query(rental, [8803, 'Individual', 'Any', 'Working professionals', 'Shared room', null]);
});
afterAll(async () => {
  await server?.close();
});

describe(`rental filters of listingLoad (${engineName()})`, () => {
  it('match each rental field, in any case, together with the rental classification', async () => {
    expect(ids(await search({ classification: 'RENT' }))).toEqual([8801, 8802, 8803]);
    expect(ids(await search({ classification: 'RENT', tenantType: 'individual' }))).toEqual([8802, 8803]);
    expect(ids(await search({ classification: 'RENT', tenantGenderPreference: 'Female only' }))).toEqual([8802]);
    expect(ids(await search({ classification: 'RENT', preferredTenant: 'Working professionals' }))).toEqual([8803]);
    expect(ids(await search({ classification: 'RENT', roomType: 'ENTIRE FLAT' }))).toEqual([8801]);
    expect(ids(await search({ classification: 'RENT', tenantType: 'Individual', tenantGenderPreference: 'Any' }))).toEqual([8803]);
  });

  it('foodIncluded true and false match only listings that say so', async () => {
    expect(ids(await search({ foodIncluded: true }))).toEqual([8801]);
    expect(ids(await search({ foodIncluded: false }))).toEqual([8802]);
  });

  it('an empty value is no filter; a value nobody has matches nothing', async () => {
    expect(ids(await search({ classification: 'RENT', tenantType: '  ' }))).toEqual([8801, 8802, 8803]);
    expect((await search({ classification: 'RENT', roomType: "x' OR '1'='1" })).data.listingLoad.totalCount).toBe(0);
  });

  it('refuses overlong values, naming the argument', async () => {
    const body = await search({ tenantType: 'x'.repeat(101) });
    expect(body.errors?.[0]).toMatchObject({
      message: 'searchInput.tenantType must be text of at most 100 characters.',
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'searchInput.tenantType' },
    });
  });
});
