// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sellerTourTexts as t, tourTexts } from '../../../core/i18n/tours';
import { testRoot } from '../../../core/testing/react-root';
import type { SellerTour } from '../../../core/tours/seller';

vi.mock('../../../core/tours/seller', async (original) => ({
  ...(await original<typeof import('../../../core/tours/seller')>()),
  loadSellerTour: vi.fn(),
  saveSellerDecision: vi.fn(),
}));
vi.mock('../../../core/ui/toasts', () => ({ showToast: vi.fn() }));

const { loadSellerTour, saveSellerDecision } = await import('../../../core/tours/seller');
const { showToast } = await import('../../../core/ui/toasts');
const { SellerTourEditor } = await import('./seller-tour-editor');


// Noon in Salt Lake City (MDT, UTC-6) on Tue, Mar 10, 2026.
const NOW = new Date('2026-03-10T18:00:00Z');
const PAST = '2026-03-10T16:00:00.000Z'; // 10 am today, already over
const FUTURE_A = '2026-03-11T16:00:00.000Z'; // Wed 10 am
const FUTURE_B = '2026-03-11T20:00:00.000Z'; // Wed 2 pm

const requested: SellerTour = {
  id: '42',
  tourStatus: 'REQUESTED',
  viewerRole: 'SELLER',
  start: null,
  end: null,
  cancellationReason: null,
  cancelledBy: null,
  listingAddress: '455 E 300 S, Salt Lake City, UT 84111',
  ical: null,
  requestedSchedule: [{ scheduledDateTime: FUTURE_B }, { scheduledDateTime: PAST }, { scheduledDateTime: FUTURE_A }],
  tourListing: { id: '1001', slugId: '455-e-300-s-salt-lake-city-ut-84111', listingCodeId: 'HRTH1001', timeZone: 'America/Denver' },
  requestUser: { fullName: 'Ada Lovelace' },
  agentAndQualification: {
    agent: true,
    agentName: 'Jo Agent',
    agentPhone: '+18015550100',
    agentPhoneText: '(801) 555-0100',
    qualified: true,
    qualifiedLenderName: 'Wasatch Bank',
    qualifiedAmount: '450,000',
  },
};

const dom = testRoot();
let clock: Date;
const onClose = vi.fn();
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function open(tour: SellerTour) {
  vi.mocked(loadSellerTour).mockResolvedValue({ ok: true, value: tour });
  dom.render(<SellerTourEditor tourId={tour.id} onClose={onClose} now={() => clock} />);
  await flush();
  return dom.container.querySelector('dialog')!;
}

const q = <E extends Element = HTMLElement>(selector: string) => dom.container.querySelector<E & Element>(selector) as unknown as E | null;
const button = (part: string) => q<HTMLButtonElement>(`[part="${part}"]`);
const title = () => dom.container.querySelector('.dialog-title')!.textContent;
const selectButtons = () => [...dom.container.querySelectorAll<HTMLButtonElement>('[part="requested-time"] button')];
const selectFor = (iso: string) => dom.container.querySelector<HTMLButtonElement>(`[part="requested-time"]:has(time[datetime="${iso}"]) button`)!;

function type(text: string) {
  const box = q<HTMLTextAreaElement>('[part="reason"]')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(() => {
  clock = NOW;
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('seller tour editor per status (spec §2, §4)', () => {
  it('REQUESTED: heading is the status; View Listing; the buyer’s times in the listing zone, sorted; agent and qualification', async () => {
    const dialog = await open(requested);
    expect(dialog.open).toBe(true);
    expect(title()).toBe('Requested');
    expect(dialog.querySelector('.dialog-sub-title')!.textContent).toBe(requested.listingAddress);
    const link = q<HTMLAnchorElement>('[part="view-listing"]')!;
    expect(link.textContent).toBe('View Listing');
    expect(link.getAttribute('href')).toBe(`${location.origin}/listing/455-e-300-s-salt-lake-city-ut-84111/HRTH1001`);
    const times = [...dom.container.querySelectorAll('[part="requested-time"] time')].map((n) => n.textContent);
    expect(times).toEqual(['Tue, Mar 10, 2026, 10:00 AM MDT', 'Wed, Mar 11, 2026, 10:00 AM MDT', 'Wed, Mar 11, 2026, 2:00 PM MDT']);
    expect(selectButtons().map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Select', 'Select Tue, Mar 10, 2026, 10:00 AM MDT'],
      ['Select', 'Select Wed, Mar 11, 2026, 10:00 AM MDT'],
      ['Select', 'Select Wed, Mar 11, 2026, 2:00 PM MDT'],
    ]);
    expect(button('clear-selection')!.disabled).toBe(true);
    expect(button('confirm-selection')!.disabled).toBe(true);
    expect(button('cancel-tour')!.textContent).toBe('Cancel Tour');
    expect(button('mark-completed')).toBeNull();
    const buyer = q('[part="buyer"]')!.textContent!;
    expect(buyer).toContain('Requested by Ada Lovelace');
    expect(buyer).toContain('Jo Agent, (801) 555-0100');
    expect(buyer).toContain('Pre-qualified with Wasatch Bank for $450,000.');
  });

  it('SCHEDULED: start, end and Download Event; Mark Completed; the requested times are hidden', async () => {
    await open({ ...requested, tourStatus: 'SCHEDULED', start: FUTURE_A, end: '2026-03-11T17:00:00.000Z', ical: 'https://api.test/v1/api/tours/42/ical?token=t' });
    expect(title()).toBe('Scheduled');
    expect(q('[part="schedule"]')!.textContent).toContain('StartWed, Mar 11, 2026, 10:00 AM MDT');
    expect(q('[part="schedule"]')!.textContent).toContain('EndWed, Mar 11, 2026, 11:00 AM MDT');
    expect(q<HTMLAnchorElement>('[part="download-event"]')!.getAttribute('href')).toBe('https://api.test/v1/api/tours/42/ical?token=t');
    expect(q('[part="requested-times"]')).toBeNull();
    expect(q('[part="toggle-requested-times"]')).toBeNull();
    expect(button('mark-completed')!.textContent).toBe('Mark Completed');
    expect(button('confirm-selection')).toBeNull();
  });

  it('ACCEPTED: the requested times are hidden until shown; the accepted time is chosen already', async () => {
    await open({ ...requested, tourStatus: 'ACCEPTED', start: FUTURE_A, end: '2026-03-11T17:00:00.000Z' });
    expect(title()).toBe('Accepted');
    expect(q('[part="requested-times"]')).toBeNull();
    const toggle = button('toggle-requested-times')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(button('confirm-selection')!.disabled).toBe(false);
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(selectFor(FUTURE_A).getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe(t.hideRequestedTimes);
  });

  it('COMPLETED shows the times of the tour and no action; CANCELLED shows the reason', async () => {
    await open({ ...requested, tourStatus: 'COMPLETED', start: PAST, end: NOW.toISOString() });
    expect(title()).toBe('Completed');
    expect(q('[part="schedule"]')).not.toBeNull();
    expect(q('[part="actions"]')!.children).toHaveLength(0);
    expect(q('[part="requested-times"]')).toBeNull();

    dom.remount();
    const reason = 'The house went under contract this morning, sorry for the trouble.';
    await open({ ...requested, tourStatus: 'CANCELLED', cancellationReason: reason, cancelledBy: 'SELLER' });
    expect(title()).toBe('Cancelled');
    expect(q('[part="cancellation-reason"]')!.textContent).toBe(`Cancellation reason${reason}`);
    expect(q('[part="cancelled-by"]')).toBeNull();
    expect(q('[part="requested-times"]')).toBeNull();
    expect(q('[part="actions"]')!.children).toHaveLength(0);

    dom.remount();
    await open({ ...requested, tourStatus: 'CANCELLED', cancelledBy: 'BUYER' });
    expect(q('[part="cancelled-by"]')!.textContent).toBe(t.cancelledByBuyer);
    expect(q('[part="cancellation-reason"]')).toBeNull();
  });

  it('says so when the tour cannot be loaded', async () => {
    vi.mocked(loadSellerTour).mockResolvedValue({ ok: false, failure: { kind: 'not-found', message: 'Requested tour not found.', code: 'NOT_FOUND', argument: null } });
    dom.render(<SellerTourEditor tourId="9" onClose={onClose} />);
    expect(dom.container.querySelector('[role="status"]')!.textContent).toBe(t.loading);
    await flush();
    expect(title()).toBe('Tour');
    expect(dom.container.querySelector('[role="alert"]')!.textContent).toBe(t.failed);
  });
});

describe('select, clear and confirm (spec §4)', () => {
  it('Select marks one time, Clear Selection undoes it, Confirm Selection saves SCHEDULED with end = start + 1 hour', async () => {
    vi.mocked(saveSellerDecision).mockResolvedValue({ ok: true, value: { ...requested, tourStatus: 'SCHEDULED' } });
    await open(requested);
    act(() => selectFor(FUTURE_B).click());
    expect(selectFor(FUTURE_B).getAttribute('aria-pressed')).toBe('true');
    expect(q('[part="requested-time"][data-state="selected"] [part="selected-badge"]')!.textContent).toBe('Selected');
    act(() => selectFor(FUTURE_A).click());
    expect(selectFor(FUTURE_B).getAttribute('aria-pressed')).toBe('false');
    expect(selectFor(FUTURE_A).getAttribute('aria-pressed')).toBe('true');
    act(() => button('clear-selection')!.click());
    expect(dom.container.querySelectorAll('[aria-pressed="true"]')).toHaveLength(0);
    expect(button('confirm-selection')!.disabled).toBe(true);

    act(() => selectFor(FUTURE_A).click());
    act(() => button('confirm-selection')!.click());
    await flush();
    const outcome = { id: '42', tourStatus: 'SCHEDULED', start: FUTURE_A, end: '2026-03-11T17:00:00.000Z' };
    expect(saveSellerDecision).toHaveBeenCalledWith(outcome);
    expect(showToast).toHaveBeenCalledWith({ message: 'Requested tour successfully saved.', tone: 'success' });
    expect(onClose).toHaveBeenCalledWith(outcome);
  });

  it('a past time shows the error with its title and is not selected (fixed clock)', async () => {
    await open(requested);
    act(() => selectFor(PAST).click());
    const error = q('[part="time-error"]')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.querySelector('strong')!.textContent).toBe('Invalid date and time selection.');
    expect(error.querySelector('p')!.textContent).toBe('Selected tour time needs to after current date and time.');
    expect(selectFor(PAST).getAttribute('aria-pressed')).toBe('false');
    expect(button('confirm-selection')!.disabled).toBe(true);
    // A future time clears the error.
    act(() => selectFor(FUTURE_A).click());
    expect(q('[part="time-error"]')).toBeNull();
  });

  it('a time that passes while the dialog is open is refused at Confirm Selection, and nothing is saved', async () => {
    await open(requested);
    act(() => selectFor(FUTURE_A).click());
    clock = new Date('2026-03-11T16:30:00Z');
    act(() => button('confirm-selection')!.click());
    await flush();
    expect(q('[part="time-error"] strong')!.textContent).toBe(tourTexts.pastTimeTitle);
    expect(saveSellerDecision).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Cancel Tour (spec §5: reason 50 to 200, counter n/200)', () => {
  it('counts, stays disabled at 49, enables at 50, caps at 200, and saves CANCELLED with the reason', async () => {
    vi.mocked(saveSellerDecision).mockResolvedValue({ ok: true, value: { ...requested, tourStatus: 'CANCELLED' } });
    await open(requested);
    act(() => button('cancel-tour')!.click());
    const box = q<HTMLTextAreaElement>('[part="reason"]')!;
    expect(document.activeElement).toBe(box);
    expect(box.maxLength).toBe(200);
    expect(box.labels![0]!.textContent).toBe(t.reasonLabel);
    const counter = q('[part="reason-counter"]')!;
    expect(counter.textContent).toBe('0/200');
    expect(box.getAttribute('aria-describedby')).toContain(counter.id);
    const confirm = button('confirm-cancel')!;
    expect(confirm.textContent).toBe('Cancel Tour');
    expect(confirm.disabled).toBe(true);

    type('x'.repeat(49));
    expect(counter.textContent).toBe('49/200');
    expect(confirm.disabled).toBe(true);
    type('x'.repeat(50));
    expect(counter.textContent).toBe('50/200');
    expect(confirm.disabled).toBe(false);
    type('x'.repeat(200));
    expect(counter.textContent).toBe('200/200');
    expect(confirm.disabled).toBe(false);
    type('x'.repeat(201)); // pasted past the box's limit by script
    expect(counter.textContent).toBe('201/200');
    expect(confirm.disabled).toBe(true);

    const reason = 'The sellers accepted an offer this morning; we are sorry.'.padEnd(60, '.');
    type(reason);
    act(() => confirm.click());
    await flush();
    expect(saveSellerDecision).toHaveBeenCalledWith({ id: '42', tourStatus: 'CANCELLED', cancellationReason: reason });
    expect(showToast).toHaveBeenCalledWith({ message: tourTexts.tourSaved, tone: 'success' });
    expect(onClose).toHaveBeenCalledWith({ id: '42', tourStatus: 'CANCELLED', cancellationReason: reason });
  });

  it('Keep Tour goes back to the buttons and forgets the reason', async () => {
    await open(requested);
    act(() => button('cancel-tour')!.click());
    type('y'.repeat(60));
    act(() => button('keep-tour')!.click());
    expect(q('[part="reason"]')).toBeNull();
    expect(document.activeElement).toBe(button('cancel-tour'));
    act(() => button('cancel-tour')!.click());
    expect(q('[part="reason-counter"]')!.textContent).toBe('0/200');
  });
});

describe('results (spec §8)', () => {
  it('a failed save shows the failure toast and closes without an outcome', async () => {
    vi.mocked(saveSellerDecision).mockResolvedValue({ ok: false, failure: { kind: 'server', message: null, code: null, argument: null } });
    await open({ ...requested, tourStatus: 'SCHEDULED', start: FUTURE_A, end: '2026-03-11T17:00:00.000Z' });
    act(() => button('mark-completed')!.click());
    await flush();
    expect(saveSellerDecision).toHaveBeenCalledWith({ id: '42', tourStatus: 'COMPLETED' });
    expect(showToast).toHaveBeenCalledWith({ message: 'Something went wrong. Could not save requested tour.', tone: 'error' });
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith(undefined);
  });

  it('a thrown save (network) is a failure too; a save in flight ignores a second click and Escape', async () => {
    let fail: (error: Error) => void = () => undefined;
    vi.mocked(saveSellerDecision).mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const dialog = await open({ ...requested, tourStatus: 'SCHEDULED', start: FUTURE_A, end: '2026-03-11T17:00:00.000Z' });
    act(() => button('mark-completed')!.click());
    expect(button('mark-completed')!.getAttribute('aria-busy')).toBe('true');
    act(() => button('mark-completed')!.click());
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(saveSellerDecision).toHaveBeenCalledTimes(1);
    fail(new Error('offline'));
    await flush();
    expect(showToast).toHaveBeenCalledWith({ message: tourTexts.tourSaveFailed, tone: 'error' });
    expect(onClose).toHaveBeenCalledWith(undefined);
  });

  it('Escape or × closes without saving', async () => {
    await open(requested);
    act(() => (dom.container.querySelector('.dialog-close') as HTMLButtonElement).click());
    expect(onClose).toHaveBeenCalledWith();
    expect(saveSellerDecision).not.toHaveBeenCalled();
  });
});
