/**
 * State of the search's map: the viewport (fitted to the results, then moved by the visitor), the pins or
 * clusters of listingsInfo for what is in view (refetched as the map moves), and the markers to draw —
 * the page's results as price pins, the other matches as dots or clusters, never more than MAX_DOM_MARKERS,
 * each listing once and no pin covering another (core/maps/declutter.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLoad } from '../graphql/use-load';
import { pricePeriod } from '../listings/price-period';
import { declutter } from '../maps/declutter';
import { layoutClusters, layoutPins, MAX_DOM_MARKERS, unpackPins, type MapMarker, type PinInput, type PinMarker } from '../maps/markers';
import { containsPoint } from '../maps/polygon';
import { boundsOf, fitBounds, sameViewport, viewportBounds, type Bounds, type Viewport } from '../maps/projection';
import { loadMapData, type SearchListing } from './api';
import { createFetchPolicy } from './fetch-policy';
import { locationFromSlug } from '../places/places';
import { toSearchInput, type SearchModel } from './search-model';

/** Wait after the last pan or zoom before asking for the markers of the new view. */
export const MAP_SETTLE_MS = 250;
const DEFAULT_SIZE = { width: 640, height: 480 };

const fetchPolicy = createFetchPolicy();

export function resultPins(listings: readonly SearchListing[]): PinInput[] {
  return listings.flatMap((l) =>
    l.location
      ? [{ id: l.id, lat: l.location.latitude, lng: l.location.longitude, priceInPennies: l.priceInPennies, currencyCode: l.priceCurrencyCode, period: pricePeriod(l) }]
      : [],
  );
}

export interface SearchMapOptions {
  model: SearchModel;
  listings: readonly SearchListing[] | null;
  /** Whether the map is shown (gallery view has none, so nothing is fetched). */
  visible: boolean;
  onSettled(): void;
}

export function useSearchMap({ model, listings, visible, onSettled }: SearchMapOptions) {
  const [size, setSize] = useState(DEFAULT_SIZE);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [moved, setMoved] = useState(false);
  /** What the viewport was last fitted to, while it was fitted to a size guessed before the map was laid out. */
  const unmeasured = useRef<{ frame: Bounds; padding: number } | null>(null);
  const measured = useRef(false);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  // A new result set frames the map: the searched area, else the results.
  useEffect(() => {
    if (!listings) return;
    const area = model.polygon ? boundsOf(model.polygon) : model.bounds;
    const frame: Bounds | null = area ?? boundsOf(resultPins(listings));
    if (!frame) return;
    setViewport((current) => {
      if (area && current) return current;
      const padding = area ? 0 : 48;
      if (!measured.current) unmeasured.current = { frame, padding };
      const next = fitBounds(frame, size.width, size.height, padding);
      return current && sameViewport(current, next) ? current : next;
    });
    setMoved(false);
    // Refit for a new result set, not for each resize.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listings, model.bounds, model.polygon]);

  // The markers of what is in view, asked once the map has stopped moving; the last ones stay meanwhile.
  // Within the search's place (the list's scope): the clusters in view add up to what the list counts.
  const address = model.polygon || model.bounds ? null : locationFromSlug(model.location) || null;
  const variables = visible && viewport ? { bounds: viewportBounds(viewport), searchInput: toSearchInput(model.filters), address } : null;
  const { latest: answer } = useLoad(
    variables && JSON.stringify(variables),
    () => loadMapData(variables!.bounds, variables!.searchInput, variables!.address, fetchPolicy.next(JSON.stringify(variables))),
    { delay: MAP_SETTLE_MS },
  );
  const data = answer?.ok ? answer.value : null;
  useEffect(() => {
    if (answer) settled.current();
  }, [answer]);

  const polygon = model.polygon ?? null;
  const markers = useMemo<MapMarker[]>(() => {
    if (!viewport) return [];
    const pins = resultPins(listings ?? []);
    const listed = layoutPins(viewport, pins);
    const ids = new Set(pins.map((p) => p.id));
    const room = MAX_DOM_MARKERS - listed.length;
    const others =
      data?.mode === 'CLUSTERS'
        ? layoutClusters(viewport, data.clusters.map((c) => ({ lat: c.latitude, lng: c.longitude, count: c.count, bounds: c.bounds })), room)
        : data?.pins
          ? layoutPins(viewport, unpackPins(data.pins).filter((p) => !ids.has(p.id) && (!polygon || containsPoint(polygon, p))), room)
          : [];
    const results = listed.filter((m): m is PinMarker => m.kind === 'pin');
    return declutter(viewport, results, [...others, ...listed.filter((m) => m.kind === 'cluster')]);
  }, [viewport, listings, data, polygon]);

  return {
    viewport,
    moved,
    markers,
    /** The visitor moved the map: 'Search this area' is offered. */
    move(next: Viewport) {
      unmeasured.current = null;
      setViewport(next);
      setMoved(true);
    },
    resize(width: number, height: number) {
      if (width < 1 || height < 1) return;
      measured.current = true;
      // Fitted before the map had a size (it is mounted once shown, e.g. on a phone): fit to the real one.
      const fit = unmeasured.current;
      unmeasured.current = null;
      setSize({ width, height });
      setViewport((current) => (current && fit ? fitBounds(fit.frame, width, height, fit.padding) : current ? { ...current, width, height } : current));
    },
    /** The area in view, for 'Search this area'. */
    bounds: () => (viewport ? viewportBounds(viewport) : null),
    searched: () => setMoved(false),
  };
}
