import { describe, expect, it } from 'vitest';
import { pager } from './paging';

const cursor = (page: number, current = 5) => ({ cursor: `c${page}`, page, isCurrent: page === current });

describe('numbered pager from pageCursors', () => {
  it('shows first, the pages around, last, with gaps, and previous/next', () => {
    const p = pager({ first: cursor(1), around: [3, 4, 5, 6, 7].map((n) => cursor(n)), last: cursor(40), previous: cursor(4) }, true);
    expect(p.items.map((i) => (i.kind === 'gap' ? '…' : i.page))).toEqual([1, '…', 3, 4, 5, 6, 7, '…', 40]);
    expect(p.current).toBe(5);
    expect(p.total).toBe(40);
    expect(p.previous?.page).toBe(4);
    expect(p.next?.page).toBe(6);
  });

  it('a single page is page 1 of 1 with no previous or next', () => {
    const p = pager({ first: null, around: [cursor(1, 1)], last: null, previous: null }, false);
    expect(p).toMatchObject({ current: 1, total: 1, previous: null, next: null });
  });
});
