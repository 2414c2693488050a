/**
 * What each upload route stores of an image (issue 37 part 2): its recipes, the encodings of the decoded pixels,
 * and `deriveImage`, the work thread's task that decodes an upload (server/uploads/image.ts) and runs one recipe.
 * Plain data in and out (server/jobs/thread-tasks.ts): the upload's bytes, its sniffed type, the route's pixel
 * limit and box, the recipe's name; out come the encoded files (a suffix of the route's base key each) or what
 * decoding refused, which the request turns into its route's message.
 *
 * A new upload route that stores an image adds its recipe here; storing and its row stay the route's.
 */
import { encodeListingSizes } from '../listing-photos/pipeline';
import { encodePostSizes } from '../content/post-sizes';
import { decodeImage, type DecodeRefusal, type ImageRules, type ImageType, type UploadedImage } from './image';

/** One stored file of an upload: its key is the route's base key followed by `suffix`. */
export interface EncodedFile {
  suffix: string;
  contentType: string;
  data: Uint8Array;
  width: number;
  height: number;
}

const webp = async (suffix: string, pipeline: ReturnType<UploadedImage['pixels']>, quality: number): Promise<EncodedFile> => {
  const { data, info } = await pipeline.webp({ quality }).toBuffer({ resolveWithObject: true });
  return { suffix, contentType: 'image/webp', data, width: info.width, height: info.height };
};

/** Each route's files from the decoded pixels. */
const RECIPES = {
  /** A profile photo: one WebP (decoded within 800 × 800). */
  'user-photo': async (image) => [await webp('.webp', image.pixels(), 82)],
  /** A partner's logo: one WebP (decoded within 600 × 240). */
  'partner-logo': async (image) => [await webp('.webp', image.pixels(), 85)],
  /** An agent picture: the most interesting 400 × 400 square, one WebP. */
  'agent-picture': async (image) => [await webp('.webp', image.pixels().resize({ width: 400, height: 400, fit: 'cover', position: 'attention' }), 85)],
  /** A post picture: POST_IMAGE_WIDTHS in WebP, `-<width>.webp`. */
  'post-image': async (image) =>
    (await encodePostSizes(image)).map((size) => ({ suffix: `-${size.width}.webp`, contentType: 'image/webp', data: size.data, ...size.info })),
  /** A listing photo: LISTING_PHOTO_WIDTHS in WebP and JPEG, `-<width>.webp` and `-<width>.jpg`. */
  'listing-photo': async (image) =>
    (await encodeListingSizes(image)).flatMap((size) => [
      { suffix: `-${size.width}.webp`, contentType: 'image/webp', data: size.webp, width: size.width, height: size.height },
      { suffix: `-${size.width}.jpg`, contentType: 'image/jpeg', data: size.jpeg, width: size.width, height: size.height },
    ]),
} satisfies Record<string, (image: UploadedImage) => Promise<EncodedFile[]>>;

export type ImageRecipe = keyof typeof RECIPES;

export interface DeriveInput extends Pick<ImageRules, 'maxPixels' | 'within'> {
  /** The upload, checked by checkImageBytes. */
  bytes: Uint8Array;
  type: ImageType;
  recipe: ImageRecipe;
}

export type DeriveOutput =
  | { ok: true; type: ImageType; /** Of the upright original. */ width: number; height: number; files: EncodedFile[] }
  | ({ ok: false } & DecodeRefusal);

/** The work thread's task: the upload decoded and its recipe's files encoded, or what was refused. */
export async function deriveImage(input: DeriveInput): Promise<DeriveOutput> {
  const recipe = RECIPES[input.recipe];
  if (!recipe) throw new Error(`No image recipe ${String(input.recipe)}.`);
  const image = await decodeImage(input.bytes, input.type, input);
  if ('refusal' in image) return { ok: false, ...image };
  try {
    return { ok: true, type: image.type, width: image.width, height: image.height, files: await recipe(image) };
  } catch {
    // Pixels that decoded but do not encode (a broken frame): the file is not a readable image.
    return { ok: false, refusal: 'unreadable' };
  }
}
