/**
 * Address (widget spec §2–§5): only the configured `fields` show; each writes `<prefix><field>`.
 * Apartment type sets the flags `<prefix>aptTypeApartment|Floor|Suite` to 'Yes' / 'Off'. State and
 * country are stored as codes (a name or a code is accepted; unmatched → '', except a plain `state` with
 * no `usstate` field keeps the raw text). Required: `required-opts` lists the required parts, otherwise
 * `required` applies to every configured field but the apartment ones; the apt number is required when
 * an apt type is chosen. Apartment type, US state and country must be listed values (`listedValue`).
 */
import { resolveCountry } from '../../reference/countries';
import { APARTMENT_TYPES } from '../../reference/lists';
import { resolveUsState } from '../../reference/us-states';
import { attr, isRequired, list, OFF, valueOf, YES, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const ADDRESS_FIELDS = [
  'street', 'apartment', 'apartmentType', 'apt', 'city', 'county', 'state', 'usstate', 'postal', 'country', 'foreigncountry',
  'foreignpostal', 'province',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Rows of one, two or three columns, in this order; a row shows the configured fields it holds. */
export const ADDRESS_ROWS: readonly (readonly AddressField[])[] = [
  ['street', 'apartment'],
  ['apartmentType', 'apt'],
  ['city', 'county'],
  ['state', 'usstate', 'postal'],
  ['country', 'foreigncountry'],
  ['foreignpostal', 'province'],
];

const APARTMENT_FLAGS = { Apartment: 'aptTypeApartment', Floor: 'aptTypeFloor', Suite: 'aptTypeSuite' } as const;
const NOT_BLANKET_REQUIRED = new Set<AddressField>(['apartment', 'apartmentType', 'apt']);

export const addressFields = (spec: WidgetSpec): AddressField[] =>
  list(attr(spec, 'fields') ?? 'street,apt,city,state,postal').filter((f): f is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(f));
export const prefixOf = (spec: WidgetSpec) => attr(spec, 'prefix') ?? '';
export const fieldVariable = (spec: WidgetSpec, field: AddressField) => `${prefixOf(spec)}${field}`;

export const resolveApartmentType = (text: string) => APARTMENT_TYPES.find((t) => t.toLowerCase() === text.trim().toLowerCase()) ?? '';

/** Flag values for a chosen apartment type: the matching one Yes, the others Off. */
export function apartmentFlags(spec: WidgetSpec, type: string): Values {
  const out: Values = {};
  for (const [name, flagName] of Object.entries(APARTMENT_FLAGS)) out[`${prefixOf(spec)}${flagName}`] = name === type ? YES : OFF;
  return out;
}

export function requiredFields(spec: WidgetSpec): AddressField[] {
  const fields = addressFields(spec);
  const opts = attr(spec, 'required-opts');
  if (opts !== undefined) return list(opts).filter((f): f is AddressField => fields.includes(f as AddressField));
  return isRequired(spec) ? fields.filter((f) => !NOT_BLANKET_REQUIRED.has(f)) : [];
}

export const addressRules: WidgetRules = {
  variables: (spec) => {
    const fields = addressFields(spec);
    const variables = fields.map((f) => fieldVariable(spec, f));
    if (fields.includes('apartmentType')) variables.push(...Object.keys(apartmentFlags(spec, '')));
    return variables;
  },
  normalize: (spec, values) => {
    const fields = addressFields(spec);
    const out: Values = {};
    for (const field of fields) {
      const raw = valueOf(values, fieldVariable(spec, field)).trim();
      let value = raw;
      // A plain state with no US-state field keeps what was typed when it names no US state.
      if (field === 'usstate') value = resolveUsState(raw) || raw;
      else if (field === 'state') value = resolveUsState(raw) || (fields.includes('usstate') ? '' : raw);
      else if (field === 'country' || field === 'foreigncountry') value = resolveCountry(raw) || raw;
      else if (field === 'apartmentType') value = resolveApartmentType(raw) || raw;
      out[fieldVariable(spec, field)] = value;
    }
    if (fields.includes('apartmentType')) Object.assign(out, apartmentFlags(spec, resolveApartmentType(out[fieldVariable(spec, 'apartmentType')] ?? '')));
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const fields = addressFields(spec);
    const get = (f: AddressField) => valueOf(values, fieldVariable(spec, f));
    const required = new Set(requiredFields(spec));
    if (fields.includes('apt') && fields.includes('apartmentType') && get('apartmentType') !== '') required.add('apt');
    const missing = fields.filter((f) => required.has(f) && get(f) === '');
    const unlisted = fields.filter((f) => {
      const value = get(f);
      if (value === '') return false;
      if (f === 'apartmentType') return resolveApartmentType(value) !== value;
      if (f === 'usstate') return resolveUsState(value) !== value;
      if (f === 'country' || f === 'foreigncountry') return resolveCountry(value) !== value;
      return false;
    });
    const errors: WidgetErrors = {};
    if (missing.length) errors.required = missing.join(',');
    if (unlisted.length) errors.listedValue = unlisted.join(',');
    return Object.keys(errors).length ? errors : null;
  },
  hasValue: (spec, values) => {
    const required = requiredFields(spec);
    const fields = required.length ? required : addressFields(spec);
    return fields.some((f) => valueOf(values, fieldVariable(spec, f)) !== '');
  },
  display: (spec, values) => {
    const get = (f: AddressField) => valueOf(values, fieldVariable(spec, f));
    const fields = addressFields(spec);
    const line1 = [get('street'), get('apartmentType') && get('apt') ? `${get('apartmentType')} ${get('apt')}` : get('apt'), get('apartment')]
      .filter(Boolean)
      .join(', ');
    const rest = fields
      .filter((f) => ['city', 'county', 'state', 'usstate', 'province', 'postal', 'foreignpostal', 'country', 'foreigncountry'].includes(f))
      .map(get)
      .filter(Boolean);
    return [line1, ...rest].filter(Boolean).join(', ');
  },
};
