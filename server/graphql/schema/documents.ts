/**
 * Documents and generated PDFs (spec §3 Case component, Generated PDF; §4; §7 myDocuments,
 * latestUploadedDocument, createUploadedDocument, updateUploadedDocument, deleteUploadedDocument,
 * deleteUploadedTranslatedDocument, createCandidateUploadedDocument, updateCandidateUploadedDocument,
 * generatePdf, generatedPdf; issue 20). Signed-in viewers on /graphql/; the candidate mutations take a guest
 * token (the questionnaire response's PIN) instead. See server/documents/documents.ts for who may do what:
 * strangers get NOT_FOUND, like ids that do not exist. Files are never addressed by path: `file` is a signed
 * link of a few minutes, made for the viewer.
 */
import { z } from 'zod';
import { idArgument, requireViewer } from '../../accounts/viewer';
import {
  createUploadedDocument,
  deleteTranslatedDocument,
  deleteUploadedDocument,
  guestCaller,
  latestUploadedDocument,
  myDocuments,
  readableDocument,
  replaceUploadedDocument,
  type CaseComponentRecord,
  type CaseDocuments,
  type DocumentCaller,
  type UploadedDocumentRecord,
} from '../../documents/documents';
import { signedLink } from '../../documents/links';
import { generatePdf, readableGeneratedPdf, showsAdminStatus, type GeneratedPdfRecord } from '../../pdf/jobs';
import { latestSignature } from '../../pdf/sign';
import { pdfDownloadName } from '../../../core/documents/download-name';
import type { GraphqlContext } from '../context';
import { badInput } from '../../domain-error';
import { builder } from './builder';
import { parseArgs } from './input';

const callerOf = (ctx: GraphqlContext): DocumentCaller => ({ user: requireViewer(ctx).user, partnerId: ctx.partner.id });

// ---------------------------------------------------------------------------------------------------
// Types

const ComponentInfoRef = builder.objectRef<CaseComponentRecord>('DocumentComponent').implement({
  description: 'What collects the document of a slot (spec §3 Case component `component`).',
  fields: (t) => ({
    id: t.string({ description: 'Stable key of the component, e.g. "proof-of-funds".', resolve: (c) => c.key }),
    type: t.string({ description: 'UPLOAD_DOCUMENT (the user uploads it) or GENERATED_DOCUMENT (generatePdf makes it).', resolve: (c) => c.componentType }),
    name: t.string({ description: 'The widget that collects it: "upload document" or "generated document".', resolve: (c) => c.componentName }),
  }),
});

const UploadedDocumentRef = builder.objectRef<UploadedDocumentRecord>('UploadedDocument');
UploadedDocumentRef.implement({
  description: 'A file uploaded into a document slot. Its links are signed for the viewer and expire after 5 minutes: ask again for fresh ones.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The document's id." }),
    created: t.string({ description: 'When it was uploaded (ISO 8601).', resolve: (d) => d.created.toISOString() }),
    modified: t.string({ description: 'When its file was last replaced (ISO 8601).', resolve: (d) => d.modified.toISOString() }),
    file: t.string({ description: 'Signed link to view the file inline (PDF or image), valid 5 minutes.', resolve: (d, _a, ctx) => signedLink(ctx.publicOrigin, 'document', d.id, d.holder) }),
    downloadUrl: t.string({
      description: 'Signed link that downloads the file under its name, valid 5 minutes.',
      resolve: (d, _a, ctx) => signedLink(ctx.publicOrigin, 'document', d.id, d.holder, { download: true }),
    }),
    fileName: t.exposeString('fileName', { description: 'The name it was uploaded with.' }),
    contentType: t.exposeString('contentType', { description: 'application/pdf, image/jpeg, image/png, image/webp or image/heic (from its content).' }),
    byteSize: t.exposeInt('byteSize', { description: 'Size in bytes.' }),
    componentId: t.id({ description: 'The slot (CaseComponent.id).', resolve: (d) => d.componentId }),
    applicationCaseId: t.id({ nullable: true, description: 'The case; null for a guest upload to a response without a case.', resolve: (d) => d.applicationCaseId }),
    applicantId: t.id({ nullable: true, description: 'The user the document is about; null for a guest.', resolve: (d) => d.applicantId }),
    translatedDocument: t.field({
      type: UploadedDocumentRef,
      nullable: true,
      description: 'Its translated copy, when one was attached (createUploadedDocument with translationOf).',
      resolve: (d) => d.translation,
    }),
  }),
});

interface ComponentWithDocuments {
  component: CaseComponentRecord;
  documents: UploadedDocumentRecord[];
}

const CaseComponentRef = builder.objectRef<ComponentWithDocuments>('CaseComponent').implement({
  description: 'A document slot of a case (spec §3 Case component) with the documents uploaded into it, newest first.',
  fields: (t) => ({
    id: t.id({ description: 'The slot id: componentId of the upload mutations.', resolve: (s) => s.component.id }),
    name: t.string({ description: 'What the slot holds, e.g. "Proof of funds".', resolve: (s) => s.component.name }),
    shortName: t.string({ description: 'A short label for tabs and lists.', resolve: (s) => s.component.shortName }),
    required: t.boolean({ description: 'Whether the case needs it before it moves on.', resolve: (s) => s.component.required }),
    docType: t.string({ description: 'The kind of document, e.g. "proof_of_funds".', resolve: (s) => s.component.docType }),
    useRelation: t.boolean({ description: 'True when each applicant uploads their own (per person), false for one per case.', resolve: (s) => s.component.useRelation }),
    component: t.field({ type: ComponentInfoRef, description: 'What collects the document.', resolve: (s) => s.component }),
    uploadedDocuments: t.field({ type: [UploadedDocumentRef], description: 'The documents of the slot, newest first (at most 5).', resolve: (s) => s.documents }),
  }),
});

const DocumentApplicationTypeRef = builder.objectRef<CaseDocuments['case']['applicationType']>('DocumentApplicationType').implement({
  description: 'The application type of a case with documents.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The application type's id." }),
    slugId: t.exposeString('slugId', { description: "The type's slug, e.g. wfrmls-buyer." }),
    name: t.exposeString('name', { description: 'e.g. "Buyer offer".' }),
  }),
});

const DocumentCaseRef = builder.objectRef<CaseDocuments>('DocumentCase').implement({
  description: 'One case of the viewer with its document slots (myDocuments).',
  fields: (t) => ({
    id: t.id({ description: 'The case id (applicationCaseId).', resolve: (c) => c.case.id }),
    created: t.string({ description: 'When the case was started (ISO 8601).', resolve: (c) => c.case.created.toISOString() }),
    home: t.string({
      nullable: true,
      description: "The home the case is about, e.g. '4419 W Canyon View Dr, St. George': a seller's own home, or a listing's public address (its city alone when the street is withheld); null when the case has no listing.",
      resolve: (c) => c.case.home,
    }),
    applicationType: t.field({ type: DocumentApplicationTypeRef, description: 'What the case is for.', resolve: (c) => c.case.applicationType }),
    caseComponents: t.field({
      type: [CaseComponentRef],
      description: 'The document slots of its type, in order, each with its documents.',
      resolve: (c) => c.components.map((component) => ({ component, documents: c.documents.filter((d) => d.componentId === component.id) })),
    }),
  }),
});

const GeneratedPdfStatus = builder.enumType('GeneratedPdfStatus', {
  description: 'Where a PDF job is.',
  values: {
    QUEUED: { value: 'queued', description: 'Waiting for the worker.' },
    RUNNING: { value: 'running', description: 'Being rendered; userStatus says which step.' },
    DONE: { value: 'done', description: 'pdf and attachmentPdf are ready.' },
    FAILED: { value: 'failed', description: "Given up; userStatus is 'Something went wrong'." },
  } as const,
});

const ComponentSetEnum = builder.enumType('GeneratedPdfComponentSet', {
  description: 'Which slots generatePdf appends when no componentIds are given.',
  values: {
    ALL: { value: 'ALL', description: 'Every slot of the case.' },
    REQUIRED: { value: 'REQUIRED', description: 'Only the required slots.' },
  } as const,
});

const GeneratedPdfRef = builder.objectRef<GeneratedPdfRecord>('GeneratedPdf').implement({
  description: 'A generated PDF (spec §3): poll generatedPdf(id) every 2 s until pdf and attachmentPdf exist (at most 150 s).',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The job's id: poll generatedPdf(id)." }),
    applicationCaseId: t.id({ description: 'The case it was made from.', resolve: (p) => p.applicationCaseId }),
    status: t.field({ type: GeneratedPdfStatus, description: 'Where the job is.', resolve: (p) => p.status }),
    pdf: t.string({
      nullable: true,
      description: 'Signed link to the filled form (for preview), valid 5 minutes; null until done.',
      resolve: (p, _a, ctx) => (p.pdfKey && ctx.viewer ? signedLink(ctx.publicOrigin, 'pdf', p.id, { userId: ctx.viewer.user.id }) : null),
    }),
    attachmentPdf: t.string({
      nullable: true,
      description: 'Signed link that downloads the form with the documents appended (named download-{year}.{month}.{day}.pdf), valid 5 minutes; null until done.',
      resolve: (p, _a, ctx) =>
        p.attachmentPdfKey && ctx.viewer ? signedLink(ctx.publicOrigin, 'attachment-pdf', p.id, { userId: ctx.viewer.user.id }, { download: true }) : null,
    }),
    downloadName: t.string({ description: 'The name the download is saved under: download-{year}.{month}.{day}.pdf.', resolve: () => pdfDownloadName() }),
    signedPdf: t.string({
      nullable: true,
      description: 'Signed link (5 minutes) to the latest electronically signed copy (POST /v1/api/generated-pdfs/{id}/sign); null until signed.',
      resolve: async (p, _a, ctx) =>
        ctx.viewer && (await latestSignature(ctx.db, p.id)) ? signedLink(ctx.publicOrigin, 'signed-pdf', p.id, { userId: ctx.viewer.user.id }, { download: true }) : null,
    }),
    signedAt: t.string({
      nullable: true,
      description: 'When it was last signed (ISO 8601); null until signed.',
      resolve: async (p, _a, ctx) => (await latestSignature(ctx.db, p.id))?.signedAt.toISOString() ?? null,
    }),
    userStatus: t.exposeString('userStatus', { description: "Progress for the user: 'Generating...', then each step; 'Something went wrong' on failure." }),
    adminStatus: t.string({
      nullable: true,
      description: "Detail for the case's staff (attempts, errors); null for everyone else.",
      resolve: (p, _a, ctx) => (ctx.viewer && showsAdminStatus({ user: ctx.viewer.user, partnerId: ctx.partner.id }) ? p.adminStatus : null),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Arguments

const optionalId = (what: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : idArgument(v, what)));

const LatestArgs = z.object({
  componentId: z.union([z.string(), z.number()]).transform((v) => idArgument(v, 'Document slot')),
  applicantId: optionalId('Applicant'),
  questionnaireResponseId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a questionnaire response id.')
    .nullish(),
  applicationCaseId: optionalId('Case'),
});

const fileArg = (t: Parameters<Parameters<typeof builder.mutationField>[1]>[0]) =>
  t.arg({ type: 'File', required: true, description: 'The file (PDF, JPEG, PNG, WebP or HEIC; at most 5 MB), as a GraphQL multipart upload.' });

const bytesOf = async (file: File) => ({ name: file.name || 'document', bytes: new Uint8Array(await file.arrayBuffer()) });

// ---------------------------------------------------------------------------------------------------
// Queries

builder.queryField('myDocuments', (t) =>
  t.field({
    type: [DocumentCaseRef],
    description:
      "The viewer's cases with their document slots and documents, newest first (at most 10). With applicationCaseId: that one case, which its staff may open too (/briefcase).",
    args: { applicationCaseId: t.arg.id({ required: false, description: 'Only this case.' }) },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const caseId = args.applicationCaseId == null ? null : idArgument(args.applicationCaseId, 'Case');
      return myDocuments(ctx.db, viewer.user, ctx.partner.id, caseId);
    },
  }),
);

builder.queryField('latestUploadedDocument', (t) =>
  t.field({
    type: UploadedDocumentRef,
    nullable: true,
    description: 'The newest document of a slot for a case or questionnaire response (and applicant); null when none was uploaded.',
    args: {
      componentId: t.arg.id({ required: true, description: 'The slot (CaseComponent.id).' }),
      applicantId: t.arg.id({ required: false, description: 'Only documents about this applicant.' }),
      questionnaireResponseId: t.arg.id({ required: false, description: 'The questionnaire response (caseResponse.id) the document belongs to.' }),
      applicationCaseId: t.arg.id({ required: false, description: 'The case.' }),
    },
    resolve: (_root, args, ctx) => latestUploadedDocument(ctx.db, parseArgs(LatestArgs, args), callerOf(ctx)),
  }),
);

builder.queryField('uploadedDocument', (t) =>
  t.field({
    type: UploadedDocumentRef,
    description: 'One uploaded document with fresh signed links; NOT_FOUND for anyone who may not see it.',
    args: { id: t.arg.id({ required: true, description: "The document's id." }) },
    resolve: (_root, args, ctx) => readableDocument(ctx.db, idArgument(args.id, 'Document'), callerOf(ctx)),
  }),
);

builder.queryField('generatedPdf', (t) =>
  t.field({
    type: GeneratedPdfRef,
    description: 'A PDF job, for polling (every 2 s, at most 150 s): for whoever asked for it and whoever may open its case.',
    args: { id: t.arg.id({ required: true, description: "The job's id (generatePdf's answer)." }) },
    resolve: (_root, args, ctx) => readableGeneratedPdf(ctx.db, idArgument(args.id, 'Generated PDF'), callerOf(ctx)),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Mutations

builder.mutationField('createUploadedDocument', (t) =>
  t.field({
    type: UploadedDocumentRef,
    description:
      'Uploads a file into a slot of a case. Checked by its content: refused (naming the file) when empty, over 5 MB, not a PDF/JPEG/PNG/WebP/HEIC, named with another extension, a polyglot, a decompression bomb, or a PDF with JavaScript or launch actions.',
    args: {
      file: fileArg(t),
      componentId: t.arg.id({ required: true, description: 'The slot (CaseComponent.id).' }),
      applicationCaseId: t.arg.id({ required: true, description: 'The case.' }),
      applicantId: t.arg.id({ required: false, description: 'The applicant it is about (default: the case owner).' }),
      translationOf: t.arg.id({ required: false, description: 'Attach the file as the translated copy of this document (replacing an earlier copy).' }),
    },
    resolve: async (_root, args, ctx) => {
      const caller = callerOf(ctx);
      const { name, bytes } = await bytesOf(args.file);
      return createUploadedDocument(
        ctx.db,
        {
          componentId: idArgument(args.componentId, 'Document slot'),
          applicationCaseId: idArgument(args.applicationCaseId, 'Case'),
          applicantId: args.applicantId == null ? null : idArgument(args.applicantId, 'Applicant'),
          translationOf: args.translationOf == null ? null : idArgument(args.translationOf, 'Document'),
          fileName: name,
          bytes,
        },
        caller,
        undefined,
        { signal: ctx.signal },
      );
    },
  }),
);

builder.mutationField('updateUploadedDocument', (t) =>
  t.field({
    type: UploadedDocumentRef,
    description: 'Replaces the file of a document (same checks as createUploadedDocument); the old file is deleted.',
    args: {
      file: fileArg(t),
      id: t.arg.id({ required: true, description: "The document's id." }),
    },
    resolve: async (_root, args, ctx) => {
      const caller = callerOf(ctx);
      const { name, bytes } = await bytesOf(args.file);
      return replaceUploadedDocument(ctx.db, idArgument(args.id, 'Document'), name, bytes, caller, undefined, { signal: ctx.signal });
    },
  }),
);

builder.mutationField('deleteUploadedDocument', (t) =>
  t.id({
    description: 'Deletes a document and its translated copy; answers its id.',
    args: { id: t.arg.id({ required: true, description: "The document's id." }) },
    resolve: (_root, args, ctx) => deleteUploadedDocument(ctx.db, idArgument(args.id, 'Document'), callerOf(ctx)),
  }),
);

builder.mutationField('deleteUploadedTranslatedDocument', (t) =>
  t.field({
    type: UploadedDocumentRef,
    description: 'Deletes the translated copy of a document, keeping the original; answers the original.',
    args: { id: t.arg.id({ required: true, description: 'The id of the original document.' }) },
    resolve: (_root, args, ctx) => deleteTranslatedDocument(ctx.db, idArgument(args.id, 'Document'), callerOf(ctx)),
  }),
);

builder.mutationField('createCandidateUploadedDocument', (t) =>
  t.field({
    type: UploadedDocumentRef,
    description: "A guest's upload into a slot of the case behind a questionnaire response, allowed by the response's guest token (its PIN). Same checks as createUploadedDocument.",
    args: {
      file: fileArg(t),
      componentId: t.arg.id({ required: true, description: 'The slot (CaseComponent.id).' }),
      questionnaireResponseId: t.arg.id({ required: true, description: 'The questionnaire response.' }),
      guestToken: t.arg.string({ required: true, description: "The response's guest token (PIN)." }),
    },
    resolve: async (_root, args, ctx) => {
      const caller = await guestCaller(ctx.db, String(args.questionnaireResponseId), args.guestToken, ctx.partner.id);
      const { name, bytes } = await bytesOf(args.file);
      return createUploadedDocument(
        ctx.db,
        { componentId: idArgument(args.componentId, 'Document slot'), questionnaireResponseId: 'guestResponseId' in caller ? caller.guestResponseId : null, fileName: name, bytes },
        caller,
        undefined,
        { signal: ctx.signal },
      );
    },
  }),
);

builder.mutationField('updateCandidateUploadedDocument', (t) =>
  t.field({
    type: UploadedDocumentRef,
    description: "A guest's replacement of a document of their questionnaire response, allowed by its guest token (PIN).",
    args: {
      file: fileArg(t),
      id: t.arg.id({ required: true, description: "The document's id." }),
      questionnaireResponseId: t.arg.id({ required: true, description: 'The questionnaire response.' }),
      guestToken: t.arg.string({ required: true, description: "The response's guest token (PIN)." }),
    },
    resolve: async (_root, args, ctx) => {
      const caller = await guestCaller(ctx.db, String(args.questionnaireResponseId), args.guestToken, ctx.partner.id);
      const { name, bytes } = await bytesOf(args.file);
      return replaceUploadedDocument(ctx.db, idArgument(args.id, 'Document'), name, bytes, caller, undefined, { signal: ctx.signal });
    },
  }),
);

builder.mutationField('generatePdf', (t) =>
  t.field({
    type: GeneratedPdfRef,
    description:
      "Queues a PDF of the case: the filled form (pdf) and the form with the documents appended (attachmentPdf), of componentIds or of componentSet (default ALL). Poll generatedPdf(id).",
    args: {
      applicationCaseId: t.arg.id({ required: true, description: 'The case.' }),
      componentIds: t.arg.idList({ required: false, description: 'The slots whose documents are appended.' }),
      componentSet: t.arg({ type: ComponentSetEnum, required: false, description: 'Which slots, when componentIds is not given.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      if ((args.componentIds?.length ?? 0) > 50) throw badInput('Name at most 50 slots.', 'componentIds');
      return generatePdf(
        ctx.db,
        {
          applicationCaseId: idArgument(args.applicationCaseId, 'Case'),
          componentIds: args.componentIds?.map((id) => idArgument(id, 'Document slot')) ?? null,
          componentSet: args.componentSet ?? null,
        },
        { user: viewer.user, partnerId: ctx.partner.id },
      );
    },
  }),
);
