/**
 * Relay-style paging with numbered pages (spec §7 listingLoad: first, last, after, before, offset;
 * pageCursors first / around / last / previous, the "pageCursors" pattern of Artsy's Metaphysics).
 *
 * A cursor is opaque to clients: base64url of JSON `{ o, k?, i? }`.
 *   o  the 0-based position of the row in the result (always present),
 *   k  the row's sort key and i its id (present on cursors of returned rows).
 * With k and i the next page is a keyset read (`(key, id) > (k, i)`, an index range, no matter how deep);
 * page cursors (jumping to page 7) have only o, and read with OFFSET.
 */
import { badInput } from '../../domain-error';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Pages listed in `around` (the current one and its neighbours). */
const AROUND_PAGES = 5;

export interface Cursor {
  o: number;
  k?: string | number;
  i?: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string, argumentName: string): Cursor {
  const bad = () => badInput(`${argumentName} is not a cursor this API gave out.`, argumentName);
  if (text.length > 200) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (typeof value !== 'object' || value === null) throw bad();
  const { o, k, i } = value as Record<string, unknown>;
  if (typeof o !== 'number' || !Number.isSafeInteger(o) || o < -1) throw bad();
  if (k === undefined && i === undefined) return { o };
  if ((typeof k !== 'string' && typeof k !== 'number') || typeof i !== 'number' || !Number.isSafeInteger(i)) throw bad();
  return { o, k, i };
}

export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  offset?: number | null;
}

/** What to read: a window of `size` rows, forward from a position or backward from one. */
export type PageRequest =
  | { direction: 'forward'; size: number; after: Cursor | null; skip: number }
  | { direction: 'backward'; size: number; before: Cursor | null };

function checkSize(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_PAGE_SIZE) {
    throw badInput(`${name} must be a whole number from 0 to ${MAX_PAGE_SIZE}.`, name);
  }
}

export function pageRequest(args: PageArgs): PageRequest {
  const { first, last, after, before, offset } = args;
  if (first !== null && first !== undefined) checkSize(first, 'first');
  if (last !== null && last !== undefined) checkSize(last, 'last');
  if (offset !== null && offset !== undefined && (!Number.isSafeInteger(offset) || offset < 0 || offset > 1_000_000)) {
    throw badInput('offset must be a whole number from 0 to 1000000.', 'offset');
  }
  const backward = (last !== null && last !== undefined) || (before !== null && before !== undefined);
  if (backward) {
    if (first !== null && first !== undefined) {
      throw badInput('Use first/after to page forward or last/before to page backward, not both.', 'first');
    }
    if (after) throw badInput('after goes with first; before goes with last.', 'after');
    if (offset) throw badInput('offset goes with first, not with last/before.', 'offset');
    return { direction: 'backward', size: last ?? DEFAULT_PAGE_SIZE, before: before ? decodeCursor(before, 'before') : null };
  }
  return {
    direction: 'forward',
    size: first ?? DEFAULT_PAGE_SIZE,
    after: after ? decodeCursor(after, 'after') : null,
    skip: offset ?? 0,
  };
}

export interface PageCursor {
  cursor: string;
  page: number;
  isCurrent: boolean;
}

export interface PageCursors {
  first: PageCursor | null;
  around: PageCursor[];
  last: PageCursor | null;
  previous: PageCursor | null;
}

/** The cursor that, used as `after` with `first: size`, reads page `page` (1-based). */
const pageCursor = (page: number, size: number, current: number): PageCursor => ({
  cursor: encodeCursor({ o: (page - 1) * size - 1 }),
  page,
  isCurrent: page === current,
});

/**
 * Numbered pagination from the page's first row position: up to 5 pages `around` the current one, with
 * `first` / `last` only when they are not in `around` already, `previous` when there is one.
 */
export function pageCursors(startPosition: number, size: number, totalCount: number): PageCursors {
  const pageSize = Math.max(1, size);
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  const current = Math.min(totalPages, Math.floor(Math.max(0, startPosition) / pageSize) + 1);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => pageCursor(from + i, pageSize, current));

  let around: PageCursor[];
  let first: PageCursor | null = null;
  let last: PageCursor | null = null;
  if (totalPages <= AROUND_PAGES) {
    around = range(1, totalPages);
  } else if (current <= 3) {
    around = range(1, 4);
    last = pageCursor(totalPages, pageSize, current);
  } else if (current >= totalPages - 2) {
    first = pageCursor(1, pageSize, current);
    around = range(totalPages - 3, totalPages);
  } else {
    first = pageCursor(1, pageSize, current);
    around = range(current - 1, current + 1);
    last = pageCursor(totalPages, pageSize, current);
  }
  const previous = current > 1 ? pageCursor(current - 1, pageSize, current) : null;
  return { first, around, last, previous };
}
