import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt, openHouseDays } from '../../core/tours/tour-times';
import { sellerTexts } from '../../core/i18n/sellers';
import type { RunningServer } from '../app';
import type { SignedUp } from '../accounts/testing';
import { engineName } from '../testing/test-server';
import { codeOf, graphqlAs } from '../testing/graphql';
import { createSaleCase, freshAddress, readyToPublish, startSellerTestServer } from '../testing/seller-case';

let server: RunningServer;
let seller: SignedUp;
let stranger: SignedUp;
let agent: SignedUp;

const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

const PUBLISH = `mutation ($caseId: ID!) { publishListing(caseId: $caseId, publishNow: true) { listingStatus } }`;
const NEW_BY_CASE = `mutation ($start: String!, $end: String!, $caseId: ID, $listingId: ID) {
  newOpenHouse(start: $start, end: $end, applicationCaseId: $caseId, listingId: $listingId) { id listingId startDateTime endDateTime isActive } }`;
const BY_LISTING = `query ($listingId: ID!) { openHousesByListing(listingId: $listingId) { id } }`;

/** Day `dayOffset` of the open-house calendar in Salt Lake City's zone, `from`–`to` minutes after midnight. */
const times = (dayOffset: number, from: number, to: number) => {
  const zone = 'America/Denver';
  const day = openHouseDays(new Date(), zone)[dayOffset]!.day;
  return { start: instantAt(day, from, zone).toISOString(), end: instantAt(day, to, zone).toISOString() };
};

async function sellerCase(publish: boolean) {
  const c = await createSaleCase(server, seller, freshAddress('E Open House Way'), { answerIntake: publish });
  if (publish) {
    await readyToPublish(server, seller, c);
    const published = await gql(seller, PUBLISH, { caseId: c.caseId });
    expect(published.data!.publishListing.listingStatus).toBe('PUBLISHED');
  }
  return c;
}

beforeAll(async () => {
  ({ server, seller, stranger, agent } = await startSellerTestServer());
});
afterAll(async () => {
  await server?.close();
});

describe(`newOpenHouse(start, end, applicationCaseId) (${engineName()})`, () => {
  it('adds the open house to the case’s published listing for its owner and a company agent', async () => {
    const c = await sellerCase(true);
    const mine = await gql(seller, NEW_BY_CASE, { ...times(2, 600, 720), caseId: c.caseId });
    expect(mine.errors, JSON.stringify(mine.errors)).toBeUndefined();
    expect(mine.data!.newOpenHouse).toMatchObject({ listingId: c.listingId, isActive: true, ...{ startDateTime: expect.any(String) } });
    expect(new Date(mine.data!.newOpenHouse.startDateTime).toISOString()).toBe(times(2, 600, 720).start);
    const byAgent = await gql(agent, NEW_BY_CASE, { ...times(3, 840, 960), caseId: c.caseId });
    expect(byAgent.errors, JSON.stringify(byAgent.errors)).toBeUndefined();
    expect(byAgent.data!.newOpenHouse.listingId).toBe(c.listingId);
    const listed = await gql(seller, BY_LISTING, { listingId: c.listingId });
    expect(listed.data!.openHousesByListing.map((o: { id: string }) => o.id).sort()).toEqual([mine.data!.newOpenHouse.id, byAgent.data!.newOpenHouse.id].sort());
  });

  it('refuses strangers and forged ids with NOT_FOUND and adds nothing', async () => {
    const c = await sellerCase(true);
    for (const caseId of [c.caseId, 'abc', '0', '-4', '99999999999', '1.5']) {
      const r = await gql(stranger, NEW_BY_CASE, { ...times(2, 600, 720), caseId });
      expect(codeOf(r), caseId).toBe('NOT_FOUND');
    }
    expect(codeOf(await graphqlAs(server, null, NEW_BY_CASE, { ...times(2, 600, 720), caseId: c.caseId }))).toBe('UNAUTHENTICATED');
    // The stranger's own seller case does not open another's listing either.
    const theirs = await createSaleCase(server, stranger, '9 W Stranger St');
    expect(codeOf(await gql(stranger, NEW_BY_CASE, { ...times(2, 600, 720), caseId: theirs.caseId, listingId: c.listingId }))).toBe('BAD_USER_INPUT');
    expect((await gql(seller, BY_LISTING, { listingId: c.listingId })).data!.openHousesByListing).toEqual([]);
  });

  it('refuses a case whose listing is not published, both or neither names, and times off the rules', async () => {
    const draft = await sellerCase(false);
    const unpublished = await gql(seller, NEW_BY_CASE, { ...times(2, 600, 720), caseId: draft.caseId });
    expect(codeOf(unpublished)).toBe('BAD_USER_INPUT');
    expect(unpublished.errors![0]!.message).toBe(sellerTexts.openHouseNotPublished);
    expect(unpublished.errors![0]!.extensions?.argumentName).toBe('applicationCaseId');

    const c = await sellerCase(true);
    const both = await gql(seller, NEW_BY_CASE, { ...times(2, 600, 720), caseId: c.caseId, listingId: c.listingId });
    expect(codeOf(both)).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(seller, NEW_BY_CASE, times(2, 600, 720)))).toBe('BAD_USER_INPUT');
    // 9:00 am is before the first slot; an end before the start.
    expect(codeOf(await gql(seller, NEW_BY_CASE, { ...times(2, 540, 600), caseId: c.caseId }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(seller, NEW_BY_CASE, { ...times(2, 720, 600), caseId: c.caseId }))).toBe('BAD_USER_INPUT');
    expect((await gql(seller, BY_LISTING, { listingId: c.listingId })).data!.openHousesByListing).toEqual([]);
  });
});
