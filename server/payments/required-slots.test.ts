import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { graphqlAs } from '../testing/graphql';
import { startTestServer } from '../testing/test-server';
import { testHome } from '../sellers/testing';
import { missingSlotsMessage } from './required-slots';

let server: RunningServer;
let seller: SignedUp;

const NEXT_QUEUE = `mutation ($appCaseId: ID!) { nextQueue(appCaseId: $appCaseId) { name } }`;

async function sellerCaseInReview(): Promise<string> {
  const created = await graphqlAs(server, seller, `mutation ($h: SellerHomeContext!) { createSeller(homeContext: $h, classification: SALE) { caseId } }`, { h: testHome() });
  expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
  const id = created.data!.createSeller.caseId as string;
  // At the review step with its own check met (a publish choice), so only the documents can hold it.
  await server.db.query('UPDATE application_cases SET queue_id = 404, publish_now = true WHERE id = $1', [id]);
  return id;
}

async function upload(caseId: string, componentKey: string, translationOf: number | null = null): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO uploaded_documents (case_component_id, application_case_id, applicant_id, uploaded_by_user_id, translation_of, storage_key, file_name, content_type, byte_size, sha256)
     SELECT cc.id, $1, $3, $3, $4, 'test/' || gen_random_uuid(), $2 || '.pdf', 'application/pdf', 10, 'x'
       FROM case_components cc WHERE cc.application_type_id = 4 AND cc.component_key = $2 RETURNING id`,
    [caseId, componentKey, seller.user.id, translationOf],
  );
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  server = await startTestServer();
  seller = await signUp(server);
});
afterAll(() => server?.close());

describe('required document slots block the queue that needs them', () => {
  it('names the empty slots and lets the case move on once they hold documents', async () => {
    const id = await sellerCaseInReview();
    let refused = await graphqlAs(server, seller, NEXT_QUEUE, { appCaseId: id });
    expect(refused.errors![0]!.message).toBe("Upload these documents first: Deed or title, Seller's disclosure, Photo ID.");
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'appCaseId' });

    await upload(id, 'deed');
    // An optional slot does not help; a translation without its original is not the document.
    await upload(id, 'hoa-documents');
    const disclosure = await upload(id, 'seller-disclosure');
    await server.db.query('DELETE FROM uploaded_documents WHERE id = $1', [disclosure]);
    refused = await graphqlAs(server, seller, NEXT_QUEUE, { appCaseId: id });
    expect(refused.errors![0]!.message).toBe(missingSlotsMessage(["Seller's disclosure", 'Photo ID']));

    await upload(id, 'seller-disclosure');
    refused = await graphqlAs(server, seller, NEXT_QUEUE, { appCaseId: id });
    expect(refused.errors![0]!.message).toBe('Upload this document first: Photo ID.');
    const { rows } = await server.db.query<{ queue_id: number }>('SELECT queue_id FROM application_cases WHERE id = $1', [id]);
    expect(Number(rows[0]!.queue_id)).toBe(404);

    await upload(id, 'photo-id');
    const moved = await graphqlAs(server, seller, NEXT_QUEUE, { appCaseId: id });
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.nextQueue.name).toBe('published');
  });

  it('does not hold queues that need no documents, and a stranger still gets NOT_FOUND', async () => {
    const created = await graphqlAs(server, seller, `mutation ($h: SellerHomeContext!) { createSeller(homeContext: $h, classification: SALE) { caseId } }`, { h: testHome() });
    const id = created.data!.createSeller.caseId as string;
    // Pricing with a price: moves on without any document.
    await server.db.query(`UPDATE application_cases SET queue_id = 403 WHERE id = $1`, [id]);
    await server.db.query(`UPDATE listings SET price_in_pennies = 50000000 WHERE id = (SELECT listing_id FROM application_cases WHERE id = $1)`, [id]);
    const moved = await graphqlAs(server, seller, NEXT_QUEUE, { appCaseId: id });
    expect(moved.errors, JSON.stringify(moved.errors)).toBeUndefined();
    expect(moved.data!.nextQueue.name).toBe('review');
    const stranger = await signUp(server);
    const refused = await graphqlAs(server, stranger, NEXT_QUEUE, { appCaseId: id });
    expect(refused.errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });
});
