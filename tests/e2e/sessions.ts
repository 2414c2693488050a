/**
 * Signed-in browser tests: accounts made through the real API (sign-up, or the seeded demo seller) and
 * put in the page's storage the way a sign-in in the embed leaves them (core/auth/session.ts), before
 * the page loads. The session check at start still asks the server (/user/me/), so a bad token fails.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { storageKey } from '../../core/auth/session';
import { DEMO_USERS } from '../../server/seed/data';
import { apiUrl, partnerPageUrl, partnerUrl } from './fixtures';

export interface SignedInUser {
  id: number;
  email: string;
  token: string;
  /** The user record as /user/me/ returns it (what core/auth stores). */
  record: Record<string, unknown>;
}

export const PASSWORD = 'Wasatch-Front-2026!';

const headers = () => ({ Origin: partnerUrl() });

let counter = 0;
/** An address nobody else in the run uses. */
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function asUser(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<SignedInUser> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: Record<string, unknown> };
  return { id: Number(body.user.id), email: String(body.user.email), token: body.token, record: body.user };
}

/** A fresh buyer account. */
export async function signUp(request: APIRequestContext, firstName = 'Test', lastName = 'Buyer'): Promise<SignedInUser> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await request.post(`${apiUrl()}/v1/api/sign-up/`, {
    data: { email, password: PASSWORD, firstName, lastName },
    headers: headers(),
  });
  return asUser(response, 'sign-up');
}

/** Signs in with a password (e.g. a demo account: `logIn(request, 'seller')`). */
export async function logIn(request: APIRequestContext, who: 'seller' | 'buyer' | 'agent' | { email: string; password: string }): Promise<SignedInUser> {
  const account = typeof who === 'string' ? DEMO_USERS.find((u) => u.email.startsWith(`${who}@`))! : who;
  const response = await request.post(`${apiUrl()}/v1/api/api-token-auth/`, {
    data: { username: account.email, password: account.password },
    headers: headers(),
  });
  return asUser(response, `log-in as ${account.email}`);
}

/** Makes the next page load start signed in as `user` (call before `openPartnerPage`). */
export async function startSignedIn(page: Page, user: SignedInUser): Promise<void> {
  const key = storageKey(apiUrl());
  const value = JSON.stringify({ ...user.record, token: user.token });
  await page.addInitScript(`try { localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)}); } catch {}`);
}

/**
 * Calls the API's GraphQL endpoint as `user` (for set-up and for checking what the server holds), for the
 * partner the demo pages use (`data-partner="acme"`): what is made here (a questionnaire response) belongs to it.
 */
export async function graphql<T = Record<string, any>>(
  request: APIRequestContext,
  user: SignedInUser | null,
  query: string,
  variables: Record<string, unknown> = {},
  partner = 'acme',
): Promise<T> {
  const name = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'anonymous';
  const path = user ? '/graphql/' : '/public_graphql/';
  const response = await request.post(`${apiUrl()}${path}?queryName=${name}&partner=${partner}`, {
    data: { query, variables },
    headers: { ...headers(), ...(user ? { Authorization: `Token ${user.token}` } : {}) },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL ${name}: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data as T;
}

/**
 * Another person's browser: a context of its own (no shared storage), `initScript` run first, signed in as
 * `user`, on the partner page `path` in the test's build. Close `context` when done.
 */
export async function openPartnerPageAs(browser: Browser, user: SignedInUser, path: string, build: string, initScript: string) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.addInitScript(initScript);
  await startSignedIn(page, user);
  await page.goto(partnerPageUrl(path, build));
  return { context, page };
}
