// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGoogleDouble, uninstallGoogleDouble, type DoubleMap } from './google-double';
import { attachAutocomplete, geocode, GoogleMap, hasPanorama, loadGoogleMaps, PANORAMA_RADIUS_M, resetGoogleMaps, type GoogleMapProps } from './google';
import type { MapMarker } from './markers';
import { toScreen, type Viewport } from './projection';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SLC = { lat: 40.7608, lng: -111.891 };
// ~111 m and ~333 m north of the panorama.
const NEAR = { lat: SLC.lat + 0.001, lng: SLC.lng };
const FAR = { lat: SLC.lat + 0.003, lng: SLC.lng };

let double: ReturnType<typeof installGoogleDouble>;
beforeEach(() => {
  resetGoogleMaps();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  double = installGoogleDouble({
    panoramas: [SLC],
    addresses: { '455 E 300 S, Salt Lake City, UT': { formatted_address: '455 E 300 S, Salt Lake City, UT 84111, USA', location: { lat: 40.7637, lng: -111.8775 } } },
  });
});
afterEach(() => {
  uninstallGoogleDouble();
  vi.restoreAllMocks();
});

describe('loading', () => {
  it('goes through @googlemaps/js-api-loader once, importing the libraries we use (no script when importLibrary exists)', async () => {
    const first = loadGoogleMaps('key-1');
    expect(loadGoogleMaps('key-1')).toBe(first);
    await first;
    expect(double.imported.sort()).toEqual(['geocoding', 'maps', 'marker', 'places', 'streetView']);
    expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBeNull();
  });
});

describe('street view', () => {
  it('finds a panorama within 200 m, asking Google with radius 200', async () => {
    expect(await hasPanorama('k', NEAR.lat, NEAR.lng)).toBe(true);
    expect(double.panoramaRequests[0]).toMatchObject({ location: NEAR, radius: PANORAMA_RADIUS_M });
    expect(PANORAMA_RADIUS_M).toBe(200);
  });

  it('none beyond 200 m (Google rejects with ZERO_RESULTS) and none for bad coordinates', async () => {
    expect(await hasPanorama('k', FAR.lat, FAR.lng)).toBe(false);
    expect(await hasPanorama('k', Number.NaN, 0)).toBe(false);
  });
});

describe('geocoder', () => {
  it('returns the first result as plain numbers, null for none', async () => {
    expect(await geocode('k', '455 E 300 S, Salt Lake City, UT')).toEqual({ lat: 40.7637, lng: -111.8775, formattedAddress: '455 E 300 S, Salt Lake City, UT 84111, USA' });
    expect(await geocode('k', 'nowhere')).toBeNull();
  });
});

describe('places autocomplete inside shadow DOM', () => {
  it('restricts to the countries, places the body dropdown under the shadow input, keeps focus, and reports the place', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const form = document.createElement('form');
    const input = document.createElement('input');
    form.append(input);
    root.append(form);
    vi.spyOn(input, 'getBoundingClientRect').mockReturnValue({ top: 100, bottom: 140, left: 30, right: 330, width: 300, height: 40, x: 30, y: 100, toJSON: () => ({}) });
    const onPlace = vi.fn();
    const detach = await attachAutocomplete('k', input, { countries: ['US', 'NP'], onPlace });
    const autocomplete = double.autocompletes[0]!;
    expect(autocomplete.options.componentRestrictions).toEqual({ country: ['us', 'np'] });
    expect(autocomplete.container.parentElement).toBe(document.body);

    input.dispatchEvent(new Event('input'));
    autocomplete.showPredictions(['Salt Lake City, UT, USA']);
    const style = autocomplete.container.style;
    expect([style.position, style.top, style.left, style.width]).toEqual(['fixed', '140px', '30px', '300px']);

    const mousedown = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    autocomplete.container.querySelector('.pac-item')!.dispatchEvent(mousedown);
    expect(mousedown.defaultPrevented).toBe(true);

    const enter = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);

    autocomplete.choose({ formatted_address: 'Salt Lake City, UT, USA', location: SLC });
    expect(onPlace).toHaveBeenCalledWith({ location: 'Salt Lake City, UT, USA', lat: SLC.lat, lng: SLC.lng });

    detach();
    expect(autocomplete.listenerCount('place_changed')).toBe(0);
    expect(document.querySelector('.pac-container')).toBeNull();
    host.remove();
  });
});

describe('GoogleMap surface', () => {
  const viewport: Viewport = { center: SLC, zoom: 13, width: 640, height: 480 };
  const at = (lat: number, lng: number) => toScreen(viewport, { lat, lng });
  const markers: MapMarker[] = [
    { kind: 'pin', id: '1001', ...at(40.7637, -111.8775), priceInPennies: 48_900_000, currencyCode: 'USD' },
    { kind: 'cluster', id: 'server-0', ...at(40.75, -111.9), count: 42, bounds: { north: 40.76, south: 40.74, east: -111.89, west: -111.91 } },
  ];

  it('draws the viewport, markers (price labels, highlight), reports moves, pins and drawn vertices', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const props: GoogleMapProps = {
      mapsKey: 'k',
      viewport,
      markers,
      highlightedId: '1001',
      label: 'Map of the results',
      pinLabel: () => '$489,000, 455 E 300 S',
      onViewportChange: vi.fn(),
      onResize: vi.fn(),
      onHighlight: vi.fn(),
      onSelectPin: vi.fn(),
      drawing: true,
      shape: [SLC, NEAR],
      onDrawVertex: vi.fn(),
    };
    await act(async () => root.render(createElement(GoogleMap, props)));
    await act(async () => {
      await loadGoogleMaps('k');
    });
    const map = double.maps[0] as DoubleMap;
    expect(map.zoom).toBe(13);
    expect(map.center.lat).toBeCloseTo(SLC.lat, 6);
    const live = double.markers.filter((m) => m.map === map);
    expect(live).toHaveLength(2);
    const pin = live.find((m) => m.title.startsWith('$489,000'))!;
    expect(pin.position.lat).toBeCloseTo(40.7637, 4);
    expect(pin.label).toEqual({ text: '$489K', className: 'hearth-pin-highlighted' });
    expect(live.find((m) => m !== pin)!.label).toMatchObject({ text: '42' });

    pin.fire('click');
    expect(props.onSelectPin).toHaveBeenCalledWith('1001');
    map.moveTo({ lat: 40.8, lng: -111.9 }, 12);
    expect(props.onViewportChange).toHaveBeenCalledWith({ ...viewport, center: { lat: 40.8, lng: -111.9 }, zoom: 12 });
    map.clickAt(FAR);
    expect(props.onDrawVertex).toHaveBeenCalledWith(FAR);
    expect(double.shapes.filter((s) => s.map === map).map((s) => s.kind)).toEqual(['polyline']);

    // Fewer markers: the rest leave the map; a finished shape is a polygon.
    await act(async () => root.render(createElement(GoogleMap, { ...props, markers: markers.slice(0, 1), drawing: false, shape: [SLC, NEAR, FAR] })));
    expect(double.markers.filter((m) => m.map === map)).toHaveLength(1);
    expect(double.shapes.filter((s) => s.map === map).map((s) => s.kind)).toEqual(['polygon']);
    act(() => root.unmount());
    expect(double.markers.filter((m) => m.map === map)).toHaveLength(0);
    container.remove();
  });
});
