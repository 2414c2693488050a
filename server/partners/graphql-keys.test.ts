/**
 * A partner's API key on /graphql/ (graphql-keys.ts): `Authorization: Partner <key>` or `Bearer hk_…`
 * authenticates with the key's scopes — leads:read the partner's lead queries, admin its settings (audited
 * as the key); anything else, a revoked or unknown key, and another partner's data are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { freshIp, signUp, type SignedUp } from '../accounts/testing';
import { codeOf, graphqlAs, namedOp } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { engineName, startTestServer } from '../testing/test-server';
import { KEY_UNKNOWN, keyOutOfScope, presentedKey } from './graphql-keys';

let server: RunningServer;
let owner: SignedUp;
let rivalOwner: SignedUp;

const CREATE_KEY = 'mutation ($partnerId: ID!, $scopes: [ApiKeyScope!]!) { createApiKey(partnerId: $partnerId, scopes: $scopes) { secret key { id prefix } } }';
const REVOKE_KEY = 'mutation ($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }';
const LEADS = 'query ($partnerId: ID) { partnerLeads(partnerId: $partnerId, first: 10) { totalCount leads { id lastName } } }';
const LEAD = 'query ($id: ID!) { partnerLead(id: $id) { id lastName } }';
const SETTINGS = 'query ($partnerId: ID!) { partnerSettings(partnerId: $partnerId) { id websiteName role } }';
const UPDATE = 'mutation ($partnerId: ID!, $input: PartnerSettingsInput!) { updatePartnerSettings(partnerId: $partnerId, input: $input) { id websiteName } }';

interface Partner {
  id: string;
  slug: string;
  leadId: string;
}

async function partnerWithLead(who: SignedUp, lastName: string): Promise<Partner> {
  const { id, slug } = await signUpTestPartner(server, who, `${lastName} Homes`);
  const response = await fetch(`${server.url}/v1/api/contact-form/?partner=${slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify({ firstName: 'Lee', lastName, email: 'lee@example.com', phone: '8015550123', comment: 'Tell me more.' }),
  });
  expect(response.status).toBe(201);
  return { id, slug, leadId: ((await response.json()) as { id: string }).id };
}

async function keyFor(who: SignedUp, partner: Partner, scopes: string[]): Promise<{ id: string; secret: string; prefix: string }> {
  const created = (await graphqlAs(server, who, CREATE_KEY, { partnerId: partner.id, scopes })).data!.createApiKey;
  return { id: created.key.id, secret: created.secret, prefix: created.key.prefix };
}

/** POSTs `query` to /graphql/ with `Authorization: <scheme> <key>`; the status, headers and body. */
async function asKey(key: string, query: string, variables: Record<string, unknown> = {}, scheme = 'Partner') {
  const response = await fetch(`${server.url}/graphql/?queryName=Op`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `${scheme} ${key}` },
    body: JSON.stringify({ query: namedOp(query), variables }),
  });
  const body = (await response.json()) as { data?: Record<string, any> | null; errors?: { message: string; extensions?: { code?: string } }[] };
  return { status: response.status, headers: response.headers, body };
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  [owner, rivalOwner] = await Promise.all([signUp(server), signUp(server)]);
});
afterAll(async () => {
  await server?.close();
});

describe(`partner API keys on GraphQL (${engineName()})`, () => {
  it('reads the header the REST side uses, or a Bearer hk_ key; a user token is not a key', () => {
    expect(presentedKey('Partner hk_abc')).toBe('hk_abc');
    expect(presentedKey('Bearer hk_abc')).toBe('hk_abc');
    expect(presentedKey('Bearer 0123456789abcdef')).toBeNull();
    expect(presentedKey('Token hk_abc')).toBeNull();
    expect(presentedKey(undefined)).toBeNull();
  });

  it("leads:read reads the partner's leads, with either header, and nothing else", async () => {
    const partner = await partnerWithLead(owner, 'Reader');
    const key = await keyFor(owner, partner, ['LEADS_READ']);

    const page = await asKey(key.secret, LEADS, { partnerId: partner.id });
    expect(page.status).toBe(200);
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data!.partnerLeads).toEqual({ totalCount: 1, leads: [{ id: partner.leadId, lastName: 'Reader' }] });
    const bearer = await asKey(key.secret, LEAD, { id: partner.leadId }, 'Bearer');
    expect(bearer.body.data!.partnerLead).toEqual({ id: partner.leadId, lastName: 'Reader' });

    // Settings, key management and everything outside the scope: refused before anything runs.
    for (const [query, variables, field] of [
      [SETTINGS, { partnerId: partner.id }, 'partnerSettings'],
      [UPDATE, { partnerId: partner.id, input: { websiteName: 'Taken over' } }, 'updatePartnerSettings'],
      ['query { myPartners { id } }', {}, 'myPartners'],
      ['mutation ($partnerId: ID!) { createApiKey(partnerId: $partnerId, scopes: [ADMIN]) { secret } }', { partnerId: partner.id }, 'createApiKey'],
      ['query { me { id } }', {}, 'me'],
    ] as const) {
      const refused = await asKey(key.secret, query, variables);
      expect(refused.status, field).toBe(403);
      expect(refused.body.errors![0]).toMatchObject({ message: keyOutOfScope(field, ['leads:read']), extensions: { code: 'FORBIDDEN' } });
    }
    // Not through a fragment either, nor with a second root field beside an allowed one.
    const viaFragment = await asKey(key.secret, 'query { ...Steal } fragment Steal on Query { apiKeys(partnerId: 1) { id } }');
    expect(viaFragment.status).toBe(403);
    const viaInline = await asKey(key.secret, `query { ... on Query { partnerLeads(first: 1) { totalCount } partnerAudit(partnerId: ${partner.id}) { hasNextPage } } }`);
    expect(viaInline.body.errors![0]!.message).toBe(keyOutOfScope('partnerAudit', ['leads:read']));
    expect((await graphqlAs(server, owner, SETTINGS, { partnerId: partner.id })).data!.partnerSettings.websiteName).not.toBe('Taken over');
  });

  it("admin changes the partner's settings, audited as the key; it reads no leads", async () => {
    const partner = await partnerWithLead(owner, 'Admin');
    const key = await keyFor(owner, partner, ['ADMIN']);
    const changed = await asKey(key.secret, UPDATE, { partnerId: partner.id, input: { websiteName: 'Keyed Homes' } });
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data!.updatePartnerSettings).toEqual({ id: partner.id, websiteName: 'Keyed Homes' });
    expect((await asKey(key.secret, SETTINGS, { partnerId: partner.id })).body.data!.partnerSettings).toEqual({ id: partner.id, websiteName: 'Keyed Homes', role: 'ADMIN' });
    const { rows } = await server.db.query<{ actor: string; api_key_id: number | null; user_id: number | null; action: string }>(
      `SELECT actor, api_key_id, user_id, action FROM partner_audit WHERE partner_id = $1 ORDER BY id DESC LIMIT 1`,
      [partner.id],
    );
    expect(rows[0]).toEqual({ actor: `API key ${key.prefix}…`, api_key_id: Number(key.id), user_id: null, action: 'settings.updated' });
    // The console's own checks still hold for a key.
    expect((await asKey(key.secret, UPDATE, { partnerId: partner.id, input: { primaryColor: '#ffeb3b' } })).body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');

    const leads = await asKey(key.secret, LEADS, { partnerId: partner.id });
    expect(leads.status).toBe(403);
    expect(leads.body.errors![0]!.message).toBe(keyOutOfScope('partnerLeads', ['admin']));
  });

  it("a key never reaches another partner's data: its leads, one lead by id, its settings", async () => {
    const mine = await partnerWithLead(owner, 'Mine');
    const theirs = await partnerWithLead(rivalOwner, 'Theirs');
    const key = await keyFor(owner, mine, ['LEADS_READ', 'ADMIN']);
    for (const [query, variables] of [
      [LEADS, { partnerId: theirs.id }],
      [LEAD, { id: theirs.leadId }],
      [SETTINGS, { partnerId: theirs.id }],
      [UPDATE, { partnerId: theirs.id, input: { websiteName: 'Taken over' } }],
    ] as const) {
      const answer = await asKey(key.secret, query, variables);
      expect(answer.body.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
      expect(JSON.stringify(answer.body)).not.toContain('Theirs');
    }
    // Without a partner id: the request's partner (?partner=acme by default here is `default`), not the key's: nothing.
    const defaulted = await asKey(key.secret, 'query { partnerLeads(first: 5) { totalCount } }');
    expect(codeOf(defaulted.body)).toBe('NOT_FOUND');
    // Its owner still sees it as a person.
    expect((await graphqlAs(server, rivalOwner, LEAD, { id: theirs.leadId })).data!.partnerLead.lastName).toBe('Theirs');
  });

  it('an unknown or revoked key is 401 with a clear error, never a visitor', async () => {
    const partner = await partnerWithLead(owner, 'Revoked');
    const key = await keyFor(owner, partner, ['LEADS_READ']);
    expect((await asKey(key.secret, LEADS, { partnerId: partner.id })).status).toBe(200);
    await graphqlAs(server, owner, REVOKE_KEY, { id: key.id });
    for (const [secret, scheme] of [
      [key.secret, 'Partner'],
      [key.secret, 'Bearer'],
      ['hk_thisKeyWasNeverIssuedToAnybody0000000000000', 'Bearer'],
    ] as const) {
      const refused = await asKey(secret, LEADS, { partnerId: partner.id }, scheme);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Partner');
      expect(refused.body).toEqual({ errors: [{ message: KEY_UNKNOWN, extensions: { code: 'UNAUTHENTICATED' } }] });
    }
  });
});
