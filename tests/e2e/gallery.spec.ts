/**
 * The element gallery (/demo/gallery/ on the API origin, under the hosted site's CSP): a section for every
 * element of custom-elements.json, knobs that set attributes on the live element, and the event log.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiUrl, expect, test } from './fixtures';

interface Manifest {
  modules: { declarations: { tagName: string }[] }[];
}
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as Manifest;
const TAGS = manifest.modules.flatMap((module) => module.declarations.map((declaration) => declaration.tagName));

/** Opens the gallery for this project's build, recording CSP violations. */
async function openGallery(page: Page, build: 'cdn' | 'cdn-react'): Promise<Page> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${apiUrl()}/demo/gallery/${build === 'cdn-react' ? '?build=react' : ''}`);
  await expect(page.locator('#elements')).not.toHaveAttribute('aria-busy');
  return page;
}

/** The tags the loader can load in this build: each gets a live element. */
async function loadableTags(build: 'cdn' | 'cdn-react'): Promise<string[]> {
  const response = await fetch(`${apiUrl()}/${build}/v1/manifest.json`);
  return Object.keys(((await response.json()) as { elements: Record<string, unknown> }).elements);
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

test.describe('the element gallery', () => {
  test('has a section for every tag in custom-elements.json, with a live, defined element for each the loader loads', async ({ page, build }) => {
    expect(TAGS.length).toBeGreaterThan(10);
    await openGallery(page, build);

    for (const tag of TAGS) {
      const section = page.locator(`section#${tag}`);
      await expect(section.getByRole('heading', { level: 2, name: `<${tag}>` })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Elements' }).getByRole('link', { name: tag, exact: true })).toHaveAttribute('href', `#${tag}`);
    }
    const loadable = await loadableTags(build);
    expect(loadable.length).toBeGreaterThan(10);
    for (const tag of loadable) {
      await expect(page.locator(`section#${tag} ${tag}:defined`)).toHaveCount(1);
    }
    // The seed's demo listing for elements that need one.
    await expect(page.locator('#hearth-listing-card-live')).toHaveAttribute('listing-id', '1001');
    await expect(page.locator('#hearth-contact-form--listing-id')).toHaveValue('1001');
    expect(await cspViolations(page)).toEqual([]);
  });

  test('knobs set and remove attributes of the live element: select, checkbox, text', async ({ page, build }) => {
    await openGallery(page, build);
    const knobs = page.getByRole('form', { name: 'hearth-contact-form attributes' });
    const live = page.locator('#hearth-contact-form-live');

    await knobs.getByLabel('variant', { exact: false }).selectOption('small');
    await expect(live).toHaveAttribute('variant', 'small');
    await knobs.getByLabel('variant', { exact: false }).selectOption('');
    await expect(live).not.toHaveAttribute('variant');

    await knobs.getByRole('checkbox', { name: /hide-agent/ }).check();
    await expect(live).toHaveAttribute('hide-agent', '');
    await knobs.getByRole('checkbox', { name: /hide-agent/ }).uncheck();
    await expect(live).not.toHaveAttribute('hide-agent');

    const listingId = knobs.getByRole('textbox', { name: /listing-id/ });
    await listingId.fill('1002');
    await listingId.press('Enter');
    await expect(live).toHaveAttribute('listing-id', '1002');
    await listingId.fill('');
    await listingId.press('Enter');
    await expect(live).not.toHaveAttribute('listing-id');
  });

  test('the event log shows hearth-* events from any element, with their type and detail JSON', async ({ page, build }) => {
    await openGallery(page, build);
    const log = page.getByRole('log', { name: 'Event log' });
    await expect(log.getByText('hearth-loaded', { exact: true })).toBeVisible();

    const listingId = page.getByRole('form', { name: 'hearth-listing-card attributes' }).getByRole('textbox', { name: /listing-id/ });
    await listingId.fill('abc');
    await listingId.press('Enter');
    const entry = log.getByRole('listitem').filter({ hasText: 'from hearth-listing-card' }).first();
    await expect(entry.locator('.event-type')).toHaveText('hearth-error');
    const detail = JSON.parse((await entry.locator('.event-detail').textContent())!) as Record<string, unknown>;
    expect(detail).toMatchObject({ tag: 'hearth-listing-card', kind: 'attribute', attribute: 'listing-id', value: 'abc' });

    // What elements emit once their data has loaded (the detail's hearth-listing-viewed) is in, and the log has gone
    // quiet, before it is cleared: on a slow run such an event once landed just after the clear.
    await expect(log.getByText('hearth-listing-viewed', { exact: true })).toBeVisible();
    const items = log.getByRole('listitem');
    await expect
      .poll(async () => {
        const before = await items.count();
        await page.waitForTimeout(500);
        return (await items.count()) === before;
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Clear log' }).click();
    await expect(items).toHaveCount(0);
  });

  test('has no axe violations', async ({ page, build }) => {
    await openGallery(page, build);
    for (const tag of await loadableTags(build)) await expect(page.locator(`section#${tag} ${tag}:defined`)).toHaveCount(1);
    // Rendered with data: the listing card's price and the search map's results.
    await expect(page.locator('#hearth-listing-card-live').getByText(/^\$[\d,]+$/)).toBeVisible();
    // A search further down the page starts as it nears the screen.
    await page.locator('#hearth-search-map-live').scrollIntoViewIfNeeded();
    await expect(page.locator('#hearth-search-map-live [part~="result"]').first()).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
