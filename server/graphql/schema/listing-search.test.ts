import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { daysFromToday, insertListings } from '../../listings/search/test-listings';
import { refreshMarketMetrics } from '../../listings/metrics/refresh';
import { flushVisits } from '../../listings/search/visits';
import { engineName, startTestServer } from '../../testing/test-server';

let server: RunningServer;

interface GraphqlBody {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Names the operation after its first field, as clients must (spec §7 queryName). */
async function graphql(text: string, variables?: Record<string, unknown>) {
  const name = /(\w+)\s*[({]/.exec(text.replace(/^query\s*(\([^)]*\))?\s*\{/, ''))![1]!;
  const query = text.startsWith('{') ? `query ${name} ${text}` : text.replace(/^query\s*/, `query ${name}`);
  const response = await fetch(`${server.url}/public_graphql/?queryName=${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphqlBody };
}

/** Ogden, where only this file's listings are. */
const AT = { latitude: 41.22, longitude: -111.97 };
const VIEWPORT = { bounds: { north: 41.23, south: 41.21, east: -111.96, west: -111.98 } };

beforeAll(async () => {
  server = await startTestServer();
  await insertListings(server.db, [
    { id: 500, ...AT, city: 'Ogden', priceInPennies: 40_000_000, listDate: daysFromToday(-1), title: 'Ogden bungalow' },
    { id: 501, ...AT, city: 'Ogden', priceInPennies: 42_000_000 },
    { id: 502, ...AT, city: 'Ogden', hidden: true },
    { id: 503, ...AT, city: 'Ogden', addressHidden: true, streetLine1: '9 Private Rd' },
    { id: 504, ...AT, city: 'Ogden', classification: 'stay', title: 'Cabin by the river', overview: 'A log cabin by the river', priceInPennies: 15_000 },
  ]);
  await server.db.query(
    `UPDATE listings SET list_agent_name = 'Avery Stone', list_office_name = 'Acme Realty', listing_system = 'WFRMLS',
       amenities = '[{"id":"garage","label":"Garage","url":null}]', currencies = '[{"code":"NPR","value":5400000000,"name":"Nepalese Rupee"}]',
       last_price_drop_date = '2024-05-01', last_price_drop_in_pennies = 1000000, featured = true,
       building_data = '{"roof":"tile"}'
     WHERE id = 500`,
  );
  await server.db.query(
    `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at)
     VALUES (500, 'listed', 'Active', 41000000, now() - interval '3 days'),
            (500, 'price_change', 'Active', 40000000, now() - interval '1 day')`,
  );
  await server.db.query(
    `INSERT INTO open_houses (listing_id, start_at, end_at) VALUES (500, now() + interval '1 day', now() + interval '1 day 2 hours')`,
  );
  // The stay is open on the 10th to 14th of next month (check-in any of those days, out by the 15th).
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const ym = next.toISOString().slice(0, 8);
  for (let d = 10; d <= 15; d++) {
    await server.db.query(
      `INSERT INTO stay_availability (listing_id, calendar_date, available, available_for_checkin, available_for_checkout, min_nights, max_nights)
       VALUES (504, $1, $2, $2, true, 2, 7)`,
      [`${ym}${d}`, d < 15],
    );
  }
});
afterAll(async () => {
  await server?.close();
});

const FULL_LISTING = `
  id listingCodeId slugId orgCodeId mlsNumber location { latitude longitude }
  address { streetLine1 city postalCode stateProvince } area bedrooms bathrooms priceInPennies priceCurrencyCode
  photoUri photos { photoUrl description } favoriteCount isFavorite newListing classification yearBuilt garageBays
  hoaFee hoaFeeFrequencyType lotSize propertyType overview daysOnHearth enableRequestTour enableOffer underContract
  sold title priceLabel locationData buildingData videoSource visitCount tenantType tenantGenderPreference
  preferredTenant roomType foodIncluded lastPriceUpdate { priceDropDate priceDropAmountInPennies }
  listingBy { brokerage { name } agent { name } system } similarHomes { id }
  showcase { overview overrideListingOverview videoUrl featured } openHouse { id startDateTime isActive }
  amenities { id label url } currencies { code value name } relatedPosts { slug } priceHistory { event priceInPennies }`;

const LOAD = `query ($first: Int, $last: Int, $after: String, $before: String, $geoInput: GeoInput, $searchInput: SearchInput,
                     $orderBy: ListingOrder, $searchType: ListingClassification, $address: String, $search: String) {
  listingLoad(first: $first, last: $last, after: $after, before: $before, geoInput: $geoInput, searchInput: $searchInput,
              orderBy: $orderBy, searchType: $searchType, address: $address, search: $search) {
    totalCount totalCountCapped
    edges { cursor node { id address { streetLine1 } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    pageCursors { first { page } around { cursor page isCurrent } last { page } previous { page } }
  }
}`;

const expectBadInput = (body: GraphqlBody, message: RegExp) => {
  expect(body.errors?.[0]?.message).toMatch(message);
  expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
};

describe(`listingInfo and the Listing type (${engineName()})`, () => {
  it('returns every field of spec §3', async () => {
    const { status, body } = await graphql(`query ($id: ID!) { listingInfo(listingId: $id) { ${FULL_LISTING} } }`, { id: '500' });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const l = body.data!.listingInfo;
    expect(l).toMatchObject({
      id: '500',
      location: AT,
      address: { city: 'Ogden', stateProvince: 'UT' },
      priceInPennies: 40_000_000,
      isFavorite: false,
      newListing: true,
      classification: 'SALE',
      daysOnHearth: 1,
      title: 'Ogden bungalow',
      buildingData: { roof: 'tile' },
      lastPriceUpdate: { priceDropDate: '2024-05-01', priceDropAmountInPennies: 1_000_000 },
      listingBy: { brokerage: { name: 'Acme Realty' }, agent: { name: 'Avery Stone' }, system: 'WFRMLS' },
      showcase: { featured: true, overrideListingOverview: false },
      amenities: [{ id: 'garage', label: 'Garage', url: null }],
      currencies: [{ code: 'NPR', value: 5_400_000_000, name: 'Nepalese Rupee' }],
      // The newest seed posts on buying, mortgages or the market (server/content/seed-posts.ts) for a listing for sale.
      relatedPosts: [{ slug: 'first-home-buying-checklist' }, { slug: 'how-much-house-can-you-afford' }, { slug: 'pre-qualification-vs-pre-approval' }],
      priceHistory: [
        { event: 'price_change', priceInPennies: 40_000_000 },
        { event: 'listed', priceInPennies: 41_000_000 },
      ],
    });
    expect(l.openHouse).toHaveLength(1);
    // 501 and 503 are similar (same type, close, price within 25 %); the hidden 502 never is.
    expect(l.similarHomes.map((h: { id: string }) => h.id).sort()).toEqual(['501', '503']);
  });

  it('is null for a hidden listing and withholds an address the listing may not show', async () => {
    const hidden = await graphql(`{ listingInfo(listingId: 502) { id } }`);
    expect(hidden.body).toEqual({ data: { listingInfo: null } });
    const withheld = await graphql(`{ listingInfo(listingId: 503) { address { streetLine1 city } } }`);
    expect(withheld.body.data!.listingInfo.address).toEqual({ streetLine1: null, city: 'Ogden' });
  });

  it('finds a listing by slug and code', async () => {
    const { body } = await graphql(`{ listingBySlug(slugId: "listing-500", listingCodeId: "T500") { id } }`);
    expect(body.data!.listingBySlug).toEqual({ id: '500' });
    const wrongSlug = await graphql(`{ listingBySlug(slugId: "listing-501", listingCodeId: "T500") { id } }`);
    expect(wrongSlug.body.data!.listingBySlug).toBeNull();
  });

  it('counts visits without waiting for the write', async () => {
    const before = (await graphql(`{ listingInfo(listingId: 501) { visitCount } }`)).body.data!.listingInfo.visitCount;
    await graphql(`{ listingInfo(listingId: 501) { id } }`);
    await graphql(`{ listingInfo(listingId: 501) { id } }`);
    await flushVisits(server.db);
    const after = (await graphql(`{ listingInfo(listingId: 501) { visitCount } }`)).body.data!.listingInfo.visitCount;
    expect(after).toBe(before + 3);
  });

  it('gives a feed of featured listings', async () => {
    const { body } = await graphql(`{ listingFeed(feedInput: { kind: FEATURED, limit: 5 }) { id } }`);
    expect(body.data!.listingFeed).toEqual([{ id: '500' }]);
    const tooMany = await graphql(`{ listingFeed(feedInput: { kind: NEWEST, limit: 500 }) { id } }`);
    expectBadInput(tooMany.body, /limit/);
  });
});

describe(`listingLoad over HTTP (${engineName()})`, () => {
  it('pages a viewport both ways and never returns hidden listings', async () => {
    const first = await graphql(LOAD, { geoInput: VIEWPORT, first: 2, orderBy: 'PRICE_ASC' });
    expect(first.body.errors).toBeUndefined();
    const load = first.body.data!.listingLoad;
    expect(load.totalCount).toBe(4);
    expect(load.edges.map((e: any) => e.node.id)).toEqual(['504', '500']);
    expect(load.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(load.pageCursors.around.map((c: any) => [c.page, c.isCurrent])).toEqual([
      [1, true],
      [2, false],
    ]);
    const second = await graphql(LOAD, { geoInput: VIEWPORT, first: 2, orderBy: 'PRICE_ASC', after: load.pageInfo.endCursor });
    expect(second.body.data!.listingLoad.edges.map((e: any) => e.node.id)).toEqual(['501', '503']);
    expect(second.body.data!.listingLoad.edges[1].node.address.streetLine1).toBeNull();
    expect(second.body.data!.listingLoad.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = await graphql(LOAD, {
      geoInput: VIEWPORT,
      last: 2,
      orderBy: 'PRICE_ASC',
      before: second.body.data!.listingLoad.pageInfo.startCursor,
    });
    expect(back.body.data!.listingLoad.edges.map((e: any) => e.node.id)).toEqual(['504', '500']);
  });

  it('filters by searchType and searchInput', async () => {
    const stays = await graphql(LOAD, { geoInput: VIEWPORT, searchType: 'STAY' });
    expect(stays.body.data!.listingLoad.edges.map((e: any) => e.node.id)).toEqual(['504']);
    const cheap = await graphql(LOAD, { geoInput: VIEWPORT, searchInput: { maxPriceInPennies: 41_000_000, classification: 'SALE' } });
    expect(cheap.body.data!.listingLoad.edges.map((e: any) => e.node.id).sort()).toEqual(['500']);
  });

  it('resolves address and search text through place search', async () => {
    const ogden = await graphql(LOAD, { address: 'ogden' });
    expect(ogden.body.data!.listingLoad.totalCount).toBe(4);
    const nowhere = await graphql(LOAD, { address: 'zzzzqqq' });
    expect(nowhere.body.data!.listingLoad.totalCount).toBe(0);
    // Not a place: keywords.
    const words = await graphql(LOAD, { search: 'river cabin' });
    expect(words.body.data!.listingLoad.edges.map((e: any) => e.node.id)).toEqual(['504']);
  });

  it('answers bad input with BAD_USER_INPUT, never a 500', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ geoInput: { bounds: { north: 41, south: 42, east: -111, west: -112 } } }, /inverted/],
      [{ geoInput: { bounds: { north: 42, south: 41, east: -179, west: 179 } } }, /antimeridian/],
      [{ first: 101 }, /first must be a whole number from 0 to 100/],
      [{ searchInput: { minPriceInPennies: 1e300 } }, /minPriceInPennies/],
      [{ geoInput: { polygon: Array.from({ length: 201 }, (_, i) => ({ latitude: 41 + i / 1e4, longitude: -112 })) } }, /polygon/],
      [{ geoInput: { center: AT, radiusMeters: 1e9 } }, /radiusMeters/],
      [{ after: 'garbage' }, /not a cursor/],
    ];
    for (const [variables, message] of cases) {
      const { status, body } = await graphql(LOAD, variables);
      expect(status).toBe(200);
      expectBadInput(body, message);
    }
  });

  it('rejects an unknown enum value as a GraphQL error, not a 500', async () => {
    const { status, body } = await graphql(LOAD, { orderBy: 'CHEAPEST' });
    expect(status).toBeLessThan(500);
    expect(body.errors?.[0]?.message).toMatch(/CHEAPEST/);
    const inline = await graphql(`{ listingLoad(orderBy: CHEAPEST) { totalCount } }`);
    expect(inline.status).toBeLessThan(500);
    expect(inline.body.errors?.[0]?.message).toMatch(/CHEAPEST/);
  });
});

describe(`listingsInfo, stays, places and market over HTTP (${engineName()})`, () => {
  it('returns packed pins for a small viewport', async () => {
    const { body } = await graphql(`query ($g: GeoInput!) { listingsInfo(geoInput: $g) {
      totalCount mode pins { ids latitudes longitudes pricesInPennies } clusters { count } } }`, { g: VIEWPORT });
    expect(body.data!.listingsInfo).toEqual({
      totalCount: 4,
      mode: 'PINS',
      pins: {
        ids: ['500', '501', '503', '504'],
        latitudes: [41.22, 41.22, 41.22, 41.22],
        longitudes: [-111.97, -111.97, -111.97, -111.97],
        pricesInPennies: [40_000_000, 42_000_000, 50_000_000, 15_000],
      },
      clusters: [],
    });
  });

  it("with the search's place draws only its listings: what the map counts in view is what the list counts", async () => {
    // A home of another town in the same view.
    await insertListings(server.db, [{ id: 520, ...AT, city: 'Roy' }]);
    try {
      const INFO = `query ($g: GeoInput!, $a: String) { listingsInfo(geoInput: $g, address: $a) { totalCount pins { ids } } }`;
      const LIST = `query ($g: GeoInput, $a: String) { listingLoad(geoInput: $g, address: $a) { totalCount } }`;
      const everything = await graphql(INFO, { g: VIEWPORT });
      expect(everything.body.data!.listingsInfo.pins.ids).toContain('520');
      const ogden = await graphql(INFO, { g: VIEWPORT, a: 'ogden' });
      const listed = await graphql(LIST, { a: 'ogden' });
      expect(ogden.body.data!.listingsInfo.pins.ids).not.toContain('520');
      expect(ogden.body.data!.listingsInfo.totalCount).toBe(listed.body.data!.listingLoad.totalCount);
      expect(ogden.body.data!.listingsInfo.totalCount).toBe(everything.body.data!.listingsInfo.totalCount - 1);
    } finally {
      await server.db.query('DELETE FROM listings WHERE id = 520');
    }
  });

  it('finds stays bookable for given dates', async () => {
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const ym = next.toISOString().slice(0, 8);
    // In Ogden: the seed's demo stay (server/stays/seed.ts) is elsewhere.
    const query = `query ($s: StayInput, $g: GeoInput) { stayLoad(stayInput: $s, geoInput: $g) { totalCount edges { node { id classification } } } }`;
    const ok = await graphql(query, { s: { checkIn: `${ym}10`, checkOut: `${ym}13` }, g: VIEWPORT });
    expect(ok.body.data!.stayLoad.edges).toEqual([{ node: { id: '504', classification: 'STAY' } }]);
    const tooShort = await graphql(query, { s: { checkIn: `${ym}10`, checkOut: `${ym}11` }, g: VIEWPORT });
    expect(tooShort.body.data!.stayLoad.totalCount).toBe(0);
    const closed = await graphql(query, { s: { checkIn: `${ym}13`, checkOut: `${ym}16` }, g: VIEWPORT });
    expect(closed.body.data!.stayLoad.totalCount).toBe(0);
    const bad = await graphql(query, { s: { checkIn: `${ym}13`, checkOut: `${ym}01` }, g: VIEWPORT });
    expectBadInput(bad.body, /checkOut/);

    const calendar = await graphql(
      `{ availabilityCalendar(listingId: 504, count: 2, month: ${next.getUTCMonth() + 1}, year: ${next.getUTCFullYear()}) {
        name month year days { dayOfWeek available availableForCheckin availableForCheckout calendarDate maxNights minNights } } }`,
    );
    const months = calendar.body.data!.availabilityCalendar;
    expect(months).toHaveLength(2);
    expect(months[0].name).toBe('Cabin by the river');
    const tenth = months[0].days[9];
    expect(tenth).toEqual({
      dayOfWeek: new Date(`${ym}10T00:00:00Z`).getUTCDay(),
      available: true,
      availableForCheckin: true,
      availableForCheckout: true,
      calendarDate: `${ym}10`,
      maxNights: 7,
      minNights: 2,
    });
    expect(months[0].days[0].available).toBe(false);
    const tooMany = await graphql(`{ availabilityCalendar(listingId: 504, count: 40, month: 1, year: 2025) { month } }`);
    expectBadInput(tooMany.body, /count/);
  });

  it('searches places with the partner’s countries', async () => {
    const { body } = await graphql(`{ placeSearch(query: "ogdn") { description lat lng kind placeId } }`);
    expect(body.data!.placeSearch[0]).toMatchObject({ description: 'Ogden, UT, USA', kind: 'CITY', lat: 41.22, lng: -111.97 });
    const bad = await graphql(`{ placeSearch(query: "ogden", countries: ["United States"]) { description } }`);
    expectBadInput(bad.body, /two-letter/);
  });

  it('serves market metrics and sentences', async () => {
    // Metrics are read from the monthly table the refresh job fills (after imports, and hourly); a month is shown
    // once it is over, so the refresh runs as of next month, when this month's listing counts are whole.
    const nextMonth = new Date();
    nextMonth.setUTCDate(1);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    await refreshMarketMetrics(server.db, nextMonth);
    const { body } = await graphql(`{ marketMetrics(regionName: "Ogden", sectionType: NEW_LISTINGS) {
      label housingMarketSectionType propertyType aggregateData { date id value yoy } } }`);
    const [metric] = body.data!.marketMetrics;
    expect(metric.housingMarketSectionType).toBe('NEW_LISTINGS');
    expect(metric.aggregateData.at(-1).value).toBe(1);
    const sentences = await graphql(`{ housingSentences(regionName: "Ogden") }`);
    expect(sentences.body.data!.housingSentences).toContain('Median list price in Ogden was $4,000.00.'.replace('$4,000.00', '$400,000'));
  });
});
