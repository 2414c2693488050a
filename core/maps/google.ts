/**
 * The Google Maps provider (DESIGN §3): used when the partner config holds a `mapsKey`. This module is its
 * own lazy chunk — the search map imports it only when a map becomes visible and a key is set — and it
 * imports `@googlemaps/js-api-loader` lazily in turn, so nothing from Google loads before then.
 *
 * What it provides: a map surface (`GoogleMap`, the MapSurface of provider.ts: viewport, markers, highlight,
 * pins, and the drawn shape as a polyline or polygon), places autocomplete that works with an input inside
 * shadow DOM (`attachAutocomplete`), the geocoder (`geocode`), a street-view panorama lookup within
 * 200 m (`findPanorama`) and an embedded panorama (`StreetView`). Each feature imports only the Google
 * libraries it uses (`googleLibrary`).
 *
 * Only the small `google.maps` surface typed below is used; `google-double.ts` is a faithful test double of
 * exactly that surface.
 */
import { createElement, useEffect, useRef } from 'react';
import { pinPrice } from './markers';
import type { MapSurfaceProps } from './provider';
import type { Place } from '../places/places';
import { useSignalEffect } from '../state/use-signal-effect';
import { fromScreen, type LatLng, type Viewport } from './projection';

/** Street View: a panorama this close to the listing enables the showcase's Street View tab (spec §2). */
export const PANORAMA_RADIUS_M = 200;

// ---- the google.maps surface we use -------------------------------------------------------------------

export interface GLatLng {
  lat(): number;
  lng(): number;
}
export type GLatLngLiteral = { lat: number; lng: number };
export interface GListener {
  remove(): void;
}
export interface GMap {
  setCenter(center: GLatLngLiteral): void;
  setZoom(zoom: number): void;
  getCenter(): GLatLng | undefined;
  getZoom(): number | undefined;
  addListener(event: string, handler: (...args: unknown[]) => void): GListener;
}
export interface GMarker {
  setMap(map: GMap | null): void;
  setPosition(position: GLatLngLiteral): void;
  setLabel(label: string | { text: string; className?: string }): void;
  setZIndex(z: number): void;
  setTitle(title: string): void;
  addListener(event: string, handler: (...args: unknown[]) => void): GListener;
}
export interface GPoly {
  setMap(map: GMap | null): void;
  setPath(path: GLatLngLiteral[]): void;
}
export interface GAutocomplete {
  addListener(event: 'place_changed', handler: () => void): GListener;
  getPlace(): { formatted_address?: string; name?: string; place_id?: string; types?: string[]; geometry?: { location?: GLatLng } };
}
export interface GGeocoderResult {
  formatted_address: string;
  geometry: { location: GLatLng };
}
export interface GPanoramaData {
  location?: { latLng?: GLatLng; pano?: string };
}
export interface GStreetViewPanorama {
  setPano(pano: string): void;
  setPov(pov: { heading: number; pitch: number }): void;
  setVisible(visible: boolean): void;
  getStatus(): string;
  addListener(event: string, handler: (...args: unknown[]) => void): GListener;
}
export interface GoogleLibraries {
  maps: {
    Map: new (node: HTMLElement, options: Record<string, unknown>) => GMap;
    Polyline: new (options: Record<string, unknown>) => GPoly;
    Polygon: new (options: Record<string, unknown>) => GPoly;
  };
  marker: { Marker: new (options: Record<string, unknown>) => GMarker };
  places: { Autocomplete: new (input: HTMLInputElement, options: Record<string, unknown>) => GAutocomplete };
  geocoding: { Geocoder: new () => { geocode(request: Record<string, unknown>): Promise<{ results: GGeocoderResult[] }> } };
  streetView: {
    StreetViewService: new () => { getPanorama(request: Record<string, unknown>): Promise<{ data: GPanoramaData }> };
    StreetViewPanorama: new (node: HTMLElement, options: Record<string, unknown>) => GStreetViewPanorama;
  };
}
export type LibraryName = keyof GoogleLibraries;
const LIBRARIES: LibraryName[] = ['maps', 'marker', 'places', 'geocoding', 'streetView'];

// ---- loading --------------------------------------------------------------------------------------------

let bootstrap: Promise<(name: string) => Promise<unknown>> | null = null;
const libraries = new Map<LibraryName, Promise<unknown>>();
let loadedKey: string | null = null;

/**
 * One of Google's libraries for `key`, imported on first use through @googlemaps/js-api-loader (which
 * injects Google's one script then). A page loads Google once: a second key on the same page is ignored
 * by Google, so the first one wins. A failed load (network, bad key, a CSP that blocks Google) may be
 * retried by the next caller.
 */
export function googleLibrary<N extends LibraryName>(key: string, name: N): Promise<GoogleLibraries[N]> {
  let library = libraries.get(name);
  if (!library) {
    if (!bootstrap) {
      loadedKey = key;
      bootstrap = import('@googlemaps/js-api-loader').then(({ setOptions, importLibrary }) => {
        setOptions({ key, v: 'weekly' });
        // Typed by @types/google.maps; we use the narrow surface above.
        return importLibrary as unknown as (name: string) => Promise<unknown>;
      });
      bootstrap.catch(() => (bootstrap = null));
    }
    library = bootstrap.then((load) => load(name));
    libraries.set(name, library);
    library.catch(() => libraries.delete(name));
  }
  return library as Promise<GoogleLibraries[N]>;
}

/** Every library we use (the map surface needs `maps` and `marker`; each feature imports only its own). */
export async function loadGoogleMaps(key: string): Promise<GoogleLibraries> {
  const loaded = await Promise.all(LIBRARIES.map((name) => googleLibrary(key, name)));
  return Object.fromEntries(LIBRARIES.map((name, i) => [name, loaded[i]])) as unknown as GoogleLibraries;
}

/** For tests: forget the loaded libraries. */
export function resetGoogleMaps() {
  bootstrap = null;
  libraries.clear();
  loadedKey = null;
}
export const googleMapsKey = () => loadedKey;

// ---- geocoder and street view ---------------------------------------------------------------------------------

/** The first geocoder result for an address; null for none (or when Google says ZERO_RESULTS). */
export async function geocode(key: string, address: string): Promise<{ lat: number; lng: number; formattedAddress: string } | null> {
  const { Geocoder } = await googleLibrary(key, 'geocoding');
  try {
    const { results } = await new Geocoder().geocode({ address });
    const first = results[0];
    return first ? { lat: first.geometry.location.lat(), lng: first.geometry.location.lng(), formattedAddress: first.formatted_address } : null;
  } catch {
    return null;
  }
}

/** A Street View panorama: Google's id for it and where it was taken. */
export interface Panorama {
  pano: string;
  lat: number;
  lng: number;
}

/**
 * The nearest Street View panorama within PANORAMA_RADIUS_M of a point, or null (the promise API rejects
 * with ZERO_RESULTS when there is none). Imports only Google's `streetView` library.
 */
export async function findPanorama(key: string, lat: number, lng: number): Promise<Panorama | null> {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const { StreetViewService } = await googleLibrary(key, 'streetView');
  try {
    const { data } = await new StreetViewService().getPanorama({ location: { lat, lng }, radius: PANORAMA_RADIUS_M });
    const at = data.location?.latLng;
    const pano = data.location?.pano;
    return at && pano ? { pano, lat: at.lat(), lng: at.lng() } : null;
  } catch {
    return null;
  }
}

/** Whether a Street View panorama exists within PANORAMA_RADIUS_M of a point. */
export async function hasPanorama(key: string, lat: number, lng: number): Promise<boolean> {
  return (await findPanorama(key, lat, lng)) !== null;
}

/** The compass heading (degrees, 0 = north, clockwise) from one point to another: the panorama looks at the home. */
export function headingTo(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const dLng = (to.lng - from.lng) * rad;
  const y = Math.sin(dLng) * Math.cos(to.lat * rad);
  const x = Math.cos(from.lat * rad) * Math.sin(to.lat * rad) - Math.sin(from.lat * rad) * Math.cos(to.lat * rad) * Math.cos(dLng);
  if (x === 0 && y === 0) return 0;
  return Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10;
}

export interface StreetViewProps {
  mapsKey: string;
  panorama: Panorama;
  /** The home: the view turns to face it. */
  target: LatLng;
  /** Accessible name of the panorama region. */
  label: string;
  /** Google could not load or show the panorama: the caller says Street View is unavailable. */
  onFailed(): void;
}

/** An embedded Street View panorama (Google's StreetViewPanorama) at `panorama`, facing `target`. */
export function StreetView({ mapsKey, panorama, target, label, onFailed }: StreetViewProps) {
  const node = useRef<HTMLDivElement>(null);
  const failed = useRef(onFailed);
  failed.current = onFailed;
  useSignalEffect((signal) => {
    let view: GStreetViewPanorama | null = null;
    let listener: GListener | null = null;
    googleLibrary(mapsKey, 'streetView').then(
      ({ StreetViewPanorama }) => {
        if (signal.aborted || !node.current) return;
        view = new StreetViewPanorama(node.current, {
          pano: panorama.pano,
          pov: { heading: headingTo(panorama, target), pitch: 0 },
          zoom: 0,
          visible: true,
          addressControl: false,
          fullscreenControl: false,
          motionTracking: false,
          motionTrackingControl: false,
        });
        const current = view;
        listener = current.addListener('status_changed', () => {
          if (!signal.aborted && current.getStatus() !== 'OK') failed.current();
        });
      },
      () => signal.aborted || failed.current(),
    );
    return () => {
      listener?.remove();
      view?.setVisible(false);
    };
  }, [mapsKey, panorama.pano, panorama.lat, panorama.lng, target.lat, target.lng]);
  return createElement('div', { ref: node, className: 'street-view', part: 'street-view', role: 'region', 'aria-label': label });
}

// ---- places autocomplete inside shadow DOM ------------------------------------------------------------

export interface PlaceChoice {
  location: string;
  lat: number;
  lng: number;
  /** Google's place id, or '' when Google gave none. */
  placeId: string;
  kind: PlaceKind;
}

type PlaceKind = Exclude<Place['kind'], 'current-location'>;

/** What a Google place is, in the search box's terms, from its `types` (an address unless Google says otherwise). */
export function placeKind(types: readonly string[] | undefined): PlaceKind {
  const of = new Set(types ?? []);
  if (of.has('postal_code')) return 'zip';
  if (of.has('neighborhood') || [...of].some((type) => type.startsWith('sublocality'))) return 'neighbourhood';
  if (of.has('locality') || of.has('postal_town') || of.has('administrative_area_level_3')) return 'city';
  return 'address';
}

/**
 * Google's places dropdown (`.pac-container`) is appended to document.body and placed from the input's
 * offsets, which are wrong for an input inside a shadow root (and under a host page's transforms). We keep
 * it in the body — Google's own styles and mouse handling live there — but place it ourselves: fixed,
 * under the input's box, on focus, typing, scroll and resize. A mousedown on it is prevented so the input
 * keeps focus (in shadow DOM a blur before the click would close the list first), and Enter while the list
 * is open picks the place instead of submitting the surrounding form.
 */
export async function attachAutocomplete(
  key: string,
  input: HTMLInputElement,
  options: { countries: readonly string[]; onPlace(place: PlaceChoice): void },
): Promise<() => void> {
  const { Autocomplete } = await googleLibrary(key, 'places');
  const before = new Set(document.querySelectorAll('.pac-container'));
  const autocomplete = new Autocomplete(input, {
    componentRestrictions: { country: options.countries.slice(0, 5).map((c) => c.toLowerCase()) },
    fields: ['formatted_address', 'geometry', 'name', 'place_id', 'types'],
  });
  const container = [...document.querySelectorAll<HTMLElement>('.pac-container')].find((node) => !before.has(node)) ?? null;
  const place = () => {
    if (!container) return;
    const box = input.getBoundingClientRect();
    Object.assign(container.style, { position: 'fixed', top: `${box.bottom}px`, left: `${box.left}px`, width: `${box.width}px`, zIndex: '2147483000' });
  };
  const keepFocus = (event: Event) => event.preventDefault();
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && container && container.style.display !== 'none' && container.querySelector('.pac-item')) event.preventDefault();
  };
  const listener = autocomplete.addListener('place_changed', () => {
    const chosen = autocomplete.getPlace();
    const location = chosen.geometry?.location;
    if (!location) return;
    options.onPlace({
      location: chosen.formatted_address ?? chosen.name ?? input.value,
      lat: location.lat(),
      lng: location.lng(),
      placeId: chosen.place_id ?? '',
      kind: placeKind(chosen.types),
    });
  });
  input.setAttribute('autocomplete', 'off');
  // Each listener is taken off again exactly as it was put on (a capturing one with `capture`).
  const listeners: [EventTarget | null, string, EventListener, boolean][] = [
    [input, 'focus', place, false],
    [input, 'input', place, false],
    [input, 'keydown', onKey as EventListener, false],
    [container, 'mousedown', keepFocus, false],
    [window, 'scroll', place, true],
    [window, 'resize', place, false],
  ];
  for (const [target, type, handler, capture] of listeners) target?.addEventListener(type, handler, capture);
  place();
  return () => {
    listener.remove();
    for (const [target, type, handler, capture] of listeners) target?.removeEventListener(type, handler, capture);
    container?.remove();
  };
}

// ---- the map surface -------------------------------------------------------------------------------------

/** Where each drawn marker sits (markers carry screen positions in the viewport they were laid out for). */
export function markerPositions(viewport: Viewport, markers: MapSurfaceProps['markers']) {
  return markers.map((marker) => ({ marker, position: fromScreen(viewport, { x: marker.x, y: marker.y }) }));
}

export interface GoogleMapProps extends MapSurfaceProps {
  mapsKey: string;
  pinLabel(listingId: string): string | null;
  /** Google could not load (bad key, offline): the caller shows the keyless map instead. */
  onFailed?(): void;
}

/** A Google map drawing the search's state: the same contract as the keyless panel. */
export function GoogleMap(props: GoogleMapProps) {
  const node = useRef<HTMLDivElement>(null);
  const state = useRef<MapState | null>(null);
  const latest = useRef(props);
  latest.current = props;

  useSignalEffect((signal) => {
    const listeners: GListener[] = [];
    let observer: ResizeObserver | null = null;
    Promise.all([googleLibrary(props.mapsKey, 'maps'), googleLibrary(props.mapsKey, 'marker')]).then(
      ([maps, marker]) => {
        const libs = { maps, marker };
        if (signal.aborted || !node.current) return;
        const { viewport } = latest.current;
        const map = new libs.maps.Map(node.current, { center: viewport.center, zoom: viewport.zoom, clickableIcons: false, streetViewControl: false, fullscreenControl: false });
        state.current = { libs, map, markers: new Map(), shape: null };
        listeners.push(
          map.addListener('idle', () => {
            const center = map.getCenter();
            const zoom = map.getZoom();
            const { viewport: current, onViewportChange } = latest.current;
            if (!center || zoom === undefined) return;
            const next = { ...current, center: { lat: center.lat(), lng: center.lng() }, zoom: Math.round(zoom) };
            if (Math.abs(next.center.lat - current.center.lat) > 1e-7 || Math.abs(next.center.lng - current.center.lng) > 1e-7 || next.zoom !== current.zoom) onViewportChange(next);
          }),
          map.addListener('click', (...args: unknown[]) => {
            const event = args[0] as { latLng?: GLatLng } | undefined;
            const { drawing, onDrawVertex } = latest.current;
            if (drawing && onDrawVertex && event?.latLng) onDrawVertex({ lat: event.latLng.lat(), lng: event.latLng.lng() });
          }),
        );
        observer = new ResizeObserver(([entry]) => entry && latest.current.onResize(Math.round(entry.contentRect.width), Math.round(entry.contentRect.height)));
        observer.observe(node.current);
        sync(state.current, latest.current, () => latest.current);
      },
      () => signal.aborted || latest.current.onFailed?.(),
    );
    return () => {
      observer?.disconnect();
      for (const l of listeners) l.remove();
      if (state.current) {
        for (const marker of state.current.markers.values()) marker.setMap(null);
        state.current.shape?.setMap(null);
      }
      state.current = null;
    };
  }, [props.mapsKey]);

  useEffect(() => {
    if (state.current) sync(state.current, props, () => latest.current);
  });

  return createElement('div', { ref: node, className: 'plane google-map', part: 'map-plane', role: 'region', 'aria-label': props.label });
}

interface MapState {
  libs: Pick<GoogleLibraries, 'maps' | 'marker'>;
  map: GMap;
  markers: Map<string, GMarker>;
  shape: GPoly | null;
}

/** Draws the props on the map: moves it, adds, updates and removes markers, redraws the shape. */
function sync(s: MapState, props: GoogleMapProps, current: () => GoogleMapProps) {
  const { map, libs, markers } = s;
  const center = map.getCenter();
  if (!center || Math.abs(center.lat() - props.viewport.center.lat) > 1e-7 || Math.abs(center.lng() - props.viewport.center.lng) > 1e-7) map.setCenter(props.viewport.center);
  if (map.getZoom() !== props.viewport.zoom) map.setZoom(props.viewport.zoom);
  const seen = new Set<string>();
  for (const { marker, position } of markerPositions(props.viewport, props.markers)) {
    seen.add(marker.id);
    const label = marker.kind === 'cluster' ? marker.count.toLocaleString('en-US') : (props.pinLabel(marker.id) ?? '');
    let drawn = markers.get(marker.id);
    if (!drawn) {
      drawn = new libs.marker.Marker({ map, position });
      const id = marker.id;
      const kind = marker.kind;
      // Handlers read the latest props: a marker outlives the render that created it.
      drawn.addListener('click', () => kind === 'pin' && current().onSelectPin(id));
      drawn.addListener('mouseover', () => kind === 'pin' && current().onHighlight(id));
      drawn.addListener('mouseout', () => kind === 'pin' && current().onHighlight(null));
      markers.set(marker.id, drawn);
    } else drawn.setPosition(position);
    drawn.setTitle(label);
    drawn.setLabel({ text: marker.kind === 'cluster' ? label : pinPrice(marker), className: marker.id === props.highlightedId ? 'hearth-pin-highlighted' : 'hearth-pin' });
    drawn.setZIndex(marker.id === props.highlightedId ? 1000 : marker.kind === 'cluster' ? 1 : 10);
  }
  for (const [id, drawn] of markers) {
    if (!seen.has(id)) {
      drawn.setMap(null);
      markers.delete(id);
    }
  }
  const shape = props.shape ?? null;
  if (!shape || shape.length === 0) {
    s.shape?.setMap(null);
    s.shape = null;
  } else {
    s.shape?.setMap(null);
    const path = shape.map((p: LatLng) => ({ lat: p.lat, lng: p.lng }));
    const options = { map, path, strokeWeight: 2, clickable: false };
    s.shape = props.drawing || shape.length < 3 ? new libs.maps.Polyline(options) : new libs.maps.Polygon({ ...options, fillOpacity: 0.12 });
  }
}
