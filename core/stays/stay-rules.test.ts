import { describe, expect, it } from 'vitest';
import { addDays, canCheckIn, checkStay, daysByDate, isCalendarDate, nightsBetween, todayIn, type StayDay } from './stay-rules';

const open = (calendarDate: string, extra: Partial<StayDay> = {}): StayDay => ({
  calendarDate,
  available: true,
  availableForCheckin: true,
  availableForCheckout: true,
  minNights: 2,
  maxNights: 5,
  ...extra,
});

const TODAY = '2026-03-01';
// 2026-03-01 … 2026-03-14 open; 03-08 booked (not available, but check-out allowed).
const calendar = () =>
  daysByDate(
    Array.from({ length: 14 }, (_, i) => {
      const date = addDays('2026-03-01', i);
      return date === '2026-03-08' ? open(date, { available: false, availableForCheckin: false }) : open(date);
    }),
  );

describe('stay rules', () => {
  it('accepts a stay within min and max nights with every night open', () => {
    expect(checkStay(calendar(), '2026-03-02', '2026-03-05', TODAY)).toEqual({ ok: true, nights: 3 });
    expect(checkStay(calendar(), '2026-03-01', '2026-03-03', TODAY)).toEqual({ ok: true, nights: 2 });
  });

  it('lets a stay end on a booked day that allows check-out', () => {
    expect(checkStay(calendar(), '2026-03-05', '2026-03-08', TODAY)).toEqual({ ok: true, nights: 3 });
  });

  it('refuses fewer nights than the check-in day’s minimum', () => {
    expect(checkStay(calendar(), '2026-03-02', '2026-03-03', TODAY)).toEqual({ ok: false, problem: { kind: 'too-short', minNights: 2 } });
  });

  it('refuses more nights than the check-in day’s maximum', () => {
    expect(checkStay(calendar(), '2026-03-01', '2026-03-07', TODAY)).toEqual({ ok: false, problem: { kind: 'too-long', maxNights: 5 } });
  });

  it('refuses a stay over an unavailable night', () => {
    expect(checkStay(calendar(), '2026-03-06', '2026-03-10', TODAY)).toEqual({
      ok: false,
      problem: { kind: 'night-unavailable', date: '2026-03-08' },
    });
  });

  it('refuses check-in in the past, on a day without check-in, and check-out before check-in', () => {
    expect(checkStay(calendar(), '2026-03-02', '2026-03-04', '2026-03-03')).toEqual({ ok: false, problem: { kind: 'past' } });
    expect(checkStay(calendar(), '2026-03-08', '2026-03-10', TODAY)).toEqual({ ok: false, problem: { kind: 'check-in-unavailable' } });
    expect(checkStay(calendar(), '2026-03-05', '2026-03-05', TODAY)).toEqual({ ok: false, problem: { kind: 'order' } });
    expect(checkStay(calendar(), '2026-03-05', '2026-03-03', TODAY)).toEqual({ ok: false, problem: { kind: 'order' } });
  });

  it('refuses check-out on a day that does not allow it or that the calendar does not hold', () => {
    const days = calendar();
    days.set('2026-03-04', open('2026-03-04', { availableForCheckout: false }));
    expect(checkStay(days, '2026-03-02', '2026-03-04', TODAY)).toEqual({ ok: false, problem: { kind: 'check-out-unavailable' } });
    expect(checkStay(calendar(), '2026-03-13', '2026-03-15', TODAY)).toEqual({ ok: false, problem: { kind: 'check-out-unavailable' } });
  });

  it('knows check-in days', () => {
    const days = calendar();
    expect(canCheckIn(days.get('2026-03-02'), TODAY)).toBe(true);
    expect(canCheckIn(days.get('2026-03-08'), TODAY)).toBe(false);
    expect(canCheckIn(days.get('2026-03-02'), '2026-03-05')).toBe(false);
    expect(canCheckIn(undefined, TODAY)).toBe(false);
  });

  it('reads dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate("2026-02-01' OR 1=1")).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(nightsBetween('2026-03-29', '2026-04-02')).toBe(4);
    expect(todayIn('America/Denver', new Date('2026-03-02T05:00:00Z'))).toBe('2026-03-01');
    expect(todayIn('Asia/Kathmandu', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});
