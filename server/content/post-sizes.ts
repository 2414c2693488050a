/**
 * A post picture's stored sizes (server/content/images.ts stores and serves them): responsive WebP widths, never
 * wider than the picture. Pure pixels in, encoded sizes out, so a work thread runs it for an editor's upload
 * (server/uploads/derivatives.ts) and a seed runs it for its own drawings.
 */
import type { Sharp } from 'sharp';

export const POST_IMAGE_WIDTHS = [480, 960, 1600] as const;

/** Pixels to store as a post picture: an upload (decoded by server/uploads/image.ts) or a seed's own drawing. */
export interface PostPicture {
  /** The picture's full width: no stored size is wider. */
  width: number;
  /** A new sharp pipeline over the picture, upright. */
  pixels(): Sharp;
}

export interface PostSize {
  /** The size's name among POST_IMAGE_WIDTHS (or the picture's own width when it is narrower than all). */
  width: number;
  data: Buffer;
  /** The encoded pixels' size. */
  info: { width: number; height: number };
}

/** Each size of `picture`, smallest first. */
export async function encodePostSizes(picture: PostPicture): Promise<PostSize[]> {
  const widths: number[] = POST_IMAGE_WIDTHS.filter((w) => w <= picture.width);
  if (widths.length === 0) widths.push(picture.width);
  const sizes: PostSize[] = [];
  for (const width of widths) {
    const { data, info } = await picture.pixels().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    sizes.push({ width, data, info: { width: info.width, height: info.height } });
  }
  return sizes;
}
