/**
 * Every count limit holds when writes for one owner arrive at once (issue 33): each is checked by requireRoom /
 * countUnderLock in the transaction that adds the row, under the owner's lock. PGlite runs one transaction at a
 * time; on PostgreSQL (DATABASE_URL) a count without the lock lets them all through.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { insertSellerCase } from '../listing-photos/demo-case';
import { graphqlAs, type GraphqlResponse } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { engineName, startTestServer } from '../testing/test-server';
import { documentTexts } from '../../core/i18n/documents';
import { listingPhotoTexts } from '../../core/i18n/listing-photos';
import { partnerTexts } from '../../core/i18n/partners';

let server: RunningServer;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-count-limits-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer({ jobs: false, trustProxy: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length;

async function upload(who: SignedUp, query: string, variables: Record<string, unknown>, bytes: Uint8Array, name: string): Promise<GraphqlResponse> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${who.token}` }, body: form });
  return (await response.json()) as GraphqlResponse;
}

/** `n` calls at once; answers their results in order. */
const atOnce = <T>(n: number, call: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => call(i)));

/** The messages of the refused answers, and how many succeeded. */
function outcomes(answers: GraphqlResponse[]) {
  return { succeeded: answers.filter((a) => !a.errors).length, refusals: answers.flatMap((a) => (a.errors ? [a.errors[0]!.message] : [])) };
}

describe(`count limits under concurrent writes (${engineName()})`, () => {
  it('documents: 12 uploads at once into one slot of 5 store exactly 5 and refuse 7, no other row or file', async () => {
    const owner = await signUp(server);
    const started = await graphqlAs(server, owner, 'mutation { createPreQualification { id } }');
    const caseId = started.data!.createPreQualification.id as string;
    const mine = await graphqlAs(server, owner, 'query ($id: ID) { myDocuments(applicationCaseId: $id) { caseComponents { id name component { id } } } }', { id: caseId });
    const slot = (mine.data!.myDocuments[0].caseComponents as { id: string; name: string; component: { id: string } }[]).find((s) => s.component.id === 'pay-stubs')!;
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } }).png().toBuffer();
    const create = `mutation Upload($file: File!, $componentId: ID!, $applicationCaseId: ID!) {
      createUploadedDocument(file: $file, componentId: $componentId, applicationCaseId: $applicationCaseId) { id } }`;

    const answers = await atOnce(12, (i) => upload(owner, create, { componentId: slot.id, applicationCaseId: caseId }, png, `stub-${i}.png`));
    const { succeeded, refusals } = outcomes(answers);
    expect(succeeded).toBe(5);
    expect(refusals).toEqual(Array(7).fill(documentTexts.slotFull(slot.name, 5)));
    expect(answers.filter((a) => a.errors).every((a) => a.errors![0]!.extensions?.code === 'BAD_USER_INPUT')).toBe(true);
    const { rows } = await server.db.query('SELECT id FROM uploaded_documents WHERE application_case_id = $1', [caseId]);
    expect(rows).toHaveLength(5);
    expect(await filesUnder(join(uploadDir, 'documents', caseId))).toBe(5);
    // All five are listed, so each can be deleted.
    const listed = await graphqlAs(server, owner, 'query ($id: ID) { myDocuments(applicationCaseId: $id) { caseComponents { id uploadedDocuments { id } } } }', { id: caseId });
    const listedSlot = (listed.data!.myDocuments[0].caseComponents as { id: string; uploadedDocuments: unknown[] }[]).find((s) => s.id === slot.id)!;
    expect(listedSlot.uploadedDocuments).toHaveLength(5);
  });

  it('listing photos: 6 uploads at once into a listing of 57 make it 60', async () => {
    const seller = await signUp(server);
    const { caseId, listingId } = await insertSellerCase(server.db, seller.user.id, `L${process.pid}X${Date.now() % 100000}`);
    await server.db.query(
      `INSERT INTO listing_photos (listing_id, base_key, widths, width, height, position, uploaded_by)
       SELECT $1::bigint, 'listing-photos/' || $1::text || '/earlier-' || g, '{400}', 400, 300, g, $2 FROM generate_series(0, 56) g`,
      [listingId, seller.user.id],
    );
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const query = 'mutation Upload($file: File!, $caseId: ID!) { uploadListingPhoto(file: $file, applicationCaseId: $caseId) { id } }';
    const { succeeded, refusals } = outcomes(await atOnce(6, (i) => upload(seller, query, { caseId: String(caseId) }, jpeg, `room-${i}.jpg`)));
    expect(succeeded).toBe(3);
    expect(refusals).toEqual(Array(3).fill(listingPhotoTexts.tooManyPhotos(60)));
    const { rows } = await server.db.query('SELECT id FROM listing_photos WHERE listing_id = $1', [listingId]);
    expect(rows).toHaveLength(60);
    // 400 and 800 wide, WebP and JPEG, of the three stored.
    expect(await filesUnder(join(uploadDir, 'listing-photos', String(listingId)))).toBe(12);
  });

  it('saved searches: 12 saves at once by a user with 95 keep 100', async () => {
    const user = await signUp(server);
    await server.db.query(
      `INSERT INTO saved_searches (user_id, name, search_model, notification_frequency) SELECT $1, 'Earlier ' || g, '{}', 'NEVER' FROM generate_series(1, 95) g`,
      [user.user.id],
    );
    const save = 'mutation ($name: String!) { saveSearch(name: $name, notificationFrequency: NEVER, searchModal: { geoInput: { bounds: { north: 41, south: 40, east: -111, west: -112 } } }) { id } }';
    const { succeeded, refusals } = outcomes(await atOnce(12, (i) => graphqlAs(server, user, save, { name: `New ${i}` })));
    expect(succeeded).toBe(5);
    expect(refusals).toEqual(Array(7).fill('You can keep at most 100 saved searches.'));
    const { rows } = await server.db.query('SELECT id FROM saved_searches WHERE user_id = $1', [user.user.id]);
    expect(rows).toHaveLength(100);
  });

  it('API keys: 6 keys at once for a partner with 17 active keep 20', async () => {
    const owner = await signUp(server);
    const partner = await signUpTestPartner(server, owner, 'Key Homes');
    await server.db.query(
      `INSERT INTO partner_api_keys (partner_id, name, prefix, key_hash, scopes)
       SELECT $1::bigint, 'Earlier', 'hk_earlier', md5(g::text || $1::text) || md5(g::text), ARRAY['leads:read'] FROM generate_series(1, 17) g`,
      [partner.id],
    );
    const create = 'mutation ($partnerId: ID!, $name: String) { createApiKey(partnerId: $partnerId, name: $name, scopes: [LEADS_READ]) { secret } }';
    const { succeeded, refusals } = outcomes(await atOnce(6, (i) => graphqlAs(server, owner, create, { partnerId: partner.id, name: `New ${i}` })));
    expect(succeeded).toBe(3);
    expect(refusals).toEqual(Array(3).fill('A partner may hold at most 20 active keys: revoke one first.'));
    const { rows } = await server.db.query('SELECT id FROM partner_api_keys WHERE partner_id = $1 AND revoked_at IS NULL', [partner.id]);
    expect(rows).toHaveLength(20);
  });

  it('partners a user runs: 8 sign-ups at once make 5', async () => {
    const user = await signUp(server);
    const signUpPartner = 'mutation ($slug: String!) { signUpPartner(slug: $slug, name: "Many Homes") { id } }';
    const { succeeded, refusals } = outcomes(await atOnce(8, (i) => graphqlAs(server, user, signUpPartner, { slug: `many-${process.pid}-${user.user.id}-${i}` })));
    expect(succeeded).toBe(5);
    expect(refusals).toEqual(Array(3).fill(partnerTexts.tooManyPartners));
    const { rows } = await server.db.query(`SELECT partner_id FROM partner_members WHERE user_id = $1 AND role = 'owner'`, [user.user.id]);
    expect(rows).toHaveLength(5);
  });

  it('owners, admins and invitations of a partner: 10 invitations at once to a partner with 46 make 50', async () => {
    const owner = await signUp(server);
    const partner = await signUpTestPartner(server, owner, 'Crowded Homes');
    await server.db.query(
      `INSERT INTO partner_invitations (partner_id, email, role) SELECT $1, 'earlier-' || g || '@example.com', 'admin' FROM generate_series(1, 45) g`,
      [partner.id],
    );
    const invite = 'mutation ($partnerId: ID!, $email: String!) { invitePartnerMember(partnerId: $partnerId, email: $email, role: ADMIN) { id } }';
    const { succeeded, refusals } = outcomes(await atOnce(10, (i) => graphqlAs(server, owner, invite, { partnerId: partner.id, email: `new-${i}@example.com` })));
    expect(succeeded).toBe(4);
    expect(refusals).toEqual(Array(6).fill(partnerTexts.members.tooMany(50)));
    const { rows } = await server.db.query('SELECT id FROM partner_invitations WHERE partner_id = $1', [partner.id]);
    expect(rows).toHaveLength(49);
  });
});
