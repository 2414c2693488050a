// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPhoneRules } from '../../core/format/phone-load';
import { requestTourTexts as t } from '../../core/i18n/tours';
import { testRoot } from '../../core/testing/react-root';
import { initialRequestTourState, type RequestTourState } from '../../core/tours/request-tour-state';
import type { Result } from '../../core/graphql/call';
import type { RequestedTour } from '../../core/tours/requests';
import { requestedTourFixture } from '../../core/testing/requested-tour';
import { slotText } from '../../core/tours/tour-format';
import { buyerTourGrid, tourDay } from '../../core/tours/tour-times';
import { useRequestTour } from '../../core/tours/use-request-tour';
import { RequestTourDialogView, RequestTourView, type RequestTourDialogViewProps } from './request-tour.view';


const DENVER = 'America/Denver';

const dom = testRoot();


afterEach(() => {
  vi.useRealTimers();
});

const noActions: RequestTourDialogViewProps['actions'] = {
  toggle: () => {},
  remove: () => {},
  chooseDay: () => {},
  next: () => {},
  back: () => {},
  setAgent: () => {},
  setQualified: () => {},
  change: () => {},
  submit: async () => {},
};

function renderDialog(now: Date, state: RequestTourState = initialRequestTourState, extra: Partial<RequestTourDialogViewProps> = {}) {
  const grid = buyerTourGrid(now, DENVER);
  act(() =>
    dom.root.render(
      <RequestTourDialogView
        zoneName="MST"
        address="455 E 300 S, Salt Lake City, UT 84111"
        state={state}
        grid={grid}
        dropdownTourDay={state.dropdownDay ? tourDay(state.dropdownDay, now, DENVER) : null}
        describeSlot={(d) => slotText(d, DENVER)}
        actions={noActions}
        onClose={() => {}}
        {...extra}
      />,
    ),
  );
  return dom.container.querySelector('dialog')!;
}

const headers = (dialog: Element) => [...dialog.querySelectorAll('[part="grid"] thead th')].map((th) => th.textContent);
const slotsOf = (dialog: Element, day: string) =>
  [...dialog.querySelectorAll<HTMLButtonElement>('[part="slot"]')].filter((b) => b.closest('td') && headerOf(dialog, b) === day);
function headerOf(dialog: Element, button: HTMLButtonElement) {
  const cell = button.closest('td')!;
  return dialog.querySelectorAll('[part="grid"] thead th')[cell.cellIndex]!.textContent;
}

describe('step 1 Tour Time: the grid and the dropdown (spec §5)', () => {
  it('across the MST day boundary: at 23:30 MST (06:30 UTC next day) "today" is still the listing day', () => {
    const dialog = renderDialog(new Date('2025-01-15T06:30:00Z'));
    expect(headers(dialog)).toEqual(['Tue, Jan 14', 'Wed, Jan 15', 'Thu, Jan 16']);
    expect(slotsOf(dialog, 'Tue, Jan 14').every((b) => b.disabled)).toBe(true);
    expect(slotsOf(dialog, 'Wed, Jan 15').some((b) => b.disabled)).toBe(false);
    const options = [...dialog.querySelectorAll<HTMLOptionElement>('[part="another-day"] option')];
    expect(options.map((o) => o.textContent)).toHaveLength(13);
    expect(options[0]!.textContent).toBe(t.anotherDayPlaceholder);
    expect(options[1]!.textContent).toBe('Fri, Jan 17');
    expect(options.at(-1)!.textContent).toBe('Tue, Jan 28');
  });

  it('one second later at 07:00 UTC (midnight MST) a new day begins', () => {
    const dialog = renderDialog(new Date('2025-01-15T07:00:00Z'));
    expect(headers(dialog)).toEqual(['Wed, Jan 15', 'Thu, Jan 16', 'Fri, Jan 17']);
    expect(dialog.querySelector<HTMLOptionElement>('[part="another-day"] option:nth-child(2)')!.textContent).toBe('Sat, Jan 18');
  });

  it('hour slots 9 am to 8 pm plus a 9 pm row; past ones disabled; times named for screen readers', () => {
    const dialog = renderDialog(new Date('2025-01-15T17:30:00Z')); // 10:30 MST
    const today = slotsOf(dialog, 'Wed, Jan 15');
    expect(today.map((b) => b.textContent)).toEqual([
      '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM',
      '4:00 PM', '5:00 PM', '6:00 PM', '7:00 PM', '8:00 PM', '9:00 PM',
    ]);
    expect(today.filter((b) => b.disabled).map((b) => b.textContent)).toEqual(['9:00 AM', '10:00 AM']);
    expect(today[0]!.dataset.state).toBe('past');
    expect(today[2]!.getAttribute('aria-label')).toBe('Wed, Jan 15 at 11:00 AM');
    expect(today[2]!.getAttribute('aria-pressed')).toBe('false');
    expect(dialog.textContent).toContain(t.zoneNote('MST'));
  });

  it('Continue is disabled until a time is chosen; chosen times are pressed and listed', () => {
    const now = new Date('2025-01-15T17:30:00Z');
    let dialog = renderDialog(now);
    const continueButton = () => dialog.querySelector<HTMLButtonElement>('[part="continue"]')!;
    expect(continueButton().textContent).toBe('Continue');
    expect(continueButton().disabled).toBe(true);
    expect(dialog.querySelector('[part="chosen-times"]')!.textContent).toContain(t.noTimesChosen);
    const chosen = '2025-01-16T16:00:00.000Z';
    dialog = renderDialog(now, { ...initialRequestTourState, selected: [chosen] });
    expect(continueButton().disabled).toBe(false);
    expect(dialog.querySelector(`[data-date-time="${chosen}"]`)!.getAttribute('aria-pressed')).toBe('true');
    expect(dialog.querySelector('[part="chosen-times"] li')!.textContent).toContain('Thu, Jan 16 at 9:00 AM');
  });

  it('a day from the dropdown adds its column beside the grid', () => {
    const dialog = renderDialog(new Date('2025-01-15T17:30:00Z'), { ...initialRequestTourState, dropdownDay: '2025-01-22' });
    expect(headers(dialog)).toEqual(['Wed, Jan 15', 'Thu, Jan 16', 'Fri, Jan 17', 'Wed, Jan 22']);
    expect(slotsOf(dialog, 'Wed, Jan 22').every((b) => !b.disabled)).toBe(true);
    expect(dialog.querySelector<HTMLSelectElement>('[part="another-day"]')!.value).toBe('2025-01-22');
  });

  it('names the two steps and marks the current one', () => {
    const dialog = renderDialog(new Date('2025-01-15T17:30:00Z'));
    const steps = [...dialog.querySelectorAll('[part="steps"] li')];
    expect(steps.map((s) => s.textContent)).toEqual(['1Tour Time', '2More Info']);
    expect(steps[0]!.getAttribute('aria-current')).toBe('step');
  });
});

// ---------------------------------------------------------------------------------------------------

const savedTour = requestedTourFixture;

function Harness({ send, onRequested }: { send: (input: any) => Promise<Result<RequestedTour>>; onRequested: (tour: RequestedTour) => void }) {
  const [open] = useState(true);
  const c = useRequestTour({ listingId: 1001, zone: DENVER, active: open, onRequested, send });
  return (
    <RequestTourDialogView
      zoneName="MST"
      address="455 E 300 S"
      state={c.state}
      grid={c.grid}
      dropdownTourDay={c.dropdownTourDay}
      describeSlot={(d) => slotText(d, DENVER)}
      actions={c.actions}
      onClose={() => {}}
    />
  );
}

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(select: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  setter.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const q = <T extends Element = HTMLElement>(selector: string) => dom.container.querySelector<T>(selector as string) as T;
const byLabel = (label: string) => {
  const l = [...dom.container.querySelectorAll('label')].find((x) => x.textContent?.startsWith(label))!;
  return (l.htmlFor ? dom.container.querySelector(`#${CSS.escape(l.htmlFor)}`) : l.querySelector('input')) as HTMLInputElement;
};
const radio = (legend: string, option: string) => {
  const fieldset = [...dom.container.querySelectorAll('fieldset')].find((f) => f.querySelector('legend')!.textContent === legend)!;
  return [...fieldset.querySelectorAll('label')].find((l) => l.textContent === option)!.querySelector('input')!;
};

describe('the whole dialog with its behaviour (fixed clock: Wed Jan 15 2025, 10:30 MST)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2025-01-15T17:30:00Z'));
  });

  it('chooses a grid slot and a dropdown slot, goes Back and on keeping them, formats the amount after 500 ms, survives a failure, then succeeds', async () => {
    const send = vi
      .fn<(input: any) => Promise<Result<RequestedTour>>>()
      .mockResolvedValueOnce({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } })
      .mockResolvedValueOnce({ ok: true, value: savedTour() });
    const onRequested = vi.fn();
    dom.render(<Harness send={send} onRequested={onRequested} />);

    const gridSlot = '2025-01-16T16:00:00.000Z'; // Thu 9 am MST
    act(() => q<HTMLButtonElement>(`[data-date-time="${gridSlot}"]`).click());
    act(() => choose(q<HTMLSelectElement>('[part="another-day"]'), '2025-01-22'));
    const dropdownSlot = '2025-01-22T21:00:00.000Z'; // Wed Jan 22, 2 pm MST
    act(() => q<HTMLButtonElement>(`[data-date-time="${dropdownSlot}"]`).click());
    expect(q(`[data-date-time="${dropdownSlot}"]`).getAttribute('aria-pressed')).toBe('true');
    // A past slot cannot be chosen.
    expect(q<HTMLButtonElement>('[data-date-time="2025-01-15T16:00:00.000Z"]').disabled).toBe(true);

    act(() => q<HTMLButtonElement>('[part="continue"]').click());
    expect(q('.step-title').textContent).toBe(t.stepMoreInfo);
    act(() => q<HTMLButtonElement>('[part="back"]').click());
    expect(q('.step-title').textContent).toBe(t.stepTourTime);
    expect(q(`[data-date-time="${gridSlot}"]`).getAttribute('aria-pressed')).toBe('true');
    expect([...dom.container.querySelectorAll('[part="chosen-times"] li')].map((li) => li.textContent)).toEqual([
      'Thu, Jan 16 at 9:00 AM×',
      'Wed, Jan 22 at 2:00 PM×',
    ]);
    act(() => q<HTMLButtonElement>('[part="continue"]').click());

    act(() => radio(t.qualified, t.yes).click());
    act(() => type(byLabel(t.labels.qualifiedLenderName), 'Wasatch Bank'));
    act(() => type(byLabel(t.labels.qualifiedAmount), '450000'));
    act(() => vi.advanceTimersByTime(499));
    expect(byLabel(t.labels.qualifiedAmount).value).toBe('450000');
    act(() => vi.advanceTimersByTime(1));
    expect(byLabel(t.labels.qualifiedAmount).value).toBe('450,000');

    await act(async () => {
      q<HTMLFormElement>('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual({
      listingId: 1001,
      scheduledDateTimes: [gridSlot, dropdownSlot],
      agentAndQualification: { agent: false, agentName: '', agentPhone: '', qualified: true, qualifiedLenderName: 'Wasatch Bank', qualifiedAmount: '450,000' },
    });
    // Failed: the dialog explains, keeps everything, and Request Tour works again.
    expect(q('[part="failure"]').textContent).toBe(t.errors.network);
    expect(byLabel(t.labels.qualifiedAmount).value).toBe('450,000');
    expect(q('[part="submit"]').getAttribute('aria-busy')).toBeNull();
    expect(onRequested).not.toHaveBeenCalled();

    await act(async () => {
      q<HTMLButtonElement>('[part="submit"]').click();
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(onRequested).toHaveBeenCalledWith(savedTour());
  });

  it('Request Tour is busy while sending and ignores a second press', async () => {
    let resolve!: (r: Result<RequestedTour>) => void;
    const send = vi.fn(() => new Promise<Result<RequestedTour>>((r) => (resolve = r)));
    dom.render(<Harness send={send} onRequested={() => {}} />);
    act(() => q<HTMLButtonElement>('[data-date-time="2025-01-16T16:00:00.000Z"]').click());
    act(() => q<HTMLButtonElement>('[part="continue"]').click());
    await act(async () => q<HTMLButtonElement>('[part="submit"]').click());
    expect(q('[part="submit"]').getAttribute('aria-busy')).toBe('true');
    expect(q<HTMLButtonElement>('[part="back"]').disabled).toBe(true);
    await act(async () => q<HTMLButtonElement>('[part="submit"]').click());
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ ok: true, value: savedTour() }));
  });

  it("a refused answer is shown under its field and its text kept (the server's own message)", async () => {
    const send = vi.fn().mockResolvedValue({
      ok: false,
      failure: { kind: 'invalid', message: 'agentName is too long (at most 200 characters).', code: 'BAD_USER_INPUT', argument: 'agentAndQualification.agentName' },
    });
    dom.render(<Harness send={send} onRequested={() => {}} />);
    act(() => q<HTMLButtonElement>('[data-date-time="2025-01-16T16:00:00.000Z"]').click());
    act(() => q<HTMLButtonElement>('[part="continue"]').click());
    act(() => radio(t.hasAgent, t.yes).click());
    act(() => type(byLabel(t.labels.agentName), 'Avery Agent'));
    await act(async () => q<HTMLButtonElement>('[part="submit"]').click());
    await act(() => loadPhoneRules());
    expect(q('[part="error"]').textContent).toBe('agentName is too long (at most 200 characters).');
    expect(byLabel(t.labels.agentName).value).toBe('Avery Agent');
  });

  it('an invalid phone is caught before sending', async () => {
    const send = vi.fn();
    dom.render(<Harness send={send} onRequested={() => {}} />);
    act(() => q<HTMLButtonElement>('[data-date-time="2025-01-16T16:00:00.000Z"]').click());
    act(() => q<HTMLButtonElement>('[part="continue"]').click());
    act(() => radio(t.hasAgent, t.yes).click());
    act(() => type(byLabel(t.labels.agentPhone), 'call me'));
    await act(async () => q<HTMLButtonElement>('[part="submit"]').click());
    // The phone rules' chunk loads first (the rule every phone field applies: it says what is wrong).
    await act(() => loadPhoneRules());
    expect(send).not.toHaveBeenCalled();
    expect(q('[part="error"]').textContent).toBe('Phone number is invalid. Use digits only: it has letters in it.');
  });

  it('a chosen slot that passes while the dialog is open is dropped (the clock refreshes each minute)', () => {
    dom.render(<Harness send={vi.fn()} onRequested={() => {}} />);
    const elevenToday = '2025-01-15T18:00:00.000Z';
    act(() => q<HTMLButtonElement>(`[data-date-time="${elevenToday}"]`).click());
    expect(q<HTMLButtonElement>('[part="continue"]').disabled).toBe(false);
    act(() => vi.advanceTimersByTime(31 * 60_000)); // 11:01 MST
    expect(q<HTMLButtonElement>(`[data-date-time="${elevenToday}"]`).disabled).toBe(true);
    expect(q<HTMLButtonElement>('[part="continue"]').disabled).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('the button and its notes', () => {
  const listing = {
    id: '1001',
    slugId: 's',
    listingCodeId: 'HRT1001',
    enableRequestTour: true,
    timeZone: DENVER,
    address: { streetLine1: '455 E 300 S', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84111' },
  };
  const render = (props: Partial<Parameters<typeof RequestTourView>[0]>) => {
    act(() =>
      dom.root.render(<RequestTourView listing={{ status: 'loaded', listing }} starting={false} openTourId={null} onRequest={() => {}} onViewTour={() => {}} {...props} />),
    );
    return dom.container;
  };

  it("shows 'Request a Tour' for a home that takes requests", () => {
    const onRequest = vi.fn();
    const view = render({ onRequest });
    const button = view.querySelector<HTMLButtonElement>('[part="button"]')!;
    expect(button.textContent).toBe('Request a Tour');
    button.click();
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it('explains instead when the home does not take tour requests', () => {
    const view = render({ listing: { status: 'loaded', listing: { ...listing, enableRequestTour: false } } });
    expect(view.querySelector('[part="button"]')).toBeNull();
    expect(view.querySelector('[part="note"]')!.textContent).toBe(t.unavailable);
    expect(view.querySelector('[part="base"]')!.getAttribute('data-state')).toBe('unavailable');
  });

  it('disabled while the listing loads; clear notes for a missing listing or no listing-id', () => {
    expect(render({ listing: { status: 'loading' } }).querySelector<HTMLButtonElement>('[part="button"]')!.disabled).toBe(true);
    expect(render({ listing: { status: 'missing' } }).querySelector('[part="note"]')!.textContent).toBe(t.missing);
    expect(render({ listing: { status: 'none' } }).querySelector('[part="note"]')!.textContent).toBe(t.noListing);
  });

  it("offers 'View requested tour' when the buyer has an open tour of the home", () => {
    const onViewTour = vi.fn();
    const view = render({ openTourId: '77', onViewTour });
    const link = view.querySelector<HTMLButtonElement>('[part="view-tour"]')!;
    expect(link.textContent).toBe('View requested tour');
    link.click();
    expect(onViewTour).toHaveBeenCalledTimes(1);
  });

  it('busy while the sign-in dialog is open', () => {
    expect(render({ starting: true }).querySelector('[part="button"]')!.getAttribute('aria-busy')).toBe('true');
  });
});
