// @vitest-environment happy-dom
import { Window as HappyWindow } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configCacheKey } from './contract';
import { startLoader, type LoaderElementMap } from './start-loader';

// Each test gets its own window, so one test's MutationObserver never sees another's DOM.
const windows: HappyWindow[] = [];
afterEach(async () => {
  for (const win of windows.splice(0)) await win.happyDOM.close();
  vi.restoreAllMocks();
});

const ELEMENTS: LoaderElementMap = { shared: ['chunks/runtime-abc.js'] };

function pageWindow(url = 'https://agent.example/listing') {
  const happy = new HappyWindow({ url });
  windows.push(happy);
  const win = happy as unknown as Window & typeof globalThis;
  const fetch = vi.fn(async () => new win.Response('{"app_config":{}}', { status: 200 }));
  win.fetch = fetch as unknown as typeof win.fetch;
  return { win, fetch };
}

function loaderScript(win: Window & typeof globalThis, src: string, attributes: Record<string, string> = {}) {
  const script = win.document.createElement('script');
  script.setAttribute('src', src);
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

const links = (win: Window & typeof globalThis, rel: string) =>
  [...win.document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));

const nextMutations = (win: Window & typeof globalThis) => new Promise((resolve) => win.setTimeout(resolve, 0));

describe('reading its own script tag', () => {
  it('takes the partner and API from data attributes and the CDN folder from its own URL', () => {
    const { win, fetch } = pageWindow();
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', {
      'data-partner': 'acme',
      'data-api': 'https://api.hearth.example/',
    });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(win.hearth).toMatchObject({
      loader: '0.1.0',
      api: 'https://api.hearth.example',
      partner: 'acme',
      cdn: 'https://cdn.hearth.example/cdn/v0.1.0/',
    });
    expect(fetch).toHaveBeenCalledWith('https://api.hearth.example/v1/api/dynamic-config/?partner=acme');
    // The config fetch opens the API's connection itself: no preconnect besides it.
    expect(links(win, 'preconnect')).toEqual([]);
  });

  it('defaults the API to the script origin and the partner to empty', () => {
    const { win, fetch } = pageWindow();
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v0.1.0/loader.js');

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(win.hearth).toMatchObject({ api: 'https://cdn.hearth.example', partner: '', cdn: 'https://cdn.hearth.example/cdn/v0.1.0/' });
    expect(fetch).toHaveBeenCalledWith('https://cdn.hearth.example/v1/api/dynamic-config/?partner=');
  });

  it('does not preconnect to its own page origin', () => {
    const { win } = pageWindow('https://hearth.example/homes');
    const script = loaderScript(win, 'https://hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme' });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(links(win, 'preconnect')).toEqual([]);
  });

  it('encodes the partner in the config URL', () => {
    const { win, fetch } = pageWindow();
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'a&b c' });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(fetch).toHaveBeenCalledWith('https://cdn.hearth.example/v1/api/dynamic-config/?partner=a%26b%20c');
  });
});

describe('pasting the snippet twice', () => {
  it('lets only the first loader run', () => {
    const { win, fetch } = pageWindow();
    win.document.body.innerHTML = '<hearth-contact-form></hearth-contact-form>';
    const importModule = vi.fn(async () => ({}));
    const first = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme' });
    const second = loaderScript(win, 'https://other.example/cdn/v1/loader.js', { 'data-partner': 'other' });

    startLoader(first, win, '0.1.0', ELEMENTS, importModule);
    const hearth = win.hearth;
    startLoader(second, win, '0.2.0', ELEMENTS, importModule);

    expect(win.hearth).toBe(hearth);
    expect(win.hearth).toMatchObject({ partner: 'acme', loader: '0.1.0' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(links(win, 'modulepreload')).toHaveLength(2);
  });
});

describe('the dynamic config', () => {
  it('skips the fetch when the cache entry is fresh', () => {
    const { win, fetch } = pageWindow();
    const key = configCacheKey('https://cdn.hearth.example', 'acme');
    win.localStorage.setItem(key, JSON.stringify({ expires: Date.now() + 60_000, value: { app_config: {} } }));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme' });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(fetch).not.toHaveBeenCalled();
    expect(win.hearth?.config).toBeUndefined();
  });

  it('preconnects to an API of another origin when it sends no config request (the element’s first query will go there)', () => {
    const { win } = pageWindow();
    win.localStorage.setItem(configCacheKey('https://api.hearth.example', 'acme'), JSON.stringify({ expires: Date.now() + 60_000, value: { app_config: {} } }));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme', 'data-api': 'https://api.hearth.example' });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(links(win, 'preconnect')).toEqual(['https://api.hearth.example']);
  });

  it('asks for the elements before the config: the entry chunk is on the first paint’s path', () => {
    const { win, fetch } = pageWindow();
    win.document.body.innerHTML = '<hearth-contact-form></hearth-contact-form>';
    const importModule = vi.fn(async () => ({}));
    const preloadsAtFetch: (string | null)[][] = [];
    fetch.mockImplementation(async () => {
      preloadsAtFetch.push(links(win, 'modulepreload'));
      return new win.Response('{}', { status: 200 });
    });
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme' });

    startLoader(script, win, '0.1.0', ELEMENTS, importModule);

    expect(importModule.mock.invocationCallOrder[0]).toBeLessThan(fetch.mock.invocationCallOrder[0]!);
    expect(preloadsAtFetch).toEqual([['https://cdn.hearth.example/cdn/v0.1.0/elements/contact-form.js', 'https://cdn.hearth.example/cdn/v0.1.0/chunks/runtime-abc.js']]);
  });

  it('fetches when the cache entry has expired', async () => {
    const { win, fetch } = pageWindow();
    const key = configCacheKey('https://cdn.hearth.example', 'acme');
    win.localStorage.setItem(key, JSON.stringify({ expires: Date.now() - 1, value: { app_config: {} } }));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme' });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(win.hearth?.config).resolves.toEqual({ app_config: {} });
  });

  it('fetches when storage is blocked', () => {
    const { win, fetch } = pageWindow();
    vi.spyOn(win.localStorage, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme' });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands over a promise that rejects when the server answers with an error', async () => {
    const { win, fetch } = pageWindow();
    fetch.mockResolvedValueOnce(new win.Response('nope', { status: 503 }));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js', { 'data-partner': 'acme' });

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => ({})));

    await expect(win.hearth?.config).rejects.toThrow('HTTP 503');
  });
});

describe('loading elements', () => {
  it('preloads and imports each tag on the page once, with its chunks preloaded once', () => {
    const { win } = pageWindow();
    win.document.body.innerHTML =
      '<hearth-contact-form></hearth-contact-form><hearth-listing-card></hearth-listing-card><hearth-listing-card></hearth-listing-card>';
    const importModule = vi.fn(async () => ({}));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js');

    startLoader(script, win, '0.1.0', ELEMENTS, importModule);

    expect(importModule.mock.calls).toEqual([
      ['https://cdn.hearth.example/cdn/v0.1.0/elements/contact-form.js'],
      ['https://cdn.hearth.example/cdn/v0.1.0/elements/listing-card.js'],
    ]);
    expect(links(win, 'modulepreload')).toEqual([
      'https://cdn.hearth.example/cdn/v0.1.0/elements/contact-form.js',
      'https://cdn.hearth.example/cdn/v0.1.0/chunks/runtime-abc.js',
      'https://cdn.hearth.example/cdn/v0.1.0/elements/listing-card.js',
    ]);
  });

  it('picks up a tag added to the page later, also inside an added subtree', async () => {
    const { win } = pageWindow();
    const importModule = vi.fn(async () => ({}));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js');
    startLoader(script, win, '0.1.0', ELEMENTS, importModule);
    expect(importModule).not.toHaveBeenCalled();

    win.document.body.append(win.document.createElement('hearth-contact-form'));
    const section = win.document.createElement('section');
    section.innerHTML = '<div><hearth-listing-card listing-id="1"></hearth-listing-card></div>';
    win.document.body.append(section);
    await nextMutations(win);

    expect(importModule.mock.calls).toEqual([
      ['https://cdn.hearth.example/cdn/v0.1.0/elements/contact-form.js'],
      ['https://cdn.hearth.example/cdn/v0.1.0/elements/listing-card.js'],
    ]);
  });


  it('loads the tags of a shadow root it is handed (hearth.scan), which its observer does not see', async () => {
    const { win } = pageWindow();
    const importModule = vi.fn(async () => ({}));
    startLoader(loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js'), win, '0.1.0', ELEMENTS, importModule);
    const host = win.document.createElement('div');
    win.document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<main><hearth-listing-card listing-id="1"></hearth-listing-card></main>';
    await nextMutations(win);
    expect(importModule).not.toHaveBeenCalled();

    win.hearth!.scan!(root);

    expect(importModule.mock.calls).toEqual([['https://cdn.hearth.example/cdn/v0.1.0/elements/listing-card.js']]);
  });
  it('leaves other custom elements and defined hearth-* tags alone, on the page and added later', async () => {
    const { win } = pageWindow();
    win.customElements.define('hearth-defined', class extends win.HTMLElement {});
    win.document.body.innerHTML = '<x-widget></x-widget><hearth-defined></hearth-defined><div><hearth></hearth></div>';
    const importModule = vi.fn(async () => ({}));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js');

    startLoader(script, win, '0.1.0', ELEMENTS, importModule);
    win.document.body.append(win.document.createElement('hearth-defined'), win.document.createElement('my-hearth-card'));
    await nextMutations(win);

    expect(importModule).not.toHaveBeenCalled();
    expect(links(win, 'modulepreload')).toEqual([]);
  });

  // The build lists no names: a tag it does not ship is asked for like any other, and its chunk's 404 is reported
  // as a failed import (below), so a misspelt tag is not silently ignored.
  it('imports the chunk named after any undefined hearth-* tag', async () => {
    const { win } = pageWindow();
    win.document.body.innerHTML = '<hearth-unicorn></hearth-unicorn>';
    const importModule = vi.fn(async () => ({}));

    startLoader(loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js'), win, '0.1.0', ELEMENTS, importModule);

    expect(importModule.mock.calls).toEqual([['https://cdn.hearth.example/cdn/v0.1.0/elements/unicorn.js']]);
  });

  it('reports a failed import with console.error and a hearth-error event', async () => {
    const { win } = pageWindow();
    win.document.body.innerHTML = '<hearth-contact-form></hearth-contact-form>';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const errors: CustomEvent[] = [];
    win.document.addEventListener('hearth-error', (event) => errors.push(event as CustomEvent));
    const script = loaderScript(win, 'https://cdn.hearth.example/cdn/v1/loader.js');

    startLoader(script, win, '0.1.0', ELEMENTS, vi.fn(async () => Promise.reject(failure)));
    await nextMutations(win);

    expect(consoleError).toHaveBeenCalledWith(failure);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ bubbles: true, composed: true });
    expect(errors[0]!.detail).toEqual({
      tag: 'hearth-contact-form',
      message: 'TypeError: Failed to fetch dynamically imported module',
    });
  });
});
