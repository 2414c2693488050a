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
