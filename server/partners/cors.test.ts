import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { devAndProductionServers } from '../testing/server-hooks';
import { engineName } from '../testing/test-server';

const servers = devAndProductionServers();

const lead = {
  firstName: 'Casey',
  lastName: 'Origin',
  email: 'casey@example.com',
  phone: '8015550123',
  comment: 'Is this home still available?',
};

function postContact(server: RunningServer, partner: string, origin: string) {
  return fetch(`${server.url}/v1/api/contact-form/?partner=${partner}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(lead),
  });
}

async function leadsFrom(server: RunningServer, origin: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE page_origin = $1', [
    origin,
  ]);
  return rows[0]!.n;
}

describe(`CORS per partner (${engineName()})`, () => {
  it("grants an origin in the partner's allowed_origins, with Vary: Origin", async () => {
    const response = await postContact(servers.dev, 'summit', 'https://summit.example');
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://summit.example');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('refuses a state-changing request from an origin not in the list with 403 and stores nothing', async () => {
    const response = await postContact(servers.dev, 'acme', 'https://evil.example');
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('origin_not_allowed');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await leadsFrom(servers.dev, 'https://evil.example')).toBe(0);
  });

  it('applies a change to a partner from the very next request (the partner lookup is cached until then)', async () => {
    const origin = 'https://newly-allowed.example';
    expect((await postContact(servers.dev, 'summit', origin)).status).toBe(403);
    await servers.dev.db.query(`UPDATE partners SET allowed_origins = allowed_origins || $1::text WHERE slug = 'summit'`, [origin]);
    try {
      expect((await postContact(servers.dev, 'summit', origin)).status).toBe(201);
    } finally {
      await servers.dev.db.query(`UPDATE partners SET allowed_origins = array_remove(allowed_origins, $1) WHERE slug = 'summit'`, [origin]);
    }
    expect((await postContact(servers.dev, 'summit', origin)).status).toBe(403);
  });

  it('grants every subdomain of an explicit wildcard origin (https, default port), never the bare domain or a look-alike', async () => {
    const wildcard = 'https://*.summit-homes.example';
    await servers.dev.db.query(`UPDATE partners SET allowed_origins = allowed_origins || $1::text WHERE slug = 'summit'`, [wildcard]);
    try {
      for (const origin of ['https://www.summit-homes.example', 'https://a.b.summit-homes.example']) {
        const response = await postContact(servers.dev, 'summit', origin);
        expect(response.status, origin).toBe(201);
        expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
      }
      for (const origin of ['https://summit-homes.example', 'http://www.summit-homes.example', 'https://www.summit-homes.example:8443', 'https://evilsummit-homes.example', 'https://summit-homes.example.evil.example']) {
        expect((await postContact(servers.dev, 'summit', origin)).status, origin).toBe(403);
      }
    } finally {
      await servers.dev.db.query(`UPDATE partners SET allowed_origins = array_remove(allowed_origins, $1) WHERE slug = 'summit'`, [wildcard]);
    }
  });

  it("refuses an origin that only resembles an allowed one", async () => {
    for (const origin of ['https://summit.example.evil.example', 'http://summit.example', 'https://summit.example:8443']) {
      expect((await postContact(servers.dev, 'summit', origin)).status, origin).toBe(403);
    }
  });

  it('accepts loopback origins on any port outside production', async () => {
    for (const origin of ['http://127.0.0.1:4173', 'http://localhost:3000', 'http://[::1]:8081', 'http://127.10.0.2']) {
      const response = await postContact(servers.dev, 'acme', origin);
      expect(response.status, origin).toBe(201);
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
  });

  it('refuses loopback origins in production', async () => {
    const response = await postContact(servers.production, 'acme', 'http://localhost:3000');
    expect(response.status).toBe(403);
    expect(await leadsFrom(servers.production, 'http://localhost:3000')).toBe(0);
  });

  it('lets the default partner be used from any origin', async () => {
    for (const server of [servers.dev, servers.production]) {
      const response = await postContact(server, 'default', 'https://any-blog.example');
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://any-blog.example');
    }
  });

  it('uses the default partner when none is named', async () => {
    const response = await fetch(`${servers.dev.url}/v1/api/contact-form/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://another-blog.example' },
      body: JSON.stringify(lead),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const { rows } = await servers.dev.db.query<{ slug: string }>(
      'SELECT p.slug FROM leads l JOIN partners p ON p.id = l.partner_id WHERE l.id = $1',
      [id],
    );
    expect(rows[0]!.slug).toBe('default');
  });

  it("resolves the partner from the Origin's host when it is one of a partner's domains", async () => {
    const response = await fetch(`${servers.dev.url}/v1/api/contact-form/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://summit.example' },
      body: JSON.stringify(lead),
    });
    const { id } = (await response.json()) as { id: string };
    const { rows } = await servers.dev.db.query<{ slug: string }>(
      'SELECT p.slug FROM leads l JOIN partners p ON p.id = l.partner_id WHERE l.id = $1',
      [id],
    );
    expect(rows[0]!.slug).toBe('summit');
  });

  it('refuses the opaque "null" origin of sandboxed frames and files', async () => {
    expect((await postContact(servers.dev, 'acme', 'null')).status).toBe(403);
  });

  it('answers an allowed preflight with methods, headers and max-age', async () => {
    const response = await fetch(`${servers.dev.url}/v1/api/contact-form/?partner=summit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://summit.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://summit.example');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, X-CSRFToken');
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('refuses the preflight of a disallowed origin, without CORS grants', async () => {
    const response = await fetch(`${servers.dev.url}/v1/api/contact-form/?partner=acme`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('applies the same rules to GraphQL', async () => {
    const request = (origin: string) =>
      fetch(`${servers.dev.url}/public_graphql/?partner=acme&queryName=listingInfo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ query: 'query listingInfo { listingInfo(listingId: "1001") { id } }' }),
      });
    const allowed = await request('http://localhost:3000');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const refused = await request('https://evil.example');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('origin_not_allowed');
  });
});
