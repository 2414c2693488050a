/**
 * A short-lived cache of whole public search responses (DESIGN §5 search API: ≥ 300 req/s over HTTP on
 * PGlite, which answers one query at a time). A map that pans back, two visitors on the same page, a
 * widget re-rendering: identical requests within seconds. On /public_graphql/ (no viewer, so nothing
 * per-user) a request whose every root field is a search field (SEARCH_FIELDS, search-documents.ts) and that carries no
 * Authorization header is looked up by partner + normalised document + variables + operation name + `?queryName=`.
 *
 * Every check of a request runs before a cached answer (issue 33): the transport refuses a body, document or
 * `?queryName=` that breaks a rule before it looks here (http.ts), and a hit is answered only after `beforeHit`
 * (the cost guard: the request's ceiling and its client's budget, as if it ran).
 *
 * Freshness: an entry is served only while the search generation it was computed at is current — every
 * statement that changes listings, open houses, stay calendars or status history bumps it (migration 060)
 * — and for at most TTL_MS (time alone changes answers too: newListing, open houses ending). Spec §9's
 * fetch policy lets a client reuse results for 60 s; this stays well inside it. A hit costs no query (the
 * generation is the change feed's, server/db/changes.ts), instead of the search and the GraphQL
 * execution. Errors are never cached.
 */
import { sortedJson } from '../../../core/validation/walk';
import type { Queryable } from '../../db';
import { feedOf } from '../../db/changes';
import { parse, print, type DocumentNode } from '../graphql-js';
import { parsedBody, type Answer } from './search-fast-path';
import { searchOnly } from './search-documents';

export const TTL_MS = 15_000;
export const MAX_ENTRIES = 500;
/** Bytes of payload held at most (responses of 25 listings are ~20–40 KB). */
export const MAX_BYTES = 32 * 1024 * 1024;
const ERRORS_KEY = '"errors":';

/**
 * Whether a GraphQL response carries errors, without parsing it. No field of the schema is named `errors`
 * (schema/schema.test.ts) and JSON escapes a quote inside a string: these bytes are the result's `errors` key (or
 * a client's alias of that name: then the answer is only taken for one with errors, the safe side).
 */
export const hasErrors = (payload: Uint8Array) =>
  Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).includes(ERRORS_KEY);
/** Documents remembered as (not) cacheable, so a repeated document is parsed once. */
const MAX_DOCUMENTS = 200;
const MAX_DOCUMENT_LENGTH = 20_000;

/** A request the cache can answer: its key and what `beforeHit` needs to hold it to its cost. */
export interface CacheableRequest {
  key: string;
  document: DocumentNode;
  variables: Readonly<Record<string, unknown>>;
  operationName: string | null;
}

interface Entry {
  payload: Uint8Array<ArrayBuffer>;
  contentType: string;
  generation: number;
  expires: number;
}

export class PublicResponseCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Raw document text → the number of its normalised form, or null when it is not cacheable: keys stay
   * short, and equivalent texts (other whitespace) share one number.
   */
  private readonly documents = new Map<string, number | null>();
  private readonly normalisedIds = new Map<string, number>();
  /** The parsed document of each number (for the cost of a hit). */
  private readonly parsedDocuments = new Map<number, DocumentNode>();
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TTL_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cache key of a request body, or null when the request must not be cached. */
  keyFor(partnerId: number, body: Uint8Array, queryName: string | null = null): string | null {
    return this.requestFor(partnerId, body, queryName)?.key ?? null;
  }

  /** The request as the cache sees it, or null when it must not be cached. */
  requestFor(partnerId: number, body: Uint8Array, queryName: string | null): CacheableRequest | null {
    const request = parsedBody(body);
    if (!request || typeof request !== 'object' || Array.isArray(request)) return null;
    const { query, variables, operationName, extensions } = request as Record<string, unknown>;
    if (typeof query !== 'string' || query.length > MAX_DOCUMENT_LENGTH || extensions !== undefined) return null;
    if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
    if (operationName != null && typeof operationName !== 'string') return null;
    let documentId = this.documents.get(query);
    if (documentId === undefined) {
      let document: DocumentNode | null;
      try {
        document = parse(query, { noLocation: true });
        if (!searchOnly(document)) document = null;
      } catch {
        document = null;
      }
      documentId = document === null ? null : this.idOf(document);
      if (this.documents.size >= MAX_DOCUMENTS) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(query, documentId);
    }
    if (documentId === null) return null;
    const document = this.parsedDocuments.get(documentId);
    if (!document) return null;
    // Sorted JSON (`{a, b}` and `{b, a}` are one key); null: not plain JSON, or past the input limits.
    const shape = sortedJson([variables ?? null, operationName ?? null, queryName]);
    if (shape === null) return null;
    return {
      key: `${partnerId}\n${documentId}\n${shape}`,
      document,
      variables: (variables as Record<string, unknown> | null) ?? {},
      operationName: (operationName as string | null) ?? null,
    };
  }

  /** A number per normalised document (a few hundred at most: MAX_DOCUMENTS raw texts map to them). */
  private idOf(document: DocumentNode): number {
    const normalised = print(document);
    let id = this.normalisedIds.get(normalised);
    if (id === undefined) {
      // Forgetting all numbers would let a new document take an old one's: start over with the entries.
      if (this.normalisedIds.size >= MAX_DOCUMENTS) this.reset();
      this.normalisedIds.set(normalised, (id = this.normalisedIds.size + 1));
      this.parsedDocuments.set(id, document);
    }
    return id;
  }

  /**
   * The current search generation: the change feed's version (nothing to read); a single-row read for a
   * database without a feed.
   */
  async generation(db: Queryable): Promise<number> {
    const feed = feedOf(db);
    if (feed) return feed.version('search');
    const { rows } = await db.query<{ generation: number }>('SELECT generation FROM search_generation');
    return rows[0]?.generation ?? -1;
  }

  /** The cached response when it is still fresh; otherwise the generation to store a new one under. */
  async lookup(db: Queryable, key: string): Promise<{ hit: Entry } | { generation: number }> {
    const generation = await this.generation(db);
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.generation === generation && entry.expires > this.now()) {
        // Most recently used last: Map keeps insertion order.
        this.entries.delete(key);
        this.entries.set(key, entry);
        return { hit: entry };
      }
      this.drop(key, entry);
    }
    return { generation };
  }

  /** Keeps a successful response (status 200, no `errors`) computed at `generation`. */
  store(key: string, generation: number, status: number, contentType: string, payload: Uint8Array<ArrayBuffer>, errorFree = false): void {
    if (status !== 200 || payload.byteLength > MAX_BYTES / 16) return;
    if (!errorFree && hasErrors(payload)) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { payload, contentType, generation, expires: this.now() + this.ttlMs });
    this.bytes += payload.byteLength;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private reset(): void {
    this.clear();
    this.documents.clear();
    this.normalisedIds.clear();
    this.parsedDocuments.clear();
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.payload.byteLength;
  }

  /**
   * For the transport: `produce` answers the request unless a fresh cached answer exists for it, which is
   * given only when `beforeHit` has no refusal for it. `partnerId` null means "do not cache this request"
   * (another endpoint, or an Authorization header).
   */
  async fetch(
    db: Queryable,
    partnerId: number | null,
    body: Uint8Array,
    produce: () => Promise<Answer>,
    { queryName = null, beforeHit = () => null }: { queryName?: string | null; beforeHit?: (request: CacheableRequest) => Answer | null } = {},
  ): Promise<Answer> {
    const request = partnerId === null ? null : this.requestFor(partnerId, body, queryName);
    if (request === null) return produce();
    const found = await this.lookup(db, request.key);
    if ('hit' in found) return beforeHit(request) ?? { status: 200, headers: { 'content-type': found.hit.contentType }, payload: found.hit.payload };
    const answer = await produce();
    this.store(request.key, found.generation, answer.status, answer.headers['content-type'] ?? 'application/json', answer.payload, answer.errorFree);
    return answer;
  }
}
