/**
 * Spec §8 on the hosted site: a request the server refuses for the visitor's session ("Authentication credentials
 * were not provided.") sends the browser to `/logout` with a `next` parameter; the server passes it on to the
 * log-out page (spec §2: "logs out, honours a next query parameter"), which ends the session in this browser, says
 * so and goes back to the page. (On a partner's page the element signs out in place: sessions-devices.spec.ts.)
 */
import { authTexts } from '../../core/i18n/auth';
import { siteTexts as site } from '../../core/i18n/site';
import { apiUrl, cspViolations, expect, HOSTED, test } from './fixtures';
import { RevokeOtherSessionsMutation } from '../../core/auth/sessions-api';
import { graphql, logIn, PASSWORD, signUp } from './sessions';

test('a credential revoked elsewhere: the next call goes through /logout?next=… and the log-out page, back to the page signed out', HOSTED, async ({ page, request }) => {
  const buyer = await signUp(request, 'Rex', 'Voked');
  // Signed in the way the site signs in: a session cookie on our origin, in the page's own cookie jar.
  const login = await page.request.post(`${apiUrl()}/v1/api/api-token-auth/`, { data: { username: buyer.email, password: PASSWORD, session: true } });
  expect(login.status()).toBe(200);
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  await page.goto(`${apiUrl()}/search`);
  const heart = page.locator('hearth-listing-card [part="favorite"]').first();
  await expect(heart).toBeVisible();
  // A first save: the page has found its session.
  await heart.click();
  await expect(heart).toHaveAttribute('data-state', 'favorited');

  // Another device signs every other one out, this browser's session with them.
  const elsewhere = await logIn(request, { email: buyer.email, password: PASSWORD });
  const { revokeOtherSessions } = await graphql<{ revokeOtherSessions: { revoked: number } }>(request, elsewhere, RevokeOtherSessionsMutation);
  expect(revokeOtherSessions.revoked).toBeGreaterThanOrEqual(1);

  // The next call that needs the session is refused.
  await heart.click();
  await expect(page.locator('hearth-toaster [part="toast"]')).toContainText(authTexts.loggedOut);
  const next = documents.find((path) => path.startsWith('/logout?'));
  expect(next).toMatch(/^\/logout\?next=%2Fsearch/);
  expect(documents).toContain(next!.replace('/logout?', '/log-out?'));
  await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
  // Signed out in this browser: the header offers to sign in, and the stored session is gone.
  await expect(page.locator('header.shell-header').getByRole('link', { name: site.nav.signIn })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('session') || key.includes('user')))).toEqual([]);
  expect(await cspViolations(page)).toEqual([]);
});
