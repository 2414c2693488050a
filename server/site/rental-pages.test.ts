/** /renting, /rent and /stays (spec §2; issue 18): the search in rental classification, and the stays as cards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { DEMO_RENTALS, DEMO_STAY_ID } from '../stays/seed';
import { startTestServer } from '../testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
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
