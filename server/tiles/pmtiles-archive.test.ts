import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zxyToTileId } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawTile } from './fake-tile-server';
import { PmtilesArchive } from './pmtiles-archive';
import { TileService } from './service';
import { tileSettings } from './settings';

// ---- a PMTiles v3 archive written by hand (the package only reads) -----------------------------------

function varints(values: number[]): Buffer {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value & 0x7f) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return Buffer.from(bytes);
}

/** An uncompressed v3 archive: header, root directory, JSON metadata, then the tiles. Tile type 2 = PNG. */
function pmtilesArchive(tiles: { z: number; x: number; y: number; data: Buffer }[], metadata: object, tileType = 2): Buffer {
  const entries = tiles.map((t) => ({ tileId: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const placed = entries.map((e) => {
    const entry = { ...e, offset };
    offset += e.data.length;
    return entry;
  });
  const directory = Buffer.concat([
    varints([placed.length]),
    varints(placed.map((e, i) => e.tileId - (i === 0 ? 0 : placed[i - 1]!.tileId))),
    varints(placed.map(() => 1)),
    varints(placed.map((e) => e.data.length)),
    varints(placed.map((e) => e.offset + 1)),
  ]);
  const json = Buffer.from(JSON.stringify(metadata));
  const data = Buffer.concat(placed.map((e) => e.data));

  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const root = 127;
  const meta = root + directory.length;
  const tileData = meta + json.length;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, root);
  u64(16, directory.length);
  u64(24, meta);
  u64(32, json.length);
  u64(40, tileData); // no leaf directories
  u64(48, 0);
  u64(56, tileData);
  u64(64, data.length);
  u64(72, placed.length);
  u64(80, placed.length);
  u64(88, placed.length);
  header[96] = 1; // clustered
  header[97] = 1; // internal compression: none
  header[98] = 1; // tile compression: none
  header[99] = tileType;
  header[100] = Math.min(...tiles.map((t) => t.z));
  header[101] = Math.max(...tiles.map((t) => t.z));
  header.writeInt32LE(-180 * 1e7, 102);
  header.writeInt32LE(-85 * 1e7, 106);
  header.writeInt32LE(180 * 1e7, 110);
  header.writeInt32LE(85 * 1e7, 114);
  return Buffer.concat([header, directory, json, data]);
}

// ---- tests -------------------------------------------------------------------------------------------

let dir: string;
const tiles = [
  { z: 0, x: 0, y: 0, data: drawTile(0, 0, 0) },
  { z: 1, x: 1, y: 0, data: drawTile(1, 1, 0) },
  { z: 2, x: 3, y: 1, data: drawTile(2, 3, 1) },
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearth-pmtiles-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('PmtilesArchive: raster tiles from a local archive', () => {
  it('reads each tile the archive holds, as PNG', async () => {
    const path = join(dir, 'world.pmtiles');
    await writeFile(path, pmtilesArchive(tiles, { attribution: '<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>' }));
    const archive = await PmtilesArchive.open(path);
    try {
      for (const t of tiles) {
        const image = await archive.tile(t.z, t.x, t.y);
        expect(image?.contentType).toBe('image/png');
        expect(image?.body.equals(t.data)).toBe(true);
      }
      expect(await archive.zooms()).toEqual({ minZoom: 0, maxZoom: 2 });
    } finally {
      await archive.close();
    }
  });

  it('has no tile where the archive has none', async () => {
    const path = join(dir, 'sparse.pmtiles');
    await writeFile(path, pmtilesArchive(tiles, {}));
    const archive = await PmtilesArchive.open(path);
    try {
      expect(await archive.tile(1, 0, 0)).toBeNull();
      expect(await archive.tile(5, 3, 3)).toBeNull();
    } finally {
      await archive.close();
    }
  });

  it('takes its attribution from the metadata, links kept', async () => {
    const path = join(dir, 'credited.pmtiles');
    await writeFile(path, pmtilesArchive(tiles, { attribution: '<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>' }));
    const archive = await PmtilesArchive.open(path);
    try {
      expect(await archive.attribution()).toEqual([{ text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' }]);
    } finally {
      await archive.close();
    }
  });

  it('refuses an archive of vector tiles, and one that is not an archive', async () => {
    const vector = join(dir, 'vector.pmtiles');
    await writeFile(vector, pmtilesArchive(tiles, {}, 1));
    await expect(PmtilesArchive.open(vector)).rejects.toThrow(/no raster tiles/);
    const text = join(dir, 'not.pmtiles');
    await writeFile(text, 'hello');
    await expect(PmtilesArchive.open(text)).rejects.toThrow();
  });
});

describe('a server whose basemap is an archive (HEARTH_TILES_PMTILES)', () => {
  const options = { userAgent: () => 'Hearth/test', logger: { info: () => undefined, warn: () => undefined, error: () => undefined } };

  it('serves its tiles and its credit line; no tile where it has none', async () => {
    const path = join(dir, 'server.pmtiles');
    await writeFile(path, pmtilesArchive(tiles, { attribution: '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a>' }));
    const service = await TileService.start(tileSettings({ pmtiles: path, cacheDir: dir }, true, {}), options);
    try {
      const source = service.sourceFor('acme', {});
      expect(await service.info(source.source)).toEqual({
        attribution: [{ text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' }],
        retina: false,
        minZoom: 0,
        maxZoom: 2,
      });
      expect((await service.tile(source, { z: 1, x: 1, y: 0 }, false)).body.equals(tiles[1]!.data)).toBe(true);
      await expect(service.tile(source, { z: 1, x: 0, y: 0 }, false)).rejects.toMatchObject({ status: 404 });
    } finally {
      await service.close();
    }
  });

  it('fails at start when the archive cannot be read', async () => {
    await expect(TileService.start(tileSettings({ pmtiles: join(dir, 'nowhere.pmtiles') }, true, {}), options)).rejects.toThrow(/HEARTH_TILES_PMTILES: cannot read/);
  });
});
