import { describe, expect, it } from 'vitest';
import { unproject, type Viewport } from './projection';
import { isTileCoordinate, tilesInView, tileUrl, TILE_ROUTE } from './tiles';

/** A viewport whose centre is the world pixel (x, y) at zoom z. */
const at = (z: number, x: number, y: number, width: number, height: number): Viewport => ({ center: unproject({ x, y }, z), zoom: z, width, height });

describe('tilesInView: the tile range of a viewport', () => {
  it('covers a viewport that sits exactly on four tiles, with their screen corners', () => {
    const tiles = tilesInView(at(2, 512, 512, 512, 512));
    expect(tiles.map((t) => `${t.z}/${t.x}/${t.y}@${t.left},${t.top}`).sort()).toEqual(['2/1/1@0,0', '2/1/2@0,256', '2/2/1@256,0', '2/2/2@256,256']);
  });

  it('takes every tile a viewport touches, partly shown ones included', () => {
    // 600 × 300 around world pixel (1000, 1000) at zoom 4: x 700…1300, y 850…1150.
    const tiles = tilesInView(at(4, 1000, 1000, 600, 300));
    const columns = [...new Set(tiles.map((t) => t.x))].sort((a, b) => a - b);
    const rows = [...new Set(tiles.map((t) => t.y))].sort((a, b) => a - b);
    expect(columns).toEqual([2, 3, 4, 5]);
    expect(rows).toEqual([3, 4]);
    expect(tiles).toHaveLength(8);
    const first = tiles.find((t) => t.x === 2 && t.y === 3)!;
    expect([first.left, first.top]).toEqual([2 * 256 - 700, 3 * 256 - 850]);
  });

  it('a Salt Lake City viewport at zoom 13 starts at tile 13/1549/3078, the one under its centre', () => {
    const tiles = tilesInView({ center: { lat: 40.7608, lng: -111.891 }, zoom: 13, width: 640, height: 480 });
    expect(tiles[0]).toMatchObject({ z: 13, x: 1549, y: 3078 });
    expect(tiles.length).toBeGreaterThanOrEqual(12);
    expect(tiles.length).toBeLessThanOrEqual(20);
  });

  it('puts the tiles nearest the centre first', () => {
    const tiles = tilesInView(at(5, 4000, 4000, 800, 600));
    expect(tiles[0]).toMatchObject({ x: 15, y: 15 });
  });

  it('wraps columns around the antimeridian and keeps keys unique', () => {
    // Zoom 1: the world is 512 px wide; a 1000 px viewport shows it about twice.
    const tiles = tilesInView(at(1, 256, 256, 1000, 512));
    expect(tiles.every((t) => t.x >= 0 && t.x < 2)).toBe(true);
    expect(new Set(tiles.map((t) => t.key)).size).toBe(tiles.length);
    expect(tiles.filter((t) => t.x === 0 && t.y === 0).length).toBeGreaterThan(1);
  });

  it('stops rows at the top and bottom of the world', () => {
    const tiles = tilesInView(at(2, 512, 100, 256, 1000));
    expect(Math.min(...tiles.map((t) => t.y))).toBe(0);
    expect(Math.max(...tiles.map((t) => t.y))).toBe(2);
  });

  it('past the source’s last zoom, stretches its deepest tiles; before its first, draws none', () => {
    const stretched = tilesInView(at(6, 8192, 8192, 512, 512), { minZoom: 0, maxZoom: 5 });
    expect(stretched.map((t) => `${t.z}/${t.x}/${t.y}@${t.left},${t.top}`).sort()).toEqual(['5/15/15@-256,-256', '5/15/16@-256,256', '5/16/15@256,-256', '5/16/16@256,256']);
    expect(stretched).toHaveLength(4);
    expect(stretched.every((t) => t.z === 5 && t.size === 512)).toBe(true);
    expect(tilesInView(at(3, 1024, 1024, 512, 512), { minZoom: 4, maxZoom: 14 })).toEqual([]);
  });
});

describe('tileUrl', () => {
  it('fills z, x and y', () => {
    expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { z: 13, x: 1549, y: 3080 })).toBe('https://tile.openstreetmap.org/13/1549/3080.png');
  });

  it('{r} is @2x for a high-density tile and empty otherwise', () => {
    const template = 'https://tiles.example/{z}/{x}/{y}{r}.png?key=abc';
    expect(tileUrl(template, { z: 3, x: 1, y: 2 }, true)).toBe('https://tiles.example/3/1/2@2x.png?key=abc');
    expect(tileUrl(template, { z: 3, x: 1, y: 2 }, false)).toBe('https://tiles.example/3/1/2.png?key=abc');
  });

  it('our own route', () => {
    expect(tileUrl(`https://api.example${TILE_ROUTE}`, { z: 0, x: 0, y: 0 }, true)).toBe('https://api.example/tiles/0/0/0@2x.png');
  });
});

describe('isTileCoordinate', () => {
  it('takes whole numbers within the zoom', () => {
    expect(isTileCoordinate({ z: 0, x: 0, y: 0 })).toBe(true);
    expect(isTileCoordinate({ z: 19, x: 2 ** 19 - 1, y: 0 })).toBe(true);
  });

  it('refuses a zoom beyond 19, a column or row outside the world, fractions and negatives', () => {
    expect(isTileCoordinate({ z: 20, x: 0, y: 0 })).toBe(false);
    expect(isTileCoordinate({ z: 2, x: 4, y: 0 })).toBe(false);
    expect(isTileCoordinate({ z: 2, x: 0, y: 4 })).toBe(false);
    expect(isTileCoordinate({ z: 2, x: 1.5, y: 0 })).toBe(false);
    expect(isTileCoordinate({ z: -1, x: 0, y: 0 })).toBe(false);
  });
});
