// @vitest-environment happy-dom
/** A result card mounts once near the screen (spec §9); one near from the start mounts before the first paint. */
import { act, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../testing/react-root';
import { useNearViewport } from './near-viewport';

const dom = testRoot();

/** An observer that never reports: what is near is decided by the layout effect alone. */
const silentObserver = (observed: Element[] = []) =>
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe(node: Element) {
        observed.push(node);
      }
      disconnect() {}
    },
  );

/** A box `top` px down the page, 300 px tall, seen by a probe that records `near` at every render. */
function Probe({ seen }: { seen: boolean[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, null);
  seen.push(near);
  return <div ref={ref} data-near={near} />;
}

function placeAt(top: number | null) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() =>
    top === null ? new DOMRect(0, 0, 0, 0) : new DOMRect(0, top, 360, 300),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useNearViewport', () => {
  it('is near within the first commit when the box is on screen or within 100 px of it: no placeholder is painted', () => {
    vi.stubGlobal('innerHeight', 800);
    silentObserver();
    for (const top of [0, 850, -350]) {
      placeAt(top);
      const seen: boolean[] = [];
      // One synchronous act: the layout effect's update is rendered before act returns, as before a paint.
      act(() => dom.root.render(<Probe key={top} seen={seen} />));
      expect(seen.at(-1), `top ${top}`).toBe(true);
      expect(dom.container.querySelector('[data-near]')!.getAttribute('data-near')).toBe('true');
    }
    vi.unstubAllGlobals();
  });

  it('waits for the observer when the box is further than 100 px away, or has no box (a hidden pane)', () => {
    vi.stubGlobal('innerHeight', 800);
    const observed: Element[] = [];
    silentObserver(observed);
    for (const top of [1000, -500, null]) {
      placeAt(top);
      const seen: boolean[] = [];
      act(() => dom.root.render(<Probe key={String(top)} seen={seen} />));
      expect(seen.at(-1), `top ${top}`).toBe(false);
    }
    expect(observed).toHaveLength(3);
    vi.unstubAllGlobals();
  });
});
