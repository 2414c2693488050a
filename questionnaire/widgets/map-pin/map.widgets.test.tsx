// @vitest-environment happy-dom
/** Views of the map widgets: the map-search address (both variants) and the map pin. */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appContextAtom, resolveContext } from '../../../core/config/config';
import { resetGoogleMaps } from '../../../core/maps/google';
import { installGoogleDouble, uninstallGoogleDouble } from '../../../core/maps/google-double';
import { hearthStore } from '../../../core/state/store';
import { testRoot } from '../../../core/testing/react-root';
import type { WidgetEnvironment } from '../../client/widget-module';
import type { WidgetFolder } from '../tags';
import { loadWidgetUnderFakeTimers, pauseTyping, renderWidget, typeText } from '../testing';
import { widgetTexts as w } from '../texts';
import type { Values } from '../widget';

const places = vi.hoisted(() => ({
  search: vi.fn(async (_typed: string, _countries: readonly string[]) => ({
    ok: true as const,
    value: [
      { description: '1 Main St, Provo, UT, USA', lat: 40.2338, lng: -111.6585, kind: 'address' as const, placeId: 'a1' },
      { description: '84601, Provo, UT, USA', lat: 40.23, lng: -111.66, kind: 'zip' as const, placeId: 'z1' },
    ],
  })),
  reverse: vi.fn(async (_lat: number, _lng: number) => ({
    street: '50 State St', city: 'Salt Lake City', county: 'Salt Lake', state: 'UT', postalCode: '84111', formattedAddress: '50 State St, Salt Lake City, UT 84111',
  })),
}));
vi.mock('../../../core/places/places', async (original) => ({ ...(await original<object>()), searchPlaces: places.search }));
vi.mock('../../../core/places/reverse-api', () => ({ reverseGeocode: places.reverse }));
// The tile layer asks our API for its basemap: none here (the map keeps its grid).
vi.mock('../../../core/maps/basemap', () => ({ loadBasemap: async () => null }));

const env = { advance: vi.fn() } as unknown as WidgetEnvironment & { advance: ReturnType<typeof vi.fn> };

beforeEach(() => {
  vi.useFakeTimers();
  places.search.mockClear();
  places.reverse.mockClear();
  env.advance.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});
const dom = testRoot();

async function render(folder: WidgetFolder, markup: string, initial: Values = {}) {
  return renderWidget(dom, await loadWidgetUnderFakeTimers(folder), markup, { initial, env });
}
const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
const type = typeText;
const buttonNamed = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
const field = (name: string) => dom.container.querySelector<HTMLInputElement>(`input[data-field="${name}"]`);
const click = (button: Element) => act(() => void (button as HTMLElement).click());

function grantLocation(state: 'granted' | 'prompt') {
  const getCurrentPosition = vi.fn();
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: { query: async () => ({ state, addEventListener: () => undefined, removeEventListener: () => undefined }) },
    geolocation: { getCurrentPosition },
  });
  return getCurrentPosition;
}

describe('<hu-map-search-address> view', () => {
  it('hides the fields until manual mode; Enter address manually / Back; the §2 rows', async () => {
    await render('map-address', '<hu-map-search-address hu-title="Home" prefix="m_">');
    const search = dom.container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(search.placeholder).toBe('Search address here');
    expect(field('street')).toBeNull();
    click(buttonNamed('Enter address manually')!);
    expect(field('street')).not.toBeNull();
    const rows = [...dom.container.querySelectorAll('.widget-row')].map((row) => [...row.querySelectorAll('[data-field], select')].map((c) => c.getAttribute('data-field') ?? 'apt-type'));
    expect(rows).toEqual([['street-number', 'street', 'apt-type', 'apt-number'], ['city', 'postal-code', 'county'], ['province-state', 'country'], ['short-state', 'short-country']]);
    click(buttonNamed('Back')!);
    expect(field('street')).toBeNull();
    expect(buttonNamed('Enter address manually')).toBeDefined();
  });

  it('starts in manual mode when the context holds a city (first variant only)', async () => {
    await render('map-address', '<hu-map-search-address prefix="m_">', { m_city: 'Provo' });
    expect(field('city')!.value).toBe('Provo');
    await render('map-address', '<hu-map-search-address-2 prefix="m_">', { m_city: 'Provo' });
    expect(field('city')).toBeNull();
  });

  it('enables the apt number only with a valid apt type, writing both spellings', async () => {
    const view = await render('map-address', '<hu-map-search-address prefix="m_">');
    click(buttonNamed('Enter address manually')!);
    expect(field('apt-number')!.disabled).toBe(true);
    const select = dom.container.querySelector<HTMLSelectElement>('select')!;
    act(() => {
      select.value = 'Suite';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(view.values()).toMatchObject({ 'm_apt-type': 'Suite', m_apt_type: 'Suite' });
    expect(field('apt-number')!.disabled).toBe(false);
    type(field('street-number')!, '12');
    pauseTyping();
    expect(view.values()).toMatchObject({ 'm_street-number': '12', m_street_number: '12', 'm_street-address': '12', m_street_address: '12' });
  });

  it('searches our places (restricted to the countries) and fills the fields from a choice', async () => {
    const view = await render('map-address', '<hu-map-search-address prefix="m_" country-restriction="us" place-types="address">');
    type(dom.container.querySelector<HTMLInputElement>('input[type="search"]')!, '1 Main');
    await act(async () => void (await vi.advanceTimersByTimeAsync(250)));
    expect(places.search).toHaveBeenCalledWith('1 Main', ['us']);
    // place-types="address" leaves out the ZIP.
    expect(buttonNamed('84601, Provo, UT, USA')).toBeUndefined();
    click(buttonNamed('1 Main St, Provo, UT, USA')!);
    expect(view.values()).toMatchObject({
      'm_street-number': '1', m_street_number: '1', m_street: 'Main St', m_city: 'Provo', 'm_province-state': 'UT', 'm_short-country': 'USA',
      m_full_country: 'United States', m_lat: '40.2338', m_lng: '-111.6585',
    });
    expect(field('city')!.value).toBe('Provo');
    expect(dom.container.querySelector<HTMLInputElement>('input[type="search"]')!.value).toBe('1 Main St, Provo, UT, USA');
    expect(dom.container.querySelector('[part="map"]')!.getAttribute('data-center')).toBe('40.233800,-111.658500');
  });

  it('offers the current location only when permitted and asked for; high accuracy in the first variant', async () => {
    let locate = grantLocation('prompt');
    await render('map-address', '<hu-map-search-address prefix="m_" show-current-location>');
    await flush();
    expect(buttonNamed('Use my current location')).toBeUndefined();

    locate = grantLocation('granted');
    await render('map-address', '<hu-map-search-address prefix="m_">');
    await flush();
    expect(buttonNamed('Use my current location')).toBeUndefined();

    const view = await render('map-address', '<hu-map-search-address prefix="m_" show-current-location>');
    await flush();
    click(buttonNamed('Use my current location')!);
    expect(dom.container.textContent).toContain('Getting current location.....');
    expect(locate.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true });
    await act(async () => {
      locate.mock.calls[0]![0]({ coords: { latitude: 40.76, longitude: -111.89 } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(places.reverse).toHaveBeenCalledWith(40.76, -111.89);
    expect(dom.container.textContent).not.toContain('Getting current location.....');
    expect(view.values()).toMatchObject({ m_city: 'Salt Lake City', m_county: 'Salt Lake', 'm_zip-code': '84111', m_lat: '40.76' });
    expect(dom.container.querySelector<HTMLInputElement>('input[type="search"]')!.value).toBe('50 State St, Salt Lake City, UT 84111');

    await render('map-address', '<hu-map-search-address-2 prefix="m_" show-current-location>');
    await flush();
    click(buttonNamed('Use my current location')!);
    expect(locate.mock.calls[1]![2]).toMatchObject({ enableHighAccuracy: false });
    // A failure silently ends the locating state.
    await act(async () => {
      locate.mock.calls[1]![1]({ code: 1 });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(dom.container.textContent).not.toContain('Getting current location.....');
    expect(dom.container.querySelector('[part="widget-error"]')).toBeNull();
  });

  it('reverse-geocodes the lat/lng query parameters when set to, not otherwise', async () => {
    window.history.replaceState(null, '', '/?lat=40.7608&lng=-111.891');
    await render('map-address', '<hu-map-search-address prefix="m_">');
    await flush();
    expect(places.reverse).not.toHaveBeenCalled();
    const view = await render('map-address', '<hu-map-search-address prefix="m_" use-query-location>');
    await flush();
    expect(places.reverse).toHaveBeenCalledWith(40.7608, -111.891);
    expect(view.values()).toMatchObject({ m_street: 'State St', 'm_street-number': '50', m_lat: '40.7608', m_lng: '-111.891', m_short_state: 'UT' });
    expect(field('street')!.value).toBe('State St');
    window.history.replaceState(null, '', '/?lat=400&lng=-111.891');
    places.reverse.mockClear();
    await render('map-address', '<hu-map-search-address prefix="m_" use-query-location>');
    await flush();
    expect(places.reverse).not.toHaveBeenCalled();
  });
});

describe('<hu-map-search-address> re-initialisation', () => {
  it('re-initialises 500 ms after it becomes visible again (not on the first report)', async () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    window.history.replaceState(null, '', '/?lat=40.7608&lng=-111.891');
    await render('map-address', '<hu-map-search-address prefix="m_" use-query-location>');
    await flush();
    expect(places.reverse).toHaveBeenCalledTimes(1);
    act(() => report([{ isIntersecting: true }]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(places.reverse).toHaveBeenCalledTimes(1);
    // Hidden, the page's point changes, shown again: asked again only 500 ms later.
    act(() => report([{ isIntersecting: false }]));
    window.history.replaceState(null, '', '/?lat=37.1&lng=-113.5');
    act(() => report([{ isIntersecting: true }]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(499)));
    expect(places.reverse).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(places.reverse).toHaveBeenLastCalledWith(37.1, -113.5);
  });
});

describe('<hu-map-search-address> with a partner maps key (Google double)', () => {
  afterEach(() => {
    uninstallGoogleDouble();
    resetGoogleMaps();
    hearthStore.set(appContextAtom, null);
  });

  it("uses Google's autocomplete (restricted to the countries) instead of ours, and fills the fields from a pick", async () => {
    const place = { formatted_address: '50 S State St, Salt Lake City, UT 84111, USA', location: { lat: 40.7651, lng: -111.8879 }, place_id: 'g-50', types: ['street_address'], country: 'us' };
    const double = installGoogleDouble({ places: [place] });
    hearthStore.set(appContextAtom, { context: resolveContext({ mapsKey: 'AIza-test' }), source: 'network', error: null } as never);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const view = await render('map-address', '<hu-map-search-address prefix="m_" country-restriction="us">');
    vi.useRealTimers();
    await vi.waitFor(() => expect(dom.container.querySelector('[data-search]')!.getAttribute('data-search')).toBe('google'));
    const autocomplete = double.autocompletes[0]!;
    expect(autocomplete.options.componentRestrictions).toEqual({ country: ['us'] });
    const search = dom.container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(autocomplete.input).toBe(search);
    type(search, 'state st');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(places.search).not.toHaveBeenCalled();
    const item = autocomplete.container.querySelector<HTMLElement>('.pac-item')!;
    expect(item.textContent).toBe(place.formatted_address);
    act(() => item.click());
    expect(view.values()).toMatchObject({ 'm_street-number': '50', m_street: 'S State St', m_city: 'Salt Lake City', 'm_postal-code': '84111', m_short_state: 'UT', m_lat: '40.7651', m_lng: '-111.8879' });
    expect(field('street')!.value).toBe('S State St');
  });
});

describe('<hu-map-pin> view', () => {
  it('shows the hint until the first move, lifts the pin while moving, writes the centre after 500 ms, then Looks good advances', async () => {
    const view = await render('map-pin', '<hu-map-pin hu-title="Pin" variables="p_lat,p_lng" required>');
    const map = dom.container.querySelector<HTMLElement>('[part="map"]')!;
    const pin = dom.container.querySelector<HTMLElement>('[part="map-pin"]')!;
    expect(dom.container.querySelector('[part="map-hint"]')!.textContent).toBe('Drag the map to reposition the pin');
    expect(map.getAttribute('data-zoom')).toBe('21');
    expect(map.getAttribute('data-center')).toBe('40.760800,-111.891000');
    const looksGood = buttonNamed('Looks good')!;
    expect(looksGood.disabled).toBe(true);

    act(() => void map.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(dom.container.querySelector('[part="map-hint"]')).toBeNull();
    expect(pin.getAttribute('data-state')).toBe('moving');
    act(() => vi.advanceTimersByTime(499));
    expect(view.seen).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(pin.getAttribute('data-state')).toBe('idle');
    const { p_lat, p_lng } = view.values();
    expect(Number(p_lat)).toBeCloseTo(40.7608, 6);
    expect(Number(p_lng)).toBeGreaterThan(-111.891);
    expect(buttonNamed('Looks good')!.disabled).toBe(false);
    click(buttonNamed('Looks good')!);
    expect(env.advance).toHaveBeenCalledTimes(1);
  });

  it('zooms within 12…21 from the keyboard and its buttons', async () => {
    await render('map-pin', '<hu-map-pin variables="p_lat,p_lng" zoom="13">');
    const map = dom.container.querySelector<HTMLElement>('[part="map"]')!;
    const zoomOut = dom.container.querySelector<HTMLButtonElement>(`button[aria-label="${w.mapPin.zoomOut}"]`)!;
    click(zoomOut);
    expect(map.getAttribute('data-zoom')).toBe('12');
    expect(zoomOut.disabled).toBe(true);
    act(() => void map.dispatchEvent(new KeyboardEvent('keydown', { key: '-', bubbles: true })));
    expect(map.getAttribute('data-zoom')).toBe('12');
    act(() => void map.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true })));
    expect(map.getAttribute('data-zoom')).toBe('13');
  });

  it('hides Looks good on the last step', async () => {
    (env as { lastStep?: boolean }).lastStep = true;
    try {
      await render('map-pin', '<hu-map-pin variables="p_lat,p_lng">', { p_lat: '37.1', p_lng: '-113.5' });
      expect(buttonNamed('Looks good')).toBeUndefined();
    } finally {
      delete (env as { lastStep?: boolean }).lastStep;
    }
  });

  it('starts at the stored point', async () => {
    await render('map-pin', '<hu-map-pin variables="p_lat,p_lng">', { p_lat: '37.1', p_lng: '-113.5' });
    expect(dom.container.querySelector('[part="map"]')!.getAttribute('data-center')).toBe('37.100000,-113.500000');
    expect(buttonNamed('Looks good')!.disabled).toBe(false);
  });
});
