/**
 * The document slots of a case on its home detail (spec §3 Case component, §7 case(id, context) with components):
 * the slots of its application type (server/documents/slots.ts) with the newest documents of each, and whether
 * each slot is filled. Who may read them is the case's rule (the caller has already read the case).
 */
import type { Queryable } from '../db';
import { componentsOfType, documentsOfCase, type CaseComponentRecord, type UploadedDocumentRecord } from '../documents/documents';
import { CASE_SLOTS_MAX, SLOT_DOCUMENTS_MAX } from '../documents/limits';

/** A slot and its documents, newest first: the source of the GraphQL CaseComponent (documents.ts). */
export interface ComponentWithDocuments {
  component: CaseComponentRecord;
  documents: UploadedDocumentRecord[];
}

export type ComponentUploadState = 'MISSING' | 'OPTIONAL' | 'UPLOADED' | 'GENERATED';

/** A generated slot is made by generatePdf; an upload slot is filled by one document or more. */
export function componentUploadState(component: Pick<CaseComponentRecord, 'componentType' | 'required'>, documentCount: number): ComponentUploadState {
  if (component.componentType === 'GENERATED_DOCUMENT') return 'GENERATED';
  if (documentCount > 0) return 'UPLOADED';
  return component.required ? 'MISSING' : 'OPTIONAL';
}

/** The case's slots in order, each with its newest SLOT_DOCUMENTS_MAX documents (signed for `viewerId`). */
export async function componentsWithDocuments(db: Queryable, caseId: number, applicationTypeId: number, viewerId: number): Promise<ComponentWithDocuments[]> {
  const components = (await componentsOfType(db, applicationTypeId)).slice(0, CASE_SLOTS_MAX);
  const documents = await documentsOfCase(db, caseId, { userId: viewerId });
  return components.map((component) => ({ component, documents: documents.filter((d) => d.componentId === component.id).slice(0, SLOT_DOCUMENTS_MAX) }));
}
