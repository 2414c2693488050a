// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSitePage, sitePageUrl } from './site-page-api';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
afterEach(() => vi.unstubAllGlobals());

describe('GET /v1/api/site/page/', () => {
  it('asks for the path for the partner', () => {
    expect(sitePageUrl('https://hearth.example', 'acme', '/search?location=a b')).toBe('https://hearth.example/v1/api/site/page/?path=%2Fsearch%3Flocation%3Da%20b&partner=acme');
  });

  it('reads a page and a redirect', async () => {
    const page = { kind: 'page', status: 404, title: 'Oops! — Hearth', description: null, header: '<header></header>', main: '<h1>Oops!</h1>', footer: '' };
    vi.stubGlobal('fetch', answer(200, page));
    expect(await loadSitePage('/nowhere')).toEqual({ ok: true, value: page });
    vi.stubGlobal('fetch', answer(200, { kind: 'redirect', location: '/log-in?next=%2Faccount' }));
    expect(await loadSitePage('/account')).toEqual({ ok: true, value: { kind: 'redirect', location: '/log-in?next=%2Faccount' } });
  });

  it('fails on an answer missing its parts, a refused path, or no network', async () => {
    vi.stubGlobal('fetch', answer(200, { kind: 'page', status: 200, title: 'x' }));
    expect((await loadSitePage('/')).ok).toBe(false);
    vi.stubGlobal('fetch', answer(400, { error: 'invalid_path', message: 'path must be a site path' }));
    expect(await loadSitePage('//x')).toEqual({ ok: false, failure: { kind: 'invalid', message: 'path must be a site path', code: null, argument: 'path' } });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(await loadSitePage('/')).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });
});
