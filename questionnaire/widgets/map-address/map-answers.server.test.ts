/**
 * The server validates the map widgets' answers with the same rules as the widgets: a crafted Next
 * cannot store an apt number without an apt type, a missing required component, a point off the Earth
 * or a half pin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../server/app';
import { engineName, startTestServer } from '../../../server/testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface GraphqlBody {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string; fields?: Record<string, Record<string, string>> } }[];
}

async function graphql(query: string, variables: Record<string, unknown>, authorization?: string): Promise<GraphqlBody> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' };
  if (authorization) headers.Authorization = authorization;
  const name = /(?:query|mutation)\s+(\w+)/.exec(query)![1];
  const response = await fetch(`${server.url}/public_graphql/?queryName=${name}`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as GraphqlBody;
}

const SCREEN = 'screenId markup context';
const START = `mutation start($xmlqId: String!) { questionnaireStartScreen(xmlqId: $xmlqId) { id pin screen { ${SCREEN} } } }`;
const NEXT = `mutation next($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { ${SCREEN} } }`;

const TEXT = { nickname: 'sam', bedrooms: '3', asking_price: '489000' };
const CHOICES = { has_hoa: 'Off', no_hoa: 'Yes', occupied_vacant: 'Yes', property_type: 'Condo' };
const PEOPLE = {
  first_name: 'ada', last_name: 'lovelace', birth_date: '', birth_date_na: 'Yes', phone: '8015550142', home_street: '1 Main St', home_city: 'Provo',
  home_usstate: 'UT', home_postal: '84601', map_widgets: 'Yes', no_map_widgets: 'Off',
};
const MAILING = {
  'mail_street-number': '50', mail_street: 'State St', mail_city: 'Salt Lake City', 'mail_postal-code': '84111', mail_county: 'Salt Lake',
  'mail_province-state': 'UT', mail_country: 'United States',
};
const VALID = { 'map_street_number': '1', map_street: 'Main St', map_city: 'Provo', 'map_postal-code': '84601', map_lat: '40.2338', map_lng: '-111.6585', ...MAILING };

async function atMapAddress() {
  const started = await graphql(START, { xmlqId: 'kitchen-sink' });
  const { id, pin } = started.data!.questionnaireStartScreen;
  const auth = `Questionnaire ${pin}`;
  let screenId = '';
  for (const data of [TEXT, CHOICES, PEOPLE]) {
    const body = await graphql(NEXT, { respId: id, data }, auth);
    expect(body.errors).toBeUndefined();
    screenId = body.data!.questionnaireNextScreen.screenId;
  }
  expect(screenId).toBe('map-address');
  return { id: id as string, auth };
}

describe(`map widget answers on the server (${engineName()})`, () => {
  it('refuses an apt number without an apt type, an unlisted apt type and a missing apt number', async () => {
    const { id, auth } = await atMapAddress();
    const noType = await graphql(NEXT, { respId: id, data: { ...VALID, 'map_apt-number': '4' } }, auth);
    expect(noType.errors?.[0]?.extensions?.fields).toEqual({ 'home-map': { aptNumber: 'apt-number' } });
    const unlisted = await graphql(NEXT, { respId: id, data: { ...VALID, map_apt_type: 'Penthouse', 'map_apt-number': '4' } }, auth);
    expect(unlisted.errors?.[0]?.extensions?.fields).toEqual({ 'home-map': { listedValue: 'apt-type' } });
    const noNumber = await graphql(NEXT, { respId: id, data: { ...VALID, 'map_apt-type': 'Suite' } }, auth);
    expect(noNumber.errors?.[0]?.extensions?.fields).toEqual({ 'home-map': { required: 'apt-number' } });
  });

  it('refuses missing required components (required-comps; everything in the second variant) and a point off the Earth', async () => {
    const { id, auth } = await atMapAddress();
    const missing = await graphql(NEXT, { respId: id, data: { ...VALID, map_city: '', mail_county: '' } }, auth);
    expect(missing.errors?.[0]?.extensions?.fields).toEqual({ 'home-map': { required: 'city' }, 'mailing-map': { required: 'county' } });
    const off = await graphql(NEXT, { respId: id, data: { ...VALID, map_lat: '95', map_lng: '10' } }, auth);
    expect(off.errors?.[0]?.extensions?.fields).toEqual({ 'home-map': { mapPoint: 'lat,lng' } });
    const half = await graphql(NEXT, { respId: id, data: { ...VALID, map_lat: '', map_lng: '-111.6' } }, auth);
    expect(half.errors?.[0]?.extensions?.fields).toEqual({ 'home-map': { mapPoint: 'lat,lng' } });
    const unknown = await graphql(NEXT, { respId: id, data: { ...VALID, map_lattitude: '1' } }, auth);
    expect(unknown.errors?.[0]?.message).toBe('Unknown answers for this screen: map_lattitude.');
  });

  it('stores both spellings, then refuses a half or impossible pin, then accepts a real one', async () => {
    const { id, auth } = await atMapAddress();
    const ok = await graphql(NEXT, { respId: id, data: VALID }, auth);
    expect(ok.errors).toBeUndefined();
    const screen = ok.data!.questionnaireNextScreen;
    expect(screen.screenId).toBe('map-pin');
    expect(screen.context).toMatchObject({
      'map_street-number': '1', map_street_number: '1', 'map_street-address': '1 Main St', map_street_address: '1 Main St', map_postal_code: '84601',
      map_zip_code: '84601', map_lat: '40.2338', 'mail_short-country': 'USA', mail_full_country: 'United States',
    });
    expect(screen.markup).toContain('<hu-map-pin');

    const half = await graphql(NEXT, { respId: id, data: { pin_lat: '40.7' } }, auth);
    expect(half.errors?.[0]?.extensions?.fields).toEqual({ pin: { mapPoint: 'pin_lat,pin_lng' } });
    const none = await graphql(NEXT, { respId: id, data: {} }, auth);
    expect(none.errors?.[0]?.extensions?.fields).toEqual({ pin: { required: 'pin_lat,pin_lng' } });
    const wild = await graphql(NEXT, { respId: id, data: { pin_lat: '40.7', pin_lng: '-200' } }, auth);
    expect(wild.errors?.[0]?.extensions?.fields).toEqual({ pin: { mapPoint: 'pin_lat,pin_lng' } });
    const pinned = await graphql(NEXT, { respId: id, data: { pin_lat: '40.7608', pin_lng: '-111.891' } }, auth);
    expect(pinned.errors).toBeUndefined();
    expect(pinned.data!.questionnaireNextScreen.screenId).toBe('finish');
    expect(pinned.data!.questionnaireNextScreen.context).toMatchObject({ pin_lat: '40.7608', pin_lng: '-111.891' });
  });
});
