// @vitest-environment happy-dom
import { act, useRef, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gestureViewport } from './gestures';
import type { Viewport } from './projection';
import { BasemapCredit, BasemapTiles } from './tile-layer';
import { useMapGestures, type MapGestureOptions } from './use-map-gestures';
import type { TileLayer } from './use-tile-layer';

const viewport: Viewport = { center: { lat: 40.76, lng: -111.89 }, zoom: 14, width: 400, height: 300 };

/** Each render gets its own container, unmounted after the test. */
const mounted: { root: Root; container: HTMLElement }[] = [];
function mount(node: ReactNode): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  mounted.push({ root, container });
  act(() => root.render(node));
  return container;
}
afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
});

function Plane({ pinch, canStart, onMove }: Omit<MapGestureOptions, 'current'>) {
  const current = useRef(viewport);
  current.current = viewport;
  const handlers = useMapGestures({ current, pinch, canStart, onMove });
  return (
    <div data-testid="plane" {...handlers}>
      <button type="button">pin</button>
    </div>
  );
}

const pointer = (target: Element, type: string, pointerId: number, clientX: number, clientY: number, button = 0) =>
  act(() => void target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId, clientX, clientY, button, pointerType: 'touch' })));

function renderPlane(options: Partial<Pick<MapGestureOptions, 'pinch' | 'canStart'>> = {}) {
  const onMove = vi.fn();
  const container = mount(<Plane pinch={options.pinch ?? true} canStart={options.canStart ?? (() => true)} onMove={onMove} />);
  return { plane: container.querySelector('[data-testid="plane"]')!, button: container.querySelector('button')!, onMove };
}

describe('useMapGestures', () => {
  it('a press that travels no further than the tap threshold moves nothing; past it the map follows the pointer', () => {
    const { plane, onMove } = renderPlane();
    pointer(plane, 'pointerdown', 1, 100, 100);
    pointer(plane, 'pointermove', 1, 102, 101);
    expect(onMove).not.toHaveBeenCalled();
    pointer(plane, 'pointermove', 1, 150, 120);
    expect(onMove).toHaveBeenLastCalledWith(gestureViewport(viewport, [{ x: 100, y: 100 }], [{ x: 150, y: 120 }]));
    pointer(plane, 'pointerup', 1, 150, 120);
    onMove.mockClear();
    pointer(plane, 'pointermove', 1, 200, 200);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('with pinch, two fingers spreading to twice their distance zoom in a step; without, the second finger is ignored', () => {
    const pinching = renderPlane({ pinch: true });
    pointer(pinching.plane, 'pointerdown', 1, 150, 150);
    pointer(pinching.plane, 'pointerdown', 2, 250, 150);
    pointer(pinching.plane, 'pointermove', 1, 100, 150);
    pointer(pinching.plane, 'pointermove', 2, 300, 150);
    expect(pinching.onMove).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: viewport.zoom + 1 }));

    const dragging = renderPlane({ pinch: false });
    pointer(dragging.plane, 'pointerdown', 1, 150, 150);
    pointer(dragging.plane, 'pointerdown', 2, 250, 150);
    pointer(dragging.plane, 'pointermove', 2, 300, 150);
    expect(dragging.onMove).not.toHaveBeenCalled();
    pointer(dragging.plane, 'pointermove', 1, 100, 150);
    expect(dragging.onMove).toHaveBeenLastCalledWith(gestureViewport(viewport, [{ x: 150, y: 150 }], [{ x: 100, y: 150 }]));
  });

  it('starts nothing when the caller says no (drawing, a press on a button) or for another button than the main one', () => {
    const refused = renderPlane({ canStart: (event) => event.target === event.currentTarget });
    pointer(refused.button, 'pointerdown', 1, 100, 100);
    pointer(refused.plane, 'pointermove', 1, 200, 200);
    pointer(refused.plane, 'pointerdown', 2, 100, 100, 2);
    pointer(refused.plane, 'pointermove', 2, 200, 200);
    expect(refused.onMove).not.toHaveBeenCalled();
  });
});

describe('BasemapTiles and BasemapCredit', () => {
  const layer = (over: Partial<TileLayer> = {}): TileLayer => ({
    status: 'ready',
    tiles: [
      { key: '14/3000/6000', url: 'https://api.example/tiles/14/3000/6000.png', left: -10, top: 20, size: 256 },
      { key: '14/3001/6000', url: 'https://api.example/tiles/14/3001/6000.png', left: 246, top: 20, size: 256 },
    ],
    attribution: [{ text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' }, { text: 'and friends' }],
    onTileLoad: vi.fn(),
    onTileError: vi.fn(),
    ...over,
  });

  it('draws each tile where it sits, shown once loaded; reports loads and failures by key', () => {
    const tiles = layer();
    const container = mount(<BasemapTiles layer={tiles} className="tiles" tileClassName="tile" part="tiles" />);
    const images = [...container.querySelectorAll<HTMLImageElement>('[part="tiles"] img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(tiles.tiles.map((t) => t.url));
    expect(images[0]!.className).toBe('basemap-tile tile');
    expect(images[0]!.alt).toBe('');
    expect(images[0]!.style.left).toBe('-10px');
    expect(images[1]!.style.top).toBe('20px');
    expect(container.querySelector('[part="tiles"]')!.getAttribute('aria-hidden')).toBe('true');
    act(() => void images[0]!.dispatchEvent(new Event('load')));
    expect(images[0]!.dataset.state).toBe('loaded');
    expect(tiles.onTileLoad).toHaveBeenCalledWith('14/3000/6000');
    act(() => void images[1]!.dispatchEvent(new Event('error')));
    expect(tiles.onTileError).toHaveBeenCalledWith('14/3001/6000');
    expect(images[1]!.dataset.state).toBeUndefined();
  });

  it('credits the provider with its links opening apart, and shows nothing without tiles or credit', () => {
    const container = mount(<BasemapCredit layer={layer()} part="attribution" />);
    const credit = container.querySelector('[part="attribution"]')!;
    expect(credit.textContent).toBe('© OpenStreetMap contributors and friends');
    const link = credit.querySelector('a')!;
    expect(link.href).toBe('https://www.openstreetmap.org/copyright');
    expect(link.rel).toBe('noopener noreferrer');
    expect(link.target).toBe('_blank');
    const empty = mount(
      <>
        <BasemapTiles layer={layer({ tiles: [], attribution: [] })} />
        <BasemapCredit layer={layer({ tiles: [], attribution: [] })} />
      </>,
    );
    expect(empty.innerHTML).toBe('');
  });
});
