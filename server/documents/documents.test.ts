import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { hashPin } from '../questionnaires/access';
import { codeOf, graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { pdfDownloadName } from '../../core/documents/download-name';
import { documentTexts } from '../../core/i18n/documents';
import { startPdfWorker } from '../pdf/jobs';
import { replaceUploadStorageForTests } from '../storage';
import { S3Storage } from '../storage/s3';
import { startS3Double, type S3Double } from '../testing/s3-double';
import { signedLink } from './links';

let server: RunningServer;
let uploadDir: string;
let owner: SignedUp;
let stranger: SignedUp;
let caseId: string;
let responseId: string;
let slots: { id: string; name: string; required: boolean; component: { id: string; type: string } }[];

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

const DOC_FIELDS = 'id fileName contentType byteSize file downloadUrl componentId applicationCaseId created modified translatedDocument { id fileName }';

/** A GraphQL multipart upload (the spec's transport for files). */
async function upload(
  who: SignedUp | null,
  mutation: string,
  variables: Record<string, unknown>,
  file: { bytes: Uint8Array; name: string; type?: string },
): Promise<GraphqlResponse> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: mutation, variables: { ...variables, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${server.url}/graphql/?queryName=Upload`, {
    method: 'POST',
    headers: who ? { Authorization: `Token ${who.token}` } : {},
    body: form,
  });
  return (await response.json()) as GraphqlResponse;
}

const CREATE = `mutation Upload($file: File!, $componentId: ID!, $applicationCaseId: ID!, $translationOf: ID) {
  createUploadedDocument(file: $file, componentId: $componentId, applicationCaseId: $applicationCaseId, translationOf: $translationOf) { ${DOC_FIELDS} } }`;
const UPDATE = `mutation Upload($file: File!, $id: ID!) { updateUploadedDocument(file: $file, id: $id) { ${DOC_FIELDS} } }`;
const CANDIDATE = `mutation Upload($file: File!, $componentId: ID!, $questionnaireResponseId: ID!, $guestToken: String!) {
  createCandidateUploadedDocument(file: $file, componentId: $componentId, questionnaireResponseId: $questionnaireResponseId, guestToken: $guestToken) { ${DOC_FIELDS} } }`;

async function pdfBytes(text: string, pages = 1, build?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([300, 300]).drawText(`${text} page ${i + 1}`, { x: 20, y: 150, size: 12, font });
  build?.(doc);
  return doc.save();
}
const pngBytes = () => sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } }).png().toBuffer();

const slotId = (key: string) => slots.find((s) => s.component.id === key)!.id;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-documents-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  // The PDF worker is driven by the tests themselves (restart included).
  server = await startTestServer({ jobs: false });
  owner = await signUp(server);
  stranger = await signUp(server);
  const started = await gql(owner, 'mutation { createPreQualification { id caseResponse { id } } }');
  expect(started.errors).toBeUndefined();
  caseId = started.data!.createPreQualification.id;
  responseId = started.data!.createPreQualification.caseResponse.id;
  await server.db.query(`UPDATE questionnaire_responses SET context = $2 WHERE id = $1`, [
    responseId,
    JSON.stringify({ first_name: 'राम', last_name: 'Thapa', annual_income: 84000, has_coborrower: false }),
  ]);
  const mine = await gql(owner, `query ($id: ID) { myDocuments(applicationCaseId: $id) { id caseComponents { id name required component { id type } } } }`, { id: caseId });
  expect(mine.errors).toBeUndefined();
  slots = mine.data!.myDocuments[0].caseComponents;
}, 240_000);
afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

describe(`document slots and uploads (${engineName()})`, () => {
  it('lists the slots of the case type as data (spec §3 Case component)', async () => {
    expect(slots.map((s) => s.component.id)).toEqual(['photo-id', 'pay-stubs', 'w2-forms', 'bank-statements', 'other', 'application-summary']);
    expect(slots.find((s) => s.component.id === 'photo-id')).toMatchObject({ name: 'Photo ID', required: true, component: { type: 'UPLOAD_DOCUMENT' } });
    const all = await gql(owner, '{ myDocuments { id applicationType { slugId } caseComponents { id } } }');
    expect(all.data!.myDocuments).toEqual([expect.objectContaining({ id: caseId, applicationType: { slugId: 'mortgage-prequalification' } })]);
    expect((await gql(stranger, '{ myDocuments { id } }')).data!.myDocuments).toEqual([]);
  });

  it('uploads, serves through a signed link, replaces, translates and deletes', async () => {
    const pdf = await pdfBytes('Pay stub');
    const created = await upload(owner, CREATE, { componentId: slotId('pay-stubs'), applicationCaseId: caseId }, { bytes: pdf, name: 'stub.pdf' });
    expect(created.errors).toBeUndefined();
    const doc = created.data!.createUploadedDocument;
    expect(doc).toMatchObject({ fileName: 'stub.pdf', contentType: 'application/pdf', byteSize: pdf.length, applicationCaseId: caseId });
    expect(doc.file).toMatch(new RegExp(`^${server.url}/v1/api/documents/${doc.id}\\?holder=u${owner.user.id}&expires=\\d+&signature=`));

    const served = await fetch(doc.file);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="stub.pdf"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect((await fetch(doc.downloadUrl)).headers.get('content-disposition')).toMatch(/^attachment;/);

    const latest = await gql(owner, `query ($c: ID!, $a: ID) { latestUploadedDocument(componentId: $c, applicationCaseId: $a) { id fileName } }`, {
      c: slotId('pay-stubs'),
      a: caseId,
    });
    expect(latest.data!.latestUploadedDocument).toEqual({ id: doc.id, fileName: 'stub.pdf' });

    // Replace: a PNG in place of the PDF; the old link's file is gone.
    const replaced = await upload(owner, UPDATE, { id: doc.id }, { bytes: await pngBytes(), name: 'stub.png' });
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data!.updateUploadedDocument).toMatchObject({ id: doc.id, fileName: 'stub.png', contentType: 'image/png' });
    expect((await fetch(replaced.data!.updateUploadedDocument.file)).headers.get('content-type')).toBe('image/png');

    // A translated copy, then its deletion keeps the original.
    const translated = await upload(owner, CREATE, { componentId: slotId('pay-stubs'), applicationCaseId: caseId, translationOf: doc.id }, { bytes: pdf, name: 'stub-en.pdf' });
    expect(translated.errors).toBeUndefined();
    const withCopy = await gql(owner, `query ($id: ID!) { uploadedDocument(id: $id) { translatedDocument { id fileName } } }`, { id: doc.id });
    expect(withCopy.data!.uploadedDocument.translatedDocument).toEqual({ id: translated.data!.createUploadedDocument.id, fileName: 'stub-en.pdf' });
    const dropped = await gql(owner, `mutation ($id: ID!) { deleteUploadedTranslatedDocument(id: $id) { id translatedDocument { id } } }`, { id: doc.id });
    expect(dropped.data!.deleteUploadedTranslatedDocument).toEqual({ id: doc.id, translatedDocument: null });
    expect(codeOf(await gql(owner, `mutation ($id: ID!) { deleteUploadedTranslatedDocument(id: $id) { id } }`, { id: doc.id }))).toBe('NOT_FOUND');

    const deleted = await gql(owner, `mutation ($id: ID!) { deleteUploadedDocument(id: $id) }`, { id: doc.id });
    expect(deleted.data!.deleteUploadedDocument).toBe(doc.id);
    expect((await fetch(replaced.data!.updateUploadedDocument.file)).status).toBe(404);
    expect(codeOf(await gql(owner, `query ($id: ID!) { uploadedDocument(id: $id) { id } }`, { id: doc.id }))).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND to strangers and forged ids on every operation', async () => {
    const mine = (await upload(owner, CREATE, { componentId: slotId('photo-id'), applicationCaseId: caseId }, { bytes: await pngBytes(), name: 'id.png' })).data!
      .createUploadedDocument;
    const png = { bytes: await pngBytes(), name: 'x.png' };
    const refusals: GraphqlResponse[] = [
      await upload(stranger, CREATE, { componentId: slotId('photo-id'), applicationCaseId: caseId }, png),
      await upload(owner, CREATE, { componentId: slotId('photo-id'), applicationCaseId: '999999' }, png),
      await upload(owner, CREATE, { componentId: '999999', applicationCaseId: caseId }, png),
      await upload(owner, CREATE, { componentId: 'abc', applicationCaseId: caseId }, png),
      await upload(stranger, UPDATE, { id: mine.id }, png),
      await upload(owner, UPDATE, { id: '999999' }, png),
      await gql(stranger, `query ($id: ID!) { uploadedDocument(id: $id) { id } }`, { id: mine.id }),
      await gql(stranger, `mutation ($id: ID!) { deleteUploadedDocument(id: $id) }`, { id: mine.id }),
      await gql(stranger, `mutation ($id: ID!) { deleteUploadedTranslatedDocument(id: $id) { id } }`, { id: mine.id }),
      await gql(stranger, `query ($c: ID!, $a: ID) { latestUploadedDocument(componentId: $c, applicationCaseId: $a) { id } }`, { c: slotId('photo-id'), a: caseId }),
      await gql(stranger, `query ($id: ID) { myDocuments(applicationCaseId: $id) { id } }`, { id: caseId }),
      await gql(stranger, `mutation ($id: ID!) { generatePdf(applicationCaseId: $id) { id } }`, { id: caseId }),
      await gql(owner, `mutation ($id: ID!) { generatePdf(applicationCaseId: $id) { id } }`, { id: '-1' }),
      await gql(owner, `query { generatedPdf(id: "999999") { id } }`),
    ];
    for (const refusal of refusals) expect(codeOf(refusal), JSON.stringify(refusal)).toBe('NOT_FOUND');
    // Another type's slot is not a slot of this case.
    const { rows } = await server.db.query<{ id: number }>(`SELECT id FROM case_components WHERE component_key = 'proof-of-funds'`);
    expect(codeOf(await upload(owner, CREATE, { componentId: String(rows[0]!.id), applicationCaseId: caseId }, png))).toBe('NOT_FOUND');
    // Visitors are not signed in.
    expect(codeOf(await gql(null, '{ myDocuments { id } }'))).toBe('UNAUTHENTICATED');
    // The stranger's generatedPdf for the owner's job.
    const job = await gql(owner, `mutation ($id: ID!) { generatePdf(applicationCaseId: $id) { id } }`, { id: caseId });
    expect(codeOf(await gql(stranger, `query ($id: ID!) { generatedPdf(id: $id) { id } }`, { id: job.data!.generatePdf.id }))).toBe('NOT_FOUND');
    // The mine still stands.
    expect((await gql(owner, `query ($id: ID!) { uploadedDocument(id: $id) { id } }`, { id: mine.id })).data!.uploadedDocument.id).toBe(mine.id);
  });

  it('refuses hostile and wrong files with a clear error naming the file', async () => {
    const put = (bytes: Uint8Array, name: string) => upload(owner, CREATE, { componentId: slotId('other'), applicationCaseId: caseId }, { bytes, name });
    const messageOf = async (bytes: Uint8Array, name: string) => {
      const answer = await put(bytes, name);
      expect(codeOf(answer), name).toBe('BAD_USER_INPUT');
      expect(answer.errors![0]!.extensions!.argument ?? 'file').toBe('file');
      return answer.errors![0]!.message;
    };
    const js = await pdfBytes('js', 1, (doc) => {
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    });
    expect(await messageOf(js, 'js.pdf')).toMatch(/^“js\.pdf” (opens with|contains) JavaScript/);
    const launch = await pdfBytes('launch', 1, (doc) => {
      const page = doc.getPage(0);
      page.node.set(PDFName.of('AA'), doc.context.obj({ O: doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }) }));
    });
    expect(await messageOf(launch, 'launch.pdf')).toMatch(/^“launch\.pdf” contains/);
    const zip = Buffer.concat([Buffer.from(await pdfBytes('zip')), Buffer.from('PK\x03\x04\x14\x00\x00\x00hidden.html', 'latin1')]);
    expect(await messageOf(zip, 'poly.pdf')).toBe('“poly.pdf” is also a ZIP archive; such files are refused.');
    const html = Buffer.concat([await pngBytes(), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(await messageOf(html, 'poly.png')).toBe('“poly.png” is also an HTML page; such files are refused.');
    const bomb = await pdfBytes('bomb', 1, (doc) => {
      const raw = doc.context.stream(deflateSync(Buffer.alloc(120 * 1024 * 1024), { level: 9 }), { Filter: 'FlateDecode' });
      doc.context.register(raw);
    });
    expect(await messageOf(bomb, 'bomb.pdf')).toMatch(/^“bomb\.pdf” inflates/);
    expect(await messageOf(new Uint8Array(0), 'empty.pdf')).toBe('“empty.pdf” is empty (0 bytes).');
    expect(await messageOf(await pngBytes(), 'scan.pdf')).toBe('“scan.pdf” is named .pdf but its content is a PNG image.');
    expect(await messageOf(Buffer.from('just some text'), 'notes.pdf')).toBe('“notes.pdf” is not a PDF, JPEG, PNG, WebP or HEIC file.');
    expect(await messageOf(Buffer.from('%PDF-1.7\n garbage'), 'broken.pdf')).toBe('“broken.pdf” is not a readable PDF.');
    // Nothing of them was stored.
    const { rows } = await server.db.query(`SELECT 1 FROM uploaded_documents WHERE case_component_id = $1`, [slotId('other')]);
    expect(rows).toHaveLength(0);
  }, 60_000);

  it('lets a guest with the response PIN upload (candidate) and read it through its own signed link', async () => {
    await server.db.query('UPDATE questionnaire_responses SET pin_hash = $2 WHERE id = $1', [responseId, hashPin(responseId, '12345678')]);
    const args = { componentId: slotId('bank-statements'), questionnaireResponseId: responseId };
    const wrong = await upload(null, CANDIDATE, { ...args, guestToken: '00000000' }, { bytes: await pngBytes(), name: 'bank.png' });
    expect(codeOf(wrong)).toBe('NOT_FOUND');
    const made = await upload(null, CANDIDATE, { ...args, guestToken: '12345678' }, { bytes: await pngBytes(), name: 'bank.png' });
    expect(made.errors).toBeUndefined();
    const doc = made.data!.createCandidateUploadedDocument;
    expect(doc.applicationCaseId).toBe(caseId);
    expect(doc.file).toContain(`holder=g${responseId}`);
    expect((await fetch(doc.file)).status).toBe(200);
    // The owner sees it in the case.
    const latest = await gql(owner, `query ($c: ID!, $r: ID) { latestUploadedDocument(componentId: $c, questionnaireResponseId: $r) { id } }`, {
      c: slotId('bank-statements'),
      r: responseId,
    });
    expect(latest.data!.latestUploadedDocument.id).toBe(doc.id);
    await server.db.query('UPDATE questionnaire_responses SET pin_hash = NULL WHERE id = $1', [responseId]);
  });
});

describe(`signed links (${engineName()})`, () => {
  it('fail when forged, expired, made for another user, or used with another user’s credentials', async () => {
    const doc = (await upload(owner, CREATE, { componentId: slotId('w2-forms'), applicationCaseId: caseId }, { bytes: await pdfBytes('W-2'), name: 'w2.pdf' })).data!
      .createUploadedDocument;
    const id = Number(doc.id);
    expect((await fetch(doc.file)).status).toBe(200);
    // Forged: the holder changed, the signature cut, a guessed path.
    expect((await fetch(doc.file.replace(`holder=u${owner.user.id}`, `holder=u${stranger.user.id}`))).status).toBe(404);
    expect((await fetch(doc.file.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43)))).status).toBe(404);
    expect((await fetch(`${server.url}/v1/api/documents/${id}`)).status).toBe(404);
    // Expired: made six minutes ago (links live five).
    const old = signedLink(server.url, 'document', id, { userId: owner.user.id }, { now: Date.now() - 6 * 60_000 });
    expect((await fetch(old)).status).toBe(404);
    // Properly signed, but for a user who may not see the document.
    expect((await fetch(signedLink(server.url, 'document', id, { userId: stranger.user.id }))).status).toBe(404);
    // The owner's link sent with the stranger's credentials.
    expect((await fetch(doc.file, { headers: { Authorization: `Token ${stranger.token}` } })).status).toBe(404);
    expect((await fetch(doc.file, { headers: { Authorization: `Token ${owner.token}` } })).status).toBe(200);
    // Staff of the case may read it (a company manager).
    await server.db.query('UPDATE users SET is_company_manager = true WHERE id = $1', [stranger.user.id]);
    expect((await fetch(signedLink(server.url, 'document', id, { userId: stranger.user.id }))).status).toBe(200);
    await server.db.query('UPDATE users SET is_company_manager = false WHERE id = $1', [stranger.user.id]);
  });
});

describe(`generated PDFs (${engineName()})`, () => {
  const GENERATE = `mutation ($id: ID!) { generatePdf(applicationCaseId: $id) { id status userStatus pdf attachmentPdf } }`;
  const POLL = `query ($id: ID!) { generatedPdf(id: $id) { id status userStatus adminStatus pdf attachmentPdf downloadName } }`;

  it('renders the answers (Devanagari included) and appends the documents; a job cut off by a restart completes after it', async () => {
    await upload(owner, CREATE, { componentId: slotId('bank-statements'), applicationCaseId: caseId }, { bytes: await pdfBytes('Statement', 2), name: 'statement.pdf' });
    const job = (await gql(owner, GENERATE, { id: caseId })).data!.generatePdf;
    // Only this job is waiting (earlier tests queued others).
    await server.db.query(`UPDATE generated_pdfs SET status = 'failed' WHERE id <> $1`, [job.id]);
    expect(job).toMatchObject({ status: 'QUEUED', userStatus: documentTexts.generating, pdf: null, attachmentPdf: null });

    // The first worker dies in the middle: its lease holds the job 'running' until it runs out.
    const seen: string[] = [];
    let crashed = false;
    const first = startPdfWorker(server.db, {
      logger: quiet,
      intervalMs: 60_000,
      leaseMs: 800,
      onStep: (_id, step) => {
        seen.push(step);
        if (step === 'Rendering the form…' && !crashed) {
          crashed = true;
          void first.stop();
        }
      },
    });
    await first.runOnce();
    await first.stop();
    const cut = (await gql(owner, POLL, { id: job.id })).data!.generatedPdf;
    expect(cut).toMatchObject({ status: 'RUNNING', userStatus: 'Rendering the form…', pdf: null });
    expect(seen).toEqual(['Collecting answers…', 'Rendering the form…']);

    // After the "restart": a new worker takes the job once the lease has run out.
    const second = startPdfWorker(server.db, { logger: quiet, intervalMs: 60_000, leaseMs: 60_000 });
    await new Promise((r) => setTimeout(r, 900));
    await second.runOnce();
    await second.stop();
    const done = (await gql(owner, POLL, { id: job.id })).data!.generatedPdf;
    expect(done).toMatchObject({ status: 'DONE', userStatus: documentTexts.generationReady, adminStatus: null, downloadName: pdfDownloadName() });
    expect(done.pdf).toMatch(new RegExp(`^${server.url}/v1/api/generated-pdfs/${job.id}/pdf\\?`));

    const form = await fetch(done.pdf);
    expect(form.status).toBe(200);
    const formBytes = new Uint8Array(await form.arrayBuffer());
    const formDoc = await PDFDocument.load(formBytes);
    const formText = (await extractText(formBytes, { mergePages: true })).text;
    expect(formText).toContain('राम');
    expect(formText).toContain('Thapa');
    expect(formText).toContain('84000');

    const attachment = await fetch(done.attachmentPdf);
    expect(attachment.headers.get('content-disposition')).toContain(`attachment; filename="${pdfDownloadName()}"`);
    const bytes = new Uint8Array(await attachment.arrayBuffer());
    const all = await PDFDocument.load(bytes);
    // The form, the two statement pages, one page per image (photo ID and the guest's bank PNG) and the W-2.
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM uploaded_documents WHERE application_case_id = $1 AND content_type LIKE 'image/%'`,
      [caseId],
    );
    expect(all.getPageCount()).toBe(formDoc.getPageCount() + 2 + 1 + Number(rows[0]!.n));
    const text = (await extractText(bytes, { mergePages: false })).text;
    expect(text.some((page) => page.includes('Statement page 2'))).toBe(true);
    expect(text.some((page) => page.includes('W-2 page 1'))).toBe(true);
    // Links are the requester's: another user's credentials get nothing.
    expect((await fetch(done.attachmentPdf, { headers: { Authorization: `Token ${stranger.token}` } })).status).toBe(404);
  }, 60_000);

  it("gives up after three failed attempts with 'Something went wrong'", async () => {
    const job = (await gql(owner, GENERATE, { id: caseId })).data!.generatePdf;
    // Its job was claimed three times already (server/jobs/queue.ts): the next claim gives it up.
    await server.db.query(`UPDATE jobs SET attempts = 3 WHERE key = 'pdf:' || $1`, [job.id]);
    const worker = startPdfWorker(server.db, { logger: quiet, intervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const failed = (await gql(owner, POLL, { id: job.id })).data!.generatedPdf;
    expect(failed).toMatchObject({ status: 'FAILED', userStatus: documentTexts.generationFailed, pdf: null, attachmentPdf: null });
  });
});

describe(`electronic signature (${engineName()})`, () => {
  it('stamps the name, appends an audit page with date, IP and SHA-256, and refuses strangers and bad input', async () => {
    await server.db.query(`UPDATE generated_pdfs SET status = 'failed' WHERE status IN ('queued', 'running')`);
    const job = (await gql(owner, `mutation ($id: ID!) { generatePdf(applicationCaseId: $id) { id } }`, { id: caseId })).data!.generatePdf;
    const sign = (who: SignedUp | null, id: string, body: unknown) =>
      fetch(`${server.url}/v1/api/generated-pdfs/${id}/sign`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(who ? { Authorization: `Token ${who.token}` } : {}) },
        body: JSON.stringify(body),
      });
    // Not ready yet.
    expect((await sign(owner, job.id, { signerName: 'Ada Lovelace' })).status).toBe(400);
    const worker = startPdfWorker(server.db, { logger: quiet, intervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const before = (await gql(owner, `query ($id: ID!) { generatedPdf(id: $id) { attachmentPdf signedPdf signedAt } }`, { id: job.id })).data!.generatedPdf;
    expect(before.signedPdf).toBeNull();
    const original = new Uint8Array(await (await fetch(before.attachmentPdf)).arrayBuffer());

    expect((await sign(null, job.id, { signerName: 'Ada Lovelace' })).status).toBe(401);
    expect((await sign(stranger, job.id, { signerName: 'Ada Lovelace' })).status).toBe(404);
    expect((await sign(owner, '999999', { signerName: 'Ada Lovelace' })).status).toBe(404);
    const badName = await sign(owner, job.id, { signerName: ' ' });
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { message: string }).message).toMatch(/Type your full name/);
    expect((await sign(owner, job.id, { signerName: 'Ada', signature: 'data:text/html;base64,PHNjcmlwdD4=' })).status).toBe(400);

    const signed = await sign(owner, job.id, { signerName: 'Ada Lovelace' });
    expect(signed.status).toBe(200);
    const answer = (await signed.json()) as { signedPdf: string; signedAt: string; documentSha256: string; signedSha256: string };
    const { createHash } = await import('node:crypto');
    expect(answer.documentSha256).toBe(createHash('sha256').update(original).digest('hex'));
    const bytes = new Uint8Array(await (await fetch(answer.signedPdf)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(answer.signedSha256);
    const pages = (await extractText(bytes.slice(), { mergePages: false })).text;
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe((await PDFDocument.load(original)).getPageCount() + 1);
    expect(pages[0]).toContain('Signed electronically by Ada Lovelace');
    const audit = pages[pages.length - 1]!.replace(/\s+/g, '');
    expect(audit).toContain('Signatureaudittrail');
    expect(audit).toContain('127.0.0.1');
    expect(audit).toContain(answer.documentSha256);
    expect(audit).toContain(answer.signedAt.slice(0, 10));
    const after = (await gql(owner, `query ($id: ID!) { generatedPdf(id: $id) { signedPdf signedAt } }`, { id: job.id })).data!.generatedPdf;
    expect(after.signedAt).toBe(answer.signedAt);
    expect((await fetch(after.signedPdf)).status).toBe(200);
    expect((await fetch(after.signedPdf, { headers: { Authorization: `Token ${stranger.token}` } })).status).toBe(404);
  }, 60_000);
});

describe(`documents in an S3 bucket (${engineName()})`, () => {
  let double: S3Double;
  let bucket: S3Storage;
  let restore: () => void = () => undefined;
  beforeAll(async () => {
    double = await startS3Double();
    bucket = new S3Storage(double.config());
    restore = replaceUploadStorageForTests(() => bucket);
  });
  afterAll(async () => {
    restore();
    await double?.close();
  });

  it('stores the file in the bucket; the preview streams through us with our headers; the download redirects to a short presigned GET, only after the holder check', async () => {
    const pdf = await pdfBytes('Bank statement', 2);
    const created = await upload(owner, CREATE, { componentId: slotId('bank-statements'), applicationCaseId: caseId }, { bytes: pdf, name: 'bank.pdf' });
    expect(created.errors).toBeUndefined();
    const doc = created.data!.createUploadedDocument;
    const stored = [...double.objects.keys()].filter((key) => key.startsWith(`${bucket.prefix}documents/`));
    expect(stored).toHaveLength(1);
    expect(double.objects.get(stored[0]!)!.data.equals(Buffer.from(pdf))).toBe(true);

    const preview = await fetch(doc.file, { redirect: 'manual' });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(preview.headers.get('content-length')).toBe(String(pdf.length));
    expect(Buffer.from(await preview.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    const download = await fetch(doc.downloadUrl, { redirect: 'manual' });
    expect(download.status).toBe(302);
    const location = download.headers.get('location')!;
    expect(location.startsWith(`${double.url}/${double.bucket}/${bucket.prefix}documents/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=60&/);
    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get('content-disposition')).toMatch(/^attachment; filename="bank.pdf"/);
    expect(Buffer.from(await fromStore.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    // A link made for someone else, or with another user's credentials: 404, and no link to the store.
    const id = Number(doc.id);
    const forStranger = await fetch(signedLink(server.url, 'document', id, { userId: stranger.user.id }, { download: true }), { redirect: 'manual' });
    expect(forStranger.status).toBe(404);
    expect(forStranger.headers.get('location')).toBeNull();
    const withOtherCredentials = await fetch(doc.downloadUrl, { redirect: 'manual', headers: { Authorization: `Token ${stranger.token}` } });
    expect(withOtherCredentials.status).toBe(404);
  });
});
