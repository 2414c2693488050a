// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../core/graphql/call';
import { buyerTourTexts as bt, requestTourTexts, tourTexts } from '../../../core/i18n/tours';
import { testRoot } from '../../../core/testing/react-root';
import { requestedTourFixture } from '../../../core/testing/requested-tour';
import type { OwnTourChange, RequestedTour } from '../../../core/tours/requests';
import { TOUR_STATUSES, type TourStatus } from '../../../core/tours/tour-status';
import { useBuyerTourChange } from '../../../core/tours/use-buyer-tour-change';

vi.mock('../../../core/ui/toasts', () => ({ showToast: vi.fn() }));
vi.mock('../../../core/graphql/client', () => import('../../../core/testing/graphql-client-double'));
const { showToast } = await import('../../../core/ui/toasts');
const { answerWith, calls } = await import('../../../core/testing/graphql-client-double');
const { BuyerTourDetails, BuyerTourDetailsView, LoadedTour } = await import('./buyer-tour-details');

const dom = testRoot();

afterEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('buyer tour details (spec §2, §4)', () => {
  const renderTour = (tour: RequestedTour) => {
    act(() =>
      dom.root.render(<BuyerTourDetailsView state={{ status: 'loaded', tour }} siteBase="https://hearth.test" onClose={() => {}} onRetry={() => {}} />),
    );
    return dom.container.querySelector('dialog')!;
  };
  const scheduled = { start: '2025-01-16T16:00:00.000Z', end: '2025-01-16T17:00:00.000Z', ical: 'https://api.test/ical/tour/77?sig=x' };

  it.each(TOUR_STATUSES)('%s: the heading is the status and the §4 message shows', (status: TourStatus) => {
    const dialog = renderTour(requestedTourFixture({ tourStatus: status, ...(status === 'CANCELLED' ? { cancellationReason: 'The seller accepted another offer.' } : {}) }));
    expect(dialog.querySelector('h2')!.textContent).toBe(bt.statusHeading[status]);
    expect(dialog.querySelector('[part="tour-status-message"]')!.textContent).toBe(tourTexts.statusMessage[status]);
  });

  it('a tour that is not over says where to write to cancel it (spec §9 {email}); a finished one, or no address, says nothing', () => {
    const withEmail = (tour: RequestedTour, contactEmail: string | null) => {
      act(() =>
        dom.root.render(
          <BuyerTourDetailsView state={{ status: 'loaded', tour }} siteBase="https://hearth.test" contactEmail={contactEmail} onClose={() => {}} onRetry={() => {}} />,
        ),
      );
      return dom.container.querySelector('[part="cancel-contact"]');
    };
    for (const status of ['REQUESTED', 'ACCEPTED', 'SCHEDULED'] as const) {
      const tour = requestedTourFixture({ tourStatus: status, ...scheduled });
      const line = withEmail(tour, 'avery@acme.example')!;
      expect(line.textContent).toBe('To cancel this tour, write to avery@acme.example.');
      expect(line.querySelector('a')!.getAttribute('href')).toBe(`mailto:avery@acme.example?subject=${encodeURIComponent(`Cancel my tour of ${tour.listingAddress}`)}`);
    }
    for (const status of ['COMPLETED', 'CANCELLED'] as const) expect(withEmail(requestedTourFixture({ tourStatus: status, ...scheduled }), 'avery@acme.example')).toBeNull();
    expect(withEmail(requestedTourFixture({ tourStatus: 'REQUESTED' }), null)).toBeNull();
  });

  it('the exact §4 buyer messages', () => {
    expect(tourTexts.statusMessage.REQUESTED).toBe('Your requested times were sent to the showing agent. We are waiting for their approval.');
    expect(tourTexts.statusMessage.ACCEPTED).toBe('Your tour was accepted. An agent will be in touch with you.');
    expect(tourTexts.statusMessage.SCHEDULED).toBe('Your tour is scheduled. Get ready to see the property!');
  });

  it.each(['SCHEDULED', 'ACCEPTED', 'COMPLETED'] as const)('%s shows start, end (listing zone) and Download Event', (status) => {
    const dialog = renderTour(requestedTourFixture({ tourStatus: status, ...scheduled }));
    expect(dialog.textContent).toContain('Thu, Jan 16, 2025, 9:00 AM MST');
    expect(dialog.textContent).toContain('Thu, Jan 16, 2025, 10:00 AM MST');
    const download = dialog.querySelector<HTMLAnchorElement>('[part="download-event"]')!;
    expect(download.textContent).toBe('Download Event');
    expect(download.href).toBe(scheduled.ical);
  });

  it('Download Event does nothing without a calendar link', () => {
    const download = renderTour(requestedTourFixture({ tourStatus: 'ACCEPTED' })).querySelector<HTMLAnchorElement>('[part="download-event"]')!;
    expect(download.hasAttribute('href')).toBe(false);
    expect(download.getAttribute('aria-disabled')).toBe('true');
  });

  it.each(['REQUESTED', 'CANCELLED'] as const)('%s shows no scheduled time and no Download Event', (status) => {
    expect(renderTour(requestedTourFixture({ tourStatus: status })).querySelector('[part="download-event"]')).toBeNull();
  });

  it('requested times are hidden until Show, and Hide hides them again', () => {
    const dialog = renderTour(requestedTourFixture());
    const list = dialog.querySelector<HTMLUListElement>('[part="requested-times"]')!;
    const toggle = dialog.querySelector<HTMLButtonElement>('[part="toggle-requested"]')!;
    expect(list.hidden).toBe(true);
    expect(toggle.textContent).toBe('Show');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle.click());
    expect(list.hidden).toBe(false);
    expect(toggle.textContent).toBe('Hide');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Thu, Jan 16, 2025, 9:00 AM MST',
      'Wed, Jan 22, 2025, 2:00 PM MST',
    ]);
    act(() => toggle.click());
    expect(list.hidden).toBe(true);
  });

  it('a cancelled tour shows its reason', () => {
    const reason = 'The seller accepted another offer and the home is no longer available for tours.';
    const dialog = renderTour(requestedTourFixture({ tourStatus: 'CANCELLED', cancellationReason: reason }));
    expect(dialog.querySelector('[part="cancellation-reason"]')!.textContent).toBe(reason);
  });

  it('View links to /listing/{slugId}/{listingCodeId}; the guide link to /account/buying/guide', () => {
    const dialog = renderTour(requestedTourFixture());
    const view = dialog.querySelector<HTMLAnchorElement>('[part="view-listing"]')!;
    expect(view.textContent).toBe('View');
    expect(view.href).toBe('https://hearth.test/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001');
    expect(dialog.querySelector<HTMLAnchorElement>('[part="guide-link"]')!.href).toBe('https://hearth.test/account/buying/guide');
  });

  it('loading, missing and failed states', () => {
    const onRetry = vi.fn();
    const show = (state: Parameters<typeof BuyerTourDetailsView>[0]['state']) => {
      dom.render(<BuyerTourDetailsView state={state} siteBase="" onClose={() => {}} onRetry={onRetry} />);
      return dom.container.querySelector('dialog')!;
    };
    expect(show({ status: 'loading' }).textContent).toContain(bt.loading);
    expect(show({ status: 'missing' }).textContent).toContain(bt.missing);
    const failed = show({ status: 'failed' });
    expect(failed.textContent).toContain(bt.failed);
    act(() => [...failed.querySelectorAll('button')].find((b) => b.textContent === bt.retry)!.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

// ---------------------------------------------------------------------------------------------------
// The buyer's own changes: Cancel Request and Reschedule (modifyTour)

/** Noon in Salt Lake City (MST) on Wed, Jan 15, 2025. */
const NOW = new Date('2025-01-15T19:00:00Z');
const clock = () => NOW;

function Changeable({ tour, send, onChanged }: { tour: RequestedTour; send: (id: string, change: OwnTourChange) => Promise<Result<RequestedTour>>; onChanged: (tour: RequestedTour) => void }) {
  const change = useBuyerTourChange({ tour, send, clock, onChanged });
  return <LoadedTour tour={tour} siteBase="https://hearth.test" contactEmail="avery@acme.example" change={change} onClose={() => {}} />;
}

const part = (name: string) => document.querySelector<HTMLElement>(`[part~="${name}"]`);
const button = (name: string) => part(name) as HTMLButtonElement;

describe('the buyer changes their own request (modifyTour)', () => {
  it.each(['REQUESTED', 'ACCEPTED', 'SCHEDULED'] as const)('%s, time not begun: Reschedule and Cancel Request, no mail line', (status) => {
    const tour = requestedTourFixture({ tourStatus: status, ...(status !== 'REQUESTED' ? { start: '2025-01-16T16:00:00.000Z', end: '2025-01-16T17:00:00.000Z' } : {}) });
    dom.render(<Changeable tour={tour} send={vi.fn()} onChanged={() => {}} />);
    expect([...part('tour-changes')!.querySelectorAll('button')].map((b) => b.textContent)).toEqual([bt.reschedule, bt.cancelRequest]);
    expect(part('tour-changes')!.getAttribute('aria-label')).toBe(bt.changesLabel);
    expect(part('cancel-contact')).toBeNull();
  });

  it('a tour that is over, or whose time has begun, offers no change (the begun one keeps the mail line)', () => {
    for (const status of ['COMPLETED', 'CANCELLED'] as TourStatus[]) {
      dom.render(<Changeable tour={requestedTourFixture({ tourStatus: status })} send={vi.fn()} onChanged={() => {}} />);
      expect(part('tour-changes')).toBeNull();
      dom.remount();
    }
    const begun = requestedTourFixture({ tourStatus: 'SCHEDULED', start: '2025-01-15T18:00:00.000Z', end: '2025-01-15T19:00:00.000Z' });
    dom.render(<Changeable tour={begun} send={vi.fn()} onChanged={() => {}} />);
    expect(part('tour-changes')).toBeNull();
    expect(part('cancel-contact')!.textContent).toBe('To cancel this tour, write to avery@acme.example.');
  });

  it('Cancel Request asks first; Keep Tour changes nothing; a refusal is said inline and the dialog stays', async () => {
    const send = vi.fn<(id: string, change: OwnTourChange) => Promise<Result<RequestedTour>>>();
    const onChanged = vi.fn();
    dom.render(<Changeable tour={requestedTourFixture()} send={send} onChanged={onChanged} />);
    act(() => button('cancel-request').click());
    const confirm = part('confirm-dialog')!;
    expect(confirm.querySelector('h2')!.textContent).toBe(bt.confirmCancel.title);
    act(() => (confirm.querySelector('[part="confirm-cancel"]') as HTMLButtonElement).click());
    expect(part('confirm-dialog')).toBeNull();
    expect(send).not.toHaveBeenCalled();

    send.mockResolvedValueOnce({ ok: false, failure: { kind: 'invalid', message: 'This tour has begun: it can no longer be changed.', code: 'BAD_USER_INPUT', argument: 'tourStatus' } });
    act(() => button('cancel-request').click());
    await act(async () => (part('confirm-dialog')!.querySelector('[part="confirm-confirm"]') as HTMLButtonElement).click());
    expect(send).toHaveBeenCalledWith('77', { kind: 'cancel' });
    expect(part('change-failure')!.textContent).toBe('This tour has begun: it can no longer be changed.');
    expect(part('change-failure')!.getAttribute('role')).toBe('alert');
    expect(onChanged).not.toHaveBeenCalled();

    const cancelled = requestedTourFixture({ tourStatus: 'CANCELLED', cancelledBy: 'BUYER' });
    send.mockResolvedValueOnce({ ok: true, value: cancelled });
    await act(async () => (part('confirm-dialog')!.querySelector('[part="confirm-confirm"]') as HTMLButtonElement).click());
    expect(onChanged).toHaveBeenCalledWith(cancelled, 'cancel');
  });

  it('Reschedule: the request’s grid in the listing’s zone; Send New Times needs a time and sends the chosen ones', async () => {
    const tour = requestedTourFixture({ tourStatus: 'SCHEDULED', start: '2025-01-16T16:00:00.000Z', end: '2025-01-16T17:00:00.000Z' });
    const updated = requestedTourFixture({ requestedSchedule: [{ scheduledDateTime: '2025-01-17T17:00:00.000Z' }] });
    const send = vi.fn().mockResolvedValue({ ok: true, value: updated });
    const onChanged = vi.fn();
    dom.render(<Changeable tour={tour} send={send} onChanged={onChanged} />);
    act(() => button('reschedule').click());
    const dialog = document.querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe(bt.rescheduleTitle);
    expect(dialog.textContent).toContain(requestTourTexts.zoneNote('MST'));
    expect(part('gives-up')!.textContent).toBe(bt.givesUpScheduled('Thu, Jan 16, 2025, 9:00 AM MST'));
    // Today's slots up to noon are past; the grid is the request's (three days, 9 am to 9 pm).
    const slot = (iso: string) => dialog.querySelector<HTMLButtonElement>(`[data-date-time="${iso}"]`)!;
    expect(slot('2025-01-15T17:00:00.000Z').disabled).toBe(true);
    expect(dialog.querySelectorAll('[part="slot"]')).toHaveLength(3 * 13);
    expect(button('send-times').disabled).toBe(true);

    act(() => slot('2025-01-17T17:00:00.000Z').click());
    expect(part('chosen-times')!.textContent).toContain('Fri, Jan 17 at 10:00 AM');
    await act(async () => button('send-times').click());
    expect(send).toHaveBeenCalledWith('77', { kind: 'reschedule', scheduledDateTimes: ['2025-01-17T17:00:00.000Z'] });
    expect(onChanged).toHaveBeenCalledWith(updated, 'reschedule');
  });

  it('a failed send keeps the chosen times and says why; Back returns to the tour', async () => {
    const send = vi.fn().mockResolvedValue({ ok: false, failure: { kind: 'network', message: 'offline', code: null, argument: null } });
    dom.render(<Changeable tour={requestedTourFixture()} send={send} onChanged={() => {}} />);
    act(() => button('reschedule').click());
    act(() => document.querySelector<HTMLButtonElement>('[data-date-time="2025-01-16T20:00:00.000Z"]')!.click());
    await act(async () => button('send-times').click());
    expect(part('change-failure')!.textContent).toBe(bt.changeErrors.network);
    expect(document.querySelector('[data-date-time="2025-01-16T20:00:00.000Z"]')!.getAttribute('aria-pressed')).toBe('true');
    act(() => button('back').click());
    expect(document.querySelector('dialog h2')!.textContent).toBe(bt.statusHeading.REQUESTED);
    expect(part('change-failure')).toBeNull();
  });

  it('a request the buyer cancelled says so, without a reason', () => {
    dom.render(<Changeable tour={requestedTourFixture({ tourStatus: 'CANCELLED', cancelledBy: 'BUYER' })} send={vi.fn()} onChanged={() => {}} />);
    expect(part('cancelled-by')!.textContent).toBe(bt.cancelledByYou);
    expect(part('cancellation-reason')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
    expect(tourTexts.tourSaved).toBe('Requested tour successfully saved.');
  });
});

describe('BuyerTourDetails (connected)', () => {
  it('loads the tour; a cancellation that went through is toasted (spec §8) and closes the dialog with the outcome', async () => {
    answerWith({ data: { requestedTour: requestedTourFixture() } });
    const onClose = vi.fn();
    await dom.renderAsync(<BuyerTourDetails tourId="77" clock={clock} onClose={onClose} />);
    await vi.waitFor(() => expect(document.querySelector('dialog h2')!.textContent).toBe(bt.statusHeading.REQUESTED));
    act(() => button('cancel-request').click());
    answerWith({ data: { modifyTour: requestedTourFixture({ tourStatus: 'CANCELLED', cancelledBy: 'BUYER' }) } });
    await act(async () => (part('confirm-dialog')!.querySelector('[part="confirm-confirm"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ kind: 'mutation', variables: { id: '77', tourStatus: 'CANCELLED' } });
    expect(showToast).toHaveBeenCalledWith({ message: 'Requested tour successfully saved.', tone: 'success' });
    expect(onClose).toHaveBeenCalledWith({ id: '77', tourStatus: 'CANCELLED' });
  });

  it('a plain close hands back nothing', async () => {
    answerWith({ data: { requestedTour: requestedTourFixture({ id: '78' }) } });
    const onClose = vi.fn();
    await dom.renderAsync(<BuyerTourDetails tourId="78" clock={clock} onClose={onClose} />);
    await vi.waitFor(() => expect(part('tour-changes')).not.toBeNull());
    act(() => [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find((b) => b.textContent === bt.close)!.click());
    expect(onClose).toHaveBeenCalledWith();
  });
});
