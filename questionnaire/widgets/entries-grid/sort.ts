/**
 * Sorting the grid's entries (widget spec §4): `sort-by` lists keys (entry variables with their `{r}`),
 * each with an optional leading + (ascending, the default) or - (descending). Values that are dates
 * (M/D/YY or M/D/YYYY) compare chronologically, other strings case-insensitively; an empty value (null)
 * counts as today. The sort is stable.
 */
import { parseEntryDate, today } from './history';

export type Entry = Readonly<Record<string, string>>;

export interface SortKey {
  variable: string;
  direction: 1 | -1;
}

export function parseSortBy(text: string | undefined): SortKey[] {
  return (text ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '' && key !== '+' && key !== '-')
    .map((key) => (key[0] === '-' ? { variable: key.slice(1).trim(), direction: -1 } : { variable: key.replace(/^\+/, '').trim(), direction: 1 }));
}

/** Compares two values of one key: dates chronologically (empty = today), else case-insensitively. */
export function compareValues(a: string, b: string, now: number = today()): number {
  const emptyA = a.trim() === '';
  const emptyB = b.trim() === '';
  if (emptyA && emptyB) return 0;
  const dateA = emptyA ? now : parseEntryDate(a);
  const dateB = emptyB ? now : parseEntryDate(b);
  if (dateA !== null && dateB !== null) return dateA - dateB;
  const textA = a.trim().toLowerCase();
  const textB = b.trim().toLowerCase();
  return textA < textB ? -1 : textA > textB ? 1 : 0;
}

export function sortEntries<T extends Entry>(entries: readonly T[], keys: readonly SortKey[], now: number = today()): T[] {
  if (keys.length === 0) return [...entries];
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((x, y) => {
      for (const { variable, direction } of keys) {
        const order = compareValues(x.entry[variable] ?? '', y.entry[variable] ?? '', now);
        if (order !== 0) return order * direction;
      }
      return x.index - y.index;
    })
    .map(({ entry }) => entry);
}
