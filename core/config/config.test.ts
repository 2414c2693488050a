// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configCacheKey } from '../../loader/contract';
import { loadAppContext, parseConfigResponse, resolveContext } from './config';
import { supportEmail } from './brand';
import { UNBRANDED } from './brand-fields';
import { brandLink } from '../contact/contact-brand';
import { CONFIG_CACHE_MS, DEFAULT_APP_CONTEXT } from './schema';

const API = 'https://api.hearth.test';
const response = (context: object, error: string | null = null) => ({
  app_config: { app_context: JSON.stringify(context), error, domain: 'acme.test' },
});
const acme = { agentName: 'Avery Stone', themeData: { sellEnabled: false, tokens: { 'color-primary': '#0b6e4f' } } };

beforeEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('dynamic config', () => {
  it('lays the partner context over the defaults, nested objects too', () => {
    const context = resolveContext({ agentName: 'Avery', themeData: { sellEnabled: false } });
    expect(context.agentName).toBe('Avery');
    expect(context.themeData.sellEnabled).toBe(false);
    expect(context.themeData.rentalEnabled).toBe(true);
    expect(context.partner.defaultSearchLocation).toBe('Salt-Lake-City,-UT,-USA');
  });

  it('rejects an app_context that is not JSON', () => {
    expect(() => parseConfigResponse({ app_config: { app_context: '{nope', error: null } })).toThrow('app_context is not JSON');
  });

  it('rejects a theme token that would inject CSS', () => {
    const hostile = response({ themeData: { tokens: { 'color-primary': 'red;}*{display:none' } } });
    expect(() => parseConfigResponse(hostile)).toThrow('app_context failed validation');
  });

  it('loads from the network, caches for 300000 ms, and reports the source', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(response(acme)), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const loaded = await loadAppContext(API, 'acme', undefined, () => 1_000);
    expect(loaded.source).toBe('network');
    expect(loaded.context.agentName).toBe('Avery Stone');
    expect(loaded.appContextLoaded).toBe(true);
    const cached = JSON.parse(localStorage.getItem(configCacheKey(API, 'acme'))!);
    expect(cached.expires).toBe(1_000 + CONFIG_CACHE_MS);
    expect(fetchMock).toHaveBeenCalledWith(`${API}/v1/api/dynamic-config/?partner=acme`, expect.anything());
  });

  it('uses a fresh cache entry without fetching', async () => {
    localStorage.setItem(configCacheKey(API, 'acme'), JSON.stringify({ expires: 5_000, value: response(acme) }));
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const loaded = await loadAppContext(API, 'acme', undefined, () => 4_999);
    expect(loaded.source).toBe('cache');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches again once the cache entry expired', async () => {
    localStorage.setItem(configCacheKey(API, 'acme'), JSON.stringify({ expires: 5_000, value: response(acme) }));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(response(acme)), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const loaded = await loadAppContext(API, 'acme', undefined, () => 5_000);
    expect(loaded.source).toBe('network');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("uses the loader's in-flight fetch instead of its own", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const loaded = await loadAppContext(API, 'acme', Promise.resolve(response(acme)));
    expect(loaded.context.agentName).toBe('Avery Stone');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to the default context when the server fails, still reporting loaded (spec §8)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 500 })));
    const loaded = await loadAppContext(API, 'acme');
    expect(loaded.source).toBe('default');
    expect(loaded.appContextLoaded).toBe(true);
    expect(loaded.context.appName).toBe(DEFAULT_APP_CONTEXT.appName);
    expect(loaded.error).toBe('dynamic-config answered 500');
  });

  it('falls back to the default context when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const loaded = await loadAppContext(API, 'acme');
    expect(loaded.source).toBe('default');
    expect(localStorage.getItem(configCacheKey(API, 'acme'))).toBeNull();
  });
});

describe('supportEmail (spec §9 contact addresses)', () => {
  it("is the partner's support email, else its agent's; a partner with neither has none, never ours (issue 35)", () => {
    expect(supportEmail(resolveContext({ ...UNBRANDED, supportEmail: 'help@acme.example', agentEmail: 'avery@acme.example' }))).toBe('help@acme.example');
    expect(supportEmail(resolveContext({ ...UNBRANDED, agentEmail: 'avery@acme.example' }))).toBe('avery@acme.example');
    expect(supportEmail(resolveContext({ ...UNBRANDED }))).toBeNull();
    // Our own site (the default context) keeps ours.
    expect(supportEmail(resolveContext({}))).toBe('help@hearth.example');
  });
});

describe('brandLink', () => {
  it('puts a path on the hosted site, keeps an absolute URL, and is null when the partner has none', () => {
    const site = { siteUrl: 'https://homes.example/' };
    expect(brandLink(resolveContext(site), 'privacyPolicyUrl')).toBe('https://homes.example/about/privacy-policy');
    expect(brandLink(resolveContext({ ...site, privacyPolicyUrl: 'https://acme.example/privacy' }), 'privacyPolicyUrl')).toBe('https://acme.example/privacy');
    expect(brandLink(resolveContext({ ...site, ...UNBRANDED }), 'privacyPolicyUrl')).toBeNull();
  });
});

describe('mapsKey (the partner Google Maps key)', () => {
  it('is optional, kept when given, and a key over 200 characters is rejected as malformed', () => {
    expect(parseConfigResponse(response({ mapsKey: 'AIza-test-key' })).context.mapsKey).toBe('AIza-test-key');
    expect(parseConfigResponse(response({})).context.mapsKey).toBeUndefined();
    // A malformed context fails validation as a whole (the loader then falls back to the default context).
    expect(() => parseConfigResponse(response({ mapsKey: 'k'.repeat(201) }))).toThrow('app_context failed validation');
    expect(() => parseConfigResponse(response({ mapsKey: 42 }))).toThrow('app_context failed validation');
  });
});
