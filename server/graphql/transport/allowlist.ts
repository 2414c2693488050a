/**
 * A persisted-query allowlist for production partners: when the server is given one, the partners it
 * names (or every request) may run only operations whose document — the exact `query` text — hashes
 * (sha256, hex) to an entry of the list. Anything else is refused before it is parsed, so a leaked token
 * or an open endpoint runs only the operations the partner's own build shipped.
 *
 * The list is a text file: one hash a line, optionally followed by the operation's name; blank lines and
 * lines starting with '#' are ignored. `printf %s "$QUERY" | sha256sum` gives a document's hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'graphql-yoga';
import { GraphQLError } from '../graphql-js';
import type { GraphqlServerContext } from '../context';

export interface AllowlistOptions {
  /** The allowlist file (env `HEARTH_GRAPHQL_ALLOWLIST`). */
  file: string;
  /** Partner slugs held to it (env `HEARTH_GRAPHQL_ALLOWLIST_PARTNERS`, comma separated); default every request. */
  partners?: readonly string[];
}

const HASH = /^[0-9a-f]{64}$/;

export const documentHash = (query: string) => createHash('sha256').update(query, 'utf8').digest('hex');

/** The hashes of an allowlist file's text; a line that is not a hash fails with its number. */
export function parseAllowlist(text: string, source = 'the allowlist'): Set<string> {
  const hashes = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const hash = line.split(/\s+/, 1)[0]!.toLowerCase();
    if (!HASH.test(hash)) throw new Error(`${source}, line ${index + 1}: expected a sha256 hash (64 hex digits), found "${hash.slice(0, 80)}".`);
    hashes.add(hash);
  });
  return hashes;
}

export class OperationAllowlist {
  constructor(
    private readonly hashes: ReadonlySet<string>,
    /** null: every request. */
    private readonly partners: ReadonlySet<string> | null = null,
  ) {}

  static load(options: AllowlistOptions): OperationAllowlist {
    const hashes = parseAllowlist(readFileSync(options.file, 'utf8'), options.file);
    return new OperationAllowlist(hashes, options.partners?.length ? new Set(options.partners) : null);
  }

  /** From the environment, or null when `HEARTH_GRAPHQL_ALLOWLIST` is unset. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): AllowlistOptions | null {
    if (!env.HEARTH_GRAPHQL_ALLOWLIST) return null;
    const partners = (env.HEARTH_GRAPHQL_ALLOWLIST_PARTNERS ?? '')
      .split(',')
      .map((slug) => slug.trim())
      .filter(Boolean);
    return { file: env.HEARTH_GRAPHQL_ALLOWLIST, partners };
  }

  /** Why a request of `partnerSlug` with this `query` may not run, or null. A missing query is Yoga's to word. */
  refusal(query: unknown, partnerSlug: string): GraphQLError | null {
    if (typeof query !== 'string' || (this.partners && !this.partners.has(partnerSlug))) return null;
    const hash = documentHash(query);
    if (this.hashes.has(hash)) return null;
    return new GraphQLError(
      `This API runs only the operations on its allowlist, and this document (sha256 ${hash}) is not on it. Send the exact text of an approved operation, or ask us to add this one.`,
      { extensions: { code: 'OPERATION_NOT_ALLOWED', http: { status: 403 } } },
    );
  }
}

/** Yoga: every request it runs (multipart uploads included) passes the allowlist. */
export function useAllowlist(allowlist: OperationAllowlist | null): Plugin<Record<string, never>, GraphqlServerContext> {
  return {
    onParams({ params, context }) {
      const refused = allowlist?.refusal(params.query, context.partner.slug);
      if (refused) throw refused;
    },
  };
}
