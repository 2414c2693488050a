import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import type { SignedUp } from '../accounts/testing';
import { engineName } from '../testing/test-server';
import { codeOf, graphqlAs } from '../testing/graphql';
import { createSaleCase, freshAddress, startSellerTestServer } from '../testing/seller-case';
import { componentUploadState } from './components';

let server: RunningServer;
let seller: SignedUp;
let stranger: SignedUp;
let agent: SignedUp;

const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

const NEXT_QUEUE = `mutation ($appCaseId: ID!) { nextQueue(appCaseId: $appCaseId) { name dataLocked } }`;
const UPDATE = `mutation ($caseId: ID!, $priceInPennies: Float) { updateSellerListing(caseId: $caseId, priceInPennies: $priceInPennies) { id } }`;
const CASE = `query ($id: ID!) { case(id: $id) {
  queues { name status dataLocked }
  caseComponents { id name shortName required docType uploadState component { type } uploadedDocuments { id } }
  snapshots { name caseId queue queueDisplayName takenAt data listing } } }`;
const SNAPSHOT = `query ($name: String!) { caseSnapshot(snapshotName: $name) { name caseId queue queueDisplayName takenAt data listing } }`;

/** A seller case moved from intake to review: the step that locks its data. */
async function caseAtReview() {
  const c = await createSaleCase(server, seller, freshAddress('E Snapshot Ln'), { answerIntake: true });
  await server.db.query(`UPDATE listings SET photos = '[{"photoUrl": "/media/listing-photos/x.jpg", "description": null}]' WHERE id = $1`, [c.listingId]);
  for (const expected of ['photos', 'pricing', 'review']) {
    const moved = await gql(seller, NEXT_QUEUE, { appCaseId: c.caseId });
    expect(moved.errors, JSON.stringify(moved.errors)).toBeUndefined();
    expect(moved.data!.nextQueue.name).toBe(expected);
  }
  return c;
}

beforeAll(async () => {
  ({ server, seller, stranger, agent } = await startSellerTestServer());
});
afterAll(async () => {
  await server?.close();
});

describe(`case(id, context): snapshots and components (${engineName()})`, () => {
  it('takes a snapshot as the case enters the locking review queue, and keeps it through later edits', async () => {
    const c = await caseAtReview();
    const before = (await gql(seller, CASE, { id: c.caseId })).data!.case;
    expect(before.snapshots).toHaveLength(1);
    const [snapshot] = before.snapshots;
    expect(snapshot).toMatchObject({ name: `case-${c.caseId}-review-1`, caseId: c.caseId, queue: 'review', queueDisplayName: 'Review and publish' });
    expect(Date.now() - Date.parse(snapshot.takenAt)).toBeLessThan(60_000);
    // Only the locking queue took one: intake → photos → pricing did not.
    expect(before.queues.filter((q: { dataLocked: boolean }) => q.dataLocked).map((q: { name: string }) => q.name)).toEqual(['review', 'published']);
    expect(snapshot.data).toMatchObject({ bedrooms: '4', asking_price: '525000' });
    expect(snapshot.listing).toMatchObject({ id: Number(c.listingId), priceInPennies: 52_500_000, bedrooms: 4 });

    // The price changes after review: the snapshot still says what was submitted.
    expect((await gql(seller, UPDATE, { caseId: c.caseId, priceInPennies: 49_900_000 })).errors).toBeUndefined();
    const read = await gql(seller, SNAPSHOT, { name: snapshot.name });
    expect(read.errors, JSON.stringify(read.errors)).toBeUndefined();
    expect(read.data!.caseSnapshot).toEqual(snapshot);
    // A company agent reads it too.
    expect((await gql(agent, SNAPSHOT, { name: snapshot.name })).data!.caseSnapshot.name).toBe(snapshot.name);
  });

  it('answers NOT_FOUND to strangers, forged and malformed names, UNAUTHENTICATED to visitors', async () => {
    const c = await caseAtReview();
    const name = `case-${c.caseId}-review-1`;
    expect(codeOf(await gql(stranger, SNAPSHOT, { name }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(stranger, CASE, { id: c.caseId }))).toBe('NOT_FOUND');
    for (const forged of [`case-${c.caseId}-review-2`, `case-${c.caseId}-intake-1`, 'case-99999999999-review-1', 'bogus', '', `case-${c.caseId}-review-1' OR 1=1`, 'x'.repeat(5000)]) {
      expect(codeOf(await gql(seller, SNAPSHOT, { name: forged })), forged.slice(0, 40)).toBe('NOT_FOUND');
    }
    expect(codeOf(await graphqlAs(server, null, SNAPSHOT, { name }))).toBe('UNAUTHENTICATED');
  });

  it('lists the document slots of the seller’s case type with their upload state', async () => {
    const created = await createSaleCase(server, seller, '88 W Slot St');
    const kase = (await gql(seller, CASE, { id: created.caseId })).data!.case;
    const slots = kase.caseComponents.map((s: { docType: string; required: boolean; uploadState: string }) => [s.docType, s.required, s.uploadState]);
    expect(slots).toEqual([
      ['deed', true, 'MISSING'],
      ['property_tax_statement', false, 'OPTIONAL'],
      ['hoa_documents', false, 'OPTIONAL'],
      ['seller_disclosure', true, 'MISSING'],
      ['photo_id', true, 'MISSING'],
      ['generated', false, 'GENERATED'],
    ]);
    expect(kase.caseComponents.every((s: { uploadedDocuments: unknown[] }) => s.uploadedDocuments.length === 0)).toBe(true);
    expect(kase.snapshots).toEqual([]);
  });

  it('says a slot is uploaded once it holds a document, whatever it requires', () => {
    expect(componentUploadState({ componentType: 'UPLOAD_DOCUMENT', required: true }, 0)).toBe('MISSING');
    expect(componentUploadState({ componentType: 'UPLOAD_DOCUMENT', required: false }, 0)).toBe('OPTIONAL');
    expect(componentUploadState({ componentType: 'UPLOAD_DOCUMENT', required: true }, 2)).toBe('UPLOADED');
    expect(componentUploadState({ componentType: 'UPLOAD_DOCUMENT', required: false }, 1)).toBe('UPLOADED');
    expect(componentUploadState({ componentType: 'GENERATED_DOCUMENT', required: false }, 0)).toBe('GENERATED');
  });
});
