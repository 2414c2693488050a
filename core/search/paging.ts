/**
 * The numbered pager of the results (spec §7 pageCursors): previous, the first page, the pages around the
 * current one, the last page and next, with gaps where pages are skipped.
 */
import type { PageCursor, PageCursors } from './api';

export type PagerItem = { kind: 'page'; page: number; cursor: string; current: boolean } | { kind: 'gap'; after: number };

export interface Pager {
  items: PagerItem[];
  current: number;
  total: number;
  previous: PageCursor | null;
  next: PageCursor | null;
}

export function pager(cursors: PageCursors, hasNextPage: boolean): Pager {
  const byPage = new Map<number, PageCursor>();
  for (const cursor of [cursors.first, ...cursors.around, cursors.last]) if (cursor) byPage.set(cursor.page, cursor);
  const pages = [...byPage.values()].sort((a, b) => a.page - b.page);
  const current = pages.find((p) => p.isCurrent)?.page ?? 1;
  const items: PagerItem[] = [];
  for (const [i, cursor] of pages.entries()) {
    const before = pages[i - 1];
    if (before && cursor.page > before.page + 1) items.push({ kind: 'gap', after: before.page });
    items.push({ kind: 'page', page: cursor.page, cursor: cursor.cursor, current: cursor.page === current });
  }
  return {
    items,
    current,
    total: Math.max(current, cursors.last?.page ?? current),
    previous: current > 1 ? (cursors.previous ?? byPage.get(current - 1) ?? null) : null,
    next: hasNextPage ? (byPage.get(current + 1) ?? null) : null,
  };
}
