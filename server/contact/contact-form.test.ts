import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactTexts } from '../../core/i18n/contact';
import type { RunningServer } from '../app';
import { DEMO_API_KEYS } from '../seed/data';
import { engineName, startTestServer } from '../testing/test-server';
import { LISTING_INVALID } from './routes';

const { errors } = contactTexts;

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const valid = {
  firstName: 'Jordan',
  lastName: 'Reyes',
  email: 'jordan.reyes@example.com',
  phone: '8015550123',
  comment: 'I would like to see this home on Saturday.',
};

function postContact(body: unknown, init: { partner?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${server.url}/v1/api/contact-form/?partner=${init.partner ?? 'acme'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function countLeads(): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
  return rows[0]!.n;
}

describe(`POST /v1/api/contact-form/ (${engineName()})`, () => {
  it('stores a valid lead and answers 201 with its id', async () => {
    const response = await postContact({ ...valid, listingId: 1001 }, { headers: { Origin: 'http://localhost:5173' } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const { rows } = await server.db.query<Record<string, unknown>>(
      `SELECT l.first_name, l.last_name, l.email, l.phone, l.comment, l.listing_id, l.page_origin, p.slug
         FROM leads l JOIN partners p ON p.id = l.partner_id WHERE l.id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({
      first_name: 'Jordan',
      last_name: 'Reyes',
      email: 'jordan.reyes@example.com',
      phone: '+18015550123',
      comment: 'I would like to see this home on Saturday.',
      listing_id: 1001,
      page_origin: 'http://localhost:5173',
      slug: 'acme',
    });
  });

  it('can be read back through the leads endpoint', async () => {
    const created = (await (await postContact({ ...valid, firstName: 'Readback' })).json()) as { id: string };
    const response = await fetch(`${server.url}/v1/api/leads/?partner=acme`, {
      headers: { Authorization: `Partner ${DEMO_API_KEYS.acme}` },
    });
    const { leads } = (await response.json()) as { leads: { id: string; firstName: string; listingId: number | null }[] };
    expect(leads[0]).toMatchObject({ id: created.id, firstName: 'Readback', listingId: null });
  });

  it("writes a notification for the partner's agent to the outbox", async () => {
    const { id } = (await (await postContact({ ...valid, lastName: 'Outboxson', listingId: 1002 })).json()) as { id: string };
    expect(id).toBeTruthy();
    const { rows } = await server.db.query<{ to_address: string; subject: string; body: string; sent_at: Date | null }>(
      `SELECT to_address, subject, body, sent_at FROM outbox WHERE subject LIKE '%Outboxson%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to_address).toBe('avery.stone@acme-realty.example');
    expect(rows[0]!.subject).toBe('New lead for 1387 S 1100 E, Salt Lake City, UT 84105: Jordan Outboxson');
    expect(rows[0]!.body).toContain('jordan.reyes@example.com');
    expect(rows[0]!.sent_at).toBeNull();
  });

  it('trims the values it stores', async () => {
    const { id } = (await (await postContact({ ...valid, firstName: '  Padded  ' })).json()) as { id: string };
    const { rows } = await server.db.query<{ first_name: string }>('SELECT first_name FROM leads WHERE id = $1', [id]);
    expect(rows[0]!.first_name).toBe('Padded');
  });

  it('requires every field, each with its own message', async () => {
    const response = await postContact({});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'validation',
      message: expect.any(String),
      fields: {
        firstName: errors.firstNameRequired,
        lastName: errors.lastNameRequired,
        email: errors.emailRequired,
        phone: errors.phoneRequired,
        comment: errors.commentRequired,
      },
    });
  });

  it('treats blank text as missing', async () => {
    const response = await postContact({ ...valid, firstName: '   ', lastName: '' });
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({ firstName: errors.firstNameRequired, lastName: errors.lastNameRequired });
  });

  it("refuses an email that is not lower-case local@domain.tld with a 2 to 4 letter ending: 'Email is invalid.'", async () => {
    for (const email of ['not-an-email', 'Jordan@Example.com', 'jordan@example.company', 'jordan@example.c']) {
      const body = (await (await postContact({ ...valid, email })).json()) as { fields: Record<string, string> };
      expect(body.fields, email).toEqual({ email: errors.emailInvalid });
    }
  });

  it("refuses a phone that does not read, after 'Phone number is invalid.' saying what is wrong (issue 35)", async () => {
    for (const [phone, message] of <[string, string][]>[
      ['801555012', 'Phone number is invalid. It has too few digits for a number in the United States.'],
      ['8015550123456789', 'Phone number is invalid. It has too many digits for a number in the United States.'],
      ['(555) 555-0123', 'Phone number is invalid. It is not a number in the United States; for another country, start with + and its code.'],
      ['801-555-CALL', 'Phone number is invalid. Use digits only: it has letters in it.'],
    ]) {
      const body = (await (await postContact({ ...valid, phone })).json()) as { fields: Record<string, string> };
      expect(body.fields, phone).toEqual({ phone: message });
      expect(message.startsWith(errors.phoneInvalid)).toBe(true);
    }
  });

  it('takes a phone however it is written and stores it in E.164 (issue 35)', async () => {
    for (const [phone, stored] of [
      ['(801) 363-4127', '+18013634127'],
      ['801-555-0123', '+18015550123'],
      ['801.555.0123', '+18015550123'],
      ['+1 801 555 0123', '+18015550123'],
      ['+44 20 7946 0958', '+442079460958'],
      ['+977 980-1234567', '+9779801234567'],
    ]) {
      const response = await postContact({ ...valid, phone });
      expect(response.status, phone).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const { rows } = await server.db.query<{ phone: string }>('SELECT phone FROM leads WHERE id = $1', [id]);
      expect(rows[0]!.phone, phone).toBe(stored);
    }
  });

  it("reads a number without a country code as one of the partner's country", async () => {
    const { rows: before } = await server.db.query<{ app_context: unknown }>(`SELECT app_context FROM partners WHERE slug = 'acme'`);
    await server.db.query(
      `UPDATE partners SET app_context = jsonb_set(app_context, '{partner,addressSearchComponentRestrictions}', '{"country": ["gb"]}') WHERE slug = 'acme'`,
    );
    try {
      const response = await postContact({ ...valid, phone: '020 7946 0958' });
      const { id } = (await response.json()) as { id: string };
      const { rows } = await server.db.query<{ phone: string }>('SELECT phone FROM leads WHERE id = $1', [id]);
      expect(rows[0]!.phone).toBe('+442079460958');
      const refused = (await (await postContact({ ...valid, phone: '(801) 555-0123' })).json()) as { fields: Record<string, string> };
      expect(refused.fields.phone).toBe('Phone number is invalid. It is not a number in the United Kingdom; for another country, start with + and its code.');
    } finally {
      await server.db.query(`UPDATE partners SET app_context = $1::jsonb WHERE slug = 'acme'`, [JSON.stringify(before[0]!.app_context)]);
    }
  });

  it("refuses a comment shorter than 6 characters: 'Please enter more text.'", async () => {
    const body = (await (await postContact({ ...valid, comment: 'Hi!' })).json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({ comment: errors.commentTooShort });
    expect((await postContact({ ...valid, comment: 'Hello!' })).status).toBe(201);
  });

  it('refuses fields that are not text', async () => {
    const body = (await (await postContact({ ...valid, firstName: 42, phone: 8015550123 })).json()) as {
      fields: Record<string, string>;
    };
    expect(body.fields).toEqual({ firstName: errors.firstNameRequired, phone: errors.phoneRequired });
  });

  it(`refuses a listingId that is not a positive whole number or not a listing: '${LISTING_INVALID}'`, async () => {
    for (const listingId of [0, -3, 1.5, 'abc', true, 999_999]) {
      const response = await postContact({ ...valid, listingId });
      expect(response.status, String(listingId)).toBe(400);
      expect(((await response.json()) as { fields: unknown }).fields, String(listingId)).toEqual({
        listingId: LISTING_INVALID,
      });
    }
  });

  it('stores nothing when the form is invalid', async () => {
    const before = await countLeads();
    await postContact({ ...valid, email: 'nope' });
    await postContact({ ...valid, listingId: 'abc' });
    expect(await countLeads()).toBe(before);
  });

  it('answers a filled honeypot with a normal-looking 201 and stores nothing', async () => {
    const before = await countLeads();
    const response = await postContact({ ...valid, website: 'https://spam.example' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countLeads()).toBe(before);
    const { rows } = await server.db.query('SELECT 1 FROM leads WHERE id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a body larger than 16 KB with 413 and stores nothing', async () => {
    const before = await countLeads();
    const response = await postContact({ ...valid, comment: 'x'.repeat(17 * 1024) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('payload_too_large');
    expect(await countLeads()).toBe(before);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await fetch(`${server.url}/v1/api/contact-form/?partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(valid),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toBe('unsupported_media_type');
  });

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const response = await postContact('{"firstName": ');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_json');
  });

  it('answers 404 unknown_partner for a partner that does not exist', async () => {
    const response = await postContact(valid, { partner: 'no-such-partner' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe('unknown_partner');
  });

  it('sends the API security headers', async () => {
    const response = await postContact(valid);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
