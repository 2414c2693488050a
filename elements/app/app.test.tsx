// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import * as api from '../../core/app/site-page-api';
import type { SitePage } from '../../core/app/site-page-api';
import { parseAttributes } from '../../core/define-element/attributes';
import type { ElementHandle } from '../../core/define-element/define-element';
import { appTexts as t } from '../../core/i18n/app';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appAttributes, scopeSiteMain } from './app.element';
import { SiteApp } from './app.view';

vi.mock('../../core/app/site-page-api', () => ({ loadSitePage: vi.fn() }));

const API = 'https://hearth.example';

const page = (title: string, main: string, extra: Partial<Extract<SitePage, { kind: 'page' }>> = {}): SitePage => ({
  kind: 'page',
  status: 200,
  title: `${title} — Hearth`,
  description: null,
  header: '<header class="shell-header"><a class="brand" href="/">Hearth</a><nav id="site-nav"><ul class="nav-list"><li class="menu"><details data-menu><summary>Buy</summary><ul><li><a href="/search">Find a Home</a></li></ul></details></li></ul></nav></header>',
  main,
  footer: '<footer class="shell-footer"><a href="/resources/feed.xml">Feed</a></footer>',
  ...extra,
});

const PAGES: Record<string, SitePage> = {
  '/': page('Home', '<h1>Welcome</h1><p><a href="/search">Search homes</a> <img alt="" src="/media/post/1.webp" srcset="/media/post/1-480.webp 480w, /media/post/1-960.webp 960w"></p><hearth-search-box search-page="/search"></hearth-search-box>'),
  '/search': page('Find a Home', '<h1>Find a Home</h1><p><a href="/listing/a/HRT1#facts">A home</a></p>'),
  '/listing/a/HRT1': page('455 E 300 S', '<h1>455 E 300 S</h1><p id="facts">Facts</p>'),
  '/account/buying/favorites': { kind: 'redirect', location: '/log-in?next=%2Faccount%2Fbuying%2Ffavorites' },
  '/log-in': page('Log in', '<div data-log-in data-next="/account/buying/favorites"><h1>Log in</h1></div>'),
  '/loop': { kind: 'redirect', location: '/loop' },
  '/about/privacy-policy': page('Privacy Policy', '<h1>Privacy Policy</h1><iframe class="policy-frame" src="/about/privacy-policy/document" title="Privacy Policy"></iframe><p><a href="/about/privacy-policy/document">Open the Privacy Policy on its own page</a></p>'),
};

let host: HTMLElement;
let shadow: ShadowRoot;
let root: Root;
let emit: ReturnType<typeof vi.fn<(name: string, detail: unknown) => void>>;
beforeEach(() => {
  window.hearth = { loader: '', api: API, partner: 'acme', cdn: '', scan: vi.fn() };
  history.replaceState(null, '', '/homes/');
  host = document.createElement('div');
  document.body.append(host);
  shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  root = createRoot(container);
  emit = vi.fn<(name: string, detail: unknown) => void>();
  vi.mocked(api.loadSitePage).mockImplementation(async (path: string) => {
    const found = PAGES[path.split('?', 1)[0]!];
    return found ? { ok: true, value: found } : { ok: false, failure: { kind: 'server', message: null, code: null, argument: null } };
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.mocked(api.loadSitePage).mockReset();
  delete window.hearth;
});

const handle = (): ElementHandle => ({ tag: 'hearth-app', host, emit });
const settle = async () => {
  for (let i = 0; i < 6; i += 1) await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
};
const $ = <E extends Element = HTMLElement>(selector: string) => shadow.querySelector<E>(selector);

async function start(base = '/homes', contained = false) {
  act(() => root.render(<SiteApp base={base} contained={contained} element={handle()} />));
  await settle();
}

describe('<hearth-app>', () => {
  it('shows the page at its URL with the shell, links under the base and pictures from our origin', async () => {
    await start();
    expect($('[part="base"]')!.dataset.state).toBe('ready');
    expect($('.site-main h1')!.textContent).toBe('Welcome');
    expect($<HTMLAnchorElement>('.site-main a')!.getAttribute('href')).toBe('/homes/search');
    expect($<HTMLAnchorElement>('.brand')!.getAttribute('href')).toBe('/homes/');
    expect($('img')!.getAttribute('src')).toBe(`${API}/media/post/1.webp`);
    expect($('img')!.getAttribute('srcset')).toBe(`${API}/media/post/1-480.webp 480w, ${API}/media/post/1-960.webp 960w`);
    // A feed is a file of our site, not a page of the app.
    expect($<HTMLAnchorElement>('footer a')!.getAttribute('href')).toBe(`${API}/resources/feed.xml`);
    expect($('hearth-search-box')!.getAttribute('search-page')).toBe('/homes/search');
    expect(document.title).toBe('Home — Hearth');
    expect(window.hearth!.scan).toHaveBeenCalledWith(shadow);
    expect(emit).toHaveBeenCalledWith('page-changed', { path: '/', title: 'Home — Hearth', status: 200 });
  });

  it('opens a link in place, with a history entry under the base; back shows the page before', async () => {
    await start();
    act(() => $<HTMLAnchorElement>('.site-main a')!.click());
    await settle();
    expect(location.pathname).toBe('/homes/search');
    expect($('.site-main h1')!.textContent).toBe('Find a Home');
    // Focus moves to the new page's heading, and it is announced.
    expect(shadow.activeElement).toBe($('.site-main h1'));
    expect($('[aria-live]')!.textContent).toBe(t.shown('Find a Home — Hearth'));

    // An element's absolute link to the hosted site opens in place too.
    const card = document.createElement('a');
    card.href = `${API}/listing/a/HRT1`;
    $('.site-main')!.append(card);
    act(() => card.click());
    await settle();
    expect(location.pathname).toBe('/homes/listing/a/HRT1');
    expect($('.site-main h1')!.textContent).toBe('455 E 300 S');

    await act(async () => {
      history.back();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await settle();
    expect(location.pathname).toBe('/homes/search');
    expect($('.site-main h1')!.textContent).toBe('Find a Home');
  });

  it('router behaviour: the same URL is ignored, an anchor scrolls to its target, back restores the scroll position', async () => {
    await start();
    act(() => $<HTMLAnchorElement>('.site-main a')!.click());
    await settle();
    expect(location.pathname).toBe('/homes/search');
    const loads = vi.mocked(api.loadSitePage).mock.calls.length;
    const length = history.length;
    // A link to the page shown: no entry, no load.
    const same = document.createElement('a');
    same.href = '/homes/search';
    $('.site-main')!.append(same);
    act(() => same.click());
    await settle();
    expect(history.length).toBe(length);
    expect(vi.mocked(api.loadSitePage).mock.calls.length).toBe(loads);

    // '/listing/a/HRT1#facts': the page, then its #facts into view.
    const scrolled = vi.fn();
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled(this.id);
    };
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
      act(() => $<HTMLAnchorElement>('.site-main a[href*="#facts"]')!.click());
      await settle();
      expect(location.pathname + location.hash).toBe('/homes/listing/a/HRT1#facts');
      expect(scrolled).toHaveBeenCalledWith('facts');

      // Back to the search page: where it was scrolled when the visitor left it.
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
      await act(async () => {
        history.back();
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      await settle();
      expect($('.site-main h1')!.textContent).toBe('Find a Home');
      expect(scrollTo).toHaveBeenCalledWith(0, 640);
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
      scrollTo.mockRestore();
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    }
  });

  it("a dialog's entry over the page (…/gallery/2, …/log-in) is the element's: the page is not loaded again", async () => {
    history.replaceState(null, '', '/homes/listing/a/HRT1');
    await start();
    const loads = vi.mocked(api.loadSitePage).mock.calls.length;
    for (const dialog of ['/gallery/2', '/showcase/video', '/log-in', '/request-tour']) {
      history.pushState({ hearthDialog: 'x' }, '', `/homes/listing/a/HRT1${dialog}`);
      await act(async () => {
        history.back();
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      await act(async () => {
        history.forward();
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      await settle();
      expect(location.pathname).toBe(`/homes/listing/a/HRT1${dialog}`);
      history.replaceState(history.state, '', '/homes/listing/a/HRT1');
    }
    expect(vi.mocked(api.loadSitePage).mock.calls.length).toBe(loads);
    expect($('.site-main h1')!.textContent).toBe('455 E 300 S');
  });

  it("follows a guard's redirect in place, replacing the entry", async () => {
    history.replaceState(null, '', '/homes/account/buying/favorites');
    const length = history.length;
    await start();
    expect(location.pathname + location.search).toBe('/homes/log-in?next=%2Faccount%2Fbuying%2Ffavorites');
    expect(history.length).toBe(length);
    expect($('.site-main h1')!.textContent).toBe('Log in');
  });

  it('stops a redirect loop with a way home', async () => {
    history.replaceState(null, '', '/homes/loop');
    await start();
    expect($('[part="base"]')!.dataset.state).toBe('redirect-loop');
    expect($('[role="alert"]')!.textContent).toContain(t.redirectLoop);
  });

  it('says when a page could not be loaded, and tries again', async () => {
    history.replaceState(null, '', '/homes/broken');
    await start();
    expect($('[role="alert"]')!.textContent).toContain(t.failed);
    PAGES['/broken'] = page('Fixed', '<h1>Fixed</h1>');
    act(() => $<HTMLButtonElement>('[role="alert"] button')!.click());
    await settle();
    expect($('.site-main h1')!.textContent).toBe('Fixed');
    delete PAGES['/broken'];
  });

  it('starts at the home page when the URL is outside its base', async () => {
    history.replaceState(null, '', '/about-us');
    await start();
    expect(vi.mocked(api.loadSitePage)).toHaveBeenCalledWith('/');
  });

  it('links to a policy document on our origin instead of framing it (only our own pages may frame it)', async () => {
    history.replaceState(null, '', '/homes/about/privacy-policy');
    await start();
    expect($('iframe')).toBeNull();
    expect($<HTMLAnchorElement>('.site-main a')!.getAttribute('href')).toBe(`${API}/about/privacy-policy/document`);
  });

  it('closes an open menu with Escape, focus back on its button', async () => {
    await start();
    const details = $<HTMLDetailsElement>('details')!;
    details.open = true;
    details.querySelector('a')!.focus();
    act(() => {
      details.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(details.open).toBe(false);
    expect(shadow.activeElement).toBe(details.querySelector('summary'));
  });

  it("styles its content with the site's sheet, main rules moved to .site-main (no second main landmark)", async () => {
    await start();
    expect(shadow.querySelector('main')).toBeNull();
    const appSiteCss = scopeSiteMain(readFileSync(join(process.cwd(), 'site/site.css'), 'utf8'));
    expect(appSiteCss).toMatch(/(^|\n)\.site-main \{/);
    expect(appSiteCss).toContain('.site-main:has(.listing-page)');
    expect(appSiteCss).toContain('.policy-document .site-main');
    expect(appSiteCss).not.toMatch(/(^|[\s,>}])main\s*[{:,]/m);
  });

  it('contained: opens on the home page and keeps its route to itself: the page’s URL, history and title stay (the gallery)', async () => {
    history.replaceState(null, '', '/demo/gallery/?partner=acme');
    document.title = 'Element gallery';
    const length = history.length;
    const search = PAGES['/search']!;
    PAGES['/search'] = page('Find a Home', '<h1>Find a Home</h1><hearth-search-map url-sync></hearth-search-map><hearth-request-tour route-sync></hearth-request-tour>');
    onTestFinished(() => {
      PAGES['/search'] = search;
    });
    await start('', true);
    expect($('.site-main h1')!.textContent).toBe('Welcome');
    act(() => $<HTMLAnchorElement>('.site-main a')!.click());
    await settle();
    expect($('.site-main h1')!.textContent).toBe('Find a Home');
    expect(`${location.pathname}${location.search}`).toBe('/demo/gallery/?partner=acme');
    expect(history.length).toBe(length);
    expect(document.title).toBe('Element gallery');
    // Its elements do not follow the page's URL either.
    expect($('hearth-search-map')!.hasAttribute('url-sync')).toBe(false);
    expect($('hearth-request-tour')!.hasAttribute('route-sync')).toBe(false);
    expect(emit).toHaveBeenCalledWith('page-changed', { path: '/search', title: 'Find a Home — Hearth', status: 200 });
  });

  it('refuses a base that is not a path of the site', () => {
    expect(parseAttributes(appAttributes, (name) => (name === 'base' ? '/homes/' : null)).values.base).toBe('/homes');
    const bad = parseAttributes(appAttributes, (name) => (name === 'base' ? 'https://evil.example/' : null));
    expect(bad.problems[0]?.attribute).toBe('base');
  });
});
