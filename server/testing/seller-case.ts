/**
 * Seller-case tests against a real server: a seller, a stranger and a company agent signed up, and sale cases
 * created (and their intake answered) through the API as the seller element does.
 */
import { expect } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { saleIntakeScreens, testHome } from '../sellers/testing';
import { graphqlAs } from './graphql';
import { startTestServer } from './test-server';

/** A server (proxy trusted, no background jobs) and its three fresh users; `agent` is a company agent. */
export async function startSellerTestServer(): Promise<{ server: RunningServer; seller: SignedUp; stranger: SignedUp; agent: SignedUp }> {
  const server = await startTestServer({ trustProxy: true, jobs: false });
  const [seller, stranger, agent] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [agent.user.id]);
  return { server, seller, stranger, agent };
}

const CREATE = `mutation ($homeContext: SellerHomeContext!) { createSeller(homeContext: $homeContext, classification: SALE) { caseId listingId caseResponse { id } } }`;
const NEXT_SCREEN = `mutation ($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { completedAt } }`;

/** `street` with a house number of its own, so cases of one run do not share an address. */
export const freshAddress = (street: string) => `${Math.floor(Math.random() * 9000) + 1000} ${street}`;

/** `who` starts a sale case on the test home at `address`; with `answerIntake` the intake is answered too. */
export async function createSaleCase(server: RunningServer, who: SignedUp, address: string, { answerIntake = false } = {}) {
  const created = await graphqlAs(server, who, CREATE, { homeContext: testHome({ address }) });
  expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
  const c = created.data!.createSeller as { caseId: string; listingId: string; caseResponse: { id: string } };
  if (answerIntake) {
    for (const data of saleIntakeScreens()) expect((await graphqlAs(server, who, NEXT_SCREEN, { respId: c.caseResponse.id, data })).errors).toBeUndefined();
  }
  return c;
}

/**
 * What publishing needs beyond the intake and its price (server/sellers/sellers.ts publishBlocker), written
 * straight to the database for tests about what comes after: one photo, and the documents Review needs.
 */
export async function readyToPublish(server: RunningServer, who: SignedUp, c: { caseId: string; listingId: string }): Promise<void> {
  await server.db.query(`UPDATE listings SET photos = '[{"photoUrl": "/media/listing-photos/x.jpg", "description": null}]' WHERE id = $1`, [c.listingId]);
  await server.db.query(
    `INSERT INTO uploaded_documents (case_component_id, application_case_id, applicant_id, uploaded_by_user_id, storage_key, file_name, content_type, byte_size, sha256)
     SELECT cc.id, c.id, $2, $2, 'test/' || gen_random_uuid(), cc.component_key || '.pdf', 'application/pdf', 10, 'x'
       FROM application_cases c
       JOIN case_queues q ON q.application_type_id = c.application_type_id AND q.queue_type = 'review'
       JOIN queue_required_components r ON r.queue_id = q.id
       JOIN case_components cc ON cc.application_type_id = c.application_type_id AND cc.component_key = r.component_key
      WHERE c.id = $1`,
    [c.caseId, who.user.id],
  );
}
