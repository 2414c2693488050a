import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, signUp, type SignedUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import migratePhones from '../db/migrations/340_phone_numbers_e164';
import { DEMO_API_KEYS } from '../seed/data';
import { signUpTestPartner } from '../testing/partner';
import { graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;
let acmeId: number;
let owner: SignedUp;

async function postLead(phone: string): Promise<Response> {
  return fetch(`${server.url}/v1/api/contact-form/?partner=acme`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify({ firstName: 'Phoebe', lastName: 'Phone', email: 'phoebe@example.com', phone, comment: 'Please call me back.' }),
  });
}

async function insertLegacyLead(phone: string): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO leads (partner_id, first_name, last_name, email, phone, comment) VALUES ($1, 'Old', 'Lead', 'old@example.com', $2, 'From before.') RETURNING id`,
    [acmeId, phone],
  );
  return rows[0]!.id;
}

const LEAD = `query Op($id: ID!) { partnerLead(id: $id) { phone shown: phone(format: DISPLAY) } }`;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  const { rows } = await server.db.query<{ id: number }>(`SELECT id FROM partners WHERE slug = 'acme'`);
  acmeId = Number(rows[0]!.id);
  owner = await signUp(server);
  await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'owner')`, [acmeId, owner.user.id]);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe(`phones in and out of the API (issue 35, ${engineName()})`, () => {
  it('a lead typed "(801) 363-4127" is stored in E.164 and shown formatted: inbox, mail, CSV; JSON and GraphQL give E.164', async () => {
    const response = await postLead('(801) 363-4127');
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const { rows } = await server.db.query<{ phone: string }>('SELECT phone FROM leads WHERE id = $1', [id]);
    expect(rows[0]!.phone).toBe('+18013634127');

    const answer = await graphqlAs(server, owner, LEAD, { id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.partnerLead).toEqual({ phone: '+18013634127', shown: '(801) 363-4127' });

    const { rows: mails } = await server.db.query<{ body: string }>(`SELECT body FROM outbox WHERE body LIKE '%Phoebe Phone sent a message%' ORDER BY id DESC LIMIT 1`);
    expect(mails[0]!.body).toContain('Phone: (801) 363-4127');

    const headers = { Authorization: `Partner ${DEMO_API_KEYS.acme}` };
    const csv = await (await fetch(`${server.url}/v1/api/leads/export.csv?partner=acme&search=Phoebe`, { headers })).text();
    expect(csv).toContain(',phoebe@example.com,(801) 363-4127,');
    const json = (await (await fetch(`${server.url}/v1/api/leads/?partner=acme&limit=100`, { headers })).json()) as { leads: { id: string; phone: string }[] };
    expect(json.leads.find((lead) => lead.id === id)!.phone).toBe('+18013634127');
  });

  it('a lead stored before E.164 keeps working: E.164 and formatted on the way out; one that does not read, as stored', async () => {
    const digits = await insertLegacyLead('8013634127');
    expect((await graphqlAs(server, owner, LEAD, { id: digits })).data!.partnerLead).toEqual({ phone: '+18013634127', shown: '(801) 363-4127' });
    const unread = await insertLegacyLead('555 01');
    expect((await graphqlAs(server, owner, LEAD, { id: unread })).data!.partnerLead).toEqual({ phone: '555 01', shown: '555 01' });
  });

  it("the console's Agent tab takes exactly what the contact form takes, stores E.164 and shows it formatted", async () => {
    const partner = await signUpTestPartner(server, owner, 'Phone Realty');
    const UPDATE = `mutation Op($partnerId: ID!, $input: PartnerSettingsInput!) {
      updatePartnerSettings(partnerId: $partnerId, input: $input) { agentOfficePhone shown: agentOfficePhone(format: DISPLAY) }
    }`;
    for (const phone of ['(801) 363-4127', '801-555-0123', '801.555.0123', '+1 801 555 0123', '+44 20 7946 0958', '555-0142', '(555) 555-0142', 'call me', '801 555 01420']) {
      const form = await postLead(phone);
      const console = await graphqlAs(server, owner, UPDATE, { partnerId: partner.id, input: { agentOfficePhone: phone } });
      expect(console.errors === undefined, `${phone}: the console as the form (${form.status})`).toBe(form.status === 201);
      if (form.status === 201) continue;
      // Refused by both with the same words, naming the field.
      const fields = ((await form.json()) as { fields: Record<string, string> }).fields;
      expect(console.errors![0]).toMatchObject({ message: fields.phone, extensions: { code: 'BAD_USER_INPUT', argumentName: 'input.agentOfficePhone' } });
    }
    const saved = await graphqlAs(server, owner, UPDATE, { partnerId: partner.id, input: { agentOfficePhone: '801-555-0123' } });
    expect(saved.data!.updatePartnerSettings).toEqual({ agentOfficePhone: '+18015550123', shown: '(801) 555-0123' });
    // Empty removes it.
    const cleared = await graphqlAs(server, owner, UPDATE, { partnerId: partner.id, input: { agentCellPhone: '+1 801 555 0199' } });
    expect(cleared.errors).toBeUndefined();
    expect((await graphqlAs(server, owner, UPDATE, { partnerId: partner.id, input: { agentCellPhone: '' } })).errors).toBeUndefined();

    // The config serves the stored number with its text as shown.
    const moved = await graphqlAs(server, owner, UPDATE, { partnerId: partner.id, input: { countries: ['GB'] } });
    expect(moved.errors).toBeUndefined();
    const config = (await (await fetch(`${server.url}/v1/api/dynamic-config/?partner=${partner.slug}`)).json()) as { app_config: { app_context: string } };
    const context = JSON.parse(config.app_config.app_context) as { officeNumber: string; cellNumber: string | null; phoneDisplay: Record<string, string> };
    expect(context.officeNumber).toBe('+18015550123');
    expect(context.cellNumber).toBeNull();
    // A partner in the United Kingdom sees a US number in the international format.
    expect(context.phoneDisplay['+18015550123']).toBe('+1 801 555 0123');
  });

  it("an account's phone and a tour's agent phone go through the same rule", async () => {
    const SAVE = `mutation Op($phone: String) { saveSettings(phone: $phone) { phone shown: phone(format: DISPLAY) } }`;
    const saved = await graphqlAs(server, owner, SAVE, { phone: '801.555.0123' });
    expect(saved.data!.saveSettings).toEqual({ phone: '+18015550123', shown: '(801) 555-0123' });
    const refused = await graphqlAs(server, owner, SAVE, { phone: '+999 123 456 789' });
    expect(refused.errors![0]!.extensions!.fields).toEqual({ phone: 'Phone number is invalid. +999 is not a country calling code.' });
  });
});

describe(`migration 340: stored phones to E.164 (${engineName()})`, () => {
  it('rewrites what reads for its partner\'s country (else the United States), and leaves the rest', async () => {
    const lead = await insertLegacyLead('801-363-4127');
    const bad = await insertLegacyLead('12345');
    const e164 = await insertLegacyLead('+18013634127');
    const { rows: gb } = await server.db.query<{ id: number }>(
      `INSERT INTO partners (slug, name, app_context) VALUES ('phones-gb', 'Phones GB',
         '{"partner": {"addressSearchComponentRestrictions": {"country": ["gb"]}}, "officeNumber": "020 7946 0958", "cellNumber": "+44 7911 123456", "tollFreeNumber": "not a number"}')
       RETURNING id`,
    );
    const { rows: gbLead } = await server.db.query<{ id: string }>(
      `INSERT INTO leads (partner_id, first_name, last_name, email, phone, comment) VALUES ($1, 'Old', 'Lead', 'old@example.com', '02079460958', '') RETURNING id`,
      [gb[0]!.id],
    );
    await server.db.query(`UPDATE users SET phone = '8015550199' WHERE id = $1`, [owner.user.id]);

    await server.db.transaction((tx) => migratePhones(tx));

    const phoneOf = async (id: string) => (await server.db.query<{ phone: string }>('SELECT phone FROM leads WHERE id = $1', [id])).rows[0]!.phone;
    expect(await phoneOf(lead)).toBe('+18013634127');
    expect(await phoneOf(bad)).toBe('12345');
    expect(await phoneOf(e164)).toBe('+18013634127');
    expect(await phoneOf(gbLead[0]!.id)).toBe('+442079460958');
    const { rows: users } = await server.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [owner.user.id]);
    expect(users[0]!.phone).toBe('+18015550199');
    const { rows: context } = await server.db.query<{ app_context: Record<string, unknown> }>('SELECT app_context FROM partners WHERE id = $1', [gb[0]!.id]);
    expect(context[0]!.app_context).toMatchObject({ officeNumber: '+442079460958', cellNumber: '+447911123456', tollFreeNumber: 'not a number' });

    // Run again: nothing left to change.
    await server.db.transaction((tx) => migratePhones(tx));
    expect(await phoneOf(gbLead[0]!.id)).toBe('+442079460958');
  });
});
