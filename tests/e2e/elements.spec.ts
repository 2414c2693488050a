/**
 * One smoke test per element (tagged @element), in both builds: the element mounts on the partner demo page
 * (another origin, strict CSP, hostile CSS) from the build under test, answers one interaction, and has no axe
 * violation and no CSP violation. It is the whole of the React project (playwright.config.ts): the deep flows
 * run in the Preact project only, and the views' behaviour under React is what the unit tests render
 * (elements/*\/*.test.tsx). A new element gets its row here; the first test fails until it has one.
 */
import type { Locator, Page } from '@playwright/test';
import { accountTexts } from '../../core/i18n/account';
import { authTexts as auth } from '../../core/i18n/auth';
import { contactTexts } from '../../core/i18n/contact';
import { contentTexts } from '../../core/i18n/content';
import { listingDetailTexts } from '../../core/i18n/listing-detail';
import { mortgageCalculatorTexts, mortgagePrequalTexts } from '../../core/i18n/mortgage';
import { offerTexts } from '../../core/i18n/offers';
import { searchTexts } from '../../core/i18n/search';
import { siteTexts } from '../../core/i18n/site';
import { stayTexts } from '../../core/i18n/stays';
import { openHouseTexts, requestTourTexts } from '../../core/i18n/tours';
import { valuationTexts } from '../../core/i18n/valuation';
import { discoverElements } from '../../cdn/project';
import { apiUrl, axeViolations, cspViolations, ELEMENT, expect, test } from './fixtures';
import { graphql, logIn, PASSWORD, signUp, startSignedIn, type SignedInUser } from './sessions';

interface Smoke {
  /** The partner demo page it stands on. */
  page: string;
  /** Who is signed in before the page loads: a demo account, or a fresh buyer. */
  as?: 'seller' | 'agent' | 'fresh';
  /** What axe checks (default: the tag). */
  axe?: string;
  /** Waits for the element, does one thing a person would, and checks what they see. */
  act(page: Page, element: Locator, user: SignedInUser | null): Promise<void>;
}

const signInDialog = (page: Page) => page.getByRole('dialog', { name: auth.dialogTitle });

/** A signed-out visitor is asked to sign in: the element's Sign in button opens the sign-in dialog. */
const asksToSignIn: Smoke['act'] = async (page, element) => {
  await element.locator('[part="sign-in"]').click();
  await expect(signInDialog(page)).toBeVisible();
};

const SMOKES: Record<string, Smoke> = {
  'hearth-account': {
    page: '/account.html',
    as: 'fresh',
    // The Settings tab by the arrow key, a notification setting switched by Space and saved (the server has it).
    act: async (page, element, user) => {
      const t = accountTexts;
      await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
      await expect(element.getByLabel(t.profile.email)).toHaveValue(user!.email);
      await element.getByRole('tab', { name: t.tabs.profile }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(element.getByRole('tab', { name: t.tabs.settings })).toHaveAttribute('aria-selected', 'true');
      const toggle = element.getByLabel(t.notifications.savedSearchEmails);
      await expect(toggle).toBeChecked();
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(element.locator('[part="notifications-status"]')).toHaveText(t.notifications.saved);
      await expect(toggle).not.toBeChecked();
      const me = await page.request.post(`${apiUrl()}/graphql/?queryName=Me`, {
        headers: { Authorization: `Token ${user!.token}` },
        data: { query: 'query Me { me { notificationSettings } }' },
      });
      expect(((await me.json()) as { data: { me: unknown } }).data.me).toEqual({ notificationSettings: { savedSearchEmails: false } });
    },
  },
  'hearth-app': {
    page: '/homes/',
    act: async (page, element) => {
      await expect(element.locator('.site-app')).toHaveAttribute('data-state', 'ready');
      const header = element.locator('header.shell-header');
      await header.locator('summary', { hasText: siteTexts.nav.buy }).click();
      await expect(header.getByRole('link', { name: siteTexts.nav.findHome })).toBeVisible();
    },
  },
  'hearth-availability-calendar': {
    page: '/stay.html',
    act: async (_page, element) => {
      await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'ready');
      await expect(element.getByRole('button', { name: stayTexts.previousMonth })).toBeDisabled();
      await element.getByRole('button', { name: stayTexts.nextMonth }).click();
      await expect(element.getByRole('button', { name: stayTexts.previousMonth })).toBeEnabled();
    },
  },
  'hearth-blog': {
    page: '/blog.html',
    act: async (_page, element) => {
      await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
      const tag = element.getByRole('navigation', { name: contentTexts.blog.tagsLabel }).locator('[data-slug="buying"]');
      await tag.click();
      await expect(tag).toHaveAttribute('aria-pressed', 'true');
      await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
    },
  },
  'hearth-blog-editor': { page: '/blog-editor.html', act: asksToSignIn },
  'hearth-contact-form': {
    page: '/',
    axe: '#general-lead hearth-contact-form',
    act: async (_page, element) => {
      const form = element.first();
      await form.getByRole('button', { name: contactTexts.submit }).click();
      await expect(form.locator('[part="error"]').first()).toHaveText('Please enter your first name');
      await expect(form.getByLabel(contactTexts.labels.firstName)).toBeFocused();
    },
  },
  'hearth-documents': { page: '/documents.html', act: asksToSignIn },
  'hearth-home-detail': { page: '/payments.html', act: asksToSignIn },
  'hearth-home-value': {
    page: '/home-value.html',
    act: async (_page, element) => {
      const address = element.getByRole('combobox', { name: valuationTexts.addressLabel });
      await address.click();
      await address.pressSequentially('1387 S 1100');
      await element.getByRole('option', { name: /1387 S 1100 E, Salt Lake City/ }).click();
      await expect(address).toHaveValue('1387 S 1100 E, Salt Lake City, UT, USA');
    },
  },
  'hearth-leads': { page: '/leads.html', act: asksToSignIn },
  'hearth-listing-card': {
    page: '/listings.html',
    axe: '#card-b',
    act: async (page, element) => {
      const card = element.and(page.locator('#card-b'));
      await expect(card.locator('[part="price"]')).toBeVisible();
      await card.locator('[part="favorite"]').click();
      await expect(signInDialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(signInDialog(page)).toHaveCount(0);
      await expect(card.locator('[part="favorite"]')).toBeFocused();
    },
  },
  'hearth-listing-detail': {
    page: '/listing-actions.html',
    as: 'fresh',
    axe: '#detail, #tour',
    act: async (page, element) => {
      await expect(element.locator('[part="price"]')).toHaveText('$489,000');
      await element.getByRole('group', { name: listingDetailTexts.actions.label }).getByRole('button', { name: listingDetailTexts.actions.requestTour }).click();
      await expect(page.locator('#tour').getByRole('dialog', { name: requestTourTexts.dialogTitle })).toBeVisible();
    },
  },
  'hearth-make-offer': {
    page: '/offer.html',
    as: 'fresh',
    act: async (_page, element) => {
      await element.getByRole('button', { name: offerTexts.makeOffer }).click();
      const dialog = element.getByRole('dialog', { name: offerTexts.dialog.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    },
  },
  'hearth-market-metrics': {
    page: '/market.html',
    act: async (_page, element) => {
      await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'ready');
      const toggle = element.locator('[part="metric"]').first().locator('[part="table-toggle"]');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(element.locator('[part="metric"]').first().locator('[part="table"]')).toBeVisible();
    },
  },
  'hearth-marketing': { page: '/marketing.html', act: asksToSignIn },
  'hearth-mortgage-calculator': {
    page: '/mortgage.html',
    act: async (_page, element) => {
      const monthly = element.locator('[data-part="principalAndInterest"] dd');
      await expect(monthly).toHaveAttribute('data-pennies', '179865');
      await element.getByRole('textbox', { name: mortgageCalculatorTexts.labels.price }).fill('400000');
      await expect(monthly).toHaveAttribute('data-pennies', '194854');
    },
  },
  'hearth-mortgage-prequal': {
    page: '/mortgage.html',
    act: async (page, element) => {
      await element.getByRole('button', { name: mortgagePrequalTexts.start.prequalification }).click();
      await expect(signInDialog(page)).toBeVisible();
    },
  },
  'hearth-offers': { page: '/offer.html', act: asksToSignIn },
  'hearth-open-houses': {
    page: '/open-houses.html',
    as: 'seller',
    act: async (_page, element) => {
      await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'seller');
      await element.getByRole('button', { name: openHouseTexts.addOpenHouse }).click();
      await expect(element.getByRole('dialog', { name: openHouseTexts.dialog.newTitle })).toBeVisible();
    },
  },
  'hearth-partner-console': { page: '/partner-console.html', act: asksToSignIn },
  'hearth-photo-management': {
    page: '/photo-management.html',
    as: 'seller',
    act: async (_page, element) => {
      await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'ready');
      // A text file named like a photo: refused by name, nothing stored.
      await element.locator('[part="file-input"]').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Not a photo.\n'.repeat(40)) });
      await expect(element.locator('[part="upload"][data-state="refused"]')).toContainText('notes.jpg');
    },
  },
  'hearth-questionnaire': {
    page: '/questionnaire.html',
    axe: '#whole-form hearth-questionnaire',
    act: async (page) => {
      const form = page.locator('#whole-form hearth-questionnaire');
      await expect(form.getByRole('heading', { name: 'Text and numbers' })).toBeVisible();
      await form.locator('[part="submit"]').click();
      await expect(form.locator('[data-key="nickname"] [part="widget-error"]')).toBeVisible();
    },
  },
  'hearth-request-tour': {
    page: '/request-tour.html',
    as: 'fresh',
    axe: '#tour',
    act: async (page) => {
      const element = page.locator('#tour');
      await element.getByRole('button', { name: requestTourTexts.button }).click();
      const dialog = element.getByRole('dialog', { name: requestTourTexts.dialogTitle });
      await expect(dialog.locator('[part="steps"] [aria-current="step"]')).toContainText(requestTourTexts.stepTourTime);
    },
  },
  'hearth-saved-searches': {
    page: '/saved-searches.html',
    as: 'fresh',
    act: async (page, element, user) => {
      const { saveSearch } = await graphql<{ saveSearch: { id: string } }>(
        page.request,
        user,
        'mutation SaveSearch($m: JSON!) { saveSearch(name: "Near the U", notificationFrequency: DAILY, searchModal: $m) { id } }',
        { m: { address: 'Salt Lake City, UT, USA', searchInput: { maxPriceInPennies: 55_000_000, minBedrooms: 3 }, orderBy: 'NEWEST' } },
      );
      await page.reload();
      const row = element.locator(`[part="saved-search"][data-search-id="${saveSearch.id}"]`);
      await expect(row.locator('[part="name"]')).toHaveText('Near the U');
      // Open goes to the partner's own search page, with the saved place and filters.
      await expect(row.locator('[part="open"]')).toHaveAttribute('href', 'search.html?location=Salt-Lake-City%2C-UT%2C-USA&price_max=550000&beds=3');
    },
  },
  'hearth-search-box': {
    page: '/listings.html',
    act: async (_page, element) => {
      const input = element.getByRole('combobox', { name: searchTexts.inputLabel });
      await input.click();
      await input.pressSequentially('salt lak', { delay: 30 });
      await expect(element.getByRole('option', { name: /Salt Lake City, UT/ })).toBeVisible();
    },
  },
  'hearth-search-map': {
    page: '/search.html',
    act: async (_page, element) => {
      const first = element.locator('[part="result"]').first();
      await expect(first.locator('[part="price"]')).toBeVisible();
      const id = await first.getAttribute('data-listing-id');
      await first.hover();
      await expect(element.locator(`[part~="pin"][data-listing-id="${id}"]`)).toHaveAttribute('data-state', 'highlighted');
    },
  },
  'hearth-seller-dashboard': { page: '/seller.html', axe: '#dashboard', act: asksToSignIn },
  'hearth-sign-in': {
    page: '/listings.html',
    act: async (_page, element, user) => {
      await element.getByRole('tab', { name: auth.tabSignIn }).click();
      await element.getByLabel(auth.labels.email).fill(user!.email);
      await element.getByLabel(auth.labels.password).fill(PASSWORD);
      await element.getByRole('button', { name: auth.signInButton }).click();
      await expect(element.locator('[part="signed-in"]')).toContainText('Signed in as Test Buyer');
    },
  },
  'hearth-toaster': {
    page: '/listings.html',
    as: 'fresh',
    act: async (page, element) => {
      await page.locator('#account').getByRole('button', { name: auth.logOut }).click();
      await expect(element.locator('[part="toast"]')).toContainText(auth.loggedOut);
    },
  },
  'hearth-tours': { page: '/tours.html', act: asksToSignIn },
};

test.describe('every element on the partner page, in this build: mounts, answers one interaction, axe and CSP clean', () => {
  test('every element has its smoke test here', ELEMENT, () => {
    expect(Object.keys(SMOKES).sort()).toEqual(discoverElements().map((e) => e.tag).sort());
  });

  for (const [tag, smoke] of Object.entries(SMOKES)) {
    test(`<${tag}>`, ELEMENT, async ({ page, openPartnerPage, build, request }) => {
      // <hearth-sign-in> signs in a fresh account by hand; the others start signed in as `as` says.
      const user = smoke.as === 'seller' || smoke.as === 'agent' ? await logIn(request, smoke.as) : smoke.as === 'fresh' || tag === 'hearth-sign-in' ? await signUp(request) : null;
      if (user && tag !== 'hearth-sign-in') await startSignedIn(page, user);
      await openPartnerPage(smoke.page);
      // The page loaded this build from the API origin.
      const cdn = new URL(await page.evaluate(() => window.hearth?.cdn ?? ''));
      expect(cdn.origin).toBe(apiUrl());
      expect(cdn.pathname.startsWith(`/${build}/v`)).toBe(true);
      const element = page.locator(tag);
      await smoke.act(page, element, user);
      expect(await axeViolations(page, smoke.axe ?? tag)).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
    });
  }
});
