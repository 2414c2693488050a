/**
 * A seller's listing photos (issue 19; spec §7 uploadListingPhoto, updatePhotoManagement): upload one photo per
 * call (a GraphQL multipart request, so a client sends many side by side with progress each), the photos of a
 * case's listing, and their order, cover, captions and deletion. Every field checks the case: its owner or an
 * administrator; anyone else, and forged ids, NOT_FOUND (server/listing-photos/photos.ts).
 */
import { z } from 'zod';
import { idArgument, requireViewer } from '../../accounts/viewer';
import { publicUrl } from '../../http/public-url';
import {
  largestPhotoPath,
  listingPhotosOfCase,
  listingPhotoSrcset,
  updatePhotoManagement,
  uploadListingPhoto,
  type ListingPhotoRecord,
} from '../../listing-photos/photos';
import { LISTING_PHOTO_CAPTION_MAX, LISTING_PHOTOS_MAX } from '../../../core/listing-photos/photo-rules';
import { sellerListingLoaders } from '../../sellers/listing-loaders';
import { builder, declaredType } from './builder';
import { parseArgs } from './input';

// ---------------------------------------------------------------------------------------------------
// Types

const SellerListingPhotoRef = builder.objectRef<ListingPhotoRecord>('SellerListingPhoto').implement({
  description: "One photo of a seller's listing as its seller manages it; the first (position 0) is the cover.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The photo's id (updatePhotoManagement's order, coverId and deleteListingPhotoId)." }),
    position: t.exposeInt('position', { description: 'Its place in the listing, from 0 (the cover).' }),
    isCover: t.boolean({ description: 'Whether it is the first photo, shown on cards and first on the listing page.', resolve: (p) => p.position === 0 }),
    caption: t.exposeString('caption', { description: 'The seller’s caption, also the photo’s alt text; empty when none.' }),
    width: t.exposeInt('width', { description: 'Of the upright original, in pixels.' }),
    height: t.exposeInt('height', { description: 'Of the upright original, in pixels.' }),
    url: t.string({ description: 'The largest size as JPEG, absolute on our public origin.', resolve: (p, _a, ctx) => publicUrl(largestPhotoPath(p), ctx.publicOrigin) }),
    srcset: t.string({
      description: 'Every size in WebP as `<absolute url> <width>w`, comma separated (for <img srcset> or a WebP <source>).',
      resolve: (p, _a, ctx) => listingPhotoSrcset(p, 'webp', (path) => publicUrl(path, ctx.publicOrigin)),
    }),
    jpegSrcset: t.string({
      description: 'Every size in JPEG, as srcset.',
      resolve: (p, _a, ctx) => listingPhotoSrcset(p, 'jpg', (path) => publicUrl(path, ctx.publicOrigin)),
    }),
  }),
});

/** Declared in sellers.ts: the case's photos are spec §3 Case media, the ones listingPhotos(applicationCaseId) shows. */
const CaseName = declaredType<{ id: number }>('Case');
builder.objectFields(CaseName, (t) => ({
  media: t.field({
    type: [SellerListingPhotoRef],
    description: `The photos of the case's listing as listingPhotos(applicationCaseId) shows them, cover first (at most ${LISTING_PHOTOS_MAX}); for the case's owner or an administrator: empty for anyone else and for a case without a listing.`,
    resolve: (c, _a, ctx) => sellerListingLoaders(ctx, ctx.db, requireViewer(ctx)).media.load(c.id),
  }),
}));

const PhotoCaptionInputRef = builder.inputType('PhotoCaptionInput', {
  description: 'A new caption for one photo.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The photo.' }),
    caption: t.string({ required: true, description: `At most ${LISTING_PHOTO_CAPTION_MAX} characters; empty removes the caption.` }),
  }),
});

const PhotoManagementInputRef = builder.inputType('PhotoManagementInput', {
  description: 'Changes to the photos of a listing, applied together: the order, then the cover, then the captions.',
  fields: (t) => ({
    order: t.idList({ description: 'Every photo id of the listing exactly once, in the new order (a photo deleted in the same call may be left out).' }),
    coverId: t.id({ description: 'This photo becomes the cover: it moves to the front, the others keep their order.' }),
    captions: t.field({ type: [PhotoCaptionInputRef], description: `Captions to change, at most ${LISTING_PHOTOS_MAX}.` }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const ID_MESSAGE = 'must be a positive whole number.';
const photoId = (name: string) => z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = String(v);
  if (/^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  ctx.addIssue({ code: 'custom', message: `${name} ${ID_MESSAGE}` });
  return z.NEVER;
});

const MediaObjectArgs = z.object({
  mediaObject: z
    .object({
      order: z.array(photoId('Each photo id of order')).max(LISTING_PHOTOS_MAX, `order names at most ${LISTING_PHOTOS_MAX} photos.`).nullish(),
      coverId: photoId('coverId').nullish(),
      captions: z
        .array(z.object({ id: photoId('A caption’s id'), caption: z.string() }))
        .max(LISTING_PHOTOS_MAX, `At most ${LISTING_PHOTOS_MAX} captions.`)
        .nullish(),
    })
    .nullish(),
  deleteListingPhotoId: photoId('deleteListingPhotoId').nullish(),
});

// ---------------------------------------------------------------------------------------------------
// Root fields

builder.queryField('listingPhotos', (t) =>
  t.field({
    type: [SellerListingPhotoRef],
    description: `The photos of a seller case's listing, cover first (at most ${LISTING_PHOTOS_MAX}); for the case's owner or an administrator.`,
    args: { applicationCaseId: t.arg.id({ required: true, description: 'The seller case.' }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      return listingPhotosOfCase(ctx.db, viewer, idArgument(args.applicationCaseId, 'Case'));
    },
  }),
);

builder.mutationField('uploadListingPhoto', (t) =>
  t.field({
    type: SellerListingPhotoRef,
    description:
      'Adds one photo, last, to the listing of a seller case: JPEG, PNG, WebP or HEIC (read from the content), at most 25 MB and 50 megapixels; turned upright, stripped of its metadata (location included) and stored in widths 400/800/1600 as WebP and JPEG. A refusal names the file.',
    args: {
      file: t.arg({ type: 'File', required: true, description: 'The photo, as a GraphQL multipart upload.' }),
      applicationCaseId: t.arg.id({ required: true, description: 'The seller case whose listing gets the photo.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const caseId = idArgument(args.applicationCaseId, 'Case');
      return uploadListingPhoto(ctx.db, viewer, caseId, new Uint8Array(await args.file.arrayBuffer()), args.file.name ?? '', undefined, {
        partnerId: ctx.partner.id,
        signal: ctx.signal,
      });
    },
  }),
);

builder.mutationField('updatePhotoManagement', (t) =>
  t.field({
    type: [SellerListingPhotoRef],
    description: `Deletes a photo and/or changes the order, cover and captions of a seller case's listing photos, in one step; answers the photos as they now are (at most ${LISTING_PHOTOS_MAX}).`,
    args: {
      applicationCaseId: t.arg.id({ required: true, description: 'The seller case.' }),
      mediaObject: t.arg({ type: PhotoManagementInputRef, description: 'The order, cover and captions to apply.' }),
      deleteListingPhotoId: t.arg.id({ description: 'A photo to delete (its files are removed).' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const caseId = idArgument(args.applicationCaseId, 'Case');
      const { mediaObject, deleteListingPhotoId } = parseArgs(MediaObjectArgs, { mediaObject: args.mediaObject, deleteListingPhotoId: args.deleteListingPhotoId });
      return updatePhotoManagement(ctx.db, viewer, caseId, mediaObject ?? {}, deleteListingPhotoId ?? null);
    },
  }),
);
