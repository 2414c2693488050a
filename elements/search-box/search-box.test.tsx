// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchTexts as t } from '../../core/i18n/search';
import type { Place } from '../../core/places/places';
import { usePlaceSearch, type PlaceSearchOptions } from '../../core/places/use-place-search';
import { SearchBoxView } from './search-box.view';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const provo: Place = { description: 'Provo, UT, USA', lat: 40.23, lng: -111.66, kind: 'city', placeId: 'city:provo' };

function Harness(props: PlaceSearchOptions) {
  const behaviour = usePlaceSearch(props);
  return <SearchBoxView behaviour={behaviour} label={t.inputLabel} />;
}

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
const input = () => container.querySelector('input')!;
const options = () => [...container.querySelectorAll('[role="option"]')].map((o) => o.textContent);
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const type = (value: string) =>
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('<hearth-search-box> behaviour (spec §2, §9)', () => {
  it("shows the placeholder 'Search by City, ZIP, or Address'", () => {
    act(() => root.render(<Harness countries={['us']} onSelect={vi.fn()} search={vi.fn(async () => [])} />));
    expect(input().placeholder).toBe('Search by City, ZIP, or Address');
  });

  it("offers 'Current location' 150 ms after focus, not before", async () => {
    act(() => root.render(<Harness countries={['us']} onSelect={vi.fn()} search={vi.fn(async () => [])} />));
    act(() => input().dispatchEvent(new FocusEvent('focus')));
    act(() => input().focus());
    await advance(149);
    expect(options()).toEqual([]);
    await advance(1);
    expect(options()).toEqual(['Current location']);
  });

  it('asks for suggestions only from 1000 ms after load', async () => {
    const search = vi.fn(async () => [provo]);
    act(() => root.render(<Harness countries={['us', 'np']} onSelect={vi.fn()} search={search} />));
    type('Pro');
    await advance(500);
    expect(search).not.toHaveBeenCalled();
    await advance(500);
    await advance(250);
    expect(search).toHaveBeenCalledWith('Pro', ['us', 'np']);
    expect(options()).toEqual(['Current location', 'Provo, UT, USACity']);
  });

  it('shows the clear button only with text, and clears', async () => {
    act(() => root.render(<Harness countries={['us']} onSelect={vi.fn()} search={vi.fn(async () => [])} />));
    expect(container.querySelector('[part="clear"]')).toBeNull();
    type('84101');
    const clear = container.querySelector<HTMLButtonElement>('[part="clear"]')!;
    expect(clear.getAttribute('aria-label')).toBe(t.clear);
    act(() => clear.click());
    expect(input().value).toBe('');
  });

  it('picks a suggestion with the arrow keys and Enter', async () => {
    const onSelect = vi.fn();
    act(() => root.render(<Harness countries={['us']} onSelect={onSelect} search={vi.fn(async () => [provo])} />));
    await advance(1000);
    type('Pro');
    await advance(250);
    act(() => input().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    act(() => input().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    expect(input().getAttribute('aria-activedescendant')).toBe(container.querySelectorAll('[role="option"]')[1]!.id);
    await act(async () => {
      input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onSelect).toHaveBeenCalledWith(provo);
    expect(input().value).toBe('Provo, UT, USA');
  });

  it('says location support is off when geolocation is denied', async () => {
    const onSelect = vi.fn();
    act(() => root.render(<Harness countries={['us']} onSelect={onSelect} search={vi.fn(async () => [])} locate={async () => ({ ok: false })} />));
    act(() => input().dispatchEvent(new FocusEvent('focus')));
    act(() => input().focus());
    await advance(150);
    await act(async () => {
      container.querySelector<HTMLLIElement>('[data-kind="current-location"]')!.click();
    });
    expect(container.querySelector('[role="alert"]')!.textContent).toBe(
      'There is no location support on this device or it is disabled. Please check your settings.',
    );
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('uses the position for Current location', async () => {
    const onSelect = vi.fn();
    act(() => root.render(<Harness countries={['us']} onSelect={onSelect} search={vi.fn(async () => [])} locate={async () => ({ ok: true, lat: 40.7, lng: -111.9 })} />));
    act(() => input().focus());
    await advance(150);
    await act(async () => {
      container.querySelector<HTMLLIElement>('[data-kind="current-location"]')!.click();
    });
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ kind: 'current-location', lat: 40.7, lng: -111.9 }));
  });
});

describe('results landing while arrowing through', () => {
  it('keep the highlighted suggestion highlighted', async () => {
    const slc: Place = { description: 'Salt Lake City, UT, USA', lat: 40.76, lng: -111.89, kind: 'city', placeId: 'city:slc' };
    const search = vi.fn(async () => [slc, provo]);
    const onSelect = vi.fn();
    act(() => root.render(<Harness countries={['us']} onSelect={onSelect} search={search} />));
    await advance(1000);
    type('salt');
    await advance(250);
    for (let i = 0; i < 3; i++) act(() => input().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    type('salt l');
    await advance(250);
    await act(async () => {
      input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onSelect).toHaveBeenCalledWith(provo);
  });
});
