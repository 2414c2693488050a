import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPartnerSite, type RunningPartnerSite } from '../../demo-sites/serve';

const API_ORIGIN = 'http://127.0.0.1:49999';

let site: RunningPartnerSite;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hearth-partner-site-'));
  await writeFile(
    join(root, 'index.html'),
    '<script src="{{API_ORIGIN}}/{{CDN}}/v1/loader.js" data-partner="acme"></script><link rel="stylesheet" href="hostile.css">',
  );
  await writeFile(join(root, 'hostile.css'), '* { color: red !important; }');
  site = await startPartnerSite({ port: 0, apiOrigin: API_ORIGIN, root });
});
afterAll(async () => {
  await site?.close();
  await rm(root, { recursive: true, force: true });
});

describe('partner demo site', () => {
  it('serves HTML with the API origin and the CDN build filled in, under the strict CSP', async () => {
    const response = await fetch(`${site.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      `<script src="${API_ORIGIN}/cdn/v1/loader.js" data-partner="acme"></script><link rel="stylesheet" href="hostile.css">`,
    );
    const csp = response.headers.get('content-security-policy');
    expect(csp).toBe(
      `default-src 'none'; script-src ${API_ORIGIN}; style-src 'self'; img-src 'self' ${API_ORIGIN} data:; ` +
        `connect-src 'self' ${API_ORIGIN}; font-src 'self'; frame-src https://www.youtube-nocookie.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(csp).not.toContain('unsafe');
  });

  it('switches to the React build with ?build=react', async () => {
    const html = await (await fetch(`${site.url}/index.html?build=react`)).text();
    expect(html).toContain(`${API_ORIGIN}/cdn-react/v1/loader.js`);
  });

  it('serves the first-paint bench its page B: index.html with the bare element and its script instead of the loader', async () => {
    const response = await fetch(`${site.url}/bare-contact-form.html`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      `<script src="${API_ORIGIN}/demo/bench/bare-contact-form.js" async></script><link rel="stylesheet" href="hostile.css">`,
    );
  });

  it('serves other files as they are, with their type', async () => {
    const response = await fetch(`${site.url}/hostile.css`);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await response.text()).toBe('* { color: red !important; }');
  });

  it('refuses path traversal', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/package.json', '/..%2findex.html']) {
      const response = await fetch(`${site.url}${path}`);
      expect([400, 404], path).toContain(response.status);
    }
  });

  it('is bound to loopback', () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses an apiOrigin that is not a bare origin (it goes into the CSP)', () => {
    expect(() => startPartnerSite({ apiOrigin: "http://127.0.0.1:1; script-src 'unsafe-inline'" })).toThrow();
    expect(() => startPartnerSite({ apiOrigin: 'http://127.0.0.1:1/path' })).toThrow();
  });
});
