// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toursListTexts as t } from '../../core/i18n/tours';
import { testRoot } from '../../core/testing/react-root';
import type { TourListState, TourRow } from '../../core/tours/tour-list';

// The two dialogs have their own tests; here we only check which one opens, for which tour.
vi.mock('../_shared/buyer-tour-details/buyer-tour-details', () => ({
  // A buyer's change closes with what changed (new times here); a plain close with nothing.
  BuyerTourDetails: ({ tourId, onClose }: { tourId: string; onClose: (outcome?: unknown) => void }) => (
    <>
      <button type="button" data-dialog="buyer" data-tour={tourId} onClick={() => onClose()}>
        buyer
      </button>
      <button type="button" data-change="buyer" onClick={() => onClose({ id: tourId, tourStatus: 'REQUESTED', scheduledDateTimes: ['2026-03-13T17:00:00.000Z'] })}>
        new times
      </button>
    </>
  ),
}));
vi.mock('../_shared/seller-tour-editor/seller-tour-editor', () => ({
  SellerTourEditor: ({ tourId, onClose }: { tourId: string; onClose: (outcome?: unknown) => void }) => (
    <button type="button" data-dialog="seller" data-tour={tourId} onClick={() => onClose({ id: tourId, tourStatus: 'COMPLETED' })}>
      seller
    </button>
  ),
}));
vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../core/tours/tour-list', async (original) => ({
  ...(await original<typeof import('../../core/tours/tour-list')>()),
  useTourList: vi.fn(),
  fetchViewerRole: vi.fn(),
}));

const { hearthStore } = await import('../../core/state/store');
const { sessionAtom } = await import('../../core/auth/session');
const { tourRowTime, useTourList, fetchViewerRole } = await import('../../core/tours/tour-list');
const { Tours, ToursView } = await import('./tours.view');


const mine: TourRow = {
  id: '11',
  tourStatus: 'REQUESTED',
  viewerRole: 'BUYER',
  start: null,
  end: null,
  listingAddress: '455 E 300 S, Salt Lake City, UT 84111',
  thumbnailPhotoUri: 'https://img.test/1.jpg',
  requestedSchedule: [{ scheduledDateTime: '2026-03-11T20:00:00.000Z' }, { scheduledDateTime: '2026-03-11T16:00:00.000Z' }],
  tourListing: { id: '1001', timeZone: 'America/Denver' },
};
const theirs: TourRow = {
  ...mine,
  id: '12',
  tourStatus: 'SCHEDULED',
  viewerRole: 'SELLER',
  start: '2026-03-12T17:00:00.000Z',
  end: '2026-03-12T18:00:00.000Z',
  thumbnailPhotoUri: null,
  requestedSchedule: [{ scheduledDateTime: '2026-03-12T17:00:00.000Z' }],
};

const dom = testRoot();
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  vi.clearAllMocks();
});

describe('tour rows (spec §3 Requested tour)', () => {
  it('show the first requested time and how many more, or the scheduled time, in the listing zone', () => {
    expect(tourRowTime(mine)).toBe('Requested: Wed, Mar 11, 2026, 10:00 AM MDT (+1 more)');
    expect(tourRowTime({ ...mine, requestedSchedule: [mine.requestedSchedule[0]!] })).toBe('Requested: Wed, Mar 11, 2026, 2:00 PM MDT');
    expect(tourRowTime(theirs)).toBe('Scheduled: Thu, Mar 12, 2026, 11:00 AM MDT');
    expect(tourRowTime({ ...mine, tourListing: { id: '1', timeZone: 'America/New_York' } })).toBe('Requested: Wed, Mar 11, 2026, 12:00 PM EDT (+1 more)');
  });
});

describe('<hearth-tours> view states', () => {
  const render = (props: Partial<Parameters<typeof ToursView>[0]> = {}) => {
    const onOpen = vi.fn();
    const onSignIn = vi.fn();
    const onRetry = vi.fn();
    act(() =>
      dom.root.render(
        <ToursView
          session="authenticated"
          list={{ status: 'loaded', tours: [mine, theirs] }}
          forListing={false}
          tourProblem={null}
          stockPhoto="https://cdn.test/stock-home.svg"
          onSignIn={onSignIn}
          onRetry={onRetry}
          onOpen={onOpen}
          {...props}
        />,
      ),
    );
    return { onOpen, onSignIn, onRetry };
  };
  const base = () => dom.container.querySelector('[part="base"]')!;

  it('lists each tour with photo, address, whose request it is, time and status; a row opens it', () => {
    const { onOpen } = render();
    expect(dom.container.querySelector('h2')!.textContent).toBe('Your Tours');
    const rows = [...dom.container.querySelectorAll<HTMLButtonElement>('[part="tour"]')];
    expect(rows.map((r) => r.dataset.tourId)).toEqual(['11', '12']);
    expect(rows[0]!.tagName).toBe('BUTTON');
    expect(rows[0]!.querySelector('[part="address"]')!.textContent).toBe(mine.listingAddress);
    expect(rows[0]!.querySelector('[part="role"]')!.textContent).toBe('Your request');
    expect(rows[1]!.querySelector('[part="role"]')!.textContent).toBe('A request on your listing');
    expect(rows[0]!.querySelector('[part="time"]')!.textContent).toBe('Requested: Wed, Mar 11, 2026, 10:00 AM MDT (+1 more)');
    expect(rows[1]!.querySelector('[part="status"]')!.textContent).toBe('Scheduled');
    expect(rows[1]!.dataset.state).toBe('scheduled');
    expect(rows[0]!.querySelector('img')!.getAttribute('src')).toBe('https://img.test/1.jpg');
    expect(rows[1]!.querySelector('img')!.getAttribute('src')).toBe('https://cdn.test/stock-home.svg');
    expect(rows[1]!.querySelector('img')!.getAttribute('alt')).toBe('');
    act(() => rows[1]!.click());
    expect(onOpen).toHaveBeenCalledWith(theirs);
  });

  it('signed out: a sign-in prompt whose button signs in', () => {
    const { onSignIn } = render({ session: 'anonymous', list: { status: 'idle' } });
    expect(base().getAttribute('data-state')).toBe('anonymous');
    expect(dom.container.querySelector('[part="sign-in-prompt"] p')!.textContent).toBe(t.signInPrompt);
    act(() => (dom.container.querySelector('[part="sign-in"]') as HTMLButtonElement).click());
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(dom.container.querySelector('[part="list"]')).toBeNull();
  });

  it('loading (also while the session is checked), empty, and failed with a retry', () => {
    render({ session: 'checking', list: { status: 'idle' } });
    expect(dom.container.querySelector('[role="status"]')!.textContent).toBe(t.loading);
    render({ list: { status: 'loading' } as TourListState });
    expect(base().getAttribute('data-state')).toBe('loading');
    render({ list: { status: 'loaded', tours: [] } });
    expect(dom.container.querySelector('[part="empty"]')!.textContent).toBe('You have no tours yet.');
    render({ list: { status: 'loaded', tours: [] }, forListing: true });
    expect(dom.container.querySelector('[part="empty"]')!.textContent).toBe(t.emptyListing);
    expect(dom.container.querySelector('h2')!.textContent).toBe(t.headingListing);
    const { onRetry } = render({ list: { status: 'failed' } });
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.failed);
    act(() => (dom.container.querySelector('[part="retry"]') as HTMLButtonElement).click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says when the tour-id tour cannot be shown', () => {
    render({ tourProblem: 'missing' });
    expect(dom.container.querySelector('[part="tour-problem"]')!.textContent).toBe('This tour was not found.');
  });
});

describe('<hearth-tours> dialogs', () => {
  const reload = vi.fn();
  let host: HTMLElement;
  let emitted: { name: string; detail: unknown }[];

  beforeEach(() => {
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5, email: 'seller@hearth.example' }, token: 't' });
    vi.mocked(useTourList).mockReturnValue({ state: { status: 'loaded', tours: [mine, theirs] }, reload });
    host = document.createElement('hearth-tours');
    host.setAttribute('tour-id', '12');
    document.body.append(host);
    emitted = [];
  });
  afterEach(() => host.remove());

  const mount = (tourId: number | null) =>
    act(() =>
      dom.root.render(
        <Tours
          listingId={null}
          tourId={tourId}
          element={{ tag: 'hearth-tours', host, emit: (name, detail) => void emitted.push({ name, detail }) }}
        />,
      ),
    );
  const dialog = () => dom.container.querySelector<HTMLButtonElement>('[data-dialog]');

  it('a buyer’s row opens the buyer tour details, a seller’s row the seller tour editor; closing reloads the list', async () => {
    mount(null);
    const rows = dom.container.querySelectorAll<HTMLButtonElement>('[part="tour"]');
    act(() => rows[0]!.click());
    expect(dialog()!.dataset).toMatchObject({ dialog: 'buyer', tour: '11' });
    expect(emitted).toEqual([{ name: 'tour-selected', detail: { tourId: '11', viewerRole: 'BUYER' } }]);
    act(() => dialog()!.click());
    expect(dialog()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(emitted.map((e) => e.name)).not.toContain('tour-updated');

    // The buyer's own change (modifyTour) is told like the seller's, and the list is read again.
    act(() => rows[0]!.click());
    act(() => dom.container.querySelector<HTMLButtonElement>('[data-change="buyer"]')!.click());
    expect(emitted.slice(-2)).toEqual([
      { name: 'tour-updated', detail: { id: '11', tourStatus: 'REQUESTED', scheduledDateTimes: ['2026-03-13T17:00:00.000Z'] } },
      { name: 'tour-closed', detail: { tourId: '11' } },
    ]);
    expect(reload).toHaveBeenCalledTimes(2);

    act(() => rows[1]!.click());
    expect(dialog()!.dataset).toMatchObject({ dialog: 'seller', tour: '12' });
    act(() => dialog()!.click());
    expect(emitted.slice(-2)).toEqual([
      { name: 'tour-updated', detail: { id: '12', tourStatus: 'COMPLETED' } },
      { name: 'tour-closed', detail: { tourId: '12' } },
    ]);
    expect(reload).toHaveBeenCalledTimes(3);
    // A row-opened dialog leaves the tour-id attribute alone.
    expect(host.getAttribute('tour-id')).toBe('12');
  });

  it('tour-id opens the dialog for the viewer’s role at once and is removed on close', async () => {
    vi.mocked(fetchViewerRole).mockResolvedValue({ ok: true, value: 'AGENT' });
    mount(12);
    await flush();
    expect(fetchViewerRole).toHaveBeenCalledWith('12');
    expect(dialog()!.dataset).toMatchObject({ dialog: 'seller', tour: '12' });
    act(() => dialog()!.click());
    expect(host.hasAttribute('tour-id')).toBe(false);
  });

  it('tour-id of a tour the viewer may not see says so and opens nothing; signed out, nothing is asked', async () => {
    vi.mocked(fetchViewerRole).mockResolvedValue({ ok: false, failure: { kind: 'not-found', message: 'Requested tour not found.', code: 'NOT_FOUND', argument: null } });
    mount(99);
    await flush();
    expect(dialog()).toBeNull();
    expect(dom.container.querySelector('[part="tour-problem"]')!.textContent).toBe(t.tourMissing);

    vi.mocked(fetchViewerRole).mockClear();
    act(() => hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null }));
    mount(12);
    await flush();
    expect(fetchViewerRole).not.toHaveBeenCalled();
    expect(dom.container.querySelector('[part="sign-in-prompt"]')).not.toBeNull();
  });
});
