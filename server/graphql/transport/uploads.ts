/**
 * What a multipart GraphQL request (the GraphQL multipart request spec: `operations`, `map`, then the files)
 * may hold, decided before Yoga parses it. Every File argument of the schema has its largest file here, taken
 * from the domain module that checks it (uploads.test.ts fails on a File argument without an entry, as
 * cost.test.ts does on a list without a size): the endpoint refuses a body larger than the largest of them
 * plus the envelope (413, before a byte is parsed), and Yoga's multipart parser is held to the same sizes per
 * part, so the next upload operation is sized without anyone remembering the transport.
 */
import { LISTING_PHOTO_MAX_BYTES } from '../../../core/listing-photos/photo-rules';
import { DOCUMENT_MAX_BYTES } from '../../documents/files';
import { GRAPHQL_BODY_LIMIT } from '../../http/body';
import { PICTURE_RULES } from '../../uploads/image';

/** `Type.field.argument` of every File argument → the largest file it takes, in bytes. */
export const UPLOAD_LIMITS: Readonly<Record<string, number>> = {
  // Pictures: server/uploads/image.ts (profile photos, partner logos and agent pictures, post images).
  'Mutation.uploadUserPhoto.file': PICTURE_RULES.maxBytes,
  'Mutation.uploadPartnerImage.file': PICTURE_RULES.maxBytes,
  'Mutation.uploadPostImage.file': PICTURE_RULES.maxBytes,
  'Mutation.uploadListingPhoto.file': LISTING_PHOTO_MAX_BYTES,
  'Mutation.createUploadedDocument.file': DOCUMENT_MAX_BYTES,
  'Mutation.updateUploadedDocument.file': DOCUMENT_MAX_BYTES,
  'Mutation.createCandidateUploadedDocument.file': DOCUMENT_MAX_BYTES,
  'Mutation.updateCandidateUploadedDocument.file': DOCUMENT_MAX_BYTES,
};

/** The largest file any operation takes. */
export const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_LIMITS));

/** The envelope around the files: part headers, boundaries, and `operations` and `map` of an honest request. */
const ENVELOPE_BYTES = 64 * 1024;

/** The largest multipart body the GraphQL endpoint reads: the largest file plus the envelope. */
export const MULTIPART_BODY_LIMIT = LARGEST_UPLOAD + ENVELOPE_BYTES;

/** Files in one request: our clients send one; a mutation may alias a few uploads. */
export const MAX_UPLOAD_FILES = 10;

/**
 * The per-part limits Yoga's multipart parser (busboy, through @whatwg-node/node-fetch's `formDataLimits`)
 * applies: `operations` and `map` no larger than a JSON GraphQL body, no other field, no file larger than
 * the largest upload.
 */
export const MULTIPART_LIMITS = {
  fieldSize: GRAPHQL_BODY_LIMIT,
  fields: 2,
  fileSize: LARGEST_UPLOAD,
  files: MAX_UPLOAD_FILES,
  parts: 2 + MAX_UPLOAD_FILES,
} as const;
