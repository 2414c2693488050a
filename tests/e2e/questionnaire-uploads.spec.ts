/**
 * The upload-document widget (plain and passport mode) and the generated-document widget of the kitchen-sink
 * questionnaire, on the partner demo page (other origin, strict CSP), for a signed-in applicant with a case
 * (widget spec §2, §4, §6 "uploads use the signed-in user's access", §8, §9; issue 21). The passport is a
 * specimen this test draws (server/passport/specimen.ts); OCR runs on the server.
 */
import type { Locator, Page } from '@playwright/test';
import { pdfDownloadName } from '../../core/documents/download-name';
import { documentTexts as d } from '../../core/i18n/documents';
import { questionnaireTexts as q } from '../../core/i18n/questionnaire';
import { widgetTexts as w } from '../../questionnaire/widgets/texts';
import { passportSpecimen } from '../../server/passport/specimen';
import { apiUrl, axeViolations, cspViolations, expect, partnerUrl, test } from './fixtures';
import { answersTo, openKitchenSinkAt, SINGLE, WHOLE_FORM } from './kitchen-sink';
import { graphql, signUp, startSignedIn, type SignedInUser } from './sessions';

/** Chooses `name` (a PNG) in a document widget and presses Upload File. */
async function uploadPng(widget: Locator, name: string, png: Buffer) {
  await widget.getByLabel(d.chooseFile).setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await widget.getByRole('button', { name: d.uploadFile }).click();
}

/** The server read the specimen's MRZ: the passport widget's five fields are filled in (the first wait covers the reading). */
async function expectPassportRead(passport: Locator) {
  const field = (variable: string) => passport.locator(`[data-variable="${variable}"]`);
  await expect(field('app_passport_number')).toHaveValue('L898902C3', { timeout: 90_000 });
  await expect(field('app_first_name_passport')).toHaveValue('Anna Maria');
  await expect(field('app_last_name_passport')).toHaveValue('Eriksson');
  await expect(field('app_birth_date')).toHaveValue('8/12/1974');
  await expect(field('app_passport_expire_date')).toHaveValue('4/15/2034');
}

/** The generated-document widget once its PDF is ready: the preview link from our origin, then the download under the spec's name. */
async function downloadGeneratedPdf(page: Page, form: Locator) {
  const generated = form.locator('[data-key="summary"]');
  const download = generated.locator('a[part="download"]');
  await expect(download).toBeVisible({ timeout: 90_000 });
  await expect(generated.locator('[part="preview-link"]')).toHaveAttribute('href', new RegExp(`^${apiUrl()}/v1/api/generated-pdfs/\\d+/pdf\\?`));
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(pdfDownloadName());
  return file;
}

/**
 * Answers the kitchen sink's first screens as the signed-in user (as the element would), then reloads on
 * 'documents' — of the whole form, or of the single-question element.
 */
async function openDocumentsScreen(page: Page, user: SignedInUser, mode: 'form' | 'single' = 'form') {
  const host = page.locator(mode === 'form' ? WHOLE_FORM : SINGLE);
  await expect(host.getByRole('heading', { name: 'Text and numbers' })).toBeVisible();
  const stored = await page.evaluate((suffix) => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith(suffix))!;
    return JSON.parse(sessionStorage.getItem(key)!) as { id: string; pin: string | null };
  }, `kitchen-sink|${mode}`);
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
  if (mode === 'form') await expect(host.getByRole('heading', { name: 'Your documents' })).toBeVisible();
  else await expect(host.locator('[part="step"]')).toHaveText(q.stepOf(1, 4));
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
    await uploadPng(supporting, 'letter.png', png);
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
    await uploadPng(passport, 'passport.png', png);
    await expectPassportRead(passport);
    const verified = passport.getByRole('checkbox', { name: w.upload.verified });
    await expect(verified).not.toBeChecked();
    await verified.check();

    // ---- The generated document: ready, then a preview and the download under the spec's name.
    await downloadGeneratedPdf(page, form);

    await passport.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/questionnaire-uploads.png' });
    expect(await axeViolations(page, WHOLE_FORM)).toEqual([]);
    // This partner's CSP frames nothing of ours: the PDF preview falls back to its link.
    expect((await cspViolations(page)).every((v) => v.startsWith('frame-src'))).toBe(true);

    // ---- On through Next: the server keeps the answers (the documents are this user's), then the submit.
    await form.locator('[part="submit"]').click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    await expect(form.locator('[part="summary"]')).toContainText('Uploaded');
    await form.getByRole('button', { name: 'I confirm' }).click();
    await form.locator('[part="submit"]').click();
    await expect(form.locator('[part="completed"]')).toContainText(q.completedHeading);
  });

  test('a guest (no account): the upload widgets say to sign in and send nothing', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openKitchenSinkAt(page, 'form', 'documents', answersTo({ yes: 'document_widgets', no: 'no_document_widgets' }));
    await expect(form.getByRole('heading', { name: 'Your documents' })).toBeVisible();
    const passport = form.locator('[data-key="passport"]');
    await expect(passport).toContainText(w.upload.noCase);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/queryName=[^&]*(MyDocuments|UploadedDocument|ExtractPassport)/.test(r.url())) asked.push(r.url());
    });
    await form.getByRole('textbox', { name: /^Case number/ }).fill('12');
    await expect(passport.getByRole('alert')).toHaveText(w.upload.signIn);
    await expect(form.locator('[data-key="supporting"]').getByRole('alert')).toHaveText(w.upload.signIn);
    await expect(passport.getByLabel(d.chooseFile)).toHaveCount(0);
    expect(asked).toEqual([]);
    expect(await axeViolations(page, WHOLE_FORM)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('single-question mode: the case, the passport, an image upload and the generated PDF, Next through each', async ({ openPartnerPage, page, request }) => {
    test.setTimeout(180_000);
    const user = await signUp(request, 'Anna', 'Eriksson');
    const started = await graphql<{ createPreQualification: { id: string } }>(request, user, 'mutation StartCase { createPreQualification { id } }');
    await startSignedIn(page, user);
    await openPartnerPage('/questionnaire.html');
    const form = await openDocumentsScreen(page, user, 'single');
    const step = form.locator('[part="step"]');
    const next = form.locator('[part="next"]');
    const toast = (text: string) => page.locator('hearth-toaster [part="toast"]', { hasText: text });
    await expect(form.locator('[part="widget"]')).toHaveCount(1);

    // 1 of 4: the case the documents belong to.
    await form.getByRole('textbox', { name: /^Case number/ }).fill(started.createPreQualification.id);
    await expect(next).toBeEnabled();
    await next.click();

    // 2 of 4: passport mode. Next waits for a document and the ticked verified box.
    await expect(step).toHaveText(q.stepOf(2, 4));
    const passport = form.locator('[data-key="passport"]');
    await expect(passport.getByText(d.nothingUploaded)).toBeVisible();
    await expect(next).toBeDisabled();
    const png = await passportSpecimen(undefined, 'png');
    await uploadPng(passport, 'passport.png', png);
    await expect(toast(d.documentSaved)).toHaveAttribute('data-tone', 'success');
    await expectPassportRead(passport);
    await expect(next).toBeDisabled();
    await passport.getByRole('checkbox', { name: w.upload.verified }).check();
    await expect(next).toBeEnabled();
    expect(await axeViolations(page, SINGLE)).toEqual([]);
    await next.click();

    // 3 of 4: a plain image upload, its preview from our origin, then Next.
    await expect(step).toHaveText(q.stepOf(3, 4));
    const supporting = form.locator('[data-key="supporting"]');
    await expect(supporting.getByText(d.nothingUploaded)).toBeVisible();
    await uploadPng(supporting, 'letter.png', png);
    await expect(toast(d.documentSaved).last()).toHaveAttribute('data-tone', 'success');
    const image = supporting.locator('[part="preview-image"]');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1000);
    await expect(supporting.getByRole('button', { name: d.updateFile })).toBeVisible();
    await expect(next).toBeEnabled();
    await next.click();

    // 4 of 4: the generated document — preview link and the download under the spec's name — then Next.
    await expect(step).toHaveText(q.stepOf(4, 4));
    const file = await downloadGeneratedPdf(page, form);
    expect(file.suggestedFilename()).toMatch(/^download-\d{4}\.\d{1,2}\.\d{1,2}\.pdf$/);
    expect(await axeViolations(page, SINGLE)).toEqual([]);
    await page.screenshot({ path: '/tmp/questionnaire-uploads-single.png' });
    // 'Check and send' follows: Next, not Submit (Submit only on an end screen).
    await expect(form.locator('[part="next"]')).toBeEnabled();
    await form.locator('[part="next"]').click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    expect((await cspViolations(page)).every((v) => v.startsWith('frame-src'))).toBe(true);
  });
});
