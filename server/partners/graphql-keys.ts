/**
 * A partner's API key on `/graphql/` (issue 16): `Authorization: Partner <key>` (as on the REST routes) or
 * `Authorization: Bearer hk_…` authenticates a request as the key, not as a person. The transport
 * (server/graphql/transport/http.ts) asks `readGraphqlKey` before it authenticates a user:
 *
 * - an unknown or revoked key is refused with 401, never treated as a visitor;
 * - a known key may select only the root fields of its scopes (`KEY_ROOT_FIELDS`), checked on the document
 *   before it runs: `leads:read` the partner's lead queries, `admin` the partner's settings and their
 *   changes; keys are never managed with a key, and nothing else (tours, offers, accounts) is reachable;
 * - the resolvers run with `keyViewer`, a principal that is no user (id 0) and that the partner's own
 *   authorization recognises (`grantOfViewer` in partners/admin.ts and leads/access.ts): the key's partner
 *   with its scopes, NOT_FOUND for any other partner — a key never reaches another partner's data.
 */
import type { Viewer } from '../accounts/session';
import type { UserRecord } from '../accounts/users';
import type { Queryable } from '../db';
import { Kind, parse, type DocumentNode, type SelectionSetNode } from '../graphql/graphql-js';
import { findKeyGrant, type ApiKeyScope, type KeyGrant } from './keys';
import { readPartnerKey } from './api-keys';
import { registerKeyPrincipal } from './key-principal';

/** The root fields each scope opens; introspection (`__schema`, `__type`, `__typename`) is open to every key. */
export const KEY_ROOT_FIELDS: Record<ApiKeyScope, readonly string[]> = {
  'leads:read': ['partnerLeads', 'partnerLead'],
  admin: ['partnerSettings', 'partnerSnippets', 'partnerAudit', 'updatePartnerSettings'],
};
const INTROSPECTION = new Set(['__schema', '__type', '__typename']);

export const KEY_UNKNOWN = 'This API key is unknown or has been revoked.';
export const KEY_NO_UPLOADS = 'API keys cannot upload files: upload images in the partner console.';
export const keyOutOfScope = (field: string, scopes: readonly string[]) =>
  `This API key (scopes: ${scopes.join(', ')}) may not use ${field.slice(0, 100)}.`;

/** The key of `Authorization: Partner <key>` or `Authorization: Bearer hk_…`, else null (a user's token, or none). */
export function presentedKey(authorization: string | undefined): string | null {
  const partner = readPartnerKey(authorization);
  if (partner) return partner;
  const bearer = authorization ? /^Bearer\s+(hk_\S+)\s*$/i.exec(authorization.trim()) : null;
  return bearer?.[1] ?? null;
}

export type GraphqlKeyCheck = { ok: true; grant: KeyGrant; viewer: Viewer } | { ok: false; status: 400 | 401 | 403; code: string; message: string };

// ---------------------------------------------------------------------------------------------------
// The principal

/** A viewer for the key: no person (id 0 is nobody's), no administrator, recognised by key-principal.ts. */
function keyViewer(grant: KeyGrant, prefix: string): Viewer {
  const user: UserRecord = {
    id: 0,
    email: '',
    emailVerifiedAt: null,
    passwordHash: null,
    firstName: '',
    lastName: '',
    legalName: '',
    phone: '',
    image: null,
    googleLinked: false,
    agent: false,
    isCompanyAgent: false,
    notificationSettings: {},
    isSuperuser: false,
    role: null,
    isRepresentative: false,
    isCompanyManager: false,
    isManager: false,
    hasNewDashboard: false,
    createdAt: new Date(0),
  };
  registerKeyPrincipal(user, { partnerId: grant.partnerId, keyId: grant.keyId, prefix, scopes: grant.scopes });
  return { user, credentialId: 0, via: 'token', token: null };
}

/** The shown part of the key (audit rows say which key changed what). */
async function keyPrefix(db: Queryable, grant: KeyGrant): Promise<string> {
  if (grant.keyId === null) return 'partner key';
  const { rows } = await db.query<{ prefix: string }>('SELECT prefix FROM partner_api_keys WHERE id = $1', [grant.keyId]);
  return rows[0]?.prefix ?? 'hk_';
}

// ---------------------------------------------------------------------------------------------------
// The document

/** Every root field name of every operation in the document (through fragments), or why it cannot be read. */
function rootFields(query: string): string[] | { error: string } {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: 10_000 });
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'The query could not be read.' };
  }
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])));
  const names: string[] = [];
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment);
      }
    }
  };
  for (const definition of document.definitions) if (definition.kind === Kind.OPERATION_DEFINITION) walk(definition.selectionSet);
  return names;
}

/**
 * The request's key, checked: null when it carries none (a user's token, a session, a visitor). `query` is
 * the document text (undefined for a multipart upload); with a key it must be there and parse, since its
 * root fields are what the key is held to.
 */
export async function readGraphqlKey(db: Queryable, authorization: string | undefined, query: unknown, upload: boolean): Promise<GraphqlKeyCheck | null> {
  const key = presentedKey(authorization);
  if (key === null) return null;
  const grant = await findKeyGrant(db, key);
  if (!grant) return { ok: false, status: 401, code: 'UNAUTHENTICATED', message: KEY_UNKNOWN };
  if (upload) return { ok: false, status: 403, code: 'FORBIDDEN', message: KEY_NO_UPLOADS };
  const allowed = new Set(grant.scopes.flatMap((scope) => KEY_ROOT_FIELDS[scope]));
  if (typeof query !== 'string') return { ok: false, status: 400, code: 'BAD_USER_INPUT', message: 'Send the operation as query text.' };
  const fields = rootFields(query);
  if (!Array.isArray(fields)) return { ok: false, status: 400, code: 'GRAPHQL_PARSE_FAILED', message: fields.error };
  const refused = fields.find((field) => !allowed.has(field) && !INTROSPECTION.has(field));
  if (refused !== undefined) return { ok: false, status: 403, code: 'FORBIDDEN', message: keyOutOfScope(refused, grant.scopes) };
  return { ok: true, grant, viewer: keyViewer(grant, await keyPrefix(db, grant)) };
}
