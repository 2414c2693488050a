import { describe, expect, it } from 'vitest';
import { tourTexts } from '../i18n/tours';
import {
  cancelOutcome,
  clearSelection,
  confirmSelection,
  initialSellerEditorState,
  outcomeVariables,
  selectTime,
  sellerTourParts,
} from './seller';

const NOW = new Date('2026-03-10T18:00:00Z');
const PAST = '2026-03-10T17:00:00.000Z';
const FUTURE = '2026-03-11T16:00:00.000Z';
const PAST_ERROR = { title: 'Invalid date and time selection.', message: 'Selected tour time needs to after current date and time.' };

const tour = (
  tourStatus: 'REQUESTED' | 'ACCEPTED' | 'SCHEDULED' | 'COMPLETED' | 'CANCELLED',
  extra: Partial<{ start: string | null; end: string | null; cancellationReason: string | null; cancelledBy: 'BUYER' | 'SELLER' | null }> = {},
) => ({
  tourStatus,
  start: null,
  end: null,
  cancellationReason: null,
  cancelledBy: null,
  ...extra,
});

describe('what the seller tour editor offers per status (spec §4)', () => {
  it('REQUESTED: the requested times with Select, Confirm Selection and Cancel Tour; no completion', () => {
    expect(sellerTourParts(tour('REQUESTED'))).toEqual({
      requestedTimes: 'shown',
      schedule: false,
      canSchedule: true,
      canComplete: false,
      canCancel: true,
      reason: false,
      cancelledByBuyer: false,
    });
  });

  it('ACCEPTED: the times are hidden (behind Show/Hide), the accepted time shows and can be confirmed', () => {
    const accepted = tour('ACCEPTED', { start: FUTURE, end: '2026-03-11T17:00:00.000Z' });
    expect(sellerTourParts(accepted)).toMatchObject({ requestedTimes: 'toggle', schedule: true, canSchedule: true, canCancel: true, canComplete: false });
    expect(initialSellerEditorState(accepted).selected).toBe(FUTURE);
    expect(initialSellerEditorState(tour('REQUESTED')).selected).toBeNull();
  });

  it('SCHEDULED: start and end, Mark Completed and Cancel Tour; requested times hidden', () => {
    expect(sellerTourParts(tour('SCHEDULED', { start: FUTURE, end: '2026-03-11T17:00:00.000Z' }))).toEqual({
      requestedTimes: 'hidden',
      schedule: true,
      canSchedule: false,
      canComplete: true,
      canCancel: true,
      reason: false,
      cancelledByBuyer: false,
    });
  });

  it('COMPLETED: start and end only; CANCELLED: the reason only', () => {
    expect(sellerTourParts(tour('COMPLETED', { start: PAST, end: '2026-03-10T18:00:00.000Z' }))).toEqual({
      requestedTimes: 'hidden',
      schedule: true,
      canSchedule: false,
      canComplete: false,
      canCancel: false,
      reason: false,
      cancelledByBuyer: false,
    });
    expect(sellerTourParts(tour('CANCELLED', { cancellationReason: 'x'.repeat(50), cancelledBy: 'SELLER' }))).toEqual({
      requestedTimes: 'hidden',
      schedule: false,
      canSchedule: false,
      canComplete: false,
      canCancel: false,
      reason: true,
      cancelledByBuyer: false,
    });
  });

  it('CANCELLED by the buyer: no reason, says who cancelled', () => {
    expect(sellerTourParts(tour('CANCELLED', { cancelledBy: 'BUYER' }))).toMatchObject({ reason: false, cancelledByBuyer: true, canCancel: false, canSchedule: false });
  });
});

describe('select, clear, confirm (spec §4, §5)', () => {
  const start = initialSellerEditorState(tour('REQUESTED'));

  it('Select picks one time; a second Select replaces it; Clear Selection undoes it', () => {
    const one = selectTime(start, FUTURE, NOW);
    expect(one.selected).toBe(FUTURE);
    const other = selectTime(one, '2026-03-12T16:00:00.000Z', NOW);
    expect(other.selected).toBe('2026-03-12T16:00:00.000Z');
    expect(clearSelection(other)).toEqual({ ...other, selected: null, timeError: null });
  });

  it('a past time (or now exactly) is not taken: the exact §5 title and message show', () => {
    const picked = selectTime(start, FUTURE, NOW);
    const refused = selectTime(picked, PAST, NOW);
    expect(refused.selected).toBe(FUTURE);
    expect(refused.timeError).toEqual(PAST_ERROR);
    expect(refused.timeError).toEqual({ title: tourTexts.pastTimeTitle, message: tourTexts.pastTimeMessage });
    expect(selectTime(start, NOW.toISOString(), NOW).timeError).toEqual(PAST_ERROR);
    // A good pick clears the error.
    expect(selectTime(refused, FUTURE, NOW).timeError).toBeNull();
  });

  it('Confirm Selection gives SCHEDULED with end = start + 1 hour', () => {
    const result = confirmSelection('42', selectTime(start, FUTURE, NOW), NOW);
    expect(result).toEqual({ outcome: { id: '42', tourStatus: 'SCHEDULED', start: FUTURE, end: '2026-03-11T17:00:00.000Z' } });
  });

  it('Confirm Selection refuses a time that has passed since it was picked, and does nothing without a pick', () => {
    const picked = selectTime(start, FUTURE, NOW);
    const later = new Date('2026-03-11T16:00:00Z');
    expect(confirmSelection('42', picked, later)).toEqual({ state: { ...picked, timeError: PAST_ERROR } });
    expect(confirmSelection('42', start, NOW)).toEqual({ state: start });
  });
});

describe('cancellation reason (spec §5: required, 50 to 200 characters)', () => {
  it('49 characters are not enough, 50 and 200 are, 201 are too many; ends are trimmed', () => {
    expect(cancelOutcome('7', 'a'.repeat(49))).toBeNull();
    expect(cancelOutcome('7', `  ${'a'.repeat(49)}  `)).toBeNull();
    expect(cancelOutcome('7', 'a'.repeat(50))).toEqual({ id: '7', tourStatus: 'CANCELLED', cancellationReason: 'a'.repeat(50) });
    expect(cancelOutcome('7', ` ${'b'.repeat(200)} `)).toEqual({ id: '7', tourStatus: 'CANCELLED', cancellationReason: 'b'.repeat(200) });
    expect(cancelOutcome('7', 'a'.repeat(201))).toBeNull();
    expect(cancelOutcome('7', '')).toBeNull();
  });
});

describe('saveTourSeller variables of each dialog outcome (spec §3)', () => {
  it('sends only what the status needs', () => {
    expect(outcomeVariables({ id: '1', tourStatus: 'SCHEDULED', start: FUTURE, end: '2026-03-11T17:00:00.000Z' })).toEqual({
      id: '1',
      tourStatus: 'SCHEDULED',
      start: FUTURE,
      end: '2026-03-11T17:00:00.000Z',
    });
    expect(outcomeVariables({ id: '1', tourStatus: 'CANCELLED', cancellationReason: 'r' })).toEqual({ id: '1', tourStatus: 'CANCELLED', cancellationReason: 'r' });
    expect(outcomeVariables({ id: '1', tourStatus: 'COMPLETED' })).toEqual({ id: '1', tourStatus: 'COMPLETED' });
  });
});
