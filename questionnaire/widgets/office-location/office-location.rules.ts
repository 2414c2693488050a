/**
 * Office location picker (widget spec §3): an office's name, its address (found with the place search
 * or typed), its location type (Parent, Branch, Subsidiary) and phone number. Each field writes
 * `<prefix><field>`; `id` and `addressSummary` come from the chosen place. Required (`required`): name,
 * street, city, country and location type. The apt number is required with an apt type; apt type and
 * location type must be listed values; the phone keeps digits only.
 */
import { APARTMENT_TYPES } from '../../reference/lists';
import { attr, isRequired, valueOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const OFFICE_FIELDS = [
  'name', 'streetNumber', 'street', 'aptType', 'aptNumber', 'city', 'stateProvince', 'postalCode', 'country', 'locationType', 'phoneNumber',
  'id', 'addressSummary',
] as const;
export type OfficeField = (typeof OFFICE_FIELDS)[number];

/** Spec §3 reference data. */
export const LOCATION_TYPES = ['Parent', 'Branch', 'Subsidiary'] as const;
export const OFFICE_REQUIRED: readonly OfficeField[] = ['name', 'street', 'city', 'country', 'locationType'];
/** Ours: the longest field we keep. */
export const OFFICE_FIELD_MAX = 200;

export const officeVariable = (spec: WidgetSpec, field: OfficeField) => `${attr(spec, 'prefix') ?? ''}${field}`;

const listed = (options: readonly string[], text: string) => options.find((o) => o.toLowerCase() === text.trim().toLowerCase()) ?? '';

/** The address fields a chosen place fills. */
export type PlaceAddress = Pick<Record<OfficeField, string>, 'streetNumber' | 'street' | 'city' | 'stateProvince' | 'postalCode' | 'country' | 'addressSummary' | 'id'>;

/**
 * A place of our place search split into address fields. Its description is, by kind (server
 * place-search): address '1 Main St, Provo, UT, USA'; zip '84601, Provo, UT, USA'; city 'Provo, UT, USA'
 * or 'Kathmandu, Bagmati, Nepal'. The last part is the country when there are three or more parts.
 */
export function placeAddress(place: { description: string; placeId: string; kind: string }): PlaceAddress {
  const parts = place.description.split(',').map((p) => p.trim()).filter(Boolean);
  const out: PlaceAddress = { streetNumber: '', street: '', city: '', stateProvince: '', postalCode: '', country: '', addressSummary: place.description.trim(), id: place.placeId };
  if (place.kind === 'address' && parts.length > 0) {
    const first = parts.shift()!;
    const match = /^(\d+[A-Za-z-]*)\s+(.*)$/.exec(first);
    out.streetNumber = match ? match[1]! : '';
    out.street = match ? match[2]! : first;
  } else if (place.kind === 'zip' && parts.length > 0) {
    out.postalCode = parts.shift()!;
  }
  if (parts.length >= 3) out.country = parts.pop()!;
  out.city = parts.shift() ?? '';
  out.stateProvince = parts.join(', ');
  return out;
}

export const officeLocationRules: WidgetRules = {
  variables: (spec) => OFFICE_FIELDS.map((f) => officeVariable(spec, f)),
  normalize: (spec, values) => {
    const out: Values = {};
    for (const field of OFFICE_FIELDS) {
      const raw = valueOf(values, officeVariable(spec, field)).trim();
      if (field === 'phoneNumber') out[officeVariable(spec, field)] = raw.replace(/\D/g, '');
      else if (field === 'locationType') out[officeVariable(spec, field)] = listed(LOCATION_TYPES, raw) || raw;
      else if (field === 'aptType') out[officeVariable(spec, field)] = listed(APARTMENT_TYPES, raw) || raw;
      else out[officeVariable(spec, field)] = raw;
    }
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const get = (field: OfficeField) => valueOf(values, officeVariable(spec, field));
    for (const field of OFFICE_FIELDS) if (get(field).length > OFFICE_FIELD_MAX) return { tooLong: field };
    if (get('locationType') !== '' && !LOCATION_TYPES.includes(get('locationType') as never)) return { listedValue: 'locationType' };
    if (get('aptType') !== '' && !APARTMENT_TYPES.includes(get('aptType') as never)) return { listedValue: 'aptType' };
    if (isRequired(spec)) for (const field of OFFICE_REQUIRED) if (get(field) === '') return { required: field };
    if (get('aptType') !== '' && get('aptNumber') === '') return { required: 'aptNumber' };
    return null;
  },
  hasValue: (spec, values) => valueOf(values, officeVariable(spec, 'name')) !== '' || valueOf(values, officeVariable(spec, 'street')) !== '',
  display: (spec, values) => {
    const get = (field: OfficeField) => valueOf(values, officeVariable(spec, field));
    const address = get('addressSummary') || [`${get('streetNumber')} ${get('street')}`.trim(), get('city'), `${get('stateProvince')} ${get('postalCode')}`.trim(), get('country')].filter(Boolean).join(', ');
    return [get('name'), get('locationType') && `(${get('locationType')})`, address].filter(Boolean).join(' ');
  },
};
