/** /renting, /rent and /stays (spec §2; issue 18): the search in rental classification, and the stays as cards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { siteTexts } from '../../core/i18n/site';
import { addDays, todayIn } from '../../core/stays/stay-rules';
import { insertDemoListing } from '../seed/demo-listing';
import { DEMO_RENTALS, DEMO_STAY_ID, demoStayDay } from '../stays/seed';
import { startTestServer } from '../testing/test-server';
import { testListing } from '../testing/test-listing';
import { staySearchAsked } from './rental-pages';

const st = siteTexts.stays;
/** A Nepal stay priced in rupees (as the seeded market has): never among the partner's own country's stays. */
const NEPAL_STAY_ID = 1399;

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
  await insertDemoListing(
    server.db,
    testListing(NEPAL_STAY_ID, {
      slugId: 'baneshwor-stay-kathmandu',
      streetLine1: 'Baneshwor Marg',
      city: 'Kathmandu',
      stateProvince: 'Bagmati',
      postalCode: '44600',
      priceInPennies: 450_000,
      priceCurrencyCode: 'NPR',
      latitude: 27.69,
      longitude: 85.34,
      bedrooms: 3,
      bathrooms: 2,
      areaSqFt: 1200,
      propertySubType: 'Single Family Residence',
      title: 'Stay in Baneshwor',
      listedDaysAgo: 1,
      more: { classification: 'stay', country_code: 'NP', price_label: '/night', max_guests: 6, time_zone: 'Asia/Kathmandu' },
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

const page = async (path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
  expect(response.status, path).toBe(200);
  return response.text();
};

describe('rental pages', () => {
  it('/renting and /rent are the search map in rental classification, with List My Home For Rent', async () => {
    for (const path of ['/renting', '/rent']) {
      const html = await page(path);
      expect(html).toContain('<hearth-search-map for="rent" url-sync></hearth-search-map>');
      expect(html).toContain('List My Home For Rent');
    }
  });

  it('/stays lists the public stays as cards with their nightly price, readable without JavaScript', async () => {
    const stay = DEMO_RENTALS.find((l) => l.id === DEMO_STAY_ID)!;
    const html = await page('/stays');
    expect(html).toContain(`<hearth-listing-card listing-id="${DEMO_STAY_ID}">`);
    expect(html).toContain('$145/night');
    expect(html).toContain(stay.street);
    // Rentals and homes for sale are not stays.
    expect(html).not.toContain('listing-id="1302"');
    expect(html).not.toContain('listing-id="1001"');
  });

  it('/stays keeps to the partner’s country: no Nepal stay in rupees among Utah’s; a Nepal place finds it', async () => {
    const html = await page('/stays');
    expect(html).toContain(`listing-id="${DEMO_STAY_ID}"`);
    expect(html).not.toContain(`listing-id="${NEPAL_STAY_ID}"`);
    expect(html).not.toContain('NPR');
    const kathmandu = await page('/stays?where=Kathmandu');
    expect(kathmandu).toContain(`listing-id="${NEPAL_STAY_ID}"`);
    expect(kathmandu).not.toContain(`listing-id="${DEMO_STAY_ID}"`);
    // The API's stay search answers the same.
    const answer = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ stayLoad(first: 50) { edges { node { id priceCurrencyCode } } } }' }),
    });
    const ids = ((await answer.json()) as { data: { stayLoad: { edges: { node: { id: string } }[] } } }).data.stayLoad.edges.map((e) => e.node.id);
    expect(ids).toContain(String(DEMO_STAY_ID));
    expect(ids).not.toContain(String(NEPAL_STAY_ID));
  });

  it('/stays with dates and guests: only stays bookable then for that many, the form keeps them, cards link with the dates and guests', async () => {
    // The demo stay's calendar (server/stays/seed.ts): a 3-night window it takes, and one starting on a closed day.
    const today = todayIn('America/Denver');
    const open = (d: string) => {
      const day = demoStayDay(d);
      return day.available && day.availableForCheckin && day.minNights <= 3 && day.maxNights >= 3 && demoStayDay(addDays(d, 1)).available && demoStayDay(addDays(d, 2)).available;
    };
    const dates = Array.from({ length: 60 }, (_, i) => addDays(today, i + 2));
    const checkIn = dates.find(open)!;
    const checkOut = addDays(checkIn, 3);
    const closed = dates.find((d) => !demoStayDay(d).available)!;

    const html = await page(`/stays?where=&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`);
    expect(html).toContain(`<hearth-listing-card listing-id="${DEMO_STAY_ID}" check-in="${checkIn}" check-out="${checkOut}" guests="2">`);
    expect(html).toContain(`?checkIn=${checkIn}&checkOut=${checkOut}&guests=2"`);
    // The stay's page opens its calendar with them: the dates chosen, the guests in the booking form.
    const stay = html.match(/href="(\/listing\/[^"?]+)\?checkIn/)![1]!;
    expect(await page(`${stay}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`)).toContain(` check-in="${checkIn}" check-out="${checkOut}" guests="2">`);
    expect(await page(`${stay}?guests=2%20onload%3D`)).not.toContain(' guests="');
    expect(html).toContain(`name="checkIn" value="${checkIn}"`);
    expect(html).toContain(`name="checkOut" value="${checkOut}"`);
    expect(html).toContain('<option value="2" selected>2 guests</option>');
    expect(html).toContain(st.found(1, 1));

    // The demo stay sleeps 4.
    expect(await page(`/stays?checkIn=${checkIn}&checkOut=${checkOut}&guests=5`)).not.toContain(`listing-id="${DEMO_STAY_ID}"`);
    expect(await page('/stays?guests=5')).not.toContain(`listing-id="${DEMO_STAY_ID}"`);
    const booked = await page(`/stays?checkIn=${closed}&checkOut=${addDays(closed, 3)}`);
    expect(booked).not.toContain(`listing-id="${DEMO_STAY_ID}"`);
    expect(booked).toContain(st.noneForSearch);
  });

  it('/stays names bad dates, keeps what was typed and searches without them', async () => {
    const html = await page('/stays?checkIn=2020-01-10&checkOut=2020-01-12');
    expect(html).toContain(`role="alert">${st.pastCheckIn}</p>`);
    expect(html).toContain('name="checkIn" value="2020-01-10"');
    expect(html).toContain(`listing-id="${DEMO_STAY_ID}"`);
    const today = '2026-07-01';
    const asked = (query: string) => staySearchAsked(new URLSearchParams(query), today);
    expect(asked('checkIn=2026-07-04')).toMatchObject({ dates: null, problem: st.bothDates });
    expect(asked('checkIn=2026-07-04&checkOut=2026-07-04')).toMatchObject({ dates: null, problem: st.nights(60) });
    expect(asked('checkIn=2026-07-04&checkOut=2026-02-30')).toMatchObject({ dates: null, problem: st.badDate });
    expect(asked('checkIn=2026-07-04&checkOut=2026-07-06&guests=99')).toMatchObject({ dates: { checkIn: '2026-07-04', checkOut: '2026-07-06' }, guests: null, problem: null });
    expect(await page('/stays?where=Nowhereville')).toContain(st.noPlace('Nowhereville'));
  });

  it('a stay’s page opened with dates gives them to its calendar; bad ones are dropped', async () => {
    const stay = await server.db.query<{ slug_id: string; listing_code_id: string }>('SELECT slug_id, listing_code_id FROM listings WHERE id = $1', [DEMO_STAY_ID]);
    const path = `/listing/${stay.rows[0]!.slug_id}/${stay.rows[0]!.listing_code_id}`;
    expect(await page(`${path}?checkIn=2026-07-04&checkOut=2026-07-06`)).toContain('owns-page external-actions check-in="2026-07-04" check-out="2026-07-06">');
    expect(await page(`${path}?checkIn=2026-07-04&checkOut="><script>`)).not.toContain('check-in=');
  });

  it('a hidden stay is not listed', async () => {
    await server.db.query('UPDATE listings SET internet_entire_listing_display = false WHERE id = $1', [DEMO_STAY_ID]);
    try {
      const html = await page('/stays');
      expect(html).not.toContain(`listing-id="${DEMO_STAY_ID}"`);
      expect(html).toContain('No stays are open for booking right now.');
    } finally {
      await server.db.query('UPDATE listings SET internet_entire_listing_display = true WHERE id = $1', [DEMO_STAY_ID]);
    }
  });
});
