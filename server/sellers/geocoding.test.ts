import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { engineName, startTestServer } from '../testing/test-server';
import { googleGeocoder, homeOfGoogleResult, partnerMapsKey } from './geocoding';

/** A local double of Google's Geocoding API: answers by the key it is given, records every request. */
let google: Server;
let googleUrl: string;
const requests: URL[] = [];

const PROVO = {
  status: 'OK',
  results: [
    {
      types: ['street_address'],
      address_components: [
        { long_name: '1550', short_name: '1550', types: ['street_number'] },
        { long_name: 'North University Avenue', short_name: 'N University Ave', types: ['route'] },
        { long_name: 'Provo', short_name: 'Provo', types: ['locality', 'political'] },
        { long_name: 'Utah County', short_name: 'Utah County', types: ['administrative_area_level_2', 'political'] },
        { long_name: 'Utah', short_name: 'UT', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
        { long_name: '84604', short_name: '84604', types: ['postal_code'] },
      ],
    },
  ],
};

function answer(req: IncomingMessage): { status: number; body: unknown } {
  const url = new URL(req.url!, 'http://google.test');
  requests.push(url);
  if (url.pathname !== '/maps/api/geocode/json') return { status: 404, body: {} };
  switch (url.searchParams.get('key')) {
    case 'AIza-good-key-0001':
      return { status: 200, body: PROVO };
    case 'AIza-area-only-0002':
      return {
        status: 200,
        body: {
          status: 'OK',
          results: [
            { types: ['country'], address_components: [{ long_name: 'United States', short_name: 'US', types: ['country'] }] },
            { types: ['locality'], address_components: [
              { long_name: 'Park City', short_name: 'Park City', types: ['locality'] },
              { long_name: 'Summit County', short_name: 'Summit County', types: ['administrative_area_level_2'] },
              { long_name: 'Utah', short_name: 'UT', types: ['administrative_area_level_1'] },
            ] },
          ],
        },
      };
    case 'AIza-nothing-0003':
      return { status: 200, body: { status: 'ZERO_RESULTS', results: [] } };
    case 'AIza-denied-0004':
      return { status: 200, body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' } };
    default:
      return { status: 500, body: { error: 'down' } };
  }
}

let server: RunningServer;

beforeAll(async () => {
  google = createServer((req, res) => {
    const { status, body } = answer(req);
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}/maps/api/geocode/json`;
  process.env.HEARTH_GOOGLE_GEOCODING_URL = googleUrl;
  server = await startTestServer({ jobs: false });
  for (const [slug, key] of [
    ['geo-good', 'AIza-good-key-0001'],
    ['geo-area', 'AIza-area-only-0002'],
    ['geo-nothing', 'AIza-nothing-0003'],
    ['geo-denied', 'AIza-denied-0004'],
    ['geo-down', 'AIza-broken-0005'],
  ]) {
    await server.db.query(`INSERT INTO partners (slug, name, allowed_origins, domains, app_context) VALUES ($1, $1, '{}', '{}', $2::jsonb)`, [
      slug,
      JSON.stringify({ mapsKey: key }),
    ]);
  }
});

afterAll(async () => {
  delete process.env.HEARTH_GOOGLE_GEOCODING_URL;
  await server?.close();
  await new Promise((resolve) => google?.close(resolve));
});

const HOME_AT = `query Op($lat: Float!, $lng: Float!) { sellerHomeAt(lat: $lat, lng: $lng) { address city county short_state zip_code lat lng exact } }`;

async function homeAtAs(partner: string | null, lat: number, lng: number) {
  const response = await fetch(`${server.url}/public_graphql/?queryName=Op${partner ? `&partner=${partner}` : ''}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: HOME_AT, variables: { lat, lng } }),
  });
  const body = (await response.json()) as { data?: { sellerHomeAt: unknown }; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!.sellerHomeAt as Record<string, unknown> | null;
}

describe(`sellerHomeAt with the partner's Google key (${engineName()})`, () => {
  it('asks Google on the server with the partner’s key and answers its street address', async () => {
    requests.length = 0;
    const home = await homeAtAs('geo-good', 40.2561, -111.6492);
    expect(home).toEqual({ address: '1550 N University Ave', city: 'Provo', county: 'Utah', short_state: 'UT', zip_code: '84604', lat: 40.2561, lng: -111.6492, exact: true });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.searchParams.get('latlng')).toBe('40.2561,-111.6492');
    expect(requests[0]!.searchParams.get('key')).toBe('AIza-good-key-0001');
  });

  it('takes the first result that names a place, as an area when it has no street', async () => {
    expect(await homeAtAs('geo-area', 40.6461, -111.498)).toEqual({ address: '', city: 'Park City', county: 'Summit', short_state: 'UT', zip_code: '', lat: 40.6461, lng: -111.498, exact: false });
  });

  it('falls back to our own places when Google knows nothing, refuses the key or is down', async () => {
    // Next to a seeded Salt Lake City listing, our own data knows the area.
    for (const partner of ['geo-nothing', 'geo-denied', 'geo-down']) {
      const home = await homeAtAs(partner, 40.7411, -111.8512);
      expect(home, partner).toMatchObject({ city: 'Salt Lake City', short_state: 'UT' });
    }
  });

  it('never calls Google for a partner without a key', async () => {
    requests.length = 0;
    const home = await homeAtAs(null, 40.7411, -111.8512);
    expect(home).toMatchObject({ city: 'Salt Lake City', short_state: 'UT' });
    expect(requests).toHaveLength(0);
  });
});

describe('the Google provider', () => {
  it('reads a key only when it is well formed', () => {
    expect(partnerMapsKey({ appContext: { mapsKey: 'AIza-good-key-0001' } })).toBe('AIza-good-key-0001');
    for (const appContext of [{}, null, { mapsKey: '' }, { mapsKey: 'short' }, { mapsKey: 'has spaces in it' }, { mapsKey: 42 }, { mapsKey: 'k&x=1&key=evil' }]) {
      expect(partnerMapsKey({ appContext })).toBeNull();
    }
  });

  it('maps a result without a city or state to nothing, and throws on an HTTP failure', async () => {
    expect(homeOfGoogleResult({ address_components: [{ long_name: 'United States', short_name: 'US', types: ['country'] }] }, 1, 2)).toBeNull();
    expect(homeOfGoogleResult({}, 1, 2)).toBeNull();
    await expect(googleGeocoder('AIza-broken-0005', googleUrl).reverse(1, 2)).rejects.toThrow('HTTP 500');
    await expect(googleGeocoder('AIza-denied-0004', googleUrl).reverse(1, 2)).rejects.toThrow('REQUEST_DENIED: The provided API key is invalid.');
    expect(await googleGeocoder('AIza-nothing-0003', googleUrl).reverse(1, 2)).toBeNull();
  });
});
