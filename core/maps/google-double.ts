/**
 * A faithful test double of the `google.maps` surface core/maps/google.ts uses — no network. Installed on
 * `window.google` in unit tests, it behaves as the Maps JavaScript API does where we depend on it:
 * - `google.maps.importLibrary(name)` resolves each library (with it defined, @googlemaps/js-api-loader
 *   uses it and injects no script);
 * - `LatLng` objects with `lat()`/`lng()` methods (not literals) in results and events;
 * - `Autocomplete` appends its `.pac-container` to document.body at construction, hidden until there are
 *   predictions; typing in its input shows the predictions of the world's places (restricted to
 *   `componentRestrictions.country`) as `.pac-item`s; ArrowDown/ArrowUp highlight one
 *   (`.pac-item-selected`) and write it into the input, Enter or a click picks it; a blur of the input
 *   hides the list; `place_changed` fires on a pick, and `getPlace()` returns only the requested `fields`
 *   (Enter without a highlighted prediction: `place_changed` with only `name`, as Google);
 * - `Geocoder.geocode` and `StreetViewService.getPanorama` resolve with `{ results }` / `{ data }` and
 *   reject (code ZERO_RESULTS) when nothing is found — the promise API never resolves empty;
 *   getPanorama finds the nearest panorama within `radius` metres (default 50, as Google's);
 * - `StreetViewPanorama(node, { pano, pov })` draws into its node (a `[data-google-panorama]` marker with
 *   the pano id, as Google fills the node with its canvas) and reports `getStatus()` 'OK' for a known pano,
 *   'ZERO_RESULTS' otherwise, firing `status_changed` once it has looked.
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
  place_id?: string;
  types?: string[];
  /** ISO 3166-1 alpha-2, lower case; the autocomplete's country restriction filters on it. */
  country?: string;
}

export class DoubleAutocomplete extends Events {
  readonly container: HTMLDivElement;
  private place: DoublePlace | null = null;
  private predictions: DoublePlace[] = [];
  private selected = -1;
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
    input.addEventListener('input', () => this.predict());
    input.addEventListener('blur', () => this.hide());
    input.addEventListener('keydown', (event) => this.onKey(event));
    this.container.addEventListener('click', (event) => {
      const item = (event.target as Element).closest('.pac-item');
      const index = item ? [...this.container.children].indexOf(item) : -1;
      if (index >= 0) this.choose(this.predictions[index]!);
    });
  }
  getPlace() {
    const place = this.place;
    if (!place) return { name: this.input.value };
    const all: Record<string, unknown> = {
      formatted_address: place.formatted_address,
      name: place.name ?? place.formatted_address,
      place_id: place.place_id ?? `place-${place.formatted_address}`,
      types: place.types ?? ['street_address'],
      geometry: { location: new DoubleLatLng(place.location.lat, place.location.lng) },
    };
    // Google returns only the fields asked for (all of them when none are given).
    const fields = this.options.fields as string[] | undefined;
    return fields ? Object.fromEntries(Object.entries(all).filter(([key]) => fields.includes(key))) : all;
  }
  /** Google's predictions for what is typed: the world's places that contain it, in the allowed countries. */
  private predict() {
    const text = this.input.value.trim().toLowerCase();
    const countries = ((this.options.componentRestrictions as { country?: string | string[] } | undefined)?.country ?? []) as string | string[];
    const allowed = (Array.isArray(countries) ? countries : [countries]).map((c) => c.toLowerCase());
    const found = text
      ? world.places.filter((p) => p.formatted_address.toLowerCase().includes(text) && (allowed.length === 0 || !p.country || allowed.includes(p.country))).slice(0, 5)
      : [];
    this.place = null;
    this.show(found);
  }
  private show(places: DoublePlace[]) {
    this.predictions = places;
    this.selected = -1;
    this.container.replaceChildren(
      ...places.map((place) => {
        const item = document.createElement('div');
        item.className = 'pac-item';
        item.textContent = place.formatted_address;
        return item;
      }),
    );
    this.container.style.display = places.length ? '' : 'none';
  }
  private hide() {
    this.container.style.display = 'none';
  }
  private onKey(event: KeyboardEvent) {
    const open = this.container.style.display !== 'none' && this.predictions.length > 0;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && open) {
      const count = this.predictions.length;
      this.selected = event.key === 'ArrowDown' ? (this.selected + 1) % count : (this.selected <= 0 ? count : this.selected) - 1;
      [...this.container.children].forEach((item, i) => item.classList.toggle('pac-item-selected', i === this.selected));
      this.input.value = this.predictions[this.selected]!.formatted_address;
      event.preventDefault();
    } else if (event.key === 'Enter') {
      if (open && this.selected >= 0) this.choose(this.predictions[this.selected]!);
      else if (!this.place) this.fire('place_changed');
    }
  }
  /** Test hook: predictions for what was typed are shown. */
  showPredictions(texts: string[]) {
    this.show(texts.map((text) => world.places.find((p) => p.formatted_address === text) ?? { formatted_address: text, location: { lat: 0, lng: 0 } }));
  }
  /** Test hook (and what a click or Enter on a prediction does): the visitor picked a place. */
  choose(place: DoublePlace) {
    this.place = place;
    this.input.value = place.formatted_address;
    this.hide();
    this.fire('place_changed');
  }
}

export class DoubleStreetViewPanorama extends Events {
  pano: string | null;
  pov: { heading: number; pitch: number };
  visible: boolean;
  private status = 'UNKNOWN_ERROR';
  private readonly marker: HTMLDivElement;
  constructor(
    readonly node: HTMLElement,
    readonly options: Record<string, unknown>,
  ) {
    super();
    this.pano = (options.pano as string | undefined) ?? null;
    this.pov = (options.pov as { heading: number; pitch: number } | undefined) ?? { heading: 0, pitch: 0 };
    this.visible = options.visible !== false;
    // As Google: the node is filled with the panorama (here a marker naming the pano and the heading).
    this.marker = document.createElement('div');
    this.marker.dataset.googlePanorama = this.pano ?? '';
    node.append(this.marker);
    state.panoramas.push(this);
    this.look();
  }
  private look() {
    this.marker.dataset.googlePanorama = this.pano ?? '';
    this.marker.dataset.heading = String(this.pov.heading);
    this.marker.hidden = !this.visible;
    // Google looks the pano up asynchronously, then reports its status.
    setTimeout(() => {
      this.status = this.pano && world.panoramas.some((p) => panoId(p) === this.pano) ? 'OK' : 'ZERO_RESULTS';
      this.fire('status_changed');
    }, 0);
  }
  setPano(pano: string) {
    this.pano = pano;
    this.look();
  }
  setPov(pov: { heading: number; pitch: number }) {
    this.pov = pov;
    this.marker.dataset.heading = String(pov.heading);
  }
  setVisible(visible: boolean) {
    this.visible = visible;
    this.marker.hidden = !visible;
  }
  getStatus() {
    return this.status;
  }
  getPano() {
    return this.pano;
  }
}

const panoId = (p: Literal) => `pano-${p.lat},${p.lng}`;

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
  panoramas: [] as DoubleStreetViewPanorama[],
  panoramaRequests: [] as Record<string, unknown>[],
  geocodeRequests: [] as Record<string, unknown>[],
};

/** What exists in the double's world (set by installGoogleDouble). */
const world: Required<DoubleWorld> = { panoramas: [], addresses: {}, places: [] };

export interface DoubleWorld {
  /** Where Street View panoramas exist. */
  panoramas?: Literal[];
  /** Address → geocoder result. */
  addresses?: Record<string, DoublePlace>;
  /** What places autocomplete predicts from. */
  places?: DoublePlace[];
}

/** Installs the double on `window.google` (replacing any earlier one) and returns its recorded state. */
export function installGoogleDouble(given: DoubleWorld = {}) {
  state.maps = [];
  state.markers = [];
  state.shapes = [];
  state.autocompletes = [];
  state.imported = [];
  state.panoramas = [];
  state.panoramaRequests = [];
  state.geocodeRequests = [];
  world.panoramas = given.panoramas ?? [];
  world.addresses = given.addresses ?? {};
  world.places = given.places ?? [];
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
          const found = world.addresses[String(request.address)];
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
          const nearest = world.panoramas.map((p) => ({ p, d: metres(at, p) })).sort((a, b) => a.d - b.d)[0];
          if (!nearest || nearest.d > radius) throw new DoubleRequestError('ZERO_RESULTS');
          return { data: { location: { latLng: new DoubleLatLng(nearest.p.lat, nearest.p.lng), pano: panoId(nearest.p) } } };
        }
      },
      StreetViewPanorama: DoubleStreetViewPanorama,
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
