/**
 * hu-office-location: an office's name, a location search over our place search (core/places) that
 * fills the address, the address fields themselves, the location type (Parent, Branch, Subsidiary) and
 * the phone number (widget spec §3).
 */
import { useId, useState } from 'react';
import { useLoad } from '../../../core/graphql/use-load';
import { DEFAULT_COUNTRIES, searchPlaces, TYPING_DEBOUNCE_MS, type Place } from '../../../core/places/places';
import { DebouncedInput } from '../../client/controls';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { APARTMENT_TYPES } from '../../reference/lists';
import { widgetTexts } from '../texts';
import { isRequired, type Values } from '../widget';
import { LOCATION_TYPES, OFFICE_REQUIRED, officeLocationRules, officeVariable, placeAddress, type OfficeField } from './office-location.rules';

const t = widgetTexts.office;
/** Fewer characters than this start no search. */
const SEARCH_MIN_CHARS = 2;

const ROWS: readonly (readonly OfficeField[])[] = [
  ['streetNumber', 'street'],
  ['aptType', 'aptNumber'],
  ['city', 'stateProvince', 'postalCode'],
  ['country', 'phoneNumber'],
];

function OfficeLocationWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const required = isRequired(spec);
  const get = (field: OfficeField) => values[officeVariable(spec, field)] ?? '';
  const set = (change: Partial<Record<OfficeField, string>>) => {
    const out: Values = {};
    for (const [field, value] of Object.entries(change)) out[officeVariable(spec, field as OfficeField)] = value ?? '';
    onChange(out);
  };
  const query = typed.trim();
  const search = useLoad<Place[]>(query.length >= SEARCH_MIN_CHARS ? query : null, () => searchPlaces(query, DEFAULT_COUNTRIES), { delay: TYPING_DEBOUNCE_MS });
  const choose = (place: Place) => {
    set(placeAddress(place));
    setTyped('');
  };
  const label = (field: OfficeField) => (
    <span className="widget-part-label">
      {t.fields[field]}
      {required && OFFICE_REQUIRED.includes(field) && <span aria-hidden="true"> *</span>}
    </span>
  );
  const input = (field: OfficeField, describedBy: string | undefined) => (
    <label key={field} className="widget-part">
      {label(field)}
      {field === 'aptType' || field === 'locationType' ? (
        <select className="widget-control" aria-describedby={describedBy} value={get(field)} onChange={(e) => set({ [field]: e.currentTarget.value })}>
          <option value="" />
          {(field === 'aptType' ? APARTMENT_TYPES : LOCATION_TYPES).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <DebouncedInput
          aria-describedby={describedBy}
          data-field={field}
          inputMode={field === 'phoneNumber' ? 'tel' : undefined}
          disabled={field === 'aptNumber' && get('aptType') === ''}
          value={get(field)}
          onCommit={(value) => set({ [field]: value })}
        />
      )}
    </label>
  );
  const results = search.result;
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={required} preview={officeLocationRules.display(spec, values)}>
      {(ids) => (
        <div className="widget-office-location">
          <div className="widget-row" data-columns={2}>
            {input('name', ids.describedBy)}
            {input('locationType', ids.describedBy)}
          </div>
          <div className="widget-part">
            <label className="widget-part-label" htmlFor={`${id}-search`}>
              {t.search}
            </label>
            <input
              id={`${id}-search`}
              className="widget-control"
              type="search"
              autoComplete="off"
              aria-controls={`${id}-results`}
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
              onChange={() => undefined}
            />
            <div id={`${id}-results`} aria-live="polite">
              {query.length >= SEARCH_MIN_CHARS && search.loading && <p className="widget-subtitle">{t.searching}</p>}
              {query.length >= SEARCH_MIN_CHARS && results && !search.loading && !results.ok && <p className="widget-subtitle">{t.searchFailed}</p>}
              {query.length >= SEARCH_MIN_CHARS && results?.ok && !search.loading && results.value.length === 0 && <p className="widget-subtitle">{t.noResults}</p>}
              {query.length >= SEARCH_MIN_CHARS && results?.ok && results.value.length > 0 && (
                <ul className="widget-place-results" aria-label={t.results} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {results.value.map((place) => (
                    <li key={place.placeId}>
                      <button type="button" className="widget-place" data-place-id={place.placeId} onClick={() => choose(place)}>
                        {place.description}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
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
