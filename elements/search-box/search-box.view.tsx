/**
 * <hearth-search-box>: the place search box of spec §2 — placeholder 'Search by City, ZIP, or Address',
 * 'Current location' while focused, a clear (×) button when text is present, suggestions restricted to the
 * partner's countries: Google's places dropdown when the partner config holds a maps key (core/maps/google,
 * a lazy chunk attached once autocomplete starts), else — and whenever Google cannot load — our server's
 * place search.
 */
import { useId, useRef, useState, type RefObject } from 'react';
import { appContextAtom } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { searchTexts as t } from '../../core/i18n/search';
import { DEFAULT_COUNTRIES, locationSlug, type Place } from '../../core/places/places';
import { usePlaceSearch } from '../../core/places/use-place-search';
import { useHearthValue } from '../../core/state/hooks';
import { useSignalEffect } from '../../core/state/use-signal-effect';

type Behaviour = ReturnType<typeof usePlaceSearch>;

export function SearchBoxView({
  behaviour,
  label,
  inputRef,
  source = 'server',
}: {
  behaviour: Behaviour;
  label: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  source?: SuggestionSource;
}) {
  const id = useId();
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const { text, open, options, active, status, geoError } = behaviour;
  // Typed text that found no place says so under the box, in the page's flow: never as a dropdown row over what
  // follows (on /sell, the Start Listing button that takes the address as typed), and the list stays closed.
  const noMatch = open && status === 'ready' && text.trim() !== '' && !options.some((place) => place.kind !== 'current-location');
  const expanded = open && options.length > 0 && !noMatch;

  return (
    <div className="search" part="base" data-state={status} data-suggestions={source}>
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
          aria-describedby={noMatch ? `${id}-no-match` : undefined}
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
      </ul>
      <p className="no-match" part="no-match" id={`${id}-no-match`} role="status">
        {noMatch ? t.noPlaces : ''}
      </p>
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

/** Which suggestions the box shows: Google's (with a maps key, once attached) or our server's. */
export type SuggestionSource = 'server' | 'google-loading' | 'google';

export function SearchBox({ searchPage, value, label, element }: SearchBoxProps) {
  const context = useHearthValue(appContextAtom)?.context;
  const countries = context?.partner.addressSearchComponentRestrictions?.country ?? DEFAULT_COUNTRIES;
  const mapsKey = context?.mapsKey ?? null;
  const input = useRef<HTMLInputElement>(null);
  const [googleFailed, setGoogleFailed] = useState(false);
  const source: SuggestionSource = !mapsKey || googleFailed ? 'server' : 'google-loading';
  const [attached, setAttached] = useState(false);
  const behaviour = usePlaceSearch({
    countries,
    initialText: value,
    external: source !== 'server',
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
  // Google's places dropdown, attached when autocomplete starts (spec §9: 1000 ms after load).
  const countryKey = countries.join(',');
  const { ready, choose } = behaviour;
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  useSignalEffect(
    (signal) => {
      const node = input.current;
      if (!mapsKey || googleFailed || !ready || !node) return;
      import('../../core/maps/google')
        .then((google) =>
          google.attachAutocomplete(mapsKey, node, {
            countries: countryKey.split(','),
            onPlace: (place) => void chooseRef.current({ description: place.location, lat: place.lat, lng: place.lng, kind: place.kind, placeId: place.placeId }),
          }),
        )
        .then(
          (detach) => {
            if (signal.aborted) return detach();
            signal.addEventListener('abort', detach);
            setAttached(true);
          },
          () => signal.aborted || setGoogleFailed(true),
        );
      return () => setAttached(false);
    },
    [mapsKey, googleFailed, ready, countryKey],
  );

  return <SearchBoxView behaviour={behaviour} label={label || t.inputLabel} inputRef={input} source={attached && source !== 'server' ? 'google' : source} />;
}
