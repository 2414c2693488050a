import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import { cspViolations, expect, test } from './fixtures';
import { graphql, logIn, startSignedIn, type SignedInUser } from './sessions';

/** The demo seller's photo case named by the partner page (server/listing-photos/demo-case.ts). */
const CASE_ID = '900000001';
const RECORD_EVENTS = `document.addEventListener('hearth-photos-changed', (e) => window.__events && window.__events.push({ type: 'hearth-photos-changed', detail: e.detail }));`;

const PHOTOS = `query ListingPhotos($id: ID!) { listingPhotos(applicationCaseId: $id) { id caption isCover } }`;

/** Both projects share the server and the demo case: each starts from a case without photos. */
async function clearPhotos(request: APIRequestContext, seller: SignedInUser) {
  const { listingPhotos } = await graphql<{ listingPhotos: { id: string }[] }>(request, seller, PHOTOS, { id: CASE_ID });
  for (const { id } of listingPhotos) {
    await graphql(request, seller, `mutation UpdatePhotoManagement($id: ID!, $del: ID) { updatePhotoManagement(applicationCaseId: $id, deleteListingPhotoId: $del) { id } }`, { id: CASE_ID, del: id });
  }
}

/** A 1200×900 JPEG of one colour with a number on it, like a phone photo with its location in EXIF. */
async function photoFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '111/1 53/1 0/1' } })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('#photo-management').analyze();
  expect(axe.violations).toEqual([]);
}

const order = (page: Page) => page.locator('#photo-management [part="photo"]').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.id!));

test.describe('<hearth-photo-management> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('the seller uploads five files (one not a photo: refused by name, the others kept), reorders, sets the cover and deletes one', async ({
    openPartnerPage,
    page,
    request,
  }, testInfo) => {
    const seller = await logIn(request, 'seller');
    await clearPhotos(request, seller);
    await startSignedIn(page, seller);
    await page.addInitScript(RECORD_EVENTS);
    await openPartnerPage('/photo-management.html');
    const element = page.locator('#photo-management');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'ready');
    await expect(element.getByRole('heading', { name: t.heading })).toBeVisible();
    await expect(element.locator('[part="empty"]')).toHaveText(t.emptyGrid);
    await expectNoAxeViolations(page);

    // ---- Five files at once: four photos and a text file named like one.
    const files = [
      await photoFile('front.jpg', '#b03a2e'),
      await photoFile('kitchen.jpg', '#1e8449'),
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Offer notes, not a photo.\n'.repeat(40)) },
      await photoFile('garden.jpg', '#1f618d'),
      await photoFile('garage.jpg', '#b7950b'),
    ];
    await element.locator('[part="file-input"]').setInputFiles(files);
    await expect(element.locator('[part="photo"]')).toHaveCount(4);
    const refused = element.locator('[part="upload"][data-state="refused"]');
    await expect(refused).toHaveCount(1);
    await expect(refused.locator('[part="upload-message"]')).toHaveText(t.notAnImage('notes.jpg'));
    await expect(element.locator('[part="upload"]')).toHaveCount(1);

    // Every picture loads from the API's origin.
    const images = element.locator('[part="image"]');
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    const uploaded = await order(page);
    expect(uploaded).toHaveLength(4);
    await expect(element.locator('[part="photo"]').first()).toHaveAttribute('data-state', /cover/);
    await expectNoAxeViolations(page);

    // ---- Reorder by keyboard: the third photo's number, Alt + ArrowLeft.
    const third = element.locator(`[part="photo"][data-id="${uploaded[2]}"] [part="handle"]`);
    await third.focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => order(page)).toEqual([uploaded[0], uploaded[2], uploaded[1], uploaded[3]]);
    await expect(element.locator('[part="announcer"]')).toHaveText(t.moved(2, 4));
    await expect(third).toBeFocused();

    // ---- Reorder by drag and drop: the last photo onto the second place.
    await element.locator(`[part="photo"][data-id="${uploaded[3]}"]`).dragTo(element.locator(`[part="photo"][data-id="${uploaded[2]}"]`));
    await expect.poll(() => order(page)).toEqual([uploaded[0], uploaded[3], uploaded[2], uploaded[1]]);

    // ---- Set the cover: the kitchen (uploaded second, now last).
    await element.locator(`[part="photo"][data-id="${uploaded[1]}"] [part="set-cover"]`).click();
    await expect.poll(() => order(page)).toEqual([uploaded[1], uploaded[0], uploaded[3], uploaded[2]]);
    await expect(element.locator('[part="photo"]').first().locator('[part="cover-badge"]')).toHaveText(t.cover);

    // ---- Caption the cover.
    const caption = element.locator(`[part="photo"][data-id="${uploaded[1]}"] [part="caption-input"]`);
    await caption.fill('Bright kitchen with an island');
    await caption.press('Enter');
    await expect(element.locator('[part="announcer"]')).toHaveText(t.captionSaved);

    // ---- Delete one, after the confirm step (Keep it first: nothing goes).
    await element.locator(`[part="photo"][data-id="${uploaded[3]}"] [part="delete"]`).click();
    let dialog = element.getByRole('dialog', { name: t.confirmDeleteTitle });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t.keepPhoto }).click();
    await expect(element.locator('[part="photo"]')).toHaveCount(4);
    await element.locator(`[part="photo"][data-id="${uploaded[3]}"] [part="delete"]`).click();
    dialog = element.getByRole('dialog', { name: t.confirmDeleteTitle });
    await dialog.getByRole('button', { name: t.confirmDelete }).click();
    await expect(element.locator('[part="photo"]')).toHaveCount(3);
    await expect(element.locator('[part="announcer"]')).toHaveText(t.deleted);

    // What the server holds is what the page shows.
    const { listingPhotos } = await graphql<{ listingPhotos: { id: string; caption: string; isCover: boolean }[] }>(request, seller, PHOTOS, { id: CASE_ID });
    expect(listingPhotos.map((p) => p.id)).toEqual([uploaded[1], uploaded[0], uploaded[2]]);
    expect(listingPhotos[0]).toMatchObject({ caption: 'Bright kitchen with an island', isCover: true });
    const events = await page.evaluate(() => (window as unknown as { __events: { type: string; detail: { change: string } }[] }).__events.filter((e) => e.type === 'hearth-photos-changed').map((e) => e.detail.change));
    expect(events).toEqual(['uploaded', 'uploaded', 'uploaded', 'uploaded', 'reordered', 'reordered', 'cover', 'caption', 'deleted']);

    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/photo-management-${testInfo.project.name}.png`, fullPage: true });
  });

  test('a stranger sees that the home is not theirs, and a forged case id is refused the same way', async ({ openPartnerPage, page, request }) => {
    const buyer = await logIn(request, 'buyer');
    await startSignedIn(page, buyer);
    await openPartnerPage('/photo-management.html');
    const element = page.locator('#photo-management');
    await expect(element.locator('[part="base"]')).toHaveAttribute('data-state', 'not-found');
    await expect(element.locator('[part="message"]')).toHaveText(t.notFound);
    await element.evaluate((el) => el.setAttribute('case-id', '12abc'));
    await expect(element.locator('[part="attribute-error"]')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
