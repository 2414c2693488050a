import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { insertSellerCase } from '../listing-photos/demo-case';
import { uploadListingPhoto } from '../listing-photos/photos';
import { codeOf, graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { marketingTexts as t } from '../../core/i18n/marketing';
import { threadStats } from '../jobs/threads';
import { MARKETING_TEMPLATES } from './templates';

let server: RunningServer;
let uploadDir: string;
let owner: SignedUp;
let stranger: SignedUp;
let staff: SignedUp;
let caseId: number;
let listingId: number;
let photoIds: number[];
let otherListingPhotoId: number;
let openHouseId: number;

const MATERIAL = `id applicationCaseId dataStructure imageUrl pdfUrl pngUrl pdfFileName pngFileName modified renderStatus
  template { id category width height }
  openHouse { id label }
  fill { texts defaults listingUrl primaryColor agentPictureUrl qr { size path } photos { id url } listingPhotos { id } openHouses { id label } }`;
const CREATE = `mutation ($c: ID!, $t: ID!, $o: ID, $d: JSON) { createMarketingMaterial(applicationCaseId: $c, templateId: $t, openHouseId: $o, dataStructure: $d) { ${MATERIAL} } }`;
const SAVE = `mutation ($id: ID!, $d: JSON!, $o: ID) { saveMarketingMaterial(id: $id, dataStructure: $d, openHouseId: $o) { ${MATERIAL} } }`;
const READ = `query ($id: ID!) { marketingMaterial(id: $id) { ${MATERIAL} } }`;
const LIST = `query ($c: ID!) { marketingMaterials(applicationCaseId: $c) { id } }`;

const jpeg = (colour: string) => sharp({ create: { width: 900, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();
const viewerOf = (who: SignedUp) => ({ user: who.user as never, credentialId: 0, via: 'token' as const, token: null });

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-marketing-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer({ jobs: false });
  [owner, stranger, staff] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [staff.user.id]);
  ({ caseId, listingId } = await insertSellerCase(server.db, owner.user.id, `MKT${process.pid}`));
  await server.db.query(`UPDATE listings SET price_in_pennies = 52500000, bedrooms = 3, bathrooms = 2, area = 1850, overview = 'Quiet street.' WHERE id = $1`, [listingId]);
  const { users } = { users: await import('../accounts/users') };
  const ownerRecord = (await users.findUserById(server.db, owner.user.id))!;
  photoIds = [];
  for (const colour of ['#a33', '#3a3', '#33a']) {
    photoIds.push((await uploadListingPhoto(server.db, { ...viewerOf(owner), user: ownerRecord }, caseId, await jpeg(colour), `${colour.slice(1)}.jpg`)).id);
  }
  const strangerCase = await insertSellerCase(server.db, stranger.user.id, `MKTS${process.pid}`);
  const strangerRecord = (await users.findUserById(server.db, stranger.user.id))!;
  otherListingPhotoId = (await uploadListingPhoto(server.db, { ...viewerOf(stranger), user: strangerRecord }, strangerCase.caseId, await jpeg('#999'), 'x.jpg')).id;
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO open_houses (listing_id, start_at, end_at) VALUES ($1, now() + interval '2 days', now() + interval '2 days 2 hours') RETURNING id`,
    [listingId],
  );
  openHouseId = Number(rows[0]!.id);
}, 240_000);

afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

describe(`marketing templates (${engineName()})`, () => {
  it('lists the five templates with their category, size and a preview image rendered from the template', async () => {
    const answer = await graphqlAs(server, null, '{ marketingTemplates { id name category width height pageWidth pageHeight imageUrl photoSlots fields { key maxLength } layout } }', {}, 'public_graphql');
    expect(answer.errors).toBeUndefined();
    const templates = answer.data!.marketingTemplates;
    expect(templates.map((m: { id: string }) => m.id)).toEqual(['flyer-letter', 'social-square', 'social-story', 'open-house-sign', 'just-listed-postcard']);
    expect(templates[0]).toMatchObject({ category: 'PRINT', width: 2550, height: 3300, pageWidth: 612, pageHeight: 792 });
    expect(templates[1]).toMatchObject({ category: 'SOCIAL', width: 1080, height: 1080 });
    expect(templates[2]).toMatchObject({ width: 1080, height: 1920 });
    const preview = await fetch(templates[0].imageUrl);
    expect(templates[0].imageUrl).toBe(`${server.url}/v1/api/marketing-templates/flyer-letter/preview.png`);
    expect(preview.status).toBe(200);
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 360, height: Math.round((360 * 3300) / 2550) });
    expect((await graphqlAs(server, null, '{ marketingTemplate(id: "nope") { id } }', {}, 'public_graphql')).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    expect((await fetch(`${server.url}/v1/api/marketing-templates/nope/preview.png`)).status).toBe(404);
  });
});

describe(`marketing materials (${engineName()})`, () => {
  it('creates a flyer filled from the listing, saves edits, and renders its PDF and PNG', async () => {
    const created = await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'flyer-letter', o: String(openHouseId) });
    expect(created.errors).toBeUndefined();
    const material = created.data!.createMarketingMaterial;
    expect(material.fill.texts).toMatchObject({ headline: 'For Sale', priceLine: '$525,000', facts: '3 beds · 2 baths · 1,850 sq ft', body: 'Quiet street.' });
    expect(material.fill.texts.address).toBe('1450 S Foothill Dr, Salt Lake City, UT 84108');
    expect(material.fill.texts.openHouseLine).toMatch(/^Open house \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M$/);
    expect(material.openHouse.id).toBe(String(openHouseId));
    expect(material.fill.photos.map((p: { id: string }) => Number(p.id))).toEqual(photoIds);
    expect(material.fill.listingUrl).toMatch(new RegExp(`^${server.url}/listing/photos-mkt\\d+/PHOTOS-MKT\\d+$`));
    expect(material.fill.qr.size).toBeGreaterThanOrEqual(21);

    const saved = await graphqlAs(server, owner, SAVE, {
      id: material.id,
      d: { texts: { headline: 'Brand new kitchen', body: 'Line one\nLine two', priceLine: 'Offers over $500,000' }, photoIds: [String(photoIds[2]), photoIds[0]] },
    });
    expect(saved.errors).toBeUndefined();
    const after = saved.data!.saveMarketingMaterial;
    expect(after.dataStructure).toEqual({ texts: { headline: 'Brand new kitchen', body: 'Line one\nLine two', priceLine: 'Offers over $500,000' }, photoIds: [photoIds[2], photoIds[0]] });
    expect(after.fill.photos.map((p: { id: string }) => Number(p.id))).toEqual([photoIds[2], photoIds[0]]);
    expect(after.openHouse.id).toBe(String(openHouseId)); // kept when left out
    expect(after.pdfFileName).toBe(`flyer-letter-${material.id}.pdf`);
    expect(after.pdfUrl).toMatch(new RegExp(`^${server.url}/v1/api/marketing-materials/${material.id}/pdf\\?partner=\\d+&holder=u${owner.user.id}&expires=\\d+&signature=[\\w-]{43}&download=1$`));

    const pdfResponse = await fetch(after.pdfUrl);
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    expect(pdfResponse.headers.get('content-disposition')).toBe(`attachment; filename="flyer-letter-${material.id}.pdf"`);
    const pdfBytes = new Uint8Array(await pdfResponse.arrayBuffer());
    const pdf = await PDFDocument.load(pdfBytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const { text } = await extractText(pdfBytes, { mergePages: true });
    for (const expected of ['Brand new kitchen', 'Offers over $500,000', '1450 S Foothill Dr', 'Line one', 'Open house']) expect(text).toContain(expected);
    // Two photos chosen, embedded as JPEG (DCTDecode) image XObjects; the fonts embedded.
    const objects = pdf.context.enumerateIndirectObjects().map(([, o]) => o);
    const images = objects.filter((o) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.map((o) => (o as PDFRawStream).dict.get(PDFName.of('Filter')))).toEqual([PDFName.of('DCTDecode'), PDFName.of('DCTDecode')]);
    expect(objects.filter((o) => o instanceof PDFDict && o.has(PDFName.of('FontFile2'))).length).toBe(2);

    const pngResponse = await fetch(after.pngUrl);
    expect(pngResponse.status).toBe(200);
    expect(pngResponse.headers.get('content-disposition')).toBe(`attachment; filename="flyer-letter-${material.id}.png"`);
    const png = Buffer.from(await pngResponse.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 2550, height: 3300 });
    // The header band is the partner's primary colour, the cover photo (the third uploaded, blue) below it.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(at(20, 20)).toEqual([0x1f, 0x4e, 0x79]);
    const [r, g, b] = at(1275, 1000);
    expect(b).toBeGreaterThan(r! + 60);
    expect(b).toBeGreaterThan(g! + 60);

    const read = await graphqlAs(server, owner, READ, { id: material.id });
    expect(read.data!.marketingMaterial.fill.texts.headline).toBe('Brand new kitchen');
    const list = await graphqlAs(server, owner, LIST, { c: String(caseId) });
    expect(list.data!.marketingMaterials.map((m: { id: string }) => m.id)).toContain(material.id);
    // The same list in the §7 case shape.
    const inCase = await graphqlAs(server, owner, `query ($id: ID!) { case(id: $id) { marketingMaterials { id } } }`, { id: String(caseId) });
    expect(inCase.data!.case.marketingMaterials.map((m: { id: string }) => m.id)).toContain(material.id);
  });

  it('renders every template as PDF and PNG at its size', async () => {
    for (const template of MARKETING_TEMPLATES) {
      const created = await graphqlAs(server, owner, CREATE, { c: String(caseId), t: template.id });
      expect(created.errors, template.id).toBeUndefined();
      const m = created.data!.createMarketingMaterial;
      // A template with an open house line starts linked to the listing's next open house.
      expect(m.openHouse?.id ?? null, template.id).toBe(template.fields.some((f) => f.key === 'openHouseLine') ? String(openHouseId) : null);
      const png = Buffer.from(await (await fetch(m.pngUrl)).arrayBuffer());
      expect(await sharp(png).metadata(), template.id).toMatchObject({ width: template.width, height: template.height });
      const pdf = await PDFDocument.load(new Uint8Array(await (await fetch(m.pdfUrl)).arrayBuffer()));
      expect(pdf.getPage(0).getSize(), template.id).toEqual({ width: template.pageWidth, height: template.pageHeight });
    }
  });

  it('checks dataStructure: known fields, lengths, photos of this listing, at most the slots', async () => {
    const created = await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'social-square' });
    const id = created.data!.createMarketingMaterial.id;
    const refusal = async (d: unknown) => {
      const answer = await graphqlAs(server, owner, SAVE, { id, d });
      expect(codeOf(answer)).toBe('BAD_USER_INPUT');
      expect(answer.errors![0]!.extensions!.argumentName).toBe('dataStructure');
      return answer.errors![0]!.message;
    };
    expect(await refusal({ texts: { headline: 'x'.repeat(41) } })).toBe(t.tooLong('Headline', 40));
    expect(await refusal({ texts: { body: 'not on a square post' } })).toBe(t.unknownField('body'));
    expect(await refusal({ photoIds: [otherListingPhotoId] })).toBe(t.photoNotOfListing);
    expect(await refusal({ photoIds: [photoIds[0], photoIds[1]] })).toBe(t.tooManyPhotos(1));
    expect(await refusal({ photoIds: [photoIds[0], photoIds[0]] })).toBe(t.duplicatePhoto);
    expect(await refusal({ texts: 'headline' })).toBe(t.badDataStructure);
    expect(await refusal({ texts: {}, extra: true })).toBe(t.badDataStructure);
    expect(await refusal({ photoIds: ['1; DROP TABLE'] })).toBe(t.badDataStructure);
    expect(await refusal([1, 2])).toBe(t.badDataStructure);
    // A hostile text is kept as text: markup stays literal (the renderers draw glyphs, never markup).
    const saved = await graphqlAs(server, owner, SAVE, { id, d: { texts: { headline: '<b>Hi</b> <script>' } } });
    expect(saved.data!.saveMarketingMaterial.fill.texts.headline).toBe('<b>Hi</b> <script>');
    // An open house of another listing is refused.
    const strangerHouse = await server.db.query<{ id: string }>(
      `INSERT INTO open_houses (listing_id, start_at, end_at) SELECT listing_id, now() + interval '1 day', now() + interval '1 day 1 hour' FROM listing_photos WHERE id = $1 RETURNING id`,
      [otherListingPhotoId],
    );
    expect(codeOf(await graphqlAs(server, owner, SAVE, { id, d: {}, o: strangerHouse.rows[0]!.id }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'no-such-template' }))).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND to strangers and forged ids on every operation; signed links only for their holder', async () => {
    const created = await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'just-listed-postcard' });
    const material = created.data!.createMarketingMaterial;
    for (const answer of [
      await graphqlAs(server, stranger, CREATE, { c: String(caseId), t: 'flyer-letter' }),
      await graphqlAs(server, stranger, SAVE, { id: material.id, d: {} }),
      await graphqlAs(server, stranger, READ, { id: material.id }),
      await graphqlAs(server, stranger, LIST, { c: String(caseId) }),
      await graphqlAs(server, owner, READ, { id: '999999999' }),
      await graphqlAs(server, owner, READ, { id: '12abc' }),
      await graphqlAs(server, owner, SAVE, { id: '-1', d: {} }),
      await graphqlAs(server, owner, CREATE, { c: '999999999', t: 'flyer-letter' }),
      await graphqlAs(server, owner, LIST, { c: '0' }),
    ]) {
      expect(codeOf(answer)).toBe('NOT_FOUND');
    }
    expect(codeOf(await graphqlAs(server, null, READ, { id: material.id }))).toBe('UNAUTHENTICATED');
    // The case's staff (a company agent of its partner) may work on it.
    const byStaff = await graphqlAs(server, staff, READ, { id: material.id });
    expect(byStaff.errors).toBeUndefined();

    // Signed links: a forged signature, another material, another format, an expired link, another user's credentials.
    const link = new URL(material.pngUrl);
    expect((await fetch(link)).status).toBe(200);
    const forged = new URL(link);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await fetch(forged)).status).toBe(404);
    const otherFormat = new URL(link.href.replace('/png?', '/pdf?'));
    expect((await fetch(otherFormat)).status).toBe(404);
    const otherMaterial = new URL(link.href.replace(`/marketing-materials/${material.id}/`, `/marketing-materials/${Number(material.id) - 1}/`));
    expect((await fetch(otherMaterial)).status).toBe(404);
    const expired = new URL(link);
    expired.searchParams.set('expires', '1000');
    expect((await fetch(expired)).status).toBe(404);
    expect((await fetch(link, { headers: { Authorization: `Token ${stranger.token}` } })).status).toBe(404);
  });
});

describe(`marketing files: rendered once per version, on the work tier (${engineName()})`, () => {
  /** Render jobs of one material's format, and its stored versions. */
  const renders = async (materialId: string, format: 'png' | 'pdf') => {
    const { rows } = await server.db.query<{ jobs: number; stored: number }>(
      `SELECT (SELECT count(*)::int FROM jobs WHERE kind = 'marketing-render' AND payload->>'materialId' = $1 AND payload->>'format' = $2) AS jobs,
              (SELECT count(*)::int FROM marketing_renders WHERE material_id = $1::bigint AND format = $2) AS stored`,
      [materialId, format],
    );
    return rows[0]!;
  };
  const getAll = (url: string, n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );

  it('N concurrent GETs of one material render it once, all get the same bytes; a changed material renders its new version once', async () => {
    const threadTasksBefore = threadStats().completed;
    const created = (await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'social-square' })).data!.createMarketingMaterial;
    expect(['RENDERING', 'READY']).toContain(created.renderStatus);
    const first = await getAll(created.pngUrl, 6);
    for (const body of first) expect(body.equals(first[0]!)).toBe(true);
    expect(await renders(created.id, 'png')).toEqual({ jobs: 1, stored: 1 });
    // Again: served from storage, no render.
    const again = await getAll(created.pngUrl, 3);
    expect(again[0]!.equals(first[0]!)).toBe(true);
    expect(await renders(created.id, 'png')).toEqual({ jobs: 1, stored: 1 });
    // Drawn on a worker thread, not the request's.
    expect(threadStats().completed).toBeGreaterThan(threadTasksBefore);

    // The listing's price changes (nobody saves the material): the next GETs render that version, once for all of them.
    await server.db.query('UPDATE listings SET price_in_pennies = price_in_pennies + 1000000 WHERE id = $1', [listingId]);
    const repriced = await getAll(created.pngUrl, 5);
    for (const body of repriced) expect(body.equals(repriced[0]!)).toBe(true);
    expect(repriced[0]!.equals(first[0]!)).toBe(false);
    expect(await renders(created.id, 'png')).toEqual({ jobs: 2, stored: 2 });

    // A saved edit is rendered as it is saved; the element sees RENDERING until both files are stored, then READY.
    const saved = (await graphqlAs(server, owner, SAVE, { id: created.id, d: { texts: { headline: 'Changed headline' } } })).data!.saveMarketingMaterial;
    expect(['RENDERING', 'READY']).toContain(saved.renderStatus);
    await expect.poll(async () => (await graphqlAs(server, owner, READ, { id: created.id })).data!.marketingMaterial.renderStatus, { timeout: 60_000 }).toBe('READY');
    const edited = await getAll(saved.pngUrl, 4);
    for (const body of edited) expect(body.equals(edited[0]!)).toBe(true);
    expect(edited[0]!.equals(repriced[0]!)).toBe(false);
    expect(await renders(created.id, 'png')).toEqual({ jobs: 3, stored: 3 });
    // The PDF of each version too, once: made with the material, rendered for the price change only when asked
    // (the link above asked for the PNG), and for the saved edit.
    expect((await renders(created.id, 'pdf')).jobs).toBe(2);
  }, 180_000);

  it('refuses a user past their render limit with 429 and Retry-After, and serves the files of others', async () => {
    const { RENDER_QUEUE_LIMITS } = await import('./files');
    // The user's places are taken by renders that wait (this process's tier is busy with nothing: they are held queued).
    const { rows: partner } = await server.db.query<{ id: number }>('SELECT id FROM partners ORDER BY id LIMIT 1');
    for (let i = 0; i < RENDER_QUEUE_LIMITS.perOwner; i++) {
      await server.db.query(`INSERT INTO jobs (kind, key, owner, partner_id, payload, status, lease_until) VALUES ('marketing-render', $1, $2, $3, '{}', 'running', now() + interval '1 hour')`, [
        `held-${i}-${owner.user.id}`,
        `user:${owner.user.id}`,
        partner[0]!.id,
      ]);
    }
    try {
      const created = (await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'open-house-sign' })).data!.createMarketingMaterial;
      expect(created.renderStatus).toBe('RENDERING');
      const refused = await fetch(created.pngUrl);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Try again in \d+ seconds/);
    } finally {
      await server.db.query(`DELETE FROM jobs WHERE key LIKE 'held-%'`);
    }
  });
});

describe(`the listing agent on the materials (issue 36, ${engineName()})`, () => {
  const AGENT = `applicationCaseId: $c) { agent { userId name phone pictureUrl isSeller } candidates { userId name } canChange }`;
  const READ_AGENT = `query ($c: ID!) { caseListingAgent(${AGENT} }`;
  const SET_AGENT = `mutation ($c: ID!, $a: ID) { setCaseListingAgent(agentUserId: $a, ${AGENT} }`;
  const pdfText = async (url: string) => (await extractText(new Uint8Array(await (await fetch(url)).arrayBuffer()), { mergePages: true })).text;
  let partnerId: number;
  let agent: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    [agent, admin] = await Promise.all([signUp(server), signUp(server)]);
    partnerId = Number((await server.db.query<{ partner_id: string }>('SELECT r.partner_id FROM application_cases c JOIN questionnaire_responses r ON r.id = c.response_id WHERE c.id = $1', [caseId])).rows[0]!.partner_id);
    // An agent of the partner (its owner, with a photo of ours and a phone), and an admin of it who is no agent.
    await server.db.query(`UPDATE users SET first_name = 'Avery', last_name = 'Stone', agent = true, phone = '+18015550123', image = '/static/demo/avery.svg' WHERE id = $1`, [agent.user.id]);
    await server.db.query(`UPDATE users SET first_name = 'Pat', last_name = 'Admin' WHERE id = $1`, [admin.user.id]);
    await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'admin')`, [partnerId, agent.user.id, admin.user.id]);
  });

  afterAll(async () => {
    await server.db.query('DELETE FROM partner_members WHERE user_id = ANY($1::bigint[])', [[agent.user.id, admin.user.id]]);
  });

  it("signs the flyer with the case's listing agent: name, photo, phone as the partner's country writes it, brokerage", async () => {
    const read = await graphqlAs(server, owner, READ_AGENT, { c: String(caseId) });
    expect(read.errors).toBeUndefined();
    expect(read.data!.caseListingAgent).toMatchObject({ agent: { userId: String(agent.user.id), name: 'Avery Stone', phone: '(801) 555-0123', isSeller: false }, candidates: [], canChange: false });
    const m = (await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'flyer-letter' })).data!.createMarketingMaterial;
    expect(m.fill.texts).toMatchObject({ agentName: 'Avery Stone', agentPhones: '(801) 555-0123' });
    expect(m.fill.texts.brokerage).not.toBe('');
    expect(m.fill.agentPictureUrl).toBe(`${server.url}/static/demo/avery.svg`);
    expect((await fetch(m.fill.agentPictureUrl)).status).toBe(200);
    const text = await pdfText(m.pdfUrl);
    for (const expected of ['Avery Stone', '(801) 555-0123', m.fill.texts.brokerage]) expect(text).toContain(expected);
    // The photo is drawn: three JPEG images (two listing photos… the flyer's three slots, and the agent's picture).
    const pdf = await PDFDocument.load(new Uint8Array(await (await fetch(m.pdfUrl)).arrayBuffer()));
    const images = pdf.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images.length).toBe(4);
  });

  it('falls back to the partner (name, phone, a monogram in the picture slot) when it has no agent; a licensed seller is their own agent', async () => {
    await server.db.query('UPDATE users SET agent = false WHERE id = $1', [agent.user.id]);
    try {
      expect((await graphqlAs(server, owner, READ_AGENT, { c: String(caseId) })).data!.caseListingAgent.agent).toBeNull();
      const m = (await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'flyer-letter' })).data!.createMarketingMaterial;
      expect(m.fill.texts.agentName).not.toContain('Avery');
      expect(m.fill.texts.agentName).not.toBe('');
      expect(m.fill.texts.agentPhones).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
      const text = await pdfText(m.pdfUrl);
      expect(text).toContain(m.fill.texts.agentName);
      // No empty slot: without a picture the square shows the initials on the primary colour, not the ink band.
      const png = Buffer.from(await (await fetch(m.pngUrl)).arrayBuffer());
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
      expect(at(160, 2960)).toEqual([0x1f, 0x4e, 0x79]);

      // The seller who is a licensed agent lists their own home.
      await server.db.query(`UPDATE users SET agent = true, phone = '+18015550177' WHERE id = $1`, [owner.user.id]);
      const own = (await graphqlAs(server, owner, READ_AGENT, { c: String(caseId) })).data!.caseListingAgent.agent;
      expect(own).toMatchObject({ userId: String(owner.user.id), isSeller: true, phone: '(801) 555-0177' });
    } finally {
      await server.db.query('UPDATE users SET agent = true WHERE id = $1', [agent.user.id]);
      await server.db.query(`UPDATE users SET agent = false, phone = '' WHERE id = $1`, [owner.user.id]);
    }
  });

  it("lets the partner's staff change the agent, never the seller or a stranger; only to one of the partner's agents", async () => {
    // Another agent of the partner to choose.
    const second = await signUp(server);
    await server.db.query(`UPDATE users SET first_name = 'Robin', last_name = 'Reyes', agent = true, phone = '+18015550188' WHERE id = $1`, [second.user.id]);
    await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'admin')`, [partnerId, second.user.id]);
    try {
      const asAdmin = await graphqlAs(server, admin, READ_AGENT, { c: String(caseId) });
      expect(asAdmin.data!.caseListingAgent.canChange).toBe(true);
      expect(asAdmin.data!.caseListingAgent.candidates.map((a: { userId: string }) => Number(a.userId))).toEqual([agent.user.id, second.user.id]);

      expect(codeOf(await graphqlAs(server, owner, SET_AGENT, { c: String(caseId), a: String(second.user.id) }))).toBe('FORBIDDEN');
      expect(codeOf(await graphqlAs(server, stranger, SET_AGENT, { c: String(caseId), a: String(second.user.id) }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, stranger, READ_AGENT, { c: String(caseId) }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, null, SET_AGENT, { c: String(caseId), a: String(second.user.id) }))).toBe('UNAUTHENTICATED');
      // Not one of the partner's agents: the stranger, the admin who is no agent.
      for (const who of [stranger, admin]) {
        const refused = await graphqlAs(server, admin, SET_AGENT, { c: String(caseId), a: String(who.user.id) });
        expect(codeOf(refused)).toBe('BAD_USER_INPUT');
        expect(refused.errors![0]!.extensions!.argumentName).toBe('agentUserId');
      }

      const set = await graphqlAs(server, admin, SET_AGENT, { c: String(caseId), a: String(second.user.id) });
      expect(set.errors).toBeUndefined();
      expect(set.data!.setCaseListingAgent.agent).toMatchObject({ name: 'Robin Reyes', phone: '(801) 555-0188', pictureUrl: null });
      const m = (await graphqlAs(server, owner, CREATE, { c: String(caseId), t: 'social-story' })).data!.createMarketingMaterial;
      expect(m.fill.texts.agentName).toBe('Robin Reyes');
      expect(await pdfText(m.pdfUrl)).toContain('(801) 555-0188');
      // Case staff (a company agent) on the partner's site may change it too; null goes back to the default.
      const reset = await graphqlAs(server, staff, SET_AGENT, { c: String(caseId), a: null });
      expect(reset.data!.setCaseListingAgent.agent.name).toBe('Avery Stone');
      // An assigned agent who leaves the partner falls back to the default.
      await graphqlAs(server, admin, SET_AGENT, { c: String(caseId), a: String(second.user.id) });
      await server.db.query('DELETE FROM partner_members WHERE user_id = $1', [second.user.id]);
      expect((await graphqlAs(server, owner, READ_AGENT, { c: String(caseId) })).data!.caseListingAgent.agent.name).toBe('Avery Stone');
    } finally {
      await server.db.query('DELETE FROM partner_members WHERE user_id = $1', [second.user.id]);
    }
  });
});

describe(`template thumbnails of the seller's own home (issue 36, ${engineName()})`, () => {
  const TEMPLATES = `query ($c: ID!) { caseMarketingTemplates(applicationCaseId: $c) { id imageUrl width } }`;
  const png = async (url: string, init?: RequestInit) => {
    const response = await fetch(url, init);
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  };

  it("draws each template's thumbnail with the case's listing: its address, price, photos; again when the listing changes", async () => {
    await server.db.query(`UPDATE listings SET street_line1 = '77 Maple Thumbnail Ln' WHERE id = $1`, [listingId]);
    try {
      const answer = await graphqlAs(server, owner, TEMPLATES, { c: String(caseId) });
      expect(answer.errors).toBeUndefined();
      const flyer = answer.data!.caseMarketingTemplates.find((m: { id: string }) => m.id === 'flyer-letter');
      expect(flyer.imageUrl).toMatch(new RegExp(`^${server.url}/v1/api/marketing-templates/flyer-letter/preview\\.png\\?case=${caseId}&partner=\\d+&holder=u${owner.user.id}&expires=\\d+&signature=[\\w-]{43}$`));
      const thumbnail = await png(flyer.imageUrl);
      expect(thumbnail.status).toBe(200);
      expect(await sharp(thumbnail.body).metadata()).toMatchObject({ format: 'png', width: 360 });
      const sample = await png(`${server.url}/v1/api/marketing-templates/flyer-letter/preview.png`);
      expect(thumbnail.body.equals(sample.body)).toBe(false);

      // Exactly what a new material of this case shows, drawn small: the case's address, not the sample's.
      const { fillOf, nextOpenHouse } = await import('./marketing');
      const { renderContentOf, renderRequest } = await import('./files');
      const { renderMaterialBytes } = await import('./render');
      const { PREVIEW_WIDTH } = await import('./routes');
      const partner = (await server.db.query<{ slug: string; name: string; app_context: unknown }>('SELECT slug, name, app_context FROM partners ORDER BY id LIMIT 1')).rows[0]!;
      const material = { id: 0, caseId, listingId, templateId: 'flyer-letter', openHouseId: await nextOpenHouse(server.db, listingId), dataStructure: { texts: {}, photoIds: [] }, created: new Date(0), modified: new Date(0) };
      const fill = await fillOf(server.db, material, { slug: partner.slug, name: partner.name, appContext: partner.app_context }, server.url);
      expect(fill.texts.address).toBe('77 Maple Thumbnail Ln, Salt Lake City, UT 84108');
      expect(fill.texts.address).not.toBe(t.sample.address);
      const expected = await renderMaterialBytes({ templateId: 'flyer-letter', format: 'png', content: await renderContentOf(renderRequest(material, fill, 'png', server.url)), title: '', scale: PREVIEW_WIDTH / 2550 });
      expect(thumbnail.body.equals(Buffer.from(expected))).toBe(true);
      // The cover is the listing's first photo (red), not the sample's grey placeholder.
      const { data, info } = await sharp(thumbnail.body).raw().toBuffer({ resolveWithObject: true });
      const [r, g, b] = Array.from(data.subarray((100 * info.width + 180) * info.channels, (100 * info.width + 180) * info.channels + 3));
      expect(r).toBeGreaterThan(g! + 60);
      expect(r).toBeGreaterThan(b! + 60);

      // The listing's street changes: the next thumbnail is drawn again (not a stale one).
      await server.db.query(`UPDATE listings SET street_line1 = '78 Maple Thumbnail Ln' WHERE id = $1`, [listingId]);
      const moved = await png(flyer.imageUrl);
      expect(moved.status).toBe(200);
      expect(moved.body.equals(thumbnail.body)).toBe(false);
      // Asked again: the same bytes, kept (no worker-thread task).
      const drawn = threadStats().completed;
      expect((await png(flyer.imageUrl)).body.equals(moved.body)).toBe(true);
      expect(threadStats().completed).toBe(drawn);
    } finally {
      await server.db.query(`UPDATE listings SET street_line1 = '1450 S Foothill Dr' WHERE id = $1`, [listingId]);
    }
  });

  it("refuses another user's case: no links for a stranger, and a link works for its holder and case only", async () => {
    expect(codeOf(await graphqlAs(server, stranger, TEMPLATES, { c: String(caseId) }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, null, TEMPLATES, { c: String(caseId) }))).toBe('UNAUTHENTICATED');
    const link = new URL((await graphqlAs(server, owner, TEMPLATES, { c: String(caseId) })).data!.caseMarketingTemplates[1].imageUrl);
    expect((await png(link.href)).status).toBe(200);
    // The stranger's own case's link, pointed at the owner's case; another template; a forged or expired link; the stranger's credentials.
    const strangerCaseId = Number((await server.db.query<{ id: string }>(`SELECT c.id FROM application_cases c JOIN listings l ON l.id = c.listing_id WHERE l.seller_user_id = $1`, [stranger.user.id])).rows[0]!.id);
    const theirs = new URL((await graphqlAs(server, stranger, TEMPLATES, { c: String(strangerCaseId) })).data!.caseMarketingTemplates[1].imageUrl);
    expect((await png(theirs.href)).status).toBe(200);
    const pointed = new URL(theirs);
    pointed.searchParams.set('case', String(caseId));
    expect((await png(pointed.href)).status).toBe(404);
    expect((await png(link.href.replace('/social-square/', '/social-story/'))).status).toBe(404);
    const forged = new URL(link);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await png(forged.href)).status).toBe(404);
    const expired = new URL(link);
    expired.searchParams.set('expires', '1000');
    expect((await png(expired.href)).status).toBe(404);
    expect((await png(link.href, { headers: { Authorization: `Token ${stranger.token}` } })).status).toBe(404);
    // The case's staff get their own links.
    expect((await graphqlAs(server, staff, TEMPLATES, { c: String(caseId) })).errors).toBeUndefined();
  });
});
