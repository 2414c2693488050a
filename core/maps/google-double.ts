/**
 * A faithful test double of the `google.maps` surface core/maps/google.ts uses — no network. Installed on
 * `window.google` in unit tests, it behaves as the Maps JavaScript API does where we depend on it:
 * - `google.maps.importLibrary(name)` resolves each library (with it defined, @googlemaps/js-api-loader
 *   uses it and injects no script);
 * - `LatLng` objects with `lat()`/`lng()` methods (not literals) in results and events;
 * - `Autocomplete` appends its `.pac-container` to document.body at construction, hidden until there are
 *   predictions, and fires `place_changed` when one is chosen;
 * - `Geocoder.geocode` and `StreetViewService.getPanorama` resolve with `{ results }` / `{ data }` and
 *   reject (code ZERO_RESULTS) when nothing is found — the promise API never resolves empty;
 *   getPanorama finds the nearest panorama within `radius` metres (default 50, as Google's).
 * Test hooks (not Google's): `fire(name, ...args)` on maps, markers and autocompletes; `double.*` lists.
 */

type Handler = (...args: unknown[]) => void;

export class DoubleLatLng {
  constructor(
    private readonly latitude: number,
    private readonly longitude: number,
  ) {}
  lat() {
    return this.latitude;
  }
  lng() {
    return this.longitude;
  }
  toJSON() {
    return { lat: this.latitude, lng: this.longitude };
  }
}

class Events {
  private handlers = new Map<string, Set<Handler>>();
  addListener(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return { remove: () => set.delete(handler) };
  }
  /** Test hook: what Google does when the visitor acts. */
  fire(event: string, ...args: unknown[]) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
  listenerCount(event: string) {
    return this.handlers.get(event)?.size ?? 0;
  }
}

type Literal = { lat: number; lng: number };
const toLiteral = (p: Literal | DoubleLatLng): Literal => (p instanceof DoubleLatLng ? p.toJSON() : { lat: p.lat, lng: p.lng });

export class DoubleMap extends Events {
  center: Literal;
  zoom: number;
  constructor(
    readonly node: HTMLElement,
    readonly options: Record<string, unknown>,
  ) {
    super();
    this.center = toLiteral(options.center as Literal);
    this.zoom = options.zoom as number;
    node.dataset.googleMap = 'double';
    state.maps.push(this);
  }
  setCenter(center: Literal | DoubleLatLng) {
    this.center = toLiteral(center);
  }
  setZoom(zoom: number) {
    this.zoom = zoom;
  }
  getCenter() {
    return new DoubleLatLng(this.center.lat, this.center.lng);
  }
  getZoom() {
    return this.zoom;
  }
  /** Test hook: the visitor dragged or zoomed; Google fires idle once the map settles. */
  moveTo(center: Literal, zoom = this.zoom) {
    this.center = center;
    this.zoom = zoom;
    this.fire('idle');
  }
  /** Test hook: a click on the map at a coordinate (Google's MapMouseEvent has `latLng`). */
  clickAt(position: Literal) {
    this.fire('click', { latLng: new DoubleLatLng(position.lat, position.lng) });
  }
}

export class DoubleMarker extends Events {
  map: DoubleMap | null;
  position: Literal;
  label: string | { text: string; className?: string } | null = null;
  title = '';
  zIndex = 0;
  constructor(options: Record<string, unknown>) {
    super();
    this.map = (options.map as DoubleMap | undefined) ?? null;
    this.position = toLiteral(options.position as Literal);
    state.markers.push(this);
  }
  setMap(map: DoubleMap | null) {
    this.map = map;
  }
  setPosition(position: Literal) {
    this.position = toLiteral(position);
  }
  setLabel(label: string | { text: string; className?: string }) {
    this.label = label;
  }
  setTitle(title: string) {
    this.title = title;
  }
  setZIndex(z: number) {
    this.zIndex = z;
  }
}

class DoublePoly {
  map: DoubleMap | null;
  path: Literal[];
  constructor(
    readonly kind: 'polyline' | 'polygon',
    options: Record<string, unknown>,
  ) {
    this.map = (options.map as DoubleMap | undefined) ?? null;
    this.path = ((options.path as Literal[] | undefined) ?? []).map(toLiteral);
    state.shapes.push(this);
  }
  setMap(map: DoubleMap | null) {
    this.map = map;
  }
  setPath(path: Literal[]) {
    this.path = path.map(toLiteral);
  }
}

export interface DoublePlace {
  formatted_address: string;
  name?: string;
  location: Literal;
}

export class DoubleAutocomplete extends Events {
  readonly container: HTMLDivElement;
  private place: DoublePlace | null = null;
  constructor(
    readonly input: HTMLInputElement,
    readonly options: Record<string, unknown>,
  ) {
    super();
    // As Google: one container per Autocomplete, on document.body, hidden until there are predictions.
    this.container = document.createElement('div');
    this.container.className = 'pac-container pac-logo';
    this.container.style.display = 'none';
    document.body.append(this.container);
    state.autocompletes.push(this);
  }
  getPlace() {
    const place = this.place;
    if (!place) return { name: this.input.value };
    return { formatted_address: place.formatted_address, name: place.name, geometry: { location: new DoubleLatLng(place.location.lat, place.location.lng) } };
  }
  /** Test hook: predictions for what was typed are shown. */
  showPredictions(texts: string[]) {
    this.container.replaceChildren(
      ...texts.map((text) => {
        const item = document.createElement('div');
        item.className = 'pac-item';
        item.textContent = text;
        return item;
      }),
    );
    this.container.style.display = '';
  }
  /** Test hook: the visitor picked a prediction. */
  choose(place: DoublePlace) {
    this.place = place;
    this.input.value = place.formatted_address;
    this.container.style.display = 'none';
    this.fire('place_changed');
  }
}

/** Google's promise API rejects with a MapsRequestError carrying the status code. */
class DoubleRequestError extends Error {
  constructor(readonly code: string) {
    super(`Request failed: ${code}`);
  }
}

function metres(a: Literal, b: Literal) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

const state = {
  maps: [] as DoubleMap[],
  markers: [] as DoubleMarker[],
  shapes: [] as DoublePoly[],
  autocompletes: [] as DoubleAutocomplete[],
  imported: [] as string[],
  panoramaRequests: [] as Record<string, unknown>[],
  geocodeRequests: [] as Record<string, unknown>[],
};

export interface DoubleWorld {
  /** Where Street View panoramas exist. */
  panoramas?: Literal[];
  /** Address → geocoder result. */
  addresses?: Record<string, DoublePlace>;
}

/** Installs the double on `window.google` (replacing any earlier one) and returns its recorded state. */
export function installGoogleDouble(world: DoubleWorld = {}) {
  state.maps = [];
  state.markers = [];
  state.shapes = [];
  state.autocompletes = [];
  state.imported = [];
  state.panoramaRequests = [];
  state.geocodeRequests = [];
  const libraries: Record<string, unknown> = {
    maps: {
      Map: DoubleMap,
      Polyline: class extends DoublePoly {
        constructor(options: Record<string, unknown>) {
          super('polyline', options);
        }
      },
      Polygon: class extends DoublePoly {
        constructor(options: Record<string, unknown>) {
          super('polygon', options);
        }
      },
    },
    marker: { Marker: DoubleMarker },
    places: { Autocomplete: DoubleAutocomplete },
    geocoding: {
      Geocoder: class {
        async geocode(request: Record<string, unknown>) {
          state.geocodeRequests.push(request);
          const found = world.addresses?.[String(request.address)];
          if (!found) throw new DoubleRequestError('ZERO_RESULTS');
          return { results: [{ formatted_address: found.formatted_address, geometry: { location: new DoubleLatLng(found.location.lat, found.location.lng) } }] };
        }
      },
    },
    streetView: {
      StreetViewService: class {
        async getPanorama(request: Record<string, unknown>) {
          state.panoramaRequests.push(request);
          const at = toLiteral(request.location as Literal);
          const radius = typeof request.radius === 'number' ? request.radius : 50;
          const nearest = (world.panoramas ?? []).map((p) => ({ p, d: metres(at, p) })).sort((a, b) => a.d - b.d)[0];
          if (!nearest || nearest.d > radius) throw new DoubleRequestError('ZERO_RESULTS');
          return { data: { location: { latLng: new DoubleLatLng(nearest.p.lat, nearest.p.lng), pano: `pano-${nearest.p.lat},${nearest.p.lng}` } } };
        }
      },
    },
  };
  const google = {
    maps: {
      LatLng: DoubleLatLng,
      async importLibrary(name: string) {
        state.imported.push(name);
        const library = libraries[name];
        if (!library) throw new Error(`The library ${name} is unknown.`);
        return library;
      },
    },
  };
  (window as unknown as { google: unknown }).google = google;
  return state;
}

export function uninstallGoogleDouble() {
  for (const a of state.autocompletes) a.container.remove();
  delete (window as unknown as { google?: unknown }).google;
}
