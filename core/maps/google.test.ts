// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGoogleDouble, uninstallGoogleDouble, type DoubleMap } from './google-double';
import {
  attachAutocomplete,
  findPanorama,
  geocode,
  googleLibrary,
  GoogleMap,
  hasPanorama,
  headingTo,
  loadGoogleMaps,
  PANORAMA_RADIUS_M,
  placeKind,
  resetGoogleMaps,
  StreetView,
  type GoogleMapProps,
} from './google';
import type { MapMarker } from './markers';
import { toScreen, type Viewport } from './projection';


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
  it('goes through @googlemaps/js-api-loader, importing each library once and only when used (no script when importLibrary exists)', async () => {
    const first = googleLibrary('key-1', 'streetView');
    expect(googleLibrary('key-1', 'streetView')).toBe(first);
    await first;
    expect(double.imported).toEqual(['streetView']);
    await loadGoogleMaps('key-1');
    expect(double.imported.sort()).toEqual(['geocoding', 'maps', 'marker', 'places', 'streetView']);
    expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBeNull();
  });

  it('a failed import is tried again by the next caller', async () => {
    const google = (window as unknown as { google: { maps: { importLibrary(name: string): Promise<unknown> } } }).google;
    const real = google.maps.importLibrary;
    google.maps.importLibrary = () => Promise.reject(new Error('offline'));
    await expect(googleLibrary('k', 'places')).rejects.toThrow('offline');
    google.maps.importLibrary = real;
    await expect(googleLibrary('k', 'places')).resolves.toHaveProperty('Autocomplete');
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
    expect(await findPanorama('k', FAR.lat, FAR.lng)).toBeNull();
  });

  it('returns the panorama found: its id and where it stands', async () => {
    expect(await findPanorama('k', NEAR.lat, NEAR.lng)).toEqual({ pano: `pano-${SLC.lat},${SLC.lng}`, lat: SLC.lat, lng: SLC.lng });
  });

  it('headingTo: the compass bearing from the panorama to the home', () => {
    expect(headingTo(SLC, NEAR)).toBe(0);
    expect(headingTo(NEAR, SLC)).toBe(180);
    expect(headingTo(SLC, { lat: SLC.lat, lng: SLC.lng + 0.001 })).toBeCloseTo(90, 0);
    expect(headingTo(SLC, { lat: SLC.lat, lng: SLC.lng - 0.001 })).toBeCloseTo(270, 0);
    expect(headingTo(SLC, SLC)).toBe(0);
  });

  it('StreetView embeds Google\'s panorama at the pano, facing the home; hides it on unmount', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const onFailed = vi.fn();
    const panorama = { pano: `pano-${SLC.lat},${SLC.lng}`, lat: SLC.lat, lng: SLC.lng };
    await act(async () => root.render(createElement(StreetView, { mapsKey: 'k', panorama, target: NEAR, label: 'Street View near 455 E 300 S', onFailed })));
    await act(async () => {
      await googleLibrary('k', 'streetView');
      await new Promise((r) => setTimeout(r, 5));
    });
    const view = double.panoramas[0]!;
    expect(view.pano).toBe(panorama.pano);
    expect(view.pov).toEqual({ heading: 0, pitch: 0 });
    expect(view.options).toMatchObject({ addressControl: false, visible: true });
    const region = container.querySelector('[part="street-view"]')!;
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('aria-label')).toBe('Street View near 455 E 300 S');
    expect(region.querySelector('[data-google-panorama]')).not.toBeNull();
    expect(onFailed).not.toHaveBeenCalled();
    act(() => root.unmount());
    expect(view.visible).toBe(false);
    container.remove();
  });

  it('StreetView reports a pano Google cannot show', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const onFailed = vi.fn();
    await act(async () => root.render(createElement(StreetView, { mapsKey: 'k', panorama: { pano: 'gone', lat: 0, lng: 0 }, target: NEAR, label: 'x', onFailed })));
    await act(async () => {
      await googleLibrary('k', 'streetView');
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(onFailed).toHaveBeenCalled();
    act(() => root.unmount());
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

    autocomplete.choose({ formatted_address: 'Salt Lake City, UT, USA', location: SLC, place_id: 'g-slc', types: ['locality', 'political'] });
    expect(onPlace).toHaveBeenCalledWith({ location: 'Salt Lake City, UT, USA', lat: SLC.lat, lng: SLC.lng, placeId: 'g-slc', kind: 'city' });
    expect(autocomplete.options.fields).toEqual(['formatted_address', 'geometry', 'name', 'place_id', 'types']);

    detach();
    expect(autocomplete.listenerCount('place_changed')).toBe(0);
    expect(document.querySelector('.pac-container')).toBeNull();
    host.remove();
  });
});

describe('places autocomplete: typing and keys (the double behaves as Google)', () => {
  it('predicts from typed text within the countries; ArrowDown + Enter picks; Enter without a pick reports nothing', async () => {
    installGoogleDouble({
      places: [
        { formatted_address: 'Salt Lake City, UT, USA', location: SLC, types: ['locality'], country: 'us' },
        { formatted_address: 'Salt Spring Island, BC, Canada', location: { lat: 48.8, lng: -123.5 }, types: ['locality'], country: 'ca' },
        { formatted_address: '84111, Salt Lake City, UT, USA', location: SLC, types: ['postal_code'], country: 'us' },
      ],
    });
    const input = document.createElement('input');
    document.body.append(input);
    const onPlace = vi.fn();
    const detach = await attachAutocomplete('k', input, { countries: ['US', 'NP'], onPlace });
    const container = document.querySelector<HTMLElement>('.pac-container')!;
    input.value = 'salt';
    input.dispatchEvent(new Event('input'));
    expect([...container.querySelectorAll('.pac-item')].map((n) => n.textContent)).toEqual(['Salt Lake City, UT, USA', '84111, Salt Lake City, UT, USA']);
    const enterEarly = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true });
    input.dispatchEvent(enterEarly);
    expect(onPlace).not.toHaveBeenCalled();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', cancelable: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', cancelable: true }));
    expect(input.value).toBe('84111, Salt Lake City, UT, USA');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true }));
    expect(onPlace).toHaveBeenCalledWith(expect.objectContaining({ location: '84111, Salt Lake City, UT, USA', kind: 'zip' }));
    expect(container.style.display).toBe('none');
    detach();
    input.remove();
  });

  it('placeKind maps Google place types to the search box kinds', () => {
    expect(placeKind(['locality', 'political'])).toBe('city');
    expect(placeKind(['postal_code'])).toBe('zip');
    expect(placeKind(['neighborhood', 'political'])).toBe('neighbourhood');
    expect(placeKind(['sublocality_level_1', 'sublocality', 'political'])).toBe('neighbourhood');
    expect(placeKind(['street_address'])).toBe('address');
    expect(placeKind(['establishment', 'point_of_interest'])).toBe('address');
    expect(placeKind(undefined)).toBe('address');
  });
});

describe('GoogleMap surface', () => {
  const viewport: Viewport = { center: SLC, zoom: 13, width: 640, height: 480 };
  const at = (lat: number, lng: number) => toScreen(viewport, { lat, lng });
  const markers: MapMarker[] = [
    { kind: 'pin', id: '1001', lat: 40.7637, lng: -111.8775, ...at(40.7637, -111.8775), priceInPennies: 48_900_000, currencyCode: 'USD', period: '' },
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
      await Promise.all([googleLibrary('k', 'maps'), googleLibrary('k', 'marker')]);
    });
    // The map needs only Google's maps and marker libraries.
    expect(double.imported.sort()).toEqual(['maps', 'marker']);
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
