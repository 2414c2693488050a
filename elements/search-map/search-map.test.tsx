// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchMapTexts as t } from '../../core/i18n/search';
import { gestureViewport } from '../../core/maps/gestures';
import type { MapMarker } from '../../core/maps/markers';
import type { Viewport } from '../../core/maps/projection';
import { KeylessMap, PAN_STEP_PX, type KeylessMapProps } from './keyless-map';


const viewport: Viewport = { center: { lat: 40.74, lng: -111.87 }, zoom: 12, width: 640, height: 480 };
const markers: MapMarker[] = [
  { kind: 'pin', id: '1001', lat: 40.76, lng: -111.88, x: 100, y: 120, priceInPennies: 48_900_000, currencyCode: 'USD', period: '' },
  { kind: 'pin', id: '9999', lat: 40.74, lng: -111.86, x: 200, y: 220, priceInPennies: 10_000_000, currencyCode: 'USD', period: '' },
  { kind: 'cluster', id: 'server-0', x: 300, y: 300, count: 42, bounds: { north: 40.8, south: 40.7, east: -111.8, west: -111.9 } },
];

const props = (overrides: Partial<KeylessMapProps> = {}): KeylessMapProps => ({
  viewport,
  markers,
  highlightedId: null,
  label: t.map,
  pinLabel: (id) => (id === '1001' ? '$489,000, 455 E 300 S, Salt Lake City, UT 84111' : null),
  onViewportChange: vi.fn(),
  onResize: vi.fn(),
  onHighlight: vi.fn(),
  onSelectPin: vi.fn(),
  ...overrides,
});

/** What our API says of its basemap (GET /tiles/source.json), for every map of this file. */
const BASEMAP = { attribution: [{ text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' }], retina: false, minZoom: 0, maxZoom: 19 };
const basemapRequests: string[] = [];
beforeAll(() => {
  window.hearth = { loader: '', cdn: '', api: 'https://api.example', partner: 'acme' };
  vi.stubGlobal('fetch', async (url: string) => {
    basemapRequests.push(url);
    return new Response(JSON.stringify({ basemap: BASEMAP }), { headers: { 'Content-Type': 'application/json' } });
  });
});
/** Lets the basemap request settle. */
const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
const render = (p: KeylessMapProps) => {
  act(() => root.render(<KeylessMap {...p} />));
  return container;
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('KeylessMap', () => {
  it('is a labelled region with instructions; result pins are named buttons with the abbreviated price', () => {
    const view = render(props());
    const region = view.querySelector('section')!;
    expect(region.getAttribute('aria-label')).toBe(t.map);
    expect(view.querySelector(`#${region.getAttribute('aria-describedby')!.replace(/:/g, '\\:')}`)!.textContent).toBe(t.mapInstructions);
    const pin = view.querySelector<HTMLButtonElement>('[part~="pin"]')!;
    expect(pin.getAttribute('aria-label')).toBe('$489,000, 455 E 300 S, Salt Lake City, UT 84111');
    expect(pin.textContent).toBe('$489K');
    expect(pin.style.left).toBe('100px');
  });

  it('draws matches not on this page as hidden dots and clusters as zoom buttons', () => {
    const onViewportChange = vi.fn();
    const view = render(props({ onViewportChange }));
    expect(view.querySelectorAll('[part~="pin"]')).toHaveLength(1);
    expect(view.querySelector('[part="dot"]')!.getAttribute('aria-hidden')).toBe('true');
    const cluster = view.querySelector<HTMLButtonElement>('[part="cluster"]')!;
    expect(cluster.getAttribute('aria-label')).toBe(t.clusterLabel(42));
    act(() => cluster.click());
    expect(onViewportChange.mock.calls[0]![0].zoom).toBeGreaterThan(viewport.zoom);
  });

  it('zooms and pans with its buttons and with keys while focused', () => {
    const onViewportChange = vi.fn();
    const view = render(props({ onViewportChange }));
    const button = (name: string) => view.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    act(() => button(t.zoomIn).click());
    expect(onViewportChange).toHaveBeenLastCalledWith({ ...viewport, zoom: 13 });
    act(() => button(t.zoomOut).click());
    expect(onViewportChange).toHaveBeenLastCalledWith({ ...viewport, zoom: 11 });
    act(() => button(t.panEast).click());
    expect(onViewportChange.mock.lastCall![0].center.lng).toBeGreaterThan(viewport.center.lng);
    const plane = view.querySelector<HTMLElement>('[part="map-plane"]')!;
    act(() => void plane.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true })));
    expect(onViewportChange.mock.lastCall![0].center.lat).toBeGreaterThan(viewport.center.lat);
    act(() => void plane.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true })));
    expect(onViewportChange.mock.lastCall![0].zoom).toBe(13);
    expect(PAN_STEP_PX).toBeGreaterThan(0);
  });

  it('rents read with their period; a lifted pin sits higher', () => {
    const rent: MapMarker = { kind: 'pin', id: '1001', lat: 40.76, lng: -111.88, x: 100, y: 120, priceInPennies: 145_000, currencyCode: 'USD', period: '/mo', lift: 30 };
    const view = render(props({ markers: [rent] }));
    const pin = view.querySelector<HTMLButtonElement>('[part~="pin"]')!;
    expect(pin.textContent).toBe('$1,450/mo');
    expect(pin.style.top).toBe('90px');
  });

  it('a cluster holding the hovered result is highlighted', () => {
    const merged: MapMarker = { kind: 'cluster', id: 'results-1001', x: 50, y: 50, count: 2, bounds: { north: 40.8, south: 40.7, east: -111.8, west: -111.9 }, listingIds: ['1001', '1002'] };
    const view = render(props({ markers: [merged], highlightedId: '1002' }));
    expect(view.querySelector<HTMLElement>('[part="cluster"]')!.dataset.state).toBe('highlighted');
  });

  it('highlights a pin from the list and reports hover and selection', () => {
    const onHighlight = vi.fn();
    const onSelectPin = vi.fn();
    const view = render(props({ highlightedId: '1001', onHighlight, onSelectPin }));
    const pin = view.querySelector<HTMLButtonElement>('[part~="pin"]')!;
    expect(pin.dataset.state).toBe('highlighted');
    expect(pin.getAttribute('part')).toBe('pin pin-highlighted');
    act(() => pin.click());
    expect(onSelectPin).toHaveBeenCalledWith('1001');
  });

  it('draw mode: a click adds the corner under it, Enter adds the crosshair (the centre), and the shape is an SVG overlay', () => {
    const onDrawVertex = vi.fn();
    const shape = [
      { lat: 40.76, lng: -111.9 },
      { lat: 40.76, lng: -111.85 },
    ];
    const view = render(props({ drawing: true, shape, onDrawVertex }));
    const plane = view.querySelector<HTMLElement>('[part="map-plane"]')!;
    expect(plane.dataset.mode).toBe('draw');
    expect(view.querySelector('[part="crosshair"]')).not.toBeNull();
    expect(view.querySelector('[part="shape"] polyline')!.getAttribute('points')!.split(' ')).toHaveLength(2);
    expect(view.querySelectorAll('[part="shape"] circle')).toHaveLength(2);
    vi.spyOn(plane, 'getBoundingClientRect').mockReturnValue({ left: 10, top: 20, right: 650, bottom: 500, width: 640, height: 480, x: 10, y: 20, toJSON: () => ({}) });
    act(() => plane.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 330, clientY: 260 })));
    const clicked = onDrawVertex.mock.calls[0]![0];
    expect(clicked.lat).toBeCloseTo(viewport.center.lat, 9);
    expect(clicked.lng).toBeCloseTo(viewport.center.lng, 9);
    act(() => plane.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(onDrawVertex).toHaveBeenLastCalledWith(viewport.center);
  });

  it('a searched shape is a filled polygon; without draw mode clicks add nothing', () => {
    const onDrawVertex = vi.fn();
    const view = render(props({ shape: [{ lat: 40.76, lng: -111.9 }, { lat: 40.76, lng: -111.85 }, { lat: 40.7, lng: -111.87 }], onDrawVertex }));
    expect(view.querySelector('[part="shape"] polygon')).not.toBeNull();
    expect(view.querySelector('[part="crosshair"]')).toBeNull();
    act(() => view.querySelector<HTMLElement>('[part="map-plane"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(onDrawVertex).not.toHaveBeenCalled();
  });
});

describe('KeylessMap gestures (pointer events; the maths is core/maps/gestures.ts)', () => {
  const pointer = (target: Element, type: string, pointerId: number, clientX: number, clientY: number) =>
    act(() => void target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId, clientX, clientY, button: 0, pointerType: 'touch' })));

  it('one finger drags the map: the place under it follows it', () => {
    const onViewportChange = vi.fn();
    const view = render(props({ onViewportChange }));
    const plane = view.querySelector('[part="map-plane"]')!;
    pointer(plane, 'pointerdown', 1, 100, 100);
    pointer(plane, 'pointermove', 1, 160, 140);
    pointer(plane, 'pointerup', 1, 160, 140);
    expect(onViewportChange).toHaveBeenLastCalledWith(gestureViewport(viewport, [{ x: 100, y: 100 }], [{ x: 160, y: 140 }]));
  });

  it('two fingers spreading to twice their distance zoom in one step', () => {
    const onViewportChange = vi.fn();
    const view = render(props({ onViewportChange }));
    const plane = view.querySelector('[part="map-plane"]')!;
    pointer(plane, 'pointerdown', 1, 280, 240);
    pointer(plane, 'pointerdown', 2, 360, 240);
    pointer(plane, 'pointermove', 1, 240, 240);
    pointer(plane, 'pointermove', 2, 400, 240);
    expect(onViewportChange).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: viewport.zoom + 1 }));
    // One finger lifts: the other drags on from where the pinch left the map.
    pointer(plane, 'pointerup', 2, 400, 240);
    const pinched = onViewportChange.mock.lastCall![0] as Viewport;
    pointer(plane, 'pointermove', 1, 250, 240);
    expect(onViewportChange).toHaveBeenLastCalledWith(gestureViewport(pinched, [{ x: 240, y: 240 }], [{ x: 250, y: 240 }]));
  });

  it('a press on a pin that does not move stays a tap: the pin is selected, the map does not move', () => {
    const onViewportChange = vi.fn();
    const onSelectPin = vi.fn();
    const view = render(props({ onViewportChange, onSelectPin }));
    const pin = view.querySelector<HTMLButtonElement>('[part~="pin"]')!;
    pointer(pin, 'pointerdown', 1, 100, 120);
    pointer(pin, 'pointermove', 1, 101, 121);
    pointer(pin, 'pointerup', 1, 101, 121);
    act(() => pin.click());
    expect(onViewportChange).not.toHaveBeenCalled();
    expect(onSelectPin).toHaveBeenCalledWith('1001');
  });

  it('while a shape is drawn a drag does not pan (a click adds a corner)', () => {
    const onViewportChange = vi.fn();
    const view = render(props({ onViewportChange, drawing: true, onDrawVertex: vi.fn() }));
    const plane = view.querySelector('[part="map-plane"]')!;
    pointer(plane, 'pointerdown', 1, 100, 100);
    pointer(plane, 'pointermove', 1, 200, 200);
    expect(onViewportChange).not.toHaveBeenCalled();
  });
});

describe('counts read as English (one home, n homes)', () => {
  it('the total and the cluster names', () => {
    expect(t.total(1, false)).toBe('1 home');
    expect(t.total(0, false)).toBe('0 homes');
    expect(t.total(2_345, false)).toBe('2,345 homes');
    expect(t.total(1_000, true)).toBe('1,000+ homes');
    expect(t.clusterLabel(1)).toBe('1 home here; zoom in');
    expect(t.clusterLabel(42)).toBe('42 homes here; zoom in');
  });

  it('a server cluster of one is named in the singular', () => {
    const view = render(props({ markers: [{ kind: 'cluster', id: 'server-1', x: 10, y: 10, count: 1, bounds: { north: 40.8, south: 40.7, east: -111.8, west: -111.9 } }] }));
    expect(view.querySelector('[part="cluster"]')!.getAttribute('aria-label')).toBe('1 home here; zoom in');
  });
});

describe('KeylessMap basemap', () => {
  const tiles = (view: HTMLElement) => [...view.querySelectorAll<HTMLImageElement>('[part="tiles"] img')];

  it('asks our API once, then one tile (the centre’s) from the API origin; when it loads, every tile in view, credited with a link', async () => {
    const view = render(props());
    await settle();
    expect(basemapRequests).toEqual(['https://api.example/tiles/source.json?partner=acme']);
    const plane = view.querySelector<HTMLElement>('[part="map-plane"]')!;
    expect(plane.dataset.basemap).toBe('probing');
    expect(tiles(view)).toHaveLength(1);
    expect(tiles(view)[0]!.getAttribute('src')).toBe('https://api.example/tiles/12/775/1539.png?partner=acme');
    const credit = view.querySelector<HTMLAnchorElement>('[part="attribution"] a')!;
    expect(credit.textContent).toBe('© OpenStreetMap contributors');
    expect(credit.href).toBe('https://www.openstreetmap.org/copyright');

    act(() => void tiles(view)[0]!.dispatchEvent(new Event('load')));
    expect(plane.dataset.basemap).toBe('ready');
    expect(tiles(view).length).toBeGreaterThanOrEqual(6);
    expect(tiles(view)[0]!.dataset.state).toBe('loaded');
    // Not drawn before they load, so a failure never shows a broken image; a failed one is left out.
    expect(tiles(view)[1]!.dataset.state).toBeUndefined();
    const count = tiles(view).length;
    const failed = tiles(view)[1]!.getAttribute('src');
    act(() => void tiles(view)[1]!.dispatchEvent(new Event('error')));
    expect(tiles(view)).toHaveLength(count - 1);
    expect(tiles(view).map((img) => img.getAttribute('src'))).not.toContain(failed);
    expect(basemapRequests).toHaveLength(1);
  });

  it('keeps the grid when the first tile fails: no tiles, no credit; a new zoom asks again', async () => {
    const view = render(props());
    await settle();
    act(() => void tiles(view)[0]!.dispatchEvent(new Event('error')));
    const plane = view.querySelector<HTMLElement>('[part="map-plane"]')!;
    expect(plane.dataset.basemap).toBe('unavailable');
    expect(tiles(view)).toHaveLength(0);
    expect(view.querySelector('[part="attribution"]')).toBeNull();
    render(props({ viewport: { ...viewport, zoom: 13 } }));
    expect(plane.dataset.basemap).toBe('probing');
    expect(tiles(view)).toHaveLength(1);
  });
});
