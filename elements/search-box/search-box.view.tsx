/**
 * <hearth-search-box>: the place search box of spec §2 — placeholder 'Search by City, ZIP, or Address',
 * 'Current location' while focused, a clear (×) button when text is present, suggestions from our
 * server restricted to the partner's countries.
 */
import { useId, useRef } from 'react';
import { appContextAtom } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { searchTexts as t } from '../../core/i18n/search';
import { DEFAULT_COUNTRIES, locationSlug, type Place } from '../../core/places/places';
import { usePlaceSearch } from '../../core/places/use-place-search';
import { useHearthValue } from '../../core/state/hooks';

type Behaviour = ReturnType<typeof usePlaceSearch>;

export function SearchBoxView({ behaviour, label }: { behaviour: Behaviour; label: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const { text, open, options, active, status, geoError } = behaviour;
  const expanded = open && options.length > 0;

  return (
    <div className="search" part="base" data-state={status}>
      <div className="field" part="field">
        <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="M15.5 15.5 21 21" />
        </svg>
        <input
          ref={input}
          className="input"
          part="input"
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder={t.placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={text}
          onFocus={behaviour.onFocus}
          onBlur={behaviour.onBlur}
          onChange={(event) => behaviour.onInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (behaviour.onKeyDown(event.key)) event.preventDefault();
          }}
        />
        {text && (
          <button
            type="button"
            className="clear"
            part="clear"
            aria-label={t.clear}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              behaviour.clear();
              input.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </div>
      <ul className="options" part="options" id={listId} role="listbox" aria-label={t.suggestions} hidden={!expanded}>
        {options.map((place, i) => (
          <li
            key={place.placeId}
            id={optionId(i)}
            className="option"
            part={place.kind === 'current-location' ? 'option current-location' : 'option'}
            role="option"
            aria-selected={i === active}
            data-kind={place.kind}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void behaviour.choose(place)}
          >
            <span className="option-text">{place.description}</span>
            {place.kind !== 'current-location' && <span className="option-kind">{t.kinds[place.kind] ?? ''}</span>}
          </li>
        ))}
        {expanded && status === 'ready' && options.length === 1 && text.trim() && (
          <li className="option empty" role="option" aria-disabled="true" aria-selected={false}>
            {t.noPlaces}
          </li>
        )}
      </ul>
      {geoError && (
        <p className="geo-error" part="error" role="alert">
          {geoError}
        </p>
      )}
    </div>
  );
}

export interface SearchChangedDetail {
  description: string;
  lat: number;
  lng: number;
  kind: Place['kind'];
  placeId: string;
  /** The search route's location segment, e.g. 'Salt-Lake-City,-UT,-USA'. */
  location: string;
}

export interface SearchBoxProps {
  searchPage: string;
  value: string;
  label: string;
  element: ElementHandle;
}

export function SearchBox({ searchPage, value, label, element }: SearchBoxProps) {
  const context = useHearthValue(appContextAtom)?.context;
  const countries = context?.partner.addressSearchComponentRestrictions?.country ?? DEFAULT_COUNTRIES;
  const behaviour = usePlaceSearch({
    countries,
    initialText: value,
    onSelect: (place) => {
      const detail: SearchChangedDetail = { ...place, location: locationSlug(place.description) };
      element.emit('search-changed', detail);
      if (searchPage) {
        const url = new URL(searchPage, location.href);
        url.searchParams.set('location', detail.location);
        url.searchParams.set('lat', String(place.lat));
        url.searchParams.set('lng', String(place.lng));
        location.assign(url.href);
      }
    },
  });
  return <SearchBoxView behaviour={behaviour} label={label || t.inputLabel} />;
}
