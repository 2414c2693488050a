import { describe, expect, it } from 'vitest';
import { stayTexts as t } from '../i18n/stays';
import { chooseDate, dayView, monthOf, moveFocus, NO_SELECTION, staySummary } from './calendar-state';
import { addDays, daysByDate, type StayDay } from './stay-rules';

const TODAY = '2026-03-03';
const days = daysByDate(
  Array.from(
    { length: 20 },
    (_, i): StayDay => {
      const calendarDate = addDays('2026-03-01', i);
      const booked = calendarDate === '2026-03-10';
      return {
        calendarDate,
        available: !booked,
        availableForCheckin: !booked && calendarDate !== '2026-03-06',
        availableForCheckout: calendarDate !== '2026-03-12',
        minNights: 3,
        maxNights: 6,
      };
    },
  ),
);

describe('choosing dates', () => {
  it('takes check-in, then a later day as check-out, then starts over', () => {
    let s = chooseDate(NO_SELECTION, '2026-03-04', days, TODAY);
    expect(s).toEqual({ checkIn: '2026-03-04', checkOut: null });
    s = chooseDate(s, '2026-03-08', days, TODAY);
    expect(s).toEqual({ checkIn: '2026-03-04', checkOut: '2026-03-08' });
    s = chooseDate(s, '2026-03-05', days, TODAY);
    expect(s).toEqual({ checkIn: '2026-03-05', checkOut: null });
  });

  it('moves check-in when an earlier day is chosen, and ignores days that cannot start a stay', () => {
    const s = chooseDate({ checkIn: '2026-03-07', checkOut: null }, '2026-03-04', days, TODAY);
    expect(s).toEqual({ checkIn: '2026-03-04', checkOut: null });
    expect(chooseDate(NO_SELECTION, '2026-03-02', days, TODAY)).toBe(NO_SELECTION);
    expect(chooseDate(NO_SELECTION, '2026-03-06', days, TODAY)).toBe(NO_SELECTION);
    expect(chooseDate(NO_SELECTION, '2026-03-10', days, TODAY)).toBe(NO_SELECTION);
  });
});

describe('a day', () => {
  it('is disabled in the past and when unavailable, with the reason', () => {
    expect(dayView(days.get('2026-03-02')!, NO_SELECTION, TODAY)).toEqual({ disabled: true, mark: null, reasons: [t.dayReasons.past] });
    const booked = { ...days.get('2026-03-10')!, availableForCheckout: false };
    expect(dayView(booked, NO_SELECTION, TODAY)).toEqual({ disabled: true, mark: null, reasons: [t.dayReasons.unavailable] });
  });

  it('is disabled for check-in when booked or closed to check-in, with the reason', () => {
    expect(dayView(days.get('2026-03-10')!, NO_SELECTION, TODAY)).toEqual({ disabled: true, mark: null, reasons: [t.dayReasons.unavailable] });
    expect(dayView(days.get('2026-03-06')!, NO_SELECTION, TODAY)).toEqual({ disabled: true, mark: null, reasons: [t.dayReasons.noCheckIn] });
  });

  it('while check-out is chosen, a later booked day that allows check-out is enabled and says so', () => {
    const choosing = { checkIn: '2026-03-07', checkOut: null };
    expect(dayView(days.get('2026-03-10')!, choosing, TODAY)).toEqual({ disabled: false, mark: null, reasons: [t.dayReasons.checkOutOnly] });
    expect(dayView(days.get('2026-03-06')!, choosing, TODAY)).toEqual({ disabled: true, mark: null, reasons: [t.dayReasons.noCheckIn] });
    expect(dayView(days.get('2026-03-12')!, choosing, TODAY)).toEqual({ disabled: true, mark: null, reasons: [t.dayReasons.noCheckOut] });
  });

  it('marks the chosen range', () => {
    const s = { checkIn: '2026-03-04', checkOut: '2026-03-07' };
    expect(dayView(days.get('2026-03-04')!, s, TODAY).mark).toBe('check-in');
    expect(dayView(days.get('2026-03-05')!, s, TODAY).mark).toBe('in-range');
    expect(dayView(days.get('2026-03-07')!, s, TODAY).mark).toBe('check-out');
    expect(dayView(days.get('2026-03-08')!, s, TODAY).mark).toBe(null);
  });
});

describe('the footer', () => {
  it('asks for check-in, then check-out', () => {
    expect(staySummary(NO_SELECTION, days, TODAY, 10000)).toEqual({ state: 'choose-check-in' });
    expect(staySummary({ checkIn: '2026-03-04', checkOut: null }, days, TODAY, 10000)).toEqual({ state: 'choose-check-out', checkIn: '2026-03-04' });
  });

  it('gives nights and the total of a valid stay', () => {
    expect(staySummary({ checkIn: '2026-03-04', checkOut: '2026-03-08' }, days, TODAY, 12500)).toEqual({
      state: 'valid',
      checkIn: '2026-03-04',
      checkOut: '2026-03-08',
      nights: 4,
      totalInPennies: 50000,
      lines: [{ nights: 4, priceInPennies: 12500 }],
    });
  });

  it('prices each night at its day’s price', () => {
    const priced = new Map(days);
    priced.set('2026-03-06', { ...days.get('2026-03-06')!, nightlyPriceInPennies: 15000 });
    priced.set('2026-03-07', { ...days.get('2026-03-07')!, nightlyPriceInPennies: 15000 });
    expect(staySummary({ checkIn: '2026-03-04', checkOut: '2026-03-09' }, priced, TODAY, 12500)).toMatchObject({
      state: 'valid',
      nights: 5,
      totalInPennies: 3 * 12500 + 2 * 15000,
      lines: [
        { nights: 3, priceInPennies: 12500 },
        { nights: 2, priceInPennies: 15000 },
      ],
    });
  });

  it('says the minimum and maximum stay when the choice breaks them', () => {
    const short = staySummary({ checkIn: '2026-03-04', checkOut: '2026-03-05' }, days, TODAY, 100);
    expect(short).toMatchObject({ state: 'invalid', nights: 1, message: 'Minimum stay is 3 nights' });
    const long = staySummary({ checkIn: '2026-03-11', checkOut: '2026-03-19' }, days, TODAY, 100);
    expect(long).toMatchObject({ state: 'invalid', nights: 8, message: 'Maximum stay is 6 nights' });
    const over = staySummary({ checkIn: '2026-03-07', checkOut: '2026-03-11' }, days, TODAY, 100);
    expect(over).toMatchObject({ state: 'invalid', message: t.errors.nightUnavailable });
  });
});

describe('keyboard', () => {
  it('moves by day, week, week edge and month', () => {
    expect(moveFocus('2026-03-04', 'ArrowLeft')).toBe('2026-03-03');
    expect(moveFocus('2026-03-31', 'ArrowRight')).toBe('2026-04-01');
    expect(moveFocus('2026-03-04', 'ArrowUp')).toBe('2026-02-25');
    expect(moveFocus('2026-03-04', 'ArrowDown')).toBe('2026-03-11');
    expect(moveFocus('2026-03-04', 'Home')).toBe('2026-03-01'); // a Wednesday; Sunday starts the week
    expect(moveFocus('2026-03-04', 'End')).toBe('2026-03-07');
    expect(moveFocus('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(moveFocus('2026-01-15', 'PageUp')).toBe('2025-12-15');
    expect(moveFocus('2026-01-15', 'a')).toBe(null);
  });

  it('names a month', () => {
    expect(monthOf('2026-12-15', 1)).toEqual({ month: 1, year: 2027 });
    expect(monthOf('2026-01-15', -1)).toEqual({ month: 12, year: 2025 });
  });
});
