import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { DEMO_API_KEYS } from '../seed/data';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function createLead(partner: string, firstName: string): Promise<string> {
  const response = await fetch(`${server.url}/v1/api/contact-form/?partner=${partner}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName, lastName: 'Lead', email: 'lead@example.com', phone: '8015550123', comment: 'Tell me more.' }),
  });
  return ((await response.json()) as { id: string }).id;
}

const getLeads = (query: string, authorization?: string) =>
  fetch(`${server.url}/v1/api/leads/${query}`, { headers: authorization ? { Authorization: authorization } : {} });

interface LeadsBody {
  leads: { id: string; firstName: string }[];
  nextBefore: string | null;
}

describe(`GET /v1/api/leads/ (${engineName()})`, () => {
  it('answers 401 without a key, or with a key nobody has', async () => {
    for (const authorization of [undefined, 'Partner not-a-key', 'Bearer dev-acme-key', 'dev-acme-key']) {
      const response = await getLeads('?partner=acme', authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe('unauthorized');
      expect(response.headers.get('www-authenticate')).toBe('Partner');
    }
  });

  it("answers 403 for another partner's key", async () => {
    const response = await getLeads('?partner=acme', `Partner ${DEMO_API_KEYS.summit}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('forbidden');
  });

  it("lists only the partner's own leads, newest first", async () => {
    const first = await createLead('summit', 'First');
    const second = await createLead('summit', 'Second');
    await createLead('acme', 'Elsewhere');
    const response = await getLeads('?partner=summit', `Partner ${DEMO_API_KEYS.summit}`);
    expect(response.status).toBe(200);
    const { leads } = (await response.json()) as LeadsBody;
    expect(leads.map((l) => l.id)).toEqual([second, first]);
  });

  it('pages with limit and before', async () => {
    const ids: string[] = [];
    for (const name of ['P1', 'P2', 'P3', 'P4', 'P5']) ids.push(await createLead('acme', name));
    const auth = `Partner ${DEMO_API_KEYS.acme}`;

    const page1 = (await (await getLeads('?partner=acme&limit=2', auth)).json()) as LeadsBody;
    expect(page1.leads.map((l) => l.firstName)).toEqual(['P5', 'P4']);
    const page2 = (await (await getLeads(`?partner=acme&limit=2&before=${page1.nextBefore}`, auth)).json()) as LeadsBody;
    expect(page2.leads.map((l) => l.firstName)).toEqual(['P3', 'P2']);
    expect(page2.nextBefore).toBe(ids[1]);
  });

  it('ends with nextBefore null', async () => {
    const all = (await (await getLeads('?partner=acme&limit=100', `Partner ${DEMO_API_KEYS.acme}`)).json()) as LeadsBody;
    expect(all.nextBefore).toBeNull();
  });

  it('refuses page sizes above 100 and cursors that are not its leads', async () => {
    const auth = `Partner ${DEMO_API_KEYS.acme}`;
    for (const query of ['limit=101', 'limit=0', 'limit=ten', 'before=123', 'before=00000000-0000-0000-0000-000000000000']) {
      const response = await getLeads(`?partner=acme&${query}`, auth);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error, query).toBe('validation');
    }
  });
});
