/**
 * Passport data from the machine-readable zone (widget spec §3; issue 21): the MRZ rules as pure functions,
 * then real OCR (tesseract.js, the packaged traineddata) of passport-like images this file draws, then the
 * extractPassport mutation on a real server. OCR takes seconds: few images.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { codeOf, graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { startTestServer } from '../testing/test-server';
import { mrzDate, mrzLinesFrom, passportMessages, readPassportMrz, readPassportText, TD3_LINE_LENGTH } from './mrz';
import sharp from 'sharp';
import { OCR_QUEUE_LIMITS, OCR_TIMEOUT_MS, passportReaderStats, readPassportImage, stopPassportReader } from './ocr';
import { passportFileMessages } from './passport';
import { checkDigit, ICAO_SPECIMEN_MRZ, passportSpecimen, SPECIMEN_MRZ, td3Lines } from './specimen';

const NOW = new Date(Date.UTC(2026, 10, 26));

const ANNA = {
  app_first_name_passport: 'Anna Maria',
  app_last_name_passport: 'Eriksson',
  app_birth_date: '8/12/1974',
  app_passport_number: 'L898902C3',
  app_passport_expire_date: '4/15/2034',
};

afterAll(() => stopPassportReader());

describe('the machine-readable zone (ICAO 9303 TD3), without OCR', () => {
  it('computes check digits as ICAO does: the specimen of the standard, exactly', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('ZE184226B<<<<<')).toBe('1');
    const icao = td3Lines({ issuingState: 'UTO', lastName: 'ERIKSSON', firstNames: 'ANNA MARIA', documentNumber: 'L898902C3', nationality: 'UTO', birthDate: '740812', sex: 'F', expiryDate: '120415', personalNumber: 'ZE184226B' });
    expect(icao).toEqual([...ICAO_SPECIMEN_MRZ]);
  });

  it("reads ICAO's specimen: names, birth date, number and expiry into the five variables", () => {
    const reading = readPassportMrz([...ICAO_SPECIMEN_MRZ] as [string, string], NOW);
    expect(reading).toEqual({
      ok: true,
      documentNumber: 'L898902C3',
      values: { ...ANNA, app_passport_expire_date: '4/15/2012' },
    });
  });

  it('finds the two lines in OCR text: spaces dropped, filler runs cut short padded back to 44', () => {
    const text = `PASSPORT\nP<UTOERIKSSON<<ANNA<MARIA<< <<<<<<<\n\n${SPECIMEN_MRZ[1]}\n`;
    const lines = mrzLinesFrom(text)!;
    expect(lines).toEqual([...SPECIMEN_MRZ]);
    expect(lines.every((l) => l.length === TD3_LINE_LENGTH)).toBe(true);
    expect(mrzLinesFrom('just some words\nand more')).toBeNull();
    expect(readPassportText('nothing here', NOW)).toEqual({ ok: false, message: passportMessages.notFound });
  });

  it('refuses a zone whose check digits do not hold, and one that is not a passport', () => {
    const wrongBirth = SPECIMEN_MRZ[1].replace('7408122', '7408123');
    expect(readPassportMrz([SPECIMEN_MRZ[0], wrongBirth], NOW)).toEqual({ ok: false, message: passportMessages.invalid });
    const wrongNumber = SPECIMEN_MRZ[1].replace('L898902C3', 'L898912C3');
    expect(readPassportMrz([SPECIMEN_MRZ[0], wrongNumber], NOW)).toEqual({ ok: false, message: passportMessages.invalid });
    const visa = ['V' + SPECIMEN_MRZ[0].slice(1), SPECIMEN_MRZ[1]] as [string, string];
    expect(readPassportMrz(visa, NOW)).toEqual({ ok: false, message: passportMessages.notPassport });
  });

  it('birth dates lie in the past, expiry dates within 50 years; stored as the date widget stores them', () => {
    expect(mrzDate('740812', 'birth', NOW)).toBe('8/12/1974');
    expect(mrzDate('050101', 'birth', NOW)).toBe('1/1/2005');
    expect(mrzDate('300101', 'birth', NOW)).toBe('1/1/1930');
    expect(mrzDate('340415', 'expiry', NOW)).toBe('4/15/2034');
    expect(mrzDate('991231', 'expiry', NOW)).toBe('12/31/1999');
    expect(mrzDate('74081', 'birth', NOW)).toBeNull();
  });

  it('bounds the work: a timeout, one reading running and one waiting per user', () => {
    expect(OCR_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    expect(OCR_QUEUE_LIMITS.perOwner).toBe(2);
  });
});

describe('OCR of a rendered passport page (tesseract.js on the server)', () => {
  it('extracts the five fields from the specimen, every check digit verified', { timeout: 60_000 }, async () => {
    const reading = await readPassportImage(await passportSpecimen());
    expect(reading).toEqual({ ok: true, documentNumber: 'L898902C3', values: ANNA });
  });

  it('a corrupted zone (one digit of the birth date changed) gives the message, not wrong data', { timeout: 60_000 }, async () => {
    const corrupted = [SPECIMEN_MRZ[0], SPECIMEN_MRZ[1].replace('7408122', '7408172')];
    expect(await readPassportImage(await passportSpecimen(corrupted, 'jpeg'))).toEqual({ ok: false, message: passportMessages.invalid });
  });
});

describe('extractPassport (GraphQL)', () => {
  let server: RunningServer;
  let uploadDir: string;
  let owner: SignedUp;
  let stranger: SignedUp;
  let caseId: string;
  let photoSlot: string;

  const EXTRACT = `mutation Op($documentId: ID!) { extractPassport(documentId: $documentId) { valid message firstName lastName birthDate passportNumber expireDate } }`;

  async function upload(who: SignedUp, bytes: Uint8Array, name: string, into = { caseId, photoSlot }): Promise<GraphqlResponse> {
    const form = new FormData();
    const query = `mutation Upload($file: File!, $componentId: ID!, $applicationCaseId: ID!) { createUploadedDocument(file: $file, componentId: $componentId, applicationCaseId: $applicationCaseId) { id } }`;
    form.set('operations', JSON.stringify({ query, variables: { file: null, componentId: into.photoSlot, applicationCaseId: into.caseId } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${who.token}` }, body: form });
    return (await response.json()) as GraphqlResponse;
  }

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'hearth-passport-'));
    process.env.HEARTH_UPLOAD_DIR = uploadDir;
    server = await startTestServer({ jobs: false });
    owner = await signUp(server);
    stranger = await signUp(server);
    ({ caseId, photoSlot } = await caseOf(owner));
  });

  /** A case of `who`'s own and its photo ID slot. */
  async function caseOf(who: SignedUp) {
    const started = await graphqlAs(server, who, 'mutation { createPreQualification { id } }');
    const id = started.data!.createPreQualification.id as string;
    const slots = await graphqlAs(server, who, `query { myDocuments(applicationCaseId: ${id}) { caseComponents { id component { id } } } }`);
    const slot = slots.data!.myDocuments[0].caseComponents.find((s: { component: { id: string } }) => s.component.id === 'photo-id').id as string;
    return { caseId: id, photoSlot: slot };
  }

  /** A photo of noise, as large as a phone's: slow to read, no zone in it. */
  const noisyPhoto = () =>
    sharp({ create: { width: 2600, height: 2600, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 70 } } })
      .jpeg({ quality: 70 })
      .toBuffer();
  afterAll(async () => {
    await server?.close();
    delete process.env.HEARTH_UPLOAD_DIR;
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('reads an uploaded specimen for its owner; strangers and the signed-out get nothing', { timeout: 60_000 }, async () => {
    const uploaded = await upload(owner, await passportSpecimen(), 'passport.png');
    expect(uploaded.errors).toBeUndefined();
    const documentId = uploaded.data!.createUploadedDocument.id;
    const read = await graphqlAs(server, owner, EXTRACT, { documentId });
    expect(read.errors).toBeUndefined();
    expect(read.data!.extractPassport).toEqual({
      valid: true,
      message: null,
      firstName: 'Anna Maria',
      lastName: 'Eriksson',
      birthDate: '8/12/1974',
      passportNumber: 'L898902C3',
      expireDate: '4/15/2034',
    });
    expect(codeOf(await graphqlAs(server, stranger, EXTRACT, { documentId }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, null, EXTRACT, { documentId }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await graphqlAs(server, owner, EXTRACT, { documentId: 'x1' }))).toBe('NOT_FOUND');
    // A guest must name both the response and its token.
    const half = await graphqlAs(server, owner, `mutation { extractPassport(documentId: ${documentId}, guestToken: "1234") { valid } }`);
    expect(codeOf(half)).toBe('BAD_USER_INPUT');
  });

  it('a PDF is not read (a photo is needed); the upload stays', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF');
    const uploaded = await upload(owner, pdf, 'passport.pdf');
    expect(uploaded.errors).toBeUndefined();
    const documentId = uploaded.data!.createUploadedDocument.id;
    const read = await graphqlAs(server, owner, EXTRACT, { documentId });
    expect(read.data!.extractPassport).toMatchObject({ valid: false, message: passportFileMessages.notAnImage, firstName: null });
    const still = await graphqlAs(server, owner, 'query Op($id: ID!) { uploadedDocument(id: $id) { fileName } }', { id: documentId });
    expect(still.data!.uploadedDocument.fileName).toBe('passport.pdf');
  });

  it('one user with several readings at once is refused their own extra ones, never another user’s reading', { timeout: 120_000 }, async () => {
    const specimen = await passportSpecimen();
    const mine = (await upload(owner, specimen, 'passport.png')).data!.createUploadedDocument.id;
    const other = await signUp(server);
    const otherCase = await caseOf(other);
    const theirs = (await upload(other, specimen, 'passport.png', otherCase)).data!.createUploadedDocument.id;
    // The owner asks four times at once; the other user a moment later.
    const burst = [1, 2, 3, 4].map(() => graphqlAs(server, owner, EXTRACT, { documentId: mine }));
    await new Promise((r) => setTimeout(r, 50));
    const otherAnswer = await graphqlAs(server, other, EXTRACT, { documentId: theirs });
    expect(otherAnswer.errors).toBeUndefined();
    expect(otherAnswer.data!.extractPassport).toMatchObject({ valid: true, passportNumber: 'L898902C3' });
    const answers = await Promise.all(burst);
    const refused = answers.filter((a) => codeOf(a) === 'RATE_LIMITED');
    // One running and one waiting per user: the other two are the owner's own refusals, with when to come back.
    expect(refused).toHaveLength(4 - OCR_QUEUE_LIMITS.perOwner);
    for (const r of refused) {
      expect(r.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThan(0);
      expect(r.errors![0]!.message).toMatch(/^You are reading a passport already\. Try again in \d+ seconds/);
    }
    for (const a of answers.filter((x) => !x.errors)) expect(a.data!.extractPassport).toMatchObject({ valid: true });
  });

  it('a request that ends stops its reading: its job is canceled', { timeout: 120_000 }, async () => {
    const documentId = (await upload(owner, await noisyPhoto(), 'noisy.jpg')).data!.createUploadedDocument.id;
    const request = new AbortController();
    const asked = fetch(`${server.url}/graphql/?queryName=Op`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${owner.token}` },
      body: JSON.stringify({ query: EXTRACT, variables: { documentId } }),
      signal: request.signal,
    }).catch(() => null);
    const running = async () =>
      (await server.db.query<{ id: string; status: string }>(`SELECT id, status FROM jobs WHERE kind = 'passport-ocr' AND payload->>'storageKey' LIKE '%.jpg' ORDER BY id DESC LIMIT 1`)).rows[0];
    await expect.poll(async () => (await running())?.status, { timeout: 30_000 }).toBe('running');
    const job = (await running())!;
    request.abort();
    await asked;
    await expect.poll(async () => (await server.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job.id])).rows[0]!.status, { timeout: 30_000 }).toBe('canceled');
  });

  it('readPassportImage stopped by its signal terminates the reader it was using', { timeout: 120_000 }, async () => {
    await stopPassportReader();
    const before = passportReaderStats();
    const stop = new AbortController();
    const reading = readPassportImage(await noisyPhoto(), { signal: stop.signal });
    // Once a reader exists, it is working on this image.
    await expect.poll(() => passportReaderStats().created, { timeout: 30_000 }).toBeGreaterThan(before.created);
    stop.abort(new Error('request over'));
    await expect(reading).rejects.toThrow('request over');
    expect(passportReaderStats().terminated).toBe(before.terminated + 1);
  });
});
