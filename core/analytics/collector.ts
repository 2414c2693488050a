/**
 * Records visitor activity on a page whose partner enables analytics (started by start.ts): a page view,
 * searches, listing views and opens, favourites, map pins and clicks on our elements' buttons and links,
 * read from the hearth-* events every element already sends and from clicks inside their shadow roots.
 * Events are batched and sent with navigator.sendBeacon (a JSON text, so no preflight) every ten seconds,
 * at twenty events, and when the page is hidden. `hearth-forget-me` on the document erases the visitor's
 * events on the server and starts a new visitor id.
 */
import {
  EVENT_BATCH_MAX,
  EVENT_FLUSH_COUNT,
  EVENT_FLUSH_MS,
  EVENT_LABEL_MAX,
  EVENT_PATH_MAX,
  EVENT_PLACE_MAX,
  type EventKind,
  type VisitorEvent,
} from './events';
import { clearVisitorId, loadVisitorId, replaceVisitorId, visitorKey } from './visitor';

export interface CollectorOptions {
  win: Window;
  api: string;
  partner: string;
  /** Defaults to navigator.sendBeacon, falling back to fetch with keepalive. */
  send?: (url: string, body: string) => void;
  now?: () => number;
}

export interface Collector {
  visitorId: () => string;
  flush: () => void;
  stop: () => void;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, max) : undefined);
const listingIdOf = (detail: unknown) => {
  const id = Number((detail as { listingId?: unknown } | null)?.listingId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** What a click inside one of our elements was on: a map pin, else a button or link with its label; null for anything else. */
export function clickTarget(path: readonly EventTarget[]): { kind: EventKind; label: string } | null {
  const insideOurs = path.some((node) => node instanceof Element && node.localName.startsWith('hearth-'));
  if (!insideOurs) return null;
  for (const node of path) {
    if (!(node instanceof Element)) continue;
    if (node.localName.startsWith('hearth-')) return null;
    const part = node.getAttribute('part') ?? '';
    if (/(^|\s)pin(\s|$)/.test(part)) return { kind: 'marker_click', label: 'Map pin' };
    if (node.localName === 'button' || node.localName === 'a' || node.getAttribute('role') === 'button') {
      const label = text(node.getAttribute('aria-label') || node.textContent, EVENT_LABEL_MAX);
      return label ? { kind: 'click', label } : null;
    }
  }
  return null;
}

export function startCollector({ win, api, partner, send, now = () => Date.now() }: CollectorOptions): Collector {
  const doc = win.document;
  const storage = (() => {
    try {
      return win.localStorage;
    } catch {
      return null;
    }
  })();
  const key = visitorKey(api, partner);
  const uuid = () => win.crypto.randomUUID();
  let visitorId = loadVisitorId(storage, key, uuid);
  const endpoint = (path: string) => `${api}${path}${partner ? `?partner=${encodeURIComponent(partner)}` : ''}`;
  const post =
    send ??
    ((url: string, body: string) => {
      const sent = typeof win.navigator.sendBeacon === 'function' && win.navigator.sendBeacon(url, body);
      if (!sent) void win.fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
    });

  let queue: VisitorEvent[] = [];
  const flush = () => {
    while (queue.length > 0) {
      const events = queue.slice(0, EVENT_BATCH_MAX);
      queue = queue.slice(EVENT_BATCH_MAX);
      post(endpoint('/v1/api/events/'), JSON.stringify({ visitorId, events }));
    }
  };
  const record = (event: Omit<VisitorEvent, 'at'>) => {
    queue.push({ ...event, at: now() });
    if (queue.length >= EVENT_FLUSH_COUNT) flush();
  };

  const listeners: [EventTarget, string, (event: Event) => void, boolean][] = [
    [doc, 'hearth-page-changed', (e) => record({ kind: 'page_view', path: text((e as CustomEvent<{ path?: unknown }>).detail?.path, EVENT_PATH_MAX) }), false],
    [
      doc,
      'hearth-search-changed',
      (e) => {
        const detail = (e as CustomEvent<Record<string, unknown>>).detail ?? {};
        const filters = (detail.filters ?? {}) as { minPrice?: unknown; maxPrice?: unknown };
        const price = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
        record({
          kind: 'search',
          place: text(detail.description ?? detail.location, EVENT_PLACE_MAX),
          minPrice: price(filters.minPrice),
          maxPrice: price(filters.maxPrice),
        });
      },
      false,
    ],
    [doc, 'hearth-listing-selected', (e) => record({ kind: 'listing_open', listingId: listingIdOf((e as CustomEvent).detail) }), false],
    [doc, 'hearth-listing-viewed', (e) => record({ kind: 'listing_view', listingId: listingIdOf((e as CustomEvent).detail) }), false],
    [
      doc,
      'hearth-favorite-changed',
      (e) => {
        const detail = (e as CustomEvent<{ favorited?: unknown }>).detail;
        if (detail?.favorited === true) record({ kind: 'favorite', listingId: listingIdOf(detail) });
      },
      false,
    ],
    [
      doc,
      'click',
      (e) => {
        const target = clickTarget(e.composedPath());
        if (target) record(target);
      },
      true,
    ],
    [
      doc,
      'hearth-forget-me',
      () => {
        queue = [];
        post(endpoint('/v1/api/events/forget/'), JSON.stringify({ visitorId }));
        visitorId = replaceVisitorId(storage, key, uuid);
      },
      false,
    ],
    [doc, 'visibilitychange', () => doc.visibilityState === 'hidden' && flush(), false],
    [win, 'pagehide', flush, false],
  ];
  for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
  const timer = win.setInterval(flush, EVENT_FLUSH_MS);
  // <hearth-app> reports each page it shows itself (hearth-page-changed), its first one included.
  if (!doc.querySelector('hearth-app')) record({ kind: 'page_view', path: text(win.location.pathname, EVENT_PATH_MAX) });

  return {
    visitorId: () => visitorId,
    flush,
    stop: () => {
      flush();
      win.clearInterval(timer);
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
      clearVisitorId();
    },
  };
}
