/**
 * Partner onboarding and administration over GraphQL and REST (server/partners/admin.ts, settings.ts,
 * keys.ts, images.ts; issue 16): sign-up, membership (strangers and forged ids get NOT_FOUND), settings
 * with their checks (contrast, origins), audit rows in the same transaction, API key scopes and
 * revocation, CORS from the configured origins, uploads, and the command line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerTexts } from '../../core/i18n/partners';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { codeOf, graphqlAs, namedOp } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { runPartnerAdmin } from './admin-commands';
import { MAX_PARTNERS_PER_USER } from './admin';

let server: RunningServer;
let owner: SignedUp;
let otherOwner: SignedUp;
let stranger: SignedUp;
let administrator: SignedUp;
let uploadDir: string;

let counter = 0;
const freshSlug = (prefix = 'pa') => `${prefix}-${process.pid}-${++counter}`;

const SETTINGS = 'id slug role name logoUrl websiteName companyName showPoweredBy primaryColor onPrimaryColor textColor surfaceColor fontFamily radius agentName agentPictureUrl agentOfficePhone agentCellPhone agentEmail countries defaultSearchLocation sellEnabled rentalEnabled agentApp allowedOrigins mapsKey tileSourceUrl tileAttribution analyticsEnabled registrationMode registrationViews registrationPhotos registrationNotNow updatedAt';
const SIGN_UP = 'mutation ($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id slug name role } }';
const READ = `query ($partnerId: ID!) { partnerSettings(partnerId: $partnerId) { ${SETTINGS} } }`;
const UPDATE = `mutation ($partnerId: ID!, $input: PartnerSettingsInput!) { updatePartnerSettings(partnerId: $partnerId, input: $input) { ${SETTINGS} } }`;
const AUDIT = 'query ($partnerId: ID!, $first: Int, $after: String) { partnerAudit(partnerId: $partnerId, first: $first, after: $after) { entries { id actor action changes at } endCursor hasNextPage } }';
const KEYS = 'query ($partnerId: ID!) { apiKeys(partnerId: $partnerId) { id name prefix scopes createdBy revokedAt lastUsedAt } }';
const CREATE_KEY = 'mutation ($partnerId: ID!, $name: String, $scopes: [ApiKeyScope!]!) { createApiKey(partnerId: $partnerId, name: $name, scopes: $scopes) { secret key { id prefix scopes } } }';
const REVOKE_KEY = 'mutation ($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }';

async function signUpPartner(who: SignedUp, slug = freshSlug(), name = 'Wasatch Homes') {
  const result = await graphqlAs(server, who, SIGN_UP, { slug, name });
  return result.data!.signUpPartner as { id: string; slug: string; name: string; role: string };
}

const update = (who: SignedUp, partnerId: string, input: Record<string, unknown>) => graphqlAs(server, who, UPDATE, { partnerId, input });

const auditOf = async (partnerId: string) =>
  (await graphqlAs(server, owner, AUDIT, { partnerId, first: 50 })).data!.partnerAudit.entries as { actor: string; action: string; changes: any }[];

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-partners-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer({ trustProxy: true });
  [owner, otherOwner, stranger, administrator] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE users SET is_superuser = true WHERE id = $1', [administrator.user.id]);
});
// Each test its own owner: one person may sign up only MAX_PARTNERS_PER_USER partners.
beforeEach(async () => {
  owner = await signUp(server);
});
afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

describe(`partner sign-up and membership (${engineName()})`, () => {
  it('a signed-in user signs up a partner and becomes its owner; the sign-up is audited', async () => {
    const slug = freshSlug();
    const partner = await signUpPartner(owner, slug, '  Wasatch Homes ');
    expect(partner).toMatchObject({ slug, name: 'Wasatch Homes', role: 'OWNER' });
    const mine = (await graphqlAs(server, owner, 'query { myPartners { id slug role } }')).data!.myPartners;
    expect(mine).toContainEqual({ id: partner.id, slug, role: 'OWNER' });
    const settings = (await graphqlAs(server, owner, READ, { partnerId: partner.id })).data!.partnerSettings;
    expect(settings).toMatchObject({ name: 'Wasatch Homes', websiteName: 'Wasatch Homes', showPoweredBy: true, agentEmail: owner.user.email, allowedOrigins: [] });
    expect(await auditOf(partner.id)).toEqual([expect.objectContaining({ actor: owner.user.email, action: 'partner.created' })]);
  });

  it('refuses a malformed, reserved or taken slug and an empty name, naming the argument', async () => {
    const taken = (await signUpPartner(owner)).slug;
    for (const [slug, name, argument, message] of [
      ['Not A Slug', 'X', 'slug', partnerTexts.slugInvalid],
      ['default', 'X', 'slug', partnerTexts.slugReserved],
      [taken, 'X', 'slug', partnerTexts.slugTaken],
      [freshSlug(), '   ', 'name', partnerTexts.nameRequired],
    ] as const) {
      const result = await graphqlAs(server, otherOwner, SIGN_UP, { slug, name });
      expect(result.errors?.[0], slug).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', argumentName: argument } });
    }
  });

  it(`lets one person sign up at most ${MAX_PARTNERS_PER_USER} partners`, async () => {
    for (let i = 0; i < MAX_PARTNERS_PER_USER; i++) await signUpPartner(owner);
    const refused = await graphqlAs(server, owner, SIGN_UP, { slug: freshSlug(), name: 'One too many' });
    expect(refused.errors?.[0]).toMatchObject({ message: partnerTexts.tooManyPartners, extensions: { code: 'FORBIDDEN' } });
  });

  it('needs a signed-in viewer', async () => {
    expect(codeOf(await graphqlAs(server, null, SIGN_UP, { slug: freshSlug(), name: 'X' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await graphqlAs(server, null, 'query { myPartners { id } }', {}, 'public_graphql'))).toBe('UNAUTHENTICATED');
  });

  it("answers NOT_FOUND to another partner's owner, a stranger and forged ids, on every field", async () => {
    const partner = await signUpPartner(owner);
    await signUpPartner(otherOwner);
    const keyId = (await graphqlAs(server, owner, CREATE_KEY, { partnerId: partner.id, scopes: ['LEADS_READ'] })).data!.createApiKey.key.id;
    for (const who of [otherOwner, stranger]) {
      expect(codeOf(await graphqlAs(server, who, READ, { partnerId: partner.id }))).toBe('NOT_FOUND');
      expect(codeOf(await update(who, partner.id, { name: 'Taken over' }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, AUDIT, { partnerId: partner.id }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, KEYS, { partnerId: partner.id }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, CREATE_KEY, { partnerId: partner.id, scopes: ['ADMIN'] }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, REVOKE_KEY, { id: keyId }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, 'query ($p: ID!) { partnerSnippets(partnerId: $p) { tag } }', { p: partner.id }))).toBe('NOT_FOUND');
      expect((await graphqlAs(server, who, 'query { myPartners { id } }')).data!.myPartners).not.toContainEqual({ id: partner.id });
    }
    for (const forged of ['0', '-1', '1e3', 'abc', '99999999999', "1' OR 1=1"]) {
      expect(codeOf(await graphqlAs(server, owner, READ, { partnerId: forged })), forged).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, owner, REVOKE_KEY, { id: forged })), forged).toBe('NOT_FOUND');
    }
    const { rows } = await server.db.query<{ name: string }>('SELECT name FROM partners WHERE id = $1', [partner.id]);
    expect(rows[0]!.name).toBe('Wasatch Homes');
  });

  it('lets a Hearth administrator create a partner for an owner, and read and change any partner', async () => {
    const slug = freshSlug('admin');
    const created = await graphqlAs(server, administrator, 'mutation ($slug: String!, $name: String!, $ownerEmail: String) { createPartner(slug: $slug, name: $name, ownerEmail: $ownerEmail) { id slug role } }', {
      slug,
      name: 'Peak Brokerage',
      ownerEmail: stranger.user.email,
    });
    const partner = created.data!.createPartner;
    expect(partner).toMatchObject({ slug, role: 'ADMINISTRATOR' });
    expect((await graphqlAs(server, stranger, READ, { partnerId: partner.id })).data!.partnerSettings).toMatchObject({ role: 'OWNER' });
    expect(codeOf(await graphqlAs(server, owner, 'mutation { createPartner(slug: "nope-x", name: "X") { id } }'))).toBe('FORBIDDEN');
    expect((await update(administrator, partner.id, { websiteName: 'Peak Homes' })).data!.updatePartnerSettings.websiteName).toBe('Peak Homes');
  });

  it('keeps the powered-by line for administrators: an owner is refused (FORBIDDEN), an administrator changes it', async () => {
    const partner = await signUpPartner(owner);
    const SET = 'mutation ($partnerId: ID!, $show: Boolean!) { setPartnerPoweredBy(partnerId: $partnerId, show: $show) { showPoweredBy } }';
    expect(codeOf(await graphqlAs(server, owner, SET, { partnerId: partner.id, show: false }))).toBe('FORBIDDEN');
    expect(codeOf(await graphqlAs(server, stranger, SET, { partnerId: partner.id, show: false }))).toBe('NOT_FOUND');
    expect((await graphqlAs(server, administrator, SET, { partnerId: partner.id, show: false })).data!.setPartnerPoweredBy.showPoweredBy).toBe(false);
    const config = await fetch(`${server.url}/v1/api/dynamic-config/?partner=${partner.slug}`).then((r) => r.json() as Promise<{ app_config: { app_context: string } }>);
    expect(JSON.parse(config.app_config.app_context).showPoweredBy).toBe(false);
    expect((await auditOf(partner.id))[0]).toMatchObject({ actor: administrator.user.email, action: 'poweredBy.set', changes: { showPoweredBy: { before: true, after: false } } });
  });
});

describe(`partner settings (${engineName()})`, () => {
  it('saves branding, theme, agent and site settings, serves them in dynamic-config and site config at once, and audits before/after', async () => {
    const partner = await signUpPartner(owner);
    const result = await update(owner, partner.id, {
      name: 'Canyon Realty',
      websiteName: 'Canyon Homes',
      companyName: 'Canyon Realty LLC',
      primaryColor: '#0B6E4F',
      fontFamily: 'Georgia, serif',
      radius: 4,
      agentName: 'Casey Canyon',
      agentOfficePhone: '801-555-0142',
      agentEmail: 'casey@canyon.example',
      countries: ['us', 'CA'],
      defaultSearchLocation: 'Provo,-UT,-USA',
      rentalEnabled: false,
      agentApp: true,
      mapsKey: 'AIzaSyExampleKey_123',
      analyticsEnabled: true,
      registrationMode: 'VIEWS',
      registrationViews: 4,
      registrationNotNow: 0,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.updatePartnerSettings).toMatchObject({ name: 'Canyon Realty', primaryColor: '#0b6e4f', radius: 4, countries: ['US', 'CA'], rentalEnabled: false });

    const config = await fetch(`${server.url}/v1/api/dynamic-config/?partner=${partner.slug}`).then((r) => r.json() as Promise<{ app_config: { app_context: string; error: string | null } }>);
    expect(config.app_config.error).toBeNull();
    const context = JSON.parse(config.app_config.app_context);
    expect(context).toMatchObject({
      appName: 'Canyon Realty LLC',
      websiteName: 'Canyon Homes',
      agentName: 'Casey Canyon',
      officeNumber: '+18015550142',
      agentApp: true,
      isAgentApp: true,
      mapsKey: 'AIzaSyExampleKey_123',
      analyticsEnabled: true,
      registration: { mode: 'views', views: 4, photos: 3, notNow: 0 },
      partner: { name: 'Canyon Realty', defaultSearchLocation: 'Provo,-UT,-USA', addressSearchComponentRestrictions: { country: ['us', 'ca'] } },
      themeData: { rentalEnabled: false, tokens: { 'color-primary': '#0b6e4f', 'font-family': 'Georgia, serif', radius: '4px' } },
    });
    const site = await fetch(`${server.url}/v1/api/site-config/?partner=${partner.slug}`).then((r) => r.json());
    expect(site).toEqual({ display_name: 'Canyon Homes' });

    const [entry] = await auditOf(partner.id);
    expect(entry).toMatchObject({ actor: owner.user.email, action: 'settings.updated' });
    expect(entry!.changes.primaryColor).toEqual({ before: '#1d4ed8', after: '#0b6e4f' });
    expect(entry!.changes.websiteName).toEqual({ before: 'Wasatch Homes', after: 'Canyon Homes' });
    expect(entry!.changes).not.toHaveProperty('textColor');
  });

  it('refuses a lead registration number out of its range, naming the field', async () => {
    const partner = await signUpPartner(owner);
    const tooMany = await update(owner, partner.id, { registrationMode: 'PHOTOS', registrationPhotos: 40 });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'input.registrationPhotos' });
    const ok = await update(owner, partner.id, { registrationMode: 'PHOTOS', registrationPhotos: 5 });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updatePartnerSettings).toMatchObject({ registrationMode: 'PHOTOS', registrationPhotos: 5 });
  });

  it('refuses a low-contrast theme with BAD_USER_INPUT naming the field and the ratio, and changes nothing', async () => {
    const partner = await signUpPartner(owner);
    const before = await auditOf(partner.id);
    const yellow = await update(owner, partner.id, { primaryColor: '#ffeb3b', name: 'Should not stick' });
    expect(yellow.errors?.[0]).toMatchObject({
      message: partnerTexts.contrastRefusal('button-text-on-primary', 1.22),
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'input.primaryColor', pair: 'button-text-on-primary', ratio: 1.22 },
    });
    const grey = await update(owner, partner.id, { textColor: '#aaaaaa' });
    expect(grey.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'input.textColor', pair: 'text-on-surface' });
    const dark = await update(owner, partner.id, { surfaceColor: '#222222' });
    expect(dark.errors?.[0]?.extensions).toMatchObject({ argumentName: 'input.surfaceColor' });
    // Dark text on a dark background is fine once the text is light, in one change.
    expect((await update(owner, partner.id, { surfaceColor: '#1a1a1a', textColor: '#f5f5f5' })).errors).toBeUndefined();
    const { rows } = await server.db.query<{ name: string }>('SELECT name FROM partners WHERE id = $1', [partner.id]);
    expect(rows[0]!.name).toBe('Wasatch Homes');
    expect((await auditOf(partner.id)).length).toBe(before.length + 1);
  });

  it('refuses malformed values with the field named', async () => {
    const partner = await signUpPartner(owner);
    for (const [input, argument] of [
      [{ primaryColor: 'red; } body { x' }, 'input.primaryColor'],
      [{ fontFamily: 'x; background: url(evil)' }, 'input.fontFamily'],
      [{ radius: 99 }, 'input.radius'],
      [{ agentEmail: 'not-an-email' }, 'input.agentEmail'],
      [{ agentCellPhone: 'call me' }, 'input.agentCellPhone'],
      [{ countries: ['USA'] }, 'input.countries'],
      [{ mapsKey: '<script>' }, 'input.mapsKey'],
      [{ tileSourceUrl: 'javascript:alert(1)' }, 'input.tileSourceUrl'],
      [{ name: '' }, 'input.name'],
      [{ websiteName: 'x'.repeat(201) }, 'input.websiteName'],
    ] as const) {
      const result = await update(owner, partner.id, input);
      expect(result.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: argument });
    }
  });

  it('checks allowed origins: https host[:port], explicit wildcard subdomains, loopback in development; stored canonical', async () => {
    const partner = await signUpPartner(owner);
    const ok = await update(owner, partner.id, {
      allowedOrigins: ['https://WWW.Canyon.example/', 'https://*.canyon-homes.example', 'https://shop.canyon.example:8443', 'http://localhost:5173', 'https://www.canyon.example'],
    });
    expect(ok.data!.updatePartnerSettings.allowedOrigins).toEqual([
      'https://www.canyon.example',
      'https://*.canyon-homes.example',
      'https://shop.canyon.example:8443',
      'http://localhost:5173',
    ]);
    for (const origin of ['http://www.canyon.example', 'https://*', '*', 'https://*.com', 'https://canyon.example/path', 'ftp://canyon.example', 'https://user@canyon.example', 'https://a.*.example', 'null']) {
      const result = await update(owner, partner.id, { allowedOrigins: [origin] });
      expect(result.errors?.[0]?.extensions, origin).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'input.allowedOrigins' });
    }
  });

  it('stores a tile source that is never served to visitors', async () => {
    const partner = await signUpPartner(owner);
    const result = await update(owner, partner.id, { tileSourceUrl: 'https://tiles.canyon.example/{z}/{x}/{y}.png?key=secret', tileAttribution: '[© Canyon Maps](https://maps.canyon.example/)' });
    expect(result.data!.updatePartnerSettings.tileSourceUrl).toContain('key=secret');
    const config = await fetch(`${server.url}/v1/api/dynamic-config/?partner=${partner.slug}`).then((r) => r.text());
    expect(config).not.toContain('secret');
  });
});

describe(`CORS from the configured origins (${engineName()})`, () => {
  const lead = { firstName: 'Casey', lastName: 'Origin', email: 'casey@example.com', phone: '8015550123', comment: 'Is this home still available?' };
  const post = (slug: string, origin: string) =>
    fetch(`${server.url}/v1/api/contact-form/?partner=${slug}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(lead) });

  it('grants an exact origin and any subdomain of a wildcard, from the next request; refuses look-alikes', async () => {
    const partner = await signUpPartner(owner);
    expect((await post(partner.slug, 'https://www.canyon.example')).status).toBe(403);
    await update(owner, partner.id, { allowedOrigins: ['https://www.canyon.example', 'https://*.canyon-homes.example'] });
    for (const origin of ['https://www.canyon.example', 'https://blog.canyon-homes.example', 'https://a.b.canyon-homes.example']) {
      const response = await post(partner.slug, origin);
      expect(response.status, origin).toBe(201);
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    for (const origin of ['https://canyon-homes.example', 'http://blog.canyon-homes.example', 'https://blog.canyon-homes.example:8443', 'https://evilcanyon-homes.example', 'https://canyon-homes.example.evil.example', 'https://shop.canyon.example']) {
      expect((await post(partner.slug, origin)).status, origin).toBe(403);
    }
    await update(owner, partner.id, { allowedOrigins: [] });
    expect((await post(partner.slug, 'https://www.canyon.example')).status).toBe(403);
  });
});

describe(`API keys (${engineName()})`, () => {
  const leads = (slug: string, key: string | null) =>
    fetch(`${server.url}/v1/api/leads/?partner=${slug}`, { headers: key ? { Authorization: `Partner ${key}` } : {} });
  const webhook = (slug: string, key: string) => fetch(`${server.url}/v1/api/webhook/?partner=${slug}`, { headers: { Authorization: `Partner ${key}` } });

  it('creates a key shown once and stored as a hash, lists it by prefix, checks its scope and refuses it at once when revoked', async () => {
    const partner = await signUpPartner(owner);
    const created = (await graphqlAs(server, owner, CREATE_KEY, { partnerId: partner.id, name: 'CRM sync', scopes: ['LEADS_READ'] })).data!.createApiKey;
    expect(created.secret).toMatch(/^hk_[A-Za-z0-9_-]{40,}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const { rows } = await server.db.query<{ key_hash: string }>('SELECT key_hash FROM partner_api_keys WHERE id = $1', [created.key.id]);
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(12));

    const listed = (await graphqlAs(server, owner, KEYS, { partnerId: partner.id })).data!.apiKeys;
    expect(listed).toEqual([{ id: created.key.id, name: 'CRM sync', prefix: created.key.prefix, scopes: ['LEADS_READ'], createdBy: owner.user.email, revokedAt: null, lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    expect((await leads(partner.slug, created.secret)).status).toBe(200);
    expect((await graphqlAs(server, owner, KEYS, { partnerId: partner.id })).data!.apiKeys[0].lastUsedAt).not.toBeNull();
    // leads:read does not manage the account.
    const refused = await webhook(partner.slug, created.secret);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('insufficient_scope');
    // Another partner's key is refused.
    expect((await leads('acme', created.secret)).status).toBe(403);

    const revoked = (await graphqlAs(server, owner, REVOKE_KEY, { id: created.key.id })).data!.revokeApiKey;
    expect(revoked.revokedAt).not.toBeNull();
    expect((await leads(partner.slug, created.secret)).status).toBe(401);
    const actions = (await auditOf(partner.id)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['apiKey.revoked', 'apiKey.created']);
  });

  it('an admin key manages webhooks but does not read leads; unknown scopes are refused', async () => {
    const partner = await signUpPartner(owner);
    const admin = (await graphqlAs(server, owner, CREATE_KEY, { partnerId: partner.id, scopes: ['ADMIN'] })).data!.createApiKey;
    expect((await webhook(partner.slug, admin.secret)).status).toBe(200);
    expect((await leads(partner.slug, admin.secret)).status).toBe(403);
    expect(codeOf(await graphqlAs(server, owner, CREATE_KEY, { partnerId: partner.id, scopes: [] }))).toBe('BAD_USER_INPUT');
    // Not a value of the ApiKeyScope enum: refused by GraphQL itself.
    expect((await graphqlAs(server, owner, CREATE_KEY, { partnerId: partner.id, scopes: ['EVERYTHING'] })).errors?.[0]?.message).toMatch(/EVERYTHING/);
    expect((await graphqlAs(server, owner, KEYS, { partnerId: partner.id })).data!.apiKeys).toHaveLength(1);
  });

  it("lists the seeded demo key (set before scopes) with every scope", async () => {
    const { rows } = await server.db.query<{ id: number }>(`SELECT id FROM partners WHERE slug = 'acme'`);
    const acmeId = String(rows[0]!.id);
    const listed = (await graphqlAs(server, administrator, KEYS, { partnerId: acmeId })).data!.apiKeys as { prefix: string; scopes: string[] }[];
    expect(listed).toContainEqual(expect.objectContaining({ prefix: 'legacy', scopes: ['LEADS_READ', 'ADMIN'] }));
  });
});

describe(`images and snippets (${engineName()})`, () => {
  const upload = async (who: SignedUp, partnerId: string, kind: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: namedOp('mutation ($partnerId: ID!, $kind: PartnerImageKind!, $file: File!) { uploadPartnerImage(partnerId: $partnerId, kind: $kind, file: $file) { logoUrl agentPictureUrl } }'), variables: { partnerId, kind, file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(bytes)]), 'picture.png');
    const response = await fetch(`${server.url}/graphql/?queryName=Op`, { method: 'POST', headers: { Authorization: `Token ${who.token}` }, body: form });
    return (await response.json()) as { data?: { uploadPartnerImage: { logoUrl: string | null; agentPictureUrl: string | null } }; errors?: { extensions?: Record<string, unknown> }[] };
  };

  it('stores a logo and an agent picture re-encoded and resized, absolute on our origin, served cross-origin', async () => {
    const partner = await signUpPartner(owner);
    const png = await sharp({ create: { width: 1600, height: 900, channels: 4, background: '#0b6e4f' } }).png().toBuffer();
    const logo = (await upload(owner, partner.id, 'LOGO', png)).data!.uploadPartnerImage.logoUrl!;
    expect(logo.startsWith(`${server.url}/media/partners/${partner.id}/logo-`)).toBe(true);
    const served = await fetch(logo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([427, 240]);
    const picture = (await upload(owner, partner.id, 'AGENT_PICTURE', png)).data!.uploadPartnerImage.agentPictureUrl!;
    const pictureMeta = await sharp(Buffer.from(await (await fetch(picture)).arrayBuffer())).metadata();
    expect([pictureMeta.width, pictureMeta.height]).toEqual([400, 400]);
    const context = JSON.parse((await fetch(`${server.url}/v1/api/dynamic-config/?partner=${partner.slug}`).then((r) => r.json() as Promise<{ app_config: { app_context: string } }>)).app_config.app_context);
    expect(context.agentPic).toBe(picture);
    expect(context.partner.logo).toBe(logo);
    expect((await auditOf(partner.id)).map((e) => e.action).slice(0, 2)).toEqual(['agentPicture.uploaded', 'logo.uploaded']);
  });

  it('refuses a file that is not an image, and a stranger', async () => {
    const partner = await signUpPartner(owner);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(owner, partner.id, 'LOGO', svg)).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload(stranger, partner.id, 'LOGO', png)).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await fetch(`${server.url}/media/partners/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it('gives the two-line snippet of every element with the partner slug and the loader on our origin', async () => {
    const partner = await signUpPartner(owner);
    const snippets = (await graphqlAs(server, owner, 'query ($p: ID!) { partnerSnippets(partnerId: $p) { tag summary snippet } }', { p: partner.id })).data!.partnerSnippets as { tag: string; snippet: string }[];
    expect(snippets.length).toBeGreaterThan(10);
    const card = snippets.find((s) => s.tag === 'hearth-search-map')!;
    expect(card.snippet).toBe(`<script src="${server.url}/cdn/v1/loader.js" data-partner="${partner.slug}" async></script>\n<hearth-search-map></hearth-search-map>`);
    expect(snippets.find((s) => s.tag === 'hearth-open-houses')!.snippet.split('\n')[1]).toBe('<hearth-open-houses listing-id="LISTING_ID"></hearth-open-houses>');
  });
});

describe(`audit paging (${engineName()})`, () => {
  it('pages newest first with a cursor, and refuses a bad page size or cursor', async () => {
    const partner = await signUpPartner(owner);
    for (const name of ['One', 'Two', 'Three']) await update(owner, partner.id, { websiteName: name });
    const first = (await graphqlAs(server, owner, AUDIT, { partnerId: partner.id, first: 2 })).data!.partnerAudit;
    expect(first.entries.map((e: { changes: any }) => e.changes.websiteName?.after)).toEqual(['Three', 'Two']);
    expect(first.hasNextPage).toBe(true);
    const second = (await graphqlAs(server, owner, AUDIT, { partnerId: partner.id, first: 2, after: first.endCursor })).data!.partnerAudit;
    expect(second.entries.map((e: { action: string }) => e.action)).toEqual(['settings.updated', 'partner.created']);
    expect(second.hasNextPage).toBe(false);
    expect(codeOf(await graphqlAs(server, owner, AUDIT, { partnerId: partner.id, first: 0 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await graphqlAs(server, owner, AUDIT, { partnerId: partner.id, first: 2, after: 'x' }))).toBe('BAD_USER_INPUT');
  });
});

describe(`npm run partner:admin (${engineName()})`, () => {
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runPartnerAdmin(server.db, argv, { info: (l) => lines.push(l), error: (l) => lines.push(l) });
    return { code, output: lines.join('\n') };
  };

  it('creates a partner with an owner (audited as the command line), grants administrators and lists partners', async () => {
    const slug = freshSlug('cli');
    const created = await run('create', '--slug', slug, '--name', 'CLI Realty', '--owner-email', otherOwner.user.email);
    expect(created.code).toBe(0);
    expect(created.output).toContain(`"${slug}"`);
    const { rows } = await server.db.query<{ id: number }>('SELECT id FROM partners WHERE slug = $1', [slug]);
    const partnerId = String(rows[0]!.id);
    expect((await graphqlAs(server, otherOwner, READ, { partnerId })).data!.partnerSettings.role).toBe('OWNER');
    const audit = (await graphqlAs(server, otherOwner, AUDIT, { partnerId })).data!.partnerAudit.entries;
    expect(audit[0]).toMatchObject({ actor: 'command line', action: 'partner.created' });

    expect((await run('create', '--slug', slug, '--name', 'Again')).code).toBe(1);
    expect((await run('create', '--name', 'No slug')).code).toBe(2);
    expect((await run('create', '--slug', freshSlug(), '--name', 'X', '--owner-email', 'nobody@example.com')).output).toBe(partnerTexts.ownerUnknown);

    expect((await run('grant-admin', '--email', stranger.user.email)).code).toBe(0);
    expect((await graphqlAs(server, stranger, 'query { myPartners { slug role } }')).data!.myPartners).toContainEqual({ slug: 'acme', role: 'ADMINISTRATOR' });
    await server.db.query('UPDATE users SET is_superuser = false WHERE id = $1', [stranger.user.id]);

    const list = await run('list');
    expect(list.output).toMatch(new RegExp(`\\t${slug}\\tCLI Realty\\t${otherOwner.user.email.replace(/\./g, '\\.')}`));
    expect((await run('frobnicate')).code).toBe(2);
  });
});
