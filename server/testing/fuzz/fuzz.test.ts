/**
 * The whole API under hostile input (issue 22): every GraphQL root field argument (and input-object field),
 * every OpenAPI path, query and body field, and every router page, as a visitor, a buyer and a seller.
 * Quick mode (default, part of `npm test`): a seeded sample of values per target. HEARTH_FUZZ=long: every
 * value for every target and role. HEARTH_FUZZ_SEED changes the sample, HEARTH_FUZZ_PER_TARGET its size. Target: 0 of every count.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRouter, type RunningServer } from '../../app';
import { signUp } from '../../accounts/testing';
import type { Logger } from '../../log';
import { paths } from '../../paths';
import type { TileService } from '../../tiles/service';
import { engineName, startTestServer } from '../test-server';
import { FuzzRun, graphqlTargets, openApiTargets, pageTargets, type Role } from './harness';
import { allHostileValues } from './values';

const LONG = process.env.HEARTH_FUZZ === 'long';
const SEED = Number(process.env.HEARTH_FUZZ_SEED ?? 22);
/** Values per target in the quick mode (HEARTH_FUZZ_PER_TARGET to widen it without the long mode). */
const PER_TARGET = Number(process.env.HEARTH_FUZZ_PER_TARGET ?? 4);

let server: RunningServer;
const loggedErrors: string[] = [];
const countingLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (message, error) => {
    loggedErrors.push(`${message} ${error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 3).join(' | ') : String(error ?? '')}`);
  },
};

const tokens = new Map<Role, string | null>([['visitor', null]]);
const renewing = new Map<Role, Promise<void>>();
let sellerListings: number[] = [];

async function makeUser(role: Role): Promise<void> {
  if (role === 'visitor') return;
  const user = await signUp(server);
  if (role === 'seller') await server.db.query('UPDATE listings SET seller_user_id = $1 WHERE id = ANY($2::bigint[])', [user.user.id, sellerListings]);
  tokens.set(role, user.token);
}

const renew = (role: Role) => {
  let pending = renewing.get(role);
  if (!pending) {
    pending = makeUser(role).finally(() => renewing.delete(role));
    renewing.set(role, pending);
  }
  return pending;
};

/** Ids of rows of every table (other users' objects: forged ids) and the listings'. */
async function forgedIds(): Promise<string[]> {
  const { rows: tables } = await server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE column_name = 'id' AND table_schema = current_schema() ORDER BY table_name`,
  );
  const ids = new Set<string>();
  for (const { table_name } of tables) {
    const { rows } = await server.db.query<{ id: string }>(`SELECT id::text AS id FROM "${table_name.replace(/"/g, '""')}" ORDER BY id::text LIMIT 2`);
    for (const row of rows) ids.add(row.id);
  }
  return [...ids].sort();
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true, logger: countingLogger, graphqlDeadlineMs: 8_000 });
  const { rows } = await server.db.query<{ id: string }>('SELECT id FROM listings WHERE seller_user_id IS NULL ORDER BY id LIMIT 2 OFFSET 3');
  sellerListings = rows.map((r) => Number(r.id));
  await Promise.all([makeUser('buyer'), makeUser('seller')]);
  // An object of another user: the buyer's offer, reachable by id only to them and the seller.
  const owner = await signUp(server);
  await fetch(`${server.url}/graphql/?queryName=Op`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${owner.token}` },
    body: JSON.stringify({ query: 'mutation Op($l: ID!) { createOffer(listingId: $l, appType: "wfrmls-buyer") { offer { id } } }', variables: { l: String(sellerListings[0]) } }),
  }).then((r) => r.text());
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe(`fuzzing the whole API (${engineName()}, ${LONG ? 'long' : 'quick'} mode, seed ${SEED})`, () => {
  it(
    'answers every hostile value without a 5xx, an internal error, a hang, a crash or reflected markup',
    async () => {
      const ids = await forgedIds();
      const values = allHostileValues(ids.slice(0, 40));
      const run = new FuzzRun({
        baseUrl: server.url,
        token: (role) => tokens.get(role) ?? null,
        renew,
        values,
        perTarget: LONG ? null : PER_TARGET,
        seed: SEED,
        timeoutMs: LONG ? 30_000 : 15_000,
        concurrency: 4,
      });

      const gqlTargets = graphqlTargets(readFileSync(paths.schemaFile, 'utf8'), ids, SEED);
      const openApi = (await (await fetch(`${server.url}/v1/api/openapi.json`)).json()) as { paths: Record<string, Record<string, any>> };
      const restTargets = openApiTargets(openApi);
      const router = buildRouter({ production: false, logger: countingLogger, tiles: {} as TileService, allowlist: null });
      const documented = new Set(Object.keys(openApi.paths).map((p) => (p.includes('{') ? `${p.slice(0, p.indexOf('{'))}*` : p.replace(/\/$/, '') || '/')));
      const pages = pageTargets(router.routes(), documented);

      const started = performance.now();
      await run.run([...run.graphqlAttempts(gqlTargets), ...run.httpAttempts(restTargets), ...run.httpAttempts(pages)]);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);

      const { counts } = run;
      console.log(
        `[fuzz] ${counts.requests} requests in ${seconds} s (${gqlTargets.length} GraphQL arguments, ${restTargets.length} REST operations, ${pages.length} pages, ${values.length} values): ` +
          `5xx ${counts.status5xx}, internal errors ${counts.internal}, hangs ${counts.hangs}, crashes ${counts.crashes}, reflected markup ${counts.reflected}, server errors logged ${loggedErrors.length}`,
      );
      const histogram = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
      console.log(`[fuzz] HTTP statuses: ${histogram(run.statuses)}`);
      console.log(`[fuzz] GraphQL outcomes: ${histogram(run.graphqlOutcomes)}`);
      for (const f of run.findings.slice(0, 40)) console.log(`[fuzz] ${f.kind} ${f.target} as ${f.role} with ${f.value}: ${f.detail}`);
      for (const e of loggedErrors.slice(0, 20)) console.log(`[fuzz] logged: ${e.slice(0, 400)}`);

      expect(counts.requests).toBeGreaterThan(1000);
      expect(run.findings).toEqual([]);
      expect(loggedErrors).toEqual([]);
    },
    LONG || process.env.HEARTH_FUZZ_PER_TARGET ? 6 * 3_600_000 : 240_000,
  );
});
