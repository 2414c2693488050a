import { phoneRules } from '../format/phone-static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestTourTexts as t } from '../i18n/tours';
import {
  agentAndQualificationOf,
  AMOUNT_FORMAT_DELAY_MS,
  canContinue,
  checkInfo,
  createDebouncer,
  initialRequestTourState,
  requestTourReducer,
  TOUR_REQUESTED_TOAST_EXTENDED_MS,
  TOUR_REQUESTED_TOAST_MS,
  type RequestTourState,
} from './request-tour-state';

const DENVER = 'America/Denver';
const NINE_AM_JAN_16 = '2025-01-16T16:00:00.000Z';
const TEN_AM_JAN_16 = '2025-01-16T17:00:00.000Z';
const NINE_AM_JAN_15 = '2025-01-15T16:00:00.000Z';

afterEach(() => {
  vi.useRealTimers();
});

const phone = phoneRules.check('US');

describe('choosing times (spec §5)', () => {
  it('toggles several times, kept in time order; Continue needs at least one', () => {
    let s = initialRequestTourState;
    expect(canContinue(s)).toBe(false);
    expect(requestTourReducer(s, { type: 'continue' })).toBe(s);
    s = requestTourReducer(s, { type: 'toggle', dateTime: TEN_AM_JAN_16 });
    s = requestTourReducer(s, { type: 'toggle', dateTime: NINE_AM_JAN_16 });
    expect(s.selected).toEqual([NINE_AM_JAN_16, TEN_AM_JAN_16]);
    expect(canContinue(s)).toBe(true);
    s = requestTourReducer(s, { type: 'toggle', dateTime: TEN_AM_JAN_16 });
    expect(s.selected).toEqual([NINE_AM_JAN_16]);
    expect(requestTourReducer(s, { type: 'continue' }).step).toBe('info');
  });

  it('Back returns to step 1 keeping times and answers', () => {
    let s = requestTourReducer(initialRequestTourState, { type: 'toggle', dateTime: NINE_AM_JAN_16 });
    s = requestTourReducer(s, { type: 'continue' });
    s = requestTourReducer(s, { type: 'set-agent', value: true });
    s = requestTourReducer(s, { type: 'change', field: 'agentName', value: 'Avery' });
    s = requestTourReducer(s, { type: 'back' });
    expect(s.step).toBe('time');
    expect(s.selected).toEqual([NINE_AM_JAN_16]);
    expect(s.info).toMatchObject({ agent: true, agentName: 'Avery' });
  });

  it('changing the dropdown day keeps the times chosen on the previous one', () => {
    let s = requestTourReducer(initialRequestTourState, { type: 'choose-day', day: '2025-01-20' });
    s = requestTourReducer(s, { type: 'toggle', dateTime: '2025-01-20T16:00:00.000Z' });
    s = requestTourReducer(s, { type: 'choose-day', day: '2025-01-22' });
    expect(s.dropdownDay).toBe('2025-01-22');
    expect(s.selected).toEqual(['2025-01-20T16:00:00.000Z']);
  });

  it('drops chosen slots that have passed, keeps the rest', () => {
    let s = requestTourReducer(initialRequestTourState, { type: 'toggle', dateTime: NINE_AM_JAN_15 });
    s = requestTourReducer(s, { type: 'toggle', dateTime: NINE_AM_JAN_16 });
    const pruned = requestTourReducer(s, { type: 'prune', now: new Date('2025-01-15T16:30:00Z'), zone: DENVER });
    expect(pruned.selected).toEqual([NINE_AM_JAN_16]);
    expect(requestTourReducer(pruned, { type: 'prune', now: new Date('2025-01-15T16:30:00Z'), zone: DENVER })).toBe(pruned);
  });
});

describe('sending', () => {
  const ready = (): RequestTourState =>
    requestTourReducer(requestTourReducer(initialRequestTourState, { type: 'toggle', dateTime: NINE_AM_JAN_16 }), { type: 'continue' });

  it('submit without a time goes back to step 1 and sends nothing', () => {
    const s = requestTourReducer({ ...initialRequestTourState, step: 'info' }, { type: 'submit', phone });
    expect(s).toMatchObject({ step: 'time', status: 'editing' });
  });

  it('a refused answer stays on step 2 with its message', () => {
    let s = requestTourReducer(ready(), { type: 'set-qualified', value: true });
    s = requestTourReducer(s, { type: 'change', field: 'qualifiedAmount', value: 'about half a million' });
    s = requestTourReducer(s, { type: 'submit', phone });
    expect(s).toMatchObject({ status: 'editing', step: 'info', errors: { qualifiedAmount: t.errors.amountInvalid } });
  });

  it('while submitting nothing changes; a failure keeps every choice and allows pressing again', () => {
    let s = requestTourReducer(ready(), { type: 'set-agent', value: true });
    s = requestTourReducer(s, { type: 'change', field: 'agentPhone', value: '801 555 0142' });
    s = requestTourReducer(s, { type: 'submit', phone });
    expect(s.status).toBe('submitting');
    expect(requestTourReducer(s, { type: 'toggle', dateTime: TEN_AM_JAN_16 })).toBe(s);
    expect(requestTourReducer(s, { type: 'back' })).toBe(s);
    s = requestTourReducer(s, { type: 'failed', message: t.errors.network });
    expect(s).toMatchObject({ status: 'failed', failure: t.errors.network, step: 'info', selected: [NINE_AM_JAN_16] });
    expect(s.info).toMatchObject({ agent: true, agentPhone: '801 555 0142' });
    expect(requestTourReducer(s, { type: 'submit', phone }).status).toBe('submitting');
  });

  it('success starts over', () => {
    expect(requestTourReducer(requestTourReducer(ready(), { type: 'submit', phone }), { type: 'reset' })).toEqual(initialRequestTourState);
  });
});

describe('agent and qualification (spec §3)', () => {
  it('checks only what applies', () => {
    const info = { ...initialRequestTourState.info, agentPhone: 'call me', qualifiedAmount: 'lots' };
    expect(checkInfo(info, phone)).toEqual({});
    expect(checkInfo({ ...info, agent: true, qualified: true }, phone)).toEqual({
      agentPhone: 'Phone number is invalid. Use digits only: it has letters in it.',
      qualifiedAmount: t.errors.amountInvalid,
    });
    expect(checkInfo({ ...info, agent: true, agentPhone: '(801) 555-0142', qualified: true, qualifiedAmount: '450000' }, phone)).toEqual({});
  });

  it("reads the agent's phone as every phone field does (issue 35)", () => {
    const info = { ...initialRequestTourState.info, agent: true };
    for (const agentPhone of ['801-555-0123', '801.555.0123', '+1 801 555 0123', '+44 20 7946 0958', '']) expect(checkInfo({ ...info, agentPhone }, phone), agentPhone).toEqual({});
    expect(checkInfo({ ...info, agentPhone: '555-0142' }, phone)).toEqual({ agentPhone: 'Phone number is invalid. It has too few digits for a number in the United States.' });
  });

  it('sends what does not apply as empty, and the amount formatted', () => {
    expect(
      agentAndQualificationOf({
        agent: false,
        agentName: 'Old name',
        agentPhone: '801',
        qualified: true,
        qualifiedLenderName: ' Wasatch Bank ',
        qualifiedAmount: '450000.',
      }),
    ).toEqual({ agent: false, agentName: '', agentPhone: '', qualified: true, qualifiedLenderName: 'Wasatch Bank', qualifiedAmount: '450,000' });
  });
});

describe('the prequalification amount (spec §5)', () => {
  it('reformats only after a 500 ms pause in typing', () => {
    vi.useFakeTimers();
    expect(AMOUNT_FORMAT_DELAY_MS).toBe(500);
    const pause = createDebouncer(AMOUNT_FORMAT_DELAY_MS);
    const run = vi.fn();
    pause.schedule(run);
    vi.advanceTimersByTime(499);
    pause.schedule(run); // another keystroke restarts the pause
    vi.advanceTimersByTime(499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('flush runs a pending reformat at once (before sending); cancel drops it', () => {
    vi.useFakeTimers();
    const pause = createDebouncer(AMOUNT_FORMAT_DELAY_MS);
    const run = vi.fn();
    pause.schedule(run);
    pause.flush();
    expect(run).toHaveBeenCalledTimes(1);
    pause.flush();
    expect(run).toHaveBeenCalledTimes(1);
    pause.schedule(run);
    pause.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('the reducer reformats on format-amount and leaves a non-amount alone', () => {
    let s = requestTourReducer(initialRequestTourState, { type: 'change', field: 'qualifiedAmount', value: '450000' });
    s = requestTourReducer(s, { type: 'format-amount' });
    expect(s.info.qualifiedAmount).toBe('450,000');
    const odd = requestTourReducer(s, { type: 'change', field: 'qualifiedAmount', value: '450k' });
    expect(requestTourReducer(odd, { type: 'format-amount' })).toBe(odd);
  });
});

describe('the success toast (spec §8)', () => {
  it('8000 ms, extended 5000 ms', () => {
    expect(TOUR_REQUESTED_TOAST_MS).toBe(8000);
    expect(TOUR_REQUESTED_TOAST_EXTENDED_MS).toBe(5000);
  });
});
