/**
 * A second person in a browser test, beside the fixture's `page`: `openPartnerPageAs(user, path)` opens the partner
 * demo page `path` in a browser context of its own (no storage shared with `page`), in the test's build, signed in
 * as `user`, or signed out for `null` (a visitor). Like `openPartnerPage` it records CSP violations and hearth-*
 * events for `cspViolations` and `eventsOf`; `initScript` runs after that (e.g. listeners for more event types).
 * The contexts it opens close when the test ends.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { partnerPageUrl, test as base } from '../fixtures';
import { openPartnerPageAs, type SignedInUser } from '../sessions';

const RECORD_CSP = `window.__csp = []; window.__events = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`;

interface OtherPersonFixtures {
  openPartnerPageAs: (user: SignedInUser | null, path: string, initScript?: string) => Promise<Page>;
}

export const test = base.extend<OtherPersonFixtures>({
  openPartnerPageAs: async ({ browser, build }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (user, path, initScript = '') => {
      const script = `${RECORD_CSP}\n${initScript}`;
      if (user) {
        const opened = await openPartnerPageAs(browser, user, path, build, script);
        contexts.push(opened.context);
        return opened.page;
      }
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(script);
      await page.goto(partnerPageUrl(path, build));
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
