/**
 * Schema-driven fuzzing of the whole API (issue 22): every root field argument of server/schema.graphql,
 * every parameter and body field of the OpenAPI document and every page of the router gets hostile values
 * (values.ts) as a visitor, a buyer and a seller. Counted: 5xx answers, masked internal errors ("Unexpected
 * error."), hangs (no answer within the per-request timeout), crashes (/healthz stops answering), and
 * markup markers coming back unescaped (in an HTML or other non-JSON answer, or inside an HTML fragment
 * carried by a JSON answer). Deterministic: a seeded PRNG chooses the sample of the quick mode.
 */
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from '../../graphql/graphql-js';
import { describeValue, MARKER_PATTERN, pick, seededRandom, toJsonText, type Hostile } from './values';

export type Role = 'visitor' | 'buyer' | 'seller';

export interface Finding {
  kind: 'status5xx' | 'internal' | 'hang' | 'crash' | 'reflected';
  target: string;
  role: Role;
  value: string;
  detail: string;
}

export interface FuzzCounts {
  requests: number;
  status5xx: number;
  internal: number;
  hangs: number;
  crashes: number;
  reflected: number;
}

export interface FuzzOptions {
  baseUrl: string;
  /** A signed-in token for the role (called again after a mutation signed the user out); null: visitor. */
  token(role: Role): Promise<string | null> | string | null;
  /** The role's token stopped working (UNAUTHENTICATED / 401): make a new one. */
  renew(role: Role): Promise<void>;
  /** Values for every argument, in a fixed order. */
  values: Hostile[];
  /** Values per argument or field in the quick mode (all of `values` when null). */
  perTarget: number | null;
  seed: number;
  timeoutMs: number;
  concurrency: number;
}

// ---------------------------------------------------------------------------------------------------
// GraphQL targets

export interface GraphqlTarget {
  operation: 'query' | 'mutation';
  field: string;
  /** The argument to fuzz. */
  argument: string;
  document: string;
  /** Variables for the other arguments; the fuzzed one is set per request. */
  base: Record<string, Hostile>;
}

function typeText(type: GraphQLInputType): string {
  return String(type);
}

/** A plausible value of an input type: required input fields filled, nullable ones left out. */
function defaultValue(type: GraphQLInputType, random: () => number, sampleIds: readonly string[], depth = 0): Hostile {
  if (isNonNullType(type)) return defaultValue(type.ofType, random, sampleIds, depth);
  if (isListType(type)) return [defaultValue(type.ofType as GraphQLInputType, random, sampleIds, depth + 1)];
  if (isEnumType(type)) return type.getValues()[0]!.value as string;
  if (isInputObjectType(type)) {
    const value: Record<string, Hostile> = {};
    if (depth > 5) return value;
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined) value[field.name] = defaultValue(field.type, random, sampleIds, depth + 1);
    }
    return value;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return sampleIds[Math.floor(random() * sampleIds.length)] ?? '1';
      case 'Int':
        return 1;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return false;
      case 'JSON':
        return {};
      case 'File':
        return null;
      default:
        return 'fuzz';
    }
  }
  return null;
}

function selectionFor(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  return isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
}

export function graphqlTargets(schemaText: string, sampleIds: readonly string[], seed: number): GraphqlTarget[] {
  const schema: GraphQLSchema = buildSchema(schemaText);
  const random = seededRandom(seed);
  const targets: GraphqlTarget[] = [];
  for (const operation of ['query', 'mutation'] as const) {
    const root = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      const args: readonly GraphQLArgument[] = field.args;
      const declared = args.map((a) => `$${a.name}: ${typeText(a.type)}`).join(', ');
      const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const document = `${operation} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selectionFor(field)} }`;
      const base: Record<string, Hostile> = {};
      for (const a of args) if (isNonNullType(a.type) && a.defaultValue === undefined) base[a.name] = defaultValue(a.type, random, sampleIds);
      // A field without arguments is still called once per role (with hostile headers/body only).
      if (!args.length) targets.push({ operation, field: field.name, argument: '', document, base });
      for (const a of args) {
        targets.push({ operation, field: field.name, argument: a.name, document, base });
        // Inside an input object: each of its fields too, the others valid.
        const named = getNamedType(a.type);
        if (isInputObjectType(named)) {
          for (const inner of Object.values(named.getFields())) {
            targets.push({ operation, field: field.name, argument: `${a.name}.${inner.name}`, document, base });
          }
        }
      }
    }
  }
  return targets;
}

function withValue(target: GraphqlTarget, value: Hostile): Record<string, Hostile> {
  const variables: Record<string, Hostile> = { ...target.base };
  if (!target.argument) return variables;
  const [arg, inner] = target.argument.split('.') as [string, string | undefined];
  if (inner === undefined) variables[arg] = value;
  else {
    const object = (variables[arg] ?? {}) as Record<string, Hostile>;
    variables[arg] = { ...(typeof object === 'object' && object !== null && !Array.isArray(object) ? object : {}), [inner]: value };
  }
  return variables;
}

// ---------------------------------------------------------------------------------------------------
// REST and page targets

export interface HttpTarget {
  method: 'GET' | 'POST';
  /** With `{name}` path parameters. */
  path: string;
  /** Query parameters to fuzz (one at a time). */
  query: string[];
  /** JSON body fields to fuzz (one at a time); null: no JSON body. */
  body: { fields: string[]; base: Record<string, Hostile> } | null;
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; enum?: unknown[]; const?: unknown; format?: string; $ref?: string };

function defaultFromJsonSchema(schema: JsonSchema): Hostile {
  if (schema.const !== undefined) return schema.const as Hostile;
  if (schema.enum?.length) return schema.enum[0] as Hostile;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const value: Record<string, Hostile> = {};
      for (const name of schema.required ?? []) value[name] = defaultFromJsonSchema(schema.properties?.[name] ?? {});
      return value;
    }
    default:
      return 'fuzz';
  }
}

/** Every path and method of the OpenAPI document, with its parameters and JSON body fields. */
export function openApiTargets(document: { paths: Record<string, Record<string, any>> }): HttpTarget[] {
  const targets: HttpTarget[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const query: string[] = [];
      for (const p of (operation.parameters ?? []) as { $ref?: string; name?: string; in?: string }[]) {
        if (p.$ref?.endsWith('/partner')) query.push('partner');
        else if (p.in === 'query' && p.name) query.push(p.name);
      }
      const schema = operation.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      const body = method === 'post' ? { fields: Object.keys(schema?.properties ?? {}), base: (schema ? defaultFromJsonSchema({ ...schema, type: 'object' }) : {}) as Record<string, Hostile> } : null;
      targets.push({ method: method.toUpperCase() as 'GET' | 'POST', path, query, body });
    }
  }
  return targets;
}

/** Router paths that no OpenAPI entry covers (the hosted site's pages, static mounts): fuzzed by query and path. */
export function pageTargets(routes: { path: string; methods: string[] }[], documented: Set<string>): HttpTarget[] {
  const targets: HttpTarget[] = [];
  for (const route of routes) {
    if (documented.has(route.path) || route.path.startsWith('/graphql') || route.path.startsWith('/public_graphql')) continue;
    const path = route.path.endsWith('/*') ? `${route.path.slice(0, -1)}{rest}` : route.path;
    for (const method of route.methods) {
      if (method !== 'GET' && method !== 'POST') continue;
      targets.push({ method, path, query: ['q', 'location', 'page', 'next', 'partner'], body: method === 'POST' ? { fields: ['value'], base: {} } : null });
    }
  }
  return targets;
}

// ---------------------------------------------------------------------------------------------------
// Sending and judging

interface Attempt {
  target: string;
  role: Role;
  value: Hostile;
  send(token: string | null, signal: AbortSignal): Promise<Response>;
  graphql: boolean;
}

const isJson = (contentType: string | null) => !!contentType && /\bjson\b/i.test(contentType);
/** A JSON string that is an HTML fragment (a page's <main>, a rendered post), where a raw marker is live markup. */
const HTML_FRAGMENT = /<\/?(html|body|main|div|p|section|article|header|footer|nav|span|a|h[1-6]|ul|li|table)\b[^>]*>/i;

export function reflectedIn(contentType: string | null, text: string): string | null {
  if (!MARKER_PATTERN.test(text)) return null;
  if (!isJson(contentType)) return `raw marker in a ${contentType ?? 'typeless'} answer`;
  let found: string | null = null;
  const walk = (value: unknown, path: string) => {
    if (found) return;
    if (typeof value === 'string') {
      if (MARKER_PATTERN.test(value) && HTML_FRAGMENT.test(value)) found = `raw marker inside the HTML of ${path}`;
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
  };
  try {
    walk(JSON.parse(text), '$');
  } catch {
    return 'raw marker in an answer that claims JSON but does not parse';
  }
  return found;
}

/** Percent-encoded; a lone surrogate (which UTF-8 cannot hold) as the bytes of its CESU-8 form, invalid UTF-8. */
export function encodePathSegment(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[^]/gu, (ch) => {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 63)).toString(16)}%${(0x80 | (code & 63)).toString(16)}`.toUpperCase();
    return encodeURIComponent(ch);
  });
}

let ipCounter = 0;
/** Each request from its own client address, so rate limits answer 429 only where a test means them to. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${200 + ((ipCounter >> 16) & 31)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const ROLES: readonly Role[] = ['visitor', 'buyer', 'seller'];

export class FuzzRun {
  readonly counts: FuzzCounts = { requests: 0, status5xx: 0, internal: 0, hangs: 0, crashes: 0, reflected: 0 };
  readonly findings: Finding[] = [];
  /** How the answers went: HTTP statuses, and GraphQL error codes (`data` when a field answered), to show the values got past the first check. */
  readonly statuses = new Map<string, number>();
  readonly graphqlOutcomes = new Map<string, number>();
  readonly #random: () => number;

  constructor(readonly options: FuzzOptions) {
    this.#random = seededRandom(options.seed);
  }

  #valuesFor(): Hostile[] {
    const { values, perTarget } = this.options;
    return perTarget === null ? values : pick(this.#random, values, perTarget);
  }

  #role(): Role {
    return ROLES[Math.floor(this.#random() * ROLES.length)]!;
  }

  graphqlAttempts(targets: GraphqlTarget[]): Attempt[] {
    const attempts: Attempt[] = [];
    const { baseUrl } = this.options;
    for (const target of targets) {
      const values = target.argument ? this.#valuesFor() : [null];
      for (const value of values) {
        const role = this.options.perTarget === null ? null : this.#role();
        for (const r of role ? [role] : ROLES) {
          const variables = withValue(target, value);
          const body = toJsonText({ query: target.document, variables } as unknown as Hostile);
          // A visitor's query goes to the public endpoint (its fast path and response cache) half of the time.
          const endpoint = r === 'visitor' && target.operation === 'query' && this.#random() < 0.5 ? 'public_graphql' : 'graphql';
          attempts.push({
            target: `${target.operation} ${target.field}${target.argument ? `(${target.argument})` : ''}${endpoint === 'public_graphql' ? ' on /public_graphql/' : ''}`,
            role: r,
            value,
            graphql: true,
            send: (token, signal) =>
              fetch(`${baseUrl}/${endpoint}/?queryName=Fuzz`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp(), ...(token ? { Authorization: `Token ${token}` } : {}) },
                body,
                signal,
              }),
          });
        }
      }
    }
    return attempts;
  }

  httpAttempts(targets: HttpTarget[]): Attempt[] {
    const attempts: Attempt[] = [];
    const { baseUrl } = this.options;
    for (const target of targets) {
      const slots: { name: string; place: 'path' | 'query' | 'body' | 'whole' }[] = [
        ...[...target.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, place: 'path' as const })),
        ...target.query.map((name) => ({ name, place: 'query' as const })),
        ...(target.body ? [...target.body.fields.map((name) => ({ name, place: 'body' as const })), { name: '(body)', place: 'whole' as const }] : []),
      ];
      for (const slot of slots) {
        const values = slot.place === 'path' || slot.place === 'query' ? this.#valuesFor().filter((v) => typeof v === 'string' && v.length < 4096) : this.#valuesFor();
        for (const value of values) {
          const roles = this.options.perTarget === null ? ROLES : [this.#role()];
          for (const role of roles) {
            const text = typeof value === 'string' ? value : toJsonText(value);
            const path = target.path.replace(/\{(\w+)\}/g, (_, name: string) => (slot.place === 'path' && slot.name === name ? encodePathSegment(text) : 'fuzz'));
            const url = new URL(`${baseUrl}${path}`);
            if (slot.place === 'query') url.searchParams.set(slot.name, text);
            let body: string | undefined;
            if (target.method === 'POST') {
              if (slot.place === 'whole') body = toJsonText(value);
              else if (slot.place === 'body') body = toJsonText({ ...target.body!.base, [slot.name]: value });
              else body = toJsonText(target.body?.base ?? {});
            }
            attempts.push({
              target: `${target.method} ${target.path} ${slot.place}:${slot.name}`,
              role,
              value,
              graphql: false,
              send: (token, signal) =>
                fetch(url, {
                  method: target.method,
                  headers: {
                    'X-Forwarded-For': nextIp(),
                    ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
                    ...(token ? { Authorization: `Token ${token}` } : {}),
                  },
                  body,
                  signal,
                  redirect: 'manual',
                }),
            });
          }
        }
      }
    }
    return attempts;
  }

  async #health(): Promise<boolean> {
    try {
      const response = await fetch(`${this.options.baseUrl}/healthz`, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      await response.arrayBuffer();
      return response.status === 200;
    } catch {
      return false;
    }
  }

  #record(kind: Finding['kind'], attempt: Attempt, detail: string): void {
    const key = kind === 'crash' ? 'crashes' : kind === 'hang' ? 'hangs' : kind;
    this.counts[key] += 1;
    const finding = { kind, target: attempt.target, role: attempt.role, value: describeValue(attempt.value), detail: detail.slice(0, 300) };
    if (this.findings.length < 200) this.findings.push(finding);
    // Seen while the run goes on (a long run stopped early still says what it found).
    if (this.findings.length <= 20) console.warn(`[fuzz] ${finding.kind} ${finding.target} as ${finding.role} with ${finding.value}: ${finding.detail}`);
  }

  async #one(attempt: Attempt): Promise<void> {
    const token = await this.options.token(attempt.role);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    this.counts.requests += 1;
    try {
      const response = await attempt.send(token, controller.signal);
      const text = await response.text();
      clearTimeout(timer);
      const contentType = response.headers.get('content-type');
      this.statuses.set(String(response.status), (this.statuses.get(String(response.status)) ?? 0) + 1);
      if (response.status >= 500) this.#record('status5xx', attempt, `${response.status} ${text.slice(0, 200)}`);
      const reflected = reflectedIn(contentType, text);
      if (reflected) this.#record('reflected', attempt, reflected);
      if (attempt.graphql && isJson(contentType)) {
        try {
          const body = JSON.parse(text) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
          const outcome = body.errors?.length ? String(body.errors[0]!.extensions?.code ?? 'no code') : body.data ? 'data' : 'empty';
          this.graphqlOutcomes.set(outcome, (this.graphqlOutcomes.get(outcome) ?? 0) + 1);
          for (const error of body.errors ?? []) {
            if (error.message === 'Unexpected error.') this.#record('internal', attempt, JSON.stringify(error).slice(0, 200));
            if (token && error.extensions?.code === 'UNAUTHENTICATED') await this.options.renew(attempt.role);
          }
        } catch {
          /* not JSON after all: judged above */
        }
      } else if (token && response.status === 401) await this.options.renew(attempt.role);
    } catch (error) {
      clearTimeout(timer);
      if (controller.signal.aborted) this.#record('hang', attempt, `no answer in ${this.options.timeoutMs} ms`);
      else if (!(await this.#health())) this.#record('crash', attempt, `connection failed (${String(error)}) and /healthz does not answer`);
      // A refused connection while the server is healthy: the server closed it on purpose (e.g. an oversized body).
    }
  }

  /** Sends every attempt, `concurrency` at a time, checking /healthz every 250 requests and at the end. */
  async run(attempts: Attempt[]): Promise<void> {
    let next = 0;
    let sinceHealth = 0;
    const worker = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++]!;
        await this.#one(attempt);
        if (++sinceHealth >= 250) {
          sinceHealth = 0;
          if (!(await this.#health())) this.#record('crash', attempt, '/healthz stopped answering');
        }
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency }, worker));
    if (!(await this.#health())) this.#record('crash', attempts.at(-1)!, '/healthz does not answer after the run');
  }
}

