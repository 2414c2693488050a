/**
 * Behaviour of the place search box (spec §2, §8, §9) as a hook: suggestions start 1000 ms after load,
 * focus is debounced 150 ms, typing 200 ms; 'Current location' is offered while focused — first on an empty box,
 * after the places once something is typed, and not at all on a device without location (none, or denied):
 * offering what cannot work would only lead to an error. The listbox follows the ARIA combobox pattern
 * (arrows, Enter, Escape).
 *
 * `external`: another provider (Google places autocomplete, with a partner maps key) shows the
 * suggestions for typed text in its own dropdown and handles the keys while there is text; this hook then
 * makes no server search and offers only 'Current location' while the box is empty.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSignalEffect, wanted } from '../state/use-signal-effect';
import { searchTexts as t } from '../i18n/search';
import { currentPosition, locationSupported } from './geolocation';
import { AUTOCOMPLETE_START_MS, FOCUS_DEBOUNCE_MS, searchPlaces, TYPING_DEBOUNCE_MS, type Place } from './places';

export type SuggestStatus = 'idle' | 'loading' | 'ready' | 'failed';

const CURRENT_LOCATION: Place = { description: t.currentLocation, lat: 0, lng: 0, kind: 'current-location', placeId: 'current-location' };

/**
 * The options of the list for the box's text: 'Current location' alone on an empty box, after the places
 * found once something is typed (the places are what the person asked for; none when none were found); with an
 * external provider only on an empty box; never when the device cannot locate.
 */
export function placeOptions(text: string, suggestions: Place[], { external, canLocate }: { external: boolean; canLocate: boolean }): Place[] {
  const here = canLocate ? [CURRENT_LOCATION] : [];
  if (text.trim() === '') return here;
  // Typed text that found nothing closes the list (the box says so in the page's flow): no list of one option
  // over the page, which Enter or an arrow could pick unseen.
  return external || suggestions.length === 0 ? [] : [...suggestions, ...here];
}

export interface PlaceSearchOptions {
  countries: readonly string[];
  initialText?: string;
  onSelect: (place: Place) => void;
  search?: typeof searchPlaces;
  locate?: typeof currentPosition;
  /** Whether the device can locate at all (no geolocation, or permission denied: no). */
  supported?: typeof locationSupported;
  /** Suggestions for typed text come from elsewhere (Google's dropdown). */
  external?: boolean;
}

export function usePlaceSearch({ countries, initialText = '', onSelect, search = searchPlaces, locate = currentPosition, supported = locationSupported, external = false }: PlaceSearchOptions) {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const [suggestions, setSuggestions] = useState<Place[]>([]);
  const [status, setStatus] = useState<SuggestStatus>('idle');
  const [active, setActiveState] = useState(-1);
  // Mirrors of state for the async result handler, which must not re-run on every keystroke.
  const activeRef = useRef(-1);
  const shown = useRef<Place[]>([]);
  const setActive = useCallback((next: number | ((current: number) => number)) => {
    setActiveState((current) => {
      const value = typeof next === 'function' ? next(current) : next;
      activeRef.current = value;
      return value;
    });
  }, []);
  const [geoError, setGeoError] = useState<string | null>(null);
  const [canLocate, setCanLocate] = useState(() => Boolean(globalThis.navigator?.geolocation));
  // Asked once, when the box starts (a denial after that is learnt from the failed attempt).
  const askSupport = useRef(supported);
  useSignalEffect((signal) => void wanted(signal, askSupport.current()).then(setCanLocate), []);
  const optionsFor = (value: string, found: Place[]) => placeOptions(value, found, { external, canLocate });
  const latestOptions = useRef(optionsFor);
  latestOptions.current = optionsFor;
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef(0);
  const latest = useRef({ onSelect, countries });
  latest.current = { onSelect, countries };

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), AUTOCOMPLETE_START_MS);
    return () => clearTimeout(timer);
  }, []);

  // Suggestions for the current text, once autocomplete has started.
  useEffect(() => {
    if (!ready) return;
    const query = text.trim();
    if (!query || external) {
      setSuggestions([]);
      setStatus('idle');
      return;
    }
    const id = ++request.current;
    const timer = setTimeout(() => {
      setStatus('loading');
      void search(query, latest.current.countries).then((found) => {
        if (id !== request.current) return;
        if (!found.ok) {
          setStatus('failed');
          return;
        }
        // Keep the highlighted option if it is still offered: results may land while arrowing through.
        const highlighted = activeRef.current >= 0 ? latestOptions.current(query, shown.current)[activeRef.current]?.placeId : undefined;
        const kept = highlighted === undefined ? -1 : latestOptions.current(query, found.value).findIndex((p) => p.placeId === highlighted);
        setSuggestions(found.value);
        setStatus('ready');
        setActive(kept);
      });
    }, TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, ready, search, setActive, external]);

  useEffect(() => () => clearTimeout(focusTimer.current), []);

  shown.current = suggestions;
  // With an external provider, typed text is its business: our list is only 'Current location' on an empty box.
  const handsOff = external && text.trim() !== '';
  const options: Place[] = open ? optionsFor(text, suggestions) : [];

  const choose = useCallback(
    async (place: Place) => {
      setOpen(false);
      setActive(-1);
      if (place.kind !== 'current-location') {
        setText(place.description);
        latest.current.onSelect(place);
        return;
      }
      setGeoError(null);
      const position = await locate();
      if (!position.ok) {
        // Said once; the option is not offered again.
        setGeoError(t.geolocationDenied);
        setCanLocate(false);
        return;
      }
      setText(t.currentLocation);
      latest.current.onSelect({ ...CURRENT_LOCATION, lat: position.lat, lng: position.lng });
    },
    [locate],
  );

  return {
    text,
    open,
    options,
    active,
    status,
    geoError,
    ready,
    onFocus() {
      clearTimeout(focusTimer.current);
      focusTimer.current = setTimeout(() => setOpen(true), FOCUS_DEBOUNCE_MS);
    },
    onBlur() {
      clearTimeout(focusTimer.current);
      focusTimer.current = setTimeout(() => setOpen(false), FOCUS_DEBOUNCE_MS);
    },
    onInput(value: string) {
      setText(value);
      setOpen(true);
      setGeoError(null);
    },
    clear() {
      setText('');
      setSuggestions([]);
      setActive(-1);
      setStatus('idle');
    },
    choose,
    onKeyDown(key: string): boolean {
      if (handsOff) return false;
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        setOpen(true);
        const count = optionsFor(text, suggestions).length;
        if (count === 0) return true;
        setActive((i) => (key === 'ArrowDown' ? (i + 1) % count : (i <= 0 ? count : i) - 1));
        return true;
      }
      if (key === 'Escape') {
        setOpen(false);
        setActive(-1);
        return open;
      }
      if (key === 'Enter') {
        const pick = options[active] ?? (external ? undefined : suggestions[0]);
        if (pick) void choose(pick);
        // Nothing to pick: Enter is the page's (in a form, e.g. /sell's, it submits the address as typed).
        return Boolean(pick);
      }
      return false;
    },
  };
}
