/**
 * `npm run bench:abuse`: the worst query a visitor may send (issue 13), from 20 clients at once, and what
 * it does to everybody else. The worst accepted query is found by the server's own cost model
 * (server/graphql/transport/cost.ts): a search page with photos, price history, open houses and similar
 * homes, at the largest page that stays under the visitor's ceiling, each request at another offset so the response
 * cache answers none of them. Measured in one run, alternating nothing: `/healthz` and a normal search
 * (the search map's own query) are timed alone first (baseline), then again while the 20 clients run.
 *
 * Two attacks: from one address (the per-minute budget answers most of it 429) and from 20 addresses
 * (20 budgets). A report, not a test: prints figures and exits 0. Bounded: a few seconds per phase,
 * loopback only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { startServer } from '../server/app';
import { parse, type OperationDefinitionNode } from '../server/graphql/graphql-js';
import { COST_LIMITS, costPlan } from '../server/graphql/transport/cost';
import { schema } from '../server/graphql/schema/index';
import { seedListingsIfEmpty } from '../server/seed/listings';
import { SearchListingsQuery } from '../core/search/api';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 5_000);
const CLIENTS = 20;
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 8_000);
/** Probe requests per second, each kind: light enough not to be load themselves. */
const PROBE_EVERY_MS = 50;

const WORST = `query Worst($n: Int, $offset: Int) { listingLoad(first: $n, offset: $offset) { totalCount edges { node {
  id priceInPennies bedrooms bathrooms photos { photoUrl description } priceHistory { event priceInPennies }
  openHouse { id startDateTime endDateTime } similarHomes { id priceInPennies photos { photoUrl } } } } } }`;

/** The largest page of WORST under the visitor's ceiling. */
function worstPageSize(): { n: number; cost: number } {
  const document = parse(WORST);
  const plan = costPlan(schema, document, document.definitions[0] as OperationDefinitionNode);
  let best = { n: 0, cost: 0 };
  for (let n = 1; n <= 100; n++) {
    const cost = plan.cost({ n });
    if (cost <= COST_LIMITS.publicRequest) best = { n, cost };
  }
  return best;
}

/** Where the clients send their requests. */
interface Api {
  url: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const graphqlPost = (api: Api, name: string, query: string, variables: unknown, forwardedFor?: string) =>
  fetch(`${api.url}/public_graphql/?queryName=${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
    body: JSON.stringify({ query, variables }),
  });

/** A normal visitor's search: the search map's query, at a viewport that moves so the cache does not answer. */
let searchStep = 0;
function normalSearch(api: Api) {
  searchStep += 1;
  const dx = (searchStep % 2_000) * 0.0002;
  const geoInput = { bounds: { west: -112.1 + dx, south: 40.55, east: -111.7 + dx, north: 40.9 } };
  // Many visitors, each searching a few times (one address would meet its own per-minute budget).
  return graphqlPost(api, 'SearchListings', SearchListingsQuery, { first: 25, geoInput }, `198.51.${(searchStep >> 8) & 255}.${searchStep & 255}`);
}

interface Probes {
  health: number[];
  search: number[];
  failures: number;
}

/** Times /healthz and a normal search every PROBE_EVERY_MS until `until`. */
async function probe(api: Api, until: number): Promise<Probes> {
  const result: Probes = { health: [], search: [], failures: 0 };
  const loop = async (kind: 'health' | 'search') => {
    while (performance.now() < until) {
      const next = performance.now() + PROBE_EVERY_MS;
      const { ms, status } = await timed(() => (kind === 'health' ? fetch(`${api.url}/healthz`) : normalSearch(api)));
      if (status === 200) result[kind].push(ms);
      else result.failures += 1;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all([loop('health'), loop('search')]);
  return result;
}

interface Attack {
  answered: number;
  refused: number;
  other: number;
  ms: number[];
}

/** CLIENTS clients sending WORST back to back until `until`; `distributed` gives each its own address. */
/** Offsets of the attack: never the same twice in a run, so the response cache answers none. */
let attackOffset = 0;

async function attack(api: Api, n: number, until: number, distributed: boolean, firstOffset: number): Promise<Attack> {
  attackOffset = firstOffset;
  const result: Attack = { answered: 0, refused: 0, other: 0, ms: [] };
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < until) {
        const forwardedFor = distributed ? `203.0.113.${client + 1}` : '203.0.113.200';
        const { ms, status } = await timed(() => graphqlPost(api, 'Worst', WORST, { n, offset: attackOffset++ % (LISTINGS - 100) }, forwardedFor));
        if (status === 200) {
          result.answered += 1;
          result.ms.push(ms);
        } else if (status === 429) {
          result.refused += 1;
          // A polite attacker would wait; this one only pauses a little, as a script would.
          await new Promise((resolve) => setTimeout(resolve, 20));
        } else result.other += 1;
      }
    }),
  );
  return result;
}

const fmt = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(1).padStart(6)} ms  p99 ${quantile(values, 0.99).toFixed(1).padStart(6)} ms  (${values.length})`;

/**
 * Probes and attackers run in processes of their own: a client in the server's process would take its
 * event loop from the server and count its own lag as the server's latency.
 */
function inChild<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/abuse.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`bench/abuse ${args[0]} exited with ${code}`))));
  });
}

async function child(role: string, url: string, ms: number, extra: string[]): Promise<void> {
  const api = { url };
  const until = performance.now() + ms;
  const result =
    role === '--probe' ? await probe(api, until) : await attack(api, Number(extra[0]), until, extra[1] === 'distributed', Number(extra[2]));
  process.stdout.write(JSON.stringify(result));
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-bench-abuse-'));
  const api = await startServer({
    port: 0,
    dataDir,
    // The clients are told apart by X-Forwarded-For, as behind a proxy.
    trustProxy: true,
    logger: { info: () => undefined, warn: console.warn, error: console.error },
  });
  try {
    await seedListingsIfEmpty(api.db, LISTINGS);
    const worst = worstPageSize();
    console.log(`bench/abuse on PGlite, ${LISTINGS.toLocaleString('en-US')} listings, ${CLIENTS} clients, ${PHASE_MS / 1000} s per phase`);
    console.log(`worst accepted query: listingLoad(first: ${worst.n}) with photos, history, open houses, similar homes — cost ${worst.cost.toLocaleString('en-US')} of ${COST_LIMITS.publicRequest.toLocaleString('en-US')}`);

    // Warm-up: compile the documents, fill the page caches.
    await inChild<Probes>(['--probe', api.url, '1000']);
    const baseline = await inChild<Probes>(['--probe', api.url, String(PHASE_MS)]);
    console.log('\nbaseline (no attack)');
    console.log(`  /healthz        ${fmt(baseline.health)}`);
    console.log(`  normal search   ${fmt(baseline.search)}`);

    let firstOffset = 0;
    for (const distributed of [false, true]) {
      const [under, attackResult] = await Promise.all([
        inChild<Probes>(['--probe', api.url, String(PHASE_MS)]),
        inChild<Attack>(['--attack', api.url, String(PHASE_MS), String(worst.n), distributed ? 'distributed' : 'one', String(firstOffset)]),
      ]);
      firstOffset += attackResult.answered + attackResult.refused + attackResult.other;
      console.log(`\nunder attack from ${distributed ? `${CLIENTS} addresses` : 'one address'}`);
      console.log(`  /healthz        ${fmt(under.health)}   ratio p50 ${(quantile(under.health, 0.5) / quantile(baseline.health, 0.5)).toFixed(2)}×  p99 ${(quantile(under.health, 0.99) / quantile(baseline.health, 0.99)).toFixed(2)}×`);
      console.log(`  normal search   ${fmt(under.search)}   ratio p50 ${(quantile(under.search, 0.5) / quantile(baseline.search, 0.5)).toFixed(2)}×  p99 ${(quantile(under.search, 0.99) / quantile(baseline.search, 0.99)).toFixed(2)}×`);
      console.log(`  probe failures  ${under.failures}`);
      console.log(
        `  attack: ${attackResult.answered} answered (${fmt(attackResult.ms)}), ${attackResult.refused} refused 429, ${attackResult.other} other`,
      );
    }
  } finally {
    await api.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const [role, url, ms, ...extra] = process.argv.slice(2);
if (role === '--probe' || role === '--attack') await child(role, url!, Number(ms), extra);
else await main();
