/**
 * A seller's listing photos over GraphQL (issue 19; spec §7 uploadListingPhoto, updatePhotoManagement): the
 * operations (checked against server/schema.graphql by core/graphql/operations.test.ts) and the calls
 * <hearth-photo-management> makes. Reads and changes go through the call layer; an upload goes through
 * core/graphql/upload.ts, which reports its progress.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { upload, uploadRequest, uploadAnswer, type UploadOptions } from '../graphql/upload';

z.config({ jitless: true });

// ---------------------------------------------------------------------------------------------------
// Operations

const PHOTO_FIELDS = /* GraphQL */ `
  id
  position
  isCover
  caption
  width
  height
  url
  srcset
  jpegSrcset
`;

export const ListingPhotosQuery = /* GraphQL */ `
  query ListingPhotos($applicationCaseId: ID!) {
    listingPhotos(applicationCaseId: $applicationCaseId) {
      ${PHOTO_FIELDS}
    }
  }
`;

export const UploadListingPhotoMutation = /* GraphQL */ `
  mutation UploadListingPhoto($file: File!, $applicationCaseId: ID!) {
    uploadListingPhoto(file: $file, applicationCaseId: $applicationCaseId) {
      ${PHOTO_FIELDS}
    }
  }
`;

export const UpdatePhotoManagementMutation = /* GraphQL */ `
  mutation UpdatePhotoManagement($applicationCaseId: ID!, $mediaObject: PhotoManagementInput, $deleteListingPhotoId: ID) {
    updatePhotoManagement(applicationCaseId: $applicationCaseId, mediaObject: $mediaObject, deleteListingPhotoId: $deleteListingPhotoId) {
      ${PHOTO_FIELDS}
    }
  }
`;

// ---------------------------------------------------------------------------------------------------
// Shapes

const photoSchema = z.object({
  id: z.string(),
  position: z.number(),
  isCover: z.boolean(),
  caption: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  srcset: z.string(),
  jpegSrcset: z.string(),
});

export type SellerPhoto = z.infer<typeof photoSchema>;

/** What updatePhotoManagement changes (spec §7 mediaObject). */
export interface MediaObject {
  order?: string[];
  coverId?: string;
  captions?: { id: string; caption: string }[];
}

// ---------------------------------------------------------------------------------------------------
// Calls

/** The case's photos, cover first; `not-found` when the case is not the viewer's. */
export function loadListingPhotos(caseId: number): Promise<Result<SellerPhoto[]>> {
  return query(ListingPhotosQuery, { applicationCaseId: String(caseId) }, z.array(photoSchema), { muteError: true, requestPolicy: 'network-only' });
}

/** Applies order/cover/captions and/or deletes one photo; answers the photos as they now are. */
export function savePhotoManagement(caseId: number, mediaObject: MediaObject | null, deleteListingPhotoId: string | null = null): Promise<Result<SellerPhoto[]>> {
  return mutate(
    UpdatePhotoManagementMutation,
    { applicationCaseId: String(caseId), mediaObject, deleteListingPhotoId },
    z.array(photoSchema),
    { muteError: true },
  );
}

/** uploadListingPhoto: one file, with progress (core/graphql/upload.ts); never throws (a cancel answers CANCELLED). */
export function uploadListingPhoto(file: Blob & { name?: string }, caseId: number, options: UploadOptions = {}): Promise<Result<SellerPhoto>> {
  const request = uploadRequest(UploadListingPhotoMutation, { applicationCaseId: String(caseId) }, 'file', file);
  return upload(request, (status, text) => uploadAnswer(UploadListingPhotoMutation, photoSchema, status, text), options);
}
