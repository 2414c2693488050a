/**
 * Map pin (widget spec §3, §4, §9): the latitude and longitude of the pin at the map's centre, written to
 * the two `variables` (default `<prefix>latitude,<prefix>longitude`). Both are a real point or both empty;
 * `required` needs a point. The map's defaults: a Utah centre, zoom 21 within 12…21, a 500 ms bounds-change
 * debounce and a 500 ms pin delay.
 */
import { validCoordinate } from '../map-address/map-address.rules';
import { attr, isRequired, valueOf, variablesOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

/** Spec §9: the default centre, a Utah location (Salt Lake City). */
export const MAP_PIN_DEFAULT_CENTER = { lat: 40.7608, lng: -111.891 } as const;
export const MAP_PIN_DEFAULT_ZOOM = 21;
export const MAP_PIN_MIN_ZOOM = 12;
export const MAP_PIN_MAX_ZOOM = 21;
/** Spec §9: the map reports a settled view this long after it last moved. */
export const MAP_BOUNDS_DEBOUNCE_MS = 500;
/** Spec §4, §9: the pin's value updates after this pause in movement. */
export const MAP_PIN_DELAY_MS = 500;

export function pinVariables(spec: WidgetSpec): [string, string] {
  const [lat, lng] = variablesOf(spec);
  const prefix = attr(spec, 'prefix') ?? '';
  return [lat ?? `${prefix}latitude`, lng ?? `${prefix}longitude`];
}

export const clampZoom = (zoom: number) => Math.min(MAP_PIN_MAX_ZOOM, Math.max(MAP_PIN_MIN_ZOOM, Math.round(zoom)));

/** The map's first zoom: `zoom` when it is a number, within 12…21; else 21. */
export function initialZoom(spec: WidgetSpec): number {
  const zoom = Number(attr(spec, 'zoom'));
  return attr(spec, 'zoom') !== undefined && Number.isFinite(zoom) ? clampZoom(zoom) : MAP_PIN_DEFAULT_ZOOM;
}

/** Where the map starts: the stored point, else `center="lat,lng"`, else the Utah default. */
export function initialCenter(spec: WidgetSpec, values: Values): { lat: number; lng: number } {
  const [latVar, lngVar] = pinVariables(spec);
  const stored = [valueOf(values, latVar), valueOf(values, lngVar)];
  if (validCoordinate(stored[0]!, 90) && validCoordinate(stored[1]!, 180)) return { lat: Number(stored[0]), lng: Number(stored[1]) };
  const [lat = '', lng = ''] = (attr(spec, 'center') ?? '').split(',').map((p) => p.trim());
  if (validCoordinate(lat, 90) && validCoordinate(lng, 180)) return { lat: Number(lat), lng: Number(lng) };
  return { ...MAP_PIN_DEFAULT_CENTER };
}

export const mapPinRules: WidgetRules = {
  variables: (spec) => pinVariables(spec),
  normalize: (spec, values) => {
    const out: Values = {};
    for (const variable of pinVariables(spec)) out[variable] = valueOf(values, variable).trim();
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const [latVar, lngVar] = pinVariables(spec);
    const lat = valueOf(values, latVar);
    const lng = valueOf(values, lngVar);
    if (lat === '' && lng === '') return isRequired(spec) ? { required: `${latVar},${lngVar}` } : null;
    if (!validCoordinate(lat, 90) || !validCoordinate(lng, 180)) return { mapPoint: `${latVar},${lngVar}` };
    return null;
  },
  hasValue: (spec, values) => pinVariables(spec).every((v) => valueOf(values, v) !== ''),
  display: (spec, values) => {
    const [latVar, lngVar] = pinVariables(spec);
    const lat = valueOf(values, latVar);
    const lng = valueOf(values, lngVar);
    return lat && lng ? `${lat}, ${lng}` : '';
  },
};
