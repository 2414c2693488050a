/**
 * hu-office-location: an office's name, a location search over our place search (core/places) that
 * fills the address, the address fields themselves, the location type (Parent, Branch, Subsidiary) and
 * the phone number (widget spec §3).
 */
import { useState } from 'react';
import { DEFAULT_COUNTRIES, type Place } from '../../../core/places/places';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { APARTMENT_TYPES } from '../../reference/lists';
import { AddressPart, PlaceSearch, SEARCH_MIN_CHARS } from '../address-parts';
import { widgetTexts } from '../texts';
import { isRequired, type Values } from '../widget';
import { LOCATION_TYPES, OFFICE_REQUIRED, officeLocationRules, officeVariable, placeAddress, type OfficeField } from './office-location.rules';

const t = widgetTexts.office;
/** The list of places found has no stylesheet of its own here. */
const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

const ROWS: readonly (readonly OfficeField[])[] = [
  ['streetNumber', 'street'],
  ['aptType', 'aptNumber'],
  ['city', 'stateProvince', 'postalCode'],
  ['country', 'phoneNumber'],
];

function OfficeLocationWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const [typed, setTyped] = useState('');
  const required = isRequired(spec);
  const get = (field: OfficeField) => values[officeVariable(spec, field)] ?? '';
  const set = (change: Partial<Record<OfficeField, string>>) => {
    const out: Values = {};
    for (const [field, value] of Object.entries(change)) out[officeVariable(spec, field as OfficeField)] = value ?? '';
    onChange(out);
  };
  const query = typed.trim();
  const choose = (place: Place) => {
    set(placeAddress(place));
    setTyped('');
  };
  const input = (field: OfficeField, describedBy: string | undefined) => (
    <AddressPart
      key={field}
      label={t.fields[field]}
      required={required && OFFICE_REQUIRED.includes(field)}
      describedBy={describedBy}
      options={field === 'aptType' ? APARTMENT_TYPES : field === 'locationType' ? LOCATION_TYPES : undefined}
      field={field}
      inputMode={field === 'phoneNumber' ? 'tel' : undefined}
      disabled={field === 'aptNumber' && get('aptType') === ''}
      value={get(field)}
      onChange={(value) => set({ [field]: value })}
    />
  );
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={required} preview={officeLocationRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-office-location">
          <div className="widget-row" data-columns={2}>
            {input('name', ids.describedBy)}
            {input('locationType', ids.describedBy)}
          </div>
          <PlaceSearch
            texts={t}
            labelClassName="widget-part-label"
            typed={typed}
            onType={setTyped}
            query={query.length >= SEARCH_MIN_CHARS ? query : null}
            countries={DEFAULT_COUNTRIES}
            listStyle={LIST_STYLE}
            onChoose={choose}
          />
          {ROWS.map((row) => (
            <div key={row.join()} className="widget-row" data-columns={row.length}>
              {row.map((field) => input(field, ids.describedBy))}
            </div>
          ))}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: OfficeLocationWidget, rules: officeLocationRules } satisfies WidgetModule;
