/**
 * Which markers the map draws (DESIGN §5): every listing as its own pin while at most MAX_DOM_MARKERS are in
 * view, else grid clusters — DOM markers beyond a few hundred drop frames. Server clusters (listingsInfo in
 * CLUSTERS mode) are drawn as they come. Pure: positions in, screen markers out.
 */
import { formatMoney } from '../format/money';
import { boundsOf, toScreen, type Bounds, type LatLng, type Viewport } from './projection';

export const MAX_DOM_MARKERS = 300;
/** Grid cell of a client-side cluster, in CSS pixels. */
export const CLUSTER_CELL_PX = 64;
/** Markers this far outside the viewport are still drawn, so a pan does not show empty edges. */
const EDGE_PX = 24;

export interface PinInput extends LatLng {
  id: string;
  priceInPennies: number | null;
  currencyCode?: string;
  /** What the price is per ('/mo', '/night'; core/listings/price-period.ts); '' for a sale. */
  period?: string;
}

export interface ClusterInput extends LatLng {
  count: number;
  bounds: Bounds;
}

export interface PinMarker extends LatLng {
  kind: 'pin';
  id: string;
  x: number;
  y: number;
  priceInPennies: number | null;
  currencyCode: string;
  period: string;
  /** Drawn this many pixels above its point, clear of the pins it would cover (core/maps/declutter.ts). */
  lift?: number;
}

export interface ClusterMarker {
  kind: 'cluster';
  id: string;
  x: number;
  y: number;
  count: number;
  bounds: Bounds;
  /** Results of the page merged into it because their pins overlapped (core/maps/declutter.ts). */
  listingIds?: readonly string[];
}

export type MapMarker = PinMarker | ClusterMarker;

const inView = (viewport: Viewport, x: number, y: number) =>
  x >= -EDGE_PX && y >= -EDGE_PX && x <= viewport.width + EDGE_PX && y <= viewport.height + EDGE_PX;

/**
 * Pins in view as pins when they fit under `cap`, otherwise as clusters over a CLUSTER_CELL_PX grid
 * (a cell with one listing stays a pin). Never returns more than `cap` markers.
 */
export function layoutPins(viewport: Viewport, pins: readonly PinInput[], cap = MAX_DOM_MARKERS): MapMarker[] {
  const visible: PinMarker[] = [];
  for (const pin of pins) {
    const { x, y } = toScreen(viewport, pin);
    if (inView(viewport, x, y)) {
      visible.push({
        kind: 'pin',
        id: pin.id,
        lat: pin.lat,
        lng: pin.lng,
        x,
        y,
        priceInPennies: pin.priceInPennies,
        currencyCode: pin.currencyCode ?? 'USD',
        period: pin.period ?? '',
      });
    }
  }
  if (visible.length <= cap) return visible;
  return clusterOnGrid(visible, cap);
}

function clusterOnGrid(visible: PinMarker[], cap: number): MapMarker[] {
  let cell = CLUSTER_CELL_PX;
  for (;;) {
    const cells = new Map<string, PinMarker[]>();
    for (const marker of visible) {
      const key = `${Math.floor(marker.x / cell)}:${Math.floor(marker.y / cell)}`;
      const members = cells.get(key);
      if (members) members.push(marker);
      else cells.set(key, [marker]);
    }
    if (cells.size <= cap) {
      return [...cells.entries()].map(([key, members]) => {
        if (members.length === 1) return members[0]!;
        return {
          kind: 'cluster',
          id: `cell-${key}`,
          x: members.reduce((sum, m) => sum + m.x, 0) / members.length,
          y: members.reduce((sum, m) => sum + m.y, 0) / members.length,
          count: members.length,
          bounds: boundsOf(members)!,
        };
      });
    }
    cell *= 2;
  }
}

/** Server clusters placed on screen (those in view), at most `cap`. */
export function layoutClusters(viewport: Viewport, clusters: readonly ClusterInput[], cap = MAX_DOM_MARKERS): ClusterMarker[] {
  const markers: ClusterMarker[] = [];
  for (const [i, cluster] of clusters.entries()) {
    const { x, y } = toScreen(viewport, cluster);
    if (inView(viewport, x, y)) markers.push({ kind: 'cluster', id: `server-${i}`, x, y, count: cluster.count, bounds: cluster.bounds });
  }
  return markers.slice(0, cap);
}

/** listingsInfo's packed pins (parallel arrays) as a list. */
export function unpackPins(packed: { ids: string[]; latitudes: number[]; longitudes: number[]; pricesInPennies: number[] }): PinInput[] {
  return packed.ids.map((id, i) => ({ id, lat: packed.latitudes[i]!, lng: packed.longitudes[i]!, priceInPennies: packed.pricesInPennies[i] ?? null }));
}

/**
 * A pin's text: the price, short ('$525K'), with its period for rents and stays ('$1,450/mo', '$189/night':
 * a monthly rent reads in full, thousands are abbreviated only for sales).
 */
export function pinPrice(pin: Pick<PinMarker, 'priceInPennies' | 'currencyCode' | 'period'>): string {
  return `${formatMoney(pin.priceInPennies, pin.currencyCode, { abbreviate: true, thousands: !pin.period })}${pin.period}`;
}
