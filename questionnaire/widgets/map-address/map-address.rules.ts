/**
 * Map-search address, both variants (widget spec §2, §3, §4, §5, §7): `hu-map-search-address` (the first
 * variant: required parts from `required-comps`, high-accuracy location, starts in manual mode when the
 * context holds a city) and `hu-map-search-address-2` (the second: every address component required when
 * `required`, normal accuracy). Each component writes `<prefix><name>` in both spellings of §3
 * (`street-number` and `street_number`); either spelling is read. The apt number is required — and only
 * allowed — with a listed apt type; lat/lng are a real point or both empty.
 */
import { COUNTRIES, resolveCountry } from '../../reference/countries';
import { APARTMENT_TYPES } from '../../reference/lists';
import { attr, isRequired, list, valueOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

/** Widget spec §3 map address variables, in the hyphen spelling. */
export const MAP_ADDRESS_FIELDS = [
  'street-address', 'street-number', 'street', 'apt-type', 'apt-number', 'city', 'lat', 'lng', 'postal-code', 'zip-code', 'county',
  'province-state', 'country', 'short-state', 'short-country', 'full-country',
] as const;
export type MapAddressField = (typeof MAP_ADDRESS_FIELDS)[number];

/**
 * The address components (spec §7: route, street_number, locality, postal_code, administrative_area_level_1
 * and _2, country): what `required-comps` may name, and what the second variant requires when `required`.
 */
export const MAP_ADDRESS_COMPONENTS: readonly MapAddressField[] = ['street-number', 'street', 'city', 'postal-code', 'county', 'province-state', 'country'];

/** Spec §2 row layout: row 1 the street fields with the apt group, row 2 city, postal, county, row 3 province, country, row 4 short state, short country. */
export const MAP_ADDRESS_ROWS: readonly (readonly MapAddressField[])[] = [
  ['street-number', 'street', 'apt-type', 'apt-number'],
  ['city', 'postal-code', 'county'],
  ['province-state', 'country'],
  ['short-state', 'short-country'],
];

export const FIRST_VARIANT_TAG = 'hu-map-search-address';
export const SECOND_VARIANT_TAG = 'hu-map-search-address-2';
/** Spec §9: the widget re-initialises this long after it becomes visible. */
export const REINIT_AFTER_VISIBLE_MS = 500;
/** Ours: the longest component we keep. */
export const MAP_FIELD_MAX = 200;

export const isFirstVariant = (spec: WidgetSpec) => spec.tag !== SECOND_VARIANT_TAG;
export const underscored = (field: string) => field.replace(/-/g, '_');
const prefixOf = (spec: WidgetSpec) => attr(spec, 'prefix') ?? '';
export const mapVariable = (spec: WidgetSpec, field: MapAddressField) => `${prefixOf(spec)}${field}`;
/** Both spellings of a component's variable (one when the name has no hyphen). */
export const mapVariables = (spec: WidgetSpec, field: MapAddressField): string[] => {
  const hyphen = mapVariable(spec, field);
  const underscore = `${prefixOf(spec)}${underscored(field)}`;
  return hyphen === underscore ? [hyphen] : [hyphen, underscore];
};
/** A component's value: the hyphen spelling, else the underscore one. */
export const mapValue = (spec: WidgetSpec, values: Values, field: MapAddressField): string => {
  for (const variable of mapVariables(spec, field)) {
    const value = valueOf(values, variable);
    if (value !== '') return value;
  }
  return '';
};
/** A change written in both spellings. */
export function mapChange(spec: WidgetSpec, change: Partial<Record<MapAddressField, string>>): Values {
  const out: Values = {};
  for (const [field, value] of Object.entries(change)) for (const variable of mapVariables(spec, field as MapAddressField)) out[variable] = value ?? '';
  return out;
}

const asField = (name: string): MapAddressField | undefined => MAP_ADDRESS_FIELDS.find((f) => f === name.replace(/_/g, '-'));

/** Spec §5: the required parts — `required-comps` in the first variant, every component when `required` in the second. */
export function requiredComponents(spec: WidgetSpec): MapAddressField[] {
  if (!isFirstVariant(spec)) return isRequired(spec) ? [...MAP_ADDRESS_COMPONENTS] : [];
  const comps = list(attr(spec, 'required-comps'))
    .map(asField)
    .filter((f): f is MapAddressField => f !== undefined && f !== 'apt-number' && f !== 'apt-type');
  return [...new Set(comps)];
}

export const listedAptType = (text: string) => APARTMENT_TYPES.find((t) => t.toLowerCase() === text.trim().toLowerCase()) ?? '';

/** A coordinate of a real point: a finite number within ±90 (latitude) or ±180 (longitude). */
export function validCoordinate(text: string, limit: 90 | 180): boolean {
  if (!/^-?\d{1,3}(\.\d{1,15})?$/.test(text.trim())) return false;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit;
}

/** A point's lat/lng as stored: at most 7 decimals (about a centimetre). */
export const coordinateText = (value: number) => String(Number(value.toFixed(7)));

/** The country as a name, its 3-letter code, or empty when it names none. */
export function countryParts(text: string): { code: string; name: string } {
  const code = resolveCountry(text);
  return { code, name: code ? (COUNTRIES().find((c) => c.code === code)?.name ?? '') : '' };
}

export const mapAddressRules: WidgetRules = {
  variables: (spec) => MAP_ADDRESS_FIELDS.flatMap((f) => mapVariables(spec, f)),
  normalize: (spec, values) => {
    const change: Partial<Record<MapAddressField, string>> = {};
    for (const field of MAP_ADDRESS_FIELDS) change[field] = mapValue(spec, values, field).trim();
    if (change['apt-type']) change['apt-type'] = listedAptType(change['apt-type']) || change['apt-type'];
    // The street address is the number and the street when not given whole.
    if (!change['street-address']) change['street-address'] = [change['street-number'], change.street].filter(Boolean).join(' ');
    // Postal code and zip code are one field (spec §2 "postal code or zip code").
    if (!change['postal-code']) change['postal-code'] = change['zip-code'] ?? '';
    if (!change['zip-code']) change['zip-code'] = change['postal-code'] ?? '';
    const country = countryParts(change.country ?? '');
    if (country.code) {
      change['short-country'] = country.code;
      change['full-country'] = country.name;
    }
    return mapChange(spec, change);
  },
  validate: (spec, values): WidgetErrors | null => {
    const get = (field: MapAddressField) => mapValue(spec, values, field);
    for (const field of MAP_ADDRESS_FIELDS) if (get(field).length > MAP_FIELD_MAX) return { tooLong: field };
    const lat = get('lat');
    const lng = get('lng');
    if (lat !== '' || lng !== '') {
      if (!validCoordinate(lat, 90) || !validCoordinate(lng, 180)) return { mapPoint: 'lat,lng' };
    }
    const aptType = get('apt-type');
    if (aptType !== '' && listedAptType(aptType) !== aptType) return { listedValue: 'apt-type' };
    // Spec §5: the apt number is enabled only with a valid apt type, and then required.
    if (aptType === '' && get('apt-number') !== '') return { aptNumber: 'apt-number' };
    const missing = requiredComponents(spec).filter((f) => get(f) === '');
    if (aptType !== '' && get('apt-number') === '') missing.push('apt-number');
    return missing.length ? { required: missing.join(',') } : null;
  },
  hasValue: (spec, values) => (['street-address', 'street', 'city', 'postal-code', 'lat'] as const).some((f) => mapValue(spec, values, f) !== ''),
  display: (spec, values) => {
    const get = (field: MapAddressField) => mapValue(spec, values, field);
    const street = get('street-address') || [get('street-number'), get('street')].filter(Boolean).join(' ');
    const apt = get('apt-type') && get('apt-number') ? `${get('apt-type')} ${get('apt-number')}` : '';
    const region = [get('province-state') || get('short-state'), get('postal-code')].filter(Boolean).join(' ');
    return [street, apt, get('city'), region, get('full-country') || get('country')].filter(Boolean).join(', ');
  },
};

/** A place of our place search, as the address parts it names. */
export interface SearchedPlace {
  description: string;
  kind: string;
  lat: number;
  lng: number;
}

/**
 * A place of our place search split into components (spec §7 reads route, street_number, locality,
 * postal_code, administrative_area_level_1/2 and country; ours has its description). By kind (server
 * place-search): address '1 Main St, Provo, UT, USA'; zip '84601, Provo, UT, USA'; city 'Provo, UT, USA'
 * or 'Kathmandu, Bagmati, Nepal'; neighbourhood 'The Avenues, Salt Lake City, UT, USA'. The last part is
 * the country when there are three or more parts.
 */
export function placeComponents(place: SearchedPlace): Partial<Record<MapAddressField, string>> {
  const parts = place.description.split(',').map((p) => p.trim()).filter(Boolean);
  const out: Partial<Record<MapAddressField, string>> = {
    'street-address': '', 'street-number': '', street: '', city: '', county: '', 'postal-code': '', 'zip-code': '', 'province-state': '', 'short-state': '',
    country: '', 'short-country': '', 'full-country': '',
  };
  if (place.kind === 'address' && parts.length > 0) {
    const line = parts.shift()!;
    const match = /^(\d+[A-Za-z-]*)\s+(.*)$/.exec(line);
    out['street-address'] = line;
    out['street-number'] = match ? match[1]! : '';
    out.street = match ? match[2]! : line;
  } else if (place.kind === 'zip' && parts.length > 0) {
    out['postal-code'] = out['zip-code'] = parts.shift()!;
  } else if (place.kind === 'neighbourhood' && parts.length > 3) {
    parts.shift();
  }
  if (parts.length >= 3) {
    const country = countryParts(parts.pop()!);
    out.country = country.name;
    out['short-country'] = country.code;
    out['full-country'] = country.name;
  }
  out.city = parts.shift() ?? '';
  let state = parts.join(', ');
  // Google's formatted addresses write the state and the ZIP together ('UT 84601').
  const stateZip = /^([A-Z]{2}) (\d{5}(?:-\d{4})?)$/.exec(state);
  if (stateZip) {
    state = stateZip[1]!;
    out['postal-code'] = out['zip-code'] = stateZip[2]!;
  }
  out['province-state'] = state;
  out['short-state'] = /^[A-Z]{2}$/.test(state) ? state : '';
  if (Number.isFinite(place.lat) && Number.isFinite(place.lng) && (place.lat !== 0 || place.lng !== 0)) {
    out.lat = coordinateText(place.lat);
    out.lng = coordinateText(place.lng);
  }
  return out;
}

/** `place-types` (spec §5 place type attribute): address, zip (postal_code), city (locality, cities, regions), neighbourhood; none = all. */
export function placeMatchesTypes(place: { kind: string }, types: readonly string[]): boolean {
  if (types.length === 0) return true;
  const aliases: Record<string, string> = { geocode: '', address: 'address', street_address: 'address', postal_code: 'zip', zip: 'zip', locality: 'city', city: 'city', '(cities)': 'city', '(regions)': 'city', neighborhood: 'neighbourhood', neighbourhood: 'neighbourhood' };
  return types.some((type) => {
    const kind = aliases[type.toLowerCase()];
    return kind === '' || kind === place.kind;
  });
}
