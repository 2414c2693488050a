/**
 * A signed-out visit of the hosted site is quiet (issue 35): no page logs a console error and no request
 * fails — the session check asks nothing without a credential (no 401 from /user/me/), and the site's icon is
 * there (no 404 for /favicon.ico). The pages are the sitemap's, so a new page is covered by itself; the
 * favicon is fetched as a browser does without a link, and the signed-in check still asks when a session is there.
 */
import type { Page } from '@playwright/test';
import { SITEMAP_PAGES } from '../../server/site/sitemap';
import { apiUrl, expect, HOSTED, test } from './fixtures';
import { PASSWORD, signUp } from './sessions';

/** Opens `path` and records what went wrong: console errors, failed requests and answers of 400 or more. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => m.type() === 'error' && problems.push(`console: ${m.text()}`);
  // A request the page itself cancelled (a map tile no longer needed, one in flight when the next page opens) did not fail.
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }) =>
    r.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  const onResponse = (r: { status(): number; url(): string }) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`);
  page.on('console', onConsole);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  await page.goto(`${apiUrl()}${path}`, { waitUntil: 'networkidle' });
  page.off('console', onConsole);
  page.off('requestfailed', onFailed);
  page.off('response', onResponse);
  return problems;
}

/** A listing page of the sitemap. */
async function listingPath(): Promise<string> {
  const sitemap = await (await fetch(`${apiUrl()}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>[^<]*(\/listing\/[^<]+)<\/loc>/g)][0]![1]!;
}

test('signed out, no hosted page logs a console error or a failed request (no 401 from /user/me/, no missing icon)', HOSTED, async ({ page }) => {
  test.setTimeout(180_000);
  const listing = await listingPath();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/user/me/') && calls.push(r.url()));
  const problems: string[] = [];
  for (const path of [...SITEMAP_PAGES, listing, '/log-in', '/account']) problems.push(...(await visit(page, path)).map((p) => `${path} ${p}`));
  expect(problems).toEqual([]);
  expect(calls).toEqual([]);
  // Where a browser looks for the icon without a link.
  const icon = await page.request.get(`${apiUrl()}/favicon.ico`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
});

test('signed in on the hosted site (a session cookie, no stored user), the check still asks and finds the user', HOSTED, async ({ page }) => {
  const user = await signUp(page.request, 'Ada', 'Lovelace');
  expect((await page.request.post(`${apiUrl()}/v1/api/api-token-auth/`, { data: { username: user.email, password: PASSWORD, session: true } })).status()).toBe(200);
  const me = page.waitForResponse((r) => r.url().endsWith('/user/me/'));
  expect(await visit(page, await listingPath())).toEqual([]);
  expect((await me).status()).toBe(200);
});
