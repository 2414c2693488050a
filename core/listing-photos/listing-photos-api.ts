/**
 * A seller's listing photos over GraphQL (issue 19; spec §7 uploadListingPhoto, updatePhotoManagement): the
 * operations (checked against server/schema.graphql by core/graphql/operations.test.ts) and the calls
 * <hearth-photo-management> makes. Reads and changes go through the call layer; an upload is the one request
 * that does not: it is a multipart POST sent with XMLHttpRequest, whose upload progress fetch cannot report,
 * with the same endpoint, partner, auth header and cookie rules as the GraphQL client (core/graphql/client.ts).
 */
import * as z from 'zod/mini';
import { authHeaders, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/config';
import { failureOf, mutate, query, type Failure, type Result } from '../graphql/call';

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

export interface UploadOptions {
  /** Bytes sent so far out of the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** The upload was cancelled by its AbortSignal. */
export const CANCELLED: Failure = { kind: 'network', message: null, code: 'CANCELLED', argument: null };

/** The request the GraphQL client would send, as multipart (the GraphQL multipart request spec). */
export function uploadRequest(file: Blob & { name?: string }, caseId: number): { url: string; body: FormData; headers: Record<string, string>; withCredentials: boolean } {
  const { api, partner } = runtimeSettings();
  const params = new URLSearchParams({ queryName: 'UploadListingPhoto' });
  if (partner) params.set('partner', partner);
  const body = new FormData();
  body.set('operations', JSON.stringify({ query: UploadListingPhotoMutation, variables: { file: null, applicationCaseId: String(caseId) } }));
  body.set('map', JSON.stringify({ 0: ['variables.file'] }));
  body.set('0', file, file.name ?? 'photo');
  return {
    url: `${api}/graphql/?${params.toString()}`,
    body,
    headers: { Accept: 'application/graphql-response+json, application/json', ...authHeaders() },
    withCredentials: isSameOrigin(),
  };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** Reads the answer of an upload: the photo, or the server's refusal, or a failure of the transport. */
export function uploadAnswer(status: number, text: string): Result<SellerPhoto> {
  type Answer = { data?: { uploadListingPhoto?: unknown } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  const body = parseJson(text) as Answer | null;
  if (body?.errors?.length) return { ok: false, failure: failureOf({ graphQLErrors: body.errors }) };
  const parsed = photoSchema.safeParse(body?.data?.uploadListingPhoto);
  if (parsed.success) return { ok: true, value: parsed.data };
  const kind = status === 401 ? 'unauthenticated' : status === 413 ? 'invalid' : 'server';
  return { ok: false, failure: { kind, message: null, code: status === 413 ? 'PAYLOAD_TOO_LARGE' : null, argument: status === 413 ? 'file' : null } };
}

/** uploadListingPhoto: one file, with progress; never throws (a cancel answers CANCELLED). */
export function uploadListingPhoto(file: Blob & { name?: string }, caseId: number, { onProgress, signal }: UploadOptions = {}): Promise<Result<SellerPhoto>> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ ok: false, failure: CANCELLED });
    const request = uploadRequest(file, caseId);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.withCredentials = request.withCredentials;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve(uploadAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
    xhr.onabort = () => resolve({ ok: false, failure: CANCELLED });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}
