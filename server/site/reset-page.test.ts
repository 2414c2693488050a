import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { startTestServer } from '../testing/test-server';
import { RESET_PAGE_CSP } from './reset-page';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const TOKEN = 'Abc_def-GHIjkl0123456789mnopqrstuvwxyzABCDE';

function expectPageHeaders(response: Response): void {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-security-policy')).toBe(
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  expect(response.headers.get('content-security-policy')).toBe(RESET_PAGE_CSP);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('GET /reset/<token>', () => {
  it('serves the hosted-site page with the sign-in element holding the token', async () => {
    const response = await fetch(`${server.url}/reset/${TOKEN}`);
    expect(response.status).toBe(200);
    expectPageHeaders(response);
    const html = await response.text();
    expect(html).toContain(`<hearth-sign-in reset-token="${TOKEN}"></hearth-sign-in>`);
    expect(html).toContain('<script src="/cdn/v1/loader.js" async></script>');
    expect(html).toContain('<link rel="stylesheet" href="/site/site.css">');
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    // Nothing inline that the CSP would have to allow.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('takes a trailing slash', async () => {
    const response = await fetch(`${server.url}/reset/${TOKEN}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`reset-token="${TOKEN}"`);
  });

  it('refuses anything that is not shaped like a token, without echoing it', async () => {
    const hostile = [
      `${TOKEN}%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
      '%22%20onfocus%3D%22alert(1)',
      `${TOKEN}'`,
      'short',
      'x'.repeat(101),
      `${TOKEN}/extra`,
      `${TOKEN.slice(0, 20)}%2F..%2F${TOKEN.slice(20)}`,
      '',
    ];
    for (const path of hostile) {
      const response = await fetch(`${server.url}/reset/${path}`);
      expect(response.status, path).toBe(404);
      expectPageHeaders(response);
      const html = await response.text();
      expect(html, path).toContain('<hearth-sign-in></hearth-sign-in>');
      expect(html, path).not.toContain('reset-token');
      expect(html, path).not.toContain('alert');
      expect(html, path).not.toContain('<script>');
    }
    const bare = await fetch(`${server.url}/reset`);
    expect(bare.status).toBe(404);
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await fetch(`${server.url}/reset/${TOKEN}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expectPageHeaders(response);
    expect(await response.text()).toBe('');
  });

  it('escapes the token even if a looser shape ever let markup through', async () => {
    const { resetPageHtml } = await import('./reset-page');
    const html = resetPageHtml('"><script>alert(1)</script>', '/site/site.css', { name: 'Acme <b>', iconLink: '' });
    expect(html).toContain('reset-token="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<a class="brand" href="/">Acme &lt;b&gt;</a>');
  });
});
