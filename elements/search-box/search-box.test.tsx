// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchTexts as t } from '../../core/i18n/search';
import type { Place } from '../../core/places/places';
import { usePlaceSearch, type PlaceSearchOptions } from '../../core/places/use-place-search';
import { appContextAtom, resolveContext } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { installGoogleDouble, uninstallGoogleDouble } from '../../core/maps/google-double';
import { resetGoogleMaps } from '../../core/maps/google';
import { hearthStore } from '../../core/state/store';
import { testRoot } from '../../core/testing/react-root';
import { SearchBox, SearchBoxView } from './search-box.view';


const provo: Place = { description: 'Provo, UT, USA', lat: 40.23, lng: -111.66, kind: 'city', placeId: 'city:provo' };

/** A device that can locate, unless a test says otherwise. */
function Harness(props: PlaceSearchOptions) {
  const behaviour = usePlaceSearch({ supported: async () => true, ...props });
  return <SearchBoxView behaviour={behaviour} label={t.inputLabel} />;
}

const dom = testRoot();
const input = () => dom.container.querySelector('input')!;
const options = () => [...dom.container.querySelectorAll('[role="option"]')].map((o) => o.textContent);
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const type = (value: string) =>
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('<hearth-search-box> behaviour (spec §2, §9)', () => {
  it("shows the placeholder 'Search by City, ZIP, or Address'", () => {
    dom.render(<Harness countries={['us']} onSelect={vi.fn()} search={vi.fn(async () => ({ ok: true as const, value: [] }))} />);
    expect(input().placeholder).toBe('Search by City, ZIP, or Address');
  });

  it("offers 'Current location' 150 ms after focus, not before", async () => {
    dom.render(<Harness countries={['us']} onSelect={vi.fn()} search={vi.fn(async () => ({ ok: true as const, value: [] }))} />);
    act(() => input().dispatchEvent(new FocusEvent('focus')));
    act(() => input().focus());
    await advance(149);
    expect(options()).toEqual([]);
    await advance(1);
    expect(options()).toEqual(['Current location']);
  });

  it('asks for suggestions only from 1000 ms after load', async () => {
    const search = vi.fn(async () => ({ ok: true as const, value: [provo] }));
    dom.render(<Harness countries={['us', 'np']} onSelect={vi.fn()} search={search} />);
    type('Pro');
    await advance(500);
    expect(search).not.toHaveBeenCalled();
    await advance(500);
    await advance(250);
    expect(search).toHaveBeenCalledWith('Pro', ['us', 'np']);
    // What the person typed for comes first; 'Current location' stays within reach, last.
    expect(options()).toEqual(['Provo, UT, USACity', 'Current location']);
  });

  it('shows the clear button only with text, and clears', async () => {
    dom.render(<Harness countries={['us']} onSelect={vi.fn()} search={vi.fn(async () => ({ ok: true as const, value: [] }))} />);
    expect(dom.container.querySelector('[part="clear"]')).toBeNull();
    type('84101');
    const clear = dom.container.querySelector<HTMLButtonElement>('[part="clear"]')!;
    expect(clear.getAttribute('aria-label')).toBe(t.clear);
    act(() => clear.click());
    expect(input().value).toBe('');
  });

  it('picks a suggestion with the arrow keys and Enter', async () => {
    const onSelect = vi.fn();
    dom.render(<Harness countries={['us']} onSelect={onSelect} search={vi.fn(async () => ({ ok: true as const, value: [provo] }))} />);
    await advance(1000);
    type('Pro');
    await advance(250);
    act(() => input().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    expect(input().getAttribute('aria-activedescendant')).toBe(dom.container.querySelectorAll('[role="option"]')[0]!.id);
    await act(async () => {
      input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onSelect).toHaveBeenCalledWith(provo);
    expect(input().value).toBe('Provo, UT, USA');
  });

  it('says location support is off when geolocation is denied', async () => {
    const onSelect = vi.fn();
    dom.render(<Harness countries={['us']} onSelect={onSelect} search={vi.fn(async () => ({ ok: true as const, value: [] }))} locate={async () => ({ ok: false })} />);
    act(() => input().dispatchEvent(new FocusEvent('focus')));
    act(() => input().focus());
    await advance(150);
    await act(async () => {
      dom.container.querySelector<HTMLLIElement>('[data-kind="current-location"]')!.click();
    });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(
      'There is no location support on this device or it is disabled. Please check your settings.',
    );
    expect(onSelect).not.toHaveBeenCalled();
    // Said once: the shortcut that cannot work is not offered again.
    act(() => input().blur());
    await advance(150);
    act(() => input().focus());
    await advance(150);
    expect(options()).toEqual([]);
  });

  it('on a device without location offers no Current location, so nothing ends in an error', async () => {
    const search = vi.fn(async () => ({ ok: true as const, value: [provo] }));
    dom.render(<Harness countries={['us']} onSelect={vi.fn()} search={search} supported={async () => false} />);
    act(() => input().focus());
    await advance(1000);
    expect(options()).toEqual([]);
    expect(dom.container.querySelector('[part="options"]')!.hasAttribute('hidden')).toBe(true);
    type('Pro');
    await advance(250);
    expect(options()).toEqual(['Provo, UT, USACity']);
    expect(dom.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('says under the box when typed text finds no place, with the list closed, with or without Current location', async () => {
    for (const supported of [async () => true, async () => false]) {
      dom.render(<Harness countries={['us']} onSelect={vi.fn()} search={vi.fn(async () => ({ ok: true as const, value: [] }))} supported={supported} />);
      act(() => input().focus());
      await advance(1000);
      type('Zzz');
      await advance(250);
      // Said under the box, the list closed: nothing drawn over what follows (/sell's Start Listing button).
      expect(dom.container.querySelector('[part="no-match"]')!.textContent).toBe(t.noPlaces);
      expect(input().getAttribute('aria-describedby')).toBe(dom.container.querySelector('[part="no-match"]')!.id);
      expect(options()).toEqual([]);
      expect(dom.container.querySelector('[part="options"]')!.hasAttribute('hidden')).toBe(true);
      expect(input().getAttribute('aria-expanded')).toBe('false');
      // Enter picks nothing unseen and is left to the page (a form submits the address as typed).
      for (const key of ['ArrowDown', 'Enter']) {
        const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
        act(() => input().dispatchEvent(event));
        if (key === 'Enter') expect(event.defaultPrevented).toBe(false);
      }
      expect(input().getAttribute('aria-activedescendant')).toBeNull();
      dom.remount();
    }
  });

  it('uses the position for Current location', async () => {
    const onSelect = vi.fn();
    dom.render(<Harness countries={['us']} onSelect={onSelect} search={vi.fn(async () => ({ ok: true as const, value: [] }))} locate={async () => ({ ok: true, lat: 40.7, lng: -111.9 })} />);
    act(() => input().focus());
    await advance(150);
    await act(async () => {
      dom.container.querySelector<HTMLLIElement>('[data-kind="current-location"]')!.click();
    });
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ kind: 'current-location', lat: 40.7, lng: -111.9 }));
  });
});

describe('results landing while arrowing through', () => {
  it('keep the highlighted suggestion highlighted', async () => {
    const slc: Place = { description: 'Salt Lake City, UT, USA', lat: 40.76, lng: -111.89, kind: 'city', placeId: 'city:slc' };
    const search = vi.fn(async () => ({ ok: true as const, value: [slc, provo] }));
    const onSelect = vi.fn();
    dom.render(<Harness countries={['us']} onSelect={onSelect} search={search} />);
    await advance(1000);
    type('salt');
    await advance(250);
    for (let i = 0; i < 2; i++) act(() => input().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    type('salt l');
    await advance(250);
    await act(async () => {
      input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onSelect).toHaveBeenCalledWith(provo);
  });
});

describe('with a partner maps key: Google places autocomplete (test double)', () => {
  const slc = { formatted_address: 'Salt Lake City, UT, USA', location: { lat: 40.7608, lng: -111.891 }, place_id: 'g-slc', types: ['locality'], country: 'us' };
  let double: ReturnType<typeof installGoogleDouble>;
  const emit = vi.fn();
  const element = { tag: 'hearth-search-box', host: document.createElement('div'), emit } as unknown as ElementHandle;
  const setKey = (mapsKey: string | undefined) =>
    hearthStore.set(appContextAtom, { context: resolveContext({ mapsKey }), source: 'network', error: null } as never);
  const source = () => dom.container.querySelector('[part="base"]')!.getAttribute('data-suggestions');

  beforeEach(() => {
    resetGoogleMaps();
    emit.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    double = installGoogleDouble({ places: [slc] });
    // A device that can locate (happy-dom has no geolocation).
    Object.defineProperty(navigator, 'geolocation', { value: {}, configurable: true });
  });
  afterEach(() => {
    delete (navigator as { geolocation?: unknown }).geolocation;
    uninstallGoogleDouble();
    hearthStore.set(appContextAtom, null);
    vi.restoreAllMocks();
  });

  it('attaches Google\'s dropdown once autocomplete starts (1000 ms), restricted to the partner countries; a pick emits hearth-search-changed', async () => {
    setKey('AIza-test');
    dom.render(<SearchBox searchPage="" value="" label="" element={element} />);
    await advance(999);
    expect(double.autocompletes).toHaveLength(0);
    await advance(1);
    await vi.waitFor(() => expect(source()).toBe('google'));
    const autocomplete = double.autocompletes[0]!;
    expect(autocomplete.input).toBe(input());
    expect(autocomplete.options.componentRestrictions).toEqual({ country: ['us', 'np'] });

    // Empty box: our 'Current location' shortcut. Typed text: Google's dropdown, not our list.
    act(() => input().focus());
    await advance(150);
    expect(options()).toEqual(['Current location']);
    type('salt');
    await advance(300);
    expect(options()).toEqual([]);
    expect([...autocomplete.container.querySelectorAll('.pac-item')].map((n) => n.textContent)).toEqual(['Salt Lake City, UT, USA']);
    // Arrow keys belong to Google while there is text.
    const down = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    act(() => input().dispatchEvent(down));
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    await act(async () => {
      input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(emit).toHaveBeenCalledWith('search-changed', {
      description: 'Salt Lake City, UT, USA',
      lat: 40.7608,
      lng: -111.891,
      kind: 'city',
      placeId: 'g-slc',
      location: 'Salt-Lake-City,-UT,-USA',
    });
    expect(input().value).toBe('Salt Lake City, UT, USA');

    dom.remount();
    expect(document.querySelector('.pac-container')).toBeNull();
  });

  it('without a key loads nothing of Google and uses our server search', async () => {
    setKey(undefined);
    dom.render(<SearchBox searchPage="" value="" label="" element={element} />);
    await advance(1500);
    expect(source()).toBe('server');
    expect(double.imported).toEqual([]);
    expect(double.autocompletes).toHaveLength(0);
  });

  it('falls back to our server search when Google cannot load', async () => {
    const google = (window as unknown as { google: { maps: { importLibrary(name: string): Promise<unknown> } } }).google;
    google.maps.importLibrary = () => Promise.reject(new Error('blocked by CSP'));
    setKey('AIza-test');
    dom.render(<SearchBox searchPage="" value="" label="" element={element} />);
    await advance(1000);
    await vi.waitFor(() => expect(source()).toBe('server'));
    expect(double.autocompletes).toHaveLength(0);
  });
});
