/**
 * `npm run bench:abuse`: what one abusive client does to everybody else (issues 13 and 33). Each attack runs for a
 * phase while `/healthz` and a normal visitor's search (the search map's own query, at a viewport that moves so the
 * cache answers none) are timed; their p99 is compared with the same run's idle figure (budget: within 3×).
 *
 *   worst-one     the worst query a visitor may send (found by the server's own cost model: a search page with
 *                 photos, price history, open houses and similar homes at the largest page under the ceiling), 20
 *                 clients from one address
 *   worst-20      the same from 20 addresses (20 budgets)
 *   upload        one account uploading profile photos at the size limit, 4 at a time, back to back
 *   slow-bodies   1,100 connections from one address, each a POST with Content-Length 50,000 sending one byte
 *                 every 8 s (under the body-idle timeout), reconnecting a second after it is closed
 *   materials     8 clients downloading a flyer's PNG and PDF through their signed links, back to back
 *   tiles         50 visitors' maps asking for tiles of one partner whose tile source stalls (headers, then nothing)
 *   home-value    50 clients, each from its own address, asking for home value estimates (the most expensive
 *                 public operation by the cost model's figures) with inputs that change every time
 *
 * Every client has an address of its own on the loopback network (127.x.y.z as the connection's local address),
 * so the server tells them apart as it tells real clients apart: no proxy, no X-Forwarded-For. Probes and attackers
 * run in processes of their own: a client in the server's process would take its event loop from the server and
 * count its own lag as the server's latency; attackers run at nice 19, as their CPU would be another machine's. A report, not a test: prints figures and exits 0. Bounded: a phase of
 * BENCH_PHASE_MS (default 8 s) each; `npm run bench:abuse -- upload tiles` runs only those attacks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { Agent, FormData, fetch, type Response } from 'undici';
import { startServer, type RunningServer } from '../server/app';
import { parse, type OperationDefinitionNode } from '../server/graphql/graphql-js';
import { COST_LIMITS, costPlan, FIELD_COSTS } from '../server/graphql/transport/cost';
import { schema } from '../server/graphql/schema/index';
import { seedListingsIfEmpty } from '../server/seed/listings';
import { PICTURE_RULES } from '../server/uploads/image';
import { SearchListingsQuery } from '../core/search/api';
import { HomeValueQuery } from '../core/valuation/valuation-api';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 5_000);
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 8_000);
/** Probe requests per second, each kind: light enough not to be load themselves. */
const PROBE_EVERY_MS = 50;
/** The budget: a probe's p99 under attack within this many times its idle p99. */
const BUDGET_RATIO = 3;
const self = fileURLToPath(import.meta.url);

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

/** What the cost model charges an estimate. */
function homeValueCost(): number {
  const cost = FIELD_COSTS['Query.homeValue']!;
  return typeof cost === 'number' ? cost : cost.once;
}

// ---- clients: each an address of the loopback network ----

const agents = new Map<string, Agent>();
/**
 * A connection pool whose sockets come from `address` (any of 127.0.0.0/8 on Linux). undici's own connector
 * drops `localAddress`, so the sockets are made here.
 */
const from = (address: string) => {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({
      connections: 16,
      connect: (options, callback) => {
        const socket = connect({ host: options.hostname, port: Number(options.port), localAddress: address });
        socket.once('connect', () => callback(null, socket)).once('error', (error) => callback(error, null));
        return socket;
      },
    });
    agents.set(address, agent);
  }
  return agent;
};

/** The n-th address (1-based) of a block of clients: 127.<block>.<hi>.<lo>. */
const address = (block: number, n: number) => `127.${block}.${(n >> 8) & 255}.${n & 255 || 1}`;

const BLOCKS = { healthProbe: 1, searchProbe: 2, worst: 3, upload: 4, slow: 5, materials: 6, tiles: 7, homeValue: 8 } as const;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  try {
    const response = await run();
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

const graphqlPost = (url: string, name: string, query: string, variables: unknown, client: string, token?: string) =>
  fetch(`${url}/${token ? 'graphql' : 'public_graphql'}/?queryName=${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    dispatcher: from(client),
    signal: AbortSignal.timeout(60_000),
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the probes ----

interface Probes {
  health: number[];
  search: number[];
  failures: number;
  /** The failures' statuses (0: no answer), kind:status → count. */
  failed: Record<string, number>;
}

/** Times /healthz and a normal search every PROBE_EVERY_MS until `until`. */
async function probe(url: string, until: number): Promise<Probes> {
  const result: Probes = { health: [], search: [], failures: 0, failed: {} };
  let step = Math.floor(Math.random() * 1_000);
  const search = () => {
    step += 1;
    const dx = (step % 2_000) * 0.0002;
    const geoInput = { bounds: { west: -112.1 + dx, south: 40.55, east: -111.7 + dx, north: 40.9 } };
    // Many visitors, each searching a few times (one address would meet its own per-minute budget).
    return graphqlPost(url, 'SearchListings', SearchListingsQuery, { first: 25, geoInput }, address(BLOCKS.searchProbe, 1 + (step % 500)));
  };
  const loop = async (kind: 'health' | 'search') => {
    while (performance.now() < until) {
      const next = performance.now() + PROBE_EVERY_MS;
      const { ms, status } = await timed(() =>
        kind === 'health' ? fetch(`${url}/healthz`, { dispatcher: from(address(BLOCKS.healthProbe, 1)) }) : search(),
      );
      if (status === 200) result[kind].push(ms);
      else {
        result.failures += 1;
        result.failed[`${kind}:${status}`] = (result.failed[`${kind}:${status}`] ?? 0) + 1;
      }
      const wait = next - performance.now();
      if (wait > 0) await pause(wait);
    }
  };
  await Promise.all([loop('health'), loop('search')]);
  return result;
}

// ---- the attacks ----

interface Tally {
  answered: number;
  refused: number;
  other: number;
  ms: number[];
  note?: string;
}

const tally = (): Tally => ({ answered: 0, refused: 0, other: 0, ms: [] });

/** `clients` loops sending `request` back to back until `until`; 429 and 503 count as refused. */
async function loops(clients: number, until: number, request: (client: number, i: number) => Promise<Response>): Promise<Tally> {
  const result = tally();
  let i = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        const { ms, status } = await timed(() => request(client, i++));
        if (status === 200) {
          result.answered += 1;
          result.ms.push(ms);
        } else if (status === 429 || status === 503) {
          result.refused += 1;
          // A polite client would wait; this one only pauses a little, as a script would.
          await pause(20);
        } else {
          result.other += 1;
          await pause(20);
        }
      }
    }),
  );
  return result;
}

/** What the attack children are given: the server, and what the set-up made for them. */
interface Target {
  url: string;
  worstN: number;
  token: string;
  pngUrl: string;
  pdfUrl: string;
  tilePartner: string;
}

let uploadBody: Uint8Array<ArrayBuffer> | null = null;
/** A photo-like JPEG padded to exactly the profile photo's size limit (a decoder reads past the padding). */
async function photoAtLimit(): Promise<Uint8Array<ArrayBuffer>> {
  if (uploadBody) return uploadBody;
  const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  if (jpeg.length > PICTURE_RULES.maxBytes) throw new Error('the fixture is larger than the limit');
  uploadBody = new Uint8Array(PICTURE_RULES.maxBytes);
  uploadBody.set(jpeg);
  return uploadBody;
}

const ATTACKS = {
  'worst-one': (t: Target, until: number, offset: number) =>
    loops(20, until, (_, i) => graphqlPost(t.url, 'Worst', WORST, { n: t.worstN, offset: (offset + i) % (LISTINGS - 100) }, address(BLOCKS.worst, 1))),
  'worst-20': (t: Target, until: number, offset: number) =>
    loops(20, until, (client, i) =>
      graphqlPost(t.url, 'Worst', WORST, { n: t.worstN, offset: (offset + 50_000 + i) % (LISTINGS - 100) }, address(BLOCKS.worst, 10 + client)),
    ),
  upload: async (t: Target, until: number) => {
    const bytes = await photoAtLimit();
    return loops(4, until, () => {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query: 'mutation UploadUserPhoto($f: File!) { uploadUserPhoto(file: $f) { id } }', variables: { f: null } }));
      form.set('map', JSON.stringify({ 0: ['variables.f'] }));
      form.set('0', new Blob([bytes], { type: 'image/jpeg' }), 'big.jpg');
      return fetch(`${t.url}/graphql/?queryName=UploadUserPhoto`, {
        method: 'POST',
        headers: { Authorization: `Token ${t.token}` },
        body: form,
        dispatcher: from(address(BLOCKS.upload, 1)),
        signal: AbortSignal.timeout(60_000),
      });
    });
  },
  'slow-bodies': (t: Target, until: number) => slowBodies(t.url, until),
  materials: (t: Target, until: number) =>
    loops(8, until, (client, i) => fetch(i % 2 ? t.pdfUrl : t.pngUrl, { dispatcher: from(address(BLOCKS.materials, 1 + client)), signal: AbortSignal.timeout(60_000) })),
  tiles: async (t: Target, until: number) => {
    // Every request hangs until the phase ends (or the proxy's own timeout): what matters is what it holds meanwhile.
    const stop = AbortSignal.timeout(Math.max(0, Math.round(until - performance.now())));
    const result = await loops(50, until, (client, i) =>
      fetch(`${t.url}/tiles/12/${client}/${i}.png?partner=${t.tilePartner}`, { dispatcher: from(address(BLOCKS.tiles, 1 + client)), signal: stop }),
    );
    result.note = 'the other ones hung until the phase ended: the provider sent headers, then nothing';
    return result;
  },
  'home-value': (t: Target, until: number, offset: number) =>
    loops(50, until, (client, i) => {
      const n = offset + i;
      const input = {
        address: `${100 + (n % 9_000)} S ${100 * (1 + (n % 13))} E, Salt Lake City, UT`,
        latitude: 40.6 + (n % 97) * 0.003,
        longitude: -111.95 + (n % 89) * 0.002,
        bedrooms: 2 + (n % 4),
        bathrooms: 1 + (n % 3),
        livingArea: 1_200 + (n % 40) * 50,
      };
      return graphqlPost(t.url, 'HomeValue', HomeValueQuery, { input }, address(BLOCKS.homeValue, 1 + client));
    }),
} satisfies Record<string, (target: Target, until: number, offset: number) => Promise<Tally>>;

type AttackName = keyof typeof ATTACKS;

/** 1,100 sockets from one address, each a POST whose body trickles in a byte every 8 s; reopened whenever closed. */
async function slowBodies(url: string, until: number): Promise<Tally> {
  const { hostname, port } = new URL(url);
  const result = tally();
  let open = 0;
  let peak = 0;
  const sockets = new Set<Socket>();
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      if (performance.now() >= until) return resolve();
      const socket = connect({ host: hostname, port: Number(port), localAddress: address(BLOCKS.slow, 1) });
      sockets.add(socket);
      let answered = false;
      let drip: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        open += 1;
        peak = Math.max(peak, open);
        socket.write(`POST /public_graphql/ HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{`);
        drip = setInterval(() => socket.write(' '), 8_000);
      });
      socket.on('data', (chunk: Buffer) => {
        if (answered) return;
        answered = true;
        const status = Number(/^HTTP\/1\.1 (\d+)/.exec(chunk.toString('latin1'))?.[1] ?? 0);
        if (status === 429 || status === 503) result.refused += 1;
        else result.other += 1;
      });
      socket.on('error', () => undefined);
      socket.on('close', (hadError) => {
        if (drip) {
          clearInterval(drip);
          open -= 1;
        }
        sockets.delete(socket);
        if (!answered && hadError) result.other += 1;
        // Reconnect, as an attacker's script would, after a second.
        setTimeout(() => void one().then(resolve), 1_000);
      });
    });
  const stopAt = setTimeout(() => {
    for (const socket of sockets) socket.destroy();
  }, Math.max(0, until - performance.now()));
  await Promise.all(Array.from({ length: 1_100 }, one));
  clearTimeout(stopAt);
  result.note = `${peak} connections open at once at most`;
  return result;
}

const fmt = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(values, 0.99).toFixed(1).padStart(7)} ms  (${values.length})`;

// ---- processes ----

function inChild<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    // An attacker runs at the lowest priority: a real one's CPU is on its own machine, not the server's (on this
    // one-machine bench its processes would otherwise take the cores the server answers everybody with).
    const command = [process.execPath, '--import', 'tsx', self, ...args];
    const [file, ...rest] = args[0] === '--attack' && process.platform === 'linux' ? ['nice', '-n', '19', ...command] : command;
    const child = spawn(file!, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`bench/abuse ${args[0]} exited with ${code}`))));
  });
}

async function child(role: string, ms: number, target: Target, name: AttackName | undefined, offset: number): Promise<void> {
  // What an attack sends is made before its phase starts.
  if (name === 'upload') await photoAtLimit();
  const until = performance.now() + ms;
  const result = role === '--probe' ? await probe(target.url, until) : await ATTACKS[name!](target, until, offset);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

/** What the attacks need: an account, a flyer, a partner whose tile source stalls. */
async function setUp(api: RunningServer, stallerUrl: string): Promise<Omit<Target, 'url' | 'worstN'>> {
  const { signUp } = await import('../server/accounts/testing');
  const { insertSellerCase } = await import('../server/listing-photos/demo-case');
  const { graphqlAs } = await import('../server/testing/graphql');
  const { addCasePhotos, CREATE_FLYER } = await import('./flyer-case');
  const owner = await signUp(api);
  const { caseId } = await insertSellerCase(api.db, owner.user.id, `BA${process.pid}`);
  await addCasePhotos(api, owner, caseId);
  const created = await graphqlAs(api, owner.token, CREATE_FLYER, { c: String(caseId) });
  const { pngUrl, pdfUrl } = created.data!.createMarketingMaterial as { pngUrl: string; pdfUrl: string };
  // Made once before the phase (the first request renders it): the phase measures downloads.
  await fetch(pngUrl).then((r) => r.arrayBuffer());
  const tilePartner = 'bench-stalls';
  await api.db.query(`INSERT INTO partners (slug, name, app_context) VALUES ($1, $1, $2::jsonb)`, [
    tilePartner,
    JSON.stringify({ tileSource: { url: `${stallerUrl}/stall/{z}/{x}/{y}.png` } }),
  ]);
  return { token: owner.token, pngUrl, pdfUrl, tilePartner };
}

async function main(only: string[]): Promise<void> {
  const names = (only.length ? only : Object.keys(ATTACKS)) as AttackName[];
  for (const name of names) if (!(name in ATTACKS)) throw new Error(`no attack named ${name}: ${Object.keys(ATTACKS).join(', ')}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-bench-abuse-'));
  const uploads = await mkdtemp(join(tmpdir(), 'hearth-bench-abuse-uploads-'));
  process.env.HEARTH_UPLOAD_DIR = uploads;
  const { startFakeTileServer } = await import('../server/tiles/fake-tile-server');
  const tileServer = await startFakeTileServer();
  const api = await startServer({
    port: 0,
    dataDir,
    jobs: false,
    tiles: { url: tileServer.template, cacheDir: join(dataDir, 'tiles') },
    outboundAllow: [new URL(tileServer.url).host],
    logger: { info: () => undefined, warn: () => undefined, error: console.error },
  });
  try {
    await seedListingsIfEmpty(api.db, LISTINGS);
    const worst = worstPageSize();
    const target: Target = { url: api.url, worstN: worst.n, ...(await setUp(api, tileServer.url)) };
    console.log(`bench/abuse on PGlite, ${LISTINGS.toLocaleString('en-US')} listings, ${PHASE_MS / 1000} s per phase; budget: p99 within ${BUDGET_RATIO}× idle`);
    console.log(
      `worst accepted query: listingLoad(first: ${worst.n}) with photos, history, open houses, similar homes — cost ${worst.cost.toLocaleString('en-US')} of ${COST_LIMITS.publicRequest.toLocaleString('en-US')}; homeValue costs ${homeValueCost().toLocaleString('en-US')}`,
    );
    const encoded = (t: Target) => JSON.stringify(t);

    // Warm-up: compile the documents, fill the page caches.
    await inChild<Probes>(['--probe', '1000', encoded(target)]);
    const idle = await inChild<Probes>(['--probe', String(PHASE_MS), encoded(target)]);
    console.log('\nidle');
    console.log(`  /healthz        ${fmt(idle.health)}`);
    console.log(`  normal search   ${fmt(idle.search)}`);

    const rows: string[] = [];
    let offset = 0;
    for (const name of names) {
      // The server's own event loop (it runs in this process): a long tail here is work on its main thread, a
      // short one with a long probe tail is the cores shared with the database's thread and the attackers.
      const loopDelay = monitorEventLoopDelay({ resolution: 5 });
      loopDelay.enable();
      const [under, attack] = await Promise.all([
        inChild<Probes>(['--probe', String(PHASE_MS), encoded(target)]),
        inChild<Tally>(['--attack', String(PHASE_MS), encoded(target), name, String(offset)]),
      ]);
      offset += 10_000;
      const ratio = (kind: 'health' | 'search') => quantile(under[kind], 0.99) / quantile(idle[kind], 0.99);
      const within = ratio('health') <= BUDGET_RATIO && ratio('search') <= BUDGET_RATIO && under.failures === 0;
      console.log(`\n${name}`);
      console.log(`  /healthz        ${fmt(under.health)}   p99 ${ratio('health').toFixed(2)}× idle`);
      console.log(`  normal search   ${fmt(under.search)}   p99 ${ratio('search').toFixed(2)}× idle`);
      loopDelay.disable();
      console.log(`  event loop      delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms (the server's main thread)`);
      console.log(`  probe failures  ${under.failures}${under.failures ? ` (${Object.entries(under.failed).map(([k, n]) => `${k} ×${n}`).join(', ')})` : ''}`);
      console.log(`  attack: ${attack.answered} answered${attack.ms.length ? ` (${fmt(attack.ms)})` : ''}, ${attack.refused} refused 429/503, ${attack.other} other${attack.note ? `; ${attack.note}` : ''}`);
      rows.push(
        `| ${name} | ${quantile(under.health, 0.99).toFixed(0)} ms (${ratio('health').toFixed(2)}×) | ${quantile(under.search, 0.99).toFixed(0)} ms (${ratio('search').toFixed(2)}×) | ${under.failures} | ${attack.answered} / ${attack.refused} / ${attack.other} | ${within ? 'within' : 'OVER'} |`,
      );
    }
    console.log(`\n| attack | /healthz p99 (× idle ${quantile(idle.health, 0.99).toFixed(0)} ms) | search p99 (× idle ${quantile(idle.search, 0.99).toFixed(0)} ms) | probe failures | attack answered / refused / other | ${BUDGET_RATIO}× budget |`);
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await api.close();
    await tileServer.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(uploads, { recursive: true, force: true });
  }
}

const [role, ...rest] = process.argv.slice(2);
if (role === '--probe' || role === '--attack') {
  const [ms, target, name, offset] = rest;
  await child(role, Number(ms), JSON.parse(target!) as Target, name as AttackName | undefined, Number(offset ?? 0));
} else await main(process.argv.slice(2));
