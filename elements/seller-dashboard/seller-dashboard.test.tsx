// @vitest-environment happy-dom
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sellerTexts as t } from '../../core/i18n/sellers';
import type { PinPoint } from '../../core/sellers/home-pin';
import type { MyListingsPage } from '../../core/sellers/sellers-api';
import { changeFilter, INITIAL_FILTER } from '../../core/sellers/use-seller-dashboard';
import { EMPTY_START_FORM, startFormComplete, startFormFrom, startFormFromTyped, startFormText, type StartPin } from '../../core/sellers/use-start-listing';
import { testRoot } from '../../core/testing/react-root';
import { DashboardView, homeDetailHref, StartView } from './seller-dashboard.view';

// The pin's map asks our API for its basemap: none here (the map keeps its grid).
vi.mock('../../core/maps/basemap', () => ({ loadBasemap: async () => null }));

type Props = Parameters<typeof DashboardView>[0];

const page: MyListingsPage = {
  page: 1,
  numPages: 2,
  total: 11,
  hasNext: true,
  hasPrev: false,
  items: [
    {
      id: '41',
      listingStatus: 'SCHEDULED',
      homeDetailUrl: 'https://hearth.test/account/home-detail/41',
      currentQueue: { shortName: 'Review', statusName: 'Ready to publish' },
      sellerListing: { id: '900000001', classification: 'sale', listingAddress: '12 E Main St, Salt Lake City, UT 84105', priceInPennies: 45_000_000, priceCurrencyCode: 'USD', coverPhotoUri: 'https://hearth.test/p.jpg', bedrooms: 3, bathrooms: 2, area: 1850 },
    },
  ],
};

const base: Props = {
  state: { status: 'loaded', page },
  filter: INITIAL_FILTER,
  busy: false,
  siteBase: 'https://hearth.test',
  homeDetailUrl: '',
  signIn: () => {},
  reload: () => {},
  setView: () => {},
  setStatus: () => {},
  setSearch: () => {},
  setPage: () => {},
};

const dom = testRoot();
const render = (node: React.ReactNode) => {
  dom.render(node);
  return dom.container;
};

describe('DashboardView', () => {
  it('lists each home with its status, step and a link to its home detail', () => {
    const view = render(<DashboardView {...base} />);
    const home = view.querySelector('[part="home"]')!;
    expect(home.getAttribute('data-state')).toBe('SCHEDULED');
    expect(home.querySelector('[part="home-link"]')!.getAttribute('href')).toBe('https://hearth.test/account/home-detail/41');
    expect(home.querySelector('[part="status"]')!.textContent).toBe(t.status.SCHEDULED);
    expect(home.textContent).toContain('For sale · $450,000 · 3 bd · 2 ba · 1,850 sq ft');
    expect(home.textContent).toContain(t.dashboard.step('Review'));
    expect(view.querySelector('[part="pager"]')!.textContent).toContain(t.dashboard.page(1, 2));
  });

  it('pages and filters through its callbacks', () => {
    const onPage = vi.fn();
    const onView = vi.fn();
    const view = render(<DashboardView {...base} setPage={onPage} setView={onView} />);
    const [prev, next] = [...view.querySelectorAll('[part="pager"] button')] as HTMLButtonElement[];
    expect(prev!.disabled).toBe(true);
    act(() => next!.click());
    expect(onPage).toHaveBeenCalledWith(2);
    const select = view.querySelector('select') as HTMLSelectElement;
    act(() => {
      select.value = 'RENT';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onView).toHaveBeenCalledWith('RENT');
  });

  it('says when there is nothing, filtered or not, and asks a visitor to sign in', () => {
    const empty = { ...page, items: [], total: 0, numPages: 1, hasNext: false };
    let view = render(<DashboardView {...base} state={{ status: 'loaded', page: empty }} />);
    expect(view.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('empty');
    expect(view.querySelector('[part="message"]')!.textContent).toBe(t.dashboard.empty);
    view = render(<DashboardView {...base} state={{ status: 'loaded', page: empty }} filter={{ ...INITIAL_FILTER, statusTypeFilter: 'PUBLISHED' }} />);
    expect(view.querySelector('[part="message"]')!.textContent).toBe(t.dashboard.emptyFiltered);
    view = render(<DashboardView {...base} state={{ status: 'signed-out' }} />);
    expect(view.querySelector('[part="sign-in"]')!.textContent).toBe(t.signIn);
  });
});

describe('the dashboard’s rules', () => {
  it('any filter change but the page goes back to page 1', () => {
    const onPage3 = { ...INITIAL_FILTER, page: 3 };
    expect(changeFilter(onPage3, { searchFilter: 'main' })).toEqual({ ...INITIAL_FILTER, searchFilter: 'main', page: 1 });
    expect(changeFilter(onPage3, { page: 4 }).page).toBe(4);
  });

  it('home detail links follow the template, escaped', () => {
    expect(homeDetailHref('seller.html?case={caseId}', 'https://hearth.test', '41')).toBe('seller.html?case=41');
    expect(homeDetailHref('', 'https://hearth.test', '41')).toBe('https://hearth.test/account/home-detail/41');
    expect(homeDetailHref('/x/{caseId}', '', 'a/b')).toBe('/x/a%2Fb');
  });
});

describe('StartView', () => {
  it('fills in what is known at the point and checks the form', () => {
    const form = startFormFrom({ address: '', city: 'Salt Lake City', county: 'Salt Lake', short_state: 'UT', zip_code: '84105', exact: false });
    expect(startFormComplete(form)).toBe(false);
    expect(startFormComplete({ ...form, address: '12 E Main St' })).toBe(true);
    expect(startFormComplete({ ...form, address: '12 E Main St', zip_code: '8410' })).toBe(false);
    const onSubmit = vi.fn();
    const view = render(<StartView lookup={{ status: 'found', exact: false }} form={form} busy={false} error={t.start.missing} change={() => {}} submit={onSubmit} />);
    expect(view.textContent).toContain(t.start.areaOnly);
    expect(view.querySelector('[role="alert"]')!.textContent).toBe(t.start.missing);
    act(() => (view.querySelector('[part="submit"]') as HTMLButtonElement).click());
    expect(onSubmit).toHaveBeenCalled();
    expect(startFormFrom(null)).toEqual(EMPTY_START_FORM);
  });

  it('a typed address (issue 36): its parts fill the form, the intro says how near its pin is, and the parts read as one line again', () => {
    const typed = { address: '1234 S 700 E', aptSuite: 'Apt 5', city: 'Salt Lake City', county: 'Salt Lake', short_state: 'UT', zip_code: '84106', lat: 40.7, lng: -111.87, located: 'ZIP' as const };
    const form = startFormFromTyped(typed);
    expect(form).toEqual({ ...EMPTY_START_FORM, address: '1234 S 700 E', aptSuite: 'Apt 5', city: 'Salt Lake City', county: 'Salt Lake', short_state: 'UT', zip_code: '84106' });
    expect(startFormComplete(form)).toBe(true);
    expect(startFormText(form)).toBe('1234 S 700 E, Apt 5, Salt Lake City, UT 84106');
    expect(startFormText({ ...EMPTY_START_FORM, address: '100 N Main St', city: 'Provo' })).toBe('100 N Main St, Provo');
    let view = render(<StartView lookup={{ status: 'typed', located: 'ZIP' }} form={form} busy={false} error={null} change={() => {}} submit={() => {}} />);
    expect(view.querySelector('[part="message"]')!.textContent).toBe(t.start.typed.ZIP);
    expect((view.querySelector('input[autocomplete="street-address"]') as HTMLInputElement).value).toBe('1234 S 700 E');
    view = render(<StartView lookup={{ status: 'refused', message: 'The address must be at most 200 characters.' }} form={EMPTY_START_FORM} busy={false} error={null} change={() => {}} submit={() => {}} />);
    expect(view.querySelector('[part="message"]')!.textContent).toBe('The address must be at most 200 characters.');
  });

  it("the home's pin (issue 36): says how precisely it was placed, and the arrow keys on the focused map move it east and north", async () => {
    const placed = { lat: 40.7, lng: -111.87 };
    const moves: PinPoint[] = [];
    function Harness() {
      const [at, setAt] = useState<PinPoint | null>(null);
      const pin: StartPin = { placed, at: at ?? placed, precision: 'ZIP', moved: at !== null, problem: null };
      const form = { ...EMPTY_START_FORM, address: '1234 S 700 E', city: 'Salt Lake City', short_state: 'UT', zip_code: '84106' };
      const movePin = (to: PinPoint) => {
        moves.push(to);
        setAt(to);
      };
      return <StartView lookup={{ status: 'typed', located: 'ZIP' }} form={form} busy={false} error={null} change={() => {}} submit={() => {}} pin={pin} movePin={movePin} />;
    }
    const view = render(<Harness />);
    expect(view.querySelector('[part="pin-precision"]')!.textContent).toBe(t.start.pin.precision.ZIP);
    // The map is its own chunk, imported once a pin is shown.
    await act(async () => {
      await import('./home-pin-map');
      for (let i = 0; i < 8; i++) await Promise.resolve();
    });
    const map = view.querySelector<HTMLElement>('[part="map"]')!;
    expect(map.getAttribute('aria-label')).toBe(t.start.pin.label);
    expect(map.tabIndex).toBe(0);
    expect(map.getAttribute('data-zoom')).toBe('15');
    expect(map.getAttribute('data-center')).toBe('40.700000,-111.870000');

    act(() => void map.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(moves).toHaveLength(1);
    expect(moves[0]!.lat).toBeCloseTo(placed.lat, 9);
    expect(moves[0]!.lng).toBeGreaterThan(placed.lng);
    act(() => void map.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true })));
    expect(moves).toHaveLength(2);
    expect(moves[1]!.lat).toBeGreaterThan(placed.lat);
    expect(moves[1]!.lng).toBeCloseTo(moves[0]!.lng, 9);
    // The map follows the pin, and the text says it moved.
    expect(map.getAttribute('data-center')).toBe(`${moves[1]!.lat.toFixed(6)},${moves[1]!.lng.toFixed(6)}`);
    expect(view.querySelector('[part="pin-precision"]')!.textContent).toBe(t.start.pin.moved);
    // Zooming does not move the pin.
    act(() => void map.dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true })));
    expect(map.getAttribute('data-zoom')).toBe('16');
    expect(moves).toHaveLength(2);
  });
});
