/**
 * Tiles from a raster PMTiles archive on this machine (the `pmtiles` package reads its v3 header and
 * directories; we hand it the file's bytes). A single file holds a whole region's basemap: nothing leaves
 * the server, no provider's usage policy applies.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';
import { attributionFromHtml, type AttributionPart } from './settings';
import type { TileImage } from './upstream';

const RASTER_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Png]: 'image/png',
  [TileType.Jpeg]: 'image/jpeg',
  [TileType.Webp]: 'image/webp',
  [TileType.Avif]: 'image/avif',
};

/** The archive's bytes from an open file (the package's own FileSource is the browser's File API). */
class FileRangeSource implements Source {
  constructor(
    private readonly path: string,
    private readonly file: FileHandle,
  ) {}

  getKey(): string {
    return this.path;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.file.read(buffer, 0, length, offset);
    return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer };
  }
}

export class PmtilesArchive {
  private constructor(
    private readonly file: FileHandle,
    private readonly archive: PMTiles,
    readonly contentType: string,
  ) {}

  /** Opens the archive and checks that it holds raster tiles. Throws with the reason otherwise. */
  static async open(path: string): Promise<PmtilesArchive> {
    const file = await open(path, 'r');
    try {
      const archive = new PMTiles(new FileRangeSource(path, file));
      const header = await archive.getHeader();
      const contentType = RASTER_TYPES[header.tileType];
      if (!contentType) throw new Error(`${path} holds no raster tiles (tile type ${header.tileType}); the keyless map draws PNG, JPEG, WebP or AVIF tiles.`);
      return new PmtilesArchive(file, archive, contentType);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** The tile's image, or null when the archive has none there (outside its area or zooms). */
  async tile(z: number, x: number, y: number): Promise<TileImage | null> {
    const found = await this.archive.getZxy(z, x, y);
    return found ? { body: Buffer.from(found.data), contentType: this.contentType } : null;
  }

  /** The zooms the archive holds. */
  async zooms(): Promise<{ minZoom: number; maxZoom: number }> {
    const header = await this.archive.getHeader();
    return { minZoom: header.minZoom, maxZoom: header.maxZoom };
  }

  /** The credit line of the archive's metadata (`attribution`, HTML by convention); empty when it has none. */
  async attribution(): Promise<AttributionPart[]> {
    const metadata = (await this.archive.getMetadata().catch(() => null)) as { attribution?: unknown } | null;
    return typeof metadata?.attribution === 'string' ? attributionFromHtml(metadata.attribution) : [];
  }

  close(): Promise<void> {
    return this.file.close();
  }
}
