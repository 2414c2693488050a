/**
 * `npm run bench:load` (issue 22, Load): many concurrent keep-alive connections for a while, each a visitor or
 * a signed-in user doing a realistic mix — searches whose viewport moves, listing pages, the partner config,
 * contact forms (each client under the form's rate limit), signed-in reads — on PGlite or on PostgreSQL with
 * the cluster (server/cluster.ts). Prints per operation: count, errors, p50, p99; and the server's memory
 * (RSS of its whole process tree, sampled every few seconds): at the start, at the end and its slope over
 * the second half of the run (a leak shows as a steady climb there).
 *
 *   node --import tsx bench/load.ts [--duration 60] [--connections 200] [--db pglite|postgres]
 *                                   [--database-url URL] [--workers 2] [--listings 5000]
 *   node --import tsx bench/load.ts --sizing [--duration 40] …  (issue 37: one API instance, two, then two with a
 *                                   busy worker, each a process of its own: bench/load-sizing.ts)
 *
 * PostgreSQL: `--database-url` or DATABASE_URL; the run gets a throwaway schema (load_<pid>), dropped at the
 * end. The server runs in a child process (`--serve`, as bench/first-paint.ts does), so its memory is its
 * own and the load generator does not share its event loop. Each virtual client has its own address
 * (X-Forwarded-For, the server trusts it here), so per-client limits apply per client as in production; the
 * GraphQL per-minute cost budgets are lifted (a closed-loop client searches far more often than a person), the
 * contact form's limit is not: a client sends a form at most once every CONTACT_EVERY_MS (under 10 a minute).
 * A report, not a test (bench/load.test.ts runs a short one): exits 1 only when a request failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { SearchListingsQuery } from '../core/search/api';

// ---------------------------------------------------------------------------------------------------
// Options

export interface LoadOptions {
  durationMs: number;
  connections: number;
  db: 'pglite' | 'postgres';
  /** PostgreSQL only. */
  databaseUrl?: string;
  /** PostgreSQL only: API processes of the cluster. */
  workers: number;
  /** Generated listings to search (seeded on first start). */
  listings: number;
  /** Signed-in users the clients share. */
  users: number;
  /** Memory sampling period. */
  sampleEveryMs: number;
  /** Progress lines while it runs. */
  verbose: boolean;
}

export const DEFAULT_LOAD_OPTIONS: LoadOptions = {
  durationMs: 60_000,
  connections: 200,
  db: 'pglite',
  workers: 2,
  listings: 5_000,
  users: 20,
  sampleEveryMs: 2_000,
  verbose: true,
};

/** A client sends a contact form at most this often: 9 a minute, under the server's 10 per minute per client. */
export const CONTACT_EVERY_MS = 6_700;

export const OPERATIONS = ['search', 'listing page', 'config', 'contact form', 'signed-in read'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The mix: relative weights. */
const WEIGHTS: Record<Operation, number> = {
  search: 40,
  'listing page': 20,
  config: 15,
  'contact form': 5,
  'signed-in read': 20,
};

// ---------------------------------------------------------------------------------------------------
// The server, in a process of its own

const READY_LINE = 'load server: ';

export interface ServeSetup {
  db: 'pglite' | 'postgres';
  databaseUrl?: string;
  workers: number;
  listings: number;
  /**
   * One process of a several-host deployment (server/roles.ts) on an installation already set up in `schema`
   * (bench/load-sizing.ts): no cluster, no seeding, no migration, a data directory of its own.
   */
  host?: { role: 'api' | 'worker'; schema: string; metricsToken: string };
}

/** `--serve`: the API until stdin closes; prints its URL on a line of its own. */
async function serve(setup: ServeSetup): Promise<void> {
  const { startServer } = await import('../server/app');
  const { startCluster } = await import('../server/cluster');
  const quiet = { info: () => undefined, warn: console.warn, error: console.error };
  // BENCH_LOG_FILE: the server logs as in production (JSON lines, level info, pino) to that file: its cost measured.
  const logFile = process.env.BENCH_LOG_FILE;
  const { pinoLogger } = await import('../server/log');
  const { default: pino } = await import('pino');
  const logger = logFile ? pinoLogger({ level: 'info', destination: pino.destination({ dest: logFile, sync: false }) }) : quiet;
  const common = {
    port: 0,
    seedListings: setup.listings,
    trustProxy: true,
    graphqlCostLimits: { publicPerMinute: Number.MAX_SAFE_INTEGER, signedInPerMinute: Number.MAX_SAFE_INTEGER },
    logger,
  };
  let dataDir: string | null = null;
  let server: { url: string; close(): Promise<void> };
  if (setup.host) {
    dataDir = await mkdtemp(join(tmpdir(), `hearth-load-${setup.host.role}-`));
    server = await startServer({
      ...common,
      dataDir,
      role: setup.host.role,
      databaseUrl: setup.databaseUrl,
      databaseSchema: setup.host.schema,
      seed: false,
      migrate: false,
      metricsToken: setup.host.metricsToken,
    });
  } else if (setup.db === 'postgres') {
    if (!setup.databaseUrl) throw new Error('--db postgres needs --database-url or DATABASE_URL.');
    server = await startCluster({
      ...common,
      databaseUrl: setup.databaseUrl,
      databaseSchema: `load_${process.pid}`,
      dropSchemaOnClose: true,
      workers: setup.workers,
      quiet: true,
    });
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-load-'));
    server = await startServer({ ...common, dataDir });
  }
  process.stdout.write(`\n${READY_LINE}${server.url}\n`);
  process.stdin.resume();
  await once(process.stdin, 'end');
  await server.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

export interface ServerProcess {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** A `--serve` process; `env` is added to this process's environment. */
export async function startServerProcess(setup: ServeSetup, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', JSON.stringify(setup)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((text) => text.startsWith(READY_LINE));
      if (line) resolve(line.slice(READY_LINE.length).trim());
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the load server exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin!.end();
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Memory and CPU time of a process and all its descendants (the cluster's workers), from /proc

/** Linux's USER_HZ: the unit of a process's CPU times in /proc (100 on every architecture Node runs on). */
const CLOCK_TICKS_PER_SECOND = 100;

/** RSS (bytes) and CPU time used so far (user + system, seconds, ended children included) of `root` and its descendants; zeros without /proc. */
export function processTreeUsage(root: number): { rssBytes: number; cpuSeconds: number } {
  const parents = new Map<number, number>();
  const usage = new Map<number, { rss: number; cpu: number }>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return { rssBytes: 0, cpuSeconds: 0 };
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      // The command name is in parentheses and may hold spaces: the fields after it are what we read.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      // utime + stime, and cutime + cstime: the children that ended and were waited for (PostgreSQL's backends
      // that closed, an autovacuum worker), which are no longer in the listing.
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      usage.set(Number(entry), { rss: Number(fields[21]) * 4096, cpu: ticks / CLOCK_TICKS_PER_SECOND });
    } catch {
      // Gone between the listing and the read.
    }
  }
  let rssBytes = 0;
  let cpuSeconds = 0;
  for (const [pid, { rss, cpu }] of usage) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (at === root) {
        rssBytes += rss;
        cpuSeconds += cpu;
        break;
      }
    }
  }
  return { rssBytes, cpuSeconds };
}

export interface MemorySample {
  atMs: number;
  rssMb: number;
}

/** Least-squares slope of the samples, in MB per minute. */
export function slopeMbPerMinute(samples: MemorySample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.atMs, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMb, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.atMs - mx) * (p.rssMb - my);
    den += (p.atMs - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60_000;
}

// ---------------------------------------------------------------------------------------------------
// The clients

interface Answer {
  status: number;
  body: string;
}

export class HttpLoad {
  readonly agent: Agent;
  private readonly base: URL;

  constructor(url: string, connections: number) {
    this.base = new URL(url);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, keepAliveMsecs: 10_000 });
  }

  send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** An answer that is not what the operation expects, as an error message; null when it is. */
function problemOf(answer: Answer, expected: number, graphql: boolean): string | null {
  if (answer.status !== expected) return `HTTP ${answer.status}: ${answer.body.slice(0, 160)}`;
  if (graphql) {
    try {
      const parsed = JSON.parse(answer.body) as { data?: unknown; errors?: { message: string }[] };
      if (parsed.errors?.length) return `GraphQL error: ${parsed.errors[0]!.message}`;
      if (!parsed.data) return 'GraphQL answer without data';
    } catch {
      return `not JSON: ${answer.body.slice(0, 160)}`;
    }
  }
  return null;
}

export const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const SIGNED_IN_READS = [
  { name: 'Me', query: 'query Me { me { id email firstName } }' },
  { name: 'SavedSearches', query: 'query SavedSearches { savedSearches { id name notificationFrequency } }' },
  { name: 'MySessions', query: 'query MySessions { mySessions { id device lastUsedAt current } }' },
];

export interface Fixtures {
  listingPaths: string[];
  tokens: string[];
}

/** Signs up `load.<pid>.<n>@example.com` (or `<prefix>.<pid>.<n>@…`) from address `ip`; its token. Not timed. */
export async function signUpOver(http: HttpLoad, ip: string, n: number, prefix = 'load'): Promise<string> {
  const answer = await http.send(
    'POST',
    '/v1/api/sign-up/',
    { 'X-Forwarded-For': ip, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
    JSON.stringify({ email: `${prefix}.${process.pid}.${n}@example.com`, password: 'Correct-Horse-Battery-9', firstName: 'Lo', lastName: 'Ad' }),
  );
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${answer.body.slice(0, 200)}`);
  return (JSON.parse(answer.body) as { token: string }).token;
}

/** Signs up the users and finds listing pages to open; not timed. */
export async function prepare(http: HttpLoad, users: number): Promise<Fixtures> {
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) tokens.push(await signUpOver(http, ipOf(200_000 + i), i));
  const search = await http.send(
    'POST',
    '/public_graphql/?queryName=SearchListings',
    { 'X-Forwarded-For': ipOf(210_000) },
    JSON.stringify({ query: SearchListingsQuery, variables: { first: 100, geoInput: { bounds: { west: -112.3, south: 40.4, east: -111.5, north: 41.1 } } } }),
  );
  const problem = problemOf(search, 200, true);
  if (problem) throw new Error(`the listing search failed: ${problem}`);
  const edges = (JSON.parse(search.body) as { data: { listingLoad: { edges: { node: { slugId: string; listingCodeId: string } }[] } } }).data.listingLoad.edges;
  const listingPaths = edges.map(({ node }) => `/listing/${encodeURIComponent(node.slugId)}/${encodeURIComponent(node.listingCodeId)}`);
  if (listingPaths.length === 0) throw new Error('no listings to open: seed some with --listings');
  return { listingPaths, tokens };
}

export interface OperationStats {
  operation: Operation;
  count: number;
  errors: number;
  p50: number;
  p99: number;
  /** The first few distinct error messages. */
  examples: string[];
}

export interface LoadReport {
  options: LoadOptions;
  engine: string;
  elapsedMs: number;
  operations: OperationStats[];
  memory: { startMb: number; endMb: number; peakMb: number; slopeSecondHalfMbPerMin: number; samples: MemorySample[] };
  loadAverage: number[];
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Per operation: the latencies (ms) of its requests, its failures and the first few distinct problems. */
export interface ClientResults {
  latencies: Map<Operation, number[]>;
  errors: Map<Operation, number>;
  examples: Map<Operation, Set<string>>;
}

export const requestCount = (results: ClientResults) => [...results.latencies.values()].reduce((s, l) => s + l.length, 0);

export interface ClientsRun {
  connections: number;
  /** performance.now() at which the clients stop. */
  deadline: number;
  /** The first client's number: its address (X-Forwarded-For) and so its rate-limit windows; runs one after the other take new ones. */
  firstClient?: number;
}

/**
 * Runs `connections` closed-loop clients of the mix until the deadline; client i talks to
 * `targets[i % targets.length]` (a balancer spreading connections over API instances).
 */
export async function runClients(targets: HttpLoad[], fixtures: Fixtures, run: ClientsRun, results: ClientResults = emptyResults()): Promise<ClientResults> {
  const { deadline, firstClient = 0 } = run;
  const { latencies, errors, examples } = results;
  const totalWeight = OPERATIONS.reduce((s, op) => s + WEIGHTS[op], 0);
  let contactCounter = 0;

  async function client(index: number): Promise<void> {
    const http = targets[index % targets.length]!;
    const ip = ipOf(1 + firstClient + index);
    const headers = { 'X-Forwarded-For': ip, 'User-Agent': 'hearth-load' };
    const token = fixtures.tokens[index % fixtures.tokens.length]!;
    // Each client pans its own map: a start point and a direction of its own.
    let west = -112.1 + (index % 20) * 0.01;
    let south = 40.55 + Math.floor(index / 20) * 0.01;
    const step = 0.002 + (index % 7) * 0.001;
    let lastContact = -Infinity;
    let n = 0;
    while (performance.now() < deadline) {
      n += 1;
      // The first request of each client goes round the operations, so even a short run does every one.
      let pick = Math.floor(Math.random() * totalWeight);
      let operation: Operation = n === 1 ? OPERATIONS[index % OPERATIONS.length]! : (OPERATIONS.find((op) => (pick -= WEIGHTS[op]) < 0) ?? 'search');
      if (operation === 'contact form' && performance.now() - lastContact < CONTACT_EVERY_MS) operation = 'search';
      const t0 = performance.now();
      let problem: string | null;
      try {
        switch (operation) {
          case 'search': {
            west += step * (n % 40 < 20 ? 1 : -1);
            south += step * 0.5 * (n % 60 < 30 ? 1 : -1);
            const span = 0.1 + (n % 5) * 0.05;
            const variables = { first: 25, geoInput: { bounds: { west, south, east: west + span, north: south + span * 0.6 } } };
            const answer = await http.send('POST', '/public_graphql/?queryName=SearchListings', headers, JSON.stringify({ query: SearchListingsQuery, variables }));
            problem = problemOf(answer, 200, true);
            break;
          }
          case 'listing page': {
            const path = fixtures.listingPaths[(index + n) % fixtures.listingPaths.length]!;
            problem = problemOf(await http.send('GET', path, { ...headers, Accept: 'text/html' }), 200, false);
            break;
          }
          case 'config': {
            const path = n % 2 === 0 ? '/v1/api/dynamic-config/?partner=acme' : '/v1/api/site-config/?partner=acme';
            problem = problemOf(await http.send('GET', path, headers), 200, false);
            break;
          }
          case 'contact form': {
            lastContact = t0;
            contactCounter += 1;
            const body = {
              firstName: 'Load',
              lastName: `Client ${firstClient + index}`,
              email: `load.${firstClient + index}.${contactCounter}@example.com`,
              phone: '8015550123',
              comment: 'I would like to see this home on Saturday.',
            };
            problem = problemOf(await http.send('POST', '/v1/api/contact-form/?partner=acme', headers, JSON.stringify(body)), 201, false);
            break;
          }
          case 'signed-in read': {
            const read = SIGNED_IN_READS[n % SIGNED_IN_READS.length]!;
            const answer = await http.send('POST', `/graphql/?queryName=${read.name}`, { ...headers, Authorization: `Token ${token}` }, JSON.stringify({ query: read.query }));
            problem = problemOf(answer, 200, true);
            break;
          }
        }
      } catch (error) {
        problem = (error as Error).message;
      }
      latencies.get(operation)!.push(performance.now() - t0);
      if (problem) {
        errors.set(operation, errors.get(operation)! + 1);
        const seen = examples.get(operation)!;
        if (seen.size < 3) seen.add(problem);
      }
    }
  }

  await Promise.all(Array.from({ length: run.connections }, (_, i) => client(i)));
  return results;
}

export const emptyResults = (): ClientResults => ({
  latencies: new Map(OPERATIONS.map((op) => [op, []])),
  errors: new Map(OPERATIONS.map((op) => [op, 0])),
  examples: new Map(OPERATIONS.map((op) => [op, new Set()])),
});

export function operationStats(results: ClientResults): OperationStats[] {
  return OPERATIONS.map((operation): OperationStats => {
    const sorted = [...results.latencies.get(operation)!].sort((a, b) => a - b);
    return {
      operation,
      count: sorted.length,
      errors: results.errors.get(operation)!,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      examples: [...results.examples.get(operation)!],
    };
  });
}

/** Runs one bench: starts the server process, signs users up, runs the clients, stops the server. */
export async function runLoadBench(partial: Partial<LoadOptions> = {}): Promise<LoadReport> {
  const options: LoadOptions = { ...DEFAULT_LOAD_OPTIONS, ...partial };
  const log = (line: string) => {
    if (options.verbose) console.log(line);
  };
  const server = await startServerProcess({ db: options.db, databaseUrl: options.databaseUrl, workers: options.workers, listings: options.listings });
  const http = new HttpLoad(server.url, options.connections);
  try {
    const fixtures = await prepare(http, options.users);
    const results = emptyResults();

    const samples: MemorySample[] = [];
    const started = performance.now();
    const sample = () => samples.push({ atMs: performance.now() - started, rssMb: processTreeUsage(server.pid).rssBytes / 1e6 });
    sample();
    const sampler = setInterval(sample, options.sampleEveryMs);
    const progress = setInterval(() => {
      log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s: ${requestCount(results)} requests, ${samples.at(-1)!.rssMb.toFixed(0)} MB`);
    }, 10_000);

    log(`bench/load: ${options.connections} connections for ${options.durationMs / 1000} s on ${options.db === 'postgres' ? `PostgreSQL (cluster of ${options.workers})` : 'PGlite'}`);
    await runClients([http], fixtures, { connections: options.connections, deadline: started + options.durationMs }, results);
    clearInterval(sampler);
    clearInterval(progress);
    sample();
    const elapsedMs = performance.now() - started;

    const secondHalf = samples.filter((s) => s.atMs >= elapsedMs / 2);
    return {
      options,
      engine: options.db === 'postgres' ? `PostgreSQL, cluster of ${options.workers}` : 'PGlite',
      elapsedMs,
      operations: operationStats(results),
      memory: {
        startMb: samples[0]!.rssMb,
        endMb: samples.at(-1)!.rssMb,
        peakMb: Math.max(...samples.map((s) => s.rssMb)),
        slopeSecondHalfMbPerMin: slopeMbPerMinute(secondHalf),
        samples,
      },
      loadAverage: loadavg(),
    };
  } finally {
    http.close();
    await server.close();
  }
}

export const ms = (value: number) => (Number.isNaN(value) ? '—' : value < 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(0)} ms`);

/** The report as a table (what docs/benchmarks.md records). */
export function formatReport(report: LoadReport): string {
  const total = report.operations.reduce((s, o) => s + o.count, 0);
  const failed = report.operations.reduce((s, o) => s + o.errors, 0);
  const lines = [
    `${report.engine}: ${report.options.connections} keep-alive connections, ${(report.elapsedMs / 1000).toFixed(1)} s, ${total} requests (${(total / (report.elapsedMs / 1000)).toFixed(0)} req/s), errors ${failed}`,
    '',
    `| operation | count | errors | p50 | p99 |`,
    `|---|---:|---:|---:|---:|`,
    ...report.operations.map((o) => `| ${o.operation} | ${o.count} | ${o.errors} | ${ms(o.p50)} | ${ms(o.p99)} |`),
    '',
    `memory (RSS of the server's processes): start ${report.memory.startMb.toFixed(0)} MB, end ${report.memory.endMb.toFixed(0)} MB, ` +
      `peak ${report.memory.peakMb.toFixed(0)} MB, slope over the second half ${report.memory.slopeSecondHalfMbPerMin >= 0 ? '+' : ''}${report.memory.slopeSecondHalfMbPerMin.toFixed(1)} MB/min ` +
      `(${report.memory.samples.length} samples)`,
    `load average at the end: ${report.loadAverage.map((l) => l.toFixed(2)).join(', ')}`,
  ];
  for (const o of report.operations) for (const example of o.examples) lines.push(`  ${o.operation} error: ${example}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Command line

/** The sizing run's own options (bench/load-sizing.ts), when `--sizing` is given. */
interface SizingFlags {
  phaseMs: number;
  pdfClients: number;
  photoClients: number;
}

function readOptions(argv: string[]): { options: LoadOptions; sizing: SizingFlags | null } {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      db: { type: 'string' },
      'database-url': { type: 'string' },
      workers: { type: 'string' },
      listings: { type: 'string' },
      users: { type: 'string' },
      sizing: { type: 'boolean' },
      'pdf-clients': { type: 'string' },
      'photo-clients': { type: 'string' },
    },
    strict: true,
  });
  const whole = (name: string, raw: string | undefined, fallback: number, min: number) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${raw}").`);
    return value;
  };
  const db = values.db ?? (values.sizing ? 'postgres' : 'pglite');
  if (db !== 'pglite' && db !== 'postgres') throw new Error(`--db must be pglite or postgres (got "${db}").`);
  if (values.sizing && db !== 'postgres') throw new Error('--sizing runs on PostgreSQL only: API instances and a worker are processes of their own.');
  if (!values.sizing && (values['pdf-clients'] !== undefined || values['photo-clients'] !== undefined)) throw new Error('--pdf-clients and --photo-clients go with --sizing.');
  const options: LoadOptions = {
    ...DEFAULT_LOAD_OPTIONS,
    durationMs: whole('duration', values.duration, DEFAULT_LOAD_OPTIONS.durationMs / 1000, 1) * 1000,
    connections: whole('connections', values.connections, DEFAULT_LOAD_OPTIONS.connections, 1),
    db,
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    workers: whole('workers', values.workers, DEFAULT_LOAD_OPTIONS.workers, 1),
    listings: whole('listings', values.listings, DEFAULT_LOAD_OPTIONS.listings, 1),
    users: whole('users', values.users, DEFAULT_LOAD_OPTIONS.users, 1),
  };
  const sizing = values.sizing
    ? {
        phaseMs: whole('duration', values.duration, 40, 1) * 1000,
        pdfClients: whole('pdf-clients', values['pdf-clients'], 4, 0),
        photoClients: whole('photo-clients', values['photo-clients'], 2, 0),
      }
    : null;
  return { options, sizing };
}

/** The command line (not `--serve`). */
async function main(): Promise<void> {
  let read: ReturnType<typeof readOptions>;
  try {
    read = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const { options, sizing } = read;
  if (options.db === 'postgres' && !options.databaseUrl) {
    console.error('--db postgres needs --database-url or DATABASE_URL.');
    process.exit(2);
  }
  if (sizing) {
    // One API instance, then two, then two with a busy worker: bench/load-sizing.ts.
    const { formatSizingReport, runSizingBench, sizingFailed } = await import('./load-sizing');
    const report = await runSizingBench({ ...sizing, databaseUrl: options.databaseUrl!, connections: options.connections, listings: options.listings, users: options.users });
    console.log(`\n${formatSizingReport(report)}`);
    if (sizingFailed(report)) process.exitCode = 1;
  } else {
    const report = await runLoadBench(options);
    console.log(`\n${formatReport(report)}`);
    if (report.operations.some((o) => o.errors > 0)) process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const serveAt = process.argv.indexOf('--serve');
  if (serveAt >= 0) {
    await serve(JSON.parse(process.argv[serveAt + 1]!) as ServeSetup);
  } else {
    // Not awaited at the top level: bench/load-sizing.ts imports this module, whose evaluation must end first.
    main().catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
  }
}
