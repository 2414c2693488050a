/**
 * What the address widgets share (hu-address, hu-map-search-address, hu-office-location): one labelled
 * address part, and the search over our places (core/places) with its box, states and places found.
 */
import { useId, type CSSProperties, type Ref } from 'react';
import { useLoad } from '../../core/graphql/use-load';
import { searchPlaces, TYPING_DEBOUNCE_MS, type Place } from '../../core/places/places';
import { DebouncedInput } from '../client/controls';

/** Fewer characters than this start no search. */
export const SEARCH_MIN_CHARS = 2;

export interface PlaceSearchTexts {
  search: string;
  searching: string;
  searchFailed: string;
  noResults: string;
  results: string;
}

/**
 * The search box, and while there is a `query` (null: no search) our places for it in `countries`, asked once
 * the typing settles: what the search is doing, then the places found (those the widget `keep`s), each a
 * button choosing it.
 */
export function PlaceSearch(props: {
  texts: PlaceSearchTexts;
  labelClassName: string;
  /** What the box adds to its own attributes. */
  input?: { ref?: Ref<HTMLInputElement>; part?: string; placeholder?: string; 'aria-describedby'?: string };
  typed: string;
  onType(typed: string): void;
  query: string | null;
  countries: readonly string[];
  keep?: (place: Place) => boolean;
  listStyle?: CSSProperties;
  onChoose(place: Place): void;
}) {
  const { texts, query, countries, keep } = props;
  const id = useId();
  const search = useLoad<Place[]>(query, () => searchPlaces(query ?? '', countries), { delay: TYPING_DEBOUNCE_MS });
  const found = search.result?.ok ? search.result.value : [];
  const places = keep ? found.filter(keep) : found;
  const shown = query !== null;
  return (
    <div className="widget-part">
      <label className={props.labelClassName} htmlFor={`${id}-search`}>
        {texts.search}
      </label>
      <input
        {...props.input}
        id={`${id}-search`}
        className="widget-control"
        type="search"
        autoComplete="off"
        aria-controls={`${id}-results`}
        value={props.typed}
        onInput={(e) => props.onType(e.currentTarget.value)}
        onChange={() => undefined}
      />
      <div id={`${id}-results`} aria-live="polite">
        {shown && search.loading && <p className="widget-subtitle">{texts.searching}</p>}
        {shown && !search.loading && search.result && !search.result.ok && <p className="widget-subtitle">{texts.searchFailed}</p>}
        {shown && !search.loading && search.result?.ok && places.length === 0 && <p className="widget-subtitle">{texts.noResults}</p>}
        {shown && places.length > 0 && (
          <ul className="widget-place-results" aria-label={texts.results} style={props.listStyle}>
            {places.map((place) => (
              <li key={place.placeId}>
                <button type="button" className="widget-place" data-place-id={place.placeId} onClick={() => props.onChoose(place)}>
                  {place.description}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** One address part: its label (a star when required), a choice of `options` or a text input. */
export function AddressPart(props: {
  label: string;
  required: boolean;
  describedBy: string | undefined;
  /** A select of these (and an empty choice) instead of a text input. */
  options?: readonly string[];
  /** The text input's suggestions: codes, each shown with its name. */
  suggestions?: readonly { code: string; name: string }[];
  /** The text input's data-field. */
  field?: string;
  inputMode?: 'tel';
  disabled?: boolean;
  value: string;
  onChange(value: string): void;
}) {
  const { describedBy, options, suggestions, value, onChange } = props;
  const listId = useId();
  return (
    <label className="widget-part">
      <span className="widget-part-label">
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </span>
      {options ? (
        <select className="widget-control" aria-describedby={describedBy} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="" />
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <DebouncedInput
          aria-describedby={describedBy}
          data-field={props.field}
          list={suggestions ? listId : undefined}
          inputMode={props.inputMode}
          disabled={props.disabled}
          value={value}
          onCommit={onChange}
        />
      )}
      {suggestions && (
        <datalist id={listId}>
          {suggestions.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name}
            </option>
          ))}
        </datalist>
      )}
    </label>
  );
}
