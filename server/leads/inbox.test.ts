import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { freshIp, signUp, type SignedUp } from '../accounts/testing';
import { DEMO_API_KEYS } from '../seed/data';
import { codeOf, graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;
let acmeId: number;
let summitId: number;
/** Owner of acme, admin of summit, a signed-in stranger, an administrator (is_superuser). */
let acmeOwner: SignedUp;
let summitAdmin: SignedUp;
let stranger: SignedUp;
let administrator: SignedUp;

async function createLead(partner: string, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await fetch(`${server.url}/v1/api/contact-form/?partner=${partner}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify({ firstName: 'Lee', lastName: 'Lead', email: 'lee.lead@example.com', phone: '8015550123', comment: 'Tell me more.', ...fields }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const LIST = `query Op($partnerId: ID, $filter: LeadFilter, $first: Int!, $after: String) {
  partnerLeads(partnerId: $partnerId, filter: $filter, first: $first, after: $after) {
    totalCount endCursor hasNextPage
    leads { id firstName lastName email source status listingId listing { id address { streetLine1 city } } createdAt }
  }
}`;

const DETAIL = `query Op($id: ID!) {
  partnerLead(id: $id) {
    id status statusChangedAt comment stay { checkIn checkOut }
    listing { id listingCodeId address { streetLine1 city } }
    notes { id body statusTo authorName createdAt }
  }
}`;

const SET_STATUS = `mutation Op($id: ID!, $status: LeadStatus!) { setLeadStatus(id: $id, status: $status) { id status statusChangedAt notes { body statusTo authorName } } }`;
const ADD_NOTE = `mutation Op($id: ID!, $body: String!) { addLeadNote(id: $id, body: $body) { id notes { body statusTo authorName } } }`;

const list = (who: SignedUp | null, variables: Record<string, unknown>) => graphqlAs(server, who, LIST, { first: 25, ...variables });

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  const { rows } = await server.db.query<{ id: number; slug: string }>(`SELECT id, slug FROM partners WHERE slug IN ('acme', 'summit')`);
  acmeId = Number(rows.find((r) => r.slug === 'acme')!.id);
  summitId = Number(rows.find((r) => r.slug === 'summit')!.id);
  [acmeOwner, summitAdmin, stranger, administrator] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
  await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'owner'), ($3, $4, 'admin')`, [
    acmeId,
    acmeOwner.user.id,
    summitId,
    summitAdmin.user.id,
  ]);
  await server.db.query('UPDATE users SET is_superuser = true WHERE id = $1', [administrator.user.id]);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe(`the lead inbox (${engineName()})`, () => {
  it("lists the partner's leads newest first for its owner and an administrator; a lead starts as new", async () => {
    const a = await createLead('acme', { firstName: 'Inbox', lastName: 'First' });
    const b = await createLead('acme', { firstName: 'Inbox', lastName: 'Second', listingId: 1002 });
    await createLead('summit', { firstName: 'Inbox', lastName: 'Elsewhere' });
    for (const who of [acmeOwner, administrator]) {
      const answer = await list(who, { partnerId: String(acmeId), filter: { search: 'Inbox' } });
      expect(answer.errors).toBeUndefined();
      const page = answer.data!.partnerLeads;
      expect(page.leads.map((l: { id: string }) => l.id)).toEqual([b, a]);
      expect(page.totalCount).toBe(2);
      expect(page.leads[0]).toMatchObject({ status: 'NEW', source: 'CONTACT', listingId: '1002', listing: { id: '1002' } });
      expect(page.leads[1]).toMatchObject({ listingId: null, listing: null });
    }
    // Without partnerId: the request's partner (?partner=, here the default one) — acme's owner works not that one.
    expect(codeOf(await list(acmeOwner, {}))).toBe('NOT_FOUND');
  });

  it('filters by source, listing, status, dates and name or email words; rejects malformed filters by name', async () => {
    const tag = `Filter${Date.now().toString(36)}`;
    const plain = await createLead('acme', { firstName: tag, lastName: 'Plain', email: `${tag.toLowerCase()}@example.com` });
    const onListing = await createLead('acme', { firstName: tag, lastName: 'Listing', listingId: 1001 });
    const ids = async (filter: Record<string, unknown>) => {
      const answer = await list(acmeOwner, { partnerId: String(acmeId), filter: { search: tag, ...filter } });
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      return answer.data!.partnerLeads.leads.map((l: { id: string }) => l.id);
    };
    expect(await ids({})).toEqual([onListing, plain]);
    expect(await ids({ listingId: '1001' })).toEqual([onListing]);
    expect(await ids({ source: 'CONTACT' })).toEqual([onListing, plain]);
    expect(await ids({ source: 'STAY' })).toEqual([]);
    expect(await ids({ search: `${tag} plain` })).toEqual([plain]);
    expect(await ids({ search: `${tag.toLowerCase()}@example` })).toEqual([plain]);
    // Wildcards typed by the user match themselves.
    expect(await ids({ search: `${tag} %` })).toEqual([]);
    await graphqlAs(server, acmeOwner, SET_STATUS, { id: plain, status: 'CONTACTED' });
    expect(await ids({ status: 'CONTACTED' })).toEqual([plain]);
    expect(await ids({ status: 'NEW' })).toEqual([onListing]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(await ids({ from: hourAgo, to: inAnHour })).toEqual([onListing, plain]);
    expect(await ids({ to: hourAgo })).toEqual([]);
    expect(await ids({ from: inAnHour })).toEqual([]);

    for (const [filter, field] of [
      [{ from: 'yesterday' }, 'filter.from'],
      [{ from: inAnHour, to: hourAgo }, 'filter.to'],
      [{ listingId: 'abc' }, 'filter.listingId'],
      [{ search: 'x'.repeat(201) }, 'filter.search'],
    ] as const) {
      const answer = await list(acmeOwner, { partnerId: String(acmeId), filter });
      expect(codeOf(answer), JSON.stringify(filter)).toBe('BAD_USER_INPUT');
      expect(answer.errors![0]!.extensions!.argumentName).toBe(field);
    }
    expect(codeOf(await list(acmeOwner, { partnerId: String(acmeId), first: 101 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await list(acmeOwner, { partnerId: String(acmeId), first: 0 }))).toBe('BAD_USER_INPUT');
  });

  it('pages by keyset: stable while new leads arrive; a cursor of another partner is refused', async () => {
    const tag = `Pager${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await createLead('acme', { firstName: tag, lastName: `N${i}` }));
    const first = (await list(acmeOwner, { partnerId: String(acmeId), filter: { search: tag }, first: 2 })).data!.partnerLeads;
    expect(first.leads.map((l: { id: string }) => l.id)).toEqual([made[4], made[3]]);
    expect(first).toMatchObject({ hasNextPage: true, totalCount: 5, endCursor: made[3] });
    // A lead arriving between pages does not shift the next page.
    await createLead('acme', { firstName: tag, lastName: 'Late' });
    const second = (await list(acmeOwner, { partnerId: String(acmeId), filter: { search: tag }, first: 2, after: first.endCursor })).data!.partnerLeads;
    expect(second.leads.map((l: { id: string }) => l.id)).toEqual([made[2], made[1]]);
    const third = (await list(acmeOwner, { partnerId: String(acmeId), filter: { search: tag }, first: 2, after: second.endCursor })).data!.partnerLeads;
    expect(third.leads.map((l: { id: string }) => l.id)).toEqual([made[0]]);
    expect(third).toMatchObject({ hasNextPage: false, endCursor: null });

    const summitLead = await createLead('summit');
    for (const after of [summitLead, 'not-a-cursor', '00000000-0000-0000-0000-000000000000']) {
      const answer = await list(acmeOwner, { partnerId: String(acmeId), after });
      expect(codeOf(answer)).toBe('BAD_USER_INPUT');
      expect(answer.errors![0]!.extensions!.argumentName).toBe('after');
    }
  });

  it('status changes and notes are recorded in order, with their author and status_changed_at', async () => {
    const id = await createLead('acme', { firstName: 'Worked', lastName: 'Lead', listingId: 1002 });
    let detail = (await graphqlAs(server, acmeOwner, DETAIL, { id })).data!.partnerLead;
    expect(detail).toMatchObject({ id, status: 'NEW', statusChangedAt: null, notes: [], listing: { id: '1002', listingCodeId: 'HRT1002' } });

    const contacted = (await graphqlAs(server, acmeOwner, SET_STATUS, { id, status: 'CONTACTED' })).data!.setLeadStatus;
    expect(contacted.status).toBe('CONTACTED');
    expect(Date.parse(contacted.statusChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The same status again changes nothing and records nothing.
    await graphqlAs(server, acmeOwner, SET_STATUS, { id, status: 'CONTACTED' });
    const noted = (await graphqlAs(server, administrator, ADD_NOTE, { id, body: '  Called, wants a Saturday showing.  ' })).data!.addLeadNote;
    expect(noted.notes).toEqual([
      { body: '', statusTo: 'CONTACTED', authorName: 'Ada Lovelace' },
      { body: 'Called, wants a Saturday showing.', statusTo: null, authorName: 'Ada Lovelace' },
    ]);
    await graphqlAs(server, acmeOwner, SET_STATUS, { id, status: 'CLOSED' });
    detail = (await graphqlAs(server, acmeOwner, DETAIL, { id })).data!.partnerLead;
    expect(detail.status).toBe('CLOSED');
    expect(detail.notes.map((n: { statusTo: string | null }) => n.statusTo)).toEqual(['CONTACTED', null, 'CLOSED']);
    const { rows } = await server.db.query<{ status: string; status_changed_at: Date }>('SELECT status, status_changed_at FROM leads WHERE id = $1', [id]);
    expect(rows[0]!.status).toBe('closed');
  });

  it('a hostile note is stored as written and served as text; empty and over-long notes are refused', async () => {
    const id = await createLead('acme');
    const hostile = `<img src=x onerror="alert(1)"><script>alert('x')</script> =HYPERLINK("http://evil")`;
    const answer = await graphqlAs(server, acmeOwner, ADD_NOTE, { id, body: hostile });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.addLeadNote.notes.at(-1).body).toBe(hostile);
    const { rows } = await server.db.query<{ body: string }>('SELECT body FROM lead_notes WHERE lead_id = $1', [id]);
    expect(rows.map((r) => r.body)).toEqual([hostile]);

    for (const body of ['', '   \n ', 'x'.repeat(5_001)]) {
      const refused = await graphqlAs(server, acmeOwner, ADD_NOTE, { id, body });
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      expect(refused.errors![0]!.extensions!.argumentName).toBe('body');
    }
    expect((await graphqlAs(server, acmeOwner, ADD_NOTE, { id, body: 'y'.repeat(5_000) })).errors).toBeUndefined();
  });

  it("another partner's admin, a stranger and a visitor can neither see nor change; forged ids read as not found", async () => {
    const id = await createLead('acme', { firstName: 'Private' });
    for (const who of [summitAdmin, stranger]) {
      expect(codeOf(await list(who, { partnerId: String(acmeId) }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, DETAIL, { id }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, SET_STATUS, { id, status: 'CLOSED' }))).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, who, ADD_NOTE, { id, body: 'mine now' }))).toBe('NOT_FOUND');
    }
    expect(codeOf(await list(null, { partnerId: String(acmeId) }))).toBe('UNAUTHENTICATED');
    const { rows } = await server.db.query<{ status: string; notes: number }>(
      'SELECT status, (SELECT count(*)::int FROM lead_notes WHERE lead_id = leads.id) AS notes FROM leads WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: 'new', notes: 0 });
    // The summit admin still reads summit's own.
    expect((await list(summitAdmin, { partnerId: String(summitId) })).errors).toBeUndefined();

    for (const forged of ['00000000-0000-0000-0000-000000000000', 'abc', "1' OR '1'='1", '-1']) {
      expect(codeOf(await graphqlAs(server, acmeOwner, DETAIL, { id: forged })), forged).toBe('NOT_FOUND');
      expect(codeOf(await graphqlAs(server, acmeOwner, SET_STATUS, { id: forged, status: 'CLOSED' })), forged).toBe('NOT_FOUND');
    }
    for (const partnerId of ['999999', 'acme', '0', '-3']) {
      expect(codeOf(await list(acmeOwner, { partnerId })), partnerId).toBe('NOT_FOUND');
      expect(codeOf(await list(administrator, { partnerId })), partnerId).toBe('NOT_FOUND');
    }
  });

  it("the detail holds a stay's dates", async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO leads (partner_id, first_name, last_name, email, phone, comment, stay_check_in, stay_check_out, source)
       VALUES ($1, 'Stay', 'Guest', 'guest@example.com', '8015550123', '', '2027-03-01', '2027-03-04', 'stay') RETURNING id`,
      [acmeId],
    );
    const detail = (await graphqlAs(server, acmeOwner, DETAIL, { id: rows[0]!.id })).data!.partnerLead;
    expect(detail.stay).toEqual({ checkIn: '2027-03-01', checkOut: '2027-03-04' });
  });
});

describe(`GET /v1/api/leads/export.csv with filters, by key or as a member (${engineName()})`, () => {
  const exportCsv = (query: string, authorization?: string) =>
    fetch(`${server.url}/v1/api/leads/export.csv${query}`, { headers: authorization ? { Authorization: authorization } : {} });

  it('a signed-in owner downloads the filtered CSV; strangers and other admins get 404, visitors 401', async () => {
    const tag = `Csv${Date.now().toString(36)}`;
    await createLead('acme', { firstName: tag, lastName: 'One', comment: '=HYPERLINK("http://evil")' });
    await createLead('acme', { firstName: tag, lastName: 'Two', listingId: 1001 });
    const response = await exportCsv(`?partner=acme&search=${tag}&listingId=1001`, `Token ${acmeOwner.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${tag},Two`);

    const all = await (await exportCsv(`?partnerId=${acmeId}&search=${tag}`, `Token ${administrator.token}`)).text();
    expect(all.trim().split('\r\n')).toHaveLength(3);
    // Formula neutralised.
    expect(all).toContain(`'=HYPERLINK`);

    expect((await exportCsv(`?partner=acme`, `Token ${summitAdmin.token}`)).status).toBe(404);
    expect((await exportCsv(`?partner=summit&partnerId=${acmeId}`, `Token ${summitAdmin.token}`)).status).toBe(404);
    expect((await exportCsv(`?partner=acme`, `Token ${stranger.token}`)).status).toBe(404);
    expect((await exportCsv(`?partner=acme`)).status).toBe(401);
    const bad = await exportCsv(`?partner=acme&status=open&from=soon`, `Token ${acmeOwner.token}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toMatchObject({ status: expect.any(String), from: expect.any(String) });
  });

  it('the partner key export takes the same filters', async () => {
    const tag = `Key${Date.now().toString(36)}`;
    await createLead('acme', { firstName: tag, lastName: 'One' });
    const id = await createLead('acme', { firstName: tag, lastName: 'Two' });
    await graphqlAs(server, acmeOwner, SET_STATUS, { id, status: 'CLOSED' });
    const response = await exportCsv(`?partner=acme&search=${tag}&status=closed`, `Partner ${DEMO_API_KEYS.acme}`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(id);
  });
});
