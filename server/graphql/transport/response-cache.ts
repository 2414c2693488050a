/**
 * A short-lived cache of whole public search responses (DESIGN §5 search API: ≥ 300 req/s over HTTP on
 * PGlite, which answers one query at a time). A map that pans back, two visitors on the same page, a
 * widget re-rendering: identical requests within seconds. On /public_graphql/ (no viewer, so nothing
 * per-user) a request whose every root field is a search field (SEARCH_FIELDS, search-documents.ts) and that carries no
 * Authorization header is looked up by partner + normalised document + variables + operation name.
 *
 * Freshness: an entry is served only while the search generation it was computed at is current — every
 * statement that changes listings, open houses, stay calendars or status history bumps it (migration 060)
 * — and for at most TTL_MS (time alone changes answers too: newListing, open houses ending). Spec §9's
 * fetch policy lets a client reuse results for 60 s; this stays well inside it. A hit costs no query (the
 * generation is the change feed's, server/db/changes.ts), instead of the search and the GraphQL
 * execution. Errors are never cached.
 */
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

interface Entry {
  payload: Uint8Array<ArrayBuffer>;
  contentType: string;
  generation: number;
  expires: number;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` variables are one key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class PublicResponseCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Raw document text → the number of its normalised form, or null when it is not cacheable: keys stay
   * short, and equivalent texts (other whitespace) share one number.
   */
  private readonly documents = new Map<string, number | null>();
  private readonly normalisedIds = new Map<string, number>();
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TTL_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cache key of a request body, or null when the request must not be cached. */
  keyFor(partnerId: number, body: Uint8Array): string | null {
    const request = parsedBody(body);
    if (!request || typeof request !== 'object' || Array.isArray(request)) return null;
    const { query, variables, operationName, extensions } = request as Record<string, unknown>;
    if (typeof query !== 'string' || query.length > MAX_DOCUMENT_LENGTH || extensions !== undefined) return null;
    let documentId = this.documents.get(query);
    if (documentId === undefined) {
      let normalised: string | null;
      try {
        const document = parse(query, { noLocation: true });
        normalised = searchOnly(document) ? print(document) : null;
      } catch {
        normalised = null;
      }
      documentId = normalised === null ? null : this.idOf(normalised);
      if (this.documents.size >= MAX_DOCUMENTS) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(query, documentId);
    }
    if (documentId === null) return null;
    return `${partnerId}\n${documentId}\n${stableJson(variables ?? null)}\n${stableJson(operationName ?? null)}`;
  }

  /** A number per normalised document (a few hundred at most: MAX_DOCUMENTS raw texts map to them). */
  private idOf(normalised: string): number {
    let id = this.normalisedIds.get(normalised);
    if (id === undefined) {
      // Forgetting all numbers would let a new document take an old one's: start over with the entries.
      if (this.normalisedIds.size >= MAX_DOCUMENTS) this.reset();
      this.normalisedIds.set(normalised, (id = this.normalisedIds.size + 1));
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
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.payload.byteLength;
  }

  /**
   * For the transport: `produce` answers the request unless a fresh cached answer exists for it.
   * `partnerId` null means "do not cache this request" (another endpoint, or an Authorization header).
   */
  async fetch(db: Queryable, partnerId: number | null, body: Uint8Array, produce: () => Promise<Answer>): Promise<Answer> {
    const key = partnerId === null ? null : this.keyFor(partnerId, body);
    if (key === null) return produce();
    const found = await this.lookup(db, key);
    if ('hit' in found) return { status: 200, headers: { 'content-type': found.hit.contentType }, payload: found.hit.payload };
    const answer = await produce();
    this.store(key, found.generation, answer.status, answer.headers['content-type'] ?? 'application/json', answer.payload, answer.errorFree);
    return answer;
  }
}
