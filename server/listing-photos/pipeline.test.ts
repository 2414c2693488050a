import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listingPhotoTexts as t } from '../../core/i18n/listing-photos';
import { processListingPhoto, sniffListingPhoto } from './pipeline';

/** A 2000×1000 JPEG stored sideways (EXIF orientation 6: shown turned a quarter right) with a camera and a GPS position. */
async function sidewaysJpegWithGps(): Promise<Buffer> {
  // Left half red, right half blue: after the turn, red is on top.
  const left = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#d00000' } }).png().toBuffer();
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#0000d0' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '111/1 53/1 0/1' },
    })
    .toBuffer();
}

describe('listing photo pipeline', () => {
  it('turns the photo upright, strips EXIF (GPS included) and makes 400/800 in WebP and JPEG, not wider than the photo', async () => {
    const input = await sidewaysJpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif!.toString('latin1')).toContain('TestCam');

    const photo = await processListingPhoto(input, 'house.jpg');
    expect(photo.source).toBe('jpeg');
    // Upright: 1000 wide, 2000 high; 1600 would be an enlargement.
    expect([photo.width, photo.height]).toEqual([1000, 2000]);
    expect(photo.sizes.map((s) => [s.width, s.height])).toEqual([
      [400, 800],
      [800, 1600],
    ]);
    for (const size of photo.sizes) {
      for (const [bytes, format] of [
        [size.webp, 'webp'],
        [size.jpeg, 'jpeg'],
      ] as const) {
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe(format);
        expect([meta.width, meta.height]).toEqual([size.width, size.height]);
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(bytes.toString('latin1')).not.toContain('TestCam');
      }
    }
    // Red (the stored left half) is now on top, blue at the bottom.
    const { data, info } = await sharp(photo.sizes[0]!.jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(200, 100)[0]).toBeGreaterThan(180);
    expect(pixel(200, 100)[2]).toBeLessThan(60);
    expect(pixel(200, 700)[2]).toBeGreaterThan(180);
  });

  it('makes all three widths of a large photo, and one of a small photo at its own width', async () => {
    const large = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#888' } }).png().toBuffer();
    expect((await processListingPhoto(large, 'large.png')).sizes.map((s) => s.width)).toEqual([400, 800, 1600]);
    const small = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).webp().toBuffer();
    const photo = await processListingPhoto(small, 'small.webp');
    expect(photo.source).toBe('webp');
    expect(photo.sizes.map((s) => [s.width, s.height])).toEqual([[300, 200]]);
    // A transparent photo's JPEG is on white.
    const { data } = await sharp(photo.sizes[0]!.jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it('refuses what is not a JPEG, PNG, WebP or HEIC by its bytes, naming the file', async () => {
    const text = Buffer.from('Just a note, renamed to look like a photo.\n'.repeat(20));
    await expect(processListingPhoto(text, 'kitchen.jpg')).rejects.toMatchObject({
      message: t.notAnImage('kitchen.jpg'),
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'file' },
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    expect(await sniffListingPhoto(gif)).toBeNull();
    await expect(processListingPhoto(gif, 'anim.gif')).rejects.toMatchObject({ message: t.notAnImage('anim.gif') });
    await expect(processListingPhoto(new Uint8Array(0), 'empty.jpg')).rejects.toMatchObject({ message: t.empty('empty.jpg') });
    // A JPEG's start and nothing after it.
    const jpeg = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } }).jpeg().toBuffer();
    await expect(processListingPhoto(jpeg.subarray(0, 40), 'cut.jpg')).rejects.toMatchObject({ message: t.unreadable('cut.jpg') });
    // A HEIC is taken by its `ftyp` box and decoded by heic-convert: this one has a header and no image.
    const box = Buffer.alloc(32);
    box.writeUInt32BE(24, 0);
    box.write('ftypheic', 4, 'latin1');
    box.write('mif1heic', 16, 'latin1');
    const heic = Buffer.concat([box, Buffer.alloc(200)]);
    expect(await sniffListingPhoto(heic)).toBe('heic');
    await expect(processListingPhoto(heic, 'IMG_0001.HEIC')).rejects.toMatchObject({ message: t.unreadable('IMG_0001.HEIC') });
    // Control characters of a hostile name never reach the message.
    await expect(processListingPhoto(text, 'a\u0000b\nc.jpg')).rejects.toMatchObject({ message: t.notAnImage('abc.jpg') });
  });

  it('refuses a file over the size limit and a decompression bomb before decoding it', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } }).jpeg().toBuffer();
    await expect(processListingPhoto(photo, 'big.jpg', { maxBytes: 1000, maxPixels: 50_000_000 })).rejects.toMatchObject({
      message: t.tooLarge('big.jpg', 1000),
    });
    // 8000 × 7000 of one grey: a few hundred kilobytes of PNG, 56 megapixels once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#777' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2_000_000);
    await expect(processListingPhoto(bomb, 'bomb.png')).rejects.toMatchObject({ message: t.tooManyPixels('bomb.png', 50_000_000) });
  });
});
