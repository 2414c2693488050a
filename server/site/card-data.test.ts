/** The hosted pages' listing cards carry the answer of their own query (issue 38: the card continues from the page). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingCardQuery } from '../../core/listings/listing-card-data';
import type { RunningServer } from '../app';
import { flushVisits } from '../listings/search/visits';
import { insertDemoListing } from '../seed/demo-listing';
import { graphqlAs, graphqlNamed } from '../testing/graphql';
import { startTestServer } from '../testing/test-server';
import { testListing } from '../testing/test-listing';
import { scriptJson } from './card-data';

const HOSTILE_ID = 1398;
const PHOTO_ID = 1399;
const HOSTILE_STREET = '</script><script>alert(1)</script><!-- 12 Main St';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
  // A stay of the partner's country whose address tries to end the data's script element.
  await insertDemoListing(
    server.db,
    testListing(HOSTILE_ID, {
      slugId: 'hostile-stay-salt-lake-city',
      streetLine1: HOSTILE_STREET,
      title: 'Hostile stay',
      more: { classification: 'stay', country_code: 'US', price_label: '/night', max_guests: 4, time_zone: 'America/Denver' },
    }),
  );
  // The newest stay, with a photo: the first card of /stays.
  await insertDemoListing(
    server.db,
    testListing(PHOTO_ID, {
      slugId: 'newest-stay-salt-lake-city',
      title: 'Newest stay',
      photos: [
        { photoUrl: 'https://photos.example/stay-1.jpg', description: null },
        { photoUrl: 'https://photos.example/stay-2.jpg', description: null },
      ],
      more: { classification: 'stay', country_code: 'US', price_label: '/night', max_guests: 2, time_zone: 'America/Denver' },
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

/** Each card of a page: its listing id and the data written into it. */
async function servedCards(path: string): Promise<{ id: string; data: unknown }[]> {
  const html = await (await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } })).text();
  const cards = [...html.matchAll(/<hearth-listing-card listing-id="(\d+)"[^>]*><script type="application\/json" data-card-listing>(.*?)<\/script>/g)];
  return cards.map(([, id, json]) => ({ id: id!, data: JSON.parse(json!) }));
}

describe('card data of the hosted pages', () => {
  it('is, for every card of / and /stays, exactly what the card’s ListingCard query answers', async () => {
    for (const path of ['/', '/stays']) {
      const cards = await servedCards(path);
      expect(cards.length, path).toBeGreaterThan(0);
      for (const card of cards) {
        const answer = await graphqlNamed(server, ListingCardQuery, { listingId: card.id });
        expect(answer.errors).toBeUndefined();
        expect(card.data, `${path} card ${card.id}`).toEqual(answer.data!.listingInfo);
      }
    }
  });

  it('fetches the first card’s photo at once, first (the page’s largest paint); the others when near the screen', async () => {
    const html = await (await fetch(`${server.url}/stays`, { headers: { Accept: 'text/html' } })).text();
    const cards = [...html.matchAll(/<hearth-listing-card listing-id="(\d+)"[^>]*>.*?<article class="listing-summary card">\n(<img [^>]*>)?/gs)];
    expect(cards.length).toBeGreaterThan(1);
    expect(cards[0]![1]).toBe(String(PHOTO_ID));
    expect(cards[0]![2]).toContain('fetchpriority="high"');
    expect(cards[0]![2]).not.toContain('loading="lazy"');
    // The seed's other stays: none first, each with its photo lazy (or none at all).
    for (const card of cards.slice(1)) if (card[2]) expect(card[2]).toContain('loading="lazy"');
  });

  it('keeps a hostile address inside the data: the script ends where the server ends it, and reads back unchanged', async () => {
    const cards = await servedCards('/stays');
    const hostile = cards.find((card) => card.id === String(HOSTILE_ID));
    expect(hostile).toBeDefined();
    expect((hostile!.data as { address: { streetLine1: string } }).address.streetLine1).toBe(HOSTILE_STREET);
    expect(JSON.parse(scriptJson({ text: '</script><!--\u2028\u2029' }))).toEqual({ text: '</script><!--\u2028\u2029' });
    expect(scriptJson({ text: '</script>' })).not.toContain('<');
  });

  it('a card loaded by its own query counts no visit of its listing; reading the listing does', async () => {
    const visits = async () => {
      await flushVisits(server.db);
      return (await server.db.query<{ visit_count: number }>('SELECT visit_count FROM listings WHERE id = $1', [HOSTILE_ID])).rows[0]!.visit_count;
    };
    const before = await visits();
    expect((await graphqlNamed(server, ListingCardQuery, { listingId: String(HOSTILE_ID) })).data!.listingInfo.id).toBe(String(HOSTILE_ID));
    expect(await visits()).toBe(before);
    await graphqlAs(server, null, `{ listingInfo(listingId: "${HOSTILE_ID}") { id } }`, {}, 'public_graphql');
    expect(await visits()).toBe(before + 1);
  });
});
