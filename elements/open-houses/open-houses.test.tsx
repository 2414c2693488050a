// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../core/auth/session';
import { openHouseTexts as t, tourTexts } from '../../core/i18n/tours';
import { hearthStore } from '../../core/state/store';
import type { Result } from '../../core/graphql/call';
import { testRoot } from '../../core/testing/react-root';
import type { OpenHouseListing, SellerOpenHouse } from '../../core/tours/open-houses-api';
import * as api from '../../core/tours/open-houses-api';
import { showToast } from '../../core/ui/toasts';
import { listingPageUrl, OpenHouses, OpenHousesView, sellerRow, type OpenHousesViewProps } from './open-houses.view';
import { openHousesState, type OpenHousesListing } from './use-open-houses';

vi.mock('../../core/tours/open-houses-api', () => ({
  loadOpenHouseListing: vi.fn(),
  loadSellerOpenHouses: vi.fn(),
  createOpenHouse: vi.fn(),
  saveOpenHouse: vi.fn(),
}));
vi.mock('../../core/ui/toasts', () => ({ showToast: vi.fn() }));
vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(async () => undefined),
}));


const ZONE = 'America/Denver';
/** Wed Jan 14 2026, 10:05 am MST. */
const NOW = new Date('2026-01-14T17:05:00Z');

const listing: OpenHousesListing = {
  id: '1002',
  slugId: '1387-s-1100-e-salt-lake-city-ut-84105',
  listingCodeId: 'HRT1002',
  timeZone: ZONE,
  address: { streetLine1: '1387 S 1100 E', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84105' },
};

const sellerOpenHouse = (overrides: Partial<SellerOpenHouse> = {}): SellerOpenHouse => ({
  id: '7',
  listingId: '1002',
  startDateTime: '2026-01-17T17:00:00.000Z', // Sat Jan 17, 10 am MST
  endDateTime: '2026-01-17T19:00:00.000Z', // 12 pm MST
  isActive: true,
  isVirtual: false,
  virtualUrl: null,
  fromFeed: false,
  openHouseStatus: 'Active',
  tourListing: { id: '1002', slugId: listing.slugId, listingCodeId: listing.listingCodeId, timeZone: ZONE },
  ...overrides,
});

const cancelled = sellerOpenHouse({ id: '8', startDateTime: '2026-01-18T20:00:00.000Z', endDateTime: '2026-01-18T21:00:00.000Z', isActive: false, openHouseStatus: 'Cancelled' });
const ended = sellerOpenHouse({ id: '9', startDateTime: '2026-01-10T17:00:00.000Z', endDateTime: '2026-01-10T18:00:00.000Z' });
const ongoing = sellerOpenHouse({ id: '10', startDateTime: '2026-01-14T16:30:00.000Z', endDateTime: '2026-01-14T18:00:00.000Z' });
const fromFeed = sellerOpenHouse({ id: '11', fromFeed: true });

const dom = testRoot();


afterEach(() => {
  vi.clearAllMocks();
});

const noop = () => {};
const baseProps: OpenHousesViewProps = {
  state: { status: 'loading' },
  now: NOW,
  siteBase: 'https://hearth.test',
  dialog: null,
  busy: false,
  dialogError: null,
  focusId: null,
  clearFocus: noop,
  reload: noop,
  open: noop,
  close: noop,
  saveTimes: noop,
  confirmStatus: noop,
};

function render(props: Partial<OpenHousesViewProps>) {
  dom.render(<OpenHousesView {...baseProps} {...props} />);
  return dom.container;
}

const rows = () => [...dom.container.querySelectorAll<HTMLLIElement>('[part="open-house"]')];
const buttonsOf = (row: Element) => [...row.querySelectorAll('[part="actions"] button')].map((b) => b.textContent);

describe('sellerRow (what a seller may do, at a fixed clock)', () => {
  it('active upcoming: Edit and Cancel; cancelled upcoming: Edit and Activate', () => {
    expect(sellerRow(sellerOpenHouse(), NOW)).toEqual({ state: 'active', canEdit: true, canCancel: true, canActivate: false });
    expect(sellerRow(cancelled, NOW)).toEqual({ state: 'cancelled', canEdit: true, canCancel: false, canActivate: true });
  });

  it('ongoing: no Edit (its start is past) but Cancel; over or from the feed: nothing', () => {
    expect(sellerRow(ongoing, NOW)).toEqual({ state: 'active', canEdit: false, canCancel: true, canActivate: false });
    expect(sellerRow(ended, NOW)).toEqual({ state: 'ended', canEdit: false, canCancel: false, canActivate: false });
    expect(sellerRow(fromFeed, NOW)).toEqual({ state: 'active', canEdit: false, canCancel: false, canActivate: false });
    // The moment it ends it is over.
    expect(sellerRow(ongoing, new Date(ongoing.endDateTime)).state).toBe('ended');
  });
});

describe('openHousesState (which view)', () => {
  const publicListing: Result<OpenHouseListing | null> = {
    ok: true,
    value: { ...listing, openHouse: [{ id: '7', startDateTime: 'a', endDateTime: 'b', isActive: true, isVirtual: false, virtualUrl: null, ical: null }] },
  };

  it('the seller’s list when openHousesByListing answers; the public list when it says NOT_FOUND or nobody is signed in', () => {
    expect(openHousesState(publicListing, { ok: true, value: [cancelled] })).toMatchObject({ status: 'seller', openHouses: [cancelled] });
    expect(openHousesState(publicListing, { ok: false, failure: { kind: 'not-found', message: 'Listing not found.', code: 'NOT_FOUND', argument: null } }).status).toBe('public');
    expect(openHousesState(publicListing, null)).toMatchObject({ status: 'public', listing: { timeZone: ZONE } });
  });

  it('failed on any other error; missing when there is no such public listing', () => {
    expect(openHousesState(publicListing, { ok: false, failure: { kind: 'network', message: 'Failed to fetch', code: null, argument: null } }).status).toBe('failed');
    expect(openHousesState({ ok: false, failure: { kind: 'server', message: 'x', code: null, argument: null } }, null).status).toBe('failed');
    expect(openHousesState({ ok: true, value: null }, null).status).toBe('missing');
    expect(openHousesState({ ok: true, value: null }, { ok: false, failure: { kind: 'not-found', message: 'Listing not found.', code: 'NOT_FOUND', argument: null } }).status).toBe('missing');
  });

  it('a seller’s unpublished listing takes zone and route from its open houses', () => {
    expect(openHousesState({ ok: true, value: null }, { ok: true, value: [cancelled] })).toMatchObject({
      status: 'seller',
      listing: { slugId: listing.slugId, timeZone: ZONE, address: null },
    });
  });
});

describe('OpenHousesView states', () => {
  it('loading: the heading and a status message', () => {
    const view = render({ state: { status: 'loading' } });
    expect(view.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('loading');
    expect(view.querySelector('[role="status"]')!.textContent).toBe(t.loading);
  });

  it('failed: an alert and Try again', () => {
    const onRetry = vi.fn();
    const view = render({ state: { status: 'failed' }, reload: onRetry });
    expect(view.querySelector('[role="alert"]')!.textContent).toBe(t.failed);
    act(() => view.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('missing: says the listing is not available, without Try again', () => {
    const view = render({ state: { status: 'missing' } });
    expect(view.querySelector('[role="alert"]')!.textContent).toBe(t.missing);
    expect(view.querySelector('[part="retry"]')).toBeNull();
  });

  it('seller, empty: the empty text and Add Open House', () => {
    const onOpen = vi.fn();
    const view = render({ state: { status: 'seller', listing, openHouses: [] }, open: onOpen });
    expect(view.querySelector('[part="empty"]')!.textContent).toBe(t.emptySeller);
    const add = view.querySelector<HTMLButtonElement>('[part="add"]')!;
    expect(add.textContent).toBe('Add Open House');
    act(() => add.click());
    expect(onOpen).toHaveBeenCalledWith({ kind: 'new' });
  });

  it('seller: each open house with date and times in the listing zone, its status and its buttons', () => {
    const onOpen = vi.fn();
    render({ state: { status: 'seller', listing, openHouses: [ongoing, sellerOpenHouse(), cancelled, fromFeed, ended] }, open: onOpen });
    const [a, b, c, d, e] = rows();
    expect(b!.querySelector('[part="when"]')!.textContent).toBe('Sat, Jan 17, 10:00 AM – 12:00 PM');
    expect(b!.querySelector('[part="status"]')!.textContent).toBe('Active');
    expect(buttonsOf(b!)).toEqual(['Edit', 'Cancel']);
    expect(c!.getAttribute('data-state')).toBe('cancelled');
    expect(c!.querySelector('[part="status"]')!.textContent).toBe('Cancelled');
    expect(buttonsOf(c!)).toEqual(['Edit', 'Activate']);
    expect(buttonsOf(a!)).toEqual(['Cancel']);
    expect(d!.textContent).toContain(t.fromFeed);
    expect(buttonsOf(d!)).toEqual([]);
    expect(e!.querySelector('[part="status"]')!.textContent).toBe('Ended');
    expect(buttonsOf(e!)).toEqual([]);
    const cancel = b!.querySelector<HTMLButtonElement>('[part="cancel"]')!;
    expect(cancel.getAttribute('aria-label')).toBe('Cancel open house Sat, Jan 17, 10:00 AM – 12:00 PM');
    act(() => cancel.click());
    expect(onOpen).toHaveBeenCalledWith({ kind: 'cancel', openHouse: sellerOpenHouse() });
    act(() => c!.querySelector<HTMLButtonElement>('[part="activate"]')!.click());
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'activate', openHouse: cancelled });
    act(() => c!.querySelector<HTMLButtonElement>('[part="edit"]')!.click());
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'edit', openHouse: cancelled });
    expect(dom.container.querySelector('[part="zone"]')!.textContent).toBe('Times in America/Denver');
  });

  it('View Listing goes to /listing/{slugId}/{listingCodeId} on the hosted site', () => {
    const view = render({ state: { status: 'public', listing, openHouses: [] } });
    expect(view.querySelector<HTMLAnchorElement>('[part="view-listing"]')!.href).toBe(
      'https://hearth.test/listing/1387-s-1100-e-salt-lake-city-ut-84105/HRT1002',
    );
    expect(listingPageUrl('https://x.test', { slugId: 'a b', listingCodeId: 'C/1' })).toBe('https://x.test/listing/a%20b/C%2F1');
  });

  it('on the listing’s own page (or a dialog over it) the panel has no View Listing; on another page it has', () => {
    const own = '/listing/1387-s-1100-e-salt-lake-city-ut-84105/HRT1002';
    for (const pagePath of [own, `${own}/request-tour`, `/homes${own}`]) {
      const view = render({ state: { status: 'public', listing, openHouses: [] }, pagePath });
      expect(view.querySelector('[part="view-listing"]'), pagePath).toBeNull();
      expect(view.querySelector('[part="heading"]')!.textContent).toBe('Open houses');
    }
    for (const pagePath of ['/account/home-detail/7', '/listing/1387-s-1100-e-salt-lake-city-ut-84105/HRT1001']) {
      expect(render({ state: { status: 'seller', listing, openHouses: [] }, pagePath }).querySelector('[part="view-listing"]'), pagePath).not.toBeNull();
    }
  });

  it('public: the open houses read-only, no buttons, no Add Open House; empty text when none', () => {
    const view = render({
      state: {
        status: 'public',
        listing,
        openHouses: [
          { id: '7', startDateTime: '2026-01-17T17:00:00.000Z', endDateTime: '2026-01-17T19:00:00.000Z', isActive: true, isVirtual: true, virtualUrl: 'https://live.test/7', ical: 'https://api.test/v1/api/open-houses/7/ical' },
          { id: '8', startDateTime: '2026-01-18T17:00:00.000Z', endDateTime: '2026-01-18T19:00:00.000Z', isActive: true, isVirtual: false, virtualUrl: null, ical: null },
        ],
      },
    });
    expect(rows()).toHaveLength(2);
    const calendar = rows()[0]!.querySelector<HTMLAnchorElement>('[part="add-to-calendar"]')!;
    expect(calendar.textContent).toBe('Add to calendar');
    expect(calendar.href).toBe('https://api.test/v1/api/open-houses/7/ical');
    expect(calendar.getAttribute('aria-label')).toBe('Add to calendar: open house Sat, Jan 17, 10:00 AM – 12:00 PM');
    expect(rows()[1]!.querySelector('[part="add-to-calendar"]')).toBeNull();
    expect(rows()[0]!.querySelector('[part="when"]')!.textContent).toBe('Sat, Jan 17, 10:00 AM – 12:00 PM');
    expect(rows()[0]!.querySelector<HTMLAnchorElement>('a[href="https://live.test/7"]')!.textContent).toBe('Join online');
    expect(view.querySelectorAll('button')).toHaveLength(0);
    render({ state: { status: 'public', listing, openHouses: [] } });
    expect(dom.container.querySelector('[part="empty"]')!.textContent).toBe(t.emptyPublic);
  });

  it('the cancel confirm step: title, the open house, numbered steps, Cancel and Cancel Open House', () => {
    const onConfirmStatus = vi.fn();
    const onClose = vi.fn();
    render({ state: { status: 'seller', listing, openHouses: [sellerOpenHouse()] }, dialog: { kind: 'cancel', openHouse: sellerOpenHouse() }, confirmStatus: onConfirmStatus, close: onClose });
    const dialog = dom.container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('h2')!.textContent).toBe('Cancel this open house?');
    expect(dialog.querySelector('.dialog-sub-title')!.textContent).toBe('Sat, Jan 17, 10:00 AM – 12:00 PM');
    expect(dialog.querySelectorAll('ol > li')).toHaveLength(2);
    const [cancel, confirm] = [...dialog.querySelectorAll<HTMLButtonElement>('.dialog-actions button')];
    expect(cancel!.textContent).toBe('Cancel');
    expect(confirm!.textContent).toBe('Cancel Open House');
    act(() => confirm!.click());
    expect(onConfirmStatus).toHaveBeenCalledTimes(1);
    act(() => cancel!.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the activate confirm step says Activate Open House and shows a failed save', () => {
    render({ state: { status: 'seller', listing, openHouses: [cancelled] }, dialog: { kind: 'activate', openHouse: cancelled }, dialogError: 'This open house is over and cannot be activated.' });
    const dialog = dom.container.querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Activate this open house?');
    expect(dialog.querySelector('[part="confirm-confirm"]')!.textContent).toBe('Activate Open House');
    expect(dialog.querySelector('[role="alert"]')!.textContent).toBe('This open house is over and cannot be activated.');
  });

  it('the open house dialog for new and edit, in the listing zone, with the address', () => {
    render({ state: { status: 'seller', listing, openHouses: [cancelled] }, dialog: { kind: 'edit', openHouse: cancelled } });
    const dialog = dom.container.querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Edit Open House');
    expect(dialog.querySelector('.dialog-sub-title')!.textContent).toBe('1387 S 1100 E, Salt Lake City, UT 84105');
    expect(dialog.querySelector<HTMLSelectElement>('select[name="day"]')!.value).toBe('2026-01-18');
    render({ state: { status: 'seller', listing, openHouses: [] }, dialog: { kind: 'new' } });
    expect(dom.container.querySelector('dialog h2')!.textContent).toBe('New Open House');
  });

  it('focuses the changed row’s first button once the dialog is gone', () => {
    const onFocused = vi.fn();
    render({ state: { status: 'seller', listing, openHouses: [sellerOpenHouse(), cancelled] }, focusId: '8', clearFocus: onFocused });
    expect(dom.container.querySelector('[data-id="8"] [part="edit"]')).toBe(document.activeElement);
    expect(onFocused).toHaveBeenCalledTimes(1);
  });
});

// ---------------------------------------------------------------------------------------------------
// Connected: the hook's loads, saves, toasts (spec §8) and refresh, with the API mocked.

const element = () => ({ tag: 'hearth-open-houses', host: document.createElement('div'), emit: vi.fn() });
const flush = async () => {
  for (let i = 0; i < 5; i++) await act(async () => undefined);
};
const publicAnswer = (openHouses: SellerOpenHouse[] = []): Result<OpenHouseListing | null> => ({
  ok: true,
  value: { ...listing, openHouse: openHouses.filter((o) => o.isActive).map(({ id, startDateTime, endDateTime, isActive, isVirtual, virtualUrl }) => ({ id, startDateTime, endDateTime, isActive, isVirtual, virtualUrl, ical: null })) },
});

describe('OpenHouses (connected)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    act(() => hearthStore.set(sessionAtom, { status: 'checking', user: null, token: null }));
  });

  it('logged out: loads only the public list (never asks for the seller’s)', async () => {
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    vi.mocked(api.loadOpenHouseListing).mockResolvedValue(publicAnswer([sellerOpenHouse(), cancelled]));
    await dom.renderAsync(<OpenHouses listingId={1002} element={element()} />);
    await flush();
    expect(api.loadSellerOpenHouses).not.toHaveBeenCalled();
    expect(dom.container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('public');
    expect(rows().map((r) => r.dataset.id)).toEqual(['7']);
  });

  it('a signed-in stranger (NOT_FOUND) gets the public view', async () => {
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5 }, token: 'x' });
    vi.mocked(api.loadOpenHouseListing).mockResolvedValue(publicAnswer([sellerOpenHouse()]));
    vi.mocked(api.loadSellerOpenHouses).mockResolvedValue({ ok: false, failure: { kind: 'not-found', message: 'Listing not found.', code: 'NOT_FOUND', argument: null } });
    await dom.renderAsync(<OpenHouses listingId={1002} element={element()} />);
    await flush();
    expect(api.loadSellerOpenHouses).toHaveBeenCalledWith(1002);
    expect(dom.container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('public');
    expect(dom.container.querySelector('[part="add"]')).toBeNull();
  });

  it('the seller cancels with the confirm step: saveOpenHouse Cancelled, the success toast, the event, the list refreshes', async () => {
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 1 }, token: 'x' });
    const active = sellerOpenHouse();
    const afterCancel = { ...active, isActive: false, openHouseStatus: 'Cancelled' };
    vi.mocked(api.loadOpenHouseListing).mockResolvedValue(publicAnswer([active]));
    vi.mocked(api.loadSellerOpenHouses).mockResolvedValueOnce({ ok: true, value: [active] }).mockResolvedValueOnce({ ok: true, value: [afterCancel] });
    vi.mocked(api.saveOpenHouse).mockResolvedValue({ ok: true, value: afterCancel });
    const handle = element();
    await dom.renderAsync(<OpenHouses listingId={1002} element={handle} />);
    await flush();
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="cancel"]')!.click());
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="confirm-confirm"]')!.click());
    await flush();
    expect(api.saveOpenHouse).toHaveBeenCalledWith('7', { openHouseStatus: 'Cancelled' });
    expect(showToast).toHaveBeenCalledWith({ message: 'Open House successfully saved.', tone: 'success' });
    expect(handle.emit).toHaveBeenCalledWith('open-house-saved', expect.objectContaining({ openHouseId: '7', change: 'cancelled', isActive: false }));
    expect(dom.container.querySelector('dialog')).toBeNull();
    expect(api.loadSellerOpenHouses).toHaveBeenCalledTimes(2);
    expect(rows()[0]!.getAttribute('data-state')).toBe('cancelled');
    expect(document.activeElement).toBe(dom.container.querySelector('[data-id="7"] [part="edit"]'));
  });

  it('a failed create: the failure toast, the dialog stays open with the server’s reason, nothing refreshes', async () => {
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 1 }, token: 'x' });
    vi.mocked(api.loadOpenHouseListing).mockResolvedValue(publicAnswer());
    vi.mocked(api.loadSellerOpenHouses).mockResolvedValue({ ok: true, value: [] });
    vi.mocked(api.createOpenHouse).mockResolvedValue({ ok: false, failure: { kind: 'invalid', message: tourTexts.pastTimeMessage, code: 'BAD_USER_INPUT', argument: null } });
    await dom.renderAsync(<OpenHouses listingId={1002} element={element()} />);
    await flush();
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="add"]')!.click());
    const choose = (name: string, value: string) => {
      const select = dom.container.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
      act(() => {
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    };
    choose('day', '2026-01-16');
    choose('start', '2026-01-16T17:00:00.000Z');
    choose('end', '2026-01-16T18:00:00.000Z');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="confirm-selection"]')!.click());
    await flush();
    expect(api.createOpenHouse).toHaveBeenCalledWith(1002, '2026-01-16T17:00:00.000Z', '2026-01-16T18:00:00.000Z');
    expect(showToast).toHaveBeenCalledWith({ message: 'Something went wrong. Could not save open house.', tone: 'error' });
    expect(dom.container.querySelector('dialog [role="alert"]')!.textContent).toBe(tourTexts.pastTimeMessage);
    expect(api.loadSellerOpenHouses).toHaveBeenCalledTimes(1);
  });

  it('a failed load shows Try again, which loads again', async () => {
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    vi.mocked(api.loadOpenHouseListing)
      .mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: 'Failed to fetch', code: null, argument: null } })
      .mockResolvedValueOnce(publicAnswer());
    await dom.renderAsync(<OpenHouses listingId={1002} element={element()} />);
    await flush();
    expect(dom.container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('failed');
    act(() => dom.container.querySelector<HTMLButtonElement>('[part="retry"]')!.click());
    await flush();
    expect(dom.container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('public');
  });
});
