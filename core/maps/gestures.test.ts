import { describe, expect, it } from 'vitest';
import { gestureViewport, isGesture, keyMove, pinchSteps, zoomAround } from './gestures';
import { fromScreen, MAX_ZOOM, MIN_ZOOM, toScreen, type Viewport } from './projection';

const SALT_LAKE: Viewport = { center: { lat: 40.76, lng: -111.89 }, zoom: 12, width: 390, height: 600 };

describe('pinchSteps', () => {
  it('is one step in for fingers twice as far apart, one out for half as far, none for a small change', () => {
    expect(pinchSteps(100, 200)).toBe(1);
    expect(pinchSteps(100, 50)).toBe(-1);
    expect(pinchSteps(100, 400)).toBe(2);
    expect(pinchSteps(100, 130)).toBe(0);
    expect(pinchSteps(100, 145)).toBe(1);
  });

  it('is no step when a distance is zero (two fingers on one spot)', () => {
    expect(pinchSteps(0, 100)).toBe(0);
    expect(pinchSteps(100, 0)).toBe(0);
  });
});

describe('zoomAround', () => {
  it('keeps the place under the anchor where it was', () => {
    const anchor = { x: 80, y: 450 };
    const place = fromScreen(SALT_LAKE, anchor);
    const zoomed = zoomAround(SALT_LAKE, anchor, 13);
    expect(zoomed.zoom).toBe(13);
    const after = toScreen(zoomed, place);
    expect(after.x).toBeCloseTo(anchor.x, 6);
    expect(after.y).toBeCloseTo(anchor.y, 6);
  });

  it('moves that place to the target point when one is given', () => {
    const place = fromScreen(SALT_LAKE, { x: 100, y: 100 });
    const after = toScreen(zoomAround(SALT_LAKE, { x: 100, y: 100 }, 14, { x: 200, y: 300 }), place);
    expect(after.x).toBeCloseTo(200, 6);
    expect(after.y).toBeCloseTo(300, 6);
  });

  it('stays within the zoom range, in whole steps', () => {
    expect(zoomAround(SALT_LAKE, { x: 0, y: 0 }, 40).zoom).toBe(MAX_ZOOM);
    expect(zoomAround(SALT_LAKE, { x: 0, y: 0 }, -3).zoom).toBe(MIN_ZOOM);
    expect(zoomAround(SALT_LAKE, { x: 0, y: 0 }, 12.6).zoom).toBe(13);
  });

  it('at the same zoom and point changes nothing', () => {
    const same = zoomAround(SALT_LAKE, { x: 195, y: 300 }, 12);
    expect(same.center.lat).toBeCloseTo(SALT_LAKE.center.lat, 9);
    expect(same.center.lng).toBeCloseTo(SALT_LAKE.center.lng, 9);
  });
});

describe('gestureViewport', () => {
  it('one pointer drags the map: the place under the finger follows it', () => {
    const place = fromScreen(SALT_LAKE, { x: 200, y: 300 });
    const dragged = gestureViewport(SALT_LAKE, [{ x: 200, y: 300 }], [{ x: 260, y: 220 }]);
    expect(dragged.zoom).toBe(12);
    const after = toScreen(dragged, place);
    expect(after.x).toBeCloseTo(260, 6);
    expect(after.y).toBeCloseTo(220, 6);
  });

  it('dragging right shows what lies west (the centre moves west), dragging down what lies north', () => {
    const dragged = gestureViewport(SALT_LAKE, [{ x: 100, y: 100 }], [{ x: 200, y: 200 }]);
    expect(dragged.center.lng).toBeLessThan(SALT_LAKE.center.lng);
    expect(dragged.center.lat).toBeGreaterThan(SALT_LAKE.center.lat);
  });

  it('two pointers spreading to twice their distance zoom in one step about the point between them', () => {
    const from = [{ x: 150, y: 300 }, { x: 250, y: 300 }];
    const to = [{ x: 100, y: 300 }, { x: 300, y: 300 }];
    const place = fromScreen(SALT_LAKE, { x: 200, y: 300 });
    const pinched = gestureViewport(SALT_LAKE, from, to);
    expect(pinched.zoom).toBe(13);
    const after = toScreen(pinched, place);
    expect(after.x).toBeCloseTo(200, 6);
    expect(after.y).toBeCloseTo(300, 6);
  });

  it('two pointers closing to half their distance zoom out; moving together they pan as well', () => {
    const from = [{ x: 100, y: 200 }, { x: 300, y: 200 }];
    const to = [{ x: 150, y: 260 }, { x: 250, y: 260 }];
    const place = fromScreen(SALT_LAKE, { x: 200, y: 200 });
    const pinched = gestureViewport(SALT_LAKE, from, to);
    expect(pinched.zoom).toBe(11);
    const after = toScreen(pinched, place);
    expect(after.x).toBeCloseTo(200, 6);
    expect(after.y).toBeCloseTo(260, 6);
  });

  it('no pointers: the viewport it started from', () => {
    expect(gestureViewport(SALT_LAKE, [], [])).toBe(SALT_LAKE);
  });
});

describe('isGesture', () => {
  it('a press that stays within a few pixels is a tap, not a drag', () => {
    expect(isGesture([{ x: 10, y: 10 }], [{ x: 12, y: 11 }])).toBe(false);
    expect(isGesture([{ x: 10, y: 10 }], [{ x: 16, y: 10 }])).toBe(true);
    expect(isGesture([{ x: 10, y: 10 }, { x: 50, y: 50 }], [{ x: 10, y: 10 }, { x: 55, y: 50 }])).toBe(true);
  });
});

describe('keyMove', () => {
  it('pans by the step with the arrow keys (positive: east and south)', () => {
    expect(keyMove('ArrowUp', 64)).toEqual({ pan: [0, -64] });
    expect(keyMove('ArrowDown', 64)).toEqual({ pan: [0, 64] });
    expect(keyMove('ArrowLeft', 120)).toEqual({ pan: [-120, 0] });
    expect(keyMove('ArrowRight', 120)).toEqual({ pan: [120, 0] });
  });

  it('zooms one step with + or = (in) and - or _ (out)', () => {
    expect(keyMove('+', 64)).toEqual({ zoom: 1 });
    expect(keyMove('=', 64)).toEqual({ zoom: 1 });
    expect(keyMove('-', 64)).toEqual({ zoom: -1 });
    expect(keyMove('_', 64)).toEqual({ zoom: -1 });
  });

  it('is nothing for any other key, so the page keeps it (Tab, Enter, letters)', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a', 'Escape', 'PageDown', 'arrowup']) expect(keyMove(key, 64)).toBeNull();
  });
});
