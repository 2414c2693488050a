// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickTarget, startCollector, type Collector } from './collector';
import { currentVisitorId, visitorKey } from './visitor';

const API = 'https://hearth.example';
let sent: { url: string; body: any }[];
let collector: Collector | null;
beforeEach(() => {
  sent = [];
  localStorage.clear();
  collector = null;
});
afterEach(() => {
  collector?.stop();
  document.body.innerHTML = '';
});

const start = () =>
  (collector = startCollector({ win: window, api: API, partner: 'acme', send: (url, body) => sent.push({ url, body: JSON.parse(body) }), now: () => 1_000 }));
const emit = (type: string, detail: unknown) => document.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
const events = () => sent.flatMap((s) => s.body.events);

describe('the collector', () => {
  it('keeps one pseudonymous visitor id per API and partner, and records the page view', () => {
    start();
    const id = collector!.visitorId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem(visitorKey(API, 'acme'))).toBe(id);
    expect(currentVisitorId()).toBe(id);
    collector!.flush();
    expect(sent[0]!.url).toBe(`${API}/v1/api/events/?partner=acme`);
    expect(sent[0]!.body).toEqual({ visitorId: id, events: [{ kind: 'page_view', at: 1_000, path: location.pathname }] });
    collector!.stop();
    start();
    expect(collector!.visitorId()).toBe(id);
  });

  it('turns the elements’ events into searches, views, opens and favourites', () => {
    start();
    emit('hearth-search-changed', { description: 'Provo, UT', location: 'provo-ut', lat: 1, lng: 2 });
    emit('hearth-search-changed', { location: 'Salt-Lake-City,-UT', filters: { minPrice: 300_000, maxPrice: null } });
    emit('hearth-listing-viewed', { listingId: 1001 });
    emit('hearth-listing-selected', { listingId: 1002, slugId: 'x', listingCodeId: 'y' });
    emit('hearth-favorite-changed', { listingId: 1003, favorited: true });
    emit('hearth-favorite-changed', { listingId: 1003, favorited: false });
    emit('hearth-page-changed', { path: '/search?location=provo', title: 'Find', status: 200 });
    collector!.flush();
    expect(events().slice(1)).toEqual([
      { kind: 'search', at: 1_000, place: 'Provo, UT', minPrice: null, maxPrice: null },
      { kind: 'search', at: 1_000, place: 'Salt-Lake-City,-UT', minPrice: 300_000, maxPrice: null },
      { kind: 'listing_view', at: 1_000, listingId: 1001 },
      { kind: 'listing_open', at: 1_000, listingId: 1002 },
      { kind: 'favorite', at: 1_000, listingId: 1003 },
      { kind: 'page_view', at: 1_000, path: '/search?location=provo' },
    ]);
  });

  it('sends a batch at twenty events and when the page is hidden', () => {
    start();
    for (let i = 0; i < 19; i += 1) emit('hearth-listing-viewed', { listingId: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.events).toHaveLength(20);
    emit('hearth-listing-viewed', { listingId: 2 });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(2);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('forgets the visitor on request: erased on the server, a new id from now on', () => {
    start();
    const old = collector!.visitorId();
    document.dispatchEvent(new Event('hearth-forget-me'));
    expect(sent.at(-1)).toEqual({ url: `${API}/v1/api/events/forget/?partner=acme`, body: { visitorId: old } });
    expect(collector!.visitorId()).not.toBe(old);
    expect(localStorage.getItem(visitorKey(API, 'acme'))).toBe(collector!.visitorId());
  });
});

describe('clicks inside our elements', () => {
  it('records buttons and links by label, pins as marker clicks, and nothing outside our elements', () => {
    const host = document.createElement('hearth-search-map');
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<div><button aria-label="Zoom in">+</button><a href="/x"> Open   listing </a><span part="pin selected">$450k</span><p>text</p></div>';
    document.body.append(host);
    const path = (el: Element) => {
      const nodes: EventTarget[] = [];
      for (let n: Node | null = el; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) nodes.push(n);
      return nodes;
    };
    expect(clickTarget(path(root.querySelector('button')!))).toEqual({ kind: 'click', label: 'Zoom in' });
    expect(clickTarget(path(root.querySelector('a')!))).toEqual({ kind: 'click', label: 'Open listing' });
    expect(clickTarget(path(root.querySelector('span')!))).toEqual({ kind: 'marker_click', label: 'Map pin' });
    expect(clickTarget(path(root.querySelector('p')!))).toBeNull();
    const outside = document.createElement('button');
    outside.textContent = 'Partner button';
    document.body.append(outside);
    expect(clickTarget(path(outside))).toBeNull();
  });
});
