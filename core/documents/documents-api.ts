/**
 * Documents and generated PDFs over GraphQL (spec §3 Case component, Generated PDF; §7 myDocuments,
 * createUploadedDocument, updateUploadedDocument, deleteUploadedDocument, deleteUploadedTranslatedDocument,
 * generatePdf, generatedPdf; issue 20): the operations (checked against server/schema.graphql by
 * core/graphql/operations.test.ts) and the calls <hearth-documents> makes. Uploads are multipart POSTs (the
 * GraphQL multipart request spec) to the same endpoint, with the same partner, auth header and cookie rules
 * as the GraphQL client. Errors come back as values (the element shows them), never toasted here.
 */
import * as z from 'zod/mini';
import { authHeaders, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/config';
import { failureOf, mutate, query, type Result } from '../graphql/call';

z.config({ jitless: true });

// ---------------------------------------------------------------------------------------------------
// Operations

const DOCUMENT_FIELDS = /* GraphQL */ `
  id
  fileName
  contentType
  byteSize
  created
  modified
  file
  downloadUrl
  translatedDocument {
    id
    fileName
    contentType
    file
    downloadUrl
  }
`;

export const MyDocumentsQuery = /* GraphQL */ `
  query MyDocuments($applicationCaseId: ID) {
    myDocuments(applicationCaseId: $applicationCaseId) {
      id
      created
      home
      applicationType {
        id
        slugId
        name
      }
      caseComponents {
        id
        name
        shortName
        required
        docType
        useRelation
        component {
          id
          type
          name
        }
        uploadedDocuments {
          ${DOCUMENT_FIELDS}
        }
      }
    }
  }
`;

export const CreateUploadedDocumentMutation = /* GraphQL */ `
  mutation CreateUploadedDocument($file: File!, $componentId: ID!, $applicationCaseId: ID!) {
    createUploadedDocument(file: $file, componentId: $componentId, applicationCaseId: $applicationCaseId) {
      ${DOCUMENT_FIELDS}
    }
  }
`;

export const UpdateUploadedDocumentMutation = /* GraphQL */ `
  mutation UpdateUploadedDocument($file: File!, $id: ID!) {
    updateUploadedDocument(file: $file, id: $id) {
      ${DOCUMENT_FIELDS}
    }
  }
`;

export const DeleteUploadedDocumentMutation = /* GraphQL */ `
  mutation DeleteUploadedDocument($id: ID!) {
    deleteUploadedDocument(id: $id)
  }
`;

const PDF_FIELDS = /* GraphQL */ `
  id
  status
  pdf
  attachmentPdf
  downloadName
  userStatus
`;

export const GeneratePdfMutation = /* GraphQL */ `
  mutation GeneratePdf($applicationCaseId: ID!) {
    generatePdf(applicationCaseId: $applicationCaseId) {
      ${PDF_FIELDS}
    }
  }
`;

export const GeneratedPdfQuery = /* GraphQL */ `
  query GeneratedPdf($id: ID!) {
    generatedPdf(id: $id) {
      ${PDF_FIELDS}
    }
  }
`;

// ---------------------------------------------------------------------------------------------------
// Shapes

const copySchema = z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), file: z.string(), downloadUrl: z.string() });

const documentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
  created: z.string(),
  modified: z.string(),
  file: z.string(),
  downloadUrl: z.string(),
  translatedDocument: z.nullable(copySchema),
});

const slotSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  required: z.boolean(),
  docType: z.string(),
  useRelation: z.boolean(),
  component: z.object({ id: z.string(), type: z.string(), name: z.string() }),
  uploadedDocuments: z.array(documentSchema),
});

const caseSchema = z.object({
  id: z.string(),
  created: z.string(),
  home: z.optional(z.nullable(z.string())),
  applicationType: z.object({ id: z.string(), slugId: z.string(), name: z.string() }),
  caseComponents: z.array(slotSchema),
});

const pdfSchema = z.object({
  id: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  pdf: z.nullable(z.string()),
  attachmentPdf: z.nullable(z.string()),
  downloadName: z.string(),
  userStatus: z.string(),
});

export type UploadedDocument = z.infer<typeof documentSchema>;
export type DocumentSlot = z.infer<typeof slotSchema>;
export type DocumentCase = z.infer<typeof caseSchema>;
export type GeneratedPdf = z.infer<typeof pdfSchema>;

// ---------------------------------------------------------------------------------------------------
// Calls

/** The viewer's cases with their slots; with `caseId`, that one case (staff too). */
export function loadMyDocuments(caseId: number | null): Promise<Result<DocumentCase[]>> {
  return query(MyDocumentsQuery, { applicationCaseId: caseId === null ? null : String(caseId) }, z.array(caseSchema), {
    muteError: true,
    requestPolicy: 'network-only',
  });
}

export function deleteDocument(id: string): Promise<Result<string>> {
  return mutate(DeleteUploadedDocumentMutation, { id }, z.string(), { muteError: true });
}

export function startPdf(caseId: string): Promise<Result<GeneratedPdf>> {
  return mutate(GeneratePdfMutation, { applicationCaseId: caseId }, pdfSchema, { muteError: true });
}

export function pollPdf(id: string): Promise<Result<GeneratedPdf>> {
  return query(GeneratedPdfQuery, { id }, pdfSchema, { muteError: true, requestPolicy: 'network-only' });
}

/** A new file into a slot (`componentId` + `caseId`) or in place of a document (`documentId`). */
export type UploadTarget = { componentId: string; caseId: string } | { documentId: string };

/** The multipart request the GraphQL client would send. */
export function uploadRequest(file: Blob & { name?: string }, target: UploadTarget): { url: string; init: RequestInit } {
  const { api, partner } = runtimeSettings();
  const create = 'componentId' in target;
  const params = new URLSearchParams({ queryName: create ? 'CreateUploadedDocument' : 'UpdateUploadedDocument' });
  if (partner) params.set('partner', partner);
  const variables = create ? { file: null, componentId: target.componentId, applicationCaseId: target.caseId } : { file: null, id: target.documentId };
  const body = new FormData();
  body.set('operations', JSON.stringify({ query: create ? CreateUploadedDocumentMutation : UpdateUploadedDocumentMutation, variables }));
  body.set('map', JSON.stringify({ 0: ['variables.file'] }));
  body.set('0', file, file.name ?? 'document');
  return {
    url: `${api}/graphql/?${params.toString()}`,
    init: {
      method: 'POST',
      body,
      headers: { Accept: 'application/graphql-response+json, application/json', ...authHeaders() },
      credentials: isSameOrigin() ? 'include' : 'omit',
    },
  };
}

type UploadBody = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

function parseBody(text: string): UploadBody | null {
  try {
    return JSON.parse(text) as UploadBody;
  } catch {
    return null;
  }
}

/** Reads an upload's answer: the document, the server's refusal, or a failure of the transport. */
export function uploadAnswer(status: number, text: string, field: 'createUploadedDocument' | 'updateUploadedDocument'): Result<UploadedDocument> {
  const body = parseBody(text);
  if (body?.errors?.length) return { ok: false, failure: failureOf({ graphQLErrors: body.errors }) };
  const parsed = documentSchema.safeParse(body?.data?.[field]);
  if (parsed.success) return { ok: true, value: parsed.data };
  const tooLarge = status === 413;
  return { ok: false, failure: { kind: status === 401 ? 'unauthenticated' : tooLarge ? 'invalid' : 'server', message: null, code: tooLarge ? 'PAYLOAD_TOO_LARGE' : null, argument: tooLarge ? 'file' : null } };
}

/** createUploadedDocument / updateUploadedDocument; never throws. */
export async function uploadDocument(file: Blob & { name?: string }, target: UploadTarget): Promise<Result<UploadedDocument>> {
  const { url, init } = uploadRequest(file, target);
  try {
    const response = await fetch(url, init);
    return uploadAnswer(response.status, await response.text(), 'componentId' in target ? 'createUploadedDocument' : 'updateUploadedDocument');
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, code: null, argument: null } };
  }
}

const signedSchema = z.object({ signedPdf: z.string(), signedAt: z.string(), documentSha256: z.string(), signedSha256: z.string() });
export type SignedPdf = z.infer<typeof signedSchema>;

/**
 * Signs a generated PDF with the typed name, or a drawn signature (a PNG data URL) over it (POST
 * /v1/api/generated-pdfs/{id}/sign: REST, because the audit page records the signer's IP); never throws.
 */
export async function signPdf(id: string, signerName: string, drawing: string | null = null): Promise<Result<SignedPdf>> {
  const { api, partner } = runtimeSettings();
  const params = partner ? `?${new URLSearchParams({ partner }).toString()}` : '';
  try {
    const response = await fetch(`${api}/v1/api/generated-pdfs/${encodeURIComponent(id)}/sign${params}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
      credentials: isSameOrigin() ? 'include' : 'omit',
      body: JSON.stringify(drawing ? { signerName, signature: drawing } : { signerName }),
    });
    const body = parseBody(await response.text()) as (UploadBody & { message?: unknown }) | null;
    const parsed = signedSchema.safeParse(body);
    if (response.ok && parsed.success) return { ok: true, value: parsed.data };
    const message = body && typeof body.message === 'string' ? body.message : null;
    const kind = response.status === 401 ? 'unauthenticated' : response.status === 404 ? 'not-found' : response.status === 400 ? 'invalid' : 'server';
    return { ok: false, failure: { kind, message, code: null, argument: null } };
  } catch {
    return { ok: false, failure: { kind: 'network', message: null, code: null, argument: null } };
  }
}
