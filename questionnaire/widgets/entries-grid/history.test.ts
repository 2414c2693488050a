import { describe, expect, it } from 'vitest';
import { widgetTexts } from '../texts';
import {
  addMonths,
  addYears,
  formatEntryDate,
  HISTORY_ERRORS,
  historyErrors,
  MAX_GAP_MONTHS,
  parseEntryDate,
  REQUIRED_YEARS,
  utcDay,
  type DatedEntry,
  type HistoryKind,
} from './history';

const NOW = utcDay(2026, 11, 26);
const d = (month: number, day: number, year: number) => `${month}/${day}/${year}`;
const address = (entries: DatedEntry[], now = NOW) => historyErrors('addressHistory', entries, now);

/** A small seeded generator (no fast-check in this project): the same lists on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % max;
  };
}

const DAY = 86_400_000;
const fmt = (value: number) => {
  const date = new Date(value);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
};

/**
 * A valid address history ending now (the newest entry open-ended): entries going back at least 5 years,
 * each gap between 0 days and one month.
 */
function validHistory(next: (max: number) => number): DatedEntry[] {
  const entries: DatedEntry[] = [];
  let start = NOW - (30 + next(900)) * DAY;
  entries.push({ start: fmt(start), end: '' });
  const limit = addYears(NOW + DAY, -REQUIRED_YEARS);
  while (start > limit) {
    const end = start - next(28) * DAY; // a gap under one month
    start = end - (20 + next(1200)) * DAY;
    entries.push({ start: fmt(start), end: fmt(end) });
  }
  return entries;
}

function shuffle<T>(items: T[], next: (max: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('grid history rules (widget spec §5, §8, §9)', () => {
  it('the constants: a gap over 1 month, 5 years', () => {
    expect(MAX_GAP_MONTHS).toBe(1);
    expect(REQUIRED_YEARS).toBe(5);
  });

  it('the six messages, exactly as written', () => {
    expect(HISTORY_ERRORS.map((key) => widgetTexts.errors[key])).toEqual([
      'Each entry must include a start date.',
      'Start dates must be earlier than end dates.',
      'Entry dates must not overlap.',
      'Gaps between entries must be less than one month.',
      'Must include dates from the current year.',
      'Must include all dates from the last 5 years.',
    ]);
    expect(widgetTexts.entriesGrid.incomplete).toBe('Please fully answer the questions above to add this entry');
    expect([widgetTexts.entriesGrid.add, widgetTexts.entriesGrid.update, widgetTexts.entriesGrid.cancel]).toEqual(['Add Entry', 'Update Entry', 'Cancel']);
  });

  it('reads M/D/YY and M/D/YYYY, with or without leading zeros, and refuses what is not a real date', () => {
    expect(parseEntryDate('3/5/2021')).toBe(utcDay(2021, 3, 5));
    expect(parseEntryDate('03/05/2021')).toBe(utcDay(2021, 3, 5));
    expect(parseEntryDate('3/5/21')).toBe(utcDay(2021, 3, 5));
    expect(parseEntryDate('3/5/99')).toBe(utcDay(1999, 3, 5));
    for (const bad of ['', '2/30/2021', '13/1/2021', '3/5/021', '2021-03-05', '3/5', 'x/y/zzzz']) expect(parseEntryDate(bad), bad).toBeNull();
    expect(formatEntryDate(utcDay(2026, 1, 2))).toBe('01/02/2026');
  });

  it('one month later clamps to the end of the month', () => {
    expect(addMonths(utcDay(2024, 1, 31), 1)).toBe(utcDay(2024, 2, 29));
    expect(addMonths(utcDay(2025, 12, 15), 1)).toBe(utcDay(2026, 1, 15));
    expect(addYears(utcDay(2024, 2, 29), -5)).toBe(utcDay(2019, 2, 28));
  });

  it('each entry must include a start date', () => {
    expect(address([{ start: '', end: d(1, 1, 2024) }, { start: d(1, 1, 2020), end: '' }])).toContain('startRequired');
    expect(historyErrors('employmentHistory', [{ start: '', end: '' }], NOW)).toEqual(['startRequired']);
  });

  it('start dates must be earlier than end dates; a missing end date is tomorrow', () => {
    expect(historyErrors('employmentHistory', [{ start: d(5, 1, 2024), end: d(5, 1, 2024) }], NOW)).toEqual(['startBeforeEnd']);
    expect(historyErrors('employmentHistory', [{ start: d(5, 2, 2024), end: d(5, 1, 2024) }], NOW)).toEqual(['startBeforeEnd']);
    // Today's start with no end: tomorrow is after it.
    expect(historyErrors('tripHistory', [{ start: d(11, 26, 2026), end: '' }], NOW)).toEqual([]);
    // Tomorrow's start with no end: not earlier than tomorrow.
    expect(historyErrors('tripHistory', [{ start: d(11, 27, 2026), end: '' }], NOW)).toEqual(['startBeforeEnd']);
  });

  it('address history: a valid five-year history has no errors', () => {
    expect(address([{ start: d(6, 1, 2023), end: '' }, { start: d(5, 15, 2019), end: d(6, 1, 2023) }, { start: d(1, 1, 2015), end: d(5, 1, 2019) }])).toEqual([]);
  });

  it('address history: gaps over one month (exactly one month is allowed)', () => {
    const base = { start: d(6, 1, 2023), end: '' };
    expect(address([base, { start: d(1, 1, 2020), end: d(5, 1, 2023) }])).toEqual([]);
    expect(address([base, { start: d(1, 1, 2020), end: d(4, 30, 2023) }])).toEqual(['gap']);
  });

  it('address history: overlaps (negative gaps), also of an entry inside another', () => {
    expect(address([{ start: d(6, 1, 2023), end: '' }, { start: d(1, 1, 2020), end: d(6, 2, 2023) }])).toEqual(['overlap']);
    expect(address([{ start: d(1, 1, 2020), end: '' }, { start: d(1, 1, 2021), end: d(1, 1, 2022) }])).toEqual(['overlap']);
    // Two open-ended entries: the older one runs until tomorrow.
    expect(address([{ start: d(1, 1, 2020), end: '' }, { start: d(1, 1, 2023), end: '' }])).toEqual(['overlap']);
  });

  it('address history: the last end year must be the current year', () => {
    expect(address([{ start: d(1, 1, 2019), end: d(12, 31, 2025) }])).toEqual(['currentYear']);
    expect(address([{ start: d(1, 1, 2019), end: d(1, 2, 2026) }])).toEqual([]);
    expect(address([{ start: d(1, 1, 2019), end: d(1, 2, 2027) }])).toEqual(['currentYear']);
  });

  it('address history: a span of at least 5 years', () => {
    expect(address([{ start: d(11, 28, 2021), end: '' }])).toEqual(['fiveYears']);
    // Five years back from tomorrow (a missing end) is enough.
    expect(address([{ start: d(11, 27, 2021), end: '' }])).toEqual([]);
    expect(address([{ start: d(11, 26, 2021), end: '' }])).toEqual([]);
  });

  it('several broken rules give several errors, in the order of the messages', () => {
    expect(address([{ start: d(1, 1, 2024), end: d(1, 1, 2025) }, { start: d(6, 1, 2024), end: d(7, 1, 2024) }, { start: '', end: '' }])).toEqual([
      'startRequired', 'overlap', 'currentYear', 'fiveYears',
    ]);
  });

  it('employment and trip histories only check the order of dates', () => {
    const gappy = [{ start: d(1, 1, 2010), end: d(1, 1, 2011) }, { start: d(6, 1, 2010), end: d(1, 1, 2012) }, { start: d(1, 1, 2020), end: d(2, 1, 2020) }];
    expect(address(gappy)).toEqual(['overlap', 'gap', 'currentYear']);
    for (const kind of ['employmentHistory', 'tripHistory'] as HistoryKind[]) expect(historyErrors(kind, gappy, NOW)).toEqual([]);
  });

  describe('property tests over random entry lists (seeded)', () => {
    const RUNS = 300;

    it('a generated contiguous five-year history is valid, in any order', () => {
      for (let seed = 1; seed <= RUNS; seed++) {
        const next = random(seed);
        const history = validHistory(next);
        expect(address(history), JSON.stringify(history)).toEqual([]);
        expect(address(shuffle(history, next))).toEqual([]);
      }
    });

    it('widening one gap past a month always gives the gap error', () => {
      for (let seed = 1; seed <= RUNS; seed++) {
        const next = random(seed);
        const history = validHistory(next);
        if (history.length < 2) continue;
        const i = 1 + next(history.length - 1);
        const older = history[i]!;
        // End the older entry one month and a bit before the newer one starts (and keep its start before that).
        const newerStart = parseEntryDate(history[i - 1]!.start)!;
        const end = addMonths(newerStart, -1) - (1 + next(60)) * DAY;
        const start = Math.min(parseEntryDate(older.start)!, end - 10 * DAY);
        history[i] = { start: fmt(start), end: fmt(end) };
        expect(address(history), JSON.stringify(history)).toContain('gap');
      }
    });

    it('starting an entry before the one before it ended always gives the overlap error', () => {
      for (let seed = 1; seed <= RUNS; seed++) {
        const next = random(seed);
        const history = validHistory(next);
        if (history.length < 2) continue;
        const i = next(history.length - 1);
        const newer = history[i]!;
        const olderEnd = history[i + 1]!.end;
        const start = parseEntryDate(olderEnd)! - (1 + next(5)) * DAY;
        history[i] = { ...newer, start: fmt(start) };
        expect(address(history), JSON.stringify(history)).toContain('overlap');
      }
    });

    it('for any list: the errors are known keys in message order, independent of entry order; other kinds never check gaps', () => {
      for (let seed = 1; seed <= RUNS; seed++) {
        const next = random(seed);
        const entries: DatedEntry[] = Array.from({ length: 1 + next(6) }, () => {
          const start = NOW - next(4000) * DAY;
          const pick = next(10);
          return {
            start: pick === 0 ? '' : fmt(start),
            end: pick < 3 ? '' : fmt(start + (next(1500) - 100) * DAY),
          };
        });
        const errors = address(entries);
        expect(HISTORY_ERRORS.filter((k) => errors.includes(k))).toEqual(errors);
        expect(address(shuffle(entries, next))).toEqual(errors);
        for (const kind of ['employmentHistory', 'tripHistory'] as HistoryKind[]) {
          const other = historyErrors(kind, entries, NOW);
          expect(other.every((k) => k === 'startRequired' || k === 'startBeforeEnd')).toBe(true);
          expect(other).toEqual(errors.filter((k) => k === 'startRequired' || k === 'startBeforeEnd'));
        }
      }
    });
  });
});
