/** RequestedTour.viewerRole (issue 7): the same tour reads BUYER, SELLER or AGENT depending on who asks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerTourGrid } from '../../core/tours/tour-times';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { engineName, startTestServer } from '../testing/test-server';
import { graphqlAs, type GraphqlResponse } from '../testing/graphql';

let server: RunningServer;
let listingId: number;
let zone: string;
let buyer: SignedUp;
let seller: SignedUp;
let agent: SignedUp;
let stranger: SignedUp;

const gql = (who: SignedUp, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  const { rows } = await server.db.query<{ id: number; time_zone: string }>(
    'SELECT id, time_zone FROM listings WHERE internet_entire_listing_display AND enable_request_tour ORDER BY id LIMIT 1',
  );
  listingId = Number(rows[0]!.id);
  zone = rows[0]!.time_zone;
  [buyer, seller, agent, stranger] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE listings SET seller_user_id = $1 WHERE id = $2', [seller.user.id, listingId]);
  await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [agent.user.id]);
});
afterAll(async () => {
  await server?.close();
});

describe(`RequestedTour.viewerRole (${engineName()})`, () => {
  it('is BUYER for the requester, SELLER for the listing’s seller, AGENT for a company agent, in every query', async () => {
    const slot = buyerTourGrid(new Date(), zone).gridDays[1]!.slots[2]!.dateTime;
    const saved = await gql(
      buyer,
      `mutation Op($l: ID!, $t: [String!]!) { saveTour(listingId: $l, scheduledDateTimes: $t) { id viewerRole } }`,
      { l: listingId, t: [slot] },
    );
    expect(saved.errors).toBeUndefined();
    const id = saved.data!.saveTour.id as string;
    expect(saved.data!.saveTour.viewerRole).toBe('BUYER');

    const one = `query Op($id: ID!) { requestedTour(id: $id) { viewerRole } }`;
    expect((await gql(buyer, one, { id })).data!.requestedTour.viewerRole).toBe('BUYER');
    expect((await gql(seller, one, { id })).data!.requestedTour.viewerRole).toBe('SELLER');
    expect((await gql(agent, one, { id })).data!.requestedTour.viewerRole).toBe('AGENT');
    // A stranger learns nothing, not even a role.
    const refused = await gql(stranger, one, { id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(refused.data?.requestedTour ?? null).toBeNull();

    const list = `query Op { requestedTours { id viewerRole } }`;
    const roleIn = (r: GraphqlResponse, field: string) =>
      (r.data![field] as { id: string; viewerRole: string }[]).find((t) => t.id === id)?.viewerRole;
    expect(roleIn(await gql(buyer, list), 'requestedTours')).toBe('BUYER');
    expect(roleIn(await gql(seller, list), 'requestedTours')).toBe('SELLER');

    const byListing = `query Op($l: ID!) { requestedTourByListing(listingId: $l) { id viewerRole } }`;
    expect(roleIn(await gql(buyer, byListing, { l: listingId }), 'requestedTourByListing')).toBe('BUYER');
    expect(roleIn(await gql(seller, byListing, { l: listingId }), 'requestedTourByListing')).toBe('SELLER');
    expect(roleIn(await gql(agent, byListing, { l: listingId }), 'requestedTourByListing')).toBe('AGENT');
  });
});
