import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;
let listingId: number;

const LISTING_OPEN_HOUSES = `query Op($id: ID!) { listingInfo(listingId: $id) { openHouse { id isActive ical } } }`;

/** The listing's public open houses, read by a visitor on /public_graphql/. */
async function publicOpenHouses(): Promise<{ id: string; isActive: boolean; ical: string | null }[]> {
  const response = await fetch(`${server.url}/public_graphql/?queryName=Op`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: LISTING_OPEN_HOUSES, variables: { id: listingId } }),
  });
  const body = (await response.json()) as { data?: { listingInfo: { openHouse: { id: string; isActive: boolean; ical: string | null }[] } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!.listingInfo.openHouse;
}

async function addOpenHouse(startInHours: number, lengthHours = 2): Promise<string> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO open_houses (listing_id, start_at, end_at) VALUES ($1, now() + make_interval(hours => $2), now() + make_interval(hours => $3))
     RETURNING id`,
    [listingId, startInHours, startInHours + lengthHours],
  );
  return String(rows[0]!.id);
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM listings WHERE internet_entire_listing_display ORDER BY id LIMIT 1');
  listingId = Number(rows[0]!.id);
});
afterAll(async () => {
  await server?.close();
});

describe(`public open house calendar link (${engineName()})`, () => {
  it('an active open house of a public listing has a link anyone can download, without a token', async () => {
    const id = await addOpenHouse(24);
    const openHouse = (await publicOpenHouses()).find((o) => o.id === id)!;
    expect(openHouse.ical).toBe(`${server.url}/v1/api/open-houses/${id}/ical`);
    const download = await fetch(openHouse.ical!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await download.text()).toContain('BEGIN:VCALENDAR');
  });

  it('a cancelled open house loses its link and its file', async () => {
    const id = await addOpenHouse(48);
    const link = (await publicOpenHouses()).find((o) => o.id === id)!.ical!;
    await server.db.query('UPDATE open_houses SET is_active = false WHERE id = $1', [id]);
    expect((await publicOpenHouses()).find((o) => o.id === id)).toBeUndefined();
    expect((await fetch(link)).status).toBe(404);
  });

  it('an open house under way still has its link; one that is over has none', async () => {
    const running = await addOpenHouse(-1, 2);
    const over = await addOpenHouse(-3, 1);
    const listed = await publicOpenHouses();
    expect(listed.find((o) => o.id === running)?.ical).toBe(`${server.url}/v1/api/open-houses/${running}/ical`);
    expect(listed.find((o) => o.id === over)).toBeUndefined();
    expect((await fetch(`${server.url}/v1/api/open-houses/${over}/ical`)).status).toBe(404);
  });
});
