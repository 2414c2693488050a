/**
 * The upload widget's calls (widget spec §7 "Upload document"): the slot of the case named by its key
 * (myDocuments), the latest document of that slot (latestUploadedDocument), the upload itself through the
 * documents module's createUploadedDocument / updateUploadedDocument (core/documents/documents-api.ts), and
 * in passport mode the server's reading of the machine-readable zone (extractPassport). Errors come back as
 * values; the widget toasts them (widget spec §8). Every call goes as the signed-in user (widget spec §6).
 */
import * as z from 'zod/mini';
import { ensureSession } from '../../../core/auth/session';
import { loadMyDocuments, uploadDocument, type UploadedDocument } from '../../../core/documents/documents-api';
import { mutate, query, type Result } from '../../../core/graphql/call';
import { lazySchema } from '../../../core/validation/lazy-schema';
import { widgetTexts } from '../texts';
import { PASSPORT_VARIABLES, type PassportValues } from './upload-document.rules';

z.config({ jitless: true });

export const LatestUploadedDocumentQuery = /* GraphQL */ `
  query LatestUploadedDocument($componentId: ID!, $applicationCaseId: ID) {
    latestUploadedDocument(componentId: $componentId, applicationCaseId: $applicationCaseId) {
      id
      fileName
      contentType
      file
    }
  }
`;

export const ExtractPassportMutation = /* GraphQL */ `
  mutation ExtractPassport($documentId: ID!) {
    extractPassport(documentId: $documentId) {
      valid
      message
      firstName
      lastName
      birthDate
      passportNumber
      expireDate
    }
  }
`;

const latestSchema = lazySchema(() => z.nullable(z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), file: z.string() })));
const passportSchema = lazySchema(() =>
  z.object({
    valid: z.boolean(),
    message: z.nullable(z.string()),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    birthDate: z.nullable(z.string()),
    passportNumber: z.nullable(z.string()),
    expireDate: z.nullable(z.string()),
  }),
);

/** What the widget shows of a document. */
export interface ShownDocument {
  id: string;
  fileName: string;
  contentType: string;
  /** Signed link on the API's origin, valid a few minutes. */
  file: string;
}

/** The slot of the case with this key, and its latest document (null when none). */
export interface SlotDocument {
  componentId: string;
  document: ShownDocument | null;
}

export type PassportResult = { valid: true; values: PassportValues } | { valid: false; message: string };

export interface UploadCalls {
  loadSlot(caseId: string, component: string): Promise<Result<SlotDocument>>;
  upload(file: File, target: { componentId: string; caseId: string } | { documentId: string }): Promise<Result<ShownDocument>>;
  extractPassport(documentId: string): Promise<Result<PassportResult>>;
}

const NO_SLOT = (component: string) => ({ kind: 'not-found' as const, message: `This case has no document slot “${component}”.`, code: 'NOT_FOUND', argument: 'component' });

/**
 * A guest (a questionnaire session without a signed-in user) gets this instead of a slot: uploads use the
 * signed-in user's access (widget spec §6), and a guest response belongs to no case, so nothing is sent.
 */
export const SIGN_IN_FIRST = { kind: 'unauthenticated' as const, message: widgetTexts.upload.signIn, code: 'UNAUTHENTICATED', argument: null };

async function loadSlot(caseId: string, component: string): Promise<Result<SlotDocument>> {
  // Uploads use the signed-in user's access (widget spec §6): the session is restored before the first call.
  const session = await ensureSession();
  if (session.status !== 'authenticated') return { ok: false, failure: SIGN_IN_FIRST };
  const cases = await loadMyDocuments(Number(caseId));
  if (!cases.ok) return cases;
  const slot = cases.value[0]?.caseComponents.find((s) => s.component.id === component && s.component.type === 'UPLOAD_DOCUMENT');
  if (!slot) return { ok: false, failure: NO_SLOT(component) };
  const latest = await query(LatestUploadedDocumentQuery, { componentId: slot.id, applicationCaseId: caseId }, latestSchema, {
    muteError: true,
    requestPolicy: 'network-only',
  });
  if (!latest.ok) return latest;
  return { ok: true, value: { componentId: slot.id, document: latest.value } };
}

const shown = (d: UploadedDocument): ShownDocument => ({ id: d.id, fileName: d.fileName, contentType: d.contentType, file: d.file });

async function upload(file: File, target: { componentId: string; caseId: string } | { documentId: string }): Promise<Result<ShownDocument>> {
  const result = await uploadDocument(file, target);
  return result.ok ? { ok: true, value: shown(result.value) } : result;
}

async function extractPassport(documentId: string): Promise<Result<PassportResult>> {
  const result = await mutate(ExtractPassportMutation, { documentId }, passportSchema, { muteError: true });
  if (!result.ok) return result;
  const r = result.value;
  if (!r.valid || !r.firstName || !r.lastName || !r.birthDate || !r.passportNumber || !r.expireDate) {
    return { ok: true, value: { valid: false, message: r.message ?? '' } };
  }
  return {
    ok: true,
    value: {
      valid: true,
      values: {
        [PASSPORT_VARIABLES.firstName]: r.firstName,
        [PASSPORT_VARIABLES.lastName]: r.lastName,
        [PASSPORT_VARIABLES.birthDate]: r.birthDate,
        [PASSPORT_VARIABLES.passportNumber]: r.passportNumber,
        [PASSPORT_VARIABLES.expireDate]: r.expireDate,
      },
    },
  };
}

export const uploadCalls: UploadCalls = { loadSlot, upload, extractPassport };
