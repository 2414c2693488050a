// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../testing/react-root';
import type { Viewport } from './projection';
import { useTileLayer, type TileLayer } from './use-tile-layer';

const dom = testRoot();
let layer: TileLayer;

function Probe({ viewport }: { viewport: Viewport }) {
  layer = useTileLayer(viewport, false);
  return null;
}

const SALT_LAKE: Viewport = { center: { lat: 40.7608, lng: -111.891 }, zoom: 12, width: 900, height: 520 };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ basemap: { attribution: [{ text: '© OpenStreetMap contributors' }], retina: false, minZoom: 0, maxZoom: 19 } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('useTileLayer', () => {
  it('asks one tile first and keeps asking that same tile while the map settles its size or pans a little', async () => {
    await dom.renderAsync(<Probe viewport={SALT_LAKE} />);
    expect(layer.status).toBe('probing');
    expect(layer.tiles).toHaveLength(1);
    const first = layer.tiles[0]!;

    // The plane narrows (the element found its width) and the centre moves: another tile is now the middle one.
    const settled = { ...SALT_LAKE, width: 390, center: { lat: 40.7608, lng: -111.86 } };
    dom.render(<Probe viewport={settled} />);
    expect(layer.tiles.map((tile) => tile.key)).toEqual([first.key]);
    expect(layer.tiles[0]!.url).toBe(first.url);

    // Its failure marks the zoom unavailable: no tile is drawn, no second one asked.
    act(() => layer.onTileError(first.key));
    expect(layer.status).toBe('unavailable');
    expect(layer.tiles).toEqual([]);
  });

  it('asks a new probe when the first has left the view, and all tiles in view once a probe loads', async () => {
    await dom.renderAsync(<Probe viewport={SALT_LAKE} />);
    const first = layer.tiles[0]!;
    dom.render(<Probe viewport={{ ...SALT_LAKE, center: { lat: 40.7608, lng: -111.5 } }} />);
    expect(layer.tiles).toHaveLength(1);
    expect(layer.tiles[0]!.key).not.toBe(first.key);

    act(() => layer.onTileLoad(layer.tiles[0]!.key));
    expect(layer.status).toBe('ready');
    expect(layer.tiles.length).toBeGreaterThan(4);
    expect(layer.attribution).toEqual([{ text: '© OpenStreetMap contributors' }]);
  });
});
