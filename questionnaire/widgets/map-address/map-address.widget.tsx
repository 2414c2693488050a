/**
 * hu-map-search-address / hu-map-search-address-2 (widget spec §2, §4, §5, §7): the search box 'Search
 * address here' over our place search (core/places, restricted to `country-restriction`, default US and
 * NP, and to `place-types`), 'Use my current location' when `show-current-location` is set and the
 * browser's location permission is granted ('Getting current location.....' while locating; a failure
 * silently ends it; high accuracy in the first variant only), 'Enter address manually' / 'Back', and the
 * address fields in the §2 rows, hidden until manual mode or a selection. With `use-query-location` the
 * page's `lat`/`lng` query parameters are reverse-geocoded (core/places/reverse-api) into the fields. The
 * first variant starts in manual mode when the context holds a city. The widget re-initialises 500 ms
 * after it becomes visible. The chosen point shows on the keyless tile map.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { appContextAtom } from '../../../core/config/config';
import { DEFAULT_COUNTRIES, type Place } from '../../../core/places/places';
import { reverseGeocode } from '../../../core/places/reverse-api';
import { useHearthValue } from '../../../core/state/hooks';
import { useSignalEffect } from '../../../core/state/use-signal-effect';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { APARTMENT_TYPES } from '../../reference/lists';
import { AddressPart, PlaceSearch, SEARCH_MIN_CHARS } from '../address-parts';
import { MAP_PIN_DEFAULT_ZOOM } from '../map-pin/map-pin.rules';
import { useAdoptedSheet, WidgetMap } from '../map-pin/widget-map';
import { widgetTexts } from '../texts';
import { attr, flag, isRequired, list } from '../widget';
import {
  coordinateText,
  countryParts,
  isFirstVariant,
  listedAptType,
  MAP_ADDRESS_ROWS,
  mapAddressRules,
  mapChange,
  mapValue,
  placeComponents,
  placeMatchesTypes,
  REINIT_AFTER_VISIBLE_MS,
  requiredComponents,
  validCoordinate,
  type MapAddressField,
} from './map-address.rules';

const t = widgetTexts.mapAddress;
/** Ours: how long a device position may take. */
const LOCATE_TIMEOUT_MS = 10_000;

type Permission = 'granted' | 'prompt' | 'denied' | 'unknown';

/** The browser's location permission, followed while the widget lives (spec §4: the link is enabled only when granted). */
function useLocationPermission(generation: number): Permission {
  const [state, setState] = useState<Permission>('unknown');
  useSignalEffect((signal) => {
    let status: PermissionStatus | undefined;
    const update = () => !signal.aborted && status && setState(status.state as Permission);
    const permissions = globalThis.navigator?.permissions;
    if (!permissions?.query) return;
    permissions.query({ name: 'geolocation' as PermissionName }).then(
      (found) => {
        status = found;
        update();
        found.addEventListener?.('change', update);
      },
      () => signal.aborted || setState('unknown'),
    );
    return () => status?.removeEventListener?.('change', update);
  }, [generation]);
  return state;
}

function position(highAccuracy: boolean): Promise<{ lat: number; lng: number } | null> {
  const geolocation = globalThis.navigator?.geolocation;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: highAccuracy, timeout: LOCATE_TIMEOUT_MS, maximumAge: 0 },
    ),
  );
}

/** Counts up each time the element becomes visible, 500 ms after (spec §4 re-initialise). */
function useVisibleGeneration(ref: { current: HTMLElement | null }): number {
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let visible: boolean | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      const now = entry.isIntersecting;
      // The first report is the start (already initialised); a later hidden → visible re-initialises.
      if (visible === false && now) {
        clearTimeout(timer);
        timer = setTimeout(() => setGeneration((g) => g + 1), REINIT_AFTER_VISIBLE_MS);
      }
      visible = now;
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [ref]);
  return generation;
}

function MapAddressWidget({ spec, values, onChange, errors, showErrors }: WidgetProps) {
  const root = useRef<HTMLDivElement>(null);
  const first = isFirstVariant(spec);
  const get = (field: MapAddressField) => mapValue(spec, values, field);
  const [manual, setManual] = useState(() => first && get('city') !== '');
  const [typed, setTyped] = useState('');
  const [locating, setLocating] = useState(false);
  useAdoptedSheet(root);
  const generation = useVisibleGeneration(root);
  const permission = useLocationPermission(generation);
  const latest = useRef({ values, onChange });
  latest.current = { values, onChange };
  const mapsKey = useHearthValue(appContextAtom)?.context?.mapsKey ?? null;
  /** With a maps key: Google's autocomplete on the search box (spec §7); a failed setup is not shown (§8), ours serves. */
  const [google, setGoogle] = useState<'off' | 'on' | 'failed'>('off');
  const searchInput = useRef<HTMLInputElement>(null);

  const required = new Set<MapAddressField>(requiredComponents(spec));
  const restricted = list(attr(spec, 'country-restriction')).map((c) => c.toLowerCase());
  const countries = restricted.length ? restricted : DEFAULT_COUNTRIES;
  const types = list(attr(spec, 'place-types')).map((c) => c.toLowerCase());
  const set = (change: Partial<Record<MapAddressField, string>>) => onChange(mapChange(spec, change));
  const setField = (field: MapAddressField, value: string) => {
    const change: Partial<Record<MapAddressField, string>> = { [field]: value };
    if (field === 'apt-type' && !listedAptType(value)) change['apt-number'] = '';
    if (field === 'street-number' || field === 'street') {
      const number = field === 'street-number' ? value : get('street-number');
      const street = field === 'street' ? value : get('street');
      change['street-address'] = [number, street].filter(Boolean).join(' ');
    }
    if (field === 'postal-code') change['zip-code'] = value;
    if (field === 'country') {
      const country = countryParts(value);
      change['short-country'] = country.code;
      change['full-country'] = country.name;
    }
    set(change);
  };

  /** Fills the fields from a point (query parameters, device position): reverse geocoded, formatted address in the box. */
  const fillFromPoint = useCallback(
    async (lat: number, lng: number) => {
      const point = { lat: coordinateText(lat), lng: coordinateText(lng) };
      const change: Partial<Record<MapAddressField, string>> = { ...point };
      const fromGoogle = mapsKey ? await import('./google-address').then((g) => g.googleReverse(mapsKey, lat, lng)) : null;
      const found = fromGoogle ? null : await reverseGeocode(lat, lng);
      if (fromGoogle) {
        Object.assign(change, fromGoogle.components);
        setTyped(fromGoogle.formattedAddress);
      } else if (found) {
        const match = /^(\d+[A-Za-z-]*)\s+(.*)$/.exec(found.street);
        Object.assign(change, {
          'street-address': found.street,
          'street-number': match ? match[1]! : '',
          street: match ? match[2]! : found.street,
          city: found.city,
          county: found.county,
          'province-state': found.state,
          'short-state': found.state,
          'postal-code': found.postalCode,
          'zip-code': found.postalCode,
        });
        // Our address data is of US listings: a US state code names the country.
        if (found.state) Object.assign(change, { country: 'United States', 'short-country': 'USA', 'full-country': 'United States' });
        setTyped(found.formattedAddress);
      }
      latest.current.onChange(mapChange(spec, change));
      setManual(true);
    },
    [spec, mapsKey],
  );

  // Start (and re-initialise when visible again): the query parameters, the manual mode of the first variant.
  useEffect(() => {
    if (first && mapValue(spec, latest.current.values, 'city') !== '') setManual(true);
    if (!flag(spec, 'use-query-location')) return;
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    const lat = params.get('lat') ?? '';
    const lng = params.get('lng') ?? '';
    if (!validCoordinate(lat, 90) || !validCoordinate(lng, 180)) return;
    // A point already answered is not overwritten on re-initialisation.
    if (
      mapValue(spec, latest.current.values, 'lat') === coordinateText(Number(lat)) &&
      mapValue(spec, latest.current.values, 'lng') === coordinateText(Number(lng))
    )
      return;
    void fillFromPoint(Number(lat), Number(lng));
  }, [generation, spec, first, fillFromPoint]);

  const query = typed.trim();
  const searching = query.length >= SEARCH_MIN_CHARS && !locating && google !== 'on';
  const [chosen, setChosen] = useState('');

  const chooseRef = useRef<(place: Place) => void>(() => undefined);
  const countryKey = countries.join(',');
  const typeKey = types.join(',');
  useSignalEffect((signal) => {
    const node = searchInput.current;
    if (!mapsKey || !node) return;
    import('../../../core/maps/google')
      .then((g) =>
        g.attachAutocomplete(mapsKey, node, {
          countries: countryKey.split(','),
          onPlace: (place) => {
            const chosen = { description: place.location, lat: place.lat, lng: place.lng, kind: place.kind, placeId: place.placeId };
            if (placeMatchesTypes(chosen, typeKey ? typeKey.split(',') : [])) chooseRef.current(chosen);
          },
        }),
      )
      .then(
        (detach) => {
          if (signal.aborted) return detach();
          signal.addEventListener('abort', detach);
          setGoogle('on');
        },
        () => signal.aborted || setGoogle('failed'),
      );
    return () => setGoogle('off');
  }, [mapsKey, countryKey, typeKey]);

  const choose = (place: Place) => {
    const change = placeComponents(place);
    set({ ...change, 'apt-type': get('apt-type'), 'apt-number': get('apt-number') });
    setChosen(place.description);
    setTyped(place.description);
    setManual(true);
  };
  chooseRef.current = choose;

  const locate = async () => {
    setLocating(true);
    const found = await position(first);
    if (found) await fillFromPoint(found.lat, found.lng);
    // Spec §8: a failure silently ends the locating state.
    setLocating(false);
  };

  const lat = get('lat');
  const lng = get('lng');
  const hasPoint = validCoordinate(lat, 90) && validCoordinate(lng, 180);
  const aptTypeValid = listedAptType(get('apt-type')) !== '';

  const field = (name: MapAddressField, describedBy: string | undefined) => (
    <AddressPart
      key={name}
      label={name === 'postal-code' && countryParts(get('country')).code === 'USA' ? t.fields['zip-code'] : t.fields[name]}
      required={required.has(name) || (name === 'apt-number' && aptTypeValid)}
      describedBy={describedBy}
      options={name === 'apt-type' ? APARTMENT_TYPES : undefined}
      field={name}
      disabled={name === 'apt-number' && !aptTypeValid}
      value={get(name)}
      onChange={(value) => setField(name, value)}
    />
  );

  return (
    <WidgetFrame
      spec={spec}
      errors={errors}
      showErrors={showErrors}
      required={isRequired(spec) || required.size > 0}
      preview={mapAddressRules.display(spec, values)}
    >
      {(ids) => (
        <div className="widget-map-address" ref={root} data-manual={manual} data-variant={first ? 1 : 2} data-search={google === 'on' ? 'google' : 'ours'}>
          <PlaceSearch
            texts={t}
            labelClassName="visually-hidden"
            input={{ ref: searchInput, part: 'input', placeholder: t.searchPlaceholder, 'aria-describedby': ids.describedBy }}
            typed={typed}
            onType={setTyped}
            query={searching && query !== chosen ? query : null}
            countries={countries}
            keep={(place) => placeMatchesTypes(place, types)}
            onChoose={choose}
          />
          <div className="widget-map-links">
            {flag(spec, 'show-current-location') && permission === 'granted' && !locating && (
              <button type="button" className="widget-link" part="current-location" onClick={() => void locate()}>
                {t.currentLocation}
              </button>
            )}
            {locating && (
              <p className="widget-subtitle" role="status">
                {t.locating}
              </p>
            )}
            {manual ? (
              <button type="button" className="widget-link" part="back" onClick={() => setManual(false)}>
                {t.back}
              </button>
            ) : (
              <button type="button" className="widget-link" part="manual" onClick={() => setManual(true)}>
                {t.manual}
              </button>
            )}
          </div>
          {manual &&
            MAP_ADDRESS_ROWS.map((row, i) =>
              i === 0 ? (
                <div key="street" className="widget-row" data-columns={3}>
                  {field('street-number', ids.describedBy)}
                  {field('street', ids.describedBy)}
                  <div className="widget-map-apt" role="group" aria-label={t.aptGroup}>
                    {field('apt-type', ids.describedBy)}
                    {field('apt-number', ids.describedBy)}
                  </div>
                </div>
              ) : (
                <div key={row.join()} className="widget-row" data-columns={row.length}>
                  {row.map((name) => field(name, ids.describedBy))}
                </div>
              ),
            )}
          {hasPoint && <WidgetMap center={{ lat: Number(lat), lng: Number(lng) }} zoom={MAP_PIN_DEFAULT_ZOOM} label={t.map} interactive={false} />}
        </div>
      )}
    </WidgetFrame>
  );
}

export default { Widget: MapAddressWidget, rules: mapAddressRules } satisfies WidgetModule;
