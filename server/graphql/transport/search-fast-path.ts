/**
 * Public search requests without Yoga's Fetch round trip (DESIGN §5 search API). Yoga turns every request
 * into Fetch API objects (Request, Headers, body streams, Response): about a fifth of the server thread's
 * time per uncached search. A search the public response cache cannot answer (a map that moved) is run
 * here instead: its document compiled once by graphql-jit, executed with the same context, serialised with
 * JSON.stringify, answered with the media type Yoga would choose.
 *
 * Only what is sure to get the same answer as from Yoga: a query made of search fields only (searchOnly,
 * search-documents.ts: never a mutation, which must not run twice) that Yoga has already answered without
 * errors (`learn`: so it parses and passes every validation rule and limit of the endpoint), the `?queryName=` check passing, an Accept header Yoga answers with
 * JSON, and an execution without errors. Anything else — a bad variable, a bad bounds error, a first
 * sight of a document — goes to Yoga, which words the error and picks the status, exactly as before.
 * Search fields only read, so running one again through Yoga after an error changes nothing.
 */
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { parse, type DocumentNode, type GraphQLSchema } from '../graphql-js';
import type { GraphqlContext } from '../context';
import type { CostGuard } from './cost-guard';
import { checkQueryName } from './query-name';
import { searchOnly } from './search-documents';

/** A complete answer as the transport sends it. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  payload: Uint8Array<ArrayBuffer>;
  /** Known to carry no `errors` (the response cache need not look). */
  errorFree?: boolean;
}

const MAX_DOCUMENTS = 200;
const REGULAR_MEDIA_TYPES = ['application/graphql-response+json', 'application/json'];

/**
 * The JSON media type Yoga answers a single result with for this Accept header, or null when it would
 * answer otherwise (an event stream, multipart, another charset, 406): Yoga's own negotiation
 * (plugins/use-result-processor.js), where the last matching type of the regular processor wins.
 */
export function regularMediaType(accept: string | undefined): string | null {
  const key = accept ?? '';
  let known = mediaTypes.get(key);
  if (known === undefined) {
    known = negotiate(accept);
    if (mediaTypes.size >= 100) mediaTypes.clear();
    mediaTypes.set(key, known);
  }
  return known;
}

/** Accept headers seen → the media type (clients send the same few headers again and again). */
const mediaTypes = new Map<string, string | null>();

function negotiate(accept: string | undefined): string | null {
  const requested: string[] = [];
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType, ...params] = entry.split(';');
    const charset = params.find((p) => p.includes('charset=')) ?? 'charset=utf-8';
    if (mediaType !== undefined && charset === 'charset=utf-8') requested.push(mediaType);
  }
  requested.reverse();
  let chosen: string | null = null;
  for (const asked of requested) {
    const [askedType, askedSub] = asked.split('/');
    for (const type of REGULAR_MEDIA_TYPES) {
      const [pre, sub] = type.split('/');
      if ((askedType === '*' || askedType === pre) && (askedSub === '*' || askedSub === sub)) chosen = type;
    }
  }
  return chosen;
}

interface Params {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

const NOT_JSON = Symbol('not JSON');
const parsedBodies = new WeakMap<Uint8Array, unknown>();

/**
 * A request body's JSON, parsed once per body however many readers it has (the response cache's key and
 * the fast path both read it); NOT_JSON when it does not parse.
 */
export function parsedBody(body: Uint8Array): unknown {
  if (parsedBodies.has(body)) return parsedBodies.get(body);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch {
    value = NOT_JSON;
  }
  parsedBodies.set(body, value);
  return value;
}

/** The request body's GraphQL parameters when they are plain: a query string, object variables, no extensions. */
function readParams(body: Uint8Array): Params | null {
  const request = parsedBody(body);
  if (!request || request === NOT_JSON || typeof request !== 'object' || Array.isArray(request)) return null;
  const { query, variables, operationName, extensions, ...rest } = request as Record<string, unknown>;
  if (typeof query !== 'string' || extensions !== undefined || Object.keys(rest).length > 0) return null;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  return { query, variables: (variables as Record<string, unknown> | null) ?? undefined, operationName: operationName ?? undefined };
}

/** A document of search queries only: anything else (a mutation above all) always goes to Yoga. */
function isSearchQuery(text: string): boolean {
  try {
    return searchOnly(parse(text, { noLocation: true }));
  } catch {
    return false;
  }
}

interface Compiled {
  query: CompiledQuery;
  document: DocumentNode;
}

export class SearchFastPath {
  /**
   * Documents Yoga answered without errors (by text, then operation name) → their compiled query once
   * compiled (null until then). At most MAX_DOCUMENTS texts.
   */
  private readonly documents = new Map<string, Map<string, Compiled | null>>();
  /** Texts seen not to be search queries (parsed once), at most MAX_DOCUMENTS. */
  private readonly others = new Set<string>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** After Yoga answered `body` with 200 and no errors: its document may take the fast path from now on. */
  learn(body: Uint8Array): void {
    const params = readParams(body);
    if (!params) return;
    let byName = this.documents.get(params.query);
    if (!byName) {
      if (this.others.has(params.query)) return;
      if (!isSearchQuery(params.query)) {
        if (this.others.size >= MAX_DOCUMENTS) this.others.delete(this.others.values().next().value!);
        this.others.add(params.query);
        return;
      }
      if (this.documents.size >= MAX_DOCUMENTS) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(params.query, (byName = new Map()));
    }
    if (!byName.has(params.operationName ?? '')) byName.set(params.operationName ?? '', null);
  }

  /** The answer, or null when Yoga must answer this request. */
  async answer(
    body: Uint8Array,
    accept: string | undefined,
    queryName: string | null,
    context: GraphqlContext,
    guard: CostGuard,
  ): Promise<Answer | null> {
    const params = readParams(body);
    if (!params) return null;
    const mediaType = regularMediaType(accept);
    if (!mediaType) return null;
    const compiled = this.compiled(params);
    if (!compiled) return null;
    try {
      checkQueryName(params.query, queryName);
    } catch {
      return null;
    }
    // Sized by its variables, the same document may cost more this time: Yoga refuses what costs too much,
    // and answers the heavy ones in their turn.
    const variables = params.variables ?? {};
    const plan = guard.plans.plan(compiled.document, params.operationName);
    if (!plan || plan.cost(variables) >= context.costLimits.heavyRequest) return null;
    if (!guard.decide(compiled.document, params.operationName, variables, context.payer, context.costLimits).allowed) return null;
    const result = await compiled.query.query(undefined, context, variables);
    if (result.errors?.length) return null;
    return {
      status: 200,
      headers: { 'content-type': `${mediaType}; charset=utf-8` },
      payload: new TextEncoder().encode(JSON.stringify(result)),
      errorFree: true,
    };
  }

  private compiled({ query, operationName }: Params): Compiled | null {
    const byName = this.documents.get(query);
    const name = operationName ?? '';
    const known = byName?.get(name);
    if (!byName || known === undefined) return null;
    if (known) return known;
    try {
      const document = parse(query, { noLocation: true });
      const compiled = compileQuery(this.schema, document, operationName);
      if (isCompiledQuery(compiled)) {
        const entry = { query: compiled, document };
        byName.set(name, entry);
        return entry;
      }
    } catch {
      // Not compilable: Yoga answers it.
    }
    byName.delete(name);
    return null;
  }
}
