/**
 * The upload-document widget (plain and passport mode) and the generated-document widget of the kitchen-sink
 * questionnaire, on the partner demo page (other origin, strict CSP), for a signed-in applicant with a case
 * (widget spec §2, §4, §6 "uploads use the signed-in user's access", §8, §9; issue 21). The passport is a
 * specimen this test draws (server/passport/specimen.ts); OCR runs on the server.
 */
import type { Page } from '@playwright/test';
import { pdfDownloadName } from '../../core/documents/download-name';
import { documentTexts as d } from '../../core/i18n/documents';
import { widgetTexts as w } from '../../questionnaire/widgets/texts';
import { passportSpecimen } from '../../server/passport/specimen';
import { apiUrl, axeViolations, cspViolations, expect, partnerUrl, test } from './fixtures';
import { answersTo, WHOLE_FORM } from './kitchen-sink';
import { graphql, signUp, startSignedIn, type SignedInUser } from './sessions';

/** Answers the kitchen sink's first screens as the signed-in user (as the element would), then reloads on 'documents'. */
async function openDocumentsScreen(page: Page, user: SignedInUser) {
  const host = page.locator(WHOLE_FORM);
  await expect(host.getByRole('heading', { name: 'Text and numbers' })).toBeVisible();
  const stored = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith('kitchen-sink|form'))!;
    return JSON.parse(sessionStorage.getItem(key)!) as { id: string; pin: string | null };
  });
  const answers = answersTo({ yes: 'document_widgets', no: 'no_document_widgets' });
  const next = `mutation questionnaireNextScreen($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { screenId } }`;
  let screenId = 'text';
  while (screenId !== 'documents') {
    // As the element sends it: the user's token, or the PIN of a response it started before the session was known.
    const result = await fetch(`${apiUrl()}/${stored.pin ? 'public_graphql' : 'graphql'}/?queryName=questionnaireNextScreen&partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: partnerUrl(), Authorization: stored.pin ? `Questionnaire ${stored.pin}` : `Token ${user.token}` },
      body: JSON.stringify({ query: next, variables: { respId: stored.id, data: answers[screenId] } }),
    });
    const body = (await result.json()) as { data?: { questionnaireNextScreen: { screenId: string } }; errors?: unknown };
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    screenId = body.data.questionnaireNextScreen.screenId;
  }
  await page.reload();
  await expect(host.getByRole('heading', { name: 'Your documents' })).toBeVisible();
  return host;
}

test.describe('<hearth-questionnaire> upload and generated-document widgets on a partner page (other origin, strict CSP)', () => {
  test('an image upload, a passport read from its machine-readable zone, and the generated PDF', async ({ openPartnerPage, page, request }) => {
    test.setTimeout(180_000);
    const user = await signUp(request, 'Anna', 'Eriksson');
    const started = await graphql<{ createPreQualification: { id: string } }>(request, user, 'mutation StartCase { createPreQualification { id } }');
    const caseId = started.createPreQualification.id;
    await startSignedIn(page, user);
    await openPartnerPage('/questionnaire.html');
    const form = await openDocumentsScreen(page, user);
    const toast = (text: string) => page.locator('hearth-toaster [part="toast"]', { hasText: text });

    // Without a case the widgets say what they need.
    const supporting = form.locator('[data-key="supporting"]');
    await expect(supporting).toContainText(w.upload.noCase);
    await form.getByRole('textbox', { name: /^Case number/ }).fill(caseId);

    // ---- A plain upload: the spec's texts, then the saved toast and the preview from our origin.
    await expect(supporting.getByText(d.nothingUploaded)).toBeVisible();
    await expect(supporting.getByRole('button', { name: w.upload.expand })).toBeDisabled();
    await supporting.getByRole('button', { name: d.uploadFile }).click();
    await expect(toast(d.noFileChosen)).toHaveAttribute('data-tone', 'info');
    const png = await passportSpecimen(undefined, 'png');
    await supporting.getByLabel(d.chooseFile).setInputFiles({ name: 'letter.png', mimeType: 'image/png', buffer: png });
    await supporting.getByRole('button', { name: d.uploadFile }).click();
    await expect(toast(d.documentSaved)).toHaveAttribute('data-tone', 'success');
    const image = supporting.locator('[part="preview-image"]');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1000);
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^${apiUrl()}/v1/api/documents/\\d+\\?`));
    await expect(supporting.getByText(d.updateYourFile)).toBeVisible();
    await expect(supporting.getByRole('button', { name: d.updateFile })).toBeVisible();
    await supporting.getByRole('button', { name: w.upload.expand }).click();
    await expect(supporting.getByRole('button', { name: w.upload.collapse })).toHaveAttribute('aria-expanded', 'true');

    // ---- Passport mode: the server reads the specimen's MRZ and fills the five fields; verified starts unticked.
    const passport = form.locator('[data-key="passport"]');
    await passport.getByLabel(d.chooseFile).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
    await passport.getByRole('button', { name: d.uploadFile }).click();
    const field = (variable: string) => passport.locator(`[data-variable="${variable}"]`);
    await expect(field('app_first_name_passport')).toHaveValue('Anna Maria', { timeout: 90_000 });
    await expect(field('app_last_name_passport')).toHaveValue('Eriksson');
    await expect(field('app_birth_date')).toHaveValue('8/12/1974');
    await expect(field('app_passport_number')).toHaveValue('L898902C3');
    await expect(field('app_passport_expire_date')).toHaveValue('4/15/2034');
    const verified = passport.getByRole('checkbox', { name: w.upload.verified });
    await expect(verified).not.toBeChecked();
    await verified.check();

    // ---- The generated document: ready, then a preview and the download under the spec's name.
    const generated = form.locator('[data-key="summary"]');
    const download = generated.locator('a[part="download"]');
    await expect(download).toBeVisible({ timeout: 90_000 });
    await expect(generated.locator('[part="preview-link"]')).toHaveAttribute('href', new RegExp(`^${apiUrl()}/v1/api/generated-pdfs/\\d+/pdf\\?`));
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(pdfDownloadName());

    await passport.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/questionnaire-uploads.png' });
    expect(await axeViolations(page, WHOLE_FORM)).toEqual([]);
    // This partner's CSP frames nothing of ours: the PDF preview falls back to its link.
    expect((await cspViolations(page)).every((v) => v.startsWith('frame-src'))).toBe(true);
  });
});
