import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { engineName, startTestServer } from '../../testing/test-server';
import { documentHash, OperationAllowlist, parseAllowlist } from './allowlist';

const LOAD = 'query listingLoad { listingLoad(first: 2) { totalCount edges { node { id } } } }';
const INFO = 'query listingInfo { listingInfo(listingId: "1001") { id } }';

describe('parseAllowlist', () => {
  it('reads one sha256 a line, with an optional name, skipping blanks and comments', () => {
    const hash = documentHash(LOAD);
    expect(parseAllowlist(`# our search\n\n${hash} listingLoad\n${hash.toUpperCase()}\n`)).toEqual(new Set([hash]));
  });

  it('names the line that is not a hash', () => {
    expect(() => parseAllowlist('# ok\nquery listingLoad { x }', 'ops.txt')).toThrow(
      'ops.txt, line 2: expected a sha256 hash (64 hex digits), found "query".',
    );
  });
});

describe('OperationAllowlist', () => {
  it('lets through the exact text of a listed document, for the partners it holds', () => {
    const allowlist = new OperationAllowlist(new Set([documentHash(LOAD)]), new Set(['acme']));
    expect(allowlist.refusal(LOAD, 'acme')).toBeNull();
    expect(allowlist.refusal(INFO, 'default')).toBeNull();
    const refused = allowlist.refusal(`${LOAD} `, 'acme');
    expect(refused?.message).toBe(
      `This API runs only the operations on its allowlist, and this document (sha256 ${documentHash(`${LOAD} `)}) is not on it. Send the exact text of an approved operation, or ask us to add this one.`,
    );
    expect(refused?.extensions.code).toBe('OPERATION_NOT_ALLOWED');
  });

  it('is configured from the environment', () => {
    expect(OperationAllowlist.fromEnv({})).toBeNull();
    expect(OperationAllowlist.fromEnv({ HEARTH_GRAPHQL_ALLOWLIST: '/etc/ops.txt', HEARTH_GRAPHQL_ALLOWLIST_PARTNERS: 'acme, summit' })).toEqual({
      file: '/etc/ops.txt',
      partners: ['acme', 'summit'],
    });
  });
});

describe(`a server with a persisted-query allowlist (${engineName()})`, () => {
  let everyone: RunningServer;
  let acmeOnly: RunningServer;
  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hearth-allowlist-')), 'operations.txt');
    writeFileSync(file, `${documentHash(LOAD)} listingLoad\n`);
    [everyone, acmeOnly] = await Promise.all([
      startTestServer({ graphqlAllowlist: { file } }),
      startTestServer({ graphqlAllowlist: { file, partners: ['acme'] } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([everyone?.close(), acmeOnly?.close()]);
  });

  const post = async (server: RunningServer, path: string, query: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { message: string; extensions: { code: string } }[] } };
  };

  it('runs a listed document on both endpoints, again and again (response cache and fast path)', async () => {
    for (const path of ['/public_graphql/', '/graphql/', '/public_graphql/', '/public_graphql/?queryName=listingLoad']) {
      const { status, body } = await post(everyone, path, LOAD);
      expect(status, path).toBe(200);
      expect(body.errors).toBeUndefined();
    }
  });

  it('refuses any other document with 403 OPERATION_NOT_ALLOWED, even one equivalent to a cached one', async () => {
    for (const query of [INFO, LOAD.replace('  ', ' ').replace('{ totalCount', '{  totalCount')]) {
      for (const path of ['/public_graphql/', '/graphql/']) {
        const { status, body } = await post(everyone, path, query);
        expect(status, `${path} ${query}`).toBe(403);
        expect(body.errors?.[0]?.extensions.code).toBe('OPERATION_NOT_ALLOWED');
        expect(body.errors?.[0]?.message).toContain(`(sha256 ${documentHash(query)}) is not on it`);
        expect(body.data).toBeUndefined();
      }
    }
  });

  it("holds only the listed partners' requests to it", async () => {
    expect((await post(acmeOnly, '/public_graphql/?partner=acme', INFO)).status).toBe(403);
    expect((await post(acmeOnly, '/public_graphql/?partner=acme', LOAD)).status).toBe(200);
    expect((await post(acmeOnly, '/public_graphql/', INFO)).status).toBe(200);
  });

  it('fails to start on a file that is not an allowlist', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hearth-allowlist-')), 'bad.txt');
    writeFileSync(file, 'listingLoad\n');
    await expect(startTestServer({ graphqlAllowlist: { file } })).rejects.toThrow('line 1: expected a sha256 hash');
  });
});
