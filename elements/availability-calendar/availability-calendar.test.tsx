// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElementHandle } from '../../core/define-element/define-element';
import { loadPhoneRules } from '../../core/format/phone-load';
import { contactTexts } from '../../core/i18n/contact';
import { stayTexts as t } from '../../core/i18n/stays';
import * as api from '../../core/stays/stays-api';
import type { CalendarMonth } from '../../core/stays/stays-api';
import { AvailabilityCalendar } from './availability-calendar.view';

vi.mock('../../core/stays/stays-api', () => ({ loadAvailability: vi.fn(), requestStay: vi.fn() }));
vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(async () => undefined),
}));


const ZONE = 'America/Denver';

/** March and April 2026: open from 2 to 5 nights at $100, the 10th of March booked (check-out allowed), April 4 at $150. */
function month(m: number): CalendarMonth {
  const length = m === 3 ? 31 : 30;
  return {
    name: 'Cabin by the lake',
    month: m,
    year: 2026,
    priceInPennies: 10_000,
    priceCurrencyCode: 'USD',
    timeZone: ZONE,
    maxGuests: 4,
    days: Array.from({ length }, (_, i) => {
      const calendarDate = `2026-0${m}-${String(i + 1).padStart(2, '0')}`;
      const booked = calendarDate === '2026-03-10';
      return {
        calendarDate,
        dayOfWeek: new Date(`${calendarDate}T00:00:00Z`).getUTCDay(),
        available: !booked,
        availableForCheckin: !booked,
        availableForCheckout: true,
        minNights: 2,
        maxNights: 5,
        nightlyPriceInPennies: calendarDate === '2026-04-04' ? 15_000 : 10_000,
      };
    }),
  };
}

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
let host: HTMLElement;
const emitted: { name: string; detail: unknown }[] = [];
const element: ElementHandle = { tag: 'hearth-availability-calendar', get host() { return host; }, emit: (name, detail) => void emitted.push({ name, detail }) };

// The phone rules' lazy chunk, in before the tests (a booking request waits for it before its checks).
beforeAll(() => loadPhoneRules());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-03T18:00:00Z')); // Mar 3, 11 am in Denver
  host = document.createElement('div');
  container = document.createElement('div');
  document.body.append(host, container);
  root = createRoot(container);
  emitted.length = 0;
  vi.mocked(api.loadAvailability).mockImplementation(async (_id, first) => ({ ok: true, value: [month(first.month), month(first.month + 1)] }));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  host.remove();
  vi.clearAllMocks();
  vi.useRealTimers();
});

async function render(listingId: number | null = 77, dates: { checkIn: string | null; checkOut: string | null } = { checkIn: null, checkOut: null }, guests = 0) {
  await act(async () => root.render(<AvailabilityCalendar listingId={listingId} months={2} {...dates} guests={guests} element={element} />));
  await act(async () => {});
  return container;
}

const day = (date: string) => container.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;
const click = async (node: HTMLElement) => act(async () => node.click());
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('<hearth-availability-calendar>', () => {
  it('draws the months as grids, past and booked days disabled with their reason', async () => {
    await render();
    expect(api.loadAvailability).toHaveBeenCalledWith(77, { month: 3, year: 2026 }, 2);
    expect(container.querySelectorAll('[role="grid"]')).toHaveLength(2);
    expect(container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('ready');
    expect(day('2026-03-02').getAttribute('aria-disabled')).toBe('true');
    expect(day('2026-03-02').getAttribute('aria-label')).toBe('Monday, March 2, 2026, past date');
    expect(day('2026-03-10').getAttribute('aria-label')).toBe('Tuesday, March 10, 2026, not available');
    expect(day('2026-03-04').getAttribute('aria-disabled')).toBeNull();
    expect(container.querySelector<HTMLButtonElement>('[part="previous"]')!.disabled).toBe(true);
    // One day is tabbable: the first that can start a stay.
    expect([...container.querySelectorAll('button.day[tabindex="0"]')].map((b) => b.getAttribute('data-date'))).toEqual(['2026-03-03']);
  });

  it('says the minimum stay, then totals a valid one and emits hearth-dates-selected', async () => {
    await render();
    await click(day('2026-03-05'));
    await click(day('2026-03-06'));
    expect(container.querySelector('[part="stay-message"]')!.textContent).toBe('Minimum stay is 2 nights');
    expect(button(t.requestToBook).disabled).toBe(true);
    await click(day('2026-04-02'));
    await click(day('2026-04-05'));
    expect(container.querySelector('[part="footer"]')!.getAttribute('data-state')).toBe('valid');
    expect([...container.querySelectorAll('[part="total"] dt')].map((n) => n.textContent)).toEqual(['2 nights × $100', '1 night × $150', 'Total']);
    expect(container.querySelector('[part="total"] .total-line dd')!.textContent).toBe('$350');
    expect(day('2026-04-03').getAttribute('data-state')).toBe('in-range');
    expect(emitted).toEqual([{ name: 'dates-selected', detail: { checkIn: '2026-04-02', checkOut: '2026-04-05', nights: 3, totalInPennies: 35_000 } }]);
  });

  it('opens on the month of dates chosen before (a stay search’s) with them chosen, and emits them', async () => {
    await render(77, { checkIn: '2026-04-02', checkOut: '2026-04-05' });
    expect(api.loadAvailability).toHaveBeenCalledWith(77, { month: 4, year: 2026 }, 2);
    expect(container.querySelector('[part="footer"]')!.getAttribute('data-state')).toBe('valid');
    expect(day('2026-04-02').getAttribute('data-state')).toBe('check-in');
    expect(day('2026-04-05').getAttribute('data-state')).toBe('check-out');
    expect(button(t.requestToBook).disabled).toBe(false);
    expect(emitted).toEqual([{ name: 'dates-selected', detail: { checkIn: '2026-04-02', checkOut: '2026-04-05', nights: 3, totalInPennies: 35_000 } }]);
  });

  it('leaves dates the rules refuse unchosen: a booked check-in, past dates', async () => {
    await render(77, { checkIn: '2026-03-10', checkOut: '2026-03-12' });
    expect(container.querySelector('[part="footer"]')!.getAttribute('data-state')).toBe('choose-check-in');
    act(() => root.unmount());
    root = createRoot(container);
    await render(77, { checkIn: '2026-02-10', checkOut: '2026-02-12' });
    expect(api.loadAvailability).toHaveBeenLastCalledWith(77, { month: 3, year: 2026 }, 2);
    expect(container.querySelector('[part="footer"]')!.getAttribute('data-state')).toBe('choose-check-in');
  });

  it('lets a stay end on a booked day, but not start on one', async () => {
    await render();
    await click(day('2026-03-10'));
    expect(container.querySelector('[part="footer"]')!.getAttribute('data-state')).toBe('choose-check-in');
    await click(day('2026-03-07'));
    expect(day('2026-03-10').getAttribute('aria-label')).toBe('Tuesday, March 10, 2026, check-out only');
    await click(day('2026-03-10'));
    expect(container.querySelector('[part="footer"]')!.getAttribute('data-state')).toBe('valid');
  });

  it('sends the booking request with the guest’s details after checking them', async () => {
    vi.mocked(api.requestStay).mockResolvedValue({
      ok: true,
      value: { id: 'lead-1', listingId: '77', checkIn: '2026-03-04', checkOut: '2026-03-06', nights: 2, guests: 3, totalInPennies: 20_000, priceCurrencyCode: 'USD' },
    });
    await render();
    await click(day('2026-03-04'));
    await click(day('2026-03-06'));
    await click(button(t.requestToBook));
    const form = container.querySelector('form')!;
    await act(async () => form.requestSubmit());
    expect(container.textContent).toContain(contactTexts.errors.firstNameRequired);
    expect(api.requestStay).not.toHaveBeenCalled();

    const fill = async (name: string, value: string) => {
      const input = form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    await fill('firstName', 'Ada');
    await fill('lastName', 'Guest');
    await fill('email', 'ada@example.com');
    await fill('phone', '(801) 555-0123');
    // Guests: 1 to what the stay sleeps, 1 unless the guest chose before.
    const guests = form.querySelector<HTMLSelectElement>('select[name="guests"]')!;
    expect(guests.value).toBe('1');
    expect([...guests.options].map((o) => o.textContent)).toEqual(['1 guest', '2 guests', '3 guests', '4 guests']);
    await act(async () => {
      guests.value = '3';
      guests.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => form.requestSubmit());
    expect(api.requestStay).toHaveBeenCalledWith(
      77,
      { checkIn: '2026-03-04', checkOut: '2026-03-06', guests: 3 },
      // The guest's phone as typed, sent in E.164 (issue 35).
      { firstName: 'Ada', lastName: 'Guest', email: 'ada@example.com', phone: '+18015550123', message: t.form.defaultMessage },
    );
    expect(container.textContent).toContain(t.form.sentText);
    expect(container.querySelector('[part="booking-summary"]')!.textContent).toBe('Cabin by the lake · Mar 4, 2026 to Mar 6, 2026 · 3 guests');
    expect(emitted.at(-1)).toEqual({ name: 'booking-requested', detail: { listingId: 77, checkIn: '2026-03-04', checkOut: '2026-03-06', guests: 3 } });
  });

  it('opens the form with the guests chosen before when the stay takes that many, and shows a refusal of them at the list', async () => {
    const open = async (guests: number) => {
      act(() => root.unmount());
      root = createRoot(container);
      await render(77, { checkIn: '2026-03-04', checkOut: '2026-03-06' }, guests);
      await click(button(t.requestToBook));
      return container.querySelector<HTMLSelectElement>('select[name="guests"]')!;
    };
    expect((await open(3)).value).toBe('3');
    expect((await open(9)).value).toBe('1');

    vi.mocked(api.requestStay).mockResolvedValue({
      ok: false,
      failure: { kind: 'invalid', message: t.form.guestsLimit(2), code: 'BAD_USER_INPUT', argument: 'guests' },
    });
    const guests = await open(4);
    const form = container.querySelector('form')!;
    for (const [name, value] of [['firstName', 'Ada'], ['lastName', 'Guest'], ['email', 'ada@example.com'], ['phone', '8015550123']]) {
      const input = form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      await act(async () => {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    await act(async () => form.requestSubmit());
    expect(api.requestStay).toHaveBeenLastCalledWith(77, { checkIn: '2026-03-04', checkOut: '2026-03-06', guests: 4 }, expect.anything());
    expect(guests.getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector(`#${CSS.escape(guests.getAttribute('aria-describedby')!)}`)!.textContent).toBe(t.form.guestsLimit(2));
  });

  it('shows a refusal of the server and keeps the form', async () => {
    vi.mocked(api.requestStay).mockResolvedValue({
      ok: false,
      failure: { kind: 'invalid', message: 'Some nights of this stay are not available.', code: 'BAD_USER_INPUT', argument: 'checkOut' },
    });
    await render();
    await click(day('2026-03-04'));
    await click(day('2026-03-06'));
    await click(button(t.requestToBook));
    const form = container.querySelector('form')!;
    for (const [name, value] of [['firstName', 'Ada'], ['lastName', 'Guest'], ['email', 'ada@example.com'], ['phone', '8015550123']]) {
      const input = form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      await act(async () => {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
    await act(async () => form.requestSubmit());
    expect(container.querySelector('[part="booking-error"]')!.textContent).toBe('Some nights of this stay are not available.');
    expect(form.querySelector<HTMLInputElement>('[name="firstName"]')!.value).toBe('Ada');
  });

  it('moves focus with the grid keys and pages to the next months', async () => {
    await render();
    const start = container.querySelector<HTMLButtonElement>('button.day[tabindex="0"]')!;
    start.focus();
    await act(async () => start.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    expect(container.querySelector('button.day[tabindex="0"]')!.getAttribute('data-date')).toBe('2026-03-10');
    await act(async () => start.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
    await click(container.querySelector<HTMLButtonElement>('[part="next"]')!);
    await act(async () => {});
    expect(api.loadAvailability).toHaveBeenLastCalledWith(77, { month: 4, year: 2026 }, 2);
    expect([...container.querySelectorAll('.month-title')].map((n) => n.textContent)).toEqual(['April 2026', 'May 2026']);
  });

  it('says when the listing is not a stay, and when the calendar cannot be loaded', async () => {
    vi.mocked(api.loadAvailability).mockResolvedValueOnce({ ok: true, value: null });
    await render();
    expect(container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('missing');
    expect(container.textContent).toContain(t.notAStay);
    act(() => root.unmount());
    root = createRoot(container);
    vi.mocked(api.loadAvailability).mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
    await render(78);
    expect(container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('failed');
    await click(button(t.retry));
    expect(container.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('ready');
  });
});
