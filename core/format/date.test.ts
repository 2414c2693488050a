/** Dates as the public pages write them, each format made once per time zone. */
import { describe, expect, it } from 'vitest';
import { dateFormat, dayText } from './date';

describe('dayText', () => {
  it('writes an instant as its day in the given time zone, and leaves a text that is no date as it is', () => {
    expect(dayText('2026-03-06T03:00:00.000Z', 'America/Denver')).toBe('Mar 5, 2026');
    expect(dayText('2026-03-06T03:00:00.000Z', 'UTC')).toBe('Mar 6, 2026');
    expect(dayText('not a date')).toBe('not a date');
  });
});

describe('dateFormat', () => {
  it('makes each kind of format once per time zone and keeps it', () => {
    const first = dateFormat('time', 'Asia/Kathmandu');
    expect(dateFormat('time', 'Asia/Kathmandu')).toBe(first);
    expect(dateFormat('time', 'America/Denver')).not.toBe(first);
    expect(dateFormat('weekday', 'Asia/Kathmandu')).not.toBe(first);
    expect(first.format(new Date('2026-11-28T08:15:00Z'))).toBe('2:00 PM');
    expect(dateFormat('weekday', 'America/Denver').format(new Date('2026-11-28T20:00:00Z'))).toBe('Sat, Nov 28');
  });
});
