/**
 * Uploaded documents in the document slots of a case (spec §3 Case component, §7 createUploadedDocument …
 * myDocuments; issue 20): the rules, who may do what, and the SQL.
 *
 * Who reaches a case's documents (caseRole):
 *   OWNER   the user whose case it is
 *   STAFF   a company agent, manager, company manager, representative, attorney, paralegal or superuser of
 *           the case's partner (the case's agents and managers; the /briefcase roles)
 *   GUEST   a visitor with the PIN of the case's questionnaire response (spec §6), for candidate uploads
 * Everyone else, and every id that does not exist, gets NOT_FOUND: an id reveals nothing.
 *
 * Files go through checkDocumentBytes (files.ts) and a check job of the work tier (check-job.ts), are stored under a random key of the storage interface and are
 * read only through signed links (links.ts) by someone the route checks again.
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { requireRoom, type CountLimit } from '../db/count-limit';
import { mayAccess, pinAttemptsFor, QUESTIONNAIRE_SCHEME } from '../questionnaires/access';
import { badInput, DomainError } from '../domain-error';
import { uploadStorage, type Storage } from '../storage';
import { storeThenCommit } from '../uploads/store';
import { documentTexts } from '../../core/i18n/documents';
import { checkDocumentContent } from './check-job';
import { checkDocumentBytes, extensionOf, type DocumentContentType } from './files';
import { ADDRESS_DISPLAYED } from '../listings/search/listing';
import { CASE_SLOTS_MAX, MY_DOCUMENTS_CASES_MAX, SLOT_DOCUMENTS_MAX } from './limits';
import type { LinkHolder } from './links';

export type CaseRole = 'OWNER' | 'STAFF' | 'GUEST';

export interface CaseComponentRecord {
  id: number;
  applicationTypeId: number;
  key: string;
  name: string;
  shortName: string;
  required: boolean;
  docType: string;
  componentType: 'UPLOAD_DOCUMENT' | 'GENERATED_DOCUMENT';
  componentName: string;
  useRelation: boolean;
}

export interface UploadedDocumentRecord {
  id: number;
  componentId: number;
  applicationCaseId: number | null;
  responseId: string | null;
  applicantId: number | null;
  translationOf: number | null;
  storageKey: string;
  fileName: string;
  contentType: DocumentContentType;
  byteSize: number;
  sha256: string;
  created: Date;
  modified: Date;
  /** Whom the signed links of this record are made for. */
  holder: LinkHolder;
  translation: UploadedDocumentRecord | null;
}

export interface DocumentCase {
  id: number;
  ownerUserId: number;
  partnerId: number;
  responseId: string;
  applicationType: { id: number; slugId: string; name: string };
  listingId: number | null;
  /** The home the case is about, 'street, city' (the city alone where its street is withheld from the case's owner); null without a listing. */
  home: string | null;
  created: Date;
}

/** Someone reaching documents: a signed-in user, or a guest let in by the PIN of one response. */
export type DocumentCaller = { user: UserRecord; partnerId: number } | { guestResponseId: string; partnerId: number };

export const documentNotFound = () => new DomainError('NOT_FOUND', 'Document not found.');
export const caseNotFound = () => new DomainError('NOT_FOUND', 'Case not found.');
const componentNotFound = () => new DomainError('NOT_FOUND', 'Document slot not found.');

/** The people who work on cases: the case's agents and managers (spec §3 User flags; the /briefcase guard). */
export const isCaseStaff = (user: UserRecord) =>
  user.isSuperuser || user.isCompanyAgent || user.isManager || user.isCompanyManager || user.isRepresentative || user.role !== null;

export const holderOf = (caller: DocumentCaller): LinkHolder =>
  'user' in caller ? { userId: caller.user.id } : { guestResponseId: caller.guestResponseId };

// ---------------------------------------------------------------------------------------------------
// Cases and slots

interface CaseRow {
  id: number;
  user_id: number;
  partner_id: number;
  response_id: string;
  type_id: number;
  slug_id: string;
  type_name: string;
  listing_id: number | null;
  home: string | null;
  created_at: Date;
}

const CASE_SELECT = `SELECT c.id, c.user_id, r.partner_id, c.response_id, t.id AS type_id, t.slug_id, t.name AS type_name, c.listing_id, c.created_at,
       (SELECT CASE WHEN l.seller_user_id = c.user_id OR ${ADDRESS_DISPLAYED} THEN concat_ws(', ', l.street_line1, l.city) ELSE l.city END
          FROM listings l WHERE l.id = c.listing_id) AS home
  FROM application_cases c JOIN application_types t ON t.id = c.application_type_id JOIN questionnaire_responses r ON r.id = c.response_id`;

const toCase = (r: CaseRow): DocumentCase => ({
  id: Number(r.id),
  ownerUserId: Number(r.user_id),
  partnerId: Number(r.partner_id),
  responseId: r.response_id,
  applicationType: { id: Number(r.type_id), slugId: r.slug_id, name: r.type_name },
  listingId: r.listing_id === null ? null : Number(r.listing_id),
  home: r.home,
  created: r.created_at,
});

export async function findCase(db: Queryable, id: number): Promise<DocumentCase | null> {
  const { rows } = await db.query<CaseRow>(`${CASE_SELECT} WHERE c.id = $1`, [id]);
  return rows[0] ? toCase(rows[0]) : null;
}

export function caseRole(c: DocumentCase, caller: DocumentCaller): CaseRole | null {
  if (c.partnerId !== caller.partnerId) return null;
  if ('guestResponseId' in caller) return caller.guestResponseId === c.responseId ? 'GUEST' : null;
  if (c.ownerUserId === caller.user.id) return 'OWNER';
  if (isCaseStaff(caller.user)) return 'STAFF';
  return null;
}

/** The case, when the caller may reach it; else NOT_FOUND. */
export async function readableCase(db: Queryable, id: number, caller: DocumentCaller): Promise<DocumentCase> {
  const c = await findCase(db, id);
  if (!c || !caseRole(c, caller)) throw caseNotFound();
  return c;
}

interface ComponentRow {
  id: number;
  application_type_id: number;
  component_key: string;
  component_type: 'UPLOAD_DOCUMENT' | 'GENERATED_DOCUMENT';
  component_name: string;
  name: string;
  short_name: string;
  required: boolean;
  doc_type: string;
  use_relation: boolean;
}

const COMPONENT_SELECT = `SELECT id, application_type_id, component_key, component_type, component_name, name, short_name, required, doc_type, use_relation FROM case_components`;

const toComponent = (r: ComponentRow): CaseComponentRecord => ({
  id: Number(r.id),
  applicationTypeId: Number(r.application_type_id),
  key: r.component_key,
  name: r.name,
  shortName: r.short_name,
  required: r.required,
  docType: r.doc_type,
  componentType: r.component_type,
  componentName: r.component_name,
  useRelation: r.use_relation,
});

export async function componentsOfType(db: Queryable, applicationTypeId: number): Promise<CaseComponentRecord[]> {
  const { rows } = await db.query<ComponentRow>(`${COMPONENT_SELECT} WHERE application_type_id = $1 ORDER BY position, id`, [applicationTypeId]);
  return rows.map(toComponent);
}

async function findComponent(db: Queryable, id: number): Promise<CaseComponentRecord | null> {
  const { rows } = await db.query<ComponentRow>(`${COMPONENT_SELECT} WHERE id = $1`, [id]);
  return rows[0] ? toComponent(rows[0]) : null;
}

/** An upload slot of the case's type; NOT_FOUND for any other id. */
async function uploadSlotOf(db: Queryable, componentId: number, applicationTypeId: number): Promise<CaseComponentRecord> {
  const component = await findComponent(db, componentId);
  if (!component || component.applicationTypeId !== applicationTypeId) throw componentNotFound();
  if (component.componentType !== 'UPLOAD_DOCUMENT') throw badInput('This slot takes no uploads: its document is generated.', 'componentId');
  return component;
}

// ---------------------------------------------------------------------------------------------------
// Documents

interface DocumentRow {
  id: number;
  case_component_id: number;
  application_case_id: number | null;
  response_id: string | null;
  applicant_id: number | null;
  translation_of: number | null;
  storage_key: string;
  file_name: string;
  content_type: DocumentContentType;
  byte_size: number;
  sha256: string;
  created_at: Date;
  modified_at: Date;
}

const DOCUMENT_COLUMNS = `id, case_component_id, application_case_id, response_id, applicant_id, translation_of, storage_key, file_name,
  content_type, byte_size, sha256, created_at, modified_at`;

const toDocument = (r: DocumentRow, holder: LinkHolder): UploadedDocumentRecord => ({
  id: Number(r.id),
  componentId: Number(r.case_component_id),
  applicationCaseId: r.application_case_id === null ? null : Number(r.application_case_id),
  responseId: r.response_id,
  applicantId: r.applicant_id === null ? null : Number(r.applicant_id),
  translationOf: r.translation_of === null ? null : Number(r.translation_of),
  storageKey: r.storage_key,
  fileName: r.file_name,
  contentType: r.content_type,
  byteSize: Number(r.byte_size),
  sha256: r.sha256,
  created: r.created_at,
  modified: r.modified_at,
  holder,
  translation: null,
});

/** Originals with their translated copies attached. */
function withTranslations(rows: DocumentRow[], holder: LinkHolder): UploadedDocumentRecord[] {
  const all = rows.map((r) => toDocument(r, holder));
  const byId = new Map(all.map((d) => [d.id, d]));
  for (const d of all) if (d.translationOf !== null) {
    const original = byId.get(d.translationOf);
    if (original) original.translation = d;
  }
  return all.filter((d) => d.translationOf === null);
}

/** The documents of a case (all slots), newest first, translations attached. */
export async function documentsOfCase(db: Queryable, caseId: number, holder: LinkHolder): Promise<UploadedDocumentRecord[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM uploaded_documents
      WHERE application_case_id = $1 OR response_id = (SELECT response_id FROM application_cases WHERE id = $1)
      ORDER BY created_at DESC, id DESC`,
    [caseId],
  );
  return withTranslations(rows, holder);
}

async function findDocumentRow(db: Queryable, id: number): Promise<DocumentRow | null> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM uploaded_documents WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Whether the caller may reach a document row: through its case, or (guest) through its response. */
async function mayReach(db: Queryable, row: DocumentRow, caller: DocumentCaller): Promise<boolean> {
  if (row.application_case_id !== null) {
    const c = await findCase(db, Number(row.application_case_id));
    return c !== null && caseRole(c, caller) !== null;
  }
  if (row.response_id === null) return false;
  const { rows } = await db.query<{ partner_id: number; owner_user_id: number | null }>(
    'SELECT partner_id, owner_user_id FROM questionnaire_responses WHERE id = $1',
    [row.response_id],
  );
  const response = rows[0];
  if (!response || Number(response.partner_id) !== caller.partnerId) return false;
  if ('guestResponseId' in caller) return caller.guestResponseId === row.response_id;
  return Number(response.owner_user_id) === caller.user.id || isCaseStaff(caller.user);
}

/** A document the caller may reach (its translation attached); NOT_FOUND otherwise. */
export async function readableDocument(db: Queryable, id: number, caller: DocumentCaller): Promise<UploadedDocumentRecord> {
  const row = await findDocumentRow(db, id);
  if (!row || !(await mayReach(db, row, caller))) throw documentNotFound();
  const document = toDocument(row, holderOf(caller));
  const { rows } = await db.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM uploaded_documents WHERE translation_of = $1`, [id]);
  if (rows[0]) document.translation = toDocument(rows[0], holderOf(caller));
  return document;
}

const newKey = (owner: string, type: DocumentContentType) => `documents/${owner}/${randomBytes(16).toString('hex')}.${extensionOf(type)}`;

export interface UploadInput {
  componentId: number;
  fileName: string;
  bytes: Uint8Array;
  /** The case; or, for a guest, the response (its case when it has one). */
  applicationCaseId?: number | null;
  questionnaireResponseId?: string | null;
  /** The applicant the document is about (staff uploading for one); default: the uploader. */
  applicantId?: number | null;
  /** Upload a translated copy of this document instead of a new one (replaces an earlier copy). */
  translationOf?: number | null;
}

/** Where an upload goes: the case (checked) or a guest's response, and the slot (checked against its type). */
async function target(db: Queryable, input: UploadInput, caller: DocumentCaller) {
  if ('guestResponseId' in caller) {
    if (!input.questionnaireResponseId || input.questionnaireResponseId !== caller.guestResponseId) throw documentNotFound();
    const { rows } = await db.query<{ case_id: number | null; type_id: number | null }>(
      `SELECT c.id AS case_id, COALESCE(c.application_type_id, t.id) AS type_id
         FROM questionnaire_responses r JOIN questionnaires q ON q.id = r.questionnaire_id
         LEFT JOIN application_cases c ON c.response_id = r.id
         LEFT JOIN application_types t ON t.questionnaire_slug = q.slug
        WHERE r.id = $1 AND r.partner_id = $2`,
      [caller.guestResponseId, caller.partnerId],
    );
    const row = rows[0];
    if (!row || row.type_id === null) throw componentNotFound();
    const component = await uploadSlotOf(db, input.componentId, Number(row.type_id));
    const caseId = row.case_id === null ? null : Number(row.case_id);
    return { caseId, responseId: caller.guestResponseId, slotResponseId: caller.guestResponseId, component, applicantId: null };
  }
  if (!input.applicationCaseId) throw badInput('Name the case: applicationCaseId.', 'applicationCaseId');
  const c = await readableCase(db, input.applicationCaseId, caller);
  const component = await uploadSlotOf(db, input.componentId, c.applicationType.id);
  const applicantId = input.applicantId ?? c.ownerUserId;
  if (applicantId !== c.ownerUserId && applicantId !== caller.user.id) throw badInput('The applicant is not a person of this case.', 'applicantId');
  return { caseId: c.id, responseId: null as string | null, slotResponseId: c.responseId, component, applicantId };
}

/**
 * SLOT_DOCUMENTS_MAX documents (originals; a translated copy goes with its original) in one slot of a case or a
 * guest's response, as myDocuments lists them: counted under the lock of the response behind the case, which
 * every upload into any of its slots takes (db/count-limit.ts).
 */
const slotLimit = (place: Awaited<ReturnType<typeof target>>): CountLimit => ({
  owner: { table: 'questionnaire_responses', id: place.slotResponseId },
  count: `SELECT count(*)::int AS n FROM uploaded_documents
           WHERE case_component_id = $1 AND translation_of IS NULL AND (application_case_id = $2 OR response_id = $3)`,
  params: [place.component.id, place.caseId, place.slotResponseId],
  max: SLOT_DOCUMENTS_MAX,
  refusal: () => badInput(documentTexts.slotFull(place.component.name, SLOT_DOCUMENTS_MAX), 'componentId'),
});

/**
 * createUploadedDocument / createCandidateUploadedDocument: a new document in a slot (refused when the slot holds
 * SLOT_DOCUMENTS_MAX), or the translated copy of one (replacing an earlier copy). The file is stored, then the row
 * added in one transaction with the slot's count (server/uploads/store.ts: no row, no file).
 */
export async function createUploadedDocument(
  db: Database,
  input: UploadInput,
  caller: DocumentCaller,
  storage: Storage = uploadStorage(),
  options: { signal?: AbortSignal } = {},
): Promise<UploadedDocumentRecord> {
  const place = await target(db, input, caller);
  let original: DocumentRow | null = null;
  if (input.translationOf != null) {
    original = await findDocumentRow(db, input.translationOf);
    if (!original || !(await mayReach(db, original, caller)) || original.translation_of !== null) throw documentNotFound();
    if (Number(original.case_component_id) !== place.component.id) throw badInput('A translated copy goes into the slot of its original.', 'componentId');
  }
  const file = await checkDocumentBytes(input.fileName, input.bytes);
  await checkDocumentContent(db, file, caller, { signal: options.signal, storage });
  const key = newKey(place.caseId !== null ? String(place.caseId) : `r-${place.responseId}`, file.contentType);
  const { row, replaced } = await storeThenCommit(storage, [{ key, data: file.bytes, contentType: file.contentType }], () =>
    db.transaction(async (tx) => {
      let replaced: string | null = null;
      if (original) {
        const { rows } = await tx.query<{ storage_key: string }>('DELETE FROM uploaded_documents WHERE translation_of = $1 RETURNING storage_key', [original.id]);
        replaced = rows[0]?.storage_key ?? null;
      } else await requireRoom(tx, slotLimit(place));
      const { rows } = await tx.query<DocumentRow>(
        `INSERT INTO uploaded_documents (case_component_id, application_case_id, response_id, applicant_id, uploaded_by_user_id, translation_of,
           storage_key, file_name, content_type, byte_size, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${DOCUMENT_COLUMNS}`,
        [
          place.component.id,
          original ? original.application_case_id : place.caseId,
          original ? original.response_id : place.responseId,
          place.applicantId,
          'user' in caller ? caller.user.id : null,
          original ? original.id : null,
          key,
          file.fileName,
          file.contentType,
          file.bytes.length,
          file.sha256,
        ],
      );
      return { row: rows[0]!, replaced };
    }),
  );
  // The copy it replaced, once the new one is committed (a failed removal leaves a file the start's sweep removes).
  if (replaced) await storage.delete(replaced).catch(() => undefined);
  return toDocument(row, holderOf(caller));
}

/** updateUploadedDocument / updateCandidateUploadedDocument: a new file in place of the old one. */
export async function replaceUploadedDocument(
  db: Database,
  id: number,
  fileName: string,
  bytes: Uint8Array,
  caller: DocumentCaller,
  storage: Storage = uploadStorage(),
  options: { signal?: AbortSignal } = {},
): Promise<UploadedDocumentRecord> {
  const row = await findDocumentRow(db, id);
  if (!row || !(await mayReach(db, row, caller))) throw documentNotFound();
  const file = await checkDocumentBytes(fileName, bytes);
  await checkDocumentContent(db, file, caller, { signal: options.signal, storage });
  const owner = row.application_case_id !== null ? String(row.application_case_id) : `r-${row.response_id}`;
  const key = newKey(owner, file.contentType);
  await storeThenCommit(storage, [{ key, data: file.bytes, contentType: file.contentType }], async () => {
    const { rows } = await db.query<DocumentRow>(
      `UPDATE uploaded_documents SET storage_key = $2, file_name = $3, content_type = $4, byte_size = $5, sha256 = $6, modified_at = now()
        WHERE id = $1 RETURNING ${DOCUMENT_COLUMNS}`,
      [id, key, file.fileName, file.contentType, file.bytes.length, file.sha256],
    );
    if (!rows[0]) throw documentNotFound();
  });
  await storage.delete(row.storage_key).catch(() => undefined);
  return readableDocument(db, id, caller);
}

/** deleteUploadedDocument: the document and its translated copy. Answers the deleted id. */
export async function deleteUploadedDocument(db: Queryable, id: number, caller: DocumentCaller, storage: Storage = uploadStorage()): Promise<number> {
  const row = await findDocumentRow(db, id);
  if (!row || !(await mayReach(db, row, caller))) throw documentNotFound();
  const { rows } = await db.query<{ storage_key: string }>(
    'DELETE FROM uploaded_documents WHERE id = $1 OR translation_of = $1 RETURNING storage_key',
    [id],
  );
  for (const r of rows) await storage.delete(r.storage_key);
  return id;
}

/** deleteUploadedTranslatedDocument: the translated copy of document `id`, keeping the original. */
export async function deleteTranslatedDocument(db: Queryable, id: number, caller: DocumentCaller, storage: Storage = uploadStorage()): Promise<UploadedDocumentRecord> {
  const row = await findDocumentRow(db, id);
  if (!row || !(await mayReach(db, row, caller))) throw documentNotFound();
  const { rows } = await db.query<{ storage_key: string }>('DELETE FROM uploaded_documents WHERE translation_of = $1 RETURNING storage_key', [id]);
  if (!rows[0]) throw new DomainError('NOT_FOUND', 'This document has no translated copy.');
  await storage.delete(rows[0].storage_key);
  return readableDocument(db, id, caller);
}

/** latestUploadedDocument: the newest document of a slot, narrowed by applicant, response and case; null when none. */
export async function latestUploadedDocument(
  db: Queryable,
  filter: { componentId: number; applicantId?: number | null; questionnaireResponseId?: string | null; applicationCaseId?: number | null },
  caller: DocumentCaller,
): Promise<UploadedDocumentRecord | null> {
  if (filter.applicationCaseId == null && filter.questionnaireResponseId == null) {
    throw badInput('Name the case (applicationCaseId) or the questionnaire response (questionnaireResponseId).', 'applicationCaseId');
  }
  if (filter.applicationCaseId != null) await readableCase(db, filter.applicationCaseId, caller);
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM uploaded_documents
      WHERE case_component_id = $1 AND translation_of IS NULL
        AND ($2::bigint IS NULL OR applicant_id = $2)
        AND ($3::uuid IS NULL OR response_id = $3 OR application_case_id = (SELECT id FROM application_cases WHERE response_id = $3))
        AND ($4::bigint IS NULL OR application_case_id = $4)
      ORDER BY modified_at DESC, id DESC LIMIT 20`,
    [filter.componentId, filter.applicantId ?? null, filter.questionnaireResponseId ?? null, filter.applicationCaseId ?? null],
  );
  for (const row of rows) if (await mayReach(db, row, caller)) return readableDocument(db, Number(row.id), caller);
  return null;
}

export interface CaseDocuments {
  case: DocumentCase;
  components: CaseComponentRecord[];
  documents: UploadedDocumentRecord[];
}

/**
 * myDocuments: the viewer's cases (newest first) with their slots and documents, and for staff the partner's cases
 * that hold documents; with `applicationCaseId`, that one case, which staff may open too.
 */
export async function myDocuments(db: Queryable, user: UserRecord, partnerId: number, applicationCaseId: number | null): Promise<CaseDocuments[]> {
  const caller: DocumentCaller = { user, partnerId };
  let cases: DocumentCase[];
  if (applicationCaseId !== null) cases = [await readableCase(db, applicationCaseId, caller)];
  else {
    // Staff (the /briefcase roles) also see the partner's cases that hold documents.
    const { rows } = await db.query<CaseRow>(
      `${CASE_SELECT} WHERE r.partner_id = $2 AND (c.user_id = $1 OR ($3::boolean AND EXISTS (SELECT 1 FROM uploaded_documents d WHERE d.application_case_id = c.id)))
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${MY_DOCUMENTS_CASES_MAX}`,
      [user.id, partnerId, isCaseStaff(user)],
    );
    cases = rows.map(toCase);
  }
  const out: CaseDocuments[] = [];
  for (const c of cases) {
    const components = (await componentsOfType(db, c.applicationType.id)).slice(0, CASE_SLOTS_MAX);
    const documents = await documentsOfCase(db, c.id, { userId: user.id });
    // The newest SLOT_DOCUMENTS_MAX of each slot.
    const shown = components.flatMap((component) => documents.filter((d) => d.componentId === component.id).slice(0, SLOT_DOCUMENTS_MAX));
    out.push({ case: c, components, documents: shown });
  }
  return out;
}

/** For the download route: the row and whether this link holder may still read it. */
export async function documentForHolder(db: Queryable, id: number, holder: LinkHolder, users: (id: number) => Promise<UserRecord | null>) {
  const row = await findDocumentRow(db, id);
  if (!row) return null;
  const partner = await partnerOfDocument(db, row);
  if (partner === null) return null;
  let caller: DocumentCaller;
  if ('userId' in holder) {
    const user = await users(holder.userId);
    if (!user) return null;
    caller = { user, partnerId: partner };
  } else caller = { guestResponseId: holder.guestResponseId, partnerId: partner };
  return (await mayReach(db, row, caller)) ? { storageKey: row.storage_key, fileName: row.file_name, contentType: row.content_type } : null;
}

async function partnerOfDocument(db: Queryable, row: DocumentRow): Promise<number | null> {
  const { rows } = await db.query<{ partner_id: number }>(
    `SELECT r.partner_id FROM questionnaire_responses r
      WHERE r.id = COALESCE($1::uuid, (SELECT response_id FROM application_cases WHERE id = $2))`,
    [row.response_id, row.application_case_id],
  );
  return rows[0] ? Number(rows[0].partner_id) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A guest let in by the PIN of a questionnaire response (spec §6; createCandidateUploadedDocument …): the
 * same rule, and the same bound on guessing, as the questionnaire itself. Anything else is NOT_FOUND.
 */
export async function guestCaller(db: Database, responseId: string, guestToken: string, partnerId: number): Promise<DocumentCaller> {
  const id = responseId.trim().toLowerCase();
  if (!UUID.test(id) || guestToken.length === 0 || guestToken.length > 64) throw documentNotFound();
  const { rows } = await db.query<{ id: string; partner_id: number; owner_user_id: number | null; pin_hash: string | null }>(
    'SELECT id, partner_id, owner_user_id, pin_hash FROM questionnaire_responses WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw documentNotFound();
  const response = { id: row.id, partnerId: Number(row.partner_id), ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id), pinHash: row.pin_hash };
  const caller = { partnerId, userId: null, authorization: { scheme: QUESTIONNAIRE_SCHEME, credentials: guestToken } };
  if (!(await mayAccess(response, caller, pinAttemptsFor(db)))) throw documentNotFound();
  return { guestResponseId: id, partnerId };
}
