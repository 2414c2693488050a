/**
 * The search on a phone. Below COMPACT_MAX_WIDTH (the element's own width, so a narrow column of a wide
 * page counts too) the search is laid out for one hand: the results first, the filters in a sheet, and
 * the list or the map, one at a time. Each pane is kept where it was left: the map stays mounted while
 * hidden (its viewport is state), and the list comes back at the result that was at the top of the screen.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Narrower than this (CSS px), the element takes its compact layout (search-map.css reads `data-layout`). */
export const COMPACT_MAX_WIDTH = 640;

export type SearchLayout = 'compact' | 'wide';
export type SearchPane = 'list' | 'map';

/** An unmeasured element (width 0: not laid out yet, or a test DOM) keeps the wide layout. */
export const layoutFor = (width: number): SearchLayout => (width > 0 && width < COMPACT_MAX_WIDTH ? 'compact' : 'wide');

/** Where the list stood: the first result still (partly) on screen, and its top (px from the screen's top). */
export interface ListAnchor {
  id: string;
  top: number;
}

/** The first item, in list order, whose bottom is below the top of the screen. */
export function listAnchor(items: readonly { id: string; top: number; bottom: number }[]): ListAnchor | null {
  const item = items.find((i) => i.bottom > 0);
  return item ? { id: item.id, top: item.top } : null;
}

/** The element's layout, measured before the first paint and again whenever its width changes. */
export function useSearchLayout(base: RefObject<HTMLElement | null>): SearchLayout {
  const [layout, setLayout] = useState<SearchLayout>('wide');
  useLayoutEffect(() => {
    const node = base.current;
    if (!node) return;
    setLayout(layoutFor(node.getBoundingClientRect().width));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setLayout(layoutFor(entry.contentRect.width)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [base]);
  return layout;
}

const ITEM = '[data-listing-id]';

/**
 * The compact layout's list/map toggle. `list` holds the result items (`data-listing-id`), `map` the map
 * pane. The page (the window: hosts scroll their document) is scrolled so the list's anchor result is
 * back where it was, and so the map's top is on screen when it is shown.
 */
export function usePanes(list: RefObject<HTMLElement | null>, map: RefObject<HTMLElement | null>) {
  const [pane, setPane] = useState<SearchPane>('list');
  /** The map has been shown: it is drawn from then on (hidden while the list is shown). */
  const [mapSeen, setMapSeen] = useState(false);
  const anchor = useRef<ListAnchor | null>(null);

  useLayoutEffect(() => {
    if (pane === 'map') {
      const node = map.current;
      if (node && node.getBoundingClientRect().top < 0) node.scrollIntoView({ block: 'start' });
      return;
    }
    const saved = anchor.current;
    anchor.current = null;
    const item = saved && list.current?.querySelector(`[data-listing-id="${CSS.escape(saved.id)}"]`);
    if (saved && item) window.scrollBy(0, item.getBoundingClientRect().top - saved.top);
  }, [pane, list, map]);

  return {
    pane,
    mapSeen,
    show(next: SearchPane) {
      if (next === pane) return;
      if (next === 'map') {
        const items = [...(list.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])].map((node) => {
          const box = node.getBoundingClientRect();
          return { id: node.dataset.listingId ?? '', top: box.top, bottom: box.bottom };
        });
        anchor.current = listAnchor(items);
        setMapSeen(true);
      }
      setPane(next);
    },
  };
}
