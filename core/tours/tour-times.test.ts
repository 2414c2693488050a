import { describe, expect, it } from 'vitest';
import { tourTexts } from '../i18n/tours';
import { canMoveTour } from './tour-status';
import {
  buyerTourGrid,
  canConfirmOpenHouse,
  checkCancellationReason,
  dayKeyOf,
  emptyOpenHouseSelection,
  instantAt,
  isValidRequestedTime,
  openHouseDays,
  openHouseEndTimes,
  openHouseTimeError,
  openHouseTimes,
  parseInstant,
  scheduledEnd,
  selectOpenHouseDay,
  selectOpenHouseEnd,
  selectOpenHouseStart,
  sellerTimeError,
  tourDay,
} from './tour-times';

const DENVER = 'America/Denver';
const at = (iso: string) => new Date(iso);

describe('listing-local days across the MST day boundary', () => {
  it('06:30 UTC is still yesterday evening in Salt Lake City (MST, UTC−7)', () => {
    const now = at('2025-01-15T06:30:00Z'); // 23:30 MST on Jan 14
    expect(dayKeyOf(now, DENVER)).toBe('2025-01-14');
    const grid = buyerTourGrid(now, DENVER);
    expect(grid.gridDays.map((d) => d.day)).toEqual(['2025-01-14', '2025-01-15', '2025-01-16']);
    // Every slot of "today" (Jan 14, MST) is past at 23:30; tomorrow's are all open.
    expect(grid.gridDays[0]!.slots.every((s) => s.disabled)).toBe(true);
    expect(grid.gridDays[1]!.slots.some((s) => s.disabled)).toBe(false);
    expect(grid.dropdownDays).toHaveLength(12);
    expect(grid.dropdownDays[0]).toMatchObject({ day: '2025-01-17', dayNumber: 4 });
    expect(grid.dropdownDays.at(-1)).toMatchObject({ day: '2025-01-28', dayNumber: 15 });
  });

  it('07:00 UTC is midnight MST: a new listing day begins', () => {
    expect(dayKeyOf(at('2025-01-15T06:59:59Z'), DENVER)).toBe('2025-01-14');
    expect(dayKeyOf(at('2025-01-15T07:00:00Z'), DENVER)).toBe('2025-01-15');
  });

  it('offers 9 am through 8 pm plus a 9 pm row, in the listing zone, past ones disabled', () => {
    const now = at('2025-01-15T17:30:00Z'); // 10:30 MST
    const day = tourDay('2025-01-15', now, DENVER);
    expect(day.slots.map((s) => s.label)).toEqual([
      '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM',
      '4:00 PM', '5:00 PM', '6:00 PM', '7:00 PM', '8:00 PM', '9:00 PM',
    ]);
    expect(day.slots[0]!.dateTime).toBe('2025-01-15T16:00:00.000Z');
    expect(day.slots.at(-1)!.dateTime).toBe('2025-01-16T04:00:00.000Z');
    expect(day.slots.filter((s) => s.disabled).map((s) => s.hour)).toEqual([9, 10]);
  });
});

describe('DST change (second Sunday of March 2025: MST → MDT)', () => {
  it('9 am is 16:00 UTC the day before and 15:00 UTC on the change day', () => {
    expect(instantAt('2025-03-08', 9 * 60, DENVER).toISOString()).toBe('2025-03-08T16:00:00.000Z');
    expect(instantAt('2025-03-09', 9 * 60, DENVER).toISOString()).toBe('2025-03-09T15:00:00.000Z');
    const now = at('2025-03-08T20:00:00Z'); // 13:00 MST
    const grid = buyerTourGrid(now, DENVER);
    expect(grid.gridDays[1]!.slots[0]!.dateTime).toBe('2025-03-09T15:00:00.000Z');
    expect(grid.gridDays[1]!.slots.every((s) => !s.disabled)).toBe(true);
  });

  it('isValidRequestedTime accepts local on-the-hour times on both sides of the change', () => {
    const now = at('2025-03-08T20:00:00Z');
    expect(isValidRequestedTime(at('2025-03-09T15:00:00Z'), now, DENVER)).toBe(true); // 9 am MDT
    expect(isValidRequestedTime(at('2025-03-09T16:00:00Z'), now, DENVER)).toBe(true); // 10 am MDT
    // 16:00 UTC on Mar 8 was 9 am MST but is in the past now.
    expect(isValidRequestedTime(at('2025-03-08T16:00:00Z'), now, DENVER)).toBe(false);
    // 14:00 UTC on the 9th is 8 am MDT: outside the hours.
    expect(isValidRequestedTime(at('2025-03-09T14:00:00Z'), now, DENVER)).toBe(false);
    // 9 pm MDT = 03:00 UTC next day: the 9 pm row is allowed; 10 pm is not.
    expect(isValidRequestedTime(at('2025-03-10T03:00:00Z'), now, DENVER)).toBe(true);
    expect(isValidRequestedTime(at('2025-03-10T04:00:00Z'), now, DENVER)).toBe(false);
    // Half past is not a slot.
    expect(isValidRequestedTime(at('2025-03-09T15:30:00Z'), now, DENVER)).toBe(false);
  });

  it('fall back (Nov 2 2025): 9 am MST is 16:00 UTC', () => {
    expect(instantAt('2025-11-01', 9 * 60, DENVER).toISOString()).toBe('2025-11-01T15:00:00.000Z');
    expect(instantAt('2025-11-02', 9 * 60, DENVER).toISOString()).toBe('2025-11-02T16:00:00.000Z');
  });
});

describe('the 15-day horizon', () => {
  it('day 15 is the last one, counted on the listing calendar', () => {
    const now = at('2025-01-15T06:30:00Z'); // Jan 14 23:30 MST
    expect(isValidRequestedTime(instantAt('2025-01-28', 20 * 60, DENVER), now, DENVER)).toBe(true);
    expect(isValidRequestedTime(instantAt('2025-01-29', 9 * 60, DENVER), now, DENVER)).toBe(false);
  });
  it('refuses invalid dates and zone-less text', () => {
    expect(isValidRequestedTime(new Date(NaN), at('2025-01-15T00:00:00Z'), DENVER)).toBe(false);
    expect(parseInstant('2025-01-16T09:00:00')).toBeNull();
    expect(parseInstant('tomorrow')).toBeNull();
    expect(parseInstant('2025-01-16T09:00:00-07:00')!.toISOString()).toBe('2025-01-16T16:00:00.000Z');
  });
});

describe('seller rules', () => {
  it('a scheduled tour lasts one hour', () => {
    expect(scheduledEnd(at('2025-03-09T15:00:00Z')).toISOString()).toBe('2025-03-09T16:00:00.000Z');
  });
  it('a start at or before now is the exact §5 error', () => {
    const now = at('2025-01-15T17:00:00Z');
    expect(sellerTimeError(at('2025-01-15T17:00:00Z'), now)).toEqual({
      title: 'Invalid date and time selection.',
      message: 'Selected tour time needs to after current date and time.',
    });
    expect(sellerTimeError(at('2025-01-15T18:00:00Z'), now)).toBeNull();
  });
  it('cancellation reason: 50–200 characters with the n/200 counter', () => {
    expect(checkCancellationReason('')).toMatchObject({ counter: '0/200', valid: false });
    expect(checkCancellationReason('x'.repeat(49))).toMatchObject({ counter: '49/200', valid: false });
    expect(checkCancellationReason('x'.repeat(50))).toMatchObject({ counter: '50/200', valid: true, error: null });
    expect(checkCancellationReason('x'.repeat(200))).toMatchObject({ counter: '200/200', valid: true });
    expect(checkCancellationReason('x'.repeat(201))).toMatchObject({ counter: '201/200', valid: false });
  });
  it('status machine', () => {
    expect(canMoveTour('REQUESTED', 'SCHEDULED')).toBe(true);
    expect(canMoveTour('REQUESTED', 'COMPLETED')).toBe(false);
    expect(canMoveTour('SCHEDULED', 'COMPLETED')).toBe(true);
    expect(canMoveTour('CANCELLED', 'SCHEDULED')).toBe(false);
  });
  it('exact toast texts', () => {
    expect(tourTexts.tourSaved).toBe('Requested tour successfully saved.');
    expect(tourTexts.openHouseSaved).toBe('Open House successfully saved.');
    expect(tourTexts.tourSaveFailed).toBe('Something went wrong. Could not save requested tour.');
    expect(tourTexts.openHouseSaveFailed).toBe('Something went wrong. Could not save open house.');
  });
});

describe('open house', () => {
  const now = at('2025-03-08T20:00:00Z'); // Mar 8 13:00 MST
  it('18 days from the listing-local today', () => {
    const days = openHouseDays(now, DENVER);
    expect(days).toHaveLength(18);
    expect(days[0]!.day).toBe('2025-03-08');
    expect(days.at(-1)!.day).toBe('2025-03-25');
  });
  it('30-minute steps from 9:30 am, DST-aware', () => {
    const times = openHouseTimes('2025-03-09', now, DENVER);
    expect(times[0]).toMatchObject({ label: '9:30 AM', dateTime: '2025-03-09T15:30:00.000Z', disabled: false });
    expect(times[1]!.label).toBe('10:00 AM');
    expect(times.at(-1)!.label).toBe('9:00 PM');
    const today = openHouseTimes('2025-03-08', now, DENVER);
    expect(today.find((t) => t.label === '1:00 PM')!.disabled).toBe(true);
    expect(today.find((t) => t.label === '1:30 PM')!.disabled).toBe(false);
  });
  it('a new day clears both; a start at or after the end clears the end', () => {
    const [nine30, ten, ten30] = openHouseTimes('2025-03-09', now, DENVER).map((t) => t.dateTime);
    let s = selectOpenHouseDay(emptyOpenHouseSelection, '2025-03-09');
    s = selectOpenHouseEnd(selectOpenHouseStart(s, nine30!), ten!);
    expect(canConfirmOpenHouse(s)).toBe(true);
    expect(selectOpenHouseStart(s, ten!).end).toBeNull(); // start == end
    expect(selectOpenHouseStart(s, ten30!).end).toBeNull(); // start after end
    expect(selectOpenHouseStart(s, nine30!).end).toBe(ten); // still before
    expect(selectOpenHouseEnd(s, nine30!)).toBe(s); // end at start is not taken
    expect(selectOpenHouseDay(s, '2025-03-10')).toEqual({ day: '2025-03-10', start: null, end: null });
    expect(canConfirmOpenHouse({ ...s, end: null })).toBe(false);
    expect(openHouseEndTimes('2025-03-09', ten!, now, DENVER)[0]!.label).toBe('10:30 AM');
  });
  it('server check: order, grid, same day, horizon, future', () => {
    const t = (day: string, m: number) => instantAt(day, m, DENVER);
    expect(openHouseTimeError(t('2025-03-09', 570), t('2025-03-09', 660), now, DENVER)).toBeNull();
    expect(openHouseTimeError(t('2025-03-09', 660), t('2025-03-09', 570), now, DENVER)).toBe(tourTexts.openHouseOrder);
    expect(openHouseTimeError(t('2025-03-09', 540), t('2025-03-09', 600), now, DENVER)).toBe(tourTexts.openHouseInvalid); // 9:00
    expect(openHouseTimeError(t('2025-03-09', 585), t('2025-03-09', 660), now, DENVER)).toBe(tourTexts.openHouseInvalid); // 9:45
    expect(openHouseTimeError(t('2025-03-09', 1200), t('2025-03-10', 600), now, DENVER)).toBe(tourTexts.openHouseInvalid);
    expect(openHouseTimeError(t('2025-03-25', 600), t('2025-03-25', 660), now, DENVER)).toBeNull(); // day 18
    expect(openHouseTimeError(t('2025-03-26', 600), t('2025-03-26', 660), now, DENVER)).toBe(tourTexts.openHouseInvalid);
    expect(openHouseTimeError(t('2025-03-08', 600), t('2025-03-08', 660), now, DENVER)).toBe(tourTexts.pastTimeMessage);
  });
});
