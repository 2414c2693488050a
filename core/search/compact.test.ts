import { describe, expect, it } from 'vitest';
import { COMPACT_MAX_WIDTH, layoutFor, listAnchor } from './compact';

describe('layoutFor', () => {
  it('is compact below COMPACT_MAX_WIDTH (a phone, or a narrow column), wide from it', () => {
    expect(layoutFor(320)).toBe('compact');
    expect(layoutFor(390)).toBe('compact');
    expect(layoutFor(COMPACT_MAX_WIDTH - 1)).toBe('compact');
    expect(layoutFor(COMPACT_MAX_WIDTH)).toBe('wide');
    expect(layoutFor(1280)).toBe('wide');
  });

  it('keeps the wide layout for an element not laid out yet (width 0)', () => {
    expect(layoutFor(0)).toBe('wide');
  });
});

describe('listAnchor', () => {
  it('is the first result still on screen, with its top (negative when partly scrolled past)', () => {
    const items = [
      { id: 'a', top: -900, bottom: -500 },
      { id: 'b', top: -490, bottom: -80 },
      { id: 'c', top: -70, bottom: 340 },
      { id: 'd', top: 350, bottom: 760 },
    ];
    expect(listAnchor(items)).toEqual({ id: 'c', top: -70 });
  });

  it('at the top of the list, the first result wherever it is', () => {
    expect(listAnchor([{ id: 'a', top: 420, bottom: 830 }])).toEqual({ id: 'a', top: 420 });
  });

  it('none when the list is empty or scrolled past entirely', () => {
    expect(listAnchor([])).toBeNull();
    expect(listAnchor([{ id: 'a', top: -500, bottom: -90 }])).toBeNull();
  });
});
