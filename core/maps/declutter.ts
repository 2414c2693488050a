/**
 * Pins that read. The page's results are the price pins; the other matches come as dots (listingsInfo's
 * pins) or clusters (its grid cells, or the client's). At every zoom:
 *
 * 1. A listing is drawn once: as its own pin or inside a cluster, never both. A result inside a cluster's
 *    cell is taken out of that cluster's count (its pin stays: it is the home the visitor reads in the list
 *    beside the map); a cluster left with none goes.
 * 2. No price pin covers another. Results are placed in list order; one whose label would cover a label
 *    already placed (a pin or a cluster) merges with it into a cluster — "2 homes here; zoom in", and
 *    activating it zooms until they part. At the deepest zoom, where zooming cannot part them (homes of
 *    one building), it is lifted above them instead.
 * 3. Clusters stay whole inside the map (one whose point lies near an edge is drawn inward, so its count is
 *    never cut off) and never cover each other: two that would are one, its count the sum of theirs, at
 *    their middle weighted by count.
 *
 * Label sizes are estimated from their text, as search-map.css draws them. Pure: markers in, markers out.
 */
import type { ClusterMarker, MapMarker, PinMarker } from './markers';
import { pinPrice } from './markers';
import { boundsOf, MAX_ZOOM, type Bounds, type LatLng, type Viewport } from './projection';

/** A price pin's height, and the width of one character of its bold 13 px text, plus its padding and border. */
const PIN_HEIGHT_PX = 28;
const PIN_CHAR_PX = 8;
const PIN_PADDING_PX = 20;
/** A cluster: at least 40 px round, wider for long counts. */
const CLUSTER_MIN_PX = 40;
const CLUSTER_CHAR_PX = 9;
const CLUSTER_PADDING_PX = 22;
/** Lifted pins stack this far apart; beyond MAX_LIFTS a pin is drawn where it lands. */
const LIFT_STEP_PX = PIN_HEIGHT_PX + 2;
const MAX_LIFTS = 8;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where a price pin's label sits: centred above its point (raised by `lift`). */
export function pinBox(pin: PinMarker, lift = 0): Box {
  const half = (pinPrice(pin).length * PIN_CHAR_PX + PIN_PADDING_PX) / 2;
  return { left: pin.x - half, right: pin.x + half, top: pin.y - PIN_HEIGHT_PX - lift, bottom: pin.y - lift };
}

/** A cluster: centred on its point. */
export function clusterBox(cluster: ClusterMarker): Box {
  const half = Math.max(CLUSTER_MIN_PX, cluster.count.toLocaleString('en-US').length * CLUSTER_CHAR_PX + CLUSTER_PADDING_PX) / 2;
  const radius = CLUSTER_MIN_PX / 2;
  return { left: cluster.x - half, right: cluster.x + half, top: cluster.y - radius, bottom: cluster.y + radius };
}

export const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const inside = (bounds: Bounds, { lat, lng }: LatLng) => lat <= bounds.north && lat >= bounds.south && lng <= bounds.east && lng >= bounds.west;

interface Placed {
  box: Box;
  marker: PinMarker | ClusterMarker;
  /** The results merged into it. */
  members: PinMarker[];
}

/** A cluster moved inward as far as it takes for its whole box to be inside the map. */
function within(viewport: Viewport, cluster: ClusterMarker): ClusterMarker {
  const box = clusterBox(cluster);
  const halfWidth = (box.right - box.left) / 2;
  const halfHeight = (box.bottom - box.top) / 2;
  const clamp = (value: number, half: number, size: number) => (size < 2 * half ? size / 2 : Math.min(Math.max(value, half), size - half));
  const x = clamp(cluster.x, halfWidth, viewport.width);
  const y = clamp(cluster.y, halfHeight, viewport.height);
  return x === cluster.x && y === cluster.y ? cluster : { ...cluster, x, y };
}

/** Two clusters as one: the sum of their counts, at their middle weighted by count, over both areas. */
function combine(a: ClusterMarker, b: ClusterMarker): ClusterMarker {
  const count = a.count + b.count;
  const ids = a.listingIds || b.listingIds ? [...(a.listingIds ?? []), ...(b.listingIds ?? [])] : undefined;
  return {
    ...a,
    x: (a.x * a.count + b.x * b.count) / count,
    y: (a.y * a.count + b.y * b.count) / count,
    count,
    bounds: {
      north: Math.max(a.bounds.north, b.bounds.north),
      south: Math.min(a.bounds.south, b.bounds.south),
      east: Math.max(a.bounds.east, b.bounds.east),
      west: Math.min(a.bounds.west, b.bounds.west),
    },
    ...(ids ? { listingIds: ids } : {}),
  };
}

/** Clusters inside the map, none covering another (the largest placed first; one it covers joins it). */
function settleClusters(viewport: Viewport, clusters: readonly ClusterMarker[]): ClusterMarker[] {
  const settled: ClusterMarker[] = [];
  const covered = (next: ClusterMarker) => settled.findIndex((c) => overlaps(clusterBox(c), clusterBox(next)));
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
    let next = within(viewport, cluster);
    for (let i = covered(next); i >= 0; i = covered(next)) {
      next = within(viewport, combine(settled[i]!, next));
      settled.splice(i, 1);
    }
    settled.push(next);
  }
  return settled;
}

/** A cluster of results (not one of the server's or the client grid's). */
const RESULTS_PREFIX = 'results-';

/** Adds `results` to `into`: a pin becomes a cluster of results, a cluster counts them too. */
function merge(into: Placed, results: PinMarker[]): void {
  const previous = into.marker;
  const members = [...(previous.kind === 'pin' ? [previous] : into.members), ...results];
  const ofResults = previous.kind === 'pin' || previous.id.startsWith(RESULTS_PREFIX);
  const memberBounds = boundsOf(members)!;
  const cluster: ClusterMarker =
    previous.kind === 'cluster' && !ofResults
      ? {
          ...previous,
          count: previous.count + results.length,
          bounds: {
            north: Math.max(previous.bounds.north, memberBounds.north),
            south: Math.min(previous.bounds.south, memberBounds.south),
            east: Math.max(previous.bounds.east, memberBounds.east),
            west: Math.min(previous.bounds.west, memberBounds.west),
          },
          listingIds: members.map((m) => m.id),
        }
      : {
          kind: 'cluster',
          id: previous.kind === 'cluster' ? previous.id : `${RESULTS_PREFIX}${previous.id}`,
          // A cluster of results sits at their average point.
          x: members.reduce((sum, m) => sum + m.x, 0) / members.length,
          y: members.reduce((sum, m) => sum + m.y, 0) / members.length,
          count: members.length,
          bounds: memberBounds,
          listingIds: members.map((m) => m.id),
        };
  into.marker = cluster;
  into.members = members;
  into.box = clusterBox(cluster);
}

/**
 * The markers to draw: `others` (dots and clusters) with the results taken out of their clusters, then the
 * results as pins that cover nothing (merged into clusters, or lifted at the deepest zoom). Clusters come
 * before pins, so pins are drawn on top.
 */
export function declutter(viewport: Viewport, results: readonly PinMarker[], others: readonly MapMarker[]): MapMarker[] {
  const dots: MapMarker[] = [];
  const clusters: ClusterMarker[] = [];
  for (const marker of others) {
    if (marker.kind === 'cluster') clusters.push({ ...marker });
    else dots.push(marker);
  }
  for (const result of results) {
    const home = clusters.find((cluster) => cluster.count > 0 && inside(cluster.bounds, result));
    if (home) home.count -= 1;
  }

  let placed: Placed[] = settleClusters(
    viewport,
    clusters.filter((c) => c.count > 0),
  ).map((c) => ({ box: clusterBox(c), marker: c, members: [] }));
  const deepest = viewport.zoom >= MAX_ZOOM;
  for (const result of results) {
    const box = pinBox(result);
    const hits = placed.filter((p) => overlaps(p.box, box));
    if (hits.length === 0) {
      placed.push({ box, marker: result, members: [] });
      continue;
    }
    if (deepest) {
      let lift = 0;
      let lifted = box;
      while (lift < MAX_LIFTS * LIFT_STEP_PX && placed.some((p) => overlaps(p.box, lifted))) {
        lift += LIFT_STEP_PX;
        lifted = pinBox(result, lift);
      }
      placed.push({ box: lifted, marker: { ...result, lift }, members: [] });
      continue;
    }
    // Into the first cluster it covers (else the first pin), with every pin it covers; then what the grown
    // cluster covers — pins join it, a cluster becomes one with it — until it covers nothing, inside the map.
    const target = hits.find((p) => p.marker.kind === 'cluster') ?? hits[0]!;
    let pins = [result, ...hits.filter((p) => p !== target && p.marker.kind === 'pin').map((p) => p.marker as PinMarker)];
    for (;;) {
      if (pins.length > 0) {
        merge(target, pins);
        const absorbed = new Set(pins.map((p) => p.id));
        placed = placed.filter((p) => p.marker.kind !== 'pin' || !absorbed.has(p.marker.id));
      }
      const cluster = within(viewport, target.marker as ClusterMarker);
      target.marker = cluster;
      target.box = clusterBox(cluster);
      const other = placed.find((p) => p !== target && p.marker.kind === 'cluster' && overlaps(p.box, target.box));
      if (other) {
        // The one of the server's (or the grid's) keeps its id: it counts homes that are not results.
        const [a, b] = (other.marker as ClusterMarker).id.startsWith(RESULTS_PREFIX) ? [cluster, other.marker as ClusterMarker] : [other.marker as ClusterMarker, cluster];
        target.marker = combine(a, b);
        target.members = [...target.members, ...other.members];
        target.box = clusterBox(target.marker);
        placed = placed.filter((p) => p !== other);
        pins = [];
        continue;
      }
      pins = placed.filter((p) => p !== target && p.marker.kind === 'pin' && overlaps(p.box, target.box)).map((p) => p.marker as PinMarker);
      if (pins.length === 0) break;
    }
  }
  const markers = placed.map((p) => p.marker);
  return [...dots, ...markers.filter((m) => m.kind === 'cluster'), ...markers.filter((m) => m.kind === 'pin')];
}
